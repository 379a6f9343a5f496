//! `pzl` on Masyu files end to end: formats, convert between every pair, check (exit codes,
//! rules named, JSON), render (text and SVG), info, URLs as inputs, and bad input.

use std::path::{Path, PathBuf};

use pzl_masyu::EdgeState;
use pzl_masyu::formats::{self, Format};

mod common;
use common::{pzl, s, stderr, stdout, write};

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/masyu")
}

/// The pzprjs test puzzle (6x6) and its solution, written by this test.
const PUZZLE: &str = "6 6\n..W...\n.B..W.\n......\n...B..\n.W....\n......\n";
const SOLUTION: &str = "6 6\n955C9C\nA956AA\nAA956A\nA36956\n35CA00\n003600\n";

fn extension(format: Format) -> &'static str {
    format.extensions()[0]
}

#[test]
fn formats_lists_every_masyu_format() {
    let out = pzl(&["formats"]);
    assert!(out.status.success());
    let text = stdout(&out);
    for name in ["tootsweet", "masyu", "sol", "pzprjs", "penpa", "pzprv3", "tatham", "janko"] {
        let line =
            text.lines().find(|l| l.starts_with(&format!("{name} "))).unwrap_or_else(|| panic!("{name}"));
        assert!(line.contains("drw"), "{line}");
    }
}

#[test]
fn convert_between_every_pair_keeps_what_both_hold() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = write(dir.path(), "p.masyu", PUZZLE);
    let solution = write(dir.path(), "p.sol", SOLUTION);
    // The solved board with a few crosses, as a pzprv3 file (which holds everything).
    let full = dir.path().join("full.pzpr");
    let out = pzl(&["convert", s(&puzzle), "--board", s(&solution), "-o", s(&full)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut board = formats::read(&std::fs::read(&full).unwrap(), Format::Pzprv3).unwrap().value;
    assert_eq!(board.state(), pzl_masyu::BoardState::Solved);
    board.set_edge_by_number(3, EdgeState::Cross);
    std::fs::write(&full, formats::write(&board, Format::Pzprv3).unwrap().bytes).unwrap();

    for from in Format::ALL {
        let source = dir.path().join(format!("source.{}", extension(from)));
        let out = pzl(&["convert", s(&full), "--to", from.name(), "-o", s(&source)]);
        assert!(out.status.success(), "{from}: {}", stderr(&out));
        let source_board = formats::read(&std::fs::read(&source).unwrap(), from).unwrap().value;
        for to in Format::ALL {
            let target = dir.path().join(format!("target-{from}.{}", extension(to)));
            let out = pzl(&["convert", s(&source), "--to", to.name(), "-o", s(&target)]);
            assert!(out.status.success(), "{from} -> {to}: {}", stderr(&out));
            let bytes = std::fs::read(&target).unwrap();
            let back = formats::read(&bytes, to).unwrap();
            assert!(back.warnings.is_empty(), "{from} -> {to}: {:?}", back.warnings);
            let expected = to.kept(&from.kept(&board));
            assert_eq!(back.value, expected, "{from} -> {to}");
            assert_eq!(source_board, from.kept(&board));
        }
    }
}

#[test]
fn convert_warns_about_what_the_target_cannot_hold() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "x.pzpr", "pzprv3\nmashu\n1\n3\n1 . 2 \n1 -1 \n");
    let out = pzl(&["convert", s(&file), "--to", "tootsweet"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "3:1:h\nB:\n");
    assert!(stderr(&out).contains("the tootsweet format cannot hold crosses"), "{}", stderr(&out));
    let out = pzl(&["convert", s(&file), "--to", "sol"]);
    assert!(stderr(&out).contains("cannot hold pearls"), "{}", stderr(&out));
    let out = pzl(&["-q", "convert", s(&file), "--to", "sol"]);
    assert_eq!(stderr(&out), "");
}

