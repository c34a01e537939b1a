//! The classic problems in `examples/classic/`, end to end: every `NAME.txt` there is
//! run through the `grundy` binary and its output compared with `NAME.expected`.
//! Adding a pair of files adds a case.
//!
//! A `.txt` file is a small shell script: `#` comments (the problem in words),
//! blank lines, and `grundy ARGS...` lines, one command each, with arguments
//! separated by spaces (no quotes, pipes or redirections, so the test and a shell
//! read a line the same way). The commands run from the repository's root, and
//! `NAME.expected` is their standard output, one after another: exactly what
//! `sh examples/classic/NAME.txt` prints with the release binary on `PATH`.
//!
//! `GRUNDY_BLESS=1 cargo test -p grundy-cli --test integration classic::` writes the
//! `.expected` files from the current output instead of comparing (review the diff:
//! each answer must agree with the problem's published solution).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;

use common::succeeded;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The commands of a `.txt` file: each `grundy` line's arguments, or what is wrong.
fn commands(file: &Path, text: &str) -> Result<Vec<Vec<String>>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{}:{}", file.display(), i + 1);
        let mut words = line.split_whitespace();
        if words.next() != Some("grundy") {
            return Err(format!("{at}: a command starts with `grundy`: {line}"));
        }
        if line.contains(|c| "'\"\\`$|&;<>(){}*?~".contains(c)) {
            return Err(format!(
                "{at}: plain arguments only (no quotes or shell syntax): {line}"
            ));
        }
        out.push(words.map(str::to_string).collect());
    }
    if out.is_empty() {
        return Err(format!("{}: no `grundy` command", file.display()));
    }
    Ok(out)
}

/// What the commands of `file` print, one after another.
fn run(file: &Path) -> String {
    let text = fs::read_to_string(file).unwrap();
    let mut printed = String::new();
    for args in commands(file, &text).unwrap_or_else(|e| panic!("{e}")) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(&args)
            .current_dir(root())
            .output()
            .expect("the binary runs");
        printed += &succeeded(&args, out);
    }
    printed
}

#[test]
fn every_classic_problem_gives_its_expected_answer() {
    let dir = root().join("examples/classic");
    let mut cases: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    cases.sort();
    for path in &cases {
        // An answer without its problem would silently never be checked.
        if path.extension().is_some_and(|e| e == "expected") {
            assert!(
                path.with_extension("txt").exists(),
                "{}: no .txt beside it",
                path.display()
            );
        }
    }
    let problems: Vec<&PathBuf> = cases
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    assert!(
        problems.len() >= 5,
        "the five classic problems, at least: {problems:?}"
    );

    let bless = std::env::var_os("GRUNDY_BLESS").is_some();
    let mut wrong = Vec::new();
    for problem in problems {
        let expected_file = problem.with_extension("expected");
        let printed = run(problem);
        if bless {
            fs::write(&expected_file, &printed).unwrap();
            continue;
        }
        let expected =
            fs::read_to_string(&expected_file).unwrap_or_else(|e| panic!("{}: {e}", expected_file.display()));
        if printed != expected {
            wrong.push(format!(
                "{}: the output differs from {}:\n--- expected\n{expected}--- printed\n{printed}",
                problem.display(),
                expected_file.display()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_problem_file_holds_only_comments_and_grundy_commands() {
    let file = Path::new("x.txt");
    let text = "# a comment\n\ngrundy solve euclid 34,12\n  grundy values split --to 3\n";
    assert_eq!(
        commands(file, text).unwrap(),
        [
            vec!["solve", "euclid", "34,12"],
            vec!["values", "split", "--to", "3"]
        ]
    );
    for bad in [
        "solve euclid 1,2",
        "grundy solve 'nim' 3",
        "grundy solve nim 3 > out",
        "# nothing to run",
    ] {
        assert!(commands(file, bad).is_err(), "{bad:?} should be refused");
    }
}
