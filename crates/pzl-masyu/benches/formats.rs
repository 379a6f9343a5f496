//! Speed of the Masyu formats and the validator on the largest corpus board (janko 760, 58x40,
//! with its solution): read and write every format, and check the solution.

use criterion::{Criterion, criterion_group, criterion_main};
use pzl_masyu::formats::{self, Format};

fn largest_solved() -> Option<pzl_masyu::Board> {
    let dir = pzl_corpus::dir("masyu")?;
    let puzzle = std::fs::read(dir.join("puzzles/janko/760_58x40.txt")).ok()?;
    let solution = std::fs::read(dir.join("solutions/janko/760_58x40.sol")).ok()?;
    let puzzle = formats::read(&puzzle, Format::Text).ok()?.value;
    let lines = formats::read(&solution, Format::Sol).ok()?.value;
    puzzle.with_edges_of(&lines)
}

fn bench(c: &mut Criterion) {
    let Some(board) = largest_solved() else { return };
    for format in Format::ALL {
        let bytes = formats::write(&board, format).expect("writable").bytes;
        c.bench_function(&format!("read {format} 58x40"), |b| b.iter(|| formats::read(&bytes, format)));
        c.bench_function(&format!("write {format} 58x40"), |b| b.iter(|| formats::write(&board, format)));
    }
    c.bench_function("check 58x40 solution", |b| b.iter(|| pzl_masyu::check::check(&board)));
    c.bench_function("render svg 58x40", |b| b.iter(|| pzl_masyu::render::svg(&board)));
}

criterion_group!(benches, bench);
criterion_main!(benches);
