//! GAME arguments: a built-in game's name, or a path to a rule file (`.toml`,
//! `.luau`, `.lua`), loaded by `grundy-rules` ([`game`]) and bound to the run's one
//! [`Budget`], which [`budget`] makes from the flags and the environment (the one
//! place that reads it).
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

/// The game a GAME argument names, loaded once and bound to `budget`: a script
/// runs within its `script_memory` and `script_time`, and every later call (tables,
/// canonical values, searches) within its memory and work.
pub fn game(text: &str, budget: &Budget) -> Result<Box<dyn DynGame>> {
    Ok(grundy_api::load_game(text, budget)?)
}

/// The family's example game, as the catalogue builds it (none for a family
/// without one).
fn example(family: &grundy::catalogue::Family) -> Option<Box<dyn DynGame>> {
    let (text, _) = family.example?;
    grundy_rules::catalogue().parse(text).ok()
}

/// Help for a command that takes only the games `keep` accepts (asked of each
/// family's example game), with the game files that may name them.
fn help_for(title: &str, keep: impl Fn(&dyn DynGame) -> bool) -> String {
    let catalogue = grundy_rules::catalogue();
    let mut help = catalogue.help_of(title, |f| example(f).is_some_and(|g| keep(g.as_ref())));
    help.push_str("  FILE.toml, FILE.luau    a game file or a script of such a game\n");
    help
}

/// `period`, `quotient` and `values --out`: heap games with a nim-sequence.
pub fn sequence_help() -> &'static str {
    static HELP: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HELP.get_or_init(|| {
        help_for("GAME is a heap game with a nim-sequence:", |g| {
            g.heap_sequence().is_some()
        })
    })
}

/// `values`: games whose single heaps have nim-values.
pub fn heap_help() -> &'static str {
    static HELP: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HELP.get_or_init(|| {
        help_for("GAME is a heap game (single heaps have nim-values):", |g| {
            g.capabilities().heap_values
        })
    })
}

/// True when the family's games number their own positions (asked of its example).
fn numbers_its_positions(family: &grundy::catalogue::Family) -> bool {
    example(family).is_some_and(|g| g.numbering().is_some())
}

/// `build`: the families that number their own positions, one line each.
pub fn numbered_help() -> String {
    grundy_rules::catalogue()
        .help_of("", numbers_its_positions)
        .trim_matches('\n')
        .to_string()
}

/// `value`, `thermograph`: partizan games (impartial ones have nimbers).
pub fn partizan_help() -> &'static str {
    static HELP: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HELP.get_or_init(|| {
        let mut help = help_for(
            "GAME is a partizan game (an impartial one's value is its nimber):",
            |g| g.partizan().is_some(),
        );
        help.push('\n');
        help.push_str(&grundy_rules::catalogue().position_help());
        help
    })
}

/// The one budget of a run: `--max-memory` (else `GRUNDY_MAX_MEMORY`, else the
/// machine's available memory), `--max-positions` (else each search's default), `--script-memory` (else `GRUNDY_LUA_MEMORY`: bytes,
/// or with a suffix `K`, `M`, `G` for KiB, MiB, GiB: `256M`; at least 1 MiB) and
/// `--script-timeout` (else `GRUNDY_LUA_TIMEOUT_MS`, milliseconds). The only reader
/// of the environment; every command gets the result.
pub fn budget(
    max_memory: Option<u64>,
    max_positions: Option<u64>,
    max_work: Option<u64>,
    script_memory: Option<u64>,
    script_timeout_ms: Option<u64>,
) -> Result<Budget> {
    let mut budget = Budget {
        max_memory: crate::memory::memory_limit(max_memory)?,
        max_positions,
        max_work,
        ..Budget::default()
    };
    match script_memory {
        Some(bytes) => budget.script_memory = bytes,
        None => {
            if let Ok(text) = std::env::var("GRUNDY_LUA_MEMORY") {
                budget.script_memory = parse_memory(&text).ok_or_else(|| {
                    anyhow!("GRUNDY_LUA_MEMORY='{text}' is not a size (bytes, or with K, M or G: 64M), at least 1M")
                })?;
            }
        }
    }
    match script_timeout_ms {
        Some(ms) => budget.script_time = std::time::Duration::from_millis(ms),
        None => {
            if let Ok(text) = std::env::var("GRUNDY_LUA_TIMEOUT_MS") {
                let ms: u64 = text.trim().parse().ok().filter(|&ms| ms > 0).ok_or_else(|| {
                    anyhow!("GRUNDY_LUA_TIMEOUT_MS='{text}' is not a positive number of milliseconds")
                })?;
                budget.script_time = std::time::Duration::from_millis(ms);
            }
        }
    }
    Ok(budget)
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
