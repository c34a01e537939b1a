//! Games written in Python: a `grundy.PythonGame` subclass behind the seam.
//!
//! The definition's methods are called through the GIL from whichever thread
//! solves; what they return is checked as a Luau script's is (a position is an
//! int, a tuple or list of ints, or a str), and a wrong value or an exception is a
//! [`GameError::Rule`] that names the method and the position.
//!
//! Each position's options are asked once and remembered ([`Memo`]): a solver
//! asks for a position's options many times (a search, then the winning moves,
//! then each move's outcome), and a call into Python costs far more than the
//! solver's own work. A heap game's are remembered per heap, so a sum of heaps
//! asks `moves(n)` once for each heap size.

use grundy::dynamic::{searched_nim_value, Analyze, Builtin, DynGame, DynPosition};
use grundy::partizan::{Partizan, Side};
use grundy::{Budget, Game, GameError, Impartial, Outcome};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

/// How positions look to the definition.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// `heaps = True`: a position is a tuple of heaps, `moves(n)` is asked of one
    /// heap and gives what is left of it (an int, or a tuple for a split).
    Heaps,
    /// A position is one int.
    Number,
    /// `shape = "tuple"`, or a tuple as `start`: a position is a tuple of ints
    /// (one of one number too), or a str.
    Tuple,
    /// A position is an int (one number), a tuple of ints, or a str.
    Any,
}

/// A method whose answers are remembered.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Asked {
    Moves,
    Left,
    Right,
}

impl Asked {
    fn method(self) -> &'static str {
        match self {
            Asked::Moves => "moves",
            Asked::Left => "left",
            Asked::Right => "right",
        }
    }
}

/// The options each position was given, up to the budget's positions and a
/// quarter of its memory; past either it starts again empty, so that a long
/// analysis keeps what it asked lately.
#[derive(Default)]
struct Memo {
    options: HashMap<(Asked, DynPosition), Arc<[DynPosition]>>,
    bytes: u64,
}

/// A memo entry's bytes beyond its positions' numbers: the hash table's slot,
/// the key and the list's header.
const ENTRY_BYTES: u64 = 96;

fn position_bytes(p: &DynPosition) -> u64 {
    let inner = match p {
        DynPosition::Ints(v) => v.len() * 8,
        DynPosition::Text(t) => t.len(),
    };
    (std::mem::size_of::<DynPosition>() + inner) as u64
}

/// A Python definition.
pub struct PythonGame {
    /// Shared by the views of [`Analyze::within`] (cloning a `Py` needs the GIL),
    /// as are the memo and what `moves(0)` said.
    definition: Arc<Py<PyAny>>,
    name: String,
    shape: Shape,
    impartial: bool,
    has_terminal: bool,
    has_show: bool,
    start: Option<DynPosition>,
    max_positions: usize,
    max_memory: u64,
    memo: Arc<Mutex<Memo>>,
    /// Whether an empty heap has no moves, asked of `moves(0)` once when needed.
    empty_heap_is_inert: Arc<OnceLock<bool>>,
}

impl PythonGame {
    /// This game as it runs within `budget` (see [`Analyze::within`]).
    fn view(&self, budget: &Budget) -> PythonGame {
        PythonGame {
            definition: Arc::clone(&self.definition),
            name: self.name.clone(),
            shape: self.shape,
            impartial: self.impartial,
            has_terminal: self.has_terminal,
            has_show: self.has_show,
            start: self.start.clone(),
            max_positions: budget.positions_usize(grundy::Task::Search),
            max_memory: budget.max_memory,
            memo: Arc::clone(&self.memo),
            empty_heap_is_inert: Arc::clone(&self.empty_heap_is_inert),
        }
    }
}

