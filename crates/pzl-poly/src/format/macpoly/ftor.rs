//! MacPoly's `ftor`: turn puzzle and solution source files into `SBPn` / `SBSn` resources.
//!
//! A source file's first line is the puzzle's name and becomes the resource name. For a puzzle
//! type (`SBP…`) the next line is the congratulatory message and the following lines the grid;
//! the resource holds the message, the grid twice (the second copy is where MacPoly saves an
//! arrangement), the four 9-digit numbers `000000000 000000000 999999999 999999999` and a NUL. A
//! source that already ends with four 9-digit numbers is taken as a complete resource body. For a
//! solution type (`SBS…`) the resource is the grid and a NUL. Any other type gets the lines after
//! the name as they are. Every line ends with CR, as on the Mac.
//!
//! [`resources_from_sources`] reads every `SBPn` / `SBSn` source with the MacPoly reader before
//! it gives any resource back, so a resource file never receives a puzzle MacPoly (or pzl) could
//! not open. Storing the resources in a fork is the container's (this crate knows no container).

use pzl_core::{Error, Location, Result};

use super::{SourceFile, SourceKind};

/// An error about line `line` (from 1) of a source or of resource data.
fn at_line(line: usize, message: impl Into<String>) -> Error {
    Error::syntax(message).at(Location::line(line))
}

/// The initial time, operations, record time and record operations.
pub const INITIAL_NUMBERS: [&str; 4] = ["000000000", "000000000", "999999999", "999999999"];

fn is_number_line(line: &[u8]) -> bool {
    line.len() == 9 && line.iter().all(u8::is_ascii_digit)
}

/// The Mac Roman byte of `ch`, if it has one.
fn mac_roman_byte(ch: char) -> Option<u8> {
    let mut utf8 = [0; 4];
    let (bytes, _, unmappable) = encoding_rs::MACINTOSH.encode(ch.encode_utf8(&mut utf8));
    if unmappable { None } else { bytes.first().copied() }
}

/// Text as Mac Roman bytes (resource names); `None` when a character has no Mac Roman byte.
pub fn mac_roman(text: &str) -> Option<Vec<u8>> {
    text.chars().map(mac_roman_byte).collect()
}

/// Mac Roman bytes (a resource name) as text.
pub fn from_mac_roman(bytes: &[u8]) -> String {
    encoding_rs::MACINTOSH.decode_without_bom_handling(bytes).0.into_owned()
}

/// A resource type as messages show it: `SBP1`.
pub fn type_text(code: &[u8; 4]) -> String {
    code.escape_ascii().to_string()
}

/// Source text as Mac Roman bytes: UTF-8 input is converted, anything else taken as Mac Roman.
fn to_mac_roman(source: &[u8]) -> Vec<u8> {
    match std::str::from_utf8(source) {
        Ok(text) if !text.is_ascii() => text.chars().map(|c| mac_roman_byte(c).unwrap_or(b'?')).collect(),
        _ => source.to_vec(),
    }
}

