//! Bad input, all of it: each gives a one-line error naming the file (and the line,
//! the key or the position at fault), never a panic or a hang.

use std::time::{Duration, Instant};

use grundy::Play;
use grundy_rules::{load_with, Limits};

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn limits() -> Limits {
    Limits {
        memory: 16 << 20,
        timeout: Duration::from_millis(200),
    }
}

/// The error of loading `name` and solving `position` in it.
fn error(name: &str, position: &str) -> String {
    let path = data(name);
    let started = Instant::now();
    let result = load_with(&path, limits())
        .map_err(|e| e.to_string())
        .and_then(|game| {
            let p = game.parse_position(position).map_err(|e| e.to_string())?;
            game.analyze(&p, Play::Normal, &grundy::Budget::default())
                .map_err(|e| e.to_string())
        });
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{name} took too long"
    );
    let message = result.expect_err(&format!("{name} should fail"));
    assert!(!message.contains('\n'), "{name}: not one line: {message:?}");
    assert!(
        message.starts_with(&path),
        "{name}: the file is not named first: {message}"
    );
    message[path.len()..].to_string()
}

#[test]
fn toml_syntax_error_gives_file_line_and_column() {
    let m = error("syntax.toml", "1");
    assert!(m.starts_with(":3:"), "{m}");
}

#[test]
fn toml_unknown_key_is_named() {
    let m = error("unknown-key.toml", "1");
    assert!(m.starts_with(":4:1: unknown field `substract`"), "{m}");
}

#[test]
fn toml_wrong_type_names_the_key() {
    let m = error("wrong-type.toml", "1");
    assert!(
        m.starts_with(":2:12: key 'subtract': invalid type: string"),
        "{m}"
    );
}

#[test]
fn toml_negative_number_names_the_key() {
    let m = error("negative.toml", "1");
    assert!(m.starts_with(":2:") && m.contains("except"), "{m}");
}

#[test]
fn toml_impossible_parameter_names_the_key() {
    let m = error("impossible.toml", "1");
    assert!(
        m.starts_with(":2:12: key 'subtract': bad parameter for subtraction"),
        "{m}"
    );
}

#[test]
fn toml_key_of_another_family() {
    let m = error("foreign-key.toml", "1");
    assert!(
        m.starts_with(":2:12: key 'subtract' does not apply to family 'nim'"),
        "{m}"
    );
}

#[test]
fn toml_unknown_family() {
    let m = error("unknown-family.toml", "1");
    assert!(
        m.starts_with(":1:10: key 'family': unknown family 'chess'"),
        "{m}"
    );
}

#[test]
fn toml_missing_family() {
    let m = error("no-family.toml", "1");
    assert!(m.contains("missing key 'family'"), "{m}");
}

#[test]
fn toml_impossible_digit_width() {
    let m = error("bad-digits.toml", "1");
    assert!(m.starts_with(":3:9: key 'width'"), "{m}");
}

#[test]
fn toml_partizan_component_in_a_sum() {
    let m = error("partizan-sum.toml", "1");
    assert!(
        m.starts_with(":5:10: sum component 2 (digits) is not impartial"),
        "{m}"
    );
}

#[test]
fn toml_split_must_come_last_in_a_sum() {
    let m = error("split-not-last.toml", "1");
    assert!(m.contains("must be the last"), "{m}");
}

#[test]
fn toml_start_that_is_not_a_position() {
    let m = error("bad-start.toml", "1");
    assert!(m.starts_with(":2:9: key 'start'"), "{m}");
}

#[test]
fn luau_syntax_error_gives_the_line() {
    let m = error("syntax.luau", "1");
    assert!(m.starts_with(":9: syntax error"), "{m}");
}

#[test]
fn luau_runtime_error_gives_the_position_and_the_line() {
    let m = error("runtime.luau", "7");
    assert!(m.starts_with(":7: attempt to index nil"), "{m}");
    assert!(m.contains("(in moves(7))"), "{m}");
}

