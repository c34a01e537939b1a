//! CGSuite's vocabulary in the calculator: Tiny and Miny, uptimals, ±G, ordinal
//! sums, Norton products, integer multiples, nimbers of any size; known values,
//! the compact notation both ways, and errors.

use grundy_cgt::calc::{evaluate, up_star_text, CalcValue};
use grundy_cgt::{Dyadic, GameId, ParseError, Universe};
use proptest::prelude::*;

fn run(u: &mut Universe, text: &str) -> Result<CalcValue, ParseError> {
    let mut none = |name: &str, _: &str, _: &mut Universe| -> Result<GameId, String> {
        Err(format!("unknown game '{name}'"))
    };
    evaluate(text, u, &mut none)
}

/// The value of `text` as the calculator prints it.
fn shown(u: &mut Universe, text: &str) -> String {
    match run(u, text) {
        Ok(CalcValue::Game(g)) => u.display(g, false),
        Ok(CalcValue::UpStar { x, ups, star }) => up_star_text(x, ups, star, false),
        other => panic!("{text}: {other:?}"),
    }
}

fn holds(u: &mut Universe, text: &str) -> bool {
    match run(u, text) {
        Ok(CalcValue::Bool(b)) => b,
        other => panic!("{text}: {other:?}"),
    }
}

/// Forms and the names CGSuite gives them (its own test cases of canonical
/// short games, where our notation agrees), and the names read back.
#[test]
fn cgsuite_names_its_forms() {
    let mut u = Universe::new();
    let cases = [
        ("{0|*||*|||*||||*}", "^[4]"),
        ("{0||0|v*}", "{0|^<2>}"),
        ("{0||0|-3/2}", "Tiny(3/2)"),
        // CGSuite writes the switch {3|1} as such; this notation as 2±1.
        ("{0|||0||-1|-3}", "Tiny(2±1)"),
        ("9/8+*", "9/8*"),
        ("6+^*", "6^*"),
        ("73/16+v9*8", "73/16v9*8"),
        ("{0||0|vvv}", "{0||0|v3}"),
        ("{^^^|vv}", "{^3|vv}"),
        ("{2|0||0}", "Miny(2)"),
        ("{5||3|1|||0||||0}", "Miny({5||3|1})"),
        ("{1|-1}", "±1"),
        ("{1*|-1*}", "±(1*)"),
        ("{2|1||-1|-2}", "±(3/2±1/2)"),
        ("{1,{2|1}|-1,{-1|-2}}", "±{1,3/2±1/2}"),
    ];
    for (form, name) in cases {
        assert_eq!(shown(&mut u, form), name, "{form}");
        let Ok(CalcValue::Game(g)) = run(&mut u, form) else {
            panic!("{form}")
        };
        assert_eq!(u.parse(name), Ok(g), "{name} reads back");
    }
}

/// Each name is its definition, and prints as itself.
#[test]
fn names_are_their_definitions() {
    let mut u = Universe::new();
    let cases = [
        ("Tiny(2)", "{0||0|-2}", "Tiny(2)"),
        ("Miny(2)", "{2|0||0}", "Miny(2)"),
        ("Tiny({3|1})", "{0|||0||-1|-3}", "Tiny(2±1)"),
        ("tiny(1/2)", "{0||0|-1/2}", "Tiny(1/2)"),
        ("2 + Tiny(1)", "{2||2|1}", "2Tiny(1)"),
        ("-2 + Miny(1)", "{-1|-2||-2}", "-2Miny(1)"),
        // ↑^n = {0 | ↓^→(n-1) + *}, ↑^→n = {↑^→(n-1) | *}.
        ("^<2>", "{0|v*}", "^<2>"),
        ("^<3>", "{0|-{^|*}+*}", "^<3>"),
        ("v<3>", "-{0|-{^|*}+*}", "v<3>"),
        ("^[2]", "{^|*}", "^[2]"),
        ("^[3]", "{{^|*}|*}", "^[3]"),
        ("v[3]", "{*|{*|v}}", "v[3]"),
        ("1^<2>", "1 + {0|v*}", "1^<2>"),
        ("-1/2v[2]", "-1/2 - {^|*}", "-1/2v[2]"),
        ("^<1>", "^", "^"),
        ("^[1]", "^", "^"),
        ("+-{1,2}", "{1,2|-1,-2}", "±2"),
        ("3+-1", "{4|2}", "3±1"),
    ];
    for (name, definition, printed) in cases {
        let a = shown(&mut u, name);
        assert_eq!(a, shown(&mut u, definition), "{name} = {definition}");
        assert_eq!(a, printed, "{name}");
    }
    // ↑^→n is the sum of the ↑^k (k <= n).
    assert!(holds(&mut u, "^[3] == ^ + ^<2> + ^<3>"));
    assert!(holds(&mut u, "v[4] == -(^[3] + ^<4>)"));
    // Tinies are positive infinitesimals below ↑; Miny is Tiny's negative.
    assert!(holds(&mut u, "Tiny(2) > 0"));
    assert!(holds(&mut u, "Tiny(2) < ^"));
    assert!(holds(&mut u, "Tiny(1) + Miny(1) == 0"));
    assert!(holds(&mut u, "Tiny(2) < Tiny(1)"));
    assert!(holds(&mut u, "Tiny(1) + Tiny(1) == {0||0|-1} + {0||0|-1}"));
    // Uptimals: ↑^2 = ↑<2> is positive, and far smaller than ↑.
    assert!(holds(&mut u, "^<2> > 0"));
    assert!(holds(&mut u, "^<2> + ^<2> + ^<2> < ^"));
    // In unicode.
    let g = u.parse("↑<2>").unwrap();
    assert_eq!(u.display(g, true), "↑<2>");
    let g = u.parse("↓[3]").unwrap();
    assert_eq!(u.display(g, true), "↓[3]");
}

