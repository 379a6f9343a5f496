//! The commands that belong to one kind (`pzl masyu db list`, `pzl crossword lock`, `pzl apad
//! solve`, …) as a table beside [`crate::settings`]: each row ([`Command`]) names its parameters
//! and runs one operation ([`Op`]) that takes the values a front end collected and gives what
//! the command produced ([`Done`]): a report (text or JSON), bytes for a file or standard output,
//! a folder's files, and notes. The front end builds its subcommands from [`all`], prints and
//! writes; the operations hold every fact about the kinds.

use std::path::{Path, PathBuf};

use pzl_core::{Error, Status};
use serde::Serialize;

pub use pzl_core::commands::{Also, Param, ParamType, Produces, Value, Values};

use crate::ops::Warn;

mod apad;
mod crossword;
mod mac;
mod masyu;
mod poly;

/// What a row runs: the values given, the front end's callbacks.
pub type Op = fn(&Values, &Env<'_>) -> Result<Done, Error>;

/// One row of the table.
pub type Command = pzl_core::commands::Command<Op>;

/// Every kind's commands, as groups under the kind's name (and `generate`), in the order of help,
/// after the commands of one kind that stand at the top level (`merge`).
pub fn all() -> &'static [Command] {
    const ALL: &[Command] = &[
        poly::MERGE,
        Command::group("generate", "Make new puzzles, each proven unique by the solver.", masyu::GENERATE),
        Command::group("masyu", "Masyu: replay a solve trace, TootSweet databases.", masyu::COMMANDS),
        Command::group(
            "crossword",
            "Crosswords: lock and unlock Across Lite solutions.",
            crossword::COMMANDS,
        ),
        Command::group("mac", "Classic Mac files: resources, Rez and DeRez.", mac::COMMANDS),
        Command::group("poly", "Polyominoes: MacPoly's ftor.", poly::COMMANDS),
        Command::group(
            "apad",
            "A-Puzzle-A-Day: solve a date, generate every solution, encode and decode APAD files.",
            apad::COMMANDS,
        ),
    ];
    ALL
}

/// The row at `path` (`["crossword", "lock"]`), if any.
pub fn find(path: &[&str]) -> Option<&'static Command> {
    let (first, rest) = path.split_first()?;
    let mut row = all().iter().find(|c| c.name == *first)?;
    for name in rest {
        row = row.subcommands.iter().find(|c| c.name == *name)?;
    }
    Some(row)
}

/// Every row of the table with its path (`masyu db list`), groups too, depth first.
pub fn every() -> Vec<(String, &'static Command)> {
    fn walk(rows: &'static [Command], path: &str, out: &mut Vec<(String, &'static Command)>) {
        for row in rows {
            let path = if path.is_empty() { row.name.to_string() } else { format!("{path} {}", row.name) };
            out.push((path.clone(), row));
            walk(row.subcommands, &path, out);
        }
    }
    let mut out = Vec::new();
    walk(all(), "", &mut out);
    out
}

/// Every command of the table by its path (`masyu db list`), without the groups.
pub fn paths() -> Vec<String> {
    every().into_iter().filter(|(_, row)| row.run.is_some()).map(|(path, _)| path).collect()
}

/// The values of a JSON object keyed by `row`'s parameters' names (`fork_format` spells
/// `fork-format` too), as the bindings take them: a flag is `true` (`false` and `null` leave a
/// parameter out), any other value a string, a number or a list of them; a parameter left out
/// takes its default, and a required one is refused.
///
/// ```
/// let row = pzl::commands::find(&["crossword", "lock"]).unwrap();
/// let values = pzl::commands::values_from_json(row, r#"{"input": "x.puz", "key": 1234}"#)?;
/// assert_eq!((values.text("key"), values.path("output")), (Some("1234"), Some(std::path::Path::new("-"))));
/// assert!(pzl::commands::values_from_json(row, r#"{"input": "x.puz"}"#).is_err());
/// # Ok::<(), pzl::Error>(())
/// ```
pub fn values_from_json(row: &Command, json: &str) -> Result<Values, Error> {
    let given: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(if json.trim().is_empty() { "{}" } else { json })
            .map_err(|e| Error::usage(format!("values: {e}")))?;
    let text = |value: serde_json::Value| match value {
        serde_json::Value::String(text) => text,
        other => other.to_string(),
    };
    let mut values = Values::default();
    for (key, value) in given {
        let name = key.replace('_', "-");
        let param = row
            .param(&name)
            .ok_or_else(|| Error::usage(format!("{} has no parameter `{name}`", row.name)))?;
        let texts: Vec<String> = match value {
            serde_json::Value::Null | serde_json::Value::Bool(false) => continue,
            serde_json::Value::Array(items) => items.into_iter().map(text).collect(),
            other => vec![text(other)],
        };
        values.set(param.name, typed(param, texts)?);
    }
    for param in row.params {
        if values.contains(param.name) {
            continue;
        }
        match param.default {
            Some(default) => values.set(param.name, typed(param, vec![default.to_string()])?),
            None if param.is_required() => {
                return Err(Error::usage(format!("{} needs `{}`", row.name, param.name)));
            }
            None => {}
        }
    }
    Ok(values)
}

