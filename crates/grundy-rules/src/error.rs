//! Errors of rule files: each is one line and names the file, and where it can the
//! line (and column) and the key or function at fault.

use grundy::GameError;
use thiserror::Error;

/// Everything that can go wrong when loading a game file or a rule script.
///
/// Every message is a single line (newlines from Luau or TOML are folded), so the
/// command line can print it after `error: ` as is.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RulesError {
    /// The file could not be read.
    #[error("{file}: {message}")]
    Io {
        /// The path as given.
        file: String,
        /// The operating system's reason.
        message: String,
    },
    /// A TOML game file is malformed or describes an impossible game.
    #[error("{file}:{line}:{column}: {message}")]
    Toml {
        /// The path as given.
        file: String,
        /// 1-based line of the fault.
        line: usize,
        /// 1-based column (in characters) of the fault.
        column: usize,
        /// What is wrong, naming the key.
        message: String,
    },
    /// A Luau script failed to compile, to run its top level, or defines the game wrongly.
    #[error("{file}:{}{message}", line.map(|l| format!("{l}: ")).unwrap_or_else(|| " ".into()))]
    Script {
        /// The path as given.
        file: String,
        /// 1-based line, when known.
        line: Option<usize>,
        /// What is wrong.
        message: String,
    },
    /// A sandbox limit given in the environment is malformed.
    #[error("{0}")]
    Limits(String),
    /// The game itself rejected its parameters.
    #[error(transparent)]
    Game(#[from] GameError),
}

/// Fold a message onto one line: line breaks become `; `, runs of blanks one space,
/// other control characters are escaped (a script's error text must not drive the
/// terminal either).
pub(crate) fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.lines().map(str::trim).filter(|l| !l.is_empty()).enumerate() {
        if i > 0 {
            out.push_str("; ");
        }
        out.push_str(line);
    }
    escape_controls(&out)
}

/// Text from a game file or script (a name, a `show` result) made safe to print:
/// control characters (newlines, terminal escapes) are written as `\n`, `\u{1b}`, so
/// a file cannot add lines to the output or drive the terminal.
pub fn escape_controls(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}
