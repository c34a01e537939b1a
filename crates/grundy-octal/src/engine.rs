//! The nim-sequence engine: naive mex and the sparse-space (rare/common) method.

use crate::byte_pairs::{self, Bytes};
use crate::mex::next_unset;
use crate::rules::HeapRules;
use crate::triples::PairSets;

/// How [`Sequence`] computes new values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Method {
    /// Chooses as the run goes, from the measured rare fraction: sparse space
    /// where it applies (games whose moves leave at most two heaps and that
    /// have breaking moves) while few heaps are rare, naive while many are
    /// (see [`Sequence`]); naive for the other games. The values are the same
    /// whichever runs.
    #[default]
    Auto,
    /// Examine every option of every heap.
    Naive,
    /// The rare/common (sparse space) method. Falls back to the naive method
    /// for games it does not apply to (subtraction games, the split game,
    /// hexadecimal codes with three-heap moves, whose naive method merges the
    /// two-heap split sets of each total instead of listing triples).
    Sparse,
}

impl std::str::FromStr for Method {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "auto" => Ok(Method::Auto),
            "naive" => Ok(Method::Naive),
            "sparse" => Ok(Method::Sparse),
            _ => Err(format!("unknown method \"{s}\" (expected auto, naive or sparse)")),
        }
    }
}

/// Errors of the sequence engine.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SequenceError {
    /// A nim-value would not fit the `u16` storage.
    #[error("nim-value of heap {n} exceeds 65535 (values are stored as u16)")]
    ValueOverflow {
        /// The heap size whose value overflowed.
        n: u64,
    },
    /// The requested length cannot be indexed on this machine (or exceeds
    /// 2^32 heaps for the sparse method, which stores rare heaps as `u32`).
    #[error("cannot compute {n} values: heap index too large for this method")]
    TooLarge {
        /// The requested length.
        n: u64,
    },
    /// The requested computation does not apply to this game (e.g. the
    /// all-but prover on a game that is not all-but).
    #[error("{reason}")]
    NotApplicable {
        /// What was asked, and why it does not apply.
        reason: String,
    },
    /// A prefix given to [`Sequence::from_prefix`] is not a nim-sequence of
    /// the game.
    #[error("invalid prefix: {reason}")]
    BadPrefix {
        /// What was wrong.
        reason: String,
    },
}

/// Work counters, for benchmarks and progress reports.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Options whose value was computed (pairs XORed, singles looked up).
    pub options: u64,
    /// Heaps for which the sparse method had to scan every common pair.
    pub full_scans: u64,
    /// How often the rare/common split was rebuilt.
    pub reclassifications: u64,
}

#[derive(Debug, Clone)]
struct Compiled {
    take_all: Vec<usize>,
    take_some: Vec<usize>,
    split2: Vec<usize>,
    split3: Vec<usize>,
    unequal: bool,
    split_game: bool,
    /// The tail digit (0 = none) and the first k it applies to.
    tail: u8,
    tail_from: usize,
    /// The largest of `take_all` and of `take_some` (0 if none): past them
    /// every heap takes the same, without a search a heap.
    largest_take_all: usize,
    largest_take_some: usize,
}

impl Compiled {
    fn new(rules: &HeapRules) -> Self {
        let mut c = Compiled {
            take_all: vec![],
            take_some: vec![],
            split2: vec![],
            split3: vec![],
            unequal: false,
            split_game: false,
            tail: 0,
            tail_from: 0,
            largest_take_all: 0,
            largest_take_some: 0,
        };
        match rules {
            HeapRules::Octal(code) => {
                for (k, &d) in code.digits().iter().enumerate() {
                    if k > 0 && d & 1 != 0 {
                        c.take_all.push(k);
                    }
                    if k > 0 && d & 2 != 0 {
                        c.take_some.push(k);
                    }
                    if d & 4 != 0 {
                        c.split2.push(k);
                    }
                    if d & 8 != 0 {
                        c.split3.push(k);
                    }
                }
                if let Some(t) = code.tail() {
                    c.tail = t;
                    c.tail_from = code.digits().len();
                }
            }
            HeapRules::Grundy => {
                c.split2.push(0);
                c.unequal = true;
            }
            HeapRules::Subtraction(s) => {
                for &k in s {
                    // A set element beyond usize can never be used.
                    if let Ok(k) = usize::try_from(k) {
                        c.take_all.push(k);
                        c.take_some.push(k);
                    }
                }
            }
            HeapRules::Split => c.split_game = true,
        }
        // Sorted, so that a heap of n looks at the moves that fit it and no
        // others (an all-but game's code has as many digits as its largest
        // exclusion: 10^7 of them for `allbut:10000000`).
        for list in [&mut c.take_all, &mut c.take_some, &mut c.split2, &mut c.split3] {
            list.sort_unstable();
        }
        c.largest_take_all = c.take_all.last().copied().unwrap_or(0);
        c.largest_take_some = c.take_some.last().copied().unwrap_or(0);
        c
    }

    /// Whether a move takes a whole heap of `n`.
    #[inline]
    fn takes_all(&self, n: usize) -> bool {
        n <= self.largest_take_all && self.take_all.binary_search(&n).is_ok()
    }

    /// The amounts k < n that a move may take from a heap of `n` and leave the rest.
    #[inline]
    fn takes_below(&self, n: usize) -> &[usize] {
        if n > self.largest_take_some {
            return &self.take_some;
        }
        &self.take_some[..self.take_some.partition_point(|&k| k < n)]
    }

    /// The k of the moves that take k from a heap of `n` and split the rest in
    /// `parts` non-empty heaps (`split2` or `split3`).
    #[inline]
    fn splits_within(list: &[usize], n: usize, parts: usize) -> &[usize] {
        &list[..list.partition_point(|&k| k + parts <= n)]
    }

    /// Moves only take (no split of any kind): each heap has at most one heap as
    /// an option per move.
    fn takes_only(&self) -> bool {
        self.split2.is_empty() && self.split3.is_empty() && !self.split_game && self.tail == 0
    }

    /// For a take-only game whose values so far are all below 64: the values of
    /// the options of a heap of `n` as bits, and how many options there are. Past
    /// the largest move every move applies, so no bound is checked per move.
    #[inline(always)]
    fn take_only_options(&self, g: &[u16], n: usize, largest: usize) -> (u64, u64) {
        let mut seen = 0u64;
        if n > largest {
            for &k in &self.take_some {
                seen |= 1u64 << g[n - k];
            }
            return (seen, self.take_some.len() as u64);
        }
        let mut options = 0u64;
        seen |= u64::from(self.takes_all(n));
        for &k in self.takes_below(n) {
            seen |= 1u64 << g[n - k];
            options += 1;
        }
        (seen, options)
    }

    /// The most tokens one taking move removes.
    fn largest_take(&self) -> usize {
        self.take_some
            .iter()
            .chain(&self.take_all)
            .copied()
            .max()
            .unwrap_or(0)
    }

    fn sparse_applies(&self) -> bool {
        !self.split2.is_empty() && self.split3.is_empty() && !self.split_game && self.tail == 0
    }

    #[inline]
    fn half(&self, m: usize) -> usize {
        if self.unequal {
            m.saturating_sub(1) / 2
        } else {
            m / 2
        }
    }
}

const FLAGS: usize = 65536 + 64;

/// Heaps whose rare pairs the sparse method (values of 64 and more) marks
/// in one pass. 32, not 16: the work a rare heap costs besides its stores is
/// shared by twice the heaps (0.6: 2.5% less time, 3.5% fewer instructions).
const BATCH: usize = 32;
/// The same for values below 64, whose rare heaps below the batch size are
/// left to each heap: with 32 there were more of those, and 0.156 and 0.45
/// ran 5-6% more instructions than with 16.
const SMALL_BATCH: usize = 16;
/// It does once every breaking total m is at least this.
const BATCH_FROM: usize = 256;
/// The `stride` of a batch of values below 64 kept as bytes (AVX2): BATCH
/// heaps, the rare heaps below [`FIRST_SCAN`] left to each heap.
const BYTE_STRIDE: usize = 1;

