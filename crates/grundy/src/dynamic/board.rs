//! Positions for people: a board drawn as a grid with coordinates, and moves named
//! in a game's own words (a column, a cell, "take 3 from heap 2").
//!
//! Both are data, not text for a terminal: the shell lays the grid out (and colours
//! it when it writes to one), so the core does no I/O and knows no terminal.

/// Whose piece stands on a cell, for colour: the side that moves first in the game's
/// own terms (x, Blue, the cop, Left, toads) or the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// The side that moves first (x, Blue, the cop, Left).
    First,
    /// The other side (o, Red, the robber, Right).
    Second,
}

/// One cell of a drawn board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// What stands there, one character (`.` for an empty cell).
    pub glyph: char,
    /// Whose piece it is, if anyone's.
    pub owner: Option<Owner>,
    /// The cell of the last move, when the position knows it (drawn highlighted).
    pub last: bool,
}

impl Cell {
    /// An empty cell, drawn as `.`.
    pub const EMPTY: Cell = Cell {
        glyph: '.',
        owner: None,
        last: false,
    };

    /// A cell holding `owner`'s piece `glyph`.
    pub fn piece(glyph: char, owner: Owner) -> Cell {
        Cell {
            glyph,
            owner: Some(owner),
            last: false,
        }
    }

    /// A cell with a mark that belongs to nobody (`#` for a covered square).
    pub fn mark(glyph: char) -> Cell {
        Cell {
            glyph,
            owner: None,
            last: false,
        }
    }
}

/// One row of a drawn board: its label (`3`) and its cells, left to right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The coordinate written left of the row.
    pub label: String,
    /// The cells, left to right.
    pub cells: Vec<Cell>,
}

/// A position drawn as a grid: rows from the top, a label under each column, and
/// notes below (who moves, the last move). What [`crate::dynamic::DynGame::board`]
/// gives for a board game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The rows, top first.
    pub rows: Vec<Row>,
    /// A label under each column (`a b c`, `1 2 3 4`); empty for none.
    pub columns: Vec<String>,
    /// Lines under the board, such as `x to move`.
    pub notes: Vec<String>,
    /// Cells that make a move when clicked: the names of those moves (as the
    /// game's `name_move` names them), for a page to match against the moves of
    /// the side to move. Boards whose moves a page finds by the cells they change
    /// (a stone placed or moved) need none.
    pub clicks: Vec<Click>,
}

/// A cell of a drawn board that makes a move when clicked (see [`Board::clicks`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Click {
    /// The cell's row, from the top.
    pub row: usize,
    /// The cell's column, from the left.
    pub column: usize,
    /// The names of the moves it makes, one per side at most (a cake cut
    /// vertically by Left, horizontally by Right).
    pub moves: Vec<String>,
}

impl Board {
    /// A board of `cells` (rows from the top) labelled with `row_labels` and
    /// `columns`.
    pub fn grid(cells: Vec<Vec<Cell>>, row_labels: Vec<String>, columns: Vec<String>) -> Board {
        Board {
            rows: row_labels
                .into_iter()
                .zip(cells)
                .map(|(label, cells)| Row { label, cells })
                .collect(),
            columns,
            notes: Vec::new(),
            clicks: Vec::new(),
        }
    }

    /// The board with a note added below it.
    pub fn note(mut self, text: impl Into<String>) -> Board {
        self.notes.push(text.into());
        self
    }

    /// Column labels `a`, `b`, ... (chess-like), for `n` columns.
    pub fn letters(n: usize) -> Vec<String> {
        (0..n).map(column_letter).collect()
    }

    /// Labels `1` to `n`.
    pub fn numbers(n: usize) -> Vec<String> {
        (1..=n).map(|k| k.to_string()).collect()
    }
}

/// The letter of column `c` (0-based): `a` to `z`, then `aa`, `ab`, ...
pub fn column_letter(c: usize) -> String {
    let letter = |k: usize| char::from(b'a' + (k % 26) as u8);
    if c < 26 {
        letter(c).to_string()
    } else {
        format!("{}{}", letter(c / 26 - 1), letter(c))
    }
}

