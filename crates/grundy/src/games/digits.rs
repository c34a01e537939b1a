use std::sync::{Arc, Mutex};

use rustc_hash::FxHashMap;

use crate::catalogue::{Family, Kind, Param, Params, Shape, Syntax, Value};
use crate::dynamic::{Analyze, ClosedForm, Codec, DynPosition};
use crate::dynamic::{Builtin, DynGame};
use crate::solve::{Evaluation, LayeredGame};
use crate::Play;
use crate::{Game, GameError, Outcome};

/// The digit game: a `width`-digit number (leading zeros kept) and `turns` turns.
/// Players alternately add 1 to one digit of their choice (9 becomes 0). After the
/// last turn the first player wins if the number is strictly greater than the
/// starting number, else the second player wins.
///
/// Every line of play lasts exactly the remaining turns, so the remoteness is the
/// number of turns left; only the outcome needs solving. The payoff depends on who
/// is to move, so a position carries the turns played and the starting number.
#[derive(Clone)]
pub struct Digits {
    turns: u64,
    width: u32,
    /// The layers swept so far, shared by clones: a strategy tree asks for the
    /// layers of one start again and again (each a sweep of 10^width numbers).
    swept: Arc<Mutex<Swept>>,
}

impl PartialEq for Digits {
    fn eq(&self, other: &Self) -> bool {
        (self.turns, self.width) == (other.turns, other.width)
    }
}

impl Eq for Digits {}

impl std::fmt::Debug for Digits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Digits")
            .field("turns", &self.turns)
            .field("width", &self.width)
            .finish()
    }
}

/// The layers of one start: `layers[k]` is the layer with k turns left.
#[derive(Default)]
struct Swept {
    start: Option<u32>,
    /// `increments[d][c]`: number c with digit d increased.
    increments: Vec<Vec<u32>>,
    layers: Vec<Arc<Vec<bool>>>,
}

/// Layers kept per start: enough for a strategy tree's depth, and at most
/// 10^7 bytes each.
const SWEPT_LAYERS: usize = 24;

/// A position of the digit game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DigitsPosition {
    /// The current number.
    pub number: u32,
    /// Turns played so far; the first player moves when this is even.
    pub played: u64,
    /// The number the game started from.
    pub start: u32,
}

impl DigitsPosition {
    /// The starting position for `start`.
    pub fn start(start: u32) -> Self {
        DigitsPosition {
            number: start,
            played: 0,
            start,
        }
    }
}

/// Widths beyond this make a layer of 10^width positions too big to sweep.
pub const MAX_WIDTH: u32 = 7;

impl Digits {
    /// The game with `turns` turns on `width`-digit numbers.
    pub fn new(turns: u64, width: u32) -> Result<Self, GameError> {
        if width == 0 || width > MAX_WIDTH {
            return Err(GameError::parameter(
                "digits",
                format!("width must be 1 to {MAX_WIDTH}, not {width}"),
            ));
        }
        Ok(Digits {
            turns,
            width,
            swept: Arc::default(),
        })
    }

    /// The number of turns.
    pub fn turns(&self) -> u64 {
        self.turns
    }

    /// The number of digits.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// How many numbers there are: 10^width.
    pub fn numbers(&self) -> u32 {
        10u32.pow(self.width)
    }

    /// Check that a position belongs to this game.
    pub fn check(&self, p: &DigitsPosition) -> Result<(), String> {
        let n = self.numbers();
        if p.number >= n || p.start >= n {
            return Err(format!("numbers must have at most {} digits", self.width));
        }
        if p.played > self.turns {
            return Err(format!("only {} turns are played", self.turns));
        }
        // Each turn adds 1 to one digit: digit i was raised k_i times with
        // k_i = (number_i - start_i) mod 10 (plus tens), and the k_i add up to the
        // turns played. Other numbers are never reached from this start.
        let least: u64 = (0..self.width)
            .map(|d| {
                let unit = 10u32.pow(d);
                u64::from((p.number / unit % 10 + 10 - p.start / unit % 10) % 10)
            })
            .sum();
        if least > p.played || !(p.played - least).is_multiple_of(10) {
            return Err(format!(
                "{:0w$} is not reached from {:0w$} in {} turns: each turn adds 1 to one digit, so it takes {least} turns (or 10, 20, ... more)",
                p.number,
                p.start,
                p.played,
                w = self.width as usize
            ));
        }
        Ok(())
    }

    /// `number` with digit `d` (0 = units) increased by one, 9 wrapping to 0.
    #[inline]
    pub fn increment(number: u32, d: u32) -> u32 {
        let unit = 10u32.pow(d);
        if (number / unit) % 10 == 9 {
            number - 9 * unit
        } else {
            number + unit
        }
    }

