//! The crossword area of the command line: Across Lite `.puz` in the registry, `info`, `check`,
//! `convert` and `render` for it, and the `pzl lock` / `pzl unlock` commands.

use clap::Args;
use pzl_crossword::check::{self, Report};
use pzl_crossword::lock::{Candidate, LockError};
use pzl_crossword::{Puzzle, ReadPuz, page, pdf, render};

use crate::cli::{CheckArgs, ConvertArgs, InfoArgs, RenderArgs};
use crate::error::{CliError, Status};
use crate::io::{self, Context, Input};
use crate::registry::{Area, FormatSpec, Handler};

pub static FORMATS: &[FormatSpec] = &[
    FormatSpec {
        name: "puz",
        area: Area::Crossword,
        description: "Across Lite binary crossword (.puz), v1.2-v2.0, locked or not",
        extensions: &["puz"],
        detect: Some(pzl_crossword::raw::looks_like_puz),
        read: true,
        write: true,
    },
    FormatSpec {
        name: "across-text",
        area: Area::Crossword,
        description: "Across Lite text crossword (<ACROSS PUZZLE> v1 and v2)",
        extensions: &["txt"],
        detect: Some(pzl_crossword::across_text::looks_like_text),
        read: true,
        write: true,
    },
    FormatSpec {
        name: "ipuz",
        area: Area::Crossword,
        description: "ipuz crossword (ipuz.org v2 JSON; crossword and diagramless kinds)",
        extensions: &["ipuz"],
        detect: Some(pzl_crossword::ipuz::looks_like_ipuz),
        read: true,
        write: true,
    },
];

pub struct CrosswordHandler;

/// Read a `.puz` input leniently; warnings go to standard error.
fn read_puz(ctx: &Context, input: &Input) -> Result<ReadPuz, CliError> {
    let read = pzl_crossword::read(&input.bytes).map_err(|e| CliError::input(&input.name, e))?;
    for w in &read.warnings {
        ctx.warn(&input.name, w);
    }
    Ok(read)
}

fn read_text(input: &Input) -> Result<pzl_crossword::across_text::TextPuzzle, CliError> {
    pzl_crossword::across_text::read(input.text()?).map_err(|e| CliError::input(&input.name, e))
}

/// Read any crossword input as a `.puz` file (text is encoded as one, checksums computed).
fn read(ctx: &Context, input: &Input, format: &FormatSpec) -> Result<ReadPuz, CliError> {
    if format.name == "puz" {
        return read_puz(ctx, input);
    }
    let puzzle = if format.name == "ipuz" {
        let (puzzle, dropped) =
            pzl_crossword::ipuz::read(input.text()?).map_err(|e| CliError::input(&input.name, e))?;
        for d in dropped {
            ctx.warn(&input.name, format!(".puz cannot hold {d}; dropped"));
        }
        puzzle
    } else {
        read_text(input)?.puzzle
    };
    let file = puzzle.to_raw().map_err(|e| CliError::input(&input.name, e))?;
    Ok(ReadPuz::verified(file))
}

fn encoding_name(read: &ReadPuz) -> &'static str {
    if read.file.is_utf8() { "utf-8" } else { "windows-1252" }
}

