//! Which worker owns which position: each level's index range split into one
//! contiguous block per worker, aligned to 32 positions (whole 64-bit words of the
//! 2-bit array), so that an option's owner is arithmetic on its index.

use std::ops::Range;

/// The ranges to split (the levels of a levelled game, or the one range `0..size`
/// of a loopy one) and the number of workers in the whole job.
#[derive(Clone, Debug)]
pub struct Partition {
    /// The ranges by level number.
    ranges: Vec<Range<u64>>,
    /// Level numbers in increasing order of start, and their starts, for lookups.
    by_start: Vec<usize>,
    starts: Vec<u64>,
    peers: usize,
}

impl Partition {
    /// Split `ranges` (disjoint; empty ones allowed) among `peers` workers.
    pub fn new(ranges: Vec<Range<u64>>, peers: usize) -> Partition {
        let mut by_start: Vec<usize> = (0..ranges.len()).filter(|&l| !ranges[l].is_empty()).collect();
        by_start.sort_by_key(|&l| ranges[l].start);
        let starts = by_start.iter().map(|&l| ranges[l].start).collect();
        Partition {
            ranges,
            by_start,
            starts,
            peers: peers.max(1),
        }
    }

    /// How many workers share the job.
    pub fn peers(&self) -> usize {
        self.peers
    }

    /// How many ranges (levels).
    pub fn levels(&self) -> usize {
        self.ranges.len()
    }

    /// Range (level) `l`.
    pub fn range(&self, l: usize) -> Range<u64> {
        self.ranges[l].clone()
    }

    /// 64-bit words of 32 positions each handed to each worker in range `l`.
    fn words_each(&self, l: usize) -> u64 {
        let r = &self.ranges[l];
        let words = r.end.div_ceil(32) - r.start / 32;
        words.div_ceil(self.peers as u64).max(1)
    }

    /// The block of range `l` that worker `w` owns (maybe empty).
    pub fn block(&self, l: usize, w: usize) -> Range<u64> {
        let r = &self.ranges[l];
        let per = self.words_each(l);
        let at = |k: u64| ((r.start / 32 + k * per) * 32).clamp(r.start, r.end);
        at(w as u64)..at(w as u64 + 1)
    }

    /// The range (level) holding index `i`, if any.
    #[inline]
    pub fn level_of(&self, i: u64) -> Option<usize> {
        let k = self.starts.partition_point(|&s| s <= i).checked_sub(1)?;
        let l = self.by_start[k];
        (i < self.ranges[l].end).then_some(l)
    }

    /// The worker owning index `i` in range `l` (which holds it).
    #[inline]
    pub fn owner_in(&self, l: usize, i: u64) -> usize {
        let r = &self.ranges[l];
        let k = (i / 32 - r.start / 32) / self.words_each(l);
        (k as usize).min(self.peers - 1)
    }

    /// The worker owning index `i`; worker 0 for an index in no range (it answers
    /// that it is not a position).
    #[inline]
    pub fn owner(&self, i: u64) -> usize {
        match self.level_of(i) {
            Some(l) => self.owner_in(l, i),
            None => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_cover_each_range_once_and_agree_with_owner() {
        let ranges = vec![40..41, 0..7, 7..40, 41..1000, 1000..1000, 1000..1100];
        for peers in 1..=7 {
            let p = Partition::new(ranges.clone(), peers);
            for (l, r) in ranges.iter().enumerate() {
                let mut next = r.start;
                for w in 0..peers {
                    let b = p.block(l, w);
                    assert!(b.start >= r.start && b.end <= r.end);
                    if !b.is_empty() {
                        assert_eq!(b.start, next);
                        next = b.end;
                        // Inner boundaries fall on whole words.
                        if b.start != r.start {
                            assert_eq!(b.start % 32, 0);
                        }
                    }
                    for i in b.clone() {
                        assert_eq!(p.level_of(i), Some(l));
                        assert_eq!(p.owner(i), w, "peers {peers} index {i}");
                    }
                }
                assert_eq!(next, r.end);
            }
            assert_eq!(p.level_of(1100), None);
            assert_eq!(p.owner(5000), 0);
        }
    }

    #[test]
    fn work_is_shared() {
        let p = Partition::new(std::iter::once(0..3200).collect(), 4);
        let sizes: Vec<u64> = (0..4).map(|w| p.block(0, w).end - p.block(0, w).start).collect();
        assert_eq!(sizes, vec![800; 4]);
    }
}
