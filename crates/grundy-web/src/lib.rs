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
//!
//! Safe from the other pages of the user's browser: an endpoint that works takes
//! only a POST of `application/json`, which no form and no plain `fetch` of
//! another site can send without asking the server first (CSRF), and a request
//! must name the server by a loopback name in its Host (DNS rebinding). On
//! shutdown every request in flight is told to stop, and work that does not is
//! not waited for beyond [`Options::shutdown_grace`].

mod api;
mod assets;

use std::collections::HashMap;
use std::future::IntoFuture;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Path, State as AxumState};
use axum::http::{header, HeaderMap, Method, StatusCode};
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
    /// Answer only requests addressed to a loopback name (`localhost`,
    /// `127.0.0.1`, `[::1]` in the Host header): a page elsewhere that rebinds its
    /// own name to 127.0.0.1 gets 400, not the API. On by default; off for a
    /// public server, which also answers requests addressed to its own address
    /// (any IP address when it listens on all of them), never to a name other
    /// than `localhost`, since that is what a rebinding page sends.
    pub loopback_hosts_only: bool,
    /// On shutdown, how long the requests in flight (told to stop) are waited
    /// for; work that does not look at its flag is left behind after it.
    pub shutdown_grace: Duration,
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
            shutdown_grace: Duration::from_secs(2),
        }
    }
}

/// The server's shared state: the options, the semaphore of solves and the
/// flags of the requests in flight.
pub struct State {
    options: Options,
    slots: Arc<Semaphore>,
    /// The address it listens on, when known: the port a Host may name, and the
    /// address a public server answers to.
    addr: Option<SocketAddr>,
    in_flight: Mutex<InFlight>,
}

/// The cancel flags of the requests being answered, raised all at once on
/// shutdown.
#[derive(Default)]
struct InFlight {
    next: u64,
    flags: HashMap<u64, grundy_api::Cancel>,
    stopping: bool,
}

impl State {
    /// The state of a server with `options`, whose address is not known (a Host
    /// may name any port).
    pub fn new(options: Options) -> Arc<State> {
        State::build(options, None)
    }

    /// The state of a server with `options` listening on `addr`.
    pub fn listening_on(options: Options, addr: SocketAddr) -> Arc<State> {
        State::build(options, Some(addr))
    }

    fn build(options: Options, addr: Option<SocketAddr>) -> Arc<State> {
        let slots = Arc::new(Semaphore::new(options.max_concurrent.max(1)));
        Arc::new(State {
            options,
            slots,
            addr,
            in_flight: Mutex::new(InFlight::default()),
        })
    }

    /// A request's budget with a flag of its own, raised when the returned guard
    /// is dropped (its time is up, its client went away, it is answered) or when
    /// the server stops.
    fn start_request(self: &Arc<State>) -> (Budget, Running) {
        let budget = self.options.request_budget();
        let mut in_flight = self.lock_in_flight();
        if in_flight.stopping {
            budget.cancel.raise();
        }
        let id = in_flight.next;
        in_flight.next += 1;
        in_flight.flags.insert(id, budget.cancel.clone());
        let running = Running {
            state: self.clone(),
            id,
            cancel: budget.cancel.clone(),
        };
        (budget, running)
    }

    /// Stop: no request waits for a slot any more, and every one in flight is
    /// told to stop.
    pub fn stop(&self) {
        self.slots.close();
        let mut in_flight = self.lock_in_flight();
        in_flight.stopping = true;
        for flag in in_flight.flags.values() {
            flag.raise();
        }
    }

    /// The requests being answered now.
    pub fn in_flight(&self) -> usize {
        self.lock_in_flight().flags.len()
    }

