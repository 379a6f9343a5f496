//! The Masyu area of the command line: its formats in the registry and the shared verbs for them
//! (info, check, render, convert). The work is done by `pzl_masyu`; this module reads inputs,
//! prints warnings and results, and picks exit codes.

use pzl_masyu::formats::{self, Format};
use pzl_masyu::{Board, BoardState, EdgeState};

use crate::cli::{CheckArgs, ConvertArgs, InfoArgs, RenderArgs};
use crate::error::{CliError, Status};
use crate::io::{self, Context, Input};
use crate::registry::{self, Area, FormatSpec, Handler};

const fn spec(format: Format, detect: fn(&[u8]) -> bool) -> FormatSpec {
    FormatSpec {
        name: format.name(),
        area: Area::Masyu,
        description: format.description(),
        extensions: format.extensions(),
        detect: Some(detect),
        read: true,
        write: true,
    }
}

/// In detection order: the most specific content tests first.
pub static FORMATS: &[FormatSpec] = &[
    spec(Format::TootSweet, pzl_masyu::tootsweet::looks_like_puzzle),
    spec(Format::Pzprv3, formats::pzprv3::looks_like),
    spec(Format::Pzprjs, formats::pzprjs::looks_like),
    spec(Format::Tatham, formats::tatham::looks_like),
    spec(Format::Janko, formats::janko::looks_like),
    spec(Format::Text, formats::text::looks_like),
    spec(Format::Sol, formats::sol::looks_like),
];

/// The library's format for a registry entry of this area.
pub fn format_of(spec: &FormatSpec) -> Result<Format, CliError> {
    Format::from_name(spec.name)
        .ok_or_else(|| CliError::usage(format!("{} is not a Masyu format", spec.name)))
}

/// Read `input` as `format`, printing the reader's warnings.
pub fn read_board(ctx: &Context, input: &Input, format: Format) -> Result<Board, CliError> {
    let parsed = formats::read(&input.bytes, format).map_err(|e| CliError::input(&input.name, e))?;
    for w in &parsed.warnings {
        ctx.warn(&input.name, w);
    }
    Ok(parsed.value)
}

/// Write `board` as `format` for the output called `name`, warning about each thing the format
/// cannot hold.
pub fn write_board(ctx: &Context, name: &str, board: &Board, format: Format) -> Result<Vec<u8>, CliError> {
    let (bytes, dropped) =
        formats::write(board, format).map_err(|e| CliError::usage(format!("{name}: {e}")))?;
    for what in dropped {
        ctx.warn(name, format!("the {} format cannot hold {what}; they are left out", format.name()));
    }
    Ok(bytes)
}

/// The board of `input`, with the edges of `--board FILE` (any Masyu format) drawn over it.
pub fn load(ctx: &Context, input: &Input, spec: &FormatSpec, board: Option<&str>) -> Result<Board, CliError> {
    let puzzle = read_board(ctx, input, format_of(spec)?)?;
    let Some(name) = board else { return Ok(puzzle) };
    let board_input = ctx.read_input(name)?;
    let board_spec = registry::detect(&board_input, None)?;
    if board_spec.area != Area::Masyu {
        return Err(CliError::input(name, format!("a {} file is not a Masyu board", board_spec.name)));
    }
    let lines = read_board(ctx, &board_input, format_of(board_spec)?)?;
    if lines.pearl_counts() != (0, 0) && lines.cells() != puzzle.cells() {
        ctx.warn(name, format!("its pearls differ from those of {}; the puzzle's are used", input.name));
    }
    puzzle.with_edges_of(&lines).ok_or_else(|| {
        CliError::input(
            name,
            format!(
                "the board is {}x{} but the puzzle {} is {}x{}",
                lines.width(),
                lines.height(),
                input.name,
                puzzle.width(),
                puzzle.height()
            ),
        )
    })
}

fn state_name(state: BoardState) -> &'static str {
    match state {
        BoardState::Empty => "empty",
        BoardState::Partial => "partial",
        BoardState::Solved => "solved",
    }
}

pub struct MasyuHandler;

impl Handler for MasyuHandler {
    fn solve(
        &self,
        ctx: &Context,
        input: &Input,
        spec: &FormatSpec,
        args: &crate::cli::SolveArgs,
    ) -> Result<Status, CliError> {
        crate::masyu_solve::solve(ctx, input, spec, args)
    }

