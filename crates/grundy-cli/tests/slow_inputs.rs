//! Inputs the fuzzers and the sweep found slow, each now bounded: a one-line error
//! and exit status 2 within the work limit (small limits here, so the debug build
//! meets them in a moment), and the same inputs within a larger limit still answer.

mod common;

use common::{fails_with, ok};

#[test]
fn calculator_sums_of_switches_with_large_nimbers_stop_at_the_work_limit() {
    for e in [
        "{1|*2048} + {*2047|-1}",
        "{1|*300} + {*200|-1} + {2|*100}",
        "{1|*1000} + {*1000|-1} + {1|*500}",
    ] {
        fails_with(&["calc", e, "--max-work", "100000"], "more than 100000 steps");
    }
    // Sums that fit are unchanged.
    assert_eq!(
        ok(&["calc", "{1|*30} + {*20|-1}", "--max-work", "100000000"]).trim(),
        "{{1*20|0},{1*20|*10}|{0|-1*30},{*10|-1*30}}"
    );
}

#[test]
fn a_value_typed_for_a_thermograph_is_bounded_too() {
    let out = std::env::temp_dir().join(format!("grundy-slow-{}.svg", std::process::id()));
    fails_with(
        &[
            "thermograph",
            "--value",
            "{1|*2048}±{*2047|-1}",
            "--out",
            out.to_str().unwrap(),
        ],
        "steps",
    );
    assert!(!out.exists());
}

#[test]
fn values_of_large_partizan_positions_stop_at_the_work_limit() {
    for (game, position) in [
        ("toads", "T.T..FFT.T..FF...FF"),
        ("clobber", "xoxoxo|oxoxox|xoxoxo|oxoxox"),
        ("domineering", "......|......|......|......|......|......"),
    ] {
        fails_with(
            &["value", game, position, "--max-work", "100000"],
            "more than 100000 steps",
        );
        let e = format!("{game}({position}) + 1");
        fails_with(&["calc", &e, "--max-work", "100000"], "steps");
    }
    // Small ones still answer.
    assert!(ok(&["value", "toads", "TT..FF", "--max-work", "1000000"]).contains("value:"));
}
