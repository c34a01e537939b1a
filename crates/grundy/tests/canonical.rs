//! The search over canonical positions (heaps sorted, empty heaps dropped) against
//! the plain search over positions as given: outcome, remoteness, winning moves
//! and every move's evaluation, in normal and misère play, for every small sum of
//! heaps of several take-and-break and subtraction games. And the size bound the
//! planner trusts is checked against the canonical positions really searched.

use grundy::dynamic::{Analyze, Builtin, DynGame, DynPosition};
use grundy::games::{canonical_heaps, HeapGame};
use grundy::solve::{Evaluation, Search};
use grundy::{Game, GameError, Misere, Play};
use grundy_octal::HeapRules;

fn games() -> Vec<HeapGame> {
    [
        HeapRules::kayles(),
        HeapRules::dawsons_kayles(),
        HeapRules::grundy(),
        HeapRules::octal("0.137").unwrap(),
        HeapRules::subtraction(&[1, 3, 4]),
        HeapRules::split(),
    ]
    .into_iter()
    .map(HeapGame::from_rules)
    .collect()
}

/// Every list of `len` heaps (0 included) with at most `tokens` tokens in all.
fn positions(len: usize, tokens: u64, out: &mut Vec<Vec<u64>>, prefix: &mut Vec<u64>) {
    if prefix.len() == len {
        out.push(prefix.clone());
        return;
    }
    let used: u64 = prefix.iter().sum();
    for h in 0..=tokens - used {
        prefix.push(h);
        positions(len, tokens, out, prefix);
        prefix.pop();
    }
}

/// Every list of non-empty heaps with at most `tokens` tokens in all (any number of heaps).
fn compositions(tokens: u64, out: &mut Vec<Vec<u64>>, prefix: &mut Vec<u64>) {
    if !prefix.is_empty() {
        out.push(prefix.clone());
    }
    let used: u64 = prefix.iter().sum();
    for h in 1..=tokens - used {
        prefix.push(h);
        compositions(tokens, out, prefix);
        prefix.pop();
    }
}

/// Every position of at most 12 tokens in at most three heaps (empty heaps
/// included), every position of at most 11 tokens in non-empty heaps, however many.
fn small_positions() -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (len, tokens) in [(1, 14), (2, 12), (3, 12), (4, 8)] {
        positions(len, tokens, &mut out, &mut Vec::new());
    }
    compositions(11, &mut out, &mut Vec::new());
    out
}

#[test]
fn canonical_search_answers_as_the_plain_search() {
    let all = small_positions();
    for game in games() {
        let name = game.name().to_string();
        let plain = HeapGame::from_rules(game.rules().clone());
        let dynamic = Builtin::new(game);
        let mut normal = Search::new(&plain);
        let mut misere = Search::new(Misere(&plain));
        for p in &all {
            let dp = DynPosition::Ints(p.iter().map(|&h| h as i64).collect());
            for play in [Play::Normal, Play::Misere] {
                let (e, options) = match play {
                    Play::Normal => (normal.evaluate(p).unwrap(), normal.options_evaluated(p).unwrap()),
                    Play::Misere => (misere.evaluate(p).unwrap(), misere.options_evaluated(p).unwrap()),
                };
                let a = dynamic.analyze(&dp, play, &grundy::Budget::default()).unwrap();
                let at = format!("{name} {p:?} {play:?}");
                assert_eq!(a.outcome, e.outcome, "{at}");
                assert_eq!(a.remoteness, e.remoteness, "{at}");
                let mut expected: Vec<DynPosition> = options
                    .iter()
                    .filter(|(_, o)| o.is_winning_reply())
                    .map(|(o, _)| DynPosition::Ints(o.iter().map(|&h| h as i64).collect()))
                    .collect();
                let mut got = a.winning_moves.clone();
                expected.sort_by_key(|m| m.to_string());
                // Two moves that leave the same position are one winning move.
                expected.dedup();
                got.sort_by_key(|m| m.to_string());
                assert_eq!(got, expected, "{at}");
                // Every move, in the game's order (the user's heap order).
                let moves = dynamic.moves(&dp, play, &grundy::Budget::default()).unwrap();
                assert_eq!(moves.len(), options.len(), "{at}");
                for (m, (o, oe)) in moves.iter().zip(&options) {
                    assert_eq!(
                        m.position,
                        DynPosition::Ints(o.iter().map(|&h| h as i64).collect()),
                        "{at}"
                    );
                    assert_eq!((m.outcome, m.remoteness), (oe.outcome, oe.remoteness), "{at}");
                }
            }
        }
    }
}

