//! The partizan families against what is known and against plain search.
//!
//! - Known values, as data (`tests/data/partizan/*.txt`, `position ; value` in
//!   CGSuite notation): each is checked twice, once against the computed canonical
//!   value and once by play alone: G = v exactly when G - v is a second-player win,
//!   which a plain minimax over the options of G and of -v decides without any
//!   canonical form.
//! - Domineering's fast path (regions, symmetries, strips) against the generic
//!   recursion on the whole, unsplit board; its symmetries.
//! - The outcome class of every value against plain minimax, with either player first.
//! - Hackenbush strings against Berlekamp's rule, green trees against the colon
//!   principle; Cutcake against an integer-only recursion.

use std::collections::HashMap;
use std::hash::Hash;

use grundy::dynamic::{Codec, DynPosition};
use grundy::games::{Board, Cake, Clobber, Cutcake, Domineering, Hackenbush, Picture, Strip, ToadsAndFrogs};
use grundy::partizan::{canonical_value, Dyadic, GameId, OutcomeClass, Partizan, Side, Universe, ValueCache};
use grundy::GameError;
use rand::{rngs::StdRng, Rng, SeedableRng};

pub(crate) const BUDGET: usize = 10_000_000;

pub(crate) fn pos<P: Codec>(text: &str) -> P {
    let d = DynPosition::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    P::decode(&d).unwrap_or_else(|e| panic!("{text}: {e}"))
}

pub(crate) fn value<G: Partizan>(game: &G, p: &G::Position, cache: &mut ValueCache<G::Position>) -> GameId {
    game.value(p, cache).unwrap_or_else(|e| panic!("{p:?}: {e}"))
}

/// Does the player to move win the sum of `p` (a position of `game`) and `g` (a
/// canonical form in `u`)? Plain minimax, memoized; no values are computed.
fn sum_wins<G: Partizan>(
    game: &G,
    u: &Universe,
    p: &G::Position,
    g: GameId,
    mover: Side,
    memo: &mut HashMap<(G::Position, GameId, Side), bool>,
) -> bool {
    let key = (p.clone(), g, mover);
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut opts = Vec::new();
    game.options(p, mover, &mut opts).unwrap();
    let next = mover.other();
    let mut win = opts.iter().any(|q| !sum_wins(game, u, q, g, next, memo));
    if !win {
        let gs = match mover {
            Side::Left => u.left_options(g),
            Side::Right => u.right_options(g),
        }
        .to_vec();
        win = gs.iter().any(|&h| !sum_wins(game, u, p, h, next, memo));
    }
    memo.insert(key, win);
    win
}

/// Whoever moves first in `p` alone, by plain minimax.
pub(crate) fn wins<G: Partizan>(
    game: &G,
    p: &G::Position,
    mover: Side,
    memo: &mut HashMap<(G::Position, Side), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(p.clone(), mover)) {
        return w;
    }
    let mut opts = Vec::new();
    game.options(p, mover, &mut opts).unwrap();
    let w = opts.iter().any(|q| !wins(game, q, mover.other(), memo));
    memo.insert((p.clone(), mover), w);
    w
}

pub(crate) fn class_by_search<G: Partizan>(game: &G, p: &G::Position) -> OutcomeClass {
    let mut memo = HashMap::new();
    match (
        wins(game, p, Side::Left, &mut memo),
        wins(game, p, Side::Right, &mut memo),
    ) {
        (true, false) => OutcomeClass::L,
        (false, true) => OutcomeClass::R,
        (true, true) => OutcomeClass::N,
        (false, false) => OutcomeClass::P,
    }
}

/// Every line of a data file: the computed value is the stated one, and the
/// difference is a second-player win by play alone.
pub(crate) fn known<G>(game: &G, file: &str, data: &str)
where
    G: Partizan,
    G::Position: Codec + Hash,
{
    let mut cache = ValueCache::new(BUDGET);
    let mut checked = 0;
    for (i, line) in data.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (p, v) = line
            .split_once(';')
            .unwrap_or_else(|| panic!("{file}:{}: 'position ; value'", i + 1));
        let p: G::Position = pos(p.trim());
        let got = value(game, &p, &mut cache);
        let want = cache
            .universe
            .parse(v.trim())
            .unwrap_or_else(|e| panic!("{file}:{}: {e}", i + 1));
        assert_eq!(
            cache.universe.display(got, false),
            cache.universe.display(want, false),
            "{file}:{}: {p:?}",
            i + 1
        );
        assert_eq!(got, want, "{file}:{}", i + 1);
        let minus = cache.universe.neg(want);
        let mut memo = HashMap::new();
        for first in [Side::Left, Side::Right] {
            assert!(
                !sum_wins(game, &cache.universe, &p, minus, first, &mut memo),
                "{file}:{}: G - ({}) is not a second-player win ({first:?} first)",
                i + 1,
                v.trim()
            );
        }
        checked += 1;
    }
    assert!(checked >= 5, "{file}: {checked} lines");
}

