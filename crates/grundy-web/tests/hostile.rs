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
    let (status, v) = send(
        &app,
        "GET",
        &format!("/api/solve?game=nim&position={}", "1,".repeat(3_000)),
        "",
    )
    .await;
    assert_error(status, &v, StatusCode::PAYLOAD_TOO_LARGE, "a long query");
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
    still_answers(&app).await;
}

#[tokio::test]
async fn get_reads_the_query() {
    let app = app();
    let (status, v) = send(&app, "GET", "/api/solve?game=nim&position=1,2&misere=true", "").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["position"], "1,2", "{v}");
    let (status, v) = send(&app, "GET", "/api/solve?game=nim&position=1&misere=maybe", "").await;
    assert_error(status, &v, StatusCode::BAD_REQUEST, "misere=maybe");
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

#[tokio::test]
async fn other_sites_are_refused() {
    use axum::body::Body;
    use tower::ServiceExt;
    let app = app();
    let ask = |host: &'static str, kind: &'static str| {
        axum::http::Request::post("/api/solve")
            .header("host", host)
            .header("content-type", kind)
            .body(Body::from(r#"{"game": "nim", "position": "1,2"}"#))
            .unwrap()
    };
    // A page whose name was rebound to 127.0.0.1 sends its own name as the Host.
    for (host, kind, want) in [
        ("evil.example", "application/json", StatusCode::FORBIDDEN),
        ("evil.example:8080", "application/json", StatusCode::FORBIDDEN),
        (
            "127.0.0.1.evil.example",
            "application/json",
            StatusCode::FORBIDDEN,
        ),
        // A form another site posts is not JSON.
        ("localhost:8080", "text/plain", StatusCode::UNSUPPORTED_MEDIA_TYPE),
        (
            "localhost:8080",
            "application/x-www-form-urlencoded",
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        ("localhost:8080", "application/json", StatusCode::OK),
        (
            "127.0.0.1:8080",
            "application/json; charset=utf-8",
            StatusCode::OK,
        ),
        ("[::1]:8080", "application/json", StatusCode::OK),
        ("LOCALHOST", "application/json", StatusCode::OK),
    ] {
        let response = app.clone().oneshot(ask(host, kind)).await.unwrap();
        assert_eq!(response.status(), want, "{host} {kind}");
        assert_eq!(response.headers()["x-content-type-options"], "nosniff");
    }
    // A public server answers any name.
    let mut options = options();
    options.loopback_hosts_only = false;
    let public = app_with(options);
    let response = public
        .oneshot(ask("grundy.example", "application/json"))
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
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
    let app = app_with(options);
    let (status, v) = post(&app, endpoint, request).await;
    assert_error(status, &v, StatusCode::SERVICE_UNAVAILABLE, "past the timeout");
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
