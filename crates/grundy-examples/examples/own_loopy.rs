//! Your own loopy partizan game in Rust: implement `Game`, then solve by retrograde
//! analysis of every position reachable from the start (draws included).
//!
//! A token on a ring of 7 cells. Left moves it 1 or 2 cells clockwise, Right 1 or 3
//! counter-clockwise; whoever moves it onto cell 0 wins. Play can go round for ever.
//! Run with `cargo run --release -p grundy-examples --example own_loopy`.
use grundy::solve::reachable;
use grundy::{Game, GameError, Outcome};

struct Ring;

impl Game for Ring {
    type Position = (u8, bool); // (cell, Left to move), a plain tuple
    fn options(&self, &(cell, left): &(u8, bool), out: &mut Vec<(u8, bool)>) -> Result<(), GameError> {
        let steps: &[u8] = if left { &[1, 2] } else { &[6, 4] }; // -1, -3 mod 7
        out.extend(steps.iter().map(|s| ((cell + s) % 7, !left)));
        Ok(())
    }
    fn terminal(&self, &(cell, _): &(u8, bool)) -> Result<Option<Outcome>, GameError> {
        // The player who just moved onto 0 won: the player to move has lost.
        Ok((cell == 0).then_some(Outcome::Lose))
    }
}

fn main() -> Result<(), GameError> {
    let solved = reachable(&Ring, &(3, true), 1_000)?;
    for cell in 1..7u8 {
        for left in [true, false] {
            let who = if left { "Left" } else { "Right" };
            match solved.evaluation(&(cell, left)) {
                Some(e) if e.outcome == Outcome::Draw => println!("cell {cell}, {who} to move: draw"),
                Some(e) => println!(
                    "cell {cell}, {who} to move: {:?} in {}",
                    e.outcome,
                    e.remoteness.expect("only draws never end")
                ),
                None => {}
            }
        }
    }
    // The same game behind the seam the command line uses: every analysis.
    let game = grundy::dynamic::from_game("ring", Ring);
    let p = game.parse_position("5,1")?; // cell 5, Left to move
    println!(
        "{:?}",
        game.analyze(&p, grundy::Play::Normal, &grundy::Budget::default())?
    );
    Ok(())
}
