//! Inputs, outputs and messages, the same for every command: `-` is standard input or output, a
//! puzz.link URL is its own content, a folder stands for the puzzle files inside it, and files
//! are written safely by the library (`pzl::fs`). Messages on standard error never fail the
//! command (a full or closed standard error is ignored), a closed standard output ends the
//! command quietly, and a flood of warnings about one file is summarised.

use std::collections::HashMap;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use pzl::{Error, ErrorKind, Warning};

use crate::args::ColorWhen;

/// A warning is printed this many times per file; the rest are counted.
const WARNINGS_PER_FILE: usize = 20;

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

/// What every command shares: where messages go, colour, progress.
pub struct Ctx {
    quiet: bool,
    verbose: std::sync::atomic::AtomicBool,
    colour: ColorWhen,
    warned: Mutex<HashMap<String, usize>>,
    /// Folders a walk could not read, with why: errors of the run, not only warnings.
    unreadable: Mutex<Vec<(String, String)>>,
    /// Files a walk passed over as no puzzle (`pzl::Format::walk_takes`): counted in the summary.
    skipped: Mutex<Vec<String>>,
}

impl Ctx {
    pub fn new(quiet: bool, verbose: bool, colour: ColorWhen) -> Ctx {
        Ctx {
            quiet,
            verbose: verbose.into(),
            colour,
            warned: Mutex::new(HashMap::new()),
            unreadable: Mutex::new(Vec::new()),
            skipped: Mutex::new(Vec::new()),
        }
    }

    /// From now on, print the harmless notes too (`check` wants every oddity shown).
    pub fn show_harmless(&self) {
        self.verbose.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// Whether terminal text on standard output gets colour.
    pub fn colour(&self) -> bool {
        match self.colour {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            // anstream's rule: NO_COLOR (set and not empty) turns it off, CLICOLOR_FORCE (not 0)
            // on, CLICOLOR=0 off; otherwise a terminal that has colour (not TERM=dumb) gets it.
            // On a Windows console this also turns on its ANSI colour support.
            ColorWhen::Auto => {
                anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never
            }
        }
    }

    /// The folders a walk could not read since the last call, with why.
    pub fn take_unreadable(&self) -> Vec<(String, String)> {
        self.unreadable.lock().map(|mut u| std::mem::take(&mut *u)).unwrap_or_default()
    }

    /// The files a walk passed over as no puzzle since the last call.
    pub fn take_skipped(&self) -> Vec<String> {
        self.skipped.lock().map(|mut s| std::mem::take(&mut *s)).unwrap_or_default()
    }

    /// Whether harmless notes are printed (`-v`, or `check`).
    pub fn verbose(&self) -> bool {
        self.verbose.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// A warning about `file` (unless `--quiet`); after a few per file, only counted.
    pub fn warn(&self, file: &str, message: impl std::fmt::Display) {
        if self.quiet {
            return;
        }
        let Ok(mut warned) = self.warned.lock() else { return };
        let n = warned.entry(file.to_string()).or_default();
        *n += 1;
        if *n <= WARNINGS_PER_FILE {
            say(&format!("pzl: warning: {}: {message}", pzl::text::printable_name(file)));
        }
    }

    /// The warnings a reader raised about `file`; harmless ones only with `-v` (or in `check`).
    pub fn warnings(&self, file: &str, warnings: &[Warning]) {
        let verbose = self.verbose.load(std::sync::atomic::Ordering::Relaxed);
        for w in warnings.iter().filter(|w| verbose || !w.harmless) {
            self.warn(file, w);
        }
    }

    /// A message on standard error that is part of the result, not a warning (the key that
    /// unlocked a puzzle, what an import stored): printed even with `--quiet`.
    pub fn note(&self, message: impl std::fmt::Display) {
        say(&message.to_string());
    }

    /// The error that ends the command, with its hint.
    pub fn error(&self, e: &Error) {
        let e = spelled(e.clone());
        say(&format!("pzl: error: {e}"));
        if let Some(hint) = &e.hint {
            say(&format!("pzl: hint: {}", pzl::text::printable(hint)));
        }
    }

    /// Say how many warnings were not printed.
    pub fn finish(&self) {
        let Ok(warned) = self.warned.lock() else { return };
        for (file, n) in warned.iter() {
            if *n > WARNINGS_PER_FILE {
                say(&format!(
                    "pzl: warning: {}: … and {} more warnings",
                    pzl::text::printable_name(file),
                    n - WARNINGS_PER_FILE
                ));
            }
        }
    }

    /// A progress bar on a terminal; hidden when standard error is not one, or with `--quiet`.
    pub fn progress(&self, len: u64, what: &str) -> indicatif::ProgressBar {
        if self.quiet || !std::io::stderr().is_terminal() {
            return indicatif::ProgressBar::hidden();
        }
        let bar = indicatif::ProgressBar::new(len);
        if let Ok(style) = indicatif::ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({eta})") {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_message(what.to_string());
        bar
    }
}

impl Ctx {
    /// A spinner with the time spent, for a long run whose end cannot be foreseen (a polyomino
    /// count): drawn on standard error by its own thread, five times a second, so the work
    /// itself pays nothing; hidden when standard error is not a terminal, or with `--quiet`.
    pub fn spinner(&self, what: &str) -> indicatif::ProgressBar {
        if self.quiet || !std::io::stderr().is_terminal() {
            return indicatif::ProgressBar::hidden();
        }
        let bar = indicatif::ProgressBar::new_spinner();
        if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})") {
            bar.set_style(style);
        }
        bar.set_message(what.to_string());
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        bar
    }
}

