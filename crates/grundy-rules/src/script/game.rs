//! The script as a native game: the interpreter's state, the calls into it, and the `Game` it makes.

use std::sync::{Arc, Mutex, MutexGuard};

use grundy::dynamic::{searched_nim_value, Analyze, DynPosition};
use grundy::partizan::Side;
use grundy::solve::MexSet;
use grundy::text::escape_control;
use grundy::{Budget, Game, GameError, Impartial, Limit, Outcome};
use mlua::{Function, Lua, Table, Value};
use rustc_hash::FxHashMap;

use super::read::{
    fingerprint, kind, lines_escaped, position_bytes, position_of, reads_as_numbers, Shape, MAX_EXACT,
};
use super::sandbox::{describe_memory, describe_memory_rounded, explain, settle, Clock, Failure, Limits};
use crate::error::one_line;

/// Which function of the script lists the options of a position: `moves` (both
/// players), or `left` / `right` (one side of a partizan game). One code path calls
/// and reads all three, so their limits, caching and messages are the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mover {
    Moves = 0,
    Left = 1,
    Right = 2,
}

impl Mover {
    pub(super) const ALL: [Mover; 3] = [Mover::Moves, Mover::Left, Mover::Right];

    /// The function's name in the script (and in messages).
    pub(super) fn name(self) -> &'static str {
        match self {
            Mover::Moves => "moves",
            Mover::Left => "left",
            Mover::Right => "right",
        }
    }

    pub(super) fn of(side: Side) -> Mover {
        match side {
            Side::Left => Mover::Left,
            Side::Right => Mover::Right,
        }
    }
}

/// Heap sizes `values` tabulates at most.
const TABLE_LIMIT: u64 = 10_000_000;

/// The Luau state and what was read from it; behind a mutex.
pub(super) struct Vm {
    pub(super) lua: Lua,
    /// `flags.hit`: the script reached the memory limit during the current call
    /// (set by the sandbox's `pcall` and kin, see [`GUARD`](super::sandbox::GUARD)).
    pub(super) flags: Table,
    /// `spread[mover](position)`: calls `moves`, `left` or `right` (indexed by
    /// [`Mover`]; `None` where the script does not define it) and returns its
    /// list's entries as multiple values (no table crosses into Rust for short lists).
    pub(super) spread: [Option<Function>; 3],
    pub(super) terminal: Option<Function>,
    pub(super) show: Option<Function>,
    pub(super) heap: Option<Function>,
    /// The options of every position `moves` (`left`, `right`) was called on, each
    /// at most once, one map per function (indexed by [`Mover`]).
    pub(super) cache: [FxHashMap<DynPosition, Arc<[DynPosition]>>; 3],
    /// The rule's verdict on every position `terminal` was called on.
    pub(super) verdicts: FxHashMap<DynPosition, Option<Outcome>>,
    /// Bytes of the positions kept in `cache` and `verdicts`: they count against
    /// the memory limit with the Luau heap, or a script could grow positions
    /// without bound outside the Luau state (`s .. string.rep("x", 1000)`).
    pub(super) stored: usize,
    /// Fingerprints of the lists of heaps expanded (heaps mode).
    pub(super) expanded: rustc_hash::FxHashSet<u64>,
    /// Fingerprints of the lists of heaps made by `options` or given to it (heaps
    /// mode), each counted in `stored` once.
    pub(super) made: rustc_hash::FxHashSet<u64>,
    /// The most heaps in a list of heaps made so far (see `ScriptGame::options`).
    pub(super) longest: usize,
}

/// A game whose rules are a Luau script: a native [`Game`] over [`DynPosition`]s
/// (and [`Impartial`] when the script says so), run through [`Builtin`](grundy::dynamic::Builtin) like the
/// built-in games. See the [crate documentation](crate#rules-as-luau-scripts).
pub struct ScriptGame {
    pub(super) file: String,
    pub(super) name: String,
    pub(super) impartial: bool,
    /// The script defines `left` and `right` (a partizan game) instead of `moves`.
    pub(super) sides: bool,
    pub(super) shape: Shape,
    pub(super) start: Option<DynPosition>,
    pub(super) limits: Limits,
    pub(super) clock: Arc<Clock>,
    pub(super) lines: FxHashMap<&'static str, usize>,
    /// The interpreter, shared by the views of [`Analyze::within`]; calls take
    /// turns.
    pub(super) vm: Arc<Mutex<Vm>>,
    /// Nim-values of heaps `0..len`, from `values`.
    pub(super) table: Arc<Mutex<Vec<u64>>>,
    /// The budget of the call this view answers: its flag stops the script's
    /// calls, its positions bound the heaps `values` tabulates and their searches.
    pub(super) budget: Budget,
}

