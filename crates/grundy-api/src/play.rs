//! Positions: who wins and how ([`solve`]), every move ([`moves`]), why
//! ([`explain`]), and the board drawn as data ([`board`]).

use grundy::dynamic::{Analysis, Codec, DynGame, DynPosition, MoveInfo, NoRemoteness};
use grundy::explain::{Limits, Node};
use grundy::partizan::{DynPartizan, Side, TurnedPosition, Universe};
use grundy::{Budget, GameError, Outcome, Play, Task};
use serde_json::{json, Value};

use crate::{inline, Error, Result};

/// How a position is played: misère or normal, and in a partizan game who moves
/// first (Left when not given).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Misère play: a player with no move wins.
    pub misere: bool,
    /// Who moves first in a partizan game; an error for other games.
    pub first: Option<Side>,
}

impl Options {
    /// The play convention.
    pub fn play(&self) -> Play {
        if self.misere {
            Play::Misere
        } else {
            Play::Normal
        }
    }

    /// A partizan game's side and the side to move; `None` for other games, and
    /// an error when `first` is given for a game where both players move alike.
    pub fn partizan<'g>(&self, game: &'g dyn DynGame) -> Result<Option<(&'g dyn DynPartizan, Side)>> {
        match (game.partizan(), self.first) {
            (Some(partizan), f) => Ok(Some((partizan, f.unwrap_or(Side::Left)))),
            (None, None) => Ok(None),
            (None, Some(_)) => Err(Error::Input(format!(
                "--first is for partizan games (Left and Right with different moves); in {} the player to move is part of the position",
                game.name()
            ))),
        }
    }
}

fn optional(x: Option<u64>) -> Value {
    x.map_or(Value::Null, Value::from)
}

/// What [`solve`] adds for a partizan game.
#[derive(Clone, Debug)]
pub struct PartizanValue {
    /// Who moves first.
    pub to_move: Side,
    /// The canonical form, in CGSuite notation; `None` when it was out of reach
    /// (the outcome search answered, or the value ran over the budget: the
    /// outcome class then comes from play with either side first).
    pub canonical: Option<String>,
    /// L, R, N or P; for a loopy game also D (a draw whoever starts) and
    /// CGSuite's NHat, PHat, NCheck, PCheck (a win or a loss one way, a draw the
    /// other).
    pub outcome_class: &'static str,
    /// The game loops (its positions repeat): the value, when there is one, is
    /// a loopy one.
    pub loopy: bool,
    /// The play asked for is misère: the canonical form and the outcome class are
    /// facts of normal play (a misère game has neither), so they are labelled so.
    pub misere: bool,
}

impl PartizanValue {
    /// The winner by side (`Left`, `Right`), or `none` for a draw.
    pub fn winner(&self, outcome: Outcome) -> String {
        match outcome {
            Outcome::Win => self.to_move.to_string(),
            Outcome::Lose => self.to_move.other().to_string(),
            Outcome::Draw => "none".to_string(),
        }
    }
}

/// A solved position.
#[derive(Clone, Debug)]
pub struct SolveReport {
    /// The game's name.
    pub game: String,
    /// The position, as read.
    pub position: DynPosition,
    /// The position on one line.
    pub shown: String,
    /// Outcome, nim-value, remoteness, winning moves, method.
    pub analysis: Analysis,
    /// The winning moves on one line each.
    pub winning_moves: Vec<String>,
    /// A partizan game's side to move and value.
    pub partizan: Option<PartizanValue>,
}

