//! The integration tests of `grundy-cli`, gathered into one test binary (ripgrep's
//! `tests/tests.rs`): one crate to compile and link instead of one per file. Each
//! file beside this one is a module; a new file needs its `mod` line here (the core's
//! `tests/invariants.rs` fails on a file left out).

/// Helpers shared by the modules below.
mod common;

mod admission;
mod boards;
mod cgsuite_calc;
mod classic;
mod cli;
mod dist;
mod dist_solve;
mod docs;
mod explain;
mod full_disk;
mod fuzz_corpora;
mod honest;
mod hostile_cgt;
mod hostile_cli;
mod hostile_scripts;
mod integrity;
mod legal_positions;
mod loopy;
mod loopy_partizan;
mod method;
mod no_names;
mod partizan;
mod people;
mod play;
mod plot;
mod quotient;
mod reports;
mod retro;
mod rules;
mod sandbox;
mod seam;
mod sequences;
mod slow_inputs;
mod sweep;
mod twins;
