//! Konane (Hawaiian checkers): Left's stones `x` (black), Right's `o` (white) on a
//! board. A player jumps one of their stones orthogonally over an adjacent stone of
//! the opponent's onto the empty cell beyond it, removing the stone jumped; the
//! same stone may jump again in the same direction, and each stop is a move of its
//! own. Whoever cannot move loses. (The opening, where two adjacent stones are
//! lifted from a full board, is not part of a position: write the board after it.)
//!
//! A stone lands on cells that were empty, two cells away, so groups of stones that
//! do not touch may still meet later. But each move takes a stone of its group and
//! lands next to where one stood, so a group of `n` stones that meets no other
//! stays within its bounding box grown by `n - 1` cells each way (one at most a
//! move, and at most `n - 1` moves). Groups whose grown boxes are apart (not even
//! diagonally next to each other) never meet: each is a component, cropped to its
//! grown box, and a group of one colour, which can never move, is dropped. Groups
//! whose boxes meet are joined, and the joined group grown again. The rules look
//! the same under every rotation and reflection, so a key is the least of the eight
//! images.

use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::{Codec, DynPosition, MoveWord};
use crate::games::domineering::{
    bounding_box, crop, grid_board, grid_cell_name, grid_text, images, read_grid, Grid,
};
use crate::partizan::{from_partizan, Partizan, Side};
use crate::GameError;

/// A board: bit `r * cols + c` of `x` is set for a Left stone, of `o` for a Right stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KonaneBoard {
    rows: u8,
    cols: u8,
    x: u64,
    o: u64,
}

impl KonaneBoard {
    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// Rows of `x`, `o` and `.` joined by `sep`.
    pub fn text(&self, sep: &str) -> String {
        grid_text(self.rows(), self.cols(), sep, |i| {
            if self.x >> i & 1 == 1 {
                'x'
            } else if self.o >> i & 1 == 1 {
                'o'
            } else {
                '.'
            }
        })
    }

    /// The cell one step from `i` in direction `(dr, dc)`, if on the board.
    fn step(&self, i: usize, (dr, dc): (isize, isize)) -> Option<usize> {
        let (w, h) = (self.cols() as isize, self.rows() as isize);
        let (r, c) = ((i as isize) / w + dr, (i as isize) % w + dc);
        (0..h).contains(&r).then_some(())?;
        (0..w).contains(&c).then_some(())?;
        Some((r * w + c) as usize)
    }

    /// Every jump of `side`: the stone's cell, where it stops, and the board
    /// after; a stone's jumps along one line come shortest first.
    fn jumps(&self, side: Side, mut visit: impl FnMut(usize, usize, KonaneBoard)) {
        let (mine, theirs) = match side {
            Side::Left => (self.x, self.o),
            Side::Right => (self.o, self.x),
        };
        let mut stones = mine;
        while stones != 0 {
            let from = stones.trailing_zeros() as usize;
            stones &= stones - 1;
            for dir in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (mut at, mut taken) = (from, 0u64);
                while let Some(over) = self.step(at, dir).filter(|&j| theirs >> j & 1 == 1) {
                    let Some(land) = self.step(over, dir).filter(|&j| (mine | theirs) >> j & 1 == 0) else {
                        break;
                    };
                    taken |= 1 << over;
                    at = land;
                    let (mine, theirs) = ((mine & !(1 << from)) | 1 << land, theirs & !taken);
                    let (x, o) = match side {
                        Side::Left => (mine, theirs),
                        Side::Right => (theirs, mine),
                    };
                    visit(from, land, KonaneBoard { x, o, ..*self });
                }
            }
        }
    }
}

/// Konane on boards of at most 64 cells.
#[derive(Clone, Copy, Debug, Default)]
pub struct Konane;

impl Partizan for Konane {
    type Position = KonaneBoard;

    fn options(&self, b: &KonaneBoard, side: Side, out: &mut Vec<KonaneBoard>) -> Result<(), GameError> {
        b.jumps(side, |_, _, next| out.push(next));
        Ok(())
    }

