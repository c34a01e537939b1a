//! Eatcake (Winning Ways; CGSuite's `Eatcake`, also called Bynum's game): pieces
//! of cake on a grid, as in [Cutcake](super::cutcake). Left eats a whole column
//! of one piece, Right a whole row; what was on either side of it becomes two
//! pieces (or one, or none). Whoever cannot move loses.
//!
//! A piece `WxH` is W cells wide and H tall: Left's bite shortens W, Right's H.
//! Pieces are components; unlike Cutcake's, a 1x1 piece still has a move for
//! each side (it is `*`), so no piece is dropped. The order of pieces does not
//! matter, so the key sorts them.

use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::{Board, Cell, Click};
use crate::games::cutcake::Cake;
use crate::partizan::{from_partizan, Partizan, Side};
use crate::GameError;

/// Eatcake.
#[derive(Clone, Copy, Debug, Default)]
pub struct Eatcake;

/// The most cells a cake holds, in all its pieces: a game lasts at most that many
/// moves, and the outcome search goes one call deeper a move.
pub const MAX_AREA: u32 = 400;

/// The widest and tallest cake drawn as a board (cells); larger ones are shown as text.
const BOARD_WIDTH: u32 = 60;
const BOARD_HEIGHT: u32 = 30;

/// The pieces side by side, one empty column apart, standing on the bottom row;
/// `moves(piece, (w, h), x, y)` names the moves a click on the cell `x` from the
/// left and `y` from the top of a piece makes. Shared by the cakes whose moves
/// are not found by the cells they change.
pub(crate) fn cake_board(
    p: &Cake,
    note: &str,
    moves: impl Fn(usize, (u32, u32), u32, u32) -> Vec<String>,
) -> Option<Board> {
    let columns = p.0.iter().map(|&(w, _)| w + 1).sum::<u32>().saturating_sub(1);
    let rows = p.0.iter().map(|&(_, h)| h).max().unwrap_or(0);
    if p.0.is_empty() || columns > BOARD_WIDTH || rows > BOARD_HEIGHT {
        return None;
    }
    let mut cells = vec![vec![Cell::EMPTY; columns as usize]; rows as usize];
    let mut clicks = Vec::new();
    let mut left = 0;
    for (i, &(w, h)) in p.0.iter().enumerate() {
        for y in 0..h {
            for x in 0..w {
                let (row, column) = ((rows - h + y) as usize, (left + x) as usize);
                cells[row][column] = Cell::mark('#');
                let moves = moves(i, (w, h), x, y);
                if !moves.is_empty() {
                    clicks.push(Click { row, column, moves });
                }
            }
        }
        left += w + 1;
    }
    let labels = (1..=rows).rev().map(|r| r.to_string()).collect();
    let mut board = Board::grid(cells, labels, vec![String::new(); columns as usize]).note(note);
    board.clicks = clicks;
    Some(board)
}

/// A bite's name: the piece (from 1) and the column (Left) or row (Right) eaten,
/// from 1. The bites at `at` and at `len - 1 - at` leave the same pieces and have
/// one name, that of the nearer end.
fn bite_name(piece: usize, side: Side, at: u32, len: u32) -> String {
    let line = match side {
        Side::Left => "column",
        Side::Right => "row",
    };
    format!("{}: eat {line} {}", piece + 1, at.min(len - 1 - at) + 1)
}

/// `side`'s bites of `p`: the piece, the line eaten (from 0), its length, what is left.
fn bites(p: &Cake, side: Side) -> impl Iterator<Item = (usize, u32, u32, Cake)> + '_ {
    p.0.iter().enumerate().flat_map(move |(i, &(w, h))| {
        let len = match side {
            Side::Left => w,
            Side::Right => h,
        };
        (0..len.div_ceil(2)).map(move |at| {
            let (a, b) = (at, len - 1 - at);
            let halves = match side {
                Side::Left => [(a, h), (b, h)],
                Side::Right => [(w, a), (w, b)],
            };
            let mut next = p.0.clone();
            next.remove(i);
            next.extend(halves.into_iter().filter(|&(w, h)| w > 0 && h > 0));
            (i, at, len, Cake(next))
        })
    })
}

