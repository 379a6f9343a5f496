//! Strict verification of a `.puz` file: every checksum over the raw bytes, the structure, the
//! clue count against the numbered slots, the rebus table against the grid, and the fill against
//! the solution (through the scrambled checksum when the puzzle is locked).

use crate::error::Warning;
use crate::numbering::is_block;
use crate::puzzle::{Puzzle, SolutionState};
use crate::raw::{ReadPuz, STATE_LOCKED, STATE_NO_SOLUTION};

/// One thing that makes the check fail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// `checksum`, `structure`, `clues`, `rebus` or `fill`.
    pub kind: &'static str,
    /// A stable name within the kind (`global`, `masked-solution`, `section-GEXT`, `wrong-letter`…).
    pub name: String,
    /// What is wrong, in words.
    pub message: String,
}

/// How complete the fill is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FillStatus {
    /// No open cell is filled.
    Blank,
    /// Some open cells are filled, not all.
    Partial,
    /// Every open cell filled and (as far as can be known) right.
    Solved,
    /// Every open cell filled, with wrong letters (listed as problems).
    Wrong,
    /// There is no solution to compare with.
    Unknown,
}

impl FillStatus {
    /// The status as a word (`blank`, `partial`, …).
    pub fn name(self) -> &'static str {
        match self {
            FillStatus::Blank => "blank",
            FillStatus::Partial => "partial",
            FillStatus::Solved => "solved",
            FillStatus::Wrong => "wrong",
            FillStatus::Unknown => "unknown",
        }
    }
}

/// The outcome of [`verify`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Everything that makes the check fail.
    pub problems: Vec<Problem>,
    /// Facts that are not failures (a blank fill, a preamble, …).
    pub notes: Vec<String>,
    /// How complete the fill is.
    pub fill: FillStatus,
    /// Open cells the player has filled.
    pub filled_cells: usize,
    /// Cells that are not blocks.
    pub open_cells: usize,
}

impl Report {
    /// Whether nothing is wrong.
    pub fn is_ok(&self) -> bool {
        self.problems.is_empty()
    }
}

fn problem(kind: &'static str, name: impl Into<String>, message: impl Into<String>) -> Problem {
    Problem { kind, name: name.into(), message: message.into() }
}

/// Verify a file read by [`crate::raw::read`].
pub fn verify(read: &ReadPuz) -> Report {
    let (puzzle, decode_warnings) = Puzzle::from_raw(&read.file);
    verify_entries(read, &puzzle, &decode_warnings, None)
}

/// [`verify`] of a file whose puzzle is decoded already: `puzzle` and `decode_warnings` are
/// what [`Puzzle::from_raw`] gives for `read.file` (a `.puz` document holds them), so the check
/// does not decode every string a second time.
pub(crate) fn verify_decoded(read: &ReadPuz, puzzle: &Puzzle, decode_warnings: &[Warning]) -> Report {
    verify_entries(read, puzzle, decode_warnings, None)
}

/// [`verify`], the clue count checked against the entries of `model` (the puzzle as its own
/// format defines them, bars included) rather than against the `.puz` grid's numbering.
pub fn verify_model(read: &ReadPuz, model: &Puzzle) -> Report {
    let (puzzle, decode_warnings) = Puzzle::from_raw(&read.file);
    verify_entries(read, &puzzle, &decode_warnings, Some(model))
}

