//! `grundy._grundy`: the native half of the Python package `grundy`.
//!
//! A thin shell, like the CLI: it parses Python arguments, calls `grundy-api` and
//! converts the report's JSON into Python objects, so Python gets the CLI's keys.
//! Three things are its own:
//!
//! - long work runs on a worker thread with the GIL released, while the calling
//!   thread looks at Python's signals every 50 ms: Ctrl-C (KeyboardInterrupt)
//!   returns at once, and the work left behind stops at its budget;
//! - errors become the classes of `grundy._errors` (bad input a `ValueError`,
//!   running out a `BudgetError` that names the limit);
//! - games written in Python ([`python_game`]) are asked for their moves through
//!   the GIL, and every solver works on them as on a Luau script.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{mpsc, Arc, Mutex, OnceLock};
use std::time::Duration;

use grundy::dynamic::DynGame;
use grundy::partizan::Side;
use grundy::Budget;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyList, PyString};
use serde_json::Value;

mod args;
mod python_game;
mod values;
mod workers;

/// The class of `grundy._errors` for an error of `grundy-api`, raised with its message.
fn error(py: Python<'_>, e: grundy_api::Error) -> PyErr {
    let (class, extra) = match &e {
        grundy_api::Error::Input(_) => ("InputError", None),
        grundy_api::Error::Unsupported(_) => ("UnsupportedError", None),
        grundy_api::Error::Rule(_) => ("RuleError", None),
        grundy_api::Error::OverBudget(o) => ("BudgetError", Some(o.clone())),
    };
    raise(py, class, &e.to_string(), extra)
}

/// An exception of `grundy._errors` by its class name.
fn raise(py: Python<'_>, class: &str, message: &str, over: Option<grundy::OverBudget>) -> PyErr {
    let made = (|| -> PyResult<PyErr> {
        let cls = py.import("grundy._errors")?.getattr(class)?;
        let exc = cls.call1((message,))?;
        if let Some(o) = over {
            exc.setattr("limit", format!("{:?}", o.limit).to_lowercase())?;
            exc.setattr("flag", o.limit.flag())?;
            exc.setattr("reached", o.reached)?;
            exc.setattr("allowed", o.allowed)?;
            exc.setattr("what", o.what)?;
        }
        Ok(PyErr::from_value(exc))
    })();
    made.unwrap_or_else(|e| e)
}

/// Run `work` off the calling thread with the GIL released; Ctrl-C (a pending
/// signal) ends the wait within 50 ms. A panic in the work is an error, never a
/// crash of the interpreter.
fn run<T: Send + 'static>(py: Python<'_>, work: impl FnOnce() -> T + Send + 'static) -> PyResult<T> {
    run_with(py, work, &mut |_| Ok(()))
}

/// Raises its flag when dropped.
struct RaiseOnDrop(grundy_api::Cancel);

impl Drop for RaiseOnDrop {
    fn drop(&mut self) {
        self.0.raise();
    }
}

/// A period search's latest progress, shared with the calling thread.
type Seen = Arc<Mutex<Option<grundy_octal::SearchProgress>>>;

/// [`run`], calling `waiting` (with the GIL) every 50 ms while the work goes on.
fn run_with<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
    waiting: &mut dyn FnMut(Python<'_>) -> PyResult<()>,
) -> PyResult<T> {
    let (tx, rx) = mpsc::channel();
    // Waited on with the GIL released: the closure must be Send, so the receiver is shared.
    let rx = Mutex::new(rx);
    workers::submit(Box::new(move || {
        let _ = tx.send(catch_unwind(AssertUnwindSafe(work)));
    }))
    .map_err(|e| raise(py, "GrundyError", &format!("cannot start the work: {e}"), None))?;
    loop {
        match py.detach(|| wait(&rx)) {
            Ok(Ok(v)) => return Ok(v),
            Ok(Err(_)) => {
                return Err(raise(
                    py,
                    "GrundyError",
                    "internal error: the computation panicked",
                    None,
                ))
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                py.check_signals()?;
                waiting(py)?;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(raise(
                    py,
                    "GrundyError",
                    "internal error: the computation stopped",
                    None,
                ))
            }
        }
    }
}

/// The next 50 ms of waiting for the work.
fn wait<T>(rx: &Mutex<mpsc::Receiver<T>>) -> Result<T, mpsc::RecvTimeoutError> {
    rx.lock()
        .unwrap_or_else(|e| e.into_inner())
        .recv_timeout(Duration::from_millis(50))
}

