//! The one heap game of the core: every family whose positions are heaps and whose
//! moves are described by a [`grundy_octal::HeapRules`] (subtraction, all-but,
//! split, octal and hexadecimal codes, Kayles, Dawson's Kayles, Grundy's game,
//! Lasker's Nim) builds a [`HeapGame`].
//!
//! Nim-values come from the `grundy-octal` engine, computed on demand up to
//! [`SEQUENCE_LIMIT`] (the `u16` [`Sequence`] for games whose values stay small,
//! [`grundy_octal::nim_values`] with `u64` values for codes with a tail digit),
//! and beyond that only from a proved period ([`grundy_octal::prove_period`], or
//! one the family knows). Otherwise the answer is an error, never a guess.

use std::sync::{Arc, Mutex, OnceLock};

use grundy_octal::{
    find_period_until, proof_bound, prove_period, HeapRules, Method, MisereQuotient, Periodic,
    QuotientLimits, Sequence,
};

use crate::dynamic::{Analyze, ClosedForm, Period};
use crate::games::packed_sums::{Layout, PackedSearch, PACKED_SEARCH_LIMIT};
use crate::games::{heap_components, heap_product, outcome_of};
use crate::solve::Evaluation;
use crate::{Game, GameError, Impartial, Outcome, Play};

/// Heaps up to this size for games whose moves may leave three heaps: a value
/// costs O(n V / 64) word operations for values below V (the engine merges
/// two-heap split sets), so values that grow with n make the whole table cubic;
/// 10,000 heaps of `hex:0.F6` take about 2 s here. `values --out` streams further.
pub const THREE_HEAP_LIMIT: u64 = 10_000;
/// Heaps below this size are answered from the computed sequence.
pub const SEQUENCE_LIMIT: u64 = 10_000_000;

/// How many values the period search computes before giving up (codes and
/// all-but games; subtraction games search further, see [`HeapGame::period_search`]).
pub const PERIOD_SEARCH: u64 = 1 << 20;
/// Options listed one by one for a heap (a breaking move has about n/2 ways).
pub const LISTED_HEAP_LIMIT: u64 = 1_000_000;
/// The largest heap whose misère quotient `solve --misere` computes by itself for
/// a sum too large to search (`grundy quotient` goes further). Kayles's takes about
/// a second to heap 100, built by classes.
pub const MISERE_QUOTIENT_HEAP: u64 = 1000;
/// Values times window length a subtraction game's period search may cover.
const SUBTRACTION_PERIOD_WORK: u64 = 300_000_000;
/// How many values a subtraction game's period search computes at most.
const SUBTRACTION_PERIOD_SEARCH: u64 = 10_000_000;

/// A family-specific single-heap remoteness rule (see the subtraction family).
pub type RemotenessHook = fn(&HeapGame) -> Option<Periodic>;

/// A heap game: its rules, its GAME name, and what is known or computed about its
/// nim-sequence. Positions are sums of heaps (`Vec<u64>`).
pub struct HeapGame {
    rules: HeapRules,
    name: String,
    /// Whether a move may leave three heaps, read off the code once: an all-but
    /// game's code has as many digits as its largest exclusion.
    three_heaps: bool,
    known: Option<Period>,
    remoteness_hook: Option<RemotenessHook>,
    remoteness: Arc<OnceLock<Option<Periodic>>>,
    /// What is computed, shared by the views of [`Analyze::within`].
    state: Arc<Mutex<State>>,
    /// The budget of the call this view answers (see [`Analyze::within`]): the
    /// work of heap values and period searches, the memory and work of misère
    /// quotients, the flag that stops them.
    budget: crate::Budget,
}

#[derive(Default)]
struct State {
    /// The engine's sequence (games whose values fit 16 bits).
    sequence: Option<Sequence>,
    /// `u64` values (codes with a tail digit, whose values grow).
    wide: Vec<u64>,
    /// The period search's result, once run.
    period: Option<Option<Period>>,
    /// Why the period search stopped short of its length: the work budget ran
    /// out (the error of a heap only a period could answer).
    period_stopped: Option<crate::OverBudget>,
    /// The largest misère quotient computed, and the smallest largest heap whose
    /// quotient failed (not tried again), with why, for the error of the search.
    quotient: Option<Arc<MisereQuotient>>,
    quotient_failed: Option<(u64, String)>,
    /// How the engine's sequence computes new values (the shell's `--method`,
    /// through [`Analyze::set_heap_method`]): the values are the same, only the
    /// time differs. A sequence already started keeps its method.
    method: Method,
}

impl State {
    /// The engine's sequence, created on first use.
    fn sequence(&mut self, rules: &HeapRules) -> &mut Sequence {
        let method = self.method;
        self.sequence
            .get_or_insert_with(|| Sequence::new(rules.clone(), method))
    }
}

impl std::fmt::Debug for HeapGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HeapGame")
            .field("name", &self.name)
            .field("rules", &self.rules)
            .finish_non_exhaustive()
    }
}

impl Clone for HeapGame {
    fn clone(&self) -> Self {
        HeapGame {
            rules: self.rules.clone(),
            name: self.name.clone(),
            three_heaps: self.three_heaps,
            known: self.known.clone(),
            remoteness_hook: self.remoteness_hook,
            remoteness: Arc::default(),
            state: Arc::default(),
            budget: crate::Budget::default(),
        }
    }
}

