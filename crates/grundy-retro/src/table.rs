//! Compact tables: 2 bits of outcome per position (+ a byte of remoteness), in memory
//! or memory-mapped from a file with a checked header.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

use grundy::dynamic::NoRemoteness;
use grundy::solve::Evaluation;
use grundy::Outcome;

use crate::dense::{Dense, DenseOptions};
use crate::{Levelled, RetroError};
use grundy::solve::codes::outcome;
use grundy::solve::Solution;

/// The first eight bytes of every table file.
pub const MAGIC: &[u8; 8] = b"GRUNDYRT";
/// The table format this crate writes and reads.
/// Version 2: the checksum covers the header (the game name) as well as the data.
pub const FORMAT_VERSION: u32 = 2;
/// Where the data starts; the header is padded to this size.
pub const HEADER_SIZE: usize = 4096;
const MAX_NAME: usize = HEADER_SIZE - 64;

#[derive(Clone)]
enum Data {
    Owned(Vec<u8>),
    Mapped(Arc<memmap2::Mmap>),
}

/// The solved value of every position of an indexed game: 2 bits of outcome per
/// position, and optionally one byte of remoteness.
///
/// Remoteness bytes: 0 to 254 moves; for a draw, the moves to a tie (the Gamesman
/// convention of [`grundy::solve::Evaluation`]), and [`NO_END_BYTE`] for a draw by
/// repetition. Tables written before ties had a remoteness stored 0 for every draw;
/// they lack flag bit 2 of the header, and their draws answer "not stored"
/// ([`Table::stores_tie_remoteness`]). The format version did not change: old
/// tables stay readable, and an older grundy reads new tables.
///
/// Outcome codes: 0 = not a position, 1 = win, 2 = lose, 3 = draw (for the player to
/// move); position `i` is bits `2*(i%4)..2*(i%4)+2` of byte `i/4`.
///
/// A table may carry a *positions section* after the remoteness bytes (flag bit 1 of
/// the header): the numbered positions and options of a game enumerated from a
/// start (see [`crate::build_reachable`]), so that the file answers without the
/// game's rules. Cloning a memory-mapped table shares the mapping.
#[derive(Clone)]
pub struct Table {
    name: String,
    size: u64,
    data: Data,
    remoteness: bool,
    section: bool,
    /// Draws carry their remoteness (flag bit 2); not so in older tables.
    tie_remoteness: bool,
}

/// The remoteness byte of a draw by repetition (no end with best play).
pub const NO_END_BYTE: u8 = 255;

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("name", &self.name)
            .field("size", &self.size)
            .field("remoteness", &self.remoteness)
            .finish()
    }
}

impl PartialEq for Table {
    fn eq(&self, other: &Table) -> bool {
        self.size == other.size && self.remoteness == other.remoteness && self.data() == other.data()
    }
}

impl Table {
    pub(crate) fn outcome_bytes(size: u64) -> usize {
        size.div_ceil(4) as usize
    }

    pub(crate) fn from_parts(name: String, size: u64, mut outcomes: Vec<u8>, rem: Option<Vec<u8>>) -> Table {
        let remoteness = rem.is_some();
        if let Some(r) = rem {
            outcomes.extend_from_slice(&r);
        }
        Table {
            name,
            size,
            data: Data::Owned(outcomes),
            remoteness,
            section: false,
            tie_remoteness: remoteness,
        }
    }

    /// A table from its values as a solver computed them elsewhere (the distributed
    /// builder): `outcomes` packed 4 to a byte as in the file (position `i` is bits
    /// `2*(i%4)..` of byte `i/4`), and one remoteness byte per index when stored. Its
    /// file is the one `build` writes for the same values, byte for byte.
    pub fn from_values(
        name: impl Into<String>,
        size: u64,
        outcomes: Vec<u8>,
        remoteness: Option<Vec<u8>>,
    ) -> Result<Table, RetroError> {
        let fits = outcomes.len() == Table::outcome_bytes(size)
            && remoteness.as_ref().is_none_or(|r| r.len() as u64 == size);
        if !fits {
            return Err(RetroError::Game(grundy::GameError::Rule(format!(
                "table values of the wrong length for {size} positions"
            ))));
        }
        Ok(Table::from_parts(name.into(), size, outcomes, remoteness))
    }

