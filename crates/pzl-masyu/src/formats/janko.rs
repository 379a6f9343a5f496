//! janko.at Masyu text (as the puzzlekit data set stores janko.at's problems and solutions): a
//! header `R C` (rows first), then R rows of space-separated tokens. The problem form uses `-`
//! (empty), `w` (white) and `b` (black) — some files `1` and `2`; the solution form uses `-`
//! (off the loop) and the two compass directions the loop leaves a cell by: `ns`, `ew`, `ne`,
//! `nw`, `se`, `sw`.
//!
//! A file may hold the problem, the solution, or both (the problem rows, a blank line, the
//! solution rows; a repeated header before the solution is accepted). The solution form cannot
//! hold a cell with one, three or four lines, so partial boards with dead ends cannot be written.

use crate::error::{Location, ParseError, Parsed, Warning};
use crate::{Board, Cell, Pos};
use pzl_grid::{Dir, Grid};

/// The tokens that mark janko text (upper-case `W`/`B` are read too, but a row of them is the
/// text grid).
const PROBLEM_TOKENS: [&str; 3] = ["-", "w", "b"];

fn pair_mask(token: &str) -> Option<u8> {
    let bytes = token.as_bytes();
    let [a, b] = bytes else { return None };
    let bit = |c: u8| match c {
        b'n' => Some(Dir::Up.bit()),
        b's' => Some(Dir::Down.bit()),
        b'e' => Some(Dir::Right.bit()),
        b'w' => Some(Dir::Left.bit()),
        _ => None,
    };
    let (x, y) = (bit(*a)?, bit(*b)?);
    (x != y).then_some(x | y)
}

fn pair_token(mask: u8) -> Option<&'static str> {
    let (r, u, l, d) = (Dir::Right.bit(), Dir::Up.bit(), Dir::Left.bit(), Dir::Down.bit());
    match mask {
        0 => Some("-"),
        m if m == u | d => Some("ns"),
        m if m == r | l => Some("ew"),
        m if m == u | r => Some("ne"),
        m if m == u | l => Some("nw"),
        m if m == d | r => Some("se"),
        m if m == d | l => Some("sw"),
        _ => None,
    }
}

/// Does `bytes` start like janko text (`R C`, then a row of problem or solution tokens)?
pub fn looks_like(bytes: &[u8]) -> bool {
    if !super::starts_with_two_numbers(bytes) {
        return false;
    }
    let Some(row) = super::second_line(bytes) else { return false };
    let spaced = row.trim().contains(char::is_whitespace);
    row.split_whitespace().all(|t| {
        PROBLEM_TOKENS.contains(&t) || pair_mask(t).is_some() || (spaced && matches!(t, "1" | "2" | "0"))
    })
}

#[derive(PartialEq)]
enum Kind {
    Problem,
    Solution,
}

/// Read janko text: the problem, the solution, or both.
pub fn read(text: &str) -> Result<Parsed<Board>, ParseError> {
    let mut warnings = Vec::new();
    let lines = super::lines_of(text, &mut warnings);
    let mut rows = lines.iter().filter(|(_, l)| !l.trim().is_empty());
    let Some(&(header_no, header)) = rows.next() else {
        return Err(ParseError::at_line(
            1,
            1,
            "expected `R C` (rows and columns) on line 1, found an empty file",
        ));
    };
    let (height, width) = super::two_numbers(header_no, header, "number of rows", "number of columns")?;
    let rows: Vec<&(usize, &str)> = rows.collect();
    let mut board = Board::new(width, height);
    let mut seen: Option<Kind> = None;
    let mut at = 0;
    while at < rows.len() {
        if seen.is_some() {
            let &(line_no, line) = rows[at];
            if super::starts_with_two_numbers(line.as_bytes()) {
                let again = super::two_numbers(line_no, line, "number of rows", "number of columns")?;
                if again != (height, width) {
                    return Err(ParseError::at_line(
                        line_no,
                        1,
                        format!("expected the header `{height} {width}` again"),
                    ));
                }
                at += 1;
            }
        }
        let block = rows.get(at..at + height).ok_or_else(|| {
            let line = rows.last().map_or(header_no, |r| r.0) + 1;
            ParseError::at_line(line, 1, format!("expected {height} rows, found {}", rows.len() - at))
        })?;
        let solution = block.iter().any(|(_, l)| l.split_whitespace().any(|t| pair_mask(t).is_some()));
        let kind = match (&seen, solution) {
            (None, true) | (Some(Kind::Problem), _) => Kind::Solution,
            (None, false) | (Some(Kind::Solution), _) => Kind::Problem,
        };
        if seen.as_ref() == Some(&kind) || (seen.is_some() && kind == Kind::Problem && solution) {
            return Err(ParseError::at_line(block[0].0, 1, "expected at most one problem and one solution"));
        }
        let mut masks = Vec::with_capacity(width * height);
        for (row, &&(line_no, line)) in block.iter().enumerate() {
            let base = line.as_ptr() as usize;
            let mut count = 0;
            for token in line.split_whitespace() {
                let column = line[..token.as_ptr() as usize - base].chars().count() + 1;
                let location = Location::line_column(line_no, column);
                if count == width {
                    return Err(ParseError::new(
                        location,
                        format!("expected {width} cells in row {}, found more", row + 1),
                    ));
                }
                let pos = Pos::new(row, count);
                match kind {
                    Kind::Problem => {
                        let cell = match token {
                            "-" | "." | "0" => Cell::Empty,
                            "w" | "W" | "1" => Cell::White,
                            "b" | "B" | "2" => Cell::Black,
                            _ => {
                                return Err(ParseError::new(
                                    location,
                                    format!("expected `-`, `w` or `b`, found {token:?}"),
                                ));
                            }
                        };
                        board.set_cell(pos, cell);
                    }
                    Kind::Solution => {
                        let mask = if token == "-" { Some(0) } else { pair_mask(token) };
                        let mask = mask.ok_or_else(|| {
                            ParseError::new(
                                location.clone(),
                                format!("expected `-` or two of n s e w (such as `ns`), found {token:?}"),
                            )
                        })?;
                        masks.push((mask, location));
                    }
                }
                count += 1;
            }
            if count < width {
                return Err(ParseError::at_line(
                    line_no,
                    line.chars().count() + 1,
                    format!("expected {width} cells in row {}, found {count}", row + 1),
                ));
            }
        }
        if kind == Kind::Solution {
            let masks = Grid::from_cells(width, height, masks)
                .ok_or_else(|| ParseError::new(Location::Whole, "cell count does not match the size"))?;
            super::lines_from_masks(&mut board, &masks, &mut warnings);
        }
        seen = Some(kind);
        at += height;
    }
    let _ = &mut warnings as &mut Vec<Warning>;
    Ok(Parsed { value: board, warnings })
}

