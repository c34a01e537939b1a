//! A work budget stops the period search on time, also for three-heap codes whose
//! values cost O(n V / 64) word operations each (V: the values' range).

use grundy_octal::{find_period_until, HeapRules, Method, Sequence};

#[test]
fn three_heap_codes_stop_at_the_budget() {
    let rules = HeapRules::parse("0x0.FFFF").unwrap();
    let mut seq = Sequence::new(rules, Method::Auto);
    let budget = 100_000_000;
    let (_, stopped) =
        find_period_until(&mut seq, 100_000, |_, _| {}, |s| s.stats().options >= budget).unwrap();
    assert!(stopped);
    // Stopped within a fraction of the budget past it, far below 100000 values.
    assert!(seq.stats().options < 2 * budget, "{}", seq.stats().options);
    assert!(seq.len() < 10_000, "{}", seq.len());
}
