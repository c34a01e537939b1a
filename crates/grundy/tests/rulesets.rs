//! Snort, Col, Konane and Amazons against what is known and against play.
//!
//! - Known values (`tests/data/partizan/{snort,col,konane,amazons}.txt`): by hand,
//!   and random positions valued by cgt-tools, a second engine (the files say
//!   how); each checked against the canonical value and by play alone (see
//!   `partizan_games::known`).
//! - Random boards (proptest) through the catalogue: who wins with either side
//!   first, by the seam's search of play, is the outcome class of the canonical
//!   value, and both are plain minimax's.
//! - Components and symmetry keys change no value; every move has a name that
//!   reads back as that move.

use grundy::dynamic::{Codec, DynPosition, MoveWord};
use grundy::games::{Amazons, AmazonsBoard, Konane, KonaneBoard, Placement, PlacementBoard};
use grundy::partizan::{OutcomeClass, Partizan, Side, Universe};
use grundy::{Budget, Outcome, Play};
use proptest::prelude::*;

use crate::partizan_games::{class_by_search, known, splits_agree, values_through_the_catalogue};

#[test]
fn snort_known_values() {
    known(
        &Placement::snort(),
        "snort.txt",
        include_str!("data/partizan/snort.txt"),
    );
}

#[test]
fn col_known_values() {
    known(
        &Placement::col(),
        "col.txt",
        include_str!("data/partizan/col.txt"),
    );
}

#[test]
fn konane_known_values() {
    known(&Konane, "konane.txt", include_str!("data/partizan/konane.txt"));
}

#[test]
fn amazons_known_values() {
    known(&Amazons, "amazons.txt", include_str!("data/partizan/amazons.txt"));
}