impl HeapGame {
    /// A game from its rules; `name` is its GAME text.
    pub fn new(rules: HeapRules, name: impl Into<String>) -> Self {
        let three_heaps = matches!(&rules, HeapRules::Octal(c)
            if c.digits().iter().chain(c.tail().as_slice()).any(|d| d & 8 != 0));
        HeapGame {
            rules,
            name: name.into(),
            three_heaps,
            known: None,
            remoteness_hook: None,
            remoteness: Arc::default(),
            state: Arc::default(),
            budget: crate::Budget::default(),
        }
    }

    /// The game of these rules, named by its canonical GAME text ([`canonical_name`]).
    pub fn from_rules(rules: HeapRules) -> Self {
        let name = canonical_name(&rules);
        HeapGame::new(rules, name)
    }

    /// With a period known from a theorem (no search is run).
    pub fn with_known_period(mut self, period: Period) -> Self {
        self.known = Some(period);
        self
    }

    /// With a family's rule for the remoteness of a single heap.
    pub fn with_remoteness(mut self, hook: RemotenessHook) -> Self {
        self.remoteness_hook = Some(hook);
        self
    }

    /// The rules.
    pub fn rules(&self) -> &HeapRules {
        &self.rules
    }

    /// The GAME text.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic while holding the lock leaves the values as they were: keep going.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn err(&self, e: impl std::fmt::Display) -> GameError {
        GameError::Unsupported(format!("{}: {e}", self.name))
    }

    /// True for codes with a tail digit: values grow without bound, so they are
    /// kept as `u64` (all-but games, Lasker's Nim).
    pub fn has_tail(&self) -> bool {
        matches!(&self.rules, HeapRules::Octal(c) if c.tail().is_some())
    }

    /// True when a move may leave three heaps (hexadecimal bit 8): each value then
    /// costs time growing with the heap times its values (see [`THREE_HEAP_LIMIT`]).
    pub fn leaves_three_heaps(&self) -> bool {
        self.three_heaps
    }

    /// How many values the period search computes at most.
    pub fn period_search(&self) -> u64 {
        match &self.rules {
            HeapRules::Octal(_) if self.leaves_three_heaps() => THREE_HEAP_LIMIT,
            HeapRules::Subtraction(set) => SUBTRACTION_PERIOD_SEARCH
                .min(SUBTRACTION_PERIOD_WORK / set.last().copied().unwrap_or(1).max(1)),
            _ => PERIOD_SEARCH,
        }
    }

    /// The proved period: the family's known one, or one search (cached) up to
    /// [`HeapGame::period_search`] values. `Ok(None)`: none proved.
    pub fn proved_period(&self) -> Result<Option<Period>, GameError> {
        if let Some(p) = &self.known {
            return Ok(Some(p.clone()));
        }
        let mut state = self.state();
        if state.period.is_none() {
            let limit = self.period_search();
            let found = if !self.has_tail() && proof_bound(&self.rules, 0, 1).is_some() {
                // Share the sequence with the table: the search's values are kept.
                // Values of breaking games cost time growing with the heap: the
                // search stops at the work budget, as computing them on demand does.
                let allowed = self.budget.work(crate::Task::HeapValues);
                let cancel = &self.budget.cancel;
                let (found, stopped) = find_period_until(
                    state.sequence(&self.rules),
                    limit,
                    |_, _| {},
                    |seq| {
                        crate::solve::progress::report_values(seq.len(), limit);
                        seq.stats().options > allowed || cancel.is_raised()
                    },
                )
                .map_err(|e| self.err(e))?;
                // A cancelled search proved nothing either way: keep no verdict.
                cancel.check(|| format!("{}: the search for a proved period", self.name))?;
                let found = found.filter(|p| p.proved);
                if stopped && found.is_none() {
                    let seq = state.sequence(&self.rules);
                    let (done, len) = (seq.stats().options, seq.len());
                    state.period_stopped = Some(crate::Budget::over(
                        crate::Limit::Work,
                        done,
                        allowed,
                        format!(
                            "{}: the search for a proved period (G(n) for n < {len} computed, \
                             none proved yet; it looks as far as n = {limit})",
                            self.name
                        ),
                    ));
                }
                found
            } else {
                prove_period(&self.rules, limit).map_err(|e| self.err(e))?
            };
            state.period = Some(found);
        }
        Ok(state.period.clone().flatten())
    }

    /// [`HeapGame::proved_period`] where only a period can answer: none proved
    /// because the search ran out of work is the budget's error, not "none".
    fn proved_period_or_budget(&self) -> Result<Option<Period>, GameError> {
        let found = self.proved_period()?;
        match (&found, &self.state().period_stopped) {
            (None, Some(stopped)) => Err(GameError::OverBudget(stopped.clone())),
            _ => Ok(found),
        }
    }

    /// The single-heap remoteness rule of the family, if it has one and it is proved.
    pub fn remoteness_rule(&self) -> Option<&Periodic> {
        let hook = self.remoteness_hook?;
        self.remoteness.get_or_init(|| hook(self)).as_ref()
    }

    /// An upper bound on the options of a heap of `h`.
    pub fn option_bound(&self, h: u64) -> u128 {
        let h128 = h as u128;
        let per_digit = |d: u8, m: u128| -> u128 {
            let mut c = u128::from(d & 3 != 0);
            if d & 4 != 0 {
                c += m / 2 + 1;
            }
            if d & 8 != 0 {
                c = c.saturating_add(m.saturating_mul(m) / 12 + m + 1);
            }
            c
        };
        match &self.rules {
            HeapRules::Subtraction(set) => set.len() as u128,
            HeapRules::Grundy => h128 / 2 + 1,
            HeapRules::Split => h128 + 1,
            HeapRules::Octal(c) => {
                let digits = c.digits();
                let mut total: u128 = 0;
                for (k, &d) in digits.iter().enumerate().take((h as usize).saturating_add(1)) {
                    total = total.saturating_add(per_digit(d, h128.saturating_sub(k as u128)));
                }
                if let Some(t) = c.tail() {
                    let from = digits.len() as u128;
                    if h128 >= from {
                        total = total.saturating_add((h128 - from + 1).saturating_mul(per_digit(t, h128)));
                    }
                }
                total
            }
        }
    }

    /// Refuse positions with a heap whose options are too many to list.
    fn check_listable(&self, p: &[u64]) -> Result<(), GameError> {
        match p
            .iter()
            .find(|&&h| self.option_bound(h) > LISTED_HEAP_LIMIT as u128)
        {
            Some(&h) => Err(self.err(format!(
                "a heap of {h} has too many options to list (at most {LISTED_HEAP_LIMIT})"
            ))),
            None => Ok(()),
        }
    }

    /// The weight `a` of a heap in the potential `tokens + a * heaps`, which no
    /// move increases: a move that breaks one heap into `j + 1` removes at least
    /// `a * j` tokens; a move leaving one heap or none removes a token or more.
    /// `None` for games without breaking moves.
    fn heap_weight(&self) -> Option<u64> {
        match &self.rules {
            HeapRules::Subtraction(_) => None,
            // Splits keep every token.
            HeapRules::Grundy | HeapRules::Split => Some(0),
            HeapRules::Octal(c) => {
                if !c.has_breaking_moves() {
                    return None;
                }
                let weight = |k: u64, d: u8| {
                    let two = if d & 4 != 0 { k } else { u64::MAX };
                    let three = if d & 8 != 0 { k / 2 } else { u64::MAX };
                    two.min(three)
                };
                let mut a = u64::MAX;
                for (k, &d) in c.digits().iter().enumerate() {
                    a = a.min(weight(k as u64, d));
                }
                if let Some(t) = c.tail() {
                    a = a.min(weight(c.digits().len() as u64, t));
                }
                Some(a)
            }
        }
    }

    /// The layout of the packed search from `p`, when it applies: the sums reachable
    /// pack into 128 bits and there are at most [`PACKED_SEARCH_LIMIT`] of them.
    fn packed_layout(&self, p: &[u64]) -> Option<Layout> {
        if self.canonical_bound(p).0 > PACKED_SEARCH_LIMIT as u128 {
            return None;
        }
        Layout::new(&self.rules, p)
    }

    /// Upper bounds on the canonical positions a search from `p` visits and on the
    /// options it lists. Games without breaking moves: the sorted tuples dominated
    /// by `p`'s heaps (times the options of `p`). Take-and-break games: every
    /// multiset of heaps of at most the largest heap of `p` with potential (see
    /// [`HeapGame::heap_weight`]) at most `p`'s, each counted with the options of
    /// its distinct heaps (what [`Analyze::canonical_options`] lists).
    fn canonical_bound(&self, p: &[u64]) -> (u128, u128) {
        let c = canonical_heaps(p);
        let options = c
            .iter()
            .map(|&h| self.option_bound(h))
            .fold(0u128, u128::saturating_add);
        let Some(a) = self.heap_weight() else {
            let n = if c.iter().map(|&h| h as u128).sum::<u128>() <= 1 << 20 {
                dominated_multisets(&c).unwrap_or(1).min(heap_product(&c))
            } else {
                heap_product(&c)
            };
            return (n, n.saturating_mul(options.max(1)));
        };
        const TOO_MANY: (u128, u128) = (u128::MAX, u128::MAX);
        // Beyond this potential the counts exceed any budget (partitions of 600: 4.6e23).
        const MAX_POTENTIAL: u128 = 600;
        let potential = c
            .iter()
            .map(|&h| h as u128 + a as u128)
            .fold(0u128, u128::saturating_add);
        let Some(&largest) = c.last() else {
            return (1, 0);
        };
        if potential > MAX_POTENTIAL {
            return TOO_MANY;
        }
        let budget = potential as usize;
        // count[b], work[b]: multisets of the heap sizes so far of potential b, and
        // the options of their distinct heaps, summed.
        let mut count = vec![0u128; budget + 1];
        let mut work = vec![0u128; budget + 1];
        count[0] = 1;
        for s in 1..=largest.min(budget as u64) {
            let cost = (s + a) as usize;
            if cost > budget {
                break;
            }
            let ob = self.option_bound(s);
            // more_count[b]: multisets with at least one heap of s, from count[b - m*cost].
            let mut more_count = vec![0u128; budget + 1];
            let mut more_work = vec![0u128; budget + 1];
            for b in cost..=budget {
                let (c0, w0) = (count[b - cost], work[b - cost]);
                more_count[b] = more_count[b - cost].saturating_add(c0);
                more_work[b] = more_work[b - cost]
                    .saturating_add(w0)
                    .saturating_add(c0.saturating_mul(ob));
            }
            for b in cost..=budget {
                count[b] = count[b].saturating_add(more_count[b]);
                work[b] = work[b].saturating_add(more_work[b]);
            }
        }
        let sum = |v: &[u128]| v.iter().fold(0u128, |t, &x| t.saturating_add(x));
        (sum(&count), sum(&work))
    }

    /// Nim-values of the heaps `heaps`, in order.
    pub fn heap_values(&self, heaps: &[u64]) -> Result<Vec<u64>, GameError> {
        let max = heaps.iter().copied().max().unwrap_or(0);
        let from_period = |what: &str| -> Result<Vec<u64>, GameError> {
            match self.proved_period_or_budget()? {
                Some(p) => heaps
                    .iter()
                    .map(|&h| {
                        p.value_at(h)
                            .ok_or_else(|| self.err(format!("the value of heap {h} does not fit 64 bits")))
                    })
                    .collect(),
                None => Err(self.err(what)),
            }
        };
        if self.leaves_three_heaps() && max > THREE_HEAP_LIMIT {
            // Values cost time growing with n times V: only a proved period answers beyond the limit.
            return from_period(&format!(
                "heap {max} is too large for a game whose moves leave three heaps (at most \
                 {THREE_HEAP_LIMIT} without a proved period)"
            ));
        }
        if max >= SEQUENCE_LIMIT {
            return from_period(&format!(
                "heap {max} is too large: beyond the {SEQUENCE_LIMIT} values computed on demand, and no \
                 proved period is available for it"
            ));
        }
        if self.has_tail() {
            // Values grow: the proved period if there is one, else a u64 table.
            if self.known.is_some() || max >= (1 << 16) {
                if let Some(p) = self.proved_period()? {
                    if let Some(v) = heaps.iter().map(|&h| p.value_at(h)).collect() {
                        return Ok(v);
                    }
                }
            }
            let mut state = self.state();
            if state.wide.len() as u64 <= max {
                let len = (max + 1).max(2 * state.wide.len() as u64).min(SEQUENCE_LIMIT);
                state.wide = grundy_octal::nim_values(&self.rules, len).map_err(|e| self.err(e))?;
            }
            return Ok(heaps.iter().map(|&h| state.wide[h as usize]).collect());
        }
        if let Some(p) = self.period_before_values(max)? {
            if let Some(v) = heaps.iter().map(|&h| p.value_at(h)).collect() {
                return Ok(v);
            }
        }
        let mut state = self.state();
        let values = self.sequence_to(&mut state, max)?;
        Ok(heaps.iter().map(|&h| u64::from(values[h as usize])).collect())
    }

    /// The engine's values G(0..=to), computed as far as needed, a block at a
    /// time within the budget's work (options examined; by default
    /// [`crate::Task::HeapValues`]'s, about ten seconds): the values of games with
    /// breaking moves cost time growing with the heap, so a large heap alone
    /// (Grundy's game at 10^7) would run for hours.
    fn sequence_to<'s>(&self, state: &'s mut State, to: u64) -> Result<&'s [u16], GameError> {
        const BLOCK: u64 = 1 << 14;
        let allowed = self.budget.work(crate::Task::HeapValues);
        let name = self.name.clone();
        let cancel = self.budget.cancel.clone();
        let seq = state.sequence(&self.rules);
        // Grundy's game and split examine every option of every heap (no sparse
        // space): the steps to `to` are known before the first one, so a heap
        // far past the budget is refused at once, not after it.
        if matches!(self.rules, HeapRules::Grundy | HeapRules::Split) && seq.len() <= to {
            let from = seq.len();
            let per_heap = |n: u64| self.option_bound(n).saturating_sub(1);
            // The options grow linearly with the heap: the mean of the ends times the count.
            let ahead = (per_heap(from) + per_heap(to)) / 2 * u128::from(to - from + 1);
            let needed = u128::from(seq.stats().options).saturating_add(ahead);
            if needed > u128::from(allowed) {
                return Err(GameError::OverBudget(crate::Budget::over(
                    crate::Limit::Work,
                    u64::try_from(needed).unwrap_or(u64::MAX),
                    allowed,
                    format!(
                        "{name}: the nim-values of heaps up to {to} (every option of every heap is examined: \
                         about {} steps for heap n)",
                        if self.rules == HeapRules::Grundy { "n/2" } else { "n" }
                    ),
                )));
            }
        }
        while seq.len() <= to {
            cancel.check(|| format!("{name}: the nim-values of heaps up to {to}"))?;
            let end = (seq.len() + BLOCK).min(to + 1);
            crate::solve::progress::report_values(seq.len(), to + 1);
            seq.extend_to(end, |_, _| {}).map_err(|e| self.err(e))?;
            let done = seq.stats().options;
            if done > allowed && seq.len() <= to {
                return Err(GameError::OverBudget(crate::Budget::over(
                    crate::Limit::Work,
                    done,
                    allowed,
                    format!(
                        "{name}: the nim-values of heaps up to {to} (G(n) for n < {} computed)",
                        seq.len()
                    ),
                )));
            }
        }
        Ok(seq.values())
    }

    /// The proved period, when values up to `max` are not computed yet and would
    /// cost time growing with the heap (breaking moves: Dawson's Kayles to 10^6
    /// is 10^12 steps, its period a few hundred values); `None` otherwise. The
    /// period search is itself cached and within the work budget.
    fn period_before_values(&self, max: u64) -> Result<Option<Period>, GameError> {
        if max < 1 << 16 || !self.rules.has_breaking_moves() {
            return Ok(None);
        }
        if self.state().sequence.as_ref().is_some_and(|s| s.len() > max) {
            return Ok(None);
        }
        match self.proved_period() {
            Ok(found) => Ok(found),
            Err(e @ GameError::OverBudget(_)) => Err(e),
            Err(_) => Ok(None),
        }
    }

    /// The nim-values of single heaps `from..=to`.
    pub fn values_range(&self, from: u64, to: u64) -> Result<Vec<u64>, GameError> {
        if to >= SEQUENCE_LIMIT || (self.leaves_three_heaps() && to > THREE_HEAP_LIMIT) {
            return match self.proved_period_or_budget()? {
                Some(p) => p
                    .periodic
                    .range(from, to)
                    .ok_or_else(|| self.err(format!("a value of heaps up to {to} does not fit 64 bits"))),
                None => Err(self.err(format!(
                    "--to {to} is beyond the values computed on demand and no period was proved; \
                     use --out FILE to stream a long sequence"
                ))),
            };
        }
        if !self.has_tail() && from <= to {
            if let Some(p) = self.period_before_values(to)? {
                if let Some(v) = p.periodic.range(from, to) {
                    return Ok(v);
                }
            }
            // A range of the engine's sequence: one copy, no list of heaps to look up.
            let mut state = self.state();
            let values = self.sequence_to(&mut state, to)?;
            return Ok(values[from as usize..=to as usize]
                .iter()
                .map(|&v| u64::from(v))
                .collect());
        }
        let heaps: Vec<u64> = (from..=to).collect();
        self.heap_values(&heaps)
    }

    /// G(0..=to) in a narrow type, from the proved period when there is one (the
    /// block copied forward: the fastest way to a long table), else from the
    /// engine; an error when a value does not fit `T`.
    pub fn table<T: TryFrom<u64> + Copy>(&self, to: u64) -> Result<Vec<T>, GameError> {
        if let Some(p) = self.proved_period()? {
            return p.periodic.range_as(0, to).ok_or_else(|| {
                self.err(format!(
                    "a value of heaps up to {to} does not fit the table's type"
                ))
            });
        }
        self.values_range(0, to)?
            .into_iter()
            .map(|v| {
                T::try_from(v).map_err(|_| self.err(format!("the value {v} does not fit the table's type")))
            })
            .collect()
    }

    /// The nim-value of a sum of heaps.
    pub fn nim_value_of(&self, heaps: &[u64]) -> Result<u64, GameError> {
        Ok(self.heap_values(heaps)?.into_iter().fold(0, |x, v| x ^ v))
    }

    /// What a move leaves in place of heap `i` of `p`.
    fn replace(&self, p: &[u64], i: usize, left: &[u64]) -> Vec<u64> {
        let mut next = p[..i].to_vec();
        if left.is_empty() && !self.rules.has_breaking_moves() {
            // A game of one heap for one heap keeps an emptied heap in place, as 0.
            next.push(0);
        } else {
            next.extend_from_slice(left);
        }
        next.extend_from_slice(&p[i + 1..]);
        next
    }

    /// Normal-play remoteness without search: 0 for no tokens, a family's rule for
    /// one heap; a sum needs a search.
    fn closed_remoteness(&self, p: &[u64]) -> Option<u64> {
        match p.iter().filter(|&&h| h > 0).collect::<Vec<_>>()[..] {
            [] => Some(0),
            [&h] => self.remoteness_rule().and_then(|r| r.value_at(h)),
            _ => None,
        }
    }

    /// The misère quotient of sums of heaps up to `max_heap` (computed once; a
    /// larger one answers for smaller heaps too).
    pub fn misere_quotient(
        &self,
        max_heap: u64,
        limits: QuotientLimits,
    ) -> Result<Arc<MisereQuotient>, GameError> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(q) = &state.quotient {
            if q.max_heap() >= max_heap {
                return Ok(Arc::clone(q));
            }
        }
        let quotient = MisereQuotient::compute(&self.rules, max_heap, limits).map_err(|e| match e {
            grundy_octal::QuotientError::OverBudget(mut b) => {
                b.what = format!("{}: {}", self.name, b.what);
                GameError::OverBudget(b)
            }
            e => GameError::Unsupported(format!("{}: {e}", self.name)),
        })?;
        let quotient = Arc::new(quotient);
        state.quotient = Some(Arc::clone(&quotient));
        Ok(quotient)
    }

    /// Misère play of a sum too large to search: the misère quotient of its heaps
    /// answers outcome and winning moves (not remoteness). `None` when the search
    /// fits (it also gives remoteness) or the quotient is out of reach.
    fn misere_closed_form(&self, p: &[u64]) -> Option<ClosedForm<Vec<u64>>> {
        let (size, work) = self.canonical_bound(p);
        let searchable = size <= u128::from(self.budget.positions(crate::Task::Search))
            && work <= u128::from(self.budget.work(crate::Task::Search));
        if searchable || self.packed_layout(p).is_some() {
            // A search gives the remoteness as well: the quotient only when none fits.
            return None;
        }
        let max_heap = p
            .iter()
            .copied()
            .max()
            .filter(|&m| m > 0 && m <= MISERE_QUOTIENT_HEAP)?;
        let (max_bytes, max_work) = {
            let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            if state
                .quotient_failed
                .as_ref()
                .is_some_and(|(f, _)| *f <= max_heap)
            {
                return None;
            }
            // The search's own tables get three quarters of the budget's memory.
            (self.budget.max_memory / 4 * 3, self.budget.max_work)
        };
        let defaults = QuotientLimits::default();
        let limits = QuotientLimits {
            // Enough for Kayles and Dawson's Kayles to heap 24; one out of reach
            // stops within seconds.
            max_positions: crate::Task::Quotient.defaults().positions as usize,
            max_bytes,
            max_work: max_work.unwrap_or(defaults.max_work),
            ..defaults
        };
        let q = match self.misere_quotient(max_heap, limits) {
            Ok(q) => q,
            Err(e) => {
                let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
                if state.quotient_failed.as_ref().is_none_or(|(f, _)| max_heap < *f) {
                    state.quotient_failed = Some((max_heap, e.to_string()));
                }
                return None;
            }
        };
        let x = q.element_of(p)?;
        // Two moves that leave the same position are one.
        let mut listed = rustc_hash::FxHashSet::default();
        let winning_moves = q
            .winning_moves(p)?
            .into_iter()
            .map(|(i, left)| self.replace(p, i, &left))
            .filter(|m| listed.insert(m.clone()))
            .collect();
        // Equal heaps have equal moves: each is listed once, at the first such heap.
        let mut sorted = p.to_vec();
        sorted.sort_unstable();
        let repeated = sorted.windows(2).any(|w| w[0] == w[1] && w[0] > 0);
        let winning_moves_note = (repeated && !q.in_p(x)).then(|| {
            "equal heaps have the same moves: each is listed once, in the first such heap".to_string()
        });
        Some(ClosedForm {
            outcome: if q.in_p(x) { Outcome::Lose } else { Outcome::Win },
            remoteness: None,
            winning_moves,
            winning_moves_note,
            rule: format!(
                "the misère quotient of heaps up to {} ({} elements, proved): the sum is {}, {} the P-portion",
                q.max_heap(),
                q.order(),
                q.word(x),
                if q.in_p(x) { "in" } else { "not in" }
            ),
        })
    }

    /// Every winning move from `p` (normal play), and, when some heap was too large
    /// to list its moves, why the list is incomplete.
    pub fn winning_moves(&self, p: &[u64]) -> Result<(Vec<Vec<u64>>, Option<String>), GameError> {
        let values = self.heap_values(p)?;
        let x = values.iter().fold(0, |x, v| x ^ v);
        let mut moves = Vec::new();
        let mut unlisted: Option<String> = None;
        if x == 0 {
            return Ok((moves, unlisted));
        }
        let limit = crate::games::listed_moves(p.len());
        let mut listed = rustc_hash::FxHashSet::default();
        let mut more = false;
        // Two moves that leave the same position are one move (as `moves` lists
        // them). A move in a heap equal to the one before it leaves the same
        // position as there when what it leaves in place is only heaps of that
        // size (Kayles 1,1,1: each heap's single take leaves 1,1): skipped
        // without building it, since each is a copy of the whole position.
        let mut add = |i: usize, left: &[u64], moves: &mut Vec<Vec<u64>>| -> bool {
            let in_place: &[u64] = if left.is_empty() && !self.rules.has_breaking_moves() {
                &[0]
            } else {
                left
            };
            if i > 0 && p[i - 1] == p[i] && in_place.iter().all(|&l| l == p[i]) {
                return true;
            }
            if moves.len() == limit {
                more = true;
                return false;
            }
            let next = self.replace(p, i, left);
            if listed.insert(next.clone()) {
                moves.push(next);
            }
            true
        };
        'heaps: for (i, &h) in p.iter().enumerate() {
            let target = x ^ values[i];
            if self.option_bound(h) <= LISTED_HEAP_LIMIT as u128 {
                let mut found: Vec<Vec<u64>> = Vec::new();
                self.rules.heap_options(h, &mut |left| found.push(left.to_vec()));
                for left in found {
                    if self.nim_value_of(&left)? == target && !add(i, &left, &mut moves) {
                        break 'heaps;
                    }
                }
                continue;
            }
            // Too many options to list: the moves that leave one heap, found from a
            // period whose values grow (each value then has few heaps).
            let too_many = format!("a heap of {h} has more than {LISTED_HEAP_LIMIT} options to examine");
            let (HeapRules::Octal(code), Some(per)) = (&self.rules, self.proved_period()?) else {
                unlisted.get_or_insert(too_many);
                continue;
            };
            if per.periodic.saltus() == 0 {
                unlisted.get_or_insert(too_many);
                continue;
            }
            unlisted.get_or_insert(format!(
                "{too_many}; only its moves that leave one heap are listed"
            ));
            for m in per.periodic.heaps_with_value(target, h) {
                let d = code.digit(h - m);
                if (m == 0 && d & 1 != 0) || (m > 0 && d & 2 != 0) {
                    let one = [m];
                    if !add(i, if m == 0 { &[] } else { &one }, &mut moves) {
                        break 'heaps;
                    }
                }
            }
        }
        if more {
            unlisted.get_or_insert(crate::games::unlisted_note(moves.len(), p.len()));
        }
        Ok((moves, unlisted))
    }
}

