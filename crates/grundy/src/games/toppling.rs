//! Toppling Dominoes: rows of standing dominoes, each Left's (`L`, blue), Right's
//! (`R`, red) or either player's (`G`, gray). A player topples one of the
//! dominoes they may topple, to the left or to the right: it falls, and so does
//! every domino beyond it in that direction. Whoever cannot move loses.
//!
//! Each row is a component (a move topples part of one row only), and a row plays
//! exactly like its mirror image, so a row's key is the lesser of the two and the
//! rows of a key are sorted. Every position reachable from a row is one of its
//! contiguous stretches: a row of n dominoes reaches at most n(n+1)/2 of them.

use crate::catalogue::{Family, Shape, Syntax};
use crate::dynamic::{Codec, DynPosition};
use crate::partizan::{from_partizan, Partizan, Side};
use crate::GameError;

/// The most dominoes a position holds, in all rows together.
pub const MAX_DOMINOES: usize = 200;

/// Rows of dominoes, each a string of `L`, `R` and `G`; no row is empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dominoes(Vec<Vec<u8>>);

impl Dominoes {
    /// Read rows of `L`, `R`, `G` joined by `+` (`.` is no domino at all); the
    /// error names a bad character and where it is.
    pub fn parse(text: &str) -> Result<Dominoes, String> {
        let t = text.trim();
        if t == "." {
            return Ok(Dominoes(Vec::new()));
        }
        let mut rows = Vec::new();
        let mut total = 0;
        for (r, part) in t.split('+').map(str::trim).enumerate() {
            if part.is_empty() {
                return Err(format!("row {} is empty; a row holds at least one domino", r + 1));
            }
            let mut row = Vec::with_capacity(part.len());
            for (i, ch) in part.chars().enumerate() {
                match ch.to_ascii_uppercase() {
                    c @ ('L' | 'R' | 'G') => row.push(c as u8),
                    _ => {
                        return Err(format!(
                            "bad domino '{ch}' at {} of row {} (dominoes are L Left's, R Right's, G gray)",
                            i + 1,
                            r + 1
                        ))
                    }
                }
            }
            total += row.len();
            rows.push(row);
        }
        if total > MAX_DOMINOES {
            return Err(format!("{total} dominoes; at most {MAX_DOMINOES} are supported"));
        }
        Ok(Dominoes(rows))
    }

    /// POSITION syntax: `LRG+GG`, `.` for no dominoes.
    pub fn text(&self) -> String {
        if self.0.is_empty() {
            return ".".into();
        }
        self.0
            .iter()
            .map(|r| String::from_utf8_lossy(r).into_owned())
            .collect::<Vec<_>>()
            .join("+")
    }
}

/// Which way a domino falls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fall {
    Left,
    Right,
}

/// Toppling Dominoes.
#[derive(Clone, Copy, Debug, Default)]
pub struct TopplingDominoes;

fn may_topple(domino: u8, side: Side) -> bool {
    domino == b'G' || matches!((domino, side), (b'L', Side::Left) | (b'R', Side::Right))
}

/// A move's name: `topple 3 left` (the domino's place in its row, from 1), with
/// the row first (`2: topple 3 left`) when there are several.
fn topple_name(rows: usize, row: usize, at: usize, fall: Fall) -> String {
    let way = match fall {
        Fall::Left => "left",
        Fall::Right => "right",
    };
    if rows == 1 {
        format!("topple {} {way}", at + 1)
    } else {
        format!("{}: topple {} {way}", row + 1, at + 1)
    }
}

/// `side`'s moves of `p`: the row, the domino, the way it falls, what is left.
/// A row's only domino leaves nothing whichever way it falls: one move.
fn topples(p: &Dominoes, side: Side) -> impl Iterator<Item = (usize, usize, Fall, Dominoes)> + '_ {
    p.0.iter().enumerate().flat_map(move |(r, row)| {
        let falls: &[Fall] = if row.len() == 1 {
            &[Fall::Left]
        } else {
            &[Fall::Left, Fall::Right]
        };
        (0..row.len())
            .filter(move |&i| may_topple(row[i], side))
            .flat_map(move |i| {
                falls.iter().map(move |&fall| {
                    let rest = match fall {
                        Fall::Left => &row[i + 1..],
                        Fall::Right => &row[..i],
                    };
                    let mut next = p.0.clone();
                    if rest.is_empty() {
                        next.remove(r);
                    } else {
                        next[r] = rest.to_vec();
                    }
                    (r, i, fall, Dominoes(next))
                })
            })
    })
}

impl Partizan for TopplingDominoes {
    type Position = Dominoes;

    fn options(&self, p: &Dominoes, side: Side, out: &mut Vec<Dominoes>) -> Result<(), GameError> {
        out.extend(topples(p, side).map(|(_, _, _, next)| next));
        Ok(())
    }

    fn components(&self, p: &Dominoes, out: &mut Vec<Dominoes>) {
        out.extend(p.0.iter().map(|row| Dominoes(vec![row.clone()])));
    }

    fn symmetry_key(&self, p: &Dominoes) -> Dominoes {
        let mut rows: Vec<Vec<u8>> =
            p.0.iter()
                .map(|row| {
                    let mirrored: Vec<u8> = row.iter().rev().copied().collect();
                    row.clone().min(mirrored)
                })
                .collect();
        rows.sort_unstable();
        Dominoes(rows)
    }

