//! `pzl mac rsrc list|extract|add|remove`, `pzl mac derez`, `pzl mac rez` (and the seed's
//! top-level names). In-place edits are locked read-modify-write edits (`pzl::fs::Edit`), so
//! concurrent commands never lose each other's changes.

use std::path::Path;

use pzl::kinds::mac;
use pzl::{Document, Error, Open, Status};

use crate::args::{DerezArgs, ExtractArgs, ForkFormat, MacCommand, RezArgs, RsrcCommand, StuffArgs, Which};
use crate::high;
use crate::io::{self, Ctx};
use crate::print::{self, Mode};

pub fn run(ctx: &Ctx, command: MacCommand) -> Result<Status, Error> {
    match command {
        MacCommand::Rsrc(c) => rsrc(ctx, c),
        MacCommand::Derez(args) => derez(ctx, &args),
        MacCommand::Rez(args) => rez(ctx, &args),
        MacCommand::Extract(args) => extract(ctx, &args),
        MacCommand::Stuff(args) => stuff(&args),
    }
}

/// `pzl mac stuff FILE… -o ARCHIVE`.
fn stuff(args: &StuffArgs) -> Result<Status, Error> {
    let mut files = Vec::new();
    for name in &args.files {
        let input = io::read(name)?;
        files.push(pzl::container::forks_of(&input.bytes, &input.name, input.path.as_deref())?);
    }
    let bytes = pzl::container::stuff(files, &io::shown(&args.output))?;
    io::write_binary(&args.output, &bytes)?;
    Ok(Status::Ok)
}

/// `pzl mac extract ARCHIVE -o DIR`: everything is unpacked in memory first (so a bad CRC leaves
/// no partial folder), then written into a new folder.
fn extract(ctx: &Ctx, args: &ExtractArgs) -> Result<Status, Error> {
    let input = io::read(&args.file)?;
    let kind = match args.fork_format {
        ForkFormat::Appledouble => pzl::container::ContainerKind::AppleDouble,
        ForkFormat::Macbinary => pzl::container::ContainerKind::MacBinary,
        ForkFormat::Applesingle => pzl::container::ContainerKind::AppleSingle,
    };
    let files = pzl::container::extract(&input.bytes, &input.name, kind)?;
    let out = &args.output;
    if out.exists() {
        return Err(Error::usage("already exists").in_file(io::shown(out)).hint("name a new folder with -o"));
    }
    // Unpacked in full before the folder is made: a bad archive leaves nothing behind.
    let folder = crate::out::Folder::new(out, false)?;
    folder.make(out)?;
    let mut count = 0;
    for (path, bytes) in &files {
        match bytes {
            None => folder.make(&folder.path(Path::new(path)))?,
            Some(bytes) => {
                folder.write(Path::new(path), bytes)?;
                count += 1;
            }
        }
    }
    ctx.note(format!("{count} files written to {}", io::shown(out)));
    Ok(Status::Ok)
}

fn which(w: &Which) -> Result<mac::Which, Error> {
    Ok(mac::Which {
        code: w.code.as_deref().map(mac::parse_type).transpose()?,
        id: w.id,
        name: w.name.clone(),
    })
}

fn open(ctx: &Ctx, name: &Path) -> Result<Document, Error> {
    crate::cmd::open(ctx, name, &Open::default())
}

/// A Mac file to change: the existing file, locked for the edit, or a new one.
pub(crate) fn edit(ctx: &Ctx, path: &Path, create: bool) -> Result<(Document, Option<pzl::fs::Edit>), Error> {
    if io::is_dash(path) {
        // Standard input in, standard output out (see `save`).
        return Ok((open(ctx, path)?, None));
    }
    let shown = io::shown(path);
    let name = shown.as_str();
    let edit = if create {
        io::edit_or_create(path, || mac::file(&mac::new_file(name)?)?.to_bytes())?
    } else {
        io::edit(path)?
    };
    let parsed = Document::read(edit.bytes(), name, Some(edit.path()), &Open::default())?;
    ctx.warnings(name, &parsed.warnings);
    Ok((parsed.value, Some(edit)))
}

/// Write the changed file: to `output` when given, else in place (releasing the lock).
pub(crate) fn save(
    doc: &Document,
    file: &Path,
    output: Option<&Path>,
    edit: Option<pzl::fs::Edit>,
) -> Result<(), Error> {
    let bytes = mac::file(doc)?.to_bytes().map_err(|e| e.in_file(io::shown(file)))?;
    match (output, edit) {
        (Some(out), _) => io::write_binary(out, &bytes),
        (None, Some(edit)) => edit.save(&bytes),
        (None, None) => io::write_binary(file, &bytes),
    }
}

pub fn rsrc(ctx: &Ctx, command: RsrcCommand) -> Result<Status, Error> {
    match command {
        RsrcCommand::List { file: path, json } => {
            let file = io::shown(&path);
            let doc = open(ctx, &path)?;
            let list = mac::file(&doc)?.resources().map_err(|e| e.in_file(&file))?;
            print::emit(Mode::json(json), &print::Named("resources", &list))?;
        }
        RsrcCommand::Extract { file: path, which: w, output } => {
            let file = io::shown(&path);
            let doc = open(ctx, &path)?;
            let found = mac::file(&doc)?.resource(&which(&w)?).map_err(|e| e.in_file(&file))?;
            ctx.warnings(&file, &found.warnings);
            io::write_binary(&output, &found.value.1.data)?;
        }
        RsrcCommand::Add { file: path, data, code, id, name, attributes, output } => {
            let file = io::shown(&path);
            let code = mac::parse_type(&code)?;
            let attributes = attributes.as_deref().map(mac::parse_byte).transpose()?;
            let data = io::read(&data)?.bytes;
            // Checked on an empty file first, so a bad name or type creates nothing.
            mac::file_mut(&mut mac::new_file(&file)?)?.add_resource(
                code,
                id,
                name.as_deref(),
                attributes,
                data.clone(),
            )?;
            let (mut doc, lock) = edit(ctx, &path, true)?;
            let added = mac::file_mut(&mut doc)?
                .add_resource(code, id, name.as_deref(), attributes, data)
                .map_err(|e| e.in_file(&file))?;
            ctx.warnings(&file, &added.warnings);
            save(&doc, &path, output.as_deref(), lock)?;
        }
        RsrcCommand::Remove { file: path, which: w, output } => {
            let (mut doc, lock) = edit(ctx, &path, false)?;
            mac::file_mut(&mut doc)?.remove_resource(&which(&w)?).map_err(|e| e.in_file(io::shown(&path)))?;
            save(&doc, &path, output.as_deref(), lock)?;
        }
    }
    Ok(Status::Ok)
}

pub fn derez(ctx: &Ctx, args: &DerezArgs) -> Result<Status, Error> {
    let doc = open(ctx, &args.file)?;
    let text = mac::file(&doc)?.derez().map_err(|e| e.in_file(io::shown(&args.file)))?;
    io::write(&args.output, text.as_bytes())?;
    Ok(Status::Ok)
}

pub fn rez(ctx: &Ctx, args: &RezArgs) -> Result<Status, Error> {
    let input = io::read(&args.file)?;
    let to = args.to.as_deref().map(high::format).transpose()?;
    let output = io::shown(&args.output);
    let (format, written) = mac::rez(&input.bytes, to, &output).map_err(|e| e.in_file(&input.name))?;
    crate::cmd::warn_lost(ctx, &args.output, format, &written.lost);
    io::write_binary(&args.output, &written.bytes)?;
    Ok(Status::Ok)
}
