//! Periodicity of nim-sequences, proved by the Guy–Smith theorem.

use crate::engine::{Method, Sequence, SequenceError};
use crate::rules::HeapRules;

/// A (proved or apparent) period of a nim-sequence: G(n + period) = G(n)
/// for every n >= preperiod.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Period {
    /// The smallest e such that G(n + p) = G(n) for all n >= e
    /// (so G(e - 1) is the last exceptional value).
    pub preperiod: u64,
    /// The smallest period p.
    pub period: u64,
    /// When proved: the number of values G(0..checked_to) the proof used
    /// (`proof_bound + period`). When not proved: the values observed.
    pub checked_to: u64,
    /// How many values were computed in total.
    pub computed: u64,
    /// True if a theorem guarantees the period for all n (Guy–Smith for
    /// octal/hexadecimal codes, the window argument for subtraction games).
    pub proved: bool,
    /// One sentence describing the result in words.
    pub rule: String,
    values: Vec<u16>,
}

impl Period {
    /// G(0), ..., G(preperiod + period - 1): everything needed for any n.
    pub fn initial_values(&self) -> &[u16] {
        &self.values
    }

    /// G(n) for any n, from the period.
    ///
    /// ```
    /// use grundy_octal::{find_period, HeapRules, Method};
    /// let p = find_period(&HeapRules::kayles(), 1000, Method::Auto).unwrap().unwrap();
    /// assert_eq!((p.preperiod, p.period, p.proved), (71, 12, true));
    /// let n = 1_000_000_000_000_000_000;
    /// assert_eq!(p.value_at(n), p.value_at(71 + (n - 71) % 12));
    /// // 10^42 = 10^18 (mod 12), both far beyond the preperiod:
    /// assert_eq!(p.value_at_decimal("1000000000000000000000000000000000000000000"), Some(p.value_at(n)));
    /// ```
    pub fn value_at(&self, n: u64) -> u16 {
        self.value_at_u128(n as u128)
    }

    /// G(n) for a 128-bit n.
    pub fn value_at_u128(&self, n: u128) -> u16 {
        let (e, p) = (self.preperiod as u128, self.period as u128);
        if n < e + p {
            self.values[n as usize]
        } else {
            self.values[(e + (n - e) % p) as usize]
        }
    }

    /// G(n) for n written in decimal with any number of digits; `None` if
    /// the text is not a non-negative decimal integer.
    pub fn value_at_decimal(&self, n: &str) -> Option<u16> {
        let n = n.trim();
        if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if let Ok(v) = n.parse::<u128>() {
            return Some(self.value_at_u128(v));
        }
        // n > 2^128 > e + p: reduce modulo p digit by digit.
        let p = self.period as u128;
        let r = n.bytes().fold(0u128, |r, b| (r * 10 + (b - b'0') as u128) % p);
        let e = self.preperiod as u128;
        let idx = e + (r + p - e % p) % p;
        Some(self.values[idx as usize])
    }
}

/// The Guy–Smith bound: if G(n + p) = G(n) for all `e <= n < bound`, the
/// sequence is periodic from e with period p. `None` when no theorem is
/// implemented for the game (Grundy's game, the split game).
///
/// With t = the most tokens one move removes and e' = max(e, 1):
/// octal codes with two-heap moves: 2e' + p + t; hexadecimal codes with
/// three-heap moves: 3e' + 2p + t; codes without breaking moves: e' + t;
/// subtraction games: e + max(S). (Using e' instead of e only matters for
/// e = 0, where a heap of size e - p + p = p could otherwise map to an empty
/// heap; it keeps the statement true without special cases.)
pub fn proof_bound(rules: &HeapRules, e: u64, p: u64) -> Option<u64> {
    match rules {
        HeapRules::Octal(code) => {
            let t = code.max_removed();
            let e1 = e.max(1);
            let d = code.digits();
            let bound = if d.iter().any(|x| x & 8 != 0) {
                e1.saturating_mul(3)
                    .saturating_add(p.saturating_mul(2))
                    .saturating_add(t)
            } else if d.iter().any(|x| x & 4 != 0) {
                e1.saturating_mul(2).saturating_add(p).saturating_add(t)
            } else {
                e1.saturating_add(t)
            };
            Some(bound)
        }
        HeapRules::Subtraction(s) => Some(e.saturating_add(s.last().copied().unwrap_or(0))),
        HeapRules::Grundy | HeapRules::Split => None,
    }
}

