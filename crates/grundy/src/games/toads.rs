//! Toads and Frogs: a strip of squares holding toads (`T`, Left's), frogs (`F`,
//! Right's) and empty squares (`.`). Left moves a toad one square right onto an
//! empty square, or jumps it right over a single frog onto an empty square; Right
//! moves frogs left in the same way. Whoever cannot move loses.
//!
//! Components: the block `TTFF` never changes (neither toad can move or jump, nor
//! either frog), and no move crosses it, so the strip splits there into the parts on
//! either side, whose values add. For the same reason toads at the right end and
//! frogs at the left end are stuck for good and behave as the end of the strip, so
//! they are dropped from a component's key.

use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::{Codec, DynPosition};
use crate::partizan::{from_partizan, Partizan, Side};
use crate::GameError;

/// The longest strip accepted.
pub const MAX_SQUARES: usize = 200;

/// A strip: `T` toad, `F` frog, `.` empty, left to right.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strip(Vec<u8>);

impl Strip {
    /// The strip of this text (`T`, `F`, `.`); the error names a bad character.
    pub fn new(text: &str) -> Result<Strip, String> {
        let t = text.trim();
        if t.len() > MAX_SQUARES {
            return Err(format!(
                "the strip has {} squares; at most {MAX_SQUARES} are supported",
                t.len()
            ));
        }
        if let Some((i, ch)) = t.chars().enumerate().find(|(_, c)| !matches!(c, 'T' | 'F' | '.')) {
            return Err(format!(
                "bad square '{ch}' at {} (squares are T toad, F frog, . empty)",
                i + 1
            ));
        }
        Ok(Strip(t.as_bytes().to_vec()))
    }

    /// A strip of squares already checked (the options of a checked strip).
    pub(crate) fn from_squares(squares: Vec<u8>) -> Strip {
        Strip(squares)
    }

    /// The squares as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0).into_owned()
    }
}

/// Toads and Frogs on a strip of any length up to [`MAX_SQUARES`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ToadsAndFrogs;

impl Partizan for ToadsAndFrogs {
    type Position = Strip;

    fn options(&self, p: &Strip, side: Side, out: &mut Vec<Strip>) -> Result<(), GameError> {
        let s = &p.0;
        let n = s.len();
        // A toad moves towards larger indices, a frog towards smaller; each jumps
        // over one opponent only.
        let (me, them) = match side {
            Side::Left => (b'T', b'F'),
            Side::Right => (b'F', b'T'),
        };
        for i in 0..n {
            if s[i] != me {
                continue;
            }
            let step = |k: usize| match side {
                Side::Left => i.checked_add(k).filter(|&j| j < n),
                Side::Right => i.checked_sub(k),
            };
            let target = match (step(1), step(2)) {
                (Some(j), _) if s[j] == b'.' => Some(j),
                (Some(j), Some(k)) if s[j] == them && s[k] == b'.' => Some(k),
                _ => None,
            };
            if let Some(j) = target {
                let mut next = s.clone();
                next.swap(i, j);
                out.push(Strip(next));
            }
        }
        Ok(())
    }

    fn components(&self, p: &Strip, out: &mut Vec<Strip>) {
        let s = &p.0;
        let mut start = 0;
        let mut i = 0;
        while i + 4 <= s.len() {
            if &s[i..i + 4] == b"TTFF" {
                // The left part keeps its TT (a wall like the strip's end), the
                // right part its FF; both are dropped by the key.
                out.push(Strip(s[start..i + 2].to_vec()));
                start = i + 2;
                i += 4;
            } else {
                i += 1;
            }
        }
        out.push(Strip(s[start..].to_vec()));
    }

    fn symmetry_key(&self, p: &Strip) -> Strip {
        let s = &p.0;
        let a = s.iter().position(|&c| c != b'F').unwrap_or(s.len());
        let b = s.iter().rposition(|&c| c != b'T').map_or(a, |j| j + 1).max(a);
        Strip(s[a..b].to_vec())
    }

    fn board(&self, p: &Strip) -> Option<crate::dynamic::Board> {
        use crate::dynamic::{Board, Cell, Owner};
        let cells =
            p.0.iter()
                .map(|&b| match b {
                    b'T' => Cell::piece('T', Owner::First),
                    b'F' => Cell::piece('F', Owner::Second),
                    _ => Cell::EMPTY,
                })
                .collect();
        Some(Board::grid(
            vec![cells],
            vec![String::new()],
            Board::numbers(p.0.len()),
        ))
    }

    /// The square of the toad or frog that moves (each moves one way only).
    fn name_move(&self, from: &Strip, to: &Strip, side: Side) -> Option<String> {
        let mine = match side {
            Side::Left => b'T',
            Side::Right => b'F',
        };
        let square = (0..from.0.len()).find(|&i| from.0[i] == mine && to.0.get(i) != Some(&mine))?;
        Some((square + 1).to_string())
    }
}

impl Codec for Strip {
    fn encode(&self) -> DynPosition {
        DynPosition::Text(self.text())
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        match p {
            DynPosition::Text(t) => Strip::new(t),
            DynPosition::Ints(_) => Err("expected a strip of T (toad), F (frog) and . (empty)".into()),
        }
    }
}

pub(crate) const FAMILY: Family = Family {
    name: "toads",
    usage: "toads",
    summary: "Toads and Frogs: toads (Left) step or jump a frog rightwards, frogs (Right) leftwards (partizan; canonical values)",
    position: "a strip of T (toad), F (frog) and . (empty), e.g. TT.FF",
    params: &[],
    example: Some(("toads", "TT..FF")),
    syntax: Syntax::None,
    shape: Shape::Other,
    claims: None,
    build: |_| Ok(from_partizan("toads", ToadsAndFrogs)),
};

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(s: &str, side: Side) -> Vec<String> {
        let mut out = Vec::new();
        ToadsAndFrogs
            .options(&Strip::new(s).unwrap(), side, &mut out)
            .unwrap();
        out.iter().map(Strip::text).collect()
    }

    #[test]
    fn moves_and_jumps() {
        assert_eq!(opts("T.F", Side::Left), [".TF"]);
        assert_eq!(opts("TF.", Side::Left), [".FT"]);
        assert_eq!(opts("TF.", Side::Right), Vec::<String>::new());
        assert_eq!(opts(".TF", Side::Right), ["FT."]);
        assert_eq!(opts("TT.", Side::Left), ["T.T"]);
    }

    #[test]
    fn frozen_blocks_split() {
        let mut out = Vec::new();
        ToadsAndFrogs.components(&Strip::new("T.TTFF.F").unwrap(), &mut out);
        let texts: Vec<String> = out.iter().map(Strip::text).collect();
        assert_eq!(texts, ["T.TT", "FF.F"]);
        let key = |s: &str| ToadsAndFrogs.symmetry_key(&Strip::new(s).unwrap()).text();
        assert_eq!(key("T.TT"), "T.");
        assert_eq!(key("FF.F"), ".F");
        assert_eq!(key("FFTT"), "");
    }
}
