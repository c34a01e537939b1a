//! Who wins a Domineering board: the family's own outcome search, the generic
//! one ([`crate::partizan::OutcomeSearch`]) rewritten on bitboards.
//!
//! The ideas are the generic search's, in the form Domineering allows to be
//! fast: a node is one bitboard of the cells still to be played out, plus the
//! canonical value `V` of the small regions already split off (valued exactly
//! by the canonical-form engine, [`super::Domineering::region_value`], on
//! demand); a move is a domino on the bitboard or a move of `V`'s canonical
//! form. The small regions of the position asked about go into `V` at the
//! start; those that split off during the search stay on the bitboard unless
//! [`DomineeringSearch::small_in_search`] asks for them to be valued too
//! (measured cheaper on empty rectangles; see there). Then, after a move only
//! the region the domino was in can split, so only the domino's neighbours are
//! flooded, and a flood stops as soon as its region is too big to value. The
//! transposition table's key is the node itself (the
//! least of the bitboard's mirror images, `V` and the player to move): no hash
//! collision can give a wrong answer. The move-count bounds go beyond those of
//! [`super::move_bounds`] (safe moves, a third of the spoilable ones, against
//! the opponent's most): protective areas, spoilable pairs by how many one
//! domino can spoil, threats, and the cells each player can cover (the
//! private `counts::Counts` has the argument), counted with bit operations. Moves
//! are ordered by [`super::move_score`]'s measure, and a safe move is tried
//! only when the player has no other.
//!
//! The search is generic over the bitboard's width ([`Bits`]: `u64`, `u128`),
//! so that boards of up to 128 cells can be searched.
//!
//! Its parts: `bits` (the bitboards, the players' views, the geometry),
//! `counts` (the move-count bounds), `checkpoint` (the table as bytes and
//! back), `parallel` (the search on all cores), `frontier` (the search split
//! into tasks, for many processes); the search itself is here.

mod bits;
mod checkpoint;
mod counts;
mod frontier;
mod parallel;

use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use self::bits::Cells;
pub use self::bits::{Bits, Geometry, MAX_LINE};
pub use self::counts::HARVEST;
pub use self::frontier::{Frontier, Task};
use self::parallel::{Team, TEAM_BATCH};
pub use self::parallel::{PARALLEL_CELLS, SHARED_CELLS};
use super::Domineering;
use crate::partizan::buckets::{SharedBuckets, Slot};
use crate::partizan::outcome::{count_node, first_wins, Classes, NodeLimits, Solved, Stats, SMALL_COMPONENT};
use crate::partizan::{GameId, OutcomeClass, Side, ValueCache};
use crate::{Budget, GameError};

/// The name of the method in reports.
/// It begins as every outcome search's ([`crate::partizan::outcome::OUTCOME_SEARCH`]).
pub const METHOD: &str = "outcome search on bitboards (Domineering's own: alpha-beta, exact values of small regions, transposition table, safe-move bounds)";

/// The most entries of the table (2^30: 24 GiB of `u128` boards' entries;
/// the memory budget bounds it first).
pub const TABLE_MAX_ENTRIES: usize = 1 << 30;

/// One entry of the transposition table: a node (its least image, the known
/// part's value, the player to move) and what it is worth.
#[derive(Clone, Copy, Debug)]
struct Entry<B: Bits> {
    cells: B::Packed,
    value: u32,
    /// Bit 0: in use; bit 1: Right to move; bit 2: the player to move wins;
    /// the rest: the nodes its search took (saturating), to keep costlier ones.
    meta: u32,
}

impl<B: Bits> Entry<B> {
    fn new(cells: B, value: u32, side: Side, win: bool, work: u64) -> Entry<B> {
        let meta =
            1 | u32::from(side == Side::Right) << 1 | u32::from(win) << 2 | (work.min(1 << 28) as u32) << 3;
        Entry {
            cells: cells.pack(),
            value,
            meta,
        }
    }
}

impl<B: Bits> Slot for Entry<B> {
    const EMPTY: Entry<B> = Entry {
        cells: B::PACKED_ZERO,
        value: 0,
        meta: 0,
    };
    fn used(&self) -> bool {
        self.meta & 1 == 1
    }
    fn same(&self, o: &Self) -> bool {
        (self.meta & 2) == (o.meta & 2) && self.cells == o.cells && self.value == o.value
    }
    fn work(&self) -> u64 {
        u64::from(self.meta >> 3)
    }
    fn bucket(&self) -> u64 {
        let side = if self.meta & 2 != 0 {
            Side::Right
        } else {
            Side::Left
        };
        bucket_hash(B::unpack(self.cells), self.value, side)
    }
}

/// The bucket hash of a node.
#[inline]
fn bucket_hash<B: Bits>(cells: B, value: u32, side: Side) -> u64 {
    let x = cells.digest() ^ (u64::from(value) << 1 | u64::from(side == Side::Right)).rotate_left(40);
    let x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (x >> 29);
    x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32
}

