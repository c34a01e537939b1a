//! The API answers as the library (and so the CLI's `--json`) does: every family
//! of the catalogue, at its example position.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::common::{app, post, send};

fn examples() -> Vec<(String, String)> {
    grundy_rules::catalogue()
        .families()
        .filter_map(|f| f.example.map(|(g, p)| (g.to_string(), p.to_string())))
        .collect()
}

#[tokio::test]
async fn every_family_solves_and_lists_moves() {
    let app = app();
    let (status, catalogue) = send(&app, "GET", "/api/catalogue", "").await;
    assert_eq!(status, StatusCode::OK);
    let families = catalogue.as_array().unwrap();
    assert!(families.len() > 10, "{catalogue}");
    let examples = examples();
    assert!(examples.len() > 10);
    for (game, position) in examples {
        for endpoint in ["solve", "moves", "board"] {
            let (status, v) = post(&app, endpoint, json!({"game": game, "position": position})).await;
            assert_eq!(status, StatusCode::OK, "{endpoint} {game} {position}: {v}");
            if endpoint != "board" {
                assert!(v["game"].is_string(), "{v}");
            }
        }
    }
}

#[tokio::test]
async fn the_page_is_served() {
    let app = app();
    for path in ["/", "/assets/app.js", "/assets/style.css"] {
        let request = axum::http::Request::get(path).body(axum::body::Body::empty()).unwrap();
        let response = tower::ServiceExt::oneshot(app.clone(), request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
    }
    let _: Value = Value::Null;
}
