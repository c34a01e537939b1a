//! Partizan games behind the run-time seam.
//!
//! A partizan position has no player to move of its own; its *value* does not need
//! one. Questions of play (who wins, in how many moves, with which move) do, so
//! they are asked of the game whose positions are (position, side to move): the
//! ordinary [`Game`] [`Turned`], solved by the same planner as every other game
//! (search with its budget, misère play, remoteness). Seen as a plain
//! [`DynGame`], a partizan game is played with Left moving first; the shell asks
//! [`DynGame::partizan`] for either side.

use std::fmt;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use super::{Dyadic, GameId, Partizan, Side, Universe, ValueCache};
use crate::dynamic::{
    Analysis, Analyze, Board, Builtin, Capabilities, Codec, DynGame, DynPosition, HeapSequence, HeapValue,
    MoveInfo, MoveWord, Period,
};
use crate::{Budget, Game, GameError, Outcome, Play, Task};

/// What the shell asks of a partizan game, for either player moving first.
pub trait DynPartizan: Send + Sync {
    /// `side`'s options of `p`.
    fn side_options(
        &self,
        p: &DynPosition,
        side: Side,
        budget: &Budget,
    ) -> Result<Vec<DynPosition>, GameError>;

    /// The canonical value of `p`, as a game of `into`, within the work left to
    /// `into` ([`Universe::set_work_limit`]), or `budget`'s work of [`Task::Value`]
    /// when it has no limit; the component values the game keeps between calls
    /// are bounded by `budget`'s positions, its universe by its memory.
    fn value(&self, p: &DynPosition, into: &mut Universe, budget: &Budget) -> Result<GameId, GameError>;

    /// Outcome for `first` moving first, remoteness and `first`'s winning moves:
    /// by the memoized search of play when it fits the budget, else (normal play)
    /// by the outcome search ([`super::OutcomeSearch`]: the outcome and one
    /// winning move, and its method, which begins [`super::outcome::OUTCOME_SEARCH`]).
    fn analyze_first(
        &self,
        p: &DynPosition,
        first: Side,
        play: Play,
        budget: &Budget,
    ) -> Result<Analysis, GameError>;

    /// Whether `first` moving first wins (the outcome alone), by the same plan
    /// as [`DynPartizan::analyze_first`].
    fn outcome_first(
        &self,
        p: &DynPosition,
        first: Side,
        play: Play,
        budget: &Budget,
    ) -> Result<Outcome, GameError>;

    /// The value of a loopy game's position (see [`Partizan::loopy`]; a game whose
    /// [`DynPartizan::value`] failed with [`GameError::Loopy`]): a stopper (`on`,
    /// `over`, `a{0|a}`), a sided value (`1 & 0`) or a short game, from the graph
    /// of every position reachable within `budget`.
    fn loopy_value(&self, p: &DynPosition, budget: &Budget) -> Result<grundy_cgt::loopy::Loopy, GameError>;

    /// Whether the game is known to be loopy: declared so, or a search met a
    /// position again on its own path.
    fn is_loopy(&self) -> bool;

    /// The game of play, whose positions carry the side to move (`L:` or `R:`
    /// before the position): what `play` and `explain` walk through.
    fn played(&self) -> &dyn DynGame;

    /// `p` with `side` to move, as a position of [`DynPartizan::played`].
    fn with_side(&self, p: &DynPosition, side: Side) -> Result<DynPosition, GameError>;

    /// `side`'s move from `p` to `to` in the game's own words (see
    /// [`DynGame::name_move`], which names Left's).
    fn name_move_first(&self, p: &DynPosition, to: &DynPosition, side: Side) -> Option<String>;

    /// Every option of `side` with its outcome for the opponent, who moves next.
    fn moves_first(
        &self,
        p: &DynPosition,
        side: Side,
        play: Play,
        budget: &Budget,
    ) -> Result<Vec<MoveInfo>, GameError>;

