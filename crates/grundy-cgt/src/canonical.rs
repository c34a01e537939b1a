//! The arena: interning, canonical reduction, comparison, sums and negation.
//!
//! Every node is a canonical form. Canonical forms are unique, so the interning map
//! from option lists to ids turns value equality into id equality; everything else
//! (numbers, nimbers, ups) is an ordinary node that carries a little recognised
//! structure for the fast paths and for display.

use rustc_hash::FxHashMap;

use crate::{Dyadic, GameId, Universe};

/// A value x + n·↑ + *m (x a number, n an integer, m a nim-value): the games CGSuite
/// calls "number-up-star". Numbers and nimbers are the special cases n = m = 0 and
/// x = n = 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Nus {
    pub x: Dyadic,
    pub ups: i64,
    pub star: u64,
}

impl Nus {
    pub(crate) fn number(x: Dyadic) -> Nus {
        Nus { x, ups: 0, star: 0 }
    }
    /// The sum, `None` when its number is beyond [`Dyadic`]'s precision (or its
    /// ups beyond 2^62, far past any work limit).
    fn plus(self, o: Nus) -> Option<Nus> {
        let ups = self
            .ups
            .checked_add(o.ups)
            .filter(|u| u.unsigned_abs() <= 1 << 62)?;
        Some(Nus {
            x: self.x.checked_add(o.x)?,
            ups,
            star: self.star ^ o.star,
        })
    }
    fn neg(self) -> Nus {
        Nus {
            x: -self.x,
            // Never i64::MIN: no chain of 2^63 ups is ever built.
            ups: self.ups.saturating_neg(),
            star: self.star,
        }
    }
}

/// One interned canonical form, with what is cheap to know at interning time.
/// Millions of them are held for a large game, so the rare structure (the
/// number or x + n·↑ + *m it is) lives beside them, in [`Arena::recognised`].
///
/// The stops come first: a node is 48 bytes, in a vector the allocator aligns
/// to 16, so its first 16 bytes never straddle two cache lines, and many
/// comparisons are decided by the stops alone (see `le_impl`).
#[repr(C)]
pub(crate) struct Node {
    /// The stops, each rounded to the nearest `f64` (half the bytes of two
    /// [`Dyadic`]s, and compared in one instruction). Rounding is monotone, so
    /// a strict inequality between rounded stops holds between the stops; a tie
    /// proves equality only when both are exact, and the reductions take a tie
    /// as proving nothing.
    pub left_stop: f64,
    pub right_stop: f64,
    /// Left's options, then Right's: one allocation a node.
    options: Box<[GameId]>,
    /// How many of `options` are Left's.
    left_len: u32,
    pub birthday: u32,
    /// Where its x + n·↑ + *m is in [`Arena::recognised`]; [`NOT_RECOGNISED`] if
    /// it is none.
    recognised: u32,
    /// Whether it is a number (then `recognised` holds it, without ups or star).
    pub is_number: bool,
    /// Whether both stops are exact (numerators of at most 53 bits, as in every
    /// game short of Hackenbush strings of 50 edges or so).
    pub stops_exact: bool,
}

impl Node {
    pub(crate) fn left(&self) -> &[GameId] {
        &self.options[..self.left_len as usize]
    }

    pub(crate) fn right(&self) -> &[GameId] {
        &self.options[self.left_len as usize..]
    }
}

/// [`Node::recognised`] of a game that is not x + n·↑ + *m.
const NOT_RECOGNISED: u32 = u32::MAX;

/// The hash of a form's options, the key of [`Arena::index`].
fn options_hash(left: &[GameId], right: &[GameId]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    left.hash(&mut h);
    right.hash(&mut h);
    h.finish()
}

/// The storage behind [`Universe`].
#[derive(Default)]
pub(crate) struct Arena {
    pub nodes: Vec<Node>,
    /// Every node by its options (sorted): the interning map. It holds ids only,
    /// and finds the options in the nodes.
    index: hashbrown::HashTable<GameId>,
    /// The x + n·↑ + *m of the nodes that are one (see [`Node::recognised`]).
    recognised: Vec<Nus>,
    /// Sums by their terms' ids, the lesser first (in 64 bits); negatives by the
    /// id. Both are looked up at random places far more often than they grow,
    /// so they live in huge pages (see [`crate::mapped`]).
    add_memo: crate::PackedMemo,
    neg_memo: crate::PackedMemo,
    /// The answers of `g <= h` (a lossy cache: see [`crate::comparisons`]).
    pub comparisons: crate::comparisons::Comparisons,
    nus_memo: FxHashMap<Nus, GameId>,
    /// Steps of work left (see [`Universe::set_work_limit`]); `None` is unlimited.
    pub work_left: Option<u64>,
    /// The limit last set, for messages.
    pub work_limit: Option<u64>,
    /// Set when `work_left` ran out: from then on nothing new is interned or
    /// memoized and operations return at once, so the arena holds only true values.
    pub exhausted: bool,
    /// Bytes the games and memos hold, estimated as they are added.
    pub bytes: u64,
    /// The most bytes the games and memos may hold (see [`Universe::set_memory_limit`]).
    pub memory_limit: u64,
    /// Set when `bytes` passed `memory_limit` (with `exhausted`).
    pub out_of_memory: bool,
    /// Set when the stack ran low (with `exhausted`): the recursions over a form go
    /// as deep as the form, and a long chain of ups is within the work limit.
    pub too_deep: bool,
    /// Set when a number needed more precision than [`Dyadic`] has (with
    /// `exhausted`): nothing is ever rounded.
    pub too_precise: bool,
    /// The front end's flag to stop early (see [`Universe::set_cancel`]), looked
    /// at every [`CANCEL_EVERY`] steps; `cancelled` is set (with `exhausted`)
    /// when it stopped the work.
    pub cancel: grundy_budget::Cancel,
    pub cancelled: bool,
    charges: u32,
    /// The integers 0..=int_hi and int_lo..=0 are all interned (they are built in
    /// a chain from 0), so building n starts from the nearest one built.
    int_hi: i128,
    int_lo: i128,
}

