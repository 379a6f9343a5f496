//! The readable text form of APAD files: one block per board, a letter per square.
//!
//! ```text
//! # pzl apad text (classic): '.' = uncovered square, a letter = that piece
//! board 1 Jan 19
//! .LLLLN
//! OOOVLN
//! …
//! ```
//! Blocks are separated by a blank line; the grid has one line per frame row. A board whose
//! bytes are not what encoding its grid gives (a non-canonical placement, a piece left out in
//! an unusual way, a placement the decoder ignored) also carries a `bytes` line with its exact
//! chunk in hex, so decoding then encoding gives back the same file.

use crate::board::{Board, Cell};
use crate::format::apad::{self as codec, CodecError};
use crate::puzzle::Puzzle;
use crate::render;

/// A text file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// A line that does not follow the text form.
    #[error("line {line}: {message}")]
    Syntax {
        /// The line, from 1.
        line: usize,
        /// What was expected there.
        message: String,
    },
    /// A grid that cannot be encoded as APAD.
    #[error(transparent)]
    Codec(#[from] CodecError),
}

impl From<TextError> for pzl_core::Error {
    fn from(e: TextError) -> pzl_core::Error {
        match e {
            TextError::Syntax { line, message } => {
                pzl_core::Error::syntax(message).at(pzl_core::Location::line(line))
            }
            TextError::Codec(e) => e.into(),
        }
    }
}

/// The first line of every text file pzl writes: the content test of the `apad-text` format.
pub const MAGIC: &[u8] = b"# pzl apad text";

/// Whether `bytes` start like a text file pzl wrote.
pub fn looks_like(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

/// The edition a text file's first line names (`classic` in `# pzl apad text (classic): …`).
pub fn edition_named(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("# pzl apad text (")?;
    let end = rest.find(')')?;
    Some(&rest[..end])
}

/// A text file read back: the APAD bytes, and the line of each board's `board N` header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextBoards {
    /// The boards as APAD chunks, one after another.
    pub bytes: Vec<u8>,
    /// Per board, the line (from 1) of its header.
    pub lines: Vec<usize>,
}

fn syntax(line: usize, message: impl Into<String>) -> TextError {
    TextError::Syntax { line, message: message.into() }
}

/// The text form's first line for `puzzle`.
pub fn header(puzzle: &Puzzle) -> String {
    format!(
        "# pzl apad text ({}): '.' = uncovered square, a letter = that piece; `bytes` keeps an exact encoding\n",
        puzzle.name
    )
}

/// Append board `i` (from 0), decoded from its APAD `chunk`, to the text form `out`.
pub fn push_board(out: &mut String, puzzle: &Puzzle, i: usize, decoded: &codec::DecodedBoard, chunk: &[u8]) {
    out.push('\n');
    let answer = match decoded.board.answer(puzzle) {
        Ok(a) => match a.weekday {
            Some(w) => format!(" {} {}", a.date, crate::date::weekday_name(w)),
            None => format!(" {}", a.date),
        },
        Err(_) => String::new(),
    };
    out.push_str(&format!("board {}{answer}\n", i + 1));
    out.push_str(&render::letters(puzzle, &decoded.board));
    if codec::encode_board(puzzle, &decoded.board, i).ok().as_deref() != Some(chunk) {
        let hex: Vec<String> = chunk.iter().map(|b| format!("{b:02x}")).collect();
        out.push_str(&format!("bytes {}\n", hex.join(" ")));
    }
}

/// Write APAD bytes as text, one board at a time (no decoded board is kept, so memory is the
/// text's own). Fails only on a trailing partial chunk.
pub fn from_apad(puzzle: &Puzzle, bytes: &[u8]) -> Result<String, CodecError> {
    let chunk = codec::chunk_len(puzzle);
    let tail = bytes.len() % chunk;
    if tail != 0 {
        return Err(CodecError::PartialChunk { offset: bytes.len() - tail, len: tail, chunk });
    }
    let mut out = header(puzzle);
    for (i, c) in bytes.chunks_exact(chunk).enumerate() {
        push_board(&mut out, puzzle, i, &codec::decode_board(puzzle, c), c);
    }
    Ok(out)
}

/// Read the text form back into APAD bytes.
pub fn to_apad(puzzle: &Puzzle, text: &str) -> Result<Vec<u8>, TextError> {
    read(puzzle, text).map(|boards| boards.bytes)
}

