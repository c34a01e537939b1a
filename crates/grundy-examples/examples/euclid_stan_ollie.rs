//! Euclid's game, "Stan wins / Ollie wins": a count C, then C lines `m n`; Stan moves first.
//!
//! `cargo run --release -p grundy-examples --example euclid_stan_ollie < input`. Numbers up to 2^63 - 1.

mod support;

use grundy::games::Euclid;
use grundy::Outcome;
use support::{fail, Input};

fn main() {
    let mut input = Input::stdin();
    let count: usize = input.next("the number of games");
    let mut out = String::new();
    for _ in 0..count {
        let line = input.line();
        let m: u64 = input.next("a positive integer m");
        let n: u64 = input.next("a positive integer n");
        if m == 0 || n == 0 {
            fail(line, "both numbers must be positive");
        }
        if m > i64::MAX as u64 || n > i64::MAX as u64 {
            fail(line, "numbers must be at most 2^63 - 1");
        }
        out.push_str(match Euclid::evaluate((m, n)).outcome {
            Outcome::Win => "Stan wins\n",
            _ => "Ollie wins\n",
        });
    }
    print!("{out}");
}