fn verify_entries(
    read: &ReadPuz,
    puzzle: &Puzzle,
    decode_warnings: &[Warning],
    model: Option<&Puzzle>,
) -> Report {
    let raw = &read.file;
    let mut problems = Vec::new();
    let mut notes = Vec::new();
    for mismatch in &read.checksum_mismatches {
        problems.push(problem("checksum", mismatch.name(), mismatch.to_string()));
    }
    let version = raw.version_bytes();
    if raw.version().is_none() || !(version[3] == 0 || version[3].is_ascii_alphabetic()) {
        problems.push(problem(
            "structure",
            "version",
            format!("version string \"{}\" is not of the form 1.3 or 1.2c", raw.version_text()),
        ));
    }
    let state = raw.solution_state();
    if state & !(STATE_LOCKED | STATE_NO_SOLUTION) != 0 {
        problems.push(problem(
            "structure",
            "solution-state",
            format!("unknown solution state 0x{state:04x}"),
        ));
    }
    if !raw.preamble.is_empty() {
        notes.push(format!("{} bytes before the header (preamble)", raw.preamble.len()));
    }
    if !raw.postscript.is_empty() {
        if raw.postscript.len() >= 4 && raw.postscript[..4].iter().all(u8::is_ascii_uppercase) {
            problems.push(problem(
                "structure",
                "truncated-section",
                format!(
                    "the file ends inside a section \"{}\"",
                    String::from_utf8_lossy(&raw.postscript[..4])
                ),
            ));
        } else {
            notes.push(format!("{} bytes after the last section (postscript)", raw.postscript.len()));
        }
    }
    for w in decode_warnings {
        if w.message.contains("could not be decoded") {
            problems.push(problem("structure", "section", w.message.clone()));
        } else {
            notes.push(w.message.clone());
        }
    }
    // Only the count is needed: counted, not made (it was 13 % of `check` over a folder).
    let slot_count = model.unwrap_or(puzzle).slot_count();
    let stored = usize::from(raw.clue_count_field());
    if stored != raw.clues.len() {
        problems.push(problem(
            "structure",
            "clue-count-field",
            format!("the header's clue count field reads {stored} but {} clues were found", raw.clues.len()),
        ));
    }
    // A puzzle clued only by lists other than Across and Down (a rows garden, a spiral) has no
    // clue per slot: its words are checked instead.
    let own_lists = model.is_some_and(|m| m.clues.is_empty() && !m.other_lists.is_empty());
    if let Some(m) = model {
        check_other_words(m, &mut problems);
    }
    if raw.clues.len() != slot_count && !own_lists {
        problems.push(problem(
            "clues",
            "clue-count",
            format!("{} clue strings for {} numbered slots", raw.clues.len(), slot_count),
        ));
    }
    check_rebus(puzzle, &mut problems, &mut notes);
    let (fill, filled_cells, open_cells) = check_fill(puzzle, raw, &mut problems, &mut notes);
    Report { problems, notes, fill, filled_cells, open_cells }
}

/// The words the file defines as cell lists (other lists, and Across/Down clues whose word is
/// not their slot's run): every cell inside the grid and open.
fn check_other_words(puzzle: &Puzzle, problems: &mut Vec<Problem>) {
    // The file's own words of Across and Down clues too.
    for (k, cells) in puzzle.words.iter().flatten().enumerate() {
        if let Some(&i) =
            cells.iter().find(|&&i| puzzle.solution.get(i).is_none_or(|&b| crate::numbering::is_block(b)))
        {
            problems.push(problem(
                "clues",
                "word-cells",
                format!(
                    "the word of clue {} holds the cell at {}, which is a block or outside the grid",
                    k + 1,
                    at(puzzle, i)
                ),
            ));
        }
    }
    for list in &puzzle.other_lists {
        for clue in &list.clues {
            let bad = clue
                .cells
                .iter()
                .find(|&&i| puzzle.solution.get(i).is_none_or(|&b| crate::numbering::is_block(b)));
            if let Some(&i) = bad {
                problems.push(problem(
                    "clues",
                    "word-cells",
                    format!(
                        "clue {:?} of the {:?} list: its word holds the cell at {}, which is a block or outside the grid",
                        clue.label,
                        list.title,
                        at(puzzle, i)
                    ),
                ));
            }
        }
    }
}

fn at(puzzle: &Puzzle, index: usize) -> String {
    let w = puzzle.width.max(1);
    format!("row {}, column {}", index / w + 1, index % w + 1)
}

