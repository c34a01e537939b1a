//! Canonical values of empty Domineering rectangles, each from a fresh cache.
//!
//! `cargo bench -p grundy-bench --bench domineering` (5x6 alone: `-- 5x6`).
//! For comparison, cgt-tools takes 2.2 s for 5x5 and 59 s for 5x6.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use grundy::games::{Board, Domineering};
use grundy::partizan::{Partizan, ValueCache};

fn empty_value(rows: usize, cols: usize) -> usize {
    let mut cache = ValueCache::new(usize::MAX);
    let board = Board::empty(rows, cols).unwrap();
    let v = Domineering::new().value(&board, &mut cache).unwrap();
    black_box(v);
    cache.len()
}

fn rectangles(c: &mut Criterion) {
    let mut g = c.benchmark_group("domineering");
    g.sample_size(10);
    for (r, k) in [(4, 4), (4, 5), (5, 5)] {
        g.bench_function(format!("{r}x{k}"), |b| b.iter(|| empty_value(r, k)));
    }
    g.finish();
}

fn big(c: &mut Criterion) {
    // About 3.5 s a value: the fewest samples criterion takes.
    let mut g = c.benchmark_group("domineering-big");
    g.sample_size(10);
    g.bench_function("5x6", |b| b.iter(|| empty_value(5, 6)));
    g.finish();
}

criterion_group!(benches, rectangles, big);
criterion_main!(benches);
