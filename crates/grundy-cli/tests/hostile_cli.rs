//! "No wrong answer, no crash, no escape": arguments, files and limits that a
//! careless or hostile user gives the CLI. Each is refused with one line (exit
//! status 2) or answered right; none panics, hangs, replaces a device or FIFO
//! with a regular file, or is killed by a signal with no message.
//!
//! Every run has a deadline: a FIFO opened by mistake would block for ever, and
//! the test fails with "hung" instead of hanging with it.

use crate::common;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{failed, json, ok};

/// How long any one run may take before it counts as hung.
const DEADLINE: Duration = Duration::from_secs(60);

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Run `cmd` to its end, or kill it at the deadline and fail the test.
fn finish(mut cmd: Command, what: &str) -> Output {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Read both pipes while waiting: a child that writes more than a pipe holds
    // (20 MB of JSON) would otherwise block on its write and look hung.
    let drain = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            let what: String = what.chars().take(200).collect();
            panic!("{what}: hung (killed after {DEADLINE:?})");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

/// `grundy args`, with a deadline.
fn run(args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args);
    finish(cmd, &format!("grundy {args:?}"))
}

/// The one-line error of `grundy args` (exit status 2), with a deadline.
fn refused(args: &[&str]) -> String {
    failed(args, run(args))
}

/// A FIFO (named pipe) at `p`, or `None` where `mkfifo` is missing.
fn fifo(p: &Path) -> Option<PathBuf> {
    let made = Command::new("mkfifo").arg(p).status().is_ok_and(|s| s.success());
    if !made {
        eprintln!("skipped: mkfifo is not available");
    }
    made.then(|| p.to_path_buf())
}

fn is_fifo(p: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_fifo())
}

// 1. Widths computed at run time.

#[test]
fn moves_of_a_heap_split_into_65536_piles_are_listed_not_a_panic() {
    // The first move of split 65536 is named 1+1+…+1 (131,071 characters):
    // `{:<w$}` with such a width panicked ("Formatting argument out of range").
    for heap in ["65536", "70000"] {
        let out = ok(&["moves", "split", heap]);
        assert!(
            out.contains("… ("),
            "the long name is cut like a position: {}",
            &out[..300]
        );
        assert!(
            out.lines().all(|l| l.chars().count() < 400),
            "no line as wide as the name"
        );
    }
}

// 2. --connect-timeout past what a Duration holds.

#[test]
fn a_connect_timeout_of_u64_max_seconds_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let hosts = dir.path().join("hosts");
    std::fs::write(&hosts, "127.0.0.1:2101\n127.0.0.1:2102\n").unwrap();
    let db = dir.path().join("t.db");
    for timeout in ["18446744073709551615", "1e300", "604801"] {
        let err = refused(&[
            "build",
            "tictactoe",
            "--db",
            path(&db),
            "--processes",
            "2",
            "--process",
            "0",
            "--hosts",
            path(&hosts),
            "--connect-timeout",
            timeout,
        ]);
        assert!(
            err.contains("--connect-timeout") && err.contains("too long"),
            "{err}"
        );
    }
}

// 3. Workers, hosts files and part files.

#[test]
fn more_workers_than_the_cap_are_refused_up_front() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    for w in ["257", "1000", "100000"] {
        let err = refused(&["build", "tictactoe", "--db", path(&db), "--workers", w]);
        assert!(err.contains("too many") && err.contains("256"), "{err}");
    }
    // In all, across processes: 200 in each of 2 is 400.
    let hosts = dir.path().join("hosts");
    std::fs::write(&hosts, "127.0.0.1:2101\n127.0.0.1:2102\n").unwrap();
    let err = refused(&[
        "build",
        "tictactoe",
        "--db",
        path(&db),
        "--workers",
        "200",
        "--processes",
        "2",
        "--process",
        "0",
        "--hosts",
        path(&hosts),
        "--connect-timeout",
        "1",
    ]);
    assert!(err.contains("too many"), "{err}");
    // Nothing was started, so nothing is left.
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(left.len(), 1, "only the hosts file: {left:?}");
}

