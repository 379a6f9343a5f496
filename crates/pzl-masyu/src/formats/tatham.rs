//! Simon Tatham's Pearl: the game id `WxH[params]:desc` (e.g. `8x8dt:aWWcW…`) and its solution
//! string. The description is run-length: `a`–`z` are 1–26 empty cells, `B` a black (corner)
//! pearl, `W` a white (straight) pearl. The solution (Pearl's `aux`) is one hex digit per cell,
//! the mask of lines leaving it (R=1, U=2, L=4, D=8).
//!
//! A file of this format holds the game id on line 1 and, optionally, the solution string on
//! line 2. The difficulty parameters after the size (`dt`, `de`, `n`) say how Pearl generated
//! the puzzle, not what it is: they are read and not kept. pzl writes `WxH:desc`.

use crate::error::{Location, ParseError, Parsed, Warning};
use crate::{Board, Cell};
use pzl_grid::Grid;

/// Does the first line look like a Pearl game id (`WxH…:` followed by run letters and pearls)?
pub fn looks_like(bytes: &[u8]) -> bool {
    let line = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let Some(colon) = line.iter().position(|&b| b == b':') else { return false };
    let (head, desc) = (&line[..colon], &line[colon + 1..]);
    let Some(x) = head.iter().position(|&b| b == b'x') else { return false };
    let w = &head[..x];
    let rest = &head[x + 1..];
    let h_len = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    !w.is_empty()
        && w.iter().all(u8::is_ascii_digit)
        && h_len > 0
        && rest[h_len..].iter().all(u8::is_ascii_alphabetic)
        && desc.iter().all(|b| b.is_ascii_lowercase() || *b == b'B' || *b == b'W')
}

/// Read a game id (`WxH[params]:desc`) into a board with every edge unknown.
pub fn read_id(text: &str) -> Result<Parsed<Board>, ParseError> {
    if let Some(hash) = text.find('#').filter(|&h| !text[..h].contains(':')) {
        return Err(ParseError::at_offset(
            hash,
            "a random-seed id (`WxH#seed`) names a puzzle only Pearl's generator can rebuild; use the game id `WxH:desc`",
        ));
    }
    let Some((head, desc)) = text.split_once(':') else {
        return Err(ParseError::at_offset(0, "expected a Pearl game id `WxH:desc`, e.g. `6x6:bWdBbWjBcWj`"));
    };
    let Some((w, rest)) = head.split_once('x') else {
        return Err(ParseError::at_offset(0, "expected the size `WxH` before `:`"));
    };
    let width = super::side(w, Location::Offset(0), "width")?;
    let h_len = rest.bytes().take_while(u8::is_ascii_digit).count();
    let height = super::side(&rest[..h_len], Location::Offset(w.len() + 1), "height")?;
    let params = &rest[h_len..];
    if let Some((i, ch)) = params.char_indices().find(|(_, c)| !c.is_ascii_alphanumeric()) {
        return Err(ParseError::at_offset(
            w.len() + 1 + h_len + i,
            format!("unexpected {ch:?} in the parameters"),
        ));
    }
    let start = head.len() + 1;
    let total = width * height;
    let mut cells = Vec::with_capacity(total);
    for (i, ch) in desc.char_indices() {
        let offset = start + i;
        let (cell, run) = match ch {
            'a'..='z' => (Cell::Empty, (ch as usize) - ('a' as usize) + 1),
            'B' => (Cell::Black, 1),
            'W' => (Cell::White, 1),
            _ => {
                return Err(ParseError::at_offset(
                    offset,
                    format!("expected a run letter a–z, `B` or `W`, found {ch:?}"),
                ));
            }
        };
        if cells.len() + run > total {
            return Err(ParseError::at_offset(
                offset,
                format!("the description runs past the {width}×{height} cells"),
            ));
        }
        cells.extend(std::iter::repeat_n(cell, run));
    }
    if cells.len() < total {
        return Err(ParseError::at_offset(
            text.len(),
            format!("the description covers {} of the {total} cells", cells.len()),
        ));
    }
    let grid = Grid::from_cells(width, height, cells)
        .ok_or_else(|| ParseError::new(Location::Whole, "cell count does not match the size"))?;
    Ok(Parsed::clean(Board::from_cells(grid)))
}

/// The game id `WxH:desc` of `board`'s pearls.
pub fn write_id(board: &Board) -> String {
    let mut out = format!("{}x{}:", board.width(), board.height());
    let mut run = 0usize;
    let flush = |out: &mut String, run: &mut usize| {
        while *run > 0 {
            let this = (*run).min(26);
            out.push((b'a' + (this - 1) as u8) as char);
            *run -= this;
        }
    };
    for &cell in board.cells().cells() {
        match cell {
            Cell::Empty => run += 1,
            Cell::White | Cell::Black => {
                flush(&mut out, &mut run);
                out.push(if cell == Cell::White { 'W' } else { 'B' });
            }
        }
    }
    flush(&mut out, &mut run);
    out
}

/// The solution string of `board`'s lines: one hex digit per cell, row-major.
pub fn write_solution(board: &Board) -> String {
    super::sol::mask_rows(board).concat()
}

