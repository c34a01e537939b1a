//! Who wins a Domineering board: the family's own outcome search, the generic
//! one ([`crate::partizan::OutcomeSearch`]) rewritten on bitboards.
//!
//! The ideas are the generic search's, in the form Domineering allows to be
//! fast: a node is one bitboard of the cells still to be played out, plus the
//! canonical value `V` of the small regions already split off (valued exactly
//! by the canonical-form engine, [`super::Domineering::region_value`], on
//! demand); a move is a domino on the bitboard or a move of `V`'s canonical
//! form. The small regions of the position asked about go into `V` at the
//! start; those that split off during the search stay on the bitboard unless
//! [`DomineeringSearch::small_in_search`] asks for them to be valued too
//! (measured cheaper on empty rectangles; see there). Then, after a move only
//! the region the domino was in can split, so only the domino's neighbours are
//! flooded, and a flood stops as soon as its region is too big to value. The
//! transposition table's key is the node itself (the
//! least of the bitboard's mirror images, `V` and the player to move): no hash
//! collision can give a wrong answer. The move-count bounds go beyond those of
//! [`super::move_bounds`] (safe moves, a third of the spoilable ones, against
//! the opponent's most): protective areas, spoilable pairs by how many one
//! domino can spoil, threats, and the cells each player can cover (the
//! private `Counts` has the argument), counted with bit operations. Moves
//! are ordered by [`super::move_score`]'s measure, and a safe move is tried
//! only when the player has no other.
//!
//! The search is generic over the bitboard's width ([`Bits`]: `u64`, `u128`),
//! so that boards of up to 128 cells can be searched.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::Domineering;
use crate::partizan::buckets::{SharedBuckets, Slot};
use crate::partizan::outcome::{count_node, first_wins, Classes, NodeLimits, Solved, Stats, SMALL_COMPONENT};
use crate::partizan::{GameId, OutcomeClass, Side, ValueCache};
use crate::{Budget, GameError};

/// The name of the method in reports.
/// It begins as every outcome search's ([`crate::partizan::outcome::OUTCOME_SEARCH`]).
pub const METHOD: &str = "outcome search on bitboards (Domineering's own: alpha-beta, exact values of small regions, transposition table, safe-move bounds)";

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
struct View<B> {
    len: usize,
    lines: usize,
    all: B,
    /// Cells not last in their line.
    not_last: B,
    /// Cells not first in their line.
    not_first: B,
    /// The cells of line 0.
    line0: B,
    /// The most disjoint dominoes along one line, by its cells.
    packing: Box<[u8; 1 << MAX_LINE]>,
    /// Their first cells (greedy from the line's start), by the line's cells.
    firsts: Box<[u16; 1 << MAX_LINE]>,
    /// The same, greedy from the line's end.
    firsts_from_end: Box<[u16; 1 << MAX_LINE]>,
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
    fn line(&self, x: B, i: usize) -> usize {
        x.down(i * self.len).and(self.line0).low64() as usize & ((1 << MAX_LINE) - 1)
    }

    /// The most disjoint dominoes along the lines in `m`.
    #[inline]
    fn pairs(&self, m: B) -> u32 {
        let mut n = 0;
        for i in 0..self.lines {
            n += u32::from(self.packing[self.line(m, i)]);
        }
        n
    }

    /// The player's pairs on `x`, line by line in one pass: the first cells
    /// of its safe pairs (most disjoint dominoes on `safe`, packed so that a
    /// run of `safe` of odd length leaves out its cell beside another cell of
    /// `x` when it has one: that cell can then make a pair with its neighbour
    /// instead of being lost; in a line `u s s s` (`u` not in `safe`) the
    /// pairs are the last two cells and the first two, where from the line's
    /// start only the middle two would pair), the first cells of the most
    /// disjoint dominoes on the cells left apart from `kept` (greedy from each
    /// line's start), and the most dominoes on `x`.
    #[inline]
    fn packings(&self, x: B, safe: B, kept: B) -> (B, B, u32) {
        let (mut safe_firsts, mut firsts, mut most) = (B::ZERO, B::ZERO, 0);
        for i in 0..self.lines {
            let xl = self.line(x, i) as u64;
            let s = self.line(safe, i) as u64;
            let others = xl & !s;
            // Runs of `s` with a cell of `others` just before them: packed
            // from their end (an odd run then leaves its first cell, which
            // pairs with the cell before). Adding a run's first cell carries
            // through the run and clears it.
            let starts = s & !(s << 1) & (others << 1);
            let from_end = s & !(s + starts);
            let sf = u64::from(self.firsts[(s & !from_end) as usize])
                | u64::from(self.firsts_from_end[from_end as usize]);
            let left = xl & !(sf | sf << 1) & !(self.line(kept, i) as u64);
            let f = u64::from(self.firsts[left as usize]);
            most += u32::from(self.packing[xl as usize]);
            if sf | f != 0 {
                safe_firsts = safe_firsts.or(B::from_u64(sf).up(i * self.len));
                firsts = firsts.or(B::from_u64(f).up(i * self.len));
            }
        }
        (safe_firsts, firsts, most)
    }

    /// The most disjoint dominoes along line `i` in `m` (0 off the board).
    #[inline]
    fn line_pairs(&self, m: B, i: usize) -> i32 {
        if i < self.lines {
            i32::from(self.packing[self.line(m, i)])
        } else {
            0
        }
    }

    /// First cells of the dominoes along lines in `x`.
    #[inline]
    fn slots(&self, x: B) -> B {
        x.and(x.down(1)).and(self.not_last)
    }

    /// The cells of `x` the opponent (across lines) can never cover.
    #[inline]
    fn unreachable(&self, x: B) -> B {
        x.minus(x.down(self.len).or(x.up(self.len)))
    }

    /// The cells of `x` this player (along lines) can cover.
    #[inline]
    fn reach(&self, x: B) -> B {
        x.and(x.down(1).and(self.not_last).or(x.up(1).and(self.not_first)))
    }

    /// Protective areas (see [`Counts`]) in `x`, packed greedily: how many,
    /// their cells (to keep out of the spoilable pairs), and their doors
    /// (beside an area open on one side, the cells the opponent could come
    /// in by). No area lies in another's door, so that no domino kills two.
    fn areas(&self, x: B) -> (u64, B, B) {
        let l = self.len;
        // First cells of empty 2x2 blocks (lines i, i + 1; cells j, j + 1).
        let blocks = self.slots(x).and(self.slots(x).down(l));
        // A cell of line i - 1, or of line i + 2, beside the block empty.
        let before = x.up(l);
        let after = x.down(2 * l);
        let open_before = before.or(before.down(1));
        let open_after = after.or(after.down(1));
        let mut corners = blocks.minus(open_before.and(open_after));
        let (mut n, mut used, mut doors) = (0, B::ZERO, B::ZERO);
        while corners != B::ZERO {
            let k = corners.lowest();
            let corner = corners.lowest_bit();
            corners = corners.drop_lowest();
            let block = B::bit(k)
                .or(B::bit(k + 1))
                .or(B::bit(k + l))
                .or(B::bit(k + l + 1));
            // The way in: the cells beyond the open side.
            let door = if open_after.and(corner) != B::ZERO {
                B::bit(k + 2 * l).or(B::bit(k + 2 * l + 1)).and(x)
            } else if open_before.and(corner) != B::ZERO {
                B::bit(k - l).or(B::bit(k - l + 1)).and(x)
            } else {
                B::ZERO
            };
            if block.and(used.or(doors)) == B::ZERO && door.and(used) == B::ZERO {
                used = used.or(block);
                doors = doors.or(door);
                n += 1;
            }
        }
        (n, used, doors)
    }

    /// The most dominoes the player can place on `x`, and the cells it can
    /// cover (see [`Counts`]).
    #[inline]
    fn limits(&self, x: B) -> (u64, u64) {
        (u64::from(self.pairs(x)), u64::from(self.reach(x).count()))
    }

    /// What the player can surely do on `x`, and at most; with the first
    /// cells of its safe pairs and the cells its plan counts on besides
    /// (spoilable pairs, areas and their doors), for [`Geometry::threats`].
    #[inline]
    fn counts(&self, x: B) -> (Counts, Held<B>) {
        let safe_cells = self.unreachable(x);
        let (areas, area_cells, doors) = self.areas(x);
        // The spoilable pairs: of the cells left, a safe cell no safe pair
        // took with a cell the opponent can reach included (every such pair
        // has one); those with a reachable cell next (across the lines) to a
        // reachable cell of another, one opponent's domino may spoil both.
        let (safe_firsts, firsts, most) = self.packings(x, safe_cells, area_cells);
        let reachable = firsts.or(firsts.up(1)).minus(safe_cells);
        let shared = reachable.and(reachable.up(self.len).or(reachable.down(self.len)));
        let spoilable = u64::from(firsts.count());
        let doubly = u64::from(firsts.and(shared.or(shared.down(1))).count());
        let half_safe = u64::from(firsts.and(safe_cells.or(safe_cells.down(1))).count());
        let counts = Counts {
            safe: u64::from(safe_firsts.count()),
            spoilable1: spoilable - doubly,
            spoilable2: doubly,
            half_safe,
            areas,
            most: u64::from(most),
            reach: u64::from(self.reach(x).count()),
        };
        let planned = firsts.or(firsts.up(1)).or(area_cells).or(doors);
        (counts, Held { safe_firsts, planned })
    }

    /// The move order's rank of a domino at cells `j`, `j + 1` of line `i`
    /// (0 to 127), the same under both mirrors: lines at an odd distance from
    /// the nearer edge first, the nearest first (a domino there leaves the
    /// cells between it and the edge to the player), the edge lines last; in
    /// a line, dominoes at an even distance from the nearer end first, the
    /// nearest first (every other place, so that the cells between make safe
    /// moves).
    #[inline]
    fn place_rank(&self, i: usize, j: usize) -> i32 {
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
}

/// An `h × w` board's two views (Right's rows, Left's columns) and masks.
#[derive(Clone, Debug)]
pub struct Geometry<B> {
    h: usize,
    w: usize,
    rows: View<B>,
    cols: View<B>,
}

/// A node's board in both views: `e` row major (Right's), `t` column major
/// (Left's), the same cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cells<B> {
    e: B,
    t: B,
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

    fn view(&self, side: Side) -> &View<B> {
        match side {
            Side::Left => &self.cols,
            Side::Right => &self.rows,
        }
    }

    /// The cells `x` (row major) column major.
    fn transpose(&self, x: B) -> B {
        let mut out = B::ZERO;
        let mut m = x;
        while m != B::ZERO {
            let k = m.lowest();
            m = m.drop_lowest();
            out = out.or(B::bit((k % self.w) * self.h + k / self.w));
        }
        out
    }

