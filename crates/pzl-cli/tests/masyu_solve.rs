//! `pzl solve`, `pzl replay` and `pzl render --trace` on Masyu puzzles, end to end: output in the
//! input's format or `--to`, `--count`, `--json`, impossible and ambiguous puzzles, traces, batch.

mod common;
use common::{pzl, s, stderr, stdout, write};

/// The Wikipedia example (flar/masyu_app), written here so the test does not need the corpus.
const WIKIPEDIA: &str = "10 10\n..W.W.....\n....W...B.\n..B.B.W...\n...W..W...\nB....W...W\n\
                         ..W....W..\n..B...W...\nW...B....W\n......WW..\n..B......B\n";
const WIKIPEDIA_SOL: &str = "10 10\n09555C955C\n96095635CA\n35CA955CAA\n00AAA956AA\n95636A096A\n\
                             A955CA0A96\nAA9563563C\nAAA09555CA\n36A0A9556A\n0035635556\n";

#[test]
fn ladybug_prints_the_puzzle_line_and_the_seed_board() {
    let tmp = tempfile::tempdir().unwrap();
    let file = write(tmp.path(), "ladybug.tootsweet", "4:4:AgAQAA\n");
    let out = pzl(&["solve", s(&file)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "4:4:AgAQAA\nww:gq\n");
    assert_eq!(stderr(&out), "");
}

#[test]
fn aphid_and_cicada_solve_to_their_known_loops() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, puzzle, masks) in [
        ("aphid", "4:4:CCQQQA\n", "4 4\n955C\nA00A\nA00A\n3556\n"),
        ("cicada", "4:4:gAAECA\n", "4 4\n95C0\nA0A0\nA0A0\n3560\n"),
    ] {
        let file = write(tmp.path(), &format!("{name}.tootsweet"), puzzle);
        let out = pzl(&["solve", "--to", "sol", s(&file)]);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        assert_eq!(stdout(&out), masks, "{name}");
    }
}

#[test]
fn a_text_puzzle_is_written_as_a_sol_grid_by_default_and_to_a_file_with_o() {
    let tmp = tempfile::tempdir().unwrap();
    let file = write(tmp.path(), "wiki.txt", WIKIPEDIA);
    let out = pzl(&["solve", s(&file)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), WIKIPEDIA_SOL);
    assert_eq!(stderr(&out), "", "no warning expected");
    let target = tmp.path().join("out.sol");
    let out = pzl(&["solve", s(&file), "-o", s(&target)]);
    assert!(out.status.success());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), WIKIPEDIA_SOL);
}

#[test]
fn count_and_json_report_uniqueness_and_statistics() {
    let tmp = tempfile::tempdir().unwrap();
    let file = write(tmp.path(), "wiki.txt", WIKIPEDIA);
    let out = pzl(&["solve", "--count", s(&file)]);
    assert_eq!(stdout(&out), "1\n");
    assert!(out.status.success());
    let out = pzl(&["solve", "--json", s(&file)]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "solved");
    assert_eq!(v["unique"], true);
    assert!(v["facts"]["difficulty"].is_string());
    assert!(v["time_ms"].as_f64().unwrap() >= 0.0);
    assert!(v["facts"]["statistics"]["propagations"].as_u64().unwrap() > 0);
    assert_eq!(v["solutions"], serde_json::json!([WIKIPEDIA_SOL]));
}

#[test]
fn impossible_puzzles_exit_1_with_a_clear_message() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, text) in [
        ("corner-blacks.txt", "4 4\nBB..\n....\n....\n....\n"),
        ("three-whites-on-the-border.txt", "5 5\n.WWW.\n.....\n.....\n.....\n.....\n"),
        ("white-in-corner.txt", "5 5\nW....\n.....\n..B..\n.....\n.....\n"),
    ] {
        let file = write(tmp.path(), name, text);
        let out = pzl(&["solve", s(&file)]);
        assert_eq!(out.status.code(), Some(1), "{name}");
        assert!(stderr(&out).contains("no solution"), "{name}: {}", stderr(&out));
        assert_eq!(stdout(&out), "");
        let out = pzl(&["solve", "--count", s(&file)]);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(stdout(&out), "0\n");
        let out = pzl(&["solve", "--json", s(&file)]);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["outcome"], "no-solution");
    }
}

#[test]
fn ambiguous_puzzles_report_2_plus() {
    let tmp = tempfile::tempdir().unwrap();
    let file = write(tmp.path(), "one-white.txt", "4 4\n....\n.W..\n....\n....\n");
    let out = pzl(&["solve", "--count", s(&file)]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "2+\n");
    let out = pzl(&["solve", "--count", "--limit", "1000", s(&file)]);
    let n: u64 = stdout(&out).trim().parse().unwrap();
    assert!(n > 2 && n < 1000, "{n}");
    let out = pzl(&["solve", s(&file)]);
    assert!(out.status.success());
    assert!(stderr(&out).contains("more than one solution"));
}

