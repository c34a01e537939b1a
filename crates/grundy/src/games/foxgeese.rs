//! Fox and Geese (Winning Ways, ch. 20): geese (`g`, Left's) and one fox (`f`,
//! Right's) on the dark squares of a checkerboard. A goose moves one square
//! diagonally forward (down the board); the fox moves diagonally in any of the four
//! directions, up to its range (1 in the classic game) over empty squares. Nobody
//! captures: the geese try to corner the fox, and whoever cannot move loses.
//!
//! Squares are named as on a chessboard seen from the fox's side, as CGSuite does:
//! columns `a`, `b`, ... from the left, rows `1`, `2`, ... from the bottom; the dark
//! squares are those whose column and row add up to an even number (`a1`, `b2`),
//! and the geese start on the top row's, the fox on the bottom row near the middle.
//!
//! The fox walks back and forth, so positions repeat: the game is loopy
//! ([`Partizan::loopy`]), solved with draws, and its values are loopy ones. The
//! board here is finite: a fox on the top row goes no further up, where CGSuite's
//! board goes on upwards (and values a fox level with the highest goose as `off`);
//! the two agree when the geese stand at least two rows below the top.

use crate::catalogue::{Family, Kind, Param, Shape, Syntax, Value};
use crate::dynamic::{column_letter, Board, Cell, Codec, DynPosition, MoveWord, Owner};
use crate::games::domineering::read_grid;
use crate::partizan::{from_partizan, Partizan, Side};
use crate::GameError;

/// The most cells of a board (the geese are a 64-bit set).
pub const MAX_CELLS: usize = 64;

/// A position: the board's size, the geese (bit `r * cols + c`, row `r` from the
/// top) and the fox's cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FoxBoard {
    rows: u8,
    cols: u8,
    geese: u64,
    fox: u8,
}

impl FoxBoard {
    /// The starting position of a board `cols` wide and `rows` high: a goose on
    /// each dark square of the top row, the fox on the bottom row's dark square
    /// nearest the middle (`e1` on 8 columns).
    pub fn start(rows: usize, cols: usize) -> FoxBoard {
        let geese = (0..cols)
            .filter(|&c| dark(rows, 0, c))
            .fold(0u64, |g, c| g | 1 << c);
        let fox_col = (0..=cols / 2)
            .rev()
            .find(|&c| dark(rows, rows - 1, c))
            .unwrap_or(0);
        FoxBoard {
            rows: rows as u8,
            cols: cols as u8,
            geese,
            fox: ((rows - 1) * cols + fox_col) as u8,
        }
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// Rows of `g`, `f` and `.`, top first, joined by `sep`.
    pub fn text(&self, sep: &str) -> String {
        let w = self.cols();
        (0..self.rows())
            .map(|r| (0..w).map(|c| self.glyph(r * w + c)).collect::<String>())
            .collect::<Vec<_>>()
            .join(sep)
    }

    fn glyph(&self, i: usize) -> char {
        if self.geese >> i & 1 == 1 {
            'g'
        } else if i == self.fox as usize {
            'f'
        } else {
            '.'
        }
    }

    /// The name of cell `i`: its column letter and its row from the bottom (`e1`).
    fn cell_name(&self, i: usize) -> String {
        let (r, c) = (i / self.cols(), i % self.cols());
        format!("{}{}", column_letter(c), self.rows() - r)
    }

    /// Cell `(r, c)` moved by `(dr, dc)`, if it is on the board.
    fn step(&self, i: usize, dr: isize, dc: isize) -> Option<usize> {
        let (r, c) = ((i / self.cols()) as isize + dr, (i % self.cols()) as isize + dc);
        ((0..self.rows() as isize).contains(&r) && (0..self.cols() as isize).contains(&c))
            .then(|| r as usize * self.cols() + c as usize)
    }
}

/// Whether the cell in row `r` (from the top) and column `c` of a board `rows`
/// high is dark: its row from the bottom and its column, both from 1, add up to
/// an even number.
fn dark(rows: usize, r: usize, c: usize) -> bool {
    (rows - r + c + 1).is_multiple_of(2)
}

/// Fox and Geese with a fox of range `range` (1: the classic game; 2: the
/// Ceylonese variant).
#[derive(Clone, Copy, Debug)]
pub struct FoxAndGeese {
    range: u8,
    start: FoxBoard,
}

impl FoxAndGeese {
    /// The game whose start is the board `rows` by `cols` and whose fox moves up
    /// to `range` squares; the error says which size is out of range.
    pub fn new(rows: usize, cols: usize, range: usize) -> Result<FoxAndGeese, String> {
        if rows < 2 || cols < 2 || rows * cols > MAX_CELLS {
            return Err(format!(
                "a board of {cols}x{rows} does not fit: at least 2 columns and 2 rows, at most {MAX_CELLS} cells"
            ));
        }
        if range == 0 {
            return Err("the fox's range must be at least 1".into());
        }
        Ok(FoxAndGeese {
            range: range.min(8) as u8,
            start: FoxBoard::start(rows, cols),
        })
    }
}

impl Partizan for FoxAndGeese {
    type Position = FoxBoard;

