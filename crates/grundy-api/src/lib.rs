//! The analyses every grundy front end offers, once.
//!
//! The `grundy` command, the Python package and the web page ask the same
//! questions of the same games: who wins from here, what each move leads to, a
//! heap game's nim-sequence and its period, a misère quotient, the canonical value
//! of a partizan position, a thermograph, the calculator. This crate answers each
//! one as a function of a loaded game, its inputs and the run's [`Budget`], and
//! returns a report whose [`json`](SolveReport::json) is exactly the object that
//! `grundy … --json` prints. So the three front ends cannot drift apart: they
//! parse their own input, call here, and print, convert or serve the report.
//!
//! # Contents
//!
//! - [Loading games](#loading-games): [`load_game`], [`builtin_game`], [`catalogue`].
//! - [Play](#play): [`solve`], [`moves`], [`explain`], [`board`]; [`PlayEvent`],
//!   the lines of `grundy play --json`.
//! - [Heap games](#heap-games): [`values`], [`period`], [`quotient`];
//!   [`values_to_file`], a nim-sequence streamed to a file with checkpoints.
//! - [Values](#values): [`value`], [`thermograph`], [`thermograph_of_value`], [`calc`];
//!   [`misere_value`], the misère simplest form and genus of an impartial position.
//! - Tables on disk: [`build`], [`open_table`]; with the feature `dist`,
//!   `build_distributed` (Timely Dataflow workers) and `merge`.
//! - Plots' data: [`nim_sequence`], [`outcome_map`], [`winner_table`], and
//!   [`Picture`], the file drawn from them.
//! - [Errors](#errors): [`Error`], one variant per kind of failure.
//!
//! # Loading games
//!
//! A GAME text is a catalogue name with its parameters (`kayles`,
//! `subtraction:1,3,4`, `domineering`) or, for [`load_game`], the path of a game
//! file (`.toml`) or a Luau script (its interpreter's memory and time come from
//! the budget of loading). Every analysis takes the budget it runs within as its
//! last argument: its search, table or canonical value stays within it, and a
//! raised [`Cancel`] flag stops it. A game loaded once answers each call within
//! that call's budget.
//!
//! ```
//! use grundy_api::{load_game, solve, Options};
//!
//! let budget = grundy::Budget::default();
//! let kayles = load_game("kayles", &budget).unwrap();
//! let report = solve(kayles.as_ref(), "7", &Options::default(), &budget).unwrap();
//! assert_eq!(report.json()["outcome"], "win");
//! assert_eq!(report.json()["nimber"], 2);
//! ```
//!
//! # Play
//!
//! [`solve`] and [`moves`] take a position in POSITION syntax and
//! [`Options`] (misère play; who moves first in a partizan game).
//!
//! # Heap games
//!
//! [`values`] tabulates single heaps; [`period`] runs the nim-sequence until a
//! period is proved (or a limit ends it), and [`quotient`] computes a misère
//! quotient. Both take a heap game with a nim-sequence.
//!
//! # Values
//!
//! ```
//! let budget = grundy::Budget::default();
//! let sum = grundy_api::calc("{1|-1} + ^*", false, &budget).unwrap();
//! assert_eq!(sum.json()["value"], "{1^*|-1^*}");
//! ```
//!
//! # Errors
//!
//! Every function returns [`Error`]: bad input (an unknown game, a malformed
//! position or expression), a question this game has no answer to, a failure of
//! the game's own rules (a script), or running out of the budget, which carries
//! the [`grundy_budget::OverBudget`] that names the limit and how to raise it. A
//! web server maps them to status codes, Python to exceptions, the CLI to exit
//! status 2.

#[cfg(feature = "dist")]
mod dist;
#[cfg(feature = "dist")]
mod dist_outcome;
mod error;
mod heaps;
mod load;
mod misere;
mod play;
mod play_events;
mod plots;
mod tables;
mod values;
mod values_file;

#[cfg(feature = "dist")]
pub use dist::{
    build_distributed, merge, read_hosts, shape, Cluster, DistOptions, DistProgress, DistReport, MergeReport,
    Solved,
};
#[cfg(feature = "dist")]
pub use dist_outcome::solve_across;

pub use error::Error;
pub use heaps::{
    nimbers, period, quotient, search_memory, sequence, values, PeriodReport, QuotientReport, SeqGame,
    ValuesReport, PERIOD_MAX, PROGRAM_MEMORY,
};
pub use load::{builtin_game, catalogue, load_game};
pub use misere::{misere_value, MisereReport};
pub use play::{
    board, distinct, explain, explained, moves, partizan_moves, played_moves, solve, solve_resuming,
    ExplainReport, MovesReport, Options, PartizanValue, SolveReport,
};
pub use play_events::{ListedMove, PlayEvent};
pub use plots::{
    nim_sequence, outcome_map, winner_table, NimSequence, OutcomeMap, Picture, WinnerTable, MAX_MAP,
    MAX_SEQUENCE, MAX_TABLE_CELLS, MAX_TURNS,
};
pub use tables::{
    build, numbered_families, open_table, refuse_partizan, refuse_start, start_of, table_json, TableOptions,
    TableReport,
};
pub use values::{
    calc, calc_with, outcome_class, thermograph, thermograph_of_value, value, value_of, CalcReport,
    ThermographReport, ValueReport,
};

pub use values_file::{prepare_values_file, values_to_file, ValuesFile, ValuesFileJob, ValuesFileReport};

pub use grundy::{Budget, Cancel, Task};
pub use grundy_retro::DenseOptions;

/// The result of every analysis.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A position on one line: the game's own drawing when it fits on one, else
/// POSITION syntax (lists, tables and JSON never break a line).
pub fn inline(game: &dyn grundy::dynamic::DynGame, p: &grundy::dynamic::DynPosition) -> String {
    let shown = game.show(p);
    if shown.contains('\n') {
        p.to_string()
    } else {
        shown
    }
}