impl SolveReport {
    /// `solve --json`.
    pub fn json(&self) -> Value {
        let a = &self.analysis;
        let mut v = json!({
            "game": self.game,
            "position": self.shown,
            "outcome": a.outcome.as_str(),
            "winner": a.outcome.winner().as_str(),
            "nimber": optional(a.nimber),
            "remoteness": optional(a.remoteness),
            // Not listed at all: null, not an empty list (which says no move wins).
            "winning_moves": if self.winning_moves.is_empty() && a.winning_moves_note.is_some() {
                Value::Null
            } else {
                json!(self.winning_moves)
            },
            "method": a.method,
        });
        // Only when the list is incomplete: why.
        if let Some(note) = &a.winning_moves_note {
            v["winning_moves_note"] = json!(note);
        }
        // Only when the remoteness is null: why (`no_end`: a draw by repetition).
        if a.remoteness.is_none() {
            v["remoteness_note"] = json!(a.remoteness_note.unwrap_or(NoRemoteness::TooLarge).as_str());
        }
        if let Some(p) = &self.partizan {
            v["to_move"] = json!(p.to_move.to_string().to_lowercase());
            // Under misère play the value and class are normal play's: said in the keys.
            let (value, class) = if p.misere {
                ("normal_play_value", "normal_play_outcome_class")
            } else {
                ("value", "outcome_class")
            };
            v[value] = json!(p.canonical);
            v[class] = json!(p.outcome_class);
            v["winner"] = json!(p.winner(a.outcome).to_lowercase());
        }
        v
    }
}

/// [`solve`], its outcome search carrying on from `saved` (a checkpoint an
/// earlier call gave), and the search's checkpoint after it, whether the solve
/// answered or stopped (`None` when the game keeps no such search: only
/// Domineering's boards do). The front end keeps the bytes (a file, say), so
/// that a long search resumes where it stopped.
pub fn solve_resuming(
    game: &dyn DynGame,
    position: &str,
    o: &Options,
    saved: Option<&[u8]>,
    budget: &Budget,
) -> (Result<SolveReport>, Option<Vec<u8>>) {
    let Some(partizan) = game.partizan() else {
        let e = Error::Unsupported(format!(
            "{} keeps no outcome search to resume: checkpoints are of partizan board games (Domineering)",
            game.name()
        ));
        return (Err(e), None);
    };
    if let Some(bytes) = saved {
        let resumed = game
            .parse_position(position)
            .map_err(Error::from)
            .and_then(|p| partizan.resume_outcome(&p, bytes, budget).map_err(Error::Input));
        if let Err(e) = resumed {
            return (Err(e), None);
        }
    }
    let report = solve(game, position, o, budget);
    (report, partizan.outcome_checkpoint())
}

/// Solve a position: outcome, winner, nim-value, remoteness, every winning move,
/// and for a partizan game its canonical value (within `budget`'s memory).
pub fn solve(game: &dyn DynGame, position: &str, o: &Options, budget: &Budget) -> Result<SolveReport> {
    solve_by(
        game,
        position,
        o,
        budget,
        &mut |partizan, p, side, play| Ok(partizan.analyze_first(p, side, play, budget)?),
        &mut |partizan, p, side, play| Ok(partizan.outcome_first(p, side, play, budget)?),
    )
}

/// Who wins `p` with `side` first, and how, for [`solve_by`].
pub(crate) type FirstAnalysis<'a> =
    dyn FnMut(&dyn DynPartizan, &DynPosition, Side, Play) -> Result<Analysis> + 'a;
/// Who wins `p` with `side` first, the outcome alone, for [`solve_by`].
pub(crate) type FirstOutcome<'a> =
    dyn FnMut(&dyn DynPartizan, &DynPosition, Side, Play) -> Result<Outcome> + 'a;

