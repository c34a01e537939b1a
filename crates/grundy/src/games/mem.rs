//! Mem (CGSuite's `game.heap.Mem`, an instance of its `GenMem`): heaps of tokens,
//! each with a memory. A move takes from one heap at least as many tokens as were
//! last taken from that heap (at least one), and that number becomes the heap's
//! memory. Taking the last token wins.
//!
//! A heap `n` with memory `k` is lost for the player to move exactly when `k > n`
//! (no move; taking all of it is otherwise a winning move), so a heap alone is
//! trivial and Mem lives in sums: its nim-values `G(n, k)` are computed exactly,
//! all of them up to the largest heap at once, and a sum's is their XOR.

use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::{
    heap_word_moves, name_heap_move, read_heap_word, Analyze, Builtin, ClosedForm, Codec, DynPosition,
    MoveWord,
};
use std::sync::{Arc, Mutex};

use crate::games::outcome_of;
use crate::{Game, GameError, Impartial, Outcome, Play};

/// The largest heap: the nim-values of all heaps and memories up to it are a table
/// of (n + 1)² / 2 entries, computed in O(n²).
pub const MAX_HEAP: u64 = 2000;

/// Mem. Clones share the table of nim-values computed so far.
#[derive(Clone, Debug, Default)]
pub struct Mem {
    table: Arc<Mutex<Vec<Vec<u32>>>>,
}

/// Heaps, each `(tokens, memory)`: a move on it takes at least `memory` tokens
/// (and at least one).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemPosition(pub Vec<(u64, u64)>);

impl MemPosition {
    fn heaps(&self) -> Vec<u64> {
        self.0.iter().map(|&(n, _)| n).collect()
    }
}

/// Extends `table` of nim-values to every heap `n <= max`: row `n` holds
/// `G(n, 0..=n)` (a memory above the heap leaves no move: 0).
///
/// `G(n, k)` is the mex of `G(n - a, a)` over `a` from `max(k, 1)` to `n`: as `k`
/// falls, one option joins the set, so each row is one sweep with a rising mex,
/// and uses only the rows before it.
fn extend_table(table: &mut Vec<Vec<u32>>, max: u64) {
    let max = max as usize;
    while table.len() <= max {
        let n = table.len();
        let mut row = vec![0u32; n + 1];
        let mut seen = vec![false; n + 2];
        let mut mex = 0;
        for k in (1..=n).rev() {
            let rest = n - k;
            let option = if k > rest { 0 } else { table[rest][k] as usize };
            seen[option] = true;
            while seen[mex] {
                mex += 1;
            }
            row[k] = mex as u32;
        }
        if n > 0 {
            row[0] = row[1];
        }
        table.push(row);
    }
}

/// A heap's nim-value, from a table that reaches it.
fn heap_value(table: &[Vec<u32>], (n, k): (u64, u64)) -> u64 {
    if k > n {
        0
    } else {
        u64::from(table[n as usize][k as usize])
    }
}

impl Mem {
    /// `f` of the table of nim-values, extended to the heaps of `p` first; the
    /// error for a heap above [`MAX_HEAP`].
    fn with_table<R>(&self, p: &MemPosition, f: impl FnOnce(&[Vec<u32>]) -> R) -> Result<R, GameError> {
        let max = p.0.iter().map(|&(n, _)| n).max().unwrap_or(0);
        if max > MAX_HEAP {
            return Err(GameError::Unsupported(too_large(max)));
        }
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        extend_table(&mut table, max);
        Ok(f(&table))
    }

    /// The nim-value of each heap of `p`.
    pub fn heap_values(&self, p: &MemPosition) -> Result<Vec<u64>, GameError> {
        self.with_table(p, |t| p.0.iter().map(|&h| heap_value(t, h)).collect())
    }

    fn nim_sum(&self, p: &MemPosition) -> Result<u64, GameError> {
        Ok(self.heap_values(p)?.into_iter().fold(0, |x, v| x ^ v))
    }
}

fn too_large(n: u64) -> String {
    format!("a heap of {n} is too large; heaps are at most {MAX_HEAP}")
}