/// Build the resource name and data for one source file.
pub fn resource_from_source(code: &[u8; 4], source: &[u8]) -> Result<(Vec<u8>, Vec<u8>)> {
    let source = to_mac_roman(source);
    let text: Vec<u8> = source.strip_suffix(b"\0").unwrap_or(&source).to_vec();
    let mut lines: Vec<&[u8]> = Vec::new();
    let mut rest = &text[..];
    while !rest.is_empty() {
        let end = rest.iter().position(|&b| b == b'\r' || b == b'\n').unwrap_or(rest.len());
        lines.push(&rest[..end]);
        rest = &rest[end..];
        if rest.starts_with(b"\r\n") {
            rest = &rest[2..];
        } else if !rest.is_empty() {
            rest = &rest[1..];
        }
    }
    while lines.last().is_some_and(|l| l.iter().all(|b| b.is_ascii_whitespace())) {
        lines.pop();
    }
    let (name, body) = lines.split_first().ok_or_else(|| at_line(1, "the source file is empty"))?;
    if name.len() > 255 {
        return Err(at_line(1, "the name (first line) is longer than 255 bytes"));
    }
    let mut data = Vec::new();
    let push_line = |data: &mut Vec<u8>, line: &[u8]| {
        data.extend_from_slice(line);
        data.push(b'\r');
    };
    if code.starts_with(b"SBP") {
        let (message, rest) = body
            .split_first()
            .ok_or_else(|| at_line(2, "a puzzle needs a congratulatory message on line 2"))?;
        if rest.is_empty() {
            return Err(at_line(3, "a puzzle needs a grid after the message"));
        }
        push_line(&mut data, message);
        let complete = rest.len() > 4 && rest[rest.len() - 4..].iter().all(|l| is_number_line(l));
        if complete {
            rest.iter().for_each(|l| push_line(&mut data, l));
        } else {
            if let Some(i) = rest.iter().position(|l| is_number_line(l)) {
                return Err(at_line(
                    4 + i,
                    "a 9-digit number inside the grid: give all four numbers or none",
                ));
            }
            for _ in 0..2 {
                rest.iter().for_each(|l| push_line(&mut data, l));
            }
            INITIAL_NUMBERS.iter().for_each(|n| push_line(&mut data, n.as_bytes()));
        }
        data.push(0);
    } else if code.starts_with(b"SBS") {
        if body.is_empty() {
            return Err(at_line(2, "a solution needs a grid after the name"));
        }
        body.iter().for_each(|l| push_line(&mut data, l));
        data.push(0);
    } else {
        body.iter().for_each(|l| push_line(&mut data, l));
    }
    Ok((name.to_vec(), data))
}

/// Whether `code` is a MacPoly puzzle type: `SBP` and a digit.
pub fn is_puzzle_type(code: &[u8; 4]) -> bool {
    code.starts_with(b"SBP") && code[3].is_ascii_digit()
}

/// Check that the resource `(code, name, data)` holds what MacPoly can open: for a puzzle type
/// (`SBP…`) a puzzle source the MacPoly reader accepts, for a solution type (`SBS…`) a solution
/// source. Other types are not checked. The error names the line and column of the source.
pub fn validate(code: &[u8; 4], name: &[u8], data: &[u8]) -> Result<()> {
    let want = if code.starts_with(b"SBP") {
        SourceKind::Puzzle
    } else if code.starts_with(b"SBS") {
        SourceKind::Solution
    } else {
        return Ok(());
    };
    let source = source_from_resource(code, name, data)?;
    let file = SourceFile::parse(&source)?.value;
    if file.kind != want {
        let expected = match want {
            SourceKind::Puzzle => "a puzzle (the shape as `S`, pieces beside it in lower case)",
            SourceKind::Solution => "a solution (the pieces in place, in upper case only)",
        };
        return Err(Error::syntax(format!(
            "a '{}' resource holds {expected}; this source is a {}",
            type_text(code),
            file.kind.name()
        )));
    }
    file.puzzle()?;
    Ok(())
}

/// The resources (name, data) of type `code` for `sources`, each read with the MacPoly reader
/// first (`SBPn` puzzles, `SBSn` solutions): none is given unless every source reads. An error
/// names the source (`source 2`) when there are several.
pub fn resources_from_sources(code: [u8; 4], sources: &[Vec<u8>]) -> Result<Vec<(Vec<u8>, Vec<u8>)>> {
    let mut made = Vec::with_capacity(sources.len());
    for (k, source) in sources.iter().enumerate() {
        let label = |e: Error| if sources.len() > 1 { e.in_file(format!("source {}", k + 1)) } else { e };
        let (name, data) = resource_from_source(&code, source).map_err(label)?;
        validate(&code, &name, &data).map_err(label)?;
        made.push((name, data));
    }
    Ok(made)
}

/// A puzzle resource taken apart: where each part lies in the resource data, so that saving an
/// arrangement rewrites only the second grid and the numbers and keeps every other byte.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleResource {
    /// The congratulatory message (line 1 of the data).
    pub message: Vec<u8>,
    /// The puzzle's grid rows.
    pub grid: Vec<Vec<u8>>,
    /// The second copy: the saved arrangement (the grid itself until one is saved).
    pub saved: Vec<Vec<u8>>,
    /// Time, operations, record time, record operations (9 ASCII digits each).
    pub numbers: [u32; 4],
    /// Byte offsets of the saved rows and of the four numbers in the data.
    saved_offsets: Vec<usize>,
    number_offsets: [usize; 4],
}

