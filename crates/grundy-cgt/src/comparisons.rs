//! The comparisons already made, `g <= h` for interned games, in a lossy cache.
//!
//! Reducing a game to canonical form compares its options pairwise, and each
//! comparison recurses into theirs: the same pairs come back again and again, so
//! they are remembered. There are far more distinct pairs than games (61 million
//! against 2 million for the empty 6x6 Domineering board), so a complete memo
//! would be most of the memory; and a pair is worth remembering only while the
//! games around it are being reduced. So the answers live in a table of fixed
//! size, two entries a bucket, the newer first: a full bucket forgets its older
//! entry. Forgetting costs only time (the comparison is made again, exactly), never
//! a wrong answer, since an entry is the whole pair and its answer.

use crate::mapped::Words;
use crate::GameId;

/// A slot no pair fills: every id cached is below 2^31 (see [`key`]).
const EMPTY: u64 = u64::MAX;

/// Slots a bucket: one cache line, so that a lookup costs one miss at most.
const WAYS: usize = 8;

/// A bucket's bytes: one cache line.
const BUCKET_BYTES: u64 = (WAYS * size_of::<u64>()) as u64;

/// The smallest table, in buckets.
const MIN_BUCKETS: usize = 1 << 7;

/// The pair `(g, h)` as a slot's key, with the answer's bit clear; `None` for ids
/// too large to pack (never cached).
fn key(g: GameId, h: GameId) -> Option<u64> {
    (g.0 < 1 << 31 && h.0 < 1 << 31).then(|| (u64::from(g.0) << 32) | (u64::from(h.0) << 1))
}

/// The answers of `g <= h` computed so far, as many as fit.
pub(crate) struct Comparisons {
    /// [`WAYS`] a bucket, the newest of a bucket first: a key with its answer in
    /// the low bit, or [`EMPTY`]. In huge pages (see [`crate::mapped`]).
    slots: Words,
    /// Buckets (a power of two).
    buckets: usize,
    /// Slots filled. The table doubles at half full (below its limit), where
    /// a bucket overflows rarely, so little is forgotten before the limit.
    filled: usize,
    /// The most buckets the table may grow to (a power of two).
    max_buckets: usize,
}

impl Default for Comparisons {
    fn default() -> Comparisons {
        Comparisons {
            slots: Words::new(MIN_BUCKETS * WAYS, EMPTY),
            buckets: MIN_BUCKETS,
            filled: 0,
            max_buckets: MIN_BUCKETS,
        }
    }
}

impl Comparisons {
    /// Lets the table grow to `bytes` (at least its smallest size); it never shrinks.
    pub(crate) fn set_max_bytes(&mut self, bytes: u64) {
        let buckets = (bytes / BUCKET_BYTES).clamp(MIN_BUCKETS as u64, 1 << 40) as usize;
        self.max_buckets = if buckets.is_power_of_two() {
            buckets
        } else {
            buckets.next_power_of_two() / 2
        };
    }

    /// The bucket of `key`.
    fn bucket(&self, key: u64) -> usize {
        // A full mix (MurmurHash3's finaliser): pairs of ids are anything but
        // random, and one multiplication spreads some runs of them poorly.
        let mut hash = key ^ (key >> 33);
        hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        hash ^= hash >> 33;
        let bits = self.buckets.trailing_zeros();
        (hash >> (64 - bits)) as usize
    }

    /// The remembered answer of `g <= h`.
    pub(crate) fn get(&self, g: GameId, h: GameId) -> Option<bool> {
        let key = key(g, h)?;
        let at = self.bucket(key) * WAYS;
        let bucket = &self.slots.get()[at..at + WAYS];
        bucket.iter().find(|&&s| s & !1 == key).map(|&s| s & 1 == 1)
    }

    /// Remembers `g <= h` is `answer`; the bytes the table newly took (when it grew).
    pub(crate) fn insert(&mut self, g: GameId, h: GameId, answer: bool) -> u64 {
        let Some(key) = key(g, h) else {
            return 0;
        };
        let mut grown = 0;
        if self.filled >= self.buckets * WAYS / 2 && self.buckets < self.max_buckets {
            grown = self.grow();
        }
        self.put(key | u64::from(answer));
        grown
    }

    fn put(&mut self, entry: u64) {
        let key = entry & !1;
        let i = self.bucket(key) * WAYS;
        let bucket = &mut self.slots.get_mut()[i..i + WAYS];
        // The slots before the pair's own (or before the first empty one, or all
        // of them) move down one, and the pair goes first: a full bucket forgets
        // its oldest entry.
        let at = bucket
            .iter()
            .position(|&s| s == EMPTY || s & !1 == key)
            .unwrap_or(WAYS - 1);
        self.filled += usize::from(bucket[at] == EMPTY);
        bucket.copy_within(0..at, 1);
        bucket[0] = entry;
    }