/// Load a definition: its name, shape, start and whether it is partizan (it
/// defines `left` and `right` instead of `moves`).
pub fn load(py: Python<'_>, definition: Py<PyAny>, budget: &Budget) -> PyResult<Box<dyn DynGame>> {
    let d = definition.bind(py);
    let class = d.get_type().name()?.to_string();
    let has = |name: &str| -> bool {
        d.hasattr(name).unwrap_or(false) && !d.getattr(name).is_ok_and(|a| a.is_none())
    };
    let overridden = |name: &str| -> PyResult<bool> {
        // A method the base class leaves as None, or does not define.
        Ok(has(name))
    };
    let name = match d.getattr("name") {
        Ok(n) if !n.is_none() => n.extract::<String>()?,
        _ => class,
    };
    let sides = overridden("left")? && overridden("right")?;
    let moves = overridden("moves")?;
    if !sides && !moves {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{name}: a PythonGame defines moves(position), or left(position) and right(position) for a partizan game"
        )));
    }
    let declared = d.getattr("shape").and_then(|s| s.extract::<String>()).ok();
    let start = d
        .getattr("start")
        .ok()
        .filter(|s| !s.is_none() && !s.is_callable());
    let shape = if d.getattr("heaps").and_then(|h| h.is_truthy()).unwrap_or(false) {
        Shape::Heaps
    } else {
        match declared.as_deref() {
            Some("number") => Shape::Number,
            Some("tuple") => Shape::Tuple,
            None if start
                .as_ref()
                .is_some_and(|s| s.is_instance_of::<PyTuple>() || s.is_instance_of::<PyList>()) =>
            {
                Shape::Tuple
            }
            None => Shape::Any,
            Some(other) => {
                return Err(crate::raise(
                    py,
                    "InputError",
                    &format!("{name}: shape = {other:?}: give \"number\", \"tuple\" or leave it out"),
                    None,
                ))
            }
        }
    };
    let start = match start {
        Some(s) => Some(
            position_of(&s, shape)
                .map_err(|m| crate::raise(py, "InputError", &format!("{name}: start is {m}"), None))?,
        ),
        None => None,
    };
    let game = PythonGame {
        name: name.clone(),
        shape,
        impartial: !sides,
        has_terminal: overridden("terminal")?,
        has_show: overridden("show")?,
        start,
        definition: Arc::new(definition.clone_ref(py)),
        max_positions: budget.positions_usize(grundy::Task::Search),
        max_memory: budget.max_memory,
        memo: Arc::default(),
        empty_heap_is_inert: Arc::default(),
    };
    Ok(if sides {
        grundy::partizan::from_partizan(name, PythonPartizan(game))
    } else {
        Box::new(Builtin::new(game))
    })
}

/// What a Python value is as a position, or what it is instead.
fn position_of(v: &Bound<'_, PyAny>, shape: Shape) -> Result<DynPosition, String> {
    if let Ok(n) = v.extract::<i64>() {
        if v.is_instance_of::<pyo3::types::PyBool>() {
            return Err("a bool, not a position (an int, a tuple of ints or a str)".into());
        }
        return Ok(DynPosition::Ints(vec![n]));
    }
    if shape != Shape::Number {
        if let Ok(s) = v.extract::<String>() {
            if shape == Shape::Heaps {
                return Err(format!("the str {s:?}, not heaps (an int or a tuple of ints)"));
            }
            return Ok(DynPosition::Text(s));
        }
        if v.is_instance_of::<PyTuple>() || v.is_instance_of::<PyList>() {
            let ints: Result<Vec<i64>, _> = v.extract();
            return ints
                .map(DynPosition::Ints)
                .map_err(|_| format!("{}, not a tuple of ints", repr(v)));
        }
    }
    Err(format!(
        "{} (of type {}), not a position ({})",
        repr(v),
        v.get_type().name().map(|n| n.to_string()).unwrap_or_default(),
        match shape {
            Shape::Number => "an int",
            Shape::Heaps => "an int or a tuple of ints",
            Shape::Tuple | Shape::Any => "an int, a tuple of ints or a str",
        }
    ))
}

fn repr(v: &Bound<'_, PyAny>) -> String {
    let text = v.repr().map(|r| r.to_string()).unwrap_or_else(|_| "?".into());
    if text.chars().count() > 60 {
        format!("{}…", text.chars().take(60).collect::<String>())
    } else {
        text
    }
}

/// A position as the definition sees it.
fn to_python<'py>(py: Python<'py>, p: &DynPosition, shape: Shape) -> PyResult<Bound<'py, PyAny>> {
    Ok(match p {
        DynPosition::Text(s) => s.into_pyobject(py)?.into_any(),
        // One number is an int, as `solve(10)` wrote it, unless the definition
        // speaks tuples.
        DynPosition::Ints(v) if shape == Shape::Number || (shape != Shape::Tuple && v.len() == 1) => {
            v.first().copied().unwrap_or(0).into_pyobject(py)?.into_any()
        }
        DynPosition::Ints(v) => PyTuple::new(py, v)?.into_any(),
    })
}

