//! The seam's capabilities, not names: a game file of a numbered game builds the
//! same table as the game itself (byte for byte, resumable, answerable), and the
//! budget's one error reaches every command that can run out, naming the limit
//! and the flag.

use std::path::Path;
use std::process::Command;

fn grundy(args: &[&str], dir: &Path) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(dir)
        .env_remove("GRUNDY_MAX_MEMORY")
        .output()
        .expect("grundy runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn ok(args: &[&str], dir: &Path) -> String {
    let (code, out, err) = grundy(args, dir);
    assert_eq!(code, 0, "grundy {args:?}: {err}");
    out
}

/// Exit status 2 and one line of error containing every part of `want`.
fn fails_with(args: &[&str], dir: &Path, want: &[&str]) {
    let (code, _, err) = grundy(args, dir);
    assert_eq!(code, 2, "grundy {args:?} should fail: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    for w in want {
        assert!(err.contains(w), "grundy {args:?}: {err:?} should contain {w:?}");
    }
}

/// The numbered games of the catalogue, each with a TOML file naming its family.
const TWINS: [(&str, &str, &str); 4] = [
    ("tictactoe", "family = \"tictactoe\"\n", "x.o......"),
    ("dodgem:3", "family = \"dodgem\"\nsize = 3\n", "start"),
    ("chase:cycle=5", "family = \"chase\"\ncycle = 5\n", "0,2,0"),
    (
        "connect4:width=4,height=3",
        "family = \"connect4\"\nwidth = 4\nheight = 3\n",
        "2",
    ),
];

#[test]
fn a_game_file_of_a_numbered_game_builds_the_same_table_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    for (i, (game, toml, position)) in TWINS.iter().enumerate() {
        let file = format!("twin{i}.toml");
        std::fs::write(dir.path().join(&file), format!("name = \"a twin\"\n{toml}")).unwrap();
        let built = ok(&["build", game, "--db", "game.db", "--json"], dir.path());
        let twin = ok(&["build", &file, "--db", "twin.db", "--json"], dir.path());
        let a = std::fs::read(dir.path().join("game.db")).unwrap();
        let b = std::fs::read(dir.path().join("twin.db")).unwrap();
        assert!(
            a == b,
            "{game}: the twin's table differs ({} and {} bytes)",
            a.len(),
            b.len()
        );
        let json = |s: &str| serde_json::from_str::<serde_json::Value>(s).unwrap();
        let (built, twin) = (json(&built), json(&twin));
        assert_eq!(built["checksum"], twin["checksum"], "{game}");
        assert_eq!(
            twin["numbered"], "indices",
            "{game}: numbered by the game, not enumerated"
        );
        // The twin resumes like the game (a finished table is answered at once) …
        let resumed = ok(
            &["build", &file, "--db", "twin.db", "--resume", "--json"],
            dir.path(),
        );
        assert_eq!(json(&resumed)["checksum"], built["checksum"], "{game}");
        // … and its table answers for the game and for the file alike.
        let by_game = ok(
            &["solve", game, "--db", "twin.db", position, "--json"],
            dir.path(),
        );
        let by_file = ok(
            &["solve", &file, "--db", "game.db", position, "--json"],
            dir.path(),
        );
        assert_eq!(json(&by_game)["outcome"], json(&by_file)["outcome"], "{game}");
        std::fs::remove_file(dir.path().join("game.db")).unwrap();
        std::fs::remove_file(dir.path().join("twin.db")).unwrap();
    }
}

#[test]
fn resume_and_merge_name_the_numbered_families_from_the_catalogue() {
    let dir = tempfile::tempdir().unwrap();
    let want = [
        "tictactoe",
        "connect4",
        "dodgem",
        "chase",
        "number their own positions",
    ];
    fails_with(
        &["build", "kayles", "--db", "k.db", "--start", "5", "--resume"],
        dir.path(),
        &want,
    );
    fails_with(&["merge", "nim", "--db", "n.db", "part"], dir.path(), &want);
}

