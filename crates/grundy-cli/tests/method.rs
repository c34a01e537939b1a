//! `--method auto|naive|sparse` on `values`, `period` and `solve`: every method
//! gives the same output, a bad one is a one-line error; three-heap codes beyond
//! the old limit of 1,000 heaps.

use crate::common;

use common::{fails_with, json, ok};

const METHODS: [&str; 3] = ["auto", "naive", "sparse"];

#[test]
fn values_files_are_the_same_bytes_under_every_method() {
    let dir = tempfile::tempdir().unwrap();
    for game in ["octal:0.106", "octal:0.167", "grundy", "hex:0.F6"] {
        let to = if game.starts_with("hex") { "1500" } else { "20000" };
        let files: Vec<Vec<u8>> = METHODS
            .iter()
            .map(|m| {
                let path = dir.path().join(format!("{m}.bin"));
                let p = path.to_str().unwrap();
                ok(&["values", game, "--to", to, "--out", p, "--method", m]);
                std::fs::read(&path).unwrap()
            })
            .collect();
        assert_eq!(files[0], files[1], "{game}: auto vs naive");
        assert_eq!(files[0], files[2], "{game}: auto vs sparse");
    }
}

#[test]
fn tables_periods_and_solutions_are_the_same_under_every_method() {
    let tables: Vec<String> = METHODS
        .iter()
        .map(|m| {
            ok(&[
                "values",
                "octal:0.106",
                "--from",
                "9000",
                "--to",
                "9100",
                "--method",
                m,
            ])
        })
        .collect();
    assert!(tables.iter().all(|t| *t == tables[0]));
    let periods: Vec<String> = METHODS
        .iter()
        .map(|m| ok(&["period", "octal:0.77", "--method", m, "--json"]))
        .collect();
    assert!(periods.iter().all(|p| *p == periods[0]), "{periods:?}");
    let solved: Vec<String> = METHODS
        .iter()
        .map(|m| ok(&["solve", "grundy", "3000,2999", "--method", m, "--json"]))
        .collect();
    assert!(solved.iter().all(|s| *s == solved[0]));
}

#[test]
fn a_bad_method_is_a_one_line_error() {
    fails_with(&["values", "kayles", "--to", "10", "--method", "fast"], "fast");
    fails_with(&["period", "kayles", "--method", "quick"], "quick");
}

#[test]
fn three_heap_codes_answer_past_a_thousand_heaps() {
    // Refused before (at most heap 1,000); now computed on demand up to 10,000.
    let v = json(&["solve", "hex:0.8", "2500", "--json"]);
    assert!(v["nimber"].as_u64().unwrap() > 700, "{v}");
    let table = ok(&["values", "hex:0.3F", "--from", "1990", "--to", "2000"]);
    assert_eq!(
        table
            .lines()
            .filter(|l| l.contains("199") || l.contains("2000"))
            .count(),
        11,
        "{table}"
    );
}
