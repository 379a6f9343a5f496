//! `info`, `check`, `solve`, `render` and `convert` for pzl's own packing-problem format
//! (`pzl-pack`, read and written by `pzl_poly::pack`).

use std::io::IsTerminal;

use pzl_grid::{Grid, Pos};
use pzl_poly::pack::{self, PackFile};
use pzl_poly::render::{self, Square};

use crate::cli::{CheckArgs, InfoArgs, RenderArgs, SolveArgs};
use crate::error::{CliError, Status};
use crate::io::{self, Context, Input};

/// The registry name of the format.
pub const NAME: &str = "pzl-pack";

/// Read a `pzl-pack` file, passing its warnings on.
pub fn read(ctx: &Context, input: &Input) -> Result<(PackFile, Vec<String>), CliError> {
    let parsed = PackFile::parse(&input.bytes).map_err(|e| CliError::input(&input.name, e))?;
    for w in &parsed.warnings {
        ctx.warn(&input.name, w);
    }
    Ok((parsed.value, parsed.warnings))
}

pub fn info(ctx: &Context, input: &Input, args: &InfoArgs) -> Result<Status, CliError> {
    let (file, _) = read(ctx, input)?;
    let problem = file.problem(None);
    let (shape_area, piece_area) = (problem.board.area(), problem.piece_area());
    if args.json {
        let pieces: Vec<serde_json::Value> = file
            .pieces
            .iter()
            .map(|p| {
                let area = p.rows.iter().flat_map(|r| r.chars()).filter(|&c| c == '#').count();
                serde_json::json!({"name": p.name, "copies": p.copies, "area": area})
            })
            .collect();
        return io::print_json(&serde_json::json!({
            "file": input.name,
            "format": NAME,
            "title": file.title,
            "message": file.message,
            "flips": file.flips,
            "pieces": pieces,
            "shape_area": shape_area,
            "piece_area": piece_area,
            "areas_match": shape_area == piece_area,
        }))
        .map(|()| Status::Ok);
    }
    let mut out = format!("{}: pzl packing problem ({NAME})\n", input.name);
    if let Some(title) = &file.title {
        out.push_str(&format!("  title:   {title}\n"));
    }
    if let Some(message) = &file.message {
        out.push_str(&format!("  message: {message}\n"));
    }
    out.push_str(&format!("  flips:   {}\n", if file.flips { "allowed" } else { "not allowed" }));
    out.push_str(&format!("  board:   {} x {}\n", problem.board.width(), problem.board.height()));
    out.push_str(&format!("  pieces:  {}\n", problem.pieces.len()));
    let name_width = file.pieces.iter().map(|p| p.name.chars().count()).max().unwrap_or(1);
    for p in &file.pieces {
        let area = p.rows.iter().flat_map(|r| r.chars()).filter(|&c| c == '#').count();
        let copies = if p.copies == 1 { String::new() } else { format!(" x {} copies", p.copies) };
        out.push_str(&format!("    {:<name_width$}  {area} squares{copies}\n", p.name));
    }
    out.push_str(&format!("  shape:   {shape_area} squares\n"));
    out.push_str(&super::areas_line(shape_area, piece_area));
    io::write_output("-", out.as_bytes()).map(|()| Status::Ok)
}

pub fn check(ctx: &Context, input: &Input, args: &CheckArgs) -> Result<Status, CliError> {
    if args.solution.is_some() {
        return Err(CliError::usage(
            "--solution checks MacPoly solution files; pzl-pack problems have no solution file format",
        ));
    }
    let (file, mut problems) = read(ctx, input)?;
    let flips = if args.no_flip { Some(false) } else { None };
    if let Some(reason) = file.problem(flips).impossibility() {
        problems.push(format!("the puzzle has no solution: {reason}"));
    }
    io::print_check(&input.name, &problems, args.json, "ok")
}