#[test]
fn domineering_known_values() {
    known(
        &Domineering::new(),
        "domineering.txt",
        include_str!("data/partizan/domineering.txt"),
    );
}

#[test]
fn toads_known_values() {
    known(
        &ToadsAndFrogs,
        "toads.txt",
        include_str!("data/partizan/toads.txt"),
    );
}

#[test]
fn hackenbush_known_values() {
    known(
        &Hackenbush,
        "hackenbush.txt",
        include_str!("data/partizan/hackenbush.txt"),
    );
}

#[test]
fn clobber_known_values() {
    known(&Clobber, "clobber.txt", include_str!("data/partizan/clobber.txt"));
}

#[test]
fn cutcake_known_values() {
    known(&Cutcake, "cutcake.txt", include_str!("data/partizan/cutcake.txt"));
}

/// Domineering with the plain rules only: no regions, no symmetry, no strips.
struct RawDomineering;

impl Partizan for RawDomineering {
    type Position = Board;
    fn options(&self, p: &Board, side: Side, out: &mut Vec<Board>) -> Result<(), GameError> {
        Domineering::new().options(p, side, out)
    }
}

fn random_board(rng: &mut StdRng, max_cells: usize) -> Board {
    loop {
        let rows = rng.gen_range(1..=5);
        let cols = rng.gen_range(1..=5);
        if rows * cols > max_cells {
            continue;
        }
        let fill = rng.gen_range(0.0..0.5);
        let mut empty = 0u64;
        for i in 0..rows * cols {
            if !rng.gen_bool(fill) {
                empty |= 1 << i;
            }
        }
        return Board::from_bits(rows, cols, empty).unwrap();
    }
}

#[test]
fn domineering_regions_agree_with_the_whole_board() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut fast = ValueCache::new(BUDGET);
    for _ in 0..150 {
        let b = random_board(&mut rng, 16);
        let mut plain = ValueCache::new(BUDGET);
        let slow = canonical_value(&RawDomineering, &b, &mut plain).unwrap();
        let got = value(&Domineering::new(), &b, &mut fast);
        let slow = fast.universe.import(&plain.universe, slow);
        assert_eq!(got, slow, "{}", b.text("|"));
    }
}

#[test]
fn domineering_symmetries() {
    let mut rng = StdRng::seed_from_u64(11);
    let mut cache = ValueCache::new(BUDGET);
    for _ in 0..200 {
        let b = random_board(&mut rng, 25);
        let v = value(&Domineering::new(), &b, &mut cache);
        assert_eq!(
            value(&Domineering::new(), &b.mirror(), &mut cache),
            v,
            "{}",
            b.text("|")
        );
        let t = value(&Domineering::new(), &b.transpose(), &mut cache);
        assert_eq!(t, cache.universe.neg(v), "{}", b.text("|"));
        // The generic recursion over the game's own components and keys agrees.
        if b.rows() * b.cols() <= 16 {
            let mut other = ValueCache::new(BUDGET);
            let g = canonical_value(&Domineering::new(), &b, &mut other).unwrap();
            assert_eq!(cache.universe.import(&other.universe, g), v, "{}", b.text("|"));
        }
    }
}

pub(crate) fn outcomes_agree<G: Partizan>(game: &G, positions: impl IntoIterator<Item = G::Position>) {
    let mut cache = ValueCache::new(BUDGET);
    for p in positions {
        let v = value(game, &p, &mut cache);
        let by_value = cache.universe.outcome(v);
        assert_eq!(
            by_value,
            class_by_search(game, &p),
            "{p:?} = {}",
            cache.universe.display(v, false)
        );
    }
}

#[test]
fn domineering_outcomes_agree_with_plain_search() {
    let mut rng = StdRng::seed_from_u64(3);
    outcomes_agree(&Domineering::new(), (0..100).map(|_| random_board(&mut rng, 16)));
}

