//! Replacing a file whole or not at all: the one atomic writer of grundy.
//!
//! A file is written to a temporary file in the same directory (so the rename
//! stays on one file system), synced, renamed over the output, and the directory
//! synced so that the rename is durable too. A reader sees the old file or the new
//! one, never a part; a full disk or a kill leaves the output as it was.
//!
//! A rename replaces whatever has the name: aimed at `/dev/null`, a terminal or a
//! FIFO, it would put a regular file where the device was (as root, for every other
//! program too), and opening a FIFO blocks until someone opens its other end. So
//! an output, and its temporary file, that exist and are not regular files are
//! refused ([`WriteError::NotRegular`]).
//!
//! Two entries:
//! - [`write`] / [`write_with`]: the whole contents at once; on any error the
//!   temporary file is removed.
//! - [`commit`]: for a temporary file built in place over a long run (a table built
//!   level by level, a nim-value file), which is kept on error so that `--resume`
//!   can continue it; `commit` syncs it and renames it over the output.
//!
//! ```
//! let dir = tempfile::tempdir().unwrap();
//! let out = dir.path().join("v.txt");
//! let tmp = grundy_files::atomic::with_suffix(&out, ".tmp");
//! grundy_files::atomic::write(&out, &tmp, b"0 0\n").unwrap();
//! assert_eq!(std::fs::read(&out).unwrap(), b"0 0\n");
//! assert!(!tmp.exists());
//! ```

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

/// Why a file could not be written. Each variant names the file; the I/O error, if
/// any, is its [`source`](std::error::Error::source) (so `{:#}` of an `anyhow`
/// error reads "cannot write FILE: No space left on device").
#[derive(Debug, Error)]
pub enum WriteError {
    /// The output or its temporary file exists and is not a regular file.
    #[error("{} is {what}, not a regular file", path.display())]
    NotRegular {
        /// The file.
        path: PathBuf,
        /// What it is, in words ([`not_regular`]).
        what: &'static str,
    },
    /// The temporary file could not be created.
    #[error("cannot create {}", path.display())]
    Create {
        /// The temporary file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// Writing or syncing the temporary file failed.
    #[error("cannot write {}", path.display())]
    Write {
        /// The temporary file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The rename over the output failed.
    #[error("cannot rename {} to {}", from.display(), to.display())]
    Rename {
        /// The temporary file.
        from: PathBuf,
        /// The output.
        to: PathBuf,
        /// Why.
        source: io::Error,
    },
}

impl WriteError {
    /// The file the error is about: the temporary file for creating and writing,
    /// the output for the rename and for a refused output.
    pub fn path(&self) -> &Path {
        match self {
            WriteError::NotRegular { path, .. }
            | WriteError::Create { path, .. }
            | WriteError::Write { path, .. } => path,
            WriteError::Rename { to, .. } => to,
        }
    }

    /// The I/O error behind it (for a refused file, one of kind `InvalidInput`
    /// saying what the file is).
    pub fn into_io(self) -> io::Error {
        match self {
            WriteError::NotRegular { what, .. } => io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("it is {what}, not a regular file; give the path of a file to write"),
            ),
            WriteError::Create { source, .. }
            | WriteError::Write { source, .. }
            | WriteError::Rename { source, .. } => source,
        }
    }
}

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

/// A hidden temporary name beside `path`, unique to this process:
/// `DIR/.NAME.PID.tmp`, for outputs with no files of their own beside them (pictures).
pub fn hidden_temp(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    directory(path).join(format!(".{name}.{}.tmp", std::process::id()))
}

/// The directory holding `path` (`.` for a bare name).
fn directory(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Makes a rename or removal in `path`'s directory durable (best effort: not every
/// platform lets a directory be opened and synced).
pub fn sync_dir(path: &Path) {
    if let Ok(d) = File::open(directory(path)) {
        let _ = d.sync_all();
    }
}

fn regular_or_absent(path: &Path) -> Result<(), WriteError> {
    match not_regular(path) {
        Some(what) => Err(WriteError::NotRegular {
            path: path.to_path_buf(),
            what,
        }),
        None => Ok(()),
    }
}

/// Replaces `path` with `bytes`, through the temporary file `tmp` (in the same
/// directory: [`with_suffix`] or [`hidden_temp`]). See [`write_with`].
pub fn write(path: &Path, tmp: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    write_with(path, tmp, |f| f.write_all(bytes))
}

/// Replaces `path` with what `contents` writes to the temporary file `tmp` (in the
/// same directory): `tmp` is created, written, synced and renamed over `path`, and
/// the directory synced. On any error `tmp` is removed and `path` is as it was. A
/// `path` or `tmp` that exists and is not a regular file is refused before anything
/// is opened.
pub fn write_with(
    path: &Path,
    tmp: &Path,
    contents: impl FnOnce(&mut File) -> io::Result<()>,
) -> Result<(), WriteError> {
    regular_or_absent(path)?;
    regular_or_absent(tmp)?;
    let mut f = File::create(tmp).map_err(|source| WriteError::Create {
        path: tmp.to_path_buf(),
        source,
    })?;
    let result = contents(&mut f)
        .map_err(|source| WriteError::Write {
            path: tmp.to_path_buf(),
            source,
        })
        .and_then(|()| commit(&f, tmp, path));
    drop(f);
    if result.is_err() {
        let _ = std::fs::remove_file(tmp);
    }
    result
}

/// Makes the temporary file `tmp` (open as `file`, written in full) the output
/// `path`: syncs it, renames it over `path`, syncs the directory. On error `tmp` is
/// left where it is (a build keeps it for `--resume`). A `path` that exists and is
/// not a regular file is refused.
pub fn commit(file: &File, tmp: &Path, path: &Path) -> Result<(), WriteError> {
    regular_or_absent(path)?;
    file.sync_all().map_err(|source| WriteError::Write {
        path: tmp.to_path_buf(),
        source,
    })?;
    std::fs::rename(tmp, path).map_err(|source| WriteError::Rename {
        from: tmp.to_path_buf(),
        to: path.to_path_buf(),
        source,
    })?;
    sync_dir(path);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_leaves_the_output_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        let tmp = with_suffix(&out, ".tmp");
        write(&out, &tmp, b"old").unwrap();
        let err = write_with(&out, &tmp, |f| {
            f.write_all(b"half")?;
            Err(io::Error::other("disk full"))
        })
        .unwrap_err();
        assert!(matches!(err, WriteError::Write { .. }));
        assert_eq!(err.path(), tmp);
        assert_eq!(std::fs::read(&out).unwrap(), b"old");
        assert!(!tmp.exists());
    }

    #[test]
    fn a_directory_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("sub");
        std::fs::create_dir(&out).unwrap();
        let err = write(&out, &hidden_temp(&out), b"x").unwrap_err();
        assert!(matches!(
            err,
            WriteError::NotRegular {
                what: "a directory",
                ..
            }
        ));
        assert_eq!(
            err.into_io().to_string(),
            "it is a directory, not a regular file; give the path of a file to write"
        );
        // The temporary file is checked too.
        let out = dir.path().join("file");
        let err = write(&out, &dir.path().join("sub"), b"x").unwrap_err();
        assert!(matches!(err, WriteError::NotRegular { .. }));
        assert!(!out.exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_opening_it() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("fifo");
        let ok = std::process::Command::new("mkfifo")
            .arg(&out)
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            return;
        }
        let err = write(&out, &with_suffix(&out, ".tmp"), b"x").unwrap_err();
        assert!(matches!(
            err,
            WriteError::NotRegular {
                what: "a FIFO (named pipe)",
                ..
            }
        ));
    }

