//! Hostile inputs ("no wrong answer, no crash"): numbers past 64 bits, ASCII `+-`,
//! deep nesting, long sums, and every printed value reading back to itself.

use std::time::{Duration, Instant};

use grundy_cgt::calc::{evaluate, CalcValue};
use grundy_cgt::{Dyadic, GameId, ParseError, Universe, MAX_EXPONENT};
use proptest::prelude::*;

fn run(u: &mut Universe, text: &str) -> Result<CalcValue, ParseError> {
    let mut none = |name: &str, _: &str, _: &mut Universe| Err(format!("no function {name}"));
    evaluate(text, u, &mut none)
}

fn game(u: &mut Universe, text: &str) -> GameId {
    match run(u, text) {
        Ok(CalcValue::Game(g)) => g,
        other => panic!("{}: {other:?}", &text[..text.len().min(60)]),
    }
}

fn shown(u: &mut Universe, text: &str) -> String {
    let g = game(u, text);
    u.display(g, false)
}

/// The value of a blue-red Hackenbush string (`L`, `R`, from the ground up), from
/// the definition: cutting edge i leaves the first i edges.
fn string_value(u: &mut Universe, s: &str) -> GameId {
    let mut prefixes = vec![u.zero()];
    for (n, _) in s.char_indices() {
        let (mut l, mut r) = (Vec::new(), Vec::new());
        for (i, c) in s[..=n].chars().enumerate() {
            if c == 'L' {
                l.push(prefixes[i]);
            } else {
                r.push(prefixes[i]);
            }
        }
        let v = u.construct(&l, &r);
        prefixes.push(v);
    }
    *prefixes.last().unwrap()
}

/// Berlekamp's rule: the first run of one colour counts ±1 an edge; after the
/// first change each edge counts ±1/2, ±1/4, ... (+ for L). Exact in i128 here.
fn berlekamp(s: &str) -> Dyadic {
    let b = s.as_bytes();
    let sign = |c: u8| if c == b'L' { 1i128 } else { -1 };
    let run = b.iter().take_while(|&&c| c == b[0]).count();
    let k = (b.len() - run) as u32;
    let mut num = sign(b[0]) * run as i128 * (1i128 << k);
    for (j, &c) in b[run..].iter().enumerate() {
        num += sign(c) * (1i128 << (k - 1 - j as u32));
    }
    Dyadic::new(num, k)
}

#[test]
fn hackenbush_lr_strings_past_64_bits_are_exact() {
    let mut u = Universe::new();
    let s = "LR".repeat(32);
    let x = string_value(&mut u, &s);
    let want = berlekamp(&s);
    assert_eq!(want.exponent(), 63);
    assert_eq!(u.as_number(x), Some(want));
    // {x | 0}: the switch x/2 ± x/2, denominator 2^64.
    let z = u.zero();
    let sw = u.construct(&[x], &[z]);
    let half = want.checked_half().unwrap();
    assert_eq!(half.exponent(), 64);
    let text = u.display(sw, false);
    assert_eq!(text, format!("{half}±{half}"));
    assert!(text.ends_with("/18446744073709551616"), "{text}");
    assert_eq!(game(&mut u, &text), sw);
    assert_eq!(u.parse(&text).unwrap(), sw);
    // Sums, means, temperatures and walls stay exact.
    let twice = u.add(x, x);
    assert_eq!(u.as_number(twice), Some(want.checked_add(want).unwrap()));
    assert_eq!(u.mean(sw), half);
    assert_eq!(u.temperature(sw), half);
    let th = u.thermograph(sw);
    assert_eq!(th.left_wall_at(Dyadic::ZERO), want);
    assert_eq!(th.right_wall_at(Dyadic::ZERO), Dyadic::ZERO);
    assert!(!u.work_exhausted());
    // A longer string, still within 126 bits, against Berlekamp's rule.
    for s in [
        "LR".repeat(60),
        format!("LLL{}", "RL".repeat(55)),
        format!("R{}", "LLR".repeat(40)),
    ] {
        let v = string_value(&mut u, &s);
        assert_eq!(u.as_number(v), Some(berlekamp(&s)), "{s}");
    }
}

