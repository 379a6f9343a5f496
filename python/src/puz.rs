//! The native half of `pzl.puz` (the puzpy drop-in): the `.puz` layer of `pzl-crossword` —
//! reading, checksums, writing, locking — and the codecs of the extra sections, over the fields
//! of a puzpy-style `Puzzle` object.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};

use pzl_crossword::checksum::cksum;
use pzl_crossword::lock::LockError;
use pzl_crossword::numbering::{Direction, slots};
use pzl_crossword::raw::{self, HEADER_LEN, PuzFile, Section, off};

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

/// Read `.puz` bytes into the fields of a puzpy `Puzzle`; checksum mismatches raise
/// `PuzzleFormatError` as puzpy does.
#[pyfunction]
fn puz_load<'py>(py: Python<'py>, data: &[u8]) -> PyResult<Bound<'py, PyDict>> {
    let read = raw::read(data).map_err(|e| PuzzleFormatError::new_err(e.to_string()))?;
    if let Some(first) = read.checksum_mismatches.first() {
        return Err(PuzzleFormatError::new_err(format!("{first}")));
    }
    let f = &read.file;
    let utf8 = f.is_utf8();
    let d = PyDict::new(py);
    let h = &f.header;
    let u16_at = |at: usize| u16::from_le_bytes([h[at], h[at + 1]]);
    d.set_item("preamble", PyBytes::new(py, &f.preamble))?;
    d.set_item("postscript", PyBytes::new(py, &f.postscript))?;
    let version = f.version_bytes();
    d.set_item("fileversion", PyBytes::new(py, &version))?;
    d.set_item("version", PyBytes::new(py, &version[..3]))?;
    d.set_item("encoding", if utf8 { UTF8 } else { LATIN1 })?;
    d.set_item("unk1", PyBytes::new(py, &h[off::RESERVED_1C..off::RESERVED_1C + 2]))?;
    d.set_item("scrambled_cksum", u16_at(off::SCRAMBLED))?;
    d.set_item("unk2", PyBytes::new(py, &h[off::RESERVED_20..off::RESERVED_20 + 12]))?;
    d.set_item("width", f.width())?;
    d.set_item("height", f.height())?;
    d.set_item("puzzletype", f.puzzle_type())?;
    d.set_item("solution_state", f.solution_state())?;
    d.set_item("solution", decode(py, &f.solution, utf8)?)?;
    d.set_item("fill", decode(py, &f.fill, utf8)?)?;
    d.set_item("title", decode(py, &f.title, utf8)?)?;
    d.set_item("author", decode(py, &f.author, utf8)?)?;
    d.set_item("copyright", decode(py, &f.copyright, utf8)?)?;
    let clues = PyList::empty(py);
    for c in f.clues.iter() {
        clues.append(decode(py, c, utf8)?)?;
    }
    d.set_item("clues", clues)?;
    d.set_item("notes", decode(py, &f.notes, utf8)?)?;
    let extensions = PyDict::new(py);
    let order = PyList::empty(py);
    for s in &f.sections {
        let code = PyBytes::new(py, &s.code);
        extensions.set_item(&code, PyBytes::new(py, &s.data))?;
        order.append(code)?;
    }
    d.set_item("extensions", extensions)?;
    d.set_item("_extensions_order", order)?;
    Ok(d)
}

fn get<'py, T: FromPyObjectOwned<'py>>(p: &Bound<'py, PyAny>, name: &str) -> PyResult<T> {
    p.getattr(name)?.extract::<T>().map_err(Into::into)
}

fn fixed<const N: usize>(bytes: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    for (o, b) in out.iter_mut().zip(bytes) {
        *o = *b;
    }
    out
}

