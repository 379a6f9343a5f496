//! Solving: the bitboard search ([`search`]) and what `pzl apad solve` and `generate` make of it —
//! the solutions of one date, every solution of every date counted per answer, the reference
//! file's sorted encoding, and the files `--svg DIR` and `-o FILE.apad` write. Every search takes
//! [`Limits`] (a timeout and a cancel flag).

pub mod search;
pub mod view;

use pzl_core::time::Instant;
use std::collections::BTreeMap;

use pzl_core::{Count, Error, Fact, Outcome, Parsed, SolveReport, Warning};

pub use search::{Found, Limits, Placement, Solver};

use crate::format::apad::{ABSENT, chunk_len, encode};
use crate::model::board::{Answer, Board};
use crate::model::date::{self, Date, ParsedDate};
use crate::model::puzzle::{LabelKind, Puzzle};
use crate::model::set::plural;
use crate::render;

/// Whether `puzzle`'s frame has weekday squares (the weekday edition).
pub fn has_weekdays(puzzle: &Puzzle) -> bool {
    puzzle.hole_kinds.contains(&LabelKind::Weekday)
}

/// The weekday to leave uncovered with `parsed` on `puzzle`: none on frames without weekdays (a
/// weekday given anyway is a warning), the one named (`Mon`, `monday`), or else the date's weekday
/// in the year typed or the current year.
pub fn weekday_for(
    puzzle: &Puzzle,
    parsed: ParsedDate,
    weekday: Option<&str>,
) -> Result<Parsed<Option<u8>>, Error> {
    if !has_weekdays(puzzle) {
        let warnings = match weekday {
            Some(_) => vec![Warning::new(format!(
                "the {} puzzle has no weekdays; the weekday is ignored",
                puzzle.name
            ))],
            None => Vec::new(),
        };
        return Ok(Parsed::with(None, warnings));
    }
    if let Some(text) = weekday {
        return date::parse_weekday(text)
            .map(|w| Parsed::clean(Some(w)))
            .ok_or_else(|| Error::usage(format!("`{text}` is not a weekday (Sun … Sat)")));
    }
    let year = date::today().year.unwrap_or(2000);
    parsed.weekday_in(year).map(|w| Parsed::clean(Some(w))).ok_or_else(|| {
        Error::usage(format!("{} is not a date in {}", parsed.date, parsed.year.unwrap_or(year)))
            .hint("give the weekday with --weekday")
    })
}

/// The solutions of one date, in search order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DateSolutions {
    /// The date (and weekday) solved.
    pub answer: Answer,
    /// The solutions found.
    pub boards: Vec<Board>,
    /// Whether only the first was asked for.
    pub first: bool,
    /// False when the timeout or a cancel stopped the search (the boards are then some of them).
    pub complete: bool,
    /// Search time in milliseconds.
    pub time_ms: u128,
}

/// Solve `answer` on `puzzle`: every solution, or only the first with `first`.
pub fn solve_date(puzzle: &Puzzle, answer: Answer, first: bool, limits: &Limits) -> DateSolutions {
    let start = Instant::now();
    let solver = Solver::new(puzzle);
    let mut boards = Vec::new();
    let complete = solver.solve_date_within(answer.date, answer.weekday, limits, |found| {
        boards.push(solver.board(found));
        !first
    });
    DateSolutions { answer, boards, first, complete, time_ms: start.elapsed().as_millis() }
}

impl DateSolutions {
    /// `Oct 6: 7 solutions` (what `--count` prints).
    pub fn count_line(&self) -> String {
        let more = if self.complete { "" } else { " (timed out; there may be more)" };
        format!("{}: {}{more}\n", self.answer, plural(self.boards.len() as u64))
    }

    /// Each solution under a `Jan 19, solution 1 of 104` line, or `Jan 19: no solution`.
    pub fn text(&self, puzzle: &Puzzle, colour: bool) -> String {
        let mut out: String = self.shown(puzzle, colour).concat();
        if self.boards.is_empty() {
            out.push_str(&format!("{}: no solution\n", self.answer));
        }
        out
    }