/// Ordinal sums (Conway, ONAG ch. 15; CGSuite's `:`): G:H = {G^L, G:H^L | G^R, G:H^R}.
#[test]
fn ordinal_sums() {
    let mut u = Universe::new();
    let cases = [
        ("1:1", "2"),
        ("1:-1", "1/2"),
        ("-1:1", "-1/2"),
        ("1:1:1", "3"),
        ("1:-1:-1", "1/4"),
        ("2:-1", "3/2"),
        ("*:*", "*2"),
        ("*3:*4", "*7"),
        ("0:^", "^"),
        ("{1|-1}:0", "±1"),
        ("1/2:1", "3/4"),
        // A nimber's ordinal sum is its heap made longer, at any size.
        ("*100000:*5", "*100005"),
        // : binds tighter than + (as in CGSuite).
        ("1 + 1:1", "3"),
    ];
    for (text, want) in cases {
        assert_eq!(shown(&mut u, text), want, "{text}");
    }
}

/// Norton products (CGSuite's `NortonProduct`; `.` as in CGSuite's earlier
/// versions): n copies of U for the integer n, else {G^L.U + U + I | G^R.U - (U + I)}.
#[test]
fn norton_products() {
    let mut u = Universe::new();
    // ↑'s incentives are ↓ and ↑*, and ↑* is the larger: U + I = ⇑*, so
    // *.↑ = ±⇑* and ↑.↑ = {⇑* | ±⇑* - ⇑*} = {⇑* || 0 | ↓4}.
    let cases = [
        ("2.^", "^^"),
        ("-3.^", "v3"),
        ("0.{5|-5}", "0"),
        ("*.^", "±(^^*)"),
        ("^.^", "{^^*||0|v4}"),
        ("1/2.^", "{^^*|v*}"),
        // By 1, a number's product is the number.
        ("3/4 . 1", "3/4"),
        ("norton(^, ^)", "{^^*||0|v4}"),
    ];
    for (text, want) in cases {
        assert_eq!(shown(&mut u, text), want, "{text}");
    }
    // Decimals keep their point.
    assert_eq!(shown(&mut u, "0.5"), "1/2");
}

#[test]
fn integer_multiples() {
    let mut u = Universe::new();
    let cases = [
        ("3*^", "^3"),
        ("3 * ^*", "^3*"),
        ("2*(^*)", "^^"),
        // x±t + x±t = 2x.
        ("{1|0}*2", "1"),
        ("3*{1|0}", "3/2±1/2"),
        ("-2*{2|1}", "-3"),
        ("2*{1|*}", "{1|*} + {1|*}"),
        ("0*{5|-5}", "0"),
        ("3 * 2", "6"),
        ("(1/2)*4", "2"),
        ("3*Tiny(1) == Tiny(1)+Tiny(1)+Tiny(1)", "true"),
        // A star right after a number is a nimber, as the notation prints it.
        ("3*2", "3*2"),
        ("3*", "3*"),
        ("2**2", "0"),
    ];
    for (text, want) in cases {
        let got = match run(&mut u, text) {
            Ok(CalcValue::Bool(b)) => b.to_string(),
            _ => shown(&mut u, text),
        };
        let want = if want.contains(' ') {
            shown(&mut u, want)
        } else {
            want.to_string()
        };
        assert_eq!(got, want, "{text}");
    }
}

