//! Reading inputs and writing outputs the same way for every command: `-` is standard input or
//! output, a puzz.link URL is its own content, and files are written atomically (a temporary file
//! renamed into place) so a failed command never leaves a partial output or touches its input.

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use crate::error::{CliError, Status};

/// One input, read whole.
#[derive(Debug, Clone)]
pub struct Input {
    /// How the user named it: a path, `-`, or a URL. Used in every message about it.
    pub name: String,
    /// The file on disk, when it is one.
    pub path: Option<PathBuf>,
    pub bytes: Vec<u8>,
}

impl Input {
    /// The extension of the input's name, lower-cased, without the dot.
    pub fn extension(&self) -> Option<String> {
        extension_of(&self.name)
    }

    /// The content as UTF-8 text, or a bad-input error naming the first invalid byte.
    pub fn text(&self) -> Result<&str, CliError> {
        std::str::from_utf8(&self.bytes).map_err(|e| {
            CliError::input(&self.name, format!("byte offset {}: expected UTF-8 text", e.valid_up_to()))
        })
    }
}

/// The lower-cased extension of a file name, without the dot.
pub fn extension_of(name: &str) -> Option<String> {
    let file = name.rsplit(['/', '\\']).next()?;
    let (stem, ext) = file.rsplit_once('.')?;
    (!stem.is_empty() && !ext.is_empty()).then(|| ext.to_ascii_lowercase())
}

/// True for arguments that are puzzle URLs rather than paths.
pub fn is_url(name: &str) -> bool {
    name.starts_with("http://") || name.starts_with("https://") || name.starts_with("p?")
}

/// What every command shares: where warnings go and whether to show progress.
pub struct Context {
    quiet: bool,
}

impl Context {
    pub fn new(quiet: bool) -> Context {
        Context { quiet }
    }

    /// A warning about `name` on standard error (unless `--quiet`).
    pub fn warn(&self, name: &str, message: impl std::fmt::Display) {
        if !self.quiet {
            eprintln!("pzl: warning: {name}: {message}");
        }
    }

    /// Read a path, `-` (standard input) or a URL.
    pub fn read_input(&self, name: &str) -> Result<Input, CliError> {
        if name == "-" {
            let mut bytes = Vec::new();
            std::io::stdin().read_to_end(&mut bytes).map_err(|e| CliError::io("standard input", e))?;
            return Ok(Input { name: "-".into(), path: None, bytes });
        }
        if is_url(name) && !Path::new(name).exists() {
            return Ok(Input { name: name.into(), path: None, bytes: name.as_bytes().to_vec() });
        }
        let bytes = std::fs::read(name).map_err(|e| CliError::io(name, e))?;
        Ok(Input { name: name.into(), path: Some(PathBuf::from(name)), bytes })
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

/// Write `bytes` to `name` (`-` = standard output). A file is written to a temporary file beside
/// it and renamed into place, so readers never see a partial file and a failure leaves none.
pub fn write_output(name: &str, bytes: &[u8]) -> Result<(), CliError> {
    if name == "-" {
        let mut out = std::io::stdout().lock();
        return out
            .write_all(bytes)
            .and_then(|()| out.flush())
            .map_err(|e| CliError::io("standard output", e));
    }
    let path = Path::new(name);
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(|e| CliError::io(name, e))?;
    tmp.write_all(bytes).and_then(|()| tmp.flush()).map_err(|e| CliError::io(name, e))?;
    tmp.persist(path).map_err(|e| CliError::io(name, e.error))?;
    Ok(())
}

/// Print a JSON value on standard output.
pub fn print_json(value: &serde_json::Value) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(value).map_err(|e| CliError::io("standard output", e))?;
    write_output("-", format!("{text}\n").as_bytes())
}

/// Print what a check found in `name`: `NAME: ok_text` when nothing, else one `NAME: problem`
/// line each; with `json`, `{"file", "ok", "problems"}`. The status says whether it found any.
pub fn print_check(name: &str, problems: &[String], json: bool, ok_text: &str) -> Result<Status, CliError> {
    if json {
        print_json(&serde_json::json!({"file": name, "ok": problems.is_empty(), "problems": problems}))?;
    } else if problems.is_empty() {
        write_output("-", format!("{name}: {ok_text}\n").as_bytes())?;
    } else {
        let text: String = problems.iter().map(|p| format!("{name}: {p}\n")).collect();
        write_output("-", text.as_bytes())?;
    }
    Ok(if problems.is_empty() { Status::Ok } else { Status::Problems })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_are_lower_case_and_need_a_stem() {
        assert_eq!(extension_of("a/b/Ladybug.TootSweet").as_deref(), Some("tootsweet"));
        assert_eq!(extension_of("x.tar.gz").as_deref(), Some("gz"));
        assert_eq!(extension_of(".hidden"), None);
        assert_eq!(extension_of("dir.d/noext"), None);
        assert_eq!(extension_of("-"), None);
    }

    #[test]
    fn urls_are_recognised() {
        assert!(is_url("https://puzz.link/p?mashu/4/4/020100"));
        assert!(is_url("p?mashu/4/4/020100"));
        assert!(!is_url("puzzle.txt"));
    }

    #[test]
    fn failed_writes_leave_no_file() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("missing-dir").join("out.txt");
        assert!(write_output(target.to_str().unwrap(), b"x").is_err());
        assert!(!target.exists());
        let ok = dir.path().join("out.txt");
        write_output(ok.to_str().unwrap(), b"hello").unwrap();
        assert_eq!(std::fs::read(&ok).unwrap(), b"hello");
    }
}
