use crate::solve::Evaluation;
use crate::{Game, GameError, Impartial, Outcome};

/// Euclid's game: two non-negative integers; a move subtracts a positive multiple of
/// the smaller from the larger, leaving it non-negative. Whoever makes a zero wins,
/// so a position holding a zero is lost for the player to move.
///
/// The quotient rule decides it in O(log): with `b >= a > 0` and `q = b / a`, the
/// player to move wins if `b % a == 0` or `q >= 2` (the two moves to `(a, b % a + a)`
/// and `(b % a, a)` have opposite outcomes, since the first forces the second),
/// and otherwise has the single move to `(b - a, a)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Euclid;

/// Order a pair as (smaller, larger).
fn sorted(p: (u64, u64)) -> (u64, u64) {
    if p.0 <= p.1 {
        p
    } else {
        (p.1, p.0)
    }
}

impl Game for Euclid {
    type Position = (u64, u64);
    fn options(&self, &(x, y): &(u64, u64), out: &mut Vec<(u64, u64)>) -> Result<(), GameError> {
        let (a, b) = sorted((x, y));
        if a == 0 {
            return Ok(());
        }
        for k in 1..=b / a {
            let rest = b - k * a;
            // Keep the pair in the order it was given: the larger number shrinks.
            out.push(if x <= y { (a, rest) } else { (rest, a) });
        }
        Ok(())
    }
}

impl Impartial for Euclid {}

impl Euclid {
    /// Outcome and remoteness by the quotient rule, exact for all `u64` pairs.
    ///
    /// Walk the forced chain of quotient-1 steps to the first position where the
    /// player to move has a choice (`q >= 2`) or can make a zero; then unwind.
    pub fn evaluate(p: (u64, u64)) -> Evaluation {
        let (mut a, mut b) = sorted(p);
        if a == 0 {
            return Evaluation {
                outcome: Outcome::Lose,
                remoteness: 0,
            };
        }
        // Quotients along the continued fraction, until a zero remainder.
        let mut quotients = Vec::new();
        loop {
            let (q, r) = (b / a, b % a);
            quotients.push(q);
            if r == 0 {
                break;
            }
            (a, b) = (r, a);
        }
        // The last step makes a zero: a win in one move.
        let mut e = Evaluation {
            outcome: Outcome::Win,
            remoteness: 1,
        };
        for &q in quotients.iter().rev().skip(1) {
            // `e` is the evaluation of (r, a), the position after taking all q copies.
            e = if q == 1 {
                Evaluation {
                    outcome: e.outcome.flip(),
                    remoteness: e.remoteness + 1,
                }
            } else if e.outcome == Outcome::Lose {
                Evaluation {
                    outcome: Outcome::Win,
                    remoteness: e.remoteness + 1,
                }
            } else {
                // Leave (a, r + a): its only move hands the opponent's win back to us.
                Evaluation {
                    outcome: Outcome::Win,
                    remoteness: e.remoteness + 2,
                }
            };
        }
        e
    }

    /// Every winning move, keeping the pair's order. At most two options can win:
    /// to `(a, b % a + a)` and to `(b % a, a)`; every other option has quotient >= 2.
    pub fn winning_moves(p: (u64, u64)) -> Vec<(u64, u64)> {
        let (a, b) = sorted(p);
        if a == 0 {
            return Vec::new();
        }
        let r = b % a;
        let mut candidates = vec![r];
        if b / a >= 2 {
            candidates.push(r + a);
        }
        candidates
            .into_iter()
            .filter(|&rest| Self::evaluate((a, rest)).outcome == Outcome::Lose)
            .map(|rest| if p.0 <= p.1 { (a, rest) } else { (rest, a) })
            .collect()
    }
}
