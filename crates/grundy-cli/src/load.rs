//! GAME arguments: a built-in game's name, or a path to a rule file (`.toml`,
//! `.luau`, `.lua`), loaded by `grundy-rules` with the script limits of a
//! [`Budget`] ([`game_with`]); [`game`] takes them from the environment
//! (`GRUNDY_LUA_MEMORY`, `GRUNDY_LUA_TIMEOUT_MS`), the one place that reads it.
//!
//! Names come from the one catalogue (`grundy_rules::catalogue`); this module knows
//! no game by name.

use anyhow::{anyhow, Result};
use grundy::dynamic::DynGame;
use grundy::Budget;

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

/// The game a GAME argument names, a script with the limits of
/// [`script_budget_from_env`].
pub fn game(text: &str) -> Result<Box<dyn DynGame>> {
    game_with(text, &script_budget_from_env()?)
}

/// The game a GAME argument names; a script runs within `budget`'s
/// `script_memory` and `script_time`.
pub fn game_with(text: &str, budget: &Budget) -> Result<Box<dyn DynGame>> {
    if grundy_rules::is_rule_file(text) {
        return Ok(grundy_rules::load_in(text.trim(), budget)?);
    }
    Ok(grundy_rules::catalogue().parse(text)?)
}

/// FALLBACK, the only reader of the environment for scripts: the default budget
/// with the script limits of `GRUNDY_LUA_MEMORY` (bytes, or with a suffix `K`, `M`,
/// `G` for KiB, MiB, GiB: `256M`; at least 1 MiB) and `GRUNDY_LUA_TIMEOUT_MS`
/// (milliseconds), for as long as no flag gives them.
pub fn script_budget_from_env() -> Result<Budget> {
    let mut budget = Budget::default();
    if let Ok(text) = std::env::var("GRUNDY_LUA_MEMORY") {
        budget.script_memory = parse_memory(&text).ok_or_else(|| {
            anyhow!("GRUNDY_LUA_MEMORY='{text}' is not a size (bytes, or with K, M or G: 64M), at least 1M")
        })?;
    }
    if let Ok(text) = std::env::var("GRUNDY_LUA_TIMEOUT_MS") {
        let ms: u64 = text.trim().parse().ok().filter(|&ms| ms > 0).ok_or_else(|| {
            anyhow!("GRUNDY_LUA_TIMEOUT_MS='{text}' is not a positive number of milliseconds")
        })?;
        budget.script_time = std::time::Duration::from_millis(ms);
    }
    if let Some(&(memory, timeout)) = SCRIPT_FLAGS.get() {
        if let Some(bytes) = memory {
            budget.script_memory = bytes;
        }
        if let Some(ms) = timeout {
            budget.script_time = std::time::Duration::from_millis(ms);
        }
    }
    Ok(budget)
}

/// `--script-memory` and `--script-timeout`, as parsed once by `main`.
static SCRIPT_FLAGS: std::sync::OnceLock<(Option<u64>, Option<u64>)> = std::sync::OnceLock::new();

/// Records the script flags; they override the environment.
pub fn set_script_flags(memory: Option<u64>, timeout_ms: Option<u64>) {
    let _ = SCRIPT_FLAGS.set((memory, timeout_ms));
}

/// `GRUNDY_LUA_MEMORY`: bytes, or with `K`, `M`, `G` (`B`, `iB` allowed after), at least 1 MiB.
fn parse_memory(text: &str) -> Option<u64> {
    let t = text.trim().to_ascii_uppercase();
    let t = t.strip_suffix("IB").or_else(|| t.strip_suffix('B')).unwrap_or(&t);
    let (digits, shift) = match t.chars().last()? {
        'K' => (&t[..t.len() - 1], 10),
        'M' => (&t[..t.len() - 1], 20),
        'G' => (&t[..t.len() - 1], 30),
        _ => (t, 0),
    };
    let n: u64 = digits.trim().parse().ok()?;
    let bytes = n.checked_mul(1u64 << shift)?;
    (bytes >= 1 << 20).then_some(bytes)
}
