//! Thermographs: the walls of a game's temperature diagram.

use crate::Dyadic;

/// One wall: a piecewise-linear function of temperature t >= -1 (or >= the game's
/// own lower bound), given by its corners (t, value), increasing in t; above the last
/// corner the wall is vertical (the mast).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    /// (temperature, value) corners, increasing temperature.
    pub corners: Vec<(Dyadic, Dyadic)>,
}

/// The thermograph of a game: Left's wall (drawn on the left, larger values) and
/// Right's wall; they meet at the temperature and continue as the mast at the mean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// Left's wall.
    pub left: Wall,
    /// Right's wall.
    pub right: Wall,
    /// The mast's value (the mean).
    pub mast: Dyadic,
    /// Where the walls meet (the temperature).
    pub temperature: Dyadic,
}
