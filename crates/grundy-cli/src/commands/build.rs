//! `grundy build GAME --db FILE [--start POSITION] [--resume] [--no-remoteness] [--serial]`.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Result};
use grundy_retro::{build_reachable, parse_table_game, DenseOptions, Table};
use indicatif::{ProgressBar, ProgressStyle};

use crate::load;
use crate::render::{count, count_of};

/// Solve every position of a game into a table file.
#[derive(clap::Args)]
pub struct Args {
    /// The game: tictactoe, connect4:width=W,height=H, dodgem:N, chase:cycle=N|path=N
    /// (every position numbered), or any other GAME, FILE.toml or FILE.luau (the
    /// positions reachable from a start).
    pub game: String,
    /// The table file to write (built in FILE.tmp, renamed when complete; FILE.lock
    /// keeps a second build from writing it meanwhile).
    #[arg(long, value_name = "FILE")]
    pub db: PathBuf,
    /// Where enumeration starts, for games other than tictactoe, connect4, dodgem and
    /// chase (default: the game's natural start).
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    pub start: Option<String>,
    /// Continue an interrupted build from its last checkpoint (FILE.ckpt).
    #[arg(long)]
    pub resume: bool,
    /// Store outcomes only (2 bits per position), without the byte of remoteness.
    #[arg(long)]
    pub no_remoteness: bool,
    /// Use one thread (default: all cores; RAYON_NUM_THREADS sets how many).
    #[arg(long)]
    pub serial: bool,
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
             grundy solve --db lollipop.db 4,5,1 --json",
            grundy_retro::game_help()
                .trim_start_matches("GAME is one of:\n")
                .trim_end()
        )
    })
}

fn bar(len: u64) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} positions ({per_sec}) {msg}",
        )
        .expect("a valid template"),
    );
    bar
}

/// Run it.
pub fn run(args: Args) -> Result<String> {
    let options = DenseOptions {
        remoteness: !args.no_remoteness,
        parallel: !args.serial,
    };
    // One build per table file (and its .tmp and .ckpt): held until the summary.
    let _lock = crate::lock::OutputLock::acquire(&args.db)?;
    let start = Instant::now();
    let (name, table, from) = match parse_table_game(&args.game) {
        Some(game) => {
            let game = game?;
            if args.start.is_some() {
                bail!(
                    "{}: --start is for games enumerated from a start; this table holds every position",
                    game.name()
                );
            }
            let bar = bar(game.size());
            let table = game.build(&args.db, options, args.resume, &mut |p| {
                bar.set_length(p.total);
                bar.set_position(p.done);
                let resumed = if p.resumed { ", resumed" } else { "" };
                bar.set_message(format!("level {}/{}{resumed}", p.levels.0, p.levels.1));
            })?;
            bar.finish_and_clear();
            (game.name(), table, String::new())
        }
        None => {
            let game = load::game(&args.game)?;
            if game.partizan().is_some() {
                bail!(
                    "{} is partizan: its positions have values (grundy value) rather than a player to move, and tables hold games whose positions carry the player to move",
                    game.name()
                );
            }
            if args.resume {
                bail!(
                    "{}: --resume applies to tictactoe, connect4, dodgem and chase; other games are built in one pass",
                    game.name()
                );
            }
            let p = match &args.start {
                Some(text) => game.parse_position(text)?,
                None => match game.start() {
                    Some(p) => p,
                    None => bail!(
                        "{} has no natural start: give the position to enumerate from with --start POSITION",
                        game.name()
                    ),
                },
            };
            let bar = bar(0);
            bar.set_message("enumerating the positions reachable from the start");
            let table = build_reachable(game.as_ref(), &p, &args.db, options, &mut |_| {})?;
            bar.finish_and_clear();
            (game.name(), table, format!(" reachable from {}", game.show(&p)))
        }
    };
    Ok(summary(
        &name,
        &args.db,
        &table,
        &from,
        start.elapsed().as_secs_f64(),
    ))
}

fn summary(name: &str, db: &std::path::Path, table: &Table, from: &str, secs: f64) -> String {
    let (w, l, d) = table.counts();
    let bytes = std::fs::metadata(db).map(|m| m.len()).unwrap_or(0);
    let (what, each) = if table.has_positions() {
        (("position", "positions"), "position")
    } else {
        (("index", "indices"), "index")
    };
    format!(
        "game:          {name}\n\
         table:         {}\n\
         positions:     {}{from}; {}, {}, {}\n\
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
