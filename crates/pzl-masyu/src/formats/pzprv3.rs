//! pzprjs's `pzprv3` file for Masyu (`mashu`): the lines `pzprv3`, `mashu`, the number of rows,
//! the number of columns (height first), then H rows of cells (`.` empty, `1` white, `2` black,
//! `-` a pearl of unknown colour), H rows of W−1 horizontal edges and H−1 rows of W vertical
//! edges (`1` line, `-1` cross, `0` unknown). Every value is followed by a space. It holds pearls,
//! lines and crosses. The one-line form pzprjs's tests use, with `/` for line ends, is read too,
//! and so is pzprjs's player or duplicate link, which carries that form percent-encoded in its
//! query (`https://puzz.link/p.html?type=player&pzprv3%2Fmashu%2F6%2F6%2F…`). The type may be
//! pzprjs's alias `pearl`; the `f` line (the "loop through every cell" variant) is read with a
//! warning, and a file that stops after its size is an empty board (warning).

use crate::error::{Location, ParseError, Parsed, Warning};
use crate::{Board, Cell, EdgeState};

/// The names of Masyu on the type line.
const TYPES: [&str; 3] = ["mashu", "masyu", "pearl"];

/// Does `bytes` start with `pzprv3` and the `mashu` type, or is it a link carrying such a file?
pub fn looks_like(bytes: &[u8]) -> bool {
    let starts = |head: &[u8]| {
        let text = String::from_utf8_lossy(&head[..head.len().min(64)]);
        let mut parts = text.split(['\n', '/']).map(|l| l.trim_end_matches('\r').trim());
        parts.next().is_some_and(|first| first.starts_with("pzprv3"))
            && parts.next().is_some_and(|kind| TYPES.contains(&kind))
    };
    if starts(bytes) {
        return true;
    }
    let Ok(text) = std::str::from_utf8(&bytes[..bytes.len().min(1 << 20)]) else { return false };
    from_link(text).is_some_and(|file| starts(file.as_bytes()))
}

/// The pzprv3 file inside a pzprjs player or duplicate link
/// (`https://puzz.link/p.html?type=player&pzprv3%2Fmashu%2F…`): the first query parameter that
/// starts with `pzprv3` once percent-decoded. `None` when `text` is not such a link.
pub fn from_link(text: &str) -> Option<String> {
    let line = text.lines().map(str::trim).find(|l| l.contains('?') && l.contains("pzprv3"))?;
    let (_, query) = line.split_once('?')?;
    let query = query.split('#').next().unwrap_or_default();
    query.split('&').map(percent_decode).find(|p| p.starts_with("pzprv3"))
}

/// Decode `%XX` escapes and `+` (a space in a query); anything else is kept as it is.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// One line of the file and where it starts.
struct Line<'a> {
    text: &'a str,
    number: usize,
    /// Byte offset of the line in the one-line `/` form.
    offset: Option<usize>,
}

impl Line<'_> {
    fn at(&self, byte: usize) -> Location {
        match self.offset {
            Some(offset) => Location::Offset(offset + byte),
            None => Location::line_column(self.number, self.text[..byte].chars().count() + 1),
        }
    }

    /// The values split by spaces, with their byte positions.
    fn tokens(&self) -> impl Iterator<Item = (usize, &str)> {
        let base = self.text.as_ptr() as usize;
        self.text.split_whitespace().map(move |t| (t.as_ptr() as usize - base, t))
    }
}

fn split_lines<'a>(text: &'a str, warnings: &mut Vec<Warning>) -> Vec<Line<'a>> {
    let first = text.split('\n').next().unwrap_or_default();
    if first.trim_end().starts_with("pzprv3/") {
        let one = first.trim_end();
        let mut offset = 0;
        let mut lines = Vec::new();
        for (i, part) in one.split('/').enumerate() {
            lines.push(Line { text: part, number: i + 1, offset: Some(offset) });
            offset += part.len() + 1;
        }
        if lines.last().is_some_and(|l| l.text.is_empty()) {
            lines.pop();
        }
        return lines;
    }
    super::lines_of(text, warnings)
        .into_iter()
        .map(|(number, text)| Line { text, number, offset: None })
        .collect()
}