fn check_rebus(puzzle: &Puzzle, problems: &mut Vec<Problem>, notes: &mut Vec<String>) {
    let Some(rebus) = &puzzle.rebus else {
        return;
    };
    let locked = puzzle.state() == SolutionState::Locked;
    let mut used = vec![false; rebus.table.len()];
    for (i, &v) in rebus.cells.iter().enumerate() {
        let Some(key) = v.checked_sub(1) else { continue };
        match rebus.table.iter().position(|(k, _)| *k == key) {
            None => problems.push(problem(
                "rebus",
                "missing-key",
                format!("the rebus cell at {} refers to key {key}, which RTBL lacks", at(puzzle, i)),
            )),
            Some(t) => {
                used[t] = true;
                // An answer that starts with a character no `.puz` letter is (`–`, `’`, `É`: an
                // acrostic's punctuation, read from ipuz or JPZ) has no first letter to hold.
                let first = rebus.table[t]
                    .1
                    .bytes()
                    .next()
                    .filter(|b| b.is_ascii() && !crate::numbering::is_block(*b));
                let cell = puzzle.solution.get(i).copied();
                if !locked && first.is_some() && first.map(|b| b.to_ascii_uppercase()) != cell {
                    problems.push(problem(
                        "rebus",
                        "first-letter",
                        format!(
                            "the rebus cell at {} holds {:?} but its answer {:?} starts otherwise",
                            at(puzzle, i),
                            cell.map(char::from).unwrap_or(' '),
                            rebus.table[t].1
                        ),
                    ));
                }
            }
        }
    }
    for ((key, answer), used) in rebus.table.iter().zip(used) {
        if !used {
            notes.push(format!("rebus entry {key} ({answer}) is not used by any cell"));
        }
    }
}

fn check_fill(
    puzzle: &Puzzle,
    raw: &crate::raw::PuzFile,
    problems: &mut Vec<Problem>,
    notes: &mut Vec<String>,
) -> (FillStatus, usize, usize) {
    let open: Vec<usize> = (0..puzzle.solution.len()).filter(|&i| !is_block(puzzle.solution[i])).collect();
    let filled = open.iter().filter(|&&i| puzzle.fill.get(i).is_some_and(|&b| b != b'-')).count();
    let status_of_count = |wrong: bool| {
        if filled == 0 {
            FillStatus::Blank
        } else if filled < open.len() {
            FillStatus::Partial
        } else if wrong {
            FillStatus::Wrong
        } else {
            FillStatus::Solved
        }
    };
    let status = match puzzle.state() {
        SolutionState::None => {
            notes.push("the puzzle has no solution; the fill cannot be checked".into());
            if filled == 0 { FillStatus::Blank } else { FillStatus::Unknown }
        }
        SolutionState::Locked => {
            if filled < open.len() {
                if filled > 0 {
                    notes.push("the puzzle is locked: a partial fill cannot be checked".into());
                }
                status_of_count(false)
            } else {
                match raw.locked_fill_matches() {
                    Some(true) => FillStatus::Solved,
                    _ => {
                        problems.push(problem(
                            "fill",
                            "locked-fill-wrong",
                            "the fill does not match the locked solution's checksum (a letter is wrong)",
                        ));
                        FillStatus::Wrong
                    }
                }
            }
        }
        SolutionState::Plain => {
            let mut wrong = false;
            for i in 0..puzzle.solution.len() {
                let Some(&f) = puzzle.fill.get(i) else { continue };
                let s = puzzle.solution[i];
                if f == b'-' || (is_block(s) && is_block(f)) {
                    continue;
                }
                let first_ok = f.to_ascii_uppercase() == s;
                // A cell of one fill byte and no rebus entry is right when its letter is; only
                // a rebus entry, or `ß` (whose capital is `SS`), is compared as text.
                let rebus_entry =
                    puzzle.user_rebus.as_ref().and_then(|u| u.get(i)).is_some_and(|e| !e.is_empty());
                let right = if rebus_entry || f == 0xDF {
                    let entry = puzzle.cell_entry(i).to_uppercase();
                    if entry.chars().count() > 1 {
                        entry == puzzle.cell_answer(i).to_uppercase()
                    } else {
                        first_ok
                    }
                } else {
                    first_ok
                };
                if !right {
                    wrong = true;
                    let answer = puzzle.cell_answer(i).to_uppercase();
                    problems.push(problem(
                        "fill",
                        "wrong-letter",
                        format!(
                            "wrong entry at {}: {:?}, the solution has {:?}",
                            at(puzzle, i),
                            puzzle.cell_entry(i),
                            answer
                        ),
                    ));
                }
            }
            status_of_count(wrong)
        }
    };
    match status {
        FillStatus::Blank => notes.push("the fill is blank".into()),
        FillStatus::Partial => notes.push(format!("the fill is partial: {filled} of {} cells", open.len())),
        _ => {}
    }
    (status, filled, open.len())
}
