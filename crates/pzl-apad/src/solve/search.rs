//! The bitboard search. Each cell of the frame is one bit of a `u64` (bit = width·row + column);
//! every placement of every canonical orientation is precomputed as a mask and filed under its
//! lowest cell. The search always fills the lowest empty cell, so each packing is found once.
//!
//! One date: its squares start covered. Every date at once: the search may also leave the lowest
//! empty cell uncovered when it is a square of the next kind still to leave (month, then day,
//! then weekday — the frames list them in that order), so one pass finds every solution of every
//! date. Both prune a board with a stranded empty cell (no empty neighbour, or one of an enclosed
//! pair) that may not be left uncovered, or with more of them than squares still to leave, and a
//! placement that closes off a region whose size the pieces left cannot make.
//!
//! Different orders of placing the same pieces on the same squares reach the same state, so the
//! search first builds a graph of states (remembering each state with enough pieces left, and
//! keeping only steps that lead to a solution), then walks it to visit every solution in search
//! order. The weekday edition's states meet often: this halves its one-pass time.

use pzl_core::time::Instant;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rustc_hash::FxHashMap;

use crate::board::{Answer, Board, Cell};
use crate::date::Date;
use crate::puzzle::{Label, LabelKind, Puzzle};

/// When a search must stop early: a deadline and a flag another thread may set (Ctrl-C). The
/// search looks at them once every few thousand states, so they cost nothing measurable.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// No limit: the search runs to its end.
    pub fn none() -> Limits {
        Limits::default()
    }

    /// Stop after `timeout` (from now) or when `cancel` is set.
    pub fn new(timeout: Option<Duration>, cancel: Option<Arc<AtomicBool>>) -> Limits {
        Limits { deadline: timeout.and_then(|t| Instant::now().checked_add(t)), cancel }
    }

    /// The timeout and cancel flag of a solve request.
    pub fn from_request(request: &pzl_core::SolveRequest) -> Limits {
        Limits::new(request.timeout, request.cancel.clone())
    }

    /// Whether the search must stop now.
    pub fn reached(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// How often (in states expanded or solutions visited) the search looks at its [`Limits`].
const CHECK_EVERY: u32 = 4096;

/// One placement: a canonical orientation of a piece with its anchor on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    /// The squares it covers, one bit each.
    pub mask: u64,
    /// The piece (index into [`Puzzle::pieces`]).
    pub piece: u8,
    /// Index into the piece's [`crate::puzzle::Piece::orientations`].
    pub orientation: u8,
    /// The square of the anchor (the APAD byte's low bits).
    pub anchor: u8,
}

/// A puzzle prepared for searching.
#[derive(Debug, Clone)]
pub struct Solver<'a> {
    puzzle: &'a Puzzle,
    /// Bits set everywhere that is not a square (including bits past the frame).
    outside: u64,
    placements: Vec<Placement>,
    /// `starts[cell * (pieces + 1) + piece]`: placements of `piece` whose lowest cell is `cell`
    /// are `placements[starts[k]..starts[k + 1]]`.
    starts: Vec<u32>,
    piece_count: usize,
    not_first_col: u64,
    not_last_col: u64,
    width: u32,
    /// The placements' masks, apart from the rest for a denser inner loop.
    masks: Vec<u64>,
    /// One bit per piece.
    all_pieces: u16,
    /// Cells of the smallest piece.
    smallest_piece: usize,
    /// `leavable[k]`: the squares that may still be left uncovered once `k` have been.
    leavable: Vec<u64>,
    /// `kind_squares[k]`: the squares of the `k`-th kind to leave uncovered.
    kind_squares: Vec<u64>,
    /// `fillable[used]`: bit `n` is set when some of the pieces not in `used` make `n` squares.
    fillable: Vec<u64>,
    /// The most bits any placement spans (highest square minus lowest, plus one): every
    /// covered square at or past the lowest empty one lies within this many bits of it.
    widest_placement: u32,
}

/// A solution as the search reports it.
#[derive(Debug, Clone, Copy)]
pub struct Found<'s> {
    /// Indices into [`Solver::placements`], one per piece, in the order they were placed.
    pub placements: &'s [u16],
    /// The uncovered squares, ascending.
    pub uncovered: &'s [u8],
}

struct Search<'v, F> {
    stack: Vec<u16>,
    holes: Vec<u8>,
    visit: &'v mut F,
    stop: bool,
    limits: &'v Limits,
    visited: u32,
    /// The limits stopped the walk.
    limited: bool,
}

