//! Who wins a partizan position too large for its canonical value: a boolean
//! negamax search (normal play: a player with no move loses) over sums.
//!
//! A position is split into its independent components ([`Partizan::components`]).
//! Components small enough ([`Partizan::size`] at most [`OutcomeSearch::small`], or
//! of unknown size but cheap) get their exact canonical value from the
//! canonical-form engine (the [`ValueCache`], on demand, within a work limit each),
//! and all known values are added into one canonical form `V`. A node of the
//! search is then `U + V`: the components still unknown, and `V`. When `U` is
//! empty the outcome is `V`'s (compared with 0: no search). Otherwise a move is a
//! move in one component of `U`, or a move of `V`'s canonical form (equal to the
//! sum of the components it stands for, so the outcome is the same; its dominated
//! options are gone and its reversible ones bypassed, so fewer moves).
//!
//! Pruning: a transposition table (by two independent 64-bit hashes of the
//! multiset of unknown components under their symmetry keys, `V` and the player
//! to move; two-entry buckets that keep the costlier searches, growing up to an
//! eighth of the memory budget), children built only as they are searched (a
//! win mostly needs one), move ordering ([`Partizan::move_score`], else the
//! opponent's mobility), and the game's knowledge of move counts
//! ([`Partizan::move_bounds`]: safe moves, and a third of the spoilable ones,
//! against the opponent's most moves, as in Domineering solvers since Lachmann,
//! Moore and Rapaport and Bullock's Obsequi), combined with `V`'s sign.
//!
//! The search counts its nodes ([`crate::solve::progress`]) and stops with the
//! budget's work (nodes), positions (the nodes again, when the budget sets them)
//! and memory.

use std::hash::{DefaultHasher, Hash, Hasher};

use rustc_hash::{FxHashMap, FxHashSet, FxHasher};

use super::buckets::{Buckets, Slot};
use super::{GameId, OutcomeClass, Partizan, Side, ValueCache};
use crate::{Budget, GameError};

/// What a player can surely do in a component, and at most: see
/// [`Partizan::move_bounds`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveBounds {
    /// Moves the player can make whatever the opponent does, playing only these
    /// (disjoint places the opponent can never take).
    pub safe: u32,
    /// The most moves the player can ever make here, whatever anyone does.
    pub most: u32,
    /// Further disjoint places of moves (apart from the safe ones), of which
    /// one opponent's move spoils at most two (Domineering: the opponent's
    /// domino covers two cells). Playing them first, a player makes at least
    /// a third of them: rounded up moving first, down moving second.
    pub spoilable: u32,
}

/// The default [`OutcomeSearch::small`]: components of at most this
/// [`Partizan::size`] are valued.
pub const SMALL_COMPONENT: usize = 12;

/// How every outcome search's method begins in reports (the generic one's and a
/// family's own): see [`is_outcome_search`].
pub const OUTCOME_SEARCH: &str = "outcome search";

/// Whether a report's method is an outcome search's (the position was too
/// large for the memoized search: its value is mostly out of reach too).
pub fn is_outcome_search(method: &str) -> bool {
    method.starts_with(OUTCOME_SEARCH)
}

/// The name of the method in reports.
pub const METHOD: &str = "outcome search (alpha-beta over sums: exact values of small components, transposition table, move-count bounds)";

/// An outcome search's answer: who wins, with its counters and its method.
#[derive(Clone, Debug)]
pub struct Answer<P> {
    /// Whether the player to move wins, and a winning move.
    pub solved: Solved<P>,
    /// The search's counters.
    pub stats: Stats,
    /// The search's name, for reports.
    pub method: &'static str,
}

/// What a family's own outcome search keeps between calls on one game (see
/// [`Partizan::own_outcome_search`]); `None` at first.
pub type SearchState = Option<Box<dyn std::any::Any + Send>>;

/// Whether `side` moving first in `p` wins (and a winning move, when
/// `with_move`): by the game's own search ([`Partizan::own_outcome_search`],
/// with `state` kept between calls) where it has one, else by the generic
/// [`OutcomeSearch`].
pub fn solve_outcome<G: Partizan + ?Sized>(
    game: &G,
    p: &G::Position,
    side: Side,
    with_move: bool,
    budget: &Budget,
    state: &mut SearchState,
) -> Result<Answer<G::Position>, GameError> {
    if let Some(answer) = game.own_outcome_search(p, side, with_move, budget, state) {
        return answer;
    }
    let mut search = OutcomeSearch::new(game, budget);
    let solved = if with_move {
        search.solve(p, side)?
    } else {
        Solved {
            wins: search.wins(p, side)?,
            winning_move: None,
        }
    };
    Ok(Answer {
        solved,
        stats: search.stats(),
        method: METHOD,
    })
}

