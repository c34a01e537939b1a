//! GAME arguments: a built-in game's name, or a path to a rule file (`.toml`,
//! `.luau`, `.lua`), loaded by `grundy-rules` with the sandbox limits from the
//! environment (`GRUNDY_LUA_MEMORY`, `GRUNDY_LUA_TIMEOUT_MS`).

use anyhow::Result;
use grundy::dynamic::{parse_game, DynGame};

/// The GAME and POSITION syntax of every game the command knows, for `--help`.
pub fn game_help() -> &'static str {
    static HELP: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HELP.get_or_init(|| {
        let catalogue = grundy::catalogue::Catalogue::core();
        let text = format!("{}{}", catalogue.help(), catalogue.position_help());
        let (games, positions) = text.split_once("POSITION is").unwrap_or((text.as_str(), ""));
        format!(
            "{games}  {}\n  FILE.toml, FILE.luau    your own game: a game file or a sandboxed Luau script\n\
             POSITION is{positions}",
            grundy_retro::GAME_HELP
        )
    })
}

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
