//! Misère quotients checked against an independent brute force and known facts.

use std::collections::{BTreeSet, HashMap};

use grundy_octal::{HeapRules, MisereQuotient, QuotientError, QuotientLimits};

/// Misère outcome by definition: terminal sums are N, otherwise P iff no option is P.
fn brute_is_p(rules: &HeapRules, g: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&p) = memo.get(g) {
        return p;
    }
    let mut terminal = true;
    let mut p = true;
    for i in 0..g.len() {
        let mut opts = Vec::new();
        rules.heap_options(g[i], &mut |left| opts.push(left.to_vec()));
        for left in opts {
            terminal = false;
            let next = replaced(g, i, &left);
            if brute_is_p(rules, &next, memo) {
                p = false;
            }
        }
    }
    let p = p && !terminal;
    memo.insert(g.to_vec(), p);
    p
}

fn replaced(g: &[u64], i: usize, left: &[u64]) -> Vec<u64> {
    let mut next: Vec<u64> = g[..i].iter().chain(&g[i + 1..]).chain(left).copied().collect();
    next.sort_unstable();
    next
}

/// Every sorted sum of heaps 1..=max with at most `tokens` tokens.
fn sums(max: u64, tokens: u64) -> Vec<Vec<u64>> {
    fn go(max: u64, left: u64, cur: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.push(cur.clone());
        let from = cur.last().copied().unwrap_or(1);
        for h in from..=max.min(left) {
            cur.push(h);
            go(max, left - h, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(max, tokens, &mut Vec::new(), &mut out);
    out
}

const GAMES: &[(&str, u64, u64)] = &[
    // (rules, max heap, tokens in the brute-force sums)
    ("0.(3)", 5, 16),
    ("kayles", 8, 18),
    ("0.07", 9, 18),
    ("0.137", 8, 18),
    ("0.6", 7, 16),
    ("0.15", 8, 18),
    ("4.07", 6, 14),
    ("grundy", 9, 18),
    ("S(1,3,4)", 8, 18),
];

#[test]
fn every_answer_matches_brute_force() {
    for &(name, max_heap, tokens) in GAMES {
        let rules = HeapRules::parse(name).unwrap();
        let q = MisereQuotient::compute(&rules, max_heap, QuotientLimits::default()).unwrap();
        let mut memo = HashMap::new();
        for g in sums(max_heap, tokens) {
            let truth = brute_is_p(&rules, &g, &mut memo);
            assert_eq!(q.is_p_position(&g), Some(truth), "{name}: sum {g:?}");
            // Winning moves: exactly the options that are P-positions.
            let mut expected = BTreeSet::new();
            for i in 0..g.len() {
                rules.heap_options(g[i], &mut |left| {
                    let next = replaced(&g, i, left);
                    if *memo.get(&next).expect("searched") {
                        expected.insert(next);
                    }
                });
            }
            let listed: BTreeSet<Vec<u64>> = q
                .winning_moves(&g)
                .unwrap()
                .into_iter()
                .map(|(i, left)| replaced(&g, i, &left))
                .collect();
            assert_eq!(listed, expected, "{name}: winning moves of {g:?}");
        }
    }
}

#[test]
fn quotients_are_reduced_commutative_monoids_of_even_order() {
    for &(name, max_heap, _) in GAMES {
        let rules = HeapRules::parse(name).unwrap();
        let q = MisereQuotient::compute(&rules, max_heap, QuotientLimits::default()).unwrap();
        let n = q.order() as u32;
        // Plambeck and Siegel: every misère quotient of impartial games has even order.
        assert_eq!(n % 2, 0, "{name}: order {n}");
        for x in 0..n {
            assert_eq!(q.multiply(0, x), x);
            for y in 0..n {
                assert_eq!(q.multiply(x, y), q.multiply(y, x), "{name}: commutative");
                for z in 0..n {
                    assert_eq!(
                        q.multiply(q.multiply(x, y), z),
                        q.multiply(x, q.multiply(y, z)),
                        "{name}: associative"
                    );
                }
            }
        }
        // Reduced: distinct elements are told apart by some element.
        for x in 0..n {
            for y in x + 1..n {
                assert!(
                    (0..n).any(|z| q.in_p(q.multiply(x, z)) != q.in_p(q.multiply(y, z))),
                    "{name}: elements {x} and {y} are indistinguishable"
                );
            }
        }
        // Normal forms name their elements, and the relations hold.
        for x in 0..n {
            assert_eq!(q.evaluate(q.word(x)), x, "{name}: normal form of {x}");
        }
        for (lhs, rhs) in q.relations() {
            assert_eq!(q.evaluate(lhs), q.evaluate(rhs), "{name}: {lhs} = {rhs}");
        }
    }
}

/// Bouton's misère Nim: with a heap of two or more, P iff the nim-sum is 0; with
/// heaps of one only, P iff their number is odd.
fn bouton_misere_p(heaps: &[u64]) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    } else {
        heaps.iter().fold(0, |x, h| x ^ h) == 0
    }
}

#[test]
fn misere_nim_follows_bouton_for_sums_of_millions_of_heaps() {
    let q = MisereQuotient::compute(&HeapRules::nim(), 7, QuotientLimits::default()).unwrap();
    let mut sums: Vec<Vec<u64>> = vec![vec![1; 1_000_000], vec![1; 1_000_001], vec![7; 2_000_000]];
    let mut with_big = vec![1; 1_000_001];
    with_big.extend([6, 7]);
    sums.push(with_big.clone());
    with_big.push(1);
    sums.push(with_big);
    let mut state = 12345u64;
    for _ in 0..2000 {
        let len = 1 + (state % 9) as usize;
        let g: Vec<u64> = (0..len)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state % 8
            })
            .collect();
        sums.push(g);
    }
    for g in &sums {
        assert_eq!(
            q.is_p_position(g),
            Some(bouton_misere_p(g)),
            "{:?}",
            &g[..g.len().min(9)]
        );
    }
}

