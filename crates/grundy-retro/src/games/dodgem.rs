//! Dodgem (Colin Vout, 1972; Berlekamp, Conway and Guy, *Winning Ways*, ch. 22).

use grundy::dynamic::{column_letter, Board, Cell, Owner};
use grundy::{Game, GameError, Outcome};

use std::cell::Cell as Slot;

use super::board::{deposit, extract, near_finger, next_colex, numbering_id, Binomial};
use crate::Indexed;

/// Dodgem on an n×n board (n = 3 to 5).
///
/// Rules as implemented (Winning Ways; Wikipedia "Dodgem"): Blue has n−1 cars on the
/// left edge (not the bottom-left corner), Red n−1 cars on the bottom edge (not the
/// corner). Blue moves first. On a turn a player moves one own car one square to an
/// empty square: Blue forward = east, or sideways north or south; Red forward =
/// north, or sideways west or east. A car on the far edge (east for Blue, north for
/// Red) may leave the board by a forward move and is out of the game. A player who
/// has no legal move on their turn — all cars gone, or every car blocked — **wins**
/// (equivalently: you must leave your opponent a move; the first to get all cars off
/// wins). The game can go on for ever; such positions are draws.
///
/// A position is the set of Blue cars, the set of Red cars and the side to move;
/// cell `row*n + col`, row 0 at the bottom, col 0 at the left.
pub struct Dodgem {
    n: u32,
    binom: Binomial,
    /// `offset[b * n + r]`: the first pair-rank with `b` Blue and `r` Red cars
    /// (increasing: `b` major).
    offset: Vec<u64>,
    /// `subsets[k][q]`: the `k`-set of colex rank `q` (colex order does not depend
    /// on how many cells there are: the first C(m, k) sets are those within m cells).
    subsets: Vec<Vec<u64>>,
    pairs: u64,
    /// See `board::numbering_id`.
    id: u64,
    /// `block[b * n + r]`: `(offset, C(cells - b, r))`, the first pair-rank with `b`
    /// Blue and `r` Red cars and how many Red sets go with each Blue set; a fixed
    /// array indexed under a mask, so that ranking a parent has no bounds checks.
    block: [(u64, u64); 32],
    /// `colex[t][j]` = C(j, t): the colex rank of a set is the sum over its `t`-th
    /// lowest cell `j` (from 0) of `colex[t + 1][j]`; a set has fewer than 8 cells.
    colex: [[u64; 64]; 8],
    /// The cells of the left column, the right column, the top row, the board.
    left: u64,
    right: u64,
    top: u64,
    full: u64,
    /// Tables for boards of at most 16 cells (n = 3, 4); `None` on larger ones.
    small: Option<SmallBoard>,
}

/// Lookup tables that number a position of a board of at most 16 cells in a few
/// loads (where the general path loops over cells and runs of cells): the solvers
/// number some 5 parents per position they resolve, in no order a finger could use.
struct SmallBoard {
    /// The colex rank of every set of cells (of 16, whatever the board: the masked
    /// lookups then need no bounds checks).
    rank: Box<[u16; 1 << 16]>,
    /// `gather[mask << 8 | x]` for bytes `mask` and `x`: the bits of `x` at the set
    /// bits of `mask`, packed low (software `pext` a byte at a time), and how many
    /// bits `mask` has, shifted by 8.
    gather: Box<[u16; 1 << 16]>,
    /// The cars of every pair-rank, `blue | red << 16`, built on first use (1 MB
    /// for n = 4): a query that numbers a few positions does not pay for it.
    pairs: std::sync::OnceLock<Vec<u32>>,
}

impl SmallBoard {
    fn new(binom: &Binomial) -> SmallBoard {
        let table = |f: &dyn Fn(u64) -> u16| -> Box<[u16; 1 << 16]> {
            let all: Box<[u16]> = (0..1u64 << 16).map(f).collect();
            all.try_into().expect("a table of 2^16 entries")
        };
        // A set's rank is its rank without its highest cell j, plus C(j, its size).
        let mut rank: Box<[u16; 1 << 16]> = table(&|_| 0);
        for set in 1..1usize << 16 {
            let highest = set.ilog2();
            rank[set] = rank[set ^ 1 << highest] + binom.c(highest, set.count_ones()) as u16;
        }
        let gather = table(&|k| (extract(k & 0xff, k >> 8) | u64::from((k >> 8).count_ones()) << 8) as u16);
        SmallBoard {
            rank,
            gather,
            pairs: std::sync::OnceLock::new(),
        }
    }