#[test]
fn toads_outcomes_agree_with_plain_search() {
    let mut rng = StdRng::seed_from_u64(3);
    outcomes_agree(
        &ToadsAndFrogs,
        (0..150).map(|_| {
            let n = rng.gen_range(1..=9);
            let s: String = (0..n).map(|_| ['T', 'F', '.'][rng.gen_range(0..3)]).collect();
            Strip::new(&s).unwrap()
        }),
    );
}

#[test]
fn hackenbush_outcomes_agree_with_plain_search() {
    let mut rng = StdRng::seed_from_u64(3);
    outcomes_agree(&Hackenbush, (0..150).map(|_| random_picture(&mut rng, 7, "LRG")));
}

#[test]
fn clobber_outcomes_agree_with_plain_search() {
    let mut rng = StdRng::seed_from_u64(3);
    outcomes_agree(
        &Clobber,
        (0..100).map(|_| {
            let rows = rng.gen_range(1..=3);
            let cols = rng.gen_range(1..=4);
            let t: Vec<String> = (0..rows)
                .map(|_| {
                    (0..cols)
                        .map(|_| ['x', 'o', 'x', 'o', '.'][rng.gen_range(0..5)])
                        .collect()
                })
                .collect();
            pos::<grundy::games::ClobberBoard>(&t.join("|"))
        }),
    );
}

#[test]
fn cutcake_outcomes_agree_with_plain_search() {
    let mut rng = StdRng::seed_from_u64(3);
    outcomes_agree(
        &Cutcake,
        // Plain minimax over sums of pieces grows fast: small cakes only.
        (0..60).map(|_| {
            let n = rng.gen_range(1..=2);
            Cake(
                (0..n)
                    .map(|_| (rng.gen_range(1..=3), rng.gen_range(1..=4)))
                    .collect(),
            )
        }),
    );
}

