//! The API answers as the library does, and so as the CLI's `--json`: every family
//! of the catalogue at its example position, and the other endpoints on a few.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::common::{app, budget, post, send};

/// Each family's example: (game, position), from the catalogue's JSON.
fn examples(catalogue: &Value) -> Vec<(String, String, Value)> {
    catalogue
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| !f["example"].is_null())
        .map(|f| {
            (
                f["example"]["game"].as_str().unwrap().to_string(),
                f["example"]["position"].as_str().unwrap().to_string(),
                f.clone(),
            )
        })
        .collect()
}

#[tokio::test]
async fn every_family_answers_as_the_library() {
    let app = app();
    let (status, catalogue) = send(&app, "GET", "/api/catalogue", "").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(catalogue, grundy_api::catalogue());
    let examples = examples(&catalogue);
    assert!(examples.len() > 15, "{catalogue}");
    let budget = budget();
    let o = grundy_api::Options::default();
    for (game, position, family) in examples {
        let g = grundy_api::builtin_game(&game, &budget).unwrap();
        let g = g.as_ref();
        let ask = json!({"game": game, "position": position});
        let want = [
            (
                "solve",
                grundy_api::solve(g, &position, &o, &budget).unwrap().json(),
            ),
            (
                "moves",
                grundy_api::moves(g, &position, &o, &budget).unwrap().json(),
            ),
            ("board", grundy_api::board(g, &position).unwrap()),
        ];
        for (endpoint, want) in want {
            let (status, got) = post(&app, endpoint, ask.clone()).await;
            assert_eq!(status, StatusCode::OK, "{endpoint} {game} {position}: {got}");
            assert_eq!(got, want, "{endpoint} {game} {position}");
        }
        if family["partizan"] == true {
            let want = grundy_api::value(g, &position, false, &budget).unwrap().json();
            let (status, got) = post(&app, "value", ask.clone()).await;
            assert_eq!((status, &got), (StatusCode::OK, &want), "value {game} {position}");
            let right = json!({"game": game, "position": position, "first": "right"});
            let o = grundy_api::Options {
                first: Some(grundy::partizan::Side::Right),
                ..o
            };
            let want = grundy_api::solve(g, &position, &o, &budget).unwrap().json();
            let (status, got) = post(&app, "solve", right).await;
            assert_eq!(
                (status, &got),
                (StatusCode::OK, &want),
                "solve --first right {game}"
            );
        }
        if family["sequence"] == true {
            let want = grundy_api::values(g, 0, 40, &budget).unwrap().json();
            let (status, got) = post(&app, "values", json!({"game": game, "from": 0, "to": 40})).await;
            assert_eq!((status, &got), (StatusCode::OK, &want), "values {game}");
        }
    }
}

#[tokio::test]
async fn the_other_endpoints_answer_as_the_library() {
    let app = app();
    let budget = budget();
    let kayles = grundy_api::builtin_game("kayles", &budget).unwrap();
    let want = grundy_api::period(kayles.as_ref(), None, grundy::Method::Auto, &mut |_| {}, &budget)
        .unwrap()
        .json();
    let (status, got) = post(&app, "period", json!({"game": "kayles"})).await;
    assert_eq!((status, &got), (StatusCode::OK, &want));
    assert_eq!(got["period"], 12, "{got}");

    let dawson = grundy_api::builtin_game("dawson", &budget).unwrap();
    let want = grundy_api::quotient(dawson.as_ref(), 12, &budget).unwrap().json();
    let (status, got) = post(&app, "quotient", json!({"game": "dawson", "max_heap": 12})).await;
    assert_eq!((status, &got), (StatusCode::OK, &want));

    let want = grundy_api::calc("{1|-1} + ^*", false, &budget).unwrap().json();
    let (status, got) = post(&app, "calc", json!({"expression": "{1|-1} + ^*"})).await;
    assert_eq!((status, &got), (StatusCode::OK, &want));

    // Loopy values: the same text as the CLI's calculator.
    let (status, got) = post(&app, "calc", json!({"expression": "{pass|} + {|pass}"})).await;
    assert_eq!((status, &got["value"]), (StatusCode::OK, &json!("dud")), "{got}");
    let (status, _) = post(&app, "calc", json!({"expression": "{0|pass"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let want = grundy_api::thermograph_of_value("{2|-1}", &budget)
        .unwrap()
        .json_with_walls();
    let (status, got) = post(&app, "thermograph", json!({"value": "{2|-1}"})).await;
    assert_eq!((status, &got), (StatusCode::OK, &want));
    assert_eq!(got["temperature"], "3/2", "{got}");

    let nim = grundy_api::builtin_game("nim", &budget).unwrap();
    let o = grundy_api::Options::default();
    let want = grundy_api::explain(nim.as_ref(), "1,2,4", 2, 20, &o, &budget)
        .unwrap()
        .json();
    let (status, got) = post(&app, "explain", json!({"game": "nim", "position": "1,2,4"})).await;
    assert_eq!((status, &got), (StatusCode::OK, &want));
}

/// The web calculator reads CGSuite's notation as the CLI does: it is the same
/// calculator (`grundy_api::calc`), names, nimbers of any size and errors alike.
#[tokio::test]
async fn the_calculator_speaks_cgsuite() {
    let app = app();
    let budget = budget();
    for (expression, value) in [
        ("{0||0|-2}", "Tiny(2)"),
        ("^<2> + ^", "^[2]"),
        ("1:-1", "1/2"),
        ("^.^", "{^^*||0|v4}"),
        ("3*{1|0}", "3/2±1/2"),
        ("*12345 + *678", "*12959"),
        ("^ + *99999", "^*99999"),
    ] {
        let want = grundy_api::calc(expression, false, &budget).unwrap().json();
        let (status, got) = post(&app, "calc", json!({ "expression": expression })).await;
        assert_eq!((status, &got), (StatusCode::OK, &want), "{expression}");
        assert_eq!(got["value"], value, "{expression}");
    }
    let (status, got) = post(&app, "calc", json!({ "expression": "*100000 + {1|0}" })).await;
    crate::common::assert_error(
        status,
        &got,
        StatusCode::BAD_REQUEST,
        "a large nimber built as a form",
    );
    assert!(got["error"].as_str().unwrap().contains("column 9"), "{got}");
}

#[tokio::test]
async fn the_page_is_served() {
    let app = app();
    for path in ["/", "/assets/app.js", "/assets/style.css"] {
        let request = axum::http::Request::get(path)
            .header("host", "localhost:8080")
            .body(axum::body::Body::empty())
            .unwrap();
        let response = tower::ServiceExt::oneshot(app.clone(), request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
    }
}