#[test]
fn hosts_files_that_are_devices_fifos_or_huge_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let build = |hosts: &str| {
        refused(&[
            "build",
            "tictactoe",
            "--db",
            path(&db),
            "--processes",
            "2",
            "--process",
            "0",
            "--hosts",
            hosts,
            "--connect-timeout",
            "1",
        ])
    };
    // /dev/zero was read into memory without end (17 GB, then killed).
    let err = build("/dev/zero");
    assert!(err.contains("not a regular file"), "{err}");
    if let Some(f) = fifo(&dir.path().join("hosts.fifo")) {
        let err = build(path(&f));
        assert!(err.contains("not a regular file"), "{err}");
    }
    let big = dir.path().join("big");
    std::fs::write(&big, vec![b'#'; (1 << 20) + 1]).unwrap();
    let err = build(path(&big));
    assert!(err.contains("bytes"), "{err}");
}

#[test]
fn a_build_that_fails_at_the_start_leaves_no_empty_part_files() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    // Worker 1's part is a FIFO: worker 1 cannot start, so the job fails; worker
    // 0's part, with no level saved, is not left behind.
    let Some(blocker) = fifo(&dir.path().join("t.db.part-1-of-2")) else {
        return;
    };
    let err = refused(&["build", "tictactoe", "--db", path(&db), "--workers", "2"]);
    assert!(err.contains("not a regular file"), "{err}");
    assert!(
        !dir.path().join("t.db.part-0-of-2").exists(),
        "an empty part was left"
    );
    assert!(!db.exists());
    assert!(is_fifo(&blocker), "the FIFO is left alone");
}

// 4. The file size limit (`ulimit -f`).

/// `grundy args` under `ulimit -f blocks` (a shell's blocks, 512 or 1024 bytes).
fn limited(blocks: u32, args: &[&str]) -> Output {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("ulimit -f {blocks} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(args);
    finish(cmd, &format!("grundy {args:?} under ulimit -f {blocks}"))
}

#[test]
fn outputs_past_the_file_size_limit_fail_with_one_line_not_sigxfsz() {
    let dir = tempfile::tempdir().unwrap();
    let d = |f: &str| dir.path().join(f);
    let (db, vt, svg) = (d("t.db"), d("v.txt"), d("p.svg"));
    let cases: [(Vec<&str>, &Path); 3] = [
        // 6,046 indices: a table of about 11 KB.
        (vec!["build", "tictactoe", "--db", path(&db)], &db),
        (vec!["values", "kayles", "--to", "20000", "--out", path(&vt)], &vt),
        (
            vec![
                "plot",
                "kayles",
                "--kind",
                "sequence",
                "--to",
                "3000",
                "--out",
                path(&svg),
            ],
            &svg,
        ),
    ];
    for (args, out) in cases {
        let o = limited(4, &args);
        // Killed by SIGXFSZ, there was no status code and no message.
        let err = failed(&args, o);
        assert!(err.to_lowercase().contains("too large"), "{args:?}: {err}");
        assert!(
            !out.exists(),
            "{args:?}: a half-written {} was left",
            out.display()
        );
    }
}

// 5. Outputs that exist and are not regular files.

#[test]
fn outputs_that_are_fifos_are_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let (Some(f), Some(picture)) = (fifo(&dir.path().join("out")), fifo(&dir.path().join("out.svg"))) else {
        return;
    };
    let parts = part_files(dir.path());
    let (f, picture) = (path(&f), path(&picture));
    let cases: Vec<Vec<&str>> = vec![
        vec!["build", "tictactoe", "--db", f],
        vec!["build", "tictactoe", "--db", f, "--workers", "2"],
        vec!["values", "kayles", "--to", "100", "--out", f],
        vec![
            "plot", "kayles", "--kind", "sequence", "--to", "50", "--out", picture,
        ],
        vec!["thermograph", "--value", "{1|-1}", "--out", picture],
    ];
    for args in cases {
        let err = refused(&args);
        assert!(err.contains("FIFO"), "{args:?}: {err}");
        assert!(
            is_fifo(Path::new(f)) && is_fifo(Path::new(picture)),
            "{args:?} replaced the FIFO"
        );
    }
    let mut args = vec!["merge", "tictactoe", "--db", f];
    args.extend(parts.iter().map(|p| path(p)));
    let err = refused(&args);
    assert!(err.contains("FIFO"), "{err}");
    assert!(is_fifo(Path::new(f)), "merge replaced the FIFO");
}

