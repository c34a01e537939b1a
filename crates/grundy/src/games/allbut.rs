use crate::catalogue::{Family, Kind, Param, Params, Shape, Syntax, Value};
use crate::dynamic::{searched_nim_value, Analyze, ClosedForm, PeriodSummary};
use crate::dynamic::{Builtin, DynGame};
use crate::games::{heap_components, sum_options};
use crate::games::{heap_product, join, outcome_of, TABLE_LIMIT};
use crate::Play;
use crate::{Game, GameError, Impartial};

/// An all-but subtraction game: a move takes any positive number of tokens from one
/// heap except the numbers in a finite set E.
#[derive(Clone, Debug)]
pub struct AllBut {
    excluded: Vec<u64>,
    default_period: std::sync::OnceLock<Option<ArithmeticPeriod>>,
}

/// How many values the default period search computes.
pub const DEFAULT_PERIOD_SEARCH: u64 = 1 << 20;

/// Largest excluded move for which periods are searched (a state is that long).
pub const MAX_PERIOD_WINDOW: usize = 1024;

impl AllBut {
    /// The all-but game excluding `excluded` (any order, repeats ignored).
    pub fn new(excluded: &[u64]) -> Result<Self, GameError> {
        let mut excluded = excluded.to_vec();
        excluded.sort_unstable();
        excluded.dedup();
        if excluded.first() == Some(&0) {
            return Err(GameError::parameter(
                "allbut",
                "0 is never a move, so it cannot be excluded",
            ));
        }
        Ok(AllBut {
            excluded,
            default_period: Default::default(),
        })
    }

    /// The excluded numbers, sorted.
    pub fn excluded(&self) -> &[u64] {
        &self.excluded
    }

    /// Nim-values of heaps `0..=n` in O(n |E|).
    ///
    /// The options of `n` are every smaller heap except `n - e`. So the mex is the
    /// least value that no smaller heap has, unless some value occurs only at the
    /// excluded heaps: keep a count of each value seen and compare.
    pub fn nim_values(&self, n: usize) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::with_capacity(n + 1);
        let mut count: Vec<u32> = Vec::new();
        let mut global_mex = 0u64;
        let mut removed: Vec<u64> = Vec::with_capacity(self.excluded.len());
        for k in 0..=n {
            removed.clear();
            for &e in self.excluded.iter().take_while(|&&e| e as usize <= k) {
                removed.push(g[k - e as usize]);
            }
            removed.sort_unstable();
            let mut m = global_mex;
            let mut i = 0;
            while i < removed.len() {
                let v = removed[i];
                let mut j = i;
                while j < removed.len() && removed[j] == v {
                    j += 1;
                }
                if v < m && count[v as usize] as usize == j - i {
                    m = v;
                    break; // removed is sorted: the first such value is the least
                }
                i = j;
            }
            g.push(m);
            if count.len() <= m as usize {
                count.resize(m as usize + 1, 0);
            }
            count[m as usize] += 1;
            while (global_mex as usize) < count.len() && count[global_mex as usize] > 0 {
                global_mex += 1;
            }
        }
        g
    }
}

/// A proved arithmetic-periodic nim-sequence: `G(n + period) = G(n) + saltus` for
/// every `n >= preperiod`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArithmeticPeriod {
    /// The first heap from which the rule holds.
    pub preperiod: u64,
    /// The length of the repeating block.
    pub period: u64,
    /// What each block adds to the values.
    pub saltus: u64,
    /// Values `G(0) .. G(preperiod + period - 1)`.
    pub values: Vec<u64>,
    /// How many values the proof computed.
    pub checked_to: u64,
}

impl ArithmeticPeriod {
    /// The nim-value of a heap of `n`, for any `n` (saturating at `u64::MAX`).
    pub fn value_at(&self, n: u64) -> u64 {
        if n < self.preperiod {
            return self.values[n as usize];
        }
        let (blocks, offset) = (
            (n - self.preperiod) / self.period,
            (n - self.preperiod) % self.period,
        );
        self.values[(self.preperiod + offset) as usize].saturating_add(blocks.saturating_mul(self.saltus))
    }
}

