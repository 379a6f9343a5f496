//! MacPoly's `ftor`: turn puzzle and solution source files into `SBPn` / `SBSn` resources.
//!
//! A source file's first line is the puzzle's name and becomes the resource name. For a puzzle
//! type (`SBP…`) the next line is the congratulatory message and the following lines the grid;
//! the resource holds the message, the grid twice (the second copy is where MacPoly saves an
//! arrangement), the four 9-digit numbers `000000000 000000000 999999999 999999999` and a NUL. A
//! source that already ends with four 9-digit numbers is taken as a complete resource body. For a
//! solution type (`SBS…`) the resource is the grid and a NUL. Any other type gets the lines after
//! the name as they are. Every line ends with CR, as on the Mac.

use crate::fork::{Resource, ResourceFork};
use crate::{Error, Result, macroman};

/// The initial time, operations, record time and record operations.
pub const INITIAL_NUMBERS: [&str; 4] = ["000000000", "000000000", "999999999", "999999999"];

fn is_number_line(line: &[u8]) -> bool {
    line.len() == 9 && line.iter().all(u8::is_ascii_digit)
}

/// Source text as Mac Roman bytes: UTF-8 input is converted, anything else taken as Mac Roman.
fn to_mac_roman(source: &[u8]) -> Vec<u8> {
    match std::str::from_utf8(source) {
        Ok(text) if !text.is_ascii() => {
            text.chars().map(|c| macroman::encode_char(c).unwrap_or(b'?')).collect()
        }
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
    let (name, body) = lines
        .split_first()
        .ok_or_else(|| Error::Line { line: 1, message: "the source file is empty".into() })?;
    if name.len() > 255 {
        return Err(Error::Line {
            line: 1,
            message: "the name (first line) is longer than 255 bytes".into(),
        });
    }
    let mut data = Vec::new();
    let push_line = |data: &mut Vec<u8>, line: &[u8]| {
        data.extend_from_slice(line);
        data.push(b'\r');
    };
    if code.starts_with(b"SBP") {
        let (message, rest) = body.split_first().ok_or_else(|| Error::Line {
            line: 2,
            message: "a puzzle needs a congratulatory message on line 2".into(),
        })?;
        if rest.is_empty() {
            return Err(Error::Line { line: 3, message: "a puzzle needs a grid after the message".into() });
        }
        push_line(&mut data, message);
        let complete = rest.len() > 4 && rest[rest.len() - 4..].iter().all(|l| is_number_line(l));
        if complete {
            rest.iter().for_each(|l| push_line(&mut data, l));
        } else {
            if let Some(i) = rest.iter().position(|l| is_number_line(l)) {
                return Err(Error::Line {
                    line: 4 + i,
                    message: "a 9-digit number inside the grid: give all four numbers or none".into(),
                });
            }
            for _ in 0..2 {
                rest.iter().for_each(|l| push_line(&mut data, l));
            }
            INITIAL_NUMBERS.iter().for_each(|n| push_line(&mut data, n.as_bytes()));
        }
        data.push(0);
    } else if code.starts_with(b"SBS") {
        if body.is_empty() {
            return Err(Error::Line { line: 2, message: "a solution needs a grid after the name".into() });
        }
        body.iter().for_each(|l| push_line(&mut data, l));
        data.push(0);
    } else {
        body.iter().for_each(|l| push_line(&mut data, l));
    }
    Ok((name.to_vec(), data))
}

/// Add one resource of type `code` per source, with IDs from 128 upward skipping IDs in use.
/// Returns the IDs given.
pub fn add_sources(fork: &mut ResourceFork, code: [u8; 4], sources: &[Vec<u8>]) -> Result<Vec<i16>> {
    let mut ids = Vec::with_capacity(sources.len());
    for source in sources {
        let (name, data) = resource_from_source(&code, source)?;
        let id = fork.free_id(&code, 128).ok_or_else(|| Error::Other("no free resource ID left".into()))?;
        fork.insert(code, Resource::new(id, Some(name), data));
        ids.push(id);
    }
    Ok(ids)
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
    fn solutions_and_ids() {
        let mut fork = ResourceFork::new();
        fork.insert(*b"SBS1", Resource::new(128, None, vec![]));
        let src = b"6 x 6 Square Solution\r\n........\r\n.AAABBB.\r\n".to_vec();
        let ids = add_sources(&mut fork, *b"SBS1", &[src.clone(), src]).unwrap();
        assert_eq!(ids, vec![129, 130]);
        let r = fork.get(b"SBS1", 129).unwrap();
        assert_eq!(r.name.as_deref(), Some(&b"6 x 6 Square Solution"[..]));
        assert_eq!(r.data, b"........\r.AAABBB.\r\0");
        assert!(resource_from_source(b"SBP1", b"only a name\n").is_err());
    }
}
