//! Partizan games end to end: `value`, `calc`, `thermograph`, `--first`, `play --as`,
//! on a Luau script and the calculator; the built-in partizan families are run by
//! `twins.rs` and checked in the core's tests.

use serde_json::Value;

const STRING: &str = "../../examples/games/hackenbush-string.luau";

use crate::common;

use common::{fails, fails_with, json, ok as stdout};

/// The calculator against facts of the literature (Winning Ways, Lessons in Play).
#[test]
fn calculator_facts() {
    let cases = [
        ("{0|*}", "^"),
        ("{*|0}", "v"),
        ("^ + ^", "^^"),
        ("^ + *", "^*"),
        ("*2 + *3", "*"),
        ("{0,*|0,*}", "*2"),
        ("{0|1}", "1/2"),
        ("1/2 + 1/2", "1"),
        ("{1|-1}", "±1"),
        ("{1|-1} - {1|-1}", "0"),
        ("cool({3|-1}, 1)", "1±1"),
        ("cool({1|-1}, 1)", "*"),
        ("heat(*, 1)", "±1"),
        ("temp({2|-1})", "3/2"),
        ("mean({2|-1})", "1/2"),
        ("aw(^)", "1"),
        ("rcf({1|*})", "1/2±1/2"),
        ("{0||0|-1}", "Tiny(1)"),
        ("kayles(7)", "*2"),
        ("nim(3,5) + *6", "0"),
    ];
    for (expression, value) in cases {
        assert_eq!(stdout(&["calc", expression]).trim(), value, "calc {expression}");
    }
    for (expression, truth) in [
        ("{0|*} >= ^", "true"),
        ("^ > 0", "true"),
        ("* || 0", "true"),
        ("^* || 0", "true"),
        ("^ >= *", "false"),
        ("{1|-1} == {1|-1}", "true"),
    ] {
        assert_eq!(stdout(&["calc", expression]).trim(), truth, "calc {expression}");
    }
    assert_eq!(stdout(&["calc", "^^*", "--unicode"]).trim(), "⇑*");
}

/// Loopy values in CGSuite's notation (issue 46's acceptance: `{0|pass}` is over,
/// `{pass|} + {|pass}` is dud).
#[test]
fn calculator_loopy_values() {
    for (expression, value) in [
        ("{0|pass}", "over"),
        ("{pass|} + {|pass}", "dud"),
        ("a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}"),
        ("over - over", "over & under"),
        ("a{{|a}|}", "1 & 0"),
        ("degree({pass|3/2})", "over"),
    ] {
        assert_eq!(stdout(&["calc", expression]).trim(), value, "calc {expression}");
    }
    assert_eq!(stdout(&["calc", "over > ^"]).trim(), "true");
    fails_with(&["calc", "{0|pass"], "column 1");
    fails_with(&["calc", "{0|b}"], "unknown name 'b'");
    fails_with(&["calc", "off & on"], "onside");
}

#[test]
fn calculator_errors_are_one_line() {
    fails_with(&["calc", "{1|"], "unclosed");
    fails_with(&["calc", "1 +"], "column");
    fails_with(&["calc", "nosuchgame(3)"], "nosuchgame");
    fails_with(&["calc", "kayles(x)"], "kayles");
    fails_with(&["calc", "cool({1|-1}, -1)"], "cool");
}

#[test]
fn value_of_a_script_position_with_its_theory() {
    let v = json(&["value", STRING, "_LRR", "--json"]);
    assert_eq!(v["canonical"], "1/4");
    assert_eq!(v["outcome_class"], "L");
    assert_eq!(v["mean"], "1/4");
    assert_eq!(v["temperature"], "-1/4");
    assert_eq!(v["birthday"], 3);
    assert_eq!(v["atomic_weight"], Value::Null);
    let v = json(&["value", "kayles", "7", "--json"]);
    assert_eq!(v["canonical"], "*2");
    assert_eq!(v["atomic_weight"], "0");
    assert_eq!(v["outcome_class"], "N");
}

/// With values of either sign the player to move matters: `--first` chooses.
#[test]
fn either_side_first() {
    // _RL = -1/2: Right wins whoever starts.
    for first in ["left", "right"] {
        let v = json(&["solve", STRING, "_RL", "--first", first, "--json"]);
        assert_eq!(v["winner"], "right", "{first} first");
        assert_eq!(v["to_move"], first);
        assert_eq!(v["value"], "-1/2");
    }
    let text = stdout(&["solve", STRING, "_LR", "--first", "right"]);
    assert!(text.contains("to move:       Right"), "{text}");
    assert!(text.contains("winner:        Left"), "{text}");
    let moves = json(&["moves", STRING, "_LRL", "--first", "right", "--json"]);
    assert_eq!(moves["moves"].as_array().unwrap().len(), 1, "{moves}");
    fails_with(
        &["solve", "nim", "3,4", "--first", "right"],
        "--first is for partizan games",
    );
}

