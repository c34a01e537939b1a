//! Snort and Col: the players take turns to place a piece of their own (Left `L`,
//! Right `R`) on an empty cell of a board; whoever cannot place one loses. In Snort
//! no piece may stand next to (orthogonally) a piece of the opponent's; in Col next
//! to one of one's own (Winning Ways, chapter 2: Col's values are numbers or numbers
//! plus `*`, Snort's are hot).
//!
//! What a piece does is forbid cells next to it to one player, so an empty cell is
//! open to both players, to one ("tinted": `l`, only Left may take it; `r`, only
//! Right), or to neither, and then it is as good as blocked. Cells open to someone
//! that are not next to each other never interact, so each connected group of them
//! is a component, written with its tints and no pieces. Neither rule has a
//! direction, so a group's key is the least of its eight images.

use crate::catalogue::{Family, Kind, Param, Params, Shape, Syntax};
use crate::dynamic::{Codec, DynGame, DynPosition, MoveWord};
use crate::games::domineering::{
    bounding_box, crop, grid_board, grid_cell_name, grid_text, images, read_grid, Grid,
};
use crate::partizan::{from_partizan, Partizan, Side};
use crate::GameError;

/// A Snort or Col board: bit `r * cols + c` of each mask is one cell. Cells in
/// none of `left`, `right` and `empty` are blocked; `only_left` and `only_right`
/// are empty cells that only that player may take, whatever stands next to them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlacementBoard {
    rows: u8,
    cols: u8,
    empty: u64,
    only_left: u64,
    only_right: u64,
    left: u64,
    right: u64,
}

impl PlacementBoard {
    /// The empty `rows × cols` board; the error says why the size is refused.
    pub fn empty(rows: usize, cols: usize) -> Result<PlacementBoard, String> {
        let text = vec![".".repeat(cols); rows].join("|");
        PlacementBoard::decode(&DynPosition::Text(text))
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    fn glyph(&self, i: usize) -> char {
        let bit = |m: u64| m >> i & 1 == 1;
        if bit(self.left) {
            'L'
        } else if bit(self.right) {
            'R'
        } else if bit(self.only_left) {
            'l'
        } else if bit(self.only_right) {
            'r'
        } else if bit(self.empty) {
            '.'
        } else {
            '#'
        }
    }

    /// Rows of `L`, `R`, `.`, `l`, `r` and `#` joined by `sep`.
    pub fn text(&self, sep: &str) -> String {
        grid_text(self.rows(), self.cols(), sep, |i| self.glyph(i))
    }
}

/// Which cells a piece closes, to whom: the one difference between the two games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// A piece closes its neighbours to the opponent.
    Snort,
    /// A piece closes its neighbours to its own player.
    Col,
}

/// Snort or Col on boards of at most 64 cells, with an optional empty start board.
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    rule: Rule,
    start: Option<PlacementBoard>,
}

impl Placement {
    /// Snort on any board.
    pub const fn snort() -> Placement {
        Placement {
            rule: Rule::Snort,
            start: None,
        }
    }

    /// Col on any board.
    pub const fn col() -> Placement {
        Placement {
            rule: Rule::Col,
            start: None,
        }
    }

    /// The same game whose start is the empty `rows × cols` board.
    pub fn with_start(self, rows: usize, cols: usize) -> Result<Placement, String> {
        Ok(Placement {
            start: Some(PlacementBoard::empty(rows, cols)?),
            ..self
        })
    }

    /// The empty cells `side` may not take.
    fn closed(&self, b: &PlacementBoard, side: Side) -> u64 {
        let grid = Grid::new(b.rows(), b.cols());
        let (tint, closer) = match (self.rule, side) {
            (Rule::Snort, Side::Left) => (b.only_right, b.right),
            (Rule::Snort, Side::Right) => (b.only_left, b.left),
            (Rule::Col, Side::Left) => (b.only_right, b.left),
            (Rule::Col, Side::Right) => (b.only_left, b.right),
        };
        (tint | grid.neighbours(closer)) & b.empty
    }

    /// The cells `side` may take.
    fn open(&self, b: &PlacementBoard, side: Side) -> u64 {
        b.empty & !self.closed(b, side)
    }

    fn place(b: &PlacementBoard, cell: u64, side: Side) -> PlacementBoard {
        let mut next = PlacementBoard {
            empty: b.empty & !cell,
            only_left: b.only_left & !cell,
            only_right: b.only_right & !cell,
            ..*b
        };
        match side {
            Side::Left => next.left |= cell,
            Side::Right => next.right |= cell,
        }
        next
    }

    /// Why `side` may not take cell `i` (`None`: it may).
    fn why_closed(&self, b: &PlacementBoard, side: Side, i: usize) -> Option<String> {
        let name = grid_cell_name(i, b.cols());
        let bit = 1u64 << i;
        if b.empty & bit == 0 {
            return Some(format!("{name} is not empty"));
        }
        if self.closed(b, side) & bit == 0 {
            return None;
        }
        let tinted = match side {
            Side::Left => b.only_right,
            Side::Right => b.only_left,
        };
        Some(if tinted & bit != 0 {
            format!(
                "{name} is tinted for {}: only {} may take it",
                side.other(),
                side.other()
            )
        } else {
            let whose = match self.rule {
                Rule::Snort => format!("{}'s", side.other()),
                Rule::Col => format!("{side}'s own"),
            };
            format!("{name} is next to a piece of {whose}, and {side} may not play there")
        })
    }
}

