//! The solution grid (`.sol`, the solutions of the shared corpus): a `W H` line (width first),
//! then H lines of W hex digits, each the mask of loop directions leaving the cell (R=1, U=2,
//! L=4, D=8; Simon Tatham's Pearl uses the same digits). It holds lines only: no pearls, and an
//! edge without a line is unknown, not crossed.

use super::{lines_from_masks, read_char_grid, second_line, starts_with_two_numbers};
use crate::error::{ParseError, Parsed, Warning};
use crate::{Board, Pos};

/// Does `bytes` start like a solution grid (`W H`, then a row of hex digits)?
pub fn looks_like(bytes: &[u8]) -> bool {
    // A row of nothing but `B` is a text grid of black pearls (as a mask it would be a branch).
    starts_with_two_numbers(bytes)
        && second_line(bytes).is_some_and(|row| row.trim_end().bytes().all(|b| b.is_ascii_hexdigit()))
        && !super::text::looks_like(bytes)
}

/// The upper-case hex digit of every cell's line mask, row by row.
pub fn mask_rows(board: &Board) -> Vec<String> {
    (0..board.height())
        .map(|row| {
            (0..board.width())
                .map(|col| {
                    let mask = board.line_mask(Pos::new(row, col));
                    char::from_digit(u32::from(mask), 16).unwrap_or('0').to_ascii_uppercase()
                })
                .collect()
        })
        .collect()
}

/// Read a solution grid. Lower-case digits and a line that only one of its two cells names are
/// read with a warning (the line is drawn); a line off the board is dropped with a warning.
pub fn read(text: &str) -> Result<Parsed<Board>, ParseError> {
    let grid = read_char_grid(text, "digits", |ch, location, warnings| {
        let mask = ch.to_digit(16).ok_or_else(|| {
            ParseError::new(location.clone(), format!("expected a hex digit 0–9 or A–F, found {ch:?}"))
        })?;
        if ch.is_ascii_lowercase() {
            warnings
                .push(Warning::at(location.clone(), format!("lower-case {ch:?} (pzl writes upper case)")));
        }
        Ok((mask as u8, location))
    })?;
    let Parsed { value: masks, mut warnings } = grid;
    let mut board = Board::new(masks.width(), masks.height());
    lines_from_masks(&mut board, &masks, &mut warnings);
    Ok(Parsed { value: board, warnings })
}

/// Write the solution grid of `board`'s lines.
pub fn write(board: &Board) -> String {
    let mut out = format!("{} {}\n", board.width(), board.height());
    for row in mask_rows(board) {
        out.push_str(&row);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EdgeState;
    use crate::error::Location;

    const LADYBUG: &str = "4 4\n0000\n095C\n0A0A\n0356\n";

    #[test]
    fn the_ladybug_solution_round_trips() {
        let parsed = read(LADYBUG).unwrap();
        assert!(parsed.warnings.is_empty());
        assert_eq!(parsed.value.line_count(), 8);
        assert_eq!(crate::tootsweet::write_board(&parsed.value), "ww:gq");
        assert_eq!(write(&parsed.value), LADYBUG);
    }

    #[test]
    fn one_sided_and_outward_lines_are_warnings() {
        let parsed = read("2 1\n14\n").unwrap();
        assert!(parsed.warnings.is_empty());
        let parsed = read("2 1\n10\n").unwrap();
        assert_eq!(parsed.warnings.len(), 1);
        assert_eq!(parsed.value.edge_by_number(0), EdgeState::Line);
        let parsed = read("2 1\n2a\n").unwrap();
        assert_eq!(parsed.value.line_count(), 0);
        assert_eq!(parsed.warnings.len(), 4, "{:?}", parsed.warnings);
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(read("2 1\n1G\n").unwrap_err().location, Location::line_column(2, 2));
        assert!(read("2 2\n14\n").unwrap_err().message.contains("expected 2 rows"));
        assert!(read("2 1\n145\n").unwrap_err().message.contains("expected 2 digits"));
    }
}
