//! `check` for polyomino puzzles: a puzzle that can be proved impossible without searching (areas,
//! a piece that fits nowhere, colourings), or a solution attached to a puzzle that is not one.

use pzl_core::FormatTable as _;

use pzl_core::{CheckReport, Fact, Problem, Result};

use crate::format::macpoly::{MacPolyError, SourceFile, SourceKind};
use crate::kind::{NAME, PolyDoc};

/// Check `doc`: with an attached solution, verify it against the puzzle (a piece of the solution
/// in several parts is a problem, not an error); otherwise look for a proof that the puzzle has
/// no solution. `no_flip` forbids turning pieces over. What the reader only warned about comes
/// as notes.
pub fn check(doc: &PolyDoc, no_flip: bool) -> Result<CheckReport> {
    let format = doc.format().name();
    let mut problems = Vec::new();
    let mut notes = Vec::new();
    let verdict;
    match doc {
        PolyDoc::MacPoly { file, solution: Some(solution) } => {
            notes.extend(reread_warnings(file, ""));
            notes.extend(reread_warnings(solution, "the solution: "));
            let puzzle = file.puzzle()?;
            match puzzle.read_solution(solution) {
                Ok((found, faults)) => {
                    problems.extend(faults.into_iter().map(|f| Problem::new("unknown-piece", f)));
                    let problem = puzzle.problem(!no_flip);
                    problems.extend(
                        problem.verify(&found).into_iter().map(|f| Problem::new("not-a-solution", f)),
                    );
                }
                // A readable file whose piece falls apart is a wrong solution, not bad input.
                Err(e @ MacPolyError::NotConnected { piece, .. }) => problems.push(
                    Problem::new(
                        "not-connected",
                        format!(
                            "the squares of piece `{}` are not connected, so it is not one piece",
                            piece.to_ascii_uppercase()
                        ),
                    )
                    .at(e.location()),
                ),
                Err(e) => return Err(e.into()),
            }
            verdict = "the solution is correct";
        }
        PolyDoc::MacPoly { file, solution: None } => {
            notes.extend(reread_warnings(file, ""));
            if file.kind == SourceKind::Puzzle {
                if let Some(reason) = file.puzzle()?.problem(!no_flip).impossibility() {
                    problems
                        .push(Problem::new("impossible", format!("the puzzle has no solution: {reason}")));
                }
                verdict = "no proof that the puzzle cannot be solved";
            } else {
                if let Err(e @ MacPolyError::NotConnected { piece, .. }) = file.puzzle() {
                    problems.push(
                        Problem::new(
                            "not-connected",
                            format!(
                                "the squares of piece `{}` are not connected",
                                piece.to_ascii_uppercase()
                            ),
                        )
                        .at(e.location()),
                    );
                }
                verdict = "every piece of the solution is in one part";
            }
        }
        PolyDoc::Pack { solution, .. } => {
            let problem = doc.problem(no_flip)?;
            match solution {
                Some(found) => {
                    problems
                        .extend(problem.verify(found).into_iter().map(|f| Problem::new("not-a-solution", f)));
                    verdict = "the solution is correct";
                }
                None => {
                    if let Some(reason) = problem.impossibility() {
                        problems.push(Problem::new(
                            "impossible",
                            format!("the puzzle has no solution: {reason}"),
                        ));
                    }
                    verdict = "no proof that the puzzle cannot be solved";
                }
            }
        }
    }
    let flips = doc.problem(no_flip).map_or(!no_flip, |p| p.flips);
    let mut report = CheckReport::new(NAME, format, verdict, problems).fact(Fact::with_text(
        "flips",
        "flips",
        flips,
        if flips { "allowed" } else { "not allowed" },
    ));
    report.notes = notes;
    Ok(report)
}

/// The warnings the reader gives for `file` (read again from its bytes, which it keeps exactly).
fn reread_warnings(file: &SourceFile, prefix: &str) -> Vec<String> {
    SourceFile::parse(&file.to_bytes())
        .map(|p| p.warnings.iter().map(|w| format!("{prefix}{w}")).collect())
        .unwrap_or_default()
}