/// Read a cell name such as `b2`: letters for the column (`a` is 0), then the row
/// number as written; `None` when `text` is not of that form.
pub fn read_cell(text: &str) -> Option<(usize, usize)> {
    let t = text.trim().to_ascii_lowercase();
    let split = t.find(|c: char| !c.is_ascii_lowercase())?;
    let (letters, digits) = t.split_at(split);
    if letters.is_empty()
        || letters.len() > 2
        || digits.is_empty()
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let mut column = 0usize;
    for b in letters.bytes() {
        column = column * 26 + (b - b'a') as usize + 1;
    }
    Some((column - 1, digits.parse().ok()?))
}

/// What a game makes of a move typed in its own words (see
/// [`crate::dynamic::DynGame::read_move`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveWord {
    /// The text is not a move word of this game (it may still be a position).
    NotAWord,
    /// The positions the word may leave: one for a move named fully; several when
    /// the word leaves a choice (taking from a heap that may also be split), which
    /// the shell refuses as ambiguous.
    Moves(Vec<super::DynPosition>),
    /// A move word that names no move here (a full column, no such cell), and why.
    Wrong(String),
}

/// Read a heap move: `take K` or a bare `K` (for one heap), `I:K` (take K from heap
/// I, 1-based), `A+B` or `I:A+B` (heap I becomes the piles A and B). `None` when the
/// text is none of these. The answer: the heap (`None`: not said) and what is left
/// of it, as a count taken or the piles left.
pub fn read_heap_word(text: &str) -> Option<Result<HeapWord, String>> {
    let t = text.trim().to_ascii_lowercase();
    let (heap, rest) = match t.strip_prefix("take") {
        Some(rest) => (None, rest.trim()),
        None => match t.split_once(':') {
            Some((h, rest)) => (Some(h.trim()), rest.trim()),
            None => (None, t.as_str()),
        },
    };
    let number = |s: &str| s.trim().parse::<u64>().ok();
    let heap = match heap {
        None => None,
        Some(h) => match number(h) {
            Some(h) if h >= 1 => Some(h as usize - 1),
            _ => return Some(Err(format!("'{}' is not a heap number (heaps count from 1)", h))),
        },
    };
    if rest.contains('+') {
        let piles: Option<Vec<u64>> = rest.split('+').map(number).collect();
        return Some(match piles {
            Some(piles) => Ok(HeapWord {
                heap,
                left: HeapLeft::Piles(piles),
            }),
            None => Err(format!("'{rest}' is not piles A+B")),
        });
    }
    let took_word = t.starts_with("take");
    match number(rest) {
        Some(k) => Some(Ok(HeapWord {
            heap,
            left: HeapLeft::Take(k),
        })),
        None if rest.is_empty() && (took_word || heap.is_some()) => Some(Err(
            "say how many to take: take 3, or 2:3 for 3 from heap 2".into(),
        )),
        None if took_word || heap.is_some() => Some(Err(format!("'{rest}' is not a number to take"))),
        None => None,
    }
}

/// A heap move read by [`read_heap_word`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapWord {
    /// The heap, 0-based (`None`: not said; the position must have one heap).
    pub heap: Option<usize>,
    /// What the move does to it.
    pub left: HeapLeft,
}

/// What a heap move does to its heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapLeft {
    /// Take this many tokens.
    Take(u64),
    /// Leave exactly these piles.
    Piles(Vec<u64>),
}

