//! `grundy period` and `grundy values --out/--resume`: known periods, the file formats,
//! interrupted and resumed runs, refusals.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common;

use common::{fails, ok};

fn period_json(args: &[&str]) -> Value {
    let mut all = vec!["period"];
    all.extend_from_slice(args);
    all.push("--json");
    serde_json::from_str(&ok(&all)).unwrap()
}

fn path_str(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// (heap, value) pairs of a text b-file.
fn read_text(p: &Path) -> Vec<(u64, u64)> {
    std::fs::read_to_string(p)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (n, v) = l.split_once(' ').unwrap();
            (n.parse().unwrap(), v.parse().unwrap())
        })
        .collect()
}

/// (game, first heap, values) of a .bin file.
fn read_bin(p: &Path) -> (String, u64, Vec<u64>) {
    let b = std::fs::read(p).unwrap();
    assert_eq!(&b[..8], b"GRUNDYNV");
    assert_eq!(u16::from_le_bytes([b[8], b[9]]), 1, "format version");
    let width = u16::from_le_bytes([b[10], b[11]]) as usize;
    let first = u64::from_le_bytes(b[12..20].try_into().unwrap());
    let len = u16::from_le_bytes([b[20], b[21]]) as usize;
    let game = String::from_utf8(b[22..22 + len].to_vec()).unwrap();
    let values = b[22 + len..]
        .chunks(width / 8)
        .map(|c| match c.len() {
            2 => u16::from_le_bytes([c[0], c[1]]) as u64,
            4 => u32::from_le_bytes(c.try_into().unwrap()) as u64,
            _ => panic!("bad width {width}"),
        })
        .collect();
    (game, first, values)
}

/// (heap, nimber) pairs from `values --format csv`.
fn read_csv(text: &str) -> Vec<(u64, u64)> {
    text.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[0].parse().unwrap(), f[2].parse().unwrap())
        })
        .collect()
}

#[test]
fn period_known_results() {
    let k = period_json(&["kayles"]);
    let keys: Vec<&str> = k.as_object().unwrap().keys().map(String::as_str).collect();
    for key in [
        "game",
        "preperiod",
        "period",
        "saltus",
        "checked_to",
        "proved",
        "rule",
    ] {
        assert!(keys.contains(&key), "missing key {key} in {k}");
    }
    assert_eq!(
        (k["preperiod"].as_u64(), k["period"].as_u64()),
        (Some(71), Some(12))
    );
    assert_eq!(k["saltus"], 0);
    assert_eq!(k["proved"], true);
    assert_eq!(k["game"], "octal:0.77");
    // Guy–Smith for a code with two-heap moves: 2e + p + t, plus one period to check.
    assert_eq!(k["checked_to"], 2 * 71 + 12 + 2 + 12);

    // Dawson's Kayles: period 34; the engine counts the preperiod as 53 in the 0.07
    // convention (heap n of 0.07 is a row of n - 1 pawns of Dawson's chess, 0.137: 52).
    for g in ["dawson", "octal:0.07", ".07"] {
        let d = period_json(&[g]);
        assert_eq!(
            (d["preperiod"].as_u64(), d["period"].as_u64()),
            (Some(53), Some(34)),
            "{g}"
        );
        assert_eq!(d["game"], "octal:0.07");
    }
    let c = period_json(&["octal:0.137"]);
    assert_eq!(
        (c["preperiod"].as_u64(), c["period"].as_u64()),
        (Some(52), Some(34))
    );

    let s = period_json(&["subtraction:1,3,4"]);
    assert_eq!(
        (s["preperiod"].as_u64(), s["period"].as_u64()),
        (Some(0), Some(7))
    );
    assert_eq!(s["proved"], true);
    assert!(s["rule"].as_str().unwrap().contains("window"), "{s}");

    let a = period_json(&["allbut:1,2"]);
    assert_eq!(a["proved"], true);
    assert_eq!(a["game"], "allbut:1,2");
    assert_eq!((a["period"].as_u64(), a["saltus"].as_u64()), (Some(3), Some(1)));
    assert!(a["rule"].as_str().unwrap().contains("G(n + 3) = G(n) + 1"), "{a}");

    // No periodicity theorem for Grundy's game: never proved.
    let g = period_json(&["grundy", "--max", "2000"]);
    assert_eq!(g["proved"], false);
    assert!(g["preperiod"].is_null() && g["period"].is_null() && g["saltus"].is_null());
    assert_eq!(g["checked_to"], 2000);
}

