//! Cutcake (Winning Ways): rectangles of cake on a grid. Left cuts a piece
//! vertically (north-south) along a grid line, Right horizontally (east-west); the
//! two pieces are then separate. Whoever cannot cut loses.
//!
//! A piece `WxH` is W cells wide and H tall, so Left splits W and Right splits H.
//! Pieces are independent components; a 1x1 piece has no cuts (value 0) and is
//! dropped; the order of pieces does not matter, so the key sorts them.

use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::{Codec, DynPosition};
use crate::partizan::{from_partizan, Partizan, Side};
use crate::GameError;

/// The largest side of a piece accepted.
pub const MAX_SIDE: u32 = 100;

/// Pieces of cake, each (width, height).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cake(pub Vec<(u32, u32)>);

impl Cake {
    /// POSITION syntax: `3x4+2x2`.
    pub fn text(&self) -> String {
        if self.0.is_empty() {
            return ".".into();
        }
        self.0
            .iter()
            .map(|(w, h)| format!("{w}x{h}"))
            .collect::<Vec<_>>()
            .join("+")
    }

    /// Read `WxH` pieces joined by `+`.
    pub fn parse(text: &str) -> Result<Cake, String> {
        let t = text.trim();
        if t == "." {
            return Ok(Cake(Vec::new()));
        }
        let mut pieces = Vec::new();
        for part in t.split('+').map(str::trim) {
            let (w, h) = part
                .split_once(['x', 'X'])
                .ok_or_else(|| format!("'{part}' is not a piece WxH (width x height)"))?;
            let side = |s: &str| {
                s.trim()
                    .parse::<u32>()
                    .map_err(|_| format!("'{}' in '{part}' is not a positive integer", s.trim()))
            };
            pieces.push(piece(side(w)?, side(h)?)?);
        }
        Ok(Cake(pieces))
    }
}

fn piece(w: u32, h: u32) -> Result<(u32, u32), String> {
    if w == 0 || h == 0 {
        return Err(format!("a piece {w}x{h} has no cake; sides are at least 1"));
    }
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(format!(
            "a piece {w}x{h} is too big; sides are at most {MAX_SIDE}"
        ));
    }
    Ok((w, h))
}

/// Cutcake.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cutcake;

/// The widest and tallest cake drawn as a board (cells); larger ones are shown as text.
const BOARD_WIDTH: u32 = 60;
const BOARD_HEIGHT: u32 = 30;

/// A cut's name: the piece (from 1) and where, `2: cut after column 1` for
/// Left (vertical), `after row` for Right. Cuts at a and at side - a leave the
/// same pieces and have one name, that of the smaller a.
fn cut_name(piece: usize, side: Side, a: u32, len: u32) -> String {
    let line = match side {
        Side::Left => "column",
        Side::Right => "row",
    };
    format!("{}: cut after {line} {}", piece + 1, a.min(len - a))
}

/// `side`'s cuts of `p`: the piece cut, where (a), the side's length, what is left.
/// Cuts at a and at (length - a) leave the same two pieces: one of each.
fn cuts(p: &Cake, side: Side) -> impl Iterator<Item = (usize, u32, u32, Cake)> + '_ {
    p.0.iter().enumerate().flat_map(move |(i, &(w, h))| {
        let len = match side {
            Side::Left => w,
            Side::Right => h,
        };
        (1..=len / 2).map(move |a| {
            let halves = match side {
                Side::Left => [(a, h), (w - a, h)],
                Side::Right => [(w, a), (w, h - a)],
            };
            let mut next = p.0.clone();
            next.remove(i);
            next.extend(halves);
            (i, a, len, Cake(next))
        })
    })
}

impl Partizan for Cutcake {
    type Position = Cake;

