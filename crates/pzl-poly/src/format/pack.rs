//! pzl's own packing-problem format (`pzl-pack`): a readable text file for any polyomino packing
//! problem, including those MacPoly's single letters cannot name (more than 25 pieces, such as the
//! 35 hexominoes).
//!
//! ```text
//! pzl-pack 1
//! title Pentominoes on 6 x 10
//! flips yes
//!
//! board
//! ##########
//! ##########
//!
//! piece F
//! .##
//! ##.
//! .#.
//!
//! piece I x2
//! #####
//! ```
//!
//! Line 1 is the magic line `pzl-pack 1`. Then, in any order, optional `title TEXT` and `message
//! TEXT` lines, a `flips yes|no` line (pieces may be turned over; default yes), one `board` line and
//! any number of `piece NAME` or `piece NAME xN` lines (N copies, each a labelled piece), each of the
//! last two followed by its drawing: rows of `#` (a square) and `.` (no square). Blank lines separate
//! blocks. The reader is lenient (CRLF, trailing spaces, missing `flips` line: warnings); the writer
//! writes the canonical form above, which reads back to the same value and the same bytes.

pub use pzl_core::Parsed;
use pzl_core::{Location, Warning};

use crate::packer::{Board, Piece, Problem, Solution};
use crate::shape::Shape;

/// The format's name in pzl's registry (`--from pzl-pack`).
pub const NAME: &str = "pzl-pack";

/// The magic first line.
pub const MAGIC: &str = "pzl-pack 1";

/// A packing problem as written in a `pzl-pack` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackFile {
    /// The `title` line's text.
    pub title: Option<String>,
    /// The `message` line's text (shown when the puzzle is solved, as in MacPoly).
    pub message: Option<String>,
    /// Pieces may be turned over as well as rotated.
    pub flips: bool,
    /// The board drawing: `#` squares to cover, `.` others.
    pub board: Vec<String>,
    /// The piece blocks, in file order.
    pub pieces: Vec<PackPiece>,
}

/// One piece block: a name (no spaces), how many copies, the drawing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackPiece {
    /// The name (no spaces).
    pub name: String,
    /// How many copies the problem has (each a piece of its own).
    pub copies: usize,
    /// The drawing: `#` a square, `.` none.
    pub rows: Vec<String>,
}

impl PackPiece {
    /// The number of squares of one copy.
    pub fn area(&self) -> usize {
        self.rows.iter().flat_map(|r| r.chars()).filter(|&c| c == '#').count()
    }
}

/// Why a file is not a `pzl-pack` file. Lines and columns count from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PackError {
    /// Line 1 is not `pzl-pack 1`.
    #[error("line 1: expected the magic line `{MAGIC}`")]
    NoMagic,
    /// Something wrong at a place.
    #[error("line {line}, column {column}: {message}")]
    At {
        /// The line, from 1.
        line: usize,
        /// The column, from 1, in characters.
        column: usize,
        /// What is wrong or expected.
        message: String,
    },
    /// No `board` line.
    #[error("the file has no `board` block")]
    NoBoard,
    /// No `piece` line.
    #[error("the file has no `piece` block")]
    NoPieces,
}

impl From<PackError> for pzl_core::Error {
    fn from(e: PackError) -> pzl_core::Error {
        match e {
            PackError::NoMagic => {
                pzl_core::Error::syntax(format!("expected the magic line `{MAGIC}`")).at(Location::line(1))
            }
            PackError::At { line, column, message } => {
                pzl_core::Error::syntax(message).at(Location::line_column(line, column))
            }
            e @ (PackError::NoBoard | PackError::NoPieces) => pzl_core::Error::syntax(e.to_string()),
        }
    }
}

fn at(line: usize, column: usize, message: impl Into<String>) -> PackError {
    PackError::At { line, column, message: message.into() }
}

/// Most copies of one piece a file may ask for.
const MAX_COPIES: usize = 10_000;

/// True when `bytes` start with the magic line.
pub fn looks_like_pack(bytes: &[u8]) -> bool {
    bytes.strip_prefix(MAGIC.as_bytes()).is_some_and(|rest| {
        rest.is_empty() || rest[0] == b'\n' || rest[0] == b'\r' || rest[0] == b' ' || rest[0] == b'\t'
    })
}

