//! A heap game's nim-sequence streamed to a file with checkpoints, resumable
//! (`grundy values GAME --to N --out FILE [--resume]`; the file format is
//! `grundy_files::bfile`'s).
//!
//! Two steps, so that a front end can take its own lock on the file in between:
//! [`prepare_values_file`] refuses what cannot be written (no nim-sequence, more
//! memory than the budget) before any file exists, and [`ValuesFileJob::write`]
//! writes. [`values_to_file`] does both.

use std::path::{Path, PathBuf};

use grundy::dynamic::{DynGame, HeapSequence, Period};
use grundy::Budget;
use grundy_budget::Limit;
use grundy_files::bfile::{Format, Paths, SeqWriter};
use grundy_octal::{HeapRules, Method, Sequence};
use serde_json::{json, Value};

use crate::heaps::{sequence, SeqGame};
use crate::{Error, Result};

/// Values computed between two looks at the budget's cancel flag and at the
/// checkpoint's clock.
const BLOCK: u64 = 1 << 14;

/// What the engine holds a heap while it streams: the value (2 bytes, every one
/// kept from heap 0) and its copy in the mirror that the sparse method's pair
/// kernels read (2 more).
const ENGINE_BYTES_PER_HEAP: u128 = 4;

/// Which values to write, and how.
#[derive(Clone, Copy, Debug)]
pub struct ValuesFile {
    /// The first heap written (`--from`).
    pub from: u64,
    /// The last heap written (`--to`).
    pub to: u64,
    /// Continue an interrupted run from its checkpoint (`FILE.ckpt`).
    pub resume: bool,
    /// How the engine computes the values (the values are the same).
    pub method: Method,
}

impl ValuesFile {
    /// Refuses a range no game can write: `from` past `to`.
    pub fn check_range(&self) -> Result<()> {
        if self.from > self.to {
            return Err(Error::Input(format!(
                "--from {} is past --to {}",
                self.from, self.to
            )));
        }
        Ok(())
    }
}

/// A nim-sequence file ready to be written: its game has a nim-sequence and the
/// values fit the budget's memory.
pub struct ValuesFileJob {
    game: SeqGame,
    paths: Paths,
    file: ValuesFile,
}

/// What [`ValuesFileJob::write`] wrote.
#[derive(Clone, Debug)]
pub struct ValuesFileReport {
    /// The game's canonical name (the one its checkpoint records).
    pub game: String,
    /// The first heap written.
    pub from: u64,
    /// The last heap written.
    pub to: u64,
    /// The values in the file: G(`from`) .. G(`to`).
    pub values: u64,
    /// How many of them an earlier run had written (its checkpoint's).
    pub resumed: u64,
    /// The finished file.
    pub out: PathBuf,
    /// `text` (`n value` lines) or `bin` (a header, then little-endian values).
    pub format: &'static str,
    /// The width of a binary file's values: 16, or 32 for a sequence given by a
    /// proved period (its values grow).
    pub bits: u16,
    /// The file's size.
    pub bytes: u64,
}

impl ValuesFileReport {
    /// The file's format in words: `text b-file`, `binary, 16-bit values`.
    pub fn kind(&self) -> String {
        match self.format {
            "bin" => format!("binary, {}-bit values", self.bits),
            _ => "text b-file".to_string(),
        }
    }

    /// The report as one JSON object: `game`, `from`, `to`, `values`, `resumed`,
    /// `out`, `format`, `bits` and `bytes`.
    pub fn json(&self) -> Value {
        json!({
            "game": self.game,
            "from": self.from,
            "to": self.to,
            "values": self.values,
            "resumed": self.resumed,
            "out": self.out.display().to_string(),
            "format": self.format,
            "bits": self.bits,
            "bytes": self.bytes,
        })
    }
}

