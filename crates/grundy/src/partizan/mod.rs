//! Partizan games: Left and Right have different moves, and a position's value is a
//! game in canonical form (from [`grundy_cgt`]), not a nim-value.
//!
//! A game implements [`Partizan`] (each side's options, and optionally how a
//! position splits into independent components and which positions are the same by
//! symmetry); [`canonical_value`] computes the value of any position, adding the
//! values of components and sharing a memo keyed by the symmetry key.

use std::fmt::Debug;
use std::hash::Hash;

use rustc_hash::FxHashMap;

pub use grundy_cgt::{Dyadic, GameId, OutcomeClass, Thermograph, Universe, Wall};

use crate::GameError;

pub(crate) mod buckets;
pub mod loopy;
pub mod outcome;
mod seam;

pub use outcome::{solve_outcome, Answer, DistBoard, MoveBounds, OutcomeSearch, SearchState};
pub use seam::{DynPartizan, PartizanGame, Turned, TurnedPosition};

/// The two players of a partizan game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Left (Blue, vertical dominoes, toads).
    Left,
    /// Right (Red, horizontal dominoes, frogs).
    Right,
}

impl Side {
    /// The opponent.
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

/// A short partizan game: each side's options of a position.
pub trait Partizan {
    /// A position (without the player to move: values do not depend on it).
    type Position: Clone + Eq + Hash + Debug;

    /// Push `side`'s options of `p` onto `out` (which the caller cleared).
    fn options(&self, p: &Self::Position, side: Side, out: &mut Vec<Self::Position>)
        -> Result<(), GameError>;

    /// The game as it runs within one call's `budget` (see
    /// [`crate::dynamic::Analyze::within`]): a script's calls look at its flag.
    /// `None`: the game keeps no limit of its own.
    fn within(&self, _budget: &crate::Budget) -> Option<Self>
    where
        Self: Sized,
    {
        None
    }

    /// Split a position into independent components, whose values add (the
    /// connected regions of a board, say). The default: one component.
    fn components(&self, p: &Self::Position, out: &mut Vec<Self::Position>) {
        out.push(p.clone());
    }

    /// A representative of the positions equal to `p` by a symmetry that keeps
    /// each player's role (a reflection of a Domineering region, say), so that the
    /// memo shares them. The default: `p` itself.
    fn symmetry_key(&self, p: &Self::Position) -> Self::Position {
        p.clone()
    }

    /// The natural starting position (an empty board), if the game has one.
    fn start(&self) -> Option<Self::Position> {
        None
    }

    /// The position for people (a drawn board), when it differs from its text.
    fn show(&self, _p: &Self::Position) -> Option<String> {
        None
    }

    /// The position drawn as a grid with coordinates, for a board game.
    fn board(&self, _p: &Self::Position) -> Option<crate::dynamic::Board> {
        None
    }

    /// A move of `side` typed in the game's own words (a cell, say): the positions
    /// it may leave, encoded (see [`crate::dynamic::DynGame::read_move`]).
    fn read_move(&self, _p: &Self::Position, _side: Side, _word: &str) -> crate::dynamic::MoveWord {
        crate::dynamic::MoveWord::NotAWord
    }

    /// `side`'s move from `from` to `to` in the game's own words.
    fn name_move(&self, _from: &Self::Position, _to: &Self::Position, _side: Side) -> Option<String> {
        None
    }

    /// The value of `p` when a formula gives it as an integer (Cutcake): who wins
    /// is then its sign, with no search (Left moving first wins when it is
    /// positive, Right when it is negative, the second player when it is 0). The
    /// default: `None`, no formula.
    fn integer_value(&self, _p: &Self::Position) -> Option<i64> {
        None
    }

    /// The value of `p` when a formula gives it as a number plus a nimber, x + *m
    /// (green Hackenbush's nim-heaps, blue-red strings by Berlekamp's rule): who
    /// wins is then decided with no search (Left whoever starts when x > 0, Right
    /// when x < 0, and for x = 0 the first player when m != 0, else the second).
    /// The default: [`Partizan::integer_value`] with no nimber.
    fn number_nimber_value(&self, p: &Self::Position) -> Option<(Dyadic, u64)> {
        self.integer_value(p).map(|v| (Dyadic::integer(v), 0))
    }

    /// An upper bound on the positions (with either side to move) a search of
    /// play from `p` visits, so that the planner refuses a search out of reach at
    /// once instead of at the position limit. The default: `None`, unknown.
    fn search_size(&self, _p: &Self::Position) -> Option<u128> {
        None
    }

