//! Hexadecimal codes whose moves leave three heaps: the engine combines the
//! two-heap split sets of each total with the third heap; here its values are
//! checked against the triple-by-triple computation it replaced (kept as the
//! reference) and against brute force.

use crate::common;

use grundy_octal::{HeapRules, Method, Sequence};
use proptest::prelude::*;

/// The O(n^2)-a-value computation the engine used before: every option of every
/// heap, three-heap moves triple by triple (a <= b <= c).
fn triple_by_triple(rules: &HeapRules, len: usize) -> Vec<u16> {
    let HeapRules::Octal(code) = rules else {
        panic!("a code")
    };
    let mut g: Vec<u16> = vec![0];
    let mut seen = vec![false; 1 << 17];
    for n in 1..len {
        let mut marked: Vec<usize> = Vec::new();
        let mut mark = |v: u16, marked: &mut Vec<usize>| {
            if !seen[v as usize] {
                seen[v as usize] = true;
                marked.push(v as usize);
            }
        };
        for k in 0..=n {
            let d = code.digit(k as u64);
            if k > 0 && k == n && d & 1 != 0 {
                mark(0, &mut marked);
            }
            if k > 0 && k < n && d & 2 != 0 {
                mark(g[n - k], &mut marked);
            }
            if d & 4 != 0 && n >= k + 2 {
                let m = n - k;
                for a in 1..=m / 2 {
                    mark(g[a] ^ g[m - a], &mut marked);
                }
            }
            if d & 8 != 0 && n >= k + 3 {
                let m = n - k;
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        mark(g[a] ^ g[b] ^ g[m - a - b], &mut marked);
                    }
                }
            }
        }
        let mut mex = 0;
        while seen[mex] {
            mex += 1;
        }
        for v in marked {
            seen[v] = false;
        }
        g.push(mex as u16);
    }
    g
}

fn engine(rules: &HeapRules, method: Method, len: usize) -> Vec<u16> {
    let mut s = Sequence::new(rules.clone(), method);
    s.extend_to(len as u64, |_, _| {}).unwrap();
    s.into_values()
}

/// Long enough to pass several widenings of the split sets (values past 64,
/// 128, 256, 512 for the codes whose values grow).
const LEN: usize = if cfg!(debug_assertions) { 1200 } else { 3000 };

#[test]
fn three_heap_codes_match_the_triple_by_triple_values() {
    for code in [
        "0x0.F6", "0x0.3F", "0x0.8", "0x0.FFFF", "0x0.48", "0x0.08", "0x0.C8", "0x8.0", "0x0.0009", "0x0.B7",
        "0x0.98",
    ] {
        let rules = HeapRules::parse(code).unwrap();
        let want = triple_by_triple(&rules, LEN);
        assert_eq!(engine(&rules, Method::Auto, LEN), want, "{code}");
        assert_eq!(engine(&rules, Method::Naive, LEN), want, "{code}");
    }
}

#[test]
fn resuming_a_three_heap_code_rebuilds_its_split_sets() {
    let rules = HeapRules::parse("0x0.F6").unwrap();
    let want = engine(&rules, Method::Auto, 700);
    for cut in [1, 2, 5, 64, 333] {
        let mut s = Sequence::from_prefix(rules.clone(), Method::Auto, want[..cut].to_vec()).unwrap();
        s.extend_to(700, |_, _| {}).unwrap();
        assert_eq!(s.values(), &want[..], "cut at {cut}");
    }
}

#[test]
fn values_of_three_heap_codes_grow_past_a_thousand() {
    // 0.8 (take one, leave three heaps): G grows about n / 3.
    let g = engine(&HeapRules::parse("0x0.8").unwrap(), Method::Auto, 4000);
    assert!(g[3999] > 1000, "{}", g[3999]);
}

fn hex_code() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![0u8, 4, 8, 12]),
        prop::collection::vec(0u8..16, 1..5),
    )
        .prop_map(|(zero, digits)| {
            let ch = |d: u8| char::from_digit(u32::from(d), 16).unwrap().to_ascii_uppercase();
            let mut s = format!("0x{}.", ch(zero));
            s.extend(digits.iter().map(|&d| ch(d | 8)));
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_three_heap_codes_match_brute_force_and_the_reference(code in hex_code()) {
        let rules = HeapRules::parse(&code).unwrap();
        let brute: Vec<u16> = common::simple_sequence(&rules, 60).into_iter().map(|v| v as u16).collect();
        prop_assert_eq!(&engine(&rules, Method::Auto, 60), &brute, "{}", code);
        let len = 400;
        prop_assert_eq!(engine(&rules, Method::Sparse, len), triple_by_triple(&rules, len), "{}", code);
    }
}

#[test]
fn small_heaps_match_the_position_brute_force() {
    for code in ["0x0.F6", "0x0.3F", "0x0.8"] {
        let rules = HeapRules::parse(code).unwrap();
        let mut brute = common::Brute::new(&rules);
        let g = engine(&rules, Method::Auto, 25);
        for n in 0..25u64 {
            assert_eq!(u32::from(g[n as usize]), brute.value(&[n]), "{code} heap {n}");
        }
    }
}
