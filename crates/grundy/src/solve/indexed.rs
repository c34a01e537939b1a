//! Games whose positions are numbered `0..size`: what the dense and retrograde solvers need.

use crate::Outcome;

/// A game whose positions are numbered `0..size()`.
///
/// Some numbers may be gaps (not positions at all: [`Indexed::is_position`] is false);
/// solvers skip them and tables mark them as unknown. Options are given as indices.
/// Loops are allowed: the retrograde solvers find draws.
pub trait Indexed: Sync {
    /// How many indices there are (positions and gaps).
    fn size(&self) -> u64;

    /// False when `i` is a gap in the numbering, not a position.
    fn is_position(&self, _i: u64) -> bool {
        true
    }

    /// The value for the player to move when the game ends at `i` by a rule; `None`:
    /// play on. A position with no option and no rule is a loss (normal play).
    fn terminal(&self, i: u64) -> Option<Outcome>;

    /// Push the index of every option of `i` onto `out` (which the caller cleared).
    /// Never called for terminal positions or gaps.
    fn options(&self, i: u64, out: &mut Vec<u64>);

    /// The terminal value of `i`, or else its options pushed onto `out`: the same as
    /// [`Indexed::terminal`] then [`Indexed::options`], for games that can do both
    /// with one decoding of the position.
    fn expand(&self, i: u64, out: &mut Vec<u64>) -> Option<Outcome> {
        if let Some(t) = self.terminal(i) {
            return Some(t);
        }
        self.options(i, out);
        None
    }

    /// Push every position that has `i` as an option (with the same multiplicity)
    /// and return true; or return false when the game cannot, and the solver builds
    /// the reverse edges by one forward pass.
    fn parents(&self, _i: u64, _out: &mut Vec<u64>) -> bool {
        false
    }

    /// Write into `counts[k]` how many options index `first + k` has (0 for a gap or
    /// a terminal position, as [`Indexed::expand`] would list none) and return true;
    /// or return false when the game cannot count them without listing them. The
    /// retrograde solvers need only the counts when the game gives its parents, and
    /// counting (popcounts over a board, say) is far cheaper than numbering every option.
    fn option_counts(&self, _first: u64, _counts: &mut [u32]) -> bool {
        false
    }
}

/// An acyclic [`Indexed`] game numbered level by level: level `l` is a contiguous
/// range of indices and every option of a position in level `l` is in a later level.
///
/// The level-by-level solver solves the last level first, each level on all cores.
pub trait Levelled: Indexed {
    /// How many levels there are.
    fn levels(&self) -> usize;
    /// The indices of level `l`.
    fn level(&self, l: usize) -> std::ops::Range<u64>;
}

impl<G: Indexed + ?Sized> Indexed for &G {
    fn size(&self) -> u64 {
        (**self).size()
    }
    fn is_position(&self, i: u64) -> bool {
        (**self).is_position(i)
    }
    fn terminal(&self, i: u64) -> Option<Outcome> {
        (**self).terminal(i)
    }
    fn options(&self, i: u64, out: &mut Vec<u64>) {
        (**self).options(i, out)
    }
    fn parents(&self, i: u64, out: &mut Vec<u64>) -> bool {
        (**self).parents(i, out)
    }
    fn expand(&self, i: u64, out: &mut Vec<u64>) -> Option<Outcome> {
        (**self).expand(i, out)
    }
    fn option_counts(&self, first: u64, counts: &mut [u32]) -> bool {
        (**self).option_counts(first, counts)
    }
}

impl<G: Levelled + ?Sized> Levelled for &G {
    fn levels(&self) -> usize {
        (**self).levels()
    }
    fn level(&self, l: usize) -> std::ops::Range<u64> {
        (**self).level(l)
    }
}
