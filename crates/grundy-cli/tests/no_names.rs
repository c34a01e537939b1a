//! The shell never branches on a game's name (ARCHITECTURE.md): no string literal
//! in `crates/grundy-cli/src` is a family's name or starts with one (`"kayles"`,
//! `"connect4:..."`), outside comments. (The digit game's winner table, which
//! reads `digits:` itself, is `grundy_api::winner_table`'s.)

use std::path::{Path, PathBuf};

/// Where a family's name may appear in the shell's code, and why.
const ALLOWED: &[(&str, &str)] = &[
    // The program's own name, not Grundy's game.
    ("main.rs", "grundy"),
    ("commands/completions.rs", "grundy"),
];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The string literals of `src` outside `//` comments (enough for this code: no
/// `"` inside a char literal precedes a string on a line).
fn literals(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in src.lines() {
        let code = match line.find("//") {
            // A `//` inside a string (a URL) is rare here; cut only before any quote.
            Some(i) if !line[..i].contains('"') => &line[..i],
            _ => line,
        };
        let mut rest = code;
        while let Some(start) = rest.find('"') {
            let after = &rest[start + 1..];
            let Some(end) = after.find('"') else { break };
            out.push(after[..end].to_string());
            rest = &after[end + 1..];
        }
    }
    out
}

#[test]
fn the_shell_names_no_game() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    assert!(files.len() > 10, "the CLI's sources: {files:?}");
    let names = grundy_rules::catalogue().names();
    let mut found = Vec::new();
    for file in &files {
        let rel = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(file).unwrap();
        for literal in literals(&text) {
            for name in &names {
                let named = literal == *name || literal.starts_with(&format!("{name}:"));
                let allowed = ALLOWED.iter().any(|&(f, n)| f == rel && n == *name);
                if named && !allowed {
                    found.push(format!("{rel}: \"{literal}\" names the family {name}"));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "the shell branches on game names (ask the catalogue or the seam instead):\n{}",
        found.join("\n")
    );
}