/// Outcome classes of values, remembered (each takes a look at the value).
#[derive(Default)]
pub(crate) struct Classes(FxHashMap<GameId, OutcomeClass>);

impl Classes {
    /// The class of `v`, a game of `u`.
    pub(crate) fn of(&mut self, u: &mut super::Universe, v: GameId) -> OutcomeClass {
        *self.0.entry(v).or_insert_with(|| u.outcome(v))
    }
}

/// Whether `side` moving first wins a game of outcome class `class`.
pub(crate) fn first_wins(class: OutcomeClass, side: Side) -> bool {
    matches!(
        (class, side),
        (OutcomeClass::N, _) | (OutcomeClass::L, Side::Left) | (OutcomeClass::R, Side::Right)
    )
}

/// The limits an outcome search checks as it counts its nodes.
pub(crate) struct NodeLimits<'a> {
    pub(crate) max_nodes: u64,
    /// The budget's positions, which the nodes count against when it sets them
    /// (`u64::MAX` when not), and the search they name.
    pub(crate) max_positions: u64,
    pub(crate) search: &'static str,
    /// Half of it for the values.
    pub(crate) max_memory: u64,
    pub(crate) cancel: &'a grundy_budget::Cancel,
}

/// Count one node of an outcome search: every 4,096 nodes report the nodes
/// and the table's fill (entries, capacity), look at the cancel flag and at
/// the values' memory (`held`, against half the budget); past the most nodes
/// or positions, the budget's error.
pub(crate) fn count_node(
    nodes: &mut u64,
    limits: &NodeLimits<'_>,
    (filled, capacity): (u64, u64),
    held: impl FnOnce() -> u64,
) -> Result<(), GameError> {
    if *nodes >= limits.max_positions {
        return Err(GameError::OverBudget(Budget::over(
            grundy_budget::Limit::Positions,
            *nodes + 1,
            limits.max_positions,
            format!("{} (positions visited)", limits.search),
        )));
    }
    *nodes += 1;
    if *nodes & (crate::solve::progress::REPORT_EVERY as u64 - 1) == 0 {
        crate::solve::progress::report(*nodes, limits.max_nodes);
        crate::solve::progress::report_table(filled, capacity);
        limits.cancel.check(|| "the outcome search".to_string())?;
        let held = held();
        if held > limits.max_memory / 2 {
            return Err(GameError::OverBudget(Budget::over(
                grundy_budget::Limit::Memory,
                held,
                limits.max_memory / 2,
                "the outcome search's values of small components",
            )));
        }
    }
    if *nodes > limits.max_nodes {
        return Err(GameError::OverBudget(Budget::over(
            grundy_budget::Limit::Work,
            *nodes,
            limits.max_nodes,
            "the outcome search (nodes searched)",
        )));
    }
    Ok(())
}

/// A node: the unknown components (symmetry keys, sorted by hash) and the sum
/// of the known ones' values.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State<P> {
    parts: Vec<P>,
    value: GameId,
}

/// A board of empty and filled cells, as a search across processes takes it
/// (see [`crate::partizan::Partizan::dist_board`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DistBoard {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The empty cells, row major (bit `r * cols + c`).
    pub empty: u128,
}

/// The answer for one position and player to move.
#[derive(Clone, Debug)]
pub struct Solved<P> {
    /// The player to move wins.
    pub wins: bool,
    /// A winning move (the position it leaves), when the player to move wins.
    pub winning_move: Option<P>,
}

/// Counters of a search, cumulative over its calls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes searched (positions whose options were looked at).
    pub nodes: u64,
    /// Nodes decided by the values of their components alone.
    pub by_value: u64,
    /// Nodes decided by move-count bounds.
    pub by_bounds: u64,
    /// Transposition-table hits.
    pub tt_hits: u64,
    /// Entries in the transposition table now.
    pub tt_entries: u64,
    /// Components whose value was computed.
    pub valued: u64,
}