#[test]
fn character_devices_are_refused_as_outputs() {
    // /dev/full rather than /dev/null: were the check missing, a build as root
    // would replace the device, and /dev/full is the one no test relies on.
    if !Path::new("/dev/full").exists() {
        return;
    }
    // Through a symbolic link with a picture's name: the link is followed.
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("full.svg");
    std::os::unix::fs::symlink("/dev/full", &link).unwrap();
    let err = refused(&[
        "plot",
        "kayles",
        "--kind",
        "sequence",
        "--to",
        "50",
        "--out",
        path(&link),
    ]);
    assert!(err.contains("character device"), "{err}");
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    let err = refused(&["values", "kayles", "--to", "100", "--out", "/dev/full"]);
    assert!(err.contains("character device"), "{err}");
}

// 6. Inputs (parts, checkpoints) that are FIFOs.

/// The two part files of a tictactoe build with two workers and --no-gather.
fn part_files(dir: &Path) -> Vec<PathBuf> {
    let db = dir.join("parts.db");
    ok(&[
        "build",
        "tictactoe",
        "--db",
        path(&db),
        "--workers",
        "2",
        "--no-gather",
    ]);
    (0..2)
        .map(|w| dir.join(format!("parts.db.part-{w}-of-2")))
        .collect()
}

#[test]
fn fifos_among_parts_and_checkpoints_are_refused_not_waited_on() {
    let dir = tempfile::tempdir().unwrap();
    let parts = part_files(dir.path());
    let Some(f) = fifo(&dir.path().join("fifo")) else {
        return;
    };
    let merged = dir.path().join("merged.db");
    let err = refused(&[
        "merge",
        "tictactoe",
        "--db",
        path(&merged),
        path(&parts[0]),
        path(&f),
    ]);
    assert!(err.contains("part file") && err.contains("FIFO"), "{err}");
    assert!(!merged.exists());

    // A build's checkpoint, a values run's checkpoint, a worker's part: FIFOs.
    let db = dir.path().join("r.db");
    fifo(&dir.path().join("r.db.ckpt")).unwrap();
    let err = refused(&["build", "tictactoe", "--db", path(&db), "--resume"]);
    assert!(err.contains("FIFO"), "{err}");
    let vt = dir.path().join("v.txt");
    fifo(&dir.path().join("v.txt.ckpt")).unwrap();
    let err = refused(&["values", "kayles", "--to", "100", "--out", path(&vt), "--resume"]);
    assert!(err.contains("FIFO"), "{err}");
    let w = dir.path().join("w.db");
    fifo(&dir.path().join("w.db.part-0-of-2")).unwrap();
    let err = refused(&[
        "build",
        "tictactoe",
        "--db",
        path(&w),
        "--workers",
        "2",
        "--resume",
    ]);
    assert!(err.contains("not a regular file"), "{err}");
    // A loopy game keeps round checkpoints: one that is a FIFO is not read (it
    // counts as no checkpoint), so the build ends, refused or done, never blocked.
    let c = dir.path().join("c.db");
    fifo(&dir.path().join("c.db.round-0-of-2.0")).unwrap();
    let out = run(&[
        "build",
        "chase:cycle=6",
        "--db",
        path(&c),
        "--workers",
        "2",
        "--resume",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() || err.contains("not a regular file"),
        "{err}"
    );
}

// 7. Misère play of a partizan game.

#[test]
fn misere_partizan_solve_labels_the_normal_play_value() {
    for (game, position) in [("clobber", "xxo"), ("domineering", "..|..")] {
        let text = ok(&["solve", game, position, "--misere"]);
        for line in text
            .lines()
            .filter(|l| l.starts_with("value:") || l.starts_with("outcome class:"))
        {
            assert!(
                line.ends_with("(under normal play, not misère)"),
                "{game}: {line}"
            );
        }
        assert!(text.contains("winner:"), "{text}");
        let v = json(&["solve", game, position, "--misere", "--json"]);
        assert!(
            v.get("value").is_none() && v.get("outcome_class").is_none(),
            "{v}"
        );
        assert!(v["normal_play_value"].is_string(), "{v}");
        assert!(v["normal_play_outcome_class"].is_string(), "{v}");
        // Normal play is unchanged.
        let v = json(&["solve", game, position, "--json"]);
        assert!(
            v["value"].is_string() && v.get("normal_play_value").is_none(),
            "{v}"
        );
    }
    let text = ok(&["solve", "clobber", "xxo"]);
    assert!(text.contains("value:         ^\n"), "{text}");
}

// 8. Moves that reach the same position.

#[test]
fn two_moves_to_the_same_position_are_one_row_named_after_the_first_heap() {
    let text = ok(&["moves", "kayles", "1,1"]);
    assert!(text.starts_with("1 move from 1,1\n"), "{text}");
    assert!(text.contains("1:1"), "{text}");
    assert!(!text.contains("2:1"), "{text}");
    let v = json(&["moves", "kayles", "1,1", "--json"]);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{v}");
    assert_eq!(moves[0]["move"], "1:1", "{v}");
    // The name is read back as that move in `play`.
    let out = common::with_input(&["play", "kayles", "1,1"], "1:1\n");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("human: 1:1 -> 1\n"), "{text}");
}

