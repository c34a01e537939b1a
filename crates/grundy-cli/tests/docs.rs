//! The documentation is tested: every command shown in README.md and docs/*.md runs
//! here, and its output must be the one printed under it.
//!
//! Commands are written in fenced `console` blocks:
//!
//! ````text
//! ```console
//! $ grundy solve nim 3,4,5
//! outcome:   win for the player to move
//! ...
//! ```
//! ````
//!
//! A line starting with `$ ` is a command, run by `sh -c` with the test-built `grundy`
//! first on PATH, in a fresh temporary directory (one for each block, so the commands of
//! a block see each other's files) that holds a link to the repository's `examples/`.
//! The lines under it, up to the next command, are its expected stdout: a line `...`
//! stands for any number of lines, a line ending in `...` for any line that starts
//! with what comes before it (for times), and trailing spaces do not count. The command must
//! exit with status 0, unless the output ends with a line `[exit N]`; then stdout
//! followed by stderr must match. A block whose info string is `console skip: REASON`
//! is not run (the test prints the reason): it is for the few commands that take
//! minutes or need several processes at once.
//!
//! Every other fenced block must not show a `grundy` command (so that none escapes
//! the test), the README must not point outside the repository, and relative links
//! must name files that exist.
//!
//! The second test checks the family tables of the guide against the catalogue.

use std::collections::BTreeSet;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// README.md and every page of docs/, with their text.
fn pages() -> Vec<(String, String)> {
    let root = root();
    let mut names = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ exists")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    names.extend(docs);
    names
        .into_iter()
        .map(|n| {
            let text = std::fs::read_to_string(root.join(&n)).unwrap_or_else(|e| panic!("{n}: {e}"));
            (n, text)
        })
        .collect()
}

/// One fenced block: its page, the line of its opening fence, its info string and lines.
struct Block {
    page: String,
    line: usize,
    info: String,
    lines: Vec<String>,
}

fn blocks(page: &str, text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match open.take() {
            None => {
                if let Some(info) = trimmed.strip_prefix("```") {
                    open = Some(Block {
                        page: page.to_string(),
                        line: i + 1,
                        info: info.trim().to_string(),
                        lines: Vec::new(),
                    });
                }
            }
            Some(mut b) => {
                if trimmed == "```" {
                    out.push(b);
                } else {
                    b.lines.push(line.to_string());
                    open = Some(b);
                }
            }
        }
    }
    assert!(open.is_none(), "{page}: a code block is not closed");
    out
}

/// One command of a console block and what it must print.
struct Case {
    line: usize,
    command: String,
    expected: Vec<String>,
    status: i32,
}

fn cases(b: &Block) -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    for (i, line) in b.lines.iter().enumerate() {
        if let Some(cmd) = line.strip_prefix("$ ") {
            out.push(Case {
                line: b.line + 1 + i,
                command: cmd.to_string(),
                expected: Vec::new(),
                status: 0,
            });
        } else {
            let case = out
                .last_mut()
                .unwrap_or_else(|| panic!("{}:{}: output before any `$ ` command", b.page, b.line + 1 + i));
            case.expected.push(line.trim_end().to_string());
        }
    }
    for case in &mut out {
        while case.expected.last().is_some_and(|l| l.is_empty()) {
            case.expected.pop();
        }
        if let Some(code) = case
            .expected
            .last()
            .and_then(|l| l.strip_prefix("[exit ")?.strip_suffix(']')?.parse().ok())
        {
            case.status = code;
            case.expected.pop();
        }
    }
    out
}

/// Whether the actual lines match the expected ones, where `...` matches any lines.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((e, rest)) if e == "..." => (0..=actual.len()).any(|k| matches(rest, &actual[k..])),
        Some((e, rest)) => actual.split_first().is_some_and(|(a, more)| {
            let a = a.trim_end();
            let same = match e.strip_suffix("...") {
                Some(prefix) => a.starts_with(prefix),
                None => a == e,
            };
            same && matches(rest, more)
        }),
    }
}

