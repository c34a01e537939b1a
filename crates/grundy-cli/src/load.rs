//! GAME arguments: a built-in game's name, or a path to a rule file (`.toml`,
//! `.luau`, `.lua`), loaded by `grundy-rules` with the sandbox limits from the
//! environment (`GRUNDY_LUA_MEMORY`, `GRUNDY_LUA_TIMEOUT_MS`).

use anyhow::Result;
use grundy::dynamic::{parse_game, DynGame};

/// The game a GAME argument names.
pub fn game(text: &str) -> Result<Box<dyn DynGame>> {
    if grundy_rules::is_rule_file(text) {
        return Ok(grundy_rules::load(text.trim())?);
    }
    if let Some(game) = grundy_retro::parse_game(text) {
        return Ok(game?);
    }
    Ok(parse_game(text)?)
}
