//! Temperature theory: stops, mean, temperature, thermographs, cooling and heating.
//!
//! Definitions follow Siegel, *Combinatorial Game Theory* (AMS 2013), ch. II,
//! and Winning Ways ch. 6, with CGSuite's conventions where the literature leaves a
//! choice: every thermograph starts at `t = -1`, so an integer has temperature -1
//! and `m/2^k` (k > 0, m odd) has temperature `-1/2^k`; a number plus a nonzero
//! infinitesimal has temperature 0.
//!
//! The universe has no room for caches of ours (lib.rs is not ours), so each
//! public call memoizes over the subpositions it visits in a local table
//! ([`Memo`]); one call is linear in the number of distinct subpositions.

use rustc_hash::FxHashMap;

use crate::thermograph::Pl;
use crate::{Dyadic, GameId, Thermograph, Universe};

/// Per-call memo of stops and thermographs.
#[derive(Default)]
pub(crate) struct Memo {
    stops: FxHashMap<GameId, (Dyadic, Dyadic)>,
    thermographs: FxHashMap<GameId, Thermograph>,
}

impl Universe {
    /// Left's stop: the number reached when Left moves first and both players
    /// stop as soon as the position is a number (LS(G) = max RS(G^L)).
    pub fn left_stop(&mut self, g: GameId) -> Dyadic {
        self.stops_memo(g, &mut Memo::default()).0
    }
    /// Right's stop (RS(G) = min LS(G^R)).
    pub fn right_stop(&mut self, g: GameId) -> Dyadic {
        self.stops_memo(g, &mut Memo::default()).1
    }
    /// The mean value (the mast of the thermograph; for a number, itself).
    pub fn mean(&mut self, g: GameId) -> Dyadic {
        if let Some(x) = self.as_number(g) {
            return x;
        }
        self.thermograph_memo(g, &mut Memo::default()).mast
    }
    /// The temperature (-1 for integers, as CGSuite; `-1/2^k` for `m/2^k`).
    pub fn temperature(&mut self, g: GameId) -> Dyadic {
        self.thermograph_memo(g, &mut Memo::default()).temperature
    }
    /// The thermograph: exact walls with dyadic corners (see [`Thermograph`]).
    pub fn thermograph(&mut self, g: GameId) -> Thermograph {
        self.thermograph_memo(g, &mut Memo::default())
    }
    /// `g` cooled by `t >= 0` (Siegel, CGT ch. II): a number is unchanged; if `t` exceeds
    /// the temperature, the mean; else `{G^L_t - t | G^R_t + t}` in canonical form.
    ///
    /// # Panics
    /// If `t < 0` (cooling by a negative temperature is not defined here).
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> GameId {
        assert!(t >= Dyadic::ZERO, "cooling by a negative temperature {t}");
        let tg = self.number(t);
        let mut memo = Memo::default();
        let mut cooled = FxHashMap::default();
        self.cool_rec(g, t, tg, &mut memo, &mut cooled)
    }
    /// `g` heated by `t` (`∫^t G`, Winning Ways ch. 6 / CGSuite `Heat`): a number is
    /// unchanged, else `{∫G^L + t | ∫G^R - t}`. Heating acts on the canonical form
    /// (it is not well defined on values: the form {-1 | 1} = 0 would heat by 1
    /// to {0 | 0} = *, while the number 0 stays 0).
    pub fn heat(&mut self, g: GameId, t: Dyadic) -> GameId {
        let tg = self.number(t);
        let mut heated = FxHashMap::default();
        self.heat_by_game(g, tg, &mut heated)
    }

    /// Heating by any game `t` (CGSuite heats by `*` for reduced forms).
    pub(crate) fn heat_by_game(
        &mut self,
        g: GameId,
        t: GameId,
        memo: &mut FxHashMap<GameId, GameId>,
    ) -> GameId {
        if self.as_number(g).is_some() {
            return g;
        }
        if let Some(&h) = memo.get(&g) {
            return h;
        }
        if !self.charge() {
            return GameId(0);
        }
        let lo = self.left_options(g).to_vec();
        let ro = self.right_options(g).to_vec();
        let mut left = Vec::with_capacity(lo.len());
        for gl in lo {
            let h = self.heat_by_game(gl, t, memo);
            left.push(self.add(h, t));
        }
        let mut right = Vec::with_capacity(ro.len());
        for gr in ro {
            let h = self.heat_by_game(gr, t, memo);
            right.push(self.sub(h, t));
        }
        let h = self.construct(&left, &right);
        memo.insert(g, h);
        h
    }

    fn cool_rec(
        &mut self,
        g: GameId,
        t: Dyadic,
        tg: GameId,
        memo: &mut Memo,
        cooled: &mut FxHashMap<GameId, GameId>,
    ) -> GameId {
        if self.as_number(g).is_some() {
            return g;
        }
        if let Some(&c) = cooled.get(&g) {
            return c;
        }
        if !self.charge() {
            return GameId(0);
        }
        let th = self.thermograph_memo(g, memo);
        let c = if th.temperature < t {
            // Above its temperature a game has frozen to its mean (the mast).
            self.number(th.mast)
        } else {
            let lo = self.left_options(g).to_vec();
            let ro = self.right_options(g).to_vec();
            let mut left = Vec::with_capacity(lo.len());
            for gl in lo {
                let c = self.cool_rec(gl, t, tg, memo, cooled);
                left.push(self.sub(c, tg));
            }
            let mut right = Vec::with_capacity(ro.len());
            for gr in ro {
                let c = self.cool_rec(gr, t, tg, memo, cooled);
                right.push(self.add(c, tg));
            }
            self.construct(&left, &right)
        };
        cooled.insert(g, c);
        c
    }

