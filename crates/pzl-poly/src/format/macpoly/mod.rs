//! MacPoly puzzle and solution source files (D. Levner, "Puzzles as Resources in Aztec C",
//! MacTutor vol. 2 no. 3, 1986).
//!
//! A **puzzle** source file is the puzzle name (line 1), the congratulatory message (line 2), then
//! the grid: a lower-case letter is a square of a piece lying outside the solution shape, an
//! upper-case letter other than `S` a square of a piece lying on the shape, `S` an uncovered square
//! of the shape, anything else empty. The article prints name and message on one line, but its
//! Figure 6 shows the first line becoming the resource name and the data starting with the message,
//! so they are read as two lines; a file whose second line is already a grid row is read as the
//! one-line form (the whole first line is the name; a warning says so).
//!
//! A **solution** source file is the name line and a grid of the pieces in place, in upper case.
//!
//! Text is Mac Roman with CR, LF or CRLF line ends. [`SourceFile`] keeps every line's bytes and
//! its line end, so writing what was read gives back the same bytes.
//!
//! The submodules handle MacPoly's resources: [`ftor`] turns source files into `SBPn` / `SBSn`
//! resources (validating them with this reader first), [`resource`] finds, opens and saves the
//! puzzle resources of a resource fork.

pub mod ftor;
pub mod resource;

pub use pzl_core::Parsed;
use pzl_core::{Location, Warning};
use pzl_grid::{Grid, Pos};

use crate::packer::{Board, Piece, Placement, Problem, Solution};
use crate::shape::{Shape, connected};

/// How a line ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineEnd {
    /// A carriage return, as on the classic Mac.
    Cr,
    /// A line feed.
    Lf,
    /// Carriage return then line feed.
    CrLf,
    /// The last line of a file without a final line end.
    None,
}

impl LineEnd {
    /// The bytes that end a line this way.
    pub fn bytes(self) -> &'static [u8] {
        match self {
            LineEnd::Cr => b"\r",
            LineEnd::Lf => b"\n",
            LineEnd::CrLf => b"\r\n",
            LineEnd::None => b"",
        }
    }
}

/// One line: its bytes (Mac Roman, without the line end) and how it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The line's bytes, Mac Roman, without the line end.
    pub text: Vec<u8>,
    /// How the line ended.
    pub end: LineEnd,
}

/// Puzzle or solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceKind {
    /// A puzzle: name, message, the shape (`S`) and the pieces.
    Puzzle,
    /// A solution: name and the pieces in place, in upper case.
    Solution,
}

impl SourceKind {
    /// `puzzle` or `solution`.
    pub fn name(self) -> &'static str {
        match self {
            SourceKind::Puzzle => "puzzle",
            SourceKind::Solution => "solution",
        }
    }
}

/// A source file as read: its lines, kept byte for byte, and what they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// Puzzle or solution.
    pub kind: SourceKind,
    /// Every line of the file, in order.
    pub lines: Vec<Line>,
    /// A puzzle's message is on line 2 (false: the one-line form, no separate message line).
    pub message_line: bool,
}

/// Why a file is not a MacPoly source file. Lines and columns count from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[allow(missing_docs)] // The fields are the place (line, column from 1) and what was found there.
pub enum MacPolyError {
    /// The file has no byte.
    #[error("the file is empty; expected the puzzle name on line 1")]
    Empty,
    /// A byte that is neither a letter, `.` nor another printable ASCII character.
    #[error("line {line}, column {column}: unknown character (byte 0x{byte:02X}); expected a letter or `.`")]
    UnknownCharacter { line: usize, column: usize, byte: u8 },
    /// A lower-case `s`, which would be the piece of the shape's letter.
    #[error("line {line}, column {column}: lower-case `s` cannot name a piece (`S` marks the shape)")]
    LowerS { line: usize, column: usize },
    /// A letter found both in upper and in lower case.
    #[error("line {line}, column {column}: piece `{piece}` is drawn both inside the shape and outside it")]
    InsideAndOutside { line: usize, column: usize, piece: char },
    /// A piece in several parts.
    #[error("line {line}, column {column}: the squares of piece `{piece}` are not connected")]
    NotConnected { line: usize, column: usize, piece: char },
    /// Nothing to cover.
    #[error("the grid has no square of the solution shape (no `S` or upper-case piece letter)")]
    EmptyShape,
    /// Nothing to cover it with.
    #[error("the grid has no piece")]
    NoPieces,
    /// A lower-case letter or `S` in a solution.
    #[error(
        "line {line}, column {column}: `{found}` in a solution; expected an upper-case piece letter or `.`"
    )]
    NotASolutionSquare { line: usize, column: usize, found: char },
}