#[test]
fn every_command_that_can_run_out_says_which_limit_and_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let memory = ["over the memory budget", "raise it with --max-memory"];
    let work = ["over the work budget", "raise it with --max-work"];
    let big = "connect4:width=5,height=4";
    for command in [
        vec!["solve", big, "start"],
        vec!["moves", big, "start"],
        vec!["explain", big, "start"],
        vec!["build", big, "--db", "c.db"],
    ] {
        let mut args = command.clone();
        args.extend(["--max-memory", "1M"]);
        fails_with(&args, dir.path(), &memory);
    }
    // Canonical values: their games and memos count against the same memory
    // (5x5: the games of 4x4 fit in 17 KB since comparisons are cached in a
    // table of fixed size).
    fails_with(
        &[
            "value",
            "domineering:rows=5,cols=5",
            "start",
            "--max-memory",
            "64K",
        ],
        dir.path(),
        &memory,
    );
    fails_with(
        &[
            "value",
            "domineering:rows=4,cols=4",
            "start",
            "--max-work",
            "1000",
        ],
        dir.path(),
        &work,
    );
    fails_with(
        &[
            "thermograph",
            "domineering:rows=5,cols=5",
            "start",
            "--out",
            "t.svg",
            "--max-memory",
            "64K",
        ],
        dir.path(),
        &memory,
    );
    // The calculator, with the same words.
    fails_with(
        &["calc", "{1|*2048} + {*2047|-1}", "--max-work", "1000"],
        dir.path(),
        &[
            "over the work budget",
            "the limit is 1,000 steps",
            "raise it with --max-work",
        ],
    );
    // Play asks the same solver: its first answer runs out the same way.
    fails_with(
        &["play", big, "start", "--first", "engine", "--max-memory", "1M"],
        dir.path(),
        &memory,
    );
    // Misère quotients: memory and work.
    fails_with(
        &["quotient", "kayles", "--max-heap", "40", "--max-work", "10000"],
        dir.path(),
        &work,
    );
    fails_with(
        &["quotient", "kayles", "--max-heap", "20", "--max-memory", "1M"],
        dir.path(),
        &memory,
    );
    // Scripts: time and memory of the interpreter.
    std::fs::write(
        dir.path().join("spin.luau"),
        "start = 1\nfunction moves(n) while true do end end\n",
    )
    .unwrap();
    fails_with(
        &["solve", "spin.luau", "start", "--script-timeout", "50"],
        dir.path(),
        &["over the script time budget", "--script-timeout"],
    );
}

#[test]
fn searches_run_within_max_positions_and_say_so() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("take.luau"),
        "start = 10\nfunction moves(n) local t = {} for k = 1, 3 do if k <= n then table.insert(t, n - k) end end return t end\n",
    )
    .unwrap();
    fails_with(
        &["solve", "take.luau", "100", "--max-positions", "10"],
        dir.path(),
        &[
            "over the position budget",
            "the limit is 10 positions",
            "raise it with --max-positions",
        ],
    );
    // Within a larger budget the same search answers.
    assert!(ok(
        &["solve", "take.luau", "100", "--max-positions", "1000"],
        dir.path()
    )
    .contains("remoteness:"));
    // Closed forms need no search budget.
    assert!(ok(&["solve", "nim", "3,4,5", "--max-positions", "1"], dir.path()).contains("nim-value:     2"));
}

#[test]
fn misere_sums_use_a_proved_quotient_and_say_when_it_could_not_answer() {
    let dir = tempfile::tempdir().unwrap();
    // Kayles' quotient is proved to heap 101 in well under a second: it answers.
    let out = ok(&["solve", "kayles", "101,3", "--misere"], dir.path());
    assert!(out.contains("the misère quotient of heaps up to 101"), "{out}");
    // Out of reach, the error says the quotient was tried and why it stopped.
    fails_with(
        &["solve", "grundy", "30,30,30", "--misere", "--max-work", "1000000"],
        dir.path(),
        &[
            "the misère quotient was tried",
            "over the work budget",
            "--max-positions",
        ],
    );
    fails_with(
        &["solve", "kayles", "2000,3", "--misere"],
        dir.path(),
        &[
            "no misère quotient is tried past heap 1000",
            "over the position budget",
        ],
    );
}

#[test]
fn pictures_say_what_they_wrote_in_json_too() {
    let dir = tempfile::tempdir().unwrap();
    let json = |s: &str| serde_json::from_str::<serde_json::Value>(s).unwrap();
    let plot = json(&ok(
        &[
            "plot", "kayles", "--kind", "sequence", "--to", "30", "--out", "k.svg", "--json",
        ],
        dir.path(),
    ));
    assert_eq!(plot["out"], "k.svg");
    assert_eq!(plot["format"], "SVG");
    let bytes = std::fs::metadata(dir.path().join("k.svg")).unwrap().len();
    assert_eq!(plot["bytes"], bytes);
    let t = json(&ok(
        &["thermograph", "--value", "{2|-1}", "--out", "t.svg", "--json"],
        dir.path(),
    ));
    assert_eq!(
        (t["mean"].as_str(), t["temperature"].as_str()),
        (Some("1/2"), Some("3/2"))
    );
}

#[test]
fn moves_of_a_big_nim_heap_come_from_the_closed_form() {
    // 9000 options, each a heap whose search alone is 10^7 moves: answered by
    // Bouton's rule (one heap: take it all, remoteness 1), not by 9000 searches.
    let dir = tempfile::tempdir().unwrap();
    let json = ok(&["moves", "nim", "9000", "--json"], dir.path());
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 9000);
    assert!(moves
        .iter()
        .all(|m| m["outcome"] == "win" && m["remoteness"] == 1 || m["position"] == "0"));
}
