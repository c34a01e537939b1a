//! Every file in examples/games checked against the built-in game or a brute-force
//! solver on many positions. They double as examples of the two formats.

use std::collections::{HashMap, HashSet};

use grundy::dynamic::{parse_game, DynGame, DynPosition};
use grundy::{Outcome, Play};
use grundy_rules::load;

fn example(name: &str) -> Box<dyn DynGame> {
    let path = format!("{}/../../examples/games/{name}", env!("CARGO_MANIFEST_DIR"));
    load(&path).unwrap_or_else(|e| panic!("{e}"))
}

fn ints(v: &[i64]) -> DynPosition {
    DynPosition::Ints(v.to_vec())
}

/// Outcome, nim-value, remoteness and the set of winning moves agree.
fn same_analysis(a: &dyn DynGame, b: &dyn DynGame, p: &DynPosition, play: Play) {
    let x = a
        .analyze(p, play, &grundy::Budget::default())
        .unwrap_or_else(|e| panic!("{} {p}: {e}", a.name()));
    let y = b
        .analyze(p, play, &grundy::Budget::default())
        .unwrap_or_else(|e| panic!("{} {p}: {e}", b.name()));
    assert_eq!(x.outcome, y.outcome, "outcome of {p}");
    assert_eq!(x.nimber, y.nimber, "nim-value of {p}");
    if x.remoteness.is_some() && y.remoteness.is_some() {
        assert_eq!(x.remoteness, y.remoteness, "remoteness of {p}");
    }
    let mx: HashSet<_> = x.winning_moves.into_iter().collect();
    let my: HashSet<_> = y.winning_moves.into_iter().collect();
    assert_eq!(mx, my, "winning moves of {p}");
}

#[test]
fn stone_game_luau_matches_the_builtin_on_heaps_0_to_200() {
    let script = example("stones.luau");
    let builtin = parse_game("subtraction:1,3,4").unwrap();
    for n in 0..=200 {
        same_analysis(script.as_ref(), builtin.as_ref(), &ints(&[n]), Play::Normal);
    }
    assert_eq!(
        script.heap_values(0, 200, &grundy::Budget::default()).unwrap(),
        builtin.heap_values(0, 200, &grundy::Budget::default()).unwrap()
    );
    // Sums of two heaps, and misère play, by search.
    for a in 0..=12 {
        for b in 0..=12 {
            same_analysis(script.as_ref(), builtin.as_ref(), &ints(&[a, b]), Play::Normal);
            same_analysis(script.as_ref(), builtin.as_ref(), &ints(&[a, b]), Play::Misere);
        }
    }
    assert_eq!(script.start(), Some(ints(&[10])));
}

#[test]
fn stone_game_toml_is_the_builtin() {
    let file = example("stones.toml");
    let builtin = parse_game("subtraction:1,3,4").unwrap();
    assert_eq!(file.name(), "The stone game");
    assert_eq!(file.start(), Some(ints(&[10])));
    for n in (0..=200).chain([1_000_000_000_000]) {
        same_analysis(file.as_ref(), builtin.as_ref(), &ints(&[n]), Play::Normal);
    }
    // Same engine, same method.
    let p = ints(&[10]);
    assert_eq!(
        file.analyze(&p, Play::Normal, &grundy::Budget::default())
            .unwrap()
            .method,
        builtin
            .analyze(&p, Play::Normal, &grundy::Budget::default())
            .unwrap()
            .method
    );
}

#[test]
fn euclid_luau_matches_the_builtin_on_all_pairs_up_to_30() {
    let script = example("euclid.luau");
    let toml = example("euclid.toml");
    let builtin = parse_game("euclid").unwrap();
    for a in 0..=30 {
        for b in 0..=30 {
            if a == 0 && b == 0 {
                continue;
            }
            let p = ints(&[a, b]);
            same_analysis(script.as_ref(), builtin.as_ref(), &p, Play::Normal);
            same_analysis(toml.as_ref(), builtin.as_ref(), &p, Play::Normal);
            assert_eq!(
                script.options(&p, &grundy::Budget::default()).unwrap(),
                builtin.options(&p, &grundy::Budget::default()).unwrap()
            );
        }
    }
    assert_eq!(toml.start(), Some(ints(&[25, 7])));
    assert_eq!(script.start(), Some(ints(&[25, 7])));
}

