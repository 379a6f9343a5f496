//! Run one fuzz target over files (a crash libFuzzer found, a folder of seeds), outside
//! libFuzzer: `cargo run -p pzl-fuzz --example replay -- TARGET FILE_OR_DIR...`.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((name, paths)) = args.split_first() else {
        eprintln!("usage: replay TARGET FILE_OR_DIR...");
        return ExitCode::from(2);
    };
    let Some(target) = pzl_fuzz::target(name) else {
        let names: Vec<&str> = pzl_fuzz::TARGETS.iter().map(|(n, _)| *n).collect();
        eprintln!("unknown target `{name}`; the targets: {}", names.join(", "));
        return ExitCode::from(2);
    };
    let mut files: Vec<PathBuf> = Vec::new();
    for path in paths.iter().map(PathBuf::from) {
        match std::fs::read_dir(&path) {
            Ok(entries) => {
                files.extend(entries.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_file()))
            }
            Err(_) => files.push(path),
        }
    }
    files.sort();
    for file in &files {
        let data = match std::fs::read(file) {
            Ok(data) => data,
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                return ExitCode::FAILURE;
            }
        };
        eprintln!("{name} {}", file.display());
        target(&data);
    }
    eprintln!("{} files, no failure", files.len());
    ExitCode::SUCCESS
}
