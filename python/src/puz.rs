//! The native half of `pzl.puz` (the puzpy drop-in): the fields of a puzpy-style `Puzzle` object
//! to and from `pzl::kinds::crossword::puzpy`, which reads, writes, checksums and locks `.puz`
//! files and knows the extra sections' formats. Only the text encoding (Python's codecs, as
//! puzpy) is done here.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};

use pzl::kinds::crossword::puzpy::{self, PuzFields, PuzpyError};

pyo3::create_exception!(
    _pzl,
    PuzzleFormatError,
    pyo3::exceptions::PyException,
    "The data is not a valid .puz file (puzpy's exception)."
);

const LATIN1: &str = "ISO-8859-1";
const UTF8: &str = "UTF-8";

fn is_utf8(encoding: &str) -> bool {
    matches!(encoding.to_ascii_lowercase().as_str(), "utf-8" | "utf8" | "utf_8")
}

fn is_latin1(encoding: &str) -> bool {
    matches!(
        encoding.to_ascii_lowercase().as_str(),
        "iso-8859-1" | "latin-1" | "latin1" | "iso8859-1" | "l1" | "8859"
    )
}

fn decode<'py>(py: Python<'py>, bytes: &[u8], utf8: bool) -> PyResult<Bound<'py, PyString>> {
    if utf8 {
        match std::str::from_utf8(bytes) {
            Ok(s) => Ok(PyString::new(py, s)),
            Err(e) => Err(PuzzleFormatError::new_err(format!("text is not valid UTF-8: {e}"))),
        }
    } else {
        let s: String = bytes.iter().map(|&b| char::from(b)).collect();
        Ok(PyString::new(py, &s))
    }
}

/// `s` encoded as `encoding`, strictly (as puzpy's `Puzzle.encode`).
fn encode(s: &Bound<'_, PyAny>, encoding: &str) -> PyResult<Vec<u8>> {
    if let Ok(text) = s.cast::<PyString>() {
        if is_utf8(encoding) {
            return Ok(text.to_cow()?.as_bytes().to_vec());
        }
        if is_latin1(encoding) {
            let text = text.to_cow()?;
            let mut out = Vec::with_capacity(text.len());
            for c in text.chars() {
                match u8::try_from(u32::from(c)) {
                    Ok(b) => out.push(b),
                    Err(_) => {
                        // Let Python raise its own UnicodeEncodeError, as puzpy does.
                        return s.call_method1("encode", (encoding, "strict"))?.extract::<Vec<u8>>();
                    }
                }
            }
            return Ok(out);
        }
        return s.call_method1("encode", (encoding, "strict"))?.extract::<Vec<u8>>();
    }
    if s.is_none() {
        return Ok(Vec::new());
    }
    s.extract::<Vec<u8>>()
}

fn py_error(e: PuzpyError) -> PyErr {
    match e {
        PuzpyError::Format(m) => PuzzleFormatError::new_err(m),
        PuzpyError::Value(m) => PyValueError::new_err(m),
    }
}

/// Read `.puz` bytes into the fields of a puzpy `Puzzle`; checksum mismatches raise
/// `PuzzleFormatError` as puzpy does.
#[pyfunction]
fn puz_load<'py>(py: Python<'py>, data: &[u8]) -> PyResult<Bound<'py, PyDict>> {
    let (f, utf8) = puzpy::load(data).map_err(py_error)?;
    let d = PyDict::new(py);
    d.set_item("preamble", PyBytes::new(py, &f.preamble))?;
    d.set_item("postscript", PyBytes::new(py, &f.postscript))?;
    d.set_item("fileversion", PyBytes::new(py, &f.fileversion))?;
    d.set_item("version", PyBytes::new(py, &f.fileversion[..3.min(f.fileversion.len())]))?;
    d.set_item("encoding", if utf8 { UTF8 } else { LATIN1 })?;
    d.set_item("unk1", PyBytes::new(py, &f.unk1))?;
    d.set_item("scrambled_cksum", f.scrambled_cksum)?;
    d.set_item("unk2", PyBytes::new(py, &f.unk2))?;
    d.set_item("width", f.width)?;
    d.set_item("height", f.height)?;
    d.set_item("puzzletype", f.puzzletype)?;
    d.set_item("solution_state", f.solution_state)?;
    for (name, text) in [
        ("solution", &f.solution),
        ("fill", &f.fill),
        ("title", &f.title),
        ("author", &f.author),
        ("copyright", &f.copyright),
        ("notes", &f.notes),
    ] {
        d.set_item(name, decode(py, text, utf8)?)?;
    }
    let clues = PyList::empty(py);
    for c in &f.clues {
        clues.append(decode(py, c, utf8)?)?;
    }
    d.set_item("clues", clues)?;
    let extensions = PyDict::new(py);
    let order = PyList::empty(py);
    for (code, data) in &f.sections {
        let code = PyBytes::new(py, code);
        extensions.set_item(&code, PyBytes::new(py, data))?;
        order.append(code)?;
    }
    d.set_item("extensions", extensions)?;
    d.set_item("_extensions_order", order)?;
    Ok(d)
}

