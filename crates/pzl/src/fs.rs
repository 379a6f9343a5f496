//! Files written safely, for every caller (the command line, the Python package): what a user
//! expects of `cp`, not of a temporary-file trick.
//!
//! - A regular file (or a new path) is written to a temporary file beside it, synced, and renamed
//!   into place: readers never see a partial file and a failure leaves the old one. On Unix the
//!   file keeps its mode and owner; a new file gets `0666 & ~umask`.
//! - A symbolic link is written through to its target; on Unix a device node, FIFO or socket is
//!   opened and written directly (`-o /dev/null` discards, `-o fifo` feeds its reader), and on
//!   Windows so is a device name (`-o NUL`). Neither is replaced.
//! - On Unix a regular file with several hard links is rewritten in place, so every link sees the
//!   change. (Windows does not tell a program how many links a file has: there the file is
//!   replaced and other hard links keep the old content.)
//! - A file the user cannot write is refused, as `cp` refuses it (on Windows: a read-only file,
//!   or one another program holds open, with a message that says which).
//! - Temporary files still being written are listed, so a signal handler can remove them
//!   ([`remove_temporary_files`]).
//! - [`Edit`] serialises read-modify-write edits of one file between processes (a lock on the
//!   file, re-taken when another writer replaced it), so no update is lost. The lock is advisory
//!   on Unix and mandatory on Windows (other programs cannot read the file while it is held).

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
#[cfg(unix)]
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
    if in_use(e) {
        return Error::io(format!("the file is in use by another program ({e})"))
            .in_file(path.display().to_string())
            .hint("close it in the other program (or wait for it to finish) and run the command again");
    }
    let hint = match e.kind() {
        std::io::ErrorKind::PermissionDenied => Some("check the file's and its folder's permissions"),
        std::io::ErrorKind::NotFound => Some("check that the folder exists"),
        std::io::ErrorKind::StorageFull => Some("free some space on the disk and run the command again"),
        _ => None,
    };
    let error = Error::io(e.to_string()).in_file(path.display().to_string());
    match hint {
        Some(h) => error.hint(h),
        None => error,
    }
}

/// Windows: another program holds the file open without sharing it (`ERROR_SHARING_VIOLATION`)
/// or has locked part of it (`ERROR_LOCK_VIOLATION`). Unix has no such error.
fn in_use(e: &std::io::Error) -> bool {
    cfg!(windows) && matches!(e.raw_os_error(), Some(32 | 33))
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
        Err(_) if is_windows_device(&target) => write_device(&target, bytes),
        Ok(meta) => {
            refuse_unwritable(&target, &meta)?;
            if has_other_links(&meta) {
                write_in_place(&target, bytes)
            } else {
                replace(&target, Some(&meta), bytes, sync)
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => replace(&target, None, bytes, sync),
        Err(e) => Err(io_error(&target, &e)),
    }
}

/// Whether other hard links share this file's content (they must see the change).
#[cfg(unix)]
fn has_other_links(meta: &std::fs::Metadata) -> bool {
    meta.nlink() > 1
}

/// Windows does not tell (`number_of_links` is not stable Rust): the file is replaced.
#[cfg(not(unix))]
fn has_other_links(_meta: &std::fs::Metadata) -> bool {
    false
}

/// A Windows device name (`NUL`, `CON`, `COM1`, …, with or without an extension): written as
/// it is, never replaced, as `/dev/null` on Unix. Always false on Unix.
fn is_windows_device(path: &Path) -> bool {
    const DEVICES: [&str; 4] = ["NUL", "CON", "PRN", "AUX"];
    if !cfg!(windows) {
        return false;
    }
    let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else { return false };
    let stem = stem.trim_end_matches([' ', '.']).to_ascii_uppercase();
    DEVICES.contains(&stem.as_str())
        || (stem.len() == 4
            && (stem.starts_with("COM") || stem.starts_with("LPT"))
            && stem.as_bytes()[3].is_ascii_digit()
            && stem.as_bytes()[3] != b'0')
}

/// A device, FIFO or socket: opened and written as it is, never replaced; a folder is refused.
fn write_special(path: &Path, meta: &std::fs::Metadata, bytes: &[u8]) -> Result<(), Error> {
    if meta.is_dir() {
        return Err(Error::usage("is a folder, not a file").in_file(path.display().to_string()));
    }
    if !is_device(meta) && !is_windows_device(path) {
        return Err(Error::usage("is not a regular file, device or FIFO").in_file(path.display().to_string()));
    }
    write_device(path, bytes)
}

#[cfg(unix)]
fn is_device(meta: &std::fs::Metadata) -> bool {
    let kind = meta.file_type();
    kind.is_char_device() || kind.is_block_device() || kind.is_fifo()
}

#[cfg(not(unix))]
fn is_device(_meta: &std::fs::Metadata) -> bool {
    false
}

fn write_device(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let mut file = OpenOptions::new().write(true).open(path).map_err(|e| io_error(path, &e))?;
    file.write_all(bytes).and_then(|()| file.flush()).map_err(|e| io_error(path, &e))
}

/// Refuse a file this process may not write, before any work is done.
fn refuse_unwritable(path: &Path, meta: &std::fs::Metadata) -> Result<(), Error> {
    if cfg!(windows) && meta.permissions().readonly() {
        // Windows' read-only attribute: the rename would fail with a bare "Access is denied".
        return Err(Error::io("the file is read-only").in_file(path.display().to_string()).hint(
            "clear its read-only attribute (attrib -r, or Properties in Explorer), or write to another file",
        ));
    }
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
        keep_owner_and_mode(&file, meta).map_err(|e| io_error(path, &e))?;
    }
    if sync {
        file.sync_all().map_err(|e| io_error(path, &e))?;
    }
    drop(file);
    rename(&temp, path).map_err(|e| io_error(path, &e))?;
    pending.done = true;
    if sync {
        sync_folder(&dir);
    }
    Ok(())
}

