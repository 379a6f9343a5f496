//! The polyomino area of the command line: MacPoly puzzle and solution source files in the
//! registry, and `info`, `check`, `solve`, `render`, `convert` for them (the work is in `pzl-poly`).

use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::time::Duration;

use pzl_poly::macpoly::{Kind, MacPolyError, Puzzle, SourceFile};
use pzl_poly::packer::SearchOptions;
use pzl_poly::render;

use crate::cli::{CheckArgs, ConvertArgs, InfoArgs, RenderArgs, SolveArgs};
use crate::error::{CliError, Status};
use crate::io::{self, Context, Input};
use crate::registry::{Area, FormatSpec, Handler};

mod pack;

pub static FORMATS: &[FormatSpec] = &[
    FormatSpec {
        name: "macpoly",
        area: Area::Poly,
        description: "MacPoly polyomino puzzle source file (name, message, grid)",
        extensions: &["macpoly"],
        detect: Some(pzl_poly::macpoly::looks_like_puzzle),
        read: true,
        write: true,
    },
    FormatSpec {
        name: "macpoly-solution",
        area: Area::Poly,
        description: "MacPoly polyomino solution source file (name, grid of placed pieces)",
        extensions: &["macpolysol"],
        detect: Some(pzl_poly::macpoly::looks_like_solution),
        read: true,
        write: true,
    },
    FormatSpec {
        name: pack::NAME,
        area: Area::Poly,
        description: "pzl packing problem (board, named pieces with copies, flips; first line `pzl-pack 1`)",
        extensions: &["pack"],
        detect: Some(pzl_poly::pack::looks_like_pack),
        read: true,
        write: true,
    },
];

pub struct PolyHandler;

/// Read a source file, passing its warnings on.
fn read(ctx: &Context, input: &Input) -> Result<(SourceFile, Vec<String>), CliError> {
    let parsed = SourceFile::parse(&input.bytes).map_err(|e| CliError::input(&input.name, e))?;
    for w in &parsed.warnings {
        ctx.warn(&input.name, w);
    }
    Ok((parsed.value, parsed.warnings))
}

fn puzzle_of(input: &Input, file: &SourceFile) -> Result<Puzzle, CliError> {
    file.puzzle().map_err(|e| CliError::input(&input.name, e))
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Puzzle => "puzzle",
        Kind::Solution => "solution",
    }
}

impl Handler for PolyHandler {
    fn info(
        &self,
        ctx: &Context,
        input: &Input,
        format: &FormatSpec,
        args: &InfoArgs,
    ) -> Result<Status, CliError> {
        if format.name == pack::NAME {
            return pack::info(ctx, input, args);
        }
        let (file, _) = read(ctx, input)?;
        let puzzle = puzzle_of(input, &file)?;
        let shape_area = puzzle.board.area();
        let piece_area: usize = puzzle.pieces.iter().map(|p| p.shape.len()).sum();
        if args.json {
            let pieces: Vec<serde_json::Value> = puzzle
                .pieces
                .iter()
                .map(|p| serde_json::json!({"letter": p.letter.to_string(), "area": p.shape.len(), "on_shape": p.on_shape}))
                .collect();
            return io::print_json(&serde_json::json!({
                "file": input.name,
                "format": format.name,
                "kind": file.kind,
                "name": file.name(),
                "message": file.message(),
                "pieces": pieces,
                "shape_area": shape_area,
                "piece_area": piece_area,
                "areas_match": shape_area == piece_area,
            }))
            .map(|()| Status::Ok);
        }
        let mut out =
            format!("{}: MacPoly {} source file ({})\n", input.name, kind_name(file.kind), format.name);
        out.push_str(&format!("  name:    {}\n", file.name()));
        if let Some(message) = file.message() {
            out.push_str(&format!("  message: {message}\n"));
        }
        let (w, h) =
            (file.grid_lines().iter().map(|l| l.text.len()).max().unwrap_or(0), file.grid_lines().len());
        out.push_str(&format!("  grid:    {w} x {h}\n"));
        out.push_str(&format!("  pieces:  {}\n", puzzle.pieces.len()));
        for p in &puzzle.pieces {
            let place = if p.on_shape { "on the shape" } else { "beside the shape" };
            out.push_str(&format!("    {}  {} squares, {place}\n", p.letter, p.shape.len()));
        }
        out.push_str(&format!("  shape:   {shape_area} squares\n"));
        if file.kind == Kind::Puzzle {
            out.push_str(&areas_line(shape_area, piece_area));
        }
        io::write_output("-", out.as_bytes()).map(|()| Status::Ok)
    }

