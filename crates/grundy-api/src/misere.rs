//! The misère simplest form of an impartial position and its genus
//! ([`misere_value`]), from `grundy_octal`'s [`MisereUniverse`].

use std::collections::HashMap;

use grundy::dynamic::{DynGame, DynPosition, HeapSequence};
use grundy::{Budget, Task};
use grundy_budget::Limit;
use grundy_octal::{FormId, MisereUniverse};
use serde_json::{json, Value};

use crate::{Error, Result};

/// Everything `value --misere` reports of a position.
#[derive(Clone, Debug)]
pub struct MisereReport {
    /// The game's name.
    pub game: String,
    /// The position, in POSITION syntax.
    pub position: String,
    /// The misère simplest form in CGSuite's notation (`*[(32)321]`), or a short
    /// description when the notation is too long to print.
    pub canonical: String,
    /// The genus, `g^γ0γ1…` (`0^120`).
    pub genus: String,
    /// The misère outcome: "P" (the player to move loses) or "N".
    pub outcome_class: &'static str,
    /// The misère nim-value (γ0).
    pub misere_nim_value: u32,
    /// The normal-play nim-value (g).
    pub nim_value: u32,
    /// The birthday of the simplest form.
    pub birthday: u32,
    /// The form is a nim-heap: its size.
    pub nim_heap: Option<u32>,
}

impl MisereReport {
    /// `value --misere --json`.
    pub fn json(&self) -> Value {
        json!({
            "game": self.game,
            "position": self.position,
            "misere_canonical_form": self.canonical,
            "genus": self.genus,
            "outcome_class": self.outcome_class,
            "misere_nim_value": self.misere_nim_value,
            "nim_value": self.nim_value,
            "birthday": self.birthday,
            "nim_heap": self.nim_heap,
        })
    }
}

/// The misère simplest form of an impartial position (Conway's reduction), its
/// genus and misère outcome, within the budget's work ([`Task::Value`]'s steps by
/// default: forms reduced and sums expanded) and positions (positions valued).
/// A heap game's position is valued heap by heap and summed; any other impartial
/// game by walking its game tree.
pub fn misere_value(game: &dyn DynGame, position: &str, budget: &Budget) -> Result<MisereReport> {
    let p = game.parse_position(position)?;
    if !game.is_impartial() {
        return Err(Error::Unsupported(format!(
            "{} is not impartial: misère canonical forms are for impartial games",
            game.name()
        )));
    }
    let what = || format!("the misère canonical form of {} {}", game.name(), game.show(&p));
    let mut u = MisereUniverse::new(budget);
    let form = match (game.heap_sequence(), &p) {
        (Some(sequence), DynPosition::Ints(heaps)) if heaps.iter().all(|&h| h >= 0) => {
            let rules = match sequence {
                HeapSequence::Engine(rules) | HeapSequence::Periodic(rules, _) => rules,
            };
            let largest = heaps.iter().copied().max().unwrap_or(0) as u64;
            let forms = u.heaps(&rules, largest).map_err(|e| renamed(e, &what()))?;
            u.sum_of(heaps.iter().map(|&h| forms[h as usize]))
                .map_err(|e| renamed(e, &what()))?
        }
        _ => walk(game, &p, &mut u, budget, &what)?,
    };
    let genus = u.genus(form);
    Ok(MisereReport {
        game: game.name(),
        position: p.to_string(),
        canonical: u.display(form),
        genus: genus.to_string(),
        outcome_class: if u.is_p(form) { "P" } else { "N" },
        misere_nim_value: genus.misere[0],
        nim_value: genus.normal,
        birthday: u.birthday(form),
        nim_heap: u.as_nimber(form),
    })
}

fn renamed(mut e: grundy_budget::OverBudget, what: &str) -> Error {
    e.what = what.to_string();
    Error::OverBudget(e)
}

/// The form of `start` from its game tree, bottom-up with an explicit stack (a
/// game can be longer than the thread's stack is deep).
fn walk(
    game: &dyn DynGame,
    start: &DynPosition,
    u: &mut MisereUniverse,
    budget: &Budget,
    what: &dyn Fn() -> String,
) -> Result<FormId> {
    let max_positions = budget.positions(Task::Value);
    let mut forms: HashMap<DynPosition, FormId> = HashMap::default();
    // A position on the stack and its options, listed once.
    let mut stack: Vec<(DynPosition, Vec<DynPosition>)> = Vec::new();
    let mut on_stack: HashMap<DynPosition, ()> = HashMap::default();
    let options = game.options(start, budget)?;
    on_stack.insert(start.clone(), ());
    stack.push((start.clone(), options));
    while let Some((p, options)) = stack.pop() {
        match options.iter().find(|o| !forms.contains_key(*o)).cloned() {
            Some(o) if on_stack.contains_key(&o) => {
                return Err(Error::Unsupported(format!(
                    "{}: {} can come back to {}, and misère canonical forms are for games that end",
                    game.name(),
                    game.show(&p),
                    game.show(&o)
                )));
            }
            Some(o) => {
                let next = game.options(&o, budget)?;
                stack.push((p, options));
                on_stack.insert(o.clone(), ());
                stack.push((o, next));
            }
            None => {
                let ids: Vec<FormId> = options.iter().map(|o| forms[o]).collect();
                let form = u.game(&ids).map_err(|e| renamed(e, &what()))?;
                on_stack.remove(&p);
                forms.insert(p, form);
                if forms.len() as u64 > max_positions {
                    return Err(Error::OverBudget(Budget::over(
                        Limit::Positions,
                        forms.len() as u64,
                        max_positions,
                        what(),
                    )));
                }
            }
        }
    }
    Ok(forms[start])
}