/// A JSON value as Python objects: dicts, lists, str, int, float, bool, None.
fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            // A `grundy.Report` (a dict whose keys are attributes too) when the
            // package has said which class that is.
            let dict = match REPORT.get() {
                Some(class) => class.bind(py).call0()?,
                None => PyDict::new(py).into_any(),
            };
            for (k, item) in map {
                dict.set_item(k, to_py(py, item)?)?;
            }
            dict
        }
    })
}

/// The class of JSON objects in Python, set once by the package.
static REPORT: OnceLock<Py<PyAny>> = OnceLock::new();

/// The class JSON objects become (`grundy.Report`), set when the package loads.
#[pyfunction]
fn _set_report_class(class: Py<PyAny>) {
    let _ = REPORT.set(class);
}

/// A report's JSON as Python objects, or its error as an exception.
fn answer(py: Python<'_>, r: grundy_api::Result<Value>) -> PyResult<Py<PyAny>> {
    match r {
        Ok(v) => Ok(to_py(py, &v)?.unbind()),
        Err(e) => Err(error(py, e)),
    }
}

/// How a position is played, from the `misere` and `first` keywords.
fn options(misere: bool, first: Option<&str>) -> Result<grundy_api::Options, grundy_api::Error> {
    Ok(grundy_api::Options {
        misere,
        first: side(first)?,
    })
}

fn side(first: Option<&str>) -> Result<Option<Side>, grundy_api::Error> {
    match first {
        None => Ok(None),
        Some("left") => Ok(Some(Side::Left)),
        Some("right") => Ok(Some(Side::Right)),
        Some(other) => Err(grundy_api::Error::Input(format!(
            "first='{other}': give 'left' or 'right'"
        ))),
    }
}

fn method(name: &str) -> Result<grundy_octal::Method, grundy_api::Error> {
    match name {
        "auto" => Ok(grundy_octal::Method::Auto),
        "naive" => Ok(grundy_octal::Method::Naive),
        "sparse" => Ok(grundy_octal::Method::Sparse),
        other => Err(grundy_api::Error::Input(format!(
            "method='{other}': give 'auto', 'naive' or 'sparse'"
        ))),
    }
}

/// The budget of a call: the defaults of the CLI where a keyword is left out.
#[pyclass(frozen, name = "Budget", module = "grundy._grundy")]
#[derive(Clone)]
struct PyBudget(Budget);

#[pymethods]
impl PyBudget {
    #[new]
    #[pyo3(signature = (max_memory=None, max_work=None, max_positions=None, script_memory=None, script_timeout=None))]
    fn new(
        py: Python<'_>,
        max_memory: Option<&Bound<'_, PyAny>>,
        max_work: Option<&Bound<'_, PyAny>>,
        max_positions: Option<&Bound<'_, PyAny>>,
        script_memory: Option<&Bound<'_, PyAny>>,
        script_timeout: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyBudget> {
        let mut b = Budget::default();
        if let Some(m) = args::count_or(py, "max_memory", max_memory)? {
            b.max_memory = m;
        }
        b.max_work = args::count_or(py, "max_work", max_work)?;
        b.max_positions = args::count_or(py, "max_positions", max_positions)?;
        if let Some(m) = args::count_or(py, "script_memory", script_memory)? {
            b.script_memory = m;
        }
        if let Some(t) = script_timeout.filter(|t| !t.is_none()) {
            b.script_time = args::seconds(py, "script_timeout", t)?;
        }
        Ok(PyBudget(b))
    }

    fn __repr__(&self) -> String {
        format!(
            "Budget(max_memory={}, max_work={:?}, max_positions={:?}, script_memory={}, script_timeout={})",
            self.0.max_memory,
            self.0.max_work,
            self.0.max_positions,
            self.0.script_memory,
            self.0.script_time.as_secs_f64()
        )
    }
}

/// A loaded game, bound to its budget.
#[pyclass(frozen, name = "Game", module = "grundy._grundy")]
struct Game {
    game: Arc<dyn DynGame>,
    budget: Budget,
}

impl Game {
    fn of(game: Box<dyn DynGame>, budget: Budget) -> Game {
        Game {
            game: Arc::from(game),
            budget,
        }
    }

