//! The play layer (tokenizers' bindings): what a player sees of a document ([`Document::view`]),
//! what a player does to it ([`Document::act`]) and the checks and hints in between. Every shape
//! is a serde type of the kind crate that owns the rules, so the CLI's `--json`, the Python
//! package and the browser give the same JSON for the same board; the front ends only forward.
//!
//! ```
//! use pzl::{Document, Open, play::{Action, View}};
//!
//! let doc = Document::read(b"4:4:AgAQAA\n", "ladybug.tootsweet", None, &Open::default())?.value;
//! let action: Action = serde_json::from_str(r#"{"action": "draw", "edge": 0, "state": "cross"}"#)?;
//! let doc = doc.act(&action)?;
//! let View::Masyu(board) = doc.view()? else { unreachable!() };
//! assert_eq!(serde_json::to_value(&board.edges[0])?, "cross");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::{Deserialize, Serialize};

use pzl_core::Error;

use crate::{Document, Format};

type Masyu = pzl_masyu::MasyuKind;
type Crossword = pzl_crossword::CrosswordKind;

pub use pzl_apad::solve::view::{DateView, EMPTY, OUTSIDE, Square};
pub use pzl_crossword::play::{Action as CrosswordAction, EntryCheck, PlayerCell, PlayerClue, PlayerGrid};
pub use pzl_masyu::EdgeState;
pub use pzl_masyu::play::{Action as MasyuAction, BoardView, EdgeChange, Replay, ReplayStep};
pub use pzl_masyu::solver::{Hint, Level};

/// What a player sees of a document: the kind's own view, serialised as it is (the document's
/// kind says which).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum View {
    /// A Masyu board: pearls, edge states, the cells each edge joins.
    Masyu(BoardView),
    /// A crossword's player grid: numbers, blocks, clues, never the answers.
    Crossword(PlayerGrid),
}

/// What a player does: one of the kinds' actions, told apart by its `action` name (`draw`,
/// `set-edges`, `apply-hint` for Masyu; `unlock` for crosswords).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum Action {
    /// A Masyu action.
    Masyu(MasyuAction),
    /// A crossword action.
    Crossword(CrosswordAction),
}

fn not_for(doc: &Document, what: &str) -> Error {
    Error::unsupported(doc.kind(), what)
}

impl Document {
    /// What a player sees of the document.
    pub fn view(&self) -> Result<View, Error> {
        if let Some(d) = self.as_kind::<Masyu>() {
            return Ok(View::Masyu(d.value.view()));
        }
        if let Some(d) = self.as_kind::<Crossword>() {
            return Ok(View::Crossword(PlayerGrid::of(&d.value)));
        }
        Err(not_for(self, "view"))
    }

    /// The document with `action` done (the format stays the document's).
    pub fn act(&self, action: &Action) -> Result<Document, Error> {
        match (action, self.as_kind::<Masyu>(), self.as_kind::<Crossword>()) {
            (Action::Masyu(a), Some(d), _) => Ok(Document::of_kind::<Masyu>(d.format, d.value.act(a)?)),
            (Action::Crossword(a), _, Some(d)) => {
                Ok(Document::of_kind::<Crossword>(d.format, a.apply(&d.value)?))
            }
            _ => Err(not_for(self, "this action")),
        }
    }

    /// The next step a person could take on a Masyu board, or the first wrong line.
    pub fn hint(&self, timeout: Option<std::time::Duration>) -> Result<Hint, Error> {
        let d = self.as_kind::<Masyu>().ok_or_else(|| not_for(self, "hint"))?;
        Ok(pzl_masyu::solver::hint(&d.value, timeout))
    }

    /// The board with what `hint` deduces drawn on it, in the document's format; `None` when the
    /// hint deduces nothing (a wrong line, a solved board, no hint).
    pub fn apply_hint(&self, hint: &Hint) -> Result<Option<Document>, Error> {
        let d = self.as_kind::<Masyu>().ok_or_else(|| not_for(self, "hint"))?;
        let mut board = d.value.clone();
        let drawn = board.apply(hint)?;
        Ok(drawn.then(|| Document::of_kind::<Masyu>(d.format, board)))
    }

    /// The document written for a player to go on with: in `to`, refused when `to` would leave
    /// out something the document holds (a player's lines and crosses); with no `to`, in the
    /// document's own format, or, when that would leave something out, in the kind's format
    /// that holds everything (`instead` then says what the own format could not hold).
    pub fn write_played(&self, to: Option<Format>) -> Result<Played, Error> {
        let format = to.unwrap_or_else(|| self.format());
        let written = self.write(format)?;
        if written.lost.is_empty() {
            return Ok(Played { bytes: written.bytes, format, instead: Vec::new() });
        }
        let full = self.full_format();
        if let (None, Some(full)) = (to, full)
            && full != format
        {
            let whole = self.write(full)?;
            if whole.lost.is_empty() {
                return Ok(Played { bytes: whole.bytes, format: full, instead: written.lost });
            }
        }
        let e = Error::usage(format!("the {} format cannot hold {}", format.name(), written.lost.join(", ")));
        Err(match full {
            Some(full) => e.hint(format!("write it as {}, which holds everything", full.name())),
            None => e,
        })
    }

    /// Check a crossword player's `entries` (one string per cell) for the `cells` listed (empty:
    /// every cell).
    pub fn check_entries(&self, entries: &[String], cells: &[usize]) -> Result<EntryCheck, Error> {
        let d = self.as_kind::<Crossword>().ok_or_else(|| not_for(self, "checking entries"))?;
        Ok(pzl_crossword::play::check_entries(&d.value, entries, cells))
    }

