//! The level-by-level solver of acyclic games (pull) as a Timely dataflow.
//!
//! Round `k` solves level `levels - 1 - k`. Each worker expands the positions of its
//! block of the level and sends one request `(option, requester)` per edge, exchanged
//! on the option's owner; the owner answers with the option's 2-bit outcome and
//! remoteness byte packed with the requester in one `u64`, exchanged back on the
//! requester's owner, which merges it into the position's [`Best`]. Merging is
//! commutative, so the order in which answers arrive does not matter. A probe on the
//! merge closes the round: once it passes `k`, every answer of round `k` has been
//! merged on every worker.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::time::Duration;

use grundy::solve::codes::{code, NONE};
use grundy_retro::{Best, Levelled};
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::Operator;
use timely::dataflow::operators::{Input, Probe};
use timely::dataflow::{InputHandleVec, ProbeHandle};
use timely::worker::Worker;

use crate::block::{Block, Piece};
use crate::partition::Partition;
use crate::{Ctx, DistError, Gathered, Report, Status};

/// A request: `(option, requester)`.
type Request = (u64, u64);

/// An answer: the requester, the option's outcome code and remoteness byte.
#[inline]
fn answer(requester: u64, code: u8, rem: u8) -> u64 {
    requester << 10 | (code as u64) << 8 | rem as u64
}

/// The largest index an answer can carry.
pub(crate) const MAX_INDEX: u64 = 1 << 54;

/// The level being gathered: a [`Best`] per position of this worker's block.
struct Gathering {
    level: usize,
    round: u64,
    lo: u64,
    best: Vec<Best>,
}

/// What one worker holds, shared by its driver and its operators.
struct State {
    part: Rc<Partition>,
    remoteness: bool,
    /// This worker's block of each level solved so far.
    blocks: Vec<Option<Block>>,
    gathering: Option<Gathering>,
    /// The first error seen here (an option that is not a solved position, a
    /// remoteness that does not fit), told to every worker at the next round.
    error: Option<String>,
    statuses: BTreeMap<u64, Vec<Status>>,
    /// The pieces of the table sent to worker 0 (there only).
    pieces: Vec<Piece>,
}

impl State {
    /// Turn the level gathered into its block of values.
    fn finish_level(&mut self) {
        let Some(g) = self.gathering.take() else { return };
        let hi = g.lo + g.best.len() as u64;
        let mut block = Block::new(g.lo..hi, self.remoteness);
        for (k, b) in g.best.into_iter().enumerate() {
            match b.value(self.remoteness) {
                Ok((c, r)) => {
                    if c != NONE {
                        block.set(g.lo + k as u64, c, r);
                    }
                }
                Err(e) => {
                    self.error.get_or_insert(e.to_string());
                }
            }
        }
        self.blocks[g.level] = Some(block);
    }

    /// The value of option `o` asked for in round `round`.
    fn lookup(&mut self, o: u64, round: u64) -> Option<(u8, u8)> {
        let l = self.part.level_of(o)?;
        if self
            .gathering
            .as_ref()
            .is_some_and(|g| g.level == l && g.round < round)
        {
            // Every answer of that round has been merged (the round closed on
            // every worker before anyone asked for its level).
            self.finish_level();
        }
        let (c, r) = self.blocks[l].as_ref()?.get(o);
        (c != NONE).then_some((c, r))
    }
}

