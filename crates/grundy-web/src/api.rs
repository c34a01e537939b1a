//! The endpoints: a request's fields (named as the CLI's flags) to the library's
//! report, whose JSON is the CLI's `--json` object.

use axum::http::StatusCode;
use grundy::dynamic::DynGame;
use grundy::Budget;
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
    /// The most steps of work (capped by the server's budget).
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
                        format!("{name} is {} bytes, more than the {max} this server reads", text.len()),
                    ));
                }
            }
        }
        Ok(())
    }

    fn game_text(&self) -> Result<&str, Failure> {
        self.game.as_deref().ok_or_else(|| Failure::bad("missing field: game"))
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

    /// Answer `request` within `budget`.
    pub fn run(self, state: &State, request: &Request, budget: &Budget) -> Result<Value, Failure> {
        match self {
            Endpoint::Catalogue => Ok(shim::catalogue()),
            Endpoint::Served => Ok(served(state)),
            _ => {
                let game = Game::resolve(state, request, budget)?;
                let game = game.get();
                let position = || position(game, request);
                match self {
                    Endpoint::Solve => shim::solve(game, &position()?, request.misere),
                    Endpoint::Moves => shim::moves(game, &position()?, request.misere),
                    Endpoint::Board => shim::board(game, &position()?),
                    _ => Err(Failure::new(StatusCode::NOT_IMPLEMENTED, "not yet")),
                }
            }
        }
    }
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
                    "position": g.start().map(|p| g.show(&p)),
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
        shim::builtin_game(text, budget).map(Game::Own)
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
        (None, None) => Err(Failure::bad(format!("missing field: position ({} has no start)", game.name()))),
    }
}

/// Until the front ends' library lands: the same answers from the seam.
mod shim {
    use super::*;
    use grundy::dynamic::DynPosition;

    fn err(e: impl std::fmt::Display) -> Failure {
        let text = e.to_string();
        if text.contains("over budget") || text.contains("budget") {
            Failure::new(StatusCode::SERVICE_UNAVAILABLE, text)
        } else {
            Failure::bad(text)
        }
    }

    pub fn catalogue() -> Value {
        Value::Array(
            grundy_rules::catalogue()
                .families()
                .map(|f| {
                    json!({
                        "name": f.name, "usage": f.usage, "summary": f.summary, "position": f.position,
                        "example": f.example.map(|(g, p)| json!({"game": g, "position": p})),
                    })
                })
                .collect(),
        )
    }

    pub fn builtin_game(text: &str, budget: &Budget) -> Result<Box<dyn DynGame>, Failure> {
        if text.contains('/') || text.ends_with(".toml") || text.ends_with(".luau") {
            return Err(Failure::bad("a game file is not read from a request"));
        }
        let mut g = grundy_rules::catalogue().parse(text).map_err(err)?;
        g.set_budget(budget);
        Ok(g)
    }

    fn inline(game: &dyn DynGame, p: &DynPosition) -> String {
        let shown = game.show(p);
        if shown.contains('\n') {
            p.to_string()
        } else {
            shown
        }
    }

    fn play(misere: bool) -> grundy::Play {
        if misere {
            grundy::Play::Misere
        } else {
            grundy::Play::Normal
        }
    }

    pub fn solve(game: &dyn DynGame, position: &str, misere: bool) -> Result<Value, Failure> {
        let p = game.parse_position(position).map_err(err)?;
        let a = game.analyze(&p, play(misere)).map_err(err)?;
        Ok(json!({
            "game": game.name(), "position": inline(game, &p), "outcome": a.outcome.as_str(),
            "nimber": a.nimber, "remoteness": a.remoteness,
            "winning_moves": a.winning_moves.iter().map(|m| inline(game, m)).collect::<Vec<_>>(),
        }))
    }

    pub fn moves(game: &dyn DynGame, position: &str, misere: bool) -> Result<Value, Failure> {
        let p = game.parse_position(position).map_err(err)?;
        let moves = game.moves(&p, play(misere)).map_err(err)?;
        Ok(json!({
            "game": game.name(), "position": inline(game, &p),
            "moves": moves.iter().map(|m| json!({
                "move": game.name_move(&p, &m.position), "position": inline(game, &m.position),
                "outcome": m.outcome.as_str(), "nimber": m.nimber, "remoteness": m.remoteness,
                "wins": m.outcome == grundy::Outcome::Lose,
            })).collect::<Vec<_>>(),
        }))
    }

    pub fn board(game: &dyn DynGame, position: &str) -> Result<Value, Failure> {
        let p = game.parse_position(position).map_err(err)?;
        Ok(match game.board(&p) {
            None => Value::Null,
            Some(b) => json!({
                "rows": b.rows.iter().map(|r| json!({"label": r.label, "cells": r.cells.iter().map(|c| json!({
                    "text": c.glyph.to_string(),
                    "owner": c.owner.map(|o| if o == grundy::dynamic::Owner::First { "first" } else { "second" }),
                    "last": c.last,
                })).collect::<Vec<_>>()})).collect::<Vec<_>>(),
                "columns": b.columns, "notes": b.notes,
            }),
        })
    }
}
