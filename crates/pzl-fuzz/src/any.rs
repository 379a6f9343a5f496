//! Any bytes under any name, through the facade: detection, reading, and converting to every
//! format of the document's kind.

use std::sync::LazyLock;

use pzl::{Document, Format, Open};

/// The names (and format parameters) a file may be opened under: no name (`-`), no extension, an
/// AppleDouble `._` name, and one name per extension some format claims; the A-Puzzle-A-Day ones
/// also with the `weekday` edition.
static OPENINGS: LazyLock<Vec<(String, &'static str)>> = LazyLock::new(|| {
    let mut openings: Vec<(String, &'static str)> =
        vec![("-".into(), ""), ("puzzle".into(), ""), ("._puzzle".into(), ""), ("puzzle.".into(), "")];
    for format in Format::all() {
        for ext in format.info().extensions {
            let name = format!("puzzle.{ext}");
            if !openings.iter().any(|(n, _)| *n == name) {
                openings.push((name.clone(), ""));
            }
            if format.kind() == "apad" && !openings.iter().any(|(n, p)| *n == name && !p.is_empty()) {
                openings.push((name, "weekday"));
            }
        }
    }
    openings
});

/// Every name and parameter a fuzz input may choose with its first byte, in order: byte `b`
/// chooses `openings()[b % openings().len()]`.
pub fn openings() -> &'static [(String, &'static str)] {
    &OPENINGS
}

/// The first byte of a fuzz input that opens the rest under `name` with `params` (see
/// [`openings`]): how to make an input of [`detect_any`] or [`convert_any`] from a file.
pub fn opening_byte(name: &str, params: &str) -> Option<u8> {
    openings().iter().position(|(n, p)| n == name && *p == params).and_then(|i| u8::try_from(i).ok())
}

/// The name, parameters and content a fuzz input stands for: its first byte picks the name, the
/// rest is the file.
fn opening(data: &[u8]) -> Option<(&'static str, &'static str, &[u8])> {
    let (&first, bytes) = data.split_first()?;
    let openings = openings();
    let (name, params) = &openings[usize::from(first) % openings.len()];
    Some((name.as_str(), *params, bytes))
}

/// Detection and reading of any bytes under any name (the first byte picks the name, see
/// [`openings`]): `Format::detect`, `Format::claiming` and `Document::read` never panic, and a
/// document read can be described and checked without a panic.
pub fn detect_any(data: &[u8]) {
    let Some((name, params, bytes)) = opening(data) else { return };
    let _ = Format::claiming(name);
    let _ = Format::is_puzzle_file_name(name);
    // What a folder walk takes: a file of a puzzle's own extension always.
    if Format::walk_takes(name, bytes) != Format::is_puzzle_file_name(name) {
        assert!(Format::needs_content_to_walk(name), "{name}: only a shared extension is looked into");
    }
    let _ = Format::detect(bytes, None);
    let detected = Format::detect(bytes, Some(name));
    let open = Open { params: params.to_string(), ..Open::default() };
    let Ok(parsed) = Document::read(bytes, name, None, &open) else { return };
    let doc = parsed.value;
    if let Some(format) = detected {
        assert_eq!(doc.format(), format, "Document::read reads the format Format::detect names");
    }
    let _ = doc.info(&pzl::InfoRequest::FULL).map(|info| info.to_string());
    let _ = doc.check().map(|report| report.to_string());
    let _ = doc.writable_formats();
}

/// Conversion of any bytes under any name: what reads as its detected format is written to every
/// writable format of its kind, and every output reads back as the format it was written in
/// (with the parameters it was read with).
pub fn convert_any(data: &[u8]) {
    let Some((name, params, bytes)) = opening(data) else { return };
    let open = Open { params: params.to_string(), ..Open::default() };
    let Ok(parsed) = Document::read(bytes, name, None, &open) else { return };
    let doc = parsed.value;
    let kind = doc.kind();
    for to in Format::all().filter(|f| f.kind() == kind && f.info().write) {
        let Ok(written) = doc.write(to) else { continue };
        if let Err(e) = Document::parse(&written.bytes, to, params) {
            panic!(
                "{} read as {} and written as {} does not read back: {e}\n{}",
                name,
                doc.format(),
                to,
                String::from_utf8_lossy(&written.bytes)
            );
        }
    }
}