/// Nimbers of any size: their sums are XOR, exact without building *n's n options.
#[test]
fn large_nimbers() {
    let mut u = Universe::new();
    let cases = [
        ("*100000", "*100000"),
        ("*12345 + *678", "*12959"),
        ("^ + *99999", "^*99999"),
        ("1/2 + *4096 + v", "1/2v*4096"),
        ("*100000 + *100000", "0"),
        ("*100000 + *100001", "*"),
        ("-*100000", "*100000"),
        ("3*(*100001)", "*100001"),
        ("2*(*100001)", "0"),
        ("*18446744073709551614", "*18446744073709551614"),
    ];
    for (text, want) in cases {
        assert_eq!(shown(&mut u, text), want, "{text}");
    }
    // Built back into a game when the nimber is small again.
    assert!(matches!(run(&mut u, "*5000 + *5001 + ^"), Ok(CalcValue::Game(_))));
    for (text, want) in [
        ("*100000 == *100000", true),
        ("*100000 > 0", false),
        ("*100000 <> 0", true),
        ("*100000 <> *3", true),
        ("^*99999 > 0", true),
        ("^ + *99999 > *99999", true),
        ("*99999 < ^", true),
        ("1 > *99999", true),
        ("^ + *99998 <> *99999", true),
        ("^* + *99998 > *99999", true),
        ("*99999 + ^ == ^*99999", true),
    ] {
        assert_eq!(holds(&mut u, text), want, "{text}");
    }
    // Where a large nimber would have to be built as a form: one line, its column.
    for (text, column) in [
        ("*100000 + {1|0}", 9),
        ("{1|*100000}", 4),
        ("Tiny(*5000)", 6),
        ("cool(*5000, 1)", 6),
        ("*5000:1", 6),
        ("*5000 <= {1|0}", 1),
    ] {
        let e = run(&mut u, text).unwrap_err();
        assert!(e.message.contains("too large to build"), "{text}: {e}");
        assert_eq!(e.column, column, "{text}: {e}");
        assert!(!e.to_string().contains('\n'));
    }
    assert!(run(&mut u, "*99999999999999999999").is_err());
    // Value mode (a Value's text) builds every value: the same honest error.
    assert!(u
        .parse("*100000")
        .unwrap_err()
        .message
        .contains("too large to build"));
}

#[test]
fn errors_name_the_column() {
    let mut u = Universe::new();
    for (text, column, words) in [
        ("^<0>", 2, "index"),
        ("{1|0}*{1|0}", 6, "integer"),
        ("{1|0}.", 7, "expected a value"),
        ("Tiny()", 6, "expected a value"),
        ("Tiny(1", 5, "unclosed"),
        ("1:", 3, "expected a value"),
    ] {
        let e = run(&mut u, text).unwrap_err();
        assert_eq!(e.column, column, "{text}: {e}");
        assert!(e.message.contains(words), "{text}: {e}");
    }
    // `^<2` is not an uptimal: ^ < 2, a comparison.
    assert!(holds(&mut u, "^<2"));
    // An unknown name lists the functions, and does not deny the loopy values.
    let e = run(&mut u, "foo").unwrap_err().to_string();
    for name in ["cool", "overheat", "norton", "Tiny", "Miny", "on off over"] {
        assert!(e.contains(name), "{e}");
    }
    let e = run(&mut u, "foo(1)").unwrap_err().to_string();
    assert!(e.contains("functions: cool"), "{e}");
}

#[test]
fn overheating() {
    let mut u = Universe::new();
    // CGSuite's Overheat: integers become copies of s; else {G^L + t | G^R - t}.
    for (text, want) in [
        ("overheat(2, *, 1)", "0"),
        ("overheat(3, ^, 1)", "^3"),
        ("overheat(*, 1, 1)", "±1"),
        ("overheat({1|0}, *, 1)", "{1*|-1}"),
    ] {
        assert_eq!(shown(&mut u, text), want, "{text}");
    }
}