/// The option flags of BATCH consecutive heaps with their rare pairs (the
/// rare heap at least BATCH, below the heap's breaking total at the first
/// heap) marked; see [`Sequence::fill_batch`].
#[derive(Debug, Clone)]
struct Batch {
    /// Row j: the flags of heap start + j, from byte j * FLAGS (`stride`
    /// of them in use).
    rows: Vec<u8>,
    /// The first heap, `usize::MAX` when empty (the rare list changed).
    start: usize,
    stride: usize,
    /// Rare heaps below the batch's size (BATCH, or SMALL_BATCH for values
    /// below 64): indices 0..small_end (left to each heap).
    small_end: usize,
    /// Per breaking distance: the rare heaps marked end at this index.
    rare_end: [usize; 16],
    /// Values below 64 (`stride` 0): the sets of heaps start.. instead of rows.
    small: [u64; SMALL_BATCH],
    /// Values below 64 with AVX2 (`stride` [`BYTE_STRIDE`]): the sets of
    /// the BATCH heaps start.. as bytes.
    bytes: byte_pairs::BatchSets,
}

impl Default for Batch {
    fn default() -> Self {
        Batch {
            rows: Vec::new(),
            start: usize::MAX,
            stride: 0,
            small_end: 0,
            rare_end: [0; 16],
            small: [0; SMALL_BATCH],
            bytes: byte_pairs::BatchSets::default(),
        }
    }
}

impl Batch {
    /// Heap n has its row here, for flags of `limit` bytes (0: its set;
    /// [`BYTE_STRIDE`]: its set as bytes).
    fn covers(&self, n: usize, limit: usize) -> bool {
        let len = if limit == 0 { SMALL_BATCH } else { BATCH };
        n >= self.start && n - self.start < len && self.stride == limit
    }
}
const SEEN_WORDS: usize = (65536usize + 1).div_ceil(64);

/// A nim-sequence G(0), G(1), ... under construction.
///
/// Values are stored as `u16` (2 bytes per heap); the sparse method adds
/// 6 bytes per *rare* heap, and 2 bytes per heap for its scans: the values
/// backwards (values of 64 and more), or forwards and backwards as bytes
/// (below 64, with AVX2). [`Sequence::extend_to`] reserves exactly what it
/// needs, so peak memory stays near 4 bytes per value.
///
/// ```
/// use grundy_octal::{HeapRules, Method, Sequence};
/// let mut seq = Sequence::new(HeapRules::kayles(), Method::Auto);
/// let mut streamed = Vec::new();
/// seq.extend_to(10, |n, g| streamed.push((n, g))).unwrap();
/// assert_eq!(seq.values(), &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4]);
/// // G(0) = 0 is there from the start; heaps 1..10 were streamed.
/// assert_eq!((streamed.len(), streamed[2]), (9, (3, 3)));
///
/// // Resume later from saved values:
/// let saved = seq.into_values();
/// let mut again = Sequence::from_prefix(HeapRules::kayles(), Method::Auto, saved).unwrap();
/// again.extend_to(12, |_, _| {}).unwrap();
/// assert_eq!(again.get(11), Some(6));
/// ```
#[derive(Debug, Clone)]
pub struct Sequence {
    rules: HeapRules,
    c: Compiled,
    method: Method,
    /// The sparse method is running now (`Auto` switches it on and off).
    sparse: bool,
    /// `Auto` running naive: when to look at the rare fraction again.
    next_check: usize,
    values: Vec<u16>,
    counts: Vec<u64>,
    max_value: u16,
    seen: Vec<u64>,
    mask: u16,
    common_bits: u64,
    rare_heaps: Vec<u32>,
    rare_values: Vec<u16>,
    /// Per breaking distance (in the order of `ms` in `sparse_value`): how
    /// many rare heaps lie below m, and below m / 2, at the last heap. They
    /// advance by a step or two per heap instead of a binary search each.
    rare_cursors: [(usize, usize); 16],
    batch: Batch,
    /// The values in reverse, for the pair kernels (see [`Mirror`]).
    mirror: Mirror,
    /// The values as bytes for the AVX2 pair scan while they are below 64
    /// (see [`byte_pairs`]).
    bytes: Bytes,
    /// The CPU has AVX2 (x86-64, detected at run time): the sparse method
    /// with values below 64 runs a copy compiled for it.
    avx2: bool,
    flags: Box<[u8; FLAGS]>,
    rare_at_reclass: usize,
    last_reclass: usize,
    next_reclass: usize,
    stats: Stats,
    /// The generic naive kernel, used for codes with a tail digit only.
    wide: Option<Box<Naive>>,
    /// The values of two-heap splits of every total, for three-heap moves.
    pair_sets: Option<Box<PairSets>>,
}

impl Sequence {
    /// A sequence holding only G(0) = 0.
    pub fn new(rules: HeapRules, method: Method) -> Self {
        let c = Compiled::new(&rules);
        let sparse = method != Method::Naive && c.sparse_applies();
        let mut counts = vec![0u64; 65536];
        counts[0] = 1;
        Sequence {
            rules,
            c,
            method,
            sparse,
            next_check: 0,
            values: vec![0],
            counts,
            max_value: 0,
            seen: vec![0; SEEN_WORDS],
            mask: 1,
            common_bits: common_bits(1),
            rare_heaps: Vec::new(),
            rare_values: Vec::new(),
            rare_cursors: [(0, 0); 16],
            batch: Batch::default(),
            mirror: Mirror::default(),
            bytes: Bytes::default(),
            avx2: has_avx2(),
            flags: Box::new([0; FLAGS]),
            rare_at_reclass: 0,
            last_reclass: 0,
            next_reclass: 32,
            stats: Stats::default(),
            wide: None,
            pair_sets: None,
        }
    }

    /// Resumes from previously computed values G(0), ..., G(len-1).
    ///
    /// Checks that `values[0] == 0` and recomputes the last value (one heap,
    /// naive) to catch a prefix of another game; earlier values are trusted.
    pub fn from_prefix(rules: HeapRules, method: Method, values: Vec<u16>) -> Result<Self, SequenceError> {
        if values.first() != Some(&0) {
            return Err(SequenceError::BadPrefix {
                reason: "G(0) must be 0".into(),
            });
        }
        let mut seq = Sequence::new(rules, method);
        if seq.sparse && values.len() as u64 > u32::MAX as u64 + 1 {
            return Err(SequenceError::TooLarge {
                n: values.len() as u64,
            });
        }
        seq.counts[0] = 0;
        for &v in &values {
            seq.counts[v as usize] += 1;
            seq.max_value = seq.max_value.max(v);
        }
        seq.values = values;
        let n = seq.values.len() - 1;
        if n > 0 {
            let expected = seq.values[n];
            let got = seq.naive_value(n)?;
            if got != expected {
                return Err(SequenceError::BadPrefix {
                    reason: format!(
                        "stored G({n}) = {expected} but the game gives {got} (wrong game or corrupt data)"
                    ),
                });
            }
        }
        if seq.sparse {
            seq.reclassify(true);
            seq.choose_method();
        }
        Ok(seq)
    }

    /// The rules this sequence is computed for.
    pub fn rules(&self) -> &HeapRules {
        &self.rules
    }

    /// True when the sparse-space method is in use (with [`Method::Auto`], it is
    /// switched on and off as the rare fraction changes).
    pub fn is_sparse(&self) -> bool {
        self.sparse
    }

    /// The method asked for.
    pub fn method(&self) -> Method {
        self.method
    }

    /// Number of computed values: G(0), ..., G(len-1) are known. Never 0.
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Always false (G(0) is always present); provided for API symmetry.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// G(n) if computed.
    pub fn get(&self, n: u64) -> Option<u16> {
        usize::try_from(n).ok().and_then(|i| self.values.get(i).copied())
    }

    /// All computed values, index = heap size.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// Takes the computed values.
    pub fn into_values(self) -> Vec<u16> {
        self.values
    }

    /// `counts[v]` = how many heaps 0..len have value v (length = max value + 1).
    pub fn value_counts(&self) -> &[u64] {
        &self.counts[..=self.max_value as usize]
    }

    /// The largest value computed so far.
    pub fn max_value(&self) -> u16 {
        self.max_value
    }

    /// The current rare/common mask of the sparse method: a value v is
    /// common when `(v & mask).count_ones()` is odd, rare otherwise.
    pub fn sparse_mask(&self) -> u16 {
        self.mask
    }

