//! Every report against facts known independently of the code that makes it.

use grundy::Budget;
use grundy_api::{Error, Options};

fn budget() -> Budget {
    Budget::default()
}

#[test]
fn kayles_values_and_period_are_the_known_ones() {
    let b = budget();
    let kayles = grundy_api::load_game("kayles", &b).unwrap();
    // Kayles' nim-sequence starts 0 1 2 3 1 4 3 2 1 4 2 6 (Berlekamp, Conway, Guy).
    let v = grundy_api::values(kayles.as_ref(), 0, 11, &grundy::Budget::default())
        .unwrap()
        .json();
    let nimbers: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["nimber"].as_u64().unwrap())
        .collect();
    assert_eq!(nimbers, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    // Its period is 12 from heap 71 on (Guy and Smith).
    let p = grundy_api::period(
        kayles.as_ref(),
        None,
        grundy_octal::Method::Auto,
        &mut |_| {},
        &budget(),
    )
    .unwrap()
    .json();
    assert_eq!(
        (
            p["preperiod"].as_u64(),
            p["period"].as_u64(),
            p["proved"].as_bool()
        ),
        (Some(71), Some(12), Some(true))
    );
}

#[test]
fn solve_and_moves_agree() {
    let b = budget();
    let nim = grundy_api::load_game("nim", &b).unwrap();
    let s = grundy_api::solve(nim.as_ref(), "1,2,3", &Options::default(), &b)
        .unwrap()
        .json();
    assert_eq!(s["outcome"], "lose");
    let m = grundy_api::moves(
        nim.as_ref(),
        "1,2,3",
        &Options::default(),
        &grundy::Budget::default(),
    )
    .unwrap()
    .json();
    assert!(m["moves"].as_array().unwrap().iter().all(|m| m["wins"] == false));
    let s = grundy_api::solve(nim.as_ref(), "1,2", &Options::default(), &b)
        .unwrap()
        .json();
    assert_eq!(s["winning_moves"], serde_json::json!(["1,1"]));
}

#[test]
fn partizan_values_and_the_calculator() {
    let b = budget();
    let d = grundy_api::load_game("domineering", &b).unwrap();
    // A 2x2 Domineering board is ±1 (Berlekamp, Conway, Guy).
    let v = grundy_api::value(d.as_ref(), "..|..", false, &b).unwrap().json();
    assert_eq!(v["canonical"], "±1");
    assert_eq!(v["temperature"], "1");
    let c = grundy_api::calc("^ + v", false, &b).unwrap().json();
    assert_eq!(c["value"], "0");
    let c = grundy_api::calc("{0|*} >= ^", false, &b).unwrap().json();
    assert_eq!(c["value"], true);
    let t = grundy_api::thermograph_of_value("{2|-1}", &b).unwrap();
    assert_eq!((t.mean.as_str(), t.temperature.as_str()), ("1/2", "3/2"));
}

#[test]
fn errors_are_sorted_by_kind() {
    let b = budget();
    assert!(matches!(
        grundy_api::load_game("no-such-game", &b),
        Err(Error::Input(_))
    ));
    assert!(matches!(
        grundy_api::builtin_game("examples/games/kayles.toml", &b),
        Err(Error::Input(_))
    ));
    let nim = grundy_api::load_game("nim", &b).unwrap();
    assert!(matches!(
        grundy_api::solve(nim.as_ref(), "1,x", &Options::default(), &b),
        Err(Error::Input(_))
    ));
    let wythoff = grundy_api::load_game("wythoff", &b).unwrap();
    assert!(matches!(
        grundy_api::period(
            wythoff.as_ref(),
            None,
            grundy_octal::Method::Auto,
            &mut |_| {},
            &b
        ),
        Err(Error::Unsupported(_))
    ));
    let tight = grundy::Budget {
        max_work: Some(1000),
        ..b.clone()
    };
    let e = grundy_api::calc("{1|*2048} + {*2047|-1}", false, &tight)
        .err()
        .unwrap();
    let over = e.over_budget().expect("the work budget");
    assert_eq!(over.limit, grundy_budget::Limit::Work);
}

#[test]
fn the_catalogue_lists_every_family_with_what_it_can_do() {
    let c = grundy_api::catalogue();
    let families = c.as_array().unwrap();
    assert_eq!(families.len(), grundy_rules::catalogue().families().count());
    let kayles = families.iter().find(|f| f["name"] == "kayles").unwrap();
    assert_eq!(
        (kayles["sequence"].as_bool(), kayles["partizan"].as_bool()),
        (Some(true), Some(false))
    );
}

#[test]
fn plots_data_are_the_known_ones() {
    let b = budget();
    // Wythoff's P-positions are the pairs (⌊kφ⌋, ⌊kφ²⌋) and their mirrors:
    // up to 5, (0,0), (1,2), (2,1), (3,5), (5,3).
    let wythoff = grundy_api::load_game("wythoff", &b).unwrap();
    let map = grundy_api::outcome_map(wythoff.as_ref(), 5, &b).unwrap();
    let mut lost = Vec::new();
    for (y, row) in map.outcomes.iter().enumerate() {
        for (x, o) in row.iter().enumerate() {
            if *o == Some(grundy::Outcome::Lose) {
                lost.push((x, y));
            }
        }
    }
    assert_eq!(lost, [(0, 0), (2, 1), (1, 2), (5, 3), (3, 5)]);
    assert_eq!(map.counts(), (5, 31, 0));
    // Kayles: 0 1 2 3 1 4 3 2 1 4 2 6, periodic with period 12 from heap 71.
    let kayles = grundy_api::load_game("kayles", &b).unwrap();
    let s = grundy_api::nim_sequence(kayles.as_ref(), 11, &b).unwrap();
    assert_eq!(s.values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    assert_eq!(s.period, Some((71, 12, 0)));
    assert!(grundy_api::winner_table("kayles", None, &b).is_err());
    assert!(grundy_api::outcome_map(wythoff.as_ref(), 0, &b).is_err());
}
