//! Subtraction games: a move takes `s` tokens from one heap, for some `s` in a
//! finite set S of positive integers. The game is a [`HeapGame`]; what is
//! specific to the family is its single-heap remoteness rule.

use grundy_octal::{HeapRules, Periodic};

use crate::catalogue::{Family, Kind, Param, Params, Shape, Syntax};
use crate::dynamic::{Builtin, DynGame};
use crate::games::heap::HeapGame;
use crate::games::join;
use crate::GameError;

/// Subtraction games. `Subtraction::new(&[1, 3, 4])` builds the [`HeapGame`].
///
/// The nim-value at `n` depends only on the `max(S)` values before it, so once a
/// window of `max(S)` consecutive values repeats, the sequence is periodic from
/// there on (the engine proves it: [`HeapGame::proved_period`]). The remoteness of
/// a single heap then grows arithmetically: [`HeapGame::remoteness_rule`].
#[derive(Clone, Copy, Debug)]
pub struct Subtraction;

/// The largest subtraction set element supported: a window of this many values is
/// kept in memory.
pub const MAX_SUBTRACT: u64 = 1 << 20;

/// How far the remoteness tables go looking for the arithmetic rule.
const REMOTENESS_SEARCH: u64 = 10_000_000;

impl Subtraction {
    /// The subtraction game with the set `set` (any order, repeats ignored).
    #[allow(clippy::new_ret_no_self)]
    pub fn new(set: &[u64]) -> Result<HeapGame, GameError> {
        let mut set = set.to_vec();
        set.sort_unstable();
        set.dedup();
        if set.is_empty() {
            return Err(GameError::parameter(
                "subtraction",
                "the subtraction set is empty",
            ));
        }
        if set[0] == 0 {
            return Err(GameError::parameter(
                "subtraction",
                "0 is not a move: every element must be positive",
            ));
        }
        if set.len() > 255 {
            return Err(GameError::parameter(
                "subtraction",
                format!("{} moves: at most 255 distinct moves are supported", set.len()),
            ));
        }
        if *set.last().unwrap() > MAX_SUBTRACT {
            return Err(GameError::parameter(
                "subtraction",
                format!("{} is too large (at most {MAX_SUBTRACT})", set.last().unwrap()),
            ));
        }
        let name = format!("subtraction:{}", join(&set));
        Ok(HeapGame::new(HeapRules::subtraction(&set), name).with_remoteness(remoteness_rule))
    }
}

/// Remoteness of single heaps `0..=n` (outcome: lose iff the nim-value is 0).
pub fn remoteness_table(set: &[u64], g: &[u64]) -> Vec<u64> {
    let mut r: Vec<u64> = Vec::with_capacity(g.len());
    for k in 0..g.len() {
        let options = set
            .iter()
            .map(|&s| s as usize)
            .take_while(|&s| s <= k)
            .map(|s| k - s);
        let value = if g[k] != 0 {
            options
                .filter(|&o| g[o] == 0)
                .map(|o| r[o])
                .min()
                .map_or(0, |m| m + 1)
        } else {
            options.map(|o| r[o]).max().map_or(0, |m| m + 1)
        };
        r.push(value);
    }
    r
}

/// Prove that single-heap remoteness grows arithmetically with the period:
/// `R(n + p) = R(n) + step` for every `n >= from`, as a [`Periodic`] (saltus = step).
///
/// Past the preperiod, outcomes repeat with the nim-sequence's period `p`, and
/// `R(n)` is 1 + the min (or max) of `R(n - s)` over options of a fixed pattern.
/// So if `R(n + kp) - R(n)` is one constant `c` on a window of `max(S)`
/// consecutive heaps, induction carries it to every larger heap.
fn remoteness_rule(game: &HeapGame) -> Option<Periodic> {
    let HeapRules::Subtraction(set) = game.rules() else {
        return None;
    };
    let period = game.proved_period().ok()??;
    let (pre, per) = (period.periodic.preperiod(), period.periodic.period());
    let w = *set.last()?;
    let base = pre + w;
    for multiple in 1..=8u64 {
        let p = per * multiple;
        let n = (base + 16 * p + 2 * w).min(REMOTENESS_SEARCH);
        let g = game.values_range(0, n).ok()?;
        let r = remoteness_table(set, &g);
        let mut from = base;
        while from + p + w <= n {
            let c = r[(from + p) as usize].checked_sub(r[from as usize]);
            let mut window = (from..from + w).map(|k| r[(k + p) as usize].checked_sub(r[k as usize]));
            if let Some(step) = c.filter(|_| window.all(|d| d == c)) {
                return Periodic::new(from, p, step, r[..(from + p) as usize].to_vec()).ok();
            }
            from += 1;
        }
    }
    None
}

/// The engine's spellings of a subtraction game (`S(1,3,4)`, `sub:1,3,4`).
fn engine_spelling(text: &str) -> Option<String> {
    match grundy_octal::HeapRules::parse(text).ok()? {
        grundy_octal::HeapRules::Subtraction(set) => {
            Some(format!("subtraction:{}", crate::games::join(&set)))
        }
        _ => None,
    }
}

/// Subtraction games: take s tokens from one heap, s in the set.
pub(crate) const FAMILY: Family = Family {
    name: "subtraction",
    usage: "subtraction:S1,S2,...",
    summary: "take s tokens from one heap, s in the set (e.g. subtraction:1,3,4)",
    position: "heaps",
    params: &[Param {
        key: "subtract",
        kind: Kind::List {
            min: 0,
            max: u64::MAX,
        },
        // Required: an empty set is no game (the error says so).
        default: None,
        help: "the amounts a move may take",
    }],
    example: Some(("subtraction:1,3,4", "10")),
    syntax: Syntax::Bare,
    shape: Shape::Heaps,
    claims: Some(engine_spelling),
    build,
};

fn build(p: &Params) -> Result<Box<dyn DynGame>, GameError> {
    Ok(Box::new(Builtin::new(Subtraction::new(
        p.list("subtract").unwrap_or(&[]),
    )?)))
}