#[test]
fn thermograph_files() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("t.svg");
    let out = stdout(&["thermograph", "--value", "{2|-1}", "--out", svg.to_str().unwrap()]);
    assert!(out.contains("mean 1/2, temperature 3/2"), "{out}");
    let text = std::fs::read_to_string(&svg).unwrap();
    roxmltree::Document::parse(&text).expect("well-formed SVG");
    let png = dir.path().join("t.png");
    stdout(&["thermograph", STRING, "_LR", "--out", png.to_str().unwrap()]);
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    fails_with(&["thermograph", "--value", "{2|", "--out", "x.svg"], "unclosed");
    fails_with(&["thermograph", "--value", "1", "--out", "x.gif"], ".png or .svg");
    assert!(!std::path::Path::new("x.svg").exists());
}

#[test]
fn play_as_right_through_a_pipe() {
    // _LRR = 1/4: Left wins whoever starts, so the engine (Left) beats us as Right.
    let out = common::with_input(&["play", STRING, "_LRR", "--as", "right"], "#1\n#1\n#1\n");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("winner: engine"), "{text}");
}

#[test]
fn build_refuses_partizan_games() {
    fails_with(&["build", STRING, "--db", "never.db"], "partizan");
    assert!(!std::path::Path::new("never.db").exists());
}

/// A board too large for the memoized search of play goes to the outcome search:
/// its outcome class agrees with the canonical value's, for either side first,
/// and its winning move is a move the opponent then loses.
#[test]
fn outcome_search_agrees_with_the_value() {
    for (rows, cols) in [(4, 5), (5, 4), (5, 5), (3, 7)] {
        let game = format!("domineering:rows={rows},cols={cols}");
        let value = json(&["value", &game, "start", "--json"]);
        let class = value["outcome_class"].as_str().expect("a class").to_string();
        for first in ["left", "right"] {
            let solved = json(&["solve", &game, "start", "--first", first, "--json"]);
            let method = solved["method"].as_str().unwrap();
            assert!(method.starts_with("outcome search"), "{game} {first}: {method}");
            assert_eq!(solved["outcome_class"], class.as_str(), "{game} {first}");
            let wins = solved["outcome"] == "win";
            let moves = solved["winning_moves"].as_array().unwrap();
            assert_eq!(moves.len(), usize::from(wins), "{game} {first}: {solved}");
            if let Some(m) = moves.first() {
                let reply = if first == "left" { "right" } else { "left" };
                let after = json(&["solve", &game, m.as_str().unwrap(), "--first", reply, "--json"]);
                assert_eq!(after["outcome"], "lose", "{game} {first}: {m} does not win");
            }
        }
    }
    // Beyond its value: the class from play with each side first, no value.
    let solved = json(&["solve", "domineering:rows=6,cols=6", "start", "--json"]);
    assert_eq!(solved["outcome_class"], "N");
    assert_eq!(solved["value"], Value::Null);
    assert_eq!(solved["winner"], "left");
}

/// `moves` and `play` on a board beyond the memoized search take each move's
/// outcome from the outcome search, as `solve` does (they refused where `solve`
/// answered at once): a move wins when the opponent, moving first after it,
/// loses, and `solve` agrees move by move.
#[test]
fn moves_and_play_use_the_outcome_search_as_solve_does() {
    let game = "domineering:rows=5,cols=5";
    // The empty board is P: none of Left's moves wins.
    let start = json(&["moves", game, "start", "--json"]);
    let start = start["moves"].as_array().unwrap();
    assert!(start.len() >= 10, "{start:?}");
    assert!(start.iter().all(|m| m["wins"] == false), "{start:?}");
    // After Left's a1, Right wins, and exactly by the moves after which Left
    // moving first loses.
    let after_a1 = "#....|#....|.....|.....|.....";
    let moves = json(&["moves", game, after_a1, "--first", "right", "--json"]);
    let moves = moves["moves"].as_array().unwrap();
    assert!(moves.iter().any(|m| m["wins"] == true), "{moves:?}");
    for m in moves {
        let position = m["position"].as_str().unwrap();
        let solved = json(&["solve", game, position, "--first", "left", "--json"]);
        assert_eq!(m["wins"], solved["outcome"] == "lose", "{position}: {solved}");
    }
    // The engine, Right, answers Left's a1 with a winning move.
    let out = common::with_input(&["play", game], "a1\nquit\n");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let reply = text
        .lines()
        .find_map(|l| l.strip_prefix("engine: "))
        .and_then(|l| l.split(" -> ").nth(1))
        .and_then(|l| l.strip_suffix(" (Left to move)"))
        .unwrap_or_else(|| panic!("no reply: {text}"));
    let solved = json(&["solve", game, reply, "--first", "left", "--json"]);
    assert_eq!(solved["outcome"], "lose", "{reply}: {solved}");
}