    /// The table with `section` appended after its data (the positions section).
    pub(crate) fn with_section(self, section: &[u8]) -> Table {
        let mut data = self.data().to_vec();
        data.extend_from_slice(section);
        Table {
            data: Data::Owned(data),
            section: true,
            ..self
        }
    }

    /// Bytes of outcomes and remoteness (the data before any positions section).
    fn values_len(&self) -> usize {
        Table::outcome_bytes(self.size) + if self.remoteness { self.size as usize } else { 0 }
    }

    /// True when the table carries a positions section (a game enumerated from a start).
    pub fn has_positions(&self) -> bool {
        self.section
    }

    /// The positions section (empty when there is none).
    pub(crate) fn section(&self) -> &[u8] {
        &self.data()[self.values_len()..]
    }

    /// Pack a [`Solution`] (outcomes, and remoteness when `remoteness`).
    pub fn from_solution(
        name: impl Into<String>,
        s: &Solution,
        remoteness: bool,
    ) -> Result<Table, RetroError> {
        let (codes, rems) = s.parts();
        let mut out = vec![0u8; Table::outcome_bytes(s.size())];
        for (i, &c) in codes.iter().enumerate() {
            out[i >> 2] |= c << ((i & 3) * 2);
        }
        let rem = if remoteness {
            // Checked first, then converted by a plain loop (collecting into a
            // Result costs more than the conversion itself).
            if let Some(&r) = rems
                .iter()
                .find(|&&r| r != grundy::solve::NO_END && r >= u32::from(NO_END_BYTE))
            {
                return Err(RetroError::RemotenessOverflow(r as u64));
            }
            Some(
                rems.iter()
                    .map(|&r| {
                        if r == grundy::solve::NO_END {
                            NO_END_BYTE
                        } else {
                            r as u8
                        }
                    })
                    .collect(),
            )
        } else {
            None
        };
        Ok(Table::from_parts(name.into(), s.size(), out, rem))
    }

    /// The game the table solves, in GAME syntax.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Set the game name (the solvers leave it empty).
    pub fn with_name(mut self, name: impl Into<String>) -> Table {
        self.name = name.into();
        self
    }

    /// How many indices (positions and gaps).
    pub fn size(&self) -> u64 {
        self.size
    }

    /// True when the table stores remoteness.
    pub fn has_remoteness(&self) -> bool {
        self.remoteness
    }

    /// The data section: packed outcomes, then remoteness bytes.
    fn data(&self) -> &[u8] {
        match &self.data {
            Data::Owned(v) => v,
            Data::Mapped(m) => &m[HEADER_SIZE..],
        }
    }

    /// Bytes per index in memory (and on disk, without the header).
    pub fn bytes_per_position(&self) -> f64 {
        self.data().len() as f64 / self.size.max(1) as f64
    }

    /// The outcome of position `i` for the player to move; `None` for a gap.
    pub fn outcome(&self, i: u64) -> Option<Outcome> {
        if i >= self.size {
            return None;
        }
        outcome((self.data()[(i >> 2) as usize] >> ((i & 3) * 2)) & 3)
    }

    /// True when the table stores the remoteness of draws (ties), as every table
    /// with remoteness written since ties had one does (flag bit 2).
    pub fn stores_tie_remoteness(&self) -> bool {
        self.remoteness && self.tie_remoteness
    }

    /// The remoteness of position `i`, or why there is none: not a position (`None`
    /// reason: a gap), not stored, or a draw by repetition.
    pub fn remoteness_or_why(&self, i: u64) -> Result<u64, Option<NoRemoteness>> {
        let outcome = self.outcome(i).ok_or(None)?;
        if !self.remoteness {
            return Err(Some(NoRemoteness::NotStored));
        }
        if outcome == Outcome::Draw && !self.tie_remoteness {
            return Err(Some(NoRemoteness::OldTable));
        }
        match self.data()[Table::outcome_bytes(self.size) + i as usize] {
            NO_END_BYTE => Err(Some(NoRemoteness::NoEnd)),
            r => Ok(r as u64),
        }
    }

    /// The remoteness of position `i`, if the table stores it (`None` too for a
    /// draw by repetition: [`Table::remoteness_or_why`] says which).
    pub fn remoteness(&self, i: u64) -> Option<u64> {
        self.remoteness_or_why(i).ok()
    }