/// [`solve`] with a partizan position's searches given: `analyze` for the side
/// asked about, `outcome` for the other (the outcome class), so that a search
/// across processes makes the same report.
pub(crate) fn solve_by(
    game: &dyn DynGame,
    position: &str,
    o: &Options,
    budget: &Budget,
    analyze: &mut FirstAnalysis<'_>,
    outcome: &mut FirstOutcome<'_>,
) -> Result<SolveReport> {
    let p = game.parse_position(position)?;
    let (analysis, partizan) = match o.partizan(game)? {
        Some((partizan, side)) => {
            let analysis = analyze(partizan, &p, side, o.play())?;
            let mut u = Universe::new();
            u.set_budget(budget);
            // A position the outcome search had to answer is mostly far beyond
            // its value: tried for a short while only (Domineering 5x5 fits).
            if grundy::partizan::outcome::is_outcome_search(&analysis.method) {
                let searched = Task::SearchedValue.defaults().work;
                u.set_work_limit(Some(budget.work(Task::SearchedValue).min(searched)));
            }
            let value = match partizan.value(&p, &mut u, budget) {
                Ok(v) => Some(v),
                Err(grundy::GameError::OverBudget(_) | grundy::GameError::Loopy(_)) => None,
                Err(e) => return Err(e.into()),
            };
            let loopy = partizan.is_loopy();
            let (canonical, outcome_class) = match value {
                Some(v) => (Some(u.display(v, false)), crate::values::outcome_class(&mut u, v)),
                None => {
                    // Normal play's class: who wins with each side first.
                    let normal = grundy::Play::Normal;
                    let mine = if o.misere {
                        outcome(partizan, &p, side, normal)?
                    } else {
                        analysis.outcome
                    };
                    let theirs = outcome(partizan, &p, side.other(), normal)?;
                    let (left, right) = match side {
                        Side::Left => (mine, theirs),
                        Side::Right => (theirs, mine),
                    };
                    // Play is answered; a large graph's value is far beyond it, so
                    // it is tried for a short while only (`value` spends the budget).
                    let tried = Budget {
                        max_work: Some(
                            budget
                                .work(Task::SearchedValue)
                                .min(Task::SearchedValue.defaults().work),
                        ),
                        ..budget.clone()
                    };
                    let canonical = match loopy {
                        true => match partizan.loopy_value(&p, &tried) {
                            Ok(v) => Some(grundy_cgt::loopy::display(&v, &mut u)),
                            Err(grundy::GameError::OverBudget(_) | grundy::GameError::Unsupported(_)) => None,
                            Err(e) => return Err(e.into()),
                        },
                        false => None,
                    };
                    (canonical, class_of(left, right))
                }
            };
            let value = PartizanValue {
                to_move: side,
                canonical,
                outcome_class,
                loopy,
                misere: o.misere,
            };
            (analysis, Some(value))
        }
        None => (game.analyze(&p, o.play(), budget)?, None),
    };
    Ok(SolveReport {
        game: game.name(),
        shown: inline(game, &p),
        winning_moves: analysis.winning_moves.iter().map(|m| inline(game, m)).collect(),
        position: p,
        analysis,
        partizan,
    })
}

/// The outcome class from the outcomes of Left, and of Right, moving first; with
/// draws, CGSuite's names of the loopy classes.
fn class_of(left: Outcome, right: Outcome) -> &'static str {
    use Outcome::{Draw, Lose, Win};
    match (left, right) {
        (Win, Win) => "N",
        (Win, Lose) => "L",
        (Lose, Win) => "R",
        (Lose, Lose) => "P",
        (Draw, Draw) => "D",
        (Win, Draw) => "NHat",
        (Lose, Draw) => "PCheck",
        (Draw, Lose) => "PHat",
        (Draw, Win) => "NCheck",
    }
}

/// Every move from a position.
#[derive(Clone, Debug)]
pub struct MovesReport {
    /// The game's name.
    pub game: String,
    /// The position, as read.
    pub position: DynPosition,
    /// One entry per position reached (two moves that leave the same position are
    /// one), in the game's order.
    pub moves: Vec<MoveInfo>,
    /// Each move in the game's own words, beside [`MovesReport::moves`] (None
    /// when the game does not name its moves).
    pub names: Vec<Option<String>>,
    json: Value,
}

impl MovesReport {
    /// `moves --json`.
    pub fn json(&self) -> Value {
        self.json.clone()
    }
}

