//! Domineering's outcome search across threads and processes
//! ([`solve_outcome`]): the search split into the tasks of a
//! [`Frontier`] (the positions two moves down), solved in rounds by every
//! Timely worker, with the same answer as the one-process search, winning move
//! included.
//!
//! Every worker holds its own search (its own table, kept across rounds) and
//! its own copy of the plan. In each round it takes the round's tasks whose
//! index is its own modulo the workers, solves them, and broadcasts the answers
//! with the round's timestamp; once the round's probe has passed, every worker
//! holds every answer, records them in its plan, and so plans the same next
//! round as the others, with nothing else sent. Between its tasks a worker
//! looks at the answers that have reached it, and skips its tasks of a root
//! move already refuted: which tasks are skipped depends on timing (so do the
//! node counts), the answer does not.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::time::Duration;

use grundy::games::domineering_search::{Bits, DomineeringSearch, Frontier};
use grundy::partizan::{DistBoard, Side};
use grundy::Budget;
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Pipeline;
use timely::dataflow::operators::generic::Operator;
use timely::dataflow::operators::vec::Broadcast;
use timely::dataflow::operators::{Input, Probe};
use timely::dataflow::{InputHandleVec, ProbeHandle};
use timely::worker::Worker;

use crate::{Cluster, DistError};

/// A task's answer as sent: `(worker, task, wins, nodes, error)`, the error
/// empty when the task was solved.
type Answer = (u64, u64, bool, u64, String);

/// What the workers found, on process 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeSolved {
    /// The player to move wins.
    pub wins: bool,
    /// The first winning move in the search's order (the empty cells it
    /// leaves): the one-process search's.
    pub winning_move: Option<u128>,
    /// Nodes searched by all workers.
    pub nodes: u64,
    /// Rounds of tasks.
    pub rounds: usize,
    /// Tasks solved in all.
    pub tasks: usize,
    /// Workers in the job.
    pub workers: usize,
    /// The search's name in reports (the one-process search's).
    pub method: &'static str,
}

/// Whether `side`, moving first on `board`, wins, and the winning move the
/// one-process search gives, found by the workers of `cluster` (on process 0;
/// `None` elsewhere). Each worker searches within `budget`: its work and
/// positions bound the worker's nodes (over all its tasks), and its memory
/// is shared by the workers of one process.
pub fn solve_outcome(
    board: DistBoard,
    side: Side,
    cluster: &Cluster,
    budget: &Budget,
) -> Result<Option<OutcomeSolved>, DistError> {
    let cells = board.rows * board.cols;
    if cells == 0 || cells > 128 || board.rows > grundy::games::domineering_search::MAX_LINE {
        return Err(DistError::Usage(format!(
            "a {}x{} board is beyond the outcome search across processes (at most 128 cells)",
            board.rows, board.cols
        )));
    }
    let local = match cluster {
        Cluster::Threads(w) => *w,
        Cluster::Processes { workers, .. } => *workers,
    };
    let budget = Budget {
        max_memory: budget.max_memory / local.max(1) as u64,
        // One thread a worker: the workers are the parallelism.
        threads: Some(1),
        ..budget.clone()
    };
    let fingerprint = grundy_retro::table::checksum(
        format!(
            "domineering outcome\n{}x{}\n{:x}\n{side:?}\n{}\n{}\n",
            board.rows,
            board.cols,
            board.empty,
            cluster.peers(),
            local
        )
        .as_bytes(),
    );
    let results = crate::run(
        cluster,
        fingerprint,
        move |worker, _ctx| {
            if cells <= 64 {
                work::<u64>(worker, board, side, &budget)
            } else {
                work::<u128>(worker, board, side, &budget)
            }
        },
        &mut |_| {},
    )?;
    Ok(results.into_iter().flatten().next())
}

/// The cells of a `u128` as `B`'s (the board fits `B`).
fn bits_of<B: Bits>(x: u128) -> B {
    (0..128)
        .filter(|i| x >> i & 1 == 1)
        .fold(B::ZERO, |b, i| b.or(B::bit(i)))
}

fn u128_of<B: Bits>(b: B) -> u128 {
    b.to_bytes()
        .iter()
        .enumerate()
        .fold(0, |x, (i, &byte)| x | u128::from(byte) << (8 * i))
}