#[test]
fn digit_game_toml_is_the_builtin() {
    let file = example("digits.toml");
    let builtin = parse_game("digits:turns=3,width=4").unwrap();
    assert!(!file.is_impartial());
    for n in (0..10_000).step_by(97).chain([1999, 9999, 0]) {
        let p = builtin.parse_position(&n.to_string()).unwrap();
        same_analysis(file.as_ref(), builtin.as_ref(), &p, Play::Normal);
    }
}

#[test]
fn split_game_toml_is_the_builtin() {
    let file = example("split.toml");
    let builtin = parse_game("split").unwrap();
    // Small piles: the remoteness comes from a full search (2^chips positions).
    for n in 1..=14 {
        same_analysis(file.as_ref(), builtin.as_ref(), &ints(&[n]), Play::Normal);
    }
    same_analysis(file.as_ref(), builtin.as_ref(), &ints(&[3, 4, 5]), Play::Normal);
    assert_eq!(
        file.heap_values(0, 60, &grundy::Budget::default()).unwrap(),
        builtin.heap_values(0, 60, &grundy::Budget::default()).unwrap()
    );
}

#[test]
fn wythoff_toml_is_the_builtin() {
    let file = example("wythoff.toml");
    let builtin = parse_game("wythoff").unwrap();
    for a in 0..=20 {
        for b in 0..=20 {
            same_analysis(file.as_ref(), builtin.as_ref(), &ints(&[a, b]), Play::Normal);
        }
    }
}

