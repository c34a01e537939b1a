//! Maundy Cake (Winning Ways, ch. 2): pieces of cake on a grid, as in
//! [Cutcake](super::cutcake), but a cut divides a piece into some number of
//! equal pieces: Left into equal pieces side by side (cutting north-south), Right
//! into equal pieces one above the other. Whoever cannot cut loses.
//!
//! A piece `WxH` is W cells wide and H tall: Left divides W, Right H. Pieces are
//! components; a 1x1 piece has no cut (value 0) and is dropped; the order of
//! pieces does not matter, so the key sorts them.
//!
//! Every value is an integer, and a piece's follows from the integer values of
//! its options ([`piece_value`]), which makes who wins a matter of its sign.

use rustc_hash::FxHashMap;

use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::Board;
use crate::games::cutcake::{Cake, Cutcake};
use crate::games::eatcake::cake_board;
use crate::partizan::{from_partizan, Dyadic, Partizan, Side};
use crate::GameError;

/// Maundy Cake.
#[derive(Clone, Copy, Debug, Default)]
pub struct MaundyCake;

/// A cut's name: the piece (from 1), into how many pieces, and their size.
fn cut_name(piece: usize, parts: u32, (w, h): (u32, u32)) -> String {
    format!("{}: into {parts} pieces {w}x{h}", piece + 1)
}

/// `side`'s cuts of `p`: the piece, into how many parts, the part, what is left.
fn cuts(p: &Cake, side: Side) -> impl Iterator<Item = (usize, u32, (u32, u32), Cake)> + '_ {
    p.0.iter().enumerate().flat_map(move |(i, &(w, h))| {
        let len = match side {
            Side::Left => w,
            Side::Right => h,
        };
        (2..=len)
            .filter(move |parts| len.is_multiple_of(*parts))
            .map(move |parts| {
                let part = match side {
                    Side::Left => (w / parts, h),
                    Side::Right => (w, h / parts),
                };
                let mut next = p.0.clone();
                next.remove(i);
                next.extend(std::iter::repeat_n(part, parts as usize).filter(|&s| s != (1, 1)));
                (i, parts, part, Cake(next))
            })
    })
}

impl Partizan for MaundyCake {
    type Position = Cake;

    /// A click on a cell cuts its piece into pieces as wide as the cells left of
    /// it (Left), or as tall as the cells above it (Right), where they divide it.
    fn board(&self, p: &Cake) -> Option<Board> {
        cake_board(
            p,
            "Left cuts a piece into equal pieces side by side, Right into equal pieces one above the other (a click cuts just left of the cell, or just above it)",
            |i, (w, h), x, y| {
                let mut moves = Vec::new();
                if x > 0 && w.is_multiple_of(x) {
                    moves.push(cut_name(i, w / x, (x, h)));
                }
                if y > 0 && h.is_multiple_of(y) {
                    moves.push(cut_name(i, h / y, (w, y)));
                }
                moves
            },
        )
    }

    fn name_move(&self, from: &Cake, to: &Cake, side: Side) -> Option<String> {
        let want = self.symmetry_key(to);
        cuts(from, side)
            .find(|(_, _, _, next)| self.symmetry_key(next) == want)
            .map(|(i, parts, part, _)| cut_name(i, parts, part))
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
        let mut memo = FxHashMap::default();
        p.0.iter().map(|&(w, h)| piece_value_in(w, h, &mut memo)).sum()
    }

    /// Every Maundy cut is a sequence of Cutcake cuts, so the positions reachable
    /// are among Cutcake's: its bound holds, and a search out of reach is refused
    /// at once (who wins comes from the integer values anyway).
    fn search_size(&self, p: &Cake) -> Option<u128> {
        Cutcake.search_size(p)
    }

    fn size(&self, p: &Cake) -> Option<usize> {
        Some(p.0.iter().map(|&(w, h)| (w * h) as usize).sum())
    }
}

/// The value of one piece `WxH`, from its options' values: each is a sum of
/// equal pieces, so an integer when theirs are, and the piece is then the
/// simplest integer above Left's best and below Right's best. `None` if a piece
/// were hot (Left's best at least Right's): then no integer is its value. Every
/// piece up to 100x100 is an integer (`tests/partizan_rulesets.rs`).
pub fn piece_value(w: u32, h: u32) -> Option<i64> {
    piece_value_in(w, h, &mut FxHashMap::default())
}

fn piece_value_in(w: u32, h: u32, memo: &mut FxHashMap<(u32, u32), Option<i64>>) -> Option<i64> {
    if let Some(&v) = memo.get(&(w, h)) {
        return v;
    }
    let best = |len: u32, memo: &mut FxHashMap<(u32, u32), Option<i64>>, side: Side| {
        let mut best: Option<i64> = None;
        for parts in (2..=len).filter(|parts| len.is_multiple_of(*parts)) {
            let part = match side {
                Side::Left => piece_value_in(w / parts, h, memo)?,
                Side::Right => piece_value_in(w, h / parts, memo)?,
            };
            let v = part.checked_mul(i64::from(parts))?;
            best = Some(match (best, side) {
                (None, _) => v,
                (Some(b), Side::Left) => b.max(v),
                (Some(b), Side::Right) => b.min(v),
            });
        }
        Some(best)
    };
    let value = (|| {
        let left = best(w, memo, Side::Left)?;
        let right = best(h, memo, Side::Right)?;
        if let (Some(l), Some(r)) = (left, right) {
            if l >= r {
                return None;
            }
        }
        let d = Dyadic::simplest_between(left.map(Dyadic::integer), right.map(Dyadic::integer));
        i64::try_from(d.numerator()).ok().filter(|_| d.is_integer())
    })();
    memo.insert((w, h), value);
    value
}

pub(crate) const FAMILY: Family = Family {
    name: "maundy",
    usage: "maundy",
    summary: "Maundy Cake: cut a piece of cake into equal pieces, Left side by side, Right one above the other (partizan; canonical values)",
    position: "pieces WxH (W wide, H tall) joined by '+', e.g. 6x4+3x3, or one piece W,H",
    params: &[],
    example: Some(("maundy", "6x4+3x3")),
    syntax: Syntax::None,
    shape: Shape::Other,
    claims: None,
    build: |_| Ok(from_partizan("maundy", MaundyCake)),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_make_equal_pieces() {
        let mut out = Vec::new();
        MaundyCake
            .options(&Cake::parse("6x2").unwrap(), Side::Left, &mut out)
            .unwrap();
        let texts: Vec<String> = out.iter().map(Cake::text).collect();
        assert_eq!(texts, ["3x2+3x2", "2x2+2x2+2x2", "1x2+1x2+1x2+1x2+1x2+1x2"]);
        out.clear();
        MaundyCake
            .options(&Cake::parse("6x2").unwrap(), Side::Right, &mut out)
            .unwrap();
        assert_eq!(out, [Cake(vec![(6, 1), (6, 1)])]);
        assert_eq!(piece_value(8, 1), Some(7));
        assert_eq!(piece_value(1, 6), Some(-4));
    }
}
