//! The two printers: every report is data (`Serialize + Display`), printed as text or as JSON.
//! No command branches on `--json`; it chooses a printer.
//!
//! With one input a report is printed as it is; with several (files or a folder), the text
//! printer prints each report as it comes and a summary line, and the JSON printer prints JSON
//! Lines: one compact object per input (its report, or `{"file", "error"}`), in input order, then
//! `{"summary": {…}}` — the same shape for every verb and kind, so archives can be audited with
//! `jq`.
//!
//! Every JSON document printed (each object, each JSON Lines line, each shard file) starts with
//! `"schema": pzl::report::JSON_SCHEMA`, the version of this contract: it changes only when a field is removed,
//! renamed or changes meaning; new fields may appear within one schema.

use serde::Serialize;

use pzl::report::Summary;
use pzl::{Error, Status};

use crate::io::{self, Ctx};

pub use pzl::report::to_json;

/// Text or JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Text,
    Json,
}

impl Mode {
    pub fn json(json: bool) -> Mode {
        if json { Mode::Json } else { Mode::Text }
    }
}

/// Print one value with the chosen printer.
pub fn emit<R: Serialize + std::fmt::Display>(mode: Mode, report: &R) -> Result<(), Error> {
    match mode {
        Mode::Text => {
            // Room for a typical report up front, so the text is not regrown as it is written.
            let mut text = String::with_capacity(1024);
            std::fmt::Write::write_fmt(&mut text, format_args!("{report}"))
                .map_err(|e| Error::io(e.to_string()))?;
            io::stdout(text.as_bytes())
        }
        Mode::Json => io::stdout(pzl::report::json_document(report)?.as_bytes()),
    }
}

/// Why a walk passes over a file, as reports say it.
const NOT_A_PUZZLE: &str = "not a puzzle file: no format recognises its content";

/// Reports of a run over one input or several.
pub struct Batch<'a> {
    ctx: &'a Ctx,
    mode: Mode,
    many: bool,
    pub summary: Summary,
    /// The reports are a side channel (the work is the files written): a closed standard output
    /// stops the printing, not the run.
    side_channel: bool,
    /// Standard output was closed (with `side_channel`): nothing more is printed.
    closed: bool,
}

impl<'a> Batch<'a> {
    /// A run over the inputs the arguments name: several reports (JSON Lines and a summary)
    /// when they are more than one or a folder, whatever the folder holds.
    pub fn new(ctx: &'a Ctx, mode: Mode, names: &[std::path::PathBuf]) -> Batch<'a> {
        let many = names.len() != 1 || names.iter().any(|n| n.is_dir());
        Batch { ctx, mode, many, summary: Summary::default(), side_channel: false, closed: false }
    }

    /// The run's work is the files it writes, the reports a side channel: when standard output
    /// closes (`pzl convert DIR -o OUT | head`) the run goes on and its exit status still tells.
    pub fn report_is_side_channel(&mut self) {
        self.side_channel = true;
    }

    /// Print with `print`, unless standard output closed on a side channel.
    fn print(&mut self, print: impl FnOnce() -> Result<(), Error>) -> Result<(), Error> {
        if self.closed {
            return Ok(());
        }
        match print() {
            Err(e) if self.side_channel && io::is_closed_pipe(&e) => {
                self.closed = true;
                Ok(())
            }
            other => other,
        }
    }

    /// One input's report, with the status it gives.
    pub fn report<R: Serialize + std::fmt::Display>(
        &mut self,
        report: &R,
        status: Status,
    ) -> Result<(), Error> {
        self.summary.files += 1;
        match status {
            Status::Ok => self.summary.ok += 1,
            Status::Problems => self.summary.problems += 1,
        }
        let (many, mode) = (self.many, self.mode);
        self.print(|| if many && mode == Mode::Json { json_line(report) } else { emit(mode, report) })
    }

    /// One input that could not be processed. With one input the error ends the command; with
    /// several it is reported and the run goes on.
    pub fn error(&mut self, file: &str, e: Error) -> Result<(), Error> {
        let e = io::spelled(e.in_file(file));
        if io::is_closed_pipe(&e) {
            return Err(e);
        }
        if !self.many {
            // One input: the error ends the command (exit 2); JSON readers get it as JSON too.
            if self.mode == Mode::Json {
                let doc = pzl::report::json_document(&serde_json::json!({"file": file, "error": e}))?;
                io::stdout(doc.as_bytes())?;
            }
            return Err(e);
        }
        self.summary.files += 1;
        self.summary.errors += 1;
        match self.mode {
            Mode::Json => self.print(|| json_line(&serde_json::json!({"file": file, "error": e})))?,
            Mode::Text => self.ctx.error(&e),
        }
        Ok(())
    }

    /// Print what is left and give the run's status: the worst of its inputs; an input that could
    /// not be read makes it an error (exit 2) after every other input was processed.
    pub fn finish(mut self, summary_line: bool) -> Result<Status, Error> {
        // A folder of the walk that could not be read is an input that could not be processed.
        for (folder, message) in self.ctx.take_unreadable() {
            self.summary.files += 1;
            self.summary.errors += 1;
            if self.mode == Mode::Json {
                let e = Error::io(message).in_file(&folder);
                self.print(|| json_line(&serde_json::json!({"file": folder, "error": e})))?;
            }
        }
        // Files of the walk that are no puzzle: counted, named in JSON and with `-v` (and `check`).
        for file in self.ctx.take_skipped() {
            self.summary.files += 1;
            self.summary.skipped += 1;
            match self.mode {
                Mode::Json => {
                    self.print(|| json_line(&serde_json::json!({"file": file, "skipped": NOT_A_PUZZLE})))?;
                }
                Mode::Text if self.ctx.verbose() => {
                    self.ctx
                        .note(format!("pzl: {}: {NOT_A_PUZZLE}; skipped", pzl::text::printable_name(&file)));
                }
                Mode::Text => {}
            }
        }
        if let Some(solved) = &mut self.summary.solved {
            solved.close();
        }
        if self.many {
            let (mode, summary) = (self.mode, self.summary.clone());
            match mode {
                Mode::Json => self.print(|| json_line(&serde_json::json!({"summary": summary})))?,
                Mode::Text if summary_line => self.print(|| io::stdout(summary.to_string().as_bytes()))?,
                Mode::Text => {}
            }
        }
        if self.summary.errors > 0 {
            return Err(Error::syntax(format!(
                "{} of {} files could not be processed",
                self.summary.errors, self.summary.files
            )));
        }
        Ok(if self.summary.problems > 0 { Status::Problems } else { Status::Ok })
    }
}

/// One line of JSON Lines output.
pub fn json_line<R: Serialize + ?Sized>(value: &R) -> Result<(), Error> {
    io::stdout(pzl::report::json_line(value)?.as_bytes())
}