    /// Number of rare heaps (sparse method; 0 otherwise).
    pub fn rare_count(&self) -> usize {
        self.rare_heaps.len()
    }

    /// Work counters so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Computes values until `len() >= end` (G(0) .. G(end-1)), calling
    /// `on_value(n, G(n))` for each new value in order. A no-op if already
    /// long enough. Call it repeatedly with growing `end` to checkpoint.
    pub fn extend_to<F: FnMut(u64, u16)>(&mut self, end: u64, mut on_value: F) -> Result<(), SequenceError> {
        let Ok(end_us) = usize::try_from(end) else {
            return Err(SequenceError::TooLarge { n: end });
        };
        if self.sparse_possible() && end > u32::MAX as u64 + 1 {
            return Err(SequenceError::TooLarge { n: end });
        }
        if end_us <= self.values.len() {
            return Ok(());
        }
        self.values.reserve_exact(end_us - self.values.len());
        if !self.sparse && self.c.takes_only() {
            self.extend_takes_only(end_us, &mut on_value);
        }
        while self.values.len() < end_us {
            let n = self.values.len();
            let v = self.push_next()?;
            on_value(n as u64, v);
        }
        Ok(())
    }

    /// The hot loop of subtraction-like games (moves only take) while every value
    /// is below 64: the option values in one register, no per-heap dispatch, and
    /// past the largest move no bounds to check. Stops early when a value reaches
    /// 64; `push_next` goes on from there.
    fn extend_takes_only<F: FnMut(u64, u16)>(&mut self, end: usize, on_value: &mut F) {
        let largest = self.c.largest_take();
        let (c, g) = (&self.c, &mut self.values);
        // Counts and the largest value are kept here and written back once.
        let mut counts = [0u64; 64];
        let mut max_value = self.max_value;
        let mut options = 0u64;
        while g.len() < end && max_value < 64 {
            let n = g.len();
            let (seen, found) = c.take_only_options(g, n, largest);
            options += found;
            let v = (!seen).trailing_zeros() as u16;
            g.push(v);
            counts[v as usize] += 1;
            max_value = max_value.max(v);
            on_value(n as u64, v);
        }
        for (total, c) in self.counts.iter_mut().zip(counts) {
            *total += c;
        }
        self.max_value = max_value;
        self.stats.options += options;
    }

    /// Computes and appends the next value G(len()), returning it.
    pub fn push_next(&mut self) -> Result<u16, SequenceError> {
        let n = self.values.len();
        let v = if self.sparse {
            self.sparse_value(n)?
        } else {
            self.naive_value(n)?
        };
        self.values.push(v);
        self.counts[v as usize] += 1;
        self.max_value = self.max_value.max(v);
        if self.sparse {
            if !is_common(v, self.mask) {
                self.rare_heaps.push(n as u32);
                self.rare_values.push(v);
            }
            let len = n + 1;
            if len >= self.next_reclass
                || (self.rare_heaps.len() > 2 * self.rare_at_reclass + 64
                    && len > self.last_reclass + self.last_reclass / 8)
            {
                self.reclassify(false);
                self.choose_method();
            }
        } else if self.method == Method::Auto && n + 1 >= self.next_check && self.c.sparse_applies() {
            self.choose_method();
        }
        Ok(v)
    }

    /// True when this sequence may run the sparse method (now or later).
    fn sparse_possible(&self) -> bool {
        self.method != Method::Naive && self.c.sparse_applies()
    }

    /// [`Method::Auto`]: switches between the sparse and the naive method from
    /// the rare fraction under the best mask (with a margin, so that a fraction
    /// near the threshold does not switch back and forth). Called when the
    /// sparse method re-chooses its mask, and every quarter of growth while
    /// naive runs.
    fn choose_method(&mut self) {
        if self.method != Method::Auto || !self.c.sparse_applies() {
            return;
        }
        let len = self.values.len();
        // Too few values to judge: the sparse method's first masks.
        if len < AUTO_MIN_LEN {
            return;
        }
        let limit = rare_fraction_limit(self.max_value);
        if self.sparse {
            let rare = self.rare_heaps.len() as f64 / len as f64;
            if rare > limit {
                self.sparse = false;
                self.rare_heaps = Vec::new();
                self.rare_values = Vec::new();
                self.next_check = len + len / 4;
            }
        } else {
            let (mask, rare) = self.best_mask();
            if (rare as f64 / len as f64) < limit / 2.0 {
                self.mask = mask;
                self.sparse = true;
                self.reclassify(true);
            } else {
                self.next_check = len + len / 4;
            }
        }
    }

    fn words(&self) -> usize {
        let bits = 16 - self.max_value.leading_zeros();
        ((1usize << bits) + 1).div_ceil(64)
    }

    fn mark_singles(&mut self, n: usize) {
        let g = &self.values;
        let seen = &mut self.seen;
        if self.c.takes_all(n) {
            mark(seen, 0);
        }
        for &k in self.c.takes_below(n) {
            mark(seen, g[n - k]);
            self.stats.options += 1;
        }
    }

    /// G(n) by examining every option (G(0..n) must be known).
    fn naive_value(&mut self, n: usize) -> Result<u16, SequenceError> {
        if self.c.tail != 0 {
            // Codes with a tail digit: the generic kernel (one branch per heap).
            let kernel = self.wide.get_or_insert_with(|| Box::new(Naive::new(&self.c)));
            let v = kernel.value(&self.c, &self.values[..n], &mut self.stats);
            return u16::try_from(v).map_err(|_| SequenceError::ValueOverflow { n: n as u64 });
        }
        if self.c.takes_only() && self.max_value < 64 {
            // The register kernel of `extend_takes_only`, one heap at a time.
            let (seen, options) = self
                .c
                .take_only_options(&self.values[..n], n, self.c.largest_take());
            self.stats.options += options;
            return Ok((!seen).trailing_zeros() as u16);
        }
        let w = self.words();
        self.seen[..w].fill(0);
        self.mark_singles(n);
        let g = &self.values[..n];
        let seen = &mut self.seen;
        let small = self.max_value < 64;
        for &k in Compiled::splits_within(&self.c.split2, n, 2) {
            let m = n - k;
            let half = self.c.half(m);
            mark_pairs(g, m, half, seen, small);
            self.stats.options += half as u64;
        }
        if !self.c.split3.is_empty() {
            // Three-heap moves: the two-heap split sets of each total, combined
            // with the third heap (see `triples`), not every triple.
            let totals: Vec<usize> = self
                .c
                .split3
                .iter()
                .take_while(|&&k| n >= k + 3)
                .map(|&k| n - k)
                .collect();
            if !totals.is_empty() {
                let sets = self.pair_sets.get_or_insert_with(Default::default);
                let (m, work) = sets.mex(g, &totals, seen, w);
                self.stats.options += work;
                return u16::try_from(m).map_err(|_| SequenceError::ValueOverflow { n: n as u64 });
            }
        }
        if self.c.split_game {
            // Piles of k with q = n / k copies: the k with the same q form a run,
            // and within it n % k = n - q * k, so there is one division a run
            // (about 2 * sqrt(n) of them) instead of one a pile size.
            let mut k = 1;
            while k < n {
                let q = n / k;
                let last = (n / q).min(n - 1);
                if q % 2 == 1 {
                    for k in k..=last {
                        mark(seen, g[k] ^ g[n - q * k]);
                    }
                } else {
                    for k in k..=last {
                        mark(seen, g[n - q * k]);
                    }
                }
                k = last + 1;
            }
            self.stats.options += n.saturating_sub(1) as u64;
        }
        mex(seen, w, n)
    }

