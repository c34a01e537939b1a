//! # grundy-dist: tables built on Timely Dataflow
//!
//! The table builders of `grundy-retro` as [Timely Dataflow] computations, so that a
//! table can be built by many worker threads in one process, or by many processes
//! on many machines, and come out as the **same file**, byte for byte, that the
//! one-thread `grundy build` writes.
//!
//! Games come through the model every solver uses: a [`TableGame`] tells its
//! [`Numbering`] (level by level for acyclic games, one range for loopy ones), and
//! the positions are partitioned by index:
//!
//! - **Partition by index.** Each level's index range (the whole range `0..size`
//!   for a loopy game) is split into one contiguous block per worker, aligned to 32
//!   positions, so a block owns whole 64-bit words of the 2-bit table and the owner
//!   of an option is arithmetic on its index ([`partition`]).
//! - **Acyclic games (pull).** Round `k` solves level `levels - 1 - k`: each worker
//!   expands its block, sends `(option, requester)` to the option's owner, which
//!   answers with the option's outcome and remoteness; the requester merges the
//!   answers with [`grundy_retro::Best`], the rule of the dense solver as a
//!   commutative merge.
//! - **Loopy games (push, retrograde).** The reverse edges are built by one forward
//!   pass exchanging `(option, parent)` pairs to the option's owner. Round `r`
//!   resolves remoteness `r`: every position resolved at `r - 1` tells each parent
//!   "your option loses" or "your option wins", exchanged on the parent's owner,
//!   which claims a win, or counts down to a loss. Then ties, the same way; what is
//!   never reached is a draw by repetition.
//! - **Rounds.** Each round is one Timely timestamp; a probe on the merging
//!   operators closes it. With each round every worker broadcasts a status (messages
//!   sent, positions claimed, the first error it met), so that all workers stop at
//!   the same round, and an error anywhere is the same one-line error everywhere.
//! - **The table.** At the end every worker sends its blocks to worker 0, which
//!   assembles the table; process 0 writes it with [`Table::write`] (a temporary
//!   file renamed into place), the writer `grundy build` uses.
//! - **Checkpoints** ([`build`]). Level by level, each worker saves its block of
//!   every level in its part file ([`parts`]); in retrograde rounds, its state
//!   after a round in one of two round checkpoints ([`rounds`]). `resume` continues
//!   from the last level or round that every worker saved, agreed on before any
//!   worker starts the next one.
//! - **Domineering's outcome search** ([`solve_outcome`]): the positions two
//!   moves down are tasks solved in rounds by every worker's own search, the
//!   answers broadcast, so that every worker plans the next round alike
//!   ([`outcome`]).
//! - **Games enumerated from a start** ([`build_enumerated`]): every process
//!   enumerates the positions itself, in the order `grundy build` numbers them, and
//!   the workers solve the graph in retrograde rounds.
//!
//! ```
//! use grundy_dist::{solve, Cluster};
//! let game = grundy_retro::parse_table_game("tictactoe").unwrap().unwrap();
//! let one = game.solve(grundy_retro::DenseOptions::default(), &mut |_| {}).unwrap();
//! let three = solve(game.clone(), true, &Cluster::Threads(3), &mut |_| {}).unwrap().unwrap();
//! assert_eq!(one.with_name(game.name()).checksum(), three.table.checksum());
//! ```
//!
//! [Timely Dataflow]: https://github.com/TimelyDataflow/timely-dataflow
//!
//! ## Invariants
//! - The table does not depend on the number of workers or processes: every value
//!   is a commutative merge of the values of its options (pull), or a claim made in
//!   the round of its remoteness (push), whatever order messages arrive in.
//! - A worker reads a level only after the round that solved it has closed on
//!   every worker (the probe), so no answer is read half-made.
//! - No printing: progress goes to a callback on the calling thread; the
//!   connection code reports failures as errors, with a deadline.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::mpsc;
use std::sync::{Arc, Mutex, Once};
use std::time::Duration;

