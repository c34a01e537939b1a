//! Chase: a cop and a robber on a small graph; a loopy game with draws.

use grundy::dynamic::{Board, Cell, Owner};
use grundy::{Game, GameError, Outcome};

use crate::Indexed;

/// The most vertices drawn on one line.
const DRAWN_VERTICES: u32 = 40;

/// A position of [`Chase`]: `(cop, robber, cop to move)`.
pub type ChasePosition = (u32, u32, bool);

/// Chase (cops and robbers with one cop): a cop and a robber stand on vertices of a
/// cycle or a path of `n` vertices; the cop moves first. On a turn the player steps
/// to an adjacent vertex or stays put; the robber may not step onto the cop. When
/// the cop steps onto the robber, the robber (to move) has lost. If the cop never
/// catches the robber the game is a draw.
///
/// Known results (Nowakowski–Winkler, Quilliot: the cop-win graphs are the
/// dismantlable ones): on a path the cop always wins; on a cycle of 4 or more
/// vertices the robber, starting at distance 2 or more with the cop to move, escapes
/// for ever (a draw); on a 3-cycle the cop wins.
///
/// Position `i = side*n*n + cop*n + robber` with side 0 = cop to move.
pub struct Chase {
    n: u32,
    cycle: bool,
    neighbours: Vec<Vec<u32>>,
}

impl Chase {
    /// Chase on a cycle of `n` ≥ 3 vertices.
    pub fn cycle(n: u32) -> Result<Chase, GameError> {
        if !(3..=10_000).contains(&n) {
            return Err(GameError::parameter(
                "chase",
                format!("a cycle needs 3 to 10000 vertices, not {n}"),
            ));
        }
        Ok(Chase::build(n, true))
    }

    /// Chase on a path of `n` ≥ 2 vertices (one vertex leaves the robber no room:
    /// the start would already be a capture).
    pub fn path(n: u32) -> Result<Chase, GameError> {
        if !(2..=10_000).contains(&n) {
            return Err(GameError::parameter(
                "chase",
                format!("a path needs 2 to 10000 vertices, not {n}"),
            ));
        }
        Ok(Chase::build(n, false))
    }

    fn build(n: u32, cycle: bool) -> Chase {
        let neighbours = (0..n)
            .map(|v| {
                let mut a = vec![v];
                if v > 0 {
                    a.push(v - 1);
                } else if cycle {
                    a.push(n - 1);
                }
                if v + 1 < n {
                    a.push(v + 1);
                } else if cycle {
                    a.push(0);
                }
                a.sort_unstable();
                a.dedup();
                a
            })
            .collect();
        Chase { n, cycle, neighbours }
    }

    /// The game in GAME syntax.
    pub fn name(&self) -> String {
        format!("chase:{}={}", if self.cycle { "cycle" } else { "path" }, self.n)
    }

    /// Number of vertices.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The index of (cop, robber, cop to move).
    pub fn index(&self, cop: u32, robber: u32, cop_to_move: bool) -> u64 {
        let n = self.n as u64;
        u64::from(!cop_to_move) * n * n + cop as u64 * n + robber as u64
    }

    /// `(cop, robber, cop to move)` of an index.
    pub fn position(&self, i: u64) -> (u32, u32, bool) {
        let n = self.n as u64;
        ((i % (n * n) / n) as u32, (i % n) as u32, i < n * n)
    }
}

impl Chase {
    /// The value by rule: the cop on the robber ends the game.
    pub fn terminal_position(&self, (c, r, cop_to_move): ChasePosition) -> Option<Outcome> {
        (c == r).then_some(if cop_to_move { Outcome::Win } else { Outcome::Lose })
    }

    /// The move generator, the one both [`Game::options`] and [`Indexed::options`]
    /// use: `f(position after the move)` for every move (a step or staying put; the
    /// robber may not step onto the cop).
    #[inline]
    pub fn each_option(&self, (c, r, cop_to_move): ChasePosition, mut f: impl FnMut(ChasePosition)) {
        if cop_to_move {
            for &c2 in &self.neighbours[c as usize] {
                f((c2, r, false));
            }
        } else {
            for &r2 in &self.neighbours[r as usize] {
                if r2 != c {
                    f((c, r2, true));
                }
            }
        }
    }

