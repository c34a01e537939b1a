//! Loading a script: the sandbox set up, the top level run, the globals read and checked.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

use grundy::dynamic::DynPosition;
use grundy::text::escape_control;
use grundy::{Budget, GameError};
use mlua::{Function, Lua, LuaOptions, StdLib, Value, VmState};
use rustc_hash::FxHashMap;

use super::game::{Mover, ScriptGame, Vm};
use super::read::{integer, kind, position_of, Shape};
use super::sandbox::{explain, locate, lua_message, settle, Clock, Failure, Limits, ABSENT, GUARD, SPREAD};
use crate::error::one_line;
use crate::RulesError;

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
}
