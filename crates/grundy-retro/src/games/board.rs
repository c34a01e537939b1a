//! Numbering of boards where two players alternately add stones (tic-tac-toe,
//! Connect Four): level = number of stones; within a level, the set of occupied cells
//! ("shape", one of a list) and then the colex rank of the first player's stones
//! among the occupied cells. A perfect index: no keys are stored.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::OnceLock;

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
    /// C(n, k), 0 when k > n (the table holds those zeros; n up to 64).
    #[inline]
    pub(crate) fn c(&self, n: u32, k: u32) -> u64 {
        self.0[n as usize].get(k as usize).copied().unwrap_or(0)
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

/// Scatter the low bits of `x` onto the set bits of `mask` (software `pdep`), a
/// run of consecutive mask bits at a time: a board's occupied cells come in few
/// runs (a Connect Four column is one), so this is a few shifts, not one step per bit.
#[inline]
pub(crate) fn deposit(x: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut used = 0;
    while mask != 0 {
        let start = mask.trailing_zeros();
        let len = (!(mask >> start)).trailing_zeros();
        let run = low_bits(len);
        out |= ((x >> used) & run) << start;
        used += len;
        mask &= !(run << start);
    }
    out
}

/// Gather the bits of `x` at the set bits of `mask` into the low bits (software
/// `pext`), a run of mask bits at a time as in [`deposit`].
#[inline]
pub(crate) fn extract(x: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut used = 0;
    while mask != 0 {
        let start = mask.trailing_zeros();
        let len = (!(mask >> start)).trailing_zeros();
        let run = low_bits(len);
        out |= ((x >> start) & run) << used;
        used += len;
        mask &= !(run << start);
    }
    out
}

/// The `n` low bits set (`n` up to 64).
#[inline]
fn low_bits(n: u32) -> u64 {
    u64::MAX.checked_shr(64 - n).unwrap_or(0)
}

/// The next `k`-subset after `x` in colex order, the order of [`Binomial::rank`]
/// (Gosper's hack); `x` must not be empty.
#[inline]
pub(crate) fn next_colex(x: u64) -> u64 {
    let t = x | (x - 1);
    (t + 1) | (((!t & (t + 1)) - 1) >> (x.trailing_zeros() + 1))
}

/// A fresh number for each numbering built: a finger (the last index decoded on a
/// thread) records whose it is, so that one numbering never uses another's, even
/// one built later at the same address.
pub(crate) fn numbering_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Relaxed)
}

/// Index `i` decoded through a thread's finger (the last index decoded on this
/// thread, and the id of the numbering it belongs to): by `step` from the last one
/// when that was `i - 1`, the last one again when it was `i`, else by `decode`.
/// The finger then holds `i`. Shared by the board numbering and Dodgem's.
#[inline(always)]
pub(crate) fn near_finger<D: Copy>(
    finger: &'static std::thread::LocalKey<Cell<(u64, D)>>,
    id: u64,
    i: u64,
    index_of: impl Fn(&D) -> u64,
    decode: impl FnOnce(u64) -> D,
    step: impl FnOnce(&D) -> D,
) -> D {
    finger.with(|finger| {
        let (owner, last) = finger.get();
        let d = if owner != id {
            decode(i)
        } else if index_of(&last) + 1 == i {
            step(&last)
        } else if index_of(&last) == i {
            last
        } else {
            decode(i)
        };
        finger.set((id, d));
        d
    })
}

/// An index of a [`BoardIndex`] decoded: where it sits in the numbering and its board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Decoded {
    pub(crate) i: u64,
    level: u32,
    /// The shape's place in its level.
    shape: u32,
    /// The colex rank of the first player's stones among the occupied cells.
    rank: u64,
    /// The first player's stones among the occupied cells, as that many low bits.
    colours: u64,
    /// Occupied cells.
    pub(crate) filled: u64,
    /// The first player's stones.
    pub(crate) x: u64,
}

impl Decoded {
    const NONE: Decoded = Decoded {
        i: 0,
        level: 0,
        shape: 0,
        rank: 0,
        colours: 0,
        filled: 0,
        x: 0,
    };
}

