//! GAME syntax: the built-in games by name, and what each knows in closed form.

use crate::dynamic::{
    searched_nim_value, Analyze, Builtin, ClosedForm, Codec, DynGame, DynPosition, PeriodSummary,
};
use crate::games::{AllBut, Digits, DigitsPosition, Euclid, HeapEngine, Nim, Split, Subtraction, Wythoff};
use crate::{GameError, Outcome, Play};

/// The GAME syntax, for help texts.
pub const GAME_HELP: &str = "\
GAME is one of:
  nim                     heaps; take any number from one heap
  subtraction:S1,S2,...   take s tokens from one heap, s in the set (e.g. subtraction:1,3,4)
  allbut:E1,E2,...        take any positive number except those listed (allbut: for none)
  euclid                  a pair; subtract a multiple of the smaller from the larger; making 0 wins
  split                   piles; split a pile of P into P/K piles of K and one of P%K
  digits:turns=M[,width=D] a D-digit number (default 4) and M turns; add 1 to a digit (9->0);
                          the first player wins if the number ends strictly above the start
  wythoff                 two heaps; take from one heap, or the same from both
  octal:CODE              a take-and-break game in Winning Ways notation (octal:0.137, octal:.07,
                          octal:4.07): digit k says whether removing k tokens may leave 0 heaps
                          (bit 1), 1 heap (bit 2) or 2 heaps (bit 4); digit 0 is before the point
  hex:CODE                the same with hexadecimal digits, bit 8 = leave 3 heaps (hex:0.F6)
  kayles, dawson          Kayles (octal 0.77) and Dawson's Kayles (octal 0.07)
  grundy                  Grundy's game: split a heap into two unequal heaps
POSITION is comma-separated integers (heaps, a pair, a number), or `start` where the
game has one. Digit game: `N` (a start) or `number,played,start`.";

/// Read a GAME text such as `nim`, `subtraction:1,3,4` or `digits:turns=3,width=4`.
///
/// ```
/// let game = grundy::dynamic::parse_game("euclid").unwrap();
/// assert!(grundy::dynamic::parse_game("subtraction:0").is_err());
/// ```
pub fn parse_game(text: &str) -> Result<Box<dyn DynGame>, GameError> {
    let text = text.trim();
    let (family, params) = match text.split_once(':') {
        Some((f, p)) => (f.trim(), Some(p.trim())),
        None => (text, None),
    };
    let no_params = |game: Box<dyn DynGame>| match params {
        None | Some("") => Ok(game),
        Some(p) => Err(GameError::parameter(
            family,
            format!("takes no parameters, got '{p}'"),
        )),
    };
    match family {
        "nim" => no_params(Box::new(Builtin(Nim))),
        "euclid" => no_params(Box::new(Builtin(Euclid))),
        "split" => no_params(Box::new(Builtin(Split))),
        "wythoff" => no_params(Box::new(Builtin(Wythoff))),
        "kayles" => no_params(Box::new(Builtin(HeapEngine::new(
            grundy_octal::HeapRules::kayles(),
            "kayles",
        )))),
        "dawson" => no_params(Box::new(Builtin(HeapEngine::new(
            grundy_octal::HeapRules::dawsons_kayles(),
            "dawson",
        )))),
        "grundy" => no_params(Box::new(Builtin(HeapEngine::new(
            grundy_octal::HeapRules::grundy(),
            "grundy",
        )))),
        "octal" | "hex" => {
            let code = params.unwrap_or("");
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
                .map(grundy_octal::HeapRules::Octal)
                .map_err(|e| GameError::parameter(family, e.to_string()))?;
            Ok(Box::new(Builtin(HeapEngine::new(
                rules,
                format!("{family}:{code}"),
            ))))
        }
        "subtraction" => {
            let set = number_list(family, params.unwrap_or(""))?;
            Ok(Box::new(Builtin(Subtraction::new(&set)?)))
        }
        "allbut" => {
            let set = number_list(family, params.unwrap_or(""))?;
            Ok(Box::new(Builtin(AllBut::new(&set)?)))
        }
        "digits" => {
            let mut turns = None;
            let mut width = 4;
            for kv in params.unwrap_or("").split(',').filter(|s| !s.trim().is_empty()) {
                let (k, v) = kv
                    .split_once('=')
                    .ok_or_else(|| GameError::parameter(family, format!("'{kv}' is not key=value")))?;
                let v: u64 = v.trim().parse().map_err(|_| {
                    GameError::parameter(
                        family,
                        format!("{} must be a non-negative integer, not '{}'", k.trim(), v.trim()),
                    )
                })?;
                match k.trim() {
                    "turns" => turns = Some(v),
                    "width" => width = u32::try_from(v).unwrap_or(u32::MAX),
                    other => {
                        return Err(GameError::parameter(
                            family,
                            format!("unknown parameter '{other}' (turns, width)"),
                        ))
                    }
                }
            }
            let turns = turns
                .ok_or_else(|| GameError::parameter(family, "turns=M is required, e.g. digits:turns=3"))?;
            Ok(Box::new(Builtin(Digits::new(turns, width)?)))
        }
        _ => Err(GameError::UnknownGame(text.to_string())),
    }
}

