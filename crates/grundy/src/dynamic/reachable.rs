//! Every position reachable from a start in a run-time game, enumerated and solved
//! by the solvers of `solve` (a [`DynGame`] seen as a [`Game`]).

use crate::dynamic::{DynGame, DynPosition};
use crate::solve::{enumerate, reachable, Enumeration, Reachable, REACHABLE_LIMIT};
use crate::{Game, GameError, Outcome, Play};

/// [`enumerate`] for a run-time game: a position without options gets its value
/// from [`DynGame::outcome`] under `play` (a loss under normal play, or the value
/// of the rule that ended the game).
pub fn enumerate_dyn(
    game: &dyn DynGame,
    start: &DynPosition,
    play: Play,
    limit: usize,
    budget: &crate::Budget,
) -> Result<Enumeration<DynPosition>, GameError> {
    game.check(start)?;
    enumerate(&AsGame { game, play, budget }, start, limit)
        .map_err(|e| e.positions_of(|_| format!("positions reachable in {}", game.name())))
}

/// A [`DynGame`] seen as a [`Game`] over [`DynPosition`]s, for [`reachable`].
///
/// `DynGame` has no `terminal`; a position without options is asked for its
/// outcome once ([`DynGame::outcome`], immediate there), which gives the value of a
/// game ended by a rule as well as the play convention.
struct AsGame<'a> {
    game: &'a dyn DynGame,
    play: Play,
    budget: &'a crate::Budget,
}

impl Game for AsGame<'_> {
    type Position = DynPosition;
    fn options(&self, p: &DynPosition, out: &mut Vec<DynPosition>) -> Result<(), GameError> {
        out.extend(self.game.options(p, self.budget)?);
        Ok(())
    }
    fn terminal(&self, p: &DynPosition) -> Result<Option<Outcome>, GameError> {
        if !self.game.options(p, self.budget)?.is_empty() {
            return Ok(None);
        }
        Ok(Some(self.game.outcome(p, self.play, self.budget)?))
    }
}

/// Solve every position reachable from `start` in a run-time game (a built-in game,
/// a rule file or a script), loops and draws included, under normal play.
///
/// ```
/// use grundy::{dynamic::parse_game, dynamic::solve_reachable, Outcome};
/// let game = parse_game("subtraction:1,2").unwrap();
/// let start = game.parse_position("9").unwrap();
/// let solved = solve_reachable(game.as_ref(), &start, &grundy::Budget::default()).unwrap();
/// assert_eq!(solved.len(), 10);
/// assert_eq!(solved.evaluation(&start).unwrap().outcome, Outcome::Lose);
/// ```
pub fn solve_reachable(
    game: &dyn DynGame,
    start: &DynPosition,
    budget: &crate::Budget,
) -> Result<Reachable<DynPosition>, GameError> {
    let limit = usize::try_from(budget.positions_or(REACHABLE_LIMIT as u64)).unwrap_or(usize::MAX);
    solve_reachable_with(game, start, Play::Normal, limit, budget)
}

/// [`solve_reachable`] with a play convention for positions without options and a
/// limit on the number of positions.
///
/// Positions come from [`DynGame::options`]; a position without options gets its
/// value from [`DynGame::outcome`] (a loss under normal play, a win under misère
/// play, or the value of the rule that ended the game).
pub fn solve_reachable_with(
    game: &dyn DynGame,
    start: &DynPosition,
    play: Play,
    limit: usize,
    budget: &crate::Budget,
) -> Result<Reachable<DynPosition>, GameError> {
    game.check(start)?;
    reachable(&AsGame { game, play, budget }, start, limit)
        .map_err(|e| e.positions_of(|_| format!("positions reachable in {}", game.name())))
}
