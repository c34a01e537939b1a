//! Retrograde analysis of any game, by enumerating what is reachable from a start.

use std::hash::Hash;

use rustc_hash::FxHashMap;

use crate::solve::{retrograde, Evaluation, Indexed, Solution};
use crate::{Game, GameError, Misere, Outcome, Play};

/// How many positions [`solve_reachable`](crate::dynamic::solve_reachable) enumerates at most.
pub const REACHABLE_LIMIT: usize = 20_000_000;

/// Every position reachable from a start, numbered in discovery (breadth-first)
/// order, with its options as indices and its value. The start is index 0.
pub struct Reachable<P> {
    positions: Vec<P>,
    index: FxHashMap<P, u32>,
    /// Options of each position as indices; empty for positions ended by a rule.
    options: Vec<Vec<u32>>,
    solution: Solution,
}

impl<P: Clone + Eq + Hash> Reachable<P> {
    /// How many positions are reachable (the start included).
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// True when nothing is reachable (never: the start is).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The positions, in discovery (breadth-first) order: position `i` has index `i`.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The index of a reachable position.
    pub fn index(&self, p: &P) -> Option<u64> {
        self.index.get(p).map(|&i| i as u64)
    }

    /// The options of position `i` as indices (none where the game ends by a rule).
    pub fn option_indices(&self, i: u64) -> &[u32] {
        &self.options[i as usize]
    }

    /// The value of every position, by index.
    pub fn solution(&self) -> &Solution {
        &self.solution
    }

    /// The value of a reachable position.
    pub fn evaluation(&self, p: &P) -> Option<Evaluation> {
        self.solution.evaluation(*self.index.get(p)? as u64)
    }

    /// The options of a reachable position, with their values.
    pub fn options(&self, p: &P) -> Option<Vec<(P, Evaluation)>> {
        let i = *self.index.get(p)? as usize;
        Some(
            self.options[i]
                .iter()
                .map(|&o| {
                    (
                        self.positions[o as usize].clone(),
                        self.solution
                            .evaluation(o as u64)
                            .expect("reachable positions are solved"),
                    )
                })
                .collect(),
        )
    }

    /// The options of `p` that leave the opponent a lost position.
    pub fn winning_moves(&self, p: &P) -> Option<Vec<P>> {
        Some(
            self.options(p)?
                .into_iter()
                .filter(|(_, e)| e.outcome == Outcome::Lose)
                .map(|(o, _)| o)
                .collect(),
        )
    }

    /// `(wins, losses, draws)` among the reachable positions.
    pub fn counts(&self) -> (u64, u64, u64) {
        self.solution.counts()
    }
}

/// The reachable graph as an [`Indexed`] game.
struct Graph<'a> {
    options: &'a [Vec<u32>],
    terminal: &'a [Option<Outcome>],
}

impl Indexed for Graph<'_> {
    fn size(&self) -> u64 {
        self.options.len() as u64
    }
    fn terminal(&self, i: u64) -> Option<Outcome> {
        self.terminal[i as usize]
    }
    fn options(&self, i: u64, out: &mut Vec<u64>) {
        out.extend(self.options[i as usize].iter().map(|&o| o as u64));
    }
}

