//! Take-and-break games in Winning Ways notation (octal and hexadecimal codes),
//! and the named ones: Kayles, Dawson's Kayles, Grundy's game. Each builds the one
//! [`HeapGame`].

use grundy_octal::HeapRules;

use crate::catalogue::{Family, Kind, Param, Params, Shape, Syntax};
use crate::dynamic::{Builtin, DynGame};
use crate::games::heap::HeapGame;
use crate::GameError;

fn heap_engine(rules: HeapRules, name: impl Into<String>) -> Result<Box<dyn DynGame>, GameError> {
    Ok(Box::new(Builtin::new(HeapGame::new(rules, name))))
}

/// Build `octal:CODE` or `hex:CODE`.
fn code_game(family: &str, p: &Params) -> Result<Box<dyn DynGame>, GameError> {
    let code = p.text("code").unwrap_or("");
    if code.is_empty() {
        return Err(GameError::parameter(
            family,
            "give a code, e.g. octal:0.137 or hex:0.F6",
        ));
    }
    let text = if family == "hex" && !code.starts_with("0x") {
        format!("0x{code}")
    } else {
        code.to_string()
    };
    let rules = grundy_octal::OctalCode::parse(&text)
        .map(HeapRules::Octal)
        .map_err(|e| GameError::parameter(family, e.to_string()))?;
    heap_engine(rules, format!("{family}:{code}"))
}

/// A code written without `octal:` or `hex:` (`.07`, `0.137`, `0x0.F6`), as the
/// engine and Winning Ways write them.
fn bare_code(text: &str) -> Option<String> {
    let code = grundy_octal::OctalCode::parse(text).ok()?;
    Some(if code.is_hex() {
        format!(
            "hex:{}",
            text.trim().trim_start_matches("0x").trim_start_matches("0X")
        )
    } else {
        format!("octal:{}", text.trim())
    })
}

const CODE: &[Param] = &[Param {
    key: "code",
    kind: Kind::Text,
    default: None,
    help: "the code in Winning Ways notation",
}];

/// Octal games.
pub(crate) const OCTAL: Family = Family {
    name: "octal",
    usage: "octal:CODE",
    summary: "a take-and-break game in Winning Ways notation (octal:0.137, octal:.07, octal:4.07): digit k says whether removing k tokens may leave 0 heaps (bit 1), 1 heap (bit 2) or 2 heaps (bit 4); digit 0 is before the point",
    position: "heaps",
    params: CODE,
    example: Some(("octal:0.137", "9,5")),
    syntax: Syntax::Bare,
    shape: Shape::SplittingHeaps,
    claims: Some(bare_code),
    build: |p| code_game("octal", p),
};

/// Hexadecimal games.
pub(crate) const HEX: Family = Family {
    name: "hex",
    usage: "hex:CODE",
    summary: "the same with hexadecimal digits, bit 8 = leave 3 heaps (hex:0.F6)",
    position: "heaps",
    params: CODE,
    example: Some(("hex:0.F6", "8")),
    syntax: Syntax::Bare,
    shape: Shape::SplittingHeaps,
    claims: None,
    build: |p| code_game("hex", p),
};

/// Kayles.
pub(crate) const KAYLES: Family = Family {
    name: "kayles",
    usage: "kayles",
    summary: "Kayles (octal 0.77): knock down one pin or two adjacent pins of a row",
    position: "heaps",
    params: &[],
    example: Some(("kayles", "10")),
    syntax: Syntax::None,
    shape: Shape::SplittingHeaps,
    claims: None,
    build: |_| heap_engine(HeapRules::kayles(), "kayles"),
};

/// Dawson's Kayles.
pub(crate) const DAWSON: Family = Family {
    name: "dawson",
    usage: "dawson",
    summary: "Dawson's Kayles (octal 0.07)",
    position: "heaps",
    params: &[],
    example: Some(("dawson", "9")),
    syntax: Syntax::None,
    shape: Shape::SplittingHeaps,
    claims: None,
    build: |_| heap_engine(HeapRules::dawsons_kayles(), "dawson"),
};

/// Grundy's game.
pub(crate) const GRUNDY: Family = Family {
    name: "grundy",
    usage: "grundy",
    summary: "Grundy's game: split a heap into two unequal heaps",
    position: "heaps",
    params: &[],
    example: Some(("grundy", "9")),
    syntax: Syntax::None,
    shape: Shape::SplittingHeaps,
    claims: None,
    build: |_| heap_engine(HeapRules::grundy(), "grundy"),
};