/// The old file's owner and mode on its replacement.
#[cfg(unix)]
fn keep_owner_and_mode(file: &File, meta: &std::fs::Metadata) -> std::io::Result<()> {
    // Owner first: changing it may clear the set-id bits the mode then restores.
    let _ = std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid()));
    file.set_permissions(std::fs::Permissions::from_mode(meta.mode() & 0o7777))
}

/// Windows: a writable file has no mode to keep (a read-only one was refused).
#[cfg(not(unix))]
fn keep_owner_and_mode(_file: &File, _meta: &std::fs::Metadata) -> std::io::Result<()> {
    Ok(())
}

/// The rename itself, on Unix.
#[cfg(not(windows))]
fn rename(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::rename(from, to)
}

/// The rename on Windows (`std::fs::rename` replaces the target there too). A virus scanner, a
/// search indexer or a cloud-sync client may hold the target open for a moment: a rename that
/// fails because of that is tried again for about two seconds before the error is reported.
#[cfg(windows)]
fn rename(from: &Path, to: &Path) -> std::io::Result<()> {
    let mut wait = std::time::Duration::from_millis(20);
    for _ in 0..7 {
        match std::fs::rename(from, to) {
            Err(e) if in_use(&e) || e.kind() == std::io::ErrorKind::PermissionDenied => {
                std::thread::sleep(wait);
                wait *= 2;
            }
            done => return done,
        }
    }
    std::fs::rename(from, to)
}

/// Make the rename itself durable (Unix; Windows cannot open a folder as a file).
fn sync_folder(dir: &Path) {
    if cfg!(unix)
        && let Ok(d) = File::open(dir)
    {
        let _ = d.sync_all();
    }
}

/// Options that create a new file the way any program does: on Unix with mode 0666, so the
/// umask decides.
fn new_file_options() -> OpenOptions {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o666);
    options
}

