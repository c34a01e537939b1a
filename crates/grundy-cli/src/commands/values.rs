//! `grundy values GAME --from A --to B [--format text|csv|json]`, and
//! `grundy values GAME --to N --out FILE [--resume] [--from A]`, which streams the
//! nim-sequence of a heap game to a file with checkpoints (see `grundy_files::bfile`).

use grundy::Budget;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use anyhow::{anyhow, bail, Result};
use clap::ValueEnum;
use grundy::dynamic::{HeapSequence, Period};
use grundy_octal::{HeapRules, Method, Sequence};

use crate::commands::period::{progress_bar, seq_game};
use crate::{load, render};
use grundy_files::bfile::{Format as FileFormat, SeqWriter};

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

/// Set by Ctrl-C: stop at the next chunk boundary after a checkpoint.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Values computed between two looks at the clock and at Ctrl-C.
const CHUNK: u64 = 1 << 14;

/// What the engine holds a heap while it streams: the value (2 bytes, every one
/// kept from heap 0) and its copy in the mirror that the sparse method's pair
/// kernels read (2 more).
const ENGINE_BYTES_PER_HEAP: u128 = 4;

fn write_file(args: &Args, out: PathBuf, budget: &Budget) -> Result<String> {
    if args.from > args.to {
        bail!("--from {} is past --to {}", args.from, args.to);
    }
    let game = seq_game(
        &args.game,
        "has no nim-sequence to stream: --out works for heap games",
        budget,
    )?;
    let name = game.name;
    let width = match game.sequence {
        HeapSequence::Engine(_) => 16,
        HeapSequence::Periodic(..) => 32,
    };
    if let HeapSequence::Engine(_) = &game.sequence {
        // Refused before the lock and the files exist: an allocation the machine
        // cannot give aborts the process, which runs no destructor and would leave
        // the lock behind.
        let heaps = u128::from(args.to) + 1;
        budget.check_memory(
            heaps * ENGINE_BYTES_PER_HEAP,
            format!("the nim-values of {name} up to heap {}", args.to),
        )?;
    }
    // The output, and the files beside it (its lock, FILE.part, FILE.ckpt and the
    // checkpoint's temporary file), must be regular files where they exist: a
    // rename over a device replaces it, and opening a FIFO blocks.
    crate::output::check_output(&out, &[".lock", ".part", ".ckpt", ".ckpt.tmp"])?;
    // One run per output file: held until this function returns.
    let _lock = crate::lock::OutputLock::acquire(&out)?;
    // Ctrl-C: finish the chunk, checkpoint, stop. (Only one handler per process.)
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst));
    let start = Instant::now();
    let (writer, resumed) = match &game.sequence {
        HeapSequence::Engine(rules) => heap_file(args, &out, rules, &name)?,
        HeapSequence::Periodic(_, period) => periodic_file(args, &out, period, &name)?,
    };
    let count = writer.count();
    let paths = writer.paths().clone();
    let bytes = writer.finish()?;
    let kind = match FileFormat::of(&out) {
        FileFormat::Text => "text b-file",
        FileFormat::Bin => {
            if width == 16 {
                "binary, 16-bit values"
            } else {
                "binary, 32-bit values"
            }
        }
    };
    let resumed = if resumed > 0 {
        format!(" ({resumed} of them from the checkpoint)")
    } else {
        String::new()
    };
    Ok(format!(
        "wrote G({})..G({}) of {name}: {}{resumed} to {} ({kind}, {bytes} bytes) in {:.2} s\n",
        args.from,
        args.to,
        crate::render::count(count, "value"),
        paths.done.display(),
        start.elapsed().as_secs_f64()
    ))
}

/// The writer, fresh or resumed; the second item is how many values it already had.
fn open_writer(
    args: &Args,
    out: &Path,
    name: &str,
    width: u16,
    on_value: impl FnMut(u64, u64) -> Result<()>,
) -> Result<(SeqWriter, u64)> {
    let w = if args.resume {
        SeqWriter::resume(out, name, args.from, width, on_value)?
    } else {
        SeqWriter::create(out, name, args.from, width)?
    };
    let have = w.count();
    let want = args.to - args.from + 1;
    if have > want {
        bail!(
            "the checkpoint already holds {} (up to G({})), past --to {}; resume with --to {} or more",
            crate::render::count(have, "value"),
            args.from + have - 1,
            args.to,
            args.from + have - 1
        );
    }
    Ok((w, have))
}

