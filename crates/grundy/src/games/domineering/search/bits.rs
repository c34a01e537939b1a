//! The bitboards of Domineering's search: [`Bits`] (one bit a cell, `u64` or
//! `u128`), each player's view of the board along its lines, and the board's
//! geometry (both views, mirror images, regions).

use crate::partizan::Side;

/// A bitboard: one bit a cell, row major (bit `r * w + c`).
pub trait Bits: Copy + Eq + Ord + std::fmt::Debug + Send + Sync + 'static {
    /// The bitboard as the transposition table stores it: of alignment 8, so
    /// that a `u128` board's entry takes 24 bytes, not 32 (a third more
    /// entries in the same memory; deep searches are bound by the table).
    type Packed: Copy + Eq + std::fmt::Debug + Send + Sync + 'static;
    /// No cell.
    const ZERO: Self;
    /// No cell, packed.
    const PACKED_ZERO: Self::Packed;
    /// The bitboard packed.
    fn pack(self) -> Self::Packed;
    /// The bitboard of a packed one.
    fn unpack(p: Self::Packed) -> Self;
    /// Cells a bitboard holds.
    const CELLS: usize;
    /// Cell `i` alone.
    fn bit(i: usize) -> Self;
    /// The cells of `self` and of `o`.
    fn or(self, o: Self) -> Self;
    /// The cells of both.
    fn and(self, o: Self) -> Self;
    /// The cells not in `self`.
    fn not(self) -> Self;
    /// Every cell moved `n` places up the bit order (`n` less than the width).
    fn up(self, n: usize) -> Self;
    /// Every cell moved `n` places down the bit order.
    fn down(self, n: usize) -> Self;
    /// How many cells.
    fn count(self) -> u32;
    /// The lowest cell's index.
    fn lowest(self) -> usize;
    /// The highest cell's index.
    fn highest(self) -> usize;
    /// Without its lowest cell.
    fn drop_lowest(self) -> Self;
    /// Its cells below 64, as a `u64`.
    fn low64(self) -> u64;
    /// The cells of a `u64`.
    fn from_u64(x: u64) -> Self;
    /// A 64-bit digest, for the table's bucket.
    fn digest(self) -> u64;
    /// Its `CELLS / 8` bytes, little-endian.
    fn to_bytes(self) -> Vec<u8>;
    /// The cells of `CELLS / 8` little-endian bytes.
    fn from_bytes(b: &[u8]) -> Self;
    /// The lowest cell alone.
    fn lowest_bit(self) -> Self {
        self.and(self.drop_lowest().not())
    }
    /// The cells of `self` not in `o`.
    fn minus(self, o: Self) -> Self {
        self.and(o.not())
    }
}