impl MacPolyError {
    /// Where the error is, when a place is known.
    pub fn location(&self) -> Location {
        match *self {
            MacPolyError::Empty => Location::line(1),
            MacPolyError::UnknownCharacter { line, column, .. }
            | MacPolyError::LowerS { line, column }
            | MacPolyError::InsideAndOutside { line, column, .. }
            | MacPolyError::NotConnected { line, column, .. }
            | MacPolyError::NotASolutionSquare { line, column, .. } => Location::line_column(line, column),
            MacPolyError::EmptyShape | MacPolyError::NoPieces => Location::Whole,
        }
    }

    /// What is wrong, without the place (see [`MacPolyError::location`]).
    pub fn message(&self) -> String {
        let full = self.to_string();
        match self.location() {
            Location::Line { line, column: Some(column) } => full
                .strip_prefix(&format!("line {line}, column {column}: "))
                .map_or_else(|| full.clone(), str::to_string),
            _ => full,
        }
    }
}

impl From<MacPolyError> for pzl_core::Error {
    fn from(e: MacPolyError) -> pzl_core::Error {
        let at = e.location();
        pzl_core::Error::syntax(e.message()).at(at)
    }
}

/// Split bytes into lines, keeping each line end.
fn split_lines(bytes: &[u8]) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\r' => {
                let crlf = bytes.get(i + 1) == Some(&b'\n');
                lines.push(Line {
                    text: bytes[start..i].to_vec(),
                    end: if crlf { LineEnd::CrLf } else { LineEnd::Cr },
                });
                i += if crlf { 2 } else { 1 };
                start = i;
            }
            b'\n' => {
                lines.push(Line { text: bytes[start..i].to_vec(), end: LineEnd::Lf });
                i += 1;
                start = i;
            }
            _ => i += 1,
        }
    }
    if start < bytes.len() {
        lines.push(Line { text: bytes[start..].to_vec(), end: LineEnd::None });
    }
    lines
}

/// Mac Roman bytes as text.
pub fn decode(bytes: &[u8]) -> String {
    encoding_rs::MACINTOSH.decode_without_bom_handling(bytes).0.into_owned()
}

/// Text as Mac Roman bytes (characters Mac Roman lacks become `?`).
pub fn encode(text: &str) -> Vec<u8> {
    text.chars()
        .map(|ch| {
            let mut buf = [0u8; 4];
            let (bytes, _, bad) = encoding_rs::MACINTOSH.encode(ch.encode_utf8(&mut buf));
            if bad { vec![b'?'] } else { bytes.into_owned() }
        })
        .flat_map(|b| b.into_iter())
        .collect()
}

/// A byte of the grid as shown in a message (a tab as `\t`).
fn printable_byte(b: u8) -> String {
    if b == b'\t' { "\\t".to_string() } else { char::from(b).to_string() }
}

/// A grid row: letters and `.` only (what a message line never is).
fn looks_like_grid_row(text: &[u8]) -> bool {
    !text.is_empty() && text.iter().all(|&b| b == b'.' || b.is_ascii_alphabetic())
}

/// True when `bytes` look like a MacPoly puzzle source file.
pub fn looks_like_puzzle(bytes: &[u8]) -> bool {
    detect(bytes) == Some(SourceKind::Puzzle)
}

/// True when `bytes` look like a MacPoly solution source file.
pub fn looks_like_solution(bytes: &[u8]) -> bool {
    detect(bytes) == Some(SourceKind::Solution)
}

/// Content detection: a name line, then at least two grid rows of letters and dots, with at least
/// one dot and one letter, all the same width.
fn detect(bytes: &[u8]) -> Option<SourceKind> {
    let lines = split_lines(bytes.get(..64 * 1024).unwrap_or(bytes));
    let rows: Vec<&[u8]> =
        lines.iter().skip(1).map(|l| l.text.as_slice()).filter(|t| !t.is_empty()).collect();
    let grid: Vec<&[u8]> = rows.iter().copied().skip_while(|r| !looks_like_grid_row(r)).collect();
    if grid.len() < 2 || rows.len() - grid.len() > 1 || !grid.iter().all(|r| looks_like_grid_row(r)) {
        return None;
    }
    let width = grid[0].len();
    if grid.iter().any(|r| r.len() != width) || !grid.iter().any(|r| r.contains(&b'.')) {
        return None;
    }
    let letters = grid.iter().flat_map(|r| r.iter()).filter(|b| b.is_ascii_alphabetic());
    let mut any = false;
    let mut puzzle = false;
    for &b in letters {
        any = true;
        puzzle |= b == b'S' || b.is_ascii_lowercase();
    }
    match (any, puzzle) {
        (false, _) => None,
        (true, true) => Some(SourceKind::Puzzle),
        (true, false) => Some(SourceKind::Solution),
    }
}