/// One line on standard error; a full or closed standard error is ignored.
fn say(line: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{line}");
}

/// Whether an error only says standard output was closed (`pzl … | head`).
pub fn is_closed_pipe(e: &Error) -> bool {
    e.kind == ErrorKind::Io && e.file.as_deref() == Some(STDOUT) && e.message.contains("Broken pipe")
}

const STDOUT: &str = "standard output";

/// The lower-cased extension of a file name, without the dot.
pub fn extension(name: impl AsRef<Path>) -> Option<String> {
    let name = name.as_ref().to_string_lossy();
    let file = name.rsplit(['/', '\\']).next()?;
    let (stem, ext) = file.rsplit_once('.')?;
    (!stem.is_empty() && !ext.is_empty()).then(|| ext.to_ascii_lowercase())
}

/// True for arguments that are puzzle URLs rather than paths (`pzl::Document::is_link`).
fn is_url(name: &str) -> bool {
    pzl::Document::is_link(name)
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
    name.display().to_string()
}

/// Read a path, `-` (standard input) or a URL.
pub fn read(name: &Path) -> Result<Input, Error> {
    if is_dash(name) {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map_err(|e| io_error("standard input", &e))?;
        return Ok(Input { name: "-".into(), path: None, bytes });
    }
    if let Some(url) = name.to_str().filter(|s| is_url(s))
        && !name.exists()
    {
        return Ok(Input { name: url.into(), path: None, bytes: url.as_bytes().to_vec() });
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
                return Ok(Input { name: shown, path: Some(file), bytes });
            }
            return Err(io_error(&shown, &e));
        }
    };
    let meta = file.metadata().map_err(|e| io_error(&shown, &e))?;
    if meta.is_dir() {
        return Err(Error::usage("is a folder").in_file(&shown).hint("this command takes files"));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0).saturating_add(1));
    // Through `take`, not `File::read_to_end`, which asks the file for its size and position
    // again (a `statx` and an `lseek` per file) although the buffer is already the right size.
    (&mut file).take(u64::MAX).read_to_end(&mut bytes).map_err(|e| io_error(&shown, &e))?;
    Ok(Input { name: shown, path: Some(name.to_path_buf()), bytes })
}

/// The file part of `ARCHIVE#MEMBER`: the longest prefix before a `#` that is a file.
fn member_file(name: &str) -> Option<PathBuf> {
    name.match_indices('#').map(|(i, _)| PathBuf::from(&name[..i])).rev().find(|p| p.is_file())
}

