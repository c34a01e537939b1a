//! Lasker's Nim: take any number of tokens from one heap, or split a heap into two
//! non-empty heaps without taking any (the code `4.(3)`).
//!
//! Its nim-sequence is arithmetic periodic from n = 1 with period 4 and saltus 4
//! (Lasker, 1931; Winning Ways, ch. 4): G(4k+1) = 4k+1, G(4k+2) = 4k+2,
//! G(4k+3) = 4k+4, G(4k+4) = 4k+3. The family declares that known period; the
//! game is a [`HeapGame`]. `tests/families.rs` checks it against a brute-force mex
//! over every option.

use grundy_octal::{HeapRules, Period, Periodic};

use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::Builtin;
use crate::games::heap::HeapGame;

/// Lasker's Nim. `Lasker::new()` builds the [`HeapGame`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Lasker;

/// Lasker's Nim, in the catalogue.
pub(crate) const FAMILY: Family = Family {
    name: "lasker",
    usage: "lasker",
    summary: "Lasker's Nim: take any number from one heap, or split a heap into two",
    position: "heaps",
    params: &[],
    example: Some(("lasker", "9")),
    syntax: Syntax::None,
    shape: Shape::SplittingHeaps,
    claims: None,
    build: |_| Ok(Box::new(Builtin::new(Lasker::new()))),
};

impl Lasker {
    /// Lasker's Nim, with its known period.
    #[allow(clippy::new_ret_no_self)]
    pub fn new() -> HeapGame {
        HeapGame::new(HeapRules::lasker(), "lasker").with_known_period(Lasker::period())
    }

    /// The known period (a theorem, not a search).
    pub fn period() -> Period {
        Period::proved(
            Periodic::laskers_nim(),
            0,
            "Lasker's theorem: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3".into(),
        )
    }

    /// The nim-value of one heap of `n` (`n < u64::MAX`), by the proved period.
    pub fn heap_value(n: u64) -> u64 {
        Periodic::laskers_nim()
            .value_at(n)
            .expect("G(n) <= n + 1 fits below u64::MAX")
    }
}
