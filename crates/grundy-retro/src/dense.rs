//! The dense level-by-level solver: 2 bits of outcome per position (+ a byte of
//! remoteness when asked), each level on all cores.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use grundy::Outcome;
use rayon::prelude::*;

use crate::{Levelled, RetroError, Table};
use grundy::solve::codes::{code, DRAW, LOSE, NONE, WIN};

/// How to run the dense solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DenseOptions {
    /// Also store one byte of remoteness per position.
    pub remoteness: bool,
    /// Use every thread of the current rayon pool (else one thread).
    pub parallel: bool,
    /// The most bytes the table may take (the budget's `max_memory`): a larger
    /// one is refused before anything is allocated.
    pub max_memory: u64,
    /// The most positions a table of the positions reachable from a start may
    /// hold (the budget's `max_positions`); enumeration stops there with the
    /// budget's error.
    pub max_positions: u64,
    /// The budget's flag: a solve stops between levels (or rounds) once raised.
    pub cancel: grundy::Cancel,
}

impl Default for DenseOptions {
    fn default() -> Self {
        DenseOptions::within(&grundy_budget::Budget::default())
    }
}

impl DenseOptions {
    /// The defaults within `budget`'s memory, positions and flag.
    pub fn within(budget: &grundy_budget::Budget) -> DenseOptions {
        DenseOptions {
            remoteness: true,
            parallel: true,
            max_memory: budget.max_memory,
            max_positions: budget.positions(grundy::Task::Search),
            cancel: budget.cancel.clone(),
        }
    }

    /// The budget these options stand for, for the searches a solve runs (the
    /// options of a script's positions).
    pub fn budget(&self) -> grundy_budget::Budget {
        grundy_budget::Budget {
            max_memory: self.max_memory,
            max_positions: Some(self.max_positions),
            cancel: self.cancel.clone(),
            ..grundy_budget::Budget::default()
        }
    }
}

/// The value of a position of an acyclic game gathered from the values of its
/// options, one at a time and in any order: the rule of [`solve_levels`] (the
/// fastest win, the nearest tie, the slowest loss: the Gamesman convention of
/// `grundy::solve::Evaluation`) as a commutative, idempotent merge, so that a solver
/// receiving its options' values as messages (the distributed builder of
/// `grundy-dist`) finds exactly the value the dense solver finds. (The dense
/// solver keeps its own loop, which stops at the first losing option when no
/// remoteness is stored; the distributed builder's tests check that both write the
/// same tables.)
///
/// Outcome codes are those of `grundy::solve::codes`.
///
/// ```
/// use grundy::solve::codes::{DRAW, LOSE, WIN};
/// use grundy_retro::Best;
/// let mut best = Best::NO_OPTION;
/// assert!(best.add(WIN, 3)); // a move to a win in 3: a loss in 4 if nothing better
/// assert!(best.add(DRAW, 5)); // a tie 6 moves away is better
/// assert_eq!(best.value(true).unwrap(), (DRAW, 6));
/// assert!(best.add(LOSE, 7)); // a move to a loss: a win in 8
/// assert_eq!(best.value(true).unwrap(), (WIN, 8));
/// assert_eq!(Best::NO_OPTION.value(true).unwrap(), (LOSE, 0)); // no move: lost
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Best(u16);

impl Best {
    /// Nothing seen: a position without options, a loss (normal play).
    pub const NO_OPTION: Best = Best(0xFFFF);
    /// Not a position (a gap in the numbering).
    pub const GAP: Best = Best(0xFFFE);
    const DRAWS: u16 = 0x1000;
    const LOSSES: u16 = 0x2FFF;

    /// A position whose value is known (ended by the game's rule): `code` with
    /// remoteness `rem`; `NONE` is a gap.
    pub fn known(code: u8, rem: u8) -> Best {
        let r = rem as u16;
        match code {
            WIN => Best(r),
            DRAW => Best(Best::DRAWS + r),
            LOSE => Best(Best::LOSSES - r),
            _ => Best::GAP,
        }
    }

    /// Take in an option with outcome `code` and remoteness `rem` (0 when not
    /// stored); false when the option is not a position (`NONE`).
    #[inline]
    pub fn add(&mut self, code: u8, rem: u8) -> bool {
        let r = rem as u16 + 1;
        let candidate = match code {
            LOSE => r,
            DRAW => Best::DRAWS + r,
            WIN => Best::LOSSES - r,
            _ => return false,
        };
        self.0 = self.0.min(candidate);
        true
    }

