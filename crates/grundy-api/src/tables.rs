//! Tables on disk: [`build`] one for a game, [`open_table`] to answer from it.

use std::path::Path;
use std::time::Instant;

use grundy::dynamic::{DynGame, DynPosition};
use grundy::Budget;
use grundy_retro::{build_reachable, table_game, DenseOptions, Progress, RetroError, Table};
use serde_json::{json, Value};

use crate::{Error, Result};

impl From<RetroError> for Error {
    fn from(e: RetroError) -> Error {
        match e {
            RetroError::Game(g) => g.into(),
            RetroError::OverBudget(o) => Error::OverBudget(o),
            RetroError::Io { .. } | RetroError::BadTable { .. } => Error::Input(e.to_string()),
            other => Error::Unsupported(other.to_string()),
        }
    }
}

/// A table written: its game, file and counts.
pub struct TableReport {
    /// The name the table is filed under (a numbered game's own name).
    pub game: String,
    /// The table.
    pub table: Table,
    /// Where it was written.
    pub db: std::path::PathBuf,
    /// ` reachable from START` for a table of the positions reachable from a start,
    /// else empty.
    pub from: String,
    /// How long the build took.
    pub seconds: f64,
}

impl TableReport {
    /// `build --json`.
    pub fn json(&self) -> Value {
        table_json(&self.game, &self.db, &self.table, &self.from, self.seconds)
    }
}

/// The facts of a table as one JSON object (`build --json`, `merge --json`).
pub fn table_json(name: &str, db: &Path, table: &Table, from: &str, secs: f64) -> Value {
    let (w, l, d) = table.counts();
    let bytes = std::fs::metadata(db).map(|m| m.len()).unwrap_or(0);
    json!({
        "game": name,
        "table": db.display().to_string(),
        "positions": table.size(),
        // `positions` counts positions (a table of positions reachable from a
        // start) or indices (a game's own numbering, some unreachable).
        "numbered": if table.has_positions() { "positions" } else { "indices" },
        "reachable_from": from.strip_prefix(" reachable from "),
        "wins": w,
        "losses": l,
        "draws": d,
        "bytes": bytes,
        "bytes_per_position": table.bytes_per_position(),
        "remoteness": table.has_remoteness(),
        "checksum": format!("{:016x}", table.checksum()),
        "seconds": secs,
    })
}

/// The families whose games number their own positions (dense or retrograde
/// tables, resumable builds), read off the catalogue: each family's example is
/// asked for its [`DynGame::numbering`].
pub fn numbered_families() -> String {
    let catalogue = grundy_rules::catalogue();
    let names: Vec<&str> = catalogue
        .families()
        .filter(|f| {
            f.example
                .and_then(|(text, _)| catalogue.parse(text).ok())
                .is_some_and(|g| g.numbering().is_some())
        })
        .map(|f| f.name)
        .collect();
    names.join(", ")
}

/// How a table is made: what it stores and on how many threads; its limits are
/// the budget's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableOptions {
    /// Store a byte of remoteness per position.
    pub remoteness: bool,
    /// Solve on the budget's threads (else on one).
    pub parallel: bool,
    /// Continue a killed build from its checkpoint.
    pub resume: bool,
}

impl Default for TableOptions {
    fn default() -> Self {
        TableOptions {
            remoteness: true,
            parallel: true,
            resume: false,
        }
    }
}

/// Build the table of `game` into `db`: a game that numbers its own positions gets
/// its dense or retrograde table (checkpointed, `resume` continues one), any other
/// impartial game the table of the positions reachable from `start` (else its own
/// start), within the budget's memory and positions. Partizan games have values
/// rather than tables.
pub fn build(
    game: &dyn DynGame,
    db: &Path,
    start: Option<&str>,
    table: TableOptions,
    progress: &mut dyn FnMut(Progress),
    budget: &Budget,
) -> Result<TableReport> {
    let TableOptions {
        remoteness,
        parallel,
        resume,
    } = table;
    let options = DenseOptions {
        remoteness,
        parallel,
        ..DenseOptions::within(budget)
    };
    let clock = Instant::now();
    let (name, table, from) = match table_game(game) {
        Some(numbered) => {
            refuse_start(&numbered.name(), start)?;
            let table = numbered.build(db, options, resume, progress)?;
            (numbered.name(), table, String::new())
        }
        None => {
            refuse_partizan(game)?;
            if resume {
                return Err(Error::Input(format!(
                    "{}: --resume applies to games that number their own positions ({}); other games are built in one pass",
                    game.name(),
                    numbered_families()
                )));
            }
            let p = start_of(game, start)?;
            let table = build_reachable(game, &p, db, options, progress)?;
            (game.name(), table, format!(" reachable from {}", game.show(&p)))
        }
    };
    Ok(TableReport {
        game: name,
        table,
        db: db.to_path_buf(),
        from,
        seconds: clock.elapsed().as_secs_f64(),
    })
}

/// A numbered game's table holds every position: a start is refused.
pub fn refuse_start(name: &str, start: Option<&str>) -> Result<()> {
    match start {
        Some(_) => Err(Error::Input(format!(
            "{name}: --start is for games enumerated from a start; this table holds every position"
        ))),
        None => Ok(()),
    }
}

/// Tables hold games whose positions carry the player to move.
pub fn refuse_partizan(game: &dyn DynGame) -> Result<()> {
    match game.partizan() {
        Some(_) => Err(Error::Unsupported(format!(
            "{} is partizan: its positions have values (grundy value) rather than a player to move, and tables hold games whose positions carry the player to move",
            game.name()
        ))),
        None => Ok(()),
    }
}

/// Where an enumerated build starts: `start`, else the game's own start.
pub fn start_of(game: &dyn DynGame, start: Option<&str>) -> Result<DynPosition> {
    match start {
        Some(text) => Ok(game.parse_position(text)?),
        None => game.start().ok_or_else(|| {
            Error::Input(format!(
                "{} has no natural start: give the position to enumerate from with --start POSITION",
                game.name()
            ))
        }),
    }
}

/// A table file opened to answer like its game (memory-mapped, not solved
/// again); `game` checks it is the table of that game.
pub fn open_table(db: &Path, game: Option<&str>) -> Result<Box<dyn DynGame>> {
    Ok(grundy_retro::open_db(db, game)?)
}
