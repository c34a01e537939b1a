//! GAME text to a game bound to the budget, and the catalogue as data.

use grundy::dynamic::DynGame;
use grundy::Budget;
use serde_json::{json, Value};

use crate::Result;

/// The game a GAME text names: a catalogue name with its parameters, or the path
/// of a game file (`.toml`) or Luau script (`.luau`, `.lua`). The game is bound to
/// `budget`: a script runs within its script memory and time, and every later
/// search, table and canonical value within its memory, work and positions.
pub fn load_game(text: &str, budget: &Budget) -> Result<Box<dyn DynGame>> {
    Ok(if grundy_rules::is_rule_file(text) {
        grundy_rules::load_in(text.trim(), budget)?
    } else {
        grundy_rules::catalogue().parse(text)?
    })
}

/// A game of the catalogue only, bound to `budget`: a path is refused, so text
/// from someone else (a web request) never opens a file.
pub fn builtin_game(text: &str, budget: &Budget) -> Result<Box<dyn DynGame>> {
    if grundy_rules::is_rule_file(text) {
        return Err(crate::Error::Input(format!(
            "'{}' is a file name; only the catalogue's games are loaded here",
            text.trim()
        )));
    }
    load_game(text, budget)
}

/// Every family of the catalogue as data: `name`, `usage` (its GAME text),
/// `summary` (the rules in one line), `position` (the POSITION syntax),
/// `example` (`{game, position}`, or null), and what its example game can do:
/// `impartial`, `partizan`, `heap_values`, `sequence` (a nim-sequence with a
/// period to find), `numbered` (dense or retrograde tables). Read off the
/// catalogue each time it is built, so a new family appears by its one line.
pub fn catalogue() -> Value {
    static CATALOGUE: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    CATALOGUE
        .get_or_init(|| {
            let catalogue = grundy_rules::catalogue();
            let families: Vec<Value> = catalogue
                .families()
                .map(|f| {
                    let example = f.example.and_then(|(game, _)| catalogue.parse(game).ok());
                    let can = |ask: &dyn Fn(&dyn DynGame) -> bool| example.as_deref().is_some_and(ask);
                    json!({
                        "name": f.name,
                        "usage": f.usage,
                        "summary": f.summary,
                        "position": f.position,
                        "example": f.example.map(|(game, position)| json!({"game": game, "position": position})),
                        "impartial": can(&|g| g.is_impartial()),
                        "partizan": can(&|g| g.partizan().is_some()),
                        "heap_values": can(&|g| g.capabilities().heap_values),
                        "sequence": can(&|g| g.heap_sequence().is_some()),
                        "numbered": can(&|g| g.numbering().is_some()),
                    })
                })
                .collect();
            Value::from(families)
        })
        .clone()
}
