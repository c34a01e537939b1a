//! Rules as sandboxed Luau scripts.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use grundy::dynamic::{searched_nim_value, Analyze, Builtin, DynGame, DynPosition};
use grundy::partizan::{Partizan, Side};
use grundy::solve::MexSet;
use grundy::text::escape_control;
use grundy::{Budget, Game, GameError, Impartial, Limit, Outcome, OverBudget};
use mlua::{Function, Lua, LuaOptions, StdLib, Table, Value, VmState};
use rustc_hash::FxHashMap;

use crate::error::one_line;
use crate::RulesError;

/// Sandbox limits of a script: memory and time per call.
///
/// The front end decides them: [`Limits::from_budget`] takes them from the run's
/// [`Budget`] (`script_memory`, `script_time`); nothing in this crate reads the
/// environment. Running out of either is a [`GameError::OverBudget`] (wrapped in
/// [`RulesError::Game`] while loading) with [`Limit::ScriptMemory`] or
/// [`Limit::ScriptTime`], so callers can match on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Bytes the Luau state and the positions kept for the script may take together
    /// (default 64 MiB, [`grundy_budget::DEFAULT_SCRIPT_MEMORY`]).
    pub memory: usize,
    /// Time one call into the script may take (default 1 s,
    /// [`grundy_budget::DEFAULT_SCRIPT_TIME`]), the script's top level included.
    pub timeout: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits::from_budget(&Budget::default())
    }
}

impl Limits {
    /// The script limits of a run's budget: [`Budget::script_memory`] and
    /// [`Budget::script_time`] ([`Budget::unlimited`] gives no limit but the machine's).
    ///
    /// ```
    /// use grundy_rules::Limits;
    /// use std::time::Duration;
    /// let budget = grundy::Budget { script_memory: 16 << 20, script_time: Duration::from_millis(250), ..Default::default() };
    /// let limits = Limits::from_budget(&budget);
    /// assert_eq!((limits.memory, limits.timeout), (16 << 20, Duration::from_millis(250)));
    /// ```
    pub fn from_budget(budget: &Budget) -> Limits {
        Limits {
            memory: usize::try_from(budget.script_memory).unwrap_or(usize::MAX),
            timeout: budget.script_time,
        }
    }

    /// The error for going `reached` units over one of these limits while doing `what`.
    fn over(self, limit: Limit, reached: u64, what: &str) -> OverBudget {
        let allowed = match limit {
            Limit::ScriptTime => u64::try_from(self.timeout.as_millis()).unwrap_or(u64::MAX),
            _ => self.memory as u64,
        };
        OverBudget {
            limit,
            what: one_line(what),
            reached: reached.max(allowed),
            allowed,
        }
    }
}

fn describe_memory(bytes: usize) -> String {
    if bytes & ((1 << 20) - 1) == 0 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

/// A size for messages, in MiB (rounded up) from 1 MiB on.
fn describe_memory_rounded(bytes: usize) -> String {
    if bytes < 1 << 20 {
        format!("{bytes} bytes")
    } else {
        format!("{} MiB", bytes.div_ceil(1 << 20))
    }
}

/// The per-call deadline, read by the interrupt handler.
struct Clock {
    base: Instant,
    /// When the current call started and must end, in nanoseconds since `base`.
    started_ns: AtomicU64,
    deadline_ns: AtomicU64,
    ticks: AtomicU32,
    expired: AtomicBool,
    /// The flag of the budget of the current call: raised, the call stops at the
    /// interrupt's next look, as at the deadline.
    cancel: Mutex<grundy::Cancel>,
    /// The call stopped because its flag was raised, not at the deadline.
    cancelled: AtomicBool,
}

impl Clock {
    fn new() -> Clock {
        Clock {
            base: Instant::now(),
            started_ns: AtomicU64::new(0),
            deadline_ns: AtomicU64::new(u64::MAX),
            ticks: AtomicU32::new(0),
            expired: AtomicBool::new(false),
            cancel: Mutex::new(grundy::Cancel::never()),
            cancelled: AtomicBool::new(false),
        }
    }

    /// Start a call that must end within `timeout` and stops when `cancel` is raised.
    fn arm(&self, timeout: Duration, cancel: &grundy::Cancel) {
        let now = self.base.elapsed();
        let ns = |d: Duration| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
        self.started_ns.store(ns(now), Ordering::Relaxed);
        // `Duration::MAX` (an unlimited budget) must not overflow.
        self.deadline_ns
            .store(ns(now.saturating_add(timeout)), Ordering::Relaxed);
        *self.cancel.lock().unwrap_or_else(|e| e.into_inner()) = cancel.clone();
        self.expired.store(false, Ordering::Relaxed);
        self.cancelled.store(false, Ordering::Relaxed);
    }

    /// True (and from then on expired) once the deadline has passed or the call's
    /// flag is raised.
    fn past_deadline(&self) -> bool {
        if self.expired.load(Ordering::Relaxed) {
            return true;
        }
        if self.cancel.lock().unwrap_or_else(|e| e.into_inner()).is_raised() {
            self.cancelled.store(true, Ordering::Relaxed);
            self.expired.store(true, Ordering::Relaxed);
            return true;
        }
        if self.base.elapsed().as_nanos() as u64 > self.deadline_ns.load(Ordering::Relaxed) {
            self.expired.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }

    /// Milliseconds since the current call started.
    fn elapsed_ms(&self) -> u64 {
        let now = self.base.elapsed().as_nanos() as u64;
        now.saturating_sub(self.started_ns.load(Ordering::Relaxed)) / 1_000_000
    }
}

/// Which function of the script lists the options of a position: `moves` (both
/// players), or `left` / `right` (one side of a partizan game). One code path calls
/// and reads all three, so their limits, caching and messages are the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mover {
    Moves = 0,
    Left = 1,
    Right = 2,
}

impl Mover {
    const ALL: [Mover; 3] = [Mover::Moves, Mover::Left, Mover::Right];

    /// The function's name in the script (and in messages).
    fn name(self) -> &'static str {
        match self {
            Mover::Moves => "moves",
            Mover::Left => "left",
            Mover::Right => "right",
        }
    }

    fn of(side: Side) -> Mover {
        match side {
            Side::Left => Mover::Left,
            Side::Right => Mover::Right,
        }
    }
}

