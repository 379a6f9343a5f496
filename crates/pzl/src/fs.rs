//! Files written safely, for every caller (the command line, the Python package): what a user
//! expects of `cp`, not of a temporary-file trick.
//!
//! - A regular file (or a new path) is written to a temporary file beside it, synced, and renamed
//!   into place: readers never see a partial file and a failure leaves the old one. The file keeps
//!   its mode and owner; a new file gets `0666 & ~umask`.
//! - A symbolic link is written through to its target; a device node, FIFO or socket is opened and
//!   written directly (`-o /dev/null` discards, `-o fifo` feeds its reader). Neither is replaced.
//! - A regular file with several hard links is rewritten in place, so every link sees the change.
//! - A file the user cannot write is refused, as `cp` refuses it.
//! - Temporary files still being written are listed, so a signal handler can remove them
//!   ([`remove_temporary_files`]).
//! - [`Edit`] serialises read-modify-write edits of one file between processes (an advisory lock
//!   on the file, re-taken when another writer replaced it), so no update is lost.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use pzl_core::Error;

/// Temporary files being written now, for [`remove_temporary_files`].
static IN_PROGRESS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Remove every temporary file a write has not finished yet. Call it from a signal handler
/// (SIGINT, SIGTERM) before exiting, so an interrupted command leaves nothing behind.
pub fn remove_temporary_files() {
    if let Ok(paths) = IN_PROGRESS.lock() {
        for path in paths.iter() {
            let _ = std::fs::remove_file(path);
        }
    }
}

fn io_error(path: &Path, e: &std::io::Error) -> Error {
    let hint = match e.kind() {
        std::io::ErrorKind::PermissionDenied => Some("check the file's and its folder's permissions"),
        std::io::ErrorKind::NotFound => Some("check that the folder exists"),
        _ if e.raw_os_error() == Some(28) => Some("free some space on the disk and run the command again"),
        _ => None,
    };
    let error = Error::io(e.to_string()).in_file(path.display().to_string());
    match hint {
        Some(h) => error.hint(h),
        None => error,
    }
}

/// Where a write to `path` really goes: through symbolic links (each resolved against the folder
/// of the link), to the final target, which may not exist yet.
fn resolve_links(path: &Path) -> Result<PathBuf, Error> {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = std::fs::read_link(&current).map_err(|e| io_error(&current, &e))?;
                current = match current.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(Error::io("too many levels of symbolic links").in_file(path.display().to_string()))
}

/// Write `bytes` to `path` safely (see the module documentation).
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    write_file_with(path, bytes, true)
}

/// [`write_file`] for one file of a whole collection: the same temporary file and rename (no
/// reader ever sees a partial file, an interruption leaves none behind), but without waiting for
/// the disk after each file (no `fsync`), which costs far more than the conversion when
/// thousands of small files are written. The system writes them back as usual; run `sync` when
/// they must be on disk before a power cut.
pub fn write_collection_file(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    write_file_with(path, bytes, false)
}