enum Target {
    None,
    Board,
    Piece(usize),
}

fn is_drawing_row(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c == '#' || c == '.')
}

impl PackFile {
    /// Read a `pzl-pack` file (UTF-8 text).
    pub fn parse(bytes: &[u8]) -> Result<Parsed<PackFile>, PackError> {
        let text = match std::str::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let good = &bytes[..e.valid_up_to()];
                let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
                let column = good.len() - good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
                return Err(at(line, column, "the text is not UTF-8"));
            }
        };
        let mut warnings = Vec::new();
        let mut lines = text.split('\n').enumerate().map(|(k, l)| (k + 1, l));
        // The first line with CRLF, and the first with spaces at its end.
        let mut crlf = None;
        let mut trailing = None;
        let mut clean = |line_no: usize, l: &str| -> String {
            let l = match l.strip_suffix('\r') {
                Some(l) => {
                    crlf = crlf.or(Some(line_no));
                    l
                }
                None => l,
            };
            let trimmed = l.trim_end();
            if trimmed.len() != l.len() {
                trailing = trailing.or(Some(line_no));
            }
            trimmed.to_string()
        };
        let first = lines.next().map(|(k, l)| clean(k, l)).unwrap_or_default();
        if first != MAGIC {
            if let Some(version) = first.strip_prefix("pzl-pack ") {
                return Err(at(1, 10, format!("unsupported version `{version}`; this pzl reads version 1")));
            }
            return Err(PackError::NoMagic);
        }
        let mut file =
            PackFile { title: None, message: None, flips: true, board: Vec::new(), pieces: Vec::new() };
        let mut flips_line = false;
        let mut board_line = None;
        let mut piece_lines = Vec::new();
        // The names so far: thousands of pieces must not cost a comparison with every other.
        let mut names = std::collections::HashSet::new();
        let mut target = Target::None;
        for (line_no, raw) in lines {
            let line = clean(line_no, raw);
            if line.is_empty() {
                target = Target::None;
                continue;
            }
            if is_drawing_row(&line) {
                match target {
                    Target::Board => file.board.push(line),
                    Target::Piece(k) => file.pieces[k].rows.push(line),
                    Target::None => {
                        return Err(at(line_no, 1, "a drawing row with no `board` or `piece` line above it"));
                    }
                }
                continue;
            }
            let (keyword, rest) = match line.split_once(' ') {
                Some((k, r)) => (k, r.trim_start()),
                None => (line.as_str(), ""),
            };
            let rest_column = line.len() - rest.len() + 1;
            match keyword {
                "title" | "message" => {
                    let slot = if keyword == "title" { &mut file.title } else { &mut file.message };
                    if slot.is_some() {
                        return Err(at(line_no, 1, format!("a second `{keyword}` line")));
                    }
                    *slot = Some(rest.to_string());
                    target = Target::None;
                }
                "flips" => {
                    if flips_line {
                        return Err(at(line_no, 1, "a second `flips` line"));
                    }
                    file.flips = match rest {
                        "yes" => true,
                        "no" => false,
                        _ => return Err(at(line_no, rest_column, "expected `yes` or `no` after `flips`")),
                    };
                    flips_line = true;
                    target = Target::None;
                }
                "board" => {
                    if !rest.is_empty() {
                        return Err(at(line_no, rest_column, "`board` takes nothing after it"));
                    }
                    if board_line.is_some() {
                        return Err(at(line_no, 1, "a second `board` block"));
                    }
                    board_line = Some(line_no);
                    target = Target::Board;
                }
                "piece" => {
                    let mut words = rest.split_whitespace();
                    let Some(name) = words.next() else {
                        return Err(at(line_no, rest_column.max(7), "expected a piece name after `piece`"));
                    };
                    let copies = match words.next() {
                        None => 1,
                        Some(word) => {
                            let column = line.find(word).map_or(1, |p| p + 1);
                            match word.strip_prefix('x').and_then(|n| n.parse::<usize>().ok()) {
                                Some(n) if (1..=MAX_COPIES).contains(&n) => n,
                                _ => {
                                    return Err(at(
                                        line_no,
                                        column,
                                        format!("expected a number of copies `x1`…`x{MAX_COPIES}`"),
                                    ));
                                }
                            }
                        }
                    };
                    if let Some(extra) = words.next() {
                        let column = line.rfind(extra).map_or(1, |p| p + 1);
                        return Err(at(line_no, column, "unexpected text after the piece's copies"));
                    }
                    if !names.insert(name.to_string()) {
                        return Err(at(line_no, rest_column, format!("a second piece named `{name}`")));
                    }
                    file.pieces.push(PackPiece { name: name.to_string(), copies, rows: Vec::new() });
                    piece_lines.push(line_no);
                    target = Target::Piece(file.pieces.len() - 1);
                }
                _ if !matches!(target, Target::None) => {
                    let (column, ch) = line
                        .chars()
                        .enumerate()
                        .find(|(_, c)| *c != '#' && *c != '.')
                        .map_or((1, ' '), |(k, c)| (k + 1, c));
                    return Err(at(line_no, column, format!("`{ch}` in a drawing; expected `#` or `.`")));
                }
                _ => {
                    return Err(at(
                        line_no,
                        1,
                        format!(
                            "unknown line `{keyword}`; expected `title`, `message`, `flips`, `board` or \
                             `piece NAME`"
                        ),
                    ));
                }
            }
        }
        let board_line = board_line.ok_or(PackError::NoBoard)?;
        if !file.board.iter().any(|r| r.contains('#')) {
            return Err(at(board_line, 1, "the board has no `#` square"));
        }
        if file.pieces.is_empty() {
            return Err(PackError::NoPieces);
        }
        for (piece, &line_no) in file.pieces.iter().zip(&piece_lines) {
            let Ok(shape) = Shape::from_drawing(&piece.rows.join("\n"), |c| c == '#') else {
                return Err(at(line_no, 1, format!("piece `{}` has no `#` square", piece.name)));
            };
            if !shape.is_connected() {
                return Err(at(
                    line_no,
                    1,
                    format!("the squares of piece `{}` are not connected", piece.name),
                ));
            }
        }
        if !flips_line {
            warnings.push(Warning::new("no `flips` line: pieces may be turned over"));
        }
        if let Some(line) = crlf {
            warnings.push(Warning::at(Location::line(line), "CRLF line ends (pzl writes LF)"));
        }
        if let Some(line) = trailing {
            warnings.push(Warning::at(Location::line(line), "spaces at the end of lines are ignored"));
        }
        Ok(Parsed::with(file, warnings))
    }

    /// The canonical text of the file.
    pub fn to_text(&self) -> String {
        let mut out = format!("{MAGIC}\n");
        if let Some(title) = &self.title {
            out.push_str(&format!("title {title}\n"));
        }
        if let Some(message) = &self.message {
            out.push_str(&format!("message {message}\n"));
        }
        out.push_str(if self.flips { "flips yes\n" } else { "flips no\n" });
        out.push_str("\nboard\n");
        for row in &self.board {
            out.push_str(row);
            out.push('\n');
        }
        for piece in &self.pieces {
            out.push_str(&format!("\npiece {}", piece.name));
            if piece.copies != 1 {
                out.push_str(&format!(" x{}", piece.copies));
            }
            out.push('\n');
            for row in &piece.rows {
                out.push_str(row);
                out.push('\n');
            }
        }
        out
    }

    /// The packing problem; `flips` overrides the file's `flips` line when given. A piece with
    /// copies becomes labelled pieces `NAME.1`, `NAME.2`, ….
    pub fn problem(&self, flips: Option<bool>) -> Problem {
        let mut pieces = Vec::new();
        for piece in &self.pieces {
            let Ok(shape) = Shape::from_drawing(&piece.rows.join("\n"), |c| c == '#') else { continue };
            for copy in 1..=piece.copies {
                let name =
                    if piece.copies == 1 { piece.name.clone() } else { format!("{}.{copy}", piece.name) };
                pieces.push(Piece { name, shape: shape.clone() });
            }
        }
        Problem {
            board: Board::from_rows(&self.board, |c| c == '#'),
            pieces,
            flips: flips.unwrap_or(self.flips),
        }
    }

    /// The file for a problem (one block per piece, no copies).
    pub fn from_problem(problem: &Problem, title: Option<String>, message: Option<String>) -> PackFile {
        let grid = problem.board.grid();
        let board = (0..grid.height())
            .map(|r| {
                let row: String = (0..grid.width())
                    .map(|c| if problem.board.contains(pzl_grid::Pos::new(r, c)) { '#' } else { '.' })
                    .collect();
                row
            })
            .collect();
        let pieces = problem
            .pieces
            .iter()
            .map(|p| PackPiece {
                name: p.name.clone(),
                copies: 1,
                rows: p.shape.to_drawing('#').lines().map(str::to_string).collect(),
            })
            .collect();
        PackFile { title, message, flips: problem.flips, board, pieces }
    }
}