/// The lines of resource data with their start offsets: CR ends a line (LF and CRLF are taken
/// too); a final NUL ends the data.
fn lines_with_offsets(data: &[u8]) -> Vec<(usize, &[u8])> {
    let text = data.strip_suffix(b"\0").unwrap_or(data);
    let mut lines = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let rest = &text[start..];
        let end = rest.iter().position(|&b| b == b'\r' || b == b'\n').unwrap_or(rest.len());
        lines.push((start, &rest[..end]));
        let skip = if rest[end..].starts_with(b"\r\n") { 2 } else { usize::from(end < rest.len()) };
        start += end + skip;
    }
    lines
}

impl PuzzleResource {
    /// Take apart the data of an `SBPn` resource: message, grid, saved grid of the same height,
    /// four 9-digit numbers.
    pub fn parse(data: &[u8]) -> Result<PuzzleResource> {
        let lines = lines_with_offsets(data);
        let bad = |line: usize, message: &str| at_line(line, message);
        if lines.len() < 7 {
            return Err(bad(
                lines.len() + 1,
                "a puzzle resource needs a message, two grids and four 9-digit numbers",
            ));
        }
        let split = lines.len() - 4;
        let mut numbers = [0u32; 4];
        let mut number_offsets = [0usize; 4];
        for (k, (offset, line)) in lines[split..].iter().enumerate() {
            if !is_number_line(line) {
                return Err(bad(split + k + 1, "expected a 9-digit number (time, operations, records)"));
            }
            numbers[k] = line.iter().fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
            number_offsets[k] = *offset;
        }
        let grids = &lines[1..split];
        if !grids.len().is_multiple_of(2) {
            return Err(bad(split, "the two grid copies differ in height (an odd number of grid lines)"));
        }
        let (grid, saved) = grids.split_at(grids.len() / 2);
        for (k, (g, s)) in grid.iter().zip(saved).enumerate() {
            if g.1.len() != s.1.len() {
                return Err(bad(2 + grid.len() + k, "the saved grid's row differs in width from the grid's"));
            }
        }
        Ok(PuzzleResource {
            message: lines[0].1.to_vec(),
            grid: grid.iter().map(|l| l.1.to_vec()).collect(),
            saved: saved.iter().map(|l| l.1.to_vec()).collect(),
            numbers,
            saved_offsets: saved.iter().map(|l| l.0).collect(),
            number_offsets,
        })
    }

    /// The MacPoly source file this resource was made from: name, message, grid, CR line ends.
    pub fn source(&self, name: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        for line in [name, &self.message].into_iter().chain(self.grid.iter().map(Vec::as_slice)) {
            out.extend_from_slice(line);
            out.push(b'\r');
        }
        out
    }

    /// `data` (the bytes this was parsed from) with `saved` as the second grid and `numbers` as
    /// the four numbers; every other byte stays. Numbers above 999999999 are written as 999999999.
    pub fn with_saved(&self, data: &[u8], saved: &[Vec<u8>], numbers: [u32; 4]) -> Result<Vec<u8>> {
        let fits =
            saved.len() == self.saved.len() && saved.iter().zip(&self.saved).all(|(a, b)| a.len() == b.len());
        if !fits {
            return Err(Error::usage("the arrangement does not have the grid's shape"));
        }
        let mut out = data.to_vec();
        let mut put = |offset: usize, bytes: &[u8]| {
            if let Some(slot) = out.get_mut(offset..offset + bytes.len()) {
                slot.copy_from_slice(bytes);
            }
        };
        for (offset, row) in self.saved_offsets.iter().zip(saved) {
            put(*offset, row);
        }
        for (offset, n) in self.number_offsets.iter().zip(numbers) {
            put(*offset, format!("{:09}", n.min(999_999_999)).as_bytes());
        }
        Ok(out)
    }
}