/// Domineering's outcome search on boards of `B`'s cells; see the module's
/// documentation.
pub struct DomineeringSearch<B: Bits> {
    g: Geometry<B>,
    game: Domineering,
    cache: ValueCache<super::Board>,
    /// Regions of the position asked about of at most this many cells are
    /// valued (a position made of many small regions is then one value).
    pub small: u32,
    /// Regions of at most this many cells that split off during the search
    /// are valued too: none by default. On empty rectangles that costs more
    /// than it saves: the values split the table's transpositions (the same
    /// cells with other values are other nodes), and a value that is not an
    /// integer gives looser bounds. Valuing regions of up to 12 cells took
    /// 7x10 3.39 million nodes and 13.3 s of CPU, valuing none 3.05 million
    /// and 10.3 s; 6x9, 7x9 and 6x10 likewise a quarter to a third less CPU,
    /// 8x8 18% less (docs/benchmarks.md). With a table of regions
    /// ([`DomineeringSearch::with_regions`]) too: looked up rather than
    /// computed, valuing regions of up to 12 cells still took 50% to 75% more
    /// CPU on 7x9, 6x10, 7x10 and 8x8, as much as computing them (the engine
    /// values each once), so a table leaves this at none.
    pub small_in_search: u32,
    /// Whether a player with another move on the board skips its safe moves
    /// (both cells out of the opponent's reach), as Obsequi does: a safe move
    /// is a move kept in hand, playable at any later turn, and was never the
    /// only winning move in an exhaustive check of every position of the
    /// tests' boards (see the tests `safe_moves_are_never_needed`). On by
    /// default; off, every move is tried.
    pub skip_safe_moves: bool,
    /// Shared with the helpers of a search on several threads.
    tt: Arc<SharedBuckets<Entry<B>>>,
    /// Threads a search of a large board runs on (this one and helpers): by
    /// default the current rayon pool's (all cores, or `RAYON_NUM_THREADS`).
    pub threads: usize,
    /// Boards of at least this many empty cells are searched on
    /// [`DomineeringSearch::threads`] threads; smaller ones take a second at
    /// most, and on one thread their node counts are the same every run.
    pub parallel_cells: u32,
    /// Nodes of at least this many empty cells are shared out among the
    /// threads (see [`DomineeringSearch::wins_together`]).
    pub shared_cells: u32,
    /// The search on several threads running now, when this is one of them.
    team: Option<Arc<Team>>,
    /// Whether a teammate's finish stopped this one (its error says nothing).
    halted: bool,
    classes: Classes,
    /// The integers around values (see [`DomineeringSearch::integer_bounds`]).
    bounds: FxHashMap<GameId, (i64, i64)>,
    /// Regions too costly to value (trimmed).
    unknown: rustc_hash::FxHashSet<(usize, usize, u64)>,
    max_nodes: u64,
    /// The budget's positions, which this search counts as the nodes it
    /// visits (its table keeps only some of them): `--max-positions` bounds
    /// the nodes as `--max-work` does, and names itself when it is the one
    /// that stops the search. No limit unless the budget sets one.
    max_positions: u64,
    max_memory: u64,
    cancel: grundy_budget::Cancel,
    stats: Stats,
    /// Move lists, one a depth, kept to spare an allocation a node.
    buffers: Vec<Vec<(i32, Cells<B>)>>,
}

impl<B: Bits> DomineeringSearch<B> {
    /// A search of `h × w` boards within `budget` (its work is nodes, half
    /// its memory the values, as the generic search's; a quarter the table,
    /// twice the generic search's share, up to [`TABLE_MAX_ENTRIES`]: the
    /// values of regions of at most 12 cells stay small, and the deep
    /// searches are bound by the table: 7x10 with a table of 2^17 entries
    /// takes 2.6 times the nodes it takes with 2^21); `None` when the board is
    /// beyond it (see [`Geometry::new`]).
    pub fn new(h: usize, w: usize, budget: &Budget) -> Option<DomineeringSearch<B>> {
        let g = Geometry::new(h, w)?;
        let entry = std::mem::size_of::<Entry<B>>() as u64;
        let tt_entries = usize::try_from(budget.max_memory / 4 / entry).unwrap_or(usize::MAX);
        let tt = Arc::new(SharedBuckets::new(tt_entries, TABLE_MAX_ENTRIES));
        let mut search = DomineeringSearch::on_table(
            g,
            tt,
            budget.work(crate::Task::OutcomeSearch),
            budget.max_memory,
            budget.cancel.clone(),
            budget.max_memory / 2,
        );
        search.threads = budget.threads.unwrap_or_else(rayon::current_num_threads);
        search.max_positions = budget.max_positions.unwrap_or(u64::MAX);
        Some(search)
    }

