//! `pzl._pzl`: the native half of the `pzl` Python package. Everything here is a thin call into
//! the `pzl` facade (and, for `pzl.puz`, the `.puz` layer of `pzl-crossword`); the Python half
//! (`pzl/__init__.py`, `pzl/puz.py`) turns the results into Pythonic objects.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use pzl::{
    Document, Error, ErrorKind, Format, FormatList, Open, Pick, Picture, RenderRequest, SolveRequest, Warning,
};

mod puz;

create_exception!(
    pzl,
    PzlError,
    PyException,
    "The base of every pzl error: `kind`, `file`, `location`, `hint` and `message` say what went wrong and where."
);
create_exception!(pzl, FormatError, PzlError, "The input does not follow its format.");
create_exception!(pzl, EncodeError, PzlError, "The document cannot be written in the requested format.");
create_exception!(
    pzl,
    UnsupportedError,
    PzlError,
    "The kind or format does not offer the requested operation."
);
create_exception!(
    pzl,
    UsageError,
    PzlError,
    "The request itself is wrong: an unknown format name, a bad parameter."
);
create_exception!(pzl, LimitError, PzlError, "A size or resource limit was reached.");
create_exception!(pzl, PzlIOError, PzlError, "Reading or writing a file failed.");

/// A setting as a Python keyword argument: `no-flip` is `no_flip=`.
fn keyword(name: &str) -> String {
    format!("{}=", name.replace('-', "_"))
}

/// The keyword arguments given for settings (a JSON object, `{"no_flip": true}`) as the
/// library's options (`Options::from_json`, which the WASM API reads too).
fn options(py: Python<'_>, settings: &str) -> PyResult<pzl::settings::Options> {
    pzl::settings::Options::from_json(settings).map_err(|e| to_py(py, e))
}

/// Every kind's settings (`pzl.settings()`), as JSON.
#[pyfunction]
fn settings_json() -> PyResult<String> {
    json(&pzl::settings::all())
}

/// A pzl error as the Python exception of its kind, with its details as attributes.
pub(crate) fn to_py(py: Python<'_>, e: Error) -> PyErr {
    // The library names a setting (`setting `no-flip``); Python spells it as its keyword.
    let e = Error {
        message: pzl::settings::spell(&e.message, keyword),
        hint: e.hint.map(|hint| pzl::settings::spell(&hint, keyword)),
        ..e
    };
    let text = e.to_string();
    let err = match e.kind {
        ErrorKind::Syntax => FormatError::new_err(text),
        ErrorKind::Encode => EncodeError::new_err(text),
        ErrorKind::Unsupported => UnsupportedError::new_err(text),
        ErrorKind::Usage => UsageError::new_err(text),
        ErrorKind::Limit => LimitError::new_err(text),
        ErrorKind::Io => PzlIOError::new_err(text),
    };
    let value = err.value(py);
    let location = e.at.as_ref().filter(|at| **at != pzl::Location::Whole).map(ToString::to_string);
    // Setting attributes on a fresh exception instance cannot fail in practice; ignore if it does.
    let _ = value.setattr("kind", e.kind.name());
    let _ = value.setattr("file", e.file);
    let _ = value.setattr("location", location);
    let _ = value.setattr("hint", e.hint);
    let _ = value.setattr("message", e.message);
    err
}

/// Warnings as `(location or None, message)` pairs.
type WarningList = Vec<(Option<String>, String)>;

/// Warnings as `(location or None, message)` pairs.
fn warnings(list: &[Warning]) -> WarningList {
    list.iter().map(|w| (w.at.as_ref().map(ToString::to_string), w.message.clone())).collect()
}

fn json<T: serde::Serialize>(value: &T) -> PyResult<String> {
    serde_json::to_string(value).map_err(|e| PzlError::new_err(format!("cannot describe the result: {e}")))
}

/// A document of any kind, as read by the facade.
#[pyclass(module = "pzl._pzl", frozen)]
struct NativeDocument {
    // A Mutex because a TootSweet database document holds a connection that is not `Sync`.
    doc: Mutex<Document>,
    name: String,
}