use grundy_retro::{RetroError, Table, TableGame};
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};
use timely::communication::{Config as CommunicationConfig, Hooks};
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::{Exchange, Pipeline};
use timely::dataflow::operators::generic::Operator;
use timely::dataflow::operators::vec::Broadcast;
use timely::dataflow::operators::Input;
use timely::dataflow::{InputHandleVec, Scope, Stream};
use timely::worker::Worker;
use timely::WorkerConfig;

pub use grundy_retro::Numbering;
pub use net::{parse_hosts, read_hosts};
pub use outcome::{solve_outcome, OutcomeSolved};

mod block;
mod enumerate;
mod net;
pub mod outcome;
pub mod partition;
pub mod parts;
mod pull;
mod push;
pub mod rounds;

/// What went wrong; every message is one line.
#[derive(Debug, thiserror::Error)]
pub enum DistError {
    /// Solving, reading or writing tables.
    #[error(transparent)]
    Retro(#[from] RetroError),
    /// A hosts file that cannot be used.
    #[error("hosts file {}: {message}", path.display())]
    Hosts {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
    /// A part file that cannot be read or written.
    #[error("{}: {message}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The processes could not connect, or connected to the wrong job.
    #[error("{0}")]
    Network(String),
    /// A job that cannot run as asked (a game without a numbering, a bad index).
    #[error("{0}")]
    Usage(String),
    /// A worker found the game inconsistent (told to every worker).
    #[error("{0}")]
    Solve(String),
    /// A worker's outcome search stopped (its budget ran out, or it was
    /// cancelled): the search's own one line, told to every worker.
    #[error("{0}")]
    Search(String),
    /// A process or worker of the job stopped (a peer killed, a connection lost).
    #[error("the job stopped: {0}")]
    Stopped(String),
}

/// The most workers a job may have in all (workers per process times processes).
/// Timely connects every worker to every other by channels of its own, so the
/// memory of a process grows with its workers times all the workers (200 workers
/// in one process take about 320 MB, 100,000 would take terabytes), and each worker
/// is a thread and a part file: more are refused up front with one line.
pub const MAX_WORKERS: usize = 256;

/// Where the workers run.
#[derive(Clone, Debug)]
pub enum Cluster {
    /// This many worker threads in this process.
    Threads(usize),
    /// Process `process` of `processes` (one line each of `hosts`, Timely's
    /// hosts format), each with `workers` threads; the processes must connect
    /// within `connect_timeout`.
    Processes {
        /// Worker threads per process.
        workers: usize,
        /// How many processes.
        processes: usize,
        /// This process, `0..processes`.
        process: usize,
        /// `host:port` of each process.
        hosts: Vec<String>,
        /// How long to wait for the others.
        connect_timeout: Duration,
    },
}

impl Cluster {
    /// This process's index (0 on one machine).
    pub fn process(&self) -> usize {
        match self {
            Cluster::Threads(_) => 0,
            Cluster::Processes { process, .. } => *process,
        }
    }

    /// Workers in the whole job.
    pub fn peers(&self) -> usize {
        match self {
            Cluster::Threads(w) => *w,
            Cluster::Processes {
                workers, processes, ..
            } => workers.saturating_mul(*processes),
        }
    }

    /// The indices of this process's workers.
    fn local_workers(&self) -> std::ops::Range<usize> {
        match self {
            Cluster::Threads(w) => 0..*w,
            Cluster::Processes { workers, process, .. } => process * workers..(process + 1) * workers,
        }
    }

    /// Check the shape before anything starts.
    fn check(&self) -> Result<(), DistError> {
        match self {
            Cluster::Threads(0) => Err(DistError::Usage("--workers must be at least 1".into())),
            Cluster::Threads(w) if *w > MAX_WORKERS => Err(DistError::Usage(format!(
                "--workers {w} is too many: at most {MAX_WORKERS} (each worker is a thread, and the channels between workers take memory growing with the square of their number)"
            ))),
            Cluster::Threads(_) => Ok(()),
            Cluster::Processes {
                workers,
                processes,
                process,
                hosts,
                ..
            } => {
                if *workers == 0 {
                    return Err(DistError::Usage("--workers must be at least 1".into()));
                }
                if *processes == 0 {
                    return Err(DistError::Usage("--processes must be at least 1".into()));
                }
                if workers.saturating_mul(*processes) > MAX_WORKERS {
                    return Err(DistError::Usage(format!(
                        "--workers {workers} in each of --processes {processes} is too many: at most {MAX_WORKERS} workers in all (the channels between workers take memory growing with the square of their number)"
                    )));
                }
                if process >= processes {
                    return Err(DistError::Usage(format!(
                        "--process {process} is out of range: with --processes {processes} it is 0 to {}",
                        processes - 1
                    )));
                }
                if hosts.len() != *processes {
                    return Err(DistError::Usage(format!(
                        "{} hosts for {processes} processes",
                        hosts.len()
                    )));
                }
                Ok(())
            }
        }
    }
}

/// Progress of the whole job, as worker 0 sees it after each round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// Positions solved (pull), or resolved so far (push).
    pub done: u64,
    /// Positions in all.
    pub total: u64,
    /// Rounds done, and in all when known (levels; 0 for retrograde rounds).
    pub rounds: (usize, usize),
    /// Messages sent by all workers so far (requests and answers, or claims).
    pub messages: u64,
    /// Edges (option relations) walked so far.
    pub edges: u64,
}

/// A table solved by the workers, on process 0.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The table, named after the game, as `build` writes it.
    pub table: Table,
    /// Messages sent between workers (each request, answer or claim is one).
    pub messages: u64,
    /// Bytes of those messages' payloads (Timely's framing not counted).
    pub bytes: u64,
    /// Edges of the game (option relations), each walked once per pass.
    pub edges: u64,
    /// Levels (level-by-level games) or rounds (retrograde) taken from the part
    /// files or checkpoints of an earlier run (`resume`).
    pub resumed: usize,
}