/// Every move from a position, with its outcome, nim-value and remoteness (for
/// the player who moved: `wins` when it leaves a lost position).
pub fn moves(game: &dyn DynGame, position: &str, o: &Options, budget: &Budget) -> Result<MovesReport> {
    let p = game.parse_position(position)?;
    let side = o.partizan(game)?;
    let moves = match side {
        Some((partizan, side)) => partizan_moves(partizan, &p, side, o.play(), budget)?,
        None => game.moves(&p, o.play(), budget)?,
    };
    let moves = distinct(moves);
    // The move in the game's own words (as `play` reads them), None when the
    // game does not name its moves; a partizan move as its mover's.
    let names: Vec<Option<String>> = moves
        .iter()
        .map(|m| match side {
            Some((partizan, side)) => partizan.name_move_first(&p, &m.position, side),
            None => game.name_move(&p, &m.position),
        })
        .collect();
    let json = json!({
        "game": game.name(),
        "position": inline(game, &p),
        "moves": moves.iter().zip(&names).map(|(m, name)| json!({
            "move": name,
            "position": inline(game, &m.position),
            "outcome": m.outcome.as_str(),
            "nimber": optional(m.nimber),
            "remoteness": optional(m.remoteness),
            "wins": m.outcome == Outcome::Lose,
        })).collect::<Vec<_>>(),
    });
    Ok(MovesReport {
        game: game.name(),
        position: p,
        moves,
        names,
        json,
    })
}

/// `side`'s moves from `p`, each with its outcome for the opponent, who moves
/// next: by the memoized search of play where it fits the budget, else (normal
/// play) by the outcome search that [`solve`] falls back to, one search an
/// option: a move wins when the opponent moving first loses the position it
/// leaves. Without it, a position that `solve` answers at once (Domineering
/// 5x5) had no moves to list or play.
pub fn partizan_moves(
    partizan: &dyn DynPartizan,
    p: &DynPosition,
    side: Side,
    play: Play,
    budget: &Budget,
) -> Result<Vec<MoveInfo>> {
    match partizan.moves_first(p, side, play, budget) {
        Err(e) if outcome_searchable(&e, play) => partizan
            .side_options(p, side, budget)?
            .into_iter()
            .map(|q| {
                let outcome = partizan.outcome_first(&q, side.other(), play, budget)?;
                Ok(MoveInfo {
                    position: q,
                    outcome,
                    nimber: None,
                    remoteness: None,
                    remoteness_note: Some(NoRemoteness::TooLarge),
                })
            })
            .collect(),
        moves => Ok(moves?),
    }
}

/// [`partizan_moves`] of a position of [`DynPartizan::played`] (the side to
/// move is part of it), the positions the moves leave as its positions too:
/// what `play` offers and picks from.
pub fn played_moves(
    partizan: &dyn DynPartizan,
    p: &DynPosition,
    play: Play,
    budget: &Budget,
) -> Result<Vec<MoveInfo>> {
    let turned = TurnedPosition::<DynPosition>::decode(p).map_err(Error::Input)?;
    let mut moves = partizan_moves(partizan, &turned.position, turned.side, play, budget)?;
    for m in &mut moves {
        m.position = partizan.with_side(&m.position, turned.side.other())?;
    }
    Ok(moves)
}

/// The memoized search of play ran over its positions or work, under normal
/// play: the outcome search may answer instead (as `DynPartizan::analyze_first`
/// decides for [`solve`]).
fn outcome_searchable(e: &GameError, play: Play) -> bool {
    play == Play::Normal
        && matches!(e, GameError::OverBudget(b)
            if matches!(b.limit, grundy_budget::Limit::Positions | grundy_budget::Limit::Work))
}

/// The moves of `moves` that reach different positions, in their order: two moves
/// that leave the same position (kayles `1,1`: taking either heap leaves `1`) are
/// one row of a table, one entry of a list, one move to pick in `play`.
pub fn distinct(moves: Vec<MoveInfo>) -> Vec<MoveInfo> {
    let mut seen = std::collections::HashSet::new();
    moves
        .into_iter()
        .filter(|m| seen.insert(m.position.clone()))
        .collect()
}

