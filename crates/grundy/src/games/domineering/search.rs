//! Who wins a Domineering board: the family's own outcome search, the generic
//! one ([`crate::partizan::OutcomeSearch`]) rewritten on bitboards.
//!
//! The ideas are the generic search's, in the form Domineering allows to be
//! fast: a node is one bitboard of the cells still to be played out, plus the
//! canonical value `V` of the small regions already split off (valued exactly
//! by the canonical-form engine, [`super::Domineering::region_value`], on
//! demand); a move is a domino on the bitboard or a move of `V`'s canonical
//! form. After a move only the region the domino was in can split, so only the
//! domino's neighbours are flooded, and a flood stops as soon as its region is
//! too big to value. The transposition table's key is the node itself (the
//! least of the bitboard's mirror images, `V` and the player to move): no hash
//! collision can give a wrong answer. The move-count bounds are those of
//! [`super::move_bounds`] (safe moves, a third of the spoilable ones, against
//! the opponent's most), counted with bit operations, and moves are ordered by
//! [`super::move_score`]'s measure.
//!
//! The search is generic over the bitboard's width ([`Bits`]: `u64`, `u128`),
//! so that boards of up to 128 cells can be searched.

use rustc_hash::FxHashMap;

use super::Domineering;
use crate::partizan::outcome::{
    Solved, Stats, COMPONENT_WORK, OUTCOME_NODES, SMALL_COMPONENT, TT_MAX_ENTRIES,
};
use crate::partizan::{GameId, OutcomeClass, Side, ValueCache};
use crate::{Budget, GameError};

/// The name of the method in reports.
/// It begins as every outcome search's ([`crate::partizan::outcome::OUTCOME_SEARCH`]).
pub const METHOD: &str = "outcome search on bitboards (Domineering's own: alpha-beta, exact values of small regions, transposition table, safe-move bounds)";

/// A bitboard: one bit a cell, row major (bit `r * w + c`).
pub trait Bits: Copy + Eq + Ord + std::fmt::Debug {
    /// No cell.
    const ZERO: Self;
    /// Cells a bitboard holds.
    const CELLS: usize;
    /// Cell `i` alone.
    fn bit(i: usize) -> Self;
    /// The cells of `self` and of `o`.
    fn or(self, o: Self) -> Self;
    /// The cells of both.
    fn and(self, o: Self) -> Self;
    /// The cells not in `self`.
    fn not(self) -> Self;
    /// Every cell moved `n` places up the bit order (none when `n` is too big).
    fn up(self, n: usize) -> Self;
    /// Every cell moved `n` places down the bit order.
    fn down(self, n: usize) -> Self;
    /// How many cells.
    fn count(self) -> u32;
    /// The lowest cell's index.
    fn lowest(self) -> usize;
    /// The highest cell's index.
    fn highest(self) -> usize;
    /// Without its lowest cell.
    fn drop_lowest(self) -> Self;
    /// Its cells below 64, as a `u64`.
    fn low64(self) -> u64;
    /// A 64-bit digest, for the table's bucket.
    fn digest(self) -> u64;
    /// The lowest cell alone.
    fn lowest_bit(self) -> Self {
        self.and(self.drop_lowest().not())
    }
    /// The cells of `self` not in `o`.
    fn minus(self, o: Self) -> Self {
        self.and(o.not())
    }
}

macro_rules! bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: $t = 0;
            const CELLS: usize = <$t>::BITS as usize;
            #[inline]
            fn bit(i: usize) -> $t {
                1 << i
            }
            #[inline]
            fn or(self, o: $t) -> $t {
                self | o
            }
            #[inline]
            fn and(self, o: $t) -> $t {
                self & o
            }
            #[inline]
            fn not(self) -> $t {
                !self
            }
            #[inline]
            fn up(self, n: usize) -> $t {
                self.checked_shl(n as u32).unwrap_or(0)
            }
            #[inline]
            fn down(self, n: usize) -> $t {
                self.checked_shr(n as u32).unwrap_or(0)
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn highest(self) -> usize {
                (<$t>::BITS - 1 - self.leading_zeros()) as usize
            }
            #[inline]
            fn drop_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn low64(self) -> u64 {
                self as u64
            }
            #[inline]
            fn digest(self) -> u64 {
                #[allow(clippy::cast_possible_truncation)]
                let lo = self as u64;
                let hi = self.checked_shr(64).unwrap_or(0) as u64;
                lo ^ hi.rotate_left(29)
            }
        }
    };
}
bits!(u64);
bits!(u128);

