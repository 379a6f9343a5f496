//! The verbs that work across kinds: `formats info check convert render solve`, plus
//! `completions` and `man`. Each is written once, over `pzl::Document`; the kind decides what it
//! can do, and says so when it cannot.

use std::path::Path;

use pzl::{Document, Error, Format, Open, RenderRequest, Status};

use crate::args::{CheckArgs, ConvertArgs, FormatsArgs, InfoArgs, RenderArgs};
use crate::high;
use crate::io::{self, Ctx};
use crate::print::{self, Batch, Mode};

mod merge;
mod solve;

pub use merge::merge;
pub use solve::solve;

/// Read `name` as a document, printing the reader's warnings.
pub fn open(ctx: &Ctx, name: &Path, options: &Open) -> Result<Document, Error> {
    let input = io::read(name)?;
    let parsed = Document::read(&input.bytes, &input.name, input.path.as_deref(), options)?;
    ctx.warnings(&input.name, &parsed.warnings);
    Ok(parsed.value)
}

/// `doc` with the document in `with` laid over it (`--with FILE`).
fn combine(ctx: &Ctx, doc: Document, with: Option<&Path>) -> Result<Document, Error> {
    let Some(name) = with else { return Ok(doc) };
    let input = io::read(name)?;
    let parsed = doc.combine_file(&input.bytes, &input.name, input.path.as_deref())?;
    ctx.warnings(&input.name, &parsed.warnings);
    Ok(parsed.value)
}

/// Write `bytes`, refusing to print binary data on a terminal.
fn output(name: &Path, bytes: &[u8]) -> Result<(), Error> {
    if std::str::from_utf8(bytes).is_ok() { io::write(name, bytes) } else { io::write_binary(name, bytes) }
}

/// `pzl formats`.
pub fn formats(_ctx: &Ctx, args: &FormatsArgs) -> Result<Status, Error> {
    print::emit(Mode::json(args.json), &pzl::FormatList::new())?;
    Ok(Status::Ok)
}

/// `pzl info FILE…`.
pub fn info(ctx: &Ctx, args: &InfoArgs) -> Result<Status, Error> {
    let options = high::open_options(&args.read)?;
    let files = io::expand(ctx, &args.files);
    let mut batch = Batch::new(ctx, Mode::json(args.json), files.len());
    for file in &files {
        let described = open(ctx, file, &options).and_then(|doc| doc.info());
        match described {
            Ok(mut info) => {
                info.file = Some(io::shown(file));
                let info = if args.details { info } else { info.without_details() };
                batch.report(&info, Status::Ok)?;
            }
            Err(e) => batch.error(&io::shown(file), e)?,
        }
    }
    batch.finish(false)
}

/// `pzl check FILE…`.
pub fn check(ctx: &Ctx, args: &CheckArgs) -> Result<Status, Error> {
    // A check shows every oddity, the harmless ones too.
    ctx.show_harmless();
    let options = high::open_options(&args.read)?;
    let files = io::expand(ctx, &args.files);
    let mut batch = Batch::new(ctx, Mode::json(args.json), files.len());
    for file in &files {
        let checked = open(ctx, file, &options)
            .and_then(|doc| combine(ctx, doc, args.with.as_deref()))
            .and_then(|doc| if args.no_flip { doc.check_without_flips() } else { doc.check() });
        match checked {
            Ok(mut report) => {
                report.file = Some(io::shown(file));
                let status = report.status();
                batch.report(&report, status)?;
            }
            Err(e) => batch.error(&io::shown(file), e)?,
        }
    }
    batch.finish(true)
}

/// `pzl convert FILE -o OUT`.
pub fn convert(ctx: &Ctx, args: &ConvertArgs) -> Result<Status, Error> {
    let options = high::open_options(&args.read)?;
    let doc = open(ctx, &args.input, &options)?;
    let to = target_format(&doc, args.to.as_deref(), &args.output)?;
    let doc = combine(ctx, doc, args.with.as_deref())?;
    let written = doc.write(to).map_err(|e| e.in_file(io::shown(&args.input)))?;
    warn_lost(ctx, &args.output, to, &written.lost);
    output(&args.output, &written.bytes)?;
    Ok(Status::Ok)
}