/// Nim-values of a heap game whose heap of `n` becomes the heap lists `moves(n)`.
fn brute_force_heap_values(to: usize, moves: impl Fn(usize) -> Vec<Vec<usize>>) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=to {
        let seen: HashSet<u64> = moves(n)
            .iter()
            .map(|heaps| heaps.iter().fold(0, |x, &h| x ^ g[h]))
            .collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

fn nimbers(game: &dyn DynGame, to: u64) -> Vec<u64> {
    game.heap_values(0, to, &grundy::Budget::default())
        .unwrap()
        .iter()
        .map(|v| v.nimber)
        .collect()
}

#[test]
fn kayles_matches_brute_force_and_the_octal_engine() {
    let kayles = brute_force_heap_values(150, |n| {
        let mut out = Vec::new();
        for take in 1..=2.min(n) {
            for left in 0..=(n - take) {
                out.push(vec![left, n - take - left]);
            }
        }
        out
    });
    let script = example("kayles.luau");
    assert_eq!(nimbers(script.as_ref(), 150), kayles);
    assert_eq!(&kayles[..12], &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    // Sums of rows by search agree with the nim-sum.
    for (a, b) in [(3, 5), (4, 4), (7, 2), (10, 1)] {
        let x = script
            .analyze(&ints(&[a, b]), Play::Normal, &grundy::Budget::default())
            .unwrap();
        assert_eq!(x.nimber, Some(kayles[a as usize] ^ kayles[b as usize]));
    }
    // Once the octal engine is registered as a GAME text, the TOML family works too.
    if let Ok(octal) = parse_game("octal:0.77") {
        let file =
            grundy_rules::game_from_toml("kayles.toml", "family = \"octal\"\ncode = \"0.77\"\n").unwrap();
        assert_eq!(nimbers(file.as_ref(), 150), kayles);
        assert_eq!(nimbers(octal.as_ref(), 150), kayles);
    }
}

#[test]
fn grundys_game_matches_brute_force() {
    let expected = brute_force_heap_values(120, |n| (1..n.div_ceil(2)).map(|a| vec![a, n - a]).collect());
    let script = example("grundys-game.luau");
    assert_eq!(nimbers(script.as_ref(), 120), expected);
    assert_eq!(&expected[..13], &[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]);
    let a = script
        .analyze(&ints(&[12]), Play::Normal, &grundy::Budget::default())
        .unwrap();
    assert_eq!(a.outcome, Outcome::Win);
}

#[test]
fn sum_of_stones_and_euclid_nim_sums_its_parts() {
    let sum = example("stones-and-euclid.toml");
    let stones = parse_game("subtraction:1,3,4").unwrap();
    let euclid = parse_game("euclid").unwrap();
    let g = |game: &dyn DynGame, p: &[i64]| {
        game.analyze(&ints(p), Play::Normal, &grundy::Budget::default())
            .unwrap()
            .nimber
            .unwrap()
    };
    for h1 in 0..=6 {
        for h2 in 0..=6 {
            for (a, b) in [(1, 1), (2, 5), (3, 5), (7, 4), (0, 3)] {
                let p = ints(&[h1, h2, a, b]);
                let x = sum.analyze(&p, Play::Normal, &grundy::Budget::default()).unwrap();
                let expected =
                    g(stones.as_ref(), &[h1]) ^ g(stones.as_ref(), &[h2]) ^ g(euclid.as_ref(), &[a, b]);
                assert_eq!(x.nimber, Some(expected), "{p}");
                assert_eq!(x.outcome == Outcome::Win, expected != 0, "{p}");
                // Every winning move leaves nim-sum 0, and changes one component.
                for m in &x.winning_moves {
                    assert_eq!(
                        sum.analyze(m, Play::Normal, &grundy::Budget::default())
                            .unwrap()
                            .nimber,
                        Some(0),
                        "{p} -> {m}"
                    );
                }
                if h1 + h2 <= 4 {
                    // Small enough to search: the search agrees with the nim-sum.
                    let moves = sum.moves(&p, Play::Normal, &grundy::Budget::default()).unwrap();
                    let wins: HashSet<_> = moves
                        .iter()
                        .filter(|m| m.outcome == Outcome::Lose)
                        .map(|m| m.position.clone())
                        .collect();
                    assert_eq!(wins, x.winning_moves.iter().cloned().collect(), "{p}");
                }
            }
        }
    }
    assert!(sum.parse_position("1,2,3").is_err());
    assert!(sum.parse_position("1,2,0,0").is_err());
}

/// Tic-tac-toe by plain minimax: outcome for the player to move.
fn minimax(board: &mut [u8; 9], memo: &mut HashMap<[u8; 9], Outcome>) -> Outcome {
    if let Some(o) = memo.get(board) {
        return *o;
    }
    const LINES: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    let xs = board.iter().filter(|&&c| c == b'x').count();
    let os = board.iter().filter(|&&c| c == b'o').count();
    let (me, other) = if xs == os { (b'x', b'o') } else { (b'o', b'x') };
    let result = if LINES.iter().any(|l| l.iter().all(|&i| board[i] == other)) {
        Outcome::Lose
    } else if !board.contains(&b'.') {
        Outcome::Draw
    } else {
        let mut best = Outcome::Lose;
        for i in 0..9 {
            if board[i] == b'.' {
                board[i] = me;
                let o = minimax(board, memo).flip();
                board[i] = b'.';
                if o == Outcome::Win {
                    best = Outcome::Win;
                } else if o == Outcome::Draw && best == Outcome::Lose {
                    best = Outcome::Draw;
                }
            }
        }
        best
    };
    memo.insert(*board, result);
    result
}

#[test]
fn tictactoe_empty_board_is_a_draw_and_every_position_matches_minimax() {
    let game = example("tictactoe.luau");
    let start = game.start().unwrap();
    assert_eq!(start, DynPosition::Text(".........".into()));
    assert_eq!(game.show(&start), ".../.../...");
    let a = game
        .analyze(&start, Play::Normal, &grundy::Budget::default())
        .unwrap();
    assert_eq!(a.outcome, Outcome::Draw);
    assert_eq!(a.nimber, None);
    assert!(a.winning_moves.is_empty());
    // X to move completes the top row.
    let p = game.parse_position("xx.oo....").unwrap();
    let a = game
        .analyze(&p, Play::Normal, &grundy::Budget::default())
        .unwrap();
    assert_eq!((a.outcome, a.remoteness), (Outcome::Win, Some(1)));
    assert_eq!(a.winning_moves, vec![DynPosition::Text("xxxoo....".into())]);
    // O has lost: X has a line.
    let p = game.parse_position("xxxoo....").unwrap();
    assert_eq!(
        game.analyze(&p, Play::Normal, &grundy::Budget::default())
            .unwrap()
            .outcome,
        Outcome::Lose
    );
    assert!(game
        .moves(&p, Play::Normal, &grundy::Budget::default())
        .unwrap()
        .is_empty());
    // A corner opening answered on an edge loses for O.
    let p = game.parse_position("x...o....").unwrap();
    assert_eq!(
        game.analyze(&p, Play::Normal, &grundy::Budget::default())
            .unwrap()
            .outcome,
        Outcome::Draw
    );
    let p = game.parse_position("xo.......").unwrap();
    assert_eq!(
        game.analyze(&p, Play::Normal, &grundy::Budget::default())
            .unwrap()
            .outcome,
        Outcome::Win
    );
    // Every reachable position against minimax.
    let mut memo = HashMap::new();
    let mut seen = HashSet::new();
    let mut stack = vec![start];
    while let Some(p) = stack.pop() {
        if !seen.insert(p.clone()) {
            continue;
        }
        let DynPosition::Text(s) = &p else { unreachable!() };
        let mut board: [u8; 9] = s.as_bytes().try_into().unwrap();
        let expected = minimax(&mut board, &mut memo);
        assert_eq!(
            game.analyze(&p, Play::Normal, &grundy::Budget::default())
                .unwrap()
                .outcome,
            expected,
            "{s}"
        );
        if expected == Outcome::Lose
            && s.contains('.')
            && game.options(&p, &grundy::Budget::default()).unwrap().is_empty()
        {
            continue;
        }
        for m in game.moves(&p, Play::Normal, &grundy::Budget::default()).unwrap() {
            stack.push(m.position);
        }
    }
    assert_eq!(seen.len(), 5478);
}

#[test]
fn every_example_loads() {
    let dir = format!("{}/../../examples/games", env!("CARGO_MANIFEST_DIR"));
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let game = load(&path).unwrap_or_else(|e| panic!("{e}"));
        let start = game
            .start()
            .unwrap_or_else(|| panic!("{} has no start", path.display()));
        game.analyze(&start, Play::Normal, &grundy::Budget::default())
            .unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.starts_with("# ") || text.starts_with("-- "),
            "{} has no comment at the top",
            path.display()
        );
        count += 1;
    }
    assert!(count >= 11);
}

