//! `grundy period GAME [--max N] [--json]`: compute a heap game's nim-sequence until
//! it is proved (ultimately, or arithmetic) periodic.
//!
//! GAME is read by the one front door (`load::game`: built-in games and game files);
//! the game says through the seam (`DynGame::heap_sequence`) where its nim-sequence
//! comes from. `HeapSequence::Engine` streams it from the `grundy-octal` engine
//! (Guy–Smith theorem; window argument for subtraction games; no theorem for
//! Grundy's game or the split game), `HeapSequence::Periodic` is a period the game
//! has proved (all-but games, Lasker's Nim).

use std::time::Duration;

use anyhow::{bail, Result};
use grundy::dynamic::{HeapSequence, Period};
use grundy::games::canonical_name;
use grundy::Budget;
use grundy_octal::{search_period, HeapRules, Method, PeriodSearch};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::json;

use crate::commands::values::MethodArg;
use crate::load;
use crate::render::count;

/// Find the period of a heap game's nim-sequence.
#[derive(clap::Args)]
pub struct Args {
    /// The game: a heap game with a nim-sequence (listed below) or a game file of one.
    pub game: String,
    /// Give up (unproved) after computing this many values (default 1000000).
    #[arg(long)]
    pub max: Option<u64>,
    /// Give up (unproved) after examining this many options (default 4·10^9: a few
    /// seconds here). The values of games with breaking moves cost time growing with
    /// the heap, so a large --max alone does not bound the time; this does.
    #[arg(long, value_name = "OPTIONS")]
    pub max_work: Option<u64>,
    /// Print one JSON object: game, preperiod, period, saltus (null unless proved),
    /// checked_to (proved: the values G(0) .. G(checked_to - 1) the proof uses, 0 for a
    /// theorem; not proved: the values computed), proved, apparent (not proved: the
    /// preperiod and period the computed values show, else null) and rule.
    #[arg(long)]
    pub json: bool,
    /// How the values are computed: auto (the default) switches between the
    /// sparse-space and the naive method as the share of rare heaps changes; naive or
    /// sparse forces one. The values and the period are the same.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    pub method: MethodArg,
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

/// Reads GAME as a game with a nim-sequence. A game without one (nim, euclid,
/// wythoff, digits, board games, scripts) is a one-line error naming `what`
/// (e.g. "has no nim-sequence period").
pub fn seq_game(text: &str, what: &str, budget: &Budget) -> Result<SeqGame> {
    // The one front door; the catalogue also reads the engine's spellings
    // (`.07`, `0x0.F6`, `S(1,3,4)`, `sub:1,3,4`).
    let game = load::game(text, budget)?;
    // Games whose values grow prove their period here (all-but: a repeated deciding state).
    let bar = spinner("looking for the nim-sequence: proving a period where the game has one");
    let sequence = game.heap_sequence();
    bar.finish_and_clear();
    let Some(sequence) = sequence else {
        bail!("{} {what} (it works for {})", text.trim(), sequence_families());
    };
    let name = match &sequence {
        HeapSequence::Engine(rules) | HeapSequence::Periodic(rules, _) => canonical_name(rules),
    };
    Ok(SeqGame { name, sequence })
}

/// A progress bar on stderr, drawn only when stderr is a terminal.
pub fn progress_bar(len: u64, unit: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    bar.set_style(crate::progress::with_rate(
        ProgressStyle::with_template(&format!(
            "{{spinner}} [{{elapsed_precise}}] {{wide_bar}} {{human_pos}}/{{human_len}} {unit} ({{rate}}, eta {{eta}}) {{msg}}"
        ))
        .expect("a valid template"),
    ));
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// A bar on stderr (drawn only when stderr is a terminal) that advances in work
/// done and says in its message how far the values have got.
fn work_bar() -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(1), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {wide_bar} {msg} (eta {eta})")
            .expect("a valid template"),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// A spinner on stderr (drawn only when stderr is a terminal), for work without a count.
pub fn spinner(msg: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}").expect("a valid template"),
    );
    bar.set_message(msg.to_string());
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// The outcome of a period search, ready to print.
struct Found {
    game: String,
    /// (preperiod, period, saltus) when proved.
    proved: Option<(u64, u64, u64)>,
    /// Proved: values the proof used, G(0) .. G(checked_to - 1) (0 for a theorem
    /// that needs none). Not proved: values computed.
    checked_to: u64,
    /// An apparent (unproved) period: (preperiod, period).
    apparent: Option<(u64, u64)>,
    rule: String,
}

/// Run it.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    if args.max == Some(0) {
        bail!("--max must be at least 1");
    }
    let method = args.method.method();
    let game = seq_game(&args.game, "has no nim-sequence period", budget)?;
    // Values and work are both bounded, so no --max runs away (three-heap codes
    // cost O(n V / 64) word operations a value for values below V).
    let max = args.max.unwrap_or(DEFAULT_MAX);
    let work = args.max_work;
    let found = match &game.sequence {
        HeapSequence::Engine(rules) => heap_period(&game.name, rules, method, max, work)?,
        HeapSequence::Periodic(rules, p) => proved_period(&game.name, rules, p, max),
    };
    Ok(if args.json {
        json_text(&found)
    } else {
        plain_text(&found)
    })
}

