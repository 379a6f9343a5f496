//! The `poly` kind: polyomino packing puzzles in MacPoly source files and `pzl-pack` files,
//! through the contract every pzl kind shares ([`pzl_core::Kind`]).

use pzl_core::{
    CheckReport, Error, Fact, Info, Kind, Parsed, RenderRequest, Result, SolveRequest, Solved, Warning,
    Written,
};

use crate::format::macpoly::{MacPolyError, SourceFile, SourceKind};
use crate::format::pack::{self, PackFile};
use crate::format::{ALL, Format};
use crate::packer::{Problem, Solution};

/// The kind's name.
pub const NAME: &str = "poly";

/// A document of the `poly` kind: a MacPoly source file (puzzle or solution) or a `pzl-pack`
/// problem, with a solution when one is attached (`combine`, i.e. `check --solution`) or found
/// (`solve`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PolyDoc {
    /// A MacPoly source file, kept byte for byte.
    MacPoly {
        /// The file as read.
        file: SourceFile,
        /// A solution file attached to a puzzle, to be checked against it.
        solution: Option<SourceFile>,
    },
    /// A `pzl-pack` problem.
    Pack {
        /// The problem.
        file: PackFile,
        /// The bytes it was read from, written back unchanged when `file` still reads from them.
        source: Vec<u8>,
        /// A packing of the problem's pieces (indices into `file.problem(None).pieces`).
        solution: Option<Solution>,
    },
}

impl PolyDoc {
    /// A MacPoly source file as a document.
    pub fn macpoly(file: SourceFile) -> PolyDoc {
        PolyDoc::MacPoly { file, solution: None }
    }

    /// A `pzl-pack` problem as a document (its source is the canonical text).
    pub fn pack(file: PackFile) -> PolyDoc {
        let source = file.to_text().into_bytes();
        PolyDoc::Pack { file, source, solution: None }
    }

    /// The format the document is in: a MacPoly file's kind decides between `macpoly` and
    /// `macpoly-solution`.
    pub fn format(&self) -> Format {
        match self {
            PolyDoc::MacPoly { file, .. } if file.kind == SourceKind::Solution => Format::MacPolySolution,
            PolyDoc::MacPoly { .. } => Format::MacPoly,
            PolyDoc::Pack { .. } => Format::Pack,
        }
    }

    /// The title: a MacPoly file's name line, a pack file's `title` (or `Untitled`).
    pub fn title(&self) -> String {
        match self {
            PolyDoc::MacPoly { file, .. } => file.name(),
            PolyDoc::Pack { file, .. } => file.title.clone().unwrap_or_else(|| "Untitled".into()),
        }
    }

    /// The packing problem; `no_flip` forbids turning pieces over (a pack file's `flips no` does
    /// too). A MacPoly file whose grid is not a puzzle gives its reader's error.
    pub fn problem(&self, no_flip: bool) -> Result<Problem> {
        match self {
            PolyDoc::MacPoly { file, .. } => Ok(file.puzzle()?.problem(!no_flip)),
            PolyDoc::Pack { file, .. } => Ok(file.problem(no_flip.then_some(false))),
        }
    }
}

/// Read a MacPoly source file (puzzle or solution, by its content) as a document. A puzzle must
/// make a puzzle (connected pieces, a shape); a solution whose piece falls apart is read with a
/// warning, since checking it is what such a file is for.
pub fn read_macpoly(bytes: &[u8]) -> Result<Parsed<PolyDoc>> {
    let Parsed { value: file, mut warnings } = SourceFile::parse(bytes)?;
    match file.puzzle() {
        Ok(_) => {}
        Err(e @ MacPolyError::NotConnected { .. }) if file.kind == SourceKind::Solution => {
            warnings.push(Warning::at(e.location(), e.message()));
        }
        Err(e) => return Err(e.into()),
    }
    Ok(Parsed::with(PolyDoc::macpoly(file), warnings))
}

/// Read a `pzl-pack` file as a document.
pub fn read_pack(bytes: &[u8]) -> Result<Parsed<PolyDoc>> {
    let parsed = PackFile::parse(bytes)?;
    Ok(parsed.map(|file| PolyDoc::Pack { file, source: bytes.to_vec(), solution: None }))
}

/// The kind `poly`: MacPoly puzzles and solutions, and `pzl-pack` problems.
#[derive(Debug, Clone, Copy, Default)]
pub struct PolyKind;

fn convert_error(from: Format, to: Format, why: &str) -> Error {
    Error::usage(format!("cannot convert {} to {}: {why}", from.name(), to.name()))
}

const SOLVE_FIRST: &str = "solve the puzzle to get a solution (`pzl solve -o FILE`)";

