//! Polyominoes: sets of square cells in normal form, their eight symmetries, the fixed / one-sided /
//! free classifications, enumeration by size, and character drawings.
//!
//! Cells are `(row, col)` pairs with rows growing downwards (as in [`pzl_grid::Pos`]); a shape in
//! normal form has its smallest row and column at 0 and its cells sorted, so two shapes are the
//! same placement-free polyomino exactly when they are equal.

use std::collections::BTreeSet;

use pzl_grid::Symmetry;

/// One cell of a shape: `(row, col)`, rows growing downwards.
pub type Cell = (i32, i32);

/// A polyomino in normal form (translated to the origin, cells sorted, no duplicates, not empty).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    cells: Vec<Cell>,
}

/// Which motions make two shapes "the same".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Equivalence {
    /// Translations only.
    Fixed,
    /// Translations and rotations (pieces may turn but not flip).
    OneSided,
    /// Translations, rotations and reflections.
    Free,
}

impl Equivalence {
    /// The symmetries this equivalence allows.
    pub fn symmetries(self) -> &'static [Symmetry] {
        match self {
            Equivalence::Fixed => &Symmetry::ALL[..1],
            Equivalence::OneSided => &Symmetry::ROTATIONS,
            Equivalence::Free => &Symmetry::ALL,
        }
    }
}

/// Why a drawing is not a shape.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// No cell.
    #[error("the drawing has no filled cell")]
    Empty,
}

impl Shape {
    /// The shape made of `cells` (any origin, any order, duplicates ignored); `None` when empty.
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> Option<Shape> {
        let set: BTreeSet<Cell> = cells.into_iter().collect();
        let min_row = set.iter().map(|c| c.0).min()?;
        let min_col = set.iter().map(|c| c.1).min()?;
        let mut cells: Vec<Cell> = set.into_iter().map(|(r, c)| (r - min_row, c - min_col)).collect();
        cells.sort_unstable();
        Some(Shape { cells })
    }

    /// Read a drawing: every character for which `filled` holds is a cell (line = row, character =
    /// column). `Shape::from_drawing("X.\nXX", |c| c == 'X')`.
    pub fn from_drawing(text: &str, filled: impl Fn(char) -> bool) -> Result<Shape, ShapeError> {
        let cells = text.lines().enumerate().flat_map(|(row, line)| {
            let filled = &filled;
            line.chars()
                .enumerate()
                .filter(move |(_, ch)| filled(*ch))
                .map(move |(col, _)| (row as i32, col as i32))
        });
        Shape::new(cells).ok_or(ShapeError::Empty)
    }

    /// Draw the shape with `ink` for cells and `.` elsewhere, one line per row (no final newline).
    pub fn to_drawing(&self, ink: char) -> String {
        let mut rows = vec![vec!['.'; self.width()]; self.height()];
        for &(r, c) in &self.cells {
            rows[r as usize][c as usize] = ink;
        }
        rows.into_iter().map(|row| row.into_iter().collect::<String>()).collect::<Vec<_>>().join("\n")
    }

    /// The cells, sorted, with the smallest row and column at 0.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Number of cells (never 0).
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a shape has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Columns of the bounding box.
    pub fn width(&self) -> usize {
        self.cells.iter().map(|c| c.1).max().map_or(0, |m| m as usize + 1)
    }

    /// Rows of the bounding box.
    pub fn height(&self) -> usize {
        self.cells.iter().map(|c| c.0).max().map_or(0, |m| m as usize + 1)
    }

    /// The shape moved by `symmetry`, back in normal form.
    pub fn transformed(&self, symmetry: Symmetry) -> Shape {
        let moved = self.cells.iter().map(|&(r, c)| {
            let (r, c) = symmetry.apply_coords(i64::from(r), i64::from(c));
            (r as i32, c as i32)
        });
        Shape::new(moved).unwrap_or_else(|| self.clone())
    }

    /// The distinct orientations reachable under `equivalence`, each with the first symmetry that
    /// gives it, in the order of [`Symmetry::ALL`].
    pub fn orientations(&self, equivalence: Equivalence) -> Vec<(Symmetry, Shape)> {
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for &symmetry in equivalence.symmetries() {
            let shape = self.transformed(symmetry);
            if seen.insert(shape.clone()) {
                out.push((symmetry, shape));
            }
        }
        out
    }

    /// The representative of the shape's class under `equivalence` (the smallest orientation).
    pub fn canonical(&self, equivalence: Equivalence) -> Shape {
        equivalence.symmetries().iter().map(|&s| self.transformed(s)).min().unwrap_or_else(|| self.clone())
    }

