//! Criterion benchmarks (small sample sizes; a few minutes in total).
//!
//! * `naive_grundy`: naive method on Grundy's game; throughput = options the
//!   naive method examines per second. The sparse method on the same n is
//!   reported with the same element count (naive-equivalent options/s).
//! * `sparse_0.167`: sparse method on 0.167, naive on a shorter run as
//!   baseline.
//! * `sparse_grundy`: sparse method on Grundy's game.
//!
//! Bigger runs (0.167 to 10^7, Grundy's game to 2^24) are in
//! `crates/grundy-examples/examples/sequence.rs`.
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use grundy_octal::{HeapRules, Method, Sequence};
use std::time::Duration;

fn run(rules: &HeapRules, method: Method, n: u64) -> Sequence {
    let mut s = Sequence::new(rules.clone(), method);
    s.extend_to(n, |_, _| {}).unwrap();
    s
}

fn naive_grundy(c: &mut Criterion) {
    let rules = HeapRules::grundy();
    let mut group = c.benchmark_group("naive_grundy");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    for n in [1u64 << 14, 1 << 15] {
        let options = run(&rules, Method::Naive, n).stats().options;
        group.throughput(Throughput::Elements(options));
        group.bench_with_input(BenchmarkId::new("naive", n), &n, |b, &n| {
            b.iter(|| run(&rules, Method::Naive, n))
        });
        group.bench_with_input(BenchmarkId::new("sparse", n), &n, |b, &n| {
            b.iter(|| run(&rules, Method::Sparse, n))
        });
    }
    group.finish();
}

fn sparse_0167(c: &mut Criterion) {
    let rules = HeapRules::octal("0.167").unwrap();
    let mut group = c.benchmark_group("sparse_0.167");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    let n = 1u64 << 15;
    group.throughput(Throughput::Elements(n));
    group.bench_function(BenchmarkId::new("naive", n), |b| {
        b.iter(|| run(&rules, Method::Naive, n))
    });
    group.bench_function(BenchmarkId::new("sparse", n), |b| {
        b.iter(|| run(&rules, Method::Sparse, n))
    });
    let n = 1_000_000;
    group.throughput(Throughput::Elements(n));
    group.bench_function(BenchmarkId::new("sparse", n), |b| {
        b.iter(|| run(&rules, Method::Sparse, n))
    });
    group.finish();
}

fn sparse_grundy(c: &mut Criterion) {
    let rules = HeapRules::grundy();
    let mut group = c.benchmark_group("sparse_grundy");
    group.sample_size(10).measurement_time(Duration::from_secs(15));
    let n = 1u64 << 18;
    group.throughput(Throughput::Elements(n));
    group.bench_function(BenchmarkId::new("sparse", n), |b| {
        b.iter(|| run(&rules, Method::Sparse, n))
    });
    group.finish();
}

criterion_group!(benches, naive_grundy, sparse_0167, sparse_grundy);
criterion_main!(benches);
