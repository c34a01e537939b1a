//! Each board game twice: retrograde analysis over its `Indexed` numbering, and the
//! generic enumeration (`grundy::solve::reachable`) over its `Game` impl, must agree
//! on every position reachable from the start; on acyclic games both agree with the
//! memoized search.

use std::hash::Hash;

use grundy::solve::{reachable, retrograde, Evaluation, Indexed, Search};
use grundy::Game;
use grundy_retro::games::{Chase, Dodgem, Placement};

/// Compare the two solvers on every position reachable from `start`; return how
/// many there are. `index` maps a native position to its index.
fn twins<G>(game: &G, start: G::Position, index: impl Fn(&G::Position) -> u64, acyclic: bool) -> usize
where
    G: Game + Indexed,
    G::Position: Clone + Eq + Hash,
{
    let numbered = retrograde(game).unwrap();
    let found = reachable(game, &start, 10_000_000).unwrap();
    assert_eq!(found.positions()[0], start, "the start is discovered first");
    let mut search = Search::new(game);
    for (i, p) in found.positions().iter().enumerate() {
        let e = found.evaluation(p).unwrap();
        assert_eq!(found.index(p), Some(i as u64));
        assert_eq!(numbered.evaluation(index(p)), Some(e), "{p:?}");
        if acyclic {
            assert_eq!(search.evaluate(p).unwrap(), e, "{p:?}");
        }
        // The same options, in the same order, through both interfaces.
        let mut by_index = Vec::new();
        if Indexed::terminal(game, index(p)).is_none() {
            Indexed::options(game, index(p), &mut by_index);
        }
        let by_game: Vec<u64> = found.options(p).unwrap().iter().map(|(o, _)| index(o)).collect();
        assert_eq!(by_index, by_game, "{p:?}");
        // Each value follows from the options' (the rule of the game, checked locally).
        let opts: Vec<Evaluation> = found.options(p).unwrap().into_iter().map(|(_, e)| e).collect();
        if !opts.is_empty() {
            assert_eq!(Evaluation::from_options(opts, grundy::Play::Normal), e, "{p:?}");
        }
    }
    found.len()
}

#[test]
fn tictactoe_twins() {
    let g = Placement::tictactoe();
    let n = twins(&g, (0, 0), |&b| g.index_of(b).unwrap(), true);
    assert_eq!(n as u64, g.reachable());
    assert_eq!(n, 5478);
}

#[test]
fn connect4_twins() {
    for (w, h) in [(4, 3), (3, 4), (4, 4)] {
        let g = Placement::connect4(w, h).unwrap();
        let n = twins(&g, (0, 0), |&b| g.index_of(b).unwrap(), (w, h) != (4, 4));
        assert_eq!(n as u64, g.reachable(), "{w}x{h}");
    }
}

#[test]
fn dodgem_twins() {
    let g = Dodgem::new(3).unwrap();
    let n = twins(&g, g.start(), |&p| g.index(p), false);
    assert!(n > 100, "{n}");
}

#[test]
fn chase_twins() {
    for g in [
        Chase::cycle(5).unwrap(),
        Chase::cycle(3).unwrap(),
        Chase::path(6).unwrap(),
    ] {
        twins(&g, (0, g.n() / 2, true), |&(c, r, cop)| g.index(c, r, cop), false);
    }
}

#[test]
fn chase_is_loopy_for_the_search_but_solved_by_enumeration() {
    // Staying put makes every Chase loopy: the memoized search refuses it, the
    // generic enumeration solves it (the cop wins on a path).
    let g = Chase::path(4).unwrap();
    let err = Search::new(&g).evaluate(&(0, 2, true)).unwrap_err();
    assert!(matches!(err, grundy::GameError::Loopy(_)), "{err}");
    let found = reachable(&g, &(0, 2, true), 1000).unwrap();
    assert_eq!(
        found.evaluation(&(0, 2, true)).unwrap().outcome,
        grundy::Outcome::Win
    );
}

#[test]
fn reachable_limit_is_an_error() {
    let g = Placement::tictactoe();
    let err = reachable(&g, &(0, 0), 100).err().unwrap();
    assert!(
        matches!(&err, grundy::GameError::OverBudget(b) if b.limit == grundy::Limit::Positions && b.allowed == 100),
        "{err}"
    );
}
