//! A small calculator over values: sums, comparisons and the temperature-theory
//! functions, with unknown `name(args)` calls handed to the caller.
//!
//! ```text
//! expr    := sum [ (">=" | "<=" | "==" | "=" | "<" | ">" | "<>" | "||") sum ]
//! sum     := unary { ("+" | "-") unary }
//! unary   := "-" unary | atom
//! atom    := value | "(" sum ")" | name "(" args ")" | atom "±" atom
//! ```
//!
//! Values are written as [`Universe::display`] writes them. Built-in functions:
//! `cool(G, t)`, `heat(G, t)`, `mean(G)`, `temp(G)` / `temperature(G)`,
//! `leftstop(G)`, `rightstop(G)`, `birthday(G)`, `atomic(G)` / `aw(G)`,
//! `reduced(G)` / `rcf(G)`. Any other `name(...)` goes to the resolver with the raw
//! text between its parentheses, so a caller can evaluate positions such as
//! `domineering(..|..)`.

pub use crate::parse::{over_budget, CalcValue};
use crate::{GameId, ParseError, Universe};

/// Evaluates `text` in `u`; `resolve(name, raw_args, u)` supplies unknown functions
/// (the universe is passed back so their values live in it).
///
/// ```
/// use grundy_cgt::{calc::{evaluate, CalcValue}, Universe};
/// let mut u = Universe::new();
/// let mut none = |name: &str, _: &str, _: &mut Universe| Err(format!("no function {name}"));
/// let v = evaluate("^ + ^ + *", &mut u, &mut none).unwrap();
/// let CalcValue::Game(g) = v else { panic!() };
/// assert_eq!(u.display(g, false), "^^*");
/// assert_eq!(evaluate("^* || 0", &mut u, &mut none).unwrap(), CalcValue::Bool(true));
/// ```
pub fn evaluate(
    text: &str,
    u: &mut Universe,
    resolve: &mut dyn FnMut(&str, &str, &mut Universe) -> Result<GameId, String>,
) -> Result<CalcValue, ParseError> {
    crate::parse::evaluate(u, text, resolve)
}
