//! Domineering's endgame database: the canonical value of every connected
//! region of at most N cells, computed once (Barton and Uiterwijk's
//! databases, "Combinatorial game theory endgame databases for Domineering",
//! 2014/2015), so that valuing a region of a position, in the search or in a
//! value, is a lookup.
//!
//! The regions are the fixed polyominoes, enumerated by Redelmeier's
//! algorithm; one of each class under the eight symmetries of the rectangle
//! is kept, the least image ([`super::canonical_region`], the region memo's
//! own key): the mirrors and the half turn keep the value and the transposed
//! images negate it. Each is valued by the canonical-form engine
//! ([`super::Domineering::region_value`]) in one [`ValueCache`].
//!
//! The table as bytes ([`RegionTable::to_bytes`]): a magic line with the
//! version; N; for each size the fixed polyominoes and the classes kept; the
//! distinct forms, each as its Left and Right options by index (every option
//! before the form: the list is closed under options and acyclic by
//! construction); the keys (rows, columns, cells of the least image) in
//! ascending order, each with its form's index; an FNV checksum of all
//! before it. Lookups are a binary search of the keys.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::bytes::Reader;
use super::{canonical_region, shape, Board, Domineering};
use crate::partizan::{GameId, ValueCache};
use crate::{Budget, GameError, Task};

/// The first bytes of a table, with its version.
const MAGIC: &[u8] = b"grundy domineering regions 1\n";

/// The largest regions a table may hold: every polyomino of 15 cells fits
/// its bounding box in 64 cells (rows + columns <= 16), the region memo's key.
pub const MAX_REGION_CELLS: usize = 15;

/// The region memo's shape of no region (no rows): the memo keeps a table's
/// form, keyed by its index, in the universe of a search under it.
const FORM_SHAPE: u16 = 0;

/// The values of every connected Domineering region of at most
/// [`RegionTable::cells`] cells; see the module's documentation.
#[derive(Debug, PartialEq, Eq)]
pub struct RegionTable {
    cells: usize,
    /// Fixed polyominoes of each size from 1, and the classes of each kept.
    fixed: Vec<u64>,
    kept: Vec<u64>,
    /// Form i's options: `options[starts[i]..]`, `lefts[i]` Left's then
    /// `rights[i]` Right's.
    starts: Vec<u32>,
    lefts: Vec<u16>,
    rights: Vec<u16>,
    options: Vec<u32>,
    /// Keys in ascending order (shape above the cells), each with its form.
    keys: Vec<u128>,
    forms: Vec<u32>,
}

/// A region's key in the table: its shape above its cells.
fn key(b: &Board) -> u128 {
    u128::from(shape(b.rows(), b.cols())) << 64 | u128::from(b.empty_cells())
}