    /// The sparse method when every value so far is below 64: the set of
    /// option values is one `u64` kept in a register.
    fn sparse_small(&mut self, n: usize, ms: &[usize]) -> u16 {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is true only if the CPU reported AVX2 at run time
            // (`Sequence::new`), which is all a function compiled for AVX2
            // needs to run correctly.
            return unsafe { self.sparse_small_avx2(n, ms) };
        }
        self.sparse_small_portable(n, ms)
    }

    /// [`Sequence::sparse_small`] compiled for AVX2: the pair scan of
    /// [`byte_pairs`], with as many 16-value windows as the values need.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn sparse_small_avx2(&mut self, n: usize, ms: &[usize]) -> u16 {
        match self.max_value {
            0..16 => self.sparse_small_bytes::<1>(n, ms),
            16..32 => self.sparse_small_bytes::<2>(n, ms),
            _ => self.sparse_small_bytes::<4>(n, ms),
        }
    }

    /// The sparse method for values below 16 W, with AVX2 (only called from
    /// [`Sequence::sparse_small_avx2`]). In a batch, every rare pair but
    /// those with a heap below [`FIRST_SCAN`] is in the batch's set (the rare
    /// heaps below SMALL_BATCH, and those at or above the batch's first m,
    /// pair with one below SMALL_BATCH), so the pairs of 1..=FIRST_SCAN
    /// are scanned first, every heap, instead of looking those rare heaps
    /// up one by one.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[inline]
    fn sparse_small_bytes<const W: usize>(&mut self, n: usize, ms: &[usize]) -> u16 {
        let batched =
            !self.c.unequal && ms.len() == self.c.split2.len() && ms.last().is_some_and(|&m| m >= BATCH_FROM);
        self.bytes.sync(&self.values[..n], self.values.capacity());
        if batched && !self.batch.covers(n, BYTE_STRIDE) {
            self.fill_byte_batch::<W>(n, ms);
        }
        let g = &self.values[..n];
        let mut seen = 0u64;
        if self.c.takes_all(n) {
            seen |= 1;
        }
        for &k in self.c.takes_below(n) {
            seen |= 1u64 << (g[n - k] & 63);
        }
        let mut spans_buf = [(0usize, 0usize); 16];
        for (slot, &m) in spans_buf.iter_mut().zip(ms) {
            *slot = (m, self.c.half(m));
        }
        let spans = &spans_buf[..ms.len()];
        let max_half = spans.iter().map(|&(_, h)| h).max().unwrap_or(0);
        let mut opts = 0u64;
        let mut a = 1usize;
        if batched {
            seen |= self.batch.bytes.get::<W>(n - self.batch.start);
            // Every m is at least BATCH_FROM, so each half holds the first scan.
            seen |= byte_pairs::first_pair_set::<W>(&self.bytes, spans);
            a = FIRST_SCAN + 1;
            opts +=
                self.batch.rare_end[..ms.len()].iter().sum::<usize>() as u64 + (FIRST_SCAN * ms.len()) as u64;
        } else {
            let rare_heaps = &self.rare_heaps[..];
            let rare_values = &self.rare_values[..];
            for (&m, cursor) in ms.iter().zip(self.rare_cursors.iter_mut()) {
                for (lo, hi) in rare_ranges(rare_heaps, cursor, m, self.c.unequal) {
                    opts += (hi - lo) as u64;
                    for (&a, &ga) in rare_heaps[lo..hi].iter().zip(&rare_values[lo..hi]) {
                        seen |= BIT[((ga ^ g[m - a as usize]) & 63) as usize];
                    }
                }
            }
        }
        let common = self.common_bits;
        let mut block = BYTE_STEP;
        let mex = loop {
            let c = (!seen).trailing_zeros() as usize;
            if c >= 64 || (common >> c) & 1 == 1 {
                break c;
            }
            if a > max_half {
                self.stats.full_scans += 1;
                break c;
            }
            let a_end = (a + block).min(max_half + 1);
            seen |= byte_pairs::pair_set::<W>(g, &self.bytes, spans, a, a_end);
            opts += spans
                .iter()
                .map(|&(_, half)| a_end.min(half + 1).saturating_sub(a) as u64)
                .sum::<u64>();
            a = a_end;
            if a > SMALL_STEP_UNTIL {
                block = (block * 2).min(4096);
            }
        };
        self.stats.options += opts;
        mex as u16
    }

    /// [`Sequence::sparse_small`] on CPUs without AVX2.
    fn sparse_small_portable(&mut self, n: usize, ms: &[usize]) -> u16 {
        let batched =
            !self.c.unequal && ms.len() == self.c.split2.len() && ms.last().is_some_and(|&m| m >= BATCH_FROM);
        if batched && !self.batch.covers(n, 0) {
            self.fill_small_batch(n, ms);
        }
        let g = &self.values[..n];
        let mut seen = if batched {
            self.batch.small[n - self.batch.start]
        } else {
            0
        };
        if self.c.takes_all(n) {
            seen |= 1;
        }
        for &k in self.c.takes_below(n) {
            seen |= 1u64 << (g[n - k] & 63);
        }
        let unequal = self.c.unequal;
        let rare_heaps = &self.rare_heaps[..];
        let rare_values = &self.rare_values[..];
        let mut opts = 0u64;
        let small_end = self.batch.small_end;
        for (i, (&m, cursor)) in ms.iter().zip(self.rare_cursors.iter_mut()).enumerate() {
            let all = rare_ranges(rare_heaps, cursor, m, unequal);
            opts += all.iter().map(|&(lo, hi)| (hi - lo) as u64).sum::<u64>();
            let ranges = if batched {
                [(0, small_end), (self.batch.rare_end[i], all[0].1)]
            } else {
                all
            };
            for (lo, hi) in ranges {
                let heaps = &rare_heaps[lo..hi];
                let vals = &rare_values[lo..hi];
                for (&a, &ga) in heaps.iter().zip(vals) {
                    seen |= BIT[((ga ^ g[m - a as usize]) & 63) as usize];
                }
            }
        }
        // The halves are recomputed where used: a zeroed buffer of them cost
        // more than the divisions on short searches.
        let compiled = &self.c;
        let max_half = ms.iter().map(|&m| compiled.half(m)).max().unwrap_or(0);
        let common = self.common_bits;
        let mut a = 1usize;
        // A value's witnesses are about one pair in V apart (V values in
        // play), so with values below 16 most heaps have all of theirs in
        // the first 16 pairs (0.45: 6 on average): a first block of 16 there
        // ran 6% fewer instructions, and 2-6% more on the codes with values
        // to 23 and beyond (0.156, 0.16, 0.167), which keep 32.
        let mut block = if self.max_value < 16 {
            SMALL_STEP / 2
        } else {
            SMALL_STEP
        };
        let mex = loop {
            let c = (!seen).trailing_zeros() as usize;
            if c >= 64 || (common >> c) & 1 == 1 {
                break c;
            }
            if a > max_half {
                self.stats.full_scans += 1;
                break c;
            }
            let a_end = (a + block).min(max_half + 1);
            for &m in ms {
                let half = compiled.half(m);
                let hi = a_end.min(half + 1);
                if hi > a {
                    seen |= pair_bits(g, m, a, hi);
                    opts += (hi - a) as u64;
                }
            }
            a = a_end;
            block = block.max(SMALL_STEP);
            if a > SMALL_STEP_UNTIL {
                block = (block * 2).min(4096);
            }
        };
        self.stats.options += opts;
        mex as u16
    }

    /// G(n) by the sparse-space method.
    fn sparse_value(&mut self, n: usize) -> Result<u16, SequenceError> {
        let bits = 16 - self.max_value.leading_zeros();
        let limit = (1usize << bits) + 1;
        let mut ms = [0usize; 16];
        let mut nm = 0;
        for &k in &self.c.split2 {
            if n >= k + 2 {
                if nm == 16 {
                    // More than 16 breaking digits in play: not worth it.
                    return self.naive_value(n);
                }
                ms[nm] = n - k;
                nm += 1;
            }
        }
        let ms = &ms[..nm];
        if bits <= 6 {
            return Ok(self.sparse_small(n, ms));
        }
        let v = self.sparse_large(n, ms, limit);
        u16::try_from(v).map_err(|_| SequenceError::ValueOverflow { n: n as u64 })
    }

    /// The sparse method with values of 64 and more: option values as flag
    /// bytes (`limit` of them), the mex or 65536 returned.
    fn sparse_large(&mut self, n: usize, ms: &[usize], limit: usize) -> usize {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: as in `sparse_small`: `avx2` is true only on a CPU
            // that reported AVX2 at run time.
            return unsafe { self.sparse_large_avx2(n, ms, limit) };
        }
        self.sparse_large_body(n, ms, limit)
    }

    /// [`Sequence::sparse_large`] compiled for AVX2: the one-value witness
    /// search compares 16 pairs a vector op.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn sparse_large_avx2(&mut self, n: usize, ms: &[usize], limit: usize) -> usize {
        self.sparse_large_body(n, ms, limit)
    }

    #[inline(always)]
    fn sparse_large_body(&mut self, n: usize, ms: &[usize], limit: usize) -> usize {
        let nm = ms.len();
        // Rare pairs of the next BATCH heaps are marked together once every
        // breaking distance is in play (then m - n is the same for all).
        let batched =
            !self.c.unequal && nm == self.c.split2.len() && ms.last().is_some_and(|&m| m >= BATCH_FROM);
        if batched && !self.batch.covers(n, limit) {
            self.fill_batch(n, ms, limit);
        }
        // A whole FLAGS array either way: indexing it by a u16 needs no
        // bounds check (only the first `limit` bytes are ever set).
        let flags: &mut [u8; FLAGS] = if batched {
            let j = n - self.batch.start;
            (&mut self.batch.rows[j * FLAGS..(j + 1) * FLAGS])
                .try_into()
                .expect("a row")
        } else {
            self.flags[..limit].fill(0);
            &mut self.flags
        };
        if self.c.takes_all(n) {
            flags[0] = 1;
        }
        for &k in self.c.takes_below(n) {
            flags[self.values[n - k] as usize] = 1;
        }
        if !self.bytes.is_empty() {
            self.bytes.clear();
        }
        self.mirror.sync(&self.values[..n], self.values.capacity());
        let g = &self.values[..n];
        let mirror = &self.mirror;
        let unequal = self.c.unequal;
        let rare_heaps = &self.rare_heaps[..];
        let rare_values = &self.rare_values[..];
        let mut opts = 0u64;
        // 1. Every pair with at least one rare heap: all common values. In a
        // batch, the rare heaps below BATCH and those at or above the batch's
        // first m (rare since, or too near to be in it) are left to mark.
        // (The same loop as in `sparse_small_body`, marking flags instead of
        // bits: one helper with a marking closure for both ran 3% more
        // instructions under callgrind on 0.167 and 0.45.)
        let small_end = self.batch.small_end;
        for (i, (&m, cursor)) in ms.iter().zip(self.rare_cursors.iter_mut()).enumerate() {
            let all = rare_ranges(rare_heaps, cursor, m, unequal);
            opts += all.iter().map(|&(lo, hi)| (hi - lo) as u64).sum::<u64>();
            let ranges = if batched {
                [(0, small_end), (self.batch.rare_end[i], all[0].1)]
            } else {
                all
            };
            for (lo, hi) in ranges {
                for (&a, &ga) in rare_heaps[lo..hi].iter().zip(&rare_values[lo..hi]) {
                    flags[(ga ^ g[m - a as usize]) as usize] = 1;
                }
            }
        }
        // 2. Candidates in increasing order. A common candidate not yet
        // seen is the mex; a rare one needs a witness pair: scan the pairs
        // in growing blocks, marking every value met, until it shows up.
        let mask = self.mask;
        let mut mh_buf = [(0usize, 0usize); 16];
        for (slot, &m) in mh_buf.iter_mut().zip(ms) {
            *slot = (m, self.c.half(m));
        }
        let mh = &mh_buf[..nm];
        let max_half = mh.iter().map(|&(_, h)| h).max().unwrap_or(0);
        let mut c = 0usize;
        let mut a = 1usize;
        let mut block = 16usize;
        let result = loop {
            while flags[c] != 0 {
                c += 1;
            }
            if c > u16::MAX as usize || is_common(c as u16, mask) {
                break c;
            }
            if a > max_half {
                self.stats.full_scans += 1;
                break c;
            }
            if a > SHARED_SCAN {
                // Long search: look for this one value with vectorised
                // compares from where the shared scan stopped.
                let target = c as u16;
                let mut found = false;
                let mut b = a;
                let mut blk = 1024usize;
                while b <= max_half && !found {
                    let b_end = (b + blk).min(max_half + 1);
                    for &(m, half) in mh {
                        let hi = b_end.min(half + 1);
                        if hi > b {
                            opts += (hi - b) as u64;
                            if block_has(&g[b..hi], mirror.down_from(m, b, hi), target) {
                                found = true;
                                break;
                            }
                        }
                    }
                    b = b_end;
                    blk = (blk * 2).min(1 << 16);
                }
                if !found {
                    self.stats.full_scans += 1;
                    break c;
                }
                flags[c] = 1;
                continue;
            }
            let a_end = (a + block).min(max_half + 1);
            for &(m, half) in mh {
                let hi = a_end.min(half + 1);
                if hi > a {
                    mark_pair_flags(&g[a..hi], mirror.down_from(m, a, hi), flags);
                    opts += (hi - a) as u64;
                }
            }
            a = a_end;
            block = (block * 2).min(4096);
        };
        self.stats.options += opts;
        result
    }

    /// Marks, for the heaps n..n + BATCH, the values of the pairs of a rare
    /// heap a in BATCH..m (m the heap's breaking total at n) with m - a
    /// (+ the row): one contiguous read of BATCH values a rare heap instead
    /// of BATCH scattered ones. Every such m - a + j is below n, so known.
    fn fill_batch(&mut self, n: usize, ms: &[usize], limit: usize) {
        let b = &mut self.batch;
        b.start = n;
        b.stride = limit;
        if b.rows.is_empty() {
            // 1 MB of address space; only the first `limit` bytes of each
            // row are touched (zeroed pages come from the allocator lazily).
            b.rows = vec![0; BATCH * FLAGS];
        }
        let rare_heaps = &self.rare_heaps[..];
        b.small_end = rare_heaps.partition_point(|&a| (a as usize) < BATCH);
        let g = &self.values[..n];
        for row in b.rows.chunks_exact_mut(FLAGS) {
            row[..limit].fill(0);
        }
        // One fixed-size array: row j at the constant offset j * FLAGS, and
        // a u16 within it, so the stores need no bounds checks.
        let rows: &mut [u8; BATCH * FLAGS] = b.rows.as_mut_slice().try_into().expect("BATCH rows");
        for (i, &m) in ms.iter().enumerate() {
            let end = rare_heaps.partition_point(|&a| (a as usize) < m);
            b.rare_end[i] = end;
            let lo = b.small_end.min(end);
            for (&a, &ga) in rare_heaps[lo..end].iter().zip(&self.rare_values[lo..end]) {
                let base = m - a as usize;
                let vals: &[u16; BATCH] = g[base..base + BATCH].try_into().expect("BATCH values");
                let mut v = [0u16; BATCH];
                for (v, &x) in v.iter_mut().zip(vals) {
                    *v = ga ^ x;
                }
                for (j, &v) in v.iter().enumerate() {
                    rows[j * FLAGS + v as usize] = 1;
                }
            }
        }
    }

    /// [`Sequence::fill_batch`] for values below 64: the rare pairs of the
    /// heaps n..n + SMALL_BATCH as one `u64` set each, the 16 computed side by
    /// side (vectorised with AVX2).
    #[inline(always)]
    fn fill_small_batch(&mut self, n: usize, ms: &[usize]) {
        let b = &mut self.batch;
        b.start = n;
        b.stride = 0;
        let rare_heaps = &self.rare_heaps[..];
        b.small_end = rare_heaps.partition_point(|&a| (a as usize) < SMALL_BATCH);
        let g = &self.values[..n];
        let mut acc = [0u64; SMALL_BATCH];
        for (i, &m) in ms.iter().enumerate() {
            let end = rare_heaps.partition_point(|&a| (a as usize) < m);
            b.rare_end[i] = end;
            let lo = b.small_end.min(end);
            for (&a, &ga) in rare_heaps[lo..end].iter().zip(&self.rare_values[lo..end]) {
                let base = m - a as usize;
                let vals: &[u16; SMALL_BATCH] = g[base..base + SMALL_BATCH]
                    .try_into()
                    .expect("SMALL_BATCH values");
                for (acc, &v) in acc.iter_mut().zip(vals) {
                    *acc |= 1u64 << ((ga ^ v) & 63);
                }
            }
        }
        b.small = acc;
    }

    /// [`Sequence::fill_small_batch`] with AVX2: the rare pairs of the heaps
    /// n..n + BATCH as bytes ([`byte_pairs::batch_sets`]), the rare heaps
    /// below [`FIRST_SCAN`] left to each heap's first scan.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[inline]
    fn fill_byte_batch<const W: usize>(&mut self, n: usize, ms: &[usize]) {
        let b = &mut self.batch;
        b.start = n;
        b.stride = BYTE_STRIDE;
        let rare_heaps = &self.rare_heaps[..];
        let rare_values = &self.rare_values[..];
        b.small_end = rare_heaps.partition_point(|&a| (a as usize) < FIRST_SCAN);
        let mut spans: [(usize, &[u32], &[u16]); 16] = [(0, &[], &[]); 16];
        for (i, &m) in ms.iter().enumerate() {
            let end = rare_heaps.partition_point(|&a| (a as usize) < m);
            b.rare_end[i] = end;
            let lo = b.small_end.min(end);
            spans[i] = (m, &rare_heaps[lo..end], &rare_values[lo..end]);
        }
        b.bytes = byte_pairs::batch_sets::<W>(self.bytes.as_slice(), &spans[..ms.len()]);
    }

    /// Re-chooses the rare/common mask from the value counts (Walsh–Hadamard
    /// transform) and rebuilds the rare-heap list if the choice changed.
    fn reclassify(&mut self, force: bool) {
        let len = self.values.len();
        self.next_reclass = (2 * len).max(32);
        self.last_reclass = len;
        let (best, _) = self.best_mask();
        if force || best != self.mask {
            self.batch.start = usize::MAX;
            self.mask = best;
            self.common_bits = common_bits(best);
            self.stats.reclassifications += 1;
            self.rare_heaps.clear();
            self.rare_values.clear();
            for (i, &v) in self.values.iter().enumerate().skip(1) {
                if !is_common(v, best) {
                    self.rare_heaps.push(i as u32);
                    self.rare_values.push(v);
                }
            }
            self.rare_heaps.shrink_to_fit();
            self.rare_values.shrink_to_fit();
        }
        self.rare_at_reclass = self.rare_heaps.len();
    }

    /// The mask with the fewest rare heaps (the current one on a tie) and how
    /// many heaps (of 1..len) it makes rare: a Walsh–Hadamard transform of the
    /// value counts.
    fn best_mask(&self) -> (u16, usize) {
        let bits = 16 - self.max_value.leading_zeros();
        let size = 1usize << bits;
        let mut w: Vec<i64> = self.counts[..size].iter().map(|&c| c as i64).collect();
        w[0] -= 1; // heap 0 never takes part in a split
        let mut h = 1;
        while h < size {
            for i in (0..size).step_by(2 * h) {
                for j in i..i + h {
                    let (x, y) = (w[j], w[j + h]);
                    w[j] = x + y;
                    w[j + h] = x - y;
                }
            }
            h *= 2;
        }
        // w[mask] = #even - #odd parity heaps; rare = even parity.
        let mut best = self.mask;
        if (best as usize) >= size || best == 0 {
            best = 1;
        }
        let mut best_score = w.get(best as usize).copied().unwrap_or(i64::MAX);
        for (m, &score) in w.iter().enumerate().skip(1) {
            if score < best_score {
                best_score = score;
                best = m as u16;
            }
        }
        // Heaps 1..len: #even + #odd = len - 1, #even - #odd = the score.
        let heaps = self.values.len() as i64 - 1;
        let rare = if best_score == i64::MAX {
            heaps
        } else {
            (heaps + best_score) / 2
        };
        (best, rare.max(0) as usize)
    }
}