/// The outcome solver of a partizan game; see the module's documentation.
pub struct OutcomeSearch<'g, G: Partizan + ?Sized> {
    game: &'g G,
    cache: ValueCache<G::Position>,
    /// Components of at most this [`Partizan::size`] are valued (and of unknown
    /// size, when it is not 0; 0 values none but closed forms: a plain search).
    pub small: usize,
    tt: Buckets<HashedEntry>,
    /// Components too costly to value (the work ran out).
    unknown: FxHashSet<G::Position>,
    /// Values of components known (by their symmetry keys), or `None` when
    /// too costly.
    known: FxHashMap<G::Position, Option<GameId>>,
    classes: Classes,
    max_nodes: u64,
    /// The budget's positions, which this search counts as the nodes it
    /// visits (its table keeps only some of them), as Domineering's own
    /// search does: `--max-positions` bounds the nodes as `--max-work` does,
    /// and names itself when it is the one that stops the search. No limit
    /// unless the budget sets one.
    max_positions: u64,
    max_memory: u64,
    /// The flag of the budget of the call, looked at every 4,096 nodes.
    cancel: grundy_budget::Cancel,
    stats: Stats,
}

/// The most entries of the transposition table (16 bytes each: 1 GiB; 8x8
/// Domineering fills 2^25).
pub const TT_MAX_ENTRIES: usize = 1 << 26;

/// An entry of the generic search's table: a node's 64-bit SipHash as its
/// check (never 0, which marks an empty entry; a node's Fx hash picks its
/// bucket, so a false hit needs both hashes to collide at once), then the
/// result, the nodes its search took and the low 32 bits of the bucket hash
/// (to grow by).
#[derive(Clone, Copy)]
struct HashedEntry([u64; 2]);

/// A node's two hashes: the bucket's and the check.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Hashes(u64, u64);

/// Bits of an entry's second word: the result, then the work, then the bucket
/// hash's low 32 bits.
const WORK_BITS: u32 = 31;

impl HashedEntry {
    fn new(h: Hashes, win: bool, work: u64) -> HashedEntry {
        let work = work.min((1 << WORK_BITS) - 1);
        HashedEntry([HashedEntry::check(h), (h.0 << 32) | (work << 1) | u64::from(win)])
    }

    /// The check word of `h`: never 0.
    fn check(h: Hashes) -> u64 {
        h.1 | 1
    }
}

impl Slot for HashedEntry {
    const EMPTY: HashedEntry = HashedEntry([0, 0]);
    fn used(&self) -> bool {
        self.0[0] != 0
    }
    fn same(&self, other: &Self) -> bool {
        self.0[0] == other.0[0]
    }
    fn work(&self) -> u64 {
        (self.0[1] >> 1) & ((1 << WORK_BITS) - 1)
    }
    fn bucket(&self) -> u64 {
        self.0[1] >> 32
    }
}

/// Hashes a value into both hashes at once.
struct TwoHasher(FxHasher, DefaultHasher);

impl Hasher for TwoHasher {
    fn finish(&self) -> u64 {
        self.0.finish()
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
        self.1.write(bytes);
    }
    fn write_u8(&mut self, x: u8) {
        self.0.write_u8(x);
        self.1.write_u8(x);
    }
    fn write_u16(&mut self, x: u16) {
        self.0.write_u16(x);
        self.1.write_u16(x);
    }
    fn write_u32(&mut self, x: u32) {
        self.0.write_u32(x);
        self.1.write_u32(x);
    }
    fn write_u64(&mut self, x: u64) {
        self.0.write_u64(x);
        self.1.write_u64(x);
    }
    fn write_usize(&mut self, x: usize) {
        self.0.write_usize(x);
        self.1.write_usize(x);
    }
}

fn hashes<P: Hash>(s: &State<P>, side: Side) -> Hashes {
    let mut h = TwoHasher(FxHasher::default(), DefaultHasher::new());
    s.hash(&mut h);
    side.hash(&mut h);
    Hashes(h.0.finish(), h.1.finish())
}

