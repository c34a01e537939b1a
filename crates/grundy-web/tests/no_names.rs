//! The web shell never branches on a game's name, as the CLI does not
//! (ARCHITECTURE.md): no string literal of `src/` or of the page's script is a
//! family's name or starts with one (`"kayles"`, `"connect4:..."`). The page asks
//! the catalogue and draws boards from the grid.

use std::path::Path;

/// The string literals of `src`, between `"`, `'` or `` ` `` on one line, outside
/// `//` comments (enough for this code).
fn literals(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in src.lines() {
        let code = match line.find("//") {
            Some(i) if !line[..i].contains(['"', '\'', '`']) => &line[..i],
            _ => line,
        };
        let mut rest = code;
        while let Some(start) = rest.find(['"', '\'', '`']) {
            let quote = rest[start..].chars().next().unwrap();
            let after = &rest[start + 1..];
            let Some(end) = after.find(quote) else { break };
            out.push(after[..end].to_string());
            rest = &after[end + 1..];
        }
    }
    out
}

#[test]
fn the_web_shell_names_no_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let names = grundy_rules::catalogue().names();
    assert!(names.len() > 10);
    let mut files = vec![root.join("assets/app.js"), root.join("assets/index.html")];
    for entry in std::fs::read_dir(root.join("src")).unwrap() {
        files.push(entry.unwrap().path());
    }
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let literals = literals(&text);
        assert!(!literals.is_empty(), "{}", file.display());
        for literal in literals {
            for name in &names {
                if literal == *name || literal.starts_with(&format!("{name}:")) {
                    found.push(format!(
                        "{}: \"{literal}\" names the family {name}",
                        file.display()
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "the web shell branches on game names (ask the catalogue or the seam instead):\n{}",
        found.join("\n")
    );
}
