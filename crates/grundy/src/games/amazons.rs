//! Amazons: Left's amazons `L`, Right's `R` on a board with arrows `x` (burnt
//! cells). A move is an amazon moving like a chess queen over empty cells, then
//! shooting an arrow from where it stands, again like a queen (through the cell it
//! left, if it likes), onto an empty cell, which is burnt for good. Whoever cannot
//! move loses.
//!
//! Nothing crosses a burnt cell, so the board falls apart into regions of cells
//! that are not burnt, connected by kings' steps (a queen passes diagonally between
//! two burnt cells); each region is a component, and a region with no amazon or no
//! empty cell has no moves and is dropped. The rules look the same under every
//! rotation and reflection, so a region's key is the least of its eight images.

use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::{Codec, DynPosition, MoveWord};
use crate::games::domineering::{
    bounding_box, crop, full, grid_board, grid_cell_name, grid_text, images, read_grid,
};
use crate::partizan::{from_partizan, Partizan, Side};
use crate::GameError;

/// The eight directions of a queen, as (row, column) steps.
const QUEEN: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// A board: bit `r * cols + c` of `left` is set for a Left amazon, of `right` for
/// a Right amazon, of `burnt` for an arrow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AmazonsBoard {
    rows: u8,
    cols: u8,
    left: u64,
    right: u64,
    burnt: u64,
}

impl AmazonsBoard {
    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    fn glyph(&self, i: usize) -> char {
        if self.left >> i & 1 == 1 {
            'L'
        } else if self.right >> i & 1 == 1 {
            'R'
        } else if self.burnt >> i & 1 == 1 {
            'x'
        } else {
            '.'
        }
    }

    /// Rows of `L`, `R`, `x` and `.` joined by `sep`.
    pub fn text(&self, sep: &str) -> String {
        grid_text(self.rows(), self.cols(), sep, |i| self.glyph(i))
    }

    fn empty(&self) -> u64 {
        full(self.rows(), self.cols()) & !(self.left | self.right | self.burnt)
    }

    /// The cells a queen at `from` reaches over the cells of `empty`.
    fn reach(&self, from: usize, empty: u64) -> u64 {
        let (h, w) = (self.rows() as isize, self.cols() as isize);
        let mut out = 0;
        for (dr, dc) in QUEEN {
            let (mut r, mut c) = ((from as isize) / w + dr, (from as isize) % w + dc);
            while (0..h).contains(&r) && (0..w).contains(&c) && empty >> (r * w + c) & 1 == 1 {
                out |= 1 << (r * w + c);
                r += dr;
                c += dc;
            }
        }
        out
    }

    /// Every move of `side`: the amazon's cell, where it goes, where its arrow
    /// lands, and the board after.
    fn moves(&self, side: Side, mut visit: impl FnMut(usize, usize, usize, AmazonsBoard)) {
        let mine = match side {
            Side::Left => self.left,
            Side::Right => self.right,
        };
        let empty = self.empty();
        let mut amazons = mine;
        while amazons != 0 {
            let from = amazons.trailing_zeros() as usize;
            amazons &= amazons - 1;
            let mut targets = self.reach(from, empty);
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let moved = (mine & !(1 << from)) | 1 << to;
                let mut arrows = self.reach(to, (empty | 1 << from) & !(1 << to));
                while arrows != 0 {
                    let arrow = arrows.trailing_zeros() as usize;
                    arrows &= arrows - 1;
                    let mut next = AmazonsBoard {
                        burnt: self.burnt | 1 << arrow,
                        ..*self
                    };
                    match side {
                        Side::Left => next.left = moved,
                        Side::Right => next.right = moved,
                    }
                    visit(from, to, arrow, next);
                }
            }
        }
    }

    /// The cells of `mask` next to those of `x`, kings' steps.
    fn king_neighbours(&self, x: u64, mask: u64) -> u64 {
        let w = self.cols();
        let all = full(self.rows(), w);
        let col0 = (0..self.rows()).fold(0u64, |m, r| m | 1 << (r * w));
        let last = col0 << (w - 1);
        let row = x | ((x & !last) << 1) | ((x & !col0) >> 1);
        let vertical = if w < 64 { (row << w) | (row >> w) } else { 0 };
        (row | vertical) & all & mask
    }
}