/// An `h × w` board's masks.
#[derive(Clone, Copy, Debug)]
pub struct Geometry<B> {
    h: usize,
    w: usize,
    all: B,
    /// Cells not in the last column (they have a right neighbour).
    not_last: B,
    /// Cells not in the first column.
    not_first: B,
    /// The cells of row 0.
    row0: B,
    /// The cells of column 0.
    col0: B,
}

impl<B: Bits> Geometry<B> {
    /// The `h × w` board; `None` when it has no cell or more than `B` holds.
    pub fn new(h: usize, w: usize) -> Option<Geometry<B>> {
        if h == 0 || w == 0 || h * w > B::CELLS {
            return None;
        }
        let mut all = B::ZERO;
        let mut col0 = B::ZERO;
        for r in 0..h {
            col0 = col0.or(B::bit(r * w));
        }
        let mut row0 = B::ZERO;
        for c in 0..w {
            row0 = row0.or(B::bit(c));
        }
        for r in 0..h {
            all = all.or(row0.up(r * w));
        }
        Some(Geometry {
            h,
            w,
            all,
            not_last: all.minus(col0.up(w - 1)),
            not_first: all.minus(col0),
            row0,
            col0,
        })
    }

    /// Every cell.
    pub fn all(&self) -> B {
        self.all
    }

    /// The first cells of `side`'s dominoes on `e`: Left's top cells, Right's left ones.
    #[inline]
    fn slots(&self, e: B, side: Side) -> B {
        match side {
            Side::Left => e.and(e.down(self.w)),
            Side::Right => e.and(e.down(1)).and(self.not_last),
        }
    }

    /// The distance from a domino's first cell to its second.
    #[inline]
    fn step(&self, side: Side) -> usize {
        match side {
            Side::Left => self.w,
            Side::Right => 1,
        }
    }

    #[inline]
    fn neighbours(&self, x: B) -> B {
        let right = x.and(self.not_last).up(1);
        let left = x.and(self.not_first).down(1);
        right.or(left).or(x.up(self.w)).or(x.down(self.w)).and(self.all)
    }

    /// The empty cells the opponent of `side` can never cover (see [`super::move_bounds`]).
    #[inline]
    fn unreachable(&self, e: B, side: Side) -> B {
        let reach = match side {
            Side::Left => e.down(1).and(self.not_last).or(e.up(1).and(self.not_first)),
            Side::Right => e.down(self.w).or(e.up(self.w)),
        };
        e.minus(reach)
    }

    /// The most disjoint dominoes of `side` in `m` (half of every run of cells
    /// of a column, for Left; of a row, for Right).
    #[inline]
    fn pairs(&self, m: B, side: Side) -> u32 {
        // Greedy from one end of each line: a domino's first cell is taken when
        // it was not taken as the second cell of the one before.
        let starts = self.slots(m, side);
        let (lines, line, step) = match side {
            Side::Left => (self.h, self.row0, self.w),
            Side::Right => (self.w, self.col0, 1),
        };
        let mut total = 0;
        let mut taken = B::ZERO;
        for k in 0..lines.saturating_sub(1) {
            let firsts = starts.and(line.up(k * step)).minus(taken);
            total += firsts.count();
            taken = firsts.up(step);
        }
        total
    }

    /// The least of `e`'s images under the mirrors (left-right, up-down, both),
    /// which keep the players' roles.
    fn least_image(&self, e: B) -> B {
        let mut lr = B::ZERO;
        for c in 0..self.w {
            lr = lr.or(e.down(c).and(self.col0).up(self.w - 1 - c));
        }
        let mut ud = B::ZERO;
        let mut both = B::ZERO;
        for r in 0..self.h {
            let to = (self.h - 1 - r) * self.w;
            ud = ud.or(e.down(r * self.w).and(self.row0).up(to));
            both = both.or(lr.down(r * self.w).and(self.row0).up(to));
        }
        e.min(lr).min(ud).min(both)
    }

