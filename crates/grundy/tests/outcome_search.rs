//! The outcome search ([`grundy::partizan::OutcomeSearch`]) against the
//! canonical-value engine: on random positions of Domineering, Clobber and Toads
//! and Frogs (sums of regions included), with either player first, with and
//! without the exact values of small components; and the published outcomes of
//! empty Domineering rectangles (`tests/data/partizan/domineering_outcomes.txt`).

use grundy::dynamic::{Codec, DynPosition};
use grundy::games::domineering_search::Bits;
use grundy::games::{
    Board, Clobber, ClobberBoard, Domineering, DomineeringSearch, Strip, ToadsAndFrogs, WideBoard,
    WideDomineering,
};
use grundy::partizan::{solve_outcome, OutcomeClass, OutcomeSearch, Partizan, Side, ValueCache};
use grundy::Budget;
use proptest::prelude::*;

fn pos<P: Codec>(text: &str) -> P {
    let d = DynPosition::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    P::decode(&d).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn budget() -> Budget {
    Budget {
        max_memory: 256 << 20,
        ..Budget::default()
    }
}

/// The class from the search, Left first and Right first.
fn class_by_search<G: Partizan>(game: &G, p: &G::Position, small: usize) -> OutcomeClass {
    let b = budget();
    let mut s = OutcomeSearch::new(game, &b);
    s.small = small;
    let left = s.solve(p, Side::Left).unwrap();
    let right = s.solve(p, Side::Right).unwrap();
    // A winning move is an option the opponent loses, by a fresh search.
    for (side, got) in [(Side::Left, &left), (Side::Right, &right)] {
        assert_eq!(got.winning_move.is_some(), got.wins);
        if let Some(q) = &got.winning_move {
            let mut options = Vec::new();
            game.options(p, side, &mut options).unwrap();
            assert!(options.contains(q), "{q:?} is not an option of {p:?}");
            let mut fresh = OutcomeSearch::new(game, &b);
            assert!(!fresh.wins(q, side.other()).unwrap(), "{q:?} does not win");
        }
    }
    match (left.wins, right.wins) {
        (true, true) => OutcomeClass::N,
        (true, false) => OutcomeClass::L,
        (false, true) => OutcomeClass::R,
        (false, false) => OutcomeClass::P,
    }
}

fn agrees<G: Partizan>(game: &G, p: &G::Position) -> Result<(), TestCaseError> {
    let mut cache = ValueCache::new(10_000_000);
    let v = game.value(p, &mut cache).unwrap();
    let expected = cache.universe.outcome(v);
    let shown = cache.universe.display(v, false);
    for small in [0, 4, 16] {
        prop_assert_eq!(
            class_by_search(game, p, small),
            expected,
            "{:?} = {} (small {})",
            p,
            shown,
            small
        );
    }
    Ok(())
}

/// Domineering's own search ([`solve_outcome`] picks it) against the value,
/// each player first, with a winning move the opponent loses.
fn own_search_agrees(p: &Board) -> Result<(), TestCaseError> {
    let game = Domineering::new();
    let mut cache = ValueCache::new(10_000_000);
    let v = game.value(p, &mut cache).unwrap();
    let expected = cache.universe.outcome(v);
    let b = budget();
    let mut wins = [false; 2];
    for (i, side) in [Side::Left, Side::Right].into_iter().enumerate() {
        let answer = solve_outcome(&game, p, side, true, &b, &mut None).unwrap();
        prop_assert!(answer.method.starts_with("outcome search on bitboards"));
        wins[i] = answer.solved.wins;
        if let Some(q) = &answer.solved.winning_move {
            let mut options = Vec::new();
            game.options(p, side, &mut options).unwrap();
            prop_assert!(options.contains(q), "{:?} is not an option of {:?}", q, p);
            let reply = solve_outcome(&game, q, side.other(), false, &b, &mut None).unwrap();
            prop_assert!(!reply.solved.wins, "{:?} does not win", q);
        }
    }
    prop_assert_eq!(
        class_of(wins[0], wins[1]),
        expected,
        "{:?} = {}",
        p,
        cache.universe.display(v, false)
    );
    Ok(())
}

fn grid(rows: usize, cols: usize, cells: &'static [char]) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(cells), rows * cols).prop_map(move |v| {
        v.chunks(cols)
            .map(|r| r.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("|")
    })
}

