//! `grundy period GAME [--max N] [--json]`: compute a heap game's nim-sequence until
//! it is proved (ultimately, or arithmetic) periodic.
//!
//! Octal and hexadecimal codes, subtraction games, Grundy's game and the split game
//! go to the `grundy-octal` engine (Guy–Smith theorem; window argument for
//! subtraction games; no theorem for Grundy's game or the split game). All-but games
//! go to the core, which proves an arithmetic period (with a saltus).

use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use grundy::games::AllBut;
use grundy_octal::{find_period_in, HeapRules, Method, OctalCode, Sequence};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::json;

use crate::load;

/// Find the period of a heap game's nim-sequence.
#[derive(clap::Args)]
pub struct Args {
    /// The game: octal:CODE, hex:CODE, kayles, dawson, grundy, split, subtraction:S or allbut:E.
    pub game: String,
    /// Give up (unproved) after computing this many values.
    #[arg(long, default_value_t = 1_000_000)]
    pub max: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// A game whose nim-sequence can be computed value after value.
#[derive(Clone, Debug)]
pub enum SeqGame {
    /// Handled by the `grundy-octal` engine.
    Heap(HeapRules),
    /// An all-but game, handled by the core (values grow: arithmetic periodic).
    AllBut(AllBut),
}

impl SeqGame {
    /// The canonical GAME text, the same for every spelling of a game
    /// (`kayles` and `octal:0.77` both give `octal:0.77`).
    pub fn name(&self) -> String {
        match self {
            SeqGame::Heap(HeapRules::Octal(code)) => {
                let s = code.to_string();
                if code.is_hex() {
                    format!("hex:{}", s.trim_start_matches("0x"))
                } else {
                    format!("octal:{s}")
                }
            }
            SeqGame::Heap(HeapRules::Subtraction(set)) => format!("subtraction:{}", join(set)),
            SeqGame::Heap(rules) => rules.to_string(),
            SeqGame::AllBut(g) => format!("allbut:{}", join(g.excluded())),
        }
    }
}

fn join(xs: &[u64]) -> String {
    xs.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

const SEQ_GAMES: &str = "octal:CODE, hex:CODE, kayles, dawson, grundy, split, subtraction:S, allbut:E";

/// Reads GAME as a game with a nim-sequence. A game the core knows but that has no
/// single-heap sequence (nim, euclid, wythoff, digits, rule files) is a one-line error
/// naming `what` (e.g. "has no nim-sequence period").
pub fn seq_game(text: &str, what: &str) -> Result<SeqGame> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    if let Some(e) = lower
        .strip_prefix("allbut:")
        .or_else(|| (lower == "allbut").then_some(""))
    {
        let set = e
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                s.parse::<u64>()
                    .map_err(|_| anyhow!("allbut: '{s}' is not a non-negative integer"))
            })
            .collect::<Result<Vec<u64>>>()?;
        return Ok(SeqGame::AllBut(AllBut::new(&set)?));
    }
    // The code as typed (the engine's errors quote it), after a case-blind prefix.
    let after = |prefix: &str| lower.starts_with(prefix).then(|| t[prefix.len()..].trim());
    if let Some(code) = after("octal:") {
        return Ok(SeqGame::Heap(HeapRules::Octal(OctalCode::parse(code)?)));
    }
    if let Some(code) = after("hex:") {
        let code = code.strip_prefix("0x").unwrap_or(code);
        return Ok(SeqGame::Heap(HeapRules::Octal(OctalCode::parse(&format!(
            "0x{code}"
        ))?)));
    }
    match HeapRules::parse(t) {
        Ok(rules) => Ok(SeqGame::Heap(rules)),
        Err(parse_err) => {
            let looks_like_heap_game = !grundy_rules::is_rule_file(t)
                && (t.contains('.')
                    || lower.starts_with("0x")
                    || lower.starts_with("s(")
                    || lower.starts_with("sub:")
                    || lower.starts_with("subtraction:"));
            if looks_like_heap_game {
                // A malformed code or subtraction set: the engine's message names the bad part.
                return Err(parse_err.into());
            }
            load::game(t)?;
            bail!("{t} {what} (it works for {SEQ_GAMES})")
        }
    }
}

