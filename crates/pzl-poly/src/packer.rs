//! Packing pieces into a board, every piece used once and every board cell covered once.
//!
//! The problem is compiled into a [`Plan`]: the board's cells numbered along its short side (so
//! the "first empty cell" search always fills the narrow front), every placement of every piece,
//! and the board's symmetry group. One piece's placements are cut down to one per orbit of that
//! group; each solution found then stands for `|G| / |stabiliser|` raw solutions, so `--count`
//! and `--distinct` both run on the reduced search and still give exact figures.
//!
//! The search itself is [`crate::packer`]'s bitboard engine for boards of up to 512 cells and 64
//! pieces (const-generic over the number of 64-bit words), with per-(cell, piece) placement
//! tables, isolated-cell and small-region pruning; anything larger goes to the general
//! [`crate::exact_cover`] engine. Before searching, colouring arguments (checkerboard and stripes)
//! prove many impossible problems at once.

use std::collections::{BTreeSet, HashSet};
use std::ops::ControlFlow;

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

    pub fn grid(&self) -> &Grid<bool> {
        &self.cells
    }

    pub fn width(&self) -> usize {
        self.cells.width()
    }

    pub fn height(&self) -> usize {
        self.cells.height()
    }

    /// Number of cells to cover.
    pub fn area(&self) -> usize {
        self.cells.cells().iter().filter(|&&c| c).count()
    }

    pub fn contains(&self, pos: Pos) -> bool {
        self.cells.get(pos).copied().unwrap_or(false)
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
    pub name: String,
    pub shape: Shape,
}

/// A packing problem: place every piece once so that the pieces cover the board exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub board: Board,
    pub pieces: Vec<Piece>,
    /// Pieces may be turned over (reflected) as well as rotated.
    pub flips: bool,
}

/// One piece in place: its index in [`Problem::pieces`] and the board cells it covers (sorted).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Placement {
    pub piece: usize,
    pub cells: Vec<Pos>,
}

/// A complete packing, one placement per piece, in piece order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
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

/// How to run a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchOptions {
    /// Worker threads for counts (1 = this thread only). Results do not depend on it.
    pub jobs: usize,
    /// Stop after this many solutions found by the (reduced) search.
    pub limit: Option<u64>,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions { jobs: 1, limit: None }
    }
}

/// The result of a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// Every labelled placement of the pieces.
    pub raw: u64,
    /// Solutions up to the board's symmetries.
    pub distinct: u64,
    /// The order of the board's symmetry group (among the symmetries pieces may use).
    pub symmetry_order: usize,
    /// Search nodes (placements tried).
    pub nodes: u64,
    /// The count stopped at the limit.
    pub limited: bool,
}

