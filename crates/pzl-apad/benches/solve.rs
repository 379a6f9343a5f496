//! Speed of the A-Puzzle-A-Day search: every solution of every date (the reference file), one
//! date, and the weekday edition's every date. Run with `cargo bench -p pzl-apad`.

use criterion::{Criterion, criterion_group, criterion_main};
use pzl_apad::solve::{Limits, Solver};
use pzl_apad::{Date, Puzzle};

fn classic(c: &mut Criterion) {
    let puzzle = Puzzle::classic();
    let solver = Solver::new(&puzzle);
    c.bench_function("classic: all dates, count (one pass)", |b| {
        b.iter(|| {
            let mut n = 0u32;
            solver.solve_all(|_| {
                n += 1;
                true
            });
            assert_eq!(n, 24_405);
        })
    });
    c.bench_function("classic: generate solutions.apad", |b| {
        b.iter(|| pzl_apad::solve::all_sorted(&puzzle, &Limits::none()).map(|bytes| bytes.len()))
    });
    c.bench_function("classic: one date (Jan 25, the most solutions: 216)", |b| {
        b.iter(|| solver.count_date(Date { month: 1, day: 25 }, None))
    });
    // The dates whose search is longest (found with the speed example).
    for (month, day) in [(1, 29), (6, 7)] {
        let date = Date { month, day };
        c.bench_function(&format!("classic: one date ({date}, among the slowest)"), |b| {
            b.iter(|| solver.count_date(date, None))
        });
    }
    c.bench_function("classic: all 366 dates, one search each", |b| {
        b.iter(|| Date::all().map(|date| solver.count_date(date, None)).sum::<u64>())
    });
    c.bench_function("classic: solver setup", |b| b.iter(|| Solver::new(&puzzle).placements().len()));
}

fn weekday(c: &mut Criterion) {
    let puzzle = Puzzle::weekday();
    let solver = Solver::new(&puzzle);
    let mut group = c.benchmark_group("weekday");
    group.sample_size(10);
    group.bench_function("one date (Jun 7, Tue: 10,374)", |b| {
        b.iter(|| solver.count_date(Date { month: 6, day: 7 }, Some(2)))
    });
    group.bench_function("all dates and weekdays, count (one pass)", |b| {
        b.iter(|| {
            let mut n = 0u64;
            solver.solve_all(|_| {
                n += 1;
                true
            });
            n
        })
    });
    group.finish();
}

criterion_group!(benches, classic, weekday);
criterion_main!(benches);