    #[inline(always)]
    fn rank(&self, set: u64) -> u64 {
        u64::from(self.rank[(set & 0xffff) as usize])
    }

    /// `extract(x, mask)` for a 16-bit `mask`, a byte at a time.
    #[inline(always)]
    fn extract(&self, x: u64, mask: u64) -> u64 {
        let low = self.gather[((mask & 0xff) << 8 | (x & 0xff)) as usize];
        let high = self.gather[((mask >> 8 & 0xff) << 8 | (x >> 8 & 0xff)) as usize];
        u64::from(low & 0xff | (high & 0xff) << (low >> 8))
    }
}

/// A Dodgem index decoded: its position and where it sits in the numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Decoded {
    i: u64,
    blue: u64,
    red: u64,
    /// Blue and Red cars.
    counts: (u32, u32),
    /// The colex rank of `blue` among all cells, of `red` among the cells Blue leaves.
    ranks: (u64, u64),
    /// `red` among the cells Blue leaves, as that many low bits.
    red_colours: u64,
}

impl Decoded {
    const NONE: Decoded = Decoded {
        i: 0,
        blue: 0,
        red: 0,
        counts: (0, 0),
        ranks: (0, 0),
        red_colours: 0,
    };
}

thread_local! {
    /// The last index a Dodgem numbering decoded on this thread and whose it was
    /// (as `BOARD_FINGER` in `board.rs`): the solvers go through the indices in
    /// order, and the next index is a step from the last (the other side to move,
    /// the next Red set in colex order, the next Blue set, the next car counts).
    static DODGEM_FINGER: Slot<(u64, Decoded)> = const { Slot::new((0, Decoded::NONE)) };
}

/// A Dodgem position: `(blue cells, red cells, blue to move)`.
pub type DodgemPosition = (u64, u64, bool);

impl Dodgem {
    /// Dodgem on an `n`×`n` board.
    pub fn new(n: u32) -> Result<Dodgem, GameError> {
        if !(3..=5).contains(&n) {
            return Err(GameError::parameter(
                "dodgem",
                format!("the board size must be 3, 4 or 5, not {n}"),
            ));
        }
        let binom = Binomial::new();
        let cells = n * n;
        let mut offset = Vec::with_capacity((n * n) as usize);
        let mut total = 0;
        for b in 0..n {
            for r in 0..n {
                offset.push(total);
                total += binom.c(cells, b) * binom.c(cells - b, r);
            }
        }
        let subsets = (0..n)
            .map(|k| {
                let first = (1u64 << k) - 1;
                std::iter::successors(Some(first), |&x| (x != 0).then(|| next_colex(x)))
                    .take(binom.c(cells, k) as usize)
                    .collect()
            })
            .collect();
        let mut block = [(0, 0); 32];
        for b in 0..n {
            for r in 0..n {
                let k = (b * n + r) as usize;
                block[k] = (offset[k], binom.c(cells - b, r));
            }
        }
        let mut colex = [[0; 64]; 8];
        for (t, row) in colex.iter_mut().enumerate() {
            for (j, c) in row.iter_mut().enumerate() {
                *c = binom.c(j as u32, t as u32);
            }
        }
        let left = (0..n).fold(0u64, |m, row| m | 1 << (row * n));
        let full = (1u64 << cells) - 1;
        let small = (cells <= 16).then(|| SmallBoard::new(&binom));
        Ok(Dodgem {
            n,
            binom,
            offset,
            subsets,
            pairs: total,
            id: numbering_id(),
            block,
            colex,
            left,
            right: left << (n - 1),
            top: ((1u64 << n) - 1) << (n * (n - 1)),
            full,
            small,
        })
    }

    /// The board size n.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The pair-rank of `b` Blue and `r` Red cars, Blue's set of colex rank
    /// `blue_rank` and Red's (among the cells Blue leaves) of rank `red_rank`.
    #[inline(always)]
    fn pair_of(&self, (b, r): (u32, u32), blue_rank: u64, red_rank: u64) -> u64 {
        let (offset, per) = self.block[((b * self.n + r) & 31) as usize];
        offset + blue_rank * per + red_rank
    }

    /// The colex rank of a set of cells (fewer than 8: at most n - 1 cars), as
    /// [`Binomial::rank`] but from a small table without bounds checks.
    #[inline(always)]
    fn small_rank(&self, set: u64) -> u64 {
        debug_assert!(set.count_ones() < 8);
        self.rank_of_places(set, |cell| cell)
    }