/// What the options {L | R} say about a number.
enum NumberOf {
    /// All options are numbers and L < R: the simplest number between.
    Number(Dyadic),
    /// Not a number.
    Not,
    /// A number, but one beyond [`Dyadic`]'s precision.
    TooPrecise,
}

/// The stack a recursive operation must still have to go on: the frames between
/// two charges are small (a few frames), so 128 KiB is room to spare.
const STACK_RESERVE: usize = 128 << 10;

/// How many steps of work pass between two looks at the cancel flag.
const CANCEL_EVERY: u32 = 1 << 12;

/// The most memory the games and memos of one universe hold (estimated) unless
/// [`Universe::set_memory_limit`] says otherwise: each step of work may keep a game
/// or a memo entry, and 5·10^7 steps of them would be gigabytes. Past the limit
/// operations stop as when the work runs out (an allocation failure would abort
/// the process instead).
pub const DEFAULT_MEMORY_LIMIT: u64 = 512 << 20;

/// The most bytes the cache of comparisons takes (a sixteenth of the memory limit
/// below that): small enough to stay in the processor's own cache. Most
/// comparisons are decided by the stops, from nodes already at hand, so one
/// recomputed costs less than a look into a table in main memory: the empty 6x6
/// Domineering board took 0.87 of the time with 256 KiB as with 32 MiB
/// (docs/benchmarks.md). What the cache is kept
/// for is the rare deep comparison that meets the same pairs again and again,
/// and those meet them soon.
pub(crate) const COMPARISON_BYTES: u64 = 256 << 10;

/// An index entry's bytes, with the hash table's overhead.
const INDEX_BYTES: u64 = 8;

/// A memo entry's bytes, with the hash table's overhead.
const MEMO_BYTES: u64 = 48;

impl Universe {
    pub(crate) fn node(&self, g: GameId) -> &Node {
        &self.arena.nodes[g.0 as usize]
    }

    pub(crate) fn nus_of(&self, g: GameId) -> Option<Nus> {
        let i = self.node(g).recognised;
        (i != NOT_RECOGNISED).then(|| self.arena.recognised[i as usize])
    }

    /// The number g is, if it is one.
    pub(crate) fn number_of(&self, g: GameId) -> Option<Dyadic> {
        let n = self.node(g);
        n.is_number
            .then(|| self.arena.recognised[n.recognised as usize].x)
    }

    /// Spends one step of work; false (and the universe marked exhausted) when the
    /// limit is reached. Every recursive operation charges a step before it recurses.
    pub(crate) fn charge(&mut self) -> bool {
        if self.arena.exhausted {
            return false;
        }
        if stacker::remaining_stack().is_some_and(|left| left < STACK_RESERVE) {
            self.arena.exhausted = true;
            self.arena.too_deep = true;
            return false;
        }
        self.arena.charges = self.arena.charges.wrapping_add(1);
        if self.arena.charges.is_multiple_of(CANCEL_EVERY) && self.arena.cancel.is_raised() {
            self.arena.exhausted = true;
            self.arena.cancelled = true;
            return false;
        }
        match &mut self.arena.work_left {
            None => true,
            Some(0) => {
                self.arena.exhausted = true;
                false
            }
            Some(n) => {
                *n -= 1;
                true
            }
        }
    }

    /// Stops the work because a number needs more precision than [`Dyadic`] has:
    /// marks the universe exhausted, as when the work runs out. The id returned is
    /// meaningless, like every id made while exhausted.
    pub(crate) fn imprecise(&mut self) -> GameId {
        self.arena.exhausted = true;
        self.arena.too_precise = true;
        GameId(0)
    }

    /// Counts `bytes` newly held; false (and the universe exhausted) past
    /// the memory limit.
    pub(crate) fn hold(&mut self, bytes: u64) -> bool {
        self.arena.bytes += bytes;
        if self.arena.bytes > self.arena.memory_limit {
            self.arena.exhausted = true;
            self.arena.out_of_memory = true;
        }
        !self.arena.exhausted
    }