fn any_grid(max_cells: usize, cells: &'static [char]) -> impl Strategy<Value = String> {
    (1..=5usize, 1..=5usize)
        .prop_filter("small enough", move |(r, c)| r * c <= max_cells)
        .prop_flat_map(move |(r, c)| grid(r, c, cells))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn domineering_agrees_with_values(text in any_grid(20, &['.', '.', '.', '#'])) {
        agrees(&Domineering::new(), &pos::<Board>(&text))?;
    }

    /// Two boards side by side with a filled column between: a sum.
    #[test]
    fn domineering_sums_agree_with_values(a in grid(3, 3, &['.', '.', '#']), b in grid(3, 4, &['.', '.', '.', '#'])) {
        let rows: Vec<String> = a
            .split('|')
            .zip(b.split('|'))
            .map(|(x, y)| format!("{x}#{y}"))
            .collect();
        agrees(&Domineering::new(), &pos::<Board>(&rows.join("|")))?;
    }

    /// Domineering's own search, through the seam, on the same boards.
    #[test]
    fn domineering_own_search_agrees_with_values(text in any_grid(20, &['.', '.', '.', '#'])) {
        own_search_agrees(&pos::<Board>(&text))?;
    }

    #[test]
    fn domineering_own_search_agrees_on_sums(a in grid(3, 3, &['.', '.', '#']), b in grid(3, 4, &['.', '.', '.', '#'])) {
        let rows: Vec<String> = a
            .split('|')
            .zip(b.split('|'))
            .map(|(x, y)| format!("{x}#{y}"))
            .collect();
        own_search_agrees(&pos::<Board>(&rows.join("|")))?;
    }

    #[test]
    fn clobber_agrees_with_values(text in any_grid(12, &['x', 'o', 'x', 'o', '.'])) {
        agrees(&Clobber, &pos::<ClobberBoard>(&text))?;
    }

    #[test]
    fn toads_agree_with_values(text in prop::collection::vec(prop::sample::select(&['T', 'F', '.'][..]), 1..=10)) {
        let s: String = text.into_iter().collect();
        agrees(&ToadsAndFrogs, &Strip::new(&s).unwrap())?;
    }
}

/// `rows cols class` lines: the outcome class of the empty board (Left places
/// vertical dominoes). Small ones are checked by both the value and the search,
/// the others (`search` on the line) by the search alone.
#[test]
fn domineering_rectangles_as_published() {
    rectangles_as_published(false);
}

/// The `slow` lines of the data file (up to 7x10), by Domineering's own search
/// alone, on a release build:
/// `cargo test -p grundy --release --test integration large_rectangles -- --ignored`.
#[test]
#[ignore]
fn domineering_large_rectangles_as_published() {
    rectangles_as_published(true);
}

fn rectangles_as_published(slow: bool) {
    let data = include_str!("data/partizan/domineering_outcomes.txt");
    let b = budget();
    for line in data
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter(|l| l.ends_with("slow") == slow)
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (rows, cols): (usize, usize) = (f[0].parse().unwrap(), f[1].parse().unwrap());
        let class = match f[2] {
            "L" => OutcomeClass::L,
            "R" => OutcomeClass::R,
            "N" => OutcomeClass::N,
            "P" => OutcomeClass::P,
            other => panic!("{line}: bad class {other}"),
        };
        if rows * cols > 64 {
            // Wide boards: the same search on 128-bit boards, and their game.
            let game = WideDomineering::with_start(rows, cols).unwrap();
            let board = WideBoard::empty(rows, cols).unwrap();
            rectangle_by_own_search::<u128, _>(line, class, &game, &board, &b);
            continue;
        }
        let board = Board::empty(rows, cols).unwrap();
        if rows * cols <= 20 {
            let mut cache = ValueCache::new(10_000_000);
            let v = Domineering::new().value(&board, &mut cache).unwrap();
            assert_eq!(cache.universe.outcome(v), class, "{line}: the value");
        }
        let game = Domineering::new();
        // The generic search on the quick lines, Domineering's own on all.
        if !slow {
            let mut s = OutcomeSearch::new(&game, &b);
            let left = s.wins(&board, Side::Left).unwrap();
            let right = s.wins(&board, Side::Right).unwrap();
            assert_eq!(class_of(left, right), class, "{line}: the generic search");
        }
        rectangle_by_own_search::<u64, _>(line, class, &game, &board, &b);
    }
}

