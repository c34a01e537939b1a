//! Lasker's Nim: take any number of tokens from one heap, or split a heap into two
//! non-empty heaps without taking any.
//!
//! Its nim-sequence is arithmetic periodic from n = 1 with period 4 and saltus 4
//! (Lasker, 1931; Winning Ways, ch. 4): G(4k+1) = 4k+1, G(4k+2) = 4k+2,
//! G(4k+3) = 4k+4, G(4k+4) = 4k+3. `tests/families.rs` checks it against a
//! brute-force mex over every option.

use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::{Analyze, Builtin, ClosedForm, PeriodSummary};
use crate::games::{heap_components, heap_product, outcome_of, sum_options};
use crate::{Game, GameError, Impartial, Play};

/// Lasker's Nim. Positions are sums of heaps.
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
    build: |_| Ok(Box::new(Builtin(Lasker))),
};

impl Lasker {
    /// The nim-value of one heap of `n`, by the proved arithmetic period.
    pub fn heap_value(n: u64) -> u64 {
        match n % 4 {
            3 => n + 1,
            0 if n > 0 => n - 1,
            _ => n,
        }
    }

    /// The heap whose value is `v` (the rule is a bijection of the integers).
    fn heap_with_value(v: u64) -> u64 {
        Lasker::heap_value(v)
    }

    fn nim_sum(heaps: &[u64]) -> u64 {
        heaps.iter().fold(0, |x, &h| x ^ Lasker::heap_value(h))
    }

    /// Every winning move from a sum of heaps: bring one heap's value to `g ^ x`.
    pub fn winning_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
        let x = Lasker::nim_sum(heaps);
        let mut moves = Vec::new();
        if x == 0 {
            return moves;
        }
        for (i, &h) in heaps.iter().enumerate() {
            let target = Lasker::heap_value(h) ^ x;
            let mut replace = |left: &[u64]| {
                let mut next = heaps[..i].to_vec();
                next.extend_from_slice(left);
                next.extend_from_slice(&heaps[i + 1..]);
                moves.push(next);
            };
            // Taking: the one heap below h with the target value.
            let m = Lasker::heap_with_value(target);
            if m < h {
                let one = [m];
                replace(if m == 0 { &[] } else { &one });
            }
            // Splitting h = a + b with G(a) ^ G(b) = target. G(a) has the parity of
            // a except at 4k+3 and 4k+4, so a split's value is below 2h: only
            // targets a split can reach are searched, a at most h / 2 of them.
            if h <= SPLIT_LISTING {
                for a in 1..=h / 2 {
                    if Lasker::heap_value(a) ^ Lasker::heap_value(h - a) == target {
                        replace(&[a, h - a]);
                    }
                }
            }
        }
        moves
    }
}

/// Heaps up to this size have their winning splits listed (there are h/2 splits).
const SPLIT_LISTING: u64 = 1_000_000;

impl Game for Lasker {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> Result<(), GameError> {
        sum_options(p, out, |h, emit| {
            for m in 0..h {
                let one = [m];
                emit(if m == 0 { &[] } else { &one });
            }
            for a in 1..=h / 2 {
                emit(&[a, h - a]);
            }
        });
        Ok(())
    }
}

impl Impartial for Lasker {
    fn components(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        heap_components(p, out);
    }
}

impl Analyze for Lasker {
    fn name(&self) -> String {
        "lasker".into()
    }
    fn impartial(&self) -> bool {
        true
    }
    fn option_count(&self, p: &Vec<u64>) -> Option<u128> {
        Some(p.iter().map(|&h| h as u128 + h as u128 / 2).sum())
    }
    fn search_size(&self, p: &Vec<u64>) -> Option<u128> {
        // Splits make multisets of smaller heaps: bound by 2^(tokens).
        let total = p.iter().fold(0u64, |t, &h| t.saturating_add(h));
        Some(if total >= 100 {
            u128::MAX
        } else {
            heap_product(p).max(1u128 << total)
        })
    }
    fn nim_value(&self, p: &Vec<u64>, _limit: usize) -> Option<Result<u64, GameError>> {
        Some(Ok(Lasker::nim_sum(p)))
    }
    fn closed_nim_value(&self, p: &Vec<u64>) -> Option<u64> {
        Some(Lasker::nim_sum(p))
    }
    fn closed_form(&self, p: &Vec<u64>, play: Play) -> Option<ClosedForm<Vec<u64>>> {
        if play == Play::Misere {
            return None;
        }
        let x = Lasker::nim_sum(p);
        let mut rule = format!(
            "nim-sequence proved arithmetic periodic (period 4, saltus 4 from n = 1: Lasker); nim-sum {x}"
        );
        if p.iter().any(|&h| h > SPLIT_LISTING) {
            rule.push_str("; winning splits of heaps this large are not listed");
        }
        Some(ClosedForm {
            outcome: outcome_of(x),
            remoteness: None,
            winning_moves: Lasker::winning_moves(p),
            rule,
        })
    }
    fn period(&self) -> Option<Result<Option<PeriodSummary>, GameError>> {
        Some(Ok(Some(PeriodSummary {
            preperiod: 1,
            period: 4,
            saltus: 4,
            checked_to: 0,
            values: (0..5).map(Lasker::heap_value).collect(),
            rule: "Lasker's theorem: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3".into(),
        })))
    }
    fn heap_nim_values(&self, from: u64, to: u64) -> Option<Result<Vec<u64>, GameError>> {
        Some(Ok((from..=to).map(Lasker::heap_value).collect()))
    }
}
