//! The families added through the catalogue, each closed form against brute force.

use grundy::catalogue::Catalogue;
use grundy::games::{FibonacciNim, FibonacciPosition, Lasker};
use grundy::solve::Search;
use grundy::{Outcome, Play};

/// Lasker's Nim by brute force: mex over taking any number and every split in two.
fn lasker_brute(n: usize) -> Vec<u64> {
    let mut g = vec![0u64; n + 1];
    for h in 1..=n {
        let mut seen = vec![false; 2 * h + 2];
        for m in 0..h {
            seen[g[m] as usize] = true;
        }
        for a in 1..h {
            seen[(g[a] ^ g[h - a]) as usize] = true;
        }
        g[h] = seen.iter().position(|&s| !s).unwrap() as u64;
    }
    g
}

#[test]
fn lasker_closed_form_matches_brute_force() {
    let brute = lasker_brute(400);
    for (n, &v) in brute.iter().enumerate() {
        assert_eq!(Lasker::heap_value(n as u64), v, "heap {n}");
    }
}

#[test]
fn lasker_winning_moves_match_the_search() {
    let lasker = Lasker::new();
    let mut search = Search::new(&lasker);
    for a in 0..7u64 {
        for b in 0..7u64 {
            for c in 0..4u64 {
                let p = vec![a, b, c];
                let mut expected = search.winning_moves(&p).unwrap();
                let mut got = lasker.winning_moves(&p).unwrap().0;
                expected.sort();
                // Two moves that leave the same position are one winning move.
                expected.dedup();
                got.sort();
                assert_eq!(got, expected, "{p:?}");
                let e = search.evaluate(&p).unwrap();
                assert_eq!(e.outcome == Outcome::Lose, got.is_empty());
            }
        }
    }
}

#[test]
fn lasker_through_the_catalogue_answers_huge_heaps() {
    let game = Catalogue::core().parse("lasker").unwrap();
    let p = game.parse_position("1000000000000000003").unwrap();
    let a = game
        .analyze(&p, Play::Normal, &grundy::Budget::default())
        .unwrap();
    assert_eq!(a.nimber, Some(1_000_000_000_000_000_004));
    let period = game
        .period(&grundy::Budget::default())
        .unwrap()
        .unwrap()
        .unwrap()
        .periodic;
    assert_eq!((period.preperiod(), period.period(), period.saltus()), (1, 4, 4));
    for n in 0..200 {
        assert_eq!(period.value_at(n), Some(Lasker::heap_value(n)));
    }
    // The engine's own values (no closed form) agree with the known period.
    let engine = grundy::games::HeapGame::new(grundy_octal::HeapRules::lasker(), "4.(3)");
    assert_eq!(
        engine.values_range(0, 400).unwrap(),
        lasker_brute(400),
        "the engine's Lasker's Nim"
    );
}

/// Nim declares its nim-sequence (the heap rules `0.(3)`) and its period, a
/// theorem: the period, the rules' computed values and the deciding-state
/// proof agree.
#[test]
fn nims_declared_period_is_its_sequence() {
    let game = Catalogue::core().parse("nim").unwrap();
    let declared = game.period(&grundy::Budget::default()).unwrap().unwrap().unwrap();
    let g = &declared.periodic;
    assert!(declared.proved);
    assert_eq!((g.preperiod(), g.period(), g.saltus()), (0, 1, 1));
    let rules = grundy_octal::HeapRules::nim();
    let values = grundy_octal::nim_values(&rules, 300).unwrap();
    for (n, &v) in values.iter().enumerate() {
        assert_eq!(g.value_at(n as u64), Some(v), "G({n})");
    }
    let proved = grundy_octal::all_but_period(&rules, 300)
        .unwrap()
        .unwrap()
        .periodic;
    assert_eq!((proved.preperiod(), proved.period(), proved.saltus()), (0, 1, 1));
}

fn fib(n: u64, max_take: u64) -> FibonacciPosition {
    FibonacciPosition { n, max_take }
}

#[test]
fn fibonacci_rule_and_moves_match_the_search() {
    let mut search = Search::new(FibonacciNim);
    for n in 0..70u64 {
        for m in 0..=2 * n + 1 {
            let p = fib(n, m);
            let e = search.evaluate(&p).unwrap();
            assert_eq!(FibonacciNim::outcome(p), e.outcome, "{p:?}");
            let mut expected = search.winning_moves(&p).unwrap();
            expected.sort_by_key(|q| (q.n, q.max_take));
            let mut got = FibonacciNim::winning_moves(p);
            got.sort_by_key(|q| (q.n, q.max_take));
            assert_eq!(got, expected, "{p:?}");
        }
    }
}

#[test]
fn fibonacci_fresh_heaps_are_lost_exactly_at_fibonacci_numbers() {
    let fibs = [1u64, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144];
    for n in 2..150u64 {
        let lost = FibonacciNim::outcome(fib(n, n - 1)) == Outcome::Lose;
        assert_eq!(lost, fibs.contains(&n), "{n}");
    }
    // Huge heaps: every listed move leaves a lost position, by the same rule.
    let big = fib(1_000_000_000_000_000_000, 999_999_999_999_999_999);
    let moves = FibonacciNim::winning_moves(big);
    assert!(!moves.is_empty());
    for q in moves {
        assert_eq!(FibonacciNim::outcome(q), Outcome::Lose, "{q:?}");
    }
}

