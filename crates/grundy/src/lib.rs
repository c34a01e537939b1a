//! # grundy: exact solutions of two-player games
//!
//! `grundy` solves finite two-player games of perfect information: who wins a
//! position, its nim-value (for impartial games), how long the game lasts under
//! perfect play (remoteness), and every winning move. This crate is the core: it
//! knows games, values and solvers, and does no I/O.
//!
//! ## Contents
//! - [The model](#the-model): [`Game`], [`Impartial`], [`Misere`].
//! - [Solvers](solve): memoized search, nim-values, layered sweeps, heap tables.
//! - [Built-in games](games): Nim, subtraction and all-but games, Euclid, the
//!   split game, the digit game, Wythoff.
//! - [The catalogue](catalogue): every built-in family declared once, read by
//!   every front end.
//! - [The dynamic seam](dynamic): games chosen at run time by name (for the CLI and
//!   the rule files), with positions as lists of integers or strings, answering
//!   from declared capabilities.
//! - [Your own game in Rust](#your-own-game-in-rust).
//!
//! ## The model
//! A *position* is a state of the game, including whose turn it is when that
//! matters. Its *options* are the positions one move away ([`Game::options`]).
//! Under *normal play* a player with no move loses; under *misère play* (the
//! [`Misere`] wrapper) such a player wins. Games that end by a rule (a move counter
//! runs out) say so in [`Game::terminal`].
//!
//! The *outcome* of a position is [`Outcome::Win`], [`Outcome::Lose`] or
//! [`Outcome::Draw`] for the player to move; the *remoteness* is the number of
//! moves to the end when the winner hurries and the loser delays (a tie, a draw
//! that the rules end, is reached as soon as it can be; a draw by repetition has
//! none: see [`solve::Evaluation`]). In an
//! *impartial* game both players have the same options; each position has a
//! *nim-value*, the least non-negative integer that is not the nim-value of an
//! option, and a sum of independent games has the XOR of their nim-values
//! (Sprague–Grundy). The player to move loses exactly when the nim-value is 0.
//!
//! ```
//! use grundy::{games::Subtraction, solve::{NimValues, Search}, Outcome};
//!
//! // Take 1, 3 or 4 stones; taking the last stone wins.
//! let game = Subtraction::new(&[1, 3, 4]).unwrap();
//! let mut search = Search::new(&game);
//! let seven = search.evaluate(&vec![7]).unwrap();
//! assert_eq!((seven.outcome, seven.remoteness), (Outcome::Lose, Some(4)));
//! assert_eq!(search.winning_moves(&vec![10]).unwrap(), vec![vec![9], vec![7]]);
//! // Heaps of 4 and 5: nim-values 2 and 3, so the sum has 2 XOR 3 = 1.
//! assert_eq!(NimValues::new(&game).nim_value(&vec![4, 5]).unwrap(), 1);
//! ```
//!
//! ## Your own game in Rust
//! Implement the model traits and call a solver: nothing else is needed. An
//! impartial game (`crates/grundy-examples/examples/own_impartial.rs`,
//! `cargo run -p grundy-examples --example own_impartial`):
//!
//! ```
#![doc = include_str!("../../grundy-examples/examples/own_impartial.rs")]
//! ```
//!
//! A loopy partizan game, with draws, solved by retrograde analysis of the positions
//! reachable from a start (`crates/grundy-examples/examples/own_loopy.rs`); positions
//! are plain tuples, and
//! [`dynamic::from_game`] puts the game behind the seam the command line uses:
//!
//! ```
#![doc = include_str!("../../grundy-examples/examples/own_loopy.rs")]
//! ```
//!
//! ## Invariants
//! - No I/O: nothing here prints, reads files or looks at the clock.
//! - Every fast path (closed forms, tables, layers) agrees with [`solve::Search`],
//!   the plain memoized search; the tests check it.
#![deny(missing_docs)]

pub mod catalogue;
pub mod dynamic;
mod error;
pub mod explain;
mod game;
pub mod games;
mod outcome;
pub mod partizan;
pub mod solve;
pub mod text;

pub use error::GameError;
pub use game::{Game, Impartial, Misere};
pub use grundy_budget::{Budget, Cancel, Limit, OverBudget, Task, DEFAULT_POSITIONS};
pub use grundy_octal::Method;
pub use outcome::{Outcome, Play, Winner};
