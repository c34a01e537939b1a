//! Disjunctive sums of impartial games: play in exactly one component per move.

use grundy::dynamic::{Analyze, Builtin, ClosedForm, DynGame, DynPosition};
use grundy::{Game, GameError, Impartial, Outcome, Play};

/// How many integers of a sum's position belong to one component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    /// Exactly this many (a heap game with `heaps = N`, or 2 for a pair game).
    Fixed(usize),
    /// All the remaining integers (allowed for the last component only): for games
    /// whose moves change the number of heaps (split, octal).
    Rest,
}

/// One game of a sum and its share of the position.
pub struct Component {
    /// The game (impartial).
    pub game: Box<dyn DynGame>,
    /// Its share of the position's integers.
    pub arity: Arity,
}

/// The disjunctive sum of impartial games.
///
/// A position is the concatenation of the components' positions (each a list of
/// integers), cut by each component's [`Arity`]: for `subtraction` (1 heap) +
/// `euclid` (a pair) + `nim` with `heaps = 2`, the position `7,3,5,1,2` is heap 7,
/// pair (3,5) and heaps 1,2. A move changes one component. By Sprague–Grundy the
/// nim-value is the XOR of the components' nim-values, and the player to move wins
/// exactly when it is not 0; a winning move brings one component's value `g` to
/// `g XOR x`, where `x` is the nim-sum.
pub struct SumGame {
    name: String,
    /// Shared by the views of [`Analyze::within`].
    components: std::sync::Arc<Vec<Component>>,
    /// The budget of the call this view answers: the components' calls run within it.
    budget: grundy::Budget,
}

impl SumGame {
    /// A sum of these components; `name` empty means `a + b + ...` of their names.
    /// Only the last component may have [`Arity::Rest`].
    pub fn new(name: String, components: Vec<Component>) -> Self {
        let name = if name.is_empty() {
            components
                .iter()
                .map(|c| c.game.name())
                .collect::<Vec<_>>()
                .join(" + ")
        } else {
            name
        };
        SumGame {
            name,
            components: std::sync::Arc::new(components),
            budget: grundy::Budget::default(),
        }
    }

    /// The sum as a run-time game.
    pub fn into_dyn(self) -> Builtin<SumGame> {
        Builtin::new(self)
    }