/// How to build: what the workers need to know besides the game.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Store a byte of remoteness per position.
    pub remoteness: bool,
    /// Continue from the part files (level-by-level games) or round checkpoints
    /// (retrograde) of a killed build.
    pub resume: bool,
    /// Send every block to process 0, which writes the table (else only the part
    /// files are written, for [`merge`]).
    pub gather: bool,
    /// For tests of `resume`: end this process abruptly, as a kill would
    /// (`std::process::exit`, no cleanup), as soon as one of its workers has saved
    /// this many levels or rounds in this run.
    pub stop_after: Option<usize>,
    /// The most bytes process 0 may give the gathered table (the budget's
    /// `max_memory`); a larger one is refused before any worker starts.
    pub max_memory: u64,
    /// The most positions [`build_enumerated`] enumerates (the budget's
    /// `max_positions`).
    pub max_positions: u64,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            remoteness: true,
            resume: false,
            gather: true,
            stop_after: None,
            max_memory: grundy_retro::DEFAULT_MEMORY_CAP,
            max_positions: grundy::DEFAULT_POSITIONS,
        }
    }
}

/// What every worker is told.
pub(crate) struct JobOptions {
    name: String,
    remoteness: bool,
    /// The table file whose part files and checkpoints the workers keep.
    parts: Option<PathBuf>,
    resume: bool,
    gather: bool,
    stop_after: Option<usize>,
    /// The digest of an enumerated game's graph (0 otherwise), in its checkpoints.
    digest: u64,
    /// The most bytes of the gathered table.
    max_memory: u64,
}

/// A worker has saved `saves` levels or rounds in this run: the test hook of
/// [`BuildOptions::stop_after`].
pub(crate) fn saved(job: &JobOptions, saves: usize) {
    if job.stop_after == Some(saves) {
        std::process::exit(9);
    }
}

