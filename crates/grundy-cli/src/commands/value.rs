//! `grundy value GAME POSITION [--json] [--unicode]`: the canonical value of a
//! position and its temperature theory.

use anyhow::Result;
use grundy::dynamic::{DynGame, DynPosition};
use grundy::partizan::{GameId, Universe};
use grundy::Budget;
use serde_json::{json, Value};

use crate::load;

/// The value of a position.
#[derive(clap::Args)]
pub struct Args {
    /// The game: a partizan game (listed below; or a Luau script with left and
    /// right) or an impartial one (its value is *n).
    pub game: String,
    /// The position (see below).
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Write ups, downs and switches as ↑, ⇑, ↓, ± (default: ^, ^^, v, +-).
    #[arg(long)]
    pub unicode: bool,
    /// The most steps of work (position lookups, sums, comparisons, reductions of
    /// canonical forms) the value may take.
    #[arg(long, value_name = "STEPS", default_value_t = grundy::partizan::VALUE_WORK)]
    pub max_work: u64,
}

/// The value of `p` in `u`: its canonical form for a partizan game, `*n` for an
/// impartial game with nim-value n.
pub fn value_of(game: &dyn DynGame, p: &DynPosition, u: &mut Universe) -> Result<GameId> {
    if let Some(partizan) = game.partizan() {
        let g = partizan.value(p, u)?;
        if u.work_exhausted() {
            return Err(grundy::partizan::out_of_work(u).into());
        }
        return Ok(g);
    }
    let a = game.analyze(p, grundy::Play::Normal)?;
    match a.nimber {
        Some(n) if n > grundy_cgt::NIMBER_LIMIT => anyhow::bail!(
            "{}: the nim-value of {} is {n}, too large to build as a canonical form (*n has n options; at most *{})",
            game.name(),
            game.show(p),
            grundy_cgt::NIMBER_LIMIT
        ),
        Some(n) => Ok(u.nimber(n)),
        None if game.is_impartial() => anyhow::bail!(
            "{}: the nim-value of {} is not known (too many positions to search)",
            game.name(),
            game.show(p)
        ),
        None => anyhow::bail!(
            "{} is not a partizan game with Left and Right options, nor impartial: it has no value in canonical form",
            game.name()
        ),
    }
}

/// Run it.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    let game = load::game(&args.game, budget)?;
    let p = game.parse_position(&args.position)?;
    let mut u = Universe::new();
    u.set_memory_limit(budget.max_memory);
    u.set_work_limit(Some(args.max_work));
    let g = value_of(game.as_ref(), &p, &mut u)?;
    // Reduced forms and atomic weights are sums too: a fresh budget, checked.
    u.set_work_limit(Some(args.max_work));
    let facts = Facts::of(&mut u, g, args.unicode);
    if u.work_exhausted() {
        return Err(grundy::partizan::out_of_work(&u).into());
    }
    Ok(if args.json {
        let mut v = facts.json();
        v["game"] = json!(game.name());
        v["position"] = json!(p.to_string());
        format!("{v}\n")
    } else {
        let mut s = format!("game:          {}\n", game.name());
        crate::render::position_line(&mut s, game.as_ref(), &p);
        s.push_str(&facts.text());
        s
    })
}

/// Everything `value` reports of a game.
pub struct Facts {
    canonical: String,
    outcome_class: &'static str,
    number: bool,
    left_stop: String,
    right_stop: String,
    mean: String,
    temperature: String,
    birthday: u32,
    atomic_weight: Option<String>,
    reduced: String,
}

impl Facts {
    /// Compute them.
    pub fn of(u: &mut Universe, g: GameId, unicode: bool) -> Facts {
        let aw = u.atomic_weight(g);
        let reduced = u.reduced(g);
        Facts {
            canonical: u.display(g, unicode),
            outcome_class: outcome_class(u, g),
            number: u.as_number(g).is_some(),
            left_stop: u.left_stop(g).to_string(),
            right_stop: u.right_stop(g).to_string(),
            mean: u.mean(g).to_string(),
            temperature: u.temperature(g).to_string(),
            birthday: u.birthday(g),
            atomic_weight: aw.map(|a| u.display(a, unicode)),
            reduced: u.display(reduced, unicode),
        }
    }

    fn json(&self) -> Value {
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
        })
    }

    fn text(&self) -> String {
        let mut s = String::new();
        s.push_str(&format!("value:         {}\n", self.canonical));
        s.push_str(&format!(
            "outcome class: {} ({})\n",
            self.outcome_class,
            describe_class(self.outcome_class)
        ));
        if !self.number {
            s.push_str(&format!(
                "stops:         left {}, right {}\n",
                self.left_stop, self.right_stop
            ));
        }
        s.push_str(&format!("mean:          {}\n", self.mean));
        s.push_str(&format!("temperature:   {}\n", self.temperature));
        s.push_str(&format!("birthday:      {}\n", self.birthday));
        if let Some(aw) = &self.atomic_weight {
            s.push_str(&format!("atomic weight: {aw}\n"));
        }
        if self.reduced != self.canonical {
            s.push_str(&format!("reduced form:  {}\n", self.reduced));
        }
        s
    }
}

/// L, R, N or P.
pub fn outcome_class(u: &mut Universe, g: GameId) -> &'static str {
    match u.outcome(g) {
        grundy::partizan::OutcomeClass::L => "L",
        grundy::partizan::OutcomeClass::R => "R",
        grundy::partizan::OutcomeClass::N => "N",
        grundy::partizan::OutcomeClass::P => "P",
    }
}

fn describe_class(c: &str) -> &'static str {
    match c {
        "L" => "Left wins, whoever moves first",
        "R" => "Right wins, whoever moves first",
        "N" => "the player to move wins",
        _ => "the player to move loses",
    }
}