/// Solve a levelled game on this worker; worker 0 returns the whole table (unless
/// `job.gather` is off). With `job.parts`, each level's block is saved in this
/// worker's part file, and with `job.resume` the job continues from the levels
/// every worker has saved.
pub(crate) fn solve(
    worker: &mut Worker,
    ctx: &Ctx,
    game: &dyn Levelled,
    job: &crate::JobOptions,
) -> Result<Option<Gathered>, DistError> {
    let remoteness = job.remoteness;
    let me = worker.index();
    let peers = worker.peers();
    let levels = game.levels();
    let part = Rc::new(Partition::new(
        (0..levels).map(|l| game.level(l)).collect(),
        peers,
    ));
    let state = Rc::new(RefCell::new(State {
        part: Rc::clone(&part),
        remoteness,
        blocks: vec![None; levels],
        gathering: None,
        error: None,
        statuses: BTreeMap::new(),
        pieces: Vec::new(),
    }));
    let mut requests: InputHandleVec<u64, Request> = InputHandleVec::new();
    let mut control: InputHandleVec<u64, Status> = InputHandleVec::new();
    let mut gather: InputHandleVec<u64, Piece> = InputHandleVec::new();
    let probe = ProbeHandle::new();
    worker.dataflow::<u64, _, _>(|scope| {
        let (s1, s2, s3, p1, p2) = (
            Rc::clone(&state),
            Rc::clone(&state),
            Rc::clone(&state),
            Rc::clone(&part),
            Rc::clone(&part),
        );
        scope
            .input_from(&mut requests)
            .unary::<timely::container::CapacityContainerBuilder<Vec<u64>>, _, _, _>(
                Exchange::new(move |r: &Request| p1.owner(r.0) as u64),
                "Answer",
                move |_, _| {
                    move |input, output| {
                        input.for_each_stamp(|cap, data| {
                            let round = cap.least().copied().unwrap_or(0);
                            let mut st = s1.borrow_mut();
                            let mut session = output.session(&cap);
                            for (o, i) in data.flat_map(|d| d.drain(..)) {
                                match st.lookup(o, round) {
                                    Some((c, r)) => session.give(answer(i, c, r)),
                                    None => {
                                        let l = st.part.level_of(i).unwrap_or(0);
                                        st.error.get_or_insert(format!(
                                            "position {i} (level {l}) has option {o}, which is not a solved position of a later level"
                                        ));
                                    }
                                }
                            }
                        });
                    }
                },
            )
            .unary::<timely::container::CapacityContainerBuilder<Vec<()>>, _, _, _>(
                Exchange::new(move |a: &u64| p2.owner(a >> 10) as u64),
                "Merge",
                move |_, _| {
                    move |input, _output| {
                        input.for_each_stamp(|_cap, data| {
                            let mut st = s2.borrow_mut();
                            let g = st.gathering.as_mut().expect("answers come in a round");
                            for a in data.flat_map(|d| d.drain(..)) {
                                let i = a >> 10;
                                g.best[(i - g.lo) as usize].add((a >> 8 & 3) as u8, a as u8);
                            }
                        });
                    }
                },
            )
            .probe_with(&probe);
        crate::control_stream(scope, &mut control, Rc::clone(&s3), |st: &mut State| &mut st.statuses)
            .probe_with(&probe);
        let s4 = Rc::clone(&state);
        crate::gather_stream(scope, &mut gather, s4, |st: &mut State| &mut st.pieces).probe_with(&probe);
    });

    // Time 0: agree on the levels every worker has saved (0 without --resume).
    // A part that cannot be opened or read back is an error of the job, told at
    // time 0 so that every worker stops together.
    let mut setup_error = String::new();
    let mut saved = None;
    let mut loaded = Vec::new();
    if let Some(db) = &job.parts {
        let header = crate::parts::PartHeader {
            name: job.name.clone(),
            size: game.size(),
            remoteness,
            worker: me,
            peers,
            done: 0,
            sum: 0,
        };
        match crate::parts::Part::open(crate::parts::part_path(db, me, peers), header, job.resume) {
            Ok(mut p) => {
                let ranges: Vec<_> = (0..p.done().min(levels))
                    .map(|k| part.block(levels - 1 - k, me))
                    .collect();
                match p.load_done(&ranges) {
                    Ok(blocks) => loaded = blocks,
                    Err(e) => setup_error = e.to_string(),
                }
                saved = Some(p);
            }
            Err(e) => setup_error = e.to_string(),
        }
    }
    // The blocks loaded are in place before this worker says how many it has: a
    // peer that sees the agreement before this worker does may already ask for
    // options of the levels agreed on, and this worker's Answer operator answers
    // them while it is still waiting for time 0 to close.
    let loaded_levels = loaded.len();
    {
        let mut st = state.borrow_mut();
        for (k, b) in loaded.into_iter().enumerate() {
            st.blocks[levels - 1 - k] = Some(b);
        }
    }
    control.send((me as u64, 0, loaded_levels as u64, setup_error));
    requests.advance_to(1);
    control.advance_to(1);
    gather.advance_to(1);
    while probe.less_than(&1) {
        worker.step_or_park(Some(Duration::from_millis(5)));
    }
    let statuses = state.borrow_mut().statuses.remove(&0).unwrap_or_default();
    crate::check(&statuses)?;
    let resumed = statuses.iter().map(|s| s.2 as usize).min().unwrap_or(0);
    let mut done = 0u64;
    if let Some(p) = saved.as_mut() {
        if let Err(e) = p.keep(resumed) {
            state.borrow_mut().error.get_or_insert(e.to_string());
        }
    }
    // Levels this worker saved beyond the agreement are solved again (nobody asks
    // for their options before that: requests only name levels already solved).
    for k in resumed..loaded_levels {
        state.borrow_mut().blocks[levels - 1 - k] = None;
    }
    for k in 0..resumed {
        let r = game.level(levels - 1 - k);
        done += r.end - r.start;
    }
    if me == 0 && resumed > 0 {
        ctx.report(Report {
            done,
            total: game.size(),
            rounds: (resumed, levels),
            messages: 0,
            edges: 0,
        });
    }

    let mut out = Vec::new();
    let mut messages = 0u64;
    for k in resumed as u64..levels as u64 {
        // Round k is solved at time k + 1 (time 0 was the agreement).
        let time = k + 1;
        let l = levels - 1 - k as usize;
        let block = part.block(l, me);
        // The gathering is in place before the first request goes out: answers
        // for this worker's positions may arrive at any step after it.
        state.borrow_mut().gathering = Some(Gathering {
            level: l,
            round: time,
            lo: block.start,
            best: vec![Best::NO_OPTION; (block.end - block.start) as usize],
        });
        let known = |n: usize, b: Best| {
            if let Some(g) = state.borrow_mut().gathering.as_mut() {
                g.best[n] = b;
            }
        };
        let mut sent = 0u64;
        // Set the values known without asking (gaps, ends); ask for the rest.
        for (n, i) in block.clone().enumerate() {
            if !game.is_position(i) {
                known(n, Best::GAP);
                continue;
            }
            out.clear();
            if let Some(o) = game.expand(i, &mut out) {
                known(n, Best::known(code(o), 0));
                continue;
            }
            for &o in &out {
                requests.send((o, i));
            }
            sent += out.len() as u64;
            if n % 4096 == 4095 {
                // Let answers flow while the level is being expanded.
                worker.step();
            }
        }
        let error = state.borrow_mut().error.clone();
        control.send((me as u64, sent, 0, error.unwrap_or_default()));
        requests.advance_to(time + 1);
        control.advance_to(time + 1);
        gather.advance_to(time + 1);
        while probe.less_than(&(time + 1)) {
            worker.step_or_park(Some(Duration::from_millis(5)));
        }
        let mut st = state.borrow_mut();
        st.finish_level();
        let statuses = st.statuses.remove(&time).unwrap_or_default();
        // A part that cannot be written stops the job at the next round.
        let failed = match (saved.as_mut(), st.blocks[l].as_ref()) {
            (Some(p), Some(b)) if st.error.is_none() => {
                let result = p.save(b).err();
                if result.is_none() {
                    crate::saved(job, k as usize + 1 - resumed);
                }
                result
            }
            _ => None,
        };
        if let Some(e) = failed {
            st.error.get_or_insert(e.to_string());
        }
        drop(st);
        crate::check(&statuses)?;
        let round_messages: u64 = statuses.iter().map(|s| s.1).sum();
        messages += 2 * round_messages;
        let r = game.level(l);
        done += r.end - r.start;
        if me == 0 {
            ctx.report(Report {
                done,
                total: game.size(),
                rounds: (k as usize + 1, levels),
                messages,
                edges: messages / 2,
            });
        }
    }
    // The last round: errors of the last level, and every block to worker 0.
    let error = state.borrow_mut().error.clone();
    control.send((me as u64, 0, 0, error.unwrap_or_default()));
    if job.gather {
        for b in state.borrow_mut().blocks.iter_mut().flatten() {
            for p in std::mem::take(b).pieces(1 << 16) {
                gather.send(p.into_message());
            }
        }
    }
    let last = levels as u64 + 1;
    requests.advance_to(last + 1);
    control.advance_to(last + 1);
    gather.advance_to(last + 1);
    while probe.less_than(&(last + 1)) {
        worker.step_or_park(Some(Duration::from_millis(5)));
    }
    let statuses = state.borrow_mut().statuses.remove(&last).unwrap_or_default();
    crate::check(&statuses)?;
    if job.gather {
        // The table is on its way to being written: the parts are not needed.
        if let Some(p) = saved {
            p.remove();
        }
    }
    if me != 0 || !job.gather {
        return Ok(None);
    }
    let pieces = std::mem::take(&mut state.borrow_mut().pieces);
    let (outcomes, rem) = crate::assemble(game.size(), remoteness, pieces);
    Ok(Some(Gathered {
        outcomes,
        rem,
        messages,
        // A request is two u64s, an answer one.
        bytes: messages / 2 * 24,
        edges: messages / 2,
        resumed,
    }))
}
