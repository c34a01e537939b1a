//! The memory limit for tables: `--max-memory`, else `GRUNDY_MAX_MEMORY`, else the
//! machine's available memory (`MemAvailable` in /proc/meminfo), else the library's
//! default. The library refuses a table whose estimate exceeds it.

use anyhow::{anyhow, Result};

/// Reads `4G`, `512M`, `64K` or a number of bytes.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let not_a_size = || format!("'{text}' is not a size: write bytes or a number with K, M, G or T (4G)");
    let t = text.trim();
    let (digits, unit) = match t.find(|c: char| !c.is_ascii_digit()) {
        Some(i) => t.split_at(i),
        None => (t, ""),
    };
    let shift = match unit.trim().to_ascii_uppercase().trim_end_matches('B') {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(not_a_size()),
    };
    let n: u64 = digits.parse().map_err(|_| not_a_size())?;
    n.checked_mul(1 << shift)
        .filter(|&b| b > 0)
        .ok_or_else(|| format!("'{text}' is out of range for a memory size"))
}

/// The machine's available memory, when the system says.
fn available() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// The process's address-space limit (`ulimit -v`), when one is set: beyond it
/// every allocation fails, whatever the machine has free.
fn address_space_limit() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max address space"))?;
    // "Max address space   <soft>   <hard>   bytes"; "unlimited" parses as None.
    line.split_whitespace().nth(3)?.parse().ok()
}

/// The memory limit from the flag, the environment or the machine, and never
/// above the process's address-space limit.
pub fn memory_limit(flag: Option<u64>) -> Result<u64> {
    let cap = match flag {
        Some(b) => b,
        None => match std::env::var("GRUNDY_MAX_MEMORY") {
            Ok(v) => parse_size(&v).map_err(|e| anyhow!("GRUNDY_MAX_MEMORY: {e}"))?,
            Err(_) => available().unwrap_or(grundy_retro::DEFAULT_MEMORY_CAP),
        },
    };
    Ok(address_space_limit().map_or(cap, |limit| cap.min(limit)))
}
