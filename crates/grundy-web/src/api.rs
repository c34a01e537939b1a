//! The endpoints: a request's fields (named as the CLI's flags) to the library's
//! report, whose JSON is the CLI's `--json` object.

use axum::http::StatusCode;
use grundy::dynamic::DynGame;
use grundy::{Budget, Task};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::{Failure, State};

/// The fields of any API request, each named as the CLI's flag; each endpoint
/// reads the ones it needs and refuses none (unknown fields are an error).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// The game: a catalogue name such as `kayles` or `connect4:rows=4,cols=4`,
    /// or the name of a game file the server was started with.
    pub game: Option<String>,
    /// The position, as the CLI reads it; the game's start when left out.
    pub position: Option<String>,
    /// Misère play.
    #[serde(default)]
    pub misere: bool,
    /// Who moves first in a partizan game: `left` or `right`.
    pub first: Option<String>,
    /// `values`: the first heap.
    pub from: Option<u64>,
    /// `values`: the last heap.
    pub to: Option<u64>,
    /// `period`: the largest heap to search.
    pub max: Option<u64>,
    /// `quotient`: the largest heap.
    pub max_heap: Option<u64>,
    /// `calc`, `value`, `period`, `quotient`: the most steps of work, at most the
    /// command's default or the server's `--max-work`.
    pub max_work: Option<u64>,
    /// `calc`: the expression.
    pub expression: Option<String>,
    /// `thermograph`: a value to draw instead of a game's position.
    pub value: Option<String>,
    /// Unicode symbols (↑, ½) in values.
    #[serde(default)]
    pub unicode: bool,
    /// `explain`: the depth of the strategy tree.
    pub depth: Option<usize>,
    /// `explain`: the replies shown at each step.
    pub replies: Option<usize>,
}

