//! Twins: the one heap engine (every heap family's [`HeapGame`], on the
//! `grundy-octal` engine: `Sequence`, `nim_values`, `prove_period`, `Periodic`)
//! against plain brute-force mex loops written here from the rules, and against
//! the memoized search of the core.

use grundy::games::{AllBut, HeapGame, Split, Subtraction};
use grundy::solve::NimValues;
use grundy_octal::{all_but_period, nim_values, prove_period, HeapRules, Method, Sequence};
use proptest::prelude::*;

/// Plain mex of a set of values.
fn mex(seen: &[bool]) -> u64 {
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64
}

/// The split game by brute force: a pile of p splits into p / k piles of k and one of p % k.
fn split_brute(n: usize) -> Vec<u64> {
    let mut g = vec![0u64; n + 1];
    for p in 2..=n {
        let mut seen = vec![false; 2 * p + 2];
        for k in 1..p {
            let copies = if (p / k) % 2 == 1 { g[k] } else { 0 };
            seen[(copies ^ g[p % k]) as usize] = true;
        }
        g[p] = mex(&seen);
    }
    g
}

/// A subtraction game by brute force.
fn subtraction_brute(set: &[u64], n: usize) -> Vec<u64> {
    let mut g = vec![0u64; n + 1];
    for k in 1..=n {
        let mut seen = vec![false; set.len() + 2];
        for &s in set.iter().filter(|&&s| s as usize <= k) {
            let v = g[k - s as usize] as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        g[k] = mex(&seen);
    }
    g
}

/// An all-but game by brute force: every smaller heap except n - e.
fn all_but_brute(excluded: &[u64], n: usize) -> Vec<u64> {
    let mut g = vec![0u64; n + 1];
    for k in 1..=n {
        let mut seen = vec![false; k + 2];
        for take in 1..=k {
            if !excluded.contains(&(take as u64)) {
                seen[g[k - take] as usize] = true;
            }
        }
        g[k] = mex(&seen);
    }
    g
}

fn values(game: &HeapGame, to: u64) -> Vec<u64> {
    game.values_range(0, to).unwrap()
}

#[test]
fn split_game_twins() {
    let brute = split_brute(600);
    assert_eq!(values(&Split::new(), 600), brute);
    assert_eq!(nim_values(&HeapRules::split(), 601).unwrap(), brute);
    let mut s = Sequence::new(HeapRules::split(), Method::Auto);
    s.extend_to(601, |_, _| {}).unwrap();
    assert_eq!(
        s.values().iter().map(|&v| u64::from(v)).collect::<Vec<_>>(),
        brute
    );
    // And the memoized search of the core, on the same game.
    let game = Split::new();
    let mut search = NimValues::new(&game);
    for p in 0..=40u64 {
        assert_eq!(search.nim_value(&vec![p]).unwrap(), brute[p as usize], "pile {p}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn subtraction_values_twin(set in prop::collection::vec(1u64..40, 1..7)) {
        let mut sorted = set.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let brute = subtraction_brute(&sorted, 3000);
        prop_assert_eq!(&values(&Subtraction::new(&set).unwrap(), 3000), &brute);
        prop_assert_eq!(&nim_values(&HeapRules::subtraction(&set), 3001).unwrap(), &brute);
    }

    #[test]
    fn subtraction_period_twin(set in prop::collection::vec(1u64..30, 1..6)) {
        let mut sorted = set.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let brute = subtraction_brute(&sorted, 5000);
        let game = Subtraction::new(&set).unwrap();
        let proof = game.proved_period().unwrap().expect("small subtraction games have short periods");
        prop_assert_eq!(proof.periodic.saltus(), 0);
        prop_assert_eq!(&Some(proof.clone()), &prove_period(&HeapRules::subtraction(&set), 1 << 16).unwrap());
        for (n, &v) in brute.iter().enumerate() {
            prop_assert_eq!(proof.value_at(n as u64), Some(v));
        }
        for n in [10u64.pow(12), u64::MAX] {
            let e = proof.periodic.preperiod();
            let p = proof.periodic.period();
            let small = e + (n - e) % p;
            prop_assert_eq!(proof.value_at(n), proof.value_at(small));
        }
    }

    #[test]
    fn all_but_values_twin(excluded in prop::collection::vec(1u64..25, 0..6)) {
        let brute = all_but_brute(&excluded, 600);
        prop_assert_eq!(&values(&AllBut::new(&excluded).unwrap(), 600), &brute);
        prop_assert_eq!(&nim_values(&HeapRules::all_but(&excluded).unwrap(), 601).unwrap(), &brute);
    }

    #[test]
    fn all_but_period_twin(excluded in prop::collection::vec(1u64..16, 0..5)) {
        let brute = all_but_brute(&excluded, 1500);
        let game = AllBut::new(&excluded).unwrap();
        let ours = game.proved_period().unwrap();
        let engine = all_but_period(&HeapRules::all_but(&excluded).unwrap(), 1 << 20).unwrap();
        prop_assert_eq!(&ours, &engine);
        let ours = ours.expect("Siegel: all-but games are arithmetic periodic");
        let p = &ours.periodic;
        for (n, &v) in brute.iter().enumerate() {
            prop_assert_eq!(p.value_at(n as u64), Some(v));
        }
        for v in 0..60 {
            let below = 1500;
            let expected: Vec<u64> = (0..below).filter(|&n| brute[n as usize] == v).collect();
            prop_assert_eq!(p.heaps_with_value(v, below).collect::<Vec<_>>(), expected);
        }
        // Huge heaps: the game answers from the period.
        let far = grundy::games::SEQUENCE_LIMIT * 1000;
        prop_assert_eq!(game.values_range(far, far).unwrap(), vec![p.value_at(far).unwrap()]);
    }
}

#[test]
fn narrow_tables_equal_the_values() {
    for set in [&[1u64, 3, 4][..], &[2, 5, 7], &[1, 2, 3, 9]] {
        let game = grundy::games::Subtraction::new(set).unwrap();
        let wide = game.values_range(0, 5000).unwrap();
        let narrow: Vec<u64> = game
            .table::<u8>(5000)
            .unwrap()
            .into_iter()
            .map(u64::from)
            .collect();
        assert_eq!(narrow, wide, "{set:?}");
    }
    // All-but values grow past a byte: the narrow table is an error, not a wrap.
    let allbut = grundy::games::AllBut::new(&[1]).unwrap();
    assert!(allbut.table::<u8>(5000).is_err());
    assert_eq!(
        allbut.table::<u64>(300).unwrap(),
        allbut.values_range(0, 300).unwrap()
    );
}
