#![allow(unused_variables, dead_code)]
//! Exact dyadic rationals: n / 2^k.

/// The exact number `num / 2^exp`, always in lowest terms (`num` odd or `exp` 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    /// num / 2^exp in lowest terms.
    pub fn new(num: i64, exp: u32) -> Dyadic {
        todo!()
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
}
// To implement: Ord, Add, Sub, Neg, Display ("3/4", "-2"), FromStr.