// 9. Rates, --json and transcripts.

#[test]
fn moves_json_names_each_move() {
    let v = json(&["moves", "nim", "3,2", "--json"]);
    let moves = v["moves"].as_array().unwrap();
    assert!(
        moves.iter().any(|m| m["move"] == "1:3" && m["position"] == "0,2"),
        "{v}"
    );
    let v = json(&["moves", "connect4:width=4,height=4", "start", "--json"]);
    assert!(v["moves"][0]["move"].is_string(), "{v}");
}

#[test]
fn build_and_merge_print_json() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let v = json(&["build", "tictactoe", "--db", path(&db), "--json"]);
    assert_eq!(v["game"], "tictactoe", "{v}");
    assert_eq!(v["positions"], 6046, "{v}");
    assert!(
        v["checksum"].is_string() && v["wins"].is_u64() && v["seconds"].is_f64(),
        "{v}"
    );
    let plain = v["checksum"].clone();
    let v = json(&[
        "build",
        "tictactoe",
        "--db",
        path(&db),
        "--workers",
        "2",
        "--json",
    ]);
    assert_eq!(v["checksum"], plain, "{v}");
    assert!(v["messages"].is_u64() && v["workers"].is_string(), "{v}");
    let parts = part_files(dir.path());
    let merged = dir.path().join("m.db");
    let mut args = vec!["merge", "tictactoe", "--db", path(&merged), "--json"];
    args.extend(parts.iter().map(|p| path(p)));
    let v = json(&args);
    assert_eq!(v["checksum"], plain, "{v}");
    assert_eq!(v["parts"], 2, "{v}");
    // The text summaries are unchanged.
    assert!(ok(&["build", "tictactoe", "--db", path(&db)]).contains("checksum:"));
}

#[test]
fn play_transcripts_name_the_moves() {
    let out = common::with_input(&["play", "nim", "5", "--first", "human"], "take 5\n");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("human: take 5 -> 0\n"), "{text}");
    let out = common::with_input(
        &["play", "connect4:width=4,height=4", "--first", "engine"],
        &"#1\n".repeat(16),
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let engine = text.lines().find(|l| l.starts_with("engine: ")).unwrap();
    assert!(engine.contains(" -> "), "the engine's move is named: {text}");
    assert!(!text.contains("game over at :"), "{text}");
}

/// Connect Four without a size says why there is no default (the standard board is
/// past the tables), and how big a board may be.
#[test]
fn connect_four_without_a_size_says_why_there_is_no_default() {
    let e = refused(&["solve", "connect4", "start"]);
    assert!(
        e.contains("at most 36 cells") && e.contains("7x6") && e.contains("no default"),
        "{e}"
    );
}

/// A built table's counts of a numbered game say they are of indices, not of the
/// game's positions (tic-tac-toe's 6046 indices hold 5478 legal boards).
#[test]
fn a_numbered_tables_summary_says_its_counts_are_of_indices() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let out = ok(&["build", "tictactoe", "--db", path(&db)]);
    assert!(
        out.contains("6046 indices (the numbering's, reachable or not); 2836 wins"),
        "{out}"
    );
}

/// A single heap far past what the engine computes in seconds (Grundy's game at
/// 10^7: hours of work) stops at the work budget, naming it, instead of running on.
#[test]
fn a_huge_heap_of_a_breaking_game_stops_at_the_work_budget() {
    let e = refused(&[
        "values",
        "grundy",
        "--from",
        "9999999",
        "--to",
        "9999999",
        "--max-work",
        "100000000",
    ]);
    assert!(
        e.contains("over the work budget") && e.contains("--max-work"),
        "{e}"
    );
    let e = refused(&["solve", "grundy", "9999999", "--max-work", "100000000"]);
    assert!(e.contains("budget"), "{e}");
}

