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
//! Pruning: a transposition table (keyed by the multiset of unknown components
//! under their symmetry keys, `V` and the player to move, bounded by the memory
//! budget), enhanced transposition cutoffs (a child already known lost for the
//! opponent wins at once), move ordering ([`Partizan::move_score`], else the
//! opponent's mobility), and the game's knowledge of move counts
//! ([`Partizan::move_bounds`]: safe moves against the opponent's most moves, as
//! in Domineering solvers since Lachmann, Moore and Rapaport and Bullock's
//! Obsequi), combined with `V`'s sign.
//!
//! The search counts its nodes ([`crate::solve::progress`]) and stops with the
//! budget's work (nodes) and memory.

use std::hash::{Hash, Hasher};

use rustc_hash::{FxHashMap, FxHashSet, FxHasher};

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
}

/// Nodes the search may visit when the budget sets no work limit: about an
/// hour here (a budget's `--max-work` lowers or raises it).
pub const OUTCOME_NODES: u64 = 10_000_000_000;

/// Steps of canonical-form work one component's value may take before the search
/// treats the component as unknown and plays it out instead.
pub const COMPONENT_WORK: u64 = 2_000_000;

/// The default [`OutcomeSearch::small`]: components of at most this
/// [`Partizan::size`] are valued.
pub const SMALL_COMPONENT: usize = 16;

/// The name of the method in reports.
pub const METHOD: &str = "outcome search (alpha-beta over sums: exact values of small components, transposition table, move-count bounds)";

/// A node: the unknown components (symmetry keys, sorted by hash) and the sum
/// of the known ones' values.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State<P> {
    parts: Vec<P>,
    value: GameId,
}

type Key<P> = (State<P>, Side);

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
    tt: FxHashMap<Key<G::Position>, bool>,
    tt_capacity: usize,
    /// Components too costly to value (the work ran out).
    unknown: FxHashSet<G::Position>,
    /// Values of components known (by their symmetry keys), or `None` when
    /// too costly.
    known: FxHashMap<G::Position, Option<GameId>>,
    classes: FxHashMap<GameId, OutcomeClass>,
    max_nodes: u64,
    max_memory: u64,
    stats: Stats,
}

/// Bytes one transposition-table entry takes, about (key, vector, table slot).
const TT_ENTRY_BYTES: u64 = 128;

