//! `grundy build --workers` and `--processes`: the same table file, byte for byte,
//! as the one-thread build, from threads of one process and from processes that
//! talk over TCP on 127.0.0.1 (ports chosen free at run time). Every process is
//! started with a deadline and killed if it overstays it.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{failed, ok};

/// How long any process of these tests may run.
const DEADLINE: Duration = Duration::from_secs(120);

pub(crate) fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Ports free on 127.0.0.1 now (bound, read, released).
pub(crate) fn free_ports(n: usize) -> Vec<u16> {
    let listeners: Vec<_> = (0..n)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    listeners.iter().map(|l| l.local_addr().unwrap().port()).collect()
}

pub(crate) fn hosts_file(dir: &Path, ports: &[u16]) -> PathBuf {
    let hosts = dir.join("hosts");
    let text: String = ports.iter().map(|p| format!("127.0.0.1:{p}\n")).collect();
    std::fs::write(&hosts, text).unwrap();
    hosts
}

pub(crate) fn spawn(args: &[String]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Wait for every child within the deadline; kill them all if one overstays.
pub(crate) fn wait_all(children: Vec<Child>) -> Vec<Output> {
    let start = Instant::now();
    let mut children: Vec<Option<Child>> = children.into_iter().map(Some).collect();
    let mut outputs: Vec<Option<Output>> = children.iter().map(|_| None).collect();
    while outputs.iter().any(Option::is_none) {
        for (k, c) in children.iter_mut().enumerate() {
            if let Some(child) = c {
                if child.try_wait().unwrap().is_some() {
                    outputs[k] = Some(c.take().unwrap().wait_with_output().unwrap());
                }
            }
        }
        if start.elapsed() > DEADLINE {
            for c in children.iter_mut().flatten() {
                let _ = c.kill();
                let _ = c.wait();
            }
            panic!("a grundy process did not finish within {DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    outputs.into_iter().map(Option::unwrap).collect()
}

fn build_args(game: &str, db: &Path, extra: &[&str]) -> Vec<String> {
    let mut a: Vec<String> = vec!["build".into(), game.into(), "--db".into(), path(db).into()];
    a.extend(extra.iter().map(|s| s.to_string()));
    a
}

/// The one-thread table of `game`.
fn plain(dir: &Path, game: &str) -> Vec<u8> {
    let db = dir.join("plain.db");
    ok(&["build", game, "--db", path(&db), "--serial"]);
    std::fs::read(db).unwrap()
}

/// Run process 0..n of `game` on 127.0.0.1 (`workers` threads each) and return the
/// table process 0 wrote, after checking every process's output.
fn processes(dir: &Path, game: &str, n: usize, workers: usize) -> Vec<u8> {
    let hosts = hosts_file(dir, &free_ports(n));
    let db = dir.join("dist.db");
    let children = (0..n)
        .map(|i| {
            spawn(&build_args(
                game,
                &db,
                &[
                    "--processes",
                    &n.to_string(),
                    "--process",
                    &i.to_string(),
                    "--hosts",
                    path(&hosts),
                    "--workers",
                    &workers.to_string(),
                    "--connect-timeout",
                    "60",
                ],
            ))
        })
        .collect();
    let outputs = wait_all(children);
    for (i, o) in outputs.iter().enumerate() {
        assert!(
            o.status.success(),
            "process {i} of {game}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    let summary = String::from_utf8_lossy(&outputs[0].stdout);
    assert!(
        summary.contains("checksum:") && summary.contains("messages:"),
        "{summary}"
    );
    let other = String::from_utf8_lossy(&outputs[1].stdout);
    assert!(other.contains("process 0 writes the table"), "{other}");
    std::fs::read(db).unwrap()
}

/// Games numbered by enumeration from a start: a rule file, a script with draws,
/// a script whose rules end the game (tic-tac-toe), and a GAME text with --start.
const LOLLIPOP: &str = "../../examples/games/lollipop.luau";
const ENUMERATED: [(&str, &[&str]); 4] = [
    ("../../examples/games/wythoff.toml", &[]),
    (LOLLIPOP, &[]),
    ("../../examples/games/tictactoe.luau", &[]),
    ("subtraction:1,2,3", &["--start", "40"]),
];

#[test]
fn enumerated_games_on_threads_and_processes_write_the_one_thread_table() {
    for (game, start) in ENUMERATED {
        let dir = tempfile::tempdir().unwrap();
        let plain_db = dir.path().join("plain.db");
        let mut args = vec!["build", game, "--db", path(&plain_db)];
        args.extend_from_slice(start);
        ok(&args);
        let expect = std::fs::read(&plain_db).unwrap();
        let threads = dir.path().join("w2.db");
        let mut args = vec!["build", game, "--db", path(&threads), "--workers", "2"];
        args.extend_from_slice(start);
        let out = ok(&args);
        assert!(out.contains("reachable from"), "{out}");
        assert!(std::fs::read(&threads).unwrap() == expect, "{game} on 2 workers");
        // Two processes, each enumerating the game itself.
        let hosts = hosts_file(dir.path(), &free_ports(2));
        let db = dir.path().join("dist.db");
        let outs = wait_all(
            (0..2)
                .map(|i| spawn(&cluster_args(game, &db, &hosts, i, start)))
                .collect(),
        );
        for o in &outs {
            assert!(
                o.status.success(),
                "{game}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
        assert!(std::fs::read(&db).unwrap() == expect, "{game} on 2 processes");
    }
}

const GAMES: [&str; 4] = [
    "tictactoe",
    "connect4:width=4,height=4",
    "dodgem:3",
    "chase:cycle=6",
];

#[test]
fn worker_threads_write_the_one_thread_table() {
    let dir = tempfile::tempdir().unwrap();
    for game in GAMES {
        let expect = plain(dir.path(), game);
        for w in ["1", "2", "3"] {
            let db = dir.path().join(format!("w{w}.db"));
            let out = ok(&["build", game, "--db", path(&db), "--workers", w]);
            assert!(out.contains("messages:"), "{out}");
            assert!(std::fs::read(&db).unwrap() == expect, "{game} on {w} workers");
        }
    }
}

#[test]
fn two_processes_write_the_one_thread_table() {
    for game in GAMES {
        let dir = tempfile::tempdir().unwrap();
        let expect = plain(dir.path(), game);
        assert!(
            processes(dir.path(), game, 2, 1) == expect,
            "{game} on 2 processes"
        );
    }
    // Two processes of two workers each.
    let dir = tempfile::tempdir().unwrap();
    let game = "connect4:width=4,height=4";
    assert!(processes(dir.path(), game, 2, 2) == plain(dir.path(), game));
}

/// A build that must fail within the deadline: its one-line error, and no table
/// (nor a temporary one) under `db`.
fn refused(args: Vec<String>, db: &Path) -> String {
    let out = wait_all(vec![spawn(&args)]).pop().unwrap();
    let strs: Vec<&str> = args.iter().map(String::as_str).collect();
    let err = failed(&strs, out);
    assert!(!db.exists(), "a table was left under {}", db.display());
    assert!(!db.with_extension("db.tmp").exists());
    err
}

#[test]
fn bad_clusters_are_refused_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let [a, b] = free_ports(2)[..] else { unreachable!() };
    let hosts = dir.path().join("bad-hosts");
    std::fs::write(&hosts, format!("127.0.0.1:{a}\nlocalhost\n")).unwrap();
    let cluster = |process: &str, hosts: &Path| {
        build_args(
            "tictactoe",
            &db,
            &[
                "--processes",
                "2",
                "--process",
                process,
                "--hosts",
                path(hosts),
                "--connect-timeout",
                "1",
            ],
        )
    };
    let err = refused(cluster("0", &hosts), &db);
    assert!(err.contains("line 2") && err.contains("host:port"), "{err}");
    let good = hosts_file(dir.path(), &[a, b]);
    let err = refused(cluster("2", &good), &db);
    assert!(err.contains("--process 2 is out of range"), "{err}");
    // Process 1 alone: process 0 never answers.
    let started = Instant::now();
    let err = refused(cluster("1", &good), &db);
    assert!(err.contains("cannot reach process 0"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(30));
    // Process 0 alone: process 1 never connects.
    let err = refused(cluster("0", &good), &db);
    assert!(err.contains("did not connect"), "{err}");
    // A file with fewer hosts than processes.
    let one = hosts_file(dir.path(), &[a]);
    let err = refused(cluster("0", &one), &db);
    assert!(err.contains("lists 1 host"), "{err}");
    // A game enumerated from a start needs one; a partizan game has no table.
    let err = refused(build_args("nim", &db, &["--workers", "2"]), &db);
    assert!(err.contains("--start"), "{err}");
    let err = refused(build_args("domineering", &db, &["--workers", "2"]), &db);
    assert!(err.contains("partizan"), "{err}");
    // The positions of an enumerated game are written by process 0 alone.
    let err = refused(build_args(LOLLIPOP, &db, &["--workers", "2", "--no-gather"]), &db);
    assert!(err.contains("--no-gather"), "{err}");
    let err = refused(build_args("tictactoe", &db, &["--workers", "0"]), &db);
    assert!(err.contains("at least 1"), "{err}");
}

#[test]
fn processes_of_different_jobs_refuse_each_other() {
    let dir = tempfile::tempdir().unwrap();
    let hosts = hosts_file(dir.path(), &free_ports(2));
    let db = dir.path().join("t.db");
    let args = |game: &str, i: &str| {
        build_args(
            game,
            &db,
            &[
                "--processes",
                "2",
                "--process",
                i,
                "--hosts",
                path(&hosts),
                "--connect-timeout",
                "20",
            ],
        )
    };
    let outs = wait_all(vec![
        spawn(&args("tictactoe", "0")),
        spawn(&args("dodgem:3", "1")),
    ]);
    for o in outs {
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains("another job"), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
    assert!(!db.exists());
}

fn cluster_args(game: &str, db: &Path, hosts: &Path, i: usize, extra: &[&str]) -> Vec<String> {
    let mut a = build_args(
        game,
        db,
        &[
            "--processes",
            "2",
            "--process",
            &i.to_string(),
            "--hosts",
            path(hosts),
            "--connect-timeout",
            "60",
        ],
    );
    a.extend(extra.iter().map(|s| s.to_string()));
    a
}

/// Process `stopper` of two ends itself, as a kill would, once it has saved
/// `after` levels or rounds (the hidden `--stop-after`); the other stops by itself
/// with one line and no table; both again with `--resume` write the one-thread
/// bytes. Returns process 0's summary of the resumed run.
fn killed_and_resumed(game: &str, stopper: usize, after: usize) -> String {
    let dir = tempfile::tempdir().unwrap();
    let expect = plain(dir.path(), game);
    let db = dir.path().join("dist.db");
    let hosts = hosts_file(dir.path(), &free_ports(2));
    let stop = after.to_string();
    let outs = wait_all(
        (0..2)
            .map(|i| {
                let extra: &[&str] = if i == stopper {
                    &["--stop-after", &stop]
                } else {
                    &[]
                };
                spawn(&cluster_args(game, &db, &hosts, i, extra))
            })
            .collect(),
    );
    assert_eq!(
        outs[stopper].status.code(),
        Some(9),
        "{game}: the stopper ends as asked"
    );
    let other = 1 - stopper;
    let err = failed(
        &cluster_args(game, &db, &hosts, other, &[])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
        outs[other].clone(),
    );
    assert!(
        err.contains("connection to another process was lost"),
        "{game}: {err}"
    );
    assert!(!db.exists(), "{game}: no table after a kill");
    // Both again with --resume (on new ports): the same bytes as one thread.
    let hosts = hosts_file(dir.path(), &free_ports(2));
    let outs = wait_all(
        (0..2)
            .map(|i| spawn(&cluster_args(game, &db, &hosts, i, &["--resume"])))
            .collect(),
    );
    for o in &outs {
        assert!(
            o.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    assert!(
        std::fs::read(&db).unwrap() == expect,
        "{game}: resumed table differs"
    );
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.contains(".part-") || n.contains(".round-"))
        .collect();
    assert!(
        left.is_empty(),
        "{game}: parts and checkpoints are removed: {left:?}"
    );
    String::from_utf8_lossy(&outs[0].stdout).into_owned()
}

// Once, a resumed build stopped with "position ... has option ..., which is not a
// solved position of a later level": a worker that saw the resume agreement first
// asked for options before its peer had put its saved levels back. Each case here
// failed that way about one time in three; several kill points cover it.
#[test]
fn a_killed_process_resumes_to_the_same_bytes() {
    // Level by level: the last level every process saved (the survivor saves the
    // level the stopper saved, unless it notices the loss first). So every case
    // stops after its second save or later: a survivor that misses the stopper's
    // last save still has the one before, and the run resumes rather than starts
    // over. (Stopping after the first save failed about once in CI that way.)
    let summary = killed_and_resumed("connect4:width=5,height=4", 1, 4);
    assert!(
        summary.contains("resumed after level 4") || summary.contains("resumed after level 3"),
        "{summary}"
    );
    let summary = killed_and_resumed("tictactoe", 0, 2);
    assert!(summary.contains("resumed after level"), "{summary}");
    // Retrograde rounds of a loopy game, from their checkpoints.
    let summary = killed_and_resumed("dodgem:4", 1, 2);
    assert!(summary.contains("resumed after round"), "{summary}");
    // A game enumerated from a start: every process enumerates it again.
    let summary = killed_and_resumed("../../examples/games/tictactoe.luau", 1, 2);
    assert!(summary.contains("resumed after round"), "{summary}");
}

#[test]
fn parts_written_apart_merge_into_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let game = "connect4:width=4,height=4";
    let expect = plain(dir.path(), game);
    let db = dir.path().join("apart.db");
    let hosts = hosts_file(dir.path(), &free_ports(2));
    let outs = wait_all(
        (0..2)
            .map(|i| {
                spawn(&cluster_args(
                    game,
                    &db,
                    &hosts,
                    i,
                    &["--workers", "2", "--no-gather"],
                ))
            })
            .collect(),
    );
    for o in &outs {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    assert!(!db.exists(), "nothing gathered");
    let parts: Vec<PathBuf> = (0..4)
        .map(|w| dir.path().join(format!("apart.db.part-{w}-of-4")))
        .collect();
    let merged = dir.path().join("merged.db");
    let mut args = vec!["merge", game, "--db", path(&merged)];
    args.extend(parts.iter().rev().map(|p| path(p)));
    let out = ok(&args);
    assert!(out.contains("parts:         4"), "{out}");
    assert!(std::fs::read(&merged).unwrap() == expect, "merged table differs");
    // A part missing, a part given twice, the wrong game: one line each, no table.
    let bad = dir.path().join("bad.db");
    let missing = common::fails(&[
        "merge",
        game,
        "--db",
        path(&bad),
        path(&parts[0]),
        path(&parts[1]),
        path(&parts[2]),
    ]);
    assert!(
        missing.contains("worker 3 of 4") && missing.contains("missing"),
        "{missing}"
    );
    let twice = common::fails(&[
        "merge",
        game,
        "--db",
        path(&bad),
        path(&parts[0]),
        path(&parts[0]),
    ]);
    assert!(twice.contains("twice"), "{twice}");
    let other = common::fails(&["merge", "tictactoe", "--db", path(&bad), path(&parts[0])]);
    assert!(other.contains("not tictactoe"), "{other}");
    assert!(!bad.exists());
}

#[test]
fn loopy_parts_written_apart_merge_into_the_table() {
    for game in ["dodgem:3", "chase:cycle=6"] {
        let dir = tempfile::tempdir().unwrap();
        let expect = plain(dir.path(), game);
        let db = dir.path().join("apart.db");
        let hosts = hosts_file(dir.path(), &free_ports(2));
        let outs = wait_all(
            (0..2)
                .map(|i| spawn(&cluster_args(game, &db, &hosts, i, &["--no-gather"])))
                .collect(),
        );
        for o in &outs {
            assert!(
                o.status.success(),
                "{game}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
        assert!(!db.exists(), "nothing gathered");
        let parts: Vec<PathBuf> = (0..2)
            .map(|w| dir.path().join(format!("apart.db.part-{w}-of-2")))
            .collect();
        let merged = dir.path().join("merged.db");
        let out = ok(&[
            "merge",
            game,
            "--db",
            path(&merged),
            path(&parts[1]),
            path(&parts[0]),
        ]);
        assert!(out.contains("parts:         2"), "{out}");
        assert!(
            std::fs::read(&merged).unwrap() == expect,
            "{game}: merged table differs"
        );
        let one = common::fails(&["merge", game, "--db", path(&merged), path(&parts[0])]);
        assert!(one.contains("worker 1 of 2") && one.contains("missing"), "{one}");
    }
}
