//! `grundy serve`: a local web app over a JSON API.
//!
//! The API's answers are the CLI's `--json` objects: every endpoint under `/api` is
//! one analysis of the front ends' library, asked with the request's fields (named
//! as the CLI's flags) under a per-request [`Budget`]. The page (`assets/`) is built
//! into the binary and uses only that API; it draws boards from the board grid and
//! knows no game by name, as this crate does not.
//!
//! Safe to leave running: a request body and a position have a size limit (413), a
//! bad request gets one line of JSON and 400, an exhausted budget or a request that
//! waits or runs too long 503; solves run on blocking threads under a semaphore, and
//! a panic in one is a 500 for that request only. The only files read are the game
//! files the caller loaded before starting the server (they come in as games).

mod api;
mod assets;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Path, State as AxumState};
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use axum::Router;
use grundy::dynamic::DynGame;
use grundy::Budget;
use tokio::sync::Semaphore;

pub use api::Request;

/// What the server is allowed, and what it serves besides the catalogue.
pub struct Options {
    /// The budget of the whole server: each of the `max_concurrent` solves gets
    /// an equal share of its memory (see [`Options::request_budget`]), its
    /// positions, work and script limits as they are.
    pub budget: Budget,
    /// The most solves that run at once; more wait (up to `timeout`).
    pub max_concurrent: usize,
    /// The longest a request may wait for a slot and run before its answer is 503.
    pub timeout: Duration,
    /// The largest request body, in bytes (larger: 413).
    pub max_body: usize,
    /// The longest position, game or expression text, in bytes (longer: 413).
    pub max_text: usize,
    /// Games loaded before the server starts (files named on the command line),
    /// offered by their name beside the catalogue.
    pub games: Vec<Box<dyn DynGame>>,
    /// Answer only requests addressed to a loopback name (`localhost`, `127.x.x.x`,
    /// `[::1]` in the Host header): a page elsewhere that rebinds its own name to
    /// 127.0.0.1 gets 403, not the API. On by default; off for a public server.
    pub loopback_hosts_only: bool,
}

impl Options {
    /// One request's budget: the server's, its memory shared among the solves
    /// that may run at once. The program's own memory is counted once, not once a
    /// solve (a quotient under `--max-memory 1G --jobs 4` gets a quarter of what
    /// is left, not nothing). Games loaded before the server starts should be
    /// loaded with it.
    pub fn request_budget(&self) -> Budget {
        let program = grundy_api::PROGRAM_MEMORY.min(self.budget.max_memory);
        let shared = (self.budget.max_memory - program) / self.max_concurrent.max(1) as u64;
        Budget {
            max_memory: program + shared,
            cancel: grundy_api::Cancel::new(),
            ..self.budget.clone()
        }
    }

    /// The defaults around `budget`: four solves at once, 20 s, 64 KiB bodies,
    /// 4 KiB texts, no served files.
    pub fn new(budget: Budget) -> Options {
        Options {
            budget,
            max_concurrent: 4,
            timeout: Duration::from_secs(20),
            max_body: 64 << 10,
            max_text: 4 << 10,
            games: Vec::new(),
            loopback_hosts_only: true,
        }
    }
}

/// The server's shared state: the options and the semaphore of solves.
pub struct State {
    options: Options,
    slots: Arc<Semaphore>,
}

impl State {
    /// The state of a server with `options`.
    pub fn new(options: Options) -> Arc<State> {
        let slots = Arc::new(Semaphore::new(options.max_concurrent.max(1)));
        Arc::new(State { options, slots })
    }

    /// One request's budget: see [`Options::request_budget`].
    fn request_budget(&self) -> Budget {
        self.options.request_budget()
    }

    /// The game named `name` among the served files.
    fn served(&self, name: &str) -> Option<&dyn DynGame> {
        self.options
            .games
            .iter()
            .find(|g| g.name() == name)
            .map(|g| g.as_ref())
    }
}

/// An answer that is not a success: a status and one line of text, sent as
/// `{"error": "..."}`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Failure {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, one line.
    pub message: String,
    /// The budget's limit that ran out (its key, `max_positions`), sent as
    /// `"limit"` beside the error, so a client can match on it.
    pub limit: Option<&'static str>,
}

