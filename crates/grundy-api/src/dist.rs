//! Tables built by Timely Dataflow workers ([`build_distributed`]) and the part
//! files of such a build joined ([`merge`]): the feature `dist`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use grundy::dynamic::DynGame;
use grundy::Budget;
use grundy_dist::DistError;
use grundy_retro::{table_game, Numbering, Table};
use serde_json::{json, Value};

pub use grundy_dist::{read_hosts, Cluster, Report as DistProgress, Solved};

use crate::{numbered_families, refuse_partizan, refuse_start, start_of, table_json, Error, Result};

impl From<DistError> for Error {
    fn from(e: DistError) -> Error {
        match e {
            DistError::Retro(r) => r.into(),
            // The game's rules disagreed between workers.
            DistError::Solve(m) => Error::Rule(m),
            // The hosts, the part files, the job's shape or its processes: what
            // was given to run it.
            other => Error::Input(other.to_string()),
        }
    }
}

/// How a distributed build runs, besides its cluster and the budget.
#[derive(Clone, Debug)]
pub struct DistOptions {
    /// Store a byte of remoteness per position.
    pub remoteness: bool,
    /// Continue from the part files or round checkpoints of an interrupted build.
    pub resume: bool,
    /// Gather the table on process 0 (else each worker leaves its part file, for
    /// [`merge`]).
    pub gather: bool,
    /// For tests of `resume`: end the process abruptly once one of its workers
    /// has saved this many levels or rounds.
    pub stop_after: Option<usize>,
}

impl Default for DistOptions {
    fn default() -> Self {
        DistOptions {
            remoteness: true,
            resume: false,
            gather: true,
            stop_after: None,
        }
    }
}

/// What one process of a distributed build did.
#[derive(Clone, Debug)]
pub struct DistReport {
    /// The name the table is filed under.
    pub game: String,
    /// The table file.
    pub db: PathBuf,
    /// This process, 0 to N-1.
    pub process: usize,
    /// The job's shape in words: `4 workers in one process`.
    pub workers: String,
    /// The table and the job's counts, on process 0 when it gathered the table.
    pub solved: Option<Solved>,
    /// ` reachable from START` for a table of the positions reachable from a start,
    /// else empty.
    pub from: String,
    /// What a resumed build skipped: `level` or `round`.
    pub resumed_unit: &'static str,
    /// The part files each worker left (`FILE.part-W-of-P`), when not gathered.
    pub parts: Option<String>,
    /// How long the build took.
    pub seconds: f64,
}

impl DistReport {
    /// `build --workers/--processes --json`: on process 0 with the table, the
    /// table's facts (as `build --json`) with `workers`, `resumed`,
    /// `resumed_unit`, `messages`, `message_bytes` and `edges`; elsewhere `game`,
    /// `process`, `workers`, `parts` and `seconds`.
    pub fn json(&self) -> Value {
        match &self.solved {
            Some(s) => {
                let mut v = table_json(&self.game, &self.db, &s.table, &self.from, self.seconds);
                v["workers"] = json!(self.workers);
                v["resumed"] = json!((s.resumed > 0).then_some(s.resumed));
                v["resumed_unit"] = json!(self.resumed_unit);
                v["messages"] = json!(s.messages);
                v["message_bytes"] = json!(s.bytes);
                v["edges"] = json!(s.edges);
                v
            }
            None => json!({
                "game": self.game,
                "process": self.process,
                "workers": self.workers,
                "parts": self.parts,
                "seconds": self.seconds,
            }),
        }
    }
}

/// A cluster's shape in words: `4 workers in one process`, `2 workers in each of 3 processes`.
pub fn shape(cluster: &Cluster) -> String {
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    match cluster {
        Cluster::Threads(w) => format!("{w} worker{} in one process", plural(*w)),
        Cluster::Processes {
            workers, processes, ..
        } => format!(
            "{workers} worker{} in each of {processes} processes",
            plural(*workers)
        ),
    }
}

/// Build the table of `game` into `db` as a Timely Dataflow job on `cluster`: a
/// game that numbers its own positions is solved by its numbering (levels or
/// retrograde rounds), any other impartial game is enumerated from `start` (else
/// its own start) by every process and solved in retrograde rounds. Process 0
/// writes the table (or, without `gather`, every worker its part file). The
/// budget bounds the gathered table's memory and the positions enumerated.
pub fn build_distributed(
    game: &dyn DynGame,
    db: &Path,
    start: Option<&str>,
    options: &DistOptions,
    cluster: &Cluster,
    progress: &mut dyn FnMut(DistProgress),
    budget: &Budget,
) -> Result<DistReport> {
    let build = grundy_dist::BuildOptions {
        remoteness: options.remoteness,
        resume: options.resume,
        gather: options.gather,
        stop_after: options.stop_after,
        max_memory: budget.max_memory,
        max_positions: budget.positions_or(grundy::DEFAULT_POSITIONS),
    };
    let clock = Instant::now();
    let (name, solved, from, resumed_unit) = match table_game(game) {
        Some(numbered) => {
            refuse_start(&numbered.name(), start)?;
            let unit = match numbered.numbering() {
                Numbering::Levelled(_) => "level",
                _ => "round",
            };
            let name = numbered.name();
            let solved = grundy_dist::build(numbered, db, &build, cluster, progress)?;
            (name, solved, String::new(), unit)
        }
        None => {
            refuse_partizan(game)?;
            let p = start_of(game, start)?;
            let solved = grundy_dist::build_enumerated(game, &p, db, &build, cluster, progress)?;
            (
                game.name(),
                solved,
                format!(" reachable from {}", game.show(&p)),
                "round",
            )
        }
    };
    let parts = (!options.gather).then(|| {
        grundy_dist::parts::part_path(db, 0, 1)
            .display()
            .to_string()
            .replace("part-0-of-1", "part-W-of-P")
    });
    Ok(DistReport {
        game: name,
        db: db.to_path_buf(),
        process: cluster.process(),
        workers: shape(cluster),
        solved,
        from,
        resumed_unit,
        parts,
        seconds: clock.elapsed().as_secs_f64(),
    })
}

/// A table joined from the part files of a build.
#[derive(Clone, Debug)]
pub struct MergeReport {
    /// The name the table is filed under.
    pub game: String,
    /// The table.
    pub table: Table,
    /// Where it was written.
    pub db: PathBuf,
    /// How many part files were joined.
    pub parts: usize,
    /// How long it took.
    pub seconds: f64,
}

impl MergeReport {
    /// `merge --json`: the table's facts (as `build --json`) and `parts`.
    pub fn json(&self) -> Value {
        let mut v = table_json(&self.game, &self.db, &self.table, "", self.seconds);
        v["parts"] = json!(self.parts);
        v
    }
}

/// Join the part files of a distributed build without `gather` (every worker's,
/// in any order) into the table of `game`, written to `db`.
pub fn merge(game: &dyn DynGame, parts: &[PathBuf], db: &Path) -> Result<MergeReport> {
    let Some(numbered) = table_game(game) else {
        return Err(Error::Input(format!(
            "{}: merge joins the parts of tables of games that number their own positions ({}), built with --workers or --processes",
            game.name(),
            numbered_families()
        )));
    };
    let clock = Instant::now();
    let table = grundy_dist::merge(numbered.as_ref(), parts, db)?;
    Ok(MergeReport {
        game: numbered.name(),
        table,
        db: db.to_path_buf(),
        parts: parts.len(),
        seconds: clock.elapsed().as_secs_f64(),
    })
}