/// `texts` as a value of `param`'s type.
fn typed(param: &Param, texts: Vec<String>) -> Result<Value, Error> {
    let name = param.name;
    Ok(match param.value {
        ParamType::Flag if texts == ["true"] => Value::On,
        ParamType::Flag => {
            return Err(Error::usage(format!("`{name}` is on or off: it takes true or false")));
        }
        ParamType::Integer(min, max) => {
            let first = texts.first().map_or("", String::as_str);
            let n = first.parse::<i64>().ok().filter(|n| (min..=max).contains(n));
            Value::Integer(n.ok_or_else(|| {
                Error::usage(format!("`{name}`: expected a whole number from {min} to {max}, not `{first}`"))
            })?)
        }
        ParamType::Path => Value::Paths(texts.into_iter().map(PathBuf::from).collect()),
        ParamType::Choice(choices) => {
            if let Some(bad) = texts.iter().find(|t| !choices.iter().any(|(c, _)| c == t)) {
                let names: Vec<&str> = choices.iter().map(|(c, _)| *c).collect();
                return Err(Error::usage(format!("`{name}`: `{bad}` is none of {}", names.join(", "))));
            }
            Value::Text(texts)
        }
        ParamType::Text => Value::Text(texts),
    })
}

/// A step of a long command, for a progress bar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tick {
    /// The work begins: this many steps, called this.
    Begin(u64, &'static str),
    /// What is being done now.
    Doing(String),
    /// One step done.
    Done,
}

/// What a front end gives an operation: where warnings go, a progress callback, colour.
pub struct Env<'a> {
    /// Where the readers' warnings go, as they are met.
    pub warn: Warn<'a>,
    /// Progress of long commands.
    pub progress: &'a (dyn Fn(Tick) + Sync),
    /// Whether text for a terminal may carry colour.
    pub colour: bool,
}

impl Env<'_> {
    /// One warning about `file`.
    pub fn warn(&self, file: &str, message: impl Into<String>) {
        (self.warn)(file, &[pzl_core::Warning::new(message)]);
    }

    /// Warn that writing `output` as `to` left out `lost`.
    pub fn warn_lost(&self, output: &Path, to: crate::Format, lost: &[String]) {
        for what in lost {
            self.warn(
                &crate::input::shown(output),
                format!("the {} format cannot hold {what}; left out", to.name()),
            );
        }
    }
}

/// A report as the front end prints it: its text, or JSON (each document led by `"schema"`,
/// see [`crate::report::to_json`]). Only the one printed is made.
pub struct Report {
    text: Box<dyn FnOnce(bool) -> String>,
    json: Box<dyn FnOnce() -> Result<String, Error>>,
}

impl Report {
    /// A report whose text is its `Display` and whose JSON is itself.
    pub fn of<R: Serialize + std::fmt::Display + 'static>(report: R) -> Report {
        let report = std::rc::Rc::new(report);
        let text = report.clone();
        Report::either(move |_| text.to_string(), move || crate::report::json_document(&*report))
    }

    /// A list printed as text by itself and as JSON under `name` (`{"schema": 1, "puzzles": …}`).
    pub fn named<R: Serialize + std::fmt::Display + 'static>(name: &'static str, list: R) -> Report {
        let list = std::rc::Rc::new(list);
        let text = list.clone();
        let json = move || crate::report::json_document(&crate::report::Named(name, &*list));
        Report::either(move |_| text.to_string(), json)
    }

    /// A report made by `text` (given whether colour is on) or by `json` (the whole text).
    pub fn either(
        text: impl FnOnce(bool) -> String + 'static,
        json: impl FnOnce() -> Result<String, Error> + 'static,
    ) -> Report {
        Report { text: Box::new(text), json: Box::new(json) }
    }

    /// The text form.
    pub fn text(self, colour: bool) -> String {
        (self.text)(colour)
    }

    /// The JSON form, ending with a line end.
    pub fn json(self) -> Result<String, Error> {
        (self.json)()
    }
}