impl Partizan for Placement {
    type Position = PlacementBoard;

    fn options(
        &self,
        b: &PlacementBoard,
        side: Side,
        out: &mut Vec<PlacementBoard>,
    ) -> Result<(), GameError> {
        let mut open = self.open(b, side);
        while open != 0 {
            let cell = open & open.wrapping_neg();
            open &= open - 1;
            out.push(Self::place(b, cell, side));
        }
        Ok(())
    }

    fn components(&self, b: &PlacementBoard, out: &mut Vec<PlacementBoard>) {
        let (h, w) = (b.rows(), b.cols());
        let (no_left, no_right) = (self.closed(b, Side::Left), self.closed(b, Side::Right));
        let live = b.empty & !(no_left & no_right);
        let mut groups = Vec::new();
        Grid::new(h, w).groups(live, &mut groups);
        for g in groups {
            let bx = bounding_box(g, w);
            out.push(PlacementBoard {
                rows: bx.1 as u8,
                cols: bx.3 as u8,
                empty: crop(g, w, bx),
                only_left: crop(no_right & g, w, bx),
                only_right: crop(no_left & g, w, bx),
                left: 0,
                right: 0,
            });
        }
    }

    fn symmetry_key(&self, b: &PlacementBoard) -> PlacementBoard {
        let masks = [b.empty, b.only_left, b.only_right, b.left, b.right];
        let (rows, cols, [empty, only_left, only_right, left, right]) = images(b.rows(), b.cols(), masks)
            .into_iter()
            .min()
            .expect("eight images");
        PlacementBoard {
            rows: rows as u8,
            cols: cols as u8,
            empty,
            only_left,
            only_right,
            left,
            right,
        }
    }

    fn start(&self) -> Option<PlacementBoard> {
        self.start
    }

    fn show(&self, b: &PlacementBoard) -> Option<String> {
        Some(b.text("\n"))
    }

    fn board(&self, b: &PlacementBoard) -> Option<crate::dynamic::Board> {
        use crate::dynamic::{Cell, Owner};
        let board = grid_board(b.rows(), b.cols(), |i| match b.glyph(i) {
            'L' => Cell::piece('L', Owner::First),
            'R' => Cell::piece('R', Owner::Second),
            '.' => Cell::EMPTY,
            mark => Cell::mark(mark),
        });
        let rule = match self.rule {
            Rule::Snort => "not next to the opponent's pieces",
            Rule::Col => "not next to one's own pieces",
        };
        Some(board.note(format!(
            "Left places L, Right R, {rule}; l and r are empty cells only Left or only Right may take"
        )))
    }

    /// A cell: `b2`.
    fn read_move(&self, b: &PlacementBoard, side: Side, word: &str) -> MoveWord {
        let Some((c, r)) = crate::dynamic::read_cell(word) else {
            return MoveWord::NotAWord;
        };
        if r == 0 || r > b.rows() || c >= b.cols() {
            return MoveWord::Wrong(format!("there is no cell {} on this board", word.trim()));
        }
        let i = (r - 1) * b.cols() + c;
        match self.why_closed(b, side, i) {
            Some(why) => MoveWord::Wrong(why),
            None => MoveWord::Moves(vec![Self::place(b, 1 << i, side).encode()]),
        }
    }

    fn name_move(&self, from: &PlacementBoard, to: &PlacementBoard, _side: Side) -> Option<String> {
        let taken = from.empty & !to.empty;
        (taken.count_ones() == 1 && from.cols == to.cols)
            .then(|| grid_cell_name(taken.trailing_zeros() as usize, from.cols()))
    }

    /// Each set of empty cells with either side to move.
    fn search_size(&self, b: &PlacementBoard) -> Option<u128> {
        Some(2u128 << b.empty.count_ones())
    }

    /// Empty cells.
    fn size(&self, b: &PlacementBoard) -> Option<usize> {
        Some(b.empty.count_ones() as usize)
    }
}

impl Codec for PlacementBoard {
    fn encode(&self) -> DynPosition {
        DynPosition::Text(self.text("|"))
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        let DynPosition::Text(t) = p else {
            return Err("expected rows of 'L', 'R', '.', 'l', 'r' and '#' separated by '|'".into());
        };
        let (h, w, [left, right, open, only_left, only_right]) = read_grid::<5>(
            t,
            "'L' Left, 'R' Right, '.' empty, 'l' only Left's, 'r' only Right's, '#' blocked",
            |ch| match ch {
                'L' => Some(0),
                'R' => Some(1),
                '.' => Some(2),
                'l' => Some(3),
                'r' => Some(4),
                '#' => Some(5),
                _ => None,
            },
        )?;
        Ok(PlacementBoard {
            rows: h as u8,
            cols: w as u8,
            empty: open | only_left | only_right,
            only_left,
            only_right,
            left,
            right,
        })
    }
}

