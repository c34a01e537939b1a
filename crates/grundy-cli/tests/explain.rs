//! `grundy explain`: strategy trees checked move by move against the solver.

use std::process::Command;

use grundy::dynamic::{parse_game, DynGame};
use grundy::{Outcome, Play};
use serde_json::Value;

fn grundy(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn tree(game: &str, position: &str, depth: usize) -> Value {
    let depth = depth.to_string();
    let (code, out, err) = grundy(&["explain", game, position, "--json", "--depth", &depth]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

/// Check one node and everything below it; `level` counts the winner's moves.
/// Returns the deepest level reached.
fn check(game: &dyn DynGame, node: &Value, level: usize, depth: usize) -> usize {
    let p = game.parse_position(node["position"].as_str().unwrap()).unwrap();
    let a = game
        .analyze(&p, Play::Normal, &grundy::Budget::default())
        .unwrap();
    assert_eq!(node["outcome"], a.outcome.as_str(), "{node}");
    assert!(!node["rule"].as_str().unwrap().is_empty());
    let replies = node["replies"].as_array().unwrap();
    let omitted = node["omitted"].as_u64().unwrap() as usize;
    let options = game.options(&p, &grundy::Budget::default()).unwrap();
    let mut deepest = level;
    if options.is_empty() {
        // Over: no move, nothing below (the outcome is the game's rule).
        assert!(node["move"].is_null() && replies.is_empty(), "{node}");
        return level;
    }
    match a.outcome {
        Outcome::Win => {
            let m = game.parse_position(node["move"].as_str().unwrap()).unwrap();
            assert!(a.winning_moves.contains(&m), "{m} is not a winning move from {p}");
            // The fastest: no winning move has a smaller remoteness.
            let moves = game.moves(&p, Play::Normal, &grundy::Budget::default()).unwrap();
            let r = |x: &grundy::dynamic::DynPosition| {
                moves.iter().find(|i| &i.position == x).unwrap().remoteness
            };
            for w in &a.winning_moves {
                assert!(r(&m) <= r(w), "{m} is slower than {w} from {p}");
            }
            let answers = game.options(&m, &grundy::Budget::default()).unwrap();
            if level < depth {
                assert_eq!(replies.len() + omitted, answers.len(), "{node}");
            } else {
                assert!(replies.is_empty(), "depth {depth} exceeded at {p}");
            }
            for r in replies {
                let q = game.parse_position(r["position"].as_str().unwrap()).unwrap();
                assert!(answers.contains(&q), "{q} is not a reply to {m}");
                deepest = deepest.max(check(game, r, level + 1, depth));
            }
        }
        Outcome::Lose => {
            assert!(node["move"].is_null());
            assert_eq!(replies.len() + omitted, options.len(), "{node}");
            for r in replies {
                let q = game.parse_position(r["position"].as_str().unwrap()).unwrap();
                assert!(options.contains(&q), "{q} is not a move from {p}");
                deepest = deepest.max(check(game, r, level, depth));
            }
        }
        Outcome::Draw => unreachable!("no draws in these games"),
    }
    deepest
}

fn check_all(game_text: &str, positions: &[String], depth: usize) {
    let game = parse_game(game_text).unwrap();
    for p in positions {
        let t = tree(game_text, p, depth);
        assert_eq!(t["game"], game.name());
        let deepest = check(game.as_ref(), &t, 1, depth);
        assert!(deepest <= depth);
    }
}

#[test]
fn nim_trees() {
    let mut ps = Vec::new();
    for a in 0..=4 {
        for b in 0..=4 {
            ps.push(format!("{a},{b},3"));
        }
    }
    check_all("nim", &ps, 2);
}

#[test]
fn subtraction_trees() {
    let ps: Vec<String> = (0..=20).map(|n| n.to_string()).collect();
    check_all("subtraction:1,3,4", &ps, 3);
    check_all("subtraction:1,3,4", &["6,9".to_string()], 2);
}

#[test]
fn euclid_and_wythoff_trees() {
    let mut ps = Vec::new();
    for a in 1..=8 {
        for b in 1..=8 {
            ps.push(format!("{a},{b}"));
        }
    }
    check_all("euclid", &ps, 3);
    check_all("wythoff", &ps, 2);
}

#[test]
fn digit_game_trees() {
    let ps: Vec<String> = (0..10).map(|n| n.to_string()).collect();
    check_all("digits:turns=3,width=1", &ps, 2);
}

#[test]
fn rules_are_named() {
    let t = tree("nim", "5,3", 1);
    assert_eq!(t["move"], "3,3");
    assert_eq!(t["rule"], "moves to nim-sum 0 (heap 5 -> 3)");
    let t = tree("subtraction:1,3,4", "13", 1);
    assert_eq!(
        t["rule"],
        "n = 13 is 6 mod 7, and P-positions are 0 and 2 mod 7: move to 9"
    );
    let t = tree("euclid", "3,10", 1);
    assert_eq!(
        t["rule"],
        "quotient 10/3 = 3 >= 2: the player to move controls the game"
    );
    let t = tree("digits:turns=3,width=1", "4", 1);
    assert!(t["rule"].as_str().unwrap().contains("lost for the opponent"));
}

#[test]
fn replies_are_capped() {
    let (code, out, _) = grundy(&["explain", "nim", "30,31", "--replies", "5"]);
    assert_eq!(code, 0);
    assert!(out.contains("... and 55 more, omitted"), "{out}");
    let t: Value =
        serde_json::from_str(&grundy(&["explain", "nim", "30,31", "--replies", "5", "--json"]).1).unwrap();
    assert_eq!(t["replies"].as_array().unwrap().len(), 5);
    assert_eq!(t["omitted"], 55);
}

#[test]
fn text_snapshots() {
    for (name, args) in [
        ("nim", &["nim", "5,3"][..]),
        (
            "subtraction_loss",
            &["subtraction:1,3,4", "14", "--replies", "2"][..],
        ),
        ("euclid", &["euclid", "5,8", "--depth", "3"][..]),
        ("wythoff", &["wythoff", "4,9", "--depth", "1"][..]),
    ] {
        let mut all = vec!["explain"];
        all.extend_from_slice(args);
        let (code, out, err) = grundy(&all);
        assert_eq!(code, 0, "{err}");
        insta::assert_snapshot!(name, out);
    }
}

#[test]
fn bad_arguments_exit_2() {
    for args in [
        &["explain", "nim", "3", "--depth", "0"][..],
        &["explain", "nim", "3", "--depth", "99"][..],
        &["explain", "nim", "3", "--replies", "0"][..],
        &["explain", "nim", "x"][..],
        &["explain", "euclid", "0,0"][..],
    ] {
        let (code, _, err) = grundy(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.starts_with("error"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn big_positions_use_outcomes_only() {
    // Too big to search: the tree comes from closed-form outcomes, quickly.
    let game = parse_game("nim").unwrap();
    let t = tree("nim", "100,200,300", 2);
    let p = game.parse_position("100,200,300").unwrap();
    let m = game.parse_position(t["move"].as_str().unwrap()).unwrap();
    assert!(game
        .analyze(&p, Play::Normal, &grundy::Budget::default())
        .unwrap()
        .winning_moves
        .contains(&m));
    assert_eq!(t["replies"].as_array().unwrap().len(), 20);
    assert!(t["remoteness"].is_null());
}
