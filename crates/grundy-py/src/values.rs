//! `grundy.Value`: short games' values in canonical form, shared by every value
//! of the process.
//!
//! Canonical forms are interned in one [`Universe`], so that equal values are one
//! id and `==` is a comparison of ids. A universe only grows (its games, and the
//! memos of sums and negatives), so a process that made 20,000 values and dropped
//! them kept 280 MB: the universe is compacted instead. A value names a slot of
//! [`Values`], the slot holds its id in the current universe, and when the
//! universe has grown to twice what it held after the last compaction, or half
//! the values live then have been dropped, the live values alone are copied into
//! a fresh universe and the old one is freed. The copying costs what the live
//! values hold, after as much new work or half as many values dropped, so it
//! adds a constant factor at most.
//!
//! Ids change at a compaction, so a value's hash is its form's structure, not its id.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, OnceLock};

use grundy::partizan::{GameId, Universe};
use pyo3::prelude::*;

use crate::{error, raise};

/// The universe is not compacted while it holds less (estimated): small
/// notebooks never copy anything.
const COMPACT_FROM: u64 = 16 << 20;

/// Every live value's game, in one universe.
pub struct Values {
    universe: Universe,
    /// Each slot's game, `None` when free.
    slots: Vec<Option<Slot>>,
    free: Vec<u32>,
    /// Structural hashes of this universe's games (its ids die with it).
    hashes: HashMap<GameId, u64>,
    /// What the universe held just after the last compaction.
    kept: u64,
    /// The values live just after the last compaction.
    kept_live: usize,
}

#[derive(Clone, Copy)]
struct Slot {
    game: GameId,
}

/// Slots of values Python has freed, not yet given back: a value is dropped
/// whenever Python collects it, which may be inside an operation that holds
/// [`Values`] (an exception made while it is held can run the collector), so
/// dropping must not wait for that lock.
static DROPPED: Mutex<Vec<u32>> = Mutex::new(Vec::new());

fn values() -> &'static Mutex<Values> {
    static V: OnceLock<Mutex<Values>> = OnceLock::new();
    V.get_or_init(|| {
        let universe = Universe::new();
        let kept = universe.memory_held();
        Mutex::new(Values {
            universe,
            slots: Vec::new(),
            free: Vec::new(),
            hashes: HashMap::new(),
            kept,
            kept_live: 0,
        })
    })
}

/// One operation on values: the freed slots given back, the universe compacted
/// when it has doubled, and a fresh work budget (each operation is one question).
fn with_values<T>(f: impl FnOnce(&mut Values) -> T) -> T {
    let mut v = values().lock().unwrap_or_else(|e| e.into_inner());
    let dropped = std::mem::take(&mut *DROPPED.lock().unwrap_or_else(|e| e.into_inner()));
    for slot in dropped {
        v.slots[slot as usize] = None;
        v.free.push(slot);
    }
    let held = v.universe.memory_held();
    let live = v.slots.len() - v.free.len();
    if held > COMPACT_FROM && (held > 2 * v.kept || 2 * live < v.kept_live) {
        v.compact();
    }
    v.universe
        .set_work_limit(Some(grundy::Task::Calc.defaults().work));
    f(&mut v)
}

impl Values {
    fn game(&self, value: &PyValue) -> GameId {
        // A live value's slot is never freed (its drop frees it).
        self.slots[value.slot as usize].map_or(GameId(0), |s| s.game)
    }

    /// A new value of `g`, or the budget's error when the work that made `g` ran out
    /// (then `g` is meaningless).
    fn keep(&mut self, py: Python<'_>, g: GameId) -> PyResult<PyValue> {
        self.checked(py)?;
        let slot = Slot { game: g };
        let index = match self.free.pop() {
            Some(i) => {
                self.slots[i as usize] = Some(slot);
                i
            }
            None => {
                self.slots.push(Some(slot));
                u32::try_from(self.slots.len() - 1)
                    .map_err(|_| raise(py, "GrundyError", "more than 2^32 live values", None))?
            }
        };
        Ok(PyValue { slot: index })
    }

    /// The budget's error when the operation's work ran out.
    fn checked(&self, py: Python<'_>) -> PyResult<()> {
        if self.universe.work_exhausted() {
            let e: grundy_api::Error = grundy::partizan::out_of_work(&self.universe).into();
            return Err(error(py, e));
        }
        Ok(())
    }

