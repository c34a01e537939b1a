//! Loopy rule scripts: `grundy solve` answers them by retrograde analysis, and
//! `grundy build` + `grundy solve --db` give the same answers. Checked against an
//! independent brute-force fixpoint of the rules of `examples/games/lollipop.luau`.

use assert_cmd::Command;
use serde_json::Value;

const LOLLIPOP: &str = "../../examples/games/lollipop.luau";

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

fn run(args: &[&str]) -> (bool, String, String) {
    let out = grundy().args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn json(args: &[&str]) -> Value {
    let (ok, out, err) = run(args);
    assert!(ok, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

/// The lollipop graph: the cycle 0-1-2-3-0 and the tail 3-4-5.
const NEIGHBOURS: [&[usize]; 6] = [&[1, 3], &[0, 2], &[1, 3], &[2, 0, 4], &[3, 5], &[4]];

type Pos = (usize, usize, usize);

fn all() -> Vec<Pos> {
    let mut v = Vec::new();
    for c in 0..6 {
        for r in 0..6 {
            for s in 0..2 {
                v.push((c, r, s));
            }
        }
    }
    v
}

fn options((c, r, s): Pos) -> Vec<Pos> {
    if c == r {
        return Vec::new(); // ended by the rule
    }
    if s == 0 {
        std::iter::once(c)
            .chain(NEIGHBOURS[c].iter().copied())
            .map(|c2| (c2, r, 1))
            .collect()
    } else {
        std::iter::once(r)
            .chain(NEIGHBOURS[r].iter().copied().filter(|&r2| r2 != c))
            .map(|r2| (c, r2, 0))
            .collect()
    }
}

/// Outcome ("win", "lose", "draw") and remoteness of every position by plain
/// fixpoint iteration: first outcomes, then the least fixpoint of remoteness.
fn brute_force() -> std::collections::HashMap<Pos, (&'static str, u64)> {
    use std::collections::HashMap;
    let mut value: HashMap<Pos, &'static str> = HashMap::new();
    for p in all() {
        if p.0 == p.1 {
            value.insert(p, if p.2 == 1 { "lose" } else { "win" });
        }
    }
    loop {
        let mut changed = false;
        for p in all() {
            if value.contains_key(&p) {
                continue;
            }
            let os = options(p);
            if os.iter().any(|o| value.get(o) == Some(&"lose")) {
                value.insert(p, "win");
                changed = true;
            } else if os.iter().all(|o| value.get(o) == Some(&"win")) {
                value.insert(p, "lose");
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut rem: HashMap<Pos, u64> = all().into_iter().map(|p| (p, 0)).collect();
    loop {
        let mut changed = false;
        for p in all() {
            let os = options(p);
            let r = match value.get(&p).copied() {
                Some("win") => os
                    .iter()
                    .filter(|o| value.get(*o) == Some(&"lose"))
                    .map(|o| rem[o] + 1)
                    .min(),
                Some("lose") => os.iter().map(|o| rem[o] + 1).max(),
                _ => None,
            };
            if let Some(r) = r {
                if r != rem[&p] {
                    rem.insert(p, r);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    all()
        .into_iter()
        .map(|p| (p, (value.get(&p).copied().unwrap_or("draw"), rem[&p])))
        .collect()
}

fn text((c, r, s): Pos) -> String {
    format!("{c},{r},{s}")
}

fn check(v: &Value, expected: (&str, u64), p: Pos) {
    assert_eq!(v["outcome"], expected.0, "{p:?}: {v}");
    if expected.0 == "draw" {
        // No draw of the lollipop ends by a rule: each is a draw by repetition.
        assert_eq!(v["remoteness"], Value::Null, "{p:?}: {v}");
        assert_eq!(v["remoteness_note"], "no_end", "{p:?}: {v}");
    } else {
        assert_eq!(v["remoteness"], expected.1, "{p:?}: {v}");
    }
}

#[test]
fn lollipop_known_answers() {
    let v = json(&["solve", LOLLIPOP, "start", "--json"]);
    assert_eq!(v["outcome"], "draw", "{v}");
    assert_eq!(v["position"], "0,2,0", "{v}");
    let v = json(&["solve", LOLLIPOP, "3,5,0", "--json"]);
    assert_eq!(
        (v["outcome"].as_str(), v["remoteness"].as_u64()),
        (Some("win"), Some(3)),
        "{v}"
    );
    // Every cop move keeps the robber in the tail; stepping to 4 wins fastest.
    let expected = brute_force();
    let winning: Vec<String> = options((3, 5, 0))
        .into_iter()
        .filter(|o| expected[o].0 == "lose")
        .map(text)
        .collect();
    assert_eq!(winning, ["3,5,1", "2,5,1", "0,5,1", "4,5,1"]);
    assert_eq!(v["winning_moves"], serde_json::json!(winning), "{v}");
    assert_eq!(expected[&(4, 5, 1)], ("lose", 2));
    let (ok, out, _) = run(&["solve", LOLLIPOP, "4,5,1"]);
    assert!(ok && out.contains("outcome:       lose"), "{out}");
    assert!(out.contains("retrograde analysis"), "{out}");
}

#[test]
fn lollipop_solve_agrees_with_brute_force() {
    let expected = brute_force();
    let mut seen = [0; 3];
    for p in all() {
        if p.0 == p.1 && p.2 == 0 {
            continue; // the cop to move on the robber: never reached in play
        }
        let v = json(&["solve", LOLLIPOP, &text(p), "--json"]);
        check(&v, expected[&p], p);
        seen[["win", "lose", "draw"]
            .iter()
            .position(|&o| o == expected[&p].0)
            .unwrap()] += 1;
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "wins, losses and draws all occur: {seen:?}"
    );
}

#[test]
fn lollipop_build_then_solve_from_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lollipop.db");
    let db = db.to_str().unwrap();
    let (ok, out, err) = run(&["build", LOLLIPOP, "--db", db]);
    assert!(ok, "{err}");
    assert!(out.contains("reachable from 0,2,0"), "{out}");
    assert!(!dir.path().join("lollipop.db.tmp").exists());
    let expected = brute_force();
    // Every position reachable from the start, answered from the table as live.
    let mut count = 0;
    for p in all() {
        let (ok, out, err) = run(&["solve", "--db", db, &text(p), "--json"]);
        if !ok {
            assert!(err.contains("not in this table"), "{p:?}: {err}");
            continue;
        }
        count += 1;
        let from_table: Value = serde_json::from_str(&out).unwrap();
        check(&from_table, expected[&p], p);
        assert!(from_table["method"]
            .as_str()
            .unwrap()
            .contains("lookup in the table"));
        let live = json(&["solve", LOLLIPOP, &text(p), "--json"]);
        for key in ["outcome", "remoteness", "winning_moves"] {
            assert_eq!(from_table[key], live[key], "{p:?} {key}");
        }
    }
    assert!(count > 20, "{count}");
    // Naming the game: the script's own name must match the table's.
    let v = json(&["solve", LOLLIPOP, "3,5,0", "--db", db, "--json"]);
    assert_eq!(v["remoteness"], 3, "{v}");
    let (ok, _, err) = run(&["solve", "tictactoe", "start", "--db", db]);
    assert!(
        !ok && err.contains("this table is for 'Chase on a lollipop'"),
        "{err}"
    );
}

#[test]
fn build_any_game_from_a_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sub.db");
    let db = db.to_str().unwrap();
    // A core game with no natural start needs --start.
    let (ok, _, err) = run(&["build", "subtraction:1,2", "--db", db]);
    assert!(!ok && err.contains("--start"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let (ok, out, err) = run(&["build", "subtraction:1,2", "--db", db, "--start", "12"]);
    assert!(ok, "{err}");
    assert!(out.contains("13 positions reachable from 12"), "{out}");
    for n in 0..=12 {
        let live = json(&["solve", "subtraction:1,2", &n.to_string(), "--json"]);
        let table = json(&["solve", "--db", db, &n.to_string(), "--json"]);
        for key in ["outcome", "remoteness", "winning_moves"] {
            assert_eq!(live[key], table[key], "{n} {key}");
        }
    }
    // A TOML game file, from its own start.
    let db2 = dir.path().join("stones.db");
    let (ok, _, err) = run(&[
        "build",
        "../../examples/games/stones.toml",
        "--db",
        db2.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    // A table game refuses --start.
    let (ok, _, err) = run(&["build", "tictactoe", "--db", db, "--start", "x........"]);
    assert!(!ok && err.contains("--start"), "{err}");
}