/// Calls `moves` (or `left`, `right`) and spreads a short list into multiple
/// results: `true, entries...`; `false, value` for anything else (a long list, or
/// not a list at all).
const SPREAD: &str = r#"
local unpack = table.unpack
return function(f)
  return function(x)
    local t = f(x)
    if type(t) == "table" then
      local n = #t
      if n <= 64 then
        return true, unpack(t, 1, n)
      end
    end
    return false, t
  end
end
"#;

/// Replaces what a script may not use with functions (and, for the libraries,
/// tables) that raise an error naming it, at the line of the script that used it:
/// "require is not available in the sandbox ...", not "attempt to call a nil value".
const ABSENT: &str = r#"
local function absent(name)
  return name .. " is not available in the sandbox (scripts have no require, io, os or debug, and load no code)"
end
for _, name in {"require", "loadstring", "load", "dofile", "loadfile", "getfenv", "setfenv"} do
  _G[name] = function() error(absent(name), 2) end
end
-- Moves must be a function of the position: the same every time they are asked.
for _, name in {"random", "randomseed"} do
  math[name] = function()
    error("math." .. name .. " is not available in the sandbox (moves must be the same every time they are asked)", 2)
  end
end
for _, name in {"io", "os", "debug"} do
  _G[name] = setmetatable({}, {
    __index = function(_, key) error(absent(name .. "." .. tostring(key)), 2) end,
    __newindex = function(_, key) error(absent(name .. "." .. tostring(key)), 2) end,
  })
end
"#;

/// Installed before the sandbox is sealed, with `check` (a host function that
/// raises the time-limit error once the deadline has passed) and `flags` (a table
/// whose `hit` the host reads after every call).
///
/// The interrupt that enforces the time limit fires only in Luau code, never inside
/// a library function written in C, so the library functions whose C loops can run
/// long without allocating (which the memory limit would stop) are replaced by
/// versions that do the same work in pieces of bounded cost, calling `check`
/// between pieces: `table.move` (of up to 2^31 nils), `table.foreachi` and
/// `table.sort` with a C comparison, plain `string.find` and `string.split` with a
/// long needle (O(length × needle) in C). Small calls go to the C function as they are.
///
/// Luau's memory-limit error can be caught by `pcall`; the functions that catch
/// errors (`pcall`, `xpcall`, `coroutine.resume`, `coroutine.close`) set `flags.hit`
/// when they see it (also with the position `coroutine.wrap` adds in front) and
/// raise it again, so it reaches the host, which fails the call whatever the
/// script did with the error. Setting an existing field allocates nothing.
const GUARD: &str = r#"
local check, flags = ...
local MEM = "not enough memory"
local CHUNK = 1024
local WORK = 4194304
local INT_MAX = 2147483647
local type, rawget, rawlen, rawequal, error, tonumber = type, rawget, rawlen, rawequal, error, tonumber
local floor, ceil, sub = math.floor, math.ceil, string.sub

-- What luaL_checkinteger makes of a value: numbers (and numeric strings) truncated
-- toward zero; out of range, what the C conversion gives on x86 (-2^31).
local function int(x)
  if type(x) == "string" then x = tonumber(x) end
  if type(x) ~= "number" then return nil end
  if not (x > -2147483649 and x < 2147483648) then return -2147483648 end
  if x >= 0 then return floor(x) end
  return ceil(x)
end

