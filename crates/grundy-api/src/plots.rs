//! The data of `plot`'s pictures: a nim-sequence with its period, the outcome
//! map of a two-number game, the digit game's winners; and [`Picture`], the
//! object `plot --json` prints for the file drawn from them.

use std::path::PathBuf;

use grundy::dynamic::{parse_game, DynGame, DynPosition};
use grundy::{Budget, Outcome, Play, Winner};
use serde_json::{json, Value};

use crate::{Error, Result};

/// The longest nim-sequence plotted.
pub const MAX_SEQUENCE: u64 = 100_000;
/// The largest number of a pair on an outcome map.
pub const MAX_MAP: u64 = 2_000;
/// The most turns of the digit game in a winner table.
pub const MAX_TURNS: u64 = 200;
/// Start positions times turn counts a winner table may solve.
pub const MAX_TABLE_CELLS: u64 = 20_000;

/// A heap game's nim-values from heap 0, with its proved period if it has one.
#[derive(Clone, Debug)]
pub struct NimSequence {
    /// The game's name.
    pub game: String,
    /// The nim-values of heaps 0 to `values.len() - 1`.
    pub values: Vec<u64>,
    /// `(preperiod, period, saltus)`, when a period is proved.
    pub period: Option<(u64, u64, u64)>,
}

impl NimSequence {
    /// What the picture shows, in words.
    pub fn what(&self) -> String {
        format!("nim-values of heaps 0..={}", self.values.len().saturating_sub(1))
    }

    /// The data: `game`, `values`, and `period` (`{preperiod, period, saltus}` or null).
    pub fn json(&self) -> Value {
        json!({
            "game": self.game,
            "values": self.values,
            "period": self.period.map(|(preperiod, period, saltus)| json!({
                "preperiod": preperiod,
                "period": period,
                "saltus": saltus,
            })),
        })
    }
}

/// The nim-values of heaps 0 to `to` of a heap game, with its period when one is
/// proved within the budget.
pub fn nim_sequence(game: &dyn DynGame, to: u64, budget: &Budget) -> Result<NimSequence> {
    if to > MAX_SEQUENCE {
        return Err(Error::Input(format!(
            "--to {to} is too large for a sequence (at most {MAX_SEQUENCE})"
        )));
    }
    let values = game
        .heap_values(0, to, budget)?
        .iter()
        .map(|v| v.nimber)
        .collect();
    let period = match game.period(budget) {
        Some(Ok(Some(s))) => Some((s.periodic.preperiod(), s.periodic.period(), s.periodic.saltus())),
        _ => None,
    };
    Ok(NimSequence {
        game: game.name(),
        values,
        period,
    })
}

/// The outcome of every pair (a, b) of a two-number game up to a bound.
#[derive(Clone, Debug)]
pub struct OutcomeMap {
    /// The game's name.
    pub game: String,
    /// The largest number of a pair.
    pub to: u64,
    /// Row b, column a: the outcome of (a, b) for the player to move, or `None`
    /// where (a, b) is not a position of the game.
    pub outcomes: Vec<Vec<Option<Outcome>>>,
}

impl OutcomeMap {
    /// How many pairs are lost, won and drawn by the player to move.
    pub fn counts(&self) -> (u64, u64, u64) {
        let mut seen = (0, 0, 0);
        for o in self.outcomes.iter().flatten().flatten() {
            match o {
                Outcome::Lose => seen.0 += 1,
                Outcome::Win => seen.1 += 1,
                Outcome::Draw => seen.2 += 1,
            }
        }
        seen
    }

    /// What the picture shows, in words.
    pub fn what(&self) -> String {
        let (lose, win, draw) = self.counts();
        format!(
            "outcomes of pairs up to {}: {lose} lose, {win} win, {draw} draw",
            self.to
        )
    }

    /// The data: `game`, `to`, and `outcomes` (row b, column a: `win`, `lose`,
    /// `draw`, or null for a pair that is not a position).
    pub fn json(&self) -> Value {
        let rows: Vec<Vec<Option<&str>>> = self
            .outcomes
            .iter()
            .map(|row| row.iter().map(|o| o.map(Outcome::as_str)).collect())
            .collect();
        json!({"game": self.game, "to": self.to, "outcomes": rows})
    }
}

/// The outcome of every pair (a, b) with a, b <= `to`, for a game whose positions
/// are pairs of numbers.
pub fn outcome_map(game: &dyn DynGame, to: u64, budget: &Budget) -> Result<OutcomeMap> {
    if to == 0 || to > MAX_MAP {
        return Err(Error::Input(format!(
            "--to must be 1 to {MAX_MAP} for a map, not {to}"
        )));
    }
    let pair = |a: u64, b: u64| DynPosition::Ints(vec![a as i64, b as i64]);
    if let Err(e) = game.check(&pair(1, 1)) {
        return Err(Error::Input(format!(
            "a map needs a game whose positions are pairs a,b (euclid, wythoff, nim): {e}"
        )));
    }
    let mut outcomes = Vec::new();
    for b in 0..=to {
        let mut row = Vec::new();
        for a in 0..=to {
            let p = pair(a, b);
            row.push(match game.check(&p) {
                Ok(()) => Some(game.outcome(&p, Play::Normal, budget)?),
                Err(_) => None,
            });
        }
        outcomes.push(row);
    }
    Ok(OutcomeMap {
        game: game.name(),
        to,
        outcomes,
    })
}

