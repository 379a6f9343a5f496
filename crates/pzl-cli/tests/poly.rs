//! CLI tests for the polyomino area: MacPoly puzzle and solution files through `pzl info`, `check`,
//! `solve`, `render` and `convert`, with exit codes, messages and written files.

mod common;
use common::{pzl, text, write};

/// Figure 6 of Levner's article as a source file (6x6 shape, name and message on two lines, CR).
const SQUARE: &str = "6 x 6 Square\rCongratulations! Puzzle by David Levner.\r\
    ..................\r.a.a..SSSSSS..b.b.\r.aaaa.SSSSSS.bbbb.\r.aaa..SSSSSS..bbb.\r\
    ......SSSSSS......\r.c.c..SSSSSS..d.d.\r.cccc.SSSSSS.dddd.\r.ccc..........ddd.\r\
    ..................\r";

#[test]
fn info_lists_pieces_and_areas() {
    let dir = tempfile::tempdir().unwrap();
    let square = write(dir.path(), "square.txt", SQUARE.as_bytes());
    let out = pzl(&["info", square.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("name:    6 x 6 Square"), "{stdout}");
    assert!(stdout.contains("message: Congratulations! Puzzle by David Levner."), "{stdout}");
    assert!(stdout.contains("    d  9 squares, beside the shape"), "{stdout}");
    assert!(stdout.contains("shape:   36 squares"), "{stdout}");
    let json = pzl(&["info", "--json", square.to_str().unwrap()]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["facts"]["shape_area"], 36);
    assert_eq!(value["facts"]["areas_match"], true);
}

#[test]
fn the_printed_figure_3_reports_its_mismatch() {
    let Some(corpus) = pzl_corpus::dir("poly") else { return };
    let fig3 = corpus.join("macpoly/fig3-6x6-square.puz.txt");
    let out = pzl(&["info", fig3.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("MISMATCH: the pieces cover 36 squares but the shape has 42"));
    assert!(text(&out.stderr).contains("share line 1"), "{}", text(&out.stderr));
    let check = pzl(&["check", fig3.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(1));
    let solve = pzl(&["solve", fig3.to_str().unwrap()]);
    assert_eq!(solve.status.code(), Some(1));
    assert!(text(&solve.stderr).contains("the pieces cover 36 squares but the shape has 42"));
}

#[test]
fn solve_writes_a_solution_that_check_accepts() {
    let dir = tempfile::tempdir().unwrap();
    let square = write(dir.path(), "square.txt", SQUARE.as_bytes());
    let solution = dir.path().join("square-solution.txt");
    let out = pzl(&["solve", square.to_str().unwrap(), "-o", solution.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = std::fs::read(&solution).unwrap();
    assert!(written.starts_with(b"6 x 6 Square Solution\r........\r.AAA"), "{}", text(&written));
    let check = pzl(&["check", square.to_str().unwrap(), "--solution", solution.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));
    assert!(text(&check.stdout).contains("the solution is correct"));
    // Without flips the written solution (two pieces turned over) is refused.
    let strict =
        pzl(&["check", square.to_str().unwrap(), "--solution", solution.to_str().unwrap(), "--no-flip"]);
    assert_eq!(strict.status.code(), Some(1));
    assert!(text(&strict.stdout).contains("flips not allowed"), "{}", text(&strict.stdout));
}

#[test]
fn the_articles_solution_passes_check() {
    let dir = tempfile::tempdir().unwrap();
    let square = write(dir.path(), "square.txt", SQUARE.as_bytes());
    let fig4 = "6 x 6 Square Solution\n........\n.AAABBB.\n.AABBBB.\n.AAABDB.\n.CACDDD.\n.CCCCDD.\n.CCCDDD.\n........\n";
    let solution = write(dir.path(), "fig4.txt", fig4.as_bytes());
    let out = pzl(&["check", square.to_str().unwrap(), "--solution", solution.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let broken = write(dir.path(), "broken.txt", fig4.replace(".AABBBB.", ".AAABBB.").as_bytes());
    let out = pzl(&["check", square.to_str().unwrap(), "--solution", broken.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["ok"], false);
    assert!(!value["problems"].as_array().unwrap().is_empty());
}

#[test]
fn a_solution_with_a_piece_in_two_parts_is_a_finding() {
    let dir = tempfile::tempdir().unwrap();
    let square = write(dir.path(), "square.txt", SQUARE.as_bytes());
    let fig4 = "6 x 6 Square Solution\n........\n.AAABBB.\n.AABBBB.\n.AAABDB.\n.CACDDD.\n.CCCCDD.\n.CCCDDD.\n........\n";
    // One square of A and one of D trade places: both pieces fall apart.
    let swapped = fig4.replacen(".AAABBB.", ".DAABBB.", 1).replacen(".CCCDDD.", ".CCCDDA.", 1);
    let solution = write(dir.path(), "swapped.txt", swapped.as_bytes());
    let out = pzl(&["check", square.to_str().unwrap(), "--solution", solution.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("line 3, column 2: the squares of piece `D` are not connected"),
        "{}",
        text(&out.stdout)
    );
    // A file that is no solution file (a lower-case piece) stays an input error.
    let unreadable = write(dir.path(), "lower.txt", fig4.replacen(".AAABBB.", ".aAABBB.", 1).as_bytes());
    let out = pzl(&["check", square.to_str().unwrap(), "--solution", unreadable.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("lower.txt: line 3, column 3"), "{}", text(&out.stderr));
}

#[test]
fn counts_with_and_without_flips() {
    let dir = tempfile::tempdir().unwrap();
    let square = write(dir.path(), "square.txt", SQUARE.as_bytes());
    let path = square.to_str().unwrap();
    let raw = pzl(&["solve", path, "--count"]);
    assert_eq!((raw.status.code(), text(&raw.stdout)), (Some(0), "48\n".to_string()));
    let distinct = pzl(&["solve", path, "--count", "--distinct"]);
    assert_eq!(text(&distinct.stdout), "6\n");
    let parallel = pzl(&["solve", path, "--count", "--jobs", "2"]);
    assert_eq!(text(&parallel.stdout), "48\n");
    let no_flip = pzl(&["solve", path, "--count", "--no-flip"]);
    assert_eq!((no_flip.status.code(), text(&no_flip.stdout)), (Some(1), "0\n".to_string()));
    let json = pzl(&["solve", path, "--count", "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        (
            value["facts"]["raw"].as_u64(),
            value["facts"]["distinct"].as_u64(),
            value["facts"]["symmetries"].as_u64()
        ),
        (Some(48), Some(6), Some(8))
    );
    let all = pzl(&["solve", path, "--all", "--distinct"]);
    assert_eq!(text(&all.stdout).matches("solution ").count(), 6);
}

#[test]
fn solve_prints_a_picture_and_render_draws_svg() {
    let dir = tempfile::tempdir().unwrap();
    let square = write(dir.path(), "square.txt", SQUARE.as_bytes());
    let out = pzl(&["solve", square.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let picture = text(&out.stdout);
    assert_eq!(picture.lines().filter(|l| !l.trim().is_empty()).count(), 6, "{picture}");
    for letter in ['A', 'B', 'C', 'D'] {
        assert_eq!(picture.matches(letter).count(), 18, "{picture}");
    }
    let svg = dir.path().join("square.svg");
    let out = pzl(&["render", square.to_str().unwrap(), "-o", svg.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
}

#[test]
fn convert_keeps_the_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let crlf = SQUARE.replace('\r', "\r\n");
    let square = write(dir.path(), "square.txt", crlf.as_bytes());
    let copy = dir.path().join("copy.macpoly");
    let out = pzl(&["convert", square.to_str().unwrap(), "-o", copy.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(std::fs::read(&copy).unwrap(), crlf.as_bytes());
}

#[test]
fn bad_grids_exit_2_with_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let split = write(dir.path(), "split.macpoly", b"Split\nmessage\n.SSS.\n.a.a.\n");
    let out = pzl(&["info", split.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("line 4, column 2: the squares of piece `a` are not connected"),
        "{}",
        text(&out.stderr)
    );
    let both = write(dir.path(), "both.macpoly", b"Both\nmessage\n.SSA.\n.aa..\n");
    let out = pzl(&["solve", both.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("drawn both inside the shape and outside it"));
    let empty = write(dir.path(), "empty.macpoly", b"Empty\nmessage\n.....\n.aa..\n");
    let out = pzl(&["info", empty.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no square of the solution shape"));
    let odd = write(dir.path(), "odd.macpoly", b"Odd\nmessage\n.SS\x01.\n.aa..\n");
    let out = pzl(&["info", odd.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("line 3, column 4: unknown character"), "{}", text(&out.stderr));
}

/// The kinds' settings are flags built from the library's table, each under its kind's heading,
/// on the verbs they apply to only; a refusal names the flag as the command line spells it.
#[test]
fn help_groups_the_kinds_settings_by_kind() {
    let solve = text(&pzl(&["solve", "--help"]).stdout);
    let masyu = solve.find("Masyu options:").expect("a Masyu heading");
    let poly = solve.find("Polyomino options:").expect("a Polyomino heading");
    assert!(solve[masyu..poly].contains("--human") && solve[masyu..poly].contains("--trace"), "{solve}");
    assert!(solve[poly..].contains("--no-flip") && solve[poly..].contains("--shard <K/N>"), "{solve}");
    let check = text(&pzl(&["check", "--help"]).stdout);
    assert!(check.contains("Polyomino options:") && check.contains("--no-flip"), "{check}");
    assert!(!check.contains("--human"), "{check}");
    let render = text(&pzl(&["render", "--help"]).stdout);
    assert!(render.contains("Crossword options:") && render.contains("--with-clues"), "{render}");
    assert!(render.contains("A-Puzzle-A-Day options:") && render.contains("--date <DATE>"), "{render}");
    // `--resume` needs `--shard` (the table says so).
    let out = pzl(&["solve", "x.pack", "--count", "--resume", "r.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--shard"), "{}", text(&out.stderr));
}