/// A new file `.NAME.pzl-XXXXXX` in `dir` (on Unix with mode 0666, so the umask decides).
fn create_temporary(dir: &Path, name: &str) -> Result<(File, PathBuf), Error> {
    let stem: String = name.chars().take(100).collect();
    let mut last = None;
    for attempt in 0..64u32 {
        let nonce = std::process::id() ^ attempt.wrapping_mul(0x9E37_79B9) ^ nanos();
        let temp = dir.join(format!(".{stem}.pzl-{nonce:08x}"));
        match new_file_options().open(&temp) {
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
/// is locked (an advisory lock on Unix, a mandatory one on Windows) from [`Edit::open`] until
/// the edit is dropped, and a writer that replaced the file while this one waited is noticed, so
/// the edit always starts from the newest content and no update is lost.
pub struct Edit {
    path: PathBuf,
    /// The locked file (a `same_file` handle, to tell whether the path still names it).
    lock: same_file::Handle,
    bytes: Vec<u8>,
}

impl Edit {
    /// Lock `path` and read it. Waits while another edit holds the lock.
    pub fn open(path: &Path) -> Result<Edit, Error> {
        let path = resolve_links(path)?;
        let meta = std::fs::metadata(&path).map_err(|e| io_error(&path, &e))?;
        refuse_unwritable(&path, &meta)?;
        loop {
            let file = lock_options().open(&path).map_err(|e| io_error(&path, &e))?;
            file.lock().map_err(|e| io_error(&path, &e))?;
            let mut locked = same_file::Handle::from_file(file).map_err(|e| io_error(&path, &e))?;
            let now = same_file::Handle::from_path(&path).map_err(|e| io_error(&path, &e))?;
            if locked != now {
                continue; // replaced while we waited: lock the new file instead
            }
            let mut bytes = Vec::new();
            locked.as_file_mut().read_to_end(&mut bytes).map_err(|e| io_error(&path, &e))?;
            return Ok(Edit { path, lock: locked, bytes });
        }
    }

    /// Lock `path` and read it, creating it first with the bytes `initial` gives when it does not
    /// exist. The creation is exclusive, so two commands that both find the file missing still
    /// edit it one after the other and neither edit is lost.
    pub fn open_or_create(
        path: &Path,
        initial: impl FnOnce() -> Result<Vec<u8>, Error>,
    ) -> Result<Edit, Error> {
        let target = resolve_links(path)?;
        if !target.exists() {
            let bytes = initial()?;
            match new_file_options().open(&target) {
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
    #[cfg(not(windows))]
    pub fn save(self, bytes: &[u8]) -> Result<(), Error> {
        write_file(&self.path, bytes)?;
        drop(self.lock);
        Ok(())
    }

    /// Write the new content and release the lock. On Windows the file is rewritten in place,
    /// through the locked handle: a file other programs hold open (every edit waiting for the
    /// lock holds it open) cannot be replaced there, and the lock cannot be kept across a
    /// replacement. The content is complete on disk before the lock is released.
    #[cfg(windows)]
    pub fn save(mut self, bytes: &[u8]) -> Result<(), Error> {
        use std::io::{Seek, SeekFrom};
        let path = &self.path;
        let file = self.lock.as_file_mut();
        file.seek(SeekFrom::Start(0))
            .and_then(|_| file.write_all(bytes))
            .and_then(|()| file.set_len(bytes.len() as u64))
            .and_then(|()| file.sync_all())
            .map_err(|e| io_error(path, &e))?;
        drop(self.lock);
        Ok(())
    }
}

/// How an edit opens the file it locks: for reading (Unix: the lock is advisory; the new content
/// replaces the file).
#[cfg(not(windows))]
fn lock_options() -> OpenOptions {
    let mut options = OpenOptions::new();
    options.read(true);
    options
}

/// How an edit opens the file it locks: for reading and writing (Windows: the new content is
/// written through this handle, see [`Edit::save`]).
#[cfg(windows)]
fn lock_options() -> OpenOptions {
    let mut options = OpenOptions::new();
    options.read(true).write(true);
    options
}

/// A folder that outputs go into, each at a path relative to it (a mirrored tree, numbered
/// puzzles, pictures, unpacked files): each file written safely and not synced one by one
/// ([`write_collection_file`]), each subfolder made once, and an existing output kept unless
/// `force` says to replace it.
#[derive(Debug)]
pub struct Folder {
    root: PathBuf,
    force: bool,
    made: Mutex<std::collections::HashSet<PathBuf>>,
}

impl Folder {
    /// The folder `root` (made when first written into).
    pub fn new(root: &Path, force: bool) -> Folder {
        Folder { root: root.to_path_buf(), force, made: Mutex::new(std::collections::HashSet::new()) }
    }

    /// The path of the output `relative`.
    pub fn path(&self, relative: &Path) -> PathBuf {
        self.root.join(relative)
    }

    /// Whether the output `relative` is there already and is kept (not `force`).
    pub fn kept(&self, relative: &Path) -> bool {
        !self.force && std::fs::symlink_metadata(self.path(relative)).is_ok()
    }

    /// Write the output `relative`, making its folder first; gives its path.
    pub fn write(&self, relative: &Path, bytes: &[u8]) -> Result<PathBuf, Error> {
        let target = self.path(relative);
        if let Some(parent) = target.parent() {
            self.make(parent)?;
        }
        write_collection_file(&target, bytes)?;
        Ok(target)
    }

    /// Make the folder `dir` (and those above it), once: a tree of 1,000 files in one folder
    /// made 999 `mkdir` calls that failed with EEXIST, about 9 µs each.
    pub fn make(&self, dir: &Path) -> Result<(), Error> {
        if self.made.lock().is_ok_and(|made| made.contains(dir)) {
            return Ok(());
        }
        std::fs::create_dir_all(dir).map_err(|e| {
            Error::io(format!("cannot create the folder: {e}")).in_file(dir.display().to_string())
        })?;
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

    #[cfg(unix)]
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

    #[cfg(unix)]
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

    #[cfg(unix)]
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

    #[cfg(unix)]
    #[test]
    fn devices_are_written_not_replaced() {
        let null = Path::new("/dev/null");
        write_file(null, b"discarded").unwrap();
        assert!(std::fs::metadata(null).unwrap().file_type().is_char_device());
    }

    #[test]
    fn files_are_replaced_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        std::fs::write(&path, b"a much longer old content").unwrap();
        write_file(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        write_collection_file(&path, b"newer").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"newer");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file is left");
    }

    #[test]
    fn read_only_files_are_refused_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("locked.txt");
        std::fs::write(&path, b"old").unwrap();
        let mut permissions = std::fs::metadata(&path).unwrap().permissions();
        permissions.set_readonly(true);
        std::fs::set_permissions(&path, permissions).unwrap();
        // Root on Unix may write anything, as `cp` would.
        let root = cfg!(unix) && OpenOptions::new().write(true).open(&path).is_ok();
        if !root {
            let e = write_file(&path, b"new").unwrap_err();
            assert!(e.hint.is_some(), "{e}");
            assert_eq!(std::fs::read(&path).unwrap(), b"old");
        }
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file is left");
    }

    #[cfg(windows)]
    #[test]
    fn windows_devices_are_written_not_replaced() {
        write_file(Path::new("NUL"), b"discarded").unwrap();
        assert!(is_windows_device(Path::new("nul")));
        assert!(is_windows_device(Path::new(r"C:\x\COM1.txt")));
        assert!(!is_windows_device(Path::new("COM0")));
        assert!(!is_windows_device(Path::new("null.txt")));
    }

    #[cfg(windows)]
    #[test]
    fn files_in_use_are_named_as_such() {
        use std::os::windows::fs::OpenOptionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("open.puz");
        std::fs::write(&path, b"old").unwrap();
        // Another program holding the file open and sharing nothing (as some editors do).
        let holder = OpenOptions::new().read(true).share_mode(0).open(&path).unwrap();
        let e = write_file(&path, b"new").unwrap_err();
        assert!(e.to_string().contains("in use by another program"), "{e}");
        drop(holder);
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file is left");
        write_file(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
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

    #[test]
    fn a_folder_is_made_on_write_and_keeps_what_exists_without_force() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("out");
        let folder = Folder::new(&root, false);
        let written = folder.write(Path::new("a/b.txt"), b"one").unwrap();
        assert_eq!(std::fs::read(&written).unwrap(), b"one");
        assert!(folder.kept(Path::new("a/b.txt")), "an existing output is kept without force");
        assert!(!folder.kept(Path::new("a/c.txt")));
        assert!(!Folder::new(&root, true).kept(Path::new("a/b.txt")), "force replaces it");
    }
}
