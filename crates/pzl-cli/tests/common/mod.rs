//! Helpers every CLI test file shares: run the built `pzl`, read its output, write input files.
// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Run the built `pzl` with `args` and nothing on standard input.
pub fn pzl(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pzl")).args(args).stdin(Stdio::null()).output().expect("run pzl")
}

/// A path as a command-line argument.
pub fn s(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

pub fn stdout(out: &Output) -> String {
    text(&out.stdout)
}

pub fn stderr(out: &Output) -> String {
    text(&out.stderr)
}

/// Write `content` to `dir/name` and return its path.
pub fn write(dir: &Path, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, content).expect("write a test file");
    path
}

/// The 12 pentominoes (F I L N P T U V W X Y Z), as `pzl-pack` piece drawings.
pub const PENTOMINOES: [(&str, &str); 12] = [
    ("F", ".##\n##.\n.#."),
    ("I", "#####"),
    ("L", "####\n#..."),
    ("N", "##..\n.###"),
    ("P", "##\n##\n#."),
    ("T", "###\n.#.\n.#."),
    ("U", "#.#\n###"),
    ("V", "#..\n#..\n###"),
    ("W", "#..\n##.\n.##"),
    ("X", ".#.\n###\n.#."),
    ("Y", "####\n.#.."),
    ("Z", "##.\n.#.\n.##"),
];

/// A `pzl-pack` file: a full `width` x `height` board and `pieces` (name, drawing), flips allowed.
pub fn pack(title: &str, width: usize, height: usize, pieces: &[(&str, &str)]) -> String {
    let row = format!("{}\n", "#".repeat(width));
    let mut text = format!("pzl-pack 1\ntitle {title}\nflips yes\n\nboard\n{}", row.repeat(height));
    for (name, drawing) in pieces {
        text.push_str(&format!("\npiece {name}\n{drawing}\n"));
    }
    text
}

/// Run `pzl` under a 4 GB address-space cap (a failed fix must not take the machine) and give
/// its output and peak resident memory in KB, measured by `/usr/bin/time -f %M`; `None` where
/// that program is missing.
#[cfg(unix)]
pub fn peak(args: &[&str]) -> Option<(std::process::Output, u64)> {
    if !Path::new("/usr/bin/time").exists() {
        println!("skipping the memory measure: /usr/bin/time is not installed");
        return None;
    }
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("peak");
    let out = Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -v 4000000; report=$1; shift; exec /usr/bin/time -f %M -o "$report" "$@""#)
        .arg("sh")
        .arg(&report)
        .arg(env!("CARGO_BIN_EXE_pzl"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = std::fs::read_to_string(&report).unwrap_or_default();
    let kb = text.lines().rev().find_map(|l| l.trim().parse().ok()).unwrap_or(0);
    assert!(kb > 0, "/usr/bin/time gave no peak: {text:?}");
    Some((out, kb))
}

/// A new folder `small` in `dir` with a 64 KB tmpfs mounted on it, for full-disk tests; `None`
/// (the test says it skips) where mounting is not allowed (it needs root and mount rights).
pub fn small_tmpfs(dir: &Path) -> Option<PathBuf> {
    let mount = dir.join("small");
    std::fs::create_dir(&mount).ok()?;
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(&mount)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|st| st.success());
    if !mounted {
        println!("skipping the full disk: cannot mount a small tmpfs here (needs root and mount rights)");
        return None;
    }
    Some(mount)
}