    /// A search of `g`'s boards on the table `tt` with the default settings,
    /// the limits of a budget, and `values_memory` for its values.
    fn on_table(
        g: Geometry<B>,
        tt: Arc<SharedBuckets<Entry<B>>>,
        max_nodes: u64,
        max_memory: u64,
        cancel: grundy_budget::Cancel,
        values_memory: u64,
    ) -> DomineeringSearch<B> {
        let mut cache = ValueCache::new(usize::MAX);
        cache.universe.set_memory_limit(values_memory);
        cache.universe.set_cancel(&cancel);
        DomineeringSearch {
            g,
            game: Domineering::new(),
            cache,
            small: SMALL_COMPONENT as u32,
            small_in_search: 0,
            skip_safe_moves: true,
            tt,
            threads: rayon::current_num_threads(),
            parallel_cells: PARALLEL_CELLS,
            shared_cells: SHARED_CELLS,
            team: None,
            halted: false,
            classes: Classes::default(),
            bounds: FxHashMap::default(),
            unknown: Default::default(),
            max_nodes,
            max_positions: u64::MAX,
            max_memory,
            cancel,
            stats: Stats::default(),
            buffers: Vec::new(),
        }
    }

    /// The same search with the regions it values looked up in `table`
    /// first (see [`super::RegionTable`]).
    pub fn with_regions(self, table: Arc<super::RegionTable>) -> DomineeringSearch<B> {
        self.with_table(Some(table))
    }

    /// [`DomineeringSearch::with_regions`] when there is a table.
    pub(super) fn with_table(mut self, table: super::regions::Regions) -> DomineeringSearch<B> {
        if let Some(table) = table {
            self.game = self.game.with_regions(table);
        }
        self
    }

    /// Takes up `budget` for the calls to come, a search kept from earlier
    /// calls (or read back from a checkpoint) included: its limits and cancel
    /// flag, with the node count from zero.
    pub fn renew(&mut self, budget: &Budget) {
        self.max_nodes = budget.work(crate::Task::OutcomeSearch);
        self.threads = budget.threads.unwrap_or_else(rayon::current_num_threads);
        self.max_positions = budget.max_positions.unwrap_or(u64::MAX);
        self.max_memory = budget.max_memory;
        self.cancel = budget.cancel.clone();
        self.cache.universe.set_memory_limit(budget.max_memory / 2);
        self.cache.universe.set_cancel(&budget.cancel);
        self.stats = Stats::default();
    }

    /// The board's geometry.
    pub fn geometry(&self) -> &Geometry<B> {
        &self.g
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        Stats {
            tt_entries: self.tt.filled(),
            ..self.stats
        }
    }

    /// Whether `side`, moving first on the empty cells `e` (row major), wins.
    pub fn wins(&mut self, e: B, side: Side) -> Result<bool, GameError> {
        let (rest, v) = self.split_all(e.and(self.g.all()))?;
        // On several threads only with nothing known: the known part's ids
        // are this search's universe's own, and a helper has its own.
        if self.threads > 1
            && v == self.cache.universe.zero()
            && self.small_in_search == 0
            && rest.e.count() >= self.parallel_cells
        {
            return self.wins_together(rest, side);
        }
        self.search(rest, v, side, 0)
    }

    /// Whether `side`, moving first on the empty cells `e`, wins, and a winning
    /// move (the empty cells it leaves) if so.
    pub fn solve(&mut self, e: B, side: Side) -> Result<Solved<B>, GameError> {
        let e = e.and(self.g.all());
        let wins = self.wins(e, side)?;
        if !wins {
            return Ok(Solved {
                wins,
                winning_move: None,
            });
        }
        // The real move behind the win: the first option the opponent loses
        // (mostly answered by the table now).
        let mut moves = Vec::new();
        self.ordered_moves(self.g.cells(e), side, false, &mut moves);
        moves.sort_by_key(|x| std::cmp::Reverse(x.0));
        for (_, d) in moves {
            let q = e.minus(d.e);
            if !self.wins(q, side.other())? {
                return Ok(Solved {
                    wins,
                    winning_move: Some(q),
                });
            }
        }
        Err(GameError::Rule(
            "Domineering's outcome search found a win but no winning move".into(),
        ))
    }

    /// The regions of `e` small enough to value, split off into a value.
    fn split_all(&mut self, e: B) -> Result<(Cells<B>, GameId), GameError> {
        let mut v = self.cache.universe.zero();
        let mut rest = e;
        let mut seeds = e;
        while seeds != B::ZERO {
            let seed = seeds.lowest_bit();
            let whole = self.g.region(seed, e, u32::MAX).unwrap_or(seed);
            seeds = seeds.minus(whole);
            if whole.count() <= self.small {
                if let Some(x) = self.region_value(whole)? {
                    v = self.cache.universe.add(v, x);
                    rest = rest.minus(whole);
                }
            }
        }
        self.cache.check_work()?;
        Ok((self.g.cells(rest), v))
    }

