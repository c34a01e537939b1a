//! Long-lived worker threads for the package's calls.
//!
//! Every call runs off the Python thread, so that the Python thread can look at
//! its signals (Ctrl-C) while the work goes on. Starting a thread for each call
//! cost about 60 µs, most of a small `solve`; these threads stay, and a worker that
//! has just finished spins for a few tens of
//! microseconds before it sleeps, so a loop of small calls finds it awake. (The
//! caller does not spin: on a loaded machine its spinning took the core the
//! worker needed, and a small call took 100 µs instead of 6.) A worker stuck in a call the caller gave up on (after Ctrl-C)
//! is not waited for: the next call starts another worker.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

type Job = Box<dyn FnOnce() + Send>;

struct Pool {
    queue: Mutex<Queue>,
    ready: Condvar,
    /// Jobs queued, read without the lock by spinning workers.
    pending: AtomicUsize,
}

struct Queue {
    jobs: VecDeque<Job>,
    /// Workers waiting for a job (asleep or spinning).
    idle: usize,
}

/// How long a worker spins for the next job before sleeping.
pub const SPIN: Duration = Duration::from_micros(50);

/// The stack of a worker: deep canonical forms and searches recurse.
const STACK: usize = 64 << 20;

fn pool() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(|| Pool {
        queue: Mutex::new(Queue {
            jobs: VecDeque::new(),
            idle: 0,
        }),
        ready: Condvar::new(),
        pending: AtomicUsize::new(0),
    })
}

/// Run `job` on a worker, starting one when none is idle.
pub fn submit(job: Job) -> std::io::Result<()> {
    let p = pool();
    let mut q = p.queue.lock().unwrap_or_else(|e| e.into_inner());
    q.jobs.push_back(job);
    p.pending.fetch_add(1, Ordering::Release);
    if q.idle == 0 {
        // Counted idle at once, so a second call before it starts waits for it.
        q.idle += 1;
        drop(q);
        std::thread::Builder::new().stack_size(STACK).spawn(work)?;
    } else {
        drop(q);
        p.ready.notify_one();
    }
    Ok(())
}

fn work() {
    let p = pool();
    loop {
        let job = {
            let start = Instant::now();
            while p.pending.load(Ordering::Acquire) == 0 && start.elapsed() < SPIN {
                std::hint::spin_loop();
            }
            let mut q = p.queue.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if let Some(job) = q.jobs.pop_front() {
                    p.pending.fetch_sub(1, Ordering::AcqRel);
                    q.idle -= 1;
                    break job;
                }
                q = p.ready.wait(q).unwrap_or_else(|e| e.into_inner());
            }
        };
        job();
        let mut q = p.queue.lock().unwrap_or_else(|e| e.into_inner());
        q.idle += 1;
    }
}
