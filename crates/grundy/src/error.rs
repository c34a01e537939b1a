//! Errors: each says in one line what went wrong and names the part at fault.

use thiserror::Error;

/// Everything that can go wrong when defining, reading or solving a game.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum GameError {
    /// The GAME text names no known game.
    #[error("unknown game '{game}' ({hint})")]
    UnknownGame {
        /// The GAME text as given.
        game: String,
        /// The closest known names, or the list of them (from the catalogue).
        hint: String,
    },
    /// A parameter of a game is malformed or impossible.
    #[error("bad parameter for {game}: {message}")]
    BadParameter {
        /// The game family.
        game: String,
        /// What is wrong.
        message: String,
    },
    /// A position text or value is not a position of this game.
    #[error("bad position '{position}' for {game}: {message}")]
    BadPosition {
        /// The game.
        game: String,
        /// The position as the user wrote it.
        position: String,
        /// What is wrong.
        message: String,
    },
    /// The game's rules failed while generating moves (a script error, for example).
    #[error("{0}")]
    Rule(String),
    /// A position repeats along a line of play; this solver needs an acyclic game.
    #[error("position {0} repeats along a line of play: the game is loopy and needs the retrograde solver")]
    Loopy(String),
    /// The run's budget ran out: which limit, how far it got, the flag that raises it.
    #[error(transparent)]
    OverBudget(#[from] grundy_budget::OverBudget),
    /// The question has no answer for this game (a nim-value of a partizan game, say).
    #[error("{0}")]
    Unsupported(String),
}

impl GameError {
    /// Shorthand for [`GameError::BadParameter`].
    pub fn parameter(game: impl Into<String>, message: impl Into<String>) -> Self {
        GameError::BadParameter {
            game: game.into(),
            message: message.into(),
        }
    }

    /// Shorthand for [`GameError::BadPosition`].
    pub fn position(
        game: impl Into<String>,
        position: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        GameError::BadPosition {
            game: game.into(),
            position: position.into(),
            message: message.into(),
        }
    }
}

impl GameError {
    /// More than `limit` positions would be searched for `what`: the budget's one
    /// error, for [`grundy_budget::Limit::Positions`] (the solvers that fall back
    /// to another method match it with [`GameError::is_too_many_positions`]).
    pub fn too_many_positions(what: impl Into<String>, limit: usize) -> GameError {
        let limit = limit as u64;
        GameError::OverBudget(grundy_budget::OverBudget {
            limit: grundy_budget::Limit::Positions,
            what: what.into(),
            reached: limit.saturating_add(1),
            allowed: limit,
        })
    }

    /// True when the position budget ran out (see [`GameError::too_many_positions`]).
    pub fn is_too_many_positions(&self) -> bool {
        matches!(self, GameError::OverBudget(b) if b.limit == grundy_budget::Limit::Positions)
    }

    /// The same error about `what` instead (a position budget's error, reworded
    /// by the caller that knows what was being computed); other errors unchanged.
    pub fn positions_of(self, what: impl FnOnce(&str) -> String) -> GameError {
        match self {
            GameError::OverBudget(mut b) if b.limit == grundy_budget::Limit::Positions => {
                b.what = what(&b.what);
                GameError::OverBudget(b)
            }
            e => e,
        }
    }
}
