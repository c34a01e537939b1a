//! `grundy merge GAME --db FILE PART...`: join the part files of a distributed build.

use grundy::Budget;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Result};
use grundy_retro::table_game;

use crate::load;

/// Join the part files of `grundy build --workers/--processes --no-gather` into the table.
#[derive(clap::Args)]
pub struct Args {
    /// The game the parts solve (as given to build).
    pub game: String,
    /// The table file to write (built in FILE.tmp, renamed when complete).
    #[arg(long, value_name = "FILE")]
    pub db: PathBuf,
    /// The part files, one per worker of the build (FILE.part-W-of-P), in any order.
    #[arg(required = true, value_name = "PART")]
    pub parts: Vec<PathBuf>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Run it.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    let loaded = load::game(&args.game, budget)?;
    let Some(game) = table_game(loaded.as_ref()) else {
        bail!(
            "{}: merge joins the parts of tables of games that number their own positions ({}), built with --workers or --processes",
            args.game.trim(),
            grundy_api::numbered_families()
        );
    };
    // The table is written to FILE.tmp and renamed over FILE: a device or FIFO
    // there is refused rather than replaced. A part that is not a regular file
    // (a FIFO would block the read) is refused before any is opened.
    crate::output::check_output(&args.db, &[".lock", ".tmp"])?;
    for part in &args.parts {
        crate::output::check_input(part, "part file")?;
    }
    let _lock = crate::lock::OutputLock::acquire(&args.db)?;
    let start = Instant::now();
    let table = grundy_dist::merge(game.as_ref(), &args.parts, &args.db)?;
    let secs = start.elapsed().as_secs_f64();
    Ok(if args.json {
        let mut v = super::build::summary_json(&game.name(), &args.db, &table, "", secs);
        v["parts"] = serde_json::json!(args.parts.len());
        format!("{v}\n")
    } else {
        format!(
            "{}parts:         {}\n",
            super::build::summary(&game.name(), &args.db, &table, "", secs),
            args.parts.len()
        )
    })
}
