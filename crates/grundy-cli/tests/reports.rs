//! Every `--json` the `grundy` binary prints is the object of grundy-api's report
//! for the same inputs (ARCHITECTURE.md: JSON objects are made in one place). The
//! binary is the one cargo builds for these tests, so nothing here is skipped; a
//! new command with `--json` fails `every_json_command_is_compared` until it is
//! compared here.

use std::path::{Path, PathBuf};

use grundy::Budget;
use grundy_api::Options;
use serde_json::Value;

use crate::common::grundy;

/// What `grundy args` (which must succeed) prints: one line of JSON, as text.
/// Compared as text, not as parsed values: parsing a float may round it.
fn cli_json(args: &[&str]) -> Json {
    let out = grundy(args);
    assert!(
        out.status.success(),
        "grundy {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().count(),
        1,
        "grundy {args:?}: one line of JSON: {text}"
    );
    let _: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("grundy {args:?}: {e}: {text}"));
    Json(text.trim_end().to_string())
}

/// A line of JSON, equal to a report's object when it is that object's text.
#[derive(Debug)]
struct Json(String);

impl PartialEq<Value> for Json {
    fn eq(&self, v: &Value) -> bool {
        // Not `self.0 == *v`: a String equals a Value when the Value is that string.
        let text = v.to_string();
        self.0 == text
    }
}

impl Json {
    fn get(&self, key: &str) -> Value {
        serde_json::from_str::<Value>(&self.0).unwrap()[key].clone()
    }

    /// The line without its `seconds`, which two runs cannot share.
    fn timeless(&self) -> Json {
        Json(without_seconds(&self.0))
    }
}

/// `v`'s text without its `seconds`.
fn timeless(v: Value) -> TimelessValue {
    TimelessValue(without_seconds(&v.to_string()))
}

#[derive(Debug)]
struct TimelessValue(String);

impl PartialEq<TimelessValue> for Json {
    fn eq(&self, v: &TimelessValue) -> bool {
        self.0 == v.0
    }
}

/// A top-level `"seconds":NUMBER` cut out of a line of JSON (keys are sorted, so
/// it is in the same place in both texts).
fn without_seconds(text: &str) -> String {
    let key = "\"seconds\":";
    let Some(at) = text.find(key) else {
        return text.to_string();
    };
    let rest = &text[at + key.len()..];
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    match rest[end..].strip_prefix(',') {
        Some(after) => format!("{}{after}", &text[..at]),
        None => format!("{}{}", text[..at].trim_end_matches(','), &rest[end..]),
    }
}

fn budget() -> Budget {
    Budget::default()
}

