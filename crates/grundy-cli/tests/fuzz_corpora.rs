//! Replays the fuzz corpora (`fuzz/corpus/<target>/`, crash inputs included) on
//! stable Rust: every file of every target's corpus goes through the same function
//! as the `cargo fuzz` target (`fuzz/targets/common.rs`, included here), which must
//! return, not panic.

#[path = "../../../fuzz/targets/common.rs"]
mod common;

use std::path::Path;

#[test]
fn every_corpus_input_is_handled_without_a_panic() {
    // The command and the fuzzers run on a main thread of 8 MiB; a test thread has
    // 2 MiB, too little for the recursion of long chains of ups (`v20000-2v42+±`).
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(replay_every_corpus)
        .expect("a thread")
        .join()
        .expect("the replay");
}

fn replay_every_corpus() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    let mut total = 0;
    for &(target, run) in common::TARGETS {
        let dir = root.join(target);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("a directory entry").path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "no corpus for {target}");
        let start = std::time::Instant::now();
        for file in &files {
            let data = std::fs::read(file).expect("a corpus file");
            let outcome = std::panic::catch_unwind(|| run(&data));
            assert!(outcome.is_ok(), "{target}: {} panicked", file.display());
        }
        eprintln!("{target}: {} inputs in {:.1?}", files.len(), start.elapsed());
        total += files.len();
    }
    let _ = std::fs::remove_dir_all(common::scratch());
    assert!(total > 0);
}