/// Run one command in `dir`, stopped after `limit`: (status, stdout, stderr).
fn run(command: &str, dir: &Path, limit: Duration) -> (Option<i32>, String, String) {
    let bin = Path::new(env!("CARGO_BIN_EXE_grundy"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .env_remove("GRUNDY_LUA_MEMORY")
        .env_remove("GRUNDY_LUA_TIMEOUT_MS")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        stdout.read_to_string(&mut s).ok();
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        stderr.read_to_string(&mut s).ok();
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code();
        }
        if start.elapsed() > limit {
            child.kill().ok();
            child.wait().ok();
            break None;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    (status, out.join().unwrap(), err.join().unwrap())
}

/// A temporary directory with `examples/` linked in.
fn workdir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(root().join("examples"), dir.path().join("examples")).unwrap();
    dir
}

#[test]
fn every_command_in_the_docs_prints_what_the_docs_say() {
    let mut failures = Vec::new();
    let mut skipped = Vec::new();
    let mut ran = 0;
    for (page, text) in pages() {
        for block in blocks(&page, &text) {
            let language = block.info.split_whitespace().next().unwrap_or("");
            if language != "console" {
                for (i, line) in block.lines.iter().enumerate() {
                    let l = line.trim_start();
                    if l.starts_with("grundy ") || l.starts_with("$ ") {
                        failures.push(format!(
                            "{page}:{}: a command outside a console block, which nothing checks: {l}",
                            block.line + 1 + i
                        ));
                    }
                }
                continue;
            }
            let cases = cases(&block);
            if let Some(reason) = block.info.strip_prefix("console skip:") {
                for case in &cases {
                    skipped.push(format!(
                        "{page}:{}: {} ({})",
                        case.line,
                        case.command,
                        reason.trim()
                    ));
                }
                continue;
            }
            assert!(
                block.info == "console",
                "{page}:{}: unknown info string {:?}",
                block.line,
                block.info
            );
            let dir = workdir();
            for case in cases {
                ran += 1;
                let started = Instant::now();
                let (status, stdout, stderr) = run(&case.command, dir.path(), Duration::from_secs(60));
                let took = started.elapsed();
                if took > Duration::from_secs(10) {
                    eprintln!("slow: {page}:{}: {} took {took:.1?}", case.line, case.command);
                }
                let mut actual = stdout.clone();
                if case.status != 0 {
                    actual.push_str(&stderr);
                }
                let mut lines: Vec<&str> = actual.lines().collect();
                while lines.last().is_some_and(|l| l.trim().is_empty()) {
                    lines.pop();
                }
                let where_ = format!("{page}:{}: $ {}", case.line, case.command);
                if status != Some(case.status) {
                    failures.push(format!(
                        "{where_}\n  exit status {status:?}, the doc says {}\n  stderr: {stderr}",
                        case.status
                    ));
                } else if !matches(&case.expected, &lines) {
                    failures.push(format!(
                        "{where_}\n--- the doc says:\n{}\n--- it prints:\n{}",
                        case.expected.join("\n"),
                        lines.join("\n")
                    ));
                }
            }
        }
    }
    for s in &skipped {
        eprintln!("skipped: {s}");
    }
    eprintln!("{ran} commands run, {} skipped", skipped.len());
    assert!(ran > 0, "no console blocks found");
    assert!(
        failures.is_empty(),
        "{} failures:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn links_stay_inside_the_repository_and_name_files_that_exist() {
    let root = root();
    let mut failures = Vec::new();
    for (page, text) in pages() {
        if text.contains("../shared/") {
            failures.push(format!("{page}: points into ../shared/"));
        }
        let dir = root.join(&page).parent().unwrap().to_path_buf();
        // Markdown links `](target)`.
        for (i, _) in text.match_indices("](") {
            let rest = &text[i + 2..];
            let Some(end) = rest.find(')') else { continue };
            let target = &rest[..end];
            if target.contains("://") || target.starts_with('#') || target.starts_with("mailto:") {
                continue;
            }
            let file = target.split('#').next().unwrap();
            if !dir.join(file).exists() {
                failures.push(format!("{page}: the link {target} names no file"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The family names in the first column of the table after `marker` in `page`: each
/// backquoted name up to its `:` or `[` (`octal:CODE` is `octal`).
fn table_families(page: &str, marker: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(page)).unwrap();
    let start = text
        .find(marker)
        .unwrap_or_else(|| panic!("{page}: no line {marker:?} before the family table"));
    let mut names = Vec::new();
    let rows = text[start..]
        .lines()
        .skip(1)
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2); // the header and the rule under it
    for row in rows {
        let first = row.trim_start_matches('|').split(" |").next().unwrap();
        let mut in_row = BTreeSet::new();
        for (k, span) in first.split('`').enumerate() {
            // `dodgem:3`, `dodgem:4` is one entry.
            let name = span.split([':', '[']).next().unwrap().trim();
            if k % 2 == 1 && in_row.insert(name) {
                names.push(name.to_string());
            }
        }
    }
    assert!(!names.is_empty(), "{page}: the table after {marker:?} is empty");
    names
}

fn compare_with_catalogue(page: &str, marker: &str, failures: &mut Vec<String>) {
    let catalogue: BTreeSet<String> = grundy_rules::catalogue()
        .names()
        .into_iter()
        .map(String::from)
        .collect();
    let listed = table_families(page, marker);
    let mut seen = BTreeSet::new();
    for name in &listed {
        if !catalogue.contains(name) {
            failures.push(format!(
                "{page}: the family table lists `{name}`, which is no family of the catalogue"
            ));
        }
        if !seen.insert(name.clone()) {
            failures.push(format!("{page}: the family table lists `{name}` twice"));
        }
    }
    for name in catalogue.difference(&seen) {
        failures.push(format!(
            "{page}: the family table does not list the catalogue's family `{name}`"
        ));
    }
}

#[test]
fn the_family_tables_of_the_guide_list_the_catalogue() {
    let mut failures = Vec::new();
    compare_with_catalogue(
        "docs/games-and-positions.md",
        "<!-- families: every family of the catalogue -->",
        &mut failures,
    );
    compare_with_catalogue(
        "docs/your-own-game.md",
        "<!-- families: every family of the catalogue -->",
        &mut failures,
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The commands of the README's feature table ("What it answers"): every
/// `grundy ...` code span of its rows, with the table's `\|` read as `|`.
fn feature_commands() -> Vec<(usize, String)> {
    let text = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut out = Vec::new();
    let mut inside = false;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("## ") {
            inside = line == "## What it answers";
            continue;
        }
        if !inside || !line.starts_with('|') {
            continue;
        }
        for (k, span) in line.split('`').enumerate() {
            if k % 2 == 1 && span.starts_with("grundy ") {
                out.push((i + 1, span.replace("\\|", "|")));
            }
        }
    }
    out
}

/// Each feature the README's table names runs, as written, and succeeds.
#[test]
fn every_command_of_the_feature_table_runs() {
    let commands = feature_commands();
    assert!(
        commands.len() >= 10,
        "the README's feature table lost its commands"
    );
    let dir = workdir();
    let mut failures = Vec::new();
    for (line, command) in commands {
        let (status, _, stderr) = run(&command, dir.path(), Duration::from_secs(60));
        if status != Some(0) {
            failures.push(format!(
                "README.md:{line}: $ {command}\n  exit status {status:?}\n  stderr: {stderr}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
