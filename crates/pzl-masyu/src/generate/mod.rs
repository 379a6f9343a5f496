//! Puzzle generation: new Masyu puzzles of a chosen size and grade, each proven unique by the
//! solver and graded by [`crate::solver::grade`]'s ladder (the same solve `pzl solve` runs).
//!
//! One puzzle is made like this (every random choice comes from a ChaCha8 stream seeded with
//! the seed and the puzzle's index, with integer arithmetic only, so the same request gives the
//! same puzzles on every machine and for any number of threads):
//!
//! 1. a random loop: the boundary of a region grown square by square between the cell centres
//!    (see `shape.rs`), symmetric when asked;
//! 2. the pearls the loop allows (black on a turn between two straights, white on a straight next
//!    to a turn); a first selection near the density of hand-made puzzles, avoiding pearls
//!    side by side;
//! 3. solve; while another loop also fits, add (up to three) pearls that loop breaks, or take
//!    that loop as ours when no pearl our loop allows breaks it; when the two loops only swap
//!    back and forth (no pearl either allows tells them apart), or the rules stop where no pearl
//!    fits, change our loop by one square of its region where they part (`shape::nudge`);
//! 4. while the grade is above the one asked, add pearls; then remove pearls (in random order,
//!    the colour above its share of the pearls first) while the puzzle stays unique and no
//!    harder than asked, until it has reached the grade and the density (with `minimal`: until
//!    no pearl can be removed);
//! 5. keep it when the grade is the one asked, else start again from a new loop.
//!
//! Below `expert` (and for `expert` from 350 cells on) steps 3 and 4 run only the rules of the
//! grade, which prove uniqueness without a search, and run them incrementally: a pearl added in
//! step 3 only extends the fixpoint the rules had reached, and the removals of step 4 share the
//! propagation of the pearls they have in common (`thin.rs`), so a puzzle costs a few
//! propagations instead of one per pearl tried. When step 3 needs another loop, the search for
//! it guesses first the values our loop does not have, probes only the path ends at its first
//! 64 guesses, and stops at the first loop found.
//! `hard` and `expert` puzzles are made as `medium` ones first, then hardened: pearls taken
//! away, each removal proven by the `hard` rules, or for `expert` by the search below and the
//! `hard` rules for the grade, until the puzzle needs them.
//!
//! On smaller grids `expert` puzzles take the search path: step 3 looks for another loop first
//! among those that differ from ours by a square or two of its region (no search), then by a
//! search; step 4 keeps a removal when no other loop appears, and grades the puzzle by a full
//! solve only once it is sparse enough.
//!
//! Whether taking a pearl away from a unique puzzle leaves it unique is the question asked most
//! often. Any other loop must break that pearl, so it is looked for where the pearl is: first a
//! loop that differs from ours by a square or two of its region there, then a search that
//! splits on the few lines of ours that keep the pearl (`Differ::Breaking`). Both are far
//! cheaper than a full solve, which counts two solutions from nothing.
//!
//! ```
//! use pzl_masyu::generate::{Request, generate_one};
//! use pzl_masyu::solver::Difficulty;
//! let request = Request::new(8, 8, Difficulty::Easy);
//! let made = generate_one(&request, 7, 0, &Default::default()).unwrap();
//! assert_eq!(made.difficulty, Difficulty::Easy);
//! assert_eq!(made.puzzle.width(), 8);
//! ```

mod shape;
mod thin;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use pzl_core::Error;
use pzl_core::time::Instant;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::solver::{
    Differ, Difficulty, IncrementalRules, Other, Outcome, SolveOptions, SolveResult, Statistics, Within,
    other_solution, solve_with_other, within,
};
use crate::{Board, Cell, EdgeState};
use pzl_grid::{Dir, Pos};

/// The smallest side a generated puzzle may have.
pub const MIN_SIDE: usize = 5;
/// The largest side a generated puzzle may have.
pub const MAX_SIDE: usize = 100;

/// Pearls per cell the generator aims at, per mille: the janko.at and Nikoli puzzles of the
/// corpus have 0.230 and 0.241 pearls per cell (838 puzzles, `index.tsv`).
pub const DENSITY_PER_MILLE: usize = 230;
/// Share of black pearls the generator aims at, per mille: 0.399 in the same puzzles.
pub const BLACK_SHARE_PER_MILLE: usize = 400;

/// The smallest grid (fewer cells) on which each grade is offered; below it the request is
/// refused as impossible. Found by generating: on smaller grids the grade is (nearly) never
/// reached.
fn min_cells(difficulty: Difficulty) -> usize {
    match difficulty {
        Difficulty::Easy | Difficulty::Medium => 25,
        Difficulty::Hard => 36,
        Difficulty::Expert => 64,
    }
}

/// A symmetry of the pearls (and of the loop they come from).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    /// No symmetry.
    #[default]
    None,
    /// Unchanged by a half turn.
    Rotational,
    /// Unchanged by a left–right mirror.
    Mirror,
}

impl Symmetry {
    /// Every symmetry, as the command line names them.
    pub const ALL: [Symmetry; 3] = [Symmetry::None, Symmetry::Rotational, Symmetry::Mirror];

    /// The name (`none`, `rotational`, `mirror`).
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Mirror => "mirror",
        }
    }

    /// The symmetry called `name`, or a usage error listing them.
    pub fn parse(name: &str) -> Result<Symmetry, Error> {
        Symmetry::ALL.into_iter().find(|s| s.name() == name).ok_or_else(|| {
            Error::usage(format!("unknown symmetry `{name}`")).hint("use none, rotational or mirror")
        })
    }

    fn image(self, pos: Pos, width: usize, height: usize) -> Pos {
        match self {
            Symmetry::None => pos,
            Symmetry::Rotational => Pos::new(height - 1 - pos.row, width - 1 - pos.col),
            Symmetry::Mirror => Pos::new(pos.row, width - 1 - pos.col),
        }
    }
}

