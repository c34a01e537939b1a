//! Admission control: a table's memory is estimated before anything is allocated,
//! and a solve that would not fit is refused with the estimate and the limit,
//! instead of an allocation failure that aborts the process.
//!
//! The limit is process-wide: the shell sets it once (from `--max-memory`, or from
//! the machine's available memory), library users may too; the default is
//! [`DEFAULT_MEMORY_CAP`].

use std::sync::atomic::{AtomicU64, Ordering};

use crate::RetroError;

/// The memory limit when nobody set one: 8 GiB.
pub const DEFAULT_MEMORY_CAP: u64 = 8 << 30;

static CAP: AtomicU64 = AtomicU64::new(DEFAULT_MEMORY_CAP);

/// Sets the most bytes a table solver may allocate.
pub fn set_memory_cap(bytes: u64) {
    CAP.store(bytes, Ordering::Relaxed);
}

/// The most bytes a table solver may allocate.
pub fn memory_cap() -> u64 {
    CAP.load(Ordering::Relaxed)
}

pub use grundy_budget::human_bytes;

/// The memory of a dense table of `positions`: 2 bits each, plus a byte of
/// remoteness each when stored.
pub fn dense_table_bytes(positions: u64, remoteness: bool) -> u128 {
    let words = u128::from(positions.div_ceil(32)) * 8;
    words + if remoteness { u128::from(positions) } else { 0 }
}

/// Refuses work that needs more than the limit.
pub(crate) fn admit(positions: u64, bytes: u128) -> Result<(), RetroError> {
    let cap = memory_cap();
    if bytes > u128::from(cap) {
        return Err(RetroError::TooMuchMemory {
            positions,
            needed: human_bytes(bytes),
            cap: human_bytes(u128::from(cap)),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(human_bytes(999), "999 B");
        assert_eq!(human_bytes(150_131_075_352), "150.1 GB");
        assert_eq!(dense_table_bytes(64, false), 16);
        assert_eq!(dense_table_bytes(64, true), 80);
    }
}
