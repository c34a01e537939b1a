//! The three methods give the same values: `Auto` switches between the sparse
//! and the naive method as the rare fraction changes, and each forced method
//! runs alone.

use grundy_octal::{HeapRules, Method, Sequence};
use proptest::prelude::*;

fn run(rules: &HeapRules, method: Method, len: u64) -> Sequence {
    let mut s = Sequence::new(rules.clone(), method);
    s.extend_to(len, |_, _| {}).unwrap();
    s
}

const LEN: u64 = if cfg!(debug_assertions) { 12_000 } else { 40_000 };

#[test]
fn auto_naive_and_sparse_agree_on_sparse_and_dense_codes() {
    // Dense with small values (0.106, 0.104, 0.107, 0.124: about half rare),
    // dense with large values (0.06, 0.126, 0.135), sparse (0.167, 0.16, 0.127,
    // Kayles-like), and Grundy's game.
    for code in [
        "0.106", "0.104", "0.107", "0.124", "0.06", "0.126", "0.135", "0.167", "0.16", "0.127", "0.77",
        "0.137", "4.07", "grundy",
    ] {
        let rules: HeapRules = code.parse().unwrap();
        let naive = run(&rules, Method::Naive, LEN);
        let sparse = run(&rules, Method::Sparse, LEN);
        let auto = run(&rules, Method::Auto, LEN);
        assert_eq!(naive.values(), sparse.values(), "{code}: naive vs sparse");
        assert_eq!(naive.values(), auto.values(), "{code}: naive vs auto");
        assert!(
            !naive.is_sparse() && sparse.is_sparse(),
            "{code}: forced methods stay"
        );
    }
}

#[test]
fn auto_leaves_the_sparse_method_when_half_the_heaps_are_rare() {
    let dense = run(&"0.106".parse().unwrap(), Method::Auto, 20_000);
    assert!(!dense.is_sparse(), "0.106 runs naive");
    let sparse = run(&"0.167".parse().unwrap(), Method::Auto, 20_000);
    assert!(sparse.is_sparse(), "0.167 stays sparse");
    assert!(sparse.rare_count() < 200, "{}", sparse.rare_count());
    assert_eq!(dense.method(), Method::Auto);
}

#[test]
fn auto_resumes_from_a_prefix_on_either_side_of_a_switch() {
    for code in ["0.106", "0.167", "0.06"] {
        let rules: HeapRules = code.parse().unwrap();
        let want = run(&rules, Method::Naive, 12_000).into_values();
        for cut in [100, 5000, 9000] {
            let mut s = Sequence::from_prefix(rules.clone(), Method::Auto, want[..cut].to_vec()).unwrap();
            s.extend_to(12_000, |_, _| {}).unwrap();
            assert_eq!(s.values(), &want[..], "{code} from {cut}");
        }
    }
}

#[test]
fn methods_parse_and_name_the_bad_one() {
    assert_eq!("AUTO".parse::<Method>(), Ok(Method::Auto));
    assert_eq!("naive".parse::<Method>(), Ok(Method::Naive));
    assert_eq!("sparse".parse::<Method>(), Ok(Method::Sparse));
    assert_eq!(
        "fast".parse::<Method>(),
        Err("unknown method \"fast\" (expected auto, naive or sparse)".to_string())
    );
}

fn octal_code() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![0u8, 4]),
        prop::collection::vec(0u8..8, 1..5),
    )
        .prop_map(|(zero, digits)| {
            let mut s = format!("{zero}.");
            s.extend(digits.iter().map(|d| char::from(b'0' + d)));
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn random_octal_codes_agree_under_every_method(code in octal_code()) {
        let rules: HeapRules = code.parse().unwrap();
        let len = 6000;
        let naive = run(&rules, Method::Naive, len);
        let (sparse, auto) = (run(&rules, Method::Sparse, len), run(&rules, Method::Auto, len));
        prop_assert_eq!(naive.values(), sparse.values(), "{}", code);
        prop_assert_eq!(naive.values(), auto.values(), "{}", code);
    }
}