/// A worker's status in a round: `(worker, messages sent, positions claimed, error)`.
pub(crate) type Status = (u64, u64, u64, String);

/// What worker 0 assembled.
pub(crate) struct Gathered {
    outcomes: Vec<u8>,
    rem: Option<Vec<u8>>,
    messages: u64,
    bytes: u64,
    edges: u64,
    resumed: usize,
}

/// What every worker can reach: the way to report progress to the calling thread.
pub(crate) struct Ctx {
    reports: mpsc::Sender<Report>,
}

impl Ctx {
    pub(crate) fn report(&self, r: Report) {
        let _ = self.reports.send(r);
    }
}

/// The first error in a round's statuses (every worker sees the same ones).
pub(crate) fn check(statuses: &[Status]) -> Result<(), DistError> {
    let mut errors: Vec<&Status> = statuses.iter().filter(|s| !s.3.is_empty()).collect();
    errors.sort_by_key(|s| s.0);
    match errors.first() {
        Some(s) => Err(DistError::Solve(s.3.clone())),
        None => Ok(()),
    }
}

/// The status stream of a dataflow: each worker's status broadcast to all, kept by
/// round in the state; the returned stream is for the round's probe.
pub(crate) fn control_stream<'s, S: 'static>(
    scope: Scope<'s, u64>,
    input: &mut InputHandleVec<u64, Status>,
    state: Rc<RefCell<S>>,
    slot: fn(&mut S) -> &mut BTreeMap<u64, Vec<Status>>,
) -> Stream<'s, u64, Vec<()>> {
    scope
        .input_from(input)
        .broadcast()
        .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(Pipeline, "Status", move |_, _| {
            move |input, _output| {
                input.for_each_stamp(|cap, data| {
                    let t = cap.least().copied().unwrap_or(0);
                    let mut st = state.borrow_mut();
                    slot(&mut st)
                        .entry(t)
                        .or_default()
                        .extend(data.flat_map(|d| d.drain(..)));
                });
            }
        })
}

/// The stream that sends every piece of the table to worker 0, where `slot` of the
/// state collects them (the same in the pull and the push solver).
pub(crate) fn gather_stream<'s, S: 'static>(
    scope: Scope<'s, u64>,
    input: &mut InputHandleVec<u64, block::Piece>,
    state: Rc<RefCell<S>>,
    slot: fn(&mut S) -> &mut Vec<block::Piece>,
) -> Stream<'s, u64, Vec<()>> {
    scope
        .input_from(input)
        .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
            Exchange::new(|_: &block::Piece| 0),
            "Gather",
            move |_, _| {
                move |input, _output| {
                    input.for_each_stamp(|_cap, data| {
                        slot(&mut state.borrow_mut()).extend(data.flat_map(|d| d.drain(..)));
                    });
                }
            },
        )
}

/// Put the pieces sent to worker 0 together into the table's values.
pub(crate) fn assemble(size: u64, remoteness: bool, pieces: Vec<block::Piece>) -> (Vec<u8>, Option<Vec<u8>>) {
    let mut outcomes = vec![0u8; size.div_ceil(4) as usize];
    let mut rem = remoteness.then(|| vec![0u8; size as usize]);
    for p in pieces {
        block::Block::from_message(p).write_into(&mut outcomes, rem.as_deref_mut());
    }
    (outcomes, rem)
}

thread_local! {
    /// Set on the calling thread while it collects the workers: panics there are
    /// the job's failure, reported as an error.
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// The first panic message of Timely's threads in this run.
static FIRST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Timely's threads panic when a peer goes away ("timely communication error");
/// keep those messages for the one-line error instead of printing them.
fn quiet_timely_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let timely = std::thread::current()
                .name()
                .is_some_and(|n| n.starts_with("timely:"));
            if timely || QUIET.with(Cell::get) {
                let p = info.payload();
                let message = p
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| p.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a worker panicked".into());
                if let Ok(mut first) = FIRST_PANIC.lock() {
                    first.get_or_insert(message);
                }
            } else {
                previous(info)
            }
        }));
    });
}