    /// Copy the live values into a fresh universe and free the old one.
    fn compact(&mut self) {
        let mut fresh = Universe::new();
        fresh.set_memory_limit(self.universe.memory_limit());
        // Every live value was computed within the limits: copying them is not new work.
        self.universe.set_work_limit(None);
        fresh.set_work_limit(None);
        let mut moved: HashMap<GameId, GameId> = HashMap::new();
        for slot in self.slots.iter_mut().flatten() {
            let old = slot.game;
            slot.game = *moved
                .entry(old)
                .or_insert_with(|| fresh.import(&self.universe, old));
        }
        self.universe = fresh;
        self.hashes.clear();
        self.kept = self.universe.memory_held();
        self.kept_live = self.slots.len() - self.free.len();
    }

    /// A hash of `g`'s form, the same in every universe: canonical forms are equal
    /// exactly when their structures are. Iterative: a form may be deeper than
    /// the stack (the integer n is n deep).
    fn hash_of(&mut self, g: GameId) -> u64 {
        let mut stack = vec![(g, false)];
        while let Some((x, ready)) = stack.pop() {
            if self.hashes.contains_key(&x) {
                continue;
            }
            let (left, right) = (self.universe.left_options(x), self.universe.right_options(x));
            if !ready {
                stack.push((x, true));
                for &o in left.iter().chain(right) {
                    if !self.hashes.contains_key(&o) {
                        stack.push((o, false));
                    }
                }
                continue;
            }
            let side = |options: &[GameId]| {
                let mut hs: Vec<u64> = options.iter().map(|o| self.hashes[o]).collect();
                hs.sort_unstable();
                hs
            };
            let mut h = DefaultHasher::new();
            (side(left), side(right)).hash(&mut h);
            let hash = h.finish();
            self.hashes.insert(x, hash);
        }
        self.hashes[&g]
    }
}

/// A short game's value in canonical form.
#[pyclass(frozen, name = "Value", module = "grundy._grundy")]
pub struct PyValue {
    slot: u32,
}

impl Drop for PyValue {
    fn drop(&mut self) {
        DROPPED.lock().unwrap_or_else(|e| e.into_inner()).push(self.slot);
    }
}

/// The other side of an operation, read from Python before [`Values`] is held
/// (reading may run Python code, which may make values).
enum Operand {
    Value(u32),
    Text(String),
}

impl Operand {
    fn of(py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Operand> {
        if let Ok(v) = other.cast::<PyValue>() {
            return Ok(Operand::Value(v.get().slot));
        }
        if other.is_instance_of::<pyo3::types::PyInt>() && !other.is_instance_of::<pyo3::types::PyBool>() {
            // Read as `Value(n)` reads it: the integer n has |n| nodes, and the
            // parser refuses one too large at once, where building it would
            // fill the memory limit first (half a minute for 10**9).
            let text = other
                .str()
                .map_err(|_| raise(py, "InputError", "the int is too large to build as a game", None))?;
            return Ok(Operand::Text(text.to_string()));
        }
        if let Ok(text) = other.extract::<String>() {
            return Ok(Operand::Text(text));
        }
        Err(raise(
            py,
            "InputError",
            "a value is a grundy.Value, an int or CGSuite text",
            None,
        ))
    }

    fn game(&self, py: Python<'_>, v: &mut Values) -> PyResult<GameId> {
        match self {
            Operand::Value(slot) => Ok(v.slots[*slot as usize].map_or(GameId(0), |s| s.game)),
            Operand::Text(text) => parse(py, v, text),
        }
    }
}

/// A value's text, read as the calculator reads it (`grundy calc`, the web page):
/// CGSuite's names, sums, functions and positions of catalogue games.
fn parse(py: Python<'_>, v: &mut Values, text: &str) -> PyResult<GameId> {
    use grundy_cgt::calc::CalcValue;
    let budget = grundy::Budget::default();
    let mut resolve = |name: &str, position: &str, u: &mut Universe| -> Result<GameId, String> {
        let game = grundy_api::builtin_game(name, &budget).map_err(|e| e.to_string())?;
        let p = game.parse_position(position).map_err(|e| e.to_string())?;
        grundy_api::value_of(game.as_ref(), &p, u, &budget).map_err(|e| e.to_string())
    };
    match grundy_cgt::calc::evaluate(text, &mut v.universe, &mut resolve) {
        Ok(CalcValue::Game(g)) => {
            v.checked(py)?;
            Ok(g)
        }
        Ok(CalcValue::UpStar { star, .. }) => Err(raise(
            py,
            "InputError",
            &format!(
                "*{star} is too large to build as a game (*n has n options; a Value is a form, at most *{}): grundy.calc computes with it exactly",
                grundy_cgt::NIMBER_LIMIT
            ),
            None,
        )),
        Ok(CalcValue::Bool(_)) => Err(raise(
            py,
            "InputError",
            "a comparison is not a value (compare Values with <, <=, ==, or use grundy.calc)",
            None,
        )),
        Err(e) => Err(match grundy_cgt::calc::over_budget(&v.universe) {
            Some(o) => error(py, grundy_api::Error::OverBudget(o)),
            None => raise(py, "InputError", &e.to_string(), None),
        }),
    }
}

/// The number a value is, or the error naming what needed one.
fn number_of(py: Python<'_>, u: &Universe, g: GameId, what: &str) -> PyResult<grundy_cgt::Dyadic> {
    u.as_number(g).ok_or_else(|| {
        raise(
            py,
            "InputError",
            &format!("{what} is a number, not {}", u.display(g, false)),
            None,
        )
    })
}

impl PyValue {
    /// `op(self, other)`, checked against the operation's work limit.
    fn with(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: impl FnOnce(&mut Universe, GameId, GameId) -> GameId,
    ) -> PyResult<PyValue> {
        let other = Operand::of(py, other)?;
        with_values(|v| {
            let h = other.game(py, v)?;
            let g = v.game(self);
            let r = op(&mut v.universe, g, h);
            v.keep(py, r)
        })
    }

