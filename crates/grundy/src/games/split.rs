//! The split game: a move picks a pile of `P` chips and an integer `1 <= K < P`,
//! and splits the pile into `P / K` piles of `K` plus one pile of `P % K` (if not
//! zero). A player who cannot move (every pile has one chip) loses. The game is a
//! [`HeapGame`] on `HeapRules::split()`.

use grundy_octal::HeapRules;

use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::Builtin;
use crate::games::heap::HeapGame;

/// The split game. `Split::new()` builds the [`HeapGame`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Split;

impl Split {
    /// The split game.
    #[allow(clippy::new_ret_no_self)]
    pub fn new() -> HeapGame {
        HeapGame::new(HeapRules::split(), "split")
    }
}

/// The split game.
pub(crate) const FAMILY: Family = Family {
    name: "split",
    usage: "split",
    summary: "piles; split a pile of P into P/K piles of K and one of P%K",
    position: "piles",
    params: &[],
    example: Some(("split", "7,4")),
    syntax: Syntax::None,
    shape: Shape::SplittingHeaps,
    claims: None,
    build: |_| Ok(Box::new(Builtin::new(Split::new()))),
};
