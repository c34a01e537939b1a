//! # grundy-octal: nim-sequences of heap games
//!
//! A pure computation engine (no file or terminal I/O) for *heap games*:
//! impartial games where a move takes one heap of n tokens and leaves a
//! multiset of smaller heaps. Every heap game of the workspace is described
//! here, once: subtraction, all-but, octal and hexadecimal codes, Nim,
//! Lasker's Nim, Grundy's game and the split game. By the Sprague–Grundy theorem a position made of
//! heaps h1, ..., hk has nim-value G(h1) ^ ... ^ G(hk), so everything follows
//! from the *nim-sequence* G(0), G(1), G(2), ...
//!
//! ## 1. Describing a game: [`HeapRules`]
//!
//! * **Octal codes** (Winning Ways): `0.d1d2d3...`. Digit `dk` says what may
//!   happen when k tokens are removed: bit 1 = the heap may be removed
//!   entirely if it has exactly k tokens, bit 2 = leave one non-empty heap,
//!   bit 4 = leave two non-empty heaps. Kayles is `0.77`, Dawson's Kayles
//!   `0.07`. The digit before the point is k = 0: `4.07` also allows splitting
//!   a heap in two without removing anything. Bits 1 and 2 are meaningless
//!   for k = 0 (they would be a pass) and are **rejected** by the parser.
//! * **Hexadecimal codes** (`0x0.F6`, or any code containing `A`-`F` such as
//!   `0.F6`): as octal, plus bit 8 = leave three non-empty heaps.
//! * **A repeating tail digit**, written in parentheses at the end: the
//!   digit for every larger k. `0.(3)` is Nim, **Lasker's Nim** (take any
//!   number, or split a heap in two without taking) is `4.(3)`
//!   ([`HeapRules::lasker`]), and the **all-but game** excluding E (take any
//!   positive number except those in E) has digit 0 at each k in E, 3 at the
//!   other k <= max(E), and tail 3: `allbut:2` = `0.30(3)`
//!   ([`HeapRules::all_but`]). Trailing digits equal to the tail are
//!   dropped (`0.33(3)` = `0.(3)`); `(0)` is no tail.
//! * **Grundy's game** (split a heap into two unequal heaps), finite
//!   **subtraction games** `S(1,3,4)` (the same game as the code `0.3033`,
//!   kept as a variant for sets with large elements), and the **split
//!   game** (see [`HeapRules::Split`]).
//!
//! ```
//! use grundy_octal::HeapRules;
//! let dawson: HeapRules = "0.07".parse().unwrap();
//! assert_eq!(dawson, HeapRules::dawsons_kayles());
//! // A heap of 5 in Dawson's Kayles: remove 2, leaving 3, or 1 + 2.
//! let mut opts = Vec::new();
//! dawson.heap_options(5, &mut |heaps| opts.push(heaps.to_vec()));
//! assert_eq!(opts, vec![vec![3], vec![1, 2]]);
//! // Errors are one line and name the bad part:
//! let err = "0.18".parse::<HeapRules>().unwrap_err();
//! assert_eq!(err.to_string(), "invalid octal digit '8' at position 3 in \"0.18\"");
//! // Lasker's Nim, a heap of 3: take 1, 2 or 3, or split into 1 + 2.
//! let mut opts = Vec::new();
//! HeapRules::lasker().heap_options(3, &mut |heaps| opts.push(heaps.to_vec()));
//! assert_eq!(opts, vec![vec![1, 2], vec![2], vec![1], vec![]]);
//! assert_eq!(HeapRules::all_but(&[2]).unwrap(), "0.30(3)".parse().unwrap());
//! ```
//!
//! ## 2. Computing the nim-sequence: [`Sequence`]
//!
//! [`Sequence::extend_to`] computes values in order and streams each one to a
//! callback, so a caller can write files, checkpoints and progress bars;
//! [`Sequence::from_prefix`] resumes from saved values. Values are `u16`
//! (2 bytes per heap; a value above 65535 is reported as
//! [`SequenceError::ValueOverflow`]). Games whose values grow without bound
//! (codes with a tail digit: all-but games, Nim, Lasker's Nim) overflow near
//! heap 65536 there; [`nim_values`] computes any game with `u64` values
//! (8 bytes per heap, naive method).
//!
//! Two methods, and `Method::Auto` (the default), which switches between them
//! mid-run from the measured rare fraction ([`Method`]):
//!
//! * **Naive**: G(n) = mex of all option values, with a bitset mex and a
//!   branch-free pair loop; Θ(n) work per heap for breaking games. A tail
//!   digit's options (every remainder up to n - K) only grow with n, so they
//!   are kept in a running set: O(1) amortised extra work per heap for a
//!   tail of 1, 2 or 3, O(n) for a splitting tail 4 (Lasker's Nim costs
//!   O(n) per heap for its k = 0 splits).
//! * **Sparse space** (Gangolli–Plambeck, Flammenkamp): a mask `M` splits
//!   values into *common* (odd parity of `v & M`) and *rare* (even parity).
//!   For a split a + b = m, G(a) ^ G(b) is common iff exactly one of G(a),
//!   G(b) is rare. Most heaps are common in many games, so: (1) all pairs
//!   involving a rare heap are enumerated from the short rare list; this
//!   gives *every* attainable common value; (2) candidates for the mex are
//!   tried in increasing order: a common candidate not yet seen is the mex
//!   (proved without further work), a rare candidate needs a witness pair.
//!   Witnesses are searched for by scanning the pairs (1, m-1), (2, m-2), ...
//!   in growing blocks, marking every value met (a 64-bit register when all
//!   values are below 64); after 512 small heaps the search continues for one
//!   value at a time with vectorised compares. A full scan happens only when
//!   the mex is rare. The mask is re-chosen as
//!   the sequence grows (minimising the rare count with a Walsh–Hadamard
//!   transform of the value counts). Any mask gives the correct values; it
//!   only changes the speed. Not used for codes with a tail digit.
//!
//! Moves that leave three heaps (hex codes with bit 8) use, in both methods, the
//! set of values of each total's two-heap splits (`triples.rs`), so a value costs
//! O(n·V/64) word operations instead of O(n^2) triples.
//!
//! ```
//! use grundy_octal::{HeapRules, Method, Sequence};
//! let mut naive = Sequence::new(HeapRules::grundy(), Method::Naive);
//! let mut sparse = Sequence::new(HeapRules::grundy(), Method::Sparse);
//! naive.extend_to(3000, |_, _| {}).unwrap();
//! sparse.extend_to(3000, |_, _| {}).unwrap();
//! assert_eq!(naive.values(), sparse.values());
//! assert_eq!(&sparse.values()[..12], &[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]);
//! ```
//!
//! ## 3. Periods: [`Periodic`], [`prove_period`], [`find_period`], [`all_but_period`]
//!
//! [`Periodic`] is the one eventually arithmetic-periodic sequence type:
//! G(n + period) = G(n) + saltus for n >= preperiod, stored as its first
//! preperiod + period values, with one checked `value_at` (`None` only when
//! the value does not fit a `u64`; never wraps or saturates) and
//! `heaps_with_value` (the heaps below a bound with a given value, from the
//! period: the winning moves of a huge heap). A period is a [`Period`]: a
//! `Periodic`, how many values the proof used (`checked_to`), whether it is
//! proved, and the argument in words; every prover returns one. [`prove_period`] chooses the
//! argument:
//!
//! * **Guy–Smith** for finite octal and hexadecimal codes: if
//!   G(n + p) = G(n) for all e <= n < 2e + p + t (t = the most tokens one
//!   move removes), G is periodic from e on (see [`proof_bound`] for the
//!   exact bounds used for every kind of game). For subtraction games (and
//!   codes without breaking moves) this is the *window argument*: G(n)
//!   depends on the t values before it, so a repeated window repeats for
//!   ever. [`find_period`] computes the sequence until the smallest period
//!   is proved and returns a [`Period`] (proved, or only apparent:
//!   `proved = false`).
//! * **The deciding state** for all-but games ([`all_but_period`]): the
//!   last max(E) values, the mex so far and capped value counts decide the
//!   future up to a shift of all values, so a repeated state (values
//!   measured from the mex) proves an arithmetic period with saltus.
//! * **Lasker's Nim**: the closed form [`Periodic::laskers_nim`] (Winning
//!   Ways, ch. 4), compared with computed values.
//!
//! Grundy's game, the split game and other tail codes have no theorem here:
//! [`find_period`] reports an apparent period with `proved = false`, and
//! [`prove_period`] returns `None`.
//!
//! ```
//! use grundy_octal::{find_period, prove_period, HeapRules, Method};
//! let p = find_period(&"S(1,3,4)".parse().unwrap(), 1000, Method::Auto)
//!     .unwrap()
//!     .unwrap();
//! assert_eq!((p.preperiod(), p.period(), p.proved), (0, 7, true));
//! assert_eq!(p.value_at(10u64.pow(18)), Some([0, 1, 0, 1, 2, 3, 2][(10u64.pow(18) % 7) as usize]));
//! println!("{}", p.rule);
//! // All-but {2}: G(n + 4) = G(n) + 2 (values 0, 1, 0, 1, 2, 3, 2, 3, 4, ...).
//! let ab = prove_period(&HeapRules::all_but(&[2]).unwrap(), 10_000).unwrap().unwrap();
//! let g = &ab.periodic;
//! assert_eq!((g.preperiod(), g.period(), g.saltus()), (0, 4, 2));
//! assert_eq!(g.value_at(4 * 10u64.pow(17) + 1), Some(2 * 10u64.pow(17) + 1));
//! assert_eq!(g.heaps_with_value(4, 100).collect::<Vec<_>>(), vec![8, 10]);
//! ```
//!
//! ## 4. Positions
//!
//! [`position_value`] and [`winning_moves`] evaluate a multiset of heaps
//! from a computed sequence.
#![deny(missing_docs)]