impl RegionTable {
    /// The largest regions held.
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// For each size from 1 cell: the fixed polyominoes (every translation
    /// class, OEIS A001168) and the classes kept under the symmetries.
    pub fn counts(&self) -> impl Iterator<Item = (usize, u64, u64)> + '_ {
        (1..=self.cells).map(|n| (n, self.fixed[n - 1], self.kept[n - 1]))
    }

    /// The regions held (one a class).
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether it holds no region.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The distinct canonical forms among the values and their options.
    pub fn forms(&self) -> usize {
        self.starts.len()
    }

    /// The table as built, for a file: its bytes and what it holds.
    pub fn built(&self) -> crate::partizan::RegionTableBuilt {
        crate::partizan::RegionTableBuilt {
            bytes: self.to_bytes(),
            counts: self.counts().collect(),
            forms: self.forms(),
        }
    }

    /// The form of a region given as its least image, if held.
    fn find(&self, least: &Board) -> Option<u32> {
        if least.empty_cells().count_ones() as usize > self.cells {
            return None;
        }
        let i = self.keys.binary_search(&key(least)).ok()?;
        Some(self.forms[i])
    }

    /// The value of a region given as its least image (see
    /// [`super::canonical_region`]), in `cache`'s universe, if held.
    pub(super) fn value_of_least(&self, least: &Board, cache: &mut ValueCache<Board>) -> Option<GameId> {
        let form = self.find(least)?;
        Some(self.form_value(form, cache))
    }

    /// The value of any trimmed connected region of `h × w` cells `bits`, if held.
    pub fn value(&self, h: usize, w: usize, bits: u64, cache: &mut ValueCache<Board>) -> Option<GameId> {
        let (least, transposed) = canonical_region(h, w, bits);
        let v = self.value_of_least(&least, cache)?;
        Some(if transposed { cache.universe.neg(v) } else { v })
    }

    /// Form `i` in `cache`'s universe, made once there (memoized under
    /// [`FORM_SHAPE`]).
    fn form_value(&self, i: u32, cache: &mut ValueCache<Board>) -> GameId {
        if let Some(v) = cache.get_packed(u64::from(i), FORM_SHAPE) {
            return v;
        }
        let at = self.starts[i as usize] as usize;
        let (l, r) = (self.lefts[i as usize] as usize, self.rights[i as usize] as usize);
        let mut left = Vec::with_capacity(l);
        for &o in &self.options[at..at + l] {
            left.push(self.form_value(o, cache));
        }
        let mut right = Vec::with_capacity(r);
        for &o in &self.options[at + l..at + l + r] {
            right.push(self.form_value(o, cache));
        }
        let v = cache.universe.construct(&left, &right);
        cache.insert_packed(u64::from(i), FORM_SHAPE, v);
        v
    }

    /// The table as bytes (see the module's documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.push(self.cells as u8);
        for n in 0..self.cells {
            out.extend(self.fixed[n].to_le_bytes());
            out.extend(self.kept[n].to_le_bytes());
        }
        out.extend((self.starts.len() as u32).to_le_bytes());
        for i in 0..self.starts.len() {
            let at = self.starts[i] as usize;
            let (l, r) = (self.lefts[i], self.rights[i]);
            out.extend(l.to_le_bytes());
            out.extend(r.to_le_bytes());
            for &o in &self.options[at..at + usize::from(l) + usize::from(r)] {
                out.extend(o.to_le_bytes());
            }
        }
        out.extend((self.keys.len() as u64).to_le_bytes());
        for (k, f) in self.keys.iter().zip(&self.forms) {
            out.extend(((k >> 64) as u16).to_le_bytes());
            out.extend((*k as u64).to_le_bytes());
            out.extend(f.to_le_bytes());
        }
        out.extend(grundy_files::checksum(&out).to_le_bytes());
        out
    }

    /// A table read back from [`RegionTable::to_bytes`]; the error, one line,
    /// says what is wrong (another file, a damaged or cut one).
    pub fn from_bytes(bytes: &[u8]) -> Result<RegionTable, String> {
        let bad = |what: &str| format!("not a table of Domineering's regions: {what}");
        if !bytes.starts_with(&MAGIC[..MAGIC.len() - 2]) {
            return Err(bad("it does not begin as one"));
        }
        if !bytes.starts_with(MAGIC) {
            return Err(bad("it is of another version of grundy's format"));
        }
        let (body, sum) = bytes
            .split_last_chunk::<8>()
            .ok_or_else(|| bad("it ends too soon"))?;
        if grundy_files::checksum(body) != u64::from_le_bytes(*sum) {
            return Err(bad("its checksum does not match (a damaged or cut file)"));
        }
        let mut r = Reader::new(body, MAGIC.len(), "table of Domineering's regions");
        let cells = usize::from(r.take(1)?[0]);
        if cells == 0 || cells > MAX_REGION_CELLS {
            return Err(bad(&format!(
                "its regions of {cells} cells are not 1 to {MAX_REGION_CELLS}"
            )));
        }
        let (mut fixed, mut kept) = (Vec::new(), Vec::new());
        for _ in 0..cells {
            fixed.push(r.u64()?);
            kept.push(r.u64()?);
        }
        let n_forms = r.u32()? as usize;
        let mut table = RegionTable {
            cells,
            fixed,
            kept,
            starts: Vec::with_capacity(n_forms.min(body.len() / 4)),
            lefts: Vec::new(),
            rights: Vec::new(),
            options: Vec::new(),
            keys: Vec::new(),
            forms: Vec::new(),
        };
        for i in 0..n_forms {
            let l = r.u16()?;
            let rr = r.u16()?;
            table.starts.push(table.options.len() as u32);
            table.lefts.push(l);
            table.rights.push(rr);
            for _ in 0..usize::from(l) + usize::from(rr) {
                let o = r.u32()?;
                if o as usize >= i {
                    return Err(bad("a form's option does not come before it"));
                }
                table.options.push(o);
            }
        }
        let entries = r.u64()?;
        if entries != table.kept.iter().sum::<u64>() || entries > (body.len() / 14) as u64 {
            return Err(bad("its count of regions does not match its counts by size"));
        }
        table.keys.reserve(entries as usize);
        table.forms.reserve(entries as usize);
        for _ in 0..entries {
            let sh = r.u16()?;
            let bits = r.u64()?;
            let form = r.u32()?;
            let (h, w) = (usize::from(sh >> 8), usize::from(sh & 0xff));
            if h == 0 || w == 0 || h * w > super::MAX_CELLS || bits & !super::full(h, w) != 0 {
                return Err(bad("a region does not fit its shape"));
            }
            if form as usize >= n_forms {
                return Err(bad("a region's value is not in its list of forms"));
            }
            let k = u128::from(sh) << 64 | u128::from(bits);
            if table.keys.last().is_some_and(|&last| last >= k) {
                return Err(bad("its regions are not in order"));
            }
            table.keys.push(k);
            table.forms.push(form);
        }
        if !r.at_end() {
            return Err(bad("bytes follow its last region"));
        }
        Ok(table)
    }
}

