#![allow(unused_variables)] // SKELETON: remove when implemented
//! Temperature theory: stops, mean, temperature, thermographs, cooling and heating.

use crate::{Dyadic, GameId, Thermograph, Universe};

impl Universe {
    /// Left's stop (Left moving first).
    pub fn left_stop(&mut self, g: GameId) -> Dyadic {
        todo!()
    }
    /// Right's stop.
    pub fn right_stop(&mut self, g: GameId) -> Dyadic {
        todo!()
    }
    /// The mean value.
    pub fn mean(&mut self, g: GameId) -> Dyadic {
        todo!()
    }
    /// The temperature (-1 for integers, as CGSuite; negative for other numbers).
    pub fn temperature(&mut self, g: GameId) -> Dyadic {
        todo!()
    }
    /// The thermograph.
    pub fn thermograph(&mut self, g: GameId) -> Thermograph {
        todo!()
    }
    /// g cooled by t (t >= 0).
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> GameId {
        todo!()
    }
    /// g heated by t.
    pub fn heat(&mut self, g: GameId, t: Dyadic) -> GameId {
        todo!()
    }
}