impl PythonGame {
    /// `asked(position)`, from the memo when it was asked before.
    fn options_of(&self, asked: Asked, p: &DynPosition) -> Result<Arc<[DynPosition]>, GameError> {
        let key = (asked, p.clone());
        if let Some(known) = self.memo().options.get(&key) {
            return Ok(Arc::clone(known));
        }
        // Python is called without the memo held: other threads may read it meanwhile.
        let options: Arc<[DynPosition]> = self.call_for_options(asked.method(), p)?.into();
        let bytes = ENTRY_BYTES + position_bytes(p) + options.iter().map(position_bytes).sum::<u64>();
        let mut memo = self.memo();
        if memo.options.len() >= self.max_positions || memo.bytes + bytes > self.max_memory / 4 {
            *memo = Memo::default();
        }
        memo.bytes += bytes;
        memo.options.insert(key, Arc::clone(&options));
        Ok(options)
    }

    fn memo(&self) -> std::sync::MutexGuard<'_, Memo> {
        self.memo.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Call `method(position)` and read a list of positions back.
    fn call_for_options(&self, method: &str, p: &DynPosition) -> Result<Vec<DynPosition>, GameError> {
        Python::attach(|py| {
            let d = self.definition.bind(py);
            let arg = to_python(py, p, self.shape).map_err(|e| self.failed(py, method, p, e))?;
            let r = d
                .call_method1(method, (arg,))
                .map_err(|e| self.failed(py, method, p, e))?;
            let items = r.try_iter().map_err(|_| {
                self.wrong(
                    method,
                    p,
                    format!("returned {}, not a list of positions", repr(&r)),
                )
            })?;
            let mut out = Vec::new();
            for item in items {
                let item = item.map_err(|e| self.failed(py, method, p, e))?;
                out.push(
                    position_of(&item, self.shape).map_err(|m| self.wrong(method, p, format!("gave {m}")))?,
                );
            }
            Ok(out)
        })
    }

    fn failed(&self, py: Python<'_>, method: &str, p: &DynPosition, e: PyErr) -> GameError {
        // Ctrl-C while the definition runs: the calling thread has stopped waiting.
        let text = e.value(py).str().map(|s| s.to_string()).unwrap_or_default();
        let kind = e.get_type(py).name().map(|n| n.to_string()).unwrap_or_default();
        GameError::Rule(format!("{}: {method}({p}) raised {kind}: {text}", self.name))
    }

    fn wrong(&self, method: &str, p: &DynPosition, what: String) -> GameError {
        GameError::Rule(format!("{}: {method}({p}) {what}", self.name))
    }

    fn show_text(&self, p: &DynPosition) -> Option<String> {
        if !self.has_show {
            return None;
        }
        Python::attach(|py| {
            let arg = to_python(py, p, self.shape).ok()?;
            let s = self.definition.bind(py).call_method1("show", (arg,)).ok()?;
            s.extract::<String>().ok()
        })
    }

    fn terminal_of(&self, p: &DynPosition) -> Result<Option<Outcome>, GameError> {
        if !self.has_terminal {
            return Ok(None);
        }
        Python::attach(|py| {
            let arg = to_python(py, p, self.shape).map_err(|e| self.failed(py, "terminal", p, e))?;
            let r = self
                .definition
                .bind(py)
                .call_method1("terminal", (arg,))
                .map_err(|e| self.failed(py, "terminal", p, e))?;
            if r.is_none() {
                return Ok(None);
            }
            match r.extract::<String>().as_deref() {
                Ok("win") => Ok(Some(Outcome::Win)),
                Ok("lose") => Ok(Some(Outcome::Lose)),
                Ok("draw") => Ok(Some(Outcome::Draw)),
                _ => Err(self.wrong(
                    "terminal",
                    p,
                    format!("returned {}, not \"win\", \"lose\", \"draw\" or None", repr(&r)),
                )),
            }
        })
    }
}

impl Game for PythonGame {
    type Position = DynPosition;

