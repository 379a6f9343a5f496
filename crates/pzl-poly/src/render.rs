//! Pictures of packing puzzles: coloured terminal text and SVG. Every piece letter gets its own
//! colour; squares of the solution shape not yet covered are light grey.
//!
//! A picture is a grid of [`Square`]s, made from the model: a [`Problem`] (the board with its
//! pieces laid out below it), a [`Problem`] and a [`Solution`] (the board covered), or a MacPoly
//! grid as drawn in its source file (pieces where the author put them).

use pzl_core::text::printable;
use pzl_core::{Error, Picture, RenderRequest, Result};
use pzl_grid::svg::Svg;
use pzl_grid::{Grid, Pos};

use crate::format::macpoly::SourceFile;
use crate::format::pack::layout;
use crate::kind::PolyDoc;
use crate::packer::{Problem, Solution};

/// The letters of pieces in pictures of problems with named pieces: MacPoly's (no `s`, which
/// would look like the shape).
const LETTERS: &[u8] = b"abcdefghijklmnopqrtuvwxyz";

/// What one square of a picture shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Square {
    /// Nothing.
    Empty,
    /// An uncovered square of the solution shape.
    Shape,
    /// A square of the piece with this (lower-case) letter; `true` when it lies on the shape.
    Piece(char, bool),
}

/// The letter piece `k` is shown with in pictures of problems: lower case for the first 25
/// pieces, then upper case, and so on.
pub fn piece_letter(k: usize) -> Square {
    let letter = char::from(LETTERS[k % LETTERS.len()]);
    Square::Piece(letter, k / LETTERS.len() % 2 == 1)
}

/// The board (uncovered squares of the shape) with the pieces laid out below it (see
/// [`layout`]), each piece with a letter of its own ([`piece_letter`]).
pub fn problem_squares(problem: &Problem) -> Grid<Square> {
    let (origins, (width, height)) = layout(problem);
    let mut grid = Grid::new(width, height, Square::Empty);
    for pos in problem.board.grid().positions().filter(|&p| problem.board.contains(p)) {
        if let Some(cell) = grid.get_mut(pos) {
            *cell = Square::Shape;
        }
    }
    for (k, (piece, &(r0, c0))) in problem.pieces.iter().zip(&origins).enumerate() {
        for &(r, c) in piece.shape.cells() {
            if let Some(cell) = grid.get_mut(Pos::new(r0 + r as usize, c0 + c as usize)) {
                *cell = piece_letter(k);
            }
        }
    }
    grid
}

/// The board covered by `solution`, each piece with its letter ([`piece_letter`]); squares of the
/// board left uncovered show as the shape.
pub fn solution_squares(problem: &Problem, solution: &Solution) -> Grid<Square> {
    let board = &problem.board;
    let mut grid = Grid::new(board.width(), board.height(), Square::Empty);
    for pos in board.grid().positions().filter(|&p| board.contains(p)) {
        if let Some(cell) = grid.get_mut(pos) {
            *cell = Square::Shape;
        }
    }
    for placement in &solution.placements {
        for &pos in &placement.cells {
            if let Some(cell) = grid.get_mut(pos) {
                *cell = piece_letter(placement.piece);
            }
        }
    }
    grid
}

/// The squares of a MacPoly source file's grid, as drawn: pieces where the file puts them (beside
/// the shape in lower case, on it in upper case). It draws solution files whose pieces fall apart
/// too, so that a wrong solution can be looked at.
pub fn source_squares(file: &SourceFile) -> Grid<Square> {
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

/// Draw `doc` as `request` asks: terminal text (the title, then two characters per square; ANSI
/// colours with `request.colour`) or SVG. A MacPoly file is drawn as its grid is; a pack problem
/// as its board with the pieces below it, or covered when the document holds a solution.
pub fn render(doc: &PolyDoc, request: &RenderRequest) -> Result<Vec<u8>> {
    if request.select.is_some() {
        return Err(Error::usage("a poly file holds one picture: leave out --select"));
    }
    if request.with_clues {
        return Err(Error::usage("--with-clues is for crosswords; poly pictures have no clues"));
    }
    let grid = match doc {
        PolyDoc::MacPoly { file, .. } => source_squares(file),
        PolyDoc::Pack { file, solution: Some(solution), .. } => {
            solution_squares(&file.problem(None), solution)
        }
        PolyDoc::Pack { file, solution: None, .. } => problem_squares(&file.problem(None)),
    };
    let title = doc.title();
    // A pack file names its pieces; the picture letters them, so the text says which is which.
    let legend = match doc {
        PolyDoc::Pack { file, .. } => {
            let pieces = file.problem(None).pieces;
            let names: Vec<String> = pieces
                .iter()
                .enumerate()
                .map(|(k, piece)| match piece_letter(k) {
                    Square::Piece(letter, _) => format!("{letter} {}", printable(&piece.name)),
                    _ => printable(&piece.name).into_owned(),
                })
                .collect();
            format!("pieces: {}\n", names.join(", "))
        }
        PolyDoc::MacPoly { .. } => String::new(),
    };
    match request.picture {
        Picture::Text => {
            Ok(format!("{}\n{}{legend}", printable(&title), text(&grid, request.colour)).into_bytes())
        }
        Picture::Svg => Ok(svg(&grid, &title).into_bytes()),
        other => Err(Error::usage(format!("poly puzzles draw as text or svg, not {other}"))
            .hint("use --as text or --as svg")),
    }
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
        let grid = source_squares(&file);
        assert_eq!(text(&grid, false), "  ····\n  bbbb\n");
        let picture = svg(&grid, "n");
        assert!(picture.contains("<svg") && picture.contains("#dddddd") && picture.contains("#3cb44b"));
    }
}
