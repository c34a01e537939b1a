//! `grundy calc EXPRESSION`: the game calculator (sums, comparisons, cooling,
//! heating, and positions of any game as `name(position)`).

use anyhow::Result;
use grundy::Budget;

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
}

/// `grundy help calc`: every function and notation, one line each, from the
/// calculator's own lists.
pub fn help() -> &'static str {
    static HELP: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HELP.get_or_init(|| {
        let line = |(what, means): &(&str, &str)| format!("  {what:<34} {means}\n");
        let notation: String = grundy_cgt::calc::NOTATION.iter().map(line).collect();
        let functions: String = grundy_cgt::calc::FUNCTIONS.iter().map(line).collect();
        format!("Notation:\n{notation}\nFunctions:\n{functions}")
    })
}

/// Run it.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    // `name(position)` in an expression: a position of any game the command knows,
    // game files too.
    let load = |name: &str, b: &Budget| grundy_api::load_game(name, b);
    let r = grundy_api::calc_with(&args.expression, args.unicode, &load, budget)?;
    Ok(if args.json {
        crate::render::json_line(&r.json())
    } else {
        match r.value {
            serde_json::Value::String(text) => format!("{text}\n"),
            other => format!("{other}\n"),
        }
    })
}
