//! The integration tests of `grundy-cgt`, gathered into one test binary (ripgrep's
//! `tests/tests.rs`): one crate to compile and link instead of one per file. Each
//! file beside this one is a module; a new file needs its `mod` line here (the core's
//! `tests/invariants.rs` fails on a file left out).

mod against_definition;
mod basics;
mod calc;
mod cgsuite;
mod fuzz_cgt;
mod hostile;
mod published;
mod temperature;
mod work;
