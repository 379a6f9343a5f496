//! Packing pieces into a board, every piece used once and every board cell covered once.
//!
//! The problem is compiled into a `Plan`: the board's cells numbered along its short side (so
//! the "first empty cell" search always fills the narrow front), every placement of every piece,
//! and the problem's symmetry group: the board's symmetries, where a reflection counts when
//! pieces may flip or come in mirror pairs (it then swaps each piece with its mirror partner).
//! One piece that every symmetry maps to itself has its placements cut down to one per orbit;
//! each solution found then stands for `|G| / |stabiliser|` raw solutions, so `--count` and
//! `--distinct` both run on the reduced search and still give exact figures.
//!
//! The search itself is the bitboard engine (module `bitboard`) for boards of up to 512 cells and 64
//! pieces (const-generic over the number of 64-bit words): first empty cell, placements listed
//! per (cell, pattern of the next few cells, piece), the most constrained pieces first, and
//! pruning by checkerboard balance, isolated cells and pieces that no longer fit anywhere.
//! Anything larger goes to the general [`crate::exact_cover`] engine. Before searching,
//! colouring arguments (checkerboard and stripes) prove many impossible problems at once.
//! Counts split over threads (`jobs`) give the same figures; listed solutions come in the same
//! order.

use pzl_core::time::Instant;
use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use pzl_grid::{Grid, Pos, Symmetry};
use rayon::prelude::*;

use crate::exact_cover::ExactCover;
use crate::shape::{Equivalence, Shape};

/// The region to cover: `true` cells belong to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    cells: Grid<bool>,
}

impl Board {
    /// The board whose `true` cells are to be covered.
    pub fn new(cells: Grid<bool>) -> Board {
        Board { cells }
    }

    /// A board from text rows: cells where `filled` holds belong to it.
    pub fn from_rows<S: AsRef<str>>(rows: &[S], filled: impl Fn(char) -> bool) -> Board {
        let width = rows.iter().map(|r| r.as_ref().chars().count()).max().unwrap_or(0);
        let mut cells = Grid::new(width, rows.len(), false);
        for (row, line) in rows.iter().enumerate() {
            for (col, ch) in line.as_ref().chars().enumerate() {
                if let Some(cell) = cells.get_mut(Pos::new(row, col)) {
                    *cell = filled(ch);
                }
            }
        }
        Board { cells }
    }

    /// The cells: `true` belongs to the board.
    pub fn grid(&self) -> &Grid<bool> {
        &self.cells
    }

    /// The width of the board's grid.
    pub fn width(&self) -> usize {
        self.cells.width()
    }

    /// The height of the board's grid.
    pub fn height(&self) -> usize {
        self.cells.height()
    }

    /// Number of cells to cover.
    pub fn area(&self) -> usize {
        self.cells.cells().iter().filter(|&&c| c).count()
    }

    /// Whether `pos` is a cell of the board.
    pub fn contains(&self, pos: Pos) -> bool {
        self.cells.get(pos).copied().unwrap_or(false)
    }

    /// The offsets (row, column) at which every cell of `shape` lies on the board.
    fn places<'a>(&'a self, shape: &'a Shape) -> impl Iterator<Item = (usize, usize)> + 'a {
        let rows = (self.height() + 1).saturating_sub(shape.height());
        let cols = (self.width() + 1).saturating_sub(shape.width());
        (0..rows).flat_map(move |r0| (0..cols).map(move |c0| (r0, c0))).filter(move |&(r0, c0)| {
            shape.cells().iter().all(|&(r, c)| self.contains(Pos::new(r0 + r as usize, c0 + c as usize)))
        })
    }

    fn positions(&self) -> Vec<Pos> {
        self.cells.positions().filter(|&p| self.contains(p)).collect()
    }

    /// The symmetries of the square that map the board onto itself (up to translation). Always
    /// contains the identity.
    pub fn symmetries(&self) -> Vec<Symmetry> {
        let cells: Vec<(i32, i32)> = self.positions().iter().map(|p| (p.row as i32, p.col as i32)).collect();
        let Some(shape) = Shape::new(cells) else { return vec![Symmetry::IDENTITY] };
        Symmetry::ALL.into_iter().filter(|&s| shape.transformed(s) == shape).collect()
    }
}

/// A named piece.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// The name shown in solutions.
    pub name: String,
    /// The shape.
    pub shape: Shape,
}

/// A packing problem: place every piece once so that the pieces cover the board exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The region to cover.
    pub board: Board,
    /// The pieces, each used once.
    pub pieces: Vec<Piece>,
    /// Pieces may be turned over (reflected) as well as rotated.
    pub flips: bool,
}

/// One piece in place: its index in [`Problem::pieces`] and the board cells it covers (sorted).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Placement {
    /// The piece's index.
    pub piece: usize,
    /// The board cells covered, sorted.
    pub cells: Vec<Pos>,
}

/// A complete packing, one placement per piece, in piece order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The placements, sorted.
    pub placements: Vec<Placement>,
}

impl Solution {
    /// Which piece covers each cell of a `width` × `height` frame (`None`: not covered).
    pub fn to_grid(&self, width: usize, height: usize) -> Grid<Option<usize>> {
        let mut grid = Grid::new(width, height, None);
        for placement in &self.placements {
            for &pos in &placement.cells {
                if let Some(cell) = grid.get_mut(pos) {
                    *cell = Some(placement.piece);
                }
            }
        }
        grid
    }
}

/// Why a problem has no solution, found without searching.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(missing_docs)] // The fields are the figures the message shows.
pub enum Impossible {
    /// The pieces' total area differs from the board's.
    AreaMismatch { board: usize, pieces: usize },
    /// The board has no cell (and there are pieces).
    EmptyBoard,
    /// A piece fits nowhere on the board.
    PieceFitsNowhere { piece: usize },
    /// A two-colouring of the plane: the board's colour balance cannot be made from the pieces'.
    Colouring { colouring: &'static str, board_balance: i32 },
}

impl std::fmt::Display for Impossible {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Impossible::AreaMismatch { board, pieces } => {
                write!(f, "the pieces cover {pieces} squares but the shape has {board}")
            }
            Impossible::EmptyBoard => write!(f, "the shape has no squares"),
            Impossible::PieceFitsNowhere { piece } => {
                write!(f, "piece {} fits nowhere on the shape", piece + 1)
            }
            Impossible::Colouring { colouring, board_balance } => write!(
                f,
                "{colouring} colouring: the shape has {board_balance:+} more dark than light squares, \
                 which no placement of the pieces can match"
            ),
        }
    }
}

/// When a search must stop early: a deadline, and a flag another thread may set (Ctrl-C).
#[derive(Debug, Clone, Default)]
pub(crate) struct Stop {
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

impl Stop {
    fn new(options: &SearchOptions) -> Stop {
        Stop { deadline: options.timeout.map(|t| Instant::now() + t), cancel: options.cancel.clone() }
    }

    /// Whether the deadline has passed or a caller asked the search to stop.
    pub(crate) fn reached(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// How to run a search.
#[derive(Debug, Clone)]
pub struct SearchOptions {
    /// Worker threads for counts (1 = this thread only). Results do not depend on it.
    pub jobs: usize,
    /// Stop after this many solutions found by the (reduced) search.
    pub limit: Option<u64>,
    /// Stop searching after this long (the result then says it timed out).
    pub timeout: Option<Duration>,
    /// Set from another thread to stop the search as if the timeout had struck.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Where a shard count reports how far it is (for a progress bar).
    pub progress: Option<Arc<Progress>>,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions { jobs: 1, limit: None, timeout: None, cancel: None, progress: None }
    }
}

pub use pzl_core::Progress;

/// How a search for solutions went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchOutcome {
    /// Search nodes (placements tried).
    pub nodes: u64,
    /// The search stopped at the timeout, so more solutions may exist.
    pub timed_out: bool,
}

/// The result of a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// Every labelled placement of the pieces.
    pub raw: u64,
    /// Solutions up to the problem's symmetries.
    pub distinct: u64,
    /// The order of the problem's symmetry group: the board's rotations, and its reflections
    /// when pieces may flip or come in mirror pairs.
    pub symmetry_order: usize,
    /// Search nodes (placements tried).
    pub nodes: u64,
    /// The count stopped at the limit.
    pub limited: bool,
    /// The count stopped at the timeout (the figures are then lower bounds).
    pub timed_out: bool,
}