    /// (Left stop, Right stop).
    pub(crate) fn stops_memo(&mut self, g: GameId, memo: &mut Memo) -> (Dyadic, Dyadic) {
        if let Some(x) = self.as_number(g) {
            return (x, x);
        }
        if let Some(&s) = memo.stops.get(&g) {
            return s;
        }
        // The recursion goes as deep as the form: charged, so that a form too deep
        // for the stack stops (the universe marked exhausted) instead of aborting.
        if !self.charge() {
            return (Dyadic::ZERO, Dyadic::ZERO);
        }
        let lo = self.left_options(g).to_vec();
        let ro = self.right_options(g).to_vec();
        // A canonical form with an empty side is an integer, caught above.
        let ls = lo
            .into_iter()
            .map(|gl| self.stops_memo(gl, memo).1)
            .max()
            .expect("a canonical non-number has left options");
        let rs = ro
            .into_iter()
            .map(|gr| self.stops_memo(gr, memo).0)
            .min()
            .expect("a canonical non-number has right options");
        memo.stops.insert(g, (ls, rs));
        (ls, rs)
    }

    /// The thermograph, memoized in `memo`.
    ///
    /// Integers: the mast from -1. Otherwise (including non-integer numbers, whose
    /// canonical form `{(m-1)/2^k | (m+1)/2^k}` then yields temperature `-1/2^k`):
    /// the left scaffold `max_L (RW(G^L)(t) - t)` and the right scaffold
    /// `min_R (LW(G^R)(t) + t)` (Siegel, CGT; Winning Ways ch. 6), followed from
    /// t = -1 until they first meet; above that temperature, the mast at the
    /// meeting value. The left scaffold has slopes in {-1, 0} and the right in
    /// {0, 1}, so their difference is non-increasing with slope -2 eventually: the
    /// meeting point exists and is unique.
    pub(crate) fn thermograph_memo(&mut self, g: GameId, memo: &mut Memo) -> Thermograph {
        if let Some(x) = self.as_number(g) {
            if x.is_integer() {
                return Thermograph::integer(x);
            }
        }
        if let Some(th) = memo.thermographs.get(&g) {
            return th.clone();
        }
        if !self.charge() {
            return Thermograph::integer(Dyadic::ZERO);
        }
        let Some(th) = self.thermograph_of_options(g, memo) else {
            // A corner beyond Dyadic's precision: refused, not rounded.
            self.imprecise();
            return Thermograph::integer(Dyadic::ZERO);
        };
        if !self.work_exhausted() {
            memo.thermographs.insert(g, th.clone());
        }
        th
    }

    /// The thermograph of a non-integer from its options' thermographs; `None`
    /// when a corner is beyond [`Dyadic`]'s precision.
    fn thermograph_of_options(&mut self, g: GameId, memo: &mut Memo) -> Option<Thermograph> {
        let lo = self.left_options(g).to_vec();
        let ro = self.right_options(g).to_vec();
        let mut left: Option<Pl> = None;
        for gl in lo {
            let w = Pl::from_wall(&self.thermograph_memo(gl, memo).right)?.tilt(-1)?;
            left = Some(match left {
                None => w,
                Some(l) => l.combine(&w, true)?,
            });
        }
        let mut right: Option<Pl> = None;
        for gr in ro {
            let w = Pl::from_wall(&self.thermograph_memo(gr, memo).left)?.tilt(1)?;
            right = Some(match right {
                None => w,
                Some(r) => r.combine(&w, false)?,
            });
        }
        if self.work_exhausted() {
            // The options' thermographs are meaningless: stop before asking the
            // invariants below of them.
            return Some(Thermograph::integer(Dyadic::ZERO));
        }
        let (left, right) = (
            left.expect("a canonical non-integer has left options"),
            right.expect("a canonical non-integer has right options"),
        );
        // The scaffolds meet (their slopes end at -1 and +1): None here is a value
        // beyond Dyadic's precision.
        let t = left.first_meet(&right)?;
        let (a, b) = (left.at(t)?, right.at(t)?);
        Some(if a == b {
            Thermograph {
                left: left.wall_up_to(t)?,
                right: right.wall_up_to(t)?,
                mast: a,
                temperature: t,
            }
        } else {
            // Only possible at t = -1 with the scaffolds already crossed (not
            // met for canonical forms, whose scaffolds start apart; kept total):
            // the cooled game {a | b} with a < b is the simplest number between.
            let mast = Dyadic::checked_simplest_between(Some(a), Some(b))?;
            let mut th = Thermograph::integer(mast);
            th.temperature = t;
            th
        })
    }
}
