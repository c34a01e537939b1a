//! Every heap game in one description: codes with a tail digit (all-but
//! games, Nim, Lasker's Nim), `Periodic`, the all-but prover and
//! `heap_options`, each checked against brute force.

use crate::common;

use common::simple_sequence;
use grundy_octal::{
    all_but_period, nim_values, prove_period, HeapRules, Method, OctalCode, Periodic, Sequence, SequenceError,
};
use proptest::prelude::*;

fn engine_u16(rules: &HeapRules, len: u64) -> Vec<u64> {
    let mut s = Sequence::new(rules.clone(), Method::Auto);
    s.extend_to(len, |_, _| {}).unwrap();
    s.values().iter().map(|&v| u64::from(v)).collect()
}

/// The least value not in `seen` (any order, repeats allowed).
fn mex(mut seen: Vec<u64>) -> u64 {
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|(i, &v)| *i as u64 != v)
        .map_or(seen.len(), |(i, _)| i) as u64
}

/// All-but by the definition: mex over every smaller heap n - k, k not in E.
fn all_but_brute(excluded: &[u64], len: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let seen: Vec<u64> = (1..=n as u64)
            .filter(|k| !excluded.contains(k))
            .map(|k| g[n - k as usize])
            .collect();
        g.push(mex(seen));
    }
    g
}

/// Lasker's Nim by the definition: take any number, or split in two.
fn lasker_brute(len: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let mut seen: Vec<u64> = (0..n).map(|m| g[m]).collect();
        seen.extend((1..=n / 2).map(|a| g[a] ^ g[n - a]));
        g.push(mex(seen));
    }
    g
}

#[test]
fn lasker_engine_brute_force_and_closed_form_agree() {
    let closed = Periodic::laskers_nim();
    let brute = lasker_brute(1500);
    let wide = nim_values(&HeapRules::lasker(), 10_000).unwrap();
    let narrow = engine_u16(&HeapRules::lasker(), 10_000);
    assert_eq!(&wide[..1500], &brute[..]);
    assert_eq!(wide, narrow);
    for (n, &v) in wide.iter().enumerate() {
        assert_eq!(closed.value_at(n as u64), Some(v), "G({n})");
    }
    let simple: Vec<u64> = simple_sequence(&HeapRules::lasker(), 300)
        .into_iter()
        .map(u64::from)
        .collect();
    assert_eq!(&wide[..300], &simple[..]);
    let proof = prove_period(&HeapRules::lasker(), 1 << 20).unwrap().unwrap();
    assert_eq!(proof.periodic, closed);
    assert!(proof.rule.contains("Winning Ways"), "{}", proof.rule);
}

#[test]
fn nim_is_zero_point_three_repeating() {
    let g = nim_values(&HeapRules::nim(), 5000).unwrap();
    assert!(g.iter().enumerate().all(|(n, &v)| v == n as u64));
    assert_eq!(HeapRules::nim(), HeapRules::all_but(&[]).unwrap());
    assert_eq!(HeapRules::nim(), "0.(3)".parse().unwrap());
    let p = all_but_period(&HeapRules::nim(), 100).unwrap().unwrap();
    assert_eq!(
        (p.periodic.preperiod(), p.periodic.period(), p.periodic.saltus()),
        (0, 1, 1)
    );
}

#[test]
fn u16_sequence_reports_overflow_for_growing_values() {
    let mut s = Sequence::new(HeapRules::nim(), Method::Auto);
    assert!(!s.is_sparse());
    let err = s.extend_to(70_000, |_, _| {}).unwrap_err();
    assert_eq!(err, SequenceError::ValueOverflow { n: 65536 });
}