/// The grades a request can ask for, in order.
pub const DIFFICULTIES: [Difficulty; 4] =
    [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard, Difficulty::Expert];

/// The grade called `name` (`easy`, `medium`, `hard`, `expert`), or a usage error listing them.
pub fn parse_difficulty(name: &str) -> Result<Difficulty, Error> {
    DIFFICULTIES.into_iter().find(|d| d.name() == name).ok_or_else(|| {
        let names: Vec<&str> = DIFFICULTIES.iter().map(|d| d.name()).collect();
        Error::usage(format!("unknown difficulty `{name}`")).hint(format!("use {}", names.join(", ")))
    })
}

/// A size written `WxH` (or `N` for N×N), checked against [`MIN_SIDE`]..=[`MAX_SIDE`].
pub fn parse_size(text: &str) -> Result<(usize, usize), Error> {
    let bad = || {
        Error::usage(format!("bad size `{text}`"))
            .hint(format!("give it as WxH, e.g. 10x10 or 18x10, each side {MIN_SIDE} to {MAX_SIDE}"))
    };
    let (w, h) = match text.split_once(['x', 'X', '×']) {
        Some((w, h)) => (w.trim(), h.trim()),
        None => (text.trim(), text.trim()),
    };
    let w: usize = w.parse().map_err(|_| bad())?;
    let h: usize = h.parse().map_err(|_| bad())?;
    check_size(w, h)?;
    Ok((w, h))
}

fn check_size(w: usize, h: usize) -> Result<(), Error> {
    if (MIN_SIDE..=MAX_SIDE).contains(&w) && (MIN_SIDE..=MAX_SIDE).contains(&h) {
        Ok(())
    } else {
        Err(Error::usage(format!("size {w}x{h} is out of range"))
            .hint(format!("each side must be {MIN_SIDE} to {MAX_SIDE}")))
    }
}

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// Cells per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The grade every puzzle must have.
    pub difficulty: Difficulty,
    /// The symmetry of the pearls.
    pub symmetry: Symmetry,
    /// No pearl may be removable without losing uniqueness.
    pub minimal: bool,
}

impl Request {
    /// A request with no symmetry, not minimal.
    pub fn new(width: usize, height: usize, difficulty: Difficulty) -> Request {
        Request { width, height, difficulty, symmetry: Symmetry::None, minimal: false }
    }

    /// Refuse what cannot be made: sizes out of range, a grade the size cannot reach.
    pub fn check(&self) -> Result<(), Error> {
        check_size(self.width, self.height)?;
        let cells = self.width * self.height;
        if cells < min_cells(self.difficulty) {
            let smallest = (1..).find(|n| n * n >= min_cells(self.difficulty)).unwrap_or(MIN_SIDE);
            return Err(Error::usage(format!(
                "no {} puzzle can be generated at {}x{}",
                self.difficulty.name(),
                self.width,
                self.height
            ))
            .hint(format!(
                "{} puzzles need at least {} cells (e.g. {smallest}x{smallest})",
                self.difficulty.name(),
                min_cells(self.difficulty)
            )));
        }
        Ok(())
    }
}

/// When to stop: a deadline and a cancel flag (Ctrl-C), both shared by every puzzle of a run.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Stop when this becomes true.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Limits {
    fn expired(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn solve_options(&self) -> SolveOptions {
        SolveOptions {
            timeout: self.deadline.map(|d| d.saturating_duration_since(Instant::now())),
            cancel: self.cancel.clone(),
            ..SolveOptions::default()
        }
    }
}

/// Why a puzzle was not made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// The deadline passed or the run was cancelled first.
    TimedOut,
}

/// One generated puzzle.
#[derive(Debug, Clone)]
pub struct Generated {
    /// Its index in the run (from 0): with the seed, all it takes to make it again.
    pub index: u64,
    /// The run's seed.
    pub seed: u64,
    /// The puzzle: pearls, no edge drawn.
    pub puzzle: Board,
    /// Its only solution.
    pub solution: Board,
    /// Its grade (exactly the one asked).
    pub difficulty: Difficulty,
    /// What the solve that proved it unique needed.
    pub stats: Statistics,
    /// Loops tried before this one was kept (1 when the first one was).
    pub attempts: u32,
    /// Solves run to make it.
    pub solves: u32,
    /// Time it took, in microseconds.
    pub micros: u64,
}

/// What is reported of one made puzzle (`pzl generate masyu --json`, one line each): how to make
/// it again, its size, grade and pearls, where it went and what making it cost.
#[derive(Debug, serde::Serialize)]
pub struct Made<'a> {
    /// Its index in the run.
    pub index: u64,
    /// The run's seed.
    pub seed: u64,
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Its grade's name.
    pub difficulty: &'static str,
    /// White and black pearls.
    pub pearls: usize,
    /// White pearls.
    pub whites: usize,
    /// Black pearls.
    pub blacks: usize,
    /// The file it was written to, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The puzzle's text, when it went to no file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<String>,
    /// Loops tried.
    pub attempts: u32,
    /// Solves run.
    pub solves: u32,
    /// Time taken, in microseconds.
    pub micros: u64,
    /// What the proving solve needed.
    pub stats: &'a Statistics,
}

impl Generated {
    /// What is reported of this puzzle, written to `file` or shown as `puzzle` text.
    pub fn made(&self, file: Option<String>, puzzle: Option<String>) -> Made<'_> {
        let (whites, blacks) = self.puzzle.pearl_counts();
        Made {
            index: self.index,
            seed: self.seed,
            width: self.puzzle.width(),
            height: self.puzzle.height(),
            difficulty: self.difficulty.name(),
            pearls: whites + blacks,
            whites,
            blacks,
            file,
            puzzle,
            attempts: self.attempts,
            solves: self.solves,
            micros: self.micros,
            stats: &self.stats,
        }
    }
}