impl ScriptGame {
    /// True when the script defines `left` and `right` (a partizan game) instead of `moves`.
    pub fn is_partizan(&self) -> bool {
        self.sides
    }

    /// The game's name: the script's `name`, else the file's stem.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// This game as it runs within `budget`, sharing the interpreter and what
    /// it has computed.
    pub(super) fn view(&self, budget: &Budget) -> ScriptGame {
        ScriptGame {
            file: self.file.clone(),
            name: self.name.clone(),
            impartial: self.impartial,
            sides: self.sides,
            shape: self.shape,
            start: self.start.clone(),
            limits: self.limits,
            clock: Arc::clone(&self.clock),
            lines: self.lines.clone(),
            vm: Arc::clone(&self.vm),
            table: Arc::clone(&self.table),
            budget: budget.clone(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Vm> {
        self.vm.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn to_lua(&self, lua: &Lua, p: &DynPosition) -> mlua::Result<Value> {
        Ok(match p {
            DynPosition::Text(s) => Value::String(lua.create_string(s)?),
            DynPosition::Ints(v) => match (self.shape, v.as_slice()) {
                (Shape::Any | Shape::Number | Shape::Heaps, [n]) => Value::Number(*n as f64),
                _ => Value::Table(lua.create_sequence_from(v.iter().map(|&x| x as f64))?),
            },
        })
    }

    /// `file:LINE` of a function of the script, for messages about its results.
    fn at(&self, function: &str) -> String {
        match self.lines.get(function) {
            Some(line) => format!("{}:{line}", self.file),
            None => self.file.clone(),
        }
    }

    /// Call a function of the script on a position, under the time limit.
    fn call(&self, vm: &Vm, f: &Function, name: &str, p: &DynPosition) -> Result<Value, GameError> {
        let arg = self.to_lua(&vm.lua, p).map_err(|e| self.failed(&e, name, p))?;
        self.clock.arm(self.limits.timeout, &self.budget.cancel);
        settle(&self.clock, &vm.flags, f.call::<Value>(arg)).map_err(|e| self.failed(&e, name, p))
    }

    fn failed(&self, e: &mlua::Error, name: &str, p: &DynPosition) -> GameError {
        match explain(&self.file, e, &self.clock, self.limits, &format!("{name}({p})")) {
            Failure::Over(o) => GameError::OverBudget(o),
            Failure::Script(line, message) => GameError::Rule(one_line(&match line {
                Some(line) => format!("{}:{line}: {message}", self.file),
                None => format!("{}: {message}", self.file),
            })),
        }
    }

    fn bad_result(&self, function: &str, p: &DynPosition, message: String) -> GameError {
        GameError::Rule(one_line(&format!(
            "{}: {function}({p}) {message}",
            self.at(function)
        )))
    }

    /// The options of `p` (one heap in heaps mode) by `mover`, from the cache or the script.
    pub(super) fn options_of(&self, p: &DynPosition, mover: Mover) -> Result<Arc<[DynPosition]>, GameError> {
        let mut vm = self.lock();
        if let Some(o) = vm.cache[mover as usize].get(p) {
            return Ok(o.clone());
        }
        let entries = self.call_moves(&vm, p, mover)?;
        let list = self.read_moves(p, entries, mover)?;
        let bytes = position_bytes(p) + list.iter().map(position_bytes).sum::<usize>();
        self.keep(&mut vm, bytes)?;
        let list: Arc<[DynPosition]> = list.into();
        vm.cache[mover as usize].insert(p.clone(), list.clone());
        Ok(list)
    }

    /// Count `bytes` more of stored positions; an error once they and the Luau heap
    /// together pass the memory limit.
    fn keep(&self, vm: &mut Vm, bytes: usize) -> Result<(), GameError> {
        vm.stored = vm.stored.saturating_add(bytes);
        let used = vm.stored.saturating_add(vm.lua.used_memory());
        if used > self.limits.memory {
            let what = format!(
                "{}: the positions of the game ({} kept) and the script's memory went over the memory limit of {} (positions too large or too many?)",
                self.file,
                describe_memory_rounded(vm.stored),
                describe_memory(self.limits.memory)
            );
            return Err(GameError::OverBudget(self.limits.over(
                Limit::ScriptMemory,
                used as u64,
                &what,
            )));
        }
        Ok(())
    }

    /// Call `moves` (`left`, `right`) on `p`: the entries of the list it returns.
    fn call_moves(&self, vm: &Vm, p: &DynPosition, mover: Mover) -> Result<mlua::MultiValue, GameError> {
        let name = mover.name();
        // Only reachable through a bug of ours (asking a `moves` script for Left's
        // options, say): the loader made sure the script has what its mode needs.
        let spread = vm.spread[mover as usize].as_ref().ok_or_else(|| {
            GameError::Unsupported(format!("{}: the script defines no function {name}", self.file))
        })?;
        let arg = self.to_lua(&vm.lua, p).map_err(|e| self.failed(&e, name, p))?;
        self.clock.arm(self.limits.timeout, &self.budget.cancel);
        let mut values = settle(&self.clock, &vm.flags, spread.call::<mlua::MultiValue>(arg))
            .map_err(|e| self.failed(&e, name, p))?;
        if let Some(Value::Boolean(true)) = values.pop_front() {
            return Ok(values);
        }
        match values.pop_front().unwrap_or(Value::Nil) {
            Value::Table(t) => t
                .sequence_values::<Value>()
                .collect::<mlua::Result<Vec<_>>>()
                .map(mlua::MultiValue::from_vec)
                .map_err(|e| self.failed(&e, name, p)),
            other => Err(self.bad_result(
                name,
                p,
                format!(
                    "returned {}, not a list of positions (return {{}} when there is no move)",
                    kind(&other)
                ),
            )),
        }
    }

    fn wrong_entry(&self, p: &DynPosition, mover: Mover, i: usize, m: String) -> GameError {
        self.bad_result(
            mover.name(),
            p,
            format!("returned a list whose entry {} is wrong: {m}", i + 1),
        )
    }

    fn wrong_shape(&self, p: &DynPosition, mover: Mover, i: usize, o: &DynPosition, m: String) -> GameError {
        self.bad_result(
            mover.name(),
            p,
            format!(
                "returned a list whose entry {} ({o}) has the wrong shape: {m}",
                i + 1
            ),
        )
    }

    /// A string that reads as numbers, from a position of numbers: an error that
    /// says so, rather than a failure later when the script compares the string.
    fn numbers_not_strings(&self, p: &DynPosition, mover: Mover, o: &DynPosition) -> Result<(), GameError> {
        match (p, o) {
            (DynPosition::Ints(_), DynPosition::Text(s)) if reads_as_numbers(s) => Err(self.bad_result(
                mover.name(),
                p,
                format!(
                    "returned a list containing the string \"{s}\"; positions are integers, lists of \
                     integers or strings (for the number, return {s} without quotes)"
                ),
            )),
            _ => Ok(()),
        }
    }

    fn read_moves(
        &self,
        p: &DynPosition,
        entries: mlua::MultiValue,
        mover: Mover,
    ) -> Result<Vec<DynPosition>, GameError> {
        let mut out = Vec::with_capacity(entries.len());
        for (i, v) in entries.iter().enumerate() {
            let o = position_of(v).map_err(|m| self.wrong_entry(p, mover, i, m))?;
            self.numbers_not_strings(p, mover, &o)?;
            self.shape
                .check(&o)
                .map_err(|m| self.wrong_shape(p, mover, i, &o, m))?;
            out.push(o);
        }
        Ok(out)
    }

    /// The script's `show`, or POSITION syntax, with control characters escaped
    /// (a script's strings must not drive the terminal). Line breaks are kept, so a
    /// script can draw a board; the shell prints such a drawing below the position.
    pub fn show(&self, p: &DynPosition) -> String {
        let vm = self.lock();
        match &vm.show {
            Some(f) => match self.call(&vm, f, "show", p) {
                Ok(Value::String(s)) => lines_escaped(&s.to_string_lossy()),
                _ => escape_control(&p.to_string()).into_owned(),
            },
            None => escape_control(&p.to_string()).into_owned(),
        }
    }

    /// Nim-values of heaps `0..=to`, one `moves` call per heap, kept for later calls.
    fn heap_table(&self, to: u64) -> Result<Vec<u64>, GameError> {
        if to > TABLE_LIMIT {
            return Err(GameError::Unsupported(format!(
                "--to {to} is too large (at most {TABLE_LIMIT})"
            )));
        }
        // Each heap tabulated is a position kept, with its options.
        self.budget.check_positions(
            to.saturating_add(1),
            grundy::Task::Search.defaults().positions,
            format!("{}: the nim-values of heaps 0 to {to}", self.name),
        )?;
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        let mut seen = MexSet::new();
        let mut heaps: Vec<i64> = Vec::new();
        let mut ends: Vec<usize> = Vec::new();
        while table.len() as u64 <= to {
            self.budget
                .cancel
                .check(|| format!("{}: the nim-values of heaps 0 to {to}", self.name))?;
            let n = table.len() as i64;
            let p = DynPosition::Ints(vec![n]);
            heaps.clear();
            ends.clear();
            {
                let vm = self.lock();
                let cache = &vm.cache[Mover::Moves as usize];
                let cached = if cache.is_empty() {
                    None
                } else {
                    cache.get(&p).cloned()
                };
                match cached {
                    Some(list) => {
                        for o in list.iter() {
                            heaps.extend_from_slice(o.ints().unwrap_or(&[]));
                            ends.push(heaps.len());
                        }
                    }
                    None => {
                        let entries = self.call_moves(&vm, &p, Mover::Moves)?;
                        self.read_heap_moves(&p, &entries, &mut heaps, &mut ends)?;
                    }
                }
            }
            seen.clear();
            let mut start = 0;
            for &end in &ends {
                let option = &heaps[start..end];
                let value = if option.iter().all(|&h| (0..n).contains(&h)) {
                    option.iter().fold(0, |x, &h| x ^ table[h as usize])
                } else {
                    // A heap that does not shrink: the general solver (memoized too).
                    let p = DynPosition::Ints(option.to_vec());
                    searched_nim_value(self, &p, self.budget.positions_usize(grundy::Task::Search))?
                };
                seen.insert(value);
                start = end;
            }
            table.push(seen.mex());
        }
        Ok(table[..=to as usize].to_vec())
    }

    /// `moves(n)` of a heap: entries that are heaps, or lists of heaps.
    fn read_heap_moves(
        &self,
        p: &DynPosition,
        entries: &mlua::MultiValue,
        heaps: &mut Vec<i64>,
        ends: &mut Vec<usize>,
    ) -> Result<(), GameError> {
        for (i, v) in entries.iter().enumerate() {
            match v {
                Value::Integer(h) if (0..=MAX_EXACT).contains(h) => heaps.push(*h),
                Value::Number(x) if x.fract() == 0.0 && *x >= 0.0 && *x <= MAX_EXACT as f64 => {
                    heaps.push(*x as i64)
                }
                _ => {
                    let o = position_of(v).map_err(|m| self.wrong_entry(p, Mover::Moves, i, m))?;
                    self.numbers_not_strings(p, Mover::Moves, &o)?;
                    self.shape
                        .check(&o)
                        .map_err(|m| self.wrong_shape(p, Mover::Moves, i, &o, m))?;
                    heaps.extend_from_slice(o.ints().unwrap_or(&[]));
                }
            }
            ends.push(heaps.len());
        }
        Ok(())
    }
}

impl Game for ScriptGame {
    type Position = DynPosition;

    fn options(&self, p: &DynPosition, out: &mut Vec<DynPosition>) -> Result<(), GameError> {
        if self.shape != Shape::Heaps {
            out.extend(self.options_of(p, Mover::Moves)?.iter().cloned());
            return Ok(());
        }
        let heaps = p.ints().unwrap_or(&[]);
        let before = out.len();
        grundy::dynamic::heap_sum_options(
            heaps,
            |h| self.options_of(&DynPosition::Ints(vec![h]), Mover::Moves),
            out,
        )?;
        // The cache keeps single heaps, but every solver (the search of `solve`, the
        // enumeration of `build`, `moves`, `explain`) keeps the lists of heaps it
        // is given: count each list the first time it is made here, the position
        // expanded and each of its options, or `moves(n) = {{n - 1, n - 1, ...}}`
        // grows positions without bound outside the budget (a breadth-first `build`
        // holds every option found long before it expands them).
        let mut vm = self.lock();
        if vm.expanded.insert(fingerprint(p)) {
            let mut bytes = 0usize;
            for q in std::iter::once(p).chain(&out[before..]) {
                if vm.made.insert(fingerprint(q)) {
                    // The position, and its fingerprint in `made` (with the set's slack).
                    bytes = bytes.saturating_add(16 + position_bytes(q));
                }
            }
            // A search holds every option while it searches below them, copies
            // included (`moves(n) = {{n, n}}` makes k equal lists of k + 1 heaps):
            // options longer than any list before are counted whole, as many as
            // there are. (Options no longer than lists already counted are bounded
            // by them.)
            let longest = vm.longest;
            let grown: usize = out[before..]
                .iter()
                .filter(|o| o.ints().map_or(0, <[i64]>::len) > longest)
                .map(position_bytes)
                .sum();
            vm.longest = out[before..]
                .iter()
                .map(|o| o.ints().map_or(0, <[i64]>::len))
                .chain([heaps.len()])
                .fold(longest, usize::max);
            // And the fingerprint in `expanded`.
            self.keep(&mut vm, bytes.saturating_add(grown) + 16)?;
        }
        Ok(())
    }

    fn terminal(&self, p: &DynPosition) -> Result<Option<Outcome>, GameError> {
        let mut vm = self.lock();
        let Some(f) = vm.terminal.clone() else {
            return Ok(None);
        };
        if let Some(v) = vm.verdicts.get(p) {
            return Ok(*v);
        }
        let verdict = match self.call(&vm, &f, "terminal", p)? {
            Value::Nil => None,
            Value::String(s) => match &*s.to_string_lossy() {
                "win" => Some(Outcome::Win),
                "lose" => Some(Outcome::Lose),
                "draw" => Some(Outcome::Draw),
                other => {
                    return Err(self.bad_result(
                        "terminal",
                        p,
                        format!("returned \"{other}\", not \"win\", \"lose\", \"draw\" or nil"),
                    ))
                }
            },
            other => {
                return Err(self.bad_result(
                    "terminal",
                    p,
                    format!(
                        "returned {}, not \"win\", \"lose\", \"draw\" or nil",
                        kind(&other)
                    ),
                ))
            }
        };
        self.keep(&mut vm, position_bytes(p))?;
        vm.verdicts.insert(p.clone(), verdict);
        Ok(verdict)
    }
}

impl Impartial for ScriptGame {
    fn components(&self, p: &DynPosition, out: &mut Vec<DynPosition>) {
        match (self.shape, p) {
            (Shape::Heaps, DynPosition::Ints(v)) => out.extend(v.iter().map(|&h| DynPosition::Ints(vec![h]))),
            _ => out.push(p.clone()),
        }
    }
}

impl Analyze for ScriptGame {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn within(&self, budget: &Budget) -> Option<Self> {
        Some(self.view(budget))
    }
    fn show(&self, p: &DynPosition) -> Option<String> {
        Some(ScriptGame::show(self, p))
    }
    fn check(&self, p: &DynPosition) -> Result<(), String> {
        self.shape.check(p)
    }
    fn start(&self) -> Option<DynPosition> {
        self.start.clone()
    }
    fn impartial(&self) -> bool {
        self.impartial
    }
    fn ends_by_rule(&self) -> bool {
        // A script with `terminal` decides its own ends: misère play is refused.
        self.lock().terminal.is_some()
    }
    fn nim_value(&self, p: &DynPosition, limit: usize) -> Option<Result<u64, GameError>> {
        self.impartial.then(|| searched_nim_value(self, p, limit))
    }
    fn heap_nim_values(&self, from: u64, to: u64) -> Option<Result<Vec<u64>, GameError>> {
        if !self.impartial {
            return Some(Err(GameError::Unsupported(format!(
                "{} is partizan (impartial = false): values lists nim-values of heaps",
                self.name
            ))));
        }
        let heap = self.lock().heap.clone();
        match heap {
            None if matches!(self.shape, Shape::Heaps | Shape::Number) => {
                Some(self.heap_table(to).map(|t| t[from as usize..].to_vec()))
            }
            None => Some(Err(GameError::Unsupported(format!(
                "{}: values needs heaps = true, shape = \"number\", or a function heap(n) giving the position of a heap of n",
                self.file
            )))),
            Some(f) => Some((from..=to).map(|n| {
                let n_pos = DynPosition::Ints(vec![n as i64]);
                let value = {
                    let vm = self.lock();
                    self.clock.arm(self.limits.timeout, &self.budget.cancel);
                    settle(&self.clock, &vm.flags, f.call::<Value>(n as f64))
                        .map_err(|e| self.failed(&e, "heap", &n_pos))?
                };
                let p = position_of(&value).map_err(|m| self.bad_result("heap", &n_pos, format!("returned {m}")))?;
                self.shape
                    .check(&p)
                    .map_err(|m| self.bad_result("heap", &n_pos, format!("returned {p}, of the wrong shape: {m}")))?;
                searched_nim_value(self, &p, self.budget.positions_usize(grundy::Task::Search))
            }).collect()),
        }
    }
}