    /// The region of `e` that holds `seed`: `Ok` when at most `most` cells,
    /// else `Err` with the cells reached by then.
    #[inline]
    fn region(&self, seed: B, e: B, most: u32) -> Result<B, B> {
        let mut r = seed;
        loop {
            let grown = r.or(self.neighbours(r)).and(e);
            if grown == r {
                return Ok(r);
            }
            r = grown;
            if r.count() > most {
                return Err(r);
            }
        }
    }

    /// A region (at most 64 cells in its bounding box) trimmed to its bounding
    /// box: (rows, columns, cells).
    fn trim(&self, m: B) -> Option<(usize, usize, u64)> {
        let (r0, r1) = (m.lowest() / self.w, m.highest() / self.w);
        let mut cols = B::ZERO;
        for r in r0..=r1 {
            cols = cols.or(m.down(r * self.w).and(self.row0));
        }
        let (c0, c1) = (cols.lowest(), cols.highest());
        let (bh, bw) = (r1 - r0 + 1, c1 - c0 + 1);
        if bh * bw > 64 {
            return None;
        }
        let row = if bw == 64 { u64::MAX } else { (1u64 << bw) - 1 };
        let mut out = 0u64;
        for r in 0..bh {
            out |= (m.down((r0 + r) * self.w + c0).low64() & row) << (r * bw);
        }
        Some((bh, bw, out))
    }
}

/// One entry of the transposition table: a node (its least image, the known
/// part's value, the player to move) and what it is worth.
#[derive(Clone, Copy, Debug)]
struct Entry<B> {
    cells: B,
    value: u32,
    /// Bit 0: in use; bit 1: Right to move; bit 2: the player to move wins;
    /// the rest: the nodes its search took (saturating), to keep costlier ones.
    meta: u32,
}

impl<B: Bits> Entry<B> {
    const EMPTY: Entry<B> = Entry {
        cells: B::ZERO,
        value: 0,
        meta: 0,
    };

    fn work(&self) -> u32 {
        self.meta >> 3
    }
}

/// Buckets of two entries: the first keeps the costlier search, the second
/// takes every other one. It doubles when three quarters full, up to `most`.
struct Table<B> {
    slots: Vec<Entry<B>>,
    filled: u64,
    most: usize,
}

#[inline]
fn bucket_hash<B: Bits>(cells: B, value: u32, side: Side) -> u64 {
    let x = cells.digest() ^ (u64::from(value) << 1 | u64::from(side == Side::Right)).rotate_left(40);
    x.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (x >> 29)
}

impl<B: Bits> Table<B> {
    fn new(most: usize) -> Table<B> {
        let most = most.clamp(1024, TT_MAX_ENTRIES);
        let most = if most.is_power_of_two() {
            most
        } else {
            most.next_power_of_two() / 2
        };
        Table {
            slots: vec![Entry::EMPTY; (1 << 16).min(most)],
            filled: 0,
            most,
        }
    }

    fn index(&self, h: u64) -> usize {
        (h.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as usize & (self.slots.len() - 1) & !1
    }

    fn get(&self, cells: B, value: u32, side: Side) -> Option<bool> {
        let i = self.index(bucket_hash(cells, value, side));
        let side_bit = u32::from(side == Side::Right) << 1;
        self.slots[i..i + 2]
            .iter()
            .find(|e| e.meta & 1 == 1 && e.meta & 2 == side_bit && e.cells == cells && e.value == value)
            .map(|e| e.meta & 4 != 0)
    }

    fn insert(&mut self, cells: B, value: u32, side: Side, win: bool, work: u64) {
        if self.filled * 4 >= self.slots.len() as u64 * 3 && self.slots.len() < self.most {
            self.grow();
        }
        let meta =
            1 | u32::from(side == Side::Right) << 1 | u32::from(win) << 2 | (work.min(1 << 28) as u32) << 3;
        self.put(Entry { cells, value, meta });
    }

    fn grow(&mut self) {
        let n = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, vec![Entry::EMPTY; n]);
        self.filled = 0;
        for e in old.into_iter().filter(|e| e.meta & 1 == 1) {
            self.put(e);
        }
    }

