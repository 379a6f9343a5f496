//! The `poly` kind: polyomino packing puzzles in MacPoly source files and `pzl-pack` files,
//! through the contract every pzl kind shares ([`pzl_core::Kind`]).

use pzl_core::FormatTable as _;
use pzl_core::settings::{Setting, SettingType, Verb};

use pzl_core::{
    CheckReport, Error, Fact, Info, InfoRequest, Kind, Member, Parsed, RenderRequest, Result, SavedMember,
    SolveRequest, Solved, Warning, Written,
};

use crate::format::Format;
use crate::format::macpoly::{MacPolyError, SourceFile, SourceKind};
use crate::format::pack::{self, PackFile};
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
    /// too). A MacPoly file whose grid is not a puzzle gives its reader's error; a problem too
    /// large to search ([`crate::packer::MAX_PLACEMENTS`]) a limit error.
    pub fn problem(&self, no_flip: bool) -> Result<Problem> {
        let problem = match self {
            PolyDoc::MacPoly { file, .. } => file.puzzle()?.problem(!no_flip),
            PolyDoc::Pack { file, .. } => file.problem(no_flip.then_some(false)),
        };
        problem
            .check_size()
            .map_err(|why| Error::limit(why).hint("give fewer or larger pieces, or a smaller board"))?;
        Ok(problem)
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
    const TITLE: &'static str = "Polyomino";
    type Doc = PolyDoc;
    type Format = Format;
    type Params = ();

    fn settings() -> &'static [Setting] {
        const SETTINGS: &[Setting] = &[
            Setting::flag("poly", "all", &[Verb::Solve], "Print every solution, not just the first."),
            Setting::flag("poly", "distinct", &[Verb::Solve], "Count or list solutions up to the shape's symmetries."),
            Setting::flag("poly", "no-flip", &[Verb::Check, Verb::Solve], "Pieces may turn but not flip over."),
            Setting::valued(
                "poly",
                "shard",
                SettingType::Text,
                "K/N",
                &[Verb::Solve],
                "With --count: count only shard K (from 0) of N of a deterministic split and write its result as JSON (to -o); add the shards up with `pzl merge`.",
            ),
            Setting::valued(
                "poly",
                "resume",
                SettingType::Path,
                "FILE",
                &[Verb::Solve],
                "With --shard: go on with the unfinished result an earlier run of the same shard wrote (stopped by --timeout or Ctrl-C), counting only what it had not.",
            )
            .requiring("shard"),
        ];
        SETTINGS
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

    fn info(doc: &PolyDoc, _request: &InfoRequest) -> Info {
        match doc {
            PolyDoc::MacPoly { file, .. } => macpoly_info(file),
            PolyDoc::Pack { file, solution, .. } => pack_info(file, solution.is_some()),
        }
    }

    const COMBINES: bool = true;

    /// A `pzl-pack` problem takes its solution as text (what `pzl solve PROBLEM.pack -o FILE`
    /// writes), which no detection could tell from other grids.
    fn overlay(doc: &PolyDoc, format: Format, bytes: &[u8]) -> Option<Result<Parsed<PolyDoc>>> {
        let text = format == Format::Pack
            && !<Format as pzl_core::FormatTable>::ALL.iter().any(|f| f.info().detects(bytes));
        text.then(|| Self::with_solution_text(doc, bytes))
    }

    /// MacPoly puzzles stored as `SBPn` resources.
    fn member_format(stored_as: &str) -> Option<Format> {
        let code = <[u8; 4]>::try_from(stored_as.as_bytes()).ok()?;
        crate::format::macpoly::ftor::is_puzzle_type(&code).then_some(Format::MacPoly)
    }

    /// The puzzle resource's MacPoly source, read (errors and warnings placed in the resource).
    fn read_member(member: &Member, _format: Format) -> Result<Parsed<PolyDoc>> {
        crate::format::macpoly::resource::PuzzleChoice::of(member)?.doc()
    }

    /// Solve the puzzle resource and save the arrangement into it, as MacPoly does.
    fn save_member(member: &Member, _format: Format, request: &SolveRequest) -> Result<SavedMember> {
        use crate::format::macpoly::resource::{PuzzleChoice, SaveOutcome, save_arrangement};
        Ok(match save_arrangement(&PuzzleChoice::of(member)?, request)? {
            SaveOutcome::NoSolution(reason) => SavedMember::NoSolution(reason),
            SaveOutcome::Saved(saved) => SavedMember::Saved {
                bytes: saved.data,
                rows: saved.rows.iter().map(|r| String::from_utf8_lossy(r).into_owned()).collect(),
            },
        })
    }

    fn combine(doc: &PolyDoc, other: &PolyDoc) -> Result<Parsed<PolyDoc>> {
        let PolyDoc::MacPoly { file, .. } = doc else {
            return Err(Error::usage(
                "a pzl-pack problem takes its solution as text, the board naming each square's piece (what `pzl solve PROBLEM.pack -o FILE` writes)",
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

    /// `no-flip`: pieces may turn but not be turned over.
    fn check_with(doc: &PolyDoc, flags: &[&str]) -> Result<CheckReport> {
        crate::check::check(doc, flags.contains(&"no-flip"))
    }

    fn render(doc: &PolyDoc, request: &RenderRequest) -> Result<pzl_core::Rendered> {
        crate::render::render(doc, request).map(pzl_core::Rendered::new)
    }

    fn solve(doc: &PolyDoc, request: &SolveRequest) -> Result<Solved<PolyDoc>> {
        crate::solve::solve(doc, request)
    }
}

impl PolyKind {
    /// A `pzl-pack` problem with a solution attached from its text form (what `pzl solve
    /// PROBLEM.pack -o FILE` writes: the board with each square naming its piece), for `check
    /// PROBLEM.pack --with FILE`. Errors name the line and column of the text; whether the
    /// packing is right is `check`'s to say.
    fn with_solution_text(doc: &PolyDoc, bytes: &[u8]) -> Result<Parsed<PolyDoc>> {
        let PolyDoc::Pack { file, source, .. } = doc else {
            return Err(Error::usage("a solution as text goes with a pzl-pack problem"));
        };
        let text = std::str::from_utf8(bytes).map_err(|e| {
            Error::syntax("expected UTF-8 text: the board with each square naming its piece")
                .at(pzl_core::Location::Offset(e.valid_up_to()))
        })?;
        let problem = file.problem(None);
        let parsed = crate::format::pack::read_solution(text, &problem)?;
        Ok(parsed.map(|solution| PolyDoc::Pack {
            file: file.clone(),
            source: source.clone(),
            solution: Some(solution),
        }))
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use pzl_core::settings::Value;
    use pzl_core::{ErrorKind, Location, Outcome, Picture, Status};

    use super::*;

    #[test]
    fn every_setting_is_the_kinds_own() {
        for setting in PolyKind::settings() {
            assert_eq!(setting.kind, PolyKind::NAME, "{}", setting.name);
            assert!(!setting.verbs.is_empty() && !setting.help.is_empty(), "{}", setting.name);
        }
    }

    /// Figure 6 of Levner's article (CR line ends).
    const FIG6: &str = "6 x 6 Square\rCongratulations! Puzzle by David Levner.\r\
        ..................\r.a.a..SSSSSS..b.b.\r.aaaa.SSSSSS.bbbb.\r.aaa..SSSSSS..bbb.\r\
        ......SSSSSS......\r.c.c..SSSSSS..d.d.\r.cccc.SSSSSS.dddd.\r.ccc..........ddd.\r\
        ..................\r";
    /// Figure 4: the article's solution (B and D turned over).
    const FIG4: &str = "6 x 6 Square Solution\n........\n.AAABBB.\n.AABBBB.\n.AAABDB.\n.CACDDD.\n.CCCCDD.\n.CCCDDD.\n........\n";
    const PACK: &str = "pzl-pack 1\ntitle 6 x 6 Square\nflips yes\n\nboard\n######\n######\n######\n\
        ######\n######\n######\n\npiece a x2\n#.#.\n####\n###.\n\npiece b x2\n.#.#\n####\n.###\n";

    fn read(text: &str, format: Format) -> PolyDoc {
        PolyKind::read(text.as_bytes(), format, &()).unwrap().value
    }

    fn detect(bytes: &[u8]) -> Option<Format> {
        PolyKind::formats().iter().copied().find(|f| f.info().detects(bytes))
    }

    #[test]
    fn formats_detect_their_content() {
        assert_eq!(detect(FIG6.as_bytes()), Some(Format::MacPoly));
        assert_eq!(detect(FIG4.as_bytes()), Some(Format::MacPolySolution));
        assert_eq!(detect(PACK.as_bytes()), Some(Format::Pack));
        assert_eq!(Format::from_name("pzl-pack"), Some(Format::Pack));
        assert_eq!(Format::Pack.info().confidence, pzl_core::Confidence::Strong);
        assert!(Format::MacPolySolution.info().has_extension("MACPOLYSOL"));
    }

    #[test]
    fn same_format_writes_are_byte_exact() {
        let crlf = FIG6.replace('\r', "\r\n");
        let lenient = PACK.replace('\n', "\r\n");
        for (text, format) in [
            (FIG6, Format::MacPoly),
            (crlf.as_str(), Format::MacPoly),
            (FIG4, Format::MacPolySolution),
            (PACK, Format::Pack),
            (lenient.as_str(), Format::Pack),
        ] {
            let doc = read(text, format);
            let written = PolyKind::write(&doc, format).unwrap();
            assert_eq!(written.bytes, text.as_bytes(), "{format:?}");
            assert!(written.lost.is_empty());
        }
    }

    #[test]
    fn conversions_say_what_they_lose_and_refuse_what_needs_solving() {
        let puzzle = read(FIG6, Format::MacPoly);
        let pack = PolyKind::write(&puzzle, Format::Pack).unwrap();
        assert!(pack.bytes.starts_with(b"pzl-pack 1\ntitle 6 x 6 Square\nmessage Congratulations!"));
        assert_eq!(pack.lost, ["the layout of the grid (where each piece is drawn)"]);
        let e = PolyKind::write(&puzzle, Format::MacPolySolution).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Usage);
        assert!(e.message.contains("solve the puzzle"), "{e}");
        let solution = read(FIG4, Format::MacPolySolution);
        let e = PolyKind::write(&solution, Format::MacPoly).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Usage);
        assert!(e.message.contains("a solution is no puzzle; solve the puzzle"), "{e}");
        let square = read(PACK, Format::Pack);
        let mac = PolyKind::write(&square, Format::MacPoly).unwrap();
        assert!(mac.bytes.starts_with(b"6 x 6 Square\rCongratulations!\r"));
        assert_eq!(mac.lost, ["the piece names (MacPoly names pieces by letter)"]);
        let many = read(
            "pzl-pack 1\nflips yes\n\nboard\n##########################\n\npiece m x26\n#\n",
            Format::Pack,
        );
        let e = PolyKind::write(&many, Format::MacPoly).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Encode);
        assert!(e.message.contains("at most 25 pieces"), "{e}");
    }

    #[test]
    fn read_errors_and_warnings_name_the_place() {
        let e = PolyKind::read(b"Split\nmessage\n.SSS.\n.a.a.\n", Format::MacPoly, &()).unwrap_err();
        assert_eq!((e.kind, e.at.clone()), (ErrorKind::Syntax, Some(Location::line_column(4, 2))));
        assert_eq!(e.to_string(), "line 4, column 2: the squares of piece `a` are not connected");
        let e = PolyKind::read(b"pzl-pack 1\nboard\n#x#\n", Format::Pack, &()).unwrap_err();
        assert_eq!(e.to_string(), "line 3, column 2: `x` in a drawing; expected `#` or `.`");
        let e = PolyKind::read(b"hello\n", Format::Pack, &()).unwrap_err();
        assert_eq!(e.to_string(), "line 1: expected the magic line `pzl-pack 1`");
        let one_line =
            PolyKind::read(b"Name and message\n....\n.SS.\n.a..\n.a..\n", Format::MacPoly, &()).unwrap();
        assert_eq!(one_line.warnings[0].at, Some(Location::line(2)));
        assert!(one_line.warnings[0].message.contains("share line 1"));
        let dashes = PolyKind::read(b"n\nm\n-SS-\n-aa-\n", Format::MacPoly, &()).unwrap();
        assert_eq!(
            dashes.warnings[0].to_string(),
            "line 3, column 1: the grid uses `-` for an empty square; MacPoly's own files use `.`"
        );
        // A solution whose piece falls apart reads, with a warning: checking it is what it is for.
        let split = FIG4.replacen(".AAABBB.", ".DAABBB.", 1).replacen(".CCCDDD.", ".CCCDDA.", 1);
        let parsed = PolyKind::read(split.as_bytes(), Format::MacPolySolution, &()).unwrap();
        assert_eq!(parsed.warnings.len(), 1);
    }

    #[test]
    fn info_lists_pieces_and_areas() {
        let info = PolyKind::info(&read(FIG6, Format::MacPoly), &pzl_core::InfoRequest::FULL);
        let text = info.to_string();
        assert!(text.starts_with("MacPoly puzzle source file (macpoly)\n"), "{text}");
        assert!(text.contains("  name:    6 x 6 Square\n"), "{text}");
        assert!(text.contains("  message: Congratulations! Puzzle by David Levner.\n"), "{text}");
        assert!(text.contains("  grid:    18 x 9\n"), "{text}");
        assert!(text.contains("    d  9 squares, beside the shape\n"), "{text}");
        assert!(text.contains("  shape:   36 squares\n"), "{text}");
        assert!(text.contains("the pieces cover 36 squares: the areas match"), "{text}");
        let json = serde_json::to_value(&info).unwrap();
        assert_eq!(json["facts"]["shape_area"], 36);
        assert_eq!(json["facts"]["areas_match"], true);
        assert_eq!(json["facts"]["pieces"][0]["letter"], "a");
        let mismatch = FIG6.replacen(".aaa..SSSSSS", ".aaa..SSSSSSS", 1).replacen("..bbb.\r", ".bbb.\r", 1);
        let text =
            PolyKind::info(&read(&mismatch, Format::MacPoly), &pzl_core::InfoRequest::FULL).to_string();
        assert!(text.contains("MISMATCH: the pieces cover 36 squares but the shape has 37"), "{text}");
        let pack = PolyKind::info(&read(PACK, Format::Pack), &pzl_core::InfoRequest::FULL).to_string();
        assert!(pack.contains("  pieces: 4\n    a  9 squares x 2 copies\n"), "{pack}");
        assert!(pack.contains("  flips:  allowed\n"), "{pack}");
    }

    #[test]
    fn check_verifies_attached_solutions() {
        let puzzle = read(FIG6, Format::MacPoly);
        let good = PolyKind::combine(&puzzle, &read(FIG4, Format::MacPolySolution)).unwrap().value;
        let report = PolyKind::check(&good).unwrap();
        assert_eq!(report.status(), Status::Ok, "{report}");
        assert_eq!(report.verdict, "the solution is correct");
        let strict = PolyKind::check_with(&good, &["no-flip"]).unwrap();
        assert_eq!(strict.status(), Status::Problems);
        assert!(strict.to_string().contains("flips not allowed"), "{strict}");
        let broken = FIG4.replace(".AABBBB.", ".AAABBB.");
        let bad = PolyKind::combine(&puzzle, &read(&broken, Format::MacPolySolution)).unwrap().value;
        assert_eq!(PolyKind::check(&bad).unwrap().status(), Status::Problems);
        let split = FIG4.replacen(".AAABBB.", ".DAABBB.", 1).replacen(".CCCDDD.", ".CCCDDA.", 1);
        let split = PolyKind::combine(&puzzle, &read(&split, Format::MacPolySolution)).unwrap().value;
        let report = PolyKind::check(&split).unwrap();
        assert!(
            report.to_string().contains("line 3, column 2: the squares of piece `D` are not connected"),
            "{report}"
        );
        let e = PolyKind::combine(&puzzle, &puzzle).unwrap_err();
        assert!(e.message.contains("expected a MacPoly solution file"));
        let e = PolyKind::combine(&read(PACK, Format::Pack), &puzzle).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Usage);
    }

    #[test]
    fn check_proves_impossible_puzzles() {
        assert_eq!(PolyKind::check(&read(FIG6, Format::MacPoly)).unwrap().status(), Status::Ok);
        let mismatch = FIG6.replacen(".aaa..SSSSSS", ".aaa..SSSSSSS", 1).replacen("..bbb.\r", ".bbb.\r", 1);
        let report = PolyKind::check(&read(&mismatch, Format::MacPoly)).unwrap();
        assert_eq!(report.problems.len(), 1, "{report}");
        assert_eq!(report.problems[0].rule, "impossible");
        let one_sided = read(&PACK.replace("flips yes", "flips no"), Format::Pack);
        assert_eq!(PolyKind::check(&one_sided).unwrap().facts[0].text, "not allowed");
    }

    #[test]
    fn solve_counts_lists_and_finds() {
        let puzzle = read(FIG6, Format::MacPoly);
        let count = |request: SolveRequest| PolyKind::solve(&puzzle, &request).unwrap().report;
        let raw = count(SolveRequest { count: true, ..SolveRequest::default() });
        assert_eq!(raw.to_string(), "48\n");
        let json = serde_json::to_value(&raw).unwrap();
        assert_eq!((json["facts"]["raw"].as_u64(), json["facts"]["distinct"].as_u64()), (Some(48), Some(6)));
        assert_eq!(json["facts"]["symmetries"], 8);
        let distinct =
            count(SolveRequest { count: true, distinct: true, jobs: 2, ..SolveRequest::default() });
        assert_eq!(distinct.to_string(), "6\n");
        let none = count(SolveRequest { count: true, ..SolveRequest::default() }.with("no-flip", Value::On));
        assert_eq!((none.to_string(), none.status()), ("0\n".to_string(), Status::Problems));
        let limited = count(SolveRequest { count: true, limit: Some(1), ..SolveRequest::default() });
        assert!(limited.to_string().ends_with("+\n"), "{limited}");

        let all =
            PolyKind::solve(&puzzle, &SolveRequest { all: true, distinct: true, ..SolveRequest::default() })
                .unwrap();
        assert_eq!(all.report.solutions.len(), 6);
        // The listed solutions are counted too (what a front end showing only some of them says).
        assert_eq!(all.report.count, Some(pzl_core::Count { value: 6, exact: true }));
        assert_eq!(serde_json::to_value(&all.report).unwrap()["count"]["value"], 6);
        assert_eq!(all.report.to_string().matches("solution ").count(), 6);
        let first = PolyKind::solve(&puzzle, &SolveRequest::default()).unwrap();
        assert_eq!(first.report.outcome, Outcome::Solved);
        let picture = &first.report.solutions[0];
        for letter in ['A', 'B', 'C', 'D'] {
            assert_eq!(picture.matches(letter).count(), 18, "{picture}");
        }
        // The solution document is a MacPoly solution file that checks against the puzzle.
        let written = PolyKind::write(&first.solutions[0], Format::MacPolySolution).unwrap().bytes;
        assert!(written.starts_with(b"6 x 6 Square Solution\r........\r.AAA"));
        let solution = PolyKind::read(&written, Format::MacPolySolution, &()).unwrap().value;
        let both = PolyKind::combine(&puzzle, &solution).unwrap().value;
        assert_eq!(PolyKind::check(&both).unwrap().status(), Status::Ok);
    }

    #[test]
    fn pack_solutions_are_documents_with_their_packing() {
        let square = read(PACK, Format::Pack);
        let solved = PolyKind::solve(&square, &SolveRequest::default()).unwrap();
        assert_eq!(solved.report.solutions[0].lines().count(), 6);
        let PolyDoc::Pack { solution: Some(_), .. } = &solved.solutions[0] else { panic!("a packing") };
        assert_eq!(PolyKind::check(&solved.solutions[0]).unwrap().status(), Status::Ok);
        let written = PolyKind::write(&solved.solutions[0], Format::Pack).unwrap();
        assert_eq!(
            (written.bytes.as_slice(), written.lost.as_slice()),
            (PACK.as_bytes(), &["the solution".to_string()][..])
        );
        let text = PolyKind::render(&solved.solutions[0], &RenderRequest::new(Picture::Text)).unwrap().bytes;
        assert!(!String::from_utf8(text).unwrap().contains('·'));
    }

    #[test]
    fn impossible_and_cancelled_solves_say_why() {
        let one_sided = read(&PACK.replace("flips yes", "flips no"), Format::Pack);
        let solved = PolyKind::solve(&one_sided, &SolveRequest::default()).unwrap();
        assert_eq!(solved.report.status(), Status::Problems);
        let cancel = Arc::new(AtomicBool::new(true));
        let square = read(PACK, Format::Pack);
        let request = SolveRequest { count: true, cancel: Some(cancel), ..SolveRequest::default() };
        let report = PolyKind::solve(&square, &request).unwrap().report;
        assert!(report.to_string().ends_with("+\n"), "{report}");
        assert!(report.warnings.iter().any(|w| w.message.contains("timed out")));
    }

    #[test]
    fn unsupported_requests_are_refused() {
        let puzzle = read(FIG6, Format::MacPoly);
        for request in [
            SolveRequest::default().with("trace", Value::Text(String::new())),
            SolveRequest::default().with("human", Value::On),
            SolveRequest { limit: Some(3), ..SolveRequest::default() },
            SolveRequest { count: true, all: true, ..SolveRequest::default() },
        ] {
            assert_eq!(PolyKind::solve(&puzzle, &request).unwrap_err().kind, ErrorKind::Usage, "{request:?}");
        }
        let solution = read(FIG4, Format::MacPolySolution);
        let e = PolyKind::solve(&solution, &SolveRequest::default()).unwrap_err();
        assert!(e.message.contains("give the puzzle to solve"));
        for picture in [Picture::Pdf, Picture::Html] {
            let e = PolyKind::render(&puzzle, &RenderRequest::new(picture)).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Usage);
        }
        let mut select = RenderRequest::new(Picture::Text);
        select.select = Some("1".into());
        assert_eq!(PolyKind::render(&puzzle, &select).unwrap_err().kind, ErrorKind::Usage);
    }

    /// N differently named monominoes on N squares (findings R2): refused at once with a limit
    /// error, not set up with N² placements.
    #[test]
    fn problems_too_large_to_set_up_are_refused() {
        let many = |n: usize| {
            let side = (1..).find(|s| s * s >= n).unwrap_or(1);
            let mut text = format!(
                "pzl-pack 1\nflips yes\n\nboard\n{}",
                format!("{}\n", "#".repeat(side)).repeat(n / side)
            );
            if !n.is_multiple_of(side) {
                text.push_str(&format!("{}\n", "#".repeat(n % side)));
            }
            for k in 0..n {
                text.push_str(&format!("\npiece p{k}\n#\n"));
            }
            read(&text, Format::Pack)
        };
        let started = pzl_core::time::Instant::now();
        let huge = many(10_000);
        for e in [
            PolyKind::check(&huge).unwrap_err(),
            PolyKind::solve(&huge, &SolveRequest::default()).unwrap_err(),
            PolyKind::solve(&huge, &SolveRequest { count: true, ..SolveRequest::default() }).unwrap_err(),
        ] {
            assert_eq!(e.kind, ErrorKind::Limit);
            assert!(e.message.contains("too large to search"), "{e}");
        }
        assert!(PolyKind::info(&huge, &pzl_core::InfoRequest::FULL).to_string().contains("pieces: 10000"));
        assert_eq!(PolyKind::check(&many(2000)).unwrap_err().kind, ErrorKind::Limit);
        assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
        let small = many(30);
        assert_eq!(PolyKind::check(&small).unwrap().status(), Status::Ok);
    }

    #[test]
    fn render_draws_text_and_svg() {
        let puzzle = read(FIG6, Format::MacPoly);
        let text =
            String::from_utf8(PolyKind::render(&puzzle, &RenderRequest::new(Picture::Text)).unwrap().bytes)
                .unwrap();
        assert!(text.starts_with("6 x 6 Square\n"));
        assert!(!text.contains('\x1b'));
        let mut colour = RenderRequest::new(Picture::Text);
        colour.colour = true;
        assert!(PolyKind::render(&puzzle, &colour).unwrap().bytes.contains(&0x1b));
        let svg =
            PolyKind::render(&read(PACK, Format::Pack), &RenderRequest::new(Picture::Svg)).unwrap().bytes;
        assert!(String::from_utf8(svg).unwrap().contains("<svg"));
    }
}
