//! Your own impartial game in Rust: implement the model traits, then solve.
//!
//! Square subtraction: take a positive square number of tokens from one heap; taking
//! the last token wins. Run with `cargo run --release -p grundy-examples --example own_impartial`.
use grundy::solve::{NimValues, Search};
use grundy::{Game, GameError, Impartial};

struct Squares;

impl Game for Squares {
    type Position = Vec<u64>; // heaps
    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> Result<(), GameError> {
        for (i, &h) in heaps.iter().enumerate() {
            for s in (1..).map(|k: u64| k * k).take_while(|&s| s <= h) {
                let mut next = heaps.clone();
                next[i] = h - s;
                out.push(next);
            }
        }
        Ok(())
    }
}

impl Impartial for Squares {
    fn components(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.extend(heaps.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }
}

fn main() -> Result<(), GameError> {
    let mut search = Search::new(&Squares);
    for heap in [20, 21] {
        let e = search.evaluate(&vec![heap])?;
        let moves = search.winning_moves(&vec![heap])?;
        println!(
            "heap {heap}: {:?} in {} moves; winning moves {moves:?}",
            e.outcome,
            e.remoteness.expect("an acyclic game ends")
        );
    }
    let g = NimValues::new(&Squares).nim_value(&vec![20, 7, 11])?;
    println!("nim-value of 20 + 7 + 11: {g}");
    Ok(())
}
