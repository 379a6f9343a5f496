//! `pzl generate masyu`: new puzzles of a chosen size and grade, each proven unique and graded by
//! the solver (`pzl::ops::generate` does the work; this file only writes the results).

use std::path::PathBuf;

use pzl::kinds::masyu::{GenerateTo, generate_to};
use pzl::ops::generate::{Masyu, Run, puzzle};
use pzl::{Error, Format, Status};

use crate::args::GenerateMasyuArgs;
use crate::high;
use crate::io::{self, Ctx};
use crate::out::Sink;
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
    let ask = ask(args);
    ask.request()?;
    let jobs = high::jobs(args.jobs.as_deref())?;
    let timeout = high::timeout(args.timeout.as_deref())?;
    let (target, format) = target(args, &ask)?;
    let bar = ctx.progress(args.count, "generating");
    let run = ask.run(jobs, timeout, &|| bar.inc(1))?;
    bar.finish_and_clear();
    write(ctx, args, &ask, &target, format, &run)?;
    if run.stopped > 0 {
        let made = pzl::text::count(run.puzzles.len() as u64, "puzzle");
        ctx.warn("generate", format!("the time ran out: {made} made, {} not", run.stopped));
        return Ok(Status::Problems);
    }
    Ok(Status::Ok)
}

/// The run as asked (`pzl::ops::generate::Masyu`).
fn ask(args: &GenerateMasyuArgs) -> Masyu {
    Masyu {
        size: args.size.clone(),
        difficulty: args.difficulty.clone(),
        symmetry: args.symmetry.clone(),
        minimal: args.minimal,
        count: args.count,
        seed: args.seed,
    }
}

/// Where `-o` and `--to` send the puzzles, and in which format; refused before any work.
fn target(args: &GenerateMasyuArgs, ask: &Masyu) -> Result<(Target, Format), Error> {
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
                let path = output.join(ask.file_name(format, index));
                if path.exists() {
                    return Err(Error::usage(format!("{} exists already", io::shown(&path)))
                        .hint("add --force to replace it, or choose another folder or --seed"));
                }
            }
        }
        return Ok((Target::Out(Sink::Folder(crate::out::folder(output, args.force)?)), format));
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
    ask: &Masyu,
    target: &Target,
    format: Format,
    run: &Run,
) -> Result<(), Error> {
    let (sink, database) = match target {
        Target::Database(path) => {
            ask.into_database(path, run)?;
            (None, Some(io::shown(path)))
        }
        Target::Out(sink) => (Some(sink), None),
    };
    for made in &run.puzzles {
        let bytes = || Ok::<_, Error>(puzzle(made, format)?.write(format)?.bytes);
        let (file, text) = match sink {
            None => (database.clone(), None),
            // With --json the puzzles on standard output are in the JSON lines.
            Some(Sink::Stdout) if args.json => {
                (None, Some(String::from_utf8_lossy(&bytes()?).trim_end().to_string()))
            }
            Some(sink) => (sink.put(&ask.file_name(format, made.index), &bytes()?)?, None),
        };
        if args.json {
            print::json_line(&made.made(file, text))?;
        }
    }
    if !matches!(sink, Some(Sink::Stdout)) && !args.json {
        ctx.note(format!("wrote {}", pzl::text::count(run.puzzles.len() as u64, "puzzle")));
    }
    Ok(())
}