fn number_list(family: &str, params: &str) -> Result<Vec<u64>, GameError> {
    params
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<u64>()
                .map_err(|_| GameError::parameter(family, format!("'{s}' is not a non-negative integer")))
        })
        .collect()
}

fn join(xs: &[u64]) -> String {
    xs.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

/// Product of (h + 1): the number of sub-positions of a sum of heaps.
fn heap_product(heaps: &[u64]) -> u128 {
    heaps
        .iter()
        .fold(1u128, |acc, &h| acc.saturating_mul(h as u128 + 1))
}

fn outcome_of(nimber: u64) -> Outcome {
    if nimber == 0 {
        Outcome::Lose
    } else {
        Outcome::Win
    }
}

impl Analyze for Nim {
    fn option_count(&self, p: &Vec<u64>) -> Option<u128> {
        Some(p.iter().map(|&h| h as u128).sum())
    }
    fn name(&self) -> String {
        "nim".into()
    }
    fn impartial(&self) -> bool {
        true
    }
    fn nim_value(&self, p: &Vec<u64>, _limit: usize) -> Option<Result<u64, GameError>> {
        Some(Ok(Nim::nim_value(p)))
    }
    fn closed_nim_value(&self, p: &Vec<u64>) -> Option<u64> {
        Some(Nim::nim_value(p))
    }
    fn search_size(&self, p: &Vec<u64>) -> Option<u128> {
        Some(heap_product(p))
    }
    fn closed_form(&self, p: &Vec<u64>, play: Play) -> Option<ClosedForm<Vec<u64>>> {
        let (outcome, rule) = match play {
            Play::Normal => (
                outcome_of(Nim::nim_value(p)),
                format!("Bouton: the nim-sum (XOR) of the heaps is {}", Nim::nim_value(p)),
            ),
            Play::Misere => (
                Nim::misere_outcome(p),
                "misère Nim: play as in normal Nim until every heap would be at most 1, then leave an odd number of 1s".into(),
            ),
        };
        let winning_moves = Nim::winning_moves(p, play == Play::Misere);
        Some(ClosedForm {
            outcome,
            remoteness: None,
            winning_moves,
            rule,
        })
    }
    fn heap_nim_values(&self, from: u64, to: u64) -> Option<Result<Vec<u64>, GameError>> {
        Some(Ok((from..=to).collect()))
    }
}

/// Heap sizes up to this are answered from a table; beyond it from the proved period.
const TABLE_LIMIT: u64 = 10_000_000;

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

impl Analyze for Split {
    fn option_count(&self, p: &Vec<u64>) -> Option<u128> {
        Some(p.iter().map(|&h| h as u128).sum())
    }
    fn name(&self) -> String {
        "split".into()
    }
    fn impartial(&self) -> bool {
        true
    }
    fn nim_value(&self, p: &Vec<u64>, limit: usize) -> Option<Result<u64, GameError>> {
        Some(searched_nim_value(self, p, limit))
    }
    fn check(&self, p: &Vec<u64>) -> Result<(), String> {
        match p.iter().find(|&&h| h > SPLIT_LIMIT) {
            Some(h) => Err(format!("pile {h} is too large (at most {SPLIT_LIMIT})")),
            None => Ok(()),
        }
    }
    fn search_size(&self, p: &Vec<u64>) -> Option<u128> {
        // Piles only shrink: at most 2^(total chips) multisets, a loose but safe bound.
        let total = p.iter().fold(0u64, |t, &h| t.saturating_add(h));
        Some(if total >= 120 { u128::MAX } else { 1u128 << total })
    }
    fn closed_nim_value(&self, p: &Vec<u64>) -> Option<u64> {
        let max = p.iter().copied().max().unwrap_or(0);
        let g = Split::nim_values(max as usize);
        Some(p.iter().fold(0, |x, &h| x ^ g[h as usize]))
    }
    fn closed_form(&self, p: &Vec<u64>, play: Play) -> Option<ClosedForm<Vec<u64>>> {
        if play == Play::Misere {
            return None;
        }
        let max = p.iter().copied().max().unwrap_or(0);
        let g = Split::nim_values(max as usize);
        let x = p.iter().fold(0, |x, &h| x ^ g[h as usize]);
        let mut winning_moves = Vec::new();
        if x != 0 {
            let mut options = Vec::new();
            for (i, &pile) in p.iter().enumerate() {
                let target = x ^ g[pile as usize];
                for k in 1..pile {
                    let copies = if (pile / k) % 2 == 1 { g[k as usize] } else { 0 };
                    if copies ^ g[(pile % k) as usize] == target {
                        options.push((i, k));
                    }
                }
            }
            for (i, k) in options {
                let pile = p[i];
                let mut next = p[..i].to_vec();
                next.extend(std::iter::repeat_n(k, (pile / k) as usize));
                if !pile.is_multiple_of(k) {
                    next.push(pile % k);
                }
                next.extend_from_slice(&p[i + 1..]);
                winning_moves.push(next);
            }
        }
        Some(ClosedForm {
            outcome: outcome_of(x),
            remoteness: None,
            winning_moves,
            rule: format!("Sprague–Grundy: the nim-sum of the piles' values is {x}"),
        })
    }
    fn heap_nim_values(&self, from: u64, to: u64) -> Option<Result<Vec<u64>, GameError>> {
        if to > SPLIT_LIMIT {
            return Some(Err(GameError::Unsupported(format!(
                "--to {to} is too large (at most {SPLIT_LIMIT})"
            ))));
        }
        Some(Ok(Split::nim_values(to as usize)[from as usize..].to_vec()))
    }
}

/// Split-game tables are quadratic: piles up to this size.
const SPLIT_LIMIT: u64 = 100_000;

impl Analyze for Euclid {
    fn option_count(&self, &(a, b): &(u64, u64)) -> Option<u128> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        Some(b.checked_div(a).unwrap_or(0) as u128)
    }
    fn name(&self) -> String {
        "euclid".into()
    }
    fn impartial(&self) -> bool {
        true
    }
    fn nim_value(&self, p: &(u64, u64), limit: usize) -> Option<Result<u64, GameError>> {
        Some(searched_nim_value(self, p, limit))
    }
    fn check(&self, &(a, b): &(u64, u64)) -> Result<(), String> {
        if a == 0 && b == 0 {
            return Err("at least one number must be positive".into());
        }
        if a > i64::MAX as u64 || b > i64::MAX as u64 {
            return Err(format!("numbers must be at most {}", i64::MAX));
        }
        Ok(())
    }
    fn search_size(&self, &(a, b): &(u64, u64)) -> Option<u128> {
        // Reachable positions: about the sum of the quotients along the chain, squared
        // by the options of each; the product bounds the work of a search.
        let (mut a, mut b) = if a <= b { (a, b) } else { (b, a) };
        let mut total: u128 = 1;
        while a > 0 {
            total = total.saturating_add((b / a) as u128 * (b / a) as u128);
            (a, b) = (b % a, a);
        }
        Some(total)
    }
    fn closed_form(&self, p: &(u64, u64), play: Play) -> Option<ClosedForm<(u64, u64)>> {
        if play == Play::Misere {
            return None;
        }
        let e = Euclid::evaluate(*p);
        Some(ClosedForm {
            outcome: e.outcome,
            remoteness: Some(e.remoteness),
            winning_moves: Euclid::winning_moves(*p),
            rule: "quotient rule: a quotient >= 2 (or an exact division) wins; quotient 1 forces the move"
                .into(),
        })
    }
}

