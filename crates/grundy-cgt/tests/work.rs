//! The work limit: a calculation too large for it stops with an error, and the
//! universe stays sound (every value in it is still true).

use grundy_cgt::calc::{evaluate, CalcValue};
use grundy_cgt::Universe;

fn eval(u: &mut Universe, text: &str) -> Result<CalcValue, String> {
    let mut none = |name: &str, _: &str, _: &mut Universe| Err(format!("no game {name}"));
    evaluate(text, u, &mut none).map_err(|e| e.to_string())
}

#[test]
fn sums_of_switches_with_large_nimbers_stop_at_the_limit() {
    let mut u = Universe::new();
    u.set_work_limit(Some(100_000));
    let err = eval(&mut u, "{1|*300} + {*200|-1} + {2|*100}").unwrap_err();
    assert!(
        err.contains("over the work budget") && err.contains("the limit is 100,000 steps"),
        "{err}"
    );
    assert!(u.work_exhausted());
}

#[test]
fn the_universe_stays_sound_after_running_out() {
    let text = "{1|*30} + {*20|-1} + {2|*10}";
    let mut fresh = Universe::new();
    let Ok(CalcValue::Game(want)) = eval(&mut fresh, text) else {
        panic!()
    };
    let want = fresh.display(want, false);
    for limit in [10, 1_000, 30_000] {
        let mut u = Universe::new();
        u.set_work_limit(Some(limit));
        assert!(eval(&mut u, text).is_err(), "{limit} steps are not enough");
        // Nothing meaningless was kept: the same universe without a limit agrees.
        u.set_work_limit(None);
        let Ok(CalcValue::Game(got)) = eval(&mut u, text) else {
            panic!()
        };
        assert_eq!(u.display(got, false), want, "after running out at {limit}");
        assert!(!u.work_exhausted());
    }
}

#[test]
fn values_read_as_text_are_bounded_too() {
    let mut u = Universe::new();
    u.set_work_limit(Some(10_000));
    let err = u.parse("{1|*300}±{*200|-1}").unwrap_err().to_string();
    assert!(err.contains("steps"), "{err}");
}

/// Found by the `calc` fuzzer: sums of a long chain of downs with switches made
/// values x + 5555·↓ for many x, and each walked the whole chain of memo lookups
/// again (seconds, unseen by the limit). Links are now built once and charged.
#[test]
fn long_chains_of_ups_are_built_once_and_charged() {
    // (Spaced: `+-` without a space is ±, as in CGSuite.)
    let text = "v5555 + -±32 + -±60 + -±32";
    let mut u = Universe::new();
    u.set_work_limit(Some(2_000_000));
    let Ok(CalcValue::Game(got)) = eval(&mut u, text) else {
        panic!("{text} fits in 2·10^6 steps")
    };
    assert_eq!(u.display(got, false), "{60v5555|-60v5555}");
    // Running out in the middle of a chain leaves the universe sound.
    for limit in [100, 3_000, 20_000] {
        let mut u = Universe::new();
        u.set_work_limit(Some(limit));
        assert!(eval(&mut u, text).is_err(), "{limit} steps are not enough");
        u.set_work_limit(None);
        let Ok(CalcValue::Game(got)) = eval(&mut u, text) else {
            panic!()
        };
        assert_eq!(
            u.display(got, false),
            "{60v5555|-60v5555}",
            "after running out at {limit}"
        );
    }
}
