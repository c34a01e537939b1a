//! # grundy-octal: nim-sequences of heap games
//!
//! A pure computation engine (no file or terminal I/O) for *heap games*:
//! impartial games where a move takes one heap of n tokens and leaves a
//! multiset of smaller heaps. By the Sprague–Grundy theorem a position made of
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
//! * **Grundy's game** (split a heap into two unequal heaps), finite
//!   **subtraction games** `S(1,3,4)`, and the **split game** (see
//!   [`HeapRules::Split`]).
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
//! ```
//!
//! ## 2. Computing the nim-sequence: [`Sequence`]
//!
//! [`Sequence::extend_to`] computes values in order and streams each one to a
//! callback, so a caller can write files, checkpoints and progress bars;
//! [`Sequence::from_prefix`] resumes from saved values. Values are `u16`
//! (2 bytes per heap; a value above 65535 is reported as
//! [`SequenceError::ValueOverflow`]).
//!
//! Two methods ([`Method`]):
//!
//! * **Naive**: G(n) = mex of all option values, with a bitset mex and a
//!   branch-free pair loop; Θ(n) work per heap for breaking games.
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
//!   only changes the speed.
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
//! ## 3. Periods: [`find_period`], [`detect_period`], [`Period`]
//!
//! For octal games the Guy–Smith theorem says: if G(n + p) = G(n) for all
//! e <= n < 2e + p + t (t = the most tokens one move removes), then G is
//! periodic from e on (see [`proof_bound`] for the exact bounds used for
//! every kind of game). [`find_period`] computes the sequence until the
//! smallest such period is proved and returns a [`Period`] that can evaluate
//! G(n) for any n.
//!
//! ```
//! use grundy_octal::{find_period, HeapRules, Method};
//! let p = find_period(&"S(1,3,4)".parse().unwrap(), 1000, Method::Auto)
//!     .unwrap()
//!     .unwrap();
//! assert_eq!((p.preperiod, p.period, p.proved), (0, 7, true));
//! assert_eq!(p.value_at(10u64.pow(18)), [0, 1, 0, 1, 2, 3, 2][(10u64.pow(18) % 7) as usize]);
//! println!("{}", p.rule);
//! ```
//!
//! ## 4. Positions
//!
//! [`position_value`] and [`winning_moves`] evaluate a multiset of heaps
//! from a computed sequence.
#![deny(missing_docs)]

mod engine;
mod period;
mod periodic;
mod rules;

pub use engine::{nim_values, Method, Sequence, SequenceError, Stats};
pub use period::{
    all_but_period, detect_period, find_period, find_period_in, proof_bound, prove_period, Period,
    MAX_ALL_BUT_WINDOW,
};
pub use periodic::{Periodic, PeriodicError, ProvedPeriod};
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
