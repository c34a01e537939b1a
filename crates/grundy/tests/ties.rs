//! Ties and draws: a tie (a draw the rules end) has a remoteness, the moves to
//! the nearest tie by the Gamesman convention; a draw by repetition has none.
//! Every solver agrees, and agrees with a brute-force definition.

use grundy::solve::{fixpoint, reachable, retrograde, retrograde_parallel, Evaluation, Indexed, Search};
use grundy::{Game, GameError, Outcome, Play};

/// A small graph game: each node's options, and the nodes where the game ends by
/// the rules in a draw. A node without options and without a rule is lost.
struct Graph {
    options: Vec<Vec<u64>>,
    ties: Vec<u64>,
}

impl Indexed for Graph {
    fn size(&self) -> u64 {
        self.options.len() as u64
    }
    fn terminal(&self, i: u64) -> Option<Outcome> {
        self.ties.contains(&i).then_some(Outcome::Draw)
    }
    fn options(&self, i: u64, out: &mut Vec<u64>) {
        out.extend(&self.options[i as usize]);
    }
}

impl Game for Graph {
    type Position = u64;
    fn options(&self, &i: &u64, out: &mut Vec<u64>) -> Result<(), GameError> {
        out.extend(&self.options[i as usize]);
        Ok(())
    }
    fn terminal(&self, &i: &u64) -> Result<Option<Outcome>, GameError> {
        Ok(self.ties.contains(&i).then_some(Outcome::Draw))
    }
}

/// Positions:
/// 0: terminal tie.                         tie, 0
/// 1 -> 0                                   tie, 1
/// 2 -> 1, 3 (3 is lost: 2 wins)            win, 1
/// 3: no move                               lose, 0
/// 4 -> 1, 5 (5 a win for the opponent)      tie, 2
/// 5 -> 3                                   win, 1
/// 6 <-> 7, a ring with no way out but wins   draw by repetition
/// 8 -> 6, 1                                tie, 2 (the nearest tie, not the ring)
/// 9 -> 6, 5                                draw by repetition (5 would lose)
/// 10 -> 0, 11; 11 -> 1                      tie, 1 (the nearest of 1 and 3 moves)
fn graph() -> Graph {
    let options = vec![
        vec![],
        vec![0],
        vec![1, 3],
        vec![],
        vec![1, 5],
        vec![3],
        vec![7, 5],
        vec![6, 5],
        vec![6, 1],
        vec![6, 5],
        vec![0, 11],
        vec![1],
    ];
    Graph {
        options,
        ties: vec![0],
    }
}

fn expected() -> Vec<(Outcome, Option<u64>)> {
    use Outcome::*;
    vec![
        (Draw, Some(0)),
        (Draw, Some(1)),
        (Win, Some(1)),
        (Lose, Some(0)),
        (Draw, Some(2)),
        (Win, Some(1)),
        (Draw, None),
        (Draw, None),
        (Draw, Some(2)),
        (Draw, None),
        (Draw, Some(1)),
        (Draw, Some(2)),
    ]
}

#[test]
fn every_retrograde_solver_gives_ties_a_remoteness_and_repetition_none() {
    let g = graph();
    let want = expected();
    for (name, s) in [
        ("retrograde", retrograde(&g).unwrap()),
        ("parallel", retrograde_parallel(&g).unwrap()),
        ("fixpoint", fixpoint(&g)),
    ] {
        for (i, &(outcome, remoteness)) in want.iter().enumerate() {
            let e = s.evaluation(i as u64).unwrap();
            assert_eq!(
                (e.outcome, e.remoteness),
                (outcome, remoteness),
                "{name}: node {i}"
            );
        }
    }
    let found = reachable(&g, &8, 100).unwrap();
    assert_eq!(found.evaluation(&8).unwrap().remoteness, Some(2));
    assert_eq!(found.evaluation(&6).unwrap().remoteness, None);
}

/// An acyclic game with ties: the search, the retrograde analysis and a brute
/// force of the definition agree on every position.
struct Race;

/// (a, b): the player to move has `a` tokens, the other `b`; a move spends 1 or 2
/// of one's own tokens and passes the turn. Spending the last token wins (the
/// opponent is left lost); when both have exactly 1 left the game ends in a tie.
impl Game for Race {
    type Position = (u8, u8);
    fn options(&self, &(a, b): &(u8, u8), out: &mut Vec<(u8, u8)>) -> Result<(), GameError> {
        for k in 1..=2u8.min(a) {
            out.push((b, a - k));
        }
        Ok(())
    }
    fn terminal(&self, &(a, b): &(u8, u8)) -> Result<Option<Outcome>, GameError> {
        Ok(match (a, b) {
            (1, 1) => Some(Outcome::Draw),
            (_, 0) => Some(Outcome::Lose),
            _ => None,
        })
    }
}

/// The definition, by plain recursion: win fastest, tie soonest, lose slowest.
fn brute(p: (u8, u8)) -> (Outcome, u64) {
    if let Some(o) = Race.terminal(&p).unwrap() {
        return (o, 0);
    }
    let mut options = Vec::new();
    Race.options(&p, &mut options).unwrap();
    let values: Vec<(Outcome, u64)> = options.into_iter().map(brute).collect();
    let pick = |o: Outcome| values.iter().filter(move |v| v.0 == o).map(|v| v.1);
    if let Some(r) = pick(Outcome::Lose).min() {
        (Outcome::Win, r + 1)
    } else if let Some(r) = pick(Outcome::Draw).min() {
        (Outcome::Draw, r + 1)
    } else {
        (Outcome::Lose, pick(Outcome::Win).max().map_or(0, |r| r + 1))
    }
}

#[test]
fn the_search_agrees_with_the_definition_of_tie_remoteness() {
    let mut search = Search::new(Race);
    let mut ties = 0;
    for a in 0..=9u8 {
        for b in 0..=9u8 {
            let (outcome, r) = brute((a, b));
            let e = search.evaluate(&(a, b)).unwrap();
            assert_eq!(
                e,
                Evaluation {
                    outcome,
                    remoteness: Some(r)
                },
                "({a}, {b})"
            );
            let found = reachable(&Race, &(a, b), 1000).unwrap();
            assert_eq!(found.evaluation(&(a, b)), Some(e), "retrograde ({a}, {b})");
            ties += usize::from(outcome == Outcome::Draw && r > 0);
        }
    }
    assert!(ties > 0, "the test game has ties before its end");
}

#[test]
fn from_options_treats_no_end_as_larger_than_any_number() {
    let tie = |r| Evaluation {
        outcome: Outcome::Draw,
        remoteness: r,
    };
    let e = Evaluation::from_options([tie(None), tie(Some(4))], Play::Normal);
    assert_eq!(e, tie(Some(5)));
    let e = Evaluation::from_options([tie(None)], Play::Normal);
    assert_eq!(e, tie(None));
}