    fn info(
        &self,
        ctx: &Context,
        input: &Input,
        spec: &FormatSpec,
        args: &InfoArgs,
    ) -> Result<Status, CliError> {
        let board = load(ctx, input, spec, None)?;
        let (whites, blacks) = board.pearl_counts();
        let crosses = board.edge_states().iter().filter(|&&e| e == EdgeState::Cross).count();
        let state = state_name(board.state());
        let difficulty = crate::masyu_solve::grade(&board);
        if args.json {
            io::print_json(&serde_json::json!({
                "file": input.name,
                "format": spec.name,
                "width": board.width(),
                "height": board.height(),
                "whites": whites,
                "blacks": blacks,
                "lines": board.line_count(),
                "crosses": crosses,
                "state": state,
                "difficulty": difficulty,
            }))?;
            return Ok(Status::Ok);
        }
        let text = format!(
            "{}\n  format:  {} ({})\n  size:    {}x{}\n  pearls:  {} ({whites} white, {blacks} black)\n  \
             lines:   {}, crosses: {crosses}\n  state:   {state}\n  grade:   {}\n",
            input.name,
            spec.name,
            spec.description,
            board.width(),
            board.height(),
            whites + blacks,
            board.line_count(),
            difficulty.unwrap_or("- (no unique solution found)"),
        );
        io::write_output("-", text.as_bytes())?;
        Ok(Status::Ok)
    }

    fn check(
        &self,
        ctx: &Context,
        input: &Input,
        spec: &FormatSpec,
        args: &CheckArgs,
    ) -> Result<Status, CliError> {
        let board = load(ctx, input, spec, args.board.as_deref())?;
        let problems = board.problems();
        let status = if problems.is_empty() { Status::Ok } else { Status::Problems };
        if args.json {
            let list: Vec<serde_json::Value> = problems
                .iter()
                .map(|p| {
                    serde_json::json!({
                        "rule": p.rule.name(),
                        "code": p.rule.code(),
                        "message": p.rule.description(),
                        "cells": p.cells.iter().map(|c| serde_json::json!({"row": c.row + 1, "col": c.col + 1})).collect::<Vec<_>>(),
                    })
                })
                .collect();
            io::print_json(&serde_json::json!({
                "file": input.name,
                "ok": problems.is_empty(),
                "state": state_name(board.state()),
                "problems": list,
            }))?;
            return Ok(status);
        }
        let mut text = String::new();
        if problems.is_empty() {
            text.push_str(&format!("{}: ok: the lines form a correct solution\n", input.name));
        } else {
            let n = problems.len();
            text.push_str(&format!("{}: {n} rule{} broken\n", input.name, if n == 1 { "" } else { "s" }));
            for p in &problems {
                text.push_str(&format!("  {p}\n"));
            }
        }
        io::write_output("-", text.as_bytes())?;
        Ok(status)
    }

    fn render(
        &self,
        ctx: &Context,
        input: &Input,
        spec: &FormatSpec,
        args: &RenderArgs,
    ) -> Result<Status, CliError> {
        let kind = match (&args.kind, io::extension_of(&args.output)) {
            (Some(kind), _) => kind.to_ascii_lowercase(),
            (None, Some(ext)) if ext == "svg" => "svg".into(),
            _ => "text".into(),
        };
        if kind != "text" && kind != "svg" {
            return Err(CliError::usage(format!("unknown picture kind `{kind}`; use `text` or `svg`")));
        }
        let board = load(ctx, input, spec, args.board.as_deref())?;
        let picture =
            if kind == "svg" { pzl_masyu::render::svg(&board) } else { pzl_masyu::render::text(&board) };
        io::write_output(&args.output, picture.as_bytes())?;
        Ok(Status::Ok)
    }

    fn convert(
        &self,
        ctx: &Context,
        input: &Input,
        from: &FormatSpec,
        to: &FormatSpec,
        args: &ConvertArgs,
    ) -> Result<Vec<u8>, CliError> {
        let board = load(ctx, input, from, args.board.as_deref())?;
        write_board(ctx, &args.output, &board, format_of(to)?)
    }
}