#[test]
fn numbers_beyond_the_precision_are_refused_not_rounded() {
    let mut u = Universe::new();
    let s = "LR".repeat(70);
    let _ = string_value(&mut u, &s);
    assert!(u.work_exhausted() && u.precision_exhausted());
    // The universe stays sound: a new query works.
    u.set_work_limit(None);
    assert_eq!(shown(&mut u, "1/2 + 1/4"), "3/4");
    // Sums past the precision.
    let mut u = Universe::new();
    let big = Dyadic::integer(1i128 << 100);
    let tiny = Dyadic::new(1, MAX_EXPONENT);
    let _ = big.checked_add(tiny).is_none();
    let t = u.number(tiny);
    let one = u.integer(4);
    let _ = u.add(t, one);
    assert!(u.precision_exhausted());
    // The calculator says so in words.
    let mut u = Universe::new();
    let e = run(&mut u, &format!("1/{} + 2", 1u128 << MAX_EXPONENT))
        .unwrap_err()
        .to_string();
    assert!(e.contains("precision"), "{e}");
}

#[test]
fn ascii_plus_minus_is_plus_or_minus() {
    let mut u = Universe::new();
    assert_eq!(shown(&mut u, "+-1"), "±1");
    assert_eq!(shown(&mut u, "2+-1"), "2±1");
    assert_eq!(shown(&mut u, "2 +- 1"), "2±1");
    // ±{1|0} = {{1|0} | {0|-1}}: each option reverses out through 0, so it is 0
    // (second player wins), not -{1|0} = -1/2±1/2.
    assert_eq!(shown(&mut u, "+-{1|0}"), "0");
    assert_eq!(shown(&mut u, "±{1|0}"), "0");
    // ±G is {G | -G}, written so (CGSuite's compact switch).
    assert_eq!(shown(&mut u, "+-{2|1}"), "±(3/2±1/2)");
    assert_eq!(shown(&mut u, "{2|1||-1|-2}"), "±(3/2±1/2)");
    // Plus a negative, spelt with a space or as a difference.
    assert_eq!(shown(&mut u, "2 + -1"), "1");
    assert_eq!(shown(&mut u, "2-1"), "1");
    assert_eq!(shown(&mut u, "+1"), "1");
    let g = u.parse("3+-1").unwrap();
    assert_eq!(u.display(g, false), "3±1");
}

