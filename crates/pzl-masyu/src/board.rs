//! The Masyu model: a grid of cells (empty, white pearl, black pearl) and the state of every edge
//! between neighbouring cells. A puzzle is a board with no edge decided; a solution is a board
//! whose lines form the loop.

use pzl_grid::{Dir, Edge, EdgeIndex, Grid, Orientation, Pos};

/// What a cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Cell {
    /// No pearl.
    #[default]
    Empty,
    /// The loop goes straight through, and turns in at least one of the cells before or after.
    White,
    /// The loop turns here, and goes straight through both cells after the turn on each side.
    Black,
}

impl Cell {
    /// Whether the cell holds a pearl (white or black).
    pub fn is_pearl(self) -> bool {
        self != Cell::Empty
    }
}

/// What is known about one edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EdgeState {
    /// Not decided yet.
    #[default]
    Unknown,
    /// The loop uses this edge.
    Line,
    /// The loop does not use this edge (a cross drawn by the player or a deduction).
    Cross,
}

/// How far a board is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardState {
    /// No line and no cross.
    Empty,
    /// Some lines or crosses, but not a valid complete loop.
    Partial,
    /// The lines form a loop that satisfies every rule.
    Solved,
}

/// A Masyu board: pearls plus edge states.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    cells: Grid<Cell>,
    edges: Vec<EdgeState>,
}

impl Board {
    /// An empty `width` × `height` board: no pearls, every edge unknown.
    pub fn new(width: usize, height: usize) -> Board {
        let index = EdgeIndex::new(width, height);
        Board { cells: Grid::new(width, height, Cell::Empty), edges: vec![EdgeState::Unknown; index.count()] }
    }

    /// A board with the given pearls and every edge unknown.
    pub fn from_cells(cells: Grid<Cell>) -> Board {
        let index = EdgeIndex::new(cells.width(), cells.height());
        Board { cells, edges: vec![EdgeState::Unknown; index.count()] }
    }

    /// Cells per row.
    pub fn width(&self) -> usize {
        self.cells.width()
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.cells.height()
    }

    /// The numbering of the board's edges.
    pub fn edge_index(&self) -> EdgeIndex {
        EdgeIndex::new(self.width(), self.height())
    }

    /// The pearls.
    pub fn cells(&self) -> &Grid<Cell> {
        &self.cells
    }

    /// What the cell at `pos` holds.
    pub fn cell(&self, pos: Pos) -> Cell {
        self.cells[pos]
    }

    /// Put `cell` at `pos`.
    pub fn set_cell(&mut self, pos: Pos, cell: Cell) {
        self.cells[pos] = cell;
    }

    /// Every edge state in flat-number order (see [`EdgeIndex`]).
    pub fn edge_states(&self) -> &[EdgeState] {
        &self.edges
    }

    /// The state of `edge`.
    pub fn edge(&self, edge: Edge) -> EdgeState {
        self.edges[self.edge_index().number(edge)]
    }

    /// Set the state of `edge`.
    pub fn set_edge(&mut self, edge: Edge, state: EdgeState) {
        let n = self.edge_index().number(edge);
        self.edges[n] = state;
    }

    /// State of edge number `n` in flat numbering.
    pub fn edge_by_number(&self, n: usize) -> EdgeState {
        self.edges[n]
    }

    /// Set edge number `n` in flat numbering.
    pub fn set_edge_by_number(&mut self, n: usize, state: EdgeState) {
        self.edges[n] = state;
    }

    /// The state of the edge leaving `pos` in `dir`; `None` at the border (where no line can be).
    pub fn edge_from(&self, pos: Pos, dir: Dir) -> Option<EdgeState> {
        self.edge_index().number_from(pos, dir).map(|n| self.edges[n])
    }

    /// Set the edge leaving `pos` in `dir`; returns false (and changes nothing) at the border.
    pub fn set_edge_from(&mut self, pos: Pos, dir: Dir, state: EdgeState) -> bool {
        match self.edge_index().number_from(pos, dir) {
            Some(n) => {
                self.edges[n] = state;
                true
            }
            None => false,
        }
    }

    /// Directions in which a line leaves `pos`, as a R=1, U=2, L=4, D=8 mask.
    pub fn line_mask(&self, pos: Pos) -> u8 {
        Dir::ALL
            .iter()
            .filter(|&&d| self.edge_from(pos, d) == Some(EdgeState::Line))
            .fold(0, |mask, d| mask | d.bit())
    }

    /// [`Board::line_mask`] of every cell, row by row, in one pass over the edges.
    pub fn line_masks(&self) -> Grid<u8> {
        let (width, height) = (self.width(), self.height());
        let index = self.edge_index();
        let mut masks = Grid::new(width, height, 0u8);
        for (n, &state) in self.edges.iter().enumerate() {
            if state != EdgeState::Line {
                continue;
            }
            let Edge { orientation, cell } = index.edge(n);
            let (dir, other) = match orientation {
                Orientation::Horizontal => (Dir::Right, Pos::new(cell.row, cell.col + 1)),
                Orientation::Vertical => (Dir::Down, Pos::new(cell.row + 1, cell.col)),
            };
            masks[cell] |= dir.bit();
            masks[other] |= dir.opposite().bit();
        }
        masks
    }

    /// Number of white and black pearls.
    pub fn pearl_counts(&self) -> (usize, usize) {
        let whites = self.cells.cells().iter().filter(|&&c| c == Cell::White).count();
        let blacks = self.cells.cells().iter().filter(|&&c| c == Cell::Black).count();
        (whites, blacks)
    }

    /// Number of edges drawn as lines.
    pub fn line_count(&self) -> usize {
        self.edges.iter().filter(|&&e| e == EdgeState::Line).count()
    }

    /// True when no edge is decided: the board is a bare puzzle.
    pub fn is_blank(&self) -> bool {
        self.edges.iter().all(|&e| e == EdgeState::Unknown)
    }

    /// The same pearls with every edge unknown.
    pub fn puzzle(&self) -> Board {
        Board::from_cells(self.cells.clone())
    }

    /// Forget every edge.
    pub fn clear_edges(&mut self) {
        self.edges.fill(EdgeState::Unknown);
    }

    /// Copy the edges of `other`, which must have the same size.
    pub fn with_edges_of(&self, other: &Board) -> Option<Board> {
        (other.width() == self.width() && other.height() == self.height())
            .then(|| Board { cells: self.cells.clone(), edges: other.edges.clone() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_board_is_blank() {
        let b = Board::new(4, 3);
        assert_eq!(b.edge_states().len(), 3 * 3 + 2 * 4);
        assert!(b.is_blank());
        assert_eq!(b.pearl_counts(), (0, 0));
    }

    #[test]
    fn lines_show_in_both_cells_masks() {
        let mut b = Board::new(3, 3);
        assert!(b.set_edge_from(Pos::new(1, 1), Dir::Right, EdgeState::Line));
        assert!(b.set_edge_from(Pos::new(1, 1), Dir::Up, EdgeState::Line));
        assert!(!b.set_edge_from(Pos::new(0, 0), Dir::Up, EdgeState::Line));
        assert_eq!(b.line_mask(Pos::new(1, 1)), Dir::Right.bit() | Dir::Up.bit());
        assert_eq!(b.line_mask(Pos::new(1, 2)), Dir::Left.bit());
        assert_eq!(b.line_mask(Pos::new(0, 1)), Dir::Down.bit());
        assert_eq!(b.line_count(), 2);
        assert!(b.puzzle().is_blank());
    }
}
