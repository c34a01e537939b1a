//! The `grundy` binary on rule files: the examples solve, and every bad file gives
//! exit status 2 and a single line on standard error.

use std::process::{Command, Output};

fn root() -> String {
    format!("{}/../..", env!("CARGO_MANIFEST_DIR"))
}

fn grundy(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args)
        .current_dir(root())
        .env("GRUNDY_LUA_TIMEOUT_MS", "300");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("run grundy")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Exit status 2 and one line of error; returns that line.
fn fails(args: &[&str], env: &[(&str, &str)]) -> String {
    let o = grundy(args, env);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "{args:?}: not one line: {err:?}"
    );
    assert!(err.starts_with("error: "), "{err}");
    err.trim_end().to_string()
}

#[test]
fn examples_solve() {
    let o = grundy(&["solve", "examples/games/stones.toml", "start"], &[]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("outcome:       win"), "{}", stdout(&o));
    let o = grundy(&["solve", "examples/games/tictactoe.luau", "start"], &[]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("draw"), "{}", stdout(&o));
    let o = grundy(
        &[
            "values",
            "examples/games/stones.luau",
            "--to",
            "8",
            "--format",
            "csv",
        ],
        &[],
    );
    assert!(o.status.success());
    let csv = stdout(&o);
    assert!(csv.contains("7,lose,0"), "{csv}");
    let o = grundy(&["moves", "examples/games/euclid.luau", "25,7"], &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = grundy(
        &[
            "solve",
            "--json",
            "examples/games/stones-and-euclid.toml",
            "start",
        ],
        &[],
    );
    assert!(stdout(&o).contains("\"nimber\":0"), "{}", stdout(&o));
}

#[test]
fn bad_game_files_fail_with_one_line() {
    let data = "crates/grundy-rules/tests/data";
    for (file, position, expect) in [
        ("syntax.toml", "1", "syntax.toml:3:"),
        (
            "unknown-key.toml",
            "1",
            "unknown-key.toml:4:1: unknown field `substract`",
        ),
        ("wrong-type.toml", "1", "wrong-type.toml:2:12: key 'subtract'"),
        ("impossible.toml", "1", "impossible.toml:2:12: key 'subtract'"),
        ("foreign-key.toml", "1", "does not apply to family 'nim'"),
        ("partizan-sum.toml", "1", "is not impartial"),
        ("bad-start.toml", "start", "key 'start'"),
        ("syntax.luau", "1", "syntax.luau:9: syntax error"),
        ("runtime.luau", "7", "runtime.luau:7: attempt to index nil"),
        ("loop.luau", "1", "time limit of 300 ms"),
        ("loop-top.luau", "1", "time limit of 300 ms"),
        ("alloc.luau", "1", "memory limit of 64 MiB"),
        ("not-position.luau", "3", "is not a position"),
        ("wrong-shape.luau", "2,2", "has the wrong shape"),
        ("no-moves.luau", "1", "defines no function moves"),
        (
            "escape.luau",
            "1",
            "escape.luau:3: require is not available in the sandbox",
        ),
        (
            "escape-os.luau",
            "1",
            "escape-os.luau:4: os.time is not available in the sandbox",
        ),
        (
            "string-number.luau",
            "4",
            "moves(4) returned a list containing the string \"3\"",
        ),
        ("absent.luau", "1", "cannot read the game file"),
    ] {
        let path = format!("{data}/{file}");
        let err = fails(&["solve", &path, position], &[]);
        assert!(err.contains(expect), "{file}: {err}");
    }
}

#[test]
fn limits_come_from_the_environment() {
    let err = fails(
        &["solve", "crates/grundy-rules/tests/data/alloc.luau", "1"],
        &[("GRUNDY_LUA_MEMORY", "8M")],
    );
    assert!(err.contains("memory limit of 8 MiB"), "{err}");
    let err = fails(
        &["solve", "examples/games/stones.luau", "1"],
        &[("GRUNDY_LUA_TIMEOUT_MS", "soon")],
    );
    assert!(err.contains("GRUNDY_LUA_TIMEOUT_MS='soon'"), "{err}");
    let err = fails(
        &["solve", "examples/games/stones.luau", "1"],
        &[("GRUNDY_LUA_MEMORY", "12")],
    );
    assert!(err.contains("GRUNDY_LUA_MEMORY='12'"), "{err}");
}
