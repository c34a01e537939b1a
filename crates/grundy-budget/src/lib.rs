//! The one budget of a grundy run, and the one error that says it ran out.
//!
//! Every front end (the CLI, the Python package, the web server) builds one
//! [`Budget`] from its flags and passes it down explicitly; no library reads the
//! environment or a process-wide setting. Every solver that can run long or grow
//! large checks the part of the budget that bounds it, and running out is always
//! [`OverBudget`]: which [`Limit`], how far the work got, and the flag that raises
//! it. Callers match on it instead of reading text:
//!
//! ```
//! use grundy_budget::{Budget, Limit, OverBudget};
//!
//! let budget = Budget { max_positions: Some(1_000), ..Budget::default() };
//! let err = budget.check_positions(2_000, 500, "solving nim 30,30").unwrap_err();
//! assert_eq!(err.limit, Limit::Positions);
//! assert!(err.to_string().ends_with("the limit is 1,000 positions); raise it with --max-positions"));
//! // Without a flag, each solver's own default applies.
//! assert_eq!(Budget::default().positions_or(500), 500);
//! ```
//!
//! Memory and script limits are one number for every solver. Work and positions
//! count different things in different solvers (options examined by a search, proof
//! states of a misère quotient, additions of canonical forms), so each solver has
//! its own default, sized to stop within seconds; a value the user sets
//! ([`Budget::max_work`], [`Budget::max_positions`]) applies to every solver alike.
//!
//! # Contents
//! - [`Budget`]: the limits, with the defaults a user gets without flags.
//! - [`Limit`]: which limit; its flag and its unit.
//! - [`OverBudget`]: the error.

#![warn(missing_docs)]

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The limits of one run. Built once by the front end and passed down.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Budget {
    /// The most bytes a run's tables may take (`--max-memory`).
    pub max_memory: u64,
    /// The most steps of work (options examined, proof states expanded, additions
    /// of canonical forms), each solver counting its own kind of step (`--max-work`);
    /// `None`: each solver's default.
    pub max_work: Option<u64>,
    /// The most positions a search keeps (`--max-positions`); `None`: each solver's
    /// default.
    pub max_positions: Option<u64>,
    /// The most bytes a game script's interpreter may hold (`--script-memory`).
    pub script_memory: u64,
    /// The longest one call into a game script may run (`--script-timeout`).
    pub script_time: Duration,
    /// The threads of the work that runs on all cores (Domineering's outcome
    /// search on large boards, tables by retrograde analysis): `None`, one a
    /// core (`--threads`).
    pub threads: Option<usize>,
    /// Set by the front end to stop the run early (a request past its time, a
    /// Ctrl-C in Python): the solvers that look at it stop with
    /// [`Limit::Cancelled`], as they stop at any other limit.
    pub cancel: Cancel,
}

/// A flag a front end raises to stop the runs that share it; [`Cancel::never`]
/// (the default) is never raised.
#[derive(Debug, Clone, Default)]
pub struct Cancel(Option<Arc<AtomicBool>>);

impl Cancel {
    /// A flag nobody raises.
    pub fn never() -> Cancel {
        Cancel(None)
    }

    /// A new flag, lowered; clones share it.
    pub fn new() -> Cancel {
        Cancel(Some(Arc::default()))
    }