    /// Run a report on the game off the calling thread.
    fn ask(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&dyn DynGame, &Budget) -> grundy_api::Result<Value> + Send + 'static,
    ) -> PyResult<Py<PyAny>> {
        // The call's own flag, raised when the call returns, by its answer or by
        // Ctrl-C (KeyboardInterrupt): work left behind stops at its next look
        // instead of running on to its budget.
        let budget = Budget {
            cancel: grundy_api::Cancel::new(),
            ..self.budget.clone()
        };
        let _stop = RaiseOnDrop(budget.cancel.clone());
        let game = Arc::clone(&self.game);
        let r = run(py, move || work(game.as_ref(), &budget))?;
        answer(py, r)
    }
}

#[pymethods]
impl Game {
    /// Load a game by its GAME text (a catalogue name, or a game file or script).
    #[new]
    fn new(py: Python<'_>, text: String, budget: PyRef<'_, PyBudget>) -> PyResult<Game> {
        let b = budget.0.clone();
        let for_load = b.clone();
        let loaded = run(py, move || grundy_api::load_game(&text, &for_load))?;
        loaded.map(|g| Game::of(g, b)).map_err(|e| error(py, e))
    }

    /// A game written in Python (see `grundy.PythonGame`).
    #[staticmethod]
    fn from_python(py: Python<'_>, definition: Py<PyAny>, budget: PyRef<'_, PyBudget>) -> PyResult<Game> {
        let game = python_game::load(py, definition, &budget.0)?;
        Ok(Game::of(game, budget.0.clone()))
    }

    /// A table file made by `build` (or `grundy build`), answering like its game.
    #[staticmethod]
    #[pyo3(signature = (db, budget, game=None))]
    fn open_table(
        py: Python<'_>,
        db: std::path::PathBuf,
        budget: PyRef<'_, PyBudget>,
        game: Option<String>,
    ) -> PyResult<Game> {
        let b = budget.0.clone();
        let opened = run(py, move || grundy_api::open_table(&db, game.as_deref()))?;
        opened.map(|g| Game::of(g, b)).map_err(|e| error(py, e))
    }

    /// Build the game's table into `db` (`build --json`'s object).
    #[pyo3(signature = (db, start=None, resume=false, remoteness=true, parallel=true))]
    fn build(
        &self,
        py: Python<'_>,
        db: std::path::PathBuf,
        start: Option<String>,
        resume: bool,
        remoteness: bool,
        parallel: bool,
    ) -> PyResult<Py<PyAny>> {
        self.ask(py, move |g, b| {
            let table = grundy_api::TableOptions {
                remoteness,
                parallel,
                resume,
            };
            Ok(grundy_api::build(g, &db, start.as_deref(), table, &mut |_| {}, b)?.json())
        })
    }

    #[getter]
    fn name(&self) -> String {
        self.game.name()
    }

    #[getter]
    fn impartial(&self) -> bool {
        self.game.is_impartial()
    }

    #[getter]
    fn partizan(&self) -> bool {
        self.game.partizan().is_some()
    }

    #[getter]
    fn heap_values(&self) -> bool {
        self.game.capabilities().heap_values
    }

    #[getter]
    fn numbered(&self) -> bool {
        self.game.numbering().is_some()
    }

    /// The position in the game's own one-line drawing.
    fn show(&self, py: Python<'_>, position: &str) -> PyResult<String> {
        let p = self
            .game
            .parse_position(position)
            .map_err(|e| error(py, e.into()))?;
        Ok(self.game.show(&p))
    }

    fn board(&self, py: Python<'_>, position: String) -> PyResult<Py<PyAny>> {
        self.ask(py, move |g, _| grundy_api::board(g, &position))
    }

    #[pyo3(signature = (position, misere=false, first=None, checkpoint=None))]
    fn solve(
        &self,
        py: Python<'_>,
        position: String,
        misere: bool,
        first: Option<String>,
        checkpoint: Option<std::path::PathBuf>,
    ) -> PyResult<Py<PyAny>> {
        self.ask(py, move |g, b| {
            let o = options(misere, first.as_deref())?;
            let Some(path) = checkpoint else {
                return Ok(grundy_api::solve(g, &position, &o, b)?.json());
            };
            // The file is the shell's: read before, replaced after.
            let saved = match std::fs::read(&path) {
                Ok(bytes) => Some(bytes),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
                Err(e) => {
                    return Err(grundy_api::Error::Input(format!(
                        "cannot read {}: {e}",
                        path.display()
                    )))
                }
            };
            let (report, bytes) = grundy_api::solve_resuming(g, &position, &o, saved.as_deref(), b);
            if let Some(bytes) = bytes {
                let tmp = grundy_files::atomic::hidden_temp(&path);
                grundy_files::atomic::write(&path, &tmp, &bytes)
                    .map_err(|e| grundy_api::Error::Input(format!("cannot write {}: {e}", path.display())))?;
            }
            Ok(report?.json())
        })
    }

