//! Periodicity of nim-sequences: the Guy–Smith theorem (finite codes and
//! subtraction games), the deciding-state argument (all-but games), and the
//! Lasker closed form, all from [`prove_period`].

use grundy_budget::{Budget, Limit, OverBudget, Task};

use crate::engine::{nim_values, Method, Sequence, SequenceError};
use crate::periodic::Periodic;
use crate::rules::HeapRules;

/// A period of a nim-sequence: G(n + period) = G(n) + saltus for every
/// n >= preperiod. The one period type of the workspace: every prover returns it
/// ([`prove_period`], [`find_period`], [`all_but_period`], the Lasker closed
/// form, the core's known periods), proved or, from [`find_period`] and
/// [`detect_period`] only, apparent in the values computed (`proved = false`).
///
/// The sequence itself is [`Period::periodic`], whose `value_at` is the one
/// evaluation of the crate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Period {
    /// The sequence, valid for every n when proved; when not, the repetition the
    /// computed values show.
    pub periodic: Periodic,
    /// When proved: the number of values G(0..checked_to) the proof used (0 for a
    /// closed form taken from the literature). When not proved: the values observed.
    pub checked_to: u64,
    /// How many values were computed in total.
    pub computed: u64,
    /// True if a theorem guarantees the period for all n (Guy–Smith for
    /// octal/hexadecimal codes, the window argument for subtraction games, the
    /// deciding state for all-but games, Lasker's theorem).
    pub proved: bool,
    /// One sentence: the result and the theorem behind it (or why it is not proved).
    pub rule: String,
}

impl Period {
    /// A proved period: `periodic`, from the values G(0..checked_to) (also the
    /// values computed), by the argument `rule`.
    pub fn proved(periodic: Periodic, checked_to: u64, rule: String) -> Period {
        Period {
            periodic,
            checked_to,
            computed: checked_to,
            proved: true,
            rule,
        }
    }

    /// The smallest e such that G(n + p) = G(n) + saltus for all n >= e (so
    /// G(e - 1) is the last exceptional value).
    pub fn preperiod(&self) -> u64 {
        self.periodic.preperiod()
    }

    /// The smallest period p.
    pub fn period(&self) -> u64 {
        self.periodic.period()
    }

    /// What each period adds (0 for the Guy–Smith and window arguments).
    pub fn saltus(&self) -> u64 {
        self.periodic.saltus()
    }

    /// G(n) for any n, from the period (`None` only when it does not fit a `u64`).
    ///
    /// ```
    /// use grundy_octal::{find_period, HeapRules, Method};
    /// let p = find_period(&HeapRules::kayles(), 1000, Method::Auto).unwrap().unwrap();
    /// assert_eq!((p.preperiod(), p.period(), p.proved), (71, 12, true));
    /// let n = 1_000_000_000_000_000_000;
    /// assert_eq!(p.value_at(n), p.value_at(71 + (n - 71) % 12));
    /// // 10^42 = 10^18 (mod 12), both far beyond the preperiod:
    /// assert_eq!(p.periodic.value_at_decimal("1000000000000000000000000000000000000000000"), p.value_at(n));
    /// ```
    pub fn value_at(&self, n: u64) -> Option<u64> {
        self.periodic.value_at(n)
    }
}

