use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::Builtin;
use crate::dynamic::{searched_nim_value, Analyze, ClosedForm};
use crate::games::heap_components;
use crate::games::outcome_of;
use crate::Play;
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

/// The split game.
pub(crate) const FAMILY: Family = Family {
    name: "split",
    usage: "split",
    summary: "piles; split a pile of P into P/K piles of K and one of P%K",
    position: "piles",
    params: &[],
    example: Some(("split", "7,4")),
    syntax: Syntax::None,
    shape: Shape::SplittingHeaps,
    build: |_| Ok(Box::new(Builtin(Split))),
};

// The dynamic seam: what this family answers without search.
impl Analyze for Split {
    fn option_count(&self, p: &Vec<u64>) -> Option<u128> {
        Some(p.iter().map(|&h| h as u128).sum())
    }
    fn name(&self) -> String {
        "split".into()
    }
    fn impartial(&self) -> bool {
        true
    }
    fn nim_value(&self, p: &Vec<u64>, limit: usize) -> Option<Result<u64, GameError>> {
        Some(searched_nim_value(self, p, limit))
    }
    fn check(&self, p: &Vec<u64>) -> Result<(), String> {
        match p.iter().find(|&&h| h > SPLIT_LIMIT) {
            Some(h) => Err(format!("pile {h} is too large (at most {SPLIT_LIMIT})")),
            None => Ok(()),
        }
    }
    fn search_size(&self, p: &Vec<u64>) -> Option<u128> {
        // Piles only shrink: at most 2^(total chips) multisets, a loose but safe bound.
        let total = p.iter().fold(0u64, |t, &h| t.saturating_add(h));
        Some(if total >= 120 { u128::MAX } else { 1u128 << total })
    }
    fn closed_nim_value(&self, p: &Vec<u64>) -> Option<u64> {
        let max = p.iter().copied().max().unwrap_or(0);
        let g = Split::nim_values(max as usize);
        Some(p.iter().fold(0, |x, &h| x ^ g[h as usize]))
    }
    fn closed_form(&self, p: &Vec<u64>, play: Play) -> Option<ClosedForm<Vec<u64>>> {
        if play == Play::Misere {
            return None;
        }
        let max = p.iter().copied().max().unwrap_or(0);
        let g = Split::nim_values(max as usize);
        let x = p.iter().fold(0, |x, &h| x ^ g[h as usize]);
        let mut winning_moves = Vec::new();
        if x != 0 {
            let mut options = Vec::new();
            for (i, &pile) in p.iter().enumerate() {
                let target = x ^ g[pile as usize];
                for k in 1..pile {
                    let copies = if (pile / k) % 2 == 1 { g[k as usize] } else { 0 };
                    if copies ^ g[(pile % k) as usize] == target {
                        options.push((i, k));
                    }
                }
            }
            for (i, k) in options {
                let pile = p[i];
                let mut next = p[..i].to_vec();
                next.extend(std::iter::repeat_n(k, (pile / k) as usize));
                if !pile.is_multiple_of(k) {
                    next.push(pile % k);
                }
                next.extend_from_slice(&p[i + 1..]);
                winning_moves.push(next);
            }
        }
        Some(ClosedForm {
            outcome: outcome_of(x),
            remoteness: None,
            winning_moves,
            rule: format!("Sprague–Grundy: the nim-sum of the piles' values is {x}"),
        })
    }
    fn heap_nim_values(&self, from: u64, to: u64) -> Option<Result<Vec<u64>, GameError>> {
        if to > SPLIT_LIMIT {
            return Some(Err(GameError::Unsupported(format!(
                "--to {to} is too large (at most {SPLIT_LIMIT})"
            ))));
        }
        Some(Ok(Split::nim_values(to as usize)[from as usize..].to_vec()))
    }
}

/// Split-game tables are quadratic: piles up to this size.
const SPLIT_LIMIT: u64 = 100_000;
