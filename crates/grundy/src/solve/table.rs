/// A set of small non-negative integers that answers its minimum excludant.
///
/// A bitset: `insert` is a shift and an OR, `mex` scans words. Values of heap games
/// stay small (a few hundred at most for the classic games), so this is the hot
/// inner loop of every nim-sequence.
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    words: Vec<u64>,
}

impl MexSet {
    /// An empty set.
    pub fn new() -> Self {
        MexSet::default()
    }

    /// Forget every value.
    #[inline]
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }

    /// Add a value.
    #[inline]
    pub fn insert(&mut self, v: u64) {
        let word = (v / 64) as usize;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (v % 64);
    }

    /// The least value not in the set.
    #[inline]
    pub fn mex(&self) -> u64 {
        grundy_octal::next_unset(&self.words, 0) as u64
    }
}

/// Nim-values of a heap game for every heap size `0..=n`, bottom up.
///
/// `option_values(k, table, seen)` must insert into `seen` the nim-value of every
/// option of a heap of `k`, reading smaller heaps' values from `table`
/// (`table.len() == k`). Entry `k` of the result is the nim-value of a heap of `k`.
///
/// ```
/// use grundy::solve::HeapTable;
/// // Nim on one heap: every smaller heap is an option, so G(n) = n.
/// let t = HeapTable::build(10, |k, _table, seen| (0..k).for_each(|j| seen.insert(j as u64)));
/// assert_eq!(t.values()[7], 7);
/// ```
#[derive(Clone, Debug)]
pub struct HeapTable {
    values: Vec<u64>,
}

impl HeapTable {
    /// Compute the table up to heap size `n` inclusive.
    pub fn build(n: usize, mut option_values: impl FnMut(usize, &[u64], &mut MexSet)) -> Self {
        let mut values: Vec<u64> = Vec::with_capacity(n + 1);
        let mut seen = MexSet::new();
        for k in 0..=n {
            seen.clear();
            option_values(k, &values, &mut seen);
            values.push(seen.mex());
        }
        HeapTable { values }
    }

    /// The nim-values, indexed by heap size.
    pub fn values(&self) -> &[u64] {
        &self.values
    }

    /// Take ownership of the values.
    pub fn into_values(self) -> Vec<u64> {
        self.values
    }
}
