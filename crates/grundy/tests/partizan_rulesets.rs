//! The partizan rulesets of issue 46 (Toppling Dominoes, Eatcake, Maundy Cake,
//! partizan subtraction, Fission) against what is known and against play.
//!
//! - Known values as data (`tests/data/partizan/*.txt`), each checked against the
//!   canonical value and by play alone (see `partizan_games::known`).
//! - Maundy Cake against its closed form (Winning Ways: a strip of n is worth
//!   n(1/p1 + 1/(p1 p2) + ...), primes ascending) and its integer recursion;
//!   partizan subtraction with equal sets against the impartial game's nimbers.
//! - `solve` (the seam's outcome search, with either player first) against the
//!   canonical value's outcome class on random small positions (proptest).

use grundy::games::{
    maundy_piece_value, Cake, Dominoes, Eatcake, Fission, FissionBoard, MaundyCake, PartizanSubtraction,
    TopplingDominoes,
};
use grundy::partizan::{OutcomeClass, Partizan, Side, Universe, ValueCache};
use proptest::prelude::*;

use crate::partizan_games::{
    clicks_make_every_move, known, outcomes_agree, pos, splits_agree, value, values_through_the_catalogue,
    BUDGET,
};

#[test]
fn toppling_known_values() {
    known(
        &TopplingDominoes,
        "toppling.txt",
        include_str!("data/partizan/toppling.txt"),
    );
}

#[test]
fn eatcake_known_values() {
    known(&Eatcake, "eatcake.txt", include_str!("data/partizan/eatcake.txt"));
}

#[test]
fn maundy_known_values() {
    known(
        &MaundyCake,
        "maundy.txt",
        include_str!("data/partizan/maundy.txt"),
    );
}

#[test]
fn fission_known_values() {
    known(&Fission, "fission.txt", include_str!("data/partizan/fission.txt"));
}

#[test]
fn partizan_subtraction_known_values() {
    // One game a file would need its sets in the data; the games are few.
    let game = PartizanSubtraction::parse("1,2|1,3").unwrap();
    known(
        &game,
        "partizan-subtraction.txt",
        include_str!("data/partizan/partizan-subtraction.txt"),
    );
}

/// Winning Ways' closed form of a Maundy strip `n` long (one player's moves
/// alone): n times the sum of 1/p1, 1/(p1 p2), ... over its prime factors in
/// ascending order, with repeats.
fn maundy_strip(n: u32) -> i64 {
    let mut primes = Vec::new();
    let mut m = n;
    let mut p = 2;
    while m > 1 {
        while m.is_multiple_of(p) {
            primes.push(p);
            m /= p;
        }
        p += 1;
    }
    let mut product = 1;
    let mut sum = 0;
    for q in primes {
        product *= q;
        sum += n / product;
    }
    i64::from(sum)
}

#[test]
fn maundy_strips_follow_the_closed_form() {
    // OEIS A006022, from Winning Ways: 0, 1, 1, 3, 1, 4, 1, 7, 4, 6, 1, 10, ...
    let first: Vec<i64> = (1..=12).map(maundy_strip).collect();
    assert_eq!(first, [0, 1, 1, 3, 1, 4, 1, 7, 4, 6, 1, 10]);
    let mut cache = ValueCache::new(BUDGET);
    for n in 1..=100 {
        assert_eq!(maundy_piece_value(n, 1), Some(maundy_strip(n)), "{n}x1");
        assert_eq!(maundy_piece_value(1, n), Some(-maundy_strip(n)), "1x{n}");
        if n <= 40 {
            let v = value(&MaundyCake, &Cake(vec![(n, 1)]), &mut cache);
            assert_eq!(v, cache.universe.integer(maundy_strip(n)), "{n}x1");
        }
    }
}

/// The integer recursion (what `solve` answers from) is the canonical value on
/// every piece up to 12x12, and gives an integer for every piece up to 100x100.
#[test]
fn maundy_pieces_are_the_integers_of_their_recursion() {
    let mut cache = ValueCache::new(BUDGET);
    for w in 1..=12 {
        for h in 1..=12 {
            let v = value(&MaundyCake, &Cake(vec![(w, h)]), &mut cache);
            let want = maundy_piece_value(w, h).unwrap_or_else(|| panic!("{w}x{h} is hot"));
            assert_eq!(v, cache.universe.integer(want), "{w}x{h}");
        }
    }
    for w in 1..=100 {
        for h in 1..=100 {
            assert!(maundy_piece_value(w, h).is_some(), "{w}x{h}");
        }
    }
}