    fn cells(&self, e: B) -> Cells<B> {
        Cells {
            e,
            t: self.transpose(e),
        }
    }

    /// The board in `side`'s view.
    #[inline]
    fn of(c: Cells<B>, side: Side) -> B {
        match side {
            Side::Left => c.t,
            Side::Right => c.e,
        }
    }

    /// `side`'s threats on `c` (see [`Counts`]): cells next along its line
    /// to one of its safe pairs, within the opponent's reach, whose loss
    /// costs the opponent one of its most moves; at most one a pair and one
    /// a run of an opponent's line, so that one opponent's move answers one
    /// threat.
    /// The cells next along `side`'s lines to its safe pairs, within the
    /// opponent's reach: where threats may be (see [`Geometry::threats`]).
    #[inline]
    fn beside_safe_pairs(&self, c: Cells<B>, side: Side, held: &Held<B>) -> B {
        let mv = self.view(side);
        let mx = Geometry::of(c, side);
        let f = held.safe_firsts;
        let beside = f.and(mv.not_first).down(1).or(f.up(1).and(mv.not_last).up(1));
        beside.and(mx).minus(mv.unreachable(mx))
    }

    /// At least as many cells as [`Geometry::threats`] finds threats.
    #[inline]
    fn threat_cells(&self, c: Cells<B>, side: Side, held: &Held<B>) -> u64 {
        u64::from(self.beside_safe_pairs(c, side, held).count())
    }

    fn threats(&self, c: Cells<B>, side: Side, held: &Held<B>) -> u64 {
        let mv = self.view(side);
        let mx = Geometry::of(c, side);
        let l = mv.len;
        let f = held.safe_firsts;
        let mut cells = self.beside_safe_pairs(c, side, held).minus(held.planned);
        let (mut n, mut pairs, mut runs) = (0, B::ZERO, B::ZERO);
        while cells != B::ZERO {
            let u = cells.lowest();
            cells = cells.drop_lowest();
            // Its safe pair: the one after it, else the one before.
            let after = if !(u + 1).is_multiple_of(l) {
                B::bit(u + 1).and(f).minus(pairs)
            } else {
                B::ZERO
            };
            let pair = if after != B::ZERO {
                after
            } else if u % l >= 2 {
                B::bit(u - 2).and(f).minus(pairs)
            } else {
                B::ZERO
            };
            if pair == B::ZERO {
                continue;
            }
            // The run of the opponent's line (across) through `u`.
            let mut run = B::bit(u);
            loop {
                let grown = run.or(run.up(l)).or(run.down(l)).and(mx);
                if grown == run {
                    break;
                }
                run = grown;
            }
            // A run with a cell the plan counts on could be answered by a
            // move that spoils a pair or kills an area too.
            if run.and(held.planned.or(runs)) != B::ZERO {
                continue;
            }
            // Without `u` the run's most dominoes drop by one: the run is of
            // even length, or `u` at an odd place of it.
            let place = run.minus(B::ZERO.not().up(u)).count();
            if run.count() % 2 == 0 || place % 2 == 1 {
                runs = runs.or(run);
                pairs = pairs.or(pair);
                n += 1;
            }
        }
        n
    }

    #[inline]
    fn neighbours(&self, x: B) -> B {
        let v = &self.rows;
        let right = x.and(v.not_last).up(1);
        let left = x.and(v.not_first).down(1);
        right.or(left).or(x.up(self.w)).or(x.down(self.w)).and(v.all)
    }

    /// The least of `e`'s images under the mirrors (left-right, up-down, both),
    /// which keep the players' roles.
    fn least_image(&self, e: B) -> B {
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
    fn region(&self, seed: B, e: B, most: u32) -> Result<B, B> {
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
    fn trim(&self, m: B) -> Option<(usize, usize, u64)> {
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

impl<B: Bits> View<B> {
    /// Column 0 of the row-major layout, for a view of columns (`len` = rows).
    fn line0_as_rows(&self, w: usize) -> B {
        let mut m = B::ZERO;
        for r in 0..self.len {
            m = m.or(B::bit(r * w));
        }
        m
    }
}

/// The cells behind a player's [`Counts`], in its view.
#[derive(Clone, Copy, Debug)]
struct Held<B> {
    /// The first cells of its safe pairs.
    safe_firsts: B,
    /// The cells of its spoilable pairs, areas and their doors.
    planned: B,
}

/// What one player can surely do on a board, and at most: the facts behind
/// the search's bounds, in the manner of Lachmann, Moore and Rapaport's and
/// Bullock's (Obsequi's) safe moves and protective areas, with our own
/// accounting (proved below, checked against exact values by the tests).
///
/// Say the player P (Right, placing dominoes across; Left's is the same turned
/// on its side) plays by a plan: first its *protective areas* (empty 2×2
/// blocks whose two cells above, or two cells below, are filled or off the
/// board: P's domino across the row away from that wall leaves P a safe move
/// in the row beside it, and O no move in the block; O's dominoes into the
/// block come from inside or through the two cells of the open side, its
/// *door*, which lie in no other area), one a turn while one is left
/// intact; then its *spoilable* pairs (disjoint across pairs, apart
/// from the areas and the safe pairs, at least one of whose cells O can
/// reach), while one is intact; then its *safe* pairs (disjoint across pairs
/// of cells O can never cover) and the safe moves its areas left. One O move
/// kills at most one area or spoils at most two pairs; it spoils two only
/// where a cell of one pair and a cell of another lie next to each other
/// across the lines (O's domino covers both). The other spoilable pairs, `s1`
/// of them (`s2` the rest), fall one to an O move. One O move does both only
/// through a door: it kills the area and spoils the pair at the door. Then
/// the area's row by the wall is a new pair of P's (its cell above O's
/// domino walled in, the other reached by O only from inside the block),
/// which one O move spoils alone: P's plan is left one pair of `s1` for a
/// pair of either kind, no worse off than after O's plain kill, which the
/// accounting below assumes. (The exact plan is no worse off, as O loses
/// its double spoil on that pair; the closed forms beyond the tables count
/// `floor((s1 + s2) / 3)` pairs when there are areas, unchanged by the swap.)
///
/// The harvest `h` (P playing intact pairs, O spoiling) is at least
/// `H(s1, s2) = floor(s1 / 2) + floor(s2 / 3)` when O moves first, by
/// induction: O's move spoils two of `s2` (P then takes one of `s2`, leaving
/// `s2 - 3`), or one of either (P takes one of the same kind), or nothing; and
/// at least `1 + H` of what P's first pick leaves when P moves first. Each O
/// move elsewhere lowers `H` by at most one.
///
/// With `k` areas, `s` spoilable pairs and `c` areas claimed, P's plan makes
/// at least `safe + 2c + h` moves, `h` the pairs it harvests, and O, whose
/// dominoes never cover P's cells, makes at most both `most - 2c` (every O
/// domino of a claimed area is gone: the two cells of each of its columns
/// began a run, at the wall, and are out of O's reach after the claim)
/// and `(reach - 4c - 2h + m) / 2` (`reach`: the cells O can cover at all;
/// P's plan covers `4c + 2h - m` of them, `m` the pairs it takes that have a
/// cell out of O's reach, at most as many as there are). P moving first: P claims on each of its turns in
/// the area phase and O, on each of its own, kills (`y` in all) or plays
/// elsewhere (`x`), so `c + y = k` and `x + y <= c`, hence `2c >= k + x`; O's
/// `x` moves cost at most `x` of the harvest, so `h >= H - x` whoever starts
/// it, or P's first-mover harvest when P does and `k = 0`. The least over O's
/// choices (`c` an integer, so `4c - x` is least at `2k`, or `2k + 1` when
/// `k` is odd): `safe + 2k + H` against `most`, one more for an odd `k` (the
/// `4c` counts twice, once in each), and `2 safe + 4k + 3H + max(0, H - m)` against `reach` (twice the
/// cell bound). P
/// moving second: P's first move may kill too, so `2c >= k - 1 + x`, and
/// `2k - 2` for `2k` (`2k - 1` when `k` is even), `4k - 4` for `4k`.
///
/// *Threats* (in the manner of Obsequi's safe moves with an option): a cell
/// `u` next along P's line to one of its safe pairs `(a, b)` (`u, a, b` in a
/// row), within O's reach, such that O's most moves on the run of its line
/// through `u` drop by one without `u`, and that run holds no cell the plan
/// counts on (pairs, areas, doors). P may play `(u, a)` for its safe move
/// `(a, b)` at any time, as many moves, and O loses one of its most unless
/// it has played on that run first. With threats on distinct pairs and
/// distinct runs, an O move answers at most one threat and then touches
/// nothing else of the plan, and P's moves elsewhere touch no threat's run:
/// a threat is one more pair of `s1` in the plan, taken for one of O's
/// `most` instead of one more P move. So the threats raise the sure moves
/// against `most`, not the cells (P's `(u, a)` covers one cell of O's reach,
/// not two).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Counts {
    /// Disjoint pairs the opponent can never cover.
    safe: u64,
    /// Further disjoint pairs, apart from the areas, that one opponent's
    /// move spoils alone.
    spoilable1: u64,
    /// The other further pairs (one opponent's move may spoil two).
    spoilable2: u64,
    /// Spoilable pairs with a cell the opponent can never cover (the other
    /// cell it can).
    half_safe: u64,
    /// Disjoint protective areas.
    areas: u64,
    /// The most dominoes the player can ever place (half of every run of cells
    /// of each of its lines).
    most: u64,
    /// The cells the player can ever cover (those with an empty neighbour
    /// along its lines).
    reach: u64,
}

impl Counts {
    /// The counts with `t` threats among the pairs one opponent's move spoils
    /// alone (see [`Counts`]: for the sure moves against `most` only, not for
    /// the cells).
    fn with_threats(&self, t: u64) -> Counts {
        Counts {
            spoilable1: self.spoilable1 + t,
            ..*self
        }
    }

    /// The harvest of the spoilable pairs, the opponent moving first: the
    /// exact least of the little game where the opponent spoils one pair, or
    /// two of `s2`, or passes, and the player takes one ([`HARVEST`]); beyond
    /// the table, `floor(s1/2) + floor(s2/3)` (a lower bound of it).
    fn harvest_second(s1: u64, s2: u64) -> u64 {
        match harvest_table().get(s1 as usize).and_then(|r| r.get(s2 as usize)) {
            Some(h) => u64::from(h.0),
            None => s1 / 2 + s2 / 3,
        }
    }

    /// The harvest of the spoilable pairs, the player moving first.
    fn harvest_first(s1: u64, s2: u64) -> u64 {
        match harvest_table().get(s1 as usize).and_then(|r| r.get(s2 as usize)) {
            Some(h) => u64::from(h.1),
            None => {
                let after_one = if s1 > 0 {
                    Counts::harvest_second(s1 - 1, s2)
                } else {
                    0
                };
                let after_two = if s2 > 0 {
                    Counts::harvest_second(s1, s2 - 1)
                } else {
                    0
                };
                if s1 + s2 == 0 {
                    0
                } else {
                    1 + after_one.max(after_two)
                }
            }
        }
    }

    /// Twice `h` sure moves of the harvest and the cells of the opponent's
    /// reach they cover: `2h + 2h`, less one for each pair with a safe cell.
    fn covered(&self, h: u64) -> u64 {
        3 * h + h.saturating_sub(self.half_safe)
    }

    /// Moving first: the sure moves (against the opponent's `most`), and twice
    /// the sure moves by the cell count (against the opponent's `reach`).
    fn first(&self) -> (u64, u64) {
        let k = self.areas;
        if k == 0 {
            let h = Counts::harvest_first(self.spoilable1, self.spoilable2);
            (self.safe + h, 2 * self.safe + self.covered(h))
        } else {
            // See [`Counts`] on the doors.
            let h = (self.spoilable1 + self.spoilable2) / 3;
            let d = plan_value(k, self.spoilable1, self.spoilable2, true).unwrap_or(2 * k + k % 2 + h);
            let cells = plan_cells(k, self.spoilable1, self.spoilable2, true, self.half_safe == 0)
                .unwrap_or(4 * k + self.covered(h));
            (self.safe + d, 2 * self.safe + cells)
        }
    }

    /// Moving second: as [`Counts::first`].
    fn second(&self) -> (u64, u64) {
        let k = self.areas;
        if k == 0 {
            let h = Counts::harvest_second(self.spoilable1, self.spoilable2);
            (self.safe + h, 2 * self.safe + self.covered(h))
        } else {
            // See [`Counts`] on the doors.
            let h = (self.spoilable1 + self.spoilable2) / 3;
            let d =
                plan_value(k, self.spoilable1, self.spoilable2, false).unwrap_or(2 * k - 2 + (1 - k % 2) + h);
            let cells = plan_cells(k, self.spoilable1, self.spoilable2, false, self.half_safe == 0)
                .unwrap_or(4 * k - 4 + self.covered(h));
            (self.safe + d, 2 * self.safe + cells)
        }
    }
}

/// The harvest table's side: pairs of each kind it covers.
pub const HARVEST: usize = 48;

/// The harvest game solved: for `s1` pairs one opponent's move spoils alone
/// and `s2` it may spoil two of, the pairs the player surely takes with the
/// opponent to move, and with the player to move. The opponent spoils one
/// pair of either kind, or two of `s2`, or moves elsewhere; the player takes
/// one. Taking fewer pairs never helps the player, so this is the least over
/// the opponent's choices and the most over the player's.
fn harvest_table() -> &'static Vec<Vec<(u8, u8)>> {
    static TABLE: std::sync::OnceLock<Vec<Vec<(u8, u8)>>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let n = HARVEST;
        // first[s1][s2]: the player to move; second: the opponent to move.
        let mut first = vec![vec![0u8; n]; n];
        let mut second = vec![vec![0u8; n]; n];
        for total in 0..2 * n {
            for s1 in 0..n.min(total + 1) {
                let s2 = total - s1;
                if s2 >= n {
                    continue;
                }
                // The player takes one pair: then the opponent moves.
                let mut f = 0;
                if s1 > 0 {
                    f = f.max(1 + second[s1 - 1][s2]);
                }
                if s2 > 0 {
                    f = f.max(1 + second[s1][s2 - 1]);
                }
                first[s1][s2] = f;
                // The opponent spoils, or moves elsewhere (the player then
                // moves here with the same pairs).
                let mut g = f;
                if s1 > 0 {
                    g = g.min(first[s1 - 1][s2]);
                }
                if s2 > 0 {
                    g = g.min(first[s1][s2 - 1]);
                }
                if s2 > 1 {
                    g = g.min(first[s1][s2 - 2]);
                }
                second[s1][s2] = g;
            }
        }
        (0..n)
            .map(|s1| (0..n).map(|s2| (second[s1][s2], first[s1][s2])).collect())
            .collect()
    })
}

