//! Values of partizan positions: the canonical form and its temperature theory
//! ([`value`]), the thermograph ([`thermograph`]), and the calculator ([`calc`]).

use grundy::dynamic::{DynGame, DynPosition};
use grundy::partizan::{Dyadic, GameId, OutcomeClass, Universe, Wall};
use grundy::{Budget, Task};
use grundy_cgt::calc::{evaluate, CalcValue};
use serde_json::{json, Value};

use crate::{Error, Result};

/// L, R, N or P.
pub fn outcome_class(u: &mut Universe, g: GameId) -> &'static str {
    match u.outcome(g) {
        OutcomeClass::L => "L",
        OutcomeClass::R => "R",
        OutcomeClass::N => "N",
        OutcomeClass::P => "P",
    }
}

/// A loopy outcome class by its name: CGSuite's.
pub fn loopy_class(o: grundy_cgt::loopy::LoopyOutcome) -> &'static str {
    use grundy_cgt::loopy::LoopyOutcome::*;
    match o {
        L => "L",
        R => "R",
        N => "N",
        P => "P",
        D => "D",
        NHat => "NHat",
        PHat => "PHat",
        PCheck => "PCheck",
        NCheck => "NCheck",
    }
}

/// The value of `p` in `u`: its canonical form for a partizan game, `*n` for an
/// impartial game with nim-value n.
pub fn value_of(game: &dyn DynGame, p: &DynPosition, u: &mut Universe, budget: &Budget) -> Result<GameId> {
    value_or_loopy(game, p, u, budget)?.map_err(|v| {
        Error::Unsupported(format!(
            "{}: the value of {} is the loopy {}, not a short game's canonical form (`grundy value` shows it)",
            game.name(),
            game.show(p),
            grundy_cgt::loopy::display(&v, u)
        ))
    })
}

/// [`value_of`], or the loopy value of a position of a loopy game (its
/// positions repeat) when that is no short game. A loopy value that is a short
/// game (`*`, `{4*|7/2}`) is that game in `u`, as any other.
fn value_or_loopy(
    game: &dyn DynGame,
    p: &DynPosition,
    u: &mut Universe,
    budget: &Budget,
) -> Result<std::result::Result<GameId, grundy_cgt::loopy::Loopy>> {
    if let Some(partizan) = game.partizan() {
        let g = match partizan.value(p, u, budget) {
            Err(grundy::GameError::Loopy(_)) => {
                let v = partizan.loopy_value(p, budget)?;
                match v.is_short().then(|| v.onside().to_short(u)).flatten() {
                    Some(g) => g,
                    None => return Ok(Err(v)),
                }
            }
            g => g?,
        };
        if u.work_exhausted() {
            return Err(grundy::partizan::out_of_work(u).into());
        }
        return Ok(Ok(g));
    }
    let a = game.analyze(p, grundy::Play::Normal, budget)?;
    match a.nimber {
        Some(n) if n > grundy_cgt::NIMBER_LIMIT => Err(Error::Unsupported(format!(
            "{}: the nim-value of {} is {n}, too large to build as a canonical form (*n has n options; at most *{})",
            game.name(),
            game.show(p),
            grundy_cgt::NIMBER_LIMIT
        ))),
        Some(n) => Ok(Ok(u.nimber(n))),
        None if game.is_impartial() => Err(Error::Unsupported(format!(
            "{}: the nim-value of {} is not known (too many positions to search)",
            game.name(),
            game.show(p)
        ))),
        None => Err(Error::Unsupported(format!(
            "{} is not a partizan game with Left and Right options, nor impartial: it has no value in canonical form",
            game.name()
        ))),
    }
}

