//! Tic-tac-toe and Connect Four: two players alternately add a stone; a line ends the game.

use grundy::dynamic::{Board as Drawing, Cell, DynPosition, MoveWord, Owner};
use grundy::{Game, GameError, Outcome};

use super::board::{has_line, BoardIndex};
use crate::{Indexed, Levelled};

/// Where a stone may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// On any empty cell (tic-tac-toe).
    Free,
    /// On top of a column (Connect Four); cell `(c, r)` is bit `c*height + r`.
    Gravity,
}

/// A board game where two players alternately add a stone of their colour; the first
/// player (`x`) moves first. Completing a line ends the game: the player to move has
/// lost. A full board without a line is a draw.
pub struct Placement {
    name: String,
    rule: Rule,
    width: u32,
    height: u32,
    lines: Vec<u64>,
    /// The lines again, grouped by direction: `(d, starts)` where the lines with
    /// cells `b, b+d, b+2d, ...` are those of the bits `b` of `starts`; see
    /// [`Placement::ends`].
    line_steps: Vec<(u32, u64)>,
    /// Cells in a line.
    line_length: u32,
    index: BoardIndex,
}

/// A board as `(occupied cells, first player's stones)`.
pub type Board = (u64, u64);

fn lines(width: u32, height: u32, k: u32, bit: impl Fn(u32, u32) -> u32) -> Vec<u64> {
    let mut out = Vec::new();
    let dirs: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    for c in 0..width as i32 {
        for r in 0..height as i32 {
            for (dc, dr) in dirs {
                let (ec, er) = (c + dc * (k as i32 - 1), r + dr * (k as i32 - 1));
                if ec < 0 || er < 0 || ec >= width as i32 || er >= height as i32 {
                    continue;
                }
                out.push((0..k as i32).fold(0u64, |m, t| {
                    m | 1 << bit((c + dc * t) as u32, (r + dr * t) as u32)
                }));
            }
        }
    }
    out
}

/// Group lines (each `k` equally spaced cells) by their spacing: `(d, starts)`, the
/// bits of `starts` the lowest cells of the lines of spacing `d`.
fn line_steps(lines: &[u64]) -> Vec<(u32, u64)> {
    let mut steps: Vec<(u32, u64)> = Vec::new();
    for &line in lines {
        let low = line.trailing_zeros();
        let d = (line & (line - 1)).trailing_zeros() - low;
        debug_assert!((0..line.count_ones()).all(|t| line >> (low + t * d) & 1 == 1));
        match steps.iter_mut().find(|(e, _)| *e == d) {
            Some((_, starts)) => *starts |= 1 << low,
            None => steps.push((d, 1 << low)),
        }
    }
    steps
}

impl Placement {
    /// Tic-tac-toe: 3×3, three in a row; cell `row*3 + col`.
    pub fn tictactoe() -> Placement {
        let shapes = (0u64..512).collect();
        let lines = lines(3, 3, 3, |c, r| r * 3 + c);
        Placement {
            name: "tictactoe".into(),
            rule: Rule::Free,
            width: 3,
            height: 3,
            line_steps: line_steps(&lines),
            line_length: 3,
            lines,
            index: BoardIndex::new(shapes),
        }
    }

    /// Connect Four on `width` columns of `height`, four in a row.
    pub fn connect4(width: u32, height: u32) -> Result<Placement, GameError> {
        let name = format!("connect4:width={width},height={height}");
        if !(1..=9).contains(&width) || height == 0 || width * height > 36 {
            return Err(GameError::parameter(
                "connect4",
                format!("width must be 1 to 9 and width*height at most 36 (got {width}x{height})"),
            ));
        }
        // Shapes: every vector of column heights.
        let mut shapes = Vec::new();
        let mut h = vec![0u32; width as usize];
        loop {
            shapes.push(
                h.iter()
                    .enumerate()
                    .fold(0u64, |m, (c, &k)| m | ((1u64 << k) - 1) << (c as u32 * height)),
            );
            let mut c = 0;
            while c < width as usize && h[c] == height {
                h[c] = 0;
                c += 1;
            }
            if c == width as usize {
                break;
            }
            h[c] += 1;
        }
        let lines = lines(width, height, 4, |c, r| c * height + r);
        Ok(Placement {
            name,
            rule: Rule::Gravity,
            width,
            height,
            line_steps: line_steps(&lines),
            line_length: 4,
            lines,
            index: BoardIndex::new(shapes),
        })
    }