fn stopped() -> DistError {
    let why = FIRST_PANIC
        .lock()
        .ok()
        .and_then(|mut p| p.take())
        .unwrap_or_else(|| "a worker stopped".into());
    let why = why.lines().next().unwrap_or("").to_string();
    if why.contains("communication error") || why.contains("poisoned") {
        DistError::Stopped(format!(
            "the connection to another process was lost ({why}); restart every process"
        ))
    } else {
        DistError::Stopped(why)
    }
}

/// Run `func` on every worker of `cluster`, forwarding progress to `progress` on
/// this thread; the workers' results, or the job's error.
fn run<T, F>(
    cluster: &Cluster,
    job: u64,
    func: F,
    progress: &mut dyn FnMut(Report),
) -> Result<Vec<T>, DistError>
where
    T: Send + 'static,
    F: Fn(&mut Worker, &Ctx) -> Result<T, DistError> + Send + Sync + 'static,
{
    cluster.check()?;
    quiet_timely_panics();
    if let Ok(mut p) = FIRST_PANIC.lock() {
        *p = None;
    }
    let (builders, others): (Vec<AllocatorBuilder>, Box<dyn std::any::Any + Send>) = match cluster {
        Cluster::Threads(w) => CommunicationConfig::Process(*w)
            .try_build()
            .map_err(DistError::Network)?,
        Cluster::Processes {
            workers,
            process,
            hosts,
            connect_timeout,
            ..
        } => {
            let sockets = net::connect(hosts, *process, job, *connect_timeout)?;
            let hooks = Hooks::default();
            let local = ProcessBuilder::new_typed_vector(*workers, hooks.refill.clone(), None);
            let (builders, guard) =
                initialize_networking_from_sockets(local, sockets, *process, *workers, hooks)
                    .map_err(|e| DistError::Network(e.to_string()))?;
            (
                builders.into_iter().map(AllocatorBuilder::Tcp).collect(),
                Box::new(guard),
            )
        }
    };
    let (tx, rx) = mpsc::channel();
    let tx = Mutex::new(tx);
    let guards = timely::execute::execute_from(builders, others, WorkerConfig::default(), move |worker| {
        let ctx = Ctx {
            reports: tx.lock().expect("not poisoned").clone(),
        };
        func(worker, &ctx)
    })
    .map_err(DistError::Network)?;
    loop {
        match rx.recv_timeout(Duration::from_millis(50)) {
            Ok(r) => progress(r),
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if guards.guards().iter().all(|g| g.is_finished()) {
                    break;
                }
            }
        }
    }
    for r in rx.try_iter() {
        progress(r);
    }
    QUIET.with(|q| q.set(true));
    let joined = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| guards.join()));
    QUIET.with(|q| q.set(false));
    let mut results = Vec::new();
    let mut first_error = None;
    for r in joined.map_err(|_| stopped())? {
        match r {
            Ok(Ok(t)) => results.push(t),
            Ok(Err(e)) => {
                first_error.get_or_insert(e);
            }
            Err(_) => {
                first_error.get_or_insert_with(stopped);
            }
        }
    }
    match first_error {
        Some(e) => Err(e),
        None => Ok(results),
    }
}

/// Solve `game` on the workers of `cluster`: on process 0 the table (named after
/// the game, the table `grundy build` makes), elsewhere `None`. Nothing is written.
pub fn solve(
    game: Arc<dyn TableGame>,
    remoteness: bool,
    cluster: &Cluster,
    progress: &mut dyn FnMut(Report),
) -> Result<Option<Solved>, DistError> {
    let job = JobOptions {
        name: game.name(),
        remoteness,
        parts: None,
        resume: false,
        gather: true,
        stop_after: None,
        digest: 0,
        max_memory: grundy_retro::DEFAULT_MEMORY_CAP,
    };
    solve_job(Source::Table(game), job, cluster, progress)
}

