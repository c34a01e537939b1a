//! The game model: a game gives the options of a position; that is all a solver needs.

use std::fmt::Debug;
use std::hash::Hash;

use crate::{GameError, Outcome, Play};

/// A two-player game of perfect information.
///
/// The player to move chooses one of the *options* of the position (the positions
/// one move away). Under normal play a player with no option loses. Games that end
/// by a rule (a move counter runs out, say) report it in [`Game::terminal`].
///
/// Options are fallible because some games are defined by user scripts, whose code
/// can fail; native games always return `Ok`.
pub trait Game {
    /// A state of the game, including whose turn it is when that matters.
    type Position: Clone + Eq + Hash + Debug;

    /// Push every position reachable in one move onto `out` (which the caller cleared).
    fn options(&self, p: &Self::Position, out: &mut Vec<Self::Position>) -> Result<(), GameError>;

    /// The value for the player to move when the game ends here by a rule; `None`
    /// means play on (and a position with no options is decided by the play convention).
    fn terminal(&self, _p: &Self::Position) -> Result<Option<Outcome>, GameError> {
        Ok(None)
    }
}

/// A game where both players have the same options, under normal play, whose
/// positions may be disjunctive sums of independent components.
///
/// Implementing this promises that [`Game::terminal`] is always `None`, so that
/// nim-values (Sprague–Grundy) are defined.
pub trait Impartial: Game {
    /// Split a position into independent components (heaps, say). A sum's nim-value
    /// is the XOR of its components'. The default: the position is one component.
    fn components(&self, p: &Self::Position, out: &mut Vec<Self::Position>) {
        out.push(p.clone());
    }
}

impl<G: Game + ?Sized> Game for &G {
    type Position = G::Position;
    fn options(&self, p: &Self::Position, out: &mut Vec<Self::Position>) -> Result<(), GameError> {
        (**self).options(p, out)
    }
    fn terminal(&self, p: &Self::Position) -> Result<Option<Outcome>, GameError> {
        (**self).terminal(p)
    }
}

/// A game played under the misère convention: a player with no move wins.
///
/// It changes only positions without options and without a rule of their own.
/// Misère games do not add by nim-sum, so this is not [`Impartial`].
#[derive(Clone, Debug)]
pub struct Misere<G>(pub G);

impl<G: Game> Game for Misere<G> {
    type Position = G::Position;
    fn options(&self, p: &Self::Position, out: &mut Vec<Self::Position>) -> Result<(), GameError> {
        self.0.options(p, out)
    }
    fn terminal(&self, p: &Self::Position) -> Result<Option<Outcome>, GameError> {
        if let Some(v) = self.0.terminal(p)? {
            return Ok(Some(v));
        }
        let mut out = Vec::new();
        self.0.options(p, &mut out)?;
        Ok(out.is_empty().then_some(Play::Misere.no_move_outcome()))
    }
}

impl<G: Impartial + ?Sized> Impartial for &G {
    fn components(&self, p: &Self::Position, out: &mut Vec<Self::Position>) {
        (**self).components(p, out)
    }
}