/// Where to draw each piece of `problem` beside its board: below it, in rows at most
/// `max(board width, 24)` wide, one empty square between pieces. Returns each piece's top-left
/// `(row, col)` and the size `(width, height)` of the whole drawing.
pub fn layout(problem: &Problem) -> (Vec<(usize, usize)>, (usize, usize)) {
    let (bw, bh) = (problem.board.width(), problem.board.height());
    let limit = bw.max(24);
    let mut origins = Vec::new();
    let (mut row, mut col, mut tallest, mut widest) = (bh + 1, 0, 0, bw);
    for piece in &problem.pieces {
        let (w, h) = (piece.shape.width(), piece.shape.height());
        if col > 0 && col + w > limit {
            (row, col, tallest) = (row + tallest + 1, 0, 0);
        }
        origins.push((row, col));
        widest = widest.max(col + w);
        col += w + 1;
        tallest = tallest.max(h);
    }
    let height = if problem.pieces.is_empty() { bh } else { row + tallest };
    (origins, (widest, height))
}

/// Why a problem cannot be a MacPoly puzzle file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MacPolyLimit {
    /// More pieces than letters.
    #[error("MacPoly names at most 25 pieces (letters a–z but s); this problem has {0}")]
    TooManyPieces(usize),
    /// MacPoly has no one-sided pieces.
    #[error("MacPoly pieces may always be turned over; this problem says `flips no`")]
    NoFlips,
}

