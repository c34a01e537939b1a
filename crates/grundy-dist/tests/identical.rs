//! The distributed builder writes the very file the one-thread `build` writes.

use grundy_dist::{build, solve, BuildOptions, Cluster};
use grundy_retro::{parse_table_game, DenseOptions};

/// The one-thread table file of `game`, and the file from `workers` threads.
fn files(game: &str, workers: usize, remoteness: bool) -> (Vec<u8>, Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    let g = parse_table_game(game).unwrap().unwrap();
    let plain = dir.path().join("plain.db");
    let options = DenseOptions {
        remoteness,
        parallel: false,
        ..Default::default()
    };
    g.build(&plain, options, false, &mut |_| {}).unwrap();
    let dist = dir.path().join("dist.db");
    let options = BuildOptions {
        remoteness,
        ..BuildOptions::default()
    };
    let solved = build(g, &dist, &options, &Cluster::Threads(workers), &mut |_| {})
        .unwrap()
        .expect("one process: process 0");
    assert!(solved.messages > 0);
    // The part files are gone once the table is written.
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left.len(), 2, "{left:?}");
    (std::fs::read(plain).unwrap(), std::fs::read(dist).unwrap())
}

#[test]
fn levelled_games_on_one_two_three_workers() {
    for game in [
        "tictactoe",
        "connect4:width=4,height=4",
        "connect4:width=3,height=3",
    ] {
        for workers in [1, 2, 3] {
            let (plain, dist) = files(game, workers, true);
            assert!(plain == dist, "{game} on {workers} workers differs");
        }
        let (plain, dist) = files(game, 2, false);
        assert!(plain == dist, "{game} without remoteness differs");
    }
}

#[test]
fn loopy_games_on_one_two_three_workers() {
    for game in ["dodgem:3", "chase:cycle=5", "chase:path=7"] {
        for workers in [1, 2, 3] {
            let (plain, dist) = files(game, workers, true);
            assert!(plain == dist, "{game} on {workers} workers differs");
        }
        let (plain, dist) = files(game, 3, false);
        assert!(plain == dist, "{game} without remoteness differs");
    }
}

#[test]
fn a_game_without_numbering_is_refused() {
    let g = parse_table_game("tictactoe").unwrap().unwrap();
    let e = solve(g, true, &Cluster::Threads(0), &mut |_| {}).unwrap_err();
    assert!(e.to_string().contains("--workers"), "{e}");
}

#[test]
fn enumerated_games_on_one_two_three_workers() {
    for (game, start) in [("subtraction:1,2,3", "40"), ("subtraction:2,5", "33")] {
        let g = grundy::dynamic::parse_game(game).unwrap();
        let start = g.parse_position(start).unwrap();
        for remoteness in [true, false] {
            let dir = tempfile::tempdir().unwrap();
            let plain = dir.path().join("plain.db");
            let options = DenseOptions {
                remoteness,
                parallel: false,
                ..Default::default()
            };
            grundy_retro::build_reachable(g.as_ref(), &start, &plain, options, &mut |_| {}).unwrap();
            for workers in [1, 2, 3] {
                let dist = dir.path().join(format!("dist{workers}.db"));
                let options = BuildOptions {
                    remoteness,
                    ..BuildOptions::default()
                };
                let cluster = Cluster::Threads(workers);
                grundy_dist::build_enumerated(g.as_ref(), &start, &dist, &options, &cluster, &mut |_| {})
                    .unwrap()
                    .expect("one process: process 0");
                assert!(
                    std::fs::read(&plain).unwrap() == std::fs::read(&dist).unwrap(),
                    "{game} on {workers} workers (remoteness {remoteness}) differs"
                );
            }
        }
    }
}
