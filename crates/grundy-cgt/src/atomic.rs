//! Atomic weight of all-small games.
//!
//! The atomic weight calculus (Berlekamp, Conway, Guy, *Winning Ways* ch. 8;
//! Albert, Nowakowski, Wolfe, *Lessons in Play*; Siegel, *Combinatorial Game
//! Theory*), as CGSuite computes it (`naiveAtomicWeight`):
//!
//! `G'' = {aw(G^L) - 2 | aw(G^R) + 2}`. If `G''` is not an integer, `aw(G) = G''`.
//! If it is an integer, compare `G` with a *remote star* `*N` (N larger than every
//! nimber among G's subpositions, so `*N` is confused with nothing "too small"):
//! - if `G < *N`, `aw(G)` is the least integer `n` with `n ⧐ G^L''` for every
//!   `G^L'' = aw(G^L) - 2` (0 if Left has no option);
//! - if `G > *N`, the greatest integer `n` with `n <| G^R''` for every
//!   `G^R'' = aw(G^R) + 2` (0 if Right has no option);
//! - otherwise `aw(G) = G''`.
//!
//! For an all-small game the result is its atomic weight: `G ≈ aw(G)·↑` up to
//! games "smaller than ↑" (the Norton product with ↑; Siegel, CGT ch. II).

use rustc_hash::FxHashMap;

use crate::{GameId, Universe};

impl Universe {
    /// The atomic weight of an all-small game; `None` when g is not all-small.
    ///
    /// All-small (Siegel, CGT ch. II; Lessons in Play): every subposition has options for both
    /// players or for neither. In canonical form this means: every subposition is
    /// 0 or has both left and right options (a canonical form with one empty side
    /// is a nonzero integer).
    pub fn atomic_weight(&mut self, g: GameId) -> Option<GameId> {
        let mut small = FxHashMap::default();
        if !self.all_small(g, &mut small) {
            return None;
        }
        let mut memo = FxHashMap::default();
        let mut far = FxHashMap::default();
        Some(self.aw_rec(g, &mut memo, &mut far))
    }

    fn all_small(&mut self, g: GameId, memo: &mut FxHashMap<GameId, bool>) -> bool {
        if let Some(x) = self.as_number(g) {
            return x == crate::Dyadic::ZERO;
        }
        if let Some(&b) = memo.get(&g) {
            return b;
        }
        // Every recursion over a form charges: a form too deep for the stack stops.
        if !self.charge() {
            return false;
        }
        let lo = self.left_options(g).to_vec();
        let ro = self.right_options(g).to_vec();
        let b = !lo.is_empty() && !ro.is_empty() && lo.iter().chain(&ro).all(|&h| self.all_small(h, memo));
        memo.insert(g, b);
        b
    }

    /// N with `*N` remote for `g`: one more than the largest nimber `*n` among
    /// its subpositions (at least 1), as CGSuite's `farStar`.
    fn far_star(&mut self, g: GameId, memo: &mut FxHashMap<GameId, u64>) -> u64 {
        if let Some(n) = self.as_nimber(g) {
            return n + 1;
        }
        if let Some(&n) = memo.get(&g) {
            return n;
        }
        if !self.charge() {
            return 1;
        }
        let opts: Vec<GameId> = self
            .left_options(g)
            .iter()
            .chain(self.right_options(g))
            .copied()
            .collect();
        let n = opts.into_iter().map(|h| self.far_star(h, memo)).fold(1, u64::max);
        memo.insert(g, n);
        n
    }

    fn aw_rec(
        &mut self,
        g: GameId,
        memo: &mut FxHashMap<GameId, GameId>,
        far: &mut FxHashMap<GameId, u64>,
    ) -> GameId {
        if let Some(&w) = memo.get(&g) {
            return w;
        }
        if g == self.zero() {
            return g;
        }
        if !self.charge() {
            return GameId(0);
        }
        let lo = self.left_options(g).to_vec();
        let ro = self.right_options(g).to_vec();
        let two = self.integer(2);
        let mut left = Vec::with_capacity(lo.len());
        for gl in lo {
            let w = self.aw_rec(gl, memo, far);
            left.push(self.sub(w, two));
        }
        let mut right = Vec::with_capacity(ro.len());
        for gr in ro {
            let w = self.aw_rec(gr, memo, far);
            right.push(self.add(w, two));
        }
        let g2 = self.construct(&left, &right);
        let w = match self.as_number(g2) {
            Some(x) if x.is_integer() => {
                let n = self.far_star(g, far);
                let remote = self.nimber(n);
                let (le, ge) = (self.le(g, remote), self.ge(g, remote));
                if le && !ge {
                    // G < *N: the least integer n not <= any G^L''.
                    self.least_integer_above(&left)
                } else if ge && !le {
                    // G > *N: the greatest integer n not >= any G^R''.
                    let neg: Vec<GameId> = right.iter().map(|&h| self.neg(h)).collect();
                    let m = self.least_integer_above(&neg);
                    self.neg(m)
                } else {
                    g2
                }
            }
            _ => g2,
        };
        memo.insert(g, w);
        w
    }

    /// The least integer `n` with `n ⧐ h` (not `n <= h`) for every `h` in `hs`; 0
    /// when `hs` is empty (the calculus's convention for a missing side).
    ///
    /// For a number `n`, `n <= h` iff `n <= RS(h)` except possibly at `n = RS(h)`
    /// itself (numbers below the right stop are below h; above it, not), so the
    /// candidate is `ceil(RS(h))`, bumped by one when `ceil(RS(h)) <= h`.
    fn least_integer_above(&mut self, hs: &[GameId]) -> GameId {
        let mut best: Option<i128> = None;
        for &h in hs {
            let c = self.right_stop(h).ceil();
            let cg = self.integer(c);
            // Integers in a universe are far from i128's ends (each is a chain of nodes).
            let n = if self.le(cg, h) { c.saturating_add(1) } else { c };
            best = Some(best.map_or(n, |b| b.max(n)));
        }
        self.integer(best.unwrap_or(0))
    }
}
