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
use grundy::partizan::{GameId, Side, Universe};
use grundy::Budget;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyList, PyString};
use serde_json::Value;

mod python_game;
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
        max_memory: Option<u64>,
        max_work: Option<u64>,
        max_positions: Option<u64>,
        script_memory: Option<u64>,
        script_timeout: Option<f64>,
    ) -> PyResult<PyBudget> {
        let mut b = Budget::default();
        if let Some(m) = max_memory {
            b.max_memory = m;
        }
        b.max_work = max_work;
        b.max_positions = max_positions;
        if let Some(m) = script_memory {
            b.script_memory = m;
        }
        if let Some(t) = script_timeout {
            if !(t > 0.0 && t.is_finite()) {
                return Python::attach(|py| {
                    Err(raise(
                        py,
                        "InputError",
                        "script_timeout must be a positive number of seconds",
                        None,
                    ))
                });
            }
            b.script_time = Duration::from_secs_f64(t);
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
            let options = grundy_api::DenseOptions {
                remoteness,
                parallel,
                ..grundy_api::DenseOptions::within(b)
            };
            Ok(grundy_api::build(g, &db, start.as_deref(), options, resume, &mut |_| {})?.json())
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

    #[pyo3(signature = (position, depth=2, replies=20, misere=false, first=None))]
    fn explain(
        &self,
        py: Python<'_>,
        position: String,
        depth: usize,
        replies: usize,
        misere: bool,
        first: Option<String>,
    ) -> PyResult<Py<PyAny>> {
        self.ask(py, move |g, b| {
            let o = options(misere, first.as_deref())?;
            Ok(grundy_api::explain(g, &position, depth, replies, &o, b)?.json())
        })
    }

    #[pyo3(signature = (to, from_=0, method="auto"))]
    fn values(&self, py: Python<'_>, to: u64, from_: u64, method: &str) -> PyResult<Py<PyAny>> {
        let m = self::method(method).map_err(|e| error(py, e))?;
        let game = self.with_method(py, m)?;
        game.ask(py, move |g, b| Ok(grundy_api::values(g, from_, to, b)?.json()))
    }

    /// The nim-values of heaps `from_` to `to` as little-endian `u64`s, for
    /// `numpy.frombuffer` (one copy of the whole array, none per value).
    #[pyo3(signature = (to, from_=0, method="auto"))]
    fn nimbers(&self, py: Python<'_>, to: u64, from_: u64, method: &str) -> PyResult<Py<PyBytes>> {
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
        max: Option<u64>,
        max_work: Option<u64>,
        method: &str,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Py<PyAny>> {
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

    #[pyo3(signature = (max_heap=12, max_work=None))]
    fn quotient(&self, py: Python<'_>, max_heap: u64, max_work: Option<u64>) -> PyResult<Py<PyAny>> {
        self.ask(py, move |g, b| {
            Ok(grundy_api::quotient(g, max_heap, &with_work(b, max_work))?.json())
        })
    }

    #[pyo3(signature = (position, max_work=None, unicode=false))]
    fn value(
        &self,
        py: Python<'_>,
        position: String,
        max_work: Option<u64>,
        unicode: bool,
    ) -> PyResult<Py<PyAny>> {
        self.ask(py, move |g, b| {
            Ok(grundy_api::value(g, &position, unicode, &with_work(b, max_work))?.json())
        })
    }

    /// The thermograph's value, mean and temperature with its walls.
    #[pyo3(signature = (position, max_work=None))]
    fn thermograph(&self, py: Python<'_>, position: String, max_work: Option<u64>) -> PyResult<Py<PyAny>> {
        self.ask(py, move |g, b| {
            Ok(grundy_api::thermograph(g, &position, &with_work(b, max_work))?.json_with_walls())
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
    max_work: Option<u64>,
) -> PyResult<Py<PyAny>> {
    let b = with_work(&budget.0, max_work);
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
#[pyo3(signature = (title, left, right, mast, temperature, width=480, height=360, png=false))]
#[allow(clippy::too_many_arguments)]
fn draw_thermograph(
    py: Python<'_>,
    title: String,
    left: Vec<(f64, f64)>,
    right: Vec<(f64, f64)>,
    mast: f64,
    temperature: f64,
    width: u32,
    height: u32,
    png: bool,
) -> PyResult<Py<PyBytes>> {
    let plot = grundy_plot::ThermographPlot {
        title,
        left,
        right,
        mast,
        temperature,
    };
    picture(
        py,
        grundy_plot::render_thermograph(&plot, format(png), grundy_plot::Size { width, height }),
    )
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
#[pyo3(signature = (title, values, period=None, width=640, height=360, png=false))]
fn draw_sequence(
    py: Python<'_>,
    title: String,
    values: Vec<u64>,
    period: Option<(u64, u64, u64)>,
    width: u32,
    height: u32,
    png: bool,
) -> PyResult<Py<PyBytes>> {
    let s = grundy_plot::Sequence {
        title,
        values,
        period: period.map(|(preperiod, period, saltus)| grundy_plot::PeriodMark {
            preperiod,
            period,
            saltus,
        }),
    };
    picture(
        py,
        grundy_plot::render_sequence(&s, format(png), grundy_plot::Size { width, height }),
    )
}

/// The one universe of Python's values: canonical forms are interned, so equal
/// values are one id, and `==` and `hash` are the id's.
fn universe() -> &'static Mutex<Universe> {
    static U: OnceLock<Mutex<Universe>> = OnceLock::new();
    U.get_or_init(|| Mutex::new(Universe::new()))
}

fn with_universe<T>(f: impl FnOnce(&mut Universe) -> T) -> T {
    let mut u = universe().lock().unwrap_or_else(|e| e.into_inner());
    // Each operation on values is one question: a fresh work budget.
    u.set_work_limit(Some(grundy::Task::Calc.defaults().work));
    f(&mut u)
}

/// A short game's value in canonical form.
#[pyclass(frozen, name = "Value", module = "grundy._grundy")]
struct PyValue(GameId);

impl PyValue {
    fn checked(py: Python<'_>, u: &Universe, g: GameId) -> PyResult<PyValue> {
        if u.work_exhausted() {
            let e: grundy_api::Error = grundy::partizan::out_of_work(u).into();
            return Err(error(py, e));
        }
        Ok(PyValue(g))
    }

    /// `op(self, other)` in the universe, checked against its work limit.
    fn with(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: impl FnOnce(&mut Universe, GameId, GameId) -> GameId,
    ) -> PyResult<PyValue> {
        let h = PyValue::other(py, other)?;
        with_universe(|u| {
            let g = op(u, self.0, h);
            PyValue::checked(py, u, g)
        })
    }

    fn other(py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<GameId> {
        if let Ok(v) = other.cast::<PyValue>() {
            return Ok(v.get().0);
        }
        if let Ok(n) = other.extract::<i64>() {
            return Ok(with_universe(|u| u.integer(n)));
        }
        if let Ok(text) = other.extract::<String>() {
            return with_universe(|u| u.parse(&text))
                .map_err(|e| raise(py, "InputError", &e.to_string(), None));
        }
        Err(raise(
            py,
            "InputError",
            "a value is a grundy.Value, an int or CGSuite text",
            None,
        ))
    }
}

#[pymethods]
impl PyValue {
    /// A value from CGSuite notation: `{1|-1}`, `^*`, `3/4`, `*2`, `+-1`.
    #[new]
    fn new(py: Python<'_>, text: &str) -> PyResult<PyValue> {
        with_universe(|u| match u.parse(text) {
            Ok(g) => PyValue::checked(py, u, g),
            Err(e) => Err(match grundy_cgt::calc::over_budget(u) {
                Some(o) => error(py, grundy_api::Error::OverBudget(o)),
                None => raise(py, "InputError", &e.to_string(), None),
            }),
        })
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyValue> {
        self.with(py, other, |u, g, h| u.add(g, h))
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyValue> {
        self.__add__(py, other)
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyValue> {
        self.with(py, other, |u, g, h| u.sub(g, h))
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyValue> {
        self.with(py, other, |u, g, h| u.sub(h, g))
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<PyValue> {
        with_universe(|u| {
            let g = u.neg(self.0);
            PyValue::checked(py, u, g)
        })
    }

    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: pyo3::basic::CompareOp,
    ) -> PyResult<bool> {
        use pyo3::basic::CompareOp::*;
        let h = match PyValue::other(py, other) {
            Ok(h) => h,
            Err(e) if matches!(op, Eq | Ne) => {
                drop(e);
                return Ok(matches!(op, Ne));
            }
            Err(e) => return Err(e),
        };
        with_universe(|u| {
            let r = match op {
                Eq => self.0 == h,
                Ne => self.0 != h,
                Le => u.le(self.0, h),
                Ge => u.ge(self.0, h),
                Lt => u.le(self.0, h) && self.0 != h,
                Gt => u.ge(self.0, h) && self.0 != h,
            };
            if u.work_exhausted() {
                let e: grundy_api::Error = grundy::partizan::out_of_work(u).into();
                return Err(error(py, e));
            }
            Ok(r)
        })
    }

    /// True when the two are confused (incomparable): G - H is fuzzy.
    fn confused(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let h = PyValue::other(py, other)?;
        Ok(with_universe(|u| u.confused(self.0, h)))
    }

    fn __hash__(&self) -> u64 {
        u64::from(self.0 .0)
    }

    fn __str__(&self) -> String {
        with_universe(|u| u.display(self.0, false))
    }

    fn __repr__(&self) -> String {
        format!("Value({:?})", self.__str__())
    }

    /// The value with ↑, ⇑, ↓, ±.
    fn unicode(&self) -> String {
        with_universe(|u| u.display(self.0, true))
    }

    #[getter]
    fn mean(&self) -> String {
        with_universe(|u| u.mean(self.0).to_string())
    }

    #[getter]
    fn temperature(&self) -> String {
        with_universe(|u| u.temperature(self.0).to_string())
    }

    #[getter]
    fn outcome_class(&self) -> &'static str {
        with_universe(|u| grundy_api::outcome_class(u, self.0))
    }

    #[getter]
    fn birthday(&self) -> u32 {
        with_universe(|u| u.birthday(self.0))
    }

    /// The atomic weight, for an infinitesimal that has one; None otherwise.
    #[getter]
    fn atomic_weight(&self) -> Option<PyValue> {
        with_universe(|u| u.atomic_weight(self.0)).map(PyValue)
    }

    /// The reduced canonical form (infinitesimals dropped).
    fn reduced(&self) -> PyValue {
        PyValue(with_universe(|u| u.reduced(self.0)))
    }

    /// The thermograph: the dict of `thermograph` with its walls.
    fn thermograph(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let text = self.__str__();
        let r = grundy_api::thermograph_of_value(&text, &Budget::default()).map(|t| t.json_with_walls());
        answer(py, r)
    }
}

#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<PyBudget>()?;
    m.add_class::<PyValue>()?;
    m.add_function(wrap_pyfunction!(calc, m)?)?;
    m.add_function(wrap_pyfunction!(catalogue, m)?)?;
    m.add_function(wrap_pyfunction!(_set_report_class, m)?)?;
    m.add_function(wrap_pyfunction!(draw_thermograph, m)?)?;
    m.add_function(wrap_pyfunction!(draw_sequence, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
