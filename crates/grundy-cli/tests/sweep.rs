//! A random sweep of malformed and extreme command lines, from a fixed seed: every
//! subcommand, every family of the catalogue (and the example game files), extreme
//! numbers, bad positions and bad flags. Each run of the built binary must end with
//! exit status 0 or 2, with one line starting `error: ` on stderr when 2 and no panic,
//! within 10 s of CPU time (`ulimit -t`; a child still running after 120 s of wall
//! time is killed too) and 1 GB of address space (`ulimit -v`). Children run two
//! at a time.
//!
//! `cargo test` runs 1000 command lines; `GRUNDY_SWEEP=10000` runs 10^4 (minutes),
//! and `GRUNDY_SWEEP_SEED` changes the seed.
//!
//! Heaps of 10^4 to 10^7 are not drawn: nim-sequences that far are long legal runs
//! (`solve split 100000` takes seconds, `values split --to 1000000` minutes), shown
//! with progress on a terminal and stopped with Ctrl-C, not refused.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// CPU seconds a run may take (`ulimit -t`: the kernel stops it past them), so that
/// the limit holds however loaded the machine is.
const CPU_SECONDS: u64 = 10;
/// Wall time after which a run is killed anyway (one that sleeps, or a machine
/// so loaded that 10 s of CPU take minutes).
const TIME_LIMIT: Duration = Duration::from_secs(120);
/// 1 GiB of address space, in KiB for `ulimit -v`.
const MEMORY_KIB: u64 = 1 << 20;

/// xorshift64*: a fixed seed gives the same command lines everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// Numbers a user or an attacker may type (none from 10^4 to 10^7: see above).
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "7",
    "9",
    "12",
    "40",
    "255",
    "999",
    "-1",
    "-9223372036854775808",
    "100000000",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211457",
    "1e9",
    "0x10",
    "1.5",
    "NaN",
    "",
    "٣",
    "00000000000000000000000000000000000000003",
];

/// Position and flag texts that are wrong in other ways.
const JUNK: &[&str] = &[
    "",
    " ",
    ",",
    ",,,",
    "start",
    "x",
    "xxxooo...",
    "xxx/ooo/...",
    "b../b../.rr:b",
    "T.F",
    "TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTF",
    "..|..",
    "#",
    "|||",
    "{1|-1}",
    "{*100|*200} + {*300|*64}",
    "{^|v} + *2048",
    "((((((((((((((((((((((((((((((((((((((((1",
    "-",
    "--",
    "L:3",
    "\u{1b}[2J",
    "é",
    "1;2",
    "[1,2]",
    "4453",
    "44444444",
    "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30",
];

const FLAGS: &[&str] = &[
    "--json",
    "--misere",
    "--bogus",
    "--max-memory",
    "--max-memory=1",
    "--max-memory=0",
    "--max-memory=64M",
    "--max-memory=99999999999T",
    "--to",
    "--from",
    "--unicode",
    "--all",
    "--depth=99999999999",
    "--first=left",
    "--first=nobody",
    "-h",
];

/// Every family's example (GAME, POSITION), and the example game files.
fn games() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = grundy_rules::catalogue()
        .families()
        .filter_map(|f| f.example)
        .map(|(g, p)| (g.to_string(), p.to_string()))
        .collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/games");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for f in files {
        out.push((f.to_string_lossy().into_owned(), "start".to_string()));
    }
    out
}

/// Replace some digit runs of `text` with extreme numbers, or the whole of it.
fn mutate(rng: &mut Rng, text: &str) -> String {
    match rng.below(6) {
        0 => text.to_string(),
        1 => rng.pick(JUNK).to_string(),
        2 => rng.pick(NUMBERS).to_string(),
        _ => {
            let mut out = String::new();
            let mut chars = text.chars().peekable();
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() {
                    while chars.peek().is_some_and(|c| c.is_ascii_digit()) {
                        chars.next();
                    }
                    if rng.chance(50) {
                        out.push_str(rng.pick(NUMBERS));
                    } else {
                        out.push(c);
                    }
                } else if rng.chance(3) {
                    out.push_str(rng.pick(&[",", "|", ".", "x", ":", "-", "=", " "]));
                } else {
                    out.push(c);
                }
            }
            out
        }
    }
}