impl From<MacPolyLimit> for pzl_core::Error {
    fn from(e: MacPolyLimit) -> pzl_core::Error {
        pzl_core::Error::encode(format!("cannot convert to macpoly: {e}"))
    }
}

impl PackFile {
    /// The problem as a MacPoly puzzle source file (CR line ends): the title (or `Untitled`) and
    /// the message (or `Congratulations!`), then a grid with the shape as `S` and the pieces, in
    /// file order lettered `a`, `b`, … (skipping `s`), drawn below it, all inside a border of `.`.
    pub fn to_macpoly(&self) -> Result<Vec<u8>, MacPolyLimit> {
        let problem = self.problem(None);
        if !self.flips {
            return Err(MacPolyLimit::NoFlips);
        }
        const LETTERS: &[u8] = b"abcdefghijklmnopqrtuvwxyz";
        if problem.pieces.len() > LETTERS.len() {
            return Err(MacPolyLimit::TooManyPieces(problem.pieces.len()));
        }
        let (origins, (w, h)) = layout(&problem);
        let mut rows = vec![vec![b'.'; w + 2]; h + 2];
        for pos in problem.board.grid().positions().filter(|&p| problem.board.contains(p)) {
            rows[pos.row + 1][pos.col + 1] = b'S';
        }
        for ((piece, &(r0, c0)), &letter) in problem.pieces.iter().zip(&origins).zip(LETTERS) {
            for &(r, c) in piece.shape.cells() {
                if let Some(cell) =
                    rows.get_mut(r0 + r as usize + 1).and_then(|row| row.get_mut(c0 + c as usize + 1))
                {
                    *cell = letter;
                }
            }
        }
        let mut out = crate::format::macpoly::encode(self.title.as_deref().unwrap_or("Untitled"));
        out.push(b'\r');
        out.extend(crate::format::macpoly::encode(self.message.as_deref().unwrap_or("Congratulations!")));
        out.push(b'\r');
        for row in rows {
            out.extend(row);
            out.push(b'\r');
        }
        Ok(out)
    }
}

