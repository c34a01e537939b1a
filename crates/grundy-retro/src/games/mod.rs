//! Built-in indexed games: tic-tac-toe, Connect Four, Dodgem and Chase.

mod board;
mod chase;
mod dodgem;
mod placement;

pub use chase::{Chase, ChasePosition};
pub use dodgem::{Dodgem, DodgemPosition};
pub use placement::{Board, Placement};

/// This crate's families, for the catalogue (`grundy::catalogue`): one line each.
pub const FAMILIES: &[grundy::catalogue::Family] = &[
    placement::TICTACTOE,
    placement::CONNECT4,
    dodgem::FAMILY,
    chase::FAMILY,
];