    /// `p` as a board for the family's outcome search split into tasks across
    /// processes ([`Partizan::dist_board`]): `None` when it has none.
    fn dist_board(&self, p: &DynPosition) -> Option<super::DistBoard>;

    /// The position of `p`'s board with the empty cells `empty`
    /// ([`Partizan::dist_position`]).
    fn dist_position(&self, p: &DynPosition, empty: u128) -> Option<DynPosition>;

    /// The family's own outcome search as it stands after the last call
    /// (finished, or stopped by the budget), as bytes to carry on from in a
    /// later run: `None` when the game has no such search or none was made.
    fn outcome_checkpoint(&self) -> Option<Vec<u8>>;

    /// The next outcome search of `p` carries on from `bytes`, made by
    /// [`DynPartizan::outcome_checkpoint`] of the same game and position; the
    /// error says what does not fit.
    fn resume_outcome(&self, p: &DynPosition, bytes: &[u8], budget: &Budget) -> Result<(), String>;

    /// The family's endgame database of regions of at most `cells` cells (see
    /// [`Partizan::region_table`]); `None` when it has none.
    fn region_table(
        &self,
        cells: usize,
        budget: &Budget,
    ) -> Option<Result<super::RegionTableBuilt, GameError>>;

    /// This game (its name kept) looking its regions up in `bytes` (see
    /// [`Partizan::with_region_table`]); `None` when the family has no such tables.
    fn with_region_table(&self, bytes: &[u8]) -> Option<Result<Box<dyn DynGame>, String>>;
}

/// A position with the side to move: what play is about.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TurnedPosition<P> {
    /// The position.
    pub position: P,
    /// Who moves.
    pub side: Side,
}

impl<P: Codec> Codec for TurnedPosition<P> {
    fn encode(&self) -> DynPosition {
        let tag = match self.side {
            Side::Left => 'L',
            Side::Right => 'R',
        };
        DynPosition::Text(format!("{tag}:{}", self.position.encode()))
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        let text = p.to_string();
        let (tag, rest) = text
            .split_once(':')
            .ok_or_else(|| format!("'{text}' names no side to move (L: or R:)"))?;
        let side = match tag {
            "L" => Side::Left,
            "R" => Side::Right,
            _ => return Err(format!("'{tag}' is not a side (L or R)")),
        };
        // An empty position (a game that ends in the empty string) is text too.
        let inner = if rest.is_empty() {
            DynPosition::Text(String::new())
        } else {
            DynPosition::parse(rest)?
        };
        Ok(TurnedPosition {
            position: P::decode(&inner)?,
            side,
        })
    }
}

/// The ordinary game of a partizan game: positions carry the side to move, and
/// a player with no move loses (normal play; [`crate::Misere`] for misère).
pub struct Turned<G> {
    game: Arc<G>,
    name: String,
}