/// A solution as text: the board with each square showing the name of the piece covering it,
/// names padded to the same width and separated by a space (`.` for squares off the board).
pub fn solution_text(problem: &Problem, solution: &Solution) -> String {
    let (w, h) = (problem.board.width(), problem.board.height());
    let grid = solution.to_grid(w, h);
    let width = problem.pieces.iter().map(|p| p.name.chars().count()).max().unwrap_or(1);
    let mut out = String::new();
    for r in 0..h {
        let cells: Vec<String> = (0..w)
            .map(|c| {
                let name = grid
                    .get(pzl_grid::Pos::new(r, c))
                    .copied()
                    .flatten()
                    .and_then(|k| problem.pieces.get(k))
                    .map_or(".", |p| p.name.as_str());
                format!("{name:<width$}")
            })
            .collect();
        out.push_str(cells.join(" ").trim_end());
        out.push('\n');
    }
    out
}

/// Read a solution as [`solution_text`] writes it (the board with each square showing the name
/// of the piece covering it, `.` for none) against `problem`: one placement per piece name. The
/// rows must match the board's size (short rows are padded with `.`, as the writer trims them);
/// a name that is no piece of the problem is an error naming line and column. Whether the
/// placements are the pieces' shapes and cover the board is [`Problem::verify`]'s to say.
pub fn read_solution(text: &str, problem: &Problem) -> Result<Parsed<Solution>, PackError> {
    let mut warnings = Vec::new();
    if text.contains('\r') {
        warnings.push(Warning::new("CR line ends read"));
    }
    let (w, h) = (problem.board.width(), problem.board.height());
    let names: std::collections::HashMap<&str, usize> =
        problem.pieces.iter().enumerate().map(|(k, p)| (p.name.as_str(), k)).collect();
    let rows: Vec<(usize, &str)> = text
        .split('\n')
        .map(|l| l.trim_end_matches('\r'))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    if rows.len() != h {
        let line = rows.get(h).map_or(rows.last().map_or(1, |r| r.0 + 1), |r| r.0);
        return Err(at(
            line,
            1,
            format!("expected {h} rows of piece names (the board's height), found {}", rows.len()),
        ));
    }
    let mut cells: Vec<Vec<pzl_grid::Pos>> = vec![Vec::new(); problem.pieces.len()];
    for (r, &(line, row)) in rows.iter().enumerate() {
        let mut c = 0;
        let mut rest = row;
        loop {
            let trimmed = rest.trim_start();
            if trimmed.is_empty() {
                break;
            }
            let column = row[..row.len() - trimmed.len()].chars().count() + 1;
            let token = trimmed.split_whitespace().next().unwrap_or_default();
            rest = &trimmed[token.len()..];
            if c >= w {
                return Err(at(
                    line,
                    column,
                    format!("expected {w} names in row {} (the board's width), found more", r + 1),
                ));
            }
            if token != "." {
                let Some(&k) = names.get(token) else {
                    let known: Vec<&str> = problem.pieces.iter().map(|p| p.name.as_str()).take(12).collect();
                    return Err(at(
                        line,
                        column,
                        format!(
                            "expected the name of a piece or `.`, found {token:?} (the pieces are {}{})",
                            known.join(" "),
                            if problem.pieces.len() > known.len() { " …" } else { "" }
                        ),
                    ));
                };
                cells[k].push(pzl_grid::Pos::new(r, c));
            }
            c += 1;
        }
    }
    let mut placements: Vec<crate::packer::Placement> = cells
        .into_iter()
        .enumerate()
        .filter(|(_, cells)| !cells.is_empty())
        .map(|(piece, mut cells)| {
            cells.sort();
            crate::packer::Placement { piece, cells }
        })
        .collect();
    placements.sort();
    Ok(Parsed::with(Solution { placements }, warnings))
}

#[cfg(test)]
mod solution_tests {
    use super::*;