    /// A small region's value, or `None` when too costly.
    fn region_value(&mut self, r: B) -> Result<Option<GameId>, GameError> {
        // The commonest regions without the memo: a lone cell is 0, and a
        // strip of n cells is floor(n/2) moves of the one player who fits
        // (connected: one row, or n cells down one column).
        let n = r.count();
        if n == 1 {
            return Ok(Some(self.cache.universe.zero()));
        }
        let w = self.g.w;
        let (lo, hi) = (r.lowest(), r.highest());
        if lo / w == hi / w {
            return Ok(Some(self.cache.universe.integer(-i64::from(n / 2))));
        }
        if lo % w == hi % w && (hi / w - lo / w + 1) as u32 == n {
            return Ok(Some(self.cache.universe.integer(i64::from(n / 2))));
        }
        let Some((h, w, bits)) = self.g.trim(r) else {
            return Ok(None);
        };
        if self.unknown.contains(&(h, w, bits)) {
            return Ok(None);
        }
        self.cache
            .limit_work(crate::Task::OutcomeComponent.defaults().work);
        let v = self.game.region_value(h, w, bits, &mut self.cache);
        let v = v.and_then(|v| self.cache.check_work().map(|()| v));
        self.cache.universe.set_work_limit(None);
        match v {
            Ok(v) => {
                self.stats.valued += 1;
                Ok(Some(v))
            }
            Err(GameError::OverBudget(_)) if !self.cache.universe.memory_exhausted() => {
                self.unknown.insert((h, w, bits));
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    fn class(&mut self, v: GameId) -> OutcomeClass {
        self.classes.of(&mut self.cache.universe, v)
    }

    fn first_wins(&mut self, v: GameId, side: Side) -> bool {
        first_wins(self.class(v), side)
    }

    /// The integers `(a, b)` nearest around `v`: `a <= v <= b`, `a` the
    /// greatest and `b` the least such (found from the stops), remembered.
    fn integer_bounds(&mut self, v: GameId) -> (i64, i64) {
        if let Some(&ab) = self.bounds.get(&v) {
            return ab;
        }
        let u = &mut self.cache.universe;
        let clamp = |x: i128| i64::try_from(x).unwrap_or(if x < 0 { i64::MIN / 4 } else { i64::MAX / 4 });
        // R(v) > n gives v > n, and L(v) < n gives v < n: one step from the
        // stops at most.
        let mut a = clamp(u.right_stop(v).floor());
        let n = u.integer(a);
        if !u.ge(v, n) {
            a -= 1;
        }
        let mut b = clamp(u.left_stop(v).ceil());
        let n = u.integer(b);
        if !u.le(v, n) {
            b += 1;
        }
        self.bounds.insert(v, (a, b));
        (a, b)
    }

    /// The move counts decide: `Some(true)` when `side` to move surely wins,
    /// `Some(false)` when it surely loses (see [`Counts`](counts::Counts) for the argument).
    /// The known part `v` counts as that many sure moves of its owner when an
    /// integer; otherwise as the integers around it, `a <= v <= b`: the board
    /// plus `a` won by Left moving first makes the board plus `v` won too (it
    /// is at least as good for Left), and the board plus `b` lost makes it
    /// lost. Right's the same with the signs turned.
    fn by_bounds(&mut self, c: Cells<B>, v: GameId, side: Side) -> Option<bool> {
        // Extra sure moves of the player to move (negative: the opponent's),
        // in the worst case (for a win) and the best (for a loss).
        let (worst, best) = if v == self.cache.universe.zero() {
            (0, 0)
        } else {
            let (a, b) = match self
                .cache
                .universe
                .as_number(v)
                .filter(|x| x.is_integer())
                .and_then(|x| i64::try_from(x.numerator()).ok())
            {
                Some(n) => (n, n),
                None => self.integer_bounds(v),
            };
            match side {
                Side::Left => (a, b),
                Side::Right => (-b, -a),
            }
        };
        let split = |n: i64| -> (u64, u64) {
            if n >= 0 {
                (n.unsigned_abs(), 0)
            } else {
                (0, n.unsigned_abs())
            }
        };
        let other = side.other();
        let (me, my_held) = self.g.view(side).counts(Geometry::of(c, side));
        // The opponent's limits first: a win needs no more of it.
        let (you_view, you_cells) = (self.g.view(other), Geometry::of(c, other));
        let (you_most, you_reach) = you_view.limits(you_cells);
        let (n_me, n_you) = split(worst);
        let (sure, cells) = me.first();
        if sure + n_me > you_most + n_you || 2 * n_me + cells > you_reach + 2 * n_you {
            return Some(true);
        }
        let (you, your_held) = you_view.counts(you_cells);
        let (n_me2, n_you2) = split(best);
        let (your_sure, your_cells) = you.second();
        if your_sure + n_you2 >= me.most + n_me2 || 2 * n_you2 + your_cells >= me.reach + 2 * n_me2 {
            return Some(false);
        }
        // Threats lower the opponent's most as pairs raise the sure moves,
        // each by one at most: counted only where that could decide.
        let room = (you_most + n_you + 1).saturating_sub(sure + n_me);
        if self.g.threat_cells(c, side, &my_held) >= room {
            let t = self.g.threats(c, side, &my_held);
            if me.with_threats(t).first().0 + n_me > you_most + n_you {
                return Some(true);
            }
        }
        let room = (me.most + n_me2).saturating_sub(your_sure + n_you2);
        if self.g.threat_cells(c, other, &your_held) >= room {
            let t = self.g.threats(c, other, &your_held);
            if you.with_threats(t).second().0 + n_you2 >= me.most + n_me2 {
                return Some(false);
            }
        }
        None
    }

    /// Counts a node against the budget. On several threads the nodes are
    /// counted by every thread in batches, the first thread (the caller's,
    /// whose observer shows progress) reports, and a teammate's finish stops
    /// this one.
    fn tick(&mut self) -> Result<(), GameError> {
        let Some(team) = self.team.as_deref() else {
            let mut nodes = self.stats.nodes;
            let counted = self.count_node(&mut nodes);
            self.stats.nodes = nodes;
            return counted;
        };
        if team.stop.load(Relaxed) {
            self.halted = true;
            return Err(GameError::OverBudget(Budget::over(
                grundy_budget::Limit::Cancelled,
                1,
                0,
                "the outcome search (another thread answered)",
            )));
        }
        self.stats.nodes += 1;
        if !self.stats.nodes.is_multiple_of(TEAM_BATCH) {
            return Ok(());
        }
        self.cancel.check(|| "the outcome search".to_string())?;
        let total = team.nodes.fetch_add(TEAM_BATCH, Relaxed) + TEAM_BATCH;
        // The shared count passes every multiple of the report interval
        // once, in whichever thread: so progress is reported as often as on
        // one thread (by the first thread only; the others see no observer).
        self.count_node(&mut (total - 1))
    }

    /// One more node of `nodes`, checked against the budget (and reported).
    fn count_node(&self, nodes: &mut u64) -> Result<(), GameError> {
        let limits = NodeLimits {
            max_nodes: self.max_nodes,
            max_positions: self.max_positions,
            search: "Domineering's outcome search",
            max_memory: self.max_memory,
            cancel: &self.cancel,
        };
        let table = (self.tt.filled(), self.tt.capacity());
        count_node(nodes, &limits, table, || self.cache.universe.memory_held())
    }

    /// `side`'s dominoes on `c` (both cells each, in both views) with their
    /// scores, the best first (the rest unsorted): by score,
    /// those with no cell the opponent can never reach, then those with one,
    /// then the safe moves; within each, by how many of the opponent's
    /// dominoes (most disjoint, along its lines) the move takes away and how
    /// many of its own dominoes and safe moves it keeps or makes (counting
    /// the opponent's safe moves it makes too cost 2.5% more nodes on 8x8,
    /// 7x9 and 6x10, and its instructions), then by a lattice of
    /// places (every other line, every other cell: dominoes there make safe
    /// moves of the cells between), near the edges first.
    fn ordered_moves(&self, c: Cells<B>, side: Side, skip_safe: bool, out: &mut Vec<(i32, Cells<B>)>) {
        out.clear();
        let other = side.other();
        let (mv, ov) = (self.g.view(side), self.g.view(other));
        let (mx, ox) = (Geometry::of(c, side), Geometry::of(c, other));
        let my_safe = mv.unreachable(mx);
        let mut m = mv.slots(mx);
        if skip_safe {
            let unsafe_moves = m.minus(mv.slots(my_safe));
            if unsafe_moves != B::ZERO {
                m = unsafe_moves;
            }
        }
        while m != B::ZERO {
            let k = m.lowest();
            m = m.drop_lowest();
            let (i, j) = (k / mv.len, k % mv.len);
            // The same two cells in the opponent's view: cell i of lines j, j + 1.
            let (a, b) = (j * ov.len + i, (j + 1) * ov.len + i);
            let mine = B::bit(k).or(B::bit(k + 1));
            let yours = B::bit(a).or(B::bit(b));
            let (mx2, ox2) = (mx.minus(mine), ox.minus(yours));
            let my_safe2 = mv.unreachable(mx2);
            let mut delta = mv.line_pairs(mx2, i) - mv.line_pairs(mx, i);
            delta += ov.line_pairs(ox, j) - ov.line_pairs(ox2, j);
            delta += ov.line_pairs(ox, j + 1) - ov.line_pairs(ox2, j + 1);
            for l in i.saturating_sub(1)..=i + 1 {
                delta += mv.line_pairs(my_safe2, l) - mv.line_pairs(my_safe, l);
            }
            let protected = mine.and(my_safe).count() as i32;
            let score = -(protected << 16) + (delta << 7) + mv.place_rank(i, j);
            let d = match side {
                Side::Left => Cells { e: yours, t: mine },
                Side::Right => Cells { e: mine, t: yours },
            };
            out.push((score, d));
        }
        // The best first; the rest are sorted only when it does not win (a
        // win mostly needs one move).
        // A plain scan: `max_by_key` over (score, index) pairs cost a tenth
        // of the search on 8x8 in stores and reloads of the tuples.
        let mut best = 0;
        for (i, m) in out.iter().enumerate().skip(1) {
            if m.0 > out[best].0 {
                best = i;
            }
        }
        if best > 0 {
            out.swap(0, best);
        }
    }

    /// The node a domino `d` leaves: its cells gone, and any region next to
    /// it that became small enough ([`DomineeringSearch::small_in_search`])
    /// valued and moved into the value.
    fn child(&mut self, c: Cells<B>, v: GameId, d: Cells<B>) -> Result<(Cells<B>, GameId), GameError> {
        let mut rest = Cells {
            e: c.e.minus(d.e),
            t: c.t.minus(d.t),
        };
        let mut v = v;
        if self.small_in_search == 0 {
            return Ok((rest, v));
        }
        let mut seeds = self.g.neighbours(d.e).and(rest.e);
        while seeds != B::ZERO {
            let seed = seeds.lowest_bit();
            match self.g.region(seed, rest.e, self.small_in_search) {
                Ok(r) => {
                    seeds = seeds.minus(r);
                    if let Some(x) = self.region_value(r)? {
                        v = self.cache.universe.add(v, x);
                        rest.e = rest.e.minus(r);
                        rest.t = rest.t.minus(self.g.transpose(r));
                    }
                }
                Err(reached) => seeds = seeds.minus(reached),
            }
        }
        self.cache.check_work()?;
        Ok((rest, v))
    }

    /// The table's key of a node: the least mirror image, and on a square
    /// board with nothing known the transposed board with the other player to
    /// move when that is less (the same outcome for the player to move).
    fn key(&self, c: Cells<B>, v: GameId, side: Side) -> (B, Side) {
        let own = self.g.least_image(c.e);
        if self.g.h == self.g.w && v == self.cache.universe.zero() {
            let turned = self.g.least_image(c.t);
            if (turned, side.other()) < (own, side) {
                return (turned, side.other());
            }
        }
        (own, side)
    }

    fn search(&mut self, c: Cells<B>, v: GameId, side: Side, depth: usize) -> Result<bool, GameError> {
        self.search_node(c, v, side, depth, false)
            .map(|w| w.expect("a search that may not defer answers"))
    }

    /// Whether `side` to move on `c` plus `v` wins; `None` when `exclusive`
    /// and another thread is searching the node now (see
    /// [`DomineeringSearch::wins_together`]).
    fn search_node(
        &mut self,
        c: Cells<B>,
        v: GameId,
        side: Side,
        depth: usize,
        exclusive: bool,
    ) -> Result<Option<bool>, GameError> {
        if c.e == B::ZERO {
            self.stats.by_value += 1;
            return Ok(Some(self.first_wins(v, side)));
        }
        if let Some(w) = self.by_bounds(c, v, side) {
            self.stats.by_bounds += 1;
            return Ok(Some(w));
        }
        let (key, key_side) = self.key(c, v, side);
        let probe = Entry::new(key, v.0, key_side, false, 0);
        if let Some(w) = self
            .tt
            .find(probe.bucket(), |e| e.same(&probe))
            .map(|e| e.meta & 4 != 0)
        {
            self.stats.tt_hits += 1;
            return Ok(Some(w));
        }
        // Shared out among the threads (see `wins_together`): marked busy
        // while searched, and left for later by a thread that may defer it.
        let (mut shared, mut mark) = (false, None);
        if let Some(team) = self.team.as_deref().filter(|_| c.e.count() >= self.shared_cells) {
            mark = team.mark(probe.bucket());
            if mark.is_none() && exclusive {
                return Ok(None);
            }
            shared = true;
        }
        let answer = self.expand(c, v, side, depth, shared);
        if let (Some(team), Some(mark)) = (self.team.as_deref(), mark) {
            team.unmark(mark);
        }
        let win = answer?;
        self.tt.insert(Entry::new(key, v.0, key_side, win.0, win.1));
        Ok(Some(win.0))
    }

    /// [`DomineeringSearch::search_node`] of a node not in the table: its
    /// moves tried, and whether one wins with the nodes it took; `shared`
    /// when its moves may be left for later while other threads search them.
    fn expand(
        &mut self,
        c: Cells<B>,
        v: GameId,
        side: Side,
        depth: usize,
        shared: bool,
    ) -> Result<(bool, u64), GameError> {
        self.tick()?;
        let start = self.stats.nodes;
        let mut moves = if depth < self.buffers.len() {
            std::mem::take(&mut self.buffers[depth])
        } else {
            self.buffers.resize_with(depth + 1, Vec::new);
            Vec::new()
        };
        // A safe move is never the only way to win while the player has
        // another move (see [`DomineeringSearch::skip_safe_moves`]); with a known part besides the
        // board, its options are in play too, so every move is tried there.
        let skip_safe = self.skip_safe_moves && v == self.cache.universe.zero();
        self.ordered_moves(c, side, skip_safe, &mut moves);
        let other = side.other();
        let mut win = false;
        let mut result = Ok(());
        // Every move in order, then those left for later because another
        // thread was searching them (see `wins_together`).
        let mut later = Vec::new();
        let (mut next, mut next_later) = (0, 0);
        loop {
            let (i, exclusive) = if next < moves.len() {
                next += 1;
                if next == 2 {
                    moves[1..].sort_unstable_by_key(|x| std::cmp::Reverse(x.0));
                }
                (next - 1, shared && next > 1)
            } else if next_later < later.len() {
                next_later += 1;
                (later[next_later - 1], false)
            } else {
                break;
            };
            let d = moves[i].1;
            match self
                .child(c, v, d)
                .and_then(|(cc, cv)| self.search_node(cc, cv, other, depth + 1, exclusive))
            {
                Ok(Some(false)) => {
                    win = true;
                    break;
                }
                Ok(Some(true)) => {}
                Ok(None) => later.push(i),
                Err(err) => {
                    result = Err(err);
                    break;
                }
            }
        }
        self.buffers[depth] = moves;
        result?;
        if !win && v != self.cache.universe.zero() {
            let options = match side {
                Side::Left => self.cache.universe.left_options(v).to_vec(),
                Side::Right => self.cache.universe.right_options(v).to_vec(),
            };
            for w in options {
                if !self.search(c, w, other, depth + 1)? {
                    win = true;
                    break;
                }
            }
        }
        Ok((win, self.stats.nodes - start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::Partizan;

    /// Boards of up to 20 cells with random holes, by a small generator.
    fn boards(n: usize) -> Vec<(usize, usize, u64)> {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut out = Vec::new();
        for _ in 0..n {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let h = 1 + (x % 6) as usize;
            let w = 1 + ((x >> 8) % 6) as usize;
            if h * w > 24 {
                continue;
            }
            // About one cell in four filled, or one in eight.
            let holes = (x >> 16) & (x >> 40) & if x & 1 == 0 { x >> 5 } else { u64::MAX };
            out.push((h, w, super::super::full(h, w) & !holes));
        }
        out
    }

    /// Whenever the bounds decide, they agree with the exact value; and the
    /// search agrees with it everywhere, with and without small values.
    #[test]
    fn bounds_and_search_agree_with_values() {
        let game = Domineering::new();
        let mut cache = ValueCache::new(10_000_000);
        let budget = Budget {
            max_memory: 256 << 20,
            ..Budget::default()
        };
        let mut decided = 0;
        let table = Arc::new(super::super::regions::build(8, &budget).unwrap());
        for (h, w, e) in boards(if cfg!(debug_assertions) { 300 } else { 3000 }) {
            let board = super::super::Board::from_bits(h, w, e).unwrap();
            let v = game.value(&board, &mut cache).unwrap();
            let class = cache.universe.outcome(v);
            for side in [Side::Left, Side::Right] {
                let truth = matches!(
                    (class, side),
                    (OutcomeClass::N, _) | (OutcomeClass::L, Side::Left) | (OutcomeClass::R, Side::Right)
                );
                // The last: regions of up to 8 cells looked up in a table,
                // larger ones computed from its values.
                for (small, table) in [(0, None), (6, None), (12, None), (12, Some(&table))] {
                    let mut s = DomineeringSearch::<u64>::new(h, w, &budget).unwrap();
                    if let Some(t) = table {
                        s = s.with_regions(Arc::clone(t));
                    }
                    s.small = small;
                    s.small_in_search = small;
                    let zero = s.cache.universe.zero();
                    if small == 0 {
                        if let Some(b) = s.by_bounds(s.g.cells(e), zero, side) {
                            decided += 1;
                            assert_eq!(b, truth, "bounds on {h}x{w} {e:#b}, {side:?} first");
                        }
                    }
                    let got = s.solve(e, side).unwrap();
                    assert_eq!(
                        got.wins,
                        truth,
                        "search on {h}x{w} {e:#b}, {side:?} first, small {small}, table {}",
                        table.is_some()
                    );
                    if let Some(q) = got.winning_move {
                        let mut fresh = DomineeringSearch::<u64>::new(h, w, &budget).unwrap();
                        assert!(!fresh.wins(q, side.other()).unwrap(), "{q:#b} does not win");
                        assert_eq!((e & !q).count_ones(), 2);
                    }
                }
            }
        }
        assert!(decided > 50, "the bounds decided only {decided} boards");
    }

    /// The budget's positions are the nodes visited: they stop the search
    /// (they once went unheeded) on one thread and on several, in a kept
    /// search renewed with another budget too, and the error names them.
    #[test]
    fn positions_bound_the_nodes() {
        // The work, far above, ends the search if the positions go unheeded.
        let budget = |positions| Budget {
            max_positions: Some(positions),
            max_work: Some(100_000),
            ..Budget::default()
        };
        for threads in [1, 2] {
            let mut s = DomineeringSearch::<u64>::new(8, 8, &budget(1_000)).unwrap();
            s.threads = threads;
            for allowed in [1_000, 700] {
                s.renew(&budget(allowed));
                match s.wins(s.g.all(), Side::Left) {
                    Err(GameError::OverBudget(e)) => {
                        assert_eq!(e.limit, grundy_budget::Limit::Positions, "{e}");
                        assert_eq!(e.allowed, allowed);
                        assert!(e.to_string().contains("--max-positions"), "{e}");
                    }
                    other => panic!("not over budget: {other:?}"),
                }
            }
        }
    }

    /// Plain minimax on an `h × w` board (row major, Left vertical): whether
    /// the player to move wins, trying every move, or with `skip_safe` only
    /// the unsafe ones when there are any.
    fn plain_wins(
        (h, w): (usize, usize),
        e: u64,
        left: bool,
        skip_safe: bool,
        memo: &mut FxHashMap<(u64, bool), bool>,
    ) -> bool {
        if let Some(&x) = memo.get(&(e, left)) {
            return x;
        }
        let cell = |r: usize, c: usize| r < h && c < w && e >> (r * w + c) & 1 == 1;
        // Whether the opponent can ever cover cell (r, c).
        let reachable = |r: usize, c: usize| {
            if left {
                (c > 0 && cell(r, c - 1)) || cell(r, c + 1)
            } else {
                (r > 0 && cell(r - 1, c)) || cell(r + 1, c)
            }
        };
        let mut moves = Vec::new();
        for r in 0..h {
            for c in 0..w {
                let (r2, c2) = if left { (r + 1, c) } else { (r, c + 1) };
                if cell(r, c) && cell(r2, c2) {
                    let safe = !reachable(r, c) && !reachable(r2, c2);
                    moves.push((safe, e & !(1 << (r * w + c)) & !(1 << (r2 * w + c2))));
                }
            }
        }
        if skip_safe && moves.iter().any(|m| !m.0) {
            moves.retain(|m| !m.0);
        }
        let wins = moves
            .iter()
            .any(|&(_, q)| !plain_wins((h, w), q, !left, skip_safe, memo));
        memo.insert((e, left), wins);
        wins
    }

    /// Skipping safe moves ([`DomineeringSearch::skip_safe_moves`]) never
    /// changes who wins: checked on every position of boards of up to 16
    /// cells (and, ignored for its time, of 4x5, 5x4 and 3x7).
    #[test]
    fn safe_moves_are_never_needed() {
        check_safe_moves_on(&[(4, 4), (3, 5), (5, 3), (2, 8), (8, 2), (3, 4)]);
    }

    #[test]
    #[ignore = "about a minute: every position of 20 and 21 cells"]
    fn safe_moves_are_never_needed_on_bigger_boards() {
        check_safe_moves_on(&[(4, 5), (5, 4), (3, 7)]);
    }

    /// The move-count bounds agree with plain minimax on every position of
    /// the boards of up to 16 cells (ignored: up to 24).
    #[test]
    fn bounds_agree_with_minimax_everywhere() {
        check_bounds_on(&[(4, 4), (3, 5), (5, 3), (2, 8), (3, 4)]);
    }

    #[test]
    #[ignore = "about a minute: every position of 20 to 24 cells"]
    fn bounds_agree_with_minimax_everywhere_on_bigger_boards() {
        check_bounds_on(&[(4, 5), (5, 4), (3, 7), (4, 6), (6, 4)]);
    }

    fn check_bounds_on(sizes: &[(usize, usize)]) {
        let budget = Budget {
            max_memory: 64 << 20,
            ..Budget::default()
        };
        for &(h, w) in sizes {
            let mut memo = FxHashMap::default();
            let mut s = DomineeringSearch::<u64>::new(h, w, &budget).unwrap();
            let zero = s.cache.universe.zero();
            let mut decided = 0u64;
            for e in 0..1u64 << (h * w) {
                for (side, left) in [(Side::Left, true), (Side::Right, false)] {
                    if let Some(b) = s.by_bounds(s.g.cells(e), zero, side) {
                        decided += 1;
                        let truth = plain_wins((h, w), e, left, true, &mut memo);
                        assert_eq!(b, truth, "{h}x{w} {e:#b}, {side:?} first");
                    }
                }
            }
            assert!(
                decided > 1 << (h * w - 2),
                "{h}x{w}: the bounds decided only {decided}"
            );
        }
    }

    fn check_safe_moves_on(sizes: &[(usize, usize)]) {
        for &(h, w) in sizes {
            let (mut all, mut skipping) = (FxHashMap::default(), FxHashMap::default());
            for e in 0..1u64 << (h * w) {
                for left in [true, false] {
                    assert_eq!(
                        plain_wins((h, w), e, left, false, &mut all),
                        plain_wins((h, w), e, left, true, &mut skipping),
                        "{h}x{w} {e:#b}, {} first",
                        if left { "Left" } else { "Right" }
                    );
                }
            }
        }
    }
}
