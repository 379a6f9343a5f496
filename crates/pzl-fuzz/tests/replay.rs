//! Every fuzz target over every committed seed (`fuzz/seeds/<target>/`) and every past crash
//! input (`fuzz/crashes/<target>/`): a plain `cargo test`, stable Rust, no cargo-fuzz.
//!
//! Replay one target or one file while debugging:
//!   PZL_FUZZ_TARGET=puz_read cargo test -p pzl-fuzz --test replay
//!   cargo run -p pzl-fuzz --example replay -- puz_read path/to/input

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of `dir`, sorted; none when it does not exist.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> =
        entries.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_file()).collect();
    files.sort();
    files
}

fn selected(name: &str) -> bool {
    std::env::var("PZL_FUZZ_TARGET").map_or(true, |only| only == name)
}

#[test]
fn every_target_passes_its_seeds_and_past_crashes() {
    let mut failures: Vec<String> = Vec::new();
    let mut slowest: (Duration, String) = (Duration::ZERO, String::new());
    let mut total = 0;
    for (name, target) in pzl_fuzz::TARGETS.iter().filter(|(name, _)| selected(name)) {
        let seeds = files(&fuzz_dir().join("seeds").join(name));
        if seeds.is_empty() {
            failures.push(format!("{name}: no seeds in fuzz/seeds/{name}/"));
        }
        let crashes = files(&fuzz_dir().join("crashes").join(name));
        for path in seeds.iter().chain(&crashes) {
            let data = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let start = Instant::now();
            let outcome = catch_unwind(AssertUnwindSafe(|| target(&data)));
            let took = start.elapsed();
            total += 1;
            if took > slowest.0 {
                slowest = (took, format!("{name} {}", path.display()));
            }
            if let Err(panic) = outcome {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                failures.push(format!("{name} {}: {message}", path.display()));
            }
        }
        eprintln!("{name}: {} seeds, {} past crashes", seeds.len(), crashes.len());
    }
    eprintln!("{total} inputs; slowest {:?}: {}", slowest.0, slowest.1);
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn the_fuzz_workspace_has_one_binary_per_target() {
    let manifest = fs::read_to_string(fuzz_dir().join("Cargo.toml")).expect("fuzz/Cargo.toml");
    let mut bins: Vec<String> = files(&fuzz_dir().join("fuzz_targets"))
        .iter()
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    bins.sort();
    let mut names: Vec<String> = pzl_fuzz::TARGETS.iter().map(|(n, _)| n.to_string()).collect();
    names.sort();
    assert_eq!(bins, names, "fuzz/fuzz_targets/*.rs and pzl_fuzz::TARGETS");
    for name in &names {
        let source = fs::read_to_string(fuzz_dir().join(format!("fuzz_targets/{name}.rs"))).expect("target");
        assert!(source.contains(&format!("pzl_fuzz::{name}(data)")), "{name}.rs calls pzl_fuzz::{name}");
        assert!(manifest.contains(&format!("name = \"{name}\"")), "fuzz/Cargo.toml has a [[bin]] {name}");
    }
    // Crash folders belong to targets.
    for dir in fs::read_dir(fuzz_dir().join("crashes")).into_iter().flatten().flatten() {
        let dir = dir.file_name().to_string_lossy().into_owned();
        assert!(names.contains(&dir), "fuzz/crashes/{dir} is not a target");
    }
}
