//! One module per subcommand: clap `Args` and a `run` returning the text to print.

pub mod build;
pub mod explain;
pub mod moves;
pub mod period;
pub mod play;
pub mod plot;
pub mod solve;
pub mod values;

use grundy::Play;

/// The play convention from the `--misere` flag.
pub fn play(misere: bool) -> Play {
    if misere {
        Play::Misere
    } else {
        Play::Normal
    }
}
