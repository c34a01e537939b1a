//! # grundy-retro: big and loopy games
//!
//! Big and loopy games: compact tables of 2 bits per position on all cores, table
//! files that answer queries without solving again, and the board games
//! tic-tac-toe, Connect Four, Dodgem and Chase.
//!
//! The pure solvers live in the core crate, in [`grundy::solve`]: the numbering
//! traits [`Indexed`] and [`Levelled`], retrograde analysis ([`retrograde`],
//! [`retrograde_parallel`], [`fixpoint`], [`Solution`]) and the enumeration of the
//! positions reachable from a start ([`grundy::solve::reachable`] for any
//! [`grundy::Game`]; [`solve_reachable`], the same for a
//! [`grundy::dynamic::DynGame`], is in the seam, [`grundy::dynamic`]). They are
//! re-exported here under the same names. The core's dynamic seam uses them too:
//! a loopy game (a Luau script, say) gets its draws and remoteness from
//! `grundy solve` without this crate.
//!
//! ## Contents
//! - [`Indexed`]: a game numbered `0..size`; [`Levelled`]: an acyclic one numbered
//!   level by level (re-exported from [`grundy::solve`]).
//! - [`retrograde`], [`retrograde_parallel`]: loopy games, draws and remoteness
//!   (re-exported from [`grundy::solve`]).
//! - [`solve_levels`]: the dense solver, 2 bits per position, a level at a time on all cores.
//! - [`Table`], [`table::build_levelled`]: compact tables, on disk, with checkpoints.
//! - [`solve_reachable`]: any run-time [`grundy::dynamic::DynGame`] (rule files,
//!   scripts); [`build_reachable`]: its table file, with the positions in it.
//! - [`games`]: tic-tac-toe, Connect Four, Dodgem, Chase, each a [`grundy::Game`]
//!   over its own positions and an [`Indexed`] numbering with the same move
//!   generator; [`parse_game`] for GAME texts.
//!
//! ## Retrograde analysis
//! The memoized search of the core crate follows lines of play forward and fails on
//! a repeated position. Retrograde analysis goes backwards. The positions that end
//! the game are solved first (by the game's rule, or with no move: a loss). Then, in
//! order of remoteness:
//! - a position with an option that is a loss is a **win**, with remoteness one more
//!   than the least remoteness of its losing options (the winner hurries);
//! - a position all of whose options are wins is a **loss**, with remoteness one more
//!   than the greatest remoteness of its options (the loser delays).
//!
//! Each position keeps a count of its options not yet known to be wins; the count
//! reaching zero makes it a loss. What is never resolved is a **draw**: from there
//! each player can avoid losing for ever. On acyclic games the values are exactly
//! those of [`grundy::solve::Search`].
//!
//! ```
//! use grundy::Outcome;
//! use grundy_retro::{games::Chase, retrograde, Indexed};
//!
//! // On a path the cop always catches the robber; on a 4-cycle never.
//! let path = Chase::path(6).unwrap();
//! let s = retrograde(&path).unwrap();
//! let e = s.evaluation(path.index(0, 5, true)).unwrap();
//! assert_eq!((e.outcome, e.remoteness), (Outcome::Win, Some(9)));
//!
//! let cycle = Chase::cycle(4).unwrap();
//! let s = retrograde(&cycle).unwrap();
//! assert_eq!(s.evaluation(cycle.index(0, 2, true)).unwrap().outcome, Outcome::Draw);
//! ```
//!
//! ## Loopy run-time games
//! [`solve_reachable`] enumerates every position reachable from a start with
//! [`grundy::dynamic::DynGame::options`], numbers them in a hash table and runs the
//! same analysis, so games from rule files and scripts may loop too.
//! [`build_reachable`] stores the result as a table file whose positions section
//! (after the outcomes and remoteness; see the module `enumerated` in the source)
//! maps positions to indices and lists their options, so [`open_db`] answers from
//! it without the game's rules.
//!
//! ## Dense tables, all cores
//! For games numbered level by level (the number of stones on the board), the dense
//! solver keeps 2 bits of outcome per position (and one byte of remoteness when
//! asked) and solves the last level first; each level is split into chunks solved
//! in parallel with rayon. Results do not depend on the number of threads.
//!
//! The solvers go through the indices in order, so the built-in games do not
//! decode each index from scratch: each thread keeps the last index it decoded
//! (a finger), and the next one is a step from it (the next colouring of the
//! stones in colex order, or the next shape). An option's index is computed from
//! its parent's (the shape after the move from a table, the colouring's rank from
//! the parent's), not by building the board and numbering it; Dodgem also gives
//! its parents (moves taken back), so retrograde analysis keeps no reverse edges.
//! `tests/fast_paths.rs` checks all of it against the plain decode and encode on
//! every index of small boards.
//!
//! ```
//! use grundy::Outcome;
//! use grundy_retro::{games::Placement, solve_levels, DenseOptions, Indexed};
//!
//! let c4 = Placement::connect4(4, 4).unwrap();
//! let table = solve_levels(&c4, DenseOptions::default(), |_, _| {}).unwrap();
//! let start = c4.index_of((0, 0)).unwrap();
//! assert_eq!(table.outcome(start), Some(Outcome::Draw)); // 4x4 Connect Four
//! assert!(table.bytes_per_position() < 1.26);            // 2 bits + 1 byte
//! ```
//!
//! ## Tables on disk
//! [`table::build_levelled`] writes a table file: a 4096-byte header (magic
//! `GRUNDYRT`, format version (2), flags, position count, data length, checksum,
//! game name) then the packed outcomes and the remoteness bytes; the checksum covers
//! the header (the game name) and the data. It is built in `FILE.tmp` with a
//! checkpoint after every level (`FILE.ckpt`, with the checksum of the data so far,
//! checked on resume) and renamed to `FILE` only when complete, so a killed build
//! never leaves a corrupt table and can be resumed. [`Table::open`] memory-maps a table and refuses one for another game,
//! another format version, or with a bad checksum.
//!
//! ```
//! use grundy_retro::{open_db, parse_table_game, DenseOptions};
//! use grundy::{Outcome, Play};
//!
//! let dir = tempfile::tempdir().unwrap();
//! let path = dir.path().join("ttt.db");
//! let game = parse_table_game("tictactoe").unwrap().unwrap();
//! game.build(&path, DenseOptions::default(), false, &mut |_| {}).unwrap();
//! let db = open_db(&path, Some("tictactoe")).unwrap();
//! let p = db.parse_position("xx.oo....").unwrap();
//! let a = db.analyze(&p, Play::Normal, &grundy::Budget::default()).unwrap();
//! assert_eq!((a.outcome, a.remoteness), (Outcome::Win, Some(1)));
//! assert!(open_db(&path, Some("dodgem:3")).is_err());
//! ```
//!
//! ## Invariants
//! - No printing: progress is reported through callbacks.
//! - Every solver agrees with [`fixpoint`], the plain fixpoint iteration, and (on
//!   acyclic games) with the memoized search; the tests check it.
#![deny(missing_docs)]

mod catalogue;
mod dense;
mod dynamic;
mod enumerated;
mod error;
pub mod games;
mod memory;
pub mod table;

pub use catalogue::{db_from_bytes, game_help, open_db, parse_game, parse_table_game};
pub use dense::{solve_levels, Best, DenseOptions};
pub use dynamic::{table_game, Numbering, Solved, TableGame};
pub use enumerated::{build_reachable, with_positions};
pub use error::RetroError;
pub use memory::{admit, dense_table_bytes, human_bytes, DEFAULT_MEMORY_CAP};
// The pure solvers live in the core (`grundy::solve`, the run-time game's in
// `grundy::dynamic`); re-exported under their old names.
pub use grundy::dynamic::{solve_reachable, solve_reachable_with};
pub use grundy::solve::{
    fixpoint, retrograde, retrograde_parallel, Indexed, Levelled, Reachable, Solution, MAX_POSITIONS,
    REACHABLE_LIMIT,
};
pub use table::{Progress, Table};
