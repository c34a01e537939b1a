//! The sparse-space method against the naive method on every octal game
//! with up to three digits after the point (0.d1, 0.d1d2, 0.d1d2d3 with a
//! non-zero last digit: codes with a trailing 0 are literally the shorter
//! game). Heaps 0..20,000 in release builds (`cargo test --release`), 0..1,500
//! in debug builds to keep `cargo test` quick (about 35 s in debug and 150 s in
//! release on a busy 2-core machine; the naive reference dominates). Split by
//! first digit so the test harness can run the parts on several threads.

use grundy_octal::{HeapRules, Method, Sequence};

const N: u64 = if cfg!(debug_assertions) { 1_500 } else { 20_000 };

fn check_first_digit(d1: u32) {
    let mut codes = Vec::new();
    if d1 != 0 {
        codes.push(format!("0.{d1}"));
    }
    for d2 in 0..8 {
        if d2 != 0 {
            codes.push(format!("0.{d1}{d2}"));
        }
        for d3 in 1..8 {
            codes.push(format!("0.{d1}{d2}{d3}"));
        }
    }
    for code in codes {
        let rules = HeapRules::octal(&code).unwrap();
        let mut naive = Sequence::new(rules.clone(), Method::Naive);
        let mut sparse = Sequence::new(rules, Method::Sparse);
        naive.extend_to(N, |_, _| {}).unwrap();
        sparse.extend_to(N, |_, _| {}).unwrap();
        if let Some(i) = (0..N as usize).find(|&i| naive.values()[i] != sparse.values()[i]) {
            panic!(
                "{code}: naive G({i}) = {} but sparse gives {}",
                naive.values()[i],
                sparse.values()[i]
            );
        }
    }
}

#[test]
fn all_codes_0_0xx() {
    check_first_digit(0);
}
#[test]
fn all_codes_0_1xx() {
    check_first_digit(1);
}
#[test]
fn all_codes_0_2xx() {
    check_first_digit(2);
}
#[test]
fn all_codes_0_3xx() {
    check_first_digit(3);
}
#[test]
fn all_codes_0_4xx() {
    check_first_digit(4);
}
#[test]
fn all_codes_0_5xx() {
    check_first_digit(5);
}
#[test]
fn all_codes_0_6xx() {
    check_first_digit(6);
}
#[test]
fn all_codes_0_7xx() {
    check_first_digit(7);
}

#[test]
fn grundy_and_split_codes_sparse_equals_naive() {
    let n = if cfg!(debug_assertions) { 3_000 } else { 30_000 };
    for rules in [
        HeapRules::grundy(),
        HeapRules::octal("4.0").unwrap(),
        HeapRules::octal("4.07").unwrap(),
        HeapRules::octal("0.6111").unwrap(),
    ] {
        let mut naive = Sequence::new(rules.clone(), Method::Naive);
        let mut sparse = Sequence::new(rules.clone(), Method::Sparse);
        naive.extend_to(n, |_, _| {}).unwrap();
        sparse.extend_to(n, |_, _| {}).unwrap();
        assert_eq!(naive.values(), sparse.values(), "{rules}");
    }
}