/// Amazons on boards of at most 64 cells.
#[derive(Clone, Copy, Debug, Default)]
pub struct Amazons;

impl Partizan for Amazons {
    type Position = AmazonsBoard;

    fn options(&self, b: &AmazonsBoard, side: Side, out: &mut Vec<AmazonsBoard>) -> Result<(), GameError> {
        b.moves(side, |_, _, _, next| out.push(next));
        Ok(())
    }

    fn components(&self, b: &AmazonsBoard, out: &mut Vec<AmazonsBoard>) {
        let w = b.cols();
        let (amazons, empty) = (b.left | b.right, b.empty());
        let mut open = amazons | empty;
        while open != 0 {
            let mut region = open & open.wrapping_neg();
            loop {
                let grown = region | b.king_neighbours(region, open);
                if grown == region {
                    break;
                }
                region = grown;
            }
            open &= !region;
            if region & amazons == 0 || region & empty == 0 {
                continue;
            }
            let bx = bounding_box(region, w);
            let inside = crop(region, w, bx);
            out.push(AmazonsBoard {
                rows: bx.1 as u8,
                cols: bx.3 as u8,
                left: crop(b.left & region, w, bx),
                right: crop(b.right & region, w, bx),
                burnt: full(bx.1, bx.3) & !inside,
            });
        }
    }

    fn symmetry_key(&self, b: &AmazonsBoard) -> AmazonsBoard {
        let (rows, cols, [left, right, burnt]) = images(b.rows(), b.cols(), [b.left, b.right, b.burnt])
            .into_iter()
            .min()
            .expect("eight images");
        AmazonsBoard {
            rows: rows as u8,
            cols: cols as u8,
            left,
            right,
            burnt,
        }
    }

    fn show(&self, b: &AmazonsBoard) -> Option<String> {
        Some(b.text("\n"))
    }

    fn board(&self, b: &AmazonsBoard) -> Option<crate::dynamic::Board> {
        use crate::dynamic::{Cell, Owner};
        let board = grid_board(b.rows(), b.cols(), |i| match b.glyph(i) {
            'L' => Cell::piece('L', Owner::First),
            'R' => Cell::piece('R', Owner::Second),
            'x' => Cell::mark('x'),
            _ => Cell::EMPTY,
        });
        Some(board.note("Left L, Right R: move an amazon like a queen, then shoot an arrow x from it like a queen (a1-c3/c1)"))
    }

    /// The amazon's cell, where it goes and where its arrow lands: `a1-c3/c1`.
    fn read_move(&self, b: &AmazonsBoard, side: Side, word: &str) -> MoveWord {
        let Some((path, arrow)) = word.trim().split_once('/') else {
            return MoveWord::NotAWord;
        };
        let Some((from, to)) = path.split_once('-') else {
            return MoveWord::NotAWord;
        };
        let [Some(from), Some(to), Some(arrow)] = [from, to, arrow].map(|t| cell(b, t)) else {
            return MoveWord::NotAWord;
        };
        let mut found = Vec::new();
        b.moves(side, |f, t, a, next| {
            if (f, t, a) == (from, to, arrow) {
                found.push(next.encode());
            }
        });
        if found.is_empty() {
            let name = |i| grid_cell_name(i, b.cols());
            return MoveWord::Wrong(format!(
                "{side} cannot move from {} to {} and shoot at {}",
                name(from),
                name(to),
                name(arrow)
            ));
        }
        MoveWord::Moves(found)
    }

    fn name_move(&self, from: &AmazonsBoard, to: &AmazonsBoard, side: Side) -> Option<String> {
        let (before, after) = match side {
            Side::Left => (from.left, to.left),
            Side::Right => (from.right, to.right),
        };
        let (left, arrived, arrow) = (before & !after, after & !before, to.burnt & !from.burnt);
        let single = |m: u64| m.count_ones() == 1;
        (single(left) && single(arrived) && single(arrow) && from.cols == to.cols).then(|| {
            let name = |m: u64| grid_cell_name(m.trailing_zeros() as usize, from.cols());
            format!("{}-{}/{}", name(left), name(arrived), name(arrow))
        })
    }

