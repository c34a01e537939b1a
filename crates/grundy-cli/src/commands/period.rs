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

use anyhow::Result;
use grundy::Budget;
use grundy_api::PeriodReport;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::commands::values::MethodArg;
use crate::load;
use crate::progress::spinner;
use crate::render::count;

/// Find the period of a heap game's nim-sequence.
#[derive(clap::Args)]
pub struct Args {
    /// The game: a heap game with a nim-sequence (listed below) or a game file of one.
    pub game: String,
    /// Give up (unproved) after computing this many values (default 1000000).
    #[arg(long)]
    pub max: Option<u64>,
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

/// Run it.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    let game = load::game(&args.game, budget)?;
    // Values and work are both bounded, so no --max runs away (three-heap codes
    // cost O(n V / 64) word operations a value for values below V).
    let max = args.max.unwrap_or(grundy_api::PERIOD_MAX);
    let (spin, bar) = (
        spinner("looking for the nim-sequence: proving a period where the game has one"),
        work_bar(),
    );
    let found = grundy_api::period(
        game.as_ref(),
        args.max,
        args.method.method(),
        &mut |p| {
            spin.finish_and_clear();
            bar.set_length(p.forecast);
            bar.set_position(p.options);
            bar.set_message(format!("G(n) for n < {} of {max}", p.computed));
        },
        budget,
    );
    spin.finish_and_clear();
    bar.finish_and_clear();
    let found = found?;
    Ok(if args.json {
        crate::render::json_line(&found.json())
    } else {
        plain_text(&found)
    })
}

/// The first `n` values, as the rules write them: `G(0) .. G(n - 1)`.
fn span(n: u64) -> String {
    match n {
        0 => "none".to_string(),
        1 => "G(0)".to_string(),
        n => format!("G(0) .. G({})", n - 1),
    }
}

fn plain_text(f: &PeriodReport) -> String {
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
    // An exclusion far out makes a code of millions of digits (allbut:..,10000000):
    // a rule past a thousand characters is cut; `--json` keeps it whole.
    const RULE_LIMIT: usize = 1000;
    let n = f.rule.chars().count();
    if n > RULE_LIMIT {
        let head: String = f.rule.chars().take(RULE_LIMIT).collect();
        s += &format!("rule:        {head}… ({n} characters; --json gives it whole)\n");
    } else {
        s += &format!("rule:        {}\n", f.rule);
    }
    s
}
