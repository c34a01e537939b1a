//! `grundy values GAME --from A --to B [--format text|csv|json]`.

use anyhow::Result;
use clap::ValueEnum;

use crate::{load, render};

/// Tabulate single heaps.
#[derive(clap::Args)]
pub struct Args {
    /// The game: a heap game (see below).
    pub game: String,
    /// The first heap size.
    #[arg(long, default_value_t = 0)]
    pub from: u64,
    /// The last heap size.
    #[arg(long)]
    pub to: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// How `values` prints.
#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    /// An aligned table.
    Text,
    /// `heap,outcome,nimber` rows.
    Csv,
    /// One JSON object.
    Json,
}

/// Run it.
pub fn run(args: Args) -> Result<String> {
    let game = load::game(&args.game)?;
    let values = game.heap_values(args.from, args.to)?;
    Ok(match args.format {
        Format::Text => render::values_text(&values),
        Format::Csv => render::values_csv(&values),
        Format::Json => render::values_json(game.as_ref(), &values),
    })
}
