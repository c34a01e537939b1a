//! Backsliding Toads and Frogs (Winning Ways, ch. 10): Toads and Frogs on a strip
//! where a toad (`T`, Left's) or a frog (`F`, Right's) may also step one square
//! backwards onto an empty square. Forward steps and jumps over one opponent are
//! as in [Toads and Frogs](super::ToadsAndFrogs). Whoever cannot move loses.
//!
//! Pieces that step back can come back, so positions repeat: the game is loopy
//! ([`Partizan::loopy`]), solved with draws, and its values are loopy ones (`on`,
//! `off`, `dud`, sided values). A block `TTFF` is no wall here (its toads can
//! step back), so the strip is one component.

use crate::catalogue::{Family, Shape, Syntax};
use crate::partizan::{from_partizan, Partizan, Side};
use crate::GameError;

use super::Strip;

/// Backsliding Toads and Frogs on a strip of any length up to
/// [`super::toads::MAX_SQUARES`].
#[derive(Clone, Copy, Debug, Default)]
pub struct BackslidingToadsAndFrogs;

impl Partizan for BackslidingToadsAndFrogs {
    type Position = Strip;

    fn options(&self, p: &Strip, side: Side, out: &mut Vec<Strip>) -> Result<(), GameError> {
        let s = p.text().into_bytes();
        let n = s.len() as isize;
        let (me, them, ahead) = match side {
            Side::Left => (b'T', b'F', 1),
            Side::Right => (b'F', b'T', -1),
        };
        let at = |i: isize| (0..n).contains(&i).then(|| s[i as usize]);
        let mut moved = |from: isize, to: isize| {
            let mut next = s.clone();
            next.swap(from as usize, to as usize);
            out.push(Strip::from_squares(next));
        };
        for i in 0..n {
            if s[i as usize] != me {
                continue;
            }
            match (at(i + ahead), at(i + 2 * ahead)) {
                (Some(b'.'), _) => moved(i, i + ahead),
                (Some(c), Some(b'.')) if c == them => moved(i, i + 2 * ahead),
                _ => {}
            }
            if at(i - ahead) == Some(b'.') {
                moved(i, i - ahead);
            }
        }
        Ok(())
    }

    fn loopy(&self) -> bool {
        true
    }

    fn board(&self, p: &Strip) -> Option<crate::dynamic::Board> {
        super::ToadsAndFrogs.board(p)
    }

    /// The squares the piece leaves and reaches, `3-4` (a piece may go either way).
    fn name_move(&self, from: &Strip, to: &Strip, side: Side) -> Option<String> {
        let mine = match side {
            Side::Left => b'T',
            Side::Right => b'F',
        };
        let (a, b) = (from.text().into_bytes(), to.text().into_bytes());
        let left = (0..a.len()).find(|&i| a[i] == mine && b.get(i) != Some(&mine))?;
        let reached = (0..b.len()).find(|&i| b[i] == mine && a.get(i) != Some(&mine))?;
        Some(format!("{}-{}", left + 1, reached + 1))
    }
}

pub(crate) const FAMILY: Family = Family {
    name: "backsliding",
    usage: "backsliding",
    summary: "Backsliding Toads and Frogs: toads and frogs may also step back one square (loopy partizan; draws, loopy values)",
    position: "a strip of T (toad), F (frog) and . (empty), e.g. TT..FF",
    params: &[],
    example: Some(("backsliding", "T..F")),
    syntax: Syntax::None,
    shape: Shape::Other,
    claims: None,
    build: |_| Ok(from_partizan("backsliding", BackslidingToadsAndFrogs)),
};

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(s: &str, side: Side) -> Vec<String> {
        let mut out = Vec::new();
        BackslidingToadsAndFrogs
            .options(&Strip::new(s).unwrap(), side, &mut out)
            .unwrap();
        out.iter().map(Strip::text).collect()
    }

    #[test]
    fn steps_jumps_and_backslides() {
        assert_eq!(opts("T.F", Side::Left), [".TF"]);
        assert_eq!(opts(".T.F", Side::Left), ["..TF", "T..F"]);
        assert_eq!(opts(".TF.", Side::Left), ["..FT", "T.F."]);
        assert_eq!(opts(".TF.", Side::Right), ["FT..", ".T.F"]);
        assert_eq!(opts("TTFF", Side::Left), Vec::<String>::new());
        assert_eq!(opts(".TTFF.", Side::Left), ["T.TFF."]);
        assert_eq!(opts(".TTFF.", Side::Right), [".TTF.F"]);
    }

    #[test]
    fn names_say_where_from_and_to() {
        let s = |t: &str| Strip::new(t).unwrap();
        let name = |a, b, side| BackslidingToadsAndFrogs.name_move(&s(a), &s(b), side);
        assert_eq!(name(".T.F", "T..F", Side::Left).as_deref(), Some("2-1"));
        assert_eq!(name(".TF.", "..FT", Side::Left).as_deref(), Some("2-4"));
        assert_eq!(name(".TF.", ".T.F", Side::Right).as_deref(), Some("3-4"));
    }
}