mod byte_pairs;
mod engine;
mod mex;
mod misere;
mod period;
mod periodic;
mod rules;
mod triples;

pub use engine::{nim_values, Method, Sequence, SequenceError, Stats};
pub use mex::{mex, next_unset};
pub use misere::{
    letter, Element, FormId, Generator, Genus, MisereQuotient, MisereUniverse, QuotientError, QuotientLimits,
    QuotientStats, Word, MAX_QUOTIENT_HEAP, NOTATION_CHARS,
};
pub use period::{
    all_but_period, apparent_arithmetic_period, detect_period, find_period, find_period_in,
    find_period_until, proof_bound, prove_period, search_period, Period, PeriodSearch, SearchProgress,
    WorkForecast, MAX_ALL_BUT_WINDOW,
};
pub use periodic::{Periodic, PeriodicError};
pub use rules::{HeapRules, OctalCode, ParseError, MAX_CODE_DIGITS};

/// A move in a position of several heaps: replace heap number `heap_index`
/// by the heaps `leaves` (empty = removed entirely).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// Index into the position's heap list.
    pub heap_index: usize,
    /// The heaps left in its place.
    pub leaves: Vec<u64>,
}

/// Nim-value of a position (XOR of its heaps' values), or `None` if some
/// heap is beyond the computed sequence.
///
/// ```
/// use grundy_octal::{position_value, HeapRules, Method, Sequence};
/// let mut s = Sequence::new(HeapRules::kayles(), Method::Auto);
/// s.extend_to(100, |_, _| {}).unwrap();
/// assert_eq!(position_value(&s, &[3, 5]), Some(3 ^ 4));
/// assert_eq!(position_value(&s, &[100]), None);
/// ```
pub fn position_value(seq: &Sequence, heaps: &[u64]) -> Option<u16> {
    heaps.iter().try_fold(0u16, |acc, &h| Some(acc ^ seq.get(h)?))
}

/// All moves to a position of value 0 (empty if the position is lost or a
/// heap is beyond the computed sequence).
///
/// ```
/// use grundy_octal::{winning_moves, HeapRules, Method, Sequence};
/// let mut s = Sequence::new(HeapRules::kayles(), Method::Auto);
/// s.extend_to(10, |_, _| {}).unwrap();
/// // Kayles heap of 5: take the middle pin(s), leaving two equal heaps.
/// let moves = winning_moves(&s, &[5]);
/// assert!(moves.iter().all(|m| m.leaves.len() == 2 && m.leaves[0] == m.leaves[1]));
/// ```
pub fn winning_moves(seq: &Sequence, heaps: &[u64]) -> Vec<Move> {
    let mut out = Vec::new();
    let Some(total) = position_value(seq, heaps) else {
        return out;
    };
    for (i, &h) in heaps.iter().enumerate() {
        let rest = total ^ seq.get(h).unwrap_or(0);
        seq.rules().heap_options(h, &mut |leaves| {
            if position_value(seq, leaves) == Some(rest) {
                out.push(Move {
                    heap_index: i,
                    leaves: leaves.to_vec(),
                });
            }
        });
    }
    out
}
