//! Criterion benchmarks (small sample sizes; a few minutes in total).
//!
//! * `naive_grundy`: naive method on Grundy's game; throughput = options the
//!   naive method examines per second. The sparse method on the same n is
//!   reported with the same element count (naive-equivalent options/s).
//! * `sparse_0.167`: sparse method on 0.167, naive on a shorter run as
//!   baseline.
//! * `sparse_grundy`: sparse method on Grundy's game.
//! * `method_0.106`, `method_0.167`: `Method::Auto` (switching sparse <-> naive
//!   from the rare fraction) against each forced method, same run: 0.106 is dense
//!   (half the heaps rare: naive wins), 0.167 sparse.
//! * `sparse_codes`: the sparse method on the codes of the README's table
//!   against ogsolve (values below 64: 0.16, 0.156, 0.45 to 10^6; above:
//!   0.6 to 10^5), with the naive method on 0.6 to 2·10^4 as the same-run
//!   baseline.
//! * `three_heaps`: hexadecimal codes with three-heap moves, the engine (two-heap
//!   split sets merged with the third heap) against the triple-by-triple
//!   computation it replaced (kept here as the baseline).
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

fn methods(c: &mut Criterion) {
    for (code, n, forced) in [
        ("0.106", 50_000u64, &[Method::Naive, Method::Sparse][..]),
        ("0.167", 1_000_000, &[Method::Sparse][..]),
    ] {
        let rules = HeapRules::octal(code).unwrap();
        let mut group = c.benchmark_group(format!("method_{code}"));
        group.sample_size(10).measurement_time(Duration::from_secs(10));
        group.throughput(Throughput::Elements(n));
        for &method in forced.iter().chain(&[Method::Auto]) {
            let name = format!("{method:?}").to_lowercase();
            group.bench_function(BenchmarkId::new(name, n), |b| b.iter(|| run(&rules, method, n)));
        }
        group.finish();
    }
}

fn sparse_codes(c: &mut Criterion) {
    let mut group = c.benchmark_group("sparse_codes");
    group.sample_size(10).measurement_time(Duration::from_secs(5));
    for (code, n) in [
        ("0.16", 1_000_000u64),
        ("0.156", 1_000_000),
        ("0.45", 1_000_000),
        ("0.6", 100_000),
    ] {
        let rules = HeapRules::octal(code).unwrap();
        group.throughput(Throughput::Elements(n));
        group.bench_function(BenchmarkId::new(format!("sparse_{code}"), n), |b| {
            b.iter(|| run(&rules, Method::Sparse, n))
        });
    }
    let rules = HeapRules::octal("0.6").unwrap();
    let n = 20_000;
    group.throughput(Throughput::Elements(n));
    group.bench_function(BenchmarkId::new("naive_0.6", n), |b| {
        b.iter(|| run(&rules, Method::Naive, n))
    });
    group.finish();
}

/// The values of a hexadecimal code computed as before the split sets: every
/// option of every heap, three-heap moves triple by triple (a <= b <= c).
fn triple_by_triple(rules: &HeapRules, len: usize) -> Vec<u16> {
    let HeapRules::Octal(code) = rules else {
        panic!("a code")
    };
    let mut g: Vec<u16> = vec![0];
    let mut seen = vec![0u64; 1025];
    for n in 1..len {
        seen.iter_mut().for_each(|w| *w = 0);
        let mut mark = |v: u16| seen[v as usize >> 6] |= 1 << (v & 63);
        for k in 0..=n {
            let d = code.digit(k as u64);
            if k > 0 && k == n && d & 1 != 0 {
                mark(0);
            }
            if k > 0 && k < n && d & 2 != 0 {
                mark(g[n - k]);
            }
            if d & 4 != 0 && n >= k + 2 {
                let m = n - k;
                for a in 1..=m / 2 {
                    mark(g[a] ^ g[m - a]);
                }
            }
            if d & 8 != 0 && n >= k + 3 {
                let m = n - k;
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        mark(g[a] ^ g[b] ^ g[m - a - b]);
                    }
                }
            }
        }
        let word = seen.iter().position(|&w| w != u64::MAX).unwrap();
        g.push((word * 64 + seen[word].trailing_ones() as usize) as u16);
    }
    g
}

fn three_heaps(c: &mut Criterion) {
    let mut group = c.benchmark_group("three_heaps");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    let n = 3000usize;
    for code in ["0.F6", "0.3F", "0.8"] {
        let rules = HeapRules::parse(&format!("0x{code}")).unwrap();
        assert_eq!(
            run(&rules, Method::Auto, n as u64).values(),
            &triple_by_triple(&rules, n)[..]
        );
        group.throughput(Throughput::Elements(n as u64));
        group.bench_function(BenchmarkId::new(format!("split_sets_{code}"), n), |b| {
            b.iter(|| run(&rules, Method::Auto, n as u64))
        });
        group.bench_function(BenchmarkId::new(format!("triples_{code}"), n), |b| {
            b.iter(|| triple_by_triple(&rules, n))
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    naive_grundy,
    sparse_0167,
    sparse_grundy,
    methods,
    sparse_codes,
    three_heaps
);
criterion_main!(benches);
