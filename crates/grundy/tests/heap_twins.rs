//! Twins: the core's own heap loops and period provers against the one heap
//! engine of `grundy-octal` (`HeapRules`, `nim_values`, `prove_period`,
//! `all_but_period`, `Periodic`). While both exist they must agree; once they
//! do, the core's copies can be deleted.

use grundy::games::{AllBut, Split, Subtraction};
use grundy_octal::{all_but_period, nim_values, prove_period, HeapRules, Method, Periodic, Sequence};
use proptest::prelude::*;

fn engine(rules: &HeapRules, len: u64) -> Vec<u64> {
    nim_values(rules, len).unwrap()
}

#[test]
fn split_game_twins() {
    let core = Split::nim_values(600);
    assert_eq!(engine(&HeapRules::split(), 601), core);
    let mut s = Sequence::new(HeapRules::split(), Method::Auto);
    s.extend_to(601, |_, _| {}).unwrap();
    assert_eq!(s.values().iter().map(|&v| u64::from(v)).collect::<Vec<_>>(), core);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn subtraction_values_twin(set in prop::collection::vec(1u64..40, 1..7)) {
        let core: Vec<u64> = Subtraction::new(&set).unwrap().nim_values(3000).into_iter().map(u64::from).collect();
        let rules = HeapRules::subtraction(&set);
        prop_assert_eq!(&engine(&rules, 3001), &core);
        let mut s = Sequence::new(rules, Method::Auto);
        s.extend_to(3001, |_, _| {}).unwrap();
        prop_assert_eq!(s.values().iter().map(|&v| u64::from(v)).collect::<Vec<_>>(), core);
    }

    #[test]
    fn subtraction_period_twin(set in prop::collection::vec(1u64..30, 1..6)) {
        let game = Subtraction::new(&set).unwrap();
        let core = game.period(1 << 16).expect("small subtraction games have short periods");
        let proof = prove_period(&HeapRules::subtraction(&set), 1 << 16).unwrap().unwrap();
        let p = &proof.periodic;
        prop_assert_eq!((p.preperiod(), p.period(), p.saltus()), (core.preperiod, core.period, 0));
        prop_assert_eq!(p.values(), &core.values[..p.values().len()]);
        for n in (0..5000).chain([10u64.pow(12), u64::MAX]) {
            prop_assert_eq!(p.value_at(n), Some(core.value_at(n)));
        }
    }

    #[test]
    fn all_but_values_twin(excluded in prop::collection::vec(1u64..25, 0..6)) {
        let core = AllBut::new(&excluded).unwrap().nim_values(3000);
        prop_assert_eq!(engine(&HeapRules::all_but(&excluded).unwrap(), 3001), core);
    }

    #[test]
    fn all_but_period_twin(excluded in prop::collection::vec(1u64..16, 0..5)) {
        let game = AllBut::new(&excluded).unwrap();
        let core = game.period(1 << 16);
        let ours = all_but_period(&HeapRules::all_but(&excluded).unwrap(), 1 << 16).unwrap();
        prop_assert_eq!(core.is_some(), ours.is_some());
        if let (Some(core), Some(ours)) = (core, ours) {
            let p = &ours.periodic;
            prop_assert_eq!(
                (p.preperiod(), p.period(), p.saltus(), ours.checked_to),
                (core.preperiod, core.period, core.saltus, core.checked_to)
            );
            prop_assert_eq!(p.values(), &core.values[..]);
            let same = Periodic::new(core.preperiod, core.period, core.saltus, core.values.clone()).unwrap();
            prop_assert_eq!(&same, p);
            for n in (0..3000).chain([10u64.pow(15), 10u64.pow(18) + 7]) {
                prop_assert_eq!(p.value_at(n), Some(core.value_at(n)));
            }
            for v in 0..60 {
                let below = 2000;
                prop_assert_eq!(p.heaps_with_value(v, below).collect::<Vec<_>>(), core.heaps_with_value(v, below));
            }
        }
    }
}
