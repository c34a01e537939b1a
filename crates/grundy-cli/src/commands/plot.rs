//! `grundy plot GAME --kind sequence|map|table --out FILE [--to N] [--size WxH]`.

use grundy::Budget;
use std::path::PathBuf;

use anyhow::Result;
use clap::ValueEnum;
use grundy::{Outcome, Winner};
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
    let picture = grundy_api::Picture {
        game: args.game,
        out: args.out,
        format: match format {
            Format::Png => "PNG",
            Format::Svg => "SVG",
        }
        .into(),
        width: size.width,
        height: size.height,
        bytes: bytes.len(),
        what,
    };
    if args.json {
        return Ok(crate::render::json_line(&picture.json()));
    }
    Ok(format!(
        "wrote {} ({} {}x{}): {}\n",
        picture.out.display(),
        picture.format,
        picture.width,
        picture.height,
        picture.what
    ))
}

fn sequence(text: &str, to: u64, format: Format, size: Size, budget: &Budget) -> Result<(Vec<u8>, String)> {
    let game = load::game(text, budget)?;
    let data = grundy_api::nim_sequence(game.as_ref(), to, budget)?;
    let period = data.period.map(|(preperiod, period, saltus)| PeriodMark {
        preperiod,
        period,
        saltus,
    });
    let title = match &period {
        Some(p) if p.saltus == 0 => format!(
            "{}: nim-values (period {} from n = {})",
            data.game, p.period, p.preperiod
        ),
        Some(p) => format!(
            "{}: nim-values (period {}, saltus {}, from n = {})",
            data.game, p.period, p.saltus, p.preperiod
        ),
        None => format!("{}: nim-values (no period proved)", data.game),
    };
    let what = data.what();
    let s = Sequence {
        title,
        values: data.values,
        period,
    };
    Ok((render_sequence(&s, format, size)?, what))
}

fn map(text: &str, to: u64, format: Format, size: Size, budget: &Budget) -> Result<(Vec<u8>, String)> {
    let game = load::game(text, budget)?;
    let data = grundy_api::outcome_map(game.as_ref(), to, budget)?;
    let cells = data
        .outcomes
        .iter()
        .map(|row| {
            row.iter()
                .map(|o| {
                    o.map(|o| match o {
                        Outcome::Lose => 0,
                        Outcome::Win => 1,
                        Outcome::Draw => 2,
                    })
                })
                .collect()
        })
        .collect();
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
        title: format!("{}: outcome of (a, b) for the player to move", data.game),
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
    Ok((render_grid(&grid, format, size)?, data.what()))
}

fn table(
    text: &str,
    to: Option<u64>,
    format: Format,
    size: Size,
    budget: &Budget,
) -> Result<(Vec<u8>, String)> {
    let data = grundy_api::winner_table(text, to, budget)?;
    let cells = data
        .winners
        .iter()
        .map(|row| {
            row.iter()
                .map(|w| {
                    Some(match w {
                        Winner::First => 0,
                        Winner::Second => 1,
                        Winner::None => 2,
                    })
                })
                .collect()
        })
        .collect();
    let grid = Grid {
        title: format!(
            "digits (width {}): the winner by start and number of turns",
            data.width
        ),
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
    Ok((render_grid(&grid, format, size)?, data.what()))
}