    #[pyo3(signature = (position, misere=false, first=None))]
    fn moves(
        &self,
        py: Python<'_>,
        position: String,
        misere: bool,
        first: Option<String>,
    ) -> PyResult<Py<PyAny>> {
        self.ask(py, move |g, b| {
            let o = options(misere, first.as_deref())?;
            Ok(grundy_api::moves(g, &position, &o, b)?.json())
        })
    }

    #[pyo3(signature = (position, depth=None, replies=None, misere=false, first=None))]
    fn explain(
        &self,
        py: Python<'_>,
        position: String,
        depth: Option<&Bound<'_, PyAny>>,
        replies: Option<&Bound<'_, PyAny>>,
        misere: bool,
        first: Option<String>,
    ) -> PyResult<Py<PyAny>> {
        let depth =
            usize::try_from(args::count_or::<u64>(py, "depth", depth)?.unwrap_or(2)).unwrap_or(usize::MAX);
        let replies = usize::try_from(args::count_or::<u64>(py, "replies", replies)?.unwrap_or(20))
            .unwrap_or(usize::MAX);
        self.ask(py, move |g, b| {
            let o = options(misere, first.as_deref())?;
            Ok(grundy_api::explain(g, &position, depth, replies, &o, b)?.json())
        })
    }

    #[pyo3(signature = (to, from_=None, method="auto"))]
    fn values(
        &self,
        py: Python<'_>,
        to: &Bound<'_, PyAny>,
        from_: Option<&Bound<'_, PyAny>>,
        method: &str,
    ) -> PyResult<Py<PyAny>> {
        let (to, from_) = (
            args::count::<u64>(py, "to", to)?,
            args::count_or::<u64>(py, "from_", from_)?.unwrap_or(0),
        );
        let m = self::method(method).map_err(|e| error(py, e))?;
        let game = self.with_method(py, m)?;
        game.ask(py, move |g, b| Ok(grundy_api::values(g, from_, to, b)?.json()))
    }

    /// The nim-values of heaps `from_` to `to` as little-endian `u64`s, for
    /// `numpy.frombuffer` (one copy of the whole array, none per value).
    #[pyo3(signature = (to, from_=None, method="auto"))]
    fn nimbers(
        &self,
        py: Python<'_>,
        to: &Bound<'_, PyAny>,
        from_: Option<&Bound<'_, PyAny>>,
        method: &str,
    ) -> PyResult<Py<PyBytes>> {
        let (to, from_) = (
            args::count::<u64>(py, "to", to)?,
            args::count_or::<u64>(py, "from_", from_)?.unwrap_or(0),
        );
        let m = self::method(method).map_err(|e| error(py, e))?;
        let (g, budget) = (Arc::clone(&self.game), self.budget.clone());
        let r = run(py, move || grundy_api::nimbers(g.as_ref(), from_, to, m, &budget))?;
        let values = r.map_err(|e| error(py, e))?;
        let mut bytes = Vec::with_capacity(values.len() * 8);
        for v in &values {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        Ok(PyBytes::new(py, &bytes).unbind())
    }

    #[pyo3(signature = (max=None, max_work=None, method="auto", progress=None))]
    fn period(
        &self,
        py: Python<'_>,
        max: Option<&Bound<'_, PyAny>>,
        max_work: Option<&Bound<'_, PyAny>>,
        method: &str,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let max = args::count_or::<u64>(py, "max", max)?;
        let max_work = args::count_or::<u64>(py, "max_work", max_work)?;
        let m = self::method(method).map_err(|e| error(py, e))?;
        // The work's progress, read by the calling thread between its looks at
        // the signals and handed to the callback there (it needs the GIL).
        let seen: Seen = Arc::default();
        let (game, shared) = (Arc::clone(&self.game), Arc::clone(&seen));
        // The call's own flag, as in `ask`.
        let budget = Budget {
            cancel: grundy_api::Cancel::new(),
            ..with_work(&self.budget, max_work)
        };
        let _stop = RaiseOnDrop(budget.cancel.clone());
        let work = move || {
            let tell = &mut |p| {
                *shared.lock().unwrap_or_else(|e| e.into_inner()) = Some(p);
            };
            grundy_api::period(game.as_ref(), max, m, tell, &budget).map(|r| r.json())
        };
        // Each progress is handed on once; the last one also when the work ends
        // before the first 50 ms look (a short search still reports where it got).
        let mut told = None;
        let mut tell = |py: Python<'_>| -> PyResult<()> {
            let now = *seen.lock().unwrap_or_else(|e| e.into_inner());
            if let (Some(cb), Some(p)) = (&progress, now) {
                if told != Some(p) {
                    told = Some(p);
                    cb.call1(py, (p.computed, p.max, p.options, p.forecast))?;
                }
            }
            Ok(())
        };
        let r = run_with(py, work, &mut tell)?;
        tell(py)?;
        answer(py, r)
    }