impl<G> Analyze for Turned<G>
where
    G: Partizan + Send + Sync,
    G::Position: Codec,
{
    fn name(&self) -> String {
        self.name.clone()
    }
    fn within(&self, budget: &Budget) -> Option<Self> {
        Some(Turned {
            game: Arc::new(self.game.within(budget)?),
            name: self.name.clone(),
        })
    }
    fn impartial(&self) -> bool {
        false
    }
    fn nim_value(&self, _p: &TurnedPosition<G::Position>, _limit: usize) -> Option<Result<u64, GameError>> {
        None
    }
    fn search_size(&self, p: &TurnedPosition<G::Position>) -> Option<u128> {
        self.game.search_size(&p.position)
    }
    /// An integer value decides normal play: the side to move wins when the value
    /// is in its favour (positive for Left, negative for Right), and a winning move
    /// is one to an option whose value the opponent, then to move, cannot win.
    fn closed_form(
        &self,
        p: &TurnedPosition<G::Position>,
        play: Play,
    ) -> Option<crate::dynamic::ClosedForm<TurnedPosition<G::Position>>> {
        let (outcome, _) = self.closed_outcome(p, play)?;
        let mut options = Vec::new();
        self.options(p, &mut options).ok()?;
        let mut winning_moves = Vec::new();
        for o in options {
            if self.closed_outcome(&o, play)?.0 == Outcome::Lose {
                winning_moves.push(o);
            }
        }
        Some(crate::dynamic::ClosedForm {
            outcome,
            remoteness: None,
            winning_moves,
            winning_moves_note: None,
            rule: "the position's value by a formula, a number plus a nimber (a sum of its pieces' values): the number's sign, or for 0 whether the nimber is 0"
                .into(),
        })
    }
    fn closed_outcome(&self, p: &TurnedPosition<G::Position>, play: Play) -> Option<(Outcome, Option<u64>)> {
        if play != Play::Normal {
            return None;
        }
        let (x, m) = self.game.number_nimber_value(&p.position)?;
        // x + *m: a number decides when nonzero; otherwise the nimber does (the
        // player to move wins exactly when it is not 0).
        let ahead = match (p.side, x.cmp(&Dyadic::ZERO)) {
            (Side::Left, std::cmp::Ordering::Greater) | (Side::Right, std::cmp::Ordering::Less) => true,
            (_, std::cmp::Ordering::Equal) => m != 0,
            _ => false,
        };
        Some((if ahead { Outcome::Win } else { Outcome::Lose }, None))
    }
    /// The symmetry key keeps each player's role, so the keyed position plays exactly
    /// like `p`: the search meets each class once. For Cutcake (pieces in any order)
    /// this is the difference between 10^4 positions from a 5x5 cake and more than
    /// the search limit.
    fn canonical(&self, p: &TurnedPosition<G::Position>) -> Option<TurnedPosition<G::Position>> {
        Some(TurnedPosition {
            position: self.game.symmetry_key(&p.position),
            side: p.side,
        })
    }
    /// The position in POSITION syntax and who moves: one line, for transcripts.
    fn show(&self, p: &TurnedPosition<G::Position>) -> Option<String> {
        Some(format!("{} ({} to move)", p.position.encode(), p.side))
    }
    fn board(&self, p: &TurnedPosition<G::Position>) -> Option<Board> {
        let board = self.game.board(&p.position)?;
        Some(board.note(format!("{} to move", p.side)))
    }
    /// The inner game's word, for the side to move; the positions carry the side
    /// that moves next.
    fn read_move(&self, p: &TurnedPosition<G::Position>, word: &str) -> MoveWord {
        match self.game.read_move(&p.position, p.side, word) {
            MoveWord::Moves(found) => MoveWord::Moves(
                found
                    .iter()
                    .filter_map(|q| G::Position::decode(q).ok())
                    .map(|position| {
                        TurnedPosition {
                            position,
                            side: p.side.other(),
                        }
                        .encode()
                    })
                    .collect(),
            ),
            other => other,
        }
    }
    fn name_move(
        &self,
        from: &TurnedPosition<G::Position>,
        to: &TurnedPosition<G::Position>,
    ) -> Option<String> {
        self.game.name_move(&from.position, &to.position, from.side)
    }
}

impl<G: Partizan> Game for Turned<G> {
    type Position = TurnedPosition<G::Position>;
    fn options(&self, p: &Self::Position, out: &mut Vec<Self::Position>) -> Result<(), GameError> {
        let mut raw = Vec::new();
        self.game.options(&p.position, p.side, &mut raw)?;
        out.extend(raw.into_iter().map(|position| TurnedPosition {
            position,
            side: p.side.other(),
        }));
        Ok(())
    }
}

/// A partizan game behind the seam; see [`super::from_partizan`].
pub struct PartizanGame<G: Partizan> {
    name: String,
    game: Arc<G>,
    play: Builtin<Turned<G>>,
    /// Made on the first value asked for: play alone needs no values.
    cache: Mutex<Option<ValueCache<G::Position>>>,
    /// The family's own outcome search between calls (the second player's
    /// search of a board shares the first one's table).
    outcome_state: Mutex<super::SearchState>,
    /// Declared loopy, or found so: every question then goes to
    /// [`super::loopy`].
    loopy: AtomicBool,
}