    fn shown(&self, puzzle: &Puzzle, colour: bool) -> Vec<String> {
        let counted =
            if self.first || !self.complete { String::new() } else { format!(" of {}", self.boards.len()) };
        self.boards
            .iter()
            .enumerate()
            .map(|(i, board)| {
                format!(
                    "{}, solution {}{counted}\n{}\n",
                    self.answer,
                    i + 1,
                    render::text(puzzle, board, colour)
                )
            })
            .collect()
    }

    /// The solutions as an APAD file, sorted as the reference file (`-o FILE.apad`).
    pub fn apad_bytes(&self, puzzle: &Puzzle) -> Result<Vec<u8>, Error> {
        encode_sorted(puzzle, &self.boards)
    }

    /// One SVG file per solution (`--svg DIR`): `(file name, picture)`, named `10-06-1.svg`.
    pub fn svg_files(&self, puzzle: &Puzzle) -> Vec<(String, String)> {
        let names = svg_names(std::iter::repeat_n(self.answer, self.boards.len()));
        let total = self.boards.len();
        names
            .into_iter()
            .zip(&self.boards)
            .enumerate()
            .map(|(i, (name, board))| {
                let caption = format!("{}, solution {} of {total} ({})", self.answer, i + 1, puzzle.name);
                (name, render::svg_captioned(puzzle, board, Some(&caption)))
            })
            .collect()
    }

    /// The report: solved (unique when one solution and all were looked for), no solution, or
    /// timed out; the solutions as [`DateSolutions::text`] shows them, without colour (the
    /// report's printer escapes control characters; print [`DateSolutions::text`] for colour).
    pub fn report(&self, puzzle: &Puzzle) -> SolveReport {
        self.report_showing(puzzle, true)
    }

    /// The report of a count: [`DateSolutions::report`] without the solutions drawn (counted, or
    /// timed out with none found).
    pub fn count_report(&self, puzzle: &Puzzle) -> SolveReport {
        let mut report = self.report_showing(puzzle, false);
        if report.outcome == Outcome::Solved {
            report.outcome = Outcome::Counted;
        }
        report
    }

    fn report_showing(&self, puzzle: &Puzzle, shown: bool) -> SolveReport {
        let outcome = match (self.boards.is_empty(), self.complete) {
            (false, _) => Outcome::Solved,
            (true, true) => Outcome::NoSolution,
            (true, false) => Outcome::TimedOut,
        };
        let mut report = SolveReport::new(crate::kind::NAME, "apad", outcome);
        let exact = self.complete && !self.first;
        report.unique = exact.then_some(self.boards.len() == 1).filter(|_| !self.boards.is_empty());
        report.count = Some(Count { value: self.boards.len() as u128, exact });
        report.time_ms = self.time_ms as f64;
        report.facts = vec![
            Fact::new("puzzle", &puzzle.name),
            Fact::new("date", self.answer.date.iso()),
            Fact::hidden("weekday", self.answer.weekday.map(date::weekday_name)),
            Fact::new("count", self.boards.len()),
        ];
        if shown {
            report.solutions = self.shown(puzzle, false);
            let grids: Vec<Vec<String>> = self
                .boards
                .iter()
                .map(|b| render::letters(puzzle, b).lines().map(str::to_string).collect())
                .collect();
            report.facts.push(Fact::hidden("grids", grids));
        }
        if !self.complete && !self.boards.is_empty() {
            report.warnings.push(Warning::new(format!(
                "timed out after {} solutions; there may be more",
                self.boards.len()
            )));
        }
        report
    }
}

/// Every solution of every date (and weekday), counted per answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllSolutions {
    /// Solutions per answer.
    pub counts: BTreeMap<Answer, u64>,
    /// The solutions with their answers, sorted as the reference file (kept when asked for).
    pub boards: Vec<(Answer, Board)>,
    /// Answers (real dates, with every weekday on frames that have them) with no solution.
    pub unsolvable: usize,
    /// False when the timeout or a cancel stopped the search.
    pub complete: bool,
    /// Search time in milliseconds.
    pub time_ms: u128,
}