/// Read the text form back into APAD bytes, keeping where each board starts.
pub fn read(puzzle: &Puzzle, text: &str) -> Result<TextBoards, TextError> {
    let lines: Vec<&str> = pzl_core::text::lines(text).collect();
    let mut out = Vec::new();
    let mut headers = Vec::new();
    let mut i = 0;
    let mut index = 0;
    while i < lines.len() {
        let line = lines[i].trim_end();
        if line.trim().is_empty() || line.starts_with('#') {
            i += 1;
            continue;
        }
        if !line.starts_with("board") {
            return Err(syntax(i + 1, format!("expected `board N`, found `{line}`")));
        }
        let header_line = i + 1;
        headers.push(header_line);
        i += 1;
        let mut board = Board::empty(puzzle);
        for r in 0..puzzle.height {
            let row = lines.get(i).ok_or_else(|| syntax(i + 1, "the board ends early"))?;
            read_row(puzzle, &mut board, r, row, i + 1)?;
            i += 1;
        }
        let chunk = match lines.get(i).map(|l| l.trim()) {
            Some(l) if l.starts_with("bytes") => {
                let chunk = read_bytes(puzzle, l, i + 1)?;
                if codec::decode_board(puzzle, &chunk).board != board {
                    return Err(syntax(
                        i + 1,
                        format!(
                            "board at line {header_line}: the grid differs from its `bytes` line; \
                             delete the line to encode the grid"
                        ),
                    ));
                }
                i += 1;
                chunk
            }
            _ => codec::encode_board(puzzle, &board, index)?,
        };
        out.extend(chunk);
        index += 1;
    }
    Ok(TextBoards { bytes: out, lines: headers })
}

fn read_row(puzzle: &Puzzle, board: &mut Board, r: usize, row: &str, line: usize) -> Result<(), TextError> {
    let chars: Vec<char> = row.trim_end().chars().collect();
    if chars.len() > puzzle.width {
        return Err(syntax(line, format!("{} characters; the frame is {} wide", chars.len(), puzzle.width)));
    }
    for c in 0..puzzle.width {
        let ch = chars.get(c).copied().unwrap_or(' ');
        let index = r * puzzle.width + c;
        let square = puzzle.squares.get(index).copied().flatten().is_some();
        let cell = match ch {
            ' ' if !square => Cell::Nonexistent,
            '.' if square => Cell::Empty,
            ' ' | '.' => {
                return Err(syntax(
                    line,
                    format!(
                        "column {}: `{ch}` where the frame {} a square",
                        c + 1,
                        if square { "has" } else { "has no" }
                    ),
                ));
            }
            name => {
                let p = puzzle
                    .piece_index(name)
                    .ok_or_else(|| syntax(line, format!("column {}: `{name}` is not a piece", c + 1)))?;
                if !square {
                    return Err(syntax(line, format!("column {}: piece `{name}` outside the frame", c + 1)));
                }
                Cell::Piece(p as u8)
            }
        };
        board.cells[index] = cell;
    }
    Ok(())
}

fn read_bytes(puzzle: &Puzzle, line_text: &str, line: usize) -> Result<Vec<u8>, TextError> {
    let chunk = line_text
        .split_whitespace()
        .skip(1)
        .map(|h| u8::from_str_radix(h, 16).map_err(|_| syntax(line, format!("`{h}` is not a hex byte"))))
        .collect::<Result<Vec<u8>, _>>()?;
    if chunk.len() != codec::chunk_len(puzzle) {
        return Err(syntax(line, format!("{} bytes; a board is {}", chunk.len(), codec::chunk_len(puzzle))));
    }
    Ok(chunk)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_boards_need_no_bytes_line() {
        let puzzle = Puzzle::classic();
        let bytes = [0x81, 0x41, 0x19, 0x50, 0x6c, 0x1f, 0x16, 0x29, 0x55];
        let text = from_apad(&puzzle, &bytes).unwrap();
        assert!(text.contains("board 1 Jan 19\n.LLLLN\n"), "{text}");
        assert!(!text.contains("\nbytes"));
        assert_eq!(to_apad(&puzzle, &text).unwrap(), bytes);
    }

    #[test]
    fn odd_boards_keep_their_bytes() {
        let puzzle = Puzzle::classic();
        let bytes = [0xFF; 9];
        let text = from_apad(&puzzle, &bytes).unwrap();
        assert!(text.contains("bytes ff ff"), "{text}");
        assert_eq!(to_apad(&puzzle, &text).unwrap(), bytes);
        let edited = text.replacen("\n.......\n", "\nL......\n", 1);
        assert!(edited != text);
        assert!(to_apad(&puzzle, &edited).is_err());
    }

    #[test]
    fn grids_must_fit_the_frame() {
        let puzzle = Puzzle::classic();
        let err = to_apad(&puzzle, "board 1\nXLLLLN\n").unwrap_err();
        assert!(err.to_string().contains("line 2"), "{err}");
        assert!(to_apad(&puzzle, "board 1\n.LLLLN\n").is_err());
        assert!(to_apad(&puzzle, "hello\n").is_err());
    }
}