impl SourceFile {
    /// Read a puzzle or solution source file (which one is decided by the grid: `S` or lower-case
    /// letters make a puzzle).
    pub fn parse(bytes: &[u8]) -> Result<Parsed<SourceFile>, MacPolyError> {
        let lines = split_lines(bytes);
        if lines.is_empty() {
            return Err(MacPolyError::Empty);
        }
        let mut warnings = Vec::new();
        let after_name = &lines[1..];
        // Only a puzzle has `S` or lower-case letters (its message line may too, which is fine).
        let is_puzzle =
            after_name.iter().any(|l| l.text.iter().any(|&b| b == b'S' || b.is_ascii_lowercase()));
        let kind = if is_puzzle { SourceKind::Puzzle } else { SourceKind::Solution };
        let mut message_line = false;
        if kind == SourceKind::Puzzle {
            let second = after_name.first().map(|l| l.text.as_slice()).unwrap_or(b"");
            let third = after_name.get(1).map(|l| l.text.as_slice());
            let second_is_grid = looks_like_grid_row(second) && third.is_none_or(|t| t.len() == second.len());
            if second_is_grid {
                warnings.push(Warning::at(
                    Location::line(2),
                    "line 2 is already part of the grid: the name and the congratulatory message share \
                     line 1 (as printed in the article), and pzl cannot tell where the name ends",
                ));
            } else {
                message_line = true;
            }
        }
        let file = SourceFile { kind, lines, message_line };
        for (k, line) in file.grid_lines().iter().enumerate() {
            for (c, &b) in line.text.iter().enumerate() {
                if b >= 0x80 || (b < 0x20 && b != b'\t') || b == 0x7F {
                    return Err(MacPolyError::UnknownCharacter {
                        line: file.first_grid_line() + k + 1,
                        column: c + 1,
                        byte: b,
                    });
                }
                if b != b'.'
                    && !b.is_ascii_alphabetic()
                    && !warnings.iter().any(|w: &Warning| w.message.starts_with("the grid uses"))
                {
                    warnings.push(Warning::at(
                        Location::line_column(file.first_grid_line() + k + 1, c + 1),
                        format!(
                            "the grid uses `{}` for an empty square; MacPoly's own files use `.`",
                            printable_byte(b)
                        ),
                    ));
                }
            }
        }
        if file.lines.iter().rev().skip(1).any(|l| l.end != file.lines[0].end) {
            warnings.push(Warning::new("the file mixes CR, LF and CRLF line ends"));
        }
        Ok(Parsed::with(file, warnings))
    }

