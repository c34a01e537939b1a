use std::sync::Mutex;

use grundy_octal::{find_period, HeapRules, Method, Period, Sequence};

use crate::catalogue::{Family, Kind, Param, Params, Shape, Syntax};
use crate::dynamic::{Analyze, ClosedForm, PeriodSummary};
use crate::dynamic::{Builtin, DynGame};
use crate::games::heap_components;
use crate::games::outcome_of;
use crate::Play;
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

fn heap_engine(rules: HeapRules, name: impl Into<String>) -> Result<Box<dyn DynGame>, GameError> {
    Ok(Box::new(Builtin(HeapEngine::new(rules, name))))
}

/// Build `octal:CODE` or `hex:CODE`.
fn code_game(family: &str, p: &Params) -> Result<Box<dyn DynGame>, GameError> {
    let code = p.text("code").unwrap_or("");
    if code.is_empty() {
        return Err(GameError::parameter(
            family,
            "give a code, e.g. octal:0.137 or hex:0.F6",
        ));
    }
    let text = if family == "hex" && !code.starts_with("0x") {
        format!("0x{code}")
    } else {
        code.to_string()
    };
    let rules = grundy_octal::OctalCode::parse(&text)
        .map(HeapRules::Octal)
        .map_err(|e| GameError::parameter(family, e.to_string()))?;
    heap_engine(rules, format!("{family}:{code}"))
}

const CODE: &[Param] = &[Param {
    key: "code",
    kind: Kind::Text,
    default: None,
    help: "the code in Winning Ways notation",
}];

/// Octal games.
pub(crate) const OCTAL: Family = Family {
    name: "octal",
    usage: "octal:CODE",
    summary: "a take-and-break game in Winning Ways notation (octal:0.137, octal:.07, octal:4.07): digit k says whether removing k tokens may leave 0 heaps (bit 1), 1 heap (bit 2) or 2 heaps (bit 4); digit 0 is before the point",
    position: "heaps",
    params: CODE,
    example: Some(("octal:0.137", "9,5")),
    syntax: Syntax::Bare,
    shape: Shape::SplittingHeaps,
    build: |p| code_game("octal", p),
};

/// Hexadecimal games.
pub(crate) const HEX: Family = Family {
    name: "hex",
    usage: "hex:CODE",
    summary: "the same with hexadecimal digits, bit 8 = leave 3 heaps (hex:0.F6)",
    position: "heaps",
    params: CODE,
    example: Some(("hex:0.F6", "8")),
    syntax: Syntax::Bare,
    shape: Shape::SplittingHeaps,
    build: |p| code_game("hex", p),
};

/// Kayles.
pub(crate) const KAYLES: Family = Family {
    name: "kayles",
    usage: "kayles",
    summary: "Kayles (octal 0.77): knock down one pin or two adjacent pins of a row",
    position: "heaps",
    params: &[],
    example: Some(("kayles", "10")),
    syntax: Syntax::None,
    shape: Shape::SplittingHeaps,
    build: |_| heap_engine(HeapRules::kayles(), "kayles"),
};

/// Dawson's Kayles.
pub(crate) const DAWSON: Family = Family {
    name: "dawson",
    usage: "dawson",
    summary: "Dawson's Kayles (octal 0.07)",
    position: "heaps",
    params: &[],
    example: Some(("dawson", "9")),
    syntax: Syntax::None,
    shape: Shape::SplittingHeaps,
    build: |_| heap_engine(HeapRules::dawsons_kayles(), "dawson"),
};

/// Grundy's game.
pub(crate) const GRUNDY: Family = Family {
    name: "grundy",
    usage: "grundy",
    summary: "Grundy's game: split a heap into two unequal heaps",
    position: "heaps",
    params: &[],
    example: Some(("grundy", "9")),
    syntax: Syntax::None,
    shape: Shape::SplittingHeaps,
    build: |_| heap_engine(HeapRules::grundy(), "grundy"),
};

