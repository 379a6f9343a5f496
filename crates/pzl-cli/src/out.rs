//! The one output sink: what a command writes goes to standard output, to one file, or into a
//! folder (a mirrored tree, numbered puzzles, pictures, unpacked files), with `--force` deciding
//! whether an existing file is replaced. `convert DIR`, `generate`, `apad solve --svg` and
//! `mac extract` all write through it.

use std::path::Path;

use pzl::Error;
use pzl::commands::Output;
use pzl::fs::Folder;

use crate::io;

/// Write what a command produced: bytes to a file or standard output (binary bytes never to a
/// terminal), or a folder's files.
pub fn write(output: Output) -> Result<(), Error> {
    match output {
        Output::Bytes { path, bytes, binary } if io::is_dash(&path) => {
            if binary {
                io::write_binary(&path, &bytes)
            } else {
                io::stdout(&bytes)
            }
        }
        Output::Folder { ref root, .. } => folder(root, false).and_then(|_| output.write_files().map(drop)),
        other => {
            io::protect_writes();
            other.write_files().map(drop)
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
        let files = vec![(std::path::PathBuf::from("a/c.txt"), Some(b"two".to_vec())), ("b".into(), None)];
        write(Output::Folder { root: dir.path().join("out"), files, force: false }).unwrap();
        assert_eq!(std::fs::read(dir.path().join("out/a/c.txt")).unwrap(), b"two");
        assert!(dir.path().join("out/b").is_dir());
    }
}
