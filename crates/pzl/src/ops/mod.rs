//! Operations over named inputs that every front end can call: each takes paths and plain values
//! and gives report data (serde types whose text form is their `Display`), so the command line
//! only parses its arguments, calls one of these and prints. The readers' warnings go to `warn`
//! as they are met (`(input name, warnings)`), before any later error.

use std::path::Path;

use pzl_core::settings::mention;
use pzl_core::{CheckReport, Error, Info, InfoRequest, Picture, Warning};

use crate::container::{self, Read};
use crate::input::{is_dash, read, shown};
use crate::settings::Options;
use crate::{Document, Open};

pub mod apad;
pub mod convert;
pub mod crossword;
pub mod generate;
pub mod mac;
pub mod masyu;

/// Where the readers' warnings go: `(input name, warnings)`.
pub type Warn<'a> = &'a (dyn Fn(&str, &[Warning]) + Sync);

/// The input `name` ([`read`]) as a document.
pub fn open(name: &Path, options: &Open, warn: Warn<'_>) -> Result<Document, Error> {
    let input = read(name)?;
    let parsed = Document::read(&input.bytes, &input.name, input.path.as_deref(), options)?;
    warn(&input.name, &parsed.warnings);
    Ok(parsed.value)
}

/// `doc` with the document in `with` laid over it (a Masyu board's lines over its puzzle, a
/// polyomino solution beside its puzzle); `doc` itself without `with`.
pub fn combine(doc: Document, with: Option<&Path>, warn: Warn<'_>) -> Result<Document, Error> {
    let Some(name) = with else { return Ok(doc) };
    let input = read(name)?;
    let parsed = doc.combine_file(&input.bytes, &input.name, input.path.as_deref())?;
    warn(&input.name, &parsed.warnings);
    Ok(parsed.value)
}

/// What `info` says of the input `name`: an archive or disk image lists its members (one on
/// disk from its catalog, without reading the whole file), unless `options` names a format;
/// any other file is read and described.
pub fn info(name: &Path, options: &Open, request: &InfoRequest, warn: Warn<'_>) -> Result<Info, Error> {
    let file = shown(name);
    let named = |mut info: Info| {
        info.file = Some(file.clone());
        info
    };
    let input = if options.from.is_none() && !is_dash(name) {
        match read_unless_large(name, |open| container::info_file(open, &file))? {
            Ok(input) => input,
            Err(listed) => return listed.map(named),
        }
    } else {
        read(name)?
    };
    let info = match container::read(&input.bytes, &input.name, input.path.as_deref(), options)? {
        Read::Container(opened) => opened.info(),
        Read::Document(parsed) => {
            warn(&input.name, &parsed.warnings);
            parsed.value.info(request)?
        }
    };
    Ok(named(info))
}

/// `name` read whole, or (`Err`) what `large` made of it when it is a file of
/// [`container::READ_AT_FROM`] bytes or more that `large` takes, open and unread (a disk image,
/// described or checked from its catalog at positions); a large file `large` declines is read
/// whole after all.
fn read_unless_large<T>(
    name: &Path,
    large: impl FnOnce(std::fs::File) -> Option<T>,
) -> Result<Result<crate::input::Input, T>, Error> {
    match crate::input::read_below(name, container::READ_AT_FROM)? {
        Ok(input) => Ok(Ok(input)),
        Err(open) => match large(open) {
            Some(done) => Ok(Err(done)),
            None => read(name).map(Ok),
        },
    }
}

/// What `check` finds in the input `name`, with the document in `with` laid over it: an archive
/// or disk image has every member read and every CRC and checksum verified (unless `options`
/// names a format or `with` is given); `settings` are the kinds' check settings.
pub fn check(
    name: &Path,
    options: &Open,
    with: Option<&Path>,
    settings: &Options,
    warn: Warn<'_>,
) -> Result<CheckReport, Error> {
    let file = shown(name);
    let container = options.from.is_none() && with.is_none() && !is_dash(name);
    let named = |mut report: CheckReport| {
        report.file = Some(file.clone());
        report
    };
    let input = if container {
        match read_unless_large(name, |open| container::check_file(open, &file))? {
            Ok(input) => input,
            Err(checked) => return checked.map(named),
        }
    } else {
        read(name)?
    };
    let parsed = if container {
        match container::read(&input.bytes, &input.name, input.path.as_deref(), options)? {
            Read::Container(opened) => return Ok(named(opened.check())),
            Read::Document(parsed) => parsed,
        }
    } else {
        Document::read(&input.bytes, &input.name, input.path.as_deref(), options)?
    };
    warn(&input.name, &parsed.warnings);
    let report = combine(parsed.value, with, warn)?.check_with(settings)?;
    Ok(named(report))
}

/// The picture a drawing sent to `output` is: `kind` when named (`text`, `svg`, `pdf`, `html`;
/// refused when the output's extension names another), else the one the output's extension
/// names; to standard output (`-`) a crossword's page with its clues (`with_clues`) is SVG and
/// anything else terminal text.
pub fn picture(kind: Option<&str>, output: &Path, with_clues: bool) -> Result<Picture, Error> {
    let implied = crate::solution::extension(&output.to_string_lossy());
    if let Some(kind) = kind {
        let picture = Picture::from_name(kind)?;
        if let Some(implied) = implied.as_deref().and_then(Picture::from_extension)
            && implied != picture
        {
            return Err(Error::usage(format!(
                "{} {kind} but the output `{}` is a .{implied} name",
                mention("as"),
                output.display()
            )));
        }
        return Ok(picture);
    }
    if is_dash(output) {
        return Ok(if with_clues { Picture::Svg } else { Picture::Text });
    }
    match implied {
        Some(ext) => Picture::from_extension(&ext).ok_or_else(|| {
            Error::usage(format!("cannot draw a .{ext} picture"))
                .hint(format!("write .svg, .pdf, .html or .txt, or name the picture with {}", mention("as")))
        }),
        None => Ok(Picture::Text),
    }
}

/// `options` reading A-Puzzle-A-Day's `edition` (`classic`, `weekday` or a description file):
/// the parameter of `apad:EDITION`, refused when the format's own parameter names another. The
/// edition travels as the format's parameter text, so a description file's name must be UTF-8
/// here (the `apad` commands take any name).
pub fn with_edition(mut options: Open, edition: impl AsRef<Path>) -> Result<Open, Error> {
    let path = edition.as_ref();
    let edition = path.to_str().ok_or_else(|| {
        Error::usage(format!(
            "{} {}: a description file named here must have a UTF-8 name",
            mention("puzzle"),
            path.display()
        ))
        .hint("rename the file, or use the `pzl apad` commands, which take any name")
    })?;
    if !options.params.is_empty() && options.params != edition {
        return Err(Error::usage(format!(
            "{} {edition} disagrees with {} {}",
            mention("puzzle"),
            mention("from"),
            options.params
        )));
    }
    options.params = edition.to_string();
    Ok(options)
}