/// Equal sets make the impartial subtraction game: heap n is the nimber of its
/// nim-sequence (1,3,4: period 7, 0 1 0 1 2 3 2).
#[test]
fn partizan_subtraction_with_equal_sets_is_impartial() {
    let game = PartizanSubtraction::parse("1,3,4|4,3,1").unwrap();
    let mut cache = ValueCache::new(BUDGET);
    let period = [0, 1, 0, 1, 2, 3, 2];
    for n in 0..60u64 {
        let v = value(&game, &vec![n], &mut cache);
        assert_eq!(v, cache.universe.nimber(period[n as usize % 7]), "{n}");
    }
    // One side alone: Left takes one a move, n moves in all.
    let game = PartizanSubtraction::parse("1|").unwrap();
    let mut cache = ValueCache::new(BUDGET);
    for n in 0..30u64 {
        assert_eq!(
            value(&game, &vec![n], &mut cache),
            cache.universe.integer(n as i64),
            "{n}"
        );
    }
    // Heaps add, whatever order they are valued in.
    let game = PartizanSubtraction::parse("1,2|1,3").unwrap();
    let mut cache = ValueCache::new(BUDGET);
    let big = value(&game, &vec![40, 7], &mut cache);
    let mut fresh = ValueCache::new(BUDGET);
    let a = value(&game, &vec![7], &mut fresh);
    let b = value(&game, &vec![40], &mut fresh);
    let sum = fresh.universe.add(a, b);
    assert_eq!(cache.universe.import(&fresh.universe, sum), big);
}

fn random_row(rng: &mut impl rand::Rng, max: usize) -> String {
    let n = rng.gen_range(1..=max);
    (0..n).map(|_| ['L', 'R', 'G'][rng.gen_range(0..3)]).collect()
}

