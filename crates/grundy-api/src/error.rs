//! One error type for every analysis, by kind of failure, so a front end can map
//! it: the CLI to one line and exit status 2, Python to an exception class, the web
//! page to a status code.

use grundy::GameError;
use grundy_budget::OverBudget;

/// What went wrong. Every message is one line.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input is wrong: an unknown game, a malformed parameter, position,
    /// expression or option, a game file that does not load.
    #[error("{0}")]
    Input(String),
    /// The run's budget ran out: which limit, how far it got, the flag that raises it.
    #[error(transparent)]
    OverBudget(OverBudget),
    /// The question has no answer for this game (a nim-value of a partizan game, a
    /// period of a game without a nim-sequence, a value past exact arithmetic).
    #[error("{0}")]
    Unsupported(String),
    /// The game's own rules failed while they were asked (a script's error).
    #[error("{0}")]
    Rule(String),
}

impl Error {
    /// The budget's error, when the budget ran out.
    pub fn over_budget(&self) -> Option<&OverBudget> {
        match self {
            Error::OverBudget(o) => Some(o),
            _ => None,
        }
    }
}

impl From<GameError> for Error {
    fn from(e: GameError) -> Error {
        match e {
            GameError::OverBudget(o) => Error::OverBudget(o),
            GameError::Rule(m) => Error::Rule(m),
            GameError::Unsupported(_) | GameError::Loopy(_) => Error::Unsupported(e.to_string()),
            GameError::UnknownGame { .. }
            | GameError::BadParameter { .. }
            | GameError::BadPosition { .. } => Error::Input(e.to_string()),
        }
    }
}

impl From<OverBudget> for Error {
    fn from(e: OverBudget) -> Error {
        Error::OverBudget(e)
    }
}

impl From<grundy_rules::RulesError> for Error {
    fn from(e: grundy_rules::RulesError) -> Error {
        match e {
            grundy_rules::RulesError::Game(g) => g.into(),
            other => Error::Input(other.to_string()),
        }
    }
}

impl From<grundy_octal::QuotientError> for Error {
    fn from(e: grundy_octal::QuotientError) -> Error {
        match e {
            grundy_octal::QuotientError::OverBudget(o) => Error::OverBudget(o),
            grundy_octal::QuotientError::HeapRange(_) => Error::Input(e.to_string()),
            other => Error::Unsupported(other.to_string()),
        }
    }
}

impl From<grundy_octal::SequenceError> for Error {
    fn from(e: grundy_octal::SequenceError) -> Error {
        Error::Unsupported(e.to_string())
    }
}

/// A nim-value file that cannot be written or resumed: the message and its causes,
/// on one line (`cannot write FILE.part: No space left on device`).
impl From<grundy_files::bfile::BfileError> for Error {
    fn from(e: grundy_files::bfile::BfileError) -> Error {
        let mut message = e.to_string();
        let mut cause = std::error::Error::source(&e);
        while let Some(c) = cause {
            message += &format!(": {c}");
            cause = c.source();
        }
        Error::Input(message)
    }
}