    #[pyo3(signature = (max_heap=None, max_work=None))]
    fn quotient(
        &self,
        py: Python<'_>,
        max_heap: Option<&Bound<'_, PyAny>>,
        max_work: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let max_heap = args::count_or::<u64>(py, "max_heap", max_heap)?.unwrap_or(12);
        let work = args::count_or::<u64>(py, "max_work", max_work)?;
        self.ask(py, move |g, b| {
            Ok(grundy_api::quotient(g, max_heap, &with_work(b, work))?.json())
        })
    }

    #[pyo3(signature = (position, max_work=None))]
    fn misere_value(
        &self,
        py: Python<'_>,
        position: String,
        max_work: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let work = args::count_or::<u64>(py, "max_work", max_work)?;
        self.ask(py, move |g, b| {
            Ok(grundy_api::misere_value(g, &position, &with_work(b, work))?.json())
        })
    }

    #[pyo3(signature = (position, max_work=None, unicode=false))]
    fn value(
        &self,
        py: Python<'_>,
        position: String,
        max_work: Option<&Bound<'_, PyAny>>,
        unicode: bool,
    ) -> PyResult<Py<PyAny>> {
        let work = args::count_or::<u64>(py, "max_work", max_work)?;
        self.ask(py, move |g, b| {
            Ok(grundy_api::value(g, &position, unicode, &with_work(b, work))?.json())
        })
    }

    /// The thermograph's value, mean and temperature with its walls.
    #[pyo3(signature = (position, max_work=None))]
    fn thermograph(
        &self,
        py: Python<'_>,
        position: String,
        max_work: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let work = args::count_or::<u64>(py, "max_work", max_work)?;
        self.ask(py, move |g, b| {
            Ok(grundy_api::thermograph(g, &position, &with_work(b, work))?.json_with_walls())
        })
    }

    fn __repr__(&self) -> String {
        format!("grundy.game({:?})", self.game.name())
    }

    /// Seconds a `solve` of `position` takes in Rust on the calling thread, the
    /// mean of `n`: what a Python call adds beyond it is the package's overhead
    /// (`bench.py overhead`).
    fn _bench_solve(&self, py: Python<'_>, position: &str, n: u32) -> PyResult<f64> {
        let o = grundy_api::Options::default();
        let start = std::time::Instant::now();
        for _ in 0..n.max(1) {
            let r = grundy_api::solve(self.game.as_ref(), position, &o, &self.budget)
                .map_err(|e| error(py, e))?;
            std::hint::black_box(r.json());
        }
        Ok(start.elapsed().as_secs_f64() / f64::from(n.max(1)))
    }
}

impl Game {
    /// The game with its heap method set: loaded again, since a loaded game is
    /// shared; a catalogue game loads in microseconds.
    fn with_method(&self, py: Python<'_>, m: grundy_octal::Method) -> PyResult<Game> {
        if matches!(m, grundy_octal::Method::Auto) {
            return Ok(Game {
                game: Arc::clone(&self.game),
                budget: self.budget.clone(),
            });
        }
        let name = self.game.name();
        let mut g = grundy_api::load_game(&name, &self.budget).map_err(|e| error(py, e))?;
        g.set_heap_method(m);
        Ok(Game::of(g, self.budget.clone()))
    }
}

