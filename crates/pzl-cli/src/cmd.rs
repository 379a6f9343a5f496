//! The verbs that work across kinds: `formats info check convert render solve`, plus
//! `completions` and `man`. Each is written once, over `pzl::Document`; the kind decides what it
//! can do, and says so when it cannot.

use std::path::{Path, PathBuf};

use pzl::{Document, Error, Format, Open, RenderRequest, Status};

use crate::args::{CheckArgs, ConvertArgs, FormatsArgs, InfoArgs, RenderArgs};
use crate::high;
use crate::io::{self, Ctx};
use crate::print::{self, Batch, Mode};
use crate::run::each_in_order;

mod solve;

pub use solve::solve;

/// Read `name` as a document, printing the reader's warnings.
pub fn open(ctx: &Ctx, name: &Path, options: &Open) -> Result<Document, Error> {
    pzl::ops::open(name, options, &|file, warnings| ctx.warnings(file, warnings))
}

/// `doc` with the document in `with` laid over it (`--with FILE`).
fn combine(ctx: &Ctx, doc: Document, with: Option<&Path>) -> Result<Document, Error> {
    pzl::ops::combine(doc, with, &|file, warnings| ctx.warnings(file, warnings))
}

/// Write `bytes`, refusing to print binary data on a terminal.
fn output(name: &Path, bytes: &[u8]) -> Result<(), Error> {
    if std::str::from_utf8(bytes).is_ok() { io::write(name, bytes) } else { io::write_binary(name, bytes) }
}

/// `pzl formats`.
pub fn formats(_ctx: &Ctx, args: &FormatsArgs) -> Result<Status, Error> {
    print::emit(Mode::json(args.json), &pzl::report::Named("formats", &pzl::FormatList::new()))?;
    Ok(Status::Ok)
}

/// `pzl info FILE…`.
pub fn info(ctx: &Ctx, args: &InfoArgs) -> Result<Status, Error> {
    let options = high::open_options(&args.read)?;
    let files = io::expand(ctx, &args.files);
    let jobs = high::jobs(args.jobs.as_deref())?;
    let mut batch = Batch::new(ctx, Mode::json(args.json), &args.files);
    // Text output leaves out the JSON-only values (per-cell listings).
    let request = pzl::InfoRequest { details: args.details, text_only: !args.json };
    let warn = |file: &str, warnings: &[pzl::Warning]| ctx.warnings(file, warnings);
    let describe = |file: &PathBuf| pzl::ops::info(file, &options, &request, &warn);
    each_in_order(ctx, &files, jobs, "reading", describe, |file, described| match described {
        Ok(info) => batch.report(&info, Status::Ok),
        Err(e) => batch.error(&io::shown(file), e),
    })?;
    batch.finish(false)
}

/// `pzl check FILE…`.
pub fn check(ctx: &Ctx, args: &CheckArgs) -> Result<Status, Error> {
    // A check shows every oddity, the harmless ones too.
    ctx.show_harmless();
    let options = high::open_options(&args.read)?;
    let files = io::expand(ctx, &args.files);
    let jobs = high::jobs(args.jobs.as_deref())?;
    let mut batch = Batch::new(ctx, Mode::json(args.json), &args.files);
    let warn = |file: &str, warnings: &[pzl::Warning]| ctx.warnings(file, warnings);
    let check_one =
        |file: &PathBuf| pzl::ops::check(file, &options, args.with.as_deref(), &args.settings.0, &warn);
    each_in_order(ctx, &files, jobs, "checking", check_one, |file, checked| match checked {
        Ok(report) => batch.report(&report, report.status()),
        Err(e) => batch.error(&io::shown(file), e),
    })?;
    batch.finish(true)
}

/// `pzl convert FILE -o OUT`, or `pzl convert FILE|DIR… -o OUTDIR --to FORMAT`.
pub fn convert(ctx: &Ctx, args: &ConvertArgs) -> Result<Status, Error> {
    let options = high::open_options(&args.read)?;
    let collection = args.inputs.len() > 1 || args.inputs.iter().any(|p| p.is_dir());
    if collection {
        return convert_collection(ctx, args, &options);
    }
    let input = &args.inputs[0];
    // `-o DIR` (an existing folder): the file goes into it, as `cp` puts it, under the input's
    // name with the target's extension; the name is worked out before anything is read.
    let into_folder = !io::is_dash(&args.output) && args.output.is_dir();
    let to_folder = if into_folder { Some(into_folder_name(input, args)?) } else { None };
    let doc = open(ctx, input, &options)?;
    let (out, to) = match to_folder {
        Some((path, to)) => (path, to),
        None => (args.output.clone(), target_format(&doc, args.to.as_deref(), &args.output)?),
    };
    let doc = combine(ctx, doc, args.with.as_deref())?;
    let written = doc.write(to).map_err(|e| e.in_file(io::shown(input)))?;
    warn_lost(ctx, &out, to, &written.lost);
    output(&out, &written.bytes)?;
    Ok(Status::Ok)
}

