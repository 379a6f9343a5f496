//! `pzl generate masyu`: every puzzle is proven unique and graded as asked by a separate
//! `pzl solve`, the same seed gives the same puzzles for any `--jobs`, the outputs (standard
//! output, a folder, a TootSweet database) hold them, and impossible requests exit 2.

mod common;
use common::{pzl, s, stderr, stdout};

/// What `pzl solve --json` says of a puzzle: (unique, grade).
fn solved(dir: &std::path::Path, url: &str) -> (bool, String) {
    let file = dir.join("one.pzprjs");
    std::fs::write(&file, format!("{url}\n")).unwrap();
    let run = pzl(&["solve", s(&file), "--json"]);
    assert_eq!(run.status.code(), Some(0), "{url}: {}", stderr(&run));
    let report: serde_json::Value = serde_json::from_str(&stdout(&run)).unwrap();
    let grade = report["facts"]["difficulty"].as_str().unwrap_or_default().to_string();
    (report["unique"] == true, grade)
}

#[test]
fn every_puzzle_is_unique_and_graded_as_asked() {
    let dir = tempfile::tempdir().unwrap();
    for (size, grade, count) in [
        ("10x10", "easy", "2"),
        ("10x10", "medium", "3"),
        ("10x10", "hard", "3"),
        ("10x10", "expert", "2"),
        ("12x7", "medium", "2"),
    ] {
        let run =
            pzl(&["generate", "masyu", "--size", size, "--difficulty", grade, "-n", count, "--seed", "11"]);
        assert_eq!(run.status.code(), Some(0), "{size} {grade}: {}", stderr(&run));
        let urls: Vec<String> = stdout(&run).lines().map(str::to_string).collect();
        assert_eq!(urls.len().to_string(), count, "one URL per line");
        for url in &urls {
            let (w, h) = size.split_once('x').unwrap();
            assert!(url.starts_with(&format!("https://puzz.link/p?mashu/{w}/{h}/")), "{url}");
            assert_eq!(solved(dir.path(), url), (true, grade.to_string()), "{url}");
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles_for_any_number_of_threads() {
    let args = ["generate", "masyu", "--size", "9x9", "-n", "4", "--seed", "5", "--symmetry", "rotational"];
    let one = pzl(&[&args[..], &["--jobs", "1"]].concat());
    let two = pzl(&[&args[..], &["--jobs", "2"]].concat());
    assert_eq!(one.status.code(), Some(0), "{}", stderr(&one));
    assert_eq!(stdout(&one), stdout(&two));
    let other =
        pzl(&["generate", "masyu", "--size", "9x9", "-n", "4", "--seed", "6", "--symmetry", "rotational"]);
    assert_ne!(stdout(&one), stdout(&other), "another seed, other puzzles");
}

#[test]
fn json_lines_carry_the_grade_pearls_and_statistics() {
    let run = pzl(&["generate", "masyu", "--size", "8x8", "--difficulty", "hard", "-n", "2", "--json"]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let lines: Vec<serde_json::Value> =
        stdout(&run).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["index"], i as u64);
        assert_eq!(line["difficulty"], "hard");
        let pearls = line["pearls"].as_u64().unwrap();
        assert_eq!(pearls, line["whites"].as_u64().unwrap() + line["blacks"].as_u64().unwrap());
        assert!(pearls > 0 && pearls < 64);
        assert!(line["stats"]["hypotheses"].as_u64().unwrap() > 0, "hard needs hypotheses");
        assert!(line["puzzle"].as_str().unwrap().starts_with("https://puzz.link/p?mashu/8/8/"));
    }
}

#[test]
fn a_folder_gets_one_file_each_and_is_never_overwritten_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("made");
    let run = pzl(&["generate", "masyu", "-n", "3", "-o", s(&out), "--to", "masyu"]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    for i in 0..3 {
        let file = out.join(format!("masyu-10x10-medium-s1-{i:04}.masyu"));
        let check = pzl(&["solve", s(&file)]);
        assert_eq!(check.status.code(), Some(0), "{}: {}", file.display(), stderr(&check));
    }
    let again = pzl(&["generate", "masyu", "-n", "3", "-o", s(&out), "--to", "masyu"]);
    assert_eq!(again.status.code(), Some(2));
    assert!(stderr(&again).contains("exists already"), "{}", stderr(&again));
    let forced = pzl(&["generate", "masyu", "-n", "3", "-o", s(&out), "--to", "masyu", "--force"]);
    assert_eq!(forced.status.code(), Some(0), "{}", stderr(&forced));
}

#[test]
fn puzzles_go_straight_into_a_tootsweet_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("Puzzles.data");
    let run = pzl(&["generate", "masyu", "-n", "3", "--size", "8x8", "-o", s(&db)]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let list = pzl(&["masyu", "db", "list", s(&db), "--json"]);
    assert_eq!(list.status.code(), Some(0), "{}", stderr(&list));
    let text = stdout(&list);
    for i in 0..3 {
        assert!(text.contains(&format!("masyu-8x8-medium-s1-{i:04}")), "{text}");
    }
}

#[test]
fn impossible_requests_exit_2_and_a_timeout_exits_1() {
    for args in [
        &["--size", "5x5", "--difficulty", "expert"][..],
        &["--size", "4x10"],
        &["--size", "10by10"],
        &["--difficulty", "fiendish"],
        &["--symmetry", "diagonal"],
        &["-n", "0"],
    ] {
        let run = pzl(&[&["generate", "masyu"][..], args].concat());
        assert_eq!(run.status.code(), Some(2), "{args:?}: {}", stderr(&run));
        assert!(stdout(&run).is_empty());
        assert!(!stderr(&run).contains("panicked"));
    }
    let run = pzl(&[
        "generate",
        "masyu",
        "--size",
        "30x30",
        "--difficulty",
        "expert",
        "-n",
        "2",
        "--timeout",
        "0.01",
    ]);
    assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
    assert!(stderr(&run).contains("the time ran out"), "{}", stderr(&run));
}