#[test]
fn deep_nesting_is_an_error_or_an_answer_never_a_crash() {
    let mut u = Universe::new();
    let deep = format!("{}0{}", "{0|".repeat(10_000), "}".repeat(10_000));
    for text in [
        deep.clone(),
        "(".repeat(20_000),
        format!("{}1{}", "(".repeat(20_000), ")".repeat(20_000)),
        format!("{}1", "±".repeat(60_000)),
        format!("{}1", "+-".repeat(30_000)),
    ] {
        let e = run(&mut u, &text).unwrap_err().to_string();
        assert!(e.contains("nested") || e.contains("unclosed"), "{e}");
        assert!(e.len() < 300, "{e}");
        assert!(u.parse(&text).is_err());
    }
    // Signs are counted, not recursed into: an even number of minus signs is +.
    assert_eq!(shown(&mut u, &format!("{}1", "-".repeat(100_000))), "1");
    assert_eq!(shown(&mut u, &format!("{}1", "- ".repeat(99_999))), "-1");
    assert_eq!(shown(&mut u, &format!("{}*", "-".repeat(100_001))), "*");
    let g = u.parse(&format!("{}^", "-".repeat(100_001))).unwrap();
    assert_eq!(u.display(g, false), "v");
    // Within the limit, deep values work (in a thread with a small stack, too).
    std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(|| {
            let mut u = Universe::new();
            let text = format!("{}0{}", "{0|".repeat(900), "}".repeat(900));
            match run(&mut u, &text) {
                Ok(CalcValue::Game(g)) => assert_eq!(u.birthday(g), 900),
                Err(e) => assert!(e.to_string().contains("deep"), "{e}"),
                other => panic!("{other:?}"),
            }
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn long_sums_take_linear_time_and_errors_quote_an_excerpt() {
    let mut u = Universe::new();
    let text = vec!["1"; 65_500].join("+");
    let start = Instant::now();
    assert_eq!(shown(&mut u, &text), "65500");
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
    let start = Instant::now();
    let e = run(&mut Universe::new(), &format!("{text}+"))
        .unwrap_err()
        .to_string();
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
    assert!(e.len() < 200, "{e}");
    assert!(e.contains("expected a value") && e.contains("…1+1+"), "{e}");
    // The excerpt is around the column.
    let e = run(&mut u, &format!("{text}+x")).unwrap_err();
    assert!(e.excerpt().chars().count() <= ParseError::EXCERPT + 2);
    assert!(e.excerpt().ends_with("+x"), "{}", e.excerpt());
}

#[test]
fn large_literals_say_they_are_too_large() {
    let mut u = Universe::new();
    let e = run(&mut u, "12345678901234567890").unwrap_err().to_string();
    assert!(e.contains("too large") && !e.contains("not a dyadic"), "{e}");
    let e = run(&mut u, &"9".repeat(50)).unwrap_err().to_string();
    assert!(e.contains("too large") && !e.contains("not a dyadic"), "{e}");
    let e = run(&mut u, "1/3").unwrap_err().to_string();
    assert!(e.contains("not a dyadic"), "{e}");
    // Counts too large for 64 bits are refused, not wrapped to a small count.
    for text in [
        "*99999999999999999999",
        "^99999999999999999999",
        "v99999999999999999999",
    ] {
        assert!(run(&mut u, text).is_err(), "{text}");
        assert!(u.parse(text).is_err(), "{text}");
    }
    // A fine number with a 2^100 denominator is exact.
    let d = format!("3/{}", 1u128 << 100);
    assert_eq!(shown(&mut u, &d), d);
}

// ---------------------------------------------------------------------------
// Every printed value reads back to itself.

#[derive(Clone, Debug)]
enum Recipe {
    Number(i64, u32),
    Nim(u64),
    Ups(i64, u64),
    Node(Vec<Recipe>, Vec<Recipe>),
    Sum(Box<Recipe>, Box<Recipe>),
    Neg(Box<Recipe>),
}

fn build(u: &mut Universe, r: &Recipe) -> GameId {
    match r {
        Recipe::Number(n, k) => u.number(Dyadic::new(*n, *k)),
        Recipe::Nim(n) => u.nimber(*n),
        Recipe::Ups(n, m) => u.up_star(Dyadic::ZERO, *n, *m),
        Recipe::Node(l, r) => {
            let l: Vec<GameId> = l.iter().map(|x| build(u, x)).collect();
            let r: Vec<GameId> = r.iter().map(|x| build(u, x)).collect();
            u.construct(&l, &r)
        }
        Recipe::Sum(a, b) => {
            let (a, b) = (build(u, a), build(u, b));
            u.add(a, b)
        }
        Recipe::Neg(a) => {
            let a = build(u, a);
            u.neg(a)
        }
    }
}

fn recipe() -> impl Strategy<Value = Recipe> {
    let leaf = prop_oneof![
        (-3i64..=3, 0u32..4).prop_map(|(n, k)| Recipe::Number(n, k)),
        // Wide numbers: 2^60-ish numerators over 2^70-ish denominators.
        (any::<i64>(), 60u32..90).prop_map(|(n, k)| Recipe::Number(n, k)),
        (0u64..4).prop_map(Recipe::Nim),
        (-3i64..=3, 0u64..3).prop_map(|(n, m)| Recipe::Ups(n, m)),
    ];
    leaf.prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            3 => (prop::collection::vec(inner.clone(), 0..3), prop::collection::vec(inner.clone(), 0..3))
                .prop_map(|(l, r)| Recipe::Node(l, r)),
            1 => (inner.clone(), inner.clone()).prop_map(|(a, b)| Recipe::Sum(Box::new(a), Box::new(b))),
            1 => inner.prop_map(|a| Recipe::Neg(Box::new(a))),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn printed_values_read_back(r in recipe()) {
        let mut u = Universe::new();
        u.set_work_limit(Some(2_000_000));
        let g = build(&mut u, &r);
        prop_assume!(!u.work_exhausted());
        for unicode in [false, true] {
            let text = u.display(g, unicode);
            let back = u.parse(&text);
            prop_assert_eq!(back.clone().ok(), Some(g), "value mode: {} gave {:?}", text, back);
            let calc = run(&mut u, &text);
            prop_assert!(!u.work_exhausted());
            prop_assert_eq!(calc.clone().ok(), Some(CalcValue::Game(g)), "calc: {} gave {:?}", text, calc);
        }
    }
}