/// A random picture of at most `edges` edges of the given colours.
fn random_picture(rng: &mut StdRng, edges: usize, colours: &str) -> Picture {
    let colours: Vec<char> = colours.chars().collect();
    // Parents: edge i stands on the ground (None) or on the top of an earlier edge.
    let n = rng.gen_range(1..=edges);
    let parents: Vec<Option<usize>> = (0..n)
        .map(|i| {
            if i == 0 || rng.gen_bool(0.3) {
                None
            } else {
                Some(rng.gen_range(0..i))
            }
        })
        .collect();
    let cs: Vec<char> = (0..n).map(|_| colours[rng.gen_range(0..colours.len())]).collect();
    fn write(i: usize, parents: &[Option<usize>], cs: &[char], s: &mut String) {
        s.push(cs[i]);
        let kids: Vec<usize> = (0..parents.len()).filter(|&j| parents[j] == Some(i)).collect();
        if kids.is_empty() {
            return;
        }
        s.push('(');
        for (k, &j) in kids.iter().enumerate() {
            if k > 0 {
                s.push(',');
            }
            write(j, parents, cs, s);
        }
        s.push(')');
    }
    let mut s = String::new();
    for (k, i) in (0..n).filter(|&i| parents[i].is_none()).enumerate() {
        if k > 0 {
            s.push('+');
        }
        write(i, &parents, &cs, &mut s);
    }
    Picture::parse(&s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Berlekamp's rule for a blue-red string, from the ground up: the first run of
/// one colour counts ±1 an edge; after the first change of colour each edge counts
/// ±1/2, ±1/4, ... in turn (+ for blue).
fn berlekamp(s: &str) -> Dyadic {
    let b = s.as_bytes();
    let sign = |c: u8| if c == b'L' { 1 } else { -1 };
    let run = b.iter().take_while(|&&c| c == b[0]).count();
    let n = b.len() as u32;
    // Everything in units of 2^-n.
    let mut num = sign(b[0]) * run as i64 * (1 << n);
    for (j, &c) in b[run..].iter().enumerate() {
        num += sign(c) * (1 << (n - 1 - j as u32));
    }
    Dyadic::new(num, n)
}

#[test]
fn hackenbush_strings_follow_berlekamps_rule() {
    let mut cache = ValueCache::new(BUDGET);
    for len in 1..=8 {
        for bits in 0..1u32 << len {
            let s: String = (0..len)
                .map(|i| if bits >> i & 1 == 1 { 'R' } else { 'L' })
                .collect();
            let v = value(&Hackenbush, &Picture::parse(&s).unwrap(), &mut cache);
            let want = cache.universe.number(berlekamp(&s));
            assert_eq!(v, want, "{s}: {}", cache.universe.display(v, false));
        }
    }
    for n in 1..=8 {
        let s = "G".repeat(n);
        let v = value(&Hackenbush, &Picture::parse(&s).unwrap(), &mut cache);
        assert_eq!(v, cache.universe.nimber(n as u64), "{s}");
    }
}

/// The colon principle: the nim-value of the branches above a node is the XOR, over
/// its edges, of one more than the nim-value above each.
fn colon(edges: &[grundy::games::Edge]) -> u64 {
    edges.iter().fold(0, |x, e| x ^ (colon(&e.above) + 1))
}

#[test]
fn green_trees_follow_the_colon_principle() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut cache = ValueCache::new(BUDGET);
    for _ in 0..200 {
        let p = random_picture(&mut rng, 10, "G");
        let v = value(&Hackenbush, &p, &mut cache);
        assert_eq!(v, cache.universe.nimber(colon(&p.0)), "{}", p.text());
    }
}

/// Cutcake values are integers, so {a | b} is the simplest integer between Left's
/// best and Right's best.
fn cutcake_brute(w: u32, h: u32, memo: &mut HashMap<(u32, u32), i64>) -> i64 {
    if let Some(&v) = memo.get(&(w, h)) {
        return v;
    }
    let left = (1..w)
        .map(|a| cutcake_brute(a, h, memo) + cutcake_brute(w - a, h, memo))
        .max();
    let right = (1..h)
        .map(|b| cutcake_brute(w, b, memo) + cutcake_brute(w, h - b, memo))
        .min();
    let d = Dyadic::simplest_between(left.map(Dyadic::integer), right.map(Dyadic::integer));
    assert!(d.is_integer(), "{w}x{h}");
    // Numerators are i128 now; Cutcake's integers here are small.
    let n = i64::try_from(d.numerator()).expect("a small integer");
    memo.insert((w, h), n);
    n
}

#[test]
fn cutcake_agrees_with_integer_recursion() {
    let mut cache = ValueCache::new(BUDGET);
    let mut memo = HashMap::new();
    for w in 1..=12 {
        for h in 1..=12 {
            let v = value(&Cutcake, &Cake(vec![(w, h)]), &mut cache);
            let want = cache.universe.integer(cutcake_brute(w, h, &mut memo));
            assert_eq!(v, want, "{w}x{h}");
        }
    }
}

/// The formula for a piece's value (what `solve` and `moves` use instead of a
/// search) is the integer recursion, for every piece up to 40x40.
#[test]
fn cutcake_piece_formula_agrees_with_integer_recursion() {
    let mut memo = HashMap::new();
    for w in 1..=40 {
        for h in 1..=40 {
            assert_eq!(
                grundy::games::piece_value(w, h),
                cutcake_brute(w, h, &mut memo),
                "{w}x{h}"
            );
        }
    }
}

/// Who wins a cake with either side moving first, as the seam answers it (from
/// the sign of the value, no search), is what plain minimax finds; each winning
/// move listed wins by minimax too.
#[test]
fn cutcake_outcomes_at_the_seam_agree_with_plain_search() {
    let game = grundy::partizan::from_partizan("cutcake", Cutcake);
    let seam = game.partizan().expect("a partizan game");
    let mut rng = StdRng::seed_from_u64(5);
    let mut memo = HashMap::new();
    for i in 0..60 {
        // Winning moves come with the remoteness, which is still searched: small
        // cakes for those; outcomes alone are the formula's, for larger ones.
        let (n, side_max) = if i % 2 == 0 { (2, 3) } else { (2, 4) };
        let n = rng.gen_range(1..=n);
        let cake = Cake(
            (0..n)
                .map(|_| (rng.gen_range(1..=side_max), rng.gen_range(1..=side_max)))
                .collect(),
        );
        for side in [Side::Left, Side::Right] {
            let want = wins(&Cutcake, &cake, side, &mut memo);
            let at = seam.with_side(&cake.encode(), side).unwrap();
            let outcome = seam
                .played()
                .outcome(&at, grundy::Play::Normal, &grundy::Budget::default())
                .unwrap();
            assert_eq!(outcome == grundy::Outcome::Win, want, "{} {side:?}", cake.text());
            if i % 2 == 1 {
                continue;
            }
            let a = seam
                .analyze_first(
                    &cake.encode(),
                    side,
                    grundy::Play::Normal,
                    &grundy::Budget::default(),
                )
                .unwrap();
            assert_eq!(a.outcome, outcome);
            for m in &a.winning_moves {
                let m = Cake::decode(m).unwrap();
                assert!(
                    !wins(&Cutcake, &m, side.other(), &mut memo),
                    "{} -> {}",
                    cake.text(),
                    m.text()
                );
            }
        }
    }
}

#[test]
fn positions_are_checked() {
    for (text, msg) in [
        ("...|..", "row 2 has 2 cells"),
        ("..x", "bad cell 'x'"),
        (
            "..........|..........|..........|..........|..........|..........|.........|",
            "row 7",
        ),
    ] {
        let e = Board::decode(&DynPosition::parse(text).unwrap()).unwrap_err();
        assert!(e.contains(msg), "{text}: {e}");
    }
    let big = vec![".".repeat(9); 8].join("|");
    let e = Board::decode(&DynPosition::parse(&big).unwrap()).unwrap_err();
    assert!(e.contains("72 cells"), "{e}");
    assert!(Strip::new("TX.").unwrap_err().contains("bad square 'X'"));
    assert!(Picture::parse("L(R").is_err());
    assert!(Cake::parse("2x").is_err());
}

/// Timing of the empty rectangles, for the report: run with
/// `cargo test --release -p grundy --test integration partizan_games:: -- --ignored
/// --nocapture`.
#[test]
#[ignore]
fn empty_rectangles_timing() {
    let max: usize = std::env::var("DOMINEERING_MAX")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(30);
    for (r, c) in [(3, 3), (3, 4), (4, 4), (4, 5), (5, 5), (4, 6), (5, 6), (6, 6)] {
        if r * c > max {
            continue;
        }
        let t = std::time::Instant::now();
        let mut cache = ValueCache::new(usize::MAX);
        let v = value(&Domineering::new(), &Board::empty(r, c).unwrap(), &mut cache);
        println!(
            "{r}x{c}: {:?}, {} regions, {} games: {}",
            t.elapsed(),
            cache.len(),
            cache.universe.len(),
            cache.universe.display(v, false)
        );
    }
}

/// Each (game, position, value) valued through the catalogue, as a front end
/// would: the game parsed by name, its position by its own syntax.
pub(crate) fn values_through_the_catalogue(cases: &[(&str, &str, &str)]) {
    let mut u = Universe::new();
    for &(game, position, want) in cases {
        let g = grundy::dynamic::parse_game(game).unwrap_or_else(|e| panic!("{game}: {e}"));
        let p = g
            .parse_position(position)
            .unwrap_or_else(|e| panic!("{game} {position}: {e}"));
        let v = g
            .partizan()
            .expect("partizan")
            .value(&p, &mut u, &grundy::Budget::default())
            .unwrap();
        let want = u.parse(want).unwrap();
        assert_eq!(u.display(v, false), u.display(want, false), "{game} {position}");
    }
}

#[test]
fn families_through_the_catalogue() {
    values_through_the_catalogue(&[
        ("domineering:rows=2,cols=2", "start", "+-1"),
        ("domineering:rows=3", "start", "+-1"),
        ("domineering", "..|..|..", "{1/2|-2}"),
        ("toads", "T.F", "*"),
        ("hackenbush", "LRR+GG", "1/4*2"),
        ("clobber", "xxo|...|..x", "^"),
        ("cutcake", "3,1", "2"),
        ("cutcake", "4x2+2x4", "0"),
    ]);
    let g = grundy::dynamic::parse_game("domineering:rows=2,cols=3").unwrap();
    assert_eq!(g.name(), "domineering:rows=2,cols=3");
    assert_eq!(g.show(&g.parse_position("start").unwrap()), "...\n...");
    // Beyond 64 cells a board is wide (128 bits, sides of at most 16).
    let g = grundy::dynamic::parse_game("domineering:rows=9,cols=8").unwrap();
    assert_eq!(g.show(&g.parse_position("start").unwrap()).len(), 9 * 8 + 8);
    let e = grundy::dynamic::parse_game("domineering:rows=12,cols=12")
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("144 cells"), "{e}");
    let e = grundy::dynamic::parse_game("domineering:rows=2,cols=40")
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("sides of at most 16"), "{e}");
    let g = grundy::dynamic::parse_game("clobber").unwrap();
    let e = g.parse_position("xo|x").unwrap_err().to_string();
    assert!(e.contains("row 2 has 1 cells"), "{e}");
}