/// Solve every position of any [`Game`] reachable from `start`, loops and draws
/// included, with at most `limit` positions (else the position budget's error, [`GameError::too_many_positions`]).
///
/// Positions are enumerated breadth-first with [`Game::terminal`] and
/// [`Game::options`] into a hash map (discovery order: the start is 0), then solved
/// by [`retrograde`]. A position with no option and no rule is lost by the player
/// to move (normal play; wrap the game in [`Misere`] for misère play). On acyclic
/// games the values are those of [`crate::solve::Search`].
///
/// ```
/// use grundy::solve::reachable;
/// use grundy::{Game, GameError, Outcome};
/// // A token on a ring of 4 cells moves one step clockwise, or leaves from cell 0.
/// struct Ring;
/// impl Game for Ring {
///     type Position = i64; // -1: the token has left
///     fn options(&self, &p: &i64, out: &mut Vec<i64>) -> Result<(), GameError> {
///         if p >= 0 { out.push((p + 1) % 4) }
///         if p == 0 { out.push(-1) }
///         Ok(())
///     }
/// }
/// let solved = reachable(&Ring, &2, 1000).unwrap();
/// assert_eq!(solved.positions(), &[2, 3, 0, 1, -1]);
/// let e = solved.evaluation(&0).unwrap();
/// assert_eq!((e.outcome, e.remoteness), (Outcome::Win, Some(1)));
/// assert_eq!(solved.evaluation(&2).unwrap().outcome, Outcome::Win); // 2, 3, 0, out
/// // From 0 both moves win: leaving at once, or stepping to 1 (lost: 1, 2, 3, 0, out).
/// assert_eq!(solved.winning_moves(&0).unwrap(), vec![1, -1]);
/// ```
pub fn reachable<G: Game>(
    game: &G,
    start: &G::Position,
    limit: usize,
) -> Result<Reachable<G::Position>, GameError> {
    let Enumeration {
        positions,
        index,
        options,
        terminal,
    } = enumerate(game, start, limit)?;
    let solution = retrograde(&Graph {
        options: &options,
        terminal: &terminal,
    })?;
    Ok(Reachable {
        positions,
        index,
        options,
        solution,
    })
}

/// The positions of a game reachable from a start, numbered: what [`enumerate`]
/// gives.
pub struct Enumeration<P> {
    /// The positions, by index (the start is 0).
    pub positions: Vec<P>,
    /// The index of each position.
    pub index: FxHashMap<P, u32>,
    /// The options of each position, as indices, in the order the game gives them.
    pub options: Vec<Vec<u32>>,
    /// The value of each position the rules end (`None`: the game goes on).
    pub terminal: Vec<Option<Outcome>>,
}

/// Number every position of `game` reachable from `start` (at most `limit`): the
/// one numbering of grundy's enumerated tables, in one process or many.
/// Breadth-first in discovery order: the start is 0, then the options of each
/// position in the order the game gives them, each new position numbered when
/// first seen; [`Game::terminal`] ends a line.
pub fn enumerate<G: Game>(
    game: &G,
    start: &G::Position,
    limit: usize,
) -> Result<Enumeration<G::Position>, GameError> {
    let too_large = || {
        GameError::too_many_positions(
            "retrograde analysis of the positions reachable from the start",
            limit,
        )
    };
    let limit = limit.min(super::retrograde::MAX_POSITIONS as usize);
    if limit == 0 {
        return Err(too_large());
    }
    let mut positions = vec![start.clone()];
    let mut index = FxHashMap::default();
    index.insert(start.clone(), 0u32);
    let mut options: Vec<Vec<u32>> = Vec::new();
    let mut terminal: Vec<Option<Outcome>> = Vec::new();
    let mut opts = Vec::new();
    let mut next = 0;
    while next < positions.len() {
        let p = &positions[next];
        let t = game.terminal(p)?;
        opts.clear();
        if t.is_none() {
            game.options(p, &mut opts)?;
        }
        let mut ids = Vec::with_capacity(opts.len());
        for o in opts.drain(..) {
            let id = match index.get(&o) {
                Some(&id) => id,
                None => {
                    if positions.len() >= limit {
                        return Err(too_large());
                    }
                    if positions.len().is_multiple_of(super::progress::REPORT_EVERY) {
                        super::progress::report(positions.len() as u64, limit as u64);
                    }
                    let id = positions.len() as u32;
                    index.insert(o.clone(), id);
                    positions.push(o);
                    id
                }
            };
            ids.push(id);
        }
        options.push(ids);
        terminal.push(t);
        next += 1;
    }
    Ok(Enumeration {
        positions,
        index,
        options,
        terminal,
    })
}

/// [`reachable`] under a play convention: [`Misere`] wraps the game for misère play.
pub fn reachable_with_play<G: Game>(
    game: &G,
    start: &G::Position,
    play: Play,
    limit: usize,
) -> Result<Reachable<G::Position>, GameError> {
    match play {
        Play::Normal => reachable(game, start, limit),
        Play::Misere => reachable(&Misere(game), start, limit),
    }
}