    /// Merge what another worker gathered for the same position.
    pub fn merge(&mut self, other: Best) {
        self.0 = self.0.min(other.0);
    }

    /// The position's outcome code and remoteness byte (0 without `remoteness`);
    /// an error when the remoteness does not fit in the byte (255 or more).
    pub fn value(self, remoteness: bool) -> Result<(u8, u8), RetroError> {
        let (code, r) = match self.0 {
            0xFFFF => return Ok((LOSE, 0)),
            0xFFFE => return Ok((NONE, 0)),
            k if k < Best::DRAWS => (WIN, k),
            k if k <= Best::DRAWS + 0xFF => (DRAW, k - Best::DRAWS),
            k => (LOSE, Best::LOSSES - k),
        };
        if !remoteness {
            return Ok((code, 0));
        }
        u8::try_from(r)
            .ok()
            .filter(|&r| r < 255)
            .map(|r| (code, r))
            .ok_or(RetroError::RemotenessOverflow(255))
    }

    /// The raw merge key (smaller is better), for storing a level being gathered.
    pub fn to_bits(self) -> u16 {
        self.0
    }

    /// A merge key from [`Best::to_bits`].
    pub fn from_bits(bits: u16) -> Best {
        Best(bits)
    }
}

/// A table being filled: packed outcomes and remoteness bytes, shared by the threads.
pub(crate) struct Dense {
    pub(crate) size: u64,
    pub(crate) words: Vec<AtomicU64>,
    pub(crate) rem: Option<Vec<AtomicU8>>,
}

impl Dense {
    pub(crate) fn new(size: u64, remoteness: bool) -> Dense {
        let words = size.div_ceil(32) as usize;
        Dense {
            size,
            words: (0..words).map(|_| AtomicU64::new(0)).collect(),
            rem: remoteness.then(|| (0..size).map(|_| AtomicU8::new(0)).collect()),
        }
    }

    #[inline]
    fn code(&self, i: u64) -> u8 {
        ((self.words[(i >> 5) as usize].load(Relaxed) >> ((i & 31) * 2)) & 3) as u8
    }

    #[inline]
    fn rem(&self, i: u64) -> u8 {
        self.rem.as_ref().map_or(0, |r| r[i as usize].load(Relaxed))
    }

    pub(crate) fn into_table(self, name: String) -> Table {
        let mut bytes: Vec<u8> = Vec::with_capacity(self.words.len() * 8);
        for w in self.words {
            bytes.extend_from_slice(&w.into_inner().to_le_bytes());
        }
        bytes.truncate(Table::outcome_bytes(self.size));
        let rem = self
            .rem
            .map(|r| r.into_iter().map(AtomicU8::into_inner).collect());
        Table::from_parts(name, self.size, bytes, rem)
    }

    /// Forget the values of the positions in `range` (a level not yet solved): `set`
    /// ORs codes in, so bits left there by a level cut short must go before it is
    /// solved again.
    pub(crate) fn clear(&self, range: &std::ops::Range<u64>) {
        for i in range.clone() {
            self.words[(i >> 5) as usize].fetch_and(!(3u64 << ((i & 31) * 2)), Relaxed);
            if let Some(r) = &self.rem {
                r[i as usize].store(0, Relaxed);
            }
        }
    }

    /// The checkpoint checksum after one more level: `prev` (0 before the first
    /// level), the level's bounds, its outcomes (the words it covers, with the bits
    /// of other levels masked off) and its remoteness bytes. Chained level by level,
    /// so that a checkpoint hashes its own level, not the whole table again (the
    /// builds of many levels spent more time hashing than solving).
    pub(crate) fn chain_checksum(&self, prev: u64, range: &std::ops::Range<u64>) -> u64 {
        let mut h = crate::table::Fnv::new();
        for x in [prev, range.start, range.end] {
            h.update(&x.to_le_bytes());
        }
        if range.is_empty() {
            return h.finish();
        }
        for k in range.start >> 5..=(range.end - 1) >> 5 {
            // The indices of word k in the range, as offsets 0..=32 within the word.
            let lo = range.start.max(k * 32) - k * 32;
            let hi = range.end.min(k * 32 + 32) - k * 32;
            let mask = ((1u128 << (2 * hi)) - (1u128 << (2 * lo))) as u64;
            h.update(&(self.words[k as usize].load(Relaxed) & mask).to_le_bytes());
        }
        if let Some(r) = &self.rem {
            let mut buf = Vec::with_capacity(1 << 16);
            for chunk in r[range.start as usize..range.end as usize].chunks(1 << 16) {
                buf.clear();
                buf.extend(chunk.iter().map(|x| x.load(Relaxed)));
                h.update(&buf);
            }
        }
        h.finish()
    }