    /// Outcome and remoteness of position `i` (`None` when not stored, or for a
    /// draw by repetition).
    pub fn evaluation(&self, i: u64) -> Option<Evaluation> {
        Some(Evaluation {
            outcome: self.outcome(i)?,
            remoteness: self.remoteness(i),
        })
    }

    /// How many positions have each outcome: `(wins, losses, draws)`.
    pub fn counts(&self) -> (u64, u64, u64) {
        let mut c = [0u64; 4];
        for &b in &self.data()[..Table::outcome_bytes(self.size)] {
            for k in 0..4 {
                c[((b >> (2 * k)) & 3) as usize] += 1;
            }
        }
        (c[1], c[2], c[3])
    }

    /// The header of the table's file, checksum included.
    fn sealed_header(&self) -> Result<Vec<u8>, RetroError> {
        let h = header(
            &self.name,
            self.size,
            flags(self.remoteness, self.section, self.tie_remoteness),
            self.data().len() as u64,
        )?;
        Ok(seal(h, |f| f.update(self.data())))
    }

    /// The checksum of the table's file: header (game name, sizes, flags) and data
    /// (see [`checksum`]).
    pub fn checksum(&self) -> u64 {
        match self.sealed_header() {
            Ok(h) => u64::from_le_bytes(h[SUM_AT].try_into().expect("8 bytes")),
            // A name too long for a header: the table cannot be written anyway.
            Err(_) => checksum(self.data()),
        }
    }

    /// Write the table to `path`: a temporary file `path.tmp` next to it, synced,
    /// then renamed ([`grundy_files::atomic::write_with`]), so that `path` is never a
    /// partial table.
    pub fn write(&self, path: &Path) -> Result<(), RetroError> {
        let header = self.sealed_header()?;
        let tmp = sibling(path, "tmp");
        grundy_files::atomic::write_with(path, &tmp, |f| {
            f.write_all(&header)?;
            f.write_all(self.data())
        })
        .map_err(write_error)
    }

    /// Open a table file, memory-mapped, after checking magic, version, sizes and
    /// checksum; when `game` is given, the table must be for that game.
    pub fn open(path: &Path, game: Option<&str>) -> Result<Table, RetroError> {
        let f = open_regular(path)?;
        // SAFETY: the file is only read; tables are written to a temporary file and
        // renamed into place, never modified where they stand.
        let map = unsafe { memmap2::Mmap::map(&f) }.map_err(|e| RetroError::io(path, e))?;
        let table = Table::checked(&map, path, game)?;
        Ok(Table {
            data: Data::Mapped(Arc::new(map)),
            ..table
        })
    }

    /// Read a table from the bytes of a table file (header and data), with the same
    /// checks as [`Table::open`]; `path` names it in errors.
    pub fn from_bytes(bytes: &[u8], path: &Path, game: Option<&str>) -> Result<Table, RetroError> {
        let table = Table::checked(bytes, path, game)?;
        Ok(Table {
            data: Data::Owned(bytes[HEADER_SIZE..].to_vec()),
            ..table
        })
    }

