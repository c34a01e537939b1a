//! `values_to_file`: the file, its report, and a run stopped by the cancel flag
//! that a resume finishes.

use grundy::{Budget, Cancel};
use grundy_api::{Error, ValuesFile};
use grundy_budget::Limit;
use grundy_octal::Method;

fn file(to: u64, resume: bool) -> ValuesFile {
    ValuesFile {
        from: 0,
        to,
        resume,
        method: Method::Auto,
    }
}

#[test]
fn kayles_text_file_has_the_known_values_and_its_report() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("kayles.txt");
    let b = Budget::default();
    let kayles = grundy_api::load_game("kayles", &b).unwrap();
    let mut seen = Vec::new();
    let report = grundy_api::values_to_file(
        kayles.as_ref(),
        &out,
        &file(11, false),
        &mut |d, t| seen.push((d, t)),
        &b,
    )
    .unwrap();
    let text = std::fs::read_to_string(&out).unwrap();
    let values: Vec<u64> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    // Berlekamp, Conway, Guy.
    assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    assert_eq!(seen.last(), Some(&(12, 12)));
    let json = report.json();
    assert_eq!(json["game"], "octal:0.77");
    assert_eq!(
        (json["values"].as_u64(), json["resumed"].as_u64()),
        (Some(12), Some(0))
    );
    assert_eq!(json["format"], "text");
    assert_eq!(json["bytes"].as_u64(), Some(text.len() as u64));
    assert_eq!(report.kind(), "text b-file");
}

#[test]
fn a_raised_flag_stops_at_a_checkpoint_and_resume_finishes_the_same_file() {
    let dir = tempfile::tempdir().unwrap();
    let (stopped, fresh) = (dir.path().join("a.bin"), dir.path().join("b.bin"));
    let b = Budget::default();
    let kayles = grundy_api::load_game("kayles", &b).unwrap();
    let cancelled = Budget {
        cancel: Cancel::new(),
        ..Budget::default()
    };
    cancelled.cancel.raise();
    let e = grundy_api::values_to_file(
        kayles.as_ref(),
        &stopped,
        &file(40_000, false),
        &mut |_, _| {},
        &cancelled,
    )
    .unwrap_err();
    let Error::OverBudget(o) = &e else { panic!("{e}") };
    assert_eq!(o.limit, Limit::Cancelled);
    // G(0) is written before the first block: saved, and a resume takes it.
    assert_eq!(o.reached, 1);
    assert!(!stopped.exists());
    let resumed =
        grundy_api::values_to_file(kayles.as_ref(), &stopped, &file(40_000, true), &mut |_, _| {}, &b)
            .unwrap();
    assert_eq!((resumed.resumed, resumed.values), (1, 40_001));
    assert_eq!(resumed.kind(), "binary, 16-bit values");
    grundy_api::values_to_file(kayles.as_ref(), &fresh, &file(40_000, false), &mut |_, _| {}, &b).unwrap();
    assert_eq!(std::fs::read(&stopped).unwrap(), std::fs::read(&fresh).unwrap());
}

#[test]
fn a_game_without_a_sequence_is_refused_before_any_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("w.txt");
    let b = Budget::default();
    let wythoff = grundy_api::load_game("wythoff", &b).unwrap();
    let e = grundy_api::prepare_values_file(wythoff.as_ref(), &out, &file(10, false), &b)
        .err()
        .unwrap();
    assert!(e.to_string().contains("--out works for heap games"), "{e}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
