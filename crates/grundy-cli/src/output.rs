//! Files the commands write and read back, checked before they are opened.
//!
//! Outputs are written to a temporary file that is renamed over the output when
//! complete. A rename replaces whatever has the name: aimed at `/dev/null`, a
//! terminal or a FIFO, it would put a regular file where the device was (as root,
//! for every other program too). And opening a FIFO to read or write blocks until
//! someone opens its other end: a part file or checkpoint that is a FIFO would
//! hang the run. So every output, and every file of the run beside it, must be a
//! regular file if it exists; every input (part file, checkpoint) must be one.

use std::path::Path;

use anyhow::{bail, Context, Result};

pub use grundy_files::atomic::{not_regular, with_suffix};

/// Write a whole file (a picture) or nothing, through a hidden temporary file beside
/// it ([`grundy_files::atomic::write`]), so a full disk never leaves a truncated
/// picture where a good one was. An output that exists and is not a regular file
/// (`/dev/null`, a FIFO) is refused: the rename would put a regular file in the
/// device's place.
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<()> {
    let tmp = grundy_files::atomic::hidden_temp(path);
    grundy_files::atomic::write(path, &tmp, bytes)
        .map_err(grundy_files::WriteError::into_io)
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Refuse an output that exists and is not a regular file, and the same of the
/// files written beside it (`suffixes`, e.g. `.tmp`, `.part`, `.ckpt`): the run
/// would replace a device or FIFO with a regular file, or block on the FIFO.
pub fn check_output(path: &Path, suffixes: &[&str]) -> Result<()> {
    if let Some(what) = not_regular(path) {
        bail!(
            "{} is {what}, not a regular file: give the path of a file to write",
            path.display()
        );
    }
    for suffix in suffixes {
        let beside = with_suffix(path, suffix);
        if let Some(what) = not_regular(&beside) {
            bail!(
                "{} (where {} is written) is {what}, not a regular file: remove it or write elsewhere",
                beside.display(),
                path.display()
            );
        }
    }
    Ok(())
}

/// Refuse an input that exists and is not a regular file (`what` names it: "part
/// file", "checkpoint"): opening a FIFO would wait for a writer for ever.
pub fn check_input(path: &Path, what: &str) -> Result<()> {
    if let Some(kind) = not_regular(path) {
        bail!("{what} {} is {kind}, not a regular file", path.display());
    }
    Ok(())
}

/// Ignore SIGXFSZ, once at startup. Its default action kills the process, with no
/// message, when a write passes the file size limit (`ulimit -f`); ignored, the
/// write fails with EFBIG instead ("File too large"), which every writer reports
/// as an error like a full disk: one line, the temporary file removed, the
/// output untouched.
pub fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to SIG_IGN installs no handler code;
    // it is done once, at startup, before any thread is spawned.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}