/// The canonical form of a sum of heaps: sorted, without empty heaps. The order of
/// the heaps of a sum is not seen by play and an empty heap has no moves, so this is
/// a renaming of positions (the same options, renamed), not a simplification: it
/// keeps outcome and remoteness in both normal and misère play. (Dropping heaps
/// of nim-value 0, or pairs of equal heaps, would not: neither is done.)
pub fn canonical_heaps(p: &[u64]) -> Vec<u64> {
    let mut c: Vec<u64> = p.iter().copied().filter(|&h| h > 0).collect();
    c.sort_unstable();
    c
}

/// The number of sorted tuples `z` with `0 <= z[i] <= bounds[i]` (`bounds`
/// sorted): the multisets of heaps of a game without breaking moves reachable from
/// heaps `bounds` (a multiset is reachable when, both sorted, each of its heaps is
/// at most the heap it came from).
fn dominated_multisets(bounds: &[u64]) -> Option<u128> {
    let max = *bounds.last()? as usize;
    // ways[v]: the tuples of the heaps so far whose last value is v.
    let mut ways = vec![0u128; max + 1];
    ways[0] = 1;
    let mut prev_bound = 0usize;
    for &b in bounds {
        let b = b as usize;
        let mut sum = 0u128;
        for (v, w) in ways.iter_mut().enumerate().take(b + 1) {
            if v <= prev_bound {
                sum = sum.saturating_add(*w);
            }
            *w = sum;
        }
        prev_bound = b;
    }
    Some(
        ways[..=prev_bound]
            .iter()
            .fold(0u128, |t, &w| t.saturating_add(w)),
    )
}

