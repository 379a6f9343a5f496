//! Solve Masyu puzzles (any format pzl-masyu reads) and print, per file, the time and the
//! solver's statistics: `cargo run --release -p pzl-masyu --example solve_files -- FILE...`
//! (`--runs N`: the fastest of N solves). For finding slow boards and what they need.

use pzl_masyu::solver::{SolveOptions, solve};

fn main() {
    let mut runs = 1;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--runs" {
            runs = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
        } else {
            files.push(arg);
        }
    }
    for file in files {
        let board = match std::fs::read(&file).map_err(|e| e.to_string()).and_then(|bytes| {
            let format = pzl_masyu::formats::detect(&bytes).ok_or("not a Masyu format pzl reads")?;
            pzl_masyu::formats::read(&bytes, format).map_err(|e| e.to_string())
        }) {
            Ok(parsed) => parsed.value,
            Err(e) => {
                eprintln!("{file}: {e}");
                std::process::exit(2);
            }
        };
        let mut best = u64::MAX;
        let mut last = None;
        for _ in 0..runs {
            let result = solve(&board, &SolveOptions::default());
            best = best.min(result.stats.micros);
            last = Some(result);
        }
        let Some(result) = last else { continue };
        let s = result.stats;
        println!(
            "{file}\t{best}\t{:?}\t{:?}\tprop {}\thyp {}\tded {}\tdec {}\tdepth {}",
            result.outcome,
            result.unique,
            s.propagations,
            s.hypotheses,
            s.probe_deductions,
            s.decisions,
            s.max_depth
        );
    }
}
