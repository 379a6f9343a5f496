#![deny(missing_docs)]
//! Test support for every pzl crate: where the shared corpus of real files is.
//!
//! The corpus (`../shared/corpus` beside the repository) holds copyrighted puzzles that are never
//! copied into the repository. Tests that read it call [`dir`]: on a fresh clone without it they
//! print why they skip and pass; in CI (`PZL_REQUIRE_CORPUS=1`) a missing corpus is a failure, so
//! the corpus tests cannot silently stop running. `PZL_CORPUS` points elsewhere.

use std::path::PathBuf;

/// The corpus folder for `area` (e.g. `"masyu"`), or `None` (after printing why) when absent.
///
/// # Panics
/// When the corpus is absent and `PZL_REQUIRE_CORPUS` is set: CI must run these tests.
pub fn dir(area: &str) -> Option<PathBuf> {
    let root = match std::env::var_os("PZL_CORPUS") {
        Some(path) => PathBuf::from(path),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
    };
    let dir = root.join(area);
    if dir.is_dir() {
        return Some(dir);
    }
    if std::env::var_os("PZL_REQUIRE_CORPUS").is_some() {
        panic!("PZL_REQUIRE_CORPUS is set but the corpus folder {} is missing", dir.display());
    }
    eprintln!("skipping: the shared corpus {} is absent (set PZL_CORPUS to its path)", dir.display());
    None
}

/// Every file under `dir` (recursively) whose name ends with `suffix`, sorted.
pub fn files(dir: &std::path::Path, suffix: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(suffix)) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}
