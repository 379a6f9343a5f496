//! The plain text grid (`.masyu`, and the `.txt` puzzles of the shared corpus): a `W H` line
//! (width first), then H lines of W characters, `.` empty, `W` white pearl, `B` black pearl.
//! It holds pearls only.

use super::{read_char_grid, second_line, starts_with_two_numbers};
use crate::error::{ParseError, Parsed, Warning};
use crate::{Board, Cell};

/// Does `bytes` start like a text grid: a `W H` line, then rows of `.`, `W`, `B`? A grid with a
/// typo (`..X.`) still counts when at least half of the first rows' characters are `.` or `W`
/// (which no `sol` row holds), so its reader, not another format's, says what is wrong.
pub fn looks_like(bytes: &[u8]) -> bool {
    if !starts_with_two_numbers(bytes) || super::janko::looks_like(bytes) {
        return false;
    }
    let Some(first) = second_line(bytes) else { return false };
    let pearl = |b: u8| matches!(b, b'.' | b'W' | b'B');
    if first.trim_end().bytes().all(pearl) {
        return true;
    }
    let rows = super::first_rows(bytes, 16);
    if rows.iter().any(|row| row.contains(char::is_whitespace)) {
        return false;
    }
    let total: usize = rows.iter().map(|row| row.len()).sum();
    let telling =
        rows.iter().flat_map(|row| row.bytes()).filter(|&b| matches!(b, b'.' | b'W' | b'w')).count();
    total > 0 && telling * 2 >= total
}

/// The character of a cell in the grid.
pub fn cell_char(cell: Cell) -> char {
    match cell {
        Cell::Empty => '.',
        Cell::White => 'W',
        Cell::Black => 'B',
    }
}

/// Read a text grid. Lower-case `w`/`b` and trailing spaces are read with a warning.
pub fn read(text: &str) -> Result<Parsed<Board>, ParseError> {
    let grid = read_char_grid(text, "cells", |ch, location, warnings| match ch {
        '.' => Ok(Cell::Empty),
        'W' => Ok(Cell::White),
        'B' => Ok(Cell::Black),
        'w' | 'b' => {
            warnings.push(Warning::at(location, format!("lower-case {ch:?} read as a pearl")));
            Ok(if ch == 'w' { Cell::White } else { Cell::Black })
        }
        _ => Err(ParseError::new(location, format!("expected `.`, `W` or `B`, found {ch:?}"))),
    })?;
    Ok(Parsed { value: Board::from_cells(grid.value), warnings: grid.warnings })
}

/// Write the text grid of `board`'s pearls.
pub fn write(board: &Board) -> String {
    let mut out = format!("{} {}\n", board.width(), board.height());
    for row in board.cells().rows() {
        out.extend(row.iter().map(|&c| cell_char(c)));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Location;

    const PZPRJS_TEST: &str = "6 6\n..W...\n.B..W.\n......\n...B..\n.W....\n......\n";

    #[test]
    fn a_grid_round_trips() {
        let parsed = read(PZPRJS_TEST).unwrap();
        assert!(parsed.warnings.is_empty());
        assert_eq!(parsed.value.pearl_counts(), (3, 2));
        assert_eq!(parsed.value.cell(crate::Pos::new(1, 1)), Cell::Black);
        assert_eq!(write(&parsed.value), PZPRJS_TEST);
    }

    #[test]
    fn oddities_are_warnings() {
        let parsed = read("3 1\r\n.wB  \r\n\r\n").unwrap();
        assert_eq!(write(&parsed.value), "3 1\n.WB\n");
        assert_eq!(parsed.warnings.len(), 4, "{:?}", parsed.warnings);
    }

    #[test]
    fn errors_say_where() {
        let e = read("3 2\n...\n.X.\n").unwrap_err();
        assert_eq!(e.location, Location::line_column(3, 2));
        let e = read("3 2\n...\n..\n").unwrap_err();
        assert_eq!(e.location, Location::line_column(3, 3));
        assert!(read("3 2\n...\n").unwrap_err().message.contains("expected 2 rows"));
        assert!(read("3 2\n...\n....\n").unwrap_err().message.contains("expected 3 cells"));
        assert!(read("3 1\n...\nxyz\n").unwrap_err().message.contains("only the 1 rows"));
        assert!(read("0 2\n").unwrap_err().message.contains("width from 1"));
        assert!(read("3\n").is_err());
        assert!(read("").is_err());
        assert!(read("99999999999 2\n").is_err());
    }
}