/// The Guy–Smith bound: if G(n + p) = G(n) for all `e <= n < bound`, the
/// sequence is periodic from e with period p. `None` when no theorem is
/// implemented for the game (Grundy's game, the split game).
///
/// With t = the most tokens one move removes and e' = max(e, 1):
/// octal codes with two-heap moves: 2e' + p + t; hexadecimal codes with
/// three-heap moves: 3e' + 2p + t; codes without breaking moves: e' + t;
/// subtraction games, and codes whose digits are all 0 or 3: e + max(S). (Using e' instead of e only matters for
/// e = 0, where a heap of size e - p + p = p could otherwise map to an empty
/// heap; it keeps the statement true without special cases.)
///
/// The subtraction bound is the *window argument*: G(n) depends only on the
/// max(S) values before n, so two equal windows of max(S) values at e and
/// e + p repeat for ever. It is the Guy–Smith bound for a code without
/// breaking moves (`S(1,3,4)` = `0.3033`, t = 4; digit 3 needs no e' since
/// taking the whole heap is one more subtraction), so one prover serves both.
///
/// Codes with a tail digit (all-but games, Lasker's Nim) have no such bound:
/// see [`all_but_period`] and [`prove_period`].
pub fn proof_bound(rules: &HeapRules, e: u64, p: u64) -> Option<u64> {
    match rules {
        HeapRules::Octal(code) if code.tail().is_some() => None,
        HeapRules::Octal(code) => {
            let t = code.max_removed();
            let d = code.digits();
            // A code of 0s and 3s is a subtraction game: the moves of every
            // n >= t are the same, so e = 0 needs no special case.
            let subtraction = d.iter().all(|&x| x == 0 || x == 3);
            let e1 = if subtraction { e } else { e.max(1) };
            let bound = if d.iter().any(|x| x & 8 != 0) {
                e1.saturating_mul(3)
                    .saturating_add(p.saturating_mul(2))
                    .saturating_add(t)
            } else if d.iter().any(|x| x & 4 != 0) {
                e1.saturating_mul(2).saturating_add(p).saturating_add(t)
            } else {
                e1.saturating_add(t)
            };
            Some(bound)
        }
        HeapRules::Subtraction(s) => Some(e.saturating_add(s.last().copied().unwrap_or(0))),
        HeapRules::Grundy | HeapRules::Split => None,
    }
}

/// Looks for the smallest period in computed values `values` = G(0..N).
///
/// Returns the smallest p whose repetition is long enough to be proved
/// ([`proof_bound`]); failing that, the smallest apparent period whose
/// repeating part covers at least two periods and a quarter of the data
/// (with `proved = false`);
/// else `None`.
pub fn detect_period(rules: &HeapRules, values: &[u16]) -> Option<Period> {
    let n = values.len();
    let mut apparent: Option<(usize, usize)> = None;
    for p in 1..=n / 2 {
        // e(p): smallest e with values[i] == values[i + p] for e <= i < n - p.
        let mut i = n - p;
        if let Some((p0, e0)) = apparent {
            if p % p0 == 0 {
                // Known to repeat above e0 with period p0, hence with p.
                i = i.min(e0);
            }
        }
        while i > 0 && values[i - 1] == values[i - 1 + p] {
            i -= 1;
        }
        let e = i;
        if let Some(bound) = proof_bound(rules, e as u64, p as u64) {
            if bound.saturating_add(p as u64) <= n as u64 {
                return Some(make(rules, values, e, p, true, bound + p as u64));
            }
        }
        if apparent.is_none() && n - e >= 2 * p && n - e >= n / 4 {
            apparent = Some((p, e));
        }
    }
    apparent.map(|(p, e)| make(rules, values, e, p, false, n as u64))
}

/// The smallest arithmetic period that computed values `values` = G(0..N)
/// show, saltus included: `G(n + p) = G(n) + s` over the last values, covering
/// at least two periods and a quarter of the data (as [`detect_period`]'s
/// apparent periods). Never a proof: for codes whose values grow and no
/// theorem covers (a tail digit other than all-but games' and Lasker's).
///
/// ```
/// use grundy_octal::{apparent_arithmetic_period, nim_values, HeapRules};
/// let g = nim_values(&"0.(7)".parse::<HeapRules>().unwrap(), 200).unwrap();
/// let p = apparent_arithmetic_period(&g).unwrap();
/// assert_eq!((p.preperiod(), p.period(), p.saltus()), (0, 1, 1));
/// ```
pub fn apparent_arithmetic_period(values: &[u64]) -> Option<Periodic> {
    let n = values.len();
    for p in 1..=n / 2 {
        let step = |i: usize| values[i + p].checked_sub(values[i]);
        let Some(saltus) = step(n - p - 1) else {
            continue;
        };
        let mut e = n - p - 1;
        while e > 0 && step(e - 1) == Some(saltus) {
            e -= 1;
        }
        if n - e >= 2 * p && n - e >= n / 4 {
            return Periodic::new(e as u64, p as u64, saltus, values[..e + p].to_vec()).ok();
        }
    }
    None
}

