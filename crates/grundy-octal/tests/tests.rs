//! The integration tests of `grundy-octal`, gathered into one test binary (ripgrep's
//! `tests/tests.rs`): one crate to compile and link instead of one per file. Each
//! file beside this one is a module; a new file needs its `mod` line here (the core's
//! `tests/invariants.rs` fails on a file left out).

/// Helpers shared by the modules below.
mod common;

mod budget;
mod exhaustive;
mod heap_games;
mod methods;
mod misere;
mod misere_forms;
mod parse;
mod periods;
mod quotients;
mod sequences;
mod sparse_kernels;
mod three_heaps;