/// The winner of the digit game for each start and number of turns.
#[derive(Clone, Debug)]
pub struct WinnerTable {
    /// The digits of a start (the starts are 0 to 10^width - 1).
    pub width: u32,
    /// Row M - 1, column start: the winner of the game of M turns from that start.
    pub winners: Vec<Vec<Winner>>,
}

impl WinnerTable {
    /// What the picture shows, in words.
    pub fn what(&self) -> String {
        let games: usize = self.winners.iter().map(Vec::len).sum();
        let first = self
            .winners
            .iter()
            .flatten()
            .filter(|&&w| w == Winner::First)
            .count();
        format!("winners of {games} games ({first} won by the first player)")
    }

    /// The data: `width`, and `winners` (row M - 1 for M turns, column the start:
    /// `first`, `second` or `none`).
    pub fn json(&self) -> Value {
        let rows: Vec<Vec<&str>> = self
            .winners
            .iter()
            .map(|row| row.iter().map(|w| w.as_str()).collect())
            .collect();
        json!({"width": self.width, "winners": rows})
    }
}

/// The digit game this table solves: its name, as the catalogue spells it.
const DIGITS: &str = "digits";

/// The width of a `digits[:width=W][,turns=M]` text, and its turns if given.
fn digits_spec(text: &str) -> Result<(u32, Option<u64>)> {
    let text = text.trim();
    let (family, params) = text.split_once(':').unwrap_or((text, ""));
    if family.trim() != DIGITS {
        return Err(Error::Input(format!(
            "a table is drawn for the digit game: digits[:width=W] (W = 1 to 3), not '{text}'"
        )));
    }
    let (mut width, mut turns) = (2u32, None);
    for kv in params.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| Error::Input(format!("'{kv}' is not key=value")))?;
        let v: u64 = v
            .trim()
            .parse()
            .map_err(|e| Error::Input(format!("{} must be a non-negative integer: {e}", k.trim())))?;
        match k.trim() {
            "width" => width = u32::try_from(v).unwrap_or(u32::MAX),
            "turns" => turns = Some(v),
            other => {
                return Err(Error::Input(format!(
                    "unknown digits parameter '{other}' (width, turns)"
                )))
            }
        }
    }
    if !(1..=3).contains(&width) {
        return Err(Error::Input(format!(
            "a table shows every start, so the width must be 1 to 3, not {width}"
        )));
    }
    Ok((width, turns))
}

/// The winners of the digit game `text` (`digits[:width=W][,turns=M]`) for every
/// start and every number of turns from 1 to `to` (else the text's turns, else
/// 20). It is a table of games, one per number of turns, so it takes the text.
pub fn winner_table(text: &str, to: Option<u64>, budget: &Budget) -> Result<WinnerTable> {
    let (width, turns) = digits_spec(text)?;
    let to = to.or(turns).unwrap_or(20);
    if to == 0 || to > MAX_TURNS {
        return Err(Error::Input(format!(
            "--to (the most turns) must be 1 to {MAX_TURNS}, not {to}"
        )));
    }
    let starts = 10u64.pow(width);
    if starts * to > MAX_TABLE_CELLS {
        return Err(Error::Input(format!(
            "{starts} starts x {to} turn counts is too much to solve (at most {MAX_TABLE_CELLS} cells); lower --to or the width"
        )));
    }
    let mut winners = Vec::new();
    for m in 1..=to {
        let game: Box<dyn DynGame> = parse_game(&format!("{DIGITS}:turns={m},width={width}"))?;
        let mut row = Vec::new();
        for start in 0..starts {
            let p = game.parse_position(&start.to_string())?;
            row.push(game.analyze(&p, Play::Normal, budget)?.outcome.winner());
        }
        winners.push(row);
    }
    Ok(WinnerTable { width, winners })
}

/// A picture written to a file: what `plot --json` prints.
#[derive(Clone, Debug)]
pub struct Picture {
    /// The GAME text as given.
    pub game: String,
    /// The file written.
    pub out: PathBuf,
    /// `PNG` or `SVG`.
    pub format: String,
    /// Its width in pixels.
    pub width: u32,
    /// Its height in pixels.
    pub height: u32,
    /// The file's size.
    pub bytes: usize,
    /// What it shows, in words (the data's `what()`).
    pub what: String,
}

impl Picture {
    /// `plot --json`.
    pub fn json(&self) -> Value {
        json!({
            "game": self.game,
            "out": self.out.display().to_string(),
            "format": self.format,
            "width": self.width,
            "height": self.height,
            "bytes": self.bytes,
            "what": self.what,
        })
    }
}