/// The portable random stream of one puzzle.
pub(crate) struct Rng(ChaCha8Rng);

impl Rng {
    pub(crate) fn new(seed: u64, index: u64) -> Rng {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(index);
        Rng(rng)
    }

    /// A number in `0..n` (`n` > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }

    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// Make puzzle number `index` of the run seeded `seed`. The same arguments give the same puzzle
/// on every machine; it stops early only when `limits` say so.
pub fn generate_one(request: &Request, seed: u64, index: u64, limits: &Limits) -> Result<Generated, Stopped> {
    let started = Instant::now();
    let mut rng = Rng::new(seed, index);
    let mut maker = Maker { request, limits, solves: 0 };
    let mut attempts = 0;
    loop {
        attempts += 1;
        if let Some((puzzle, solution, result)) = maker.attempt(&mut rng)? {
            return Ok(Generated {
                index,
                seed,
                puzzle,
                solution,
                difficulty: request.difficulty,
                stats: result.stats,
                attempts,
                solves: maker.solves,
                micros: started.elapsed().as_micros() as u64,
            });
        }
    }
}

/// The most puzzles one run makes: they are held until the run ends (findings N9: a count of
/// 10¹² asked for 224 TB at once). Larger sets are made in several runs with other seeds.
pub const MAX_COUNT: u64 = 1_000_000;

/// Refuse a count of 0 or over [`MAX_COUNT`].
pub fn check_count(count: u64) -> Result<(), Error> {
    if count == 0 {
        return Err(Error::usage("--count must be at least 1"));
    }
    if count > MAX_COUNT {
        return Err(Error::limit(format!("--count {count}: one run makes at most {MAX_COUNT} puzzles"))
            .hint("make larger sets in several runs with different --seed values"));
    }
    Ok(())
}

/// Make puzzles `0..count` of the run seeded `seed` on `jobs` threads (0: one per core), in
/// index order whatever the number of threads. `done` is called after each puzzle (for a
/// progress bar). A puzzle the limits stopped is `Err(Stopped)`; the others are still made.
pub fn generate(
    request: &Request,
    seed: u64,
    count: u64,
    jobs: usize,
    limits: &Limits,
    done: &(dyn Fn(&Result<Generated, Stopped>) + Sync),
) -> Result<Vec<Result<Generated, Stopped>>, Error> {
    use rayon::prelude::*;
    request.check()?;
    check_count(count)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| Error::io(format!("cannot start {jobs} threads: {e}")))?;
    Ok(pool.install(|| {
        (0..count)
            .into_par_iter()
            .map(|index| {
                let made = generate_one(request, seed, index, limits);
                done(&made);
                made
            })
            .collect()
    }))
}

struct Maker<'a> {
    request: &'a Request,
    limits: &'a Limits,
    solves: u32,
}

/// The pearls one attempt works with.
struct Pearls {
    width: usize,
    height: usize,
    /// The pearl the loop allows at each cell (`Empty` where none fits).
    allowed: Vec<Cell>,
    /// The pearls placed.
    placed: Vec<Cell>,
    symmetry: Symmetry,
}

impl Pearls {
    fn count(&self) -> usize {
        self.placed.iter().filter(|c| c.is_pearl()).count()
    }

    /// The placed pearls (one per orbit) in random order, black and white apart: the lists
    /// [`Pearls::next_to_take`] takes from.
    fn removal_lists(&self, rng: &mut Rng) -> (Vec<usize>, Vec<usize>) {
        let mut taken = self.taken();
        rng.shuffle(&mut taken);
        taken.into_iter().partition(|&i| self.allowed[i] == Cell::Black)
    }

    /// The next pearl to try taking away: of the colour above its share of the placed pearls
    /// ([`BLACK_SHARE_PER_MILLE`]), from `blacks` or `whites` (the other when that one is empty).
    fn next_to_take(&self, blacks: &mut Vec<usize>, whites: &mut Vec<usize>) -> Option<usize> {
        if self.colour_below_share() == Cell::White {
            blacks.pop().or_else(|| whites.pop())
        } else {
            whites.pop().or_else(|| blacks.pop())
        }
    }

    /// The pearl colour with less than its share of the placed pearls (white when black has
    /// more than [`BLACK_SHARE_PER_MILLE`]).
    fn colour_below_share(&self) -> Cell {
        let black = self.placed.iter().filter(|&&c| c == Cell::Black).count();
        if black * 1000 > self.count() * BLACK_SHARE_PER_MILLE { Cell::White } else { Cell::Black }
    }

    /// The cells that go together under the symmetry (one or two).
    fn orbit(&self, i: usize) -> [usize; 2] {
        let pos = Pos::new(i / self.width, i % self.width);
        let image = self.symmetry.image(pos, self.width, self.height);
        [i, image.row * self.width + image.col]
    }

    /// Allow a pearl only where its image under the symmetry is allowed the same pearl.
    fn symmetrise(&mut self) {
        for i in 0..self.allowed.len() {
            let [_, j] = self.orbit(i);
            if self.allowed[i] != self.allowed[j] {
                self.allowed[i] = Cell::Empty;
                self.allowed[j] = Cell::Empty;
            }
        }
    }

    fn set(&mut self, i: usize, on: bool) {
        for j in self.orbit(i) {
            self.placed[j] = if on { self.allowed[j] } else { Cell::Empty };
        }
    }

    /// Place the pearl at `i` (and its image) and tell `rules`.
    fn place(&mut self, i: usize, rules: &mut IncrementalRules) {
        self.set(i, true);
        self.tell(i, rules);
    }

    /// Tell `rules` of the pearl placed at `i` (and at its image).
    fn tell(&self, i: usize, rules: &mut IncrementalRules) {
        for j in self.orbit(i) {
            rules.add(j, self.placed[j]);
        }
    }

