//! GAME arguments: a built-in game's name, or (later) a path to a rule file.

use anyhow::Result;
use grundy::dynamic::{parse_game, DynGame};

/// The game a GAME argument names.
pub fn game(text: &str) -> Result<Box<dyn DynGame>> {
    Ok(parse_game(text)?)
}