/// Solve every date of `puzzle` in one pass; `keep_boards` keeps the solutions themselves (for
/// showing them or writing files), else only the counts.
pub fn solve_all(puzzle: &Puzzle, keep_boards: bool, limits: &Limits) -> AllSolutions {
    let start = Instant::now();
    let solver = Solver::new(puzzle);
    let mut counts: BTreeMap<Answer, u64> = BTreeMap::new();
    let mut boards = Vec::new();
    let complete = solver.solve_all_within(limits, |found| {
        if let Some(answer) = solver.answer(found) {
            *counts.entry(answer).or_default() += 1;
            if keep_boards {
                boards.push((answer, solver.board(found)));
            }
        }
        true
    });
    boards.sort_by_cached_key(|(_, b)| b.sort_key());
    let unsolvable = all_answers(puzzle).filter(|a| !counts.contains_key(a)).count();
    AllSolutions { counts, boards, unsolvable, complete, time_ms: start.elapsed().as_millis() }
}

impl AllSolutions {
    /// The number of solutions.
    pub fn total(&self) -> u64 {
        self.counts.values().sum()
    }

    /// One `answer<TAB>count` line per answer, then `total<TAB>N` (what `--all --count` prints).
    pub fn count_table(&self) -> String {
        let mut out: String = self.counts.iter().map(|(a, n)| format!("{a}\t{n}\n")).collect();
        out.push_str(&format!("total\t{}\n", self.total()));
        out
    }

    /// Each kept solution under a `Jan 1, board 1` line.
    pub fn text(&self, puzzle: &Puzzle, colour: bool) -> String {
        self.boards
            .iter()
            .enumerate()
            .map(|(i, (answer, board))| {
                format!("{answer}, board {}\n{}\n", i + 1, render::text(puzzle, board, colour))
            })
            .collect()
    }

    /// The kept solutions as an APAD file, in the reference order.
    pub fn apad_bytes(&self, puzzle: &Puzzle) -> Result<Vec<u8>, Error> {
        let boards: Vec<Board> = self.boards.iter().map(|(_, b)| b.clone()).collect();
        Ok(encode(puzzle, &boards)?)
    }

    /// One SVG file per kept solution: `(file name, picture)`, named `01-01-1.svg` (with the
    /// weekday's name on frames with weekdays: `01-01-Mon-1.svg`).
    pub fn svg_files(&self, puzzle: &Puzzle) -> Vec<(String, String)> {
        let names = svg_names(self.boards.iter().map(|(a, _)| *a));
        names
            .into_iter()
            .zip(&self.boards)
            .map(|(name, (answer, board))| {
                let caption = format!("{answer} ({})", puzzle.name);
                (name, render::svg_captioned(puzzle, board, Some(&caption)))
            })
            .collect()
    }

    /// The report: the total counted, per-answer counts as a detail fact, and a warning naming
    /// how many dates have no solution.
    pub fn report(&self, puzzle: &Puzzle) -> SolveReport {
        let mut report = SolveReport::new(crate::kind::NAME, "apad", Outcome::Counted);
        if !self.complete && self.counts.is_empty() {
            report.outcome = Outcome::TimedOut;
        }
        report.count = Some(Count { value: u128::from(self.total()), exact: self.complete });
        report.time_ms = self.time_ms as f64;
        let per: serde_json::Map<String, serde_json::Value> =
            self.counts.iter().map(|(a, n)| (a.key(), serde_json::Value::from(*n))).collect();
        report.facts = vec![
            Fact::new("puzzle", &puzzle.name),
            Fact::new("count", self.total()),
            Fact::new("answers", self.counts.len()),
            Fact::new("unsolvable", self.unsolvable),
            Fact::with_text("per_date", "per date", per, self.count_table()).detail(),
        ];
        if self.complete && self.unsolvable > 0 {
            report.warnings.push(Warning::new(format!("{} dates have no solution", self.unsolvable)));
        }
        if !self.complete {
            report.warnings.push(Warning::new("timed out; the counts are of the solutions found so far"));
        }
        report
    }
}

