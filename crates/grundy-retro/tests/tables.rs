//! Table files: interrupted builds, resume, refusals; run-time loopy games.

use std::panic::{catch_unwind, AssertUnwindSafe};

use grundy::dynamic::DynPosition;
use grundy::{Outcome, Play};
use grundy_retro::games::Placement;
use grundy_retro::table::build_levelled;
use grundy_retro::{open_db, parse_game, solve_levels, solve_reachable, DenseOptions, Table};

#[test]
fn killed_build_leaves_no_table_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c4.db");
    let game = Placement::connect4(4, 4).unwrap();
    let name = "connect4:width=4,height=4";
    let opts = DenseOptions::default();
    // Die after the fifth level is checkpointed.
    let died = catch_unwind(AssertUnwindSafe(|| {
        build_levelled(&game, name, &path, opts.clone(), false, |p| {
            if p.levels.0 == 5 {
                panic!("killed");
            }
        })
    }));
    assert!(died.is_err());
    assert!(!path.exists(), "no table after a killed build");
    assert!(dir.path().join("c4.db.ckpt").exists());
    let mut first = None;
    let t = build_levelled(&game, name, &path, opts.clone(), true, |p| {
        first.get_or_insert(p);
    })
    .unwrap();
    let first = first.unwrap();
    assert!(first.resumed && first.levels.0 == 5, "{first:?}");
    let fresh = solve_levels(&game, opts.clone(), |_, _| {}).unwrap();
    assert_eq!(t, fresh);
    let opened = Table::open(&path, Some(name)).unwrap();
    assert_eq!(opened, fresh);
    assert!(!dir.path().join("c4.db.ckpt").exists());
    // A checkpoint from other options is refused on --resume.
    let died = catch_unwind(AssertUnwindSafe(|| {
        build_levelled(&game, name, &path, opts.clone(), false, |p| {
            if p.levels.0 == 2 {
                panic!("killed");
            }
        })
    }));
    assert!(died.is_err());
    let other = DenseOptions {
        remoteness: false,
        ..opts
    };
    let e = build_levelled(&game, name, &path, other, true, |_| {}).unwrap_err();
    assert!(e.to_string().contains("another game or other options"), "{e}");
    // The finished table is still there and valid.
    assert!(Table::open(&path, Some(name)).is_ok());
    assert!(Table::open(&path, Some("tictactoe")).is_err());
}

#[test]
fn reachable_loopy_run_time_game() {
    // A loopy game seen only through DynGame::options.
    let game = parse_game("chase:cycle=6").unwrap().unwrap();
    let start = game.parse_position("0,3,0").unwrap();
    let solved = solve_reachable(game.as_ref(), &start, &grundy::Budget::default()).unwrap();
    assert_eq!(solved.evaluation(&start).unwrap().outcome, Outcome::Draw);
    for p in solved.positions() {
        let a = game.analyze(p, Play::Normal, &grundy::Budget::default()).unwrap();
        let e = solved.evaluation(p).unwrap();
        // Positions without options: chase's caught robber is a loss, as normal play says.
        assert_eq!((a.outcome, a.remoteness), (e.outcome, e.remoteness), "{p}");
    }
    let near = DynPosition::Ints(vec![0, 1, 0]);
    assert_eq!(
        solved.winning_moves(&near).unwrap(),
        vec![DynPosition::Ints(vec![1, 1, 1])]
    );
}

#[test]
fn db_answers_like_the_solver() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("d.db");
    let g = grundy_retro::parse_table_game("dodgem:3").unwrap().unwrap();
    g.build(&path, DenseOptions::default(), false, &mut |_| {})
        .unwrap();
    let db = open_db(&path, None).unwrap();
    let live = parse_game("dodgem:3").unwrap().unwrap();
    let p = live.parse_position("start").unwrap();
    let (a, b) = (
        db.analyze(&p, Play::Normal, &grundy::Budget::default()).unwrap(),
        live.analyze(&p, Play::Normal, &grundy::Budget::default())
            .unwrap(),
    );
    assert_eq!(
        (a.outcome, a.remoteness, &a.winning_moves),
        (b.outcome, b.remoteness, &b.winning_moves)
    );
    assert!(open_db(&path, Some("dodgem:4")).is_err());
}