fn build(family: &str, game: Placement, p: &Params) -> Result<Box<dyn DynGame>, GameError> {
    let (rows, cols) = match (p.int("rows"), p.int("cols")) {
        (None, None) => return Ok(from_partizan(family, game)),
        // One side given: a square.
        (Some(r), None) | (None, Some(r)) => (r, r),
        (Some(r), Some(c)) => (r, c),
    };
    let game = game
        .with_start(rows as usize, cols as usize)
        .map_err(|m| GameError::parameter(family, m))?;
    Ok(from_partizan(format!("{family}:rows={rows},cols={cols}"), game))
}

const PARAMS: &[Param] = &[
    Param {
        key: "rows",
        kind: Kind::Int { min: 1, max: 64 },
        default: None,
        help: "rows of the empty start board",
    },
    Param {
        key: "cols",
        kind: Kind::Int { min: 1, max: 64 },
        default: None,
        help: "columns of the empty start board",
    },
];

const POSITION: &str = "rows of 'L' (Left), 'R' (Right), '.' (empty), '#' (blocked), 'l' and 'r' (empty, only Left or only Right may take it) separated by '|', e.g. L..|...|..#, at most 64 cells; or `start` with rows/cols";

pub(crate) const SNORT: Family = Family {
    name: "snort",
    usage: "snort[:rows=R,cols=C]",
    summary: "place a piece on an empty cell, never next to an opponent's: Left L, Right R (partizan; canonical values); rows/cols give `start`, the empty board",
    position: POSITION,
    params: PARAMS,
    example: Some(("snort:rows=2,cols=3", "start")),
    syntax: Syntax::KeyValue,
    shape: Shape::Other,
    claims: None,
    build: |p| build("snort", Placement::snort(), p),
};

pub(crate) const COL: Family = Family {
    name: "col",
    usage: "col[:rows=R,cols=C]",
    summary: "place a piece on an empty cell, never next to one's own: Left L, Right R (partizan; canonical values); rows/cols give `start`, the empty board",
    position: POSITION,
    params: PARAMS,
    example: Some(("col:rows=2,cols=3", "start")),
    syntax: Syntax::KeyValue,
    shape: Shape::Other,
    claims: None,
    build: |p| build("col", Placement::col(), p),
};

#[cfg(test)]
mod tests {
    use super::*;

    fn board(t: &str) -> PlacementBoard {
        PlacementBoard::decode(&DynPosition::Text(t.into())).unwrap()
    }

    fn texts(game: Placement, t: &str, side: Side) -> Vec<String> {
        let mut out = Vec::new();
        game.options(&board(t), side, &mut out).unwrap();
        out.iter().map(|b| b.text("|")).collect()
    }

    #[test]
    fn who_may_place_where() {
        assert_eq!(texts(Placement::snort(), "R..", Side::Left), ["R.L"]);
        assert_eq!(texts(Placement::snort(), "R..", Side::Right), ["RR.", "R.R"]);
        assert_eq!(texts(Placement::col(), "R..", Side::Right), ["R.R"]);
        assert_eq!(texts(Placement::col(), "l#r", Side::Left), ["L#r"]);
        assert_eq!(texts(Placement::snort(), "l#r", Side::Right), ["l#R"]);
    }

    #[test]
    fn groups_keep_their_tints() {
        let mut out = Vec::new();
        // Snort: b1 is next to L and R, so nobody's; the cells next to R are
        // Right's only, those next to L Left's only.
        Placement::snort().components(&board("L.R.|...."), &mut out);
        let texts: Vec<String> = out.iter().map(|b| b.text("|")).collect();
        assert_eq!(texts, ["###r|l.r."]);
        out.clear();
        Placement::col().components(&board("L#..|L#R."), &mut out);
        let texts: Vec<String> = out.iter().map(|b| b.text("|")).collect();
        assert_eq!(texts, ["l.|#l"]);
        let k = |t: &str| Placement::snort().symmetry_key(&board(t));
        assert_eq!(k("l.r"), k("r.l"));
        assert_ne!(k("l.r"), k("r.l|###"));
        assert_eq!(k("l."), k("l|."));
    }

    #[test]
    fn words_name_cells_and_say_why_not() {
        let b = board("L..|...");
        let game = Placement::col();
        assert!(
            matches!(game.read_move(&b, Side::Left, "b1"), MoveWord::Wrong(why) if why.contains("Left's own"))
        );
        assert!(
            matches!(game.read_move(&b, Side::Left, "a1"), MoveWord::Wrong(why) if why.contains("not empty"))
        );
        assert!(
            matches!(game.read_move(&b, Side::Left, "d9"), MoveWord::Wrong(why) if why.contains("no cell"))
        );
        let MoveWord::Moves(m) = game.read_move(&b, Side::Left, "c2") else {
            panic!("c2 is a move")
        };
        let to = PlacementBoard::decode(&m[0]).unwrap();
        assert_eq!(to.text("|"), "L..|..L");
        assert_eq!(game.name_move(&b, &to, Side::Left).as_deref(), Some("c2"));
    }
}