impl<G> PartizanGame<G>
where
    G: Partizan + Send + Sync + 'static,
    G::Position: Codec + Send,
{
    /// Wrap `game` under `name`.
    pub fn new(name: impl Into<String>, game: G) -> PartizanGame<G> {
        let name = name.into();
        let game = Arc::new(game);
        PartizanGame {
            play: Builtin::new(Turned {
                game: Arc::clone(&game),
                name: name.clone(),
            }),
            name,
            cache: Mutex::new(None),
            outcome_state: Mutex::new(None),
            loopy: AtomicBool::new(game.loopy()),
            game,
        }
    }

    fn decode(&self, p: &DynPosition) -> Result<G::Position, GameError> {
        G::Position::decode(p).map_err(|m| GameError::position(&self.name, p.to_string(), m))
    }

    fn turned(&self, p: &DynPosition, side: Side) -> Result<DynPosition, GameError> {
        Ok(TurnedPosition {
            position: self.decode(p)?,
            side,
        }
        .encode())
    }

    /// The game as it runs within `budget` (see [`Partizan::within`]).
    fn game_within(&self, budget: &Budget) -> Arc<G> {
        self.game
            .within(budget)
            .map_or_else(|| Arc::clone(&self.game), Arc::new)
    }

    fn unturned(&self, p: &DynPosition) -> Result<DynPosition, GameError> {
        TurnedPosition::<G::Position>::decode(p)
            .map(|t| t.position.encode())
            .map_err(GameError::Rule)
    }
}

/// The memoized search ran out of positions or work, and the outcome search
/// (normal play only) may answer instead.
fn searchable(e: &GameError, play: Play) -> bool {
    play == Play::Normal
        && matches!(e, GameError::OverBudget(b)
            if matches!(b.limit, grundy_budget::Limit::Positions | grundy_budget::Limit::Work))
}

impl<G> PartizanGame<G>
where
    G: Partizan + Send + Sync + 'static,
    G::Position: Codec + Send,
{
    /// The kept outcome search. A poisoned lock only means an earlier search
    /// panicked: start afresh.
    fn outcome_state(&self) -> std::sync::MutexGuard<'_, super::SearchState> {
        self.outcome_state.lock().unwrap_or_else(|e| {
            let mut guard = e.into_inner();
            *guard = None;
            guard
        })
    }

    /// The outcome search's answer as an analysis (a winning move when `with_move`).
    fn outcome_search(
        &self,
        p: &DynPosition,
        first: Side,
        with_move: bool,
        budget: &Budget,
    ) -> Result<Analysis, GameError> {
        let native = self.decode(p)?;
        let mut state = self.outcome_state();
        let game = self.game_within(budget);
        let answer = super::solve_outcome(&*game, &native, first, with_move, budget, &mut state)?;
        let (wins, winning_move, stats) = (answer.solved.wins, answer.solved.winning_move, answer.stats);
        Ok(Analysis::of_outcome_search(
            wins,
            winning_move.as_ref().map(Codec::encode),
            format!("{} ({} nodes)", answer.method, stats.nodes),
        ))
    }
}