#[test]
fn a_failed_convert_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let bad = write(dir.path(), "bad.masyu", "3 2\n...\n.X.\n");
    let target = dir.path().join("out.sol");
    let out = pzl(&["convert", s(&bad), "-o", s(&target)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("bad.masyu: line 3, column 2: expected `.`, `W` or `B`, found 'X'"),
        "{}",
        stderr(&out)
    );
    assert!(!target.exists());
    // A dead end cannot be written as janko's solution form.
    let partial = write(dir.path(), "partial.tootsweet", "4:4:AAAAAA\nBA:AA\n");
    let target = dir.path().join("out.janko");
    let out = pzl(&["convert", s(&partial), "-o", s(&target)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("janko"), "{}", stderr(&out));
    assert!(!target.exists());
}

#[test]
fn check_accepts_a_solution_and_names_broken_rules() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = write(dir.path(), "p.masyu", PUZZLE);
    let solution = write(dir.path(), "p.sol", SOLUTION);
    let out = pzl(&["check", s(&puzzle), "--board", s(&solution)]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains("ok"));

    // Cut the top-left corner out of the loop: two dead ends.
    let cut = write(
        dir.path(),
        "cut.sol",
        SOLUTION.replacen("955C9C", "155C9C", 1).replacen("A956AA", "8956AA", 1),
    );
    let out = pzl(&["check", s(&puzzle), "--board", s(&cut)]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.contains("[dead-end] the line ends (dead end) at (r1, c1), (r2, c1)"), "{text}");

    let out = pzl(&["check", "--json", s(&puzzle), "--board", s(&cut)]);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["ok"], false);
    assert_eq!(json["facts"]["state"], "partial");
    assert_eq!(json["problems"][0]["rule"], "dead-end");
    assert_eq!(json["facts"]["codes"][0], "lnDeadEnd");
    assert_eq!(json["problems"][0]["cells"][0], serde_json::json!([1, 1]));

    // A puzzle alone has no line: it is sound, not solved yet, and that is not a problem.
    let out = pzl(&["check", s(&puzzle)]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.contains("ok: the puzzle is sound (no line drawn yet)"), "{text}");
    assert!(!text.contains("no-line"), "{text}");
}

