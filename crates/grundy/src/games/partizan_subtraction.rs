//! Partizan subtraction games: heaps of tokens; Left takes from one heap a number
//! of tokens in her set, Right a number in his. Whoever cannot move loses.
//!
//! The game is `partizan-subtraction:L|R`, the two sets written like a game
//! `{L|R}`: `partizan-subtraction:1,2|1,3`. With equal sets it is the impartial
//! subtraction game, whose values are the nimbers of its nim-sequence.
//!
//! Heaps are components, and a heap's value depends only on the values of the
//! smaller heaps: they are computed from 0 up, with no recursion. A position holds
//! at most [`MAX_TOKENS`] tokens, since the outcome search recurses once a move.

use crate::catalogue::{Family, Kind, Param, Params, Shape, Syntax};
use crate::dynamic::{heap_word_moves, name_heap_move, read_heap_word, MoveWord};
use crate::games::join;
use crate::partizan::{from_partizan, GameId, Partizan, Side, ValueCache};
use crate::GameError;

/// The largest number in a subtraction set.
pub const MAX_TAKE: u64 = 10_000;

/// The most tokens a position holds, in all its heaps: a game lasts at most that
/// many moves, and the outcome search goes one call deeper a move.
pub const MAX_TOKENS: u64 = 1000;

/// The error for a position of more than [`MAX_TOKENS`] tokens.
fn check_tokens(p: &[u64]) -> Result<(), GameError> {
    let total = p.iter().fold(0u64, |t, &h| t.saturating_add(h));
    if total > MAX_TOKENS {
        return Err(GameError::Unsupported(format!(
            "the heaps hold {total} tokens; at most {MAX_TOKENS} are supported (a game may last as many moves)"
        )));
    }
    Ok(())
}

/// A partizan subtraction game: what each side may take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartizanSubtraction {
    left: Vec<u64>,
    right: Vec<u64>,
}

impl PartizanSubtraction {
    /// The game of these sets (any order; repeats ignored); the error says what
    /// is wrong with them.
    pub fn new(left: &[u64], right: &[u64]) -> Result<PartizanSubtraction, String> {
        let clean = |set: &[u64], who: &str| {
            let mut set = set.to_vec();
            set.sort_unstable();
            set.dedup();
            match (set.first(), set.last()) {
                (Some(0), _) => Err(format!("{who}'s set holds 0, which is no move")),
                (_, Some(&big)) if big > MAX_TAKE => Err(format!(
                    "{who}'s set holds {big}; at most {MAX_TAKE} tokens a move"
                )),
                _ => Ok(set),
            }
        };
        let (left, right) = (clean(left, "Left")?, clean(right, "Right")?);
        if left.is_empty() && right.is_empty() {
            return Err("both sets are empty: nobody could ever move".into());
        }
        Ok(PartizanSubtraction { left, right })
    }

    /// Read `L|R`: two lists of numbers separated by `|` (either may be empty).
    pub fn parse(text: &str) -> Result<PartizanSubtraction, String> {
        let (l, r) = text.split_once('|').ok_or_else(|| {
            format!("'{text}' is not two sets L|R (Left's and Right's takes, e.g. 1,2|1,3)")
        })?;
        let list = |s: &str| -> Result<Vec<u64>, String> {
            s.split(',')
                .map(str::trim)
                .filter(|x| !x.is_empty())
                .map(|x| {
                    x.parse()
                        .map_err(|_| format!("'{x}' in '{text}' is not a positive integer"))
                })
                .collect()
        };
        PartizanSubtraction::new(&list(l)?, &list(r)?)
    }

    /// The GAME text: `partizan-subtraction:1,2|1,3`.
    pub fn name(&self) -> String {
        format!("{}:{}|{}", FAMILY.name, join(&self.left), join(&self.right))
    }

    fn takes(&self, side: Side) -> &[u64] {
        match side {
            Side::Left => &self.left,
            Side::Right => &self.right,
        }
    }
}

impl Partizan for PartizanSubtraction {
    type Position = Vec<u64>;

    fn options(&self, p: &Vec<u64>, side: Side, out: &mut Vec<Vec<u64>>) -> Result<(), GameError> {
        check_tokens(p)?;
        for (i, &h) in p.iter().enumerate() {
            for &k in self.takes(side).iter().take_while(|&&k| k <= h) {
                let mut next = p.clone();
                next[i] = h - k;
                out.push(next);
            }
        }
        Ok(())
    }