/// The result of one shard of a count ([`Problem::count_shard`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ShardCounts {
    /// Labelled placements found in this shard.
    pub raw: u64,
    /// This shard's share of the distinct solutions, times [`ShardCounts::symmetry_order`]
    /// (a class may be split over shards, so only the sum over all shards divides exactly).
    pub distinct_weight: u64,
    /// The order of the problem's symmetry group.
    pub symmetry_order: usize,
    /// Search nodes, the cut's included.
    pub nodes: u64,
    /// How many subtrees the cut made.
    pub subtrees: usize,
    /// How many of them fell to this shard.
    pub in_shard: usize,
    /// The count stopped at the timeout (the figures are then those of the subtrees in `done`).
    pub timed_out: bool,
    /// The subtrees (indices of the whole cut, ascending) whose counts the figures hold: all of
    /// the shard's when it finished; fewer when it stopped, and a later run with
    /// [`Problem::resume_shard`] counts the rest.
    pub done: Vec<u64>,
}

/// 64-bit FNV-1a.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

/// The most placements (of all pieces together) a search sets up: each takes some 150 bytes
/// across the plan and the exact-cover engine, so this bounds a search near 300 MB. Pieces of the
/// same shape are not merged, so a file of N differently named monominoes on N squares has N²
/// placements (findings R2).
pub const MAX_PLACEMENTS: u64 = 2_000_000;

/// The most squares all placements together cover (the exact-cover matrix's entries, about 4
/// bytes each across the plan and the engine): a few big pieces stay under [`MAX_PLACEMENTS`]
/// but each of their places covers thousands of squares (findings N8: 4 copies of a 60×60 square
/// on a 120×121 board, 421 M entries, took 1.8 GB in setup). Real problems use well under 1 M.
pub const MAX_MATRIX: u64 = 40_000_000;

/// The most shards a count is split into: the cut into at least 16 N subtrees is held in memory
/// (findings N7: N = 10⁷ took 2.8 GB before it aborted).
pub const MAX_SHARDS: u64 = 1 << 16;

impl Problem {
    /// An upper bound of the placements a search would set up: for every piece and orientation,
    /// the positions where its bounding box fits in the board's. Cheap: nothing is built.
    pub fn placement_bound(&self) -> u64 {
        let (bw, bh) = (self.board.width() as u64, self.board.height() as u64);
        self.pieces
            .iter()
            .map(|p| {
                p.shape
                    .orientations(self.equivalence())
                    .iter()
                    .map(|(_, o)| {
                        let (w, h) = (o.width() as u64, o.height() as u64);
                        (bw + 1).saturating_sub(w) * (bh + 1).saturating_sub(h)
                    })
                    .sum::<u64>()
            })
            .fold(0u64, u64::saturating_add)
    }

    /// An upper bound of the squares all placements cover together (the matrix a search sets
    /// up): [`Problem::placement_bound`] with each place weighed by its piece's squares.
    pub fn matrix_bound(&self) -> u64 {
        let (bw, bh) = (self.board.width() as u64, self.board.height() as u64);
        self.pieces
            .iter()
            .map(|p| {
                let squares = p.shape.len() as u64 + 1;
                p.shape
                    .orientations(self.equivalence())
                    .iter()
                    .map(|(_, o)| {
                        let (w, h) = (o.width() as u64, o.height() as u64);
                        ((bw + 1).saturating_sub(w) * (bh + 1).saturating_sub(h)).saturating_mul(squares)
                    })
                    .fold(0u64, u64::saturating_add)
            })
            .fold(0u64, u64::saturating_add)
    }

    /// Refuse a problem too large to set up ([`MAX_PLACEMENTS`], [`MAX_MATRIX`]), saying why.
    pub fn check_size(&self) -> Result<(), String> {
        let matrix = self.matrix_bound();
        if matrix > MAX_MATRIX {
            return Err(format!(
                "the problem is too large to search: its {} pieces' places on the {}x{} board cover up \
                 to {matrix} squares together, and pzl sets up at most {MAX_MATRIX}",
                self.pieces.len(),
                self.board.width(),
                self.board.height()
            ));
        }
        let bound = self.placement_bound();
        if bound > MAX_PLACEMENTS {
            return Err(format!(
                "the problem is too large to search: its {} pieces could lie in up to {bound} places on \
                 the {}x{} board, and pzl sets up at most {MAX_PLACEMENTS}",
                self.pieces.len(),
                self.board.width(),
                self.board.height()
            ));
        }
        Ok(())
    }

    /// Sum of the pieces' areas.
    pub fn piece_area(&self) -> usize {
        self.pieces.iter().map(|p| p.shape.len()).sum()
    }

    fn equivalence(&self) -> Equivalence {
        if self.flips { Equivalence::Free } else { Equivalence::OneSided }
    }

    /// A reason the problem has no solution that needs no search, if one is found.
    pub fn impossibility(&self) -> Option<Impossible> {
        let board = self.board.area();
        let pieces = self.piece_area();
        if board != pieces {
            return Some(Impossible::AreaMismatch { board, pieces });
        }
        if board == 0 {
            return (!self.pieces.is_empty()).then_some(Impossible::EmptyBoard);
        }
        if let Some(piece) = self.pieces.iter().position(|piece| !self.fits_somewhere(piece)) {
            return Some(Impossible::PieceFitsNowhere { piece });
        }
        self.colouring_impossibility()
    }

    /// Whether `piece` has a place on the board (the first one found ends the look).
    fn fits_somewhere(&self, piece: &Piece) -> bool {
        piece
            .shape
            .orientations(self.equivalence())
            .iter()
            .any(|(_, shape)| self.board.places(shape).next().is_some())
    }