/// The inputs the arguments name: files as given, and for each folder the puzzle files inside it
/// (sorted; symbolic links to folders are not followed, and a folder that contains itself, by a
/// bind mount or a junction, is walked once, so a loop cannot trap the walk; FIFOs, devices and
/// sockets are skipped with a warning). A file whose extension other programs use too (a
/// `README.txt`, a `pom.xml`) is taken only when a format recognises its content; the others are
/// counted as skipped (`Ctx::take_skipped`).
pub fn expand(ctx: &Ctx, names: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for name in names {
        if name.is_dir() {
            walk(ctx, name, &mut out);
        } else {
            out.push(name.clone());
        }
    }
    out
}

fn walk(ctx: &Ctx, dir: &Path, found: &mut Vec<PathBuf>) {
    // The folders from `dir` down to the one being read, to notice one that contains itself.
    let mut ancestors: Vec<same_file::Handle> = Vec::new();
    // Each folder's entries sorted by name and walked in that order give the order of sorting
    // the whole paths (which compare component by component: 5% of `pzl info` over a folder).
    // Siblings share their folder's path, so comparing their paths' bytes orders them by name,
    // without `file_name()` taking each path apart at every comparison (8% of `pzl check` over
    // 3,000 files, cachegrind).
    let entries = walkdir::WalkDir::new(dir)
        .follow_links(false)
        .sort_by(|a, b| a.path().as_os_str().cmp(b.path().as_os_str()))
        .into_iter()
        .filter_entry(|entry| {
            if !entry.file_type().is_dir() {
                return true;
            }
            let Ok(handle) = same_file::Handle::from_path(entry.path()) else { return true };
            ancestors.truncate(entry.depth());
            if ancestors.contains(&handle) {
                return false;
            }
            ancestors.push(handle);
            true
        });
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                if let Some(path) = e.path().filter(|p| p.is_dir()) {
                    let reason = e.io_error().map_or_else(|| e.to_string(), ToString::to_string);
                    let message = format!("cannot read this folder: {reason}");
                    ctx.warn(&path.display().to_string(), format!("{message}; skipped"));
                    if let Ok(mut unreadable) = ctx.unreadable.lock() {
                        unreadable.push((path.display().to_string(), message));
                    }
                }
                continue;
            }
        };
        let kind = entry.file_type();
        if kind.is_dir() {
            continue;
        }
        let path = entry.into_path();
        if kind.is_file() || kind.is_symlink() && path.is_file() {
            let name = path.to_string_lossy();
            if !pzl::Format::is_puzzle_file_name(&name) {
                continue;
            }
            if pzl::Format::needs_content_to_walk(&name) && !walk_takes(&path, &name) {
                if let Ok(mut skipped) = ctx.skipped.lock() {
                    skipped.push(path.display().to_string());
                }
                continue;
            }
            found.push(path);
        } else if !kind.is_symlink() {
            ctx.warn(&path.display().to_string(), "not a regular file; skipped");
        }
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
        Ok(n) if (n as u64) <= WALK_LOOK_LIMIT => pzl::Format::walk_takes(name, &bytes),
        _ => true,
    }
}

/// From the first file write on, Ctrl-C and SIGTERM remove the temporary files of writes in
/// progress, then end the process as the signal would have (a shell sees 130 for Ctrl-C, 143 for
/// SIGTERM). (Installed only when a file is written: the handler costs a thread, which commands
/// that only print do not need.)
pub fn protect_writes() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(install_signal_handler);
}

/// What the first Ctrl-C or SIGTERM does: `true` when a long count was asked to stop instead,
/// so it can write what it has (a second signal ends the process).
fn stops_a_count() -> bool {
    INTERRUPT.get().is_some_and(|flag| !flag.swap(true, std::sync::atomic::Ordering::SeqCst))
}

#[cfg(unix)]
fn install_signal_handler() {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else { return };
    let _ = std::thread::Builder::new().name("signals".into()).spawn(move || {
        for signal in signals.forever() {
            if stops_a_count() {
                continue;
            }
            pzl::fs::remove_temporary_files();
            // The default action again, raised: the parent sees the process killed by the signal.
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            std::process::exit(128 + signal);
        }
    });
}

#[cfg(not(unix))]
fn install_signal_handler() {
    let _ = ctrlc::set_handler(|| {
        if stops_a_count() {
            return;
        }
        pzl::fs::remove_temporary_files();
        std::process::exit(130);
    });
}