/// [`Method::Auto`] keeps the sparse method until this many values.
const AUTO_MIN_LEN: usize = 4096;

/// [`Method::Auto`]: the rare fraction above which the naive method is faster
/// (it switches back to sparse below half of it). Measured on octal codes to
/// 3·10^4 (`sequence` example): with values below 64 the naive method's pairs
/// are one register OR each, and it wins from about a quarter of the heaps
/// rare (0.106, 0.104, 0.124: half rare, naive 2x faster; 0.127: 9% rare,
/// sparse 3x faster); with larger values it marks flag bytes and the sparse
/// method keeps up to about half the heaps rare (0.06, 0.114, 0.135: 26-44%
/// rare, sparse faster; 0.126: 48% rare, even).
fn rare_fraction_limit(max_value: u16) -> f64 {
    if max_value < 64 {
        0.2
    } else {
        0.45
    }
}

/// True if the CPU running this has AVX2.
fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Bit v set iff value v < 64 is common under `mask`.
fn common_bits(mask: u16) -> u64 {
    (0u16..64)
        .filter(|&v| is_common(v, mask))
        .fold(0, |acc, v| acc | 1 << v)
}

#[inline(always)]
fn is_common(v: u16, mask: u16) -> bool {
    (v & mask).count_ones() & 1 == 1
}