thread_local! {
    /// The last index a [`BoardIndex`] decoded on this thread and whose it was. The
    /// solvers ask for indices in order (a level, or a chunk of one, at a time), so
    /// the next one is usually a step from it: the next colouring in colex order,
    /// or the first colouring of the next shape; no decoding from scratch.
    static BOARD_FINGER: Cell<(u64, Decoded)> = const { Cell::new((0, Decoded::NONE)) };
}

/// The level-by-level numbering of two-colour boards.
pub(crate) struct BoardIndex {
    pub(crate) binom: Binomial,
    /// Per level: first index, shapes (occupied masks, sorted), colourings per shape.
    levels: Vec<(u64, Vec<u64>, u64)>,
    shape_of: FxHashMap<u64, u32>,
    size: u64,
    /// See [`numbering_id`].
    id: u64,
    /// Per level, the number of the level's first shape among all shapes.
    first_shape: Vec<u32>,
    /// For each shape (numbered across levels) and each of its moves, lowest cell
    /// first, the shape after the move: built on first use by [`BoardIndex::push_children`].
    children: OnceLock<Children>,
}

/// See `BoardIndex::children`.
struct Children {
    /// Slots per shape: the most moves from one shape.
    stride: usize,
    /// The shape after a move, within its level (`u32::MAX`: not numbered).
    next: Vec<u32>,
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
        let first_shape = levels
            .iter()
            .scan(0u32, |n, l| {
                let first = *n;
                *n += l.1.len() as u32;
                Some(first)
            })
            .collect();
        BoardIndex {
            binom,
            levels,
            shape_of,
            size,
            id: numbering_id(),
            first_shape,
            children: OnceLock::new(),
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
        let d = self.decode(i);
        (d.filled, d.x)
    }

    /// Decode index `i` from scratch.
    pub(crate) fn decode(&self, i: u64) -> Decoded {
        let l = self.levels.partition_point(|(s, _, _)| *s <= i) - 1;
        let (s, shapes, c) = &self.levels[l];
        let shape = (i - s) / c;
        let rank = (i - s) % c;
        let filled = shapes[shape as usize];
        let colours = self.binom.unrank(rank, (l as u32).div_ceil(2), l as u32);
        Decoded {
            i,
            level: l as u32,
            shape: shape as u32,
            rank,
            colours,
            filled,
            x: deposit(colours, filled),
        }
    }

    /// Index `d.i + 1` (which must exist) from its predecessor `d`.
    #[inline]
    fn step(&self, d: &Decoded) -> Decoded {
        let mut n = *d;
        n.i += 1;
        let (_, shapes, c) = &self.levels[d.level as usize];
        if d.rank + 1 < *c {
            n.rank += 1;
            n.colours = next_colex(d.colours);
        } else {
            n.rank = 0;
            if d.shape as usize + 1 < shapes.len() {
                n.shape += 1;
            } else {
                n.shape = 0;
                n.level += 1;
                while self.levels[n.level as usize].1.is_empty() {
                    n.level += 1;
                }
            }
            n.colours = low_bits(n.level.div_ceil(2));
        }
        n.filled = self.levels[n.level as usize].1[n.shape as usize];
        n.x = deposit(n.colours, n.filled);
        n
    }

    /// Index `i` decoded, by a step from the last index this thread decoded when
    /// that was `i - 1` (or `i` itself), else from scratch.
    #[inline]
    pub(crate) fn near(&self, i: u64) -> Decoded {
        near_finger(
            &BOARD_FINGER,
            self.id,
            i,
            |d| d.i,
            |i| self.decode(i),
            |d| self.step(d),
        )
    }

    /// The table of shapes after each move (`moves(filled)`: the cells where a
    /// stone may go).
    fn children(&self, moves: impl Fn(u64) -> u64) -> &Children {
        self.children.get_or_init(|| {
            let shapes = || self.levels.iter().flat_map(|l| l.1.iter().copied());
            let stride = shapes().map(|f| moves(f).count_ones()).max().unwrap_or(0) as usize;
            let mut next = Vec::with_capacity(stride * shapes().count());
            for f in shapes() {
                let mut m = moves(f);
                for _ in 0..stride {
                    let cell = m & m.wrapping_neg();
                    m &= m.wrapping_sub(1);
                    let child = (cell != 0).then(|| self.shape_of.get(&(f | cell))).flatten();
                    next.push(child.copied().unwrap_or(u32::MAX));
                }
            }
            Children { stride, next }
        })
    }

