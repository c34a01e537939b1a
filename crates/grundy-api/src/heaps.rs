//! Heap games: single heaps' values ([`values`]), the nim-sequence's period
//! ([`period`]) and the misère quotient ([`quotient`]).

use grundy::dynamic::{DynGame, HeapSequence, HeapValue, Period};
use grundy::games::canonical_name;
use grundy::{Budget, Task};
use grundy_octal::{
    letter, search_period, HeapRules, Method, MisereQuotient, PeriodSearch, QuotientLimits, SearchProgress,
};
use serde_json::{json, Value};

use crate::{Error, Result};

/// Single heaps' outcomes and nim-values.
#[derive(Clone, Debug)]
pub struct ValuesReport {
    /// The game's name.
    pub game: String,
    /// One entry per heap, in order.
    pub values: Vec<HeapValue>,
}

impl ValuesReport {
    /// `values --json`.
    pub fn json(&self) -> Value {
        json!({
            "game": self.game,
            "values": self.values.iter().map(|v| json!({
                "heap": v.heap, "outcome": v.outcome.as_str(), "nimber": v.nimber,
            })).collect::<Vec<_>>(),
        })
    }
}

/// The outcome and nim-value of each single heap from `from` to `to`.
pub fn values(game: &dyn DynGame, from: u64, to: u64, budget: &Budget) -> Result<ValuesReport> {
    Ok(ValuesReport {
        game: game.name(),
        values: game.heap_values(from, to, budget)?,
    })
}

/// A game's nim-sequence, as the seam gives it, with the game's canonical name.
pub struct SeqGame {
    /// The canonical GAME text, the same for every spelling of a game (`kayles`,
    /// `octal:0.77` and a game file of Kayles all give `octal:0.77`): computed from
    /// the rules, for checkpoint files and JSON.
    pub name: String,
    /// Where the values come from.
    pub sequence: HeapSequence,
}

impl SeqGame {
    /// The heap rules.
    pub fn rules(&self) -> &HeapRules {
        match &self.sequence {
            HeapSequence::Engine(rules) | HeapSequence::Periodic(rules, _) => rules,
        }
    }
}