/// Write janko text: the problem rows when the board has pearls (or nothing at all), then the
/// solution rows when it has lines. Fails when a cell has one, three or four lines.
pub fn write(board: &Board) -> Result<String, String> {
    let (width, height) = (board.width(), board.height());
    let mut out = format!("{height} {width}\n");
    let (whites, blacks) = board.pearl_counts();
    let has_lines = board.line_count() > 0;
    let mut solution = String::new();
    if has_lines {
        for row in 0..height {
            let mut tokens = Vec::with_capacity(width);
            for col in 0..width {
                let pos = Pos::new(row, col);
                let mask = board.line_mask(pos);
                tokens.push(pair_token(mask).ok_or_else(|| {
                    format!(
                        "cell {pos} has {} lines; janko's solution form holds only cells with 0 or 2",
                        mask.count_ones()
                    )
                })?);
            }
            solution.push_str(&tokens.join(" "));
            solution.push('\n');
        }
    }
    if whites + blacks > 0 || !has_lines {
        for row in board.cells().rows() {
            let tokens: Vec<&str> = row
                .iter()
                .map(|c| match c {
                    Cell::Empty => "-",
                    Cell::White => "w",
                    Cell::Black => "b",
                })
                .collect();
            out.push_str(&tokens.join(" "));
            out.push('\n');
        }
        if has_lines {
            out.push('\n');
        }
    }
    out.push_str(&solution);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROBLEM: &str =
        "6 6\n- - - - - -\n- - - - - w\n- b - w b -\n- b w - b -\nw - - - - -\n- - - - - -\n";
    const SOLUTION: &str = "6 6\nse sw - - se sw\nns ns - - ns ns\nns ne ew ew nw ns\nns se ew ew sw ns\nns ns - - ns ns\nne nw - - ne nw\n";

    #[test]
    fn the_notes_example_reads_and_round_trips() {
        let problem = read(PROBLEM).unwrap();
        assert!(problem.warnings.is_empty());
        assert_eq!(problem.value.pearl_counts(), (4, 4));
        assert_eq!(write(&problem.value).unwrap(), PROBLEM);
        let solution = read(SOLUTION).unwrap();
        assert!(solution.warnings.is_empty(), "{:?}", solution.warnings);
        assert_eq!(solution.value.line_count(), 28);
        assert_eq!(write(&solution.value).unwrap(), SOLUTION);
        let both = problem.value.with_edges_of(&solution.value).unwrap();
        let text = write(&both).unwrap();
        assert_eq!(text, format!("{PROBLEM}\n{}", &SOLUTION[4..]));
        assert_eq!(read(&text).unwrap().value, both);
        let with_header_again = format!("{PROBLEM}{SOLUTION}");
        assert_eq!(read(&with_header_again).unwrap().value, both);
        assert!(crate::check::check(&both).is_empty());
    }

    #[test]
    fn numeric_tokens_read() {
        let a = read("2 3\n- 1 2\n2 - -\n").unwrap().value;
        let b = read("2 3\n- w b\nb - -\n").unwrap().value;
        assert_eq!(a, b);
    }

    #[test]
    fn dead_ends_cannot_be_written() {
        let mut board = Board::new(2, 1);
        board.set_edge_by_number(0, crate::EdgeState::Line);
        assert!(write(&board).unwrap_err().contains("(r1, c1) has 1 lines"));
    }

    #[test]
    fn errors_say_where() {
        let e = read("2 2\n- x\n- -\n").unwrap_err();
        assert_eq!(e.location, Location::line_column(2, 3));
        assert!(read("2 2\n- -\n").unwrap_err().message.contains("expected 2 rows"));
        assert!(read("2 2\n- -\n- - -\n").unwrap_err().message.contains("found more"));
        assert!(read("1 2\nse sw\nne nw\n").unwrap_err().message.contains("at most one"));
    }
}
