//! A memo of values for keys that pack into 64 bits and a 16-bit tag: a pair of
//! games (the memo of sums), a Domineering region (its empty cells, and its rows
//! and columns as the tag).
//!
//! The empty 6x6 Domineering board's memo of regions holds 12 million of them and
//! is looked up 150 million times, each time at a random place far beyond the
//! processor's caches. A general hash map's memory comes from the allocator in
//! 4 KiB pages, so nearly every lookup also missed the TLB; this table lives in
//! huge pages (see [`crate::mapped`]). Entries are two words (the key; a used
//! bit, the tag and the value), found by linear probing: the probes of a lookup
//! stay on one cache line or two.

use crate::mapped::Words;
use crate::GameId;

/// The second word's bit of a used entry.
const USED: u64 = 1 << 63;

/// The entries a new table has room for.
const START_ENTRIES: usize = 1 << 10;

/// Values of packed keys: a key is 64 bits and a 16-bit tag (see the
/// module's documentation).
pub struct PackedMemo {
    /// Two words an entry, both zero for an empty one.
    slots: Words,
    /// Entries it has room for (a power of two).
    capacity: usize,
    filled: usize,
}

impl Default for PackedMemo {
    fn default() -> PackedMemo {
        PackedMemo {
            slots: Words::new(2 * START_ENTRIES, 0),
            capacity: START_ENTRIES,
            filled: 0,
        }
    }
}

impl PackedMemo {
    /// Entries held.
    pub fn len(&self) -> usize {
        self.filled
    }

    /// True when it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.filled == 0
    }

    /// Where the probes for a key start.
    fn home(&self, key: u64, tag: u16) -> usize {
        // A full mix (MurmurHash3's finaliser): keys (regions, pairs of ids) are anything
        // but random, and the index is the hash's top bits.
        let mut h = key ^ u64::from(tag).rotate_right(16);
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^= h >> 33;
        (h >> (64 - self.capacity.trailing_zeros())) as usize
    }

    /// The value of the key, if held.
    #[inline]
    pub fn get(&self, key: u64, tag: u16) -> Option<GameId> {
        let high = USED | u64::from(tag) << 32;
        let slots = self.slots.get();
        let mask = self.capacity - 1;
        let mut i = self.home(key, tag);
        loop {
            let second = slots[2 * i + 1];
            if second == 0 {
                return None;
            }
            if second & !u64::from(u32::MAX) == high && slots[2 * i] == key {
                return Some(GameId(second as u32));
            }
            i = (i + 1) & mask;
        }
    }

    /// Asks the processor to bring in the first probe of every key, so that
    /// their misses of its caches overlap and the lookups that follow find
    /// them near. A prefetch, unlike a load, holds no place in the processor's
    /// window of instructions in flight while it waits, so more misses overlap:
    /// the empty 6x6 Domineering board took 0.97 of the time with prefetches
    /// as with loads (docs/benchmarks.md).
    pub fn touch(&self, keys: impl IntoIterator<Item = (u64, u16)>) {
        let slots = self.slots.get();
        #[cfg(target_arch = "x86_64")]
        for (key, tag) in keys {
            let at: *const u64 = &slots[2 * self.home(key, tag)];
            // SAFETY: a prefetch is only a hint to the cache: it neither reads
            // into the program nor faults, and `at` points into `slots` anyway.
            unsafe {
                core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(at.cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            // Plain loads of a value kept, so that they are made.
            let touched = keys
                .into_iter()
                .fold(0u64, |acc, (key, tag)| acc ^ slots[2 * self.home(key, tag) + 1]);
            std::hint::black_box(touched);
        }
    }

    /// Holds `value` for the key (replacing what it held).
    pub fn insert(&mut self, key: u64, tag: u16, value: GameId) {
        // At most three quarters full: a miss then probes a few entries.
        if (self.filled + 1) * 4 > self.capacity * 3 {
            self.grow();
        }
        self.put(key, USED | u64::from(tag) << 32 | u64::from(value.0));
    }

    fn put(&mut self, key: u64, second: u64) {
        let high = second & !u64::from(u32::MAX);
        let mask = self.capacity - 1;
        let mut i = self.home(key, (second >> 32) as u16);
        let slots = self.slots.get_mut();
        loop {
            let old = slots[2 * i + 1];
            if old == 0 {
                self.filled += 1;
                break;
            }
            if old & !u64::from(u32::MAX) == high && slots[2 * i] == key {
                break;
            }
            i = (i + 1) & mask;
        }
        slots[2 * i] = key;
        slots[2 * i + 1] = second;
    }

    /// Doubles the room, every entry to its new place.
    fn grow(&mut self) {
        self.capacity *= 2;
        let old = std::mem::replace(&mut self.slots, Words::new(2 * self.capacity, 0));
        self.filled = 0;
        for entry in old.get().chunks_exact(2).filter(|e| e[1] != 0) {
            self.put(entry[0], entry[1]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_it_was_given_through_growth() {
        let mut m = PackedMemo::default();
        let key = |i: u64| (i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 20, (i % 7) as u16);
        for i in 0..100_000u64 {
            let (c, s) = key(i);
            m.insert(c, s, GameId(i as u32));
        }
        assert_eq!(m.len(), 100_000);
        for i in 0..100_000u64 {
            let (c, s) = key(i);
            assert_eq!(m.get(c, s), Some(GameId(i as u32)));
            assert_eq!(m.get(c, s.wrapping_add(7)), None, "another tag");
        }
        // Prefetches of keys held and not held (the `unsafe` block of `touch`),
        // and of any key in a new table, change nothing.
        m.touch((99_990..100_010).map(key));
        PackedMemo::default().touch([(u64::MAX, u16::MAX), (0, 0)]);
        for i in 99_990..100_010u64 {
            let (c, s) = key(i);
            assert_eq!(m.get(c, s), (i < 100_000).then_some(GameId(i as u32)));
        }
        assert_eq!(m.get(u64::MAX, 0), None);
        m.insert(u64::MAX, 0, GameId(5));
        m.insert(u64::MAX, 0, GameId(6));
        assert_eq!((m.get(u64::MAX, 0), m.len()), (Some(GameId(6)), 100_001));
    }
}
