//! Inputs as every front end names them: a path, `-` (standard input), a puzzle link (its own
//! content), `ARCHIVE#MEMBER`, or a folder standing for the puzzle files inside it. The command
//! line and the Python package read through [`read`] and walk folders through [`expand`], so a
//! name means the same thing to both.

use std::io::Read;
use std::path::{Path, PathBuf};

use pzl_core::Error;

use crate::{Document, Format};

/// One input, read whole.
#[derive(Debug, Clone)]
pub struct Input {
    /// How the user named it: a path, `-`, or a URL. Used in every message about it.
    pub name: String,
    /// The file on disk, when it is one.
    pub path: Option<PathBuf>,
    /// The content.
    pub bytes: Vec<u8>,
}

fn io_error(name: &str, e: &std::io::Error) -> Error {
    Error::io(e.to_string()).in_file(name)
}

/// Whether a path argument is `-` (standard input or output).
pub fn is_dash(name: &Path) -> bool {
    name.as_os_str() == "-"
}

/// How a path argument is named in messages (`Path::display`: a name that is not UTF-8 keeps
/// its readable part).
pub fn shown(name: &Path) -> String {
    // A UTF-8 name (nearly every one) is copied as it is: `display()` formats it through a
    // lossy decoder, 1 k instructions a name and twice for every file of a folder.
    match name.to_str() {
        Some(text) => text.to_owned(),
        None => name.display().to_string(),
    }
}

/// Read a path, `-` (standard input), a puzzle link or a puzzle id (`apad:weekday:2026-01-19`;
/// when no file has its name, its own text, which [`Document::read`] makes the puzzle of) or
/// `ARCHIVE#MEMBER` (the archive's bytes: [`Document::read`] finds the member).
pub fn read(name: &Path) -> Result<Input, Error> {
    match read_below(name, u64::MAX)? {
        Ok(input) => Ok(input),
        Err(_) => Err(Error::io("too large to read").in_file(shown(name))),
    }
}

/// [`read`], except that a file on disk of at least `at_least` bytes is handed back open and
/// unread (`Err`): a large disk image is read at positions, not whole. The one `open` and look at
/// the open file serve both (a look by name before reading cost a path lookup a file: 9 % of
/// the CPU time of `pzl check` over a folder of small files).
pub fn read_below(name: &Path, at_least: u64) -> Result<Result<Input, std::fs::File>, Error> {
    if is_dash(name) {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map_err(|e| io_error("standard input", &e))?;
        return Ok(Ok(Input { name: "-".into(), path: None, bytes }));
    }
    if let Some(url) = name.to_str().filter(|s| Document::is_link(s) || Document::is_id(s))
        && !name.exists()
    {
        return Ok(Ok(Input { name: url.into(), path: None, bytes: url.as_bytes().to_vec() }));
    }
    let shown = shown(name);
    // One open and one look at the open file (not a look by name, then `fs::read`'s open and
    // look): a folder of thousands of small files spends much of its time in these calls.
    let mut file = match std::fs::File::open(name) {
        Ok(file) => file,
        // `ARCHIVE#MEMBER`: read the archive; the library finds the member (`pzl::container`).
        // Looked for only when the name does not open (no `stat` a file for the others).
        Err(e) => {
            if !name.exists()
                && let Some(file) = member_file(&shown)
            {
                let bytes = std::fs::read(&file).map_err(|e| io_error(&shown, &e))?;
                return Ok(Ok(Input { name: shown, path: Some(file), bytes }));
            }
            return Err(io_error(&shown, &e));
        }
    };
    let meta = file.metadata().map_err(|e| io_error(&shown, &e))?;
    if meta.is_dir() {
        return Err(Error::usage("is a folder").in_file(&shown).hint("this command takes files"));
    }
    if meta.is_file() && meta.len() >= at_least {
        return Ok(Err(file));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0).saturating_add(1));
    // Through `take`, not `File::read_to_end`, which asks the file for its size and position
    // again (a `statx` and an `lseek` per file) although the buffer is already the right size.
    (&mut file).take(u64::MAX).read_to_end(&mut bytes).map_err(|e| io_error(&shown, &e))?;
    Ok(Ok(Input { name: shown, path: Some(name.to_path_buf()), bytes }))
}

/// The file part of `ARCHIVE#MEMBER`: the longest prefix before a `#` that is a file.
fn member_file(name: &str) -> Option<PathBuf> {
    name.match_indices('#').map(|(i, _)| PathBuf::from(&name[..i])).rev().find(|p| p.is_file())
}