    /// Interns option lists that are already a canonical form (callers guarantee it).
    pub(crate) fn intern(&mut self, mut left: Vec<GameId>, mut right: Vec<GameId>) -> GameId {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        let hash = options_hash(&left, &right);
        let nodes = &self.arena.nodes;
        let same = |&id: &GameId| {
            let n = &nodes[id.0 as usize];
            *n.left() == *left && *n.right() == *right
        };
        if let Some(&id) = self.arena.index.find(hash, same) {
            return id;
        }
        // Out of work, the options may not be true values: intern nothing.
        // A node, its options and its index entry.
        let slots = (left.len() + right.len()) as u64;
        if !self.charge() || !self.hold(std::mem::size_of::<Node>() as u64 + INDEX_BYTES + 4 * slots) {
            return GameId(0);
        }
        let Some((mut node, nus)) = self.describe(&left, &right) else {
            return self.imprecise();
        };
        if let Some(v) = nus {
            node.recognised = u32::try_from(self.arena.recognised.len()).expect("more than 2^32 games");
            self.arena.recognised.push(v);
        }
        let id = GameId(u32::try_from(self.arena.nodes.len()).expect("more than 2^32 games"));
        self.arena.nodes.push(node);
        let Arena { index, nodes, .. } = &mut self.arena;
        index.insert_unique(hash, id, |&id| {
            let n = &nodes[id.0 as usize];
            options_hash(n.left(), n.right())
        });
        id
    }

    /// The node of canonical options and the x + n·↑ + *m it is, if it is one;
    /// `None` when they are a number beyond [`Dyadic`]'s precision.
    fn describe(&self, left: &[GameId], right: &[GameId]) -> Option<(Node, Option<Nus>)> {
        let birthday = left
            .iter()
            .chain(right.iter())
            .map(|&o| self.node(o).birthday + 1)
            .max()
            .unwrap_or(0);
        let number = match self.number_of_options(left, right) {
            NumberOf::Number(x) => Some(x),
            NumberOf::Not => None,
            NumberOf::TooPrecise => return None,
        };
        let (nus, left_stop, right_stop, stops_exact) = match number {
            Some(x) => {
                let (f, exact) = x.to_f64();
                (Some(Nus::number(x)), f, f, exact)
            }
            None => {
                // A canonical non-number has options on both sides. The largest
                // rounded stop is the rounded largest stop; it is exact when all
                // are (a safe underestimate). A form whose simplification the
                // work limit cut short (its value is discarded: see
                // `work_exhausted`) may have options on one side only: it gets
                // stops, not a panic.
                let one_sided = left.is_empty() || right.is_empty();
                debug_assert!(
                    !one_sided || self.arena.exhausted,
                    "a non-number with options on one side only, and the work not exhausted"
                );
                let ls = left
                    .iter()
                    .map(|&o| self.node(o).right_stop)
                    .reduce(f64::max)
                    .unwrap_or(f64::NEG_INFINITY);
                let rs = right
                    .iter()
                    .map(|&o| self.node(o).left_stop)
                    .reduce(f64::min)
                    .unwrap_or(f64::INFINITY);
                let exact = !one_sided && left.iter().chain(right).all(|&o| self.node(o).stops_exact);
                (self.recognise_nus(left, right), ls, rs, exact)
            }
        };
        let node = Node {
            options: left.iter().chain(right).copied().collect(),
            left_len: u32::try_from(left.len()).expect("more than 2^32 options"),
            left_stop,
            right_stop,
            birthday,
            recognised: NOT_RECOGNISED,
            is_number: number.is_some(),
            stops_exact,
        };
        Some((node, nus))
    }

    /// The number {left | right} is, when all options are numbers and left < right.
    fn number_of_options(&self, left: &[GameId], right: &[GameId]) -> NumberOf {
        let nums = |s: &[GameId]| -> Option<Vec<Dyadic>> { s.iter().map(|&o| self.number_of(o)).collect() };
        let (Some(lo), Some(hi)) = (nums(left), nums(right)) else {
            return NumberOf::Not;
        };
        let (lo, hi) = (lo.into_iter().max(), hi.into_iter().min());
        match (lo, hi) {
            (Some(a), Some(b)) if a >= b => NumberOf::Not,
            _ => match Dyadic::checked_simplest_between(lo, hi) {
                Some(x) => NumberOf::Number(x),
                None => NumberOf::TooPrecise,
            },
        }
    }