    /// The answers of a crossword's `cells`, to reveal them.
    pub fn reveal(&self, cells: &[usize]) -> Result<Vec<String>, Error> {
        let d = self.as_kind::<Crossword>().ok_or_else(|| not_for(self, "reveal"))?;
        Ok(pzl_crossword::play::reveal(&d.value, cells))
    }
}

/// A document written for a player to go on with ([`Document::write_played`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The bytes, in `format`.
    pub bytes: Vec<u8>,
    /// The format they are in.
    pub format: Format,
    /// What the document's own format could not hold, when the bytes are in the kind's full
    /// format instead (empty otherwise).
    pub instead: Vec<String>,
}

/// A Masyu solver trace (JSON Lines, what `solve` with a trace gives) replayed event by event.
pub fn replay(trace: &str) -> Result<Replay, Error> {
    Ok(pzl_masyu::play::replay(&pzl_masyu::solver::trace::read_jsonl(trace)?))
}

/// A-Puzzle-A-Day: the solutions of the date typed as `date` (`Jan 19`, `2026-01-19`; empty:
/// today) on `edition` (`classic`, `weekday` or a description file), leaving `weekday` (`Mon`;
/// none: the date's weekday in its year, else in `year`, else this year) uncovered; only the
/// first when `first`. Warnings say what was ignored.
pub fn apad_date(
    edition: &str,
    date: &str,
    weekday: Option<&str>,
    year: Option<i32>,
    first: bool,
    timeout: Option<std::time::Duration>,
) -> Result<pzl_core::Parsed<DateView>, Error> {
    let puzzle = pzl_apad::Puzzle::load(edition)?;
    let limits = pzl_apad::solve::Limits::new(timeout, None);
    let solved = pzl_apad::solve::view::solve_typed_date(&puzzle, date, weekday, year, first, &limits)?;
    Ok(solved.map(|s| DateView::of(&puzzle, &s)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Open;

    fn open(bytes: &[u8], name: &str) -> Document {
        Document::read(bytes, name, None, &Open::default()).unwrap().value
    }

    #[test]
    fn a_masyu_board_is_viewed_and_drawn_on() {
        let doc = open(b"4:4:AgAQAA\n", "l.tootsweet");
        let hint = doc.hint(None).unwrap();
        let Hint::Deduce { edge, state, .. } = hint else { panic!("{hint:?}") };
        let next = doc.act(&Action::Masyu(MasyuAction::ApplyHint { timeout: None })).unwrap();
        let View::Masyu(view) = next.view().unwrap() else { panic!() };
        assert_eq!(view.edges[edge], state);
        assert_eq!(next.format(), doc.format());
        let json = serde_json::to_value(next.view().unwrap()).unwrap();
        assert!(json["edges"].as_array().unwrap().iter().all(|e| e.is_string()));
    }

    #[test]
    fn a_hint_applied_to_a_board_whose_format_holds_no_lines_goes_out_as_the_full_format() {
        let doc = open(b"6 6\n.W...B\n.W....\n.W.BW.\n.W....\n...B..\n.W..W.\n", "p.masyu");
        let next = doc.apply_hint(&doc.hint(None).unwrap()).unwrap().expect("a deduction");
        // Its own format (text) holds no lines: written as pzprv3, saying what text lost.
        let played = next.write_played(None).unwrap();
        assert_eq!(played.format.name(), "pzprv3");
        assert!(!played.instead.is_empty());
        assert!(Document::read(&played.bytes, "x", None, &Open::default()).is_ok());
        // Asked for text by name: refused, pointing at the full format.
        let e = next.write_played(Some(doc.format())).unwrap_err();
        assert_eq!(e.kind, pzl_core::ErrorKind::Usage);
        assert!(e.hint.as_deref().is_some_and(|h| h.contains("pzprv3")), "{e:?}");
        // A format that holds the lines: as asked.
        let played = doc.apply_hint(&doc.hint(None).unwrap()).unwrap().unwrap();
        assert!(played.write_played(Some(Format::from_name("pzprv3").unwrap())).unwrap().instead.is_empty());
        // A solved board: nothing to apply.
        assert!(doc.apply_hint(&Hint::Solved).unwrap().is_none());
    }

    #[test]
    fn actions_and_views_of_another_kind_name_the_kind() {
        let doc = open(b"4:4:AgAQAA\n", "l.tootsweet");
        let unlock: Action = serde_json::from_str(r#"{"action": "unlock", "key": 1234}"#).unwrap();
        let Err(e) = doc.act(&unlock) else { panic!("unlocked a Masyu board") };
        assert!(e.message.contains("masyu"), "{e}");
        assert!(doc.check_entries(&[], &[]).unwrap_err().message.contains("masyu"));
        let pack = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/poly/pent-6x10.pack"))
            .unwrap();
        let poly = open(&pack, "p.pack");
        assert!(poly.view().unwrap_err().message.contains("poly"));
    }

    #[test]
    fn a_crossword_is_viewed_and_checked() {
        let ipuz =
            std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/crossword/square-deal.ipuz"))
                .unwrap();
        let doc = open(&ipuz, "s.ipuz");
        let View::Crossword(grid) = doc.view().unwrap() else { panic!() };
        let all: Vec<usize> = (0..grid.cells.len()).collect();
        let answers = doc.reveal(&all).unwrap();
        let entries: Vec<String> =
            grid.cells.iter().zip(answers).map(|(c, a)| if c.block { String::new() } else { a }).collect();
        assert!(doc.check_entries(&entries, &[]).unwrap().solved);
    }

    #[test]
    fn an_apad_date_is_solved_to_a_view() {
        let view = apad_date("classic", "Jan 19", None, None, true, None).unwrap().value;
        assert_eq!(view.count, 1);
        assert_eq!(view.labels[0].as_deref(), Some("Jan"));
    }
}