    fn colouring_impossibility(&self) -> Option<Impossible> {
        type Colouring = fn(i32, i32) -> bool;
        let colourings: [(&'static str, Colouring); 3] = [
            ("checkerboard", |r, c| (r + c) % 2 == 0),
            ("column-stripe", |_, c| c % 2 == 0),
            ("row-stripe", |r, _| r % 2 == 0),
        ];
        let orientations: Vec<Vec<Shape>> = self
            .pieces
            .iter()
            .map(|p| p.shape.orientations(self.equivalence()).into_iter().map(|(_, s)| s).collect())
            .collect();
        for (name, dark) in colourings {
            let balance = |cells: &mut dyn Iterator<Item = (i32, i32)>| -> i32 {
                cells.map(|(r, c)| if dark(r, c) { 1 } else { -1 }).sum()
            };
            let board_balance =
                balance(&mut self.board.positions().into_iter().map(|p| (p.row as i32, p.col as i32)));
            // The balances the pieces can sum to, as flags over -area..=area: a piece's balance
            // is at most its area.
            let area = self.piece_area() as i32;
            let mut reachable = vec![false; 2 * area as usize + 1];
            reachable[area as usize] = true;
            for shapes in &orientations {
                let mut values = BTreeSet::new();
                for shape in shapes {
                    for (dr, dc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                        values.insert(balance(&mut shape.cells().iter().map(|&(r, c)| (r + dr, c + dc))));
                    }
                }
                let mut next = vec![false; reachable.len()];
                for (sum, _) in reachable.iter().enumerate().filter(|&(_, &r)| r) {
                    for &v in &values {
                        if let Some(flag) = usize::try_from(sum as i32 + v).ok().and_then(|i| next.get_mut(i))
                        {
                            *flag = true;
                        }
                    }
                }
                reachable = next;
            }
            let wanted = usize::try_from(board_balance + area).ok();
            if !wanted.and_then(|i| reachable.get(i)).is_some_and(|&r| r) {
                return Some(Impossible::Colouring { colouring: name, board_balance });
            }
        }
        None
    }

    /// Count solutions: raw (every labelled placement) and distinct (up to the problem's
    /// symmetries; see [`Counts::symmetry_order`]).
    pub fn count(&self, options: SearchOptions) -> Counts {
        if self.impossibility().is_some() {
            return Counts { symmetry_order: Plan::new(self, false).group.len(), ..Counts::default() };
        }
        let plan = Plan::new(self, true);
        let (sum, stats) = plan.count(options);
        Counts {
            raw: sum.raw,
            distinct: sum.distinct / plan.group.len() as u64,
            symmetry_order: plan.group.len(),
            nodes: stats.nodes,
            limited: stats.stopped && !stats.timed_out,
            timed_out: stats.timed_out,
        }
    }

    /// Count shard `k` of `n` (`shard = (k, n)`, `k < n`): the search tree is cut into at least
    /// `max(4096, 16 n)` subtrees, a cut that depends only on the problem and `n`, and the subtrees
    /// whose index in search order is `k` modulo `n` are counted (on `options.jobs` threads). The
    /// shards' figures add up to [`Problem::count`]'s. Refused (`Err`, saying why) for a problem
    /// too large for the bitboard engine and with `options.limit`.
    pub fn count_shard(&self, options: SearchOptions, shard: (u64, u64)) -> Result<ShardCounts, String> {
        self.resume_shard(options, shard, &ShardCounts::default())
    }

    /// Go on with a shard count that stopped (`earlier`, the figures it wrote): count the
    /// shard's subtrees not in `earlier.done` and add `earlier`'s figures, so the result is the
    /// one an uninterrupted [`Problem::count_shard`] gives (or again a partial one, to resume
    /// again).
    pub fn resume_shard(
        &self,
        options: SearchOptions,
        (k, n): (u64, u64),
        earlier: &ShardCounts,
    ) -> Result<ShardCounts, String> {
        if n == 0 || k >= n {
            return Err(format!("shard {k} of {n} does not exist: K runs from 0 to N-1"));
        }
        if n > MAX_SHARDS {
            return Err(format!(
                "{n} shards: pzl splits a count into at most {MAX_SHARDS} (the cut into at least 16 N \
                 subtrees is held in memory)"
            ));
        }
        if options.limit.is_some() {
            return Err("a shard counts every solution of its part: leave out --limit".to_string());
        }
        if self.impossibility().is_some() {
            let symmetry_order = Plan::new(self, false).group.len();
            return Ok(ShardCounts { symmetry_order, ..ShardCounts::default() });
        }
        let plan = Plan::new(self, true);
        let deadline = Stop::new(&options);
        let jobs = options.jobs.max(1);
        let weigh = |placements: &[u32]| plan.weight(placements);
        let shard = (k, n);
        let skip: std::collections::BTreeSet<u64> = earlier.done.iter().copied().collect();
        let progress = options.progress.as_deref();
        // An earlier run's subtree indices only mean the same subtrees under the same cut.
        let cut = (earlier.subtrees > 0).then_some(earlier.subtrees);
        let run = match plan.bitboard_words() {
            Some(1) => bitboard::Engine::<1>::new(&plan, deadline, Ties::InOrder)
                .count_shard(jobs, shard, &weigh, &skip, cut, progress),
            Some(2) => bitboard::Engine::<2>::new(&plan, deadline, Ties::InOrder)
                .count_shard(jobs, shard, &weigh, &skip, cut, progress),
            Some(4) => bitboard::Engine::<4>::new(&plan, deadline, Ties::InOrder)
                .count_shard(jobs, shard, &weigh, &skip, cut, progress),
            Some(_) => bitboard::Engine::<8>::new(&plan, deadline, Ties::InOrder)
                .count_shard(jobs, shard, &weigh, &skip, cut, progress),
            None => {
                return Err(format!(
                    "shards need a board of at most 512 squares and at most 64 pieces; this one has {} \
                     squares and {} pieces",
                    self.board.area(),
                    self.pieces.len()
                ));
            }
        };
        if run.cut_differs {
            return Err(format!(
                "this pzl build cuts the search tree into {} subtrees and the earlier run's into {}: \
                 its subtrees are not these; count the shard afresh (without --resume) or resume it \
                 with the pzl build that wrote the file",
                run.subtrees, earlier.subtrees
            ));
        }
        let mut done: Vec<u64> = skip.into_iter().chain(run.done).collect();
        done.sort_unstable();
        // The earlier figures come from a file: a sum that does not fit is an error, not a wrap.
        let add = |a: u64, b: u64, what: &str| {
            a.checked_add(b).ok_or_else(|| {
                format!("the earlier run's {what} ({a}) plus this run's ({b}) does not fit in 64 bits")
            })
        };
        Ok(ShardCounts {
            raw: add(earlier.raw, run.sum.raw, "raw count")?,
            distinct_weight: add(earlier.distinct_weight, run.sum.distinct, "distinct weight")?,
            symmetry_order: plan.group.len(),
            nodes: add(earlier.nodes, run.nodes, "node count")?,
            subtrees: run.subtrees,
            in_shard: run.in_shard,
            timed_out: run.timed_out,
            done,
        })
    }

    /// The problem as canonical text: flips, the board's rows (`#` to cover), and each piece in
    /// order with its name and its cells as given (after translation to the origin). Shards are
    /// checked against its [`Problem::hash`].
    pub fn canonical_text(&self) -> String {
        let mut text = format!(
            "pzl-problem 1\nflips {}\nboard {} {}\n",
            if self.flips { "yes" } else { "no" },
            self.board.width(),
            self.board.height()
        );
        for row in 0..self.board.height() {
            for col in 0..self.board.width() {
                text.push(if self.board.contains(Pos::new(row, col)) { '#' } else { '.' });
            }
            text.push('\n');
        }
        for piece in &self.pieces {
            text.push_str(&format!("piece {:?}", piece.name));
            for (r, c) in piece.shape.cells() {
                text.push_str(&format!(" {r},{c}"));
            }
            text.push('\n');
        }
        text
    }

    /// A stable hash of [`Problem::canonical_text`]: 64-bit FNV-1a, as 16 hex digits.
    pub fn hash(&self) -> String {
        format!("{:016x}", fnv1a64(self.canonical_text().as_bytes()))
    }

    /// The first solution, if any.
    pub fn first(&self) -> Option<Solution> {
        self.find_first(SearchOptions::default()).0
    }

    /// The first solution, if any is found (within `options.timeout`; one thread). It comes from
    /// the search without symmetry breaking: cutting one piece's placements makes it the most
    /// constrained piece and so the first one tried, which was measured to slow finding
    /// (35 hexominoes on 15×15 minus 5×3: 1.5 s against 1.1 s).
    pub fn find_first(&self, options: SearchOptions) -> (Option<Solution>, SearchOutcome) {
        if self.impossibility().is_some() {
            return (None, SearchOutcome::default());
        }
        let plan = Plan::new(self, false);
        let deadline = Stop::new(&options);
        let (found, stats) = match plan.bitboard_words() {
            Some(1) => plan.first_by_restarts::<1>(deadline),
            Some(2) => plan.first_by_restarts::<2>(deadline),
            Some(4) => plan.first_by_restarts::<4>(deadline),
            Some(_) => plan.first_by_restarts::<8>(deadline),
            None => {
                let mut found = None;
                let stats = plan.search_exact_cover(deadline, &mut |placements: &[u32]| {
                    found = Some(placements.to_vec());
                    ControlFlow::Break(())
                });
                (found, stats)
            }
        };
        let solution = found.map(|placements| plan.moved_solution(0, &placements));
        (solution, SearchOutcome { nodes: stats.nodes, timed_out: stats.timed_out })
    }

    /// Visit solutions until `visit` breaks: every labelled solution, or with `distinct` one per
    /// class under the problem's symmetries. Labelled solutions come orbit by orbit: a solution
    /// of the reduced search, then its images under the symmetries.
    pub fn solutions(&self, distinct: bool, visit: impl FnMut(&Solution) -> ControlFlow<()>) {
        self.search_solutions(distinct, SearchOptions::default(), visit);
    }

    /// [`Problem::solutions`] with search options: the order of the solutions does not depend on
    /// `options.jobs` (with several jobs every solution is found before the first is visited, so
    /// use one job to stop early); `options.limit` is ignored.
    pub fn search_solutions(
        &self,
        distinct: bool,
        options: SearchOptions,
        mut visit: impl FnMut(&Solution) -> ControlFlow<()>,
    ) -> SearchOutcome {
        if self.impossibility().is_some() {
            return SearchOutcome::default();
        }
        // Both run the reduced search: distinct solutions are the orbit representatives among
        // its solutions, and every labelled solution is an image of one of its solutions.
        let plan = Plan::new(self, true);
        let options = SearchOptions { limit: None, ..options };
        let stats = plan.search(options, &mut |placements: &[u32]| {
            if distinct {
                if !plan.is_orbit_representative(placements) {
                    return ControlFlow::Continue(());
                }
                return visit(&plan.moved_solution(0, placements));
            }
            for g in plan.raw_images(placements) {
                visit(&plan.moved_solution(g, placements))?;
            }
            ControlFlow::Continue(())
        });
        SearchOutcome { nodes: stats.nodes, timed_out: stats.timed_out }
    }

    /// Check a complete packing: every piece once, in an allowed orientation, covering the board
    /// exactly. Returns every problem found.
    pub fn verify(&self, solution: &Solution) -> Vec<String> {
        let mut problems = Vec::new();
        let mut covered = Grid::new(self.board.width(), self.board.height(), 0usize);
        let mut seen = vec![0usize; self.pieces.len()];
        for placement in &solution.placements {
            let Some(piece) = self.pieces.get(placement.piece) else {
                problems.push(format!("unknown piece {}", placement.piece + 1));
                continue;
            };
            seen[placement.piece] += 1;
            let cells = placement.cells.iter().map(|p| (p.row as i32, p.col as i32));
            let Some(shape) = Shape::new(cells) else {
                problems.push(format!("piece {} covers no square", piece.name));
                continue;
            };
            if shape.canonical(self.equivalence()) != piece.shape.canonical(self.equivalence()) {
                let how = if self.flips { "turning or flipping" } else { "turning (flips not allowed)" };
                problems.push(format!("piece {} is not its puzzle shape by {how}", piece.name));
            }
            for &pos in &placement.cells {
                if !self.board.contains(pos) {
                    problems
                        .push(format!("piece {} covers {pos}, which is not part of the shape", piece.name));
                } else if let Some(count) = covered.get_mut(pos) {
                    *count += 1;
                }
            }
        }
        for (k, &n) in seen.iter().enumerate() {
            if n != 1 {
                problems.push(format!("piece {} is placed {n} times", self.pieces[k].name));
            }
        }
        for pos in self.board.positions() {
            match covered.get(pos).copied().unwrap_or(0) {
                0 => problems.push(format!("square {pos} of the shape is not covered")),
                1 => {}
                n => problems.push(format!("square {pos} is covered {n} times")),
            }
        }
        problems
    }
}

/// Every piece mapped to itself.
fn identity_labels(problem: &Problem) -> Vec<u16> {
    (0..problem.pieces.len() as u16).collect()
}

/// For pieces that may not flip: each piece's partner of the mirror-image shape (itself when
/// the shape is its own mirror image), pairing the k-th piece of a shape with the k-th of the
/// mirrored shape; `None` when the pieces do not come in mirror pairs.
fn mirror_partners(problem: &Problem) -> Option<Vec<u16>> {
    let mut by_shape: std::collections::BTreeMap<Shape, Vec<usize>> = std::collections::BTreeMap::new();
    for (k, piece) in problem.pieces.iter().enumerate() {
        by_shape.entry(piece.shape.canonical(Equivalence::OneSided)).or_default().push(k);
    }
    let mut partner = identity_labels(problem);
    for (shape, pieces) in &by_shape {
        let mirror =
            shape.transformed(Symmetry { mirror: true, quarter_turns: 0 }).canonical(Equivalence::OneSided);
        let partners = by_shape.get(&mirror)?;
        if partners.len() != pieces.len() {
            return None;
        }
        for (&a, &b) in pieces.iter().zip(partners) {
            partner[a] = b as u16;
        }
    }
    Some(partner)
}

/// The compiled problem shared by both engines.
struct Plan {
    /// Internal numbering: bit `i` is the board position `positions[i]` (bounding-box cells that
    /// are not on the board are numbered too and start filled).
    positions: Vec<Pos>,
    on_board: Vec<bool>,
    /// Cells per internal row (the board's short side).
    stride: usize,
    /// Per piece, its placements as sorted bit numbers.
    placements: Vec<Vec<Vec<u16>>>,
    /// The problem's symmetry group: board symmetries as permutations of the bit numbers...
    group: Vec<Vec<u16>>,
    /// ...and, for each, the permutation of the pieces that goes with it (the identity unless
    /// a reflection swaps mirror-image pieces).
    relabel: Vec<Vec<u16>>,
    /// The piece whose placements were cut to one per orbit, with each kept placement's stabiliser
    /// (indices into `group`).
    restricted: Option<(usize, Vec<Vec<usize>>)>,
}

impl Plan {
    fn new(problem: &Problem, break_symmetry: bool) -> Plan {
        let board = &problem.board;
        let (w, h) = (board.width(), board.height());
        let transposed = w > h;
        let (stride, rows) = if transposed { (h, w) } else { (w, h) };
        let mut positions = Vec::with_capacity(w * h);
        for r in 0..rows {
            for c in 0..stride {
                positions.push(if transposed { Pos::new(c, r) } else { Pos::new(r, c) });
            }
        }
        let bit_of =
            |pos: Pos| if transposed { pos.col * stride + pos.row } else { pos.row * stride + pos.col };
        let on_board: Vec<bool> = positions.iter().map(|&p| board.contains(p)).collect();

        let equivalence = problem.equivalence();
        let mut placements = Vec::with_capacity(problem.pieces.len());
        for piece in &problem.pieces {
            let mut list = Vec::new();
            for (_, shape) in piece.shape.orientations(equivalence) {
                for (r0, c0) in board.places(&shape) {
                    let mut cells: Vec<u16> = shape
                        .cells()
                        .iter()
                        .map(|&(r, c)| bit_of(Pos::new(r0 + r as usize, c0 + c as usize)) as u16)
                        .collect();
                    cells.sort_unstable();
                    list.push(cells);
                }
            }
            list.sort();
            placements.push(list);
        }

        // The group: board symmetries as permutations of bits, each with the piece permutation
        // that goes with it. A symmetry that reflects maps a solution to a packing of the
        // mirror-image pieces: it is a symmetry of the problem when pieces may flip, or when the
        // pieces come in mirror pairs (then it swaps each piece with its partner).
        let mirror_partner =
            if problem.flips { Some(identity_labels(problem)) } else { mirror_partners(problem) };
        let board_cells = board.positions();
        let min_r = board_cells.iter().map(|p| p.row).min().unwrap_or(0) as i64;
        let min_c = board_cells.iter().map(|p| p.col).min().unwrap_or(0) as i64;
        let mut group = Vec::new();
        let mut relabel = Vec::new();
        for symmetry in board.symmetries() {
            if symmetry.mirror {
                let Some(partner) = &mirror_partner else { continue };
                relabel.push(partner.clone());
            } else {
                relabel.push(identity_labels(problem));
            }
            let moved: Vec<(i64, i64)> =
                board_cells.iter().map(|p| symmetry.apply_coords(p.row as i64, p.col as i64)).collect();
            let mr = moved.iter().map(|m| m.0).min().unwrap_or(0);
            let mc = moved.iter().map(|m| m.1).min().unwrap_or(0);
            let mut perm: Vec<u16> = (0..positions.len() as u16).collect();
            for (from, &(r, c)) in board_cells.iter().zip(&moved) {
                let to = Pos::new((r - mr + min_r) as usize, (c - mc + min_c) as usize);
                perm[bit_of(*from)] = bit_of(to) as u16;
            }
            group.push(perm);
        }

        let mut plan = Plan { positions, on_board, stride, placements, group, relabel, restricted: None };
        if break_symmetry && plan.group.len() > 1 {
            plan.restrict_one_piece();
        }
        plan
    }

