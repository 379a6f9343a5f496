//! Reports as data: what `info`, `check` and `solve` found, for every kind the same shape. Each is
//! serialisable (the JSON printer) and [`Display`](std::fmt::Display) (the text printer); nothing
//! else decides how a report looks.

use std::borrow::Cow;

use serde::Serialize;
use serde::ser::SerializeMap;

use crate::diag::{Location, Warning};
use crate::text::printable;

/// How a command that ran to the end went: exit 0 or exit 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Exit 0.
    Ok,
    /// Exit 1: a check found problems, or there is no solution.
    Problems,
}

/// One named fact of a report: a key for JSON, a label and text for people, a value for programs.
#[derive(Debug, Clone, PartialEq)]
pub struct Fact {
    /// The JSON key, e.g. `width`. (Keys and labels are almost always literals: borrowing them
    /// saves two allocations per fact.)
    pub key: Cow<'static, str>,
    /// The text printer's label, e.g. `size`.
    pub label: Cow<'static, str>,
    /// The value for programs.
    pub value: serde_json::Value,
    /// The value for people; several lines are indented under the label.
    pub text: String,
    /// A long listing (every clue, every resource) that callers show only when asked for.
    pub detail: bool,
}

impl Fact {
    /// A fact whose label is its key and whose text is the value as shown by `Display`.
    pub fn new(key: impl Into<Cow<'static, str>>, value: impl Serialize + std::fmt::Display) -> Fact {
        let key = key.into();
        let text = value.to_string();
        Fact::with_text(key.clone(), key, value, text)
    }

    /// A fact with its own label and text.
    pub fn with_text(
        key: impl Into<Cow<'static, str>>,
        label: impl Into<Cow<'static, str>>,
        value: impl Serialize,
        text: impl Into<String>,
    ) -> Fact {
        Fact::with_json(key, label, serde_json::to_value(value).unwrap_or(serde_json::Value::Null), text)
    }

    /// A fact whose value is JSON already (a `json!` object): taken as it is, where
    /// [`Fact::with_text`] would copy it through the serialiser.
    pub fn with_json(
        key: impl Into<Cow<'static, str>>,
        label: impl Into<Cow<'static, str>>,
        value: serde_json::Value,
        text: impl Into<String>,
    ) -> Fact {
        Fact { key: key.into(), label: label.into(), value, text: text.into(), detail: false }
    }

    /// The same fact marked as a detail: a long listing shown only when asked for (`--details`).
    #[must_use]
    pub fn detail(mut self) -> Fact {
        self.detail = true;
        self
    }

    /// A fact only for programs: JSON shows it, the text printer does not.
    pub fn hidden(key: impl Into<Cow<'static, str>>, value: impl Serialize) -> Fact {
        Fact::with_text(key, "", value, "")
    }
}

/// Milliseconds to three decimals: finer digits are noise from the float arithmetic.
fn microseconds<S: serde::Serializer>(ms: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64((ms * 1000.0).round() / 1000.0)
}

/// Facts serialise as one JSON object, in their order.
fn facts_map<S: serde::Serializer>(facts: &[Fact], s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(facts.len()))?;
    for fact in facts {
        map.serialize_entry(&fact.key, &fact.value)?;
    }
    map.end()
}

fn write_facts(f: &mut std::fmt::Formatter<'_>, facts: &[Fact]) -> std::fmt::Result {
    use std::fmt::Write;
    let shown = || facts.iter().filter(|x| !x.label.is_empty());
    let width = shown().map(|x| x.label.chars().count()).max().unwrap_or(0);
    for fact in shown() {
        if fact.detail {
            // A listing: the label on its own line, the entries under it.
            writeln!(f, "  {}:", fact.label)?;
            for line in fact.text.lines() {
                writeln!(f, "    {}", printable(line))?;
            }
            continue;
        }
        // A value, and maybe lines that explain it, indented under it; the values line up.
        // (Written piece by piece, without a `format!` and padding per fact: this runs for every
        // file of a folder.)
        f.write_str("  ")?;
        f.write_str(&fact.label)?;
        f.write_char(':')?;
        for _ in fact.label.chars().count()..=width {
            f.write_char(' ')?;
        }
        let mut lines = fact.text.lines();
        f.write_str(&printable(lines.next().unwrap_or("")))?;
        f.write_char('\n')?;
        for line in lines {
            writeln!(f, "    {}", printable(line))?;
        }
    }
    Ok(())
}

fn write_heading(f: &mut std::fmt::Formatter<'_>, file: Option<&str>) -> std::fmt::Result {
    if let Some(file) = file {
        write!(f, "{}: ", crate::text::printable_name(file))?;
    }
    Ok(())
}