    /// The bytes of the file: exactly what was read.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for line in &self.lines {
            out.extend_from_slice(&line.text);
            out.extend_from_slice(line.end.bytes());
        }
        out
    }

    /// The puzzle name (line 1), decoded from Mac Roman.
    pub fn name(&self) -> String {
        self.lines.first().map(|l| decode(&l.text)).unwrap_or_default()
    }

    /// A puzzle's congratulatory message (line 2), when it has its own line.
    pub fn message(&self) -> Option<String> {
        (self.kind == SourceKind::Puzzle && self.message_line)
            .then(|| self.lines.get(1).map(|l| decode(&l.text)))?
    }

    fn first_grid_line(&self) -> usize {
        if self.message_line { 2 } else { 1 }
    }

    /// The grid rows.
    pub fn grid_lines(&self) -> &[Line] {
        self.lines.get(self.first_grid_line()..).unwrap_or(&[])
    }

    /// The line end used by the name line (CR when the file has a single unterminated line).
    pub fn line_end(&self) -> LineEnd {
        self.lines.iter().map(|l| l.end).find(|&e| e != LineEnd::None).unwrap_or(LineEnd::Cr)
    }

    /// Every letter's squares, by lower-case letter, with the (line, column) of its first square.
    fn letters(&self) -> Result<Vec<LetterSquares>, MacPolyError> {
        let first = self.first_grid_line();
        let mut found: Vec<LetterSquares> = Vec::new();
        for (row, line) in self.grid_lines().iter().enumerate() {
            for (col, &b) in line.text.iter().enumerate() {
                if !b.is_ascii_alphabetic() || b == b'S' {
                    continue;
                }
                let (line_no, column) = (first + row + 1, col + 1);
                if self.kind == SourceKind::Solution && b.is_ascii_lowercase() {
                    return Err(MacPolyError::NotASolutionSquare { line: line_no, column, found: b as char });
                }
                if b == b's' {
                    return Err(MacPolyError::LowerS { line: line_no, column });
                }
                let letter = b.to_ascii_lowercase();
                let inside = b.is_ascii_uppercase();
                match found.iter_mut().find(|f| f.letter == letter) {
                    Some(f) => {
                        if f.inside != inside {
                            return Err(MacPolyError::InsideAndOutside {
                                line: line_no,
                                column,
                                piece: letter as char,
                            });
                        }
                        f.cells.push(Pos::new(row, col));
                    }
                    None => found.push(LetterSquares {
                        letter,
                        inside,
                        cells: vec![Pos::new(row, col)],
                        line: line_no,
                        column,
                    }),
                }
            }
        }
        for f in &found {
            let cells: Vec<(i32, i32)> = f.cells.iter().map(|p| (p.row as i32, p.col as i32)).collect();
            if !connected(&cells) {
                return Err(MacPolyError::NotConnected {
                    line: f.line,
                    column: f.column,
                    piece: f.letter as char,
                });
            }
        }
        found.sort_by_key(|f| f.letter);
        Ok(found)
    }

    fn grid_size(&self) -> (usize, usize) {
        let rows = self.grid_lines();
        (rows.iter().map(|l| l.text.len()).max().unwrap_or(0), rows.len())
    }

    /// The puzzle this file describes: the shape and the pieces.
    pub fn puzzle(&self) -> Result<Puzzle, MacPolyError> {
        let letters = self.letters()?;
        let (width, height) = self.grid_size();
        let mut shape = Grid::new(width, height, false);
        for (row, line) in self.grid_lines().iter().enumerate() {
            for (col, &b) in line.text.iter().enumerate() {
                if (b == b'S' || (b.is_ascii_uppercase() && self.kind == SourceKind::Puzzle))
                    && let Some(cell) = shape.get_mut(Pos::new(row, col))
                {
                    *cell = true;
                }
            }
        }
        if self.kind == SourceKind::Solution {
            // A solution's shape is what its pieces cover.
            for f in &letters {
                for &pos in &f.cells {
                    if let Some(cell) = shape.get_mut(pos) {
                        *cell = true;
                    }
                }
            }
        }
        // The board is the shape's bounding box: the grid's margins (where pieces wait) would only
        // make the search's bitboards wider.
        let on: Vec<Pos> = shape.positions().filter(|&p| shape.get(p).copied().unwrap_or(false)).collect();
        if on.is_empty() {
            return Err(MacPolyError::EmptyShape);
        }
        let (r0, c0) =
            (on.iter().map(|p| p.row).min().unwrap_or(0), on.iter().map(|p| p.col).min().unwrap_or(0));
        let (r1, c1) =
            (on.iter().map(|p| p.row).max().unwrap_or(0), on.iter().map(|p| p.col).max().unwrap_or(0));
        let mut cropped = Grid::new(c1 - c0 + 1, r1 - r0 + 1, false);
        for p in &on {
            if let Some(cell) = cropped.get_mut(Pos::new(p.row - r0, p.col - c0)) {
                *cell = true;
            }
        }
        let board = Board::new(cropped);
        if letters.is_empty() {
            return Err(MacPolyError::NoPieces);
        }
        let pieces = letters
            .into_iter()
            .filter_map(|f| {
                let shape = Shape::new(f.cells.iter().map(|p| (p.row as i32, p.col as i32)))?;
                Some(PuzzlePiece { letter: f.letter as char, shape, on_shape: f.inside, cells: f.cells })
            })
            .collect();
        Ok(Puzzle { name: self.name(), message: self.message(), board, pieces })
    }
}

struct LetterSquares {
    letter: u8,
    inside: bool,
    cells: Vec<Pos>,
    line: usize,
    column: usize,
}

/// One piece of a MacPoly puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzlePiece {
    /// Its letter, lower case.
    pub letter: char,
    /// Its shape, in normal form.
    pub shape: Shape,
    /// Drawn on the solution shape (upper case) rather than beside it.
    pub on_shape: bool,
    /// Where it is drawn, in grid coordinates.
    pub cells: Vec<Pos>,
}

