//! Fibonacci Nim: one heap; the first move takes at least one token but not all;
//! after that a move takes at least one and at most twice what the opponent just
//! took. Taking the last token wins.
//!
//! A position is `(n, m)`: `n` tokens left, at most `m` may be taken. Whinihan's
//! theorem (1963): write `n` as a sum of non-consecutive Fibonacci numbers
//! (Zeckendorf); the player to move wins exactly when the smallest term is at most
//! `m`. So the first player loses a fresh heap exactly when `n` is a Fibonacci
//! number. `tests/families.rs` checks the rule and the winning moves against the
//! memoized search.

use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::{searched_nim_value, Analyze, Builtin, ClosedForm, Codec, DynPosition};
use crate::{Game, GameError, Impartial, Outcome, Play};

/// Fibonacci Nim.
#[derive(Clone, Copy, Debug, Default)]
pub struct FibonacciNim;

/// A position: `n` tokens left, at most `max_take` may be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FibonacciPosition {
    /// Tokens left.
    pub n: u64,
    /// The most the player to move may take.
    pub max_take: u64,
}

/// Fibonacci Nim, in the catalogue.
pub(crate) const FAMILY: Family = Family {
    name: "fibonacci",
    usage: "fibonacci",
    summary: "Fibonacci Nim: take 1 to twice the last take (first move: not all); the last token wins",
    position: "N (a fresh heap) or n,max_take",
    params: &[],
    example: Some(("fibonacci", "20")),
    syntax: Syntax::None,
    shape: Shape::Other,
    claims: None,
    build: |_| Ok(Box::new(Builtin::new(FibonacciNim))),
};

/// The Fibonacci numbers 1, 2, 3, 5, 8, ... up to u64::MAX.
fn fibonacci() -> impl Iterator<Item = u64> {
    std::iter::successors(Some((1u64, 2u64)), |&(a, b)| b.checked_add(a).map(|c| (b, c))).map(|(a, _)| a)
}

/// The Zeckendorf terms of `n`, largest first.
fn zeckendorf(mut n: u64) -> Vec<u64> {
    let fibs: Vec<u64> = fibonacci().collect();
    let mut terms = Vec::new();
    for &f in fibs.iter().rev() {
        if f <= n {
            terms.push(f);
            n -= f;
        }
    }
    terms
}

/// The smallest Zeckendorf term of `n` (`u64::MAX` for 0: nothing is left).
fn smallest_term(n: u64) -> u64 {
    zeckendorf(n).last().copied().unwrap_or(u64::MAX)
}

impl FibonacciNim {
    /// Whinihan's rule: the outcome for the player to move.
    pub fn outcome(p: FibonacciPosition) -> Outcome {
        if p.n > 0 && smallest_term(p.n) <= p.max_take.min(p.n) {
            Outcome::Win
        } else {
            Outcome::Lose
        }
    }

    /// Every winning move, as the position it leaves.
    ///
    /// Taking k wins when it leaves `r = n - k` with smallest term above `2k`. For a
    /// given smallest term F of r, r = F + s where s uses only terms >= the
    /// Fibonacci number two places above F, and k < F / 2 puts r within F / 2 below
    /// n; such s are spaced further apart than that, so the largest s <= n - 1 - F
    /// (n's terms above F, truncated) is the only candidate. So at most one move a
    /// Fibonacci number: about 90 candidates whatever the size of n.
    pub fn winning_moves(p: FibonacciPosition) -> Vec<FibonacciPosition> {
        let limit = p.max_take.min(p.n);
        let mut takes = Vec::new();
        if p.n > 0 && p.n <= limit {
            takes.push(p.n);
        }
        let fibs: Vec<u64> = fibonacci().collect();
        for (i, &f) in fibs.iter().enumerate() {
            let Some(x) = p.n.checked_sub(1).and_then(|x| x.checked_sub(f)) else {
                break;
            };
            let floor = fibs.get(i + 2).copied().unwrap_or(u64::MAX);
            let s: u64 = zeckendorf(x).into_iter().filter(|&t| t >= floor).sum();
            let k = p.n - (s + f);
            if k >= 1 && k <= limit && k.saturating_mul(2) < f && smallest_term(p.n - k) == f {
                takes.push(k);
            }
        }
        takes.sort_unstable();
        takes.dedup();
        takes
            .into_iter()
            .map(|k| FibonacciPosition {
                n: p.n - k,
                max_take: k.saturating_mul(2),
            })
            .collect()
    }
}