/// Boards of `rows` × `cols` (at most), each cell one of `cells`, as text.
fn boards(rows: usize, cols: usize, cells: &'static [char]) -> impl Strategy<Value = String> {
    (1..=rows, 1..=cols).prop_flat_map(move |(h, w)| {
        proptest::collection::vec(proptest::sample::select(cells), h * w).prop_map(move |cs| {
            cs.chunks(w)
                .map(|row| row.iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("|")
        })
    })
}

const PLACEMENT_CELLS: &[char] = &['.', '.', '.', '.', 'L', 'R', 'l', 'r', '#'];
const KONANE_CELLS: &[char] = &['x', 'o', '.', 'x', 'o'];
/// Mostly empty, so that groups of stones lie apart.
const SPARSE_KONANE_CELLS: &[char] = &['x', 'o', '.', '.', '.', '.'];
const AMAZONS_CELLS: &[char] = &['L', 'R', '.', '.', '.', 'x'];

fn decode<P: Codec>(text: &str) -> P {
    P::decode(&DynPosition::Text(text.into())).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Who wins `text` with each side first, by the game the catalogue builds: its
/// search of play and its canonical value must agree with each other and with
/// `plain`, minimax over the options alone.
fn solve_agrees_with_value(family: &str, text: &str, plain: OutcomeClass) {
    let game = grundy::dynamic::parse_game(family).unwrap();
    let p = game.parse_position(text).unwrap();
    let partizan = game.partizan().expect("a partizan game");
    let budget = Budget::default();
    let mut u = Universe::new();
    let v = partizan.value(&p, &mut u, &budget).unwrap();
    let wins = |side| {
        partizan
            .analyze_first(&p, side, Play::Normal, &budget)
            .unwrap()
            .outcome
            == Outcome::Win
    };
    let by_play = match (wins(Side::Left), wins(Side::Right)) {
        (true, false) => OutcomeClass::L,
        (false, true) => OutcomeClass::R,
        (true, true) => OutcomeClass::N,
        (false, false) => OutcomeClass::P,
    };
    assert_eq!(by_play, u.outcome(v), "{family} {text} = {}", u.display(v, false));
    assert_eq!(by_play, plain, "{family} {text}");
}

/// Every move of either side is named, and its name reads back as that move alone.
fn names_read_back<G: Partizan>(game: &G, p: &G::Position)
where
    G::Position: Codec,
{
    for side in [Side::Left, Side::Right] {
        let mut options = Vec::new();
        game.options(p, side, &mut options).unwrap();
        for o in &options {
            let name = game
                .name_move(p, o, side)
                .unwrap_or_else(|| panic!("{p:?}: {side}'s move to {o:?} has no name"));
            assert_eq!(
                game.read_move(p, side, &name),
                MoveWord::Moves(vec![o.encode()]),
                "{p:?}: {side} {name}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn snort_and_col_solve_as_their_values_say(text in boards(3, 4, PLACEMENT_CELLS)) {
        for (family, game) in [("snort", Placement::snort()), ("col", Placement::col())] {
            let b: PlacementBoard = decode(&text);
            solve_agrees_with_value(family, &text, class_by_search(&game, &b));
            names_read_back(&game, &b);
        }
    }

    #[test]
    fn konane_solves_as_its_values_say(text in boards(3, 4, KONANE_CELLS)) {
        let b: KonaneBoard = decode(&text);
        solve_agrees_with_value("konane", &text, class_by_search(&Konane, &b));
        names_read_back(&Konane, &b);
    }

    #[test]
    fn amazons_solves_as_its_values_say(text in boards(3, 3, AMAZONS_CELLS)) {
        let b: AmazonsBoard = decode(&text);
        solve_agrees_with_value("amazons", &text, class_by_search(&Amazons, &b));
        names_read_back(&Amazons, &b);
    }

    #[test]
    fn components_and_keys_change_no_value(
        placement in boards(3, 4, PLACEMENT_CELLS),
        konane in boards(3, 8, SPARSE_KONANE_CELLS),
        amazons in boards(3, 3, AMAZONS_CELLS),
    ) {
        splits_agree(&Placement::snort(), [decode::<PlacementBoard>(&placement)]);
        splits_agree(&Placement::col(), [decode::<PlacementBoard>(&placement)]);
        splits_agree(&Konane, [decode::<KonaneBoard>(&konane)]);
        splits_agree(&Amazons, [decode::<AmazonsBoard>(&amazons)]);
    }
}

#[test]
fn the_families_through_the_catalogue() {
    values_through_the_catalogue(&[
        ("snort:rows=1,cols=2", "start", "+-1"),
        ("snort:rows=1", "start", "*"),
        ("col:rows=1,cols=3", "start", "0"),
        ("col", "L..", "-1/2"),
        ("konane", "xo.", "1"),
        ("amazons", "L..", "2"),
    ]);
    let e = grundy::dynamic::parse_game("snort:rows=9,cols=8")
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("72 cells"), "{e}");
    for (game, position, msg) in [
        ("col", "L.|.", "row 2 has 1 cells"),
        ("snort", "LX", "bad cell 'X'"),
        ("konane", "xoL", "bad cell 'L'"),
        ("amazons", "L.o", "bad cell 'o'"),
    ] {
        let g = grundy::dynamic::parse_game(game).unwrap();
        let e = g.parse_position(position).unwrap_err().to_string();
        assert!(e.contains(msg), "{game} {position}: {e}");
    }
}

/// A stone's jumps along a line are listed shortest first, each named by where
/// it stops (and each found by a click there: a longer jump passes the shorter
/// one's landing cell, and leaves it empty as it was).
#[test]
fn konane_lists_a_stones_jumps_along_a_line_shortest_first() {
    let b: KonaneBoard = decode("xo.o.o.");
    let mut out = Vec::new();
    Konane.options(&b, Side::Left, &mut out).unwrap();
    let names: Vec<String> = out
        .iter()
        .map(|o| Konane.name_move(&b, o, Side::Left).unwrap())
        .collect();
    assert_eq!(names, ["a1-c1", "a1-e1", "a1-g1"]);
}