local move = table.move
table.move = function(a1, f, e, t, a2)
  local fi, ei, ti = int(f), int(e), int(t)
  local dst = if a2 == nil then a1 else a2
  if type(a1) ~= "table" or type(dst) ~= "table" or not (fi and ei and ti) or ei - fi < CHUNK
    or not (fi > 0 or ei < INT_MAX + fi) or ti > INT_MAX - (ei - fi + 1) + 1 then
    return move(a1, f, e, t, a2)
  end
  -- The order of table.move: backwards only when the ranges overlap upwards.
  local d = ti - fi
  if ti > ei or ti <= fi or not rawequal(dst, a1) then
    local i = fi
    while i <= ei do
      local j = if ei - i >= CHUNK then i + CHUNK - 1 else ei
      move(a1, i, j, i + d, dst)
      check()
      i = j + 1
    end
  else
    local j = ei
    while j >= fi do
      local i = if j - fi >= CHUNK then j - CHUNK + 1 else fi
      move(a1, i, j, i + d, dst)
      check()
      j = i - 1
    end
  end
  return dst
end

local foreachi = table.foreachi
if foreachi then
  table.foreachi = function(t, f)
    if type(t) ~= "table" or type(f) ~= "function" then return foreachi(t, f) end
    for i = 1, rawlen(t) do
      local r = f(i, rawget(t, i))
      if r ~= nil then return r end
    end
  end
end

local sort = table.sort
local function less(a, b) return a < b end
table.sort = function(t, cmp)
  -- A comparison in C (rawequal, say, or the default `<`) would never reach the
  -- interrupt, and a long sort between two of its clock checks runs on: compare in
  -- Luau, which the interrupt counts.
  if type(t) == "table" and rawlen(t) > CHUNK then
    if type(cmp) == "function" then
      return sort(t, function(a, b) return cmp(a, b) end)
    elseif cmp == nil then
      return sort(t, less)
    end
  end
  return sort(t, cmp)
end

local find = string.find
local SPECIALS = "[%^%$%*%+%?%.%(%[%%%-]"
local function guarded_find(s, p, init, plain)
  if type(s) == "string" and type(p) == "string" and #p > 1 and #s * #p > WORK then
    local ls, lp = #s, #p
    local i = if init == nil then 1 else int(init)
    if i then
      if i < 0 then i = ls + i + 1 end
      if i < 1 then i = 1 end
      if i <= ls + 1 and (ls - i + 1) * lp > WORK and (plain or not find(p, SPECIALS)) then
        -- The C search is O(length × needle): search windows of WORK / needle starts.
        local step = floor(WORK / lp)
        if step < 1 then step = 1 end
        local last = ls - lp + 1
        local a = i
        while a <= last do
          local b = if last - a >= step then a + step - 1 else last
          local x = find(sub(s, a, b + lp - 1), p, 1, true)
          if x then return a + x - 1, a + x + lp - 2 end
          check()
          a = b + 1
        end
        return nil
      end
    end
  end
  return find(s, p, init, plain)
end
string.find = guarded_find

local split = string.split
if split then
  string.split = function(s, sep)
    if type(s) == "string" and type(sep) == "string" and #sep > 1 and #s * #sep > WORK then
      local out, n, start = {}, 0, 1
      while true do
        local i = guarded_find(s, sep, start, true)
        if not i then break end
        n += 1
        out[n] = sub(s, start, i - 1)
        start = i + #sep
      end
      n += 1
      out[n] = sub(s, start, #s)
      return out
    end
    return split(s, sep)
  end
end

-- The memory-limit error, as raised or with positions in front (coroutine.wrap).
local function memory(e)
  return rawequal(e, MEM) or (type(e) == "string" and #e > 17 and rawequal(sub(e, -17), MEM))
end
local function caught(ok, ...)
  if not ok and memory((...)) then
    flags.hit = true
    error(MEM, 0)
  end
  return ok, ...
end
local pcall0, xpcall0 = pcall, xpcall
pcall = function(...) return caught(pcall0(...)) end
xpcall = function(f, h, ...)
  if type(h) ~= "function" then return caught(xpcall0(f, h, ...)) end
  return caught(xpcall0(f, function(e)
    if memory(e) then
      flags.hit = true
      return MEM
    end
    return h(e)
  end, ...))
end
local resume, close = coroutine.resume, coroutine.close
coroutine.resume = function(...) return caught(resume(...)) end
if close then
  coroutine.close = function(...) return caught(close(...)) end
end
"#;

/// Whether a string returned as a position reads as numbers (`"4"`, `"3,4"`): the
/// same text as a number or a list, so the two would print alike while the script
/// sees a string; from a position of numbers it is a mistake (`{"4"}` for `{4}`).
fn reads_as_numbers(s: &str) -> bool {
    s.chars().any(|c| c.is_ascii_digit())
        && s.chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '-' | ',' | ' '))
}

/// The largest integer a Luau number (a double) holds exactly.
const MAX_EXACT: i64 = 1 << 53;

/// Heap sizes `values` tabulates at most.
const TABLE_LIMIT: u64 = 10_000_000;