/// The heap families of the catalogue that have a nim-sequence, for messages.
fn sequence_families() -> String {
    grundy_rules::catalogue()
        .families()
        .filter(|f| f.shape.is_heaps())
        .filter(|f| {
            // A family buildable without parameters shows whether it has a sequence.
            match f.params(Vec::new()).ok().and_then(|p| (f.build)(&p).ok()) {
                Some(game) => game.heap_sequence().is_some(),
                None => true,
            }
        })
        .map(|f| f.usage)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The nim-sequence of a heap game. A game without one (nim, euclid, board games)
/// is an [`Error::Unsupported`] naming `what` ("has no nim-sequence period") and
/// the families that have one. Games whose values grow prove their period here.
pub fn sequence(game: &dyn DynGame, what: &str) -> Result<SeqGame> {
    let Some(sequence) = game.heap_sequence() else {
        return Err(Error::Unsupported(format!(
            "{} {what} (it works for {})",
            game.name(),
            sequence_families()
        )));
    };
    let name = match &sequence {
        HeapSequence::Engine(rules) | HeapSequence::Periodic(rules, _) => canonical_name(rules),
    };
    Ok(SeqGame { name, sequence })
}

/// The period of a nim-sequence: proved, apparent, or none found.
#[derive(Clone, Debug)]
pub struct PeriodReport {
    /// The game's canonical name.
    pub game: String,
    /// (preperiod, period, saltus) when proved.
    pub proved: Option<(u64, u64, u64)>,
    /// Proved: values the proof used, G(0) .. G(checked_to - 1) (0 for a theorem
    /// that needs none). Not proved: values computed.
    pub checked_to: u64,
    /// An apparent (unproved) period: (preperiod, period).
    pub apparent: Option<(u64, u64)>,
    /// The rule in words, or why none was found.
    pub rule: String,
}

impl PeriodReport {
    /// `period --json`.
    pub fn json(&self) -> Value {
        let (e, p, saltus) = match self.proved {
            Some((e, p, s)) => (json!(e), json!(p), json!(s)),
            None => (json!(null), json!(null), json!(null)),
        };
        json!({
            "game": self.game,
            "preperiod": e,
            "period": p,
            "saltus": saltus,
            "checked_to": self.checked_to,
            "proved": self.proved.is_some(),
            "apparent": self.apparent.map(|(e, p)| json!({"preperiod": e, "period": p})),
            "rule": self.rule,
        })
    }
}

/// Values [`period`] computes at most unless told.
pub const PERIOD_MAX: u64 = 1_000_000;

/// Compute a heap game's nim-sequence until a period is proved (ultimately, or
/// arithmetic), `max` values are computed (default [`PERIOD_MAX`]) or the budget's
/// work is spent (options examined; [`Task::PeriodSearch`]'s by default);
/// `progress` hears how far the search has got. A raised flag of the budget stops
/// it with the budget's error.
pub fn period(
    game: &dyn DynGame,
    max: Option<u64>,
    method: Method,
    progress: &mut dyn FnMut(SearchProgress),
    budget: &Budget,
) -> Result<PeriodReport> {
    if max == Some(0) {
        return Err(Error::Input("--max must be at least 1".into()));
    }
    let game = sequence(game, "has no nim-sequence period")?;
    let max = max.unwrap_or(PERIOD_MAX);
    Ok(match &game.sequence {
        HeapSequence::Engine(rules) if grows(rules) => tail_period(&game.name, rules, max)?,
        HeapSequence::Engine(rules) => heap_period(&game.name, rules, method, max, progress, budget)?,
        HeapSequence::Periodic(rules, p) => proved_period(&game.name, rules, p, max),
    })
}

/// `n` and a noun, singular for 1.
fn count(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

fn heap_period(
    name: &str,
    rules: &HeapRules,
    method: Method,
    max: u64,
    progress: &mut dyn FnMut(SearchProgress),
    budget: &Budget,
) -> Result<PeriodReport> {
    let PeriodSearch {
        period,
        computed,
        stopped,
    } = search_period(rules, method, max, budget, progress)?;
    if let Some(over) = stopped
        .as_ref()
        .filter(|o| o.limit == grundy_budget::Limit::Cancelled)
    {
        return Err(Error::OverBudget(over.clone()));
    }
    let values = count(computed, "value");
    let name = name.to_string();
    // Said in the rule when the default budget ended the search.
    let budget = match &stopped {
        Some(over) => format!(
            " (stopped by the budget of {} options examined, at G({}); pass --max-work N to compute further)",
            over.allowed,
            computed - 1
        ),
        None => String::new(),
    };
    Ok(match period {
        Some(p) if p.proved => PeriodReport {
            game: name,
            proved: Some((p.preperiod(), p.period(), p.saltus())),
            checked_to: p.checked_to,
            apparent: None,
            rule: p.rule,
        },
        Some(p) => PeriodReport {
            game: name,
            proved: None,
            checked_to: computed,
            apparent: Some((p.preperiod(), p.period())),
            rule: format!("{}{budget}", p.rule),
        },
        None => PeriodReport {
            game: name,
            proved: None,
            checked_to: computed,
            apparent: None,
            rule: if grundy_octal::proof_bound(rules, 0, 1).is_none() {
                format!(
                    "{rules}: no period found in the {values} computed{budget}; none could be \
                     proved (no periodicity theorem is implemented for this game)."
                )
            } else if stopped.is_some() {
                format!("{rules}: no period found in the {values} computed{budget}.")
            } else {
                format!("{rules}: no period found in the {values} computed (raise --max).")
            },
        },
    })
}

/// A code with a tail digit whose period no theorem gives (all-but games and
/// Lasker's Nim prove theirs): its values grow past the engine's 16 bits, so
/// they are computed as numbers, and the arithmetic period they show (saltus
/// included) is reported as apparent, never as proved.
fn grows(rules: &HeapRules) -> bool {
    matches!(rules, HeapRules::Octal(c) if c.tail().is_some())
}

/// Values [`tail_period`] computes at most: every option of every heap (a
/// split tail examines the square of the heap), about a second.
pub const TAIL_VALUES: u64 = 1_000;

fn tail_period(name: &str, rules: &HeapRules, max: u64) -> Result<PeriodReport> {
    let values = grundy_octal::nim_values(rules, max.min(TAIL_VALUES))?;
    let computed = count(values.len() as u64, "value");
    let why = "not proved: no theorem of arithmetic periodicity is implemented for this code";
    let (apparent, rule) = match grundy_octal::apparent_arithmetic_period(&values) {
        Some(g) => (
            Some((g.preperiod(), g.period())),
            format!(
                "{rules}: {g} in the {computed} computed, saltus {}; {why}.",
                g.saltus()
            ),
        ),
        None => (
            None,
            format!("{rules}: no period found in the {computed} computed; {why}."),
        ),
    };
    Ok(PeriodReport {
        game: name.to_string(),
        proved: None,
        checked_to: values.len() as u64,
        apparent,
        rule,
    })
}

/// A period the game proved itself (all-but games: a repeated deciding state;
/// Lasker's Nim: the theorem). A proof that needed more than `max` values counts as
/// not found within `max`, as a search stopped there would.
fn proved_period(name: &str, rules: &HeapRules, p: &Period, max: u64) -> PeriodReport {
    let g = &p.periodic;
    if p.checked_to > max {
        let values = count(max, "value");
        return PeriodReport {
            rule: format!("{name}: no arithmetic period proved in the {values} computed (raise --max)."),
            game: name.to_string(),
            proved: None,
            checked_to: max,
            apparent: None,
        };
    }
    // The proof names the rules; the report names the game.
    let rule = match p.rule.strip_prefix(&format!("{rules}: ")) {
        Some(rest) => format!("{name}: {rest}"),
        None => format!("{name}: {g}; {}", p.rule),
    };
    PeriodReport {
        game: name.to_string(),
        proved: Some((g.preperiod(), g.period(), g.saltus())),
        checked_to: p.checked_to,
        apparent: None,
        rule,
    }
}

/// A misère quotient, proved.
pub struct QuotientReport {
    /// The game's canonical name.
    pub game: String,
    /// The quotient.
    pub quotient: MisereQuotient,
    /// Each heap's element (heap 1 first), as a word.
    pub heaps: Vec<String>,
    /// The P-portion's elements, as words.
    pub p_portion: Vec<String>,
}

impl QuotientReport {
    /// `quotient --json`.
    pub fn json(&self) -> Value {
        let q = &self.quotient;
        let stats = q.stats();
        let generators: Vec<_> = q
            .generators()
            .iter()
            .enumerate()
            .map(|(i, g)| json!({"letter": letter(i), "heap": g.heap}))
            .collect();
        let relations: Vec<_> = q
            .relations()
            .iter()
            .map(|(l, r)| json!([l.to_string(), r.to_string()]))
            .collect();
        let heaps: Vec<_> = self
            .heaps
            .iter()
            .enumerate()
            .map(|(i, w)| json!({"heap": i + 1, "element": w}))
            .collect();
        json!({
            "game": self.game,
            "max_heap": q.max_heap(),
            "order": q.order(),
            "presentation": q.presentation(),
            "generators": generators,
            "relations": relations,
            "p_portion": self.p_portion,
            "heaps": heaps,
            "stats": {
                "candidates": stats.candidates,
                "tests": stats.tests,
                "positions": stats.positions,
                "proof_states": stats.proof_states,
            },
        })
    }
}

/// The misère quotient (Plambeck–Siegel) of the sums of heaps 1 to `max_heap`,
/// proved, within the budget's work and positions ([`Task::Quotient`]'s by
/// default) and its memory ([`search_memory`]).
pub fn quotient(game: &dyn DynGame, max_heap: u64, budget: &Budget) -> Result<QuotientReport> {
    let game = sequence(game, "is not a heap game: a misère quotient is for sums of heaps")?;
    let limits = QuotientLimits {
        max_positions: budget.positions_usize(Task::Quotient),
        max_work: budget.work(Task::Quotient),
        max_bytes: search_memory(budget),
        ..QuotientLimits::default()
    };
    let q = MisereQuotient::compute(game.rules(), max_heap, limits)?;
    let heaps = (1..=q.max_heap())
        .map(|h| q.word(q.heap_element(h).expect("covered heap")).to_string())
        .collect();
    let p_portion = q.p_portion().iter().map(|w| w.to_string()).collect();
    Ok(QuotientReport {
        game: game.name,
        quotient: q,
        heaps,
        p_portion,
    })
}

/// What the program itself maps beside a search's tables (code, stacks, the
/// allocator's arenas): counted once a process, however many searches share it.
pub const PROGRAM_MEMORY: u64 = 256 << 20;

/// The bytes a search may give its own tables under `budget`: the limit less
/// [`PROGRAM_MEMORY`], with a quarter kept back for everything the search
/// allocates beside its tables.
pub fn search_memory(budget: &Budget) -> u64 {
    budget.max_memory.saturating_sub(PROGRAM_MEMORY) / 4 * 3
}

/// The nim-sequence G(`from`) .. G(`to`) of a heap game, as numbers for an array:
/// from the engine (a game with heap rules) or the proved period (a game whose
/// values grow), else the single heaps' values as [`values`] finds them. The
/// engine keeps every value while it computes, so the budget's memory bounds `to`.
pub fn nimbers(game: &dyn DynGame, from: u64, to: u64, method: Method, budget: &Budget) -> Result<Vec<u64>> {
    if from > to {
        return Err(Error::Input(format!("--from {from} is past --to {to}")));
    }
    // Two bytes a value in the engine and eight in the answer.
    let bytes = to.saturating_add(1).saturating_mul(10);
    if bytes > budget.max_memory {
        return Err(Error::OverBudget(Budget::over(
            grundy_budget::Limit::Memory,
            bytes,
            budget.max_memory,
            format!("the nim-values of heaps up to {to}"),
        )));
    }
    match game.heap_sequence() {
        Some(HeapSequence::Engine(rules)) => {
            let mut seq = grundy_octal::Sequence::new(rules, method);
            // A block at a time, within the budget's work and flag: values of
            // breaking games cost time growing with the heap.
            const BLOCK: u64 = 1 << 14;
            let allowed = budget.work(Task::HeapValues);
            let what = || format!("{}: the nim-values of heaps up to {to}", game.name());
            while seq.len() <= to {
                budget.cancel.check(what)?;
                seq.extend_to((seq.len() + BLOCK).min(to.saturating_add(1)), |_, _| {})?;
                budget.check_work(seq.stats().options, allowed, what())?;
            }
            Ok(seq.values()[from as usize..=to as usize]
                .iter()
                .map(|&v| u64::from(v))
                .collect())
        }
        Some(HeapSequence::Periodic(_, p)) => p
            .periodic
            .range(from, to)
            .ok_or_else(|| Error::Unsupported(format!("{}: a nim-value past 2^64", game.name()))),
        None => Ok(game
            .heap_values(from, to, budget)?
            .into_iter()
            .map(|v| v.nimber)
            .collect()),
    }
}
