//! Time the searches in one process (`cargo run --release -p pzl-apad --example speed [weekday]`):
//! every classic date in one pass, generating the reference file, each date on its own, and,
//! with `weekday`, the weekday edition's every date and weekday. Prints CPU times (from
//! `/proc/thread-self/schedstat`, so a busy machine does not inflate them; its tick is a few
//! milliseconds), or wall times elsewhere.

/// A clock: this thread's CPU time on Linux, else wall time.
#[derive(Clone, Copy)]
struct Instant(std::time::Instant, Option<u64>);

fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

impl Instant {
    fn now() -> Instant {
        Instant(std::time::Instant::now(), cpu_ns())
    }
    fn elapsed(self) -> std::time::Duration {
        match (self.1, cpu_ns()) {
            (Some(a), Some(b)) => std::time::Duration::from_nanos(b.saturating_sub(a)),
            _ => self.0.elapsed(),
        }
    }
}

use pzl_apad::solve::{Limits, Solver};
use pzl_apad::{Date, Puzzle};

fn main() {
    let classic = Puzzle::classic();
    let solver = Solver::new(&classic);
    let mut runs = Vec::new();
    for _ in 0..5 {
        let start = Instant::now();
        let mut n = 0u64;
        solver.solve_all(|_| {
            n += 1;
            true
        });
        runs.push(start.elapsed().as_secs_f64());
        assert_eq!(n, 24_405);
    }
    runs.sort_by(f64::total_cmp);
    println!("classic, all dates in one pass: median {:.1} ms", runs[2] * 1e3);
    let start = Instant::now();
    let bytes = pzl_apad::solve::all_sorted(&classic, &Limits::none()).map(|b| b.len()).unwrap_or(0);
    println!("classic, generate ({bytes} bytes): {:.1} ms", start.elapsed().as_secs_f64() * 1e3);
    // One date takes about a millisecond, below the CPU clock's tick: take the fastest of five
    // wall-clock runs of each instead.
    let mut total = 0.0;
    let mut worst = (0.0f64, Date { month: 1, day: 1 });
    for date in Date::all() {
        let fastest = (0..5)
            .map(|_| {
                let t = std::time::Instant::now();
                solver.count_date(date, None);
                t.elapsed().as_secs_f64()
            })
            .fold(f64::INFINITY, f64::min);
        total += fastest;
        if fastest > worst.0 {
            worst = (fastest, date);
        }
    }
    println!(
        "classic, 366 dates one by one (fastest of 5 each): {:.1} ms (mean {:.2} ms, slowest {} {:.2} ms)",
        total * 1e3,
        total * 1e3 / 366.0,
        worst.1,
        worst.0 * 1e3
    );
    if std::env::args().any(|a| a == "weekday") {
        let weekday = Puzzle::weekday();
        let solver = Solver::new(&weekday);
        let start = Instant::now();
        let mut n = 0u64;
        solver.solve_all(|_| {
            n += 1;
            true
        });
        println!(
            "weekday, all dates and weekdays in one pass: {n} solutions in {:.2} s",
            start.elapsed().as_secs_f64()
        );
    }
}