impl NativeDocument {
    fn new(doc: Document, name: String) -> NativeDocument {
        NativeDocument { doc: Mutex::new(doc), name }
    }

    /// The document, from a thread that has released the GIL (inside `detach`).
    fn doc(&self) -> MutexGuard<'_, Document> {
        self.doc.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The document, from a thread that holds the GIL: while another thread holds the lock (a
    /// long solve, run with the GIL released), this one waits with the GIL released too, so
    /// every other Python thread runs on (findings N17: `doc.kind` froze the interpreter for the
    /// length of a solve).
    fn held(&self, py: Python<'_>) -> MutexGuard<'_, Document> {
        loop {
            match self.doc.try_lock() {
                Ok(guard) => return guard,
                Err(std::sync::TryLockError::Poisoned(poisoned)) => return poisoned.into_inner(),
                Err(std::sync::TryLockError::WouldBlock) => {
                    py.detach(|| std::thread::sleep(std::time::Duration::from_millis(2)));
                }
            }
        }
    }
}

fn read(
    py: Python<'_>,
    data: &[u8],
    name: &str,
    path: Option<&Path>,
    format: Option<&str>,
    pick: Option<Pick>,
) -> PyResult<(NativeDocument, WarningList)> {
    let mut open = match format {
        Some(f) => Open::from_name(f).map_err(|e| to_py(py, e))?,
        None => Open::default(),
    };
    open.pick = pick;
    let parsed = Document::read(data, name, path, &open).map_err(|e| to_py(py, e))?;
    Ok((NativeDocument::new(parsed.value, name.to_string()), warnings(&parsed.warnings)))
}

/// A puzzle inside a Mac file: `(resource type, id, name)`, each optional.
type PickSpec = (Option<String>, Option<i16>, Option<String>);

fn pick_of(spec: Option<PickSpec>) -> Option<Pick> {
    spec.map(|(resource_type, id, name)| Pick { resource_type, id, name })
}

/// Read `data` (named `name` in messages and for detection) as `format`, or detect it; `pick`
/// takes one puzzle resource of a Mac file.
#[pyfunction]
#[pyo3(signature = (data, name, format=None, pick=None))]
fn open_bytes(
    py: Python<'_>,
    data: &[u8],
    name: &str,
    format: Option<&str>,
    pick: Option<PickSpec>,
) -> PyResult<(NativeDocument, WarningList)> {
    read(py, data, name, None, format, pick_of(pick))
}

/// Read the file at `path` (or the puzzle link `path`, `pzl::input::read`) as `format`, or detect
/// it (companion files are found beside it);
/// `pick` takes one puzzle resource of a Mac file.
#[pyfunction]
#[pyo3(signature = (path, format=None, pick=None))]
fn open_path(
    py: Python<'_>,
    path: std::path::PathBuf,
    format: Option<&str>,
    pick: Option<PickSpec>,
) -> PyResult<(NativeDocument, WarningList)> {
    // A path, or a puzzle link or id (its own content) when no file has its name: read as the
    // `pzl` command reads its arguments.
    let input = pzl::input::read(&path).map_err(|e| to_py(py, e))?;
    read(py, &input.bytes, &input.name, input.path.as_deref(), format, pick_of(pick))
}

/// An archive or disk image's `pzl info` (every member under `members`) as JSON; `None` when
/// `data` is neither (StuffIt, Compact Pro, HFS, HFS+, MFS, DiskCopy 4.2, `.img.gz`, also in
/// BinHex or MacBinary).
#[pyfunction]
fn container_info_json(py: Python<'_>, data: &[u8], name: &str) -> PyResult<Option<String>> {
    match pzl::container::info(data, name, None) {
        None => Ok(None),
        Some(info) => json(&info.map_err(|e| to_py(py, e))?).map(Some),
    }
}

/// Read member `member` (`Folder/File`) of the archive or disk image `data` (named `name`), as
/// `format` or detected; `pick` takes one puzzle resource of it.
#[pyfunction]
#[pyo3(signature = (data, name, member, format=None, pick=None))]
fn open_member(
    py: Python<'_>,
    data: &[u8],
    name: &str,
    member: &str,
    format: Option<&str>,
    pick: Option<PickSpec>,
) -> PyResult<(NativeDocument, WarningList)> {
    let mut open = match format {
        Some(f) => Open::from_name(f).map_err(|e| to_py(py, e))?,
        None => Open::default(),
    };
    open.pick = pick_of(pick);
    let parsed = pzl::container::open_member(data, name, member, &open).map_err(|e| to_py(py, e))?;
    Ok((NativeDocument::new(parsed.value, format!("{name}#{member}")), warnings(&parsed.warnings)))
}

/// Every format, in detection order, as JSON.
#[pyfunction]
fn formats_json() -> PyResult<String> {
    json(&FormatList::new())
}

/// The names of the formats a file name suggests, most usual first.
#[pyfunction]
fn formats_claiming(file_name: &str) -> Vec<&'static str> {
    Format::claiming(file_name).into_iter().map(Format::name).collect()
}

/// The format name detected for `data` (named `name`), if any.
#[pyfunction]
#[pyo3(signature = (data, name=None))]
fn detect(data: &[u8], name: Option<&str>) -> Option<&'static str> {
    Format::detect(data, name).map(Format::name)
}