fn write_file_with(path: &Path, bytes: &[u8], sync: bool) -> Result<(), Error> {
    let target = resolve_links(path)?;
    match std::fs::metadata(&target) {
        Ok(meta) if !meta.file_type().is_file() => write_special(&target, &meta, bytes),
        Ok(meta) => {
            refuse_unwritable(&target)?;
            if meta.nlink() > 1 {
                write_in_place(&target, bytes)
            } else {
                replace(&target, Some(&meta), bytes, sync)
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => replace(&target, None, bytes, sync),
        Err(e) => Err(io_error(&target, &e)),
    }
}

/// A device, FIFO or socket: opened and written as it is, never replaced; a folder is refused.
fn write_special(path: &Path, meta: &std::fs::Metadata, bytes: &[u8]) -> Result<(), Error> {
    if meta.is_dir() {
        return Err(Error::usage("is a folder, not a file").in_file(path.display().to_string()));
    }
    let kind = meta.file_type();
    if !(kind.is_char_device() || kind.is_block_device() || kind.is_fifo()) {
        return Err(Error::usage("is not a regular file, device or FIFO").in_file(path.display().to_string()));
    }
    let mut file = OpenOptions::new().write(true).open(path).map_err(|e| io_error(path, &e))?;
    file.write_all(bytes).and_then(|()| file.flush()).map_err(|e| io_error(path, &e))
}

/// Refuse a file this process may not write, before any work is done.
fn refuse_unwritable(path: &Path) -> Result<(), Error> {
    OpenOptions::new().write(true).open(path).map(drop).map_err(|e| io_error(path, &e))
}

/// Rewrite a file in place (it has other hard links that must see the change), never leaving it
/// cut short by a failed write (findings N2): the new content is first written in full to a
/// temporary file beside it and synced, which proves the disk has room for it; that file is
/// removed, and the old file is overwritten from its start (not truncated first) and then cut
/// to the new length. If that write fails anyway, the old content, kept in memory, is written
/// back. Only a process killed outright (SIGKILL, power loss) during the last step can leave
/// the file part new, part old.
fn write_in_place(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let old = std::fs::read(path).map_err(|e| io_error(path, &e))?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    {
        let (mut probe, temp) = create_temporary(&dir, &name)?;
        let _pending = Pending::new(temp);
        probe.write_all(bytes).and_then(|()| probe.sync_all()).map_err(|e| {
            io_error(path, &e)
                .hint("the file was left as it was (it has other hard links, so it is rewritten in place)")
        })?;
        // `_pending` removes the probe here, giving its room to the rewrite.
    }
    let mut file = OpenOptions::new().write(true).open(path).map_err(|e| io_error(path, &e))?;
    let rewrite = |file: &mut File, content: &[u8]| -> std::io::Result<()> {
        use std::io::{Seek, SeekFrom};
        file.seek(SeekFrom::Start(0))?;
        file.write_all(content)?;
        file.set_len(content.len() as u64)?;
        file.sync_all()
    };
    if let Err(e) = rewrite(&mut file, bytes) {
        let restored = rewrite(&mut file, &old).is_ok();
        let error = io_error(path, &e);
        return Err(if restored {
            error.hint("the old content was written back")
        } else {
            error.hint("the old content could not be written back: the file is damaged")
        });
    }
    Ok(())
}

/// Removes a temporary file unless the write finished, and takes it off the in-progress list.
struct Pending {
    path: PathBuf,
    done: bool,
}

impl Pending {
    fn new(path: PathBuf) -> Pending {
        if let Ok(mut list) = IN_PROGRESS.lock() {
            list.push(path.clone());
        }
        Pending { path, done: false }
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        if !self.done {
            let _ = std::fs::remove_file(&self.path);
        }
        if let Ok(mut list) = IN_PROGRESS.lock() {
            list.retain(|p| *p != self.path);
        }
    }
}

/// Write a temporary file beside `path`, sync it, give it the old file's mode and owner (a new
/// file: `0666 & ~umask`, applied by the system when the file is created), rename it over
/// `path`, and sync the folder.
fn replace(path: &Path, old: Option<&std::fs::Metadata>, bytes: &[u8], sync: bool) -> Result<(), Error> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let (mut file, temp) = create_temporary(&dir, &name)?;
    let mut pending = Pending::new(temp.clone());
    file.write_all(bytes).map_err(|e| io_error(path, &e))?;
    if let Some(meta) = old {
        // Owner first: changing it may clear the set-id bits the mode then restores.
        let _ = std::os::unix::fs::fchown(&file, Some(meta.uid()), Some(meta.gid()));
        file.set_permissions(std::fs::Permissions::from_mode(meta.mode() & 0o7777))
            .map_err(|e| io_error(path, &e))?;
    }
    if sync {
        file.sync_all().map_err(|e| io_error(path, &e))?;
    }
    drop(file);
    std::fs::rename(&temp, path).map_err(|e| io_error(path, &e))?;
    pending.done = true;
    if !sync {
        return Ok(());
    }
    if let Ok(d) = File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// A new file `.NAME.pzl-XXXXXX` in `dir`, created with mode 0666 so the umask decides.
fn create_temporary(dir: &Path, name: &str) -> Result<(File, PathBuf), Error> {
    use std::os::unix::fs::OpenOptionsExt;
    let stem: String = name.chars().take(100).collect();
    let mut last = None;
    for attempt in 0..64u32 {
        let nonce = std::process::id() ^ attempt.wrapping_mul(0x9E37_79B9) ^ nanos();
        let temp = dir.join(format!(".{stem}.pzl-{nonce:08x}"));
        match OpenOptions::new().write(true).create_new(true).mode(0o666).open(&temp) {
            Ok(file) => return Ok((file, temp)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(io_error(&dir.join(name), &e)),
        }
    }
    let e = last.unwrap_or_else(|| std::io::Error::other("no free temporary name"));
    Err(io_error(&dir.join(name), &e))
}

fn nanos() -> u32 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos())
}

/// A read-modify-write edit of one file, serialised with every other [`Edit`] of it: the file
/// is locked (an advisory lock) from [`Edit::open`] until the edit is dropped, and a writer that
/// replaced the file while this one waited is noticed, so the edit always starts from the newest
/// content and no update is lost.
pub struct Edit {
    path: PathBuf,
    lock: File,
    bytes: Vec<u8>,
}

impl Edit {
    /// Lock `path` and read it. Waits while another edit holds the lock.
    pub fn open(path: &Path) -> Result<Edit, Error> {
        let path = resolve_links(path)?;
        refuse_unwritable(&path)?;
        loop {
            let mut file = File::open(&path).map_err(|e| io_error(&path, &e))?;
            file.lock().map_err(|e| io_error(&path, &e))?;
            let locked = file.metadata().map_err(|e| io_error(&path, &e))?;
            let now = std::fs::metadata(&path).map_err(|e| io_error(&path, &e))?;
            if (locked.dev(), locked.ino()) != (now.dev(), now.ino()) {
                continue; // replaced while we waited: lock the new file instead
            }
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes).map_err(|e| io_error(&path, &e))?;
            return Ok(Edit { path, lock: file, bytes });
        }
    }

    /// Lock `path` and read it, creating it first with the bytes `initial` gives when it does not
    /// exist. The creation is exclusive, so two commands that both find the file missing still
    /// edit it one after the other and neither edit is lost.
    pub fn open_or_create(
        path: &Path,
        initial: impl FnOnce() -> Result<Vec<u8>, Error>,
    ) -> Result<Edit, Error> {
        use std::os::unix::fs::OpenOptionsExt;
        let target = resolve_links(path)?;
        if !target.exists() {
            let bytes = initial()?;
            match OpenOptions::new().write(true).create_new(true).mode(0o666).open(&target) {
                Ok(mut file) => {
                    // Hold the lock while the first content goes in: a concurrent edit waits.
                    file.lock().map_err(|e| io_error(&target, &e))?;
                    file.write_all(&bytes)
                        .and_then(|()| file.sync_all())
                        .map_err(|e| io_error(&target, &e))?;
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(io_error(&target, &e)),
            }
        }
        Edit::open(&target)
    }

    /// The file's content when the edit began.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The file being edited (symbolic links resolved).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Write the new content (safely, see [`write_file`]) and release the lock.
    pub fn save(self, bytes: &[u8]) -> Result<(), Error> {
        write_file(&self.path, bytes)?;
        drop(self.lock);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failed_writes_leave_no_file() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("missing-dir").join("out.txt");
        assert!(write_file(&target, b"x").is_err());
        assert!(!target.exists());
        let ok = dir.path().join("out.txt");
        write_file(&ok, b"hello").unwrap();
        assert_eq!(std::fs::read(&ok).unwrap(), b"hello");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file is left");
    }

    #[test]
    fn modes_are_kept_and_new_files_follow_the_umask() {
        let dir = tempfile::tempdir().unwrap();
        let new = dir.path().join("new.txt");
        write_file(&new, b"a").unwrap();
        let mode = std::fs::metadata(&new).unwrap().mode() & 0o777;
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        let umask = status
            .lines()
            .find_map(|l| l.strip_prefix("Umask:"))
            .and_then(|u| u32::from_str_radix(u.trim(), 8).ok());
        match umask {
            Some(umask) => assert_eq!(mode, 0o666 & !umask),
            None => eprintln!("skipping the umask comparison: /proc/self/status has no Umask line"),
        }
        let old = dir.path().join("old.txt");
        std::fs::write(&old, b"a").unwrap();
        std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_file(&old, b"b").unwrap();
        assert_eq!(std::fs::metadata(&old).unwrap().mode() & 0o777, 0o640);
    }

    #[test]
    fn symlinks_are_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.txt");
        std::fs::write(&target, b"old").unwrap();
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink("target.txt", &link).unwrap();
        write_file(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
    }

    #[test]
    fn hard_links_see_the_change() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a");
        let b = dir.path().join("b");
        std::fs::write(&a, b"old").unwrap();
        std::fs::hard_link(&a, &b).unwrap();
        write_file(&a, b"new").unwrap();
        assert_eq!(std::fs::read(&b).unwrap(), b"new");
    }

    #[test]
    fn devices_are_written_not_replaced() {
        let null = Path::new("/dev/null");
        write_file(null, b"discarded").unwrap();
        assert!(std::fs::metadata(null).unwrap().file_type().is_char_device());
    }

    #[test]
    fn edits_serialise() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("count");
        std::fs::write(&path, b"0").unwrap();
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let path = path.clone();
                std::thread::spawn(move || {
                    let edit = Edit::open(&path).unwrap();
                    let n: u32 = std::str::from_utf8(edit.bytes()).unwrap().parse().unwrap();
                    edit.save((n + 1).to_string().as_bytes()).unwrap();
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(std::fs::read(&path).unwrap(), b"8");
    }
}