impl Kind for PolyKind {
    const NAME: &'static str = NAME;
    type Doc = PolyDoc;
    type Format = Format;
    type Params = ();

    fn formats() -> &'static [Format] {
        &ALL
    }

    fn format_info(format: Format) -> &'static pzl_core::FormatInfo {
        format.info()
    }

    fn read(bytes: &[u8], format: Format, _params: &()) -> Result<Parsed<PolyDoc>> {
        match format {
            Format::Pack => read_pack(bytes),
            Format::MacPoly | Format::MacPolySolution => {
                let mut parsed = read_macpoly(bytes)?;
                let found = parsed.value.format();
                if found != format {
                    parsed.warnings.push(Warning::new(format!(
                        "read as {} ({}): the grid {}",
                        found.name(),
                        found.info().description,
                        if found == Format::MacPoly {
                            "has `S` or lower-case letters"
                        } else {
                            "has no `S` and no lower-case letter"
                        }
                    )));
                }
                Ok(parsed)
            }
        }
    }

    fn write(doc: &PolyDoc, format: Format) -> Result<Written> {
        let from = doc.format();
        match doc {
            PolyDoc::MacPoly { file, solution } => {
                let mut lost = Vec::new();
                if solution.is_some() {
                    lost.push("the attached solution".to_string());
                }
                let bytes = match (from, format) {
                    (f, t) if f == t => file.to_bytes(),
                    (Format::MacPoly, Format::Pack) => {
                        let puzzle = file.puzzle()?;
                        lost.push("the layout of the grid (where each piece is drawn)".into());
                        if puzzle.pieces.iter().any(|p| p.on_shape) {
                            lost.push("which pieces start on the shape".into());
                        }
                        let problem = puzzle.problem(true);
                        PackFile::from_problem(&problem, Some(puzzle.name.clone()), puzzle.message.clone())
                            .to_text()
                            .into_bytes()
                    }
                    (Format::MacPoly, _) => return Err(convert_error(from, format, SOLVE_FIRST)),
                    _ => {
                        return Err(convert_error(
                            from,
                            format,
                            &format!("a solution is no puzzle; {SOLVE_FIRST}"),
                        ));
                    }
                };
                Ok(Written { bytes, lost })
            }
            PolyDoc::Pack { file, source, solution } => {
                let mut lost = Vec::new();
                if solution.is_some() {
                    lost.push("the solution".to_string());
                }
                let bytes = match format {
                    Format::Pack => {
                        let unchanged = PackFile::parse(source).is_ok_and(|p| p.value == *file);
                        if unchanged { source.clone() } else { file.to_text().into_bytes() }
                    }
                    Format::MacPoly => {
                        let bytes = file.to_macpoly()?;
                        let letters = crate::format::macpoly::SourceFile::parse(&bytes)
                            .ok()
                            .and_then(|p| p.value.puzzle().ok())
                            .map(|p| p.pieces.iter().map(|x| x.letter.to_string()).collect::<Vec<_>>())
                            .unwrap_or_default();
                        let names: Vec<String> =
                            file.problem(None).pieces.into_iter().map(|p| p.name).collect();
                        if names != letters {
                            lost.push("the piece names (MacPoly names pieces by letter)".into());
                        }
                        bytes
                    }
                    Format::MacPolySolution => return Err(convert_error(from, format, SOLVE_FIRST)),
                };
                Ok(Written { bytes, lost })
            }
        }
    }

    fn info(doc: &PolyDoc) -> Info {
        match doc {
            PolyDoc::MacPoly { file, .. } => macpoly_info(file),
            PolyDoc::Pack { file, solution, .. } => pack_info(file, solution.is_some()),
        }
    }

    fn combine(doc: &PolyDoc, other: &PolyDoc) -> Result<Parsed<PolyDoc>> {
        let PolyDoc::MacPoly { file, .. } = doc else {
            return Err(Error::usage(
                "--solution checks MacPoly solution files; pzl-pack problems have no solution file format",
            ));
        };
        let PolyDoc::MacPoly { file: solution, .. } = other else {
            return Err(Error::syntax("expected a MacPoly solution file (upper-case pieces only)"));
        };
        if solution.kind != SourceKind::Solution {
            return Err(Error::syntax("expected a MacPoly solution file (upper-case pieces only)"));
        }
        Ok(Parsed::clean(PolyDoc::MacPoly { file: file.clone(), solution: Some(solution.clone()) }))
    }

    fn check(doc: &PolyDoc) -> Result<CheckReport> {
        crate::check::check(doc, false)
    }

    fn render(doc: &PolyDoc, request: &RenderRequest) -> Result<Vec<u8>> {
        crate::render::render(doc, request)
    }

    fn solve(doc: &PolyDoc, request: &SolveRequest) -> Result<Solved<PolyDoc>> {
        crate::solve::solve(doc, request)
    }
}