    fn options(&self, b: &FoxBoard, side: Side, out: &mut Vec<FoxBoard>) -> Result<(), GameError> {
        let fox = b.fox as usize;
        match side {
            Side::Left => {
                let mut geese = b.geese;
                while geese != 0 {
                    let from = geese.trailing_zeros() as usize;
                    geese &= geese - 1;
                    for dc in [-1, 1] {
                        match b.step(from, 1, dc) {
                            Some(to) if to != fox && b.geese >> to & 1 == 0 => out.push(FoxBoard {
                                geese: b.geese & !(1 << from) | 1 << to,
                                ..*b
                            }),
                            _ => {}
                        }
                    }
                }
            }
            Side::Right => {
                for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                    let mut at = fox;
                    for _ in 0..self.range {
                        match b.step(at, dr, dc) {
                            Some(to) if b.geese >> to & 1 == 0 => {
                                out.push(FoxBoard { fox: to as u8, ..*b });
                                at = to;
                            }
                            _ => break,
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn loopy(&self) -> bool {
        true
    }

    fn start(&self) -> Option<FoxBoard> {
        Some(self.start)
    }

    fn show(&self, b: &FoxBoard) -> Option<String> {
        Some(b.text("\n"))
    }

    /// Rows labelled from the bottom, as the squares are named; light squares
    /// are blank.
    fn board(&self, b: &FoxBoard) -> Option<Board> {
        let (h, w) = (b.rows(), b.cols());
        let cells = (0..h)
            .map(|r| {
                (0..w)
                    .map(|c| match b.glyph(r * w + c) {
                        'g' => Cell::piece('g', Owner::First),
                        'f' => Cell::piece('f', Owner::Second),
                        _ if dark(h, r, c) => Cell::EMPTY,
                        _ => Cell::mark(' '),
                    })
                    .collect()
            })
            .collect();
        let rows = (1..=h).rev().map(|r| r.to_string()).collect();
        Some(Board::grid(cells, rows, Board::letters(w)))
    }

    /// A move typed as its squares, `b8-a7` (see [`Partizan::name_move`]).
    fn read_move(&self, b: &FoxBoard, side: Side, word: &str) -> MoveWord {
        let word = word.trim().to_ascii_lowercase();
        if !word.contains('-') {
            return MoveWord::NotAWord;
        }
        let mut options = Vec::new();
        if self.options(b, side, &mut options).is_err() {
            return MoveWord::NotAWord;
        }
        let found: Vec<DynPosition> = options
            .iter()
            .filter(|q| self.name_move(b, q, side).as_deref() == Some(word.as_str()))
            .map(Codec::encode)
            .collect();
        if found.is_empty() {
            let who = match side {
                Side::Left => "a goose",
                Side::Right => "the fox",
            };
            return MoveWord::Wrong(format!("{who} has no move {word} here"));
        }
        MoveWord::Moves(found)
    }

    /// The square left and the square reached: `b8-a7`.
    fn name_move(&self, from: &FoxBoard, to: &FoxBoard, side: Side) -> Option<String> {
        let (left, reached) = match side {
            Side::Left => {
                let (gone, came) = (from.geese & !to.geese, to.geese & !from.geese);
                if gone.count_ones() != 1 || came.count_ones() != 1 {
                    return None;
                }
                (gone.trailing_zeros() as usize, came.trailing_zeros() as usize)
            }
            Side::Right => (from.fox as usize, to.fox as usize),
        };
        Some(format!("{}-{}", from.cell_name(left), from.cell_name(reached)))
    }
}

impl Codec for FoxBoard {
    fn encode(&self) -> DynPosition {
        DynPosition::Text(self.text("|"))
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        let DynPosition::Text(t) = p else {
            return Err("expected rows of 'g' (goose), 'f' (fox) and '.' separated by '|'".into());
        };
        let (h, w, [geese, fox]) = read_grid::<2>(t, "'g' goose, 'f' fox, '.' empty", |ch| match ch {
            'g' | 'G' => Some(0),
            'f' | 'F' => Some(1),
            '.' => Some(2),
            _ => None,
        })?;
        if h < 2 || w < 2 {
            return Err("the board needs at least 2 rows and 2 columns".into());
        }
        if fox.count_ones() != 1 {
            return Err(format!("there must be one fox (f), not {}", fox.count_ones()));
        }
        let board = FoxBoard {
            rows: h as u8,
            cols: w as u8,
            geese,
            fox: fox.trailing_zeros() as u8,
        };
        if let Some(i) = (0..h * w).find(|&i| (geese | fox) >> i & 1 == 1 && !dark(h, i / w, i % w)) {
            return Err(format!(
                "{} is a light square; pieces stand on dark squares (column and row adding up to an even number, like a1)",
                board.cell_name(i)
            ));
        }
        Ok(board)
    }
}

pub(crate) const FAMILY: Family = Family {
    name: "foxgeese",
    usage: "foxgeese[:width=W,height=H,range=R]",
    summary: "Fox and Geese: geese (Left) step diagonally down, the fox (Right) diagonally any way; corner the fox (loopy partizan; draws, loopy values)",
    position: "rows of 'g' (goose), 'f' (fox) and '.' separated by '|', top row first, pieces on dark squares, e.g. .g.g|....|....|f...",
    params: &[
        Param {
            key: "width",
            kind: Kind::Int { min: 2, max: 32 },
            default: Some(Value::Int(8)),
            help: "columns of the starting board",
        },
        Param {
            key: "height",
            kind: Kind::Int { min: 2, max: 32 },
            default: Some(Value::Int(8)),
            help: "rows of the starting board (at most 64 cells in all)",
        },
        Param {
            key: "range",
            kind: Kind::Int { min: 1, max: 8 },
            default: Some(Value::Int(1)),
            help: "how many squares the fox may move at once (2: Ceylonese Fox and Geese)",
        },
    ],
    example: Some(("foxgeese:width=4,height=4,range=1", "start")),
    syntax: Syntax::KeyValue,
    shape: Shape::Other,
    claims: None,
    build: |params| {
        let int = |k| params.int(k).unwrap_or_default() as usize;
        let game = FoxAndGeese::new(int("height"), int("width"), int("range"))
            .map_err(|m| GameError::parameter("foxgeese", m))?;
        let name = format!(
            "foxgeese:width={},height={},range={}",
            int("width"),
            int("height"),
            int("range")
        );
        Ok(from_partizan(name, game))
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    fn board(t: &str) -> FoxBoard {
        FoxBoard::decode(&DynPosition::Text(t.into())).unwrap()
    }

    fn opts(game: &FoxAndGeese, t: &str, side: Side) -> Vec<String> {
        let mut out = Vec::new();
        game.options(&board(t), side, &mut out).unwrap();
        let mut texts: Vec<String> = out.iter().map(|b| b.text("|")).collect();
        texts.sort();
        texts
    }

    #[test]
    fn the_start_and_its_squares() {
        let b = FoxBoard::start(8, 8);
        assert_eq!(b.text("|").split('|').next(), Some(".g.g.g.g"));
        assert_eq!(b.text("|").rsplit('|').next(), Some("....f..."));
        assert_eq!(b.cell_name(b.fox as usize), "e1");
        assert_eq!(FoxBoard::start(4, 4).text("|"), ".g.g|....|....|..f.");
    }

    #[test]
    fn geese_step_down_the_fox_any_way() {
        let game = FoxAndGeese::new(4, 4, 1).unwrap();
        // Geese on b4 and d4, the fox on c3 between them: only b4-a3 is free.
        let p = ".g.g|..f.|....|....";
        assert_eq!(opts(&game, p, Side::Left), ["...g|g.f.|....|...."]);
        assert_eq!(
            opts(&game, p, Side::Right),
            [".g.g|....|...f|....", ".g.g|....|.f..|...."]
        );
        // The Ceylonese fox runs two squares, never over a goose.
        let far = FoxAndGeese::new(4, 4, 2).unwrap();
        assert_eq!(
            opts(&far, p, Side::Right),
            [
                ".g.g|....|....|f...",
                ".g.g|....|...f|....",
                ".g.g|....|.f..|...."
            ]
        );
        assert_eq!(
            opts(&far, ".g.g|....|.g..|f...", Side::Right),
            Vec::<String>::new()
        );
    }

    #[test]
    fn moves_are_named_by_their_squares() {
        let game = FoxAndGeese::new(4, 4, 1).unwrap();
        let p = board(".g.g|..f.|....|....");
        let name = |t: &str, side| game.name_move(&p, &board(t), side);
        assert_eq!(name("...g|g.f.|....|....", Side::Left).as_deref(), Some("b4-a3"));
        assert_eq!(name(".g.g|....|.f..|....", Side::Right).as_deref(), Some("c3-b2"));
        assert_eq!(
            game.read_move(&p, Side::Right, "C3-D2"),
            MoveWord::Moves(vec![board(".g.g|....|...f|....").encode()])
        );
        assert!(matches!(
            game.read_move(&p, Side::Left, "d4-c3"),
            MoveWord::Wrong(_)
        ));
    }

    #[test]
    fn positions_are_checked() {
        let bad = |t: &str| FoxBoard::decode(&DynPosition::Text(t.into())).unwrap_err();
        assert!(
            bad("g...|f...").contains("a2 is a light square"),
            "{}",
            bad("g...|f...")
        );
        assert!(bad(".g.g|....").contains("one fox"));
        assert!(bad(".g.g|f.f.").contains("one fox"));
    }
}