impl<'g, G: Partizan + ?Sized> OutcomeSearch<'g, G> {
    /// A search of `game` within `budget`: its work is nodes
    /// ([`OUTCOME_NODES`] by default), its memory bounds the transposition
    /// table (a quarter of it; the table is emptied when full) and the values.
    pub fn new(game: &'g G, budget: &Budget) -> Self {
        let mut cache = ValueCache::new(usize::MAX);
        cache.universe.set_memory_limit(budget.max_memory / 2);
        let tt_capacity =
            usize::try_from((budget.max_memory / 4 / TT_ENTRY_BYTES).max(1024)).unwrap_or(usize::MAX);
        OutcomeSearch {
            game,
            cache,
            small: SMALL_COMPONENT,
            tt: FxHashMap::default(),
            tt_capacity,
            unknown: FxHashSet::default(),
            known: FxHashMap::default(),
            classes: FxHashMap::default(),
            max_nodes: budget.work_or(OUTCOME_NODES),
            max_memory: budget.max_memory,
            stats: Stats::default(),
        }
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        Stats {
            tt_entries: self.tt.len() as u64,
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
        self.cache.limit_work(COMPONENT_WORK);
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
        if let Some(&c) = self.classes.get(&v) {
            return c;
        }
        let c = self.cache.universe.outcome(v);
        self.classes.insert(v, c);
        c
    }

    /// Whether `side` moving first wins a game of value `v`.
    fn first_wins(&mut self, v: GameId, side: Side) -> bool {
        matches!(
            (self.class(v), side),
            (OutcomeClass::N, _) | (OutcomeClass::L, Side::Left) | (OutcomeClass::R, Side::Right)
        )
    }

    /// The move counts decide: `Some(true)` when `side` to move surely wins,
    /// `Some(false)` when it surely loses.
    fn by_bounds(&mut self, s: &State<G::Position>, side: Side) -> Option<bool> {
        let (mut safe_me, mut most_me, mut safe_you, mut most_you) = (0u64, 0u64, 0u64, 0u64);
        for p in &s.parts {
            let me = self.game.move_bounds(p, side)?;
            let you = self.game.move_bounds(p, side.other())?;
            safe_me += u64::from(me.safe);
            most_me += u64::from(me.most);
            safe_you += u64::from(you.safe);
            most_you += u64::from(you.most);
        }
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
        self.stats.nodes += 1;
        if self.stats.nodes & (crate::solve::progress::REPORT_EVERY as u64 - 1) == 0 {
            crate::solve::progress::report(self.stats.nodes, self.max_nodes);
            crate::solve::progress::report_table(self.tt.len() as u64, self.tt_capacity as u64);
            let held = self.cache.universe.memory_held() + (self.known.len() as u64) * 64;
            if held > self.max_memory / 2 {
                return Err(GameError::OverBudget(Budget::over(
                    grundy_budget::Limit::Memory,
                    held,
                    self.max_memory / 2,
                    "the outcome search's values of small components",
                )));
            }
        }
        if self.stats.nodes > self.max_nodes {
            return Err(GameError::OverBudget(Budget::over(
                grundy_budget::Limit::Work,
                self.stats.nodes,
                self.max_nodes,
                "the outcome search (nodes searched)",
            )));
        }
        Ok(())
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

    /// The children of a state for `side`, best first.
    fn children(&mut self, s: &State<G::Position>, side: Side) -> Result<Vec<State<G::Position>>, GameError> {
        let mut scored: Vec<(i64, State<G::Position>)> = Vec::new();
        let mut options = Vec::new();
        let mut comps = Vec::new();
        for (i, p) in s.parts.iter().enumerate() {
            options.clear();
            self.game.options(p, side, &mut options)?;
            for q in options.drain(..) {
                let score = self.score(p, side, &q);
                let mut child = State {
                    parts: Vec::with_capacity(s.parts.len() + 2),
                    value: s.value,
                };
                child.parts.extend(s.parts[..i].iter().cloned());
                child.parts.extend(s.parts[i + 1..].iter().cloned());
                comps.clear();
                self.game.components(&q, &mut comps);
                for c in comps.drain(..) {
                    self.add_component(&mut child, c)?;
                }
                sort_parts(&mut child.parts);
                scored.push((score, child));
            }
        }
        scored.sort_by_key(|x| std::cmp::Reverse(x.0));
        let mut children: Vec<State<G::Position>> = Vec::with_capacity(scored.len() + 4);
        let mut seen = FxHashSet::default();
        for (_, c) in scored {
            if seen.insert(hash_of(&c)) || !children.contains(&c) {
                children.push(c);
            }
        }
        // Moves of the known part's canonical form, last.
        let moves: Vec<GameId> = match side {
            Side::Left => self.cache.universe.left_options(s.value).to_vec(),
            Side::Right => self.cache.universe.right_options(s.value).to_vec(),
        };
        for v in moves {
            children.push(State {
                parts: s.parts.clone(),
                value: v,
            });
        }
        Ok(children)
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
        let key = (s.clone(), side);
        if let Some(&w) = self.tt.get(&key) {
            self.stats.tt_hits += 1;
            return Ok(w);
        }
        self.tick()?;
        let children = self.children(s, side)?;
        let other = side.other();
        // Enhanced transposition cutoff: a child already known lost for the
        // opponent (by the table, or by values alone).
        let mut win = false;
        for c in &children {
            let lost = if c.parts.is_empty() {
                !self.first_wins(c.value, other)
            } else {
                self.tt.get(&(c.clone(), other)) == Some(&false)
            };
            if lost {
                win = true;
                break;
            }
        }
        if !win {
            for c in &children {
                if !self.search(c, other)? {
                    win = true;
                    break;
                }
            }
        }
        if self.tt.len() >= self.tt_capacity {
            self.tt.clear();
        }
        self.tt.insert(key, win);
        Ok(win)
    }
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
