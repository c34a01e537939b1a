//! Domineering on boards of 65 to 128 cells (9x9, 10x10, 8x16, 11x11 less
//! its corners...): who wins, by the family's own outcome search on `u128`
//! bitboards.
//!
//! [`super::Board`] stays 64 bits wide because it is also the key of the
//! region memo, millions of which the canonical-value engine keeps: a wider
//! key would cost every value a third more memory. A wide board's regions are
//! valued through the search's own memo of [`super::Board`] regions (a region
//! of at most 12 cells fits one); its whole canonical value, when asked for,
//! comes from the generic recursion over regions ([`WideDomineering::value`]
//! is the trait's default), which is within reach only for boards mostly
//! filled.

use super::search::MAX_LINE;
use super::{
    domino_options, drawn, grid_cell_name, grid_cells, grid_rows, grid_text, own_search, resume_search,
    search_checkpoint,
};
use crate::dynamic::{Codec, DynPosition};
use crate::partizan::outcome::{Answer, SearchState};
use crate::partizan::{Partizan, Side};
use crate::GameError;

/// Wide boards have at most this many cells (one bit each in a `u128`).
pub const MAX_WIDE_CELLS: usize = 128;

/// A board of up to 128 cells, sides of at most [`MAX_LINE`]: bit
/// `r * cols + c` is set when the cell at row `r`, column `c` is empty, as in
/// [`super::Board`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WideBoard {
    rows: u8,
    cols: u8,
    empty: u128,
}

fn check_wide_size(rows: usize, cols: usize) -> Result<(), String> {
    if rows == 0 || cols == 0 {
        return Err("the board needs at least one row and one column".into());
    }
    if rows * cols > MAX_WIDE_CELLS || rows > MAX_LINE || cols > MAX_LINE {
        return Err(format!(
            "the board has {rows}x{cols} = {} cells; boards of more than 64 cells may have at most {MAX_WIDE_CELLS}, with sides of at most {MAX_LINE}",
            rows * cols
        ));
    }
    Ok(())
}

/// Every cell of an `h × w` grid.
fn full(h: usize, w: usize) -> u128 {
    let n = h * w;
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// The cells of column 0.
fn first_col(h: usize, w: usize) -> u128 {
    (0..h).fold(0, |m, r| m | 1 << (r * w))
}

/// The cells of `e` moved by `to(row, column)`, a symmetry's cell map.
fn map_cells(w: usize, e: u128, mut to: impl FnMut(usize, usize) -> usize) -> u128 {
    let mut out = 0;
    let mut m = e;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        out |= 1 << to(i / w, i % w);
    }
    out
}

impl WideBoard {
    /// The empty `rows × cols` board.
    pub fn empty(rows: usize, cols: usize) -> Result<WideBoard, String> {
        WideBoard::from_bits(rows, cols, u128::MAX)
    }

    /// A board from its rows and its empty cells (bits outside the board ignored).
    pub fn from_bits(rows: usize, cols: usize, empty: u128) -> Result<WideBoard, String> {
        check_wide_size(rows, cols)?;
        Ok(WideBoard::raw(rows, cols, empty & full(rows, cols)))
    }

    fn raw(rows: usize, cols: usize, empty: u128) -> WideBoard {
        WideBoard {
            rows: rows as u8,
            cols: cols as u8,
            empty,
        }
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// The empty cells, one bit each (`r * cols + c`).
    pub fn empty_cells(&self) -> u128 {
        self.empty
    }

    /// The board in POSITION syntax: rows of `.` (empty) and `#` (filled) joined by `|`.
    pub fn text(&self, sep: &str) -> String {
        grid_text(self.rows(), self.cols(), sep, |i| {
            if self.empty >> i & 1 == 1 {
                '.'
            } else {
                '#'
            }
        })
    }

    /// The cells orthogonally next to `x`.
    fn neighbours(&self, x: u128) -> u128 {
        let (h, w) = (self.rows(), self.cols());
        let col0 = first_col(h, w);
        let right = (x & !(col0 << (w - 1))) << 1;
        let left = (x & !col0) >> 1;
        (right | left | x << w | x >> w) & full(h, w)
    }

    /// The region of `e`'s cells connected to `seed`, trimmed to its
    /// bounding box.
    fn region(&self, seed: u128) -> (u128, WideBoard) {
        let mut r = seed;
        loop {
            let grown = (r | self.neighbours(r)) & self.empty;
            if grown == r {
                break;
            }
            r = grown;
        }
        let w = self.cols();
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        map_cells(w, r, |row, col| {
            (r0, r1, c0, c1) = (r0.min(row), r1.max(row), c0.min(col), c1.max(col));
            0
        });
        let bw = c1 - c0 + 1;
        let bits = map_cells(w, r, |row, col| (row - r0) * bw + col - c0);
        (r, WideBoard::raw(r1 - r0 + 1, bw, bits))
    }
}

/// Domineering on boards of more than 64 cells (see the module's
/// documentation), with an optional empty start board.
#[derive(Clone, Debug)]
pub struct WideDomineering {
    start: Option<WideBoard>,
    /// The values of small regions, looked up in the search (see
    /// [`super::Domineering::with_regions`]).
    regions: super::regions::Regions,
}

impl WideDomineering {
    /// Domineering whose start is the empty `rows × cols` board.
    pub fn with_start(rows: usize, cols: usize) -> Result<WideDomineering, String> {
        Ok(WideDomineering {
            start: Some(WideBoard::empty(rows, cols)?),
            regions: None,
        })
    }
}

impl Partizan for WideDomineering {
    type Position = WideBoard;

