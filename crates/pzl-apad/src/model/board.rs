//! A board: which piece, if any, covers each cell of the frame. Solutions, decoded APAD chunks
//! and text boards all become a [`Board`]; its [`Board::sort_key`] is the reference file's order.

use crate::date::{self, Date};
use crate::puzzle::{Label, LabelKind, Puzzle};

/// One cell of a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A square no piece covers.
    Empty,
    /// Not a square of the frame.
    Nonexistent,
    /// A square covered by piece `n` (index into [`Puzzle::pieces`]).
    Piece(u8),
}

impl Cell {
    /// The reference program's order: Empty < Nonexistent < piece 0 < piece 1 < …
    pub fn rank(self) -> u8 {
        match self {
            Cell::Empty => 0,
            Cell::Nonexistent => 1,
            Cell::Piece(p) => p.saturating_add(2),
        }
    }
}

/// The cells of a board, row-major over the puzzle's frame.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    /// One per cell of the frame's rectangle.
    pub cells: Vec<Cell>,
}

/// What the uncovered squares of a board say, when they make a proper answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Answer {
    /// The month and day.
    pub date: Date,
    /// 0 = Sunday; only on frames with weekdays.
    pub weekday: Option<u8>,
}

impl Answer {
    /// The key of per-date JSON maps: `MM-DD`, with the weekday's name after it on frames with
    /// weekdays (`04-06 Mon`).
    pub fn key(&self) -> String {
        match self.weekday {
            Some(w) => format!("{} {}", self.date.iso(), date::weekday_name(w)),
            None => self.date.iso(),
        }
    }
}

impl std::fmt::Display for Answer {
    /// `Jan 19`, or `Mon Apr 6` with a weekday.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.weekday {
            Some(w) => write!(f, "{} {}", date::weekday_name(w), self.date),
            None => write!(f, "{}", self.date),
        }
    }
}

impl Board {
    /// A board with no piece placed.
    pub fn empty(puzzle: &Puzzle) -> Board {
        Board {
            cells: puzzle
                .squares
                .iter()
                .map(|s| if s.is_some() { Cell::Empty } else { Cell::Nonexistent })
                .collect(),
        }
    }

    /// The ordering key of the reference file: cells compared in index order by [`Cell::rank`].
    pub fn sort_key(&self) -> Vec<u8> {
        self.cells.iter().map(|c| c.rank()).collect()
    }

    /// Indices of the squares no piece covers.
    pub fn uncovered(&self) -> Vec<usize> {
        (0..self.cells.len()).filter(|&i| self.cells[i] == Cell::Empty).collect()
    }

    /// Which pieces are on the board.
    pub fn pieces_placed(&self, puzzle: &Puzzle) -> Vec<bool> {
        let mut placed = vec![false; puzzle.pieces.len()];
        for cell in &self.cells {
            if let Cell::Piece(p) = cell
                && let Some(slot) = placed.get_mut(usize::from(*p))
            {
                *slot = true;
            }
        }
        placed
    }

    /// The date (and weekday) the board shows, when every piece is placed and the uncovered
    /// squares are exactly one of each kind the frame has (in index order) making a real date.
    pub fn answer(&self, puzzle: &Puzzle) -> Result<Answer, String> {
        let missing: Vec<char> = self
            .pieces_placed(puzzle)
            .iter()
            .zip(&puzzle.pieces)
            .filter(|(placed, _)| !**placed)
            .map(|(_, piece)| piece.name)
            .collect();
        if !missing.is_empty() {
            let names: String = missing.iter().collect();
            return Err(format!("pieces not placed: {names}"));
        }
        let labels: Vec<Label> =
            self.uncovered().iter().filter_map(|&i| puzzle.squares.get(i).copied().flatten()).collect();
        let kinds: Vec<LabelKind> = labels.iter().map(|l| l.kind()).collect();
        if kinds != puzzle.hole_kinds {
            let shown: Vec<String> = labels.iter().map(Label::to_string).collect();
            return Err(format!(
                "uncovered squares are [{}], expected one {}",
                shown.join(", "),
                puzzle
                    .hole_kinds
                    .iter()
                    .map(|k| format!("{k:?}").to_lowercase())
                    .collect::<Vec<_>>()
                    .join(", one ")
            ));
        }
        let (mut month, mut day, mut weekday) = (0, 0, None);
        for label in labels {
            match label {
                Label::Month(m) => month = m,
                Label::Day(d) => day = d,
                Label::Weekday(w) => weekday = Some(w),
            }
        }
        let date = Date::new(month, day)
            .ok_or_else(|| format!("{} {day} is not a date", date::month_name(month)))?;
        Ok(Answer { date, weekday })
    }
}
