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