pub fn solve(ctx: &Context, input: &Input, args: &SolveArgs) -> Result<Status, CliError> {
    let (file, _) = read(ctx, input)?;
    let problem = file.problem(if args.no_flip { Some(false) } else { None });
    let reason = problem.impossibility();
    if args.count {
        return super::print_count(ctx, input, &problem, reason.as_ref(), args);
    }
    let (solutions, timed_out) = match reason {
        Some(_) => (Vec::new(), false),
        None => super::find_solutions(ctx, input, &problem, args)?,
    };
    if solutions.is_empty() {
        return super::report_none(input, reason.as_ref(), timed_out, args);
    }
    let found: Vec<String> = solutions.iter().map(|s| pack::solution_text(&problem, s)).collect();
    if args.json {
        return io::print_json(&serde_json::json!({"file": input.name, "solved": true, "solutions": found}))
            .map(|()| Status::Ok);
    }
    let mut out = String::new();
    for (k, text) in found.iter().enumerate() {
        if args.all {
            out.push_str(&format!("solution {}\n", k + 1));
        }
        out.push_str(text);
    }
    io::write_output(&args.output, out.as_bytes()).map(|()| Status::Ok)
}

/// The board (uncovered shape squares) with the pieces laid out below it, each piece shown with a
/// letter of its own (lower case for the first 25 pieces, then upper case, and so on).
fn picture(file: &PackFile) -> Grid<Square> {
    let problem = file.problem(None);
    let (origins, (width, height)) = pack::layout(&problem);
    let mut grid = Grid::new(width, height, Square::Empty);
    for pos in problem.board.grid().positions().filter(|&p| problem.board.contains(p)) {
        if let Some(cell) = grid.get_mut(pos) {
            *cell = Square::Shape;
        }
    }
    const LETTERS: &[u8] = b"abcdefghijklmnopqrtuvwxyz";
    for (k, (piece, &(r0, c0))) in problem.pieces.iter().zip(&origins).enumerate() {
        let letter = LETTERS[k % LETTERS.len()] as char;
        for &(r, c) in piece.shape.cells() {
            if let Some(cell) = grid.get_mut(Pos::new(r0 + r as usize, c0 + c as usize)) {
                *cell = Square::Piece(letter, k / LETTERS.len() % 2 == 1);
            }
        }
    }
    grid
}

pub fn render(ctx: &Context, input: &Input, args: &RenderArgs) -> Result<Status, CliError> {
    let (file, _) = read(ctx, input)?;
    let grid = picture(&file);
    let title = file.title.clone().unwrap_or_else(|| input.name.clone());
    let svg = match args.kind.as_deref() {
        Some("svg") => true,
        Some("text") => false,
        Some(other) => {
            return Err(CliError::usage(format!("unknown picture kind `{other}`; use text or svg")));
        }
        None => io::extension_of(&args.output).as_deref() == Some("svg"),
    };
    let bytes = if svg {
        render::svg(&grid, &title).into_bytes()
    } else {
        let ansi = args.output == "-" && std::io::stdout().is_terminal();
        format!("{title}\n{}", render::text(&grid, ansi)).into_bytes()
    };
    io::write_output(&args.output, &bytes).map(|()| Status::Ok)
}

/// A MacPoly puzzle as a `pzl-pack` file (name → title, message kept, one block per letter).
pub fn from_macpoly(puzzle: &pzl_poly::macpoly::Puzzle) -> Vec<u8> {
    let file =
        PackFile::from_problem(&puzzle.problem(true), Some(puzzle.name.clone()), puzzle.message.clone());
    file.to_text().into_bytes()
}

/// `convert` from or to `pzl-pack`: a pzl-pack file to itself (byte for byte) or to a MacPoly
/// puzzle; a MacPoly puzzle to pzl-pack.
pub fn convert(ctx: &Context, input: &Input, from: &str, to: &str) -> Result<Vec<u8>, CliError> {
    if from == NAME {
        let (file, _) = read(ctx, input)?;
        return match to {
            NAME => Ok(input.bytes.to_vec()),
            "macpoly" => {
                file.to_macpoly().map_err(|e| CliError::usage(format!("cannot convert to macpoly: {e}")))
            }
            _ => Err(CliError::usage(format!("cannot convert {NAME} to {to}"))),
        };
    }
    Err(CliError::usage(format!("cannot convert {from} to {to}")))
}
