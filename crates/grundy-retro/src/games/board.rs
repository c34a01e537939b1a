//! Numbering of boards where two players alternately add stones (tic-tac-toe,
//! Connect Four): level = number of stones; within a level, the set of occupied cells
//! ("shape", one of a list) and then the colex rank of the first player's stones
//! among the occupied cells. A perfect index: no keys are stored.

use rustc_hash::FxHashMap;

/// Binomial coefficients up to 64.
pub(crate) struct Binomial(Vec<[u64; 65]>);

impl Binomial {
    pub(crate) fn new() -> Binomial {
        let mut t = vec![[0u64; 65]; 65];
        for n in 0..65 {
            t[n][0] = 1;
            for k in 1..=n {
                t[n][k] = t[n - 1][k - 1].saturating_add(if k < n { t[n - 1][k] } else { 0 });
            }
        }
        Binomial(t)
    }
    #[inline]
    pub(crate) fn c(&self, n: u32, k: u32) -> u64 {
        if k > n {
            0
        } else {
            self.0[n as usize][k as usize]
        }
    }

    /// Colex rank of the set bits of `x` among `n` bits.
    #[inline]
    pub(crate) fn rank(&self, x: u64) -> u64 {
        let mut r = 0;
        let mut t = 1;
        let mut m = x;
        while m != 0 {
            let j = m.trailing_zeros();
            r += self.c(j, t);
            t += 1;
            m &= m - 1;
        }
        r
    }

    /// The `k`-subset of colex rank `r`.
    pub(crate) fn unrank(&self, mut r: u64, k: u32, n: u32) -> u64 {
        let mut x = 0;
        let mut c = n;
        for t in (1..=k).rev() {
            c -= 1;
            while self.c(c, t) > r {
                c -= 1;
            }
            x |= 1 << c;
            r -= self.c(c, t);
        }
        x
    }
}

/// Scatter the low bits of `x` onto the set bits of `mask` (software `pdep`).
#[inline]
pub(crate) fn deposit(mut x: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    while mask != 0 {
        let b = mask & mask.wrapping_neg();
        if x & 1 == 1 {
            out |= b;
        }
        x >>= 1;
        mask &= mask - 1;
    }
    out
}

/// Gather the bits of `x` at the set bits of `mask` into the low bits (software `pext`).
#[inline]
pub(crate) fn extract(x: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut k = 0;
    while mask != 0 {
        let b = mask & mask.wrapping_neg();
        if x & b != 0 {
            out |= 1 << k;
        }
        k += 1;
        mask &= mask - 1;
    }
    out
}

/// The level-by-level numbering of two-colour boards.
pub(crate) struct BoardIndex {
    pub(crate) binom: Binomial,
    /// Per level: first index, shapes (occupied masks, sorted), colourings per shape.
    levels: Vec<(u64, Vec<u64>, u64)>,
    shape_of: FxHashMap<u64, u32>,
    size: u64,
}

impl BoardIndex {
    /// Number the boards whose occupied sets are `shapes` (any order).
    pub(crate) fn new(mut shapes: Vec<u64>) -> BoardIndex {
        let binom = Binomial::new();
        shapes.sort_by_key(|s| (s.count_ones(), *s));
        let top = shapes.iter().map(|s| s.count_ones()).max().unwrap_or(0) as usize;
        let mut levels: Vec<(u64, Vec<u64>, u64)> = (0..=top)
            .map(|l| (0, Vec::new(), binom.c(l as u32, (l as u32).div_ceil(2))))
            .collect();
        let mut shape_of = FxHashMap::default();
        for s in shapes {
            let l = &mut levels[s.count_ones() as usize];
            shape_of.insert(s, l.1.len() as u32);
            l.1.push(s);
        }
        let mut size = 0;
        for l in &mut levels {
            l.0 = size;
            size += l.1.len() as u64 * l.2;
        }
        BoardIndex {
            binom,
            levels,
            shape_of,
            size,
        }
    }

    pub(crate) fn size(&self) -> u64 {
        self.size
    }

    pub(crate) fn levels(&self) -> usize {
        self.levels.len()
    }

    pub(crate) fn level(&self, l: usize) -> std::ops::Range<u64> {
        let (s, shapes, c) = &self.levels[l];
        *s..*s + shapes.len() as u64 * c
    }

    /// The index of the board with occupied cells `filled` and first-player stones `x`
    /// (`None` if the shape is not numbered or the stone counts are wrong).
    #[inline]
    pub(crate) fn index(&self, filled: u64, x: u64) -> Option<u64> {
        let l = filled.count_ones();
        if x & !filled != 0 || x.count_ones() != l.div_ceil(2) {
            return None;
        }
        let shape = *self.shape_of.get(&filled)? as u64;
        let (s, _, c) = &self.levels[l as usize];
        Some(s + shape * c + self.binom.rank(extract(x, filled)))
    }

    /// The board `(filled, x)` of index `i`.
    pub(crate) fn board(&self, i: u64) -> (u64, u64) {
        let l = self.levels.partition_point(|(s, _, _)| *s <= i) - 1;
        let (s, shapes, c) = &self.levels[l];
        let filled = shapes[((i - s) / c) as usize];
        let x = deposit(
            self.binom.unrank((i - s) % c, (l as u32).div_ceil(2), l as u32),
            filled,
        );
        (filled, x)
    }
}

/// Does `stones` contain one of the `lines`?
#[inline]
pub(crate) fn has_line(stones: u64, lines: &[u64]) -> bool {
    lines.iter().any(|&l| l & !stones == 0)
}
