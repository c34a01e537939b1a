//! Loopy games in the core: the memoized search refuses them and names the
//! repeated position; `Builtin` falls back to retrograde analysis of the reachable
//! positions; the generic enumeration agrees with brute force.

use grundy::dynamic::{Analyze, Builtin, DynGame, DynPosition};
use grundy::solve::{fixpoint, reachable, Indexed, Search};
use grundy::{Game, GameError, Impartial, Outcome, Play};

/// A token on a ring of `n` cells: a move steps it one cell on (round the ring), or,
/// from cell 0 only, takes it off the board (`-1`), which ends the game.
struct Ring(i64);

impl Game for Ring {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> Result<(), GameError> {
        match p[..] {
            [c] if (c as i64) < self.0 => {
                out.push(vec![(c + 1) % self.0 as u64]);
                if c == 0 {
                    out.push(vec![self.0 as u64]); // off the board
                }
            }
            _ => {}
        }
        Ok(())
    }
}

impl Impartial for Ring {}

impl Analyze for Ring {
    fn name(&self) -> String {
        format!("ring:{}", self.0)
    }
    fn impartial(&self) -> bool {
        true
    }
    fn nim_value(&self, p: &Vec<u64>, limit: usize) -> Option<Result<u64, GameError>> {
        Some(grundy::dynamic::searched_nim_value(self, p, limit))
    }
}

/// A ring of 3 where the token may also stay put at cell 2: draws appear.
struct Lazy;

impl Game for Lazy {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> Result<(), GameError> {
        Ring(3).options(p, out)?;
        if p[..] == [2] {
            out.push(vec![2]);
        }
        Ok(())
    }
}

impl Analyze for Lazy {
    fn name(&self) -> String {
        "lazy".into()
    }
    fn impartial(&self) -> bool {
        false
    }
    fn nim_value(&self, _: &Vec<u64>, _: usize) -> Option<Result<u64, GameError>> {
        None
    }
}

#[test]
fn the_search_names_the_repeated_position() {
    let mut s = Search::new(Ring(4));
    let err = s.evaluate(&vec![2]).unwrap_err();
    assert!(matches!(err, GameError::Loopy(_)), "{err}");
    assert!(s.repeated().is_some());
}

#[test]
fn builtin_solves_loopy_games_by_retrograde_analysis() {
    // Ring of 4: from cell c the token reaches 0 after (4 - c) % 4 steps, then leaves.
    let game = Builtin::new(Ring(4));
    for c in 0..4i64 {
        let p = DynPosition::Ints(vec![c]);
        let a = game
            .analyze(&p, Play::Normal, &grundy::Budget::default())
            .unwrap();
        // Moves until the game ends: (4 - c) % 4 steps to 0, then one more.
        let moves = ((4 - c) % 4 + 1) as u64;
        let expect = if moves % 2 == 1 {
            Outcome::Win
        } else {
            Outcome::Lose
        };
        assert_eq!((a.outcome, a.remoteness), (expect, Some(moves)), "cell {c}");
        assert_eq!(a.nimber, None, "loopy: no nim-value");
        assert_eq!(
            game.outcome(&p, Play::Normal, &grundy::Budget::default())
                .unwrap(),
            expect
        );
        assert_eq!(
            game.moves(&p, Play::Normal, &grundy::Budget::default())
                .unwrap()
                .len(),
            if c == 0 { 2 } else { 1 }
        );
    }
    // Misère: taking the token off loses, so nobody does: round and round, a draw.
    let a = game
        .analyze(
            &DynPosition::Ints(vec![0]),
            Play::Misere,
            &grundy::Budget::default(),
        )
        .unwrap();
    assert_eq!(
        (a.outcome, a.remoteness),
        (Outcome::Draw, None),
        "a draw by repetition"
    );
    assert_eq!(a.remoteness_note, Some(grundy::dynamic::NoRemoteness::NoEnd));
    // Cell 0: take the token off (winning at once), or step to 1 (lost, in 4).
    let a = game
        .analyze(
            &DynPosition::Ints(vec![0]),
            Play::Normal,
            &grundy::Budget::default(),
        )
        .unwrap();
    assert_eq!(
        a.winning_moves,
        vec![DynPosition::Ints(vec![1]), DynPosition::Ints(vec![4])]
    );
    // Ring of 3: cell 1 is won (1, 2, 0, off), so 0 has one winning move.
    let a = Builtin::new(Ring(3))
        .analyze(
            &DynPosition::Ints(vec![0]),
            Play::Normal,
            &grundy::Budget::default(),
        )
        .unwrap();
    assert_eq!(a.winning_moves, vec![DynPosition::Ints(vec![3])]);
}

#[test]
fn draws_through_the_seam() {
    let game = Builtin::new(Lazy);
    // At 2 the mover may stay for ever rather than step to 0 (where the opponent
    // takes the token off and wins); from 1 the only move is to 2.
    for (c, o) in [
        (0, Outcome::Win),
        (1, Outcome::Draw),
        (2, Outcome::Draw),
        (3, Outcome::Lose),
    ] {
        let a = game
            .analyze(
                &DynPosition::Ints(vec![c]),
                Play::Normal,
                &grundy::Budget::default(),
            )
            .unwrap();
        assert_eq!(a.outcome, o, "cell {c}");
    }
}

/// The reachable graph of `Ring(n)` from 0, as an `Indexed` game for `fixpoint`.
struct Numbered(u64);

impl Indexed for Numbered {
    fn size(&self) -> u64 {
        self.0 + 1
    }
    fn terminal(&self, _: u64) -> Option<Outcome> {
        None
    }
    fn options(&self, i: u64, out: &mut Vec<u64>) {
        let mut o = Vec::new();
        Ring(self.0 as i64).options(&vec![i], &mut o).unwrap();
        out.extend(o.into_iter().map(|v| v[0]));
    }
}

#[test]
fn generic_enumeration_agrees_with_the_fixpoint() {
    for n in 1..12u64 {
        let found = reachable(&Ring(n as i64), &vec![0], 1000).unwrap();
        assert_eq!(found.len() as u64, n + 1);
        let f = fixpoint(&Numbered(n));
        for (i, p) in found.positions().iter().enumerate() {
            assert_eq!(found.index(p), Some(i as u64));
            assert_eq!(found.evaluation(p), f.evaluation(p[0]), "n {n} cell {}", p[0]);
        }
    }
    let err = reachable(&Ring(100), &vec![0], 10).err().unwrap();
    assert!(
        matches!(&err, GameError::OverBudget(b) if b.limit == grundy::Limit::Positions && b.allowed == 10),
        "{err}"
    );
}

#[test]
fn the_loopy_error_shows_the_position_in_position_syntax() {
    let err = grundy::dynamic::searched_nim_value(&Ring(4), &vec![2], 100).unwrap_err();
    assert_eq!(
        err.to_string(),
        "position 2 repeats along a line of play: the game is loopy and needs the retrograde solver"
    );
}
