//! One module per subcommand: clap `Args` and a `run` returning the text to print.

pub mod build;
pub mod calc;
pub mod cluster;
pub mod completions;
pub mod explain;
pub mod merge;
pub mod moves;
pub mod period;
pub mod play;
pub mod plot;
pub mod quotient;
pub mod regions;
pub mod serve;
pub mod solve;
pub mod thermograph;
pub mod value;
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

/// Who moves first in a partizan game (`--first`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum First {
    /// Left (vertical dominoes, toads, blue edges, black stones).
    Left,
    /// Right (horizontal dominoes, frogs, red edges, white stones).
    Right,
}

impl First {
    /// The side a `--first` or `--as` flag names; Left when it is not given.
    pub fn side(flag: Option<First>) -> grundy::partizan::Side {
        match flag {
            Some(First::Right) => grundy::partizan::Side::Right,
            _ => grundy::partizan::Side::Left,
        }
    }
}

/// The options of a position's analysis from `--misere` and `--first`.
pub fn options(misere: bool, first: Option<First>) -> grundy_api::Options {
    grundy_api::Options {
        misere,
        first: first.map(|f| First::side(Some(f))),
    }
}
