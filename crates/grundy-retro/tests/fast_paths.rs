//! The fast numbering paths (a decoded index advanced to the next one, children
//! ranked from their parent, lines found by shifts) against the reference path
//! (decode every index from scratch, build each option's board and number it), on
//! every index of small boards, in order and out of order; and the tables against
//! checksums recorded with the solver before the fast paths existed.

use grundy::Game;
use grundy_retro::games::{Dodgem, Placement};
use grundy_retro::{retrograde, retrograde_parallel, solve_levels, DenseOptions, Indexed, Table};

/// The options of index `i` the slow way: decode, test the lines of the board, play
/// every move on the board and number the result.
fn reference_placement(g: &Placement, i: u64) -> Result<Vec<u64>, grundy::Outcome> {
    let b = g.board_of(i);
    if let Some(t) = g.terminal_board(b) {
        return Err(t);
    }
    let mut out = Vec::new();
    g.each_option(b, |_, next| out.push(g.index_of(next).unwrap()));
    Ok(out)
}

fn reference_dodgem(g: &Dodgem, i: u64) -> Result<Vec<u64>, grundy::Outcome> {
    let p = g.position(i);
    assert_eq!(g.index(p), i, "index {i} does not round-trip");
    let mut moves = Vec::new();
    g.moves(p, &mut moves);
    if moves.is_empty() {
        return Err(grundy::Outcome::Win);
    }
    Ok(moves.into_iter().map(|q| g.index(q)).collect())
}

fn fast(g: &impl Indexed, i: u64, out: &mut Vec<u64>) -> Result<Vec<u64>, grundy::Outcome> {
    out.clear();
    match g.expand(i, out) {
        Some(t) => {
            assert!(out.is_empty(), "index {i}: a terminal position with options");
            Err(t)
        }
        None => Ok(out.clone()),
    }
}