impl Handler for CrosswordHandler {
    fn info(
        &self,
        ctx: &Context,
        input: &Input,
        format: &FormatSpec,
        args: &InfoArgs,
    ) -> Result<Status, CliError> {
        let read = read(ctx, input, format)?;
        let (puzzle, decode_warnings) = Puzzle::from_raw(&read.file);
        for w in &decode_warnings {
            ctx.warn(&input.name, w);
        }
        let raw = &read.file;
        let slots = puzzle.slots();
        let across =
            slots.iter().filter(|s| s.direction == pzl_crossword::numbering::Direction::Across).count();
        let rebus_cells = puzzle.rebus.as_ref().map_or(0, |r| r.cells.iter().filter(|&&v| v > 0).count());
        let circles = (0..puzzle.solution.len()).filter(|&i| puzzle.is_circled(i)).count();
        let blocks = puzzle.solution.iter().filter(|&&b| pzl_crossword::numbering::is_block(b)).count();
        let sections: Vec<String> = raw.sections.iter().map(|s| s.name()).collect();
        let warnings: Vec<String> =
            read.warnings.iter().chain(&decode_warnings).map(ToString::to_string).collect();
        let entries = puzzle.clue_entries();
        if args.json {
            let mut value = serde_json::json!({
                "file": input.name,
                "format": format.name,
                "title": puzzle.title,
                "author": puzzle.author,
                "copyright": puzzle.copyright,
                "notes": puzzle.notes,
                "width": puzzle.width,
                "height": puzzle.height,
                "version": raw.version_text(),
                "encoding": encoding_name(&read),
                "solution_state": puzzle.state().name(),
                "diagramless": raw.is_diagramless(),
                "sections": sections,
                "counts": {
                    "clues": raw.clues.len(),
                    "slots": slots.len(),
                    "across": across,
                    "down": slots.len() - across,
                    "blocks": blocks,
                    "rebus_cells": rebus_cells,
                    "circles": circles,
                },
                "timer": puzzle.timer.map(|t| serde_json::json!({"seconds": t.seconds, "stopped": t.stopped})),
                "preamble_bytes": raw.preamble.len(),
                "postscript_bytes": raw.postscript.len(),
                "warnings": warnings,
            });
            if args.clues {
                value["clues"] = entries
                    .iter()
                    .map(|e| {
                        serde_json::json!({
                            "number": e.slot.number,
                            "direction": e.slot.direction.name(),
                            "clue": e.clue,
                            "answer": e.answer,
                            "row": e.slot.start.row + 1,
                            "column": e.slot.start.col + 1,
                        })
                    })
                    .collect();
            }
            io::print_json(&value)?;
            return Ok(Status::Ok);
        }
        let mut out = format!("{}: Across Lite crossword\n", input.name);
        for (label, value) in
            [("title", &puzzle.title), ("author", &puzzle.author), ("copyright", &puzzle.copyright)]
        {
            out.push_str(&format!("  {label:<15}{value}\n"));
        }
        out.push_str(&format!(
            "  {:<15}{}x{}{}\n",
            "size",
            puzzle.width,
            puzzle.height,
            if raw.is_diagramless() { " (diagramless)" } else { "" }
        ));
        out.push_str(&format!("  {:<15}{} ({})\n", "version", raw.version_text(), encoding_name(&read)));
        out.push_str(&format!("  {:<15}{}\n", "solution", puzzle.state().name()));
        out.push_str(&format!(
            "  {:<15}{} ({} across, {} down; {} numbered slots)\n",
            "clues",
            raw.clues.len(),
            across,
            slots.len() - across,
            slots.len()
        ));
        out.push_str(&format!(
            "  {:<15}{} blocks, {} rebus cells, {} circles\n",
            "cells", blocks, rebus_cells, circles
        ));
        out.push_str(&format!(
            "  {:<15}{}\n",
            "sections",
            if sections.is_empty() { "none".to_string() } else { sections.join(", ") }
        ));
        if let Some(t) = puzzle.timer {
            out.push_str(&format!(
                "  {:<15}{} s, {}\n",
                "timer",
                t.seconds,
                if t.stopped { "stopped" } else { "running" }
            ));
        }
        if !puzzle.notes.is_empty() {
            out.push_str(&format!("  {:<15}{} characters\n", "notes", puzzle.notes.chars().count()));
        }
        out.push_str(&format!("  {:<15}{}\n", "warnings", warnings.len()));
        if args.clues {
            out.push('\n');
            for e in &entries {
                out.push_str(&format!(
                    "{:>4} {:<6} {}  [{}] at {}\n",
                    e.slot.number,
                    e.slot.direction.name(),
                    e.clue.as_deref().unwrap_or("(no clue)"),
                    e.answer,
                    e.slot.start
                ));
            }
        }
        io::write_output("-", out.as_bytes())?;
        Ok(Status::Ok)
    }

