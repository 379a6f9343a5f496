//! The plain text grid (`.masyu`, and the `.txt` puzzles of the shared corpus): a `W H` line
//! (width first), then H lines of W characters, `.` empty, `W` white pearl, `B` black pearl.
//! It holds pearls only.

use super::{read_char_grid, second_line, starts_with_two_numbers};
use crate::error::{ParseError, Parsed, Warning};
use crate::{Board, Cell};

/// Does `bytes` start like a text grid (`W H`, then a row of `.`, `W`, `B`)?
pub fn looks_like(bytes: &[u8]) -> bool {
    starts_with_two_numbers(bytes)
        && second_line(bytes)
            .is_some_and(|row| row.trim_end().bytes().all(|b| matches!(b, b'.' | b'W' | b'B')))
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
            warnings.push(Warning { location, message: format!("lower-case {ch:?} read as a pearl") });
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
        assert_eq!(e.location, Location::Line { line: 3, column: 2 });
        let e = read("3 2\n...\n..\n").unwrap_err();
        assert_eq!(e.location, Location::Line { line: 3, column: 3 });
        assert!(read("3 2\n...\n").unwrap_err().message.contains("expected 2 rows"));
        assert!(read("3 2\n...\n....\n").unwrap_err().message.contains("expected 3 cells"));
        assert!(read("3 1\n...\nxyz\n").unwrap_err().message.contains("only the 1 rows"));
        assert!(read("0 2\n").unwrap_err().message.contains("width from 1"));
        assert!(read("3\n").is_err());
        assert!(read("").is_err());
        assert!(read("99999999999 2\n").is_err());
    }
}