    fn expected(&self) -> String {
        self.components
            .iter()
            .enumerate()
            .map(|(i, c)| match c.arity {
                Arity::Fixed(1) => format!("component {}: 1 integer ({})", i + 1, c.game.name()),
                Arity::Fixed(n) => format!("component {}: {n} integers ({})", i + 1, c.game.name()),
                Arity::Rest => format!("component {}: the rest ({})", i + 1, c.game.name()),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Cut a position into the components' positions.
    fn parts(&self, p: &DynPosition) -> Result<Vec<DynPosition>, String> {
        let ints = p.ints().ok_or_else(|| {
            format!(
                "a sum's position is comma-separated integers ({})",
                self.expected()
            )
        })?;
        let mut parts = Vec::with_capacity(self.components.len());
        let mut at = 0;
        for c in self.components.iter() {
            let n = match c.arity {
                Arity::Fixed(n) => n,
                Arity::Rest => ints.len().saturating_sub(at),
            };
            if at + n > ints.len() {
                break;
            }
            parts.push(DynPosition::Ints(ints[at..at + n].to_vec()));
            at += n;
        }
        if parts.len() != self.components.len() || at != ints.len() {
            return Err(format!(
                "expected {} integers: {}",
                self.fixed_len_text(),
                self.expected()
            ));
        }
        Ok(parts)
    }

    fn fixed_len_text(&self) -> String {
        let fixed: usize = self
            .components
            .iter()
            .map(|c| match c.arity {
                Arity::Fixed(n) => n,
                Arity::Rest => 0,
            })
            .sum();
        if self.components.iter().any(|c| c.arity == Arity::Rest) {
            format!("at least {fixed}")
        } else {
            fixed.to_string()
        }
    }

    fn join(parts: &[DynPosition]) -> DynPosition {
        DynPosition::Ints(
            parts
                .iter()
                .flat_map(|p| p.ints().unwrap_or(&[]).to_vec())
                .collect(),
        )
    }

    fn part_nimbers(&self, parts: &[DynPosition]) -> Result<Vec<u64>, GameError> {
        self.components
            .iter()
            .zip(parts)
            .map(|(c, p)| {
                c.game
                    .analyze(p, Play::Normal, &self.budget)?
                    .nimber
                    .ok_or_else(|| {
                        GameError::too_many_positions(
                            format!("nim-value of {} in {}", p, c.game.name()),
                            self.budget.positions_usize(grundy::Task::Search),
                        )
                    })
            })
            .collect()
    }
}

impl Game for SumGame {
    type Position = DynPosition;
    fn options(&self, p: &DynPosition, out: &mut Vec<DynPosition>) -> Result<(), GameError> {
        let parts = self
            .parts(p)
            .map_err(|m| GameError::position(&self.name, p.to_string(), m))?;
        for (i, c) in self.components.iter().enumerate() {
            for o in c.game.options(&parts[i], &self.budget)? {
                let len = o.ints().map(<[i64]>::len);
                if let Arity::Fixed(n) = c.arity {
                    if len != Some(n) {
                        return Err(GameError::Rule(format!(
                            "{}: a move from {} leaves {o}, which is not {n} integers",
                            c.game.name(),
                            parts[i]
                        )));
                    }
                }
                let mut next = parts.clone();
                next[i] = o;
                out.push(Self::join(&next));
            }
        }
        Ok(())
    }
}

impl Impartial for SumGame {}

impl Analyze for SumGame {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn within(&self, budget: &grundy::Budget) -> Option<Self> {
        Some(SumGame {
            name: self.name.clone(),
            components: std::sync::Arc::clone(&self.components),
            budget: budget.clone(),
        })
    }
    fn set_heap_method(&mut self, method: grundy::Method) {
        // Set once, after loading, before any view shares the components.
        if let Some(components) = std::sync::Arc::get_mut(&mut self.components) {
            for c in components {
                c.game.set_heap_method(method);
            }
        }
    }
    fn check(&self, p: &DynPosition) -> Result<(), String> {
        let parts = self.parts(p)?;
        for (i, (c, part)) in self.components.iter().zip(&parts).enumerate() {
            c.game
                .check(part)
                .map_err(|e| format!("component {}: {e}", i + 1))?;
        }
        Ok(())
    }
    fn impartial(&self) -> bool {
        true
    }
    fn nim_value(&self, p: &DynPosition, _limit: usize) -> Option<Result<u64, GameError>> {
        let parts = match self.parts(p) {
            Ok(parts) => parts,
            Err(m) => return Some(Err(GameError::position(&self.name, p.to_string(), m))),
        };
        Some(self.part_nimbers(&parts).map(|v| v.iter().fold(0, |x, g| x ^ g)))
    }
    fn search_size(&self, p: &DynPosition) -> Option<u128> {
        let parts = self.parts(p).ok()?;
        let mut total: u128 = 1;
        for (c, part) in self.components.iter().zip(&parts) {
            let ints = part.ints()?;
            let size = match c.arity {
                // Heaps that split: at most 2^(total tokens) multisets.
                Arity::Rest => {
                    let sum: u128 = ints.iter().map(|&x| x.unsigned_abs() as u128).sum();
                    if sum >= 120 {
                        u128::MAX
                    } else {
                        1 << sum
                    }
                }
                Arity::Fixed(_) => ints
                    .iter()
                    .fold(1u128, |a, &x| a.saturating_mul(x.unsigned_abs() as u128 + 1)),
            };
            total = total.saturating_mul(size);
        }
        Some(total)
    }
    fn closed_nim_value(&self, p: &DynPosition) -> Option<u64> {
        self.nim_value(p, 0)?.ok()
    }
    fn closed_form(&self, p: &DynPosition, play: Play) -> Option<ClosedForm<DynPosition>> {
        if play == Play::Misere {
            return None;
        }
        let parts = self.parts(p).ok()?;
        let values = self.part_nimbers(&parts).ok()?;
        let x = values.iter().fold(0, |x, g| x ^ g);
        let mut winning_moves = Vec::new();
        if x != 0 {
            for (i, c) in self.components.iter().enumerate() {
                let target = values[i] ^ x;
                for m in c.game.moves(&parts[i], Play::Normal, &self.budget).ok()? {
                    if m.nimber? == target {
                        let mut next = parts.clone();
                        next[i] = m.position;
                        winning_moves.push(Self::join(&next));
                    }
                }
            }
        }
        Some(ClosedForm {
            outcome: if x == 0 { Outcome::Lose } else { Outcome::Win },
            remoteness: None,
            winning_moves,
            winning_moves_note: None,
            rule: format!(
                "Sprague–Grundy: the nim-sum of the components' values {} is {x}",
                values
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(" XOR ")
            ),
        })
    }
}
