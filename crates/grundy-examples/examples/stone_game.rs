//! The stone game: take 1, 3 or 4 stones; taking the last stone wins. One integer n;
//! `SK` if the first player wins, else `CY`.
//!
//! `cargo run --release -p grundy-examples --example stone_game < input`. n up to 10^18: the nim-sequence
//! of the subtraction game {1, 3, 4} is proved periodic, so any n is answered at once.

mod support;

use grundy::games::Subtraction;
use support::{fail, Input};

fn main() {
    let mut input = Input::stdin();
    let n: u64 = input.next("the number of stones (a non-negative integer)");
    let game = Subtraction::new(&[1, 3, 4]).expect("a valid set");
    let Ok(Some(period)) = game.proved_period() else {
        fail(0, "no period proved for the subtraction game {1, 3, 4}");
    };
    println!("{}", if period.value_at(n) != Some(0) { "SK" } else { "CY" });
}