/// The canonical GAME text of heap rules, the same for every spelling of a game
/// (`kayles` and `octal:0.77` both give `octal:0.77`): what checkpoint files and
/// JSON output name.
pub fn canonical_name(rules: &HeapRules) -> String {
    let join = crate::games::join;
    match rules {
        HeapRules::Octal(code) => match code.all_but_excluded() {
            Some(e) if !e.is_empty() => format!("allbut:{}", join(&e)),
            _ if code.is_hex() => format!("hex:{}", code.to_string().trim_start_matches("0x")),
            _ => format!("octal:{code}"),
        },
        HeapRules::Subtraction(set) => format!("subtraction:{}", join(set)),
        HeapRules::Grundy => "grundy".into(),
        HeapRules::Split => "split".into(),
    }
}

impl Game for HeapGame {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> Result<(), GameError> {
        self.check_listable(p)?;
        for (i, &h) in p.iter().enumerate() {
            self.rules
                .heap_options(h, &mut |left| out.push(self.replace(p, i, left)));
        }
        Ok(())
    }
}

impl Impartial for HeapGame {
    fn components(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        heap_components(p, out)
    }
}

impl Analyze for HeapGame {
    fn set_heap_method(&mut self, method: Method) {
        self.state().method = method;
    }
    fn why_no_closed_form(&self, p: &Vec<u64>, play: Play) -> Option<String> {
        if play != Play::Misere {
            return None;
        }
        let max_heap = p.iter().copied().max()?;
        if max_heap > MISERE_QUOTIENT_HEAP {
            return Some(format!(
                "no misère quotient is tried past heap {MISERE_QUOTIENT_HEAP}; `grundy quotient --max-heap` computes larger ones"
            ));
        }
        let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let (_, why) = state.quotient_failed.as_ref().filter(|(f, _)| *f <= max_heap)?;
        Some(format!("the misère quotient was tried: {why}"))
    }
    fn closed_form_over_budget(&self, p: &Vec<u64>, play: Play) -> Option<crate::OverBudget> {
        if play != Play::Normal {
            return None;
        }
        match self.nim_value_of(p) {
            Err(GameError::OverBudget(over)) => Some(over),
            _ => None,
        }
    }
    fn within(&self, budget: &crate::Budget) -> Option<Self> {
        Some(HeapGame {
            rules: self.rules.clone(),
            name: self.name.clone(),
            three_heaps: self.three_heaps,
            known: self.known.clone(),
            remoteness_hook: self.remoteness_hook,
            remoteness: Arc::clone(&self.remoteness),
            state: Arc::clone(&self.state),
            budget: budget.clone(),
        })
    }
    fn name(&self) -> String {
        self.name.clone()
    }
    fn impartial(&self) -> bool {
        true
    }
    fn option_count(&self, p: &Vec<u64>) -> Option<u128> {
        Some(
            p.iter()
                .map(|&h| self.option_bound(h))
                .fold(0u128, u128::saturating_add),
        )
    }
    fn nim_value(&self, p: &Vec<u64>, _limit: usize) -> Option<Result<u64, GameError>> {
        Some(self.nim_value_of(p))
    }
    fn closed_nim_value(&self, p: &Vec<u64>) -> Option<u64> {
        self.nim_value_of(p).ok()
    }
    /// Cheap: heaps within the values computed on demand are positions whether or
    /// not their values are known yet (they are computed when asked, with progress
    /// and within the work limits, not when a position or a game file is read:
    /// `split` to 3·10^6 takes minutes). Larger heaps need the proved period, asked
    /// for here.
    fn check(&self, p: &Vec<u64>) -> Result<(), String> {
        let max = p.iter().copied().max().unwrap_or(0);
        if max >= SEQUENCE_LIMIT || (self.leaves_three_heaps() && max > THREE_HEAP_LIMIT) {
            return self.heap_values(p).map(|_| ()).map_err(|e| e.to_string());
        }
        Ok(())
    }
    fn search_size(&self, p: &Vec<u64>) -> Option<u128> {
        Some(self.canonical_bound(p).0)
    }
    fn search_work(&self, p: &Vec<u64>) -> Option<u128> {
        Some(self.canonical_bound(p).1)
    }
    fn canonical(&self, p: &Vec<u64>) -> Option<Vec<u64>> {
        Some(canonical_heaps(p))
    }
    fn packed_search(
        &self,
        p: &Vec<u64>,
        play: Play,
    ) -> Option<Result<(Evaluation, Vec<(Vec<u64>, Evaluation)>), GameError>> {
        let mut search = PackedSearch::new(
            self.packed_layout(p)?,
            play,
            PACKED_SEARCH_LIMIT,
            &self.budget.cancel,
        );
        let mut evaluate = || {
            let e = search.evaluate(p)?;
            let mut options = Vec::new();
            self.options(p, &mut options)?;
            let options = options
                .into_iter()
                .map(|o| search.evaluate(&o).map(|eo| (o, eo)))
                .collect::<Result<Vec<_>, GameError>>()?;
            Ok((e, options))
        };
        Some(evaluate())
    }
    fn packed_search_fits(&self, p: &Vec<u64>) -> bool {
        self.packed_layout(p).is_some()
    }
    fn canonical_options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> Result<(), GameError> {
        self.check_listable(p)?;
        for (i, &h) in p.iter().enumerate() {
            // Equal heaps have the same options: list them once.
            if i > 0 && p[i - 1] == h {
                continue;
            }
            self.rules.heap_options(h, &mut |left| {
                let mut next = Vec::with_capacity(p.len() + left.len());
                next.extend_from_slice(&p[..i]);
                next.extend_from_slice(&p[i + 1..]);
                next.extend_from_slice(left);
                next.sort_unstable();
                out.push(next);
            });
        }
        Ok(())
    }
    fn closed_form(&self, p: &Vec<u64>, play: Play) -> Option<ClosedForm<Vec<u64>>> {
        if play == Play::Misere {
            return self.misere_closed_form(p);
        }
        let x = self.nim_value_of(p).ok()?;
        let (winning_moves, unlisted) = self.winning_moves(p).ok()?;
        let max = p.iter().copied().max().unwrap_or(0);
        let huge = max >= SEQUENCE_LIMIT
            || self.known.is_some()
            || self.period_before_values(max).ok().flatten().is_some();
        let period = if huge {
            self.proved_period().ok().flatten()
        } else {
            None
        };
        let rule = match &period {
            Some(per) => {
                let g = &per.periodic;
                let saltus = if g.saltus() == 0 {
                    String::new()
                } else {
                    format!(", saltus {}", g.saltus())
                };
                format!(
                    "nim-sequence proved periodic (period {}{saltus} from n = {}); nim-sum {x}",
                    g.period(),
                    g.preperiod()
                )
            }
            None => format!("Sprague–Grundy: the nim-sum of the heaps' values is {x}"),
        };
        // One heap: a family's remoteness rule, if it has one; a sum needs a search.
        let remoteness = self.closed_remoteness(p);
        Some(ClosedForm {
            outcome: outcome_of(x),
            remoteness,
            winning_moves,
            winning_moves_note: unlisted,
            rule,
        })
    }
    fn closed_outcome(&self, p: &Vec<u64>, play: Play) -> Option<(Outcome, Option<u64>)> {
        if play == Play::Misere {
            return None;
        }
        let x = self.nim_value_of(p).ok()?;
        let remoteness = self.closed_remoteness(p);
        Some((outcome_of(x), remoteness))
    }
    fn period(&self) -> Option<Result<Option<Period>, GameError>> {
        Some(self.proved_period())
    }
    fn heap_nim_values(&self, from: u64, to: u64) -> Option<Result<Vec<u64>, GameError>> {
        Some(self.values_range(from, to))
    }
    fn heap_rules(&self) -> Option<HeapRules> {
        Some(self.rules.clone())
    }
    fn read_move(&self, p: &Vec<u64>, word: &str) -> crate::dynamic::MoveWord {
        crate::games::read_heap_move(self, p, word)
    }
    fn name_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> Option<String> {
        crate::dynamic::name_heap_move(from, to)
    }
}