    fn check(
        &self,
        ctx: &Context,
        input: &Input,
        format: &FormatSpec,
        args: &CheckArgs,
    ) -> Result<Status, CliError> {
        if format.name == pack::NAME {
            return pack::check(ctx, input, args);
        }
        let (file, warnings) = read(ctx, input)?;
        let puzzle = puzzle_of(input, &file)?;
        let mut problems: Vec<String> = warnings;
        let flips = !args.no_flip;
        if let Some(name) = &args.solution {
            let solution_input = ctx.read_input(name)?;
            let (solution_file, solution_warnings) = read(ctx, &solution_input)?;
            problems.extend(solution_warnings.into_iter().map(|w| format!("{name}: {w}")));
            if solution_file.kind != Kind::Solution {
                return Err(CliError::input(
                    name,
                    "expected a MacPoly solution file (upper-case pieces only)",
                ));
            }
            match puzzle.read_solution(&solution_file) {
                Ok((solution, faults)) => {
                    problems.extend(faults);
                    problems.extend(puzzle.problem(flips).verify(&solution));
                }
                // A readable file whose piece falls apart is a wrong solution, not bad input.
                Err(MacPolyError::NotConnected { line, column, piece }) => problems.push(format!(
                    "{name}: line {line}, column {column}: the squares of piece `{}` are not connected, \
                     so it is not one piece",
                    piece.to_ascii_uppercase()
                )),
                Err(e) => return Err(CliError::input(name, e)),
            }
        } else if file.kind == Kind::Puzzle {
            if let Some(reason) = puzzle.problem(flips).impossibility() {
                problems.push(format!("the puzzle has no solution: {reason}"));
            }
        }
        let ok_text = if args.solution.is_some() { "the solution is correct" } else { "ok" };
        io::print_check(&input.name, &problems, args.json, ok_text)
    }

    fn solve(
        &self,
        ctx: &Context,
        input: &Input,
        format: &FormatSpec,
        args: &SolveArgs,
    ) -> Result<Status, CliError> {
        if format.name == pack::NAME {
            return pack::solve(ctx, input, args);
        }
        let (file, _) = read(ctx, input)?;
        if file.kind != Kind::Puzzle {
            return Err(CliError::input(&input.name, "this is a solution file; give the puzzle to solve"));
        }
        let puzzle = puzzle_of(input, &file)?;
        let problem = puzzle.problem(!args.no_flip);
        let reason = problem.impossibility();
        if args.count {
            return print_count(ctx, input, &problem, reason.as_ref(), args);
        }
        if reason.is_some() {
            return report_none(input, reason.as_ref(), false, args);
        }
        let (found, timed_out) = find_solutions(ctx, input, &problem, args)?;
        if found.is_empty() {
            return report_none(input, None, timed_out, args);
        }
        let files: Vec<SourceFile> = found.iter().map(|s| puzzle.solution_file(s, file.line_end())).collect();
        let as_file = args.output != "-" || args.to.as_deref() == Some("macpoly-solution");
        if args.json {
            let texts: Vec<String> =
                files.iter().map(|f| String::from_utf8_lossy(&f.to_bytes()).replace('\r', "\n")).collect();
            io::print_json(&serde_json::json!({"file": input.name, "solved": true, "solutions": texts}))?;
        } else if as_file {
            let bytes: Vec<u8> = files.iter().flat_map(|f| f.to_bytes()).collect();
            io::write_output(&args.output, &bytes)?;
        } else {
            let ansi = std::io::stdout().is_terminal();
            let mut out = String::new();
            for (k, f) in files.iter().enumerate() {
                if args.all {
                    out.push_str(&format!("solution {}\n", k + 1));
                }
                out.push_str(&render::text(&render::squares(f), ansi));
            }
            io::write_output("-", out.as_bytes())?;
        }
        Ok(Status::Ok)
    }

    fn render(
        &self,
        ctx: &Context,
        input: &Input,
        format: &FormatSpec,
        args: &RenderArgs,
    ) -> Result<Status, CliError> {
        if format.name == pack::NAME {
            return pack::render(ctx, input, args);
        }
        let (file, _) = read(ctx, input)?;
        let grid = render::squares(&file);
        let svg = match args.kind.as_deref() {
            Some("svg") => true,
            Some("text") => false,
            Some(other) => {
                return Err(CliError::usage(format!("unknown picture kind `{other}`; use text or svg")));
            }
            None => io::extension_of(&args.output).as_deref() == Some("svg"),
        };
        let bytes = if svg {
            render::svg(&grid, &file.name()).into_bytes()
        } else {
            let ansi = args.output == "-" && std::io::stdout().is_terminal();
            format!("{}\n{}", file.name(), render::text(&grid, ansi)).into_bytes()
        };
        io::write_output(&args.output, &bytes).map(|()| Status::Ok)
    }

