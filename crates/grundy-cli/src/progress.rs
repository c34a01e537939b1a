//! The progress display of a long solve: the core counts, the shell draws.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use grundy::solve::{observe, Progress};

use crate::render::count;

/// How long work runs before its spinner appears: quick answers never flash one.
const QUIET: Duration = Duration::from_secs(1);

/// How often the spinner reads the counters.
const TICK: Duration = Duration::from_millis(200);

/// Run `work` (a solve on this thread) with a spinner on stderr, drawn only when
/// stderr is a terminal and once the work has run for a second. Its message is
/// what the solvers report: the positions the search running now has visited, its
/// rate and its limit (a solver that reports nothing shows the time only).
pub fn searching<T>(work: impl FnOnce() -> T) -> T {
    let progress = Arc::new(Progress::default());
    let (done, finished) = mpsc::channel::<()>();
    let watched = Arc::clone(&progress);
    let watcher = thread::spawn(move || {
        if finished.recv_timeout(QUIET) != Err(RecvTimeoutError::Timeout) {
            return;
        }
        let spinner = crate::commands::period::spinner("solving");
        // The rate of the search running now: a new search starts its own count.
        let (mut since, mut last) = (Instant::now(), 0u64);
        loop {
            let seen = watched.positions();
            if seen < last {
                since = Instant::now();
            }
            last = seen;
            if let Some(limit) = watched.limit() {
                let rate = seen as f64 / since.elapsed().as_secs_f64().max(1e-3);
                spinner.set_message(format!(
                    "solving: {} searched of at most {limit} ({rate:.0} a second)",
                    count(seen, "position"),
                ));
            }
            if finished.recv_timeout(TICK) != Err(RecvTimeoutError::Timeout) {
                break;
            }
        }
        spinner.finish_and_clear();
    });
    let out = observe(&progress, work);
    drop(done);
    // The watcher only draws; if it failed, the answer still stands.
    let _ = watcher.join();
    out
}
