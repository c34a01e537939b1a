//! A small calculator over values: sums, comparisons and the temperature-theory
//! functions, with unknown `name(args)` calls handed to the caller.
//!
//! ```text
//! expr    := sum [ (">=" | "<=" | "==" | "=" | "<" | ">" | "<>" | "||") sum ]
//! sum     := ordinal { ("+" | "-") ordinal }
//! ordinal := product { ":" product }
//! product := unary { ("*" | ".") unary }
//! unary   := "-" unary | atom
//! atom    := value | "(" sum ")" | name "(" args ")" | atom "±" atom
//! ```
//!
//! Values are written as [`Universe::display`] writes them, and CGSuite's names:
//! `Tiny(G)`, `Miny(G)`, `^<n>`, `v<n>`, `^[n]`, `v[n]`, `+-G`. `*` multiplies by an
//! integer (`3 * G`, `{1|0}*3`; `3*2` right after a number is 3 + *2, a nimber),
//! `.` is the Norton product and `:` the ordinal sum. Nimbers of any size are exact
//! in sums and comparisons with numbers, ups and nimbers ([`CalcValue::UpStar`]);
//! building one larger than [`crate::NIMBER_LIMIT`] as a form is an error. The
//! built-in functions are [`FUNCTIONS`]; any other `name(...)` goes to the resolver
//! with the raw text between its parentheses, so a caller can evaluate positions
//! such as `domineering(..|..)`.

pub use crate::parse::{function_names, over_budget, CalcValue, FUNCTIONS, NOTATION};
use crate::Dyadic;

/// The text of [`CalcValue::UpStar`]'s x + n·↑ + *m, as [`Universe::display`]
/// writes number-up-stars.
pub fn up_star_text(x: Dyadic, ups: i64, star: u64, unicode: bool) -> String {
    crate::display::nus_text(crate::canonical::Nus { x, ups, star }, unicode)
}
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