#[test]
fn nims_quotient_for_heaps_up_to_three_is_the_six_element_t2() {
    // Plambeck and Siegel's T2: <a, b | a^2 = 1, b^3 = b>, P = {a, b^2}.
    let q = MisereQuotient::compute(&HeapRules::nim(), 3, QuotientLimits::default()).unwrap();
    assert_eq!(q.order(), 6);
    assert_eq!(q.presentation(), "<a, b | a^2 = 1, b^3 = b>");
    let p: Vec<String> = q.p_portion().iter().map(|w| w.to_string()).collect();
    assert_eq!(p, ["a", "b^2"]);
    // A heap of 3 is a heap of 1 plus a heap of 2 (tame).
    assert_eq!(q.word(q.heap_element(3).unwrap()).to_string(), "ab");
}

#[test]
fn heaps_beyond_the_quotient_and_small_limits_are_errors() {
    let q = MisereQuotient::compute(&HeapRules::kayles(), 4, QuotientLimits::default()).unwrap();
    assert_eq!(q.is_p_position(&[1, 5]), None);
    assert_eq!(q.winning_moves(&[5]), None);
    assert!(matches!(
        MisereQuotient::compute(&HeapRules::kayles(), 0, QuotientLimits::default()),
        Err(QuotientError::HeapRange(0))
    ));
    // Only the first heaps are learned from searched sums (three sums for Kayles,
    // every later heap is proved from the smaller quotient): two are too few.
    let tight = QuotientLimits {
        max_positions: 2,
        ..QuotientLimits::default()
    };
    let err = MisereQuotient::compute(&HeapRules::kayles(), 12, tight).unwrap_err();
    assert!(matches!(err, QuotientError::TooManyPositions { .. }), "{err}");
    let few = QuotientLimits {
        max_elements: 4,
        ..QuotientLimits::default()
    };
    let err = MisereQuotient::compute(&HeapRules::kayles(), 12, few).unwrap_err();
    assert!(matches!(err, QuotientError::TooManyElements { .. }), "{err}");
    // The searches and the proofs count their memory: 64 KB is too little for
    // Kayles to heap 14.
    let small = QuotientLimits {
        max_bytes: 64 << 10,
        ..QuotientLimits::default()
    };
    let err = MisereQuotient::compute(&HeapRules::kayles(), 14, small).unwrap_err();
    assert!(
        matches!(&err, QuotientError::OverBudget(b) if b.limit == grundy_budget::Limit::Memory && b.allowed == 64 << 10),
        "{err}"
    );
    // Every candidate's proof is charged: Kayles to heap 40 needs far more than 10^4 steps.
    let brief = QuotientLimits {
        max_work: 10_000,
        ..QuotientLimits::default()
    };
    let err = MisereQuotient::compute(&HeapRules::kayles(), 40, brief).unwrap_err();
    assert!(
        matches!(&err, QuotientError::OverBudget(b) if b.limit == grundy_budget::Limit::Work && b.allowed == 10_000),
        "{err}"
    );
}

