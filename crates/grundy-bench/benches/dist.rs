//! The distributed builder (Timely Dataflow) against the plain in-memory solvers in
//! the same run: positions per second on 1 and 2 worker threads and on 2 processes
//! (two clusters members connected over TCP on 127.0.0.1, run here as two threads
//! of the bench so that no binary is needed), and the messages and payload bytes
//! sent per edge, printed once per game. `timely-1-worker-build` is `build`: the
//! same solve with the part files (a level) or round checkpoints (retrograde) a
//! killed job resumes from, and the table written, for the cost of checkpoints.
//!
//! `cargo bench -p grundy-bench --bench dist`

use std::sync::Arc;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use grundy_dist::{build, solve, BuildOptions, Cluster, Solved};
use grundy_retro::{parse_table_game, DenseOptions, TableGame};

fn free_ports(n: usize) -> Vec<u16> {
    let listeners: Vec<_> = (0..n)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    listeners.iter().map(|l| l.local_addr().unwrap().port()).collect()
}

/// Two processes of one worker each, on 127.0.0.1 (each in a thread of its own).
fn two_processes(game: &Arc<dyn TableGame>) -> Solved {
    let hosts: Vec<String> = free_ports(2).iter().map(|p| format!("127.0.0.1:{p}")).collect();
    let cluster = |process| Cluster::Processes {
        workers: 1,
        processes: 2,
        process,
        hosts: hosts.clone(),
        connect_timeout: Duration::from_secs(30),
    };
    let (g, c1) = (Arc::clone(game), cluster(1));
    let other = std::thread::spawn(move || solve(g, true, &c1, &mut |_| {}).unwrap());
    let s = solve(Arc::clone(game), true, &cluster(0), &mut |_| {})
        .unwrap()
        .unwrap();
    assert!(other.join().unwrap().is_none());
    s
}

fn dist(c: &mut Criterion) {
    for (name, text) in [
        ("connect4-5x4", "connect4:width=5,height=4"),
        ("dodgem-4", "dodgem:4"),
    ] {
        let game = parse_table_game(text).unwrap().unwrap();
        let mut group = c.benchmark_group(format!("dist/{name}"));
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(6))
            .warm_up_time(Duration::from_secs(1))
            .throughput(Throughput::Elements(game.size()));
        for (mode, parallel) in [("plain-1-thread", false), ("plain-all-cores", true)] {
            group.bench_function(BenchmarkId::from_parameter(mode), |b| {
                b.iter(|| {
                    game.solve(
                        DenseOptions {
                            remoteness: true,
                            parallel,
                            ..Default::default()
                        },
                        &mut |_| {},
                    )
                    .unwrap()
                })
            });
        }
        for workers in [1, 2] {
            group.bench_function(
                BenchmarkId::from_parameter(format!("timely-{workers}-workers")),
                |b| {
                    b.iter(|| {
                        solve(Arc::clone(&game), true, &Cluster::Threads(workers), &mut |_| {}).unwrap()
                    })
                },
            );
        }
        let dir = std::env::temp_dir().join(format!("grundy-bench-dist-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join(format!("{name}.db"));
        group.bench_function(BenchmarkId::from_parameter("timely-1-worker-build"), |b| {
            b.iter(|| {
                build(
                    Arc::clone(&game),
                    &db,
                    &BuildOptions::default(),
                    &Cluster::Threads(1),
                    &mut |_| {},
                )
                .unwrap()
            })
        });
        let _ = std::fs::remove_dir_all(&dir);
        group.bench_function(BenchmarkId::from_parameter("timely-2-processes"), |b| {
            b.iter(|| two_processes(&game))
        });
        group.finish();
        let s = two_processes(&game);
        let plain = game
            .solve(DenseOptions::default(), &mut |_| {})
            .unwrap()
            .with_name(game.name());
        assert_eq!(s.table.checksum(), plain.checksum(), "the same table");
        eprintln!(
            "{name}: {} indices, {} edges; {:.2} messages and {:.1} payload bytes per edge",
            game.size(),
            s.edges,
            s.messages as f64 / s.edges as f64,
            s.bytes as f64 / s.edges as f64,
        );
    }
}

criterion_group!(benches, dist);
criterion_main!(benches);