/// Streams G(`from`) .. G(`to`) of a heap game to `path` ([`prepare_values_file`],
/// then [`ValuesFileJob::write`]).
pub fn values_to_file(
    game: &dyn DynGame,
    path: &Path,
    file: &ValuesFile,
    progress: &mut dyn FnMut(u64, u64),
    budget: &Budget,
) -> Result<ValuesFileReport> {
    prepare_values_file(game, path, file, budget)?.write(progress, budget)
}

/// Checks that `game` has a nim-sequence to stream to `path` and that the engine's
/// values up to `to` fit the budget's memory, touching no file. A game whose
/// values grow proves its period here.
pub fn prepare_values_file(
    game: &dyn DynGame,
    path: &Path,
    file: &ValuesFile,
    budget: &Budget,
) -> Result<ValuesFileJob> {
    file.check_range()?;
    let game = sequence(game, "has no nim-sequence to stream: --out works for heap games")?;
    if let HeapSequence::Engine(_) = &game.sequence {
        // Refused before the files exist: an allocation the machine cannot give
        // aborts the process, which runs no destructor and would leave a front
        // end's lock behind.
        let heaps = u128::from(file.to) + 1;
        budget.check_memory(
            heaps * ENGINE_BYTES_PER_HEAP,
            format!("the nim-values of {} up to heap {}", game.name, file.to),
        )?;
    }
    Ok(ValuesFileJob {
        game,
        paths: Paths::new(path),
        file: *file,
    })
}

impl ValuesFileJob {
    /// The file's data while it is written (`FILE.part`), which an interrupted
    /// run leaves for `resume`.
    pub fn part(&self) -> &Path {
        &self.paths.part
    }

    /// Writes the file: the engine's sequence extended a block at a time (or the
    /// proved period's values), checkpointed as it goes, continued from the
    /// checkpoint when `resume` is set. `progress` gets (values written, values
    /// in all) after each block. A raised cancel flag stops it between blocks
    /// after a checkpoint, with the budget's [`Limit::Cancelled`] error whose
    /// `reached` is the values saved (a `resume` carries on from them).
    pub fn write(self, progress: &mut dyn FnMut(u64, u64), budget: &Budget) -> Result<ValuesFileReport> {
        let name = self.game.name.clone();
        let (bits, (writer, resumed)) = match &self.game.sequence {
            HeapSequence::Engine(rules) => (16, self.heap_file(rules, progress, budget)?),
            HeapSequence::Periodic(_, period) => (32, self.periodic_file(period, progress, budget)?),
        };
        let values = writer.count();
        let out = writer.paths().done.clone();
        let bytes = writer.finish()?;
        Ok(ValuesFileReport {
            game: name,
            from: self.file.from,
            to: self.file.to,
            values,
            resumed,
            out,
            format: match Format::of(&self.paths.done) {
                Format::Text => "text",
                Format::Bin => "bin",
            },
            bits,
            bytes,
        })
    }

    /// The writer, fresh or resumed; the second item is how many values it already had.
    fn open_writer(
        &self,
        width: u16,
        on_value: impl FnMut(u64, u64) -> Result<()>,
    ) -> Result<(SeqWriter, u64)> {
        let ValuesFile { from, to, .. } = self.file;
        let (out, name) = (&self.paths.done, &self.game.name);
        let w = if self.file.resume {
            SeqWriter::resume(out, name, from, width, on_value)?
        } else {
            SeqWriter::create(out, name, from, width)?
        };
        let have = w.count();
        let want = to - from + 1;
        if have > want {
            return Err(Error::Input(format!(
                "the checkpoint already holds {} (up to G({})), past --to {to}; resume with --to {} or more",
                values_count(have),
                from + have - 1,
                from + have - 1
            )));
        }
        Ok((w, have))
    }