/// The sides of the plan table: areas, and pairs of each kind.
const PLAN_AREAS: usize = 12;
const PLAN_PAIRS: usize = 32;

/// The plan of [`Counts`] played out exactly, against `most`: what the player
/// gains over the opponent's most moves, `4` for each area it claims (its two
/// moves, and two of the opponent's gone) and `1` for each pair it takes,
/// with `k` areas and `s1`, `s2` pairs, the player to move when `first`. The
/// opponent kills an area, spoils one pair or two of `s2`, or moves
/// elsewhere; the player claims or takes. `None` beyond the table.
fn plan_value(k: u64, s1: u64, s2: u64, first: bool) -> Option<u64> {
    static TABLE: std::sync::OnceLock<Plan> = std::sync::OnceLock::new();
    plan(&TABLE, (4, 1), k, s1, s2, first)
}

/// The plan against the opponent's reach (twice the cell bound): `8` for
/// each area claimed (its two moves and four cells of the opponent's reach),
/// and for each pair taken `4` when every spoilable pair lies wholly in the
/// opponent's reach, else `3` (its move, and one cell at least).
fn plan_cells(k: u64, s1: u64, s2: u64, first: bool, whole_pairs: bool) -> Option<u64> {
    static WHOLE: std::sync::OnceLock<Plan> = std::sync::OnceLock::new();
    static HALF: std::sync::OnceLock<Plan> = std::sync::OnceLock::new();
    if whole_pairs {
        plan(&WHOLE, (8, 4), k, s1, s2, first)
    } else {
        plan(&HALF, (8, 3), k, s1, s2, first)
    }
}

type Plan = Vec<[u16; 2]>;

/// The plan's little game solved into `table` with `(claim, take)` as the
/// worth of a claimed area and of a pair taken.
fn plan(
    table: &'static std::sync::OnceLock<Plan>,
    (claim, take): (u16, u16),
    k: u64,
    s1: u64,
    s2: u64,
    first: bool,
) -> Option<u64> {
    let (na, np) = (PLAN_AREAS, PLAN_PAIRS);
    let index = |k: usize, s1: usize, s2: usize| (k * np + s1) * np + s2;
    let t = table.get_or_init(|| {
        // [opponent to move, player to move]
        let mut t = vec![[0u16; 2]; na * np * np];
        for total in 0..na + 2 * np {
            for k in 0..na {
                for s1 in 0..np {
                    if k + s1 > total || total - k - s1 >= np {
                        continue;
                    }
                    let s2 = total - k - s1;
                    let mut f = 0;
                    if k > 0 {
                        f = f.max(claim + t[index(k - 1, s1, s2)][0]);
                    }
                    if s1 > 0 {
                        f = f.max(take + t[index(k, s1 - 1, s2)][0]);
                    }
                    if s2 > 0 {
                        f = f.max(take + t[index(k, s1, s2 - 1)][0]);
                    }
                    let mut g = f;
                    if k > 0 {
                        g = g.min(t[index(k - 1, s1, s2)][1]);
                    }
                    if s1 > 0 {
                        g = g.min(t[index(k, s1 - 1, s2)][1]);
                    }
                    if s2 > 0 {
                        g = g.min(t[index(k, s1, s2 - 1)][1]);
                    }
                    if s2 > 1 {
                        g = g.min(t[index(k, s1, s2 - 2)][1]);
                    }
                    t[index(k, s1, s2)] = [g, f];
                }
            }
        }
        t
    });
    let (k, s1, s2) = (
        usize::try_from(k).ok()?,
        usize::try_from(s1).ok()?,
        usize::try_from(s2).ok()?,
    );
    (k < na && s1 < np && s2 < np).then(|| u64::from(t[index(k, s1, s2)][usize::from(first)]))
}

/// The most entries of the table (2^30: 24 GiB of `u128` boards' entries;
/// the memory budget bounds it first).
pub const TABLE_MAX_ENTRIES: usize = 1 << 30;

/// One entry of the transposition table: a node (its least image, the known
/// part's value, the player to move) and what it is worth.
#[derive(Clone, Copy, Debug)]
struct Entry<B: Bits> {
    cells: B::Packed,
    value: u32,
    /// Bit 0: in use; bit 1: Right to move; bit 2: the player to move wins;
    /// the rest: the nodes its search took (saturating), to keep costlier ones.
    meta: u32,
}

impl<B: Bits> Entry<B> {
    fn new(cells: B, value: u32, side: Side, win: bool, work: u64) -> Entry<B> {
        let meta =
            1 | u32::from(side == Side::Right) << 1 | u32::from(win) << 2 | (work.min(1 << 28) as u32) << 3;
        Entry {
            cells: cells.pack(),
            value,
            meta,
        }
    }
}

impl<B: Bits> Slot for Entry<B> {
    const EMPTY: Entry<B> = Entry {
        cells: B::PACKED_ZERO,
        value: 0,
        meta: 0,
    };
    fn used(&self) -> bool {
        self.meta & 1 == 1
    }
    fn same(&self, o: &Self) -> bool {
        (self.meta & 2) == (o.meta & 2) && self.cells == o.cells && self.value == o.value
    }
    fn work(&self) -> u64 {
        u64::from(self.meta >> 3)
    }
    fn bucket(&self) -> u64 {
        let side = if self.meta & 2 != 0 {
            Side::Right
        } else {
            Side::Left
        };
        bucket_hash(B::unpack(self.cells), self.value, side)
    }
}

/// The bucket hash of a node.
#[inline]
fn bucket_hash<B: Bits>(cells: B, value: u32, side: Side) -> u64 {
    let x = cells.digest() ^ (u64::from(value) << 1 | u64::from(side == Side::Right)).rotate_left(40);
    let x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (x >> 29);
    x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32
}

/// The first bytes of a [`DomineeringSearch::checkpoint`], with its version.
const CHECKPOINT_MAGIC: &[u8] = b"grundy domineering outcome search 1\n";

/// Reads a checkpoint's fields in order.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or("not a checkpoint of this search: it ends too soon")?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }
    fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes")))
    }
    fn u64(&mut self) -> Result<u64, String> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().expect("8 bytes")))
    }
}

