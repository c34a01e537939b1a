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
        Ok(Dodgem {
            n,
            binom,
            offset,
            subsets,
            pairs: total,
            id: numbering_id(),
        })
    }

    /// The board size n.
    pub fn n(&self) -> u32 {
        self.n
    }

    fn full(&self) -> u64 {
        (1u64 << (self.n * self.n)) - 1
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
            + self.binom.rank(extract(red, self.full() & !blue));
        2 * pair + u64::from(!blue_to_move)
    }

    /// The position of an index.
    pub fn position(&self, i: u64) -> DodgemPosition {
        let d = self.decode(i);
        (d.blue, d.red, i.is_multiple_of(2))
    }

    /// Index `i` decoded from scratch.
    fn decode(&self, i: u64) -> Decoded {
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
            red: deposit(red_colours, self.full() & !blue),
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
        next.red = deposit(next.red_colours, self.full() & !next.blue);
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
                + self.binom.rank(extract(red, self.full() & !blue));
        }
        let b = d.counts.0;
        let free = self.full() & !blue;
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

    /// The positions one move away.
    pub fn moves(&self, p: DodgemPosition, out: &mut Vec<DodgemPosition>) {
        self.each_move(p, |blue, red| out.push((blue, red, !p.2)));
    }

    /// `f(blue, red)` for every position, with the other player to move, that has a
    /// move to `(blue, red, blue_to_move)`: that player moved one car here (from a
    /// cell now empty), or off the board from the far edge (a car fewer now).
    /// Each move is one parent: no two of them give the same position.
    fn each_parent(&self, (blue, red, blue_to_move): DodgemPosition, mut f: impl FnMut(u64, u64)) {
        let n = self.n;
        let empty = self.full() & !(blue | red);
        let blue_moved = !blue_to_move;
        let mine = if blue_moved { blue } else { red };
        let mut emit = |cars: u64| {
            if blue_moved {
                f(cars, red)
            } else {
                f(blue, cars)
            }
        };
        let mut m = mine;
        while m != 0 {
            let bit = m & m.wrapping_neg();
            m &= m - 1;
            let k = bit.trailing_zeros();
            let (row, col) = (k / n, k % n);
            // Where the car came from: back against a forward move, then the two
            // sideways ones (Blue goes east, north, south; Red north, west, east).
            let sources: [Option<u32>; 3] = if blue_moved {
                [
                    (col > 0).then(|| k - 1),
                    (row > 0).then(|| k - n),
                    (row + 1 < n).then_some(k + n),
                ]
            } else {
                [
                    (row > 0).then(|| k - n),
                    (col + 1 < n).then_some(k + 1),
                    (col > 0).then(|| k - 1),
                ]
            };
            for s in sources.into_iter().flatten() {
                if empty >> s & 1 == 1 {
                    emit((mine & !bit) | 1 << s);
                }
            }
        }
        if mine.count_ones() + 1 < n {
            let far = if blue_moved {
                (0..n).fold(0u64, |e, row| e | 1 << (row * n + n - 1))
            } else {
                ((1u64 << n) - 1) << (n * (n - 1))
            };
            let mut e = far & empty;
            while e != 0 {
                let bit = e & e.wrapping_neg();
                e &= e - 1;
                emit(mine | bit);
            }
        }
    }

    /// Whether the player to move has a move.
    fn can_move(&self, (blue, red, blue_to_move): DodgemPosition) -> bool {
        // Every car at once, by shifts: a car on the far edge may leave; else some
        // car has an empty square ahead or beside it (masks keep rows from wrapping).
        let n = self.n;
        let empty = self.full() & !(blue | red);
        let left = (0..n).fold(0u64, |m, row| m | 1 << (row * n));
        let right = left << (n - 1);
        let top = ((1u64 << n) - 1) << (n * (n - 1));
        if blue_to_move {
            blue & right != 0 || ((blue & !right) << 1 | blue << n | blue >> n) & empty != 0
        } else {
            red & top != 0 || (red << n | (red & !left) >> 1 | (red & !right) << 1) & empty != 0
        }
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
    /// The moves taken back (see `each_parent`), so that the retrograde solvers
    /// need not store the reverse edges; `tests/fast_paths.rs` checks them against
    /// the options of every position.
    fn parents(&self, i: u64, out: &mut Vec<u64>) -> bool {
        // The solvers ask for parents in their own order, not index order: no finger.
        let d = self.decode(i);
        let blue_to_move = i.is_multiple_of(2);
        self.each_parent((d.blue, d.red, blue_to_move), |blue, red| {
            out.push(2 * self.pair_near(&d, blue, red) + u64::from(blue_to_move))
        });
        true
    }
}

use grundy::catalogue::{Family, Kind, Param, Shape, Syntax};

/// Dodgem, in the catalogue.
pub(crate) const FAMILY: Family = Family {
    name: "dodgem",
    usage: "dodgem:N",
    summary: "Dodgem (Winning Ways) on an N x N board, N = 3 or 4 (5 too big)",
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