impl ArithmeticPeriod {
    /// Every heap below `limit` whose value is `target` (finitely many when the
    /// saltus is positive, as it is for every all-but game: values grow without bound).
    pub fn heaps_with_value(&self, target: u64, limit: u64) -> Vec<u64> {
        let mut out: Vec<u64> = (0..self.preperiod.min(limit))
            .filter(|&n| self.values[n as usize] == target)
            .collect();
        for offset in 0..self.period {
            let base = self.values[(self.preperiod + offset) as usize];
            let heap = |k: u64| self.preperiod + offset + k * self.period;
            if self.saltus == 0 {
                let mut k = 0;
                while base == target && heap(k) < limit {
                    out.push(heap(k));
                    k += 1;
                }
            } else if target >= base && (target - base).is_multiple_of(self.saltus) {
                let k = (target - base) / self.saltus;
                if let Some(n) = k
                    .checked_mul(self.period)
                    .and_then(|x| x.checked_add(self.preperiod + offset))
                {
                    if n < limit {
                        out.push(n);
                    }
                }
            }
        }
        out.sort_unstable();
        out
    }
}

impl AllBut {
    /// The period proved within [`DEFAULT_PERIOD_SEARCH`] values, computed once.
    pub fn default_period(&self) -> Option<&ArithmeticPeriod> {
        self.default_period
            .get_or_init(|| self.period(DEFAULT_PERIOD_SEARCH))
            .as_ref()
    }

