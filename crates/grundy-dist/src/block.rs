//! A worker's block of a range: 2 bits of outcome per position in whole 64-bit
//! words, and a remoteness byte per position when stored.

use std::ops::Range;

/// The values of positions `lo..hi`, packed as in a table file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Block {
    pub lo: u64,
    pub hi: u64,
    /// Words `lo / 32 ..`: position `i` is bits `2 * (i % 32) ..` of word `i / 32 - lo / 32`.
    pub words: Vec<u64>,
    /// One byte per position, or empty when remoteness is not stored.
    pub rem: Vec<u8>,
}

impl Block {
    pub fn new(range: Range<u64>, remoteness: bool) -> Block {
        let words = if range.is_empty() {
            0
        } else {
            (range.end.div_ceil(32) - range.start / 32) as usize
        };
        Block {
            lo: range.start,
            hi: range.end,
            words: vec![0; words],
            rem: if remoteness {
                vec![0; (range.end - range.start) as usize]
            } else {
                Vec::new()
            },
        }
    }

    /// Outcome code and remoteness byte (0 when not stored) of position `i`.
    #[inline]
    pub fn get(&self, i: u64) -> (u8, u8) {
        let w = (i / 32 - self.lo / 32) as usize;
        let code = ((self.words[w] >> ((i % 32) * 2)) & 3) as u8;
        let rem = self.rem.get((i - self.lo) as usize).copied().unwrap_or(0);
        (code, rem)
    }

    /// Set position `i` (its bits are still zero).
    #[inline]
    pub fn set(&mut self, i: u64, code: u8, rem: u8) {
        let w = (i / 32 - self.lo / 32) as usize;
        self.words[w] |= (code as u64) << ((i % 32) * 2);
        if let Some(r) = self.rem.get_mut((i - self.lo) as usize) {
            *r = rem;
        }
    }

    /// Pieces of at most `max` positions, cut on whole words, to send as messages.
    pub fn pieces(&self, max: u64) -> Vec<Block> {
        let mut out = Vec::new();
        if self.lo >= self.hi {
            return out;
        }
        let per = (max / 32).max(1);
        let first = self.lo / 32;
        let mut w = first;
        while w * 32 < self.hi {
            let lo = (w * 32).max(self.lo);
            let hi = ((w + per) * 32).min(self.hi);
            let a = (w - first) as usize;
            let b = (hi.div_ceil(32) - first) as usize;
            out.push(Block {
                lo,
                hi,
                words: self.words[a..b].to_vec(),
                rem: if self.rem.is_empty() {
                    Vec::new()
                } else {
                    self.rem[(lo - self.lo) as usize..(hi - self.lo) as usize].to_vec()
                },
            });
            w += per;
        }
        out
    }

    /// OR this block into a table's packed outcome bytes, and copy its remoteness.
    pub fn write_into(&self, outcomes: &mut [u8], rem: Option<&mut [u8]>) {
        for (k, word) in self.words.iter().enumerate() {
            let at = (self.lo / 32 + k as u64) as usize * 8;
            for (j, b) in word.to_le_bytes().iter().enumerate() {
                if let Some(o) = outcomes.get_mut(at + j) {
                    *o |= b;
                }
            }
        }
        if let Some(r) = rem {
            r[self.lo as usize..self.hi as usize].copy_from_slice(&self.rem);
        }
    }

    /// As a message: `(lo, hi, words, remoteness)`.
    pub fn into_message(self) -> Piece {
        (self.lo, self.hi, self.words, self.rem)
    }

    pub fn from_message((lo, hi, words, rem): Piece) -> Block {
        Block { lo, hi, words, rem }
    }
}

/// A block as Timely sends it.
pub type Piece = (u64, u64, Vec<u64>, Vec<u8>);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_put_back_together() {
        for (lo, hi) in [(0u64, 100u64), (7, 7), (5, 200), (33, 64), (31, 1000)] {
            let mut b = Block::new(lo..hi, true);
            for i in lo..hi {
                b.set(i, (i % 3 + 1) as u8, (i % 251) as u8);
            }
            let mut out = vec![0u8; 1000usize.div_ceil(4)];
            let mut rem = vec![0u8; 1000];
            for p in b.pieces(64) {
                assert!(p.hi - p.lo <= 64);
                p.write_into(&mut out, Some(&mut rem));
            }
            for i in lo..hi {
                assert_eq!(b.get(i), ((i % 3 + 1) as u8, (i % 251) as u8));
                let code = (out[(i / 4) as usize] >> ((i % 4) * 2)) & 3;
                assert_eq!((code, rem[i as usize]), b.get(i));
            }
        }
    }
}