fn get<'py, T: FromPyObjectOwned<'py>>(p: &Bound<'py, PyAny>, name: &str) -> PyResult<T> {
    p.getattr(name)?.extract::<T>().map_err(Into::into)
}

/// The fields of a puzpy `Puzzle`, with the sections given.
fn fields(p: &Bound<'_, PyAny>, sections: Vec<(Vec<u8>, Vec<u8>)>) -> PyResult<PuzFields> {
    let encoding: String = get(p, "encoding")?;
    let enc = |name: &str| -> PyResult<Vec<u8>> { encode(&p.getattr(name)?, &encoding) };
    let mut clues = Vec::new();
    for c in p.getattr("clues")?.try_iter()? {
        clues.push(encode(&c?, &encoding)?);
    }
    let code = |c: &[u8]| -> [u8; 4] { std::array::from_fn(|i| c.get(i).copied().unwrap_or(0)) };
    Ok(PuzFields {
        preamble: get(p, "preamble")?,
        postscript: enc("postscript")?,
        fileversion: get(p, "fileversion")?,
        unk1: get(p, "unk1")?,
        unk2: get(p, "unk2")?,
        scrambled_cksum: get(p, "scrambled_cksum")?,
        width: get(p, "width")?,
        height: get(p, "height")?,
        puzzletype: get(p, "puzzletype")?,
        solution_state: get(p, "solution_state")?,
        solution: enc("solution")?,
        fill: enc("fill")?,
        title: enc("title")?,
        author: enc("author")?,
        copyright: enc("copyright")?,
        clues,
        notes: enc("notes")?,
        sections: sections.into_iter().map(|(c, data)| (code(&c), data)).collect(),
    })
}

/// The bytes of a puzpy `Puzzle` with the sections given, in order.
#[pyfunction]
fn puz_dump<'py>(
    py: Python<'py>,
    puzzle: &Bound<'py, PyAny>,
    sections: Vec<(Vec<u8>, Vec<u8>)>,
) -> PyResult<Bound<'py, PyBytes>> {
    let bytes = fields(puzzle, sections)?.dump().map_err(py_error)?;
    Ok(PyBytes::new(py, &bytes))
}

/// `(global, header, magic)` checksums of a puzpy `Puzzle`.
#[pyfunction]
fn puz_checksums(puzzle: &Bound<'_, PyAny>) -> PyResult<(u16, u16, u64)> {
    fields(puzzle, Vec::new())?.checksums().map_err(py_error)
}

/// puzpy's `data_cksum`.
#[pyfunction]
#[pyo3(signature = (data, checksum=0))]
fn data_cksum(data: &[u8], checksum: u16) -> u16 {
    puzpy::data_cksum(data, checksum)
}

/// `(solution, scrambled_cksum, solution_state)` of changed fields, the solution as text.
fn solution_of(f: &PuzFields, encoding: &str) -> PyResult<(String, u16, u16)> {
    let text = if is_utf8(encoding) {
        String::from_utf8(f.solution.clone()).map_err(|e| PyValueError::new_err(e.to_string()))?
    } else {
        f.solution.iter().map(|&b| char::from(b)).collect()
    };
    Ok((text, f.scrambled_cksum, f.solution_state))
}

/// Lock a puzpy `Puzzle`'s solution: `(solution, scrambled_cksum, solution_state)`.
#[pyfunction]
fn puz_lock(puzzle: &Bound<'_, PyAny>, key: u16) -> PyResult<(String, u16, u16)> {
    let mut f = fields(puzzle, Vec::new())?;
    f.lock(key).map_err(py_error)?;
    solution_of(&f, &get::<String>(puzzle, "encoding")?)
}

/// Unlock a puzpy `Puzzle`'s solution: `None` when the key is wrong, else `(solution,
/// scrambled_cksum, solution_state)`.
#[pyfunction]
fn puz_unlock(puzzle: &Bound<'_, PyAny>, key: u16) -> PyResult<Option<(String, u16, u16)>> {
    let mut f = fields(puzzle, Vec::new())?;
    if !f.unlock(key).map_err(py_error)? {
        return Ok(None);
    }
    solution_of(&f, &get::<String>(puzzle, "encoding")?).map(Some)
}

