//! Run one fuzz target over files (a crash libFuzzer found, a folder of seeds), outside
//! libFuzzer: `cargo run -p pzl-fuzz --example replay -- TARGET FILE_OR_DIR...`.
//!
//! `--as NAME[:PARAMS]` before the files makes each file an input of `detect_any` or `convert_any`
//! that opens it under the file name NAME (the byte `pzl_fuzz::opening_byte` gives, then the file).

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((name, mut paths)) = args.split_first() else {
        eprintln!("usage: replay TARGET [--as NAME[:PARAMS]] FILE_OR_DIR...");
        return ExitCode::from(2);
    };
    let mut prefix: Vec<u8> = Vec::new();
    if let [flag, opening, rest @ ..] = paths
        && flag == "--as"
    {
        let (file_name, params) = opening.split_once(':').unwrap_or((opening, ""));
        let Some(byte) = pzl_fuzz::opening_byte(file_name, params) else {
            let names: Vec<&str> = pzl_fuzz::openings().iter().map(|(n, _)| n.as_str()).collect();
            eprintln!("no opening `{opening}`; the names: {}", names.join(" "));
            return ExitCode::from(2);
        };
        prefix.push(byte);
        paths = rest;
    }
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
            Ok(data) => [prefix.as_slice(), &data].concat(),
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
