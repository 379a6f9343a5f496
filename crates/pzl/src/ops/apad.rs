//! A-Puzzle-A-Day: solving one date (`apad solve DATE` on the command line, `pzl.apad_solve` in
//! Python): the date and weekday read as every front end reads them, then the solver.

use std::time::Duration;

use pzl_core::{Error, Parsed};

use pzl_apad::board::Answer;
use pzl_apad::solve::{DateSolutions, Limits, solve_date as solve, weekday_for};
use pzl_apad::{Puzzle, date};

/// The solutions of `date` (`11-22`, `2026-11-22`, `Nov 22`; `None`: today) on `puzzle`, leaving
/// `weekday` uncovered on an edition with weekdays (default: the date's own); `first` stops at
/// the first solution, `timeout` gives up (the result then says it is not complete). Warnings
/// about the weekday come with the solutions.
pub fn solve_date(
    puzzle: &Puzzle,
    date: Option<&str>,
    weekday: Option<&str>,
    first: bool,
    timeout: Option<Duration>,
) -> Result<Parsed<DateSolutions>, Error> {
    let parsed = match date {
        Some(text) => date::parse(text)?,
        None => date::today(),
    };
    let weekday = weekday_for(puzzle, parsed, weekday)?;
    let answer = Answer { date: parsed.date, weekday: weekday.value };
    let solved = solve(puzzle, answer, first, &Limits::new(timeout, None));
    Ok(Parsed::with(solved, weekday.warnings))
}
