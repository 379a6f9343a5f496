//! The pzl facade for the browser: a [`Puzzle`] opened from bytes or a shared text, and the verbs
//! the page needs, each answering JSON (or SVG/HTML text). No format or rule lives here: every
//! answer comes from the `pzl` crates.

use pzl::play::{Action, View};
use pzl::settings::Options;
use pzl::{Document, Open, Picture, RenderRequest, SolveRequest};
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

thread_local! {
    /// The last error thrown, as pzl's error JSON (see [`last_error`]).
    static LAST_ERROR: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

fn js(e: pzl::Error) -> JsError {
    LAST_ERROR.with(|last| *last.borrow_mut() = to_json(&e));
    let mut text = e.to_string();
    if let Some(hint) = &e.hint {
        text.push_str(&format!(" ({hint})"));
    }
    JsError::new(&text)
}

/// The last error a function of this module threw, as pzl's error JSON: `{kind, file, at,
/// message, hint}` (`kind` one of `syntax`, `encode`, `unsupported`, `limit`, `usage`, `io`), so
/// a page can word it for its own readers; `null` before any.
#[wasm_bindgen]
pub fn last_error() -> String {
    LAST_ERROR.with(|last| {
        let last = last.borrow();
        if last.is_empty() { "null".to_string() } else { last.clone() }
    })
}

fn to_json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| json!({ "error": e.to_string() }).to_string())
}

/// A puzzle file opened in the page.
#[wasm_bindgen]
pub struct Puzzle {
    doc: Document,
    name: String,
    warnings: Vec<String>,
}

fn open_doc(bytes: &[u8], name: &str, from: &str) -> Result<Puzzle, JsError> {
    let open = if from.is_empty() { Open::default() } else { Open::from_name(from).map_err(js)? };
    let parsed = Document::read(bytes, name, None, &open).map_err(js)?;
    let mut doc = parsed.value;
    // A container holding one puzzle (a resource file with one MacPoly puzzle) opens that puzzle.
    if !doc.members().is_empty()
        && let Ok(only) = doc.pick(&pzl::Pick::default())
    {
        doc = only;
    }
    let warnings = parsed.warnings.iter().map(|w| w.to_string()).collect();
    Ok(Puzzle { doc, name: name.to_string(), warnings })
}

/// Open the file `name` (its name helps detect the format); `from` names a format (`apad:weekday`)
/// or is empty to detect it.
#[wasm_bindgen]
pub fn open(bytes: &[u8], name: &str, from: &str) -> Result<Puzzle, JsError> {
    open_doc(bytes, name, from)
}

/// An archive or disk image dropped on the page (StuffIt, Compact Pro, HFS, HFS+, MFS,
/// DiskCopy 4.2, `.img.gz`, also in BinHex or MacBinary): `pzl info` as JSON, its `members` fact
/// listing every member; `null` when the file is not one.
#[wasm_bindgen]
pub fn container_info(bytes: &[u8], name: &str) -> Result<String, JsError> {
    match pzl::container::info(bytes, name, None) {
        Some(info) => Ok(to_json(&info.map_err(js)?)),
        None => Ok("null".into()),
    }
}

/// Open member `member` (`Folder/File`, as `container_info` lists it) of an archive or image.
#[wasm_bindgen]
pub fn open_member(bytes: &[u8], name: &str, member: &str) -> Result<Puzzle, JsError> {
    let parsed = pzl::container::open_member(bytes, name, member, &Open::default()).map_err(js)?;
    let mut doc = parsed.value;
    if let Document::Mac(_) = &doc
        && let Ok(only) = doc.pick(&pzl::Pick::default())
    {
        doc = only;
    }
    let warnings = parsed.warnings.iter().map(|w| w.to_string()).collect();
    Ok(Puzzle { doc, name: format!("{name}#{member}"), warnings })
}

/// Open a puzzle shared as text: a puzz.link URL, a Tatham id, a TootSweet string, a pzl-pack file…
#[wasm_bindgen]
pub fn open_text(text: &str) -> Result<Puzzle, JsError> {
    let trimmed = format!("{}\n", text.trim());
    open_doc(trimmed.as_bytes(), "link", "")
}

/// Every kind's settings (the table the command line's flags and Python's keywords are built
/// from), as JSON: `[{name, kind, type, help, value_name, default, requires, verbs}]`. `solve`,
/// `render` and `check` take a settings object keyed by these names.
#[wasm_bindgen]
pub fn settings() -> String {
    to_json(&pzl::settings::all())
}

/// The settings object a page gave (`{"no-flip": true}`; `None` or empty: none).
fn settings_of(settings: Option<String>) -> Result<Options, JsError> {
    Options::from_json(settings.as_deref().unwrap_or_default()).map_err(js)
}

/// Every format pzl knows, as JSON.
#[wasm_bindgen]
pub fn formats() -> String {
    to_json(&pzl::FormatList::new())
}