impl Game for Mem {
    type Position = MemPosition;
    fn options(&self, p: &MemPosition, out: &mut Vec<MemPosition>) -> Result<(), GameError> {
        for (i, &(n, k)) in p.0.iter().enumerate() {
            for a in k.max(1)..=n {
                let mut next = p.0.clone();
                next[i] = (n - a, a);
                out.push(MemPosition(next));
            }
        }
        Ok(())
    }
}

impl Impartial for Mem {}

impl Codec for MemPosition {
    fn encode(&self) -> DynPosition {
        if self.0.iter().all(|&(_, k)| k == 0) {
            return DynPosition::Ints(
                self.0
                    .iter()
                    .map(|&(n, _)| n.min(i64::MAX as u64) as i64)
                    .collect(),
            );
        }
        let heaps: Vec<String> = self
            .0
            .iter()
            .map(|&(n, k)| if k == 0 { n.to_string() } else { format!("{n}:{k}") })
            .collect();
        DynPosition::Text(heaps.join(","))
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        match p {
            DynPosition::Ints(v) => v
                .iter()
                .map(|&n| {
                    u64::try_from(n)
                        .map(|n| (n, 0))
                        .map_err(|_| format!("heap {n} is negative"))
                })
                .collect::<Result<_, _>>()
                .map(MemPosition),
            DynPosition::Text(t) => t
                .split(',')
                .map(|heap| {
                    let heap = heap.trim();
                    let number = |s: &str| {
                        s.trim()
                            .parse::<u64>()
                            .map_err(|_| format!("'{}' in '{heap}' is not a non-negative integer", s.trim()))
                    };
                    match heap.split_once(':') {
                        Some((n, k)) => Ok((number(n)?, number(k)?)),
                        None => Ok((number(heap)?, 0)),
                    }
                })
                .collect::<Result<_, _>>()
                .map(MemPosition),
        }
    }
}

impl Analyze for Mem {
    fn name(&self) -> String {
        "mem".into()
    }
    fn check(&self, p: &MemPosition) -> Result<(), String> {
        match p.0.iter().find(|&&(n, _)| n > MAX_HEAP) {
            Some(&(n, _)) => Err(too_large(n)),
            None => Ok(()),
        }
    }
    fn impartial(&self) -> bool {
        true
    }
    fn nim_value(&self, p: &MemPosition, _limit: usize) -> Option<Result<u64, GameError>> {
        Some(self.nim_sum(p))
    }
    fn closed_nim_value(&self, p: &MemPosition) -> Option<u64> {
        self.nim_sum(p).ok()
    }
    fn option_count(&self, p: &MemPosition) -> Option<u128> {
        Some(
            p.0.iter()
                .map(|&(n, k)| u128::from((n + 1).saturating_sub(k.max(1))))
                .sum(),
        )
    }
    /// A heap `n` reaches at most (n + 1)² states (tokens, memory); a sum their product.
    fn search_size(&self, p: &MemPosition) -> Option<u128> {
        Some(p.0.iter().fold(1u128, |acc, &(n, _)| {
            acc.saturating_mul((u128::from(n) + 1).saturating_mul(u128::from(n) + 1))
        }))
    }
    /// Heaps with no move left (memory above the tokens) drop out; the order of
    /// heaps does not matter.
    fn canonical(&self, p: &MemPosition) -> Option<MemPosition> {
        let mut heaps: Vec<(u64, u64)> = p.0.iter().copied().filter(|&(n, k)| n > 0 && k <= n).collect();
        heaps.sort_unstable();
        Some(MemPosition(heaps))
    }
    fn closed_outcome(&self, p: &MemPosition, play: Play) -> Option<(Outcome, Option<u64>)> {
        let sum = self.nim_sum(p).ok()?;
        (play == Play::Normal).then(|| (outcome_of(sum), None))
    }
    fn closed_form(&self, p: &MemPosition, play: Play) -> Option<ClosedForm<MemPosition>> {
        if play == Play::Misere {
            return None;
        }
        let values = self.heap_values(p).ok()?;
        let sum = values.iter().fold(0, |x, v| x ^ v);
        let mut winning_moves = Vec::new();
        if sum != 0 {
            // A move changes one heap: the sum after it is the sum with that
            // heap's value replaced.
            self.with_table(p, |t| {
                for (i, &(n, k)) in p.0.iter().enumerate() {
                    for a in k.max(1)..=n {
                        if sum ^ values[i] ^ heap_value(t, (n - a, a)) == 0 {
                            let mut next = p.0.clone();
                            next[i] = (n - a, a);
                            winning_moves.push(MemPosition(next));
                        }
                    }
                }
            })
            .ok()?;
        }
        let listed: Vec<String> = values.iter().map(u64::to_string).collect();
        Some(ClosedForm {
            outcome: outcome_of(sum),
            remoteness: None,
            winning_moves,
            winning_moves_note: None,
            rule: format!(
                "the heaps' nim-values G(tokens, memory) are {}, nim-sum {sum}",
                listed.join(", ")
            ),
        })
    }
    fn read_move(&self, p: &MemPosition, word: &str) -> MoveWord {
        let word = match read_heap_word(word) {
            None => return MoveWord::NotAWord,
            Some(Err(why)) => return MoveWord::Wrong(why),
            Some(Ok(w)) => w,
        };
        let mut options = Vec::new();
        if self.options(p, &mut options).is_err() {
            return MoveWord::NotAWord;
        }
        // Heap words name the heaps a move leaves; each option leaves other heaps.
        let heaps: Vec<Vec<u64>> = options.iter().map(MemPosition::heaps).collect();
        match heap_word_moves(&p.heaps(), &word, &heaps) {
            MoveWord::Moves(found) => MoveWord::Moves(
                found
                    .iter()
                    .filter_map(|f| {
                        let ints = f.ints()?;
                        heaps
                            .iter()
                            .position(|h| h.iter().map(|&x| x as i64).eq(ints.iter().copied()))
                    })
                    .map(|i| options[i].encode())
                    .collect(),
            ),
            other => other,
        }
    }
    fn name_move(&self, from: &MemPosition, to: &MemPosition) -> Option<String> {
        name_heap_move(&from.heaps(), &to.heaps())
    }
}