/// `budget` with a call's `max_work=` keyword in place of its own, when given.
fn with_work(budget: &Budget, max_work: Option<u64>) -> Budget {
    Budget {
        max_work: max_work.or(budget.max_work),
        ..budget.clone()
    }
}

/// The calculator: `calc --json`'s object.
#[pyfunction]
#[pyo3(signature = (expression, budget, unicode=false, max_work=None))]
fn calc(
    py: Python<'_>,
    expression: String,
    budget: PyRef<'_, PyBudget>,
    unicode: bool,
    max_work: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let work = args::count_or::<u64>(py, "max_work", max_work)?;
    let b = with_work(&budget.0, work);
    let r = run(py, move || {
        grundy_api::calc(&expression, unicode, &b).map(|r| r.json())
    })?;
    answer(py, r)
}

/// Every family of the catalogue, with what it can do.
#[pyfunction]
fn catalogue(py: Python<'_>) -> PyResult<Py<PyAny>> {
    answer(py, Ok(grundy_api::catalogue()))
}

/// A thermograph drawn as SVG (or PNG) bytes, from walls as `thermograph` gives them.
#[pyfunction]
#[pyo3(signature = (title, left, right, mast, temperature, width=None, height=None, png=false))]
#[allow(clippy::too_many_arguments)]
fn draw_thermograph(
    py: Python<'_>,
    title: String,
    left: Vec<(f64, f64)>,
    right: Vec<(f64, f64)>,
    mast: f64,
    temperature: f64,
    width: Option<&Bound<'_, PyAny>>,
    height: Option<&Bound<'_, PyAny>>,
    png: bool,
) -> PyResult<Py<PyBytes>> {
    let size = size(py, width, height, (480, 360))?;
    let plot = grundy_plot::ThermographPlot {
        title,
        left,
        right,
        mast,
        temperature,
    };
    picture(py, grundy_plot::render_thermograph(&plot, format(png), size))
}

/// A picture's size in pixels, `default` where left out.
fn size(
    py: Python<'_>,
    width: Option<&Bound<'_, PyAny>>,
    height: Option<&Bound<'_, PyAny>>,
    default: (u32, u32),
) -> PyResult<grundy_plot::Size> {
    Ok(grundy_plot::Size {
        width: args::count_or(py, "width", width)?.unwrap_or(default.0),
        height: args::count_or(py, "height", height)?.unwrap_or(default.1),
    })
}

fn format(png: bool) -> grundy_plot::Format {
    if png {
        grundy_plot::Format::Png
    } else {
        grundy_plot::Format::Svg
    }
}

/// A picture's bytes for Python, or the plotter's complaint as bad input.
fn picture(py: Python<'_>, bytes: Result<Vec<u8>, grundy_plot::PlotError>) -> PyResult<Py<PyBytes>> {
    let bytes = bytes.map_err(|e| raise(py, "InputError", &e.to_string(), None))?;
    Ok(PyBytes::new(py, &bytes).unbind())
}

/// A nim-sequence plot as SVG (or PNG) bytes.
#[pyfunction]
#[pyo3(signature = (title, values, period=None, width=None, height=None, png=false))]
fn draw_sequence(
    py: Python<'_>,
    title: String,
    values: Vec<u64>,
    period: Option<(u64, u64, u64)>,
    width: Option<&Bound<'_, PyAny>>,
    height: Option<&Bound<'_, PyAny>>,
    png: bool,
) -> PyResult<Py<PyBytes>> {
    let size = size(py, width, height, (640, 360))?;
    let s = grundy_plot::Sequence {
        title,
        values,
        period: period.map(|(preperiod, period, saltus)| grundy_plot::PeriodMark {
            preperiod,
            period,
            saltus,
        }),
    };
    picture(py, grundy_plot::render_sequence(&s, format(png), size))
}

#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<PyBudget>()?;
    m.add_class::<values::PyValue>()?;
    m.add_function(wrap_pyfunction!(calc, m)?)?;
    m.add_function(wrap_pyfunction!(catalogue, m)?)?;
    m.add_function(wrap_pyfunction!(_set_report_class, m)?)?;
    m.add_function(wrap_pyfunction!(draw_thermograph, m)?)?;
    m.add_function(wrap_pyfunction!(draw_sequence, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
