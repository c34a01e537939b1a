//! The calculator: arithmetic, comparisons, resolver calls, errors.

use grundy_cgt::calc::{evaluate, CalcValue};
use grundy_cgt::{GameId, ParseError, Universe};

fn run(u: &mut Universe, text: &str) -> Result<CalcValue, ParseError> {
    let mut resolve = |name: &str, args: &str, _: &mut Universe| -> Result<GameId, String> {
        match name {
            // Stands in for a game catalogue: the raw text arrives untouched.
            "echo" => Err(format!("echo got [{args}]")),
            "two" if args == "..|.." => Ok(GameId(0)),
            _ => Err(format!("unknown function {name}")),
        }
    };
    evaluate(text, u, &mut resolve)
}

fn game(u: &mut Universe, text: &str) -> String {
    match run(u, text) {
        Ok(CalcValue::Game(g)) => u.display(g, false),
        other => panic!("{text}: {other:?}"),
    }
}

fn truth(u: &mut Universe, text: &str) -> bool {
    match run(u, text) {
        Ok(CalcValue::Bool(b)) => b,
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn arithmetic() {
    let mut u = Universe::new();
    assert_eq!(game(&mut u, "1/2 + 1/2"), "1");
    assert_eq!(game(&mut u, "^ + ^"), "^^");
    assert_eq!(game(&mut u, "*2 + *3"), "*");
    assert_eq!(game(&mut u, "1 + *"), "1*");
    assert_eq!(game(&mut u, "-1^*"), "-1^*");
    assert_eq!(game(&mut u, "-(1^*)"), "-1v*");
    assert_eq!(game(&mut u, "2 - 1^*"), "1v*");
    assert_eq!(game(&mut u, "{1|-1} + {1|-1}"), "0");
    assert_eq!(game(&mut u, "{0|1+1}"), "1");
    assert_eq!(game(&mut u, "3±1 - 3"), "±1");
    assert_eq!(game(&mut u, "{0||0|-1} - {0||0|-1}"), "0");
    assert_eq!(game(&mut u, "v + vv + v3"), "v6");
    assert_eq!(game(&mut u, "(^ + *) + (v + *)"), "0");
    assert_eq!(game(&mut u, "birthday(^^*)"), "3");
}

#[test]
fn comparisons() {
    let mut u = Universe::new();
    assert!(truth(&mut u, "^ > 0"));
    assert!(truth(&mut u, "^* || 0"));
    assert!(truth(&mut u, "* <> 0"));
    assert!(!truth(&mut u, "^ || 0"));
    assert!(truth(&mut u, "{0|*} == ^"));
    assert!(truth(&mut u, "{0|*} = ^"));
    assert!(truth(&mut u, "1/2 < 1"));
    assert!(truth(&mut u, "v <= 0"));
    assert!(truth(&mut u, "{1|-1} || 0"));
    assert!(truth(&mut u, "{0||0|-1} >= 0"));
    assert!(!truth(&mut u, "{0||0|-1} || 0"));
}

#[test]
fn resolver_gets_raw_arguments() {
    let mut u = Universe::new();
    let e = run(&mut u, "1 + echo(..|.., x)").unwrap_err();
    assert_eq!(e.message, "echo got [..|.., x]");
    assert_eq!(e.column, 5);
    assert_eq!(game(&mut u, "two(..|..) + 1"), "1");
}

#[test]
fn errors_have_columns() {
    let mut u = Universe::new();
    assert_eq!(run(&mut u, "1 + ").unwrap_err().column, 5);
    assert_eq!(run(&mut u, "1 + 1/3").unwrap_err().column, 5);
    assert_eq!(run(&mut u, "{0|1").unwrap_err().column, 1);
    assert_eq!(run(&mut u, "(1 + 2").unwrap_err().column, 7);
    assert!(run(&mut u, "1 2").is_err());
    assert!(run(&mut u, "foo").is_err());
    assert!(run(&mut u, "cool(1)").is_err());
}