/// Every answer a solution could show: each real date, with every weekday on frames that have
/// them.
pub fn all_answers(puzzle: &Puzzle) -> impl Iterator<Item = Answer> {
    let weekdays: Vec<Option<u8>> =
        if has_weekdays(puzzle) { (0..7).map(Some).collect() } else { vec![None] };
    Date::all()
        .flat_map(move |date| weekdays.clone().into_iter().map(move |weekday| Answer { date, weekday }))
}

/// The file names `--svg DIR` gives boards showing `answers` (one per board, in order): the
/// date, the weekday's name when there is one, and a count per answer (`10-06-1.svg`).
pub fn svg_names(answers: impl IntoIterator<Item = Answer>) -> Vec<String> {
    let mut seen: std::collections::HashMap<Answer, usize> = std::collections::HashMap::new();
    answers
        .into_iter()
        .map(|a| {
            let n = seen.entry(a).or_default();
            *n += 1;
            match a.weekday {
                Some(w) => format!("{}-{}-{n}.svg", a.date.iso(), date::weekday_name(w)),
                None => format!("{}-{n}.svg", a.date.iso()),
            }
        })
        .collect()
}

/// `boards` as an APAD file, sorted as the reference file ([`Board::sort_key`]).
pub fn encode_sorted(puzzle: &Puzzle, boards: &[Board]) -> Result<Vec<u8>, Error> {
    let mut sorted: Vec<&Board> = boards.iter().collect();
    sorted.sort_by_cached_key(|b| b.sort_key());
    let owned: Vec<Board> = sorted.into_iter().cloned().collect();
    Ok(encode(puzzle, &owned)?)
}

/// Every solution of every date, sorted in the reference order ([`Board::sort_key`]) and
/// encoded: for the classic edition, exactly the reference `solutions.apad` (`pzl apad generate`).
/// A timeout or cancel is a [`pzl_core::ErrorKind::Limit`] error: a part of the file is no file.
pub fn all_sorted(puzzle: &Puzzle, limits: &Limits) -> Result<Vec<u8>, Error> {
    if puzzle.width * puzzle.height > 64 {
        return Err(crate::format::apad::CodecError::FrameTooLarge { board: 0 }.into());
    }
    let solver = Solver::new(puzzle);
    let chunk = chunk_len(puzzle);
    let mirror_bytes = puzzle.pieces.len().div_ceil(8);
    let mut boards: Vec<([u8; 64], Vec<u8>)> = Vec::new();
    let complete = solver.solve_all_within(limits, |found| {
        // The sort key and the canonical bytes straight from the placements, without a Board.
        let mut key = [0u8; 64];
        for (i, slot) in key.iter_mut().enumerate().take(puzzle.squares.len()) {
            *slot = if found.uncovered.contains(&(i as u8)) {
                0
            } else if puzzle.squares[i].is_some() {
                2
            } else {
                1
            };
        }
        let mut bytes = vec![ABSENT; chunk];
        bytes[..mirror_bytes].fill(0);
        for &id in found.placements {
            let placement = solver.placements()[usize::from(id)];
            let p = usize::from(placement.piece);
            let mut mask = placement.mask;
            while mask != 0 {
                key[mask.trailing_zeros() as usize] = placement.piece + 2;
                mask &= mask - 1;
            }
            let orientation = &puzzle.pieces[p].orientations[usize::from(placement.orientation)];
            bytes[mirror_bytes + p] = (orientation.rotation << 6) | placement.anchor;
            if orientation.mirror {
                bytes[p / 8] |= 1 << (7 - p % 8);
            }
        }
        boards.push((key, bytes));
        true
    });
    if !complete {
        return Err(Error::limit("timed out before every solution was found"));
    }
    boards.sort_unstable_by_key(|board| board.0);
    Ok(boards.into_iter().flat_map(|(_, bytes)| bytes).collect())
}