/// One worker's part: its tasks of every round, until the plan is answered.
fn work<B: Bits>(
    worker: &mut Worker,
    board: DistBoard,
    side: Side,
    budget: &Budget,
) -> Result<Option<OutcomeSolved>, DistError> {
    let (me, peers) = (worker.index(), worker.peers());
    let mut search = DomineeringSearch::<B>::new(board.rows, board.cols, budget)
        .ok_or_else(|| DistError::Usage("the board is beyond the outcome search".into()))?;
    search.threads = 1;
    let mut plan: Frontier<B> = search.frontier(bits_of(board.empty), side);
    let answers: Rc<RefCell<BTreeMap<u64, Vec<Answer>>>> = Rc::default();
    let mut input: InputHandleVec<u64, Answer> = InputHandleVec::new();
    let probe = ProbeHandle::new();
    let kept = Rc::clone(&answers);
    worker.dataflow::<u64, _, _>(|scope| {
        scope
            .input_from(&mut input)
            .broadcast()
            .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(Pipeline, "Answers", move |_, _| {
                move |input, _output| {
                    input.for_each_stamp(|cap, data| {
                        let t = cap.least().copied().unwrap_or(0);
                        kept.borrow_mut()
                            .entry(t)
                            .or_default()
                            .extend(data.flat_map(|d| d.drain(..)));
                    });
                }
            })
            .probe_with(&probe);
    });
    let (mut nodes, mut tasks) = (0u64, 0usize);
    let mut time = 0u64;
    while plan.answer().is_none() {
        let round = plan.round(peers);
        tasks += round.len();
        // Root moves refuted in this round so far, by this worker or by an
        // answer of another that has reached it: their other tasks are skipped.
        let mut refuted = Vec::new();
        for (k, task) in round.iter().enumerate().skip(me).step_by(peers) {
            input.flush();
            worker.step();
            if let Some(heard) = answers.borrow().get(&time) {
                refuted.extend(
                    heard
                        .iter()
                        .filter(|a| !a.2 && a.4.is_empty())
                        .map(|a| round[a.1 as usize].root),
                );
            }
            if refuted.contains(&task.root) {
                continue;
            }
            let before = search.stats().nodes;
            let (wins, error) = match search.wins(task.cells, side) {
                Ok(w) => (w, String::new()),
                Err(e) => (false, e.to_string()),
            };
            let failed = !error.is_empty();
            if !wins && !failed {
                refuted.push(task.root);
            }
            input.send((me as u64, k as u64, wins, search.stats().nodes - before, error));
            if failed {
                break;
            }
        }
        time += 1;
        input.advance_to(time);
        while probe.less_than(&time) {
            worker.step_or_park(Some(Duration::from_millis(5)));
        }
        let mut got = answers.borrow_mut().remove(&(time - 1)).unwrap_or_default();
        got.sort_by_key(|a| (a.0, a.1));
        if let Some(a) = got.iter().find(|a| !a.4.is_empty()) {
            return Err(DistError::Search(a.4.clone()));
        }
        for (_, k, wins, n, _) in got {
            nodes += n;
            plan.record(&round[k as usize], wins);
        }
    }
    let answer = plan.answer().expect("the loop ends with an answer");
    Ok((me == 0).then(|| OutcomeSolved {
        wins: answer.wins,
        winning_move: answer.winning_move.map(u128_of),
        nodes,
        rounds: plan.rounds(),
        tasks,
        workers: peers,
        method: grundy::games::domineering_search::METHOD,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two and three worker threads answer as the one-process search, winning
    /// move included, on boards won and lost, of `u64` cells and of `u128`.
    #[test]
    fn workers_answer_as_one_search() {
        for (h, w) in [(4, 5), (5, 5), (4, 6)] {
            for side in [Side::Left, Side::Right] {
                let all = (1u128 << (h * w)) - 1;
                let mut one = DomineeringSearch::<u64>::new(h, w, &Budget::default()).unwrap();
                let truth = one.solve(all as u64, side).unwrap();
                for workers in [2, 3] {
                    let board = DistBoard {
                        rows: h,
                        cols: w,
                        empty: all,
                    };
                    let got = solve_outcome(board, side, &Cluster::Threads(workers), &Budget::default())
                        .unwrap()
                        .unwrap();
                    assert_eq!(got.wins, truth.wins, "{h}x{w} {side:?}");
                    assert_eq!(
                        got.winning_move,
                        truth.winning_move.map(u128::from),
                        "{h}x{w} {side:?}"
                    );
                }
            }
        }
        assert_eq!(
            bits_of::<u128>(u128_of(0xdead_beef_u128 << 60)),
            0xdead_beef_u128 << 60
        );
    }

    /// A worker over its budget stops the job with the budget's one line.
    #[test]
    fn over_budget_is_one_line() {
        let board = DistBoard {
            rows: 6,
            cols: 6,
            empty: (1u128 << 36) - 1,
        };
        let budget = Budget {
            max_work: Some(10),
            ..Budget::default()
        };
        let e = solve_outcome(board, Side::Left, &Cluster::Threads(2), &budget).unwrap_err();
        assert!(e.to_string().contains("--max-work"), "{e}");
        assert!(!e.to_string().contains('\n'), "{e}");
    }
}
