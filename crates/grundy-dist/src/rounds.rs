//! Round checkpoints of the retrograde (push) solver: each worker's state after a
//! round, for `--resume`.
//!
//! After a round, a worker writes what it holds of its block — the outcome code,
//! the round of the claim and the count of options not yet known to win, per
//! position — with the phase and round it closed. It does so after the rounds whose
//! messages since the last checkpoint (all workers' together) reach the number of
//! indices: a checkpoint writes 9 bytes an index, so saving costs at most about as
//! much as the work it protects, and every worker decides the same from the same
//! statuses. The reverse edges are not saved: a resumed job rebuilds them with one
//! pass over the positions (round 0), then loads the checkpoint over it.
//!
//! Each worker keeps its last two checkpoints, `FILE.round-W-of-P.0` and `.1`,
//! written alternately, each as a temporary file that is synced and then renamed
//! into place (so a kill leaves either the old or the new file, never half of
//! one), with a checksum of its bytes at the end. Workers are at most one
//! checkpoint apart (a worker cannot close round `r + 1` before every worker sent
//! its status of round `r + 1`, which each sends after saving round `r`), so the
//! latest checkpoint that every worker holds is the oldest of their latest ones,
//! and every worker still has it.

use std::path::{Path, PathBuf};

use grundy_files::Fnv;

use crate::DistError;

const MAGIC: &[u8; 8] = b"GRUNDYRC";

/// Where worker `w` of `peers` keeps checkpoint slot `slot` of the table `db`.
pub fn round_path(db: &Path, w: usize, peers: usize, slot: usize) -> PathBuf {
    let mut s = db.as_os_str().to_owned();
    s.push(format!(".round-{w}-of-{peers}.{slot}"));
    PathBuf::from(s)
}

/// Which job a checkpoint belongs to: it is used only by the same job.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Job {
    pub name: String,
    pub size: u64,
    pub remoteness: bool,
    pub worker: usize,
    pub peers: usize,
    /// This worker's block.
    pub lo: u64,
    pub n: usize,
    /// The digest of an enumerated game's graph (0 for a game's own numbering), so
    /// that a rule file changed since does not resume from the old positions.
    pub digest: u64,
}

/// Where the solver was when it saved, and its counters for the progress report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mark {
    /// Checkpoints are numbered by the rounds closed (1, 2, ...; 0 is none).
    pub seq: u64,
    /// 0: wins and losses; 1: ties.
    pub phase: u8,
    /// The round of the phase just closed.
    pub round: u64,
    pub messages: u64,
    pub done: u64,
}

/// A worker's state after a round.
#[derive(Debug)]
pub(crate) struct Checkpoint {
    pub mark: Mark,
    pub codes: Vec<u8>,
    pub rem: Vec<u32>,
    pub count: Vec<u32>,
}

fn head(job: &Job, mark: &Mark) -> String {
    format!(
        "{}\n{}\n{}\n{}\n{}\n{}\n{}\n{:016x}\n{}\n{}\n{}\n{}\n{}\n",
        job.name,
        job.size,
        job.remoteness as u8,
        job.worker,
        job.peers,
        job.lo,
        job.n,
        job.digest,
        mark.seq,
        mark.phase,
        mark.round,
        mark.messages,
        mark.done
    )
}

fn file_error(path: &Path, message: impl ToString) -> DistError {
    DistError::File {
        path: path.to_path_buf(),
        message: message.to_string(),
    }
}

/// A worker's two checkpoint slots.
pub(crate) struct Rounds {
    db: PathBuf,
    job: Job,
    /// The slot written last (the next save goes to the other one).
    last: Option<usize>,
}

impl Rounds {
    /// The slots of `job` in `db`'s directory. Without `resume`, what an earlier
    /// job left there is removed, so that it can never be taken for this job's.
    pub(crate) fn open(db: &Path, job: Job, resume: bool) -> Result<Rounds, DistError> {
        let rounds = Rounds {
            db: db.to_path_buf(),
            job,
            last: None,
        };
        if !resume {
            rounds.remove_files()?;
        }
        Ok(rounds)
    }

