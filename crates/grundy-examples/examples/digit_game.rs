//! The digit game: `N M` (N a 4-digit number, M turns). Players alternately add 1 to
//! one digit (9 becomes 0); after M turns the first player wins if the number is
//! greater than N. `koosaga` if the first player wins, else `cubelover`.
//!
//! `cargo run --release -p grundy-examples --example digit_game < input`. Any M: the layer sweep
//! detects when the layers repeat.

mod support;

use grundy::games::{Digits, DigitsPosition};
use grundy::Outcome;
use support::{fail, Input};

fn main() {
    let mut input = Input::stdin();
    let line = input.line();
    let n: u32 = input.next("a 4-digit number N");
    let m: u64 = input.next("the number of turns M");
    if n > 9999 {
        fail(line, &format!("N = {n} has more than 4 digits"));
    }
    let game = Digits::new(m, 4).expect("width 4 is valid");
    let winner = match game.evaluate(&DigitsPosition::start(n)).outcome {
        Outcome::Win => "koosaga",
        _ => "cubelover",
    };
    println!("{winner}");
}