/// The file `convert FILE -o DIR --to FORMAT` writes when DIR is a folder: DIR/STEM.EXT, with the
/// input's stem and the format's usual extension. Without `--to`, or for an input with no file
/// name (standard input, a URL), it says what to give instead.
fn into_folder_name(input: &Path, args: &ConvertArgs) -> Result<(PathBuf, Format), Error> {
    let folder = io::shown(&args.output);
    let Some(to) = args.to.as_deref() else {
        return Err(Error::usage(format!(
            "-o {folder} is a folder: name the format to write into it with --to"
        ))
        .hint(format!("e.g. pzl convert {} -o {folder} --to FORMAT (see `pzl formats`)", io::shown(input))));
    };
    let to = high::format(to)?;
    let stem = (!io::is_dash(input) && input.exists()).then(|| input.file_stem()).flatten();
    let Some(stem) = stem else {
        return Err(Error::usage(format!(
            "-o {folder} is a folder, and this input has no file name to go by"
        ))
        .hint(format!("name the output file: -o {folder}/NAME")));
    };
    let ext = to.info().extensions.first().copied().unwrap_or(to.name());
    let mut name = stem.to_os_string();
    name.push(".");
    name.push(ext);
    Ok((args.output.join(name), to))
}

/// One file of a collection conversion, as reported.
#[derive(Debug, serde::Serialize)]
struct Converted {
    file: String,
    output: String,
    /// `written`, or `exists` when the output was there already and `--force` was not given.
    status: &'static str,
    /// What the target format could not hold.
    lost: Vec<String>,
}

impl std::fmt::Display for Converted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Names come from the folder walked: escaped, line ends too, so none can forge a line.
        let (file, output) = (pzl::text::printable_name(&self.file), pzl::text::printable_name(&self.output));
        match self.status {
            "exists" => writeln!(f, "{file}: {output} exists already; skipped (--force replaces it)"),
            _ if self.lost.is_empty() => writeln!(f, "{file} -> {output}"),
            _ => {
                writeln!(f, "{file} -> {output} (left out: {})", pzl::text::printable(&self.lost.join("; ")))
            }
        }
    }
}

/// `convert` over several files and folders into `-o OUTDIR`: folders are mirrored (relative
/// paths kept, the extension changed to the target's), existing outputs are kept unless
/// `--force`, a bad file is reported and skipped.
fn convert_collection(ctx: &Ctx, args: &ConvertArgs, options: &Open) -> Result<Status, Error> {
    let Some(to) = args.to.as_deref() else {
        return Err(Error::usage("converting several files or a folder needs --to FORMAT")
            .hint("e.g. --to xd for crosswords, --to pzprv3 for Masyu (`pzl formats` lists them all)"));
    };
    let to = high::format(to)?;
    if args.with.is_some() {
        return Err(Error::usage("--with lays one board over one puzzle: give one input file"));
    }
    if io::is_dash(&args.output) {
        return Err(Error::usage("converting several files or a folder needs -o OUTDIR"));
    }
    let folder = crate::out::folder(&args.output, args.force)?;
    refuse_inputs(args, std::fs::canonicalize(&args.output).ok().as_deref())?;
    let mut plan = pzl::ops::convert::plan(&args.inputs, &args.output, to);
    ctx.walked(std::mem::take(&mut plan.walk));
    plan.refuse_clashes()?;
    let convert_one = |(file, relative): &(PathBuf, PathBuf)| {
        let target = folder.path(relative);
        let report =
            |status, lost| Converted { file: io::shown(file), output: io::shown(&target), status, lost };
        if folder.kept(relative) {
            return Ok(report("exists", Vec::new()));
        }
        let written = open(ctx, file, options)?.write(to)?;
        folder.write(relative, &written.bytes)?;
        Ok(report("written", written.lost))
    };
    let jobs = high::jobs(args.jobs.as_deref())?;
    let mut batch = Batch::new(ctx, Mode::json(args.json), &args.inputs);
    // The files are the work; the report is a side channel: a closed standard output
    // (`| head`) does not stop the conversion.
    batch.report_is_side_channel();
    each_in_order(ctx, &plan.jobs, jobs, "converting", convert_one, |(file, _), result| match result {
        Ok(done) => {
            let status = if done.status == "exists" { Status::Problems } else { Status::Ok };
            batch.report(&done, status)
        }
        Err(e) => batch.error(&io::shown(file), e),
    })?;
    batch.finish(true)
}