    /// The invariant of ARCHITECTURE.md: this module is the one writer that renames a
    /// file into place (the CLI's lock, moved aside when stale, is no output).
    #[test]
    fn no_other_source_renames_a_file_into_place() {
        fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
            for e in std::fs::read_dir(dir).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    walk(&p, out);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    out.push(p);
                }
            }
        }
        let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let mut files = Vec::new();
        for c in std::fs::read_dir(crates).unwrap() {
            let src = c.unwrap().path().join("src");
            if src.is_dir() {
                walk(&src, &mut files);
            }
        }
        let allowed = [
            Path::new("grundy-files/src/atomic.rs"),
            Path::new("grundy-cli/src/lock.rs"),
        ];
        let renaming: Vec<_> = files
            .iter()
            .filter(|f| std::fs::read_to_string(f).unwrap().contains("rename("))
            .map(|f| f.strip_prefix(crates).unwrap().to_path_buf())
            .filter(|f| !allowed.contains(&f.as_path()))
            .collect();
        assert!(files.len() > 50, "the sources were not found: {}", files.len());
        assert!(
            renaming.is_empty(),
            "files renamed outside grundy_files::atomic: {renaming:?}"
        );
    }

    #[test]
    fn hidden_temporary_files_sit_beside_the_output() {
        let t = hidden_temp(Path::new("pics/p.png"));
        assert_eq!(t.parent(), Some(Path::new("pics")));
        assert!(t.file_name().unwrap().to_string_lossy().starts_with(".p.png."));
        assert_eq!(hidden_temp(Path::new("p.png")).parent(), Some(Path::new(".")));
    }
}
