//! `grundy build GAME --db FILE [--start POSITION] [--resume] [--no-remoteness] [--serial]
//! [--workers W] [--processes N --process I --hosts FILE]`.

use grundy::Budget;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Result};
use grundy_retro::{table_game, Table};
use indicatif::{ProgressBar, ProgressStyle};

use crate::load;
use crate::render::{count, count_of};

/// Solve every position of a game into a table file.
#[derive(clap::Args)]
pub struct Args {
    /// The game: one that numbers its own positions (every position; listed below),
    /// or any other GAME, FILE.toml or FILE.luau (the positions reachable from a start).
    pub game: String,
    /// The table file to write (built in FILE.tmp, renamed when complete; FILE.lock
    /// keeps a second build from writing it meanwhile).
    #[arg(long, value_name = "FILE")]
    pub db: PathBuf,
    /// Where enumeration starts, for games without a numbering of their own
    /// (default: the game's natural start).
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    pub start: Option<String>,
    /// Continue an interrupted build from its last checkpoint (FILE.ckpt; with
    /// --workers/--processes, each worker's part file or round checkpoints).
    #[arg(long)]
    pub resume: bool,
    /// Store outcomes only (2 bits per position), without the byte of remoteness.
    #[arg(long)]
    pub no_remoteness: bool,
    /// Use one thread (default: all cores; RAYON_NUM_THREADS sets how many).
    #[arg(long, conflicts_with = "workers")]
    pub serial: bool,
    #[command(flatten)]
    pub cluster: super::cluster::ClusterArgs,
    /// With --workers/--processes: leave each worker's part file (FILE.part-W-of-P)
    /// instead of gathering the table on process 0; `grundy merge` joins them.
    #[arg(long)]
    pub no_gather: bool,
    /// For the tests of --resume: end this process abruptly, as a kill would, once
    /// one of its workers has saved N levels or rounds.
    #[arg(long, value_name = "N", hide = true)]
    pub stop_after: Option<usize>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Write the game's endgame database instead: the value of every region of at
    /// most N cells (Domineering's, N up to 15), for `grundy solve --regions FILE`.
    /// No checkpoints (--resume).
    #[arg(long, value_name = "N", conflicts_with_all = ["start", "resume", "no_remoteness", "workers", "processes", "json"])]
    pub regions: Option<usize>,
}

/// The text after `grundy help build`.
pub fn help() -> &'static str {
    static HELP: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HELP.get_or_init(|| {
        format!(
            "Games with their own numbering (every position; level by level with checkpoints and --resume,\n\
             or retrograde analysis for the loopy ones):\n{}\n\n\
             Any other finite game (a GAME text, FILE.toml, FILE.luau; loops and draws included):\n  \
             every position reachable from --start POSITION (default: the game's `start`) is found\n  \
             breadth-first, numbered in discovery order (the start is 0) and solved by retrograde\n  \
             analysis under normal play, in memory, on one core. The file holds the table, then the\n  \
             positions and their options, so `grundy solve --db FILE POSITION` answers without the\n  \
             rules; a position not reachable from the start is an error. No checkpoints (--resume).\n\n  \
             grundy build examples/games/lollipop.luau --db lollipop.db\n  \
             grundy solve --db lollipop.db 4,5,1 --json\n\n\
             --regions N: a partizan game whose positions fall into regions (Domineering) writes its\n  \
             endgame database instead, the value of every connected region of at most N cells, that\n  \
             `grundy solve GAME POSITION --regions FILE` looks regions up in.\n\n  \
             grundy build domineering --regions 12 --db regions12.bin\n  \
             grundy solve domineering:rows=7,cols=9 start --regions regions12.bin",
            crate::load::numbered_help()
        )
    })
}

/// A build's progress bar.
fn bar(len: u64) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(crate::progress::with_rate(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} positions ({rate}) {msg}",
        )
        .expect("a valid template"),
    ));
    bar
}

/// The files a build writes beside its table (`FILE.lock`, the table's `FILE.tmp`,
/// its level checkpoint `FILE.ckpt` and the checkpoint's `FILE.ckpt.new`): with the
/// table itself, each must be a regular file where it exists.
pub(crate) const BESIDE_TABLE: [&str; 4] = [".lock", ".tmp", ".ckpt", ".ckpt.new"];

