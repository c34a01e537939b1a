use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::Builtin;
use crate::dynamic::{Analyze, ClosedForm};
use crate::games::{heap_components, sum_options};
use crate::games::{heap_product, listed_moves, outcome_of, unlisted_note};
use crate::Play;
use crate::{Game, GameError, Impartial, Outcome};

/// Nim: heaps of tokens; a move takes any positive number of tokens from one heap.
///
/// The nim-value of a position is the XOR of the heaps (Bouton). Under misère play
/// the player to move wins exactly when some heap has two or more tokens and the
/// XOR is not zero, or every heap has at most one token and their number is even.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl Game for Nim {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> Result<(), GameError> {
        sum_options(p, out, |h, emit| (0..h).for_each(|k| emit(&[k])));
        Ok(())
    }
}

impl Impartial for Nim {
    fn components(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        heap_components(p, out)
    }
}

impl Nim {
    /// The nim-value: XOR of the heap sizes.
    pub fn nim_value(heaps: &[u64]) -> u64 {
        heaps.iter().fold(0, |x, h| x ^ h)
    }

    /// The outcome for the player to move under misère play.
    pub fn misere_outcome(heaps: &[u64]) -> Outcome {
        if heaps.iter().any(|&h| h > 1) {
            if Self::nim_value(heaps) != 0 {
                Outcome::Win
            } else {
                Outcome::Lose
            }
        } else if heaps.iter().filter(|&&h| h == 1).count() % 2 == 0 {
            Outcome::Win
        } else {
            Outcome::Lose
        }
    }

    /// Every winning move, as the position it leaves (heap order kept).
    pub fn winning_moves(heaps: &[u64], misere: bool) -> Vec<Vec<u64>> {
        Self::winning_moves_upto(heaps, misere, usize::MAX).0
    }

    /// The first `limit` winning moves, and how many there are in all (counted
    /// without building the rest: each is a copy of the whole position).
    pub fn winning_moves_upto(heaps: &[u64], misere: bool, limit: usize) -> (Vec<Vec<u64>>, usize) {
        let big = heaps.iter().filter(|&&h| h > 1).count();
        let mut out = Vec::new();
        let mut total = 0;
        let mut push = |i: usize, v: u64| {
            total += 1;
            if out.len() < limit {
                let mut next = heaps.to_vec();
                next[i] = v;
                out.push(next);
            }
        };
        if misere && big <= 1 {
            // Leave an odd number of one-token heaps and nothing larger.
            let ones = heaps.iter().filter(|&&h| h == 1).count();
            for (i, &h) in heaps.iter().enumerate() {
                if big == 1 && h < 2 {
                    continue; // the big heap must go, or the opponent gets the one-big-heap win
                }
                let ones_elsewhere = ones - usize::from(h == 1);
                for v in 0..h.min(2) {
                    if (ones_elsewhere + v as usize) % 2 == 1 {
                        push(i, v);
                    }
                }
            }
        } else {
            let x = Self::nim_value(heaps);
            if x != 0 {
                for (i, &h) in heaps.iter().enumerate() {
                    if h ^ x < h {
                        push(i, h ^ x);
                    }
                }
            }
        }
        (out, total)
    }
}

/// Nim: take any number of tokens from one heap.
pub(crate) const FAMILY: Family = Family {
    name: "nim",
    usage: "nim",
    summary: "heaps; take any number from one heap",
    position: "heaps: 3,4,5",
    params: &[],
    example: Some(("nim", "3,4,5")),
    syntax: Syntax::None,
    shape: Shape::Heaps,
    claims: None,
    build: |_| Ok(Box::new(Builtin::new(Nim))),
};

// The dynamic seam: what this family answers without search.
impl Analyze for Nim {
    fn option_count(&self, p: &Vec<u64>) -> Option<u128> {
        Some(p.iter().map(|&h| h as u128).sum())
    }
    fn name(&self) -> String {
        "nim".into()
    }
    fn read_move(&self, p: &Vec<u64>, word: &str) -> crate::dynamic::MoveWord {
        crate::games::read_heap_move(self, p, word)
    }
    fn name_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> Option<String> {
        crate::dynamic::name_heap_move(from, to)
    }
    fn impartial(&self) -> bool {
        true
    }
    fn nim_value(&self, p: &Vec<u64>, _limit: usize) -> Option<Result<u64, GameError>> {
        Some(Ok(Nim::nim_value(p)))
    }
    fn closed_nim_value(&self, p: &Vec<u64>) -> Option<u64> {
        Some(Nim::nim_value(p))
    }
    fn closed_outcome(&self, p: &Vec<u64>, play: Play) -> Option<(Outcome, Option<u64>)> {
        let outcome = match play {
            Play::Normal => outcome_of(Nim::nim_value(p)),
            Play::Misere => Nim::misere_outcome(p),
        };
        // No heap: the game is over. One heap in normal play: take it all. Other
        // remoteness needs the search, which `moves` shares out among the options.
        let remoteness = match (play, p.iter().filter(|&&h| h > 0).count()) {
            (_, 0) => Some(0),
            (Play::Normal, 1) => Some(1),
            _ => None,
        };
        Some((outcome, remoteness))
    }
    fn search_size(&self, p: &Vec<u64>) -> Option<u128> {
        Some(heap_product(p))
    }
    fn closed_form(&self, p: &Vec<u64>, play: Play) -> Option<ClosedForm<Vec<u64>>> {
        let (outcome, rule) = match play {
            Play::Normal => (
                outcome_of(Nim::nim_value(p)),
                format!("Bouton: the nim-sum (XOR) of the heaps is {}", Nim::nim_value(p)),
            ),
            Play::Misere => (
                Nim::misere_outcome(p),
                "misère Nim: play as in normal Nim until every heap would be at most 1, then leave an odd number of 1s".into(),
            ),
        };
        let (winning_moves, total) = Nim::winning_moves_upto(p, play == Play::Misere, listed_moves(p.len()));
        let winning_moves_note =
            (total > winning_moves.len()).then(|| unlisted_note(winning_moves.len(), p.len()));
        Some(ClosedForm {
            outcome,
            remoteness: None,
            winning_moves,
            winning_moves_note,
            rule,
        })
    }
    fn heap_nim_values(&self, from: u64, to: u64) -> Option<Result<Vec<u64>, GameError>> {
        Some(Ok((from..=to).collect()))
    }
    /// Nim is the heap game `0.(3)`: `period`, `quotient` and `values --out`
    /// take its nim-sequence from its period below.
    fn heap_rules(&self) -> Option<grundy_octal::HeapRules> {
        Some(grundy_octal::HeapRules::nim())
    }
    fn period(&self) -> Option<Result<Option<grundy_octal::Period>, GameError>> {
        let identity = grundy_octal::Periodic::new(0, 1, 1, vec![0]).expect("one value for a period of 1");
        Some(Ok(Some(grundy_octal::Period::proved(
            identity,
            0,
            "G(n) = n, a theorem: a heap of n has the heaps 0 .. n-1 as options, whose values are \
             0 .. n-1 (by induction), so its mex is n"
                .into(),
        ))))
    }
}