    /// The board drawn for people: the vertices in a row, numbered, with the cop `C`
    /// and the robber `R` (`*` where the cop has caught the robber); `None` for a
    /// graph too long to draw on one line.
    pub fn drawing(&self, (c, r, cop_to_move): ChasePosition) -> Option<Board> {
        if self.n > DRAWN_VERTICES || c >= self.n || r >= self.n {
            return None;
        }
        let cells = (0..self.n)
            .map(|v| match (v == c, v == r) {
                (true, true) => Cell::piece('*', Owner::First),
                (true, false) => Cell::piece('C', Owner::First),
                (false, true) => Cell::piece('R', Owner::Second),
                _ => Cell::EMPTY,
            })
            .collect();
        let numbers = (0..self.n).map(|v| v.to_string()).collect();
        let mut board = Board::grid(vec![cells], vec![String::new()], numbers);
        if self.cycle {
            board = board.note(format!("a cycle: vertex {} is next to vertex 0", self.n - 1));
        }
        Some(board.note(match self.terminal_position((c, r, cop_to_move)) {
            Some(_) => "the cop has caught the robber".to_string(),
            None if cop_to_move => "the cop (C) to move".to_string(),
            None => "the robber (R) to move".to_string(),
        }))
    }

    /// The move from `from` to `to`: the vertex stepped to, or `stay`.
    pub fn move_name(&self, from: ChasePosition, to: ChasePosition) -> String {
        let (before, after) = if from.2 { (from.0, to.0) } else { (from.1, to.1) };
        if before == after {
            "stay".to_string()
        } else {
            after.to_string()
        }
    }

    /// Why a position is never reached in play, if it is not: the robber never steps
    /// onto the cop and the cop's capture hands the turn to the robber, so the cop and
    /// the robber share a vertex only with the robber to move. Every other position
    /// is a legitimate start (the cop may stay put, so each side can be to move).
    pub fn unreachable(&self, (c, r, cop_to_move): ChasePosition) -> Option<String> {
        (c == r && cop_to_move).then(|| {
            format!(
                "the cop and the robber are both on vertex {c} with the cop to move: \
                 a capture ends the game with the robber to move (side 1)"
            )
        })
    }

    /// Is this a position of the game (vertices in range)?
    fn valid(&self, (c, r, _): ChasePosition) -> Result<(), GameError> {
        if c < self.n && r < self.n {
            Ok(())
        } else {
            Err(GameError::position(
                self.name(),
                format!("{c},{r}"),
                format!("vertices are 0 to {}", self.n - 1),
            ))
        }
    }
}

impl Game for Chase {
    type Position = ChasePosition;
    fn options(&self, p: &ChasePosition, out: &mut Vec<ChasePosition>) -> Result<(), GameError> {
        self.valid(*p)?;
        self.each_option(*p, |q| out.push(q));
        Ok(())
    }
    fn terminal(&self, p: &ChasePosition) -> Result<Option<Outcome>, GameError> {
        self.valid(*p)?;
        Ok(self.terminal_position(*p))
    }
}

impl Indexed for Chase {
    fn size(&self) -> u64 {
        2 * self.n as u64 * self.n as u64
    }
    fn terminal(&self, i: u64) -> Option<Outcome> {
        self.terminal_position(self.position(i))
    }
    fn options(&self, i: u64, out: &mut Vec<u64>) {
        self.each_option(self.position(i), |(c, r, cop)| out.push(self.index(c, r, cop)));
    }
    fn parents(&self, i: u64, out: &mut Vec<u64>) -> bool {
        let (c, r, cop_to_move) = self.position(i);
        if cop_to_move {
            // The robber just moved from r2 to r (not onto the cop), from a live position.
            if c != r {
                out.extend(
                    self.neighbours[r as usize]
                        .iter()
                        .filter(|&&r2| r2 != c)
                        .map(|&r2| self.index(c, r2, false)),
                );
            }
        } else {
            out.extend(
                self.neighbours[c as usize]
                    .iter()
                    .filter(|&&c2| c2 != r)
                    .map(|&c2| self.index(c2, r, true)),
            );
        }
        true
    }
}

use grundy::catalogue::{Family, Kind, Param, Shape, Syntax};

const VERTICES: Kind = Kind::Int {
    min: 0,
    max: u32::MAX as u64,
};

