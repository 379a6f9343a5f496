//! `pzl apad solve|generate|encode|decode`.

use std::path::Path;

use pzl::kinds::apad::{self, Limits};
use pzl::{Error, Status};

use crate::args::{ApadCommand, ApadSolveArgs};
use crate::high;
use crate::io::{self, Ctx};
use crate::print::{self, Mode};

pub fn run(ctx: &Ctx, command: ApadCommand) -> Result<Status, Error> {
    match command {
        ApadCommand::Solve(args) => solve(ctx, &args),
        ApadCommand::Generate { output, puzzle } => {
            let puzzle = apad::edition_path(&puzzle)?;
            let bytes = apad::all_sorted(&puzzle, &Limits::none())?;
            io::write_binary(&output, &bytes)?;
            Ok(Status::Ok)
        }
        ApadCommand::Encode { input, output, puzzle } => {
            recode(ctx, &input, &output, &puzzle, apad::encode_text, apad::BINARY)
        }
        // Straight to text, one board at a time: no decoded board list (finding R6).
        ApadCommand::Decode { input, output, puzzle } => {
            recode(ctx, &input, &output, &puzzle, apad::decode_to_text, apad::TEXT)
        }
    }
}

type Recode = fn(&[u8], &apad::Puzzle) -> Result<pzl::Parsed<pzl::Written>, Error>;

/// `encode` and `decode`: the APAD file as text, or the text as APAD, for `edition`.
fn recode(
    ctx: &Ctx,
    input: &Path,
    output: &Path,
    edition: &Path,
    how: Recode,
    to: pzl::Format,
) -> Result<Status, Error> {
    let edition = apad::edition_path(edition)?;
    let read = io::read(input)?;
    let parsed = how(&read.bytes, &edition).map_err(|e| e.in_file(&read.name))?;
    ctx.warnings(&read.name, &parsed.warnings);
    crate::cmd::warn_lost(ctx, output, to, &parsed.value.lost);
    io::write_binary(output, &parsed.value.bytes)?;
    Ok(Status::Ok)
}

fn solve(ctx: &Ctx, args: &ApadSolveArgs) -> Result<Status, Error> {
    let puzzle = apad::edition_path(&args.puzzle)?;
    let timeout = high::timeout(args.timeout.as_deref())?;
    let limits = Limits::new(timeout, None);
    let mode = Mode::json(args.json);
    let colour = ctx.colour();
    // Boards written to a file or pictures: the terminal gets the counts, not every board again
    // (the whole edition is 100,000 boards; newcomer 2).
    let counts_only = args.count || args.output.is_some() || args.svg.is_some();
    if args.all {
        let keep = !args.count || args.output.is_some() || args.svg.is_some();
        let all = apad::solve_all(&puzzle, keep, &limits);
        write_files(args, || all.apad_bytes(&puzzle), || all.svg_files(&puzzle))?;
        if all.unsolvable > 0 {
            ctx.warn(&puzzle.name, format!("{} dates have no solution", all.unsolvable));
        }
        let text = || if counts_only { all.count_table() } else { all.text(&puzzle, colour) };
        print::emit_either(mode, || all.report(&puzzle), text, colour)?;
        return Ok(if all.total() == 0 { Status::Problems } else { Status::Ok });
    }
    let date = args.date.join(" ");
    let date = (!date.is_empty()).then_some(date.as_str());
    let found = pzl::ops::apad::solve_date(&puzzle, date, args.weekday.as_deref(), args.first, timeout)?;
    ctx.warnings(&puzzle.name, &found.warnings);
    let found = found.value;
    write_files(args, || found.apad_bytes(&puzzle), || found.svg_files(&puzzle))?;
    let text = || if counts_only { found.count_line() } else { found.text(&puzzle, colour) };
    print::emit_either(mode, || found.report(&puzzle), text, colour)?;
    Ok(if found.boards.is_empty() { Status::Problems } else { Status::Ok })
}

/// `-o FILE.apad` and `--svg DIR`. The file and the pictures are made only when asked for: one
/// date of the weekday edition has 10,374 solutions, and their pictures took 0.5 s and 300 MB
/// (issue 38).
fn write_files(
    args: &ApadSolveArgs,
    apad_bytes: impl FnOnce() -> Result<Vec<u8>, Error>,
    svgs: impl FnOnce() -> Vec<(String, String)>,
) -> Result<(), Error> {
    if let Some(path) = &args.output {
        io::write_binary(path, &apad_bytes()?)?;
    }
    if let Some(dir) = &args.svg {
        let folder = crate::out::folder(dir, true)?;
        folder.make(dir)?;
        for (name, svg) in svgs() {
            folder.write(std::path::Path::new(&name), svg.as_bytes())?;
        }
    }
    Ok(())
}
