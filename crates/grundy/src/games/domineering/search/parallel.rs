//! Domineering's search on all cores: threads sharing one transposition table
//! as ABDADA has it ([`DomineeringSearch::wins_together`]), and what they
//! share besides ([`Team`]).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

use super::{Bits, Cells, DomineeringSearch};
use crate::partizan::Side;
use crate::GameError;

/// Boards of at least this many empty cells are searched on several threads
/// (see [`DomineeringSearch::parallel_cells`]).
pub const PARALLEL_CELLS: u32 = 56;

/// Nodes of at least this many empty cells are shared out among the threads
/// of a search (see [`DomineeringSearch::wins_together`]).
pub const SHARED_CELLS: u32 = 30;

/// The nodes a thread counts before adding them to the team's count.
pub(super) const TEAM_BATCH: u64 = 1024;

/// What the threads of one search share besides the table: whether to stop,
/// the nodes counted, and the nodes being searched now (by a hash of each,
/// in a small table of slots, one node a slot; a node that finds its slot
/// taken is not marked, which only costs a chance to share).
pub(super) struct Team {
    pub(super) stop: AtomicBool,
    pub(super) nodes: AtomicU64,
    busy: Box<[AtomicU64]>,
}

/// Slots of [`Team::busy`]: many more than the nodes of all threads' paths.
const BUSY_SLOTS: usize = 1 << 12;

impl Team {
    fn new() -> Team {
        Team {
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            busy: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Marks the node of bucket hash `h` busy: `Some(slot)` to unmark, or
    /// `None` when another thread searches it (or its slot is taken).
    pub(super) fn mark(&self, h: u64) -> Option<usize> {
        let tag = h | 1 << 63;
        let slot = (h as usize) % BUSY_SLOTS;
        self.busy[slot]
            .compare_exchange(0, tag, Relaxed, Relaxed)
            .ok()
            .map(|_| slot)
    }

    pub(super) fn unmark(&self, slot: usize) {
        self.busy[slot].store(0, Relaxed);
    }
}

impl<B: Bits> DomineeringSearch<B> {
    /// [`DomineeringSearch::wins`] on [`DomineeringSearch::threads`] threads
    /// sharing the table, each searching the whole tree as ABDADA has it
    /// (Weill 1996): a node's first move is searched by every thread that
    /// comes to it, its other moves only by the first to come (another that
    /// finds one busy leaves it for last, by when its answer is mostly in the
    /// table). Busy nodes are marked only where at least
    /// [`DomineeringSearch::shared_cells`] cells are empty: below, a subtree
    /// is too small to share. The first thread to answer stops the others; each node's answer
    /// is the same whichever thread finds it, so the answer is too (only the
    /// node counts vary from run to run).
    pub(super) fn wins_together(&mut self, c: Cells<B>, side: Side) -> Result<bool, GameError> {
        let team = Arc::new(Team::new());
        let zero = self.cache.universe.zero();
        let helpers: Vec<DomineeringSearch<B>> = (1..self.threads).map(|_| self.helper(&team)).collect();
        self.team = Some(Arc::clone(&team));
        self.halted = false;
        let (mine, theirs) = std::thread::scope(|s| {
            let running: Vec<_> = helpers
                .into_iter()
                .map(|mut helper| {
                    let team = &team;
                    s.spawn(move || {
                        let answer = helper.search(c, zero, side, 0);
                        team.stop.store(true, Relaxed);
                        (answer, helper.stats, helper.halted)
                    })
                })
                .collect();
            let mine = self.search(c, zero, side, 0);
            team.stop.store(true, Relaxed);
            let theirs: Vec<_> = running
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
                .collect();
            (mine, theirs)
        });
        self.team = None;
        let halted = std::mem::take(&mut self.halted);
        let mut errors = Vec::new();
        let mut answer = None;
        for (theirs, stats, their_halt) in theirs {
            self.stats.nodes += stats.nodes;
            self.stats.by_value += stats.by_value;
            self.stats.by_bounds += stats.by_bounds;
            self.stats.tt_hits += stats.tt_hits;
            match theirs {
                Ok(w) => answer = answer.or(Some(w)),
                Err(e) if !their_halt => errors.push(e),
                Err(_) => {}
            }
        }
        match (mine, answer) {
            (Ok(w), _) | (Err(_), Some(w)) => Ok(w),
            (Err(_), None) if halted && !errors.is_empty() => Err(errors.swap_remove(0)),
            (Err(e), None) => Err(e),
        }
    }

    /// A helper of a search on several threads: this search's table, board
    /// and settings, its own values and counters.
    fn helper(&self, team: &Arc<Team>) -> DomineeringSearch<B> {
        let mut helper = DomineeringSearch::on_table(
            self.g.clone(),
            Arc::clone(&self.tt),
            self.max_nodes,
            self.max_memory,
            self.cancel.clone(),
            self.max_memory / 2 / self.threads as u64,
        );
        helper.game = self.game.clone();
        helper.small = self.small;
        helper.small_in_search = self.small_in_search;
        helper.skip_safe_moves = self.skip_safe_moves;
        helper.max_positions = self.max_positions;
        helper.threads = 1;
        helper.parallel_cells = self.parallel_cells;
        helper.shared_cells = self.shared_cells;
        helper.team = Some(Arc::clone(team));
        helper
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::domineering::full;
    use crate::Budget;

    /// The search on several threads answers as the search on one, on boards
    /// of up to 7x7 with some cells filled, every node shared out (so that
    /// threads meet and leave moves for later all the time), with winning
    /// moves that win.
    #[test]
    fn threads_answer_as_one_thread() {
        let budget = Budget {
            max_memory: 256 << 20,
            ..Budget::default()
        };
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for n in 0..if cfg!(debug_assertions) { 60 } else { 300 } {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (h, w) = (5 + (x % 3) as usize, 5 + ((x >> 8) % 3) as usize);
            let holes = (x >> 16) & (x >> 40) & (x >> 5);
            let e = full(h, w) & !holes;
            for side in [Side::Left, Side::Right] {
                let mut one = DomineeringSearch::<u64>::new(h, w, &budget).unwrap();
                one.threads = 1;
                let truth = one.wins(e, side).unwrap();
                let threads = 2 + n % 3;
                let mut team = DomineeringSearch::<u64>::new(h, w, &budget).unwrap();
                (team.threads, team.parallel_cells, team.shared_cells) = (threads, 0, 4);
                let got = team.solve(e, side).unwrap();
                assert_eq!(
                    got.wins, truth,
                    "{h}x{w} {e:#b}, {side:?} first, {threads} threads"
                );
                if let Some(q) = got.winning_move {
                    assert!(!one.wins(q, side.other()).unwrap(), "{q:#b} does not win");
                }
            }
        }
    }

    /// Threads stop together at the node budget, which counts every thread's
    /// nodes, and the error is the budget's (not a teammate's stop).
    #[test]
    fn threads_share_one_node_budget() {
        let budget = Budget {
            max_work: Some(20_000),
            ..Budget::default()
        };
        let mut s = DomineeringSearch::<u64>::new(8, 8, &budget).unwrap();
        s.threads = 2;
        match s.wins(s.g.all(), Side::Left) {
            Err(GameError::OverBudget(e)) => {
                assert_eq!(e.limit, grundy_budget::Limit::Work, "{e}");
                assert_eq!(e.allowed, 20_000);
            }
            other => panic!("not over budget: {other:?}"),
        }
        let nodes = s.stats().nodes;
        assert!(
            (20_000..=20_000 + 2 * TEAM_BATCH).contains(&nodes),
            "{nodes} nodes"
        );
    }
}
