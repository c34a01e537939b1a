//! Exact dyadic rationals: n / 2^k, the numbers of short games.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};
use std::str::FromStr;

/// The exact number `num / 2^exp`, always in lowest terms (`num` odd or `exp` 0).
///
/// Short games only ever meet dyadic rationals; numerators and exponents stay small
/// (the birthday bounds them), so `i64` with overflow checks suffices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };
    /// One.
    pub const ONE: Dyadic = Dyadic { num: 1, exp: 0 };

    /// num / 2^exp in lowest terms.
    pub fn new(mut num: i64, mut exp: u32) -> Dyadic {
        if num == 0 {
            return Dyadic::ZERO;
        }
        while exp > 0 && num % 2 == 0 {
            num /= 2;
            exp -= 1;
        }
        Dyadic { num, exp }
    }
    /// The integer n.
    pub fn integer(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }
    /// The numerator in lowest terms.
    pub fn numerator(self) -> i64 {
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
    pub fn floor(self) -> i64 {
        self.num >> self.exp
    }
    /// The smallest integer at least self.
    pub fn ceil(self) -> i64 {
        -((-self.num) >> self.exp)
    }
    /// self / 2.
    pub fn half(self) -> Dyadic {
        Dyadic::new(self.num, self.exp + 1)
    }
    /// self * 2^k (k may be negative).
    pub fn shift(self, k: i32) -> Dyadic {
        if k >= 0 {
            let mut d = self;
            for _ in 0..k {
                if d.exp > 0 {
                    d.exp -= 1;
                } else {
                    d.num = d.num.checked_mul(2).expect("dyadic numerator overflow");
                }
            }
            d
        } else {
            Dyadic::new(self.num, self.exp + (-k) as u32)
        }
    }
    /// The simplest number strictly between `lo` and `hi` (either may be absent
    /// for an unbounded side): the number {lo | hi} of Conway's simplicity rule.
    /// `lo < hi` is required when both are given.
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Dyadic {
        match (lo, hi) {
            (None, None) => Dyadic::ZERO,
            (Some(l), None) => {
                if l < Dyadic::ZERO {
                    Dyadic::ZERO
                } else {
                    Dyadic::integer(l.floor() + 1)
                }
            }
            (None, Some(h)) => {
                if h > Dyadic::ZERO {
                    Dyadic::ZERO
                } else {
                    Dyadic::integer(h.ceil() - 1)
                }
            }
            (Some(l), Some(h)) => {
                assert!(l < h, "simplest_between needs lo < hi");
                if l < Dyadic::ZERO && h > Dyadic::ZERO {
                    return Dyadic::ZERO;
                }
                // An integer strictly between: the one nearest zero.
                let first = l.floor() + 1;
                let last = h.ceil() - 1;
                if first <= last {
                    return Dyadic::integer(if first > 0 { first } else { last });
                }
                // Both in one unit interval: the dyadic of least denominator between.
                let mut k: u32 = 1;
                loop {
                    let f = l.shift(k as i32).floor() + 1;
                    if Dyadic::integer(f) < h.shift(k as i32) {
                        return Dyadic::new(f, k);
                    }
                    k += 1;
                }
            }
        }
    }
    fn common(self, other: Dyadic) -> (i64, i64, u32) {
        let e = self.exp.max(other.exp);
        let a = self
            .num
            .checked_mul(1i64 << (e - self.exp))
            .expect("dyadic overflow");
        let b = other
            .num
            .checked_mul(1i64 << (e - other.exp))
            .expect("dyadic overflow");
        (a, b, e)
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let (a, b, _) = self.common(*other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for Dyadic {
    type Output = Dyadic;
    fn add(self, o: Dyadic) -> Dyadic {
        let (a, b, e) = self.common(o);
        Dyadic::new(a.checked_add(b).expect("dyadic overflow"), e)
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, o: Dyadic) -> Dyadic {
        self + (-o)
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
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
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

/// A number text that is not a dyadic rational.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a dyadic rational (an integer, or n/d with d a power of two)")]
pub struct BadNumber(pub String);

impl FromStr for Dyadic {
    type Err = BadNumber;
    /// `-3`, `3/4`, `1.5`.
    fn from_str(s: &str) -> Result<Dyadic, BadNumber> {
        let bad = || BadNumber(s.to_string());
        let t = s.trim();
        if let Some((n, d)) = t.split_once('/') {
            let n: i64 = n.trim().parse().map_err(|_| bad())?;
            let d: u64 = d.trim().parse().map_err(|_| bad())?;
            if d == 0 || !d.is_power_of_two() || d > 1 << 62 {
                return Err(bad());
            }
            return Ok(Dyadic::new(n, d.trailing_zeros()));
        }
        if let Some((i, frac)) = t.split_once('.') {
            // Decimal: exact only when the fraction is dyadic (.5, .25, .125, ...).
            let neg = i.trim_start().starts_with('-');
            let ip: i64 = if i.trim() == "-" || i.trim().is_empty() {
                0
            } else {
                i.trim().parse().map_err(|_| bad())?
            };
            if frac.is_empty() || !frac.bytes().all(|b| b.is_ascii_digit()) || frac.len() > 18 {
                return Err(bad());
            }
            let f: i64 = frac.parse().map_err(|_| bad())?;
            // f / 10^len must be dyadic: 10^len = 2^len 5^len, so 5^len divides f.
            let five = 5i64.pow(frac.len() as u32);
            if f % five != 0 {
                return Err(bad());
            }
            let fr = Dyadic::new(f / five, frac.len() as u32);
            let whole = Dyadic::integer(ip.abs());
            let v = whole + fr;
            return Ok(if neg { -v } else { v });
        }
        t.parse::<i64>().map(Dyadic::integer).map_err(|_| bad())
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
