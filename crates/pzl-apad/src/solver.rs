//! The bitboard search. Each cell of the frame is one bit of a `u64` (bit = width·row + column);
//! every placement of every canonical orientation is precomputed as a mask and filed under its
//! lowest cell. The search always fills the lowest empty cell, so each packing is found once.
//!
//! One date: its squares start covered. Every date at once: the search may also leave the lowest
//! empty cell uncovered when it is a square of the next kind still to leave (month, then day,
//! then weekday — the frames list them in that order), so one pass finds every solution of every
//! date. Both prune a board with a stranded empty cell (no empty neighbour, or one of an enclosed
//! pair) that may not be left uncovered, or with more of them than squares still to leave.

use crate::board::{Answer, Board, Cell};
use crate::date::Date;
use crate::puzzle::{Label, LabelKind, Puzzle};

/// One placement: a canonical orientation of a piece with its anchor on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    pub mask: u64,
    pub piece: u8,
    /// Index into the piece's [`crate::puzzle::Piece::orientations`].
    pub orientation: u8,
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
    /// Per cell, the kind of its label (for leaving it uncovered).
    kinds: Vec<Option<LabelKind>>,
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
}

impl<'a> Solver<'a> {
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
            kinds: puzzle.squares.iter().map(|s| s.map(Label::kind)).collect(),
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
            placements,
        }
    }

    pub fn puzzle(&self) -> &'a Puzzle {
        self.puzzle
    }

    /// Every placement, indexed by [`Found::placements`].
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// Visit every way to cover all squares except `uncovered`. `visit` returns `false` to stop.
    pub fn solve_with_uncovered(&self, uncovered: &[usize], mut visit: impl FnMut(Found<'_>) -> bool) {
        let mut board = self.outside;
        let mut holes: Vec<u8> = Vec::new();
        for &i in uncovered {
            if i < 64 {
                board |= 1u64 << i;
                holes.push(i as u8);
            }
        }
        holes.sort_unstable();
        let mut search = Search { stack: Vec::new(), holes, visit: &mut visit, stop: false };
        self.fill(&mut search, board, 0, 0);
    }

    /// Visit every solution of `date` (and `weekday` on frames with weekdays).
    pub fn solve_date(&self, date: Date, weekday: Option<u8>, visit: impl FnMut(Found<'_>) -> bool) {
        let mut labels = vec![Label::Month(date.month), Label::Day(date.day)];
        if self.puzzle.hole_kinds.contains(&LabelKind::Weekday) {
            match weekday {
                Some(w) => labels.push(Label::Weekday(w)),
                None => return,
            }
        }
        let Some(squares) = labels.iter().map(|&l| self.puzzle.square_of(l)).collect::<Option<Vec<usize>>>()
        else {
            return;
        };
        self.solve_with_uncovered(&squares, visit);
    }

    /// Visit every solution of every date (and weekday) in one pass.
    pub fn solve_all(&self, mut visit: impl FnMut(Found<'_>) -> bool) {
        let mut search = Search { stack: Vec::new(), holes: Vec::new(), visit: &mut visit, stop: false };
        let holes_left = self.puzzle.hole_kinds.len() as u32;
        self.fill(&mut search, self.outside, 0, holes_left);
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

    fn fill<F: FnMut(Found<'_>) -> bool>(
        &self,
        search: &mut Search<'_, F>,
        board: u64,
        used: u16,
        holes_left: u32,
    ) {
        if board == !0u64 {
            let found = Found { placements: &search.stack, uncovered: &search.holes };
            if !(search.visit)(found) {
                search.stop = true;
            }
            return;
        }
        // Holes are only left at the lowest empty cell, so each kind still to leave needs an
        // empty square.
        let first_kind_left = self.kind_squares.len().saturating_sub(holes_left as usize);
        if self.kind_squares[first_kind_left..].iter().any(|&squares| squares & !board == 0) {
            return;
        }
        let cell = (!board).trailing_zeros() as usize;
        let row = cell * self.piece_count;
        // Cells already cut off must be left uncovered, and only squares of the kinds still to
        // leave may be.
        let may_strand = self.leavable[search.holes.len()];
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
                if stranded & !may_strand != 0 || stranded.count_ones() > holes_left {
                    continue;
                }
                search.stack.push((from + k) as u16);
                self.fill(search, next, used | (1 << piece), holes_left);
                search.stack.pop();
                if search.stop {
                    return;
                }
            }
        }
        if holes_left > 0 && self.may_leave(search, cell) {
            let next = board | 1u64 << cell;
            let stranded = self.stranded(next);
            if stranded & !self.leavable[search.holes.len() + 1] == 0 && stranded.count_ones() < holes_left {
                search.holes.push(cell as u8);
                self.fill(search, next, used, holes_left - 1);
                search.holes.pop();
            }
        }
    }

    /// Whether the search may leave `cell` uncovered: it is of the next kind, and a day
    /// makes a real date with the month left before it.
    fn may_leave<F>(&self, search: &Search<'_, F>, cell: usize) -> bool {
        let next_kind = self.puzzle.hole_kinds.get(search.holes.len());
        let Some(kind) = self.kinds.get(cell).copied().flatten() else { return false };
        if next_kind != Some(&kind) {
            return false;
        }
        if kind != LabelKind::Day {
            return true;
        }
        let month = search.holes.iter().find_map(|&h| match self.puzzle.squares.get(usize::from(h)) {
            Some(Some(Label::Month(m))) => Some(*m),
            _ => None,
        });
        let day = match self.puzzle.squares.get(cell) {
            Some(Some(Label::Day(d))) => *d,
            _ => return false,
        };
        month.is_some_and(|m| Date::new(m, day).is_some())
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

    #[test]
    fn weekday_edition_extremes() {
        let puzzle = Puzzle::weekday();
        let solver = Solver::new(&puzzle);
        assert_eq!(solver.count_date(Date { month: 4, day: 6 }, Some(1)), 97);
        assert_eq!(solver.count_date(Date { month: 4, day: 6 }, Some(0)), 108);
        assert_eq!(solver.count_date(Date { month: 4, day: 6 }, None), 0);
    }
}
