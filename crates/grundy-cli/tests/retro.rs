//! `grundy build` and `grundy solve --db`, and the retrograde games in every command.

use assert_cmd::Command;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

fn stdout(args: &[&str]) -> String {
    let out = grundy().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn stderr_fail(args: &[&str]) -> String {
    let out = grundy().args(args).output().unwrap();
    assert!(!out.status.success(), "{args:?} should fail");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn games_work_in_solve_and_moves() {
    let s = stdout(&["solve", "tictactoe", "x.o......"]);
    assert!(s.contains("outcome:       win"), "{s}");
    assert!(s.contains("x.ox....."), "{s}");
    let s = stdout(&["solve", "tictactoe", "start", "--json"]);
    assert!(s.contains("\"outcome\":\"draw\""), "{s}");
    let s = stdout(&["solve", "dodgem:3", "start"]);
    assert!(s.contains("outcome:       win"), "{s}");
    let s = stdout(&["solve", "chase:cycle=5", "0,2,0"]);
    assert!(s.contains("draw"), "{s}");
    let s = stdout(&["moves", "connect4:width=4,height=3", "start"]);
    // The board is drawn above the table: its header and one row per column.
    assert_eq!(
        s.lines().skip_while(|l| !l.starts_with("move to")).count(),
        5,
        "{s}"
    );
    let e = stderr_fail(&["solve", "connect4:width=4,height=4", "4444 4"]);
    assert!(
        e.contains("column 4 is full") || e.contains("not a column"),
        "{e}"
    );
    assert_eq!(
        stderr_fail(&["solve", "dodgem:3", "bbb/.../...:b"])
            .lines()
            .count(),
        1
    );
}

#[test]
fn build_then_answer_from_the_table() {
    let dir = tempfile_dir();
    let db = dir.join("c4.db");
    let db = db.to_str().unwrap();
    let s = stdout(&["build", "connect4:width=4,height=4", "--db", db]);
    assert!(s.contains("positions:"), "{s}");
    let s = stdout(&["solve", "--db", db, "start"]);
    assert!(s.contains("draw") && s.contains("lookup in the table"), "{s}");
    let s = stdout(&["solve", "connect4:width=4,height=4", "1213", "--db", db]);
    assert!(s.contains("lookup in the table"), "{s}");
    // Same answer as solving directly.
    let direct = stdout(&["solve", "connect4:width=4,height=4", "1213", "--json"]);
    let from_db = stdout(&["solve", "--db", db, "1213", "--json"]);
    let strip = |s: &str| s.split("\"method\"").next().unwrap().to_string();
    assert_eq!(strip(&direct), strip(&from_db));
    // Another game, a corrupt table, a table of another version: one-line refusals.
    let e = stderr_fail(&["solve", "tictactoe", "start", "--db", db]);
    assert!(e.contains("is for 'connect4:width=4,height=4'"), "{e}");
    assert_eq!(e.lines().count(), 1);
    let mut bytes = std::fs::read(db).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    let bad = dir.join("bad.db");
    std::fs::write(&bad, &bytes).unwrap();
    let e = stderr_fail(&["solve", "--db", bad.to_str().unwrap(), "start"]);
    assert!(e.contains("checksum"), "{e}");
    bytes[last] ^= 0x55;
    bytes[8] = 99;
    std::fs::write(&bad, &bytes).unwrap();
    let e = stderr_fail(&["solve", "--db", bad.to_str().unwrap(), "start"]);
    assert!(e.contains("version 99"), "{e}");
    assert_eq!(e.lines().count(), 1);
}

#[test]
fn build_loopy_games_and_resume() {
    let dir = tempfile_dir();
    let db = dir.join("dodgem.db");
    let db = db.to_str().unwrap();
    stdout(&["build", "dodgem:3", "--db", db]);
    let s = stdout(&["solve", "--db", db, "b../b../.rr:b"]);
    assert!(s.contains("outcome:       win"), "{s}");
    // --resume without a checkpoint simply builds.
    let t = dir.join("ttt.db");
    let s = stdout(&[
        "build",
        "tictactoe",
        "--db",
        t.to_str().unwrap(),
        "--resume",
        "--serial",
    ]);
    assert!(s.contains("6046 indices"), "{s}");
    assert!(!dir.join("ttt.db.ckpt").exists() && !dir.join("ttt.db.tmp").exists());
}

fn tempfile_dir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!(
        "grundy-retro-cli-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&d).unwrap();
    d
}