    fn lock_in_flight(&self) -> std::sync::MutexGuard<'_, InFlight> {
        // A panic elsewhere cannot leave the map half-changed: use it as it is.
        self.in_flight.lock().unwrap_or_else(|e| e.into_inner())
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

/// Every request: the target and Host checks, and headers that keep a browser
/// from reading an answer as anything but what it is.
async fn guard(
    AxumState(state): AxumState<Arc<State>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let mut response = match misdirected(&state, &request) {
        Some(why) => Failure::bad(why).into_response(),
        None => next.run(request).await,
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

/// Why a request is not for this server, if it is not: an absolute target (a
/// proxy's request), no Host or two, or a Host this server does not answer to.
/// A page that rebinds its own name to this machine's address sends that name
/// as its Host, so answering only to loopback names keeps it out.
fn misdirected(state: &State, request: &axum::extract::Request) -> Option<&'static str> {
    let uri = request.uri();
    if uri.scheme().is_some() || uri.authority().is_some() {
        return Some("the request target must be a path, not an absolute address");
    }
    let mut hosts = request.headers().get_all(header::HOST).iter();
    let (Some(host), None) = (hosts.next(), hosts.next()) else {
        return Some("a request needs exactly one Host header");
    };
    let answers = host
        .to_str()
        .ok()
        .and_then(HostName::parse)
        .is_some_and(|host| state.answers_to(&host));
    if answers {
        None
    } else if state.options.loopback_hosts_only {
        Some("this server answers requests addressed to localhost, 127.0.0.1 or [::1] and its port only")
    } else {
        Some("this server answers requests addressed to its own address and port, or localhost, only")
    }
}

/// A Host header: a name or an IP address (IPv6 in brackets), and a port.
#[derive(Debug, PartialEq, Eq)]
enum HostName<'a> {
    Name(&'a str, Option<u16>),
    Ip(IpAddr, Option<u16>),
}

impl<'a> HostName<'a> {
    /// The Host header `text`; `None` when it is not one (`[::1]evil.example`,
    /// an empty or non-numeric port).
    fn parse(text: &'a str) -> Option<HostName<'a>> {
        let port = |rest: &str| -> Option<Option<u16>> {
            match rest.strip_prefix(':') {
                None if rest.is_empty() => Some(None),
                Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                    digits.parse().ok().map(Some)
                }
                _ => None,
            }
        };
        if let Some(bracketed) = text.strip_prefix('[') {
            let (inside, rest) = bracketed.split_once(']')?;
            let ip: std::net::Ipv6Addr = inside.parse().ok()?;
            return Some(HostName::Ip(IpAddr::V6(ip), port(rest)?));
        }
        let (name, rest) = match text.find(':') {
            Some(colon) => text.split_at(colon),
            None => (text, ""),
        };
        let port = port(rest)?;
        if name.is_empty() {
            return None;
        }
        Some(match name.parse::<std::net::Ipv4Addr>() {
            Ok(ip) => HostName::Ip(IpAddr::V4(ip), port),
            Err(_) => HostName::Name(name, port),
        })
    }
}

impl State {
    /// Whether a request addressed to `host` is for this server: a loopback name
    /// (`localhost`, `127.0.0.1`, `[::1]`), or, on a public server, its own
    /// address (any address when it listens on all), with its port or none.
    fn answers_to(&self, host: &HostName) -> bool {
        let (loopback, ip, port) = match *host {
            HostName::Name(name, port) => (name.eq_ignore_ascii_case("localhost"), None, port),
            HostName::Ip(ip, port) => (
                ip == IpAddr::from(std::net::Ipv4Addr::LOCALHOST)
                    || ip == IpAddr::from(std::net::Ipv6Addr::LOCALHOST),
                Some(ip),
                port,
            ),
        };
        if let (Some(port), Some(addr)) = (port, self.addr) {
            if port != addr.port() {
                return false;
            }
        }
        let own = |ip: IpAddr| match self.addr {
            Some(addr) => addr.ip() == ip || addr.ip().is_unspecified(),
            None => true,
        };
        loopback || (!self.options.loopback_hosts_only && ip.is_some_and(own))
    }
}

/// Whether a request's body is declared JSON: one Content-Type, exactly
/// `application/json`, alone or with `charset=utf-8`. Another site's page can
/// send `text/plain` (a form, a `no-cors` fetch) without asking; this type only
/// after a preflight that this server never allows.
fn declares_json(headers: &HeaderMap) -> bool {
    let mut types = headers.get_all(header::CONTENT_TYPE).iter();
    let (Some(value), None) = (types.next(), types.next()) else {
        return false;
    };
    let Ok(value) = value.to_str() else {
        return false;
    };
    let mut parts = value.split(';');
    let media = parts.next().unwrap_or("").trim();
    if !media.eq_ignore_ascii_case("application/json") {
        return false;
    }
    match (parts.next(), parts.next()) {
        (None, _) => true,
        (Some(parameter), None) => parameter.split_once('=').is_some_and(|(key, value)| {
            key.trim().eq_ignore_ascii_case("charset")
                && value.trim().trim_matches('"').eq_ignore_ascii_case("utf-8")
        }),
        _ => false,
    }
}

/// One API request: the fields from the JSON body, the analysis on a blocking
/// thread under the semaphore and the request's budget.
async fn endpoint(
    AxumState(state): AxumState<Arc<State>>,
    Path(name): Path<String>,
    method: Method,
    headers: HeaderMap,
    body: Body,
) -> Response {
    // The whole request, its body's reading included (a client that sends slowly
    // holds no slot for longer), within the timeout.
    let timeout = state.options.timeout;
    let answered = tokio::time::timeout(timeout, answer(state, &name, method, &headers, body)).await;
    match answered {
        Ok(Ok(value)) => json_response(StatusCode::OK, &value),
        Ok(Err(failure)) => failure.into_response(),
        Err(_) => too_slow(timeout).into_response(),
    }
}

fn too_slow(timeout: Duration) -> Failure {
    Failure {
        limit: Some(grundy::Limit::Cancelled.key()),
        ..Failure::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "over budget: no answer within the server's {} s (the server is busy or the question too large)",
                timeout.as_secs_f64()
            ),
        )
    }
}