    /// Empty cells.
    fn size(&self, b: &AmazonsBoard) -> Option<usize> {
        Some(b.empty().count_ones() as usize)
    }
}

/// The index of a cell named like `b2` on `b`, if it is on the board.
fn cell(b: &AmazonsBoard, name: &str) -> Option<usize> {
    let (c, r) = crate::dynamic::read_cell(name)?;
    (r >= 1 && r <= b.rows() && c < b.cols()).then(|| (r - 1) * b.cols() + c)
}

impl Codec for AmazonsBoard {
    fn encode(&self) -> DynPosition {
        DynPosition::Text(self.text("|"))
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        let DynPosition::Text(t) = p else {
            return Err("expected rows of 'L', 'R', 'x' and '.' separated by '|'".into());
        };
        let (h, w, [left, right, burnt]) =
            read_grid::<3>(t, "'L' Left, 'R' Right, 'x' an arrow, '.' empty", |ch| match ch {
                'L' => Some(0),
                'R' => Some(1),
                'x' | '#' => Some(2),
                '.' => Some(3),
                _ => None,
            })?;
        Ok(AmazonsBoard {
            rows: h as u8,
            cols: w as u8,
            left,
            right,
            burnt,
        })
    }
}

pub(crate) const FAMILY: Family = Family {
    name: "amazons",
    usage: "amazons",
    summary: "Amazons: move an amazon like a queen, then shoot an arrow from it like a queen, burning a cell: Left L, Right R (partizan; canonical values)",
    position: "rows of 'L' (Left), 'R' (Right), 'x' (an arrow) and '.' (empty) separated by '|', e.g. L..x|...R, at most 64 cells",
    params: &[],
    example: Some(("amazons", "L..|.x.|..R")),
    syntax: Syntax::None,
    shape: Shape::Other,
    claims: None,
    build: |_| Ok(from_partizan("amazons", Amazons)),
};

#[cfg(test)]
mod tests {
    use super::*;

    fn board(t: &str) -> AmazonsBoard {
        AmazonsBoard::decode(&DynPosition::Text(t.into())).unwrap()
    }

    fn texts(t: &str, side: Side) -> Vec<String> {
        let mut out = Vec::new();
        Amazons.options(&board(t), side, &mut out).unwrap();
        out.iter().map(|b| b.text("|")).collect()
    }

    #[test]
    fn a_queen_moves_then_shoots() {
        // Along a row: to b1 (then shoot back at a1 or on to c1), or to c1.
        assert_eq!(texts("L..", Side::Left), ["xL.", ".Lx", "x.L", ".xL"]);
        assert_eq!(texts("LR.", Side::Left), Vec::<String>::new());
        // Diagonally between two arrows.
        assert_eq!(texts("Lx|x.", Side::Left), ["xx|xL"]);
    }

    #[test]
    fn regions_split_at_arrows() {
        let mut out = Vec::new();
        Amazons.components(&board("L.x.R|xxx..|....."), &mut out);
        let texts: Vec<String> = out.iter().map(|b| b.text("|")).collect();
        assert_eq!(texts, ["L.", "xxx.R|xxx..|....."]);
    }

    #[test]
    fn move_words() {
        let b = board("L..|...");
        let MoveWord::Moves(m) = Amazons.read_move(&b, Side::Left, "a1-b2/a1") else {
            panic!("a1-b2/a1 is a move")
        };
        let to = AmazonsBoard::decode(&m[0]).unwrap();
        assert_eq!(to.text("|"), "x..|.L.");
        assert_eq!(
            Amazons.name_move(&b, &to, Side::Left).as_deref(),
            Some("a1-b2/a1")
        );
        assert!(matches!(
            Amazons.read_move(&b, Side::Left, "a1-b2/b2"),
            MoveWord::Wrong(_)
        ));
        assert!(matches!(
            Amazons.read_move(&b, Side::Right, "a1-b2/a1"),
            MoveWord::Wrong(_)
        ));
    }
}
