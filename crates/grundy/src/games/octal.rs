use std::sync::Mutex;

use grundy_octal::{find_period, HeapRules, Method, Period, Sequence};

use crate::games::heap_components;
use crate::{Game, GameError, Impartial};

/// A take-and-break heap game run on the nim-sequence engine of `grundy-octal`:
/// octal and hexadecimal codes (`0.137`, `0x0.F6`), Kayles, Dawson's Kayles and
/// Grundy's game. Positions are sums of heaps.
///
/// Values come from the engine's sequence, extended on demand up to
/// [`SEQUENCE_LIMIT`]; beyond it only a proved period answers (Guy–Smith for
/// octal and hexadecimal codes), and otherwise the answer is an error, never a guess.
pub struct HeapEngine {
    rules: HeapRules,
    name: String,
    state: Mutex<EngineState>,
}

struct EngineState {
    sequence: Sequence,
    /// The period search's result, once run.
    period: Option<Option<Period>>,
}

/// Heaps up to this size for games whose moves may leave three heaps (cubic work).
pub const THREE_HEAP_LIMIT: u64 = 1_000;
/// Heaps up to this size are answered from the computed sequence.
pub const SEQUENCE_LIMIT: u64 = 10_000_000;
/// How many values the period search computes before giving up.
pub const PERIOD_SEARCH: u64 = 1 << 20;
/// Options listed one by one for a heap (a breaking move has about n/2 ways).
pub const LISTED_HEAP_LIMIT: u64 = 1_000_000;

impl HeapEngine {
    /// A game from its rules; `name` is its GAME text.
    pub fn new(rules: HeapRules, name: impl Into<String>) -> Self {
        let sequence = Sequence::new(rules.clone(), Method::Auto);
        HeapEngine {
            rules,
            name: name.into(),
            state: Mutex::new(EngineState {
                sequence,
                period: None,
            }),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &HeapRules {
        &self.rules
    }

    /// The GAME text.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn state(&self) -> std::sync::MutexGuard<'_, EngineState> {
        // A panic while holding the lock leaves the sequence as it was: keep going.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The proved period, searching once (up to [`PERIOD_SEARCH`] values).
    pub fn proved_period(&self) -> Result<Option<Period>, GameError> {
        let mut state = self.state();
        if state.period.is_none() {
            // No theorem proves a period for Grundy's game or the split game, and
            // three-heap moves make each value quadratic: search what can end.
            let limit = match &self.rules {
                HeapRules::Octal(_) if self.leaves_three_heaps() => THREE_HEAP_LIMIT,
                HeapRules::Octal(_) | HeapRules::Subtraction(_) => PERIOD_SEARCH,
                _ => 0,
            };
            let found = find_period(&self.rules, limit, Method::Auto)
                .map_err(|e| GameError::Unsupported(format!("{}: {e}", self.name)))?;
            state.period = Some(found.filter(|p| p.proved));
        }
        Ok(state.period.clone().flatten())
    }

    /// True when a move may leave three heaps (hexadecimal bit 8): each value then
    /// costs time quadratic in the heap.
    pub fn leaves_three_heaps(&self) -> bool {
        matches!(&self.rules, HeapRules::Octal(code) if code.digits().iter().any(|d| d & 8 != 0))
    }

    /// An upper bound on the options of a heap of `h`: about h / 2 ways to leave
    /// two heaps, h^2 / 12 to leave three, for each number of tokens removed.
    pub fn option_bound(&self, h: u64) -> u128 {
        let sizes = self.rules.max_removed().unwrap_or(1).max(1) as u128;
        let h = h as u128;
        let per_size = if self.leaves_three_heaps() {
            h * h / 12 + h + 1
        } else {
            h / 2 + 1
        };
        per_size * sizes
    }

    /// Nim-values of the heaps `heaps`, in order.
    pub fn heap_values(&self, heaps: &[u64]) -> Result<Vec<u64>, GameError> {
        let max = heaps.iter().copied().max().unwrap_or(0);
        if self.leaves_three_heaps() && max > THREE_HEAP_LIMIT {
            // Each value costs quadratic time: only a proved period answers beyond the limit.
            return match self.proved_period()? {
                Some(p) => Ok(heaps.iter().map(|&h| u64::from(p.value_at(h))).collect()),
                None => Err(GameError::Unsupported(format!(
                    "{}: heap {max} is too large for a game whose moves leave three heaps (at most \
                     {THREE_HEAP_LIMIT} without a proved period)",
                    self.name
                ))),
            };
        }
        if max >= SEQUENCE_LIMIT {
            return match self.proved_period()? {
                Some(p) => Ok(heaps.iter().map(|&h| u64::from(p.value_at(h))).collect()),
                None => Err(GameError::Unsupported(format!(
                    "{}: heap {max} is beyond the {SEQUENCE_LIMIT} values computed on demand, and no proved \
                     period is available for it",
                    self.name
                ))),
            };
        }
        let mut state = self.state();
        if state.sequence.len() <= max {
            state
                .sequence
                .extend_to(max + 1, |_, _| {})
                .map_err(|e| GameError::Unsupported(format!("{}: {e}", self.name)))?;
        }
        Ok(heaps
            .iter()
            .map(|&h| u64::from(state.sequence.values()[h as usize]))
            .collect())
    }

    /// The nim-value of a sum of heaps.
    pub fn nim_value_of(&self, heaps: &[u64]) -> Result<u64, GameError> {
        Ok(self.heap_values(heaps)?.into_iter().fold(0, |x, v| x ^ v))
    }
}

impl Game for HeapEngine {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> Result<(), GameError> {
        if let Some(&h) = p
            .iter()
            .find(|&&h| self.option_bound(h) > LISTED_HEAP_LIMIT as u128)
        {
            if self.rules.has_breaking_moves() {
                return Err(GameError::Unsupported(format!(
                    "{}: a heap of {h} has too many options to list (at most {LISTED_HEAP_LIMIT})",
                    self.name
                )));
            }
        }
        crate::games::sum_options(p, out, |h, emit| self.rules.heap_options(h, emit));
        Ok(())
    }
}

impl Impartial for HeapEngine {
    fn components(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        heap_components(p, out)
    }
}
