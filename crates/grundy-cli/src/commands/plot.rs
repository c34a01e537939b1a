//! `grundy plot GAME --kind sequence|map|table --out FILE [--to N] [--size WxH]`.

use grundy::Budget;
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::ValueEnum;
use grundy::dynamic::{parse_game, DynGame, DynPosition};
use grundy::{Outcome, Play, Winner};
use grundy_plot::{
    render_grid, render_sequence, Category, Format, Grid, Guide, PeriodMark, Sequence, Size, DRAW_COLOR,
    FIRST_COLOR, LOSE_COLOR, SECOND_COLOR, WIN_COLOR,
};

use crate::load;

/// Draw a game as PNG or SVG.
#[derive(clap::Args)]
pub struct Args {
    /// Print what was written as one JSON object (file, format, size, bytes).
    #[arg(long)]
    pub json: bool,
    /// The game: a heap game (sequence), a two-number game (map), or the digit game
    /// `digits[:width=W]` (table).
    pub game: String,
    /// What to draw.
    #[arg(long, value_enum)]
    pub kind: Kind,
    /// The image file to write: `.png` or `.svg`.
    #[arg(long)]
    pub out: PathBuf,
    /// How far: the last heap (sequence, default 100), the largest number of a pair
    /// (map, default 100), the most turns (table, default 20).
    #[arg(long)]
    pub to: Option<u64>,
    /// The image size in pixels, WIDTHxHEIGHT.
    #[arg(long, default_value = "800x600", value_name = "WxH")]
    pub size: String,
}

/// What `plot` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Kind {
    /// Nim-value against heap size, with a proved period marked (heap games).
    Sequence,
    /// The outcome of every pair (a, b) up to N (two-number games: euclid, wythoff, ...).
    Map,
    /// The winner of the digit game for each start and number of turns.
    Table,
}

/// The largest `--to` for each kind.
const MAX_SEQUENCE: u64 = 100_000;
const MAX_MAP: u64 = 2_000;
const MAX_TURNS: u64 = 200;
/// Start positions times turn counts a table may solve.
const MAX_TABLE_CELLS: u64 = 20_000;

/// The golden ratio, for the guide lines of Euclid's and Wythoff's maps.
const PHI: f64 = 1.618_033_988_749_895;

/// Run it.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    // Cheap checks first: no work is done for a file that cannot be written.
    let format = Format::from_path(&args.out)?;
    let size: Size = args.size.parse()?;
    let (bytes, what) = match args.kind {
        Kind::Sequence => sequence(&args.game, args.to.unwrap_or(100), format, size, budget)?,
        Kind::Map => map(&args.game, args.to.unwrap_or(100), format, size, budget)?,
        Kind::Table => table(&args.game, args.to, format, size, budget)?,
    };
    crate::output::write_whole(&args.out, &bytes)?;
    let format = match format {
        Format::Png => "PNG",
        Format::Svg => "SVG",
    };
    if args.json {
        let v = serde_json::json!({
            "game": args.game,
            "out": args.out.display().to_string(),
            "format": format,
            "width": size.width,
            "height": size.height,
            "bytes": bytes.len(),
            "what": what,
        });
        return Ok(format!("{v}\n"));
    }
    Ok(format!(
        "wrote {} ({format} {}x{}): {what}\n",
        args.out.display(),
        size.width,
        size.height
    ))
}

fn sequence(text: &str, to: u64, format: Format, size: Size, budget: &Budget) -> Result<(Vec<u8>, String)> {
    if to > MAX_SEQUENCE {
        bail!("--to {to} is too large for a sequence (at most {MAX_SEQUENCE})");
    }
    let game = load::game(text, budget)?;
    let values: Vec<u64> = game
        .heap_values(0, to, budget)?
        .iter()
        .map(|v| v.nimber)
        .collect();
    let period = match game.period(budget) {
        Some(Ok(Some(s))) => Some(PeriodMark {
            preperiod: s.periodic.preperiod(),
            period: s.periodic.period(),
            saltus: s.periodic.saltus(),
        }),
        _ => None,
    };
    let title = match &period {
        Some(p) if p.saltus == 0 => format!(
            "{}: nim-values (period {} from n = {})",
            game.name(),
            p.period,
            p.preperiod
        ),
        Some(p) => format!(
            "{}: nim-values (period {}, saltus {}, from n = {})",
            game.name(),
            p.period,
            p.saltus,
            p.preperiod
        ),
        None => format!("{}: nim-values (no period proved)", game.name()),
    };
    let what = format!("nim-values of heaps 0..={to}");
    let s = Sequence {
        title,
        values,
        period,
    };
    Ok((render_sequence(&s, format, size)?, what))
}