/// Domineering's outcome search on boards of `B`'s cells; see the module's
/// documentation.
pub struct DomineeringSearch<B: Bits> {
    g: Geometry<B>,
    game: Domineering,
    cache: ValueCache<super::Board>,
    /// Regions of the position asked about of at most this many cells are
    /// valued (a position made of many small regions is then one value).
    pub small: u32,
    /// Regions of at most this many cells that split off during the search
    /// are valued too: none by default. On empty rectangles that costs more
    /// than it saves: the values split the table's transpositions (the same
    /// cells with other values are other nodes), and a value that is not an
    /// integer gives looser bounds. Valuing regions of up to 12 cells took
    /// 7x10 3.39 million nodes and 13.3 s of CPU, valuing none 3.05 million
    /// and 10.3 s; 6x9, 7x9 and 6x10 likewise a quarter to a third less CPU,
    /// 8x8 18% less (docs/benchmarks.md).
    pub small_in_search: u32,
    /// Whether a player with another move on the board skips its safe moves
    /// (both cells out of the opponent's reach), as Obsequi does: a safe move
    /// is a move kept in hand, playable at any later turn, and was never the
    /// only winning move in an exhaustive check of every position of the
    /// tests' boards (see the tests `safe_moves_are_never_needed`). On by
    /// default; off, every move is tried.
    pub skip_safe_moves: bool,
    /// Shared with the helpers of a search on several threads.
    tt: Arc<SharedBuckets<Entry<B>>>,
    /// Threads a search of a large board runs on (this one and helpers): by
    /// default the current rayon pool's (all cores, or `RAYON_NUM_THREADS`).
    pub threads: usize,
    /// Boards of at least this many empty cells are searched on
    /// [`DomineeringSearch::threads`] threads; smaller ones take a second at
    /// most, and on one thread their node counts are the same every run.
    pub parallel_cells: u32,
    /// Nodes of at least this many empty cells are shared out among the
    /// threads (see [`DomineeringSearch::wins_together`]).
    pub shared_cells: u32,
    /// The search on several threads running now, when this is one of them.
    team: Option<Arc<Team>>,
    /// Whether a teammate's finish stopped this one (its error says nothing).
    halted: bool,
    classes: Classes,
    /// The integers around values (see [`DomineeringSearch::integer_bounds`]).
    bounds: FxHashMap<GameId, (i64, i64)>,
    /// Regions too costly to value (trimmed).
    unknown: rustc_hash::FxHashSet<(usize, usize, u64)>,
    max_nodes: u64,
    /// The budget's positions, which this search counts as the nodes it
    /// visits (its table keeps only some of them): `--max-positions` bounds
    /// the nodes as `--max-work` does, and names itself when it is the one
    /// that stops the search. No limit unless the budget sets one.
    max_positions: u64,
    max_memory: u64,
    cancel: grundy_budget::Cancel,
    stats: Stats,
    /// Move lists, one a depth, kept to spare an allocation a node.
    buffers: Vec<Vec<(i32, Cells<B>)>>,
}

impl<B: Bits> DomineeringSearch<B> {
    /// A search of `h × w` boards within `budget` (its work is nodes, half
    /// its memory the values, as the generic search's; a quarter the table,
    /// twice the generic search's share, up to [`TABLE_MAX_ENTRIES`]: the
    /// values of regions of at most 12 cells stay small, and the deep
    /// searches are bound by the table: 7x10 with a table of 2^17 entries
    /// takes 2.6 times the nodes it takes with 2^21); `None` when the board is
    /// beyond it (see [`Geometry::new`]).
    pub fn new(h: usize, w: usize, budget: &Budget) -> Option<DomineeringSearch<B>> {
        let g = Geometry::new(h, w)?;
        let entry = std::mem::size_of::<Entry<B>>() as u64;
        let tt_entries = usize::try_from(budget.max_memory / 4 / entry).unwrap_or(usize::MAX);
        let tt = Arc::new(SharedBuckets::new(tt_entries, TABLE_MAX_ENTRIES));
        let mut search = DomineeringSearch::on_table(
            g,
            tt,
            budget.work(crate::Task::OutcomeSearch),
            budget.max_memory,
            budget.cancel.clone(),
            budget.max_memory / 2,
        );
        search.threads = budget.threads.unwrap_or_else(rayon::current_num_threads);
        search.max_positions = budget.max_positions.unwrap_or(u64::MAX);
        Some(search)
    }

    /// A search of `g`'s boards on the table `tt` with the default settings,
    /// the limits of a budget, and `values_memory` for its values.
    fn on_table(
        g: Geometry<B>,
        tt: Arc<SharedBuckets<Entry<B>>>,
        max_nodes: u64,
        max_memory: u64,
        cancel: grundy_budget::Cancel,
        values_memory: u64,
    ) -> DomineeringSearch<B> {
        let mut cache = ValueCache::new(usize::MAX);
        cache.universe.set_memory_limit(values_memory);
        cache.universe.set_cancel(&cancel);
        DomineeringSearch {
            g,
            game: Domineering::new(),
            cache,
            small: SMALL_COMPONENT as u32,
            small_in_search: 0,
            skip_safe_moves: true,
            tt,
            threads: rayon::current_num_threads(),
            parallel_cells: PARALLEL_CELLS,
            shared_cells: SHARED_CELLS,
            team: None,
            halted: false,
            classes: Classes::default(),
            bounds: FxHashMap::default(),
            unknown: Default::default(),
            max_nodes,
            max_positions: u64::MAX,
            max_memory,
            cancel,
            stats: Stats::default(),
            buffers: Vec::new(),
        }
    }

    /// Takes up `budget` for the calls to come, a search kept from earlier
    /// calls (or read back from a checkpoint) included: its limits and cancel
    /// flag, with the node count from zero.
    pub fn renew(&mut self, budget: &Budget) {
        self.max_nodes = budget.work(crate::Task::OutcomeSearch);
        self.threads = budget.threads.unwrap_or_else(rayon::current_num_threads);
        self.max_positions = budget.max_positions.unwrap_or(u64::MAX);
        self.max_memory = budget.max_memory;
        self.cancel = budget.cancel.clone();
        self.cache.universe.set_memory_limit(budget.max_memory / 2);
        self.cache.universe.set_cancel(&budget.cancel);
        self.stats = Stats::default();
    }

    /// The search's table as bytes, with `root` (the board it was asked
    /// about), for [`DomineeringSearch::restore`] to carry on from: every
    /// entry is a node searched to the end, so a search stopped by its budget
    /// loses only the nodes it had not finished. The known parts' values are
    /// written in CGSuite's notation (their ids are this run's own), and a
    /// checksum closes it.
    pub fn checkpoint(&self, root: B) -> Vec<u8> {
        let mut out = CHECKPOINT_MAGIC.to_vec();
        out.extend([self.g.h as u8, self.g.w as u8, (B::CELLS / 8) as u8]);
        out.extend(root.to_bytes());
        let mut values: FxHashMap<u32, u32> = FxHashMap::default();
        let mut texts = Vec::new();
        self.tt.for_each(|e| {
            values.entry(e.value).or_insert_with(|| {
                texts.push(self.cache.universe.display(GameId(e.value), false));
                (texts.len() - 1) as u32
            });
        });
        out.extend((texts.len() as u32).to_le_bytes());
        for t in &texts {
            out.extend((t.len() as u32).to_le_bytes());
            out.extend(t.as_bytes());
        }
        out.extend(self.tt.filled().to_le_bytes());
        self.tt.for_each(|e| {
            out.extend(B::unpack(e.cells).to_bytes());
            out.extend(values[&e.value].to_le_bytes());
            out.extend(e.meta.to_le_bytes());
        });
        let mut sum = grundy_files::Fnv::new();
        sum.update(&out);
        out.extend(sum.finish().to_le_bytes());
        out
    }

    /// A search of an `h × w` board carrying on from a
    /// [`DomineeringSearch::checkpoint`] of one, within `budget`, and the
    /// board it was asked about; the error says what is wrong with the bytes.
    pub fn restore(
        h: usize,
        w: usize,
        bytes: &[u8],
        budget: &Budget,
    ) -> Result<(B, DomineeringSearch<B>), String> {
        let bad = |what: &str| format!("not a checkpoint of this search: {what}");
        let (body, sum) = bytes.split_last_chunk::<8>().ok_or_else(|| bad("too short"))?;
        let mut check = grundy_files::Fnv::new();
        check.update(body);
        if check.finish() != u64::from_le_bytes(*sum) {
            return Err(bad("its checksum does not match (a damaged or cut file)"));
        }
        let mut r = Reader { bytes: body, at: 0 };
        if r.take(CHECKPOINT_MAGIC.len())? != CHECKPOINT_MAGIC {
            return Err(bad("it does not begin as one"));
        }
        let head = r.take(3)?;
        if (usize::from(head[0]), usize::from(head[1])) != (h, w) {
            return Err(format!(
                "the checkpoint is of a {}x{} board, not {h}x{w}",
                head[0], head[1]
            ));
        }
        if usize::from(head[2]) != B::CELLS / 8 {
            return Err(bad("its bitboards are of another width"));
        }
        let cell_bytes = B::CELLS / 8;
        let root = B::from_bytes(r.take(cell_bytes)?);
        let mut search =
            DomineeringSearch::<B>::new(h, w, budget).ok_or_else(|| bad("the board is beyond it"))?;
        let n = r.u32()? as usize;
        let mut ids = Vec::with_capacity(n.min(1 << 20));
        for _ in 0..n {
            let len = r.u32()? as usize;
            let text = std::str::from_utf8(r.take(len)?).map_err(|_| bad("a value is not UTF-8"))?;
            let v = search
                .cache
                .universe
                .parse(text)
                .map_err(|e| bad(&format!("a value does not read back ({e})")))?;
            ids.push(v.0);
        }
        let entries = r.u64()?;
        search.tt.reserve(entries.min((body.len() / cell_bytes) as u64));
        for _ in 0..entries {
            let cells = B::from_bytes(r.take(cell_bytes)?);
            let value = *ids
                .get(r.u32()? as usize)
                .ok_or_else(|| bad("an entry's value is not in its list"))?;
            let meta = r.u32()?;
            if meta & 1 == 0 || cells.minus(search.g.all()) != B::ZERO {
                return Err(bad("an entry is not one of this board's"));
            }
            search.tt.insert(Entry {
                cells: cells.pack(),
                value,
                meta,
            });
        }
        if r.at != body.len() {
            return Err(bad("bytes follow its last entry"));
        }
        Ok((root, search))
    }

    /// The board's geometry.
    pub fn geometry(&self) -> &Geometry<B> {
        &self.g
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        Stats {
            tt_entries: self.tt.filled(),
            ..self.stats
        }
    }

