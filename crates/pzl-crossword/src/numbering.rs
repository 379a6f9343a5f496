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
        }
    }
}
