//! The integration tests of `grundy`, gathered into one test binary (ripgrep's
//! `tests/tests.rs`): one crate to compile and link instead of one per file. Each
//! file beside this one is a module; a new file needs its `mod` line here (the core's
//! `tests/invariants.rs` fails on a file left out).

mod canonical;
mod families;
mod heap_twins;
mod invariants;
mod known_positions;
mod loopy;
mod loopy_partizan;
mod outcome_search;
mod partizan_games;
mod partizan_rulesets;
mod partizan_seam;
mod quotient_against_search;
mod rulesets;
mod solvers;
mod ties;
