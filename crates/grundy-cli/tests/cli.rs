//! The `grundy` command end to end: output shapes, JSON keys, and bad input.

use serde_json::Value;

use crate::common;

use common::{fails_with, grundy, json};

#[test]
fn solve_json_has_the_documented_keys() {
    let v = json(&["solve", "subtraction:1,3,4", "9", "--json"]);
    assert_eq!(v["outcome"], "lose");
    assert_eq!(v["winner"], "second");
    assert_eq!(v["nimber"], 0);
    assert!(v["remoteness"].is_u64());
    assert_eq!(v["winning_moves"], serde_json::json!([]));

    let v = json(&["solve", "nim", "3,4,5", "--json"]);
    assert_eq!(v["outcome"], "win");
    assert_eq!(v["winner"], "first");
    assert_eq!(v["nimber"], 2);
    assert_eq!(v["winning_moves"], serde_json::json!(["1,4,5"]));
}

#[test]
fn solve_answers_huge_positions_exactly() {
    let v = json(&["solve", "subtraction:1,3,4", "1000000000000000000", "--json"]);
    assert_eq!(v["outcome"], "win");
    assert_eq!(v["winning_moves"], serde_json::json!(["999999999999999999"]));
    let v = json(&["solve", "euclid", "9223372036854775807,1", "--json"]);
    assert_eq!(v["outcome"], "win");
    assert_eq!(v["remoteness"], 1);
    let v = json(&["solve", "wythoff", "999,1617", "--json"]);
    assert_eq!(v["outcome"], "lose");
}

#[test]
fn misere_nim_follows_its_rule() {
    assert_eq!(
        json(&["solve", "nim", "1,1,1", "--misere", "--json"])["outcome"],
        "lose"
    );
    assert_eq!(
        json(&["solve", "nim", "1,1", "--misere", "--json"])["outcome"],
        "win"
    );
    let v = json(&["solve", "nim", "2,1", "--misere", "--json"]);
    assert_eq!(v["outcome"], "win");
    assert_eq!(v["winning_moves"], serde_json::json!(["0,1"]));
    assert_eq!(v["nimber"], Value::Null);
}

#[test]
fn partizan_games_have_no_nimber_and_start_positions() {
    let v = json(&["solve", "digits:turns=3", "1234", "--json"]);
    assert_eq!(v["nimber"], Value::Null);
    assert_eq!(v["remoteness"], 3);
    fails_with(&["solve", "digits:turns=3", "start"], "no natural start");
}

