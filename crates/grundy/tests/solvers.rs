//! Every solver against brute force and against independently known facts.

use grundy::games::{AllBut, Digits, DigitsPosition, Euclid, HeapGame, Nim, Split, Subtraction, Wythoff};
use grundy::solve::{solve_layers, Evaluation, NimValues, Search};
use grundy::{Game, Misere, Outcome};
use proptest::prelude::*;

/// Plain minimax without memo: the reference everything else is checked against.
fn brute<G: Game>(game: &G, p: &G::Position) -> Evaluation {
    if let Some(outcome) = game.terminal(p).unwrap() {
        return Evaluation::terminal(outcome);
    }
    let mut options = Vec::new();
    game.options(p, &mut options).unwrap();
    Evaluation::from_options(options.iter().map(|o| brute(game, o)), grundy::Play::Normal)
}

/// The engine's nim-values of heaps `0..=n` (what every heap game answers from).
fn engine_values(game: &HeapGame, n: u64) -> Vec<u64> {
    game.values_range(0, n).unwrap()
}

/// Plain mex recursion without memo, for single components.
fn brute_nim_value<G: Game>(game: &G, p: &G::Position) -> u64 {
    let mut options = Vec::new();
    game.options(p, &mut options).unwrap();
    grundy::solve::mex(options.iter().map(|o| brute_nim_value(game, o)))
}

#[test]
fn search_matches_brute_force_on_small_games() {
    let sub = Subtraction::new(&[1, 3, 4]).unwrap();
    let mut search = Search::new(&sub);
    for a in 0..12 {
        for b in 0..6 {
            let p = vec![a, b];
            assert_eq!(search.evaluate(&p).unwrap(), brute(&sub, &p), "{p:?}");
        }
    }
    let mut nim = Search::new(Misere(Nim));
    for p in [vec![1, 2, 3], vec![1, 1], vec![2, 2], vec![0, 3, 1]] {
        assert_eq!(nim.evaluate(&p).unwrap(), brute(&Misere(Nim), &p), "{p:?}");
    }
}

#[test]
fn subtraction_one_three_four_losing_positions_are_zero_and_two_mod_seven() {
    // The stone game's known answer (taking the last stone wins).
    let game = Subtraction::new(&[1, 3, 4]).unwrap();
    let values = engine_values(&game, 1000);
    for (n, v) in values.iter().enumerate() {
        assert_eq!(*v == 0, n % 7 == 0 || n % 7 == 2, "n = {n}");
    }
    let period = game.proved_period().unwrap().unwrap().periodic;
    assert_eq!((period.preperiod(), period.period()), (0, 7));
    assert_ne!(period.value_at(1_000_000_000_000_000_000), Some(0)); // 10^18 = 1 mod 7
    assert_eq!(period.value_at(1_000_000_000_000_000_001), Some(0)); // 2 mod 7
}

#[test]
fn a_forced_chain_of_a_million_moves_does_not_overflow_the_stack() {
    let game = Subtraction::new(&[1]).unwrap();
    let mut search = Search::new(&game);
    let e = search.evaluate(&vec![1_000_000]).unwrap();
    assert_eq!((e.outcome, e.remoteness), (Outcome::Lose, Some(1_000_000)));
    let mut values = NimValues::new(&game);
    assert_eq!(values.nim_value(&vec![1_000_001]).unwrap(), 1);
}

#[test]
fn euclid_quotient_rule_matches_search_on_all_pairs_up_to_200() {
    let mut search = Search::new(Euclid);
    for a in 0..=200u64 {
        for b in 0..=200u64 {
            if a == 0 && b == 0 {
                continue;
            }
            let e = search.evaluate(&(a, b)).unwrap();
            assert_eq!(Euclid::evaluate((a, b)), e, "({a}, {b})");
            let mut expected = search.winning_moves(&(a, b)).unwrap();
            let mut got = Euclid::winning_moves((a, b));
            expected.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, expected, "winning moves of ({a}, {b})");
        }
    }
}

