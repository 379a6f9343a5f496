//! A file's boards together with the edition they were read for: the document of the `apad`
//! kind. Every verb (info, check, render, convert) works on a [`BoardSet`], so the edition chosen
//! when reading (`apad:weekday`) is the one every later step uses.

use pzl_core::FormatTable as _;

use std::collections::BTreeMap;

use pzl_core::{Error, Fact, Info, Location, Parsed, Warning};

use crate::format::Format;
use crate::format::apad::{self as codec, DecodedBoard};
use crate::model::board::{Answer, Board};
use crate::model::puzzle::Puzzle;

/// Bytes at the end of a file too few for a whole board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Partial {
    /// Where they start.
    pub offset: usize,
    /// The bytes themselves.
    pub bytes: Vec<u8>,
}

/// The boards of one file and the edition (frame and pieces) they belong to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardSet {
    /// The edition the boards were read for.
    pub puzzle: Puzzle,
    /// The format they were read from.
    pub format: Format,
    /// Every whole board as its APAD chunk, exactly as read (the text form's grids encoded).
    pub bytes: Vec<u8>,
    /// Each chunk decoded.
    pub boards: Vec<DecodedBoard>,
    /// Where each board is in the input: a byte offset (APAD) or its header's line (text).
    pub places: Vec<Location>,
    /// A partial board at the end of an APAD file, left out of [`BoardSet::boards`].
    pub partial: Option<Partial>,
    /// The date (and weekday) an instance asks for (`apad:weekday:2026-01-19`, no boards yet),
    /// whose solutions `solve` finds; `None` for boards read from a file.
    pub asks: Option<Answer>,
}

impl BoardSet {
    /// Decode `bytes` (APAD chunks) for `puzzle`; `lines` gives the text form's board headers.
    /// Ignored placements and a partial board at the end are warnings.
    pub fn from_bytes(
        puzzle: Puzzle,
        format: Format,
        bytes: &[u8],
        lines: Option<&[usize]>,
    ) -> Parsed<BoardSet> {
        let chunk = codec::chunk_len(&puzzle);
        let whole = bytes.len() - bytes.len() % chunk;
        let mut warnings = Vec::new();
        let partial =
            (whole < bytes.len()).then(|| Partial { offset: whole, bytes: bytes[whole..].to_vec() });
        let boards: Vec<DecodedBoard> =
            bytes[..whole].chunks_exact(chunk).map(|c| codec::decode_board(&puzzle, c)).collect();
        let places: Vec<Location> = (0..boards.len())
            .map(|i| match lines.and_then(|l| l.get(i)) {
                Some(&line) => Location::line(line),
                None => Location::Offset(i * chunk),
            })
            .collect();
        for (i, (decoded, place)) in boards.iter().zip(&places).enumerate() {
            for problem in &decoded.problems {
                warnings.push(Warning::at(place.clone(), format!("board {}: {problem}", i + 1)));
            }
        }
        if let Some(p) = &partial {
            warnings.push(Warning::at(
                Location::Offset(p.offset),
                format!(
                    "a partial board of {} bytes at the end (boards are {chunk} bytes each); ignored",
                    p.bytes.len()
                ),
            ));
        }
        let set =
            BoardSet { puzzle, format, bytes: bytes[..whole].to_vec(), boards, places, partial, asks: None };
        if !set.boards.is_empty() && set.boards.iter().all(|b| b.board.answer(&set.puzzle).is_err()) {
            warnings.push(Warning::new(format!(
                "no board is a solution of the `{}` edition; if the file is of another edition, \
                 name it (`apad:weekday`, `apad:FILE`)",
                set.puzzle.name
            )));
        }
        Parsed::with(set, warnings)
    }

    /// The boards `boards` of `puzzle`, encoded canonically (as the solver's answers are).
    pub fn from_boards(puzzle: Puzzle, boards: &[Board]) -> Result<BoardSet, Error> {
        let bytes = codec::encode(&puzzle, boards)?;
        Ok(BoardSet::from_bytes(puzzle, Format::Apad, &bytes, None).value)
    }

    /// The instance that asks for the solutions of `answer` on `puzzle`: no boards yet.
    pub fn asking(puzzle: Puzzle, answer: Answer) -> BoardSet {
        let mut set = BoardSet::from_bytes(puzzle, Format::Apad, &[], None).value;
        set.asks = Some(answer);
        set
    }

    /// Bytes per board.
    pub fn chunk_len(&self) -> usize {
        codec::chunk_len(&self.puzzle)
    }

    /// Where board `index` (from 0) is in the input.
    pub fn place(&self, index: usize) -> Location {
        self.places.get(index).cloned().unwrap_or(Location::Whole)
    }

    /// How many boards show each answer.
    pub fn counts(&self) -> BTreeMap<Answer, u64> {
        let mut counts = BTreeMap::new();
        for decoded in &self.boards {
            if let Ok(answer) = decoded.board.answer(&self.puzzle) {
                *counts.entry(answer).or_default() += 1;
            }
        }
        counts
    }

    /// What `info` says: boards, solutions, dates, the fewest and most solutions of a date, and
    /// (as a detail) the count of every date.
    pub fn summary(&self, request: &pzl_core::InfoRequest) -> Info {
        let counts = self.counts();
        let solutions: u64 = counts.values().sum();
        let not_solutions = self.boards.len() as u64 - solutions;
        let fewest = counts.iter().min_by_key(|(_, n)| **n);
        let most = counts.iter().max_by_key(|(_, n)| **n);
        let extreme = |(answer, n): (&Answer, &u64)| {
            Fact::with_json(
                "",
                "",
                serde_json::json!({"date": answer.to_string(), "solutions": n}),
                format!("{answer} ({})", plural(*n)),
            )
        };
        let mut info = Info::new(crate::kind::NAME, self.format.name(), "A-Puzzle-A-Day boards")
            .fact(Fact::new("puzzle", &self.puzzle.name))
            .fact(Fact::new("boards", self.boards.len()))
            .fact(Fact::with_text(
                "solutions",
                "solutions",
                solutions,
                format!("{solutions} ({not_solutions} boards are not solutions)"),
            ))
            .fact(Fact::hidden("not_solutions", not_solutions))
            .fact(Fact::new("dates", counts.len()));
        for (key, found) in [("fewest", fewest), ("most", most)] {
            if let Some(found) = found {
                let Fact { value, text, .. } = extreme(found);
                info = info.fact(Fact::with_text(key, key, value, text));
            }
        }
        if let Some(answer) = &self.asks {
            info = info.fact(Fact::new("asks", answer.to_string()));
        }
        if let Some(p) = &self.partial {
            info = info.fact(Fact::with_text(
                "partial",
                "partial",
                p.bytes.len(),
                format!("{} bytes at byte offset {} (not a whole board)", p.bytes.len(), p.offset),
            ));
        }
        info.detail(request, || {
            let per: serde_json::Map<String, serde_json::Value> =
                counts.iter().map(|(a, n)| (a.key(), serde_json::Value::from(*n))).collect();
            let text: String = counts.iter().map(|(a, n)| format!("{a}: {n}\n")).collect();
            Fact::with_text("per_date", "per date", per, text)
        })
    }
}

/// `1 solution`, `7 solutions`.
pub(crate) fn plural(n: u64) -> String {
    if n == 1 { "1 solution".into() } else { format!("{n} solutions") }
}
