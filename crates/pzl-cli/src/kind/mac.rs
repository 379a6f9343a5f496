//! `pzl mac rsrc list|extract|add|remove`, `pzl mac derez`, `pzl mac rez` (and the seed's
//! top-level names). In-place edits are locked read-modify-write edits (`pzl::fs::Edit`), so
//! concurrent commands never lose each other's changes.

use std::path::Path;

use pzl::kinds::mac;
use pzl::ops::mac::MacEdit;
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
    io::write_binary(&args.output, &pzl::ops::mac::stuff(&args.files, &io::shown(&args.output))?)?;
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
    let folder = crate::out::folder(out, false)?;
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
pub(crate) fn edit(ctx: &Ctx, path: &Path, create: bool) -> Result<MacEdit, Error> {
    io::protect_writes();
    MacEdit::open(path, create, &|file, warnings| ctx.warnings(file, warnings))
}

/// Write the changed file: to `output` when given, else in place (releasing the lock).
pub(crate) fn save(edit: MacEdit, file: &Path, output: Option<&Path>) -> Result<(), Error> {
    match edit.save(output.is_some())? {
        Some(bytes) => io::write_binary(output.unwrap_or(file), &bytes),
        None => Ok(()),
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
            let new = pzl::ops::mac::NewResource { code, id, name, attributes, data };
            io::protect_writes();
            let warn = |file: &str, warnings: &[pzl::Warning]| ctx.warnings(file, warnings);
            let (edit, added) = pzl::ops::mac::add_resource(&path, new, &warn)?;
            ctx.warnings(&io::shown(&path), &added.warnings);
            save(edit, &path, output.as_deref())?;
        }
        RsrcCommand::Remove { file: path, which: w, output } => {
            let mut edit = edit(ctx, &path, false)?;
            edit.file()?.remove_resource(&which(&w)?).map_err(|e| e.in_file(io::shown(&path)))?;
            save(edit, &path, output.as_deref())?;
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