/// The raw file for the fields of a puzpy `Puzzle` and the sections given, checksums computed.
fn build(p: &Bound<'_, PyAny>, sections: Vec<(Vec<u8>, Vec<u8>)>) -> PyResult<PuzFile> {
    let encoding: String = get(p, "encoding")?;
    let enc = |name: &str| -> PyResult<Vec<u8>> { encode(&p.getattr(name)?, &encoding) };
    let width: u8 = get(p, "width")?;
    let height: u8 = get(p, "height")?;
    let clues_obj = p.getattr("clues")?;
    let mut clues = raw::ClueStrings::new();
    for c in clues_obj.try_iter()? {
        clues.push(&encode(&c?, &encoding)?);
    }
    let clue_count = u16::try_from(clues.len()).map_err(|_| PyValueError::new_err("too many clues"))?;
    let fileversion: Vec<u8> = get(p, "fileversion")?;
    let unk1: Vec<u8> = get(p, "unk1")?;
    let unk2: Vec<u8> = get(p, "unk2")?;
    let mut header = [0u8; HEADER_LEN];
    header[off::MAGIC..off::MAGIC + 12].copy_from_slice(raw::MAGIC);
    header[off::VERSION..off::VERSION + 4].copy_from_slice(&fixed::<4>(&fileversion));
    header[off::RESERVED_1C..off::RESERVED_1C + 2].copy_from_slice(&fixed::<2>(&unk1));
    header[off::RESERVED_20..off::RESERVED_20 + 12].copy_from_slice(&fixed::<12>(&unk2));
    header[off::WIDTH] = width;
    header[off::HEIGHT] = height;
    let postscript = p.getattr("postscript")?;
    let mut file = PuzFile {
        preamble: get(p, "preamble")?,
        header,
        solution: enc("solution")?,
        fill: enc("fill")?,
        title: enc("title")?,
        author: enc("author")?,
        copyright: enc("copyright")?,
        clues,
        notes: enc("notes")?,
        sections: Vec::new(),
        postscript: encode(&postscript, &encoding)?,
    };
    file.set_u16(off::CLUE_COUNT, clue_count);
    file.set_u16(off::PUZZLE_TYPE, get(p, "puzzletype")?);
    file.set_u16(off::SOLUTION_STATE, get(p, "solution_state")?);
    file.set_u16(off::SCRAMBLED, get(p, "scrambled_cksum")?);
    for (code, data) in sections {
        if data.len() > usize::from(u16::MAX) {
            return Err(PyValueError::new_err("an extension section is longer than 65535 bytes"));
        }
        file.sections.push(Section::new(fixed::<4>(&code), data));
    }
    file.update_checksums();
    Ok(file)
}

/// The bytes of a puzpy `Puzzle` with the sections given, in order.
#[pyfunction]
fn puz_dump<'py>(
    py: Python<'py>,
    puzzle: &Bound<'py, PyAny>,
    sections: Vec<(Vec<u8>, Vec<u8>)>,
) -> PyResult<Bound<'py, PyBytes>> {
    let file = build(puzzle, sections)?;
    Ok(PyBytes::new(py, &file.to_bytes()))
}

/// `(global, header, magic)` checksums of a puzpy `Puzzle`.
#[pyfunction]
fn puz_checksums(puzzle: &Bound<'_, PyAny>) -> PyResult<(u16, u16, u64)> {
    let file = build(puzzle, Vec::new())?;
    let c = file.computed_checksums();
    Ok((c.global, c.cib, u64::from_le_bytes(c.masked)))
}

/// puzpy's `data_cksum`.
#[pyfunction]
#[pyo3(signature = (data, checksum=0))]
fn data_cksum(data: &[u8], checksum: u16) -> u16 {
    cksum(data, checksum)
}

fn decode_back(file: &PuzFile, encoding: &str) -> PyResult<String> {
    if is_utf8(encoding) {
        String::from_utf8(file.solution.clone()).map_err(|e| PyValueError::new_err(e.to_string()))
    } else {
        Ok(file.solution.iter().map(|&b| char::from(b)).collect())
    }
}

/// Lock a puzpy `Puzzle`'s solution: `(solution, scrambled_cksum, solution_state)`.
#[pyfunction]
fn puz_lock(puzzle: &Bound<'_, PyAny>, key: u16) -> PyResult<(String, u16, u16)> {
    let mut file = build(puzzle, Vec::new())?;
    file.lock(key).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let encoding: String = get(puzzle, "encoding")?;
    Ok((decode_back(&file, &encoding)?, file.scrambled_checksum(), file.solution_state()))
}

/// Unlock a puzpy `Puzzle`'s solution: `None` when the key is wrong, else `(solution,
/// scrambled_cksum, solution_state)`.
#[pyfunction]
fn puz_unlock(puzzle: &Bound<'_, PyAny>, key: u16) -> PyResult<Option<(String, u16, u16)>> {
    let mut file = build(puzzle, Vec::new())?;
    match file.unlock(key) {
        Ok(()) => {}
        Err(LockError::WrongKey(_)) | Err(LockError::BadKey(_)) => return Ok(None),
        Err(e) => return Err(PyValueError::new_err(e.to_string())),
    }
    let encoding: String = get(puzzle, "encoding")?;
    Ok(Some((decode_back(&file, &encoding)?, file.scrambled_checksum(), file.solution_state())))
}

/// The scrambled-solution checksum of `fill` (what a locked puzzle's answers are checked with).
#[pyfunction]
fn puz_scrambled_cksum(puzzle: &Bound<'_, PyAny>, fill: &Bound<'_, PyAny>) -> PyResult<u16> {
    let mut file = build(puzzle, Vec::new())?;
    let encoding: String = get(puzzle, "encoding")?;
    file.solution = encode(fill, &encoding)?;
    Ok(pzl_crossword::lock::scrambled_checksum(&pzl_crossword::lock::letters_of_solution(&file)))
}

