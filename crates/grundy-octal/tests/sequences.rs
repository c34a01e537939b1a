//! Hard-coded sequences (tests/data/sequences.txt) and brute-force checks.

use crate::common;

use common::{simple_sequence, Brute};
use grundy_octal::{HeapRules, Method, Sequence};
use proptest::prelude::*;

fn compute(rules: &HeapRules, method: Method, len: u64) -> Vec<u16> {
    let mut s = Sequence::new(rules.clone(), method);
    s.extend_to(len, |_, _| {}).unwrap();
    s.into_values()
}

#[test]
fn data_file_sequences() {
    let text = include_str!("data/sequences.txt");
    let mut games = 0;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, values) = line.split_once(':').unwrap();
        let rules: HeapRules = name.parse().unwrap();
        let want: Vec<u16> = values.split_whitespace().map(|v| v.parse().unwrap()).collect();
        let len = want.len() as u64;
        for method in [Method::Naive, Method::Sparse, Method::Auto] {
            assert_eq!(compute(&rules, method, len), want, "{name} {method:?}");
        }
        let simple = simple_sequence(&rules, want.len());
        assert_eq!(
            simple.iter().map(|&v| v as u16).collect::<Vec<_>>(),
            want,
            "{name} simple"
        );
        // Brute force over whole positions for the small heaps.
        let mut brute = Brute::new(&rules);
        let limit = if matches!(rules, HeapRules::Split) { 14 } else { 22 };
        for (n, &v) in want.iter().enumerate().take(limit) {
            assert_eq!(brute.value(&[n as u64]), v as u32, "{name} brute G({n})");
        }
        games += 1;
    }
    assert!(games >= 8);
}

#[test]
fn kayles_matches_literature() {
    let kayles = compute(&HeapRules::kayles(), Method::Auto, 84);
    let lit = "0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 5 4 7 2 1 8 6 7 4 1 2 3 1 4 7 2 1 8 2 7 4 1 2 8 1 4 7 2 1 4 2 7 4 1 2 8 1 4 7 2 1 8 6 7 4 1 2 8 1 4 7 2 1 8 2 7";
    let lit: Vec<u16> = lit.split(' ').map(|v| v.parse().unwrap()).collect();
    assert_eq!(kayles, lit);
    let grundy = compute(&HeapRules::grundy(), Method::Auto, 30);
    let lit = "0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 4 3 0 4 3 0 4 1 2";
    let lit: Vec<u16> = lit.split(' ').map(|v| v.parse().unwrap()).collect();
    assert_eq!(grundy, lit);
}

#[test]
fn hex_codes_against_simple_recursion() {
    for code in ["0.F6", "0x0.8", "0x4.9", "0.B3F", "0x8.1", "0xC.07"] {
        let rules: HeapRules = code.parse().unwrap();
        let want = simple_sequence(&rules, 120);
        for method in [Method::Naive, Method::Sparse] {
            let got = compute(&rules, method, 120);
            assert!(
                got.iter().zip(&want).all(|(&a, &b)| a as u32 == b),
                "{code} {method:?}"
            );
        }
    }
}

fn arb_rules() -> impl Strategy<Value = HeapRules> {
    prop_oneof![
        (
            prop::sample::select(vec![0u8, 4]),
            prop::collection::vec(0u8..8, 1..4)
        )
            .prop_map(|(d0, ds)| {
                let code = format!("{d0}.{}", ds.iter().map(|d| d.to_string()).collect::<String>());
                HeapRules::octal(&code).unwrap()
            }),
        (
            prop::sample::select(vec![0u8, 4, 8, 12]),
            prop::collection::vec(0u8..16, 1..3)
        )
            .prop_map(|(d0, ds)| {
                let code = format!(
                    "0x{d0:X}.{}",
                    ds.iter().map(|d| format!("{d:X}")).collect::<String>()
                );
                HeapRules::octal(&code).unwrap()
            }),
        Just(HeapRules::grundy()),
        Just(HeapRules::split()),
        prop::collection::vec(1u64..8, 0..4).prop_map(|s| HeapRules::subtraction(&s)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn single_heap_equals_brute_force(rules in arb_rules(), n in 0u64..13) {
        let mut brute = Brute::new(&rules);
        for method in [Method::Naive, Method::Sparse] {
            let seq = compute(&rules, method, n + 1);
            prop_assert_eq!(seq[n as usize] as u32, brute.value(&[n]));
        }
    }

    #[test]
    fn sum_of_two_heaps_is_xor(rules in arb_rules(), a in 0u64..7, b in 0u64..7) {
        let seq = compute(&rules, Method::Auto, 8);
        let mut brute = Brute::new(&rules);
        prop_assert_eq!(
            brute.value(&[a, b]),
            (seq[a as usize] ^ seq[b as usize]) as u32
        );
    }

    #[test]
    fn resume_gives_same_values(rules in arb_rules(), cut in 1u64..150) {
        let full = compute(&rules, Method::Auto, 200);
        let mut s = Sequence::from_prefix(rules.clone(), Method::Auto, full[..cut as usize].to_vec()).unwrap();
        let mut streamed = Vec::new();
        s.extend_to(200, |n, v| streamed.push((n, v))).unwrap();
        prop_assert_eq!(s.values(), &full[..]);
        prop_assert_eq!(streamed.len() as u64, 200 - cut);
        prop_assert_eq!(streamed[0].0, cut);
    }
}

#[test]
fn from_prefix_rejects_foreign_values() {
    let kayles = compute(&HeapRules::kayles(), Method::Auto, 50);
    let err = Sequence::from_prefix(HeapRules::grundy(), Method::Auto, kayles).unwrap_err();
    assert!(err.to_string().starts_with("invalid prefix:"), "{err}");
    assert!(Sequence::from_prefix(HeapRules::grundy(), Method::Auto, vec![]).is_err());
}

#[test]
fn heap_options_lists() {
    let mut v = Vec::new();
    HeapRules::split().heap_options(5, &mut |h| v.push(h.to_vec()));
    assert_eq!(
        v,
        vec![vec![1, 1, 1, 1, 1], vec![1, 2, 2], vec![2, 3], vec![1, 4]]
    );
    v.clear();
    HeapRules::subtraction(&[1, 3, 4]).heap_options(3, &mut |h| v.push(h.to_vec()));
    assert_eq!(v, vec![vec![2], vec![]]);
    v.clear();
    HeapRules::octal("0x0.8")
        .unwrap()
        .heap_options(6, &mut |h| v.push(h.to_vec()));
    assert_eq!(v, vec![vec![1, 1, 3], vec![1, 2, 2]]);
    v.clear();
    HeapRules::octal("4.0")
        .unwrap()
        .heap_options(4, &mut |h| v.push(h.to_vec()));
    assert_eq!(v, vec![vec![1, 3], vec![2, 2]]);
}

#[test]
fn chunked_resume_matches_one_shot() {
    for rules in [HeapRules::grundy(), HeapRules::octal("0.167").unwrap()] {
        let one = compute(&rules, Method::Sparse, 6000);
        let mut values = vec![0u16];
        let mut end = 1;
        while end < 6000 {
            end = (end * 3 + 7).min(6000);
            let mut s = Sequence::from_prefix(rules.clone(), Method::Sparse, values).unwrap();
            s.extend_to(end, |_, _| {}).unwrap();
            values = s.into_values();
        }
        assert_eq!(values, one, "{rules}");
    }
}