/// A strategy tree: why a position is won, lost or drawn.
#[derive(Clone, Debug)]
pub struct ExplainReport {
    /// The tree: each node's position, outcome, chosen move, rule and replies.
    pub tree: Node,
    json: Value,
}

impl ExplainReport {
    /// `explain --json`.
    pub fn json(&self) -> Value {
        self.json.clone()
    }
}

/// The deepest tree [`explain`] builds.
pub const MAX_DEPTH: usize = 8;

/// The game and position a strategy tree is about: a partizan game is explained
/// on positions that carry the side to move.
pub fn explained<'g>(
    game: &'g dyn DynGame,
    position: &str,
    o: &Options,
) -> Result<(&'g dyn DynGame, DynPosition)> {
    let p = game.parse_position(position)?;
    Ok(match o.partizan(game)? {
        Some((partizan, side)) => (partizan.played(), partizan.with_side(&p, side)?),
        None => (game, p),
    })
}

/// Explain a position as a strategy tree `depth` levels of the winner's moves
/// deep, at most `replies` replies listed under one position.
pub fn explain(
    game: &dyn DynGame,
    position: &str,
    depth: usize,
    replies: usize,
    o: &Options,
    budget: &Budget,
) -> Result<ExplainReport> {
    if depth == 0 || depth > MAX_DEPTH {
        return Err(Error::Input(format!(
            "--depth must be 1 to {MAX_DEPTH}, not {depth}"
        )));
    }
    if replies == 0 {
        return Err(Error::Input("--replies must be at least 1".into()));
    }
    let (game, p) = explained(game, position, o)?;
    let limits = Limits {
        depth,
        max_replies: replies,
    };
    let tree = grundy::explain::explain(game, &p, o.play(), limits, budget)?;
    let mut json = node_json(game, &tree);
    json["game"] = Value::from(game.name());
    Ok(ExplainReport { tree, json })
}

/// One node as JSON: `position`, `outcome`, `move`, `rule`, `replies` (and counts).
fn node_json(game: &dyn DynGame, n: &Node) -> Value {
    json!({
        "position": game.show(&n.position),
        "outcome": n.outcome.as_str(),
        "move": n.chosen.as_ref().map(|m| game.show(m)),
        "remoteness": n.remoteness,
        "rule": n.rule,
        "replies": n.replies.iter().map(|r| node_json(game, r)).collect::<Vec<_>>(),
        "omitted": n.omitted,
    })
}

/// A position's board as data, for a page to draw: `rows` (each a `label` and its
/// `cells`: `glyph`, `owner` `"first"`/`"second"`/null, `last`, `moves`: the
/// names of the moves a click there makes, empty when the page finds them by
/// the cells a move changes), `columns` (the
/// labels under them) and `notes`; null when the game draws no board. Also
/// `position` (POSITION syntax) and `shown` (the game's own one-line text).
pub fn board(game: &dyn DynGame, position: &str) -> Result<Value> {
    let p = game.parse_position(position)?;
    let Some(b) = game.board(&p) else {
        return Ok(json!({"position": p.to_string(), "shown": game.show(&p), "board": null}));
    };
    let clicks = |row: usize, column: usize| -> Vec<&str> {
        b.clicks
            .iter()
            .filter(|c| (c.row, c.column) == (row, column))
            .flat_map(|c| c.moves.iter().map(String::as_str))
            .collect()
    };
    let rows: Vec<Value> = b
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            json!({
                "label": r.label,
                "cells": r.cells.iter().enumerate().map(|(j, c)| json!({
                    "glyph": c.glyph.to_string(),
                    "owner": c.owner.map(|o| match o {
                        grundy::dynamic::Owner::First => "first",
                        grundy::dynamic::Owner::Second => "second",
                    }),
                    "last": c.last,
                    "moves": clicks(i, j),
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    Ok(json!({
        "position": p.to_string(),
        "shown": game.show(&p),
        "board": {"rows": rows, "columns": b.columns, "notes": b.notes},
    }))
}