/// One random command line; output files go under `dir`.
fn command_line(rng: &mut Rng, games: &[(String, String)], dir: &Path, k: usize) -> Vec<String> {
    let (game, position) = games[rng.below(games.len())].clone();
    let game = if rng.chance(30) { mutate(rng, &game) } else { game };
    let position = if rng.chance(70) {
        mutate(rng, &position)
    } else {
        position
    };
    let n = rng.pick(NUMBERS).to_string();
    let out = |ext: &str| dir.join(format!("out{k}.{ext}")).to_string_lossy().into_owned();
    let mut args: Vec<String> = match rng.below(14) {
        0 | 1 => vec!["solve".into(), game, position],
        2 => vec!["moves".into(), game, position],
        3 => vec!["values".into(), game, "--to".into(), n],
        4 => vec!["period".into(), game, "--max".into(), n],
        5 => vec!["quotient".into(), game, "--max-heap".into(), n],
        6 => vec!["explain".into(), game, position],
        7 => vec!["value".into(), game, position],
        8 => {
            let e = if rng.chance(50) {
                format!("{game}({position}) + {}", rng.pick(JUNK))
            } else {
                format!("{} + {} - *{n}", rng.pick(JUNK), rng.pick(JUNK))
            };
            vec!["calc".into(), e]
        }
        9 => vec![
            "plot".into(),
            game,
            "--out".into(),
            out(rng.pick(&["svg", "png", "txt"])),
        ],
        10 => vec!["thermograph".into(), game, position, "--out".into(), out("svg")],
        11 => vec![
            "build".into(),
            game,
            "--db".into(),
            out("db"),
            "--max-memory".into(),
            "64M".into(),
        ],
        12 => vec!["play".into(), game],
        _ => vec![rng
            .pick(&["", "solve", "bogus", "help", "man", "completions"])
            .to_string()],
    };
    while rng.chance(30) {
        args.push(rng.pick(FLAGS).to_string());
        if rng.chance(30) {
            args.push(rng.pick(NUMBERS).to_string());
        }
    }
    if rng.chance(10) && args.len() > 1 {
        // Drop an argument: missing operands.
        let i = 1 + rng.below(args.len() - 1);
        args.remove(i);
    }
    args
}

/// How one run ended: its exit code (None when killed) and its time.
struct Ran {
    code: Option<i32>,
    time: Duration,
    problem: Option<String>,
}

/// Runs the binary with `args` and says what went wrong, if anything.
fn run(args: &[String]) -> Ran {
    let (code, time, problem) = run_inner(args);
    Ran { code, time, problem }
}

fn run_inner(args: &[String]) -> (Option<i32>, Duration, Option<String>) {
    let bin = env!("CARGO_BIN_EXE_grundy");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {MEMORY_KIB}; ulimit -t {CPU_SECONDS}; exec \"$0\" \"$@\""
        ))
        .arg(bin)
        .args(args)
        .env("RAYON_NUM_THREADS", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stderr.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if start.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let time = start.elapsed();
    let err = String::from_utf8_lossy(&reader.join().unwrap()).into_owned();
    let Some(status) = status else {
        return (None, time, Some(format!("ran over {TIME_LIMIT:?}")));
    };
    let problem = match status.code() {
        Some(0) if !err.contains("panicked") => None,
        Some(2) => {
            let line = err.trim_end();
            if err.contains("panicked") || line.lines().count() != 1 || !line.starts_with("error: ") {
                Some(format!("exit 2 without one error line: {err:?}"))
            } else {
                None
            }
        }
        None => {
            use std::os::unix::process::ExitStatusExt;
            let why = match status.signal() {
                // SIGXCPU, or SIGKILL at the hard limit (`ulimit -t` sets both).
                Some(24) => format!("over {CPU_SECONDS} s of CPU (SIGXCPU)"),
                Some(9) => format!("killed (over {CPU_SECONDS} s of CPU, or the wall-time limit)"),
                Some(s) => format!("killed by signal {s}"),
                None => "no exit code".to_string(),
            };
            Some(format!("{why}: {}", err.trim_end()))
        }
        code => Some(format!("exit {code:?}: {}", err.trim_end())),
    };
    (status.code(), time, problem)
}

#[test]
fn random_command_lines_end_cleanly() {
    let count: usize = std::env::var("GRUNDY_SWEEP")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let seed: u64 = std::env::var("GRUNDY_SWEEP_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x9E37_79B9_7F4A_7C15);
    let dir = std::env::temp_dir().join(format!("grundy-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = games();
    let mut rng = Rng(seed);
    let lines: Vec<Vec<String>> = (0..count)
        .map(|k| command_line(&mut rng, &games, &dir, k))
        .collect();
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    // Exits 0, exits 2, the slowest run and its command line.
    let stats = Mutex::new((0usize, 0usize, Duration::ZERO, String::new()));
    let started = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(args) = lines.get(i) else { break };
                let ran = run(args);
                if let Some(why) = ran.problem {
                    failures.lock().unwrap().push(format!("grundy {args:?}: {why}"));
                }
                let mut st = stats.lock().unwrap();
                st.0 += usize::from(ran.code == Some(0));
                st.1 += usize::from(ran.code == Some(2));
                if ran.time > st.2 {
                    st.2 = ran.time;
                    st.3 = args.join(" ");
                }
                drop(st);
                // Outputs are not kept: the disk is shared.
                for ext in ["svg", "png", "txt", "db"] {
                    let _ = std::fs::remove_file(dir.join(format!("out{i}.{ext}")));
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&dir);
    let failures = failures.into_inner().unwrap();
    let (ok, refused, slowest, slowest_line) = stats.into_inner().unwrap();
    eprintln!(
        "sweep: {count} command lines in {:.1} s: {ok} exit 0, {refused} exit 2, {} failures; slowest {:.2} s (grundy {slowest_line})",
        started.elapsed().as_secs_f64(),
        failures.len(),
        slowest.as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} of {count} runs failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
