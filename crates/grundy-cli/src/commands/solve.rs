//! `grundy solve GAME POSITION [--misere] [--json]`, or `grundy solve [GAME] POSITION --db FILE`.

use anyhow::{Context, Result};
use grundy::Budget;

use crate::{load, progress, render};

/// Solve a position.
#[derive(clap::Args)]
pub struct Args {
    /// The game: a built-in GAME (see below). With --db it may be left out.
    pub game: String,
    /// The position (see below).
    #[arg(allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Answer from a table file made by `grundy build` (memory-mapped, not solved again).
    #[arg(long, value_name = "FILE")]
    pub db: Option<std::path::PathBuf>,
    /// Misère play: a player with no move wins.
    #[arg(long)]
    pub misere: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// List every winning move and print long positions whole (text output cuts
    /// lists after 20 and positions after 80 characters; JSON is always complete).
    #[arg(long)]
    pub all: bool,
    /// Who moves first, in a partizan game (default: left).
    #[arg(long, value_enum)]
    pub first: Option<super::First>,
    /// How heap games' nim-values are computed (auto, naive or sparse; see `values`).
    #[arg(long, value_enum, default_value_t = super::values::MethodArg::Auto)]
    pub method: super::values::MethodArg,
    /// Keep the outcome search of a board too large for its value (Domineering)
    /// in FILE: it is saved when the search stops, finished or not (its budget
    /// ran out, Ctrl-C), and carried on from when FILE exists, so that a long
    /// search resumes where it stopped.
    #[arg(long, value_name = "FILE", conflicts_with = "db")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Look the values of small regions up in FILE, an endgame database made by
    /// `grundy build GAME --regions N --db FILE` (Domineering).
    #[arg(long, value_name = "FILE", conflicts_with = "db")]
    pub regions: Option<std::path::PathBuf>,
    // The search across Timely workers (`grundy_api::solve_across`), whose
    // help is the flags' own.
    #[command(flatten)]
    pub cluster: super::cluster::ClusterArgs,
}

/// Run it.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    let budget = &Budget {
        // A checkpointed search stops at Ctrl-C through this flag, and saves.
        cancel: if args.checkpoint.is_some() {
            grundy::Cancel::new()
        } else {
            budget.cancel.clone()
        },
        ..budget.clone()
    };
    let (game, position) = match (&args.db, args.position) {
        // `solve --db FILE POSITION`: the table names its game.
        (Some(db), None) => (grundy_retro::open_db(db, None)?, args.game),
        (Some(db), Some(p)) => {
            // The table names the game it solves: the numbered game's own name (a
            // game file of it builds the same table), else the game's.
            let game = load::game(&args.game, budget)?;
            let name = grundy_retro::table_game(game.as_ref()).map_or_else(|| game.name(), |t| t.name());
            (grundy_retro::open_db(db, Some(&name))?, p)
        }
        (None, Some(p)) => {
            let mut game = load::game(&args.game, budget)?;
            if let Some(file) = &args.regions {
                game = super::regions::load(game, file)?;
            }
            game.set_heap_method(args.method.method());
            (game, p)
        }
        (None, None) => anyhow::bail!("missing POSITION: grundy solve GAME POSITION"),
    };
    let options = super::options(args.misere, args.first);
    if args.cluster.given() {
        if args.db.is_some() || args.checkpoint.is_some() {
            anyhow::bail!("--workers and --processes search afresh: they take neither --db nor --checkpoint");
        }
        let cluster = args.cluster.cluster()?;
        let Some(report) = grundy_api::solve_across(game.as_ref(), &position, &options, &cluster, budget)?
        else {
            return Ok(format!(
                "process {}: its tasks are solved; process 0 prints the report\n",
                cluster.process()
            ));
        };
        return Ok(if args.json {
            render::json_line(&report.json())
        } else {
            render::analysis_text(game.as_ref(), &report, render::Cut { all: args.all })
        });
    }
    let report = match &args.checkpoint {
        Some(path) => checkpointed(path, game.as_ref(), &position, &options, budget)?,
        None => progress::searching(|| grundy_api::solve(game.as_ref(), &position, &options, budget))?,
    };
    Ok(if args.json {
        render::json_line(&report.json())
    } else {
        render::analysis_text(game.as_ref(), &report, render::Cut { all: args.all })
    })
}

/// `solve` with its outcome search kept in `path` (see `Args::checkpoint`):
/// read before, written after, whatever the answer.
fn checkpointed(
    path: &std::path::Path,
    game: &dyn grundy::dynamic::DynGame,
    position: &str,
    options: &grundy_api::Options,
    budget: &Budget,
) -> Result<grundy_api::SolveReport> {
    crate::output::check_output(path, &[])?;
    let saved = if path.exists() {
        Some(std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?)
    } else {
        None
    };
    let cancel = budget.cancel.clone();
    // Only one handler per process; a second Ctrl-C while saving is ignored.
    let _ = ctrlc::set_handler(move || cancel.raise());
    let (report, checkpoint) =
        progress::searching(|| grundy_api::solve_resuming(game, position, options, saved.as_deref(), budget));
    if let Some(bytes) = &checkpoint {
        crate::output::write_whole(path, bytes)?;
    }
    match report {
        Ok(report) => Ok(report),
        Err(grundy_api::Error::Input(m)) if saved.is_some() && checkpoint.is_none() => {
            anyhow::bail!("cannot carry on from {}: {m}", path.display())
        }
        Err(e) if checkpoint.is_some() => Err(anyhow::anyhow!(
            "{e}; the search so far is saved in {}, and the same command carries on from it",
            path.display()
        )),
        Err(e) => Err(e.into()),
    }
}