#[test]
fn a_trace_replays_in_the_terminal_and_renders_for_a_browser() {
    let tmp = tempfile::tempdir().unwrap();
    let file = write(tmp.path(), "wiki.txt", WIKIPEDIA);
    let trace = tmp.path().join("solve.jsonl");
    let out = pzl(&["solve", "--trace", s(&trace), s(&file)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&trace).unwrap();
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["type"], "header");
    assert_eq!(first["width"], 10);
    assert!(text.lines().any(|l| l.contains("\"type\":\"set\"") && l.contains("\"rule\":\"black-leg\"")));
    assert!(text.lines().last().unwrap().contains("\"outcome\":\"solved\""));

    // Not a terminal: one line per step, the final board, no waiting.
    let out = pzl(&["replay", "--delay", "1000", s(&trace)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let shown = stdout(&out);
    assert!(shown.contains("black-leg: line"));
    assert!(shown.contains("outcome: solved"));
    assert!(shown.contains('●') && shown.contains('─'));

    let svg = tmp.path().join("solve.svg");
    let out = pzl(&["render", "--trace", s(&trace), "-o", s(&svg)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.contains("<set attributeName=\"visibility\""));
    let html = tmp.path().join("solve.html");
    let out = pzl(&["render", "--trace", s(&trace), "-o", s(&html)]);
    assert!(out.status.success());
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") && page.contains("const D = {"));

    let out = pzl(&["render", "--trace", s(&trace), "-o", s(&tmp.path().join("x.png"))]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_damaged_trace_is_rejected_naming_the_line() {
    let tmp = tempfile::tempdir().unwrap();
    let trace = write(
        tmp.path(),
        "bad.jsonl",
        "{\"type\":\"header\",\"puzzle\":[\"..\",\"..\"]}\n{\"type\":\"set\"}\n",
    );
    let out = pzl(&["replay", s(&trace)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("line 2"), "{}", stderr(&out));
}

#[test]
fn human_mode_solves_with_one_level_hypotheses_first() {
    let tmp = tempfile::tempdir().unwrap();
    let file = write(tmp.path(), "wiki.txt", WIKIPEDIA);
    let out = pzl(&["solve", "--human", s(&file)]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), WIKIPEDIA_SOL);
}

#[test]
fn batch_over_a_directory_reports_each_file_and_a_summary() {
    let tmp = tempfile::tempdir().unwrap();
    write(tmp.path(), "a.txt", WIKIPEDIA);
    write(tmp.path(), "b.tootsweet", "4:4:AgAQAA\n");
    write(tmp.path(), "c.txt", "4 4\nBB..\n....\n....\n....\n");
    write(tmp.path(), "a.sol", WIKIPEDIA_SOL);
    for jobs in ["1", "2"] {
        let out = pzl(&["solve", "--jobs", jobs, s(tmp.path())]);
        assert_eq!(out.status.code(), Some(1), "one puzzle has no solution");
        let text = stdout(&out);
        assert!(text.contains("a.txt: solved, unique"), "{text}");
        assert!(text.contains("b.tootsweet: solved, unique"), "{text}");
        assert!(text.contains("c.txt: no-solution"), "{text}");
        assert!(!text.contains("a.sol"), "solutions are not puzzles: {text}");
        // The summary every verb prints, with what `solve` found.
        assert!(
            text.contains(
                "3 files: 2 ok, 1 with problems, 0 errors; 2 solved (2 unique), 1 without solution"
            ),
            "{text}"
        );
    }
    let out = pzl(&["solve", "--json", s(&tmp.path().join("a.txt")), s(&tmp.path().join("b.tootsweet"))]);
    // JSON Lines: one object per file, then the summary.
    let lines: Vec<serde_json::Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[2]["summary"]["solved"], 2);
    assert_eq!(lines[2]["summary"]["ok"], 2);
}

#[test]
fn info_shows_the_grade() {
    let tmp = tempfile::tempdir().unwrap();
    let file = write(tmp.path(), "wiki.txt", WIKIPEDIA);
    let out = pzl(&["info", "--json", s(&file)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(["easy", "medium", "hard", "expert"].contains(&v["facts"]["difficulty"].as_str().unwrap()));
}

#[test]
fn timeout_must_be_positive() {
    let tmp = tempfile::tempdir().unwrap();
    let file = write(tmp.path(), "wiki.txt", WIKIPEDIA);
    let out = pzl(&["solve", "--timeout", "-1", s(&file)]);
    assert_eq!(out.status.code(), Some(2));
    let out = pzl(&["solve", "--timeout", "30", s(&file)]);
    assert!(out.status.success());
}