impl<'a> Solver<'a> {
    /// Prepare `puzzle`: every placement of every piece, and the tables the pruning uses.
    pub fn new(puzzle: &'a Puzzle) -> Solver<'a> {
        let cells = puzzle.width * puzzle.height;
        let mut outside = !0u64;
        for (i, s) in puzzle.squares.iter().enumerate() {
            if s.is_some() {
                outside &= !(1u64 << i);
            }
        }
        let piece_count = puzzle.pieces.len();
        let mut by_cell: Vec<Vec<Placement>> = vec![Vec::new(); cells * piece_count];
        for (p, piece) in puzzle.pieces.iter().enumerate() {
            for (o, orientation) in piece.orientations.iter().enumerate() {
                for anchor in 0..cells {
                    let Some(covered) = puzzle.place(&orientation.cells, anchor) else { continue };
                    let mask = covered.iter().fold(0u64, |m, &i| m | 1u64 << i);
                    let lowest = mask.trailing_zeros() as usize;
                    by_cell[lowest * piece_count + p].push(Placement {
                        mask,
                        piece: p as u8,
                        orientation: o as u8,
                        anchor: anchor as u8,
                    });
                }
            }
        }
        let mut placements = Vec::new();
        let mut starts = Vec::with_capacity(by_cell.len() + 1);
        for list in by_cell {
            starts.push(placements.len() as u32);
            placements.extend(list);
        }
        starts.push(placements.len() as u32);
        let (mut first_col, mut last_col) = (0u64, 0u64);
        for r in 0..puzzle.height {
            first_col |= 1u64 << (r * puzzle.width);
            last_col |= 1u64 << (r * puzzle.width + puzzle.width - 1);
        }
        Solver {
            puzzle,
            outside,
            starts,
            piece_count,
            not_first_col: !first_col,
            not_last_col: !last_col,
            width: puzzle.width as u32,
            masks: placements.iter().map(|p| p.mask).collect(),
            all_pieces: ((1u32 << piece_count) - 1) as u16,
            smallest_piece: puzzle.pieces.iter().map(|p| p.cells.len()).min().unwrap_or(1),
            leavable: (0..=puzzle.hole_kinds.len())
                .map(|k| {
                    let later = &puzzle.hole_kinds[k..];
                    (0..cells)
                        .filter(|&i| puzzle.squares[i].is_some_and(|l| later.contains(&l.kind())))
                        .fold(0u64, |m, i| m | 1u64 << i)
                })
                .chain(std::iter::once(0))
                .collect(),
            kind_squares: puzzle
                .hole_kinds
                .iter()
                .map(|&kind| {
                    (0..cells)
                        .filter(|&i| puzzle.squares[i].is_some_and(|l| l.kind() == kind))
                        .fold(0u64, |m, i| m | 1u64 << i)
                })
                .collect(),
            fillable: fillable_sizes(puzzle),
            widest_placement: placements
                .iter()
                .map(|p| 64 - p.mask.leading_zeros() - p.mask.trailing_zeros())
                .max()
                .unwrap_or(0),
            placements,
        }
    }

    /// The puzzle being solved.
    pub fn puzzle(&self) -> &'a Puzzle {
        self.puzzle
    }

