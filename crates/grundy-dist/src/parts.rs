//! Part files: each worker's blocks on its own disk, after every level.
//!
//! `FILE.part-W-of-P` (worker `W` of `P`) has a 4096-byte header, then the data of
//! the whole table (packed outcomes, then remoteness bytes) with zeros where
//! another worker owns the positions: a sparse file holding only this worker's
//! share. The header says how many levels are done and the checksum of their
//! blocks; it is rewritten after the level's data is synced, so a killed worker
//! resumes from its last complete level. Since every part has zeros where it does
//! not own, the table is the bytewise OR of the parts ([`merge`]), which is how
//! `grundy merge` joins parts written on machines without a shared file system.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use grundy_files::Fnv;
use grundy_retro::Table;

use crate::block::Block;
use crate::DistError;

const MAGIC: &[u8; 8] = b"GRUNDYPT";
const HEADER: u64 = 4096;

/// Where worker `w` of `peers` keeps its part of the table `db`.
pub fn part_path(db: &Path, w: usize, peers: usize) -> PathBuf {
    let mut s = db.as_os_str().to_owned();
    s.push(format!(".part-{w}-of-{peers}"));
    PathBuf::from(s)
}

/// What a part's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartHeader {
    /// The game in GAME syntax.
    pub name: String,
    /// Indices of the table.
    pub size: u64,
    /// Remoteness stored.
    pub remoteness: bool,
    /// The worker, and how many there are.
    pub worker: usize,
    /// Workers in the job.
    pub peers: usize,
    /// Levels (rounds) done.
    pub done: usize,
    /// The checksum of the blocks of the levels done, in the order solved.
    pub sum: u64,
}

impl PartHeader {
    fn bytes(&self) -> Vec<u8> {
        let text = format!(
            "{}\n{}\n{}\n{}\n{}\n{}\n{:016x}\n",
            self.name, self.size, self.remoteness as u8, self.worker, self.peers, self.done, self.sum
        );
        let mut h = vec![0u8; HEADER as usize];
        h[..8].copy_from_slice(MAGIC);
        let n = text.len().min(HEADER as usize - 12);
        h[8..12].copy_from_slice(&(n as u32).to_le_bytes());
        h[12..12 + n].copy_from_slice(&text.as_bytes()[..n]);
        h
    }

    fn parse(h: &[u8], path: &Path) -> Result<PartHeader, DistError> {
        let bad = || file_bad(path, "not a part file of `grundy build --workers/--processes`");
        if h.len() < HEADER as usize || &h[..8] != MAGIC {
            return Err(bad());
        }
        let n =
            (u32::from_le_bytes(h[8..12].try_into().expect("4 bytes")) as usize).min(HEADER as usize - 12);
        let text = std::str::from_utf8(&h[12..12 + n]).map_err(|_| bad())?;
        let l: Vec<&str> = text.lines().collect();
        if l.len() != 7 {
            return Err(bad());
        }
        let num = |s: &str| s.parse::<u64>().map_err(|_| bad());
        Ok(PartHeader {
            name: l[0].to_string(),
            size: num(l[1])?,
            remoteness: l[2] == "1",
            worker: num(l[3])? as usize,
            peers: num(l[4])? as usize,
            done: num(l[5])? as usize,
            sum: u64::from_str_radix(l[6], 16).map_err(|_| bad())?,
        })
    }

    fn data_len(&self) -> u64 {
        self.size.div_ceil(4) + if self.remoteness { self.size } else { 0 }
    }
}

/// Refuse a file that exists and is not a regular file: opening a FIFO blocks
/// until another process opens its other end, and writing a device is no part file.
pub(crate) fn regular_or_absent(path: &Path) -> Result<(), DistError> {
    match grundy_files::atomic::not_regular(path) {
        Some(_) => Err(not_regular_error(path)),
        None => Ok(()),
    }
}

/// The error for a file of the build that exists and is not a regular file.
pub(crate) fn not_regular_error(path: &Path) -> DistError {
    file_bad(
        path,
        "exists and is not a regular file (a device, a FIFO or a directory); remove it or build elsewhere",
    )
}

/// Read a part's header.
pub fn read_header(path: &Path) -> Result<PartHeader, DistError> {
    regular_or_absent(path)?;
    let mut f = File::open(path).map_err(|e| file_io(path, e))?;
    let mut h = vec![0u8; HEADER as usize];
    f.read_exact(&mut h)
        .map_err(|_| file_bad(path, "not a part file (too short)"))?;
    PartHeader::parse(&h, path)
}

/// A worker's open part file.
pub(crate) struct Part {
    file: File,
    path: PathBuf,
    header: PartHeader,
    sum: Fnv,
    /// The checksum after each level loaded.
    snapshots: Vec<Fnv>,
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> DistError + '_ {
    move |e| file_io(path, e)
}

