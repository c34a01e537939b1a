//! One module per subcommand: clap `Args` and a `run` returning the text to print.

pub mod build;
pub mod calc;
pub mod completions;
pub mod explain;
pub mod merge;
pub mod moves;
pub mod period;
pub mod play;
pub mod plot;
pub mod quotient;
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

/// A partizan game's side and the side to move (`--first`, Left when not given);
/// `None` for other games, and an error when `--first` is given for a game where
/// both players move alike.
pub fn partizan_first(
    game: &dyn grundy::dynamic::DynGame,
    first: Option<First>,
) -> anyhow::Result<Option<(&dyn grundy::partizan::DynPartizan, grundy::partizan::Side)>> {
    match (game.partizan(), first) {
        (Some(partizan), f) => Ok(Some((partizan, First::side(f)))),
        (None, None) => Ok(None),
        (None, Some(_)) => anyhow::bail!(
            "--first is for partizan games (Left and Right with different moves); in {} the player to move is part of the position",
            game.name()
        ),
    }
}
