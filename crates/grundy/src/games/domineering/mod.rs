//! Domineering: Left places vertical dominoes, Right horizontal ones, on the empty
//! cells of a board; whoever cannot place one loses (Winning Ways' convention, and
//! CGSuite's).
//!
//! The value is computed by its own recursion rather than the generic one, because
//! Domineering boards fall apart fast: after a few dominoes the empty cells form
//! several small regions, each of which is a game of its own. A region is trimmed
//! to its bounding box and stored once for all eight symmetries of the rectangle:
//! the four that keep the roles (the mirrors and the half turn) give the same value,
//! and the four that transpose swap vertical and horizontal, hence Left and Right,
//! and give the negative. Boards are bitboards of at most 64 cells.

use crate::catalogue::{Family, Kind, Param, Params, Shape, Syntax};
use crate::dynamic::{Codec, DynGame, DynPosition};
use crate::partizan::outcome::{Answer, SearchState, Solved};
use crate::partizan::{from_partizan, GameId, MoveBounds, Partizan, Side, ValueCache};
use crate::GameError;
use std::sync::Arc;

mod bytes;
pub mod regions;
pub mod search;
pub mod wide;
pub use regions::RegionTable;
pub use search::DomineeringSearch;
pub use wide::{WideBoard, WideDomineering};

/// Boards have at most this many cells (one bit each in a `u64`).
pub const MAX_CELLS: usize = 64;

/// A rectangular board: bit `r * cols + c` is set when the cell at row `r`, column
/// `c` is empty. Rows run top to bottom, columns left to right.
///
/// Packed to 4-byte alignment (12 bytes, not 16): the canonical-value engine
/// keeps millions of regions as keys beside a 4-byte value, and the pair then
/// fills 16 bytes instead of 24 (the empty 6x6 board's memo shrinks by a third).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(C, packed(4))]
pub struct Board {
    rows: u8,
    cols: u8,
    empty: u64,
}

impl Board {
    /// The empty `rows × cols` board; the error when it has more than 64 cells.
    pub fn empty(rows: usize, cols: usize) -> Result<Board, String> {
        check_size(rows, cols)?;
        Ok(Board {
            rows: rows as u8,
            cols: cols as u8,
            empty: full(rows, cols),
        })
    }

    /// A board from its rows and its empty cells (bits outside the board ignored).
    pub fn from_bits(rows: usize, cols: usize, empty: u64) -> Result<Board, String> {
        check_size(rows, cols)?;
        Ok(Board {
            rows: rows as u8,
            cols: cols as u8,
            empty: empty & full(rows, cols),
        })
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// The empty cells, one bit each (`r * cols + c`).
    pub fn empty_cells(&self) -> u64 {
        self.empty
    }

    /// The board mirrored left to right (same value).
    pub fn mirror(&self) -> Board {
        let (h, w, bits) = mirror_lr(self.rows(), self.cols(), self.empty);
        Board::raw(h, w, bits)
    }

    /// The board turned on its side (value negated: vertical becomes horizontal).
    pub fn transpose(&self) -> Board {
        let (h, w, bits) = transpose(self.rows(), self.cols(), self.empty);
        Board::raw(h, w, bits)
    }

    fn raw(rows: usize, cols: usize, empty: u64) -> Board {
        Board {
            rows: rows as u8,
            cols: cols as u8,
            empty,
        }
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
}

/// A grid of `h` rows of `w` cells drawn for people: columns `a`.., rows `1`.. from
/// the top; `cell` gives cell `r * w + c`.
pub(crate) fn grid_board(
    h: usize,
    w: usize,
    cell: impl Fn(usize) -> crate::dynamic::Cell,
) -> crate::dynamic::Board {
    let cells = (0..h)
        .map(|r| (0..w).map(|c| cell(r * w + c)).collect())
        .collect();
    crate::dynamic::Board::grid(
        cells,
        crate::dynamic::Board::numbers(h),
        crate::dynamic::Board::letters(w),
    )
}

/// The name of cell `i` of a grid `w` wide, as [`grid_board`] labels it (`b1`).
pub(crate) fn grid_cell_name(i: usize, w: usize) -> String {
    format!("{}{}", crate::dynamic::column_letter(i % w), i / w + 1)
}

/// A grid of `h` rows of `w` cells as rows of characters joined by `sep`; `cell`
/// gives the character of cell `r * w + c`.
pub(crate) fn grid_text(h: usize, w: usize, sep: &str, cell: impl Fn(usize) -> char) -> String {
    (0..h)
        .map(|r| (0..w).map(|c| cell(r * w + c)).collect::<String>())
        .collect::<Vec<_>>()
        .join(sep)
}

fn check_size(rows: usize, cols: usize) -> Result<(), String> {
    if rows == 0 || cols == 0 {
        return Err("the board needs at least one row and one column".into());
    }
    if rows * cols > MAX_CELLS {
        return Err(format!(
            "the board has {rows}x{cols} = {} cells; at most {MAX_CELLS} are supported",
            rows * cols
        ));
    }
    Ok(())
}

/// Read rows of cells separated by `|`; `cell(ch)` gives the index of a cell's
/// character among the board's kinds, or `None` for a bad one. Returns rows, columns
/// and one bitboard per kind. Shared by the board games of this crate.
pub(crate) fn read_grid<const K: usize>(
    text: &str,
    allowed: &str,
    cell: impl Fn(char) -> Option<usize>,
) -> Result<(usize, usize, [u64; K]), String> {
    let rows = grid_rows(text)?;
    let cols = rows[0].chars().count();
    check_size(rows.len(), cols)?;
    let mut masks = [0u64; K];
    for (i, k) in grid_cells(&rows, allowed, cell)? {
        if k < K {
            masks[k] |= 1 << i;
        }
    }
    Ok((rows.len(), cols, masks))
}

/// The rows of a grid's text (`|` between them), all of one length.
pub(crate) fn grid_rows(text: &str) -> Result<Vec<&str>, String> {
    let rows: Vec<&str> = text.trim().split('|').map(str::trim).collect();
    let cols = rows[0].chars().count();
    for (i, row) in rows.iter().enumerate() {
        let n = row.chars().count();
        if n != cols {
            return Err(format!(
                "row {} has {n} cells but row 1 has {cols}; all rows must be the same length",
                i + 1
            ));
        }
    }
    Ok(rows)
}

/// Each cell's index (`r * cols + c`) with its kind, by `cell` (see
/// [`read_grid`]).
pub(crate) fn grid_cells(
    rows: &[&str],
    allowed: &str,
    cell: impl Fn(char) -> Option<usize>,
) -> Result<Vec<(usize, usize)>, String> {
    let cols = rows.first().map_or(0, |r| r.chars().count());
    let mut out = Vec::with_capacity(rows.len() * cols);
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            match cell(ch) {
                Some(k) => out.push((r * cols + c, k)),
                None => return Err(format!("bad cell '{ch}' in row {} (cells are {allowed})", r + 1)),
            }
        }
    }
    Ok(out)
}

