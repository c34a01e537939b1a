//! CGSuite's named games and operations on forms: Tiny and Miny, the uptimals
//! ↑^n (`^<n>`) and ↑^→n (`^[n]`), ordinal sums, Norton products, integer
//! multiples and overheating.
//!
//! Ordinal sums, Norton products and overheating act on canonical forms (as
//! CGSuite's do): they are not well defined on values in general, and the
//! canonical form is the one form a value has here.

use rustc_hash::FxHashMap;

use crate::{GameId, Universe};

impl Universe {
    /// Tiny(g) = {0 || 0 | -g}: positive, smaller than every positive number
    /// multiple of ↑ when g is a large positive number.
    pub fn tiny(&mut self, g: GameId) -> GameId {
        let zero = self.zero();
        let minus_g = self.neg(g);
        let inner = self.construct(&[zero], &[minus_g]);
        self.construct(&[zero], &[inner])
    }

    /// Miny(g) = {g | 0 || 0} = -Tiny(g).
    pub fn miny(&mut self, g: GameId) -> GameId {
        let t = self.tiny(g);
        self.neg(t)
    }

    /// ↑^n, CGSuite's `^<n>` (n >= 1): ↑^1 = ↑, and ↑^n = {0 | * - ↑^→(n-1)}.
    pub fn up_nth(&mut self, n: u32) -> GameId {
        if n <= 1 {
            return self.up();
        }
        let zero = self.zero();
        let star = self.nimber(1);
        let below = self.up_arrow_sum(n - 1);
        let right = self.sub(star, below);
        self.construct(&[zero], &[right])
    }

    /// ↑^→n = ↑ + ↑^2 + ... + ↑^n, CGSuite's `^[n]` (n >= 1):
    /// ↑^→n = {↑^→(n-1) | *}, with ↑^→0 = 0.
    pub fn up_arrow_sum(&mut self, n: u32) -> GameId {
        let star = self.nimber(1);
        let mut g = self.zero();
        for _ in 0..n {
            if !self.charge() {
                return GameId(0);
            }
            g = self.construct(&[g], &[star]);
        }
        g
    }

    /// The ordinal sum g:h = {G^L, g:H^L | G^R, g:H^R} of the canonical forms: h's
    /// moves are played on top of g, and a move in g takes h away.
    pub fn ordinal_sum(&mut self, g: GameId, h: GameId) -> GameId {
        let mut memo = FxHashMap::default();
        self.ordinal_sum_rec(g, h, &mut memo)
    }

    fn ordinal_sum_rec(&mut self, g: GameId, h: GameId, memo: &mut FxHashMap<GameId, GameId>) -> GameId {
        if h == self.zero() {
            return g;
        }
        if let Some(&s) = memo.get(&h) {
            return s;
        }
        if !self.charge() {
            return GameId(0);
        }
        let mut left = self.left_options(g).to_vec();
        let mut right = self.right_options(g).to_vec();
        for hl in self.left_options(h).to_vec() {
            left.push(self.ordinal_sum_rec(g, hl, memo));
        }
        for hr in self.right_options(h).to_vec() {
            right.push(self.ordinal_sum_rec(g, hr, memo));
        }
        let s = self.construct(&left, &right);
        memo.insert(h, s);
        s
    }

    /// n·g, the sum of n copies of g (of -g when n < 0), by doubling.
    pub fn multiple(&mut self, n: i64, g: GameId) -> GameId {
        if let Some(v) = self.nus_of(g) {
            // Symbolic: n·(x + k·↑ + *m) = nx + nk·↑ + (n odd ? *m : 0).
            let x = v.x.checked_mul_int(n);
            let ups = v.ups.checked_mul(n).filter(|u| u.unsigned_abs() <= 1 << 16);
            if let (Some(x), Some(ups)) = (x, ups) {
                let star = if n % 2 == 0 { 0 } else { v.star };
                return self.up_star(x, ups, star);
            }
        }
        let mut power = if n < 0 { self.neg(g) } else { g };
        let mut k = n.unsigned_abs();
        let mut sum = self.zero();
        while k > 0 {
            if k & 1 == 1 {
                sum = self.add(sum, power);
            }
            k >>= 1;
            if k > 0 {
                power = self.add(power, power);
            }
            if self.work_exhausted() {
                return GameId(0);
            }
        }
        sum
    }

