#![no_main]

#[path = "../targets/cgt.rs"]
mod cgt;

libfuzzer_sys::fuzz_target!(|data: &[u8]| cgt::calc_depth(data));
