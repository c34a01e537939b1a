//! Inputs the fuzzers and the sweep found slow, each now bounded: a one-line error
//! and exit status 2 within the work limit (small limits here, so the debug build
//! meets them in a moment), and the same inputs within a larger limit still answer.

use crate::common;

use common::{fails_with, ok};

#[test]
fn calculator_sums_of_switches_with_large_nimbers_stop_at_the_work_limit() {
    for e in [
        "{1|*2048} + {*2047|-1}",
        "{1|*300} + {*200|-1} + {2|*100}",
        "{1|*1000} + {*1000|-1} + {1|*500}",
    ] {
        fails_with(
            &["calc", e, "--max-work", "100000"],
            "the limit is 100,000 steps); raise it with --max-work",
        );
    }
    // Sums that fit are unchanged.
    assert_eq!(
        ok(&["calc", "{1|*30} + {*20|-1}", "--max-work", "100000000"]).trim(),
        "{{1*20|0},{1*20|*10}|{0|-1*30},{*10|-1*30}}"
    );
}

#[test]
fn a_value_typed_for_a_thermograph_is_bounded_too() {
    let out = std::env::temp_dir().join(format!("grundy-slow-{}.svg", std::process::id()));
    fails_with(
        &[
            "thermograph",
            "--value",
            "{1|*2048}±{*2047|-1}",
            "--out",
            out.to_str().unwrap(),
        ],
        "steps",
    );
    assert!(!out.exists());
}

#[test]
fn values_of_large_partizan_positions_stop_at_the_work_limit() {
    for (game, position) in [
        ("toads", "T.T..FFT.T..FF...FF"),
        ("clobber", "xoxoxo|oxoxox|xoxoxo|oxoxox"),
        ("domineering", "......|......|......|......|......|......"),
    ] {
        fails_with(
            &["value", game, position, "--max-work", "100000"],
            "the limit is 100,000 steps); raise it with --max-work",
        );
        let e = format!("{game}({position}) + 1");
        fails_with(&["calc", &e, "--max-work", "100000"], "steps");
    }
    // Small ones still answer.
    assert!(ok(&["value", "toads", "TT..FF", "--max-work", "1000000"]).contains("value:"));
}

/// Found by the sweep (tests/sweep.rs): the value of an impartial position is *n,
/// and *n has n options, so a nim-value of billions asked for 2^32 options (an
/// abort) or overflowed (a panic).
#[test]
fn huge_nim_values_are_refused_as_values() {
    fails_with(
        &["value", "allbut:1,2", "9223372036854775807"],
        "too large to build",
    );
    fails_with(&["value", "allbut:1,2", "4294967296"], "too large to build");
    fails_with(&["calc", "nim(4294967296,4,5) + 1"], "too large to build");
    fails_with(&["calc", "lasker(100000000) + 1"], "too large to build");
    let out = std::env::temp_dir().join(format!("grundy-slow-nim-{}.svg", std::process::id()));
    fails_with(
        &["thermograph", "nim", "4453", "--out", out.to_str().unwrap()],
        "too large to build",
    );
    assert!(!out.exists());
    // *2048 is still built.
    assert!(ok(&["value", "nim", "2048"]).contains("*2048"));
}

/// Found by the sweep: each of the 998 options of a heap of 999 in Fibonacci Nim was
/// analysed with a search of its own (minutes); Whinihan's rule answers each.
#[test]
fn fibonacci_moves_from_a_large_heap_use_the_rule_for_each_option() {
    let out = ok(&["moves", "fibonacci", "999", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let moves = v["moves"].as_array().expect("a list of moves");
    assert_eq!(moves.len(), 998);
    // 999 = 987 + 8 + 3 + 1 (Zeckendorf): taking the smallest term, 1, wins.
    let winning: Vec<&str> = moves
        .iter()
        .filter(|m| m["outcome"] == "lose")
        .map(|m| m["position"].as_str().unwrap())
        .collect();
    assert!(winning.contains(&"998,2"), "{winning:?}");
}

/// `solve cutcake 5,5` searched sums of pieces in every order (past the search
/// limit, 10 s); `100,100` ran for half an hour. Positions are now keyed with their
/// pieces sorted (5x5: 10^4 positions), the outcome is the sign of the cake's
/// integer value, and a search beyond the limit is refused before it starts.
#[test]
fn cutcake_answers_from_its_value_and_bounds_its_search() {
    let small = ok(&["solve", "cutcake", "5,5"]);
    assert!(small.contains("remoteness:    10"), "{small}");
    for (cake, winner) in [("100,100", "Right"), ("7,7", "Right"), ("12x4", "Left")] {
        let out = ok(&["solve", "cutcake", cake]);
        assert!(out.contains(&format!("winner:        {winner}")), "{cake}: {out}");
        assert!(out.contains("remoteness:    unknown"), "{cake}: {out}");
    }
    assert!(ok(&["moves", "cutcake", "60x60"]).contains("30 moves"));
    fails_with(
        &["solve", "cutcake", "9,9", "--misere"],
        "over the position budget (needs at least 2,000,001 positions, the limit is 2,000,000 positions); raise it with --max-positions",
    );
}

/// A value whose canonical form is small but whose notation writes out shared parts
/// again and again (61 GB of text for `heat(*22,1)`) is refused before printing.
#[test]
fn values_with_exponentially_long_notation_are_refused() {
    fails_with(&["calc", "heat(*22,1)"], "characters long, more than 10000000");
    fails_with(&["calc", "heat(^*22,1)", "--json"], "characters long");
    // Deep forms: computing with them stops before the stack would overflow (it
    // aborted), and one too deep to print is not printed.
    fails_with(&["calc", "heat(v50000,1)"], "would overflow the stack");
    fails_with(&["calc", "v50000 + {1|-1}"], "would overflow the stack");
    // Stops, thermographs, atomic weights and reduced forms recurse as deep too
    // (each aborted on ^65536 with a stack overflow, found by the calc fuzzer).
    for f in [
        "temp(^65536)",
        "mean(^65536)",
        "leftstop({^65536|0})",
        "cool(^65536,1)",
        "atomic(^65536)",
        "rcf(^65536)",
    ] {
        fails_with(&["calc", f], "would overflow the stack");
    }
    fails_with(
        &["calc", "heat(v1500,1)"],
        "nests more than a thousand braces deep",
    );
}