impl<'g, G: Partizan + ?Sized> OutcomeSearch<'g, G> {
    /// A search of `game` within `budget`: its work is nodes
    /// ([`crate::Task::OutcomeSearch`]'s by default), and so are its positions
    /// when the budget sets them; its memory bounds the transposition
    /// table (an eighth of it, at most [`TT_MAX_ENTRIES`] entries; a full table
    /// replaces cheap searches first) and the values (half).
    pub fn new(game: &'g G, budget: &Budget) -> Self {
        let mut cache = ValueCache::new(usize::MAX);
        cache.universe.set_memory_limit(budget.max_memory / 2);
        cache.universe.set_cancel(&budget.cancel);
        // An eighth of the memory, 16 bytes an entry, at most TT_MAX_ENTRIES.
        let tt_entries = usize::try_from(budget.max_memory / 8 / 16).unwrap_or(usize::MAX);
        OutcomeSearch {
            game,
            cache,
            small: SMALL_COMPONENT,
            tt: Buckets::new(tt_entries, TT_MAX_ENTRIES),
            unknown: FxHashSet::default(),
            known: FxHashMap::default(),
            classes: Classes::default(),
            max_nodes: budget.work(crate::Task::OutcomeSearch),
            max_positions: budget.max_positions.unwrap_or(u64::MAX),
            max_memory: budget.max_memory,
            cancel: budget.cancel.clone(),
            stats: Stats::default(),
        }
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        Stats {
            tt_entries: self.tt.filled(),
            ..self.stats
        }
    }

    /// Whether `side`, moving first in `p`, wins.
    pub fn wins(&mut self, p: &G::Position, side: Side) -> Result<bool, GameError> {
        let root = self.state_of(std::slice::from_ref(p))?;
        self.search(&root, side)
    }

    /// Whether `side`, moving first in `p`, wins, and a winning move if so.
    pub fn solve(&mut self, p: &G::Position, side: Side) -> Result<Solved<G::Position>, GameError> {
        let wins = self.wins(p, side)?;
        if !wins {
            return Ok(Solved {
                wins,
                winning_move: None,
            });
        }
        // The real move behind the win: the first option the opponent loses
        // (mostly answered by the table now).
        let mut options = Vec::new();
        self.game.options(p, side, &mut options)?;
        let mut scored: Vec<(i64, G::Position)> = options
            .into_iter()
            .map(|q| (self.score(p, side, &q), q))
            .collect();
        scored.sort_by_key(|x| std::cmp::Reverse(x.0));
        for (_, q) in scored {
            if !self.wins(&q, side.other())? {
                return Ok(Solved {
                    wins,
                    winning_move: Some(q),
                });
            }
        }
        Err(GameError::Rule(
            "the outcome search found a win but no winning move (a game whose components do not add?)".into(),
        ))
    }

    /// The state of the sum of `parts` (each split into its components).
    fn state_of(&mut self, parts: &[G::Position]) -> Result<State<G::Position>, GameError> {
        let mut state = State {
            parts: Vec::new(),
            value: self.cache.universe.zero(),
        };
        let mut comps = Vec::new();
        for p in parts {
            comps.clear();
            self.game.components(p, &mut comps);
            for c in comps.drain(..) {
                self.add_component(&mut state, c)?;
            }
        }
        sort_parts(&mut state.parts);
        Ok(state)
    }

    /// Add one component to a state: into its value when known, else to its parts.
    fn add_component(&mut self, state: &mut State<G::Position>, c: G::Position) -> Result<(), GameError> {
        match self.component_value(&c)? {
            Some(v) => {
                state.value = self.cache.universe.add(state.value, v);
                self.cache.check_work()?;
            }
            None => state.parts.push(self.game.symmetry_key(&c)),
        }
        Ok(())
    }

    /// A component's value when small enough to compute, else `None`.
    fn component_value(&mut self, c: &G::Position) -> Result<Option<GameId>, GameError> {
        // Too big to value: said without the map (most components of a big
        // board are, and the map would hold them all).
        if self.game.size(c).is_some_and(|n| n > self.small) && self.game.number_nimber_value(c).is_none() {
            return Ok(None);
        }
        if let Some(&v) = self.known.get(c) {
            return Ok(v);
        }
        let v = self.compute_value(c)?;
        self.known.insert(c.clone(), v);
        Ok(v)
    }