/// Something a command writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    /// Bytes for the file `path` (`-`: standard output); `binary` ones never go to a terminal.
    Bytes {
        /// Where.
        path: PathBuf,
        /// What.
        bytes: Vec<u8>,
        /// Not text.
        binary: bool,
    },
    /// Files in the folder `root` (`None`: a subfolder), replacing existing ones with `force`.
    Folder {
        /// The folder.
        root: PathBuf,
        /// Each file's path in it, and its bytes.
        files: Vec<(PathBuf, Option<Vec<u8>>)>,
        /// Replace existing files.
        force: bool,
    },
}

impl Output {
    /// Write it: bytes to their file, a folder's files into the folder (made first); gives the
    /// bytes meant for standard output (`-`) instead of writing them.
    pub fn write_files(self) -> Result<Option<Vec<u8>>, Error> {
        match self {
            Output::Bytes { path, bytes, .. } if crate::input::is_dash(&path) => Ok(Some(bytes)),
            Output::Bytes { path, bytes, .. } => crate::fs::write_file(&path, &bytes).map(|()| None),
            Output::Folder { root, files, force } => {
                let folder = crate::fs::Folder::new(&root, force);
                folder.make(&root)?;
                for (path, bytes) in files {
                    match bytes {
                        Some(bytes) => folder.write(&path, &bytes).map(drop)?,
                        None => folder.make(&folder.path(&path))?,
                    }
                }
                Ok(None)
            }
        }
    }

    /// Text bytes for `path`.
    pub fn text(path: &Path, bytes: impl Into<Vec<u8>>) -> Output {
        Output::Bytes { path: path.to_path_buf(), bytes: bytes.into(), binary: false }
    }

    /// Binary bytes for `path`.
    pub fn binary(path: &Path, bytes: Vec<u8>) -> Output {
        Output::Bytes { path: path.to_path_buf(), bytes, binary: true }
    }
}

/// What a command produced, for the front end to write and print.
pub struct Done {
    /// Exit 0 or 1.
    pub status: Status,
    /// What to print, if anything.
    pub report: Option<Report>,
    /// What to write, in order.
    pub outputs: Vec<Output>,
    /// Messages that are part of the result (the key that unlocked a puzzle), after the writes,
    /// each about a file or about the run.
    pub notes: Vec<(Option<String>, String)>,
}

impl Done {
    /// Done, nothing to show.
    pub fn ok() -> Done {
        Done { status: Status::Ok, report: None, outputs: Vec::new(), notes: Vec::new() }
    }

    /// Done, writing `output`.
    pub fn writing(output: Output) -> Done {
        Done { outputs: vec![output], ..Done::ok() }
    }

    /// Done, printing `report`.
    pub fn printing(report: Report) -> Done {
        Done { report: Some(report), ..Done::ok() }
    }

    /// The same, with `note`.
    #[must_use]
    pub fn note(mut self, note: impl std::fmt::Display) -> Done {
        self.notes.push((None, note.to_string()));
        self
    }

    /// The same, with `note` about the file `file`.
    #[must_use]
    pub fn note_on(mut self, file: &str, note: impl std::fmt::Display) -> Done {
        self.notes.push((Some(file.to_string()), note.to_string()));
        self
    }

    /// The same, ending with `status`.
    #[must_use]
    pub fn status(mut self, status: Status) -> Done {
        self.status = status;
        self
    }
}

/// The timeout a row's `timeout` parameter gives.
fn timeout(values: &Values) -> Result<Option<std::time::Duration>, Error> {
    values.text("timeout").map(pzl_core::parse_timeout).transpose()
}

/// The format the `to` parameter names (`--to`).
fn to_format(values: &Values) -> Result<Option<crate::Format>, Error> {
    values.text("to").map(crate::ops::convert::format_named).transpose()
}

/// The file at `name` as a document, its warnings to `env`.
fn open(env: &Env<'_>, name: &Path) -> Result<crate::Document, Error> {
    crate::ops::open(name, &crate::Open::default(), env.warn)
}

/// `-o`/`--output`: where a command writes, its value shown as `value_name`.
const fn output(value_name: &'static str, help: &'static str) -> Param {
    Param::option("output", ParamType::Path, value_name, help).letter('o')
}

/// Shared help.
const OUTPUT: &str = "Where to write (`-` for standard output, not a terminal).";
const JSON: Param = Param::flag("json", "Machine-readable output.");