    /// The Norton product g.u (CGSuite's `NortonProduct`): n copies of u when g is
    /// the integer n, else {G^L.u + u + I | G^R.u - (u + I)} over u's incentives I
    /// (the largest ones), on g's canonical form.
    pub fn norton_product(&mut self, g: GameId, u: GameId) -> GameId {
        let incentives = self.incentives(u);
        let shifts: Vec<GameId> = incentives.iter().map(|&i| self.add(u, i)).collect();
        let mut memo = FxHashMap::default();
        self.norton_rec(g, u, &shifts, &mut memo)
    }

    fn norton_rec(
        &mut self,
        g: GameId,
        u: GameId,
        shifts: &[GameId],
        memo: &mut FxHashMap<GameId, GameId>,
    ) -> GameId {
        if let Some(n) = self.as_number(g).filter(|d| d.is_integer()) {
            let n = i64::try_from(n.floor()).unwrap_or(i64::MAX);
            return self.multiple(n, u);
        }
        if let Some(&p) = memo.get(&g) {
            return p;
        }
        if !self.charge() {
            return GameId(0);
        }
        let mut left = Vec::new();
        for gl in self.left_options(g).to_vec() {
            let p = self.norton_rec(gl, u, shifts, memo);
            for &s in shifts {
                left.push(self.add(p, s));
            }
        }
        let mut right = Vec::new();
        for gr in self.right_options(g).to_vec() {
            let p = self.norton_rec(gr, u, shifts, memo);
            for &s in shifts {
                right.push(self.sub(p, s));
            }
        }
        let p = self.construct(&left, &right);
        memo.insert(g, p);
        p
    }

    /// Left's incentives G^L - G and Right's G - G^R, without duplicates and
    /// without those smaller than another.
    pub fn incentives(&mut self, g: GameId) -> Vec<GameId> {
        let mut all = Vec::new();
        for gl in self.left_options(g).to_vec() {
            all.push(self.sub(gl, g));
        }
        for gr in self.right_options(g).to_vec() {
            all.push(self.sub(g, gr));
        }
        all.sort_unstable();
        all.dedup();
        let mut kept = Vec::new();
        for (i, &a) in all.iter().enumerate() {
            let dominated = all.iter().enumerate().any(|(j, &b)| j != i && self.le(a, b));
            if !dominated {
                kept.push(a);
            }
        }
        kept
    }

    /// g overheated from s to t (CGSuite's `Overheat`): s·g's Norton product when g
    /// is an integer, else {G^L overheated + t | G^R overheated - t}, on the
    /// canonical form.
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> GameId {
        let mut memo = FxHashMap::default();
        self.overheat_rec(g, s, t, &mut memo)
    }

    fn overheat_rec(
        &mut self,
        g: GameId,
        s: GameId,
        t: GameId,
        memo: &mut FxHashMap<GameId, GameId>,
    ) -> GameId {
        if let Some(n) = self.as_number(g).filter(|d| d.is_integer()) {
            let n = i64::try_from(n.floor()).unwrap_or(i64::MAX);
            return self.multiple(n, s);
        }
        if let Some(&h) = memo.get(&g) {
            return h;
        }
        if !self.charge() {
            return GameId(0);
        }
        let mut left = Vec::new();
        for gl in self.left_options(g).to_vec() {
            let h = self.overheat_rec(gl, s, t, memo);
            left.push(self.add(h, t));
        }
        let mut right = Vec::new();
        for gr in self.right_options(g).to_vec() {
            let h = self.overheat_rec(gr, s, t, memo);
            right.push(self.sub(h, t));
        }
        let h = self.construct(&left, &right);
        memo.insert(g, h);
        h
    }
}
