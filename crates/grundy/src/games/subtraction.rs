use crate::catalogue::{Family, Kind, Param, Params, Shape, Syntax, Value};
use crate::dynamic::{searched_nim_value, Analyze, ClosedForm, PeriodSummary};
use crate::dynamic::{Builtin, DynGame};
use crate::games::{heap_components, sum_options};
use crate::games::{heap_product, join, outcome_of, TABLE_LIMIT};
use crate::Play;
use crate::{Game, GameError, Impartial};

/// A subtraction game: a move takes `s` tokens from one heap, for some `s` in a
/// finite set S of positive integers.
///
/// The nim-value at `n` depends only on the `max(S)` values before it, so once a
/// window of `max(S)` consecutive values repeats, the sequence is periodic from
/// there on: [`Subtraction::period`] finds and proves that, and
/// [`Period::value_at`] then answers heaps of any size.
#[derive(Clone, Debug)]
pub struct Subtraction {
    set: Vec<u64>,
    /// The period found by the default search, computed once.
    default_period: std::sync::OnceLock<Option<Period>>,
}

/// Remoteness of a single heap, arithmetic-periodic: `R(n + period) = R(n) + step`
/// for every `n >= from`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemotenessRule {
    /// The first heap from which the rule holds.
    pub from: u64,
    /// The length of the repeating block.
    pub period: u64,
    /// How much each block adds.
    pub step: u64,
    /// Remoteness of heaps `0 .. from + period`.
    pub values: Vec<u64>,
}

impl RemotenessRule {
    /// The remoteness of a single heap of `n`.
    pub fn remoteness_at(&self, n: u64) -> u64 {
        if n < self.from {
            return self.values[n as usize];
        }
        let (blocks, offset) = ((n - self.from) / self.period, (n - self.from) % self.period);
        self.values[(self.from + offset) as usize] + blocks * self.step
    }
}

/// Values times window length that a period search may hash.
const PERIOD_WORK: u64 = 300_000_000;

/// How many values [`Subtraction::nim_table`] computes looking for a period first.
const PERIOD_PROBE: u64 = 1 << 16;

/// How many values the default period search computes before giving up.
pub const DEFAULT_PERIOD_SEARCH: u64 = 10_000_000;

/// A proved ultimately periodic nim-sequence: `values[n + period] == values[n]`
/// for every `n >= preperiod`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Period {
    /// The first heap size from which the sequence repeats.
    pub preperiod: u64,
    /// The length of the repeating block.
    pub period: u64,
    /// The nim-values from 0 up to `preperiod + period` (exclusive).
    pub values: Vec<u64>,
    /// How many values the proof inspected.
    pub checked_to: u64,
}

impl Period {
    /// The nim-value of a heap of `n`, for any `n`.
    pub fn value_at(&self, n: u64) -> u64 {
        let n = if n < self.preperiod {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        };
        self.values[n as usize]
    }
}

/// The largest subtraction set element the tables support: a window of this many
/// values is kept in memory.
pub const MAX_SUBTRACT: u64 = 1 << 20;

impl Subtraction {
    /// A subtraction game with the set `set` (any order, repeats ignored).
    pub fn new(set: &[u64]) -> Result<Self, GameError> {
        let mut set = set.to_vec();
        set.sort_unstable();
        set.dedup();
        if set.is_empty() {
            return Err(GameError::parameter(
                "subtraction",
                "the subtraction set is empty",
            ));
        }
        if set[0] == 0 {
            return Err(GameError::parameter(
                "subtraction",
                "0 is not a move: every element must be positive",
            ));
        }
        if set.len() > 255 {
            return Err(GameError::parameter(
                "subtraction",
                format!("{} moves: at most 255 distinct moves are supported", set.len()),
            ));
        }
        if *set.last().unwrap() > MAX_SUBTRACT {
            return Err(GameError::parameter(
                "subtraction",
                format!("{} is too large (at most {MAX_SUBTRACT})", set.last().unwrap()),
            ));
        }
        Ok(Subtraction {
            set,
            default_period: Default::default(),
        })
    }