    /// How big a component is (its empty cells, say), for the outcome search
    /// ([`outcome::OutcomeSearch`]) to decide which components to value exactly
    /// and which to play out. The default: `None`, unknown (the search then tries
    /// a value within a small work limit).
    fn size(&self, _p: &Self::Position) -> Option<usize> {
        None
    }

    /// What `side` can surely do in `p` and at most, in moves (see
    /// [`MoveBounds`]): knowledge that lets the outcome search stop when one
    /// player's safe moves outlast everything the other can do (Domineering's
    /// safe moves). The default: `None`, nothing known.
    fn move_bounds(&self, _p: &Self::Position, _side: Side) -> Option<MoveBounds> {
        None
    }

    /// How promising `side`'s move from `p` to `q` looks, higher first: the
    /// outcome search's move ordering. The default: `None`, and the search
    /// orders by the opponent's mobility after the move.
    fn move_score(&self, _p: &Self::Position, _side: Side, _q: &Self::Position) -> Option<i64> {
        None
    }

    /// This family's own outcome search, when it has one faster than the
    /// generic [`OutcomeSearch`] for `p` (Domineering's, on bitboards): whether
    /// `side` moving first wins, a winning move when `with_move`, its counters
    /// and its name, within `budget`. `state` is the search's to keep between
    /// calls on one game (its table, say, so that the other player's search
    /// of the same board finds what the first one learned). [`outcome::solve_outcome`]
    /// asks it first. The default: `None`, the generic search answers.
    fn own_outcome_search(
        &self,
        _p: &Self::Position,
        _side: Side,
        _with_move: bool,
        _budget: &crate::Budget,
        _state: &mut outcome::SearchState,
    ) -> Option<Result<outcome::Answer<Self::Position>, GameError>> {
        None
    }

    /// `p` as a board for the family's outcome search split into tasks across
    /// processes (`grundy_dist::outcome`, Domineering's search), when the
    /// family has that search; the default: `None`.
    fn dist_board(&self, _p: &Self::Position) -> Option<DistBoard> {
        None
    }

    /// The position of `p`'s board with the empty cells `empty` (a move that
    /// search answers with); the default: `None`.
    fn dist_position(&self, _p: &Self::Position, _empty: u128) -> Option<Self::Position> {
        None
    }

    /// The family's own outcome search kept in `state` (by
    /// [`Partizan::own_outcome_search`]) as bytes that a later run carries on
    /// from ([`Partizan::resume_outcome_search`]): a checkpoint of a long
    /// search. The default: `None`, no checkpoints.
    fn outcome_checkpoint(&self, _state: &outcome::SearchState) -> Option<Vec<u8>> {
        None
    }

    /// Make `state` the search of `p` saved in `bytes` by
    /// [`Partizan::outcome_checkpoint`], within `budget`; the error says what
    /// does not fit (another board, damaged bytes). The default: no
    /// checkpoints.
    fn resume_outcome_search(
        &self,
        _p: &Self::Position,
        _bytes: &[u8],
        _budget: &crate::Budget,
        _state: &mut outcome::SearchState,
    ) -> Result<(), String> {
        Err("this game's outcome search does not resume from a checkpoint".into())
    }

    /// The family's endgame database: the values of every region (component)
    /// of at most `cells` cells, built within `budget`, as bytes for
    /// [`Partizan::with_region_table`] (Domineering's
    /// [`crate::games::RegionTable`]). The default: `None`, the family has none.
    fn region_table(
        &self,
        _cells: usize,
        _budget: &crate::Budget,
    ) -> Option<Result<RegionTableBuilt, GameError>> {
        None
    }

    /// This game looking the values of its regions up in `bytes`, made by
    /// [`Partizan::region_table`], before computing them; the error says what
    /// is wrong with the bytes. The default: `None`, the family has no such tables.
    fn with_region_table(&self, _bytes: &[u8]) -> Option<Result<Self, String>>
    where
        Self: Sized,
    {
        None
    }

    /// Whether positions of this game may repeat along a line of play (a piece
    /// that moves back): its questions are then answered from the graph of every
    /// position reachable ([`loopy`]), with draws, and its value is a loopy one.
    /// The default: `false`, the game is short, unless a search meets a position
    /// again on its own path (a script's loop), which is found then.
    fn loopy(&self) -> bool {
        false
    }

