//! Inputs, outputs and messages, the same for every command: inputs are read and folders walked
//! by the library (`pzl::input`: `-` is standard input, a puzz.link URL its own content), files
//! are written safely by it (`pzl::fs`), and `-` is standard output. Messages on standard error
//! never fail the command (a full or closed standard error is ignored), a closed standard output
//! ends the command quietly, and a flood of warnings about one file is summarised.

use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use pzl::{Error, ErrorKind, Warning};

use crate::args::ColorWhen;

/// A warning is printed this many times per file; the rest are counted.
const WARNINGS_PER_FILE: usize = 20;

pub use pzl::input::{is_dash, read, shown};

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

    /// What a folder walk passed over: warned about, and its unreadable folders and skipped
    /// files kept for the run's summary.
    pub fn walked(&self, walk: pzl::input::Walk) {
        for (path, message) in &walk.warnings {
            self.warn(path, message);
        }
        if let Ok(mut unreadable) = self.unreadable.lock() {
            unreadable.extend(walk.unreadable);
        }
        if let Ok(mut skipped) = self.skipped.lock() {
            skipped.extend(walk.skipped);
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

fn io_error(name: &str, e: &std::io::Error) -> Error {
    Error::io(e.to_string()).in_file(name)
}

/// The inputs the arguments name (`pzl::input::expand`).
pub fn expand(ctx: &Ctx, names: &[PathBuf]) -> Vec<PathBuf> {
    let mut walk = pzl::input::expand(names);
    let files = std::mem::take(&mut walk.files);
    ctx.walked(walk);
    files
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