/// puzpy's `scramble_solution` / `unscramble_solution` (with `undo`): the grid's non-block
/// cells, column by column, scrambled with `key` and put back.
#[pyfunction]
fn puz_scramble_grid(grid: &str, width: usize, height: usize, key: u16, undo: bool) -> PyResult<String> {
    let out = pzl_crossword::lock::scramble_grid(grid.as_bytes(), width, height, key, undo)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(out.into_iter().map(char::from).collect())
}

/// A `.puz` file as Across Lite text in the version the caller names (`v1`, `v2` or `V2`);
/// `ValueError` for another version, `PuzzleFormatError` when the text cannot hold the puzzle.
#[pyfunction]
fn puz_to_text(data: &[u8], version: &str) -> PyResult<String> {
    use pzl_crossword::format::across_text::{self, TextLayout};
    let read = raw::read(data).map_err(|e| PuzzleFormatError::new_err(e.to_string()))?;
    let doc = pzl_crossword::model::CrosswordDoc::from_puz(read);
    let layout = TextLayout::for_version(doc.puzzle(), version).ok_or_else(|| {
        PyValueError::new_err(format!("invalid text_version {version:?}: expected 'v1', 'v2' or 'V2'"))
    })?;
    let text = across_text::write(doc.puzzle(), &layout);
    across_text::read(&text)
        .map_err(|e| PuzzleFormatError::new_err(format!("Across Lite text cannot hold this puzzle ({e})")))?;
    Ok(text)
}

/// Numbered entries of a grid: `(across, down)`, each a list of `(number, clue_index, cell, row,
/// col, len)`.
type Entry = (u16, usize, usize, usize, usize, usize);

#[pyfunction]
fn puz_numbering(grid: &str, width: usize, height: usize) -> (Vec<Entry>, Vec<Entry>) {
    let cells: Vec<u8> = grid.chars().map(|c| if c == '.' || c == ':' { c as u8 } else { b'A' }).collect();
    let mut across = Vec::new();
    let mut down = Vec::new();
    for (index, slot) in slots(width, height, &cells).into_iter().enumerate() {
        let cell = slot.start.row * width + slot.start.col;
        let entry = (slot.number, index, cell, slot.start.row, slot.start.col, slot.len);
        match slot.direction {
            Direction::Across => across.push(entry),
            Direction::Down => down.push(entry),
        }
    }
    (across, down)
}

/// `RTBL` text (`" 0:HEART;1:DIAMOND;"`) as `{key: answer}`.
#[pyfunction]
fn rebus_table_parse(text: &str) -> PyResult<Vec<(i64, String)>> {
    let mut out: Vec<(i64, String)> = Vec::new();
    for part in text.split(';') {
        if let Some((k, v)) = part.split_once(':') {
            let key: i64 =
                k.trim().parse().map_err(|_| PyValueError::new_err(format!("bad rebus key {k:?}")))?;
            if let Some(slot) = out.iter_mut().find(|(existing, _)| *existing == key) {
                slot.1 = v.to_string();
            } else {
                out.push((key, v.to_string()));
            }
        }
    }
    Ok(out)
}

/// `{key: answer}` as `RTBL` text, keys right-aligned in two columns as Across Lite writes them.
#[pyfunction]
fn rebus_table_format(items: Vec<(i64, String)>) -> String {
    let mut s = items.iter().map(|(k, v)| format!("{k:>2}:{v}")).collect::<Vec<_>>().join(";");
    s.push(';');
    s
}

/// `RUSR` bytes as one string per cell (`\0`-terminated strings).
#[pyfunction]
fn rebus_fill_parse(data: &[u8], encoding: &str) -> PyResult<Vec<String>> {
    let utf8 = is_utf8(encoding);
    let mut out = Vec::new();
    let mut rest = data;
    while !rest.is_empty() {
        let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
        let part = &rest[..end];
        out.push(if utf8 {
            String::from_utf8_lossy(part).into_owned()
        } else {
            part.iter().map(|&b| char::from(b)).collect()
        });
        rest = rest.get(end + 1..).unwrap_or_default();
    }
    Ok(out)
}

/// One string per cell as `RUSR` bytes.
#[pyfunction]
fn rebus_fill_format(cells: Vec<Bound<'_, PyAny>>, encoding: &str) -> PyResult<Vec<u8>> {
    let mut out = Vec::new();
    for c in &cells {
        out.extend(encode(c, encoding)?);
        out.push(0);
    }
    Ok(out)
}

/// `LTIM` bytes (`"elapsed,stopped"`) as `(elapsed, status)`.
#[pyfunction]
fn timer_parse(data: &[u8]) -> PyResult<(i64, i64)> {
    let text = std::str::from_utf8(data).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let (a, b) = text.split_once(',').ok_or_else(|| PyValueError::new_err(format!("bad timer {text:?}")))?;
    let parse =
        |s: &str| s.trim().parse::<i64>().map_err(|_| PyValueError::new_err(format!("bad timer {text:?}")));
    Ok((parse(a)?, parse(b)?))
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