impl Partizan for Eatcake {
    type Position = Cake;

    /// A click on a cell eats its column (Left) or its row (Right).
    fn board(&self, p: &Cake) -> Option<Board> {
        cake_board(
            p,
            "Left eats a column, Right a row (a click eats the cell's)",
            |i, (w, h), x, y| vec![bite_name(i, Side::Left, x, w), bite_name(i, Side::Right, y, h)],
        )
    }

    fn name_move(&self, from: &Cake, to: &Cake, side: Side) -> Option<String> {
        let want = self.symmetry_key(to);
        bites(from, side)
            .find(|(_, _, _, next)| self.symmetry_key(next) == want)
            .map(|(i, at, len, _)| bite_name(i, side, at, len))
    }

    fn options(&self, p: &Cake, side: Side, out: &mut Vec<Cake>) -> Result<(), GameError> {
        let area: u32 = p.0.iter().map(|&(w, h)| w * h).sum();
        if area > MAX_AREA {
            return Err(GameError::Unsupported(format!(
                "the cake has {area} cells; at most {MAX_AREA} are supported (a game may last as many moves)"
            )));
        }
        out.extend(bites(p, side).map(|(_, _, _, next)| next));
        Ok(())
    }

    fn components(&self, p: &Cake, out: &mut Vec<Cake>) {
        out.extend(p.0.iter().map(|&s| Cake(vec![s])));
    }

    fn symmetry_key(&self, p: &Cake) -> Cake {
        let mut v = p.0.clone();
        v.sort_unstable();
        Cake(v)
    }

    /// The positions reachable are multisets of pieces no wider and no taller than
    /// the widest and tallest piece, of at most the same total area: their number
    /// (with either side to move) bounds the search, so that one out of reach is
    /// refused at once.
    fn search_size(&self, p: &Cake) -> Option<u128> {
        /// Areas counted exactly; beyond, multisets are far more than any search limit.
        const COUNTED_AREA: u32 = 64;
        let area: u32 = p.0.iter().map(|&(w, h)| w * h).sum();
        if area > COUNTED_AREA {
            return Some(u128::MAX);
        }
        let width = p.0.iter().map(|&(w, _)| w).max().unwrap_or(0);
        let height = p.0.iter().map(|&(_, h)| h).max().unwrap_or(0);
        // Multisets of pieces by total area: the coin-change count.
        let mut ways = vec![0u128; area as usize + 1];
        ways[0] = 1;
        for w in 1..=width {
            for h in 1..=height {
                let a = (w * h) as usize;
                for s in a..ways.len() {
                    ways[s] = ways[s].saturating_add(ways[s - a]);
                }
            }
        }
        Some(
            ways.iter()
                .fold(0u128, |acc, &n| acc.saturating_add(n))
                .saturating_mul(2),
        )
    }

    fn size(&self, p: &Cake) -> Option<usize> {
        Some(p.0.iter().map(|&(w, h)| (w * h) as usize).sum())
    }
}

pub(crate) const FAMILY: Family = Family {
    name: "eatcake",
    usage: "eatcake",
    summary: "eat a whole column (Left) or row (Right) of a piece of cake, splitting it (partizan; canonical values)",
    position: "pieces WxH (W wide, H tall) joined by '+', e.g. 3x4+2x2, or one piece W,H",
    params: &[],
    example: Some(("eatcake", "3x2+1x3")),
    syntax: Syntax::None,
    shape: Shape::Other,
    claims: None,
    build: |_| Ok(from_partizan("eatcake", Eatcake)),
};

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(text: &str, side: Side) -> Vec<String> {
        let mut out = Vec::new();
        Eatcake
            .options(&Cake::parse(text).unwrap(), side, &mut out)
            .unwrap();
        out.iter().map(Cake::text).collect()
    }

    #[test]
    fn bites_split_a_piece() {
        assert_eq!(opts("4x2", Side::Left), ["3x2", "1x2+2x2"]);
        assert_eq!(opts("4x2", Side::Right), ["4x1"]);
        assert_eq!(opts("1x1", Side::Right), ["."]);
        assert_eq!(opts("3x1", Side::Left), ["2x1", "1x1+1x1"]);
    }
}