/// Everything `value` reports of a position.
#[derive(Clone, Debug)]
pub struct ValueReport {
    /// The game's name.
    pub game: String,
    /// The position, in POSITION syntax.
    pub position: String,
    /// The canonical form.
    pub canonical: String,
    /// L, R, N or P.
    pub outcome_class: &'static str,
    /// The value is a number.
    pub number: bool,
    /// Left's stop.
    pub left_stop: String,
    /// Right's stop.
    pub right_stop: String,
    /// The mean value.
    pub mean: String,
    /// The temperature.
    pub temperature: String,
    /// The birthday.
    pub birthday: u32,
    /// The atomic weight, for an infinitesimal that has one.
    pub atomic_weight: Option<String>,
    /// The reduced canonical form (infinitesimals dropped).
    pub reduced: String,
    /// A loopy value that is not a short game (a stopper such as `on` or
    /// `over`, a sided value `G & H`): `canonical` and `outcome_class` (which may
    /// be D or one of CGSuite's loopy classes) are its; the stops, mean,
    /// temperature, birthday and reduced form are short games' and are empty.
    pub loopy: bool,
}

impl ValueReport {
    /// `value --json`.
    pub fn json(&self) -> Value {
        if self.loopy {
            return json!({
                "canonical": self.canonical,
                "outcome_class": self.outcome_class,
                "loopy": true,
                "game": self.game,
                "position": self.position,
            });
        }
        json!({
            "canonical": self.canonical,
            "outcome_class": self.outcome_class,
            "mean": self.mean,
            "temperature": self.temperature,
            "left_stop": self.left_stop,
            "right_stop": self.right_stop,
            "birthday": self.birthday,
            "atomic_weight": self.atomic_weight,
            "reduced_canonical_form": self.reduced,
            "game": self.game,
            "position": self.position,
        })
    }
}

/// The canonical value of a position and its temperature theory, within the
/// budget's work ([`Task::Value`]'s steps by default: lookups, sums, comparisons,
/// reductions) and memory; `unicode` writes ↑, ⇑, ↓, ± for ^, ^^, v, +-.
pub fn value(game: &dyn DynGame, position: &str, unicode: bool, budget: &Budget) -> Result<ValueReport> {
    let p = game.parse_position(position)?;
    let max_work = budget.work(Task::Value);
    let mut u = Universe::new();
    u.set_budget(budget);
    u.set_work_limit(Some(max_work));
    let g = match value_or_loopy(game, &p, &mut u, budget)? {
        Ok(g) => g,
        // A loopy value that is no short game: reported as it is.
        Err(v) => {
            let outcome = v.outcome(budget).map_err(|e| Error::Unsupported(e.to_string()))?;
            return Ok(ValueReport {
                game: game.name(),
                position: p.to_string(),
                canonical: grundy_cgt::loopy::display(&v, &mut u),
                outcome_class: loopy_class(outcome),
                number: false,
                left_stop: String::new(),
                right_stop: String::new(),
                mean: String::new(),
                temperature: String::new(),
                birthday: 0,
                atomic_weight: None,
                reduced: String::new(),
                loopy: true,
            });
        }
    };
    // Reduced forms and atomic weights are sums too: a fresh budget, checked.
    u.set_work_limit(Some(max_work));
    let aw = u.atomic_weight(g);
    let reduced = u.reduced(g);
    let report = ValueReport {
        game: game.name(),
        position: p.to_string(),
        canonical: u.display(g, unicode),
        outcome_class: outcome_class(&mut u, g),
        number: u.as_number(g).is_some(),
        left_stop: u.left_stop(g).to_string(),
        right_stop: u.right_stop(g).to_string(),
        mean: u.mean(g).to_string(),
        temperature: u.temperature(g).to_string(),
        birthday: u.birthday(g),
        atomic_weight: aw.map(|a| u.display(a, unicode)),
        reduced: u.display(reduced, unicode),
        loopy: false,
    };
    if u.work_exhausted() {
        return Err(grundy::partizan::out_of_work(&u).into());
    }
    Ok(report)
}