/// Every command runs on every family's example (`grundy-cli/tests/twins.rs`): the
/// seam's answers on ours, normal and misère, stay quick.
#[test]
fn examples_answer_quickly() {
    let names = ["domineering", "toads", "hackenbush", "clobber", "cutcake"];
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

/// Any game with its options only: no components, no symmetry keys, no own recursion.
struct Plain<'a, G>(&'a G);

impl<G: Partizan> Partizan for Plain<'_, G> {
    type Position = G::Position;
    fn options(&self, p: &G::Position, side: Side, out: &mut Vec<G::Position>) -> Result<(), GameError> {
        self.0.options(p, side, out)
    }
}

/// Components and keys change nothing: the value equals the plain recursion's.
pub(crate) fn splits_agree<G: Partizan>(game: &G, positions: impl IntoIterator<Item = G::Position>) {
    let mut fast = ValueCache::new(BUDGET);
    for p in positions {
        let mut plain = ValueCache::new(BUDGET);
        let slow = canonical_value(&Plain(game), &p, &mut plain).unwrap();
        let slow = fast.universe.import(&plain.universe, slow);
        assert_eq!(value(game, &p, &mut fast), slow, "{p:?}");
    }
}

#[test]
fn components_and_keys_agree_with_the_plain_recursion() {
    let mut rng = StdRng::seed_from_u64(13);
    // Strips rich in frozen TTFF blocks and stuck ends.
    splits_agree(
        &ToadsAndFrogs,
        (0..150).map(|_| {
            let n = rng.gen_range(1..=10);
            let mut s = String::new();
            while s.len() < n {
                s.push_str(["T", "F", ".", "TTFF", "TT", "FF"][rng.gen_range(0..6)]);
            }
            Strip::new(&s).unwrap()
        }),
    );
    splits_agree(&Hackenbush, (0..150).map(|_| random_picture(&mut rng, 8, "LRG")));
    splits_agree(
        &Clobber,
        (0..100).map(|_| {
            let rows = rng.gen_range(1..=3);
            let cols = rng.gen_range(1..=4);
            let t: Vec<String> = (0..rows)
                .map(|_| (0..cols).map(|_| ['x', 'o', '.'][rng.gen_range(0..3)]).collect())
                .collect();
            pos::<grundy::games::ClobberBoard>(&t.join("|"))
        }),
    );
    // The plain recursion keeps every order of the pieces apart: tiny cakes only.
    splits_agree(
        &Cutcake,
        (0..40).map(|_| {
            let n = rng.gen_range(1..=2);
            Cake(
                (0..n)
                    .map(|_| (rng.gen_range(1..=3), rng.gen_range(1..=5 - n as u32)))
                    .collect(),
            )
        }),
    );
}