#[wasm_bindgen]
impl Puzzle {
    /// `masyu`, `crossword`, `apad`, `poly`, `mac`.
    pub fn kind(&self) -> String {
        self.doc.kind().to_string()
    }

    /// The format's name.
    pub fn format(&self) -> String {
        self.doc.format().name().to_string()
    }

    /// The name it was opened as.
    pub fn name(&self) -> String {
        self.name.clone()
    }

    /// The reader's warnings, as a JSON list of strings.
    pub fn warnings(&self) -> String {
        to_json(&self.warnings)
    }

    /// What a player sees, as JSON: a Masyu board (`{width, height, rows, edges:["unknown"|"line"|
    /// "cross"…], ends}`) or a crossword's player grid (the same JSON as Python and `pzl`).
    pub fn view(&self) -> Result<String, JsError> {
        Ok(to_json(&self.doc.view().map_err(js)?))
    }

    /// Do what a player does, given as JSON: `{"action": "draw", "edge": 3, "state": "line"}`,
    /// `{"action": "set-edges", "edges": [...]}`, `{"action": "apply-hint"}`, `{"action": "unlock",
    /// "key": 1234}`. The puzzle is replaced by the result.
    pub fn act(&mut self, action: &str) -> Result<(), JsError> {
        let action: Action =
            serde_json::from_str(action).map_err(|e| JsError::new(&format!("action: {e}")))?;
        self.doc = self.doc.act(&action).map_err(js)?;
        Ok(())
    }

    /// `pzl info` as JSON.
    pub fn info(&self) -> Result<String, JsError> {
        Ok(to_json(&self.doc.info(&pzl::InfoRequest::FULL).map_err(js)?))
    }

    /// `pzl check` as JSON (for Masyu, of the lines drawn so far), with the settings object
    /// given (`{"no-flip": true}`), if any.
    pub fn check(&self, settings: Option<String>) -> Result<String, JsError> {
        Ok(to_json(&self.doc.check_with(&settings_of(settings)?).map_err(js)?))
    }