    /// The subtraction set, sorted.
    pub fn set(&self) -> &[u64] {
        &self.set
    }

    /// Nim-values of heaps `0..=n`: the tight loop behind every table of this game.
    ///
    /// A heap has at most |S| options, so every value is at most |S| <= 255 and fits
    /// a byte: the table is as compact as a table of outcomes.
    pub fn nim_values(&self, n: usize) -> Vec<u8> {
        let mut g: Vec<u8> = vec![0; n + 1];
        let set: Vec<usize> = self.set.iter().map(|&s| s as usize).collect();
        let max = *set.last().unwrap();
        // Heaps below max(S) have only some of the moves.
        for k in 0..max.min(n + 1) {
            let mut seen = [0u64; 4];
            for &s in set.iter().take_while(|&&s| s <= k) {
                let v = g[k - s];
                seen[(v / 64) as usize] |= 1 << (v % 64);
            }
            g[k] = mex_of_words(&seen);
        }
        if set.len() < 64 {
            // Values below 64: one word of "seen" bits.
            for k in max..=n {
                let mut seen = 0u64;
                for &s in &set {
                    seen |= 1 << g[k - s];
                }
                g[k] = seen.trailing_ones() as u8;
            }
        } else {
            for k in max..=n {
                let mut seen = [0u64; 4];
                for &s in &set {
                    let v = g[k - s];
                    seen[(v / 64) as usize] |= 1 << (v % 64);
                }
                g[k] = mex_of_words(&seen);
            }
        }
        g
    }

    /// Nim-values of heaps `0..=n`, computed only until the period is proved and
    /// then repeated: the fastest way to a long table.
    pub fn nim_table(&self, n: usize) -> Vec<u8> {
        let Some(period) = self.period_within((n as u64).min(PERIOD_PROBE)) else {
            return self.nim_values(n);
        };
        let start = period.preperiod as usize;
        let block = period.period as usize;
        let mut g: Vec<u8> = Vec::with_capacity(n + 1);
        g.extend(
            period
                .values
                .iter()
                .take((n + 1).min(start + block))
                .map(|&v| v as u8),
        );
        // Copy the repeating block forward, doubling the span each time.
        while g.len() < n + 1 {
            let len = g.len();
            let copy = (len - start) / block * block;
            let take = copy.min(n + 1 - len);
            g.extend_from_within(start..start + take);
        }
        g
    }

    /// Compute nim-values until a window of `max(S)` values repeats, proving the
    /// period, or give up after `max_n` values (`None`).
    ///
    /// A subtraction game's sequence is always ultimately periodic (there are
    /// finitely many windows), with period at most the number of windows.
    pub fn period(&self, max_n: u64) -> Option<Period> {
        // Hashing windows costs max(S) per value: bound the total work.
        let max_n = max_n.min(PERIOD_WORK / *self.set.last().unwrap());
        // Most periods show early: try growing prefixes before the full length.
        let mut n = 4096.min(max_n);
        loop {
            if let Some(p) = self.period_within(n) {
                return Some(p);
            }
            if n >= max_n {
                return None;
            }
            n = (n * 4).min(max_n);
        }
    }

    /// The period proved by a search of [`DEFAULT_PERIOD_SEARCH`] values, cached.
    pub fn default_period(&self) -> Option<&Period> {
        self.default_period
            .get_or_init(|| self.period(DEFAULT_PERIOD_SEARCH))
            .as_ref()
    }

    /// Remoteness of single heaps `0..=n` (outcome: lose iff the nim-value is 0).
    pub fn remoteness_table(&self, n: usize) -> Vec<u64> {
        let g = self.nim_values(n);
        let mut r: Vec<u64> = Vec::with_capacity(n + 1);
        for k in 0..=n {
            let options = self
                .set
                .iter()
                .map(|&s| s as usize)
                .take_while(|&s| s <= k)
                .map(|s| k - s);
            let value = if g[k] != 0 {
                options
                    .filter(|&o| g[o] == 0)
                    .map(|o| r[o])
                    .min()
                    .map_or(0, |m| m + 1)
            } else {
                options.map(|o| r[o]).max().map_or(0, |m| m + 1)
            };
            r.push(value);
        }
        r
    }

