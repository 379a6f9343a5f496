//! The one output sink: what a command writes goes to standard output, to one file, or into a
//! folder (a mirrored tree, numbered puzzles, pictures, unpacked files), with `--force` deciding
//! whether an existing file is replaced. `convert DIR`, `generate`, `apad solve --svg` and
//! `mac extract` all write through it.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use pzl::Error;

use crate::io;

/// Where a command's outputs go.
pub enum Sink {
    /// Standard output, one after the other.
    Stdout,
    /// One file.
    File(PathBuf),
    /// A folder, one file per output.
    Folder(Folder),
}

impl Sink {
    /// One output named `name` (used in a folder): returns where it went, `None` for standard
    /// output.
    pub fn put(&self, name: &str, bytes: &[u8]) -> Result<Option<String>, Error> {
        match self {
            Sink::Stdout => io::stdout(bytes).map(|()| None),
            Sink::File(path) => io::write_path(path, bytes).map(|()| Some(io::shown(path))),
            Sink::Folder(folder) => folder.write(Path::new(name), bytes).map(|path| Some(io::shown(&path))),
        }
    }
}

/// A folder the outputs go into, each at a path relative to it; each subfolder is made once.
pub struct Folder {
    root: PathBuf,
    force: bool,
    made: Mutex<HashSet<PathBuf>>,
}

impl Folder {
    /// `root` (made when first written into); refused when it names a file.
    pub fn new(root: &Path, force: bool) -> Result<Folder, Error> {
        if root.exists() && !root.is_dir() {
            return Err(Error::usage(format!("`{}` is not a folder", root.display()))
                .hint("-o names the folder the outputs go into"));
        }
        Ok(Folder { root: root.to_path_buf(), force, made: Mutex::new(HashSet::new()) })
    }

    /// The path of the output `relative`.
    pub fn path(&self, relative: &Path) -> PathBuf {
        self.root.join(relative)
    }

    /// Whether the output `relative` is there already and is kept (no `--force`).
    pub fn kept(&self, relative: &Path) -> bool {
        !self.force && std::fs::symlink_metadata(self.path(relative)).is_ok()
    }

    /// Write the output `relative` (`pzl::fs::write_collection_file`: safe, not synced file by
    /// file), making its folder first; returns its path.
    pub fn write(&self, relative: &Path, bytes: &[u8]) -> Result<PathBuf, Error> {
        let target = self.path(relative);
        if let Some(parent) = target.parent() {
            self.make(parent)?;
        }
        io::write_collection_path(&target, bytes)?;
        Ok(target)
    }

    /// Make the folder `dir` (and those above it), once: a tree of 1,000 files in one folder
    /// made 999 `mkdir` calls that failed with EEXIST, about 9 µs each.
    pub fn make(&self, dir: &Path) -> Result<(), Error> {
        if self.made.lock().is_ok_and(|made| made.contains(dir)) {
            return Ok(());
        }
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::io(format!("cannot create the folder: {e}")).in_file(io::shown(dir)))?;
        if let Ok(mut made) = self.made.lock() {
            made.insert(dir.to_path_buf());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_made_on_write_and_keeps_what_exists_without_force() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("out");
        let folder = Folder::new(&root, false).unwrap();
        let written = folder.write(Path::new("a/b.txt"), b"one").unwrap();
        assert_eq!(std::fs::read(&written).unwrap(), b"one");
        assert!(folder.kept(Path::new("a/b.txt")), "an existing output is kept without --force");
        assert!(!folder.kept(Path::new("a/c.txt")));
        assert!(!Folder::new(&root, true).unwrap().kept(Path::new("a/b.txt")), "--force replaces it");
        let sink = Sink::Folder(folder);
        assert_eq!(sink.put("c.txt", b"two").unwrap(), Some(io::shown(&root.join("c.txt"))));
    }

    #[test]
    fn a_file_is_not_a_folder() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("x");
        std::fs::write(&file, "x").unwrap();
        let e = Folder::new(&file, true).err().expect("a file is refused");
        assert!(e.message.contains("is not a folder"), "{e}");
    }
}
