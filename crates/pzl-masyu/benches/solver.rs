//! Solver speed: solve and prove unique a few corpus puzzles of each size (10x10, 20x20-ish,
//! 36x20, 40x30, 58x40). Skips (with a message) when the shared corpus is absent.

use criterion::{Criterion, criterion_group, criterion_main};
use pzl_masyu::solver::{Outcome, SolveOptions, solve};
use pzl_masyu::{Board, Cell, Pos};

fn read_puzzle(path: &std::path::Path) -> Option<Board> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut lines = text.lines();
    let mut size = lines.next()?.split_whitespace().map(|n| n.parse::<usize>().ok());
    let (w, h) = (size.next()??, size.next()??);
    let mut board = Board::new(w, h);
    for (r, line) in lines.take(h).enumerate() {
        for (c, ch) in line.chars().take(w).enumerate() {
            let cell = match ch {
                'W' => Cell::White,
                'B' => Cell::Black,
                _ => Cell::Empty,
            };
            board.set_cell(Pos::new(r, c), cell);
        }
    }
    Some(board)
}

const PUZZLES: &[&str] = &[
    "janko/103_10x10",
    "janko/122_10x10",
    "tatham/10x10-tricky-000",
    "fixtures/flar-Wikipedia-Masyu-Example",
    "janko/675_10x10",
    "janko/440_19x18",
    "janko/020_36x20",
    "janko/350_36x20",
    "janko/270_45x31",
    "janko/759_40x30",
    "janko/760_58x40",
    "janko/823_65x35",
];

fn bench(c: &mut Criterion) {
    let Some(dir) = pzl_corpus::dir("masyu") else { return };
    let mut group = c.benchmark_group("solve-unique");
    group.sample_size(10);
    for name in PUZZLES {
        let Some(board) = read_puzzle(&dir.join("puzzles").join(format!("{name}.txt"))) else {
            eprintln!("skipping {name}: not in the corpus");
            continue;
        };
        group.bench_function(*name, |b| {
            b.iter(|| {
                let result = solve(&board, &SolveOptions::default());
                assert_eq!(result.outcome, Outcome::Solved);
                result
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
