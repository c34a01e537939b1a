//! The architecture invariants that can be checked by reading the source
//! (ARCHITECTURE.md states them; this is what keeps the two from drifting):
//! - the core and the libraries it is built on do no I/O;
//! - the `unsafe` blocks of `crates/*/src` are as many as ARCHITECTURE.md says, and
//!   each has its `SAFETY:` comment;
//! - no library reads the environment: only the CLI does;
//! - each crate's integration tests are one test binary, and no file of `tests/` is
//!   left out of it;
//! - the lower layers named in `lower_layers_do_not_name_higher_ones` do not name
//!   the higher ones.
//!
//! The source is read as text, comments and literals blanked out roughly (enough
//! for this code base: a `"// no"` string or a `/* std::fs */` comment is no use).

use std::path::{Path, PathBuf};

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The workspace's crates (`crates/*`), sorted.
fn crates() -> Vec<PathBuf> {
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root().join("crates"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    crates.sort();
    assert!(crates.len() > 5, "the crates directory: {crates:?}");
    crates
}

/// `path` relative to the workspace root, with `/` separators.
fn shown(path: &Path) -> String {
    let root = root().canonicalize().unwrap();
    let path = path.canonicalize().unwrap();
    let rel = path.strip_prefix(&root).unwrap_or(&path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The source with comments, string literals and char literals replaced by spaces
/// (newlines kept, so lines still count).
fn code_only(src: &str) -> String {
    let c: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let blank = |out: &mut String, from: &[char]| {
        out.extend(from.iter().map(|&ch| if ch == '\n' { '\n' } else { ' ' }))
    };
    let mut i = 0;
    while i < c.len() {
        let next = c.get(i + 1).copied();
        let after_ident = i > 0 && is_ident(c[i - 1]);
        if c[i] == '/' && next == Some('/') {
            let end = (i..c.len()).find(|&j| c[j] == '\n').unwrap_or(c.len());
            blank(&mut out, &c[i..end]);
            i = end;
        } else if c[i] == '/' && next == Some('*') {
            let (mut j, mut depth) = (i + 2, 1);
            while j < c.len() && depth > 0 {
                if c[j] == '/' && c.get(j + 1) == Some(&'*') {
                    depth += 1;
                    j += 2;
                } else if c[j] == '*' && c.get(j + 1) == Some(&'/') {
                    depth -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            blank(&mut out, &c[i..j]);
            i = j;
        } else if c[i] == 'r'
            && (!after_ident || (c[i - 1] == 'b' && (i < 2 || !is_ident(c[i - 2]))))
            && matches!(next, Some('"') | Some('#'))
        {
            // A raw string r"..." or r#"..."# (br"..." too), or an identifier r#name.
            let hashes = c[i + 1..].iter().take_while(|&&ch| ch == '#').count();
            if c.get(i + 1 + hashes) != Some(&'"') {
                out.push(c[i]);
                i += 1;
                continue;
            }
            let mut j = i + 2 + hashes;
            while j < c.len()
                && !(c[j] == '"' && c[j + 1..].iter().take(hashes).filter(|&&h| h == '#').count() == hashes)
            {
                j += 1;
            }
            let end = (j + 1 + hashes).min(c.len());
            blank(&mut out, &c[i..end]);
            i = end;
        } else if c[i] == '"' {
            let mut j = i + 1;
            while j < c.len() && c[j] != '"' {
                j += if c[j] == '\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(c.len());
            blank(&mut out, &c[i..end]);
            i = end;
        } else if c[i] == '\'' {
            // A char literal ('x', '\n', '\u{..}'), or else a lifetime or label.
            let end = if next == Some('\\') {
                (i + 3..c.len()).find(|&j| c[j] == '\'').map(|j| j + 1)
            } else if c.get(i + 2) == Some(&'\'') {
                Some(i + 3)
            } else {
                None
            };
            match end {
                Some(end) => {
                    blank(&mut out, &c[i..end]);
                    i = end;
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// The (1-based) lines of `code` where `word` occurs as a whole token: not preceded
/// by an identifier character (`mystd::fs` is not `std::fs`) and, when `word` ends
/// with one, not followed by one (`std::iota` is not `std::io`).
fn lines_with(code: &str, word: &str) -> Vec<usize> {
    let mut found = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let mut from = 0;
        while let Some(at) = line[from..].find(word) {
            let start = from + at;
            let end = start + word.len();
            let before = line[..start].chars().next_back();
            let after = line[end..].chars().next();
            let ends_ident = word.chars().next_back().is_some_and(is_ident);
            let joined = before.is_some_and(is_ident) || (ends_ident && after.is_some_and(is_ident));
            if !joined {
                found.push(n + 1);
                break;
            }
            from = end;
        }
    }
    found
}

/// The names `use std::{...}` brings in, with their lines: `use std::{fmt, fs::File}`
/// gives `fmt` and `fs`.
fn std_groups(code: &str) -> Vec<(usize, String)> {
    let mut names = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("std::{") {
        let open = from + at + "std::{".len();
        let line = code[..open].matches('\n').count() + 1;
        let mut depth = 1;
        let mut close = open;
        for (k, ch) in code[open..].char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                close = open + k;
                break;
            }
        }
        let mut depth = 0;
        let mut item = String::new();
        for ch in code[open..close].chars().chain([',']) {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    let name: String = item.trim().chars().take_while(|&c| is_ident(c)).collect();
                    names.push((line, name));
                    item.clear();
                    continue;
                }
                _ => {}
            }
            item.push(ch);
        }
        from = close.max(open);
    }
    names
}

/// `file:line what` for each line of each file matching one of `words` (tokens) or
/// importing one of `modules` from a `std::{...}` group.
fn uses(files: &[PathBuf], words: &[&str], modules: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for file in files {
        let code = code_only(&std::fs::read_to_string(file).unwrap());
        for word in words {
            for line in lines_with(&code, word) {
                found.push(format!("{}:{line} {word}", shown(file)));
            }
        }
        for (line, name) in std_groups(&code) {
            if modules.contains(&name.as_str()) {
                found.push(format!("{}:{line} std::{{{name}}}", shown(file)));
            }
        }
    }
    found.sort();
    found
}

#[test]
fn code_only_blanks_comments_and_literals() {
    let src = "let a = \"std::fs\"; // println!\n/* std::env /* nested */ */ let b = r#\"std::io\"#;\nlet c = '\"'; fn f<'a>(x: &'a str) {} let d = b'\\''; std::fs::read(p)";
    let code = code_only(src);
    assert_eq!(code.lines().count(), 3);
    assert_eq!(lines_with(&code, "std::fs"), [3]);
    assert!(lines_with(&code, "println!").is_empty());
    assert!(lines_with(&code, "std::env").is_empty());
    assert!(lines_with(&code, "std::io").is_empty());
    assert!(code.contains("fn f<'a>(x: &'a str)"), "{code}");
    assert_eq!(
        std_groups("use std::{fmt, fs::File, io::{self, Write}};"),
        [(1, "fmt".into()), (1, "fs".into()), (1, "io".into())]
    );
    assert!(lines_with("let eprintln = 1; xstd::fs", "std::fs").is_empty());
    assert_eq!(lines_with("eprintln!(\"\")", "println!"), Vec::<usize>::new());
}

/// The core (`crates/grundy/src`) and the libraries it is built on (`grundy-octal`,
/// `grundy-cgt`, `grundy-budget`) do no I/O: no files, network, processes,
/// environment or standard streams (`std::fs`, `std::net`, `std::process`,
/// `std::env`, `std::io`, whether by path or from a `use std::{...}` group), no
/// clock (`Instant`, `SystemTime`; a `Duration` is only a number) and no printing
/// (`print!`, `println!`, `eprint!`, `eprintln!`, `dbg!`).
#[test]
fn the_core_does_no_io() {
    let words = [
        "std::fs",
        "std::net",
        "std::process",
        "std::env",
        "std::io",
        "Instant",
        "SystemTime",
        "print!",
        "println!",
        "eprint!",
        "eprintln!",
        "dbg!",
    ];
    let modules = ["fs", "net", "process", "env", "io"];
    let mut found = Vec::new();
    for krate in ["grundy", "grundy-octal", "grundy-cgt", "grundy-budget"] {
        let files = rust_files(&root().join("crates").join(krate).join("src"));
        assert!(!files.is_empty(), "no sources for {krate}");
        found.extend(uses(&files, &words, &modules));
    }
    assert!(
        found.is_empty(),
        "I/O in the core (ARCHITECTURE.md: the core does no I/O):\n{}",
        found.join("\n")
    );
}

/// Modules that a lower layer must not name, each with the files of that layer:
/// the core's solvers know nothing of the seam (`dynamic/` uses `solve/`), the
/// parser of values nothing of the calculator built on it, and the board games'
/// seam (`TableGame`, `Solved`) nothing of the games that implement it (their
/// catalogue is `catalogue.rs`). A cycle between two files hides which one is the
/// foundation.
#[test]
fn lower_layers_do_not_name_higher_ones() {
    let layers: [(&str, &str); 3] = [
        ("grundy/src/solve", "crate::dynamic"),
        ("grundy-cgt/src/parse.rs", "crate::calc"),
        ("grundy-retro/src/dynamic.rs", "crate::games"),
    ];
    let mut found = Vec::new();
    for (lower, higher) in layers {
        let path = root().join("crates").join(lower);
        let files = if path.is_dir() {
            rust_files(&path)
        } else {
            vec![path]
        };
        assert!(files.iter().all(|f| f.is_file()), "no sources at {lower}");
        found.extend(uses(&files, &[higher], &[]));
    }
    assert!(
        found.is_empty(),
        "a lower layer names a higher one (ARCHITECTURE.md, Invariants):\n{}",
        found.join("\n")
    );
}

/// Library files that still read the environment. Empty: only the CLI reads it
/// (`GRUNDY_MAX_MEMORY`, `GRUNDY_LUA_*`, `NO_COLOR`). Should one have to come back,
/// list it here with the reason; a new read anywhere else fails the test.
const LIBRARY_ENVIRONMENT_READS: &[&str] = &[];

/// No environment reads below the CLI: no `std::env` (`env::var`, `var_os`, `vars`,
/// `args`...) nor `option_env!` in any `crates/*/src` but `grundy-cli`'s, except the
/// files listed in [`LIBRARY_ENVIRONMENT_READS`].
#[test]
fn only_the_cli_reads_the_environment() {
    let mut found = Vec::new();
    for krate in crates() {
        if krate.ends_with("grundy-cli") || !krate.join("src").is_dir() {
            continue;
        }
        let files = rust_files(&krate.join("src"));
        found.extend(uses(&files, &["std::env", "env::", "option_env!"], &["env"]));
    }
    let unlisted: Vec<&String> = found
        .iter()
        .filter(|f| {
            !LIBRARY_ENVIRONMENT_READS
                .iter()
                .any(|l| f.starts_with(&format!("{l}:")))
        })
        .collect();
    assert!(
        unlisted.is_empty(),
        "a library reads the environment (ARCHITECTURE.md: only the CLI does; the budget \
         is passed down):\n{}",
        unlisted.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n")
    );
    for listed in LIBRARY_ENVIRONMENT_READS {
        assert!(
            found.iter().any(|f| f.starts_with(&format!("{listed}:"))),
            "{listed} no longer reads the environment: take it off LIBRARY_ENVIRONMENT_READS"
        );
    }
}

/// The number in ARCHITECTURE.md's one sentence "N `unsafe` blocks" (digits or a
/// word up to twelve).
fn stated_unsafe_blocks() -> usize {
    let doc = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let key = "`unsafe` blocks";
    let places: Vec<usize> = doc.match_indices(key).map(|(at, _)| at).collect();
    assert_eq!(
        places.len(),
        1,
        "ARCHITECTURE.md must say once how many {key} there are (\"N {key}\"), found {}",
        places.len()
    );
    let before = doc[..places[0]].trim_end();
    let word = before
        .rsplit(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap()
        .to_lowercase();
    let words = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve",
    ];
    word.parse()
        .ok()
        .or_else(|| words.iter().position(|w| *w == word))
        .unwrap_or_else(|| panic!("ARCHITECTURE.md: \"{word} {key}\": not a number"))
}

/// Every `unsafe` in `crates/*/src` is a block with a `SAFETY:` comment on it or
/// just above, and there are as many as ARCHITECTURE.md says.
#[test]
fn unsafe_blocks_are_counted_in_architecture_md() {
    let mut blocks = Vec::new();
    let mut problems = Vec::new();
    for krate in crates() {
        if !krate.join("src").is_dir() {
            continue;
        }
        for file in rust_files(&krate.join("src")) {
            let src = std::fs::read_to_string(&file).unwrap();
            let raw: Vec<&str> = src.lines().collect();
            let code = code_only(&src);
            for (n, line) in code.lines().enumerate() {
                for (at, _) in line.match_indices("unsafe") {
                    let before = line[..at].chars().next_back();
                    let after = line[at + "unsafe".len()..].chars().next();
                    if before.is_some_and(is_ident) || after.is_some_and(is_ident) {
                        continue;
                    }
                    let place = format!("{}:{}", shown(&file), n + 1);
                    let rest = code.lines().skip(n).collect::<Vec<_>>().join("\n");
                    let rest = &rest[line[..at].len() + "unsafe".len()..];
                    if !rest.trim_start().starts_with('{') {
                        problems.push(format!(
                            "{place}: `unsafe` not a block (fn, impl, trait or extern): \
                             describe it in ARCHITECTURE.md and here"
                        ));
                    }
                    let above = &raw[n.saturating_sub(6)..=n];
                    if !above.iter().any(|l| l.contains("SAFETY:")) {
                        problems.push(format!("{place}: no `// SAFETY:` comment"));
                    }
                    blocks.push(place);
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let stated = stated_unsafe_blocks();
    assert_eq!(
        blocks.len(),
        stated,
        "ARCHITECTURE.md says {stated} `unsafe` blocks; crates/*/src has {}:\n{}",
        blocks.len(),
        blocks.join("\n")
    );
}

/// The lines of a Cargo.toml without comments, trimmed.
fn manifest_lines(krate: &Path) -> Vec<String> {
    std::fs::read_to_string(krate.join("Cargo.toml"))
        .unwrap()
        .lines()
        .map(|l| l.split('#').next().unwrap().trim().to_string())
        .collect()
}

/// Each crate's integration tests build into at most one test binary (each one links
/// the whole dependency tree again), and none of `tests/`'s files is left out: with
/// `autotests = false`, a file that no `mod` line names would never compile or run.
#[test]
fn integration_tests_are_one_binary_per_crate() {
    let mut problems = Vec::new();
    for krate in crates() {
        let name = shown(&krate);
        let tests = krate.join("tests");
        let manifest = manifest_lines(&krate);
        let auto = !manifest.iter().any(|l| l.replace(' ', "") == "autotests=false");
        // The test targets' root files, relative to the crate.
        let mut roots: Vec<String> = Vec::new();
        if auto && tests.is_dir() {
            for entry in std::fs::read_dir(&tests).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|e| e == "rs") {
                    roots.push(format!("tests/{}", path.file_name().unwrap().to_string_lossy()));
                } else if path.join("main.rs").is_file() {
                    roots.push(format!(
                        "tests/{}/main.rs",
                        path.file_name().unwrap().to_string_lossy()
                    ));
                }
            }
        }
        let mut in_test = false;
        for line in &manifest {
            if line.starts_with('[') {
                in_test = line == "[[test]]";
            } else if in_test && line.replace(' ', "").starts_with("path=") {
                roots.push(line.split('"').nth(1).unwrap_or_default().to_string());
            }
        }
        if roots.len() > 1 {
            problems.push(format!(
                "{name}: {} test binaries ({}); gather them as modules of one",
                roots.len(),
                roots.join(", ")
            ));
        }
        // With the targets declared by hand, every file of tests/ belongs to one.
        if !auto {
            for root_file in &roots {
                let root_path = krate.join(root_file);
                let dir = root_path.parent().unwrap();
                let code = code_only(&std::fs::read_to_string(&root_path).unwrap());
                let declared = |m: &str| {
                    code.lines().any(|l| {
                        let l = l
                            .trim()
                            .trim_start_matches("pub ")
                            .trim_start_matches("pub(crate) ");
                        l == format!("mod {m};")
                    })
                };
                for entry in std::fs::read_dir(dir).unwrap() {
                    let path = entry.unwrap().path();
                    let file = path.file_name().unwrap().to_string_lossy().into_owned();
                    let module = if path.is_dir() && path.join("mod.rs").is_file() {
                        file.clone()
                    } else if let Some(stem) = file.strip_suffix(".rs") {
                        if path == root_path {
                            continue;
                        }
                        stem.to_string()
                    } else {
                        continue;
                    };
                    if !declared(&module) {
                        problems.push(format!(
                            "{}: not a module of {name}/{root_file} (no `mod {module};`): \
                             it never compiles nor runs",
                            shown(&path)
                        ));
                    }
                }
            }
            if roots.is_empty() && tests.is_dir() && !rust_files(&tests).is_empty() {
                problems.push(format!("{name}: tests/ has files but no [[test]] target"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
