//! Reading the classic problems' input: whitespace-separated integers, each error
#![allow(dead_code)] // each example uses part of it
//! naming the line, exit status 2.

use std::io::Read;
use std::process::exit;
use std::str::FromStr;

/// The tokens of standard input, each with its line number.
pub struct Input {
    tokens: Vec<(usize, String)>,
    next: usize,
}

impl Input {
    /// Read all of standard input.
    pub fn stdin() -> Input {
        let mut text = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut text) {
            fail(0, &format!("cannot read standard input: {e}"));
        }
        let tokens = text
            .lines()
            .enumerate()
            .flat_map(|(i, line)| line.split_whitespace().map(move |t| (i + 1, t.to_string())))
            .collect();
        Input { tokens, next: 0 }
    }

    /// True when every token was read.
    pub fn is_empty(&self) -> bool {
        self.next >= self.tokens.len()
    }

    /// The line of the next token (or of the last one, at the end).
    pub fn line(&self) -> usize {
        self.tokens
            .get(self.next)
            .or(self.tokens.last())
            .map_or(1, |t| t.0)
    }

    /// The next token as a `T`, or exit with an error naming the line and `what`.
    pub fn next<T: FromStr>(&mut self, what: &str) -> T {
        let Some((line, token)) = self.tokens.get(self.next) else {
            fail(
                self.line(),
                &format!("expected {what}, found the end of the input"),
            );
        };
        self.next += 1;
        token
            .parse()
            .unwrap_or_else(|_| fail(*line, &format!("expected {what}, found '{token}'")))
    }
}

/// Print `line N: message` on standard error and exit with status 2.
pub fn fail(line: usize, message: &str) -> ! {
    if line == 0 {
        eprintln!("error: {message}");
    } else {
        eprintln!("error: line {line}: {message}");
    }
    exit(2)
}
