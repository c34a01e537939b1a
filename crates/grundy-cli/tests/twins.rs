//! Every family of the catalogue, through every command, built in and as a TOML
//! game file: the outputs must be the same.
//!
//! The file is generated from the family's declared example (its GAME text, read
//! back into parameters by the catalogue), and named like the GAME text, so the two
//! runs must agree byte for byte. A wrapper that dropped a capability (a period, an
//! outcome rule, a theory for explanations) would show here.

use std::path::Path;
use std::process::Command;

use grundy::catalogue::{Catalogue, ParamValue};

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The TOML twin of a GAME text: `family` and each parameter as a key.
fn toml_twin(catalogue: &Catalogue, game: &str) -> String {
    let (name, params) = Catalogue::split(game);
    let family = catalogue.find(name).expect("a family of the catalogue");
    let params = family.parse_params(params).expect("the example parses");
    let mut text = format!("name = \"{game}\"\nfamily = \"{name}\"\n");
    for (key, value) in params.iter() {
        let v = match value {
            ParamValue::Int(n) => n.to_string(),
            ParamValue::List(xs) => format!("{xs:?}"),
            ParamValue::Text(t) => format!("{t:?}"),
        };
        text.push_str(&format!("{key} = {v}\n"));
    }
    text
}

/// The commands to compare, for a game and a position.
fn commands(game: &str, position: &str, heaps: bool, out: &Path) -> Vec<Vec<String>> {
    let mut c: Vec<Vec<&str>> = vec![
        vec!["solve", game, position, "--json"],
        vec!["solve", game, position],
        vec!["moves", game, position, "--json"],
        vec!["explain", game, position, "--json"],
        vec!["explain", game, position],
        vec!["solve", game, position, "--misere", "--json"],
        // Partizan families: the value, and the other side first; every other
        // family refuses both alike.
        vec!["value", game, position, "--json"],
        vec!["solve", game, position, "--first", "right", "--json"],
    ];
    if heaps {
        c.push(vec!["values", game, "--to", "40"]);
        c.push(vec!["values", game, "--to", "40", "--format", "json"]);
        c.push(vec!["period", game, "--max", "1000", "--json"]);
    }
    let png = out.to_str().unwrap();
    let mut c: Vec<Vec<String>> = c
        .into_iter()
        .map(|v| v.into_iter().map(String::from).collect())
        .collect();
    if heaps {
        c.push(
            ["plot", game, "--to", "60", "--out", png]
                .map(String::from)
                .to_vec(),
        );
    }
    c
}

#[test]
fn every_family_and_its_toml_twin_answer_alike() {
    let catalogue = grundy_rules::catalogue();
    let dir = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for family in catalogue.families() {
        let Some((game, position)) = family.example else {
            continue;
        };
        let file = dir.path().join(format!("{}.toml", family.name));
        std::fs::write(&file, toml_twin(&catalogue, game)).unwrap();
        let file = file.to_str().unwrap().to_string();
        let heaps = family.shape.is_heaps();
        let plot_builtin = dir.path().join(format!("{}-builtin.svg", family.name));
        let plot_twin = dir.path().join(format!("{}-twin.svg", family.name));
        let builtin = commands(game, position, heaps, &plot_builtin);
        let twin = commands(&file, position, heaps, &plot_twin);
        for (a, b) in builtin.iter().zip(&twin) {
            let a_args: Vec<&str> = a.iter().map(String::as_str).collect();
            let b_args: Vec<&str> = b.iter().map(String::as_str).collect();
            let (code_a, out_a, err_a) = run(&a_args);
            let (code_b, out_b, err_b) = run(&b_args);
            assert_eq!(code_a, code_b, "{a_args:?}: {err_a} vs {err_b}");
            assert!(!err_a.contains("panicked") && !err_b.contains("panicked"));
            assert_eq!(
                err_a.replace(&file, game),
                err_b.replace(&file, game),
                "{a_args:?}"
            );
            if a_args[0] == "plot" {
                // The file names differ in the message; the pictures must not.
                let a_png = plot_builtin.to_str().unwrap();
                let b_png = plot_twin.to_str().unwrap();
                assert_eq!(
                    out_a.replace(a_png, "OUT"),
                    out_b.replace(b_png, "OUT"),
                    "{a_args:?}"
                );
                if code_a == 0 {
                    assert_eq!(
                        std::fs::read(&plot_builtin).unwrap(),
                        std::fs::read(&plot_twin).unwrap(),
                        "{a_args:?}"
                    );
                }
            } else {
                assert_eq!(out_a, out_b, "{a_args:?} vs the twin");
            }
            checked += 1;
        }
    }
    assert!(checked >= 80, "only {checked} comparisons");
}

#[test]
fn every_family_declares_an_example() {
    let catalogue = grundy_rules::catalogue();
    for family in catalogue.families() {
        assert!(
            family.example.is_some(),
            "{} has no example to test its twin",
            family.name
        );
    }
}