    fn image(&self, g: usize, cells: &[u16]) -> Vec<u16> {
        let mut moved = Vec::with_capacity(cells.len());
        self.image_into(g, cells, &mut moved);
        moved
    }

    /// [`Plan::image`] into `moved` (cleared first), for loops over many placements.
    fn image_into(&self, g: usize, cells: &[u16], moved: &mut Vec<u16>) {
        moved.clear();
        moved.extend(cells.iter().map(|&c| self.group[g][c as usize]));
        moved.sort_unstable();
    }

    /// Keep one placement per orbit for the piece where that leaves the fewest placements.
    fn restrict_one_piece(&mut self) {
        type Choice = (usize, Vec<Vec<u16>>, Vec<Vec<usize>>);
        let mut best: Option<Choice> = None;
        for (piece, list) in self.placements.iter().enumerate() {
            // Only a piece that every symmetry maps to itself can stand for its orbit.
            if self.relabel.iter().any(|r| r[piece] as usize != piece) {
                continue;
            }
            let mut kept = Vec::new();
            let mut stabilisers = Vec::new();
            // One buffer for every image, and a placement dropped at its first smaller image
            // (building every image as its own vector was a third of the plan's instructions).
            let mut image = Vec::new();
            'placements: for cells in list {
                let mut stabiliser = Vec::new();
                for g in 0..self.group.len() {
                    self.image_into(g, cells, &mut image);
                    match image.as_slice().cmp(cells.as_slice()) {
                        std::cmp::Ordering::Less => continue 'placements,
                        std::cmp::Ordering::Equal => stabiliser.push(g),
                        std::cmp::Ordering::Greater => {}
                    }
                }
                stabilisers.push(stabiliser);
                kept.push(cells.clone());
            }
            if best.as_ref().is_none_or(|b| kept.len() < b.1.len()) {
                best = Some((piece, kept, stabilisers));
            }
        }
        if let Some((piece, kept, stabilisers)) = best {
            self.placements[piece] = kept;
            self.restricted = Some((piece, stabilisers));
        }
    }

