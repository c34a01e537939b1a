//! Retrograde analysis of any run-time game, by enumerating what is reachable.

use grundy::dynamic::{DynGame, DynPosition};
use grundy::solve::Evaluation;
use grundy::{Outcome, Play};
use rustc_hash::FxHashMap;

use crate::{retrograde, Indexed, RetroError, Solution};

/// How many positions [`solve_reachable`] enumerates at most.
pub const REACHABLE_LIMIT: usize = 20_000_000;

/// Every position reachable from a start, numbered in discovery order, with its value.
pub struct Reachable {
    positions: Vec<DynPosition>,
    index: FxHashMap<DynPosition, u32>,
    options: Vec<Vec<u32>>,
    solution: Solution,
}

impl Reachable {
    /// How many positions are reachable (the start included).
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// True when nothing is reachable (never: the start is).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The positions, in discovery (breadth-first) order.
    pub fn positions(&self) -> &[DynPosition] {
        &self.positions
    }

    /// The value of a reachable position.
    pub fn evaluation(&self, p: &DynPosition) -> Option<Evaluation> {
        self.solution.evaluation(*self.index.get(p)? as u64)
    }

    /// The options of a reachable position, with their values.
    pub fn options(&self, p: &DynPosition) -> Option<Vec<(DynPosition, Evaluation)>> {
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
    pub fn winning_moves(&self, p: &DynPosition) -> Option<Vec<DynPosition>> {
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

struct Graph<'a> {
    options: &'a [Vec<u32>],
    play: Play,
}

impl Indexed for Graph<'_> {
    fn size(&self) -> u64 {
        self.options.len() as u64
    }
    fn terminal(&self, i: u64) -> Option<Outcome> {
        self.options[i as usize]
            .is_empty()
            .then(|| self.play.no_move_outcome())
    }
    fn options(&self, i: u64, out: &mut Vec<u64>) {
        out.extend(self.options[i as usize].iter().map(|&o| o as u64));
    }
}

/// Solve every position reachable from `start` in a run-time game (a built-in game,
/// a rule file or a script), loops and draws included, under normal play.
///
/// Positions are enumerated breadth-first with [`DynGame::options`] into a hash
/// table, then solved by [`retrograde`]. A position with no option is lost by the
/// player to move.
///
/// ```
/// use grundy::{dynamic::parse_game, Outcome};
/// let game = parse_game("subtraction:1,2").unwrap();
/// let start = game.parse_position("9").unwrap();
/// let solved = grundy_retro::solve_reachable(game.as_ref(), &start).unwrap();
/// assert_eq!(solved.len(), 10);
/// assert_eq!(solved.evaluation(&start).unwrap().outcome, Outcome::Lose);
/// ```
pub fn solve_reachable(game: &dyn DynGame, start: &DynPosition) -> Result<Reachable, RetroError> {
    solve_reachable_with(game, start, Play::Normal, REACHABLE_LIMIT)
}

/// [`solve_reachable`] with a play convention for positions without options and a
/// limit on the number of positions.
pub fn solve_reachable_with(
    game: &dyn DynGame,
    start: &DynPosition,
    play: Play,
    limit: usize,
) -> Result<Reachable, RetroError> {
    game.check(start)?;
    let mut positions = vec![start.clone()];
    let mut index = FxHashMap::default();
    index.insert(start.clone(), 0u32);
    let mut options: Vec<Vec<u32>> = Vec::new();
    let mut next = 0;
    while next < positions.len() {
        let opts = game.options(&positions[next])?;
        let mut ids = Vec::with_capacity(opts.len());
        for o in opts {
            let id = match index.get(&o) {
                Some(&id) => id,
                None => {
                    if positions.len() >= limit {
                        return Err(RetroError::TooLarge {
                            what: format!("positions reachable in {}", game.name()),
                            limit: limit as u64,
                        });
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
        next += 1;
    }
    let solution = retrograde(&Graph {
        options: &options,
        play,
    })?;
    Ok(Reachable {
        positions,
        index,
        options,
        solution,
    })
}
