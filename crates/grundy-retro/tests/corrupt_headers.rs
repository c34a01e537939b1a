//! Regression tests of the table-file fuzzer (`fuzz/`, target `table_file`): table
//! headers with sizes and counts near 2^64 are refused with an error, not an
//! arithmetic overflow.

use std::path::Path;

use grundy_retro::table::{Fnv, HEADER_SIZE, MAGIC};
use grundy_retro::{db_from_bytes, Table};

/// A table file: a header with the given flags, size and data, its checksum filled in.
fn file(flags: u32, size: u64, data: &[u8]) -> Vec<u8> {
    let name = b"fuzz";
    let mut f = vec![0u8; HEADER_SIZE];
    f[..8].copy_from_slice(MAGIC);
    f[8..12].copy_from_slice(&2u32.to_le_bytes());
    f[12..16].copy_from_slice(&flags.to_le_bytes());
    f[16..24].copy_from_slice(&size.to_le_bytes());
    f[24..32].copy_from_slice(&(data.len() as u64).to_le_bytes());
    f[40..44].copy_from_slice(&(name.len() as u32).to_le_bytes());
    f[44..44 + name.len()].copy_from_slice(name);
    f.extend_from_slice(data);
    let mut h = Fnv::new();
    h.update(&f[..32]);
    h.update(&[0u8; 8]);
    h.update(&f[40..]);
    let sum = h.finish().to_le_bytes();
    f[32..40].copy_from_slice(&sum);
    f
}

#[test]
fn a_size_near_2_to_the_64_is_refused() {
    // Found by the fuzzer: size + outcome bytes overflowed (remoteness flag set).
    let f = file(1 | 2, u64::MAX - 12, b"GRUNDYPS");
    let e = Table::from_bytes(&f, Path::new("t"), None).unwrap_err();
    assert!(e.to_string().contains("corrupt header"), "{e}");
}

#[test]
fn a_data_length_near_2_to_the_64_is_refused() {
    let mut f = file(0, 4, &[0]);
    f[24..32].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(Table::from_bytes(&f, Path::new("t"), None).is_err());
}

#[test]
fn a_positions_section_with_huge_counts_is_refused() {
    // One position (1 outcome byte), then a section claiming 2^64 - 1 edges.
    let mut data = vec![1u8];
    data.extend_from_slice(b"GRUNDYPS");
    for x in [1u64, u64::MAX, u64::MAX] {
        data.extend_from_slice(&x.to_le_bytes());
    }
    let f = file(2, 1, &data);
    let e = db_from_bytes(&f, Path::new("t")).err().expect("refused");
    assert!(e.to_string().contains("corrupt positions section"), "{e}");
}