#[test]
fn euclid_classic_answers() {
    // UVa 10368 sample: (34, 12) Stan wins, (15, 24) Ollie wins.
    assert_eq!(Euclid::evaluate((34, 12)).outcome, Outcome::Win);
    assert_eq!(Euclid::evaluate((15, 24)).outcome, Outcome::Lose);
    // Known: with 0 < a < b, the player to move loses iff b < phi * a, that is
    // (2b - a)^2 < 5 a^2. Checked exactly on every pair up to 2,000.
    for a in 1..=2000u128 {
        for b in a + 1..=2000u128 {
            let losing = (2 * b - a) * (2 * b - a) < 5 * a * a;
            assert_eq!(
                Euclid::evaluate((a as u64, b as u64)).outcome == Outcome::Lose,
                losing,
                "({a}, {b})"
            );
        }
    }
    // No overflow at the top of the range.
    let top = i64::MAX as u64;
    assert_eq!(Euclid::evaluate((1, top)).outcome, Outcome::Win);
    assert_eq!(Euclid::evaluate((top, top - 1)).outcome, Outcome::Lose); // ratio near 1 < phi
}

#[test]
fn wythoff_beatty_pairs_match_search() {
    let mut search = Search::new(Wythoff);
    for a in 0..40u64 {
        for b in 0..40u64 {
            let e = search.evaluate(&(a, b)).unwrap();
            assert_eq!(Wythoff::outcome((a, b)), e.outcome, "({a}, {b})");
            let mut expected = search.winning_moves(&(a, b)).unwrap();
            expected.sort_unstable();
            assert_eq!(Wythoff::winning_moves((a, b)), expected, "({a}, {b})");
        }
    }
    // Known losing pairs: (1,2), (3,5), (4,7), (6,10), (8,13).
    for p in [(1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (5, 3)] {
        assert!(Wythoff::is_losing(p), "{p:?}");
    }
    let big = (1u64 << 62) - 1;
    assert_eq!(Wythoff::partner(Wythoff::partner(big)), big);
}

#[test]
fn split_table_matches_mex_search() {
    let split = Split::new();
    let table = engine_values(&split, 16);
    let mut values = NimValues::new(&split);
    for p in 0..=16u64 {
        assert_eq!(values.nim_value(&vec![p]).unwrap(), table[p as usize], "pile {p}");
    }
    for p in 0..=9u64 {
        assert_eq!(brute_nim_value(&split, &vec![p]), table[p as usize], "pile {p}");
    }
    // The seed solution's first values: G(0..4) = 0, 0, 1, 2.
    assert_eq!(&table[..4], &[0, 0, 1, 2]);
}

#[test]
fn allbut_linear_table_matches_mex_search() {
    for excluded in [vec![], vec![1], vec![2], vec![1, 2], vec![2, 5, 7], vec![3, 4, 9]] {
        let game = AllBut::new(&excluded).unwrap();
        let table = engine_values(&game, 80);
        let mut values = NimValues::new(&game);
        for n in 0..=80u64 {
            assert_eq!(
                values.nim_value(&vec![n]).unwrap(),
                table[n as usize],
                "{excluded:?} heap {n}"
            );
        }
    }
}

#[test]
fn digits_sweep_matches_search_and_generic_layers() {
    for (turns, width) in [(1, 2), (2, 2), (3, 2), (4, 3), (5, 2), (6, 2)] {
        let game = Digits::new(turns, width).unwrap();
        let mut search = Search::new(&game);
        for start in (0..game.numbers()).step_by(7) {
            let layers = solve_layers(&game.layered(start), 0);
            for number in (0..game.numbers()).step_by(3) {
                let p = DigitsPosition {
                    number,
                    played: 0,
                    start,
                };
                let expected = search.evaluate(&p).unwrap();
                assert_eq!(game.evaluate(&p), expected, "{turns} turns, {p:?}");
                assert_eq!(layers[number as usize], expected, "{turns} turns, {p:?}");
            }
        }
    }
}

#[test]
fn digits_cycle_skipping_matches_plain_layers() {
    // Long games: the sweep skips repeated layers; the generic solver does not.
    for turns in [17, 40, 61] {
        let game = Digits::new(turns, 2).unwrap();
        for start in [0, 9, 45, 99] {
            let plain = solve_layers(&game.layered(start), 0);
            let fast = game.layer(start, turns);
            for (n, e) in plain.iter().enumerate() {
                assert_eq!(
                    fast[n],
                    e.outcome == Outcome::Win,
                    "{turns} turns from {start}, number {n}"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn subtraction_sum_has_xor_of_values(
        set in proptest::collection::btree_set(1u64..8, 1..4),
        a in 0u64..25, b in 0u64..25,
    ) {
        let set: Vec<u64> = set.into_iter().collect();
        let game = Subtraction::new(&set).unwrap();
        let g: Vec<u64> = engine_values(&game, 50);
        let mut values = NimValues::new(&game);
        prop_assert_eq!(values.nim_value(&vec![a, b]).unwrap(), g[a as usize] ^ g[b as usize]);
        // Outcome by search is lose exactly when the nim-value is 0.
        let e = Search::new(&game).evaluate(&vec![a, b]).unwrap();
        prop_assert_eq!(e.outcome == Outcome::Lose, g[a as usize] ^ g[b as usize] == 0);
        // The nim-value of a single heap by plain recursion.
        prop_assert_eq!(brute_nim_value(&game, &vec![a.min(14)]), g[a.min(14) as usize]);
    }

    #[test]
    fn subtraction_period_predicts_the_table(set in proptest::collection::btree_set(1u64..12, 1..5)) {
        let set: Vec<u64> = set.into_iter().collect();
        let game = Subtraction::new(&set).unwrap();
        let period = game.proved_period().unwrap().expect("small games have small periods");
        // The plain table (a fresh game: no period is used for small heaps).
        let table = engine_values(&Subtraction::new(&set).unwrap(), 5_000);
        for (n, v) in table.iter().enumerate() {
            prop_assert_eq!(period.value_at(n as u64), Some(*v), "n = {}", n);
        }
    }

    #[test]
    fn nim_is_xor_and_misere_follows_its_rule(heaps in proptest::collection::vec(0u64..5, 1..4)) {
        let mut values = NimValues::new(Nim);
        prop_assert_eq!(values.nim_value(&heaps).unwrap(), Nim::nim_value(&heaps));
        let mut misere = Search::new(Misere(Nim));
        prop_assert_eq!(misere.evaluate(&heaps).unwrap().outcome, Nim::misere_outcome(&heaps));
        let mut expected = misere.winning_moves(&heaps).unwrap();
        let mut got = Nim::winning_moves(&heaps, true);
        expected.sort_unstable();
        got.sort_unstable();
        prop_assert_eq!(got, expected);
        let mut normal = Search::new(Nim);
        let mut expected = normal.winning_moves(&heaps).unwrap();
        let mut got = Nim::winning_moves(&heaps, false);
        expected.sort_unstable();
        got.sort_unstable();
        prop_assert_eq!(got, expected);
    }

    #[test]
    fn euclid_rule_is_exact_on_random_large_pairs(a in 1u64..=i64::MAX as u64, b in 1u64..=i64::MAX as u64) {
        // The golden-ratio criterion, exact in 128 bits for numbers below 2^62.
        let (lo, hi) = (a.min(b) >> 2, a.max(b) >> 2);
        if lo > 0 && lo < hi {
            let (lo, hi) = (lo as u128, hi as u128);
            let losing = (2 * hi - lo) * (2 * hi - lo) < 5 * lo * lo;
            prop_assert_eq!(Euclid::evaluate((lo as u64, hi as u64)).outcome == Outcome::Lose, losing);
        }
        // Walk the game by the rule itself: a position is won iff some move leaves a loss.
        let e = Euclid::evaluate((a, b));
        let wins = Euclid::winning_moves((a, b));
        prop_assert_eq!(e.outcome == Outcome::Win, !wins.is_empty());
        for w in wins {
            prop_assert_eq!(Euclid::evaluate(w).outcome, Outcome::Lose);
        }
    }
}

#[test]
fn subtraction_remoteness_rule_matches_search() {
    for set in [
        vec![1, 3, 4],
        vec![1, 2],
        vec![2, 5, 7],
        vec![1, 4, 9, 16],
        vec![3, 4, 8],
    ] {
        let game = Subtraction::new(&set).unwrap();
        let rule = game.remoteness_rule().expect("a rule is proved");
        let mut search = Search::new(&game);
        for n in 0..3_000u64 {
            let e = search.evaluate(&vec![n]).unwrap();
            assert_eq!(rule.value_at(n), e.remoteness, "{set:?} heap {n}");
        }
    }
}

#[test]
fn subtraction_table_by_period_equals_the_plain_table() {
    for set in [
        vec![1, 3, 4],
        vec![2, 5, 7],
        vec![1, 4, 9, 16],
        vec![5],
        vec![3, 7, 11, 12],
    ] {
        let game = Subtraction::new(&set).unwrap();
        let period = game.proved_period().unwrap().unwrap();
        for n in [0u64, 1, 10, 1000, 100_000] {
            let by_period: Vec<u64> = (0..=n).map(|k| period.value_at(k).unwrap()).collect();
            assert_eq!(by_period, engine_values(&game, n), "{set:?} to {n}");
        }
        // Beyond the values computed on demand: from the period.
        let far = grundy::games::SEQUENCE_LIMIT + 5;
        assert_eq!(
            game.values_range(far, far).unwrap(),
            vec![period.value_at(far).unwrap()]
        );
    }
}

#[test]
fn allbut_arithmetic_periods_predict_the_table() {
    for excluded in [
        vec![],
        vec![1],
        vec![2],
        vec![1, 2],
        vec![2, 5, 7],
        vec![3, 4, 9],
        vec![1, 3, 4, 10],
    ] {
        let game = AllBut::new(&excluded).unwrap();
        let rule = game
            .proved_period()
            .unwrap()
            .expect("Siegel: all-but games are arithmetic periodic");
        let table = engine_values(&game, 20_000);
        for (n, v) in table.iter().enumerate() {
            assert_eq!(
                rule.value_at(n as u64),
                Some(*v),
                "{excluded:?} heap {n} (rule {rule:?})"
            );
        }
    }
    // Nim is the all-but game excluding nothing: G(n) = n.
    let nim = AllBut::new(&[])
        .unwrap()
        .proved_period()
        .unwrap()
        .unwrap()
        .periodic;
    assert_eq!(
        (nim.period(), nim.saltus(), nim.value_at(1 << 40)),
        (1, 1, Some(1 << 40))
    );
}

#[test]
fn allbut_heaps_with_value_lists_exactly_the_table_matches() {
    for excluded in [vec![1], vec![2, 5, 7], vec![3, 4, 9]] {
        let game = AllBut::new(&excluded).unwrap();
        let rule = game.proved_period().unwrap().unwrap().periodic;
        let table = engine_values(&game, 3000);
        for target in 0..40u64 {
            let expected: Vec<u64> = (0..3000u64).filter(|&n| table[n as usize] == target).collect();
            assert_eq!(
                rule.heaps_with_value(target, 3000).collect::<Vec<_>>(),
                expected,
                "{excluded:?} value {target}"
            );
        }
    }
}

#[test]
fn heap_table_agrees_with_the_family_loops_and_the_search() {
    use grundy::solve::HeapTable;
    let game = Subtraction::new(&[2, 5, 7]).unwrap();
    let table = HeapTable::build(500, |k, g, seen| {
        for &s in [2usize, 5, 7].iter().filter(|&&s| s <= k) {
            seen.insert(g[k - s]);
        }
    });
    let fast = engine_values(&game, 500);
    let mut search = NimValues::new(&game);
    for (n, (&value, &fast)) in table.values().iter().zip(&fast).enumerate() {
        assert_eq!(value, fast, "heap {n}");
        assert_eq!(value, search.nim_value(&vec![n as u64]).unwrap(), "heap {n}");
    }
    let split = HeapTable::build(200, |p, g, seen| {
        for k in 1..p {
            seen.insert(if (p / k) % 2 == 1 { g[k] } else { 0 } ^ g[p % k]);
        }
    });
    assert_eq!(split.values(), &engine_values(&Split::new(), 200)[..]);
}

#[test]
fn digits_layers_kept_between_calls_answer_every_turn_in_any_order() {
    // One game object keeps the layers it swept (a strategy tree asks for many
    // turns of one start): every turn, asked in any order and for two starts in
    // turn, matches the plain search, short and long games (cycles) alike.
    for turns in [3, 30, 61] {
        let game = Digits::new(turns, 2).unwrap();
        let mut search = Search::new(&game);
        let mut played: Vec<u64> = (0..=turns).rev().collect();
        played.extend((0..=turns).step_by(5));
        for &start in &[45, 9, 45] {
            for &k in &played {
                for number in (0..100).step_by(11) {
                    let p = DigitsPosition {
                        number,
                        played: k,
                        start,
                    };
                    let expected = search.evaluate(&p).unwrap();
                    assert_eq!(game.evaluate(&p), expected, "{turns} turns, {p:?}");
                }
            }
        }
    }
}

/// A raised flag stops a search, a heap game's values and a canonical value at
/// their next look, with the budget's error that says so; a lowered one changes
/// nothing.
#[test]
fn a_raised_cancel_flag_stops_the_solvers() {
    use grundy::{Budget, Cancel, GameError, Limit};
    let cancelled = |e: GameError| matches!(e, GameError::OverBudget(b) if b.limit == Limit::Cancelled);
    let chain = Subtraction::new(&[1, 2]).unwrap();
    let flag = Cancel::new();
    let mut search = Search::with_limit(&chain, 1 << 30).with_cancel(&flag);
    assert_eq!(search.evaluate(&vec![100_000]).unwrap().outcome, Outcome::Win);
    flag.raise();
    let mut search = Search::with_limit(&chain, 1 << 30).with_cancel(&flag);
    assert!(cancelled(search.evaluate(&vec![100_000]).unwrap_err()));

    let budget = Budget {
        cancel: flag.clone(),
        ..Budget::default()
    };
    let grundy_game = grundy::dynamic::parse_game("grundy").unwrap();
    let heap = grundy::dynamic::DynPosition::Ints(vec![50_000]);
    let e = grundy_game
        .analyze(&heap, grundy::Play::Normal, &budget)
        .unwrap_err();
    assert!(cancelled(e.clone()), "{e}");
    assert!(e.to_string().contains("stopped before the end"), "{e}");

    let domineering = grundy::dynamic::parse_game("domineering:rows=4,cols=5").unwrap();
    let partizan = domineering.partizan().unwrap();
    let start = domineering.start().unwrap();
    let mut u = grundy_cgt::Universe::new();
    u.set_budget(&budget);
    let e = partizan.value(&start, &mut u, &budget).unwrap_err();
    assert!(cancelled(e.clone()), "{e}");
}

/// One game loaded once answers each call within that call's budget: a raised
/// flag stops its own call only, and the calls after it, with a flag of their
/// own, run to the end (a web server's game files, a Python `Game`).
#[test]
fn each_call_on_a_shared_game_has_its_own_budget() {
    use grundy::{Budget, Cancel, GameError, Limit};
    let game = grundy::dynamic::parse_game("grundy").unwrap();
    let heap = grundy::dynamic::DynPosition::Ints(vec![3_000]);
    let raised = Budget {
        cancel: Cancel::new(),
        ..Budget::default()
    };
    raised.cancel.raise();
    let e = game.heap_values(2_990, 3_000, &raised).unwrap_err();
    assert!(
        matches!(&e, GameError::OverBudget(b) if b.limit == Limit::Cancelled),
        "{e}"
    );
    let fresh = Budget {
        cancel: Cancel::new(),
        ..Budget::default()
    };
    assert_eq!(game.heap_values(2_990, 3_000, &fresh).unwrap().len(), 11);
    assert!(game.analyze(&heap, grundy::Play::Normal, &fresh).is_ok());
}

/// Dawson's Kayles (0.07) at a million: the proved period (34, from n = 52)
/// answers at once; computing a million values would be 10^12 steps.
#[test]
fn a_breaking_game_below_the_sequence_limit_answers_from_its_period() {
    let game = grundy::dynamic::parse_game("octal:0.07").unwrap();
    let at = |n: i64| {
        game.analyze(
            &grundy::dynamic::DynPosition::Ints(vec![n]),
            grundy::Play::Normal,
            &grundy::Budget::default(),
        )
        .unwrap()
        .nimber
        .unwrap()
    };
    let n = 1_000_000;
    assert_eq!(at(n), at(100 + (n - 100) % 34));
    assert_eq!(at(n + 1), at(100 + (n + 1 - 100) % 34));
}
