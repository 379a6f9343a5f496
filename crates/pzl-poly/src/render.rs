//! Pictures of MacPoly grids: coloured terminal text and SVG. Every piece letter gets its own
//! colour; squares of the solution shape not yet covered are light grey.

use pzl_grid::svg::Svg;
use pzl_grid::{Grid, Pos};

use crate::macpoly::SourceFile;

/// What one square of a picture shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Square {
    Empty,
    /// An uncovered square of the solution shape.
    Shape,
    /// A square of the piece with this (lower-case) letter; `true` when it lies on the shape.
    Piece(char, bool),
}

/// The squares of a source file's grid.
pub fn squares(file: &SourceFile) -> Grid<Square> {
    let rows = file.grid_lines();
    let width = rows.iter().map(|l| l.text.len()).max().unwrap_or(0);
    let mut grid = Grid::new(width, rows.len(), Square::Empty);
    for (r, line) in rows.iter().enumerate() {
        for (c, &b) in line.text.iter().enumerate() {
            let square = match b {
                b'S' => Square::Shape,
                b if b.is_ascii_alphabetic() => {
                    Square::Piece(b.to_ascii_lowercase() as char, b.is_ascii_uppercase())
                }
                _ => Square::Empty,
            };
            if let Some(cell) = grid.get_mut(Pos::new(r, c)) {
                *cell = square;
            }
        }
    }
    grid
}

/// A colour per letter: (ANSI 256-colour index, SVG fill).
fn colour(letter: char) -> (u8, &'static str) {
    const PALETTE: [(u8, &str); 13] = [
        (196, "#e6194b"),
        (34, "#3cb44b"),
        (220, "#ffe119"),
        (27, "#4363d8"),
        (208, "#f58231"),
        (91, "#911eb4"),
        (51, "#42d4f4"),
        (201, "#f032e6"),
        (154, "#bfef45"),
        (217, "#fabed4"),
        (30, "#469990"),
        (183, "#dcbeff"),
        (130, "#9a6324"),
    ];
    let k = (letter as usize).wrapping_sub('a' as usize) % PALETTE.len();
    PALETTE[k]
}

/// Terminal text: two characters per square; with `ansi`, coloured backgrounds.
pub fn text(grid: &Grid<Square>, ansi: bool) -> String {
    let mut out = String::new();
    for r in 0..grid.height() {
        for c in 0..grid.width() {
            let square = grid.get(Pos::new(r, c)).copied().unwrap_or(Square::Empty);
            let (glyph, background) = match square {
                Square::Empty => ("  ".to_string(), None),
                Square::Shape => ("··".to_string(), Some(250)),
                Square::Piece(letter, on) => {
                    let l = if on { letter.to_ascii_uppercase() } else { letter };
                    (format!("{l}{l}"), Some(colour(letter).0))
                }
            };
            match (ansi, background) {
                (true, Some(bg)) => out.push_str(&format!("\x1b[30;48;5;{bg}m{glyph}\x1b[0m")),
                _ => out.push_str(&glyph),
            }
        }
        while out.ends_with(' ') {
            out.pop();
        }
        out.push('\n');
    }
    out
}

/// An SVG picture, `title` on top.
pub fn svg(grid: &Grid<Square>, title: &str) -> String {
    const CELL: f64 = 24.0;
    const TOP: f64 = 28.0;
    let (w, h) = (grid.width() as f64 * CELL + 8.0, grid.height() as f64 * CELL + TOP + 4.0);
    let mut doc = Svg::new(w, h);
    doc.text(4.0, 18.0, title, r#"font-family="sans-serif" font-size="14""#);
    let at = |pos: Pos| (4.0 + pos.col as f64 * CELL, TOP + pos.row as f64 * CELL);
    let label = |pos: Pos| grid.get(pos).copied().unwrap_or(Square::Empty);
    for pos in grid.positions() {
        let (x, y) = at(pos);
        match label(pos) {
            Square::Empty => {}
            Square::Shape => doc.rect(x, y, CELL, CELL, r##"fill="#dddddd" stroke="#bbbbbb""##),
            Square::Piece(letter, _) => {
                doc.rect(x, y, CELL, CELL, &format!(r#"fill="{}" stroke="none""#, colour(letter).1))
            }
        }
    }
    // Thick outlines where a piece meets something else.
    for pos in grid.positions() {
        let here = label(pos);
        if !matches!(here, Square::Piece(..)) {
            continue;
        }
        let (x, y) = at(pos);
        let same = |r: isize, c: isize| {
            let (r, c) = (pos.row as isize + r, pos.col as isize + c);
            r >= 0 && c >= 0 && {
                let other = label(Pos::new(r as usize, c as usize));
                matches!((here, other), (Square::Piece(a, _), Square::Piece(b, _)) if a == b)
            }
        };
        let style = r##"stroke="#000" stroke-width="2" stroke-linecap="square""##;
        if !same(-1, 0) {
            doc.line(x, y, x + CELL, y, style);
        }
        if !same(1, 0) {
            doc.line(x, y + CELL, x + CELL, y + CELL, style);
        }
        if !same(0, -1) {
            doc.line(x, y, x, y + CELL, style);
        }
        if !same(0, 1) {
            doc.line(x + CELL, y, x + CELL, y + CELL, style);
        }
    }
    doc.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_show_pieces_and_shape() {
        let file = SourceFile::parse(b"n\nm\n.SS.\n.bb.\n").unwrap_or_else(|e| panic!("{e}")).value;
        let grid = squares(&file);
        assert_eq!(text(&grid, false), "  ····\n  bbbb\n");
        let picture = svg(&grid, "n");
        assert!(picture.contains("<svg") && picture.contains("#dddddd") && picture.contains("#3cb44b"));
    }
}
