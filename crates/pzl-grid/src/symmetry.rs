//! The eight symmetries of the square (the dihedral group D4) acting on cells and directions.

use crate::{Dir, Pos};

/// A symmetry of the square: an optional mirror (left–right) followed by `quarter_turns`
/// clockwise rotations. This is the "mirror, then rotate" convention the polyomino and
/// A-Puzzle-A-Day code use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symmetry {
    /// Whether the shape is mirrored (left to right) before it turns.
    pub mirror: bool,
    /// How many quarter turns (0 to 3) it then makes.
    pub quarter_turns: u8,
}

impl Symmetry {
    /// The symmetry that changes nothing.
    pub const IDENTITY: Symmetry = Symmetry { mirror: false, quarter_turns: 0 };

    /// All eight: the four rotations, then the four mirrored rotations.
    pub const ALL: [Symmetry; 8] = [
        Symmetry { mirror: false, quarter_turns: 0 },
        Symmetry { mirror: false, quarter_turns: 1 },
        Symmetry { mirror: false, quarter_turns: 2 },
        Symmetry { mirror: false, quarter_turns: 3 },
        Symmetry { mirror: true, quarter_turns: 0 },
        Symmetry { mirror: true, quarter_turns: 1 },
        Symmetry { mirror: true, quarter_turns: 2 },
        Symmetry { mirror: true, quarter_turns: 3 },
    ];

    /// The four rotations only (what "turn but not flip" allows).
    pub const ROTATIONS: [Symmetry; 4] = [
        Symmetry { mirror: false, quarter_turns: 0 },
        Symmetry { mirror: false, quarter_turns: 1 },
        Symmetry { mirror: false, quarter_turns: 2 },
        Symmetry { mirror: false, quarter_turns: 3 },
    ];

    /// Map integer coordinates `(row, col)` (any origin) under the symmetry.
    pub fn apply_coords(self, row: i64, col: i64) -> (i64, i64) {
        let (mut r, mut c) = (row, if self.mirror { -col } else { col });
        for _ in 0..self.quarter_turns % 4 {
            // Clockwise quarter turn with rows growing downwards: (r, c) -> (c, -r).
            (r, c) = (c, -r);
        }
        (r, c)
    }

    /// Map a cell of a `width` × `height` grid; the result lies in the transformed grid whose
    /// size is [`Symmetry::transformed_size`].
    pub fn apply_pos(self, pos: Pos, width: usize, height: usize) -> Pos {
        let mut r = pos.row;
        let mut c = if self.mirror { width - 1 - pos.col } else { pos.col };
        let (mut w, mut h) = (width, height);
        for _ in 0..self.quarter_turns % 4 {
            // Clockwise: new row = old col, new col = (old height − 1 − old row).
            (r, c) = (c, h - 1 - r);
            (w, h) = (h, w);
        }
        let _ = w;
        Pos::new(r, c)
    }

    /// Width and height of a `width` × `height` grid after the symmetry.
    pub fn transformed_size(self, width: usize, height: usize) -> (usize, usize) {
        if self.quarter_turns % 2 == 1 { (height, width) } else { (width, height) }
    }

    /// Map a direction under the symmetry.
    pub fn apply_dir(self, dir: Dir) -> Dir {
        let mut d = if self.mirror && dir.is_horizontal() { dir.opposite() } else { dir };
        for _ in 0..self.quarter_turns % 4 {
            d = d.turn_right();
        }
        d
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        if self.mirror {
            self
        } else {
            Symmetry { mirror: false, quarter_turns: (4 - self.quarter_turns % 4) % 4 }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarter_turn_moves_top_left_to_top_right() {
        let s = Symmetry { mirror: false, quarter_turns: 1 };
        assert_eq!(s.apply_pos(Pos::new(0, 0), 3, 2), Pos::new(0, 1));
        assert_eq!(s.transformed_size(3, 2), (2, 3));
        assert_eq!(s.apply_dir(Dir::Right), Dir::Down);
        assert_eq!(s.apply_coords(0, 1), (1, 0));
    }

    #[test]
    fn inverse_undoes_every_symmetry() {
        for s in Symmetry::ALL {
            let inv = s.inverse();
            for row in 0..2 {
                for col in 0..3 {
                    let p = Pos::new(row, col);
                    let (w, h) = s.transformed_size(3, 2);
                    assert_eq!(inv.apply_pos(s.apply_pos(p, 3, 2), w, h), p, "{s:?}");
                    let (r, c) = s.apply_coords(row as i64, col as i64);
                    assert_eq!(inv.apply_coords(r, c), (row as i64, col as i64));
                }
            }
            for d in Dir::ALL {
                assert_eq!(inv.apply_dir(s.apply_dir(d)), d);
            }
        }
    }

    #[test]
    fn the_eight_symmetries_are_distinct() {
        let images: std::collections::HashSet<Vec<Pos>> = Symmetry::ALL
            .iter()
            .map(|s| (0..6).map(|i| s.apply_pos(Pos::new(i / 3, i % 3), 3, 2)).collect())
            .collect();
        assert_eq!(images.len(), 8);
    }
}
