//! Clue numbering: which cells start an across or down word, and their numbers, derived from the
//! shape of the grid as Across Lite does it (`.` and `:` are blocks; one-cell words get none).

use pzl_grid::Pos;

/// Across or down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Left to right.
    Across,
    /// Top to bottom.
    Down,
}

impl Direction {
    /// `across` or `down`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Across => "across",
            Direction::Down => "down",
        }
    }
}

/// One numbered word of the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Slot {
    /// The clue number.
    pub number: u16,
    /// Across or down.
    pub direction: Direction,
    /// The first cell.
    pub start: Pos,
    /// How many cells.
    pub len: usize,
}

impl Slot {
    /// The row-major indices of the slot's cells in a grid `width` wide.
    pub fn cells(&self, width: usize) -> impl Iterator<Item = usize> + use<> {
        let start = self.start.row * width + self.start.col;
        let step = match self.direction {
            Direction::Across => 1,
            Direction::Down => width,
        };
        (0..self.len).map(move |i| start + i * step)
    }
}

/// Whether a grid byte is a block.
pub fn is_block(b: u8) -> bool {
    b == b'.' || b == b':'
}

/// Bar flag of a cell: a bar on its right edge (an across entry ends at the cell).
pub const BAR_RIGHT: u8 = 1;
/// Bar flag of a cell: a bar on its bottom edge (a down entry ends at the cell).
pub const BAR_BOTTOM: u8 = 2;

/// The slots of a barred grid: as [`slots`], but an entry also ends at a bar. `bars` holds one
/// flag byte per cell ([`BAR_RIGHT`], [`BAR_BOTTOM`]); a bar on a cell's left or top edge is the
/// right or bottom bar of its neighbour. Without bars this is [`slots`].
pub fn slots_barred(width: usize, height: usize, cells: &[u8], bars: Option<&[u8]>) -> Vec<Slot> {
    let Some(bars) = bars.filter(|b| b.iter().any(|&f| f != 0)) else {
        return slots(width, height, cells);
    };
    barred(width, height, cells, bars)
}

/// [`slots_barred`] with bars, cell by cell (short grids: missing cells are blocks).
fn barred(width: usize, height: usize, cells: &[u8], bars: &[u8]) -> Vec<Slot> {
    let open = |r: usize, c: usize| cells.get(r * width + c).is_some_and(|&b| !is_block(b));
    let bar = |r: usize, c: usize, flag: u8| bars.get(r * width + c).is_some_and(|&f| f & flag != 0);
    // Whether the entry goes on from (r, c) to the next cell across / down.
    let goes_right =
        |r: usize, c: usize| c + 1 < width && open(r, c) && open(r, c + 1) && !bar(r, c, BAR_RIGHT);
    let goes_down =
        |r: usize, c: usize| r + 1 < height && open(r, c) && open(r + 1, c) && !bar(r, c, BAR_BOTTOM);
    let mut out = Vec::new();
    let mut number = 0u16;
    for r in 0..height {
        for c in 0..width {
            if !open(r, c) {
                continue;
            }
            let across = (c == 0 || !goes_right(r, c - 1)) && goes_right(r, c);
            let down = (r == 0 || !goes_down(r - 1, c)) && goes_down(r, c);
            if !(across || down) {
                continue;
            }
            number = number.saturating_add(1);
            if across {
                let len = 1 + (c..width).take_while(|&k| goes_right(r, k)).count();
                out.push(Slot { number, direction: Direction::Across, start: Pos::new(r, c), len });
            }
            if down {
                let len = 1 + (r..height).take_while(|&k| goes_down(k, c)).count();
                out.push(Slot { number, direction: Direction::Down, start: Pos::new(r, c), len });
            }
        }
    }
    out
}

/// The slots of a `width` × `height` grid (row-major `cells`), in clue order: by number, across
/// before down.
pub fn slots(width: usize, height: usize, cells: &[u8]) -> Vec<Slot> {
    let count = width * height;
    // Cells past the end of a short grid are blocks.
    let padded;
    let grid = match cells.get(..count) {
        Some(grid) => grid,
        None => {
            padded = [cells, &vec![b'.'; count - cells.len()]].concat();
            &padded[..]
        }
    };
    let open = |b: u8| !is_block(b);
    let mut out = Vec::with_capacity(count / 3);
    let mut number = 0u16;
    // Row by row, with the rows above and below at hand: this runs once per file that `info`
    // reads, and with run-length tables and cell-by-cell indexing it was a tenth of the
    // instructions of `pzl info` over a folder.
    for r in 0..height {
        let row = &grid[r * width..][..width];
        let above = r.checked_sub(1).map(|a| &grid[a * width..][..width]);
        let below = grid.get((r + 1) * width..).filter(|_| r + 1 < height);
        for (c, &cell) in row.iter().enumerate() {
            if !open(cell) {
                continue;
            }
            // A word starts where the cell before is a block or the edge and the next is open;
            // its length is only walked for the starts, so each cell is walked once per direction.
            let across = (c == 0 || !open(row[c - 1])) && row.get(c + 1).is_some_and(|&b| open(b));
            let down = above.is_none_or(|a| !open(a[c])) && below.is_some_and(|b| open(b[c]));
            if !(across || down) {
                continue;
            }
            number = number.saturating_add(1);
            if across {
                let len = row[c..].iter().take_while(|&&b| open(b)).count();
                out.push(Slot { number, direction: Direction::Across, start: Pos::new(r, c), len });
            }
            if down {
                let len = grid[r * width + c..].iter().step_by(width).take_while(|&&b| open(b)).count();
                out.push(Slot { number, direction: Direction::Down, start: Pos::new(r, c), len });
            }
        }
    }
    out
}

