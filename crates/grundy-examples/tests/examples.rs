//! The five classic problems, run as the built example programs with their inputs.
//! `cargo test -p grundy-examples` (or `--workspace`) builds this crate's examples
//! next to the test binaries (`target/debug/examples/`) before it runs this test;
//! `--test examples` alone does not (then run `cargo build -p grundy-examples
//! --examples` first).

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn example(name: &str) -> PathBuf {
    let mut dir = std::env::current_exe().unwrap();
    dir.pop(); // the test binary
    if dir.ends_with("deps") {
        dir.pop();
    }
    dir.join("examples").join(name)
}

/// Run example `name` on `input`: (exit code, stdout, stderr).
fn run(name: &str, input: &str) -> (i32, String, String) {
    let mut child = Command::new(example(name))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!(
                "example {name} at {:?}: {e} (built by `cargo test -p grundy-examples`)",
                example(name)
            )
        });
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn ok(name: &str, input: &str) -> String {
    let (code, out, err) = run(name, input);
    assert_eq!(code, 0, "{name}: {err}");
    out
}

fn bad(name: &str, input: &str, line: usize) {
    let (code, _, err) = run(name, input);
    assert_eq!(code, 2, "{name} on {input:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{name}: one line: {err}");
    assert!(
        err.contains(&format!("line {line}")),
        "{name}: names line {line}: {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn euclid_a_b() {
    assert_eq!(ok("euclid_a_b", "34 12\n15 24\n0 0\n"), "A wins\nB wins\n");
    assert_eq!(
        ok(
            "euclid_a_b",
            "9223372036854775807 1\n4660046610375530309 7540113804746346429\n0 0\n"
        ),
        "A wins\nB wins\n"
    );
    bad("euclid_a_b", "34 12\n15 x\n0 0\n", 2);
    bad("euclid_a_b", "1 9223372036854775808\n0 0\n", 1);
}

#[test]
fn euclid_stan_ollie() {
    assert_eq!(
        ok("euclid_stan_ollie", "2\n25 7\n24 15\n"),
        "Stan wins\nOllie wins\n"
    );
    bad("euclid_stan_ollie", "2\n25 7\n", 2);
    bad("euclid_stan_ollie", "1\n0 7\n", 2);
}

#[test]
fn stone_game() {
    for (n, answer) in [
        (1, "SK"),
        (2, "CY"),
        (5, "SK"),
        (7, "CY"),
        (1_000_000_000_000_000_000u64, "SK"),
    ] {
        assert_eq!(
            ok("stone_game", &format!("{n}\n")),
            format!("{answer}\n"),
            "n = {n}"
        );
    }
    bad("stone_game", "-3\n", 1);
    bad("stone_game", "\n\nseven\n", 3);
}

#[test]
fn digit_game() {
    assert_eq!(ok("digit_game", "9999 1\n"), "cubelover\n");
    assert_eq!(ok("digit_game", "1234 1\n"), "koosaga\n");
    // Far beyond the original limit of 100 turns.
    let out = ok("digit_game", "1234 10000\n");
    assert!(out == "koosaga\n" || out == "cubelover\n");
    bad("digit_game", "12345 3\n", 1);
    bad("digit_game", "1234\n", 1);
}

#[test]
fn split_game() {
    assert_eq!(ok("split_game", "3\n1 1 1\n"), "Second\n");
    assert_eq!(ok("split_game", "1\n2\n"), "First\n");
    assert_eq!(ok("split_game", "2\n3 3\n"), "Second\n");
    let big: Vec<String> = (0..100_000).map(|i| (1 + i % 20_000).to_string()).collect();
    let out = ok("split_game", &format!("100000\n{}\n", big.join(" ")));
    assert!(out == "First\n" || out == "Second\n");
    bad("split_game", "2\n3\n0\n", 3);
    bad("split_game", "3\n1 2\n", 2);
}
