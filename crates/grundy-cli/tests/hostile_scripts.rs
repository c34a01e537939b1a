//! The `grundy` binary on hostile Luau scripts (regressions): library loops in C
//! stop at the time limit in every command, `build` of a script whose positions
//! grow stops at the script memory limit, `print` cannot drive the terminal, and a
//! script of grundy 0.1 (only `start` and `moves`) solves.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-hostile-scripts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn file(name: &str, text: &str) -> String {
    let path = dir().join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn grundy(args: &[&str]) -> (Output, Duration) {
    let started = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("GRUNDY_LUA_TIMEOUT_MS", "100")
        .env("GRUNDY_LUA_MEMORY", "16M")
        .output()
        .unwrap();
    (out, started.elapsed())
}

/// Exit status 2, one line of error containing `needle`, within `secs`.
fn fails(args: &[&str], needle: &str, secs: u64) -> String {
    let (out, took) = grundy(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err:?}");
    assert!(err.contains(needle), "{args:?}: expected '{needle}' in {err}");
    assert!(took < Duration::from_secs(secs), "{args:?}: took {took:?}");
    err
}

#[test]
fn table_move_of_2_to_the_28_stops_at_the_time_limit() {
    let moves = file(
        "move.luau",
        "start = 3\nfunction moves(n)\nlocal a = {}\ntable.move(a, 1, 2^28, 2)\nreturn {}\nend\n",
    );
    let top = file(
        "move-top.luau",
        "start = 3\nlocal a = {}\ntable.move(a, 1, 2^31 - 2, 2)\nfunction moves(n) return {} end\n",
    );
    let db = dir().join("move.db");
    let db = db.to_str().unwrap();
    for args in [
        vec!["solve", &moves, "start"],
        vec!["moves", &moves, "3"],
        vec!["build", &moves, "--db", db],
        vec!["solve", &top, "start"],
        vec!["build", &top, "--db", db],
    ] {
        let err = fails(&args, "time limit of 100 ms", 3);
        assert!(err.contains("--script-timeout"), "{err}");
    }
}

#[test]
fn build_of_growing_heaps_stops_at_the_script_memory_limit() {
    let path = file(
        "heaps.luau",
        "heaps = true\nstart = 20\nfunction moves(n)\nif n == 0 then return {} end\nlocal l = {}\nfor i = 1, 50 do l[i] = n - 1 end\nreturn {l}\nend\n",
    );
    let db = dir().join("heaps.db");
    for args in [
        vec!["build", &path, "--db", db.to_str().unwrap()],
        vec!["solve", &path, "start"],
    ] {
        fails(&args, "memory limit of 16 MiB", 20);
    }
}

#[test]
fn caught_memory_errors_still_fail() {
    let path = file(
        "pcall.luau",
        "start = 3\nfunction moves(n)\npcall(string.rep, 'x', 2^30)\nreturn {}\nend\n",
    );
    fails(&["solve", &path, "start"], "memory limit of 16 MiB", 3);
}

#[test]
fn print_cannot_drive_the_terminal() {
    let path = file(
        "print.luau",
        "start = 1\nfunction moves(n)\nprint('\\27[2J\\27]0;title\\7', 'two\\nlines')\nreturn {}\nend\n",
    );
    let (out, _) = grundy(&["solve", &path, "start"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    assert!(err.contains("\\u{1b}[2J"), "{err}");
    assert!(err.contains("two\\nlines"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err:?}");
}

#[test]
fn a_script_of_grundy_0_1_solves() {
    let path = file(
        "old.luau",
        "start = 7\nfunction moves(n)\nlocal out = {}\nfor _, s in {1, 3, 4} do\nif s <= n then table.insert(out, n - s) end\nend\nreturn out\nend\n",
    );
    let (out, _) = grundy(&["solve", &path, "start"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.to_lowercase().contains("lose"), "{text}");
}

/// The flags the budget error names exist and override the environment: a loop
/// stopped at 300 ms (the environment says 100) names `--script-timeout`.
#[test]
fn script_flags_set_the_limits_the_errors_name() {
    let script = file(
        "flag-loop.luau",
        "start = {5}\nfunction moves(p) while true do end end\n",
    );
    let err = fails(
        &["solve", &script, "start", "--script-timeout", "300"],
        "--script-timeout",
        5,
    );
    assert!(err.contains("300 ms"), "{err}");
    fails(
        &["solve", &script, "start", "--script-timeout", "0"],
        "--script-timeout",
        5,
    );
    fails(
        &["solve", &script, "start", "--script-memory", "lots"],
        "--script-memory",
        5,
    );
}