    /// The rules of `level` with every placed pearl but those in `left_out`, propagated.
    fn incremental_rules(&self, level: Difficulty, left_out: &[usize]) -> IncrementalRules {
        let mut rules = IncrementalRules::new(self.width, self.height, &self.allowed, level);
        for (i, cell) in self.placed.iter().enumerate() {
            if cell.is_pearl() && !left_out.iter().any(|&o| self.orbit(o).contains(&i)) {
                rules.add(i, *cell);
            }
        }
        rules.propagate();
        rules
    }

    /// Whether a pearl sits beside cell `i` (or its image).
    fn crowded(&self, i: usize) -> bool {
        self.orbit(i).into_iter().any(|j| {
            let (r, c) = (j / self.width, j % self.width);
            Dir::ALL.iter().any(|d| {
                let (dr, dc) = d.delta();
                let (nr, nc) = (r as isize + dr, c as isize + dc);
                nr >= 0
                    && nc >= 0
                    && (nr as usize) < self.height
                    && (nc as usize) < self.width
                    && self.placed[nr as usize * self.width + nc as usize].is_pearl()
            })
        })
    }

    fn board(&self) -> Board {
        let mut board = Board::new(self.width, self.height);
        for (i, &cell) in self.placed.iter().enumerate() {
            board.set_cell(Pos::new(i / self.width, i % self.width), cell);
        }
        board
    }

    /// Cells where a pearl could go (one per orbit).
    fn free(&self) -> Vec<usize> {
        (0..self.allowed.len())
            .filter(|&i| self.allowed[i].is_pearl() && !self.placed[i].is_pearl() && self.orbit(i)[1] >= i)
            .collect()
    }

    /// Cells where a pearl could go (one per orbit) within `reach` steps of one of `cells`.
    fn free_near(&self, cells: &[usize], reach: isize) -> Vec<usize> {
        let (w, h) = (self.width as isize, self.height as isize);
        let mut near = vec![false; self.allowed.len()];
        for &i in cells {
            let (r0, c0) = ((i / self.width) as isize, (i % self.width) as isize);
            for r in (r0 - reach).max(0)..=(r0 + reach).min(h - 1) {
                let left = reach - (r - r0).abs();
                for c in (c0 - left).max(0)..=(c0 + left).min(w - 1) {
                    near[(r * w + c) as usize] = true;
                }
            }
        }
        self.free().into_iter().filter(|&i| self.orbit(i).into_iter().any(|j| near[j])).collect()
    }

    /// Whether the loop with line masks `masks` fits every pearl placed that reads the lines of
    /// the cells `changed` (a pearl reads its own cell's and its neighbours').
    fn fit_near(&self, masks: &[u8], changed: &[usize]) -> bool {
        let (w, h) = (self.width as isize, self.height as isize);
        changed.iter().all(|&i| {
            let (r, c) = ((i / self.width) as isize, (i % self.width) as isize);
            [(0, 0), (0, 1), (0, -1), (1, 0), (-1, 0)].iter().all(|&(dr, dc)| {
                let (nr, nc) = (r + dr, c + dc);
                let inside = nr >= 0 && nc >= 0 && nr < h && nc < w;
                let j = (nr * w + nc) as usize;
                !inside || satisfies(masks, self.width, j, self.placed[j])
            })
        })
    }

    /// Cells with a pearl (one per orbit).
    fn taken(&self) -> Vec<usize> {
        (0..self.placed.len()).filter(|&i| self.placed[i].is_pearl() && self.orbit(i)[1] >= i).collect()
    }
}

/// The loop with line masks `masks` as a board (no pearls), every other edge a cross.
fn loop_board(masks: &[u8], width: usize, height: usize) -> Board {
    let mut board = Board::new(width, height);
    for (i, &mask) in masks.iter().enumerate() {
        let pos = Pos::new(i / width, i % width);
        for dir in [Dir::Right, Dir::Down] {
            let state = if mask & dir.bit() != 0 { EdgeState::Line } else { EdgeState::Cross };
            board.set_edge_from(pos, dir, state);
        }
    }
    board
}

/// The line masks of a board (R=1, U=2, L=4, D=8), row-major.
fn masks(board: &Board) -> Vec<u8> {
    let mut out = Vec::with_capacity(board.width() * board.height());
    for row in 0..board.height() {
        for col in 0..board.width() {
            out.push(board.line_mask(Pos::new(row, col)));
        }
    }
    out
}

fn straight(mask: u8) -> bool {
    mask == 0b0101 || mask == 0b1010
}

fn turn(mask: u8) -> bool {
    mask != 0 && !straight(mask)
}

/// Whether the loop with `masks` satisfies a `pearl` at cell `i`.
fn satisfies(masks: &[u8], width: usize, i: usize, pearl: Cell) -> bool {
    let mask = masks[i];
    // The neighbour of `i` the line leaves to in `dir` (the loop never leaves the grid).
    let next = |dir: Dir| {
        let (dr, dc) = dir.delta();
        let r = (i / width) as isize + dr;
        let c = (i % width) as isize + dc;
        masks[(r * width as isize + c) as usize]
    };
    let out = || Dir::ALL.into_iter().filter(move |d| mask & d.bit() != 0);
    match pearl {
        Cell::Empty => true,
        Cell::Black => turn(mask) && out().all(|d| straight(next(d))),
        Cell::White => straight(mask) && out().any(|d| turn(next(d))),
    }
}