/// Read a pzprv3 Masyu file. A `-` pearl (unknown colour) is read as empty with a warning; a
/// missing lines section leaves the edges unknown (warning); lines after the data are ignored.
pub fn read(text: &str) -> Result<Parsed<Board>, ParseError> {
    if !text.trim_start().starts_with("pzprv3")
        && let Some(file) = from_link(text)
    {
        return read_file(&file).map_err(|e| {
            ParseError::new(e.location, format!("in the link's pzprv3 file (decoded): {}", e.message))
        });
    }
    read_file(text)
}

fn read_file(text: &str) -> Result<Parsed<Board>, ParseError> {
    let mut warnings = Vec::new();
    let lines = split_lines(text, &mut warnings);
    let header = |i: usize, what: &str| -> Result<&Line<'_>, ParseError> {
        lines
            .get(i)
            .ok_or_else(|| ParseError::at_line(i + 1, 1, format!("expected {what} on line {}", i + 1)))
    };
    let magic = header(0, "`pzprv3`")?;
    if !magic.text.trim().starts_with("pzprv3") {
        return Err(ParseError::new(magic.at(0), "expected `pzprv3` on the first line"));
    }
    let kind = header(1, "the puzzle type `mashu`")?;
    if !TYPES.contains(&kind.text.trim()) {
        return Err(ParseError::new(
            kind.at(0),
            format!("expected the puzzle type `mashu`, found {:?}", kind.text),
        ));
    }
    let rows_line = header(2, "the number of rows")?;
    let height = super::side(rows_line.text.trim(), rows_line.at(0), "number of rows")?;
    let cols_line = header(3, "the number of columns")?;
    let width = super::side(cols_line.text.trim(), cols_line.at(0), "number of columns")?;
    let mut board = Board::new(width, height);
    let mut next = 4;
    if lines.get(next).is_some_and(|l| l.text.trim() == "f") {
        warnings.push(Warning::at(
            lines[next].at(0),
            "flag `f` (the loop must pass every cell) has no place in pzl's model; ignored",
        ));
        next += 1;
    }
    if lines.get(next..).is_none_or(|rest| rest.iter().all(|l| l.text.trim().is_empty())) {
        warnings.push(Warning::at(
            Location::Whole,
            format!("the file stops after its size: read as an empty {width}×{height} board"),
        ));
        return Ok(Parsed { value: board, warnings });
    }
    for row in 0..height {
        let line = lines.get(next).ok_or_else(|| {
            ParseError::at_line(next + 1, 1, format!("expected {height} rows of cells, found {row}"))
        })?;
        next += 1;
        let mut count = 0;
        for (byte, token) in line.tokens() {
            if count == width {
                return Err(ParseError::new(
                    line.at(byte),
                    format!("expected {width} cells in row {}, found more", row + 1),
                ));
            }
            let cell = match token {
                "." | "0" => Cell::Empty,
                "1" => Cell::White,
                "2" => Cell::Black,
                "-" => {
                    warnings.push(Warning::at(
                        line.at(byte),
                        "a pearl of unknown colour (`-`) has no place in pzl's model; read as empty",
                    ));
                    Cell::Empty
                }
                other => {
                    return Err(ParseError::new(
                        line.at(byte),
                        format!("expected `.`, `1`, `2` or `-`, found {other:?}"),
                    ));
                }
            };
            board.set_cell(crate::Pos::new(row, count), cell);
            count += 1;
        }
        if count < width {
            return Err(ParseError::new(
                line.at(line.text.len()),
                format!("expected {width} cells in row {}, found {count}", row + 1),
            ));
        }
    }
    let index = board.edge_index();
    let sections = [
        (height, width - 1, 0usize, "horizontal"),
        (height - 1, width, index.horizontal_count(), "vertical"),
    ];
    'sections: for (rows, per_row, first, what) in sections {
        for row in 0..rows {
            let Some(line) = lines.get(next) else {
                if row == 0 {
                    warnings.push(Warning::at(
                        Location::Whole,
                        format!("no {what} edges in the file; they are unknown"),
                    ));
                    continue 'sections;
                }
                return Err(ParseError::at_line(
                    next + 1,
                    1,
                    format!("expected {rows} rows of {what} edges, found {row}"),
                ));
            };
            next += 1;
            let mut count = 0;
            for (byte, token) in line.tokens() {
                if count == per_row {
                    return Err(ParseError::new(
                        line.at(byte),
                        format!("expected {per_row} {what} edges in row {}, found more", row + 1),
                    ));
                }
                let state = match token.parse::<i64>() {
                    Ok(0) => EdgeState::Unknown,
                    Ok(-1) => EdgeState::Cross,
                    Ok(1) => EdgeState::Line,
                    Ok(n) if n > 1 => {
                        warnings.push(Warning::at(line.at(byte), format!("line value {n} read as a line")));
                        EdgeState::Line
                    }
                    _ => {
                        return Err(ParseError::new(
                            line.at(byte),
                            format!("expected `1`, `0` or `-1`, found {token:?}"),
                        ));
                    }
                };
                board.set_edge_by_number(first + row * per_row + count, state);
                count += 1;
            }
            if count < per_row {
                return Err(ParseError::new(
                    line.at(line.text.len()),
                    format!("expected {per_row} {what} edges in row {}, found {count}", row + 1),
                ));
            }
        }
    }
    if let Some(extra) = lines.get(next..).and_then(|rest| rest.iter().find(|l| !l.text.trim().is_empty())) {
        warnings.push(Warning::at(extra.at(0), "lines after the board data are ignored"));
    }
    Ok(Parsed { value: board, warnings })
}

