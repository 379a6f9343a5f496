//! `mac rsrc list|extract|add|remove`, `mac derez`, `mac rez`, `mac extract`, `mac stuff`. In-place
//! edits are locked read-modify-write edits ([`MacEdit`]), so concurrent commands never lose each
//! other's changes.

use std::path::PathBuf;

use pzl_core::Error;

use super::{Command, Done, Env, JSON, Output, Param, ParamType, Produces, Report, Values};
use crate::input::{read, shown};
use crate::kinds::mac;
use crate::ops::mac::{MacEdit, NewResource};

const FILE: Param = Param::file("file", "A Mac file in any container.");
const TYPE: Param =
    Param::option("type", ParamType::Text, "TYPE", "The resource type (four characters).").letter('t');
const ID: Param =
    Param::option("id", ParamType::Integer(i16::MIN as i64, i16::MAX as i64), "", "The resource ID.")
        .letter('i');
const NAME: Param = Param::option("name", ParamType::Text, "", "The resource name.").letter('n');
const INSTEAD: Param = super::output("", "Write the result here instead of changing FILE.");
const FORKS: &[(&str, &str)] = &[
    ("appledouble", "The data fork as the file, `._NAME` beside it (what macOS writes on foreign disks)."),
    ("macbinary", "One `NAME.bin` per file."),
    ("applesingle", "One `NAME.as` per file."),
];

const RSRC: &[Command] = &[
    Command::new(
        "list",
        "List the resources of a Mac file (any container): type, ID, size, attributes, name.",
        &[FILE, JSON],
        &[Produces::Report],
        list,
    ),
    Command::new(
        "extract",
        "Write one resource's data (raw bytes) to OUTPUT.",
        &[
            FILE,
            TYPE,
            ID,
            NAME,
            super::output("", "Where to write (`-` for standard output, not a terminal).").default("-"),
        ],
        &[Produces::Bytes],
        extract_resource,
    ),
    Command::new(
        "add",
        "Add (or replace) a resource whose data is read from DATA (`-` for standard input).",
        &[
            Param::file(
                "file",
                "The Mac file to change (created when missing; the container follows the name).",
            ),
            Param::file("data", "The resource's data."),
            Param::option(
                "type",
                ParamType::Text,
                "TYPE",
                "The resource type (four characters, e.g. `SBP1`).",
            )
            .letter('t')
            .required(),
            Param::option(
                "id",
                ParamType::Integer(i16::MIN as i64, i16::MAX as i64),
                "",
                "The ID (default: the lowest free one from 128).",
            )
            .letter('i'),
            NAME,
            Param::option("attributes", ParamType::Text, "", "The attribute byte, e.g. `0x20` (purgeable)."),
            INSTEAD,
        ],
        &[Produces::Edit, Produces::Bytes],
        add,
    ),
    Command::new(
        "remove",
        "Remove a resource.",
        &[Param::file("file", "The Mac file to change."), TYPE, ID, NAME, INSTEAD],
        &[Produces::Edit, Produces::Bytes],
        remove,
    ),
];

pub(super) const COMMANDS: &[Command] = &[
    Command::group("rsrc", "List, extract, add or remove resources of a Mac file.", RSRC).also("rsrc", None),
    Command::new(
        "derez",
        "Print a Mac file's resource fork as Rez source (DeRez style).",
        &[FILE, super::output("", "Where to write (`-` for standard output).").default("-")],
        &[Produces::Bytes],
        derez,
    )
    .also("derez", None),
    Command::new(
        "rez",
        "Compile Rez source (`data` statements) into a resource file.",
        &[
            Param::file("file", "Rez source (`data` statements)."),
            super::output("", "Where to write; the name picks the container (`.rsrc`, `.bin`, `.as`, `._*`, `.adf`, `.hqx`).")
            .default("-"),
            Param::option("to", ParamType::Text, "FORMAT", "The container to write, when the name does not say (see `pzl formats`)."),
        ],
        &[Produces::Bytes],
        rez,
    )
    .also("rez", None),
    Command::new(
        "extract",
        "Unpack a StuffIt archive or an HFS/HFS+/MFS disk image (DiskCopy 4.2, `.img.gz` too) into a folder, every file with both forks and its Finder info.",
        &[
            Param::file("file", "The archive or disk image (`.sit`, `.sit.hqx`, `.sea.bin`, `.img`, `.dsk`, `.image`, `.img.gz`)."),
            super::output("", "The folder to unpack into (created; it must not exist yet).")
                .required(),
            Param::option("fork-format", ParamType::Choice(FORKS), "", "How each file keeps its resource fork and Finder info.")
                .default("appledouble"),
        ],
        &[Produces::Folder],
        extract,
    ),
    Command::new(
        "stuff",
        "Put files (Mac files in any container, or plain files) into a new classic StuffIt archive that every StuffIt Expander opens: `.sit`, `.sit.hqx` (BinHex) or `.sit.bin`.",
        &[
            Param::files("files", "The files to put in."),
            super::output("", "The archive to write; `.hqx` wraps it in BinHex, `.bin` in MacBinary.")
                .required(),
        ],
        &[Produces::Bytes],
        stuff,
    ),
];