#[test]
fn components_and_keys_agree_with_the_plain_recursion() {
    use rand::{rngs::StdRng, Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(46);
    splits_agree(
        &TopplingDominoes,
        (0..60).map(|_| {
            let rows: Vec<String> = (0..rng.gen_range(1..=2))
                .map(|_| random_row(&mut rng, 5))
                .collect();
            Dominoes::parse(&rows.join("+")).unwrap()
        }),
    );
    // The plain recursion keeps every order of the pieces apart: tiny cakes only.
    let cake = |rng: &mut StdRng| {
        let n = rng.gen_range(1..=2);
        Cake(
            (0..n)
                .map(|_| (rng.gen_range(1..=3), rng.gen_range(1..=4 - n as u32)))
                .collect(),
        )
    };
    splits_agree(&Eatcake, (0..30).map(|_| cake(&mut rng)));
    splits_agree(&MaundyCake, (0..30).map(|_| cake(&mut rng)));
    let game = PartizanSubtraction::parse("1,2|1,3").unwrap();
    splits_agree(
        &game,
        (0..40).map(|_| (0..rng.gen_range(1..=3)).map(|_| rng.gen_range(0..=9)).collect()),
    );
    splits_agree(
        &Fission,
        ["...|.x.|...", "x...|....|..x.", "..|x.|..|.x", ".#.|.x.|..."].map(pos::<FissionBoard>),
    );
}

#[test]
fn boards_name_every_move_on_a_cell() {
    for text in ["LRG+GGL", "L", "RLLRG"] {
        let p = pos::<Dominoes>(text);
        clicks_make_every_move(&TopplingDominoes, &p);
        // A page plays the first legal move a click names: a cell naming both
        // ways a domino falls could never topple it right.
        let board = TopplingDominoes.board(&p).unwrap();
        assert!(board.clicks.iter().all(|c| c.moves.len() == 1), "{text}");
    }
    for text in ["3x2+1x1", "5x4", "1x7+6x1"] {
        clicks_make_every_move(&Eatcake, &pos::<Cake>(text));
    }
    for text in ["6x4+3x3", "12x1", "1x8+2x2"] {
        clicks_make_every_move(&MaundyCake, &pos::<Cake>(text));
    }
    for text in ["...|.x.|...", "x.x.|....|.#x.", "....|.xx.|...."] {
        clicks_make_every_move(&Fission, &pos::<FissionBoard>(text));
    }
}

#[test]
fn outcomes_of_values_agree_with_plain_minimax() {
    use rand::{rngs::StdRng, Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(3);
    outcomes_agree(
        &TopplingDominoes,
        (0..100).map(|_| Dominoes::parse(&random_row(&mut rng, 8)).unwrap()),
    );
    outcomes_agree(
        &Eatcake,
        (0..40).map(|_| Cake(vec![(rng.gen_range(1..=4), rng.gen_range(1..=4))])),
    );
    outcomes_agree(
        &Fission,
        (0..40).map(|_| {
            let rows: Vec<String> = (0..rng.gen_range(1..=3))
                .map(|_| {
                    (0..3)
                        .map(|_| ['x', '.', '.', '#'][rng.gen_range(0..4)])
                        .collect()
                })
                .collect();
            pos::<FissionBoard>(&rows.join("|"))
        }),
    );
}

/// `solve`'s answer, through the seam every front end uses, with each player
/// first, against the outcome class of the canonical value (computed apart).
fn solve_agrees_with_value(game: &str, position: &str) -> Result<(), TestCaseError> {
    let g = grundy::dynamic::parse_game(game).unwrap();
    let p = g.parse_position(position).unwrap();
    let seam = g.partizan().expect("a partizan game");
    let budget = grundy::Budget::default();
    let mut u = Universe::new();
    let v = seam.value(&p, &mut u, &budget).unwrap();
    let mut first_wins = [false; 2];
    for (i, side) in [Side::Left, Side::Right].into_iter().enumerate() {
        let at = seam.with_side(&p, side).unwrap();
        let outcome = seam.played().outcome(&at, grundy::Play::Normal, &budget).unwrap();
        first_wins[i] = outcome == grundy::Outcome::Win;
    }
    let class = match first_wins {
        [true, true] => OutcomeClass::N,
        [true, false] => OutcomeClass::L,
        [false, true] => OutcomeClass::R,
        [false, false] => OutcomeClass::P,
    };
    prop_assert_eq!(
        class,
        u.outcome(v),
        "{} {} = {}",
        game,
        position,
        u.display(v, false)
    );
    Ok(())
}

fn row_text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(vec!['L', 'R', 'G']), 1..7)
        .prop_map(|v| v.into_iter().collect())
}