#[test]
fn luau_endless_loop_is_stopped_by_the_time_limit() {
    let m = error("loop.luau", "1");
    assert!(
        m.contains("moves(1) ran longer than the time limit of 200 ms"),
        "{m}"
    );
    let m = error("loop-top.luau", "1");
    assert!(m.contains("top level ran longer than the time limit"), "{m}");
}

#[test]
fn luau_unbounded_allocation_is_stopped_by_the_memory_cap() {
    let m = error("alloc.luau", "1");
    assert!(
        m.contains("moves(1) used more than the memory limit of 16 MiB"),
        "{m}"
    );
}

#[test]
fn luau_result_that_is_not_a_position() {
    let m = error("not-position.luau", "3");
    assert!(
        m.starts_with(
            ":3: moves(3) returned a list whose entry 1 is wrong: the boolean true is not a position"
        ),
        "{m}"
    );
    let m = error("float-position.luau", "3");
    assert!(
        m.contains("moves(3) returned a list whose entry 1 is wrong: the number 1.5 is not an integer"),
        "{m}"
    );
    let m = error("not-a-list.luau", "3");
    assert!(
        m.contains("moves(3) returned the number 2, not a list of positions"),
        "{m}"
    );
}

#[test]
fn luau_position_of_the_wrong_shape() {
    let m = error("wrong-shape.luau", "2,2");
    assert!(m.contains("moves(2,2) returned a list whose entry 2 (1,2,0) has the wrong shape: expected a list of 2 integers"), "{m}");
}

#[test]
fn luau_position_given_of_the_wrong_shape() {
    let game = load_with(data("wrong-shape.luau"), limits()).unwrap();
    let m = game.parse_position("1,2,3").unwrap_err().to_string();
    assert_eq!(
        m,
        "bad position '1,2,3' for wrong-shape: expected a list of 2 integers (shape = 2)"
    );
}

#[test]
fn luau_script_missing_its_parts() {
    let m = error("no-moves.luau", "1");
    assert!(m.contains("defines no function moves(position)"), "{m}");
    // Without the flag, `moves` alone is impartial (as in grundy 0.1): see
    // tests/script_compat.rs.
    let game = load_with(data("no-impartial.luau"), limits()).unwrap();
    assert!(game.is_impartial());
    let m = error("bad-terminal.luau", "1");
    assert!(m.contains("terminal(1) returned the number 1"), "{m}");
}

#[test]
fn luau_sandbox_has_no_require() {
    let m = error("escape.luau", "1");
    // `require` is not there: calling it fails on the line of the call, saying so.
    assert!(
        m.starts_with(
            ":3: require is not available in the sandbox (scripts have no require, io, os or debug"
        ),
        "{m}"
    );
    assert!(m.ends_with("(in the script's top level)"), "{m}");
    let m = error("escape-os.luau", "1");
    assert!(
        m.starts_with(":4: os.time is not available in the sandbox"),
        "{m}"
    );
    assert!(m.ends_with("(in moves(1))"), "{m}");
}

#[test]
fn luau_strings_that_read_as_numbers_are_named() {
    let m = error("string-number.luau", "4");
    assert!(
        m.contains(
            "moves(4) returned a list containing the string \"3\"; positions are integers, lists of integers or strings"
        ),
        "{m}"
    );
}

#[test]
fn missing_file() {
    let e = load_with(data("absent.toml"), limits())
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("absent.toml: cannot read the game file"), "{e}");
    assert!(!e.contains('\n'));
}

#[test]
fn sandbox_has_no_outside_access() {
    for (what, code) in [
        ("io", "io.open('x')"),
        ("os", "os.execute('true')"),
        ("loadstring", "loadstring('return 1')"),
        ("getfenv", "getfenv(1)"),
        ("setfenv", "setfenv(1, {})"),
        ("string library writes", "string.upper = nil"),
    ] {
        let script = format!("impartial = true\nfunction moves(n) return {{}} end\n{code}\n");
        let e = grundy_rules::game_from_luau("probe.luau", &script, limits())
            .err()
            .unwrap_or_else(|| panic!("{what} should fail"))
            .to_string();
        assert!(e.starts_with("probe.luau:3:"), "{what}: {e}");
        assert!(!e.contains('\n'));
    }
}