#[pymethods]
impl NativeDocument {
    /// The format it was read as.
    fn format(&self, py: Python<'_>) -> &'static str {
        self.held(py).format().name()
    }

    /// The kind of puzzle.
    fn kind(&self, py: Python<'_>) -> &'static str {
        self.held(py).kind()
    }

    /// The name it was opened under.
    fn name(&self) -> &str {
        &self.name
    }

    /// The formats of the kind it can be written as.
    fn writable_formats(&self, py: Python<'_>) -> Vec<&'static str> {
        self.held(py).writable_formats()
    }

    /// `(json, text)` of the description.
    fn info(&self, py: Python<'_>) -> PyResult<(String, String)> {
        let mut info = self.held(py).info(&pzl::InfoRequest::FULL).map_err(|e| to_py(py, e))?;
        info.file = Some(self.name.clone());
        Ok((json(&info)?, info.to_string()))
    }

    /// `(json, text)` of the strict check.
    #[pyo3(signature = (settings="{}"))]
    fn check(&self, py: Python<'_>, settings: &str) -> PyResult<(String, String)> {
        let options = options(py, settings)?;
        let report = py.detach(|| self.doc().check_with(&options));
        let mut report = report.map_err(|e| to_py(py, e.in_file(self.name.clone())))?;
        report.file = Some(self.name.clone());
        Ok((json(&report)?, report.to_string()))
    }

    /// The document written as `to` (default: its own format): `(bytes, lost)`.
    #[pyo3(signature = (to=None))]
    fn write<'py>(&self, py: Python<'py>, to: Option<&str>) -> PyResult<(Bound<'py, PyBytes>, Vec<String>)> {
        let format = match to {
            Some(name) => Format::from_name(name).map_err(|e| to_py(py, e))?,
            None => self.held(py).format(),
        };
        let written = self.held(py).write(format).map_err(|e| to_py(py, e.in_file(self.name.clone())))?;
        Ok((PyBytes::new(py, &written.bytes), written.lost))
    }

    /// Write the document to `path` safely (atomic replace), as `to` or the format the name
    /// suggests, else its own. Gives `(format, lost)`.
    #[pyo3(signature = (path, to=None))]
    fn save(
        &self,
        py: Python<'_>,
        path: std::path::PathBuf,
        to: Option<&str>,
    ) -> PyResult<(&'static str, Vec<String>)> {
        let name = path.display().to_string();
        let format = match to {
            Some(t) => Format::from_name(t).map_err(|e| to_py(py, e))?,
            None => {
                let d = self.held(py);
                d.format_for_output(&name).unwrap_or_else(|| d.format())
            }
        };
        let written = self.held(py).write(format).map_err(|e| to_py(py, e.in_file(self.name.clone())))?;
        py.detach(|| pzl::fs::write_file(&path, &written.bytes)).map_err(|e| to_py(py, e.in_file(name)))?;
        Ok((format.name(), written.lost))
    }

    /// A drawing: `picture` is `text`, `svg`, `pdf` or `html`; `paper` (`letter`, `a4`) sizes a
    /// crossword's print page. Gives the bytes and the warnings about the drawing.
    #[pyo3(signature = (picture, colour=false, select=None, paper="letter", settings="{}"))]
    fn render<'py>(
        &self,
        py: Python<'py>,
        picture: &str,
        colour: bool,
        select: Option<String>,
        paper: &str,
        settings: &str,
    ) -> PyResult<(Bound<'py, PyBytes>, WarningList)> {
        let picture = Picture::from_name(picture).map_err(|e| to_py(py, e))?;
        let mut options = options(py, settings)?;
        if options.text("paper").is_none() {
            options.set("paper", pzl::settings::Value::Text(paper.to_string())).map_err(|e| to_py(py, e))?;
        }
        let mut request = RenderRequest::new(picture);
        request.colour = colour;
        request.select = select;
        let request = options.render_request(request).map_err(|e| to_py(py, e))?;
        let rendered =
            py.detach(|| self.doc().render(&request)).map_err(|e| to_py(py, e.in_file(self.name.clone())))?;
        Ok((PyBytes::new(py, &rendered.bytes), warnings(&rendered.warnings)))
    }

    /// Solve, releasing the GIL; with `interruptible` (the caller is the main thread), Ctrl-C
    /// cancels the search and raises KeyboardInterrupt.
    /// Gives `(report json, report text, solutions, trace)`.
    #[pyo3(signature = (timeout=None, count=false, limit=None, jobs=1, settings="{}", interruptible=false))]
    #[allow(clippy::too_many_arguments)]
    fn solve(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        count: bool,
        limit: Option<u64>,
        jobs: usize,
        settings: &str,
        interruptible: bool,
    ) -> PyResult<(String, String, Vec<NativeDocument>, Option<String>)> {
        let timeout = match timeout {
            Some(t) => Some(pzl::parse_timeout(&t.to_string()).map_err(|e| to_py(py, e))?),
            None => None,
        };
        let jobs = pzl::parse_jobs(&jobs.to_string()).map_err(|e| to_py(py, e))?;
        let cancel = Arc::new(AtomicBool::new(false));
        let options = options(py, settings)?;
        if options.flag("save") {
            return Err(to_py(
                py,
                Error::usage(format!(
                    "{} writes into the Mac file it was read from: Python solves and gives the solution back",
                    pzl::settings::mention("save")
                ))
                .hint("write the solution with Document.save(path)"),
            ));
        }
        let mut request = SolveRequest { timeout, count, limit, jobs, ..SolveRequest::default() };
        request = options.solve_request(request).map_err(|e| to_py(py, e))?;
        if let Some(path) = options.text("resume") {
            let bytes = std::fs::read(path).map_err(|e| to_py(py, Error::io(e.to_string()).in_file(path)))?;
            request.resume = Some(bytes);
        }
        request.cancel = Some(cancel.clone());
        // Ctrl-C: while the search runs without the GIL, Python's own SIGINT handler only
        // notes the signal; a second, chained handler (signal-hook) sets `cancel`, so the
        // search stops at its next check, and the pending KeyboardInterrupt is raised below.
        let watch = if interruptible {
            signal_hook::flag::register(signal_hook::consts::SIGINT, cancel.clone()).ok()
        } else {
            None
        };
        let result = py.detach(|| self.doc().solve(&request));
        if let Some(id) = watch {
            signal_hook::low_level::unregister(id);
        }
        if cancel.load(Ordering::Relaxed) {
            py.check_signals()?;
        }
        let mut solution = result.map_err(|e| to_py(py, e.in_file(self.name.clone())))?;
        solution.report.file = Some(self.name.clone());
        let text = solution.report.to_string();
        let report = json(&solution.report)?;
        let name = self.name.clone();
        let docs = solution.solutions.into_iter().map(|doc| NativeDocument::new(doc, name.clone())).collect();
        Ok((report, text, docs, solution.trace))
    }

    /// The document with `other` laid over it: `(document, warnings)`.
    fn combine(&self, py: Python<'_>, other: &NativeDocument) -> PyResult<(NativeDocument, WarningList)> {
        let parsed =
            self.held(py).combine(&other.held(py)).map_err(|e| to_py(py, e.in_file(self.name.clone())))?;
        Ok((NativeDocument::new(parsed.value, self.name.clone()), warnings(&parsed.warnings)))
    }

    /// A Masyu board's pearls as rows of 0 (empty), 1 (white), 2 (black).
    fn masyu_cells(&self, py: Python<'_>) -> PyResult<Vec<Vec<u8>>> {
        let doc = self.held(py);
        let board = masyu::board(&doc).map_err(|e| to_py(py, e.in_file(self.name.clone())))?;
        Ok(board.cells().rows().map(|row| row.iter().map(|&c| cell_code(c)).collect()).collect())
    }

    /// A Masyu board's edges: `(horizontal, vertical)`, each rows of 0 (unknown), 1 (line),
    /// -1 (cross). Horizontal: `height` rows of `width - 1` (cell to its right neighbour);
    /// vertical: `height - 1` rows of `width` (cell to the one below).
    fn masyu_edges(&self, py: Python<'_>) -> PyResult<(EdgeRows, EdgeRows)> {
        let doc = self.held(py);
        let board = masyu::board(&doc).map_err(|e| to_py(py, e.in_file(self.name.clone())))?;
        let (w, h) = (board.width(), board.height());
        let rows = |orientation, rows: usize, cols: usize| -> EdgeRows {
            (0..rows)
                .map(|row| {
                    (0..cols)
                        .map(|col| {
                            edge_code(
                                board.edge(masyu::Edge { orientation, cell: masyu::Pos::new(row, col) }),
                            )
                        })
                        .collect()
                })
                .collect()
        };
        Ok((
            rows(masyu::Orientation::Horizontal, h, w.saturating_sub(1)),
            rows(masyu::Orientation::Vertical, h.saturating_sub(1), w),
        ))
    }

    /// What a player sees, as JSON: the same as the browser's and `pzl`'s (`pzl::play::View`).
    fn view(&self, py: Python<'_>) -> PyResult<String> {
        json(&self.doc().view().map_err(|e| to_py(py, e.in_file(self.name.clone())))?)
    }

    /// The document with the player's action (JSON, `pzl::play::Action`) done.
    fn act(&self, py: Python<'_>, action: &str) -> PyResult<NativeDocument> {
        let action: pzl::play::Action =
            serde_json::from_str(action).map_err(|e| to_py(py, Error::usage(format!("action: {e}"))))?;
        let doc = self.doc().act(&action).map_err(|e| to_py(py, e.in_file(self.name.clone())))?;
        Ok(NativeDocument::new(doc, self.name.clone()))
    }

    /// The next step on a Masyu board, or the first wrong line, as JSON.
    #[pyo3(signature = (timeout=None))]
    fn hint(&self, py: Python<'_>, timeout: Option<f64>) -> PyResult<String> {
        let timeout = match timeout {
            Some(t) => Some(pzl::parse_timeout(&t.to_string()).map_err(|e| to_py(py, e))?),
            None => None,
        };
        let hint = self.doc().hint(timeout).map_err(|e| to_py(py, e.in_file(self.name.clone())))?;
        json(&hint)
    }

    /// The crossword locked with `key` (crosswords only).
    fn lock(&self, py: Python<'_>, key: u16) -> PyResult<NativeDocument> {
        let doc = pzl::kinds::crossword::lock(&self.held(py), key).map_err(|e| to_py(py, e))?;
        Ok(NativeDocument::new(doc, self.name.clone()))
    }

    /// The crossword unlocked with `key`, or with the most plausible key found (crosswords only).
    #[pyo3(signature = (key=None))]
    fn unlock(&self, py: Python<'_>, key: Option<u16>) -> PyResult<(NativeDocument, u16)> {
        let unlocked =
            py.detach(|| pzl::ops::crossword::unlock(&self.doc(), key)).map_err(|e| to_py(py, e))?;
        let Some(unlocked) = unlocked else {
            let e = Error::usage("no key unlocks this crossword").in_file(self.name.clone());
            return Err(to_py(py, e));
        };
        Ok((NativeDocument::new(unlocked.doc, self.name.clone()), unlocked.key))
    }
}

use pzl::kinds::masyu;

/// Rows of edge states: 0 unknown, 1 line, -1 cross.
type EdgeRows = Vec<Vec<i8>>;

fn cell_code(cell: masyu::Cell) -> u8 {
    match cell {
        masyu::Cell::Empty => 0,
        masyu::Cell::White => 1,
        masyu::Cell::Black => 2,
    }
}

fn edge_code(state: masyu::EdgeState) -> i8 {
    match state {
        masyu::EdgeState::Unknown => 0,
        masyu::EdgeState::Line => 1,
        masyu::EdgeState::Cross => -1,
    }
}

/// The edge rows `rows` (expected `height` × `width`) into `board`.
fn set_edges(
    board: &mut masyu::Board,
    rows: &[Vec<i8>],
    orientation: masyu::Orientation,
    height: usize,
    width: usize,
    what: &str,
) -> Result<(), Error> {
    if rows.len() != height || rows.iter().any(|r| r.len() != width) {
        return Err(Error::usage(format!(
            "{what} must be {height} rows of {width} (0 unknown, 1 line, -1 cross)"
        )));
    }
    for (row, values) in rows.iter().enumerate() {
        for (col, &v) in values.iter().enumerate() {
            let state = match v {
                0 => masyu::EdgeState::Unknown,
                1 => masyu::EdgeState::Line,
                -1 => masyu::EdgeState::Cross,
                other => {
                    return Err(Error::usage(format!(
                        "{what}: {other} at row {row}, column {col} is not 0 (unknown), 1 (line) or -1 (cross)"
                    )));
                }
            };
            board.set_edge(masyu::Edge { orientation, cell: masyu::Pos::new(row, col) }, state);
        }
    }
    Ok(())
}

/// A Masyu board from rows of cells (0 empty, 1 white, 2 black) and, optionally, the edge rows
/// `masyu_edges` gives; the document's own format is `format`.
#[pyfunction]
#[pyo3(signature = (cells, h_edges=None, v_edges=None, format="pzprv3", name="<board>"))]
fn masyu_board(
    py: Python<'_>,
    cells: Vec<Vec<u8>>,
    h_edges: Option<Vec<Vec<i8>>>,
    v_edges: Option<Vec<Vec<i8>>>,
    format: &str,
    name: &str,
) -> PyResult<NativeDocument> {
    let build = || -> Result<Document, Error> {
        let height = cells.len();
        let width = cells.first().map_or(0, Vec::len);
        if width == 0 || cells.iter().any(|r| r.len() != width) {
            return Err(Error::usage("a Masyu board needs rows of equal, non-zero length"));
        }
        let mut board = masyu::Board::new(width, height);
        for (row, values) in cells.iter().enumerate() {
            for (col, &v) in values.iter().enumerate() {
                let cell = match v {
                    0 => masyu::Cell::Empty,
                    1 => masyu::Cell::White,
                    2 => masyu::Cell::Black,
                    other => {
                        return Err(Error::usage(format!(
                            "cell {other} at row {row}, column {col} is not 0 (empty), 1 (white) or 2 (black)"
                        )));
                    }
                };
                board.set_cell(masyu::Pos::new(row, col), cell);
            }
        }
        if let Some(rows) = &h_edges {
            set_edges(&mut board, rows, masyu::Orientation::Horizontal, height, width - 1, "h_edges")?;
        }
        if let Some(rows) = &v_edges {
            set_edges(&mut board, rows, masyu::Orientation::Vertical, height - 1, width, "v_edges")?;
        }
        masyu::document(board, Format::from_name(format)?)
    };
    let doc = build().map_err(|e| to_py(py, e))?;
    Ok(NativeDocument::new(doc, name.to_string()))
}

/// New Masyu puzzles, each proven unique and of the grade asked (`pzl generate masyu`, through
/// `pzl::ops::generate`): `(documents in format, JSON of each one made, how many the
/// timeout stopped)`. The GIL is released while they are made.
#[pyfunction]
#[pyo3(signature = (size="10x10", difficulty="medium", count=1, seed=1, symmetry="none", minimal=false, jobs=1, timeout=None, format=None))]
#[allow(clippy::too_many_arguments)]
fn masyu_generate(
    py: Python<'_>,
    size: &str,
    difficulty: &str,
    count: u64,
    seed: u64,
    symmetry: &str,
    minimal: bool,
    jobs: usize,
    timeout: Option<f64>,
    format: Option<&str>,
) -> PyResult<(Vec<NativeDocument>, Vec<String>, usize)> {
    let ask = pzl::ops::generate::Masyu {
        size: size.into(),
        difficulty: difficulty.into(),
        symmetry: symmetry.into(),
        minimal,
        count,
        seed,
    };
    let prepare = || -> Result<_, Error> {
        ask.request()?;
        let format = match format {
            Some(name) => Format::from_name(name)?,
            None => masyu::PUZZ_LINK,
        };
        // A format that cannot hold a Masyu puzzle is refused before any work.
        masyu::document(masyu::Board::new(1, 1), format)?;
        let jobs = pzl::parse_jobs(&jobs.to_string())?;
        let timeout = timeout.map(|t| pzl::parse_timeout(&t.to_string())).transpose()?;
        Ok((format, jobs, timeout))
    };
    let (format, jobs, timeout) = prepare().map_err(|e| to_py(py, e))?;
    let run = py.detach(|| ask.run(jobs, timeout, &|| {})).map_err(|e| to_py(py, e))?;
    let mut docs = Vec::new();
    let mut reports = Vec::new();
    for made in &run.puzzles {
        let name = format!("<generated {}>", made.index);
        reports.push(json(&made.made(None, None))?);
        let doc = pzl::ops::generate::puzzle(made, format).map_err(|e| to_py(py, e))?;
        docs.push(NativeDocument::new(doc, name));
    }
    Ok((docs, reports, run.stopped))
}

/// A-Puzzle-A-Day: the solutions of `date` (`Jan 19`, `2026-01-19`) on `edition` (`classic`,
/// `weekday` or a description file): `(answer, count, complete, text, time_ms)`.
#[pyfunction]
#[pyo3(signature = (date, edition="classic", weekday=None, first=false, timeout=None))]
fn apad_solve(
    py: Python<'_>,
    date: &str,
    edition: &str,
    weekday: Option<&str>,
    first: bool,
    timeout: Option<f64>,
) -> PyResult<(String, usize, bool, String, u128, WarningList)> {
    use pzl::kinds::apad;
    let puzzle = apad::edition(edition).map_err(|e| to_py(py, e))?;
    let timeout = match timeout {
        Some(t) => Some(pzl::parse_timeout(&t.to_string()).map_err(|e| to_py(py, e))?),
        None => None,
    };
    let solved = py.detach(|| pzl::ops::apad::solve_date(&puzzle, Some(date), weekday, first, timeout));
    let solved = solved.map_err(|e| to_py(py, e))?;
    let (warned, solved) = (warnings(&solved.warnings), solved.value);
    let text = solved.text(&puzzle, false);
    Ok((solved.answer.to_string(), solved.boards.len(), solved.complete, text, solved.time_ms, warned))
}

/// What a kind's own command produced (`pzl.command`): exit 0 or not, its report as JSON (if
/// it has one), what it meant for standard output, its notes and warnings. Files it writes are
/// written here, through the library's safe writes.
type CommandResult = (bool, Option<String>, Py<PyBytes>, Vec<String>, WarningList);

/// Run the command at `path` (`"crossword lock"`) of the library's table with `values`, a JSON
/// object keyed by its parameters' names (`pzl::commands::values_from_json`).
#[pyfunction]
fn run_command(py: Python<'_>, path: &str, values: &str) -> PyResult<CommandResult> {
    let words: Vec<&str> = path.split_whitespace().collect();
    let row = pzl::commands::find(&words).filter(|row| row.run.is_some());
    let row =
        row.ok_or_else(|| to_py(py, Error::usage(format!("no command `{path}` (see pzl.commands())"))))?;
    let values = pzl::commands::values_from_json(row, values).map_err(|e| to_py(py, e))?;
    let warned = Mutex::new(WarningList::new());
    let warn = |file: &str, list: &[Warning]| {
        if let Ok(mut warned) = warned.lock() {
            warned.extend(list.iter().map(|w| (Some(file.to_string()), w.to_string())));
        }
    };
    let ran = py.detach(|| {
        let env = pzl::commands::Env { warn: &warn, progress: &|_| {}, colour: false };
        let done = (row.run.ok_or_else(|| Error::usage("a group"))?)(&values, &env)?;
        let report = done.report.map(pzl::commands::Report::json).transpose()?;
        let mut stdout = Vec::new();
        for output in done.outputs {
            stdout.extend(output.write_files()?.unwrap_or_default());
        }
        let notes = done.notes.into_iter().map(|(file, note)| match file {
            Some(file) => format!("{file}: {note}"),
            None => note,
        });
        Ok::<_, Error>((done.status == pzl::Status::Ok, report, stdout, notes.collect()))
    });
    let (ok, report, stdout, notes) = ran.map_err(|e| to_py(py, e))?;
    let warned = warned.into_inner().unwrap_or_default();
    Ok((ok, report, PyBytes::new(py, &stdout).unbind(), notes, warned))
}

/// Every command of the library's table, by path (`"masyu db list"`).
#[pyfunction]
fn commands() -> Vec<String> {
    pzl::commands::paths()
}

/// The native module.
#[pymodule]
fn _pzl(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<PzlError>())?;
    m.add("FormatError", py.get_type::<FormatError>())?;
    m.add("EncodeError", py.get_type::<EncodeError>())?;
    m.add("UnsupportedError", py.get_type::<UnsupportedError>())?;
    m.add("UsageError", py.get_type::<UsageError>())?;
    m.add("LimitError", py.get_type::<LimitError>())?;
    m.add("PzlIOError", py.get_type::<PzlIOError>())?;
    m.add_class::<NativeDocument>()?;
    m.add_function(wrap_pyfunction!(open_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(open_path, m)?)?;
    m.add_function(wrap_pyfunction!(formats_json, m)?)?;
    m.add_function(wrap_pyfunction!(formats_claiming, m)?)?;
    m.add_function(wrap_pyfunction!(detect, m)?)?;
    m.add_function(wrap_pyfunction!(container_info_json, m)?)?;
    m.add_function(wrap_pyfunction!(open_member, m)?)?;
    m.add_function(wrap_pyfunction!(apad_solve, m)?)?;
    m.add_function(wrap_pyfunction!(masyu_board, m)?)?;
    m.add_function(wrap_pyfunction!(settings_json, m)?)?;
    m.add_function(wrap_pyfunction!(masyu_generate, m)?)?;
    m.add_function(wrap_pyfunction!(run_command, m)?)?;
    m.add_function(wrap_pyfunction!(commands, m)?)?;
    puz::register(m)?;
    Ok(())
}