pub(crate) const FAMILY: Family = Family {
    name: "mem",
    usage: "mem",
    summary:
        "Mem: take from one heap at least as many tokens as were last taken from it; the last token wins",
    position: "heaps, e.g. 7,5, each with its memory as tokens:memory, e.g. 7:2,5",
    params: &[],
    example: Some(("mem", "7:2,5,4:1")),
    syntax: Syntax::None,
    shape: Shape::Other,
    claims: None,
    build: |_| Ok(Box::new(Builtin::new(Mem::default()))),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_bounds_the_take() {
        let mut out = Vec::new();
        Mem::default()
            .options(&MemPosition(vec![(5, 2)]), &mut out)
            .unwrap();
        let texts: Vec<String> = out.iter().map(|q| q.encode().to_string()).collect();
        assert_eq!(texts, ["3:2", "2:3", "1:4", "0:5"]);
        let p = MemPosition::decode(&DynPosition::parse("7:2,5").unwrap()).unwrap();
        assert_eq!(p, MemPosition(vec![(7, 2), (5, 0)]));
        assert!(MemPosition::decode(&DynPosition::parse("7:x").unwrap())
            .unwrap_err()
            .contains("'x'"));
    }

    /// Plain mex recursion over the rule, memoized.
    fn brute(n: u64, k: u64, memo: &mut std::collections::HashMap<(u64, u64), u64>) -> u64 {
        if let Some(&v) = memo.get(&(n, k)) {
            return v;
        }
        let options: Vec<u64> = (k.max(1)..=n).map(|a| brute(n - a, a, memo)).collect();
        let v = (0..).find(|x| !options.contains(x)).unwrap();
        memo.insert((n, k), v);
        v
    }

    #[test]
    fn the_table_is_the_mex_recursion() {
        let mut memo = std::collections::HashMap::new();
        let mem = Mem::default();
        for n in 0..=40 {
            for k in 0..=n + 1 {
                let p = MemPosition(vec![(n, k)]);
                assert_eq!(mem.heap_values(&p).unwrap(), [brute(n, k, &mut memo)], "{n}:{k}");
            }
        }
        let e = mem
            .heap_values(&MemPosition(vec![(MAX_HEAP + 1, 0)]))
            .unwrap_err();
        assert!(e.to_string().contains("too large"), "{e}");
    }
}
