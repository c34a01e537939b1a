//! The script's values read as positions, and positions as the engine keeps and prints them.

use grundy::dynamic::DynPosition;
use grundy::text::escape_control;
use mlua::Value;

use super::sandbox::lua_message;

/// Whether a string returned as a position reads as numbers (`"4"`, `"3,4"`): the
/// same text as a number or a list, so the two would print alike while the script
/// sees a string; from a position of numbers it is a mistake (`{"4"}` for `{4}`).
pub(super) fn reads_as_numbers(s: &str) -> bool {
    s.chars().any(|c| c.is_ascii_digit())
        && s.chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '-' | ',' | ' '))
}

/// The largest integer a Luau number (a double) holds exactly.
pub(super) const MAX_EXACT: i64 = 1 << 53;

/// What a position of the script looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    /// Anything: a list of one integer goes to Luau as a number, other lists as arrays.
    Any,
    /// A single integer (a Luau number).
    Number,
    /// A list of integers (a Luau array), of this length if given.
    List(Option<usize>),
    /// A string.
    Text,
    /// `heaps = true`: a list of non-negative heaps; `moves` sees one heap at a time.
    Heaps,
}

impl Shape {
    fn describe(self) -> String {
        match self {
            Shape::Any => "a position".into(),
            Shape::Number => "a number (shape = \"number\")".into(),
            Shape::List(None) => "a list of integers (shape = \"list\")".into(),
            Shape::List(Some(k)) => format!("a list of {k} integers (shape = {k})"),
            Shape::Text => "a string (shape = \"string\")".into(),
            Shape::Heaps => "heaps: non-negative integers (heaps = true)".into(),
        }
    }

    pub(super) fn check(self, p: &DynPosition) -> Result<(), String> {
        let ok = match (self, p) {
            (Shape::Any, _) => true,
            (Shape::Number, DynPosition::Ints(v)) => v.len() == 1,
            (Shape::List(None), DynPosition::Ints(_)) => true,
            (Shape::List(Some(k)), DynPosition::Ints(v)) => v.len() == k,
            (Shape::Text, DynPosition::Text(_)) => true,
            (Shape::Heaps, DynPosition::Ints(v)) => v.iter().all(|&h| h >= 0),
            _ => false,
        };
        if !ok {
            return Err(format!("expected {}", self.describe()));
        }
        if let DynPosition::Ints(v) = p {
            if let Some(x) = v.iter().find(|x| x.abs() > MAX_EXACT) {
                return Err(format!(
                    "{x} is beyond 2^53, the largest integer a Luau number holds"
                ));
            }
        }
        Ok(())
    }
}

pub(super) fn kind(v: &Value) -> String {
    match v {
        Value::Nil => "nil".into(),
        Value::Boolean(b) => format!("the boolean {b}"),
        Value::Number(x) => format!("the number {x}"),
        Value::Integer(i) => format!("the number {i}"),
        Value::String(s) => format!("the string \"{}\"", s.to_string_lossy()),
        other => format!("a {}", other.type_name()),
    }
}

pub(super) fn integer(v: &Value) -> Result<i64, String> {
    match v {
        Value::Integer(i) => Ok(*i),
        Value::Number(x) if x.fract() == 0.0 && x.abs() <= MAX_EXACT as f64 => Ok(*x as i64),
        Value::Number(x) if x.fract() == 0.0 => Err(format!("{x} is beyond 2^53")),
        other => Err(format!("{} is not an integer", kind(other))),
    }
}

/// A Luau value as a position: a number, an array of integers or a string.
pub(super) fn position_of(v: &Value) -> Result<DynPosition, String> {
    match v {
        Value::Integer(_) | Value::Number(_) => Ok(DynPosition::Ints(vec![integer(v)?])),
        Value::String(s) => Ok(DynPosition::Text(
            s.to_str()
                .map_err(|_| "a string that is not UTF-8".to_string())?
                .to_string(),
        )),
        Value::Table(t) => {
            let mut out = Vec::with_capacity(t.raw_len());
            for (i, x) in t.sequence_values::<Value>().enumerate() {
                let x = x.map_err(|e| lua_message(&e))?;
                out.push(integer(&x).map_err(|m| format!("entry {} of a list: {m}", i + 1))?);
            }
            Ok(DynPosition::Ints(out))
        }
        other => Err(format!(
            "{} is not a position (a number, a list of integers or a string)",
            kind(other)
        )),
    }
}

/// A 64-bit hash of a position (a collision only means a position counted once too few).
pub(super) fn fingerprint(p: &DynPosition) -> u64 {
    use std::hash::BuildHasher;
    rustc_hash::FxBuildHasher.hash_one(p)
}

/// Bytes a position takes when kept: its own size and what it points to.
pub(super) fn position_bytes(p: &DynPosition) -> usize {
    std::mem::size_of::<DynPosition>()
        + match p {
            DynPosition::Ints(v) => v.len() * std::mem::size_of::<i64>(),
            DynPosition::Text(s) => s.len(),
        }
}

/// Text of several lines, each with its control characters escaped; blank lines at
/// either end and blanks at line ends are dropped (`\r\n` ends a line too).
pub(super) fn lines_escaped(text: &str) -> String {
    let lines: Vec<String> = text
        .lines()
        .map(|l| escape_control(l.trim_end()).into_owned())
        .collect();
    let first = lines.iter().position(|l| !l.is_empty()).unwrap_or(lines.len());
    let last = lines.iter().rposition(|l| !l.is_empty()).map_or(first, |i| i + 1);
    lines[first..last].join("\n")
}