impl Failure {
    fn new(status: StatusCode, message: impl Into<String>) -> Failure {
        let message: String = message.into();
        Failure {
            status,
            message: message.replace(['\n', '\r'], " "),
            limit: None,
        }
    }

    fn bad(message: impl Into<String>) -> Failure {
        Failure::new(StatusCode::BAD_REQUEST, message)
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let mut body = serde_json::json!({ "error": self.message });
        if let Some(limit) = self.limit {
            body["limit"] = limit.into();
        }
        json_response(self.status, &body)
    }
}

fn json_response(status: StatusCode, value: &serde_json::Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        value.to_string(),
    )
        .into_response()
}

/// The app: the page at `/`, its files, and the API under `/api`.
pub fn router(state: Arc<State>) -> Router {
    Router::new()
        .route("/", get(|| async { assets::page("index.html") }))
        .route(
            "/assets/{file}",
            get(|Path(file): Path<String>| async move { assets::page(&file) }),
        )
        .route("/api/{endpoint}", any(endpoint))
        .fallback(|| async { Failure::new(StatusCode::NOT_FOUND, "no such page") })
        .layer(axum::middleware::from_fn_with_state(state.clone(), guard))
        .with_state(state)
}

/// Every request: the Host check, and headers that keep a browser from reading an
/// answer as anything but what it is.
async fn guard(
    AxumState(state): AxumState<Arc<State>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .map(|h| h.to_str().unwrap_or("").to_string());
    let mut response = match host {
        Some(host) if state.options.loopback_hosts_only && !is_loopback_host(&host) => Failure::new(
            StatusCode::FORBIDDEN,
            format!(
                "this server answers requests to localhost only, not to '{host}' (start it with --public to serve others)"
            ),
        )
        .into_response(),
        _ => next.run(request).await,
    };
    let headers = response.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        header::HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, header::HeaderValue::from_static("DENY"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        header::HeaderValue::from_static(
            "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
        ),
    );
    response
}

/// Whether a Host header names this machine: `localhost`, `127.x.x.x` or `[::1]`,
/// with or without a port.
fn is_loopback_host(host: &str) -> bool {
    let name = if let Some(rest) = host.strip_prefix('[') {
        rest.split(']').next().unwrap_or("")
    } else {
        host.rsplit_once(':').map_or(host, |(name, _)| name)
    };
    name.eq_ignore_ascii_case("localhost")
        || name.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// One API request: the fields from the query (GET) or the JSON body (POST), the
/// analysis on a blocking thread under the semaphore and the request's budget.
async fn endpoint(
    AxumState(state): AxumState<Arc<State>>,
    Path(name): Path<String>,
    method: Method,
    uri: Uri,
    headers: axum::http::HeaderMap,
    body: Body,
) -> Response {
    // The whole request, its body's reading included (a client that sends slowly
    // holds no slot for longer), within the timeout.
    let timeout = state.options.timeout;
    let answered = tokio::time::timeout(timeout, answer(state, &name, method, uri, &headers, body)).await;
    match answered {
        Ok(Ok(value)) => json_response(StatusCode::OK, &value),
        Ok(Err(failure)) => failure.into_response(),
        Err(_) => too_slow(timeout).into_response(),
    }
}

fn too_slow(timeout: Duration) -> Failure {
    Failure::new(
        StatusCode::SERVICE_UNAVAILABLE,
        format!(
            "over budget: no answer within {} s (the server is busy or the question too large)",
            timeout.as_secs_f64()
        ),
    )
}

async fn answer(
    state: Arc<State>,
    name: &str,
    method: Method,
    uri: Uri,
    headers: &axum::http::HeaderMap,
    body: Body,
) -> Result<serde_json::Value, Failure> {
    let Some(endpoint) = api::Endpoint::find(name) else {
        return Err(Failure::new(
            StatusCode::NOT_FOUND,
            format!(
                "no endpoint /api/{name}; the endpoints are {}",
                api::Endpoint::names()
            ),
        ));
    };
    let request: Request = if method == Method::GET {
        let query = uri.query().unwrap_or("");
        if query.len() > state.options.max_body {
            return Err(Failure::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "query string too large",
            ));
        }
        serde_urlencoded_query(query)?
    } else if method == Method::POST {
        // JSON only: a form that another site's page posts here (text/plain, a
        // form encoding) is refused before anything runs.
        let json = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim().to_ascii_lowercase().starts_with("application/json"));
        if !json {
            return Err(Failure::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "send the fields as JSON with Content-Type: application/json (or use GET with a query)",
            ));
        }
        let bytes = axum::body::to_bytes(body, state.options.max_body)
            .await
            .map_err(|_| {
                Failure::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    format!("request body larger than {} bytes", state.options.max_body),
                )
            })?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            Request::default()
        } else {
            serde_json::from_slice(&bytes).map_err(|e| Failure::bad(format!("malformed JSON: {e}")))?
        }
    } else {
        return Err(Failure::new(StatusCode::METHOD_NOT_ALLOWED, "use GET or POST"));
    };
    request.check_sizes(state.options.max_text)?;
    // The permit goes with the work: a solve still running after its request
    // timed out keeps its slot until its budget stops it.
    let permit = state
        .slots
        .clone()
        .acquire_owned()
        .await
        .map_err(|_| Failure::new(StatusCode::SERVICE_UNAVAILABLE, "the server is shutting down"))?;
    // The request's own flag, raised when this future is dropped (its time is up,
    // or the client went away): the analysis stops at its next look and frees
    // its slot, instead of running on to its budget.
    let budget = state.request_budget();
    let _stop = RaiseOnDrop(budget.cancel.clone());
    let handle = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        endpoint.run(&state, &request, &budget)
    });
    match handle.await {
        Ok(result) => result,
        Err(e) if e.is_panic() => Err(Failure::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error: the analysis panicked (a bug; please report it with the request)",
        )),
        Err(_) => Err(Failure::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the analysis was cancelled",
        )),
    }
}