impl Game for FibonacciNim {
    type Position = FibonacciPosition;
    fn options(&self, p: &FibonacciPosition, out: &mut Vec<FibonacciPosition>) -> Result<(), GameError> {
        for k in 1..=p.max_take.min(p.n) {
            out.push(FibonacciPosition {
                n: p.n - k,
                max_take: k.saturating_mul(2),
            });
        }
        Ok(())
    }
}

impl Impartial for FibonacciNim {}

impl Codec for FibonacciPosition {
    fn encode(&self) -> DynPosition {
        DynPosition::Ints(vec![self.n as i64, self.max_take.min(i64::MAX as u64) as i64])
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        let ints = p.ints().ok_or("expected N or n,max_take")?;
        let number = |x: i64| u64::try_from(x).map_err(|_| format!("{x} is negative"));
        match *ints {
            [n] => Ok(FibonacciPosition {
                n: number(n)?,
                max_take: number(n)?.saturating_sub(1),
            }),
            [n, m] => Ok(FibonacciPosition {
                n: number(n)?,
                max_take: number(m)?,
            }),
            _ => Err(format!("expected N or n,max_take; got {} numbers", ints.len())),
        }
    }
}

impl Analyze for FibonacciNim {
    fn name(&self) -> String {
        "fibonacci".into()
    }
    fn impartial(&self) -> bool {
        true
    }
    fn nim_value(&self, p: &FibonacciPosition, limit: usize) -> Option<Result<u64, GameError>> {
        Some(searched_nim_value(self, p, limit))
    }
    fn option_count(&self, p: &FibonacciPosition) -> Option<u128> {
        Some(p.max_take.min(p.n) as u128)
    }
    fn search_size(&self, p: &FibonacciPosition) -> Option<u128> {
        // Positions (r, m) with r <= n and m <= 2n: at most (n + 1)(2n + 1).
        Some((p.n as u128 + 1) * (2 * p.n as u128 + 1))
    }
    /// Whinihan's rule without the winning moves: what `moves` asks of each option
    /// (a heap of 999 has 998 options, each too large to search).
    /// Moves a search lists: a position (r, m) has min(r, m) moves, so at most
    /// sum over r <= n, m <= 2n of min(r, m) = (S2 + S1)/2 + 2n·S1 - S2 with
    /// S1 = n(n+1)/2 and S2 = n(n+1)(2n+1)/6: about 5n³/6. Without it every option of
    /// a heap of 999 counted as a cheap search of its own.
    fn search_work(&self, p: &FibonacciPosition) -> Option<u128> {
        let n = p.n as u128;
        let work = || {
            let s1 = n.checked_mul(n + 1)? / 2;
            let s2 = s1.checked_mul(2 * n + 1)? / 3;
            ((s2 + s1) / 2)
                .checked_add((2 * n).checked_mul(s1)?)?
                .checked_sub(s2)
        };
        Some(work().unwrap_or(u128::MAX))
    }
    fn closed_outcome(&self, p: &FibonacciPosition, play: Play) -> Option<(Outcome, Option<u64>)> {
        (play == Play::Normal).then(|| (FibonacciNim::outcome(*p), None))
    }
    fn closed_form(&self, p: &FibonacciPosition, play: Play) -> Option<ClosedForm<FibonacciPosition>> {
        if play == Play::Misere {
            return None;
        }
        Some(ClosedForm {
            outcome: FibonacciNim::outcome(*p),
            remoteness: None,
            winning_moves: FibonacciNim::winning_moves(*p),
            winning_moves_note: None,
            rule: format!(
                "Whinihan: the smallest Zeckendorf term of {} is {}; the mover wins when it is at most {}",
                p.n,
                smallest_term(p.n),
                p.max_take.min(p.n)
            ),
        })
    }
}