#[test]
fn fibonacci_through_the_catalogue() {
    let game = Catalogue::core().parse("fibonacci").unwrap();
    let p = game.parse_position("20").unwrap();
    let a = game
        .analyze(&p, Play::Normal, &grundy::Budget::default())
        .unwrap();
    // 20 = 13 + 5 + 2: take 2, leaving 18 with at most 4 to take.
    assert_eq!(a.outcome, Outcome::Win);
    assert!(a.winning_moves.contains(&game.parse_position("18,4").unwrap()));
    assert!(game.parse_position("1,2,3").is_err());
}

/// Positions as plain numbers and tuples convert both ways, and a game defined by
/// `Game` alone answers through the seam like the memoized search.
#[test]
fn rust_games_behind_the_seam_agree_with_the_search() {
    use grundy::dynamic::{from_impartial, Codec, DynPosition};
    assert_eq!((3u8, true).encode(), DynPosition::Ints(vec![3, 1]));
    assert_eq!(
        <(u8, bool)>::decode(&DynPosition::Ints(vec![3, 1])),
        Ok((3, true))
    );
    assert!(<(u8, bool)>::decode(&DynPosition::Ints(vec![3, 2])).is_err());
    assert!(<(u8, bool)>::decode(&DynPosition::Ints(vec![3])).is_err());
    assert!(u8::decode(&DynPosition::Ints(vec![300])).is_err());
    assert!(u64::decode(&DynPosition::Ints(vec![-1]))
        .unwrap_err()
        .contains("negative"));

    let game = from_impartial("lasker as a Rust game", grundy::games::Lasker::new());
    let mut search = Search::new(grundy::games::Lasker::new());
    for a in 0..6u64 {
        for b in 0..6u64 {
            let p = vec![a, b];
            let e = search.evaluate(&p).unwrap();
            let got = game
                .analyze(&p.encode(), Play::Normal, &grundy::Budget::default())
                .unwrap();
            assert_eq!((got.outcome, got.remoteness), (e.outcome, e.remoteness), "{p:?}");
            assert_eq!(got.nimber, Some(Lasker::heap_value(a) ^ Lasker::heap_value(b)));
        }
    }
}

/// Nim's closed outcome (what `moves` asks of each option) agrees with the plain
/// search, in both plays, and its remoteness too where it gives one.
#[test]
fn nim_closed_outcomes_agree_with_search() {
    use grundy::dynamic::Analyze;
    use grundy::games::Nim;
    use grundy::solve::Search;
    use grundy::{Misere, Play};
    let mut normal = Search::new(&Nim);
    let mut misere = Search::new(Misere(&Nim));
    for a in 0..5u64 {
        for b in 0..5u64 {
            for c in 0..4u64 {
                let p = vec![a, b, c];
                for play in [Play::Normal, Play::Misere] {
                    let e = match play {
                        Play::Normal => normal.evaluate(&p).unwrap(),
                        Play::Misere => misere.evaluate(&p).unwrap(),
                    };
                    let (outcome, remoteness) = Nim.closed_outcome(&p, play).unwrap();
                    assert_eq!(outcome, e.outcome, "{p:?} {play:?}");
                    if let Some(r) = remoteness {
                        assert_eq!(Some(r), e.remoteness, "{p:?} {play:?}");
                    }
                }
            }
        }
    }
}

/// Mem's nim-values (one table of every heap and memory, XORed over a sum) give
/// the outcome and the winning moves that the plain memoized search finds.
#[test]
fn mem_nim_values_match_the_search() {
    use grundy::dynamic::Analyze;
    use grundy::games::{Mem, MemPosition};
    use rand::{rngs::StdRng, Rng, SeedableRng};
    let mem = Mem::default();
    let mut search = Search::new(Mem::default());
    let mut rng = StdRng::seed_from_u64(46);
    for _ in 0..300 {
        let heaps = (0..rng.gen_range(1..=3))
            .map(|_| {
                let n = rng.gen_range(0..=9);
                (n, rng.gen_range(0..=n + 1))
            })
            .collect();
        let p = MemPosition(heaps);
        let e = search.evaluate(&p).unwrap();
        let closed = mem.closed_form(&p, Play::Normal).expect("a closed form");
        assert_eq!(closed.outcome, e.outcome, "{p:?}");
        let key = |q: &MemPosition| q.0.clone();
        let mut expected = search.winning_moves(&p).unwrap();
        expected.sort_by_key(key);
        let mut got = closed.winning_moves;
        got.sort_by_key(key);
        assert_eq!(got, expected, "{p:?}");
    }
}

#[test]
fn mem_through_the_catalogue() {
    let game = Catalogue::core().parse("mem").unwrap();
    let budget = grundy::Budget::default();
    // One heap is won by taking it all; 1,1 is lost (each take empties a heap).
    for (position, outcome) in [
        ("7", Outcome::Win),
        ("1,1", Outcome::Lose),
        ("3:4", Outcome::Lose),
    ] {
        let p = game.parse_position(position).unwrap();
        assert_eq!(
            game.analyze(&p, Play::Normal, &budget).unwrap().outcome,
            outcome,
            "{position}"
        );
    }
    let e = game.parse_position("2001").unwrap_err().to_string();
    assert!(e.contains("too large") && !e.contains('\n'), "{e}");
    let p = game.parse_position("7:2,5").unwrap();
    let moves = game.moves(&p, Play::Normal, &budget).unwrap();
    assert!(!moves.is_empty());
    for m in &moves {
        let name = game.name_move(&p, &m.position).expect("a name");
        assert!(name == "take 7" || name.contains(':'), "{name}");
    }
}