    fn put(&mut self, new: Entry<B>) {
        let side = if new.meta & 2 != 0 {
            Side::Right
        } else {
            Side::Left
        };
        let i = self.index(bucket_hash(new.cells, new.value, side));
        let same = |e: &Entry<B>| {
            e.meta & 1 == 1 && (e.meta & 2) == (new.meta & 2) && e.cells == new.cells && e.value == new.value
        };
        let (first, second) = (self.slots[i], self.slots[i + 1]);
        if same(&first) {
            self.slots[i] = new;
        } else if same(&second) {
            self.slots[i + 1] = new;
        } else if first.meta & 1 == 0 {
            self.filled += 1;
            self.slots[i] = new;
        } else {
            if second.meta & 1 == 0 {
                self.filled += 1;
            }
            if new.work() >= first.work() {
                self.slots[i + 1] = first;
                self.slots[i] = new;
            } else {
                self.slots[i + 1] = new;
            }
        }
    }
}

/// Domineering's outcome search on boards of `B`'s cells; see the module's
/// documentation.
pub struct DomineeringSearch<B> {
    g: Geometry<B>,
    game: Domineering,
    cache: ValueCache<super::Board>,
    /// Regions of at most this many cells are valued.
    pub small: u32,
    tt: Table<B>,
    classes: FxHashMap<GameId, OutcomeClass>,
    /// Regions too costly to value (trimmed).
    unknown: rustc_hash::FxHashSet<(usize, usize, u64)>,
    max_nodes: u64,
    max_memory: u64,
    cancel: grundy_budget::Cancel,
    stats: Stats,
    /// Move lists, one a depth, kept to spare an allocation a node.
    buffers: Vec<Vec<(i32, B)>>,
}

impl<B: Bits> DomineeringSearch<B> {
    /// A search of `h × w` boards within `budget` (as the generic search's:
    /// its work is nodes, an eighth of its memory is the table, half the
    /// values); `None` when `B` cannot hold the board.
    pub fn new(h: usize, w: usize, budget: &Budget) -> Option<DomineeringSearch<B>> {
        let g = Geometry::new(h, w)?;
        let mut cache = ValueCache::new(usize::MAX);
        cache.universe.set_memory_limit(budget.max_memory / 2);
        cache.universe.set_cancel(&budget.cancel);
        let entry = std::mem::size_of::<Entry<B>>() as u64;
        let tt_entries = usize::try_from(budget.max_memory / 8 / entry).unwrap_or(usize::MAX);
        Some(DomineeringSearch {
            g,
            game: Domineering::new(),
            cache,
            small: SMALL_COMPONENT as u32,
            tt: Table::new(tt_entries),
            classes: FxHashMap::default(),
            unknown: Default::default(),
            max_nodes: budget.work_or(OUTCOME_NODES),
            max_memory: budget.max_memory,
            cancel: budget.cancel.clone(),
            stats: Stats::default(),
            buffers: Vec::new(),
        })
    }

    /// The board's geometry.
    pub fn geometry(&self) -> &Geometry<B> {
        &self.g
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        Stats {
            tt_entries: self.tt.filled,
            ..self.stats
        }
    }

    /// Whether `side`, moving first on the empty cells `e`, wins.
    pub fn wins(&mut self, e: B, side: Side) -> Result<bool, GameError> {
        let e = e.and(self.g.all);
        let (rest, v) = self.split_all(e)?;
        self.search(rest, v, side, 0)
    }

