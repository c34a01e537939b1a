//! Regression tests of the fuzzers (`fuzz/`): inputs that crashed, now refused with
//! an error.

use grundy_rules::{game_from_luau, Limits};

/// A script starting with the byte 3 was loaded as Luau bytecode, which the VM does
/// not verify: the malformed bytecode killed the process (SIGILL). Scripts are now
/// always compiled from source, so this is a syntax error.
#[test]
fn a_script_that_looks_like_bytecode_is_compiled_as_text() {
    let source = include_str!("data/fuzz-bytecode-crash.luau");
    assert_eq!(source.as_bytes()[0], 3);
    let e = game_from_luau("crash.luau", source, Limits::default())
        .err()
        .expect("not a script");
    assert!(e.to_string().contains("syntax error"), "{e}");
    // A minimal one, too.
    let e = game_from_luau("tiny.luau", "\u{3}", Limits::default())
        .err()
        .expect("not a script");
    assert!(e.to_string().contains("syntax error"), "{e}");
}
