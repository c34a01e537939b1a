//! Rules as sandboxed Luau scripts.
//!
//! `sandbox` holds the limits, the clock of a call, the Luau that seals the
//! interpreter (`*.luau` beside it) and the reading of a failed call; `read` turns
//! the script's values into positions; `load` runs a script's top level and reads
//! its globals; `game` is the interpreter's state, the calls into it and the
//! impartial (or ending-by-rule) `Game`; `partizan` is the game of `left` and `right`.

use grundy::dynamic::{Builtin, DynGame};

mod game;
mod load;
mod partizan;
mod read;
mod sandbox;

pub use game::ScriptGame;
pub use partizan::ScriptPartizan;
pub use sandbox::Limits;

impl ScriptGame {
    /// The script game behind the run-time seam, with the script's `show`: a
    /// partizan script (`left` and `right`) through
    /// [`grundy::partizan::from_partizan`] (canonical values, play with either side
    /// first), any other as a [`ScriptDyn`].
    pub fn into_dyn(self) -> Box<dyn DynGame> {
        if self.sides {
            let name = self.name.clone();
            grundy::partizan::from_partizan(name, ScriptPartizan(self))
        } else {
            Box::new(Builtin::new(self))
        }
    }
}

/// A [`ScriptGame`] with `moves` behind the dynamic seam: the solvers of
/// [`Builtin`], with the script's `show` (through [`Analyze::show`](grundy::dynamic::Analyze::show)).
pub type ScriptDyn = Builtin<ScriptGame>;