    /// Prove that single-heap remoteness grows arithmetically with the period.
    ///
    /// Past the preperiod, outcomes repeat with the nim-sequence's period `p`, and
    /// `R(n)` is 1 + the min (or max) of `R(n - s)` over options of a fixed pattern.
    /// So if `R(n + kp) - R(n)` is one constant `c` on a window of `max(S)`
    /// consecutive heaps, induction carries it to every larger heap.
    pub fn remoteness_rule(&self) -> Option<RemotenessRule> {
        let period = self.default_period()?;
        let w = *self.set.last().unwrap();
        let base = period.preperiod + w;
        for multiple in 1..=8u64 {
            let p = period.period * multiple;
            let n = (base + 16 * p + 2 * w).min(DEFAULT_PERIOD_SEARCH);
            let r = self.remoteness_table(n as usize);
            let mut from = base;
            while from + p + w <= n {
                let c = r[(from + p) as usize].checked_sub(r[from as usize]);
                let mut window = (from..from + w).map(|k| r[(k + p) as usize].checked_sub(r[k as usize]));
                if let Some(step) = c.filter(|_| window.all(|d| d == c)) {
                    return Some(RemotenessRule {
                        from,
                        period: p,
                        step,
                        values: r[..(from + p) as usize].to_vec(),
                    });
                }
                from += 1;
            }
        }
        None
    }

    fn period_within(&self, max_n: u64) -> Option<Period> {
        let w = *self.set.last().unwrap() as usize;
        let values: Vec<u64> = self
            .nim_values(max_n as usize)
            .into_iter()
            .map(u64::from)
            .collect();
        // Find the first repeated window by hashing windows starting at each n.
        let mut first_seen: rustc_hash::FxHashMap<&[u64], usize> = Default::default();
        for start in 0..values.len().saturating_sub(w) {
            let window = &values[start..start + w];
            if let Some(&earlier) = first_seen.get(window) {
                let period = (start - earlier) as u64;
                // The window starting at `earlier` determines everything after it.
                let preperiod = earlier as u64;
                let end = (preperiod + period) as usize;
                // Trim the preperiod to the first n from which values repeat.
                let mut pre = preperiod;
                while pre > 0 && values[pre as usize - 1] == values[(pre - 1 + period) as usize] {
                    pre -= 1;
                }
                return Some(Period {
                    preperiod: pre,
                    period,
                    values: values[..end.max((pre + period) as usize)].to_vec(),
                    checked_to: (start + w) as u64,
                });
            }
            first_seen.insert(window, start);
        }
        None
    }
}

/// The least value whose bit is clear in 256 bits of "seen" flags.
fn mex_of_words(seen: &[u64; 4]) -> u8 {
    let word = seen.iter().position(|w| *w != u64::MAX).unwrap_or(3);
    (word as u32 * 64 + seen[word].trailing_ones()).min(255) as u8
}

impl Game for Subtraction {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> Result<(), GameError> {
        sum_options(p, out, |h, emit| {
            for &s in self.set.iter().take_while(|&&s| s <= h) {
                emit(&[h - s]);
            }
        });
        Ok(())
    }
}

impl Impartial for Subtraction {
    fn components(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        heap_components(p, out)
    }
}

/// Subtraction games: take s tokens from one heap, s in the set.
pub(crate) const FAMILY: Family = Family {
    name: "subtraction",
    usage: "subtraction:S1,S2,...",
    summary: "take s tokens from one heap, s in the set (e.g. subtraction:1,3,4)",
    position: "heaps",
    params: &[Param {
        key: "subtract",
        kind: Kind::List {
            min: 0,
            max: u64::MAX,
        },
        default: Some(Value::EmptyList),
        help: "the amounts a move may take",
    }],
    example: Some(("subtraction:1,3,4", "10")),
    syntax: Syntax::Bare,
    shape: Shape::Heaps,
    build,
};