/// Every fixed polyomino of at most `max` cells (Redelmeier's algorithm: each
/// is made once, as a set of cells grown from its lowest-leftmost one), given
/// to `visit` trimmed to its bounding box, row major; `visit` returns `false`
/// to stop.
pub fn each_polyomino(max: usize, mut visit: impl FnMut(usize, usize, u64) -> bool) {
    if max == 0 {
        return;
    }
    // Cells (x, y) with y >= 0, and x >= 0 on row 0: those that may follow the
    // origin, the lowest-leftmost cell. x runs from -max to max.
    let width = 2 * max + 1;
    let mut seen = vec![false; width * max];
    let origin = max;
    seen[origin] = true;
    let mut grower = Grower {
        max,
        width,
        seen,
        cells: Vec::with_capacity(max),
        stopped: false,
    };
    grower.grow(vec![origin], &mut visit);
}

struct Grower {
    max: usize,
    width: usize,
    /// Cells in the polyomino, in the untried set, or excluded at this level.
    seen: Vec<bool>,
    cells: Vec<usize>,
    stopped: bool,
}

impl Grower {
    fn grow(&mut self, mut untried: Vec<usize>, visit: &mut impl FnMut(usize, usize, u64) -> bool) {
        while let Some(c) = untried.pop() {
            self.cells.push(c);
            let (h, w, bits) = self.trimmed();
            if !visit(h, w, bits) {
                self.stopped = true;
            }
            if self.cells.len() < self.max && !self.stopped {
                let mut next = untried.clone();
                let first_new = next.len();
                let (x, y) = (c % self.width, c / self.width);
                let mut neighbours = [None; 4];
                if x + 1 < self.width {
                    neighbours[0] = Some(c + 1);
                }
                if x > 0 && (y > 0 || x > self.max) {
                    neighbours[1] = Some(c - 1);
                }
                if y + 1 < self.max {
                    neighbours[2] = Some(c + self.width);
                }
                if y > 0 && (y > 1 || x >= self.max) {
                    neighbours[3] = Some(c - self.width);
                }
                for n in neighbours.into_iter().flatten() {
                    if !self.seen[n] {
                        self.seen[n] = true;
                        next.push(n);
                    }
                }
                let added = next[first_new..].to_vec();
                self.grow(next, visit);
                for n in added {
                    self.seen[n] = false;
                }
            }
            self.cells.pop();
            if self.stopped {
                return;
            }
        }
    }

