//! Helpers: an app in process and one request to it.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use grundy::Budget;
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// The budget of the test servers: 4 GiB (1 GiB a request: a misère quotient keeps
/// 256 MiB for the program), a search of at most 250,000 positions (the table of
/// Connect Four on 4x4, 201,755 positions, fits; Dodgem 5's 240 million do not).
pub fn budget() -> Budget {
    Budget {
        max_memory: 4 << 30,
        max_positions: Some(250_000),
        ..Budget::default()
    }
}

/// Options of a test server around [`budget`].
pub fn options() -> grundy_web::Options {
    grundy_web::Options::new(budget())
}

/// The app with `options`.
pub fn app_with(options: grundy_web::Options) -> Router {
    grundy_web::router(grundy_web::State::new(options))
}

/// The app with the test options.
pub fn app() -> Router {
    app_with(options())
}

/// Send `method uri` with `body` (raw bytes) and read the status and the JSON
/// answer (every answer of the API is JSON).
pub async fn send(app: &Router, method: &str, uri: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .header("host", "localhost")
        .header("content-type", "application/json")
        .body(body.into())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value: Value = serde_json::from_slice(&bytes).unwrap_or_else(|e| {
        panic!(
            "{method} {uri}: not JSON ({e}): {}",
            String::from_utf8_lossy(&bytes)
        )
    });
    (status, value)
}

/// POST `fields` as JSON to `/api/{endpoint}`.
pub async fn post(app: &Router, endpoint: &str, fields: Value) -> (StatusCode, Value) {
    send(app, "POST", &format!("/api/{endpoint}"), fields.to_string()).await
}

/// An error answer is one object with one line under "error" (and, when the
/// budget ran out, the limit's key under "limit").
pub fn assert_error(status: StatusCode, value: &Value, want: StatusCode, what: &str) {
    assert_eq!(status, want, "{what}: {value}");
    let text = value["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{what}: no error text: {value}"));
    assert!(!text.is_empty() && !text.contains('\n'), "{what}: {text:?}");
    let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
    let extra = keys.iter().filter(|k| **k != "error" && **k != "limit").count();
    assert_eq!(extra, 0, "{what}: {value}");
    if let Some(limit) = value.get("limit") {
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{what}: {value}");
        let keys = [
            "max_memory",
            "max_work",
            "max_positions",
            "script_memory",
            "script_timeout",
            "cancelled",
        ];
        assert!(keys.contains(&limit.as_str().unwrap_or("")), "{what}: {value}");
    }
}