    /// Global placement number → (piece, index).
    fn split(&self, id: u32) -> (usize, usize) {
        let mut id = id as usize;
        for (piece, list) in self.placements.iter().enumerate() {
            if id < list.len() {
                return (piece, id);
            }
            id -= list.len();
        }
        (usize::MAX, 0)
    }

    fn cells_of(&self, id: u32) -> &[u16] {
        let (piece, index) = self.split(id);
        self.placements.get(piece).and_then(|l| l.get(index)).map_or(&[], |c| c.as_slice())
    }

    /// The labelled solution as a cell → piece array.
    fn labels(&self, placements: &[u32]) -> Vec<u16> {
        let mut labels = vec![u16::MAX; self.positions.len()];
        for &id in placements {
            let (piece, _) = self.split(id);
            for &c in self.cells_of(id) {
                labels[c as usize] = piece as u16;
            }
        }
        labels
    }

    fn moved_labels(&self, g: usize, labels: &[u16]) -> Vec<u16> {
        let mut moved = vec![u16::MAX; labels.len()];
        for (c, &l) in labels.iter().enumerate() {
            moved[self.group[g][c] as usize] = self.relabel[g].get(l as usize).copied().unwrap_or(l);
        }
        moved
    }

    /// The stabiliser of the restricted piece's placement in this solution (all of the group when
    /// nothing is restricted).
    fn restricted_stabiliser(&self, placements: &[u32]) -> Vec<usize> {
        let Some((piece, stabilisers)) = &self.restricted else { return (0..self.group.len()).collect() };
        placements
            .iter()
            .map(|&id| self.split(id))
            .find(|(p, _)| p == piece)
            .and_then(|(_, index)| stabilisers.get(index).cloned())
            .unwrap_or_else(|| vec![0])
    }

    /// Per placement (global number), whether it settles what a solution weighs: every
    /// solution that uses it weighs [`Plan::settled_weight`]. So does every solution when
    /// there is no symmetry ([`Plan::uniform`]); otherwise the placements of the restricted
    /// piece that no symmetry maps to themselves settle it.
    fn settles_weight(&self) -> Vec<bool> {
        let mut settles = Vec::new();
        for (piece, list) in self.placements.iter().enumerate() {
            let stabilisers = self.restricted.as_ref().filter(|(p, _)| *p == piece).map(|(_, s)| s);
            settles.extend(
                (0..list.len()).map(|i| stabilisers.is_some_and(|s| s.get(i).is_some_and(|g| g.len() == 1))),
            );
        }
        settles
    }

    /// The kept placements of the restricted piece that do not settle the weight (some symmetry
    /// other than the identity maps them to themselves), each with what a solution using it
    /// weighs when no such symmetry fixes the solution, and every placement's image under each
    /// of those symmetries.
    fn unsettled(&self) -> Unsettled {
        let mut unsettled = Unsettled { placements: Vec::new(), images: vec![Vec::new(); self.group.len()] };
        let Some((piece, stabilisers)) = &self.restricted else { return unsettled };
        let offset: usize = self.placements[..*piece].iter().map(Vec::len).sum();
        for (index, stabiliser) in stabilisers.iter().enumerate().filter(|(_, s)| s.len() > 1) {
            let raw = (self.group.len() / stabiliser.len()) as u64;
            unsettled.placements.push(UnsettledPlacement {
                id: (offset + index) as u32,
                unfixed: Weight { raw, distinct: raw, found: 1 },
                symmetries: stabiliser.iter().copied().filter(|&g| g != 0).collect(),
            });
        }
        // Every placement in id order, with its piece.
        let all =
            || self.placements.iter().enumerate().flat_map(|(p, list)| list.iter().map(move |c| (p, c)));
        let by_cells: std::collections::HashMap<(usize, &[u16]), u32> =
            all().enumerate().map(|(id, (p, cells))| ((p, cells.as_slice()), id as u32)).collect();
        let mut image = Vec::new();
        for placement in &unsettled.placements {
            for &g in &placement.symmetries {
                if !unsettled.images[g].is_empty() {
                    continue;
                }
                unsettled.images[g] = all()
                    .map(|(p, cells)| {
                        self.image_into(g, cells, &mut image);
                        let p = self.relabel[g].get(p).map_or(p, |&q| q as usize);
                        by_cells.get(&(p, image.as_slice())).copied().unwrap_or(NO_IMAGE)
                    })
                    .collect();
            }
        }
        unsettled
    }

