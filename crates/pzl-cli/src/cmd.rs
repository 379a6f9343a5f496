//! The verbs that work across kinds: `formats info check convert render solve`, plus
//! `completions` and `man`. Each is written once, over `pzl::Document`; the kind decides what it
//! can do, and says so when it cannot.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use pzl::{Document, Error, Format, Open, RenderRequest, Status};

use crate::args::{CheckArgs, ConvertArgs, FormatsArgs, InfoArgs, RenderArgs};
use crate::high;
use crate::io::{self, Ctx};
use crate::print::{self, Batch, Mode};
use crate::run::each_in_order;

pub mod generate;
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
    print::emit(Mode::json(args.json), &print::Named("formats", &pzl::FormatList::new()))?;
    Ok(Status::Ok)
}

/// `pzl info FILE…`.
pub fn info(ctx: &Ctx, args: &InfoArgs) -> Result<Status, Error> {
    let options = high::open_options(&args.read)?;
    let files = io::expand(ctx, &args.files);
    let jobs = high::jobs(args.jobs.as_deref())?;
    let mut batch = Batch::new(ctx, Mode::json(args.json), &args.files);
    let describe = |file: &PathBuf| {
        let request = pzl::InfoRequest { details: args.details };
        // A disk image on disk lists from its catalog, without reading the whole file.
        if options.from.is_none()
            && !io::is_dash(file)
            && let Some(listed) = pzl::container::info_file(file, &io::shown(file))
        {
            return listed.map(|mut info| {
                info.file = Some(io::shown(file));
                info
            });
        }
        let input = io::read(file)?;
        // An archive or disk image lists its members, unless --from names another format.
        let info = match pzl::container::read(&input.bytes, &input.name, input.path.as_deref(), &options) {
            Ok(pzl::container::Read::Container(opened)) => Ok(opened.info()),
            Ok(pzl::container::Read::Document(parsed)) => {
                ctx.warnings(&input.name, &parsed.warnings);
                parsed.value.info(&request)
            }
            Err(e) => Err(e),
        };
        info.map(|mut info| {
            info.file = Some(io::shown(file));
            info
        })
    };
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
    let check_one = |file: &PathBuf| {
        // An archive or disk image: every member read, every CRC and checksum verified (a
        // large disk image at positions).
        let container = options.from.is_none() && args.with.is_none() && !io::is_dash(file);
        let named = |report: Result<pzl::CheckReport, Error>| {
            report.map(|mut report| {
                report.file = Some(io::shown(file));
                report
            })
        };
        if container && let Some(checked) = pzl::container::check_file(file, &io::shown(file)) {
            return named(checked);
        }
        let input = io::read(file)?;
        let read = if container {
            match pzl::container::read(&input.bytes, &input.name, input.path.as_deref(), &options)? {
                pzl::container::Read::Container(opened) => return named(Ok(opened.check())),
                pzl::container::Read::Document(parsed) => Ok(parsed),
            }
        } else {
            Document::read(&input.bytes, &input.name, input.path.as_deref(), &options)
        };
        read.map(|parsed| {
            ctx.warnings(&input.name, &parsed.warnings);
            parsed.value
        })
        .and_then(|doc| combine(ctx, doc, args.with.as_deref()))
        .and_then(|doc| doc.check_with(&args.settings.0))
        .map(|mut report| {
            report.file = Some(io::shown(file));
            report
        })
    };
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
    let folder = crate::out::Folder::new(&args.output, args.force)?;
    let ext = to.info().extensions.first().copied().unwrap_or(to.name());
    // The output folder as the file system names it, when it exists: an input folder that holds
    // it does not walk into it (the outputs of an earlier run are not inputs of this one).
    let out_real = std::fs::canonicalize(&args.output).ok();
    let jobs_list = mirrored(ctx, args, out_real.as_deref())?;
    let jobs_list = output_names(ctx, &args.output, out_real.as_deref(), jobs_list, ext)?;
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
    each_in_order(ctx, &jobs_list, jobs, "converting", convert_one, |(file, _), result| match result {
        Ok(done) => {
            let status = if done.status == "exists" { Status::Problems } else { Status::Ok };
            batch.report(&done, status)
        }
        Err(e) => batch.error(&io::shown(file), e),
    })?;
    batch.finish(true)
}

/// Each input with its path relative to the output folder: a folder's files keep their path
/// below it, a file named directly its name; the output folder itself is not walked.
fn mirrored(
    ctx: &Ctx,
    args: &ConvertArgs,
    out_real: Option<&Path>,
) -> Result<Vec<(PathBuf, PathBuf)>, Error> {
    let mut jobs_list = Vec::new();
    for root in &args.inputs {
        if io::is_dash(root) {
            return Err(Error::usage("standard input cannot be one of several inputs"));
        }
        if root.is_dir() {
            if out_real.is_some() && std::fs::canonicalize(root).ok().as_deref() == out_real {
                return Err(Error::usage(format!(
                    "-o {} is the input folder {}: its outputs would replace or join its inputs",
                    io::shown(&args.output),
                    io::shown(root)
                ))
                .hint("write into another folder, e.g. -o converted/"));
            }
            // A file of the output folder is found by its real path: every file's when the
            // output folder lies inside this one, else only a symbolic link's (three system
            // calls a file, `getcwd` and `readlink`, saved on a folder of plain files).
            let holds_out = out_real
                .is_some_and(|out| std::fs::canonicalize(root).is_ok_and(|real| out.starts_with(real)));
            for file in io::expand(ctx, std::slice::from_ref(root)) {
                if let Some(out) = &out_real
                    && (holds_out || file.is_symlink())
                    && std::fs::canonicalize(&file).is_ok_and(|real| real.starts_with(out))
                {
                    continue;
                }
                let relative =
                    file.strip_prefix(root).map(Path::to_path_buf).unwrap_or_else(|_| file.clone());
                jobs_list.push((file, relative));
            }
        } else {
            let relative = root.file_name().map(std::path::PathBuf::from).unwrap_or_else(|| root.clone());
            jobs_list.push((root.clone(), relative));
        }
    }
    Ok(jobs_list)
}

