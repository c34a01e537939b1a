//! Progress on stderr: the spinner of a long solve (the core counts, the shell
//! draws), and the bars and spinners the commands draw.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use grundy::solve::{observe, Progress};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::render::{count, count_of};

/// How long work runs before its spinner appears: quick answers never flash one.
const QUIET: Duration = Duration::from_secs(1);

/// How often the spinner reads the counters.
const TICK: Duration = Duration::from_millis(200);

/// Run `work` (a solve on this thread) with a spinner on stderr, drawn only when
/// stderr is a terminal and once the work has run for a second. Its message is
/// what the solvers report: the positions the search running now has visited, its
/// rate and its limit (a solver that reports nothing shows the time only).
pub fn searching<T>(work: impl FnOnce() -> T) -> T {
    watched(work, |watched, finished| {
        if finished(QUIET) {
            return;
        }
        let spinner = spinner("solving");
        // The rate of the search running now, from the first look at it (what
        // it counted before the spinner appeared took longer than the time
        // since): a new search starts its own count.
        let (mut since, mut base, mut last) = (Instant::now(), watched.positions(), 0u64);
        loop {
            let seen = watched.positions();
            if seen < last {
                (since, base) = (Instant::now(), 0);
            }
            last = seen;
            if let Some((done, to)) = watched.values() {
                spinner.set_message(format!("solving: nim-values G(n) for n < {done} of {to}"));
            } else if let Some(limit) = watched.limit() {
                let rate = (seen - base) as f64 / since.elapsed().as_secs_f64().max(1e-3);
                // An outcome search's transposition table: how full it is.
                let table = watched
                    .table()
                    .filter(|&(_, capacity)| capacity > 0)
                    .map(|(filled, capacity)| {
                        let entries = count_of(capacity, "entry", "entries");
                        format!(", table {} of {entries}", percent(filled, capacity))
                    })
                    .unwrap_or_default();
                spinner.set_message(format!(
                    "solving: {} searched of at most {limit} ({}{table})",
                    count(seen, "position"),
                    rate_text(rate),
                ));
            }
            if finished(TICK) {
                break;
            }
        }
        spinner.finish_and_clear();
    })
}

/// Run `work` (on this thread) with a bar on stderr of the `unit` it reports
/// done of its total (its positions of its limit).
pub fn with_bar<T>(unit: &'static str, work: impl FnOnce() -> T) -> T {
    watched(work, move |watched, finished| {
        let bar = progress_bar(0, unit);
        loop {
            if let Some(total) = watched.limit() {
                bar.set_length(total);
                bar.set_position(watched.positions());
            }
            if finished(TICK) {
                break;
            }
        }
        bar.finish_and_clear();
    })
}

/// Run `work` on this thread with its counters observed, and `watch` on
/// another reading them: `watch`'s second argument waits up to a time and says
/// whether the work has ended meanwhile.
fn watched<T>(
    work: impl FnOnce() -> T,
    watch: impl FnOnce(&Progress, &dyn Fn(Duration) -> bool) + Send + 'static,
) -> T {
    let progress = Arc::new(Progress::default());
    let (done, finished) = mpsc::channel::<()>();
    let watched = Arc::clone(&progress);
    let watcher = thread::spawn(move || {
        let ended = |wait| finished.recv_timeout(wait) != Err(RecvTimeoutError::Timeout);
        watch(&watched, &ended);
    });
    let out = observe(&progress, work);
    drop(done);
    // The watcher only draws; if it failed, the answer still stands.
    let _ = watcher.join();
    out
}

/// `part` of `whole` as a whole percentage (`37%`).
fn percent(part: u64, whole: u64) -> String {
    format!("{}%", (part as f64 * 100.0 / whole.max(1) as f64).round())
}

/// A rate as a person reads it: a whole number with thousands grouped, then `/s`
/// (`292,139/s`, not indicatif's `{per_sec}` `292,139.2829/s`).
pub fn rate_text(per_sec: f64) -> String {
    let n = if per_sec.is_finite() && per_sec > 0.0 {
        per_sec.round() as u64
    } else {
        0
    };
    let digits = n.to_string();
    let mut s = String::with_capacity(digits.len() + digits.len() / 3 + 2);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            s.push(',');
        }
        s.push(c);
    }
    s.push_str("/s");
    s
}

/// `style` with the key `{rate}`: the bar's positions a second, as [`rate_text`].
pub fn with_rate(style: indicatif::ProgressStyle) -> indicatif::ProgressStyle {
    style.with_key(
        "rate",
        |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = w.write_str(&rate_text(state.per_sec()));
        },
    )
}

/// A progress bar on stderr, drawn only when stderr is a terminal.
pub fn progress_bar(len: u64, unit: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    bar.set_style(with_rate(
        ProgressStyle::with_template(&format!(
            "{{spinner}} [{{elapsed_precise}}] {{wide_bar}} {{human_pos}}/{{human_len}} {unit} ({{rate}}, eta {{eta}}) {{msg}}"
        ))
        .expect("a valid template"),
    ));
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// A spinner on stderr (drawn only when stderr is a terminal), for work without a count.
pub fn spinner(msg: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}").expect("a valid template"),
    );
    bar.set_message(msg.to_string());
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

#[cfg(test)]
mod tests {
    use super::rate_text;

    #[test]
    fn rates_are_whole_numbers() {
        assert_eq!(rate_text(292_139.282_9), "292,139/s");
        assert_eq!(rate_text(0.4), "0/s");
        assert_eq!(rate_text(999.5), "1,000/s");
        assert_eq!(rate_text(1_234_567.0), "1,234,567/s");
        assert_eq!(rate_text(f64::NAN), "0/s");
        assert_eq!(rate_text(f64::INFINITY), "0/s");
    }
}