    /// The canonical value of `p`. The default is [`canonical_value`]; a game with
    /// a faster way (its own transposition table keyed by region shape, using
    /// [`ValueCache::get`] and [`ValueCache::insert`]) overrides it.
    fn value(&self, p: &Self::Position, cache: &mut ValueCache<Self::Position>) -> Result<GameId, GameError> {
        canonical_value(self, p, cache)
    }
}

/// The universe of values and the memo of a game's positions.
pub struct ValueCache<P> {
    /// Where the values live.
    pub universe: Universe,
    memo: FxHashMap<P, GameId>,
    /// The memo of a game whose positions pack into cells and a shape (see
    /// [`ValueCache::get_packed`]).
    packed: grundy_cgt::PackedMemo,
    /// The components whose values are being computed: one met again is a loop.
    on_path: rustc_hash::FxHashSet<P>,
    /// Component values that may still be computed.
    budget: usize,
    limit: usize,
}

impl<P: Clone + Eq + Hash> ValueCache<P> {
    /// An empty cache that computes at most `budget` new component values.
    pub fn new(budget: usize) -> ValueCache<P> {
        ValueCache {
            universe: Universe::new(),
            memo: FxHashMap::default(),
            packed: grundy_cgt::PackedMemo::default(),
            on_path: rustc_hash::FxHashSet::default(),
            budget,
            limit: budget,
        }
    }

    /// Components whose value is known.
    pub fn len(&self) -> usize {
        self.memo.len() + self.packed.len()
    }

    /// The memoized value of a key.
    pub fn get(&self, key: &P) -> Option<GameId> {
        self.memo.get(key).copied()
    }

    /// Memoize a value. Ignored once the universe ran out of work (its values
    /// since are meaningless; see [`Universe::set_work_limit`]).
    pub fn insert(&mut self, key: P, value: GameId) {
        if !self.universe.work_exhausted() {
            self.memo.insert(key, value);
        }
    }

    /// The memoized value of a position packed as 64 bits of cells and 16 of
    /// shape, kept apart from [`ValueCache::get`]'s: a game whose positions pack
    /// so (Domineering's regions) finds them faster, in a table of its own in
    /// huge pages ([`grundy_cgt::PackedMemo`]).
    pub fn get_packed(&self, cells: u64, shape: u16) -> Option<GameId> {
        self.packed.get(cells, shape)
    }

    /// Reads where the packed positions would be (see
    /// [`grundy_cgt::PackedMemo::touch`]): their lookups that follow are
    /// faster, when the memo is larger than the caches.
    pub fn touch_packed(&self, keys: impl IntoIterator<Item = (u64, u16)>) {
        self.packed.touch(keys);
    }

    /// Memoize the value of a packed position (see [`ValueCache::get_packed`]),
    /// as [`ValueCache::insert`] does.
    pub fn insert_packed(&mut self, cells: u64, shape: u16, value: GameId) {
        if !self.universe.work_exhausted() {
            self.packed.insert(cells, shape, value);
        }
    }

    /// Starts a new query: at most `steps` steps of work in the universe
    /// ([`Universe::set_work_limit`]), whatever earlier queries spent.
    pub fn limit_work(&mut self, steps: u64) {
        self.universe.set_work_limit(Some(steps));
    }

    /// Charges one step of work (a lookup of a position, say) to the universe's
    /// limit; the error when it is spent.
    pub fn step(&mut self) -> Result<(), GameError> {
        if self.universe.spend(1) {
            Ok(())
        } else {
            Err(out_of_work(&self.universe))
        }
    }

    /// The error when the universe ran out of work.
    pub fn check_work(&self) -> Result<(), GameError> {
        if self.universe.work_exhausted() {
            return Err(out_of_work(&self.universe));
        }
        Ok(())
    }

    /// Count one more value computed; the error when the budget (of values, or of
    /// the universe's work) is spent.
    pub fn charge(&mut self) -> Result<(), GameError> {
        self.check_work()?;
        if self.budget == 0 {
            return Err(GameError::too_many_positions("the canonical value", self.limit));
        }
        self.budget -= 1;
        let done = self.limit - self.budget;
        if self.limit != usize::MAX && done.is_multiple_of(crate::solve::progress::REPORT_EVERY) {
            // The shell's spinner: values computed of at most the limit (a cache
            // without one, inside another search, leaves the count to that search).
            crate::solve::progress::report(done as u64, self.limit as u64);
        }
        Ok(())
    }

    /// True when nothing is memoized yet.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty() && self.packed.is_empty()
    }
}

