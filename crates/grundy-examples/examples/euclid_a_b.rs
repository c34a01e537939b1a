//! Euclid's game, "A wins / B wins": lines `a b` until `0 0`; A moves first.
//!
//! `cargo run --release -p grundy-examples --example euclid_a_b < input`. Numbers up to 2^63 - 1.

mod support;

use grundy::games::Euclid;
use grundy::Outcome;
use support::{fail, Input};

fn main() {
    let mut input = Input::stdin();
    let mut out = String::new();
    loop {
        if input.is_empty() {
            break; // a missing `0 0` line is forgiven: the input simply ends
        }
        let line = input.line();
        let a: u64 = input.next("a non-negative integer a");
        let b: u64 = input.next("a non-negative integer b");
        if a == 0 && b == 0 {
            break;
        }
        if a > i64::MAX as u64 || b > i64::MAX as u64 {
            fail(line, "numbers must be at most 2^63 - 1");
        }
        let winner = match Euclid::evaluate((a, b)).outcome {
            Outcome::Win => "A wins",
            _ => "B wins",
        };
        out.push_str(winner);
        out.push('\n');
    }
    print!("{out}");
}
