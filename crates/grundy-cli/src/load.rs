//! GAME arguments: a built-in game's name, or a path to a rule file (`.toml`,
//! `.luau`, `.lua`), loaded by `grundy-rules` with the sandbox limits from the
//! environment (`GRUNDY_LUA_MEMORY`, `GRUNDY_LUA_TIMEOUT_MS`).
//!
//! Names come from the one catalogue (`grundy_rules::catalogue`); this module knows
//! no game by name.

use anyhow::Result;
use grundy::dynamic::DynGame;

/// The GAME and POSITION syntax of every game the command knows, for `--help`.
pub fn game_help() -> &'static str {
    static HELP: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HELP.get_or_init(|| {
        let catalogue = grundy_rules::catalogue();
        format!(
            "{}  FILE.toml, FILE.luau    your own game: a game file or a sandboxed Luau script\n{}",
            catalogue.help(),
            catalogue.position_help()
        )
    })
}

/// The game a GAME argument names.
pub fn game(text: &str) -> Result<Box<dyn DynGame>> {
    if grundy_rules::is_rule_file(text) {
        return Ok(grundy_rules::load(text.trim())?);
    }
    Ok(grundy_rules::catalogue().parse(text)?)
}
