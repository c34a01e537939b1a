//! Built-in indexed games: tic-tac-toe, Connect Four, Dodgem and Chase.

mod board;
mod chase;
mod dodgem;
mod placement;

pub use chase::{Chase, ChasePosition};
pub use dodgem::{Dodgem, DodgemPosition};
pub use placement::{Board, Placement};