fn cake_text(max: u32) -> impl Strategy<Value = String> {
    prop::collection::vec((1..=max, 1..=max), 1..3).prop_map(|pieces| {
        pieces
            .iter()
            .map(|(w, h)| format!("{w}x{h}"))
            .collect::<Vec<_>>()
            .join("+")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn toppling_solve_agrees_with_value(rows in prop::collection::vec(row_text(), 1..3)) {
        solve_agrees_with_value("toppling", &rows.join("+"))?;
    }

    #[test]
    fn eatcake_solve_agrees_with_value(cake in cake_text(3)) {
        solve_agrees_with_value("eatcake", &cake)?;
    }

    #[test]
    fn maundy_solve_agrees_with_value(cake in cake_text(12)) {
        solve_agrees_with_value("maundy", &cake)?;
    }

    #[test]
    fn partizan_subtraction_solve_agrees_with_value(
        left in prop::collection::btree_set(1u64..5, 0..3),
        right in prop::collection::btree_set(1u64..5, 1..3),
        heaps in prop::collection::vec(0u64..12, 1..3),
    ) {
        let join = |s: &std::collections::BTreeSet<u64>| {
            s.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
        };
        let heaps = heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        solve_agrees_with_value(&format!("partizan-subtraction:{}|{}", join(&left), join(&right)), &heaps)?;
    }

    #[test]
    fn fission_solve_agrees_with_value(cells in prop::collection::vec(prop::sample::select(vec!['x', '.', '.', '#']), 9..=9)) {
        let rows: Vec<String> = cells.chunks(3).map(|r| r.iter().collect()).collect();
        solve_agrees_with_value("fission", &rows.join("|"))?;
    }
}

#[test]
fn families_through_the_catalogue() {
    values_through_the_catalogue(&[
        ("toppling", "LLL+RR", "1"),
        ("toppling", "LRL", "1/2"),
        ("eatcake", "1x1+1x1", "0"),
        ("maundy", "8,1", "7"),
        ("partizan-subtraction:1|", "5,3", "8"),
        ("partizan-subtraction:1,3,4|1,3,4", "5", "*3"),
        ("fission", ".|x|.", "1"),
    ]);
    let g = grundy::dynamic::parse_game("partizan-subtraction:4,1,1|3").unwrap();
    assert_eq!(g.name(), "partizan-subtraction:1,4|3");
    for (game, message) in [
        ("partizan-subtraction", "two sets"),
        ("partizan-subtraction:1,0|2", "holds 0"),
        ("toppling:3", "takes no parameters"),
    ] {
        let e = grundy::dynamic::parse_game(game).err().unwrap().to_string();
        assert!(e.contains(message) && !e.contains('\n'), "{game}: {e}");
    }
    for (game, position, message) in [
        ("toppling", "LXR", "bad domino 'X'"),
        ("eatcake", "0x3", "no cake"),
        ("fission", "x.|x", "row 2 has 1 cells"),
    ] {
        let g = grundy::dynamic::parse_game(game).unwrap();
        let e = g.parse_position(position).unwrap_err().to_string();
        assert!(e.contains(message) && !e.contains('\n'), "{game} {position}: {e}");
    }
}

/// Every command runs on every family's example (`grundy-cli/tests/twins.rs`): the
/// seam's answers on these, normal and misère, stay quick.
#[test]
fn examples_answer_quickly() {
    let names = ["toppling", "eatcake", "maundy", "partizan-subtraction", "fission"];
    for family in grundy::games::FAMILIES.iter().filter(|f| names.contains(&f.name)) {
        let (game, position) = family.example.expect("an example");
        let t = std::time::Instant::now();
        let g = grundy::dynamic::parse_game(game).unwrap();
        let p = g.parse_position(position).unwrap();
        for play in [grundy::Play::Normal, grundy::Play::Misere] {
            g.analyze(&p, play, &grundy::Budget::default())
                .unwrap_or_else(|e| panic!("{game}: {e}"));
            g.moves(&p, play, &grundy::Budget::default())
                .unwrap_or_else(|e| panic!("{game}: {e}"));
        }
        g.partizan()
            .unwrap()
            .value(&p, &mut Universe::new(), &grundy::Budget::default())
            .unwrap();
        assert!(
            t.elapsed().as_secs_f64() < 2.0,
            "{game} {position}: {:?}",
            t.elapsed()
        );
    }
}

/// A game as long as its tokens or cells recursed once a move in the outcome
/// search: `solve partizan-subtraction:1,2|1,3 10000,10000` overflowed the stack.
/// Positions that long are refused with one line, whatever is asked.
#[test]
fn positions_too_long_to_search_are_refused() {
    let budget = grundy::Budget::default();
    for (game, position, message) in [
        ("partizan-subtraction:1,2|1,3", "10000,10000", "at most 1000"),
        ("partizan-subtraction:1|1", "1000000000000", "at most 1000"),
        ("eatcake", "30x30", "at most 400"),
    ] {
        let g = grundy::dynamic::parse_game(game).unwrap();
        let p = g.parse_position(position).unwrap();
        let seam = g.partizan().expect("partizan");
        let e = seam
            .analyze_first(&p, Side::Left, grundy::Play::Normal, &budget)
            .err()
            .unwrap_or_else(|| panic!("{game} {position} was searched"))
            .to_string();
        assert!(e.contains(message) && !e.contains('\n'), "{game} {position}: {e}");
        let e = seam
            .value(&p, &mut Universe::new(), &budget)
            .unwrap_err()
            .to_string();
        assert!(e.contains(message), "{game} {position}: {e}");
    }
    // Up to the limit, the search answers.
    let g = grundy::dynamic::parse_game("partizan-subtraction:1,2|1,3").unwrap();
    let p = g.parse_position("1000").unwrap();
    assert!(g
        .partizan()
        .unwrap()
        .analyze_first(&p, Side::Right, grundy::Play::Normal, &budget)
        .is_ok());
}
