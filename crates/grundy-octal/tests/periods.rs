//! Periods proved by the Guy–Smith theorem, checked against the literature
//! and against computed values.

use grundy_octal::{detect_period, find_period, proof_bound, HeapRules, Method, Sequence};

fn period(code: &str, max: u64) -> grundy_octal::Period {
    let rules: HeapRules = code.parse().unwrap();
    find_period(&rules, max, Method::Auto).unwrap().unwrap()
}

#[test]
fn kayles_period_12_from_71() {
    let p = period("0.77", 10_000);
    assert!(p.proved);
    assert_eq!((p.preperiod(), p.period()), (71, 12));
    // Guy–Smith: t = 2, check e <= n < 2*71 + 12 + 2 = 156, values to 156 + 12.
    assert_eq!(p.checked_to, 168);
    let values = {
        let mut s = Sequence::new(HeapRules::kayles(), Method::Auto);
        s.extend_to(100, |_, _| {}).unwrap();
        s.into_values()
    };
    // The last exceptional value is G(70) = 6 (G(82) = 2).
    assert_ne!(values[70], values[82]);
}

#[test]
fn dawsons_kayles_period_34_from_53() {
    // 0.07: G(n + 34) = G(n) for all n >= 53; G(52) != G(86) is the last
    // exception (heap sizes in 0.07 counting; Dawson's chess board n is heap
    // n - 1 in some texts, which shifts the preperiod by one).
    let p = period("0.07", 10_000);
    assert!(p.proved);
    assert_eq!((p.preperiod(), p.period()), (53, 34));
}

#[test]
fn subtraction_134_period_7() {
    let p = period("S(1,3,4)", 1_000);
    assert!(p.proved);
    assert_eq!((p.preperiod(), p.period()), (0, 7));
    assert_eq!(p.periodic.values(), &[0, 1, 0, 1, 2, 3, 2]);
}

#[test]
fn trivial_games() {
    let p = period("0.1", 100);
    // 0.1: G = 0, 1, 0, 0, 0, ...
    assert_eq!((p.preperiod(), p.period(), p.proved), (2, 1, true));
    let p = period("0.0", 100);
    assert_eq!((p.preperiod(), p.period(), p.proved), (0, 1, true));
    let p = period("0.3333", 1000);
    assert_eq!((p.preperiod(), p.period(), p.proved), (0, 5, true));
}

#[test]
fn grundys_game_is_never_proved() {
    let rules = HeapRules::grundy();
    let r = find_period(&rules, 5_000, Method::Auto).unwrap();
    assert!(!matches!(r, Some(p) if p.proved));
    assert_eq!(proof_bound(&rules, 10, 10), None);
}

#[test]
fn value_at_agrees_with_computed_values() {
    for code in [
        "0.77", "0.07", "0.137", "0.51", "0.4", "0.15", "0.33", "0.75", "4.07", "0x0.F", "S(2,5,7)",
        "S(1,2,3)", "0.35",
    ] {
        let rules: HeapRules = code.parse().unwrap();
        let p = find_period(&rules, 20_000, Method::Auto).unwrap().unwrap();
        assert!(p.proved, "{code}: {}", p.rule);
        let mut s = Sequence::new(rules, Method::Auto);
        let len = 3 * p.checked_to + 500;
        s.extend_to(len, |_, _| {}).unwrap();
        for n in 0..len {
            assert_eq!(
                p.value_at(n),
                Some(u64::from(s.values()[n as usize])),
                "{code} G({n})"
            );
        }
        assert_eq!(
            p.periodic.value_at_decimal(&(len - 1).to_string()),
            Some(u64::from(s.values()[len as usize - 1]))
        );
    }
}

#[test]
fn value_at_huge_heaps() {
    let p = period("0.77", 1_000);
    let n = 1_000_000_000_000_000_000u64;
    assert_eq!(p.value_at(n), p.value_at(71 + (n - 71) % 12));
    assert_eq!(
        p.periodic.value_at_u128(n as u128 * 1000),
        p.value_at(71 + (n as u128 * 1000 - 71) as u64 % 12)
    );
    let huge = format!("{}000", u128::MAX); // > 2^128
    let r = (u128::MAX % 12 * 1000 % 12) as u64;
    let want = p.value_at(71 + (r + 12 - 71 % 12) % 12);
    assert_eq!(p.periodic.value_at_decimal(&huge), want);
    assert_eq!(p.periodic.value_at_decimal("12a"), None);
}

#[test]
fn detect_period_on_short_data_is_not_proved() {
    let rules = HeapRules::kayles();
    let mut s = Sequence::new(rules.clone(), Method::Auto);
    s.extend_to(150, |_, _| {}).unwrap();
    let p = detect_period(&rules, s.values()).unwrap();
    assert!(!p.proved);
    assert_eq!((p.preperiod(), p.period()), (71, 12));
    assert!(p.rule.contains("not proved"), "{}", p.rule);
}

/// 0.16: preperiod 105,351 and period 149,459 (Gangolli and Plambeck 1989).
/// The proof uses G(0..509,622) (2e + p + t = 360,163, plus one period).
/// Runs in well under a second in release builds; ignored in debug builds.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds; run with --release")]
fn octal_016_gangolli_plambeck() {
    let p = period("0.16", 1_000_000);
    assert!(p.proved);
    assert_eq!((p.preperiod(), p.period()), (105_351, 149_459));
    assert_eq!(p.checked_to, 2 * 105_351 + 2 * 149_459 + 2);
}