#[test]
fn tail_codes_resume_from_a_prefix() {
    let rules = HeapRules::all_but(&[2, 3, 7]).unwrap();
    let full = engine_u16(&rules, 3000);
    let prefix: Vec<u16> = full[..1234].iter().map(|&v| v as u16).collect();
    let mut s = Sequence::from_prefix(rules.clone(), Method::Naive, prefix).unwrap();
    s.extend_to(3000, |_, _| {}).unwrap();
    let resumed: Vec<u64> = s.values().iter().map(|&v| u64::from(v)).collect();
    assert_eq!(resumed, full);
    let mut bad: Vec<u16> = full[..100].iter().map(|&v| v as u16).collect();
    bad[99] += 1;
    assert!(Sequence::from_prefix(rules, Method::Auto, bad).is_err());
}

#[test]
fn tail_syntax_parses_prints_and_rejects() {
    for (input, shown) in [
        ("4.(3)", "4.(3)"),
        ("lasker", "4.(3)"),
        ("0.(3)", "0.(3)"),
        ("0.33(3)", "0.(3)"),
        ("0.30(3)", "0.30(3)"),
        ("0.3003(3)", "0.300(3)"),
        ("allbut:2", "0.30(3)"),
        ("allbut(5, 2)", "0.30330(3)"),
        ("0.7(0)", "0.7"),
        ("0.1(7)", "0.1(7)"),
        ("0.(F)", "0.(F)"),
        ("0x0.(1)", "0x0.(1)"),
    ] {
        let r: HeapRules = input.parse().unwrap();
        assert_eq!(r.to_string(), shown, "{input}");
        assert_eq!(shown.parse::<HeapRules>().unwrap(), r, "{shown}");
    }
    for bad in [
        "0.(33)", "0.3(", "0.(3", "0.3)", "(3)0.1", "0.(8)", "0.()", "0.(3)3",
    ] {
        let e = bad.parse::<HeapRules>().unwrap_err().to_string();
        assert!(!e.contains('\n'), "{e}");
        assert!(e.contains(bad), "{bad}: {e}");
    }
    assert_eq!(
        "0.(8)".parse::<HeapRules>().unwrap_err().to_string(),
        "invalid octal digit '8' at position 3 in \"0.(8)\""
    );
    let c = OctalCode::parse("4.(3)").unwrap();
    assert_eq!(c.max_removed(), u64::MAX);
    assert_eq!(HeapRules::lasker().max_removed(), None);
    assert!(HeapRules::lasker().has_breaking_moves());
    assert!(!HeapRules::nim().has_breaking_moves());
    assert!("0.1(4)".parse::<HeapRules>().unwrap().has_breaking_moves());
    assert!(HeapRules::all_but(&[1 << 30]).is_err());
    assert!("allbut:0".parse::<HeapRules>().is_err());
}

#[test]
fn heaps_with_value_of_lasker_and_all_but() {
    let l = Periodic::laskers_nim();
    for v in 0..200u64 {
        let expect: Vec<u64> = (0..300).filter(|&n| l.value_at(n) == Some(v)).collect();
        assert_eq!(l.heaps_with_value(v, 300).collect::<Vec<_>>(), expect, "v = {v}");
    }
    // A huge heap's winning move needs the one heap of a given value.
    assert_eq!(
        l.heaps_with_value(10u64.pow(18), u64::MAX).collect::<Vec<_>>(),
        vec![10u64.pow(18) - 1]
    );
}

#[test]
fn periodic_rejects_bad_lengths_and_checks_overflow() {
    assert!(Periodic::new(0, 0, 0, vec![]).is_err());
    assert!(Periodic::new(2, 3, 0, vec![0; 4]).is_err());
    assert!(Periodic::new(u64::MAX, 3, 0, vec![0; 4]).is_err());
    let p = Periodic::new(0, 1, u64::MAX, vec![0]).unwrap();
    assert_eq!(p.value_at(1), Some(u64::MAX));
    assert_eq!(p.value_at(2), None);
    let q = Periodic::new(0, 1, 0, vec![7]).unwrap();
    assert_eq!(q.value_at_u128(u128::MAX), Some(7));
    assert_eq!(q.value_at_decimal(&"9".repeat(100)), Some(7));
    assert_eq!(p.value_at_decimal(&"9".repeat(100)), None);
    assert_eq!(q.value_at_decimal("12a"), None);
    assert_eq!(q.to_string(), "G(n + 1) = G(n) for every n >= 0");
    assert_eq!(
        Periodic::laskers_nim().to_string(),
        "G(n + 4) = G(n) + 4 for every n >= 1"
    );
}

