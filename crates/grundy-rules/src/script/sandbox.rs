//! The sandbox: its limits, the clock of a call, the Luau that seals it, and the reading of a failed call.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use grundy::{Budget, Limit, OverBudget};
use mlua::Table;

use crate::error::one_line;

/// Sandbox limits of a script: memory and time per call.
///
/// The front end decides them: [`Limits::from_budget`] takes them from the run's
/// [`Budget`] (`script_memory`, `script_time`); nothing in this crate reads the
/// environment. Running out of either is a [`GameError::OverBudget`](grundy::GameError::OverBudget) (wrapped in
/// [`RulesError::Game`](crate::RulesError::Game) while loading) with [`Limit::ScriptMemory`] or
/// [`Limit::ScriptTime`], so callers can match on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Bytes the Luau state and the positions kept for the script may take together
    /// (default 64 MiB, [`grundy_budget::DEFAULT_SCRIPT_MEMORY`]).
    pub memory: usize,
    /// Time one call into the script may take (default 1 s,
    /// [`grundy_budget::DEFAULT_SCRIPT_TIME`]), the script's top level included.
    pub timeout: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits::from_budget(&Budget::default())
    }
}

impl Limits {
    /// The script limits of a run's budget: [`Budget::script_memory`] and
    /// [`Budget::script_time`] ([`Budget::unlimited`] gives no limit but the machine's).
    ///
    /// ```
    /// use grundy_rules::Limits;
    /// use std::time::Duration;
    /// let budget = grundy::Budget { script_memory: 16 << 20, script_time: Duration::from_millis(250), ..Default::default() };
    /// let limits = Limits::from_budget(&budget);
    /// assert_eq!((limits.memory, limits.timeout), (16 << 20, Duration::from_millis(250)));
    /// ```
    pub fn from_budget(budget: &Budget) -> Limits {
        Limits {
            memory: usize::try_from(budget.script_memory).unwrap_or(usize::MAX),
            timeout: budget.script_time,
        }
    }

    /// The error for going `reached` units over one of these limits while doing `what`.
    pub(super) fn over(self, limit: Limit, reached: u64, what: &str) -> OverBudget {
        let allowed = match limit {
            Limit::ScriptTime => u64::try_from(self.timeout.as_millis()).unwrap_or(u64::MAX),
            _ => self.memory as u64,
        };
        OverBudget {
            limit,
            what: one_line(what),
            reached: reached.max(allowed),
            allowed,
        }
    }
}

