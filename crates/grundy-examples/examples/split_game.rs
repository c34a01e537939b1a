//! The split game: N, then N pile sizes. A move splits a pile of P into P / K piles of
//! K plus one pile of P % K. `First` if the first player wins, else `Second`.
//!
//! `cargo run --release -p grundy-examples --example split_game < input`. Piles up to 100,000 (the
//! nim-value table is quadratic in the largest pile).

mod support;

use grundy::games::Split;
use support::{fail, Input};

const MAX_PILE: u64 = 100_000;

fn main() {
    let mut input = Input::stdin();
    let n: usize = input.next("the number of piles N");
    let mut piles = Vec::with_capacity(n.min(1 << 20));
    for _ in 0..n {
        let line = input.line();
        let p: u64 = input.next("a pile size");
        if p == 0 || p > MAX_PILE {
            fail(line, &format!("pile size {p} is out of range (1 to {MAX_PILE})"));
        }
        piles.push(p);
    }
    let max = piles.iter().copied().max().unwrap_or(0);
    let values = Split::new()
        .values_range(0, max)
        .unwrap_or_else(|e| fail(0, &e.to_string()));
    let nim_sum = piles.iter().fold(0, |x, &p| x ^ values[p as usize]);
    println!("{}", if nim_sum != 0 { "First" } else { "Second" });
}