    fn compute_value(&mut self, c: &G::Position) -> Result<Option<GameId>, GameError> {
        if let Some((x, m)) = self.game.number_nimber_value(c) {
            let u = &mut self.cache.universe;
            let (x, m) = (u.number(x), u.nimber(m));
            return Ok(Some(u.add(x, m)));
        }
        match self.game.size(c) {
            Some(n) if n > self.small => return Ok(None),
            None if self.small == 0 || self.unknown.contains(c) => return Ok(None),
            _ => {}
        }
        // A fresh work limit for this value alone.
        self.cache
            .limit_work(crate::Task::OutcomeComponent.defaults().work);
        let v = self.game.value(c, &mut self.cache);
        let v = v.and_then(|v| self.cache.check_work().map(|()| v));
        self.cache.universe.set_work_limit(None);
        match v {
            Ok(v) => {
                self.stats.valued += 1;
                Ok(Some(v))
            }
            Err(e) => {
                if self.cache.universe.memory_exhausted() {
                    return Err(e);
                }
                match e {
                    GameError::OverBudget(_) => {
                        self.unknown.insert(c.clone());
                        Ok(None)
                    }
                    other => Err(other),
                }
            }
        }
    }

    fn class(&mut self, v: GameId) -> OutcomeClass {
        self.classes.of(&mut self.cache.universe, v)
    }

    /// Whether `side` moving first wins a game of value `v`.
    fn first_wins(&mut self, v: GameId, side: Side) -> bool {
        first_wins(self.class(v), side)
    }

    /// The move counts decide: `Some(true)` when `side` to move surely wins,
    /// `Some(false)` when it surely loses.
    fn by_bounds(&mut self, s: &State<G::Position>, side: Side) -> Option<bool> {
        let (mut safe_me, mut most_me, mut safe_you, mut most_you) = (0u64, 0u64, 0u64, 0u64);
        let (mut spoilable_me, mut spoilable_you) = (0u64, 0u64);
        for p in &s.parts {
            let me = self.game.move_bounds(p, side)?;
            let you = self.game.move_bounds(p, side.other())?;
            safe_me += u64::from(me.safe);
            most_me += u64::from(me.most);
            spoilable_me += u64::from(me.spoilable);
            safe_you += u64::from(you.safe);
            most_you += u64::from(you.most);
            spoilable_you += u64::from(you.spoilable);
        }
        // The player to move plays its spoilable places first: the opponent's
        // each move spoils at most two, so it makes a third of them, rounded up
        // (it moves first); the opponent, second, a third rounded down.
        safe_me += spoilable_me.div_ceil(3);
        safe_you += spoilable_you / 3;
        // An integer is that many sure moves of its owner; any other value
        // helps only with the right sign (G |> 0, H >= 0 give G + H |> 0, and
        // G <= 0, H <= 0 give G + H <= 0).
        let (mut may_win, mut may_lose) = (true, true);
        match self
            .cache
            .universe
            .as_number(s.value)
            .filter(|x| x.is_integer())
            .and_then(|x| i64::try_from(x.numerator()).ok())
        {
            Some(n) => {
                let mine = if side == Side::Left { n } else { -n };
                let k = mine.unsigned_abs();
                if mine >= 0 {
                    safe_me += k;
                    most_me += k;
                } else {
                    safe_you += k;
                    most_you += k;
                }
            }
            None => {
                let class = self.class(s.value);
                let (good, bad) = match side {
                    Side::Left => (OutcomeClass::L, OutcomeClass::R),
                    Side::Right => (OutcomeClass::R, OutcomeClass::L),
                };
                may_win = class == good || class == OutcomeClass::P;
                may_lose = class == bad || class == OutcomeClass::P;
            }
        }
        if may_win && safe_me > most_you {
            return Some(true);
        }
        if may_lose && safe_you >= most_me {
            return Some(false);
        }
        None
    }

    fn tick(&mut self) -> Result<(), GameError> {
        let held = || self.cache.universe.memory_held() + (self.known.len() as u64) * 64;
        let limits = NodeLimits {
            max_nodes: self.max_nodes,
            max_positions: self.max_positions,
            search: "the outcome search",
            max_memory: self.max_memory,
            cancel: &self.cancel,
        };
        count_node(
            &mut self.stats.nodes,
            &limits,
            (self.tt.filled(), self.tt.capacity()),
            held,
        )
    }