/// Read a solution string for `board` (W×H hex digits) and draw its lines onto it.
pub fn read_solution(text: &str, board: &mut Board, line: usize) -> Result<Vec<Warning>, ParseError> {
    let (width, height) = (board.width(), board.height());
    let mut masks = Vec::with_capacity(width * height);
    for (i, ch) in text.char_indices() {
        let location = Location::line_column(line, i + 1);
        let mask = ch.to_digit(16).ok_or_else(|| {
            ParseError::new(location.clone(), format!("expected a hex digit 0–9 or A–F, found {ch:?}"))
        })?;
        masks.push((mask as u8, location));
    }
    if masks.len() != width * height {
        return Err(ParseError::at_line(
            line,
            1,
            format!(
                "expected {} hex digits for a {width}×{height} solution, found {}",
                width * height,
                masks.len()
            ),
        ));
    }
    let mut warnings = Vec::new();
    if text.bytes().any(|b| b.is_ascii_lowercase()) {
        warnings.push(Warning::at(
            Location::line_column(line, 1),
            "lower-case hex digits (pzl writes upper case)",
        ));
    }
    let masks = Grid::from_cells(width, height, masks)
        .ok_or_else(|| ParseError::new(Location::Whole, "cell count does not match the size"))?;
    super::lines_from_masks(board, &masks, &mut warnings);
    Ok(warnings)
}

/// Read a Pearl file: the game id on line 1 and, optionally, the solution string on line 2.
pub fn read(text: &str) -> Result<Parsed<Board>, ParseError> {
    let mut warnings = Vec::new();
    let lines = super::lines_of(text, &mut warnings);
    let Some(&(_, first)) = lines.first() else {
        return Err(ParseError::at_line(1, 1, "expected a Pearl game id on line 1, found an empty file"));
    };
    let first = first.trim_end();
    let mut board = read_id(first)
        .map_err(|e| match e.location {
            Location::Offset(o) => ParseError::at_line(1, o + 1, e.message),
            _ => e,
        })?
        .value;
    if let Some(&(line, second)) = lines.get(1).filter(|(_, l)| !l.trim().is_empty()) {
        warnings.extend(read_solution(second.trim_end(), &mut board, line)?);
    }
    if let Some(&(line, _)) = lines.iter().skip(2).find(|(_, l)| !l.trim().is_empty()) {
        return Err(ParseError::at_line(line, 1, "expected at most two lines (game id, solution)"));
    }
    Ok(Parsed { value: board, warnings })
}

/// Write a Pearl file: the game id, and the solution string when any line is drawn.
pub fn write(board: &Board) -> String {
    let mut out = write_id(board);
    out.push('\n');
    if board.line_count() > 0 {
        out.push_str(&write_solution(board));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notes_vectors_decode_and_encode() {
        for id in [
            "6x6:bWdBbWjBcWj",
            "10x10:dBnWaBfBaWaBbWaWhBpWaWaWeBgBeWfWbWb",
            "4x4:eBeWd",
            "4x4:BbBdWbWbWa",
            "4x4:bBgWaBc",
        ] {
            let board = read_id(id).unwrap().value;
            assert_eq!(write_id(&board), id);
        }
        let board = read_id("6x6:bWdBbWjBcWj").unwrap().value;
        assert_eq!(board.pearl_counts(), (3, 2));
    }

    #[test]
    fn parameters_are_read_and_long_runs_split() {
        let a = read_id("8x8dt:aWWcWcBbBjWcWbWaBaBcWmBbBbBBc").unwrap().value;
        assert_eq!(write_id(&a), "8x8:aWWcWcBbBjWcWbWaBaBcWmBbBbBBc");
        let empty = Board::new(30, 1);
        assert_eq!(write_id(&empty), "30x1:zd");
        assert_eq!(read_id("30x1:zd").unwrap().value, empty);
    }

    #[test]
    fn a_file_with_a_solution_round_trips() {
        let text = "4x4:eBeWd\n0000095C0A0A0356\n";
        let parsed = read(text).unwrap();
        assert!(parsed.warnings.is_empty());
        assert_eq!(crate::tootsweet::write_file(&parsed.value), "4:4:AgAQAA\nww:gq\n");
        assert_eq!(write(&parsed.value), text);
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(read_id("4x4:eBeXd").unwrap_err().location, Location::Offset(7));
        assert!(read_id("4x4:eBeW").unwrap_err().message.contains("covers 12 of the 16"));
        assert!(read_id("4x4:eBeWdd").unwrap_err().message.contains("runs past"));
        assert!(read_id("8x8dt#12345").unwrap_err().message.contains("random-seed"));
        assert!(read_id("0x4:a").is_err());
        let e = read("4x4:eBeWd\n0000095C0A0A035\n").unwrap_err();
        assert!(e.message.contains("expected 16 hex digits"));
        let e = read("4x4:eBeWd\n0000095C0A0A035G\n").unwrap_err();
        assert_eq!(e.location, Location::line_column(2, 16));
    }

    #[test]
    fn detection() {
        assert!(looks_like(b"8x8dt:aWWcW"));
        assert!(looks_like(b"6x6:bWdBbWjBcWj\n955C9CA956AAAA956AA3695635CA00003600\n"));
        assert!(!looks_like(b"4:4:AgAQAA"));
        assert!(!looks_like(b"6 6\n"));
    }
}