    fn heap_file(
        &self,
        rules: &HeapRules,
        progress: &mut dyn FnMut(u64, u64),
        budget: &Budget,
    ) -> Result<(SeqWriter, u64)> {
        let ValuesFile {
            from,
            to,
            resume,
            method,
        } = self.file;
        let end = to
            .checked_add(1)
            .ok_or_else(|| Error::Input("--to is too large".into()))?;
        let capacity =
            usize::try_from(end).map_err(|_| Error::Input("--to is too large for this machine".into()))?;
        // The engine keeps every value, from heap 0 (the ones before --from too):
        // reserve them all at once, so growing never copies.
        let mut values: Vec<u16> = Vec::new();
        values.try_reserve_exact(capacity).map_err(|_| {
            Error::Input(format!(
                "the machine cannot give the {} bytes of G(0)..G({to}): lower --to",
                2 * u128::from(end),
            ))
        })?;
        if resume && from > 0 {
            let mut head = Sequence::new(rules.clone(), method);
            head.extend_to(from, |_, _| {})?;
            values.extend_from_slice(head.values());
        }
        let (mut w, had) = self.open_writer(16, |_, v| {
            values.push(
                u16::try_from(v)
                    .map_err(|_| Error::Unsupported(format!("value {v} does not fit 16 bits")))?,
            );
            Ok(())
        })?;
        if values.is_empty() {
            // G(0) = 0 is where every sequence starts.
            values.push(0);
            if from == 0 {
                w.push(0)?;
            }
        }
        let mut seq = Sequence::from_prefix(rules.clone(), method, values)?;
        // Heaps before --from (a fresh run): computed, not written.
        seq.extend_to(from.min(end), |_, _| {})?;
        let total = end - from;
        progress(w.count(), total);
        while seq.len() < end {
            self.stop_if_cancelled(&mut w, budget)?;
            let next = (seq.len() + BLOCK).min(end);
            // Written a block at a time from the engine's values, not a call a value.
            let written = from + w.count();
            seq.extend_to(next, |_, _| {})?;
            w.push_all(&seq.values()[written as usize..next as usize])?;
            progress(w.count(), total);
            w.maybe_checkpoint()?;
        }
        debug_assert_eq!(w.count(), total);
        Ok((w, had))
    }

    /// A sequence given by a proved period (all-but games, Lasker's Nim): 32-bit values.
    fn periodic_file(
        &self,
        period: &Period,
        progress: &mut dyn FnMut(u64, u64),
        budget: &Budget,
    ) -> Result<(SeqWriter, u64)> {
        let ValuesFile { from, to, .. } = self.file;
        let name = &self.game.name;
        let value = |n: u64| {
            period
                .value_at(n)
                .ok_or_else(|| Error::Unsupported(format!("G({n}) of {name} does not fit 64 bits")))
        };
        let (mut w, had) = self.open_writer(32, |n, v| {
            let want = value(n)?;
            if v != want {
                return Err(Error::Input(format!(
                    "stored G({n}) = {v} but {name} gives {want}: wrong game or damaged file; delete it and start over"
                )));
            }
            Ok(())
        })?;
        let end = to
            .checked_add(1)
            .ok_or_else(|| Error::Input("--to is too large".into()))?;
        let total = end - from;
        progress(w.count(), total);
        let mut n = from + w.count();
        while n < end {
            self.stop_if_cancelled(&mut w, budget)?;
            let next = n.saturating_add(BLOCK).min(end);
            for h in n..next {
                w.push(value(h)?)?;
            }
            n = next;
            progress(w.count(), total);
            w.maybe_checkpoint()?;
        }
        Ok((w, had))
    }

    /// Between blocks: when the budget's cancel flag is raised, checkpoint and stop.
    fn stop_if_cancelled(&self, w: &mut SeqWriter, budget: &Budget) -> Result<()> {
        if budget.cancel.is_raised() {
            w.checkpoint()?;
            return Err(Error::OverBudget(Budget::over(
                Limit::Cancelled,
                w.durable(),
                0,
                format!(
                    "the nim-values of {} written to {} ({} saved)",
                    self.game.name,
                    self.paths.part.display(),
                    values_count(w.durable())
                ),
            )));
        }
        Ok(())
    }
}

/// `n` values, as the messages count them.
fn values_count(n: u64) -> String {
    format!("{n} {}", if n == 1 { "value" } else { "values" })
}
