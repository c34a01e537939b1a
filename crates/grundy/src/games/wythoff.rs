use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::Builtin;
use crate::dynamic::{searched_nim_value, Analyze, ClosedForm, Theory};
use crate::Play;
use crate::{Game, GameError, Impartial, Outcome};

/// Wythoff's game: two heaps; a move takes any positive number of tokens from one
/// heap, or the same positive number from both.
///
/// The losing positions are the pairs `(a_k, b_k)` (either order) with
/// `a_k = floor(k * phi)` and `b_k = a_k + k`, phi the golden ratio (Wythoff, 1907);
/// computed here with exact integer square roots, so it is right for every `u64`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wythoff;

impl Game for Wythoff {
    type Position = (u64, u64);
    fn options(&self, &(a, b): &(u64, u64), out: &mut Vec<(u64, u64)>) -> Result<(), GameError> {
        out.extend((0..a).map(|x| (x, b)));
        out.extend((0..b).map(|y| (a, y)));
        out.extend((1..=a.min(b)).map(|t| (a - t, b - t)));
        Ok(())
    }
}

impl Impartial for Wythoff {}

/// `floor(k * phi)`: since `k * sqrt(5)` is irrational for `k > 0`,
/// `floor((k + k sqrt 5) / 2) = floor((k + isqrt(5 k^2)) / 2)`.
fn lower(k: u64) -> u128 {
    let k = k as u128;
    (k + (5 * k * k).isqrt()) / 2
}

impl Wythoff {
    /// True when the player to move loses.
    pub fn is_losing((a, b): (u64, u64)) -> bool {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        lower(b - a) == a as u128
    }

    /// The outcome for the player to move.
    pub fn outcome(p: (u64, u64)) -> Outcome {
        if Self::is_losing(p) {
            Outcome::Lose
        } else {
            Outcome::Win
        }
    }

    /// The partner of `x` in the losing pair that contains it (every non-negative
    /// integer is in exactly one pair, as `a_k` or as `b_k`; 0 pairs with itself).
    pub fn partner(x: u64) -> u64 {
        // x = a_k for k near x / phi, or x = b_k for k near x / phi^2.
        let x128 = x as u128;
        let guess_a = ((5 * x128 * x128).isqrt() - x128) / 2; // about x / phi
        for k in guess_a.saturating_sub(2)..=guess_a + 2 {
            if k <= u64::MAX as u128 && lower(k as u64) == x128 {
                return (x128 + k) as u64;
            }
        }
        let guess_b = (3 * x128 - (5 * x128 * x128).isqrt()) / 2; // about x / phi^2
        for k in guess_b.saturating_sub(2)..=guess_b + 2 {
            if k <= u64::MAX as u128 && lower(k as u64) + k == x128 {
                return lower(k as u64) as u64;
            }
        }
        unreachable!("every integer is a_k or b_k for some k")
    }

    /// Every winning move, as the pair it leaves (order kept). At most three: to the
    /// partner of either heap, or along the diagonal to the losing pair of the same difference.
    pub fn winning_moves(p @ (a, b): (u64, u64)) -> Vec<(u64, u64)> {
        if Self::is_losing(p) {
            return Vec::new();
        }
        let mut out = Vec::new();
        let pb = Self::partner(a);
        if pb < b {
            out.push((a, pb));
        }
        let pa = Self::partner(b);
        if pa < a {
            out.push((pa, b));
        }
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        let low = lower(hi - lo) as u64;
        if low < lo {
            let t = lo - low;
            out.push((a - t, b - t));
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Wythoff's game.
pub(crate) const FAMILY: Family = Family {
    name: "wythoff",
    usage: "wythoff",
    summary: "two heaps; take from one heap, or the same from both",
    position: "a pair a,b",
    params: &[],
    example: Some(("wythoff", "4,7")),
    syntax: Syntax::None,
    shape: Shape::Pair,
    claims: None,
    build: |_| Ok(Box::new(Builtin::new(Wythoff))),
};

// The dynamic seam: what this family answers without search.
impl Analyze for Wythoff {
    fn theory(&self) -> Option<Theory> {
        Some(Theory::WythoffPairs)
    }
    fn option_count(&self, &(a, b): &(u64, u64)) -> Option<u128> {
        Some(a as u128 + b as u128 + a.min(b) as u128)
    }
    fn name(&self) -> String {
        "wythoff".into()
    }
    fn impartial(&self) -> bool {
        true
    }
    fn nim_value(&self, p: &(u64, u64), limit: usize) -> Option<Result<u64, GameError>> {
        Some(searched_nim_value(self, p, limit))
    }
    fn check(&self, &(a, b): &(u64, u64)) -> Result<(), String> {
        const MAX: u64 = (1 << 62) - 1;
        if a > MAX || b > MAX {
            return Err(format!("heaps must be at most {MAX}"));
        }
        Ok(())
    }
    fn search_size(&self, &(a, b): &(u64, u64)) -> Option<u128> {
        // Each of the (a+1)(b+1) positions has up to a+b+min(a,b) options.
        Some((a as u128 + 1) * (b as u128 + 1) * (a as u128 + b as u128 + 1) / 64)
    }
    fn closed_form(&self, p: &(u64, u64), play: Play) -> Option<ClosedForm<(u64, u64)>> {
        if play == Play::Misere {
            return None;
        }
        Some(ClosedForm {
            outcome: Wythoff::outcome(*p),
            remoteness: None,
            winning_moves: Wythoff::winning_moves(*p),
            winning_moves_note: None,
            rule: "Wythoff: the losing pairs are (floor(k*phi), floor(k*phi) + k)".into(),
        })
    }
}