    /// Raise the flag: every run that shares it stops at its next look.
    pub fn raise(&self) {
        if let Some(flag) = &self.0 {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the flag is raised.
    #[inline]
    pub fn is_raised(&self) -> bool {
        self.0.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// `Err` with the budget's error when the flag is raised, while doing `what`.
    pub fn check(&self, what: impl FnOnce() -> String) -> Result<(), OverBudget> {
        if self.is_raised() {
            Err(Budget::over(Limit::Cancelled, 1, 0, what()))
        } else {
            Ok(())
        }
    }
}

// Budgets compare and hash by their limits: a flag is not a limit.
impl PartialEq for Cancel {
    fn eq(&self, _other: &Cancel) -> bool {
        true
    }
}

impl Eq for Cancel {}

impl std::hash::Hash for Cancel {
    fn hash<H: std::hash::Hasher>(&self, _state: &mut H) {}
}

/// The memory limit when the front end knows nothing better: 8 GiB.
pub const DEFAULT_MAX_MEMORY: u64 = 8 << 30;
/// The positions a search, or a table of the positions reachable from a start,
/// holds by default (`--max-positions` raises it): about a few seconds of work.
pub const DEFAULT_POSITIONS: u64 = Task::Search.defaults().positions;
/// The memory of a script's interpreter by default: 64 MiB.
pub const DEFAULT_SCRIPT_MEMORY: u64 = 64 << 20;
/// The time of one call into a script by default: one second.
pub const DEFAULT_SCRIPT_TIME: Duration = Duration::from_secs(1);

/// What a solver is doing, for the defaults of the limits it counts in its own
/// unit. The user's `--max-work` and `--max-positions` apply to every task alike;
/// without them, each task gets the default of [`Task::defaults`], sized to stop
/// within seconds on a laptop.
///
/// | task | work counts | default work | positions count | default positions |
/// |---|---|---|---|---|
/// | [`Task::Search`] | options examined | 50,000,000 | positions visited | 2,000,000 |
/// | [`Task::HeapValues`] | options examined | 20,000,000,000 | | |
/// | [`Task::PeriodSearch`] | options examined | 4,000,000,000 | | |
/// | [`Task::Value`] | additions of canonical forms | 20,000,000 | positions valued | 2,000,000 |
/// | [`Task::SearchedValue`] | additions, per value in a move list | 2,000,000 | | |
/// | [`Task::Calc`] | additions | 50,000,000 | | |
/// | [`Task::OutcomeSearch`] | nodes | 10,000,000,000 | | |
/// | [`Task::OutcomeComponent`] | additions, per region | 2,000,000 | | |
/// | [`Task::Quotient`] | proof states | 500,000,000 | sums of heaps in the proof | 1,300,000 |
/// | [`Task::Serve`] | (as [`Task::Search`]) | 50,000,000 | a web request's positions | 500,000 |
///
/// Memory is one limit for every task, [`Budget::max_memory`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Task {
    /// The memoized search of play, nim-values by search, tables of the positions
    /// reachable from a start.
    Search,
    /// Nim-values of single heaps by the heap engine, computed on demand: about
    /// ten seconds (the split game to heap 100,000 examines 5·10^9 options in 9 s;
    /// Grundy's game reaches heap 1.5·10^6 within the default).
    HeapValues,
    /// The search for a proved period of a nim-sequence, in options examined
    /// (pairs of heaps XORed, single heaps looked up): a count, not a clock, so
    /// the answer is the same on every machine. The engine examines a few 10^9
    /// options a second, so the default is a few seconds; games that only take
    /// tokens never reach it, nor do sparse games (`octal:0.16` proves its
    /// period at G(509621)), while games whose values do not stay sparse
    /// (`octal:0.06`) stop near G(60000) (10^11 reached G(280000) in about a
    /// minute).
    PeriodSearch,
    /// Canonical values of partizan positions: forms are explicit, and a long
    /// Toads-and-Frogs row or a sum with large nimbers needs billions of steps
    /// (sums, comparisons, reductions); the default is about ten seconds. Its
    /// positions bound the component values a game keeps between calls.
    Value,
    /// The canonical value of each option in a move list, when it is searched.
    SearchedValue,
    /// The calculator's expressions.
    Calc,
    /// The outcome search of a partizan game under normal play, in nodes: about
    /// an hour here.
    OutcomeSearch,
    /// The value of one region inside the outcome search, in steps of
    /// canonical-form work: past it, the search treats the region as unknown and
    /// plays it out instead (a default only: `--max-work` bounds the search).
    OutcomeComponent,
    /// A misère quotient's proof.
    Quotient,
    /// One request of the web server, which shares the machine between requests:
    /// its positions are a quarter of a search's, so that four hostile searches at
    /// once stop in about a second each (Domineering 6x6: 0.7 s and 96 MB in a
    /// release build).
    Serve,
}

/// A task's limits when the user sets none (see [`Task`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Defaults {
    /// Steps of work, in the task's unit.
    pub work: u64,
    /// Positions kept.
    pub positions: u64,
}

impl Task {
    /// The defaults of the table above.
    pub const fn defaults(self) -> Defaults {
        let (work, positions) = match self {
            Task::Search => (50_000_000, 2_000_000),
            Task::HeapValues => (20_000_000_000, 2_000_000),
            Task::PeriodSearch => (4_000_000_000, 2_000_000),
            Task::Value => (20_000_000, 2_000_000),
            Task::SearchedValue => (2_000_000, 2_000_000),
            Task::Calc => (50_000_000, 2_000_000),
            Task::OutcomeSearch => (10_000_000_000, 2_000_000),
            Task::OutcomeComponent => (2_000_000, 2_000_000),
            Task::Quotient => (500_000_000, 1_300_000),
            Task::Serve => (50_000_000, 500_000),
        };
        Defaults { work, positions }
    }
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            max_memory: DEFAULT_MAX_MEMORY,
            max_work: None,
            max_positions: None,
            script_memory: DEFAULT_SCRIPT_MEMORY,
            script_time: DEFAULT_SCRIPT_TIME,
            threads: None,
            cancel: Cancel::never(),
        }
    }
}

