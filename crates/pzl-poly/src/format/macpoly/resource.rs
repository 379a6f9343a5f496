//! MacPoly puzzles inside resource forks: a puzzle resource (`SBP1`…`SBP9`) a container hands
//! over as a member, opened as a [`PolyDoc`], and a solved arrangement saved back into its data
//! the way MacPoly does (the second grid, the time and the operations). Listing and choosing the
//! members is the container's and the facade's.

use pzl_core::{Error, Parsed, Result, SolveRequest};

use super::ftor::{PuzzleResource, from_mac_roman, mac_roman, source_from_resource, type_text};
use crate::kind::PolyDoc;
use crate::packer::{SearchOptions, Solution};

/// One puzzle resource of a fork, copied out of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleChoice {
    /// The resource type, `SBP1`…`SBP9` (or the type asked for).
    pub code: [u8; 4],
    /// The resource ID.
    pub id: i16,
    /// The resource name (Mac Roman), empty when it has none.
    pub name: Vec<u8>,
    /// The resource data.
    pub data: Vec<u8>,
}

impl PuzzleChoice {
    /// The puzzle resource a container's member is (its type, ID, name and data).
    pub fn of(member: &pzl_core::Member) -> Result<PuzzleChoice> {
        let bad = || Error::usage(format!("{} is not a MacPoly puzzle resource", member.label));
        let code = <[u8; 4]>::try_from(member.stored_as.as_bytes()).map_err(|_| bad())?;
        let id = member.id.and_then(|id| i16::try_from(id).ok()).ok_or_else(bad)?;
        let name = mac_roman(&member.name).unwrap_or_else(|| member.name.as_bytes().to_vec());
        Ok(PuzzleChoice { code, id, name, data: member.bytes.clone() })
    }

    /// How messages name it: `'SBP1' 128 "6 x 6 Square"`.
    pub fn label(&self) -> String {
        format!("'{}' {} \"{}\"", type_text(&self.code), self.id, from_mac_roman(&self.name))
    }

    /// The MacPoly source file the resource was made from (name, message, grid; CR line ends).
    /// Errors are placed in the resource (`'SBP1' 128 "…"`).
    pub fn source(&self) -> Result<Vec<u8>> {
        source_from_resource(&self.code, &self.name, &self.data).map_err(|e| e.in_file(self.label()))
    }

    /// The resource as a document of the `poly` kind, with the reader's warnings. Errors and
    /// warnings are placed in the resource's source (line 1 is the resource name).
    pub fn doc(&self) -> Result<Parsed<PolyDoc>> {
        let source = self.source()?;
        crate::kind::read_macpoly(&source).map_err(|e| e.in_file(self.label()))
    }
}

/// An arrangement saved into a puzzle resource.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedArrangement {
    /// The resource's new data (every byte but the second grid and the numbers kept).
    pub data: Vec<u8>,
    /// The saved grid's rows, as written into the data.
    pub rows: Vec<Vec<u8>>,
}

/// How [`save_arrangement`] went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveOutcome {
    /// Solved and saved.
    Saved(SavedArrangement),
    /// No arrangement to save: the reason when one is known (an impossibility proof, the timeout).
    NoSolution(Option<String>),
}