/// Boards beyond 64 cells (up to 128, sides of at most 16) are searched on
/// 128-bit boards: a 9x9 board whose empty cells are a 5x6 rectangle is that
/// rectangle's class (R: -3/2), and the empty 9x9 runs under the budget and
/// says which limit stopped it.
#[test]
fn boards_beyond_64_cells_are_searched() {
    let filled = "#########|".repeat(4);
    let board = format!("{filled}###......|###......|###......|###......|###......");
    for first in ["left", "right"] {
        let solved = json(&[
            "solve",
            "domineering:rows=9,cols=9",
            &board,
            "--first",
            first,
            "--json",
        ]);
        assert_eq!(solved["outcome_class"], "R", "{first}: {solved}");
        assert_eq!(solved["winner"], "right", "{first}: {solved}");
    }
    let e = fails(&[
        "solve",
        "domineering:rows=9,cols=9",
        "start",
        "--max-work",
        "1000",
    ]);
    assert!(e.contains("--max-work"), "{e}");
    // The outcome search counts its nodes as positions too (once unheeded: the
    // run went on for many minutes; the work limit, far above, ends it then).
    let e = fails(&[
        "solve",
        "domineering:rows=9,cols=9",
        "start",
        "--max-positions",
        "1000",
        "--max-work",
        "200000",
    ]);
    assert!(e.contains("--max-positions"), "{e}");
    fails_with(&["solve", "domineering:rows=12,cols=11", "start"], "132 cells");
}

/// `solve --checkpoint FILE`: a search stopped by its budget saves itself, and
/// the same command carries on until it answers as one search does; a file
/// of another board, or damaged, is refused in one line.
#[test]
fn a_checkpointed_solve_carries_on() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("7x7.ckpt");
    let file = file.to_str().unwrap();
    let game = "domineering:rows=7,cols=7";
    let whole = json(&["solve", game, "start", "--json"]);
    let mut stops = 0;
    let answer = loop {
        let out = common::grundy(&[
            "solve",
            game,
            "start",
            "--json",
            "--checkpoint",
            file,
            "--max-work",
            "300",
        ]);
        if out.status.success() {
            break serde_json::from_slice::<Value>(&out.stdout).unwrap();
        }
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--max-work") && err.contains("is saved in"), "{err}");
        stops += 1;
        assert!(stops < 20, "no end after {stops} stops");
    };
    assert!(stops >= 2, "{stops} stops");
    for key in ["outcome", "outcome_class", "winner"] {
        assert_eq!(answer[key], whole[key], "{key}");
    }
    fails_with(
        &[
            "solve",
            "domineering:rows=6,cols=7",
            "start",
            "--checkpoint",
            file,
        ],
        "7x7 board, not 6x7",
    );
    let mut bytes = std::fs::read(file).unwrap();
    bytes[100] ^= 4;
    std::fs::write(file, &bytes).unwrap();
    fails_with(&["solve", game, "start", "--checkpoint", file], "checksum");
    fails_with(
        &["solve", "nim", "3", "--checkpoint", file],
        "keeps no outcome search",
    );
}

/// `build --regions N` writes Domineering's endgame database and `solve
/// --regions FILE` answers with it as without; a damaged, cut or foreign
/// file, or a game without such tables, is refused in one line.
#[test]
fn a_database_of_regions_is_built_and_used() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("regions.bin");
    let file = file.to_str().unwrap();
    let summary = stdout(&["build", "domineering", "--regions", "6", "--db", file]);
    // Free polyominoes of 1 to 6 cells (OEIS A000105): 1 + 1 + 2 + 5 + 12 + 35.
    assert!(summary.contains("56 regions of at most 6 cells"), "{summary}");
    for position in ["start", "....|.#..|....|..#."] {
        let game = "domineering:rows=4,cols=4";
        let with = json(&["solve", game, position, "--regions", file, "--json"]);
        let without = json(&["solve", game, position, "--json"]);
        for key in ["outcome", "outcome_class", "winner", "value"] {
            assert_eq!(with[key], without[key], "{position} {key}");
        }
    }
    let board = "domineering:rows=7,cols=7";
    let with = json(&["solve", board, "start", "--regions", file, "--json"]);
    assert_eq!(
        with["winner"],
        json(&["solve", board, "start", "--json"])["winner"]
    );
    let mut bytes = std::fs::read(file).unwrap();
    let cut = dir.path().join("cut.bin");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let cut = cut.to_str().unwrap();
    fails_with(&["solve", board, "start", "--regions", cut], "checksum");
    bytes[40] ^= 1;
    std::fs::write(file, &bytes).unwrap();
    fails_with(&["solve", board, "start", "--regions", file], "checksum");
    fails_with(
        &["solve", board, "start", "--regions", STRING],
        "not a table of Domineering's regions",
    );
    fails_with(
        &["build", "nim", "--regions", "4", "--db", file],
        "no endgame database of regions",
    );
    fails_with(
        &["build", "domineering", "--regions", "16", "--db", file],
        "1 to 15",
    );
}