#[test]
fn period_text_output() {
    let out = ok(&["period", "kayles"]);
    for want in [
        "preperiod:   71",
        "period:      12",
        "saltus:      0",
        "proved:      yes",
        "Guy–Smith",
    ] {
        assert!(out.contains(want), "{want:?} not in\n{out}");
    }
    let out = ok(&["period", "grundy", "--max", "1000"]);
    assert!(out.contains("proved:      no"), "{out}");
    assert!(out.contains("1000 values computed"), "{out}");
    // Too few values for the proof: not proved, but the apparent period is reported.
    let k = period_json(&["kayles", "--max", "150"]);
    assert_eq!(k["proved"], false);
    assert_eq!(k["checked_to"], 150);
}

#[test]
#[ignore = "half a million values; run with --ignored (fast in release)"]
fn period_of_0_16() {
    let p = period_json(&["octal:0.16"]);
    assert_eq!(p["proved"], true);
    assert_eq!(
        (p["preperiod"].as_u64(), p["period"].as_u64()),
        (Some(105_351), Some(149_459))
    );
}

#[test]
fn values_out_text_bin_and_csv_agree() {
    let dir = tempfile::tempdir().unwrap();
    for (game, canonical, to) in [
        ("kayles", "octal:0.77", 1500u64),
        ("grundy", "grundy", 1500),
        ("subtraction:1,3,4", "subtraction:1,3,4", 300),
        ("allbut:1,2", "allbut:1,2", 300),
    ] {
        let txt = dir.path().join("v.txt");
        let bin = dir.path().join("v.bin");
        let to_s = to.to_string();
        let said = ok(&["values", game, "--to", &to_s, "--out", path_str(&txt)]);
        assert!(said.contains(&format!("{} values", to + 1)), "{said}");
        ok(&["values", game, "--to", &to_s, "--out", path_str(&bin)]);
        let csv = read_csv(&ok(&["values", game, "--to", &to_s, "--format", "csv"]));
        let text = read_text(&txt);
        let (name, first, values) = read_bin(&bin);
        assert_eq!((name.as_str(), first), (canonical, 0));
        assert_eq!(text.len() as u64, to + 1, "{game}");
        assert_eq!(text, csv, "{game}: text b-file vs csv");
        let from_bin: Vec<(u64, u64)> = values
            .into_iter()
            .enumerate()
            .map(|(i, v)| (i as u64, v))
            .collect();
        assert_eq!(from_bin, text, "{game}: bin vs text");
        // Nothing left behind.
        assert!(!dir.path().join("v.txt.part").exists() && !dir.path().join("v.txt.ckpt").exists());
        assert!(!dir.path().join("v.bin.part").exists() && !dir.path().join("v.bin.ckpt").exists());

        // --from: the same values from heap 100 on.
        let part = dir.path().join("from.bin");
        ok(&[
            "values",
            game,
            "--from",
            "100",
            "--to",
            &to_s,
            "--out",
            path_str(&part),
        ]);
        let (_, first, values) = read_bin(&part);
        assert_eq!(first, 100);
        let want: Vec<u64> = text[100..].iter().map(|&(_, v)| v).collect();
        assert_eq!(values, want, "{game} --from 100");
    }
}

/// Starts `values` in the background and kills it once its checkpoint records some
/// values (or after a timeout). Returns the checkpointed count.
fn start_and_kill(args: &[&str], ckpt: &Path, signal: &str) -> u64 {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let count = |p: &Path| -> u64 {
        std::fs::read_to_string(p)
            .ok()
            .and_then(|t| t.lines().find_map(|l| l.strip_prefix("count=")?.parse().ok()))
            .unwrap_or(0)
    };
    while count(ckpt) < 2 && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(300));
    if signal == "KILL" {
        child.kill().unwrap();
    } else {
        let pid = child.id().to_string();
        assert!(Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .unwrap()
            .success());
    }
    let out = child.wait_with_output().unwrap();
    assert!(
        !out.status.success(),
        "the run finished before it was interrupted"
    );
    if signal == "INT" {
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("interrupted after") && err.contains("--resume"),
            "{err}"
        );
        assert_eq!(out.status.code(), Some(2));
    }
    let n = count(ckpt);
    assert!(n >= 2, "no checkpoint within a minute");
    n
}

