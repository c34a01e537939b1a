//! The transposition table of the outcome searches: buckets of two entries,
//! the first keeping the costlier search and the second taking every other
//! one, doubling when three quarters full up to a most. What an entry holds
//! and how it tells its node is the search's own ([`Slot`]).

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
        let most = most.clamp(1024, cap);
        let most = if most.is_power_of_two() {
            most
        } else {
            most.next_power_of_two() / 2
        };
        Buckets {
            slots: vec![E::EMPTY; START_ENTRIES.min(most)],
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