    /// The colex rank of the set of places `place(cell)` over the cells of `set`,
    /// when `place` keeps the cells' order (a cell's place among the free cells).
    #[inline(always)]
    fn rank_of_places(&self, set: u64, place: impl Fn(u32) -> u32) -> u64 {
        let mut rank = 0;
        let mut m = set;
        let mut t = 1;
        while m != 0 {
            rank += self.colex[t & 7][(place(m.trailing_zeros()) & 63) as usize];
            t += 1;
            m &= m - 1;
        }
        rank
    }

    /// The moves of the player to move, by kind, for every car at once: the cars
    /// on the far edge (each may leave the board), then the cells a car reaches by
    /// a step forward and by each step sideways that are empty (the masks keep rows
    /// from wrapping). One bit per move; `each_move` lists them.
    #[inline(always)]
    fn move_masks(&self, blue: u64, red: u64, blue_to_move: bool) -> [u64; 4] {
        let n = self.n;
        let empty = self.full & !(blue | red);
        if blue_to_move {
            [
                blue & self.right,
                (blue & !self.right) << 1 & empty,
                blue << n & empty,
                blue >> n & empty,
            ]
        } else {
            [
                red & self.top,
                red << n & empty,
                (red & !self.left) >> 1 & empty,
                (red & !self.right) << 1 & empty,
            ]
        }
    }

    /// How many moves the player to move has (see [`Dodgem::move_masks`]).
    #[inline(always)]
    fn move_count(&self, blue: u64, red: u64, blue_to_move: bool) -> u32 {
        let [a, b, c, d] = self.move_masks(blue, red, blue_to_move);
        if self.small.is_some() {
            // Boards of at most 16 cells: the four masks side by side in one word,
            // one popcount (a dozen instructions without the popcnt instruction).
            return (a | b << 16 | c << 32 | d << 48).count_ones();
        }
        a.count_ones() + b.count_ones() + c.count_ones() + d.count_ones()
    }

    /// The starting position: Blue on the left edge, Red on the bottom edge, Blue to move.
    pub fn start(&self) -> DodgemPosition {
        let n = self.n;
        let blue = (1..n).fold(0, |m, r| m | 1 << (r * n));
        let red = (1..n).fold(0, |m, c| m | 1 << c);
        (blue, red, true)
    }

    /// The index of a position.
    pub fn index(&self, (blue, red, blue_to_move): DodgemPosition) -> u64 {
        let cells = self.n * self.n;
        let (b, r) = (blue.count_ones(), red.count_ones());
        let pair = self.offset[(b * self.n + r) as usize]
            + self.binom.rank(blue) * self.binom.c(cells - b, r)
            + self.binom.rank(extract(red, self.full & !blue));
        2 * pair + u64::from(!blue_to_move)
    }

    /// The position of an index.
    pub fn position(&self, i: u64) -> DodgemPosition {
        let d = self.decode(i);
        (d.blue, d.red, i.is_multiple_of(2))
    }

    /// Index `i` decoded from scratch: from the table of pairs on a small board.
    #[inline]
    fn decode(&self, i: u64) -> Decoded {
        let Some(small) = &self.small else {
            return self.decode_by_counting(i);
        };
        let pairs = small.pairs.get_or_init(|| self.pair_table());
        let cars = pairs[(i / 2) as usize];
        let (blue, red) = (u64::from(cars & 0xffff), u64::from(cars >> 16));
        let red_colours = small.extract(red, self.full & !blue);
        Decoded {
            i,
            blue,
            red,
            counts: (blue.count_ones(), red.count_ones()),
            ranks: (small.rank(blue), small.rank(red_colours)),
            red_colours,
        }
    }

    /// The cars of every pair-rank, `blue | red << 16` (boards of at most 16 cells).
    fn pair_table(&self) -> Vec<u32> {
        let mut table = Vec::with_capacity(self.pairs as usize);
        for b in 0..self.n {
            for r in 0..self.n {
                for &blue in &self.subsets[b as usize] {
                    // Red's sets among the cells Blue leaves, in colex order by their
                    // places there, are Red's sets among all cells in colex order
                    // without those that meet Blue's (a cell's place keeps the order).
                    for &red in &self.subsets[r as usize] {
                        if red & blue == 0 {
                            table.push((blue | red << 16) as u32);
                        }
                    }
                }
            }
        }
        debug_assert_eq!(table.len() as u64, self.pairs);
        table
    }