/// What a position of the script looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// Anything: a list of one integer goes to Luau as a number, other lists as arrays.
    Any,
    /// A single integer (a Luau number).
    Number,
    /// A list of integers (a Luau array), of this length if given.
    List(Option<usize>),
    /// A string.
    Text,
    /// `heaps = true`: a list of non-negative heaps; `moves` sees one heap at a time.
    Heaps,
}

impl Shape {
    fn describe(self) -> String {
        match self {
            Shape::Any => "a position".into(),
            Shape::Number => "a number (shape = \"number\")".into(),
            Shape::List(None) => "a list of integers (shape = \"list\")".into(),
            Shape::List(Some(k)) => format!("a list of {k} integers (shape = {k})"),
            Shape::Text => "a string (shape = \"string\")".into(),
            Shape::Heaps => "heaps: non-negative integers (heaps = true)".into(),
        }
    }

    fn check(self, p: &DynPosition) -> Result<(), String> {
        let ok = match (self, p) {
            (Shape::Any, _) => true,
            (Shape::Number, DynPosition::Ints(v)) => v.len() == 1,
            (Shape::List(None), DynPosition::Ints(_)) => true,
            (Shape::List(Some(k)), DynPosition::Ints(v)) => v.len() == k,
            (Shape::Text, DynPosition::Text(_)) => true,
            (Shape::Heaps, DynPosition::Ints(v)) => v.iter().all(|&h| h >= 0),
            _ => false,
        };
        if !ok {
            return Err(format!("expected {}", self.describe()));
        }
        if let DynPosition::Ints(v) = p {
            if let Some(x) = v.iter().find(|x| x.abs() > MAX_EXACT) {
                return Err(format!(
                    "{x} is beyond 2^53, the largest integer a Luau number holds"
                ));
            }
        }
        Ok(())
    }
}

/// The Luau state and what was read from it; behind a mutex.
struct Vm {
    lua: Lua,
    /// `flags.hit`: the script reached the memory limit during the current call
    /// (set by the sandbox's `pcall` and kin, see [`GUARD`]).
    flags: Table,
    /// `spread[mover](position)`: calls `moves`, `left` or `right` (indexed by
    /// [`Mover`]; `None` where the script does not define it) and returns its
    /// list's entries as multiple values (no table crosses into Rust for short lists).
    spread: [Option<Function>; 3],
    terminal: Option<Function>,
    show: Option<Function>,
    heap: Option<Function>,
    /// The options of every position `moves` (`left`, `right`) was called on, each
    /// at most once, one map per function (indexed by [`Mover`]).
    cache: [FxHashMap<DynPosition, Arc<[DynPosition]>>; 3],
    /// The rule's verdict on every position `terminal` was called on.
    verdicts: FxHashMap<DynPosition, Option<Outcome>>,
    /// Bytes of the positions kept in `cache` and `verdicts`: they count against
    /// the memory limit with the Luau heap, or a script could grow positions
    /// without bound outside the Luau state (`s .. string.rep("x", 1000)`).
    stored: usize,
    /// Fingerprints of the lists of heaps expanded (heaps mode).
    expanded: rustc_hash::FxHashSet<u64>,
    /// Fingerprints of the lists of heaps made by `options` or given to it (heaps
    /// mode), each counted in `stored` once.
    made: rustc_hash::FxHashSet<u64>,
    /// The most heaps in a list of heaps made so far (see `ScriptGame::options`).
    longest: usize,
}

/// A 64-bit hash of a position (a collision only means a position counted once too few).
fn fingerprint(p: &DynPosition) -> u64 {
    use std::hash::BuildHasher;
    rustc_hash::FxBuildHasher.hash_one(p)
}

/// Bytes a position takes when kept: its own size and what it points to.
fn position_bytes(p: &DynPosition) -> usize {
    std::mem::size_of::<DynPosition>()
        + match p {
            DynPosition::Ints(v) => v.len() * std::mem::size_of::<i64>(),
            DynPosition::Text(s) => s.len(),
        }
}

/// A game whose rules are a Luau script: a native [`Game`] over [`DynPosition`]s
/// (and [`Impartial`] when the script says so), run through [`Builtin`] like the
/// built-in games. See the [crate documentation](crate#rules-as-luau-scripts).
pub struct ScriptGame {
    file: String,
    name: String,
    impartial: bool,
    /// The script defines `left` and `right` (a partizan game) instead of `moves`.
    sides: bool,
    shape: Shape,
    start: Option<DynPosition>,
    limits: Limits,
    clock: Arc<Clock>,
    lines: FxHashMap<&'static str, usize>,
    /// The interpreter, shared by the views of [`Analyze::within`]; calls take
    /// turns.
    vm: Arc<Mutex<Vm>>,
    /// Nim-values of heaps `0..len`, from `values`.
    table: Arc<Mutex<Vec<u64>>>,
    /// The budget of the call this view answers: its flag stops the script's
    /// calls, its positions bound the heaps `values` tabulates and their searches.
    budget: Budget,
}

