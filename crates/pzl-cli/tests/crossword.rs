//! CLI tests of the crossword area: `.puz` through info, check, convert, render, lock, unlock.

use std::path::{Path, PathBuf};

use pzl_crossword::Puzzle;

mod common;
use common::{pzl, s, text};

fn corpus() -> Option<PathBuf> {
    pzl_corpus::dir("puz")
}

fn valid_puz_files(dir: &Path) -> Vec<PathBuf> {
    pzl_corpus::files(dir, ".puz").into_iter().filter(|p| !p.ends_with("ONE_bad.puz")).collect()
}

#[test]
fn every_corpus_file_converts_to_identical_bytes_and_checks_out() {
    let Some(dir) = corpus() else { return };
    let out_dir = tempfile::tempdir().unwrap();
    for path in valid_puz_files(&dir) {
        let out = out_dir.path().join("out.puz");
        let run = pzl(&["-q", "convert", s(&path), "-o", s(&out)]);
        assert!(run.status.success(), "{}: {}", path.display(), text(&run.stderr));
        assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&path).unwrap(), "{}", path.display());
        let check = pzl(&["-q", "check", s(&path)]);
        // unicode_with_state.puz is a saved game with two wrong entries: the check says so.
        let expected = if path.ends_with("unicode_with_state.puz") { 1 } else { 0 };
        assert_eq!(check.status.code(), Some(expected), "{}: {}", path.display(), text(&check.stdout));
    }
}

#[test]
fn a_flipped_byte_fails_check_naming_the_checksum() {
    let Some(dir) = corpus() else { return };
    let mut bytes = std::fs::read(dir.join("puzpy/nyt_jul0719.puz")).unwrap();
    bytes[0x34 + 10] ^= 0x02;
    let tmp = tempfile::tempdir().unwrap();
    let damaged = tmp.path().join("damaged.puz");
    std::fs::write(&damaged, &bytes).unwrap();
    let run = pzl(&["-q", "check", s(&damaged)]);
    assert_eq!(run.status.code(), Some(1));
    let out = text(&run.stdout);
    assert!(out.contains("checksum/global") && out.contains("checksum/masked-solution"), "{out}");
    let json = pzl(&["-q", "check", "--json", s(&damaged)]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["ok"], false);
    assert!(value["problems"].as_array().unwrap().iter().any(|p| p["rule"] == "checksum/global"));
}

#[test]
fn a_file_that_is_not_a_crossword_exits_2() {
    let Some(dir) = corpus() else { return };
    let run = pzl(&["check", s(&dir.join("puzpy/ONE_bad.puz"))]);
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("expected the magic ACROSS&DOWN"), "{}", text(&run.stderr));
    let tmp = tempfile::tempdir().unwrap();
    let truncated = tmp.path().join("t.puz");
    let bytes = std::fs::read(dir.join("puzpy/washpost.puz")).unwrap();
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).unwrap();
    let out = tmp.path().join("never.puz");
    let run = pzl(&["convert", s(&truncated), "-o", s(&out)]);
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("t.puz"));
    assert!(!out.exists(), "no partial output on failure");
}