#[test]
fn killed_run_resumes_to_the_same_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.bin");
    let ckpt = dir.path().join("g.bin.ckpt");
    let part = dir.path().join("g.bin.part");
    let n = start_and_kill(
        &["values", "grundy", "--to", "3000000", "--out", path_str(&file)],
        &ckpt,
        "KILL",
    );
    assert!(part.exists() && !file.exists());
    // Finish at a smaller --to (any --to at or past the checkpoint), to keep the test fast.
    let to = (n + 20_000).to_string();
    let said = ok(&[
        "values",
        "grundy",
        "--to",
        &to,
        "--out",
        path_str(&file),
        "--resume",
    ]);
    assert!(said.contains("from the checkpoint"), "{said}");
    assert!(file.exists() && !part.exists() && !ckpt.exists());
    let fresh = dir.path().join("fresh.bin");
    ok(&["values", "grundy", "--to", &to, "--out", path_str(&fresh)]);
    assert_eq!(std::fs::read(&file).unwrap(), std::fs::read(&fresh).unwrap());
}

#[test]
fn interrupted_text_run_with_from_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.txt");
    let ckpt = dir.path().join("g.txt.ckpt");
    let n = start_and_kill(
        &[
            "values",
            "grundy",
            "--from",
            "50",
            "--to",
            "3000000",
            "--out",
            path_str(&file),
        ],
        &ckpt,
        "INT",
    );
    let to = (50 + n + 10_000).to_string();
    // The same game and first heap are required.
    let e = fails(&[
        "values",
        "grundy",
        "--to",
        &to,
        "--out",
        path_str(&file),
        "--resume",
    ]);
    assert!(e.contains("--from 50"), "{e}");
    // Garbage after the checkpointed length (a half-written chunk) is dropped.
    let part = dir.path().join("g.txt.part");
    let mut data = std::fs::read(&part).unwrap();
    data.extend_from_slice(b"999999 12\n12345");
    std::fs::write(&part, data).unwrap();
    ok(&[
        "values",
        "grundy",
        "--from",
        "50",
        "--to",
        &to,
        "--out",
        path_str(&file),
        "--resume",
    ]);
    let fresh = dir.path().join("fresh.txt");
    ok(&[
        "values",
        "grundy",
        "--from",
        "50",
        "--to",
        &to,
        "--out",
        path_str(&fresh),
    ]);
    assert_eq!(std::fs::read(&file).unwrap(), std::fs::read(&fresh).unwrap());
}

/// A checkpoint left by a run of `game` to 5000 values at `file` (made by finishing a
/// run, then putting its files back as an interrupted run would leave them).
fn leftover_checkpoint(dir: &Path, file: &Path, game: &str, canonical: &str) -> PathBuf {
    let part = dir.join(format!("{}.part", file.file_name().unwrap().to_str().unwrap()));
    let ckpt = dir.join(format!("{}.ckpt", file.file_name().unwrap().to_str().unwrap()));
    ok(&["values", game, "--to", "4999", "--out", path_str(file)]);
    let data = std::fs::read(file).unwrap();
    let bytes = data.len();
    let sum = grundy_retro::table::checksum(&data);
    std::fs::rename(file, &part).unwrap();
    std::fs::write(
        &ckpt,
        format!(
            "grundy values checkpoint v2\ngame={canonical}\nformat=bin\nwidth=16\nfirst=0\ncount=5000\nbytes={bytes}\nsum={sum:016x}\n"
        ),
    )
    .unwrap();
    ckpt
}

