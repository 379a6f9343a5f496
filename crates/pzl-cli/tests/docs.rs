//! The examples of the README and of the guide (`docs/src/*.md`) are tests: every ` ```console `
//! block runs against this build's `pzl` with trycmd, and its output must be the one shown.
//!
//! In a block, a line `$ pzl …` is a command (run without a shell: no pipes or redirections), the
//! lines after it its standard output and error together, `? N` under the command its exit code
//! when not 0, `...` a run of lines left out and `[..]` part of a line left out. Blocks marked
//! `sh` or `text` are shown, not run.
//!
//! Each page runs in a scratch folder of its own holding a copy of the repository's `examples/`
//! (so `examples/masyu/hook.masyu` names the shipped file) and, when the shared corpus is there,
//! the few real files the guide shows by their bare names (`nyt_locked.puz`, `Text_File.bin`…).
//! Commands on one page run in order in that folder, so a file one writes can be read by the next.
//! A page that names a corpus file skips, saying why, when the corpus is absent (and fails under
//! `PZL_REQUIRE_CORPUS=1`).
//!
//! `TRYCMD=overwrite cargo test -p pzl-cli --test docs` rewrites the shown output of every failing
//! command from what pzl prints now (review the diff before committing).

use std::path::{Path, PathBuf};

/// Real files the guide shows by their bare names: (name in the scratch folder, corpus area,
/// path in the area).
const CORPUS_FILES: &[(&str, &str, &str)] = &[
    ("nyt_locked.puz", "puz", "puzpy/nyt_locked.puz"),
    ("washpost.puz", "puz", "puzpy/washpost.puz"),
    ("nyt_partlyfilled.puz", "puz", "puzpy/nyt_partlyfilled.puz"),
    ("nyt_diagramless.puz", "puz", "puzpy/nyt_diagramless.puz"),
    ("diagramless.puz", "puz", "puzpy/diagramless.puz"),
    ("unicode_with_state.puz", "puz", "ajhyndman-puz/unicode_with_state.puz"),
    ("lat_puzzle_111128.xml", "crossword-more", "forkyz/lat_puzzle_111128.xml"),
    ("Text_File.bin", "macfile", "wezm-macbinary/Text_File.bin"),
    ("solutions.apad", "apad", "solutions.apad"),
];

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// The pages whose examples run: the README and every page of the guide.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![repo().join("README.md")];
    let mut guide: Vec<PathBuf> = std::fs::read_dir(repo().join("docs/src"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md") && !p.ends_with("SUMMARY.md"))
        .collect();
    guide.sort();
    pages.extend(guide);
    pages
}

/// The text of the blocks trycmd runs (` ```console `, ` ```trycmd ` and bare fences).
fn runnable_blocks(text: &str) -> String {
    let mut out = String::new();
    let mut inside = None::<bool>;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("```") {
            inside = match inside {
                None => Some(matches!(rest.trim().split(',').next(), Some("" | "console" | "trycmd"))),
                Some(_) => None,
            };
        } else if inside == Some(true) {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// A `.puz` with one letter of its solution changed: the checksum example of the crossword page.
fn damaged_puz(from: &Path, to: &Path) {
    let mut bytes = std::fs::read(from).unwrap();
    let (width, height) = (bytes[0x2c] as usize, bytes[0x2d] as usize);
    let solution = 0x34;
    let cell = (solution..solution + width * height).find(|&i| bytes[i].is_ascii_uppercase()).unwrap();
    bytes[cell] = if bytes[cell] == b'Z' { b'Y' } else { bytes[cell] + 1 };
    std::fs::write(to, bytes).unwrap();
}

#[test]
fn every_example_of_the_readme_and_the_guide_runs_as_shown() {
    let scratch = tempfile::tempdir().unwrap();
    let corpus: Vec<(&str, Option<PathBuf>)> = CORPUS_FILES
        .iter()
        .map(|(name, area, path)| {
            (*name, pzl_corpus::dir(area).map(|d| d.join(path)).filter(|p| p.is_file()))
        })
        .collect();
    let cases = trycmd::TestCases::new();
    cases.register_bin("pzl", trycmd::cargo::cargo_bin!("pzl")).env("NO_COLOR", "1").env("COLUMNS", "100");
    for cmp in ["/usr/bin/cmp", "/bin/cmp"] {
        if Path::new(cmp).is_file() {
            cases.register_bin("cmp", PathBuf::from(cmp));
            break;
        }
    }
    let mut copies = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let blocks = runnable_blocks(&text);
        if blocks.is_empty() {
            continue;
        }
        let missing: Vec<&str> = corpus
            .iter()
            .filter(|(name, path)| path.is_none() && blocks.contains(name))
            .map(|(name, _)| *name)
            .collect();
        if !missing.is_empty() {
            eprintln!(
                "skipping {}: its examples read corpus files that are absent: {}",
                page.display(),
                missing.join(", ")
            );
            continue;
        }
        let stem = page.file_stem().unwrap().to_string_lossy().into_owned();
        let copy = scratch.path().join(format!("{stem}.md"));
        std::fs::write(&copy, &text).unwrap();
        let folder = scratch.path().join(format!("{stem}.in"));
        copy_dir(&repo().join("examples"), &folder.join("examples"));
        for (name, path) in corpus.iter().filter_map(|(name, path)| Some((name, path.as_ref()?))) {
            std::fs::copy(path, folder.join(name)).unwrap();
        }
        let jul = corpus
            .iter()
            .find(|(name, _)| *name == "nyt_locked.puz")
            .and_then(|(_, path)| Some(path.as_ref()?.with_file_name("nyt_jul0719.puz")))
            .filter(|p| p.is_file());
        if let Some(jul) = jul {
            damaged_puz(&jul, &folder.join("damaged.puz"));
        }
        cases.case(&copy);
        copies.push((copy, page));
    }
    cases.run();
    // With TRYCMD=overwrite, trycmd rewrote the copies: carry the new output back to the pages.
    if std::env::var("TRYCMD").is_ok_and(|v| v == "overwrite") {
        for (copy, page) in copies {
            let new = std::fs::read_to_string(&copy).unwrap();
            if new != std::fs::read_to_string(&page).unwrap() {
                std::fs::write(&page, new).unwrap();
            }
        }
    }
}