async fn answer(
    state: Arc<State>,
    name: &str,
    method: Method,
    headers: &HeaderMap,
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
    let request: Request = if method == Method::GET && !endpoint.takes_fields() {
        Request::default()
    } else if method == Method::POST {
        if !declares_json(headers) {
            return Err(Failure::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "send the fields as JSON, with Content-Type: application/json",
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
    } else if endpoint.takes_fields() {
        // Not GET: a link or an image on another site's page would start work.
        return Err(Failure::new(
            StatusCode::METHOD_NOT_ALLOWED,
            format!("/api/{name} takes a POST of JSON"),
        ));
    } else {
        return Err(Failure::new(StatusCode::METHOD_NOT_ALLOWED, "use GET or POST"));
    };
    request.check_sizes(state.options.max_text)?;
    // The permit goes with the work: a solve still running after its request
    // timed out keeps its slot until it looks at its flag and stops.
    let permit = state
        .slots
        .clone()
        .acquire_owned()
        .await
        .map_err(|_| Failure::new(StatusCode::SERVICE_UNAVAILABLE, "the server is shutting down"))?;
    // The request's own flag, raised when this future is dropped (its time is up,
    // or the client went away) or the server stops: the analysis stops at its
    // next look and frees its slot, instead of running on to its budget.
    let (budget, _running) = state.start_request();
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

/// A request in flight: dropped, it raises its flag (the work still running on
/// its blocking thread stops at its next look, and gives back its slot) and
/// leaves the registry.
struct Running {
    state: Arc<State>,
    id: u64,
    cancel: grundy_api::Cancel,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.cancel.raise();
        self.state.lock_in_flight().flags.remove(&self.id);
    }
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
    state: Arc<State>,
}

impl Bound {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has an address")
    }

    /// Serve until `shutdown` completes; then tell every request in flight to
    /// stop, and wait for their answers at most [`Options::shutdown_grace`].
    pub async fn run(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServeError> {
        let state = self.state.clone();
        let stopping = Arc::new(tokio::sync::Notify::new());
        let told = stopping.clone();
        let stop = async move {
            shutdown.await;
            state.stop();
            told.notify_one();
        };
        let grace = self.state.options.shutdown_grace;
        let server = axum::serve(self.listener, router(self.state))
            .with_graceful_shutdown(stop)
            .into_future();
        // Work that does not look at its flag (a script's call, a solver between
        // two looks) would hold the graceful shutdown for as long as it runs.
        let given_up = async move {
            stopping.notified().await;
            tokio::time::sleep(grace).await;
        };
        tokio::select! {
            served = server => served?,
            () = given_up => {}
        }
        Ok(())
    }
}

/// Bind `addr` for a server with `options`.
pub async fn bind(addr: SocketAddr, options: Options) -> Result<Bound, ServeError> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Bind { addr, source })?;
    let bound = listener.local_addr()?;
    Ok(Bound {
        listener,
        state: State::listening_on(options, bound),
    })
}

/// Serve on `addr` until Ctrl-C or SIGTERM; `ready` is told the address once it
/// listens.
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
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let served = runtime.block_on(serve(addr, options, ready));
    // The grace is spent: blocking threads still at work that ignores its flag
    // end with the process, not before it.
    runtime.shutdown_background();
    served
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