    /// Matches the option lists against the canonical shapes of x + n·↑ + *m (see
    /// [`Universe::nus`]); canonical forms are unique, so a shape match is a proof.
    fn recognise_nus(&self, left: &[GameId], right: &[GameId]) -> Option<Nus> {
        // Only a form cut short by the work limit is a non-number with an empty side.
        if left.is_empty() || right.is_empty() {
            return None;
        }
        let tl: Vec<Nus> = left.iter().map(|&o| self.nus_of(o)).collect::<Option<_>>()?;
        let tr: Vec<Nus> = right.iter().map(|&o| self.nus_of(o)).collect::<Option<_>>()?;
        let x = tl[0].x;
        if tl.iter().chain(tr.iter()).any(|t| t.x != x) {
            return None;
        }
        let plain = |t: &Nus| t.ups == 0 && t.star == 0;
        let is_star1 = |t: &Nus| t.ups == 0 && t.star == 1;
        if left == right {
            // x + *m = {x, x+*, ..., x+*(m-1) | same}.
            if tl.iter().any(|t| t.ups != 0) {
                return None;
            }
            let mut stars: Vec<u64> = tl.iter().map(|t| t.star).collect();
            stars.sort_unstable();
            if stars.iter().enumerate().all(|(i, &s)| s == i as u64) {
                return Some(Nus {
                    x,
                    ups: 0,
                    star: stars.len() as u64,
                });
            }
            return None;
        }
        match (tl.as_slice(), tr.as_slice()) {
            ([a], [b]) if plain(a) && b.ups >= 0 => Some(Nus {
                x,
                ups: b.ups + 1,
                star: b.star ^ 1,
            }),
            ([a], [b]) if plain(b) && a.ups <= 0 => Some(Nus {
                x,
                ups: a.ups - 1,
                star: a.star ^ 1,
            }),
            ([a, b], [c]) if plain(c) && ((plain(a) && is_star1(b)) || (plain(b) && is_star1(a))) => {
                Some(Nus { x, ups: 1, star: 1 })
            }
            ([c], [a, b]) if plain(c) && ((plain(a) && is_star1(b)) || (plain(b) && is_star1(a))) => {
                Some(Nus { x, ups: -1, star: 1 })
            }
            _ => None,
        }
    }

    /// The canonical form of x + n·↑ + *m, built from its known shape:
    /// x + *m = {x+*k (k<m) | same}; x+↑* = {x, x+* | x}; otherwise for n >= 1,
    /// x + n·↑ + *m = {x | x + (n-1)·↑ + *(m xor 1)}, and negatives mirror that.
    pub(crate) fn nus(&mut self, v: Nus) -> GameId {
        if let Some(&id) = self.arena.nus_memo.get(&v) {
            return id;
        }
        if self.arena.exhausted {
            return GameId(0);
        }
        let id = if v.ups == 0 && v.star == 0 {
            self.number_uncached(v.x)
        } else if v.ups == 0 {
            let opts: Vec<GameId> = (0..v.star)
                .map(|k| {
                    self.nus(Nus {
                        x: v.x,
                        ups: 0,
                        star: k,
                    })
                })
                .collect();
            self.intern(opts.clone(), opts)
        } else {
            // Long chains of ups are built from the bottom so that recursion stays
            // one level deep: x + k·↑ needs x + (k-1)·↑ with the star toggled.
            let n = v.ups.unsigned_abs();
            if n > 32 {
                let link = |k: u64| Nus {
                    x: v.x,
                    ups: if v.ups > 0 { k as i64 } else { -(k as i64) },
                    star: v.star ^ ((n - k) & 1),
                };
                // Start above the highest link already built: walking the whole
                // chain again for each new value would be thousands of lookups a
                // call, unseen by the work limit. Each link built is a step.
                let mut from = n - 1;
                while from > 1 && !self.arena.nus_memo.contains_key(&link(from)) {
                    from -= 1;
                }
                for k in from..n {
                    if !self.charge() {
                        return GameId(0);
                    }
                    self.nus(link(k));
                }
            }
            let x = self.nus(Nus::number(v.x));
            let xs = self.nus(Nus {
                x: v.x,
                ups: 0,
                star: 1,
            });
            if v.ups == 1 && v.star == 1 {
                self.intern(vec![x, xs], vec![x])
            } else if v.ups == -1 && v.star == 1 {
                self.intern(vec![x], vec![x, xs])
            } else if v.ups > 0 {
                let r = self.nus(Nus {
                    x: v.x,
                    ups: v.ups - 1,
                    star: v.star ^ 1,
                });
                self.intern(vec![x], vec![r])
            } else {
                let l = self.nus(Nus {
                    x: v.x,
                    ups: v.ups + 1,
                    star: v.star ^ 1,
                });
                self.intern(vec![l], vec![x])
            }
        };
        if self.hold(MEMO_BYTES) {
            self.arena.nus_memo.insert(v, id);
        }
        id
    }

