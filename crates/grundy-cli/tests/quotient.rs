//! `grundy quotient` and misère play of sums too large to search.

use crate::common;

use common::{fails_with, json, ok};

#[test]
fn nims_quotient_is_printed_with_its_presentation_and_heaps() {
    let text = ok(&["quotient", "octal:0.(3)", "--max-heap", "3"]);
    assert!(text.contains("order: 6 elements\n"), "{text}");
    assert!(
        text.contains("presentation: <a, b | a^2 = 1, b^3 = b>\n"),
        "{text}"
    );
    assert!(text.contains("P-portion: a, b^2\n"), "{text}");
    assert!(text.contains("   3  ab\n"), "{text}");
}

#[test]
fn json_has_the_documented_keys() {
    let v = json(&["quotient", "kayles", "--max-heap", "6", "--json"]);
    for key in [
        "game",
        "max_heap",
        "order",
        "presentation",
        "generators",
        "relations",
        "p_portion",
        "heaps",
        "stats",
    ] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    assert_eq!(v["game"], "octal:0.77");
    assert_eq!(v["heaps"].as_array().unwrap().len(), 6);
    assert_eq!(v["generators"][0]["heap"], 1);
    // Plambeck and Siegel: a misère quotient of impartial games has even order.
    assert_eq!(v["order"].as_u64().unwrap() % 2, 0);
}

/// Bouton's misère Nim: with a heap of two or more, P iff the nim-sum is 0; with
/// heaps of one only, P iff their number is odd.
fn bouton_loses(heaps: &[u64]) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    } else {
        heaps.iter().fold(0, |x, h| x ^ h) == 0
    }
}

#[test]
fn misere_sums_too_large_to_search_are_answered_by_the_quotient() {
    // Thousands of heaps: far beyond the search, answered from the quotient, and
    // checked against Bouton's rule.
    for heaps in [
        [vec![7; 3000], vec![5, 2]].concat(),
        [vec![7; 3000], vec![5, 3]].concat(),
        [vec![1; 4001], vec![6; 40]].concat(),
        vec![1; 5001],
        vec![1; 5000],
    ] {
        let position = heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let v = json(&["solve", "octal:0.(3)", &position, "--misere", "--json"]);
        let expected = if bouton_loses(&heaps) { "lose" } else { "win" };
        assert_eq!(v["outcome"], expected, "{}", &position[..40]);
        // Heaps of one only are few canonical positions: the search answers those
        // (and so it would 4,001 heaps of one with two of six: 10^5 positions).
        let method = v["method"].as_str().unwrap();
        if heaps.iter().any(|&h| h > 1) {
            assert!(method.contains("misère quotient"), "{method}");
            assert!(v["remoteness"].is_null());
        }
    }
}

#[test]
fn kayles_sums_get_the_quotients_answer_and_winning_moves() {
    let twelve = ["9"; 12].join(",");
    let v = json(&["solve", "kayles", &twelve, "--misere", "--json"]);
    assert!(
        v["method"]
            .as_str()
            .unwrap()
            .contains("misère quotient of heaps up to 9"),
        "{v}"
    );
    // Every listed winning move leaves a P-position, by the same quotient.
    for m in v["winning_moves"].as_array().unwrap() {
        let after = json(&["solve", "kayles", m.as_str().unwrap(), "--misere", "--json"]);
        assert_eq!(after["outcome"], "lose", "{m}");
    }
    assert!(v["winning_moves_note"].as_str().unwrap().contains("equal heaps"));
    // Small sums still get exact remoteness from the search.
    let v = json(&["solve", "kayles", "9,9,9,9", "--misere", "--json"]);
    assert_eq!(v["remoteness"], 32);
}

#[test]
fn bad_quotient_requests_are_one_line_errors() {
    fails_with(&["quotient", "tictactoe"], "is not a heap game");
    fails_with(&["quotient", "kayles", "--max-heap", "0"], "--max-heap");
    // Kayles needs three searched sums (heaps 1 and 2), then none: two are too few.
    fails_with(
        &["quotient", "kayles", "--max-heap", "30", "--max-positions", "2"],
        "needs more than 2 positions",
    );
    // The search counts its tables' bytes against the memory limit (less what the
    // program itself maps), so it stops with an error, not an allocation abort.
    // 0.16 past heap 17 needs a large search.
    fails_with(
        &[
            "--max-memory",
            "300M",
            "quotient",
            "octal:0.16",
            "--max-heap",
            "24",
            "--max-positions",
            "100000000",
            "--max-work",
            "100000000000",
        ],
        "over the memory budget",
    );
}
