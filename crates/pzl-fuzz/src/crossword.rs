//! Crosswords: Across Lite `.puz` and text, ipuz, `.xd`.

use pzl_core::Kind;
use pzl_crossword::format::{jpz, xd};
use pzl_crossword::{CrosswordKind, Format, Puzzle, across_text, check, ipuz, raw};

/// The print page of `puzzle` lays out on both papers and writes as SVG and as a PDF.
fn prints(puzzle: &Puzzle) {
    use pzl_crossword::{page, pdf};
    for paper in pzl_core::Paper::ALL {
        let layout = page::layout(puzzle, paper);
        assert!(!layout.pages.is_empty());
        let _ = page::svg(&layout);
        let bytes = pdf::pdf(&layout).expect("the page writes as a PDF");
        assert!(bytes.starts_with(b"%PDF-"));
    }
}

/// Every format the kind writes `doc` in reads back.
fn converts(doc: &<CrosswordKind as Kind>::Doc) {
    for to in pzl_crossword::format::ALL {
        if let Ok(out) = CrosswordKind::write(doc, to) {
            CrosswordKind::read(&out.bytes, to, &()).expect("what the kind writes reads back");
        }
    }
}

/// The ipuz reader: it never panics, whatever it accepts writes as ipuz that reads back with the
/// same clues, and every format the kind writes it in reads back.
pub fn ipuz_read(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok((puzzle, _)) = ipuz::read(text) else { return };
    // Any text, in any script: the page and its PDF (fonts, subsets) never panic.
    prints(&puzzle);
    let (json, _) = ipuz::write(&puzzle);
    let (again, _) = ipuz::read(&json).expect("written ipuz reads back");
    assert_eq!(again.clues, puzzle.clues);
    if let Ok(file) = puzzle.to_raw() {
        raw::read(&file.to_bytes()).expect("the puzzle encodes as a .puz that reads back");
    }
    let Ok(doc) = CrosswordKind::read(data, Format::Ipuz, &()) else { return };
    converts(&doc.value);
}

/// The `.puz` reader: it never panics, and whatever it accepts writes back to the same bytes,
/// decodes, verifies, re-encodes to a file that reads back (a decoy header in a preamble
/// included), converts to every format readably, and survives a lock/unlock round trip.
pub fn puz_read(data: &[u8]) {
    let Ok(read) = raw::read(data) else { return };
    assert_eq!(read.file.to_bytes(), data);
    let _ = check::verify(&read);
    let (puzzle, _) = Puzzle::from_raw(&read.file);
    let _ = puzzle.clue_entries();
    let _ = pzl_crossword::render::svg(&puzzle);
    prints(&puzzle);
    if let Ok(encoded) = puzzle.to_raw() {
        let bytes = encoded.to_bytes();
        let again = raw::read(&bytes).expect("what the encoder writes reads back");
        assert!(again.checksum_mismatches.is_empty());
    }
    let doc = CrosswordKind::read(data, Format::Puz, &()).expect("read through the kind");
    let _ = CrosswordKind::info(&doc.value, &pzl_core::InfoRequest::FULL);
    let _ = CrosswordKind::check(&doc.value);
    converts(&doc.value);
    let mut file = read.file.clone();
    if file.lock(1234).is_ok() {
        file.unlock(1234).expect("a puzzle just locked unlocks with its key");
    }
}

/// The Across Lite text reader: it never panics, whatever it accepts writes back to text that reads
/// (with the same clues unless the writer says what it dropped), and every format the kind writes
/// it in reads back.
pub fn text_read(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(read) = across_text::read(text) else { return };
    let written = across_text::write(&read.puzzle, &read.layout);
    let again = across_text::read(&written).expect("written text reads back");
    // Line breaks in clues (a lone `\r` reads as part of a line) are written as spaces, and said.
    if across_text::dropped_by_text(&read.puzzle, &read.layout).is_empty() {
        assert_eq!(again.puzzle.clues, read.puzzle.clues);
    }
    if let Ok(file) = read.puzzle.to_raw() {
        raw::read(&file.to_bytes()).expect("the puzzle encodes as a .puz that reads back");
    }
    let Ok(doc) = CrosswordKind::read(data, Format::AcrossText, &()) else { return };
    converts(&doc.value);
}

/// The `.xd` reader: it never panics, whatever it accepts writes as canonical `.xd` that reads
/// back with the same clues and writes again to the same bytes, writes back to its own bytes
/// through the kind, and every format the kind writes it in reads back.
pub fn xd_read(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(read) = xd::read(text) else { return };
    let (canonical, _) = xd::write(&read.puzzle);
    let again = xd::read(&canonical).expect("canonical xd reads back");
    assert_eq!(xd::write(&again.puzzle).0, canonical, "canonical xd is a fixed point");
    if read.puzzle.clues.len() == read.puzzle.slots().len() {
        let trimmed: Vec<String> =
            read.puzzle.clues.iter().map(|c| c.split_whitespace().collect::<Vec<_>>().join(" ")).collect();
        let back: Vec<String> =
            again.puzzle.clues.iter().map(|c| c.split_whitespace().collect::<Vec<_>>().join(" ")).collect();
        assert_eq!(back, trimmed);
    }
    let Ok(doc) = CrosswordKind::read(data, Format::Xd, &()) else { return };
    let same = CrosswordKind::write(&doc.value, Format::Xd).expect("xd writes back");
    assert_eq!(same.bytes, data);
    let _ = CrosswordKind::info(&doc.value, &pzl_core::InfoRequest::FULL);
    converts(&doc.value);
}

/// The JPZ reader (zipped or bare): it never panics, whatever it accepts writes as JPZ that reads
/// back and writes again to the same XML, writes back to its own bytes through the kind, and
/// every format the kind writes it in reads back.
pub fn jpz_read(data: &[u8]) {
    let Ok(read) = jpz::read(data) else { return };
    let (xml, _) = jpz::write_xml(&read.puzzle);
    let again = jpz::read_xml(&xml).expect("written JPZ reads back");
    assert_eq!(jpz::write_xml(&again.puzzle).0, xml, "written JPZ is a fixed point");
    assert_eq!(again.puzzle.solution, read.puzzle.solution, "the grid survives");
    let Ok(doc) = CrosswordKind::read(data, Format::Jpz, &()) else { return };
    let same = CrosswordKind::write(&doc.value, Format::Jpz).expect("jpz writes back");
    assert_eq!(same.bytes, data);
    let _ = CrosswordKind::info(&doc.value, &pzl_core::InfoRequest::FULL);
    converts(&doc.value);
}