    /// `f(self)` for a question answered from the form, checked against the work limit.
    fn ask<T>(&self, py: Python<'_>, f: impl FnOnce(&mut Universe, GameId) -> T) -> PyResult<T> {
        with_values(|v| {
            let g = v.game(self);
            let r = f(&mut v.universe, g);
            v.checked(py)?;
            Ok(r)
        })
    }
}

#[pymethods]
impl PyValue {
    /// A value from CGSuite notation: `{1|-1}`, `^*`, `3/4`, `*2`, `+-1`.
    #[new]
    fn new(py: Python<'_>, text: &str) -> PyResult<PyValue> {
        with_values(|v| {
            let g = parse(py, v, text)?;
            v.keep(py, g)
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
        with_values(|v| {
            let g = v.game(self);
            let n = v.universe.neg(g);
            v.keep(py, n)
        })
    }

    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: pyo3::basic::CompareOp,
    ) -> PyResult<bool> {
        use pyo3::basic::CompareOp::*;
        let other = match Operand::of(py, other) {
            Ok(o) => o,
            Err(e) if matches!(op, Eq | Ne) => {
                drop(e);
                return Ok(matches!(op, Ne));
            }
            Err(e) => return Err(e),
        };
        with_values(|v| {
            let h = other.game(py, v)?;
            let g = v.game(self);
            let u = &mut v.universe;
            let r = match op {
                Eq => g == h,
                Ne => g != h,
                Le => u.le(g, h),
                Ge => u.ge(g, h),
                Lt => u.le(g, h) && g != h,
                Gt => u.ge(g, h) && g != h,
            };
            v.checked(py)?;
            Ok(r)
        })
    }

    /// A value is true unless it is 0 (the zero game), as numbers are.
    fn __bool__(&self) -> bool {
        // 0 is the first game of every universe.
        with_values(|v| v.game(self) != v.universe.zero())
    }

    /// True when the two are confused (incomparable): G - H is fuzzy.
    fn confused(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let other = Operand::of(py, other)?;
        with_values(|v| {
            let h = other.game(py, v)?;
            let g = v.game(self);
            let r = v.universe.confused(g, h);
            v.checked(py)?;
            Ok(r)
        })
    }

    fn __hash__(&self) -> u64 {
        with_values(|v| {
            let g = v.game(self);
            v.hash_of(g)
        })
    }

    fn __str__(&self) -> String {
        with_values(|v| v.universe.display(v.game(self), false))
    }

    fn __repr__(&self) -> String {
        format!("Value({:?})", self.__str__())
    }

    /// The value with ↑, ⇑, ↓, ±.
    fn unicode(&self) -> String {
        with_values(|v| v.universe.display(v.game(self), true))
    }

    #[getter]
    fn mean(&self, py: Python<'_>) -> PyResult<String> {
        self.ask(py, |u, g| u.mean(g).to_string())
    }

    #[getter]
    fn temperature(&self, py: Python<'_>) -> PyResult<String> {
        self.ask(py, |u, g| u.temperature(g).to_string())
    }

    #[getter]
    fn outcome_class(&self, py: Python<'_>) -> PyResult<&'static str> {
        self.ask(py, grundy_api::outcome_class)
    }

    #[getter]
    fn birthday(&self) -> u32 {
        with_values(|v| {
            let g = v.game(self);
            v.universe.birthday(g)
        })
    }

    /// The atomic weight, for an infinitesimal that has one; None otherwise.
    #[getter]
    fn atomic_weight(&self, py: Python<'_>) -> PyResult<Option<PyValue>> {
        with_values(|v| {
            let g = v.game(self);
            match v.universe.atomic_weight(g) {
                Some(w) => v.keep(py, w).map(Some),
                None => v.checked(py).map(|()| None),
            }
        })
    }

    /// The reduced canonical form (infinitesimals dropped).
    fn reduced(&self, py: Python<'_>) -> PyResult<PyValue> {
        with_values(|v| {
            let g = v.game(self);
            let r = v.universe.reduced(g);
            v.keep(py, r)
        })
    }

    /// The value cooled by the number `t >= 0`.
    fn cool(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<PyValue> {
        let t = Operand::of(py, t)?;
        with_values(|v| {
            let t = t.game(py, v)?;
            let t = number_of(py, &v.universe, t, "the temperature")?;
            if t < grundy_cgt::Dyadic::ZERO {
                return Err(raise(
                    py,
                    "InputError",
                    &format!("cool needs a temperature of at least 0, not {t}"),
                    None,
                ));
            }
            let g = v.game(self);
            let c = v.universe.cool(g, t);
            v.keep(py, c)
        })
    }

    /// The value heated by the number `t`.
    fn heat(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<PyValue> {
        let t = Operand::of(py, t)?;
        with_values(|v| {
            let t = t.game(py, v)?;
            let t = number_of(py, &v.universe, t, "the temperature")?;
            let g = v.game(self);
            let h = v.universe.heat(g, t);
            v.keep(py, h)
        })
    }

    /// The value overheated from `s` to `t` (CGSuite's Overheat).
    fn overheat(&self, py: Python<'_>, s: &Bound<'_, PyAny>, t: &Bound<'_, PyAny>) -> PyResult<PyValue> {
        let (s, t) = (Operand::of(py, s)?, Operand::of(py, t)?);
        with_values(|v| {
            let (s, t) = (s.game(py, v)?, t.game(py, v)?);
            let g = v.game(self);
            let h = v.universe.overheat(g, s, t);
            v.keep(py, h)
        })
    }

    #[getter]
    fn left_stop(&self, py: Python<'_>) -> PyResult<String> {
        self.ask(py, |u, g| u.left_stop(g).to_string())
    }

    #[getter]
    fn right_stop(&self, py: Python<'_>) -> PyResult<String> {
        self.ask(py, |u, g| u.right_stop(g).to_string())
    }

    /// Left's options of the canonical form.
    #[getter]
    fn left_options(&self, py: Python<'_>) -> PyResult<Vec<PyValue>> {
        with_values(|v| {
            let options = v.universe.left_options(v.game(self)).to_vec();
            options.into_iter().map(|o| v.keep(py, o)).collect()
        })
    }

    /// Right's options of the canonical form.
    #[getter]
    fn right_options(&self, py: Python<'_>) -> PyResult<Vec<PyValue>> {
        with_values(|v| {
            let options = v.universe.right_options(v.game(self)).to_vec();
            options.into_iter().map(|o| v.keep(py, o)).collect()
        })
    }

    /// n copies of the value (of its negative for n < 0).
    fn __mul__(&self, py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<PyValue> {
        if !n.is_instance_of::<pyo3::types::PyInt>() || n.is_instance_of::<pyo3::types::PyBool>() {
            return Err(raise(py, "InputError", "a Value is multiplied by an int", None));
        }
        let n: i64 = n
            .extract()
            .map_err(|_| raise(py, "InputError", "the multiple is too large (at most 2^63)", None))?;
        with_values(|v| {
            let g = v.game(self);
            // A multiple of a number or of ups is built as a literal of that size
            // would be: refused at once, as `Value(10**9)` is, rather than run out of work.
            if let Some((x, ups, _)) = v.universe.as_up_star(g) {
                let limit = 1u128 << 16;
                let too_large = x
                    .checked_mul_int(n)
                    .is_none_or(|x| x.floor().unsigned_abs() >= limit)
                    || i128::from(ups).saturating_mul(i128::from(n)).unsigned_abs() > limit;
                if too_large {
                    return Err(raise(
                        py,
                        "InputError",
                        "the multiple is too large to build as a game",
                        None,
                    ));
                }
            }
            let m = v.universe.multiple(n, g);
            v.keep(py, m)
        })
    }

    fn __rmul__(&self, py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<PyValue> {
        self.__mul__(py, n)
    }

    /// The thermograph: the dict of `thermograph` with its walls.
    fn thermograph(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let text = self.__str__();
        let r =
            grundy_api::thermograph_of_value(&text, &grundy::Budget::default()).map(|t| t.json_with_walls());
        crate::answer(py, r)
    }

    /// Games held by the values' universe and the bytes it holds (estimated): what
    /// the tests watch to see that dropped values are freed.
    #[staticmethod]
    fn _universe() -> (usize, u64) {
        with_values(|v| (v.universe.len(), v.universe.memory_held()))
    }
}
