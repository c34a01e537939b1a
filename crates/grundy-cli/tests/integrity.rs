//! Integrity: the sandbox's limits cannot be caught or bypassed, names print safely,
//! resumed data is verified, tables cover their header, one writer per output file,
//! game and table files are bounded regular files, impossible boards are refused.
//! Fixtures are in `tests/data/integrity/`; tampering is done here.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::common;

const DATA: &str = "crates/grundy-cli/tests/data/integrity";

fn root() -> String {
    format!("{}/../..", env!("CARGO_MANIFEST_DIR"))
}

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(root())
        .env("GRUNDY_LUA_TIMEOUT_MS", "300")
        .output()
        .expect("run grundy")
}

fn fixture(name: &str) -> String {
    format!("{DATA}/{name}")
}

fn ok(args: &[&str]) -> String {
    common::succeeded(args, grundy(args))
}

/// Exit status 2 and one line of error; returns that line.
fn fails(args: &[&str]) -> String {
    common::failed(args, grundy(args))
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "grundy-integrity-{tag}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn with_ext(p: &Path, ext: &str) -> PathBuf {
    let mut o = p.as_os_str().to_owned();
    o.push(ext);
    o.into()
}

// ---- the sandbox ------------------------------------------------------------------

#[test]
fn the_time_limit_cannot_be_caught() {
    for script in ["pcall_loop.luau", "xpcall_loop.luau"] {
        let start = Instant::now();
        let e = fails(&["solve", &fixture(script), "3"]);
        assert!(e.contains("time limit of 300 ms"), "{script}: {e}");
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{script}: took {:?}",
            start.elapsed()
        );
    }
}

#[test]
fn positions_count_against_the_memory_limit() {
    let start = Instant::now();
    let e = fails(&["solve", &fixture("growing_positions.luau"), "start"]);
    assert!(e.contains("memory limit of 64 MiB"), "{e}");
    // Heaps mode: the script's cache holds single heaps, the solver the lists.
    let e = fails(&["solve", &fixture("growing_heaps.luau"), "3"]);
    assert!(e.contains("memory limit of 64 MiB"), "{e}");
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "took {:?}",
        start.elapsed()
    );
}

#[test]
fn names_and_shown_positions_are_escaped() {
    for file in ["control_name.luau", "control_name.toml"] {
        let out = ok(&["solve", &fixture(file), "3"]);
        assert!(!out.contains('\u{1b}'), "{file}: {out:?}");
        let game = out.lines().next().unwrap();
        assert_eq!(game, r"game:          a\nb\u{1b}[31m", "{file}: {out:?}");
        assert_eq!(out.lines().filter(|l| l.starts_with("outcome:")).count(), 1);
    }
    let out = ok(&["solve", &fixture("control_name.luau"), "3"]);
    assert!(out.contains(r"position:      p\u{1b}[0m3"), "{out}");
    let e = fails(&["solve", &fixture("error_escape.luau"), "3"]);
    assert!(!e.contains('\u{1b}') && e.contains(r"bad\u{1b}[2J"), "{e:?}");
}

#[test]
fn misere_is_refused_for_games_that_end_by_rule() {
    let e = fails(&["solve", &fixture("terminal_rule.luau"), "3", "--misere"]);
    assert!(e.contains("misère play (--misere) does not apply"), "{e}");
    let e = fails(&["solve", "digits:turns=3", "0", "--misere"]);
    assert!(e.contains("misère play (--misere) does not apply"), "{e}");
    let e = fails(&["moves", "digits:turns=3", "0", "--misere"]);
    assert!(e.contains("--misere"), "{e}");
    // Normal play still answers, and misère still works where it means something.
    ok(&["solve", &fixture("terminal_rule.luau"), "3"]);
    ok(&["solve", "digits:turns=3", "0"]);
    let out = ok(&["solve", "nim", "1", "--misere"]);
    assert!(out.contains("lose"), "{out}");
}

// ---- resumed data ----------------------------------------------------------------

