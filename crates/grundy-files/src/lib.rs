//! The files grundy writes, in one place.
//!
//! - [`atomic`]: the one way a file is replaced whole or not at all (a temporary
//!   file in the same directory, synced, renamed over the output, the directory
//!   synced), refusing outputs that exist and are not regular files.
//! - [`checksum`] and [`Fnv`]: the checksum of every grundy file format (tables,
//!   part files, round files, nim-value checkpoints).
//! - [`bfile`]: the streaming nim-value files of `grundy values --out`, with
//!   crash-safe checkpoints and `--resume`.
//!
//! No solver lives here: the crate depends on nothing of grundy, so every crate
//! that writes files (the tables of `grundy-retro`, the rounds of `grundy-dist`, the
//! CLI's pictures) can use it.

#![warn(missing_docs)]

pub mod atomic;
pub mod bfile;
mod fnv;

pub use atomic::WriteError;
pub use fnv::{checksum, Fnv};
