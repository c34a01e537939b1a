//! Stopping the server (what Ctrl-C and SIGTERM do, by a future the test
//! completes): the requests in flight are told to stop, and work that does not
//! listen is not waited for past the grace.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::common::options;
use crate::load::http;

/// Long enough to mean "never" for a test that passes, short enough to fail
/// rather than hang one that does not.
const HANG: Duration = Duration::from_secs(60);

/// A game whose every position takes 100 µs to expand and whose lines never end;
/// it raises `started` when its search begins.
struct Endless {
    started: Arc<AtomicBool>,
}

impl grundy::Game for Endless {
    type Position = u32;
    fn options(&self, &n: &u32, out: &mut Vec<u32>) -> Result<(), grundy::GameError> {
        self.started.store(true, Ordering::Relaxed);
        std::thread::sleep(Duration::from_micros(100));
        out.extend([n.saturating_add(1), n.saturating_add(2)]);
        Ok(())
    }
}

/// A game whose first expansion does not return until `released`, whatever
/// its flag says (a script's call, a solver between two looks at its flag).
struct Stubborn {
    started: Arc<AtomicBool>,
    released: Arc<AtomicBool>,
}

impl grundy::Game for Stubborn {
    type Position = u32;
    fn options(&self, &n: &u32, out: &mut Vec<u32>) -> Result<(), grundy::GameError> {
        self.started.store(true, Ordering::Relaxed);
        while !self.released.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
        out.extend([n.saturating_add(1), n.saturating_add(2)]);
        Ok(())
    }
}

/// A server with `options` on a free loopback port, asked to solve `game` from 0;
/// it is stopped once the game's search has `started`. The client's answer and
/// the server's end, each within [`HANG`].
async fn stop_while_solving(
    options: grundy_web::Options,
    game: &str,
    started: &AtomicBool,
) -> (
    tokio::task::JoinHandle<(u16, String)>,
    Result<Result<(), grundy_web::ServeError>, tokio::time::error::Elapsed>,
) {
    let bound = grundy_web::bind("127.0.0.1:0".parse().unwrap(), options)
        .await
        .unwrap();
    let addr = bound.addr();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(bound.run(async {
        let _ = stopped.await;
    }));
    let body = format!(r#"{{"game": "{game}", "position": "0"}}"#);
    let client = tokio::spawn(async move { http(addr, "POST", "/api/solve", &body).await });
    while !started.load(Ordering::Relaxed) {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    stop.send(()).unwrap();
    let ended = tokio::time::timeout(HANG, server)
        .await
        .map(|joined| joined.unwrap());
    (client, ended)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stopping_stops_the_requests_in_flight() {
    let started = Arc::new(AtomicBool::new(false));
    let mut options = options();
    // Nothing but its flag stops this search for hours.
    options.timeout = Duration::from_secs(3600);
    options.budget.max_positions = Some(u64::MAX);
    options.shutdown_grace = Duration::from_secs(3600);
    let game = Endless {
        started: started.clone(),
    };
    options.games.push(grundy::dynamic::from_game("endless", game));
    let (client, ended) = stop_while_solving(options, "endless", &started).await;
    ended
        .expect("the server waited for a request that was not told to stop")
        .unwrap();
    let (status, body) = tokio::time::timeout(HANG, client).await.unwrap().unwrap();
    assert_eq!(status, 503, "{body}");
    assert!(body.contains(r#""limit":"cancelled""#), "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stopping_waits_for_deaf_work_only_the_grace() {
    let started = Arc::new(AtomicBool::new(false));
    let released = Arc::new(AtomicBool::new(false));
    let mut options = options();
    options.timeout = Duration::from_secs(3600);
    options.budget.max_positions = Some(1_000);
    options.shutdown_grace = Duration::from_millis(50);
    let game = Stubborn {
        started: started.clone(),
        released: released.clone(),
    };
    options.games.push(grundy::dynamic::from_game("stubborn", game));
    let (client, ended) = stop_while_solving(options, "stubborn", &started).await;
    // Let the blocking thread end, so that this test's runtime can.
    released.store(true, Ordering::Relaxed);
    client.abort();
    ended
        .expect("the server waited past its grace for work that ignores its flag")
        .unwrap();
}