    /// Check the header and checksum of a table file's bytes: the table, its data
    /// left empty (the caller keeps the bytes).
    fn checked(map: &[u8], path: &Path, game: Option<&str>) -> Result<Table, RetroError> {
        let bad = |m: String| RetroError::bad_table(path, m);
        if map.len() < HEADER_SIZE || &map[..8] != MAGIC {
            return Err(bad("not a grundy table (bad magic number)".into()));
        }
        let u32_at = |o: usize| u32::from_le_bytes(map[o..o + 4].try_into().expect("4 bytes"));
        let u64_at = |o: usize| u64::from_le_bytes(map[o..o + 8].try_into().expect("8 bytes"));
        let version = u32_at(8);
        if version != FORMAT_VERSION {
            return Err(bad(format!(
                "table format version {version}, this grundy reads version {FORMAT_VERSION}; rebuild it with `grundy build`"
            )));
        }
        let remoteness = u32_at(12) & 1 == 1;
        let section = u32_at(12) & 2 == 2;
        let tie_remoteness = u32_at(12) & 4 == 4;
        let size = u64_at(16);
        let len = u64_at(24);
        let sum = u64_at(32);
        let name_len = u32_at(40) as usize;
        if name_len > MAX_NAME {
            return Err(bad("corrupt header (name too long)".into()));
        }
        let name = String::from_utf8(map[44..44 + name_len].to_vec())
            .map_err(|_| bad("corrupt header (name)".into()))?;
        // A corrupt size may be near 2^64: no sum here may overflow.
        let Some(expect) = (size.div_ceil(4)).checked_add(if remoteness { size } else { 0 }) else {
            return Err(bad("corrupt header (size)".into()));
        };
        let fits = if section { len > expect } else { len == expect };
        if !fits || (map.len() - HEADER_SIZE) as u64 != len {
            return Err(bad(format!(
                "truncated or corrupt: {} data bytes, expected {expect}",
                map.len().saturating_sub(HEADER_SIZE)
            )));
        }
        if let Some(g) = game {
            if g != name {
                return Err(bad(format!("this table is for '{name}', not '{g}'")));
            }
        }
        if file_checksum(&map[..HEADER_SIZE], &map[HEADER_SIZE..]) != sum {
            return Err(bad(
                "checksum mismatch: the table is corrupt; rebuild it with `grundy build`".into(),
            ));
        }
        Ok(Table {
            name,
            size,
            data: Data::Owned(Vec::new()),
            remoteness,
            section,
            tie_remoteness,
        })
    }

    /// Read only the game name of a table file (after checking magic and version).
    pub fn peek_name(path: &Path) -> Result<String, RetroError> {
        let mut f = open_regular(path)?;
        let mut h = vec![0u8; 44 + MAX_NAME];
        f.read_exact(&mut h)
            .map_err(|_| RetroError::bad_table(path, "not a grundy table (too short)"))?;
        if &h[..8] != MAGIC {
            return Err(RetroError::bad_table(
                path,
                "not a grundy table (bad magic number)",
            ));
        }
        let n = (u32::from_le_bytes(h[40..44].try_into().expect("4 bytes")) as usize).min(MAX_NAME);
        Ok(String::from_utf8_lossy(&h[44..44 + n]).into_owned())
    }
}

/// Open a table file for reading, refusing anything but a regular file: opening a
/// FIFO blocks until someone writes to it, and a device never ends.
fn open_regular(path: &Path) -> Result<File, RetroError> {
    let meta = fs::metadata(path).map_err(|e| RetroError::io(path, e))?;
    if !meta.is_file() {
        return Err(RetroError::bad_table(
            path,
            "not a regular file (a table is a file written by `grundy build`, not a FIFO, device or directory)",
        ));
    }
    File::open(path).map_err(|e| RetroError::io(path, e))
}

/// The checksum of every grundy file ([`grundy_files::checksum`], FNV-1a with
/// 64-bit lanes): a table file's checksum (format version 2) is this checksum of the
/// whole file: the 4096-byte header, with its checksum field read as zeros, then the
/// data; so the game name and sizes in the header are covered as well as the data.
pub use grundy_files::{checksum, Fnv};

/// Where the checksum sits in the header.
const SUM_AT: std::ops::Range<usize> = 32..40;

/// The checksum of a table file: its header with the checksum field zeroed, then its data.
fn file_checksum(header: &[u8], data: &[u8]) -> u64 {
    let mut h = Fnv::new();
    h.update(&header[..SUM_AT.start]);
    h.update(&[0u8; 8]);
    h.update(&header[SUM_AT.end..]);
    h.update(data);
    h.finish()
}

/// A header with its checksum filled in, over itself and `data`.
fn seal(mut header: Vec<u8>, data_sum: impl FnOnce(&mut Fnv)) -> Vec<u8> {
    let mut h = Fnv::new();
    h.update(&header[..SUM_AT.start]);
    h.update(&[0u8; 8]);
    h.update(&header[SUM_AT.end..]);
    data_sum(&mut h);
    header[SUM_AT].copy_from_slice(&h.finish().to_le_bytes());
    header
}

/// The header's flags: bit 0 remoteness stored, bit 1 a positions section follows,
/// bit 2 draws carry their remoteness (ties; [`NO_END_BYTE`]: a draw by repetition).
fn flags(remoteness: bool, section: bool, tie_remoteness: bool) -> u32 {
    remoteness as u32 | (section as u32) << 1 | ((remoteness && tie_remoteness) as u32) << 2
}