    /// The polyomino trimmed to its bounding box: rows, columns, cells.
    fn trimmed(&self) -> (usize, usize, u64) {
        let (mut x0, mut x1, mut y1) = (usize::MAX, 0, 0);
        for &c in &self.cells {
            let (x, y) = (c % self.width, c / self.width);
            x0 = x0.min(x);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        let w = x1 - x0 + 1;
        let bits = self.cells.iter().fold(0u64, |b, &c| {
            b | 1 << ((c / self.width) * w + c % self.width - x0)
        });
        (y1 + 1, w, bits)
    }
}

/// The table of every region of at most `cells` cells (1 to
/// [`MAX_REGION_CELLS`]), valued within `budget`: its work as steps of the
/// canonical-form engine (as an outcome search's, [`Task::OutcomeSearch`]),
/// its memory, its cancel flag. Progress is reported as regions valued of all
/// ([`crate::solve::progress::report`]).
pub fn build(cells: usize, budget: &Budget) -> Result<RegionTable, GameError> {
    if cells == 0 || cells > MAX_REGION_CELLS {
        return Err(GameError::parameter(
            "domineering",
            format!("a table of regions holds regions of 1 to {MAX_REGION_CELLS} cells, not {cells}"),
        ));
    }
    let mut fixed = vec![0u64; cells];
    let mut kept = vec![0u64; cells];
    let mut regions: Vec<Board> = Vec::new();
    let mut looked = 0u64;
    let mut cancelled = false;
    each_polyomino(cells, |h, w, bits| {
        let n = bits.count_ones() as usize;
        fixed[n - 1] += 1;
        let (least, _) = canonical_region(h, w, bits);
        if (least.rows(), least.cols(), least.empty_cells()) == (h, w, bits) {
            kept[n - 1] += 1;
            regions.push(least);
        }
        looked += 1;
        cancelled = looked.is_multiple_of(1 << 16) && budget.cancel.is_raised();
        !cancelled
    });
    if cancelled {
        budget
            .cancel
            .check(|| "the table of Domineering's regions".into())?;
    }
    // Smaller regions first: the larger ones' options are made of them.
    regions.sort_by_key(|b| (b.empty_cells().count_ones(), key(b)));
    let game = Domineering::new();
    let mut cache: ValueCache<Board> = ValueCache::new(usize::MAX);
    cache.universe.set_budget(budget);
    cache.limit_work(budget.work(Task::OutcomeSearch));
    let total = regions.len() as u64;
    let mut values = Vec::with_capacity(regions.len());
    for (done, r) in regions.iter().enumerate() {
        let v = game.region_value(r.rows(), r.cols(), r.empty_cells(), &mut cache)?;
        cache.check_work()?;
        values.push(v);
        if done % 256 == 0 {
            crate::solve::progress::report(done as u64, total);
        }
    }
    crate::solve::progress::report(total, total);
    let mut table = RegionTable {
        cells,
        fixed,
        kept,
        starts: Vec::new(),
        lefts: Vec::new(),
        rights: Vec::new(),
        options: Vec::new(),
        keys: Vec::with_capacity(regions.len()),
        forms: Vec::with_capacity(regions.len()),
    };
    let mut index: FxHashMap<GameId, u32> = FxHashMap::default();
    let mut order: Vec<(u128, u32)> = Vec::with_capacity(regions.len());
    for (r, v) in regions.iter().zip(values) {
        let form = table.add_form(v, &cache, &mut index);
        order.push((key(r), form));
    }
    order.sort_unstable();
    (table.keys, table.forms) = order.into_iter().unzip();
    Ok(table)
}

impl RegionTable {
    /// The index of `v`'s form, its options added before it when new.
    fn add_form(&mut self, v: GameId, cache: &ValueCache<Board>, index: &mut FxHashMap<GameId, u32>) -> u32 {
        if let Some(&i) = index.get(&v) {
            return i;
        }
        let u = &cache.universe;
        let left: Vec<u32> = u
            .left_options(v)
            .iter()
            .map(|&o| self.add_form(o, cache, index))
            .collect();
        let right: Vec<u32> = u
            .right_options(v)
            .iter()
            .map(|&o| self.add_form(o, cache, index))
            .collect();
        let i = self.starts.len() as u32;
        self.starts.push(self.options.len() as u32);
        self.lefts.push(left.len() as u16);
        self.rights.push(right.len() as u16);
        self.options.extend(left);
        self.options.extend(right);
        index.insert(v, i);
        i
    }
}

/// A shared table, as games and searches hold it.
pub type Regions = Option<Arc<RegionTable>>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::Partizan;

