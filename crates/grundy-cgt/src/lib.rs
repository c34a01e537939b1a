//! Values of short partizan games, as combinatorial game theory defines them.
//!
//! A short partizan game is `{L | R}`: the positions Left may move to and those Right
//! may move to, each again a game, with no infinite play. Under normal play (whoever
//! cannot move loses) every such game has a *value*, and every value has a unique
//! *canonical form*: the simplest game equal to it, with no dominated and no
//! reversible options. This crate computes with those values: sums, negatives,
//! comparison, outcome classes, and (in the sibling modules) stops, means,
//! temperatures, thermographs, cooling, heating, atomic weights and reduced forms.
//!
//! # Contents
//!
//! | What | Where |
//! |---|---|
//! | The arena of canonical forms; building games | [`Universe::construct`], [`Universe::number`], [`Universe::nimber`], [`Universe::up`], [`Universe::up_star`] |
//! | Looking inside | [`Universe::left_options`], [`Universe::right_options`], [`Universe::as_number`], [`Universe::as_nimber`], [`Universe::as_up_star`], [`Universe::birthday`] |
//! | Arithmetic and order | [`Universe::add`], [`Universe::sub`], [`Universe::neg`], [`Universe::ge`], [`Universe::le`], [`Universe::confused`], [`Universe::outcome`] |
//! | Notation | [`Universe::display`], [`Universe::parse`] |
//! | A calculator over values | [`calc::evaluate`] |
//! | Temperature theory | [`Universe::left_stop`], [`Universe::mean`], [`Universe::temperature`], [`Universe::thermograph`], [`Universe::cool`], [`Universe::heat`] |
//! | Infinitesimals | [`Universe::atomic_weight`], [`Universe::reduced`] |
//! | CGSuite's constructions | [`Universe::tiny`], [`Universe::miny`], [`Universe::up_nth`], [`Universe::up_arrow_sum`], [`Universe::ordinal_sum`], [`Universe::norton_product`], [`Universe::multiple`], [`Universe::overheat`] |
//! | Moving values between arenas | [`Universe::import`] |
//! | Exact numbers | [`Dyadic`] |
//!
//! # The arena
//!
//! A [`Universe`] stores every game once, in canonical form, and hands out
//! [`GameId`]s. Canonical forms are unique, so two ids are equal exactly when the
//! values are: `==` on ids *is* equality of games, and comparing a game with itself
//! costs nothing. Sums and negatives are remembered, and comparisons as many as fit
//! a bounded cache (a sixteenth of the memory limit, 256 KiB at most: it stays in the
//! processor's cache), so repeated work
//! (summing hundreds of components, say) stays cheap. Ids belong to their universe;
//! [`Universe::import`] carries a value into another one.
//!
//! Numbers, nimbers and sums `x + n·↑ + *m` are recognised as they are interned,
//! which gives them their names in the notation and lets sums and comparisons of
//! them skip the general recursion.
//!
//! # Notation
//!
//! Values are written as CGSuite writes them: integers and dyadic fractions (`-2`,
//! `3/4`), nimbers (`*`, `*3`), ups and downs (`^`, `^^`, `^3`, `v`, `vv`, `v3`, or
//! with `unicode` `↑ ⇑ ↑3 ↓ ⇓ ↓3`) followed by a nimber (`^*`, `1/2v*2`), numeric
//! switches as centre ± radius (`±1` is {1|-1}, `3±1` is {4|2}), and anything
//! else as `{L|R}` with comma-separated options. A side whose only option is
//! itself a braced game drops that game's braces and the separator grows a slash:
//! {0|{0|-1}} is `{0||0|-1}`, and the separator with the most slashes splits first.
//! CGSuite's names are used where it has them: `Tiny(2)` for {0||0|-2} and
//! `Miny(2)` for its negative (moved by a number: `3Tiny(2)`), `^<2>` for ↑^2 =
//! {0|↓*} and `^[3]` for ↑^→3 = {{↑|*}|*} (with `v` their negatives), and `±G` for
//! the switch {G|-G} (`±{a,b}` with several options).
//! [`Universe::parse`] reads all of this back.
//!
//! # Example
//!
//! ```
//! use grundy_cgt::{OutcomeClass, Universe};
//!
//! let mut u = Universe::new();
//! let switch = u.parse("{1|-1}").unwrap();
//! assert_eq!(u.display(switch, false), "±1");
//! let up_star = u.parse("^*").unwrap();
//! let g = u.add(switch, up_star);
//! assert_eq!(u.display(g, false), "{1^*|-1^*}");
//! assert_eq!(u.outcome(g), OutcomeClass::N);
//!
//! // {0|*} is up, and up plus up is double-up.
//! let zero = u.zero();
//! let star = u.nimber(1);
//! let up = u.construct(&[zero], &[star]);
//! assert_eq!(up, u.up());
//! let two_up = u.add(up, up);
//! assert_eq!(u.display(two_up, true), "⇑");
//! assert!(u.ge(two_up, up) && u.confused(up_star, zero));
//!
//! // Reversible options are bypassed: {*|*} is 0.
//! assert_eq!(u.construct(&[star], &[star]), zero);
//! ```
//!
//! The core does no I/O.