#[test]
fn resume_refusals_and_damage() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.bin");
    let f = path_str(&file);
    // Nothing to resume.
    let e = fails(&["values", "kayles", "--to", "100", "--out", f, "--resume"]);
    assert!(e.contains("nothing to resume"), "{e}");

    let ckpt = leftover_checkpoint(dir.path(), &file, "kayles", "octal:0.77");
    // A checkpoint exists: a fresh run must not clobber it.
    let e = fails(&["values", "kayles", "--to", "6000", "--out", f]);
    assert!(e.contains("--resume"), "{e}");
    // Another game is refused; another spelling of the same game is not.
    let e = fails(&["values", "dawson", "--to", "6000", "--out", f, "--resume"]);
    assert!(e.contains("octal:0.77") && e.contains("not octal:0.07"), "{e}");
    // --to before what the checkpoint already has.
    let e = fails(&["values", "kayles", "--to", "1000", "--out", f, "--resume"]);
    assert!(e.contains("past --to"), "{e}");
    // A stored value changed since the checkpoint: the checksum refuses it.
    let part = dir.path().join("k.bin.part");
    let mut data = std::fs::read(&part).unwrap();
    let last = data.len() - 2;
    data[last] ^= 1;
    std::fs::write(&part, &data).unwrap();
    let e = fails(&["values", "octal:0.77", "--to", "6000", "--out", f, "--resume"]);
    assert!(e.contains("checksum"), "{e}");
    data[last] ^= 1;
    // A part file shorter than the checkpoint says: damaged, not silently accepted.
    std::fs::write(&part, &data[..data.len() - 100]).unwrap();
    let e = fails(&["values", "kayles", "--to", "6000", "--out", f, "--resume"]);
    assert!(e.contains("damaged"), "{e}");
    std::fs::write(&part, &data).unwrap();
    ok(&["values", "octal:0.77", "--to", "6000", "--out", f, "--resume"]);
    assert!(!ckpt.exists());
    let fresh = dir.path().join("fresh.bin");
    ok(&["values", "kayles", "--to", "6000", "--out", path_str(&fresh)]);
    assert_eq!(std::fs::read(&file).unwrap(), std::fs::read(&fresh).unwrap());
}

#[test]
fn bad_inputs_are_one_line_and_exit_2() {
    for g in ["euclid", "wythoff", "digits:turns=3"] {
        let e = fails(&["period", g]);
        assert!(e.contains("has no nim-sequence period"), "{e}");
    }
    assert!(fails(&["period", "octal:0.18"]).contains("invalid octal digit '8'"));
    assert!(fails(&["period", "hex:0.G"]).contains("invalid hexadecimal digit"));
    assert!(fails(&["period", "subtraction:0"]).contains("subtraction"));
    assert!(fails(&["period", "allbut:x"]).contains("'x'"));
    assert!(fails(&["period", "kaylse"]).contains("kaylse"));
    fails(&["period", "kayles", "--max", "0"]);

    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("x.txt");
    let f = path_str(&f);
    assert!(fails(&["values", "wythoff", "--to", "10", "--out", f]).contains("--out works for heap games"));
    assert!(fails(&["values", "kayles", "--to", "10", "--out", f, "--format", "csv"]).contains("--format"));
    assert!(fails(&["values", "kayles", "--to", "10", "--resume"]).contains("--out"));
    assert!(fails(&["values", "kayles", "--from", "11", "--to", "10", "--out", f]).contains("--from"));
    let nowhere = dir.path().join("no/such/dir/x.bin");
    fails(&["values", "kayles", "--to", "10", "--out", path_str(&nowhere)]);
}