impl PolyKind {
    /// `check` with pieces that may not be turned over (`check --no-flip`).
    pub fn check_no_flip(doc: &PolyDoc) -> Result<CheckReport> {
        crate::check::check(doc, true)
    }
}

/// The fact comparing the pieces' area with the shape's.
fn areas_fact(shape_area: usize, piece_area: usize) -> Fact {
    let text = if shape_area == piece_area {
        format!("the pieces cover {piece_area} squares: the areas match")
    } else {
        format!(
            "MISMATCH: the pieces cover {piece_area} squares but the shape has {shape_area}; the puzzle \
             cannot be solved"
        )
    };
    Fact::with_text("areas_match", "areas", shape_area == piece_area, text)
}

fn macpoly_info(file: &SourceFile) -> Info {
    let format = if file.kind == SourceKind::Solution { Format::MacPolySolution } else { Format::MacPoly };
    let title = format!("MacPoly {} source file", file.kind.name());
    let name = file.name();
    let mut info = Info::new(NAME, format.name(), title)
        .fact(Fact::hidden("kind", file.kind))
        .fact(Fact::with_text("name", "name", &name, name.clone()));
    if let Some(message) = file.message() {
        info = info.fact(Fact::with_text("message", "message", &message, message.clone()));
    }
    let (w, h) = (file.grid_lines().iter().map(|l| l.text.len()).max().unwrap_or(0), file.grid_lines().len());
    info = info.fact(Fact::with_text("grid", "grid", [w, h], format!("{w} x {h}")));
    let puzzle = match file.puzzle() {
        Ok(puzzle) => puzzle,
        Err(e) => {
            let e = Error::from(e);
            return info.fact(Fact::with_text("problem", "problem", e.to_string(), e.to_string()));
        }
    };
    let shape_area = puzzle.board.area();
    let piece_area: usize = puzzle.pieces.iter().map(|p| p.shape.len()).sum();
    let pieces: Vec<serde_json::Value> = puzzle
        .pieces
        .iter()
        .map(|p| serde_json::json!({"letter": p.letter.to_string(), "area": p.shape.len(), "on_shape": p.on_shape}))
        .collect();
    let mut text = puzzle.pieces.len().to_string();
    for p in &puzzle.pieces {
        let place = if p.on_shape { "on the shape" } else { "beside the shape" };
        text.push_str(&format!("\n{}  {} squares, {place}", p.letter, p.shape.len()));
    }
    info = info
        .fact(Fact::with_text("pieces", "pieces", pieces, text))
        .fact(Fact::with_text("shape_area", "shape", shape_area, format!("{shape_area} squares")))
        .fact(Fact::hidden("piece_area", piece_area));
    if file.kind == SourceKind::Puzzle {
        info.fact(areas_fact(shape_area, piece_area))
    } else {
        info.fact(Fact::hidden("areas_match", shape_area == piece_area))
    }
}

fn pack_info(file: &PackFile, solved: bool) -> Info {
    let problem = file.problem(None);
    let (shape_area, piece_area) = (problem.board.area(), problem.piece_area());
    let title = if solved { "pzl packing problem, solved" } else { "pzl packing problem" };
    let mut info = Info::new(NAME, pack::NAME, title);
    if let Some(title) = &file.title {
        info = info.fact(Fact::with_text("title", "title", title, title.clone()));
    }
    if let Some(message) = &file.message {
        info = info.fact(Fact::with_text("message", "message", message, message.clone()));
    }
    let flips = if file.flips { "allowed" } else { "not allowed" };
    let (w, h) = (problem.board.width(), problem.board.height());
    let pieces: Vec<serde_json::Value> = file
        .pieces
        .iter()
        .map(|p| serde_json::json!({"name": p.name, "copies": p.copies, "area": p.area()}))
        .collect();
    let name_width = file.pieces.iter().map(|p| p.name.chars().count()).max().unwrap_or(1);
    let mut text = problem.pieces.len().to_string();
    for p in &file.pieces {
        let copies = if p.copies == 1 { String::new() } else { format!(" x {} copies", p.copies) };
        text.push_str(&format!("\n{:<name_width$}  {} squares{copies}", p.name, p.area()));
    }
    info.fact(Fact::with_text("flips", "flips", file.flips, flips))
        .fact(Fact::with_text("board", "board", [w, h], format!("{w} x {h}")))
        .fact(Fact::with_text("pieces", "pieces", pieces, text))
        .fact(Fact::with_text("shape_area", "shape", shape_area, format!("{shape_area} squares")))
        .fact(Fact::hidden("piece_area", piece_area))
        .fact(areas_fact(shape_area, piece_area))
}
