//! "No wrong answer, no crash" for the calculator and the values of partizan
//! games: numbers past 64 bits, ASCII `+-`, deep nesting, long sums, green
//! Hackenbush. Each run answers right, or fails with one line (exit status 2).

use crate::common;

use std::time::{Duration, Instant};

use common::{fails, ok};

fn lr(n: usize) -> String {
    "LR".repeat(n)
}

#[test]
fn hackenbush_strings_past_64_bits_are_exact() {
    // LR x 32 is (2^64 - 1) / (3 * 2^63) by Berlekamp's rule; {it | 0} is half of
    // it plus or minus half of it, with denominator 2^64.
    let x = "6148914691236517205/9223372036854775808";
    let half = "6148914691236517205/18446744073709551616";
    let s = lr(32);
    assert_eq!(
        ok(&["calc", &format!("{{hackenbush({s})|0}}")]),
        format!("{half}±{half}\n")
    );
    assert_eq!(
        ok(&["calc", &format!("temp(hackenbush({s}))")]),
        "-1/9223372036854775808\n"
    );
    assert_eq!(
        ok(&["calc", &format!("hackenbush({s})+hackenbush({s})")]),
        "6148914691236517205/4611686018427387904\n"
    );
    let v = ok(&["value", "hackenbush", &s]);
    assert!(v.contains(&format!("value:         {x}")), "{v}");
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/games/hackenbush-string.luau"
    );
    let v = ok(&["value", script, &format!("_{s}")]);
    assert!(v.contains(x), "{v}");
    let out = std::env::temp_dir().join(format!("hostile-cgt-{}.svg", std::process::id()));
    let t = ok(&["thermograph", "hackenbush", &s, "--out", out.to_str().unwrap()]);
    assert!(t.contains(x), "{t}");
    let _ = std::fs::remove_file(out);
    // Past 126 binary digits: refused in words, never rounded or wrapped.
    let e = fails(&["value", "hackenbush", &lr(64)]);
    assert!(e.contains("bits"), "{e}");
    let e = fails(&["calc", &format!("hackenbush({})", lr(64))]);
    assert!(e.contains("bits") && e.len() < 400, "{e}");
}

#[test]
fn ascii_plus_minus_reads_as_cgsuite_reads_it() {
    assert_eq!(ok(&["calc", "+-1"]), "±1\n");
    assert_eq!(ok(&["calc", "2+-1"]), "2±1\n");
    // ±G = {G | -G}, printed as CGSuite prints a switch.
    assert_eq!(ok(&["calc", "+-{2|1}"]), "±(3/2±1/2)\n");
    assert_eq!(ok(&["calc", "2 + -1"]), "1\n");
    assert_eq!(ok(&["calc", "--unicode", "+-1"]), "±1\n");
}

#[test]
fn deep_and_long_expressions_answer_or_refuse_quickly() {
    let start = Instant::now();
    for text in [
        format!("{}0{}", "{0|".repeat(10_000), "}".repeat(10_000)),
        "(".repeat(20_000),
        format!("{}1", "±".repeat(60_000)),
    ] {
        let e = fails(&["calc", &text]);
        assert!(e.contains("nested") && e.len() < 300, "{e}");
    }
    assert_eq!(ok(&["calc", &format!("{}1", "-".repeat(100_000))]), "1\n");
    let sum = vec!["1"; 65_500].join("+");
    assert_eq!(ok(&["calc", &sum]), "65500\n");
    let e = fails(&["calc", &format!("{sum}+")]);
    assert!(e.contains("expected a value") && e.len() < 200, "{e}");
    assert!(start.elapsed() < Duration::from_secs(30), "{:?}", start.elapsed());
    let e = fails(&["calc", "12345678901234567890"]);
    assert!(e.contains("too large") && !e.contains("not a dyadic"), "{e}");
}

#[test]
fn green_hackenbush_is_nim() {
    let start = Instant::now();
    let stalks = vec!["GGGGGGG"; 20].join("+");
    let s = ok(&["solve", "hackenbush", &stalks]);
    assert!(
        s.contains("value:         0") && s.contains("lose for the player to move"),
        "{s}"
    );
    let s = ok(&["solve", "hackenbush", &format!("{stalks}+GGG")]);
    assert!(
        s.contains("*3") && s.contains("win for the player to move"),
        "{s}"
    );
    assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
}

/// A thermograph of a position is bounded like its value, and raised the same way:
/// running out names `--max-work`, which `thermograph` takes too.
#[test]
fn a_thermograph_of_a_position_runs_out_of_work_as_its_value_does() {
    let out = std::env::temp_dir().join(format!("hostile-cgt-work-{}.svg", std::process::id()));
    let out = out.to_str().unwrap();
    let board = "domineering:rows=4,cols=4";
    let thermograph = |work| ["thermograph", board, "start", "--out", out, "--max-work", work];
    let e = fails(&thermograph("100"));
    assert!(e.contains("--max-work") && e.lines().count() == 1, "{e}");
    let e = fails(&["value", board, "start", "--max-work", "100"]);
    assert!(e.contains("--max-work"), "{e}");
    let t = ok(&thermograph("100000000"));
    assert!(t.starts_with("wrote ") && t.contains("thermograph of"), "{t}");
    let _ = std::fs::remove_file(out);
}