/// The scrambled-solution checksum of `fill` (what a locked puzzle's answers are checked with).
#[pyfunction]
fn puz_scrambled_cksum(puzzle: &Bound<'_, PyAny>, fill: &Bound<'_, PyAny>) -> PyResult<u16> {
    let f = fields(puzzle, Vec::new())?;
    let encoding: String = get(puzzle, "encoding")?;
    f.scrambled_cksum_of(&encode(fill, &encoding)?).map_err(py_error)
}

/// puzpy's `scramble_solution` / `unscramble_solution` (with `undo`).
#[pyfunction]
fn puz_scramble_grid(grid: &str, width: usize, height: usize, key: u16, undo: bool) -> PyResult<String> {
    puzpy::scramble_grid(grid, width, height, key, undo).map_err(py_error)
}

/// A `.puz` file as Across Lite text in the version the caller names (`v1`, `v2` or `V2`).
#[pyfunction]
fn puz_to_text(data: &[u8], version: &str) -> PyResult<String> {
    puzpy::to_text(data, version).map_err(py_error)
}

/// Numbered entries of a grid: `(across, down)`, each a list of `(number, clue_index, cell, row,
/// col, len)`.
#[pyfunction]
fn puz_numbering(grid: &str, width: usize, height: usize) -> (Vec<puzpy::Entry>, Vec<puzpy::Entry>) {
    puzpy::numbering(grid, width, height)
}

/// `RTBL` text (`" 0:HEART;1:DIAMOND;"`) as `{key: answer}`.
#[pyfunction]
fn rebus_table_parse(text: &str) -> PyResult<Vec<(i64, String)>> {
    puzpy::rebus_table_parse(text).map_err(py_error)
}

/// `{key: answer}` as `RTBL` text, keys right-aligned in two columns as Across Lite writes them.
#[pyfunction]
fn rebus_table_format(items: Vec<(i64, String)>) -> String {
    puzpy::rebus_table_format(&items)
}

/// `RUSR` bytes as one string per cell (`\0`-terminated strings).
#[pyfunction]
fn rebus_fill_parse(data: &[u8], encoding: &str) -> PyResult<Vec<String>> {
    let utf8 = is_utf8(encoding);
    let text = |part: &[u8]| -> String {
        if utf8 {
            String::from_utf8_lossy(part).into_owned()
        } else {
            part.iter().map(|&b| char::from(b)).collect()
        }
    };
    Ok(puzpy::rebus_fill_split(data).into_iter().map(text).collect())
}

/// One string per cell as `RUSR` bytes.
#[pyfunction]
fn rebus_fill_format(cells: Vec<Bound<'_, PyAny>>, encoding: &str) -> PyResult<Vec<u8>> {
    let encoded = cells.iter().map(|c| encode(c, encoding)).collect::<PyResult<Vec<_>>>()?;
    Ok(puzpy::rebus_fill_join(encoded.iter().map(Vec::as_slice)))
}

/// `LTIM` bytes (`"elapsed,stopped"`) as `(elapsed, status)`.
#[pyfunction]
fn timer_parse(data: &[u8]) -> PyResult<(i64, i64)> {
    puzpy::timer_parse(data).map_err(py_error)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("PuzzleFormatError", m.py().get_type::<PuzzleFormatError>())?;
    for f in [
        wrap_pyfunction!(puz_load, m)?,
        wrap_pyfunction!(puz_dump, m)?,
        wrap_pyfunction!(puz_checksums, m)?,
        wrap_pyfunction!(data_cksum, m)?,
        wrap_pyfunction!(puz_lock, m)?,
        wrap_pyfunction!(puz_unlock, m)?,
        wrap_pyfunction!(puz_scrambled_cksum, m)?,
        wrap_pyfunction!(puz_scramble_grid, m)?,
        wrap_pyfunction!(puz_to_text, m)?,
        wrap_pyfunction!(puz_numbering, m)?,
        wrap_pyfunction!(rebus_table_parse, m)?,
        wrap_pyfunction!(rebus_table_format, m)?,
        wrap_pyfunction!(rebus_fill_parse, m)?,
        wrap_pyfunction!(rebus_fill_format, m)?,
        wrap_pyfunction!(timer_parse, m)?,
    ] {
        m.add_function(f)?;
    }
    Ok(())
}