fn lua_message(e: &mlua::Error) -> String {
    let m = match e {
        mlua::Error::CallbackError { cause, .. } => return lua_message(cause),
        mlua::Error::WithContext { cause, .. } => return lua_message(cause),
        mlua::Error::RuntimeError(m) | mlua::Error::SyntaxError { message: m, .. } => m
            .split("\nstack traceback")
            .next()
            .unwrap_or(m)
            .trim()
            .to_string(),
        mlua::Error::MemoryError(_) => "out of memory".into(),
        other => other.to_string(),
    };
    // `error({...})` raises a table, which prints as its address: say what it is.
    if let Some(kind) = ["table", "function", "userdata", "thread"]
        .into_iter()
        .find(|k| m.strip_prefix(k).is_some_and(|r| r.starts_with(": 0x")))
    {
        return format!("the script raised an error that is a {kind}, not a message (use error(\"text\"))");
    }
    m
}

/// Split `file:LINE: message` into the line and the message.
fn locate(file: &str, message: &str) -> (Option<usize>, String) {
    if let Some(rest) = message.strip_prefix(file).and_then(|r| r.strip_prefix(':')) {
        if let Some((line, msg)) = rest.split_once(':') {
            if let Ok(n) = line.trim().parse() {
                return (Some(n), msg.trim().to_string());
            }
        }
    }
    (None, message.to_string())
}

fn kind(v: &Value) -> String {
    match v {
        Value::Nil => "nil".into(),
        Value::Boolean(b) => format!("the boolean {b}"),
        Value::Number(x) => format!("the number {x}"),
        Value::Integer(i) => format!("the number {i}"),
        Value::String(s) => format!("the string \"{}\"", s.to_string_lossy()),
        other => format!("a {}", other.type_name()),
    }
}

fn integer(v: &Value) -> Result<i64, String> {
    match v {
        Value::Integer(i) => Ok(*i),
        Value::Number(x) if x.fract() == 0.0 && x.abs() <= MAX_EXACT as f64 => Ok(*x as i64),
        Value::Number(x) if x.fract() == 0.0 => Err(format!("{x} is beyond 2^53")),
        other => Err(format!("{} is not an integer", kind(other))),
    }
}

/// A Luau value as a position: a number, an array of integers or a string.
fn position_of(v: &Value) -> Result<DynPosition, String> {
    match v {
        Value::Integer(_) | Value::Number(_) => Ok(DynPosition::Ints(vec![integer(v)?])),
        Value::String(s) => Ok(DynPosition::Text(
            s.to_str()
                .map_err(|_| "a string that is not UTF-8".to_string())?
                .to_string(),
        )),
        Value::Table(t) => {
            let mut out = Vec::with_capacity(t.raw_len());
            for (i, x) in t.sequence_values::<Value>().enumerate() {
                let x = x.map_err(|e| lua_message(&e))?;
                out.push(integer(&x).map_err(|m| format!("entry {} of a list: {m}", i + 1))?);
            }
            Ok(DynPosition::Ints(out))
        }
        other => Err(format!(
            "{} is not a position (a number, a list of integers or a string)",
            kind(other)
        )),
    }
}

