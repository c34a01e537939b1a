//! A partizan script behind the partizan model.

use grundy::dynamic::DynPosition;
use grundy::partizan::{Partizan, Side};
use grundy::{Budget, GameError};

use super::game::{Mover, ScriptGame};

/// A partizan script (one with `left` and `right`): each side's options from its
/// function, through the same calls, limits, cache and messages as `moves`. Made by
/// [`ScriptGame::into_dyn`].
pub struct ScriptPartizan(pub(super) ScriptGame);

impl Partizan for ScriptPartizan {
    type Position = DynPosition;

    fn within(&self, budget: &Budget) -> Option<Self> {
        Some(ScriptPartizan(self.0.view(budget)))
    }

    fn options(&self, p: &DynPosition, side: Side, out: &mut Vec<DynPosition>) -> Result<(), GameError> {
        // The partizan seam reads positions without asking the game, so the shape
        // of a position typed by the user is checked here (the script's own
        // options were checked as they came back).
        self.0
            .shape
            .check(p)
            .map_err(|m| GameError::position(&self.0.name, p.to_string(), m))?;
        out.extend(self.0.options_of(p, Mover::of(side))?.iter().cloned());
        Ok(())
    }

    fn start(&self) -> Option<DynPosition> {
        self.0.start.clone()
    }

    fn show(&self, p: &DynPosition) -> Option<String> {
        Some(self.0.show(p))
    }
}