/// Every index in order, then every index in a scattered order (each one far
/// from the last, so that nothing is carried over), then each index twice, then
/// `terminal` and `options` separately.
fn agree<G: Indexed>(g: &G, reference: impl Fn(u64) -> Result<Vec<u64>, grundy::Outcome>) {
    let n = g.size();
    let mut out = Vec::new();
    let expected: Vec<_> = (0..n).map(&reference).collect();
    for i in 0..n {
        assert_eq!(fast(g, i, &mut out), expected[i as usize], "in order, index {i}");
    }
    // A stride prime to n visits every index once, never two neighbours in a row.
    let stride = (n / 2 + 1..).find(|s| gcd(*s, n) == 1).unwrap();
    let mut i = 0;
    for _ in 0..n {
        assert_eq!(fast(g, i, &mut out), expected[i as usize], "scattered, index {i}");
        i = (i + stride) % n;
    }
    for i in (0..n).rev().step_by(3) {
        assert_eq!(fast(g, i, &mut out), expected[i as usize], "backwards, index {i}");
        assert_eq!(fast(g, i, &mut out), expected[i as usize], "again, index {i}");
    }
    for i in 0..n {
        let e = &expected[i as usize];
        assert_eq!(g.terminal(i), e.as_ref().err().copied(), "terminal, index {i}");
        if let Ok(options) = e {
            out.clear();
            g.options(i, &mut out);
            assert_eq!(&out, options, "options, index {i}");
        }
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[test]
fn placement_fast_path_matches_the_reference_on_every_index() {
    let games = [
        Placement::tictactoe(),
        Placement::connect4(4, 4).unwrap(),
        Placement::connect4(3, 5).unwrap(),
        Placement::connect4(5, 3).unwrap(),
        Placement::connect4(7, 2).unwrap(),
        Placement::connect4(1, 6).unwrap(),
    ];
    for g in &games {
        agree(g, |i| reference_placement(g, i));
    }
}

#[test]
fn two_games_on_one_thread_do_not_mix() {
    // Alternate between two numberings index by index: what one carries over from
    // the last index must never be used for the other.
    let (a, b) = (
        Placement::connect4(4, 3).unwrap(),
        Placement::connect4(3, 4).unwrap(),
    );
    let (c, d) = (Dodgem::new(3).unwrap(), Dodgem::new(4).unwrap());
    let mut out = Vec::new();
    for i in 0..a.size().min(b.size()) {
        assert_eq!(fast(&a, i, &mut out), reference_placement(&a, i), "4x3 index {i}");
        assert_eq!(fast(&b, i, &mut out), reference_placement(&b, i), "3x4 index {i}");
    }
    for i in 0..c.size() {
        assert_eq!(
            fast(&c, i, &mut out),
            reference_dodgem(&c, i),
            "dodgem 3 index {i}"
        );
        assert_eq!(
            fast(&d, i, &mut out),
            reference_dodgem(&d, i),
            "dodgem 4 index {i}"
        );
    }
}

#[test]
fn dodgem_fast_path_matches_the_reference_on_every_index() {
    for n in [3, 4] {
        let g = Dodgem::new(n).unwrap();
        agree(&g, |i| reference_dodgem(&g, i));
        // The native game's terminal rule agrees with the numbering's.
        for i in (0..g.size()).step_by(7) {
            let p = g.position(i);
            assert_eq!(
                Game::terminal(&g, &p).unwrap(),
                Indexed::terminal(&g, i),
                "index {i}"
            );
        }
    }
}

/// Dodgem's parents are exactly the positions that have the index as an option,
/// as often as they have it.
#[test]
fn dodgem_parents_invert_the_options() {
    for n in [3, 4] {
        let g = Dodgem::new(n).unwrap();
        let size = g.size() as usize;
        let mut expected: Vec<Vec<u64>> = vec![Vec::new(); size];
        let mut out = Vec::new();
        for p in 0..g.size() {
            out.clear();
            if g.expand(p, &mut out).is_none() {
                for &o in &out {
                    expected[o as usize].push(p);
                }
            }
        }
        for (i, want) in expected.iter_mut().enumerate() {
            out.clear();
            assert!(g.parents(i as u64, &mut out));
            out.sort_unstable();
            want.sort_unstable();
            assert_eq!(&out, want, "dodgem {n}, parents of {i}");
        }
    }
}

/// Dodgem's option counts (by shifts) are the lengths of its option lists, from any
/// first index (even or odd, at a change of car counts or not) and any block length.
#[test]
fn dodgem_option_counts_are_the_options_listed() {
    for n in [3, 4] {
        let g = Dodgem::new(n).unwrap();
        let mut out = Vec::new();
        let expected: Vec<u32> = (0..g.size())
            .map(|i| {
                out.clear();
                if g.expand(i, &mut out).is_some() {
                    assert!(out.is_empty());
                }
                out.len() as u32
            })
            .collect();
        let mut counts = vec![0u32; expected.len()];
        assert!(g.option_counts(0, &mut counts));
        assert_eq!(counts, expected, "dodgem {n}, one block");
        for block in [1, 2, 7, 1000] {
            for (k, want) in expected.chunks(block).enumerate() {
                let mut counts = vec![u32::MAX; want.len()];
                assert!(g.option_counts((k * block) as u64, &mut counts));
                assert_eq!(counts, want, "dodgem {n}, block {k} of {block}");
            }
        }
    }
}

/// On the 5x5 board (no lookup tables: the general path), on a sample of indices:
/// every parent has the index as an option, every option has it as a parent, and
/// the option counts are the options listed.
#[test]
fn dodgem_5_parents_options_and_counts_agree_on_a_sample() {
    let g = Dodgem::new(5).unwrap();
    let (mut options, mut parents) = (Vec::new(), Vec::new());
    let list = |i: u64, out: &mut Vec<u64>| {
        out.clear();
        g.expand(i, out);
        out.clone()
    };
    let stride = (g.size() / 3001) | 1;
    for i in (0..g.size())
        .step_by(stride as usize)
        .chain(g.size() - 40..g.size())
    {
        let mut counts = [0u32; 3];
        let block = (g.size() - i).min(3) as usize;
        assert!(g.option_counts(i, &mut counts[..block]));
        for (k, &c) in counts[..block].iter().enumerate() {
            assert_eq!(
                c as usize,
                list(i + k as u64, &mut options).len(),
                "count of {}",
                i + k as u64
            );
        }
        for o in list(i, &mut options) {
            parents.clear();
            assert!(g.parents(o, &mut parents));
            assert_eq!(parents.iter().filter(|&&p| p == i).count(), 1, "{i} -> {o}");
        }
        parents.clear();
        assert!(g.parents(i, &mut parents));
        for &p in &parents.clone() {
            assert!(list(p, &mut options).contains(&i), "{p} -> {i}");
        }
    }
}

/// Checksums of the tables (outcomes and remoteness) as the solvers wrote them
/// before the fast paths (recorded at commit 70a711c): the bytes must not change.
/// (Connect Four 5x4, too slow for a debug test, was 0x12342a94fbf57b73 with
/// remoteness and 0x67504ed81383f443 without; the bench prints it.)
#[test]
fn tables_are_byte_identical_to_the_recorded_ones() {
    let dense = |g: &Placement, remoteness, parallel| {
        solve_levels(
            g,
            DenseOptions {
                remoteness,
                parallel,
                ..Default::default()
            },
            |_, _| {},
        )
        .unwrap()
        .checksum()
    };
    let cases = [
        (
            Placement::tictactoe(),
            [0xc58055c401bf16db_u64, 0x25cae8f2617e66e2],
        ),
        (
            Placement::connect4(4, 4).unwrap(),
            [0x5383a90cc350c889, 0xace8ad81ad50698c],
        ),
        (
            Placement::connect4(5, 3).unwrap(),
            [0xf637759f62117981, 0xb50fce2c476e9272],
        ),
    ];
    for (g, [with_rem, without]) in &cases {
        for parallel in [false, true] {
            assert_eq!(
                dense(g, true, parallel),
                *with_rem,
                "{} with remoteness",
                g.name()
            );
            assert_eq!(dense(g, false, parallel), *without, "{} outcomes only", g.name());
        }
    }
    for (n, [with_rem, without]) in [
        (3, [0x4a563cb819e43931_u64, 0x3b847bc0b226c506]),
        (4, [0xbba47365ac593434, 0xc07667dab606d76a]),
    ] {
        let g = Dodgem::new(n).unwrap();
        for s in [retrograde(&g).unwrap(), retrograde_parallel(&g).unwrap()] {
            let t = |rem| Table::from_solution("", &s, rem).unwrap().checksum();
            assert_eq!(t(true), with_rem, "dodgem {n} with remoteness");
            assert_eq!(t(false), without, "dodgem {n} outcomes only");
        }
    }
}
