//! The four orthogonal directions and their bit encoding.

/// An orthogonal direction on the grid. Row 0 is the top row, so `Up` decreases the row.
///
/// The bit values are the loop-direction mask used by Simon Tatham's Pearl and by `.sol` files:
/// R=1, U=2, L=4, D=8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Towards higher columns.
    Right,
    /// Towards lower rows.
    Up,
    /// Towards lower columns.
    Left,
    /// Towards higher rows.
    Down,
}

impl Dir {
    /// All four directions in bit order (R, U, L, D).
    pub const ALL: [Dir; 4] = [Dir::Right, Dir::Up, Dir::Left, Dir::Down];

    /// The direction's bit in a R=1, U=2, L=4, D=8 mask.
    pub const fn bit(self) -> u8 {
        match self {
            Dir::Right => 1,
            Dir::Up => 2,
            Dir::Left => 4,
            Dir::Down => 8,
        }
    }

    /// The direction pointing the other way.
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::Right => Dir::Left,
            Dir::Up => Dir::Down,
            Dir::Left => Dir::Right,
            Dir::Down => Dir::Up,
        }
    }

    /// The direction a quarter turn anticlockwise.
    pub const fn turn_left(self) -> Dir {
        match self {
            Dir::Right => Dir::Up,
            Dir::Up => Dir::Left,
            Dir::Left => Dir::Down,
            Dir::Down => Dir::Right,
        }
    }

    /// The direction a quarter turn clockwise.
    pub const fn turn_right(self) -> Dir {
        self.turn_left().opposite()
    }

    /// Whether the direction is left or right.
    pub const fn is_horizontal(self) -> bool {
        matches!(self, Dir::Right | Dir::Left)
    }

    /// `(d_row, d_col)` of one step in this direction.
    pub const fn delta(self) -> (isize, isize) {
        match self {
            Dir::Right => (0, 1),
            Dir::Up => (-1, 0),
            Dir::Left => (0, -1),
            Dir::Down => (1, 0),
        }
    }

    /// Single-letter name as used in compass notation (`n`, `e`, `s`, `w`).
    pub const fn compass(self) -> char {
        match self {
            Dir::Right => 'e',
            Dir::Up => 'n',
            Dir::Left => 'w',
            Dir::Down => 's',
        }
    }

    /// The directions whose bits are set in `mask` (R=1, U=2, L=4, D=8), in bit order.
    pub fn from_mask(mask: u8) -> impl Iterator<Item = Dir> {
        Dir::ALL.into_iter().filter(move |d| mask & d.bit() != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_four_times_returns_home() {
        for d in Dir::ALL {
            assert_eq!(d.turn_left().turn_left().turn_left().turn_left(), d);
            assert_eq!(d.turn_left().turn_right(), d);
            assert_eq!(d.turn_left().turn_left(), d.opposite());
        }
    }

    #[test]
    fn mask_bits_follow_tatham() {
        assert_eq!(Dir::from_mask(0b0101).collect::<Vec<_>>(), [Dir::Right, Dir::Left]);
        assert_eq!(Dir::from_mask(0xA).collect::<Vec<_>>(), [Dir::Up, Dir::Down]);
        let bits: Vec<u8> = Dir::ALL.iter().map(|d| d.bit()).collect();
        assert_eq!(bits, [1, 2, 4, 8]);
    }
}
