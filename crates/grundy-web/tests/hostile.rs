//! Hostile inputs: each gets its status and a one-line JSON error, and the server
//! answers afterwards.

use axum::http::StatusCode;
use serde_json::json;

use crate::common::{app, app_with, assert_error, options, post, send};

/// A good question, asked after each hostile one: the server still answers.
async fn still_answers(app: &axum::Router) {
    let (status, v) = post(app, "solve", json!({"game": "nim", "position": "1,2,3"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["outcome"], "lose", "{v}");
}

#[tokio::test]
async fn bad_requests_are_400_with_one_line() {
    let app = app();
    let cases = [
        ("malformed JSON", "{\"game\": \"nim\", \"position\": "),
        ("not an object", "[1, 2, 3]"),
        (
            "unknown field",
            "{\"game\": \"nim\", \"position\": \"1\", \"colour\": 3}",
        ),
        ("wrong type", "{\"game\": \"nim\", \"position\": 5}"),
        (
            "unknown game",
            "{\"game\": \"no-such-game\", \"position\": \"1\"}",
        ),
        ("a bad position", "{\"game\": \"nim\", \"position\": \"1,x,3\"}"),
        ("no game", "{\"position\": \"1\"}"),
        (
            "a path as game text",
            "{\"game\": \"/etc/passwd\", \"position\": \"1\"}",
        ),
        (
            "a game file as game text",
            "{\"game\": \"examples/games/dawson.toml\", \"position\": \"1\"}",
        ),
        (
            "a script as game text",
            "{\"game\": \"x.luau\", \"position\": \"1\"}",
        ),
        ("bad parameters", "{\"game\": \"connect4:rows=-1\"}"),
    ];
    for (what, body) in cases {
        for endpoint in ["solve", "moves", "board"] {
            let (status, v) = send(&app, "POST", &format!("/api/{endpoint}"), body).await;
            assert_error(
                status,
                &v,
                StatusCode::BAD_REQUEST,
                &format!("{what} to {endpoint}"),
            );
        }
        still_answers(&app).await;
    }
}

#[tokio::test]
async fn a_path_is_never_read() {
    let app = app();
    let (status, v) = post(&app, "solve", json!({"game": "/etc/passwd", "position": "1"})).await;
    assert_error(status, &v, StatusCode::BAD_REQUEST, "a path");
    assert!(!v["error"].as_str().unwrap().contains("root:"), "{v}");
    // A game file that exists is not loaded either: only those given at start are.
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/games/kayles.toml");
    assert!(file.exists());
    let file = file.to_str().unwrap();
    for endpoint in ["solve", "moves", "board", "values", "value", "period"] {
        let (status, v) = post(&app, endpoint, json!({"game": file, "position": "5"})).await;
        assert_error(
            status,
            &v,
            StatusCode::BAD_REQUEST,
            &format!("{endpoint} of a game file"),
        );
    }
    let expression = format!("{file}(5)");
    let (status, v) = post(&app, "calc", json!({ "expression": expression })).await;
    assert_error(status, &v, StatusCode::BAD_REQUEST, "a game file in calc");
}

#[tokio::test]
async fn too_large_is_413() {
    let app = app();
    let huge = "1,".repeat(100_000);
    let (status, v) = post(&app, "solve", json!({"game": "nim", "position": huge})).await;
    assert_error(status, &v, StatusCode::PAYLOAD_TOO_LARGE, "a huge body");
    // Under the body limit but over the position's.
    let long = "1,".repeat(5_000);
    let (status, v) = post(&app, "solve", json!({"game": "nim", "position": long})).await;
    assert_error(status, &v, StatusCode::PAYLOAD_TOO_LARGE, "a long position");
    still_answers(&app).await;
}

/// A table larger than a request's positions is refused before it is solved
/// (Dodgem 5 once held its slot for 95 s past its answer), and a move list longer
/// than them before it is listed (four lists of nim's 999,999 moves at once took
/// the server past 5 GB).
#[tokio::test]
async fn tables_and_move_lists_beyond_the_positions_are_refused_up_front() {
    let app = app();
    let (status, v) = post(&app, "solve", json!({"game": "dodgem:5", "position": "start"})).await;
    assert_error(status, &v, StatusCode::SERVICE_UNAVAILABLE, "dodgem 5");
    assert_eq!(v["limit"], "max_positions", "{v}");
    let (status, v) = post(&app, "moves", json!({"game": "nim", "position": "999999"})).await;
    assert_error(status, &v, StatusCode::SERVICE_UNAVAILABLE, "nim's moves");
    assert_eq!(v["limit"], "max_positions", "{v}");
    let (status, v) = post(&app, "moves", json!({"game": "nim", "position": "1000"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(1000), "{v}");
    still_answers(&app).await;
}

#[tokio::test]
async fn over_budget_is_503() {
    let app = app();
    // Misère Wythoff from (3000, 3000) has no closed form here and millions of
    // positions: far beyond a search of 200,000. (Domineering 6x6, once the
    // example, is answered now by the outcome search.)
    let (status, v) = post(
        &app,
        "solve",
        json!({"game": "wythoff", "position": "3000,3000", "misere": true}),
    )
    .await;
    assert_error(status, &v, StatusCode::SERVICE_UNAVAILABLE, "misère wythoff");
    assert_eq!(v["limit"], "max_positions", "{v}");
    still_answers(&app).await;
}

#[tokio::test]
async fn a_script_that_never_stops_is_stopped() {
    let mut options = options();
    options.budget.script_time = std::time::Duration::from_millis(200);
    let limits = grundy_rules::Limits::from_budget(&options.budget);
    let game = grundy_rules::game_from_luau(
        "forever.luau",
        "start = {5}\nfunction moves(p) while true do end end\n",
        limits,
    )
    .unwrap();
    let name = game.name();
    options.games.push(game);
    let app = app_with(options);
    let (status, v) = post(&app, "served", json!({})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v[0]["name"], name.as_str(), "{v}");
    for endpoint in ["solve", "moves"] {
        let (status, v) = post(&app, endpoint, json!({"game": name})).await;
        assert!(
            status.is_client_error() || status.is_server_error(),
            "{endpoint}: {status} {v}"
        );
        assert_ne!(status, StatusCode::INTERNAL_SERVER_ERROR, "{v}");
        assert!(v["error"].is_string(), "{v}");
    }
    still_answers(&app).await;
}

#[tokio::test]
async fn unknown_pages_and_methods() {
    let app = app();
    let (status, v) = send(&app, "GET", "/api/no-such-endpoint", "").await;
    assert_error(status, &v, StatusCode::NOT_FOUND, "an unknown endpoint");
    let (status, v) = send(&app, "GET", "/etc/passwd", "").await;
    assert_error(status, &v, StatusCode::NOT_FOUND, "an unknown page");
    let (status, v) = send(&app, "GET", "/assets/..%2F..%2FCargo.toml", "").await;
    assert_error(status, &v, StatusCode::NOT_FOUND, "a path in assets");
    let (status, v) = send(&app, "DELETE", "/api/solve", "").await;
    assert_error(status, &v, StatusCode::METHOD_NOT_ALLOWED, "DELETE");
    let (status, v) = send(&app, "PUT", "/api/catalogue", "").await;
    assert_error(status, &v, StatusCode::METHOD_NOT_ALLOWED, "PUT");
    still_answers(&app).await;
}

/// `method uri` with `content_type` (none: no header) and a good body to solve.
async fn status_of(app: &axum::Router, method: &str, uri: &str, content_type: Option<&str>) -> StatusCode {
    use tower::ServiceExt;
    let mut request = axum::http::Request::builder()
        .method(method)
        .uri(uri)
        .header("host", "localhost");
    if let Some(kind) = content_type {
        request = request.header("content-type", kind);
    }
    let request = request
        .body(axum::body::Body::from(r#"{"game": "nim", "position": "1,2"}"#))
        .unwrap();
    app.clone().oneshot(request).await.unwrap().status()
}

/// Another site's page may make the browser send a GET (a link, an image) or a
/// POST of a form or of `text/plain` without asking this server first: neither
/// starts any work (CSRF). Only `application/json` needs the server's consent.
#[tokio::test]
async fn work_takes_only_a_post_of_json() {
    let app = app();
    let endpoints = [
        "solve",
        "moves",
        "board",
        "values",
        "period",
        "quotient",
        "value",
        "thermograph",
        "calc",
        "explain",
    ];
    for endpoint in endpoints {
        let uri = format!("/api/{endpoint}?game=nim&position=1,2");
        let (status, v) = send(&app, "GET", &uri, "").await;
        assert_error(
            status,
            &v,
            StatusCode::METHOD_NOT_ALLOWED,
            &format!("GET {endpoint}"),
        );
        let uri = format!("/api/{endpoint}");
        for kind in [
            None,
            Some("text/plain"),
            Some("text/plain; charset=utf-8"),
            Some("application/x-www-form-urlencoded"),
            Some("multipart/form-data; boundary=x"),
            Some("application/jsonp"),
            Some("application/json-seq"),
            Some("application/json; charset=latin1"),
            Some("application/json; charset=utf-8; x=y"),
            Some("text/plain; application/json"),
        ] {
            let status = status_of(&app, "POST", &uri, kind).await;
            assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{endpoint} {kind:?}");
        }
    }
    for kind in [
        "application/json",
        "Application/JSON",
        "application/json; charset=utf-8",
        "application/json;charset=UTF-8",
    ] {
        let status = status_of(&app, "POST", "/api/solve", Some(kind)).await;
        assert_eq!(status, StatusCode::OK, "{kind}");
    }
    // Two Content-Types: not one that says JSON.
    use tower::ServiceExt;
    let request = axum::http::Request::post("/api/solve")
        .header("host", "localhost")
        .header("content-type", "application/json")
        .header("content-type", "text/plain")
        .body(axum::body::Body::from(r#"{"game": "nim", "position": "1,2"}"#))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    // The lists of games start no work: a GET reads them (so does the page's POST).
    for endpoint in ["catalogue", "served"] {
        let (status, v) = send(&app, "GET", &format!("/api/{endpoint}"), "").await;
        assert_eq!(status, StatusCode::OK, "GET {endpoint}: {v}");
        let (status, v) = post(&app, endpoint, json!({})).await;
        assert_eq!(status, StatusCode::OK, "POST {endpoint}: {v}");
        let status = status_of(&app, "POST", &format!("/api/{endpoint}"), Some("text/plain")).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{endpoint}");
    }
    still_answers(&app).await;
}

#[tokio::test]
async fn a_request_past_its_time_is_503() {
    let mut options = options();
    options.timeout = std::time::Duration::from_millis(1);
    options.max_concurrent = 1;
    let app = app_with(options);
    // A search of 200,000 positions takes far longer than a millisecond.
    let (status, v) = post(
        &app,
        "solve",
        json!({"game": "domineering:rows=6,cols=6", "position": "start"}),
    )
    .await;
    assert_error(status, &v, StatusCode::SERVICE_UNAVAILABLE, "past the timeout");
    assert!(v["error"].as_str().unwrap().contains("no answer within"), "{v}");
}

/// A game whose rules panic at heap 13 (a bug in a game defined in Rust).
struct Faulty;

impl grundy::Game for Faulty {
    type Position = u32;
    fn options(&self, &n: &u32, out: &mut Vec<u32>) -> Result<(), grundy::GameError> {
        assert!(n != 13, "a bug in the rules at 13");
        out.extend((1..=2).filter(|&k| k <= n).map(|k| n - k));
        Ok(())
    }
}

#[tokio::test]
async fn a_panic_is_a_500_for_that_request_only() {
    let mut options = options();
    options.games.push(grundy::dynamic::from_game("faulty", Faulty));
    let app = app_with(options);
    let (status, v) = post(&app, "solve", json!({"game": "faulty", "position": "7"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["remoteness"], 5, "{v}");
    let (status, v) = post(&app, "solve", json!({"game": "faulty", "position": "20"})).await;
    assert_error(status, &v, StatusCode::INTERNAL_SERVER_ERROR, "a panic");
    // The game and the server go on.
    let (status, v) = post(&app, "moves", json!({"game": "faulty", "position": "5"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    still_answers(&app).await;
}

/// `request` with the Host headers `hosts` to `app`: its status.
async fn status_with_hosts(app: &axum::Router, uri: &str, hosts: &[&str]) -> StatusCode {
    use tower::ServiceExt;
    let mut request = axum::http::Request::post(uri).header("content-type", "application/json");
    for host in hosts {
        request = request.header("host", *host);
    }
    let request = request
        .body(axum::body::Body::from(r#"{"game": "nim", "position": "1,2"}"#))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.headers()["x-content-type-options"], "nosniff");
    response.status()
}

/// A page whose name was rebound to 127.0.0.1 sends its own name as the Host
/// (DNS rebinding): only the loopback names, with the server's port or none, are
/// answered.
#[tokio::test]
async fn other_sites_are_refused() {
    let addr: std::net::SocketAddr = "127.0.0.1:8080".parse().unwrap();
    let app = grundy_web::router(grundy_web::State::listening_on(options(), addr));
    let refused = [
        "evil.example",
        "evil.example:8080",
        "127.0.0.1.evil.example",
        "localhost.evil.example",
        "localhost.evil.example:8080",
        "[::1]evil.example",
        "[::1].evil.example:8080",
        "[::1]:8080evil",
        "localhost:8080@evil.example",
        "localhost:8081",
        "localhost:",
        "localhost:80a",
        "localhost:99999",
        "127.0.0.2:8080",
        "127.1:8080",
        "2130706433:8080",
        "[::ffff:127.0.0.1]:8080",
        "0.0.0.0:8080",
        "192.168.1.5:8080",
        "localhost.",
        "",
        ":8080",
    ];
    for host in refused {
        assert_eq!(
            status_with_hosts(&app, "/api/solve", &[host]).await,
            StatusCode::BAD_REQUEST,
            "{host:?}"
        );
    }
    for host in [
        "localhost",
        "localhost:8080",
        "LocalHost:8080",
        "127.0.0.1",
        "127.0.0.1:8080",
        "[::1]",
        "[::1]:8080",
    ] {
        assert_eq!(
            status_with_hosts(&app, "/api/solve", &[host]).await,
            StatusCode::OK,
            "{host:?}"
        );
    }
    // No Host, or two (which one would a proxy have checked?).
    assert_eq!(
        status_with_hosts(&app, "/api/solve", &[]).await,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        status_with_hosts(&app, "/api/solve", &["localhost:8080", "evil.example"]).await,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        status_with_hosts(&app, "/api/solve", &["localhost:8080", "localhost:8080"]).await,
        StatusCode::BAD_REQUEST
    );
    // An absolute target names its host in the request line, whatever the Host.
    for uri in ["http://evil.example/api/solve", "http://localhost:8080/api/solve"] {
        assert_eq!(
            status_with_hosts(&app, uri, &["localhost:8080"]).await,
            StatusCode::BAD_REQUEST,
            "{uri}"
        );
    }
    // The page's own files are guarded alike.
    assert_eq!(
        status_with_hosts(&app, "/", &["evil.example:8080"]).await,
        StatusCode::BAD_REQUEST
    );
}

/// A public server (bound elsewhere on purpose) answers to its own address as
/// well, and to no other name.
#[tokio::test]
async fn a_public_server_answers_to_its_address() {
    let public = |bound: &str| {
        let mut options = options();
        options.loopback_hosts_only = false;
        grundy_web::router(grundy_web::State::listening_on(options, bound.parse().unwrap()))
    };
    let app = public("192.168.1.5:8080");
    for (host, want) in [
        ("192.168.1.5:8080", StatusCode::OK),
        ("192.168.1.5", StatusCode::OK),
        ("localhost:8080", StatusCode::OK),
        ("192.168.1.6:8080", StatusCode::BAD_REQUEST),
        ("192.168.1.5:8081", StatusCode::BAD_REQUEST),
        ("grundy.example:8080", StatusCode::BAD_REQUEST),
        ("192.168.1.5.evil.example:8080", StatusCode::BAD_REQUEST),
    ] {
        assert_eq!(
            status_with_hosts(&app, "/api/solve", &[host]).await,
            want,
            "{host}"
        );
    }
    // Listening on every address: any address of this machine, never a name.
    let app = public("0.0.0.0:8080");
    for (host, want) in [
        ("10.0.0.7:8080", StatusCode::OK),
        ("[fe80::1]:8080", StatusCode::OK),
        ("grundy.example:8080", StatusCode::BAD_REQUEST),
        ("10.0.0.7:9090", StatusCode::BAD_REQUEST),
    ] {
        assert_eq!(
            status_with_hosts(&app, "/api/solve", &[host]).await,
            want,
            "{host}"
        );
    }
}

#[tokio::test]
async fn a_request_past_its_time_frees_its_slot() {
    let mut options = options();
    options.budget.max_positions = Some(100_000_000);
    // The canonical value of 5x6 Domineering takes several seconds: over its time.
    let too_long = json!({"game": "domineering:rows=5,cols=6", "position": "start"});
    frees_its_slot(options, "value", too_long).await;
}

/// With one slot and a second's time, `request` to `endpoint` is answered 503, and
/// its work stops at the next look at its flag: the only slot is free again at once
/// for a question that takes milliseconds (else that one would time out too).
async fn frees_its_slot(mut options: grundy_web::Options, endpoint: &str, request: serde_json::Value) {
    options.timeout = std::time::Duration::from_secs(1);
    options.max_concurrent = 1;
    let state = grundy_web::State::new(options);
    let app = grundy_web::router(state.clone());
    let (status, v) = post(&app, endpoint, request).await;
    assert_error(status, &v, StatusCode::SERVICE_UNAVAILABLE, "past the timeout");
    assert_eq!(v["limit"], "cancelled", "{v}");
    // Its flag left the registry of the requests in flight with its answer.
    assert_eq!(state.in_flight(), 0);
    let (status, v) = post(&app, "solve", json!({"game": "nim", "position": "3,4,5"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
}

/// A game whose every position takes 100 µs to expand and whose lines never end:
/// a search of it runs until a limit stops it.
struct Slow;

impl grundy::Game for Slow {
    type Position = u32;
    fn options(&self, &n: &u32, out: &mut Vec<u32>) -> Result<(), grundy::GameError> {
        std::thread::sleep(std::time::Duration::from_micros(100));
        out.extend([n.saturating_add(1), n.saturating_add(2)]);
        Ok(())
    }
}

/// The same for a game loaded once and shared by the requests (a game file named
/// on the command line): the request's flag reaches its search all the same.
#[tokio::test]
async fn a_request_on_a_served_game_past_its_time_frees_its_slot() {
    let mut options = options();
    options.games.push(grundy::dynamic::from_game("slow", Slow));
    // 200,000 positions at 100 µs each would hold the only slot for 20 s.
    frees_its_slot(options, "solve", json!({"game": "slow", "position": "0"})).await;
}