impl ScriptGame {
    /// Compile and run a script's top level; `file` names it in messages.
    pub fn load(file: &str, source: &str, limits: Limits) -> Result<ScriptGame, RulesError> {
        let fail = |line: Option<usize>, message: String| RulesError::Script {
            file: file.to_string(),
            line,
            message: one_line(&message),
        };
        let setup = |e: mlua::Error| {
            fail(
                None,
                format!("cannot set up the Luau sandbox: {}", lua_message(&e)),
            )
        };
        let libs = StdLib::COROUTINE
            | StdLib::TABLE
            | StdLib::STRING
            | StdLib::UTF8
            | StdLib::BIT
            | StdLib::MATH
            | StdLib::BUFFER;
        let lua = Lua::new_with(libs, LuaOptions::new()).map_err(setup)?;
        let clock = Arc::new(Clock::new());
        let time_up = || mlua::Error::runtime("time limit exceeded");
        let flags = lua.create_table().map_err(setup)?;
        flags.raw_set("hit", false).map_err(setup)?;
        {
            // Library functions that could run long in C, split into pieces that
            // check the clock; errors of the memory limit that cannot be caught.
            let clock = clock.clone();
            let check = lua
                .create_function(move |_, ()| {
                    if clock.past_deadline() {
                        Err(time_up())
                    } else {
                        Ok(())
                    }
                })
                .map_err(setup)?;
            lua.load(GUARD)
                .set_name("=sandbox")
                .call::<()>((check, flags.clone()))
                .map_err(setup)?;
            // No way out of the sandbox: no modules, no code from strings, no
            // environments. Each name raises an error that says so, on the script's line.
            let g = lua.globals();
            lua.load(ABSENT).set_name("=sandbox").exec().map_err(setup)?;
            let tag = file.to_string();
            let print = lua
                .create_function(move |_, args: mlua::Variadic<Value>| {
                    // The script's text must not drive the terminal: control
                    // characters escaped, one line per call.
                    let words: Vec<String> = args
                        .iter()
                        .map(|v| {
                            let text = v.to_string().unwrap_or_else(|_| kind(v));
                            escape_control(&text).into_owned()
                        })
                        .collect();
                    eprintln!("{}: {}", escape_control(&tag), words.join("\t"));
                    Ok(())
                })
                .map_err(setup)?;
            g.raw_set("print", print).map_err(setup)?;
        }
        lua.sandbox(true).map_err(setup)?;
        lua.set_memory_limit(limits.memory).map_err(setup)?;
        {
            let clock = clock.clone();
            lua.set_interrupt(move |_| {
                // Once the deadline has passed, every safepoint raises again: a
                // `pcall` or `xpcall` that catches the error only reaches the next
                // loop edge or call, which raises once more, up to the host.
                if clock.expired.load(Ordering::Relaxed) {
                    return Err(time_up());
                }
                if clock.ticks.fetch_add(1, Ordering::Relaxed) & 1023 == 0 && clock.past_deadline() {
                    return Err(time_up());
                }
                Ok(VmState::Continue)
            });
        }
        let chunk_name = format!("={file}");
        let function = lua
            .load(source)
            .set_name(chunk_name)
            // Source text only: a script starting with a byte below '\n' would
            // otherwise be loaded as Luau bytecode, which the VM does not verify
            // (malformed bytecode crashed it: found by the luau_script fuzzer).
            .set_mode(mlua::chunk::ChunkMode::Text)
            .into_function()
            .map_err(|e| {
                let (line, message) = locate(file, &lua_message(&e));
                fail(line, format!("syntax error: {message}"))
            })?;
        let failed = |e: mlua::Error, what: &str| match explain(file, &e, &clock, limits, what) {
            Failure::Over(o) => RulesError::Game(GameError::OverBudget(o)),
            Failure::Script(line, message) => fail(line, message),
        };
        clock.arm(limits.timeout, &grundy::Cancel::never());
        settle(&clock, &flags, function.call::<()>(())).map_err(|e| failed(e, "the script's top level"))?;
        let g = lua.globals();
        let get = |name: &str| g.get::<Value>(name).map_err(|e| fail(None, lua_message(&e)));
        let function_of = |name: &str| -> Result<Option<Function>, RulesError> {
            match get(name)? {
                Value::Function(f) => Ok(Some(f)),
                Value::Nil => Ok(None),
                other => Err(fail(
                    None,
                    format!("{name} must be a function, not {}", kind(&other)),
                )),
            }
        };
        let [moves, left, right] = Mover::ALL.map(|m| function_of(m.name()));
        let (moves, left, right) = (moves?, left?, right?);
        let terminal = function_of("terminal")?;
        let show = function_of("show")?;
        let heap = function_of("heap")?;
        let mut lines = FxHashMap::default();
        for (key, f) in [
            ("moves", moves.as_ref()),
            ("left", left.as_ref()),
            ("right", right.as_ref()),
            ("terminal", terminal.as_ref()),
            ("show", show.as_ref()),
            ("heap", heap.as_ref()),
        ] {
            if let Some(line) = f.and_then(|f| f.info().line_defined) {
                lines.insert(key, line);
            }
        }
        let line_of = |name: &str| lines.get(name).copied();
        // Either `moves` (one list for both players), or `left` and `right`.
        let sides = match (&moves, &left, &right) {
            (Some(_), None, None) => false,
            (None, Some(_), Some(_)) => true,
            (None, None, None) => {
                return Err(fail(
                    None,
                    "the script defines no function moves(position) (it must: it gives the positions one move away; or left(position) and right(position) for a partizan game)".into(),
                ))
            }
            (Some(_), _, _) => {
                let other = if left.is_some() { "left" } else { "right" };
                return Err(fail(
                    line_of(other),
                    format!("the script defines both moves and {other}: define moves(position) when both players have the same moves, or left(position) and right(position) instead (a partizan game), not both"),
                ));
            }
            (None, l, _) => {
                let (has, lacks) = if l.is_some() { ("left", "right") } else { ("right", "left") };
                return Err(fail(
                    line_of(has),
                    format!("the script defines {has}(position) but no {lacks}(position): a partizan game needs both (return {{}} for a side without moves)"),
                ));
            }
        };
        let make_spread = lua
            .load(SPREAD)
            .set_name("=grundy")
            .eval::<Function>()
            .map_err(setup)?;
        let mut spread = [None, None, None];
        for (slot, f) in spread.iter_mut().zip([&moves, &left, &right]) {
            if let Some(f) = f {
                *slot = Some(make_spread.call::<Function>(f.clone()).map_err(setup)?);
            }
        }
        let flag = |name: &str| -> Result<Option<bool>, RulesError> {
            match get(name)? {
                Value::Nil => Ok(None),
                Value::Boolean(b) => Ok(Some(b)),
                other => Err(fail(
                    None,
                    format!("{name} must be true or false, not {}", kind(&other)),
                )),
            }
        };
        // Whether both players have the same moves follows from what the script
        // defines (as in grundy 0.1, where a script gave only `start` and `moves`):
        // `moves` alone is impartial, `left` and `right` partizan, and `moves` with a
        // `terminal` rule a game that encodes the player to move (nim-values need
        // normal play). `impartial`, when set, overrides the last two readings of
        // `moves` and is an error only where it contradicts the functions defined.
        let impartial = match (flag("impartial")?, sides) {
            (Some(true), true) => {
                return Err(fail(
                    None,
                    "impartial = true, but the script defines left and right (a partizan game): drop impartial or set it to false".into(),
                ))
            }
            (Some(b), _) => b,
            (None, true) => false,
            (None, false) => terminal.is_none(),
        };
        let heaps = flag("heaps")?.unwrap_or(false);
        if sides && heaps {
            return Err(fail(
                None,
                "heaps = true does not apply with left and right (heaps add nim-values, which partizan games do not have)".into(),
            ));
        }
        if sides && terminal.is_some() {
            return Err(fail(
                line_of("terminal"),
                "terminal does not apply with left and right: canonical values need normal play (the player without a move loses), so drop terminal".into(),
            ));
        }
        if heaps && !impartial {
            return Err(fail(
                None,
                "heaps = true needs impartial = true (a sum of heaps adds nim-values)".into(),
            ));
        }
        if impartial && terminal.is_some() {
            return Err(fail(
                lines.get("terminal").copied(),
                "an impartial game cannot end by a terminal rule (nim-values need normal play): set impartial = false or drop terminal".into(),
            ));
        }
        // Printed in every answer: no line breaks or terminal escapes from the script.
        let name = match get("name")? {
            Value::Nil => escape_control(
                &std::path::Path::new(file)
                    .file_stem()
                    .map_or_else(|| file.to_string(), |s| s.to_string_lossy().into_owned()),
            )
            .into_owned(),
            Value::String(s) => escape_control(&s.to_string_lossy()).into_owned(),
            other => return Err(fail(None, format!("name must be a string, not {}", kind(&other)))),
        };
        let mut shape = match get("shape")? {
            Value::Nil => None,
            Value::String(s) => Some(match &*s.to_string_lossy() {
                "number" => Shape::Number,
                "list" => Shape::List(None),
                "string" => Shape::Text,
                other => {
                    return Err(fail(
                        None,
                        format!(
                        "shape must be \"number\", \"list\", \"string\" or a list length, not \"{other}\""
                    ),
                    ))
                }
            }),
            v @ (Value::Integer(_) | Value::Number(_)) => match integer(&v) {
                Ok(k) if k >= 1 => Some(Shape::List(Some(k as usize))),
                _ => {
                    return Err(fail(
                        None,
                        format!("shape must be a positive list length, not {}", kind(&v)),
                    ))
                }
            },
            other => {
                return Err(fail(
                    None,
                    format!("shape must be a string or a list length, not {}", kind(&other)),
                ))
            }
        };
        if heaps {
            if shape.is_some() {
                return Err(fail(
                    None,
                    "shape does not apply with heaps = true (positions are lists of heaps)".into(),
                ));
            }
            shape = Some(Shape::Heaps);
        }
        let start_value = match get("start")? {
            Value::Function(f) => {
                clock.arm(limits.timeout, &grundy::Cancel::never());
                settle(&clock, &flags, f.call::<Value>(())).map_err(|e| failed(e, "start()"))?
            }
            v => v,
        };
        let start = match start_value {
            Value::Nil => None,
            v => Some(position_of(&v).map_err(|m| fail(None, format!("start: {m}")))?),
        };
        let shape = shape.unwrap_or(match &start {
            Some(DynPosition::Text(_)) => Shape::Text,
            Some(DynPosition::Ints(v))
                if v.len() == 1 && !matches!(g.get::<Value>("start"), Ok(Value::Table(_))) =>
            {
                Shape::Number
            }
            Some(DynPosition::Ints(_)) => Shape::List(None),
            None => Shape::Any,
        });
        if let Some(s) = &start {
            shape
                .check(s)
                .map_err(|m| fail(None, format!("start {s}: {m}")))?;
        }
        drop(g);
        Ok(ScriptGame {
            file: file.to_string(),
            name,
            impartial,
            sides,
            shape,
            start,
            limits,
            clock,
            lines,
            vm: Arc::new(Mutex::new(Vm {
                lua,
                flags,
                spread,
                terminal,
                show,
                heap,
                cache: Default::default(),
                verdicts: FxHashMap::default(),
                stored: 0,
                expanded: Default::default(),
                made: Default::default(),
                longest: 0,
            })),
            table: Arc::default(),
            budget: Budget::default(),
        })
    }