/// Every option by brute force: for each k <= n, every multiset of j
/// non-empty heaps with sum n - k, allowed by bit 2^j of digit k.
fn options_brute(code: &OctalCode, n: u64) -> Vec<Vec<u64>> {
    fn parts(m: u64, j: usize, min: u64, cur: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if j == 0 {
            if m == 0 {
                out.push(cur.clone());
            }
            return;
        }
        for a in min..=m {
            cur.push(a);
            parts(m - a, j - 1, a, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    for k in 0..=n {
        let d = code.digit(k);
        for j in 0..=3usize {
            if d & (1 << j) != 0 && !(k == 0 && j < 2) {
                parts(n - k, j, 1, &mut Vec::new(), &mut out);
            }
        }
    }
    out.sort();
    out
}

fn options_of(rules: &HeapRules, n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    rules.heap_options(n, &mut |hs| out.push(hs.to_vec()));
    out.sort();
    out
}

fn code_strategy() -> impl Strategy<Value = String> {
    (
        any::<bool>(),
        prop::collection::vec(0u8..16, 0..5),
        0u8..16,
        prop::sample::select(vec![0u8, 4, 8, 12]),
    )
        .prop_map(|(hex, digits, tail, zero)| {
            let (radix, zero) = if hex { (16, zero) } else { (8, zero & 4) };
            let ch = |d: u8| char::from_digit(u32::from(d % radix), u32::from(radix)).unwrap();
            let mut s = String::from(if hex { "0x" } else { "" });
            s.push(ch(zero));
            s.push('.');
            s.extend(digits.iter().map(|&d| ch(d)));
            let t = tail % radix;
            if t != 0 {
                s.push('(');
                s.push(ch(t));
                s.push(')');
            }
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn all_but_engine_matches_brute_force(excluded in prop::collection::vec(1u64..12, 0..5)) {
        let rules = HeapRules::all_but(&excluded).unwrap();
        prop_assert_eq!(rules.all_but_excluded().unwrap(), {
            let mut e = excluded.clone();
            e.sort_unstable();
            e.dedup();
            e
        });
        let brute = all_but_brute(&excluded, 400);
        prop_assert_eq!(&nim_values(&rules, 400).unwrap(), &brute);
        prop_assert_eq!(&engine_u16(&rules, 400), &brute);
        let simple: Vec<u64> = simple_sequence(&rules, 120).into_iter().map(u64::from).collect();
        prop_assert_eq!(&simple[..], &brute[..120]);
    }

    #[test]
    fn all_but_period_predicts_the_engine(excluded in prop::collection::vec(1u64..10, 0..4)) {
        let rules = HeapRules::all_but(&excluded).unwrap();
        let proof = all_but_period(&rules, 1 << 16).unwrap().expect("all-but periods are short for small E");
        prop_assert!(proof.periodic.saltus() > 0);
        let len = 3 * proof.checked_to + 200;
        let g = nim_values(&rules, len).unwrap();
        for (n, &v) in g.iter().enumerate() {
            prop_assert_eq!(proof.value_at(n as u64), Some(v), "G({})", n);
        }
        prop_assert_eq!(prove_period(&rules, 1 << 16).unwrap(), Some(proof));
    }

    #[test]
    fn tail_codes_agree_with_brute_force(code in code_strategy()) {
        let rules: HeapRules = code.parse().unwrap();
        let three = matches!(&rules, HeapRules::Octal(c) if c.is_hex() && (c.tail().unwrap_or(0) & 8 != 0 || c.digits().iter().any(|d| d & 8 != 0)));
        let len = if three { 40 } else { 90 };
        let simple: Vec<u64> = simple_sequence(&rules, len).into_iter().map(u64::from).collect();
        prop_assert_eq!(&nim_values(&rules, len as u64).unwrap(), &simple, "{}", code);
        prop_assert_eq!(&engine_u16(&rules, len as u64), &simple, "{}", code);
        let mut naive = Sequence::new(rules.clone(), Method::Naive);
        naive.extend_to(len as u64, |_, _| {}).unwrap();
        prop_assert_eq!(naive.values().iter().map(|&v| u64::from(v)).collect::<Vec<_>>(), simple);
    }

    #[test]
    fn heap_options_match_brute_force(code in code_strategy(), n in 0u64..14) {
        let rules: HeapRules = code.parse().unwrap();
        let HeapRules::Octal(c) = &rules else { unreachable!() };
        prop_assert_eq!(options_of(&rules, n), options_brute(c, n), "{} heap {}", code, n);
    }

    #[test]
    fn subtraction_and_all_but_options_match_their_definitions(
        set in prop::collection::vec(1u64..12, 1..5),
        n in 0u64..30,
    ) {
        let sub = HeapRules::subtraction(&set);
        let mut expect: Vec<Vec<u64>> = set.iter().copied().filter(|&s| s <= n).collect::<std::collections::BTreeSet<_>>()
            .into_iter().map(|s| if s == n { vec![] } else { vec![n - s] }).collect();
        expect.sort();
        prop_assert_eq!(options_of(&sub, n), expect);
        let ab = HeapRules::all_but(&set).unwrap();
        let mut expect: Vec<Vec<u64>> = (1..=n).filter(|k| !set.contains(k))
            .map(|k| if k == n { vec![] } else { vec![n - k] }).collect();
        expect.sort();
        prop_assert_eq!(options_of(&ab, n), expect);
    }

    #[test]
    fn periodic_value_at_and_heaps_with_value_match_expansion(
        pre in 0u64..6,
        period in 1u64..6,
        saltus in 0u64..4,
        seed in prop::collection::vec(0u64..6, 12),
    ) {
        let values: Vec<u64> = seed[..(pre + period) as usize].to_vec();
        let p = Periodic::new(pre, period, saltus, values.clone()).unwrap();
        // Expand by the definition.
        let mut g = values.clone();
        for n in g.len()..200 {
            g.push(g[n - period as usize] + saltus);
        }
        for (n, &v) in g.iter().enumerate() {
            prop_assert_eq!(p.value_at(n as u64), Some(v));
        }
        for from in [0u64, 1, 3, 7, 11, 50] {
            for to in [from, from + 1, from + 13, 199] {
                let expect: Vec<u64> = g[from as usize..=to as usize].to_vec();
                prop_assert_eq!(p.range(from, to), Some(expect));
            }
        }
        for v in 0..30u64 {
            let below = 150;
            let expect: Vec<u64> = (0..below).filter(|&n| g[n as usize] == v).collect();
            prop_assert_eq!(p.heaps_with_value(v, below).collect::<Vec<_>>(), expect);
        }
    }
}

#[test]
fn subtraction_codes_and_sets_have_one_prover() {
    // S(1,3,4) written as a code without breaking moves: same period,
    // proved by the same bound (the window argument is Guy–Smith here).
    let set = prove_period(&"S(1,3,4)".parse().unwrap(), 1000).unwrap().unwrap();
    let code = prove_period(&"0.3033".parse().unwrap(), 1000).unwrap().unwrap();
    assert_eq!(set.periodic, code.periodic);
    assert_eq!(set.checked_to, code.checked_to);
    assert_eq!(prove_period(&HeapRules::split(), 1000).unwrap(), None);
    assert!(all_but_period(&HeapRules::kayles(), 10).is_err());
}

#[test]
fn wide_values_match_the_u16_engine_on_finite_games() {
    for code in [
        "0.77", "0.07", "0.137", "4.07", "0x0.F6", "0.6111", "S(2,5,7)", "grundy", "split", "0.16",
    ] {
        let rules: HeapRules = code.parse().unwrap();
        let len = if code == "0x0.F6" { 150 } else { 1500 };
        assert_eq!(
            nim_values(&rules, len).unwrap(),
            engine_u16(&rules, len),
            "{code}"
        );
    }
}
