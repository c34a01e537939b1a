//! Outputs into a full file system and into a read-only one: one line naming the
//! file and the reason, exit status 2, and nothing under the final name (a `values`
//! run keeps its `.part` and `.ckpt` files for `--resume`; a build its `.tmp`).
//!
//! The file systems are small tmpfs mounts, which need the right to mount (root in
//! a container, say); elsewhere the tests print why they are skipped and pass.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{failed, grundy};

/// A tmpfs of `size` (e.g. "8k") mounted with `options`, unmounted when dropped.
struct Mount(PathBuf);

impl Mount {
    fn new(name: &str, size: &str, read_only: bool) -> Option<Mount> {
        let dir = std::env::temp_dir().join(format!("grundy-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).ok()?;
        let mut options = format!("size={size}");
        if read_only {
            options.push_str(",ro");
        }
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &options, "tmpfs"])
            .arg(&dir)
            .output()
            .is_ok_and(|o| o.status.success());
        if !ok {
            eprintln!("skipped: cannot mount a tmpfs here (needs the right to mount)");
            let _ = std::fs::remove_dir(&dir);
            return None;
        }
        Some(Mount(dir))
    }

    fn path(&self, file: &str) -> String {
        self.0.join(file).to_string_lossy().into_owned()
    }
}

impl Drop for Mount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).output();
        let _ = std::fs::remove_dir(&self.0);
    }
}

/// Each command writing `file` in the mount fails with one line mentioning `reason`
/// and the file, and leaves nothing under the final name.
fn refused_everywhere(mount: &Mount, reason: &str) {
    let (vt, vb, png, svg, th, db) = (
        mount.path("v.txt"),
        mount.path("v.bin"),
        mount.path("p.png"),
        mount.path("p.svg"),
        mount.path("t.png"),
        mount.path("t.db"),
    );
    let game = "subtraction:1,3,4";
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["values", game, "--to", "200000", "--out", &vt], "v.txt"),
        (vec!["values", game, "--to", "200000", "--out", &vb], "v.bin"),
        (
            vec![
                "plot",
                game,
                "--kind",
                "sequence",
                "--out",
                &png,
                "--size",
                "3000x2000",
            ],
            "p.png",
        ),
        (
            vec!["plot", game, "--kind", "sequence", "--out", &svg, "--to", "50000"],
            "p.svg",
        ),
        (
            vec![
                "thermograph",
                "--value",
                "{3|-3}",
                "--out",
                &th,
                "--size",
                "3000x2000",
            ],
            "t.png",
        ),
        (vec!["build", "tictactoe", "--db", &db], "t.db"),
    ];
    for (args, file) in cases {
        let err = failed(&args, grundy(&args));
        assert!(err.contains(reason), "{args:?}: expected '{reason}' in {err}");
        assert!(
            err.contains(file),
            "{args:?}: the error should name the file: {err}"
        );
        assert!(!Path::new(&mount.path(file)).exists(), "{args:?} left {file}");
        // Clear the mount for the next command (resume files included).
        for e in std::fs::read_dir(&mount.0).unwrap() {
            let _ = std::fs::remove_file(e.unwrap().path());
        }
    }
}

#[test]
fn a_full_file_system_is_one_line_and_no_file() {
    if let Some(m) = Mount::new("full", "8k", false) {
        refused_everywhere(&m, "No space left on device");
    }
}

#[test]
fn a_read_only_directory_is_one_line_and_no_file() {
    if let Some(m) = Mount::new("ro", "64k", true) {
        refused_everywhere(&m, "Read-only file system");
    }
}
