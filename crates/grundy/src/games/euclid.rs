use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::Builtin;
use crate::dynamic::{searched_nim_value, Analyze, ClosedForm, Theory};
use crate::solve::Evaluation;
use crate::Play;
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
    /// The outcome alone, by the quotient rule: walk the forced quotient-1 steps
    /// until the player to move can make a zero or has a choice (quotient >= 2).
    pub fn outcome(p: (u64, u64)) -> Outcome {
        let (mut a, mut b) = sorted(p);
        if a == 0 {
            return Outcome::Lose;
        }
        let mut mover_wins = true;
        while b % a != 0 && b / a == 1 {
            (a, b) = (b - a, a);
            mover_wins = !mover_wins;
        }
        if mover_wins {
            Outcome::Win
        } else {
            Outcome::Lose
        }
    }

    /// Outcome and remoteness by the quotient rule, exact for all `u64` pairs.
    ///
    /// Each step of the continued fraction maps the evaluation of the next position
    /// `(b % a, a)` to that of `(a, b)`: with quotient 1 the outcome flips and one
    /// move is added; with quotient >= 2 the player wins, in one more move if the
    /// next position is lost, else in two (via `(a, b % a + a)`, which forces it).
    /// Those maps are "shift by an amount that depends on the outcome", a form that
    /// composes, so the walk runs forward with no stack.
    pub fn evaluate(p: (u64, u64)) -> Evaluation {
        let (mut a, mut b) = sorted(p);
        if a == 0 {
            return Evaluation {
                outcome: Outcome::Lose,
                remoteness: Some(0),
            };
        }
        // The composed map so far, as its value on a next position that is won
        // (`on_win`) or lost (`on_loss`): (resulting outcome, moves added).
        let mut on_win = (Outcome::Win, 0u64);
        let mut on_loss = (Outcome::Lose, 0u64);
        let apply = |(o, r): (Outcome, u64), f: ((Outcome, u64), (Outcome, u64))| {
            let (oo, add) = if o == Outcome::Win { f.0 } else { f.1 };
            (oo, r + add)
        };
        loop {
            let (q, r) = (b / a, b % a);
            if r == 0 {
                // Taking every copy makes a zero: a win in one move.
                let (o, rem) = apply((Outcome::Win, 1), (on_win, on_loss));
                return Evaluation {
                    outcome: o,
                    remoteness: Some(rem),
                };
            }
            let step_win = if q == 1 {
                (Outcome::Lose, 1)
            } else {
                (Outcome::Win, 2)
            };
            let step_loss = (Outcome::Win, 1);
            let composed = (on_win, on_loss);
            on_win = apply(step_win, composed);
            on_loss = apply(step_loss, composed);
            (a, b) = (r, a);
        }
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

/// Euclid's game.
pub(crate) const FAMILY: Family = Family {
    name: "euclid",
    usage: "euclid",
    summary: "a pair; subtract a multiple of the smaller from the larger; making 0 wins",
    position: "a pair a,b",
    params: &[],
    example: Some(("euclid", "25,7")),
    syntax: Syntax::None,
    shape: Shape::Pair,
    claims: None,
    build: |_| Ok(Box::new(Builtin::new(Euclid))),
};

// The dynamic seam: what this family answers without search.
impl Analyze for Euclid {
    fn theory(&self) -> Option<Theory> {
        Some(Theory::EuclidQuotient)
    }
    fn option_count(&self, &(a, b): &(u64, u64)) -> Option<u128> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        Some(b.checked_div(a).unwrap_or(0) as u128)
    }
    fn name(&self) -> String {
        "euclid".into()
    }
    fn impartial(&self) -> bool {
        true
    }
    fn nim_value(&self, p: &(u64, u64), limit: usize) -> Option<Result<u64, GameError>> {
        Some(searched_nim_value(self, p, limit))
    }
    fn check(&self, &(a, b): &(u64, u64)) -> Result<(), String> {
        if a == 0 && b == 0 {
            return Err("at least one number must be positive".into());
        }
        if a > i64::MAX as u64 || b > i64::MAX as u64 {
            return Err(format!("numbers must be at most {}", i64::MAX));
        }
        Ok(())
    }
    fn search_size(&self, &(a, b): &(u64, u64)) -> Option<u128> {
        // Reachable positions: about the sum of the quotients along the chain, squared
        // by the options of each; the product bounds the work of a search.
        let (mut a, mut b) = if a <= b { (a, b) } else { (b, a) };
        let mut total: u128 = 1;
        while a > 0 {
            total = total.saturating_add((b / a) as u128 * (b / a) as u128);
            (a, b) = (b % a, a);
        }
        Some(total)
    }
    fn closed_form(&self, p: &(u64, u64), play: Play) -> Option<ClosedForm<(u64, u64)>> {
        if play == Play::Misere {
            return None;
        }
        let e = Euclid::evaluate(*p);
        Some(ClosedForm {
            outcome: e.outcome,
            remoteness: e.remoteness,
            winning_moves: Euclid::winning_moves(*p),
            winning_moves_note: None,
            rule: "quotient rule: a quotient >= 2 (or an exact division) wins; quotient 1 forces the move"
                .into(),
        })
    }
}
