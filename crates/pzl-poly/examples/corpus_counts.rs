//! Run every benchmark problem of the shared corpus (`poly/problems.json`) and print counts and
//! times: `cargo run --release -p pzl-poly --example corpus_counts [ID…] [--jobs N] [--runs N]`
//! (with `--runs`, the time is the median of that many runs).

#[path = "../benches/corpus_loader.rs"]
mod corpus_loader;

use std::time::Instant;

use pzl_poly::packer::SearchOptions;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let jobs = args
        .iter()
        .position(|a| a == "--jobs")
        .and_then(|i| args.get(i + 1))
        .map_or(1, |j| j.parse().unwrap_or(1));
    let runs = args
        .iter()
        .position(|a| a == "--runs")
        .and_then(|i| args.get(i + 1))
        .map_or(1, |r| r.parse().unwrap_or(1))
        .max(1);
    let wanted: Vec<&String> =
        args.iter().filter(|a| !a.starts_with("--") && a.parse::<usize>().is_err()).collect();
    let Some(dir) = pzl_corpus::dir("poly") else { return };
    for b in corpus_loader::load(&dir) {
        let id = b.id.as_str();
        if !wanted.is_empty() && !wanted.iter().any(|w| w.as_str() == id) {
            continue;
        }
        let problem = &b.problem;
        let task = b.task.as_str();
        let median = || {
            let mut times: Vec<f64> = (0..runs)
                .map(|_| {
                    let start = Instant::now();
                    if task == "count_all" {
                        problem.count(SearchOptions { jobs, ..SearchOptions::default() });
                    } else {
                        problem.first();
                    }
                    start.elapsed().as_secs_f64()
                })
                .collect();
            times.sort_by(f64::total_cmp);
            times[times.len() / 2]
        };
        let start = Instant::now();
        if task == "count_all" {
            let c = problem.count(SearchOptions { jobs, ..SearchOptions::default() });
            println!(
                "{id:32} raw {:>7} (expected {:>7?}) distinct {:>6} (expected {:>6?}) nodes {:>10} {:>8.4} s",
                c.raw,
                b.raw,
                c.distinct,
                b.distinct,
                c.nodes,
                if runs > 1 { median() } else { start.elapsed().as_secs_f64() }
            );
        } else {
            let found =
                problem.impossibility().map(|i| i.to_string()).unwrap_or_else(|| match problem.first() {
                    Some(s) if problem.verify(&s).is_empty() => "found".into(),
                    Some(_) => "INVALID".into(),
                    None => "none".into(),
                });
            let time = if runs > 1 { median() } else { start.elapsed().as_secs_f64() };
            println!("{id:32} {task:10} {found} {time:>8.3} s");
        }
    }
}
