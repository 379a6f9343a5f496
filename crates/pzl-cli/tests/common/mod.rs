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