    /// Numbers in their canonical forms: n = {n-1|}, -n = {|-n+1}, and
    /// a/2^k = {(a-1)/2^k | (a+1)/2^k}.
    fn number_uncached(&mut self, d: Dyadic) -> GameId {
        if d.is_integer() {
            let n = d.numerator();
            // Iterative, so large integers do not recurse once per unit, and from
            // the nearest integer already built: a sum of n ones builds each
            // integer once, not 0..k again for every k.
            let mut k = if n >= 0 {
                n.min(self.arena.int_hi)
            } else {
                n.max(self.arena.int_lo)
            };
            let mut g = match self.arena.nus_memo.get(&Nus::number(Dyadic::integer(k))) {
                Some(&id) => id,
                None => {
                    k = 0;
                    self.intern(vec![], vec![])
                }
            };
            let step = n.signum();
            while k != n {
                k += step;
                let key = Nus::number(Dyadic::integer(k));
                g = match self.arena.nus_memo.get(&key) {
                    Some(&id) => id,
                    None => {
                        if !self.charge() {
                            return GameId(0);
                        }
                        let id = if step > 0 {
                            self.intern(vec![g], vec![])
                        } else {
                            self.intern(vec![], vec![g])
                        };
                        // Out of work, `intern` made nothing: remember nothing.
                        if self.arena.exhausted {
                            return GameId(0);
                        }
                        self.arena.nus_memo.insert(key, id);
                        if step > 0 {
                            self.arena.int_hi = self.arena.int_hi.max(k);
                        } else {
                            self.arena.int_lo = self.arena.int_lo.min(k);
                        }
                        id
                    }
                };
            }
            return g;
        }
        let (a, k) = (d.numerator(), d.exponent());
        // a is odd and never i128::MIN, so a - 1 fits; a + 1 may not.
        let (Some(lo), Some(hi)) = (
            a.checked_sub(1).and_then(|n| Dyadic::checked_new(n, k)),
            a.checked_add(1).and_then(|n| Dyadic::checked_new(n, k)),
        ) else {
            return self.imprecise();
        };
        let lo = self.nus(Nus::number(lo));
        let hi = self.nus(Nus::number(hi));
        self.intern(vec![lo], vec![hi])
    }

    /// {left | right} in canonical form, each option a sum of terms.
    ///
    /// The stops of a sum lie between those of its terms: RS(G) + RS(H) <= RS(G + H)
    /// and LS(G + H) <= LS(G) + LS(H). A Left option X whose terms' left stops add
    /// up to less than another option M's terms' right stops is then below M
    /// (RS(M) > LS(X) proves X < M, see `le_impl`), so it is dominated and left
    /// out unsummed; Right's the same way round. The rest are summed and reduced
    /// as usual: removing dominated options early does not change the canonical
    /// form.
    pub(crate) fn canonical_of_sums(&mut self, left: &[&[GameId]], right: &[&[GameId]]) -> GameId {
        // Options of one term (most of them) are reduced as they are.
        let single = |terms: &[GameId]| match terms {
            [] => Some(GameId(0)),
            [t] => Some(*t),
            _ => None,
        };
        if left.iter().chain(right).all(|t| single(t).is_some()) {
            let l: Vec<GameId> = left.iter().filter_map(|t| single(t)).collect();
            let r: Vec<GameId> = right.iter().filter_map(|t| single(t)).collect();
            return self.canonical_owned(l, r);
        }
        // Sums of stops are used only when exact: each term's stops exact, and no
        // addition rounded (its error, by Knuth's TwoSum, zero).
        let add = |a: f64, b: f64| {
            let s = a + b;
            let bb = s - a;
            ((s - bb) - a == 0.0 && b - bb == 0.0).then_some(s)
        };
        let bounds = |u: &Universe, terms: &[GameId]| -> Option<(f64, f64)> {
            terms.iter().try_fold((0.0, 0.0), |(ls, rs), &t| {
                let n = u.node(t);
                if !n.stops_exact {
                    return None;
                }
                Some((add(ls, n.left_stop)?, add(rs, n.right_stop)?))
            })
        };
        // The bounds of each option's stops, (upper bound of LS, lower bound of
        // RS); `None` when not known exactly (never pruned then).
        let lb: Vec<Option<(f64, f64)>> = left.iter().map(|t| bounds(self, t)).collect();
        let rb: Vec<Option<(f64, f64)>> = right.iter().map(|t| bounds(self, t)).collect();
        // The greatest right stop some Left option is known to reach, and the least
        // left stop some Right option is known to stay below.
        let left_bar = lb.iter().flatten().map(|b| b.1).reduce(f64::max);
        let right_bar = rb.iter().flatten().map(|b| b.0).reduce(f64::min);
        let sum = |u: &mut Universe, terms: &[GameId]| {
            let mut total = u.zero();
            for &t in terms {
                total = u.add_impl(total, t);
            }
            total
        };
        let mut l = Vec::with_capacity(left.len());
        for (terms, b) in left.iter().zip(&lb) {
            if !matches!((b, left_bar), (Some(b), Some(bar)) if b.0 < bar) {
                l.push(sum(self, terms));
            }
        }
        let mut r = Vec::with_capacity(right.len());
        for (terms, b) in right.iter().zip(&rb) {
            if !matches!((b, right_bar), (Some(b), Some(bar)) if b.1 > bar) {
                r.push(sum(self, terms));
            }
        }
        self.canonical_owned(l, r)
    }

    /// {left | right} in canonical form.
    pub(crate) fn canonical(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        self.canonical_owned(left.to_vec(), right.to_vec())
    }

