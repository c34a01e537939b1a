//! Admission control: a table's memory is estimated before anything is allocated,
//! and a solve that would not fit is refused with the estimate and the limit
//! (the budget's one error, [`grundy::OverBudget`] for [`grundy::Limit::Memory`]),
//! instead of an allocation failure that aborts the process.
//!
//! The limit travels with the work: [`crate::DenseOptions::max_memory`], set by the
//! front end from its [`grundy::Budget`]; nothing here is process-wide.

use crate::RetroError;

/// The memory limit when nobody set one: 8 GiB (the budget's default).
pub const DEFAULT_MEMORY_CAP: u64 = grundy_budget::DEFAULT_MAX_MEMORY;

pub use grundy_budget::human_bytes;

/// The memory of a dense table of `positions`: 2 bits each, plus a byte of
/// remoteness each when stored.
pub fn dense_table_bytes(positions: u64, remoteness: bool) -> u128 {
    let words = u128::from(positions.div_ceil(32)) * 8;
    words + if remoteness { u128::from(positions) } else { 0 }
}

/// Refuses a table of `positions` that needs `bytes`, more than `cap`.
pub fn admit(positions: u64, bytes: u128, cap: u64) -> Result<(), RetroError> {
    if bytes > u128::from(cap) {
        return Err(RetroError::OverBudget(grundy_budget::OverBudget {
            limit: grundy_budget::Limit::Memory,
            what: format!("the table of {} positions", grundy_budget::thousands(positions)),
            reached: u64::try_from(bytes).unwrap_or(u64::MAX),
            allowed: cap,
        }));
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