/// Domineering's own search on `B`'s bitboards finds `class` for the empty
/// `board` of `game`, and the seam picks that search.
fn rectangle_by_own_search<B: Bits, G: Partizan>(
    line: &str,
    class: OutcomeClass,
    game: &G,
    board: &G::Position,
    b: &Budget,
) {
    let f: Vec<usize> = line
        .split_whitespace()
        .take(2)
        .map(|x| x.parse().unwrap())
        .collect();
    let mut own = DomineeringSearch::<B>::new(f[0], f[1], b).unwrap();
    let all = own.geometry().all();
    let left = own.wins(all, Side::Left).unwrap();
    let right = own.wins(all, Side::Right).unwrap();
    assert_eq!(class_of(left, right), class, "{line}: Domineering's search");
    let answer = solve_outcome(game, board, Side::Left, false, b, &mut None).unwrap();
    assert_eq!(answer.solved.wins, left, "{line}");
    assert!(
        answer.method.starts_with("outcome search on bitboards"),
        "{}",
        answer.method
    );
}

fn class_of(left: bool, right: bool) -> OutcomeClass {
    match (left, right) {
        (true, true) => OutcomeClass::N,
        (true, false) => OutcomeClass::L,
        (false, true) => OutcomeClass::R,
        (false, false) => OutcomeClass::P,
    }
}

/// Times and nodes of empty rectangles, for the README (`cargo test -p grundy
/// --release --test integration rectangles_timing -- --ignored --nocapture`;
/// `GRUNDY_BOARDS=8x8,9x9` picks the boards).
#[test]
#[ignore]
fn rectangles_timing() {
    let boards = std::env::var("GRUNDY_BOARDS").unwrap_or_else(|_| "4x4,5x5,6x6,7x7".into());
    // GRUNDY_NODES: stop a search after that many nodes (and say so).
    let b = Budget {
        max_work: std::env::var("GRUNDY_NODES").ok().map(|n| n.parse().unwrap()),
        ..Budget::default()
    };
    for spec in boards.split(',') {
        let (r, c) = spec.split_once('x').unwrap();
        let board = Board::empty(r.parse().unwrap(), c.parse().unwrap()).unwrap();
        for side in [Side::Left, Side::Right] {
            let game = Domineering::new();
            let mut s = OutcomeSearch::new(&game, &b);
            if let Ok(small) = std::env::var("GRUNDY_SMALL") {
                s.small = small.parse().unwrap();
            }
            let t = std::time::Instant::now();
            let w = match s.wins(&board, side) {
                Ok(w) => w.to_string(),
                Err(e) => format!("unknown ({e})"),
            };
            println!(
                "{spec} {side} first: wins {w}, {:.2} s, {:?}",
                t.elapsed().as_secs_f64(),
                s.stats()
            );
        }
    }
}

/// Times and nodes of Domineering's own search ([`DomineeringSearch`]) on empty
/// rectangles, as [`rectangles_timing`] (`GRUNDY_BOARDS`, `GRUNDY_NODES`,
/// `GRUNDY_SMALL`, `GRUNDY_SKIP_SAFE`, `GRUNDY_MEMORY`, `GRUNDY_FIRST`,
/// `GRUNDY_THREADS`, `GRUNDY_SHARED`, `GRUNDY_REGIONS`, `GRUNDY_IN_SEARCH`): `cargo test -p grundy --release --test integration
/// bitboard_rectangles_timing -- --ignored --nocapture`. Boards of at most 64
/// cells on `u64` bitboards (as `grundy solve`), larger ones on `u128`.
#[test]
#[ignore]
fn bitboard_rectangles_timing() {
    let boards = std::env::var("GRUNDY_BOARDS").unwrap_or_else(|_| "4x4,5x5,6x6,7x7".into());
    for spec in boards.split(',') {
        let (r, c) = spec.split_once('x').unwrap();
        let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
        if r * c <= 64 {
            time_own_search::<u64>(spec, r, c);
        } else {
            time_own_search::<u128>(spec, r, c);
        }
    }
}

