//! Escape attempts against the Luau sandbox: each ends with one line on stderr
//! naming what went wrong and exit status 2, within the time and memory limits
//! (small here: 300 ms and 16 MiB per call), and never with a panic.

use std::path::PathBuf;
use std::process::Command;

/// A script whose `moves` (or top level) runs `body`, for the impartial game from 3.
fn script(top: &str, moves: &str) -> String {
    format!("impartial = true\nstart = 3\n{top}\nfunction moves(n)\n{moves}\nend\n")
}

fn file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-sandbox-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.luau"));
    std::fs::write(&path, text).unwrap();
    path
}

/// `grundy solve FILE start` must fail with one line that mentions `needle`.
fn refused(name: &str, text: &str, needle: &str) {
    let path = file(name, text);
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["solve", path.to_str().unwrap(), "start"])
        .env("GRUNDY_LUA_TIMEOUT_MS", "300")
        .env("GRUNDY_LUA_MEMORY", "16777216")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{name}: exit 2 expected: {err}");
    assert!(!err.contains("panicked"), "{name}: {err}");
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "{name}: one line expected: {err:?}"
    );
    assert!(err.starts_with("error: "), "{name}: {err}");
    assert!(err.contains(needle), "{name}: expected '{needle}' in {err}");
}

#[test]
fn environments_and_loaders_are_absent() {
    for (name, call) in [
        ("getfenv", "getfenv(0)"),
        ("setfenv", "setfenv(1, {})"),
        ("load", "load('return 1')"),
        ("loadstring", "loadstring('return 1')"),
        ("require", "require('os')"),
        ("dofile", "dofile('/etc/passwd')"),
    ] {
        let text = script("", &format!("local x = {call}\nreturn {{}}"));
        refused(name, &text, &format!("{name} is not available in the sandbox"));
    }
}

#[test]
fn io_os_and_debug_are_absent() {
    for (name, call) in [
        ("io.open", "io.open('/etc/passwd')"),
        ("io.write", "io.write('x')"),
        ("os.execute", "os.execute('true')"),
        ("os.exit", "os.exit(0)"),
        ("os.getenv", "os.getenv('HOME')"),
        ("debug.sethook", "debug.sethook(function() end, 'l')"),
        ("debug.getinfo", "debug.getinfo(1)"),
    ] {
        refused(
            name,
            &script("", &format!("{call}\nreturn {{}}")),
            &format!("{name} is not available"),
        );
    }
    // At the top level too.
    refused(
        "top-require",
        &script("local os = require('os')", "return {}"),
        "require is not available",
    );
}

#[test]
fn globals_and_shared_metatables_are_read_only() {
    refused(
        "rawset",
        &script("rawset(_G, 'moves', nil)", "return {}"),
        "readonly",
    );
    refused(
        "string-metatable",
        &script("getmetatable('').__index = function() return 1 end", "return {}"),
        "readonly",
    );
}

#[test]
fn memory_bombs_stop_at_the_memory_limit() {
    refused(
        "string.rep",
        &script("", "local s = string.rep('x', 2^30)\nreturn {}"),
        "memory limit",
    );
    refused(
        "doubling",
        &script("", "local s = 'x'\nfor i = 1, 100 do s = s .. s end\nreturn {}"),
        "memory limit",
    );
    refused(
        "table-growth",
        &script("", "local t = {}\nfor i = 1, 1e9 do t[i] = i end\nreturn {}"),
        "memory limit",
    );
}

#[test]
fn endless_work_stops_at_the_time_limit() {
    refused("loop", &script("", "while true do end"), "time limit");
    refused(
        "pcall-loop",
        &script("", "while true do pcall(function() while true do end end) end"),
        "time limit",
    );
    // A __tostring that never returns, on an error object.
    refused(
        "error-tostring",
        &script(
            "",
            "error(setmetatable({}, {__tostring = function() while true do end end}))",
        ),
        "time limit",
    );
}

#[test]
fn deep_recursion_is_a_stack_overflow() {
    refused(
        "recursion",
        &script("local function f(k) return f(k + 1) + 1 end", "return {f(1)}"),
        "stack overflow",
    );
}

#[test]
fn coroutines_cannot_yield_across_the_boundary() {
    refused("yield", &script("", "coroutine.yield(1)\nreturn {}"), "yield");
    refused(
        "yield-top",
        "impartial = true\nstart = 3\ncoroutine.yield(1)\nfunction moves(n) return {} end\n",
        "yield",
    );
}

#[test]
fn looping_index_metatables_are_stopped() {
    refused(
        "index-chain",
        &script(
            "local t = setmetatable({}, {})\ngetmetatable(t).__index = t",
            "return {t.x}",
        ),
        "__index",
    );
    refused(
        "index-function",
        &script(
            "local t = setmetatable({}, {__index = function(t, k) return t[k] end})",
            "return {t.x}",
        ),
        "stack overflow",
    );
}

#[test]
fn error_objects_that_are_tables_are_named_not_printed_as_addresses() {
    refused(
        "error-table",
        &script("", "error({message = 'a table'})"),
        "raised an error that is a table",
    );
}

#[test]
fn cyclic_tables_returned_as_positions_are_refused() {
    refused(
        "cyclic",
        &script("", "local t = {}\nt[1] = t\nreturn {t}"),
        "not an integer",
    );
    refused(
        "cyclic-list",
        "start = {1, 2}\nimpartial = true\nfunction moves(p)\n  local t = {1}\n  t[2] = t\n  return {t}\nend\n",
        "",
    );
}

#[test]
fn moves_cannot_depend_on_chance() {
    refused(
        "random",
        &script("", "return {n - math.random(1, n)}"),
        "math.random is not available",
    );
    refused(
        "randomseed",
        &script("math.randomseed(1)", "return {}"),
        "math.randomseed is not available",
    );
}

#[test]
fn a_game_that_never_ends_stops_at_the_memory_limit() {
    refused(
        "never",
        "impartial = true\nstart = 1\nfunction moves(n) return {n + 1} end\n",
        "positions keep growing",
    );
}
