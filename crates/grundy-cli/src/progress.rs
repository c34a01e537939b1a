//! The progress bar of a long solve: the core counts, the shell draws.

use std::sync::mpsc;
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use grundy::solve::{observe, Progress};

/// How long work runs before its bar appears: quick answers never flash one.
const QUIET: Duration = Duration::from_secs(1);

/// How often the bar reads the counters.
const TICK: Duration = Duration::from_millis(100);

/// Run `work` (a solve on this thread) with a progress bar on stderr, drawn only
/// when stderr is a terminal and once it has run for a second: the positions the
/// search running now has visited, the rate, and the search's limit.
pub fn searching<T>(work: impl FnOnce() -> T) -> T {
    let progress = Arc::new(Progress::default());
    let (done, finished) = mpsc::channel::<()>();
    let watched = Arc::clone(&progress);
    let watcher = thread::spawn(move || {
        if finished.recv_timeout(QUIET) != Err(mpsc::RecvTimeoutError::Timeout) {
            return;
        }
        let bar = crate::commands::period::progress_bar(0, "positions searched / limit");
        loop {
            if let Some(limit) = watched.limit() {
                bar.set_length(limit);
            }
            bar.set_position(watched.positions());
            if finished.recv_timeout(TICK) != Err(mpsc::RecvTimeoutError::Timeout) {
                break;
            }
        }
        bar.finish_and_clear();
    });
    let out = observe(&progress, work);
    drop(done);
    // The watcher only draws; if it failed, the answer still stands.
    let _ = watcher.join();
    out
}