#[test]
fn check_reads_the_board_from_the_puzzle_file_itself() {
    let dir = tempfile::tempdir().unwrap();
    let solved = write(dir.path(), "ladybug.tootsweet", "4:4:AgAQAA\nww:gq\n");
    let out = pzl(&["check", s(&solved)]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let aphid = write(dir.path(), "aphid.tootsweet", "4:4:CCQQQA\nAA:IC\n");
    let out = pzl(&["check", s(&aphid)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("dead-end"), "{}", stdout(&out));
    assert!(stdout(&out).contains("pearl-off-loop"), "{}", stdout(&out));
}

#[test]
fn bad_input_exits_2_naming_file_and_place() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = write(dir.path(), "p.masyu", PUZZLE);
    let small = write(dir.path(), "small.sol", "2 1\n14\n");
    let out = pzl(&["check", s(&puzzle), "--board", s(&small)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("the board is 2x1 but the puzzle"), "{}", stderr(&out));
    let out = pzl(&["info", "p?mashu/4/4/02z100"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("offset 14"), "{}", stderr(&out));
    let out = pzl(&["check", "--from", "tatham", s(&puzzle)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("p.masyu: line 1"), "{}", stderr(&out));
}

#[test]
fn render_draws_text_and_svg() {
    let dir = tempfile::tempdir().unwrap();
    let out = pzl(&["render", "https://puzz.link/p?mashu/4/4/020100"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "· · · ·\n· ● · ·\n· · · ○\n· · · ·\n");
    let puzzle = write(dir.path(), "p.masyu", PUZZLE);
    let solution = write(dir.path(), "p.sol", SOLUTION);
    let out = pzl(&["render", s(&puzzle), "--board", s(&solution)]);
    assert_eq!(stdout(&out).lines().next(), Some("┌───○─┐ ┌─┐"));
    let svg = dir.path().join("p.svg");
    let out = pzl(&["render", s(&puzzle), "--board", s(&solution), "-o", s(&svg)]);
    assert!(out.status.success());
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<?xml") && picture.trim_end().ends_with("</svg>"));
    assert_eq!(picture.matches("<circle").count(), 5);
    let out = pzl(&["render", s(&puzzle), "--as", "svg"]);
    assert!(stdout(&out).contains("<svg"));
    let out = pzl(&["render", s(&puzzle), "--as", "png"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn info_describes_format_size_pearls_and_state() {
    let out = pzl(&["info", "--json", s(&examples().join("ladybug.tootsweet"))]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["format"], "tootsweet");
    let json = &doc["facts"];
    assert_eq!((json["width"].as_u64(), json["height"].as_u64()), (Some(4), Some(4)));
    assert_eq!((json["whites"].as_u64(), json["blacks"].as_u64()), (Some(1), Some(1)));
    assert_eq!(json["state"], "empty");
    let dir = tempfile::tempdir().unwrap();
    let solved = write(dir.path(), "solved.tootsweet", "4:4:AgAQAA\nww:gq\n");
    let out = pzl(&["info", s(&solved)]);
    let text = stdout(&out);
    assert!(text.contains("size:    4x4") && text.contains("state:   solved"), "{text}");
}

#[test]
fn the_shipped_examples_work() {
    let hook = examples().join("hook.masyu");
    let out = pzl(&["check", s(&hook), "--board", s(&examples().join("hook.sol"))]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let out = pzl(&["info", s(&examples().join("ladybug.tootsweet"))]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("pearls:  2 (1 white, 1 black)"));
}

#[test]
fn every_format_is_detected_from_the_content() {
    let dir = tempfile::tempdir().unwrap();
    let board = formats::read(PUZZLE.as_bytes(), Format::Text).unwrap().value;
    let lines = formats::read(SOLUTION.as_bytes(), Format::Sol).unwrap().value;
    let solved = board.with_edges_of(&lines).unwrap();
    for format in Format::ALL {
        // No extension: the content alone must tell.
        let path = dir.path().join(format!("noext-{format}"));
        std::fs::write(&path, formats::write(&solved, format).unwrap().bytes).unwrap();
        let out = pzl(&["info", "--json", s(&path)]);
        assert!(out.status.success(), "{format}: {}", stderr(&out));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["format"], format.name());
    }
}

#[test]
fn check_accepts_corpus_solutions_through_the_command_line() {
    let Some(dir) = pzl_corpus::dir("masyu") else { return };
    let mut checked = 0;
    for collection in ["fixtures", "tatham", "nikoli-samples"] {
        for puzzle in pzl_corpus::files(&dir.join("puzzles").join(collection), ".txt") {
            let stem = puzzle.file_stem().and_then(|s| s.to_str()).unwrap();
            let solution = dir.join("solutions").join(collection).join(format!("{stem}.sol"));
            let out = pzl(&["check", s(&puzzle), "--board", s(&solution)]);
            assert_eq!(out.status.code(), Some(0), "{}: {}", puzzle.display(), stdout(&out));
            checked += 1;
        }
    }
    assert!(checked >= 190, "{checked}");
    // Every fixture through every format and back, via the command line.
    let tmp = tempfile::tempdir().unwrap();
    for puzzle in pzl_corpus::files(&dir.join("puzzles/fixtures"), ".txt") {
        let stem = puzzle.file_stem().and_then(|s| s.to_str()).unwrap();
        let solution = dir.join("solutions/fixtures").join(format!("{stem}.sol"));
        let whole = tmp.path().join(format!("{stem}.tootsweet"));
        assert!(pzl(&["convert", s(&puzzle), "--board", s(&solution), "-o", s(&whole)]).status.success());
        for format in Format::ALL {
            let there = tmp.path().join(format!("{stem}.{}", extension(format)));
            assert!(pzl(&["convert", s(&whole), "--to", format.name(), "-o", s(&there)]).status.success());
            let back = pzl(&["convert", s(&there), "--to", "tootsweet"]);
            assert!(back.status.success(), "{stem} {format}: {}", stderr(&back));
            if format.holds().pearls && format.holds().lines {
                assert_eq!(back.stdout, std::fs::read(&whole).unwrap(), "{stem} through {format}");
            }
        }
    }
}