/// Looks for the smallest period in computed values `values` = G(0..N).
///
/// Returns the smallest p whose repetition is long enough to be proved
/// ([`proof_bound`]); failing that, the smallest apparent period whose
/// repeating part covers at least two periods and a quarter of the data
/// (with `proved = false`);
/// else `None`.
pub fn detect_period(rules: &HeapRules, values: &[u16]) -> Option<Period> {
    let n = values.len();
    let mut apparent: Option<(usize, usize)> = None;
    for p in 1..=n / 2 {
        // e(p): smallest e with values[i] == values[i + p] for e <= i < n - p.
        let mut i = n - p;
        if let Some((p0, e0)) = apparent {
            if p % p0 == 0 {
                // Known to repeat above e0 with period p0, hence with p.
                i = i.min(e0);
            }
        }
        while i > 0 && values[i - 1] == values[i - 1 + p] {
            i -= 1;
        }
        let e = i;
        if let Some(bound) = proof_bound(rules, e as u64, p as u64) {
            if bound.saturating_add(p as u64) <= n as u64 {
                return Some(make(rules, values, e, p, true, bound + p as u64));
            }
        }
        if apparent.is_none() && n - e >= 2 * p && n - e >= n / 4 {
            apparent = Some((p, e));
        }
    }
    apparent.map(|(p, e)| make(rules, values, e, p, false, n as u64))
}

fn make(rules: &HeapRules, values: &[u16], e: usize, p: usize, proved: bool, checked_to: u64) -> Period {
    let n = values.len();
    let rule = if proved {
        let why = match rules {
            HeapRules::Subtraction(s) => format!(
                "because G repeats over a window of max(S) = {} values",
                s.last().copied().unwrap_or(0)
            ),
            _ => "by the Guy–Smith theorem".to_string(),
        };
        format!("{rules}: G(n + {p}) = G(n) for every n >= {e}, proved {why} from G(0..{checked_to}).")
    } else {
        let why = match proof_bound(rules, e as u64, p as u64) {
            Some(b) => format!("a proof needs G(0..{})", b.saturating_add(p as u64)),
            None => "no periodicity theorem is implemented for this game".to_string(),
        };
        format!(
            "{rules}: G(n + {p}) = G(n) for {e} <= n < {} (all {n} computed values), not proved: {why}.",
            n - p
        )
    };
    Period {
        preperiod: e as u64,
        period: p as u64,
        checked_to,
        computed: n as u64,
        proved,
        rule,
        values: values[..e + p].to_vec(),
    }
}

/// Computes the nim-sequence of `rules` (at most G(0..=max_n)) until a
/// period is proved. See [`find_period_in`].
pub fn find_period(rules: &HeapRules, max_n: u64, method: Method) -> Result<Option<Period>, SequenceError> {
    let mut seq = Sequence::new(rules.clone(), method);
    find_period_in(&mut seq, max_n, |_, _| {})
}

/// Extends `seq` (at most to G(0..=max_n)), checking for a period as it
/// grows (by 25% at a time, or straight to the length a candidate period
/// needs for its proof), and stops as soon as a period is proved.
/// `on_value` sees every newly computed value, as in
/// [`Sequence::extend_to`]. Returns the proved period, else the best
/// apparent one over all computed values (`proved = false`), else `None`.
pub fn find_period_in<F: FnMut(u64, u16)>(
    seq: &mut Sequence,
    max_n: u64,
    mut on_value: F,
) -> Result<Option<Period>, SequenceError> {
    let limit = max_n.saturating_add(1);
    let rules = seq.rules().clone();
    loop {
        let found = detect_period(&rules, seq.values());
        let len = seq.len();
        if let Some(p) = &found {
            if p.proved {
                return Ok(found);
            }
        }
        if len >= limit {
            return Ok(found);
        }
        let mut next = (len + len / 4).max(256);
        if let Some(p) = &found {
            if let Some(b) = proof_bound(&rules, p.preperiod, p.period) {
                // Go straight to the length the candidate's proof needs.
                next = b.saturating_add(p.period).max(len + 1);
            }
        }
        seq.extend_to(next.min(limit), &mut on_value)?;
    }
}
