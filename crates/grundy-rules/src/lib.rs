//! # grundy-rules: your own game without recompiling
//!
//! Two ways to give `grundy` a game at run time, both loaded by [`load`] (the
//! `grundy` command calls it for any GAME argument ending in `.toml`, `.luau` or
//! `.lua`):
//!
//! - a **game file** in TOML names a known family with its parameters (or a sum of
//!   several); it runs on the same native engine as the built-in GAME texts, so no
//!   speed is lost;
//! - a **rule script** in Luau gives the moves itself; it runs in a sandbox with a
//!   memory cap and a time limit per call, and the engine calls it once per position.
//!
//! Every error is a [`RulesError`] of one line that names the file and, where it
//! can, the line, the column and the key or function at fault.
//!
//! ## Game files (TOML)
//!
//! ```toml
//! name = "The stone game"                  # optional: defaults to the file's stem
//! description = "Take 1, 3 or 4 stones."   # optional, for the reader
//! family = "subtraction"
//! subtract = [1, 3, 4]
//! start = 10                               # optional: an integer, an array or a string
//! ```
//!
//! `family` is any family of the [`catalogue`] (the same names as GAME text), and
//! its keys are the family's parameters, named as in GAME text (`digits:turns=3`
//! is `turns = 3`); `grundy help` lists them all, and the user guide's table of
//! TOML keys is checked against the catalogue by a test. A game file of a family
//! is that game under the file's name and start, with every capability: a game
//! file of `tictactoe` builds the same table as `tictactoe` itself.
//!
//! ```
//! let kayles = grundy_rules::game_from_toml("k.toml", "family = \"octal\"\ncode = \"0.77\"\n").unwrap();
//! let ttt = grundy_rules::game_from_toml("t.toml", "family = \"tictactoe\"\n").unwrap();
//! assert!(kayles.heap_sequence().is_some());
//! assert!(ttt.numbering().is_some());
//! ```
//!
//! Unknown keys, keys of another family, wrong types and impossible parameters are
//! errors of the form `FILE:LINE:COLUMN: message`:
//!
//! ```
//! let err = grundy_rules::game_from_toml("bad.toml", "family = \"subtraction\"\nsubtract = [0]\n")
//!     .err().unwrap();
//! assert!(err.to_string().starts_with("bad.toml:2:12: key 'subtract'"), "{err}");
//! let err = grundy_rules::game_from_toml("bad.toml", "family = \"nim\"\ncolour = 1\n").err().unwrap();
//! assert!(err.to_string().starts_with("bad.toml:2:1: unknown field `colour`"), "{err}");
//! ```
//!
//! ### Sums
//!
//! A file without `family` may list `[[sum]]` components, each a family with its
//! keys. A position of the sum is the concatenation of the components' positions:
//! a heap game takes one integer (or `heaps = N`), `euclid` and `wythoff` take a
//! pair, and `split` or `octal` (whose moves make more heaps) may only come last,
//! taking the rest. Every component must be impartial; the nim-value is the XOR of
//! the components' nim-values (Sprague–Grundy), and a winning move changes one
//! component.
//!
//! ```
//! use grundy::{Outcome, Play};
//! let text = r#"
//! name = "stones and Euclid"
//! [[sum]]
//! family = "subtraction"
//! subtract = [1, 3, 4]
//! [[sum]]
//! family = "euclid"
//! "#;
//! let game = grundy_rules::game_from_toml("sum.toml", text).unwrap();
//! let p = game.parse_position("7,3,5").unwrap(); // a heap of 7, the pair (3,5)
//! let a = game.analyze(&p, Play::Normal, &grundy::Budget::default()).unwrap();
//! assert_eq!(a.nimber, Some(1)); // 0 XOR 1: heap 7 has value 0, the pair (3,5) value 1
//! assert_eq!(a.outcome, Outcome::Win);
//! ```
//!
//! ## Rules as Luau scripts
//!
//! A script sets globals; the engine reads them after running the top level once.
//!
//! | global | meaning |
//! |---|---|
//! | `moves(position)` | required (unless `left` and `right`): an array of the positions one move away (`{}` for none) |
//! | `left(position)`, `right(position)` | instead of `moves`, both: the positions Left (Right) can move to (`{}` for none); a partizan game with canonical values, see below |
//! | `impartial` | optional: read from the functions defined, `moves` alone is impartial (nim-values exist), `left` and `right` partizan, `moves` with `terminal` a game that encodes the player to move; `impartial = false` makes a `moves` script partizan, and `impartial = true` with `left` and `right` is an error |
//! | `start` | optional: the natural start, a position or a function returning one |
//! | `terminal(position)` | optional (`moves` with `impartial = false` only): `"win"`, `"lose"` or `"draw"` for the player to move when the game ends here by a rule, else `nil` |
//! | `heaps` | optional (`moves` only): `true` when a position is a list of independent heaps; then `moves(n)` gets one heap and returns heaps (`3`) or lists of heaps (`{1, 2}`; `{}` for none left), and sums, nim-values and `values` come for free |
//! | `shape` | optional: `"number"`, `"list"`, `"string"` or a list length such as `2`; checked on every position in and out (default: from `start`) |
//! | `heap(n)` | optional: the position of a single heap of `n`, for `grundy values` (not needed with `heaps = true` or `shape = "number"`) |
//! | `show(position)` | optional: a one-line display string |
//! | `name` | optional: defaults to the file's stem |
//!
//! Positions convert both ways: a [`DynPosition::Ints`](grundy::dynamic::DynPosition)
//! `[n]` is the Luau number `n` (unless `shape` is `"list"` or a length), a longer
//! list is an array of numbers, a [`DynPosition::Text`](grundy::dynamic::DynPosition)
//! is a string. Back from Luau, a number (integral floats accepted, within ±2^53) is
//! `[n]`, an array of integers is the list, a string is text; anything else (a
//! boolean, `3.5`, a nested table, `nil`) is an error naming the function, the
//! position it was called on and the line where the function is defined. A partizan
//! game written with `moves` must encode the player to move in the position; one
//! written with `left` and `right` does not (the engine keeps track of it).
//!
//! ```
//! use grundy::{dynamic::DynPosition, Outcome, Play};
//! let script = r#"
//! -- The stone game: take 1, 3 or 4 stones; taking the last one wins.
//! -- (Impartial: it defines moves, not left and right.)
//! heaps = true
//! function moves(n)
//!   local out = {}
//!   for _, s in ipairs({1, 3, 4}) do
//!     if s <= n then table.insert(out, n - s) end
//!   end
//!   return out
//! end
//! "#;
//! let game = grundy_rules::game_from_luau("stones.luau", script, grundy_rules::Limits::default()).unwrap();
//! let a = game.analyze(&DynPosition::Ints(vec![7]), Play::Normal, &grundy::Budget::default()).unwrap();
//! assert_eq!((a.outcome, a.remoteness), (Outcome::Lose, Some(4)));
//! let values: Vec<u64> = game.heap_values(0, 7, &grundy::Budget::default()).unwrap().iter().map(|v| v.nimber).collect();
//! assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0]);
//! ```
//!
//! ### Partizan scripts: `left` and `right`
//!
//! A script that defines `left(position)` and `right(position)` instead of `moves`
//! is a partizan game in normal play (a player without a move loses): every position
//! has a canonical value (a number such as `3/4`, `*`, `↑`, `{1|-1}`, ...), and it
//! can be solved, explained and played with either player first. `terminal` and
//! `heaps` do not apply; `impartial`, if set, must be `false`. Defining `moves` too,
//! or only one of `left` and `right`, is an error. The calls share the limits and the
//! memo of `moves` (one call per position and side).
//!
//! ```
//! use grundy::{dynamic::DynPosition, partizan::{Side, Universe}, Outcome, Play};
//! // Hackenbush on one stalk: Left cuts a blue edge (L), Right a red one (R), and
//! // the edges above the cut fall; "_" is the ground.
//! let script = r#"
//! local function cuts(p, colour)
//!   local out = {}
//!   for i = 2, #p do
//!     if string.sub(p, i, i) == colour then table.insert(out, string.sub(p, 1, i - 1)) end
//!   end
//!   return out
//! end
//! function left(p) return cuts(p, "L") end
//! function right(p) return cuts(p, "R") end
//! "#;
//! let game = grundy_rules::game_from_luau("stalk.luau", script, grundy_rules::Limits::default()).unwrap();
//! let partizan = game.partizan().unwrap();
//! let p = DynPosition::Text("_LRR".into());
//! let budget = grundy::Budget::default();
//! let mut universe = Universe::new();
//! let v = partizan.value(&p, &mut universe, &budget).unwrap();
//! assert_eq!(universe.display(v, false), "1/4");
//! // A positive number: Left wins, whoever starts.
//! let right_first = partizan.analyze_first(&p, Side::Right, Play::Normal, &budget).unwrap();
//! assert_eq!(right_first.outcome, Outcome::Lose);
//! let left_first = partizan.analyze_first(&p, Side::Left, Play::Normal, &budget).unwrap();
//! assert_eq!(left_first.outcome, Outcome::Win);
//! ```
//!
//! `examples/games/hackenbush-string.luau` is this game with a start and `show`.
//! Positions cannot be empty (POSITION syntax has no empty string), hence the ground
//! `_`.
//!
//! ### The sandbox
//!
//! Scripts get the `table`, `string`, `math`, `utf8`, `bit32`, `buffer` and
//! `coroutine` libraries, and nothing that reaches outside: no `io`, `os`,
//! `require`, `loadstring`, `getfenv` or `setfenv`; the globals and libraries are
//! read-only (Luau's sandbox mode); `print` writes to standard error, one line per
//! call. Limits, from the run's [`Budget`](grundy::Budget) through
//! [`Limits::from_budget`] (the library reads no environment variable; the `grundy`
//! command reads `GRUNDY_LUA_MEMORY` and `GRUNDY_LUA_TIMEOUT_MS` as a fallback):
//!
//! | limit | default | budget field (flag) |
//! |---|---|---|
//! | memory of the Luau state and of the positions kept for the script | 64 MiB | `script_memory` (`--script-memory`; `GRUNDY_LUA_MEMORY=256M`) |
//! | time of one call (`moves`, `left`, `right`, `terminal`, the top level, ...) | 1000 ms | `script_time` (`--script-timeout`; `GRUNDY_LUA_TIMEOUT_MS=5000`) |
//! | size of a game file or script | 1 MiB | (fixed; must be a regular file) |
//!
//! A script that loops forever or allocates without bound is stopped with a
//! one-line error that names the limit and how to raise it; it is a
//! [`GameError::OverBudget`](grundy::GameError::OverBudget) (inside
//! [`RulesError::Game`] while loading) whose [`Limit`](grundy::Limit) is
//! `ScriptTime` or `ScriptMemory`, so callers match on it rather than on the text.
//!
//! Neither limit can be caught. Once the deadline passes, every loop edge and call
//! raises again, so a `pcall` or `xpcall` that catches the error only gets as far as
//! its next loop or call, and a call that returns after its deadline fails anyway.
//! The memory-limit error is raised again by `pcall`, `xpcall`, `coroutine.resume`
//! and `coroutine.close` when they catch it, and a call during which it was raised
//! fails whatever the script did next.
//!
//! The time limit is checked in Luau code; library functions written in C are not
//! interrupted, so the ones whose work is not bounded by the memory they allocate
//! are replaced by versions that work in pieces and check the clock between them:
//! `table.move` (which can move 2^31 nils without allocating), `table.foreachi`,
//! `table.sort` with a C function as the comparison, and `string.find` (plain, or a
//! pattern without special characters) and `string.split` with a long needle
//! (whose search in C is quadratic). Their results are the same; only calls of more
//! than about a thousand elements or a few million byte comparisons take the
//! piecewise path. Everything else in C either allocates what it works on
//! (`string.rep`, `table.create`, `table.concat`, which the memory limit stops
//! before the work), is bounded by the size of its arguments, or, like pattern
//! matching, checks the clock itself; `string.format` widths have at most two digits.
//!
//! The positions the engine keeps for a script (its options cache, and every list
//! of heaps made from its moves, in every command: `solve`, `build`, `moves`,
//! `explain`, `values`) count in the memory budget with the Luau heap, so growing
//! positions (`s .. string.rep("x", 1000)`, or `moves(n)` returning fifty heaps of
//! `n - 1`) are stopped too. Text from a script (names, `show` results, `print`
//! output, error messages and the positions they quote) is printed with control
//! characters escaped (`\n`, `\u{1b}`, see [`grundy::text::escape_control`]).
//!
//! ```
//! use grundy_rules::{game_from_luau, Limits};
//! use grundy::{GameError, Limit};
//! use std::time::Duration;
//! let limits = Limits { timeout: Duration::from_millis(50), ..Limits::default() };
//! let script = "function moves(n) while true do end end\n";
//! let game = game_from_luau("loop.luau", script, limits).unwrap();
//! let err = game.options(&grundy::dynamic::DynPosition::Ints(vec![1]), &grundy::Budget::default()).unwrap_err();
//! assert!(err.to_string().contains("time limit of 50 ms"), "{err}");
//! assert!(matches!(err, GameError::OverBudget(o) if o.limit == Limit::ScriptTime));
//! ```
//!
//! ### Memoization
//!
//! `moves` is called at most once per position (`left` and `right` at most once per
//! position each): the options are kept in the game
//! (solving heaps 0..N with `values` keeps a table of nim-values instead, one call
//! per heap). A Luau subtraction game tabulates over a million heaps per second.
#![deny(missing_docs)]