/// A first selection of the pearls the loop allows, a little denser than `aim` pearls (the
/// uniqueness step adds more), with black and white in the proportion of hand-made puzzles and
/// few pearls side by side.
fn first_selection(pearls: &mut Pearls, rng: &mut Rng, aim: usize) {
    let first = aim * 6 / 5;
    let mut free = pearls.free();
    rng.shuffle(&mut free);
    let blacks = free.iter().filter(|&&i| pearls.allowed[i] == Cell::Black).count().max(1);
    let whites = free.iter().filter(|&&i| pearls.allowed[i] == Cell::White).count().max(1);
    let want_black = first * BLACK_SHARE_PER_MILLE / 1000;
    let want_white = first - want_black;
    for &i in &free {
        let (want, of) = match pearls.allowed[i] {
            Cell::Black => (want_black, blacks),
            _ => (want_white, whites),
        };
        if rng.below(of) < want && (!pearls.crowded(i) || rng.below(8) == 0) {
            pearls.set(i, true);
        }
    }
}

/// From this many cells on, `expert` puzzles are made as `medium` ones by the rules, then
/// hardened ([`Maker::harden`]); on smaller grids by the search path
/// ([`Maker::attempt_by_search`]). Measured in instructions (seed 3, one thread, 10 puzzles,
/// 8 at 18×18; search path against hardening): 0.93 G against 2.9 G at 10×10, 1.6 G against
/// 3.6 G at 12×12, 3.4 G against 4.7 G at 15×15, 9.6 G against 13.0 G at 18×18, 20.3 G
/// against 7.4 G at 20×20.
const HARDEN_FROM_CELLS: usize = 350;

/// What one step of [`thin::thin`] decided about the pearl it took away.
enum Taken {
    /// It stays away.
    Yes,
    /// It stays away, and no other pearl is taken.
    YesAndStop,
    /// It is put back.
    No,
}

/// What to do when the rules (or the search) stop and no free pearl of our loop can help.
enum Switch {
    /// Another loop fits every pearl placed (its line masks): take it as ours, since it allows
    /// other pearls.
    To(Vec<u8>),
    /// Change our loop a little at one of these cells.
    Near(Vec<usize>),
}

/// The loop changes of one attempt.
#[derive(Default)]
struct LoopChanges {
    /// The pearls placed at the last change.
    pearls_then: Option<usize>,
    /// The most pearls placed at any change.
    most: usize,
    /// Changes that came with no more pearls than that.
    stalls: u32,
}

impl LoopChanges {
    /// Take another loop as ours, or change ours where it is stuck, then drop the pearls the new
    /// loop does not allow. A switch to another loop when the last change added no pearl means
    /// the two loops swap back and forth with no pearl either allows between them: ours is
    /// changed where they part instead. False when no change can be made, or when too many
    /// changes brought no new pearl (8, and one more per 50 cells, since a larger grid has more
    /// places where two loops can part): the attempt should start again.
    fn make(&mut self, rng: &mut Rng, pearls: &mut Pearls, ours: &mut Vec<u8>, switch: Switch) -> bool {
        let count = pearls.count();
        if count > self.most {
            self.most = count;
        } else {
            self.stalls += 1;
            if self.stalls > 8 + (ours.len() / 50) as u32 {
                return false;
            }
        }
        let stalled = self.pearls_then.is_some_and(|then| count <= then);
        let near = match switch {
            Switch::To(other) if other.len() != ours.len() => return false,
            Switch::To(other) if !stalled => Ok(other),
            Switch::To(other) => Err((0..ours.len()).filter(|&i| ours[i] != other[i]).collect::<Vec<_>>()),
            Switch::Near(cells) => Err(cells),
        };
        *ours = match near {
            Ok(other) => other,
            Err(cells) => match shape::nudge(rng, ours, &cells, pearls.width, pearls.height, pearls.symmetry)
            {
                Some(next) => next,
                None => return false,
            },
        };
        pearls.allowed = allowed_pearls(ours, pearls.width);
        pearls.symmetrise();
        for i in 0..pearls.placed.len() {
            if pearls.placed[i] != pearls.allowed[i] {
                pearls.placed[i] = Cell::Empty;
            }
        }
        self.pearls_then = Some(pearls.count());
        true
    }
}

/// The pearl the loop allows at each cell: black on a turn between two straights, white on a
/// straight next to a turn, none elsewhere.
fn allowed_pearls(masks: &[u8], width: usize) -> Vec<Cell> {
    (0..masks.len())
        .map(|i| {
            if masks[i] == 0 {
                Cell::Empty
            } else if satisfies(masks, width, i, Cell::Black) {
                Cell::Black
            } else if satisfies(masks, width, i, Cell::White) {
                Cell::White
            } else {
                Cell::Empty
            }
        })
        .collect()
}