fn build(p: &Params) -> Result<Box<dyn DynGame>, GameError> {
    Ok(Box::new(Builtin(Subtraction::new(
        p.list("subtract").unwrap_or(&[]),
    )?)))
}

// The dynamic seam: what this family answers without search.
impl Subtraction {
    fn proved_period(&self) -> Option<&crate::games::Period> {
        self.default_period()
    }

    /// Nim-values of `heaps`: from the proved period, else from one table up to the
    /// largest heap (never a table per heap).
    fn heap_values(&self, heaps: impl Iterator<Item = u64> + Clone) -> Result<Vec<u64>, GameError> {
        if let Some(per) = self.proved_period() {
            return Ok(heaps.map(|n| per.value_at(n)).collect());
        }
        let max = heaps.clone().max().unwrap_or(0);
        if max > TABLE_LIMIT {
            return Err(GameError::Unsupported(format!(
                "heap {max} is beyond the {TABLE_LIMIT} values computed and no period was proved"
            )));
        }
        let table = self.nim_values(max as usize);
        Ok(heaps.map(|n| u64::from(table[n as usize])).collect())
    }
}

impl Analyze for Subtraction {
    fn name(&self) -> String {
        format!("subtraction:{}", join(self.set()))
    }
    fn impartial(&self) -> bool {
        true
    }
    fn nim_value(&self, p: &Vec<u64>, limit: usize) -> Option<Result<u64, GameError>> {
        Some(searched_nim_value(self, p, limit))
    }
    fn search_size(&self, p: &Vec<u64>) -> Option<u128> {
        Some(heap_product(p))
    }
    fn closed_nim_value(&self, p: &Vec<u64>) -> Option<u64> {
        Some(
            self.heap_values(p.iter().copied())
                .ok()?
                .into_iter()
                .fold(0, |x, v| x ^ v),
        )
    }
    fn closed_form(&self, p: &Vec<u64>, play: Play) -> Option<ClosedForm<Vec<u64>>> {
        if play == Play::Misere {
            return None;
        }
        let period = self.proved_period()?;
        let x = p.iter().fold(0, |x, &h| x ^ period.value_at(h));
        let mut winning_moves = Vec::new();
        for (i, &h) in p.iter().enumerate() {
            for &s in self.set().iter().take_while(|&&s| s <= h) {
                if period.value_at(h) ^ period.value_at(h - s) == x {
                    let mut next = p.clone();
                    next[i] = h - s;
                    winning_moves.push(next);
                }
            }
        }
        // One heap: remoteness grows arithmetically (proved); a sum needs a search.
        let remoteness = match p.iter().filter(|&&h| h > 0).collect::<Vec<_>>()[..] {
            [] => Some(0),
            [&h] => self.remoteness_rule().map(|rule| rule.remoteness_at(h)),
            _ => None,
        };
        Some(ClosedForm {
            outcome: outcome_of(x),
            remoteness,
            winning_moves,
            rule: format!(
                "nim-sequence proved periodic (period {} from n = {}; a repeated window of max(S) = {} values); nim-sum {x}",
                period.period,
                period.preperiod,
                self.set().last().unwrap()
            ),
        })
    }
    fn period(&self) -> Option<Result<Option<PeriodSummary>, GameError>> {
        Some(Ok(self.proved_period().map(|p| PeriodSummary {
            preperiod: p.preperiod,
            period: p.period,
            saltus: 0,
            checked_to: p.checked_to,
            values: p.values.clone(),
            rule: format!(
                "a subtraction game's value at n depends only on the max(S) = {} values before it, \
                 and that window repeated",
                self.set().last().unwrap()
            ),
        })))
    }
    fn heap_nim_values(&self, from: u64, to: u64) -> Option<Result<Vec<u64>, GameError>> {
        Some(self.heap_values(from..=to))
    }
}