#[test]
fn moves_lists_every_option() {
    let out = grundy(&["moves", "subtraction:1,3,4", "10", "--json"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    let winning: Vec<_> = moves
        .iter()
        .filter(|m| m["wins"] == true)
        .map(|m| m["position"].clone())
        .collect();
    assert_eq!(winning, vec![Value::from("9"), Value::from("7")]);
    let text = String::from_utf8(grundy(&["moves", "euclid", "25,7"]).stdout).unwrap();
    assert!(text.contains("<- wins"), "{text}");
}

#[test]
fn values_in_three_formats() {
    let csv = String::from_utf8(
        grundy(&[
            "values",
            "subtraction:1,3,4",
            "--from",
            "0",
            "--to",
            "7",
            "--format",
            "csv",
        ])
        .stdout,
    )
    .unwrap();
    assert_eq!(csv.lines().next(), Some("heap,outcome,nimber"));
    assert_eq!(csv.lines().nth(3), Some("2,lose,0"));
    let v = json(&["values", "split", "--to", "5", "--format", "json"]);
    assert_eq!(v["values"].as_array().unwrap().len(), 6);
    let v = json(&[
        "values",
        "subtraction:1,3,4",
        "--from",
        "1000000000000000000",
        "--to",
        "1000000000000000001",
        "--format",
        "json",
    ]);
    assert_eq!(v["values"][1]["outcome"], "lose");
}

#[test]
fn bad_input_is_one_line_and_exit_status_2() {
    fails_with(&["solve", "chess", "1"], "unknown game 'chess'");
    fails_with(&["solve", "subtraction:1,x", "3"], "'x'");
    fails_with(&["solve", "subtraction:0,2", "3"], "0 is not a move");
    fails_with(&["solve", "subtraction:", "3"], "empty");
    fails_with(&["solve", "nim", "3,-1"], "negative");
    fails_with(&["solve", "nim", "99999999999999999999"], "out of range");
    fails_with(&["solve", "nim", "3,,4"], "not an integer");
    fails_with(&["solve", "euclid", "1,2,3"], "two numbers");
    fails_with(&["solve", "euclid", "0,0"], "positive");
    fails_with(&["solve", "wythoff", "5000000000000000000,1"], "at most");
    fails_with(&["solve", "digits:turns=2", "12345"], "4 digits");
    fails_with(&["solve", "digits:width=4", "1234"], "turns=M is required");
    fails_with(&["solve", "digits:turns=3,width=0", "1"], "width");
    fails_with(&["solve", "digits:turns=3,colour=2", "1"], "unknown parameter");
    fails_with(&["solve", "nim:3", "1"], "takes no parameters");
    fails_with(&["values", "euclid", "--to", "5"], "not a heap game");
    fails_with(&["values", "nim", "--from", "5", "--to", "1"], "empty range");
    fails_with(&["solve", "split", "20000000"], "too large");
    fails_with(&["solve", "nim"], "POSITION");
    fails_with(&["solve", "nim", "1", "--bogus"], "--bogus");
    fails_with(&["solve"], "<GAME>");
    fails_with(&["values", "nim"], "--to");
    fails_with(&["values", "nim", "--to", "x"], "'x'");
    fails_with(&["frobnicate"], "frobnicate");
}

/// `--threads` sets the threads of the searches that run on all cores (before
/// the command or after it); the answer is the same on one thread or several.
#[test]
fn threads_change_the_time_not_the_answer() {
    for threads in ["1", "2"] {
        let v = json(&[
            "--threads",
            threads,
            "solve",
            "domineering:rows=7,cols=8",
            "start",
            "--json",
        ]);
        assert_eq!(v["outcome_class"], "R", "{threads} threads: {v}");
        let v = json(&[
            "solve",
            "domineering:rows=7,cols=8",
            "start",
            "--json",
            "--threads",
            threads,
        ]);
        assert_eq!(v["outcome_class"], "R", "{threads} threads: {v}");
    }
    fails_with(&["--threads", "0", "solve", "nim", "1"], "--threads");
    fails_with(&["solve", "nim", "1", "--threads", "x"], "'x'");
}

#[test]
fn help_documents_the_syntax() {
    let out = String::from_utf8(grundy(&["help", "solve"]).stdout).unwrap();
    assert!(out.contains("POSITION is comma-separated integers"), "{out}");
    assert!(out.contains("subtraction:S1,S2"), "{out}");
}

#[test]
fn huge_inputs_are_answered_or_refused_never_hang() {
    // Closed forms answer; searches that would not end are skipped: the remoteness
    // comes from the winning move's (take the heap: 1 move), or is null with the reason.
    let v = json(&["solve", "nim", "1000000", "--json"]);
    assert_eq!(v["outcome"], "win");
    assert_eq!(v["remoteness"], 1);
    let v = json(&["solve", "nim", "1000000,1000000,7", "--json"]);
    assert_eq!(v["remoteness"], Value::Null);
    assert_eq!(v["remoteness_note"], "too_large");
    assert_eq!(
        json(&["solve", "allbut:3", "1000000", "--json"])["outcome"],
        "win"
    );
    assert_eq!(
        json(&["solve", "subtraction:1000000", "5", "--json"])["outcome"],
        "lose"
    );
    assert_eq!(
        json(&[
            "solve",
            "kayles",
            "9223372036854775807,9223372036854775807,2",
            "--json"
        ])["nimber"],
        2
    );
    fails_with(&["values", "nim", "--to", "1000000000000000000"], "--out");
    fails_with(&["moves", "nim", "1000000000"], "too many to list");
    fails_with(&["moves", "euclid", "1,9223372036854775807"], "too many to list");
    fails_with(&["solve", "hex:0.F6", "100000"], "three heaps");
    fails_with(&["solve", "nim", "1\n2"], "bad position");
}

#[test]
fn take_and_break_sums_are_searched_over_multisets_of_heaps() {
    // Misère play beyond 20 tokens, and the remoteness of normal play, by search.
    let v = json(&["solve", "kayles", "21", "--misere", "--json"]);
    assert_eq!(
        (v["outcome"].as_str(), v["remoteness"].as_u64()),
        (Some("win"), Some(16))
    );
    assert_eq!(v["winning_moves"], serde_json::json!(["20", "4,16", "10,10"]));
    let v = json(&["solve", "kayles", "21", "--json"]);
    assert_eq!(v["remoteness"].as_u64(), Some(17));
    // Winning moves stay in the user's heap order.
    let v = json(&["solve", "kayles", "7,7,7", "--misere", "--json"]);
    assert_eq!(v["remoteness"].as_u64(), Some(16));
    assert_eq!(
        v["winning_moves"],
        serde_json::json!(["3,3,7,7", "1,4,7,7", "7,3,3,7", "7,1,4,7", "7,7,3,3", "7,7,1,4"])
    );
    for (game, position) in [("dawson", "30"), ("grundy", "21"), ("octal:0.137", "21")] {
        let v = json(&["solve", game, position, "--misere", "--json"]);
        assert_eq!(v["outcome"], "lose", "{game} {position}");
    }
}

#[test]
fn period_with_max_computes_what_it_asks_whatever_the_work() {
    let v = json(&["period", "octal:0.06", "--max", "5000", "--json"]);
    assert_eq!(v["checked_to"].as_u64(), Some(5000));
    assert!(v["rule"].as_str().unwrap().ends_with("(raise --max)."));
}

/// The position with nothing left is named in text, never printed as blank; JSON
/// keeps POSITION syntax (the empty string).
#[test]
fn the_empty_position_is_named_in_text() {
    let text = common::ok(&["solve", "kayles", "1"]);
    assert!(text.contains("winning moves: (empty)"), "{text}");
    let table = common::ok(&["moves", "kayles", "2"]);
    assert!(table.lines().any(|l| l.contains(" (empty) ")), "{table}");
    assert_eq!(json(&["solve", "kayles", "1", "--json"])["winning_moves"][0], "");
}

/// Completions and the manual page come from the same definitions as the command.
#[test]
fn completions_and_manual_page() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = common::ok(&["completions", shell]);
        for sub in ["solve", "value", "calc", "thermograph", "period"] {
            assert!(script.contains(sub), "{shell} completions lack {sub}");
        }
    }
    let bash = common::ok(&["completions", "bash"]);
    assert!(
        bash.contains("--misere") && bash.contains("--first"),
        "flags are completed"
    );
    let man = common::ok(&["man"]);
    assert!(man.contains(".TH grundy 1"), "{}", &man[..200.min(man.len())]);
    assert!(man.contains("thermograph"));
    // Each page the top page lists exists.
    let solve = common::ok(&["man", "solve"]);
    assert!(
        solve.contains(".TH grundy-solve 1"),
        "{}",
        &solve[..200.min(solve.len())]
    );
    assert!(solve.contains("misere"), "the page has the command's flags");
    fails_with(&["man", "bogus"], "no command 'bogus' has a manual page");
    fails_with(&["completions", "tcsh"], "tcsh");
}

