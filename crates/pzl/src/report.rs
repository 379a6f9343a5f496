//! The reports of a run over several inputs, as data with their text form: one line per input
//! (a solve's [`SolveLine`]) and the [`Summary`] every such run ends
//! with, the same shape for every verb and kind. A front end prints them as text (`Display`) or
//! as JSON (`Serialize`); it does not word them itself.

use serde::Serialize;

use pzl_core::{Outcome, SolveReport, text};

/// The counts a run over several inputs ends with: the same four for every verb, and for `solve`
/// what was found and how long it took.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Summary {
    /// Inputs reported on.
    pub files: usize,
    /// Inputs without problems.
    pub ok: usize,
    /// Inputs with problems (a check's findings, no solution, an output kept).
    pub problems: usize,
    /// Inputs that could not be processed.
    pub errors: usize,
    /// Files a folder walk passed over: their extension is one other programs use too (`.txt`,
    /// `.xml`, …) and no format recognises their content. Printed only when there are some.
    #[serde(skip_serializing_if = "is_zero")]
    pub skipped: usize,
    /// What a run of `solve` found.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub solved: Option<Solved>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// What a `solve` over several inputs found, and its solving times.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Solved {
    /// Puzzles solved (or counted).
    pub solved: usize,
    /// Of them, with exactly one solution.
    pub unique: usize,
    /// Puzzles without a solution.
    pub no_solution: usize,
    /// Puzzles the timeout stopped.
    pub timed_out: usize,
    /// The solving times added up.
    pub total_ms: f64,
    /// The median solving time.
    pub median_ms: f64,
    /// The longest solving time.
    pub slowest_ms: f64,
    #[serde(skip)]
    times: Vec<f64>,
}

impl Solved {
    /// Count one report in.
    pub fn add(&mut self, report: &SolveReport) {
        match report.outcome {
            Outcome::Solved | Outcome::Counted => self.solved += 1,
            Outcome::NoSolution => self.no_solution += 1,
            Outcome::TimedOut => self.timed_out += 1,
        }
        self.unique += usize::from(report.unique == Some(true));
        self.times.push(report.time_ms);
    }

    /// The times summed up, once every report is in.
    pub fn close(&mut self) {
        self.times.sort_by(f64::total_cmp);
        // Summed from +0.0: `Sum` for floats starts at -0.0, printed `-0.000` for no times at all.
        self.total_ms = self.times.iter().fold(0.0, |sum, t| sum + t);
        self.median_ms = self.times.get(self.times.len() / 2).copied().unwrap_or(0.0);
        self.slowest_ms = self.times.last().copied().unwrap_or(0.0);
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let files = text::count(self.files as u64, "file");
        write!(f, "{files}: {} ok, {} with problems, {} errors", self.ok, self.problems, self.errors)?;
        if self.skipped > 0 {
            write!(f, ", {} skipped (not puzzle files)", self.skipped)?;
        }
        if let Some(s) = &self.solved {
            write!(
                f,
                "; {} solved ({} unique), {} without solution, {} timed out; solving time {:.3} ms in \
                 all, median {:.3} ms, slowest {:.3} ms",
                s.solved, s.unique, s.no_solution, s.timed_out, s.total_ms, s.median_ms, s.slowest_ms
            )?;
        }
        writeln!(f)
    }
}

/// One file's line in a run of `solve` over several inputs: its report as JSON, one line of text
/// (`FILE: solved, unique, hard (0.172 ms)`).
#[derive(Debug, Clone, Serialize)]
#[serde(transparent)]
pub struct SolveLine(pub SolveReport);

impl std::fmt::Display for SolveLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let r = &self.0;
        let file = text::printable_name(r.file.as_deref().unwrap_or("-"));
        write!(f, "{file}: ")?;
        match r.outcome {
            Outcome::Solved => {
                let uniqueness = match r.unique {
                    Some(true) => "unique",
                    Some(false) => "2+ solutions",
                    None => "uniqueness unknown",
                };
                write!(f, "solved, {uniqueness}")?;
                let grade = r.facts.iter().find(|f| f.key == "difficulty").map(|f| f.text.as_str());
                if let Some(g) = grade.filter(|g| !g.is_empty() && *g != "null") {
                    write!(f, ", {g}")?;
                }
            }
            Outcome::Counted => {
                write!(f, "{} solutions", r.count.map(|c| c.to_string()).unwrap_or_default())?
            }
            other => write!(f, "{}", other.name())?,
        }
        writeln!(f, " ({:.3} ms)", r.time_ms)
    }
}

/// The version of the JSON documents the front ends print: every object (each JSON Lines line,
/// each shard file) starts with `"schema": JSON_SCHEMA`. It changes only when a field is
/// removed, renamed or changes meaning; new fields may appear within one schema.
pub const JSON_SCHEMA: u32 = 1;

/// `value` as JSON, pretty (indented) or compact, with `"schema"` first when it is an object.
///
/// ```
/// let json = pzl::report::to_json(&serde_json::json!({"files": 2}), false)?;
/// assert_eq!(json, r#"{"schema":1,"files":2}"#);
/// # Ok::<(), pzl::Error>(())
/// ```
pub fn to_json<R: Serialize + ?Sized>(value: &R, pretty: bool) -> Result<String, pzl_core::Error> {
    let text = if pretty { serde_json::to_string_pretty(value) } else { serde_json::to_string(value) }
        .map_err(|e| pzl_core::Error::io(e.to_string()))?;
    // The serialiser's own output, so an object starts with `{` and an empty one is `{}`: the key
    // is spliced in front rather than the report copied into a map.
    let Some(rest) = text.strip_prefix('{') else { return Ok(text) };
    let schema = if pretty {
        format!("{{\n  \"schema\": {JSON_SCHEMA}")
    } else {
        format!("{{\"schema\":{JSON_SCHEMA}")
    };
    let mut out = String::with_capacity(text.len() + 20);
    out.push_str(&schema);
    match (rest, pretty) {
        ("}", true) => out.push_str("\n}"),
        ("}", false) => out.push('}'),
        (rest, _) => {
            out.push(',');
            out.push_str(rest);
        }
    }
    Ok(out)
}

/// `value` as one pretty JSON document ([`to_json`]) and a line end.
pub fn json_document<R: Serialize + ?Sized>(value: &R) -> Result<String, pzl_core::Error> {
    let mut text = to_json(value, true)?;
    text.push('\n');
    Ok(text)
}

/// `value` as one line of JSON Lines ([`to_json`], compact) and a line end.
pub fn json_line<R: Serialize + ?Sized>(value: &R) -> Result<String, pzl_core::Error> {
    let mut text = to_json(value, false)?;
    text.push('\n');
    Ok(text)
}

/// A list printed as text by itself and as JSON under a name (`{"schema": 1, "formats": [...]}`),
/// so that every JSON document is an object that carries its schema version.
pub struct Named<'a, T>(pub &'static str, pub &'a T);

impl<T: Serialize> Serialize for Named<'_, T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(1))?;
        map.serialize_entry(self.0, self.1)?;
        map.end()
    }
}

impl<T: std::fmt::Display> std::fmt::Display for Named<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.1.fmt(f)
    }
}
