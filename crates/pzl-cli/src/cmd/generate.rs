//! `pzl generate masyu`: new puzzles of a chosen size and grade, each proven unique and graded by
//! the solver (`pzl::kinds::masyu::generate` does the work; this file only writes the results).

use std::path::PathBuf;

use pzl::kinds::masyu::{self, GenerateTo, generate, generate_to};
use pzl::kinds::tootsweet;
use pzl::{Error, Format, Status};

use crate::args::GenerateMasyuArgs;
use crate::high;
use crate::io::{self, Ctx};
use crate::out::{Folder, Sink};
use crate::print;

/// Where the puzzles go.
enum Target {
    /// Standard output, one file, or a folder with one file per puzzle.
    Out(Sink),
    /// A TootSweet `Puzzles.data`, all in one transaction.
    Database(PathBuf),
}

/// `pzl generate masyu`: exit 0 when every puzzle was made, 1 when `--timeout` stopped some
/// (those made are written), 2 for a request that cannot be made.
pub fn masyu(ctx: &Ctx, args: &GenerateMasyuArgs) -> Result<Status, Error> {
    let (width, height) = generate::parse_size(&args.size)?;
    let request = generate::Request {
        width,
        height,
        difficulty: generate::parse_difficulty(&args.difficulty)?,
        symmetry: generate::Symmetry::parse(&args.symmetry)?,
        minimal: args.minimal,
    };
    request.check()?;
    generate::check_count(args.count)?;
    let jobs = high::jobs(args.jobs.as_deref())?;
    let timeout = high::timeout(args.timeout.as_deref())?;
    let (target, format) = target(args)?;
    let limits = generate::Limits { deadline: timeout.map(|t| std::time::Instant::now() + t), cancel: None };
    let bar = ctx.progress(args.count, "generating");
    let made = generate::generate(&request, args.seed, args.count, jobs, &limits, &|_| bar.inc(1))?;
    bar.finish_and_clear();
    let stopped = made.iter().filter(|m| m.is_err()).count();
    let puzzles: Vec<generate::Generated> = made.into_iter().filter_map(Result::ok).collect();
    write(ctx, args, &target, format, &puzzles)?;
    if stopped > 0 {
        ctx.warn(
            "generate",
            format!(
                "the time ran out: {} made, {} not",
                pzl::text::count(puzzles.len() as u64, "puzzle"),
                stopped
            ),
        );
        return Ok(Status::Problems);
    }
    Ok(Status::Ok)
}

/// Where `-o` and `--to` send the puzzles, and in which format; refused before any work.
fn target(args: &GenerateMasyuArgs) -> Result<(Target, Format), Error> {
    let named = args.to.as_deref().map(high::format).transpose()?;
    let Some(output) = args.output.as_deref().filter(|o| !io::is_dash(o)) else {
        return match generate_to(named)? {
            GenerateTo::Files(format) => Ok((Target::Out(Sink::Stdout), format)),
            GenerateTo::Database(_) => Err(Error::usage("a TootSweet database cannot go to standard output")
                .hint("name the file with -o Puzzles.data")),
        };
    };
    let claimed = Format::claiming(&io::shown(output)).into_iter().next();
    if let Some(Ok(GenerateTo::Database(format))) = named.or(claimed).map(|f| generate_to(Some(f))) {
        return Ok((Target::Database(output.to_path_buf()), format));
    }
    let is_folder = output.is_dir() || args.count > 1;
    if is_folder && !output.is_dir() && output.exists() {
        return Err(Error::usage(format!(
            "{} is a file, and {} puzzles go into a folder",
            io::shown(output),
            args.count
        ))
        .hint("name a new or existing folder with -o, or make one puzzle (-n 1)"));
    }
    if is_folder && !output.is_dir() && claimed.is_some() {
        return Err(Error::usage(format!(
            "-o {} names one file, but {} puzzles were asked for",
            io::shown(output),
            args.count
        ))
        .hint(format!(
            "give a folder for them (e.g. -o {}/), or make one puzzle (-n 1)",
            output.with_extension("").display()
        )));
    }
    let GenerateTo::Files(format) = generate_to(named.or(if is_folder { None } else { claimed }))? else {
        return Err(Error::usage("a TootSweet database takes every puzzle in one file")
            .hint("name the file with -o Puzzles.data"));
    };
    if is_folder {
        // Refused before any work: the names depend only on the request and the index.
        if !args.force {
            for index in 0..args.count {
                let path = output.join(file_name(args, format, index));
                if path.exists() {
                    return Err(Error::usage(format!("{} exists already", io::shown(&path)))
                        .hint("add --force to replace it, or choose another folder or --seed"));
                }
            }
        }
        return Ok((Target::Out(Sink::Folder(Folder::new(output, args.force)?)), format));
    }
    if output.exists() && !args.force {
        return Err(
            Error::usage(format!("{} exists already", io::shown(output))).hint("add --force to replace it")
        );
    }
    Ok((Target::Out(Sink::File(output.to_path_buf())), format))
}

fn write(
    ctx: &Ctx,
    args: &GenerateMasyuArgs,
    target: &Target,
    format: Format,
    puzzles: &[generate::Generated],
) -> Result<(), Error> {
    let (sink, database) = match target {
        Target::Database(path) => {
            let rows: Vec<(String, masyu::Board)> =
                puzzles.iter().map(|p| (name_of(args, p.index), p.puzzle.clone())).collect();
            let db = io::shown(path);
            tootsweet::Database::import_into(path, &rows).map_err(tootsweet::error(&db))?;
            (None, Some(db))
        }
        Target::Out(sink) => (Some(sink), None),
    };
    for puzzle in puzzles {
        let (file, text) = match sink {
            None => (database.clone(), None),
            // With --json the puzzles on standard output are in the JSON lines.
            Some(Sink::Stdout) if args.json => (None, Some(text_of(puzzle, format)?)),
            Some(sink) => {
                (sink.put(&file_name(args, format, puzzle.index), &bytes_of(puzzle, format)?)?, None)
            }
        };
        if args.json {
            print::json_line(&puzzle.made(file, text))?;
        }
    }
    if !matches!(sink, Some(Sink::Stdout)) && !args.json {
        ctx.note(format!("wrote {}", pzl::text::count(puzzles.len() as u64, "puzzle")));
    }
    Ok(())
}

fn bytes_of(puzzle: &generate::Generated, format: Format) -> Result<Vec<u8>, Error> {
    Ok(masyu::document(puzzle.puzzle.clone(), format)?.write(format)?.bytes)
}

fn text_of(puzzle: &generate::Generated, format: Format) -> Result<String, Error> {
    Ok(String::from_utf8_lossy(&bytes_of(puzzle, format)?).trim_end().to_string())
}

/// A puzzle's name: its size, grade, seed and index, enough to make it again.
fn name_of(args: &GenerateMasyuArgs, index: u64) -> String {
    format!("masyu-{}-{}-s{}-{index:04}", args.size.replace(['X', '×'], "x"), args.difficulty, args.seed)
}

/// A puzzle's file name in a folder.
fn file_name(args: &GenerateMasyuArgs, format: Format, index: u64) -> String {
    let extension = format.info().extensions.first().copied().unwrap_or("txt");
    format!("{}.{extension}", name_of(args, index))
}