// Bitboard geometry, shared with Clobber. A grid is `h` rows of `w` columns, row
// major, bit `r * w + c`.

/// Every cell of an `h × w` grid.
#[inline]
pub(crate) fn full(h: usize, w: usize) -> u64 {
    let n = h * w;
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// The cells of one row of width `w`.
#[inline]
fn row_mask(w: usize) -> u64 {
    full(1, w)
}

/// The cells of column 0.
#[inline]
fn first_col(h: usize, w: usize) -> u64 {
    (0..h).fold(0, |m, r| m | 1 << (r * w))
}

/// A grid's size with the masks that neighbour shifts need, computed once per
/// grid rather than once per shift.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Grid {
    w: usize,
    all: u64,
    not_first: u64,
    not_last: u64,
}

impl Grid {
    /// The `h × w` grid.
    #[inline]
    pub(crate) fn new(h: usize, w: usize) -> Grid {
        let col0 = first_col(h, w);
        Grid {
            w,
            all: full(h, w),
            not_first: !col0,
            not_last: !(col0 << (w - 1)),
        }
    }

    /// The cells orthogonally next to `x` (within the grid).
    #[inline]
    pub(crate) fn neighbours(&self, x: u64) -> u64 {
        let right = (x & self.not_last) << 1;
        let left = (x & self.not_first) >> 1;
        let (down, up) = if self.w < 64 {
            (x << self.w, x >> self.w)
        } else {
            (0, 0)
        };
        (right | left | down | up) & self.all
    }

    /// The connected groups (orthogonally) of the cells of `mask`, each pushed onto `out`.
    #[inline]
    pub(crate) fn groups(&self, mut mask: u64, out: &mut Vec<u64>) {
        while mask != 0 {
            let mut g = mask & mask.wrapping_neg();
            loop {
                let grown = (g | self.neighbours(g)) & mask;
                if grown == g {
                    break;
                }
                g = grown;
            }
            out.push(g);
            mask &= !g;
        }
    }
}

/// The bounding box of a non-empty `mask`: (first row, rows, first column, columns).
#[inline]
pub(crate) fn bounding_box(mask: u64, w: usize) -> (usize, usize, usize, usize) {
    let r0 = mask.trailing_zeros() as usize / w;
    let r1 = (63 - mask.leading_zeros() as usize) / w;
    let row = row_mask(w);
    let mut cols = 0u64;
    for r in r0..=r1 {
        cols |= (mask >> (r * w)) & row;
    }
    let c0 = cols.trailing_zeros() as usize;
    let c1 = 63 - cols.leading_zeros() as usize;
    (r0, r1 - r0 + 1, c0, c1 - c0 + 1)
}

/// The cells of `mask` within a box, as a grid of the box's size.
#[inline]
pub(crate) fn crop(mask: u64, w: usize, (r0, bh, c0, bw): (usize, usize, usize, usize)) -> u64 {
    let row = row_mask(bw);
    let mut out = 0;
    for r in 0..bh {
        out |= ((mask >> ((r0 + r) * w + c0)) & row) << (r * bw);
    }
    out
}

/// Left-right mirror image.
#[inline]
pub(crate) fn mirror_lr(h: usize, w: usize, bits: u64) -> (usize, usize, u64) {
    let row = row_mask(w);
    let mut out = 0;
    for r in 0..h {
        let x = (bits >> (r * w)) & row;
        out |= (x.reverse_bits() >> (64 - w)) << (r * w);
    }
    (h, w, out)
}

/// Up-down mirror image.
#[inline]
pub(crate) fn mirror_ud(h: usize, w: usize, bits: u64) -> (usize, usize, u64) {
    let row = row_mask(w);
    let mut out = 0;
    for r in 0..h {
        let x = (bits >> (r * w)) & row;
        out |= x << ((h - 1 - r) * w);
    }
    (h, w, out)
}

