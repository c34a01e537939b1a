use crate::games::{heap_components, sum_options};
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
        let big = heaps.iter().filter(|&&h| h > 1).count();
        let mut out = Vec::new();
        let with = |i: usize, v: u64| {
            let mut next = heaps.to_vec();
            next[i] = v;
            next
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
                        out.push(with(i, v));
                    }
                }
            }
            return out;
        }
        let x = Self::nim_value(heaps);
        if x != 0 {
            for (i, &h) in heaps.iter().enumerate() {
                if h ^ x < h {
                    out.push(with(i, h ^ x));
                }
            }
        }
        out
    }
}