/// The rare heaps a that pair with m - a (a < m, and for Grundy's game a
/// != m / 2) as at most two index ranges of `heaps`. `cursor` holds the
/// ends found for the previous m and is moved to the new ones: m grows by
/// one per heap, so each moves by a step at most, and a stale cursor (the
/// rare list was rebuilt) walks to the right place, so it is never wrong.
#[inline(always)]
fn rare_ranges(heaps: &[u32], cursor: &mut (usize, usize), m: usize, unequal: bool) -> [(usize, usize); 2] {
    let end = advance_below(heaps, &mut cursor.0, m);
    if unequal && m.is_multiple_of(2) {
        let mid = advance_below(&heaps[..end], &mut cursor.1, m / 2);
        if mid < end && heaps[mid] as usize == m / 2 {
            return [(0, mid), (mid + 1, end)];
        }
    }
    [(0, end), (end, end)]
}

/// Moves `at` to the number of entries of the sorted `heaps` below `bound`
/// and returns it.
#[inline(always)]
fn advance_below(heaps: &[u32], at: &mut usize, bound: usize) -> usize {
    let mut e = (*at).min(heaps.len());
    while e > 0 && heaps[e - 1] as usize >= bound {
        e -= 1;
    }
    while e < heaps.len() && (heaps[e] as usize) < bound {
        e += 1;
    }
    *at = e;
    e
}

#[inline(always)]
fn mark(seen: &mut [u64], v: u16) {
    let v = v as usize;
    seen[v >> 6] |= 1u64 << (v & 63);
}

fn mex(seen: &[u64], words: usize, n: usize) -> Result<u16, SequenceError> {
    let m = next_unset(&seen[..words], 0);
    u16::try_from(m).map_err(|_| SequenceError::ValueOverflow { n: n as u64 })
}

/// Values below 64: the witness scan looks at the candidate again after
/// every `SMALL_STEP` pairs per breaking distance until `SMALL_STEP_UNTIL`,
/// then after doubling blocks. Most heaps find their witnesses within a few
/// hundred pairs (0.16: 140 on average), so doubling from 16 scanned about
/// 50% more pairs than needed; a check every 8 pairs was slower than the
/// doubling (each check and its loop cost several pairs), every 32 was
/// fastest (0.16 and 0.167 to 10^7: 7-8% less time than the doubling).
const SMALL_STEP: usize = 32;
const SMALL_STEP_UNTIL: usize = 512;

/// In a batch with AVX2, the pairs whose smaller heap is 1..=FIRST_SCAN
/// are scanned for every heap (see [`Sequence::sparse_small_bytes`]); at
/// least SMALL_BATCH, so that they hold every rare pair the batch leaves;
/// one vector of [`byte_pairs::first_pair_set`].
const FIRST_SCAN: usize = 32;
const _: () = assert!(FIRST_SCAN >= SMALL_BATCH && FIRST_SCAN < BATCH_FROM / 2);

/// The blocks of the byte scan after the first (then doubling from
/// `SMALL_STEP_UNTIL` on, as the portable scan's). Its pairs cost a quarter
/// of the portable scan's, so a check of the candidate after every 32 pairs
/// cost more than the pairs it saved: to 10^6, 128 ran 27% fewer
/// instructions than 32 on 0.16, 12% on 0.167, and 0.5% more on 0.156 and
/// 0.45 (64: 18%, 12%; 256: 28%, 2%, and 1-2% more on the others).
const BYTE_STEP: usize = 128;