/// A file under the repository's `examples/games`.
fn example(name: &str) -> String {
    format!("{}/../../examples/games/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn game_files_of_heap_games_have_the_same_sequence_as_their_builtin_twins() {
    let kayles = example("kayles.toml");
    // period: the same JSON as the built-in game (the canonical name comes from the
    // rules, so even the game name agrees).
    let file = period_json(&[&kayles]);
    let builtin = period_json(&["kayles"]);
    let strip = |mut v: Value| {
        v.as_object_mut().unwrap().remove("game");
        v
    };
    assert_eq!(file["game"], "octal:0.77");
    assert_eq!(strip(file), strip(builtin));
    // values: the same table.
    assert_eq!(
        ok(&["values", &kayles, "--to", "200"]),
        ok(&["values", "kayles", "--to", "200"])
    );
    // values --out: the same file, and the same checkpoint name as the built-in game.
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.bin");
    let b = dir.path().join("b.bin");
    ok(&["values", &kayles, "--to", "3000", "--out", path_str(&a)]);
    ok(&["values", "kayles", "--to", "3000", "--out", path_str(&b)]);
    let (game, first, values) = read_bin(&a);
    assert_eq!((game.as_str(), first), ("octal:0.77", 0));
    assert_eq!((game, first, values), read_bin(&b));
    // The split game from a file: values --out works as for `split`.
    let split = example("split.toml");
    let c = dir.path().join("c.txt");
    let d = dir.path().join("d.txt");
    ok(&["values", &split, "--to", "300", "--out", path_str(&c)]);
    ok(&["values", "split", "--to", "300", "--out", path_str(&d)]);
    assert_eq!(read_text(&c), read_text(&d));
    assert_eq!(period_json(&[&split, "--max", "500"])["game"], "split");
}

#[test]
fn periods_of_lasker_and_spellings_of_one_game() {
    // Lasker's Nim: its known arithmetic period, through the seam.
    let l = period_json(&["lasker"]);
    assert_eq!(l["proved"], true);
    assert_eq!(
        (
            l["preperiod"].as_u64(),
            l["period"].as_u64(),
            l["saltus"].as_u64()
        ),
        (Some(1), Some(4), Some(4))
    );
    assert_eq!(l["game"], "octal:4.(3)");
    // The same game written as a code is the same game.
    assert_eq!(period_json(&["octal:4.(3)"])["period"], 4);
    // Nim is arithmetic periodic, G(n) = n, by a theorem (it once had no
    // nim-sequence to find a period in).
    let nim = period_json(&["nim"]);
    assert_eq!(nim["proved"], true, "{nim}");
    let shape = ["preperiod", "period", "saltus"].map(|k| nim[k].as_u64());
    assert_eq!(shape, [Some(0), Some(1), Some(1)], "{nim}");
    assert!(nim["rule"].as_str().unwrap().contains("theorem"), "{nim}");
    let table = read_csv(&ok(&["values", "nim", "--to", "100", "--format", "csv"]));
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("nim.txt");
    ok(&["values", "nim", "--to", "100", "--out", path_str(&f)]);
    assert_eq!(read_text(&f), table);
    // A tail code that no theorem covers: the arithmetic period its values show,
    // saltus and all, as apparent, never proved (its values once ran past the
    // engine's 16 bits: an error).
    for (code, saltus) in [("octal:0.(7)", 1), ("octal:4.(7)", 2)] {
        let t = period_json(&[code]);
        assert_eq!(
            (&t["proved"], &t["saltus"]),
            (&Value::Bool(false), &Value::Null),
            "{t}"
        );
        assert_eq!(t["apparent"]["period"], 1, "{t}");
        let rule = t["rule"].as_str().unwrap();
        assert!(
            rule.contains(&format!("saltus {saltus};")) && rule.contains("not proved"),
            "{t}"
        );
    }
    // All-but games written as codes are named as all-but games.
    assert_eq!(period_json(&["octal:0.00(3)"])["game"], "allbut:1,2");
    // The engine's own spellings still work.
    assert_eq!(period_json(&["S(4,1,3)"])["game"], "subtraction:1,3,4");
    // A proof needing more values than --max is not claimed.
    let a = period_json(&["allbut:1,2", "--max", "3"]);
    assert_eq!(a["proved"], false);
    // Games with growing values stream 32-bit values from their period.
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("l.txt");
    ok(&["values", "lasker", "--to", "100", "--out", path_str(&f)]);
    let table = read_csv(&ok(&["values", "lasker", "--to", "100", "--format", "csv"]));
    assert_eq!(read_text(&f), table);
    // Games without a sequence: one line naming the families that have one.
    let e = fails(&["period", &example("euclid.toml")]);
    assert!(
        e.contains("has no nim-sequence period") && e.contains("lasker"),
        "{e}"
    );
}

#[test]
fn split_values_need_no_out_file() {
    // Only the bounds every heap game shares apply (no private split cap).
    let out = ok(&[
        "values", "split", "--from", "100000", "--to", "100010", "--format", "csv",
    ]);
    let rows = read_csv(&out);
    assert_eq!(rows.len(), 11);
    assert_eq!(rows[0].0, 100_000);
}

#[test]
fn tail_codes_are_refused_by_the_option_count_not_hung() {
    let e = fails(&["moves", "octal:0.(3)", "1000000000000"]);
    assert!(e.contains("too many to list"), "{e}");
}
