//! A bounded load test on loopback: a few hundred mixed requests, some hostile,
//! from a handful of concurrent clients over real connections. No good request
//! fails, every hostile one gets its status, and the server answers afterwards.

use std::net::SocketAddr;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::common::options;

/// One HTTP/1.1 request on a new connection: the status and the body.
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let text = String::from_utf8_lossy(&answer).to_string();
    let status: u16 = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {text:?}"));
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string();
    (status, body)
}

/// The requests: (method, path, body, the status it must get).
fn mix() -> Vec<(&'static str, String, String, u16)> {
    let good = |endpoint: &str, body: &str| ("POST", format!("/api/{endpoint}"), body.to_string(), 200);
    let bad = |body: &str, status: u16| ("POST", "/api/solve".to_string(), body.to_string(), status);
    vec![
        good("solve", r#"{"game": "nim", "position": "3,4,5"}"#),
        good("moves", r#"{"game": "nim", "position": "3,4,5", "misere": true}"#),
        good("solve", r#"{"game": "kayles", "position": "10,7"}"#),
        good("moves", r#"{"game": "tictactoe"}"#),
        good("board", r#"{"game": "tictactoe"}"#),
        good("catalogue", ""),
        ("GET", "/api/catalogue".to_string(), String::new(), 200),
        // Work is asked by a POST only: a GET is a link another site may show.
        (
            "GET",
            "/api/solve?game=nim&position=1,2".to_string(),
            String::new(),
            405,
        ),
        // A proxy's absolute target: the Host check would be beside the point.
        (
            "GET",
            "http://evil.example/api/catalogue".to_string(),
            String::new(),
            400,
        ),
        ("GET", "/".to_string(), String::new(), 200),
        ("GET", "/assets/app.js".to_string(), String::new(), 200),
        bad("{\"game\": ", 400),
        bad(r#"{"game": "no-such-game"}"#, 400),
        bad(r#"{"game": "/etc/passwd", "position": "1"}"#, 400),
        bad(
            &format!(r#"{{"game": "nim", "position": "{}"}}"#, "9,".repeat(50_000)),
            413,
        ),
        bad(
            r#"{"game": "wythoff", "position": "3000,3000", "misere": true}"#,
            503,
        ),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_few_hundred_mixed_requests() {
    let bound = grundy_web::bind("127.0.0.1:0".parse().unwrap(), options())
        .await
        .unwrap();
    let addr = bound.addr();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(bound.run(async {
        let _ = stopped.await;
    }));
    let mix = std::sync::Arc::new(mix());
    const CLIENTS: usize = 6;
    const EACH: usize = 50;
    let mut clients = Vec::new();
    for client in 0..CLIENTS {
        let mix = mix.clone();
        clients.push(tokio::spawn(async move {
            let mut failures = Vec::new();
            for k in 0..EACH {
                let (method, path, body, want) = &mix[(client * 7 + k * 5) % mix.len()];
                let (status, answer) = http(addr, method, path, body).await;
                if status != *want {
                    failures.push(format!(
                        "{method} {path} {}: {status} (want {want}) {answer}",
                        &body[..body.len().min(60)]
                    ));
                }
            }
            failures
        }));
    }
    let mut failures = Vec::new();
    for c in clients {
        failures.extend(c.await.unwrap());
    }
    assert!(
        failures.is_empty(),
        "{} of {} requests failed:\n{}",
        failures.len(),
        CLIENTS * EACH,
        failures.join("\n")
    );
    // Afterwards: it still answers.
    let (status, body) = http(
        addr,
        "POST",
        "/api/solve",
        r#"{"game": "nim", "position": "1,2,3"}"#,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    // Memory stayed under the budget: the test process's peak resident size (this
    // server, its clients and the other tests of the binary) is below the budget
    // that the server was given (4 GiB).
    let peak = peak_resident_bytes();
    eprintln!(
        "load: {} requests from {CLIENTS} clients; peak resident memory {} MiB",
        CLIENTS * EACH,
        peak >> 20
    );
    assert!(
        peak < crate::common::budget().max_memory,
        "peak resident {peak} bytes"
    );
    stop.send(()).unwrap();
    server.await.unwrap().unwrap();
}

/// The process's peak resident memory (Linux: VmHWM), 0 where it is not known.
fn peak_resident_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with("VmHWM:"))?.to_string();
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kib << 10)
        })
        .unwrap_or(0)
}