/// A heap game on canonical positions, as the planner searches it.
struct Sorted<'a>(&'a HeapGame);

impl Game for Sorted<'_> {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> Result<(), GameError> {
        self.0.options(p, out)?;
        for o in out.iter_mut() {
            *o = canonical_heaps(o);
        }
        Ok(())
    }
}

#[test]
fn size_bound_covers_the_positions_searched() {
    let mut all = small_positions();
    all.extend([vec![21], vec![7, 7, 7], vec![9, 9, 9], vec![30], vec![5, 20]]);
    for game in games() {
        for p in &all {
            let mut s = Search::new(Sorted(&game));
            s.evaluate(&canonical_heaps(p)).unwrap();
            let bound = game.search_size(p).unwrap();
            assert!(
                s.len() as u128 <= bound,
                "{} {p:?}: {} > {bound}",
                game.name(),
                s.len()
            );
        }
    }
    // Multisets of heaps reachable, counted exactly where the bound is exact:
    // a heap of 21 in Kayles reaches 1,002 multisets (p(22)).
    let kayles = HeapGame::from_rules(HeapRules::kayles());
    let mut s = Search::new(Sorted(&kayles));
    s.evaluate(&vec![21]).unwrap();
    assert_eq!((s.len(), kayles.search_size(&vec![21])), (1_002, Some(1_002)));
}

/// The packed search (sums as heap counts in one `u128`) against the plain search
/// over sorted heap lists, on sums larger than the small positions above, in both
/// play conventions: the evaluation of the sum and of every option.
#[test]
fn packed_search_answers_as_the_plain_search_on_larger_sums() {
    let cases: [(&str, &[&[u64]]); 4] = [
        (
            "kayles",
            &[&[21], &[7, 7, 7], &[9, 9, 5], &[1, 1, 1, 12], &[3, 4, 5, 6]],
        ),
        ("dawson", &[&[30], &[13, 14], &[2, 2, 2, 2, 9]]),
        ("grundy", &[&[24], &[10, 13], &[3, 3, 3, 12]]),
        ("0.137", &[&[25], &[8, 9]]),
    ];
    for (name, positions) in cases {
        let rules = match name {
            "kayles" => HeapRules::kayles(),
            "dawson" => HeapRules::dawsons_kayles(),
            "grundy" => HeapRules::grundy(),
            code => HeapRules::octal(code).unwrap(),
        };
        let game = HeapGame::from_rules(rules);
        for &p in positions {
            let p = p.to_vec();
            for play in [Play::Normal, Play::Misere] {
                let (e, options) = match play {
                    Play::Normal => plain_evaluations(Sorted(&game), &game, &p),
                    Play::Misere => plain_evaluations(Misere(Sorted(&game)), &game, &p),
                };
                assert!(game.packed_search_fits(&p), "{name} {p:?} packs");
                let (pe, poptions) = game.packed_search(&p, play).expect("applies").unwrap();
                let at = format!("{name} {p:?} {play:?}");
                assert_eq!((pe.outcome, pe.remoteness), (e.outcome, e.remoteness), "{at}");
                assert_eq!(poptions.len(), options.len(), "{at}");
                for ((_, po), o) in poptions.iter().zip(&options) {
                    assert_eq!((po.outcome, po.remoteness), (o.outcome, o.remoteness), "{at}");
                }
            }
        }
    }
}

/// The plain search's evaluation of `p` and of each option of `p`, in the game's order.
fn plain_evaluations<G: Game<Position = Vec<u64>>>(
    searched: G,
    game: &HeapGame,
    p: &[u64],
) -> (Evaluation, Vec<Evaluation>) {
    let mut s = Search::new(searched);
    let e = s.evaluate(&canonical_heaps(p)).unwrap();
    let mut options = Vec::new();
    game.options(&p.to_vec(), &mut options).unwrap();
    let options = options
        .iter()
        .map(|o| s.evaluate(&canonical_heaps(o)).unwrap())
        .collect();
    (e, options)
}