macro_rules! bits {
    ($t:ty, $packed:ty, $zero:expr, $pack:expr, $unpack:expr) => {
        impl Bits for $t {
            type Packed = $packed;
            const ZERO: $t = 0;
            const PACKED_ZERO: $packed = $zero;
            #[inline]
            fn pack(self) -> $packed {
                $pack(self)
            }
            #[inline]
            fn unpack(p: $packed) -> $t {
                $unpack(p)
            }
            const CELLS: usize = <$t>::BITS as usize;
            #[inline]
            fn bit(i: usize) -> $t {
                1 << i
            }
            #[inline]
            fn or(self, o: $t) -> $t {
                self | o
            }
            #[inline]
            fn and(self, o: $t) -> $t {
                self & o
            }
            #[inline]
            fn not(self) -> $t {
                !self
            }
            // Every shift of the search is by less than the width (lines are
            // at most MAX_LINE long and boards fit the bitboard).
            #[inline]
            fn up(self, n: usize) -> $t {
                debug_assert!(n < <$t>::BITS as usize);
                self << n
            }
            #[inline]
            fn down(self, n: usize) -> $t {
                debug_assert!(n < <$t>::BITS as usize);
                self >> n
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn highest(self) -> usize {
                (<$t>::BITS - 1 - self.leading_zeros()) as usize
            }
            #[inline]
            fn drop_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn low64(self) -> u64 {
                self as u64
            }
            #[inline]
            fn from_u64(x: u64) -> $t {
                x as $t
            }
            fn to_bytes(self) -> Vec<u8> {
                self.to_le_bytes().to_vec()
            }
            fn from_bytes(b: &[u8]) -> $t {
                let mut a = [0u8; <$t>::BITS as usize / 8];
                a.copy_from_slice(b);
                <$t>::from_le_bytes(a)
            }
            #[inline]
            fn digest(self) -> u64 {
                #[allow(clippy::cast_possible_truncation)]
                let lo = self as u64;
                let hi = self.checked_shr(64).unwrap_or(0) as u64;
                lo ^ hi.rotate_left(29)
            }
        }
    };
}

bits!(u64, u64, 0, |x| x, |p| p);

bits!(
    u128,
    [u64; 2],
    [0; 2],
    |x: u128| [x as u64, (x >> 64) as u64],
    |p: [u64; 2]| u128::from(p[0]) | u128::from(p[1]) << 64
);

/// A board seen along one player's lines (Left's columns, Right's rows): bit
/// `i * len + j` is cell `j` of line `i`, so the player's dominoes lie along
/// lines (cells `k` and `k + 1`) and the opponent's across them (`k` and
/// `k + len`).
#[derive(Clone, Debug)]
pub(super) struct View<B> {
    pub(super) len: usize,
    pub(super) lines: usize,
    pub(super) all: B,
    /// Cells not last in their line.
    pub(super) not_last: B,
    /// Cells not first in their line.
    pub(super) not_first: B,
    /// The cells of line 0.
    pub(super) line0: B,
    /// The most disjoint dominoes along one line, by its cells.
    pub(super) packing: Box<[u8; 1 << MAX_LINE]>,
    /// Their first cells (greedy from the line's start), by the line's cells.
    pub(super) firsts: Box<[u16; 1 << MAX_LINE]>,
    /// The same, greedy from the line's end.
    pub(super) firsts_from_end: Box<[u16; 1 << MAX_LINE]>,
}

impl<B: Bits> View<B> {
    fn new(len: usize, lines: usize) -> View<B> {
        let mut line0 = B::ZERO;
        for j in 0..len {
            line0 = line0.or(B::bit(j));
        }
        let mut all = B::ZERO;
        let mut first = B::ZERO;
        for i in 0..lines {
            all = all.or(line0.up(i * len));
            first = first.or(B::bit(i * len));
        }
        // Half of every run, greedily from one end.
        // Whole tables (entries past 2^len unused), so that a masked index
        // needs no bounds check.
        let mut firsts = Box::new([0u16; 1 << MAX_LINE]);
        for (m, slot) in firsts.iter_mut().enumerate().take(1 << len) {
            *slot = {
                let m = m as u32;
                let (mut f, mut j) = (0u16, 0);
                while j + 1 < len {
                    if m >> j & 3 == 3 {
                        f |= 1 << j;
                        j += 2;
                    } else {
                        j += 1;
                    }
                }
                f
            };
        }
        let mut firsts_from_end = Box::new([0u16; 1 << MAX_LINE]);
        for (m, slot) in firsts_from_end.iter_mut().enumerate().take(1 << len) {
            *slot = {
                let m = m as u32;
                let (mut f, mut j) = (0u16, len);
                while j >= 2 {
                    if m >> (j - 2) & 3 == 3 {
                        f |= 1 << (j - 2);
                        j -= 2;
                    } else {
                        j -= 1;
                    }
                }
                f
            };
        }
        let mut packing = Box::new([0u8; 1 << MAX_LINE]);
        for (p, f) in packing.iter_mut().zip(firsts.iter()) {
            *p = f.count_ones() as u8;
        }
        View {
            len,
            lines,
            all,
            not_last: all.minus(first.up(len - 1)),
            not_first: all.minus(first),
            line0,
            packing,
            firsts,
            firsts_from_end,
        }
    }

    /// Line `i`'s cells of `x`, as the low bits of an index.
    #[inline]
    pub(super) fn line(&self, x: B, i: usize) -> usize {
        x.down(i * self.len).and(self.line0).low64() as usize & ((1 << MAX_LINE) - 1)
    }

    /// The most disjoint dominoes along the lines in `m`.
    #[inline]
    pub(super) fn pairs(&self, m: B) -> u32 {
        let mut n = 0;
        for i in 0..self.lines {
            n += u32::from(self.packing[self.line(m, i)]);
        }
        n
    }

    /// The most disjoint dominoes along line `i` in `m` (0 off the board).
    #[inline]
    pub(super) fn line_pairs(&self, m: B, i: usize) -> i32 {
        if i < self.lines {
            i32::from(self.packing[self.line(m, i)])
        } else {
            0
        }
    }

    /// First cells of the dominoes along lines in `x`.
    #[inline]
    pub(super) fn slots(&self, x: B) -> B {
        x.and(x.down(1)).and(self.not_last)
    }

    /// The cells of `x` the opponent (across lines) can never cover.
    #[inline]
    pub(super) fn unreachable(&self, x: B) -> B {
        x.minus(x.down(self.len).or(x.up(self.len)))
    }

    /// The cells of `x` this player (along lines) can cover.
    #[inline]
    pub(super) fn reach(&self, x: B) -> B {
        x.and(x.down(1).and(self.not_last).or(x.up(1).and(self.not_first)))
    }

    /// The move order's rank of a domino at cells `j`, `j + 1` of line `i`
    /// (0 to 127), the same under both mirrors: lines at an odd distance from
    /// the nearer edge first, the nearest first (a domino there leaves the
    /// cells between it and the edge to the player), the edge lines last; in
    /// a line, dominoes at an even distance from the nearer end first, the
    /// nearest first (every other place, so that the cells between make safe
    /// moves).
    #[inline]
    pub(super) fn place_rank(&self, i: usize, j: usize) -> i32 {
        let di = i.min(self.lines - 1 - i);
        let dj = j.min(self.len - 2 - j.min(self.len - 2));
        let line = match di {
            0 => 0,
            _ if di % 2 == 1 => 7 - (di / 2).min(3),
            _ => 1,
        };
        let cell = if dj.is_multiple_of(2) { 15 } else { 7 } - (dj / 2).min(7);
        (line * 16 + cell) as i32
    }

    /// Column 0 of the row-major layout, for a view of columns (`len` = rows).
    fn line0_as_rows(&self, w: usize) -> B {
        let mut m = B::ZERO;
        for r in 0..self.len {
            m = m.or(B::bit(r * w));
        }
        m
    }
}

/// An `h × w` board's two views (Right's rows, Left's columns) and masks.
#[derive(Clone, Debug)]
pub struct Geometry<B> {
    pub(super) h: usize,
    pub(super) w: usize,
    pub(super) rows: View<B>,
    pub(super) cols: View<B>,
}

/// A node's board in both views: `e` row major (Right's), `t` column major
/// (Left's), the same cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cells<B> {
    pub(super) e: B,
    pub(super) t: B,
}