    /// The game in GAME syntax.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// `(width, height)`.
    pub fn dimensions(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    fn full(&self) -> u64 {
        let n = self.width * self.height;
        if n == 64 {
            u64::MAX
        } else {
            (1 << n) - 1
        }
    }

    /// The value by rule of a board, if the game is over.
    pub fn terminal_board(&self, (filled, x): Board) -> Option<Outcome> {
        if has_line(x, &self.lines) || has_line(filled & !x, &self.lines) {
            Some(Outcome::Lose)
        } else if filled == self.full() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// [`Placement::terminal_board`] by shifts: a line of spacing `d` starting at
    /// cell `b` is in `stones` when bit `b` survives `stones & stones >> d & ...`,
    /// so each direction is tested on every cell at once.
    #[inline]
    fn ends(&self, filled: u64, x: u64) -> Option<Outcome> {
        let has_line = |stones: u64| {
            self.line_steps.iter().any(|&(d, starts)| {
                let pairs = stones & stones >> d;
                let m = match self.line_length {
                    4 => pairs & pairs >> (2 * d),
                    3 => pairs & stones >> (2 * d),
                    k => (2..k).fold(pairs, |m, t| m & stones >> (t * d)),
                };
                m & starts != 0
            })
        };
        if has_line(x) || has_line(filled & !x) {
            Some(Outcome::Lose)
        } else if filled == self.full() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// The cells where the player to move may put a stone.
    #[inline]
    pub fn moves(&self, filled: u64) -> u64 {
        match self.rule {
            Rule::Free => self.full() & !filled,
            Rule::Gravity => {
                let mut m = 0;
                let col = (1u64 << self.height) - 1;
                for c in 0..self.width {
                    let s = c * self.height;
                    let used = (filled >> s) & col;
                    if used != col {
                        m |= (used + 1) << s;
                    }
                }
                m
            }
        }
    }

    /// The board after putting the mover's stone on `cell` (a bit).
    #[inline]
    pub fn play(&self, (filled, x): Board, cell: u64) -> Board {
        let x_to_move = filled.count_ones() % 2 == 0;
        (filled | cell, if x_to_move { x | cell } else { x })
    }

    /// The index of a board.
    pub fn index_of(&self, b: Board) -> Option<u64> {
        self.index.index(b.0, b.1)
    }

    /// The board of an index.
    pub fn board_of(&self, i: u64) -> Board {
        self.index.board(i)
    }

    /// Tic-tac-toe board text (nine of `x`, `o`, `.`, row by row) to its index.
    pub fn index_of_board(&self, text: &str) -> Option<u64> {
        self.parse_board(text).ok().and_then(|b| self.index_of(b))
    }

    /// Read a board: for tic-tac-toe nine cells of `x`, `o`, `.` row by row (top row
    /// first); for Connect Four the columns played, 1-based (`4453`), or `start`.
    pub fn parse_board(&self, text: &str) -> Result<Board, String> {
        let t = text.trim();
        match self.rule {
            Rule::Free => {
                let cells: Vec<char> = t.chars().filter(|c| !matches!(c, '/' | ' ')).collect();
                if cells.len() != 9 {
                    return Err(format!("expected nine cells of x, o and . (got {})", cells.len()));
                }
                let (mut f, mut x) = (0u64, 0u64);
                for (k, c) in cells.iter().enumerate() {
                    match c.to_ascii_lowercase() {
                        'x' => {
                            f |= 1 << k;
                            x |= 1 << k
                        }
                        'o' => f |= 1 << k,
                        '.' | '-' | '_' => {}
                        other => return Err(format!("'{other}' is not x, o or .")),
                    }
                }
                let (nx, no) = (x.count_ones(), (f & !x).count_ones());
                if nx != no && nx != no + 1 {
                    return Err(format!(
                        "{nx} x and {no} o: x moves first, so x has as many as o or one more"
                    ));
                }
                // A line ends the game on the move that makes it: a board where the
                // player to move has a line, or both have one, was never reached.
                let (x_line, o_line) = (has_line(x, &self.lines), has_line(f & !x, &self.lines));
                let to_move = if nx == no { 'x' } else { 'o' };
                if x_line && o_line {
                    return Err(
                        "both x and o have a line: the game ends at the first line, so this board is never reached".into(),
                    );
                }
                if (to_move == 'x' && x_line) || (to_move == 'o' && o_line) {
                    return Err(format!(
                        "{to_move} is to move ({nx} x, {no} o) but already has a line: the game ended when that line was made, so this board is never reached"
                    ));
                }
                Ok((f, x))
            }
            Rule::Gravity => {
                let mut b = (0, 0);
                if t == "start" || t.is_empty() {
                    return Ok(b);
                }
                for (k, ch) in t.chars().enumerate() {
                    let c = ch
                        .to_digit(10)
                        .filter(|&c| (1..=self.width).contains(&c))
                        .ok_or_else(|| {
                            format!("move {} '{ch}' is not a column 1 to {}", k + 1, self.width)
                        })?;
                    if self.terminal_board(b).is_some() {
                        return Err(format!("the game is over before move {}", k + 1));
                    }
                    let col = ((1u64 << self.height) - 1) << ((c - 1) * self.height);
                    let cell = self.moves(b.0) & col;
                    if cell == 0 {
                        return Err(format!("move {}: column {c} is full", k + 1));
                    }
                    b = self.play(b, cell);
                }
                Ok(b)
            }
        }
    }

    /// Tic-tac-toe board as text (Connect Four boards are shown as their move list).
    pub fn show_board(&self, (f, x): Board) -> String {
        (0..self.width * self.height)
            .map(|k| {
                if x >> k & 1 == 1 {
                    'x'
                } else if f >> k & 1 == 1 {
                    'o'
                } else {
                    '.'
                }
            })
            .collect()
    }

    /// The options of a position as text (after a board or a move list).
    pub(crate) fn option_texts(&self, text: &str, b: Board) -> Vec<String> {
        if self.terminal_board(b).is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        self.each_option(b, |cell, next| {
            out.push(match self.rule {
                Rule::Free => self.show_board(next),
                Rule::Gravity => {
                    let col = cell.trailing_zeros() / self.height + 1;
                    let base = if text.trim() == "start" { "" } else { text.trim() };
                    format!("{base}{col}")
                }
            })
        });
        out
    }

    /// Every position reachable from the empty board (by breadth-first search).
    pub fn reachable(&self) -> u64 {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut frontier = vec![(0u64, 0u64)];
        seen.insert((0, 0));
        while let Some(b) = frontier.pop() {
            if self.terminal_board(b).is_some() {
                continue;
            }
            self.each_option(b, |_, c| {
                if seen.insert(c) {
                    frontier.push(c);
                }
            });
        }
        seen.len() as u64
    }

    pub(crate) fn to_dyn(&self, text: &str) -> DynPosition {
        DynPosition::Text(text.trim().to_string())
    }

    /// The bit of cell (`column`, `row`), both 0-based, rows from the top as drawn.
    fn cell_bit(&self, column: u32, row_from_top: u32) -> u32 {
        match self.rule {
            Rule::Free => row_from_top * self.width + column,
            Rule::Gravity => column * self.height + (self.height - 1 - row_from_top),
        }
    }

    /// The board drawn for people: tic-tac-toe with columns a b c and rows 1 2 3
    /// (cell `b2` is the centre, cell number 5); Connect Four with its column
    /// numbers under it and the last stone played in capitals.
    pub(crate) fn drawing(&self, text: &str) -> Option<Drawing> {
        let (filled, x) = self.parse_board(text).ok()?;
        let last_column = match self.rule {
            Rule::Gravity => text.trim().chars().last().and_then(|c| c.to_digit(10)),
            Rule::Free => None,
        };
        let last_bit = last_column.map(|c| {
            let column = (filled >> ((c - 1) * self.height)) & ((1u64 << self.height) - 1);
            (c - 1) * self.height + (64 - column.leading_zeros()) - 1
        });
        let cells = (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| {
                        let bit = self.cell_bit(c, r);
                        let last = last_bit == Some(bit);
                        let mut cell = if x >> bit & 1 == 1 {
                            Cell::piece(if last { 'X' } else { 'x' }, Owner::First)
                        } else if filled >> bit & 1 == 1 {
                            Cell::piece(if last { 'O' } else { 'o' }, Owner::Second)
                        } else {
                            Cell::EMPTY
                        };
                        cell.last = last;
                        cell
                    })
                    .collect()
            })
            .collect();
        let (rows, columns) = match self.rule {
            Rule::Free => (
                Drawing::numbers(self.height as usize),
                Drawing::letters(self.width as usize),
            ),
            Rule::Gravity => (
                vec![String::new(); self.height as usize],
                Drawing::numbers(self.width as usize),
            ),
        };
        let mut board = Drawing::grid(cells, rows, columns);
        let x_to_move = filled.count_ones() % 2 == 0;
        let (mover, other) = if x_to_move { ("x", "o") } else { ("o", "x") };
        if let (Some(c), Some(bit)) = (last_column, last_bit) {
            let by = if x >> bit & 1 == 1 { "x" } else { "o" };
            board = board.note(format!("last move: {by} in column {c}"));
        }
        Some(board.note(match self.terminal_board((filled, x)) {
            Some(Outcome::Lose) => format!("{other} has a line: {other} wins"),
            Some(_) => "the board is full: a draw".to_string(),
            None => format!("{mover} to move"),
        }))
    }

    /// The cell (bit) a move word names: a Connect Four column (`3`); a tic-tac-toe
    /// cell by name (`b2`) or number (`5`, row by row from the top left).
    fn word_cell(&self, filled: u64, word: &str) -> Result<Option<u64>, String> {
        let w = word.trim();
        match self.rule {
            Rule::Gravity => {
                let Ok(c) = w.parse::<u32>() else {
                    return Ok(None);
                };
                if !(1..=self.width).contains(&c) {
                    return Err(format!(
                        "there is no column {c}: the columns are 1 to {}",
                        self.width
                    ));
                }
                let column = ((1u64 << self.height) - 1) << ((c - 1) * self.height);
                match self.moves(filled) & column {
                    0 => Err(format!("column {c} is full")),
                    cell => Ok(Some(cell)),
                }
            }
            Rule::Free => {
                let (c, r) = if let Ok(n) = w.parse::<u32>() {
                    if !(1..=self.width * self.height).contains(&n) {
                        return Err(format!(
                            "there is no cell {n}: the cells are 1 to {}, row by row from the top left",
                            self.width * self.height
                        ));
                    }
                    ((n - 1) % self.width, (n - 1) / self.width)
                } else if let Some((c, r)) = grundy::dynamic::read_cell(w) {
                    if c >= self.width as usize || !(1..=self.height as usize).contains(&r) {
                        return Err(format!("there is no cell {w}: columns a to c, rows 1 to 3"));
                    }
                    (c as u32, r as u32 - 1)
                } else {
                    return Ok(None);
                };
                let bit = 1u64 << self.cell_bit(c, r);
                if filled & bit != 0 {
                    return Err(format!("cell {} is taken", self.cell_name(bit)));
                }
                Ok(Some(bit))
            }
        }
    }

    /// The name of a cell (bit): `b2` in tic-tac-toe, the column number in Connect Four.
    fn cell_name(&self, bit: u64) -> String {
        let k = bit.trailing_zeros();
        match self.rule {
            Rule::Free => format!(
                "{}{}",
                grundy::dynamic::column_letter((k % self.width) as usize),
                k / self.width + 1
            ),
            Rule::Gravity => (k / self.height + 1).to_string(),
        }
    }

    /// A move typed as a column or a cell, from the position `text`.
    pub(crate) fn read_word(&self, text: &str, word: &str) -> MoveWord {
        let Ok(b) = self.parse_board(text) else {
            return MoveWord::NotAWord;
        };
        match self.word_cell(b.0, word) {
            Ok(None) => MoveWord::NotAWord,
            Err(why) => MoveWord::Wrong(why),
            Ok(Some(_)) if self.terminal_board(b).is_some() => MoveWord::Wrong("the game is over".into()),
            Ok(Some(cell)) => MoveWord::Moves(
                self.option_texts(text, b)
                    .into_iter()
                    .filter(|o| self.move_name(text, o).as_deref() == Some(self.cell_name(cell).as_str()))
                    .map(DynPosition::Text)
                    .collect(),
            ),
        }
    }

    /// The move from `from` to `to`: the cell (`b2`) or the column (`3`) played.
    pub(crate) fn move_name(&self, from: &str, to: &str) -> Option<String> {
        let (a, b) = (self.parse_board(from).ok()?, self.parse_board(to).ok()?);
        let cell = b.0 & !a.0;
        (cell.count_ones() == 1 && a.0 & !b.0 == 0).then(|| self.cell_name(cell))
    }
}

impl Indexed for Placement {
    fn size(&self) -> u64 {
        self.index.size()
    }
    // The solvers' path: indices decoded by a step from the last one (see
    // `BoardIndex::near`), lines found by shifts, options numbered from their
    // parent. `tests/fast_paths.rs` checks it against `board_of`,
    // `terminal_board` and `index_of` on every index of small boards.
    fn terminal(&self, i: u64) -> Option<Outcome> {
        let d = self.index.near(i);
        self.ends(d.filled, d.x)
    }
    #[inline]
    fn expand(&self, i: u64, out: &mut Vec<u64>) -> Option<Outcome> {
        let d = self.index.near(i);
        if let Some(t) = self.ends(d.filled, d.x) {
            return Some(t);
        }
        self.index.push_children(&d, |f| self.moves(f), out);
        None
    }
    #[inline]
    fn options(&self, i: u64, out: &mut Vec<u64>) {
        let d = self.index.near(i);
        self.index.push_children(&d, |f| self.moves(f), out);
    }
}

impl Placement {
    /// The move generator of [`Game::options`]: `f(cell, board after the move)` for
    /// every cell the player to move may fill ([`Placement::moves`], the cells that
    /// [`Indexed::options`] numbers from the parent's index).
    #[inline]
    pub fn each_option(&self, b: Board, mut f: impl FnMut(u64, Board)) {
        let mut m = self.moves(b.0);
        while m != 0 {
            let cell = m & m.wrapping_neg();
            m &= m - 1;
            f(cell, self.play(b, cell));
        }
    }
}

impl Levelled for Placement {
    fn levels(&self) -> usize {
        self.index.levels()
    }
    fn level(&self, l: usize) -> std::ops::Range<u64> {
        self.index.level(l)
    }
}

impl Game for Placement {
    type Position = Board;
    fn options(&self, b: &Board, out: &mut Vec<Board>) -> Result<(), GameError> {
        self.each_option(*b, |_, next| out.push(next));
        Ok(())
    }
    fn terminal(&self, b: &Board) -> Result<Option<Outcome>, GameError> {
        Ok(self.terminal_board(*b))
    }
}

use grundy::catalogue::{Family, Kind, Param, Params, Shape, Syntax};
use grundy::dynamic::DynGame;

fn solved(game: Placement) -> Result<Box<dyn DynGame>, GameError> {
    Ok(Box::new(crate::Solved::new(Box::new(game))))
}

/// Tic-tac-toe, in the catalogue.
pub(crate) const TICTACTOE: Family = Family {
    name: "tictactoe",
    usage: "tictactoe",
    summary: "noughts and crosses, x moves first",
    position: "nine of x, o, . row by row (x.o......), or start",
    params: &[],
    syntax: Syntax::None,
    shape: Shape::Other,
    example: Some(("tictactoe", "x.o.x....")),
    claims: None,
    build: |_| solved(Placement::tictactoe()),
};

const SIDE: Kind = Kind::Int {
    min: 0,
    max: u32::MAX as u64,
};

/// Connect Four, in the catalogue.
pub(crate) const CONNECT4: Family = Family {
    name: "connect4",
    usage: "connect4:width=W,height=H",
    summary: "four in a row on a W x H board",
    position: "columns played, 1-based (4453), or start",
    params: &[
        Param {
            key: "width",
            kind: SIDE,
            default: None,
            help: "columns",
        },
        Param {
            key: "height",
            kind: SIDE,
            default: None,
            help: "rows",
        },
    ],
    syntax: Syntax::KeyValue,
    shape: Shape::Other,
    example: Some(("connect4:width=4,height=3", "2")),
    claims: None,
    build: build_connect4,
};

fn build_connect4(p: &Params) -> Result<Box<dyn DynGame>, GameError> {
    match (p.int("width"), p.int("height")) {
        (Some(w), Some(h)) => solved(Placement::connect4(w as u32, h as u32)?),
        _ => Err(GameError::parameter(
            "connect4",
            "give width=W,height=H with at most 36 cells, e.g. connect4:width=5,height=4 (the standard 7x6 board, 42 cells, is past what this solver's tables hold, so there is no default)",
        )),
    }
}

// Behind the dynamic seam: the game answered from its table, numbered here.

use std::path::Path;

use crate::dynamic::{bad, Numbering, TableGame};
use crate::table::{build_levelled, Progress};
use crate::{solve_levels, DenseOptions, RetroError, Table};

impl TableGame for Placement {
    fn name(&self) -> String {
        Placement::name(self).to_string()
    }
    fn size(&self) -> u64 {
        Indexed::size(self)
    }
    fn start(&self) -> DynPosition {
        if self.dimensions() == (3, 3) && self.name() == "tictactoe" {
            DynPosition::Text(".........".into())
        } else {
            DynPosition::Text("start".into())
        }
    }
    fn parse_position(&self, text: &str) -> Result<DynPosition, GameError> {
        let t = if text.trim() == "start" {
            self.start().to_string()
        } else {
            text.trim().to_string()
        };
        self.parse_board(&t)
            .map_err(|m| bad(TableGame::name(self), text, m))?;
        Ok(self.to_dyn(&t))
    }
    fn index(&self, p: &DynPosition) -> Result<u64, GameError> {
        let t = p.to_string();
        let b = self
            .parse_board(&t)
            .map_err(|m| bad(TableGame::name(self), &t, m))?;
        self.index_of(b)
            .ok_or_else(|| bad(TableGame::name(self), &t, "not a position of this game"))
    }
    fn options(&self, p: &DynPosition) -> Result<Vec<DynPosition>, GameError> {
        let t = p.to_string();
        let b = self
            .parse_board(&t)
            .map_err(|m| bad(TableGame::name(self), &t, m))?;
        Ok(self
            .option_texts(&t, b)
            .into_iter()
            .map(DynPosition::Text)
            .collect())
    }
    fn board(&self, p: &DynPosition) -> Option<Drawing> {
        self.drawing(&p.to_string())
    }
    fn read_move(&self, p: &DynPosition, word: &str) -> MoveWord {
        self.read_word(&p.to_string(), word)
    }
    fn name_move(&self, from: &DynPosition, to: &DynPosition) -> Option<String> {
        self.move_name(&from.to_string(), &to.to_string())
    }
    fn solve(&self, options: DenseOptions, progress: &mut dyn FnMut(Progress)) -> Result<Table, RetroError> {
        let levels = self.levels_count();
        let mut k = 0;
        solve_levels(self, options, |done, total| {
            k += 1;
            progress(Progress {
                done,
                total,
                levels: (k, levels),
                resumed: false,
            })
        })
    }
    fn build(
        &self,
        path: &Path,
        options: DenseOptions,
        resume: bool,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Table, RetroError> {
        build_levelled(self, &TableGame::name(self), path, options, resume, progress)
    }
    fn method(&self) -> &'static str {
        "level-by-level analysis of every board (2-bit table)"
    }
    fn numbering(&self) -> Numbering<'_> {
        Numbering::Levelled(self)
    }
}

impl Placement {
    fn levels_count(&self) -> usize {
        crate::Levelled::levels(self)
    }
}
