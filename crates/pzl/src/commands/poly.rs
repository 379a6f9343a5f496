//! `poly ftor`: MacPoly source files into a resource file, each checked by the MacPoly reader
//! before it is stored.

use std::path::Path;

use pzl_core::Error;

use super::{Command, Done, Env, Output, Param, ParamType, Produces, Report, Values};
use crate::input::{read, shown};
use crate::ops::mac::MacEdit;

pub(super) const COMMANDS: &[Command] = &[Command::new(
    "ftor",
    "MacPoly's ftor: add puzzle/solution source files to a resource file as TYPE resources.",
    &[
        Param::option(
            "code",
            ParamType::Text,
            "TYPE",
            "Resource type of the new resources: `SBP1`..`SBP9` puzzles, `SBS1`..`SBS9` solutions.",
        )
        .positional()
        .required(),
        Param::file(
            "output",
            "The resource file to add to (created when absent; the container follows the name).",
        )
        .shown_as("OUTFILE"),
        Param::files("inputs", "Source files: the first line is the name, then the message and grid.")
            .shown_as("INFILE"),
    ],
    &[Produces::Edit, Produces::Report],
    ftor,
)
.also("ftor", None)];

/// `merge`: the shard results of a split count added up (a top-level command).
pub(super) const MERGE: Command = Command::new(
    "merge",
    "Add up the shard results of a split count (`pzl solve --count --shard K/N -o FILE`); exit 1 naming missing, duplicated, unfinished or foreign shards.",
    &[
        Param::files(
            "files",
            "The shard results (JSON files written by `pzl solve --count --shard K/N -o FILE`).",
        )
        .shown_as("FILE"),
        Param::flag(
            "json",
            "Machine-readable output: totals, missing, duplicated, unfinished and foreign shards.",
        ),
    ],
    &[Produces::Report],
    merge,
);

/// The total when every shard is there once and finished; else what is missing, duplicated,
/// unfinished or foreign, and exit 1.
fn merge(values: &Values, _env: &Env<'_>) -> Result<Done, Error> {
    let mut files = Vec::new();
    for path in values.paths("files") {
        // A shard result is a few KB: a huge file is refused before it is read.
        if let Ok(meta) = std::fs::metadata(path)
            && meta.is_file()
        {
            crate::kinds::poly::check_shard_size(meta.len()).map_err(|e| e.in_file(shown(path)))?;
        }
        let input = read(path)?;
        files.push((input.name, input.bytes));
    }
    let report = crate::kinds::poly::merge_shards(&files)?;
    let complete = report.complete && report.total.is_some();
    let status = if complete { pzl_core::Status::Ok } else { pzl_core::Status::Problems };
    Ok(Done::printing(Report::of(report)).status(status))
}

fn ftor(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    let code = values.required_text("code")?;
    let path = values.required_path("output")?;
    let mut sources = Vec::new();
    for name in values.paths("inputs") {
        let input = read(name)?;
        sources.push((input.name, input.bytes));
    }
    // Every source is checked before the file is touched (or created): a bad source changes nothing.
    let output = shown(path);
    crate::kinds::poly::ftor(&mut crate::kinds::mac::new_file(&output)?, code, &sources)?;
    let mut edit = MacEdit::open(path, true, env.warn)?;
    let added = crate::kinds::poly::ftor(edit.document(), code, &sources).map_err(|e| e.in_file(&output))?;
    let mut done = Done::ok();
    done.outputs = edit.save(false)?.map(|bytes| Output::binary(path, bytes)).into_iter().collect();
    // One resource per source, in order.
    let mut report = String::new();
    for ((source, _), (id, name)) in sources.iter().zip(added) {
        let source = pzl_core::text::printable(source);
        report.push_str(&format!("{source}: '{code}' {id} \"{}\"\n", pzl_core::text::printable(&name)));
    }
    done.outputs.push(Output::text(Path::new("-"), report));
    Ok(done)
}