    /// Whether `side`, moving first on the empty cells `e`, wins, and a winning
    /// move (the empty cells it leaves) if so.
    pub fn solve(&mut self, e: B, side: Side) -> Result<Solved<B>, GameError> {
        let e = e.and(self.g.all);
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
        self.ordered_moves(e, side, &mut moves);
        for (_, d) in moves {
            let q = e.minus(d);
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
    fn split_all(&mut self, e: B) -> Result<(B, GameId), GameError> {
        let mut v = self.cache.universe.zero();
        let mut rest = e;
        let mut seeds = e;
        while seeds != B::ZERO {
            let seed = seeds.lowest_bit();
            match self.g.region(seed, e, self.small) {
                Ok(r) => {
                    seeds = seeds.minus(r);
                    if let Some(x) = self.region_value(r)? {
                        v = self.cache.universe.add(v, x);
                        rest = rest.minus(r);
                    }
                }
                Err(_) => {
                    // Too big: its cells leave the seeds by a whole flood.
                    let whole = self.g.region(seed, e, u32::MAX).unwrap_or(seed);
                    seeds = seeds.minus(whole);
                }
            }
        }
        self.cache.check_work()?;
        Ok((rest, v))
    }

    /// A small region's value, or `None` when too costly.
    fn region_value(&mut self, r: B) -> Result<Option<GameId>, GameError> {
        let Some((h, w, bits)) = self.g.trim(r) else {
            return Ok(None);
        };
        if self.unknown.contains(&(h, w, bits)) {
            return Ok(None);
        }
        self.cache.limit_work(COMPONENT_WORK);
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
        if let Some(&c) = self.classes.get(&v) {
            return c;
        }
        let c = self.cache.universe.outcome(v);
        self.classes.insert(v, c);
        c
    }

    fn first_wins(&mut self, v: GameId, side: Side) -> bool {
        matches!(
            (self.class(v), side),
            (OutcomeClass::N, _) | (OutcomeClass::L, Side::Left) | (OutcomeClass::R, Side::Right)
        )
    }

    /// The move counts decide (as the generic search's, see
    /// [`crate::partizan::OutcomeSearch`]): `Some(true)` when `side` to move
    /// surely wins, `Some(false)` when it surely loses.
    fn by_bounds(&mut self, e: B, v: GameId, side: Side) -> Option<bool> {
        let other = side.other();
        let safe_cells_me = self.g.unreachable(e, side);
        let safe_cells_you = self.g.unreachable(e, other);
        let mut safe_me = u64::from(self.g.pairs(safe_cells_me, side));
        let mut safe_you = u64::from(self.g.pairs(safe_cells_you, other));
        let mut most_me = u64::from(self.g.pairs(e, side));
        let mut most_you = u64::from(self.g.pairs(e, other));
        safe_me += u64::from(self.g.pairs(e.minus(safe_cells_me), side)).div_ceil(3);
        safe_you += u64::from(self.g.pairs(e.minus(safe_cells_you), other)) / 3;
        let (mut may_win, mut may_lose) = (true, true);
        if v != self.cache.universe.zero() {
            match self
                .cache
                .universe
                .as_number(v)
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
                    let class = self.class(v);
                    let (good, bad) = match side {
                        Side::Left => (OutcomeClass::L, OutcomeClass::R),
                        Side::Right => (OutcomeClass::R, OutcomeClass::L),
                    };
                    may_win = class == good || class == OutcomeClass::P;
                    may_lose = class == bad || class == OutcomeClass::P;
                }
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
            crate::solve::progress::report_table(self.tt.filled, self.tt.slots.len() as u64);
            crate::solve::progress::check_cancel(&self.cancel, || {
                "Domineering's outcome search".to_string()
            })?;
            let held = self.cache.universe.memory_held();
            if held > self.max_memory / 2 {
                return Err(GameError::OverBudget(Budget::over(
                    grundy_budget::Limit::Memory,
                    held,
                    self.max_memory / 2,
                    "the outcome search's values of small regions",
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

    /// `side`'s dominoes on `e` (both cells each), best first by
    /// [`super::move_score`]'s measure.
    fn ordered_moves(&self, e: B, side: Side, out: &mut Vec<(i32, B)>) {
        out.clear();
        let other = side.other();
        let (mine, theirs) = (self.g.slots(e, side), self.g.slots(e, other));
        let (my_step, their_step) = (self.g.step(side), self.g.step(other));
        let mut m = mine;
        while m != B::ZERO {
            let i = m.lowest();
            m = m.drop_lowest();
            let d = B::bit(i).or(B::bit(i + my_step));
            let hit = |slots: B, step: usize| slots.and(d.or(d.down(step))).count() as i32;
            let after = e.minus(d);
            let safe = |s: Side| self.g.pairs(self.g.unreachable(after, s), s) as i32;
            let score = 2 * hit(theirs, their_step) - hit(mine, my_step) + 3 * (safe(side) - safe(other));
            out.push((score, d));
        }
        // Stable: equal scores keep the board's order, as the generic search.
        out.sort_by_key(|x| std::cmp::Reverse(x.0));
    }

    /// The node a domino `d` leaves: its cells gone, and any region next to
    /// it that became small enough valued and moved into the value.
    fn child(&mut self, e: B, v: GameId, d: B) -> Result<(B, GameId), GameError> {
        let mut rest = e.minus(d);
        let mut v = v;
        let mut seeds = self.g.neighbours(d).and(rest);
        while seeds != B::ZERO {
            let seed = seeds.lowest_bit();
            match self.g.region(seed, rest, self.small) {
                Ok(r) => {
                    seeds = seeds.minus(r);
                    if let Some(x) = self.region_value(r)? {
                        v = self.cache.universe.add(v, x);
                        rest = rest.minus(r);
                    }
                }
                Err(reached) => seeds = seeds.minus(reached),
            }
        }
        self.cache.check_work()?;
        Ok((rest, v))
    }

    fn search(&mut self, e: B, v: GameId, side: Side, depth: usize) -> Result<bool, GameError> {
        if e == B::ZERO {
            self.stats.by_value += 1;
            return Ok(self.first_wins(v, side));
        }
        if let Some(w) = self.by_bounds(e, v, side) {
            self.stats.by_bounds += 1;
            return Ok(w);
        }
        let key = self.g.least_image(e);
        if let Some(w) = self.tt.get(key, v.0, side) {
            self.stats.tt_hits += 1;
            return Ok(w);
        }
        self.tick()?;
        let start = self.stats.nodes;
        let mut moves = if depth < self.buffers.len() {
            std::mem::take(&mut self.buffers[depth])
        } else {
            self.buffers.resize_with(depth + 1, Vec::new);
            Vec::new()
        };
        self.ordered_moves(e, side, &mut moves);
        let other = side.other();
        let mut win = false;
        let mut result = Ok(());
        for &(_, d) in &moves {
            match self
                .child(e, v, d)
                .and_then(|(ce, cv)| self.search(ce, cv, other, depth + 1))
            {
                Ok(false) => {
                    win = true;
                    break;
                }
                Ok(true) => {}
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
                if !self.search(e, w, other, depth + 1)? {
                    win = true;
                    break;
                }
            }
        }
        self.tt.insert(key, v.0, side, win, self.stats.nodes - start);
        Ok(win)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_half_of_each_run() {
        // Row 0: ###. ; column runs of 3, 2, 1 cells.
        let g = Geometry::<u64>::new(3, 3).unwrap();
        // Cells: column 0 full (3), column 1 rows 0-1 (2), column 2 row 0 (1).
        let e: u64 = 0b001_011_111;
        assert_eq!(g.pairs(e, Side::Left), 1 + 1);
        // Rows: row 0 has 3 (1 pair), row 1 has 2 (1), row 2 has 1 (0).
        assert_eq!(g.pairs(e, Side::Right), 2);
    }

    #[test]
    fn the_least_image_is_the_same_for_every_mirror() {
        let g = Geometry::<u128>::new(3, 5).unwrap();
        let e: u128 = 0b10011_00101_11000;
        let (h, w, lr) = super::super::mirror_lr(3, 5, e as u64);
        let (_, _, ud) = super::super::mirror_ud(h, w, e as u64);
        assert_eq!(g.least_image(e), g.least_image(u128::from(lr)));
        assert_eq!(g.least_image(e), g.least_image(u128::from(ud)));
        assert!(g.least_image(e) <= e);
    }
}