    fn check(
        &self,
        ctx: &Context,
        input: &Input,
        format: &FormatSpec,
        args: &CheckArgs,
    ) -> Result<Status, CliError> {
        let read = if format.name == "puz" {
            pzl_crossword::read(&input.bytes).map_err(|e| CliError::input(&input.name, e))?
        } else {
            read(ctx, input, format)?
        };
        // Checksum mismatches are the report's problems; repeating them as warnings adds noise.
        let mismatches: Vec<String> = read.checksum_mismatches.iter().map(ToString::to_string).collect();
        for w in read.warnings.iter().filter(|w| !mismatches.contains(&w.message)) {
            ctx.warn(&input.name, w);
        }
        let report = check::verify(&read);
        print_report(&input.name, &report, args.json)?;
        Ok(if report.is_ok() { Status::Ok } else { Status::Problems })
    }

    fn convert(
        &self,
        ctx: &Context,
        input: &Input,
        from: &FormatSpec,
        to: &FormatSpec,
        _args: &ConvertArgs,
    ) -> Result<Vec<u8>, CliError> {
        use pzl_crossword::across_text::{self, TextLayout};
        match (from.name, to.name) {
            // The raw layer keeps every byte, so .puz to .puz is exact.
            ("puz", "puz") => Ok(read_puz(ctx, input)?.file.to_bytes()),
            // A text file is written back in the layout it was read with.
            ("across-text", "across-text") => {
                let text = read_text(input)?;
                Ok(across_text::write(&text.puzzle, &text.layout).into_bytes())
            }
            _ => {
                let read = read(ctx, input, from)?;
                let (puzzle, _) = Puzzle::from_raw(&read.file);
                let (bytes, dropped, target) = match to.name {
                    "across-text" => {
                        let layout = TextLayout::for_puzzle(&puzzle);
                        let dropped = across_text::dropped_by_text(&puzzle, &layout);
                        (across_text::write(&puzzle, &layout).into_bytes(), dropped, "Across Lite text")
                    }
                    "ipuz" => {
                        let (json, dropped) = pzl_crossword::ipuz::write(&puzzle);
                        (json.into_bytes(), dropped, "ipuz")
                    }
                    _ => (read.file.to_bytes(), Vec::new(), ".puz"),
                };
                for d in dropped {
                    ctx.warn(&input.name, format!("{target} cannot hold {d}; dropped"));
                }
                Ok(bytes)
            }
        }
    }

    fn render(
        &self,
        ctx: &Context,
        input: &Input,
        format: &FormatSpec,
        args: &RenderArgs,
    ) -> Result<Status, CliError> {
        let read = read(ctx, input, format)?;
        let (puzzle, _) = Puzzle::from_raw(&read.file);
        let default_kind = if args.with_clues { "svg" } else { "text" };
        let kind = match args.kind.as_deref() {
            Some(kind) => kind.to_ascii_lowercase(),
            None => io::extension_of(&args.output).unwrap_or_else(|| default_kind.into()),
        };
        // A PDF is always the print-ready page.
        let picture = match (kind.as_str(), args.with_clues) {
            ("pdf", _) => pdf::pdf(&page::layout(&puzzle)),
            ("svg", true) => page::svg(&page::layout(&puzzle)).into_bytes(),
            ("svg", false) => render::svg(&puzzle).into_bytes(),
            ("text" | "txt", false) => render::text(&puzzle).into_bytes(),
            ("text" | "txt", true) => {
                return Err(CliError::usage("--with-clues draws a page: write it as .svg or .pdf"));
            }
            (other, _) => {
                return Err(CliError::usage(format!(
                    "cannot draw crosswords as `{other}`; use text, svg or pdf"
                )));
            }
        };
        io::write_output(&args.output, &picture)?;
        Ok(Status::Ok)
    }
}