    fn path(&self, slot: usize) -> PathBuf {
        round_path(&self.db, self.job.worker, self.job.peers, slot)
    }

    /// The latest checkpoint number in either slot (0 when there is none). A slot
    /// that is missing, damaged or of another job does not count.
    pub(crate) fn latest(&self) -> u64 {
        (0..2)
            .filter_map(|s| self.read_mark(s).ok())
            .map(|m| m.seq)
            .max()
            .unwrap_or(0)
    }

    fn read_mark(&self, slot: usize) -> Result<Mark, DistError> {
        self.read(slot).map(|c| c.mark)
    }

    /// Load checkpoint `seq` (which the workers agreed on); the next save goes to
    /// the other slot.
    pub(crate) fn load(&mut self, seq: u64) -> Result<Checkpoint, DistError> {
        for slot in 0..2 {
            if let Ok(c) = self.read(slot) {
                if c.mark.seq == seq {
                    self.last = Some(slot);
                    return Ok(c);
                }
            }
        }
        Err(file_error(
            &self.path(0),
            format!("this worker has no checkpoint of round {seq}, which the others resume from; build without --resume to start over"),
        ))
    }

    fn read(&self, slot: usize) -> Result<Checkpoint, DistError> {
        let path = self.path(slot);
        // A FIFO would block the read: only a regular file is a checkpoint.
        crate::parts::regular_or_absent(&path)?;
        let bytes = std::fs::read(&path).map_err(|e| file_error(&path, e))?;
        let bad = || file_error(&path, "not a round checkpoint of this build");
        if bytes.len() < 20 || &bytes[..8] != MAGIC {
            return Err(bad());
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        let mut fnv = Fnv::new();
        fnv.update(body);
        if fnv.finish().to_le_bytes() != sum {
            return Err(file_error(&path, "the checkpoint does not match its checksum"));
        }
        let len = u32::from_le_bytes(body[8..12].try_into().expect("4 bytes")) as usize;
        let text = body.get(12..12 + len).ok_or_else(bad)?;
        let text = std::str::from_utf8(text).map_err(|_| bad())?;
        let l: Vec<&str> = text.lines().collect();
        if l.len() != 13 {
            return Err(bad());
        }
        let num = |s: &str| s.parse::<u64>().map_err(|_| bad());
        let job = Job {
            name: l[0].to_string(),
            size: num(l[1])?,
            remoteness: l[2] == "1",
            worker: num(l[3])? as usize,
            peers: num(l[4])? as usize,
            lo: num(l[5])?,
            n: num(l[6])? as usize,
            digest: u64::from_str_radix(l[7], 16).map_err(|_| bad())?,
        };
        if job != self.job {
            return Err(bad());
        }
        let mark = Mark {
            seq: num(l[8])?,
            phase: num(l[9])? as u8,
            round: num(l[10])?,
            messages: num(l[11])?,
            done: num(l[12])?,
        };
        let data = &body[12 + len..];
        let n = job.n;
        if data.len() != 9 * n {
            return Err(bad());
        }
        let words = |b: &[u8]| -> Vec<u32> {
            b.chunks_exact(4)
                .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
                .collect()
        };
        Ok(Checkpoint {
            mark,
            codes: data[..n].to_vec(),
            rem: words(&data[n..5 * n]),
            count: words(&data[5 * n..]),
        })
    }

    /// Save the state after a round: the other slot than the last, written to a
    /// temporary file, synced, then renamed over it.
    pub(crate) fn save(
        &mut self,
        mark: Mark,
        codes: &[u8],
        rem: &[u32],
        count: &[u32],
    ) -> Result<(), DistError> {
        let slot = match self.last {
            Some(s) => 1 - s,
            None => 0,
        };
        let path = self.path(slot);
        let text = head(&self.job, &mark);
        let mut bytes = Vec::with_capacity(20 + text.len() + 9 * codes.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&(text.len() as u32).to_le_bytes());
        bytes.extend_from_slice(text.as_bytes());
        bytes.extend_from_slice(codes);
        for r in rem {
            bytes.extend_from_slice(&r.to_le_bytes());
        }
        for c in count {
            bytes.extend_from_slice(&c.to_le_bytes());
        }
        let mut fnv = Fnv::new();
        fnv.update(&bytes);
        bytes.extend_from_slice(&fnv.finish().to_le_bytes());
        // Synced, renamed into place, the directory synced: the one atomic writer.
        let tmp = grundy_files::atomic::with_suffix(&path, ".tmp");
        grundy_files::atomic::write(&path, &tmp, &bytes).map_err(|e| match e {
            grundy_files::WriteError::NotRegular { path, .. } => crate::parts::not_regular_error(&path),
            e => file_error(&path, e.into_io()),
        })?;
        self.last = Some(slot);
        Ok(())
    }

    fn remove_files(&self) -> Result<(), DistError> {
        for slot in 0..2 {
            let path = self.path(slot);
            match std::fs::remove_file(&path) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(file_error(&path, e)),
            }
        }
        Ok(())
    }