    /// {l | r} in canonical form, reduced in the lists given.
    fn canonical_owned(&mut self, mut l: Vec<GameId>, mut r: Vec<GameId>) -> GameId {
        if !self.charge() {
            return GameId(0);
        }
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        match self.number_of_options(&l, &r) {
            NumberOf::Number(x) => return self.nus(Nus::number(x)),
            NumberOf::TooPrecise => return self.imprecise(),
            NumberOf::Not => {}
        }
        self.remove_dominated(&mut l, true);
        self.remove_dominated(&mut r, false);
        // The value of G never changes while reducing, so reversibility is tested
        // against this one representative of G throughout (the lists as they
        // are now; the bypassed ones are new lists).
        let mut memo = FxHashMap::default();
        let (new_l, left_reversed) = self.bypass(&l, &l, &r, true, &mut memo);
        let (mut r, right_reversed) = self.bypass(&r, &l, &r, false, &mut memo);
        let mut l = new_l;
        // Only options that came through a reversal can be dominated now.
        if left_reversed {
            l.sort_unstable();
            l.dedup();
            self.remove_dominated(&mut l, true);
        }
        if right_reversed {
            r.sort_unstable();
            r.dedup();
            self.remove_dominated(&mut r, false);
        }
        match self.number_of_options(&l, &r) {
            NumberOf::Number(x) => return self.nus(Nus::number(x)),
            NumberOf::TooPrecise => return self.imprecise(),
            NumberOf::Not => {}
        }
        self.intern(l, r)
    }