/// The resource `--type/--id/--name` choose.
fn which(values: &Values) -> Result<mac::Which, Error> {
    Ok(mac::Which {
        code: values.text("type").map(mac::parse_type).transpose()?,
        id: values.integer("id").and_then(|id| i16::try_from(id).ok()),
        name: values.text("name").map(str::to_string),
    })
}

/// The Mac file `file` names, read.
fn opened(values: &Values, env: &Env<'_>) -> Result<(String, crate::Document), Error> {
    let path = values.required_path("file")?;
    Ok((shown(path), super::open(env, path)?))
}

fn list(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    let (file, doc) = opened(values, env)?;
    let list = mac::file(&doc)?.resources().map_err(|e| e.in_file(&file))?;
    Ok(Done::printing(Report::named("resources", list)))
}

fn extract_resource(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    let (file, doc) = opened(values, env)?;
    let found = mac::file(&doc)?.resource(&which(values)?).map_err(|e| e.in_file(&file))?;
    (env.warn)(&file, &found.warnings);
    Ok(Done::writing(Output::binary(values.required_path("output")?, found.value.1.data)))
}

/// The changed file: written in place (releasing the lock), or its bytes for `-o`.
fn saved(edit: MacEdit, values: &Values) -> Result<Done, Error> {
    let output = values.path("output");
    let mut done = Done::ok();
    if let Some(bytes) = edit.save(output.is_some())? {
        done.outputs.push(Output::binary(output.map_or(values.required_path("file")?, |o| o), bytes));
    }
    Ok(done)
}

fn add(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    let path = values.required_path("file")?;
    let new = NewResource {
        code: values.required_text("type")?.to_string(),
        id: values.integer("id").and_then(|id| i16::try_from(id).ok()),
        name: values.text("name").map(str::to_string),
        attributes: values.text("attributes").map(str::to_string),
        data: values.required_path("data")?.to_path_buf(),
    };
    let (edit, added) = crate::ops::mac::add_resource(path, new, env.warn)?;
    (env.warn)(&shown(path), &added.warnings);
    saved(edit, values)
}

fn remove(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    let path = values.required_path("file")?;
    let mut edit = MacEdit::open(path, false, env.warn)?;
    edit.file()?.remove_resource(&which(values)?).map_err(|e| e.in_file(shown(path)))?;
    saved(edit, values)
}

fn derez(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    let (file, doc) = opened(values, env)?;
    let text = mac::file(&doc)?.derez().map_err(|e| e.in_file(file))?;
    Ok(Done::writing(Output::text(values.required_path("output")?, text)))
}

fn rez(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    let input = read(values.required_path("file")?)?;
    let output = values.required_path("output")?;
    let to = super::to_format(values)?;
    let (format, written) = mac::rez(&input.bytes, to, &shown(output)).map_err(|e| e.in_file(&input.name))?;
    env.warn_lost(output, format, &written.lost);
    Ok(Done::writing(Output::binary(output, written.bytes)))
}

/// `mac extract ARCHIVE -o DIR`: everything is unpacked in memory first, so a bad CRC leaves no
/// partial folder, then written into a new folder.
fn extract(values: &Values, _env: &Env<'_>) -> Result<Done, Error> {
    let input = read(values.required_path("file")?)?;
    let kind = match values.text("fork-format") {
        Some("macbinary") => crate::container::ContainerKind::MacBinary,
        Some("applesingle") => crate::container::ContainerKind::AppleSingle,
        _ => crate::container::ContainerKind::AppleDouble,
    };
    let files = crate::container::extract(&input.bytes, &input.name, kind)?;
    let out = values.required_path("output")?;
    if out.exists() {
        return Err(Error::usage("already exists").in_file(shown(out)).hint("name a new folder with -o"));
    }
    let count = files.iter().filter(|(_, bytes)| bytes.is_some()).count();
    let files = files.into_iter().map(|(path, bytes)| (PathBuf::from(path), bytes)).collect();
    let done = Done::writing(Output::Folder { root: out.to_path_buf(), files, force: false });
    Ok(done.note(format!("{count} files written to {}", shown(out))))
}

fn stuff(values: &Values, _env: &Env<'_>) -> Result<Done, Error> {
    let output = values.required_path("output")?;
    let bytes = crate::ops::mac::stuff(values.paths("files"), &shown(output))?;
    Ok(Done::writing(Output::binary(output, bytes)))
}