impl Analyze for Wythoff {
    fn option_count(&self, &(a, b): &(u64, u64)) -> Option<u128> {
        Some(a as u128 + b as u128 + a.min(b) as u128)
    }
    fn name(&self) -> String {
        "wythoff".into()
    }
    fn impartial(&self) -> bool {
        true
    }
    fn nim_value(&self, p: &(u64, u64), limit: usize) -> Option<Result<u64, GameError>> {
        Some(searched_nim_value(self, p, limit))
    }
    fn check(&self, &(a, b): &(u64, u64)) -> Result<(), String> {
        const MAX: u64 = (1 << 62) - 1;
        if a > MAX || b > MAX {
            return Err(format!("heaps must be at most {MAX}"));
        }
        Ok(())
    }
    fn search_size(&self, &(a, b): &(u64, u64)) -> Option<u128> {
        // Each of the (a+1)(b+1) positions has up to a+b+min(a,b) options.
        Some((a as u128 + 1) * (b as u128 + 1) * (a as u128 + b as u128 + 1) / 64)
    }
    fn closed_form(&self, p: &(u64, u64), play: Play) -> Option<ClosedForm<(u64, u64)>> {
        if play == Play::Misere {
            return None;
        }
        Some(ClosedForm {
            outcome: Wythoff::outcome(*p),
            remoteness: None,
            winning_moves: Wythoff::winning_moves(*p),
            rule: "Wythoff: the losing pairs are (floor(k*phi), floor(k*phi) + k)".into(),
        })
    }
}

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

