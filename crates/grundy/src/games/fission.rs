//! Fission (CGSuite's `game.grid.Fission`): stones on a grid, some cells blocked.
//! Left splits a stone whose neighbours north and south are both empty: it is
//! replaced by two stones there. Right does the same east and west. Whoever
//! cannot move loses.
//!
//! The edge of the board is a wall, like a blocked cell. Every move adds a stone,
//! so play ends. Mirroring the board left-right or up-down keeps each player's
//! moves, so a board's key is the least of those four images.

use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::{Codec, DynPosition};
use crate::games::domineering::{grid_board, grid_cell_name, grid_text, images, read_grid};
use crate::partizan::{from_partizan, Partizan, Side};
use crate::GameError;

/// A board: bit `r * cols + c` of `stones` is set for a stone, of `blocked` for a
/// blocked cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FissionBoard {
    rows: u8,
    cols: u8,
    stones: u64,
    blocked: u64,
}

impl FissionBoard {
    fn rows(&self) -> usize {
        self.rows as usize
    }

    fn cols(&self) -> usize {
        self.cols as usize
    }

    /// Rows of `x` (stone), `#` (blocked) and `.` joined by `sep`.
    pub fn text(&self, sep: &str) -> String {
        grid_text(self.rows(), self.cols(), sep, |i| {
            if self.stones >> i & 1 == 1 {
                'x'
            } else if self.blocked >> i & 1 == 1 {
                '#'
            } else {
                '.'
            }
        })
    }

    /// The cells `side` splits into from cell `i`, if both are on the board and empty.
    fn split(&self, i: usize, side: Side) -> Option<(usize, usize)> {
        let (r, c, w) = (i / self.cols(), i % self.cols(), self.cols());
        let (a, b) = match side {
            Side::Left => (
                r.checked_sub(1)? * w + c,
                (r + 1 < self.rows()).then_some((r + 1) * w + c)?,
            ),
            Side::Right => (i.checked_sub(1).filter(|_| c > 0)?, (c + 1 < w).then_some(i + 1)?),
        };
        let taken = self.stones | self.blocked;
        (taken >> a & 1 == 0 && taken >> b & 1 == 0).then_some((a, b))
    }
}

/// Fission on boards of at most 64 cells.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fission;

/// `side`'s moves of `b`: the stone split and the board after.
fn splits(b: &FissionBoard, side: Side) -> impl Iterator<Item = (usize, FissionBoard)> + '_ {
    (0..b.rows() * b.cols())
        .filter(|&i| b.stones >> i & 1 == 1)
        .filter_map(move |i| {
            let (a, c) = b.split(i, side)?;
            let stones = (b.stones & !(1 << i)) | 1 << a | 1 << c;
            Some((i, FissionBoard { stones, ..*b }))
        })
}

impl Partizan for Fission {
    type Position = FissionBoard;

    fn options(&self, b: &FissionBoard, side: Side, out: &mut Vec<FissionBoard>) -> Result<(), GameError> {
        out.extend(splits(b, side).map(|(_, next)| next));
        Ok(())
    }

    fn symmetry_key(&self, b: &FissionBoard) -> FissionBoard {
        // The first four images keep rows as rows (Left's moves stay vertical).
        let [s, x] = images(b.rows(), b.cols(), [b.stones, b.blocked])[..4]
            .iter()
            .map(|&(_, _, masks)| masks)
            .min()
            .expect("four images");
        FissionBoard {
            stones: s,
            blocked: x,
            ..*b
        }
    }

    fn show(&self, b: &FissionBoard) -> Option<String> {
        Some(b.text("\n"))
    }

    /// A click on a stone splits it (north-south for Left, east-west for Right).
    fn board(&self, b: &FissionBoard) -> Option<crate::dynamic::Board> {
        use crate::dynamic::{Cell, Click};
        let mut board = grid_board(b.rows(), b.cols(), |i| {
            if b.stones >> i & 1 == 1 {
                Cell::mark('x')
            } else if b.blocked >> i & 1 == 1 {
                Cell::mark('#')
            } else {
                Cell::EMPTY
            }
        });
        board.clicks = (0..b.rows() * b.cols())
            .filter(|&i| b.stones >> i & 1 == 1)
            .map(|i| Click {
                row: i / b.cols(),
                column: i % b.cols(),
                moves: vec![grid_cell_name(i, b.cols())],
            })
            .collect();
        Some(board.note("Left splits a stone north and south, Right east and west"))
    }

    /// The stone split: `b2` (each side splits a stone one way only). A move to
    /// a mirror image of `to` is the same move.
    fn name_move(&self, from: &FissionBoard, to: &FissionBoard, side: Side) -> Option<String> {
        let want = self.symmetry_key(to);
        splits(from, side)
            .find(|(_, next)| self.symmetry_key(next) == want)
            .map(|(i, _)| grid_cell_name(i, from.cols()))
    }

    fn size(&self, b: &FissionBoard) -> Option<usize> {
        Some((b.rows() * b.cols()) - (b.stones | b.blocked).count_ones() as usize)
    }
}

impl Codec for FissionBoard {
    fn encode(&self) -> DynPosition {
        DynPosition::Text(self.text("|"))
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        let DynPosition::Text(t) = p else {
            return Err("expected rows of 'x' (stone), '#' (blocked) and '.' separated by '|'".into());
        };
        let (h, w, [stones, blocked]) =
            read_grid::<2>(t, "'x' a stone, '#' blocked, '.' empty", |ch| match ch {
                'x' | 'X' => Some(0),
                '#' => Some(1),
                '.' => Some(2),
                _ => None,
            })?;
        Ok(FissionBoard {
            rows: h as u8,
            cols: w as u8,
            stones,
            blocked,
        })
    }
}

pub(crate) const FAMILY: Family = Family {
    name: "fission",
    usage: "fission",
    summary: "split a stone into two on the empty cells beside it: Left north and south, Right east and west (partizan; canonical values)",
    position: "rows of 'x' (stone), '#' (blocked) and '.' (empty) separated by '|', e.g. ....|.x..|....|...., at most 64 cells",
    params: &[],
    example: Some(("fission", "....|.x..|....|..#.")),
    syntax: Syntax::None,
    shape: Shape::Other,
    claims: None,
    build: |_| Ok(from_partizan("fission", Fission)),
};

#[cfg(test)]
mod tests {
    use super::*;

    fn board(t: &str) -> FissionBoard {
        FissionBoard::decode(&DynPosition::Text(t.into())).unwrap()
    }

    #[test]
    fn stones_split_onto_empty_cells() {
        let mut out = Vec::new();
        Fission
            .options(&board("...|.x.|..."), Side::Left, &mut out)
            .unwrap();
        assert_eq!(out, [board(".x.|...|.x.")]);
        out.clear();
        Fission
            .options(&board("...|.x.|..."), Side::Right, &mut out)
            .unwrap();
        assert_eq!(out, [board("...|x.x|...")]);
        out.clear();
        // The edge and blocked cells stop a split.
        Fission
            .options(&board(".x.|...|.#."), Side::Left, &mut out)
            .unwrap();
        assert!(out.is_empty());
        Fission
            .options(&board("...|.x.|.#."), Side::Left, &mut out)
            .unwrap();
        assert!(out.is_empty());
        let k = |t: &str| Fission.symmetry_key(&board(t));
        assert_eq!(k("x..|..#"), k("#..|..x"));
    }
}