    /// Index `i` decoded from scratch, from the counts of sets before it.
    fn decode_by_counting(&self, i: u64) -> Decoded {
        let cells = self.n * self.n;
        let pair = i / 2;
        let k = self.offset.partition_point(|&o| o <= pair) - 1;
        let (b, r) = (k as u32 / self.n, k as u32 % self.n);
        let per = self.binom.c(cells - b, r);
        let q = pair - self.offset[k];
        let ranks = (q / per, q % per);
        let blue = self.subsets[b as usize][ranks.0 as usize];
        let red_colours = self.subsets[r as usize][ranks.1 as usize];
        Decoded {
            i,
            blue,
            red: deposit(red_colours, self.full & !blue),
            counts: (b, r),
            ranks,
            red_colours,
        }
    }

    /// Index `d.i + 1` (which must exist) from `d`.
    #[inline]
    fn step(&self, d: &Decoded) -> Decoded {
        let mut next = *d;
        next.i += 1;
        if d.i.is_multiple_of(2) {
            return next; // the same cars, Red to move
        }
        let cells = self.n * self.n;
        let (b, r) = d.counts;
        if d.ranks.1 + 1 < self.binom.c(cells - b, r) {
            next.ranks.1 += 1;
            next.red_colours = next_colex(d.red_colours);
        } else {
            next.ranks.1 = 0;
            if d.ranks.0 + 1 < self.binom.c(cells, b) {
                next.ranks.0 += 1;
                next.blue = next_colex(d.blue);
            } else {
                next.ranks.0 = 0;
                next.counts = if r + 1 < self.n { (b, r + 1) } else { (b + 1, 0) };
                next.blue = (1 << next.counts.0) - 1;
            }
            next.red_colours = (1 << next.counts.1) - 1;
        }
        next.red = deposit(next.red_colours, self.full & !next.blue);
        next
    }

    /// Index `i` decoded, by a step from the last index this thread decoded when
    /// that was `i - 1` (or `i`), else from scratch.
    #[inline]
    fn near(&self, i: u64) -> Decoded {
        near_finger(
            &DODGEM_FINGER,
            self.id,
            i,
            |d| d.i,
            |i| self.decode(i),
            |d| self.step(d),
        )
    }

    /// The pair-rank (the index without the side to move) of `(blue, red)`, a
    /// position one move from or to `d`, numbered from `d`: when Blue's cars are
    /// `d`'s, Blue's rank is kept and one of Red's cars moves (or comes or goes)
    /// among the cells Blue leaves.
    #[inline]
    fn pair_near(&self, d: &Decoded, blue: u64, red: u64) -> u64 {
        let cells = self.n * self.n;
        // One car moved, came on or went off: the counts change by its comings and goings.
        let count = |before: u64, after: u64, k: u32| {
            k + u32::from(after & !before != 0) - u32::from(before & !after != 0)
        };
        if blue != d.blue {
            let b = count(d.blue, blue, d.counts.0);
            let r = d.counts.1;
            return self.offset[(b * self.n + r) as usize]
                + self.binom.rank(blue) * self.binom.c(cells - b, r)
                + self.binom.rank(extract(red, self.full & !blue));
        }
        let b = d.counts.0;
        let free = self.full & !blue;
        let place = |cell: u64| (free & (cell.wrapping_sub(1))).count_ones();
        let (gone, came) = (d.red & !red, red & !d.red);
        let mut colours = d.red_colours;
        if gone != 0 {
            colours &= !(1 << place(gone));
        }
        if came != 0 {
            colours |= 1 << place(came);
        }
        let r = count(d.red, red, d.counts.1);
        self.offset[(b * self.n + r) as usize]
            + d.ranks.0 * self.binom.c(cells - b, r)
            + self.binom.rank(colours)
    }

    /// The index of every position one move from `d`, in the order of
    /// [`Dodgem::moves`], numbered from `d` ([`Dodgem::pair_near`]).
    #[inline]
    fn push_options(&self, d: &Decoded, out: &mut Vec<u64>) {
        let blue_to_move = d.i.is_multiple_of(2);
        self.each_move((d.blue, d.red, blue_to_move), |blue, red| {
            out.push(2 * self.pair_near(d, blue, red) + u64::from(blue_to_move));
        });
    }

