//! Whole collections: `convert DIR… -o OUTDIR --to FORMAT` mirrors a tree, `check`/`info`/
//! `convert` print JSON Lines with `--json`, `--jobs N` keeps the input order, and the progress
//! bar shows on a terminal only.

use std::path::Path;
use std::process::{Command, Stdio};

mod common;
use common::{pzl, s, stderr, stdout, write};

const PUZZLE: &str = "4 4\nW...\n....\n..B.\n....\n";

/// A tree of Masyu text files: `a.masyu`, `deep/b.masyu`, `deep/er/c.masyu`, and one bad file.
fn tree(root: &Path) {
    std::fs::create_dir_all(root.join("deep/er")).unwrap();
    write(root, "a.masyu", PUZZLE);
    write(root, "deep/b.masyu", PUZZLE);
    write(root, "deep/er/c.masyu", PUZZLE);
    write(root, "deep/bad.masyu", "not a puzzle\n");
}

fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

#[test]
fn convert_mirrors_the_tree_skips_bad_files_and_never_overwrites_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    tree(&input);
    let out = dir.path().join("out");
    let run = pzl(&["convert", s(&input), "-o", s(&out), "--to", "tootsweet"]);
    assert_eq!(run.status.code(), Some(2), "a bad file makes the run an error: {}", stderr(&run));
    assert!(stderr(&run).contains("bad.masyu"), "the bad file is named: {}", stderr(&run));
    for name in ["a.tootsweet", "deep/b.tootsweet", "deep/er/c.tootsweet"] {
        assert!(out.join(name).is_file(), "{name} written");
    }
    assert!(!out.join("deep/bad.tootsweet").exists(), "nothing written for the bad file");
    assert!(stdout(&run).contains("4 files: 3 ok, 0 with problems, 1 errors"), "{}", stdout(&run));

    // A second run keeps what is there and says so, per file.
    std::fs::write(out.join("a.tootsweet"), "mine").unwrap();
    std::fs::remove_file(input.join("deep/bad.masyu")).unwrap();
    let again = pzl(&["convert", s(&input), "-o", s(&out), "--to", "tootsweet"]);
    assert_eq!(again.status.code(), Some(1), "{}", stderr(&again));
    assert!(stdout(&again).contains("exists already; skipped"), "{}", stdout(&again));
    assert_eq!(std::fs::read_to_string(out.join("a.tootsweet")).unwrap(), "mine");
    let forced = pzl(&["convert", s(&input), "-o", s(&out), "--to", "tootsweet", "--force"]);
    assert_eq!(forced.status.code(), Some(0), "{}", stderr(&forced));
    assert_ne!(std::fs::read_to_string(out.join("a.tootsweet")).unwrap(), "mine");
}

#[test]
fn several_files_convert_into_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    let out = dir.path().join("out");
    let a = dir.path().join("a.masyu");
    let b = dir.path().join("deep/b.masyu");
    let run = pzl(&["-q", "convert", s(&a), s(&b), "-o", s(&out), "--to", "pzprv3"]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(out.join("a.pzpr").is_file() && out.join("b.pzpr").is_file());
    let no_to = pzl(&["convert", s(&a), s(&b), "-o", s(&out)]);
    assert_eq!(no_to.status.code(), Some(2));
    assert!(stderr(&no_to).contains("--to"), "{}", stderr(&no_to));
}

