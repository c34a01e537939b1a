//! Errors of the retrograde solvers and of the on-disk tables.

use grundy::GameError;
use thiserror::Error;

/// Everything that can go wrong when solving, writing or reading a table.
#[derive(Debug, Error)]
pub enum RetroError {
    /// The game's rules failed or a position is malformed.
    #[error(transparent)]
    Game(#[from] GameError),
    /// More positions than the solver may hold.
    #[error("{what}: more than {limit} positions; too large for this solver")]
    TooLarge {
        /// What was being built.
        what: String,
        /// The limit that was hit.
        limit: u64,
    },
    /// The work would go past a limit of its budget (the table's memory,
    /// [`crate::DenseOptions::max_memory`]): which one, how far, and the flag.
    #[error(transparent)]
    OverBudget(#[from] grundy_budget::OverBudget),
    /// A remoteness does not fit the one byte a table stores per position.
    #[error("remoteness {0} does not fit in one byte (at most 254); build the table without remoteness")]
    RemotenessOverflow(u64),
    /// Reading or writing a table file failed.
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// What failed.
        message: String,
    },
    /// A table file is not a valid table for this question (wrong game, version, checksum).
    #[error("{path}: {message}")]
    BadTable {
        /// The file.
        path: String,
        /// Why it is refused, in one line.
        message: String,
    },
}

impl RetroError {
    pub(crate) fn io(path: &std::path::Path, e: impl std::fmt::Display) -> Self {
        RetroError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        }
    }
    pub(crate) fn bad_table(path: &std::path::Path, message: impl Into<String>) -> Self {
        RetroError::BadTable {
            path: path.display().to_string(),
            message: message.into(),
        }
    }
}

impl From<RetroError> for GameError {
    fn from(e: RetroError) -> GameError {
        match e {
            RetroError::Game(g) => g,
            RetroError::OverBudget(b) => GameError::OverBudget(b),
            other => GameError::Unsupported(other.to_string()),
        }
    }
}
