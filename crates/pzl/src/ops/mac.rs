//! Changing classic Mac files in place (`mac rsrc add|remove`, `poly ftor`): the file is locked
//! from reading to writing (`fs::Edit`), so concurrent edits never lose each other's changes,
//! and every change is tried on an empty file first, so bad input creates and changes nothing.

use std::path::{Path, PathBuf};

use pzl_core::Error;

use super::Warn;
use crate::input::{is_dash, read, shown};
use crate::kinds::mac::{self, Added, MacFile};
use crate::{Document, Open};

/// A Mac file opened to be changed: an existing file locked for the edit, a new one (created
/// empty, in the container its name implies), or standard input.
pub struct MacEdit {
    doc: Document,
    lock: Option<crate::fs::Edit>,
    name: String,
}

impl MacEdit {
    /// Open `path` to change it; with `create`, a missing file is made first. `-` reads
    /// standard input (the result is then the caller's to write).
    pub fn open(path: &Path, create: bool, warn: Warn<'_>) -> Result<MacEdit, Error> {
        let name = shown(path);
        if is_dash(path) {
            return Ok(MacEdit { doc: super::open(path, &Open::default(), warn)?, lock: None, name });
        }
        let lock = if create {
            crate::fs::Edit::open_or_create(path, || mac::file(&mac::new_file(&name)?)?.to_bytes())?
        } else {
            crate::fs::Edit::open(path)?
        };
        let parsed = Document::read(lock.bytes(), &name, Some(lock.path()), &Open::default())?;
        warn(&name, &parsed.warnings);
        Ok(MacEdit { doc: parsed.value, lock: Some(lock), name })
    }

    /// The Mac file, to change; an error about it names the file.
    pub fn file(&mut self) -> Result<&mut MacFile, Error> {
        mac::file_mut(&mut self.doc)
    }

    /// The document being changed.
    pub fn document(&mut self) -> &mut Document {
        &mut self.doc
    }

    /// Write the changed file in place (releasing the lock) and give `None`; or, when it goes
    /// `elsewhere` or came from standard input, give its bytes for the caller to write.
    pub fn save(self, elsewhere: bool) -> Result<Option<Vec<u8>>, Error> {
        let bytes = mac::file(&self.doc)?.to_bytes().map_err(|e| e.in_file(&self.name))?;
        match self.lock {
            Some(lock) if !elsewhere => lock.save(&bytes).map(|()| None),
            _ => Ok(Some(bytes)),
        }
    }
}

/// A resource to add ([`add_resource`]).
#[derive(Debug, Clone)]
pub struct NewResource {
    /// Its type (`SBP1`).
    pub code: String,
    /// Its ID (default: the lowest free one from 128).
    pub id: Option<i16>,
    /// Its name.
    pub name: Option<String>,
    /// Its attribute byte (`0x20`).
    pub attributes: Option<String>,
    /// The file holding its data (`-`: standard input).
    pub data: PathBuf,
}

/// Add (or replace) a resource of the Mac file at `path` (created when missing): everything is
/// checked, on an empty file too, before the file is opened. Gives the file, still locked, to
/// [`MacEdit::save`].
pub fn add_resource(path: &Path, new: NewResource, warn: Warn<'_>) -> Result<(MacEdit, Added), Error> {
    let code = mac::parse_type(&new.code)?;
    let attributes = new.attributes.as_deref().map(mac::parse_byte).transpose()?;
    let data = read(&new.data)?.bytes;
    let (file, name) = (shown(path), new.name.as_deref());
    mac::file_mut(&mut mac::new_file(&file)?)?.add_resource(code, new.id, name, attributes, data.clone())?;
    let mut edit = MacEdit::open(path, true, warn)?;
    let added =
        edit.file()?.add_resource(code, new.id, name, attributes, data).map_err(|e| e.in_file(file))?;
    Ok((edit, added))
}

/// Put `files` (Mac files in any container, or plain files) into a new classic StuffIt archive
/// named `archive` (`.hqx` wraps it in BinHex, `.bin` in MacBinary); gives its bytes.
pub fn stuff(files: &[PathBuf], archive: &str) -> Result<Vec<u8>, Error> {
    let mut forks = Vec::with_capacity(files.len());
    for name in files {
        let input = read(name)?;
        forks.push(crate::container::forks_of(&input.bytes, &input.name, input.path.as_deref())?);
    }
    crate::container::stuff(forks, archive)
}

/// Solve the puzzle resource `options.pick` names in the Mac file at `path` (the only one when
/// none is named) and write the arrangement into the file: locked from reading to writing, so a
/// concurrent edit is never lost; the resource is picked inside the container (not at open),
/// since the container is written back.
pub fn solve_and_save(
    path: &Path,
    mut options: Open,
    request: &pzl_core::SolveRequest,
    warn: Warn<'_>,
) -> Result<crate::SaveReport, Error> {
    if is_dash(path) {
        return Err(Error::usage(format!(
            "{} rewrites the file: give a file, not standard input",
            pzl_core::settings::mention("save")
        )));
    }
    let name = shown(path);
    let pick = options.pick.take();
    let edit = crate::fs::Edit::open(path)?;
    let parsed = Document::read(edit.bytes(), &name, Some(edit.path()), &options)?;
    warn(&name, &parsed.warnings);
    let saved = parsed.value.solve_and_save(pick.as_ref(), request).map_err(|e| e.in_file(&name))?;
    if saved.report.saved {
        edit.save(&saved.bytes)?;
    }
    Ok(saved.report)
}