    /// The index of every position, with the other player to move, that has a move
    /// to `d`: that player moved one car here (from a cell now empty), or off the
    /// board from the far edge (a car fewer now). Each move is one parent: no two of
    /// them give the same position. Each kind of move is taken back for every car at
    /// once by shifts, and each parent ranked from `d`'s ranks.
    #[inline]
    fn push_parents(&self, d: &Decoded, out: &mut Vec<u64>) {
        let n = self.n;
        if let Some(small) = &self.small {
            return self.push_parents_small(small, d, out);
        }
        let (blue, red) = (d.blue, d.red);
        let (b, r) = d.counts;
        let (empty, blue_to_move, side) = self.take_back_start(d);
        // Each kind of move taken back: the cells the cars came from (empty now)
        // and how far the car went from there (a shift up the cell numbers, or down).
        if blue_to_move {
            // Red moved: Blue's cars and rank stay, one Red car moves among the
            // cells Blue leaves, so only the Red rank is computed again.
            let free = self.full & !blue;
            let place = |cell: u32| (free & ((1u64 << cell) - 1)).count_ones();
            let blue_part = self.pair_of((b, r), d.ranks.0, 0);
            let mut take_back = |from: u64, car: u64| {
                let colours =
                    d.red_colours & !(1 << place(car.trailing_zeros())) | 1 << place(from.trailing_zeros());
                out.push(2 * (blue_part + self.small_rank(colours)) + side);
            };
            // North (the car came from the cell below), west (from the east), east.
            each_cell(red >> n & empty, |from| take_back(from, from << n));
            each_cell((red & !self.right) << 1 & empty, |from| {
                take_back(from, from >> 1)
            });
            each_cell((red & !self.left) >> 1 & empty, |from| take_back(from, from << 1));
            if r + 1 < n {
                // A car that left from the top row comes back.
                let blue_part = self.pair_of((b, r + 1), d.ranks.0, 0);
                each_cell(self.top & empty, |from| {
                    let colours = d.red_colours | 1 << place(from.trailing_zeros());
                    out.push(2 * (blue_part + self.small_rank(colours)) + side);
                });
            }
        } else {
            // Blue moved: Blue's set and so the cells Red's rank counts among change.
            let parent = |before: u64, b: u32| {
                let red_rank =
                    self.rank_of_places(red, |cell| cell - (before & ((1u64 << cell) - 1)).count_ones());
                2 * self.pair_of((b, r), self.small_rank(before), red_rank) + side
            };
            // East (the car came from the west), north (from below), south (from above).
            each_cell((blue & !self.left) >> 1 & empty, |from| {
                out.push(parent(blue ^ (from | from << 1), b))
            });
            each_cell(blue >> n & empty, |from| {
                out.push(parent(blue ^ (from | from << n), b))
            });
            each_cell(blue << n & empty, |from| {
                out.push(parent(blue ^ (from | from >> n), b))
            });
            if b + 1 < n {
                // A car that left from the right column comes back.
                each_cell(self.right & empty, |from| out.push(parent(blue | from, b + 1)));
            }
        }
    }

    /// Where taking a move back from `d` starts: the empty cells, whether Blue is to
    /// move (so Red moved last), and the side bit of the parents' indices (the parent
    /// has the other side to move).
    #[inline(always)]
    fn take_back_start(&self, d: &Decoded) -> (u64, bool, u64) {
        let empty = self.full & !(d.blue | d.red);
        let blue_to_move = d.i.is_multiple_of(2);
        (empty, blue_to_move, u64::from(blue_to_move))
    }

    /// [`Dodgem::push_parents`] on a board of at most 16 cells: each parent's cars
    /// ranked by table lookups.
    #[inline]
    fn push_parents_small(&self, small: &SmallBoard, d: &Decoded, out: &mut Vec<u64>) {
        let n = self.n;
        let (blue, red) = (d.blue, d.red);
        let (b, r) = d.counts;
        let (empty, blue_to_move, side) = self.take_back_start(d);
        if blue_to_move {
            // Red moved: Blue's cars and rank stay.
            let free = self.full & !blue;
            let blue_part = self.pair_of((b, r), d.ranks.0, 0);
            let mut push =
                |before: u64| out.push(2 * (blue_part + small.rank(small.extract(before, free))) + side);
            each_cell(red >> n & empty, |from| push(red ^ (from | from << n)));
            each_cell((red & !self.right) << 1 & empty, |from| {
                push(red ^ (from | from >> 1))
            });
            each_cell((red & !self.left) >> 1 & empty, |from| {
                push(red ^ (from | from << 1))
            });
            if r + 1 < n {
                let blue_part = self.pair_of((b, r + 1), d.ranks.0, 0);
                each_cell(self.top & empty, |from| {
                    out.push(2 * (blue_part + small.rank(small.extract(red | from, free))) + side)
                });
            }
        } else {
            // Blue moved: Red's cars stay, ranked among the cells Blue left then.
            let mut push = |before: u64, b: u32| {
                let red_rank = small.rank(small.extract(red, self.full & !before));
                out.push(2 * self.pair_of((b, r), small.rank(before), red_rank) + side)
            };
            each_cell((blue & !self.left) >> 1 & empty, |from| {
                push(blue ^ (from | from << 1), b)
            });
            each_cell(blue >> n & empty, |from| push(blue ^ (from | from << n), b));
            each_cell(blue << n & empty, |from| push(blue ^ (from | from >> n), b));
            if b + 1 < n {
                each_cell(self.right & empty, |from| push(blue | from, b + 1));
            }
        }
    }