    /// True when every cell can be reached from every other through edge-neighbours.
    pub fn is_connected(&self) -> bool {
        connected(&self.cells)
    }

    /// Black minus white cells when coloured like a checkerboard from the origin.
    pub fn checkerboard_balance(&self) -> i32 {
        self.cells.iter().map(|&(r, c)| if (r + c) % 2 == 0 { 1 } else { -1 }).sum()
    }
}

/// True when `cells` (any order) form one edge-connected group; an empty list is not connected.
pub fn connected(cells: &[Cell]) -> bool {
    let set: BTreeSet<Cell> = cells.iter().copied().collect();
    let Some(&start) = set.iter().next() else { return false };
    let mut seen = BTreeSet::from([start]);
    let mut stack = vec![start];
    while let Some((r, c)) = stack.pop() {
        for next in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
            if set.contains(&next) && seen.insert(next) {
                stack.push(next);
            }
        }
    }
    seen.len() == set.len()
}

/// Every polyomino of `size` cells, one per class of `equivalence`, sorted.
/// Sizes 1–5 give 1, 1, 2, 5, 12 free / 1, 1, 2, 7, 18 one-sided / 1, 2, 6, 19, 63 fixed shapes.
pub fn enumerate(size: usize, equivalence: Equivalence) -> Vec<Shape> {
    if size == 0 {
        return Vec::new();
    }
    let mut current: BTreeSet<Shape> = BTreeSet::from([Shape { cells: vec![(0, 0)] }]);
    for _ in 1..size {
        let mut next = BTreeSet::new();
        for shape in &current {
            for &(r, c) in &shape.cells {
                for cell in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
                    if shape.cells.contains(&cell) {
                        continue;
                    }
                    let grown = Shape::new(shape.cells.iter().copied().chain([cell]));
                    if let Some(grown) = grown {
                        next.insert(grown.canonical(equivalence));
                    }
                }
            }
        }
        current = next;
    }
    current.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normal_form_forgets_position_and_order() {
        let a = Shape::new([(5, 7), (5, 6), (6, 6)]).unwrap();
        let b = Shape::new([(1, 0), (0, 0), (0, 1)]).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.cells(), &[(0, 0), (0, 1), (1, 0)]);
        assert!(Shape::new([]).is_none());
    }

    #[test]
    fn drawings_round_trip() {
        let f = Shape::from_drawing(".XX\nXX.\n.X.", |c| c == 'X').unwrap();
        assert_eq!(f.len(), 5);
        assert_eq!(f.to_drawing('X'), ".XX\nXX.\n.X.");
        assert_eq!(Shape::from_drawing("...", |c| c == 'X'), Err(ShapeError::Empty));
    }

    #[test]
    fn orientation_counts_match_the_pentominoes() {
        let x = Shape::from_drawing(".#.\n###\n.#.", |c| c == '#').unwrap();
        let f = Shape::from_drawing(".##\n##.\n.#.", |c| c == '#').unwrap();
        let i = Shape::from_drawing("#####", |c| c == '#').unwrap();
        assert_eq!(x.orientations(Equivalence::Free).len(), 1);
        assert_eq!(f.orientations(Equivalence::Free).len(), 8);
        assert_eq!(f.orientations(Equivalence::OneSided).len(), 4);
        assert_eq!(i.orientations(Equivalence::Free).len(), 2);
        assert_eq!(f.orientations(Equivalence::Fixed).len(), 1);
    }

    #[test]
    fn enumeration_matches_the_known_counts() {
        let free: Vec<usize> = (1..=6).map(|n| enumerate(n, Equivalence::Free).len()).collect();
        assert_eq!(free, [1, 1, 2, 5, 12, 35]);
        let one_sided: Vec<usize> = (1..=5).map(|n| enumerate(n, Equivalence::OneSided).len()).collect();
        assert_eq!(one_sided, [1, 1, 2, 7, 18]);
        let fixed: Vec<usize> = (1..=5).map(|n| enumerate(n, Equivalence::Fixed).len()).collect();
        assert_eq!(fixed, [1, 2, 6, 19, 63]);
    }

    #[test]
    fn connectivity_and_colour_balance() {
        assert!(Shape::new([(0, 0), (0, 1)]).unwrap().is_connected());
        assert!(!Shape::new([(0, 0), (1, 1)]).unwrap().is_connected());
        let t = Shape::from_drawing("###\n.#.", |c| c == '#').unwrap();
        assert_eq!(t.checkerboard_balance().abs(), 2);
    }
}