#[test]
fn json_is_json_lines_and_jobs_keep_the_order() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    for verb in ["check", "info"] {
        let one = pzl(&[verb, "--json", "--jobs", "1", s(dir.path())]);
        let two = pzl(&[verb, "--json", "--jobs", "2", s(dir.path())]);
        assert_eq!(one.status.code(), Some(2), "{verb}: {}", stderr(&one));
        assert_eq!(stdout(&one), stdout(&two), "{verb}: --jobs 2 prints what --jobs 1 does");
        let lines = json_lines(&stdout(&one));
        assert_eq!(lines.len(), 5, "{verb}: four files and the summary");
        let files: Vec<&str> = lines[..4].iter().map(|l| l["file"].as_str().unwrap()).collect();
        let mut sorted = files.clone();
        sorted.sort();
        assert_eq!(files, sorted, "{verb}: input order");
        assert!(
            lines[..4]
                .iter()
                .any(|l| l["file"].as_str().unwrap().ends_with("bad.masyu") && l.get("error").is_some())
        );
        assert_eq!(lines[4]["summary"]["files"], 4);
        assert_eq!(lines[4]["summary"]["errors"], 1);
    }
    let out = dir.path().join("out");
    let run = pzl(&["convert", "--json", "-j", "2", s(dir.path()), "-o", s(&out), "--to", "tootsweet"]);
    let lines = json_lines(&stdout(&run));
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0]["status"], "written");
    assert_eq!(lines[4]["summary"]["ok"], 3);
}

/// Enough files for many runs of 16 on each thread, some that cannot be read among them: text
/// and JSON, on standard output and standard error, are the same at any `--jobs`.
#[test]
fn many_files_print_the_same_at_any_jobs() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..300 {
        let folder = dir.path().join(format!("d{}", i % 3));
        std::fs::create_dir_all(&folder).unwrap();
        let content = if i % 37 == 5 { "not a puzzle\n" } else { PUZZLE };
        write(&folder, &format!("p{i:03}.masyu"), content);
    }
    for args in [&["check"][..], &["check", "--json"], &["info"], &["info", "--json"]] {
        let run = |jobs: &str| pzl(&[args, &["--jobs", jobs, s(dir.path())]].concat());
        let one = run("1");
        assert_eq!(one.status.code(), Some(2), "{args:?}: {}", stderr(&one));
        let said = stdout(&one) + &stderr(&one);
        assert!(said.contains("p005.masyu") && said.contains("p264.masyu"), "{args:?}: {said}");
        for jobs in ["2", "3"] {
            let more = run(jobs);
            assert_eq!(stdout(&one), stdout(&more), "{args:?} --jobs {jobs}");
            assert_eq!(stderr(&one), stderr(&more), "{args:?} --jobs {jobs}");
            assert_eq!(one.status.code(), more.status.code());
        }
    }
}

#[test]
fn progress_bar_on_a_terminal_only() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..400 {
        write(dir.path(), &format!("p{i:03}.masyu"), PUZZLE);
    }
    let piped = pzl(&["check", s(dir.path())]);
    assert!(!stderr(&piped).contains("checking"), "no bar off a terminal: {}", stderr(&piped));
    let typescript = dir.path().join("typescript");
    let command = format!("{} check {}", env!("CARGO_BIN_EXE_pzl"), s(dir.path()));
    let ran =
        Command::new("script").arg("-qec").arg(&command).arg(&typescript).stdout(Stdio::null()).status();
    if !ran.is_ok_and(|st| st.success()) {
        println!("skipping the terminal half: `script` is not available here");
        return;
    }
    let shown = String::from_utf8_lossy(&std::fs::read(&typescript).unwrap()).into_owned();
    assert!(shown.contains("checking"), "a bar on a terminal: {shown}");
}

/// A symbolic link in an input folder to a file of the output folder (which lies elsewhere) is
/// an output of an earlier run, not an input of this one: skipped, as a file of an output
/// folder inside the input folder is (only links and such folders need their real paths).
#[cfg(unix)]
#[test]
fn a_link_into_the_output_folder_is_not_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let (input, out) = (dir.path().join("in"), dir.path().join("out"));
    std::fs::create_dir_all(&input).unwrap();
    write(&input, "a.masyu", PUZZLE);
    let first = pzl(&["-q", "convert", s(&input), "-o", s(&out), "--to", "pzprv3"]);
    assert!(first.status.success(), "{}", stderr(&first));
    std::os::unix::fs::symlink(out.join("a.pzpr"), input.join("b.pzpr")).unwrap();
    let run = pzl(&["convert", s(&input), "-o", s(&out), "--to", "pzprv3", "--force"]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(stdout(&run).contains("a.masyu") && !stdout(&run).contains("b.pzpr"), "{}", stdout(&run));
}