/// The longest line the search takes (its tables have `2^len` entries).
pub const MAX_LINE: usize = 16;

impl<B: Bits> Geometry<B> {
    /// The `h × w` board; `None` when it has no cell, more than `B` holds, or
    /// a side longer than [`MAX_LINE`].
    pub fn new(h: usize, w: usize) -> Option<Geometry<B>> {
        if h == 0 || w == 0 || h * w > B::CELLS || h > MAX_LINE || w > MAX_LINE {
            return None;
        }
        Some(Geometry {
            h,
            w,
            rows: View::new(w, h),
            cols: View::new(h, w),
        })
    }

    /// Rows and columns.
    pub fn size(&self) -> (usize, usize) {
        (self.h, self.w)
    }

    /// Every cell.
    pub fn all(&self) -> B {
        self.rows.all
    }

    pub(super) fn view(&self, side: Side) -> &View<B> {
        match side {
            Side::Left => &self.cols,
            Side::Right => &self.rows,
        }
    }

    /// The cells `x` (row major) column major.
    pub(super) fn transpose(&self, x: B) -> B {
        let mut out = B::ZERO;
        let mut m = x;
        while m != B::ZERO {
            let k = m.lowest();
            m = m.drop_lowest();
            out = out.or(B::bit((k % self.w) * self.h + k / self.w));
        }
        out
    }