impl<G> PartizanGame<G>
where
    G: Partizan + Send + Sync + 'static,
    G::Position: Codec + Send,
{
    fn found_loopy(&self) {
        self.loopy.store(true, Ordering::Relaxed);
    }

    /// `answer`, unless it found the game loopy (the outcome search meets a
    /// position again on its path): then the graph's, `loopy`.
    fn unless_loopy<T>(
        &self,
        answer: Result<T, GameError>,
        loopy: impl FnOnce() -> Result<T, GameError>,
    ) -> Result<T, GameError> {
        match answer {
            Err(GameError::Loopy(_)) => {
                self.found_loopy();
                loopy()
            }
            answer => answer,
        }
    }

    /// The graph of every position reachable from `p`, `p` its node 0.
    fn loopy_graph(
        &self,
        p: &DynPosition,
        budget: &Budget,
    ) -> Result<(Vec<G::Position>, super::loopy::Graph), GameError> {
        let native = self.decode(p)?;
        super::loopy::reachable_graph(&*self.game_within(budget), &native, budget)
    }

    /// `first`'s outcome from `p` (node 0 of `graph`), its remoteness and
    /// winning moves, by retrograde analysis.
    fn loopy_analysis(
        &self,
        positions: &[G::Position],
        graph: &super::loopy::Graph,
        solved: &super::loopy::Solution,
        node: usize,
        first: Side,
    ) -> Analysis {
        let outcome = solved.outcome(node, first);
        let remoteness = solved.remoteness(node, first).map(u64::from);
        let options = match first {
            Side::Left => &graph.left[node],
            Side::Right => &graph.right[node],
        };
        let winning_moves = options
            .iter()
            .filter(|&&q| solved.outcome(q, first.other()) == Outcome::Lose)
            .map(|&q| positions[q].encode())
            .collect();
        Analysis {
            outcome,
            remoteness,
            remoteness_note: remoteness
                .is_none()
                .then_some(crate::dynamic::NoRemoteness::NoEnd),
            nimber: None,
            winning_moves,
            winning_moves_note: None,
            method: format!(
                "retrograde analysis of the {} positions reachable (play loops: infinite play is a draw)",
                positions.len()
            ),
        }
    }

    fn loopy_analyze(
        &self,
        p: &DynPosition,
        first: Side,
        play: Play,
        budget: &Budget,
    ) -> Result<Analysis, GameError> {
        let (positions, graph) = self.loopy_graph(p, budget)?;
        let solved = super::loopy::solve(&graph, play);
        Ok(self.loopy_analysis(&positions, &graph, &solved, 0, first))
    }

    fn loopy_moves(
        &self,
        p: &DynPosition,
        side: Side,
        play: Play,
        budget: &Budget,
    ) -> Result<Vec<MoveInfo>, GameError> {
        let (positions, graph) = self.loopy_graph(p, budget)?;
        let solved = super::loopy::solve(&graph, play);
        let options = match side {
            Side::Left => &graph.left[0],
            Side::Right => &graph.right[0],
        };
        Ok(options
            .iter()
            .map(|&q| {
                let remoteness = solved.remoteness(q, side.other()).map(u64::from);
                MoveInfo {
                    position: positions[q].encode(),
                    outcome: solved.outcome(q, side.other()),
                    nimber: None,
                    remoteness,
                    remoteness_note: remoteness
                        .is_none()
                        .then_some(crate::dynamic::NoRemoteness::NoEnd),
                }
            })
            .collect())
    }
}