mod atomic;
pub mod calc;
mod canonical;
mod comparisons;
mod compound;
pub use canonical::DEFAULT_MEMORY_LIMIT;
mod display;
mod dyadic;
pub mod loopy;
mod mapped;
mod packed;
mod parse;
mod reduced;
mod temperature;
mod thermograph;

pub use dyadic::{BadNumber, Dyadic, MAX_EXPONENT};
pub use packed::PackedMemo;
pub use thermograph::{Thermograph, Wall};

/// The largest nimber built as a game: *n has n options (n²/2 option slots in all),
/// so larger ones would exhaust memory rather than fail.
pub const NIMBER_LIMIT: u64 = 1 << 11;

/// A game in canonical form, interned in a [`Universe`]. Equal ids are equal values
/// (within one universe).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub u32);

/// Who wins: Left whoever starts, Right whoever starts, the player to move (Next),
/// or the other one (Previous).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutcomeClass {
    /// Left wins whoever moves first (G > 0).
    L,
    /// Right wins whoever moves first (G < 0).
    R,
    /// The first player wins (G || 0).
    N,
    /// The second player wins (G = 0).
    P,
}

/// A value-text that could not be read. Its message quotes at most
/// [`ParseError::EXCERPT`] characters of the text around the column.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message} at column {column} of '{}'", self.excerpt())]
pub struct ParseError {
    /// What is wrong.
    pub message: String,
    /// 1-based column.
    pub column: usize,
    /// The whole text.
    pub text: String,
}

impl ParseError {
    /// The most characters of the text an error message quotes.
    pub const EXCERPT: usize = 40;

    /// The text around the column: all of it when short, else
    /// [`ParseError::EXCERPT`] characters with `…` where it was cut.
    pub fn excerpt(&self) -> String {
        let n = self.text.chars().count();
        if n <= Self::EXCERPT {
            return self.text.clone();
        }
        let at = self.column.saturating_sub(1).min(n);
        let start = at.saturating_sub(Self::EXCERPT / 2).min(n - Self::EXCERPT);
        let end = start + Self::EXCERPT;
        let mut s = String::new();
        if start > 0 {
            s.push('…');
        }
        s.extend(self.text.chars().skip(start).take(Self::EXCERPT));
        if end < n {
            s.push('…');
        }
        s
    }
}

/// The interning arena of canonical forms.
pub struct Universe {
    arena: canonical::Arena,
}

impl Default for Universe {
    fn default() -> Universe {
        Universe::new()
    }
}