impl Budget {
    /// No limit but the machine's: for library users who bound work themselves.
    pub fn unlimited() -> Self {
        Budget {
            max_memory: u64::MAX,
            max_work: Some(u64::MAX),
            max_positions: Some(u64::MAX),
            script_memory: u64::MAX,
            script_time: Duration::MAX,
            threads: None,
            cancel: Cancel::never(),
        }
    }

    /// The work a solver may do: the user's limit, else the solver's `default`.
    pub fn work_or(&self, default: u64) -> u64 {
        self.max_work.unwrap_or(default)
    }

    /// The positions a solver may keep: the user's limit, else the solver's `default`.
    pub fn positions_or(&self, default: u64) -> u64 {
        self.max_positions.unwrap_or(default)
    }

    /// The work `task` may do: the user's limit, else the task's default.
    pub fn work(&self, task: Task) -> u64 {
        self.work_or(task.defaults().work)
    }

    /// The positions `task` may keep: the user's limit, else the task's default.
    pub fn positions(&self, task: Task) -> u64 {
        self.positions_or(task.defaults().positions)
    }

    /// [`Budget::positions`] as a `usize` (saturated), for the solvers' tables.
    pub fn positions_usize(&self, task: Task) -> usize {
        usize::try_from(self.positions(task)).unwrap_or(usize::MAX)
    }

    /// The limit's value in this budget, in its unit (milliseconds for time), with
    /// `default` for a limit the user left to the solver.
    pub fn allowed_or(&self, limit: Limit, default: u64) -> u64 {
        match limit {
            Limit::Memory => self.max_memory,
            Limit::Work => self.work_or(default),
            Limit::Positions => self.positions_or(default),
            Limit::ScriptMemory => self.script_memory,
            Limit::ScriptTime => u64::try_from(self.script_time.as_millis()).unwrap_or(u64::MAX),
            Limit::Cancelled => 0,
        }
    }

    /// The error for `reached` units of `limit` when `allowed` were allowed.
    pub fn over(limit: Limit, reached: u64, allowed: u64, what: impl Into<String>) -> OverBudget {
        OverBudget {
            limit,
            what: what.into(),
            reached,
            allowed,
        }
    }

    /// `Ok` when `reached` units of `limit` fit (`default` when the user set none),
    /// else [`OverBudget`].
    pub fn check(
        &self,
        limit: Limit,
        reached: u64,
        default: u64,
        what: impl Into<String>,
    ) -> Result<(), OverBudget> {
        let allowed = self.allowed_or(limit, default);
        if reached > allowed {
            Err(Budget::over(limit, reached, allowed, what))
        } else {
            Ok(())
        }
    }

    /// [`Budget::check`] of memory, for an estimate in bytes (saturated to `u64`).
    pub fn check_memory(&self, bytes: u128, what: impl Into<String>) -> Result<(), OverBudget> {
        self.check(Limit::Memory, u64::try_from(bytes).unwrap_or(u64::MAX), 0, what)
    }

    /// [`Budget::check`] of work, with the solver's `default`.
    pub fn check_work(&self, steps: u64, default: u64, what: impl Into<String>) -> Result<(), OverBudget> {
        self.check(Limit::Work, steps, default, what)
    }

    /// [`Budget::check`] of positions, with the solver's `default`.
    pub fn check_positions(
        &self,
        positions: u64,
        default: u64,
        what: impl Into<String>,
    ) -> Result<(), OverBudget> {
        self.check(Limit::Positions, positions, default, what)
    }
}

/// Which limit of a [`Budget`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Limit {
    /// [`Budget::max_memory`], in bytes.
    Memory,
    /// [`Budget::max_work`], in steps.
    Work,
    /// [`Budget::max_positions`], in positions.
    Positions,
    /// [`Budget::script_memory`], in bytes.
    ScriptMemory,
    /// [`Budget::script_time`], in milliseconds.
    ScriptTime,
    /// [`Budget::cancel`] raised: the front end stopped the run (its time was up).
    Cancelled,
}

