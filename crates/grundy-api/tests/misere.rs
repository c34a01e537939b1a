//! `misere_value` against the literature and against misère play.

use grundy::{Budget, Outcome, Play};
use grundy_api::Error;

fn budget() -> Budget {
    Budget::default()
}

#[test]
fn heap_positions_have_their_simplest_forms() {
    let b = budget();
    let kayles = grundy_api::load_game("kayles", &b).unwrap();
    // K5 = {K4, K3, K1 + K2, K2 + K1, ...} = {*3, *2, *3, *, *2 + *2}: not a nim-heap.
    let r = grundy_api::misere_value(kayles.as_ref(), "5", &b).unwrap();
    assert_eq!((r.canonical.as_str(), r.genus.as_str()), ("*[(32)321]", "4^146"));
    assert_eq!(
        (r.outcome_class, r.misere_nim_value, r.nim_value, r.nim_heap),
        ("N", 1, 4, None)
    );
    // A sum: *2 + *2 is {*3, *2}, a P-position in both plays.
    let nim = grundy_api::load_game("nim", &b).unwrap();
    let r = grundy_api::misere_value(nim.as_ref(), "2,2", &b).unwrap();
    assert_eq!(
        (r.canonical.as_str(), r.genus.as_str(), r.outcome_class),
        ("*[32]", "0^02", "P")
    );
    // * + * = 0: a P-position in normal play, N in misère play.
    let r = grundy_api::misere_value(nim.as_ref(), "1,1", &b).unwrap();
    assert_eq!(
        (r.canonical.as_str(), r.genus.as_str(), r.outcome_class),
        ("*[0]", "0^120", "N")
    );
}

#[test]
fn the_outcome_is_that_of_misere_play() {
    // Wythoff is no heap game: its forms come from walking its game tree.
    let b = budget();
    for text in ["wythoff", "kayles", "dawson", "euclid"] {
        let g = grundy_api::load_game(text, &b).unwrap();
        for position in ["1,2", "2,3", "3,3", "2,5", "4,4", "3,7", "5,6"] {
            let Ok(p) = g.parse_position(position) else {
                continue;
            };
            let r = grundy_api::misere_value(g.as_ref(), position, &b).unwrap();
            let played = match g.outcome(&p, Play::Misere, &b).unwrap() {
                Outcome::Lose => "P",
                _ => "N",
            };
            assert_eq!(r.outcome_class, played, "{text} {position}");
            let normal = g.analyze(&p, Play::Normal, &b).unwrap().nimber;
            assert_eq!(Some(u64::from(r.nim_value)), normal, "{text} {position}");
        }
    }
}

#[test]
fn partizan_games_and_budgets_are_refused_in_one_line() {
    let b = budget();
    let toads = grundy_api::load_game("toads", &b).unwrap();
    let err = grundy_api::misere_value(toads.as_ref(), "TT..FF", &b).unwrap_err();
    assert!(matches!(err, Error::Unsupported(_)), "{err}");
    assert!(err.to_string().contains("not impartial"), "{err}");

    let small = Budget {
        max_work: Some(100),
        ..Budget::default()
    };
    let kayles = grundy_api::load_game("kayles", &b).unwrap();
    let err = grundy_api::misere_value(kayles.as_ref(), "40", &small).unwrap_err();
    assert!(err.over_budget().is_some(), "{err}");
    assert!(
        err.to_string()
            .starts_with("the misère canonical form of kayles 40"),
        "{err}"
    );
    assert!(!err.to_string().contains('\n'));

    let few = Budget {
        max_positions: Some(10),
        ..Budget::default()
    };
    let wythoff = grundy_api::load_game("wythoff", &b).unwrap();
    let err = grundy_api::misere_value(wythoff.as_ref(), "9,9", &few).unwrap_err();
    assert!(err.over_budget().is_some(), "{err}");
}
