//! The minimum excludant, once for the workspace: the least non-negative integer not
//! in a set. The engine's sets are bitsets (bit `v % 64` of word `v / 64`), scanned by
//! [`next_unset`]; [`mex`] takes any values (a `u64` bitmask per 64 small values, on
//! the stack, with a sorted fallback for large ones). The core re-exports both
//! (`grundy::solve::mex`, and `SeenSet` scans with [`next_unset`]), so no other copy
//! exists.

/// The least value at or after `from` whose bit is clear in the bitset `seen` (a
/// bitset holds no value beyond its words: `seen.len() * 64` if every bit from
/// `from` on is set, `from` itself if it lies past the end).
///
/// ```
/// use grundy_octal::next_unset;
/// assert_eq!(next_unset(&[0b1011], 0), 2);
/// assert_eq!(next_unset(&[0b1011], 3), 4);
/// assert_eq!(next_unset(&[u64::MAX], 0), 64);
/// assert_eq!(next_unset(&[], 0), 0);
/// assert_eq!(next_unset(&[u64::MAX], 70), 70);
/// ```
#[inline]
pub fn next_unset(seen: &[u64], from: usize) -> usize {
    let mut i = from >> 6;
    if i >= seen.len() {
        return from;
    }
    let mut word = !seen[i] & (!0u64 << (from & 63));
    loop {
        if word != 0 {
            return i * 64 + word.trailing_zeros() as usize;
        }
        i += 1;
        if i >= seen.len() {
            return seen.len() * 64;
        }
        word = !seen[i];
    }
}

/// The minimum excludant: the least non-negative integer not in `values`.
///
/// Values below 256 are marked in four words on the stack and scanned with
/// [`next_unset`]; larger ones (rare: a mex is at most the number of values) are
/// sorted only when the small ones are all present.
///
/// ```
/// assert_eq!(grundy_octal::mex([0, 1, 3]), 2);
/// assert_eq!(grundy_octal::mex([]), 0);
/// ```
pub fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut seen = [0u64; 4];
    let mut big = Vec::new();
    for v in values {
        if v < 256 {
            seen[(v / 64) as usize] |= 1 << (v % 64);
        } else {
            big.push(v);
        }
    }
    let m = next_unset(&seen, 0) as u64;
    if m < 256 {
        return m;
    }
    big.sort_unstable();
    big.dedup();
    let mut m = 256;
    for v in big {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition: count up from 0 until a value is missing.
    fn naive(values: &[u64]) -> u64 {
        (0..).find(|m| !values.contains(m)).expect("a missing value")
    }

    fn bits(values: &[u64]) -> Vec<u64> {
        let len = values.iter().map(|&v| v as usize / 64 + 1).max().unwrap_or(0);
        let mut w = vec![0u64; len];
        for &v in values {
            w[v as usize / 64] |= 1 << (v % 64);
        }
        w
    }

    #[test]
    fn edges() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex(0..256), 256);
        assert_eq!(mex((0..300).filter(|&v| v != 299)), 299);
        assert_eq!(mex((0..256).chain([257])), 256);
        assert_eq!(mex([u64::MAX]), 0);
        assert_eq!(next_unset(&[u64::MAX, u64::MAX], 0), 128);
        assert_eq!(next_unset(&[u64::MAX], 64), 64);
    }

    proptest! {
        #[test]
        fn mex_is_the_least_missing_value(
            small in proptest::collection::vec(0u64..70, 0..80),
            dense in 0u64..300,
            big in proptest::collection::vec(250u64..400, 0..20),
        ) {
            // Dense prefixes reach the fallback past 256.
            let mut values: Vec<u64> = (0..dense).collect();
            values.extend(&small);
            values.extend(&big);
            prop_assert_eq!(mex(values.iter().copied()), naive(&values));
            prop_assert_eq!(mex(small.iter().copied()), naive(&small));
        }

        #[test]
        fn next_unset_is_the_least_missing_value_from(
            values in proptest::collection::vec(0u64..200, 0..150),
            from in 0usize..260,
        ) {
            let w = bits(&values);
            let want = (from as u64..).find(|m| !values.contains(m)).unwrap();
            prop_assert_eq!(next_unset(&w, from) as u64, want);
        }
    }
}
