//! `solve` with the outcome search across threads and processes
//! ([`solve_across`]): the feature `dist`.

use grundy::dynamic::Analysis;
use grundy::{Budget, Outcome};
use grundy_dist::{Cluster, OutcomeSolved};

use crate::play::{solve_by, Options, SolveReport};
use crate::{Error, Result};

/// [`crate::solve`] of a board whose game has an outcome search split into
/// tasks ([`grundy::partizan::DynPartizan::dist_board`], Domineering's), its
/// searches run by the workers of `cluster`: on process 0 the report, the same
/// as `solve`'s but for its method (the workers, rounds and nodes); elsewhere
/// `None`. Every process runs the same searches, one Timely job each (the side
/// asked about, then, unless the value is found within the budget, the other
/// side for the outcome class). Each worker's nodes count against the budget's
/// work and positions; the workers of one process share its memory.
pub fn solve_across(
    game: &dyn grundy::dynamic::DynGame,
    position: &str,
    o: &Options,
    cluster: &Cluster,
    budget: &Budget,
) -> Result<Option<SolveReport>> {
    let unsupported = || {
        Error::Unsupported(format!(
            "{} has no outcome search across processes (--workers, --processes): it is for boards of Domineering, under normal play",
            game.name()
        ))
    };
    if o.misere {
        return Err(unsupported());
    }
    let p = game.parse_position(position)?;
    let (partizan, _) = o.partizan(game)?.ok_or_else(unsupported)?;
    let board = partizan.dist_board(&p).ok_or_else(unsupported)?;
    let search = |side| -> Result<Option<OutcomeSolved>> {
        Ok(grundy_dist::solve_outcome(board, side, cluster, budget)?)
    };
    let report = solve_by(
        game,
        position,
        o,
        budget,
        &mut |partizan, p, side, _play| {
            let Some(s) = search(side)? else {
                // Another process than 0: its report is not made, but the same
                // searches must follow, and they follow from the method alone.
                return Ok(Analysis::of_outcome_search(
                    false,
                    None,
                    grundy::partizan::outcome::OUTCOME_SEARCH.to_string(),
                ));
            };
            let winning = match s.winning_move {
                Some(e) => Some(partizan.dist_position(p, e).ok_or_else(unsupported)?),
                None => None,
            };
            let method = format!(
                "{} across {} workers ({} rounds, {} tasks, {} nodes)",
                s.method, s.workers, s.rounds, s.tasks, s.nodes
            );
            Ok(Analysis::of_outcome_search(s.wins, winning, method))
        },
        &mut |_, _, side, _| {
            Ok(match search(side)? {
                Some(s) if s.wins => Outcome::Win,
                _ => Outcome::Lose,
            })
        },
    )?;
    Ok((cluster.process() == 0).then_some(report))
}