fn make(rules: &HeapRules, values: &[u16], e: usize, p: usize, proved: bool, checked_to: u64) -> Period {
    let n = values.len();
    let rule = if proved {
        let why = match rules {
            HeapRules::Subtraction(s) => format!(
                "because G repeats over a window of max(S) = {} values",
                s.last().copied().unwrap_or(0)
            ),
            _ => "by the Guy–Smith theorem".to_string(),
        };
        format!(
            "{rules}: G(n + {p}) = G(n) for every n >= {e}, proved {why} from G(0) .. G({}).",
            checked_to.saturating_sub(1)
        )
    } else {
        let why = match proof_bound(rules, e as u64, p as u64) {
            Some(b) => format!(
                "a proof needs G(0) .. G({})",
                b.saturating_add(p as u64).saturating_sub(1)
            ),
            None => "no periodicity theorem is implemented for this game".to_string(),
        };
        format!(
            "{rules}: G(n + {p}) = G(n) for {e} <= n < {} (all {n} computed values), not proved: {why}.",
            n - p
        )
    };
    let periodic = Periodic::new(
        e as u64,
        p as u64,
        0,
        values[..e + p].iter().map(|&v| u64::from(v)).collect(),
    )
    .expect("e + p values, p >= 1");
    Period {
        periodic,
        checked_to,
        computed: n as u64,
        proved,
        rule,
    }
}

/// Computes the nim-sequence of `rules` (at most G(0..=max_n)) until a
/// period is proved. See [`find_period_in`].
pub fn find_period(rules: &HeapRules, max_n: u64, method: Method) -> Result<Option<Period>, SequenceError> {
    let mut seq = Sequence::new(rules.clone(), method);
    find_period_in(&mut seq, max_n, |_, _| {})
}

/// Extends `seq` (at most to G(0..=max_n)), checking for a period as it
/// grows (by 25% at a time, or straight to the length a candidate period
/// needs for its proof), and stops as soon as a period is proved.
/// `on_value` sees every newly computed value, as in
/// [`Sequence::extend_to`]. Returns the proved period, else the best
/// apparent one over all computed values (`proved = false`), else `None`.
pub fn find_period_in<F: FnMut(u64, u16)>(
    seq: &mut Sequence,
    max_n: u64,
    on_value: F,
) -> Result<Option<Period>, SequenceError> {
    find_period_until(seq, max_n, on_value, |_| false).map(|(found, _)| found)
}

/// How many values [`find_period_until`] computes at most between two looks at
/// `stop`.
const STOP_CHUNK: u64 = 4096;
/// Fewer when values are dear: about this many options examined between two looks
/// (a fraction of a second), so a budget stops three-heap codes, whose values cost
/// O(n V / 64) word operations each, on time.
const STOP_OPTIONS: u64 = 1 << 28;

/// [`find_period_in`], which also gives up when `stop(seq)` says so (it is asked
/// every `STOP_CHUNK` values computed, or fewer when values are dear): a caller's budget of work, say
/// [`Sequence::stats`]'s options examined. Returns the period found in the values
/// computed and whether `stop` ended the search. The values and the points where
/// a period is looked for are those of [`find_period_in`], so until `stop` fires
/// the answer is the same.
pub fn find_period_until<F: FnMut(u64, u16), S: FnMut(&Sequence) -> bool>(
    seq: &mut Sequence,
    max_n: u64,
    mut on_value: F,
    mut stop: S,
) -> Result<(Option<Period>, bool), SequenceError> {
    let limit = max_n.saturating_add(1);
    let rules = seq.rules().clone();
    loop {
        let found = detect_period(&rules, seq.values());
        let len = seq.len();
        if let Some(p) = &found {
            if p.proved {
                return Ok((found, false));
            }
        }
        if len >= limit {
            return Ok((found, false));
        }
        let mut next = (len + len / 4).max(256);
        if let Some(p) = &found {
            if let Some(b) = proof_bound(&rules, p.preperiod(), p.period()) {
                // Go straight to the length the candidate's proof needs.
                next = b.saturating_add(p.period()).max(len + 1);
            }
        }
        let next = next.min(limit);
        let mut chunk = STOP_CHUNK;
        while seq.len() < next {
            let (n0, o0) = (seq.len(), seq.stats().options);
            seq.extend_to(next.min(seq.len().saturating_add(chunk)), &mut on_value)?;
            let per_value = (seq.stats().options - o0) / (seq.len() - n0).max(1);
            chunk = (STOP_OPTIONS / per_value.max(1)).clamp(1, STOP_CHUNK);
            // Asked after every step, also one that reached `next`: otherwise a
            // run whose steps always reach it is never asked.
            if seq.len() < limit && stop(seq) {
                return Ok((detect_period(&rules, seq.values()), true));
            }
        }
    }
}