    fn options(&self, b: &WideBoard, side: Side, out: &mut Vec<WideBoard>) -> Result<(), GameError> {
        let (h, w) = (b.rows(), b.cols());
        domino_options(h, w, b.empty, side, |e| out.push(WideBoard::raw(h, w, e)));
        Ok(())
    }

    fn components(&self, b: &WideBoard, out: &mut Vec<WideBoard>) {
        let mut left = b.empty;
        while left != 0 {
            let (cells, region) = b.region(left & left.wrapping_neg());
            left &= !cells;
            out.push(region);
        }
    }

    fn symmetry_key(&self, b: &WideBoard) -> WideBoard {
        // The least of the images that keep the roles (the mirrors and the half turn).
        let (h, w, e) = (b.rows(), b.cols(), b.empty);
        let lr = map_cells(w, e, |r, c| r * w + w - 1 - c);
        let ud = map_cells(w, e, |r, c| (h - 1 - r) * w + c);
        let both = map_cells(w, e, |r, c| (h - 1 - r) * w + w - 1 - c);
        WideBoard::raw(h, w, e.min(lr).min(ud).min(both))
    }

    fn start(&self) -> Option<WideBoard> {
        self.start
    }

    fn show(&self, b: &WideBoard) -> Option<String> {
        Some(b.text("\n"))
    }

    fn board(&self, b: &WideBoard) -> Option<crate::dynamic::Board> {
        Some(drawn(b.rows(), b.cols(), |i| b.empty >> i & 1 == 1))
    }

    /// A domino by its first cell: the top one of Left's, the left one of Right's.
    fn name_move(&self, from: &WideBoard, to: &WideBoard, _side: Side) -> Option<String> {
        let covered = from.empty & !to.empty;
        (covered.count_ones() == 2 && from.cols == to.cols)
            .then(|| grid_cell_name(covered.trailing_zeros() as usize, from.cols()))
    }

    /// Each set of empty cells with either side to move, as the narrow board's.
    fn search_size(&self, b: &WideBoard) -> Option<u128> {
        Some(2u128.checked_shl(b.empty.count_ones()).unwrap_or(u128::MAX))
    }

    /// Empty cells.
    fn size(&self, b: &WideBoard) -> Option<usize> {
        Some(b.empty.count_ones() as usize)
    }

    fn own_outcome_search(
        &self,
        b: &WideBoard,
        side: Side,
        with_move: bool,
        budget: &crate::Budget,
        state: &mut SearchState,
    ) -> Option<Result<Answer<WideBoard>, GameError>> {
        let (h, w) = (b.rows(), b.cols());
        own_search(
            *b,
            (h, w),
            b.empty,
            side,
            with_move,
            (budget, &self.regions),
            state,
            |e| WideBoard::raw(h, w, e),
        )
    }

    fn outcome_checkpoint(&self, state: &SearchState) -> Option<Vec<u8>> {
        search_checkpoint(state, |b: &WideBoard| b.empty)
    }

    fn dist_board(&self, b: &WideBoard) -> Option<crate::partizan::DistBoard> {
        Some(crate::partizan::DistBoard {
            rows: b.rows(),
            cols: b.cols(),
            empty: b.empty,
        })
    }

    fn dist_position(&self, b: &WideBoard, empty: u128) -> Option<WideBoard> {
        Some(WideBoard::raw(b.rows(), b.cols(), empty))
    }

    fn resume_outcome_search(
        &self,
        b: &WideBoard,
        bytes: &[u8],
        budget: &crate::Budget,
        state: &mut SearchState,
    ) -> Result<(), String> {
        resume_search(
            *b,
            (b.rows(), b.cols()),
            b.empty,
            bytes,
            (budget, &self.regions),
            state,
        )
    }

    fn region_table(
        &self,
        cells: usize,
        budget: &crate::Budget,
    ) -> Option<Result<crate::partizan::RegionTableBuilt, GameError>> {
        super::Domineering::new().region_table(cells, budget)
    }