    /// Keeps Left's maximal (or Right's minimal) options. Ids are distinct values,
    /// so `>=` between two of them is strict.
    ///
    /// g <= h forces both stops of g to be at most h's, so in the order of the
    /// stops (lexicographic; Left's highest first, Right's lowest first) no option
    /// comes after one it dominates, except one with the same stops. Each option
    /// is then compared only with those kept so far, which are few (most moves
    /// of a large game are dominated), instead of with every other one.
    fn remove_dominated(&mut self, opts: &mut Vec<GameId>, left: bool) {
        if opts.len() < 2 {
            return;
        }
        let mut by_stops: Vec<(f64, f64, GameId)> = opts
            .iter()
            .map(|&o| (self.node(o).left_stop, self.node(o).right_stop, o))
            .collect();
        // RS(m) > LS(x) proves x < m (see `le_impl`): for Left every option whose
        // left stop is below the greatest right stop is dominated, and for Right
        // every one whose right stop is above the least left stop. About half the
        // options of a Domineering region go here, before any comparison.
        if left {
            let bar = by_stops
                .iter()
                .map(|x| x.1)
                .reduce(f64::max)
                .expect("two options");
            by_stops.retain(|x| x.0 >= bar);
        } else {
            let bar = by_stops
                .iter()
                .map(|x| x.0)
                .reduce(f64::min)
                .expect("two options");
            by_stops.retain(|x| x.1 <= bar);
        }
        // Stops are never NaN.
        let stops_order = |a: &(f64, f64, GameId), b: &(f64, f64, GameId)| {
            a.0.partial_cmp(&b.0)
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(a.1.partial_cmp(&b.1).unwrap_or(std::cmp::Ordering::Equal))
        };
        by_stops.sort_unstable_by(|a, b| {
            let order = stops_order(a, b);
            if left {
                order.reverse()
            } else {
                order
            }
        });
        // For Left, "x is below m"; for Right, "x is above m": x is dominated.
        let below = |x: (f64, f64, GameId), m: (f64, f64, GameId)| {
            if left {
                (x, m)
            } else {
                (m, x)
            }
        };
        let mut kept: Vec<(f64, f64, GameId)> = Vec::with_capacity(by_stops.len());
        'next: for x in by_stops {
            for m in &kept {
                let (lo, hi) = below(x, *m);
                if lo.0 <= hi.0 && lo.1 <= hi.1 && self.le(lo.2, hi.2) {
                    continue 'next;
                }
            }
            // x dominates a kept option only if their (rounded) stops are equal.
            kept.retain(|m| {
                let (lo, hi) = below(*m, x);
                !(lo.0 == hi.0 && lo.1 == hi.1 && self.le(lo.2, hi.2))
            });
            kept.push(x);
        }
        opts.clear();
        opts.extend(kept.into_iter().map(|k| k.2));
    }

    /// Replaces reversible options until none is left: a Left option A reverses
    /// through A^R <= G, and is replaced by A^R's Left options (Right symmetric).
    /// The options left, in the order given when none reversed, and whether any did.
    fn bypass(
        &mut self,
        opts: &[GameId],
        gl: &[GameId],
        gr: &[GameId],
        left: bool,
        memo: &mut FxHashMap<(GameId, bool), bool>,
    ) -> (Vec<GameId>, bool) {
        let mut out = Vec::with_capacity(opts.len());
        let mut any = false;
        let mut work: Vec<GameId> = opts.iter().rev().copied().collect();
        while let Some(a) = work.pop() {
            let mut reversed = false;
            // By index: the responses are read afresh each time (the node list
            // may grow meanwhile), and not copied for every option bypassed.
            let responses = if left {
                self.node(a).right().len()
            } else {
                self.node(a).left().len()
            };
            for i in 0..responses {
                let ar = if left {
                    self.node(a).right()[i]
                } else {
                    self.node(a).left()[i]
                };
                let rev = if left {
                    self.le_raw(ar, gl, gr, memo)
                } else {
                    self.ge_raw(ar, gl, gr, memo)
                };
                if rev {
                    if left {
                        work.extend_from_slice(self.node(ar).left());
                    } else {
                        work.extend_from_slice(self.node(ar).right());
                    }
                    reversed = true;
                    any = true;
                    break;
                }
            }
            if !reversed {
                out.push(a);
            }
        }
        (out, any)
    }

    /// x <= G for G = {gl | gr} not interned.
    fn le_raw(
        &mut self,
        x: GameId,
        gl: &[GameId],
        gr: &[GameId],
        memo: &mut FxHashMap<(GameId, bool), bool>,
    ) -> bool {
        if let Some(&b) = memo.get(&(x, true)) {
            return b;
        }
        if !self.charge() {
            return false;
        }
        let mut res = true;
        for &r in gr {
            if self.le(r, x) {
                res = false;
                break;
            }
        }
        if res {
            for i in 0..self.node(x).left().len() {
                let xl = self.node(x).left()[i];
                if self.ge_raw(xl, gl, gr, memo) {
                    res = false;
                    break;
                }
            }
        }
        memo.insert((x, true), res);
        res
    }

    /// y >= G for G = {gl | gr} not interned.
    fn ge_raw(
        &mut self,
        y: GameId,
        gl: &[GameId],
        gr: &[GameId],
        memo: &mut FxHashMap<(GameId, bool), bool>,
    ) -> bool {
        if let Some(&b) = memo.get(&(y, false)) {
            return b;
        }
        if !self.charge() {
            return false;
        }
        let mut res = true;
        for &l in gl {
            if self.le(y, l) {
                res = false;
                break;
            }
        }
        if res {
            for i in 0..self.node(y).right().len() {
                let yr = self.node(y).right()[i];
                if self.le_raw(yr, gl, gr, memo) {
                    res = false;
                    break;
                }
            }
        }
        memo.insert((y, false), res);
        res
    }

    /// g <= h: no g^L >= h and no h^R <= g.
    pub(crate) fn le_impl(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        // Charged before the memo: the loops of the reductions call this most, and
        // a step should cost about the same whatever answers it.
        if !self.charge() {
            return false;
        }
        let (gn, hn) = (self.node(g), self.node(h));
        // Stops are monotone: g <= h forces LS(g) <= LS(h) and RS(g) <= RS(h).
        if gn.left_stop > hn.left_stop || gn.right_stop > hn.right_stop {
            return false;
        }
        // The stops of a difference are bounded by the stops of its parts,
        // RS(h - g) >= RS(h) - LS(g), and a game whose right stop is positive is
        // positive: so RS(h) > LS(g) proves g < h. (Against a number x, whose
        // stops are both x, this decides everything except the tie.)
        if hn.right_stop > gn.left_stop {
            return true;
        }
        // Two numbers whose rounded stops tie (the stops decided the rest, as
        // rounding is monotone), compared exactly.
        if gn.is_number && hn.is_number {
            return self.number_of(g) <= self.number_of(h);
        }
        if let (Some(a), Some(b)) = (self.nus_of(g), self.nus_of(h)) {
            if let Some(ans) = nus_le(a, b) {
                return ans;
            }
        }
        if let Some(b) = self.arena.comparisons.get(g, h) {
            return b;
        }
        let mut res = true;
        for i in 0..self.node(h).right().len() {
            let hr = self.node(h).right()[i];
            if self.le_impl(hr, g) {
                res = false;
                break;
            }
        }
        if res {
            for i in 0..self.node(g).left().len() {
                let gl = self.node(g).left()[i];
                if self.le_impl(h, gl) {
                    res = false;
                    break;
                }
            }
        }
        // A comparison cut short by the work limit answered from sub-comparisons
        // that returned `false` unasked: it is not remembered, or a later run with
        // work to spare would read it back (it made one-sided non-numbers, and
        // could make wrong values).
        if self.arena.exhausted {
            return false;
        }
        let grown = self.arena.comparisons.insert(g, h, res);
        if grown > 0 {
            self.hold(grown);
        }
        res
    }

    pub(crate) fn add_impl(&mut self, g: GameId, h: GameId) -> GameId {
        let zero = self.zero();
        if g == zero {
            return h;
        }
        if h == zero {
            return g;
        }
        if let (Some(a), Some(b)) = (self.nus_of(g), self.nus_of(h)) {
            return match a.plus(b) {
                Some(v) => self.nus(v),
                None => self.imprecise(),
            };
        }
        let key = u64::from(g.min(h).0) << 32 | u64::from(g.max(h).0);
        if let Some(s) = self.arena.add_memo.get(key, 0) {
            return s;
        }
        if !self.charge() {
            return GameId(0);
        }
        let (gn, hn) = (self.node(g), self.node(h));
        // Number translation: for a number x and a non-number G in canonical form,
        // {G^L + x | G^R + x} is the canonical form of G + x.
        let translate = match (gn.is_number, hn.is_number) {
            (true, false) => Some((h, g)),
            (false, true) => Some((g, h)),
            _ => None,
        };
        if let Some((game, x)) = translate {
            let l: Vec<GameId> = self.node(game).left().to_vec();
            let r: Vec<GameId> = self.node(game).right().to_vec();
            let l: Vec<GameId> = l.into_iter().map(|o| self.add_impl(o, x)).collect();
            let r: Vec<GameId> = r.into_iter().map(|o| self.add_impl(o, x)).collect();
            let s = self.intern(l, r);
            if self.hold(MEMO_BYTES) {
                self.arena.add_memo.insert(key, 0, s);
            }
            return s;
        }
        // Both numbers and both number-up-stars were handled above, so this is the
        // definition: G + H = {G^L + H, G + H^L | G^R + H, G + H^R}.
        let mut left = Vec::new();
        let mut right = Vec::new();
        for (a, b) in [(g, h), (h, g)] {
            for i in 0..self.node(a).left().len() {
                let o = self.node(a).left()[i];
                left.push(self.add_impl(o, b));
            }
            for i in 0..self.node(a).right().len() {
                let o = self.node(a).right()[i];
                right.push(self.add_impl(o, b));
            }
        }
        // By reference: lists moved out of this frame would enlarge it, and a
        // chain of ups recurses here once a link (a debug build's stack guard
        // then stopped `long_chains_of_ups_are_built_once_and_charged`).
        let s = self.canonical(&left, &right);
        if self.hold(MEMO_BYTES) {
            self.arena.add_memo.insert(key, 0, s);
        }
        s
    }

    pub(crate) fn neg_impl(&mut self, g: GameId) -> GameId {
        if let Some(v) = self.nus_of(g) {
            return self.nus(v.neg());
        }
        if let Some(n) = self.arena.neg_memo.get(u64::from(g.0), 0) {
            return n;
        }
        if !self.charge() {
            return GameId(0);
        }
        let l: Vec<GameId> = self.node(g).left().to_vec();
        let r: Vec<GameId> = self.node(g).right().to_vec();
        let nl: Vec<GameId> = r.into_iter().map(|o| self.neg_impl(o)).collect();
        let nr: Vec<GameId> = l.into_iter().map(|o| self.neg_impl(o)).collect();
        // The negative of a canonical form is canonical.
        let n = self.intern(nl, nr);
        if self.hold(2 * MEMO_BYTES) {
            self.arena.neg_memo.insert(u64::from(g.0), 0, n);
            self.arena.neg_memo.insert(u64::from(n.0), 0, g);
        }
        n
    }

    pub(crate) fn import_impl(
        &mut self,
        other: &Universe,
        g: GameId,
        memo: &mut FxHashMap<GameId, GameId>,
    ) -> GameId {
        if let Some(&id) = memo.get(&g) {
            return id;
        }
        let on = other.node(g);
        let id = if let Some(v) = other.nus_of(g) {
            self.nus(v)
        } else {
            let l: Vec<GameId> = on
                .left()
                .iter()
                .map(|&o| self.import_impl(other, o, memo))
                .collect();
            let r: Vec<GameId> = on
                .right()
                .iter()
                .map(|&o| self.import_impl(other, o, memo))
                .collect();
            // Canonical there is canonical here: the structure is the same.
            self.intern(l, r)
        };
        memo.insert(g, id);
        id
    }

    pub(crate) fn len_impl(&self) -> usize {
        self.arena.nodes.len()
    }
}