/// A header with a zero checksum (see [`seal`]).
fn header(name: &str, size: u64, flags: u32, len: u64) -> Result<Vec<u8>, RetroError> {
    if name.len() > MAX_NAME {
        return Err(RetroError::Game(grundy::GameError::Unsupported(format!(
            "game name longer than {MAX_NAME} bytes"
        ))));
    }
    let mut h = vec![0u8; HEADER_SIZE];
    h[..8].copy_from_slice(MAGIC);
    h[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    h[12..16].copy_from_slice(&flags.to_le_bytes());
    h[16..24].copy_from_slice(&size.to_le_bytes());
    h[24..32].copy_from_slice(&len.to_le_bytes());
    h[40..44].copy_from_slice(&(name.len() as u32).to_le_bytes());
    h[44..44 + name.len()].copy_from_slice(name.as_bytes());
    Ok(h)
}

fn sibling(path: &Path, ext: &str) -> PathBuf {
    grundy_files::atomic::with_suffix(path, &format!(".{ext}"))
}

/// A failed atomic write, as the error of the file it concerns.
fn write_error(e: grundy_files::WriteError) -> RetroError {
    let path = e.path().to_path_buf();
    RetroError::io(&path, e.into_io())
}

/// Progress of a build, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions solved so far.
    pub done: u64,
    /// Positions in all.
    pub total: u64,
    /// Levels done so far (level-by-level builds), and in all.
    pub levels: (usize, usize),
    /// True when this build continued from a checkpoint.
    pub resumed: bool,
}