/// A thermograph, ready to draw.
#[derive(Clone, Debug)]
pub struct ThermographReport {
    /// What was drawn: `GAME POSITION`, or the value as typed.
    pub title: String,
    /// The value in CGSuite notation.
    pub value: String,
    /// The value with ↑, ⇑, ↓, ±, for a picture's title.
    pub value_unicode: String,
    /// The mast's value (the mean), exact.
    pub mean: String,
    /// Where the walls meet the mast, exact.
    pub temperature: String,
    /// The left wall's corners, (temperature, value) from the bottom.
    pub left: Vec<(f64, f64)>,
    /// The right wall's corners.
    pub right: Vec<(f64, f64)>,
    /// The mast's value as a float.
    pub mast: f64,
    /// The temperature as a float.
    pub temperature_f64: f64,
}

impl ThermographReport {
    /// The thermograph's own keys: `value`, `mean`, `temperature`.
    pub fn json(&self) -> Value {
        json!({
            "value": self.value,
            "mean": self.mean,
            "temperature": self.temperature,
        })
    }

    /// `thermograph --json`: [`ThermographReport::json`] with the picture drawn
    /// of it, `out` (the file) and `bytes` (its size).
    pub fn json_written(&self, out: &std::path::Path, bytes: usize) -> Value {
        let mut v = self.json();
        v["out"] = json!(out.display().to_string());
        v["bytes"] = json!(bytes);
        v
    }

    /// [`ThermographReport::json`] with the walls and the mast as numbers, for a
    /// page that draws them: `left` and `right` (lists of `[temperature, value]`)
    /// and `mast`.
    pub fn json_with_walls(&self) -> Value {
        let mut v = self.json();
        v["left"] = json!(self.left);
        v["right"] = json!(self.right);
        v["mast"] = json!(self.mast);
        v
    }
}

fn float(d: Dyadic) -> f64 {
    d.numerator() as f64 / 2f64.powi(d.exponent() as i32)
}

/// The thermograph of a position's value, within the budget as for [`value`].
pub fn thermograph(game: &dyn DynGame, position: &str, budget: &Budget) -> Result<ThermographReport> {
    let p = game.parse_position(position)?;
    let mut u = universe(budget);
    u.set_work_limit(Some(budget.work(Task::Value)));
    let g = value_of(game, &p, &mut u, budget)?;
    thermograph_in(&mut u, g, format!("{} {}", game.name(), p))
}

/// The thermograph of a value typed in CGSuite notation (`{2|-1}`).
pub fn thermograph_of_value(text: &str, budget: &Budget) -> Result<ThermographReport> {
    let mut u = universe(budget);
    let g = u.parse(text).map_err(|e| Error::Input(e.to_string()))?;
    thermograph_in(&mut u, g, text.to_string())
}

/// A universe within the budget's memory; a value typed as text (`{a}±{b}±{c}`) is
/// built with sums, so its work is bounded like calc's.
fn universe(budget: &Budget) -> Universe {
    let mut u = Universe::new();
    u.set_budget(budget);
    u.set_work_limit(Some(budget.work(Task::Calc)));
    u
}

fn thermograph_in(u: &mut Universe, g: GameId, title: String) -> Result<ThermographReport> {
    let t = u.thermograph(g);
    // A form too deep for the stack (or past the budget) stops the thermograph's
    // recursion: what it returned then is meaningless.
    if u.work_exhausted() {
        return Err(grundy::partizan::out_of_work(u).into());
    }
    let wall = |w: &Wall| -> Vec<(f64, f64)> {
        w.corners
            .iter()
            .map(|&(temp, v)| (float(temp), float(v)))
            .collect()
    };
    Ok(ThermographReport {
        title,
        value: u.display(g, false),
        value_unicode: u.display(g, true),
        mean: t.mast.to_string(),
        temperature: t.temperature.to_string(),
        left: wall(&t.left),
        right: wall(&t.right),
        mast: float(t.mast),
        temperature_f64: float(t.temperature),
    })
}