    fn convert(
        &self,
        ctx: &Context,
        input: &Input,
        from: &FormatSpec,
        to: &FormatSpec,
        _args: &ConvertArgs,
    ) -> Result<Vec<u8>, CliError> {
        if from.name == pack::NAME {
            return pack::convert(ctx, input, from.name, to.name);
        }
        let (file, _) = read(ctx, input)?;
        if file.kind == Kind::Puzzle && to.name == pack::NAME {
            return Ok(pack::from_macpoly(&puzzle_of(input, &file)?));
        }
        if from.name != to.name {
            return Err(CliError::usage(format!(
                "cannot convert {} to {}: solve the puzzle to get a solution (`pzl solve -o FILE`)",
                from.name, to.name
            )));
        }
        puzzle_of(input, &file)?;
        Ok(file.to_bytes())
    }
}

/// The search options `pzl solve` asks for.
fn search_options(args: &SolveArgs) -> Result<SearchOptions, CliError> {
    let timeout = match args.timeout {
        Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s.min(1e9))),
        Some(s) => {
            return Err(CliError::usage(format!("--timeout must be a positive number of seconds, not {s}")));
        }
        None => None,
    };
    Ok(SearchOptions { jobs: args.jobs.unwrap_or(1).max(1), limit: args.limit, timeout })
}

/// The solutions `pzl solve` shows for a packing problem: the first, or every one with `--all`
/// (split over `--jobs` threads, in the same order). When `--timeout` stops the search first, a
/// warning says so; with nothing found the second value says whether the timeout struck.
pub(crate) fn find_solutions(
    ctx: &Context,
    input: &Input,
    problem: &pzl_poly::Problem,
    args: &SolveArgs,
) -> Result<(Vec<pzl_poly::Solution>, bool), CliError> {
    let mut options = search_options(args)?;
    if !args.all {
        // Several jobs would find every solution before showing the first.
        options.jobs = 1;
    }
    let mut found = Vec::new();
    let outcome = if args.all || args.distinct {
        problem.search_solutions(args.distinct, options, |s| {
            found.push(s.clone());
            if args.all { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
        })
    } else {
        let (first, outcome) = problem.find_first(options);
        found.extend(first);
        outcome
    };
    if outcome.timed_out && !found.is_empty() {
        let after = args.timeout.unwrap_or(0.0);
        ctx.warn(&input.name, format!("timed out after {after} s: there may be more solutions"));
    }
    Ok((found, outcome.timed_out))
}

/// Says that no solution was found: proved impossible (`reason`), none exists, or the timeout
/// stopped the search first. Exit status 1.
pub(crate) fn report_none(
    input: &Input,
    reason: Option<&pzl_poly::packer::Impossible>,
    timed_out: bool,
    args: &SolveArgs,
) -> Result<Status, CliError> {
    let reason = reason.map(|r| r.to_string());
    if args.json {
        io::print_json(&serde_json::json!({
            "file": input.name, "solved": false, "reason": reason, "timed_out": timed_out,
        }))?;
    } else if let Some(reason) = reason {
        eprintln!("pzl: {}: no solution: {reason}", input.name);
    } else if timed_out {
        let after = args.timeout.unwrap_or(0.0);
        eprintln!("pzl: {}: timed out after {after} s without finding a solution", input.name);
    } else {
        eprintln!("pzl: {}: no solution", input.name);
    }
    Ok(Status::Problems)
}

/// `pzl solve --count` for any packing problem: the raw or distinct count (`N+` when the limit
/// stopped it), or the counts as JSON; exit 1 when there is no solution.
pub(crate) fn print_count(
    ctx: &Context,
    input: &Input,
    problem: &pzl_poly::Problem,
    reason: Option<&impl std::fmt::Display>,
    args: &SolveArgs,
) -> Result<Status, CliError> {
    let counts = problem.count(search_options(args)?);
    let shown = if args.distinct { counts.distinct } else { counts.raw };
    if args.json {
        io::print_json(&serde_json::json!({
            "file": input.name,
            "raw": counts.raw,
            "distinct": counts.distinct,
            "symmetries": counts.symmetry_order,
            "nodes": counts.nodes,
            "limited": counts.limited,
            "timed_out": counts.timed_out,
            "impossible": reason.map(|r| r.to_string()),
        }))?;
    } else {
        let plus = if counts.limited || counts.timed_out { "+" } else { "" };
        io::write_output("-", format!("{shown}{plus}\n").as_bytes())?;
        if let Some(reason) = reason {
            ctx.warn(&input.name, format!("no solution: {reason}"));
        }
    }
    if counts.timed_out {
        eprintln!("pzl: {}: timed out after {} s while counting", input.name, args.timeout.unwrap_or(0.0));
    }
    Ok(if shown == 0 { Status::Problems } else { Status::Ok })
}

/// The `info` line comparing the pieces' area with the shape's.
pub(crate) fn areas_line(shape_area: usize, piece_area: usize) -> String {
    if shape_area == piece_area {
        format!("  the pieces cover {piece_area} squares: the areas match\n")
    } else {
        format!(
            "  MISMATCH: the pieces cover {piece_area} squares but the shape has {shape_area}; the puzzle \
             cannot be solved\n"
        )
    }
}