    /// Prove that the nim-sequence is arithmetic periodic (Siegel showed it always
    /// is), computing at most `max_n` values.
    ///
    /// The value at `n` is decided by a finite state: the last `max(E)` values,
    /// the least value not yet seen (`m`), and the counts (capped at `|E| + 1`: a
    /// value seen more often can never be the mex again, since at most `|E|`
    /// options are excluded) of the values in the window or above `m`. The next
    /// state depends only on this one, and shifting every value by a constant
    /// shifts the whole future by it. So when the state at `n + p`, with values
    /// measured from its `m`, equals the state at `n`, the sequence repeats from
    /// `n` with period `p` and saltus the growth of `m`: a proof, not a guess.
    pub fn period(&self, max_n: u64) -> Option<ArithmeticPeriod> {
        let window = self.excluded.last().copied().unwrap_or(1).max(1) as usize;
        if window > MAX_PERIOD_WINDOW {
            return None; // each state is as long as the window: too costly to compare
        }
        let cap = self.excluded.len() as u32 + 1;
        let values = self.nim_values(max_n as usize);
        let mut count: Vec<u32> = Vec::new();
        let mut mex = 0u64;
        // States are remembered by hash; a hit is confirmed on the full states.
        let mut seen: rustc_hash::FxHashMap<u64, usize> = Default::default();
        for n in 0..values.len() {
            if n >= window {
                let state = self.state(&values[n - window..n], &count, mex);
                let hash = {
                    use std::hash::{BuildHasher, BuildHasherDefault};
                    BuildHasherDefault::<rustc_hash::FxHasher>::default().hash_one(&state)
                };
                if let Some(&earlier) = seen.get(&hash) {
                    if self.state_at(&values, earlier, cap) == state {
                        let period = (n - earlier) as u64;
                        let saltus = values[n - 1] - values[earlier - 1];
                        // Trim the preperiod back to where the rule first holds.
                        let mut pre = earlier as u64;
                        while pre > 0
                            && values[pre as usize - 1] + saltus == values[(pre - 1 + period) as usize]
                        {
                            pre -= 1;
                        }
                        return Some(ArithmeticPeriod {
                            preperiod: pre,
                            period,
                            saltus,
                            values: values[..(pre + period) as usize].to_vec(),
                            checked_to: n as u64,
                        });
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
        None
    }

    /// The deciding state before heap `n`, rebuilt from the values (to confirm a hash hit).
    fn state_at(&self, values: &[u64], n: usize, cap: u32) -> Vec<i64> {
        let window = self.excluded.last().copied().unwrap_or(1).max(1) as usize;
        let mut count: Vec<u32> = Vec::new();
        for &v in &values[..n] {
            if count.len() <= v as usize {
                count.resize(v as usize + 1, 0);
            }
            count[v as usize] = (count[v as usize] + 1).min(cap);
        }
        let mex = count.iter().position(|&c| c == 0).unwrap_or(count.len()) as u64;
        self.state(&values[n - window..n], &count, mex)
    }

    /// The state that decides the future, with values measured from `mex`.
    ///
    /// A value below `mex` that is not in the window never occurs again (the next
    /// value is `mex` or a value in the window), so its count is left out.
    fn state(&self, last: &[u64], count: &[u32], mex: u64) -> Vec<i64> {
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
}

impl Game for AllBut {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> Result<(), GameError> {
        sum_options(p, out, |h, emit| {
            for take in (1..=h).filter(|t| self.excluded.binary_search(t).is_err()) {
                emit(&[h - take]);
            }
        });
        Ok(())
    }
}

impl Impartial for AllBut {
    fn components(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        heap_components(p, out)
    }
}

/// All-but games: take any positive number except those listed.
pub(crate) const FAMILY: Family = Family {
    name: "allbut",
    usage: "allbut:E1,E2,...",
    summary: "take any positive number except those listed (allbut: for none)",
    position: "heaps",
    params: &[Param {
        key: "except",
        kind: Kind::List {
            min: 0,
            max: u64::MAX,
        },
        default: Some(Value::EmptyList),
        help: "the amounts a move may not take",
    }],
    example: Some(("allbut:1,2", "9,4")),
    syntax: Syntax::Bare,
    shape: Shape::Heaps,
    build,
};

fn build(p: &Params) -> Result<Box<dyn DynGame>, GameError> {
    Ok(Box::new(Builtin(AllBut::new(p.list("except").unwrap_or(&[]))?)))
}

// The dynamic seam: what this family answers without search.
impl AllBut {
    fn proved_period(&self) -> Option<&crate::games::ArithmeticPeriod> {
        self.default_period()
    }
}

impl Analyze for AllBut {
    fn option_count(&self, p: &Vec<u64>) -> Option<u128> {
        Some(p.iter().map(|&h| h as u128).sum())
    }
    fn name(&self) -> String {
        format!("allbut:{}", join(self.excluded()))
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
    fn check(&self, p: &Vec<u64>) -> Result<(), String> {
        match p.iter().find(|&&h| h > TABLE_LIMIT) {
            Some(h) if self.proved_period().is_none() => Err(format!(
                "heap {h} is too large: no period proved, and tables stop at {TABLE_LIMIT}"
            )),
            _ => Ok(()),
        }
    }
    fn closed_nim_value(&self, p: &Vec<u64>) -> Option<u64> {
        if let Some(rule) = self.proved_period() {
            return Some(p.iter().fold(0, |x, &h| x ^ rule.value_at(h)));
        }
        let max = p.iter().copied().max().unwrap_or(0);
        let g = self.nim_values(max as usize);
        Some(p.iter().fold(0, |x, &h| x ^ g[h as usize]))
    }
    fn closed_form(&self, p: &Vec<u64>, play: Play) -> Option<ClosedForm<Vec<u64>>> {
        if play == Play::Misere {
            return None;
        }
        let x = self.closed_nim_value(p)?;
        // Without a period, one table up to the largest heap serves every lookup.
        let table = match self.proved_period() {
            Some(_) => Vec::new(),
            None => self.nim_values(p.iter().copied().max().unwrap_or(0) as usize),
        };
        let value = |h: u64| match self.proved_period() {
            Some(rule) => rule.value_at(h),
            None => table[h as usize],
        };
        let mut winning_moves = Vec::new();
        for (i, &h) in p.iter().enumerate() {
            let target = x ^ value(h);
            // The heaps below h with the target value, then keep the allowed moves.
            let candidates: Vec<u64> = match self.proved_period() {
                Some(rule) => rule.heaps_with_value(target, h),
                None => (0..h).filter(|&m| value(m) == target).collect(),
            };
            for m in candidates {
                if self.excluded().binary_search(&(h - m)).is_err() {
                    let mut next = p.clone();
                    next[i] = m;
                    winning_moves.push(next);
                }
            }
        }
        Some(ClosedForm {
            outcome: outcome_of(x),
            remoteness: None,
            winning_moves,
            rule: match self.proved_period() {
                Some(r) => format!(
                    "nim-sequence proved arithmetic periodic (period {}, saltus {} from n = {}); nim-sum {x}",
                    r.period, r.saltus, r.preperiod
                ),
                None => format!("nim-sequence table; nim-sum {x}"),
            },
        })
    }
    fn period(&self) -> Option<Result<Option<PeriodSummary>, GameError>> {
        Some(Ok(self.proved_period().map(|r| PeriodSummary {
            preperiod: r.preperiod,
            period: r.period,
            saltus: r.saltus,
            checked_to: r.checked_to,
            values: r.values.clone(),
            rule: "the state that decides each value (the last max(E) values, the least unseen value, \
                   and the counts that can still matter) repeated, shifted by the saltus"
                .into(),
        })))
    }
    fn heap_nim_values(&self, from: u64, to: u64) -> Option<Result<Vec<u64>, GameError>> {
        if let Some(rule) = self.proved_period() {
            return Some(Ok((from..=to).map(|n| rule.value_at(n)).collect()));
        }
        if to > TABLE_LIMIT {
            return Some(Err(GameError::Unsupported(format!(
                "--to {to} is too large (at most {TABLE_LIMIT})"
            ))));
        }
        Some(Ok(self.nim_values(to as usize)[from as usize..].to_vec()))
    }
}