fn file_io(path: &Path, e: std::io::Error) -> DistError {
    DistError::File {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

fn file_bad(path: &Path, message: &str) -> DistError {
    DistError::File {
        path: path.to_path_buf(),
        message: message.to_string(),
    }
}

impl Part {
    /// Open (with `resume`, when it is for the same job) or create the part.
    pub(crate) fn open(path: PathBuf, mut header: PartHeader, resume: bool) -> Result<Part, DistError> {
        regular_or_absent(&path)?;
        if resume {
            if let Ok(old) = read_header(&path) {
                let same = PartHeader {
                    done: old.done,
                    sum: old.sum,
                    ..header.clone()
                };
                if old != same {
                    return Err(file_bad(
                        &path,
                        "the part is for another game, options or number of workers; build without --resume to start over",
                    )
                    );
                }
                let file = OpenOptions::new()
                    .read(true)
                    .write(true)
                    .open(&path)
                    .map_err(io(&path))?;
                return Ok(Part {
                    file,
                    path,
                    header: old,
                    sum: Fnv::new(),
                    snapshots: Vec::new(),
                });
            }
        }
        header.done = 0;
        header.sum = Fnv::new().finish();
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)
            .map_err(io(&path))?;
        file.set_len(HEADER + header.data_len()).map_err(io(&path))?;
        file.write_all(&header.bytes()).map_err(io(&path))?;
        Ok(Part {
            file,
            path,
            header,
            sum: Fnv::new(),
            snapshots: Vec::new(),
        })
    }

    /// Levels done, by the header.
    pub(crate) fn done(&self) -> usize {
        self.header.done
    }

    fn add_to_sum(sum: &mut Fnv, b: &Block) {
        for w in &b.words {
            sum.update(&w.to_le_bytes());
        }
        sum.update(&b.rem);
    }

    /// Read back this worker's block of `range` (a level done before).
    pub(crate) fn load(&mut self, range: std::ops::Range<u64>) -> Result<Block, DistError> {
        let mut b = Block::new(range.clone(), self.header.remoteness);
        if range.is_empty() {
            Self::add_to_sum(&mut self.sum, &b);
            return Ok(b);
        }
        let first = range.start / 4;
        let last = range.end.div_ceil(4);
        let mut bytes = vec![0u8; (last - first) as usize];
        let p = self.path.clone();
        self.file.seek(SeekFrom::Start(HEADER + first)).map_err(io(&p))?;
        self.file.read_exact(&mut bytes).map_err(io(&p))?;
        for i in range.clone() {
            let c = (bytes[(i / 4 - first) as usize] >> ((i % 4) * 2)) & 3;
            b.set(i, c, 0);
        }
        if self.header.remoteness {
            self.file
                .seek(SeekFrom::Start(
                    HEADER + self.header.size.div_ceil(4) + range.start,
                ))
                .map_err(io(&p))?;
            self.file.read_exact(&mut b.rem).map_err(io(&p))?;
        }
        Self::add_to_sum(&mut self.sum, &b);
        Ok(b)
    }

    /// Load this worker's blocks of the levels its header says are done (`ranges`,
    /// in the order solved) and check them against the header's checksum.
    pub(crate) fn load_done(&mut self, ranges: &[std::ops::Range<u64>]) -> Result<Vec<Block>, DistError> {
        self.sum = Fnv::new();
        self.snapshots = vec![self.sum.clone()];
        let mut blocks = Vec::new();
        for range in ranges {
            blocks.push(self.load(range.clone())?);
            self.snapshots.push(self.sum.clone());
        }
        if self.sum.finish() != self.header.sum {
            return Err(file_bad(
                &self.path,
                "the part does not match its checksum (changed or damaged since); build without --resume to start over",
            ));
        }
        Ok(blocks)
    }

    /// Keep the first `keep` levels loaded (those every worker has done): the
    /// next level saved follows them. The header on disk says so at once, so it
    /// never vouches for a level that is being written again.
    pub(crate) fn keep(&mut self, keep: usize) -> Result<(), DistError> {
        let keep = keep.min(self.snapshots.len().saturating_sub(1));
        self.sum = self.snapshots.get(keep).cloned().unwrap_or_default();
        let changed = self.header.done != keep;
        self.header.done = keep;
        self.header.sum = self.sum.finish();
        if changed {
            self.write_header()?;
        }
        Ok(())
    }

    /// Rewrite the header in place: one aligned 4096-byte write, then a sync. The
    /// data it vouches for was synced before, so a kill at any point leaves a
    /// header that is either the old one or the new one, each true of the data.
    fn write_header(&mut self) -> Result<(), DistError> {
        let p = self.path.clone();
        self.file.seek(SeekFrom::Start(0)).map_err(io(&p))?;
        self.file.write_all(&self.header.bytes()).map_err(io(&p))?;
        self.file.sync_data().map_err(io(&p))
    }

    /// Write the block of the level just solved, sync, then say so in the header.
    pub(crate) fn save(&mut self, b: &Block) -> Result<(), DistError> {
        let p = self.path.clone();
        if b.hi > b.lo {
            // The bytes at either end may hold positions of other levels of this
            // worker: OR into what is there.
            let first = b.lo / 4;
            let last = b.hi.div_ceil(4);
            let mut bytes = vec![0u8; (last - first) as usize];
            self.file.seek(SeekFrom::Start(HEADER + first)).map_err(io(&p))?;
            self.file.read_exact(&mut bytes).map_err(io(&p))?;
            for i in b.lo..b.hi {
                let (c, _) = b.get(i);
                let k = (i / 4 - first) as usize;
                bytes[k] = (bytes[k] & !(3 << ((i % 4) * 2))) | c << ((i % 4) * 2);
            }
            self.file.seek(SeekFrom::Start(HEADER + first)).map_err(io(&p))?;
            self.file.write_all(&bytes).map_err(io(&p))?;
            if self.header.remoteness {
                self.file
                    .seek(SeekFrom::Start(HEADER + self.header.size.div_ceil(4) + b.lo))
                    .map_err(io(&p))?;
                self.file.write_all(&b.rem).map_err(io(&p))?;
            }
            self.file.sync_data().map_err(io(&p))?;
        }
        Self::add_to_sum(&mut self.sum, b);
        self.header.done += 1;
        self.header.sum = self.sum.finish();
        self.write_header()
    }

    /// The job is done and the table is safe: the part is not needed.
    ///
    /// (A killed build leaves its parts, for `--resume`; one that fails with an
    /// error removes those with no level saved, see [`remove_empty`].)
    pub(crate) fn remove(self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Remove the part files of `workers` (of `peers` in the job) of the table `db`
/// that have no level saved: a job that failed leaves nothing that cannot be
/// resumed from. Parts with levels saved stay, for `--resume`.
pub(crate) fn remove_empty(db: &Path, peers: usize, workers: std::ops::Range<usize>) {
    for w in workers {
        let path = part_path(db, w, peers);
        if read_header(&path).is_ok_and(|h| h.done == 0 && h.peers == peers && h.worker == w) {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Join the parts of one job (every worker's, each complete) into its table; `levels`
/// are the game's levels (their index ranges), by which each part's checksum is
/// checked.
pub fn merge(parts: &[PathBuf], levels: &[std::ops::Range<u64>]) -> Result<Table, DistError> {
    let headers: Vec<PartHeader> = parts.iter().map(|p| read_header(p)).collect::<Result<_, _>>()?;
    let Some(first) = headers.first() else {
        return Err(DistError::Usage("no part files to merge".into()));
    };
    let mut seen = vec![false; first.peers];
    for (h, p) in headers.iter().zip(parts) {
        let other = |what: &str| {
            DistError::Usage(format!(
                "{} is a part of another job ({what} differs from {})",
                p.display(),
                parts[0].display()
            ))
        };
        if h.name != first.name {
            return Err(other("the game"));
        }
        if (h.size, h.remoteness, h.peers) != (first.size, first.remoteness, first.peers) {
            return Err(other("the size, remoteness or number of workers"));
        }
        if h.worker >= h.peers || seen[h.worker] {
            return Err(DistError::Usage(format!(
                "{}: worker {} of {} given twice or out of range",
                p.display(),
                h.worker,
                h.peers
            )));
        }
        seen[h.worker] = true;
        if h.done != levels.len() {
            return Err(DistError::Usage(format!(
                "{} is not complete: {} of {} levels done; resume the build first",
                p.display(),
                h.done,
                levels.len()
            )));
        }
        if h.size != levels.iter().map(|r| r.end).max().unwrap_or(0).max(h.size) {
            return Err(other("the size"));
        }
        // Each part's blocks must be the ones its header vouches for.
        let part = crate::partition::Partition::new(levels.to_vec(), h.peers);
        let mine: Vec<_> = (0..levels.len()).rev().map(|l| part.block(l, h.worker)).collect();
        let mut opened = Part {
            file: File::open(p).map_err(|e| file_io(p, e))?,
            path: p.clone(),
            header: h.clone(),
            sum: Fnv::new(),
            snapshots: Vec::new(),
        };
        opened.load_done(&mine)?;
    }
    if let Some(w) = seen.iter().position(|s| !s) {
        return Err(DistError::Usage(format!(
            "the part of worker {w} of {} is missing ({} given)",
            first.peers,
            parts.len()
        )));
    }
    let len = first.data_len() as usize;
    let mut data = vec![0u8; len];
    let mut buf = vec![0u8; 1 << 20];
    for p in parts {
        let mut f = File::open(p).map_err(|e| file_io(p, e))?;
        f.seek(SeekFrom::Start(HEADER)).map_err(|e| file_io(p, e))?;
        let mut at = 0;
        while at < len {
            let n = (len - at).min(buf.len());
            f.read_exact(&mut buf[..n]).map_err(|e| file_io(p, e))?;
            for (d, s) in data[at..at + n].iter_mut().zip(&buf[..n]) {
                *d |= s;
            }
            at += n;
        }
    }
    let obytes = first.size.div_ceil(4) as usize;
    let rem = first.remoteness.then(|| data.split_off(obytes));
    Ok(Table::from_values(first.name.clone(), first.size, data, rem)?)
}