#[test]
fn nyt_locked_unlocks_by_brute_force_and_relocks_to_the_same_bytes() {
    let Some(dir) = corpus() else { return };
    let locked = dir.join("puzpy/nyt_locked.puz");
    let tmp = tempfile::tempdir().unwrap();
    let (open, again) = (tmp.path().join("open.puz"), tmp.path().join("again.puz"));
    let run = pzl(&["-q", "unlock", s(&locked), "-o", s(&open)]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(text(&run.stderr).contains("key 7844"), "{}", text(&run.stderr));
    assert!(!text(&run.stderr).contains("weaker candidate"));
    let info = pzl(&["-q", "info", "--clues", s(&open)]);
    assert!(text(&info.stdout).contains("[LAKEONTARIO]"));
    assert!(text(&info.stdout).contains("solution:  plain"), "{}", text(&info.stdout));
    let run = pzl(&["-q", "lock", s(&open), "--key", "7844", "-o", s(&again)]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert_eq!(std::fs::read(&again).unwrap(), std::fs::read(&locked).unwrap());
    let wrong = pzl(&["-q", "unlock", s(&locked), "--key", "1234", "-o", s(&tmp.path().join("x.puz"))]);
    assert_eq!(wrong.status.code(), Some(2));
    assert!(text(&wrong.stderr).contains("key 1234 does not unlock"));
}

#[test]
fn nyt_diagramless_lists_7230_as_a_weaker_candidate() {
    let Some(dir) = corpus() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let open = tmp.path().join("open.puz");
    let run = pzl(&["-q", "unlock", s(&dir.join("puzpy/nyt_diagramless.puz")), "-o", s(&open)]);
    assert!(run.status.success());
    let err = text(&run.stderr);
    assert!(err.contains("key 3285") && err.contains("weaker candidate 7230"), "{err}");
}

#[test]
fn locking_refuses_puzzles_that_cannot_be_locked() {
    let tmp = tempfile::tempdir().unwrap();
    let mut tiny = Puzzle::new(3, 3);
    tiny.set_solution_rows(&["CAT", "..A", "..R"]);
    tiny.clues = vec!["Pet".into(), "Sticky stuff".into()];
    let path = tmp.path().join("tiny.puz");
    std::fs::write(&path, tiny.to_raw().unwrap().to_bytes()).unwrap();
    let out = tmp.path().join("locked.puz");
    let run = pzl(&["lock", s(&path), "--key", "1234", "-o", s(&out)]);
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("5 letters; locking needs at least 12"), "{}", text(&run.stderr));
    assert!(!out.exists());
    let bad_key = pzl(&["lock", s(&path), "--key", "12345", "-o", s(&out)]);
    assert_eq!(bad_key.status.code(), Some(2));
    assert!(text(&bad_key.stderr).contains("four-digit key"));
}

#[test]
fn info_json_describes_the_puzzle() {
    let Some(dir) = corpus() else { return };
    let run =
        pzl(&["-q", "info", "--json", "--clues", s(&dir.join("puzpy/nyt_rebus_with_notes_and_shape.puz"))]);
    assert!(run.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    let v = &doc["facts"];
    assert_eq!(v["width"], 15);
    assert_eq!(v["version"], "1.3");
    assert_eq!(v["encoding"], "windows-1252");
    assert_eq!(v["solution_state"], "plain");
    assert_eq!(v["counts"]["rebus_cells"], 3);
    assert_eq!(v["counts"]["circles"], 5);
    assert_eq!(v["sections"], serde_json::json!(["GRBS", "RTBL", "GEXT"]));
    let clues = v["clues"].as_array().unwrap();
    assert_eq!(clues.len(), 76);
    assert!(clues.iter().any(|c| c["answer"].as_str().unwrap().contains("STAR")));
    let locked = pzl(&["-q", "info", "--json", s(&dir.join("puzpy/nyt_locked.puz"))]);
    let v: serde_json::Value = serde_json::from_slice(&locked.stdout).unwrap();
    assert_eq!(v["facts"]["solution_state"], "locked");
}

#[test]
fn render_draws_text_and_svg() {
    let Some(dir) = corpus() else { return };
    let file = dir.join("puzpy/nyt_rebus_with_notes_and_shape_solved.puz");
    let run = pzl(&["-q", "render", s(&file)]);
    assert!(run.status.success());
    assert!(text(&run.stdout).contains("Fill:"));
    let tmp = tempfile::tempdir().unwrap();
    let svg = tmp.path().join("grid.svg");
    let run = pzl(&["-q", "render", s(&file), "-o", s(&svg)]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<?xml") && picture.contains("<circle") && picture.contains(">STAR<"));
}

#[test]
fn text_and_puz_convert_into_each_other() {
    let Some(dir) = corpus() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let txt = dir.join("puzpy/diagramless.txt");
    let (puz, back) = (tmp.path().join("d.puz"), tmp.path().join("d.txt"));
    let run = pzl(&["-q", "convert", s(&txt), "-o", s(&puz)]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert_eq!(pzl(&["-q", "check", s(&puz)]).status.code(), Some(0));
    let run = pzl(&["-q", "convert", s(&txt), "-o", s(&back)]);
    assert!(run.status.success());
    assert_eq!(std::fs::read(&back).unwrap(), std::fs::read(&txt).unwrap());
    let original = dir.join("puzpy/diagramless.puz");
    let run = pzl(&["convert", s(&original), "-o", s(&back)]);
    assert!(run.status.success());
    assert!(text(&run.stderr).contains("cannot hold the timer"), "{}", text(&run.stderr));
    let info = |path: &Path| {
        let out = pzl(&["-q", "info", "--json", "--clues", s(path)]);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (v["title"].clone(), v["clues"].clone())
    };
    assert_eq!(info(&back), info(&original));
    let bad = tmp.path().join("bad.txt");
    std::fs::write(&bad, "<ACROSS PUZZLE>\n<TITLE>\n\tx\n<SIZE>\n\t3x3\n<GRID>\n\tABC\n\tDE\n\tGHI\n")
        .unwrap();
    let run = pzl(&["convert", s(&bad), "-o", s(&puz)]);
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("line 8"), "{}", text(&run.stderr));
}

#[test]
fn puz_converts_to_ipuz_and_back() {
    let Some(dir) = corpus() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let original = dir.join("puzpy/nyt_rebus_with_notes_and_shape.puz");
    let (json, back) = (tmp.path().join("r.ipuz"), tmp.path().join("r.puz"));
    assert!(pzl(&["-q", "convert", s(&original), "-o", s(&json)]).status.success());
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(doc["kind"][0], "http://ipuz.org/crossword#1");
    assert!(pzl(&["-q", "convert", s(&json), "-o", s(&back)]).status.success());
    let info = |path: &Path| {
        let out = pzl(&["-q", "info", "--json", "--clues", s(path)]);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let f = &v["facts"];
        (f["title"].clone(), f["clues"].clone(), f["counts"].clone())
    };
    assert_eq!(info(&back), info(&original));
    let locked = pzl(&["convert", s(&dir.join("puzpy/nyt_locked.puz")), "-o", s(&json)]);
    assert!(locked.status.success());
    assert!(
        text(&locked.stderr).contains("ipuz format cannot hold the solution (the puzzle is locked)"),
        "{}",
        text(&locked.stderr)
    );
    let bad = tmp.path().join("bad.ipuz");
    std::fs::write(&bad, r#"{"version":"http://ipuz.org/v2","kind":["http://ipuz.org/crossword#1"]}"#)
        .unwrap();
    let run = pzl(&["convert", s(&bad), "-o", s(&back)]);
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("$.dimensions.width"), "{}", text(&run.stderr));
}

/// A 15x15 puzzle built here (no corpus needed): an open grid with a few blocks, clues that
/// name their own number so the page can be searched for each of them.
fn page_puzzle(dir: &Path) -> (PathBuf, Vec<String>) {
    let mut p = Puzzle::new(15, 15);
    let rows: Vec<String> = (0..15)
        .map(|r| (0..15).map(|c| if r % 4 == 3 && c % 5 == 2 { '.' } else { 'E' }).collect())
        .collect();
    p.set_solution_rows(&rows.iter().map(String::as_str).collect::<Vec<_>>());
    p.title = "Page test".into();
    p.author = "Tester".into();
    let clues: Vec<String> = p
        .slots()
        .iter()
        .map(|s| format!("Clue{}{} with some words to wrap", s.number, &s.direction.name()[..1]))
        .collect();
    p.clues = clues.clone();
    let path = dir.join("page.puz");
    std::fs::write(&path, p.to_raw().unwrap().to_bytes()).unwrap();
    (path, clues)
}

#[test]
fn render_with_clues_writes_a_page_as_svg_and_pdf() {
    let tmp = tempfile::tempdir().unwrap();
    let (puz, clues) = page_puzzle(tmp.path());
    let svg = tmp.path().join("page.svg");
    let run = pzl(&["render", s(&puz), "--with-clues", "-o", s(&svg)]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.contains(">Page test<") && picture.contains(">ACROSS<") && picture.contains(">DOWN<"));
    for clue in &clues {
        let tag = clue.split_whitespace().next().unwrap();
        assert!(picture.contains(tag), "{tag} is missing");
    }
    // Without --with-clues an .svg is the grid alone.
    let grid = tmp.path().join("grid.svg");
    assert!(pzl(&["-q", "render", s(&puz), "-o", s(&grid)]).status.success());
    assert!(!std::fs::read_to_string(&grid).unwrap().contains("ACROSS"));

    let pdf = tmp.path().join("page.pdf");
    let run = pzl(&["render", s(&puz), "--with-clues", "-o", s(&pdf)]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let body = String::from_utf8_lossy(&bytes);
    // US Letter by default, the font embedded, every stream compressed.
    assert!(body.contains("/Count 1") && body.contains("/MediaBox [0 0 612 792]"));
    assert!(body.contains("/FontFile2") && !body.contains(" Tj"));
    if let Some(extracted) = pdftotext(&pdf) {
        assert!(extracted.contains("Page test"));
        for clue in &clues {
            let tag = clue.split_whitespace().next().unwrap();
            assert!(extracted.contains(tag), "{tag} is missing from the PDF");
        }
    }
    let a4 = tmp.path().join("a4.pdf");
    let run = pzl(&["render", s(&puz), "--with-clues", "--paper", "A4", "-o", s(&a4)]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(String::from_utf8_lossy(&std::fs::read(&a4).unwrap()).contains("/MediaBox [0 0 595 842]"));
    let bad = tmp.path().join("bad.pdf");
    let run = pzl(&["render", s(&puz), "--with-clues", "--paper", "legal", "-o", s(&bad)]);
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("unknown paper `legal`"), "{}", text(&run.stderr));
    assert!(!bad.exists());
}

/// The text of the PDF at `path` by pdftotext, or `None` when poppler-utils is absent (a failure
/// when `PZL_REQUIRE_CORPUS` is set: CI installs it).
fn pdftotext(path: &Path) -> Option<String> {
    match std::process::Command::new("pdftotext").args(["-enc", "UTF-8"]).arg(path).arg("-").output() {
        Ok(out) => {
            assert!(out.status.success(), "pdftotext: {}", text(&out.stderr));
            Some(String::from_utf8(out.stdout).unwrap())
        }
        Err(e) => {
            assert!(std::env::var_os("PZL_REQUIRE_CORPUS").is_none(), "pdftotext cannot run: {e}");
            eprintln!("skipping the text check: pdftotext (poppler-utils) is not installed: {e}");
            None
        }
    }
}

#[test]
fn render_with_clues_prints_any_script_and_names_characters_no_font_has() {
    let tmp = tempfile::tempdir().unwrap();
    let mut p = Puzzle::new(3, 3);
    p.set_solution_rows(&["ABC", "DEF", "GHI"]);
    p.title = "Σταυρόλεξο".into();
    p.clues = ["Столица России", "Θεός", "Ωμέγα", "Кот", "Ψυχή", "Private \u{10FFFD} use"]
        .iter()
        .map(|c| c.to_string())
        .collect();
    let path = tmp.path().join("greek.ipuz");
    std::fs::write(&path, pzl_crossword::format::ipuz::write(&p).0).unwrap();
    let pdf = tmp.path().join("greek.pdf");
    let run = pzl(&["render", s(&path), "-o", s(&pdf)]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let stderr = text(&run.stderr);
    assert!(stderr.contains("U+10FFFD") && stderr.contains("no font has"), "{stderr}");
    if let Some(extracted) = pdftotext(&pdf) {
        for word in ["Σταυρόλεξο", "Столица", "России", "Θεός", "Ωμέγα", "Кот", "Ψυχή"]
        {
            assert!(extracted.contains(word), "{word} is missing from:\n{extracted}");
        }
    }
}

#[test]
fn render_with_clues_refuses_terminal_text() {
    let tmp = tempfile::tempdir().unwrap();
    let (puz, _) = page_puzzle(tmp.path());
    let out = tmp.path().join("page.txt");
    let run = pzl(&["render", s(&puz), "--with-clues", "-o", s(&out)]);
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("write it as svg or pdf"), "{}", text(&run.stderr));
    assert!(!out.exists());
    // To standard output, --with-clues means the SVG page.
    let run = pzl(&["-q", "render", s(&puz), "--with-clues"]);
    assert!(run.status.success());
    assert!(text(&run.stdout).contains(">ACROSS<"));
}