/// What `info` says about a file.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Info {
    /// The file, as the user named it (set by the caller).
    pub file: Option<String>,
    /// The format it was read as.
    pub format: String,
    /// The kind of puzzle (`masyu`, `crossword`, …).
    pub kind: String,
    /// One line: what the file is.
    pub title: String,
    /// Everything else, in order.
    #[serde(serialize_with = "facts_map")]
    pub facts: Vec<Fact>,
}

impl Info {
    /// An info report with a title and no facts yet.
    pub fn new(kind: &str, format: &str, title: impl Into<String>) -> Info {
        // Room for the facts of a typical report, so the list is not regrown as they come.
        let facts = Vec::with_capacity(24);
        Info { file: None, format: format.into(), kind: kind.into(), title: title.into(), facts }
    }

    /// The same report with one more fact.
    #[must_use]
    pub fn fact(mut self, fact: Fact) -> Info {
        self.facts.push(fact);
        self
    }

    /// The same report with one more detail fact (a long listing), built only when `request`
    /// asks for details.
    #[must_use]
    pub fn detail(self, request: &crate::InfoRequest, fact: impl FnOnce() -> Fact) -> Info {
        if request.details { self.fact(fact().detail()) } else { self }
    }
}

impl std::fmt::Display for Info {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write_heading(f, self.file.as_deref())?;
        writeln!(f, "{} ({})", printable(&self.title), self.format)?;
        write_facts(f, &self.facts)
    }
}

/// One thing a check found wrong.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// The rule broken, as a short name (`loop`, `checksum`, `not-a-solution`).
    pub rule: String,
    /// What is wrong, in words.
    pub message: String,
    /// Where, when a place is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<Location>,
    /// The grid cells involved (row and column from 1), for drawing.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<[usize; 2]>,
}

impl Problem {
    /// A problem with a rule and a message.
    pub fn new(rule: &str, message: impl Into<String>) -> Problem {
        Problem { rule: rule.into(), message: message.into(), at: None, cells: Vec::new() }
    }

    /// The same problem at `at`.
    #[must_use]
    pub fn at(mut self, at: Location) -> Problem {
        self.at = Some(at);
        self
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}] ", self.rule)?;
        if let Some(at) = &self.at {
            write!(f, "{at}: ")?;
        }
        f.write_str(&printable(&self.message))
    }
}

/// What `check` found: problems (none means ok), notes, and facts about the file.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CheckReport {
    /// The file, as the user named it (set by the caller).
    pub file: Option<String>,
    /// The format it was read as.
    pub format: String,
    /// The kind of puzzle.
    pub kind: String,
    /// Whether nothing was found wrong.
    pub ok: bool,
    /// What an ok result means here, e.g. `the lines form a correct solution`.
    pub verdict: String,
    /// Everything found wrong.
    pub problems: Vec<Problem>,
    /// Things worth knowing that are not problems.
    pub notes: Vec<String>,
    /// Facts about the file (fill state, board count, …).
    #[serde(serialize_with = "facts_map")]
    pub facts: Vec<Fact>,
}

impl CheckReport {
    /// A report of `problems`; `verdict` says what ok means.
    pub fn new(kind: &str, format: &str, verdict: impl Into<String>, problems: Vec<Problem>) -> CheckReport {
        CheckReport {
            file: None,
            format: format.into(),
            kind: kind.into(),
            ok: problems.is_empty(),
            verdict: verdict.into(),
            problems,
            notes: Vec::new(),
            facts: Vec::new(),
        }
    }

    /// The same report with one more fact.
    #[must_use]
    pub fn fact(mut self, fact: Fact) -> CheckReport {
        self.facts.push(fact);
        self
    }

    /// Exit 0 when ok, else 1.
    pub fn status(&self) -> Status {
        if self.problems.is_empty() { Status::Ok } else { Status::Problems }
    }
}

impl std::fmt::Display for CheckReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write_heading(f, self.file.as_deref())?;
        if self.problems.is_empty() {
            writeln!(f, "ok: {}", printable(&self.verdict))?;
        } else {
            let n = self.problems.len();
            writeln!(f, "{n} problem{}", if n == 1 { "" } else { "s" })?;
        }
        for problem in &self.problems {
            writeln!(f, "  {problem}")?;
        }
        for note in &self.notes {
            writeln!(f, "  note: {}", printable(note))?;
        }
        write_facts(f, &self.facts)
    }
}

/// How a solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// A solution was found (see `unique`).
    Solved,
    /// There is none: proven.
    NoSolution,
    /// Time ran out first.
    TimedOut,
    /// Solutions were counted (see `count`).
    Counted,
}