    /// Every solution weighs [`Plan::settled_weight`]: no symmetry, or a restricted piece whose
    /// every kept placement settles the weight.
    fn uniform(&self) -> bool {
        match &self.restricted {
            Some((_, stabilisers)) => stabilisers.iter().all(|s| s.len() == 1),
            None => self.group.len() == 1,
        }
    }

    /// What a solution whose weight is settled stands for: |G| raw solutions, and |G| times its
    /// one distinct class.
    fn settled_weight(&self) -> Weight {
        let order = self.group.len() as u64;
        Weight { raw: order, distinct: order, found: 1 }
    }

    /// What one solution of the reduced search stands for.
    fn weight(&self, placements: &[u32]) -> Weight {
        let stabiliser = self.restricted_stabiliser(placements);
        if stabiliser.len() == 1 {
            return self.settled_weight();
        }
        let raw = (self.group.len() / stabiliser.len()) as u64;
        let labels = self.labels(placements);
        let fixed = stabiliser.iter().filter(|&&g| self.moved_labels(g, &labels) == labels).count() as u64;
        Weight { raw, distinct: raw * fixed, found: 1 }
    }

    /// True when this solution is the first of its class among those the reduced search meets.
    fn is_orbit_representative(&self, placements: &[u32]) -> bool {
        let stabiliser = self.restricted_stabiliser(placements);
        if stabiliser.len() == 1 {
            return true;
        }
        let labels = self.labels(placements);
        stabiliser.iter().all(|&g| self.moved_labels(g, &labels) >= labels)
    }

    /// The symmetries (indices into `group`, the identity first) whose images of this solution
    /// of the reduced search are the labelled solutions it stands for: one per image of the
    /// restricted piece's placement.
    fn raw_images(&self, placements: &[u32]) -> Vec<usize> {
        let restricted = self.restricted.as_ref().and_then(|(piece, _)| {
            placements.iter().find(|&&id| self.split(id).0 == *piece).map(|&id| self.cells_of(id))
        });
        let Some(cells) = restricted else { return vec![0] };
        let mut seen: Vec<Vec<u16>> = Vec::new();
        let mut images = Vec::new();
        for g in 0..self.group.len() {
            let image = self.image(g, cells);
            if !seen.contains(&image) {
                seen.push(image);
                images.push(g);
            }
        }
        images
    }

    /// The solution moved by symmetry `g` (pieces relabelled with it).
    fn moved_solution(&self, g: usize, placements: &[u32]) -> Solution {
        let mut list: Vec<Placement> = placements
            .iter()
            .map(|&id| {
                let (piece, _) = self.split(id);
                let mut cells: Vec<Pos> = self
                    .cells_of(id)
                    .iter()
                    .map(|&c| self.positions[self.group[g][c as usize] as usize])
                    .collect();
                cells.sort();
                let piece = self.relabel[g].get(piece).map_or(piece, |&p| p as usize);
                Placement { piece, cells }
            })
            .collect();
        list.sort();
        Solution { placements: list }
    }

    /// The first solution, searched with restarts: the time to a first solution depends a lot on
    /// the order of the search (35 hexominoes on 15×15 minus 5×3: 235 nodes of the dancing-links
    /// search, which covers the square or piece with the fewest choices first, against 380,000
    /// of the first-empty-square bitboard search; on 19×11 plus a nub, 7 s of dancing links
    /// against 15 ms of bitboards), so three searches take turns with growing node budgets (× 4
    /// a round) until one finds a solution or proves there is none: dancing links, then the
    /// bitboard search with ties between equally constrained pieces broken one way, then the
    /// other (the later pieces first: 118,820, 153,336 and 257,502 nodes on the three hexomino
    /// problems, against 14.7 M, 961,451 and 278,405 the other way). Each is set up on its
    /// first turn. Deterministic: the same problem always gives the same first solution.
    fn first_by_restarts<const W: usize>(&self, deadline: Stop) -> (Option<Vec<u32>>, SearchStats) {
        // 2^18 bitboard nodes (a few milliseconds) first: measured on the three hexomino
        // find-one problems against 2^14..2^20, it has the smallest sum. A dancing-links node
        // costs about 50 bitboard nodes here.
        const FIRST_BUDGET: u64 = 1 << 18;
        const LINKS_FIRST_BUDGET: u64 = 1 << 10;
        let mut links = None;
        let mut engines: [Option<bitboard::Engine<W>>; 2] = [None, None];
        let ties = [Ties::Reversed, Ties::InOrder];
        let mut scale = 1u64;
        let mut spent = 0;
        loop {
            let (problem, ids) = match &links {
                Some(built) => built,
                None => match self.exact_cover(&deadline) {
                    Some(built) => links.insert(built),
                    None => return (None, SearchStats { nodes: spent, stopped: true, timed_out: true }),
                },
            };
            let mut found = None;
            let stats = problem.search_within(
                LINKS_FIRST_BUDGET.saturating_mul(scale),
                &|| deadline.reached(),
                |options| {
                    found = Some(options.iter().filter_map(|&o| ids.get(o).copied()).collect());
                    ControlFlow::Break(())
                },
            );
            spent += stats.nodes;
            if !stats.out_of_nodes {
                let timed_out = stats.stopped && found.is_none();
                return (found, SearchStats { nodes: spent, stopped: timed_out, timed_out });
            }
            for (engine, ties) in engines.iter_mut().zip(ties) {
                let engine =
                    engine.get_or_insert_with(|| bitboard::Engine::<W>::new(self, deadline.clone(), ties));
                match engine.first(FIRST_BUDGET.saturating_mul(scale)) {
                    Ok((found, stats)) => {
                        return (found, SearchStats { nodes: spent + stats.nodes, ..stats });
                    }
                    Err(nodes) => spent += nodes,
                }
            }
            scale = scale.saturating_mul(4);
        }
    }

    /// The number of 64-bit words of the bitboard engine for this plan, if it fits one.
    fn bitboard_words(&self) -> Option<usize> {
        if self.placements.len() > 64 {
            return None;
        }
        match self.positions.len().div_ceil(64).max(1) {
            1 => Some(1),
            2 => Some(2),
            3 | 4 => Some(4),
            5..=8 => Some(8),
            _ => None,
        }
    }