/// What the workers solve: a game with a numbering of its own, or the graph of a
/// game enumerated from a start (the same on every process).
#[derive(Clone)]
enum Source {
    Table(Arc<dyn TableGame>),
    Graph(Arc<enumerate::Graph>),
}

impl Source {
    fn numbering(&self) -> Numbering<'_> {
        match self {
            Source::Table(g) => g.numbering(),
            Source::Graph(g) => Numbering::Indexed(g.as_ref()),
        }
    }

    fn size(&self) -> u64 {
        match self {
            Source::Table(g) => g.size(),
            Source::Graph(g) => grundy_retro::Indexed::size(g.as_ref()),
        }
    }

    /// What tells this job's graph from another's beyond the name and size.
    fn digest(&self) -> u64 {
        match self {
            Source::Table(_) => 0,
            Source::Graph(g) => g.digest,
        }
    }
}

fn solve_job(
    game: Source,
    job: JobOptions,
    cluster: &Cluster,
    progress: &mut dyn FnMut(Report),
) -> Result<Option<Solved>, DistError> {
    let name = job.name.clone();
    let size = game.size();
    let remoteness = job.remoteness;
    let (levelled, what) = match game.numbering() {
        Numbering::Levelled(_) => (true, "pull"),
        Numbering::Indexed(_) => (false, "push"),
        Numbering::None => {
            return Err(DistError::Usage(format!(
                "{name} has no numbering of its own; build it without --workers or --processes"
            )))
        }
    };
    if size >= pull::MAX_INDEX || (!levelled && size > grundy_retro::MAX_POSITIONS) {
        return Err(DistError::Usage(format!(
            "{name} has {size} indices, more than the distributed builder numbers"
        )));
    }
    if cluster.process() == 0 && job.gather {
        // Process 0 assembles the whole table.
        let needed = grundy_retro::dense_table_bytes(size, remoteness);
        grundy_retro::admit(size, needed, job.max_memory)?;
    }
    let (workers, processes) = match cluster {
        Cluster::Threads(w) => (*w, 1),
        Cluster::Processes {
            workers, processes, ..
        } => (*workers, *processes),
    };
    let fingerprint = grundy_retro::table::checksum(
        format!(
            "{name}\n{size}\n{remoteness}\n{workers}\n{processes}\n{what}\n{}\n{}\n{:016x}\n",
            job.resume,
            job.gather,
            game.digest()
        )
        .as_bytes(),
    );
    let worker_game = game.clone();
    let results = run(
        cluster,
        fingerprint,
        move |worker, ctx| match worker_game.numbering() {
            Numbering::Levelled(g) => pull::solve(worker, ctx, g, &job),
            Numbering::Indexed(g) => push::solve(worker, ctx, g, &job),
            Numbering::None => Ok(None),
        },
        progress,
    )?;
    let Some(g) = results.into_iter().flatten().next() else {
        return Ok(None);
    };
    Ok(Some(Solved {
        table: Table::from_values(name, size, g.outcomes, g.rem)?,
        messages: g.messages,
        bytes: g.bytes,
        edges: g.edges,
        resumed: g.resumed,
    }))
}

