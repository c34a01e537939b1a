//! What every end-to-end test of the `grundy` command does: run it, and check that it
//! succeeded or that it failed as the CLI promises (exit status 2, one line that
//! starts with `error: `, no panic).
#![allow(dead_code)] // each test crate uses a different part

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// Run `grundy` with `args`.
pub fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Run `grundy` with `args` and `input` on stdin (a `play` session, say).
pub fn with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    {
        let mut stdin = child.stdin.take().unwrap();
        // The session may end before reading everything: a closed pipe is fine.
        let _ = stdin.write_all(input.as_bytes());
    }
    child.wait_with_output().unwrap()
}

/// The standard output of a run that must have succeeded.
pub fn succeeded(args: &[&str], out: Output) -> String {
    assert!(
        out.status.success(),
        "grundy {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The one line of error of a run that must have failed on bad input.
pub fn failed(args: &[&str], out: Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "grundy {args:?} should exit 2: {err}");
    assert!(!err.contains("panicked"), "grundy {args:?}: {err}");
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "grundy {args:?}: one line expected, got {err:?}"
    );
    assert!(err.starts_with("error: "), "{err}");
    err.trim_end().to_string()
}

/// Standard output of `grundy args`, which must succeed.
pub fn ok(args: &[&str]) -> String {
    succeeded(args, grundy(args))
}

/// The one-line error of `grundy args`, which must fail with exit status 2.
pub fn fails(args: &[&str]) -> String {
    failed(args, grundy(args))
}

/// `fails`, and the line mentions `needle`.
pub fn fails_with(args: &[&str], needle: &str) {
    let err = fails(args);
    assert!(err.contains(needle), "{args:?}: expected '{needle}' in {err}");
}

/// The one JSON object `grundy args` prints.
pub fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).expect("one JSON object")
}