fn game(text: &str) -> Box<dyn grundy::dynamic::DynGame> {
    grundy_api::load_game(text, &budget()).unwrap()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The commands compared below.
const COMPARED: &[&str] = &[
    "solve",
    "moves",
    "explain",
    "values",
    "period",
    "quotient",
    "value",
    "thermograph",
    "calc",
    "plot",
    "build",
    "merge",
    "play",
];

#[test]
fn every_json_command_is_compared() {
    let help = String::from_utf8(grundy(&["--help"]).stdout).unwrap();
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .collect();
    assert!(commands.len() > 10, "{help}");
    let mut with_json = Vec::new();
    for command in commands {
        let out = grundy(&[command, "--help"]);
        assert!(out.status.success(), "grundy {command} --help");
        if String::from_utf8_lossy(&out.stdout).contains("--json") {
            with_json.push(command);
        }
    }
    let missing: Vec<_> = with_json.iter().filter(|c| !COMPARED.contains(c)).collect();
    assert!(
        missing.is_empty(),
        "--json not compared with grundy-api: {missing:?}"
    );
    for c in COMPARED {
        assert!(with_json.contains(c), "{c} has no --json");
    }
}

#[test]
fn solve_moves_and_explain() {
    let b = budget();
    let normal = Options::default();
    let misere = Options {
        misere: true,
        ..Options::default()
    };
    let right = Options {
        first: Some(grundy::partizan::Side::Right),
        ..Options::default()
    };
    let cases: [(&str, &str, &[&str], &Options); 6] = [
        ("kayles", "7", &[], &normal),
        ("nim", "1,2,3", &["--misere"], &misere),
        ("tictactoe", "x.o.x....", &[], &normal),
        ("connect4:width=4,height=4", "start", &[], &normal),
        ("domineering:rows=3,cols=3", "start", &[], &normal),
        ("domineering", "...|...", &["--first", "right"], &right),
    ];
    for (text, position, flags, o) in cases {
        let g = game(text);
        let g = g.as_ref();
        let args = |command| [&[command, text, position, "--json"][..], flags].concat();
        let want = grundy_api::solve(g, position, o, &b).unwrap().json();
        assert_eq!(cli_json(&args("solve")), want, "solve {text} {position}");
        let want = grundy_api::moves(g, position, o, &b).unwrap().json();
        assert_eq!(cli_json(&args("moves")), want, "moves {text} {position}");
        let explain = [&args("explain")[..], &["--depth", "3", "--replies", "5"]].concat();
        let want = grundy_api::explain(g, position, 3, 5, o, &b).unwrap().json();
        assert_eq!(cli_json(&explain), want, "explain {text} {position}");
    }
}

#[test]
fn heap_games() {
    let b = budget();
    for text in ["kayles", "subtraction:1,3,4", "0.07"] {
        let g = game(text);
        let g = g.as_ref();
        let want = grundy_api::values(g, 3, 40, &b).unwrap().json();
        assert_eq!(
            cli_json(&["values", text, "--from", "3", "--to", "40", "--json"]),
            want
        );
        assert_eq!(
            cli_json(&["values", text, "--from", "3", "--to", "40", "--format", "json"]),
            want
        );
        let want = grundy_api::period(g, None, grundy_octal::Method::Auto, &mut |_| {}, &b)
            .unwrap()
            .json();
        assert_eq!(cli_json(&["period", text, "--json"]), want, "period {text}");
        let want = grundy_api::period(g, Some(30), grundy_octal::Method::Naive, &mut |_| {}, &b)
            .unwrap()
            .json();
        assert_eq!(
            cli_json(&["period", text, "--max", "30", "--method", "naive", "--json"]),
            want,
            "period {text} --max 30"
        );
        let want = grundy_api::quotient(g, 7, &b).unwrap().json();
        assert_eq!(
            cli_json(&["quotient", text, "--max-heap", "7", "--json"]),
            want,
            "quotient {text}"
        );
    }
}

#[test]
fn misere_values() {
    let b = budget();
    for (text, position) in [("kayles", "5"), ("dawson", "10,3"), ("nim", "2,2")] {
        let want = grundy_api::misere_value(game(text).as_ref(), position, &b)
            .unwrap()
            .json();
        assert_eq!(
            cli_json(&["value", text, position, "--misere", "--json"]),
            want,
            "{text} {position}"
        );
    }
}

#[test]
fn values_thermographs_and_the_calculator() {
    let b = budget();
    let dir = tempfile::tempdir().unwrap();
    for (text, position) in [
        ("domineering", "..|.."),
        ("domineering", "...|..#"),
        ("toads", "TT..FF"),
    ] {
        let g = game(text);
        let g = g.as_ref();
        for unicode in [false, true] {
            let want = grundy_api::value(g, position, unicode, &b).unwrap().json();
            let mut args = vec!["value", text, position, "--json"];
            if unicode {
                args.push("--unicode");
            }
            assert_eq!(cli_json(&args), want, "{args:?}");
        }
        let out = dir.path().join("t.svg");
        let got = cli_json(&["thermograph", text, position, "--out", path(&out), "--json"]);
        let bytes = std::fs::metadata(&out).unwrap().len() as usize;
        let want = grundy_api::thermograph(g, position, &b)
            .unwrap()
            .json_written(&out, bytes);
        assert_eq!(got, want, "thermograph {text} {position}");
    }
    let out = dir.path().join("t.png");
    let got = cli_json(&["thermograph", "--value", "{2|-1}", "--out", path(&out), "--json"]);
    let bytes = std::fs::metadata(&out).unwrap().len() as usize;
    let want = grundy_api::thermograph_of_value("{2|-1}", &b)
        .unwrap()
        .json_written(&out, bytes);
    assert_eq!(got, want);

    // The CLI's calculator knows game files too: grundy-api's loader of every game.
    let load = |name: &str, b: &Budget| grundy_api::load_game(name, b);
    for expression in [
        "{1|-1} + ^*",
        "{0|*} >= ^",
        "cool({3|-1}, 1)",
        "domineering(..|..) + *2",
    ] {
        for unicode in [false, true] {
            let want = grundy_api::calc_with(expression, unicode, &load, &b)
                .unwrap()
                .json();
            let mut args = vec!["calc", expression, "--json"];
            if unicode {
                args.push("--unicode");
            }
            assert_eq!(cli_json(&args), want, "calc {expression}");
        }
    }
}

#[test]
fn plots() {
    let b = budget();
    let dir = tempfile::tempdir().unwrap();
    let kayles = game("kayles");
    let wythoff = game("wythoff");
    let cases: [(&str, &str, &str, String); 3] = [
        (
            "kayles",
            "sequence",
            "30",
            grundy_api::nim_sequence(kayles.as_ref(), 30, &b).unwrap().what(),
        ),
        (
            "wythoff",
            "map",
            "12",
            grundy_api::outcome_map(wythoff.as_ref(), 12, &b).unwrap().what(),
        ),
        (
            "digits:width=1",
            "table",
            "6",
            grundy_api::winner_table("digits:width=1", Some(6), &b)
                .unwrap()
                .what(),
        ),
    ];
    for (text, kind, to, what) in cases {
        let out = dir.path().join(format!("{kind}.svg"));
        let got = cli_json(&[
            "plot",
            text,
            "--kind",
            kind,
            "--to",
            to,
            "--out",
            path(&out),
            "--size",
            "400x300",
            "--json",
        ]);
        let want = grundy_api::Picture {
            game: text.into(),
            out: out.clone(),
            format: "SVG".into(),
            width: 400,
            height: 300,
            bytes: std::fs::metadata(&out).unwrap().len() as usize,
            what,
        }
        .json();
        assert_eq!(got, want, "plot {text} --kind {kind}");
    }
}

/// `build` then grundy-api's build of the same table into the same file: the
/// same object but for the time taken.
#[test]
fn tables() {
    let b = budget();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let cases: [(&str, Option<&str>); 3] = [
        ("tictactoe", None),
        ("subtraction:1,2,3", Some("40")),
        ("../../examples/games/lollipop.luau", None),
    ];
    for (text, start) in cases {
        let mut args = vec!["build", text, "--db", path(&db), "--json"];
        args.extend(start.iter().flat_map(|s| ["--start", s]));
        let got = cli_json(&args).timeless();
        let table = grundy_api::TableOptions::default();
        let want = grundy_api::build(game(text).as_ref(), &db, start, table, &mut |_| {}, &b)
            .unwrap()
            .json();
        assert_eq!(got, timeless(want), "build {text}");

        let got = cli_json(&[&args[..], &["--workers", "2"]].concat()).timeless();
        let cluster = grundy_api::Cluster::Threads(2);
        let want = grundy_api::build_distributed(
            game(text).as_ref(),
            &db,
            start,
            &grundy_api::DistOptions::default(),
            &cluster,
            &mut |_| {},
            &b,
        )
        .unwrap()
        .json();
        assert_eq!(got, timeless(want), "build {text} --workers 2");
    }

    // Parts left by the workers, and the table merged from them.
    let text = "tictactoe";
    let apart = dir.path().join("apart.db");
    let got = cli_json(&[
        "build",
        text,
        "--db",
        path(&apart),
        "--workers",
        "2",
        "--no-gather",
        "--json",
    ])
    .timeless();
    let options = grundy_api::DistOptions {
        gather: false,
        ..grundy_api::DistOptions::default()
    };
    let cluster = grundy_api::Cluster::Threads(2);
    let want = grundy_api::build_distributed(
        game(text).as_ref(),
        &apart,
        None,
        &options,
        &cluster,
        &mut |_| {},
        &b,
    )
    .unwrap()
    .json();
    assert_eq!(got, timeless(want), "build --no-gather");
    let parts: Vec<PathBuf> = (0..2)
        .map(|w| dir.path().join(format!("apart.db.part-{w}-of-2")))
        .collect();
    let merged = dir.path().join("merged.db");
    let mut args = vec!["merge", text, "--db", path(&merged), "--json"];
    args.extend(parts.iter().map(|p| path(p)));
    let got = cli_json(&args).timeless();
    let want = grundy_api::merge(game(text).as_ref(), &parts, &merged)
        .unwrap()
        .json();
    assert_eq!(got, timeless(want), "merge");
    assert_eq!(got.get("parts"), 2);
}

/// `play --json` prints one line a event, each grundy-api's `PlayEvent`.
#[test]
fn play_events() {
    use grundy_api::PlayEvent;
    let b = budget();
    let nim = game("nim");
    let g = nim.as_ref();
    let lines = |args: &[&str], input: &str| -> Vec<Json> {
        let out = crate::common::with_input(args, input);
        assert!(out.status.success(), "grundy {args:?}");
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| Json(l.to_string()))
            .collect()
    };
    // Moves listed, a hint, the human's move and the engine's reply, then the
    // human's last move wins.
    let got = lines(&["play", "nim", "1,2", "--json"], "moves\nhint\n2:1\n2:1\n");
    let start = g.parse_position("1,2").unwrap();
    let moves = grundy_api::distinct(
        grundy::explain::options_with_values(g, &start, grundy::Play::Normal, true, &b).unwrap(),
    );
    let position = |p: &str| p.to_string();
    let want = [
        PlayEvent::Start {
            game: "nim".into(),
            position: position("1,2"),
            first: "human",
        },
        PlayEvent::moves(g, &start, &moves),
        PlayEvent::Hint {
            name: Some("2:1".into()),
            position: position("1,1"),
            wins: true,
        },
        PlayEvent::Move {
            player: "human",
            name: Some("2:1".into()),
            position: position("1,1"),
        },
        PlayEvent::Move {
            player: "engine",
            name: Some("1:1".into()),
            position: position("0,1"),
        },
        PlayEvent::Move {
            player: "human",
            name: Some("2:1".into()),
            position: position("0,0"),
        },
        PlayEvent::End {
            winner: Some("human"),
            position: position("0,0"),
        },
    ];
    assert_eq!(got.len(), want.len(), "{got:?}");
    for (got, want) in got.iter().zip(want) {
        assert_eq!(*got, want.json());
    }
    // Help, a line that names no move, an undo, and quitting.
    let got = lines(
        &["play", "nim", "1,2", "--json"],
        "help\nbogus\n2:1\nundo\nquit\n",
    );
    assert_eq!(got.len(), 7, "{got:?}");
    assert_eq!(got[1].get("event"), "help");
    assert_eq!(
        got[1],
        PlayEvent::Help {
            text: got[1].get("text").as_str().unwrap().to_string()
        }
        .json()
    );
    let message = got[2].get("message").as_str().unwrap().to_string();
    assert!(message.contains("bogus"), "{message}");
    assert_eq!(got[2], PlayEvent::Error { message }.json());
    assert_eq!(
        got[5],
        PlayEvent::Undo {
            position: position("1,2")
        }
        .json()
    );
    assert_eq!(got[6], PlayEvent::Abandoned { why: "quit" }.json());
}