/// Large heaps, where the quotient is built from the smaller one by classes (no
/// search of sums at all): the answers still match the brute force, on every sum of
/// at most two heaps and on sums of three and four heaps spread over the sizes.
#[test]
fn quotients_of_large_heaps_match_brute_force() {
    for (name, max_heap, tokens) in [("kayles", 44, 46), ("0.75", 40, 44), ("0.71", 36, 40)] {
        let rules = HeapRules::parse(name).unwrap();
        let q = MisereQuotient::compute(&rules, max_heap, QuotientLimits::default()).unwrap();
        let mut memo = HashMap::new();
        let mut checked = 0;
        for a in 1..=max_heap {
            for b in 0..=a.min(tokens - a) {
                for c in [0, 1, 2, 3, 5, 8] {
                    if c > b || a + b + c > tokens || (c > 0 && b == 0) {
                        continue;
                    }
                    let g: Vec<u64> = [a, b, c].into_iter().filter(|&h| h > 0).collect();
                    let truth = brute_is_p(&rules, &g, &mut memo);
                    assert_eq!(
                        q.is_p_position(&g),
                        Some(truth),
                        "{name} to {max_heap}: sum {g:?}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 500, "{name}: {checked}");
    }
}

/// Quotients repaired by recalibration (their new heaps split classes of the
/// smaller quotient: 0.16 at heaps 12 to 16, Dawson's Kayles at 10, 25, 27 and 30)
/// against brute force, on every sum of up to two heaps and sums of three.
#[test]
fn recalibrated_quotients_match_brute_force() {
    for (name, max_heap, tokens) in [("0.16", 16, 34), ("0.07", 30, 38), ("0.36", 20, 30)] {
        let rules = HeapRules::parse(name).unwrap();
        let q = MisereQuotient::compute(&rules, max_heap, QuotientLimits::default()).unwrap();
        let mut memo = HashMap::new();
        let mut seen = [0; 2];
        for a in 1..=max_heap {
            for b in 0..=a.min(tokens - a) {
                for c in [0, 1, 2, 4, 7] {
                    if c > b || a + b + c > tokens || (c > 0 && b == 0) {
                        continue;
                    }
                    let g: Vec<u64> = [a, b, c].into_iter().filter(|&h| h > 0).collect();
                    let truth = brute_is_p(&rules, &g, &mut memo);
                    seen[usize::from(truth)] += 1;
                    assert_eq!(
                        q.is_p_position(&g),
                        Some(truth),
                        "{name} to {max_heap}: sum {g:?}"
                    );
                }
            }
        }
        assert!(seen[0] > 50 && seen[1] > 20, "{name}: {seen:?}");
    }
}