/// What [`expand`] found: the files, and what it passed over.
#[derive(Debug, Default)]
pub struct Walk {
    /// The inputs, in order.
    pub files: Vec<PathBuf>,
    /// Folders that could not be read, with why: errors of a run, not only warnings.
    pub unreadable: Vec<(String, String)>,
    /// Files passed over as no puzzle ([`Format::walk_takes`]).
    pub skipped: Vec<String>,
    /// Warnings about what was passed over (`(path, message)`), in the order met.
    pub warnings: Vec<(String, String)>,
}

/// The inputs the names stand for: files as given, and for each folder the puzzle files inside
/// it (sorted; symbolic links to folders are not followed, and a folder that contains itself, by a
/// bind mount or a junction, is walked once, so a loop cannot trap the walk; FIFOs, devices and
/// sockets are skipped with a warning). A file whose extension other programs use too (a
/// `README.txt`, a `pom.xml`) is taken only when a format recognises its content.
pub fn expand(names: &[PathBuf]) -> Walk {
    let mut found = Walk::default();
    for name in names {
        if name.is_dir() {
            walk(name, &mut found);
        } else {
            found.files.push(name.clone());
        }
    }
    found
}

fn walk(dir: &Path, found: &mut Walk) {
    // The folders from `dir` down to the one being read, to notice one that contains itself.
    let mut ancestors: Vec<same_file::Handle> = Vec::new();
    visit(dir, 0, &mut ancestors, found);
}

/// Walk the folder `dir`, `depth` folders below the walk's root: its entries sorted by name, each
/// folder's entries right after it. (Read with `read_dir` and sorted by the names' bytes, not
/// through `walkdir`, whose sort compared whole paths through a callback and moved its entries
/// about: 2.4 k instructions a file, on one thread before `--jobs` threads start; now 0.9 k.)
fn visit(dir: &Path, depth: usize, ancestors: &mut Vec<same_file::Handle>, found: &mut Walk) {
    if let Ok(handle) = same_file::Handle::from_path(dir) {
        ancestors.truncate(depth);
        if ancestors.contains(&handle) {
            return;
        }
        ancestors.push(handle);
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        // (A folder that went away since its parent was read is passed over.)
        Err(_) if !dir.is_dir() => return,
        Err(e) => {
            let message = format!("cannot read this folder: {e}");
            found.warnings.push((dir.display().to_string(), format!("{message}; skipped")));
            found.unreadable.push((dir.display().to_string(), message));
            return;
        }
    };
    // Every entry's path starts with `dir` and a separator: the names are compared after it.
    let mut list: Vec<(PathBuf, std::fs::FileType)> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_type().ok().map(|kind| (entry.path(), kind)))
        .collect();
    let prefix = list
        .first()
        .map_or(0, |(path, _)| path.as_os_str().len() - path.file_name().map_or(0, std::ffi::OsStr::len));
    list.sort_unstable_by(|(a, _), (b, _)| {
        a.as_os_str().as_encoded_bytes()[prefix..].cmp(&b.as_os_str().as_encoded_bytes()[prefix..])
    });
    for (path, kind) in list {
        if kind.is_dir() {
            visit(&path, depth + 1, ancestors, found);
        } else {
            take(path, kind, found);
        }
    }
}

/// One file of a walk: taken, skipped as no puzzle, or passed over.
fn take(path: PathBuf, kind: std::fs::FileType, found: &mut Walk) {
    if kind.is_file() || kind.is_symlink() && path.is_file() {
        let name = path.to_string_lossy();
        let Some(needs_content) = Format::walk_by_name(&name) else { return };
        if needs_content && !walk_takes(&path, &name) {
            found.skipped.push(path.display().to_string());
            return;
        }
        found.files.push(path);
    } else if !kind.is_symlink() {
        found.warnings.push((path.display().to_string(), "not a regular file; skipped".into()));
    }
}

/// Files larger than this are taken by a walk without a look at their content (they are read
/// whole later anyway; the look would only double the reading).
const WALK_LOOK_LIMIT: u64 = 64 << 20;

/// Whether a walk takes `path`, a file whose extension other programs use too: a format
/// recognises its content. A file that cannot be read, or that is too large to look at, is
/// taken, so its reader says what is wrong with it.
fn walk_takes(path: &Path, name: &str) -> bool {
    let Ok(file) = std::fs::File::open(path) else { return true };
    let mut bytes = Vec::new();
    match file.take(WALK_LOOK_LIMIT + 1).read_to_end(&mut bytes) {
        Ok(n) if (n as u64) <= WALK_LOOK_LIMIT => Format::walk_takes(name, &bytes),
        _ => true,
    }
}
