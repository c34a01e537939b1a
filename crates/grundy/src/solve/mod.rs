//! Solvers. Each gives the same answers as [`Search`], the plain memoized search.
//!
//! | solver | for | memory |
//! |---|---|---|
//! | [`Search`] | any finite acyclic game | a hash map of visited positions |
//! | [`NimValues`] | impartial games and their sums | a hash map of components |
//! | [`solve_layers`] | games with a move counter | one layer at a time |
//! | [`HeapTable`] | heap games, heap sizes `0..=n` | a vector per heap size |
//! | [`retrograde`], [`retrograde_parallel`] | any finite [`Indexed`] game, loops and draws included | a byte of outcome, 4 of remoteness and the reverse edges per position |
//! | [`reachable`] | any finite [`crate::Game`] from a start, loops included | a hash map of the reachable positions, then [`retrograde`] |
//!
//! ## Loopy games: retrograde analysis
//! The memoized search follows lines of play forward and fails on a repeated
//! position ([`crate::GameError::Loopy`]). Retrograde analysis goes backwards: the
//! positions that end the game are solved first; then, in order of remoteness, a
//! position with a losing option is a win (the winner hurries) and a position all
//! of whose options are wins is a loss (the loser delays). What is never resolved
//! is a draw: a *tie* when drawing moves lead to a draw by the rules (remoteness:
//! the moves to the nearest, the Gamesman convention of [`Evaluation`]), else a
//! *draw by repetition* (remoteness `None`: no end with best play).
//!
//! ## Progress
//! The searches count the positions they visit for whoever [`observe`]s the thread
//! (the shell's progress display); the core itself does no I/O. [`Indexed`] numbers a game's positions `0..size` ([`Levelled`]: level
//! by level, for the dense solver of `grundy-retro`); [`reachable`] numbers any
//! game's positions as it finds them. [`fixpoint`] is the plain reference iteration.

mod indexed;
mod layered;
mod nimber;
pub mod progress;
mod reachable;
mod retrograde;
mod search;
mod table;
mod threads;

pub use indexed::{Indexed, Levelled};
pub use layered::{solve_layers, LayeredGame};
pub use nimber::{mex, NimValues};
pub use progress::{observe, Progress};
pub use reachable::{enumerate, reachable, reachable_with_play, Enumeration, Reachable, REACHABLE_LIMIT};
pub use retrograde::{codes, fixpoint, retrograde, retrograde_parallel, Solution, MAX_POSITIONS, NO_END};
pub use search::{Evaluation, Search, DEFAULT_LIMIT};
pub use table::{HeapTable, MexSet};
pub use threads::on_threads;
