//! Three-heap moves (hexadecimal bit 8) without enumerating triples.
//!
//! A move that leaves three non-empty heaps a + b + c = m has the value
//! G(a) ^ G(b) ^ G(c). Enumerating the triples costs about m^2 / 12 a heap. The
//! values of the triples are also the union, over the smallest part a <= m / 3,
//! of G(a) ^ S2(m - a), where S2(t) = { G(b) ^ G(t - b) : 1 <= b <= t / 2 } is the
//! set of values of the two-heap splits of t (a triple whose parts are not in
//! order is still a triple: every triple has a part of at most m / 3, and every
//! split of m - a with a first part gives a triple). [`PairSets`] keeps S2(t) for
//! every t as a bitset of 2^bits bits (bits = the bit length of the values), built
//! once per t in O(t) pairs; a value then merges m / 3 rows, each moved by XOR with
//! G(a): O(n * V / 64) word operations for values below V, instead of O(n^2)
//! triples. (A witness search per candidate, as the sparse-space method does, was
//! tried and is slower: in these games a value near the mex has witnesses only for
//! a few smallest parts, spread up to m / 3.)

use crate::engine::pair_bits;
use crate::mex::next_unset;

/// S2(t) for t = 0, 1, 2, ...: row t is a bitset of values below 2^bits, where
/// bits is the bit length of the largest of G(1), ..., G(t - 1) (the XOR of two
/// such values is below 2^bits), cut after its last non-empty word.
#[derive(Debug, Clone, Default)]
pub(crate) struct PairSets {
    words: Vec<u64>,
    /// Row t is `words[offsets[t]..offsets[t + 1]]`.
    offsets: Vec<usize>,
    /// The largest of G(1), ..., G(rows - 1): sets the next row's width.
    max_below: u16,
    /// Scratch of [`PairSets::mex`]: the smallest parts grouped by the low six
    /// bits of their values, and one group's gathered words.
    by_low: Vec<Vec<u32>>,
    acc: Vec<u64>,
}