    /// Push the index of the board after each move (`moves(d.filled)`: the empty
    /// cells where the player to move may put a stone; the same function at every
    /// call), numbered from `d` without building the new board: the shape of each
    /// is read from a table made on the first call, and the colex rank of its
    /// colouring follows from `d`'s. The new cell sits at place `p` among the
    /// occupied cells; the stones below it keep their places, those above move up
    /// one, and (when the first player moves) the new stone is one of them:
    ///
    /// rank' = Σ_{j_t < p} C(j_t, t) + [first] C(p, a + 1) + Σ_{j_t > p} C(j_t + 1, t + [first])
    ///
    /// (`j_t` the place of the `t`-th first-player stone, `a` how many are below
    /// `p`). The moves come lowest cell first, so one pass over the stones serves them all.
    #[inline]
    pub(crate) fn push_children(&self, d: &Decoded, moves: impl Fn(u64) -> u64, out: &mut Vec<u64>) {
        let l = d.level as usize;
        let table = self.children(&moves);
        let slots = (self.first_shape[l] + d.shape) as usize * table.stride;
        let next = &table.next[slots..slots + table.stride];
        let mut moves = moves(d.filled);
        let first = u32::from(l.is_multiple_of(2));
        let Some((start, _, count)) = self.levels.get(l + 1) else {
            return;
        };
        let c = |n: u32, k: u32| self.binom.c(n, k);
        let mut above = 0;
        let (mut m, mut t) = (d.colours, 1);
        while m != 0 {
            above += c(m.trailing_zeros() + 1, t + first);
            t += 1;
            m &= m - 1;
        }
        let (mut rest, mut a, mut kept, mut moved) = (d.colours, 0, 0, 0);
        for &shape in next {
            if moves == 0 {
                break;
            }
            let cell = moves & moves.wrapping_neg();
            moves &= moves - 1;
            let p = (d.filled & (cell - 1)).count_ones();
            while rest != 0 && rest.trailing_zeros() < p {
                let j = rest.trailing_zeros();
                a += 1;
                kept += c(j, a);
                moved += c(j + 1, a + first);
                rest &= rest - 1;
            }
            let rank = kept + if first == 1 { c(p, a + 1) } else { 0 } + (above - moved);
            assert!(shape != u32::MAX, "every board is numbered");
            out.push(start + shape as u64 * count + rank);
        }
    }
}

/// Does `stones` contain one of the `lines`?
#[inline]
pub(crate) fn has_line(stones: u64, lines: &[u64]) -> bool {
    lines.iter().any(|&l| l & !stones == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deposit_bitwise(mut x: u64, mut mask: u64) -> u64 {
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

    fn extract_bitwise(x: u64, mut mask: u64) -> u64 {
        let (mut out, mut k) = (0, 0);
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

    /// The run-at-a-time deposit and extract against one bit at a time, on masks
    /// with runs at both ends of the word, the full word and the empty one.
    #[test]
    fn runs_agree_with_bits() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut masks = vec![0, u64::MAX, 1, 1 << 63, u64::MAX >> 1, u64::MAX << 1, 0xF0F0];
        for _ in 0..2000 {
            let (a, b) = (next(), next());
            masks.push(a & b);
            masks.push(a | b);
            masks.push(a);
        }
        for &mask in &masks {
            let x = next();
            assert_eq!(deposit(x, mask), deposit_bitwise(x, mask), "{mask:#x}");
            assert_eq!(extract(x, mask), extract_bitwise(x, mask), "{mask:#x}");
        }
    }

    /// Gosper's step is colex order: the rank goes up by one.
    #[test]
    fn next_colex_is_the_next_rank() {
        let b = Binomial::new();
        for (n, k) in [(9, 1), (9, 5), (20, 10), (25, 13), (36, 3)] {
            let mut x = b.unrank(0, k, n);
            for r in 0..b.c(n, k).min(5000) {
                assert_eq!(b.rank(x), r);
                assert_eq!(b.unrank(r, k, n), x);
                if r + 1 < b.c(n, k) {
                    x = next_colex(x);
                }
            }
        }
    }
}