/// `pzl solve --save`: solve the chosen puzzle and write the arrangement into the resource's
/// second grid (pieces beside the shape cleared to `.`, the shape's squares lettered in upper case
/// by the piece covering them), set the time (whole seconds the search took) and the operations
/// (one move per piece), and lower the records when beaten. The request may say `no_flip`,
/// `timeout`, `jobs` and `cancel`; `count`, `all`, `distinct` and `trace` are usage errors (one
/// arrangement is kept). Writing the fork and its container back is the caller's.
pub fn save_arrangement(choice: &PuzzleChoice, request: &SolveRequest) -> Result<SaveOutcome> {
    if request.count
        || request.all
        || request.distinct
        || request.settings.given("trace")
        || request.limit.is_some()
    {
        return Err(Error::usage(
            "--save keeps one arrangement: leave out --count, --all, --distinct and --trace",
        ));
    }
    let resource = PuzzleResource::parse(&choice.data).map_err(|e| e.in_file(choice.label()))?;
    let doc = choice.doc()?.value;
    let PolyDoc::MacPoly { file, .. } = &doc else {
        return Err(Error::usage("--save needs a MacPoly puzzle resource"));
    };
    let puzzle = file.puzzle().map_err(|e| Error::from(e).in_file(choice.label()))?;
    let problem = puzzle.problem(!request.settings.flag("no-flip"));
    if let Some(reason) = problem.impossibility() {
        return Ok(SaveOutcome::NoSolution(Some(reason.to_string())));
    }
    let started = pzl_core::time::Instant::now();
    let options = SearchOptions {
        timeout: request.timeout,
        cancel: request.cancel.clone(),
        ..SearchOptions::default()
    };
    let mut found: Option<Solution> = None;
    let outcome = problem.search_solutions(false, options, |s| {
        found = Some(s.clone());
        std::ops::ControlFlow::Break(())
    });
    let Some(solution) = found else {
        let reason = outcome
            .timed_out
            .then(|| format!("timed out after {} s without finding a solution", request.timeout_seconds()));
        return Ok(SaveOutcome::NoSolution(reason));
    };
    let seconds = u32::try_from(started.elapsed().as_secs()).unwrap_or(u32::MAX);
    // The board is the shape cropped to its bounding box: find where it lies in the grid.
    let on_shape = |b: u8| b == b'S' || b.is_ascii_uppercase();
    let top = resource.grid.iter().position(|row| row.iter().any(|&b| on_shape(b))).unwrap_or(0);
    let left = resource.grid.iter().filter_map(|r| r.iter().position(|&b| on_shape(b))).min().unwrap_or(0);
    let mut rows: Vec<Vec<u8>> = resource
        .grid
        .iter()
        .map(|r| r.iter().map(|&b| if b.is_ascii_lowercase() { b'.' } else { b }).collect())
        .collect();
    for placement in &solution.placements {
        let Some(piece) = puzzle.pieces.get(placement.piece) else { continue };
        for pos in &placement.cells {
            if let Some(cell) = rows.get_mut(pos.row + top).and_then(|r| r.get_mut(pos.col + left)) {
                *cell = piece.letter.to_ascii_uppercase() as u8;
            }
        }
    }
    let operations = u32::try_from(puzzle.pieces.len()).unwrap_or(u32::MAX);
    let [_, _, record_time, record_operations] = resource.numbers;
    let numbers = [seconds, operations, record_time.min(seconds), record_operations.min(operations)];
    let data = resource.with_saved(&choice.data, &rows, numbers).map_err(|e| e.in_file(choice.label()))?;
    Ok(SaveOutcome::Saved(SavedArrangement { data, rows }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::macpoly::ftor::resources_from_sources;
    use pzl_core::ErrorKind;

    const FIG6: &str = "6 x 6 Square\rCongratulations! Puzzle by David Levner.\r\
        ..................\r.a.a..SSSSSS..b.b.\r.aaaa.SSSSSS.bbbb.\r.aaa..SSSSSS..bbb.\r\
        ......SSSSSS......\r.c.c..SSSSSS..d.d.\r.cccc.SSSSSS.dddd.\r.ccc..........ddd.\r\
        ..................\r";

    /// The puzzle resource FIG6 stored as, through the ftor path.
    fn choice() -> PuzzleChoice {
        let made = resources_from_sources(*b"SBP1", &[FIG6.as_bytes().to_vec()]).unwrap();
        let [(name, data)] = made.try_into().unwrap();
        PuzzleChoice { code: *b"SBP1", id: 128, name, data }
    }

    #[test]
    fn a_puzzle_resource_opens_as_a_doc() {
        let choice = choice();
        assert_eq!(choice.label(), "'SBP1' 128 \"6 x 6 Square\"");
        assert_eq!(choice.source().unwrap(), FIG6.as_bytes());
        assert!(matches!(choice.doc().unwrap().value, PolyDoc::MacPoly { .. }));
        let member = pzl_core::Member {
            stored_as: "SBP1".into(),
            id: Some(128),
            name: "6 x 6 Square".into(),
            label: choice.label(),
            bytes: choice.data.clone(),
        };
        assert_eq!(PuzzleChoice::of(&member).unwrap(), choice);
        let e = PuzzleChoice::of(&pzl_core::Member { id: None, ..member }).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Usage);
    }

    #[test]
    fn saving_writes_the_arrangement_and_the_numbers() {
        let choice = choice();
        let SaveOutcome::Saved(saved) = save_arrangement(&choice, &SolveRequest::default()).unwrap() else {
            panic!("the square has a solution");
        };
        assert_eq!(saved.data.len(), choice.data.len());
        assert_eq!(saved.rows.len(), 9);
        assert!(saved.rows.iter().all(|r| !r.iter().any(|b| b.is_ascii_lowercase() || *b == b'S')));
        let letters: usize = saved.rows.iter().flatten().filter(|b| b.is_ascii_uppercase()).count();
        assert_eq!(letters, 36);
        let again = PuzzleResource::parse(&saved.data).unwrap();
        assert_eq!(again.saved, saved.rows);
        assert_eq!(again.numbers[1], 4);
        let no_flip = SolveRequest::default().with("no-flip", pzl_core::settings::Value::On);
        assert!(matches!(save_arrangement(&choice, &no_flip).unwrap(), SaveOutcome::NoSolution(_)));
        let all = SolveRequest { all: true, ..SolveRequest::default() };
        assert_eq!(save_arrangement(&choice, &all).unwrap_err().kind, ErrorKind::Usage);
    }
}