/// Rows become columns: cell (r, c) goes to (c, r).
#[inline]
pub(crate) fn transpose(h: usize, w: usize, bits: u64) -> (usize, usize, u64) {
    let mut out = 0;
    let mut b = bits;
    while b != 0 {
        let i = b.trailing_zeros() as usize;
        b &= b - 1;
        let (r, c) = (i / w, i % w);
        out |= 1 << (c * h + r);
    }
    (w, h, out)
}

/// The eight images, in [`symmetries`]' order (the identity first), of several
/// masks of one grid: each image's rows, columns and masks. A board of several
/// masks takes the least image as its key under symmetry.
pub(crate) fn images<const K: usize>(h: usize, w: usize, masks: [u64; K]) -> [(usize, usize, [u64; K]); 8] {
    let each = masks.map(|m| symmetries(h, w, m));
    std::array::from_fn(|k| {
        let (rows, cols, _) = each[0][k].0;
        (rows, cols, std::array::from_fn(|i| each[i][k].0 .2))
    })
}

/// The eight symmetries of the rectangle applied to a grid, each with whether it
/// transposes (swaps rows and columns). The first is the identity; the first four
/// keep rows as rows.
pub(crate) fn symmetries(h: usize, w: usize, bits: u64) -> [((usize, usize, u64), bool); 8] {
    let id = (h, w, bits);
    let lr = mirror_lr(h, w, bits);
    let ud = mirror_ud(h, w, bits);
    let both = mirror_ud(h, w, lr.2);
    let t = transpose(h, w, bits);
    let (th, tw) = (t.0, t.1);
    let tlr = mirror_lr(th, tw, t.2);
    let tud = mirror_ud(th, tw, t.2);
    let tboth = mirror_ud(th, tw, tlr.2);
    [
        (id, false),
        (lr, false),
        (ud, false),
        (both, false),
        (t, true),
        (tlr, true),
        (tud, true),
        (tboth, true),
    ]
}

/// Domineering on boards of at most 64 cells, with an optional empty start board
/// and an optional table of the values of small regions ([`RegionTable`]).
#[derive(Clone, Debug, Default)]
pub struct Domineering {
    start: Option<Board>,
    regions: regions::Regions,
}

impl Domineering {
    /// Domineering on any board, without a start.
    pub const fn new() -> Domineering {
        Domineering {
            start: None,
            regions: None,
        }
    }

    /// Domineering whose start is the empty `rows × cols` board.
    pub fn with_start(rows: usize, cols: usize) -> Result<Domineering, String> {
        Ok(Domineering {
            start: Some(Board::empty(rows, cols)?),
            regions: None,
        })
    }

    /// The same game whose regions are looked up in `table` before they are
    /// computed (in values and in the outcome search).
    pub fn with_regions(self, table: Arc<RegionTable>) -> Domineering {
        Domineering {
            regions: Some(table),
            ..self
        }
    }

    /// The connected regions of empty cells of a board, each trimmed to its
    /// bounding box.
    pub fn regions(&self, b: &Board, out: &mut Vec<Board>) {
        let (h, w) = (b.rows(), b.cols());
        let mut gs = Vec::new();
        Grid::new(h, w).groups(b.empty, &mut gs);
        for g in gs {
            let bx = bounding_box(g, w);
            out.push(Board::raw(bx.1, bx.3, crop(g, w, bx)));
        }
    }

    /// The value of one trimmed, connected region.
    fn region_value(
        &self,
        h: usize,
        w: usize,
        bits: u64,
        cache: &mut ValueCache<Board>,
    ) -> Result<GameId, GameError> {
        if let Some(v) = strip_value(h, w, cache) {
            return Ok(v);
        }
        // The region as it lies is looked up first: most lookups hit, and then no
        // symmetry is computed.
        cache.step()?;
        if let Some(v) = cache.get_packed(bits, shape(h, w)) {
            return Ok(v);
        }
        self.unknown_region_value(h, w, bits, cache)
    }

    /// The value of a region that is not memoized as it lies (nor a strip): it
    /// comes from (or goes to) the least of its eight images, and is remembered
    /// for this image too.
    fn unknown_region_value(
        &self,
        h: usize,
        w: usize,
        bits: u64,
        cache: &mut ValueCache<Board>,
    ) -> Result<GameId, GameError> {
        let (key, transposed) = canonical_region(h, w, bits);
        let key_shape = shape(key.rows(), key.cols());
        let held = |cache: &mut ValueCache<Board>| {
            let table = self.regions.as_ref()?;
            let v = table.value_of_least(&key, cache)?;
            cache.insert_packed(key.empty, key_shape, v);
            Some(v)
        };
        let v = match cache.get_packed(key.empty, key_shape).or_else(|| held(cache)) {
            Some(v) => v,
            None => {
                cache.charge()?;
                let v = self.compute(key, cache)?;
                cache.insert_packed(key.empty, key_shape, v);
                v
            }
        };
        let v = if transposed { cache.universe.neg(v) } else { v };
        if (h, w, bits) != (key.rows(), key.cols(), key.empty) {
            cache.insert_packed(bits, shape(h, w), v);
        }
        Ok(v)
    }

    /// The value of a region from its options (not memoized here).
    fn compute(&self, k: Board, cache: &mut ValueCache<Board>) -> Result<GameId, GameError> {
        // The lists are a pool's, given back at the end: a region's value took
        // a dozen allocations, a tenth of the instructions with their frees.
        let mut scratch = COMPUTE_SCRATCH.with_borrow_mut(Vec::pop).unwrap_or_default();
        let v = self.compute_in(k, cache, &mut scratch);
        COMPUTE_SCRATCH.with_borrow_mut(|pool| pool.push(scratch));
        v
    }