pub(super) fn describe_memory(bytes: usize) -> String {
    if bytes & ((1 << 20) - 1) == 0 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

/// A size for messages, in MiB (rounded up) from 1 MiB on.
pub(super) fn describe_memory_rounded(bytes: usize) -> String {
    if bytes < 1 << 20 {
        format!("{bytes} bytes")
    } else {
        format!("{} MiB", bytes.div_ceil(1 << 20))
    }
}

/// The per-call deadline, read by the interrupt handler.
pub(super) struct Clock {
    base: Instant,
    /// When the current call started and must end, in nanoseconds since `base`.
    started_ns: AtomicU64,
    deadline_ns: AtomicU64,
    pub(super) ticks: AtomicU32,
    pub(super) expired: AtomicBool,
    /// The flag of the budget of the current call: raised, the call stops at the
    /// interrupt's next look, as at the deadline.
    cancel: Mutex<grundy::Cancel>,
    /// The call stopped because its flag was raised, not at the deadline.
    cancelled: AtomicBool,
}

impl Clock {
    pub(super) fn new() -> Clock {
        Clock {
            base: Instant::now(),
            started_ns: AtomicU64::new(0),
            deadline_ns: AtomicU64::new(u64::MAX),
            ticks: AtomicU32::new(0),
            expired: AtomicBool::new(false),
            cancel: Mutex::new(grundy::Cancel::never()),
            cancelled: AtomicBool::new(false),
        }
    }

    /// Start a call that must end within `timeout` and stops when `cancel` is raised.
    pub(super) fn arm(&self, timeout: Duration, cancel: &grundy::Cancel) {
        let now = self.base.elapsed();
        let ns = |d: Duration| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
        self.started_ns.store(ns(now), Ordering::Relaxed);
        // `Duration::MAX` (an unlimited budget) must not overflow.
        self.deadline_ns
            .store(ns(now.saturating_add(timeout)), Ordering::Relaxed);
        *self.cancel.lock().unwrap_or_else(|e| e.into_inner()) = cancel.clone();
        self.expired.store(false, Ordering::Relaxed);
        self.cancelled.store(false, Ordering::Relaxed);
    }

    /// True (and from then on expired) once the deadline has passed or the call's
    /// flag is raised.
    pub(super) fn past_deadline(&self) -> bool {
        if self.expired.load(Ordering::Relaxed) {
            return true;
        }
        if self.cancel.lock().unwrap_or_else(|e| e.into_inner()).is_raised() {
            self.cancelled.store(true, Ordering::Relaxed);
            self.expired.store(true, Ordering::Relaxed);
            return true;
        }
        if self.base.elapsed().as_nanos() as u64 > self.deadline_ns.load(Ordering::Relaxed) {
            self.expired.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }

    /// Milliseconds since the current call started.
    fn elapsed_ms(&self) -> u64 {
        let now = self.base.elapsed().as_nanos() as u64;
        now.saturating_sub(self.started_ns.load(Ordering::Relaxed)) / 1_000_000
    }
}

/// Calls `moves` (or `left`, `right`) and spreads a short list into multiple
/// results: `true, entries...`; `false, value` for anything else (a long list, or
/// not a list at all).
pub(super) const SPREAD: &str = include_str!("spread.luau");

/// Replaces what a script may not use with functions (and, for the libraries,
/// tables) that raise an error naming it, at the line of the script that used it:
/// "require is not available in the sandbox ...", not "attempt to call a nil value".
pub(super) const ABSENT: &str = include_str!("absent.luau");

/// Installed before the sandbox is sealed, with `check` (a host function that
/// raises the time-limit error once the deadline has passed) and `flags` (a table
/// whose `hit` the host reads after every call).
///
/// The interrupt that enforces the time limit fires only in Luau code, never inside
/// a library function written in C, so the library functions whose C loops can run
/// long without allocating (which the memory limit would stop) are replaced by
/// versions that do the same work in pieces of bounded cost, calling `check`
/// between pieces: `table.move` (of up to 2^31 nils), `table.foreachi` and
/// `table.sort` with a C comparison, plain `string.find` and `string.split` with a
/// long needle (O(length × needle) in C). Small calls go to the C function as they are.
///
/// Luau's memory-limit error can be caught by `pcall`; the functions that catch
/// errors (`pcall`, `xpcall`, `coroutine.resume`, `coroutine.close`) set `flags.hit`
/// when they see it (also with the position `coroutine.wrap` adds in front) and
/// raise it again, so it reaches the host, which fails the call whatever the
/// script did with the error. Setting an existing field allocates nothing.
pub(super) const GUARD: &str = include_str!("guard.luau");

/// The result of a call, failed if the call went over a limit whatever it returned:
/// a script that caught the time-limit error (or the memory-limit error, which
/// [`GUARD`] flags) and returned normally still went over the limit.
pub(super) fn settle<T>(clock: &Clock, flags: &Table, r: mlua::Result<T>) -> mlua::Result<T> {
    if clock.expired.load(Ordering::Relaxed) {
        return Err(mlua::Error::runtime("time limit exceeded"));
    }
    if flags.raw_get::<bool>("hit").unwrap_or(false) {
        let _ = flags.raw_set("hit", false);
        return Err(mlua::Error::MemoryError("not enough memory".into()));
    }
    r
}

/// Why a call failed: a limit of the budget, or the script's own error (its line, if known, and the message).
pub(super) enum Failure {
    Over(OverBudget),
    Script(Option<usize>, String),
}

/// The failure of a call: the time limit, the memory cap, or the script's own error.
pub(super) fn explain(file: &str, e: &mlua::Error, clock: &Clock, limits: Limits, what: &str) -> Failure {
    if clock.cancelled.swap(false, Ordering::Relaxed) {
        clock.expired.store(false, Ordering::Relaxed);
        return Failure::Over(Budget::over(Limit::Cancelled, 1, 0, format!("{file}: {what}")));
    }
    if clock.expired.load(Ordering::Relaxed) {
        clock.expired.store(false, Ordering::Relaxed);
        let what = format!(
            "{file}: {what} ran longer than the time limit of {} ms and was stopped (an endless loop?)",
            limits.timeout.as_millis()
        );
        return Failure::Over(limits.over(Limit::ScriptTime, clock.elapsed_ms(), &what));
    }
    let message = lua_message(e);
    if matches!(e, mlua::Error::MemoryError(_)) || message.contains("not enough memory") {
        let what = format!(
            "{file}: {what} used more than the memory limit of {} and was stopped",
            describe_memory(limits.memory)
        );
        // The allocation refused is not known: what was reached is the limit.
        return Failure::Over(limits.over(Limit::ScriptMemory, 0, &what));
    }
    let (line, message) = locate(file, &message);
    Failure::Script(line, format!("{message} (in {what})"))
}

pub(super) fn lua_message(e: &mlua::Error) -> String {
    let m = match e {
        mlua::Error::CallbackError { cause, .. } => return lua_message(cause),
        mlua::Error::WithContext { cause, .. } => return lua_message(cause),
        mlua::Error::RuntimeError(m) | mlua::Error::SyntaxError { message: m, .. } => m
            .split("\nstack traceback")
            .next()
            .unwrap_or(m)
            .trim()
            .to_string(),
        mlua::Error::MemoryError(_) => "out of memory".into(),
        other => other.to_string(),
    };
    // `error({...})` raises a table, which prints as its address: say what it is.
    if let Some(kind) = ["table", "function", "userdata", "thread"]
        .into_iter()
        .find(|k| m.strip_prefix(k).is_some_and(|r| r.starts_with(": 0x")))
    {
        return format!("the script raised an error that is a {kind}, not a message (use error(\"text\"))");
    }
    m
}

/// Split `file:LINE: message` into the line and the message.
pub(super) fn locate(file: &str, message: &str) -> (Option<usize>, String) {
    if let Some(rest) = message.strip_prefix(file).and_then(|r| r.strip_prefix(':')) {
        if let Some((line, msg)) = rest.split_once(':') {
            if let Ok(n) = line.trim().parse() {
                return (Some(n), msg.trim().to_string());
            }
        }
    }
    (None, message.to_string())
}
