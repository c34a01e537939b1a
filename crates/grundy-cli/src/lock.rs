//! One writer per output file: `FILE.lock`, created with `create_new` and holding
//! the owner's process id, kept for the whole run and removed when it ends.
//!
//! Two runs writing the same output (and its `.part`, `.tmp` and `.ckpt` files)
//! would interleave their bytes and checkpoints; the second run is refused instead.
//! A lock left by a run that was killed (its pid no longer alive) is taken over.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

/// The lock of one output file, released on drop.
#[derive(Debug)]
pub struct OutputLock {
    path: PathBuf,
}

impl OutputLock {
    /// Lock `output` for this process, or say which run holds it.
    pub fn acquire(output: &Path) -> Result<OutputLock> {
        let mut s = output.as_os_str().to_owned();
        s.push(".lock");
        let path = PathBuf::from(s);
        // Twice at most: once more after taking over a stale lock.
        for _ in 0..2 {
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(mut f) => {
                    let lock = OutputLock { path: path.clone() };
                    writeln!(f, "{}", std::process::id()).and_then(|_| f.sync_all())?;
                    return Ok(lock);
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let owner = fs::read_to_string(&path)
                        .ok()
                        .and_then(|t| t.trim().parse::<u32>().ok());
                    match owner {
                        Some(pid) if !alive(pid) => take_over(&path, pid)?,
                        Some(pid) => bail!(
                            "{} is being written by another grundy run (pid {pid}, lock {}): wait for it to finish (or delete the lock if pid {pid} is not grundy)",
                            output.display(),
                            path.display()
                        ),
                        None => bail!(
                            "{} is locked by another grundy run that is starting ({} has no pid yet); if no run is writing it, delete the lock",
                            output.display(),
                            path.display()
                        ),
                    }
                }
                Err(e) => bail!("cannot create the lock {}: {e}", path.display()),
            }
        }
        bail!(
            "{} is being written by another grundy run (lock {})",
            output.display(),
            path.display()
        )
    }
}

impl Drop for OutputLock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

/// Move a dead run's lock out of the way. The rename is atomic; if what was moved
/// turns out to be a live run's fresh lock (it replaced the stale one meanwhile),
/// it is put back.
fn take_over(path: &Path, dead: u32) -> Result<()> {
    let mut s = path.as_os_str().to_owned();
    s.push(format!(".stale.{}", std::process::id()));
    let aside = PathBuf::from(s);
    match fs::rename(path, &aside) {
        Ok(()) => {}
        // Someone else took it over first: try to create ours again.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => bail!("cannot take over the stale lock {}: {e}", path.display()),
    }
    let moved = fs::read_to_string(&aside)
        .ok()
        .and_then(|t| t.trim().parse::<u32>().ok());
    if moved.is_some_and(|pid| pid != dead && alive(pid)) {
        let _ = fs::rename(&aside, path);
        return Ok(());
    }
    let _ = fs::remove_file(&aside);
    Ok(())
}

/// True unless the process is known to be gone (on Linux, `/proc/PID` is absent).
fn alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    if cfg!(target_os = "linux") {
        Path::new("/proc").join(pid.to_string()).exists()
    } else {
        // No portable way to ask without unsafe code: keep the lock; the message
        // says to delete it.
        true
    }
}