impl Request {
    /// 413 for a text field longer than `max` bytes.
    pub fn check_sizes(&self, max: usize) -> Result<(), Failure> {
        for (name, text) in [
            ("game", &self.game),
            ("position", &self.position),
            ("expression", &self.expression),
            ("value", &self.value),
        ] {
            if let Some(text) = text {
                if text.len() > max {
                    return Err(Failure::new(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        format!(
                            "{name} is {} bytes, more than the {max} this server reads",
                            text.len()
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    fn game_text(&self) -> Result<&str, Failure> {
        self.game
            .as_deref()
            .ok_or_else(|| Failure::bad("missing field: game"))
    }
}

/// An endpoint of `/api`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    Catalogue,
    Served,
    Solve,
    Moves,
    Board,
    Values,
    Period,
    Quotient,
    Value,
    Thermograph,
    Calc,
    Explain,
}

const ENDPOINTS: &[(&str, Endpoint)] = &[
    ("catalogue", Endpoint::Catalogue),
    ("served", Endpoint::Served),
    ("solve", Endpoint::Solve),
    ("moves", Endpoint::Moves),
    ("board", Endpoint::Board),
    ("values", Endpoint::Values),
    ("period", Endpoint::Period),
    ("quotient", Endpoint::Quotient),
    ("value", Endpoint::Value),
    ("thermograph", Endpoint::Thermograph),
    ("calc", Endpoint::Calc),
    ("explain", Endpoint::Explain),
];

impl Endpoint {
    /// The endpoint `/api/{name}`.
    pub fn find(name: &str) -> Option<Endpoint> {
        ENDPOINTS.iter().find(|(n, _)| *n == name).map(|(_, e)| *e)
    }

    /// The endpoints' names, for an error message.
    pub fn names() -> String {
        ENDPOINTS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
    }

    /// Whether it reads fields and runs an analysis: then only a POST of JSON
    /// asks it. The lists of games take none, and answer GET too.
    pub fn takes_fields(self) -> bool {
        !matches!(self, Endpoint::Catalogue | Endpoint::Served)
    }

    /// Answer `request` within `budget`: the library's report, as JSON.
    pub fn run(self, state: &State, request: &Request, budget: &Budget) -> Result<Value, Failure> {
        match self {
            Endpoint::Catalogue => return Ok(grundy_api::catalogue()),
            Endpoint::Served => return Ok(served(state)),
            Endpoint::Calc => {
                let expression = request
                    .expression
                    .as_deref()
                    .ok_or_else(|| Failure::bad("missing field: expression"))?;
                let budget = &work(request, budget, Task::Calc);
                return Ok(grundy_api::calc(expression, request.unicode, budget)
                    .map_err(failure)?
                    .json());
            }
            Endpoint::Thermograph if request.game.is_none() => {
                let value = request
                    .value
                    .as_deref()
                    .ok_or_else(|| Failure::bad("missing field: value (or game and position)"))?;
                return Ok(grundy_api::thermograph_of_value(value, budget)
                    .map_err(failure)?
                    .json_with_walls());
            }
            _ => {}
        }
        let game = Game::resolve(state, request, budget)?;
        let game = game.get();
        let position = || position(game, request);
        let options = || -> Result<grundy_api::Options, Failure> {
            let first = match request.first.as_deref() {
                None => None,
                Some("left") => Some(grundy::partizan::Side::Left),
                Some("right") => Some(grundy::partizan::Side::Right),
                Some(other) => {
                    return Err(Failure::bad(format!(
                        "first must be left or right, not '{other}'"
                    )))
                }
            };
            Ok(grundy_api::Options {
                misere: request.misere,
                first,
            })
        };
        let json = match self {
            Endpoint::Solve => grundy_api::solve(game, &position()?, &options()?, budget).map(|r| r.json()),
            Endpoint::Moves => grundy_api::moves(game, &position()?, &options()?, budget).map(|r| r.json()),
            Endpoint::Board => grundy_api::board(game, &position()?),
            Endpoint::Explain => grundy_api::explain(
                game,
                &position()?,
                request.depth.unwrap_or(2),
                request.replies.unwrap_or(20),
                &options()?,
                budget,
            )
            .map(|r| r.json()),
            Endpoint::Values => {
                let from = request.from.unwrap_or(0);
                let to = request.to.ok_or_else(|| Failure::bad("missing field: to"))?;
                if to >= from && to - from >= MAX_VALUES {
                    return Err(Failure::new(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        format!("at most {MAX_VALUES} values at once (from {from} to {to} asks for more)"),
                    ));
                }
                grundy_api::values(game, from, to, budget).map(|r| r.json())
            }
            Endpoint::Period => {
                let max = request.max.map(|m| m.min(grundy_api::PERIOD_MAX));
                let budget = &work(request, budget, Task::PeriodSearch);
                grundy_api::period(game, max, grundy::Method::Auto, &mut |_| {}, budget).map(|r| r.json())
            }
            Endpoint::Quotient => {
                let budget = &work(request, budget, Task::Quotient);
                grundy_api::quotient(game, request.max_heap.unwrap_or(12), budget).map(|r| r.json())
            }
            Endpoint::Value => {
                let budget = &work(request, budget, Task::Value);
                grundy_api::value(game, &position()?, request.unicode, budget).map(|r| r.json())
            }
            Endpoint::Thermograph => {
                let budget = &work(request, budget, Task::Value);
                grundy_api::thermograph(game, &position()?, budget).map(|r| r.json_with_walls())
            }
            Endpoint::Catalogue | Endpoint::Served | Endpoint::Calc => unreachable!("answered above"),
        };
        json.map_err(failure)
    }
}

/// The most heaps one `values` request tabulates.
pub const MAX_VALUES: u64 = 100_000;

/// The budget of a request for `task`: the work it asks, at most the server's
/// `--max-work` or the task's default (a request may lower the work, not raise it).
fn work(request: &Request, budget: &Budget, task: Task) -> Budget {
    let cap = budget.work(task);
    Budget {
        max_work: Some(request.max_work.map_or(cap, |w| w.min(cap))),
        ..budget.clone()
    }
}

/// The status of a library error: bad input 400, out of budget 503. Its text
/// names no command-line flag: the page's user has none to give.
fn failure(e: grundy_api::Error) -> Failure {
    let status = match &e {
        grundy_api::Error::Input(_) | grundy_api::Error::Unsupported(_) | grundy_api::Error::Rule(_) => {
            StatusCode::BAD_REQUEST
        }
        grundy_api::Error::OverBudget(_) => StatusCode::SERVICE_UNAVAILABLE,
    };
    let (limit, message) = match &e {
        grundy_api::Error::OverBudget(o) => (Some(o.limit.key()), over_the_servers_budget(o)),
        _ => (None, e.to_string()),
    };
    Failure {
        limit,
        ..Failure::new(status, without_flags(&message))
    }
}

/// An exhausted budget in the words of a server's user: the limit is the
/// server's, and what they can change is the question.
fn over_the_servers_budget(o: &grundy::OverBudget) -> String {
    if o.limit == grundy::Limit::Cancelled {
        return o.to_string();
    }
    format!(
        "{}: over this server's {} limit (needs at least {}, the limit is {}); ask a smaller question (a smaller position, heap or range)",
        o.what,
        o.limit.noun(),
        o.limit.amount(o.reached),
        o.limit.amount(o.allowed),
    )
}

/// `text` with each command-line flag (`--max-heap`) said as the request's field
/// and the page's control are (`max heap`).
fn without_flags(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("--") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let end = after
            .find(|c: char| !(c.is_ascii_lowercase() || c == '-'))
            .unwrap_or(after.len());
        let flag = &after[..end];
        match flag {
            "" => out.push_str("--"),
            "misere" => out.push_str("misère"),
            "first" => out.push_str("first to move"),
            _ => out.push_str(&flag.replace('-', " ")),
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// The games loaded from files named on the command line: name, start, kind.
fn served(state: &State) -> Value {
    Value::Array(
        state
            .options
            .games
            .iter()
            .map(|g| {
                json!({
                    "name": g.name(),
                    "position": g.start().map(|p| p.to_string()),
                    "partizan": g.partizan().is_some(),
                    "impartial": g.is_impartial(),
                    "heap_values": g.capabilities().heap_values,
                })
            })
            .collect(),
    )
}

/// The game of a request: a served file's (shared) or a catalogue game of its own.
enum Game<'a> {
    Served(&'a dyn DynGame),
    Own(Box<dyn DynGame>),
}

impl<'a> Game<'a> {
    fn resolve(state: &'a State, request: &Request, budget: &Budget) -> Result<Game<'a>, Failure> {
        let text = request.game_text()?;
        if let Some(game) = state.served(text) {
            return Ok(Game::Served(game));
        }
        grundy_api::builtin_game(text, budget)
            .map(Game::Own)
            .map_err(failure)
    }

    fn get(&self) -> &dyn DynGame {
        match self {
            Game::Served(g) => *g,
            Game::Own(g) => g.as_ref(),
        }
    }
}

/// The request's position text, else the game's start.
fn position(game: &dyn DynGame, request: &Request) -> Result<String, Failure> {
    match (&request.position, game.start()) {
        (Some(p), _) => Ok(p.clone()),
        (None, Some(start)) => Ok(start.to_string()),
        (None, None) => Err(Failure::bad(format!(
            "missing field: position ({} has no start)",
            game.name()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_fields_not_the_flags() {
        assert_eq!(
            without_flags("too many options; try a smaller --max-heap"),
            "too many options; try a smaller max heap"
        );
        assert_eq!(
            without_flags("--from 5 is past --to 3, (--misere) --first"),
            "from 5 is past to 3, (misère) first to move"
        );
        assert_eq!(without_flags("a -- b"), "a -- b");
        let over = grundy::Budget::over(grundy::Limit::Positions, 600, 500, "solving nim 9");
        let failure = failure(grundy_api::Error::OverBudget(over));
        assert_eq!(failure.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(failure.limit, Some("max_positions"));
        assert!(!failure.message.contains("--"), "{}", failure.message);
        assert!(
            failure.message.contains("server's position limit"),
            "{}",
            failure.message
        );
    }
}