/// Values `period` computes at most without `--max`.
const DEFAULT_MAX: u64 = 1_000_000;

/// The search is the library's ([`grundy_octal::search_period`], its work bounded by
/// `--max-work`, else [`grundy_octal::PERIOD_SEARCH_WORK`]); here, the bar and the words.
fn heap_period(name: &str, rules: &HeapRules, method: Method, max: u64, work: Option<u64>) -> Result<Found> {
    let bar = work_bar();
    let budget = Budget {
        max_work: work,
        ..Budget::default()
    };
    let result = search_period(rules, method, max, &budget, |p| {
        bar.set_length(p.forecast);
        bar.set_position(p.options);
        bar.set_message(format!("G(n) for n < {} of {max}", p.computed));
    });
    bar.finish_and_clear();
    let PeriodSearch {
        period,
        computed,
        stopped,
    } = result?;
    let values = count(computed, "value");
    let name = name.to_string();
    // Said in the rule (text and JSON) when the default budget ended the search.
    let budget = match &stopped {
        Some(over) => format!(
            " (stopped by the budget of {} options examined, at G({}); pass --max-work N to compute further)",
            over.allowed,
            computed - 1
        ),
        None => String::new(),
    };
    Ok(match period {
        Some(p) if p.proved => Found {
            game: name,
            proved: Some((p.preperiod(), p.period(), p.saltus())),
            checked_to: p.checked_to,
            apparent: None,
            rule: p.rule,
        },
        Some(p) => Found {
            game: name,
            proved: None,
            checked_to: computed,
            apparent: Some((p.preperiod(), p.period())),
            rule: format!("{}{budget}", p.rule),
        },
        None => Found {
            game: name,
            proved: None,
            checked_to: computed,
            apparent: None,
            rule: if grundy_octal::proof_bound(rules, 0, 1).is_none() {
                format!(
                    "{rules}: no period found in the {values} computed{budget}; none could be \
                     proved (no periodicity theorem is implemented for this game)."
                )
            } else {
                if stopped.is_some() {
                    format!("{rules}: no period found in the {values} computed{budget}.")
                } else {
                    format!("{rules}: no period found in the {values} computed (raise --max).")
                }
            },
        },
    })
}

/// A period the game proved itself (all-but games: a repeated deciding state;
/// Lasker's Nim: the theorem). A proof that needed more than --max values counts as
/// not found within --max, as a search stopped there would.
fn proved_period(name: &str, rules: &HeapRules, p: &Period, max: u64) -> Found {
    let g = &p.periodic;
    if p.checked_to > max {
        let values = count(max, "value");
        return Found {
            rule: format!("{name}: no arithmetic period proved in the {values} computed (raise --max)."),
            game: name.to_string(),
            proved: None,
            checked_to: max,
            apparent: None,
        };
    }
    // The proof names the rules; the output names the game.
    let rule = match p.rule.strip_prefix(&format!("{rules}: ")) {
        Some(rest) => format!("{name}: {rest}"),
        None => format!("{name}: {g}; {}", p.rule),
    };
    Found {
        game: name.to_string(),
        proved: Some((g.preperiod(), g.period(), g.saltus())),
        checked_to: p.checked_to,
        apparent: None,
        rule,
    }
}

/// The first `n` values, as the rules write them: `G(0) .. G(n - 1)`.
fn span(n: u64) -> String {
    match n {
        0 => "none".to_string(),
        1 => "G(0)".to_string(),
        n => format!("G(0) .. G({})", n - 1),
    }
}

fn plain_text(f: &Found) -> String {
    let mut s = format!("game:        {}\n", f.game);
    match f.proved {
        Some((e, p, saltus)) => {
            s += &format!("preperiod:   {e}\nperiod:      {p}\nsaltus:      {saltus}\n");
            s += &match f.checked_to {
                0 => "checked to:  no values needed (a theorem)\n".to_string(),
                n => format!(
                    "checked to:  {}, {}: what the proof uses\n",
                    count(n, "value"),
                    span(n)
                ),
            };
            s += "proved:      yes\n";
        }
        None => {
            match f.apparent {
                Some((e, p)) => {
                    s += &format!(
                    "preperiod:   none proved (apparently {e})\nperiod:      none proved (apparently {p})\n"
                )
                }
                None => s += "preperiod:   none found\nperiod:      none found\n",
            }
            s += &format!(
                "checked to:  {} computed, {}\n",
                count(f.checked_to, "value"),
                span(f.checked_to)
            );
            s += "proved:      no\n";
        }
    }
    s += &format!("rule:        {}\n", f.rule);
    s
}

fn json_text(f: &Found) -> String {
    let (e, p, saltus) = match f.proved {
        Some((e, p, s)) => (json!(e), json!(p), json!(s)),
        None => (json!(null), json!(null), json!(null)),
    };
    let v = json!({
        "game": f.game,
        "preperiod": e,
        "period": p,
        "saltus": saltus,
        "checked_to": f.checked_to,
        "proved": f.proved.is_some(),
        "apparent": f.apparent.map(|(e, p)| json!({"preperiod": e, "period": p})),
        "rule": f.rule,
    });
    format!("{v}\n")
}