/// A checkpoint as `values --out` writes it, vouching for `part`'s bytes.
fn values_checkpoint(game: &str, format: &str, width: u16, count: u64, part: &[u8]) -> String {
    format!(
        "grundy values checkpoint v2\ngame={game}\nformat={format}\nwidth={width}\nfirst=0\ncount={count}\nbytes={}\nsum={:016x}\n",
        part.len(),
        grundy_retro::table::checksum(part)
    )
}

#[test]
fn values_resume_verifies_the_partial_file() {
    let dir = temp_dir("values");
    let game = "0.137";
    for (file, format) in [("x.bin", "bin"), ("x.txt", "text")] {
        let full = dir.join(format!("full-{file}"));
        ok(&["values", game, "--to", "2000", "--out", s(&full)]);
        let bytes = std::fs::read(&full).unwrap();
        // The state a run killed after 1000 values leaves (the part file may hold more).
        let out = dir.join(file);
        let (keep, count) = if format == "bin" {
            let header = bytes.len() - 2001 * 2;
            (header + 1000 * 2, 1000)
        } else {
            let cut = bytes
                .iter()
                .enumerate()
                .filter(|&(_, &b)| b == b'\n')
                .nth(1000)
                .unwrap()
                .0;
            (cut + 1, 1000)
        };
        let ckpt = values_checkpoint("octal:0.137", format, 16, count, &bytes[..keep]);
        std::fs::write(with_ext(&out, ".part"), &bytes[..keep + 7]).unwrap();
        std::fs::write(with_ext(&out, ".ckpt"), &ckpt).unwrap();
        // Untouched: the resumed file is byte for byte the file of one run.
        let said = ok(&["values", game, "--to", "2000", "--out", s(&out), "--resume"]);
        assert!(said.contains("1000 of them from the checkpoint"), "{said}");
        assert_eq!(std::fs::read(&out).unwrap(), bytes, "{file}");
        // One stored value changed: refused, nothing written.
        std::fs::remove_file(&out).unwrap();
        let mut tampered = bytes[..keep].to_vec();
        let at = keep - 3;
        tampered[at] = if tampered[at] == b'1' { b'2' } else { b'1' };
        std::fs::write(with_ext(&out, ".part"), &tampered).unwrap();
        std::fs::write(with_ext(&out, ".ckpt"), &ckpt).unwrap();
        let e = fails(&["values", game, "--to", "2000", "--out", s(&out), "--resume"]);
        assert!(e.contains("checksum"), "{e}");
        assert!(!out.exists());
    }
    // A checkpoint of the format without a checksum is refused, not trusted.
    let out = dir.join("old.txt");
    std::fs::write(with_ext(&out, ".part"), b"").unwrap();
    std::fs::write(
        with_ext(&out, ".ckpt"),
        "grundy values checkpoint v1\ngame=octal:0.137\nformat=text\nwidth=16\nfirst=0\ncount=0\nbytes=0\n",
    )
    .unwrap();
    let e = fails(&["values", game, "--to", "20", "--out", s(&out), "--resume"]);
    assert!(e.contains("without a checksum"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn build_resume_verifies_the_partial_table() {
    let dir = temp_dir("build");
    let db = dir.join("t.db");
    ok(&["build", "tictactoe", "--db", s(&db), "--serial"]);
    let bytes = std::fs::read(&db).unwrap();
    std::fs::remove_file(&db).unwrap();
    // A build stopped after its last level's checkpoint, by the library the CLI
    // calls: the partial table and its checkpoint (game, size, remoteness, levels,
    // the levels' chained checksum).
    let game = grundy_retro::games::Placement::tictactoe();
    let died = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        grundy_retro::table::build_levelled(
            &game,
            "tictactoe",
            &db,
            grundy_retro::DenseOptions::default(),
            false,
            |p| {
                if p.levels.0 == p.levels.1 {
                    panic!("stopped after the last checkpoint");
                }
            },
        )
    }));
    assert!(died.is_err());
    let (tmp, ckpt_path) = (with_ext(&db, ".tmp"), with_ext(&db, ".ckpt"));
    let partial = std::fs::read(&tmp).unwrap();
    let ckpt = std::fs::read_to_string(&ckpt_path).unwrap();
    assert!(ckpt.starts_with("tictactoe\n6046\n2 chained\n10\n"), "{ckpt}");
    ok(&["build", "tictactoe", "--db", s(&db), "--resume", "--serial"]);
    assert_eq!(
        std::fs::read(&db).unwrap(),
        bytes,
        "a resumed table is the same table"
    );
    // Outcome codes flipped in the partial table: refused, no table.
    std::fs::remove_file(&db).unwrap();
    let mut tampered = partial.clone();
    tampered[grundy_retro::table::HEADER_SIZE + 100] ^= 0b0101_0101;
    std::fs::write(&tmp, &tampered).unwrap();
    std::fs::write(&ckpt_path, &ckpt).unwrap();
    let e = fails(&["build", "tictactoe", "--db", s(&db), "--resume", "--serial"]);
    assert!(e.contains("checksum"), "{e}");
    assert!(!db.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_table_checksum_covers_the_header() {
    let dir = temp_dir("header");
    let db = dir.join("c.db");
    ok(&["build", "chase:cycle=5", "--db", s(&db)]);
    ok(&["solve", "--db", s(&db), "0,2,0"]);
    let mut bytes = std::fs::read(&db).unwrap();
    let at = bytes.windows(13).position(|w| w == b"chase:cycle=5").unwrap();
    // Same size: `chase:path=5` and one byte of padding, the length kept at 13.
    bytes[at..at + 13].copy_from_slice(b"chase:path=5 ");
    std::fs::write(&db, &bytes).unwrap();
    let e = fails(&["solve", "--db", s(&db), "0,2,0"]);
    assert!(e.contains("checksum") || e.contains("unknown game"), "{e}");
    bytes[at..at + 13].copy_from_slice(b"chase:path=5\0");
    bytes[40..44].copy_from_slice(&12u32.to_le_bytes());
    std::fs::write(&db, &bytes).unwrap();
    let e = fails(&["solve", "--db", s(&db), "0,2,0"]);
    assert!(e.contains("checksum"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- one writer per file ----------------------------------------------------------

/// The pid of a process that has ended.
fn dead_pid() -> u32 {
    let mut child = Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

#[test]
fn one_writer_per_output() {
    let dir = temp_dir("lock");
    let z = dir.join("z.txt");
    let y = dir.join("y.db");
    // A live owner (this test): both commands refuse, and leave its lock alone.
    let me = format!("{}\n", std::process::id());
    std::fs::write(with_ext(&z, ".lock"), &me).unwrap();
    std::fs::write(with_ext(&y, ".lock"), &me).unwrap();
    let e = fails(&["values", "0.137", "--to", "100", "--out", s(&z)]);
    assert!(
        e.contains("another grundy run") && e.contains(&std::process::id().to_string()),
        "{e}"
    );
    let e = fails(&["values", "0.137", "--to", "100", "--out", s(&z), "--resume"]);
    assert!(e.contains("another grundy run"), "{e}");
    let e = fails(&["build", "tictactoe", "--db", s(&y)]);
    assert!(e.contains("another grundy run"), "{e}");
    assert!(!z.exists() && !with_ext(&z, ".part").exists() && !y.exists());
    assert_eq!(std::fs::read_to_string(with_ext(&z, ".lock")).unwrap(), me);
    // A dead owner's lock is taken over; the lock is gone when the run ends.
    let dead = format!("{}\n", dead_pid());
    std::fs::write(with_ext(&z, ".lock"), &dead).unwrap();
    std::fs::write(with_ext(&y, ".lock"), &dead).unwrap();
    ok(&["values", "0.137", "--to", "100", "--out", s(&z)]);
    ok(&["build", "tictactoe", "--db", s(&y)]);
    assert!(z.exists() && y.exists());
    assert!(!with_ext(&z, ".lock").exists() && !with_ext(&y, ".lock").exists());
    // Errors release the lock too.
    let e = fails(&[
        "values",
        "0.137",
        "--to",
        "100",
        "--out",
        s(&dir.join("r.txt")),
        "--resume",
    ]);
    assert!(e.contains("nothing to resume"), "{e}");
    assert!(!dir.join("r.txt.lock").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_beyond_the_memory_limit_is_refused_before_its_lock() {
    let dir = temp_dir("too-big");
    let x = dir.join("x.bin");
    // 10^12 heaps once aborted allocating 2 TB and left x.bin.lock behind.
    let e = fails(&["values", "kayles", "--to", "1000000000000", "--out", s(&x)]);
    assert!(e.contains("--max-memory"), "{e}");
    let e = fails(&[
        "values",
        "kayles",
        "--to",
        "1000000",
        "--out",
        s(&x),
        "--max-memory",
        "1M",
    ]);
    assert!(e.contains("memory") && e.contains("--max-memory"), "{e}");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing is left behind"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_runs_at_once_one_is_refused() {
    let dir = temp_dir("race");
    let z = dir.join("z.bin");
    // A long run holds the lock while a second one starts.
    let mut first = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["values", "0.137", "--to", "50000000", "--out", s(&z)])
        .current_dir(root())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let lock = with_ext(&z, ".lock");
    let t = Instant::now();
    while !lock.exists() && t.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(5));
    }
    let second = grundy(&["values", "0.137", "--to", "50000000", "--out", s(&z), "--resume"]);
    let _ = first.kill();
    let _ = first.wait();
    if lock.exists() && std::fs::read_to_string(&lock).unwrap().trim() == first.id().to_string() {
        let err = String::from_utf8_lossy(&second.stderr);
        assert_eq!(second.status.code(), Some(2), "{err}");
        assert!(err.contains("another grundy run"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- bounded, regular input files ----------------------------------------------------

#[cfg(unix)]
#[test]
fn game_and_table_files_must_be_bounded_regular_files() {
    let dir = temp_dir("files");
    let zero = dir.join("z.toml");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let e = fails(&["solve", s(&zero), "1"]);
    assert!(e.contains("not a regular file"), "{e}");
    let big = dir.join("big.luau");
    let mut text = String::from("impartial = true\nfunction moves(n) return {} end\n");
    while text.len() <= 1 << 20 {
        text.push_str("-- padding padding padding padding padding padding padding padding\n");
    }
    std::fs::write(&big, &text).unwrap();
    let e = fails(&["solve", s(&big), "1"]);
    assert!(e.contains("larger than 1 MiB"), "{e}");
    let fifo = dir.join("fifo.db");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let start = Instant::now();
    let e = fails(&["solve", "--db", s(&fifo), "start"]);
    assert!(e.contains("not a regular file"), "{e}");
    let e = fails(&["solve", "tictactoe", "start", "--db", s(&fifo)]);
    assert!(e.contains("not a regular file"), "{e}");
    assert!(start.elapsed() < Duration::from_secs(20));
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- positions that are not positions of the game ------------------------------------

#[test]
fn boards_after_a_line_are_refused() {
    let dir = temp_dir("ttt");
    let db = dir.join("t.db");
    ok(&["build", "tictactoe", "--db", s(&db)]);
    for (board, why) in [
        ("ooox.xx.x", "o is to move (4 x, 3 o) but already has a line"),
        ("xxx.oo.o.", "x is to move (3 x, 3 o) but already has a line"),
        ("xxxooo...", "both x and o have a line"),
        ("xxxx.o...", "4 x and 1 o"),
    ] {
        for args in [
            vec!["solve", "tictactoe", board],
            vec!["solve", "--db", s(&db), board],
        ] {
            let e = fails(&args);
            assert!(e.contains(why), "{board}: {e}");
        }
    }
    // Connect Four positions are move lists, replayed: a move after a line is refused.
    ok(&["solve", "connect4:width=4,height=4", "1212121"]);
    let e = fails(&["solve", "connect4:width=4,height=4", "12121212"]);
    assert!(e.contains("the game is over before move 8"), "{e}");
    // The last mover's line is a finished game: lost for the player to move.
    for board in ["xxxoo....", "ooox.xx.."] {
        let out = ok(&["solve", "--db", s(&db), board]);
        assert!(out.contains("outcome:       lose"), "{board}: {out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