/// Raises its flag when dropped.
struct RaiseOnDrop(grundy_api::Cancel);

impl Drop for RaiseOnDrop {
    fn drop(&mut self) {
        self.0.raise();
    }
}

fn serde_urlencoded_query(query: &str) -> Result<Request, Failure> {
    let uri: Uri = format!("/?{query}")
        .parse()
        .map_err(|_| Failure::bad("malformed query string"))?;
    axum::extract::Query::<Request>::try_from_uri(&uri)
        .map(|q| q.0)
        .map_err(|e| Failure::bad(format!("malformed query: {}", e.body_text())))
}

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// The server failed while running.
    #[error("server error: {0}")]
    Io(#[from] std::io::Error),
}

/// A bound server, not yet running: its address (port 0 is given one) and the app.
pub struct Bound {
    listener: tokio::net::TcpListener,
    app: Router,
}

impl Bound {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has an address")
    }

    /// Serve until `shutdown` completes, then finish the requests in flight.
    pub async fn run(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServeError> {
        axum::serve(self.listener, self.app)
            .with_graceful_shutdown(shutdown)
            .await?;
        Ok(())
    }
}

/// Bind `addr` for a server with `options`.
pub async fn bind(addr: SocketAddr, options: Options) -> Result<Bound, ServeError> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Bind { addr, source })?;
    Ok(Bound {
        listener,
        app: router(State::new(options)),
    })
}

/// Serve on `addr` until Ctrl-C; `ready` is told the address once it listens.
pub async fn serve(
    addr: SocketAddr,
    options: Options,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let bound = bind(addr, options).await?;
    ready(bound.addr());
    bound.run(stop_signal()).await
}

/// Ctrl-C, or (on Unix) SIGTERM: what stops a server gracefully.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// [`serve`] on a runtime of its own, for a caller that has none (the CLI).
pub fn serve_blocking(
    addr: SocketAddr,
    options: Options,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(addr, options, ready))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_solve_shares_the_memory_left_beside_the_program() {
        let mut o = Options::new(Budget {
            max_memory: 1 << 30,
            ..Budget::default()
        });
        o.max_concurrent = 4;
        let b = o.request_budget();
        assert_eq!(b.max_memory, (256 << 20) + (768 << 20) / 4);
        // A quotient's search gets tables of its own, not zero bytes.
        assert!(grundy_api::search_memory(&b) >= 128 << 20);
        // A server budget below the program's own is not made larger.
        o.budget.max_memory = 100 << 20;
        assert_eq!(o.request_budget().max_memory, 100 << 20);
    }
}