/// A MacPoly puzzle: the shape to cover (cropped to its bounding box) and the pieces, by letter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// The name (line 1).
    pub name: String,
    /// The congratulatory message, when it has its own line.
    pub message: Option<String>,
    /// The shape to cover, cropped to its bounding box.
    pub board: Board,
    /// The pieces, by letter.
    pub pieces: Vec<PuzzlePiece>,
}

impl Puzzle {
    /// The packing problem: cover the shape with every piece.
    pub fn problem(&self, flips: bool) -> Problem {
        Problem {
            board: self.board.clone(),
            pieces: self
                .pieces
                .iter()
                .map(|p| Piece { name: p.letter.to_string(), shape: p.shape.clone() })
                .collect(),
            flips,
        }
    }

    /// A solution source file for `solution` (pieces by index into [`Puzzle::pieces`]): the name
    /// followed by ` Solution`, then the shape's bounding box with a border of `.`, pieces in upper
    /// case, every line ended with `end`.
    pub fn solution_file(&self, solution: &Solution, end: LineEnd) -> SourceFile {
        let cells: Vec<Pos> = self.board.grid().positions().filter(|&p| self.board.contains(p)).collect();
        let min_r = cells.iter().map(|p| p.row).min().unwrap_or(0);
        let max_r = cells.iter().map(|p| p.row).max().unwrap_or(0);
        let min_c = cells.iter().map(|p| p.col).min().unwrap_or(0);
        let max_c = cells.iter().map(|p| p.col).max().unwrap_or(0);
        let (w, h) = (max_c - min_c + 3, max_r - min_r + 3);
        let mut rows = vec![vec![b'.'; w]; h];
        for placement in &solution.placements {
            let Some(piece) = self.pieces.get(placement.piece) else { continue };
            for pos in &placement.cells {
                if let Some(cell) =
                    rows.get_mut(pos.row + 1 - min_r).and_then(|r| r.get_mut(pos.col + 1 - min_c))
                {
                    *cell = piece.letter.to_ascii_uppercase() as u8;
                }
            }
        }
        let end = if end == LineEnd::None { LineEnd::Cr } else { end };
        let mut name = encode(&self.name);
        name.extend_from_slice(b" Solution");
        let mut lines = vec![Line { text: name, end }];
        lines.extend(rows.into_iter().map(|text| Line { text, end }));
        SourceFile { kind: SourceKind::Solution, lines, message_line: false }
    }