fn interrupted(w: &mut SeqWriter) -> Result<()> {
    if INTERRUPTED.load(Ordering::SeqCst) {
        w.checkpoint()?;
        bail!(
            "interrupted after {}, saved in {}: run the same command with --resume to continue",
            crate::render::count(w.durable(), "value"),
            w.paths().part.display()
        );
    }
    Ok(())
}

fn heap_file(args: &Args, out: &Path, rules: &HeapRules, name: &str) -> Result<(SeqWriter, u64)> {
    let end = args
        .to
        .checked_add(1)
        .ok_or_else(|| anyhow!("--to is too large"))?;
    let capacity = usize::try_from(end).map_err(|_| anyhow!("--to is too large for this machine"))?;
    // The engine keeps every value, from heap 0 (the ones before --from too): reserve
    // them all at once, so growing never copies.
    let mut values: Vec<u16> = Vec::new();
    values.try_reserve_exact(capacity).map_err(|_| {
        anyhow!(
            "the machine cannot give the {} bytes of G(0)..G({}): lower --to",
            2 * u128::from(end),
            args.to
        )
    })?;
    if args.resume && args.from > 0 {
        let mut head = Sequence::new(rules.clone(), args.method.method());
        head.extend_to(args.from, |_, _| {})?;
        values.extend_from_slice(head.values());
    }
    let (mut w, had) = open_writer(args, out, name, 16, |_, v| {
        values.push(u16::try_from(v).map_err(|_| anyhow!("value {v} does not fit 16 bits"))?);
        Ok(())
    })?;
    if values.is_empty() {
        // G(0) = 0 is where every sequence starts.
        values.push(0);
        if args.from == 0 {
            w.push(0)?;
        }
    }
    let mut seq = Sequence::from_prefix(rules.clone(), args.method.method(), values)?;
    // Heaps before --from (a fresh run): computed, not written.
    seq.extend_to(args.from.min(end), |_, _| {})?;
    let bar = progress_bar(end - args.from, "values");
    bar.set_position(w.count());
    while seq.len() < end {
        interrupted(&mut w)?;
        let next = (seq.len() + CHUNK).min(end);
        // Written a chunk at a time from the engine's values, not a call a value.
        let written = args.from + w.count();
        seq.extend_to(next, |_, _| {})?;
        w.push_all(&seq.values()[written as usize..next as usize])?;
        bar.set_position(w.count());
        w.maybe_checkpoint()?;
    }
    bar.finish_and_clear();
    debug_assert_eq!(w.count(), end - args.from);
    Ok((w, had))
}

/// A sequence given by a proved period (all-but games, Lasker's Nim): 32-bit values.
fn periodic_file(args: &Args, out: &Path, period: &Period, name: &str) -> Result<(SeqWriter, u64)> {
    let value = |n: u64| {
        period
            .value_at(n)
            .ok_or_else(|| anyhow!("G({n}) of {name} does not fit 64 bits"))
    };
    let (mut w, had) = open_writer(args, out, name, 32, |n, v| {
        let want = value(n)?;
        if v != want {
            bail!("stored G({n}) = {v} but {name} gives {want}: wrong game or damaged file; delete it and start over");
        }
        Ok(())
    })?;
    let end = args
        .to
        .checked_add(1)
        .ok_or_else(|| anyhow!("--to is too large"))?;
    let bar = progress_bar(end - args.from, "values");
    bar.set_position(w.count());
    let mut n = args.from + w.count();
    while n < end {
        interrupted(&mut w)?;
        let next = n.saturating_add(CHUNK).min(end);
        for h in n..next {
            w.push(value(h)?)?;
        }
        n = next;
        bar.set_position(w.count());
        w.maybe_checkpoint()?;
    }
    bar.finish_and_clear();
    Ok((w, had))
}
