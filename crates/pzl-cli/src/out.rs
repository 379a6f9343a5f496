//! The one output sink: what a command writes goes to standard output, to one file, or into a
//! folder (a mirrored tree, numbered puzzles, pictures, unpacked files), with `--force` deciding
//! whether an existing file is replaced. `convert DIR`, `generate`, `apad solve --svg` and
//! `mac extract` all write through it.

use std::path::{Path, PathBuf};

use pzl::Error;
use pzl::fs::Folder;

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

/// The folder `root` for outputs (`pzl::fs::Folder`), refused when it names a file; a write
/// interrupted by Ctrl-C leaves no temporary file.
pub fn folder(root: &Path, force: bool) -> Result<Folder, Error> {
    if root.exists() && !root.is_dir() {
        return Err(Error::usage(format!("`{}` is not a folder", root.display()))
            .hint("-o names the folder the outputs go into"));
    }
    io::protect_writes();
    Ok(Folder::new(root, force))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_not_a_folder() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("x");
        std::fs::write(&file, "x").unwrap();
        let e = folder(&file, true).expect_err("a file is refused");
        assert!(e.message.contains("is not a folder"), "{e}");
        let sink = Sink::Folder(folder(dir.path(), false).unwrap());
        assert_eq!(sink.put("c.txt", b"two").unwrap(), Some(io::shown(&dir.path().join("c.txt"))));
    }
}
