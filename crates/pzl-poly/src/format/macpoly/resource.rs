//! MacPoly puzzles inside resource forks: list the puzzle resources (`SBP1`…`SBP9`), choose one
//! by type and ID or by name, open it as a [`PolyDoc`], and save a solved arrangement back into
//! its data the way MacPoly does (the second grid, the time and the operations).

use pzl_core::{Error, Parsed, Result, SolveRequest};
use pzl_macfile::{ResourceFork, fourcc, macroman};

use super::ftor::{PuzzleResource, is_puzzle_type, source_from_resource};
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
    /// How messages name it: `'SBP1' 128 "6 x 6 Square"`.
    pub fn label(&self) -> String {
        format!("'{}' {} \"{}\"", fourcc(&self.code), self.id, macroman::decode(&self.name))
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

/// What [`choose_puzzle`] selects by: any of them may be left out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selector {
    /// The resource type (`SBP2`); without one, any of `SBP0`…`SBP9`.
    pub code: Option<[u8; 4]>,
    /// The resource ID.
    pub id: Option<i16>,
    /// The resource name (as text; matched after encoding to Mac Roman).
    pub name: Option<String>,
}

impl Selector {
    /// Whether anything was asked for (otherwise a file is about its container, not a puzzle).
    pub fn is_empty(&self) -> bool {
        self.code.is_none() && self.id.is_none() && self.name.is_none()
    }
}

/// Every puzzle resource of `fork` (types `SBP0`…`SBP9`), in the fork's order.
pub fn puzzle_resources(fork: &ResourceFork) -> Vec<PuzzleChoice> {
    fork.iter()
        .filter(|(c, _)| is_puzzle_type(c))
        .map(|(c, r)| PuzzleChoice {
            code: *c,
            id: r.id,
            name: r.name.clone().unwrap_or_default(),
            data: r.contents().map_or_else(|_| r.data.clone(), std::borrow::Cow::into_owned),
        })
        .collect()
}

/// The one puzzle resource `selector` names: of its type (`SBP0`…`SBP9` when none is given), its
/// ID and its name. None or several matching is a usage error that lists the file's puzzle
/// resources.
pub fn choose_puzzle(fork: &ResourceFork, selector: &Selector) -> Result<PuzzleChoice> {
    let name = selector.name.as_deref().map(|n| macroman::encode(n).unwrap_or_else(|| n.as_bytes().to_vec()));
    let mut matches = fork
        .iter()
        .filter(|(c, r)| {
            selector.code.as_ref().map_or(is_puzzle_type(c), |want| want == *c)
                && selector.id.is_none_or(|id| id == r.id)
                && name.as_ref().is_none_or(|n| r.name.as_deref() == Some(n.as_slice()))
        })
        .map(|(c, r)| PuzzleChoice {
            code: *c,
            id: r.id,
            name: r.name.clone().unwrap_or_default(),
            data: r.contents().map_or_else(|_| r.data.clone(), std::borrow::Cow::into_owned),
        });
    let listing = || {
        let all: Vec<String> = puzzle_resources(fork).iter().map(PuzzleChoice::label).collect();
        if all.is_empty() { "none".to_string() } else { all.join(", ") }
    };
    match (matches.next(), matches.next()) {
        (Some(only), None) => Ok(only),
        (None, _) => Err(Error::usage(format!(
            "no MacPoly puzzle resource matches; the file's puzzle resources: {}",
            listing()
        ))),
        (Some(_), Some(_)) => Err(Error::usage(format!(
            "several puzzle resources match; choose one with --type and --id, or --name: {}",
            listing()
        ))),
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
    if request.count || request.all || request.distinct || request.trace || request.limit.is_some() {
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
    let problem = puzzle.problem(!request.no_flip);
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
    use crate::format::macpoly::ftor::add_sources;
    use pzl_core::ErrorKind;

    const FIG6: &str = "6 x 6 Square\rCongratulations! Puzzle by David Levner.\r\
        ..................\r.a.a..SSSSSS..b.b.\r.aaaa.SSSSSS.bbbb.\r.aaa..SSSSSS..bbb.\r\
        ......SSSSSS......\r.c.c..SSSSSS..d.d.\r.cccc.SSSSSS.dddd.\r.ccc..........ddd.\r\
        ..................\r";

    fn fork_with(codes: &[&[u8; 4]]) -> ResourceFork {
        let mut fork = ResourceFork::new();
        for code in codes {
            add_sources(&mut fork, **code, &[FIG6.as_bytes().to_vec()]).unwrap();
        }
        fork
    }

    #[test]
    fn one_puzzle_needs_no_selector_and_opens_as_a_doc() {
        let fork = fork_with(&[b"SBP1"]);
        let choice = choose_puzzle(&fork, &Selector::default()).unwrap();
        assert_eq!(choice.label(), "'SBP1' 128 \"6 x 6 Square\"");
        assert_eq!(choice.source().unwrap(), FIG6.as_bytes());
        assert!(matches!(choice.doc().unwrap().value, PolyDoc::MacPoly { .. }));
        assert_eq!(puzzle_resources(&fork).len(), 1);
    }

    #[test]
    fn none_or_several_matching_list_the_puzzles() {
        let fork = fork_with(&[b"SBP1", b"SBP2"]);
        let e = choose_puzzle(&fork, &Selector::default()).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Usage);
        assert_eq!(
            e.message,
            "several puzzle resources match; choose one with --type and --id, or --name: \
             'SBP1' 128 \"6 x 6 Square\", 'SBP2' 128 \"6 x 6 Square\""
        );
        let e = choose_puzzle(&fork, &Selector { id: Some(200), ..Selector::default() }).unwrap_err();
        assert!(
            e.message.starts_with("no MacPoly puzzle resource matches; the file's puzzle resources: 'SBP1'")
        );
        let two = Selector { code: Some(*b"SBP2"), ..Selector::default() };
        assert_eq!(choose_puzzle(&fork, &two).unwrap().code, *b"SBP2");
        let e = choose_puzzle(&ResourceFork::new(), &Selector::default()).unwrap_err();
        assert!(e.message.ends_with("resources: none"), "{e}");
    }

    #[test]
    fn saving_writes_the_arrangement_and_the_numbers() {
        let fork = fork_with(&[b"SBP1"]);
        let choice =
            choose_puzzle(&fork, &Selector { name: Some("6 x 6 Square".into()), ..Selector::default() })
                .unwrap();
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
        let no_flip = SolveRequest { no_flip: true, ..SolveRequest::default() };
        assert!(matches!(save_arrangement(&choice, &no_flip).unwrap(), SaveOutcome::NoSolution(_)));
        let all = SolveRequest { all: true, ..SolveRequest::default() };
        assert_eq!(save_arrangement(&choice, &all).unwrap_err().kind, ErrorKind::Usage);
    }
}
