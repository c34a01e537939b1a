//! The page's files, built into the binary: no file is read at run time.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// Each file: its name, its media type and its bytes.
const FILES: &[(&str, &str, &[u8])] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_bytes!("../assets/index.html"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../assets/app.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_bytes!("../assets/style.css"),
    ),
];

/// The file `name`, or a JSON 404.
pub fn page(name: &str) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, bytes)) => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, *kind), (header::CACHE_CONTROL, "no-cache")],
            *bytes,
        )
            .into_response(),
        None => crate::Failure::new(StatusCode::NOT_FOUND, format!("no file {name}")).into_response(),
    }
}