impl Limit {
    /// Every limit, in the order help texts list them.
    pub const ALL: [Limit; 5] = [
        Limit::Memory,
        Limit::Work,
        Limit::Positions,
        Limit::ScriptMemory,
        Limit::ScriptTime,
    ];

    /// The command-line flag that raises it (the Python keyword is the same name
    /// with underscores: `max_memory=`).
    pub fn flag(self) -> &'static str {
        match self {
            Limit::Memory => "--max-memory",
            Limit::Work => "--max-work",
            Limit::Positions => "--max-positions",
            Limit::ScriptMemory => "--script-memory",
            Limit::ScriptTime => "--script-timeout",
            Limit::Cancelled => "a longer time limit",
        }
    }

    /// The limit in words, as messages say it: "the memory budget".
    pub fn noun(self) -> &'static str {
        match self {
            Limit::Memory => "memory",
            Limit::Work => "work",
            Limit::Positions => "position",
            Limit::ScriptMemory => "script memory",
            Limit::ScriptTime => "script time",
            Limit::Cancelled => "time",
        }
    }

    /// The stable name of the limit in JSON and Python (`"max_memory"`).
    pub fn key(self) -> &'static str {
        match self {
            Limit::Memory => "max_memory",
            Limit::Work => "max_work",
            Limit::Positions => "max_positions",
            Limit::ScriptMemory => "script_memory",
            Limit::ScriptTime => "script_timeout",
            Limit::Cancelled => "cancelled",
        }
    }

    /// An amount of this limit's unit in words: `1.5 GB`, `2,000,000 steps`, `250 ms`.
    pub fn amount(self, n: u64) -> String {
        match self {
            Limit::Memory | Limit::ScriptMemory => human_bytes(u128::from(n)),
            Limit::Work => format!("{} steps", thousands(n)),
            Limit::Positions => format!("{} positions", thousands(n)),
            Limit::ScriptTime => format!("{} ms", thousands(n)),
            Limit::Cancelled => "the time given".to_string(),
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.noun())
    }
}

/// A run stopped by its budget: which limit, what was being done, how far it got.
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{}", self.message())]
pub struct OverBudget {
    /// The limit that ran out.
    pub limit: Limit,
    /// What was being computed, in words ("the table of dodgem:5").
    pub what: String,
    /// How far it got, or the estimate that was refused, in the limit's unit.
    pub reached: u64,
    /// The limit, in its unit.
    pub allowed: u64,
}

impl OverBudget {
    /// The one line a user reads: what ran out, how far it got, the flag that
    /// raises it.
    fn message(&self) -> String {
        let OverBudget {
            limit,
            what,
            reached,
            allowed,
        } = self;
        if *limit == Limit::Cancelled {
            return format!(
                "{what}: stopped before the end (the time it was given ran out, or it was interrupted)"
            );
        }
        format!(
            "{what}: over the {limit} budget (needs at least {}, the limit is {}); raise it with {}",
            limit.amount(*reached),
            limit.amount(*allowed),
            limit.flag()
        )
    }
}

/// Bytes in words: `1.5 GB`, `512.0 MB`, `999 B`.
pub fn human_bytes(bytes: u128) -> String {
    const UNITS: [&str; 6] = ["B", "KB", "MB", "GB", "TB", "PB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1000.0 && unit + 1 < UNITS.len() {
        value /= 1000.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// A count with thousands separators: `2,000,000`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_limit_names_its_flag_and_unit() {
        for limit in Limit::ALL {
            let e = Budget::over(limit, 11, 10, "x");
            let text = e.to_string();
            assert!(text.contains(limit.flag()), "{text}");
            assert!(text.contains(limit.noun()), "{text}");
        }
    }

    #[test]
    fn checks_refuse_only_beyond_the_limit() {
        let b = Budget {
            max_work: Some(10),
            ..Budget::default()
        };
        assert!(b.check_work(10, 5, "w").is_ok());
        assert_eq!(b.check_work(11, 5, "w").unwrap_err().reached, 11);
        assert_eq!(Budget::default().check_work(6, 5, "w").unwrap_err().allowed, 5);
        assert!(Budget::unlimited().check_memory(u128::MAX, "m").is_ok());
    }

    #[test]
    fn numbers_read_as_people_write_them() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(12_345_678), "12,345,678");
        assert_eq!(human_bytes(150_131_075_352), "150.1 GB");
        assert_eq!(Limit::ScriptTime.amount(1500), "1,500 ms");
    }
}
