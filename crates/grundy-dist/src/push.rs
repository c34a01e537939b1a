//! Retrograde analysis of loopy games (push) as a Timely dataflow.
//!
//! Round 0 expands every position of each worker's block once: its option count,
//! its value when the game ends there, and one `(option, parent)` pair per edge sent
//! to the option's owner, which keeps the reverse edges of its block. Round `r >= 1`
//! resolves remoteness `r`: each position resolved at `r - 1` tells every parent
//! "your option loses" (the parent is a win) or "your option wins" (one fewer
//! option to refute; at zero the parent is a loss), exchanged on the parent's
//! owner. A claim is made once, in the round of its remoteness, whatever order the
//! messages of the round arrive in. When a round starts with nothing to tell on any
//! worker, ties follow the same way from the draws by the rules; what is never
//! reached is a draw by repetition. The result is `retrograde_parallel`'s.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::time::Duration;

use grundy::solve::codes::{code, DRAW, LOSE, NONE, WIN};
use grundy::solve::NO_END;
use grundy::Outcome;
use grundy_retro::table::NO_END_BYTE;
use grundy_retro::{Indexed, RetroError};
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::Operator;
use timely::dataflow::operators::{Input, Probe};
use timely::dataflow::{InputHandleVec, ProbeHandle};
use timely::worker::Worker;

use crate::block::{Block, Piece};
use crate::partition::Partition;
use crate::{Ctx, DistError, Gathered, Report, Status};

/// What a message tells a parent.
const OPTION_WINS: u64 = 0;
const OPTION_LOSES: u64 = 1;
const OPTION_TIES: u64 = 2;

/// A message to parent `p`: what its option is, and the round (remoteness) it is for.
#[inline]
fn tell(p: u64, what: u64, round: u64) -> u64 {
    p << 32 | what << 30 | round
}

/// The most rounds a message can name.
const MAX_ROUND: u64 = (1 << 30) - 1;

struct State {
    lo: u64,
    /// Options of each position not yet known to be wins.
    count: Vec<u32>,
    codes: Vec<u8>,
    rem: Vec<u32>,
    /// `(option, parent)` pairs received in round 0.
    pairs: Vec<(u32, u32)>,
    /// Reverse edges: the parents of local position `k` are `parents[start[k]..start[k + 1]]`.
    start: Vec<u64>,
    parents: Vec<u32>,
    /// Positions claimed, by round.
    claimed: BTreeMap<u64, Vec<u32>>,
    statuses: BTreeMap<u64, Vec<Status>>,
    pieces: Vec<Piece>,
}

impl State {
    fn claim(&mut self, m: u64) {
        let p = m >> 32;
        let what = (m >> 30) & 3;
        let round = m & MAX_ROUND;
        let k = (p - self.lo) as usize;
        if self.codes[k] != NONE {
            return;
        }
        let c = match what {
            OPTION_LOSES => WIN,
            OPTION_WINS => {
                self.count[k] -= 1;
                if self.count[k] > 0 {
                    return;
                }
                LOSE
            }
            _ => DRAW,
        };
        self.codes[k] = c;
        self.rem[k] = round as u32;
        self.claimed.entry(round).or_default().push(k as u32);
    }

    fn build_parents(&mut self) {
        let n = self.codes.len();
        let mut start = vec![0u64; n + 1];
        for &(o, _) in &self.pairs {
            start[o as usize + 1] += 1;
        }
        for k in 0..n {
            start[k + 1] += start[k];
        }
        let mut next = start.clone();
        let mut parents = vec![0u32; self.pairs.len()];
        for (o, p) in std::mem::take(&mut self.pairs) {
            parents[next[o as usize] as usize] = p;
            next[o as usize] += 1;
        }
        self.start = start;
        self.parents = parents;
    }
}