/// How many slots [`slots`] finds, without making them: `check` needs only the count, once per
/// file. The open cells are laid out as 0/1 bytes with a closed border, so that an across start
/// (open, closed before, open after) and a down start (the same above and below) are a few
/// byte operations at every cell, without a branch.
pub fn count(width: usize, height: usize, cells: &[u8]) -> usize {
    let stride = width + 2;
    let mut open = vec![0u8; stride * (height + 2)];
    for r in 0..height {
        // Cells past the end of a short grid are blocks (closed).
        let row = cells.get(r * width..).unwrap_or_default();
        let row = &row[..width.min(row.len())];
        for (o, &b) in open[(r + 1) * stride + 1..].iter_mut().zip(row) {
            *o = u8::from(!is_block(b));
        }
    }
    let n = open.len();
    let here = &open[stride..n - stride];
    let (before, after) = (&open[stride - 1..n - stride - 1], &open[stride + 1..n - stride + 1]);
    let (above, below) = (&open[..n - 2 * stride], &open[2 * stride..]);
    here.iter()
        .zip(before)
        .zip(after)
        .zip(above)
        .zip(below)
        .map(|((((&o, &l), &r), &u), &d)| u32::from(o & r & !l & 1) + u32::from(o & d & !u & 1))
        .sum::<u32>() as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_example_of_the_format_document() {
        // C A T / # # A / # # R
        let s = slots(3, 3, b"CAT..A..R");
        assert_eq!(s.len(), 2);
        assert_eq!((s[0].number, s[0].direction, s[0].len), (1, Direction::Across, 3));
        assert_eq!((s[1].number, s[1].direction, s[1].start), (2, Direction::Down, Pos::new(0, 2)));
        assert_eq!(s[1].cells(3).collect::<Vec<_>>(), vec![2, 5, 8]);
    }

    #[test]
    fn colons_are_blocks_and_single_cells_get_no_number() {
        // A B : / C : D  — AB across and AC down share number 1; D is alone.
        let s = slots(3, 2, b"AB:C:D");
        assert_eq!(s.len(), 2);
        assert!(s.iter().all(|slot| slot.number == 1 && slot.len == 2));
    }

    /// The slots as the maximal runs of two or more open cells of each row and column, numbered
    /// by their first cells in reading order: the definition, written independently.
    fn runs(width: usize, height: usize, cells: &[u8]) -> Vec<Slot> {
        let mut found = Vec::new();
        for (direction, lines, along) in
            [(Direction::Across, height, width), (Direction::Down, width, height)]
        {
            for line in 0..lines {
                let at = |k: usize| match direction {
                    Direction::Across => Pos::new(line, k),
                    Direction::Down => Pos::new(k, line),
                };
                let mut k = 0;
                while k < along {
                    let open =
                        |j: usize| cells.get(at(j).row * width + at(j).col).is_some_and(|&b| !is_block(b));
                    let run = (k..along).take_while(|&j| open(j)).count();
                    if run > 1 {
                        found.push((at(k), direction, run));
                    }
                    k += run.max(1);
                }
            }
        }
        found.sort_by_key(|&(p, d, _)| (p.row, p.col, d));
        let mut number = 0;
        let mut last = None;
        found
            .into_iter()
            .map(|(start, direction, len)| {
                if last != Some(start) {
                    number += 1;
                    last = Some(start);
                }
                Slot { number, direction, start, len }
            })
            .collect()
    }

    #[test]
    fn bars_end_entries() {
        // ABC / DEF with a bar right of A and below B: across BC, DEF; down AD, CF (B is cut).
        let mut bars = vec![0; 6];
        bars[0] = BAR_RIGHT;
        bars[1] = BAR_BOTTOM;
        let s = slots_barred(3, 2, b"ABCDEF", Some(&bars));
        let got: Vec<_> = s.iter().map(|s| (s.number, s.direction, s.start, s.len)).collect();
        assert_eq!(
            got,
            vec![
                (1, Direction::Down, Pos::new(0, 0), 2),
                (2, Direction::Across, Pos::new(0, 1), 2),
                (3, Direction::Down, Pos::new(0, 2), 2),
                (4, Direction::Across, Pos::new(1, 0), 3),
            ]
        );
    }

    proptest::proptest! {
        #[test]
        fn no_bars_is_the_plain_numbering(
            grid in (1usize..9, 1usize..9).prop_flat_map(|(w, h)| {
                (Just(w), Just(h), proptest::collection::vec(proptest::sample::select(b"AB.:".to_vec()), w * h))
            })
        ) {
            let (width, height, cells) = grid;
            let zero = vec![0u8; width * height];
            prop_assert_eq!(barred(width, height, &cells, &zero), slots(width, height, &cells));
        }
    }

    proptest::proptest! {
        #[test]
        fn slots_are_the_runs_of_open_cells(
            grid in (1usize..9, 1usize..9).prop_flat_map(|(w, h)| {
                // Some grids shorter than width × height: the missing cells are blocks.
                let cells = proptest::collection::vec(proptest::sample::select(b"AB.:".to_vec()), w * h - w / 4..=w * h);
                (Just(w), Just(h), cells)
            })
        ) {
            let (width, height, cells) = grid;
            prop_assert_eq!(slots(width, height, &cells), runs(width, height, &cells));
            prop_assert_eq!(count(width, height, &cells), runs(width, height, &cells).len());
        }
    }
}