/// The lollipop graph of `lollipop.luau`: the cycle 0-1-2-3-0 and the tail 3-4-5.
const LOLLIPOP: [&[u64]; 6] = [&[1, 3], &[0, 2], &[1, 3], &[2, 0, 4], &[3, 5], &[4]];

/// The chase of `lollipop.luau` written again in Rust, numbered for the reference
/// fixpoint solver: index `side*36 + cop*6 + robber`.
struct Lollipop;

impl grundy::solve::Indexed for Lollipop {
    fn size(&self) -> u64 {
        72
    }
    fn terminal(&self, i: u64) -> Option<Outcome> {
        let (s, c, r) = (i / 36, i / 6 % 6, i % 6);
        (c == r).then_some(if s == 1 { Outcome::Lose } else { Outcome::Win })
    }
    fn options(&self, i: u64, out: &mut Vec<u64>) {
        let (s, c, r) = (i / 36, i / 6 % 6, i % 6);
        if s == 0 {
            for c2 in std::iter::once(c).chain(LOLLIPOP[c as usize].iter().copied()) {
                out.push(36 + c2 * 6 + r);
            }
        } else {
            for r2 in std::iter::once(r).chain(LOLLIPOP[r as usize].iter().copied()) {
                if r2 != c {
                    out.push(c * 6 + r2);
                }
            }
        }
    }
}

#[test]
fn lollipop_luau_matches_the_fixpoint_of_its_rules() {
    let script = example("lollipop.luau");
    let reference = grundy::solve::fixpoint(&Lollipop);
    let mut outcomes = HashSet::new();
    for i in 0..72u64 {
        let (s, c, r) = (i / 36, i / 6 % 6, i % 6);
        let p = ints(&[c as i64, r as i64, s as i64]);
        let a = script
            .analyze(&p, Play::Normal, &grundy::Budget::default())
            .unwrap_or_else(|e| panic!("{p}: {e}"));
        let e = reference.evaluation(i).unwrap();
        assert_eq!((a.outcome, a.remoteness), (e.outcome, e.remoteness), "{p}");
        outcomes.insert(a.outcome);
    }
    assert_eq!(outcomes.len(), 3, "wins, losses and draws");
}