/// The moves a click on a drawn board makes: every move of either side has a
/// name, different moves have different names, and each name is on a cell of the
/// board (so a page can play every move by clicking).
pub(crate) fn clicks_make_every_move<G: Partizan>(game: &G, p: &G::Position)
where
    G::Position: std::fmt::Debug,
{
    let board = game.board(p).expect("a board");
    let on_board: std::collections::HashSet<&str> = board
        .clicks
        .iter()
        .flat_map(|c| c.moves.iter().map(String::as_str))
        .collect();
    for side in [Side::Left, Side::Right] {
        let mut options = Vec::new();
        game.options(p, side, &mut options).unwrap();
        let mut names = HashMap::new();
        for o in &options {
            let name = game
                .name_move(p, o, side)
                .unwrap_or_else(|| panic!("{p:?}: {side}'s move to {o:?} has no name"));
            assert!(on_board.contains(name.as_str()), "{p:?}: {name} is on no cell");
            let key = game.symmetry_key(o);
            if let Some(other) = names.insert(name.clone(), key.clone()) {
                assert!(other == key, "{p:?}: {name} names two moves");
            }
        }
    }
}

#[test]
fn hackenbush_and_cutcake_boards_name_every_move_on_a_cell() {
    for text in ["LRG+L(R,G)", "G(L,R(G,L))+RRL", "L", "GGGG+G(G,G)"] {
        clicks_make_every_move(&Hackenbush, &pos::<Picture>(text));
    }
    for text in ["3x2+2x2", "5x4", "1x7+6x1+2x2"] {
        clicks_make_every_move(&Cutcake, &pos::<Cake>(text));
    }
}
