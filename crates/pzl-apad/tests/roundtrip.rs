//! Properties of the codecs: any whole APAD file survives decode-to-text and back unchanged,
//! canonical boards re-encode to their own bytes, and no input makes a reader panic.

use proptest::prelude::*;
use pzl_apad::format::{apad as codec, text};
use pzl_apad::solve::Solver;
use pzl_apad::{Date, Puzzle};

proptest! {
    #[test]
    fn text_form_is_lossless_for_any_file(boards in proptest::collection::vec(any::<[u8; 9]>(), 0..6)) {
        let puzzle = Puzzle::classic();
        let bytes: Vec<u8> = boards.concat();
        let written = text::from_apad(&puzzle, &bytes).unwrap();
        prop_assert_eq!(text::to_apad(&puzzle, &written).unwrap(), bytes);
    }

    #[test]
    fn weekday_text_form_is_lossless(boards in proptest::collection::vec(any::<[u8; 12]>(), 0..4)) {
        let puzzle = Puzzle::weekday();
        let bytes: Vec<u8> = boards.concat();
        let written = text::from_apad(&puzzle, &bytes).unwrap();
        prop_assert_eq!(text::to_apad(&puzzle, &written).unwrap(), bytes);
    }

    #[test]
    fn solutions_encode_canonically(month in 1u8..=12, day in 1u8..=31, pick in 0usize..1000) {
        let Some(date) = Date::new(month, day) else { return Ok(()) };
        let puzzle = Puzzle::classic();
        let solver = Solver::new(&puzzle);
        let mut boards = Vec::new();
        solver.solve_date(date, None, |found| { boards.push(solver.board(found)); true });
        let board = &boards[pick % boards.len()];
        let bytes = codec::encode_board(&puzzle, board, 0).unwrap();
        let decoded = codec::decode_board(&puzzle, &bytes);
        prop_assert!(decoded.problems.is_empty());
        prop_assert_eq!(&decoded.board, board);
        prop_assert_eq!(codec::encode_board(&puzzle, &decoded.board, 0).unwrap(), bytes);
    }

    #[test]
    fn readers_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..64), text_in in "\\PC{0,200}") {
        let puzzle = Puzzle::classic();
        let _ = codec::decode(&puzzle, &bytes);
        let _ = text::to_apad(&puzzle, &text_in);
        let _ = Puzzle::parse(&text_in);
        let _ = pzl_apad::date::parse(&text_in);
    }
}