    /// One line of the grid a row, each domino two cells wide: a click on its left
    /// half topples it left, on its right half right (a page plays the first move
    /// of a click's that is legal, so one cell names one move).
    fn board(&self, p: &Dominoes) -> Option<crate::dynamic::Board> {
        use crate::dynamic::{Board, Cell, Click, Owner};
        let width = p.0.iter().map(Vec::len).max()?;
        let mut clicks = Vec::new();
        let cells =
            p.0.iter()
                .enumerate()
                .map(|(r, row)| {
                    let mut cells = vec![Cell::EMPTY; 2 * width];
                    for (i, &d) in row.iter().enumerate() {
                        let cell = match d {
                            b'L' => Cell::piece('L', Owner::First),
                            b'R' => Cell::piece('R', Owner::Second),
                            _ => Cell::mark('G'),
                        };
                        cells[2 * i] = cell;
                        cells[2 * i + 1] = cell;
                        let right = if row.len() > 1 { Fall::Right } else { Fall::Left };
                        for (half, fall) in [(0, Fall::Left), (1, right)] {
                            clicks.push(Click {
                                row: r,
                                column: 2 * i + half,
                                moves: vec![topple_name(p.0.len(), r, i, fall)],
                            });
                        }
                    }
                    cells
                })
                .collect();
        let labels = (1..=p.0.len()).map(|r| r.to_string()).collect();
        let columns = (0..2 * width)
            .map(|c| {
                if c % 2 == 0 {
                    (c / 2 + 1).to_string()
                } else {
                    String::new()
                }
            })
            .collect();
        let mut board = Board::grid(cells, labels, columns).note(
            "L falls only to Left, R only to Right, G to either; a click on a domino's left half topples it left, on its right half right",
        );
        board.clicks = clicks;
        Some(board)
    }

    fn name_move(&self, from: &Dominoes, to: &Dominoes, side: Side) -> Option<String> {
        let want = self.symmetry_key(to);
        topples(from, side)
            .find(|(_, _, _, next)| self.symmetry_key(next) == want)
            .map(|(r, i, fall, _)| topple_name(from.0.len(), r, i, fall))
    }

    /// Every position reached is a set of contiguous stretches, one of each row:
    /// the product over rows of (n(n+1)/2 + 1), with either side to move.
    fn search_size(&self, p: &Dominoes) -> Option<u128> {
        let stretches = p.0.iter().fold(1u128, |acc, row| {
            let n = row.len() as u128;
            acc.saturating_mul(n * (n + 1) / 2 + 1)
        });
        Some(stretches.saturating_mul(2))
    }

    fn size(&self, p: &Dominoes) -> Option<usize> {
        Some(p.0.iter().map(Vec::len).sum())
    }
}

impl Codec for Dominoes {
    fn encode(&self) -> DynPosition {
        DynPosition::Text(self.text())
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        match p {
            DynPosition::Text(t) => Dominoes::parse(t),
            DynPosition::Ints(_) => Err(
                "expected rows of dominoes L (Left), R (Right), G (gray) joined by '+', e.g. LRG+GG".into(),
            ),
        }
    }
}

pub(crate) const FAMILY: Family = Family {
    name: "toppling",
    usage: "toppling",
    summary: "Toppling Dominoes: topple one of your dominoes (L Left, R Right, G either) left or right, and all beyond it fall (partizan; canonical values)",
    position: "rows of L (Left), R (Right) and G (gray) dominoes joined by '+', e.g. LLRG+GR",
    params: &[],
    example: Some(("toppling", "LRLG+RR")),
    syntax: Syntax::None,
    shape: Shape::Other,
    claims: None,
    build: |_| Ok(from_partizan("toppling", TopplingDominoes)),
};

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(text: &str, side: Side) -> Vec<String> {
        let mut out = Vec::new();
        TopplingDominoes
            .options(&Dominoes::parse(text).unwrap(), side, &mut out)
            .unwrap();
        out.iter().map(Dominoes::text).collect()
    }

    #[test]
    fn dominoes_fall_with_all_beyond() {
        assert_eq!(opts("LRG", Side::Left), ["RG", ".", ".", "LR"]);
        assert_eq!(opts("LRG", Side::Right), ["G", "L", ".", "LR"]);
        assert_eq!(opts("L+R", Side::Left), ["R"]);
        let key = |t: &str| TopplingDominoes.symmetry_key(&Dominoes::parse(t).unwrap()).text();
        assert_eq!(key("GRL+LL"), "GRL+LL");
        assert_eq!(key("LRG+LL"), "GRL+LL");
    }

    #[test]
    fn rows_are_checked() {
        assert!(Dominoes::parse("LXR")
            .unwrap_err()
            .contains("bad domino 'X' at 2 of row 1"));
        assert!(Dominoes::parse("L++R").unwrap_err().contains("row 2 is empty"));
        assert_eq!(Dominoes::parse("lrg").unwrap().text(), "LRG");
        assert!(Dominoes::parse(&"L".repeat(201))
            .unwrap_err()
            .contains("201 dominoes"));
    }
}