impl Outcome {
    /// The outcome's name as in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::NoSolution => "no-solution",
            Outcome::TimedOut => "timed-out",
            Outcome::Counted => "counted",
        }
    }
}

/// A number of solutions, and whether it is exact (not stopped by a limit or a timeout).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Count {
    /// How many were found.
    pub value: u128,
    /// False when a limit or the timeout stopped the count (`N+`).
    pub exact: bool,
}

impl std::fmt::Display for Count {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.value, if self.exact { "" } else { "+" })
    }
}

/// What `solve` found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SolveReport {
    /// The file, as the user named it (set by the caller).
    pub file: Option<String>,
    /// The format it was read as.
    pub format: String,
    /// The kind of puzzle.
    pub kind: String,
    /// How it ended.
    pub outcome: Outcome,
    /// Whether the solution is the only one, when that was decided.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// With a count request: how many.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<Count>,
    /// Why there is no solution, when a reason is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The solutions, each as text to show (the kind decides: a board string, a drawing).
    pub solutions: Vec<String>,
    /// Solving time in milliseconds (to the microsecond).
    #[serde(serialize_with = "microseconds")]
    pub time_ms: f64,
    /// Statistics and other facts (grade, nodes, …).
    #[serde(serialize_with = "facts_map")]
    pub facts: Vec<Fact>,
    /// What the user should know (more than one solution, uniqueness not proven, …).
    pub warnings: Vec<Warning>,
}

impl SolveReport {
    /// A report with an outcome and nothing else yet.
    pub fn new(kind: &str, format: &str, outcome: Outcome) -> SolveReport {
        SolveReport {
            file: None,
            format: format.into(),
            kind: kind.into(),
            outcome,
            unique: None,
            count: None,
            reason: None,
            solutions: Vec::new(),
            time_ms: 0.0,
            facts: Vec::new(),
            warnings: Vec::new(),
        }
    }

    /// Exit 0 when solved (or at least one counted), else 1.
    pub fn status(&self) -> Status {
        let found = match self.outcome {
            Outcome::Solved => true,
            Outcome::Counted => self.count.is_some_and(|c| c.value > 0),
            Outcome::NoSolution | Outcome::TimedOut => false,
        };
        if found { Status::Ok } else { Status::Problems }
    }

    /// One line for outcomes without a solution to show: why there is none.
    pub fn verdict(&self) -> String {
        match (self.outcome, &self.reason) {
            (Outcome::NoSolution, Some(reason)) => format!("no solution: {reason}"),
            (Outcome::NoSolution, None) => "no solution".into(),
            (Outcome::TimedOut, _) => "timed out without finding a solution".into(),
            (Outcome::Counted, _) => self.count.map(|c| c.to_string()).unwrap_or_default(),
            (Outcome::Solved, _) => "solved".into(),
        }
    }
}

impl std::fmt::Display for SolveReport {
    /// Solutions as they are shown; a count as a number; otherwise nothing (the verdict goes to
    /// standard error, see [`SolveReport::verdict`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let (Outcome::Counted, Some(count)) = (self.outcome, self.count) {
            return writeln!(f, "{count}");
        }
        for solution in &self.solutions {
            f.write_str(&printable(solution))?;
            if !solution.ends_with('\n') {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_prints_facts_under_the_title() {
        let mut info = Info::new("masyu", "masyu", "Masyu puzzle")
            .fact(Fact::with_text("width", "size", 4, "4x4"))
            .fact(Fact::hidden("height", 4));
        info.file = Some("a.masyu".into());
        assert_eq!(info.to_string(), "a.masyu: Masyu puzzle (masyu)\n  size: 4x4\n");
        let json = serde_json::to_value(&info).unwrap();
        assert_eq!(json["facts"]["width"], 4);
        assert_eq!(json["facts"]["height"], 4);
    }

    #[test]
    fn check_reports_are_ok_without_problems() {
        let ok = CheckReport::new("apad", "apad", "every board is a solution", Vec::new());
        assert_eq!(ok.status(), Status::Ok);
        assert_eq!(ok.to_string(), "ok: every board is a solution\n");
        let bad =
            CheckReport::new("apad", "apad", "", vec![Problem::new("size", "short").at(Location::Offset(3))]);
        assert_eq!(bad.status(), Status::Problems);
        assert_eq!(bad.to_string(), "1 problem\n  [size] byte offset 3: short\n");
    }

    #[test]
    fn counts_show_a_plus_when_stopped() {
        let mut r = SolveReport::new("poly", "pack", Outcome::Counted);
        r.count = Some(Count { value: 2339, exact: false });
        assert_eq!(r.to_string(), "2339+\n");
        assert_eq!(r.status(), Status::Ok);
    }
}
