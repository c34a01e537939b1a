//! `grundy values GAME --from A --to B [--format text|csv|json]`, and
//! `grundy values GAME --to N --out FILE [--resume] [--from A]`, which streams the
//! nim-sequence of a heap game to a file with checkpoints (`grundy_api::values_to_file`).

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Result};
use clap::ValueEnum;
use grundy::Budget;
use grundy_api::ValuesFile;
use grundy_budget::Limit;
use grundy_octal::Method;
use indicatif::ProgressBar;

use crate::progress::{progress_bar, spinner};
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
    /// Output format of the table on stdout (text, the default, csv or json).
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Print one JSON object: the short form of `--format json`.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Stream the nim-values to FILE instead: `.bin` = binary (header, then 16-bit
    /// little-endian values; 32-bit for allbut), anything else = a text b-file
    /// (`n value` lines). Written to FILE.part with checkpoints in FILE.ckpt; memory is
    /// about 4 bytes per heap up to --to (the engine keeps every value), and a --to
    /// beyond --max-memory is refused up front. FILE.lock
    /// keeps a second run from writing the same file meanwhile.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Continue an interrupted --out run from its checkpoint (FILE.ckpt).
    #[arg(long)]
    pub resume: bool,
    /// How heap games' values are computed: auto (the default) switches between the
    /// sparse-space and the naive method as the share of rare heaps changes; naive or
    /// sparse forces one. The values are the same.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    pub method: MethodArg,
}

/// The `--method` of `values`, `period` and `solve`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum MethodArg {
    /// Choose as the run goes, from the share of rare heaps.
    Auto,
    /// Every option of every heap.
    Naive,
    /// Sparse space (rare and common values) where it applies, else naive.
    Sparse,
}

impl MethodArg {
    /// The engine's method.
    pub fn method(self) -> Method {
        match self {
            MethodArg::Auto => Method::Auto,
            MethodArg::Naive => Method::Naive,
            MethodArg::Sparse => Method::Sparse,
        }
    }
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
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    if let Some(out) = args.out.clone() {
        if args.format.is_some() || args.json {
            bail!("--format and --json are for the table on stdout; with --out the file name picks the format (.bin binary, else a text b-file)");
        }
        return write_file(&args, out, budget);
    }
    if args.resume {
        bail!("--resume continues an --out FILE run; give --out FILE");
    }
    let mut game = load::game(&args.game, budget)?;
    game.set_heap_method(args.method.method());
    let report = grundy_api::values(game.as_ref(), args.from, args.to, budget)?;
    let format = if args.json {
        Format::Json
    } else {
        args.format.unwrap_or(Format::Text)
    };
    Ok(match format {
        Format::Text => render::values_text(&report.values),
        Format::Csv => render::values_csv(&report.values),
        Format::Json => render::json_line(&report.json()),
    })
}

/// `--out`: the streaming is `grundy_api::values_to_file`'s; the command keeps the
/// output's checks and lock, Ctrl-C, the progress bar and the sentence it prints.
fn write_file(args: &Args, out: PathBuf, budget: &Budget) -> Result<String> {
    let file = ValuesFile {
        from: args.from,
        to: args.to,
        resume: args.resume,
        method: args.method.method(),
    };
    file.check_range()?;
    let game = load::game(&args.game, budget)?;
    // Games whose values grow prove their period here (all-but: a repeated deciding state).
    let spin = spinner("looking for the nim-sequence: proving a period where the game has one");
    let job = grundy_api::prepare_values_file(game.as_ref(), &out, &file, budget);
    spin.finish_and_clear();
    let job = job?;
    let part = job.part().to_path_buf();
    // The output, and the files beside it (its lock, FILE.part, FILE.ckpt and the
    // checkpoint's temporary file), must be regular files where they exist: a
    // rename over a device replaces it, and opening a FIFO blocks.
    crate::output::check_output(&out, &[".lock", ".part", ".ckpt", ".ckpt.tmp"])?;
    // One run per output file: held until this function returns.
    let _lock = crate::lock::OutputLock::acquire(&out)?;
    // Ctrl-C raises the flag: the run finishes its block, checkpoints and stops.
    // (Only one handler per process.)
    let budget = &Budget {
        cancel: grundy::Cancel::new(),
        ..budget.clone()
    };
    let cancel = budget.cancel.clone();
    let _ = ctrlc::set_handler(move || cancel.raise());
    let start = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    let written = job.write(
        &mut |done, total| {
            bar.get_or_insert_with(|| progress_bar(total, "values"))
                .set_position(done)
        },
        budget,
    );
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let report = match written {
        Ok(report) => report,
        Err(grundy_api::Error::OverBudget(o)) if o.limit == Limit::Cancelled => bail!(
            "interrupted after {}, saved in {}: run the same command with --resume to continue",
            render::count(o.reached, "value"),
            part.display()
        ),
        Err(e) => return Err(e.into()),
    };
    let resumed = if report.resumed > 0 {
        format!(" ({} of them from the checkpoint)", report.resumed)
    } else {
        String::new()
    };
    Ok(format!(
        "wrote G({})..G({}) of {}: {}{resumed} to {} ({}, {} bytes) in {:.2} s\n",
        report.from,
        report.to,
        report.game,
        render::count(report.values, "value"),
        report.out.display(),
        report.kind(),
        report.bytes,
        start.elapsed().as_secs_f64()
    ))
}
