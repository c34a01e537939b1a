//! Streaming nim-sequence files with crash-safe checkpoints (`grundy values --out`).
//!
//! Two formats, picked by the file name:
//!
//! * `*.bin`: a header, then one little-endian unsigned integer per heap from the
//!   first heap on. Header: the 8 bytes `GRUNDYNV`, the format version (u16 LE, 1),
//!   the value width in bits (u16 LE: 16 for octal/hex/subtraction/Grundy/split
//!   games, 32 for all-but games, whose values grow), the first heap (u64 LE), the
//!   length of the game text (u16 LE) and the game text (UTF-8).
//! * anything else: a text b-file in the OEIS convention, `n G(n)` per line, after
//!   one `#` comment line naming the game.
//!
//! Values are appended to `FILE.part`. About every half second the data written
//! so far is flushed and fsync'ed, then `FILE.ckpt` is replaced atomically (write a
//! temp file, fsync, rename) with the game, the format, the number of values, the
//! byte length of `FILE.part` that is durable and the checksum of those bytes
//! ([`crate::checksum`]). The fsync and the checkpoint run on a
//! background thread while the values go on being computed and appended; the
//! checkpoint records only the bytes flushed before it began. Killed at any moment
//! (Ctrl-C, SIGKILL, power loss), the checkpoint describes a valid prefix of
//! `FILE.part`: `--resume` truncates the file to that length, checks the prefix
//! against the checksum (a changed value is refused, never continued), reads the
//! values back and continues. When done, `FILE.part` is renamed to `FILE` and the
//! checkpoint removed. `grundy values --out` holds `FILE.lock` for the whole run,
//! so one run at a time writes these files.
//!
//! Every malformed file (checkpoint, part file) is a [`BfileError`], never a panic:
//! the `checkpoint` fuzz target (`fuzz/targets/common.rs`) feeds it arbitrary bytes.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::atomic::{self, WriteError};
use crate::Fnv;