/// The longest value [`calc`] writes out, in bytes.
const MAX_TEXT: u64 = 10_000_000;

/// An expression's value.
#[derive(Clone, Debug)]
pub struct CalcReport {
    /// The expression as given.
    pub expression: String,
    /// The value: a game in CGSuite notation, or true/false for a comparison.
    pub value: Value,
}

impl CalcReport {
    /// `calc --json`.
    pub fn json(&self) -> Value {
        json!({"expression": self.expression, "value": self.value})
    }
}

/// Evaluate an expression on values (sums, comparisons, cooling, heating, and
/// positions of any game as `name(position)`, loaded as [`crate::builtin_game`]
/// loads them), within the budget's work ([`Task::Calc`]'s steps by default) and
/// memory.
pub fn calc(expression: &str, unicode: bool, budget: &Budget) -> Result<CalcReport> {
    calc_with(
        expression,
        unicode,
        &|name, b| crate::builtin_game(name, b),
        budget,
    )
}

/// [`calc`] of an expression in loopy notation (`on`, `over`, `pass`, `a{0|a}`,
/// `G & H`).
fn loopy_calc(expression: &str, u: &mut Universe, budget: &Budget) -> Result<CalcReport> {
    use grundy_cgt::loopy::{evaluate, Answer, CalcError, LoopyError};
    let value = match evaluate(expression, u, budget) {
        Ok(Answer::Value(s)) => json!(s),
        Ok(Answer::Bool(b)) => json!(b),
        Err(CalcError::Value(LoopyError::OverBudget(over))) => return Err(Error::OverBudget(over)),
        Err(e) => {
            return Err(match grundy_cgt::calc::over_budget(u) {
                Some(over) => Error::OverBudget(over),
                None => Error::Input(e.to_string()),
            })
        }
    };
    Ok(CalcReport {
        expression: expression.to_string(),
        value,
    })
}

/// How [`calc_with`] loads the game of `name(position)`.
pub type Loader = dyn Fn(&str, &Budget) -> Result<Box<dyn DynGame>>;

/// [`calc`] with the loader of `name(position)`'s games given: the CLI's also
/// reads game files.
pub fn calc_with(expression: &str, unicode: bool, load: &Loader, budget: &Budget) -> Result<CalcReport> {
    let mut u = Universe::new();
    u.set_budget(budget);
    u.set_work_limit(Some(budget.work(Task::Calc)));
    if grundy_cgt::loopy::mentions_loopy(expression) {
        return loopy_calc(expression, &mut u, budget);
    }
    let mut resolve = |name: &str, position: &str, u: &mut Universe| -> Result<GameId, String> {
        let game = load(name, budget).map_err(|e| e.to_string())?;
        let p = game.parse_position(position).map_err(|e| e.to_string())?;
        value_of(game.as_ref(), &p, u, budget).map_err(|e| e.to_string())
    };
    let v =
        evaluate(expression, &mut u, &mut resolve).map_err(|e| match grundy_cgt::calc::over_budget(&u) {
            Some(over) => Error::OverBudget(over),
            None => Error::Input(e.to_string()),
        })?;
    let value = match v {
        CalcValue::Game(g) => json!(u.display_within(g, unicode, MAX_TEXT).map_err(|len| {
            Error::Unsupported(if len == u64::MAX {
                "the value's notation nests more than a thousand braces deep; it is not printed".to_string()
            } else {
                format!("the value's notation is {len} characters long, more than {MAX_TEXT} (its canonical form shares parts that the notation writes out each time)")
            })
        })?),
        CalcValue::UpStar { x, ups, star } => json!(grundy_cgt::calc::up_star_text(x, ups, star, unicode)),
        CalcValue::Bool(b) => json!(b),
    };
    Ok(CalcReport {
        expression: expression.to_string(),
        value,
    })
}