/// The budget's flags are shown and taken where a budget applies: on every
/// analysis and at the top level (before the command), not on `completions` or
/// `man`, which run under none.
#[test]
fn the_budgets_flags_are_on_the_commands_that_use_them() {
    for command in ["solve", "calc", "build", "serve", "values"] {
        let help = common::ok(&[command, "--help"]);
        assert!(
            help.contains("--max-memory") && help.contains("--script-timeout"),
            "{command}: {help}"
        );
    }
    for command in ["completions", "man"] {
        let help = common::ok(&[command, "--help"]);
        assert!(!help.contains("--max-memory"), "{command}: {help}");
        fails_with(&[command, "--max-memory", "1G", "bash"], "--max-memory");
    }
    assert!(
        common::ok(&["man", "solve"]).contains("max\\-memory"),
        "the page lists the flag"
    );
    // Before the command or after it; the command's own wins.
    common::ok(&["--max-positions", "5", "solve", "nim", "3"]);
    fails_with(
        &["--max-positions", "5", "solve", "wythoff", "20,20", "--misere"],
        "--max-positions",
    );
    common::ok(&[
        "--max-positions",
        "5",
        "solve",
        "wythoff",
        "20,20",
        "--misere",
        "--max-positions",
        "2000000",
    ]);
}