/// Each input's output name, relative to the output folder: the input's relative path with the
/// target's extension; where several inputs would share one output (`x.puz` and `x.ipuz` both
/// `x.xd`), each keeps its own extension too (`x.puz.xd`, `x.ipuz.xd`), with a warning naming
/// them. Names that still collide (two roots holding one relative path), and outputs that are
/// inputs of this run, refuse the run before anything is written, naming every pair.
fn output_names(
    ctx: &Ctx,
    output: &Path,
    out_real: Option<&Path>,
    list: Vec<(PathBuf, PathBuf)>,
    ext: &str,
) -> Result<Vec<(PathBuf, PathBuf)>, Error> {
    let plain = |relative: &Path| relative.with_extension(ext);
    let mut count: HashMap<PathBuf, usize> = HashMap::new();
    for (_, relative) in &list {
        *count.entry(plain(relative)).or_default() += 1;
    }
    let mut renamed: HashMap<PathBuf, Vec<String>> = HashMap::new();
    let list: Vec<(PathBuf, PathBuf)> = list
        .into_iter()
        .map(|(file, relative)| {
            let default = plain(&relative);
            if count[&default] > 1 && relative.extension().is_some() {
                let mut name = relative.clone().into_os_string();
                name.push(".");
                name.push(ext);
                let target = PathBuf::from(name);
                renamed.entry(default).or_default().push(format!(
                    "{} -> {}",
                    io::shown(&file),
                    io::shown(&output.join(&target))
                ));
                (file, target)
            } else {
                (file, default)
            }
        })
        .collect();
    let mut renamed: Vec<_> = renamed.into_iter().collect();
    renamed.sort();
    for (default, moves) in renamed {
        ctx.warn(
            &io::shown(&output.join(default)),
            format!(
                "{} inputs would share this output; each keeps its extension: {}",
                moves.len(),
                moves.join(", ")
            ),
        );
    }
    let mut clashes = clashes(output, out_real, &list);
    if clashes.is_empty() {
        return Ok(list);
    }
    clashes.sort();
    Err(Error::usage(format!(
        "{} output{} clash; nothing was written: {}",
        clashes.len(),
        if clashes.len() == 1 { "" } else { "s" },
        pzl::text::printable_name(&clashes.join("; "))
    ))
    .hint("convert the clashing inputs into separate folders, or rename one of each pair"))
}

/// The outputs that would be written twice, or that are inputs of the run, each in words.
fn clashes(output: &Path, out_real: Option<&Path>, list: &[(PathBuf, PathBuf)]) -> Vec<String> {
    // What is left colliding cannot be told apart by a name: refuse the run.
    let mut by_target: HashMap<&Path, Vec<&Path>> = HashMap::new();
    for (file, target) in list {
        by_target.entry(target.as_path()).or_default().push(file.as_path());
    }
    let mut clashes: Vec<String> = by_target
        .iter()
        .filter(|(_, files)| files.len() > 1)
        .map(|(target, files)| {
            let files: Vec<String> = files.iter().map(|f| io::shown(f)).collect();
            format!("{} would be written from {}", io::shown(&output.join(target)), files.join(" and "))
        })
        .collect();
    // An output that is an input of the same run would be replaced before it is read.
    if let Some(out) = out_real {
        let inputs: std::collections::HashSet<PathBuf> =
            list.iter().filter_map(|(file, _)| std::fs::canonicalize(file).ok()).collect();
        for (file, target) in list {
            let real = out.join(target);
            if inputs.contains(&real) {
                clashes.push(format!(
                    "{} (from {}) is an input of this run",
                    io::shown(&output.join(target)),
                    io::shown(file)
                ));
            }
        }
    }
    clashes
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
    // A name another kind's format claims (`out.puz` for a Masyu puzzle): say so.
    if doc.format_for_output(&file_name).is_none()
        && let Some(other) = Format::claiming(&file_name).into_iter().find(|f| f.kind() != doc.kind())
    {
        return Err(Error::usage(format!(
            "`{}` names a {} format ({}); a {} puzzle cannot be written as one",
            output.display(),
            other.kind(),
            other.name(),
            doc.kind()
        ))
        .hint(format!("the {} formats: {}", doc.kind(), doc.writable_formats().join(", "))));
    }
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
    // `--board` is a board file (Masyu) or a board number (A-Puzzle-A-Day): the library tells.
    let choice = pzl::select::board_or_file(args.board.as_deref(), args.settings.0.text("date"))?;
    let (with, select) = (choice.with, choice.select);
    let doc = combine(ctx, doc, with)?;
    // A page with the clues is a picture: to standard output it is SVG unless `--as` says.
    let with_clues = args.settings.flag("with-clues");
    let picture = match (with_clues, args.kind.as_deref()) {
        (true, None) if io::is_dash(&args.output) => pzl::Picture::Svg,
        (_, kind) => high::picture(kind, &args.output)?,
    };
    let request = RenderRequest {
        picture,
        colour: io::is_dash(&args.output) && ctx.colour(),
        select,
        with_clues,
        paper: pzl::Paper::from_name(&args.paper)?,
    };
    let bytes = doc.render(&request).map_err(|e| e.in_file(io::shown(name)))?;
    ctx.warnings(&io::shown(name), &doc.render_warnings(&request)?);
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