/// An endgame database of regions as [`Partizan::region_table`] built it.
#[derive(Clone, Debug)]
pub struct RegionTableBuilt {
    /// The table, for a file.
    pub bytes: Vec<u8>,
    /// For each size from one cell: the regions met (every translation class)
    /// and those kept (one a class under the symmetries that keep the value,
    /// or negate it).
    pub counts: Vec<(usize, u64, u64)>,
    /// The distinct canonical forms stored (the values and their options).
    pub forms: usize,
}

/// The error of a value that ran out of work: more steps than the limit
/// ([`GameError::OverBudget`], raised with `--max-work`), more memory than the
/// universe may hold, a form too deep for the stack, or a number beyond the
/// precision of [`Dyadic`] (refused, never rounded).
pub fn out_of_work(u: &Universe) -> GameError {
    if u.precision_exhausted() {
        return GameError::Unsupported(format!(
            "a number in the canonical value needs more than 127 bits of numerator or a denominator above 2^{} (a Hackenbush string of more than about 125 edges, say), beyond grundy's exact numbers; no exact answer (nothing is rounded)",
            grundy_cgt::MAX_EXPONENT
        ));
    }
    if u.stack_exhausted() {
        return GameError::Unsupported(
            "the canonical value nests so deeply that computing it would overflow the stack; no exact answer"
                .to_string(),
        );
    }
    if u.cancelled() {
        return GameError::OverBudget(grundy_budget::OverBudget {
            limit: grundy_budget::Limit::Cancelled,
            what: "the canonical value".into(),
            reached: 1,
            allowed: 0,
        });
    }
    if u.memory_exhausted() {
        return GameError::OverBudget(grundy_budget::OverBudget {
            limit: grundy_budget::Limit::Memory,
            what: "the canonical value (the games and memos it holds)".into(),
            reached: u.memory_held(),
            allowed: u.memory_limit(),
        });
    }
    let limit = u.work_limit().unwrap_or(u64::MAX);
    GameError::OverBudget(grundy_budget::OverBudget {
        limit: grundy_budget::Limit::Work,
        what: "the canonical value (sums and reductions of canonical forms)".into(),
        reached: limit.saturating_add(1),
        allowed: limit,
    })
}

/// The canonical value of `p`: the sum of its components' values, each computed
/// from its options (memoized under its symmetry key).
pub fn canonical_value<G: Partizan + ?Sized>(
    game: &G,
    p: &G::Position,
    cache: &mut ValueCache<G::Position>,
) -> Result<GameId, GameError> {
    let mut parts = Vec::new();
    game.components(p, &mut parts);
    let mut total = cache.universe.zero();
    for part in &parts {
        let v = component_value(game, part, cache)?;
        total = cache.universe.add(total, v);
        cache.check_work()?;
    }
    Ok(total)
}

fn component_value<G: Partizan + ?Sized>(
    game: &G,
    p: &G::Position,
    cache: &mut ValueCache<G::Position>,
) -> Result<GameId, GameError> {
    // Every lookup is charged: a large game's time goes mostly into finding the
    // values of options already known.
    cache.step()?;
    let key = game.symmetry_key(p);
    if let Some(v) = cache.get(&key) {
        return Ok(v);
    }
    // A component met again inside its own value is a loop: without this the
    // recursion would only end at the stack's limit.
    if !cache.on_path.insert(key.clone()) {
        return Err(GameError::Loopy(format!("{p:?}")));
    }
    let v = construct_value(game, p, cache);
    cache.on_path.remove(&key);
    let v = v?;
    cache.insert(key, v);
    Ok(v)
}

fn construct_value<G: Partizan + ?Sized>(
    game: &G,
    p: &G::Position,
    cache: &mut ValueCache<G::Position>,
) -> Result<GameId, GameError> {
    cache.charge()?;
    let mut sides = [Vec::new(), Vec::new()];
    for (i, side) in [Side::Left, Side::Right].into_iter().enumerate() {
        let mut out = Vec::new();
        game.options(p, side, &mut out)?;
        for q in &out {
            sides[i].push(canonical_value(game, q, cache)?);
        }
    }
    let v = cache.universe.construct(&sides[0], &sides[1]);
    cache.check_work()?;
    Ok(v)
}

/// A partizan game defined in Rust behind the run-time seam, with every analysis:
/// canonical values, outcomes with either player first, winning moves, play.
/// Positions convert through [`crate::dynamic::Codec`].
pub fn from_partizan<G>(name: impl Into<String>, game: G) -> Box<dyn crate::dynamic::DynGame>
where
    G: Partizan + Send + Sync + 'static,
    G::Position: crate::dynamic::Codec + Send,
{
    Box::new(PartizanGame::new(name, game))
}