/// How far (in small heaps) the sparse method scans pairs marking every
/// value before it switches to searching for one value at a time.
const SHARED_SCAN: usize = 512;

/// The values G(0..len) stored backwards from the end of a buffer, so that
/// G(m - a) for a = lo, lo + 1, ... is one forward slice: the pair kernels
/// then XOR two forward loads instead of reversing every vector of G(m - a)
/// (two shuffles of the six or seven instructions a 16-pair step took).
/// Two more bytes a heap; the buffer is sized from the values' capacity
/// (the whole run's, when the caller reserved it), else grows by half.
#[derive(Debug, Clone, Default)]
struct Mirror {
    /// G(i) at `buf.len() - 1 - i`.
    buf: Vec<u16>,
    len: usize,
}

impl Mirror {
    /// Mirrors the values not mirrored yet (usually the one just computed).
    fn sync(&mut self, g: &[u16], capacity: usize) {
        let n = g.len();
        if n > self.buf.len() {
            let cap = capacity.max(n + n / 2).max(1024);
            let mut buf = vec![0u16; cap];
            buf[cap - self.len..].copy_from_slice(&self.buf[self.buf.len() - self.len..]);
            self.buf = buf;
        }
        let end = self.buf.len() - 1;
        for (i, &v) in g.iter().enumerate().skip(self.len) {
            self.buf[end - i] = v;
        }
        self.len = n;
    }

    /// G(m - a) for a in lo..hi, in that order. Only G(m - lo) and below are
    /// read, so m may be the heap being computed (Grundy's game splits n
    /// itself: m = n, a from 1) as long as m - lo is mirrored.
    #[inline(always)]
    fn down_from(&self, m: usize, lo: usize, hi: usize) -> &[u16] {
        debug_assert!(lo <= hi && hi <= m + 1 && (lo == hi || m - lo < self.len));
        // G(m - a) is at buf.len() - 1 - m + a; added before subtracting, so
        // that m = buf.len() (lo >= 1) does not go below zero.
        let first = self.buf.len() - 1 + lo - m;
        &self.buf[first..first + (hi - lo)]
    }
}

/// True if G(a) ^ G(m - a) == t for some a in lo..hi (written so that it
/// compiles to SIMD compares).
#[inline(always)]
fn block_has(xs: &[u16], ys: &[u16], t: u16) -> bool {
    // 64 pairs a test: one test (a reduction and a branch) a 16-pair vector
    // cost as much as the compares themselves.
    let mut xc = xs.chunks_exact(64);
    let mut yc = ys.chunks_exact(64);
    for (x, y) in (&mut xc).zip(&mut yc) {
        let mut any = false;
        for i in 0..64 {
            any |= (x[i] ^ y[i]) == t;
        }
        if any {
            return true;
        }
    }
    xc.remainder().iter().zip(yc.remainder()).any(|(x, y)| x ^ y == t)
}

/// Sets `flags[G(a) ^ G(m - a)]` for a in lo..hi: the values of 16 pairs
/// at a time into a small buffer (vector XORs), then one store each.
#[inline(always)]
fn mark_pair_flags(xs: &[u16], ys: &[u16], flags: &mut [u8; FLAGS]) {
    let mut xc = xs.chunks_exact(16);
    let mut yc = ys.chunks_exact(16);
    for (x, y) in (&mut xc).zip(&mut yc) {
        let mut v = [0u16; 16];
        for i in 0..16 {
            v[i] = x[i] ^ y[i];
        }
        for v in v {
            flags[v as usize] = 1;
        }
    }
    for (x, y) in xc.remainder().iter().zip(yc.remainder()) {
        flags[(x ^ y) as usize] = 1;
    }
}

/// `BIT[v] = 1 << v`: a table lookup keeps the compiler from vectorising
/// variable shifts, which is slow without AVX2.
static BIT: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// OR of `1 << (G(a) ^ G(m - a))` over a in lo..hi (values below 64).
#[inline(always)]
pub(crate) fn pair_bits(g: &[u16], m: usize, lo: usize, hi: usize) -> u64 {
    let xs = &g[lo..hi];
    let ys = &g[m + 1 - hi..=m - lo];
    let mut acc = [0u64; 4];
    let mut x4 = xs.chunks_exact(4);
    let mut y4 = ys.rchunks_exact(4);
    for (x, y) in (&mut x4).zip(&mut y4) {
        acc[0] |= 1u64 << ((x[0] ^ y[3]) & 63);
        acc[1] |= 1u64 << ((x[1] ^ y[2]) & 63);
        acc[2] |= 1u64 << ((x[2] ^ y[1]) & 63);
        acc[3] |= 1u64 << ((x[3] ^ y[0]) & 63);
    }
    for (x, y) in x4.remainder().iter().zip(y4.remainder().iter().rev()) {
        acc[0] |= BIT[((x ^ y) & 63) as usize];
    }
    acc[0] | acc[1] | acc[2] | acc[3]
}

/// Marks G(a) ^ G(m - a) for a = 1..=half.
#[inline(always)]
fn mark_pairs(g: &[u16], m: usize, half: usize, seen: &mut [u64], small: bool) {
    if half == 0 {
        return;
    }
    if small {
        seen[0] |= pair_bits(g, m, 1, half + 1);
    } else {
        let lo = &g[1..=half];
        let hi = &g[m - half..m];
        for (x, y) in lo.iter().zip(hi.iter().rev()) {
            mark(seen, x ^ y);
        }
    }
}

/// G(0), ..., G(len - 1) of any heap game with `u64` values, by the naive
/// method: for games whose values grow without bound (codes with a tail
/// digit such as all-but games, `0.(3)` and Lasker's Nim `4.(3)`), where the
/// `u16` storage of [`Sequence`] overflows near 65536. Costs 8 bytes a value.
///
/// Work per heap: the finite digits' options, plus O(1) amortised for a tail
/// digit without splitting (1, 2, 3): the tail's options are every smaller
/// heap from some point on, kept in a running set. A splitting tail (4, 8)
/// adds all pairs (triples) of each new remainder to the running set: O(n)
/// (O(n^2)) per heap.
///
/// ```
/// use grundy_octal::{nim_values, HeapRules};
/// // All-but {1}: G = 0, 0, 1, 1, 2, 2, ... (G(n) = floor(n / 2)).
/// let g = nim_values(&HeapRules::all_but(&[1]).unwrap(), 8).unwrap();
/// assert_eq!(g, vec![0, 0, 1, 1, 2, 2, 3, 3]);
/// let lasker = nim_values(&HeapRules::lasker(), 9).unwrap();
/// assert_eq!(lasker, vec![0, 1, 2, 4, 3, 5, 6, 8, 7]);
/// ```
pub fn nim_values(rules: &HeapRules, len: u64) -> Result<Vec<u64>, SequenceError> {
    let Ok(len) = usize::try_from(len) else {
        return Err(SequenceError::TooLarge { n: len });
    };
    let c = Compiled::new(rules);
    let mut kernel = Naive::new(&c);
    let mut stats = Stats::default();
    let mut g: Vec<u64> = Vec::new();
    g.try_reserve_exact(len)
        .map_err(|_| SequenceError::TooLarge { n: len as u64 })?;
    for _ in 0..len {
        let v = kernel.value(&c, &g, &mut stats);
        g.push(v);
    }
    Ok(g)
}

/// A growable bitset with a list of the words written since the last clear.
#[derive(Debug, Clone, Default)]
struct Bits {
    words: Vec<u64>,
    dirty: Vec<usize>,
}

impl Bits {
    #[inline]
    fn insert(&mut self, v: u64) {
        let i = usize::try_from(v >> 6).expect("value fits memory");
        if i >= self.words.len() {
            self.words.resize((i + 1).next_power_of_two(), 0);
        }
        if self.words[i] == 0 {
            self.dirty.push(i);
        }
        self.words[i] |= 1 << (v & 63);
    }

    #[inline]
    fn word(&self, i: usize) -> u64 {
        self.words.get(i).copied().unwrap_or(0)
    }

    fn clear(&mut self) {
        for &i in &self.dirty {
            self.words[i] = 0;
        }
        self.dirty.clear();
    }
}