/// Why a nim-value file could not be written or resumed. Each message names the
/// files and says what to do (resume, delete, change a flag).
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum BfileError {
    /// A fresh run found the checkpoint of an earlier one.
    #[error("{} exists from an interrupted run: pass --resume to continue it, or delete it (and {}) to start over", ckpt.display(), part.display())]
    Interrupted {
        /// The checkpoint.
        ckpt: PathBuf,
        /// The part file.
        part: PathBuf,
    },
    /// `--resume` without a checkpoint.
    #[error("nothing to resume: {} does not exist (run without --resume to start)", ckpt.display())]
    NothingToResume {
        /// The checkpoint looked for.
        ckpt: PathBuf,
    },
    /// The checkpoint file is malformed.
    #[error("{} is not a valid checkpoint ({why})", path.display())]
    BadCheckpoint {
        /// The checkpoint.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// The checkpoint is of another game.
    #[error("{} is a run of {found}, not {game}: resume with that game, or delete it to start over", ckpt.display())]
    OtherGame {
        /// The checkpoint.
        ckpt: PathBuf,
        /// The game it records.
        found: String,
        /// The game asked for.
        game: String,
    },
    /// The checkpoint records another format or value width than the file name asks.
    #[error("{} records a {format} file of {width}-bit values, which {} cannot continue", ckpt.display(), file.display())]
    OtherFormat {
        /// The checkpoint.
        ckpt: PathBuf,
        /// The format it records (`text`, `bin`).
        format: &'static str,
        /// The width it records.
        width: u16,
        /// The output asked for.
        file: PathBuf,
    },
    /// The checkpoint starts at another heap.
    #[error("{} starts at heap {found}, not {first}: resume with --from {found}", ckpt.display())]
    OtherFirst {
        /// The checkpoint.
        ckpt: PathBuf,
        /// Its first heap.
        found: u64,
        /// The first heap asked for.
        first: u64,
    },
    /// The part file is gone and the output exists: the run had finished.
    #[error("{} is missing but {} exists: the run finished; delete {}", part.display(), done.display(), ckpt.display())]
    Finished {
        /// The part file.
        part: PathBuf,
        /// The output.
        done: PathBuf,
        /// The checkpoint.
        ckpt: PathBuf,
    },
    /// The part file is shorter than the checkpoint vouches for.
    #[error("{} has {len} bytes but the checkpoint records {bytes} durable bytes: the file was damaged; delete {} and {} to start over", part.display(), part.display(), ckpt.display())]
    Shorter {
        /// The part file.
        part: PathBuf,
        /// Its length.
        len: u64,
        /// The length the checkpoint records.
        bytes: u64,
        /// The checkpoint.
        ckpt: PathBuf,
    },
    /// The part file's bytes do not have the checkpoint's checksum.
    #[error("{} does not match the checksum in {} (changed or damaged since the checkpoint); delete both to start over", part.display(), ckpt.display())]
    Checksum {
        /// The part file.
        part: PathBuf,
        /// The checkpoint.
        ckpt: PathBuf,
    },
    /// The part file's contents do not match its checkpoint.
    #[error("{} does not match its checkpoint ({why}); delete it and the checkpoint to start over", part.display())]
    Damaged {
        /// The part file.
        part: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// A value too large for the file's width.
    #[error("G({heap}) = {value} does not fit {bits} bits")]
    TooLarge {
        /// The heap.
        heap: u64,
        /// Its value.
        value: u64,
        /// The width.
        bits: u16,
    },
    /// Heap numbers past 2^64.
    #[error("heap numbers past {} do not fit 64 bits", u64::MAX)]
    HeapOverflow,
    /// The game text cannot go in a header.
    #[error("{0}")]
    GameText(&'static str),
    /// The background checkpoint thread panicked.
    #[error("the checkpoint thread failed")]
    Thread,
    /// Reading, opening, creating or writing a file failed.
    #[error("{what} {}", path.display())]
    File {
        /// "cannot read", "cannot open", "cannot create", "cannot write".
        what: &'static str,
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// Replacing a file (the checkpoint, the finished output) failed.
    #[error(transparent)]
    Replace(#[from] WriteError),
    /// Any other I/O error.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// A [`BfileError::File`] maker for `what` of `path`.
fn file_err<'a>(what: &'static str, path: &'a Path) -> impl FnOnce(io::Error) -> BfileError + 'a {
    move |source| BfileError::File {
        what,
        path: path.to_path_buf(),
        source,
    }
}

type Result<T, E = BfileError> = std::result::Result<T, E>;

/// The first bytes of a binary file.
pub const MAGIC: &[u8; 8] = b"GRUNDYNV";
/// The binary format version.
pub const VERSION: u16 = 1;
/// Checkpoints are written at most this often (and at the end).
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// How values are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `n value` lines.
    Text,
    /// A header and fixed-width little-endian values.
    Bin,
}

impl Format {
    /// The format a file name asks for: `.bin` is binary, anything else text.
    pub fn of(path: &Path) -> Format {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("bin") => Format::Bin,
            _ => Format::Text,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Bin => "bin",
        }
    }
}

/// The files of one output: `FILE`, `FILE.part`, `FILE.ckpt`.
#[derive(Clone, Debug)]
pub struct Paths {
    /// The finished file.
    pub done: PathBuf,
    /// The data being written.
    pub part: PathBuf,
    /// The checkpoint.
    pub ckpt: PathBuf,
}

impl Paths {
    /// The paths for output file `file`.
    pub fn new(file: &Path) -> Paths {
        let with = |ext: &str| {
            let mut s = file.as_os_str().to_owned();
            s.push(ext);
            PathBuf::from(s)
        };
        Paths {
            done: file.to_path_buf(),
            part: with(".part"),
            ckpt: with(".ckpt"),
        }
    }
}

/// What a checkpoint records.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Checkpoint {
    game: String,
    format: Format,
    width: u16,
    first: u64,
    /// Values durable in FILE.part.
    count: u64,
    /// Bytes durable in FILE.part (header included).
    bytes: u64,
    /// The checksum of those bytes.
    sum: u64,
}

const CKPT_HEADER: &str = "grundy values checkpoint v2";
/// Checkpoints before the checksum: refused with a clear message.
const CKPT_HEADER_V1: &str = "grundy values checkpoint v1";

impl Checkpoint {
    fn to_text(&self) -> String {
        format!(
            "{CKPT_HEADER}\ngame={}\nformat={}\nwidth={}\nfirst={}\ncount={}\nbytes={}\nsum={:016x}\n",
            self.game,
            self.format.name(),
            self.width,
            self.first,
            self.count,
            self.bytes,
            self.sum
        )
    }

    fn parse(text: &str, path: &Path) -> Result<Checkpoint> {
        let bad = |why: &str| BfileError::BadCheckpoint {
            path: path.to_path_buf(),
            why: why.to_string(),
        };
        let mut lines = text.lines();
        match lines.next() {
            Some(CKPT_HEADER) => {}
            Some(CKPT_HEADER_V1) => {
                return Err(bad(
                    "an older checkpoint without a checksum, which cannot be verified; delete it and the .part file to start over",
                ))
            }
            _ => return Err(bad("unknown header")),
        }
        let mut get = |key: &str| -> Result<String> {
            let line = lines.next().ok_or_else(|| bad(&format!("missing {key}")))?;
            line.strip_prefix(key)
                .and_then(|r| r.strip_prefix('='))
                .map(str::to_string)
                .ok_or_else(|| bad(&format!("expected {key}=...")))
        };
        let game = get("game")?;
        let format = match get("format")?.as_str() {
            "text" => Format::Text,
            "bin" => Format::Bin,
            other => return Err(bad(&format!("unknown format '{other}'"))),
        };
        let num = |s: String, key: &str| s.parse::<u64>().map_err(|_| bad(&format!("bad {key}")));
        let width = num(get("width")?, "width")?;
        let first = num(get("first")?, "first")?;
        let count = num(get("count")?, "count")?;
        let bytes = num(get("bytes")?, "bytes")?;
        let sum = u64::from_str_radix(&get("sum")?, 16).map_err(|_| bad("bad sum"))?;
        if !matches!(width, 16 | 32) {
            return Err(bad("width must be 16 or 32"));
        }
        Ok(Checkpoint {
            game,
            format,
            width: width as u16,
            first,
            count,
            bytes,
            sum,
        })
    }
}

/// Appends values to `FILE.part` and checkpoints them; see the module docs.
pub struct SeqWriter {
    paths: Paths,
    out: BufWriter<File>,
    /// The state as written to `out` (not necessarily durable yet).
    state: Checkpoint,
    /// The checksum of every byte written to `out` (header included).
    hash: Fnv,
    /// The count in the last checkpoint written.
    durable: u64,
    last_ckpt: Instant,
    line: String,
    /// A checkpoint being made in the background: the values it makes durable.
    pending: Option<std::thread::JoinHandle<Result<u64>>>,
}

impl SeqWriter {
    /// Starts a new output. Refuses if a checkpoint of an earlier run exists.
    pub fn create(file: &Path, game: &str, first: u64, width: u16) -> Result<SeqWriter> {
        let paths = Paths::new(file);
        if paths.ckpt.exists() {
            return Err(BfileError::Interrupted {
                ckpt: paths.ckpt,
                part: paths.part,
            });
        }
        let f = File::create(&paths.part).map_err(file_err("cannot create", &paths.part))?;
        let format = Format::of(file);
        let header = header(format, game, first, width)?;
        let mut out = BufWriter::with_capacity(1 << 16, f);
        out.write_all(&header)
            .map_err(file_err("cannot write", &paths.part))?;
        let mut hash = Fnv::new();
        hash.update(&header);
        let mut w = SeqWriter {
            paths,
            out,
            state: Checkpoint {
                game: game.to_string(),
                format,
                width,
                first,
                count: 0,
                bytes: header.len() as u64,
                sum: 0,
            },
            hash,
            durable: 0,
            last_ckpt: Instant::now(),
            line: String::new(),
            pending: None,
        };
        w.checkpoint()?;
        Ok(w)
    }

    /// Continues an interrupted output of the same game from the same first heap:
    /// truncates `FILE.part` to the checkpointed length and calls `on_value(heap, value)`
    /// for every value stored, in order. An error of `on_value` ends the resume and
    /// is returned as it is.
    pub fn resume<E: From<BfileError>>(
        output: &Path,
        game: &str,
        first: u64,
        width: u16,
        mut on_value: impl FnMut(u64, u64) -> Result<(), E>,
    ) -> Result<SeqWriter, E> {
        let paths = Paths::new(output);
        let text = match fs::read_to_string(&paths.ckpt) {
            Ok(t) => t,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Err(BfileError::NothingToResume { ckpt: paths.ckpt }.into())
            }
            Err(e) => return Err(file_err("cannot read", &paths.ckpt)(e).into()),
        };
        let ck = Checkpoint::parse(&text, &paths.ckpt)?;
        if ck.game != game {
            return Err(BfileError::OtherGame {
                ckpt: paths.ckpt,
                found: ck.game,
                game: game.to_string(),
            }
            .into());
        }
        let format = Format::of(output);
        if ck.format != format || ck.width != width {
            return Err(BfileError::OtherFormat {
                ckpt: paths.ckpt,
                format: ck.format.name(),
                width: ck.width,
                file: output.to_path_buf(),
            }
            .into());
        }
        if ck.first != first {
            return Err(BfileError::OtherFirst {
                ckpt: paths.ckpt,
                found: ck.first,
                first,
            }
            .into());
        }
        let mut f = match OpenOptions::new().read(true).write(true).open(&paths.part) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound && paths.done.exists() => {
                return Err(BfileError::Finished {
                    part: paths.part,
                    done: paths.done,
                    ckpt: paths.ckpt,
                }
                .into())
            }
            Err(e) => return Err(file_err("cannot open", &paths.part)(e).into()),
        };
        let len = f.metadata().map_err(BfileError::from)?.len();
        if len < ck.bytes {
            return Err(BfileError::Shorter {
                part: paths.part,
                len,
                bytes: ck.bytes,
                ckpt: paths.ckpt,
            }
            .into());
        }
        // Whatever follows the checkpointed length was written after it: drop it.
        let raw = |e: io::Error| E::from(BfileError::Io(e));
        f.set_len(ck.bytes).map_err(raw)?;
        f.sync_all().map_err(raw)?;
        f.seek(SeekFrom::Start(0)).map_err(raw)?;
        // The bytes kept must be the bytes checkpointed: a value changed since is
        // refused here, before anything is read back and built on.
        let hash = verify(&mut f, &ck, &paths)?;
        f.seek(SeekFrom::Start(0)).map_err(raw)?;
        let expected_header = header(format, game, first, width)?;
        read_back(&mut f, &ck, &expected_header, &paths.part, &mut on_value)?;
        f.seek(SeekFrom::End(0)).map_err(raw)?;
        Ok(SeqWriter {
            paths,
            out: BufWriter::with_capacity(1 << 16, f),
            hash,
            durable: ck.count,
            state: ck,
            last_ckpt: Instant::now(),
            line: String::new(),
            pending: None,
        })
    }

    /// Values written so far (heaps `first .. first + count`).
    pub fn count(&self) -> u64 {
        self.state.count
    }

    /// Appends the value of the next heap.
    pub fn push(&mut self, value: u64) -> Result<()> {
        let heap = self
            .state
            .first
            .checked_add(self.state.count)
            .ok_or(BfileError::HeapOverflow)?;
        match self.state.format {
            Format::Text => {
                use std::fmt::Write as _;
                self.line.clear();
                let _ = writeln!(self.line, "{heap} {value}");
                self.out
                    .write_all(self.line.as_bytes())
                    .map_err(file_err("cannot write", &self.paths.part))?;
                self.hash.update(self.line.as_bytes());
                self.state.bytes += self.line.len() as u64;
            }
            Format::Bin => {
                if self.state.width == 16 {
                    let v = u16::try_from(value).map_err(|_| BfileError::TooLarge {
                        heap,
                        value,
                        bits: 16,
                    })?;
                    self.out
                        .write_all(&v.to_le_bytes())
                        .map_err(file_err("cannot write", &self.paths.part))?;
                    self.hash.update(&v.to_le_bytes());
                } else {
                    let v = u32::try_from(value).map_err(|_| BfileError::TooLarge {
                        heap,
                        value,
                        bits: 32,
                    })?;
                    self.out
                        .write_all(&v.to_le_bytes())
                        .map_err(file_err("cannot write", &self.paths.part))?;
                    self.hash.update(&v.to_le_bytes());
                }
                self.state.bytes += u64::from(self.state.width / 8);
            }
        }
        self.state.count += 1;
        Ok(())
    }

    /// Appends the values of the next heaps: the same bytes and checksum as
    /// [`SeqWriter::push`] of each, written and hashed as one block. (One
    /// call a value cost about 90 instructions a heap, a tenth of the sparse
    /// engine's whole work on 0.45.)
    pub fn push_all(&mut self, values: &[u16]) -> Result<()> {
        if self.state.format != Format::Bin || self.state.width != 16 {
            return values.iter().try_for_each(|&v| self.push(u64::from(v)));
        }
        let mut bytes = [0u8; 2 * 4096];
        for block in values.chunks(4096) {
            let bytes = &mut bytes[..2 * block.len()];
            for (b, v) in bytes.chunks_exact_mut(2).zip(block) {
                b.copy_from_slice(&v.to_le_bytes());
            }
            self.out
                .write_all(bytes)
                .map_err(file_err("cannot write", &self.paths.part))?;
            self.hash.update(bytes);
            self.state.bytes += bytes.len() as u64;
            self.state.count += block.len() as u64;
        }
        Ok(())
    }

    /// Checkpoints if the last checkpoint is old enough, in the background:
    /// the fsync of a few megabytes waits for the disk, and the values go on
    /// being computed meanwhile (waiting cost `values --out` about a quarter
    /// of its time on this machine's disk). A checkpoint still in progress is
    /// left to finish; the next call tries again.
    pub fn maybe_checkpoint(&mut self) -> Result<()> {
        if self.last_ckpt.elapsed() < CHECKPOINT_EVERY {
            return Ok(());
        }
        if self.pending.as_ref().is_some_and(|p| !p.is_finished()) {
            return Ok(());
        }
        self.settle()?;
        let job = self.snapshot()?;
        self.pending = Some(std::thread::spawn(move || job.run()));
        self.last_ckpt = Instant::now();
        Ok(())
    }

    /// Makes everything written so far durable and records it in `FILE.ckpt`,
    /// waiting until it is done.
    pub fn checkpoint(&mut self) -> Result<()> {
        self.settle()?;
        let job = self.snapshot()?;
        self.durable = job.run()?;
        self.last_ckpt = Instant::now();
        Ok(())
    }

    /// Waits for the background checkpoint, if any, and takes its outcome.
    fn settle(&mut self) -> Result<()> {
        if let Some(p) = self.pending.take() {
            self.durable = p.join().map_err(|_| BfileError::Thread)??;
        }
        Ok(())
    }

    /// Hands what is written so far to the kernel and describes the
    /// checkpoint that records it. Bytes appended later are past the length
    /// it records, so a resume truncates them away until the next one.
    fn snapshot(&mut self) -> Result<CheckpointJob> {
        let part = &self.paths.part;
        self.out.flush().map_err(file_err("cannot write", part))?;
        let data = self
            .out
            .get_ref()
            .try_clone()
            .map_err(file_err("cannot write", part))?;
        self.state.sum = self.hash.finish();
        Ok(CheckpointJob {
            data,
            part: part.clone(),
            ckpt: self.paths.ckpt.clone(),
            text: self.state.to_text(),
            count: self.state.count,
        })
    }

    /// Values recorded in the last checkpoint.
    pub fn durable(&self) -> u64 {
        self.durable
    }

    /// The files written.
    pub fn paths(&self) -> &Paths {
        &self.paths
    }

    /// Completes the output: `FILE.part` becomes `FILE`, the checkpoint is removed.
    /// Returns the file's size in bytes.
    pub fn finish(mut self) -> Result<u64> {
        self.settle()?;
        let part = &self.paths.part;
        self.out.flush().map_err(file_err("cannot write", part))?;
        atomic::commit(self.out.get_ref(), part, &self.paths.done)?;
        fs::remove_file(&self.paths.ckpt)?;
        atomic::sync_dir(&self.paths.done);
        Ok(self.state.bytes)
    }
}

/// One checkpoint: sync the data file up to what was flushed, then replace
/// `FILE.ckpt` atomically. Runs on the caller's thread or a background one.
struct CheckpointJob {
    /// The data file (a second handle to it).
    data: File,
    part: PathBuf,
    ckpt: PathBuf,
    /// The checkpoint's contents.
    text: String,
    /// The values it records.
    count: u64,
}

impl CheckpointJob {
    /// Returns the number of values now durable.
    fn run(self) -> Result<u64> {
        self.data
            .sync_data()
            .map_err(file_err("cannot write", &self.part))?;
        let tmp = atomic::with_suffix(&self.ckpt, ".tmp");
        atomic::write(&self.ckpt, &tmp, self.text.as_bytes())?;
        Ok(self.count)
    }
}

fn header(format: Format, game: &str, first: u64, width: u16) -> Result<Vec<u8>> {
    if game.contains('\n') {
        return Err(BfileError::GameText("the game text must be one line"));
    }
    Ok(match format {
        Format::Text => format!("# nim-values G(n) of {game}, computed by grundy values\n").into_bytes(),
        Format::Bin => {
            let len =
                u16::try_from(game.len()).map_err(|_| BfileError::GameText("the game text is too long"))?;
            let mut h = MAGIC.to_vec();
            h.extend_from_slice(&VERSION.to_le_bytes());
            h.extend_from_slice(&width.to_le_bytes());
            h.extend_from_slice(&first.to_le_bytes());
            h.extend_from_slice(&len.to_le_bytes());
            h.extend_from_slice(game.as_bytes());
            h
        }
    })
}

/// The checksum of the first `ck.bytes` bytes of the part file, checked against the
/// checkpoint's; returns it, ready to take the bytes that follow.
fn verify(f: &mut File, ck: &Checkpoint, paths: &Paths) -> Result<Fnv> {
    let mut hash = Fnv::new();
    let mut r = BufReader::with_capacity(1 << 16, f.take(ck.bytes));
    loop {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        hash.update(buf);
        let n = buf.len();
        r.consume(n);
    }
    if hash.finish() != ck.sum {
        return Err(BfileError::Checksum {
            part: paths.part.clone(),
            ckpt: paths.ckpt.clone(),
        });
    }
    Ok(hash)
}

/// Reads the values of a (truncated) part file back, checking the header, the heap
/// numbers and the count against the checkpoint.
fn read_back<E: From<BfileError>>(
    f: &mut File,
    ck: &Checkpoint,
    expected_header: &[u8],
    path: &Path,
    on_value: &mut impl FnMut(u64, u64) -> Result<(), E>,
) -> Result<(), E> {
    let damaged = |why: String| {
        E::from(BfileError::Damaged {
            part: path.to_path_buf(),
            why,
        })
    };
    // Heap numbers past u64::MAX: a checkpoint's `first` and `count` are
    // arbitrary numbers, so their sum is checked, never assumed.
    let heap = |count: u64| {
        ck.first
            .checked_add(count)
            .ok_or_else(|| E::from(BfileError::HeapOverflow))
    };
    let mut r = BufReader::with_capacity(1 << 16, f);
    let mut head = vec![0u8; expected_header.len()];
    r.read_exact(&mut head)
        .map_err(|_| damaged("header cut short".into()))?;
    if head != expected_header {
        return Err(damaged("unexpected header".into()));
    }
    let mut count = 0u64;
    match ck.format {
        Format::Bin => {
            let w = usize::from(ck.width / 8);
            let data = ck.bytes.saturating_sub(expected_header.len() as u64);
            if Some(data) != ck.count.checked_mul(w as u64) {
                return Err(damaged(format!("{data} data bytes for {} values", ck.count)));
            }
            let mut buf = [0u8; 4];
            while count < ck.count {
                r.read_exact(&mut buf[..w])
                    .map_err(|_| damaged("data cut short".into()))?;
                let v = if w == 2 {
                    u64::from(u16::from_le_bytes([buf[0], buf[1]]))
                } else {
                    u64::from(u32::from_le_bytes(buf))
                };
                on_value(heap(count)?, v)?;
                count += 1;
            }
        }
        Format::Text => {
            let mut line = String::new();
            loop {
                line.clear();
                if r.read_line(&mut line).map_err(|e| E::from(BfileError::Io(e)))? == 0 {
                    break;
                }
                let heap = heap(count)?;
                let parsed = line
                    .strip_suffix('\n')
                    .and_then(|l| l.split_once(' '))
                    .and_then(|(n, v)| Some((n.parse::<u64>().ok()?, v.parse::<u64>().ok()?)));
                match parsed {
                    Some((n, v)) if n == heap => on_value(n, v)?,
                    _ => return Err(damaged(format!("line for heap {heap} is {:?}", line.trim_end()))),
                }
                count += 1;
            }
        }
    }
    if count != ck.count {
        return Err(damaged(format!(
            "{count} values, the checkpoint records {}",
            ck.count
        )));
    }
    Ok(())
}