/// Games built from CGSuite's constructions, small enough to print.
#[derive(Clone, Debug)]
enum Built {
    Leaf(&'static str),
    Tiny(Box<Built>),
    Miny(Box<Built>),
    UpNth(u32, i64),
    ArrowSum(u32, i64),
    Switch(Box<Built>),
    Ordinal(Box<Built>, Box<Built>),
    Sum(Box<Built>, Box<Built>),
    Node(Vec<Built>, Vec<Built>),
}

fn built() -> impl Strategy<Value = Built> {
    let leaf = prop_oneof![
        prop::sample::select(vec!["0", "1", "-1", "*", "^", "v*", "1/2", "*2", "-3/2", "2"])
            .prop_map(Built::Leaf),
        (1u32..5, prop::sample::select(vec![1i64, -1])).prop_map(|(n, s)| Built::UpNth(n, s)),
        (1u32..5, prop::sample::select(vec![1i64, -1])).prop_map(|(n, s)| Built::ArrowSum(n, s)),
    ];
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            inner.clone().prop_map(|g| Built::Tiny(Box::new(g))),
            inner.clone().prop_map(|g| Built::Miny(Box::new(g))),
            inner.clone().prop_map(|g| Built::Switch(Box::new(g))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Built::Ordinal(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Built::Sum(Box::new(a), Box::new(b))),
            (
                prop::collection::vec(inner.clone(), 0..3),
                prop::collection::vec(inner, 0..3)
            )
                .prop_map(|(l, r)| Built::Node(l, r)),
        ]
    })
}

fn build(u: &mut Universe, b: &Built) -> GameId {
    match b {
        Built::Leaf(t) => u.parse(t).unwrap(),
        Built::Tiny(g) => {
            let g = build(u, g);
            u.tiny(g)
        }
        Built::Miny(g) => {
            let g = build(u, g);
            u.miny(g)
        }
        Built::UpNth(n, s) => {
            let g = u.up_nth(*n);
            if *s < 0 {
                u.neg(g)
            } else {
                g
            }
        }
        Built::ArrowSum(n, s) => {
            let g = u.up_arrow_sum(*n);
            if *s < 0 {
                u.neg(g)
            } else {
                g
            }
        }
        Built::Switch(g) => {
            let g = build(u, g);
            let n = u.neg(g);
            u.construct(&[g], &[n])
        }
        Built::Ordinal(a, b) => {
            let (a, b) = (build(u, a), build(u, b));
            u.ordinal_sum(a, b)
        }
        Built::Sum(a, b) => {
            let (a, b) = (build(u, a), build(u, b));
            u.add(a, b)
        }
        Built::Node(l, r) => {
            let l: Vec<GameId> = l.iter().map(|g| build(u, g)).collect();
            let r: Vec<GameId> = r.iter().map(|g| build(u, g)).collect();
            u.construct(&l, &r)
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// parse(display(g)) == g, in value mode and in the calculator, ASCII and
    /// unicode, on games that reach every name the notation has.
    #[test]
    fn compact_notation_round_trips(b in built(), k in 0u32..4) {
        let mut u = Universe::new();
        u.set_work_limit(Some(2_000_000));
        let g = build(&mut u, &b);
        prop_assume!(!u.work_exhausted());
        // Moved by a number too: xTiny(s), x^<n>, x^[n].
        let shift = u.number(Dyadic::new(i64::from(k) - 1, 1));
        let moved = u.add(g, shift);
        prop_assume!(!u.work_exhausted());
        for x in [g, moved] {
            for unicode in [false, true] {
                let Ok(text) = u.display_within(x, unicode, 100_000) else { continue };
                prop_assert_eq!(u.parse(&text), Ok(x), "{}", text);
                prop_assert_eq!(run(&mut u, &text), Ok(CalcValue::Game(x)), "calc: {}", text);
            }
        }
    }

    /// The parts arithmetic of large nimbers agrees with the games where both
    /// can be built: (a + *4096) op (b + *4096) is decided without building.
    #[test]
    fn large_nimber_comparisons_agree_with_games(
        x in -2i64..3, n in -3i64..4, m in 0u64..5,
        y in -2i64..3, k in -3i64..4, j in 0u64..5,
    ) {
        let mut u = Universe::new();
        let a = format!("({x} + {n}*^ + *{m})");
        let b = format!("({y} + {k}*^ + *{j})");
        for op in [">=", "<=", "==", "<>", "<", ">"] {
            let small = holds(&mut u, &format!("{a} {op} {b}"));
            let large = holds(&mut u, &format!("{a} + *4096 {op} {b} + *4096"));
            prop_assert_eq!(small, large, "{} {} {}", a, op, b);
        }
    }
}
