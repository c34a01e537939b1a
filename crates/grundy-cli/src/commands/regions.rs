//! A family's endgame database of regions (`Partizan::region_table`):
//! `grundy build GAME --regions N --db FILE` writes it, `grundy solve GAME
//! POSITION --regions FILE` answers with it. Which games have one is the
//! game's to say: a game without returns `None`, and the error names it.

use std::path::Path;
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use grundy::dynamic::DynGame;
use grundy::Budget;

use crate::load;
use crate::render::{count, count_of};

/// Where a game without a database of regions is pointed.
const NONE: &str = "has no endgame database of regions (--regions): a partizan game whose positions fall into regions has one (see `grundy help build`)";

/// Build `game`'s database of every region of at most `cells` cells into `db`
/// (written whole or not at all), with a progress bar of regions valued.
pub fn build(game: &str, cells: usize, db: &Path, budget: &Budget) -> Result<String> {
    crate::output::check_output(db, &[".lock"])?;
    let _lock = crate::lock::OutputLock::acquire(db)?;
    let game = load::game(game, budget)?;
    let partizan = game.partizan().ok_or_else(|| anyhow!("{} {NONE}", game.name()))?;
    let started = Instant::now();
    let built = crate::progress::with_bar("regions valued", || partizan.region_table(cells, budget));
    let built = built.ok_or_else(|| anyhow!("{} {NONE}", game.name()))??;
    crate::output::write_whole(db, &built.bytes)?;
    let (met, kept) = built
        .counts
        .iter()
        .fold((0u64, 0u64), |(m, k), &(_, met, kept)| (m + met, k + kept));
    Ok(format!(
        "game:          {}\n\
         table:         {}\n\
         regions:       {} of at most {} ({met} connected regions, one kept a class under the symmetries)\n\
         forms:         {}\n\
         size:          {} bytes\n\
         time:          {:.2} s\n",
        game.name(),
        db.display(),
        count(kept, "region"),
        count_of(cells as u64, "cell", "cells"),
        count(built.forms as u64, "distinct value"),
        built.bytes.len(),
        started.elapsed().as_secs_f64(),
    ))
}

/// `game` looking its regions up in the database `file` (of `build`).
pub fn load(game: Box<dyn DynGame>, file: &Path) -> Result<Box<dyn DynGame>> {
    crate::output::check_input(file, "database of regions")?;
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    let Some(partizan) = game.partizan() else {
        bail!("{} {NONE}", game.name());
    };
    match partizan.with_region_table(&bytes) {
        None => bail!("{} {NONE}", game.name()),
        Some(Err(e)) => bail!("{}: {e}", file.display()),
        Some(Ok(with)) => Ok(with),
    }
}