impl<G> DynPartizan for PartizanGame<G>
where
    G: Partizan + Send + Sync + 'static,
    G::Position: Codec + Send,
{
    fn outcome_checkpoint(&self) -> Option<Vec<u8>> {
        self.game.outcome_checkpoint(&self.outcome_state())
    }

    fn dist_board(&self, p: &DynPosition) -> Option<super::DistBoard> {
        self.game.dist_board(&self.decode(p).ok()?)
    }

    fn dist_position(&self, p: &DynPosition, empty: u128) -> Option<DynPosition> {
        let q = self.game.dist_position(&self.decode(p).ok()?, empty)?;
        Some(q.encode())
    }

    fn resume_outcome(&self, p: &DynPosition, bytes: &[u8], budget: &Budget) -> Result<(), String> {
        let native = self.decode(p).map_err(|e| e.to_string())?;
        self.game
            .resume_outcome_search(&native, bytes, budget, &mut self.outcome_state())
    }

    fn region_table(
        &self,
        cells: usize,
        budget: &Budget,
    ) -> Option<Result<super::RegionTableBuilt, GameError>> {
        self.game.region_table(cells, budget)
    }

    fn with_region_table(&self, bytes: &[u8]) -> Option<Result<Box<dyn DynGame>, String>> {
        let game = self.game.with_region_table(bytes)?;
        Some(game.map(|g| Box::new(PartizanGame::new(self.name.clone(), g)) as Box<dyn DynGame>))
    }

    fn side_options(
        &self,
        p: &DynPosition,
        side: Side,
        budget: &Budget,
    ) -> Result<Vec<DynPosition>, GameError> {
        let native = self.decode(p)?;
        let mut out = Vec::new();
        self.game_within(budget).options(&native, side, &mut out)?;
        Ok(out.iter().map(Codec::encode).collect())
    }

    fn value(&self, p: &DynPosition, into: &mut Universe, budget: &Budget) -> Result<GameId, GameError> {
        let native = self.decode(p)?;
        if self.is_loopy() {
            return Err(GameError::Loopy(p.to_string()));
        }
        // A poisoned lock only means an earlier call panicked mid-way; the memo
        // holds finished values only, so it is still sound.
        let mut guard = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        // The memo persists across calls: the positions of the first call's
        // budget bound its memory.
        let cache = guard.get_or_insert_with(|| ValueCache::new(budget.positions_usize(Task::Value)));
        cache.universe.set_budget(budget);
        // The caller's limit when it set one (`--max-work`), else the default.
        let steps = into
            .work_limit()
            .map_or(budget.work(Task::Value), |_| into.work_left());
        cache.limit_work(steps);
        let v = self.game_within(budget).value(&native, cache);
        cache.check_work()?;
        match v {
            Err(GameError::Loopy(_)) => {
                self.found_loopy();
                Err(GameError::Loopy(p.to_string()))
            }
            v => Ok(into.import(&cache.universe, v?)),
        }
    }

    fn loopy_value(&self, p: &DynPosition, budget: &Budget) -> Result<grundy_cgt::loopy::Loopy, GameError> {
        let (_, graph) = self.loopy_graph(p, budget)?;
        super::loopy::value(&graph, 0, budget)
    }

    fn is_loopy(&self) -> bool {
        self.loopy.load(Ordering::Relaxed)
    }

    fn played(&self) -> &dyn DynGame {
        &self.play
    }

    fn with_side(&self, p: &DynPosition, side: Side) -> Result<DynPosition, GameError> {
        self.turned(p, side)
    }

    fn analyze_first(
        &self,
        p: &DynPosition,
        first: Side,
        play: Play,
        budget: &Budget,
    ) -> Result<Analysis, GameError> {
        if self.is_loopy() {
            return self.loopy_analyze(p, first, play, budget);
        }
        let mut a = match self.play.analyze(&self.turned(p, first)?, play, budget) {
            Err(e) if searchable(&e, play) => {
                let searched = self.outcome_search(p, first, true, budget);
                return self.unless_loopy(searched, || self.loopy_analyze(p, first, play, budget));
            }
            a => a?,
        };
        // The search met a position again on its path: the game loops, and its
        // every question goes to the graph from now on.
        if a.method == crate::dynamic::Step::Retrograde.describe() {
            self.found_loopy();
            return self.loopy_analyze(p, first, play, budget);
        }
        a.winning_moves = a
            .winning_moves
            .iter()
            .map(|m| self.unturned(m))
            .collect::<Result<_, _>>()?;
        Ok(a)
    }

    fn name_move_first(&self, p: &DynPosition, to: &DynPosition, side: Side) -> Option<String> {
        let (from, to) = (self.decode(p).ok()?, self.decode(to).ok()?);
        self.game.name_move(&from, &to, side)
    }

    fn outcome_first(
        &self,
        p: &DynPosition,
        first: Side,
        play: Play,
        budget: &Budget,
    ) -> Result<Outcome, GameError> {
        if self.is_loopy() {
            return Ok(self.loopy_analyze(p, first, play, budget)?.outcome);
        }
        match self.play.outcome(&self.turned(p, first)?, play, budget) {
            Err(e) if searchable(&e, play) => {
                let searched = self.outcome_search(p, first, false, budget);
                Ok(self
                    .unless_loopy(searched, || self.loopy_analyze(p, first, play, budget))?
                    .outcome)
            }
            o => o,
        }
    }

    fn moves_first(
        &self,
        p: &DynPosition,
        side: Side,
        play: Play,
        budget: &Budget,
    ) -> Result<Vec<MoveInfo>, GameError> {
        if self.is_loopy() {
            return self.loopy_moves(p, side, play, budget);
        }
        let mut moves = self.play.moves(&self.turned(p, side)?, play, budget)?;
        for m in &mut moves {
            m.position = self.unturned(&m.position)?;
        }
        Ok(moves)
    }
}