    pub(super) fn cells(&self, e: B) -> Cells<B> {
        Cells {
            e,
            t: self.transpose(e),
        }
    }

    /// The board in `side`'s view.
    #[inline]
    pub(super) fn of(c: Cells<B>, side: Side) -> B {
        match side {
            Side::Left => c.t,
            Side::Right => c.e,
        }
    }

    #[inline]
    pub(super) fn neighbours(&self, x: B) -> B {
        let v = &self.rows;
        let right = x.and(v.not_last).up(1);
        let left = x.and(v.not_first).down(1);
        right.or(left).or(x.up(self.w)).or(x.down(self.w)).and(v.all)
    }

    /// The least of `e`'s images under the mirrors (left-right, up-down, both),
    /// which keep the players' roles.
    pub(super) fn least_image(&self, e: B) -> B {
        let (rows, cols) = (&self.rows, &self.cols);
        let mut lr = B::ZERO;
        let col0 = cols.line0_as_rows(self.w);
        for c in 0..self.w {
            lr = lr.or(e.down(c).and(col0).up(self.w - 1 - c));
        }
        let mut ud = B::ZERO;
        let mut both = B::ZERO;
        for r in 0..self.h {
            let to = (self.h - 1 - r) * self.w;
            ud = ud.or(e.down(r * self.w).and(rows.line0).up(to));
            both = both.or(lr.down(r * self.w).and(rows.line0).up(to));
        }
        e.min(lr).min(ud).min(both)
    }

    /// The region of `e` that holds `seed`: `Ok` when at most `most` cells,
    /// else `Err` with the cells reached by then.
    #[inline]
    pub(super) fn region(&self, seed: B, e: B, most: u32) -> Result<B, B> {
        let mut r = seed;
        loop {
            let grown = r.or(self.neighbours(r)).and(e);
            if grown == r {
                return Ok(r);
            }
            r = grown;
            if r.count() > most {
                return Err(r);
            }
        }
    }

    /// A region (at most 64 cells in its bounding box) trimmed to its bounding
    /// box: (rows, columns, cells).
    pub(super) fn trim(&self, m: B) -> Option<(usize, usize, u64)> {
        let (r0, r1) = (m.lowest() / self.w, m.highest() / self.w);
        let mut cols = B::ZERO;
        for r in r0..=r1 {
            cols = cols.or(m.down(r * self.w).and(self.rows.line0));
        }
        let (c0, c1) = (cols.lowest(), cols.highest());
        let (bh, bw) = (r1 - r0 + 1, c1 - c0 + 1);
        if bh * bw > 64 {
            return None;
        }
        let row = if bw == 64 { u64::MAX } else { (1u64 << bw) - 1 };
        let mut out = 0u64;
        for r in 0..bh {
            out |= (m.down((r0 + r) * self.w + c0).low64() & row) << (r * bw);
        }
        Some((bh, bw, out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::domineering;

    #[test]
    fn pairs_are_half_of_each_run() {
        // Column 0 full (3 cells), column 1 rows 0-1, column 2 row 0.
        let g = Geometry::<u64>::new(3, 3).unwrap();
        let c = g.cells(0b001_011_111);
        assert_eq!(g.cols.pairs(c.t), 2);
        // Rows: 3 cells (1), 2 cells (1), 1 cell (0).
        assert_eq!(g.rows.pairs(c.e), 2);
    }

    #[test]
    fn the_least_image_is_the_same_for_every_mirror() {
        let g = Geometry::<u128>::new(3, 5).unwrap();
        let e: u128 = 0b10011_00101_11000;
        let (h, w, lr) = domineering::mirror_lr(3, 5, e as u64);
        let (_, _, ud) = domineering::mirror_ud(h, w, e as u64);
        assert_eq!(g.least_image(e), g.least_image(u128::from(lr)));
        assert_eq!(g.least_image(e), g.least_image(u128::from(ud)));
        assert!(g.least_image(e) <= e);
    }
}