impl PairSets {
    /// Number of rows built (S2(0), ..., S2(rows - 1)).
    fn rows(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Builds the rows up to S2(last) (row t needs G(1..t), so `g.len() >= last`).
    /// Returns the pairs examined.
    fn build_to(&mut self, g: &[u16], last: usize) -> u64 {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        let mut pairs = 0u64;
        while self.rows() <= last {
            let t = self.rows();
            if t >= 2 {
                self.max_below = self.max_below.max(g[t - 1]);
            }
            let bits = 16 - self.max_below.leading_zeros();
            let width = if bits <= 6 { 1 } else { 1usize << (bits - 6) };
            let start = self.words.len();
            self.words.resize(start + width, 0);
            let half = t / 2;
            if half > 0 {
                if width == 1 {
                    // Every value below 64: the row is one register.
                    self.words[start] = pair_bits(g, t, 1, half + 1);
                } else {
                    let row = &mut self.words[start..];
                    for (x, y) in g[1..=half].iter().zip(g[t - half..t].iter().rev()) {
                        let v = (x ^ y) as usize;
                        row[v >> 6] |= 1u64 << (v & 63);
                    }
                }
                pairs += half as u64;
            }
            // Keep the row up to its last non-empty word: the values of the splits
            // stay well below 2^bits in games whose values grow (less to merge).
            let used = self.words[start..]
                .iter()
                .rposition(|&w| w != 0)
                .map_or(0, |i| i + 1);
            self.words.truncate(start + used);
            self.offsets.push(self.words.len());
        }
        pairs
    }

    #[inline(always)]
    fn row(&self, t: usize) -> &[u64] {
        &self.words[self.offsets[t]..self.offsets[t + 1]]
    }

    /// True when v is in S2(t).
    #[cfg(test)]
    fn has(&self, t: usize, v: u16) -> bool {
        let (start, end) = (self.offsets[t], self.offsets[t + 1]);
        let i = start + (v as usize >> 6);
        i < end && (self.words[i] >> (v & 63)) & 1 == 1
    }

    /// The mex of heap n = `g.len()`: `seen` (its first `words` words) holds the
    /// values of its other options, `totals` the m = n - k of its three-heap
    /// digits k (m >= 3). Every option value is below 2^bits(max G), which
    /// `words` covers. Returns the mex and the work done (pairs of the new rows
    /// and words merged).
    pub(crate) fn mex(
        &mut self,
        g: &[u16],
        totals: &[usize],
        seen: &mut [u64],
        words: usize,
    ) -> (usize, u64) {
        let last = totals.iter().map(|&m| m - 1).max().unwrap_or(0);
        let mut work = self.build_to(g, last);
        let seen = &mut seen[..words];
        if words == 1 {
            // Every value below 64: rows are single words, moved one at a time.
            for &m in totals {
                for (a, &ga) in g.iter().enumerate().take(m / 3 + 1).skip(1) {
                    let row = self.row(m - a).first().copied().unwrap_or(0);
                    seen[0] |= xor_bit_positions(row, u32::from(ga & 63));
                }
                work += (m / 3) as u64;
            }
            return (next_unset(seen, 0), work);
        }
        // S2(m - a) moved by XOR with G(a) = 64 * high + low: word j goes to word
        // j ^ high, its bits moved by low. The smallest parts are taken in groups
        // of equal low bits, so each group's words are gathered with plain ORs
        // and moved bit by bit once.
        let mut by_low = std::mem::take(&mut self.by_low);
        let mut acc = std::mem::take(&mut self.acc);
        acc.clear();
        acc.resize(words, 0);
        for &m in totals {
            by_low.iter_mut().for_each(Vec::clear);
            by_low.resize_with(64, Vec::new);
            for a in 1..=m / 3 {
                by_low[(g[a] & 63) as usize].push(a as u32);
            }
            for (low, group) in by_low.iter().enumerate() {
                if group.is_empty() {
                    continue;
                }
                for &a in group {
                    let row = self.row(m - a as usize);
                    or_moved(&mut acc, row, (g[a as usize] >> 6) as usize);
                    work += row.len() as u64;
                }
                for (s, w) in seen.iter_mut().zip(acc.iter_mut()) {
                    *s |= xor_bit_positions(*w, low as u32);
                    *w = 0;
                }
            }
        }
        self.by_low = by_low;
        self.acc = acc;
        (next_unset(seen, 0), work)
    }
}

/// `acc[j ^ high] |= row[j]` for every word j of the row: in aligned blocks of
/// four words, whose order `high & 3` permutes (one loop for each, so each
/// compiles to vector ORs and shuffles), then the last few words one by one.
#[inline(always)]
fn or_moved(acc: &mut [u64], row: &[u64], high: usize) {
    let whole = row.len() & !3;
    for (j, &w) in row.iter().enumerate().skip(whole) {
        acc[j ^ high] |= w;
    }
    let block = high >> 2;
    let blocks = row[..whole].chunks_exact(4).enumerate();
    macro_rules! moved {
        ($p:expr) => {
            for (b, src) in blocks {
                let dst = &mut acc[(b ^ block) * 4..][..4];
                for i in 0..4 {
                    dst[i] |= src[i ^ $p];
                }
            }
        };
    }
    match high & 3 {
        0 => moved!(0),
        1 => moved!(1),
        2 => moved!(2),
        _ => moved!(3),
    }
}

/// The word whose bit p is bit p ^ `l` of `w` (l < 64): XOR of every value
/// in a 64-value block with the low bits of a heap's value.
#[inline(always)]
fn xor_bit_positions(mut w: u64, l: u32) -> u64 {
    const LOW_HALVES: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    for (s, &mask) in LOW_HALVES.iter().enumerate() {
        if (l >> s) & 1 == 1 {
            let shift = 1u32 << s;
            w = ((w & mask) << shift) | ((w >> shift) & mask);
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_bit_positions_moves_every_bit() {
        for l in 0..64u32 {
            for p in 0..64u32 {
                assert_eq!(xor_bit_positions(1u64 << p, l), 1u64 << (p ^ l), "p {p} l {l}");
            }
        }
    }

    #[test]
    fn rows_are_the_two_heap_splits() {
        let g: Vec<u16> = (0..300u16).map(|i| (i * 7 + i / 3) % 200).collect();
        let mut sets = PairSets::default();
        sets.build_to(&g, 299);
        for t in 0..300 {
            let want: Vec<u16> = (1..=t / 2).map(|b| g[b] ^ g[t - b]).collect();
            for v in 0..512u16 {
                assert_eq!(sets.has(t, v), want.contains(&v), "t {t} v {v}");
            }
        }
    }
}
