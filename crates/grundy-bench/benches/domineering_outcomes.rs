//! Who wins empty Domineering rectangles: the generic outcome search
//! ([`grundy::partizan::OutcomeSearch`]) and Domineering's own
//! ([`grundy::games::DomineeringSearch`], what `grundy solve` uses), each player
//! first, from a fresh search, side by side in one run.
//!
//! `cargo bench -p grundy-bench --bench domineering_outcomes` (one board: `-- 6x6`).
//! The node counts beside these times: `cargo test -p grundy --release --test
//! integration outcome_search::rectangles_timing -- --ignored --nocapture`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::games::{Board, Domineering, DomineeringSearch};
use grundy::partizan::{OutcomeSearch, Side};
use grundy::Budget;

/// Whether Left, then Right, moving first wins; and the nodes searched.
fn outcomes(rows: usize, cols: usize) -> (bool, bool, u64) {
    let game = Domineering::new();
    let board = Board::empty(rows, cols).unwrap();
    let budget = Budget::default();
    let mut nodes = 0;
    let mut wins = [false; 2];
    for (i, side) in [Side::Left, Side::Right].into_iter().enumerate() {
        let mut search = OutcomeSearch::new(&game, &budget);
        wins[i] = search.wins(&board, side).unwrap();
        nodes += search.stats().nodes;
    }
    black_box((wins[0], wins[1], nodes))
}

/// The same by Domineering's own search (on all cores from 56 cells).
fn own_outcomes(rows: usize, cols: usize) -> (bool, bool, u64) {
    own_outcomes_on(rows, cols, None)
}

/// The same on `threads` threads (`None`: as many as rayon's pool).
fn own_outcomes_on(rows: usize, cols: usize, threads: Option<usize>) -> (bool, bool, u64) {
    let budget = Budget::default();
    let mut nodes = 0;
    let mut wins = [false; 2];
    for (i, side) in [Side::Left, Side::Right].into_iter().enumerate() {
        let mut search = DomineeringSearch::<u64>::new(rows, cols, &budget).unwrap();
        if let Some(t) = threads {
            search.threads = t;
        }
        let all = search.geometry().all();
        wins[i] = search.wins(all, side).unwrap();
        nodes += search.stats().nodes;
    }
    black_box((wins[0], wins[1], nodes))
}

fn rectangles(c: &mut Criterion) {
    let mut g = c.benchmark_group("domineering-outcomes");
    g.sample_size(10);
    for (r, k) in [(5, 5), (5, 6), (6, 6), (6, 7)] {
        g.bench_function(format!("{r}x{k}/generic"), |b| b.iter(|| outcomes(r, k)));
        g.bench_function(format!("{r}x{k}/own"), |b| b.iter(|| own_outcomes(r, k)));
    }
    for (r, k) in [(7, 7), (6, 8)] {
        g.bench_function(format!("{r}x{k}/own"), |b| b.iter(|| own_outcomes(r, k)));
    }
    // A board large enough for the search on several threads, against one.
    for (r, k) in [(7, 8), (8, 8)] {
        g.bench_function(format!("{r}x{k}/own/one-thread"), |b| {
            b.iter(|| own_outcomes_on(r, k, Some(1)))
        });
        g.bench_function(format!("{r}x{k}/own/all-cores"), |b| {
            b.iter(|| own_outcomes_on(r, k, None))
        });
    }
    g.finish();
}

criterion_group!(benches, rectangles);
criterion_main!(benches);
