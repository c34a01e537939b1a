//! Positions per second, single-threaded and on all cores, and bytes per position;
//! the tables' checksums are printed so that a run against an older build shows
//! the same bytes.
//!
//! `cargo bench -p grundy-bench --bench retro`
//!
//! Connect Four 5x5 (1.7·10^8 indices) is too big for repeated runs: time one
//! build with `grundy build connect4:width=5,height=5 --db FILE [--serial]`, or
//! `cargo run --release -p grundy-retro --example retro_once -- connect4:5x5 dense`.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use grundy_retro::games::{Dodgem, Placement};
use grundy_retro::{retrograde, retrograde_parallel, solve_levels, DenseOptions, Indexed, Table};

fn dense(c: &mut Criterion) {
    let games = [
        ("tictactoe", Placement::tictactoe()),
        ("connect4-5x4", Placement::connect4(5, 4).unwrap()),
    ];
    let mut group = c.benchmark_group("dense");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8))
        .warm_up_time(Duration::from_secs(1));
    for (name, g) in &games {
        group.throughput(Throughput::Elements(g.size()));
        for (mode, parallel) in [("1-thread", false), ("all-cores", true)] {
            for remoteness in [false, true] {
                let id = format!("{mode}{}", if remoteness { "+remoteness" } else { "" });
                group.bench_with_input(BenchmarkId::new(*name, id), g, |b, g| {
                    b.iter(|| {
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
                    })
                });
            }
        }
        let t = solve_levels(
            g,
            DenseOptions {
                remoteness: false,
                parallel: true,
                ..Default::default()
            },
            |_, _| {},
        )
        .unwrap();
        let r = solve_levels(g, DenseOptions::default(), |_, _| {}).unwrap();
        eprintln!(
            "{name}: {} indices, {:.4} bytes/index outcome only, {:.4} with remoteness (checksums {:016x} / {:016x})",
            g.size(),
            t.bytes_per_position(),
            r.bytes_per_position(),
            t.checksum(),
            r.checksum()
        );
    }
    group.finish();
}

fn loopy(c: &mut Criterion) {
    let g = Dodgem::new(4).unwrap();
    let mut group = c.benchmark_group("retrograde");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8))
        .warm_up_time(Duration::from_secs(1));
    group.throughput(Throughput::Elements(g.size()));
    group.bench_function("dodgem-4/1-thread", |b| b.iter(|| retrograde(&g).unwrap()));
    group.bench_function("dodgem-4/all-cores", |b| {
        b.iter(|| retrograde_parallel(&g).unwrap())
    });
    let s = retrograde_parallel(&g).unwrap();
    let t = Table::from_solution("dodgem:4", &s, true).unwrap();
    let o = Table::from_solution("dodgem:4", &s, false).unwrap();
    eprintln!(
        "dodgem-4: {} indices, {:.4} bytes/index outcome only, {:.4} with remoteness (w/l/d {:?}; checksums {:016x} / {:016x})",
        g.size(),
        o.bytes_per_position(),
        t.bytes_per_position(),
        s.counts(),
        o.checksum(),
        t.checksum()
    );
    group.finish();
}

criterion_group!(benches, dense, loopy);
criterion_main!(benches);