    /// Whether `side`, moving first on the empty cells `e` (row major), wins.
    pub fn wins(&mut self, e: B, side: Side) -> Result<bool, GameError> {
        let (rest, v) = self.split_all(e.and(self.g.all()))?;
        // On several threads only with nothing known: the known part's ids
        // are this search's universe's own, and a helper has its own.
        if self.threads > 1
            && v == self.cache.universe.zero()
            && self.small_in_search == 0
            && rest.e.count() >= self.parallel_cells
        {
            return self.wins_together(rest, side);
        }
        self.search(rest, v, side, 0)
    }

    /// [`DomineeringSearch::wins`] on [`DomineeringSearch::threads`] threads
    /// sharing the table, each searching the whole tree as ABDADA has it
    /// (Weill 1996): a node's first move is searched by every thread that
    /// comes to it, its other moves only by the first to come (another that
    /// finds one busy leaves it for last, by when its answer is mostly in the
    /// table). Busy nodes are marked only where at least
    /// [`DomineeringSearch::shared_cells`] cells are empty: below, a subtree
    /// is too small to share. The first thread to answer stops the others; each node's answer
    /// is the same whichever thread finds it, so the answer is too (only the
    /// node counts vary from run to run).
    fn wins_together(&mut self, c: Cells<B>, side: Side) -> Result<bool, GameError> {
        let team = Arc::new(Team::new());
        let zero = self.cache.universe.zero();
        let helpers: Vec<DomineeringSearch<B>> = (1..self.threads).map(|_| self.helper(&team)).collect();
        self.team = Some(Arc::clone(&team));
        self.halted = false;
        let (mine, theirs) = std::thread::scope(|s| {
            let running: Vec<_> = helpers
                .into_iter()
                .map(|mut helper| {
                    let team = &team;
                    s.spawn(move || {
                        let answer = helper.search(c, zero, side, 0);
                        team.stop.store(true, Relaxed);
                        (answer, helper.stats, helper.halted)
                    })
                })
                .collect();
            let mine = self.search(c, zero, side, 0);
            team.stop.store(true, Relaxed);
            let theirs: Vec<_> = running
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
                .collect();
            (mine, theirs)
        });
        self.team = None;
        let halted = std::mem::take(&mut self.halted);
        let mut errors = Vec::new();
        let mut answer = None;
        for (theirs, stats, their_halt) in theirs {
            self.stats.nodes += stats.nodes;
            self.stats.by_value += stats.by_value;
            self.stats.by_bounds += stats.by_bounds;
            self.stats.tt_hits += stats.tt_hits;
            match theirs {
                Ok(w) => answer = answer.or(Some(w)),
                Err(e) if !their_halt => errors.push(e),
                Err(_) => {}
            }
        }
        match (mine, answer) {
            (Ok(w), _) | (Err(_), Some(w)) => Ok(w),
            (Err(_), None) if halted && !errors.is_empty() => Err(errors.swap_remove(0)),
            (Err(e), None) => Err(e),
        }
    }

    /// A helper of a search on several threads: this search's table, board
    /// and settings, its own values and counters.
    fn helper(&self, team: &Arc<Team>) -> DomineeringSearch<B> {
        let mut helper = DomineeringSearch::on_table(
            self.g.clone(),
            Arc::clone(&self.tt),
            self.max_nodes,
            self.max_memory,
            self.cancel.clone(),
            self.max_memory / 2 / self.threads as u64,
        );
        helper.small = self.small;
        helper.small_in_search = self.small_in_search;
        helper.skip_safe_moves = self.skip_safe_moves;
        helper.max_positions = self.max_positions;
        helper.threads = 1;
        helper.parallel_cells = self.parallel_cells;
        helper.shared_cells = self.shared_cells;
        helper.team = Some(Arc::clone(team));
        helper
    }

    /// Whether `side`, moving first on the empty cells `e`, wins, and a winning
    /// move (the empty cells it leaves) if so.
    pub fn solve(&mut self, e: B, side: Side) -> Result<Solved<B>, GameError> {
        let e = e.and(self.g.all());
        let wins = self.wins(e, side)?;
        if !wins {
            return Ok(Solved {
                wins,
                winning_move: None,
            });
        }
        // The real move behind the win: the first option the opponent loses
        // (mostly answered by the table now).
        let mut moves = Vec::new();
        self.ordered_moves(self.g.cells(e), side, false, &mut moves);
        moves.sort_by_key(|x| std::cmp::Reverse(x.0));
        for (_, d) in moves {
            let q = e.minus(d.e);
            if !self.wins(q, side.other())? {
                return Ok(Solved {
                    wins,
                    winning_move: Some(q),
                });
            }
        }
        Err(GameError::Rule(
            "Domineering's outcome search found a win but no winning move".into(),
        ))
    }

    /// The regions of `e` small enough to value, split off into a value.
    fn split_all(&mut self, e: B) -> Result<(Cells<B>, GameId), GameError> {
        let mut v = self.cache.universe.zero();
        let mut rest = e;
        let mut seeds = e;
        while seeds != B::ZERO {
            let seed = seeds.lowest_bit();
            let whole = self.g.region(seed, e, u32::MAX).unwrap_or(seed);
            seeds = seeds.minus(whole);
            if whole.count() <= self.small {
                if let Some(x) = self.region_value(whole)? {
                    v = self.cache.universe.add(v, x);
                    rest = rest.minus(whole);
                }
            }
        }
        self.cache.check_work()?;
        Ok((self.g.cells(rest), v))
    }

