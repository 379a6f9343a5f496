//! Masyu as a pzl kind: the [`pzl_core::Kind`] contract over [`Board`], its seven formats, the
//! validator, the pictures and the solver. The work is in the modules this one names.

use pzl_core::{
    CheckReport, Error, Fact, Info, Kind, Parsed, Picture, Problem, RenderRequest, SolveRequest, Solved,
    Warning, Written,
};

use crate::formats::{self, Format};
use crate::{Board, BoardState, EdgeState, render, solver};

/// Masyu: a loop through every pearl, straight through white ones and turning on black ones.
#[derive(Debug, Clone, Copy, Default)]
pub struct MasyuKind;

/// What an ok check means.
const VERDICT: &str = "the lines form a correct solution";

/// The name of a board state (`empty`, `partial`, `solved`), as `info` and `check` show it.
pub fn state_name(state: BoardState) -> &'static str {
    match state {
        BoardState::Empty => "empty",
        BoardState::Partial => "partial",
        BoardState::Solved => "solved",
    }
}

impl MasyuKind {
    /// [`Kind::solve`], with the solution in the report written in `shown_as` (the input's
    /// format) when that format holds lines, else as `sol`. [`Kind::solve`] itself, which does
    /// not know the input's format, shows it as `sol`.
    pub fn solve_in(doc: &Board, request: &SolveRequest, shown_as: Format) -> Result<Solved<Board>, Error> {
        solver::solve_request(doc, request, shown_as)
    }
}

impl Kind for MasyuKind {
    const NAME: &'static str = "masyu";
    type Doc = Board;
    type Format = Format;
    type Params = ();

    fn formats() -> &'static [Format] {
        &Format::ALL
    }

    fn format_info(format: Format) -> &'static pzl_core::FormatInfo {
        format.info()
    }

    fn read(bytes: &[u8], format: Format, _params: &()) -> Result<Parsed<Board>, Error> {
        Ok(formats::read(bytes, format)?)
    }

    fn write(doc: &Board, format: Format) -> Result<Written, Error> {
        Ok(formats::write(doc, format)?)
    }

    /// Size, pearls, lines, crosses, how far the board is drawn and the puzzle's grade (a solve
    /// of at most [`solver::request::GRADE_TIMEOUT`]). The format is left empty: the caller,
    /// which read the file, knows it.
    fn info(doc: &Board) -> Info {
        let (whites, blacks) = doc.pearl_counts();
        let crosses = doc.edge_states().iter().filter(|&&e| e == EdgeState::Cross).count();
        let state = doc.state();
        let title = match state {
            BoardState::Empty => "Masyu puzzle",
            BoardState::Partial => "Masyu board, partly drawn",
            BoardState::Solved => "Masyu board, solved",
        };
        let difficulty = solver::grade(doc).map(|d| d.name());
        Info::new(Self::NAME, "", title)
            .fact(Fact::with_text("width", "size", doc.width(), format!("{}x{}", doc.width(), doc.height())))
            .fact(Fact::hidden("height", doc.height()))
            .fact(Fact::with_text(
                "pearls",
                "pearls",
                whites + blacks,
                format!("{} ({whites} white, {blacks} black)", whites + blacks),
            ))
            .fact(Fact::hidden("whites", whites))
            .fact(Fact::hidden("blacks", blacks))
            .fact(Fact::new("lines", doc.line_count()))
            .fact(Fact::new("crosses", crosses))
            .fact(Fact::new("state", state_name(state)))
            .fact(Fact::with_text(
                "difficulty",
                "grade",
                difficulty,
                difficulty.unwrap_or("- (no unique solution found)"),
            ))
    }

    /// The lines of `other` (any board of the same size) drawn over the pearls of `doc`.
    fn combine(doc: &Board, other: &Board) -> Result<Parsed<Board>, Error> {
        let combined = doc.with_edges_of(other).ok_or_else(|| {
            Error::usage(format!(
                "the board is {}x{} but the puzzle is {}x{}",
                other.width(),
                other.height(),
                doc.width(),
                doc.height()
            ))
            .hint("give the board drawn for this puzzle")
        })?;
        let mut warnings = Vec::new();
        if other.pearl_counts() != (0, 0) && other.cells() != doc.cells() {
            warnings.push(Warning::new("the board's pearls differ from the puzzle's; the puzzle's are used"));
        }
        Ok(Parsed::with(combined, warnings))
    }

    /// Every rule the lines break (pzprjs's rules and order), each with its cells.
    fn check(doc: &Board) -> Result<CheckReport, Error> {
        let problems = doc
            .problems()
            .iter()
            .map(|p| {
                let full = p.to_string();
                // The rule's name is the problem's tag; the message is the rest of the sentence.
                let message = full.strip_prefix(&format!("{}: ", p.rule.name())).unwrap_or(&full).to_string();
                let mut problem = Problem::new(p.rule.name(), message);
                problem.cells = p.cells.iter().map(|c| [c.row + 1, c.col + 1]).collect();
                problem
            })
            .collect();
        let codes: Vec<&str> = doc.problems().iter().map(|p| p.rule.code()).collect();
        Ok(CheckReport::new(Self::NAME, "", VERDICT, problems)
            .fact(Fact::new("state", state_name(doc.state())))
            .fact(Fact::hidden("codes", codes)))
    }

    /// Unicode text or SVG; a Masyu board is one picture, so `select` and `with_clues` are refused.
    /// Colour does not apply: the text picture is the same either way.
    fn render(doc: &Board, request: &RenderRequest) -> Result<Vec<u8>, Error> {
        if request.select.is_some() {
            return Err(Error::usage("a Masyu file holds one board: there is nothing to select"));
        }
        if request.with_clues {
            return Err(Error::usage(
                "Masyu puzzles have no clues to print (--with-clues is for crosswords)",
            ));
        }
        match request.picture {
            Picture::Text => Ok(render::text(doc).into_bytes()),
            Picture::Svg => Ok(render::svg(doc).into_bytes()),
            other => Err(Error::usage(format!("Masyu boards are drawn as text or svg, not {other}"))
                .hint("use --as text or --as svg")),
        }
    }

    /// Solve the puzzle (edges drawn on `doc` are ignored); the report shows the solution as
    /// `sol` (see [`MasyuKind::solve_in`] to show it in the input's format).
    fn solve(doc: &Board, request: &SolveRequest) -> Result<Solved<Board>, Error> {
        solver::solve_request(doc, request, Format::Sol)
    }
}