    /// Read a solution file against this puzzle: its letters name the puzzle's pieces and its
    /// covered squares, moved to the shape's position, become placements. Letters the puzzle lacks
    /// are reported.
    pub fn read_solution(&self, file: &SourceFile) -> Result<(Solution, Vec<String>), MacPolyError> {
        let letters = file.letters()?;
        let mut problems = Vec::new();
        let shape: Vec<Pos> = self.board.grid().positions().filter(|&p| self.board.contains(p)).collect();
        let covered: Vec<Pos> = letters.iter().flat_map(|l| l.cells.iter().copied()).collect();
        let min = |cells: &[Pos]| {
            (cells.iter().map(|p| p.row).min().unwrap_or(0), cells.iter().map(|p| p.col).min().unwrap_or(0))
        };
        let ((sr, sc), (cr, cc)) = (min(&shape), min(&covered));
        let mut placements = Vec::new();
        for l in &letters {
            let Some(piece) = self.pieces.iter().position(|p| p.letter as u8 == l.letter) else {
                problems.push(format!("the solution has a piece `{}` the puzzle does not", l.letter as char));
                continue;
            };
            let mut cells: Vec<Pos> = l
                .cells
                .iter()
                .filter_map(|p| {
                    let r = (p.row + sr).checked_sub(cr)?;
                    let c = (p.col + sc).checked_sub(cc)?;
                    Some(Pos::new(r, c))
                })
                .collect();
            cells.sort();
            placements.push(Placement { piece, cells });
        }
        placements.sort();
        Ok((Solution { placements }, problems))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIG6: &str = "6 x 6 Square\rCongratulations! Puzzle by David Levner.\r\
        ..................\r.a.a..SSSSSS..b.b.\r.aaaa.SSSSSS.bbbb.\r.aaa..SSSSSS..bbb.\r\
        ......SSSSSS......\r.c.c..SSSSSS..d.d.\r.cccc.SSSSSS.dddd.\r.ccc..........ddd.\r\
        ..................\r";

    #[test]
    fn the_articles_puzzle_reads_and_round_trips() {
        let parsed = SourceFile::parse(FIG6.as_bytes()).unwrap();
        assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
        let file = parsed.value;
        assert_eq!(file.kind, SourceKind::Puzzle);
        assert_eq!(file.name(), "6 x 6 Square");
        assert_eq!(file.message().as_deref(), Some("Congratulations! Puzzle by David Levner."));
        assert_eq!(file.to_bytes(), FIG6.as_bytes());
        let puzzle = file.puzzle().unwrap();
        assert_eq!(puzzle.board.area(), 36);
        assert_eq!(puzzle.pieces.len(), 4);
        assert!(puzzle.pieces.iter().all(|p| p.shape.len() == 9 && !p.on_shape));
        assert!(looks_like_puzzle(FIG6.as_bytes()));
    }

    #[test]
    fn a_solved_puzzle_writes_a_checkable_solution() {
        let puzzle = SourceFile::parse(FIG6.as_bytes()).unwrap().value.puzzle().unwrap();
        let problem = puzzle.problem(true);
        let solution = problem.first().unwrap();
        let file = puzzle.solution_file(&solution, LineEnd::Lf);
        let bytes = file.to_bytes();
        assert!(looks_like_solution(&bytes));
        let again = SourceFile::parse(&bytes).unwrap().value;
        assert_eq!(again.kind, SourceKind::Solution);
        assert_eq!(again.name(), "6 x 6 Square Solution");
        let (read, problems) = puzzle.read_solution(&again).unwrap();
        assert!(problems.is_empty());
        assert!(problem.verify(&read).is_empty());
        assert!(puzzle.problem(false).first().is_none());
    }

    #[test]
    fn the_articles_solution_is_valid() {
        let fig4 = "6 x 6 Square Solution\n........\n.AAABBB.\n.AABBBB.\n.AAABDB.\n.CACDDD.\n.CCCCDD.\n.CCCDDD.\n........\n";
        let file = SourceFile::parse(fig4.as_bytes()).unwrap().value;
        assert_eq!(file.kind, SourceKind::Solution);
        assert_eq!(file.to_bytes(), fig4.as_bytes());
        let puzzle = SourceFile::parse(FIG6.as_bytes()).unwrap().value.puzzle().unwrap();
        let (solution, problems) = puzzle.read_solution(&file).unwrap();
        assert!(problems.is_empty());
        assert!(puzzle.problem(true).verify(&solution).is_empty());
        // B and D are flipped in the article's solution.
        assert!(!puzzle.problem(false).verify(&solution).is_empty());
    }

    #[test]
    fn the_one_line_form_warns() {
        let text = "6 x 6 Square Congratulations!\n....\n.SS.\n.a..\n";
        let parsed = SourceFile::parse(text.as_bytes()).unwrap();
        assert_eq!(parsed.warnings.len(), 1);
        assert_eq!(parsed.value.message(), None);
        assert_eq!(parsed.value.to_bytes(), text.as_bytes());
    }

    #[test]
    fn bad_grids_name_line_and_column() {
        let err = |t: &str| SourceFile::parse(t.as_bytes()).and_then(|p| p.value.puzzle()).unwrap_err();
        assert_eq!(err("n\nm\n.SS.\n.a.a\n"), MacPolyError::NotConnected { line: 4, column: 2, piece: 'a' });
        assert_eq!(
            err("n\nm\n.SA.\n.a..\n"),
            MacPolyError::InsideAndOutside { line: 4, column: 2, piece: 'a' }
        );
        assert_eq!(err("n\nm\n.SS.\n.s..\n"), MacPolyError::LowerS { line: 4, column: 2 });
        assert_eq!(err("n\nm\n.S\u{1}.\n"), MacPolyError::UnknownCharacter { line: 3, column: 3, byte: 1 });
        assert_eq!(err("n\nm\n.a..\n"), MacPolyError::EmptyShape);
        assert_eq!(SourceFile::parse(b"").unwrap_err(), MacPolyError::Empty);
    }

    #[test]
    fn mac_roman_names_decode() {
        let file = SourceFile::parse(b"Caf\x8e\r\xa5 msg\r.SS.\r.aa.\r").unwrap().value;
        assert_eq!(file.name(), "Café");
        assert_eq!(file.message().as_deref(), Some("• msg"));
        assert_eq!(encode("Café"), b"Caf\x8e");
    }
}
