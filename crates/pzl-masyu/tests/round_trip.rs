//! Property tests over every Masyu format: what a format writes it reads back unchanged (as
//! much of the board as it holds), writes the same bytes again, and recognises by content; and
//! no input, however broken, makes a reader panic.

use proptest::prelude::*;
use pzl_grid::{Dir, Grid, Pos};
use pzl_masyu::formats::{self, Format};
use pzl_masyu::{Board, Cell, EdgeState};

/// A board with random pearls and random edges; with `loop_only`, the lines are one rectangle
/// (so every cell has 0 or 2 lines, as janko's solution form requires).
fn boards(loop_only: bool) -> impl Strategy<Value = Board> {
    (1usize..14, 1usize..14).prop_flat_map(move |(w, h)| {
        let edges = pzl_grid::EdgeIndex::new(w, h).count();
        (
            proptest::collection::vec(0u8..3, w * h),
            proptest::collection::vec(0u8..3, edges),
            (0..w, 0..w, 0..h, 0..h),
        )
            .prop_map(move |(cells, states, (c0, c1, r0, r1))| {
                let cells =
                    cells.into_iter().map(|c| [Cell::Empty, Cell::White, Cell::Black][c as usize]).collect();
                let mut board = Board::from_cells(Grid::from_cells(w, h, cells).unwrap());
                if loop_only {
                    let (left, right, top, bottom) = (c0.min(c1), c0.max(c1), r0.min(r1), r0.max(r1));
                    if left < right && top < bottom {
                        for col in left..right {
                            board.set_edge_from(Pos::new(top, col), Dir::Right, EdgeState::Line);
                            board.set_edge_from(Pos::new(bottom, col), Dir::Right, EdgeState::Line);
                        }
                        for row in top..bottom {
                            board.set_edge_from(Pos::new(row, left), Dir::Down, EdgeState::Line);
                            board.set_edge_from(Pos::new(row, right), Dir::Down, EdgeState::Line);
                        }
                    }
                } else {
                    for (n, s) in states.into_iter().enumerate() {
                        board.set_edge_by_number(
                            n,
                            [EdgeState::Unknown, EdgeState::Line, EdgeState::Cross][s as usize],
                        );
                    }
                }
                board
            })
    })
}

fn round_trip(board: &Board, format: Format) -> Result<(), TestCaseError> {
    let bytes = formats::write(board, format).map_err(|e| TestCaseError::fail(e.to_string()))?.bytes;
    let back = formats::read(&bytes, format).map_err(|e| TestCaseError::fail(format!("{format}: {e}")))?;
    prop_assert!(back.warnings.is_empty(), "{}: {:?}", format, back.warnings);
    prop_assert_eq!(&back.value, &format.kept(board), "{}", format);
    let again = formats::write(&back.value, format).unwrap().bytes;
    prop_assert_eq!(&again, &bytes, "{}", format);
    prop_assert_eq!(formats::detect(&bytes), Some(format), "{}", String::from_utf8_lossy(&bytes));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_format_but_janko_round_trips_any_board(board in boards(false)) {
        for format in Format::ALL.into_iter().filter(|&f| f != Format::Janko) {
            round_trip(&board, format)?;
        }
    }

    #[test]
    fn every_format_round_trips_a_board_with_a_loop(board in boards(true)) {
        for format in Format::ALL {
            round_trip(&board, format)?;
        }
    }

    #[test]
    fn no_text_makes_a_reader_panic(text in "\\PC{0,60}") {
        for format in Format::ALL {
            let _ = formats::read(text.as_bytes(), format);
        }
        let _ = formats::detect(text.as_bytes());
    }

    #[test]
    fn near_valid_files_never_panic(board in boards(false), cut in 0usize..400, byte in any::<u8>()) {
        for format in Format::ALL.into_iter().filter(|&f| f != Format::Janko) {
            let mut bytes = formats::write(&board, format).unwrap().bytes;
            let at = cut % bytes.len().max(1);
            if at < bytes.len() {
                bytes[at] = byte;
            }
            let _ = formats::read(&bytes, format);
            bytes.truncate(at);
            let _ = formats::read(&bytes, format);
            let _ = formats::detect(&bytes);
        }
    }

    #[test]
    fn penpa_data_near_valid_never_panics(board in boards(false), cut in 0usize..2000, byte in any::<u8>()) {
        // Random bytes seldom survive base64 and inflation, so the text inside a link is
        // mutated directly: the reader names a problem or reads a board, never panics, and a
        // board it reads writes as a link that reads back the same.
        let mut bytes = formats::penpa::write_data(&board).into_bytes();
        let at = cut % bytes.len().max(1);
        bytes[at] = byte;
        for text in [String::from_utf8_lossy(&bytes).into_owned(), String::from_utf8_lossy(&bytes[..at]).into_owned()] {
            if let Ok(parsed) = formats::penpa::read_data(&text, 0) {
                let back = formats::penpa::read(&formats::penpa::write_url(&parsed.value)).unwrap();
                prop_assert!(back.warnings.is_empty());
                prop_assert_eq!(back.value, parsed.value);
            }
        }
    }
}
