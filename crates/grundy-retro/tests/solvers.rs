//! The solvers against each other, the memoized search, brute force and known results.

use grundy::solve::{Evaluation, Search};
use grundy::{Game, Outcome};
use grundy_retro::games::{Chase, Dodgem, Placement};
use grundy_retro::{
    fixpoint, retrograde, retrograde_parallel, solve_levels, DenseOptions, Indexed, Solution, Table,
};

fn dense(game: &Placement, parallel: bool, remoteness: bool) -> Table {
    solve_levels(
        game,
        DenseOptions {
            remoteness,
            parallel,
            ..Default::default()
        },
        |_, _| {},
    )
    .unwrap()
}

fn same(s: &Solution, t: &Table, size: u64) {
    for i in 0..size {
        assert_eq!(s.evaluation(i), t.evaluation(i), "index {i}");
    }
}

#[test]
fn tictactoe_known_values() {
    let g = Placement::tictactoe();
    assert_eq!(g.reachable(), 5478);
    assert_eq!(g.size(), 6046);
    let t = dense(&g, true, true);
    let start = g.index_of((0, 0)).unwrap();
    assert_eq!(
        t.evaluation(start),
        // A tie: every drawn line fills the board, nine moves.
        Some(Evaluation {
            outcome: Outcome::Draw,
            remoteness: Some(9)
        })
    );
    // x in a corner, o on an edge next to it: x wins.
    let p = g.index_of_board("xo.......").unwrap();
    assert_eq!(t.outcome(p), Some(Outcome::Win));
    assert_eq!(
        t.outcome(g.index_of_board("xx.oo....").unwrap()),
        Some(Outcome::Win)
    );
    assert_eq!(t.remoteness(g.index_of_board("xx.oo....").unwrap()), Some(1));
}

fn check_against_search(g: &Placement) {
    let t = dense(g, true, true);
    let mut search = Search::new(g);
    // Every reachable board.
    let mut stack = vec![(0u64, 0u64)];
    let mut seen = std::collections::HashSet::new();
    seen.insert((0, 0));
    while let Some(b) = stack.pop() {
        let e = search.evaluate(&b).unwrap();
        assert_eq!(t.evaluation(g.index_of(b).unwrap()), Some(e), "{b:?}");
        let mut out = Vec::new();
        if g.terminal_board(b).is_none() {
            Game::options(g, &b, &mut out).unwrap();
        }
        for o in out {
            if seen.insert(o) {
                stack.push(o);
            }
        }
    }
}

#[test]
fn dense_equals_memoized_search() {
    check_against_search(&Placement::tictactoe());
    check_against_search(&Placement::connect4(4, 3).unwrap());
    check_against_search(&Placement::connect4(3, 4).unwrap());
}

#[test]
fn parallel_equals_single_threaded_and_retrograde() {
    for g in [
        Placement::tictactoe(),
        Placement::connect4(4, 4).unwrap(),
        Placement::connect4(5, 3).unwrap(),
    ] {
        let a = dense(&g, false, true);
        let b = dense(&g, true, true);
        assert_eq!(a, b);
        let s = retrograde(&g).unwrap();
        same(&s, &a, g.size());
        assert_eq!(s, retrograde_parallel(&g).unwrap());
        // Outcome-only tables agree on outcomes.
        let c = dense(&g, true, false);
        for i in 0..g.size() {
            assert_eq!(c.outcome(i), a.outcome(i));
        }
        assert!(c.bytes_per_position() <= 0.2501);
    }
}

#[test]
fn connect4_known_results() {
    // John Tromp's table of small-board results (width x height): 4x4 draw, 5x4 draw,
    // 6x4 second-player win... checked here for the boards small enough to test.
    let g = Placement::connect4(4, 4).unwrap();
    let t = dense(&g, true, false);
    assert_eq!(t.outcome(g.index_of((0, 0)).unwrap()), Some(Outcome::Draw));
    // Reachable position counts (Tromp, OEIS A212693 totals): 4x4 has 161,029.
    assert_eq!(g.reachable(), 161_029);
}

/// A subtraction game as an indexed game: heap sizes 0..=n.
struct Sub(u64, Vec<u64>);
impl Indexed for Sub {
    fn size(&self) -> u64 {
        self.0 + 1
    }
    fn terminal(&self, _i: u64) -> Option<Outcome> {
        None
    }
    fn options(&self, i: u64, out: &mut Vec<u64>) {
        out.extend(self.1.iter().filter(|&&s| s <= i).map(|&s| i - s));
    }
}

