//! The solutions of one date as every front end shows them (the browser's board picker, Python,
//! `pzl apad solve`): the frame's labels and each solution as a grid of piece numbers.

use serde::Serialize;

use pzl_core::{Error, Parsed};

use super::{DateSolutions, Limits, solve_date, weekday_for};
use crate::model::board::{Answer, Cell};
use crate::model::date;
use crate::model::puzzle::Puzzle;

/// A square of a solution: a piece (from 0), or [`EMPTY`] (the date's squares) or [`OUTSIDE`].
pub type Square = i32;
/// A square no piece covers: one of the answer's.
pub const EMPTY: Square = -1;
/// A place outside the frame.
pub const OUTSIDE: Square = -2;

/// The solutions of one date.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DateView {
    /// Squares per row of the frame.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The label printed on each square (`Jan`, `19`, `Mon`), `None` outside the frame.
    pub labels: Vec<Option<String>>,
    /// The date (and weekday) solved, as `pzl apad` names answers (`Jan-19-Mon`).
    pub key: String,
    /// How many solutions were found.
    pub count: usize,
    /// False when the timeout stopped the search (the boards are then some of them).
    pub complete: bool,
    /// Each solution, square by square, row by row.
    pub boards: Vec<Vec<Square>>,
    /// Search time in milliseconds.
    pub ms: u64,
}

impl DateView {
    /// The view of `solved`, found on `puzzle`.
    pub fn of(puzzle: &Puzzle, solved: &DateSolutions) -> DateView {
        let labels = puzzle.squares.iter().map(|s| s.map(|l| l.to_string())).collect();
        let boards = solved
            .boards
            .iter()
            .map(|b| {
                b.cells
                    .iter()
                    .map(|c| match c {
                        Cell::Empty => EMPTY,
                        Cell::Nonexistent => OUTSIDE,
                        Cell::Piece(p) => Square::from(*p),
                    })
                    .collect()
            })
            .collect();
        DateView {
            width: puzzle.width,
            height: puzzle.height,
            labels,
            key: solved.answer.key(),
            count: solved.boards.len(),
            complete: solved.complete,
            boards,
            ms: u64::try_from(solved.time_ms).unwrap_or(u64::MAX),
        }
    }
}

/// Solve the date typed as `text` (`Jan 19`, `2026-01-19`; empty: today) on `puzzle`, with
/// `weekday` (`Mon`; none: the date's weekday in its year, else in `year`, else this year): the
/// one path the CLI, Python and the browser take from a typed date to its solutions. Warnings say
/// what was ignored (a weekday on a frame without weekdays).
pub fn solve_typed_date(
    puzzle: &Puzzle,
    text: &str,
    weekday: Option<&str>,
    year: Option<i32>,
    first: bool,
    limits: &Limits,
) -> Result<Parsed<DateSolutions>, Error> {
    let mut parsed = if text.trim().is_empty() { date::today() } else { date::parse(text)? };
    if parsed.year.is_none() {
        parsed.year = year;
    }
    let weekday = weekday_for(puzzle, parsed, weekday)?;
    let answer = Answer { date: parsed.date, weekday: weekday.value };
    Ok(Parsed::with(solve_date(puzzle, answer, first, limits), weekday.warnings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_gives_labelled_boards_of_piece_numbers() {
        let puzzle = Puzzle::load("classic").unwrap();
        let solved = solve_typed_date(&puzzle, "Jan 19", None, None, false, &Limits::none()).unwrap();
        assert!(solved.warnings.is_empty());
        let view = DateView::of(&puzzle, &solved.value);
        assert_eq!(view.count, view.boards.len());
        assert!(view.count > 0 && view.complete);
        assert_eq!(view.labels.len(), view.width * view.height);
        assert_eq!(view.labels[0].as_deref(), Some("Jan"));
        for board in &view.boards {
            assert_eq!(board.iter().filter(|&&s| s == EMPTY).count(), 2);
            let jan = board[0];
            assert_eq!(jan, EMPTY, "January stays uncovered");
        }
        let json = serde_json::to_value(&view).unwrap();
        assert_eq!(json["key"], view.key.as_str());
    }

    #[test]
    fn a_weekday_on_the_classic_frame_is_a_warning_and_a_bad_date_an_error() {
        let puzzle = Puzzle::load("classic").unwrap();
        let solved = solve_typed_date(&puzzle, "Jan 19", Some("Mon"), None, true, &Limits::none()).unwrap();
        assert_eq!(solved.warnings.len(), 1);
        assert_eq!(solved.value.boards.len(), 1);
        assert!(solve_typed_date(&puzzle, "Smarch 40", None, None, true, &Limits::none()).is_err());
    }
}
