//! Table files vouch for what they hold: a resumed build checks the partial table
//! against its checkpoint's checksum, and a table's checksum covers its header.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use grundy_retro::games::Placement;
use grundy_retro::table::{build_levelled, HEADER_SIZE};
use grundy_retro::{parse_table_game, solve_levels, DenseOptions, Table};

const NAME: &str = "connect4:width=4,height=4";

/// A Connect Four build killed after `levels` levels were checkpointed.
fn killed_after(path: &Path, levels: usize) -> Placement {
    let game = Placement::connect4(4, 4).unwrap();
    let died = catch_unwind(AssertUnwindSafe(|| {
        build_levelled(&game, NAME, path, DenseOptions::default(), false, |p| {
            if p.levels.0 == levels {
                panic!("killed");
            }
        })
    }));
    assert!(died.is_err());
    game
}

fn tmp_of(path: &Path) -> std::path::PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".tmp");
    s.into()
}

#[test]
fn tampered_partial_table_is_refused_on_resume() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c4.db");
    let game = killed_after(&path, 5);
    // Flip outcome codes of the last index: in the last level, one of those done.
    let tmp = tmp_of(&path);
    let mut bytes = std::fs::read(&tmp).unwrap();
    let last = HEADER_SIZE + (game_size(&game) as usize - 1) / 4;
    bytes[last] ^= 0b11 << (2 * ((game_size(&game) as usize - 1) % 4));
    std::fs::write(&tmp, &bytes).unwrap();
    let e = build_levelled(&game, NAME, &path, DenseOptions::default(), true, |_| {}).unwrap_err();
    let e = e.to_string();
    assert!(e.contains("checksum"), "{e}");
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(!path.exists(), "no table from tampered data");
}

fn game_size(game: &Placement) -> u64 {
    grundy_retro::Indexed::size(game)
}

#[test]
fn a_level_cut_short_is_solved_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c4.db");
    let game = killed_after(&path, 5);
    // A level being written when the build died: bits in levels not checkpointed.
    let tmp = tmp_of(&path);
    let mut bytes = std::fs::read(&tmp).unwrap();
    for b in &mut bytes[HEADER_SIZE..HEADER_SIZE + 2] {
        *b = 0xff;
    }
    std::fs::write(&tmp, &bytes).unwrap();
    let t = build_levelled(&game, NAME, &path, DenseOptions::default(), true, |_| {}).unwrap();
    let fresh = solve_levels(&game, DenseOptions::default(), |_, _| {}).unwrap();
    assert_eq!(t, fresh);
    assert_eq!(Table::open(&path, Some(NAME)).unwrap(), fresh);
}

#[test]
fn the_checksum_covers_the_header() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("chase.db");
    let game = parse_table_game("chase:cycle=5").unwrap().unwrap();
    game.build(&path, DenseOptions::default(), false, &mut |_| {})
        .unwrap();
    assert!(Table::open(&path, None).is_ok());
    // Another game's name of the same length, data untouched.
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.windows(13).position(|w| w == b"chase:cycle=5").unwrap();
    bytes[at..at + 13].copy_from_slice(b"chase:path=5\0");
    // Keep the name length consistent with the new (12-byte) name.
    bytes[40..44].copy_from_slice(&12u32.to_le_bytes());
    let renamed = dir.path().join("renamed.db");
    std::fs::write(&renamed, &bytes).unwrap();
    let e = Table::open(&renamed, None).unwrap_err().to_string();
    assert!(e.contains("checksum"), "{e}");
    // A table of format version 1 (checksum of the data only) gets a clear error.
    let mut old = std::fs::read(&path).unwrap();
    old[8..12].copy_from_slice(&1u32.to_le_bytes());
    std::fs::write(&renamed, &old).unwrap();
    let e = Table::open(&renamed, None).unwrap_err().to_string();
    assert!(e.contains("version 1") && e.contains("grundy build"), "{e}");
}