#[test]
fn subtraction_equals_search() {
    for set in [vec![1, 2], vec![1, 3, 4], vec![2, 5, 7]] {
        let game = grundy::games::Subtraction::new(&set).unwrap();
        let mut search = Search::new(&game);
        let s = retrograde(&Sub(200, set.clone())).unwrap();
        for h in 0..=200u64 {
            assert_eq!(
                s.evaluation(h),
                Some(search.evaluate(&vec![h]).unwrap()),
                "{set:?} heap {h}"
            );
        }
    }
}

/// A random loopy game: each position has 0-3 options anywhere; some terminal rules.
struct Random {
    options: Vec<Vec<u64>>,
    terminal: Vec<Option<Outcome>>,
}
impl Random {
    fn new(n: usize, seed: u64) -> Random {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        let options = (0..n)
            .map(|_| (0..next(4)).map(|_| next(n as u64)).collect())
            .collect();
        let terminal = (0..n)
            .map(|_| match next(12) {
                0 => Some(Outcome::Win),
                1 => Some(Outcome::Draw),
                _ => None,
            })
            .collect();
        Random { options, terminal }
    }
}
impl Indexed for Random {
    fn size(&self) -> u64 {
        self.options.len() as u64
    }
    fn is_position(&self, i: u64) -> bool {
        i % 17 != 5
    }
    fn terminal(&self, i: u64) -> Option<Outcome> {
        self.terminal[i as usize]
    }
    fn options(&self, i: u64, out: &mut Vec<u64>) {
        out.extend(self.options[i as usize].iter().filter(|&&o| self.is_position(o)));
    }
}

#[test]
fn loopy_games_equal_brute_force() {
    for seed in 0..200 {
        let g = Random::new(1 + (seed as usize * 7) % 60, seed);
        let f = fixpoint(&g);
        assert_eq!(retrograde(&g).unwrap(), f, "seed {seed}");
        assert_eq!(retrograde_parallel(&g).unwrap(), f, "seed {seed}");
    }
    for g in [
        Chase::cycle(3).unwrap(),
        Chase::cycle(6).unwrap(),
        Chase::path(7).unwrap(),
    ] {
        let f = fixpoint(&g);
        assert_eq!(retrograde(&g).unwrap(), f);
        assert_eq!(retrograde_parallel(&g).unwrap(), f);
    }
    let d = Dodgem::new(3).unwrap();
    assert_eq!(retrograde(&d).unwrap(), fixpoint(&d));
}

#[test]
fn chase_known_results() {
    let g = Chase::cycle(3).unwrap();
    let s = retrograde(&g).unwrap();
    for c in 0..3 {
        for r in 0..3 {
            if c != r {
                assert_eq!(s.evaluation(g.index(c, r, true)).unwrap().outcome, Outcome::Win);
            }
        }
    }
    for n in 4..9 {
        let g = Chase::cycle(n).unwrap();
        let s = retrograde(&g).unwrap();
        let (_, _, draws) = s.counts();
        assert!(draws > 0);
        assert_eq!(s.evaluation(g.index(0, 2, true)).unwrap().outcome, Outcome::Draw);
        assert_eq!(s.evaluation(g.index(0, 1, true)).unwrap().outcome, Outcome::Win);
    }
    let g = Chase::path(9).unwrap();
    let s = retrograde(&g).unwrap();
    assert_eq!(s.counts().2, 0, "the cop wins on a path");
}

#[test]
fn dodgem_known_results() {
    // Winning Ways: 3x3 Dodgem is a win for the first player.
    let g = Dodgem::new(3).unwrap();
    let s = retrograde_parallel(&g).unwrap();
    assert_eq!(s, retrograde(&g).unwrap());
    let e = s.evaluation(g.index(g.start())).unwrap();
    assert_eq!(e.outcome, Outcome::Win);
    // des Jardins (1996): 4x4 Dodgem is a draw with perfect play.
    let g = Dodgem::new(4).unwrap();
    let s = retrograde_parallel(&g).unwrap();
    assert_eq!(s.evaluation(g.index(g.start())).unwrap().outcome, Outcome::Draw);
    for i in (0..g.size()).step_by(997) {
        assert_eq!(g.index(g.position(i)), i);
    }
}