/// The moves of `options` (positions from `heaps` that replace one heap in place by
/// zero or more piles, as every heap game's moves do) that a [`HeapWord`] names.
pub fn heap_word_moves(heaps: &[u64], word: &HeapWord, options: &[Vec<u64>]) -> MoveWord {
    let live: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
    let i = match word.heap {
        Some(i) if i < heaps.len() => i,
        Some(i) => {
            return MoveWord::Wrong(format!(
                "there is no heap {}: the heaps are numbered 1 to {}",
                i + 1,
                heaps.len()
            ))
        }
        None if heaps.len() == 1 => 0,
        None if live.len() == 1 && matches!(word.left, HeapLeft::Take(_)) => live[0],
        None => {
            return MoveWord::Wrong(format!(
                "there are {} heaps: say which, e.g. 2:3 takes 3 from heap 2",
                heaps.len()
            ))
        }
    };
    let h = heaps[i];
    // What is left of heap i by each option that replaces it, in place.
    let left_of = |q: &Vec<u64>| {
        replaced(heaps, i, q).map(|piles| {
            (
                piles.iter().sum::<u64>(),
                piles.iter().filter(|&&x| x > 0).count(),
            )
        })
    };
    let found: Vec<super::DynPosition> = options
        .iter()
        .filter(|q| {
            let Some(piles) = replaced(heaps, i, q) else {
                return false;
            };
            match &word.left {
                // A take leaves one pile (or none); piles left are said as A+B.
                HeapLeft::Take(k) => left_of(q) == Some((h.wrapping_sub(*k), usize::from(*k < h))) && *k <= h,
                HeapLeft::Piles(want) => {
                    let (mut a, mut b) = (piles.to_vec(), want.clone());
                    a.retain(|&x| x > 0);
                    b.retain(|&x| x > 0);
                    a.sort_unstable();
                    b.sort_unstable();
                    a == b
                }
            }
        })
        .map(|q| super::DynPosition::Ints(q.iter().map(|&x| x as i64).collect()))
        .collect();
    if found.is_empty() {
        return MoveWord::Wrong(match &word.left {
            HeapLeft::Take(k)
                if *k < h
                    && options
                        .iter()
                        .any(|q| left_of(q).is_some_and(|(sum, piles)| sum == h - k && piles > 1)) =>
            {
                format!(
                    "taking {k} from a heap of {h} splits it: say into which piles, e.g. {}:1+{}",
                    i + 1,
                    h - k - 1
                )
            }
            HeapLeft::Take(k) => format!("taking {k} from a heap of {h} is not a move of this game"),
            HeapLeft::Piles(p) => format!(
                "leaving {} of a heap of {h} is not a move of this game",
                p.iter().map(u64::to_string).collect::<Vec<_>>().join("+")
            ),
        });
    }
    MoveWord::Moves(found)
}

/// What a heap move leaves in place of heap `i`, if `to` is `from` with heap `i`
/// replaced by some piles.
fn replaced<'a>(from: &[u64], i: usize, to: &'a [u64]) -> Option<&'a [u64]> {
    let (before, after) = (&from[..i], &from[i + 1..]);
    if to.len() < before.len() + after.len() || !to.starts_with(before) || !to.ends_with(after) {
        return None;
    }
    Some(&to[before.len()..to.len() - after.len()])
}

