//! Clobber: Left's stones `x` (black), Right's `o` (white) on a board. A player
//! moves one of their stones onto an orthogonally adjacent stone of the opponent,
//! which is removed. Whoever cannot move loses.
//!
//! Stones that are not connected (orthogonally, through stones of either colour)
//! never interact, so each connected group is a component; a group of one colour
//! has no moves and is dropped. The rules look the same under every rotation and
//! reflection of the board, so a group's key is the least of its eight images.

use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::{Codec, DynPosition};
use crate::games::domineering::{
    bounding_box, crop, grid_board, grid_cell_name, grid_text, images, read_grid, Grid,
};
use crate::partizan::{from_partizan, Partizan, Side};
use crate::GameError;

/// A board: bit `r * cols + c` of `x` is set for a Left stone, of `o` for a Right stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClobberBoard {
    rows: u8,
    cols: u8,
    x: u64,
    o: u64,
}

impl ClobberBoard {
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
}

/// Clobber on boards of at most 64 cells.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clobber;

impl Partizan for Clobber {
    type Position = ClobberBoard;

    fn options(&self, b: &ClobberBoard, side: Side, out: &mut Vec<ClobberBoard>) -> Result<(), GameError> {
        let grid = Grid::new(b.rows(), b.cols());
        let (mine, theirs) = match side {
            Side::Left => (b.x, b.o),
            Side::Right => (b.o, b.x),
        };
        let mut m = mine;
        while m != 0 {
            let from = m & m.wrapping_neg();
            m &= m - 1;
            let mut targets = grid.neighbours(from) & theirs;
            while targets != 0 {
                let to = targets & targets.wrapping_neg();
                targets &= targets - 1;
                let (mine, theirs) = ((mine & !from) | to, theirs & !to);
                let (x, o) = match side {
                    Side::Left => (mine, theirs),
                    Side::Right => (theirs, mine),
                };
                out.push(ClobberBoard { x, o, ..*b });
            }
        }
        Ok(())
    }

    fn components(&self, b: &ClobberBoard, out: &mut Vec<ClobberBoard>) {
        let (h, w) = (b.rows(), b.cols());
        let mut gs = Vec::new();
        Grid::new(h, w).groups(b.x | b.o, &mut gs);
        for g in gs {
            if g & b.x == 0 || g & b.o == 0 {
                continue;
            }
            let bx = bounding_box(g, w);
            out.push(ClobberBoard {
                rows: bx.1 as u8,
                cols: bx.3 as u8,
                x: crop(b.x & g, w, bx),
                o: crop(b.o & g, w, bx),
            });
        }
    }

    fn symmetry_key(&self, b: &ClobberBoard) -> ClobberBoard {
        let (rows, cols, [x, o]) = images(b.rows(), b.cols(), [b.x, b.o])
            .into_iter()
            .min()
            .expect("eight images");
        ClobberBoard {
            rows: rows as u8,
            cols: cols as u8,
            x,
            o,
        }
    }

    fn show(&self, b: &ClobberBoard) -> Option<String> {
        Some(b.text("\n"))
    }

    fn board(&self, b: &ClobberBoard) -> Option<crate::dynamic::Board> {
        use crate::dynamic::{Cell, Owner};
        Some(grid_board(b.rows(), b.cols(), |i| {
            if b.x >> i & 1 == 1 {
                Cell::piece('x', Owner::First)
            } else if b.o >> i & 1 == 1 {
                Cell::piece('o', Owner::Second)
            } else {
                Cell::EMPTY
            }
        }))
    }

    /// The stone's square and the square it clobbers: `a1-b1`.
    fn name_move(&self, from: &ClobberBoard, to: &ClobberBoard, side: Side) -> Option<String> {
        let (before, after) = match side {
            Side::Left => (from.x, to.x),
            Side::Right => (from.o, to.o),
        };
        let (left, arrived) = (before & !after, after & !before);
        (left.count_ones() == 1 && arrived.count_ones() == 1).then(|| {
            let w = from.cols();
            format!(
                "{}-{}",
                grid_cell_name(left.trailing_zeros() as usize, w),
                grid_cell_name(arrived.trailing_zeros() as usize, w)
            )
        })
    }
}

impl Codec for ClobberBoard {
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
        Ok(ClobberBoard {
            rows: h as u8,
            cols: w as u8,
            x,
            o,
        })
    }
}

pub(crate) const FAMILY: Family = Family {
    name: "clobber",
    usage: "clobber",
    summary: "move a stone onto an adjacent opponent stone, removing it: Left x, Right o (partizan; canonical values)",
    position: "rows of 'x' (Left), 'o' (Right) and '.' (empty) separated by '|', e.g. xox|o.o, at most 64 cells",
    params: &[],
    example: Some(("clobber", "xox|oxo")),
    syntax: Syntax::None,
    shape: Shape::Other,
    claims: None,
    build: |_| Ok(from_partizan("clobber", Clobber)),
};

#[cfg(test)]
mod tests {
    use super::*;

    fn board(t: &str) -> ClobberBoard {
        ClobberBoard::decode(&DynPosition::Text(t.into())).unwrap()
    }

    #[test]
    fn moves_and_groups() {
        let mut out = Vec::new();
        Clobber.options(&board("xo.|..."), Side::Left, &mut out).unwrap();
        assert_eq!(out, [board(".x.|...")]);
        out.clear();
        Clobber.components(&board("xo.|...|o.x"), &mut out);
        assert_eq!(out, [board("xo")]);
        let k = |t: &str| Clobber.symmetry_key(&board(t));
        assert_eq!(k("xo"), k("ox"));
        assert_eq!(k("xo"), k("x|o"));
        assert_ne!(k("xxo"), k("xox"));
    }
}
