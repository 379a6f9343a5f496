//! The APAD format: boards packed back to back, one chunk each. A chunk of a puzzle with `n`
//! pieces is `ceil(n/8)` mirror bytes (piece 0 in the top bit of the first) followed by one byte
//! per piece, `rotation << 6 | square`; the classic edition's eight pieces give the 9-byte chunks
//! of the reference file.
//!
//! Decoding follows the specification: pieces are placed in order, each mirrored (left–right) if
//! its bit is set, turned counter-clockwise `rotation` times, and put with its anchor on
//! `square`. A square that is not in the frame means "not placed" (the way to leave a piece out);
//! a placement that leaves the frame or overlaps an earlier piece is ignored and reported. A
//! trailing partial chunk is an error.
//!
//! Encoding is canonical: each piece gets the one `(mirror, rotation, anchor)` of
//! [`crate::puzzle::Piece::orientations`] that draws its squares, and an absent piece is written
//! `0x3F` with mirror bit 0, as the reference program writes.
//!
//! (Generating every solution, which the reference file is, lives in [`crate::solve::all_sorted`].)

use crate::board::{Board, Cell};
use crate::puzzle::{Offset, Puzzle, normalized};

/// The byte of a piece that is not placed, as the reference encoder writes it.
pub const ABSENT: u8 = 0x3F;

/// A file or board that cannot be decoded or encoded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodecError {
    /// The file ends inside a board.
    #[error(
        "byte offset {offset}: a partial board of {len} bytes at the end (boards are {chunk} bytes each)"
    )]
    PartialChunk {
        /// Where the partial board starts.
        offset: usize,
        /// Its length.
        len: usize,
        /// The length of a whole board.
        chunk: usize,
    },
    /// A board's cells for a piece are not that piece in any orientation.
    #[error("board {board}: piece {piece}'s squares do not form that piece")]
    NotThePiece {
        /// The board, from 0.
        board: usize,
        /// The piece's name.
        piece: char,
    },
    /// A piece's anchor lies past square 63, which a chunk byte cannot address.
    #[error("board {board}: the frame has squares past index 63, which APAD cannot address")]
    FrameTooLarge {
        /// The board, from 0.
        board: usize,
    },
}

impl From<CodecError> for pzl_core::Error {
    fn from(e: CodecError) -> pzl_core::Error {
        use pzl_core::{Error, Location};
        match e {
            CodecError::PartialChunk { offset, len, chunk } => Error::syntax(format!(
                "a partial board of {len} bytes at the end (boards are {chunk} bytes each)"
            ))
            .at(Location::Offset(offset)),
            CodecError::NotThePiece { board, piece } => {
                Error::encode(format!("piece {piece}'s squares do not form that piece"))
                    .at(Location::Part(format!("board {}", board + 1)))
            }
            CodecError::FrameTooLarge { board } => {
                Error::encode("the frame has squares past index 63, which APAD cannot address")
                    .at(Location::Part(format!("board {}", board + 1)))
            }
        }
    }
}

/// One piece as a chunk describes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawPlacement {
    /// The mirror bit.
    pub mirror: bool,
    /// Quarter turns counter-clockwise (the byte's top two bits).
    pub rotation: u8,
    /// The anchor's square (the byte's low six bits).
    pub square: u8,
}

/// A decoded chunk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodedBoard {
    /// The pieces placed.
    pub board: Board,
    /// Per piece: what the chunk says.
    pub raw: Vec<RawPlacement>,
    /// Per piece: whether it was placed.
    pub placed: Vec<bool>,
    /// Placements ignored because they leave the frame or overlap an earlier piece.
    pub problems: Vec<String>,
}

/// Bytes per board for `puzzle`.
pub fn chunk_len(puzzle: &Puzzle) -> usize {
    puzzle.pieces.len().div_ceil(8) + puzzle.pieces.len()
}

/// Decode a whole file. Boards that place pieces badly are kept (see [`DecodedBoard::problems`]).
pub fn decode(puzzle: &Puzzle, bytes: &[u8]) -> Result<Vec<DecodedBoard>, CodecError> {
    let chunk = chunk_len(puzzle);
    let tail = bytes.len() % chunk;
    if tail != 0 {
        return Err(CodecError::PartialChunk { offset: bytes.len() - tail, len: tail, chunk });
    }
    Ok(bytes.chunks_exact(chunk).map(|c| decode_board(puzzle, c)).collect())
}

/// Decode one chunk of [`chunk_len`] bytes (missing bytes read as absent pieces).
pub fn decode_board(puzzle: &Puzzle, chunk: &[u8]) -> DecodedBoard {
    let n = puzzle.pieces.len();
    let mirror_bytes = n.div_ceil(8);
    let mut board = Board::empty(puzzle);
    let mut raw = Vec::with_capacity(n);
    let mut placed = vec![false; n];
    let mut problems = Vec::new();
    for (p, piece) in puzzle.pieces.iter().enumerate() {
        let mirror = chunk.get(p / 8).is_some_and(|b| (b >> (7 - p % 8)) & 1 == 1);
        let byte = chunk.get(mirror_bytes + p).copied().unwrap_or(0xFF);
        let here = RawPlacement { mirror, rotation: byte >> 6, square: byte & 63 };
        raw.push(here);
        let anchor = usize::from(here.square);
        if puzzle.squares.get(anchor).is_none_or(|s| s.is_none()) {
            continue;
        }
        let cells = piece.transformed(mirror, here.rotation);
        let Some(covered) = puzzle.place(&cells, anchor) else {
            problems.push(format!(
                "piece {} (mirror {}, rotation {}, square {anchor}) leaves the frame; ignored",
                piece.name,
                u8::from(mirror),
                here.rotation
            ));
            continue;
        };
        if let Some(&clash) = covered.iter().find(|&&i| board.cells[i] != Cell::Empty) {
            let other = match board.cells[clash] {
                Cell::Piece(q) => puzzle.pieces.get(usize::from(q)).map_or('?', |p| p.name),
                _ => '?',
            };
            problems.push(format!(
                "piece {} (mirror {}, rotation {}, square {anchor}) overlaps piece {other} at square {clash}; ignored",
                piece.name,
                u8::from(mirror),
                here.rotation
            ));
            continue;
        }
        for i in covered {
            board.cells[i] = Cell::Piece(p as u8);
        }
        placed[p] = true;
    }
    DecodedBoard { board, raw, placed, problems }
}

