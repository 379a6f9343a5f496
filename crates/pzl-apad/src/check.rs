//! Strict verification of a file of boards: every board must be a solution (all pieces placed,
//! the uncovered squares one real date), and the file must end on a whole board. Duplicate
//! boards and boards not in canonical encoding are notes, not problems.

use pzl_core::FormatTable as _;

use pzl_core::{CheckReport, Fact, Location, Problem};

use crate::format::apad as codec;
use crate::model::set::BoardSet;

/// What ok means for a file of boards.
pub const VERDICT: &str = "every board is a solution";

/// The repeated boards a check names one by one; the rest are counted in one note (findings R7:
/// 40 copies of the reference file gave 951,798 note lines).
pub const REPEATS_LISTED: usize = 20;

/// Check every board of `set`.
pub fn check(set: &BoardSet) -> CheckReport {
    let puzzle = &set.puzzle;
    let mut problems = Vec::new();
    let mut notes = Vec::new();
    if let Some(p) = &set.partial {
        problems.push(
            Problem::new(
                "partial-board",
                format!(
                    "a partial board of {} bytes at the end (boards are {} bytes)",
                    p.bytes.len(),
                    set.chunk_len()
                ),
            )
            .at(Location::Offset(p.offset)),
        );
    }
    let mut seen = std::collections::HashMap::new();
    let mut non_canonical = 0;
    let mut repeats = 0usize;
    for (i, (decoded, raw)) in set.boards.iter().zip(set.bytes.chunks_exact(set.chunk_len())).enumerate() {
        let at = set.place(i);
        let name = format!("board {}", i + 1);
        for problem in &decoded.problems {
            problems.push(Problem::new("placement", format!("{name}: {problem}")).at(at.clone()));
        }
        if let Err(why) = decoded.board.answer(puzzle) {
            problems.push(Problem::new("not-a-solution", format!("{name}: {why}")).at(at.clone()));
        }
        if let Some(first) = seen.insert(&decoded.board, i) {
            seen.insert(&decoded.board, first);
            repeats += 1;
            if repeats <= REPEATS_LISTED {
                notes.push(format!("{name} ({at}): the same board as board {}", first + 1));
            }
        }
        if codec::encode_board(puzzle, &decoded.board, i).ok().as_deref() != Some(raw) {
            non_canonical += 1;
        }
    }
    if repeats > REPEATS_LISTED {
        notes.push(format!(
            "… and {} more boards that repeat an earlier one ({repeats} repeats in all)",
            repeats - REPEATS_LISTED
        ));
    }
    if non_canonical > 0 {
        notes.push(if non_canonical == 1 {
            "1 board is not in canonical encoding".to_string()
        } else {
            format!("{non_canonical} boards are not in canonical encoding")
        });
    }
    let verdict = format!("{} boards, each a solution", set.boards.len());
    let mut report = CheckReport::new(crate::kind::NAME, set.format.name(), verdict, problems)
        .fact(Fact::new("puzzle", &set.puzzle.name))
        .fact(Fact::new("boards", set.boards.len()));
    report.notes = notes;
    report
}