fn print_report(name: &str, report: &Report, json: bool) -> Result<(), CliError> {
    if json {
        let problems: Vec<serde_json::Value> = report
            .problems
            .iter()
            .map(|p| serde_json::json!({"kind": p.kind, "name": p.name, "message": p.message}))
            .collect();
        return io::print_json(&serde_json::json!({
            "file": name,
            "ok": report.is_ok(),
            "problems": problems,
            "notes": report.notes,
            "fill": report.fill.name(),
            "filled_cells": report.filled_cells,
            "open_cells": report.open_cells,
        }));
    }
    let mut out = if report.is_ok() {
        format!("{name}: ok (fill {})\n", report.fill.name())
    } else {
        format!("{name}: {} problem(s)\n", report.problems.len())
    };
    for p in &report.problems {
        out.push_str(&format!("  problem [{}/{}]: {}\n", p.kind, p.name, p.message));
    }
    for n in &report.notes {
        out.push_str(&format!("  note: {n}\n"));
    }
    io::write_output("-", out.as_bytes())
}

/// `pzl lock FILE --key NNNN -o OUT`.
#[derive(Debug, Args)]
pub struct LockArgs {
    /// The `.puz` file to lock (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub input: String,
    /// The four-digit key (0000-9999; Across Lite itself never uses the digit 0).
    #[arg(long, value_name = "NNNN")]
    pub key: String,
    /// Where to write the locked file (`-` for standard output).
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: String,
}

/// `pzl unlock FILE [--key NNNN] -o OUT`.
#[derive(Debug, Args)]
pub struct UnlockArgs {
    /// The locked `.puz` file (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub input: String,
    /// The four-digit key; without it every key from 0000 to 9999 is tried and the most
    /// plausible one that passes the checksum is taken.
    #[arg(long, value_name = "NNNN")]
    pub key: Option<String>,
    /// Where to write the unlocked file (`-` for standard output).
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: String,
}

fn parse_key(text: &str) -> Result<u16, CliError> {
    let valid = (1..=4).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit());
    text.parse::<u16>()
        .ok()
        .filter(|_| valid)
        .ok_or_else(|| CliError::usage(format!("--key {text}: expected a four-digit key, 0000 to 9999")))
}

fn read_puz_input(ctx: &Context, name: &str) -> Result<(Input, ReadPuz), CliError> {
    let input = ctx.read_input(name)?;
    let read = read_puz(ctx, &input)?;
    Ok((input, read))
}

fn lock_error(name: &str, e: LockError) -> CliError {
    CliError::input(name, e)
}

pub fn lock(ctx: &Context, args: &LockArgs) -> Result<Status, CliError> {
    let key = parse_key(&args.key)?;
    let (input, mut read) = read_puz_input(ctx, &args.input)?;
    read.file.lock(key).map_err(|e| lock_error(&input.name, e))?;
    io::write_output(&args.output, &read.file.to_bytes())?;
    Ok(Status::Ok)
}

fn describe(c: &Candidate) -> String {
    format!(
        "{:04} (plausibility {:.3}{})",
        c.key,
        c.plausibility,
        if c.has_zero_digit { ", has a 0 digit" } else { "" }
    )
}

pub fn unlock(ctx: &Context, args: &UnlockArgs) -> Result<Status, CliError> {
    let key = args.key.as_deref().map(parse_key).transpose()?;
    let (input, mut read) = read_puz_input(ctx, &args.input)?;
    let key = match key {
        Some(key) => key,
        None => {
            let candidates = read.file.unlock_candidates().map_err(|e| lock_error(&input.name, e))?;
            let Some(best) = candidates.first() else {
                eprintln!("pzl: {}: {}", input.name, LockError::NoKey);
                return Ok(Status::Problems);
            };
            eprintln!("pzl: {}: key {} unlocks it", input.name, describe(best));
            for other in &candidates[1..] {
                eprintln!("pzl: {}: weaker candidate {}", input.name, describe(other));
            }
            best.key
        }
    };
    read.file.unlock(key).map_err(|e| lock_error(&input.name, e))?;
    io::write_output(&args.output, &read.file.to_bytes())?;
    Ok(Status::Ok)
}
