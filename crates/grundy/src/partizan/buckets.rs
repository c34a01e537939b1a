//! The transposition table of the outcome searches: buckets of two entries,
//! the first keeping the costlier search and the second taking every other
//! one, doubling when three quarters full up to a most. What an entry holds
//! and how it tells its node is the search's own ([`Slot`]). A
//! [`SharedBuckets`] is such a table that searches on several threads share.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;

/// An entry of a [`Buckets`] table.
pub(crate) trait Slot: Copy {
    /// The entry of an empty place.
    const EMPTY: Self;
    /// Whether it holds a node.
    fn used(&self) -> bool;
    /// Whether it holds the same node as `other`.
    fn same(&self, other: &Self) -> bool;
    /// The nodes its search took.
    fn work(&self) -> u64;
    /// Its node's bucket hash (its low bits pick the bucket, at every size).
    fn bucket(&self) -> u64;
}

/// A table of two-entry buckets; see the module's documentation.
pub(crate) struct Buckets<E> {
    slots: Vec<E>,
    filled: u64,
    most: usize,
}

/// The entries a table starts with.
const START_ENTRIES: usize = 1 << 16;

impl<E: Slot> Buckets<E> {
    /// A table of at most `most` entries (within `1024..=cap`, rounded down to
    /// a power of two).
    pub(crate) fn new(most: usize, cap: usize) -> Buckets<E> {
        Buckets::starting_with(START_ENTRIES, most, cap)
    }

    /// A table of `start` entries at first (a power of two), growing to at
    /// most `most` (within `1024..=cap`, rounded down to a power of two).
    fn starting_with(start: usize, most: usize, cap: usize) -> Buckets<E> {
        let most = most.clamp(1024, cap);
        let most = if most.is_power_of_two() {
            most
        } else {
            most.next_power_of_two() / 2
        };
        Buckets {
            slots: vec![E::EMPTY; start.min(most)],
            filled: 0,
            most,
        }
    }

    /// Entries in use.
    pub(crate) fn filled(&self) -> u64 {
        self.filled
    }

    /// Every entry in use.
    pub(crate) fn entries(&self) -> impl Iterator<Item = &E> {
        self.slots.iter().filter(|e| e.used())
    }

    /// Entries it has room for now.
    pub(crate) fn capacity(&self) -> u64 {
        self.slots.len() as u64
    }

    /// The bucket of hash `h`.
    fn index(&self, h: u64) -> usize {
        h as usize & (self.slots.len() - 1) & !1
    }

    /// The entry of bucket hash `h` that `is` picks.
    pub(crate) fn find(&self, h: u64, is: impl Fn(&E) -> bool) -> Option<&E> {
        let i = self.index(h);
        self.slots[i..i + 2].iter().find(|e| e.used() && is(e))
    }

    /// Store `new`, growing first when three quarters full.
    pub(crate) fn insert(&mut self, new: E) {
        if self.filled * 4 >= self.slots.len() as u64 * 3 && self.slots.len() < self.most {
            self.grow();
        }
        self.put(new);
    }

    /// Grow until `n` entries fill at most half the table (or it is as large
    /// as it may be), so that entries read back all find a place.
    pub(crate) fn reserve(&mut self, n: u64) {
        while (self.slots.len() as u64) < n.saturating_mul(2) && self.slots.len() < self.most {
            self.grow();
        }
    }

    /// Double the table, every entry to its bucket by its hash's next bit (a
    /// new bucket takes entries of one old bucket only: none is lost).
    fn grow(&mut self) {
        let n = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, vec![E::EMPTY; n]);
        self.filled = 0;
        for e in old.into_iter().filter(Slot::used) {
            self.put(e);
        }
    }

    fn put(&mut self, new: E) {
        let i = self.index(new.bucket());
        let (first, second) = (self.slots[i], self.slots[i + 1]);
        if first.used() && first.same(&new) {
            self.slots[i] = new;
        } else if second.used() && second.same(&new) {
            self.slots[i + 1] = new;
        } else if !first.used() {
            self.filled += 1;
            self.slots[i] = new;
        } else {
            if !second.used() {
                self.filled += 1;
            }
            // The costlier search stays first; the one it displaces moves down.
            if new.work() >= first.work() {
                self.slots[i + 1] = first;
                self.slots[i] = new;
            } else {
                self.slots[i + 1] = new;
            }
        }
    }
}

/// The shards of a [`SharedBuckets`]: enough that two threads seldom wait for
/// each other, few enough that each starts small.
const SHARDS: usize = 64;

/// A [`Buckets`] table for searches running on several threads at once: the
/// buckets are split among [`SHARDS`] tables by their hash, each behind its
/// own lock and growing on its own. A lookup copies its entry out, so no
/// reference outlives the lock.
pub(crate) struct SharedBuckets<E> {
    shards: Box<[Mutex<Buckets<E>>]>,
    filled: AtomicU64,
    capacity: AtomicU64,
}

