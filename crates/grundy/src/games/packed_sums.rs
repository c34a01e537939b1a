//! Exact search of sums of heaps, with each position packed into one `u128`.
//!
//! A sum of heaps is a multiset: what matters is how many heaps of each size it
//! holds. No move of a heap game adds tokens, so a position reachable from a sum
//! of T tokens holds at most T / s heaps of size s. Give each heap size a bit
//! field just wide enough for that count and the whole multiset is one `u128`
//! (sums of up to about 60 tokens fit). A move replaces one heap of size s by the
//! heaps it leaves: in the packed form that is adding one constant, computed once
//! per option of s. So a position's options cost an addition and a hash lookup
//! each, with no sorting and no allocation, which is what lets misère play, where
//! no theory shortens the search, give exact remoteness for sums of 60 tokens in
//! seconds (the generic search over sorted heap lists is several times slower and
//! three times larger per position).
//!
//! Heaps without moves are left out of the packing: such a heap is the game 0
//! itself, and adding it to a sum neither adds nor removes a move, so dropping it
//! renames positions without changing any outcome or remoteness, in normal and in
//! misère play alike.

use grundy_octal::HeapRules;
use rustc_hash::FxHashMap;

use crate::solve::{progress, Evaluation};
use crate::{GameError, Outcome, Play};

/// Positions the packed search may visit: 32 bytes each in its table.
pub(crate) const PACKED_SEARCH_LIMIT: usize = 10_000_000;

/// The largest heap the packed layout considers (a wider sum never fits anyway).
const LARGEST_PACKED_HEAP: u64 = 128;

/// The layout of packed positions for sums reachable from one root.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    /// Bit offset of each heap size's count (`None`: a heap without moves).
    offset: Vec<Option<u32>>,
    /// Bit width of each heap size's count.
    width: Vec<u32>,
    /// Heap sizes with moves, ascending.
    live: Vec<usize>,
    /// For each heap size, the constant that each distinct option adds to a key.
    deltas: Vec<Vec<u128>>,
}

/// How many bits hold the numbers `0..=n`.
fn bits(n: u64) -> u32 {
    64 - n.leading_zeros()
}

impl Layout {
    /// The layout for sums reachable from `heaps`, or `None` when they do not
    /// fit: a heap above [`LARGEST_PACKED_HEAP`], more than 128 bits of counts, or
    /// rules whose options are not smaller heaps of fewer tokens in all.
    pub(crate) fn new(rules: &HeapRules, heaps: &[u64]) -> Option<Layout> {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        if largest > LARGEST_PACKED_HEAP {
            return None;
        }
        let tokens: u64 = heaps.iter().sum();
        let largest = largest as usize;
        // The options of every size first: which sizes are live, and a check that
        // no option holds a heap as large as the one it came from or more tokens.
        let mut options: Vec<Vec<Vec<u64>>> = vec![Vec::new(); largest + 1];
        for (s, list) in options.iter_mut().enumerate().skip(1) {
            let mut fits = true;
            rules.heap_options(s as u64, &mut |left| {
                if left.iter().any(|&h| h >= s as u64) || left.iter().sum::<u64>() > s as u64 {
                    fits = false;
                }
                let mut o: Vec<u64> = left.iter().copied().filter(|&h| h > 0).collect();
                o.sort_unstable();
                list.push(o);
            });
            if !fits {
                return None;
            }
            list.sort();
            list.dedup();
        }
        let mut offset = vec![None; largest + 1];
        let mut width = vec![0; largest + 1];
        let mut live = Vec::new();
        let mut used = 0u32;
        for s in 1..=largest {
            if options[s].is_empty() {
                continue;
            }
            let w = bits(tokens / s as u64);
            if w == 0 {
                continue;
            }
            if used + w > 128 {
                return None;
            }
            offset[s] = Some(used);
            width[s] = w;
            live.push(s);
            used += w;
        }
        let mut layout = Layout {
            offset,
            width,
            live,
            deltas: vec![Vec::new(); largest + 1],
        };
        for &s in &layout.live {
            let mut deltas: Vec<u128> = options[s]
                .iter()
                .map(|o| {
                    let added = layout.key_unchecked(o);
                    added.wrapping_sub(1u128 << layout.offset[s].expect("live"))
                })
                .collect();
            deltas.sort_unstable();
            deltas.dedup();
            layout.deltas[s] = deltas;
        }
        Some(layout)
    }

    /// The packed key of `heaps`, without checking that the counts fit.
    fn key_unchecked(&self, heaps: &[u64]) -> u128 {
        heaps
            .iter()
            .filter_map(|&h| self.offset.get(h as usize).copied().flatten())
            .fold(0u128, |k, off| k.wrapping_add(1u128 << off))
    }