    /// The bytes of the packed outcomes and remoteness covering `range` (for checkpoints).
    pub(crate) fn outcome_word_range(&self, range: &std::ops::Range<u64>) -> std::ops::Range<usize> {
        (range.start >> 5) as usize..(range.end.div_ceil(32)) as usize
    }

    /// Solve one position from its (already solved) options.
    fn solve_one<G: Levelled>(&self, game: &G, i: u64, out: &mut Vec<u64>) -> Result<(u8, u8), u64> {
        if !game.is_position(i) {
            return Ok((NONE, 0));
        }
        out.clear();
        if let Some(o) = game.expand(i, out) {
            return Ok((code(o), 0));
        }
        let want_rem = self.rem.is_some();
        // The fastest win, the nearest tie, the slowest loss (the Gamesman
        // convention: see `grundy::solve::Evaluation`). Levels go forward only, so
        // every draw here is a tie.
        let (mut win, mut tie, mut lose) = (None::<u8>, None::<u8>, None::<u8>);
        for &o in out.iter() {
            match self.code(o) {
                LOSE => {
                    if !want_rem {
                        return Ok((WIN, 0));
                    }
                    let r = self.rem(o);
                    win = Some(win.map_or(r, |w| w.min(r)));
                }
                DRAW => {
                    let r = self.rem(o);
                    tie = Some(tie.map_or(r, |t| t.min(r)));
                }
                WIN => {
                    let r = self.rem(o);
                    lose = Some(lose.map_or(r, |l| l.max(r)));
                }
                _ => {
                    // An option that is not a position: the game's indexing is wrong.
                    return Err(o);
                }
            }
        }
        let bump = |r: u8| -> Result<u8, u64> {
            if r >= 254 {
                Err(u64::MAX)
            } else {
                Ok(r + 1)
            }
        };
        Ok(match (win, tie, lose) {
            (Some(r), _, _) => (WIN, if want_rem { bump(r)? } else { 0 }),
            (None, Some(r), _) => (DRAW, if want_rem { bump(r)? } else { 0 }),
            (None, None, Some(r)) => (LOSE, if want_rem { bump(r)? } else { 0 }),
            (None, None, None) => (code(Outcome::Lose), 0),
        })
    }

    /// Solve every position of level `l` (all later levels are solved).
    pub(crate) fn solve_level<G: Levelled>(
        &self,
        game: &G,
        l: usize,
        parallel: bool,
    ) -> Result<(), RetroError> {
        let range = game.level(l);
        // Positions `s..e` in order; the codes of the 32 positions of a word are
        // gathered and ORed in at once (one atomic operation a word, not one a
        // position: a word at either end of the run may be shared with a neighbour).
        let run = |out: &mut Vec<u64>, s: u64, e: u64| -> Result<(), RetroError> {
            let (mut word, mut bits) = (s >> 5, 0u64);
            for i in s..e {
                if i >> 5 != word {
                    self.words[word as usize].fetch_or(bits, Relaxed);
                    (word, bits) = (i >> 5, 0);
                }
                match self.solve_one(game, i, out) {
                    Ok((NONE, _)) => {}
                    Ok((c, r)) => {
                        bits |= (c as u64) << ((i & 31) * 2);
                        if let Some(rem) = &self.rem {
                            rem[i as usize].store(r, Relaxed);
                        }
                    }
                    Err(u64::MAX) => return Err(RetroError::RemotenessOverflow(255)),
                    Err(o) => {
                        return Err(RetroError::Game(grundy::GameError::Rule(format!(
                            "position {i} (level {l}) has option {o}, which is not a solved position of a later level"
                        ))))
                    }
                }
            }
            if bits != 0 {
                self.words[word as usize].fetch_or(bits, Relaxed);
            }
            Ok(())
        };
        if parallel {
            // Chunks of 4096 positions: enough work per task, little contention.
            let chunks = (range.end - range.start).div_ceil(4096);
            (0..chunks).into_par_iter().try_for_each_init(Vec::new, |out, k| {
                let s = range.start + k * 4096;
                run(out, s, (s + 4096).min(range.end))
            })
        } else {
            run(&mut Vec::new(), range.start, range.end)
        }
    }
}