    /// The positions one move away.
    pub fn moves(&self, p: DodgemPosition, out: &mut Vec<DodgemPosition>) {
        self.each_move(p, |blue, red| out.push((blue, red, !p.2)));
    }

    /// Whether the player to move has a move.
    fn can_move(&self, (blue, red, blue_to_move): DodgemPosition) -> bool {
        let [a, b, c, d] = self.move_masks(blue, red, blue_to_move);
        a | b | c | d != 0
    }

    /// `f(blue, red)` after each move of the player to move, in a fixed order (car
    /// by car from the lowest cell; forward, then sideways).
    #[inline]
    fn each_move(&self, (blue, red, blue_to_move): DodgemPosition, mut f: impl FnMut(u64, u64)) {
        let n = self.n;
        let occupied = blue | red;
        let mine = if blue_to_move { blue } else { red };
        let mut m = mine;
        while m != 0 {
            let bit = m & m.wrapping_neg();
            m &= m - 1;
            let k = bit.trailing_zeros();
            let (row, col) = (k / n, k % n);
            // (forward, sideways, sideways): targets as Some(cell) or None = off the board.
            let targets: [Option<Option<u32>>; 3] = if blue_to_move {
                [
                    Some(if col + 1 == n { None } else { Some(k + 1) }),
                    (row + 1 < n).then_some(Some(k + n)),
                    (row > 0).then(|| Some(k - n)),
                ]
            } else {
                [
                    Some(if row + 1 == n { None } else { Some(k + n) }),
                    (col > 0).then(|| Some(k - 1)),
                    (col + 1 < n).then_some(Some(k + 1)),
                ]
            };
            for t in targets.into_iter().flatten() {
                let new = match t {
                    None => mine & !bit,
                    Some(c) if occupied >> c & 1 == 1 => continue,
                    Some(c) => (mine & !bit) | 1 << c,
                };
                if blue_to_move {
                    f(new, red)
                } else {
                    f(blue, new)
                }
            }
        }
    }

    /// Read `b../b../.rr:b`: rows from the top, `b` Blue, `r` Red, `.` empty, rows
    /// separated by `/`, then `:b` or `:r` for the side to move.
    pub fn parse(&self, text: &str) -> Result<DodgemPosition, String> {
        let n = self.n;
        let (board, side) = text
            .trim()
            .rsplit_once(':')
            .ok_or("expected rows then ':b' or ':r' for the side to move, e.g. b../b../.rr:b")?;
        let blue_to_move = match side.trim() {
            "b" | "B" => true,
            "r" | "R" => false,
            s => return Err(format!("side to move '{s}' is not b or r")),
        };
        let rows: Vec<&str> = board.split('/').map(str::trim).collect();
        if rows.len() != n as usize || rows.iter().any(|r| r.chars().count() != n as usize) {
            return Err(format!("expected {n} rows of {n} cells separated by '/'"));
        }
        let (mut blue, mut red) = (0u64, 0u64);
        for (i, row) in rows.iter().enumerate() {
            let r = n - 1 - i as u32;
            for (c, ch) in row.chars().enumerate() {
                let bit = 1u64 << (r * n + c as u32);
                match ch {
                    'b' | 'B' => blue |= bit,
                    'r' | 'R' => red |= bit,
                    '.' => {}
                    other => return Err(format!("'{other}' is not b, r or .")),
                }
            }
        }
        if blue.count_ones() >= n || red.count_ones() >= n {
            return Err(format!("each player has at most {} cars", n - 1));
        }
        Ok((blue, red, blue_to_move))
    }