    /// OEIS A001168: fixed polyominoes with n cells.
    const A001168: [u64; 12] = [1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446, 135268, 505861];

    #[test]
    fn fixed_polyominoes_are_counted_as_oeis_a001168() {
        let max = if cfg!(debug_assertions) { 10 } else { 12 };
        let mut counts = vec![0u64; max];
        let mut distinct = rustc_hash::FxHashSet::default();
        each_polyomino(max, |h, w, bits| {
            counts[bits.count_ones() as usize - 1] += 1;
            // Trimmed: a cell in the first and last row and column.
            assert!(bits & super::super::full(1, w) != 0 && bits >> ((h - 1) * w) != 0);
            assert!(distinct.insert((h, w, bits)), "{h}x{w} {bits:#b} twice");
            true
        });
        assert_eq!(counts, A001168[..max]);
    }

    fn small_budget() -> Budget {
        Budget {
            max_memory: 256 << 20,
            ..Budget::default()
        }
    }

    /// Every region of up to 8 cells, each of its eight images: the table's
    /// value is the engine's on demand (a transposed image's the negative),
    /// and the table reads back from its bytes as it was.
    #[test]
    fn the_table_agrees_with_the_engine() {
        let table = build(8, &small_budget()).unwrap();
        // A000105, free polyominoes: the classes under the eight symmetries.
        let free = [1, 1, 2, 5, 12, 35, 108, 369];
        let counts: Vec<_> = table.counts().collect();
        for (n, fixed, kept) in counts {
            assert_eq!((fixed, kept), (A001168[n - 1], free[n - 1]), "{n} cells");
        }
        let game = Domineering::new();
        let mut mine = ValueCache::new(usize::MAX);
        let mut engine = ValueCache::new(usize::MAX);
        let mut checked = 0;
        each_polyomino(8, |h, w, bits| {
            let from_table = table.value(h, w, bits, &mut mine).expect("held");
            let board = Board::from_bits(h, w, bits).unwrap();
            let direct = game.value(&board, &mut engine).unwrap();
            let transposed = game.value(&board.transpose(), &mut engine).unwrap();
            let (a, b) = (
                mine.universe.display(from_table, false),
                engine.universe.display(direct, false),
            );
            assert_eq!(a, b, "{}", board.text("|"));
            let neg = engine.universe.neg(direct);
            assert_eq!(transposed, neg, "{}", board.text("|"));
            checked += 1;
            true
        });
        assert_eq!(checked, A001168[..8].iter().sum::<u64>());
        assert_eq!(RegionTable::from_bytes(&table.to_bytes()).unwrap(), table);
    }

    /// Damaged, cut, foreign or other versions' bytes are refused with a line
    /// that says so.
    #[test]
    fn bad_bytes_are_refused() {
        let bytes = build(5, &small_budget()).unwrap().to_bytes();
        let error = |b: &[u8]| RegionTable::from_bytes(b).unwrap_err();
        let cut = error(&bytes[..bytes.len() - 3]);
        assert!(cut.contains("checksum"), "{cut}");
        let mut flipped = bytes.clone();
        flipped[MAGIC.len() + 20] ^= 1;
        assert!(error(&flipped).contains("checksum"));
        assert!(error(b"hello").contains("does not begin as one"));
        let mut other = bytes.clone();
        other[MAGIC.len() - 2] = b'9';
        assert!(error(&other).contains("another version"));
        for e in [cut, error(b"")] {
            assert!(!e.contains('\n'), "{e}");
        }
    }

    /// A cancelled build stops with the budget's error; a table of 0 or 16
    /// cells is refused.
    #[test]
    fn builds_stop_and_refuse() {
        let budget = Budget {
            cancel: grundy_budget::Cancel::new(),
            ..small_budget()
        };
        budget.cancel.raise();
        assert!(matches!(build(10, &budget), Err(GameError::OverBudget(_))));
        for n in [0, 16] {
            assert!(build(n, &small_budget())
                .unwrap_err()
                .to_string()
                .contains("1 to 15"));
        }
    }
}