/// How far a [`search_period`] has got, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchProgress {
    /// Values computed so far: G(0) .. G(computed - 1).
    pub computed: u64,
    /// The most values the search computes.
    pub max: u64,
    /// Options examined so far.
    pub options: u64,
    /// The options the whole search is expected to examine: at least `options`, at
    /// most the work budget (see [`WorkForecast`]).
    pub forecast: u64,
}

/// What a [`search_period`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeriodSearch {
    /// The proved period, else the apparent one of the values computed, else none.
    pub period: Option<Period>,
    /// Values computed: G(0) .. G(computed - 1).
    pub computed: u64,
    /// Set when the work budget ended the search before `max` values or a proof.
    pub stopped: Option<OverBudget>,
}

/// The engine's work to compute G(0..max), extrapolated from the work so far:
/// `options(n)` grows as n^k, with k (between 1 and 2) fitted to the last two
/// measurements. A progress bar that advances in options examined then estimates
/// the time left right for games whose values cost linear or growing time.
#[derive(Debug, Clone, Copy)]
pub struct WorkForecast {
    last: Option<(u64, u64)>,
    exponent: f64,
}

impl Default for WorkForecast {
    fn default() -> Self {
        WorkForecast {
            last: None,
            exponent: 1.0,
        }
    }
}

impl WorkForecast {
    /// The options G(0..max) will take, after `options` for G(0..n).
    pub fn total(&mut self, n: u64, options: u64, max: u64) -> u64 {
        if let Some((n0, o0)) = self.last {
            if n > n0 && options > o0 && o0 > 0 && n0 > 0 {
                let k = ((options as f64) / (o0 as f64)).ln() / ((n as f64) / (n0 as f64)).ln();
                if k.is_finite() {
                    self.exponent = k.clamp(1.0, 2.0);
                }
            }
        }
        self.last = Some((n, options));
        let ratio = max as f64 / n.max(1) as f64;
        ((options.max(1) as f64) * ratio.powf(self.exponent)) as u64
    }
}

/// Computes the nim-sequence of `rules` until a period is proved, at most `max`
/// values (G(0) .. G(max - 1); at least one) and at most the budget's work
/// ([`Budget::work`] of [`Task::PeriodSearch`], in options examined), calling
/// `progress` as it goes. The search is [`find_period_until`]'s: until the budget
/// stops it, the answer is [`find_period`]'s. A raised flag of the budget stops it
/// too, with [`Limit::Cancelled`] in [`PeriodSearch::stopped`].
///
/// ```
/// use grundy_budget::Budget;
/// use grundy_octal::{search_period, HeapRules, Method};
/// let found = search_period(&HeapRules::kayles(), Method::Auto, 1000, &Budget::default(), |_| {}).unwrap();
/// let p = found.period.unwrap();
/// assert_eq!((p.preperiod(), p.period(), p.proved), (71, 12, true));
/// assert!(found.stopped.is_none());
/// // A small budget stops the search, and says so.
/// let tight = Budget { max_work: Some(1000), ..Budget::default() };
/// let found = search_period(&"0.06".parse().unwrap(), Method::Auto, 100_000, &tight, |_| {}).unwrap();
/// assert_eq!(found.stopped.unwrap().allowed, 1000);
/// ```
pub fn search_period(
    rules: &HeapRules,
    method: Method,
    max: u64,
    budget: &Budget,
    mut progress: impl FnMut(SearchProgress),
) -> Result<PeriodSearch, SequenceError> {
    let max = max.max(1);
    let allowed = budget.work(Task::PeriodSearch);
    let mut seq = Sequence::new(rules.clone(), method);
    let mut forecast = WorkForecast::default();
    // find_period_until computes at most G(0..=max_n): max_n + 1 values.
    let (period, stopped) = find_period_until(
        &mut seq,
        max - 1,
        |_, _| {},
        |seq| {
            let (n, options) = (seq.len(), seq.stats().options);
            let total = forecast.total(n, options, max);
            progress(SearchProgress {
                computed: n,
                max,
                options,
                forecast: total.min(allowed).max(options),
            });
            options >= allowed || budget.cancel.is_raised()
        },
    )?;
    let computed = seq.len();
    if stopped && budget.cancel.is_raised() {
        return Ok(PeriodSearch {
            period: None,
            computed,
            stopped: Some(Budget::over(
                Limit::Cancelled,
                1,
                0,
                format!("computing the nim-sequence of {rules}"),
            )),
        });
    }
    Ok(PeriodSearch {
        period,
        computed,
        stopped: stopped.then(|| {
            Budget::over(
                Limit::Work,
                seq.stats().options,
                allowed,
                format!("computing the nim-sequence of {rules}"),
            )
        }),
    })
}