/// The inputs of a collection conversion, refused as a whole: standard input among them, or
/// the output folder itself.
fn refuse_inputs(args: &ConvertArgs, out_real: Option<&Path>) -> Result<(), Error> {
    for root in &args.inputs {
        if io::is_dash(root) {
            return Err(Error::usage("standard input cannot be one of several inputs"));
        }
        if root.is_dir() && out_real.is_some() && std::fs::canonicalize(root).ok().as_deref() == out_real {
            return Err(Error::usage(format!(
                "-o {} is the input folder {}: its outputs would replace or join its inputs",
                io::shown(&args.output),
                io::shown(root)
            ))
            .hint("write into another folder, e.g. -o converted/"));
        }
    }
    Ok(())
}

/// The format to write: `--to`, else the document's own for standard output, else the one the
/// output's name implies (`pzl::ops::convert::target_format`).
pub fn target_format(doc: &Document, to: Option<&str>, output: &Path) -> Result<Format, Error> {
    match to {
        Some(name) => high::format(name),
        None if io::is_dash(output) => Ok(doc.format()),
        None => pzl::ops::convert::target_format(doc, output),
    }
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
        // A Masyu solve trace as an animation for a browser (`.svg`, `.html`).
        let picture = pzl::ops::picture(args.kind.as_deref(), &args.output, false)?;
        io::write(&args.output, pzl::ops::masyu::animation(trace, picture)?.as_bytes())?;
        return Ok(Status::Ok);
    }
    let options = high::open_options(&args.read)?;
    let name = args.input.as_deref().unwrap_or(Path::new("-"));
    let doc = open(ctx, name, &options)?;
    // `--board` is a board file (Masyu) or a board number (A-Puzzle-A-Day): the library tells.
    let choice = pzl::select::board_or_file(args.board.as_deref(), None)?;
    let doc = combine(ctx, doc, choice.with)?;
    let with_clues = args.settings.flag("with-clues");
    let picture = pzl::ops::picture(args.kind.as_deref(), &args.output, with_clues)?;
    let mut request = RenderRequest::new(picture);
    request.colour = io::is_dash(&args.output) && ctx.colour();
    request.select = choice.select;
    let request = args.settings.0.render_request(request)?;
    let rendered = doc.render(&request).map_err(|e| e.in_file(io::shown(name)))?;
    ctx.warnings(&io::shown(name), &rendered.warnings);
    let bytes = rendered.bytes;
    if request.colour && std::str::from_utf8(&bytes).is_ok() {
        io::stdout_escaped(&bytes)?;
    } else {
        output(&args.output, &bytes)?;
    }
    Ok(Status::Ok)
}

/// `pzl completions SHELL`.
pub fn completions(shell: clap_complete::Shell) -> Result<Status, Error> {
    use clap::CommandFactory;
    crate::table::WHOLE.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut command = crate::args::Cli::command();
    let mut bytes = Vec::new();
    clap_complete::generate(shell, &mut command, "pzl", &mut bytes);
    io::stdout(&bytes)?;
    Ok(Status::Ok)
}

/// `pzl man`: one manual page, the top level and then every verb (and each kind's own
/// commands) with its synopsis, description and options, so `man` shows what `--help` shows.
pub fn man() -> Result<Status, Error> {
    use clap::CommandFactory;
    use std::io::Write;
    crate::table::WHOLE.store(true, std::sync::atomic::Ordering::Relaxed);
    let command = crate::args::Cli::command();
    let mut verbs = Vec::new();
    every_verb(&command, "pzl", &mut verbs);
    let mut bytes = Vec::new();
    let render = || -> std::io::Result<()> {
        clap_mangen::Man::new(command.clone()).render(&mut bytes)?;
        for (path, verb) in verbs {
            writeln!(bytes, ".SH \"{}\"", path.to_uppercase())?;
            let page = clap_mangen::Man::new(verb.bin_name(path));
            page.render_synopsis_section(&mut bytes)?;
            page.render_description_section(&mut bytes)?;
            page.render_options_section(&mut bytes)?;
        }
        Ok(())
    };
    render().map_err(|e| Error::io(e.to_string()))?;
    io::stdout(&bytes)?;
    Ok(Status::Ok)
}

/// The verbs under `command` with their paths (`pzl solve`, `pzl masyu db list`), depth first.
fn every_verb(command: &clap::Command, path: &str, out: &mut Vec<(String, clap::Command)>) {
    for verb in command.get_subcommands().filter(|c| c.get_name() != "help") {
        let path = format!("{path} {}", verb.get_name());
        out.push((path.clone(), verb.clone()));
        every_verb(verb, &path, out);
    }
}
