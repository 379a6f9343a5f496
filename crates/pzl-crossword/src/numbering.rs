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
    // Per cell, how many open cells run from it to the right and downwards (0: a block, or off
    // the grid), filled from the far corner back in one pass.
    let mut right = vec![0usize; count];
    let mut below = vec![0usize; count];
    for i in (0..count).rev() {
        if cells.get(i).is_none_or(|&b| is_block(b)) {
            continue;
        }
        let c = i % width;
        right[i] = 1 + if c + 1 < width { right[i + 1] } else { 0 };
        below[i] = 1 + below.get(i + width).copied().unwrap_or(0);
    }
    let mut out = Vec::new();
    let mut number = 0u16;
    for r in 0..height {
        for c in 0..width {
            let i = r * width + c;
            if right[i] == 0 {
                continue;
            }
            let across = (c == 0 || right[i - 1] == 0) && right[i] > 1;
            let down = (r == 0 || below[i - width] == 0) && below[i] > 1;
            if !(across || down) {
                continue;
            }
            number = number.saturating_add(1);
            if across {
                out.push(Slot { number, direction: Direction::Across, start: Pos::new(r, c), len: right[i] });
            }
            if down {
                out.push(Slot { number, direction: Direction::Down, start: Pos::new(r, c), len: below[i] });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