/// The largest max(E) for which [`all_but_period`] searches (each deciding
/// state is that long).
pub const MAX_ALL_BUT_WINDOW: u64 = 1024;

/// Proves that the nim-sequence of an all-but game (take any positive
/// number except those in a finite set E; [`HeapRules::all_but`], or Nim
/// `0.(3)`) is arithmetic periodic (Siegel showed it always is), computing
/// at most G(0..=max_n) with [`nim_values`]. `Ok(None)` if no period is
/// proved within `max_n` or max(E) > [`MAX_ALL_BUT_WINDOW`]. An error if
/// `rules` is not an all-but game.
///
/// The value at `n` is decided by a finite state: the last `max(E)` values,
/// the least value not yet seen (`m`), and the counts (capped at `|E| + 1`: a
/// value seen more often can never be the mex again, since at most `|E|`
/// options are excluded) of the values in the window or above `m`. The next
/// state depends only on this one, and shifting every value by a constant
/// shifts the whole future by it. So when the state at `n + p`, with values
/// measured from its `m`, equals the state at `n`, the sequence repeats from
/// `n` with period `p` and saltus the growth of `m`: a proof, not a guess.
///
/// ```
/// use grundy_octal::{all_but_period, HeapRules};
/// let p = all_but_period(&HeapRules::all_but(&[1]).unwrap(), 1000).unwrap().unwrap();
/// let g = &p.periodic;
/// assert_eq!((g.preperiod(), g.period(), g.saltus()), (0, 2, 1));
/// assert_eq!(p.value_at(10u64.pow(18) + 1), Some(10u64.pow(18) / 2));
/// ```
pub fn all_but_period(rules: &HeapRules, max_n: u64) -> Result<Option<Period>, SequenceError> {
    let Some(excluded) = rules.all_but_excluded() else {
        return Err(SequenceError::NotApplicable {
            reason: format!("{rules} is not an all-but game"),
        });
    };
    let window = excluded.last().copied().unwrap_or(1).max(1);
    if window > MAX_ALL_BUT_WINDOW {
        return Ok(None); // each state is as long as the window: too costly to compare
    }
    let window = window as usize;
    let cap = excluded.len() as u32 + 1;
    let values = nim_values(rules, max_n.saturating_add(1))?;
    let mut count: Vec<u32> = Vec::new();
    let mut mex = 0u64;
    // States are remembered by hash; a hit is confirmed on the full states.
    let mut seen: std::collections::HashMap<u64, usize> = Default::default();
    for n in 0..values.len() {
        if n >= window {
            let state = deciding_state(&values[n - window..n], &count, mex);
            let hash = {
                use std::hash::{Hash, Hasher};
                // Fixed keys: the search is deterministic.
                let mut h = std::collections::hash_map::DefaultHasher::new();
                state.hash(&mut h);
                h.finish()
            };
            if let Some(&earlier) = seen.get(&hash) {
                if state_at(&values, earlier, window, cap) == state {
                    let period = (n - earlier) as u64;
                    let saltus = values[n - 1] - values[earlier - 1];
                    // Trim the preperiod back to where the rule first holds.
                    let mut pre = earlier as u64;
                    while pre > 0 && values[pre as usize - 1] + saltus == values[(pre - 1 + period) as usize]
                    {
                        pre -= 1;
                    }
                    let periodic =
                        Periodic::new(pre, period, saltus, values[..(pre + period) as usize].to_vec())
                            .expect("pre + period values, period >= 1");
                    let rule = format!(
                        "{rules}: {periodic}, proved by a repeated deciding state (the last max(E) values, the \
                         mex, capped counts) after {n} values."
                    );
                    return Ok(Some(Period::proved(periodic, n as u64, rule)));
                }
            } else {
                seen.insert(hash, n);
            }
        }
        let v = values[n] as usize;
        if count.len() <= v {
            count.resize(v + 1, 0);
        }
        count[v] = (count[v] + 1).min(cap);
        while (mex as usize) < count.len() && count[mex as usize] > 0 {
            mex += 1;
        }
    }
    Ok(None)
}