    /// Doubles the table, keeping what fits; the bytes added.
    fn grow(&mut self) -> u64 {
        self.buckets *= 2;
        let old = std::mem::replace(&mut self.slots, Words::new(self.buckets * WAYS, EMPTY));
        self.filled = 0;
        // Oldest first, so that each bucket keeps its order.
        for bucket in old.get().chunks_exact(WAYS) {
            for &entry in bucket.iter().rev().filter(|&&s| s != EMPTY) {
                self.put(entry);
            }
        }
        self.bytes() / 2
    }

    /// The bytes the table holds.
    pub(crate) fn bytes(&self) -> u64 {
        self.buckets as u64 * BUCKET_BYTES
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_what_fits_and_never_answers_wrong() {
        let mut c = Comparisons::default();
        c.set_max_bytes(8 * (MIN_BUCKETS * WAYS) as u64);
        let answer = |g: u32, h: u32| (g * 7 + h * 3) % 5 < 2;
        for g in 0..200u32 {
            for h in 0..200u32 {
                c.insert(GameId(g), GameId(h), answer(g, h));
            }
        }
        assert_eq!(
            c.bytes(),
            8 * (MIN_BUCKETS * WAYS) as u64,
            "the table stays within its bytes"
        );
        let mut remembered = 0;
        for g in 0..200u32 {
            for h in 0..200u32 {
                if let Some(a) = c.get(GameId(g), GameId(h)) {
                    assert_eq!(a, answer(g, h), "({g}, {h})");
                    remembered += 1;
                }
            }
        }
        // Every slot is filled by the last pairs inserted, and the very last pair
        // is always remembered.
        assert_eq!(remembered, MIN_BUCKETS * WAYS);
        assert_eq!(c.get(GameId(199), GameId(199)), Some(answer(199, 199)));
    }

    #[test]
    fn grows_to_its_limit() {
        let mut c = Comparisons::default();
        c.set_max_bytes(1 << 16);
        let mut grown = 0;
        for g in 0..3000u32 {
            grown += c.insert(GameId(g), GameId(g + 1), g % 2 == 0);
        }
        assert_eq!(c.bytes(), 1 << 16, "grown to the limit");
        assert_eq!(grown + 8 * (MIN_BUCKETS * WAYS) as u64, c.bytes());
        let mut remembered = 0;
        for g in 0..3000u32 {
            if let Some(a) = c.get(GameId(g), GameId(g + 1)) {
                assert_eq!(a, g % 2 == 0);
                remembered += 1;
            }
            assert_eq!(c.get(GameId(g + 1), GameId(g)), None);
        }
        assert!(remembered > 2950, "{remembered} of 3000 remembered in 8192 slots");
        for g in 2950..3000u32 {
            assert_eq!(
                c.get(GameId(g), GameId(g + 1)),
                Some(g % 2 == 0),
                "a recent pair is remembered"
            );
        }
        assert_eq!(
            c.get(GameId(1 << 31), GameId(0)),
            None,
            "large ids are not cached"
        );
        assert_eq!(c.insert(GameId(1 << 31), GameId(0), true), 0);
    }

    #[test]
    fn a_universe_that_forgets_comparisons_computes_the_same_values() {
        let parts = [
            "{3|{1|-1},{0|-2}}",
            "{2||1|0}",
            "^*",
            "{1/2|*}",
            "{1|{0|-1}}",
            "{5/2|1||1/2|-1}",
            "{2|*||-1}",
            "v",
        ];
        let value = |u: &mut crate::Universe| {
            let mut shown = Vec::new();
            for a in 0..parts.len() {
                let mut total = u.zero();
                for p in &parts[a..] {
                    let g = u.parse(p).expect("a value");
                    total = u.add(total, g);
                    let h = u.parse(parts[a]).expect("a value");
                    shown.push((u.display(total, false), u.le(h, total), u.le(total, h)));
                }
            }
            shown
        };
        let mut forgetful = crate::Universe::new();
        forgetful.arena.comparisons.max_buckets = MIN_BUCKETS;
        let mut complete = crate::Universe::new();
        assert_eq!(value(&mut forgetful), value(&mut complete));
        let small = &forgetful.arena.comparisons;
        assert_eq!(small.buckets, MIN_BUCKETS, "the small table stayed small");
        assert!(
            complete.arena.comparisons.filled > small.buckets * WAYS,
            "the sums made more comparisons than the small table holds ({})",
            complete.arena.comparisons.filled
        );
    }
}