/// A heap that only a proved period answers, in a game whose period search is
/// dear (three heaps left by a move: values cost time growing with the heap),
/// stops at the work budget with its flag instead of searching for minutes.
#[test]
fn a_period_search_stops_at_the_work_budget() {
    let e = refused(&[
        "solve",
        "octal:0.7777777777",
        "1000000000000",
        "--max-work",
        "100000000",
    ]);
    assert!(
        e.contains("period") && e.contains("over the work budget") && e.contains("--max-work"),
        "{e}"
    );
}

/// An all-but game with a huge exclusion has a code of that many digits: a small
/// heap looks only at the moves that fit it (once each 10^6 digits per heap per
/// option, minutes even for heap 3000).
#[test]
fn a_huge_exclusion_costs_nothing_below_it() {
    let out = run(&["solve", "allbut:1000000", "3000"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("nim-value:     3000"), "{text}");
}

/// A strategy tree of the digit game asks for the layers of one start at many
/// turns; each is swept once, not once per node.
#[test]
fn a_strategy_tree_of_the_digit_game_sweeps_each_layer_once() {
    let out = run(&["explain", "digits:turns=12,width=5", "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("win"), "{text}");
}

/// A table of the positions reachable from a start counts them in the budget's
/// positions (Wythoff from 3000,3000 reaches 9 million), and stops with its flag,
/// leaving no file behind; the same limit binds the Timely builder.
#[test]
fn an_enumerated_build_stops_at_the_position_budget() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.tbl");
    for extra in [&[][..], &["--workers", "2"][..]] {
        let mut args = vec![
            "build",
            "wythoff",
            "--start",
            "3000,3000",
            "--db",
            path(&db),
            "--max-positions",
            "50000",
        ];
        args.extend_from_slice(extra);
        let e = refused(&args);
        assert!(
            e.contains("position budget") && e.contains("--max-positions"),
            "{args:?}: {e}"
        );
    }
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// A sum of 20,001 heaps has as many winning moves of 20,001 heaps each: the
/// first are listed and the note says there are more, instead of gigabytes; its
/// moves, all of them whole positions, are refused in one line.
#[test]
fn a_sum_of_many_heaps_lists_its_winning_moves_within_bounds() {
    let heaps = vec!["1"; 20_001].join(",");
    let out = run(&["solve", "nim", &heaps, "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let listed = v["winning_moves"].as_array().unwrap().len();
    assert!((1..20_001).contains(&listed), "{listed}");
    assert!(
        v["winning_moves_note"]
            .as_str()
            .unwrap()
            .contains("there are more"),
        "{v}"
    );
    let e = refused(&["moves", "nim", &heaps]);
    assert!(e.contains("too large to list its moves"), "{e}");
}

/// Two winning moves that leave the same position are one (Kayles 1,1,1: each
/// heap's take leaves 1,1), as `moves` lists them.
#[test]
fn winning_moves_to_the_same_position_are_listed_once() {
    let out = run(&["solve", "kayles", "1,1,1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("winning moves: 1,1\n"), "{text}");
}

/// Grundy's game and split examine every option of every heap: a heap whose
/// values are far past the work budget is refused before the first step, with the
/// flag that raises it (split 300000 ran for minutes; grundy 9999999 for hours).
#[test]
fn heaps_past_the_work_budget_are_refused_at_once() {
    for (game, heap) in [("split", "300000"), ("grundy", "9999999")] {
        let e = refused(&["solve", game, heap]);
        assert!(
            e.contains("over the work budget") && e.contains("--max-work"),
            "{e}"
        );
    }
    // Dawson's Kayles at a million: its proved period answers (10^12 steps without).
    let v = json(&["solve", "octal:0.07", "1000000", "--json"]);
    assert_eq!(v["nimber"], 2, "{v}");
    assert!(v["method"].as_str().unwrap().contains("period 34"), "{v}");
}

/// A game whose rule is a code of ten million digits (an exclusion at 10^7)
/// prints it cut, not as a 10 MB line; `--json` keeps it whole.
#[test]
fn a_rule_of_millions_of_digits_is_cut() {
    let args = [
        "period",
        "allbut:99999,10000000",
        "--max",
        "2000",
        "--max-work",
        "1000000",
    ];
    let out = run(&args);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.len() < 5_000 && text.contains("characters; --json gives it whole"),
        "{}",
        text.len()
    );
}
