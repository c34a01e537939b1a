//! The sparse-space method against the naive one on the codes of the
//! README's speed table (values below 64: 0.167, 0.16, 0.156, 0.45; above:
//! 0.6, 0.376) past the heap where the rare pairs of consecutive heaps are
//! marked in batches, and on random codes with two or three digits that
//! break.

use grundy_octal::{HeapRules, Method, Sequence};
use proptest::prelude::*;

fn values(rules: &HeapRules, method: Method, len: u64) -> Vec<u16> {
    let mut s = Sequence::new(rules.clone(), method);
    s.extend_to(len, |_, _| {}).unwrap();
    s.into_values()
}

const LEN: u64 = if cfg!(debug_assertions) { 8000 } else { 30_000 };

#[test]
fn sparse_equals_naive_on_the_benchmark_codes() {
    for code in ["0.167", "0.16", "0.156", "0.45", "0.6", "0.376"] {
        let rules: HeapRules = code.parse().unwrap();
        let naive = values(&rules, Method::Naive, LEN);
        let sparse = values(&rules, Method::Sparse, LEN);
        assert_eq!(sparse, naive, "{code}");
    }
}

#[test]
fn a_resumed_run_matches_inside_a_batch() {
    // 0.6 has values above 64 from early on; cut at heaps that fall inside
    // a batch of 16 and at its edges.
    let rules: HeapRules = "0.6".parse().unwrap();
    let want = values(&rules, Method::Naive, 6000);
    for cut in [300, 1000, 1007, 1024, 4099] {
        let mut s = Sequence::from_prefix(rules.clone(), Method::Sparse, want[..cut].to_vec()).unwrap();
        s.extend_to(6000, |_, _| {}).unwrap();
        assert_eq!(s.values(), &want[..], "from {cut}");
    }
}

fn breaking_code() -> impl Strategy<Value = String> {
    // Digits 4..7 break; codes with 2-4 digits after the point.
    (
        prop::collection::vec(0u8..8, 1..3),
        prop::collection::vec(4u8..8, 1..3),
    )
        .prop_map(|(a, b)| {
            let mut s = String::from("0.");
            s.extend(a.iter().chain(&b).map(|d| char::from(b'0' + d)));
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_breaking_codes_agree(code in breaking_code()) {
        let rules: HeapRules = code.parse().unwrap();
        let len = 3000;
        prop_assert_eq!(values(&rules, Method::Sparse, len), values(&rules, Method::Naive, len), "{}", code);
    }
}