/// The source file a resource was made from (the inverse of [`resource_from_source`]): the name
/// line, then for a puzzle the message and the first grid, for a solution the grid; CR line ends.
pub fn source_from_resource(code: &[u8; 4], name: &[u8], data: &[u8]) -> Result<Vec<u8>> {
    if code.starts_with(b"SBP") {
        return Ok(PuzzleResource::parse(data)?.source(name));
    }
    let mut out = name.to_vec();
    out.push(b'\r');
    let body = if code.starts_with(b"SBS") { data.strip_suffix(b"\0").unwrap_or(data) } else { data };
    out.extend_from_slice(body);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID: &str = "..................\n.a.a..SSSSSS..b.b.\n.aaaa.SSSSSS.bbbb.\n.aaa..SSSSSS..bbb.\n......SSSSSS......\n.c.c..SSSSSS..d.d.\n.cccc.SSSSSS.dddd.\n.ccc..........ddd.\n..................\n";

    /// The seed's Figure 6: the resource for "6 x 6 Square".
    #[test]
    fn figure_6() {
        let source = format!("6 x 6 Square\nCongratulations! Puzzle by David Levner.\n{GRID}");
        let (name, data) = resource_from_source(b"SBP1", source.as_bytes()).unwrap();
        assert_eq!(name, b"6 x 6 Square");
        let expected = format!(
            "Congratulations! Puzzle by David Levner.\n{GRID}{GRID}000000000\n000000000\n999999999\n999999999\n"
        )
        .replace('\n', "\r");
        let mut expected = expected.into_bytes();
        expected.push(0);
        assert_eq!(data, expected);
        // A source already in resource form is taken as it is.
        let again = format!("6 x 6 Square\r{}", String::from_utf8_lossy(&data));
        assert_eq!(resource_from_source(b"SBP1", again.as_bytes()).unwrap().1, data);
    }

    #[test]
    fn solutions() {
        let src = b"6 x 6 Square Solution\r\n........\r\n.AAABBB.\r\n".to_vec();
        let made = resources_from_sources(*b"SBS1", &[src.clone(), src]).unwrap();
        assert_eq!(made.len(), 2);
        let (name, data) = &made[1];
        assert_eq!(name, b"6 x 6 Square Solution");
        assert_eq!(data, b"........\r.AAABBB.\r\0");
        assert!(resource_from_source(b"SBP1", b"only a name\n").is_err());
    }

    #[test]
    fn names_are_mac_roman() {
        assert_eq!(mac_roman("Café").unwrap(), b"Caf\x8e");
        assert_eq!(from_mac_roman(b"Caf\x8e"), "Café");
        assert_eq!(mac_roman("日本"), None);
        assert_eq!(to_mac_roman("é 日".as_bytes()), b"\x8e ?");
        assert_eq!(type_text(b"SBP1"), "SBP1");
    }

    #[test]
    fn figure_6_back_to_source() {
        let source =
            format!("6 x 6 Square\rCongratulations! Puzzle by David Levner.\r{}", GRID.replace('\n', "\r"));
        let (name, data) = resource_from_source(b"SBP1", source.as_bytes()).unwrap();
        let puzzle = PuzzleResource::parse(&data).unwrap();
        assert_eq!(puzzle.numbers, [0, 0, 999_999_999, 999_999_999]);
        assert_eq!(puzzle.grid, puzzle.saved);
        assert_eq!(puzzle.grid.len(), 9);
        assert_eq!(source_from_resource(b"SBP1", &name, &data).unwrap(), source.as_bytes());
        // Saving changes the second grid and the numbers only.
        let saved: Vec<Vec<u8>> = puzzle.saved.iter().map(|r| vec![b'X'; r.len()]).collect();
        let out = puzzle.with_saved(&data, &saved, [3, 4, 3, 4]).unwrap();
        assert_eq!(out.len(), data.len());
        let again = PuzzleResource::parse(&out).unwrap();
        assert_eq!((again.saved, again.numbers, again.grid), (saved, [3, 4, 3, 4], puzzle.grid.clone()));
        let changed = out.iter().zip(&data).filter(|(a, b)| a != b).count();
        // 18 x 9 saved squares, then 1 + 1 + 9 + 9 digits of the numbers.
        assert_eq!(changed, 18 * 9 + 20);
        let grid_end = data.len() - 1 - 4 * 10 - 9 * 19;
        assert_eq!(out[..grid_end], data[..grid_end]);
    }

    #[test]
    fn bad_puzzle_resources() {
        assert!(PuzzleResource::parse(b"msg\r..\r..\r000000000\r000000000\r999999999\r\0").is_err());
        assert!(
            PuzzleResource::parse(b"msg\r..\r..\r..\r000000000\r000000000\r999999999\r999999999\r\0")
                .is_err()
        );
        assert!(
            PuzzleResource::parse(b"msg\r..\r...\r000000000\r000000000\r999999999\r999999999\r\0").is_err()
        );
        assert!(
            PuzzleResource::parse(b"msg\r..\r..\r000000000\r000000000\r99999999x\r999999999\r\0").is_err()
        );
        assert!(PuzzleResource::parse(b"").is_err());
        let ok =
            PuzzleResource::parse(b"msg\r.a\r.a\r000000012\r000000000\r999999999\r999999999\r\0").unwrap();
        assert_eq!(ok.numbers[0], 12);
        assert_eq!(source_from_resource(b"SBS1", b"n", b"AB\r\0").unwrap(), b"n\rAB\r");
    }

    #[test]
    fn invalid_sources_are_refused_and_nothing_is_stored() {
        let good = format!("6 x 6 Square\nCongratulations! Puzzle by David Levner.\n{GRID}").into_bytes();
        // Piece `a` in two parts: the MacPoly reader's message, with its line and column.
        let split = b"Split\nmessage\n.SSS.\n.a.a.\n".to_vec();
        let e = resources_from_sources(*b"SBP1", &[good.clone(), split.clone()]).unwrap_err();
        assert_eq!(e.kind, pzl_core::ErrorKind::Syntax);
        assert_eq!(e.at, Some(Location::line_column(4, 2)));
        assert_eq!(e.to_string(), "source 2: line 4, column 2: the squares of piece `a` are not connected");
        let e = resources_from_sources(*b"SBP1", &[split]).unwrap_err();
        assert_eq!(e.to_string(), "line 4, column 2: the squares of piece `a` are not connected");
        // A solution source under a puzzle type, and a puzzle under a solution type.
        let fig4 = b"6 x 6 Square Solution\n........\n.AAABBB.\n.AABBBB.\n".to_vec();
        let e = resources_from_sources(*b"SBP1", std::slice::from_ref(&fig4)).unwrap_err();
        assert!(e.message.contains("this source is a solution"), "{e}");
        let e = resources_from_sources(*b"SBS1", std::slice::from_ref(&good)).unwrap_err();
        assert!(e.message.contains("this source is a puzzle"), "{e}");
        assert_eq!(resources_from_sources(*b"SBP1", &[good]).unwrap().len(), 1);
        assert_eq!(resources_from_sources(*b"SBS1", &[fig4]).unwrap().len(), 1);
        // Other types are stored as they come.
        let text = resources_from_sources(*b"TEXT", &[b"name\nanything at all\n".to_vec()]).unwrap();
        assert_eq!(text, [(b"name".to_vec(), b"anything at all\r".to_vec())]);
    }

    proptest::proptest! {
        /// ftor then its inverse gives back the source (CR line ends).
        #[test]
        fn ftor_then_inverse(
            name in "[ -~]{0,30}[!-~]",
            message in "[!-~][ -~]{0,40}",
            width in 1usize..12,
            rows in proptest::collection::vec("[.a-zS]{12}", 1..10),
        ) {
            let mut source = format!("{name}\r{message}\r");
            for row in &rows {
                source.push_str(&row[..width]);
                source.push('\r');
            }
            let (res_name, data) = resource_from_source(b"SBP1", source.as_bytes()).unwrap();
            proptest::prop_assert_eq!(source_from_resource(b"SBP1", &res_name, &data).unwrap(), source.as_bytes());
        }
    }
}