/// Solve every position of a levelled game, last level first, into a compact [`Table`].
///
/// `progress(done, total)` is called after each level with the number of positions
/// solved so far. The result is identical with `parallel` on or off.
///
/// ```
/// use grundy::Outcome;
/// use grundy_retro::{games::Placement, solve_levels, DenseOptions};
/// let game = Placement::tictactoe();
/// let table = solve_levels(&game, DenseOptions::default(), |_, _| {}).unwrap();
/// let start = game.index_of_board(".........").unwrap();
/// assert_eq!(table.outcome(start), Some(Outcome::Draw));
/// // x to move completes the top row: a win in one.
/// let p = game.index_of_board("xx.oo....").unwrap();
/// assert_eq!((table.outcome(p), table.remoteness(p)), (Some(Outcome::Win), Some(1)));
/// ```
pub fn solve_levels<G: Levelled>(
    game: &G,
    options: DenseOptions,
    mut progress: impl FnMut(u64, u64),
) -> Result<Table, RetroError> {
    crate::memory::admit(
        game.size(),
        crate::dense_table_bytes(game.size(), options.remoteness),
        options.max_memory,
    )?;
    let dense = Dense::new(game.size(), options.remoteness);
    let mut done = 0;
    for l in (0..game.levels()).rev() {
        options.cancel.check(|| format!("the table, at level {l}"))?;
        dense.solve_level(game, l, options.parallel)?;
        let r = game.level(l);
        done += r.end - r.start;
        progress(done, game.size());
    }
    Ok(dense.into_table(String::new()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Placement;
    use crate::Indexed;

    /// A level's chained checksum sees every outcome bit and remoteness byte of the
    /// level, and nothing of the levels beside it (which share its boundary words).
    #[test]
    fn chain_checksum_covers_its_level_and_only_it() {
        let dense = Dense::new(200, true);
        let level = 37..101; // starts and ends inside a word
        let sum = |d: &Dense| d.chain_checksum(7, &level);
        let before = sum(&dense);
        assert_ne!(before, dense.chain_checksum(8, &level), "the chain goes in");
        assert_ne!(before, dense.chain_checksum(7, &(37..102)), "the bounds go in");
        for i in [36u64, 101, 0, 199] {
            dense.words[(i >> 5) as usize].fetch_or(3 << ((i & 31) * 2), Relaxed);
            dense.rem.as_ref().unwrap()[i as usize].store(9, Relaxed);
        }
        assert_eq!(sum(&dense), before, "other levels' values are left out");
        for i in [37u64, 63, 64, 100] {
            let word = &dense.words[(i >> 5) as usize];
            word.fetch_xor(1 << ((i & 31) * 2), Relaxed);
            assert_ne!(sum(&dense), before, "outcome of {i}");
            word.fetch_xor(1 << ((i & 31) * 2), Relaxed);
            let rem = &dense.rem.as_ref().unwrap()[i as usize];
            rem.store(1, Relaxed);
            assert_ne!(sum(&dense), before, "remoteness of {i}");
            rem.store(0, Relaxed);
        }
        assert_eq!(sum(&dense), before);
    }

    /// Every position's value gathered with [`Best`] from its options' values in
    /// the table is the value the dense solver stored.
    #[test]
    fn best_agrees_with_the_dense_solver() {
        let game = Placement::connect4(4, 4).unwrap();
        for remoteness in [true, false] {
            let t = solve_levels(
                &game,
                DenseOptions {
                    remoteness,
                    parallel: false,
                    ..DenseOptions::default()
                },
                |_, _| {},
            )
            .unwrap();
            let value = |i: u64| {
                t.outcome(i)
                    .map_or((NONE, 0), |o| (code(o), t.remoteness(i).unwrap_or(0) as u8))
            };
            let mut out = Vec::new();
            for i in 0..game.size() {
                let best = if !game.is_position(i) {
                    Best::GAP
                } else {
                    out.clear();
                    match game.expand(i, &mut out) {
                        Some(o) => Best::known(code(o), 0),
                        None => {
                            // In reverse order: the merge does not care.
                            let mut b = Best::NO_OPTION;
                            for &o in out.iter().rev() {
                                let (c, r) = value(o);
                                assert!(b.add(c, r));
                            }
                            b
                        }
                    }
                };
                assert_eq!(best.value(remoteness).unwrap(), value(i), "index {i}");
            }
        }
    }
}