// The dynamic seam: what this family answers without search.
impl Analyze for HeapEngine {
    fn option_count(&self, p: &Vec<u64>) -> Option<u128> {
        Some(p.iter().map(|&h| self.option_bound(h)).sum())
    }
    fn name(&self) -> String {
        HeapEngine::name(self).to_string()
    }
    fn impartial(&self) -> bool {
        true
    }
    fn nim_value(&self, p: &Vec<u64>, _limit: usize) -> Option<Result<u64, GameError>> {
        Some(self.nim_value_of(p))
    }
    fn closed_nim_value(&self, p: &Vec<u64>) -> Option<u64> {
        self.nim_value_of(p).ok()
    }
    fn check(&self, p: &Vec<u64>) -> Result<(), String> {
        self.heap_values(p).map(|_| ()).map_err(|e| e.to_string())
    }
    fn search_size(&self, p: &Vec<u64>) -> Option<u128> {
        // Take-and-break positions are multisets of smaller heaps: bound by 2^(tokens).
        let total = p.iter().fold(0u64, |t, &h| t.saturating_add(h));
        Some(if total >= 100 { u128::MAX } else { 1u128 << total })
    }
    fn closed_form(&self, p: &Vec<u64>, play: Play) -> Option<ClosedForm<Vec<u64>>> {
        if play == Play::Misere {
            return None;
        }
        let x = self.nim_value_of(p).ok()?;
        let values = self.heap_values(p).ok()?;
        let listed = p
            .iter()
            .all(|&h| self.option_bound(h) <= crate::games::LISTED_HEAP_LIMIT as u128);
        let mut winning_moves = Vec::new();
        if x != 0 && listed {
            for (i, &h) in p.iter().enumerate() {
                let target = x ^ values[i];
                let mut found: Vec<Vec<u64>> = Vec::new();
                self.rules()
                    .heap_options(h, &mut |left| found.push(left.to_vec()));
                for left in found {
                    if self.nim_value_of(&left).ok()? == target {
                        let mut next = p[..i].to_vec();
                        next.extend_from_slice(&left);
                        next.extend_from_slice(&p[i + 1..]);
                        winning_moves.push(next);
                    }
                }
            }
        }
        let mut rule = format!("Sprague–Grundy: the nim-sum of the heaps' values is {x}");
        let huge = p.iter().any(|&h| h >= crate::games::SEQUENCE_LIMIT);
        if let Some(per) = huge.then(|| self.proved_period().ok().flatten()).flatten() {
            rule.push_str(&format!(
                "; values from the proved period {} (from n = {})",
                per.period, per.preperiod
            ));
        }
        if !listed {
            rule.push_str("; winning moves of heaps this large are not listed");
        }
        Some(ClosedForm {
            outcome: outcome_of(x),
            remoteness: None,
            winning_moves,
            rule,
        })
    }
    fn period(&self) -> Option<Result<Option<PeriodSummary>, GameError>> {
        Some(self.proved_period().map(|found| {
            found.map(|p| PeriodSummary {
                preperiod: p.preperiod,
                period: p.period,
                saltus: 0,
                checked_to: p.checked_to,
                values: p.initial_values().iter().map(|&v| u64::from(v)).collect(),
                rule: p.rule.clone(),
            })
        }))
    }
    fn heap_nim_values(&self, from: u64, to: u64) -> Option<Result<Vec<u64>, GameError>> {
        if to >= crate::games::SEQUENCE_LIMIT {
            return Some(match self.proved_period() {
                Ok(Some(p)) => Ok((from..=to).map(|n| u64::from(p.value_at(n))).collect()),
                Ok(None) => Err(GameError::Unsupported(format!(
                    "{}: --to {to} is beyond the values computed on demand and no period was proved; \
                     use --out FILE to stream a long sequence",
                    HeapEngine::name(self)
                ))),
                Err(e) => Err(e),
            });
        }
        let heaps: Vec<u64> = (from..=to).collect();
        Some(self.heap_values(&heaps))
    }
}