    fn components(&self, b: &KonaneBoard, out: &mut Vec<KonaneBoard>) {
        let (h, w) = (b.rows(), b.cols());
        let mut groups = Vec::new();
        Grid::new(h, w).groups(b.x | b.o, &mut groups);
        let mut parts: Vec<(u64, Reach)> = groups.into_iter().map(|g| (g, Reach::of(g, h, w))).collect();
        'joining: loop {
            for i in 0..parts.len() {
                for j in i + 1..parts.len() {
                    if parts[i].1.meets(&parts[j].1) {
                        let g = parts[i].0 | parts.swap_remove(j).0;
                        parts[i] = (g, Reach::of(g, h, w));
                        continue 'joining;
                    }
                }
            }
            break;
        }
        for (g, reach) in parts {
            if g & b.x == 0 || g & b.o == 0 {
                continue;
            }
            let bx = (
                reach.rows.0,
                reach.rows.1 - reach.rows.0 + 1,
                reach.cols.0,
                reach.cols.1 - reach.cols.0 + 1,
            );
            out.push(KonaneBoard {
                rows: bx.1 as u8,
                cols: bx.3 as u8,
                x: crop(b.x & g, w, bx),
                o: crop(b.o & g, w, bx),
            });
        }
    }

    fn symmetry_key(&self, b: &KonaneBoard) -> KonaneBoard {
        let (rows, cols, [x, o]) = images(b.rows(), b.cols(), [b.x, b.o])
            .into_iter()
            .min()
            .expect("eight images");
        KonaneBoard {
            rows: rows as u8,
            cols: cols as u8,
            x,
            o,
        }
    }

    fn show(&self, b: &KonaneBoard) -> Option<String> {
        Some(b.text("\n"))
    }

    fn board(&self, b: &KonaneBoard) -> Option<crate::dynamic::Board> {
        use crate::dynamic::{Cell, Owner};
        let board = grid_board(b.rows(), b.cols(), |i| {
            if b.x >> i & 1 == 1 {
                Cell::piece('x', Owner::First)
            } else if b.o >> i & 1 == 1 {
                Cell::piece('o', Owner::Second)
            } else {
                Cell::EMPTY
            }
        });
        Some(board.note("Left x, Right o: jump an opponent's stone onto the empty cell beyond it, again in the same direction if you like"))
    }

    /// The stone's cell and where it stops: `a1-a5`.
    fn read_move(&self, b: &KonaneBoard, side: Side, word: &str) -> MoveWord {
        let Some((from, to)) = word.trim().split_once('-') else {
            return MoveWord::NotAWord;
        };
        let (Some(from), Some(to)) = (cell(b, from), cell(b, to)) else {
            return MoveWord::NotAWord;
        };
        let mut found = Vec::new();
        b.jumps(side, |f, t, next| {
            if (f, t) == (from, to) {
                found.push(next.encode());
            }
        });
        if found.is_empty() {
            return MoveWord::Wrong(format!(
                "{side} has no jump from {} to {}",
                grid_cell_name(from, b.cols()),
                grid_cell_name(to, b.cols())
            ));
        }
        MoveWord::Moves(found)
    }

    fn name_move(&self, from: &KonaneBoard, to: &KonaneBoard, side: Side) -> Option<String> {
        let (before, after) = match side {
            Side::Left => (from.x, to.x),
            Side::Right => (from.o, to.o),
        };
        let (left, arrived) = (before & !after, after & !before);
        (left.count_ones() == 1 && arrived.count_ones() == 1 && from.cols == to.cols).then(|| {
            let w = from.cols();
            format!(
                "{}-{}",
                grid_cell_name(left.trailing_zeros() as usize, w),
                grid_cell_name(arrived.trailing_zeros() as usize, w)
            )
        })
    }

    /// Stones.
    fn size(&self, b: &KonaneBoard) -> Option<usize> {
        Some((b.x | b.o).count_ones() as usize)
    }
}

/// The cells a group of stones may ever reach, when it meets no other: its
/// bounding box grown by one cell less than its stones, within the board (first
/// and last row, first and last column).
#[derive(Clone, Copy, Debug)]
struct Reach {
    rows: (usize, usize),
    cols: (usize, usize),
}

impl Reach {
    fn of(group: u64, h: usize, w: usize) -> Reach {
        let (r0, bh, c0, bw) = bounding_box(group, w);
        let grow = group.count_ones() as usize - 1;
        Reach {
            rows: (r0.saturating_sub(grow), (r0 + bh - 1 + grow).min(h - 1)),
            cols: (c0.saturating_sub(grow), (c0 + bw - 1 + grow).min(w - 1)),
        }
    }

