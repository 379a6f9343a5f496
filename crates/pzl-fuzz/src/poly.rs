//! Polyominoes: Knuth's dlx text, MacPoly sources and puzzle resources, `pzl-pack` files.

use pzl_poly::exact_cover::parse_dlx;
use pzl_poly::format::macpoly::ftor::{PuzzleResource, resource_from_source, source_from_resource};
use pzl_poly::macpoly::SourceFile;
use pzl_poly::pack::PackFile;

/// The reader of Knuth's dlx text format: never panics; small problems also search cleanly.
pub fn dlx_read(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(dlx) = parse_dlx(text)
        && dlx.problem.options().len() <= 16
    {
        let _ = dlx.problem.count(Some(100));
    }
}

/// MacPoly source conversion both ways (the first four bytes are the resource type): no panic
/// for any source, type or resource data; a puzzle resource that reads writes back byte for byte
/// when its arrangement is saved unchanged.
pub fn ftor(data: &[u8]) {
    let [a, b, c, d, rest @ ..] = data else { return };
    let code = [*a, *b, *c, *d];
    let _ = resource_from_source(&code, rest);
    let _ = source_from_resource(&code, b"name", rest);
    if let Ok(puzzle) = PuzzleResource::parse(rest) {
        let same =
            puzzle.with_saved(rest, &puzzle.saved, puzzle.numbers).expect("the unchanged arrangement saves");
        assert_eq!(same, rest);
    }
}

/// The MacPoly source-file reader: never panics; what parses writes back byte for byte; a small
/// puzzle that builds a problem can be asked for its impossibility proof.
pub fn macpoly_read(data: &[u8]) {
    if let Ok(parsed) = SourceFile::parse(data) {
        assert_eq!(parsed.value.to_bytes(), data);
        if let Ok(puzzle) = parsed.value.puzzle()
            && puzzle.board.area() <= 64
            && puzzle.pieces.len() <= 8
        {
            let _ = puzzle.problem(true).impossibility();
        }
    }
}

/// The `pzl-pack` reader: never panics; what parses writes a canonical text that reads back to
/// the same value and the same text; a small parsed problem can be asked for its impossibility.
pub fn pack_read(data: &[u8]) {
    if let Ok(parsed) = PackFile::parse(data) {
        let text = parsed.value.to_text();
        let again = PackFile::parse(text.as_bytes()).expect("canonical text reads back");
        assert_eq!(again.value, parsed.value);
        assert_eq!(again.value.to_text(), text);
        let problem = parsed.value.problem(None);
        if problem.board.area() <= 64 && problem.pieces.len() <= 8 {
            let _ = problem.impossibility();
            let _ = parsed.value.to_macpoly();
        }
    }
}
