//! `grundy build GAME --db FILE [--resume] [--no-remoteness] [--serial]`.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{anyhow, Result};
use grundy_retro::{parse_table_game, DenseOptions};
use indicatif::{ProgressBar, ProgressStyle};

/// Solve every position of a game into a table file.
#[derive(clap::Args)]
pub struct Args {
    /// The game: tictactoe, connect4:width=W,height=H, dodgem:N or chase:cycle=N|path=N.
    pub game: String,
    /// The table file to write (built in FILE.tmp, renamed when complete).
    #[arg(long, value_name = "FILE")]
    pub db: PathBuf,
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

/// Run it.
pub fn run(args: Args) -> Result<String> {
    let game = parse_table_game(&args.game).ok_or_else(|| {
        anyhow!(
            "'{}' has no table solver (try: tictactoe, connect4:width=5,height=4, dodgem:3)",
            args.game
        )
    })??;
    let options = DenseOptions {
        remoteness: !args.no_remoteness,
        parallel: !args.serial,
    };
    let bar = ProgressBar::new(game.size());
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} positions ({per_sec}) {msg}",
        )
        .expect("a valid template"),
    );
    let start = Instant::now();
    let table = game.build(&args.db, options, args.resume, &mut |p| {
        bar.set_length(p.total);
        bar.set_position(p.done);
        let resumed = if p.resumed { ", resumed" } else { "" };
        bar.set_message(format!("level {}/{}{resumed}", p.levels.0, p.levels.1));
    })?;
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    let (w, l, d) = table.counts();
    let bytes = std::fs::metadata(&args.db).map(|m| m.len()).unwrap_or(0);
    Ok(format!(
        "game:          {}\n\
         table:         {}\n\
         positions:     {} indices; {w} wins, {l} losses, {d} draws\n\
         size:          {bytes} bytes ({:.3} bytes per index{})\n\
         checksum:      {:016x}\n\
         time:          {secs:.2} s\n",
        game.name(),
        args.db.display(),
        table.size(),
        table.bytes_per_position(),
        if table.has_remoteness() {
            ", outcome and remoteness"
        } else {
            ", outcome only"
        },
        table.checksum(),
    ))
}