/// Encode one board canonically; `index` names the board in errors.
pub fn encode_board(puzzle: &Puzzle, board: &Board, index: usize) -> Result<Vec<u8>, CodecError> {
    let n = puzzle.pieces.len();
    let mirror_bytes = n.div_ceil(8);
    let mut out = vec![0u8; mirror_bytes + n];
    let mut cells_of: Vec<Vec<Offset>> = vec![Vec::new(); n];
    for (i, cell) in board.cells.iter().enumerate() {
        if let Cell::Piece(p) = cell
            && let Some(list) = cells_of.get_mut(usize::from(*p))
        {
            list.push(((i / puzzle.width) as i32, (i % puzzle.width) as i32));
        }
    }
    for (p, (piece, cells)) in puzzle.pieces.iter().zip(&cells_of).enumerate() {
        if cells.is_empty() {
            out[mirror_bytes + p] = ABSENT;
            continue;
        }
        let shape = normalized(cells);
        let not_the_piece = || CodecError::NotThePiece { board: index, piece: piece.name };
        let orientation =
            piece.orientations.iter().find(|o| normalized(&o.cells) == shape).ok_or_else(not_the_piece)?;
        let (Some(&(br, bc)), Some(&(or, oc))) = (cells.iter().min(), orientation.cells.iter().min()) else {
            return Err(not_the_piece());
        };
        let anchor = (br - or) as usize * puzzle.width + (bc - oc) as usize;
        if anchor > 63 {
            return Err(CodecError::FrameTooLarge { board: index });
        }
        out[mirror_bytes + p] = (orientation.rotation << 6) | anchor as u8;
        if orientation.mirror {
            out[p / 8] |= 1 << (7 - p % 8);
        }
    }
    Ok(out)
}

/// Encode boards one after another.
pub fn encode(puzzle: &Puzzle, boards: &[Board]) -> Result<Vec<u8>, CodecError> {
    let mut out = Vec::with_capacity(boards.len() * chunk_len(puzzle));
    for (i, board) in boards.iter().enumerate() {
        out.extend(encode_board(puzzle, board, i)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::date::Date;
    use crate::solve::Solver;

    const BOARD0: [u8; 9] = [0x81, 0x41, 0x19, 0x50, 0x6c, 0x1f, 0x16, 0x29, 0x55];

    #[test]
    fn the_first_reference_board_decodes_to_jan_19() {
        let puzzle = Puzzle::classic();
        let decoded = decode_board(&puzzle, &BOARD0);
        assert!(decoded.problems.is_empty());
        assert!(decoded.placed.iter().all(|&p| p));
        let answer = decoded.board.answer(&puzzle).unwrap();
        assert_eq!(answer.date, Date { month: 1, day: 19 });
        let text = crate::render::letters(&puzzle, &decoded.board);
        assert_eq!(text, ".LLLLN\nOOOVLN\nOOOVNNY\nZVVVNYY\nZZZU.UY\nPPZUUUY\nPPP\n");
        assert_eq!(encode_board(&puzzle, &decoded.board, 0).unwrap(), BOARD0);
    }

    #[test]
    fn bad_placements_are_ignored_with_a_problem() {
        let puzzle = Puzzle::classic();
        // N turned three times with its anchor on L's first square overlaps L.
        let mut chunk = BOARD0;
        chunk[2] = 0xC1;
        let decoded = decode_board(&puzzle, &chunk);
        assert!(!decoded.placed[1]);
        assert!(decoded.problems[0].contains("overlaps piece L"), "{:?}", decoded.problems);
        // L standing on square 44 runs off the bottom.
        let mut chunk = [0u8, 44, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF];
        let decoded = decode_board(&puzzle, &chunk);
        assert!(decoded.problems[0].contains("leaves the frame"));
        chunk[1] = 0x3F;
        let decoded = decode_board(&puzzle, &chunk);
        assert!(decoded.problems.is_empty() && decoded.placed.iter().all(|p| !p));
        assert_eq!(encode_board(&puzzle, &decoded.board, 0).unwrap(), [0, 63, 63, 63, 63, 63, 63, 63, 63]);
    }

    #[test]
    fn a_partial_chunk_is_an_error() {
        let puzzle = Puzzle::classic();
        let mut bytes = BOARD0.to_vec();
        bytes.extend([1, 2, 3]);
        assert_eq!(decode(&puzzle, &bytes), Err(CodecError::PartialChunk { offset: 9, len: 3, chunk: 9 }));
        assert_eq!(decode(&puzzle, &[]).unwrap().len(), 0);
    }

    #[test]
    fn weekday_chunks_have_two_mirror_bytes() {
        let puzzle = Puzzle::weekday();
        assert_eq!(chunk_len(&puzzle), 12);
        let solver = Solver::new(&puzzle);
        let mut board = None;
        solver.solve_date(Date { month: 11, day: 23 }, Some(1), |found| {
            board = Some(solver.board(found));
            false
        });
        let board = board.unwrap();
        let bytes = encode_board(&puzzle, &board, 0).unwrap();
        assert_eq!(decode_board(&puzzle, &bytes).board, board);
    }
}