    fn options(&self, p: &DynPosition, out: &mut Vec<DynPosition>) -> Result<(), GameError> {
        if self.shape != Shape::Heaps {
            out.extend(self.options_of(Asked::Moves, p)?.iter().cloned());
            return Ok(());
        }
        let heaps = p.ints().unwrap_or(&[]);
        grundy::dynamic::heap_sum_options(
            heaps,
            |h| self.options_of(Asked::Moves, &DynPosition::Ints(vec![h])),
            out,
        )
    }

    fn terminal(&self, p: &DynPosition) -> Result<Option<Outcome>, GameError> {
        self.terminal_of(p)
    }
}

impl Impartial for PythonGame {
    fn components(&self, p: &DynPosition, out: &mut Vec<DynPosition>) {
        match (self.shape, p) {
            (Shape::Heaps, DynPosition::Ints(v)) => out.extend(v.iter().map(|&h| DynPosition::Ints(vec![h]))),
            _ => out.push(p.clone()),
        }
    }
}

impl Analyze for PythonGame {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn show(&self, p: &DynPosition) -> Option<String> {
        self.show_text(p)
    }
    fn check(&self, p: &DynPosition) -> Result<(), String> {
        match (self.shape, p) {
            (Shape::Number, DynPosition::Ints(v)) if v.len() != 1 => Err("one number".into()),
            (Shape::Number | Shape::Heaps, DynPosition::Text(_)) => Err("numbers, not text".into()),
            (Shape::Heaps, DynPosition::Ints(v)) if v.iter().any(|&h| h < 0) => {
                Err("heaps of 0 or more".into())
            }
            _ => Ok(()),
        }
    }
    fn start(&self) -> Option<DynPosition> {
        self.start.clone()
    }
    /// A sum of heaps plays the same in any order, and without its empty heaps
    /// when an empty heap has no moves: the search meets each sum once, not once
    /// per order (`solve(20)` of Kayles took 7 s, and 0.01 s so). A terminal rule
    /// sees the whole tuple, so its game keeps every position as it is.
    fn canonical(&self, p: &DynPosition) -> Option<DynPosition> {
        if self.shape != Shape::Heaps || self.has_terminal {
            return None;
        }
        let drop_empty = *self.empty_heap_is_inert.get_or_init(|| {
            self.options_of(Asked::Moves, &DynPosition::Ints(vec![0]))
                .is_ok_and(|o| o.is_empty())
        });
        let mut heaps: Vec<i64> = p
            .ints()?
            .iter()
            .copied()
            .filter(|&h| !(drop_empty && h == 0))
            .collect();
        heaps.sort_unstable();
        Some(DynPosition::Ints(heaps))
    }
    fn impartial(&self) -> bool {
        self.impartial
    }
    fn ends_by_rule(&self) -> bool {
        self.has_terminal
    }
    fn within(&self, budget: &Budget) -> Option<Self> {
        Some(self.view(budget))
    }
    fn nim_value(&self, p: &DynPosition, limit: usize) -> Option<Result<u64, GameError>> {
        self.impartial
            .then(|| searched_nim_value(self, p, limit.min(self.max_positions)))
    }
    fn heap_nim_values(&self, from: u64, to: u64) -> Option<Result<Vec<u64>, GameError>> {
        // Single heaps have values when a position is heaps or one number.
        if !self.impartial || matches!(self.shape, Shape::Any | Shape::Tuple) {
            return None;
        }
        Some(
            (from..=to)
                .map(|n| searched_nim_value(self, &DynPosition::Ints(vec![n as i64]), self.max_positions))
                .collect(),
        )
    }
}

/// A partizan definition: `left` and `right`.
struct PythonPartizan(PythonGame);

impl Partizan for PythonPartizan {
    type Position = DynPosition;

    fn within(&self, budget: &Budget) -> Option<Self> {
        Some(PythonPartizan(self.0.view(budget)))
    }

    fn options(&self, p: &DynPosition, side: Side, out: &mut Vec<DynPosition>) -> Result<(), GameError> {
        self.0
            .check(p)
            .map_err(|m| GameError::position(&self.0.name, p.to_string(), m))?;
        let asked = match side {
            Side::Left => Asked::Left,
            Side::Right => Asked::Right,
        };
        out.extend(self.0.options_of(asked, p)?.iter().cloned());
        Ok(())
    }

    fn start(&self) -> Option<DynPosition> {
        self.0.start.clone()
    }

    fn show(&self, p: &DynPosition) -> Option<String> {
        self.0.show_text(p)
    }
}