    /// The pieces side by side, one empty column apart, standing on the bottom
    /// row. A click on a cell cuts its piece just left of the cell (Left) or just
    /// above it (Right).
    fn board(&self, p: &Cake) -> Option<crate::dynamic::Board> {
        use crate::dynamic::{Board, Cell, Click};
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
                    let mut moves = Vec::new();
                    if x > 0 {
                        moves.push(cut_name(i, Side::Left, x, w));
                    }
                    if y > 0 {
                        moves.push(cut_name(i, Side::Right, y, h));
                    }
                    if !moves.is_empty() {
                        clicks.push(Click { row, column, moves });
                    }
                }
            }
            left += w + 1;
        }
        let labels = (1..=rows).rev().map(|r| r.to_string()).collect();
        let mut board = Board::grid(cells, labels, vec![String::new(); columns as usize])
            .note("Left cuts down between two columns, Right across between two rows (a click cuts just left of the cell, or just above it)");
        board.clicks = clicks;
        Some(board)
    }

    fn name_move(&self, from: &Cake, to: &Cake, side: Side) -> Option<String> {
        let want = self.symmetry_key(to);
        cuts(from, side)
            .find(|(_, _, _, next)| self.symmetry_key(next) == want)
            .map(|(i, a, len, _)| cut_name(i, side, a, len))
    }

    fn options(&self, p: &Cake, side: Side, out: &mut Vec<Cake>) -> Result<(), GameError> {
        out.extend(cuts(p, side).map(|(_, _, _, next)| next));
        Ok(())
    }

    fn components(&self, p: &Cake, out: &mut Vec<Cake>) {
        out.extend(p.0.iter().filter(|&&s| s != (1, 1)).map(|&s| Cake(vec![s])));
    }

    fn symmetry_key(&self, p: &Cake) -> Cake {
        let mut v = p.0.clone();
        v.sort_unstable();
        Cake(v)
    }

    fn integer_value(&self, p: &Cake) -> Option<i64> {
        Some(p.0.iter().map(|&(w, h)| piece_value(w, h)).sum())
    }

    /// The positions reachable are multisets of pieces no wider and no taller than
    /// the widest and tallest piece, of the same total area: their number (with
    /// either side to move) bounds the search. A 5x5 cake gives 66,652 (10,665 are
    /// searched), 6x6 2,017,500 (380,262: just over the search limit) and 7x7 7·10^7.
    fn search_size(&self, p: &Cake) -> Option<u128> {
        /// Areas counted exactly; beyond, multisets are far more than any search limit.
        const MAX_AREA: u32 = 64;
        let area: u32 = p.0.iter().map(|&(w, h)| w * h).sum();
        if area > MAX_AREA {
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
        Some(ways[area as usize].saturating_mul(2))
    }
}

/// The value of one piece, an integer (Berlekamp, Conway and Guy, *Winning Ways*,
/// ch. 2): a piece at least as wide as it is tall is worth `w / 2^k - 1` (rounded
/// down), with `2^k` the largest power of 2 at most its height; a taller one is the
/// negative of its turn by a quarter.
pub fn piece_value(w: u32, h: u32) -> i64 {
    if w >= h {
        let k = h.ilog2();
        i64::from(w >> k) - 1
    } else {
        -piece_value(h, w)
    }
}

impl Codec for Cake {
    fn encode(&self) -> DynPosition {
        DynPosition::Text(self.text())
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        match p {
            DynPosition::Text(t) => Cake::parse(t),
            DynPosition::Ints(v) => match v[..] {
                [w, h] => {
                    let side = |x: i64| u32::try_from(x).map_err(|_| format!("{x} is not a side"));
                    Ok(Cake(vec![piece(side(w)?, side(h)?)?]))
                }
                _ => Err("expected W,H or pieces WxH joined by '+', e.g. 3x4+2x2".into()),
            },
        }
    }
}

pub(crate) const FAMILY: Family = Family {
    name: "cutcake",
    usage: "cutcake",
    summary:
        "cut a piece of cake along the grid: Left vertically, Right horizontally (partizan; canonical values)",
    position: "pieces WxH (W wide, H tall) joined by '+', e.g. 3x4+2x2, or one piece W,H",
    params: &[],
    example: Some(("cutcake", "3x2+1x3")),
    syntax: Syntax::None,
    shape: Shape::Other,
    claims: None,
    build: |_| Ok(from_partizan("cutcake", Cutcake)),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_size_bounds_the_search() {
        assert_eq!(Cutcake.search_size(&Cake(vec![(5, 5)])), Some(66_652));
        assert_eq!(Cutcake.search_size(&Cake(vec![(100, 100)])), Some(u128::MAX));
    }

    #[test]
    fn pieces_read_and_cut() {
        assert_eq!(Cake::parse("3x4 + 2X2").unwrap(), Cake(vec![(3, 4), (2, 2)]));
        assert!(Cake::parse("3x0").unwrap_err().contains("no cake"));
        assert!(Cake::parse("3").is_err());
        let mut out = Vec::new();
        Cutcake
            .options(&Cake(vec![(4, 1)]), Side::Left, &mut out)
            .unwrap();
        assert_eq!(out, [Cake(vec![(1, 1), (3, 1)]), Cake(vec![(2, 1), (2, 1)])]);
        out.clear();
        Cutcake
            .options(&Cake(vec![(4, 1)]), Side::Right, &mut out)
            .unwrap();
        assert!(out.is_empty());
    }
}