    fn with_region_table(&self, bytes: &[u8]) -> Option<Result<WideDomineering, String>> {
        let table = super::RegionTable::from_bytes(bytes).map(std::sync::Arc::new);
        Some(table.map(|t| WideDomineering {
            regions: Some(t),
            ..self.clone()
        }))
    }
}

impl Codec for WideBoard {
    fn encode(&self) -> DynPosition {
        DynPosition::Text(self.text("|"))
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        let DynPosition::Text(t) = p else {
            return Err("expected rows of '.' (empty) and '#' (filled) separated by '|'".into());
        };
        let rows = grid_rows(t)?;
        let (h, w) = (rows.len(), rows[0].chars().count());
        check_wide_size(h, w)?;
        let mut empty = 0u128;
        for (i, kind) in grid_cells(&rows, "'.' empty and '#' filled", |ch| match ch {
            '.' => Some(0),
            '#' => Some(1),
            _ => None,
        })? {
            if kind == 0 {
                empty |= 1 << i;
            }
        }
        WideBoard::from_bits(h, w, empty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::ValueCache;

    #[test]
    fn wide_boards_read_and_refuse() {
        let text = "#########|.........|".repeat(4) + "..#......";
        let b = WideBoard::decode(&DynPosition::Text(text.clone())).unwrap();
        assert_eq!((b.rows(), b.cols()), (9, 9));
        assert_eq!(b.empty_cells().count_ones(), 4 * 9 + 8);
        assert_eq!(b.encode(), DynPosition::Text(text));
        let e = WideBoard::empty(12, 12).unwrap_err();
        assert!(e.contains("144 cells"), "{e}");
        let e = WideBoard::empty(2, 40).unwrap_err();
        assert!(e.contains("sides of at most 16"), "{e}");
        let e = WideBoard::decode(&DynPosition::Text("..x".into())).unwrap_err();
        assert!(e.contains("bad cell 'x'"), "{e}");
    }

    /// A wide board's canonical value (by the generic recursion over its
    /// regions) is the narrow game's value of the same cells, and its regions
    /// are the narrow game's: random boards of 9x9, 10x10 and 8x16 with a few
    /// empty cells, each cut down to the narrow board its empty cells fit.
    #[test]
    fn wide_values_are_the_narrow_ones() {
        let (wide, narrow) = (
            WideDomineering {
                start: None,
                regions: None,
            },
            super::super::Domineering::new(),
        );
        let mut x: u128 = 0x9E37_79B9_7F4A_7C15_2545_F491_4F6C_DD1D;
        for (h, w) in [(9, 9), (10, 10), (8, 16)] {
            for _ in 0..40 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // About one cell in eight empty, in the first 8 rows x 8
                // columns at most (so that a narrow board holds them).
                let mut e = x & (x >> 3) & (x >> 7);
                e &= map_cells(8, super::full(8, 8), |r, c| r * w + c);
                let b = WideBoard::from_bits(h, w, e).unwrap();
                let mut cache = ValueCache::new(usize::MAX);
                let v = wide.value(&b, &mut cache).unwrap();
                let small = map_cells(w, e, |r, c| r * 8 + c) as u64;
                let nb = super::super::Board::from_bits(8, 8, small).unwrap();
                let mut ncache = ValueCache::new(usize::MAX);
                let nv = narrow.value(&nb, &mut ncache).unwrap();
                assert_eq!(
                    cache.universe.display(v, false),
                    ncache.universe.display(nv, false),
                    "{h}x{w} {}",
                    b.text("|")
                );
            }
        }
    }

    /// Who wins a wide board, by the search on 128 bits, is what the narrow
    /// game's canonical value says of the same cells, and a winning move
    /// leaves the opponent lost: boards of 9x9, 10x10 and 11x11 whose empty
    /// cells (about half) lie in one 6x6 square, or one 5x7 strip.
    #[test]
    fn wide_outcomes_are_the_narrow_values() {
        let narrow = super::super::Domineering::new();
        let budget = crate::Budget {
            max_memory: 256 << 20,
            ..crate::Budget::default()
        };
        let mut x: u128 = 0x2545_F491_4F6C_DD1D_9E37_79B9_7F4A_7C15;
        let mut cache = ValueCache::new(usize::MAX);
        for (h, w, bh, bw) in [(9, 9, 6, 6), (10, 10, 5, 7), (11, 11, 6, 6)] {
            let wide = WideDomineering::with_start(h, w).unwrap();
            for _ in 0..12 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let e = map_cells(bw, (x ^ x >> 5) & super::full(bh, bw), |r, c| (r + 2) * w + c + 1);
                let b = WideBoard::from_bits(h, w, e).unwrap();
                let small = map_cells(w, e, |r, c| (r - 2) * bw + c - 1) as u64;
                let nb = super::super::Board::from_bits(bh, bw, small).unwrap();
                let v = narrow.value(&nb, &mut cache).unwrap();
                let class = cache.universe.outcome(v);
                for side in [Side::Left, Side::Right] {
                    let truth = crate::partizan::outcome::first_wins(class, side);
                    let mut state = None;
                    let got = wide
                        .own_outcome_search(&b, side, true, &budget, &mut state)
                        .unwrap()
                        .unwrap()
                        .solved;
                    assert_eq!(got.wins, truth, "{h}x{w} {}, {side:?} first", b.text("|"));
                    if let Some(q) = got.winning_move {
                        assert_eq!((b.empty & !q.empty).count_ones(), 2);
                        let mut fresh = None;
                        let reply = wide
                            .own_outcome_search(&q, side.other(), false, &budget, &mut fresh)
                            .unwrap()
                            .unwrap();
                        assert!(!reply.solved.wins, "{} does not win", q.text("|"));
                    }
                }
            }
        }
    }
}