/// Write the pzprv3 file of `board`.
pub fn write(board: &Board) -> String {
    let (width, height) = (board.width(), board.height());
    let mut out = format!("pzprv3\nmashu\n{height}\n{width}\n");
    for row in board.cells().rows() {
        for cell in row {
            out.push_str(match cell {
                Cell::Empty => ". ",
                Cell::White => "1 ",
                Cell::Black => "2 ",
            });
        }
        out.push('\n');
    }
    let index = board.edge_index();
    let (horizontal, vertical) = board.edge_states().split_at(index.horizontal_count());
    for (states, per_row, rows) in [(horizontal, width - 1, height), (vertical, width, height - 1)] {
        for row in 0..rows {
            for state in &states[row * per_row..(row + 1) * per_row] {
                out.push_str(match state {
                    EdgeState::Unknown => "0 ",
                    EdgeState::Line => "1 ",
                    EdgeState::Cross => "-1 ",
                });
            }
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// pzprjs's test board for `mashu` with no error (its `null` failcode), in the `/` form.
    const SOLVED: &str = "pzprv3/mashu/6/6/. . 1 . . . /. 2 . . 1 . /. . . . . . /. . . 2 . . /. 1 . . . . /. . . . . . /1 1 1 0 1 /0 1 1 -1 0 /0 0 1 1 0 /0 1 -1 1 1 /1 1 0 0 0 /0 0 1 0 0 /1 0 0 1 1 1 /1 1 0 0 1 1 /1 1 1 -1 0 1 /1 -1 0 1 0 0 /0 0 1 1 0 0 /";

    #[test]
    fn the_pzprjs_test_board_is_the_corpus_solution() {
        let parsed = read(SOLVED).unwrap();
        assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
        let board = parsed.value;
        assert_eq!(
            super::super::sol::mask_rows(&board),
            ["955C9C", "A956AA", "AA956A", "A36956", "35CA00", "003600"]
        );
        assert_eq!(board.edge_states().iter().filter(|&&e| e == EdgeState::Cross).count(), 4);
        let file = write(&board);
        assert_eq!(file.replace('\n', "/"), SOLVED);
        assert_eq!(read(&file).unwrap().value, board);
    }

    #[test]
    fn one_column_boards_round_trip() {
        let text = "pzprv3\nmashu\n2\n1\n1 \n. \n\n\n1 \n";
        let parsed = read(text).unwrap();
        assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
        assert_eq!(write(&parsed.value), text);
    }

    #[test]
    fn unknown_colour_and_missing_lines_are_warnings() {
        let parsed = read("pzprv3/mashu/1/5/- . 1 2 1 /0 0 0 0 /").unwrap();
        assert_eq!(parsed.warnings.len(), 1);
        assert_eq!(parsed.value.pearl_counts(), (2, 1));
        let parsed = read("pzprv3\nmashu\n1\n2\n1 2 \n").unwrap();
        assert_eq!(parsed.warnings.len(), 1, "{:?}", parsed.warnings);
    }

    #[test]
    fn player_links_the_pearl_alias_the_f_line_and_an_empty_body_read() {
        let board = read(SOLVED).unwrap().value;
        let encoded: String = SOLVED
            .bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() || b == b'.' {
                    (b as char).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect();
        for link in [
            format!("https://puzz.link/p.html?type=player&{encoded}"),
            format!("https://puzz.link/p.html?{encoded}&type=player"),
            format!("https://puzz.link/p.html?type=player&{}", SOLVED.replace(' ', "+")),
            format!("[InternetShortcut]\r\nURL=https://puzz.link/p.html?type=player&{encoded}\r\n"),
        ] {
            assert!(looks_like(link.as_bytes()), "{link}");
            let parsed = read(&link).unwrap();
            assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
            assert_eq!(parsed.value, board, "{link}");
        }
        let e =
            read("https://puzz.link/p.html?type=player&pzprv3%2Fmashu%2F1%2F2%2F1%20x%20%2F").unwrap_err();
        assert!(e.message.contains("link"), "{}", e.message);
        assert!(!looks_like(b"https://puzz.link/p.html?type=player&pzprv3%2Fslither%2F1%2F2%2F"));

        let pearl = read(&SOLVED.replace("/mashu/", "/pearl/")).unwrap();
        assert!(pearl.warnings.is_empty());
        assert_eq!(pearl.value, board);
        assert!(looks_like(b"pzprv3\npearl\n1\n2\n"));

        let f = read(&SOLVED.replace("/6/6/", "/6/6/f/")).unwrap();
        assert_eq!(f.value, board);
        assert_eq!(f.warnings.len(), 1);
        assert!(f.warnings[0].message.contains("`f`"), "{:?}", f.warnings);

        for empty in
            ["pzprv3/mashu/6/5/", "pzprv3\nmashu\n6\n5\n", "pzprv3\nmashu\n6\n5\n\n\n", "pzprv3/mashu/6/5/f/"]
        {
            let parsed = read(empty).unwrap();
            assert_eq!(parsed.value, Board::new(5, 6), "{empty:?}");
            assert!(parsed.warnings.iter().any(|w| w.message.contains("empty")), "{:?}", parsed.warnings);
        }
    }

    #[test]
    fn unknown_colour_pearls_stay_a_named_loss() {
        let parsed =
            read("https://puzz.link/p.html?type=player&pzprv3%2Fmashu%2F1%2F2%2F-%20.%20%2F0%20%2F").unwrap();
        assert_eq!(parsed.warnings.len(), 1, "{:?}", parsed.warnings);
        assert!(parsed.warnings[0].message.contains("unknown colour"));
        assert_eq!(parsed.value.pearl_counts(), (0, 0));
    }

    #[test]
    fn errors_say_where() {
        let e = read("pzprv3\nmashu\n1\n2\n1 x \n").unwrap_err();
        assert_eq!(e.location, Location::line_column(5, 3));
        let e = read("pzprv3/mashu/1/2/1 . /x /").unwrap_err();
        assert_eq!(e.location, Location::Offset(22));
        assert!(read("pzprv3\nslither\n1\n1\n").is_err());
        assert!(read("pzprv3\nmashu\n0\n1\n").is_err());
        assert!(read("pzprv3\nmashu\n2\n2\n. . \n").unwrap_err().message.contains("expected 2 rows"));
    }
}