    fn compute_in(
        &self,
        k: Board,
        cache: &mut ValueCache<Board>,
        scratch: &mut ComputeScratch,
    ) -> Result<GameId, GameError> {
        let (h, w, bits) = (k.rows(), k.cols(), k.empty);
        let grid = Grid::new(h, w);
        let vertical = bits & (bits >> w);
        let horizontal = bits & (bits >> 1) & grid.not_last;
        // Every move's regions, trimmed, in one list; `ends[m]` is where move m's
        // regions end and which side made it.
        let ComputeScratch {
            parts,
            ends,
            groups,
            values,
        } = scratch;
        parts.clear();
        ends.clear();
        values.clear();
        for (side, mut moves, other) in [(0, vertical, w), (1, horizontal, 1)] {
            while moves != 0 {
                let i = moves.trailing_zeros() as usize;
                moves &= moves - 1;
                groups.clear();
                grid.groups(bits & !(1 << i | 1 << (i + other)), groups);
                for &g in groups.iter() {
                    let bx = bounding_box(g, w);
                    parts.push(Board::raw(bx.1, bx.3, crop(g, w, bx)));
                }
                ends.push((side, parts.len()));
            }
        }
        // The memo is far bigger than the caches and its lookups are what this
        // search waits for: touch every region's place in one pass, before any
        // lookup, so that the independent cache misses overlap. Strips (a
        // quarter of the regions) are never in it; their values are few, so
        // each is asked of the universe once here.
        cache.touch_packed(
            parts
                .iter()
                .filter(|p| p.rows() > 1 && p.cols() > 1)
                .map(|p| (p.empty, shape(p.rows(), p.cols()))),
        );
        let mut strips: [[Option<GameId>; MAX_CELLS / 2 + 1]; 2] = [[None; MAX_CELLS / 2 + 1]; 2];
        for p in parts.iter() {
            let (h, w) = (p.rows(), p.cols());
            values.push(if h == 1 || w == 1 {
                let known = &mut strips[usize::from(h == 1)][(h * w) / 2];
                match *known {
                    Some(v) => v,
                    None => *known.insert(strip_value(h, w, cache).expect("a strip")),
                }
            } else {
                match cache.get_packed(p.empty, shape(h, w)) {
                    Some(v) => v,
                    None => {
                        cache.step()?;
                        self.unknown_region_value(h, w, p.empty, cache)?
                    }
                }
            });
        }
        // Each option is the sum of its regions' values, summed only if it may
        // be one of the canonical options (see `construct_sums`).
        let verticals = ends.iter().filter(|e| e.0 == 0).count();
        let mut sides: [Vec<&[GameId]>; 2] = [
            Vec::with_capacity(verticals),
            Vec::with_capacity(ends.len() - verticals),
        ];
        let mut start = 0;
        for &(side, end) in ends.iter() {
            sides[side].push(&values[start..end]);
            start = end;
        }
        Ok(cache.universe.construct_sums(&sides[0], &sides[1]))
    }
}

/// The lists [`Domineering::compute`] fills: every move's regions, where each
/// move's end, the flood's groups, the regions' values.
#[derive(Default)]
struct ComputeScratch {
    parts: Vec<Board>,
    ends: Vec<(usize, usize)>,
    groups: Vec<u64>,
    values: Vec<GameId>,
}

