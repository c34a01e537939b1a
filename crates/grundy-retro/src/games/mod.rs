//! Built-in indexed games: tic-tac-toe, Connect Four, Dodgem and Chase.

mod board;
mod chase;
mod dodgem;
mod placement;

pub use chase::Chase;
pub use dodgem::{Dodgem, DodgemPosition};
pub use placement::{Board, Placement};