    /// The position in the syntax of [`Dodgem::parse`].
    pub fn show(&self, (blue, red, blue_to_move): DodgemPosition) -> String {
        let n = self.n;
        let mut s = String::new();
        for i in 0..n {
            if i > 0 {
                s.push('/');
            }
            let r = n - 1 - i;
            for c in 0..n {
                let bit = 1u64 << (r * n + c);
                s.push(if blue & bit != 0 {
                    'b'
                } else if red & bit != 0 {
                    'r'
                } else {
                    '.'
                });
            }
        }
        s.push_str(if blue_to_move { ":b" } else { ":r" });
        s
    }

    /// The name of cell `k` (`row*n + col`, row 0 at the bottom): `a1` is the
    /// bottom-left corner, as the board is drawn.
    fn cell_name(&self, k: u32) -> String {
        format!("{}{}", column_letter((k % self.n) as usize), k / self.n + 1)
    }

    /// The board drawn for people: columns a.. left to right, rows 1.. from the
    /// bottom, Blue's cars `b`, Red's `r`.
    pub fn drawing(&self, (blue, red, blue_to_move): DodgemPosition) -> Board {
        let n = self.n;
        let cells = (0..n)
            .rev()
            .map(|r| {
                (0..n)
                    .map(|c| {
                        let bit = 1u64 << (r * n + c);
                        if blue & bit != 0 {
                            Cell::piece('b', Owner::First)
                        } else if red & bit != 0 {
                            Cell::piece('r', Owner::Second)
                        } else {
                            Cell::EMPTY
                        }
                    })
                    .collect()
            })
            .collect();
        let rows = (1..=n).rev().map(|r| r.to_string()).collect();
        let board = Board::grid(cells, rows, Board::letters(n as usize))
            .note("Blue drives east (off the right edge), Red north (off the top)");
        board.note(if blue_to_move {
            "Blue to move"
        } else {
            "Red to move"
        })
    }

    /// The move from `from` to `to`: the car's square and where it goes (`a2-b2`),
    /// or `off` when it leaves the board (`c2-off`).
    pub fn move_name(&self, from: DodgemPosition, to: DodgemPosition) -> Option<String> {
        let (before, after) = if from.2 { (from.0, to.0) } else { (from.1, to.1) };
        let left = before & !after;
        let arrived = after & !before;
        if left.count_ones() != 1 || arrived.count_ones() > 1 {
            return None;
        }
        let start = self.cell_name(left.trailing_zeros());
        Some(match arrived {
            0 => format!("{start}-off"),
            a => format!("{start}-{}", self.cell_name(a.trailing_zeros())),
        })
    }
}

/// `f(cell)` for each set bit of `cells`, as a one-bit mask, from the lowest.
#[inline(always)]
fn each_cell(cells: u64, mut f: impl FnMut(u64)) {
    let mut m = cells;
    while m != 0 {
        f(m & m.wrapping_neg());
        m &= m - 1;
    }
}

/// Dodgem as a [`Game`] over its native positions, with the move generator
/// [`Dodgem::moves`] (the one [`Indexed::options`] uses too). A player with no move
/// (all cars off the board, or blocked) wins.
impl Game for Dodgem {
    type Position = DodgemPosition;
    fn options(&self, p: &DodgemPosition, out: &mut Vec<DodgemPosition>) -> Result<(), GameError> {
        self.moves(*p, out);
        Ok(())
    }
    fn terminal(&self, p: &DodgemPosition) -> Result<Option<Outcome>, GameError> {
        Ok((!self.can_move(*p)).then_some(Outcome::Win))
    }
}

impl Indexed for Dodgem {
    fn size(&self) -> u64 {
        2 * self.pairs
    }
    // The solvers' path: indices decoded by a step from the last one, options
    // numbered from their parent, nothing allocated. `tests/fast_paths.rs` checks
    // it against `position`, `moves` and `index` on every index of Dodgem 3 and 4.
    fn terminal(&self, i: u64) -> Option<Outcome> {
        let d = self.near(i);
        (!self.can_move((d.blue, d.red, i.is_multiple_of(2)))).then_some(Outcome::Win)
    }
    #[inline]
    fn expand(&self, i: u64, out: &mut Vec<u64>) -> Option<Outcome> {
        let d = self.near(i);
        let before = out.len();
        self.push_options(&d, out);
        (out.len() == before).then_some(Outcome::Win)
    }
    #[inline]
    fn options(&self, i: u64, out: &mut Vec<u64>) {
        let d = self.near(i);
        self.push_options(&d, out);
    }
    /// The moves taken back (see `push_parents`), so that the retrograde solvers
    /// need not store the reverse edges; `tests/fast_paths.rs` checks them against
    /// the options of every position.
    fn parents(&self, i: u64, out: &mut Vec<u64>) -> bool {
        // The solvers ask for parents in their own order, not index order: no finger.
        let d = self.decode(i);
        self.push_parents(&d, out);
        true
    }
    /// Counted by shifts ([`Dodgem::move_count`]), stepping from index to index
    /// (through the table of pairs on a small board).
    fn option_counts(&self, first: u64, counts: &mut [u32]) -> bool {
        if counts.is_empty() {
            return true;
        }
        if let Some(small) = &self.small {
            let pairs = small.pairs.get_or_init(|| self.pair_table());
            for (i, count) in (first..).zip(counts.iter_mut()) {
                let cars = pairs[(i / 2) as usize];
                let (blue, red) = (u64::from(cars & 0xffff), u64::from(cars >> 16));
                *count = self.move_count(blue, red, i.is_multiple_of(2));
            }
            return true;
        }
        let mut d = self.decode(first);
        for (k, count) in counts.iter_mut().enumerate() {
            if k > 0 {
                d = self.step(&d);
            }
            *count = self.move_count(d.blue, d.red, d.i.is_multiple_of(2));
        }
        true
    }
}