fn map(text: &str, to: u64, format: Format, size: Size, budget: &Budget) -> Result<(Vec<u8>, String)> {
    if to == 0 || to > MAX_MAP {
        bail!("--to must be 1 to {MAX_MAP} for a map, not {to}");
    }
    let game = load::game(text, budget)?;
    let pair = |a: u64, b: u64| DynPosition::Ints(vec![a as i64, b as i64]);
    if let Err(e) = game.check(&pair(1, 1)) {
        bail!("a map needs a game whose positions are pairs a,b (euclid, wythoff, nim): {e}");
    }
    let mut seen = [0u64; 3];
    let mut cells = Vec::new();
    for b in 0..=to {
        let mut row = Vec::new();
        for a in 0..=to {
            let p = pair(a, b);
            if game.check(&p).is_err() {
                row.push(None);
                continue;
            }
            let k = match game.outcome(&p, Play::Normal, budget)? {
                Outcome::Lose => 0,
                Outcome::Win => 1,
                Outcome::Draw => 2,
            };
            seen[k] += 1;
            row.push(Some(k));
        }
        cells.push(row);
    }
    let guides = if game.capabilities().theory.is_some() {
        vec![
            Guide {
                label: "b = a·φ".into(),
                slope: PHI,
            },
            Guide {
                label: "b = a/φ".into(),
                slope: 1.0 / PHI,
            },
        ]
    } else {
        Vec::new()
    };
    let grid = Grid {
        title: format!("{}: outcome of (a, b) for the player to move", game.name()),
        x_label: "a".into(),
        y_label: "b".into(),
        x0: 0,
        y0: 0,
        cells,
        categories: vec![
            Category {
                label: "lose (P-position)".into(),
                color: LOSE_COLOR,
            },
            Category {
                label: "win (N-position)".into(),
                color: WIN_COLOR,
            },
            Category {
                label: "draw".into(),
                color: DRAW_COLOR,
            },
        ],
        guides,
    };
    let what = format!(
        "outcomes of pairs up to {to}: {} lose, {} win, {} draw",
        seen[0], seen[1], seen[2]
    );
    Ok((render_grid(&grid, format, size)?, what))
}

/// The width of a `digits[:width=W][,turns=M]` text, and its turns if given.
fn digits_spec(text: &str) -> Result<(u32, Option<u64>)> {
    let text = text.trim();
    let (family, params) = text.split_once(':').unwrap_or((text, ""));
    if family.trim() != "digits" {
        bail!("a table is drawn for the digit game: digits[:width=W] (W = 1 to 3), not '{text}'");
    }
    let (mut width, mut turns) = (2u32, None);
    for kv in params.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (k, v) = kv
            .split_once('=')
            .with_context(|| format!("'{kv}' is not key=value"))?;
        let v: u64 = v
            .trim()
            .parse()
            .with_context(|| format!("{} must be a non-negative integer", k.trim()))?;
        match k.trim() {
            "width" => width = u32::try_from(v).unwrap_or(u32::MAX),
            "turns" => turns = Some(v),
            other => bail!("unknown digits parameter '{other}' (width, turns)"),
        }
    }
    if !(1..=3).contains(&width) {
        bail!("a table shows every start, so the width must be 1 to 3, not {width}");
    }
    Ok((width, turns))
}

fn table(
    text: &str,
    to: Option<u64>,
    format: Format,
    size: Size,
    budget: &Budget,
) -> Result<(Vec<u8>, String)> {
    let (width, turns) = digits_spec(text)?;
    let to = to.or(turns).unwrap_or(20);
    if to == 0 || to > MAX_TURNS {
        bail!("--to (the most turns) must be 1 to {MAX_TURNS}, not {to}");
    }
    let starts = 10u64.pow(width);
    if starts * to > MAX_TABLE_CELLS {
        bail!(
            "{starts} starts x {to} turn counts is too much to solve (at most {MAX_TABLE_CELLS} cells); lower --to or the width"
        );
    }
    let mut cells = Vec::new();
    let mut first = 0u64;
    for m in 1..=to {
        let game: Box<dyn DynGame> = parse_game(&format!("digits:turns={m},width={width}"))?;
        let mut row = Vec::new();
        for start in 0..starts {
            let p = game.parse_position(&start.to_string())?;
            let k = match game.analyze(&p, Play::Normal, budget)?.outcome.winner() {
                Winner::First => 0,
                Winner::Second => 1,
                Winner::None => 2,
            };
            first += u64::from(k == 0);
            row.push(Some(k));
        }
        cells.push(row);
    }
    let grid = Grid {
        title: format!("digits (width {width}): the winner by start and number of turns"),
        x_label: "starting number".into(),
        y_label: "turns M".into(),
        x0: 0,
        y0: 1,
        cells,
        categories: vec![
            Category {
                label: "first player wins".into(),
                color: FIRST_COLOR,
            },
            Category {
                label: "second player wins".into(),
                color: SECOND_COLOR,
            },
            Category {
                label: "draw".into(),
                color: DRAW_COLOR,
            },
        ],
        guides: Vec::new(),
    };
    let what = format!(
        "winners of {} games ({first} won by the first player)",
        starts * to
    );
    Ok((render_grid(&grid, format, size)?, what))
}
