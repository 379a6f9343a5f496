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
    let open = |r: usize, c: usize| {
        r < height && c < width && cells.get(r * width + c).is_some_and(|&b| !is_block(b))
    };
    let mut out = Vec::new();
    let mut number = 0u16;
    for r in 0..height {
        for c in 0..width {
            if !open(r, c) {
                continue;
            }
            let across = (c == 0 || !open(r, c - 1)) && open(r, c + 1);
            let down = (r == 0 || !open(r - 1, c)) && open(r + 1, c);
            if !(across || down) {
                continue;
            }
            number = number.saturating_add(1);
            if across {
                let len = (c..width).take_while(|&x| open(r, x)).count();
                out.push(Slot { number, direction: Direction::Across, start: Pos::new(r, c), len });
            }
            if down {
                let len = (r..height).take_while(|&y| open(y, c)).count();
                out.push(Slot { number, direction: Direction::Down, start: Pos::new(r, c), len });
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
