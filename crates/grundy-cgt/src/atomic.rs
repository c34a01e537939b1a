#![allow(unused_variables)] // SKELETON: remove when implemented
//! Atomic weight of all-small games.

use crate::{GameId, Universe};

impl Universe {
    /// The atomic weight of an all-small game; `None` when g is not all-small.
    pub fn atomic_weight(&mut self, g: GameId) -> Option<GameId> {
        todo!()
    }
}