/// Chase, in the catalogue.
pub(crate) const FAMILY: Family = Family {
    name: "chase",
    usage: "chase:cycle=N | chase:path=N",
    summary: "a cop chases a robber on a cycle or a path of N vertices",
    position: "cop,robber,side (side 0 = cop to move)",
    params: &[
        Param {
            key: "cycle",
            kind: VERTICES,
            default: None,
            help: "vertices of a cycle",
        },
        Param {
            key: "path",
            kind: VERTICES,
            default: None,
            help: "vertices of a path",
        },
    ],
    syntax: Syntax::KeyValue,
    shape: Shape::Other,
    example: Some(("chase:cycle=5", "0,2,0")),
    claims: None,
    build: |p| {
        let game = match (p.int("cycle"), p.int("path")) {
            (Some(n), None) => Chase::cycle(n as u32)?,
            (None, Some(n)) => Chase::path(n as u32)?,
            _ => return Err(GameError::parameter("chase", "expected cycle=N or path=N")),
        };
        Ok(Box::new(crate::Solved::new(Box::new(game))))
    },
};

// Behind the dynamic seam: the game answered from its table, numbered here.

use grundy::dynamic::DynPosition;

use crate::dynamic::{bad, retro_solve, Numbering, TableGame, RETROGRADE_METHOD};
use crate::table::Progress;
use crate::{DenseOptions, RetroError, Table};

impl TableGame for Chase {
    fn name(&self) -> String {
        Chase::name(self)
    }
    fn size(&self) -> u64 {
        Indexed::size(self)
    }
    fn start(&self) -> DynPosition {
        DynPosition::Ints(vec![0, (self.n() / 2) as i64, 0])
    }
    fn parse_position(&self, text: &str) -> Result<DynPosition, GameError> {
        let p = if text.trim() == "start" {
            TableGame::start(self)
        } else {
            DynPosition::parse(text).map_err(|m| bad(TableGame::name(self), text, m))?
        };
        TableGame::index(self, &p)?;
        if let Some(why) = chase_position(&p).and_then(|q| self.unreachable(q)) {
            return Err(bad(TableGame::name(self), text, why));
        }
        Ok(p)
    }
    fn index(&self, p: &DynPosition) -> Result<u64, GameError> {
        let n = self.n() as i64;
        match p.ints() {
            Some(&[c, r, s]) if (0..n).contains(&c) && (0..n).contains(&r) && (0..2).contains(&s) => {
                Ok(Chase::index(self, c as u32, r as u32, s == 0))
            }
            _ => Err(bad(
                TableGame::name(self),
                &p.to_string(),
                format!(
                    "expected cop,robber,side with vertices 0 to {} and side 0 (cop to move) or 1",
                    n - 1
                ),
            )),
        }
    }
    fn options(&self, p: &DynPosition) -> Result<Vec<DynPosition>, GameError> {
        let i = TableGame::index(self, p)?;
        let mut out = Vec::new();
        if Indexed::terminal(self, i).is_none() {
            Indexed::options(self, i, &mut out);
        }
        Ok(out
            .into_iter()
            .map(|o| {
                let (c, r, cop) = self.position(o);
                DynPosition::Ints(vec![c as i64, r as i64, if cop { 0 } else { 1 }])
            })
            .collect())
    }
    fn board(&self, p: &DynPosition) -> Option<Board> {
        self.drawing(chase_position(p)?)
    }
    fn name_move(&self, from: &DynPosition, to: &DynPosition) -> Option<String> {
        Some(self.move_name(chase_position(from)?, chase_position(to)?))
    }
    fn solve(&self, options: DenseOptions, progress: &mut dyn FnMut(Progress)) -> Result<Table, RetroError> {
        retro_solve(self, options, progress)
    }
    fn method(&self) -> &'static str {
        RETROGRADE_METHOD
    }
    fn numbering(&self) -> Numbering<'_> {
        Numbering::Indexed(self)
    }
}

/// A Chase position `cop,robber,side` as its native triple.
fn chase_position(p: &DynPosition) -> Option<crate::games::ChasePosition> {
    match p.ints()? {
        &[c, r, s] => Some((u32::try_from(c).ok()?, u32::try_from(r).ok()?, s == 0)),
        _ => None,
    }
}
