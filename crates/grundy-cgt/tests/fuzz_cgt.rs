//! Replays the corpora of the grundy-cgt fuzz targets (`fuzz/corpus/calc_depth`,
//! `fuzz/corpus/dyadic`) on stable Rust through the same functions as the
//! `cargo fuzz` targets (`fuzz/targets/cgt.rs`, included here), and a few
//! thousand pseudo-random inputs more: each must return, not panic.

#[path = "../../../fuzz/targets/cgt.rs"]
mod cgt;

use std::path::Path;

fn replay(target: &str, run: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let data = std::fs::read(entry.unwrap().path()).unwrap();
        run(&data);
        n += 1;
    }
    assert!(n > 0, "no corpus for {target}");
}

/// A small xorshift: the same inputs every run.
fn bytes(seed: &mut u64, len: usize) -> Vec<u8> {
    (0..len)
        .map(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed as u8
        })
        .collect()
}

#[test]
fn calc_depth_corpus_and_random_inputs() {
    // The command's main thread has 8 MiB; the parser grows its stack on the heap
    // anyway, so a smaller thread would do too.
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(|| {
            replay("calc_depth", cgt::calc_depth);
            let mut seed = 7;
            for len in 1..40 {
                cgt::calc_depth(&bytes(&mut seed, len % 9));
            }
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn dyadic_corpus_and_random_inputs() {
    replay("dyadic", cgt::dyadic);
    let mut seed = 11;
    for _ in 0..3000 {
        cgt::dyadic(&bytes(&mut seed, 36));
    }
}