/// a <= b between number-up-stars, from the sign of b - a = x + n·↑ + *m: the number
/// part decides when nonzero; otherwise n·↑ + *m >= 0 exactly when n >= 2, or n = 1
/// and m != 1 (↑* is fuzzy), or n = m = 0.
fn nus_le(a: Nus, b: Nus) -> Option<bool> {
    // b - a >= 0 ? (Compared, not subtracted: the order of numbers is exact.)
    if a.x != b.x {
        return Some(a.x < b.x);
    }
    // Ups are at most 2^62 in size (see `Nus::plus`), so the difference fits.
    let (n, m) = (b.ups - a.ups, a.star ^ b.star);
    Some(match n {
        0 => m == 0,
        1 => m != 1,
        n if n >= 2 => true,
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use crate::Universe;

    /// A comparison that runs out of work mid-way is not remembered: the next
    /// one, with work to spare, answers it afresh. (Remembered, it made the
    /// outcome search's regions of Clobber's 4x5 checkerboard one-sided
    /// non-numbers, a panic, when each region's work was set anew.)
    #[test]
    fn a_comparison_cut_short_by_the_work_is_not_remembered() {
        let pairs = [
            ("{2|{1|-1}}", "{3|{2|0}}"),
            ("{^*|v}", "{*|{0|-1}}"),
            ("{1|{0|-2}}", "{1/2|*}"),
            ("{{2|0}|{0|-2}}", "{{1|*}|{*|-1}}"),
        ];
        for (a, b) in pairs {
            let mut u = Universe::new();
            let (g, h) = (u.parse(a).unwrap(), u.parse(b).unwrap());
            let want = (u.le(g, h), u.le(h, g));
            for steps in 0..40 {
                let mut cut = Universe::new();
                let (g, h) = (cut.parse(a).unwrap(), cut.parse(b).unwrap());
                cut.set_work_limit(Some(steps));
                let _ = (cut.le(g, h), cut.le(h, g));
                cut.set_work_limit(None);
                let got = (cut.le(g, h), cut.le(h, g));
                assert_eq!(got, want, "{a} <= {b} and back, after a cut at {steps} steps");
            }
        }
    }
}
