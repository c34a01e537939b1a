//! Solve one game once with one solver and print the indices, the wall time and the
//! table's checksum: a single run for `perf stat`, `/usr/bin/time` and callgrind
//! (the criterion bench `grundy-bench --bench retro` repeats runs; this does not).
//!
//! `cargo run --release -p grundy-retro --example retro_once -- connect4:5x4 dense [--parallel] [--no-remoteness]`
//! `cargo run --release -p grundy-retro --example retro_once -- dodgem:4 retrograde [--parallel]`

use std::time::Instant;

use grundy_retro::games::{Dodgem, Placement};
use grundy_retro::{retrograde, retrograde_parallel, solve_levels, DenseOptions, Indexed, Table};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage =
        "usage: retro_once tictactoe|connect4:WxH|dodgem:N dense|retrograde [--parallel] [--no-remoteness]";
    let (Some(game), Some(solver)) = (args.first(), args.get(1)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let parallel = args.iter().any(|a| a == "--parallel");
    let remoteness = !args.iter().any(|a| a == "--no-remoteness");
    let t = Instant::now();
    let (size, checksum) = match (game.split_once(':'), solver.as_str()) {
        (None, "dense") if game == "tictactoe" => dense(&Placement::tictactoe(), parallel, remoteness),
        (Some(("connect4", wh)), "dense") => {
            let (w, h) = wh.split_once('x').expect(usage);
            let g = Placement::connect4(w.parse().expect(usage), h.parse().expect(usage)).unwrap();
            dense(&g, parallel, remoteness)
        }
        (Some(("dodgem", n)), "retrograde") => {
            let g = Dodgem::new(n.parse().expect(usage)).unwrap();
            let s = if parallel {
                retrograde_parallel(&g)
            } else {
                retrograde(&g)
            }
            .unwrap();
            (
                g.size(),
                Table::from_solution("", &s, remoteness).unwrap().checksum(),
            )
        }
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    };
    println!(
        "{game} {solver}: {size} indices in {:.3} s, checksum {checksum:016x}",
        t.elapsed().as_secs_f64()
    );
}

fn dense(g: &Placement, parallel: bool, remoteness: bool) -> (u64, u64) {
    let t = solve_levels(
        g,
        DenseOptions {
            remoteness,
            parallel,
            ..Default::default()
        },
        |_, _| {},
    )
    .unwrap();
    (g.size(), t.checksum())
}
