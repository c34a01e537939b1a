//! `grundy solve BOARD --workers` and `--processes`: Domineering's outcome
//! search across worker threads and processes on 127.0.0.1 gives the report of
//! the one-process search, winning move included (all but the method, which
//! names the workers and counts the nodes).

use crate::common;
use crate::dist::{free_ports, hosts_file, path, spawn, wait_all};

use serde_json::Value;

use common::{failed, json};

/// The report without its method.
fn answer(mut v: Value) -> Value {
    v.as_object_mut().unwrap().remove("method");
    v
}

fn solve_args(board: &str, first: &str, extra: &[&str]) -> Vec<String> {
    let mut a: Vec<String> = ["solve", board, "start", "--first", first, "--json"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    a.extend(extra.iter().map(|s| s.to_string()));
    a
}

/// Process 0's report of `board` solved by two processes of one worker each.
fn two_processes(board: &str, first: &str) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let hosts = hosts_file(dir.path(), &free_ports(2));
    let children = (0..2)
        .map(|i| {
            let i = i.to_string();
            spawn(&solve_args(
                board,
                first,
                &["--processes", "2", "--process", &i, "--hosts", path(&hosts)],
            ))
        })
        .collect();
    let outputs = wait_all(children);
    for (i, o) in outputs.iter().enumerate() {
        assert!(
            o.status.success(),
            "process {i}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    let other = String::from_utf8_lossy(&outputs[1].stdout);
    assert_eq!(other.lines().count(), 1, "process 1 says one line: {other}");
    serde_json::from_slice(&outputs[0].stdout).expect("one JSON object")
}

/// Boards won by Right (5x6 and 6x8, whoever starts), by Left (8x7) and by
/// the first player (6x6), each with either side first: two worker threads
/// and two processes give the one-process report.
#[test]
fn workers_and_processes_solve_as_one_process() {
    let mut classes = Vec::new();
    for board in ["5x6", "6x6", "6x8", "8x7"] {
        let (rows, cols) = board.split_once('x').unwrap();
        let game = format!("domineering:rows={rows},cols={cols}");
        for first in ["left", "right"] {
            let one = json(&["solve", &game, "start", "--first", first, "--json"]);
            let threads: Vec<String> = solve_args(&game, first, &["--workers", "2"]);
            let threads: Vec<&str> = threads.iter().map(String::as_str).collect();
            let two = json(&threads);
            assert!(
                two["method"].as_str().unwrap().contains("across 2 workers"),
                "{two}"
            );
            assert_eq!(
                answer(two),
                answer(one.clone()),
                "{game}, {first} first, --workers 2"
            );
            assert_eq!(
                answer(two_processes(&game, first)),
                answer(one.clone()),
                "{game}, {first} first, 2 processes"
            );
            classes.push((board, first, one["outcome_class"].as_str().unwrap().to_string()));
        }
    }
    // A Left win, a Right win and a first player's win are among them.
    for class in ["L", "R", "N"] {
        assert!(
            classes.iter().any(|c| c.2 == class),
            "no {class} board: {classes:?}"
        );
    }
}

#[test]
fn solve_across_processes_refuses_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let [a, b] = free_ports(2)[..] else { unreachable!() };
    let bad = dir.path().join("bad-hosts");
    std::fs::write(&bad, format!("127.0.0.1:{a}\nlocalhost\n")).unwrap();
    let good = hosts_file(dir.path(), &[a, b]);
    let run = |args: Vec<String>| {
        let out = wait_all(vec![spawn(&args)]).pop().unwrap();
        let strs: Vec<&str> = args.iter().map(String::as_str).collect();
        failed(&strs, out)
    };
    let cluster = |hosts: &std::path::Path, process: &str| {
        solve_args(
            "domineering:rows=5,cols=6",
            "left",
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
    let err = run(cluster(&bad, "0"));
    assert!(err.contains("line 2") && err.contains("host:port"), "{err}");
    let err = run(cluster(&good, "0"));
    assert!(err.contains("did not connect"), "{err}");
    let err = run(cluster(&good, "1"));
    assert!(err.contains("cannot reach process 0"), "{err}");
    // A game with no such search, and misère play, are refused by capability.
    let nim = ["solve", "nim", "3,4", "--workers", "2"]
        .map(String::from)
        .to_vec();
    let err = run(nim);
    assert!(err.contains("no outcome search across processes"), "{err}");
    let mut misere = solve_args("domineering:rows=5,cols=6", "left", &["--workers", "2"]);
    misere.push("--misere".into());
    let err = run(misere);
    assert!(err.contains("no outcome search across processes"), "{err}");
    // The budget bounds each worker's nodes, and says so.
    let err = run(solve_args(
        "domineering:rows=7,cols=8",
        "left",
        &["--workers", "2", "--max-work", "50"],
    ));
    assert!(err.contains("--max-work"), "{err}");
}
