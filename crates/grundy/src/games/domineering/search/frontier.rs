//! The outcome search of one position split into tasks, for searches on many
//! machines ([`Frontier`]): the positions two moves down, each a
//! [`DomineeringSearch::wins`] call, solved in rounds, so that the combined
//! answer is exactly [`DomineeringSearch::solve`]'s.
//!
//! `solve` answers with the first move, in its own order, that leaves the
//! opponent a lost position; the player to move wins exactly when there is one.
//! A root move leaves a lost position exactly when every reply of the opponent
//! leaves the first player a won one (a reply skipped as safe excepted: the
//! search skips safe moves too, and `safe_moves_are_never_needed` checks that
//! this never changes who wins). So the answer is a function of the depth-2
//! answers alone, whoever finds them, in whatever order: the same class and
//! the same winning move as one search.
//!
//! The plan ([`Frontier::round`]): each round asks every remaining reply of
//! the first root move neither refuted nor proved, and of the next ones while
//! the round has fewer than two tasks a worker, so that no worker idles on a
//! root move of few replies; round 2 (the first root moves refuted) asks
//! besides, for every other root move, the opponent's first reply in the
//! search's order, its likeliest refutation, so that most losing root moves
//! are refuted in one round all workers share. The rounds stop at the first
//! root move all of whose replies are won, when every root move before it is
//! refuted. Probing every root move in round 1 instead (first replies, then
//! the survivors' other replies) cost 6x8 Right first 360,355 nodes on two
//! workers against one search's 8,269: when the position is won its first root
//! move mostly wins, and the probes of the others are work that one search
//! never does. A worker skips its tasks of a root move refuted earlier in the
//! round (by any worker's answer that has reached it).

use super::{Bits, Cells, DomineeringSearch};
use crate::partizan::outcome::Solved;
use crate::partizan::Side;

/// One root move and what is known of the opponent's replies to it.
#[derive(Clone, Debug)]
struct Root<B> {
    /// The empty cells the root move leaves.
    after: B,
    /// The empty cells each reply leaves, in the search's order.
    replies: Vec<B>,
    /// Whether the first player wins after each reply, when known.
    known: Vec<Option<bool>>,
}

impl<B: Bits> Root<B> {
    fn refuted(&self) -> bool {
        self.known.contains(&Some(false))
    }

    fn proved(&self) -> bool {
        self.known.iter().all(|k| *k == Some(true))
    }

    fn open(&self) -> bool {
        !self.refuted() && !self.proved()
    }
}

/// One task of a round: does the first player, to move on `cells`, win?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Task<B> {
    /// The root move's index (in [`DomineeringSearch::solve`]'s order).
    pub root: usize,
    /// The reply's index among the root move's replies.
    pub reply: usize,
    /// The empty cells after the root move and the reply.
    pub cells: B,
}

/// The outcome search of one position, split into tasks solved in rounds; see
/// the module's documentation.
#[derive(Clone, Debug)]
pub struct Frontier<B> {
    side: Side,
    roots: Vec<Root<B>>,
    rounds: usize,
}

impl<B: Bits> Frontier<B> {
    /// Who moves first at the root, and moves first in every task.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Rounds planned so far.
    pub fn rounds(&self) -> usize {
        self.rounds
    }

    /// The answer, once the answers recorded decide it: the same as
    /// [`DomineeringSearch::solve`]'s.
    pub fn answer(&self) -> Option<Solved<B>> {
        for root in &self.roots {
            if root.refuted() {
                continue;
            }
            return root.proved().then_some(Solved {
                wins: true,
                winning_move: Some(root.after),
            });
        }
        Some(Solved {
            wins: false,
            winning_move: None,
        })
    }

    /// The next round's tasks for `workers` workers, in a fixed order (the
    /// same on every worker that recorded the same answers); empty once
    /// [`Frontier::answer`] is known.
    pub fn round(&mut self, workers: usize) -> Vec<Task<B>> {
        if self.answer().is_some() {
            return Vec::new();
        }
        self.rounds += 1;
        fn unknown<B: Bits>((i, root): (usize, &Root<B>)) -> impl Iterator<Item = Task<B>> + '_ {
            (0..root.replies.len())
                .filter(move |&j| root.known[j].is_none())
                .map(move |j| Task {
                    root: i,
                    reply: j,
                    cells: root.replies[j],
                })
        }
        let mut tasks = Vec::new();
        let mut taken = 0;
        for x in self.roots.iter().enumerate().filter(|(_, r)| r.open()) {
            if tasks.len() >= 2 * workers.max(1) {
                break;
            }
            tasks.extend(unknown(x));
            taken = x.0 + 1;
        }
        // The first root move refuted: probe every other one once.
        if self.rounds == 2 {
            let probes = self
                .roots
                .iter()
                .enumerate()
                .skip(taken)
                .filter(|(_, r)| r.open());
            tasks.extend(probes.filter_map(|x| unknown(x).next()));
        }
        tasks
    }

    /// Records a task's answer: whether the first player wins on its cells. A
    /// round's tasks need not all be answered: a task of a root move refuted
    /// meanwhile may be skipped, and is not asked again.
    pub fn record(&mut self, task: &Task<B>, wins: bool) {
        self.roots[task.root].known[task.reply] = Some(wins);
    }
}