    /// Draw as `svg`, `html` (with clues: the print page) or `text`, with the settings object
    /// given (`{"with-clues": true, "date": "Nov 22"}`), if any.
    pub fn render(
        &self,
        picture: &str,
        select: &str,
        with_clues: bool,
        settings: Option<String>,
    ) -> Result<String, JsError> {
        let mut request = RenderRequest::new(Picture::from_name(picture).map_err(js)?);
        request.select = (!select.is_empty()).then(|| select.to_string());
        let mut request = settings_of(settings)?.render_request(request).map_err(js)?;
        if with_clues {
            request.settings.insert("with-clues", pzl::settings::Value::On);
        }
        let bytes = self.doc.render(&request).map_err(js)?.bytes;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// The document written as `format` (text formats; binary bytes are given lossily).
    pub fn write(&self, format: &str) -> Result<Vec<u8>, JsError> {
        let to = pzl::Format::from_name(format).map_err(js)?;
        Ok(self.doc.write(to).map_err(js)?.bytes)
    }

    /// Solve. `options` is JSON: `{"count":bool,"limit":n,"timeout":s,"svg":bool,"show":n}` and
    /// any settings of the table ([`settings`]) by name: `{"all":true,"no-flip":true,"trace":true}`
    /// (`trace: true` gives the steps back). Answers `{report, solutions:[text],
    /// svgs:[svg], edges:[["unknown"|"line"|"cross"…]] (Masyu), trace (JSONL), found, shown}`:
    /// the first `show` solutions (200 when not given) and `found`, how many the solver found
    /// (`report.count` says whether that is every one).
    pub fn solve(&self, options: &str) -> Result<String, JsError> {
        let o: Value = serde_json::from_str(if options.is_empty() { "{}" } else { options })
            .map_err(|e| JsError::new(&e.to_string()))?;
        let flag = |k: &str| o.get(k).and_then(Value::as_bool).unwrap_or(false);
        const OF_EVERY_KIND: [&str; 5] = ["count", "limit", "timeout", "svg", "show"];
        let settings = match &o {
            Value::Object(all) => all.iter().filter(|(k, _)| !OF_EVERY_KIND.contains(&k.as_str())),
            _ => return Err(JsError::new("solve options: expected a JSON object")),
        };
        let settings = settings_of(Some(
            Value::Object(settings.map(|(k, v)| (k.clone(), v.clone())).collect()).to_string(),
        ))?;
        if settings.flag("save") || settings.text("resume").is_some() {
            return Err(js(pzl::Error::usage(
                "the browser solves and gives the solution back: it writes and reads no files (save, resume)",
            )));
        }
        let request = SolveRequest {
            count: flag("count"),
            limit: o.get("limit").and_then(Value::as_u64),
            timeout: o
                .get("timeout")
                .and_then(Value::as_f64)
                .and_then(|s| std::time::Duration::try_from_secs_f64(s).ok()),
            ..SolveRequest::default()
        };
        let request = settings.solve_request(request).map_err(js)?;
        let solution = self.doc.solve(&request).map_err(js)?;
        let mut texts = Vec::new();
        let mut svgs = Vec::new();
        let mut edges = Vec::new();
        let show =
            o.get("show").and_then(Value::as_u64).map_or(200, |n| usize::try_from(n).unwrap_or(usize::MAX));
        for doc in solution.solutions.iter().take(show) {
            texts.push(
                doc.write(doc.format())
                    .map(|w| String::from_utf8_lossy(&w.bytes).into_owned())
                    .unwrap_or_default(),
            );
            if flag("svg") {
                svgs.push(
                    doc.render(&RenderRequest::new(Picture::Svg))
                        .map(|r| String::from_utf8_lossy(&r.bytes).into_owned())
                        .unwrap_or_default(),
                );
            }
            if let Ok(View::Masyu(board)) = doc.view() {
                edges.push(board.edges);
            }
        }
        let shown = texts.len();
        Ok(json!({
            "report": solution.report,
            "solutions": texts,
            "svgs": svgs,
            "edges": edges,
            "trace": solution.trace,
            "found": solution.solutions.len(),
            "shown": shown,
        })
        .to_string())
    }

    // ---- Masyu ----

    /// The Masyu board: [`Puzzle::view`] of a Masyu puzzle.
    pub fn masyu(&self) -> Result<String, JsError> {
        match self.doc.view().map_err(js)? {
            view @ View::Masyu(_) => Ok(to_json(&view)),
            _ => Err(JsError::new("not a Masyu puzzle")),
        }
    }

    /// The next deduction from the lines drawn so far, or the first wrong one, as JSON.
    pub fn masyu_hint(&self) -> Result<String, JsError> {
        Ok(to_json(&self.doc.hint(Some(std::time::Duration::from_secs(10))).map_err(js)?))
    }

    /// Replay a JSONL trace (`solve` with `trace`): `{steps:[{text, changes:[{edge, now, was}…]}],
    /// outcome}`, each step's edge changes as pzl's replayer applies the event (a rollback undoes
    /// many).
    pub fn masyu_replay(&self, trace: &str) -> Result<String, JsError> {
        Ok(to_json(&pzl::play::replay(trace).map_err(js)?))
    }

    // ---- Crosswords ----

    /// The crossword's player grid: `{width, height, title, author, copyright, notes, locked,
    /// diagramless, cells:[{block, number, circled, entry}], clues:[{number, direction, clue,
    /// cells}]}`. Answers stay in Rust.
    pub fn crossword(&self) -> Result<String, JsError> {
        match self.doc.view().map_err(js)? {
            view @ View::Crossword(_) => Ok(to_json(&view)),
            _ => Err(JsError::new("not a crossword")),
        }
    }

    /// Compare the player's entries (JSON list of strings, one per cell) with the solution:
    /// `{wrong:[cell…], empty:[cell…], solved, locked}` for the cells listed in `cells` (JSON
    /// list; empty: all).
    pub fn crossword_check(&self, entries: &str, cells: &str) -> Result<String, JsError> {
        let entries: Vec<String> = serde_json::from_str(entries).map_err(|e| JsError::new(&e.to_string()))?;
        let cells: Vec<usize> = if cells.is_empty() {
            Vec::new()
        } else {
            serde_json::from_str(cells).map_err(|e| JsError::new(&e.to_string()))?
        };
        Ok(to_json(&self.doc.check_entries(&entries, &cells).map_err(js)?))
    }

    /// The answers of the cells listed (JSON list), to reveal them: JSON list of strings.
    pub fn crossword_reveal(&self, cells: &str) -> Result<String, JsError> {
        let cells: Vec<usize> = serde_json::from_str(cells).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(to_json(&self.doc.reveal(&cells).map_err(js)?))
    }

    /// Unlock a locked crossword with its four-digit key; the puzzle is replaced by the unlocked one.
    pub fn crossword_unlock(&mut self, key: &str) -> Result<(), JsError> {
        let key = pzl::kinds::crossword::parse_key(key).map_err(js)?;
        let action = Action::Crossword(pzl::play::CrosswordAction::Unlock { key: Some(key) });
        self.doc = self.doc.act(&action).map_err(js)?;
        Ok(())
    }
}

/// A-Puzzle-A-Day: the solutions for `date` (`4-6`, `Apr 6`, …) on the edition `edition`
/// (`classic` or `weekday`), with `weekday` (`Mon`; empty: the date's weekday in `year`).
/// Answers `{width, height, labels:[text|null], key, count, complete, boards:[[piece|-1|-2…]], ms}`.
#[wasm_bindgen]
pub fn apad_solve(edition: &str, date: &str, weekday: &str, year: i32) -> Result<String, JsError> {
    let weekday = (!weekday.is_empty()).then_some(weekday);
    let solved = pzl::play::apad_date(edition, date, weekday, Some(year), false, None).map_err(js)?;
    Ok(to_json(&solved.value))
}