    /// For every number: does the player to move win with `turns_left` turns to go,
    /// in a game that started from `start`?
    ///
    /// Sweeps back from the last turn, one layer at a time. The sweep is a fixed map
    /// applied to the last layer, so it repeats; a repeat is detected and skipped,
    /// which makes any number of turns cheap.
    pub fn layer(&self, start: u32, turns_left: u64) -> Arc<Vec<bool>> {
        let n = self.numbers() as usize;
        let mut swept = self.swept.lock().unwrap_or_else(|e| e.into_inner());
        if swept.increments.is_empty() {
            swept.increments = (0..self.width)
                .map(|d| (0..n as u32).map(|c| Self::increment(c, d)).collect())
                .collect();
        }
        if swept.start != Some(start) {
            // At the end the player to move is the first player iff `turns` is even.
            let first_moves_last = self.turns.is_multiple_of(2);
            let last: Vec<bool> = (0..n as u32).map(|c| (c > start) == first_moves_last).collect();
            swept.start = Some(start);
            swept.layers = vec![Arc::new(last)];
        }
        if let Some(layer) = swept.layers.get(turns_left as usize) {
            return layer.clone();
        }
        // Sweep on from the last layer kept, keeping the first few.
        let Swept {
            increments, layers, ..
        } = &mut *swept;
        let mut layer = layers.last().expect("the last turn's layer").as_ref().clone();
        let mut k = layers.len() as u64 - 1;
        let mut seen: FxHashMap<Vec<bool>, u64> = FxHashMap::default();
        while k < turns_left {
            if layers.len() == SWEPT_LAYERS {
                if let Some(&earlier) = seen.get(&layer) {
                    let cycle = k - earlier;
                    let remaining = (turns_left - k) % cycle;
                    for _ in 0..remaining {
                        layer = Self::sweep(&layer, increments);
                    }
                    return Arc::new(layer);
                }
                // Layers are only remembered while few (at most about 1 GiB of
                // them): a cycle shows up early in practice.
                if seen.len() < (4096).min((1 << 30) / n) {
                    seen.insert(layer.clone(), k);
                }
            }
            layer = Self::sweep(&layer, increments);
            k += 1;
            if layers.len() < SWEPT_LAYERS {
                layers.push(Arc::new(layer.clone()));
                if let Some(earlier) = layers[..layers.len() - 1].iter().position(|l| **l == layer) {
                    // The kept layers already cycle: answer from them.
                    let cycle = k - earlier as u64;
                    let at = earlier as u64 + (turns_left - earlier as u64) % cycle;
                    return layers[at as usize].clone();
                }
            }
        }
        Arc::new(layer)
    }

    fn sweep(next: &[bool], inc: &[Vec<u32>]) -> Vec<bool> {
        (0..next.len())
            .map(|c| inc.iter().any(|t| !next[t[c] as usize]))
            .collect()
    }

    /// Outcome and remoteness of a position.
    pub fn evaluate(&self, p: &DigitsPosition) -> Evaluation {
        let left = self.turns - p.played;
        let win = self.layer(p.start, left)[p.number as usize];
        Evaluation {
            outcome: if win { Outcome::Win } else { Outcome::Lose },
            remoteness: Some(left),
        }
    }

    /// Every winning move of a position.
    pub fn winning_moves(&self, p: &DigitsPosition) -> Vec<DigitsPosition> {
        let left = self.turns - p.played;
        if left == 0 {
            return Vec::new();
        }
        let next = self.layer(p.start, left - 1);
        (0..self.width)
            .map(|d| DigitsPosition {
                number: Self::increment(p.number, d),
                played: p.played + 1,
                start: p.start,
            })
            .filter(|o| !next[o.number as usize])
            .collect()
    }

    /// The game seen as layers for the generic [`crate::solve::solve_layers`].
    pub fn layered(&self, start: u32) -> DigitsLayers {
        DigitsLayers {
            game: self.clone(),
            start,
        }
    }
}

impl Game for Digits {
    type Position = DigitsPosition;
    fn options(&self, p: &DigitsPosition, out: &mut Vec<DigitsPosition>) -> Result<(), GameError> {
        if p.played < self.turns {
            for d in 0..self.width {
                out.push(DigitsPosition {
                    number: Self::increment(p.number, d),
                    played: p.played + 1,
                    start: p.start,
                });
            }
        }
        Ok(())
    }

    fn terminal(&self, p: &DigitsPosition) -> Result<Option<Outcome>, GameError> {
        if p.played < self.turns {
            return Ok(None);
        }
        let first_to_move = p.played.is_multiple_of(2);
        let first_wins = p.number > p.start;
        Ok(Some(if first_wins == first_to_move {
            Outcome::Win
        } else {
            Outcome::Lose
        }))
    }
}

/// The digit game from one starting number, as layers (layer = turns played).
#[derive(Clone, Debug)]
pub struct DigitsLayers {
    game: Digits,
    start: u32,
}

impl LayeredGame for DigitsLayers {
    fn last_layer(&self) -> usize {
        self.game.turns as usize
    }
    fn layer_size(&self, _layer: usize) -> usize {
        self.game.numbers() as usize
    }
    fn terminal(&self, layer: usize, index: usize) -> Option<Outcome> {
        let p = DigitsPosition {
            number: index as u32,
            played: layer as u64,
            start: self.start,
        };
        Game::terminal(&self.game, &p).expect("native games do not fail")
    }
    fn for_each_option(&self, _layer: usize, index: usize, mut visit: impl FnMut(usize)) {
        for d in 0..self.game.width {
            visit(Digits::increment(index as u32, d) as usize);
        }
    }
}

