//! The partizan seam: a game defined by `Partizan` alone gets values, outcomes for
//! either side first, winning moves and the played view; all checked against a
//! plain minimax written here.

use grundy::dynamic::{Codec, DynPosition};
use grundy::partizan::{from_partizan, OutcomeClass, Partizan, Side, Universe};
use grundy::{GameError, Outcome, Play};

/// A partizan subtraction game on several heaps: Left takes 1 or 2 from one heap,
/// Right takes 2 or 3. Heaps are independent components.
struct Takes;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Heaps(Vec<i64>);

impl Codec for Heaps {
    fn encode(&self) -> DynPosition {
        DynPosition::Ints(self.0.clone())
    }
    fn decode(p: &DynPosition) -> Result<Self, String> {
        match p.ints() {
            Some(v) if v.iter().all(|&h| (0..=40).contains(&h)) => Ok(Heaps(v.to_vec())),
            _ => Err("heaps are numbers 0 to 40".into()),
        }
    }
}

fn takes(side: Side) -> &'static [i64] {
    match side {
        Side::Left => &[1, 2],
        Side::Right => &[2, 3],
    }
}

impl Partizan for Takes {
    type Position = Heaps;
    fn options(&self, p: &Heaps, side: Side, out: &mut Vec<Heaps>) -> Result<(), GameError> {
        for (i, &h) in p.0.iter().enumerate() {
            for &k in takes(side) {
                if k <= h {
                    let mut q = p.0.clone();
                    q[i] -= k;
                    out.push(Heaps(q));
                }
            }
        }
        Ok(())
    }
    fn components(&self, p: &Heaps, out: &mut Vec<Heaps>) {
        out.extend(p.0.iter().filter(|&&h| h > 0).map(|&h| Heaps(vec![h])));
    }
}

/// Does `side`, moving first, win? Plain minimax, no values.
fn wins(p: &[i64], side: Side) -> bool {
    let mut out = Vec::new();
    Takes.options(&Heaps(p.to_vec()), side, &mut out).unwrap();
    out.iter().any(|q| !wins(&q.0, side.other()))
}

fn positions() -> Vec<Vec<i64>> {
    let mut all = Vec::new();
    for a in 0..7 {
        for b in 0..=a {
            all.push(vec![a, b]);
            for c in 0..=b.min(3) {
                all.push(vec![a, b, c]);
            }
        }
    }
    all
}

#[test]
fn analysis_for_either_side_matches_minimax() {
    let game = from_partizan("takes", Takes);
    let partizan = game.partizan().expect("a partizan game");
    for p in positions() {
        let dp = DynPosition::Ints(p.clone());
        for side in [Side::Left, Side::Right] {
            let a = partizan
                .analyze_first(&dp, side, Play::Normal, &grundy::Budget::default())
                .unwrap();
            let expected = if wins(&p, side) {
                Outcome::Win
            } else {
                Outcome::Lose
            };
            assert_eq!(a.outcome, expected, "{p:?} with {side:?} first");
            // Every listed winning move is one of the side's options that the
            // opponent, moving next, loses.
            for m in &a.winning_moves {
                assert!(!wins(m.ints().unwrap(), side.other()), "{p:?}: {m} does not win");
            }
            let moves = partizan
                .moves_first(&dp, side, Play::Normal, &grundy::Budget::default())
                .unwrap();
            let winners = moves.iter().filter(|m| m.outcome == Outcome::Lose).count();
            assert_eq!(winners, a.winning_moves.len(), "{p:?}");
        }
    }
}

#[test]
fn values_agree_with_minimax_and_add_over_heaps() {
    let game = from_partizan("takes", Takes);
    let partizan = game.partizan().unwrap();
    let mut u = Universe::new();
    for p in positions() {
        let g = partizan
            .value(&DynPosition::Ints(p.clone()), &mut u, &grundy::Budget::default())
            .unwrap();
        let class = match (wins(&p, Side::Left), wins(&p, Side::Right)) {
            (true, true) => OutcomeClass::N,
            (true, false) => OutcomeClass::L,
            (false, true) => OutcomeClass::R,
            (false, false) => OutcomeClass::P,
        };
        assert_eq!(u.outcome(g), class, "{p:?} = {}", u.display(g, false));
        // The value of a sum is the sum of its heaps' values.
        let mut sum = u.zero();
        for &h in &p {
            let v = partizan
                .value(&DynPosition::Ints(vec![h]), &mut u, &grundy::Budget::default())
                .unwrap();
            sum = u.add(sum, v);
        }
        assert_eq!(sum, g, "{p:?}");
    }
}

#[test]
fn the_played_view_alternates_sides() {
    let game = from_partizan("takes", Takes);
    let partizan = game.partizan().unwrap();
    let played = partizan.played();
    let p = partizan
        .with_side(&DynPosition::Ints(vec![3]), Side::Left)
        .unwrap();
    // Left takes 1 or 2, leaving 2 or 1 with Right to move.
    let options: Vec<String> = played
        .options(&p, &grundy::Budget::default())
        .unwrap()
        .iter()
        .map(|o| o.to_string())
        .collect();
    assert_eq!(options, ["R:2", "R:1"]);
    let after = played
        .options(&DynPosition::Text("R:3".into()), &grundy::Budget::default())
        .unwrap();
    let after: Vec<String> = after.iter().map(|o| o.to_string()).collect();
    assert_eq!(after, ["L:1", "L:0"]);
    assert!(!game.is_impartial() && game.heap_values(0, 3, &grundy::Budget::default()).is_err());
}

/// An impartial game seen as partizan: both players have its options.
struct BothSides<'a>(&'a dyn grundy::dynamic::DynGame);

impl Partizan for BothSides<'_> {
    type Position = DynPosition;
    fn options(&self, p: &DynPosition, _side: Side, out: &mut Vec<DynPosition>) -> Result<(), GameError> {
        out.extend(self.0.options(p, &grundy::Budget::default())?);
        Ok(())
    }
}

/// Impartial games are the special case: the canonical value of a position, found
/// from the options alone by the partizan machinery, is `*n` for its nim-value n,
/// for every impartial family of the catalogue (on its example and every option of it).
#[test]
fn impartial_values_are_nimbers_for_every_impartial_family() {
    let mut checked = Vec::new();
    for family in grundy::games::FAMILIES {
        let Some((text, position)) = family.example else {
            continue;
        };
        let game = grundy::dynamic::parse_game(text).unwrap();
        if !game.is_impartial() {
            continue;
        }
        let p = game.parse_position(position).unwrap();
        let mut cache = grundy::partizan::ValueCache::new(2_000_000);
        let mut positions = vec![p.clone()];
        positions.extend(game.options(&p, &grundy::Budget::default()).unwrap());
        for q in &positions {
            let g = grundy::partizan::canonical_value(&BothSides(game.as_ref()), q, &mut cache).unwrap();
            let n = game
                .analyze(q, Play::Normal, &grundy::Budget::default())
                .unwrap()
                .nimber
                .unwrap();
            let star = cache.universe.nimber(n);
            assert_eq!(
                g,
                star,
                "{text} {q}: value {} but nim-value {n}",
                cache.universe.display(g, false)
            );
        }
        checked.push(family.name);
    }
    // Every impartial heap family and the pair games are among them.
    for name in [
        "nim",
        "subtraction",
        "kayles",
        "dawson",
        "grundy",
        "octal",
        "hex",
        "euclid",
        "wythoff",
    ] {
        assert!(checked.contains(&name), "{name} was not checked: {checked:?}");
    }
}