/// Solve a levelled game into the table file `path`, checkpointing after each level.
///
/// The table is built in `path.tmp`; after each level its data is written there and
/// synced, then `path.ckpt` (game, size, levels done, the done levels' chained
/// checksum) is replaced atomically. With `resume`, a checkpoint for the same game
/// continues where it stopped; without it, the build starts over. Only a finished
/// table (with its checksum) is renamed to `path`: a killed build never leaves a
/// corrupt table.
pub fn build_levelled<G: Levelled>(
    game: &G,
    name: &str,
    path: &Path,
    options: DenseOptions,
    resume: bool,
    mut progress: impl FnMut(Progress),
) -> Result<Table, RetroError> {
    let size = game.size();
    let levels = game.levels();
    let tmp = sibling(path, "tmp");
    let ckpt = sibling(path, "ckpt");
    // The checkpoint: game, size, remoteness (2: with the remoteness of ties, so
    // that a build begun before ties had one is not resumed) and the checksum's
    // kind ("chained": the levels' checksums chained, `Dense::chain_checksum`; a
    // checkpoint of a version that hashed the whole table is not resumed), levels
    // done, and the checksum of the levels done, which a resume must find again.
    let ckpt_text = |done: usize, sum: u64| {
        format!(
            "{name}\n{size}\n{} chained\n{done}\n{sum:016x}\n",
            if options.remoteness { 2 } else { 0 }
        )
    };
    let obytes = Table::outcome_bytes(size);
    let len = obytes as u64 + if options.remoteness { size } else { 0 };
    crate::memory::admit(
        size,
        crate::dense_table_bytes(size, options.remoteness),
        options.max_memory,
    )?;
    let dense = Dense::new(size, options.remoteness);
    let mut done_levels = 0usize;
    let mut chain = 0u64;
    if resume {
        if let Ok(text) = fs::read_to_string(&ckpt) {
            let lines: Vec<&str> = text.lines().collect();
            let ours = ckpt_text(0, 0);
            let ours: Vec<&str> = ours.lines().collect();
            if lines.len() == 5 && lines[..3] == ours[..3] {
                let bad = |m: &str| RetroError::bad_table(&ckpt, m);
                let n: usize = lines[3].parse().map_err(|_| {
                    bad("corrupt checkpoint (levels done); build without --resume to start over")
                })?;
                let sum = u64::from_str_radix(lines[4], 16).map_err(|_| {
                    bad("corrupt checkpoint (checksum); build without --resume to start over")
                })?;
                let mut f = File::open(&tmp).map_err(|e| RetroError::io(&tmp, e))?;
                let mut data = vec![0u8; len as usize];
                f.seek(SeekFrom::Start(HEADER_SIZE as u64))
                    .and_then(|_| f.read_exact(&mut data))
                    .map_err(|e| RetroError::io(&tmp, e))?;
                for (k, w) in dense.words.iter().enumerate() {
                    let mut b = [0u8; 8];
                    let s = k * 8;
                    let e = (s + 8).min(obytes);
                    b[..e - s].copy_from_slice(&data[s..e]);
                    w.store(u64::from_le_bytes(b), Relaxed);
                }
                if let Some(r) = &dense.rem {
                    for (k, x) in r.iter().enumerate() {
                        x.store(data[obytes + k], Relaxed);
                    }
                }
                done_levels = n.min(levels);
                // Levels not done may hold a level cut short: clear them, then the
                // data must be exactly what the checkpoint vouched for.
                for k in done_levels..levels {
                    dense.clear(&game.level(levels - 1 - k));
                }
                chain = (0..done_levels).fold(0, |c, k| dense.chain_checksum(c, &game.level(levels - 1 - k)));
                if chain != sum {
                    return Err(RetroError::bad_table(
                        &tmp,
                        "the partial table does not match its checkpoint's checksum (changed or damaged since); build without --resume to start over",
                    ));
                }
            } else {
                return Err(RetroError::bad_table(
                    &ckpt,
                    "the checkpoint is for another game or other options; build without --resume to start over",
                ));
            }
        }
    }
    let mut file = if done_levels > 0 {
        OpenOptions::new().write(true).open(&tmp)
    } else {
        File::create(&tmp)
    }
    .map_err(|e| RetroError::io(&tmp, e))?;
    file.set_len(HEADER_SIZE as u64 + len)
        .map_err(|e| RetroError::io(&tmp, e))?;
    let level_size = |l: usize| {
        let r = game.level(l);
        r.end - r.start
    };
    let mut done: u64 = (levels - done_levels..levels).map(level_size).sum();
    progress(Progress {
        done,
        total: size,
        levels: (done_levels, levels),
        resumed: done_levels > 0,
    });
    for k in done_levels..levels {
        let l = levels - 1 - k;
        dense.solve_level(game, l, options.parallel)?;
        let range = game.level(l);
        // Checkpoint: this level's words and remoteness bytes, synced, then the note.
        let words = dense.outcome_word_range(&range);
        let mut bytes = Vec::with_capacity(words.len() * 8);
        for w in &dense.words[words.clone()] {
            bytes.extend_from_slice(&w.load(Relaxed).to_le_bytes());
        }
        let start = words.start * 8;
        bytes.truncate(obytes.saturating_sub(start));
        let io = |e: std::io::Error| RetroError::io(&tmp, e);
        file.seek(SeekFrom::Start((HEADER_SIZE + start) as u64))
            .map_err(io)?;
        file.write_all(&bytes).map_err(io)?;
        if let Some(r) = &dense.rem {
            let rb: Vec<u8> = r[range.start as usize..range.end as usize]
                .iter()
                .map(|x| x.load(Relaxed))
                .collect();
            file.seek(SeekFrom::Start(HEADER_SIZE as u64 + obytes as u64 + range.start))
                .map_err(io)?;
            file.write_all(&rb).map_err(io)?;
        }
        file.sync_data().map_err(io)?;
        let note = sibling(&ckpt, "new");
        chain = dense.chain_checksum(chain, &range);
        grundy_files::atomic::write(&ckpt, &note, ckpt_text(k + 1, chain).as_bytes()).map_err(write_error)?;
        done += range.end - range.start;
        progress(Progress {
            done,
            total: size,
            levels: (k + 1, levels),
            resumed: done_levels > 0,
        });
    }
    let table = dense.into_table(name.to_string());
    let io = |e: std::io::Error| RetroError::io(&tmp, e);
    file.seek(SeekFrom::Start(0)).map_err(io)?;
    file.write_all(&table.sealed_header()?).map_err(io)?;
    // The partial table stays on error, for --resume.
    grundy_files::atomic::commit(&file, &tmp, path).map_err(write_error)?;
    drop(file);
    let _ = fs::remove_file(&ckpt);
    Ok(table)
}
