//! TootSweet Masyu's encodings (seed `000`): the puzzle string `W:H:letters`, the board string
//! `HH…:VV…` of drawn lines, and the `.tootsweet` text file that holds one of each.
//!
//! Both strings use the base-64 alphabet `A–Z a–z 0–9 + /` (value = index). A puzzle letter packs
//! three cells as reversed (least significant first) base-4 digits: 0 and 3 blank, 1 white,
//! 2 black. A board letter packs six edges as reversed base-2 digits, 1 = line: first the
//! horizontal edges (H rows of W−1, row-major), then the vertical ones (H−1 rows of W).

use crate::error::{Location, ParseError, Parsed, Warning};
use crate::{Board, Cell, EdgeState};
use pzl_grid::Grid;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The largest width or height accepted, far above any real puzzle; it keeps hostile input from
/// asking for gigabytes.
pub const MAX_SIDE: usize = 1000;

fn value_of(byte: u8) -> Option<u8> {
    match byte {
        b'A'..=b'Z' => Some(byte - b'A'),
        b'a'..=b'z' => Some(byte - b'a' + 26),
        b'0'..=b'9' => Some(byte - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Number of letters a `width` × `height` puzzle string has.
pub fn puzzle_letters(width: usize, height: usize) -> usize {
    (width * height).div_ceil(3)
}

/// Number of letters of the horizontal and the vertical half of a board string.
pub fn board_letters(width: usize, height: usize) -> (usize, usize) {
    let index = pzl_grid::EdgeIndex::new(width, height);
    (index.horizontal_count().div_ceil(6), index.vertical_count().div_ceil(6))
}

/// Does `text` start like a puzzle string (`digits:digits:`)? The letters are not looked at, so
/// a damaged string is still recognised and its reader can say where the damage is.
pub fn looks_like_puzzle(text: &[u8]) -> bool {
    let line = text.split(|&b| b == b'\n').next().unwrap_or_default();
    let mut parts = line.splitn(3, |&b| b == b':');
    let (Some(w), Some(h), Some(_letters)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let digits = |s: &[u8]| !s.is_empty() && s.len() <= 6 && s.iter().all(u8::is_ascii_digit);
    digits(w) && digits(h)
}

fn parse_side(text: &str, offset: usize, what: &str) -> Result<usize, ParseError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::at_offset(
            offset,
            format!("expected the {what} as a decimal number, found {text:?}"),
        ));
    }
    match text.parse::<usize>() {
        Ok(n) if (1..=MAX_SIDE).contains(&n) => Ok(n),
        _ => Err(ParseError::at_offset(
            offset,
            format!("expected a {what} from 1 to {MAX_SIDE}, found {text}"),
        )),
    }
}

/// Read a puzzle string `W:H:letters` into a board with every edge unknown.
///
/// Lenient: a digit 3 (blank, as the app reads it), a pearl in the padding past W×H cells, and
/// extra letters are warnings. Too few letters, or a character outside the alphabet, is an error.
pub fn parse_puzzle(text: &str) -> Result<Parsed<Board>, ParseError> {
    let mut parts = text.splitn(3, ':');
    let (Some(w), Some(h), Some(letters)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(ParseError::at_offset(
            0,
            "expected a TootSweet puzzle string `W:H:letters`, e.g. `4:4:AgAQAA`",
        ));
    };
    let width = parse_side(w, 0, "width")?;
    let height = parse_side(h, w.len() + 1, "height")?;
    let start = w.len() + h.len() + 2;
    let expected = puzzle_letters(width, height);
    let mut warnings = Vec::new();
    let mut cells = Vec::with_capacity(expected * 3);
    for (i, ch) in letters.char_indices() {
        let offset = start + i;
        let value = u8::try_from(ch).ok().and_then(value_of).filter(|&v| v < 52).ok_or_else(|| {
            ParseError::at_offset(offset, format!("expected a letter A–Z or a–z, found {ch:?}"))
        })?;
        for digit_index in 0..3 {
            let cell_index = cells.len();
            let digit = (value >> (2 * digit_index)) & 3;
            let cell = match digit {
                1 => Cell::White,
                2 => Cell::Black,
                _ => Cell::Empty,
            };
            if digit == 3 {
                warnings.push(Warning::at(
                    Location::Offset(offset),
                    format!("cell {} uses digit 3, read as blank (pzl writes 0)", cell_index + 1),
                ));
            }
            if cell_index >= width * height && cell != Cell::Empty {
                warnings.push(Warning::at(
                    Location::Offset(offset),
                    format!("a pearl past the {width}×{height} cells is ignored"),
                ));
            }
            cells.push(cell);
        }
    }
    let found = letters.chars().count();
    if found < expected {
        return Err(ParseError::at_offset(
            start + letters.len(),
            format!("expected {expected} letters for a {width}×{height} puzzle, found {found}"),
        ));
    }
    if found > expected {
        warnings.push(Warning::at(
            Location::Offset(start + expected),
            format!(
                "{} letters past the {expected} a {width}×{height} puzzle needs are ignored",
                found - expected
            ),
        ));
    }
    cells.truncate(width * height);
    let grid = Grid::from_cells(width, height, cells)
        .ok_or_else(|| ParseError::new(Location::Whole, "cell count does not match the size"))?;
    Ok(Parsed { value: Board::from_cells(grid), warnings })
}

/// Write the puzzle string of `board` (its pearls; edges are not part of it).
pub fn write_puzzle(board: &Board) -> String {
    let (width, height) = (board.width(), board.height());
    let mut out = format!("{width}:{height}:");
    let cells = board.cells().cells();
    for chunk in cells.chunks(3) {
        let mut value = 0u8;
        for (k, cell) in chunk.iter().enumerate() {
            let digit = match cell {
                Cell::Empty => 0,
                Cell::White => 1,
                Cell::Black => 2,
            };
            value |= digit << (2 * k);
        }
        out.push(ALPHABET[value as usize] as char);
    }
    out
}

/// Read a board string for a `width` × `height` puzzle: the edges it marks become lines, the rest
/// stay unknown (TootSweet stores no crosses). Bits past the last edge must be 0 (warning).
pub fn parse_board(text: &str, width: usize, height: usize) -> Result<Parsed<Vec<EdgeState>>, ParseError> {
    let (h_letters, v_letters) = board_letters(width, height);
    let Some((horizontal, vertical)) = text.split_once(':') else {
        return Err(ParseError::at_offset(
            0,
            "expected a TootSweet board string `HH:VV` (two halves split by `:`)",
        ));
    };
    let index = pzl_grid::EdgeIndex::new(width, height);
    let mut edges = vec![EdgeState::Unknown; index.count()];
    let mut warnings = Vec::new();
    let halves = [
        (horizontal, 0usize, h_letters, 0usize, index.horizontal_count(), "horizontal"),
        (
            vertical,
            horizontal.len() + 1,
            v_letters,
            index.horizontal_count(),
            index.vertical_count(),
            "vertical",
        ),
    ];
    for (half, start, expected, first_edge, edge_count, what) in halves {
        let found = half.chars().count();
        if found != expected {
            return Err(ParseError::at_offset(
                start,
                format!(
                    "expected {expected} letters of {what} edges for a {width}×{height} board, found {found}"
                ),
            ));
        }
        for (i, ch) in half.char_indices() {
            let value = u8::try_from(ch).ok().and_then(value_of).ok_or_else(|| {
                ParseError::at_offset(
                    start + i,
                    format!("expected a board letter (A–Z a–z 0–9 + /), found {ch:?}"),
                )
            })?;
            let letter = i; // ASCII only past this point, so byte index = letter index
            for bit in 0..6 {
                if value & (1 << bit) == 0 {
                    continue;
                }
                let k = letter * 6 + bit;
                if k < edge_count {
                    edges[first_edge + k] = EdgeState::Line;
                } else {
                    warnings.push(Warning::at(
                        Location::Offset(start + i),
                        format!("a line past the last {what} edge is ignored"),
                    ));
                }
            }
        }
    }
    if text.contains(char::is_whitespace) {
        return Err(ParseError::at_offset(0, "a board string has no spaces"));
    }
    Ok(Parsed { value: edges, warnings })
}

/// Write the board string of `board`: its lines (crosses and unknown edges are both 0).
pub fn write_board(board: &Board) -> String {
    let index = board.edge_index();
    let states = board.edge_states();
    let (h, v) = states.split_at(index.horizontal_count());
    let mut out = String::new();
    for (n, half) in [h, v].into_iter().enumerate() {
        if n == 1 {
            out.push(':');
        }
        for chunk in half.chunks(6) {
            let value = chunk
                .iter()
                .enumerate()
                .filter(|&(_, &s)| s == EdgeState::Line)
                .fold(0u8, |acc, (bit, _)| acc | (1 << bit));
            out.push(ALPHABET[value as usize] as char);
        }
    }
    out
}

/// Read a `.tootsweet` file: the puzzle string on line 1 and, optionally, the board string on
/// line 2. Lines end in LF (CRLF is read, with a warning). Errors give line and column.
pub fn parse_file(text: &str) -> Result<Parsed<Board>, ParseError> {
    let mut warnings = Vec::new();
    if text.contains('\r') {
        warnings.push(Warning::at(Location::Whole, "CR line ends read; pzl writes LF"));
    }
    let lines: Vec<&str> = text.lines().collect();
    let at_line = |line: usize, e: ParseError| match e.location {
        Location::Offset(o) => ParseError::at_line(line, o + 1, e.message),
        _ => ParseError::at_line(line, 1, e.message),
    };
    let relocate = |line: usize, w: Warning| match w.at {
        Some(Location::Offset(o)) => Warning::at(Location::line_column(line, o + 1), w.message),
        _ => w,
    };
    let Some(first) = lines.first() else {
        return Err(ParseError::at_line(
            1,
            1,
            "expected a TootSweet puzzle string on line 1, found an empty file",
        ));
    };
    let puzzle = parse_puzzle(first.trim_end()).map_err(|e| at_line(1, e))?;
    warnings.extend(puzzle.warnings.into_iter().map(|w| relocate(1, w)));
    let mut board = puzzle.value;
    if let Some(second) = lines.get(1).map(|l| l.trim_end()).filter(|l| !l.is_empty()) {
        let edges = parse_board(second, board.width(), board.height()).map_err(|e| at_line(2, e))?;
        warnings.extend(edges.warnings.into_iter().map(|w| relocate(2, w)));
        for (n, state) in edges.value.into_iter().enumerate() {
            board.set_edge_by_number(n, state);
        }
    }
    if let Some((extra, _)) = lines.iter().enumerate().skip(2).find(|(_, l)| !l.trim().is_empty()) {
        return Err(ParseError::at_line(
            extra + 1,
            1,
            "expected at most two lines (puzzle string, board string)",
        ));
    }
    if !text.is_empty() && !text.ends_with('\n') {
        warnings.push(Warning::new("no line end after the last line"));
    }
    Ok(Parsed { value: board, warnings })
}

/// Write a `.tootsweet` file: the puzzle string, and the board string when any line is drawn.
pub fn write_file(board: &Board) -> String {
    let mut out = write_puzzle(board);
    out.push('\n');
    if board.line_count() > 0 {
        out.push_str(&write_board(board));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use pzl_grid::Pos;

    fn rows(board: &Board) -> Vec<String> {
        board
            .cells()
            .rows()
            .map(|r| {
                r.iter()
                    .map(|c| match c {
                        Cell::Empty => '.',
                        Cell::White => 'W',
                        Cell::Black => 'B',
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_seed_examples_decode_as_the_seed_says() {
        let ladybug = parse_puzzle("4:4:AgAQAA").unwrap();
        assert!(ladybug.warnings.is_empty());
        assert_eq!(rows(&ladybug.value), ["....", ".B..", "...W", "...."]);
        assert_eq!(rows(&parse_puzzle("4:4:CCQQQA").unwrap().value), ["B..B", "....", "W..W", "..W."]);
        assert_eq!(rows(&parse_puzzle("4:4:gAAECA").unwrap().value), ["..B.", "....", "..W.", "B..."]);
    }

    #[test]
    fn the_seed_letter_table_holds() {
        // S = 18 = 102 in base 4, reversed 201: black, blank, white.
        let s = parse_puzzle("3:1:S").unwrap().value;
        assert_eq!(rows(&s), ["B.W"]);
        // X = 23 = 113 in base 4, reversed 311: blank (digit 3), white, white.
        let x = parse_puzzle("3:1:X").unwrap();
        assert_eq!(rows(&x.value), [".WW"]);
        assert_eq!(x.warnings.len(), 1);
        // B = white in the top-left corner; ABAAAA moves it three cells right.
        assert_eq!(rows(&parse_puzzle("4:4:ABAAAA").unwrap().value)[0], "...W");
    }

    #[test]
    fn ladybug_board_is_the_3x3_loop() {
        let mut board = parse_puzzle("4:4:AgAQAA").unwrap().value;
        let edges = parse_board("ww:gq", 4, 4).unwrap();
        assert!(edges.warnings.is_empty());
        for (n, s) in edges.value.into_iter().enumerate() {
            board.set_edge_by_number(n, s);
        }
        let masks: Vec<String> = (0..4)
            .map(|r| (0..4).map(|c| format!("{:X}", board.line_mask(Pos::new(r, c)))).collect())
            .collect();
        assert_eq!(masks, ["0000", "095C", "0A0A", "0356"]);
        assert_eq!(write_board(&board), "ww:gq");
    }

    #[test]
    fn aphid_board_is_two_vertical_lines() {
        let edges = parse_board("AA:IC", 4, 4).unwrap().value;
        let lines: Vec<usize> =
            edges.iter().enumerate().filter(|&(_, &s)| s == EdgeState::Line).map(|(n, _)| n).collect();
        // vertical edges (0,3)-(1,3) and (1,3)-(2,3): vertical numbers 3 and 7, after 12 horizontal.
        assert_eq!(lines, [15, 19]);
    }

    #[test]
    fn bad_input_says_where() {
        let e = parse_puzzle("4:4:Ag!QAA").unwrap_err();
        assert_eq!(e.location, Location::Offset(6));
        assert!(parse_puzzle("4:4:AgAQA").unwrap_err().message.contains("expected 6 letters"));
        assert!(parse_puzzle("0:4:").unwrap_err().message.contains("width"));
        assert!(parse_puzzle("4x4:AAAAAA").is_err());
        assert!(parse_puzzle("4:4:AgAQA0").is_err());
        assert!(parse_board("ww:g", 4, 4).unwrap_err().message.contains("expected 2 letters"));
        assert!(parse_board("wwgq", 4, 4).is_err());
        let e = parse_file("4:4:AgAQAA\nww:g!\n").unwrap_err();
        assert_eq!(e.location, Location::line_column(2, 5));
    }

    #[test]
    fn files_round_trip() {
        for text in ["4:4:AgAQAA\nww:gq\n", "4:4:CCQQQA\nAA:IC\n", "4:4:gAAECA\n"] {
            let parsed = parse_file(text).unwrap();
            assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
            assert_eq!(write_file(&parsed.value), text);
        }
    }

    #[test]
    fn detection() {
        assert!(looks_like_puzzle(b"4:4:AgAQAA\nww:gq\n"));
        assert!(!looks_like_puzzle(b"4 4\n....\n"));
        assert!(!looks_like_puzzle(b"8x8:aWW"));
        assert!(looks_like_puzzle(b"4:4:Ag!QAA"), "damaged letters are the reader's to report");
    }

    fn board_strategy() -> impl Strategy<Value = Board> {
        (1usize..12, 1usize..12).prop_flat_map(|(w, h)| {
            let edges = pzl_grid::EdgeIndex::new(w, h).count();
            (proptest::collection::vec(0u8..3, w * h), proptest::collection::vec(any::<bool>(), edges))
                .prop_map(move |(cells, lines)| {
                    let cells = cells
                        .into_iter()
                        .map(|c| [Cell::Empty, Cell::White, Cell::Black][c as usize])
                        .collect();
                    let mut board = Board::from_cells(Grid::from_cells(w, h, cells).unwrap());
                    for (n, line) in lines.into_iter().enumerate() {
                        if line {
                            board.set_edge_by_number(n, EdgeState::Line);
                        }
                    }
                    board
                })
        })
    }

    proptest! {
        #[test]
        fn write_then_read_gives_the_board(board in board_strategy()) {
            let text = write_file(&board);
            let parsed = parse_file(&text).unwrap();
            prop_assert!(parsed.warnings.is_empty());
            prop_assert_eq!(&parsed.value, &board);
            prop_assert_eq!(write_file(&parsed.value), text);
        }

        #[test]
        fn no_input_panics(text in "\\PC{0,40}") {
            let _ = parse_file(&text);
            let _ = parse_puzzle(&text);
            let _ = parse_board(&text, 4, 4);
        }
    }
}
