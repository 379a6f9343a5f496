//! Rectangular grids of cells addressed by row and column.

use crate::Dir;

/// A cell position: `row` 0 is the top row, `col` 0 the left column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// The row, from 0 at the top.
    pub row: usize,
    /// The column, from 0 at the left.
    pub col: usize,
}

impl Pos {
    /// The cell at `row`, `col`.
    pub const fn new(row: usize, col: usize) -> Pos {
        Pos { row, col }
    }
}

impl std::fmt::Display for Pos {
    /// Positions are shown to people as `(row, column)`, both counted from 1.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "(r{}, c{})", self.row + 1, self.col + 1)
    }
}

/// A `width` × `height` grid of `T`, stored row-major.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    width: usize,
    height: usize,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A grid with every cell set to `fill`.
    pub fn new(width: usize, height: usize, fill: T) -> Grid<T> {
        Grid { width, height, cells: vec![fill; width * height] }
    }
}

impl<T> Grid<T> {
    /// A grid from row-major cells; `None` when `cells.len() != width * height`.
    pub fn from_cells(width: usize, height: usize, cells: Vec<T>) -> Option<Grid<T>> {
        (width.checked_mul(height) == Some(cells.len())).then_some(Grid { width, height, cells })
    }

    /// The width in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The height in cells.
    pub fn height(&self) -> usize {
        self.height
    }

    /// How many cells the grid has.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the grid has no cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether `pos` lies inside the grid.
    pub fn contains(&self, pos: Pos) -> bool {
        pos.row < self.height && pos.col < self.width
    }

    /// Row-major index of `pos` (which must be inside the grid).
    pub fn index(&self, pos: Pos) -> usize {
        pos.row * self.width + pos.col
    }

    /// The position of the cell stored at `index` (row-major order).
    pub fn pos(&self, index: usize) -> Pos {
        Pos::new(index / self.width, index % self.width)
    }

    /// The cell at `pos`, if it lies inside the grid.
    pub fn get(&self, pos: Pos) -> Option<&T> {
        self.contains(pos).then(|| &self.cells[pos.row * self.width + pos.col])
    }

    /// The cell at `pos` to change, if it lies inside the grid.
    pub fn get_mut(&mut self, pos: Pos) -> Option<&mut T> {
        if self.contains(pos) { Some(&mut self.cells[pos.row * self.width + pos.col]) } else { None }
    }

    /// The neighbour of `pos` one step in `dir`, if it is inside the grid.
    pub fn neighbour(&self, pos: Pos, dir: Dir) -> Option<Pos> {
        let (dr, dc) = dir.delta();
        let row = pos.row.checked_add_signed(dr)?;
        let col = pos.col.checked_add_signed(dc)?;
        let next = Pos::new(row, col);
        self.contains(next).then_some(next)
    }

    /// Every cell, row by row.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// Every cell to change, row by row.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// Every position in row-major order.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<T> {
        let width = self.width;
        (0..self.cells.len()).map(move |i| Pos::new(i / width, i % width))
    }

    /// The rows, top to bottom.
    pub fn rows(&self) -> impl Iterator<Item = &[T]> {
        self.cells.chunks(self.width.max(1))
    }

    /// A grid of the same size with `f` applied to every cell.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid { width: self.width, height: self.height, cells: self.cells.iter().map(f).collect() }
    }
}

impl<T> std::ops::Index<Pos> for Grid<T> {
    type Output = T;
    fn index(&self, pos: Pos) -> &T {
        assert!(self.contains(pos), "{pos:?} outside a {}x{} grid", self.width, self.height);
        &self.cells[pos.row * self.width + pos.col]
    }
}

impl<T> std::ops::IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, pos: Pos) -> &mut T {
        assert!(self.contains(pos), "{pos:?} outside a {}x{} grid", self.width, self.height);
        &mut self.cells[pos.row * self.width + pos.col]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_stop_at_the_border() {
        let g = Grid::new(3, 2, 0u8);
        assert_eq!(g.neighbour(Pos::new(0, 0), Dir::Up), None);
        assert_eq!(g.neighbour(Pos::new(0, 0), Dir::Left), None);
        assert_eq!(g.neighbour(Pos::new(0, 0), Dir::Right), Some(Pos::new(0, 1)));
        assert_eq!(g.neighbour(Pos::new(1, 2), Dir::Down), None);
        assert_eq!(g.neighbour(Pos::new(1, 2), Dir::Right), None);
        assert_eq!(g.neighbour(Pos::new(1, 2), Dir::Up), Some(Pos::new(0, 2)));
    }

    #[test]
    fn from_cells_checks_the_size() {
        assert!(Grid::from_cells(2, 2, vec![1, 2, 3]).is_none());
        let g = Grid::from_cells(2, 2, vec![1, 2, 3, 4]).unwrap();
        assert_eq!(g[Pos::new(1, 0)], 3);
        assert_eq!(g.rows().collect::<Vec<_>>(), [&[1, 2][..], &[3, 4][..]]);
    }

    #[test]
    fn positions_are_row_major() {
        let g = Grid::new(2, 2, ());
        let p: Vec<Pos> = g.positions().collect();
        assert_eq!(p, [Pos::new(0, 0), Pos::new(0, 1), Pos::new(1, 0), Pos::new(1, 1)]);
        assert_eq!(g.pos(3), Pos::new(1, 1));
        assert_eq!(Pos::new(0, 2).to_string(), "(r1, c3)");
    }
}