/// Run it.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    // Refused before anything is solved: a table written over /dev/null (a
    // rename) would replace the device; a FIFO checkpoint would block --resume.
    crate::output::check_output(&args.db, &BESIDE_TABLE)?;
    if let Some(cells) = args.regions {
        return super::regions::build(&args.game, cells, &args.db, budget);
    }
    if args.cluster.given() {
        return run_dist(args, budget);
    }
    if args.no_gather || args.stop_after.is_some() {
        bail!("--no-gather and --stop-after are for builds with --workers or --processes");
    }
    let table = grundy_api::TableOptions {
        remoteness: !args.no_remoteness,
        parallel: !args.serial,
        resume: args.resume,
    };
    // One build per table file (and its .tmp and .ckpt): held until the summary.
    let _lock = crate::lock::OutputLock::acquire(&args.db)?;
    // Loaded once (a built-in game, a game file, a script); what it can do decides
    // the table: its own numbering, else the positions reachable from a start.
    let game = load::game(&args.game, budget)?;
    let bar = bar(0);
    if table_game(game.as_ref()).is_none() {
        bar.set_message("enumerating the positions reachable from the start");
    }
    let report = grundy::solve::on_threads(budget, || {
        grundy_api::build(
            game.as_ref(),
            &args.db,
            args.start.as_deref(),
            table,
            &mut |p| {
                bar.set_length(p.total);
                bar.set_position(p.done);
                let resumed = if p.resumed { ", resumed" } else { "" };
                bar.set_message(format!("level {}/{}{resumed}", p.levels.0, p.levels.1));
            },
            budget,
        )
    });
    bar.finish_and_clear();
    let r = report?;
    Ok(if args.json {
        crate::render::json_line(&r.json())
    } else {
        summary(&r.game, &args.db, &r.table, &r.from, r.seconds)
    })
}

pub(crate) fn summary(name: &str, db: &std::path::Path, table: &Table, from: &str, secs: f64) -> String {
    let (w, l, d) = table.counts();
    let bytes = std::fs::metadata(db).map(|m| m.len()).unwrap_or(0);
    // A game's own numbering has an index for every board it can write, some of
    // which no game reaches: the counts are of indices, and say so.
    let (what, each, whose) = if table.has_positions() {
        (("position", "positions"), "position", "")
    } else {
        (
            ("index", "indices"),
            "index",
            " (the numbering's, reachable or not)",
        )
    };
    format!(
        "game:          {name}\n\
         table:         {}\n\
         positions:     {}{whose}{from}; {}, {}, {}\n\
         size:          {bytes} bytes ({:.3} bytes per {}{})\n\
         checksum:      {:016x}\n\
         time:          {secs:.2} s\n",
        db.display(),
        count_of(table.size(), what.0, what.1),
        count(w, "win"),
        count_of(l, "loss", "losses"),
        count(d, "draw"),
        table.bytes_per_position(),
        each,
        if table.has_remoteness() {
            ", outcome and remoteness"
        } else {
            ", outcome only"
        },
        table.checksum(),
    )
}

/// `build` as a Timely Dataflow job (`--workers`, `--processes`).
fn run_dist(args: Args, budget: &Budget) -> Result<String> {
    let game = load::game(&args.game, budget)?;
    let cluster = args.cluster.cluster()?;
    // Only process 0 writes the table (and its FILE.tmp).
    let _lock = if cluster.process() == 0 && !args.no_gather {
        Some(crate::lock::OutputLock::acquire(&args.db)?)
    } else {
        None
    };
    let start = Instant::now();
    let bar = bar(0);
    if table_game(game.as_ref()).is_none() {
        bar.set_message("enumerating the positions reachable from the start");
    }
    if cluster.process() != 0 {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let options = grundy_api::DistOptions {
        remoteness: !args.no_remoteness,
        resume: args.resume,
        gather: !args.no_gather,
        stop_after: args.stop_after,
    };
    let report = grundy_api::build_distributed(
        game.as_ref(),
        &args.db,
        args.start.as_deref(),
        &options,
        &cluster,
        &mut |r| {
            bar.set_length(r.total);
            bar.set_position(r.done);
            let secs = start.elapsed().as_secs_f64().max(1e-9);
            let round = if r.rounds.1 > 0 {
                format!("level {}/{}", r.rounds.0, r.rounds.1)
            } else {
                format!("round {}", r.rounds.0)
            };
            bar.set_message(format!("{round}, {:.0} messages/s", r.messages as f64 / secs));
        },
        budget,
    );
    bar.finish_and_clear();
    let r = report?;
    if args.json {
        return Ok(crate::render::json_line(&r.json()));
    }
    let (name, shape, secs) = (&r.game, &r.workers, r.seconds);
    Ok(match (&r.solved, &r.parts) {
        (Some(s), _) => {
            let per_edge = |x: u64| x as f64 / s.edges.max(1) as f64;
            let resumed = if s.resumed > 0 {
                format!(", resumed after {} {}", r.resumed_unit, s.resumed)
            } else {
                String::new()
            };
            format!(
                "{}workers:       {shape}{resumed}\n\
                 messages:      {} ({:.2} per edge), {} bytes of payload ({:.1} per edge)\n",
                summary(name, &args.db, &s.table, &r.from, secs),
                s.messages,
                per_edge(s.messages),
                s.bytes,
                per_edge(s.bytes),
            )
        }
        (None, Some(parts)) => format!(
            "game:          {name}\nprocess:       {} ({shape}); each worker left its part file {parts}\ntime:          {secs:.2} s\n",
            r.process,
        ),
        (None, None) => format!(
            "game:          {name}\nprocess:       {} ({shape}); process 0 writes the table\ntime:          {secs:.2} s\n",
            r.process,
        ),
    })
}