static INTERRUPT: std::sync::OnceLock<std::sync::Arc<std::sync::atomic::AtomicBool>> =
    std::sync::OnceLock::new();

/// A flag the first Ctrl-C (or SIGTERM) sets instead of ending the process, for a search that
/// then stops and writes its partial result.
pub fn stop_on_interrupt() -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    let flag = INTERRUPT.get_or_init(Default::default).clone();
    protect_writes();
    flag
}

/// Where a command's bytes go.
pub fn write(name: &Path, bytes: &[u8]) -> Result<(), Error> {
    if is_dash(name) {
        return stdout(bytes);
    }
    write_path(name, bytes)
}

/// Write a file safely (`pzl::fs::write_file`), cleaned up if the command is interrupted.
pub fn write_path(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    protect_writes();
    pzl::fs::write_file(path, bytes)
}

/// Write one file of a whole collection (`pzl::fs::write_collection_file`: safe, not synced
/// file by file), cleaned up if the command is interrupted.
pub fn write_collection_path(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    protect_writes();
    pzl::fs::write_collection_file(path, bytes)
}

/// Lock a file for a read-modify-write edit (`pzl::fs::Edit`).
pub fn edit(path: &Path) -> Result<pzl::fs::Edit, Error> {
    protect_writes();
    pzl::fs::Edit::open(path)
}

/// Lock a file for an edit, creating it with `initial` first when it does not exist.
pub fn edit_or_create(
    path: &Path,
    initial: impl FnOnce() -> Result<Vec<u8>, Error>,
) -> Result<pzl::fs::Edit, Error> {
    protect_writes();
    pzl::fs::Edit::open_or_create(path, initial)
}

/// Write binary bytes (a `.puz`, an APAD file, a PDF): to a file, or to standard output only
/// when it is not a terminal.
pub fn write_binary(name: &Path, bytes: &[u8]) -> Result<(), Error> {
    if is_dash(name) && std::io::stdout().is_terminal() {
        return Err(Error::usage("will not print binary data on a terminal")
            .hint("write it to a file with -o FILE, or redirect standard output"));
    }
    write(name, bytes)
}

/// Bytes on standard output.
pub fn stdout(bytes: &[u8]) -> Result<(), Error> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes).and_then(|()| out.flush()).map_err(|e| io_error(STDOUT, &e))
}

/// Text with terminal escapes (colour, a cleared screen) on standard output, through `anstream`:
/// passed on as it is, except to an old Windows console without ANSI support, where the colours
/// are set through the console API instead.
pub fn stdout_escaped(bytes: &[u8]) -> Result<(), Error> {
    let mut out = anstream::AutoStream::always(std::io::stdout().lock());
    out.write_all(bytes).and_then(|()| out.flush()).map_err(|e| io_error(STDOUT, &e))
}

/// Text on standard output, with colour (`colour`, from [`Ctx::colour`]) or without.
pub fn stdout_text(bytes: &[u8], colour: bool) -> Result<(), Error> {
    if colour { stdout_escaped(bytes) } else { stdout(bytes) }
}

/// `e` with the library's mentions of settings spelled as flags (`setting `no-flip`` as
/// `--no-flip`).
pub fn spelled(mut e: Error) -> Error {
    let flag = |name: &str| format!("--{name}");
    e.message = pzl::settings::spell(&e.message, flag);
    e.hint = e.hint.map(|hint| pzl::settings::spell(&hint, flag));
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_are_lower_case_and_need_a_stem() {
        assert_eq!(extension("a/b/Ladybug.TootSweet").as_deref(), Some("tootsweet"));
        assert_eq!(extension("x.tar.gz").as_deref(), Some("gz"));
        assert_eq!(extension(".hidden"), None);
        assert_eq!(extension("dir.d/noext"), None);
        assert_eq!(extension("-"), None);
    }

    #[test]
    fn urls_are_recognised() {
        assert!(is_url("https://puzz.link/p?mashu/4/4/020100"));
        assert!(is_url("p?mashu/4/4/020100"));
        assert!(!is_url("puzzle.txt"));
    }
}
