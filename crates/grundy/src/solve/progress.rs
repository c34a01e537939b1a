//! Progress of long solves, for the shell to show.
//!
//! The core does no I/O: a solver only counts. The shell makes a [`Progress`],
//! runs the work inside [`observe`] and reads the counters from another thread
//! (a progress bar). Nothing in the seam changes: the solvers started on this
//! thread while [`observe`] runs find the observer themselves.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

/// Counters that the solvers running under [`observe`] keep up to date.
#[derive(Debug, Default)]
pub struct Progress {
    positions: AtomicU64,
    limit: AtomicU64,
    values: AtomicU64,
    values_to: AtomicU64,
    table: AtomicU64,
    table_capacity: AtomicU64,
}

impl Progress {
    /// Positions visited by the search running now (a new search starts from zero).
    pub fn positions(&self) -> u64 {
        self.positions.load(Relaxed)
    }

    /// The most positions the search running now may visit (`None`: no search yet).
    pub fn limit(&self) -> Option<u64> {
        Some(self.limit.load(Relaxed)).filter(|&l| l > 0)
    }

    /// The nim-values of single heaps computed so far (G(n) for n below the first),
    /// and how far they are asked for; `None` before a heap game reports any.
    pub fn values(&self) -> Option<(u64, u64)> {
        let to = self.values_to.load(Relaxed);
        (to > 0).then(|| (self.values.load(Relaxed), to))
    }
}

impl Progress {
    /// Entries in the running search's transposition table, and how many it may
    /// hold (`None`: the search keeps no table).
    pub fn table(&self) -> Option<(u64, u64)> {
        let capacity = self.table_capacity.load(Relaxed);
        (capacity > 0).then(|| (self.table.load(Relaxed), capacity))
    }
}

thread_local! {
    static OBSERVER: RefCell<Option<Arc<Progress>>> = const { RefCell::new(None) };
}

/// Run `work` with `progress` counting the positions that the solvers on this
/// thread visit (the memoized search, nim-values, the enumeration of a loopy game).
pub fn observe<T>(progress: &Arc<Progress>, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<Arc<Progress>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            OBSERVER.with(|o| *o.borrow_mut() = self.0.take());
        }
    }
    let _restore = Restore(OBSERVER.with(|o| o.borrow_mut().replace(Arc::clone(progress))));
    work()
}

/// Report that the search running now has visited `positions` of at most `limit`
/// (a no-op unless someone [`observe`]s). Solvers call it every few thousand
/// positions, so it costs nothing measurable.
pub fn report(positions: u64, limit: u64) {
    OBSERVER.with(|o| {
        if let Some(p) = o.borrow().as_ref() {
            p.positions.store(positions, Relaxed);
            p.limit.store(limit, Relaxed);
        }
    });
}

/// Report that a heap game's nim-values are computed for heaps below `done`, on
/// the way to `to` (a no-op unless someone [`observe`]s).
pub fn report_values(done: u64, to: u64) {
    OBSERVER.with(|o| {
        if let Some(p) = o.borrow().as_ref() {
            p.values.store(done, Relaxed);
            p.values_to.store(to, Relaxed);
        }
    });
}

/// Report the fill of the running search's transposition table: `entries` of at
/// most `capacity` (a no-op unless someone [`observe`]s).
pub fn report_table(entries: u64, capacity: u64) {
    OBSERVER.with(|o| {
        if let Some(p) = o.borrow().as_ref() {
            p.table.store(entries, Relaxed);
            p.table_capacity.store(capacity, Relaxed);
        }
    });
}

/// How often (in positions) the solvers call [`report`]: a power of two.
pub(crate) const REPORT_EVERY: usize = 4096;

/// How deep one line of play of new positions must go before a stopped search
/// says that the positions keep growing.
const GROWING_DEPTH: usize = 100_000;

/// The error of a search stopped by `e` (its limit, or the game's own failure,
/// such as a script's memory limit) while it followed one line of play `depth`
/// moves deep, having visited `visited` positions. When most of them lie on that
/// one line, every move led somewhere new: say that the game may not end.
pub(crate) fn stopped(e: crate::GameError, depth: usize, visited: usize) -> crate::GameError {
    use crate::GameError;
    if depth < GROWING_DEPTH || depth.saturating_mul(2) < visited {
        return e;
    }
    let why = format!(
        "positions keep growing: this game may not end (one line of play went {depth} moves without an end)"
    );
    match e {
        e if e.is_too_many_positions() => e.positions_of(|what| format!("{what} ({why})")),
        GameError::Loopy(_) => e,
        other => GameError::Rule(format!("{other}; {why}")),
    }
}