impl Codec for DigitsPosition {
    fn encode(&self) -> DynPosition {
        DynPosition::Ints(vec![self.number as i64, self.played as i64, self.start as i64])
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        let ints = p.ints().ok_or("expected N or number,played,start")?;
        let small = |x: i64| u32::try_from(x).map_err(|_| format!("{x} is not a number of at most 9 digits"));
        match *ints {
            [n] => Ok(DigitsPosition::start(small(n)?)),
            [number, played, start] => Ok(DigitsPosition {
                number: small(number)?,
                played: u64::try_from(played).map_err(|_| format!("{played} turns played is negative"))?,
                start: small(start)?,
            }),
            _ => Err(format!(
                "expected N or number,played,start; got {} numbers",
                ints.len()
            )),
        }
    }
}

impl Analyze for Digits {
    fn name(&self) -> String {
        format!("digits:turns={},width={}", self.turns(), self.width())
    }
    fn impartial(&self) -> bool {
        false
    }
    fn nim_value(&self, _p: &DigitsPosition, _limit: usize) -> Option<Result<u64, GameError>> {
        None
    }
    fn check(&self, p: &DigitsPosition) -> Result<(), String> {
        Digits::check(self, p)
    }
    fn search_size(&self, p: &DigitsPosition) -> Option<u128> {
        Some((self.turns() - p.played) as u128 * self.numbers() as u128)
    }
    fn closed_form(&self, p: &DigitsPosition, _play: Play) -> Option<ClosedForm<DigitsPosition>> {
        // The game always ends by its rule, never for want of a move: misère changes nothing.
        let e = self.evaluate(p);
        Some(ClosedForm {
            outcome: e.outcome,
            remoteness: Some(e.remoteness),
            winning_moves: self.winning_moves(p),
            rule: "layer-by-layer sweep back from the last turn (cycles of layers skipped)".into(),
        })
    }
}