    /// The script game behind the run-time seam, with the script's `show`: a
    /// partizan script (`left` and `right`) through
    /// [`grundy::partizan::from_partizan`] (canonical values, play with either side
    /// first), any other as a [`ScriptDyn`].
    pub fn into_dyn(self) -> Box<dyn DynGame> {
        if self.sides {
            let name = self.name.clone();
            grundy::partizan::from_partizan(name, ScriptPartizan(self))
        } else {
            Box::new(Builtin::new(self))
        }
    }

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
    fn view(&self, budget: &Budget) -> ScriptGame {
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
    fn options_of(&self, p: &DynPosition, mover: Mover) -> Result<Arc<[DynPosition]>, GameError> {
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

/// The result of a call, failed if the call went over a limit whatever it returned:
/// a script that caught the time-limit error (or the memory-limit error, which
/// [`GUARD`] flags) and returned normally still went over the limit.
fn settle<T>(clock: &Clock, flags: &Table, r: mlua::Result<T>) -> mlua::Result<T> {
    if clock.expired.load(Ordering::Relaxed) {
        return Err(mlua::Error::runtime("time limit exceeded"));
    }
    if flags.raw_get::<bool>("hit").unwrap_or(false) {
        let _ = flags.raw_set("hit", false);
        return Err(mlua::Error::MemoryError("not enough memory".into()));
    }
    r
}

/// Why a call failed: a limit of the budget, or the script's own error (its line, if known, and the message).
enum Failure {
    Over(OverBudget),
    Script(Option<usize>, String),
}

/// The failure of a call: the time limit, the memory cap, or the script's own error.
fn explain(file: &str, e: &mlua::Error, clock: &Clock, limits: Limits, what: &str) -> Failure {
    if clock.cancelled.swap(false, Ordering::Relaxed) {
        clock.expired.store(false, Ordering::Relaxed);
        return Failure::Over(Budget::over(Limit::Cancelled, 1, 0, format!("{file}: {what}")));
    }
    if clock.expired.load(Ordering::Relaxed) {
        clock.expired.store(false, Ordering::Relaxed);
        let what = format!(
            "{file}: {what} ran longer than the time limit of {} ms and was stopped (an endless loop?)",
            limits.timeout.as_millis()
        );
        return Failure::Over(limits.over(Limit::ScriptTime, clock.elapsed_ms(), &what));
    }
    let message = lua_message(e);
    if matches!(e, mlua::Error::MemoryError(_)) || message.contains("not enough memory") {
        let what = format!(
            "{file}: {what} used more than the memory limit of {} and was stopped",
            describe_memory(limits.memory)
        );
        // The allocation refused is not known: what was reached is the limit.
        return Failure::Over(limits.over(Limit::ScriptMemory, 0, &what));
    }
    let (line, message) = locate(file, &message);
    Failure::Script(line, format!("{message} (in {what})"))
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

/// A [`ScriptGame`] with `moves` behind the dynamic seam: the solvers of
/// [`Builtin`], with the script's `show` (through [`Analyze::show`]).
pub type ScriptDyn = Builtin<ScriptGame>;

/// A partizan script (one with `left` and `right`): each side's options from its
/// function, through the same calls, limits, cache and messages as `moves`. Made by
/// [`ScriptGame::into_dyn`].
pub struct ScriptPartizan(ScriptGame);

impl Partizan for ScriptPartizan {
    type Position = DynPosition;

    fn within(&self, budget: &Budget) -> Option<Self> {
        Some(ScriptPartizan(self.0.view(budget)))
    }

    fn options(&self, p: &DynPosition, side: Side, out: &mut Vec<DynPosition>) -> Result<(), GameError> {
        // The partizan seam reads positions without asking the game, so the shape
        // of a position typed by the user is checked here (the script's own
        // options were checked as they came back).
        self.0
            .shape
            .check(p)
            .map_err(|m| GameError::position(&self.0.name, p.to_string(), m))?;
        out.extend(self.0.options_of(p, Mover::of(side))?.iter().cloned());
        Ok(())
    }

    fn start(&self) -> Option<DynPosition> {
        self.0.start.clone()
    }

    fn show(&self, p: &DynPosition) -> Option<String> {
        Some(self.0.show(p))
    }
}

/// Text of several lines, each with its control characters escaped; blank lines at
/// either end and blanks at line ends are dropped (`\r\n` ends a line too).
fn lines_escaped(text: &str) -> String {
    let lines: Vec<String> = text
        .lines()
        .map(|l| escape_control(l.trim_end()).into_owned())
        .collect();
    let first = lines.iter().position(|l| !l.is_empty()).unwrap_or(lines.len());
    let last = lines.iter().rposition(|l| !l.is_empty()).map_or(first, |i| i + 1);
    lines[first..last].join("\n")
}