/// The name of a heap move from `from` to `to` (see [`read_heap_word`]): `take 3` or
/// `2:3` for a take, `3+4` or `2:3+4` for piles left; `None` when `to` is not one
/// heap replaced. When replacing any of several heaps leaves `to` (kayles `1,1` to
/// `1`: either heap taken), the move is named after the first of them, a name that
/// [`heap_word_moves`] reads back as that same position.
pub fn name_heap_move(from: &[u64], to: &[u64]) -> Option<String> {
    // Heap i is the one replaced if `to` is `from` with heap i replaced by piles
    // that a move can leave: fewer tokens, or the same split into several piles.
    let move_at = |i: usize| {
        let piles = replaced(from, i, to)?;
        let h = from[i];
        let left: u64 = piles.iter().sum();
        let nonzero: Vec<u64> = piles.iter().copied().filter(|&x| x > 0).collect();
        // A move takes tokens, or splits a heap (Grundy's game) into piles.
        if left > h || (left == h && nonzero.len() <= 1) {
            return None;
        }
        Some((i, h, left, nonzero))
    };
    // Only heaps up to the first that differs can be the one replaced.
    let prefix = from.iter().zip(to).take_while(|(a, b)| a == b).count();
    let last = prefix.min(from.len().saturating_sub(1));
    let (i, h, left, nonzero) = (0..=last).find_map(move_at)?;
    let what = if nonzero.len() <= 1 {
        format!("{}", h - left)
    } else {
        nonzero.iter().map(u64::to_string).collect::<Vec<_>>().join("+")
    };
    Some(if from.len() == 1 {
        if nonzero.len() <= 1 {
            format!("take {what}")
        } else {
            what
        }
    } else {
        format!("{}:{what}", i + 1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_columns() {
        assert_eq!(read_cell("b2"), Some((1, 2)));
        assert_eq!(read_cell("A10"), Some((0, 10)));
        assert_eq!(read_cell("aa1"), Some((26, 1)));
        assert_eq!(read_cell("2b"), None);
        assert_eq!(read_cell("take 3"), None);
        assert_eq!(column_letter(0), "a");
        assert_eq!(column_letter(27), "ab");
    }

    #[test]
    fn heap_words_name_and_read_the_same_moves() {
        let from = [5u64, 7];
        let options: Vec<Vec<u64>> = vec![vec![5, 4], vec![2, 7], vec![5, 3, 1]];
        for to in &options {
            let name = name_heap_move(&from, to).unwrap();
            let word = read_heap_word(&name).unwrap().unwrap();
            let DynPositionList(found) = DynPositionList::from(heap_word_moves(&from, &word, &options));
            assert!(found.contains(to), "{name}: {found:?}");
        }
        assert_eq!(name_heap_move(&[7], &[4]).as_deref(), Some("take 3"));
        assert_eq!(name_heap_move(&[7], &[3, 4]).as_deref(), Some("3+4"));
        assert_eq!(name_heap_move(&[3, 4], &[3, 0]).as_deref(), Some("2:4"));
        // Kayles drops empty heaps: from 1,1 taking either heap leaves 1, named
        // after the first heap (it was "2:1" whichever heap was meant).
        assert_eq!(name_heap_move(&[1, 1], &[1]).as_deref(), Some("1:1"));
        assert_eq!(name_heap_move(&[1, 2, 1], &[1, 2]).as_deref(), Some("3:1"));
        assert_eq!(name_heap_move(&[2, 2], &[2]).as_deref(), Some("1:2"));
        let w = read_heap_word("1:1").unwrap().unwrap();
        assert!(matches!(heap_word_moves(&[1, 1], &w, &[vec![1]]), MoveWord::Moves(m) if m.len() == 1));
        // Taking 2 from 7 leaves 5 (one pile), or 1+4 when said so: each word one move.
        let options = vec![vec![5, 5], vec![5, 1, 4]];
        let w = read_heap_word("2:2").unwrap().unwrap();
        assert!(matches!(heap_word_moves(&[5, 7], &w, &options), MoveWord::Moves(m) if m.len() == 1));
        let w = read_heap_word("2:4+1").unwrap().unwrap();
        assert!(matches!(heap_word_moves(&[5, 7], &w, &options), MoveWord::Moves(m) if m.len() == 1));
        // When a take must split the heap, the word says how.
        let w = read_heap_word("2:3").unwrap().unwrap();
        assert!(
            matches!(heap_word_moves(&[5, 7], &w, &[vec![5, 1, 3]]), MoveWord::Wrong(why) if why.contains("2:1+"))
        );
        assert!(matches!(
            heap_word_moves(&[5, 7], &read_heap_word("3").unwrap().unwrap(), &options),
            MoveWord::Wrong(_)
        ));
        assert!(read_heap_word("b2").is_none());
        assert!(read_heap_word("take x").unwrap().is_err());
    }

    struct DynPositionList(Vec<Vec<u64>>);

    impl From<MoveWord> for DynPositionList {
        fn from(w: MoveWord) -> Self {
            match w {
                MoveWord::Moves(m) => DynPositionList(
                    m.iter()
                        .map(|p| p.ints().unwrap().iter().map(|&x| x as u64).collect())
                        .collect(),
                ),
                other => panic!("{other:?}"),
            }
        }
    }
}