impl<G> DynGame for PartizanGame<G>
where
    G: Partizan + Send + Sync + 'static,
    G::Position: Codec + Send,
{
    fn name(&self) -> String {
        self.name.clone()
    }
    fn is_impartial(&self) -> bool {
        false
    }
    fn start(&self) -> Option<DynPosition> {
        self.game.start().map(|s| s.encode())
    }
    fn check(&self, p: &DynPosition) -> Result<(), GameError> {
        self.decode(p).map(|_| ())
    }
    fn show(&self, p: &DynPosition) -> String {
        G::Position::decode(p)
            .ok()
            .and_then(|native| self.game.show(&native))
            .unwrap_or_else(|| p.to_string())
    }
    fn board(&self, p: &DynPosition) -> Option<Board> {
        self.game.board(&self.decode(p).ok()?)
    }
    fn read_move(&self, p: &DynPosition, word: &str) -> MoveWord {
        match self.decode(p) {
            Ok(native) => self.game.read_move(&native, Side::Left, word),
            Err(_) => MoveWord::NotAWord,
        }
    }
    fn name_move(&self, from: &DynPosition, to: &DynPosition) -> Option<String> {
        let (from, to) = (self.decode(from).ok()?, self.decode(to).ok()?);
        self.game.name_move(&from, &to, Side::Left)
    }
    fn options(&self, p: &DynPosition, budget: &Budget) -> Result<Vec<DynPosition>, GameError> {
        self.side_options(p, Side::Left, budget)
    }
    fn analyze(&self, p: &DynPosition, play: Play, budget: &Budget) -> Result<Analysis, GameError> {
        self.analyze_first(p, Side::Left, play, budget)
    }
    fn outcome(&self, p: &DynPosition, play: Play, budget: &Budget) -> Result<Outcome, GameError> {
        if self.is_loopy() {
            return Ok(self.loopy_analyze(p, Side::Left, play, budget)?.outcome);
        }
        self.play.outcome(&self.turned(p, Side::Left)?, play, budget)
    }
    fn period(&self, _budget: &Budget) -> Option<Result<Option<Period>, GameError>> {
        None
    }
    fn moves(&self, p: &DynPosition, play: Play, budget: &Budget) -> Result<Vec<MoveInfo>, GameError> {
        self.moves_first(p, Side::Left, play, budget)
    }
    fn heap_values(&self, _from: u64, _to: u64, _budget: &Budget) -> Result<Vec<HeapValue>, GameError> {
        Err(crate::dynamic::not_a_heap_game(&self.name))
    }
    fn heap_sequence(&self) -> Option<HeapSequence> {
        None
    }
    fn capabilities(&self) -> Capabilities {
        Capabilities::default()
    }
    fn partizan(&self) -> Option<&dyn DynPartizan> {
        Some(self)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn numbering(&self) -> crate::dynamic::Numbering<'_> {
        crate::dynamic::Numbering::None
    }
    fn set_heap_method(&mut self, _method: grundy_octal::Method) {}
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Left => "Left",
            Side::Right => "Right",
        })
    }
}
