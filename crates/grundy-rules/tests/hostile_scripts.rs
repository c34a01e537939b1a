//! Scripts that try to get past the sandbox's limits, and scripts of grundy 0.1:
//! regression tests for reported bugs.
//!
//! - A script that defines `moves` but no `impartial` is impartial (0.1 scripts).
//! - Library functions that loop in C (`table.move` of 2^28 nils, plain
//!   `string.find` with a long needle, ...) stop at the time limit, as a loop does.
//! - The memory-limit error cannot be caught by `pcall` and kin.
//! - Running out of either limit is `GameError::OverBudget` with the script's limit.

use std::time::{Duration, Instant};

use grundy::dynamic::{DynGame, DynPosition};
use grundy::{GameError, Limit, Outcome, Play};
use grundy_rules::{game_from_luau, Limits, RulesError};

fn limits(ms: u64) -> Limits {
    Limits {
        memory: 16 << 20,
        timeout: Duration::from_millis(ms),
    }
}

fn load(source: &str) -> Box<dyn DynGame> {
    game_from_luau("hostile.luau", source, limits(100)).unwrap_or_else(|e| panic!("{e}"))
}

fn int(n: i64) -> DynPosition {
    DynPosition::Ints(vec![n])
}

/// `moves(1)` of a script whose `moves` runs `body` (then returns no move): its
/// error, and how long it took.
fn moves_error(body: &str) -> (GameError, Duration) {
    let game = load(&format!("function moves(n)\n{body}\nreturn {{}}\nend\n"));
    let started = Instant::now();
    let e = game.options(&int(1), &grundy::Budget::default()).expect_err(body);
    (e, started.elapsed())
}

fn over(e: &GameError) -> Option<Limit> {
    match e {
        GameError::OverBudget(o) => Some(o.limit),
        _ => None,
    }
}

#[test]
fn a_script_of_grundy_0_1_with_only_start_and_moves_is_impartial() {
    let game = load("start = 7\nfunction moves(n)\n local out = {}\n for _, s in {1, 3, 4} do\n  if s <= n then table.insert(out, n - s) end\n end\n return out\nend\n");
    assert!(game.is_impartial());
    let a = game
        .analyze(&int(7), Play::Normal, &grundy::Budget::default())
        .unwrap();
    assert_eq!((a.outcome, a.nimber), (Outcome::Lose, Some(0)));
    // `left` and `right` without the flag: partizan.
    let game = load("function left(n) return {} end\nfunction right(n) return {} end\n");
    assert!(!game.is_impartial());
    // The flag still works where it agrees, or makes a `moves` game partizan.
    assert!(load("impartial = true\nfunction moves(n) return {} end\n").is_impartial());
    assert!(!load("impartial = false\nfunction moves(n) return {} end\n").is_impartial());
    // `moves` with a terminal rule: a game that encodes the player, not impartial.
    let game = load("function moves(n) return {} end\nfunction terminal(n) return \"draw\" end\n");
    assert!(!game.is_impartial());
    // Only a contradiction is an error.
    let e = game_from_luau(
        "c.luau",
        "impartial = true\nfunction left(n) return {} end\nfunction right(n) return {} end\n",
        limits(100),
    )
    .err()
    .unwrap();
    assert!(
        e.to_string()
            .contains("impartial = true, but the script defines left and right"),
        "{e}"
    );
}

