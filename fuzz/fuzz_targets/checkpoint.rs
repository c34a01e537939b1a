#![no_main]

#[path = "../targets/common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::checkpoint(data));