/// Solve `game` on `cluster` and, on process 0, write its table to `path` (built
/// in `path.tmp`, renamed when complete, as `grundy build` does). Level-by-level
/// games keep each worker's part file (`path.part-W-of-P`) after every level, and
/// retrograde ones each worker's checkpoint (`path.round-W-of-P.0` and `.1`) after
/// every round, for `resume`, until the table is gathered; without `gather`, the
/// part files are the result, for [`merge`].
pub fn build(
    game: Arc<dyn TableGame>,
    path: &Path,
    options: &BuildOptions,
    cluster: &Cluster,
    progress: &mut dyn FnMut(Report),
) -> Result<Option<Solved>, DistError> {
    let job = JobOptions {
        name: game.name(),
        remoteness: options.remoteness,
        parts: Some(path.to_path_buf()),
        resume: options.resume,
        gather: options.gather,
        stop_after: options.stop_after,
        digest: 0,
        max_memory: options.max_memory,
    };
    cluster.check()?;
    let solved = solve_job(Source::Table(game), job, cluster, progress).inspect_err(|_| {
        // A part with no level saved holds nothing to resume from: not left behind.
        parts::remove_empty(path, cluster.peers(), cluster.local_workers());
    })?;
    if let Some(s) = &solved {
        s.table.write(path)?;
    }
    Ok(solved)
}

/// Build the table of every position of `game` reachable from `start`, the file
/// `grundy build` writes for such a game (numbered in its breadth-first discovery
/// order, with the positions section): every process enumerates the positions
/// itself (at most [`BuildOptions::max_positions`]), then the workers solve them
/// in retrograde rounds as for any loopy game, and process 0 writes the table.
/// Checkpoints and `resume` work as for the games with a numbering of their own;
/// `gather` cannot be off (the file carries the positions, which only a process
/// holding them all can write).
pub fn build_enumerated(
    game: &dyn grundy::dynamic::DynGame,
    start: &grundy::dynamic::DynPosition,
    path: &Path,
    options: &BuildOptions,
    cluster: &Cluster,
    progress: &mut dyn FnMut(Report),
) -> Result<Option<Solved>, DistError> {
    let name = game.name();
    if !options.gather {
        return Err(DistError::Usage(format!(
            "{name}: --no-gather is for games with a numbering of their own; the table of positions enumerated from a start is written by process 0, which holds them all"
        )));
    }
    cluster.check()?;
    let limit = usize::try_from(options.max_positions).unwrap_or(usize::MAX);
    let (positions, graph) = enumerate::enumerate(game, start, limit)?;
    let graph = Arc::new(graph);
    let job = JobOptions {
        name,
        remoteness: options.remoteness,
        parts: Some(path.to_path_buf()),
        resume: options.resume,
        gather: true,
        stop_after: options.stop_after,
        digest: graph.digest,
        max_memory: options.max_memory,
    };
    let solved = solve_job(Source::Graph(Arc::clone(&graph)), job, cluster, progress)?;
    let Some(mut s) = solved else {
        return Ok(None);
    };
    s.table = grundy_retro::with_positions(s.table, &positions, |i| graph.option_indices(i));
    s.table.write(path)?;
    Ok(Some(s))
}

/// Join the part files of a build with `gather` off (every worker's, each
/// complete, e.g. copied from machines without a shared file system) into the
/// table of `game`, written to `path` as `grundy build` writes it.
pub fn merge(game: &dyn TableGame, parts: &[PathBuf], path: &Path) -> Result<Table, DistError> {
    // The ranges the build partitioned: the levels, or the one range of a loopy game.
    let levels: Vec<_> = match game.numbering() {
        Numbering::Levelled(g) => (0..g.levels()).map(|l| g.level(l)).collect(),
        Numbering::Indexed(g) => std::iter::once(0..g.size()).collect(),
        Numbering::None => {
            return Err(DistError::Usage(format!(
                "{} has no numbering of its own: it has no part files to merge",
                game.name()
            )))
        }
    };
    let first = parts::read_header(
        parts
            .first()
            .ok_or_else(|| DistError::Usage("no part files to merge".into()))?,
    )?;
    if first.name != game.name() {
        return Err(DistError::Usage(format!(
            "{} is a part of a table of {}, not {}",
            parts[0].display(),
            first.name,
            game.name()
        )));
    }
    let table = parts::merge(parts, &levels)?;
    table.write(path)?;
    Ok(table)
}
