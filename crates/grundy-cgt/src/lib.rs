//! Values of short partizan games, as combinatorial game theory defines them.
//!
#![allow(unused_variables, dead_code)] // SKELETON: remove when implemented
//! SKELETON: the API contract. Every `todo!()` is to be implemented.
//!
//! A [`Universe`] interns games in canonical form: two equal games are the same
//! [`GameId`], so `==` on ids is equality of values. The core does no I/O.

mod atomic;
mod dyadic;
mod reduced;
mod temperature;
mod thermograph;

pub use dyadic::{BadNumber, Dyadic};
pub use thermograph::{Thermograph, Wall};

/// A game in canonical form, interned in a [`Universe`]. Equal ids are equal values
/// (within one universe).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub u32);

/// Who wins: Left whoever starts, Right whoever starts, the player to move (Next),
/// or the other one (Previous).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutcomeClass {
    /// Left wins whoever moves first (G > 0).
    L,
    /// Right wins whoever moves first (G < 0).
    R,
    /// The first player wins (G || 0).
    N,
    /// The second player wins (G = 0).
    P,
}

/// A value-text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message} at column {column} of '{text}'")]
pub struct ParseError {
    /// What is wrong.
    pub message: String,
    /// 1-based column.
    pub column: usize,
    /// The whole text.
    pub text: String,
}

/// The interning arena of canonical forms.
#[derive(Default)]
pub struct Universe {}

impl Universe {
    /// An empty universe (0 is always present).
    pub fn new() -> Universe {
        todo!()
    }
    /// 0 = { | }.
    pub fn zero(&self) -> GameId {
        todo!()
    }
    /// The number d.
    pub fn number(&mut self, d: Dyadic) -> GameId {
        todo!()
    }
    /// The integer n.
    pub fn integer(&mut self, n: i64) -> GameId {
        todo!()
    }
    /// *n.
    pub fn nimber(&mut self, n: u64) -> GameId {
        todo!()
    }
    /// ↑ = {0|*}.
    pub fn up(&mut self) -> GameId {
        todo!()
    }
    /// The canonical form of {left | right}: dominated options removed, reversible
    /// options bypassed, interned.
    pub fn construct(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        todo!()
    }
    /// Left's options of the canonical form.
    pub fn left_options(&self, g: GameId) -> &[GameId] {
        todo!()
    }
    /// Right's options of the canonical form.
    pub fn right_options(&self, g: GameId) -> &[GameId] {
        todo!()
    }
    /// g + h.
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId {
        todo!()
    }
    /// -g.
    pub fn neg(&mut self, g: GameId) -> GameId {
        todo!()
    }
    /// g - h.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        todo!()
    }
    /// g >= h.
    pub fn ge(&mut self, g: GameId, h: GameId) -> bool {
        todo!()
    }
    /// g <= h.
    pub fn le(&mut self, g: GameId, h: GameId) -> bool {
        todo!()
    }
    /// g || h (neither >= nor <=).
    pub fn confused(&mut self, g: GameId, h: GameId) -> bool {
        todo!()
    }
    /// The outcome class of g.
    pub fn outcome(&mut self, g: GameId) -> OutcomeClass {
        todo!()
    }
    /// The number g is, if it is one.
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        todo!()
    }
    /// n if g = *n.
    pub fn as_nimber(&self, g: GameId) -> Option<u64> {
        todo!()
    }
    /// The birthday of the canonical form.
    pub fn birthday(&mut self, g: GameId) -> u32 {
        todo!()
    }
    /// The field's notation, as CGSuite writes it: `0`, `3/4`, `*3`, `^`, `v*`,
    /// `^2*` (or `⇑*` with unicode), `±1`, `{1|-1/2}`, `{0||0|-1}`.
    pub fn display(&self, g: GameId, unicode: bool) -> String {
        todo!()
    }
    /// Read the notation of [`Universe::display`] back (and `{a,b|c}` generally).
    pub fn parse(&mut self, text: &str) -> Result<GameId, ParseError> {
        todo!()
    }
    /// The same value as `g` of `other`, in this universe.
    pub fn import(&mut self, other: &Universe, g: GameId) -> GameId {
        todo!()
    }
    /// How many distinct games are interned.
    pub fn len(&self) -> usize {
        todo!()
    }
}