#[test]
fn library_loops_in_c_stop_at_the_time_limit() {
    for body in [
        "local a = {} table.move(a, 1, 2^28, 2)",
        "local a = {} table.move(a, 1, 2^31 - 2, 2)",
        "local a = {} table.move(a, -2^31 + 2, -2, -2^31 + 3)",
        "local a = {} table.move(a, 1.5, 2^28 + 0.5, 2, {})",
        "local a = {} pcall(table.move, a, 1, 2^28, 2) while true do end",
        "local s = string.rep('a', 4e6) local p = string.rep('a', 2e6) .. 'b' string.find(s, p, 1, true)",
        "local s = string.rep('a', 4e6) local p = string.rep('a', 2e6) .. 'b' string.find(s, p)",
        "local s = string.rep('a', 4e6) local p = string.rep('a', 1e6) .. 'b' .. string.rep('a', 1e6) string.split(s, p)",
        "local t = {} for i = 1, 2e5 do t[i] = (i * 7919) % 1000003 end for i = 1, 100 do table.sort(t) table.sort(t, nil) end",
    ] {
        let (e, took) = moves_error(body);
        assert_eq!(over(&e), Some(Limit::ScriptTime), "{body}: {e}");
        assert!(e.to_string().contains("time limit of 100 ms"), "{body}: {e}");
        assert!(took < Duration::from_millis(600), "{body}: took {took:?}");
    }
    // Also at the top level, which `build` and every command runs first.
    let started = Instant::now();
    let e = game_from_luau(
        "top.luau",
        "local a = {} table.move(a, 1, 2^28, 2)\nfunction moves(n) return {} end\n",
        limits(100),
    )
    .err()
    .unwrap();
    assert!(
        matches!(&e, RulesError::Game(GameError::OverBudget(o)) if o.limit == Limit::ScriptTime),
        "{e}"
    );
    assert!(
        started.elapsed() < Duration::from_millis(600),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn library_calls_that_allocate_stop_at_the_memory_limit() {
    for body in [
        "local s = string.rep('x', 2^30)",
        "local t = table.create(2^26, 0)",
        "local t = table.create(2^20, string.rep('x', 64)) local s = table.concat(t)",
        "local b = buffer.create(2^30)",
    ] {
        let (e, took) = moves_error(body);
        assert_eq!(over(&e), Some(Limit::ScriptMemory), "{body}: {e}");
        assert!(took < Duration::from_millis(600), "{body}: took {took:?}");
    }
    // Format widths have at most two digits.
    let (e, _) = moves_error("local s = string.format('%999999999d', 1)");
    assert!(e.to_string().contains("width or precision too long"), "{e}");
}

#[test]
fn the_pieces_give_the_same_results_as_the_library() {
    // Each check returns true; moves are {} when all pass, else the failing index.
    let game = game_from_luau(
        "same.luau",
        r##"
local function same(a, b, n)
  for i = -5, n + 5 do if a[i] ~= b[i] then return false end end
  return true
end
local function moved(n, f, e, t, other)
  local a, b = {}, {}
  for i = 1, n do a[i] = i b[i] = i end
  local da, db = if other then {} else a, if other then {} else b
  -- The reference: element by element, in the order table.move documents.
  if t > e or t <= f or other then
    for i = 0, e - f do db[t + i] = b[f + i] end
  else
    for i = e - f, 0, -1 do db[t + i] = b[f + i] end
  end
  local r = table.move(a, f, e, t, if other then da else nil)
  return rawequal(r, da) and same(da, db, n + 3000)
end
local checks = {
  moved(5000, 1, 5000, 2), moved(5000, 2, 5000, 1), moved(5000, 1, 4000, 1000),
  moved(5000, 1000, 5000, 1), moved(5000, 1, 5000, 3), moved(3000, 1, 3000, 1, true),
  moved(50, 1, 40, 5), moved(5000, 10, 4500, 600),
}
local s = string.rep("ab", 3e6) .. "needle" .. string.rep("ab", 10)
local p = string.rep("ab", 1e3) .. "needle"
local i, j = string.find(s, p, 1, true)
table.insert(checks, i == 6e6 - 2e3 + 1 and j == 6e6 + 6)
table.insert(checks, string.find(s, p, -20, true) == nil)
table.insert(checks, string.find(s, p) == i)
table.insert(checks, select("#", string.find(s, p .. "x", 1, true)) == 1)
local parts = string.split(string.rep("x", 3e6) .. p .. "y" .. p .. p .. "z", p)
table.insert(checks, #parts == 4 and #parts[1] == 3e6 and parts[2] == "y" and parts[3] == "" and parts[4] == "z")
local t = {}
for k = 1, 5000 do t[k] = (k * 7919) % 5003 end
table.sort(t, function(a, b) return a > b end)
local sorted = true
for k = 2, 5000 do if t[k - 1] < t[k] then sorted = false end end
table.insert(checks, sorted)
local sum = 0
table.foreachi(table.create(5000, 2), function(i, v) sum += v end)
table.insert(checks, sum == 10000)
table.insert(checks, table.foreachi({1, 2, 3}, function(i, v) if v == 2 then return "two" end end) == "two")
function moves(n)
  for k, ok in checks do if not ok then return {k} end end
  return {}
end
"##,
        limits(5000),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.options(&int(1), &grundy::Budget::default()).unwrap(), vec![]);
}

#[test]
fn the_memory_limit_cannot_be_caught() {
    for body in [
        "pcall(string.rep, 'x', 2^30)",
        "pcall(function() local t = {} for i = 1, 1e9 do t[i] = i end end)",
        "xpcall(string.rep, function(e) return 'caught' end, 'x', 2^30)",
        "coroutine.resume(coroutine.create(function() return string.rep('x', 2^30) end))",
        "pcall(coroutine.wrap(function() return string.rep('x', 2^30) end))",
        "for i = 1, 3 do pcall(string.rep, 'x', 2^30) end",
    ] {
        let (e, took) = moves_error(body);
        assert_eq!(over(&e), Some(Limit::ScriptMemory), "{body}: {e}");
        assert!(e.to_string().contains("memory limit of 16 MiB"), "{body}: {e}");
        assert!(took < Duration::from_millis(600), "{body}: took {took:?}");
    }
    // The time limit cannot be caught either (it never could).
    let (e, _) = moves_error("pcall(function() while true do end end)");
    assert_eq!(over(&e), Some(Limit::ScriptTime), "{e}");
    // The script's own errors still can be.
    let game = load(
        "function moves(n)\nlocal ok, e = pcall(error, 'mine')\nif ok then return {1} end\nreturn {}\nend\n",
    );
    assert_eq!(game.options(&int(1), &grundy::Budget::default()).unwrap(), vec![]);
}

#[test]
fn positions_made_from_heaps_count_in_the_memory_limit() {
    // `moves(n)` makes fifty heaps of n - 1: the lists of heaps the solvers keep
    // grow without bound outside the Luau heap; every command must stop them.
    let script = "heaps = true\nfunction moves(n)\nif n == 0 then return {} end\nlocal l = {}\nfor i = 1, 50 do l[i] = n - 1 end\nreturn {l}\nend\n";
    let game = load(script);
    let started = Instant::now();
    let e = game
        .analyze(&int(12), Play::Normal, &grundy::Budget::default())
        .unwrap_err();
    assert_eq!(over(&e), Some(Limit::ScriptMemory), "{e}");
    // Breadth first, as `build` enumerates: every option found counts.
    let game = load(script);
    let mut frontier = vec![int(12)];
    let e = 'bfs: loop {
        let mut next = Vec::new();
        for p in &frontier {
            match game.options(p, &grundy::Budget::default()) {
                Ok(o) => next.extend(o),
                Err(e) => break 'bfs e,
            }
        }
        assert!(!next.is_empty(), "the game ended before the limit");
        frontier = next;
    };
    assert_eq!(over(&e), Some(Limit::ScriptMemory), "{e}");
    assert!(e.to_string().contains("positions of the game"), "{e}");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn over_budget_names_the_script_limit_and_its_flag() {
    let (e, _) = moves_error("while true do end");
    let GameError::OverBudget(o) = &e else {
        panic!("{e}")
    };
    assert_eq!((o.limit, o.allowed), (Limit::ScriptTime, 100));
    assert!(o.reached >= 100, "{o:?}");
    let text = e.to_string();
    assert!(
        text.starts_with("hostile.luau: moves(1) ran longer than the time limit of 100 ms"),
        "{text}"
    );
    assert!(text.ends_with("raise it with --script-timeout"), "{text}");
    let (e, _) = moves_error("local s = string.rep('x', 2^30)");
    let GameError::OverBudget(o) = &e else {
        panic!("{e}")
    };
    assert_eq!((o.limit, o.allowed), (Limit::ScriptMemory, 16 << 20));
    assert!(e.to_string().ends_with("raise it with --script-memory"), "{e}");
    // An unlimited budget works (no overflow of the deadline).
    let game = game_from_luau(
        "u.luau",
        "function moves(n) return {} end\n",
        Limits::from_budget(&grundy::Budget::unlimited()),
    )
    .unwrap();
    assert_eq!(game.options(&int(1), &grundy::Budget::default()).unwrap(), vec![]);
}

#[test]
fn script_text_is_escaped_in_messages_and_positions() {
    let (e, _) = moves_error("error('\\27[2J\\27]52;c;AAAA\\7 bad')");
    let text = e.to_string();
    assert!(!text.chars().any(char::is_control), "{text:?}");
    assert!(text.contains("\\u{1b}[2J"), "{text}");
    let game = load("shape = \"string\"\nfunction moves(s) return {} end\n");
    let p = DynPosition::Text("a\u{1b}[31mb\nc".into());
    let shown = game.show(&p);
    assert!(!shown.chars().any(char::is_control), "{shown:?}");
}

/// A call into the script stops when its budget's flag is raised, inside the
/// script, long before its time limit (a web request past its time, a Python
/// call interrupted); the next call, with a flag of its own, runs as before.
#[test]
fn a_raised_flag_stops_a_call_inside_the_script() {
    let source = "function moves(n)\n if n == 1 then while true do end end\n return {}\nend\n";
    let game = game_from_luau(
        "endless.luau",
        source,
        Limits {
            memory: 16 << 20,
            timeout: Duration::from_secs(600),
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let budget = grundy::Budget {
        cancel: grundy::Cancel::new(),
        ..grundy::Budget::default()
    };
    let flag = budget.cancel.clone();
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        flag.raise();
    });
    let e = game.options(&int(1), &budget).expect_err("an endless loop");
    raiser.join().unwrap();
    assert_eq!(over(&e), Some(Limit::Cancelled), "{e}");
    assert!(e.to_string().contains("moves(1)"), "{e}");
    let fresh = grundy::Budget::default();
    assert_eq!(game.options(&int(2), &fresh).unwrap(), Vec::<DynPosition>::new());
}