    /// Visits every solution of the (reduced) search in search order, whatever `options.jobs`.
    fn search(
        &self,
        options: SearchOptions,
        visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> SearchStats {
        let deadline = Stop::new(&options);
        let jobs = if options.limit.is_some() { 1 } else { options.jobs.max(1) };
        match self.bitboard_words() {
            Some(1) => bitboard::Engine::<1>::new(self, deadline, Ties::InOrder).run(jobs, visit),
            Some(2) => bitboard::Engine::<2>::new(self, deadline, Ties::InOrder).run(jobs, visit),
            Some(4) => bitboard::Engine::<4>::new(self, deadline, Ties::InOrder).run(jobs, visit),
            Some(_) => bitboard::Engine::<8>::new(self, deadline, Ties::InOrder).run(jobs, visit),
            None => self.search_exact_cover(deadline, visit),
        }
    }

    /// The weights of every solution summed (up to `options.limit` solutions).
    fn count(&self, options: SearchOptions) -> (Weight, SearchStats) {
        let deadline = Stop::new(&options);
        let jobs = options.jobs.max(1);
        let weigh = |placements: &[u32]| self.weight(placements);
        match (options.limit, self.bitboard_words()) {
            (None, Some(1)) => bitboard::Engine::<1>::new(self, deadline, Ties::InOrder).count(jobs, &weigh),
            (None, Some(2)) => bitboard::Engine::<2>::new(self, deadline, Ties::InOrder).count(jobs, &weigh),
            (None, Some(4)) => bitboard::Engine::<4>::new(self, deadline, Ties::InOrder).count(jobs, &weigh),
            (None, Some(_)) => bitboard::Engine::<8>::new(self, deadline, Ties::InOrder).count(jobs, &weigh),
            _ => {
                let mut sum = Weight::default();
                let limit = options.limit;
                let stats = self.search(options, &mut |placements: &[u32]| {
                    sum.add(self.weight(placements));
                    if limit.is_some_and(|l| sum.found >= l) {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                (sum, stats)
            }
        }
    }

    /// The plan as an exact-cover problem for the dancing-links engine: items are the pieces
    /// then the board cells; also gives the placement id of each option. `None` when the clock
    /// stopped the setup (thousands of pieces take a while).
    fn exact_cover(&self, deadline: &Stop) -> Option<(ExactCover, Vec<u32>)> {
        let cell_item: Vec<usize> = {
            let mut next = self.placements.len();
            self.on_board
                .iter()
                .map(|&b| {
                    let item = next;
                    if b {
                        next += 1;
                    }
                    item
                })
                .collect()
        };
        let items = self.placements.len() + self.on_board.iter().filter(|&&b| b).count();
        let mut problem = ExactCover::new(items, 0);
        let options: usize = self.placements.iter().map(Vec::len).sum();
        let cells: usize = self.placements.iter().flatten().map(|cells| cells.len() + 1).sum();
        problem.reserve(options, cells);
        let mut ids = Vec::with_capacity(options);
        let mut id = 0u32;
        let mut option = Vec::new();
        for (piece, list) in self.placements.iter().enumerate() {
            if deadline.reached() {
                return None;
            }
            for cells in list {
                option.clear();
                option.push(piece);
                option.extend(cells.iter().map(|&c| cell_item[c as usize]));
                if problem.add_option(&option).is_ok() {
                    ids.push(id);
                }
                id += 1;
            }
        }
        Some((problem, ids))
    }

    /// The general engine (dancing links, see [`Plan::exact_cover`]); it reads the clock every
    /// few thousand nodes.
    fn search_exact_cover(
        &self,
        deadline: Stop,
        visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> SearchStats {
        let Some((problem, ids)) = self.exact_cover(&deadline) else {
            return SearchStats { nodes: 0, stopped: true, timed_out: true };
        };
        let mut chosen = Vec::new();
        let mut stopped = false;
        let mut timed_out = false;
        let stats = problem.search_until(&|| deadline.reached(), |options| {
            chosen.clear();
            chosen.extend(options.iter().filter_map(|&o| ids.get(o).copied()));
            let flow = visit(&chosen);
            timed_out = deadline.reached();
            stopped = flow.is_break() || timed_out;
            if stopped { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        });
        if stats.stopped {
            (stopped, timed_out) = (true, true);
        }
        SearchStats { nodes: stats.nodes, stopped, timed_out }
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct SearchStats {
    nodes: u64,
    /// The search ended early (the visitor stopped it, or the clock).
    stopped: bool,
    timed_out: bool,
}

/// How the bitboard engine breaks ties between pieces with as many placements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ties {
    /// The problem's piece order.
    InOrder,
    /// The reverse.
    Reversed,
}

/// What solutions of the reduced search add up to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Weight {
    /// Raw (labelled) solutions they stand for.
    raw: u64,
    /// |G| × their share of distinct classes.
    distinct: u64,
    /// Solutions of the reduced search.
    found: u64,
}

impl Weight {
    fn add(&mut self, other: Weight) {
        self.raw += other.raw;
        self.distinct += other.distinct;
        self.found += other.found;
    }

    /// `n` solutions of this weight.
    fn times(self, n: u64) -> Weight {
        Weight { raw: self.raw * n, distinct: self.distinct * n, found: self.found * n }
    }
}

/// The placements of the restricted piece that some symmetry other than the identity maps to
/// themselves ([`Plan::unsettled`]): a solution using one weighs [`UnsettledPlacement::unfixed`]
/// unless one of those symmetries fixes the whole solution, and
/// [`Engine`](bitboard::Engine) stops weighing each solution below a node once the placements
/// made there rule that out.
struct Unsettled {
    placements: Vec<UnsettledPlacement>,
    /// Per symmetry (index into the group), every placement's image under it (global numbers;
    /// [`NO_IMAGE`] when the image is no placement); empty for a symmetry no placement here has.
    images: Vec<Vec<u32>>,
}

/// One of [`Unsettled::placements`].
struct UnsettledPlacement {
    /// The placement's global number.
    id: u32,
    unfixed: Weight,
    /// The symmetries other than the identity that map it to itself (indices into the group).
    symmetries: Vec<usize>,
}

/// The image of a placement that is no placement of the plan.
const NO_IMAGE: u32 = u32::MAX;

mod bitboard;
mod shared_memo;

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(name: &str, drawing: &str) -> Piece {
        Piece { name: name.into(), shape: Shape::from_drawing(drawing, |c| c == '#').unwrap() }
    }

    #[test]
    fn dominoes_on_2x3() {
        let problem = Problem {
            board: Board::from_rows(&["###", "###"], |c| c == '#'),
            pieces: vec![piece("a", "##"), piece("b", "##"), piece("c", "##")],
            flips: true,
        };
        // 3 tilings of a 2x3 by dominoes, 3! labellings each.
        let counts = problem.count(SearchOptions::default());
        assert_eq!(counts.raw, 18);
        assert_eq!(counts.symmetry_order, 4);
        let mut all = 0;
        problem.solutions(false, |s| {
            assert!(problem.verify(s).is_empty());
            all += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(all, 18);
        let mut distinct = 0;
        problem.solutions(true, |_| {
            distinct += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(distinct as u64, counts.distinct);
    }

    /// Distinct classes counted by brute force: every labelled solution mapped by every board
    /// symmetry, mirror images relabelled through `partner`, and the smallest image kept.
    fn classes_by_brute_force(problem: &Problem, partner: Option<&[usize]>) -> usize {
        let (w, h) = (problem.board.width(), problem.board.height());
        let mut classes = BTreeSet::new();
        problem.solutions(false, |solution| {
            let grid = solution.to_grid(w, h);
            let mut images = Vec::new();
            for symmetry in problem.board.symmetries() {
                let relabel = match (symmetry.mirror, partner) {
                    (false, _) => None,
                    (true, Some(p)) => Some(p),
                    (true, None) if problem.flips => None,
                    (true, None) => continue,
                };
                let moved: Vec<((i64, i64), Option<usize>)> = grid
                    .positions()
                    .filter(|&p| problem.board.contains(p))
                    .map(|p| {
                        let label = grid.get(p).copied().flatten().map(|l| relabel.map_or(l, |r| r[l]));
                        (symmetry.apply_coords(p.row as i64, p.col as i64), label)
                    })
                    .collect();
                let (mr, mc) =
                    (moved.iter().map(|m| m.0.0).min().unwrap(), moved.iter().map(|m| m.0.1).min().unwrap());
                let mut image: Vec<((i64, i64), Option<usize>)> =
                    moved.into_iter().map(|((r, c), l)| ((r - mr, c - mc), l)).collect();
                image.sort();
                images.push(image);
            }
            classes.insert(images.into_iter().min().unwrap());
            ControlFlow::Continue(())
        });
        classes.len()
    }

    /// The bitboard engine's raw counts against dancing links on the whole placement table,
    /// on boards where small pockets appear and pieces of one to five cells remain: its pruning
    /// (lone cells, walled-in pairs, pieces that fit nowhere) must never cut a solution.
    #[test]
    fn bitboard_counts_agree_with_dancing_links() {
        let problems = [
            (vec!["#####", "#####", "#####"], vec!["###", "#..\n##", "###\n.#.", "##\n##\n#."]),
            (vec!["####", "####", "####", "####"], vec!["##", "#..\n##", "###", "###\n#..", "##\n##"]),
            (
                vec!["#####", "##.##", "#####", "#####"],
                vec!["#", "##", "###", "##\n#.", "####\n.#..", "###\n##."],
            ),
            (vec!["#####", "#####", "#####"], vec!["#", "##", "###", "##\n##", "####\n#..."]),
        ];
        let mut solved = 0;
        for (rows, shapes) in problems {
            let problem = Problem {
                board: Board::from_rows(&rows, |c| c == '#'),
                pieces: shapes.iter().enumerate().map(|(i, s)| piece(&i.to_string(), s)).collect(),
                flips: true,
            };
            let plan = Plan::new(&problem, false);
            let (cover, _) = plan.exact_cover(&Stop::default()).expect("no deadline");
            let expected = cover.count(None).solutions;
            assert_eq!(problem.count(SearchOptions::default()).raw, expected, "{rows:?}");
            solved += usize::from(expected > 0);
        }
        assert_eq!(solved, 4);
    }

    #[test]
    fn mirror_pairs_of_one_sided_pieces_make_reflections_symmetries() {
        let l = "###\n#..";
        let j = "###\n..#";
        // L and J tetrominoes that may turn but not flip, with an I and an O on a 4x4 board.
        let problem = Problem {
            board: Board::from_rows(&["####"; 4], |c| c == '#'),
            pieces: vec![piece("l", l), piece("i", "####"), piece("j", j), piece("o", "##\n##")],
            flips: false,
        };
        let counts = problem.count(SearchOptions::default());
        assert_eq!((counts.raw, counts.distinct, counts.symmetry_order), (8, 2, 8));
        assert_eq!(classes_by_brute_force(&problem, Some(&[2, 1, 0, 3][..])), 2);
        let mut listed = 0;
        problem.solutions(true, |s| {
            assert!(problem.verify(s).is_empty());
            listed += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(listed, 2);
        let mut raw = BTreeSet::new();
        problem.solutions(false, |s| {
            assert!(problem.verify(s).is_empty());
            raw.insert(s.placements.clone());
            ControlFlow::Continue(())
        });
        assert_eq!(raw.len(), 8);
        // Two L's: no mirror partner, so reflections are no symmetry of the problem.
        let problem = Problem {
            board: Board::from_rows(&["####", "####"], |c| c == '#'),
            pieces: vec![piece("l", l), piece("k", l)],
            flips: false,
        };
        let counts = problem.count(SearchOptions::default());
        assert!(counts.raw > 0);
        assert_eq!(counts.symmetry_order, 2);
        assert_eq!(counts.distinct as usize, classes_by_brute_force(&problem, None));
    }

    #[test]
    fn boards_beyond_the_bitboards_go_to_the_general_engine() {
        // 600 cells: two bars of 300 (raw 2: which bar is on the left; distinct 1).
        let bar = "#".repeat(300);
        let problem = Problem {
            board: Board::from_rows(&["#".repeat(600)], |c| c == '#'),
            pieces: vec![piece("a", &bar), piece("b", &bar)],
            flips: true,
        };
        let counts = problem.count(SearchOptions::default());
        assert_eq!((counts.raw, counts.distinct, counts.symmetry_order), (2, 1, 4));
        let mut raw = Vec::new();
        problem.solutions(false, |s| {
            assert!(problem.verify(s).is_empty());
            raw.push(s.clone());
            ControlFlow::Continue(())
        });
        assert_eq!(raw.len(), 2);
        assert_ne!(raw[0], raw[1]);
        assert!(problem.first().is_some_and(|s| problem.verify(&s).is_empty()));
    }

    #[test]
    fn a_cancelled_search_of_the_general_engine_stops_in_setup() {
        // 70 pieces: beyond the bitboards' 64.
        let problem = Problem {
            board: Board::from_rows(&["#".repeat(70)], |c| c == '#'),
            pieces: (0..70).map(|k| piece(&format!("p{k}"), "#")).collect(),
            flips: true,
        };
        let cancel = Arc::new(AtomicBool::new(true));
        let options = SearchOptions { cancel: Some(cancel.clone()), ..SearchOptions::default() };
        let (found, outcome) = problem.find_first(options.clone());
        assert!(found.is_none() && outcome.timed_out);
        assert!(problem.count(options).timed_out);
        cancel.store(false, Ordering::Relaxed);
        let options = SearchOptions { cancel: Some(cancel), ..SearchOptions::default() };
        assert!(problem.find_first(options).0.is_some_and(|s| problem.verify(&s).is_empty()));
        let cover = ExactCover::new(1, 0);
        assert!(cover.search_until(&|| true, |_| ControlFlow::Continue(())).solutions == 0);
    }

    #[test]
    fn symmetric_solutions_count_once() {
        // A 1x3 bar covered by one I3 tromino: the single solution is fixed by every symmetry.
        let problem = Problem {
            board: Board::from_rows(&["###"], |c| c == '#'),
            pieces: vec![piece("i", "###")],
            flips: true,
        };
        let counts = problem.count(SearchOptions::default());
        assert_eq!((counts.raw, counts.distinct), (1, 1));
    }

    #[test]
    fn impossibilities_are_explained() {
        let mismatch = Problem {
            board: Board::from_rows(&["###"], |c| c == '#'),
            pieces: vec![piece("a", "##")],
            flips: true,
        };
        assert_eq!(mismatch.impossibility(), Some(Impossible::AreaMismatch { board: 3, pieces: 2 }));
        // The T tetromino and three others on a 4x4: T is checkerboard-unbalanced.
        let parity = Problem {
            board: Board::from_rows(&["####", "####"], |c| c == '#'),
            pieces: vec![piece("t", "###\n.#."), piece("o", "##\n##")],
            flips: true,
        };
        assert!(matches!(parity.impossibility(), Some(Impossible::Colouring { .. })));
        assert_eq!(parity.count(SearchOptions::default()).raw, 0);
        // The I tromino fits nowhere on 2×2 (areas match with the monomino).
        let misfit = Problem {
            board: Board::from_rows(&["##", "##"], |c| c == '#'),
            pieces: vec![piece("m", "#"), piece("i", "###")],
            flips: true,
        };
        assert_eq!(misfit.impossibility(), Some(Impossible::PieceFitsNowhere { piece: 1 }));
        // Two L trominoes and a domino tile 2×4: no colouring refuses it.
        let solvable = Problem {
            board: Board::from_rows(&["####", "####"], |c| c == '#'),
            pieces: vec![piece("l", "##\n#."), piece("j", "##\n.#"), piece("d", "##")],
            flips: true,
        };
        assert_eq!(solvable.impossibility(), None);
        assert!(solvable.first().is_some_and(|s| solvable.verify(&s).is_empty()));
    }

    #[test]
    fn verify_reports_each_fault() {
        let problem = Problem {
            board: Board::from_rows(&["##"], |c| c == '#'),
            pieces: vec![piece("a", "#"), piece("b", "#")],
            flips: true,
        };
        let bad = Solution { placements: vec![Placement { piece: 0, cells: vec![Pos::new(0, 0)] }] };
        let faults = problem.verify(&bad);
        assert!(faults.iter().any(|f| f.contains("placed 0 times")), "{faults:?}");
        assert!(faults.iter().any(|f| f.contains("not covered")), "{faults:?}");
        assert!(problem.verify(&problem.first().unwrap()).is_empty());
    }
}