thread_local! {
    /// One [`ComputeScratch`] a level of `compute`'s recursion, kept for the
    /// next region valued on this thread.
    static COMPUTE_SCRATCH: std::cell::RefCell<Vec<ComputeScratch>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The value of a strip, a region of one row or one column (connected, so
/// without holes): only one player can move, and such a game is worth the most
/// moves that player can make, floor(n/2) dominoes in n cells; Left's when
/// vertical. The tests check this against the plain recursion. `None` for
/// other regions.
fn strip_value(h: usize, w: usize, cache: &mut ValueCache<Board>) -> Option<GameId> {
    if h == 1 {
        Some(cache.universe.integer(-((w / 2) as i64)))
    } else if w == 1 {
        Some(cache.universe.integer((h / 2) as i64))
    } else {
        None
    }
}

/// Safe moves and most moves of `side` on an `h × w` board of empty cells `e`.
/// Left's safe moves are disjoint vertical pairs of cells that Right can never
/// cover (both horizontal neighbours of each filled or off the board): in each
/// column, half of every run of such cells. Left's most moves: half of every run
/// of empty cells in each column (cells only fill up). Right's are the same
/// across rows.
pub(crate) fn move_bounds(h: usize, w: usize, e: u64, side: Side) -> MoveBounds {
    let grid = Grid::new(h, w);
    let pairs = |m: u64| match side {
        Side::Left => column_pairs(h, w, m),
        Side::Right => row_pairs(&grid, h, w, m),
    };
    let unreachable = unreachable(&grid, w, e, side);
    MoveBounds {
        safe: pairs(unreachable),
        most: pairs(e),
        // The opponent's domino covers two cells, so spoils at most two of
        // these disjoint pairs.
        spoilable: pairs(e & !unreachable),
    }
}

/// The empty cells of `e` the opponent of `side` can never cover: Left's with
/// both horizontal neighbours filled (or off the board), Right's with both
/// vertical ones.
fn unreachable(grid: &Grid, w: usize, e: u64, side: Side) -> u64 {
    match side {
        Side::Left => e & !(((e >> 1) & grid.not_last) | ((e << 1) & grid.not_first)),
        Side::Right => e & !(if w < 64 { (e >> w) | (e << w) } else { 0 }),
    }
}

/// The sum over columns of half of each vertical run of cells of `m`.
fn column_pairs(h: usize, w: usize, m: u64) -> u32 {
    // Greedy from the top: a pair's top cell is taken when the cell below is
    // in `m` and the cell itself was not taken as a bottom.
    let mut total = 0;
    let mut taken_bottoms = 0u64;
    for r in 0..h.saturating_sub(1) {
        let row = full(1, w) << (r * w);
        let tops = m & (m >> w) & row & !taken_bottoms;
        total += tops.count_ones();
        taken_bottoms = tops << w;
    }
    total
}

/// The sum over rows of half of each horizontal run of cells of `m`.
fn row_pairs(grid: &Grid, h: usize, w: usize, m: u64) -> u32 {
    // Greedy from the left, a column at a time, as [`column_pairs`] by rows.
    let starts = m & (m >> 1) & grid.not_last;
    let col0 = first_col(h, w);
    let mut total = 0;
    let mut taken_rights = 0u64;
    for c in 0..w.saturating_sub(1) {
        let lefts = starts & (col0 << c) & !taken_rights;
        total += lefts.count_ones();
        taken_rights = lefts << 1;
    }
    total
}

/// How good `side`'s move covering the two cells `covered` of `e` looks: the
/// opponent's slots it destroys, against our own it spends (each twice as
/// much: spending few of ours matters most once the board splits), and the
/// safe moves it makes for us (or spends) and for the opponent.
pub(crate) fn move_score(h: usize, w: usize, e: u64, covered: u64, side: Side) -> i64 {
    let grid = Grid::new(h, w);
    let vertical = e & (e >> w);
    let horizontal = e & (e >> 1) & grid.not_last;
    let (mine, theirs, mine_step, their_step) = match side {
        Side::Left => (vertical, horizontal, w, 1),
        Side::Right => (horizontal, vertical, 1, w),
    };
    let hit = |slots: u64, step: usize| (slots & (covered | covered >> step)).count_ones() as i64;
    // Safe moves after the move, ours for and the opponent's against, count as
    // much as one and a half opponent's slots: this halves Domineering 7x7's
    // nodes against the slots alone. (Those before it are the same for every
    // move of `e`.)
    let after = e & !covered;
    let safe = |s: Side| i64::from(safe_moves(h, w, after, s));
    2 * hit(theirs, their_step) - hit(mine, mine_step) + 3 * (safe(side) - safe(side.other()))
}

/// `side`'s safe moves on an `h × w` board of empty cells `e` (see [`move_bounds`]).
fn safe_moves(h: usize, w: usize, e: u64, side: Side) -> u32 {
    let grid = Grid::new(h, w);
    let m = unreachable(&grid, w, e, side);
    match side {
        Side::Left => column_pairs(h, w, m),
        Side::Right => row_pairs(&grid, h, w, m),
    }
}

/// A region's rows and columns as the region memo's shape.
fn shape(h: usize, w: usize) -> u16 {
    (h as u16) << 8 | w as u16
}

/// The least of a region's eight images (by rows, columns, cells), and whether it
/// is a transposed image (whose value is the negative).
///
/// Images are ordered by their rows first, so only those with the fewer rows
/// can be least: a region wider than tall is least as it lies or mirrored, one
/// taller than wide only transposed, and a square needs all eight. Half the
/// images are then never made: the whole eight cost 5% of the instructions of
/// the 5x6 value (docs/benchmarks.md). Ties go to the untransposed image, as
/// in [`symmetries`]' order.
fn canonical_region(h: usize, w: usize, bits: u64) -> (Board, bool) {
    let least_mirror = |h: usize, w: usize, bits: u64| {
        let lr = mirror_lr(h, w, bits).2;
        let ud = mirror_ud(h, w, bits).2;
        let both = mirror_ud(h, w, lr).2;
        Board::raw(h, w, bits.min(lr).min(ud).min(both))
    };
    let transposed = || {
        let (th, tw, t) = transpose(h, w, bits);
        least_mirror(th, tw, t)
    };
    match h.cmp(&w) {
        std::cmp::Ordering::Less => (least_mirror(h, w, bits), false),
        std::cmp::Ordering::Greater => (transposed(), true),
        std::cmp::Ordering::Equal => {
            let (upright, across) = (least_mirror(h, w, bits), transposed());
            if across.empty < upright.empty {
                (across, true)
            } else {
                (upright, false)
            }
        }
    }
}

impl Partizan for Domineering {
    type Position = Board;

    fn options(&self, b: &Board, side: Side, out: &mut Vec<Board>) -> Result<(), GameError> {
        let (h, w) = (b.rows(), b.cols());
        domino_options(h, w, b.empty, side, |e| out.push(Board::raw(h, w, e)));
        Ok(())
    }

    fn components(&self, b: &Board, out: &mut Vec<Board>) {
        self.regions(b, out);
    }

    fn symmetry_key(&self, b: &Board) -> Board {
        // The least of the images that keep the roles (the mirrors and the half turn).
        let (h, w) = (b.rows(), b.cols());
        let lr = mirror_lr(h, w, b.empty).2;
        let ud = mirror_ud(h, w, b.empty).2;
        let both = mirror_ud(h, w, lr).2;
        Board::raw(h, w, b.empty.min(lr).min(ud).min(both))
    }

    fn start(&self) -> Option<Board> {
        self.start
    }

    fn show(&self, b: &Board) -> Option<String> {
        Some(b.text("\n"))
    }

    fn board(&self, b: &Board) -> Option<crate::dynamic::Board> {
        Some(drawn(b.rows(), b.cols(), |i| b.empty >> i & 1 == 1))
    }

    /// A domino by its first cell: the top one of Left's, the left one of Right's.
    fn name_move(&self, from: &Board, to: &Board, _side: Side) -> Option<String> {
        let covered = from.empty & !to.empty;
        (covered.count_ones() == 2 && from.cols == to.cols)
            .then(|| grid_cell_name(covered.trailing_zeros() as usize, from.cols()))
    }

    /// Each set of empty cells with either side to move: a bound that sends a
    /// board of 20 empty cells or more to the outcome search at once (with the
    /// default 2,000,000 positions).
    fn search_size(&self, b: &Board) -> Option<u128> {
        Some(2u128 << b.empty.count_ones())
    }

    /// Empty cells.
    fn size(&self, b: &Board) -> Option<usize> {
        Some(b.empty.count_ones() as usize)
    }

    fn move_bounds(&self, b: &Board, side: Side) -> Option<MoveBounds> {
        Some(move_bounds(b.rows(), b.cols(), b.empty, side))
    }

    fn move_score(&self, b: &Board, side: Side, q: &Board) -> Option<i64> {
        Some(move_score(b.rows(), b.cols(), b.empty, b.empty & !q.empty, side))
    }

    fn own_outcome_search(
        &self,
        b: &Board,
        side: Side,
        with_move: bool,
        budget: &crate::Budget,
        state: &mut SearchState,
    ) -> Option<Result<Answer<Board>, GameError>> {
        let (h, w) = (b.rows(), b.cols());
        own_search(
            *b,
            (h, w),
            b.empty,
            side,
            with_move,
            (budget, &self.regions),
            state,
            |e| Board::raw(h, w, e),
        )
    }

    fn outcome_checkpoint(&self, state: &SearchState) -> Option<Vec<u8>> {
        search_checkpoint(state, |b: &Board| b.empty)
    }

    fn dist_board(&self, b: &Board) -> Option<crate::partizan::DistBoard> {
        Some(crate::partizan::DistBoard {
            rows: b.rows(),
            cols: b.cols(),
            empty: u128::from(b.empty),
        })
    }

    fn dist_position(&self, b: &Board, empty: u128) -> Option<Board> {
        Some(Board::raw(b.rows(), b.cols(), u64::try_from(empty).ok()?))
    }

    fn resume_outcome_search(
        &self,
        b: &Board,
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
        Some(regions::build(cells, budget).map(|t| t.built()))
    }

    fn with_region_table(&self, bytes: &[u8]) -> Option<Result<Domineering, String>> {
        Some(RegionTable::from_bytes(bytes).map(|t| self.clone().with_regions(Arc::new(t))))
    }

    fn value(&self, b: &Board, cache: &mut ValueCache<Board>) -> Result<GameId, GameError> {
        let mut parts = Vec::new();
        self.regions(b, &mut parts);
        let mut total = cache.universe.zero();
        for r in parts {
            let v = self.region_value(r.rows(), r.cols(), r.empty, cache)?;
            total = cache.universe.add(total, v);
        }
        Ok(total)
    }
}

/// Each domino of `side` on the empty cells `bits` of an `h × w` board: `push`
/// gets the empty cells it leaves. Shared by both board types.
fn domino_options<B: search::Bits>(h: usize, w: usize, bits: B, side: Side, mut push: impl FnMut(B)) {
    let (moves, other) = match side {
        // A board as wide as the word has no cell below another.
        Side::Left if w >= B::CELLS => (B::ZERO, w),
        Side::Left => (bits.and(bits.down(w)), w),
        Side::Right => {
            let last_col = (0..h).fold(B::ZERO, |m, r| m.or(B::bit(r * w + w - 1)));
            (bits.and(bits.down(1)).minus(last_col), 1)
        }
    };
    let mut m = moves;
    while m != B::ZERO {
        let i = m.lowest();
        m = m.drop_lowest();
        push(bits.minus(B::bit(i).or(B::bit(i + other))));
    }
}

/// An `h × w` board drawn for people, `empty(i)` telling the empty cells.
fn drawn(h: usize, w: usize, empty: impl Fn(usize) -> bool) -> crate::dynamic::Board {
    let board = grid_board(h, w, |i| {
        if empty(i) {
            crate::dynamic::Cell::EMPTY
        } else {
            crate::dynamic::Cell::mark('#')
        }
    });
    board.note("Left places dominoes down (a1 covers a1 and a2), Right across (a1 covers a1 and b1)")
}

/// Domineering's own outcome search of `board` (`h × w`, empty cells `empty`
/// on `B`'s bitboards), for both board types: `position` makes a position of
/// a bitboard. The last search carries on for the same board (its table holds
/// the other player's search of it, on a square board all of it by the
/// transposed keys); another board starts afresh, so that what a long-lived
/// game keeps is one board's search at most.
#[allow(clippy::too_many_arguments)]
fn own_search<B, P>(
    board: P,
    (h, w): (usize, usize),
    empty: B,
    side: Side,
    with_move: bool,
    (budget, regions): (&crate::Budget, &regions::Regions),
    state: &mut SearchState,
    position: impl Fn(B) -> P,
) -> Option<Result<Answer<P>, GameError>>
where
    B: search::Bits + Send + 'static,
    P: PartialEq + Send + 'static,
{
    let kept = state
        .take()
        .and_then(|s| s.downcast::<(P, DomineeringSearch<B>)>().ok())
        .filter(|kept| kept.0 == board);
    let mut kept = match kept {
        Some(mut k) => {
            k.1.renew(budget);
            k
        }
        None => {
            let search = DomineeringSearch::<B>::new(h, w, budget)?;
            Box::new((board, search.with_table(regions.clone())))
        }
    };
    let search = &mut kept.1;
    // Its counters start at zero: a new search's, and a kept one's by `renew`.
    let solved = if with_move {
        search.solve(empty, side).map(|s| Solved {
            wins: s.wins,
            winning_move: s.winning_move.map(&position),
        })
    } else {
        search.wins(empty, side).map(|wins| Solved {
            wins,
            winning_move: None,
        })
    };
    let stats = search.stats();
    // A search stopped by the budget is kept too: its table holds only nodes
    // searched to the end, the next call carries on under its own budget, and
    // a checkpoint can save it.
    *state = Some(kept);
    Some(solved.map(|solved| Answer {
        solved,
        stats,
        method: search::METHOD,
    }))
}

/// The kept search of `state` (a board of `P` and its search on `B`) as a
/// checkpoint, its board's cells by `cells`.
fn search_checkpoint<B, P>(state: &SearchState, cells: impl Fn(&P) -> B) -> Option<Vec<u8>>
where
    B: search::Bits + 'static,
    P: 'static,
{
    let (board, search) = state.as_ref()?.downcast_ref::<(P, DomineeringSearch<B>)>()?;
    Some(search.checkpoint(cells(board)))
}

/// `state` the search of `board` (`h × w`, cells `empty`) read from a
/// checkpoint.
fn resume_search<B, P>(
    board: P,
    (h, w): (usize, usize),
    empty: B,
    bytes: &[u8],
    (budget, regions): (&crate::Budget, &regions::Regions),
    state: &mut SearchState,
) -> Result<(), String>
where
    B: search::Bits + Send + 'static,
    P: Send + 'static,
{
    let (root, search) = DomineeringSearch::<B>::restore(h, w, bytes, budget)?;
    let search = search.with_table(regions.clone());
    if root != empty {
        return Err("the checkpoint is of another position of this board".into());
    }
    *state = Some(Box::new((board, search)));
    Ok(())
}

impl Codec for Board {
    fn encode(&self) -> DynPosition {
        DynPosition::Text(self.text("|"))
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        let DynPosition::Text(t) = p else {
            return Err("expected rows of '.' (empty) and '#' (filled) separated by '|'".into());
        };
        let (h, w, [empty]) = read_grid::<1>(t, "'.' empty and '#' filled", |ch| match ch {
            '.' => Some(0),
            '#' => Some(1),
            _ => None,
        })?;
        Board::from_bits(h, w, empty)
    }
}

fn build(p: &Params) -> Result<Box<dyn DynGame>, GameError> {
    let (rows, cols) = match (p.int("rows"), p.int("cols")) {
        (None, None) => return Ok(from_partizan("domineering", Domineering::new())),
        // One side given: a square.
        (Some(r), None) | (None, Some(r)) => (r, r),
        (Some(r), Some(c)) => (r, c),
    };
    let name = format!("domineering:rows={rows},cols={cols}");
    let (rows, cols) = (rows as usize, cols as usize);
    // Boards beyond one 64-bit word: who wins, by the search on 128 bits.
    if rows * cols > MAX_CELLS {
        let game =
            WideDomineering::with_start(rows, cols).map_err(|m| GameError::parameter("domineering", m))?;
        return Ok(from_partizan(name, game));
    }
    let game = Domineering::with_start(rows, cols).map_err(|m| GameError::parameter("domineering", m))?;
    Ok(from_partizan(name, game))
}

pub(crate) const FAMILY: Family = Family {
    name: "domineering",
    usage: "domineering[:rows=R,cols=C]",
    summary: "place dominoes on empty cells: Left vertical, Right horizontal (partizan; canonical values); rows/cols give `start`, the empty board",
    position: "rows of '.' (empty) and '#' (filled) separated by '|', e.g. ...|...|..#, at most 64 cells (up to 128, sides of at most 16, when rows/cols are given); or `start` with rows/cols",
    params: &[
        Param {
            key: "rows",
            kind: Kind::Int { min: 1, max: 64 },
            default: None,
            help: "rows of the empty start board",
        },
        Param {
            key: "cols",
            kind: Kind::Int { min: 1, max: 64 },
            default: None,
            help: "columns of the empty start board",
        },
    ],
    example: Some(("domineering:rows=3,cols=3", "start")),
    syntax: Syntax::KeyValue,
    shape: Shape::Other,
    claims: None,
    build,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The second player's search of a board carries on in the first one's:
    /// on a square board the transposed root is in its table already. Another
    /// board starts afresh.
    #[test]
    fn the_second_player_reuses_the_first_ones_search() {
        let game = Domineering::new();
        let budget = crate::Budget {
            max_memory: 256 << 20,
            ..crate::Budget::default()
        };
        let mut state = None;
        let board = Board::empty(6, 6).unwrap();
        let ask = |b: &Board, side, state: &mut SearchState| {
            game.own_outcome_search(b, side, false, &budget, state)
                .unwrap()
                .unwrap()
        };
        let left = ask(&board, Side::Left, &mut state);
        let right = ask(&board, Side::Right, &mut state);
        assert!(left.stats.nodes > 0);
        assert_eq!(right.stats.nodes, 0, "{:?}", right.stats);
        assert!(left.solved.wins && right.solved.wins);
        let other = ask(&Board::empty(5, 5).unwrap(), Side::Left, &mut state);
        assert!(other.stats.nodes > 0);
    }

    /// A board as wide as the word: no vertical domino (the shift by 64
    /// overflowed, and Left got a move of one cell), 63 horizontal ones.
    #[test]
    fn a_row_of_64_cells_has_only_horizontal_dominoes() {
        let game = Domineering::new();
        let b = Board::empty(1, 64).unwrap();
        let mut out = Vec::new();
        game.options(&b, Side::Left, &mut out).unwrap();
        assert!(out.is_empty(), "{out:?}");
        game.options(&b, Side::Right, &mut out).unwrap();
        assert_eq!(out.len(), 63);
        assert!(out.iter().all(|o| o.empty_cells().count_ones() == 62));
        out.clear();
        game.options(&Board::empty(64, 1).unwrap(), Side::Left, &mut out)
            .unwrap();
        assert_eq!(out.len(), 63);
    }

    #[test]
    fn geometry() {
        // 2x3 grid: bits 0 1 2 / 3 4 5
        let g = Grid::new(2, 3);
        assert_eq!(g.neighbours(1 << 2), 1 << 1 | 1 << 5);
        assert_eq!(g.neighbours(1 << 3), 1 << 0 | 1 << 4);
        let mut gs = Vec::new();
        g.groups(0b100_001, &mut gs);
        assert_eq!(gs, vec![1, 1 << 5]);
        assert_eq!(transpose(2, 3, 1 << 2), (3, 2, 1 << 4));
        assert_eq!(mirror_lr(2, 3, 0b000_011), (2, 3, 0b000_110));
        assert_eq!(mirror_ud(2, 3, 0b000_011), (2, 3, 0b011_000));
        assert_eq!(bounding_box(1 << 4 | 1 << 5, 3), (1, 1, 1, 2));
        assert_eq!(crop(1 << 4 | 1 << 5, 3, (1, 1, 1, 2)), 0b11);
    }

    #[test]
    fn boards_read_and_refuse() {
        let b = Board::decode(&DynPosition::Text("...|..#".into())).unwrap();
        assert_eq!((b.rows(), b.cols(), b.empty_cells()), (2, 3, 0b011_111));
        assert_eq!(b.encode(), DynPosition::Text("...|..#".into()));
        let e = Board::decode(&DynPosition::Text("...|..".into())).unwrap_err();
        assert!(e.contains("row 2 has 2 cells"), "{e}");
        let e = Board::decode(&DynPosition::Text("..x".into())).unwrap_err();
        assert!(e.contains("bad cell 'x'"), "{e}");
        let e = Board::empty(9, 9).unwrap_err();
        assert!(e.contains("81 cells"), "{e}");
    }

    /// The region memo's key is the least of all eight images, though only the
    /// images with the fewer rows are made.
    #[test]
    fn a_regions_key_is_the_least_of_its_eight_images() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for (h, w) in [
            (2, 2),
            (3, 3),
            (2, 5),
            (5, 2),
            (4, 4),
            (3, 7),
            (7, 3),
            (6, 6),
            (8, 8),
            (4, 16),
        ] {
            for _ in 0..300 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Sparse and dense boards, and the symmetric ones a square meets.
                let e = match x % 3 {
                    0 => x & x.rotate_left(29),
                    1 => x | x.rotate_left(29),
                    _ => {
                        let e = x & full(h, w);
                        let t = transpose(h, w, e);
                        if t.0 == h {
                            e | t.2
                        } else {
                            e
                        }
                    }
                } & full(h, w);
                let least = symmetries(h, w, e)
                    .into_iter()
                    .fold(((h, w, e), false), |best, s| if s.0 < best.0 { s } else { best });
                let (key, transposed) = canonical_region(h, w, e);
                assert_eq!(
                    ((key.rows(), key.cols(), key.empty), transposed),
                    least,
                    "{h}x{w} {e:#x}"
                );
            }
        }
    }

    /// Right's bounds, by rows, are Left's on the transposed board.
    #[test]
    fn right_bounds_are_left_bounds_transposed() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for (h, w) in [
            (1, 5),
            (5, 1),
            (3, 4),
            (4, 3),
            (7, 7),
            (8, 8),
            (1, 64),
            (64, 1),
            (6, 10),
        ] {
            for _ in 0..200 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let e = (x | x.rotate_left(23)) & full(h, w);
                let (th, tw, t) = transpose(h, w, e);
                assert_eq!(
                    move_bounds(h, w, e, Side::Right),
                    move_bounds(th, tw, t, Side::Left),
                    "{h}x{w} {e:#x}"
                );
                let key = Domineering::new().symmetry_key(&Board::raw(h, w, e));
                let least = symmetries(h, w, e)
                    .into_iter()
                    .take(4)
                    .map(|s| s.0)
                    .min()
                    .unwrap();
                assert_eq!((key.rows(), key.cols(), key.empty), least);
            }
        }
    }
}
