//! Files the commands write and read back, checked before they are opened.
//!
//! Outputs are written to a temporary file that is renamed over the output when
//! complete. A rename replaces whatever has the name: aimed at `/dev/null`, a
//! terminal or a FIFO, it would put a regular file where the device was (as root,
//! for every other program too). And opening a FIFO to read or write blocks until
//! someone opens its other end: a part file or checkpoint that is a FIFO would
//! hang the run. So every output, and every file of the run beside it, must be a
//! regular file if it exists; every input (part file, checkpoint) must be one.

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

/// What the file at `path` is, in words, when it exists and is not a regular file
/// (symbolic links followed: a link to a device is the device).
pub fn not_regular(path: &Path) -> Option<&'static str> {
    let meta = std::fs::metadata(path).ok()?;
    if meta.is_file() {
        return None;
    }
    if meta.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_char_device() {
            return Some("a character device");
        }
        if t.is_block_device() {
            return Some("a block device");
        }
        if t.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// `path` with `suffix` appended to its name (`FILE` → `FILE.tmp`).
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
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