/// Solve a loopy game on this worker; worker 0 returns the whole table.
pub(crate) fn solve(
    worker: &mut Worker,
    ctx: &Ctx,
    game: &dyn Indexed,
    remoteness: bool,
) -> Result<Option<Gathered>, DistError> {
    let me = worker.index();
    let size = game.size();
    let part = Rc::new(Partition::new(std::iter::once(0..size).collect(), worker.peers()));
    let block = part.block(0, me);
    let n = (block.end - block.start) as usize;
    let state = Rc::new(RefCell::new(State {
        lo: block.start,
        count: vec![0; n],
        codes: vec![NONE; n],
        rem: vec![0; n],
        pairs: Vec::new(),
        start: Vec::new(),
        parents: Vec::new(),
        claimed: BTreeMap::new(),
        statuses: BTreeMap::new(),
        pieces: Vec::new(),
    }));
    let mut edges: InputHandleVec<u64, (u32, u32)> = InputHandleVec::new();
    let mut tells: InputHandleVec<u64, u64> = InputHandleVec::new();
    let mut control: InputHandleVec<u64, Status> = InputHandleVec::new();
    let mut gather: InputHandleVec<u64, Piece> = InputHandleVec::new();
    let probe = ProbeHandle::new();
    worker.dataflow::<u64, _, _>(|scope| {
        let (s1, s2, s3, s4) = (
            Rc::clone(&state),
            Rc::clone(&state),
            Rc::clone(&state),
            Rc::clone(&state),
        );
        let (p1, p2) = (Rc::clone(&part), Rc::clone(&part));
        scope
            .input_from(&mut edges)
            .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                Exchange::new(move |e: &(u32, u32)| p1.owner(e.0 as u64) as u64),
                "Parents",
                move |_, _| {
                    move |input, _output| {
                        input.for_each_stamp(|_cap, data| {
                            let mut st = s1.borrow_mut();
                            let lo = st.lo as u32;
                            st.pairs
                                .extend(data.flat_map(|d| d.drain(..)).map(|(o, p)| (o - lo, p)));
                        });
                    }
                },
            )
            .probe_with(&probe);
        scope
            .input_from(&mut tells)
            .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                Exchange::new(move |m: &u64| p2.owner(m >> 32) as u64),
                "Claim",
                move |_, _| {
                    move |input, _output| {
                        input.for_each_stamp(|_cap, data| {
                            let mut st = s2.borrow_mut();
                            for m in data.flat_map(|d| d.drain(..)) {
                                st.claim(m);
                            }
                        });
                    }
                },
            )
            .probe_with(&probe);
        crate::control_stream(scope, &mut control, s3, |st: &mut State| &mut st.statuses).probe_with(&probe);
        crate::gather_stream(scope, &mut gather, s4, |st: &mut State| &mut st.pieces).probe_with(&probe);
    });

    let mut time = 0u64;
    // Close round `time` on every worker; its statuses.
    let mut close = |worker: &mut Worker,
                     edges: &mut InputHandleVec<u64, (u32, u32)>,
                     tells: &mut InputHandleVec<u64, u64>,
                     control: &mut InputHandleVec<u64, Status>,
                     gather: &mut InputHandleVec<u64, Piece>,
                     status: Status|
     -> Result<Vec<Status>, DistError> {
        control.send(status);
        time += 1;
        edges.advance_to(time);
        tells.advance_to(time);
        control.advance_to(time);
        gather.advance_to(time);
        while probe.less_than(&time) {
            worker.step_or_park(Some(Duration::from_millis(5)));
        }
        let statuses = state
            .borrow_mut()
            .statuses
            .remove(&(time - 1))
            .unwrap_or_default();
        crate::check(&statuses)?;
        Ok(statuses)
    };

    // Round 0: option counts, the ends of the game, and the reverse edges.
    let mut frontier: Vec<u32> = Vec::new();
    let mut ties: Vec<u32> = Vec::new();
    let mut out = Vec::new();
    let mut sent = 0u64;
    for (k, i) in block.clone().enumerate() {
        if !game.is_position(i) {
            continue;
        }
        out.clear();
        let mut st = state.borrow_mut();
        match game.expand(i, &mut out) {
            Some(o) => {
                st.codes[k] = code(o);
                if o == Outcome::Draw {
                    ties.push(k as u32);
                } else {
                    frontier.push(k as u32);
                }
            }
            None if out.is_empty() => {
                st.codes[k] = LOSE;
                frontier.push(k as u32);
            }
            None => {
                st.count[k] = out.len() as u32;
                drop(st);
                for &o in &out {
                    edges.send((o as u32, i as u32));
                }
                sent += out.len() as u64;
                if k % 4096 == 4095 {
                    worker.step();
                }
            }
        }
    }
    let statuses = close(
        worker,
        &mut edges,
        &mut tells,
        &mut control,
        &mut gather,
        (
            me as u64,
            sent,
            (frontier.len() + ties.len()) as u64,
            String::new(),
        ),
    )?;
    state.borrow_mut().build_parents();
    let total_edges: u64 = statuses.iter().map(|s| s.1).sum();
    let mut messages = total_edges;
    let mut done: u64 = statuses.iter().map(|s| s.2).sum();
    let mut rounds = 0usize;
    // Rounds of wins and losses, then rounds of ties.
    for phase in [false, true] {
        let mut current = if phase {
            std::mem::take(&mut ties)
        } else {
            std::mem::take(&mut frontier)
        };
        let mut round = 0u64;
        loop {
            round += 1;
            if round > MAX_ROUND {
                return Err(RetroError::RemotenessOverflow(round).into());
            }
            let mut sent = 0u64;
            {
                let st = state.borrow();
                for &k in &current {
                    let what = if phase {
                        OPTION_TIES
                    } else if st.codes[k as usize] == LOSE {
                        OPTION_LOSES
                    } else {
                        OPTION_WINS
                    };
                    let (a, b) = (st.start[k as usize] as usize, st.start[k as usize + 1] as usize);
                    for &p in &st.parents[a..b] {
                        tells.send(tell(p as u64, what, round));
                    }
                    sent += (b - a) as u64;
                }
            }
            let statuses = close(
                worker,
                &mut edges,
                &mut tells,
                &mut control,
                &mut gather,
                (me as u64, sent, current.len() as u64, String::new()),
            )?;
            messages += statuses.iter().map(|s| s.1).sum::<u64>();
            rounds += 1;
            let resolved: u64 = statuses.iter().map(|s| s.2).sum();
            if resolved == 0 {
                break;
            }
            if round > 1 {
                // The first round's positions were counted in round 0.
                done += resolved;
            }
            if me == 0 {
                ctx.report(Report {
                    done: done.min(size),
                    total: size,
                    rounds: (rounds, 0),
                    messages,
                    edges: total_edges,
                });
            }
            current = state.borrow_mut().claimed.remove(&round).unwrap_or_default();
        }
    }
    // What was never claimed is a draw by repetition; then every block to worker 0.
    let mut error = String::new();
    let mut values = Block::new(block.clone(), remoteness);
    {
        let st = state.borrow();
        for (k, i) in block.clone().enumerate() {
            let (mut c, mut r) = (st.codes[k], st.rem[k]);
            if c == NONE {
                if !game.is_position(i) {
                    continue;
                }
                (c, r) = (DRAW, NO_END);
            }
            let byte = if !remoteness {
                0
            } else if r == NO_END {
                NO_END_BYTE
            } else if r < NO_END_BYTE as u32 {
                r as u8
            } else {
                if error.is_empty() {
                    error = RetroError::RemotenessOverflow(r as u64).to_string();
                }
                0
            };
            values.set(i, c, byte);
        }
    }
    for p in values.pieces(1 << 16) {
        gather.send(p.into_message());
    }
    close(
        worker,
        &mut edges,
        &mut tells,
        &mut control,
        &mut gather,
        (me as u64, 0, 0, error),
    )?;
    if me != 0 {
        return Ok(None);
    }
    let pieces = std::mem::take(&mut state.borrow_mut().pieces);
    let (outcomes, rem) = crate::assemble(size, remoteness, pieces);
    Ok(Some(Gathered {
        outcomes,
        rem,
        messages,
        // A pair is two u32s, a claim one u64.
        bytes: total_edges * 8 + (messages - total_edges) * 8,
        edges: total_edges,
        resumed: 0,
    }))
}
