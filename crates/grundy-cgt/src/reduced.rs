//! Reduced canonical form (values modulo infinitesimals).
//!
//! Two games are *Inf-equivalent* when their difference is infinitesimal (lies
//! strictly between -x and x for every positive number x; for short games: both
//! stops of the difference are 0). Every short game has a unique simplest
//! Inf-equivalent game without Inf-dominated or Inf-reversible options, its
//! reduced canonical form (Calistrate 1996; Grossman and Siegel, "Reductions of
//! partizan games", Games of No Chance 3, 2009; Siegel, CGT ch. II).
//!
//! Computation, as CGSuite's `reducedCanonicalForm` does it: heat the canonical
//! form by `*` (`{∫G^L + * | ∫G^R + *}`, numbers fixed), then project stars away:
//! replace every subposition `x*` (number plus star) by `x` and rebuild the
//! canonical form from the projected options. The tests check the result against
//! the definition (Inf-equivalent to G, a fixed point, invariant under adding
//! infinitesimals, no older than G).

use rustc_hash::FxHashMap;

use crate::{GameId, Universe};

impl Universe {
    /// The reduced canonical form (infinitesimals dropped: G and its reduced form
    /// differ by an infinitesimal).
    pub fn reduced(&mut self, g: GameId) -> GameId {
        // A game whose stops agree is infinitesimally close to that number, and a
        // number is reduced: this covers numbers and every number + infinitesimal.
        let (ls, rs) = (self.left_stop(g), self.right_stop(g));
        if ls == rs {
            return self.number(ls);
        }
        let star = self.nimber(1);
        let mut heated = FxHashMap::default();
        let h = self.heat_by_game(g, star, &mut heated);
        let mut projected = FxHashMap::default();
        self.star_projection(h, star, &mut projected)
    }

    /// `x* ↦ x` for numbers x, recursively through the options.
    fn star_projection(&mut self, g: GameId, star: GameId, memo: &mut FxHashMap<GameId, GameId>) -> GameId {
        if self.as_number(g).is_some() {
            return g;
        }
        if let Some(&p) = memo.get(&g) {
            return p;
        }
        // Charged as every recursion over a form: a form too deep stops, not aborts.
        if !self.charge() {
            return GameId(0);
        }
        // g = x* exactly when g + * is the number x (* + * = 0).
        let plus_star = self.add(g, star);
        let p = if self.as_number(plus_star).is_some() {
            plus_star
        } else {
            let lo = self.left_options(g).to_vec();
            let ro = self.right_options(g).to_vec();
            let left: Vec<GameId> = lo
                .into_iter()
                .map(|h| self.star_projection(h, star, memo))
                .collect();
            let right: Vec<GameId> = ro
                .into_iter()
                .map(|h| self.star_projection(h, star, memo))
                .collect();
            self.construct(&left, &right)
        };
        memo.insert(g, p);
        p
    }
}