/// The naive mex for every game and any value width: `u16` inside
/// [`Sequence`] for codes with a tail digit, `u64` in [`nim_values`].
///
/// A tail digit t from k = K on gives a heap n the options of removing any
/// k >= K, leaving a remainder r = n - k in 0..=n-K. Those options only grow
/// with n, so they are kept in a running set (`tail_seen`, with its least
/// missing value `tail_mex`) and each heap adds the options of one new
/// remainder; the per-heap options (finite digits) go into a scratch set
/// cleared word by word.
#[derive(Debug, Clone)]
struct Naive {
    seen: Bits,
    tail_seen: Bits,
    tail_mex: u64,
    /// Remainders 0..tail_done are in `tail_seen`.
    tail_done: usize,
}

impl Naive {
    fn new(_c: &Compiled) -> Self {
        Naive {
            seen: Bits::default(),
            tail_seen: Bits::default(),
            tail_mex: 0,
            tail_done: 0,
        }
    }

    /// G(n) for n = g.len(), given G(0..n). Calls must come in increasing
    /// n (a smaller n restarts the running tail set).
    fn value<V: Copy + Into<u64>>(&mut self, c: &Compiled, g: &[V], stats: &mut Stats) -> u64 {
        let n = g.len();
        let at = |i: usize| -> u64 { g[i].into() };
        self.seen.clear();
        let seen = &mut self.seen;
        if c.takes_all(n) {
            seen.insert(0);
        }
        for &k in c.takes_below(n) {
            seen.insert(at(n - k));
        }
        for &k in Compiled::splits_within(&c.split2, n, 2) {
            let m = n - k;
            let half = c.half(m);
            for a in 1..=half {
                seen.insert(at(a) ^ at(m - a));
            }
            stats.options += half as u64;
        }
        for &k in Compiled::splits_within(&c.split3, n, 3) {
            let m = n - k;
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    seen.insert(at(a) ^ at(b) ^ at(m - a - b));
                }
                stats.options += ((m - a) / 2 + 1 - a) as u64;
            }
        }
        if c.split_game {
            for k in 1..n {
                let gk = if (n / k) % 2 == 1 { at(k) } else { 0 };
                seen.insert(gk ^ at(n % k));
            }
            stats.options += n.saturating_sub(1) as u64;
        }
        let mut start = 0;
        if c.tail != 0 && n >= c.tail_from {
            let last = n - c.tail_from;
            if self.tail_done > last + 1 {
                // Called out of order: rebuild the running set.
                self.tail_seen = Bits::default();
                self.tail_mex = 0;
                self.tail_done = 0;
            }
            while self.tail_done <= last {
                self.add_tail(c.tail, self.tail_done, &at, stats);
                self.tail_done += 1;
            }
            self.tail_mex = next_unset(&self.tail_seen.words, self.tail_mex as usize) as u64;
            start = self.tail_mex;
        }
        // The least value in neither set, from `start` (every value below
        // it is in the running tail set).
        let tail_on = c.tail != 0 && n >= c.tail_from;
        let mut i = (start >> 6) as usize;
        let mut word = self.seen.word(i) | if tail_on { self.tail_seen.word(i) } else { 0 };
        word |= (1u64 << (start & 63)) - 1;
        while word == u64::MAX {
            i += 1;
            word = self.seen.word(i) | if tail_on { self.tail_seen.word(i) } else { 0 };
        }
        (i as u64) * 64 + u64::from(word.trailing_ones())
    }

    /// Adds the options of removing some k >= K that leave remainder r.
    fn add_tail(&mut self, t: u8, r: usize, at: &impl Fn(usize) -> u64, stats: &mut Stats) {
        let ts = &mut self.tail_seen;
        if t & 1 != 0 && r == 0 {
            ts.insert(0);
        }
        if t & 2 != 0 && r > 0 {
            ts.insert(at(r));
            stats.options += 1;
        }
        if t & 4 != 0 {
            for a in 1..=r / 2 {
                ts.insert(at(a) ^ at(r - a));
            }
            stats.options += (r / 2) as u64;
        }
        if t & 8 != 0 {
            for a in 1..=r / 3 {
                for b in a..=(r - a) / 2 {
                    ts.insert(at(a) ^ at(b) ^ at(r - a - b));
                }
            }
        }
        // The running set is never cleared: forget which words were written.
        ts.dirty.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(code: &str, len: u64, method: Method, avx2: bool) -> Vec<u16> {
        let mut s = Sequence::new(code.parse().unwrap(), method);
        s.avx2 = avx2;
        s.extend_to(len, |_, _| {}).unwrap();
        s.into_values()
    }

    /// The portable kernels and the AVX2 copies (where the CPU has AVX2)
    /// give the naive method's values, with values below 64 (0.16, 0.45)
    /// and above (0.6, 0.376, 0.06: the batched rare pairs too).
    #[test]
    fn portable_and_avx2_kernels_agree_with_naive() {
        let len = if cfg!(debug_assertions) { 6000 } else { 20_000 };
        for code in ["0.16", "0.167", "0.45", "0.6", "0.376", "0.06"] {
            let naive = values(code, len, Method::Naive, false);
            assert_eq!(values(code, len, Method::Sparse, false), naive, "{code} portable");
            if has_avx2() {
                assert_eq!(values(code, len, Method::Sparse, true), naive, "{code} AVX2");
            }
        }
    }

    #[test]
    fn the_mirror_reads_the_values_downwards_as_it_grows() {
        let g: Vec<u16> = (0..3000u32)
            .map(|i| (i.wrapping_mul(2654435761u32) >> 20) as u16)
            .collect();
        let mut mirror = Mirror::default();
        // Growing one value at a time, in jumps, past its capacity and past
        // the capacity it was given.
        for n in [1usize, 2, 3, 700, 1024, 1025, 1600, 2999, 3000] {
            mirror.sync(&g[..n], n.min(1500));
            if n == 1024 {
                assert_eq!(mirror.buf.len(), 1024, "the case of a full buffer is tested");
            }
            for m in [0, n / 3, n - 1] {
                for (lo, hi) in [(0, 0), (0, m + 1), (m / 2, m + 1), (1, (m + 1).min(40))] {
                    let down: Vec<u16> = (lo..hi).map(|a| g[m - a]).collect();
                    assert_eq!(mirror.down_from(m, lo, hi), &down[..], "{n} {m} {lo}..{hi}");
                }
            }
            // m = n, the heap not mirrored yet (Grundy's game splits n itself),
            // read from a = 1 on; also when the buffer is exactly full.
            for (lo, hi) in [(1, n + 1), (1, 1), (n / 2 + 1, n + 1)] {
                let down: Vec<u16> = (lo..hi).map(|a| g[n - a]).collect();
                assert_eq!(mirror.down_from(n, lo, hi), &down[..], "{n} {n} {lo}..{hi}");
            }
        }
        // The kernels that read it agree with the pairs taken one by one.
        let m = 2999;
        for (lo, hi) in [(1, 1500), (7, 200), (64, 128), (3, 70)] {
            let (xs, ys) = (&g[lo..hi], mirror.down_from(m, lo, hi));
            let mut flags = Box::new([0u8; FLAGS]);
            mark_pair_flags(xs, ys, &mut flags);
            for t in 0..4096u16 {
                let any = (lo..hi).any(|a| g[a] ^ g[m - a] == t);
                assert_eq!(block_has(xs, ys, t), any, "{lo}..{hi} {t}");
                assert_eq!(flags[t as usize] == 1, any, "{lo}..{hi} {t}");
            }
        }
    }

    #[test]
    fn rare_cursors_find_their_place_from_anywhere() {
        let heaps = [3u32, 5, 8, 9, 20];
        for start in 0..=heaps.len() + 2 {
            for m in 0..25usize {
                let mut cursor = (start, start);
                let ranges = rare_ranges(&heaps, &mut cursor, m, true);
                let want: Vec<u32> = heaps
                    .iter()
                    .copied()
                    .filter(|&a| (a as usize) < m && !(m.is_multiple_of(2) && a as usize == m / 2))
                    .collect();
                let got: Vec<u32> = ranges
                    .iter()
                    .flat_map(|&(lo, hi)| heaps[lo..hi].to_vec())
                    .collect();
                assert_eq!(got, want, "m {m} from {start}");
            }
        }
    }
}