fn time_own_search<B: grundy::games::domineering_search::Bits>(spec: &str, r: usize, c: usize) {
    let mut b = Budget {
        max_work: std::env::var("GRUNDY_NODES").ok().map(|n| n.parse().unwrap()),
        ..Budget::default()
    };
    // GRUNDY_MEMORY: the memory budget in bytes (a quarter of it the table).
    if let Ok(m) = std::env::var("GRUNDY_MEMORY") {
        b.max_memory = m.parse().unwrap();
    }
    // GRUNDY_FIRST=left or right: one player first only.
    let first = std::env::var("GRUNDY_FIRST").unwrap_or_default();
    for side in [Side::Left, Side::Right] {
        if !first.is_empty() && !format!("{side:?}").eq_ignore_ascii_case(&first) {
            continue;
        }
        let mut s = DomineeringSearch::<B>::new(r, c, &b).unwrap();
        // The largest region valued, at the start and in the search (12 was
        // the default in the search before it valued none).
        if let Ok(small) = std::env::var("GRUNDY_SMALL") {
            s.small = small.parse().unwrap();
            s.small_in_search = s.small;
        }
        // GRUNDY_REGIONS=FILE: regions looked up in a table of `grundy build
        // domineering --regions N --db FILE`; GRUNDY_IN_SEARCH=N: the regions
        // of up to N cells split off in the search valued too.
        if let Ok(file) = std::env::var("GRUNDY_REGIONS") {
            let bytes = std::fs::read(&file).unwrap();
            let table = grundy::games::RegionTable::from_bytes(&bytes).unwrap();
            s = s.with_regions(std::sync::Arc::new(table));
        }
        if let Ok(n) = std::env::var("GRUNDY_IN_SEARCH") {
            s.small_in_search = n.parse().unwrap();
        }
        // GRUNDY_SKIP_SAFE=0: try safe moves too, as before they were skipped.
        if let Ok(skip) = std::env::var("GRUNDY_SKIP_SAFE") {
            s.skip_safe_moves = skip != "0";
        }
        // GRUNDY_THREADS=N: the threads of boards of 56 cells or more.
        if let Ok(n) = std::env::var("GRUNDY_THREADS") {
            s.threads = n.parse().unwrap();
        }
        // GRUNDY_SHARED=N: nodes of N empty cells or more are shared out.
        if let Ok(n) = std::env::var("GRUNDY_SHARED") {
            s.shared_cells = n.parse().unwrap();
        }
        let t = std::time::Instant::now();
        let all = s.geometry().all();
        let w = match s.wins(all, side) {
            Ok(w) => w.to_string(),
            Err(e) => format!("unknown ({e})"),
        };
        println!(
            "{spec} {side:?} first: wins {w}, {:.2} s, {:?}",
            t.elapsed().as_secs_f64(),
            s.stats()
        );
    }
}

/// Domineering's own search stops at a raised cancel flag too.
#[test]
fn a_cancelled_own_search_stops() {
    let b = Budget {
        cancel: grundy_budget::Cancel::new(),
        ..budget()
    };
    b.cancel.raise();
    let mut s = DomineeringSearch::<u64>::new(8, 8, &b).unwrap();
    match s.wins(s.geometry().all(), Side::Left) {
        Err(grundy::GameError::OverBudget(e)) => {
            assert_eq!(e.limit, grundy_budget::Limit::Cancelled, "{e}");
            assert!(s.stats().nodes <= 4096, "{:?}", s.stats());
        }
        other => panic!("not cancelled: {other:?}"),
    }
}

/// A raised cancel flag stops the search at its next look (every 4,096 nodes).
#[test]
fn a_cancelled_search_stops() {
    let b = Budget {
        cancel: grundy_budget::Cancel::new(),
        ..budget()
    };
    b.cancel.raise();
    let game = Domineering::new();
    let mut s = OutcomeSearch::new(&game, &b);
    match s.wins(&Board::empty(7, 7).unwrap(), Side::Left) {
        Err(grundy::GameError::OverBudget(e)) => {
            assert_eq!(e.limit, grundy_budget::Limit::Cancelled, "{e}");
            assert!(s.stats().nodes <= 4096, "{:?}", s.stats());
        }
        other => panic!("not cancelled: {other:?}"),
    }
}

/// The budget's positions bound the generic outcome search's nodes, as they do
/// Domineering's own (they once went unheeded: a Clobber board beyond the
/// memoized search was searched to its answer, 17 nodes, with a limit of 2):
/// `solve` through the seam stops with the position budget, named.
#[test]
fn positions_bound_the_outcome_search() {
    let g = grundy::dynamic::parse_game("clobber").unwrap();
    // Too large to value at once (its values are tried within a work limit
    // each, and this one runs out): the search plays it out.
    let p = g.parse_position("xoxoxo|oxoxox|xoxoxo").unwrap();
    let b = Budget {
        max_positions: Some(2),
        max_work: Some(50_000_000),
        ..budget()
    };
    match g.analyze(&p, grundy::Play::Normal, &b) {
        Err(grundy::GameError::OverBudget(e)) => {
            assert_eq!(e.limit, grundy_budget::Limit::Positions, "{e}");
            assert_eq!((e.reached, e.allowed), (3, 2), "{e}");
            assert!(e.what.contains("the outcome search"), "{e}");
            assert!(e.to_string().contains("--max-positions"), "{e}");
        }
        other => panic!("not over the position budget: {other:?}"),
    }
}