    const PROBLEM: &str = "pzl-pack 1\nflips yes\n\nboard\n###\n##.\n\npiece L\n##\n#.\n\npiece I\n##\n";

    fn problem() -> Problem {
        PackFile::parse(PROBLEM.as_bytes()).unwrap().value.problem(None)
    }

    #[test]
    fn what_solution_text_writes_reads_back() {
        let problem = problem();
        let found = problem.find_first(Default::default()).0.unwrap();
        let text = solution_text(&problem, &found);
        let back = read_solution(&text, &problem).unwrap();
        assert!(back.warnings.is_empty());
        assert_eq!(back.value, found);
        assert!(problem.verify(&back.value).is_empty());
    }

    #[test]
    fn a_wrong_solution_reads_and_fails_verification() {
        let problem = problem();
        let wrong = read_solution("I L L\nI L .\n", &problem).unwrap().value;
        assert!(problem.verify(&wrong).is_empty());
        let wrong = read_solution("L L I\nL I\n", &problem).unwrap().value;
        assert!(!problem.verify(&wrong).is_empty());
    }

    #[test]
    fn bad_text_names_the_place() {
        let problem = problem();
        let e = read_solution("I L L\nI X\n", &problem).unwrap_err();
        assert_eq!(e, at(2, 3, "expected the name of a piece or `.`, found \"X\" (the pieces are L I)"));
        let e = read_solution("L L I\n", &problem).unwrap_err();
        assert!(matches!(e, PackError::At { line: 2, .. }), "{e}");
        let e = read_solution("I L L L\nI L\n", &problem).unwrap_err();
        assert!(matches!(e, PackError::At { line: 1, column: 7, .. }), "{e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::packer::SearchOptions;
    use proptest::prelude::*;

    const SQUARE: &str = "pzl-pack 1\ntitle 6 x 6 Square\nflips yes\n\nboard\n######\n######\n######\n\
        ######\n######\n######\n\npiece a x2\n#.#.\n####\n###.\n\npiece b x2\n.#.#\n####\n.###\n";

    #[test]
    fn the_macpoly_square_reads_solves_and_round_trips() {
        let parsed = PackFile::parse(SQUARE.as_bytes()).unwrap();
        assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
        assert_eq!(parsed.value.to_text(), SQUARE);
        let problem = parsed.value.problem(None);
        assert_eq!(problem.pieces.len(), 4);
        assert_eq!(problem.pieces[3].name, "b.2");
        let counts = problem.count(SearchOptions::default());
        assert_eq!((counts.raw, counts.distinct), (48, 6));
        assert_eq!(parsed.value.problem(Some(false)).count(SearchOptions::default()).raw, 0);
        let solution = problem.first().unwrap();
        let text = solution_text(&problem, &solution);
        assert_eq!(text.lines().count(), 6);
        assert!(text.contains("a.1") && text.contains("b.2"));
    }

    #[test]
    fn a_small_problem_becomes_a_macpoly_puzzle_with_the_same_counts() {
        let file = PackFile::parse(SQUARE.as_bytes()).unwrap().value;
        let bytes = file.to_macpoly().unwrap();
        let source = crate::format::macpoly::SourceFile::parse(&bytes).unwrap();
        assert!(source.warnings.is_empty(), "{:?}", source.warnings);
        assert_eq!(source.value.to_bytes(), bytes);
        let puzzle = source.value.puzzle().unwrap();
        assert_eq!(puzzle.name, "6 x 6 Square");
        let counts = puzzle.problem(true).count(SearchOptions::default());
        assert_eq!((counts.raw, counts.distinct), (48, 6));
        let back = PackFile::from_problem(&puzzle.problem(true), Some(puzzle.name.clone()), None);
        assert_eq!(back.problem(None).count(SearchOptions::default()).raw, 48);
        let mut one_sided = file.clone();
        one_sided.flips = false;
        assert_eq!(one_sided.to_macpoly(), Err(MacPolyLimit::NoFlips));
    }

    #[test]
    fn lenient_reading_warns() {
        let text = "pzl-pack 1\r\nboard  \r\n##\r\npiece long-name\r\n##\r\n";
        let parsed = PackFile::parse(text.as_bytes()).unwrap();
        assert_eq!(parsed.warnings.len(), 3, "{:?}", parsed.warnings);
        assert_eq!(parsed.value.pieces[0].name, "long-name");
        assert!(parsed.value.flips);
    }

    #[test]
    fn bad_files_name_line_and_column() {
        let err = |t: &str| PackFile::parse(t.as_bytes()).unwrap_err().to_string();
        assert_eq!(err("hello\n"), "line 1: expected the magic line `pzl-pack 1`");
        assert_eq!(
            err("pzl-pack 1\nboard\n#x#\n"),
            "line 3, column 2: `x` in a drawing; expected `#` or `.`"
        );
        assert_eq!(
            err("pzl-pack 1\nflips maybe\n"),
            "line 2, column 7: expected `yes` or `no` after `flips`"
        );
        assert_eq!(
            err("pzl-pack 1\nboard\n##\npiece a\n#.#\n"),
            "line 4, column 1: the squares of piece `a` are not connected"
        );
        assert_eq!(
            err("pzl-pack 1\nboard\n..\npiece a\n#\n"),
            "line 2, column 1: the board has no `#` square"
        );
        assert_eq!(
            err("pzl-pack 1\nboard\n##\npiece a x0\n#\n"),
            "line 4, column 9: expected a number of copies `x1`…`x10000`"
        );
        assert_eq!(
            err("pzl-pack 1\n##\n"),
            "line 2, column 1: a drawing row with no `board` or `piece` line above it"
        );
        assert_eq!(err("pzl-pack 1\nboard\n#\n"), "the file has no `piece` block");
        assert_eq!(
            PackFile::parse(b"pzl-pack 1\nab\xff\n").unwrap_err().to_string(),
            "line 2, column 3: the text is not UTF-8"
        );
        assert_eq!(
            err("pzl-pack 2\n"),
            "line 1, column 10: unsupported version `2`; this pzl reads version 1"
        );
    }

    fn drawing() -> impl Strategy<Value = Vec<String>> {
        // A connected drawing: a horizontal bar with a vertical bar hanging from it.
        (1usize..5, 0usize..4, 0usize..4, 0usize..3).prop_map(|(len, at, down, pad)| {
            let at = at.min(len - 1);
            let mut rows = vec![format!("{}{}", "#".repeat(len), ".".repeat(pad))];
            for _ in 0..down {
                rows.push(format!("{}#{}", ".".repeat(at), ".".repeat(len - at - 1 + pad)));
            }
            rows
        })
    }

    fn pack_file() -> impl Strategy<Value = PackFile> {
        (
            proptest::option::of("[A-Za-z!é]([A-Za-z0-9 ,!é]{0,10}[A-Za-z!é])?"),
            proptest::option::of("[A-Za-z!]([A-Za-z0-9 ,!]{0,10}[A-Za-z!])?"),
            any::<bool>(),
            drawing(),
            proptest::collection::vec(("[A-Za-z0-9'_-]{1,6}", 1usize..4, drawing()), 1..5),
        )
            .prop_map(|(title, message, flips, board, pieces)| {
                let mut seen = std::collections::BTreeSet::new();
                let pieces = pieces
                    .into_iter()
                    .filter(|(name, ..)| seen.insert(name.clone()))
                    .map(|(name, copies, rows)| PackPiece { name, copies, rows })
                    .collect();
                PackFile { title, message, flips, board, pieces }
            })
    }

    proptest! {
        #[test]
        fn written_files_read_back_to_the_same_bytes(file in pack_file()) {
            let text = file.to_text();
            let parsed = PackFile::parse(text.as_bytes()).unwrap();
            prop_assert!(parsed.warnings.is_empty());
            prop_assert_eq!(&parsed.value, &file);
            prop_assert_eq!(parsed.value.to_text(), text);
        }

        #[test]
        fn any_bytes_parse_or_fail_cleanly(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let mut input = b"pzl-pack 1\n".to_vec();
            input.extend(bytes);
            if let Ok(parsed) = PackFile::parse(&input) {
                let again = PackFile::parse(parsed.value.to_text().as_bytes()).unwrap();
                prop_assert_eq!(again.value, parsed.value);
            }
        }
    }
}
