//! `grundy calc EXPRESSION`: the game calculator (sums, comparisons, cooling,
//! heating, and positions of any game as `name(position)`).

use anyhow::Result;
use grundy::partizan::{GameId, Universe};
use grundy::Budget;
use grundy_cgt::calc::{evaluate, CalcValue};

use crate::load;

/// Evaluate an expression on values.
#[derive(clap::Args)]
pub struct Args {
    /// The expression, e.g. "{1|-1} + ^*", "{0|*} >= ^", "cool({3|-1}, 1)",
    /// "domineering(..|..) + *2".
    #[arg(allow_hyphen_values = true)]
    pub expression: String,
    /// Write ups, downs and switches as ↑, ⇑, ↓, ±.
    #[arg(long)]
    pub unicode: bool,
    /// Print one JSON object: expression, and value (the game's value as text, or
    /// true/false for a comparison).
    #[arg(long)]
    pub json: bool,
    /// The most steps of work (sums, comparisons, reductions of canonical forms)
    /// the expression may take; canonical forms are explicit, so sums of games with
    /// large nimbers need billions. About a second per 2·10^7 steps.
    #[arg(long, value_name = "STEPS", default_value_t = CALC_WORK)]
    pub max_work: u64,
}

/// The default of `--max-work`: a few seconds.
pub const CALC_WORK: u64 = 50_000_000;

/// The longest value printed, in bytes.
const MAX_TEXT: u64 = 10_000_000;

/// Run it.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    let mut u = Universe::new();
    u.set_memory_limit(budget.max_memory);
    u.set_work_limit(Some(args.max_work));
    // `name(position)` in an expression: a position of any game the command knows.
    let mut resolve = |name: &str, position: &str, u: &mut Universe| -> Result<GameId, String> {
        let game = load::game(name, budget).map_err(|e| format!("{e:#}"))?;
        let p = game.parse_position(position).map_err(|e| e.to_string())?;
        super::value::value_of(game.as_ref(), &p, u).map_err(|e| format!("{e:#}"))
    };
    let v = evaluate(&args.expression, &mut u, &mut resolve)?;
    let text = |g| {
        u.display_within(g, args.unicode, MAX_TEXT).map_err(|len| {
            if len == u64::MAX {
                anyhow::anyhow!("the value's notation nests more than a thousand braces deep; it is not printed")
            } else {
                anyhow::anyhow!("the value's notation is {len} characters long, more than {MAX_TEXT} (its canonical form shares parts that the notation writes out each time)")
            }
        })
    };
    if args.json {
        let value = match v {
            CalcValue::Game(g) => serde_json::json!(text(g)?),
            CalcValue::Bool(b) => serde_json::json!(b),
        };
        return Ok(format!(
            "{}\n",
            serde_json::json!({"expression": args.expression, "value": value})
        ));
    }
    Ok(match v {
        CalcValue::Game(g) => format!("{}\n", text(g)?),
        CalcValue::Bool(b) => format!("{b}\n"),
    })
}