/// The deciding state before heap `n`, rebuilt from the values (to confirm a hash hit).
fn state_at(values: &[u64], n: usize, window: usize, cap: u32) -> Vec<i64> {
    let mut count: Vec<u32> = Vec::new();
    for &v in &values[..n] {
        if count.len() <= v as usize {
            count.resize(v as usize + 1, 0);
        }
        count[v as usize] = (count[v as usize] + 1).min(cap);
    }
    let mex = count.iter().position(|&c| c == 0).unwrap_or(count.len()) as u64;
    deciding_state(&values[n - window..n], &count, mex)
}

/// The state that decides the future, with values measured from `mex`.
///
/// A value below `mex` that is not in the window never occurs again (the next
/// value is `mex` or a value in the window), so its count is left out.
fn deciding_state(last: &[u64], count: &[u32], mex: u64) -> Vec<i64> {
    let rel = |v: u64| v as i64 - mex as i64;
    let mut state: Vec<i64> = last.iter().map(|&v| rel(v)).collect();
    let mut relevant: Vec<u64> = last.to_vec();
    relevant.extend(
        (mex as usize..count.len())
            .filter(|&v| count[v] > 0)
            .map(|v| v as u64),
    );
    relevant.sort_unstable();
    relevant.dedup();
    for v in relevant {
        state.push(rel(v));
        state.push(i64::from(count[v as usize]));
    }
    state
}

/// How many values [`prove_period`] compares the Lasker closed form with.
const LASKER_CHECK: u64 = 1000;

/// Proves a period of any heap game, from the one place that knows which
/// argument applies:
///
/// * finite octal/hex codes and subtraction games: the smallest period
///   proved by the Guy–Smith theorem (the window argument for subtraction
///   games), see [`find_period`]; saltus 0;
/// * all-but games and Nim (`0.(3)`): the deciding-state argument, see
///   [`all_but_period`]; saltus > 0;
/// * Lasker's Nim (`4.(3)`): the closed form [`Periodic::laskers_nim`]
///   (a theorem from the literature), compared with the computed values up
///   to G(min(max_n, 1000)) as a safeguard;
/// * anything else (Grundy's game, the split game, other tail codes):
///   `Ok(None)`, no theorem is implemented.
///
/// `Ok(None)` also when no period is proved within G(0..=max_n).
///
/// ```
/// use grundy_octal::{prove_period, HeapRules};
/// let kayles = prove_period(&HeapRules::kayles(), 10_000).unwrap().unwrap();
/// assert_eq!((kayles.periodic.preperiod(), kayles.periodic.period()), (71, 12));
/// let lasker = prove_period(&HeapRules::lasker(), 10_000).unwrap().unwrap();
/// assert_eq!(lasker.value_at(4 * 10u64.pow(17) + 3), Some(4 * 10u64.pow(17) + 4));
/// assert_eq!(prove_period(&HeapRules::grundy(), 10_000).unwrap(), None);
/// ```
pub fn prove_period(rules: &HeapRules, max_n: u64) -> Result<Option<Period>, SequenceError> {
    if rules.all_but_excluded().is_some() {
        return all_but_period(rules, max_n);
    }
    if *rules == HeapRules::lasker() {
        let periodic = Periodic::laskers_nim();
        let checked_to = max_n.min(LASKER_CHECK).saturating_add(1);
        let values = nim_values(rules, checked_to)?;
        if values
            .iter()
            .enumerate()
            .any(|(n, &v)| periodic.value_at(n as u64) != Some(v))
        {
            return Err(SequenceError::NotApplicable {
                reason: "the Lasker closed form disagrees with the computed values (a bug)".into(),
            });
        }
        let rule = format!(
            "{rules}: {periodic} (Lasker's Nim: Lasker 1931; Winning Ways, ch. 4), compared with G(0) .. G({}).",
            checked_to.saturating_sub(1)
        );
        return Ok(Some(Period::proved(periodic, checked_to, rule)));
    }
    if proof_bound(rules, 0, 1).is_none() {
        return Ok(None);
    }
    Ok(find_period(rules, max_n, Method::Auto)?.filter(|p| p.proved))
}
