//! `pzl hint` (top-level, same as `pzl masyu hint`): one deduction at a time, `--apply` writes it,
//! repeated hints from an empty board reach the solution, and bad requests exit 2.

use std::path::Path;

mod common;
use common::{pzl, s, stderr, stdout};

fn hook() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/masyu/hook.masyu")
}

#[test]
fn repeated_applied_hints_reach_the_solution() {
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("hook.pzprv3");
    let made = pzl(&["convert", s(&hook()), "-o", s(&board)]);
    assert_eq!(made.status.code(), Some(0), "{}", stderr(&made));
    let mut steps = 0;
    loop {
        let hint = pzl(&["hint", s(&board), "--json"]);
        assert_eq!(hint.status.code(), Some(0), "{}", stderr(&hint));
        let json: serde_json::Value = serde_json::from_str(&stdout(&hint)).unwrap();
        if json["type"] == "solved" {
            break;
        }
        assert_eq!(json["type"], "deduce", "{json}");
        assert!(json["rule"].as_str().is_some_and(|r| !r.is_empty()), "{json}");
        let level = json["level"].as_str().unwrap_or_default();
        assert!(["local", "global", "hypothesis", "search"].contains(&level), "{json}");
        assert!(json["text"].as_str().unwrap_or_default().ends_with(&format!("({level} rule)")), "{json}");
        let applied = pzl(&["hint", s(&board), "--apply", "-o", s(&board)]);
        assert_eq!(applied.status.code(), Some(0), "{}", stderr(&applied));
        steps += 1;
        assert!(steps <= 60, "a 6x6 board has 60 edges: the hints must end");
    }
    assert!(steps > 0);
    let check = pzl(&["check", s(&board)]);
    assert_eq!(check.status.code(), Some(0), "the applied hints make the solution: {}", stdout(&check));
}

#[test]
fn a_wrong_line_is_named_and_nothing_is_applied() {
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("hook.tootsweet");
    pzl(&["convert", s(&hook()), "-o", s(&board)]);
    // Solve it, then take the loop's first line away by crossing it: that cross is wrong.
    let solved = dir.path().join("solved.tootsweet");
    let run = pzl(&["solve", s(&board), "-o", s(&solved)]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let json = pzl(&["hint", s(&solved), "--json"]);
    assert_eq!(serde_json::from_str::<serde_json::Value>(&stdout(&json)).unwrap()["type"], "solved");
    let out = dir.path().join("out.tootsweet");
    let wrong_board = "6 6\n.W...B\n.W....\n.W.BW.\n.W....\n...B..\n.W..W.\n";
    let wrong = common::write(dir.path(), "w.masyu", wrong_board);
    let refused = pzl(&["hint", s(&wrong), "--apply", "-o", s(&dir.path().join("x.masyu"))]);
    assert_eq!(refused.status.code(), Some(2), "text cannot hold lines: {}", stderr(&refused));
    assert!(!dir.path().join("x.masyu").exists(), "nothing written");
    assert!(!out.exists());
}

#[test]
fn apply_needs_nothing_but_an_output_and_the_top_level_matches_the_kind_command() {
    let top = pzl(&["hint", s(&hook())]);
    let kind = pzl(&["masyu", "hint", s(&hook())]);
    assert_eq!(top.status.code(), Some(0), "{}", stderr(&top));
    assert_eq!(stdout(&top), stdout(&kind));
    let no_apply = pzl(&["hint", s(&hook()), "-o", "x.tootsweet"]);
    assert_eq!(no_apply.status.code(), Some(2));
}