impl Problem {
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
        let plan = Plan::new(self, false);
        if let Some(piece) = plan.placements.iter().position(|p| p.is_empty()) {
            return Some(Impossible::PieceFitsNowhere { piece });
        }
        self.colouring_impossibility()
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
            let mut reachable: HashSet<i32> = HashSet::from([0]);
            for shapes in &orientations {
                let mut values = BTreeSet::new();
                for shape in shapes {
                    for (dr, dc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                        values.insert(balance(&mut shape.cells().iter().map(|&(r, c)| (r + dr, c + dc))));
                    }
                }
                reachable = reachable.iter().flat_map(|s| values.iter().map(move |v| s + v)).collect();
            }
            if !reachable.contains(&board_balance) {
                return Some(Impossible::Colouring { colouring: name, board_balance });
            }
        }
        None
    }

    /// Count solutions: raw (every labelled placement) and distinct (up to the board's symmetries).
    pub fn count(&self, options: SearchOptions) -> Counts {
        if self.impossibility().is_some() {
            return Counts { symmetry_order: Plan::new(self, false).group.len(), ..Counts::default() };
        }
        let plan = Plan::new(self, true);
        let mut counts = Counts { symmetry_order: plan.group.len(), ..Counts::default() };
        let mut weighted_distinct = 0u64;
        let mut found = 0u64;
        let stats = plan.search(options, &mut |placements: &[u32]| {
            let (raw, distinct) = plan.weights(placements);
            counts.raw += raw;
            weighted_distinct += distinct;
            found += 1;
            if options.limit.is_some_and(|l| found >= l) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        counts.nodes = stats.nodes;
        counts.limited = stats.stopped;
        counts.distinct = weighted_distinct / plan.group.len() as u64;
        counts
    }

    /// The first solution, if any.
    pub fn first(&self) -> Option<Solution> {
        let mut found = None;
        self.solutions(false, |s| {
            found = Some(s.clone());
            ControlFlow::Break(())
        });
        found
    }

    /// Visit solutions until `visit` breaks: every labelled solution, or with `distinct` one per
    /// class under the board's symmetries.
    pub fn solutions(&self, distinct: bool, mut visit: impl FnMut(&Solution) -> ControlFlow<()>) {
        if self.impossibility().is_some() {
            return;
        }
        let plan = Plan::new(self, distinct);
        plan.search(SearchOptions::default(), &mut |placements: &[u32]| {
            if distinct && !plan.is_orbit_representative(placements) {
                return ControlFlow::Continue(());
            }
            visit(&plan.solution(placements))
        });
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
    /// The board's symmetry group as permutations of the bit numbers.
    group: Vec<Vec<u16>>,
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
                let (sw, sh) = (shape.width(), shape.height());
                if sw > w || sh > h {
                    continue;
                }
                for r0 in 0..=h - sh {
                    for c0 in 0..=w - sw {
                        let cells: Option<Vec<u16>> = shape
                            .cells()
                            .iter()
                            .map(|&(r, c)| {
                                let pos = Pos::new(r0 + r as usize, c0 + c as usize);
                                board.contains(pos).then(|| bit_of(pos) as u16)
                            })
                            .collect();
                        if let Some(mut cells) = cells {
                            cells.sort_unstable();
                            list.push(cells);
                        }
                    }
                }
            }
            list.sort();
            placements.push(list);
        }

        // The group: board symmetries as permutations of bits. A symmetry that reflects is only
        // a symmetry of the problem when pieces may flip (otherwise it maps solutions to
        // solutions of the mirrored piece set).
        let board_cells = board.positions();
        let min_r = board_cells.iter().map(|p| p.row).min().unwrap_or(0) as i64;
        let min_c = board_cells.iter().map(|p| p.col).min().unwrap_or(0) as i64;
        let mut group = Vec::new();
        for symmetry in board.symmetries() {
            if symmetry.mirror && !problem.flips {
                continue;
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

        let mut plan = Plan { positions, on_board, stride, placements, group, restricted: None };
        if break_symmetry && plan.group.len() > 1 {
            plan.restrict_one_piece();
        }
        plan
    }

    fn image(&self, g: usize, cells: &[u16]) -> Vec<u16> {
        let mut moved: Vec<u16> = cells.iter().map(|&c| self.group[g][c as usize]).collect();
        moved.sort_unstable();
        moved
    }

    /// Keep one placement per orbit for the piece where that leaves the fewest placements.
    fn restrict_one_piece(&mut self) {
        type Choice = (usize, Vec<Vec<u16>>, Vec<Vec<usize>>);
        let mut best: Option<Choice> = None;
        for (piece, list) in self.placements.iter().enumerate() {
            let mut kept = Vec::new();
            let mut stabilisers = Vec::new();
            for cells in list {
                let images: Vec<Vec<u16>> = (0..self.group.len()).map(|g| self.image(g, cells)).collect();
                if images.iter().all(|image| image >= cells) {
                    stabilisers.push((0..self.group.len()).filter(|&g| &images[g] == cells).collect());
                    kept.push(cells.clone());
                }
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
            moved[self.group[g][c] as usize] = l;
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

    /// (raw solutions this one stands for, |G| × its share of a distinct class).
    fn weights(&self, placements: &[u32]) -> (u64, u64) {
        let order = self.group.len() as u64;
        let stabiliser = self.restricted_stabiliser(placements);
        let raw = order / stabiliser.len() as u64;
        if stabiliser.len() == 1 {
            return (raw, raw);
        }
        let labels = self.labels(placements);
        let fixed = stabiliser.iter().filter(|&&g| self.moved_labels(g, &labels) == labels).count() as u64;
        (raw, raw * fixed)
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

    fn solution(&self, placements: &[u32]) -> Solution {
        let mut list: Vec<Placement> = placements
            .iter()
            .map(|&id| {
                let (piece, _) = self.split(id);
                let mut cells: Vec<Pos> =
                    self.cells_of(id).iter().map(|&c| self.positions[c as usize]).collect();
                cells.sort();
                Placement { piece, cells }
            })
            .collect();
        list.sort();
        Solution { placements: list }
    }

    fn search(
        &self,
        options: SearchOptions,
        visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> SearchStats {
        let words = self.positions.len().div_ceil(64).max(1);
        if self.placements.len() <= 64 {
            let jobs = if options.limit.is_some() { 1 } else { options.jobs.max(1) };
            match words {
                1 => return bitboard::Engine::<1>::new(self).run(jobs, visit),
                2 => return bitboard::Engine::<2>::new(self).run(jobs, visit),
                3 | 4 => return bitboard::Engine::<4>::new(self).run(jobs, visit),
                5..=8 => return bitboard::Engine::<8>::new(self).run(jobs, visit),
                _ => {}
            }
        }
        self.search_exact_cover(visit)
    }

    /// The general engine: items are the pieces then the board cells.
    fn search_exact_cover(&self, visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>) -> SearchStats {
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
        let mut ids = Vec::new();
        let mut id = 0u32;
        for (piece, list) in self.placements.iter().enumerate() {
            for cells in list {
                let option: Vec<usize> =
                    std::iter::once(piece).chain(cells.iter().map(|&c| cell_item[c as usize])).collect();
                if problem.add_option(&option).is_ok() {
                    ids.push(id);
                }
                id += 1;
            }
        }
        let mut chosen = Vec::new();
        let mut stopped = false;
        let stats = problem.search(|options| {
            chosen.clear();
            chosen.extend(options.iter().filter_map(|&o| ids.get(o).copied()));
            let flow = visit(&chosen);
            stopped = flow.is_break();
            flow
        });
        SearchStats { nodes: stats.nodes, stopped }
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct SearchStats {
    nodes: u64,
    stopped: bool,
}

/// The bitboard engine: first empty cell along the short side, per-(cell, piece) tables.
mod bitboard {
    use super::*;

    /// A set of cells, `W` words of 64.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Bits<const W: usize>(pub [u64; W]);

    impl<const W: usize> Bits<W> {
        const ZERO: Bits<W> = Bits([0; W]);

        fn set(&mut self, bit: usize) {
            if let Some(word) = self.0.get_mut(bit / 64) {
                *word |= 1 << (bit % 64);
            }
        }

        #[inline(always)]
        fn and(self, o: Self) -> Self {
            let mut r = self;
            for i in 0..W {
                r.0[i] &= o.0[i];
            }
            r
        }

        #[inline(always)]
        fn or(self, o: Self) -> Self {
            let mut r = self;
            for i in 0..W {
                r.0[i] |= o.0[i];
            }
            r
        }

        #[inline(always)]
        fn not(self) -> Self {
            let mut r = self;
            for i in 0..W {
                r.0[i] = !r.0[i];
            }
            r
        }

        #[inline(always)]
        fn is_zero(self) -> bool {
            self.0.iter().all(|&w| w == 0)
        }

        #[inline(always)]
        fn disjoint(self, o: Self) -> bool {
            (0..W).all(|i| self.0[i] & o.0[i] == 0)
        }

        #[inline(always)]
        fn first_zero(self) -> usize {
            for i in 0..W {
                let inv = !self.0[i];
                if inv != 0 {
                    return i * 64 + inv.trailing_zeros() as usize;
                }
            }
            W * 64
        }

        #[inline(always)]
        fn first_one(self) -> usize {
            for i in 0..W {
                if self.0[i] != 0 {
                    return i * 64 + self.0[i].trailing_zeros() as usize;
                }
            }
            W * 64
        }

        fn count(self) -> u32 {
            self.0.iter().map(|w| w.count_ones()).sum()
        }

        /// Every bit moved `k` places up (towards higher numbers).
        #[inline(always)]
        fn up(self, k: usize) -> Self {
            if W == 1 {
                let mut r = self;
                r.0[0] = if k >= 64 { 0 } else { self.0[0] << k };
                return r;
            }
            let (words, bits) = (k / 64, k % 64);
            let mut r = Self::ZERO;
            for i in (words..W).rev() {
                let mut v = self.0[i - words] << bits;
                if bits > 0 && i > words {
                    v |= self.0[i - words - 1] >> (64 - bits);
                }
                r.0[i] = v;
            }
            r
        }

        /// Every bit moved `k` places down.
        #[inline(always)]
        fn down(self, k: usize) -> Self {
            if W == 1 {
                let mut r = self;
                r.0[0] = if k >= 64 { 0 } else { self.0[0] >> k };
                return r;
            }
            let (words, bits) = (k / 64, k % 64);
            let mut r = Self::ZERO;
            for i in 0..W.saturating_sub(words) {
                let mut v = self.0[i + words] >> bits;
                if bits > 0 && i + words + 1 < W {
                    v |= self.0[i + words + 1] << (64 - bits);
                }
                r.0[i] = v;
            }
            r
        }
    }

    #[derive(Clone, Copy)]
    struct Entry<const W: usize> {
        mask: Bits<W>,
        id: u32,
    }

    pub struct Engine<const W: usize> {
        pieces: usize,
        /// Entries for (cell, piece): `entries[ranges[cell * pieces + piece]]`, the placements of
        /// the piece whose first cell is `cell`.
        entries: Vec<Entry<W>>,
        ranges: Vec<(u32, u32)>,
        start: Bits<W>,
        not_first_col: Bits<W>,
        not_last_col: Bits<W>,
        stride: usize,
        /// (size, pieces of that size) by increasing size.
        sizes: Vec<(u32, u64)>,
        /// Closed regions are looked for up to this many times the smallest piece's size.
        flood_factor: usize,
    }

    /// A subtree of the search, for splitting work over threads.
    struct Task<const W: usize> {
        board: Bits<W>,
        remaining: u64,
        prefix: Vec<u32>,
    }

    impl<const W: usize> Engine<W> {
        pub fn new(plan: &Plan) -> Engine<W> {
            let cells = plan.positions.len();
            let pieces = plan.placements.len();
            let mut start = Bits::<W>::ZERO.not();
            for (bit, &on) in plan.on_board.iter().enumerate() {
                if on {
                    start.0[bit / 64] &= !(1u64 << (bit % 64));
                }
            }
            let mut per_cell: Vec<Vec<Vec<Entry<W>>>> = vec![vec![Vec::new(); pieces]; cells];
            let mut id = 0u32;
            for (piece, list) in plan.placements.iter().enumerate() {
                for cells_of in list {
                    let mut mask = Bits::<W>::ZERO;
                    for &c in cells_of {
                        mask.set(c as usize);
                    }
                    if let Some(&first) = cells_of.first() {
                        per_cell[first as usize][piece].push(Entry { mask, id });
                    }
                    id += 1;
                }
            }
            let mut entries = Vec::new();
            let mut ranges = Vec::with_capacity(cells * pieces);
            for cell in per_cell {
                for list in cell {
                    let from = entries.len() as u32;
                    entries.extend(list);
                    ranges.push((from, entries.len() as u32));
                }
            }
            let stride = plan.stride.max(1);
            let mut first_col = Bits::<W>::ZERO;
            let mut last_col = Bits::<W>::ZERO;
            for bit in 0..cells {
                if bit % stride == 0 {
                    first_col.set(bit);
                }
                if bit % stride == stride - 1 {
                    last_col.set(bit);
                }
            }
            let mut sizes: Vec<(u32, u64)> = Vec::new();
            for (piece, list) in plan.placements.iter().enumerate() {
                let size = list.first().map_or(0, |c| c.len() as u32);
                match sizes.iter_mut().find(|s| s.0 == size) {
                    Some(s) => s.1 |= 1 << piece,
                    None => sizes.push((size, 1 << piece)),
                }
            }
            sizes.sort_unstable();
            Engine {
                pieces,
                entries,
                ranges,
                start,
                not_first_col: first_col.not(),
                not_last_col: last_col.not(),
                stride,
                sizes,
                flood_factor: 2,
            }
        }

        fn all_pieces(&self) -> u64 {
            if self.pieces == 64 { u64::MAX } else { (1u64 << self.pieces) - 1 }
        }

        #[inline(always)]
        fn neighbours(&self, set: Bits<W>) -> Bits<W> {
            set.up(1)
                .and(self.not_first_col)
                .or(set.down(1).and(self.not_last_col))
                .or(set.up(self.stride))
                .or(set.down(self.stride))
        }

        /// True when the empty cells cannot be filled by the remaining pieces: an isolated cell,
        /// or a small closed region whose size no remaining pieces make.
        #[inline(always)]
        fn dead(&self, board: Bits<W>, placed: Bits<W>, remaining: u64) -> bool {
            let empty = board.not();
            let mut smallest = 0;
            let mut single_size = None;
            for &(size, set) in &self.sizes {
                if set & remaining != 0 {
                    if smallest == 0 {
                        smallest = size;
                        single_size = Some(size);
                    } else {
                        single_size = None;
                        break;
                    }
                }
            }
            if smallest <= 1 {
                return false;
            }
            let near = empty.and(self.neighbours(empty));
            if !near.or(board).not().is_zero() {
                // An empty cell with no empty neighbour.
                return true;
            }
            // Closed regions next to the piece just placed.
            let mut seeds = empty.and(self.neighbours(placed));
            let limit = self.flood_factor * smallest as usize;
            while !seeds.is_zero() {
                let mut region = Bits::<W>::ZERO;
                region.set(seeds.first_one());
                let mut closed = false;
                for _ in 0..limit {
                    let grown = region.or(self.neighbours(region)).and(empty);
                    if grown == region {
                        closed = true;
                        break;
                    }
                    region = grown;
                }
                if closed {
                    let size = region.count();
                    let fits = match single_size {
                        Some(k) => size % k == 0,
                        None => size >= smallest,
                    };
                    if !fits {
                        return true;
                    }
                }
                seeds = seeds.and(region.not());
            }
            false
        }

        fn search(
            &self,
            board: Bits<W>,
            remaining: u64,
            stack: &mut Vec<u32>,
            nodes: &mut u64,
            visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            if remaining == 0 {
                return visit(stack);
            }
            let cell = board.first_zero();
            let base = cell * self.pieces;
            let mut todo = remaining;
            while todo != 0 {
                let piece = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let Some(&(from, to)) = self.ranges.get(base + piece) else { continue };
                let rest = remaining & !(1u64 << piece);
                for entry in &self.entries[from as usize..to as usize] {
                    if !entry.mask.disjoint(board) {
                        continue;
                    }
                    *nodes += 1;
                    let next = board.or(entry.mask);
                    if rest != 0 && self.dead(next, entry.mask, rest) {
                        continue;
                    }
                    stack.push(entry.id);
                    let flow = self.search(next, rest, stack, nodes, visit);
                    stack.pop();
                    flow?;
                }
            }
            ControlFlow::Continue(())
        }

        /// The subtrees at `depth`, in search order (a subtree that ends sooner is kept whole).
        fn tasks(&self, depth: usize) -> Vec<Task<W>> {
            let mut tasks = Vec::new();
            let mut frontier =
                vec![Task { board: self.start, remaining: self.all_pieces(), prefix: Vec::new() }];
            for _ in 0..depth {
                let mut next = Vec::new();
                for task in frontier {
                    if task.remaining == 0 {
                        next.push(task);
                        continue;
                    }
                    let cell = task.board.first_zero();
                    let mut todo = task.remaining;
                    while todo != 0 {
                        let piece = todo.trailing_zeros() as usize;
                        todo &= todo - 1;
                        let Some(&(from, to)) = self.ranges.get(cell * self.pieces + piece) else { continue };
                        let rest = task.remaining & !(1u64 << piece);
                        for entry in &self.entries[from as usize..to as usize] {
                            if !entry.mask.disjoint(task.board) {
                                continue;
                            }
                            let board = task.board.or(entry.mask);
                            if rest != 0 && self.dead(board, entry.mask, rest) {
                                continue;
                            }
                            let mut prefix = task.prefix.clone();
                            prefix.push(entry.id);
                            next.push(Task { board, remaining: rest, prefix });
                        }
                    }
                }
                frontier = next;
            }
            tasks.extend(frontier);
            tasks
        }

        pub fn run(&self, jobs: usize, visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>) -> SearchStats {
            let mut nodes = 0;
            if jobs <= 1 {
                let mut stack = Vec::with_capacity(self.pieces);
                let flow = self.search(self.start, self.all_pieces(), &mut stack, &mut nodes, visit);
                return SearchStats { nodes, stopped: flow.is_break() };
            }
            // Split into subtrees, solve them on `jobs` threads, then replay the solutions in
            // search order so the visitor sees exactly what one thread would show.
            let tasks = self.tasks(2);
            let solve = |task: &Task<W>| {
                let mut found: Vec<Vec<u32>> = Vec::new();
                let mut nodes = 0u64;
                let mut stack = task.prefix.clone();
                let _ =
                    self.search(task.board, task.remaining, &mut stack, &mut nodes, &mut |s: &[u32]| {
                        found.push(s.to_vec());
                        ControlFlow::Continue(())
                    });
                (found, nodes)
            };
            let results: Vec<(Vec<Vec<u32>>, u64)> =
                match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
                    Ok(pool) => pool.install(|| tasks.par_iter().map(solve).collect()),
                    Err(_) => tasks.iter().map(solve).collect(),
                };
            for (found, n) in results {
                nodes += n;
                for solution in found {
                    if visit(&solution).is_break() {
                        return SearchStats { nodes, stopped: true };
                    }
                }
            }
            SearchStats { nodes, stopped: false }
        }
    }
}

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