mod error;
mod file;
mod script;
mod sum;

use std::path::Path;

use grundy::dynamic::DynGame;

pub use error::RulesError;
pub use file::{game_from_toml, game_from_toml_in};
pub use script::{Limits, ScriptDyn, ScriptGame, ScriptPartizan};
pub use sum::{Arity, Component, SumGame};

/// Every family a GAME text or a game file may name: the core's table, then the
/// board games of `grundy-retro`. The one place where the tables are joined.
pub fn catalogue() -> grundy::catalogue::Catalogue {
    grundy::catalogue::Catalogue::new(&[grundy::games::FAMILIES, grundy_retro::games::FAMILIES])
}

/// True when a GAME argument names a rule file: it ends in `.toml`, `.luau` or `.lua`.
///
/// ```
/// assert!(grundy_rules::is_rule_file("examples/games/stones.toml"));
/// assert!(!grundy_rules::is_rule_file("subtraction:1,3,4"));
/// ```
pub fn is_rule_file(text: &str) -> bool {
    let lower = text.trim().to_ascii_lowercase();
    [".toml", ".luau", ".lua"].iter().any(|ext| lower.ends_with(ext))
}

/// Load a game file (`.toml`) or a rule script (`.luau`, `.lua`), with the default
/// sandbox limits ([`Limits::default`]; nothing is read from the environment).
pub fn load(path: impl AsRef<Path>) -> Result<Box<dyn DynGame>, RulesError> {
    load_with(path, Limits::default())
}

