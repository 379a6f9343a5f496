//! `pzl mac rsrc list|extract|add|remove`, `pzl mac derez`, `pzl mac rez` (and the seed's
//! top-level names). In-place edits are locked read-modify-write edits (`pzl::fs::Edit`), so
//! concurrent commands never lose each other's changes.

use std::path::Path;

use pzl::kinds::mac;
use pzl::{Document, Error, Open, Status};

use crate::args::{DerezArgs, MacCommand, RezArgs, RsrcCommand, Which};
use crate::high;
use crate::io::{self, Ctx};
use crate::print::{self, Mode};

pub fn run(ctx: &Ctx, command: MacCommand) -> Result<Status, Error> {
    match command {
        MacCommand::Rsrc(c) => rsrc(ctx, c),
        MacCommand::Derez(args) => derez(ctx, &args),
        MacCommand::Rez(args) => rez(ctx, &args),
    }
}

fn which(w: &Which) -> Result<mac::Which, Error> {
    Ok(mac::Which {
        code: w.code.as_deref().map(mac::parse_type).transpose()?,
        id: w.id,
        name: w.name.clone(),
    })
}

fn open(ctx: &Ctx, name: &str) -> Result<Document, Error> {
    crate::cmd::open(ctx, name, &Open::default())
}

/// A Mac file to change: the existing file, locked for the edit, or a new one.
pub(crate) fn edit(ctx: &Ctx, name: &str, create: bool) -> Result<(Document, Option<pzl::fs::Edit>), Error> {
    if name == "-" {
        // Standard input in, standard output out (see `save`).
        return Ok((open(ctx, name)?, None));
    }
    let edit = if create {
        io::edit_or_create(Path::new(name), || mac::file(&mac::new_file(name)?)?.to_bytes())?
    } else {
        io::edit(Path::new(name))?
    };
    let parsed = Document::read(edit.bytes(), name, Some(edit.path()), &Open::default())?;
    ctx.warnings(name, &parsed.warnings);
    Ok((parsed.value, Some(edit)))
}

/// Write the changed file: to `output` when given, else in place (releasing the lock).
pub(crate) fn save(
    doc: &Document,
    file: &str,
    output: Option<&str>,
    edit: Option<pzl::fs::Edit>,
) -> Result<(), Error> {
    let bytes = mac::file(doc)?.to_bytes().map_err(|e| e.in_file(file))?;
    match (output, edit) {
        (Some(out), _) => io::write_binary(out, &bytes),
        (None, Some(edit)) => edit.save(&bytes),
        (None, None) if file == "-" => io::write_binary("-", &bytes),
        (None, None) => io::write_path(Path::new(file), &bytes),
    }
}

pub fn rsrc(ctx: &Ctx, command: RsrcCommand) -> Result<Status, Error> {
    match command {
        RsrcCommand::List { file, json } => {
            let doc = open(ctx, &file)?;
            let list = mac::file(&doc)?.resources().map_err(|e| e.in_file(&file))?;
            print::emit(Mode::json(json), &list)?;
        }
        RsrcCommand::Extract { file, which: w, output } => {
            let doc = open(ctx, &file)?;
            let found = mac::file(&doc)?.resource(&which(&w)?).map_err(|e| e.in_file(&file))?;
            ctx.warnings(&file, &found.warnings);
            io::write_binary(&output, &found.value.1.data)?;
        }
        RsrcCommand::Add { file, data, code, id, name, attributes, output } => {
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
            let (mut doc, lock) = edit(ctx, &file, true)?;
            let added = mac::file_mut(&mut doc)?
                .add_resource(code, id, name.as_deref(), attributes, data)
                .map_err(|e| e.in_file(&file))?;
            ctx.warnings(&file, &added.warnings);
            save(&doc, &file, output.as_deref(), lock)?;
        }
        RsrcCommand::Remove { file, which: w, output } => {
            let (mut doc, lock) = edit(ctx, &file, false)?;
            mac::file_mut(&mut doc)?.remove_resource(&which(&w)?).map_err(|e| e.in_file(&file))?;
            save(&doc, &file, output.as_deref(), lock)?;
        }
    }
    Ok(Status::Ok)
}

pub fn derez(ctx: &Ctx, args: &DerezArgs) -> Result<Status, Error> {
    let doc = open(ctx, &args.file)?;
    let text = mac::file(&doc)?.derez().map_err(|e| e.in_file(&args.file))?;
    io::write(&args.output, text.as_bytes())?;
    Ok(Status::Ok)
}

pub fn rez(ctx: &Ctx, args: &RezArgs) -> Result<Status, Error> {
    let input = io::read(&args.file)?;
    let to = args.to.as_deref().map(high::format).transpose()?;
    let written = mac::rez(&input.bytes, to, &args.output).map_err(|e| e.in_file(&args.file))?;
    crate::cmd::warn_lost(
        ctx,
        &args.output,
        to.unwrap_or_else(|| {
            pzl::Format::claiming(&args.output)
                .into_iter()
                .next()
                .unwrap_or(pzl::Format::from_name("rsrc").unwrap_or_else(|_| unreachable_format()))
        }),
        &written.lost,
    );
    io::write_binary(&args.output, &written.bytes)?;
    Ok(Status::Ok)
}

fn unreachable_format() -> pzl::Format {
    pzl::Format::all().next().expect("pzl knows at least one format")
}
