//! Loopy partizan games from the command line: a Luau script whose positions
//! repeat (`examples/games/backsliding.luau`) is solved with draws, and agrees with
//! the built-in family `backsliding` on every strip; Fox and Geese is solved and
//! played by its move names.

use assert_cmd::Command;
use serde_json::Value;

const SCRIPT: &str = "../../examples/games/backsliding.luau";

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = grundy().args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {err}");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_loopy_script_solves_with_a_draw() {
    let out = grundy().args(["solve", SCRIPT, "TTT..FFF"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        text.contains("outcome:       draw for the player to move"),
        "{text}"
    );
    assert!(text.contains("winner:        none"), "{text}");
    assert!(text.contains("outcome class: D"), "{text}");
    assert!(text.contains("retrograde analysis"), "{text}");
}

#[test]
fn the_script_agrees_with_the_family() {
    for strip in ["T.F", "T..F", "TT.F", "T.FF", "TT..F", ".T.F.", "TF.TF", "TT..FF"] {
        for first in ["left", "right"] {
            let script = json(&["solve", SCRIPT, strip, "--first", first, "--json"]);
            let family = json(&["solve", "backsliding", strip, "--first", first, "--json"]);
            for key in ["outcome", "remoteness", "outcome_class", "winning_moves"] {
                assert_eq!(script[key], family[key], "{strip} {first} first: {key}");
            }
        }
    }
}

#[test]
fn a_loopy_value_on_the_command_line() {
    let v = json(&["value", "backsliding", "T.", "--json"]);
    assert_eq!(v["canonical"], "on");
    assert_eq!(v["outcome_class"], "L");
    assert_eq!(v["loopy"], true);
    // A loopy game whose value is short has the whole report.
    let v = json(&["value", SCRIPT, "T..F", "--json"]);
    assert_eq!(v["canonical"], "*");
    assert_eq!(v["temperature"], "0");
}

#[test]
fn fox_and_geese_is_solved_and_played_by_move_names() {
    let solved = json(&[
        "solve",
        "foxgeese:width=4,height=4",
        "start",
        "--first",
        "right",
        "--json",
    ]);
    assert_eq!(solved["outcome"], "lose");
    assert_eq!(solved["winner"], "left");
    let out = grundy()
        .args(["play", "foxgeese:width=4,height=4", "start"])
        .write_stdin("b4-a3\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("b4-a3"), "{text}");
}

#[test]
fn a_thermograph_of_a_loopy_game_whose_value_is_short() {
    let dir = tempfile::tempdir().unwrap();
    let picture = dir.path().join("t.svg");
    let picture = picture.to_str().unwrap();
    let out = grundy()
        .args(["thermograph", "backsliding", "T..F", "--out", picture])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // on is no short game: said so, in one line.
    let out = grundy()
        .args(["thermograph", "backsliding", "T.", "--out", picture])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(err.contains("the loopy on, not a short game"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
}