/// The digit game with a move counter.
pub(crate) const FAMILY: Family = Family {
    name: "digits",
    usage: "digits:turns=M[,width=D]",
    summary: "a D-digit number (default 4) and M turns; add 1 to a digit (9->0); the first player wins if the number ends strictly above the start",
    position: "N (a start) or number,played,start",
    params: &[
        Param {
            key: "turns",
            kind: Kind::Int { min: 0, max: u64::MAX },
            default: None,
            help: "how many turns are played",
        },
        Param {
            key: "width",
            kind: Kind::Int { min: 1, max: MAX_WIDTH as u64 },
            default: Some(Value::Int(4)),
            help: "how many digits the number has",
        },
    ],
    example: Some(("digits:turns=3,width=2", "19")),
    syntax: Syntax::KeyValue,
    shape: Shape::Other,
    claims: None,
    build,
};

fn build(p: &Params) -> Result<Box<dyn DynGame>, GameError> {
    let turns = p
        .int("turns")
        .ok_or_else(|| GameError::parameter("digits", "turns=M is required, e.g. digits:turns=3"))?;
    let width = p.int("width").unwrap_or(4) as u32;
    Ok(Box::new(Builtin::new(Digits::new(turns, width)?)))
}

// The dynamic seam: what this family answers without search.
impl Codec for DigitsPosition {
    fn encode(&self) -> DynPosition {
        DynPosition::Ints(vec![self.number as i64, self.played as i64, self.start as i64])
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        let ints = p.ints().ok_or("expected N or number,played,start")?;
        let small = |x: i64| u32::try_from(x).map_err(|_| format!("{x} is not a number of at most 9 digits"));
        match *ints {
            [n] => Ok(DigitsPosition::start(small(n)?)),
            [number, played, start] => Ok(DigitsPosition {
                number: small(number)?,
                played: u64::try_from(played).map_err(|_| format!("{played} turns played is negative"))?,
                start: small(start)?,
            }),
            _ => Err(format!(
                "expected N or number,played,start; got {} numbers",
                ints.len()
            )),
        }
    }
}

impl Analyze for Digits {
    fn name(&self) -> String {
        format!("digits:turns={},width={}", self.turns(), self.width())
    }
    /// The number's digits in a row (a click on one adds 1 to it), with the turn
    /// and the number to beat.
    fn board(&self, p: &DigitsPosition) -> Option<crate::dynamic::Board> {
        use crate::dynamic::{Board, Cell};
        let width = self.width() as usize;
        let digits = format!("{:0width$}", p.number);
        let cells = digits.chars().map(Cell::mark).collect();
        let note = if p.played >= self.turns() {
            format!(
                "after the last of {} turns; it started at {:0width$}",
                self.turns(),
                p.start
            )
        } else {
            format!(
                "turn {} of {}; the first player wins if the number ends above {:0width$}",
                p.played + 1,
                self.turns(),
                p.start
            )
        };
        let board = Board::grid(vec![cells], vec![String::new()], Board::letters(width)).note(note);
        Some(board)
    }
    /// The digit raised, as its column letter (`b` adds 1 to the second digit).
    fn name_move(&self, from: &DigitsPosition, to: &DigitsPosition) -> Option<String> {
        let width = self.width() as usize;
        let (a, b) = (
            format!("{:0width$}", from.number),
            format!("{:0width$}", to.number),
        );
        let changed: Vec<usize> = (0..width)
            .filter(|&i| a.as_bytes()[i] != b.as_bytes()[i])
            .collect();
        match changed[..] {
            [i] => Some(format!("+1 at {}", crate::dynamic::column_letter(i))),
            _ => None,
        }
    }
    fn impartial(&self) -> bool {
        false
    }
    fn nim_value(&self, _p: &DigitsPosition, _limit: usize) -> Option<Result<u64, GameError>> {
        None
    }
    fn check(&self, p: &DigitsPosition) -> Result<(), String> {
        Digits::check(self, p)
    }
    fn search_size(&self, p: &DigitsPosition) -> Option<u128> {
        Some((self.turns() - p.played) as u128 * self.numbers() as u128)
    }
    fn ends_by_rule(&self) -> bool {
        // The last turn ends it, never a player without a move: misère play is refused.
        true
    }

    fn closed_form(&self, p: &DigitsPosition, _play: Play) -> Option<ClosedForm<DigitsPosition>> {
        let e = self.evaluate(p);
        Some(ClosedForm {
            outcome: e.outcome,
            remoteness: e.remoteness,
            winning_moves: self.winning_moves(p),
            winning_moves_note: None,
            rule: "layer-by-layer sweep back from the last turn (cycles of layers skipped)".into(),
        })
    }
}