    /// Whether a stone of one group could ever stand next to (or on) a cell of
    /// the other's reach.
    fn meets(&self, other: &Reach) -> bool {
        let near = |a: (usize, usize), b: (usize, usize)| a.0 <= b.1 + 1 && b.0 <= a.1 + 1;
        near(self.rows, other.rows) && near(self.cols, other.cols)
    }
}

/// The index of a cell named like `b2` on `b`, if it is on the board.
fn cell(b: &KonaneBoard, name: &str) -> Option<usize> {
    let (c, r) = crate::dynamic::read_cell(name)?;
    (r >= 1 && r <= b.rows() && c < b.cols()).then(|| (r - 1) * b.cols() + c)
}

impl Codec for KonaneBoard {
    fn encode(&self) -> DynPosition {
        DynPosition::Text(self.text("|"))
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        let DynPosition::Text(t) = p else {
            return Err("expected rows of 'x', 'o' and '.' separated by '|'".into());
        };
        let (h, w, [x, o]) = read_grid::<2>(t, "'x' Left, 'o' Right, '.' empty", |ch| match ch {
            'x' | 'X' => Some(0),
            'o' | 'O' => Some(1),
            '.' => Some(2),
            _ => None,
        })?;
        Ok(KonaneBoard {
            rows: h as u8,
            cols: w as u8,
            x,
            o,
        })
    }
}

pub(crate) const FAMILY: Family = Family {
    name: "konane",
    usage: "konane",
    summary: "Konane: jump an adjacent opponent stone onto the empty cell beyond, again in the same line if you like: Left x, Right o (partizan; canonical values)",
    position: "rows of 'x' (Left), 'o' (Right) and '.' (empty) separated by '|', e.g. xox.|o..x, at most 64 cells",
    params: &[],
    example: Some(("konane", "xox.|o.xo|.x..")),
    syntax: Syntax::None,
    shape: Shape::Other,
    claims: None,
    build: |_| Ok(from_partizan("konane", Konane)),
};

#[cfg(test)]
mod tests {
    use super::*;

    fn board(t: &str) -> KonaneBoard {
        KonaneBoard::decode(&DynPosition::Text(t.into())).unwrap()
    }

    fn texts(t: &str, side: Side) -> Vec<String> {
        let mut out = Vec::new();
        Konane.options(&board(t), side, &mut out).unwrap();
        out.iter().map(|b| b.text("|")).collect()
    }

    #[test]
    fn jumps_single_and_multiple_in_a_line() {
        assert_eq!(texts("xo.o.", Side::Left), ["..xo.", "....x"]);
        assert_eq!(texts("xo.o.", Side::Right), Vec::<String>::new());
        assert_eq!(texts("xoo.", Side::Left), Vec::<String>::new());
        // Down, then across: never turning within one move.
        assert_eq!(texts("xo.|o..|...", Side::Left), [".o.|...|x..", "..x|o..|..."]);
        assert_eq!(texts(".ox", Side::Right), Vec::<String>::new());
        assert_eq!(texts("x.o", Side::Left), Vec::<String>::new());
    }

    #[test]
    fn groups_far_apart_are_components() {
        let parts = |t: &str| {
            let mut out = Vec::new();
            Konane.components(&board(t), &mut out);
            out.iter().map(|b| b.text("|")).collect::<Vec<_>>()
        };
        assert_eq!(parts("xo......ox"), ["xo.", ".ox"]);
        // Grown boxes that meet: one group. A lone stone, or a group of one
        // colour, never moves.
        assert_eq!(parts("xo...ox"), ["xo.", ".ox"]);
        assert_eq!(parts("xo..ox"), ["xo..ox"]);
        assert_eq!(parts("xo.....x|.......x"), ["xo.|..."]);
        assert_eq!(parts("xx......"), Vec::<String>::new());
    }

    #[test]
    fn move_words() {
        let b = board("xo.o.");
        let MoveWord::Moves(m) = Konane.read_move(&b, Side::Left, "a1-e1") else {
            panic!("a1-e1 is a move")
        };
        let to = KonaneBoard::decode(&m[0]).unwrap();
        assert_eq!(to.text("|"), "....x");
        assert_eq!(Konane.name_move(&b, &to, Side::Left).as_deref(), Some("a1-e1"));
        assert!(matches!(
            Konane.read_move(&b, Side::Left, "a1-d1"),
            MoveWord::Wrong(_)
        ));
        assert!(matches!(
            Konane.read_move(&b, Side::Left, "b2"),
            MoveWord::NotAWord
        ));
    }
}