impl Universe {
    /// An empty universe (0 is always present).
    pub fn new() -> Universe {
        let mut u = Universe {
            arena: canonical::Arena::default(),
        };
        u.set_memory_limit(DEFAULT_MEMORY_LIMIT);
        let z = u.intern(vec![], vec![]);
        debug_assert_eq!(z, GameId(0));
        u
    }
    /// 0 = { | }.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }
    /// The number d. Its canonical form is explicit ({n-1|} for an integer n > 0,
    /// {(a-1)/2^k | (a+1)/2^k} for a/2^k), so building n costs about |n| nodes.
    pub fn number(&mut self, d: Dyadic) -> GameId {
        self.nus(canonical::Nus::number(d))
    }
    /// The integer n.
    ///
    /// # Panics
    /// If n is `i128::MIN`.
    pub fn integer(&mut self, n: impl Into<i128>) -> GameId {
        self.number(Dyadic::integer(n))
    }
    /// *n = {*0, ..., *(n-1) | *0, ..., *(n-1)} (about n²/2 option slots).
    pub fn nimber(&mut self, n: u64) -> GameId {
        self.nus(canonical::Nus {
            x: Dyadic::ZERO,
            ups: 0,
            star: n,
        })
    }
    /// ↑ = {0|*}.
    pub fn up(&mut self) -> GameId {
        self.up_star(Dyadic::ZERO, 1, 0)
    }
    /// x + n·↑ + *m (n negative for downs).
    pub fn up_star(&mut self, x: Dyadic, ups: i64, star: u64) -> GameId {
        self.nus(canonical::Nus { x, ups, star })
    }
    /// The canonical form of {left | right}: dominated options removed, reversible
    /// options bypassed, interned.
    pub fn construct(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        self.canonical(left, right)
    }
    /// [`Universe::construct`] of options each given as a sum of games (an empty
    /// sum is 0). The same value as summing every option first, but options
    /// that the stops of their terms prove dominated are never summed.
    pub fn construct_sums(&mut self, left: &[&[GameId]], right: &[&[GameId]]) -> GameId {
        self.canonical_of_sums(left, right)
    }
    /// Left's options of the canonical form.
    pub fn left_options(&self, g: GameId) -> &[GameId] {
        self.node(g).left()
    }
    /// Right's options of the canonical form.
    pub fn right_options(&self, g: GameId) -> &[GameId] {
        self.node(g).right()
    }
    /// g + h.
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId {
        self.add_impl(g, h)
    }
    /// -g.
    pub fn neg(&mut self, g: GameId) -> GameId {
        self.neg_impl(g)
    }
    /// g - h.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        let nh = self.neg_impl(h);
        self.add_impl(g, nh)
    }
    /// g >= h.
    pub fn ge(&mut self, g: GameId, h: GameId) -> bool {
        self.le_impl(h, g)
    }
    /// g <= h.
    pub fn le(&mut self, g: GameId, h: GameId) -> bool {
        self.le_impl(g, h)
    }
    /// g || h (neither >= nor <=).
    pub fn confused(&mut self, g: GameId, h: GameId) -> bool {
        !self.le_impl(g, h) && !self.le_impl(h, g)
    }
    /// The outcome class of g.
    pub fn outcome(&mut self, g: GameId) -> OutcomeClass {
        let z = self.zero();
        match (self.le_impl(z, g), self.le_impl(g, z)) {
            (true, true) => OutcomeClass::P,
            (true, false) => OutcomeClass::L,
            (false, true) => OutcomeClass::R,
            (false, false) => OutcomeClass::N,
        }
    }
    /// The number g is, if it is one.
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        self.number_of(g)
    }
    /// n if g = *n.
    pub fn as_nimber(&self, g: GameId) -> Option<u64> {
        match self.nus_of(g) {
            Some(v) if v.x == Dyadic::ZERO && v.ups == 0 => Some(v.star),
            _ => None,
        }
    }
    /// (x, n, m) if g = x + n·↑ + *m (numbers, nimbers, ups and their sums).
    pub fn as_up_star(&self, g: GameId) -> Option<(Dyadic, i64, u64)> {
        self.nus_of(g).map(|v| (v.x, v.ups, v.star))
    }
    /// The birthday of the canonical form.
    pub fn birthday(&mut self, g: GameId) -> u32 {
        self.node(g).birthday
    }
    /// The field's notation, as CGSuite writes it: `0`, `3/4`, `*3`, `^`, `v*`,
    /// `^^*` (or `⇑*` with unicode), `±1`, `3±1`, `{1|-1/2}`, `{0||0|-1}`.
    pub fn display(&self, g: GameId, unicode: bool) -> String {
        display::display(self, g, unicode)
    }
    /// [`Universe::display`]'s text when it is at most `max_bytes` long, else its
    /// length: a form that shares subgames can be small while its text, which writes
    /// every shared part out in full, is exponentially long. A form nested more than
    /// a thousand levels deep counts as `u64::MAX` long (its text is not built).
    pub fn display_within(&self, g: GameId, unicode: bool, max_bytes: u64) -> Result<String, u64> {
        let len = display::display_len(self, g, unicode);
        if len > max_bytes {
            return Err(len);
        }
        Ok(display::display(self, g, unicode))
    }
    /// Read the notation of [`Universe::display`] back (and `{a,b|c}` generally).
    pub fn parse(&mut self, text: &str) -> Result<GameId, ParseError> {
        parse::parse_value(self, text)
    }
    /// The same value as `g` of `other`, in this universe.
    pub fn import(&mut self, other: &Universe, g: GameId) -> GameId {
        let mut memo = rustc_hash::FxHashMap::default();
        self.import_impl(other, g, &mut memo)
    }
    /// Bounds the work of everything computed from now on to `steps` steps (a step
    /// is one sum, comparison, negation or reduction not already remembered, or one
    /// new game interned); `None` removes the bound. Canonical forms are explicit, so
    /// a sum such as `{*100|*200} + *300` costs tens of millions of steps.
    ///
    /// When the steps run out, [`Universe::work_exhausted`] turns true and every
    /// operation in progress returns at once with a meaningless id, which the caller
    /// must discard. Nothing is interned or remembered while exhausted, so every
    /// value already in the universe stays true; a new limit makes it usable again.
    ///
    /// ```
    /// use grundy_cgt::Universe;
    /// let mut u = Universe::new();
    /// u.set_work_limit(Some(1000));
    /// let g = u.parse("{1|*30}").unwrap();
    /// let h = u.parse("{*20|-1}").unwrap();
    /// let _ = u.add(g, h);
    /// assert!(u.work_exhausted());
    /// // The universe is still sound: without a limit the sum is what a fresh one says.
    /// u.set_work_limit(None);
    /// let s = u.add(g, h);
    /// let mut fresh = Universe::new();
    /// let (g2, h2) = (fresh.parse("{1|*30}").unwrap(), fresh.parse("{*20|-1}").unwrap());
    /// let s2 = fresh.add(g2, h2);
    /// assert_eq!(u.display(s, false), fresh.display(s2, false));
    /// ```
    pub fn set_work_limit(&mut self, steps: Option<u64>) {
        self.arena.work_left = steps;
        self.arena.work_limit = steps;
        // Memory once full stays full: the next game interned stops again.
        self.arena.exhausted = false;
        self.arena.out_of_memory = false;
        self.arena.too_deep = false;
        self.arena.too_precise = false;
        self.arena.cancelled = false;
    }
    /// Stops the work (as when the steps run out) once `cancel` is raised: the
    /// front end's way to end a run early. [`Universe::over_budget`] then says
    /// [`grundy_budget::Limit::Cancelled`].
    pub fn set_cancel(&mut self, cancel: &grundy_budget::Cancel) {
        self.arena.cancel = cancel.clone();
    }
    /// Sets the memory limit and the cancel flag of `budget` (the work limit is
    /// the caller's: each computation sets its own).
    pub fn set_budget(&mut self, budget: &grundy_budget::Budget) {
        self.set_memory_limit(budget.max_memory);
        self.set_cancel(&budget.cancel);
    }
    /// True when the work stopped because a number needed more precision than
    /// [`Dyadic`] has (a numerator beyond 127 bits, or a denominator beyond
    /// 2^[`MAX_EXPONENT`]): such a value is refused, never rounded.
    pub fn precision_exhausted(&self) -> bool {
        self.arena.too_precise
    }
    /// True when the work stopped because the flag of [`Universe::set_cancel`]
    /// was raised.
    pub fn cancelled(&self) -> bool {
        self.arena.cancelled
    }
    /// True when the work stopped because the universe's games and memos reached
    /// [`Universe::memory_limit`] bytes, not because the steps ran out.
    pub fn memory_exhausted(&self) -> bool {
        self.arena.out_of_memory
    }
    /// True when the work stopped because a recursion over a form too deep for the
    /// thread's stack would have overflowed it (it stops with room to spare).
    pub fn stack_exhausted(&self) -> bool {
        self.arena.too_deep
    }
    /// Charges `steps` steps of work done for values elsewhere (a caller's lookups
    /// of positions, say) to the same limit; false when the limit is reached.
    pub fn spend(&mut self, steps: u64) -> bool {
        (0..steps).all(|_| self.charge())
    }
    /// Steps left of the limit (`u64::MAX` without one).
    pub fn work_left(&self) -> u64 {
        self.arena.work_left.unwrap_or(u64::MAX)
    }
    /// Sets the most bytes the games and memos may hold (estimated; the default
    /// is [`DEFAULT_MEMORY_LIMIT`]): past it operations stop as when the work runs out.
    pub fn set_memory_limit(&mut self, bytes: u64) {
        self.arena.memory_limit = bytes;
        self.arena
            .comparisons
            .set_max_bytes((bytes / 16).min(canonical::COMPARISON_BYTES));
    }
    /// The memory limit (see [`Universe::set_memory_limit`]).
    pub fn memory_limit(&self) -> u64 {
        self.arena.memory_limit
    }
    /// The bytes held so far (estimated).
    pub fn memory_held(&self) -> u64 {
        self.arena.bytes
    }
    /// The limit last set with [`Universe::set_work_limit`].
    pub fn work_limit(&self) -> Option<u64> {
        self.arena.work_limit
    }
    /// True when the work limit ran out (see [`Universe::set_work_limit`]): the
    /// values computed since are meaningless.
    pub fn work_exhausted(&self) -> bool {
        self.arena.exhausted
    }
    /// The budget's error when the work stopped at a limit of the budget: its
    /// memory ([`Universe::memory_limit`]) or its steps ([`Universe::work_limit`]),
    /// saying that `what` was being computed. `None` when the work has not run
    /// out, or stopped at a limit no budget raises (precision, the stack).
    pub fn over_budget(&self, what: &str) -> Option<grundy_budget::OverBudget> {
        if !self.work_exhausted() || self.precision_exhausted() || self.stack_exhausted() {
            return None;
        }
        Some(if self.cancelled() {
            grundy_budget::OverBudget {
                limit: grundy_budget::Limit::Cancelled,
                what: what.into(),
                reached: 1,
                allowed: 0,
            }
        } else if self.memory_exhausted() {
            grundy_budget::OverBudget {
                limit: grundy_budget::Limit::Memory,
                what: what.into(),
                reached: self.memory_held(),
                allowed: self.memory_limit(),
            }
        } else {
            let n = self.work_limit().unwrap_or(u64::MAX);
            grundy_budget::OverBudget {
                limit: grundy_budget::Limit::Work,
                what: what.into(),
                reached: n.saturating_add(1),
                allowed: n,
            }
        })
    }
    /// How many distinct games are interned.
    pub fn len(&self) -> usize {
        self.len_impl()
    }
    /// Never true: 0 is always interned.
    pub fn is_empty(&self) -> bool {
        false
    }
}
