#![allow(unused_variables)] // SKELETON: remove when implemented
//! Reduced canonical form (values modulo infinitesimals).

use crate::{GameId, Universe};

impl Universe {
    /// The reduced canonical form (infinitesimals dropped: G and its reduced form
    /// differ by an infinitesimal).
    pub fn reduced(&mut self, g: GameId) -> GameId {
        todo!()
    }
}
