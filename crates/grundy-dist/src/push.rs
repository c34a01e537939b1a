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
use crate::parts::{part_path, Part, PartHeader};
use crate::rounds::{self, Mark, Rounds};
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
    /// Claims are applied up to this time; later ones (from a worker that saw a
    /// round close before this one did) wait in `pending` until the driver opens
    /// their round, so that the state after a round holds that round's claims and
    /// no others (what a checkpoint saves).
    open: u64,
    pending: Vec<(u64, u64)>,
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

    /// Apply the claims of times up to `time` from now on, and those waiting.
    fn open_until(&mut self, time: u64) {
        self.open = time;
        let (now, later): (Vec<_>, Vec<_>) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|&(t, _)| t <= time);
        self.pending = later;
        for (_, m) in now {
            self.claim(m);
        }
    }

    /// The positions that tell their parents in the round after `round` of `phase`:
    /// those claimed in `round` (the ends of the game for round 0), wins and losses
    /// in phase 0, ties in phase 1.
    fn claimed_in(&self, phase: u8, round: u64) -> Vec<u32> {
        (0..self.codes.len())
            .filter(|&k| {
                let c = self.codes[k];
                c != NONE && self.rem[k] as u64 == round && (c == DRAW) == (phase == 1)
            })
            .map(|k| k as u32)
            .collect()
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

/// Solve a loopy game on this worker; worker 0 returns the whole table (unless
/// `job.gather` is off: then each worker leaves its part file). With `job.parts`,
/// each worker saves a checkpoint after a round (every round that ends a stretch
/// of work as large as the checkpoint), and with `job.resume` the job continues
/// from the latest one every worker holds.
pub(crate) fn solve(
    worker: &mut Worker,
    ctx: &Ctx,
    game: &dyn Indexed,
    job: &crate::JobOptions,
) -> Result<Option<Gathered>, DistError> {
    let remoteness = job.remoteness;
    let me = worker.index();
    let peers = worker.peers();
    let size = game.size();
    let part = Rc::new(Partition::new(std::iter::once(0..size).collect(), peers));
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
        open: 0,
        pending: Vec::new(),
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
                        input.for_each_stamp(|cap, data| {
                            let t = cap.least().copied().unwrap_or(0);
                            let mut st = s2.borrow_mut();
                            for m in data.flat_map(|d| d.drain(..)) {
                                if t <= st.open {
                                    st.claim(m);
                                } else {
                                    st.pending.push((t, m));
                                }
                            }
                        });
                    }
                },
            )
            .probe_with(&probe);
        crate::control_stream(scope, &mut control, s3, |st: &mut State| &mut st.statuses).probe_with(&probe);
        crate::gather_stream(scope, &mut gather, s4, |st: &mut State| &mut st.pieces).probe_with(&probe);
    });

    // The time of the round being sent (the driver reads it while `close` moves it on).
    let time = std::cell::Cell::new(0u64);
    // Close round `time` on every worker; its statuses.
    let close = |worker: &mut Worker,
                 edges: &mut InputHandleVec<u64, (u32, u32)>,
                 tells: &mut InputHandleVec<u64, u64>,
                 control: &mut InputHandleVec<u64, Status>,
                 gather: &mut InputHandleVec<u64, Piece>,
                 status: Status|
     -> Result<Vec<Status>, DistError> {
        control.send(status);
        let next = time.get() + 1;
        time.set(next);
        edges.advance_to(next);
        tells.advance_to(next);
        control.advance_to(next);
        gather.advance_to(next);
        while probe.less_than(&next) {
            worker.step_or_park(Some(Duration::from_millis(5)));
        }
        let statuses = state
            .borrow_mut()
            .statuses
            .remove(&(next - 1))
            .unwrap_or_default();
        crate::check(&statuses)?;
        Ok(statuses)
    };

    // Time 0: agree on the checkpoint to resume from, the latest one every worker
    // holds (none without --resume). Slots that cannot be used count as none; a
    // directory that cannot be cleared is an error of the job, told to every worker.
    let mut checkpoints = None;
    let mut latest = 0;
    let mut setup_error = String::new();
    if let Some(db) = &job.parts {
        let slots = rounds::Job {
            name: job.name.clone(),
            size,
            remoteness,
            worker: me,
            peers,
            lo: block.start,
            n,
            digest: job.digest,
        };
        match Rounds::open(db, slots, job.resume) {
            Ok(r) => {
                latest = r.latest();
                checkpoints = Some(r);
            }
            Err(e) => setup_error = e.to_string(),
        }
    }
    let statuses = close(
        worker,
        &mut edges,
        &mut tells,
        &mut control,
        &mut gather,
        (me as u64, 0, latest, setup_error),
    )?;
    let agreed = statuses.iter().map(|s| s.2).min().unwrap_or(0);

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
    let mut rounds = 0u64;
    // An error to tell every worker with the next status.
    let mut error = String::new();
    // Resuming: the checkpoint replaces the state of round 0 (the reverse edges
    // stay); the rounds continue after the one it closed.
    let mut resume_at = None;
    if agreed > 0 {
        match checkpoints.as_mut().map(|r| r.load(agreed)) {
            Some(Ok(c)) => {
                let mut st = state.borrow_mut();
                st.codes = c.codes;
                st.rem = c.rem;
                st.count = c.count;
                st.claimed.clear();
                messages = c.mark.messages;
                done = c.mark.done;
                rounds = c.mark.seq;
                resume_at = Some((c.mark.phase, c.mark.round));
                if me == 0 {
                    ctx.report(Report {
                        done: done.min(size),
                        total: size,
                        rounds: (rounds as usize, 0),
                        messages,
                        edges: total_edges,
                    });
                }
            }
            Some(Err(e)) => error = e.to_string(),
            None => error = "a worker without checkpoints was asked to resume".into(),
        }
    }
    let resumed = rounds;
    let mut saves = 0usize;
    // Messages since the last checkpoint, all workers together (every worker
    // counts the same, from the same statuses, so all save in the same rounds).
    let mut unsaved = 0u64;
    // Rounds of wins and losses, then rounds of ties.
    for phase in resume_at.map_or(0, |(p, _)| p)..2 {
        let (mut round, mut current) = match resume_at.take() {
            Some((p, r)) => (r, state.borrow().claimed_in(p, r)),
            None if phase == 1 => (0, std::mem::take(&mut ties)),
            None => (0, std::mem::take(&mut frontier)),
        };
        loop {
            round += 1;
            if round > MAX_ROUND {
                return Err(RetroError::RemotenessOverflow(round).into());
            }
            // This round's claims apply from now on (and those that came early).
            state.borrow_mut().open_until(time.get());
            let mut sent = 0u64;
            {
                let st = state.borrow();
                for &k in &current {
                    let what = if phase == 1 {
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
                (me as u64, sent, current.len() as u64, std::mem::take(&mut error)),
            )?;
            let round_messages = statuses.iter().map(|s| s.1).sum::<u64>();
            messages += round_messages;
            unsaved += round_messages;
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
                    rounds: (rounds as usize, 0),
                    messages,
                    edges: total_edges,
                });
            }
            current = state.borrow_mut().claimed.remove(&round).unwrap_or_default();
            // The state holds every claim of this round and none of the next (they
            // wait until their round opens): save it, once the rounds since the
            // last checkpoint have sent as many messages as the table has indices
            // (a checkpoint writes 9 bytes an index, so saving costs at most about
            // what the rounds it protects cost). A failure stops the job at the
            // next round.
            if let Some(r) = checkpoints.as_mut().filter(|_| unsaved >= size) {
                unsaved = 0;
                let mark = Mark {
                    seq: rounds,
                    phase,
                    round,
                    messages,
                    done,
                };
                let st = state.borrow();
                match r.save(mark, &st.codes, &st.rem, &st.count) {
                    Ok(()) => {
                        saves += 1;
                        crate::saved(job, saves);
                    }
                    Err(e) => error = e.to_string(),
                }
            }
        }
    }
    // What was never claimed is a draw by repetition; then every block to worker 0,
    // or to this worker's part file.
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
    if !job.gather && error.is_empty() {
        if let Some(db) = &job.parts {
            let header = PartHeader {
                name: job.name.clone(),
                size,
                remoteness,
                worker: me,
                peers,
                done: 0,
                sum: 0,
            };
            if let Err(e) =
                Part::open(part_path(db, me, peers), header, false).and_then(|mut p| p.save(&values))
            {
                error = e.to_string();
            }
        }
    }
    if job.gather {
        for p in values.pieces(1 << 16) {
            gather.send(p.into_message());
        }
    }
    close(
        worker,
        &mut edges,
        &mut tells,
        &mut control,
        &mut gather,
        (me as u64, 0, 0, error),
    )?;
    // Every worker has its values in a part file or on their way to process 0.
    if let Some(r) = checkpoints {
        r.remove();
    }
    if me != 0 || !job.gather {
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
        resumed: resumed as usize,
    }))
}