    /// The job is done: the checkpoints are not needed.
    pub(crate) fn remove(self) {
        let _ = self.remove_files();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(worker: usize) -> Job {
        Job {
            name: "dodgem:3".into(),
            size: 100,
            remoteness: true,
            worker,
            peers: 2,
            lo: 64,
            n: 36,
            digest: 7,
        }
    }

    fn mark(seq: u64) -> Mark {
        Mark {
            seq,
            phase: (seq % 2) as u8,
            round: seq * 3,
            messages: seq * 100,
            done: seq * 7,
        }
    }

    #[test]
    fn the_last_two_checkpoints_are_kept_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("t.db");
        let mut r = Rounds::open(&db, job(1), false).unwrap();
        assert_eq!(r.latest(), 0);
        let state = |s: u64| {
            let codes: Vec<u8> = (0..36).map(|k| ((k + s) % 4) as u8).collect();
            let rem: Vec<u32> = (0..36).map(|k| (k * s) as u32).collect();
            let count: Vec<u32> = (0..36).map(|k| (k + 1000 * s) as u32).collect();
            (codes, rem, count)
        };
        for s in 1..=3 {
            let (c, m, n) = state(s);
            r.save(mark(s), &c, &m, &n).unwrap();
        }
        assert_eq!(r.latest(), 3);
        // A fresh open (a resumed job) finds the last two, not the first.
        let mut again = Rounds::open(&db, job(1), true).unwrap();
        assert_eq!(again.latest(), 3);
        let two = again.load(2).unwrap();
        assert_eq!(two.mark, mark(2));
        assert_eq!((two.codes, two.rem, two.count), state(2));
        assert!(again
            .load(1)
            .is_err_and(|e| e.to_string().contains("no checkpoint of round 1")));
        // The next save replaces 3, keeping 2.
        let (c, m, n) = state(3);
        again.save(mark(3), &c, &m, &n).unwrap();
        assert!(again.load(2).is_ok() && again.load(3).is_ok());
        // Another worker's or another game's slots are not this job's.
        assert_eq!(Rounds::open(&db, job(0), true).unwrap().latest(), 0);
        let other = Job {
            name: "dodgem:4".into(),
            ..job(1)
        };
        assert_eq!(Rounds::open(&db, other, true).unwrap().latest(), 0);
        let changed = Job { digest: 8, ..job(1) };
        assert_eq!(Rounds::open(&db, changed, true).unwrap().latest(), 0);
        // A damaged byte makes a slot not count.
        let p = round_path(&db, 1, 2, 0);
        let mut bytes = std::fs::read(&p).unwrap();
        let k = bytes.len() / 2;
        bytes[k] ^= 1;
        std::fs::write(&p, bytes).unwrap();
        let fresh = Rounds::open(&db, job(1), true).unwrap();
        assert!(fresh.read(0).unwrap_err().to_string().contains("checksum"));
        // Without resume, the slots are removed.
        Rounds::open(&db, job(1), false).unwrap();
        assert!(!p.exists() && !round_path(&db, 1, 2, 1).exists());
    }
}
