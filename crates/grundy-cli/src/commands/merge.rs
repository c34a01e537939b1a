//! `grundy merge GAME --db FILE PART...`: join the part files of a distributed build.

use grundy::Budget;
use std::path::PathBuf;

use anyhow::Result;

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
    let game = load::game(&args.game, budget)?;
    // The table is written to FILE.tmp and renamed over FILE: a device or FIFO
    // there is refused rather than replaced. A part that is not a regular file
    // (a FIFO would block the read) is refused before any is opened.
    crate::output::check_output(&args.db, &[".lock", ".tmp"])?;
    for part in &args.parts {
        crate::output::check_input(part, "part file")?;
    }
    let _lock = crate::lock::OutputLock::acquire(&args.db)?;
    let r = grundy_api::merge(game.as_ref(), &args.parts, &args.db)?;
    Ok(if args.json {
        crate::render::json_line(&r.json())
    } else {
        format!(
            "{}parts:         {}\n",
            super::build::summary(&r.game, &args.db, &r.table, "", r.seconds),
            r.parts
        )
    })
}