use grundy::catalogue::{Family, Kind, Param, Shape, Syntax};

/// Dodgem, in the catalogue.
pub(crate) const FAMILY: Family = Family {
    name: "dodgem",
    usage: "dodgem:N",
    summary: "Dodgem (Winning Ways) on an N x N board, N = 3, 4 or 5 (5: minutes and gigabytes)",
    position: "rows from the top, b/r/., then :b or :r (b../b../.rr:b), or start",
    params: &[Param {
        key: "size",
        kind: Kind::Int {
            min: 0,
            max: u32::MAX as u64,
        },
        default: None,
        help: "the board's side",
    }],
    syntax: Syntax::Bare,
    shape: Shape::Other,
    example: Some(("dodgem:3", "start")),
    claims: None,
    build: |p| {
        let n = p
            .int("size")
            .ok_or_else(|| GameError::parameter("dodgem", "expected the board size, e.g. dodgem:3"))?;
        Ok(Box::new(crate::Solved::new(Box::new(Dodgem::new(n as u32)?))))
    },
};

// Behind the dynamic seam: the game answered from its table, numbered here.

use grundy::dynamic::DynPosition;

use crate::dynamic::{bad, retro_solve, Numbering, TableGame, RETROGRADE_METHOD};
use crate::table::Progress;
use crate::{DenseOptions, RetroError, Table};

impl TableGame for Dodgem {
    fn name(&self) -> String {
        format!("dodgem:{}", self.n())
    }
    fn size(&self) -> u64 {
        Indexed::size(self)
    }
    fn start(&self) -> DynPosition {
        DynPosition::Text(self.show(Dodgem::start(self)))
    }
    fn parse_position(&self, text: &str) -> Result<DynPosition, GameError> {
        if text.trim() == "start" {
            return Ok(TableGame::start(self));
        }
        let p = self
            .parse(text)
            .map_err(|m| bad(TableGame::name(self), text, m))?;
        Ok(DynPosition::Text(self.show(p)))
    }
    fn index(&self, p: &DynPosition) -> Result<u64, GameError> {
        let t = p.to_string();
        let p = self.parse(&t).map_err(|m| bad(TableGame::name(self), &t, m))?;
        Ok(Dodgem::index(self, p))
    }
    fn options(&self, p: &DynPosition) -> Result<Vec<DynPosition>, GameError> {
        let t = p.to_string();
        let p = self.parse(&t).map_err(|m| bad(TableGame::name(self), &t, m))?;
        let mut out = Vec::new();
        self.moves(p, &mut out);
        Ok(out.into_iter().map(|q| DynPosition::Text(self.show(q))).collect())
    }
    fn board(&self, p: &DynPosition) -> Option<Board> {
        Some(self.drawing(self.parse(&p.to_string()).ok()?))
    }
    fn name_move(&self, from: &DynPosition, to: &DynPosition) -> Option<String> {
        self.move_name(
            self.parse(&from.to_string()).ok()?,
            self.parse(&to.to_string()).ok()?,
        )
    }
    fn solve(&self, options: DenseOptions, progress: &mut dyn FnMut(Progress)) -> Result<Table, RetroError> {
        retro_solve(self, options, progress)
    }
    fn method(&self) -> &'static str {
        RETROGRADE_METHOD
    }
    fn numbering(&self) -> Numbering<'_> {
        Numbering::Indexed(self)
    }
}
