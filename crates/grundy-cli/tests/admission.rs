//! Admission control: tables too large for memory are refused before anything is
//! allocated, with the estimate and the limit, exit status 2 (never an abort).

use crate::common;

use common::{fails_with, ok};

#[test]
fn the_largest_connect_four_boards_are_refused_with_the_estimate() {
    for game in [
        "connect4:width=6,height=6",
        "connect4:width=7,height=5",
        "connect4:width=9,height=4",
    ] {
        fails_with(
            &["solve", game, "start", "--max-memory", "4G"],
            "over the memory budget (needs at least",
        );
        fails_with(
            &["moves", game, "start", "--max-memory", "4G"],
            "the limit is 4.3 GB); raise it with --max-memory",
        );
    }
}

#[test]
fn build_is_refused_before_it_writes_anything() {
    let dir = std::env::temp_dir().join(format!("grundy-admission-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("c75.db");
    let db = db.to_str().unwrap();
    fails_with(
        &[
            "build",
            "connect4:width=7,height=5",
            "--db",
            db,
            "--max-memory",
            "4G",
        ],
        "over the memory budget (needs at least",
    );
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(left.is_empty(), "files left behind: {left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_limit_applies_to_small_tables_too_and_sizes_are_checked() {
    fails_with(
        &[
            "solve",
            "connect4:width=5,height=4",
            "start",
            "--max-memory",
            "1M",
        ],
        "the limit is 1.0 MB",
    );
    assert!(ok(&["solve", "tictactoe", "start", "--max-memory", "64M"]).contains("draw"));
    fails_with(
        &["solve", "tictactoe", "start", "--max-memory", "1Q"],
        "is not a size",
    );
    fails_with(
        &["solve", "tictactoe", "start", "--max-memory", "0"],
        "out of range",
    );
}