/// A progress bar on stderr, drawn only when stderr is a terminal.
pub fn progress_bar(len: u64, unit: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{spinner}} [{{elapsed_precise}}] {{wide_bar}} {{human_pos}}/{{human_len}} {unit} ({{per_sec}}, eta {{eta}}) {{msg}}"
        ))
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
    /// Proved: values the proof used. Not proved: values computed.
    checked_to: u64,
    computed: u64,
    /// An apparent (unproved) period: (preperiod, period).
    apparent: Option<(u64, u64)>,
    rule: String,
}

/// Run it.
pub fn run(args: Args) -> Result<String> {
    if args.max == 0 {
        bail!("--max must be at least 1");
    }
    let game = seq_game(&args.game, "has no nim-sequence period")?;
    let found = match &game {
        SeqGame::Heap(rules) => heap_period(&game, rules, args.max)?,
        SeqGame::AllBut(g) => allbut_period(&game, g, args.max),
    };
    Ok(if args.json {
        json_text(&found)
    } else {
        plain_text(&found)
    })
}

fn heap_period(game: &SeqGame, rules: &HeapRules, max: u64) -> Result<Found> {
    let bar = progress_bar(max, "values");
    let mut seq = Sequence::new(rules.clone(), Method::Auto);
    // find_period_in computes at most G(0..=max_n): max_n + 1 values.
    let result = find_period_in(&mut seq, max - 1, |n, _| {
        if n % 4096 == 0 {
            bar.set_position(n);
        }
    });
    bar.finish_and_clear();
    let period = result?;
    let computed = seq.len();
    let name = game.name();
    Ok(match period {
        Some(p) if p.proved => Found {
            game: name,
            proved: Some((p.preperiod, p.period, 0)),
            checked_to: p.checked_to,
            computed,
            apparent: None,
            rule: p.rule,
        },
        Some(p) => Found {
            game: name,
            proved: None,
            checked_to: computed,
            computed,
            apparent: Some((p.preperiod, p.period)),
            rule: p.rule,
        },
        None => Found {
            game: name,
            proved: None,
            checked_to: computed,
            computed,
            apparent: None,
            rule: if grundy_octal::proof_bound(rules, 0, 1).is_none() {
                format!(
                    "{rules}: no period found in the {computed} values computed; none could be proved \
                     (no periodicity theorem is implemented for this game)."
                )
            } else {
                format!("{rules}: no period found in the {computed} values computed (raise --max).")
            },
        },
    })
}

fn allbut_period(game: &SeqGame, g: &AllBut, max: u64) -> Found {
    let name = game.name();
    let bar = spinner("all-but game: computing values, looking for a repeated deciding state");
    let found = g.period(max - 1);
    bar.finish_and_clear();
    match found {
        Some(p) => {
            let rule = if p.saltus == 0 {
                format!(
                    "{name}: G(n + {}) = G(n) for every n >= {}, proved by a repeated deciding state after {} values.",
                    p.period, p.preperiod, p.checked_to
                )
            } else {
                format!(
                    "{name}: G(n + {}) = G(n) + {} for every n >= {}, proved by a repeated deciding state after {} values.",
                    p.period, p.saltus, p.preperiod, p.checked_to
                )
            };
            Found {
                game: name,
                proved: Some((p.preperiod, p.period, p.saltus)),
                checked_to: p.checked_to,
                computed: max,
                apparent: None,
                rule,
            }
        }
        None => Found {
            rule: format!("{name}: no arithmetic period proved in the {max} values computed (raise --max)."),
            game: name,
            proved: None,
            checked_to: max,
            computed: max,
            apparent: None,
        },
    }
}

fn plain_text(f: &Found) -> String {
    let mut s = format!("game:        {}\n", f.game);
    match f.proved {
        Some((e, p, saltus)) => {
            s += &format!("preperiod:   {e}\nperiod:      {p}\nsaltus:      {saltus}\n");
            s += &format!(
                "checked to:  {} (the proof uses G(0) .. G({}))\n",
                f.checked_to,
                f.checked_to.saturating_sub(1)
            );
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
            s += &format!("checked to:  {} values computed\n", f.checked_to);
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
        "computed": f.computed,
        "proved": f.proved.is_some(),
        "apparent": f.apparent.map(|(e, p)| json!({"preperiod": e, "period": p})),
        "rule": f.rule,
    });
    format!("{v}\n")
}