impl Maker<'_> {
    /// Before each solve: stop when the limits say so, else count it.
    fn count_solve(&mut self) -> Result<(), Stopped> {
        if self.limits.expired() {
            return Err(Stopped::TimedOut);
        }
        self.solves += 1;
        Ok(())
    }

    fn solve(&mut self, board: &Board) -> Result<(SolveResult, Option<Board>), Stopped> {
        self.count_solve()?;
        let (result, other) = solve_with_other(board, &self.limits.solve_options());
        if result.outcome == Outcome::TimedOut || (result.unique.is_none() && other.is_none()) {
            return Err(Stopped::TimedOut);
        }
        Ok((result, other))
    }

    /// The full solve of `pearls`, run unless `cache` holds the one of as many pearls (pearls
    /// are only taken away, so the same count is the same puzzle), and kept there.
    fn solve_once<'c>(
        &mut self,
        cache: &'c mut Option<(usize, SolveResult)>,
        pearls: &Pearls,
    ) -> Result<&'c SolveResult, Stopped> {
        let result = match cache.take() {
            Some((count, result)) if count == pearls.count() => result,
            _ => self.solve(&pearls.board())?.0,
        };
        Ok(&cache.insert((pearls.count(), result)).1)
    }

    /// The guesses a search of the rules-only path may make (see [`Maker::solve_briefly`]).
    fn guess_budget(&self) -> u64 {
        2_000 + 500 * (self.request.width * self.request.height) as u64 / 100
    }

    /// A full solve of one loop's puzzle in the rules-only path, given at most a budget of
    /// guesses that grows with the grid (2,000 plus 500 per 100 cells; a budget of guesses, not
    /// of time, so every machine makes the same puzzles): a board whose search runs longer is
    /// not worth it — another loop is. `Ok(None)` when the budget ran out first.
    fn solve_briefly(&mut self, board: &Board) -> Result<Option<(SolveResult, Option<Board>)>, Stopped> {
        self.count_solve()?;
        let mut options = self.limits.solve_options();
        options.max_decisions = Some(self.guess_budget());
        let (result, other) = solve_with_other(board, &options);
        if result.outcome == Outcome::TimedOut || (result.unique.is_none() && other.is_none()) {
            return if self.limits.expired() { Err(Stopped::TimedOut) } else { Ok(None) };
        }
        Ok(Some((result, other)))
    }

    /// The guesses a search for another loop may make: 1,000 plus 50 per 100 cells. The loops
    /// found in the speed runs (seed 3, 10×10 to 60×60) took at most 82 guesses at 20×20, 714
    /// at 40×40 and 2,361 at 60×60 (about 2.5 ms each there); a search that finds none within
    /// this budget is not worth it, and the full solve's budget let one run 48 s at 60×60.
    fn other_loop_budget(&self) -> u64 {
        1_000 + 50 * (self.request.width * self.request.height) as u64 / 100
    }

    /// Another loop than ours that fits `pearls`, searched as `differ` says ([`other_solution`]:
    /// `Anywhere` tends to find one far from ours, `Near` one close to it), within
    /// [`Maker::other_loop_budget`] (`TimedOut` when it runs out).
    fn other_loop(&mut self, pearls: &Pearls, ours: &[u8], differ: Differ) -> Result<Other, Stopped> {
        self.count_solve()?;
        let known = loop_board(ours, pearls.width, pearls.height);
        let other = other_solution(&pearls.board(), &known, differ, &self.other_loop_options());
        self.stopped_if_expired(other)
    }

    /// Another loop than ours that fits `pearls`, where ours was the only one before the pearl
    /// at `removed` (and its image) was taken away, within [`Maker::other_loop_budget`]: a loop
    /// that differs from ours by a square or two of its region there when one fits (no
    /// search), else the search breaking that pearl ([`Differ::Breaking`]) on top of `rules`
    /// (they hold every pearl placed, run without a contradiction). `quick`: its pass without
    /// probing only, `TimedOut` when that leaves it open.
    fn other_loop_without(
        &mut self,
        pearls: &Pearls,
        ours: &[u8],
        removed: usize,
        rules: &mut IncrementalRules,
        quick: bool,
    ) -> Result<Other, Stopped> {
        self.count_solve()?;
        let (width, height) = (pearls.width, pearls.height);
        if let Some(other) = pearls.orbit(removed).into_iter().find_map(|cell| {
            shape::bump_near(ours, width, height, cell, |next, changed| pearls.fit_near(next, changed))
        }) {
            return Ok(Other::Found(loop_board(&other, width, height)));
        }
        let known = loop_board(ours, width, height);
        let removed = pearls.orbit(removed);
        let other =
            rules.other_solution(&known, Differ::Breaking(&removed), quick, &self.other_loop_options());
        self.stopped_if_expired(other)
    }

    fn other_loop_options(&self) -> SolveOptions {
        SolveOptions { max_decisions: Some(self.other_loop_budget()), ..self.limits.solve_options() }
    }

    /// `other`, or `Stopped` when it ran out because the limits did.
    fn stopped_if_expired(&self, other: Other) -> Result<Other, Stopped> {
        if matches!(other, Other::TimedOut) && self.limits.expired() {
            return Err(Stopped::TimedOut);
        }
        Ok(other)
    }

    /// What the rules of `level` and below make of `pearls` (solved: unique, no harder).
    fn rules(&mut self, pearls: &Pearls, level: Difficulty) -> Result<Within, Stopped> {
        self.count_solve()?;
        Ok(within(&pearls.board(), level))
    }

    /// Run `rules` on from where they stopped (counted as a solve).
    fn run(&mut self, rules: &mut IncrementalRules) -> Result<Within, Stopped> {
        self.count_solve()?;
        Ok(rules.run())
    }

    /// The one-level hypotheses on top of `rules`' propagation (counted as a solve).
    fn probe(&mut self, rules: &mut IncrementalRules) -> Result<Within, Stopped> {
        self.count_solve()?;
        Ok(rules.probe(&self.limits.solve_options()))
    }

    /// Whether the rules of `level` and below alone solve `pearls` (which proves it unique).
    /// Hypotheses cost far more than propagation; [`within`] tries them only when propagation
    /// alone does not solve it.
    fn solved_within(&mut self, pearls: &Pearls, level: Difficulty) -> Result<bool, Stopped> {
        Ok(matches!(self.rules(pearls, level)?, Within::Solved))
    }

    /// One loop: a puzzle at the grade asked, or `None` to try another loop.
    fn attempt(&mut self, rng: &mut Rng) -> Result<Option<(Board, Board, SolveResult)>, Stopped> {
        match self.request.difficulty {
            Difficulty::Expert if self.request.width * self.request.height < HARDEN_FROM_CELLS => {
                self.attempt_by_search(rng)
            }
            _ => self.attempt_by_rules(rng),
        }
    }

    /// A sparse selection of the pearls the loop allows; then, while the rules of the grade
    /// asked (`medium` for `hard` and `expert`) stop with edges undecided, pearls added near
    /// those edges; then pearls taken away (in random order, keeping the share of black pearls
    /// near hand-made puzzles) while the rules still solve it, down to the density aimed at (or,
    /// `minimal`, while any pearl can go), and on while it is still easier than asked. Each
    /// rules-only solve proves the puzzle unique and no harder than asked without any search
    /// (as in Simon Tatham's generator); one real solve checks the result. A `hard` or `expert`
    /// request is made `medium` this way, then goes on to [`Maker::harden`].
    fn attempt_by_rules(&mut self, rng: &mut Rng) -> Result<Option<(Board, Board, SolveResult)>, Stopped> {
        let request = self.request;
        let (width, height) = (request.width, request.height);
        // A hard or expert puzzle starts as a medium one, then is hardened.
        let target = request.difficulty.min(Difficulty::Medium);
        let easier = (target == Difficulty::Medium).then_some(Difficulty::Easy);
        let mut loop_masks = masks(&shape::random_loop(rng, width, height, request.symmetry));
        let mut pearls = Pearls {
            width,
            height,
            allowed: allowed_pearls(&loop_masks, width),
            placed: vec![Cell::Empty; width * height],
            symmetry: request.symmetry,
        };
        pearls.symmetrise();
        let aim = width * height * DENSITY_PER_MILLE / 1000;
        first_selection(&mut pearls, rng, aim);
        let mut changes = LoopChanges::default();
        let mut rules = pearls.incremental_rules(target, &[]);
        // Solvable by the rules: add pearls where they get stuck. Pearls are only added, so the
        // rules go on from where they stopped.
        loop {
            let cells = match self.run(&mut rules)? {
                Within::Solved => break,
                Within::Failed => return Ok(None),
                Within::Stuck => rules.stuck_cells(),
            };
            let cells: Vec<usize> = cells.into_iter().map(|c| c as usize).collect();
            let mut free: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| pearls.allowed[c].is_pearl() && !pearls.placed[c].is_pearl())
                .collect();
            if free.is_empty() {
                // No pearl left beside the undecided edges: one a step farther may still reach
                // them (a black pearl's legs are two cells long).
                free = pearls.free_near(&cells, 2);
            }
            if free.is_empty() {
                // No pearl our loop allows near where the rules stop (pearls far away would not
                // help, only crowd the puzzle): another loop may fit them all. Take it as ours
                // (it allows other pearls), as the search path does, or change ours there.
                let switch = match self.other_loop(&pearls, &loop_masks, Differ::Anywhere)? {
                    // Unique, but the rules stop: our loop changes where they stop.
                    Other::None => Switch::Near(cells),
                    Other::Found(other) => Switch::To(masks(&other)),
                    Other::TimedOut => return Ok(None),
                };
                if !changes.make(rng, &mut pearls, &mut loop_masks, switch) {
                    return Ok(None);
                }
                rules = pearls.incremental_rules(target, &[]);
                continue;
            }
            rng.shuffle(&mut free);
            // Pearls with room around them first, of them the colour below its share.
            let wanted = pearls.colour_below_share();
            free.sort_by_key(|&i| (pearls.crowded(i), pearls.allowed[i] != wanted));
            for &i in free.iter().take(free.len().div_ceil(8).min(4)) {
                pearls.place(i, &mut rules);
            }
        }
        // Sparser: take pearls away while the rules still solve it.
        let lists = pearls.removal_lists(rng);
        let mut go_on = |maker: &mut Maker, pearls: &Pearls| {
            if pearls.count() > aim || request.minimal {
                return Ok(true);
            }
            // Dense enough: on only while easier than asked.
            match easier {
                Some(level) => maker.solved_within(pearls, level),
                None => Ok(false),
            }
        };
        let mut taken = |maker: &mut Maker, _: &Pearls, _: usize, rules: &mut IncrementalRules| {
            Ok(if matches!(maker.run(rules)?, Within::Solved) { Taken::Yes } else { Taken::No })
        };
        thin::thin(self, &mut pearls, target, lists, &mut go_on, &mut taken)?;
        if request.difficulty > target {
            return self.harden(rng, &mut pearls, &loop_masks);
        }
        self.check(&pearls, target)
    }

    /// The one real solve that checks a puzzle made: unique and of grade `target`, with its
    /// solution; `None` when not (or when its search ran past the budget of guesses).
    fn check(
        &mut self,
        pearls: &Pearls,
        target: Difficulty,
    ) -> Result<Option<(Board, Board, SolveResult)>, Stopped> {
        let Some((result, other)) = self.solve_briefly(&pearls.board())? else { return Ok(None) };
        if other.is_some() || result.unique != Some(true) || result.difficulty != Some(target) {
            return Ok(None);
        }
        let Some(solution) = result.solution.clone() else { return Ok(None) };
        Ok(Some((pearls.board(), solution, result)))
    }

    /// From a `medium` puzzle to the harder grade asked: pearls taken away (in random order,
    /// the colour above its share first) while the puzzle stays unique, until it reaches that
    /// grade (with `minimal`, on while any pearl can go). For `hard`, uniqueness is proven by
    /// the rules: propagation alone first (a removal that leaves it `medium` is kept at once),
    /// then the one-level hypotheses; for `expert`, by a full solve. Most removals cost only
    /// propagation this way, where making the puzzle with the `hard` rules from the start ran
    /// the hypotheses for every one.
    fn harden(
        &mut self,
        rng: &mut Rng,
        pearls: &mut Pearls,
        ours: &[u8],
    ) -> Result<Option<(Board, Board, SolveResult)>, Stopped> {
        let target = self.request.difficulty;
        let minimal = self.request.minimal;
        let lists = pearls.removal_lists(rng);
        let mut reached = false;
        let mut taken = |maker: &mut Maker, pearls: &Pearls, removed: usize, rules: &mut IncrementalRules| {
            // Propagation alone first: a puzzle it solves is `medium` (or `easy`), below the
            // target, and the removal is kept at once.
            let grade = match maker.run(rules)? {
                Within::Solved => Some(Difficulty::Medium),
                Within::Failed => None,
                // The hypotheses go on from the propagation just run.
                Within::Stuck if target == Difficulty::Hard => match maker.probe(rules)? {
                    Within::Solved => Some(Difficulty::Hard),
                    _ => None,
                },
                // Unique first (most removals are not), then graded by the hypotheses. When the
                // search without probing does not settle it, the hypotheses come first (they are
                // needed for the grade, and solve most), then the search with probing on top.
                Within::Stuck => match maker.other_loop_without(pearls, ours, removed, rules, true)? {
                    Other::Found(_) => None,
                    quick => match maker.probe(rules)? {
                        Within::Solved => Some(Difficulty::Hard),
                        Within::Failed => None,
                        Within::Stuck if matches!(quick, Other::None) => Some(Difficulty::Expert),
                        Within::Stuck => {
                            match maker.other_loop_without(pearls, ours, removed, rules, false)? {
                                Other::None => Some(Difficulty::Expert),
                                Other::Found(_) | Other::TimedOut => None,
                            }
                        }
                    },
                },
            };
            Ok(match grade {
                None => Taken::No,
                Some(grade) if grade == target => {
                    reached = true;
                    if minimal { Taken::Yes } else { Taken::YesAndStop }
                }
                Some(_) => Taken::Yes,
            })
        };
        thin::thin(self, pearls, Difficulty::Medium, lists, &mut |_, _| Ok(true), &mut taken)?;
        if !reached {
            return Ok(None);
        }
        self.check(pearls, target)
    }

    /// The way to expert puzzles (they need a search, so no cheaper proof of uniqueness): a
    /// sparse selection of pearls, pearls added while another loop fits, then removed while
    /// the puzzle stays unique.
    fn attempt_by_search(&mut self, rng: &mut Rng) -> Result<Option<(Board, Board, SolveResult)>, Stopped> {
        let request = self.request;
        let (width, height) = (request.width, request.height);
        let mut loop_masks = masks(&shape::random_loop(rng, width, height, request.symmetry));
        let allowed = allowed_pearls(&loop_masks, width);
        let mut changes = LoopChanges::default();
        let mut pearls = Pearls {
            width,
            height,
            allowed,
            placed: vec![Cell::Empty; width * height],
            symmetry: request.symmetry,
        };

        let aim = width * height * DENSITY_PER_MILLE / 1000;
        first_selection(&mut pearls, rng, aim);

        // Unique: while another loop fits, add a pearl it breaks.
        loop {
            let bumped = shape::bump_anywhere(rng, &loop_masks, width, height, |next, changed| {
                pearls.fit_near(next, changed)
            });
            let other_masks = match bumped {
                Some(other) => other,
                None => match self.other_loop(&pearls, &loop_masks, Differ::Near)? {
                    Other::Found(other) => masks(&other),
                    Other::None => break,
                    Other::TimedOut => return Ok(None),
                },
            };
            let breaking: Vec<usize> = pearls
                .free()
                .into_iter()
                .filter(|&i| {
                    pearls.orbit(i).into_iter().any(|j| !satisfies(&other_masks, width, j, pearls.allowed[j]))
                })
                .collect();
            if breaking.is_empty() {
                // No pearl our loop allows tells the two apart: make the other loop ours (it
                // fits every pearl placed) and go on with the pearls it allows.
                if !changes.make(rng, &mut pearls, &mut loop_masks, Switch::To(other_masks)) {
                    return Ok(None);
                }
                continue;
            }
            let per_round = 3;
            for _ in 0..per_round {
                let roomy: Vec<usize> = breaking
                    .iter()
                    .copied()
                    .filter(|&i| !pearls.placed[i].is_pearl() && !pearls.crowded(i))
                    .collect();
                let left: Vec<usize> =
                    breaking.iter().copied().filter(|&i| !pearls.placed[i].is_pearl()).collect();
                let from = if roomy.is_empty() { &left } else { &roomy };
                if from.is_empty() {
                    break;
                }
                pearls.set(from[rng.below(from.len())], true);
            }
        }

        // Remove pearls while it stays unique, the colour above its share first (as the rules
        // path does), until it is `expert` and no denser than aimed at (with `minimal`, while
        // any pearl can go). Taking a pearl away never makes a puzzle easier, and nothing is
        // harder than `expert`, so only uniqueness decides a removal; the grade is needed only
        // once the puzzle is sparse enough, and a full solve gives it.
        let lists = pearls.removal_lists(rng);
        // The full solve of the pearls placed, once run, and how many they were.
        let mut solved: Option<(usize, SolveResult)> = None;
        let mut go_on = |maker: &mut Maker, pearls: &Pearls| {
            if request.minimal || pearls.count() > aim {
                return Ok(true);
            }
            let result = maker.solve_once(&mut solved, pearls)?;
            Ok(result.difficulty != Some(Difficulty::Expert))
        };
        let mut taken = |maker: &mut Maker, pearls: &Pearls, removed: usize, rules: &mut IncrementalRules| {
            Ok(match maker.run(rules)? {
                Within::Solved => Taken::Yes,
                Within::Failed => Taken::No,
                Within::Stuck => {
                    match maker.other_loop_without(pearls, &loop_masks, removed, rules, false)? {
                        Other::None => Taken::Yes,
                        Other::Found(_) | Other::TimedOut => Taken::No,
                    }
                }
            })
        };
        thin::thin(self, &mut pearls, Difficulty::Medium, lists, &mut go_on, &mut taken)?;
        let current = self.solve_once(&mut solved, &pearls)?.clone();
        if current.difficulty != Some(Difficulty::Expert) || current.unique != Some(true) {
            return Ok(None);
        }
        let puzzle = pearls.board();
        // The solver's solution carries the pearls it solved.
        let Some(solution) = current.solution.clone() else { return Ok(None) };
        Ok(Some((puzzle, solution, current)))
    }
}

#[cfg(test)]
mod tests;