    /// The packed key of `heaps`, or `None` when a heap is too large or a count
    /// does not fit its field (a sum not reachable from the root).
    fn key(&self, heaps: &[u64]) -> Option<u128> {
        let mut counts = vec![0u64; self.offset.len()];
        for &h in heaps {
            if h == 0 {
                continue;
            }
            *counts.get_mut(h as usize)? += 1;
        }
        let mut key = 0u128;
        for &s in &self.live {
            if bits(counts[s]) > self.width[s] {
                return None;
            }
            key |= u128::from(counts[s]) << self.offset[s].expect("live");
        }
        Some(key)
    }

    /// How many heaps of size `s` the key holds.
    fn count(&self, key: u128, s: usize, off: u32) -> u128 {
        (key >> off) & ((1u128 << self.width[s]) - 1)
    }
}

/// A memoized search over packed positions, in one play convention.
pub(crate) struct PackedSearch {
    layout: Layout,
    play: Play,
    /// `remoteness << 1 | 1` for a win of the player to move, `remoteness << 1` for a loss.
    memo: FxHashMap<u128, u32>,
    limit: usize,
    /// The budget's flag to stop early, looked at every few thousand positions.
    cancel: crate::Cancel,
}

impl PackedSearch {
    pub(crate) fn new(layout: Layout, play: Play, limit: usize, cancel: &crate::Cancel) -> Self {
        PackedSearch {
            layout,
            play,
            memo: FxHashMap::default(),
            limit,
            cancel: cancel.clone(),
        }
    }

    /// Outcome and remoteness of the sum `heaps` (reachable from the root the
    /// layout was made for).
    pub(crate) fn evaluate(&mut self, heaps: &[u64]) -> Result<Evaluation, GameError> {
        let key = self.layout.key(heaps).ok_or_else(|| {
            GameError::Rule(format!(
                "the sum {heaps:?} is not reachable from the position searched"
            ))
        })?;
        let v = self.value(key)?;
        Ok(Evaluation {
            outcome: if v & 1 == 1 { Outcome::Win } else { Outcome::Lose },
            remoteness: Some(u64::from(v >> 1)),
        })
    }

    fn value(&mut self, key: u128) -> Result<u32, GameError> {
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        let mut terminal = true;
        // The fastest win (through an option that loses) and the slowest loss.
        let mut fastest_win: Option<u32> = None;
        let mut slowest_loss = 0u32;
        for i in 0..self.layout.live.len() {
            let s = self.layout.live[i];
            let off = self.layout.offset[s].expect("live");
            if self.layout.count(key, s, off) == 0 {
                continue;
            }
            for j in 0..self.layout.deltas[s].len() {
                terminal = false;
                let v = self.value(key.wrapping_add(self.layout.deltas[s][j]))?;
                if v & 1 == 0 {
                    fastest_win = Some(fastest_win.map_or(v >> 1, |r| r.min(v >> 1)));
                } else {
                    slowest_loss = slowest_loss.max(v >> 1);
                }
            }
        }
        let v = if terminal {
            // The player to move cannot: loses in normal play, wins in misère play.
            u32::from(self.play == Play::Misere)
        } else if let Some(r) = fastest_win {
            (r + 1) << 1 | 1
        } else {
            (slowest_loss + 1) << 1
        };
        if self.memo.len() >= self.limit {
            return Err(GameError::too_many_positions("search", self.limit));
        }
        if self.memo.len() == self.memo.capacity() {
            // A memory limit (ulimit) refuses the growth as an error, not an abort;
            // the probe keeps room for the rest of the command once it has grown.
            let headroom = self.memo.len() * 32 + (64 << 20);
            Vec::<u8>::new().try_reserve_exact(headroom).map_err(|_| {
                GameError::too_many_positions(
                    format!("search (no memory for more than {} positions)", self.memo.len()),
                    self.memo.len(),
                )
            })?;
            self.memo.try_reserve(self.memo.len().max(1 << 12)).map_err(|_| {
                GameError::too_many_positions(
                    format!("search (no memory for more than {} positions)", self.memo.len()),
                    self.memo.len(),
                )
            })?;
        }
        self.memo.insert(key, v);
        if self.memo.len().is_multiple_of(progress::REPORT_EVERY) {
            progress::report(self.memo.len() as u64, self.limit as u64);
            self.cancel.check(|| "search".to_string())?;
        }
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_get_fields_as_wide_as_the_tokens_allow() {
        let kayles = HeapRules::kayles();
        let layout = Layout::new(&kayles, &[20, 20, 20]).expect("60 tokens fit");
        // 60 heaps of one token need 6 bits; 3 heaps of 20 need 2.
        assert_eq!(layout.width[1], 6);
        assert_eq!(layout.width[20], 2);
        assert!(Layout::new(&kayles, &[200]).is_none());
        assert!(
            Layout::new(&kayles, &[60; 10]).is_none(),
            "600 tokens do not fit 128 bits"
        );
    }
}
