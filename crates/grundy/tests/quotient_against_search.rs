//! The misère quotient of heaps far larger than its brute-force tests reach, checked
//! against the exact search over heap multisets (the packed search) on sums of up to
//! 52 tokens: every P-position and every N-position must agree.

use grundy::dynamic::Analyze;
use grundy::games::HeapGame;
use grundy::Play;
use grundy_octal::{HeapRules, MisereQuotient, QuotientLimits};

#[test]
fn kayles_quotient_agrees_with_the_search_on_large_heaps() {
    let rules = HeapRules::kayles();
    let q = MisereQuotient::compute(&rules, 52, QuotientLimits::default()).unwrap();
    let game = HeapGame::from_rules(rules);
    let sums: [&[u64]; 8] = [
        &[52],
        &[51],
        &[40, 12],
        &[33, 19],
        &[26, 26],
        &[30, 17, 5],
        &[35, 9, 4, 2],
        &[20, 16, 11, 5],
    ];
    let mut seen = [false; 2];
    for g in sums {
        let (e, _) = game
            .packed_search(&g.to_vec(), Play::Misere)
            .expect("applies")
            .unwrap();
        let searched_p = e.outcome == grundy::Outcome::Lose;
        seen[usize::from(searched_p)] = true;
        assert_eq!(q.is_p_position(g), Some(searched_p), "kayles {g:?}");
    }
    assert_eq!(seen, [true, true], "the sums hold both outcomes");
}

/// Checks `count` random sums against the packed search: each holds one heap of
/// `low..low + span` when `first` is `Some((low, span))`, then 1 to `most` heaps of
/// 1..=`max_heap` while the tokens stay below `tokens`. Both outcomes must occur.
fn random_sums_agree(
    q: &MisereQuotient,
    label: &str,
    mut seed: u64,
    count: usize,
    shape: (Option<(u64, u64)>, u64, u64, u64),
) {
    let (first, most, max_heap, tokens) = shape;
    let game = HeapGame::from_rules(q.rules().clone());
    let mut next = |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    let mut seen = [0; 2];
    for _ in 0..count {
        let mut g: Vec<u64> = first.map(|(low, span)| low + next(span)).into_iter().collect();
        let heaps = g.len() as u64 + 1 + next(most);
        while (g.len() as u64) < heaps && g.iter().sum::<u64>() < tokens {
            g.push(1 + next(max_heap));
        }
        let (e, _) = game.packed_search(&g, Play::Misere).expect("applies").unwrap();
        let searched_p = e.outcome == grundy::Outcome::Lose;
        seen[usize::from(searched_p)] += 1;
        assert_eq!(q.is_p_position(&g), Some(searched_p), "{label} {g:?}");
    }
    assert!(
        seen[0] > 0 && seen[1] > 0,
        "the sums hold both outcomes: {seen:?}"
    );
}

/// 0.6's quotient grows fast (304 elements by heap 16); its heaps 7 and 16 split
/// classes of the smaller quotient and are built by recalibration. Every answer on
/// random sums must match the search.
#[test]
fn a_fast_growing_quotient_agrees_with_the_search() {
    let rules = HeapRules::octal("0.6").unwrap();
    let q = MisereQuotient::compute(&rules, 16, QuotientLimits::default()).unwrap();
    assert_eq!(q.order(), 304);
    random_sums_agree(&q, "0.6", 0x9e37_79b9_7f4a_7c15, 60, (None, 5, 16, 26));
}

/// Dawson's Kayles past heap 24: heap 25 splits classes of the smaller quotient,
/// and the 360-element quotient of the heaps up to 30 is rebuilt by recalibration
/// (heaps freed, classes rebuilt, the candidate proved), with no search of sums.
/// Random sums holding a heap of 25 to 30 must match the search.
#[test]
fn dawsons_kayles_quotient_past_heap_24_agrees_with_the_search() {
    let rules = HeapRules::dawsons_kayles();
    let q = MisereQuotient::compute(&rules, 30, QuotientLimits::default()).unwrap();
    assert_eq!(q.order(), 360);
    random_sums_agree(
        &q,
        "dawson",
        0x2545_f491_4f6c_dd1d,
        40,
        (Some((25, 6)), 3, 30, 40),
    );
}