    /// A small region's value, or `None` when too costly.
    fn region_value(&mut self, r: B) -> Result<Option<GameId>, GameError> {
        // The commonest regions without the memo: a lone cell is 0, and a
        // strip of n cells is floor(n/2) moves of the one player who fits
        // (connected: one row, or n cells down one column).
        let n = r.count();
        if n == 1 {
            return Ok(Some(self.cache.universe.zero()));
        }
        let w = self.g.w;
        let (lo, hi) = (r.lowest(), r.highest());
        if lo / w == hi / w {
            return Ok(Some(self.cache.universe.integer(-i64::from(n / 2))));
        }
        if lo % w == hi % w && (hi / w - lo / w + 1) as u32 == n {
            return Ok(Some(self.cache.universe.integer(i64::from(n / 2))));
        }
        let Some((h, w, bits)) = self.g.trim(r) else {
            return Ok(None);
        };
        if self.unknown.contains(&(h, w, bits)) {
            return Ok(None);
        }
        self.cache
            .limit_work(crate::Task::OutcomeComponent.defaults().work);
        let v = self.game.region_value(h, w, bits, &mut self.cache);
        let v = v.and_then(|v| self.cache.check_work().map(|()| v));
        self.cache.universe.set_work_limit(None);
        match v {
            Ok(v) => {
                self.stats.valued += 1;
                Ok(Some(v))
            }
            Err(GameError::OverBudget(_)) if !self.cache.universe.memory_exhausted() => {
                self.unknown.insert((h, w, bits));
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    fn class(&mut self, v: GameId) -> OutcomeClass {
        self.classes.of(&mut self.cache.universe, v)
    }

    fn first_wins(&mut self, v: GameId, side: Side) -> bool {
        first_wins(self.class(v), side)
    }

    /// The integers `(a, b)` nearest around `v`: `a <= v <= b`, `a` the
    /// greatest and `b` the least such (found from the stops), remembered.
    fn integer_bounds(&mut self, v: GameId) -> (i64, i64) {
        if let Some(&ab) = self.bounds.get(&v) {
            return ab;
        }
        let u = &mut self.cache.universe;
        let clamp = |x: i128| i64::try_from(x).unwrap_or(if x < 0 { i64::MIN / 4 } else { i64::MAX / 4 });
        // R(v) > n gives v > n, and L(v) < n gives v < n: one step from the
        // stops at most.
        let mut a = clamp(u.right_stop(v).floor());
        let n = u.integer(a);
        if !u.ge(v, n) {
            a -= 1;
        }
        let mut b = clamp(u.left_stop(v).ceil());
        let n = u.integer(b);
        if !u.le(v, n) {
            b += 1;
        }
        self.bounds.insert(v, (a, b));
        (a, b)
    }

    /// The move counts decide: `Some(true)` when `side` to move surely wins,
    /// `Some(false)` when it surely loses (see [`Counts`] for the argument).
    /// The known part `v` counts as that many sure moves of its owner when an
    /// integer; otherwise as the integers around it, `a <= v <= b`: the board
    /// plus `a` won by Left moving first makes the board plus `v` won too (it
    /// is at least as good for Left), and the board plus `b` lost makes it
    /// lost. Right's the same with the signs turned.
    fn by_bounds(&mut self, c: Cells<B>, v: GameId, side: Side) -> Option<bool> {
        // Extra sure moves of the player to move (negative: the opponent's),
        // in the worst case (for a win) and the best (for a loss).
        let (worst, best) = if v == self.cache.universe.zero() {
            (0, 0)
        } else {
            let (a, b) = match self
                .cache
                .universe
                .as_number(v)
                .filter(|x| x.is_integer())
                .and_then(|x| i64::try_from(x.numerator()).ok())
            {
                Some(n) => (n, n),
                None => self.integer_bounds(v),
            };
            match side {
                Side::Left => (a, b),
                Side::Right => (-b, -a),
            }
        };
        let split = |n: i64| -> (u64, u64) {
            if n >= 0 {
                (n.unsigned_abs(), 0)
            } else {
                (0, n.unsigned_abs())
            }
        };
        let other = side.other();
        let (me, my_held) = self.g.view(side).counts(Geometry::of(c, side));
        // The opponent's limits first: a win needs no more of it.
        let (you_view, you_cells) = (self.g.view(other), Geometry::of(c, other));
        let (you_most, you_reach) = you_view.limits(you_cells);
        let (n_me, n_you) = split(worst);
        let (sure, cells) = me.first();
        if sure + n_me > you_most + n_you || 2 * n_me + cells > you_reach + 2 * n_you {
            return Some(true);
        }
        let (you, your_held) = you_view.counts(you_cells);
        let (n_me2, n_you2) = split(best);
        let (your_sure, your_cells) = you.second();
        if your_sure + n_you2 >= me.most + n_me2 || 2 * n_you2 + your_cells >= me.reach + 2 * n_me2 {
            return Some(false);
        }
        // Threats lower the opponent's most as pairs raise the sure moves,
        // each by one at most: counted only where that could decide.
        let room = (you_most + n_you + 1).saturating_sub(sure + n_me);
        if self.g.threat_cells(c, side, &my_held) >= room {
            let t = self.g.threats(c, side, &my_held);
            if me.with_threats(t).first().0 + n_me > you_most + n_you {
                return Some(true);
            }
        }
        let room = (me.most + n_me2).saturating_sub(your_sure + n_you2);
        if self.g.threat_cells(c, other, &your_held) >= room {
            let t = self.g.threats(c, other, &your_held);
            if you.with_threats(t).second().0 + n_you2 >= me.most + n_me2 {
                return Some(false);
            }
        }
        None
    }

    /// Counts a node against the budget. On several threads the nodes are
    /// counted by every thread in batches, the first thread (the caller's,
    /// whose observer shows progress) reports, and a teammate's finish stops
    /// this one.
    fn tick(&mut self) -> Result<(), GameError> {
        let Some(team) = self.team.as_deref() else {
            let mut nodes = self.stats.nodes;
            let counted = self.count_node(&mut nodes);
            self.stats.nodes = nodes;
            return counted;
        };
        if team.stop.load(Relaxed) {
            self.halted = true;
            return Err(GameError::OverBudget(Budget::over(
                grundy_budget::Limit::Cancelled,
                1,
                0,
                "the outcome search (another thread answered)",
            )));
        }
        self.stats.nodes += 1;
        if !self.stats.nodes.is_multiple_of(TEAM_BATCH) {
            return Ok(());
        }
        self.cancel.check(|| "the outcome search".to_string())?;
        let total = team.nodes.fetch_add(TEAM_BATCH, Relaxed) + TEAM_BATCH;
        // The shared count passes every multiple of the report interval
        // once, in whichever thread: so progress is reported as often as on
        // one thread (by the first thread only; the others see no observer).
        self.count_node(&mut (total - 1))
    }

    /// One more node of `nodes`, checked against the budget (and reported).
    fn count_node(&self, nodes: &mut u64) -> Result<(), GameError> {
        if *nodes >= self.max_positions {
            return Err(GameError::OverBudget(Budget::over(
                grundy_budget::Limit::Positions,
                *nodes + 1,
                self.max_positions,
                "Domineering's outcome search (positions visited)",
            )));
        }
        let limits = NodeLimits {
            max_nodes: self.max_nodes,
            max_memory: self.max_memory,
            cancel: &self.cancel,
        };
        let table = (self.tt.filled(), self.tt.capacity());
        count_node(nodes, &limits, table, || self.cache.universe.memory_held())
    }

    /// `side`'s dominoes on `c` (both cells each, in both views) with their
    /// scores, the best first (the rest unsorted): by score,
    /// those with no cell the opponent can never reach, then those with one,
    /// then the safe moves; within each, by how many of the opponent's
    /// dominoes (most disjoint, along its lines) the move takes away and how
    /// many of its own dominoes and safe moves it keeps or makes (counting
    /// the opponent's safe moves it makes too cost 2.5% more nodes on 8x8,
    /// 7x9 and 6x10, and its instructions), then by a lattice of
    /// places (every other line, every other cell: dominoes there make safe
    /// moves of the cells between), near the edges first.
    fn ordered_moves(&self, c: Cells<B>, side: Side, skip_safe: bool, out: &mut Vec<(i32, Cells<B>)>) {
        out.clear();
        let other = side.other();
        let (mv, ov) = (self.g.view(side), self.g.view(other));
        let (mx, ox) = (Geometry::of(c, side), Geometry::of(c, other));
        let my_safe = mv.unreachable(mx);
        let mut m = mv.slots(mx);
        if skip_safe {
            let unsafe_moves = m.minus(mv.slots(my_safe));
            if unsafe_moves != B::ZERO {
                m = unsafe_moves;
            }
        }
        while m != B::ZERO {
            let k = m.lowest();
            m = m.drop_lowest();
            let (i, j) = (k / mv.len, k % mv.len);
            // The same two cells in the opponent's view: cell i of lines j, j + 1.
            let (a, b) = (j * ov.len + i, (j + 1) * ov.len + i);
            let mine = B::bit(k).or(B::bit(k + 1));
            let yours = B::bit(a).or(B::bit(b));
            let (mx2, ox2) = (mx.minus(mine), ox.minus(yours));
            let my_safe2 = mv.unreachable(mx2);
            let mut delta = mv.line_pairs(mx2, i) - mv.line_pairs(mx, i);
            delta += ov.line_pairs(ox, j) - ov.line_pairs(ox2, j);
            delta += ov.line_pairs(ox, j + 1) - ov.line_pairs(ox2, j + 1);
            for l in i.saturating_sub(1)..=i + 1 {
                delta += mv.line_pairs(my_safe2, l) - mv.line_pairs(my_safe, l);
            }
            let protected = mine.and(my_safe).count() as i32;
            let score = -(protected << 16) + (delta << 7) + mv.place_rank(i, j);
            let d = match side {
                Side::Left => Cells { e: yours, t: mine },
                Side::Right => Cells { e: mine, t: yours },
            };
            out.push((score, d));
        }
        // The best first; the rest are sorted only when it does not win (a
        // win mostly needs one move).
        // A plain scan: `max_by_key` over (score, index) pairs cost a tenth
        // of the search on 8x8 in stores and reloads of the tuples.
        let mut best = 0;
        for (i, m) in out.iter().enumerate().skip(1) {
            if m.0 > out[best].0 {
                best = i;
            }
        }
        if best > 0 {
            out.swap(0, best);
        }
    }

    /// The node a domino `d` leaves: its cells gone, and any region next to
    /// it that became small enough ([`DomineeringSearch::small_in_search`])
    /// valued and moved into the value.
    fn child(&mut self, c: Cells<B>, v: GameId, d: Cells<B>) -> Result<(Cells<B>, GameId), GameError> {
        let mut rest = Cells {
            e: c.e.minus(d.e),
            t: c.t.minus(d.t),
        };
        let mut v = v;
        if self.small_in_search == 0 {
            return Ok((rest, v));
        }
        let mut seeds = self.g.neighbours(d.e).and(rest.e);
        while seeds != B::ZERO {
            let seed = seeds.lowest_bit();
            match self.g.region(seed, rest.e, self.small_in_search) {
                Ok(r) => {
                    seeds = seeds.minus(r);
                    if let Some(x) = self.region_value(r)? {
                        v = self.cache.universe.add(v, x);
                        rest.e = rest.e.minus(r);
                        rest.t = rest.t.minus(self.g.transpose(r));
                    }
                }
                Err(reached) => seeds = seeds.minus(reached),
            }
        }
        self.cache.check_work()?;
        Ok((rest, v))
    }

    /// The table's key of a node: the least mirror image, and on a square
    /// board with nothing known the transposed board with the other player to
    /// move when that is less (the same outcome for the player to move).
    fn key(&self, c: Cells<B>, v: GameId, side: Side) -> (B, Side) {
        let own = self.g.least_image(c.e);
        if self.g.h == self.g.w && v == self.cache.universe.zero() {
            let turned = self.g.least_image(c.t);
            if (turned, side.other()) < (own, side) {
                return (turned, side.other());
            }
        }
        (own, side)
    }

    fn search(&mut self, c: Cells<B>, v: GameId, side: Side, depth: usize) -> Result<bool, GameError> {
        self.search_node(c, v, side, depth, false)
            .map(|w| w.expect("a search that may not defer answers"))
    }

    /// Whether `side` to move on `c` plus `v` wins; `None` when `exclusive`
    /// and another thread is searching the node now (see
    /// [`DomineeringSearch::wins_together`]).
    fn search_node(
        &mut self,
        c: Cells<B>,
        v: GameId,
        side: Side,
        depth: usize,
        exclusive: bool,
    ) -> Result<Option<bool>, GameError> {
        if c.e == B::ZERO {
            self.stats.by_value += 1;
            return Ok(Some(self.first_wins(v, side)));
        }
        if let Some(w) = self.by_bounds(c, v, side) {
            self.stats.by_bounds += 1;
            return Ok(Some(w));
        }
        let (key, key_side) = self.key(c, v, side);
        let probe = Entry::new(key, v.0, key_side, false, 0);
        if let Some(w) = self
            .tt
            .find(probe.bucket(), |e| e.same(&probe))
            .map(|e| e.meta & 4 != 0)
        {
            self.stats.tt_hits += 1;
            return Ok(Some(w));
        }
        // Shared out among the threads (see `wins_together`): marked busy
        // while searched, and left for later by a thread that may defer it.
        let (mut shared, mut mark) = (false, None);
        if let Some(team) = self.team.as_deref().filter(|_| c.e.count() >= self.shared_cells) {
            mark = team.mark(probe.bucket());
            if mark.is_none() && exclusive {
                return Ok(None);
            }
            shared = true;
        }
        let answer = self.expand(c, v, side, depth, shared);
        if let (Some(team), Some(mark)) = (self.team.as_deref(), mark) {
            team.unmark(mark);
        }
        let win = answer?;
        self.tt.insert(Entry::new(key, v.0, key_side, win.0, win.1));
        Ok(Some(win.0))
    }

    /// [`DomineeringSearch::search_node`] of a node not in the table: its
    /// moves tried, and whether one wins with the nodes it took; `shared`
    /// when its moves may be left for later while other threads search them.
    fn expand(
        &mut self,
        c: Cells<B>,
        v: GameId,
        side: Side,
        depth: usize,
        shared: bool,
    ) -> Result<(bool, u64), GameError> {
        self.tick()?;
        let start = self.stats.nodes;
        let mut moves = if depth < self.buffers.len() {
            std::mem::take(&mut self.buffers[depth])
        } else {
            self.buffers.resize_with(depth + 1, Vec::new);
            Vec::new()
        };
        // A safe move is never the only way to win while the player has
        // another move (see [`DomineeringSearch::skip_safe_moves`]); with a known part besides the
        // board, its options are in play too, so every move is tried there.
        let skip_safe = self.skip_safe_moves && v == self.cache.universe.zero();
        self.ordered_moves(c, side, skip_safe, &mut moves);
        let other = side.other();
        let mut win = false;
        let mut result = Ok(());
        // Every move in order, then those left for later because another
        // thread was searching them (see `wins_together`).
        let mut later = Vec::new();
        let (mut next, mut next_later) = (0, 0);
        loop {
            let (i, exclusive) = if next < moves.len() {
                next += 1;
                if next == 2 {
                    moves[1..].sort_unstable_by_key(|x| std::cmp::Reverse(x.0));
                }
                (next - 1, shared && next > 1)
            } else if next_later < later.len() {
                next_later += 1;
                (later[next_later - 1], false)
            } else {
                break;
            };
            let d = moves[i].1;
            match self
                .child(c, v, d)
                .and_then(|(cc, cv)| self.search_node(cc, cv, other, depth + 1, exclusive))
            {
                Ok(Some(false)) => {
                    win = true;
                    break;
                }
                Ok(Some(true)) => {}
                Ok(None) => later.push(i),
                Err(err) => {
                    result = Err(err);
                    break;
                }
            }
        }
        self.buffers[depth] = moves;
        result?;
        if !win && v != self.cache.universe.zero() {
            let options = match side {
                Side::Left => self.cache.universe.left_options(v).to_vec(),
                Side::Right => self.cache.universe.right_options(v).to_vec(),
            };
            for w in options {
                if !self.search(c, w, other, depth + 1)? {
                    win = true;
                    break;
                }
            }
        }
        Ok((win, self.stats.nodes - start))
    }
}

/// Boards of at least this many empty cells are searched on several threads
/// (see [`DomineeringSearch::parallel_cells`]).
pub const PARALLEL_CELLS: u32 = 56;

/// Nodes of at least this many empty cells are shared out among the threads
/// of a search (see [`DomineeringSearch::wins_together`]).
pub const SHARED_CELLS: u32 = 30;

/// The nodes a thread counts before adding them to the team's count.
const TEAM_BATCH: u64 = 1024;

/// What the threads of one search share besides the table: whether to stop,
/// the nodes counted, and the nodes being searched now (by a hash of each,
/// in a small table of slots, one node a slot; a node that finds its slot
/// taken is not marked, which only costs a chance to share).
struct Team {
    stop: AtomicBool,
    nodes: AtomicU64,
    busy: Box<[AtomicU64]>,
}

/// Slots of [`Team::busy`]: many more than the nodes of all threads' paths.
const BUSY_SLOTS: usize = 1 << 12;

impl Team {
    fn new() -> Team {
        Team {
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            busy: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Marks the node of bucket hash `h` busy: `Some(slot)` to unmark, or
    /// `None` when another thread searches it (or its slot is taken).
    fn mark(&self, h: u64) -> Option<usize> {
        let tag = h | 1 << 63;
        let slot = (h as usize) % BUSY_SLOTS;
        self.busy[slot]
            .compare_exchange(0, tag, Relaxed, Relaxed)
            .ok()
            .map(|_| slot)
    }

    fn unmark(&self, slot: usize) {
        self.busy[slot].store(0, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::Partizan;

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
        let (h, w, lr) = super::super::mirror_lr(3, 5, e as u64);
        let (_, _, ud) = super::super::mirror_ud(h, w, e as u64);
        assert_eq!(g.least_image(e), g.least_image(u128::from(lr)));
        assert_eq!(g.least_image(e), g.least_image(u128::from(ud)));
        assert!(g.least_image(e) <= e);
    }

    /// Boards of up to 20 cells with random holes, by a small generator.
    fn boards(n: usize) -> Vec<(usize, usize, u64)> {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut out = Vec::new();
        for _ in 0..n {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let h = 1 + (x % 6) as usize;
            let w = 1 + ((x >> 8) % 6) as usize;
            if h * w > 24 {
                continue;
            }
            // About one cell in four filled, or one in eight.
            let holes = (x >> 16) & (x >> 40) & if x & 1 == 0 { x >> 5 } else { u64::MAX };
            out.push((h, w, super::super::full(h, w) & !holes));
        }
        out
    }

    /// Whenever the bounds decide, they agree with the exact value; and the
    /// search agrees with it everywhere, with and without small values.
    #[test]
    fn bounds_and_search_agree_with_values() {
        let game = Domineering::new();
        let mut cache = ValueCache::new(10_000_000);
        let budget = Budget {
            max_memory: 256 << 20,
            ..Budget::default()
        };
        let mut decided = 0;
        for (h, w, e) in boards(if cfg!(debug_assertions) { 300 } else { 3000 }) {
            let board = super::super::Board::from_bits(h, w, e).unwrap();
            let v = game.value(&board, &mut cache).unwrap();
            let class = cache.universe.outcome(v);
            for side in [Side::Left, Side::Right] {
                let truth = matches!(
                    (class, side),
                    (OutcomeClass::N, _) | (OutcomeClass::L, Side::Left) | (OutcomeClass::R, Side::Right)
                );
                for small in [0, 6, 12] {
                    let mut s = DomineeringSearch::<u64>::new(h, w, &budget).unwrap();
                    s.small = small;
                    s.small_in_search = small;
                    let zero = s.cache.universe.zero();
                    if small == 0 {
                        if let Some(b) = s.by_bounds(s.g.cells(e), zero, side) {
                            decided += 1;
                            assert_eq!(b, truth, "bounds on {h}x{w} {e:#b}, {side:?} first");
                        }
                    }
                    let got = s.solve(e, side).unwrap();
                    assert_eq!(
                        got.wins, truth,
                        "search on {h}x{w} {e:#b}, {side:?} first, small {small}"
                    );
                    if let Some(q) = got.winning_move {
                        let mut fresh = DomineeringSearch::<u64>::new(h, w, &budget).unwrap();
                        assert!(!fresh.wins(q, side.other()).unwrap(), "{q:#b} does not win");
                        assert_eq!((e & !q).count_ones(), 2);
                    }
                }
            }
        }
        assert!(decided > 50, "the bounds decided only {decided} boards");
    }

    /// The search on several threads answers as the search on one, on boards
    /// of up to 7x7 with some cells filled, every node shared out (so that
    /// threads meet and leave moves for later all the time), with winning
    /// moves that win.
    #[test]
    fn threads_answer_as_one_thread() {
        let budget = Budget {
            max_memory: 256 << 20,
            ..Budget::default()
        };
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for n in 0..if cfg!(debug_assertions) { 60 } else { 300 } {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (h, w) = (5 + (x % 3) as usize, 5 + ((x >> 8) % 3) as usize);
            let holes = (x >> 16) & (x >> 40) & (x >> 5);
            let e = super::super::full(h, w) & !holes;
            for side in [Side::Left, Side::Right] {
                let mut one = DomineeringSearch::<u64>::new(h, w, &budget).unwrap();
                one.threads = 1;
                let truth = one.wins(e, side).unwrap();
                let threads = 2 + n % 3;
                let mut team = DomineeringSearch::<u64>::new(h, w, &budget).unwrap();
                (team.threads, team.parallel_cells, team.shared_cells) = (threads, 0, 4);
                let got = team.solve(e, side).unwrap();
                assert_eq!(
                    got.wins, truth,
                    "{h}x{w} {e:#b}, {side:?} first, {threads} threads"
                );
                if let Some(q) = got.winning_move {
                    assert!(!one.wins(q, side.other()).unwrap(), "{q:#b} does not win");
                }
            }
        }
    }

    /// The budget's positions are the nodes visited: they stop the search
    /// (they once went unheeded) on one thread and on several, in a kept
    /// search renewed with another budget too, and the error names them.
    #[test]
    fn positions_bound_the_nodes() {
        // The work, far above, ends the search if the positions go unheeded.
        let budget = |positions| Budget {
            max_positions: Some(positions),
            max_work: Some(100_000),
            ..Budget::default()
        };
        for threads in [1, 2] {
            let mut s = DomineeringSearch::<u64>::new(8, 8, &budget(1_000)).unwrap();
            s.threads = threads;
            for allowed in [1_000, 700] {
                s.renew(&budget(allowed));
                match s.wins(s.g.all(), Side::Left) {
                    Err(GameError::OverBudget(e)) => {
                        assert_eq!(e.limit, grundy_budget::Limit::Positions, "{e}");
                        assert_eq!(e.allowed, allowed);
                        assert!(e.to_string().contains("--max-positions"), "{e}");
                    }
                    other => panic!("not over budget: {other:?}"),
                }
            }
        }
    }

    /// Threads stop together at the node budget, which counts every thread's
    /// nodes, and the error is the budget's (not a teammate's stop).
    #[test]
    fn threads_share_one_node_budget() {
        let budget = Budget {
            max_work: Some(20_000),
            ..Budget::default()
        };
        let mut s = DomineeringSearch::<u64>::new(8, 8, &budget).unwrap();
        s.threads = 2;
        match s.wins(s.g.all(), Side::Left) {
            Err(GameError::OverBudget(e)) => {
                assert_eq!(e.limit, grundy_budget::Limit::Work, "{e}");
                assert_eq!(e.allowed, 20_000);
            }
            other => panic!("not over budget: {other:?}"),
        }
        let nodes = s.stats().nodes;
        assert!(
            (20_000..=20_000 + 2 * TEAM_BATCH).contains(&nodes),
            "{nodes} nodes"
        );
    }

    /// Plain minimax on an `h × w` board (row major, Left vertical): whether
    /// the player to move wins, trying every move, or with `skip_safe` only
    /// the unsafe ones when there are any.
    fn plain_wins(
        (h, w): (usize, usize),
        e: u64,
        left: bool,
        skip_safe: bool,
        memo: &mut FxHashMap<(u64, bool), bool>,
    ) -> bool {
        if let Some(&x) = memo.get(&(e, left)) {
            return x;
        }
        let cell = |r: usize, c: usize| r < h && c < w && e >> (r * w + c) & 1 == 1;
        // Whether the opponent can ever cover cell (r, c).
        let reachable = |r: usize, c: usize| {
            if left {
                (c > 0 && cell(r, c - 1)) || cell(r, c + 1)
            } else {
                (r > 0 && cell(r - 1, c)) || cell(r + 1, c)
            }
        };
        let mut moves = Vec::new();
        for r in 0..h {
            for c in 0..w {
                let (r2, c2) = if left { (r + 1, c) } else { (r, c + 1) };
                if cell(r, c) && cell(r2, c2) {
                    let safe = !reachable(r, c) && !reachable(r2, c2);
                    moves.push((safe, e & !(1 << (r * w + c)) & !(1 << (r2 * w + c2))));
                }
            }
        }
        if skip_safe && moves.iter().any(|m| !m.0) {
            moves.retain(|m| !m.0);
        }
        let wins = moves
            .iter()
            .any(|&(_, q)| !plain_wins((h, w), q, !left, skip_safe, memo));
        memo.insert((e, left), wins);
        wins
    }

    /// Skipping safe moves ([`DomineeringSearch::skip_safe_moves`]) never
    /// changes who wins: checked on every position of boards of up to 16
    /// cells (and, ignored for its time, of 4x5, 5x4 and 3x7).
    #[test]
    fn safe_moves_are_never_needed() {
        check_safe_moves_on(&[(4, 4), (3, 5), (5, 3), (2, 8), (8, 2), (3, 4)]);
    }

    #[test]
    #[ignore = "about a minute: every position of 20 and 21 cells"]
    fn safe_moves_are_never_needed_on_bigger_boards() {
        check_safe_moves_on(&[(4, 5), (5, 4), (3, 7)]);
    }

    /// The move-count bounds agree with plain minimax on every position of
    /// the boards of up to 16 cells (ignored: up to 24).
    #[test]
    fn bounds_agree_with_minimax_everywhere() {
        check_bounds_on(&[(4, 4), (3, 5), (5, 3), (2, 8), (3, 4)]);
    }

    #[test]
    #[ignore = "about a minute: every position of 20 to 24 cells"]
    fn bounds_agree_with_minimax_everywhere_on_bigger_boards() {
        check_bounds_on(&[(4, 5), (5, 4), (3, 7), (4, 6), (6, 4)]);
    }

    fn check_bounds_on(sizes: &[(usize, usize)]) {
        let budget = Budget {
            max_memory: 64 << 20,
            ..Budget::default()
        };
        for &(h, w) in sizes {
            let mut memo = FxHashMap::default();
            let mut s = DomineeringSearch::<u64>::new(h, w, &budget).unwrap();
            let zero = s.cache.universe.zero();
            let mut decided = 0u64;
            for e in 0..1u64 << (h * w) {
                for (side, left) in [(Side::Left, true), (Side::Right, false)] {
                    if let Some(b) = s.by_bounds(s.g.cells(e), zero, side) {
                        decided += 1;
                        let truth = plain_wins((h, w), e, left, true, &mut memo);
                        assert_eq!(b, truth, "{h}x{w} {e:#b}, {side:?} first");
                    }
                }
            }
            assert!(
                decided > 1 << (h * w - 2),
                "{h}x{w}: the bounds decided only {decided}"
            );
        }
    }

    fn check_safe_moves_on(sizes: &[(usize, usize)]) {
        for &(h, w) in sizes {
            let (mut all, mut skipping) = (FxHashMap::default(), FxHashMap::default());
            for e in 0..1u64 << (h * w) {
                for left in [true, false] {
                    assert_eq!(
                        plain_wins((h, w), e, left, false, &mut all),
                        plain_wins((h, w), e, left, true, &mut skipping),
                        "{h}x{w} {e:#b}, {} first",
                        if left { "Left" } else { "Right" }
                    );
                }
            }
        }
    }

    /// A search stopped by its budget and carried on from its checkpoint, again
    /// and again, answers as one search would, in about as many nodes (only
    /// the unfinished nodes of each stop are lost); damaged or foreign bytes
    /// are refused.
    #[test]
    fn a_checkpointed_search_carries_on() {
        let budget = |work| Budget {
            max_memory: 256 << 20,
            max_work: Some(work),
            ..Budget::default()
        };
        let mut whole = DomineeringSearch::<u128>::new(7, 7, &budget(u64::MAX)).unwrap();
        let all = whole.geometry().all();
        let want = whole.wins(all, Side::Left).unwrap();
        let nodes = whole.stats().nodes;
        let mut s = DomineeringSearch::<u128>::new(7, 7, &budget(nodes / 5)).unwrap();
        let (mut stops, mut total) = (0, 0);
        let got = loop {
            let r = s.wins(all, Side::Left);
            total += s.stats().nodes;
            match r {
                Ok(w) => break w,
                Err(GameError::OverBudget(_)) => {
                    stops += 1;
                    let bytes = s.checkpoint(all);
                    let (root, back) =
                        DomineeringSearch::<u128>::restore(7, 7, &bytes, &budget(nodes / 5)).unwrap();
                    assert_eq!(root, all);
                    // A bucket of two may overflow as the table is filled
                    // afresh; the cheaper entry goes.
                    assert!(back.tt.filled() * 100 >= s.tt.filled() * 98);
                    s = back;
                }
                Err(e) => panic!("{e}"),
            }
        };
        assert_eq!(got, want);
        assert!(stops >= 3, "{stops} stops");
        assert!(
            total < nodes + nodes / 4,
            "{total} nodes in pieces, {nodes} whole"
        );
        let bytes = s.checkpoint(all);
        let mut bad = bytes.clone();
        bad[bytes.len() / 2] ^= 1;
        let e = DomineeringSearch::<u128>::restore(7, 7, &bad, &budget(1))
            .err()
            .unwrap();
        assert!(e.contains("checksum"), "{e}");
        let e = DomineeringSearch::<u128>::restore(7, 6, &bytes, &budget(1))
            .err()
            .unwrap();
        assert!(e.contains("7x7 board, not 7x6"), "{e}");
        let e = DomineeringSearch::<u64>::restore(7, 7, &bytes, &budget(1))
            .err()
            .unwrap();
        assert!(e.contains("another width"), "{e}");
        let e = DomineeringSearch::<u128>::restore(7, 7, &bytes[..20], &budget(1))
            .err()
            .unwrap();
        assert!(e.contains("checksum"), "{e}");
    }

    /// The harvest table: at least the closed form, more pairs never fewer
    /// taken, and one spoiled pair costs at most one (what the bounds' proof
    /// needs of it).
    #[test]
    fn the_harvest_game() {
        let t = harvest_table();
        for s1 in 0..HARVEST {
            for s2 in 0..HARVEST {
                let (second, first) = (u64::from(t[s1][s2].0), u64::from(t[s1][s2].1));
                assert!(second >= s1 as u64 / 2 + s2 as u64 / 3, "{s1} {s2}");
                assert!(first >= second && first <= second + 1, "{s1} {s2}");
                for (a, b) in [(s1 + 1, s2), (s1, s2 + 1)] {
                    if a < HARVEST && b < HARVEST {
                        assert!(u64::from(t[a][b].0) >= second, "{s1} {s2}");
                        assert!(u64::from(t[a][b].0) <= second + 1, "{s1} {s2}");
                    }
                }
                if s2 + 2 < HARVEST {
                    assert!(u64::from(t[s1][s2 + 2].0) <= second + 1, "{s1} {s2}");
                }
            }
        }
        assert_eq!(t[1][2].0, 1);
        assert_eq!(t[0][3].0, 1);
        assert_eq!(t[0][2].0, 0);
    }

    /// The plan played out is at least the closed forms it replaces.
    #[test]
    fn the_plan_is_at_least_the_closed_forms() {
        for k in 1..PLAN_AREAS as u64 {
            for s1 in 0..PLAN_PAIRS as u64 {
                for s2 in 0..PLAN_PAIRS as u64 {
                    let h = Counts::harvest_second(s1, s2);
                    let first = plan_value(k, s1, s2, true).unwrap();
                    let second = plan_value(k, s1, s2, false).unwrap();
                    assert!(first >= 2 * k + k % 2 + h, "{k} {s1} {s2}");
                    assert!(second >= 2 * k - 2 + (1 - k % 2) + h, "{k} {s1} {s2}");
                    assert!(second <= first, "{k} {s1} {s2}");
                }
            }
            // No pairs: areas alone, the player claiming first.
            assert_eq!(plan_value(k, 0, 0, true), Some(4 * k.div_ceil(2)));
        }
        assert_eq!(plan_value(0, 1, 2, false), Some(Counts::harvest_second(1, 2)));
        // A pair of `s2` turned into one of `s1` never leaves the player worse
        // off (what a domino through an area's door does; see `Counts`).
        for k in 0..PLAN_AREAS as u64 {
            for s1 in 0..PLAN_PAIRS as u64 - 1 {
                for s2 in 1..PLAN_PAIRS as u64 {
                    for first in [true, false] {
                        let swapped = (k, s1 + 1, s2 - 1, first);
                        assert!(
                            plan_value(k, s1, s2, first)
                                <= plan_value(swapped.0, swapped.1, swapped.2, first)
                        );
                        for whole in [true, false] {
                            assert!(
                                plan_cells(k, s1, s2, first, whole)
                                    <= plan_cells(k, s1 + 1, s2 - 1, first, whole),
                                "{k} {s1} {s2}"
                            );
                        }
                    }
                }
            }
        }
        for k in 1..PLAN_AREAS as u64 {
            for s1 in 0..PLAN_PAIRS as u64 {
                for s2 in 0..PLAN_PAIRS as u64 {
                    let h = Counts::harvest_second(s1, s2);
                    for (whole, per) in [(true, 4), (false, 3)] {
                        let first = plan_cells(k, s1, s2, true, whole).unwrap();
                        let second = plan_cells(k, s1, s2, false, whole).unwrap();
                        assert!(first >= 4 * k + per * h, "{k} {s1} {s2}");
                        assert!(second >= 4 * k - 4 + per * h, "{k} {s1} {s2}");
                    }
                }
            }
        }
    }

    /// A threat: Right's safe pair at the top edge with an empty cell beside
    /// it that Left's only domino of its column needs.
    #[test]
    fn a_safe_pair_threatens_the_cell_beside_it() {
        // ...#
        // .###
        // ####
        let g = Geometry::<u64>::new(3, 4).unwrap();
        let threats = |e: u64, side: Side| {
            let c = g.cells(e);
            let (_, held) = g.view(side).counts(Geometry::of(c, side));
            g.threats(c, side, &held)
        };
        assert_eq!(threats(0b1_0111, Side::Right), 1);
        assert_eq!(threats(0b1_0111, Side::Left), 0);
        // With the cell below the threatened one filled, Left has no domino
        // there to lose.
        assert_eq!(threats(0b0111, Side::Right), 0);
    }

    /// Protective areas: an empty 2x2 walled off along the player's lines.
    #[test]
    fn protective_areas_are_walled_blocks() {
        // 4x2, rows 1-2 empty, rows 0 and 3 filled: Right's area (walled above
        // and below), and Left's too (its walls, left and right, are the
        // board's sides).
        let g = Geometry::<u64>::new(4, 2).unwrap();
        let c = g.cells(0b00_11_11_00);
        assert_eq!(g.rows.areas(c.e).0, 1);
        assert_eq!(g.cols.areas(c.t).0, 1);
        // The whole 4x2 empty: for Right, the top block (the board's edge
        // above it) and not the bottom one too (its cells are the top one's
        // way in); for Left, the board's sides are walls, and two blocks fit.
        let c = g.cells(0b11_11_11_11);
        assert_eq!(g.rows.areas(c.e).0, 1);
        assert_eq!(g.cols.areas(c.t).0, 2);
        // A 5x2 with the middle row filled: two blocks, each walled.
        let g = Geometry::<u64>::new(5, 2).unwrap();
        let c = g.cells(0b11_11_00_11_11);
        assert_eq!(g.rows.areas(c.e).0, 2);
    }
}
