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
    if request.settings.flag("with-clues") {
        return Err(Error::usage(format!(
            "{} is for crosswords; poly pictures have no clues",
            pzl_core::settings::mention("with-clues")
        )));
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
        Picture::Svg => Ok(svg(&grid, &title, &|square| piece_name(doc, square)).into_bytes()),
        other => Err(Error::usage(format!("poly puzzles draw as text or svg, not {other}"))
            .hint("use --as text or --as svg")),
    }
}

/// The name of the piece drawn as `square`: a pack file's own name for it, a MacPoly piece's
/// letter.
fn piece_name(doc: &PolyDoc, square: Square) -> Option<String> {
    let Square::Piece(letter, _) = square else { return None };
    match doc {
        PolyDoc::Pack { file, .. } => {
            let pieces = file.problem(None).pieces;
            let k = (0..pieces.len()).find(|&k| piece_letter(k) == square)?;
            Some(printable(&pieces[k].name).into_owned())
        }
        PolyDoc::MacPoly { .. } => Some(letter.to_ascii_uppercase().to_string()),
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

/// The closed outline of the squares where `inside` holds, as loops of corner points (column,
/// row), clockwise; a region with a hole gives the hole its own loop.
fn outlines(grid: &Grid<Square>, inside: &dyn Fn(Pos) -> bool) -> Vec<Vec<(usize, usize)>> {
    use std::collections::BTreeMap;
    // Boundary edges, each directed so the region lies on its right: start corner → end corner.
    let mut edges: BTreeMap<(usize, usize), Vec<(usize, usize)>> = BTreeMap::new();
    let is_in = |r: isize, c: isize| r >= 0 && c >= 0 && inside(Pos::new(r as usize, c as usize));
    for pos in grid.positions().filter(|&p| inside(p)) {
        let (r, c) = (pos.row as isize, pos.col as isize);
        let (x, y) = (pos.col, pos.row);
        if !is_in(r - 1, c) {
            edges.entry((x, y)).or_default().push((x + 1, y));
        }
        if !is_in(r, c + 1) {
            edges.entry((x + 1, y)).or_default().push((x + 1, y + 1));
        }
        if !is_in(r + 1, c) {
            edges.entry((x + 1, y + 1)).or_default().push((x, y + 1));
        }
        if !is_in(r, c - 1) {
            edges.entry((x, y + 1)).or_default().push((x, y));
        }
    }
    let mut loops = Vec::new();
    while let Some((&start, _)) = edges.iter().find(|(_, ends)| !ends.is_empty()) {
        let mut points = vec![start];
        let mut at = start;
        while let Some(next) = edges.get_mut(&at).and_then(Vec::pop) {
            at = next;
            if at == start {
                break;
            }
            points.push(at);
        }
        // Drop the corners where the outline goes straight on.
        let n = points.len();
        let corners: Vec<(usize, usize)> = (0..n)
            .filter(|&i| {
                let (p, q, r) = (points[(i + n - 1) % n], points[i], points[(i + 1) % n]);
                !((p.0 == q.0 && q.0 == r.0) || (p.1 == q.1 && q.1 == r.1))
            })
            .map(|i| points[i])
            .collect();
        loops.push(if corners.is_empty() { points } else { corners });
        edges.retain(|_, ends| !ends.is_empty());
    }
    loops
}

/// An SVG path through `loops` of corner points, `cell` points a square, offset by `at`.
fn path(loops: &[Vec<(usize, usize)>], cell: f64, at: (f64, f64)) -> String {
    let mut d = String::new();
    for points in loops {
        for (i, &(x, y)) in points.iter().enumerate() {
            let (px, py) = (at.0 + x as f64 * cell, at.1 + y as f64 * cell);
            d.push_str(&format!(
                "{}{} {} ",
                if i == 0 { "M" } else { "L" },
                pzl_grid::svg::num(px),
                pzl_grid::svg::num(py)
            ));
        }
        d.push_str("Z ");
    }
    d.trim_end().to_string()
}

/// An SVG picture, `title` on top: the shape's squares in grey with thin grid lines, each piece
/// one outlined region in its colour with its name on it (`names` gives a piece's name from its
/// square; MacPoly pieces are named by their letter).
pub fn svg(grid: &Grid<Square>, title: &str, names: &dyn Fn(Square) -> Option<String>) -> String {
    const CELL: f64 = 24.0;
    const TOP: f64 = 28.0;
    const LEFT: f64 = 4.0;
    let (w, h) = (grid.width() as f64 * CELL + 8.0, grid.height() as f64 * CELL + TOP + 4.0);
    let mut doc = Svg::new(w, h);
    doc.text(LEFT, 18.0, title, r#"font-family="sans-serif" font-size="14""#);
    let label = |pos: Pos| grid.get(pos).copied().unwrap_or(Square::Empty);
    // The uncovered shape: grey squares with thin lines, under the pieces.
    for pos in grid.positions().filter(|&p| label(p) == Square::Shape) {
        let (x, y) = (LEFT + pos.col as f64 * CELL, TOP + pos.row as f64 * CELL);
        doc.rect(x, y, CELL, CELL, r##"fill="#dddddd" stroke="#bbbbbb" stroke-width="1""##);
    }
    // Each piece (a connected region of one square value): one filled, outlined path, and its
    // name on the square nearest its middle.
    let mut seen = vec![false; grid.width() * grid.height()];
    let index = |p: Pos| p.row * grid.width() + p.col;
    for start in grid.positions() {
        let square = label(start);
        if !matches!(square, Square::Piece(..)) || seen[index(start)] {
            continue;
        }
        let mut cells = vec![start];
        seen[index(start)] = true;
        let mut i = 0;
        while i < cells.len() {
            let p = cells[i];
            i += 1;
            let neighbours = [
                (p.row.wrapping_sub(1), p.col),
                (p.row + 1, p.col),
                (p.row, p.col.wrapping_sub(1)),
                (p.row, p.col + 1),
            ];
            for (r, c) in neighbours {
                let q = Pos::new(r, c);
                if r < grid.height() && c < grid.width() && !seen[index(q)] && label(q) == square {
                    seen[index(q)] = true;
                    cells.push(q);
                }
            }
        }
        let inside = |p: Pos| cells.contains(&p);
        let Square::Piece(letter, _) = square else { continue };
        doc.push(&format!(
            r##"<path d="{}" fill="{}" fill-rule="evenodd" stroke="#000" stroke-width="2" stroke-linejoin="miter"/>"##,
            path(&outlines(grid, &inside), CELL, (LEFT, TOP)),
            colour(letter).1
        ));
        let Some(name) = names(square) else { continue };
        let (sr, sc) = cells.iter().fold((0.0, 0.0), |(r, c), p| (r + p.row as f64, c + p.col as f64));
        let middle = (sr / cells.len() as f64, sc / cells.len() as f64);
        let distance = |p: &&Pos| (p.row as f64 - middle.0).powi(2) + (p.col as f64 - middle.1).powi(2);
        let Some(spot) = cells.iter().min_by(|a, b| distance(a).total_cmp(&distance(b))) else { continue };
        let size = if name.chars().count() <= 2 {
            CELL * 0.55
        } else {
            (CELL * 1.1 / name.chars().count() as f64).max(6.0)
        };
        doc.text(
            LEFT + spot.col as f64 * CELL + CELL / 2.0,
            TOP + spot.row as f64 * CELL + CELL / 2.0 + size * 0.35,
            &name,
            &format!(
                r#"font-family="sans-serif" font-size="{}" font-weight="bold" text-anchor="middle""#,
                pzl_grid::svg::num(size)
            ),
        );
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
        let picture = svg(&grid, "n", &|sq| match sq {
            Square::Piece(l, _) => Some(l.to_ascii_uppercase().to_string()),
            _ => None,
        });
        assert!(picture.contains("<svg") && picture.contains("#dddddd") && picture.contains("#3cb44b"));
        // The piece is one outlined region (no lines inside it), named once.
        assert_eq!(picture.matches("<path").count(), 1);
        assert!(picture.contains(r#"d="M28 52 L76 52 L76 76 L28 76 Z""#), "{picture}");
        assert_eq!(picture.matches(">B</text>").count(), 1);
    }
}
