use crate::games::heap_components;
use crate::{Game, GameError, Impartial};

/// The split game: a move picks a pile of `P` chips and an integer `1 <= K < P`, and
/// splits the pile into `P / K` piles of `K` plus one pile of `P % K` (if not zero).
/// A player who cannot move (every pile has one chip) loses.
///
/// The option's nim-value is `G(K)` XORed `P / K` times (so `G(K)` if the count is
/// odd, else 0), XOR `G(P % K)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Split;

impl Game for Split {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> Result<(), GameError> {
        for (i, &pile) in p.iter().enumerate() {
            for k in 1..pile {
                let mut next = Vec::with_capacity(p.len() + (pile / k) as usize);
                next.extend_from_slice(&p[..i]);
                next.extend(std::iter::repeat_n(k, (pile / k) as usize));
                if pile % k != 0 {
                    next.push(pile % k);
                }
                next.extend_from_slice(&p[i + 1..]);
                out.push(next);
            }
        }
        Ok(())
    }
}

impl Impartial for Split {
    fn components(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        // A pile of one chip (or none) has no move and nim-value 0.
        heap_components(p, out);
        out.retain(|c| c[0] > 1);
    }
}

impl Split {
    /// Nim-values of piles `0..=n`: O(n^2) with a bitset mex.
    ///
    /// A pile of `p` has `p - 1` options, so its value is below `p`: the bitset
    /// needs `p / 64 + 1` words, cleared per pile, never grown.
    pub fn nim_values(n: usize) -> Vec<u64> {
        let mut g: Vec<u32> = vec![0; n + 1];
        let mut seen: Vec<u64> = vec![0; n / 64 + 1];
        for p in 2..=n {
            let words = p / 64 + 1;
            seen[..words].fill(0);
            for k in 1..p {
                let copies = if (p / k) % 2 == 1 { g[k] } else { 0 };
                let v = (copies ^ g[p % k]) as usize;
                // XOR of two values below p can reach 2p; such values cannot be the mex.
                if v < p {
                    seen[v / 64] |= 1 << (v % 64);
                }
            }
            let word = seen[..words]
                .iter()
                .position(|w| *w != u64::MAX)
                .unwrap_or(words - 1);
            g[p] = (word * 64) as u32 + seen[word].trailing_ones();
        }
        g.into_iter().map(u64::from).collect()
    }
}