    fn components(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.extend(p.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }

    fn symmetry_key(&self, p: &Vec<u64>) -> Vec<u64> {
        let mut heaps: Vec<u64> = p.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        heaps
    }

    fn read_move(&self, p: &Vec<u64>, side: Side, word: &str) -> MoveWord {
        let word = match read_heap_word(word) {
            None => return MoveWord::NotAWord,
            Some(Err(why)) => return MoveWord::Wrong(why),
            Some(Ok(w)) => w,
        };
        let mut options = Vec::new();
        if self.options(p, side, &mut options).is_err() {
            return MoveWord::NotAWord;
        }
        heap_word_moves(p, &word, &options)
    }

    fn name_move(&self, from: &Vec<u64>, to: &Vec<u64>, _side: Side) -> Option<String> {
        name_heap_move(from, to)
    }

    fn search_size(&self, p: &Vec<u64>) -> Option<u128> {
        Some(super::heap_product(p).saturating_mul(2))
    }

    fn size(&self, p: &Vec<u64>) -> Option<usize> {
        Some(
            p.iter()
                .map(|&h| usize::try_from(h).unwrap_or(usize::MAX))
                .fold(0, usize::saturating_add),
        )
    }

    fn value(&self, p: &Vec<u64>, cache: &mut ValueCache<Vec<u64>>) -> Result<GameId, GameError> {
        check_tokens(p)?;
        let mut total = cache.universe.zero();
        for h in self.symmetry_key(p) {
            let v = self.heap_value(h, cache)?;
            total = cache.universe.add(total, v);
            cache.check_work()?;
        }
        Ok(total)
    }
}

impl PartizanSubtraction {
    /// The value of one heap, after those of every smaller heap not yet known.
    fn heap_value(&self, heap: u64, cache: &mut ValueCache<Vec<u64>>) -> Result<GameId, GameError> {
        cache.step()?;
        if let Some(v) = cache.get(&vec![heap]) {
            return Ok(v);
        }
        let known = |cache: &ValueCache<Vec<u64>>, h: u64| {
            if h == 0 {
                Some(cache.universe.zero())
            } else {
                cache.get(&vec![h])
            }
        };
        let mut v = cache.universe.zero();
        for h in 1..=heap {
            if let Some(memo) = cache.get(&vec![h]) {
                v = memo;
                continue;
            }
            cache.charge()?;
            let mut sides = [Vec::new(), Vec::new()];
            for (i, side) in [Side::Left, Side::Right].into_iter().enumerate() {
                for &k in self.takes(side).iter().take_while(|&&k| k <= h) {
                    // Computed in this loop or before it: never missing.
                    let option = known(cache, h - k).ok_or_else(|| cache_lost(h - k))?;
                    sides[i].push(option);
                }
            }
            v = cache.universe.construct(&sides[0], &sides[1]);
            cache.check_work()?;
            cache.insert(vec![h], v);
        }
        Ok(v)
    }
}

/// A smaller heap's value that should have been memoized was not (the memo keeps
/// nothing once the universe's work ran out, which `check_work` reports first).
fn cache_lost(h: u64) -> GameError {
    GameError::Unsupported(format!("the value of a heap of {h} was not kept"))
}

fn build(params: &Params) -> Result<Box<dyn crate::dynamic::DynGame>, GameError> {
    let text = params.text("sets").unwrap_or("");
    let game = PartizanSubtraction::parse(text).map_err(|m| GameError::parameter(FAMILY.name, m))?;
    Ok(from_partizan(game.name(), game))
}

pub(crate) const FAMILY: Family = Family {
    name: "partizan-subtraction",
    usage: "partizan-subtraction:L1,L2,...|R1,R2,...",
    summary: "take from one heap a number in your own set: Left's set before '|', Right's after (partizan; canonical values)",
    position: "heaps, e.g. 10 or 3,4,5",
    params: &[Param {
        key: "sets",
        kind: Kind::Text,
        default: None,
        help: "Left's takes, '|', Right's takes, e.g. 1,2|1,3",
    }],
    example: Some(("partizan-subtraction:1,2|1,3", "7,4")),
    syntax: Syntax::Bare,
    shape: Shape::Other,
    claims: None,
    build,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_are_read_and_checked() {
        let g = PartizanSubtraction::parse("3,1,1|").unwrap();
        assert_eq!(g.name(), "partizan-subtraction:1,3|");
        assert!(PartizanSubtraction::parse("1,2")
            .unwrap_err()
            .contains("two sets"));
        assert!(PartizanSubtraction::parse("0|1")
            .unwrap_err()
            .contains("Left's set holds 0"));
        assert!(PartizanSubtraction::parse("1|x").unwrap_err().contains("'x'"));
        assert!(PartizanSubtraction::parse("|")
            .unwrap_err()
            .contains("both sets are empty"));
        assert!(PartizanSubtraction::parse("1|10001")
            .unwrap_err()
            .contains("10001"));
    }

    #[test]
    fn each_side_takes_from_its_own_set() {
        let g = PartizanSubtraction::parse("1,2|3").unwrap();
        let mut out = Vec::new();
        g.options(&vec![2, 4], Side::Left, &mut out).unwrap();
        assert_eq!(out, [vec![1, 4], vec![0, 4], vec![2, 3], vec![2, 2]]);
        out.clear();
        g.options(&vec![2, 4], Side::Right, &mut out).unwrap();
        assert_eq!(out, [vec![2, 1]]);
    }
}
