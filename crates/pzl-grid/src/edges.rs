//! The edges between orthogonally neighbouring cells, and their numbering.
//!
//! A `W` × `H` grid has `H·(W−1)` horizontal edges (joining a cell to its right neighbour) and
//! `(H−1)·W` vertical edges (joining a cell to the one below). Both families are numbered
//! row-major; [`EdgeIndex`] maps between cells, edges and one flat numbering (horizontal first,
//! then vertical) that compact formats such as TootSweet's board string use.

use crate::{Dir, Pos};

/// Which family an edge belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Orientation {
    /// Joins `(r, c)` to `(r, c+1)`.
    Horizontal,
    /// Joins `(r, c)` to `(r+1, c)`.
    Vertical,
}

/// One edge, named by its orientation and the top-left cell it touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge {
    /// Whether the edge joins a cell to its right or to its lower neighbour.
    pub orientation: Orientation,
    /// The cell the edge starts from (its left or upper end).
    pub cell: Pos,
}

impl Edge {
    /// The two cells the edge joins, top-left first.
    pub fn cells(self) -> (Pos, Pos) {
        let Pos { row, col } = self.cell;
        match self.orientation {
            Orientation::Horizontal => (self.cell, Pos::new(row, col + 1)),
            Orientation::Vertical => (self.cell, Pos::new(row + 1, col)),
        }
    }
}

impl std::fmt::Display for Edge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (a, b) = self.cells();
        write!(f, "{a}–{b}")
    }
}

/// Numbering of the edges of a `width` × `height` grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EdgeIndex {
    width: usize,
    height: usize,
}

impl EdgeIndex {
    /// The edge numbering of a width × height grid.
    pub const fn new(width: usize, height: usize) -> EdgeIndex {
        EdgeIndex { width, height }
    }

    /// The grid's width in cells.
    pub const fn width(&self) -> usize {
        self.width
    }

    /// The grid's height in cells.
    pub const fn height(&self) -> usize {
        self.height
    }

    /// Number of horizontal edges, `H·(W−1)`.
    pub const fn horizontal_count(&self) -> usize {
        self.height * self.width.saturating_sub(1)
    }

    /// Number of vertical edges, `(H−1)·W`.
    pub const fn vertical_count(&self) -> usize {
        self.height.saturating_sub(1) * self.width
    }

    /// How many edges the grid has (horizontal and vertical).
    pub const fn count(&self) -> usize {
        self.horizontal_count() + self.vertical_count()
    }

    /// Flat number of `edge`: horizontal edges `0..H·(W−1)` row-major, then vertical edges.
    pub fn number(&self, edge: Edge) -> usize {
        let Pos { row, col } = edge.cell;
        match edge.orientation {
            Orientation::Horizontal => row * (self.width - 1) + col,
            Orientation::Vertical => self.horizontal_count() + row * self.width + col,
        }
    }

    /// The edge with flat number `n` (which must be below [`EdgeIndex::count`]).
    pub fn edge(&self, n: usize) -> Edge {
        let h = self.horizontal_count();
        if n < h {
            let w1 = self.width - 1;
            Edge { orientation: Orientation::Horizontal, cell: Pos::new(n / w1, n % w1) }
        } else {
            let n = n - h;
            Edge { orientation: Orientation::Vertical, cell: Pos::new(n / self.width, n % self.width) }
        }
    }

    /// The edge leaving `pos` in `dir`, or `None` at the border.
    pub fn edge_from(&self, pos: Pos, dir: Dir) -> Option<Edge> {
        let Pos { row, col } = pos;
        if row >= self.height || col >= self.width {
            return None;
        }
        match dir {
            Dir::Right if col + 1 < self.width => {
                Some(Edge { orientation: Orientation::Horizontal, cell: pos })
            }
            Dir::Left if col > 0 => {
                Some(Edge { orientation: Orientation::Horizontal, cell: Pos::new(row, col - 1) })
            }
            Dir::Down if row + 1 < self.height => {
                Some(Edge { orientation: Orientation::Vertical, cell: pos })
            }
            Dir::Up if row > 0 => {
                Some(Edge { orientation: Orientation::Vertical, cell: Pos::new(row - 1, col) })
            }
            _ => None,
        }
    }

    /// Flat number of the edge leaving `pos` in `dir`, or `None` at the border.
    pub fn number_from(&self, pos: Pos, dir: Dir) -> Option<usize> {
        self.edge_from(pos, dir).map(|e| self.number(e))
    }

    /// Every edge in flat-number order.
    pub fn edges(&self) -> impl Iterator<Item = Edge> + '_ {
        (0..self.count()).map(|n| self.edge(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn counts_of_a_4x4_grid() {
        let e = EdgeIndex::new(4, 4);
        assert_eq!((e.horizontal_count(), e.vertical_count(), e.count()), (12, 12, 24));
        assert_eq!(e.number_from(Pos::new(0, 0), Dir::Up), None);
        assert_eq!(e.number_from(Pos::new(1, 1), Dir::Right), Some(4));
        assert_eq!(e.number_from(Pos::new(1, 2), Dir::Left), Some(4));
        assert_eq!(e.number_from(Pos::new(1, 1), Dir::Down), Some(12 + 5));
        assert_eq!(e.number_from(Pos::new(2, 1), Dir::Up), Some(12 + 5));
    }

    proptest! {
        #[test]
        fn numbering_round_trips(w in 1usize..30, h in 1usize..30, seed in any::<usize>()) {
            let e = EdgeIndex::new(w, h);
            prop_assume!(e.count() > 0);
            let n = seed % e.count();
            let edge = e.edge(n);
            prop_assert_eq!(e.number(edge), n);
            let (a, b) = edge.cells();
            prop_assert!(b.row < h && b.col < w);
            let dir = if edge.orientation == Orientation::Horizontal { Dir::Right } else { Dir::Down };
            prop_assert_eq!(e.edge_from(a, dir), Some(edge));
            prop_assert_eq!(e.edge_from(b, dir.opposite()), Some(edge));
        }
    }
}
