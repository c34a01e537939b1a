//! Exact dyadic rationals: n / 2^k, the numbers of short games.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};
use std::str::FromStr;

/// The largest exponent of a [`Dyadic`]'s denominator: numbers are `num / 2^exp`
/// with `exp <= MAX_EXPONENT` and a 128-bit numerator, so every number with at
/// most 126 significant bits is exact (a Hackenbush string of 120 edges, say).
pub const MAX_EXPONENT: u32 = 126;

/// The exact number `num / 2^exp`, always in lowest terms (`num` odd or `exp` 0).
///
/// The numerator is an `i128` (never `i128::MIN`, so negation is exact) and the
/// exponent at most [`MAX_EXPONENT`]. Every operation has a `checked_` form that
/// returns `None` when the exact result does not fit; the library computes only
/// with those and reports a result beyond 128 bits instead of rounding it. The
/// operators `+` and `-` and the unchecked constructors are for callers whose
/// numbers are small, and panic if the result does not fit. Order is exact for
/// every pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: i128,
    exp: u32,
}

/// `a * 2^d`, `None` when it does not fit an `i128` (or is `i128::MIN`).
fn scale(a: i128, d: u32) -> Option<i128> {
    if a == 0 {
        return Some(0);
    }
    if d >= 127 {
        return None;
    }
    a.checked_mul(1i128 << d).filter(|&v| v != i128::MIN)
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };
    /// One.
    pub const ONE: Dyadic = Dyadic { num: 1, exp: 0 };

    /// num / 2^exp in lowest terms, `None` when it does not fit (an exponent
    /// beyond [`MAX_EXPONENT`] in lowest terms, or the numerator `i128::MIN`).
    pub fn checked_new(num: i128, exp: u32) -> Option<Dyadic> {
        if num == 0 {
            return Some(Dyadic::ZERO);
        }
        let tz = num.trailing_zeros().min(exp);
        let (num, exp) = (num >> tz, exp - tz);
        if exp > MAX_EXPONENT || num == i128::MIN {
            return None;
        }
        Some(Dyadic { num, exp })
    }
    /// num / 2^exp in lowest terms.
    ///
    /// # Panics
    /// If it does not fit (see [`Dyadic::checked_new`]).
    pub fn new(num: impl Into<i128>, exp: u32) -> Dyadic {
        let num = num.into();
        Dyadic::checked_new(num, exp)
            .unwrap_or_else(|| panic!("{num}/2^{exp} is beyond the precision of Dyadic"))
    }
    /// The integer n.
    ///
    /// # Panics
    /// If n is `i128::MIN`.
    pub fn integer(n: impl Into<i128>) -> Dyadic {
        Dyadic::new(n, 0)
    }
    /// The nearest `f64`, and whether it is exactly self (it is when the
    /// numerator has at most 53 significant bits: the exponent is always in range).
    pub(crate) fn to_f64(self) -> (f64, bool) {
        // 2^-exp, exact: exp <= MAX_EXPONENT is far from f64's smallest normal.
        let scale = f64::from_bits((1023 - u64::from(self.exp)) << 52);
        (self.num as f64 * scale, self.num.unsigned_abs() <= 1 << 53)
    }
    /// The numerator in lowest terms.
    pub fn numerator(self) -> i128 {
        self.num
    }
    /// The denominator's exponent (the denominator is 2^exp).
    pub fn exponent(self) -> u32 {
        self.exp
    }
    /// True for integers.
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }
    /// The largest integer at most self.
    pub fn floor(self) -> i128 {
        self.num >> self.exp
    }
    /// The smallest integer at least self.
    pub fn ceil(self) -> i128 {
        -((-self.num) >> self.exp)
    }
    /// self / 2, `None` beyond [`MAX_EXPONENT`].
    pub fn checked_half(self) -> Option<Dyadic> {
        Dyadic::checked_new(self.num, self.exp + 1)
    }
    /// self * 2^k (k may be negative), `None` when it does not fit.
    pub fn checked_shift(self, k: i32) -> Option<Dyadic> {
        if k >= 0 {
            let k = k as u32;
            if k <= self.exp {
                Some(Dyadic {
                    num: self.num,
                    exp: self.exp - k,
                })
            } else {
                Some(Dyadic {
                    num: scale(self.num, k - self.exp)?,
                    exp: 0,
                })
            }
        } else {
            Dyadic::checked_new(self.num, self.exp.checked_add(k.unsigned_abs())?)
        }
    }
    /// self * 2^k (k may be negative).
    ///
    /// # Panics
    /// If the result does not fit.
    pub fn shift(self, k: i32) -> Dyadic {
        self.checked_shift(k)
            .unwrap_or_else(|| panic!("{self} * 2^{k} is beyond the precision of Dyadic"))
    }
    /// self / 2.
    ///
    /// # Panics
    /// If the result does not fit.
    pub fn half(self) -> Dyadic {
        self.shift(-1)
    }
    /// self + o, `None` when it does not fit. Exact whenever the sum fits, even
    /// when the numerators at the common denominator would not.
    pub fn checked_add(self, o: Dyadic) -> Option<Dyadic> {
        if self.exp == o.exp {
            if let Some(s) = self.num.checked_add(o.num) {
                return Dyadic::checked_new(s, self.exp);
            }
            if self.exp == 0 {
                return None;
            }
            // Both odd (lowest terms): (2p+1) + (2q+1) = 2(p+q+1), halved at once.
            return Dyadic::checked_new((self.num >> 1) + (o.num >> 1) + 1, self.exp - 1);
        }
        let (lo, hi) = if self.exp < o.exp { (self, o) } else { (o, self) };
        let d = hi.exp - lo.exp;
        if let Some(s) = scale(lo.num, d).and_then(|a| a.checked_add(hi.num)) {
            return Dyadic::checked_new(s, hi.exp);
        }
        // lo·2^d + hi with hi = q·2^d + r (0 <= r < 2^d): (lo + q)·2^d + r. The sum
        // is odd over 2^hi.exp, so it fits exactly when this does.
        let (q, r) = (hi.num >> d, hi.num & ((1i128 << d) - 1));
        let t = lo.num.checked_add(q)?;
        let s = t.checked_mul(1i128 << d)?.checked_add(r)?;
        Dyadic::checked_new(s, hi.exp)
    }
    /// self - o, `None` when it does not fit.
    pub fn checked_sub(self, o: Dyadic) -> Option<Dyadic> {
        self.checked_add(-o)
    }
    /// self * k, `None` when it does not fit.
    pub fn checked_mul_int(self, k: i64) -> Option<Dyadic> {
        if k == 0 {
            return Some(Dyadic::ZERO);
        }
        // The powers of two in k first lower the exponent.
        let s = k.trailing_zeros().min(self.exp);
        Dyadic::checked_new(self.num.checked_mul(i128::from(k >> s))?, self.exp - s)
    }
    /// The simplest number strictly between `lo` and `hi` (either may be absent
    /// for an unbounded side): the number {lo | hi} of Conway's simplicity rule.
    /// `lo < hi` is required when both are given.
    ///
    /// # Panics
    /// If `lo >= hi`, or the result does not fit (see
    /// [`Dyadic::checked_simplest_between`]).
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Dyadic {
        if let (Some(l), Some(h)) = (lo, hi) {
            assert!(l < h, "simplest_between needs lo < hi");
        }
        Dyadic::checked_simplest_between(lo, hi)
            .expect("the simplest number between is beyond the precision of Dyadic")
    }
    /// [`Dyadic::simplest_between`], `None` when `lo >= hi` or the result does not
    /// fit (it has at most one more bit than the bounds).
    pub fn checked_simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Option<Dyadic> {
        let int = |n: i128| Dyadic::checked_new(n, 0);
        match (lo, hi) {
            (None, None) => Some(Dyadic::ZERO),
            (Some(l), None) => {
                if l < Dyadic::ZERO {
                    Some(Dyadic::ZERO)
                } else {
                    int(l.floor().checked_add(1)?)
                }
            }
            (None, Some(h)) => {
                if h > Dyadic::ZERO {
                    Some(Dyadic::ZERO)
                } else {
                    int(h.ceil().checked_sub(1)?)
                }
            }
            (Some(l), Some(h)) => {
                if l >= h {
                    return None;
                }
                if l < Dyadic::ZERO && h > Dyadic::ZERO {
                    return Some(Dyadic::ZERO);
                }
                // An integer strictly between: the one nearest zero.
                let first = l.floor().checked_add(1)?;
                let last = h.ceil().checked_sub(1)?;
                if first <= last {
                    return int(if first > 0 { first } else { last });
                }
                // Both in one unit interval: the dyadic of least denominator between
                // (at most one bit finer than the finer bound).
                let mut k: u32 = 1;
                loop {
                    let f = l.checked_shift(k as i32)?.floor().checked_add(1)?;
                    if Dyadic::checked_new(f, 0)? < h.checked_shift(k as i32)? {
                        return Dyadic::checked_new(f, k);
                    }
                    k += 1;
                    if k > MAX_EXPONENT + 1 {
                        return None;
                    }
                }
            }
        }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        // Exact for every pair: a numerator that does not fit once scaled to the
        // common denominator is larger in magnitude than the other, which does.
        let e = self.exp.max(other.exp);
        match (scale(self.num, e - self.exp), scale(other.num, e - other.exp)) {
            (Some(a), Some(b)) => a.cmp(&b),
            (None, _) => self.num.cmp(&0),
            (_, None) => 0.cmp(&other.num),
        }
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for Dyadic {
    type Output = Dyadic;
    /// # Panics
    /// If the sum does not fit (see [`Dyadic::checked_add`]).
    fn add(self, o: Dyadic) -> Dyadic {
        self.checked_add(o)
            .unwrap_or_else(|| panic!("{self} + {o} is beyond the precision of Dyadic"))
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    /// # Panics
    /// If the difference does not fit (see [`Dyadic::checked_sub`]).
    fn sub(self, o: Dyadic) -> Dyadic {
        self + (-o)
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    /// Exact: the numerator is never `i128::MIN`.
    fn neg(self) -> Dyadic {
        Dyadic {
            num: -self.num,
            exp: self.exp,
        }
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            // exp <= MAX_EXPONENT < 128: the denominator fits a u128.
            write!(f, "{}/{}", self.num, 1u128 << self.exp)
        }
    }
}

/// A number text that is not a number of [`Dyadic`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadNumber {
    /// Not an integer, n/d with d a power of two, or a decimal with a dyadic fraction.
    #[error("'{0}' is not a dyadic rational (an integer, or n/d with d a power of two)")]
    NotDyadic(String),
    /// A dyadic rational, but more than 127 bits of numerator or a denominator above 2^126.
    #[error("'{0}' is a dyadic rational too large or too precise for grundy's numbers (numerators of at most 127 bits, denominators of at most 2^126)")]
    TooLarge(String),
}

impl FromStr for Dyadic {
    type Err = BadNumber;
    /// `-3`, `3/4`, `1.5`.
    fn from_str(s: &str) -> Result<Dyadic, BadNumber> {
        let t = s.trim();
        let bad = || BadNumber::NotDyadic(s.to_string());
        let large = || BadNumber::TooLarge(s.to_string());
        // An integer text: digits with an optional sign; one too long for i128 is
        // too large, not malformed.
        let int = |x: &str| -> Result<i128, BadNumber> {
            let x = x.trim();
            let digits = x.strip_prefix(['-', '+']).unwrap_or(x);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            x.parse::<i128>()
                .ok()
                .filter(|&v| v != i128::MIN)
                .ok_or_else(large)
        };
        if let Some((n, d)) = t.split_once('/') {
            let n = int(n)?;
            let d = int(d)?;
            if d <= 0 || d.count_ones() != 1 {
                return Err(bad());
            }
            return Dyadic::checked_new(n, d.trailing_zeros()).ok_or_else(large);
        }
        if let Some((i, frac)) = t.split_once('.') {
            // Decimal: exact only when the fraction is dyadic (.5, .25, .125, ...).
            let neg = i.trim_start().starts_with('-');
            let ip: i128 = if matches!(i.trim(), "-" | "+" | "") {
                0
            } else {
                int(i)?
            };
            if frac.is_empty() || !frac.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            let frac = frac.trim_end_matches('0');
            if frac.len() > 38 {
                // A dyadic fraction of n decimal digits needs n binary ones: past
                // 38 digits it is either not dyadic or beyond 2^-126.
                return Err(large());
            }
            let f: i128 = if frac.is_empty() {
                0
            } else {
                frac.parse().map_err(|_| bad())?
            };
            // f / 10^len must be dyadic: 10^len = 2^len 5^len, so 5^len divides f.
            let five = 5i128.pow(frac.len() as u32);
            if f % five != 0 {
                return Err(bad());
            }
            let fr = Dyadic::checked_new(f / five, frac.len() as u32).ok_or_else(large)?;
            let whole = Dyadic::checked_new(ip.abs(), 0).ok_or_else(large)?;
            let v = whole.checked_add(fr).ok_or_else(large)?;
            return Ok(if neg { -v } else { v });
        }
        Dyadic::checked_new(int(t)?, 0).ok_or_else(large)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    #[test]
    fn arithmetic_and_order() {
        assert_eq!(d("1/2") + d("1/4"), d("3/4"));
        assert_eq!(d("1/2") - d("3/4"), d("-1/4"));
        assert_eq!(d("2/4"), d("1/2"));
        assert_eq!(d("1.5"), d("3/2"));
        assert_eq!(d("-1.25"), d("-5/4"));
        assert!(d("-1/2") < d("1/8"));
        assert_eq!(d("3/4").to_string(), "3/4");
        assert_eq!(d("-2").to_string(), "-2");
        assert_eq!(d("-3/2").floor(), -2);
        assert_eq!(d("-3/2").ceil(), -1);
        assert!("1/3".parse::<Dyadic>().is_err());
        assert!("0.1".parse::<Dyadic>().is_err());
    }

    #[test]
    fn wide_numbers_are_exact_or_refused() {
        // 2^64 and beyond: exact, printed exactly.
        let tiny = Dyadic::new(1, 64);
        assert_eq!(tiny.to_string(), "1/18446744073709551616");
        assert_eq!(d("1/18446744073709551616"), tiny);
        assert_eq!(d("12345678901234567890").to_string(), "12345678901234567890");
        let third = d("6148914691236517205/18446744073709551616");
        assert_eq!(
            third.checked_add(third),
            Some(d("6148914691236517205/9223372036854775808"))
        );
        assert!(third < Dyadic::new(1, 1) && third > Dyadic::new(1, 2));
        // The limits: refused, never wrapped.
        let max = Dyadic::integer(i128::MAX);
        assert_eq!(max.checked_add(Dyadic::ONE), None);
        assert_eq!(Dyadic::new(1, MAX_EXPONENT).checked_half(), None);
        assert!(Dyadic::ONE.checked_add(Dyadic::new(1, MAX_EXPONENT)).is_some());
        assert_eq!(Dyadic::integer(2).checked_add(Dyadic::new(1, MAX_EXPONENT)), None);
        assert_eq!(max.checked_shift(1), None);
        assert_eq!(max.checked_mul_int(-2), None);
        // Exact when the sum fits though the numerators at the common
        // denominator do not.
        let wide = Dyadic::new(i128::MAX, 80);
        assert_eq!(wide.checked_add(wide), Some(Dyadic::new(i128::MAX, 79)));
        assert_eq!(wide.checked_mul_int(2), Some(Dyadic::new(i128::MAX, 79)));
        let a = Dyadic::integer(1i128 << 126);
        let b = Dyadic::new(-i128::MAX, 1);
        assert_eq!(a.checked_add(b), Some(Dyadic::new(1, 1)));
        assert_eq!(b.checked_add(a), Some(Dyadic::new(1, 1)));
        assert_eq!(a.checked_sub(-b), Some(Dyadic::new(1, 1)));
        assert_eq!(Dyadic::checked_new(i128::MIN, 0), None);
        assert_eq!((-max).numerator(), -i128::MAX);
        // Order stays exact where the common denominator would not fit.
        assert!(max > Dyadic::new(1, MAX_EXPONENT));
        assert!(-max < Dyadic::new(-1, MAX_EXPONENT));
        assert!(Dyadic::new(3, MAX_EXPONENT) > Dyadic::new(1, MAX_EXPONENT));
        assert_eq!(
            Dyadic::checked_simplest_between(Some(Dyadic::ZERO), Some(Dyadic::new(1, MAX_EXPONENT))),
            None
        );
        assert_eq!(
            Dyadic::checked_simplest_between(Some(Dyadic::ZERO), Some(Dyadic::new(1, 64))),
            Some(Dyadic::new(1, 65))
        );
        // Parse errors say which: too large, or not dyadic.
        let big = "1".repeat(40);
        assert!(matches!(big.parse::<Dyadic>(), Err(BadNumber::TooLarge(_))));
        assert!(matches!("1/3".parse::<Dyadic>(), Err(BadNumber::NotDyadic(_))));
        assert!(matches!(
            format!("1/{}", 1u128 << 127).parse::<Dyadic>(),
            Err(BadNumber::TooLarge(_))
        ));
        assert!(matches!("0.5x".parse::<Dyadic>(), Err(BadNumber::NotDyadic(_))));
        assert_eq!(d("+3"), d("3"));
        assert_eq!(d("2.50"), d("5/2"));
    }

    #[test]
    fn simplicity_rule() {
        let s = |a: Option<&str>, b: Option<&str>| Dyadic::simplest_between(a.map(d), b.map(d)).to_string();
        assert_eq!(s(None, None), "0");
        assert_eq!(s(Some("0"), None), "1");
        assert_eq!(s(Some("5/2"), None), "3");
        assert_eq!(s(None, Some("-1")), "-2");
        assert_eq!(s(Some("0"), Some("1")), "1/2");
        assert_eq!(s(Some("1/2"), Some("1")), "3/4");
        assert_eq!(s(Some("-1"), Some("3")), "0");
        assert_eq!(s(Some("1"), Some("4")), "2");
        assert_eq!(s(Some("-4"), Some("-1")), "-2");
        assert_eq!(s(Some("1/4"), Some("1/2")), "3/8");
        assert_eq!(s(Some("-1/2"), Some("0")), "-1/4");
    }
}