    fn score(&self, p: &G::Position, side: Side, q: &G::Position) -> i64 {
        if let Some(s) = self.game.move_score(p, side, q) {
            return s;
        }
        // The opponent's mobility after the move, less ours: fewer is better.
        let mut out = Vec::new();
        let theirs = match self.game.options(q, side.other(), &mut out) {
            Ok(()) => out.len() as i64,
            Err(_) => 0,
        };
        out.clear();
        let ours = match self.game.options(q, side, &mut out) {
            Ok(()) => out.len() as i64,
            Err(_) => 0,
        };
        ours - 2 * theirs
    }

    /// The moves of a state for `side`, best first: the components' by
    /// [`OutcomeSearch::score`], then the known part's canonical form's.
    fn moves(&mut self, s: &State<G::Position>, side: Side) -> Result<Vec<Move<G::Position>>, GameError> {
        let mut scored: Vec<(i64, Move<G::Position>)> = Vec::new();
        let mut options = Vec::new();
        for (i, p) in s.parts.iter().enumerate() {
            options.clear();
            self.game.options(p, side, &mut options)?;
            for q in options.drain(..) {
                scored.push((self.score(p, side, &q), Move::Part(i, q)));
            }
        }
        scored.sort_by_key(|x| std::cmp::Reverse(x.0));
        let mut moves: Vec<Move<G::Position>> = scored.into_iter().map(|(_, m)| m).collect();
        let options = match side {
            Side::Left => self.cache.universe.left_options(s.value),
            Side::Right => self.cache.universe.right_options(s.value),
        };
        moves.extend(options.iter().map(|&v| Move::Value(v)));
        Ok(moves)
    }

    /// The state a move leaves.
    fn child(
        &mut self,
        s: &State<G::Position>,
        m: &Move<G::Position>,
    ) -> Result<State<G::Position>, GameError> {
        match m {
            Move::Part(i, q) => {
                let mut child = State {
                    parts: Vec::with_capacity(s.parts.len() + 2),
                    value: s.value,
                };
                child.parts.extend(s.parts[..*i].iter().cloned());
                child.parts.extend(s.parts[i + 1..].iter().cloned());
                let mut comps = Vec::new();
                self.game.components(q, &mut comps);
                for c in comps {
                    self.add_component(&mut child, c)?;
                }
                sort_parts(&mut child.parts);
                Ok(child)
            }
            Move::Value(v) => Ok(State {
                parts: s.parts.clone(),
                value: *v,
            }),
        }
    }

    fn search(&mut self, s: &State<G::Position>, side: Side) -> Result<bool, GameError> {
        if s.parts.is_empty() {
            self.stats.by_value += 1;
            return Ok(self.first_wins(s.value, side));
        }
        if let Some(w) = self.by_bounds(s, side) {
            self.stats.by_bounds += 1;
            return Ok(w);
        }
        let key = hashes(s, side);
        let check = HashedEntry::check(key);
        if let Some(w) = self.tt.find(key.0, |e| e.0[0] == check).map(|e| e.0[1] & 1 == 1) {
            self.stats.tt_hits += 1;
            return Ok(w);
        }
        self.tick()?;
        let start = self.stats.nodes;
        let moves = self.moves(s, side)?;
        let other = side.other();
        // Children are built as they are searched: a win mostly needs one. A
        // child seen already (symmetric moves) is not searched again.
        let mut seen: Vec<State<G::Position>> = Vec::new();
        let mut win = false;
        for m in &moves {
            let c = self.child(s, m)?;
            if seen.contains(&c) {
                continue;
            }
            if !self.search(&c, other)? {
                win = true;
                break;
            }
            seen.push(c);
        }
        self.tt
            .insert(HashedEntry::new(key, win, self.stats.nodes - start));
        Ok(win)
    }
}

/// A move of a state: in one of its components (by index, and the position it
/// leaves there), or in its known part's canonical form.
enum Move<P> {
    Part(usize, P),
    Value(GameId),
}

fn hash_of<T: Hash>(x: &T) -> u64 {
    let mut h = FxHasher::default();
    x.hash(&mut h);
    h.finish()
}

/// A multiset's one order: by hash (equal hashes of different parts only cost
/// a table miss).
fn sort_parts<P: Hash>(parts: &mut [P]) {
    if parts.len() > 1 {
        parts.sort_by_cached_key(hash_of);
    }
}