/// Load a game file or a rule script with the script limits of the run's budget
/// ([`Limits::from_budget`]).
pub fn load_in(path: impl AsRef<Path>, budget: &grundy::Budget) -> Result<Box<dyn DynGame>, RulesError> {
    load_with(path, Limits::from_budget(budget))
}

/// Load a game file or a rule script with the given sandbox limits.
pub fn load_with(path: impl AsRef<Path>, limits: Limits) -> Result<Box<dyn DynGame>, RulesError> {
    let path = path.as_ref();
    let file = path.display().to_string();
    let text = read_game_file(path, &file)?;
    if file.to_ascii_lowercase().ends_with(".toml") {
        game_from_toml(&file, &text)
    } else {
        game_from_luau(&file, &text, limits)
    }
}

/// The largest game file or script read (1 MiB): rules are short, and a path to
/// `/dev/zero` or a huge file must fail at once, not fill the memory.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// The text of a game file: a regular file (not a FIFO or a device, which could block
/// or never end) of at most [`MAX_FILE_BYTES`], in UTF-8.
fn read_game_file(path: &Path, file: &str) -> Result<String, RulesError> {
    use std::io::Read;
    let io = |message: String| RulesError::Io {
        file: file.to_string(),
        message,
    };
    let meta = std::fs::metadata(path).map_err(|e| io(format!("cannot read the game file: {e}")))?;
    if !meta.is_file() {
        return Err(io(
            "not a regular file (a game file must be a file, not a device, FIFO or directory)".into(),
        ));
    }
    let too_big = || {
        io(format!(
            "the game file is larger than {} MiB; game files are short",
            MAX_FILE_BYTES >> 20
        ))
    };
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_big());
    }
    let f = std::fs::File::open(path).map_err(|e| io(format!("cannot read the game file: {e}")))?;
    // Read at most one byte past the cap: the file may have grown since `metadata`.
    let mut bytes = Vec::new();
    f.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io(format!("cannot read the game file: {e}")))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_big());
    }
    String::from_utf8(bytes).map_err(|_| io("cannot read the game file: it is not UTF-8 text".into()))
}

/// Load a game from the source of a Luau script; `file` names it in errors.
pub fn game_from_luau(file: &str, source: &str, limits: Limits) -> Result<Box<dyn DynGame>, RulesError> {
    Ok(ScriptGame::load(file, source, limits)?.into_dyn())
}
