use grundy_budget::Budget;

use super::*;
use crate::Universe;

fn calc(text: &str) -> String {
    let mut u = Universe::new();
    match evaluate(text, &mut u, &Budget::default()) {
        Ok(Answer::Value(s)) => s,
        Ok(Answer::Bool(b)) => b.to_string(),
        Err(e) => format!("error: {e}"),
    }
}

/// CGSuite's published examples (its test suite and its loopy-games tutorial):
/// the text typed and the text CGSuite prints.
#[test]
fn cgsuite_examples_print_as_cgsuite_prints_them() {
    let cases = [
        ("{0|pass}", "over"),
        ("{pass|} + {|pass}", "dud"),
        ("on", "on"),
        ("off", "off"),
        ("over", "over"),
        ("{pass|}", "on"),
        ("{|pass}", "off"),
        ("{pass|3/2}", "3/2under"),
        ("a{0|a}", "over"),
        ("a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}"),
        ("on + off", "dud"),
        ("dud", "dud"),
        ("a{{|a}|}", "1 & 0"),
        ("over & v", "over & v"),
        ("on + 1", "on"),
        ("over - over", "over & under"),
        ("{0|{dud|},*}", "^ & v*"),
        ("1 + over", "1over"),
    ];
    let mut wrong = Vec::new();
    for (text, want) in cases {
        let got = calc(text);
        if got != want {
            wrong.push(format!("{text}: got {got}, want {want}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn comparisons_of_stoppers() {
    assert_eq!(calc("over > 0"), "true");
    // over exceeds every multiple of up but no positive number.
    assert_eq!(calc("over > ^ + ^ + ^"), "true");
    assert_eq!(calc("over < 1/64"), "true");
    assert_eq!(calc("^ - over"), "under");
    assert_eq!(calc("on >= 1000"), "true");
    assert_eq!(calc("off < -5"), "true");
    assert_eq!(calc("over - over == over & under"), "true");
    assert_eq!(calc("upon > 0"), "true");
    assert_eq!(calc("{0|pass} == a{0|a}"), "true");
}

#[test]
fn bad_notation_names_the_column() {
    assert!(calc("{0|pass").contains("column 1"), "{}", calc("{0|pass"));
    assert!(calc("pass").contains("column 1"));
    assert!(calc("{0|b}").contains("unknown name 'b'"));
    assert!(calc("{0|pass+1}").contains("whole options"));
    assert!(calc("off & on").contains("onside"));
}

#[test]
fn outcome_classes_include_draws() {
    let b = Budget::default();
    let mut u = Universe::new();
    let value = |t: &str, u: &mut Universe| {
        let p = parse::tests_support::parse(t, u, &b);
        p.outcome(&b).unwrap()
    };
    assert_eq!(value("dud", &mut u), LoopyOutcome::D);
    assert_eq!(value("on", &mut u), LoopyOutcome::L);
    assert_eq!(value("over", &mut u), LoopyOutcome::L);
    assert_eq!(value("a{{|a}|}", &mut u), LoopyOutcome::PHat);
    assert_eq!(value("{0|{dud|},*}", &mut u), LoopyOutcome::NHat);
    assert_eq!(value("0", &mut u), LoopyOutcome::P);
}