impl<E: Slot> SharedBuckets<E> {
    /// A table of at most about `most` entries (within `1024..=cap`), as
    /// [`Buckets::new`], starting as large as one [`Buckets`] does.
    pub(crate) fn new(most: usize, cap: usize) -> SharedBuckets<E> {
        let shards: Box<[_]> = (0..SHARDS)
            .map(|_| {
                Mutex::new(Buckets::starting_with(
                    START_ENTRIES / SHARDS,
                    most / SHARDS,
                    cap / SHARDS,
                ))
            })
            .collect();
        let capacity = shards.iter().map(|s| Self::locked(s).capacity()).sum();
        SharedBuckets {
            shards,
            filled: AtomicU64::new(0),
            capacity: AtomicU64::new(capacity),
        }
    }

    /// A shard's table; a thread that panicked while holding it left it whole
    /// (every write is one entry), so it stays usable.
    fn locked(shard: &Mutex<Buckets<E>>) -> std::sync::MutexGuard<'_, Buckets<E>> {
        shard.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The shard of bucket hash `h`: its bits mixed, so that the shard does not
    /// repeat the low bits that pick the bucket within it.
    fn shard(&self, h: u64) -> &Mutex<Buckets<E>> {
        let mixed = h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58;
        &self.shards[mixed as usize % SHARDS]
    }

    /// Entries in use.
    pub(crate) fn filled(&self) -> u64 {
        self.filled.load(Relaxed)
    }

    /// Entries it has room for now.
    pub(crate) fn capacity(&self) -> u64 {
        self.capacity.load(Relaxed)
    }

    /// Each entry in use, shard by shard.
    pub(crate) fn for_each(&self, mut f: impl FnMut(&E)) {
        for shard in self.shards.iter() {
            Self::locked(shard).entries().for_each(&mut f);
        }
    }

    /// The entry of bucket hash `h` that `is` picks.
    pub(crate) fn find(&self, h: u64, is: impl Fn(&E) -> bool) -> Option<E> {
        Self::locked(self.shard(h)).find(h, is).copied()
    }

    /// Store `new`, its shard growing first when three quarters full.
    pub(crate) fn insert(&self, new: E) {
        let mut shard = Self::locked(self.shard(new.bucket()));
        let (filled, capacity) = (shard.filled(), shard.capacity());
        shard.insert(new);
        self.filled.fetch_add(shard.filled() - filled, Relaxed);
        self.capacity.fetch_add(shard.capacity() - capacity, Relaxed);
    }

    /// Grow until `n` entries fill at most about half of it (or it is as large
    /// as it may be).
    pub(crate) fn reserve(&self, n: u64) {
        for shard in self.shards.iter() {
            let mut shard = Self::locked(shard);
            let capacity = shard.capacity();
            shard.reserve(n / SHARDS as u64 + 1);
            self.capacity.fetch_add(shard.capacity() - capacity, Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A node by number, its work its number's low bits.
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Node(u64);

    impl Slot for Node {
        const EMPTY: Node = Node(0);
        fn used(&self) -> bool {
            self.0 != 0
        }
        fn same(&self, other: &Node) -> bool {
            self.0 == other.0
        }
        fn work(&self) -> u64 {
            self.0 & 0xff
        }
        fn bucket(&self) -> u64 {
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32
        }
    }

    /// Threads storing at once keep the table whole: its count is what it
    /// holds, it holds only what was stored, and it loses no more than two-entry
    /// buckets must (a third node in a bucket displaces one).
    #[test]
    fn threads_share_a_table_and_keep_it_whole() {
        let table = SharedBuckets::<Node>::new(1 << 20, 1 << 20);
        let per_thread = 20_000u64;
        let stored = |n: Node| n.0 >> 32 < 4 && (1..=per_thread).contains(&(n.0 & 0xffff_ffff));
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let table = &table;
                s.spawn(move || {
                    for i in 1..=per_thread {
                        table.insert(Node(t << 32 | i));
                    }
                });
            }
        });
        let mut held = 0;
        table.for_each(|&n| {
            assert!(stored(n), "{n:?} was never stored");
            held += 1;
        });
        assert_eq!(table.filled(), held);
        let mut found = 0;
        for t in 0..4u64 {
            for i in 1..=per_thread {
                let n = Node(t << 32 | i);
                if let Some(e) = table.find(n.bucket(), |e| e.same(&n)) {
                    assert_eq!(e, n);
                    found += 1;
                }
            }
        }
        assert_eq!(found, held);
        assert!(
            found * 10 >= 4 * per_thread * 7,
            "only {found} of {} kept",
            4 * per_thread
        );
        // A node stored again replaces itself.
        let kept = table.filled();
        let mut any = None;
        table.for_each(|&n| any = any.or(Some(n)));
        table.insert(any.expect("a node"));
        assert_eq!(table.filled(), kept);
    }

    /// Reserving makes room for the entries to come before any is stored.
    #[test]
    fn a_shared_table_reserves_room() {
        let table = SharedBuckets::<Node>::new(1 << 20, 1 << 20);
        let before = table.capacity();
        table.reserve(100_000);
        assert!(table.capacity() >= 200_000 && table.capacity() > before);
        assert_eq!(table.filled(), 0);
    }
}