/// The format to write: `--to`, else the one the output's name implies among the document's
/// kind's formats.
pub fn target_format(doc: &Document, to: Option<&str>, output: &Path) -> Result<Format, Error> {
    if let Some(name) = to {
        return high::format(name);
    }
    if io::is_dash(output) {
        // Standard output has no name to go by: the document's own format.
        return Ok(doc.format());
    }
    let file_name = output.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    doc.format_for_output(&file_name).ok_or_else(|| {
        Error::usage(format!("cannot tell which format to write to `{}`", output.display())).hint(format!(
            "name it with --to; the {} formats: {}",
            doc.kind(),
            doc.writable_formats().join(", ")
        ))
    })
}

/// Say what a write left out.
pub fn warn_lost(ctx: &Ctx, output: &Path, to: Format, lost: &[String]) {
    for what in lost {
        ctx.warn(&io::shown(output), format!("the {} format cannot hold {what}; left out", to.name()));
    }
}

/// `pzl render FILE [-o OUT]`.
pub fn render(ctx: &Ctx, args: &RenderArgs) -> Result<Status, Error> {
    if let Some(trace) = &args.trace {
        return crate::kind::masyu::render_trace(ctx, args, trace);
    }
    let options = high::open_options(&args.read)?;
    let name = args.input.as_deref().unwrap_or(Path::new("-"));
    let doc = open(ctx, name, &options)?;
    // `--board` is a board file for Masyu and a board number for A-Puzzle-A-Day.
    let (with, mut select) = match &args.board {
        Some(b) if b.is_file() => (Some(b.as_path()), None),
        Some(b) => {
            let n = b.to_str().ok_or_else(|| {
                Error::usage(format!("--board {}: no such file, and not a board number", b.display()))
            })?;
            (None, Some(n.to_string()))
        }
        None => (None, None),
    };
    if let Some(date) = &args.date {
        if select.is_some() {
            return Err(Error::usage("--board N and --date choose boards two ways: give one"));
        }
        select = Some(date.clone());
    }
    let doc = combine(ctx, doc, with)?;
    // A page with the clues is a picture: to standard output it is SVG unless `--as` says.
    let picture = match (args.with_clues, args.kind.as_deref()) {
        (true, None) if io::is_dash(&args.output) => pzl::Picture::Svg,
        (_, kind) => high::picture(kind, &args.output)?,
    };
    let request = RenderRequest {
        picture,
        colour: io::is_dash(&args.output) && ctx.colour(),
        select,
        with_clues: args.with_clues,
        paper: pzl::Paper::from_name(&args.paper)?,
    };
    let bytes = doc.render(&request).map_err(|e| e.in_file(io::shown(name)))?;
    ctx.warnings(&io::shown(name), &doc.render_warnings(&request)?);
    output(&args.output, &bytes)?;
    Ok(Status::Ok)
}

/// `pzl completions SHELL`.
pub fn completions(shell: clap_complete::Shell) -> Result<Status, Error> {
    use clap::CommandFactory;
    let mut command = crate::args::Cli::command();
    let mut bytes = Vec::new();
    clap_complete::generate(shell, &mut command, "pzl", &mut bytes);
    io::stdout(&bytes)?;
    Ok(Status::Ok)
}

/// `pzl man`.
pub fn man() -> Result<Status, Error> {
    use clap::CommandFactory;
    let mut bytes = Vec::new();
    clap_mangen::Man::new(crate::args::Cli::command())
        .render(&mut bytes)
        .map_err(|e| Error::io(e.to_string()))?;
    io::stdout(&bytes)?;
    Ok(Status::Ok)
}