impl<B: Bits> DomineeringSearch<B> {
    /// The plan of `solve(e, side)` in tasks (see [`Frontier`]): the root's
    /// moves in `solve`'s order, each with the opponent's replies in the
    /// search's order.
    pub fn frontier(&self, e: B, side: Side) -> Frontier<B> {
        let e = e.and(self.g.all());
        let mut moves = Vec::new();
        self.ordered_moves(self.g.cells(e), side, false, &mut moves);
        // `solve`'s order: a stable sort, best first.
        moves.sort_by_key(|x| std::cmp::Reverse(x.0));
        let mut replies = Vec::new();
        let roots = moves
            .iter()
            .map(|&(_, d)| {
                let after = e.minus(d.e);
                // The search's own order at a node: the best first, the rest sorted.
                self.ordered_moves(
                    self.g.cells(after),
                    side.other(),
                    self.skip_safe_moves,
                    &mut replies,
                );
                if replies.len() > 1 {
                    replies[1..].sort_unstable_by_key(|x| std::cmp::Reverse(x.0));
                }
                let replies: Vec<B> = replies
                    .iter()
                    .map(|&(_, r): &(i32, Cells<B>)| after.minus(r.e))
                    .collect();
                Root {
                    after,
                    known: vec![None; replies.len()],
                    replies,
                }
            })
            .collect();
        Frontier {
            side,
            roots,
            rounds: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;

    /// The plan's answer, its tasks solved by `workers` searches (task `k`
    /// by search `k mod workers`, each keeping its table across rounds).
    fn planned(h: usize, w: usize, e: u64, side: Side, workers: usize) -> (Solved<u64>, usize) {
        let budget = Budget::default();
        let mut searches: Vec<_> = (0..workers)
            .map(|_| DomineeringSearch::<u64>::new(h, w, &budget).unwrap())
            .collect();
        let mut plan = searches[0].frontier(e, side);
        let mut tasks = 0;
        while plan.answer().is_none() {
            let round = plan.round(workers);
            assert!(!round.is_empty(), "an open plan with no tasks");
            tasks += round.len();
            // A task of a root move refuted earlier in the round is skipped,
            // as the workers do.
            let mut refuted = Vec::new();
            for (k, t) in round.iter().enumerate() {
                if refuted.contains(&t.root) {
                    continue;
                }
                let wins = searches[k % workers].wins(t.cells, side).unwrap();
                if !wins {
                    refuted.push(t.root);
                }
                plan.record(t, wins);
            }
        }
        (plan.answer().unwrap(), tasks)
    }

    /// The plan gives `solve`'s answer, winning move included, on random
    /// boards of up to 30 cells with holes, either side first, with one to
    /// three workers.
    #[test]
    fn the_plan_answers_as_solve() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let (mut wins, mut losses, mut tasks) = (0, 0, 0);
        for n in 0..if cfg!(debug_assertions) { 60 } else { 400 } {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (h, w) = (2 + (x % 5) as usize, 2 + ((x >> 8) % 5) as usize);
            let holes = (x >> 16) & (x >> 37) & (x >> 3);
            let e = super::super::super::full(h, w) & !holes;
            let side = if n % 2 == 0 { Side::Left } else { Side::Right };
            let mut one = DomineeringSearch::<u64>::new(h, w, &Budget::default()).unwrap();
            let truth = one.solve(e, side).unwrap();
            for workers in [1, 3] {
                let (got, t) = planned(h, w, e, side, workers);
                assert_eq!(
                    (got.wins, got.winning_move),
                    (truth.wins, truth.winning_move),
                    "{h}x{w} {e:#b}, {side:?} first, {workers} workers"
                );
                tasks += t;
            }
            if truth.wins {
                wins += 1;
            } else {
                losses += 1;
            }
        }
        assert!(
            wins > 10 && losses > 10 && tasks > 100,
            "{wins} wins, {losses} losses, {tasks} tasks"
        );
    }

    /// A position with no move is lost at once, with no task.
    #[test]
    fn no_move_no_task() {
        let s = DomineeringSearch::<u64>::new(1, 1, &Budget::default()).unwrap();
        let mut plan = s.frontier(1, Side::Left);
        assert!(plan.round(2).is_empty());
        let a = plan.answer().unwrap();
        assert!(!a.wins && a.winning_move.is_none());
    }
}