    /// Every placement, indexed by [`Found::placements`].
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// Visit every way to cover all squares except `uncovered`. `visit` returns `false` to stop.
    pub fn solve_with_uncovered(&self, uncovered: &[usize], visit: impl FnMut(Found<'_>) -> bool) {
        self.solve_with_uncovered_within(uncovered, &Limits::none(), visit);
    }

    /// [`Solver::solve_with_uncovered`] until `limits` strike; `false` when they did (the
    /// solutions visited are then some of them, each a real one).
    pub fn solve_with_uncovered_within(
        &self,
        uncovered: &[usize],
        limits: &Limits,
        mut visit: impl FnMut(Found<'_>) -> bool,
    ) -> bool {
        let mut board = self.outside;
        let mut holes: Vec<u8> = Vec::new();
        for &i in uncovered {
            if i < 64 {
                board |= 1u64 << i;
                holes.push(i as u8);
            }
        }
        holes.sort_unstable();
        let state = State { board, used: 0, holes: holes.len() as u8, holes_left: 0, month_days: 0 };
        let mut search = Search::new(holes, &mut visit, limits);
        self.run(state, &mut search)
    }

    /// Visit every solution of `date` (and `weekday` on frames with weekdays).
    pub fn solve_date(&self, date: Date, weekday: Option<u8>, visit: impl FnMut(Found<'_>) -> bool) {
        self.solve_date_within(date, weekday, &Limits::none(), visit);
    }

    /// [`Solver::solve_date`] until `limits` strike; `false` when they did.
    pub fn solve_date_within(
        &self,
        date: Date,
        weekday: Option<u8>,
        limits: &Limits,
        visit: impl FnMut(Found<'_>) -> bool,
    ) -> bool {
        let mut labels = vec![Label::Month(date.month), Label::Day(date.day)];
        if self.puzzle.hole_kinds.contains(&LabelKind::Weekday) {
            match weekday {
                Some(w) => labels.push(Label::Weekday(w)),
                None => return true,
            }
        }
        let Some(squares) = labels.iter().map(|&l| self.puzzle.square_of(l)).collect::<Option<Vec<usize>>>()
        else {
            return true;
        };
        self.solve_with_uncovered_within(&squares, limits, visit)
    }

    /// Visit every solution of every date (and weekday) in one pass.
    pub fn solve_all(&self, visit: impl FnMut(Found<'_>) -> bool) {
        self.solve_all_within(&Limits::none(), visit);
    }

    /// [`Solver::solve_all`] until `limits` strike; `false` when they did.
    pub fn solve_all_within(&self, limits: &Limits, mut visit: impl FnMut(Found<'_>) -> bool) -> bool {
        let mut search = Search::new(Vec::new(), &mut visit, limits);
        let holes_left = self.puzzle.hole_kinds.len() as u8;
        self.run(State { board: self.outside, used: 0, holes: 0, holes_left, month_days: 0 }, &mut search)
    }

    /// The number of solutions of `date`.
    pub fn count_date(&self, date: Date, weekday: Option<u8>) -> u64 {
        let mut n = 0;
        self.solve_date(date, weekday, |_| {
            n += 1;
            true
        });
        n
    }

    /// The board of a solution.
    pub fn board(&self, found: Found<'_>) -> Board {
        let mut board = Board::empty(self.puzzle);
        for &id in found.placements {
            if let Some(p) = self.placements.get(usize::from(id)) {
                let mut mask = p.mask;
                while mask != 0 {
                    let i = mask.trailing_zeros() as usize;
                    if let Some(cell) = board.cells.get_mut(i) {
                        *cell = Cell::Piece(p.piece);
                    }
                    mask &= mask - 1;
                }
            }
        }
        board
    }

    /// The answer the uncovered squares of a solution spell.
    pub fn answer(&self, found: Found<'_>) -> Option<Answer> {
        let (mut month, mut day, mut weekday) = (0, 0, None);
        for &i in found.uncovered {
            match self.puzzle.squares.get(usize::from(i)).copied().flatten()? {
                Label::Month(m) => month = m,
                Label::Day(d) => day = d,
                Label::Weekday(w) => weekday = Some(w),
            }
        }
        Some(Answer { date: Date::new(month, day)?, weekday })
    }

    /// Empty cells of `board` that no piece can cover: those with no empty neighbour, and
    /// those in a region of two or three when every piece is bigger (a pocket of three is a
    /// cell with exactly two empty neighbours, each of which has no other).
    #[inline]
    fn stranded(&self, board: u64) -> u64 {
        let empty = !board;
        let w = self.width;
        let left = (empty << 1) & self.not_first_col;
        let right = (empty >> 1) & self.not_last_col;
        let up = empty.checked_shl(w).unwrap_or(0);
        let down = empty.checked_shr(w).unwrap_or(0);
        let any = left | right | up | down;
        let two = (left & right) | (up & down) | ((left | right) & (up | down));
        let lonely = empty & any & !two;
        let pair_h = lonely & (lonely >> 1) & self.not_last_col & right;
        let pair_v = lonely & lonely.checked_shr(w).unwrap_or(0) & down;
        let isolated = empty & !any;
        if self.smallest_piece <= 2 {
            return isolated;
        }
        let pairs = pair_h | (pair_h << 1) | pair_v | pair_v.checked_shl(w).unwrap_or(0);
        if self.smallest_piece == 3 {
            return isolated | pairs;
        }
        let three = (left & right & (up | down)) | (up & down & (left | right));
        let exactly_two = empty & two & !three;
        let lonely_left = (lonely << 1) & self.not_first_col;
        let lonely_right = (lonely >> 1) & self.not_last_col;
        let lonely_up = lonely.checked_shl(w).unwrap_or(0);
        let lonely_down = lonely.checked_shr(w).unwrap_or(0);
        let middle = exactly_two
            & ((lonely_left & lonely_right)
                | (lonely_up & lonely_down)
                | ((lonely_left | lonely_right) & (lonely_up | lonely_down)));
        let ends = ((middle << 1) & self.not_first_col)
            | ((middle >> 1) & self.not_last_col)
            | middle.checked_shl(w).unwrap_or(0)
            | middle.checked_shr(w).unwrap_or(0);
        isolated | pairs | middle | (ends & empty)
    }

    #[inline]
    fn neighbours(&self, cells: u64) -> u64 {
        ((cells << 1) & self.not_first_col)
            | ((cells >> 1) & self.not_last_col)
            | cells.checked_shl(self.width).unwrap_or(0)
            | cells.checked_shr(self.width).unwrap_or(0)
    }

    /// Whether `placed` closes off a region of empty squares the pieces not in `used` cannot
    /// fill: one whose size no choice of them makes (see [`Solver::fillable`]), or one too small
    /// for two pieces that is not exactly the shape of one. Only regions that stop growing within
    /// a few steps are measured; the open rest of the board is left alone.
    #[inline]
    fn cuts_off(&self, board: u64, placed: u64, used: u16) -> bool {
        const FLOOD_STEPS: usize = 8;
        let fillable = self.fillable[usize::from(used)];
        let empty = !board;
        let mut seeds = self.neighbours(placed) & empty;
        while seeds != 0 {
            let mut region = seeds & seeds.wrapping_neg();
            for _ in 0..FLOOD_STEPS {
                let grown = (region | self.neighbours(region)) & empty;
                if grown == region {
                    let size = region.count_ones();
                    if fillable >> size & 1 == 0
                        || (size < 2 * self.smallest_piece as u32 && !self.is_a_piece(region, used))
                    {
                        return true;
                    }
                    break;
                }
                region = grown;
            }
            seeds &= !region;
        }
        false
    }

    /// Whether `region` is exactly a placement of a piece not in `used`.
    fn is_a_piece(&self, region: u64, used: u16) -> bool {
        let row = region.trailing_zeros() as usize * self.piece_count;
        let mut unused = !used & self.all_pieces;
        while unused != 0 {
            let piece = unused.trailing_zeros() as usize;
            unused &= unused - 1;
            let (from, to) = (self.starts[row + piece] as usize, self.starts[row + piece + 1] as usize);
            if self.masks[from..to].contains(&region) {
                return true;
            }
        }
        false
    }

    /// Whether `state` is remembered in the graph's memo. With few pieces left, searching again
    /// costs less than looking the state up (and the table's memory).
    #[inline]
    fn memoised(&self, state: State) -> bool {
        const MEMO_PIECES_LEFT: u32 = 4;
        self.piece_count as u32 - state.used.count_ones() >= MEMO_PIECES_LEFT
    }

    /// Add to `graph` the state `state` and everything after it that leads to a solution;
    /// returns its node, or [`DEAD`] when no solution follows. The steps out of a node keep the
    /// search's order (pieces, then their placements, then leaving the cell uncovered), so
    /// walking the graph visits solutions in that order.
    fn expand(&self, graph: &mut Graph<'_>, state: State) -> u32 {
        graph.expanded = graph.expanded.wrapping_add(1);
        if graph.expanded.is_multiple_of(CHECK_EVERY) && graph.limits.reached() {
            graph.stopped = true;
        }
        if graph.stopped {
            return DEAD;
        }
        let State { board, used, holes_left, .. } = state;
        // Holes are only left at the lowest empty cell, so each kind still to leave needs an
        // empty square.
        let first_kind_left = self.kind_squares.len().saturating_sub(usize::from(holes_left));
        if self.kind_squares[first_kind_left..].iter().any(|&squares| squares & !board == 0) {
            return DEAD;
        }
        let cell = (!board).trailing_zeros() as usize;
        let row = cell * self.piece_count;
        // Cells already cut off must be left uncovered, and only squares of the kinds still to
        // leave may be.
        let may_strand = self.leavable[usize::from(state.holes)];
        let children_from = graph.children.len();
        let mut unused = !used & self.all_pieces;
        while unused != 0 {
            let piece = unused.trailing_zeros() as usize;
            unused &= unused - 1;
            let (from, to) = (self.starts[row + piece] as usize, self.starts[row + piece + 1] as usize);
            for (k, &mask) in self.masks[from..to].iter().enumerate() {
                if mask & board != 0 {
                    continue;
                }
                let next = board | mask;
                let stranded = self.stranded(next);
                if stranded & !may_strand != 0 || stranded.count_ones() > u32::from(holes_left) {
                    continue;
                }
                let child = State { board: next, used: used | (1 << piece), ..state };
                // With squares still to leave, almost any region size can be made and measuring
                // regions costs more than it saves.
                if holes_left == 0 && self.cuts_off(next, mask, child.used) {
                    continue;
                }
                graph.children.push(Child { state: child, step: (from + k) as u16, node: UNKNOWN });
            }
        }
        if holes_left > 0
            && let Some(month_days) = self.may_leave(state, cell)
        {
            let next = board | 1u64 << cell;
            let stranded = self.stranded(next);
            if stranded & !self.leavable[usize::from(state.holes) + 1] == 0
                && stranded.count_ones() < u32::from(holes_left)
            {
                let child = State {
                    board: next,
                    holes: state.holes + 1,
                    holes_left: holes_left - 1,
                    month_days,
                    ..state
                };
                graph.children.push(Child { state: child, step: LEAVE | cell as u16, node: UNKNOWN });
            }
        }
        // Look every child up before expanding any: the lookups are independent memory reads
        // the processor can overlap, and they dominate the time. No child can appear below a
        // sibling (it has fewer pieces placed), so what they find stays true.
        for child in &mut graph.children[children_from..] {
            child.node = if child.state.board == !0u64 {
                SOLVED
            } else if !self.memoised(child.state) {
                UNKNOWN
            } else {
                graph.memo.get(child.state)
            };
        }
        let edges_from = graph.scratch.len();
        for i in children_from..graph.children.len() {
            let Child { state: child, step, mut node } = graph.children[i];
            if node == UNKNOWN {
                node = self.expand(graph, child);
                if self.memoised(child) {
                    graph.memo.insert(child, node);
                }
            }
            if node != DEAD {
                graph.scratch.push((step, node));
            }
        }
        graph.children.truncate(children_from);
        if graph.scratch.len() == edges_from {
            return DEAD;
        }
        for (step, to) in graph.scratch.drain(edges_from..) {
            graph.steps.push(step);
            graph.targets.push(to);
        }
        graph.ends.push(graph.steps.len() as u32);
        (graph.ends.len() - 2) as u32
    }

    /// Whether the search may leave `cell` uncovered (it is of the next kind, and a day makes a
    /// real date with the month left before it), and if so the `month_days` of the next state.
    fn may_leave(&self, state: State, cell: usize) -> Option<u8> {
        let next_kind = self.puzzle.hole_kinds.get(usize::from(state.holes))?;
        let label = self.puzzle.squares.get(cell).copied().flatten()?;
        if label.kind() != *next_kind {
            return None;
        }
        match label {
            Label::Month(month) => Some((1..=31).rev().find(|&d| Date::new(month, d).is_some()).unwrap_or(0)),
            Label::Day(day) => (day <= state.month_days).then_some(0),
            Label::Weekday(_) => Some(state.month_days),
        }
    }

    /// Search from `state`, then visit every solution in search order.
    /// Returns `false` when the limits stopped it.
    fn run<F: FnMut(Found<'_>) -> bool>(&self, state: State, search: &mut Search<'_, F>) -> bool {
        self.run_with(state, search, Memo::for_run(self, state))
    }

    fn run_with<F: FnMut(Found<'_>) -> bool>(
        &self,
        state: State,
        search: &mut Search<'_, F>,
        memo: Memo,
    ) -> bool {
        let mut graph = Graph::new(search.limits, memo);
        let root = if state.board == !0u64 { SOLVED } else { self.expand(&mut graph, state) };
        // The walk needs only the nodes and their steps.
        graph.memo = Memo::Wide(Default::default());
        self.walk(&graph, root, search);
        !graph.stopped && !search.limited
    }

    fn walk<F: FnMut(Found<'_>) -> bool>(&self, graph: &Graph<'_>, node: u32, search: &mut Search<'_, F>) {
        if node == SOLVED {
            search.visited = search.visited.wrapping_add(1);
            if search.visited.is_multiple_of(CHECK_EVERY) && search.limits.reached() {
                search.limited = true;
                search.stop = true;
                return;
            }
            let found = Found { placements: &search.stack, uncovered: &search.holes };
            if !(search.visit)(found) {
                search.stop = true;
            }
            return;
        }
        let (Some(&from), Some(&to)) = (graph.ends.get(node as usize), graph.ends.get(node as usize + 1))
        else {
            return;
        };
        let (from, to) = (from as usize, to as usize);
        for (&step, &next) in graph.steps[from..to].iter().zip(&graph.targets[from..to]) {
            if step & LEAVE != 0 {
                search.holes.push((step & !LEAVE) as u8);
                self.walk(graph, next, search);
                search.holes.pop();
            } else {
                search.stack.push(step);
                self.walk(graph, next, search);
                search.stack.pop();
            }
            if search.stop {
                return;
            }
        }
    }
}

/// The region sizes each set of unused pieces could fill; see [`Solver::fillable`].
fn fillable_sizes(puzzle: &Puzzle) -> Vec<u64> {
    (0..1usize << puzzle.pieces.len())
        .map(|used| {
            // Every sum of a subset of the unused pieces' sizes.
            puzzle
                .pieces
                .iter()
                .enumerate()
                .filter(|&(p, _)| used & 1 << p == 0)
                .fold(1u64, |sums, (_, piece)| sums | sums.checked_shl(piece.cells.len() as u32).unwrap_or(0))
        })
        .collect()
}

/// A node of the search: the squares covered (pieces and holes), the pieces used, and what is
/// still to leave uncovered. Two orders of placing the same pieces on the same squares meet in
/// the same state, and the search below it is done once.
#[derive(Debug, Clone, Copy)]
struct State {
    board: u64,
    used: u16,
    /// Squares left uncovered so far.
    holes: u8,
    holes_left: u8,
    /// The length of the month left uncovered, while a day is still to leave (a day makes a
    /// real date only with it); 0 before the month and after the day (every frame leaves a
    /// month before a day), so states that differ only in a month already dealt with meet.
    month_days: u8,
}

impl State {
    fn key(self) -> (u64, u32) {
        (self.board, u32::from(self.used) | u32::from(self.holes) << 16 | u32::from(self.month_days) << 24)
    }
}

/// The graph's memo: which node each remembered state became, or [`DEAD`].
///
/// Most states lead nowhere (the weekday edition's one pass meets about four million states,
/// three in four dead), so when a state fits in 64 bits the dead ones go to a cache of bare keys
/// ([`DeadCache`]) and only the live ones, with their nodes, to a map: the one pass peaks at
/// 84 MB instead of 390 MB, in the same time.
enum Memo {
    /// Keys packed by [`Packing`]: recently dead states, and every live one with its node.
    Narrow { packing: Packing, dead: DeadCache, live: FxHashMap<u64, u32> },
    /// Whole states as keys, for puzzles whose states do not pack.
    Wide(FxHashMap<(u64, u32), u32>),
}

/// How a state packs into 64 bits in one run. Below the lowest empty square every square is
/// covered (pieces go on the lowest empty square, holes are left there or given from the
/// start), and every covered square past it lies within the widest placement, so a state is:
/// the lowest empty square (6 bits), the squares covered from there (`window` bits, without the
/// squares covered in every state of the run), the pieces used, the holes left (3 bits) and
/// `month_days` (5 bits).
#[derive(Clone, Copy)]
struct Packing {
    /// Squares covered in every state of the run: outside the frame, and holes given at start.
    fixed: u64,
    window: u32,
    pieces: u32,
}

impl Memo {
    /// The memo for a run from `root`: packed when every state of the run fits in 64 bits.
    fn for_run(solver: &Solver<'_>, root: State) -> Memo {
        let window = solver.widest_placement;
        let pieces = solver.piece_count as u32;
        let holes_fit = u32::from(root.holes) + u32::from(root.holes_left) < 8;
        if holes_fit && 6 + window + pieces + 3 + 5 <= 64 {
            let packing = Packing { fixed: root.board, window, pieces };
            let one_date = root.holes_left == 0;
            Memo::Narrow { packing, dead: DeadCache::new(pieces, one_date), live: FxHashMap::default() }
        } else {
            Memo::Wide(FxHashMap::default())
        }
    }

    /// The node `state` became, [`DEAD`], or [`UNKNOWN`] when not remembered.
    #[inline]
    fn get(&self, state: State) -> u32 {
        match self {
            Memo::Narrow { packing, dead, live } => {
                let key = packing.key(state);
                if dead.contains(key) { DEAD } else { live.get(&key).copied().unwrap_or(UNKNOWN) }
            }
            Memo::Wide(map) => map.get(&state.key()).copied().unwrap_or(UNKNOWN),
        }
    }

    fn insert(&mut self, state: State, node: u32) {
        match self {
            Memo::Narrow { packing, dead, live } => {
                let key = packing.key(state);
                if node == DEAD {
                    dead.insert(key);
                } else {
                    live.insert(key, node);
                }
            }
            Memo::Wide(map) => {
                map.insert(state.key(), node);
            }
        }
    }
}

/// The dead states, as a cache of fixed size: pairs of slots holding packed keys plus one (0 is
/// empty), the newer first; a third key in a pair pushes the older out. Forgetting a dead state
/// only means searching it again when it comes back, and it rarely comes back long after: on
/// the weekday edition's one pass (3.1 million dead states) 2^20 slots take 8 MiB and the same
/// time as remembering every one of them in a hash set (38 MB).
struct DeadCache {
    slots: Vec<u64>,
    bits: u32,
}

impl DeadCache {
    /// 2^(2 × pieces) slots, from 2^12 to 2^20: the states grow with the pieces, and a small
    /// search must not pay for touching a big table (the classic edition's 8 pieces: 2^16).
    /// A search for `one_date` meets far fewer states than the one pass and takes a quarter of
    /// that: one weekday date in 2 MiB instead of 8 for 3 % more instructions (issue 38: one
    /// date within 16 MiB).
    fn new(pieces: u32, one_date: bool) -> DeadCache {
        let bits = (2 * pieces).saturating_sub(if one_date { 2 } else { 0 }).clamp(12, 20);
        DeadCache { slots: vec![0; 1 << bits], bits }
    }

    /// The first slot of `key`'s pair (a Fibonacci hash: the keys' low bits are alike).
    #[inline]
    fn at(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize & !1
    }
    #[inline]
    fn contains(&self, key: u64) -> bool {
        let i = self.at(key);
        self.slots[i] == key + 1 || self.slots[i + 1] == key + 1
    }
    fn insert(&mut self, key: u64) {
        let i = self.at(key);
        self.slots[i + 1] = self.slots[i];
        self.slots[i] = key + 1;
    }
}

impl Packing {
    #[inline]
    fn key(self, state: State) -> u64 {
        // A full board never reaches the memo (it is a solution), so `first` < 64.
        let first = (!state.board).trailing_zeros() & 63;
        let window = (state.board & !self.fixed) >> first;
        debug_assert!(window >> self.window == 0, "a covered square past the widest placement");
        let mut key = u64::from(first);
        key |= window << 6;
        key |= u64::from(state.used) << (6 + self.window);
        key |= u64::from(state.holes) << (6 + self.window + self.pieces);
        key | u64::from(state.month_days) << (6 + self.window + self.pieces + 3)
    }
}

/// Marks an [`Edge`] that leaves a cell uncovered (the low bits are the cell) rather than
/// placing a piece (the bits are the placement's index).
const LEAVE: u16 = 0x8000;
/// Node numbers with a meaning of their own.
const DEAD: u32 = u32::MAX;
const SOLVED: u32 = u32::MAX - 1;
/// A child not yet looked up.
const UNKNOWN: u32 = u32::MAX - 2;

#[derive(Debug, Clone, Copy)]
struct Child {
    state: State,
    step: u16,
    node: u32,
}

impl<'v, F> Search<'v, F> {
    fn new(holes: Vec<u8>, visit: &'v mut F, limits: &'v Limits) -> Search<'v, F> {
        Search { stack: Vec::new(), holes, visit, stop: false, limits, visited: 0, limited: false }
    }
}

/// The states that lead to a solution and the steps between them.
struct Graph<'l> {
    limits: &'l Limits,
    /// States expanded so far (the limits are looked at every [`CHECK_EVERY`]).
    expanded: u32,
    /// The limits struck: every expansion since returned [`DEAD`], so the graph is partial.
    stopped: bool,
    memo: Memo,
    /// Node `i`'s steps are `steps[ends[i]..ends[i + 1]]`, each leading to `targets[..]`
    /// (nodes are finished one after another, so each ends where the next begins).
    ends: Vec<u32>,
    steps: Vec<u16>,
    targets: Vec<u32>,
    /// Children of the nodes being expanded, innermost last.
    children: Vec<Child>,
    /// Steps (and where they lead) of the nodes being expanded, innermost last.
    scratch: Vec<(u16, u32)>,
}

impl<'l> Graph<'l> {
    fn new(limits: &'l Limits, memo: Memo) -> Graph<'l> {
        Graph {
            limits,
            expanded: 0,
            stopped: false,
            memo,
            ends: vec![0],
            steps: Vec::new(),
            targets: Vec::new(),
            children: Vec::new(),
            scratch: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extreme_dates_have_the_known_counts() {
        let puzzle = Puzzle::classic();
        let solver = Solver::new(&puzzle);
        assert_eq!(solver.count_date(Date { month: 10, day: 6 }, None), 7);
        assert_eq!(solver.count_date(Date { month: 1, day: 25 }, None), 216);
        assert_eq!(solver.count_date(Date { month: 1, day: 19 }, None), 104);
    }

    #[test]
    fn one_pass_finds_every_solution() {
        let puzzle = Puzzle::classic();
        let solver = Solver::new(&puzzle);
        let mut per_date = std::collections::BTreeMap::new();
        solver.solve_all(|found| {
            let answer = solver.answer(found).expect("a real date");
            *per_date.entry(answer.date).or_insert(0u32) += 1;
            true
        });
        assert_eq!(per_date.len(), 366);
        assert_eq!(per_date.values().sum::<u32>(), 24_405);
        assert_eq!(per_date.values().min(), Some(&7));
        assert_eq!(per_date[&Date { month: 1, day: 25 }], 216);
    }

    #[test]
    fn solutions_cover_everything_but_the_date() {
        let puzzle = Puzzle::classic();
        let solver = Solver::new(&puzzle);
        let mut boards = Vec::new();
        solver.solve_date(Date { month: 2, day: 29 }, None, |found| {
            boards.push(solver.board(found));
            true
        });
        assert_eq!(boards.len(), 64);
        for board in &boards {
            let answer = board.answer(&puzzle).unwrap();
            assert_eq!(answer.date, Date { month: 2, day: 29 });
        }
        let mut first = 0;
        solver.solve_date(Date { month: 2, day: 29 }, None, |_| {
            first += 1;
            false
        });
        assert_eq!(first, 1);
    }

    /// The packed memo (dead states in a lossy cache) and whole states as keys find the same
    /// solutions in the same order: the classic edition's every date in one pass, and one date
    /// of the weekday edition (its one pass is too slow for a debug build; the release-mode
    /// `tests/reference.rs` checks it against the whole table).
    #[test]
    fn packed_and_whole_state_memos_agree() {
        let classic = Puzzle::classic();
        let weekday = Puzzle::weekday();
        let all_dates = |solver: &Solver<'_>| State {
            board: solver.outside,
            used: 0,
            holes: 0,
            holes_left: solver.puzzle.hole_kinds.len() as u8,
            month_days: 0,
        };
        let one_date = |solver: &Solver<'_>| {
            let labels = [Label::Month(4), Label::Day(6), Label::Weekday(1)];
            let board = labels
                .iter()
                .filter_map(|&l| solver.puzzle.square_of(l))
                .fold(solver.outside, |b, i| b | 1 << i);
            State { board, used: 0, holes: 3, holes_left: 0, month_days: 0 }
        };
        let solvers = [Solver::new(&classic), Solver::new(&weekday)];
        for (solver, root) in [(&solvers[0], all_dates(&solvers[0])), (&solvers[1], one_date(&solvers[1]))] {
            let name = &solver.puzzle.name;
            assert!(matches!(Memo::for_run(solver, root), Memo::Narrow { .. }), "{name}");
            let mut seen = Vec::new();
            for memo in [Memo::for_run(solver, root), Memo::Wide(FxHashMap::default())] {
                let mut solutions: Vec<(Vec<u16>, Vec<u8>)> = Vec::new();
                let limits = Limits::none();
                let mut visit = |found: Found<'_>| {
                    solutions.push((found.placements.to_vec(), found.uncovered.to_vec()));
                    true
                };
                let mut search = Search::new(Vec::new(), &mut visit, &limits);
                assert!(solver.run_with(root, &mut search, memo));
                seen.push(solutions);
            }
            assert!(!seen[0].is_empty(), "{name}");
            assert_eq!(seen[0], seen[1], "{name}");
        }
    }

    #[test]
    fn weekday_edition_extremes() {
        let puzzle = Puzzle::weekday();
        let solver = Solver::new(&puzzle);
        assert_eq!(solver.count_date(Date { month: 4, day: 6 }, Some(1)), 97);
        assert_eq!(solver.count_date(Date { month: 4, day: 6 }, Some(0)), 108);
        assert_eq!(solver.count_date(Date { month: 4, day: 6 }, None), 0);
    }
}
