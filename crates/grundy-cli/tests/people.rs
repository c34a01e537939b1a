//! Output for people: counts in the singular and plural, keys that say what they mean,
//! answers that say why something is missing.

use serde_json::Value;

use crate::common;

use common::{json, ok};

/// `grundy play ARGS` with `input` on stdin: its stdout.
fn play(args: &[&str], input: &str) -> String {
    let args: Vec<&str> = std::iter::once("play").chain(args.iter().copied()).collect();
    String::from_utf8(common::with_input(&args, input).stdout).unwrap()
}

#[test]
fn one_move_is_singular() {
    assert!(ok(&["moves", "nim", "1"]).starts_with("1 move from 1\n"));
    assert!(ok(&["moves", "nim", "0"]).starts_with("0 moves from 0\n"));
    assert!(ok(&["moves", "nim", "2"]).starts_with("2 moves from 2\n"));
    let out = play(&["nim", "1"], "moves\nhint\nquit\n");
    assert!(out.contains("\n1 move:\n"), "{out}");
    assert!(out.contains("wins, in 1 move\n"), "{out}");
    let out = play(&["nim", "2"], "moves\nquit\n");
    assert!(out.contains("\n2 moves:\n"), "{out}");
    let out = ok(&["period", "octal:0.06", "--max", "1"]);
    assert!(out.contains("in the 1 value computed"), "{out}");
    assert!(!out.contains("1 values"), "{out}");
}

#[test]
fn period_says_one_range_and_documented_keys() {
    // The text, the rule and the JSON say the same thing about the values used.
    let out = ok(&["period", "kayles"]);
    assert!(
        out.contains("checked to:  168 values, G(0) .. G(167): what the proof uses\n"),
        "{out}"
    );
    assert!(out.contains("from G(0) .. G(167)."), "{out}");
    assert!(!out.contains("G(0.."));
    let out = ok(&["period", "lasker"]);
    assert!(
        out.contains("checked to:  no values needed (a theorem)\n"),
        "{out}"
    );
    let out = ok(&["period", "grundy", "--max", "300"]);
    assert!(
        out.contains("checked to:  300 values computed, G(0) .. G(299)\n"),
        "{out}"
    );

    // Every key is documented; `computed` (the --max setting for all-but games) is gone.
    let keys = |v: &Value| -> Vec<String> { v.as_object().unwrap().keys().cloned().collect() };
    let help = ok(&["period", "--help"]);
    for args in [
        &["period", "allbut:1,2", "--json"][..],
        &["period", "grundy", "--max", "300", "--json"],
    ] {
        let v = json(args);
        for k in keys(&v) {
            assert!(help.contains(&k), "key {k} of {args:?} is not in the help");
        }
        assert!(v.get("computed").is_none(), "{v}");
    }
    let v = json(&["period", "allbut:1,2", "--json"]);
    assert_eq!(v["checked_to"], 5);
    assert_eq!(v["apparent"], Value::Null);
}

#[test]
fn json_is_one_flag_on_every_command_that_prints_results() {
    let long = ok(&["values", "kayles", "--to", "5", "--format", "json"]);
    assert_eq!(ok(&["values", "kayles", "--to", "5", "--json"]), long);
    common::fails_with(
        &["values", "kayles", "--to", "5", "--json", "--format", "csv"],
        "--json",
    );
    common::fails_with(
        &["values", "kayles", "--to", "5", "--json", "--out", "x.bin"],
        "--json",
    );
    for args in [
        &["solve", "nim", "1,2"][..],
        &["moves", "nim", "1,2"],
        &["values", "nim", "--to", "3"],
        &["period", "kayles"],
        &["explain", "nim", "1,2"],
        &["value", "domineering", "..|.."],
    ] {
        let mut with = args.to_vec();
        with.push("--json");
        json(&with);
    }
    let v = json(&["calc", "{1|-1} + ^*", "--json"]);
    assert_eq!(v["value"], "{1^*|-1^*}");
    let v = json(&["calc", "{0|*} >= ^", "--json"]);
    assert_eq!(v["value"], true);
}

#[test]
fn winning_moves_not_listed_say_so_in_place() {
    let out = ok(&["solve", "kayles", "1000000000000"]);
    assert!(
        out.contains(
            "winning moves: not listed for heaps this large (a heap of 1000000000000 has more than 1000000 options to examine)\n"
        ),
        "{out}"
    );
    assert!(!out.contains("winning moves: none"), "{out}");
    let v = json(&["solve", "kayles", "1000000000000", "--json"]);
    assert_eq!(v["winning_moves"], Value::Null, "{v}");
    assert!(
        v["winning_moves_note"]
            .as_str()
            .unwrap()
            .contains("options to examine"),
        "{v}"
    );
    // Some listed, not all: the list and the note.
    let v = json(&["solve", "kayles", "1000000000000,3", "--json"]);
    assert_eq!(v["winning_moves"], serde_json::json!(["1000000000000,1"]), "{v}");
    assert!(v["winning_moves_note"].is_string(), "{v}");
    let out = ok(&["solve", "kayles", "1000000000000,3"]);
    assert!(
        out.contains("winning moves: 1000000000000,1 (not all listed: a heap of"),
        "{out}"
    );
    // A lost position: no winning move, and nothing withheld.
    let v = json(&["solve", "kayles", "1000000000000,1000000000000", "--json"]);
    assert_eq!(v["winning_moves"], serde_json::json!([]), "{v}");
    assert!(v.get("winning_moves_note").is_none(), "{v}");
    assert!(ok(&["solve", "kayles", "4,4"]).contains("winning moves: none\n"));
}

#[test]
fn unknown_remoteness_has_a_footnote() {
    let out = ok(&["moves", "nim", "100000,100000,7"]);
    assert!(out.contains("     ?  "), "{out}");
    assert!(
        out.ends_with("?: remoteness unknown (too many positions to search, and no closed form gives it)\n"),
        "{}",
        &out[out.len() - 200..]
    );
    // Every remoteness known: no footnote.
    assert!(!ok(&["moves", "nim", "3,4"]).contains("?:"));
}
