//! Golden tests of the command line (after object's `testfiles`): each case is a folder
//! `tests/golden/<group>/<case>/` holding
//! - `cmd`: the arguments, one command line (shell quoting; `$EX` is the repository's
//!   `examples/` folder, `$CORPUS` the shared corpus, `$DIR` a fresh scratch folder);
//! - optionally `stdin` (fed to pzl) and `in/` (files copied into `$DIR` first);
//! - the expected `stdout`, `stderr` and `status` (the exit code), and `out/` (files pzl must
//!   leave in `$DIR`, compared byte for byte).
//!
//! Output is compared exactly, with `$DIR`, `$EX` and `$CORPUS` written back for the paths.
//! `PZL_GOLDEN_UPDATE=1 cargo test -p pzl-cli --test golden` rewrites the expected files from what
//! pzl does now (review the diff before committing). Each case is its own named trial
//! (libtest-mimic), so `cargo test -p pzl-cli --test golden -- masyu/solve` runs one. Cases whose
//! command names `$CORPUS` are listed as ignored when the corpus is absent (and fail under
//! `PZL_REQUIRE_CORPUS=1`).
//!
//! `PZL_BIN=COMMAND` runs the cases against another pzl (a release build, or `pzl.exe` under
//! Wine through `scripts/windows/pzl-wine`, as `scripts/windows-smoke` does). With
//! `PZL_GOLDEN_WINDOWS=1` the cases holding a file `not-windows` (the reason, one line) are
//! listed as ignored: those whose output depends on Unix alone (paths found in a folder are
//! printed with `\` on Windows).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn cases() -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(groups) = std::fs::read_dir(root().join("tests/golden")) else { return found };
    for group in groups.flatten() {
        let Ok(cases) = std::fs::read_dir(group.path()) else { continue };
        for case in cases.flatten() {
            if case.path().join("cmd").is_file() {
                found.push(case.path());
            }
        }
    }
    found.sort();
    found
}

fn copy_dir(from: &Path, to: &Path) {
    let Ok(entries) = std::fs::read_dir(from) else { return };
    for entry in entries.flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Files under `dir`, as relative paths, sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for entry in entries.flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else if let Ok(rel) = p.strip_prefix(dir) {
                out.push(rel.to_path_buf());
            }
        }
    }
    out.sort();
    out
}

/// Timings differ from run to run: they are shown as `T`.
fn mask_times(text: &str) -> String {
    let json = regex::Regex::new(r#""(time_ms|total_ms|median_ms|slowest_ms)": ?[0-9.e+-]+"#).unwrap();
    let words = regex::Regex::new(r"[0-9]+(\.[0-9]+)? ms\b").unwrap();
    let text = json.replace_all(text, "\"$1\": \"T\"");
    words.replace_all(&text, "T ms").into_owned()
}

struct Run {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    status: String,
}

fn run_case(case: &Path, dir: &Path, corpus: Option<&Path>) -> Run {
    let examples = root().join("../../examples");
    let examples = examples.canonicalize().unwrap_or(examples);
    let line = std::fs::read_to_string(case.join("cmd")).unwrap();
    let substitute = |s: &str| {
        s.replace("$EX", &examples.display().to_string())
            .replace("$CORPUS", &corpus.map(|c| c.display().to_string()).unwrap_or_default())
            .replace("$DIR", &dir.display().to_string())
    };
    let args: Vec<String> = shlex::split(line.trim())
        .unwrap_or_else(|| panic!("{}: bad quoting", case.display()))
        .iter()
        .map(|a| substitute(a))
        .collect();
    copy_dir(&case.join("in"), dir);
    let stdin = std::fs::read(case.join("stdin")).ok();
    let bin = std::env::var_os("PZL_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_pzl").into());
    let mut child = Command::new(bin)
        .args(&args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("PZL_GOLDEN_UPDATE")
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run pzl");
    if let (Some(bytes), Some(mut pipe)) = (stdin, child.stdin.take()) {
        use std::io::Write;
        pipe.write_all(&bytes).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    let unsubstitute = |bytes: Vec<u8>| -> Vec<u8> {
        match String::from_utf8(bytes) {
            Ok(text) => {
                let mut text = text.replace(&dir.display().to_string(), "$DIR");
                // Only a real path is masked: replacing "" would put `$CORPUS` between every
                // two characters.
                if let Some(corpus) = corpus {
                    text = text.replace(&corpus.display().to_string(), "$CORPUS");
                }
                mask_times(&text.replace(&examples.display().to_string(), "$EX")).into_bytes()
            }
            Err(e) => e.into_bytes(),
        }
    };
    Run {
        stdout: unsubstitute(out.stdout),
        stderr: unsubstitute(out.stderr),
        status: format!("{}\n", out.status.code().map_or("signal".to_string(), |c| c.to_string())),
    }
}

/// Run one case; `Err` says what differs. In update mode, rewrite the case from what pzl does.
fn check_case(case: &Path, corpus: Option<&Path>, update: bool) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let run = run_case(case, dir.path(), corpus);
    let inputs = files_under(&case.join("in"));
    let produced: Vec<PathBuf> =
        files_under(dir.path()).into_iter().filter(|p| !inputs.contains(p)).collect();
    if update {
        std::fs::write(case.join("stdout"), &run.stdout).unwrap();
        std::fs::write(case.join("stderr"), &run.stderr).unwrap();
        std::fs::write(case.join("status"), &run.status).unwrap();
        let _ = std::fs::remove_dir_all(case.join("out"));
        for rel in &produced {
            let to = case.join("out").join(rel);
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            std::fs::copy(dir.path().join(rel), to).unwrap();
        }
        return Ok(());
    }
    let mut failures = Vec::new();
    let expect = |file: &str| std::fs::read(case.join(file)).unwrap_or_default();
    for (what, got, want) in [
        ("stdout", run.stdout, expect("stdout")),
        ("stderr", run.stderr, expect("stderr")),
        ("status", run.status.into_bytes(), expect("status")),
    ] {
        if got != want {
            failures.push(format!(
                "{what} differs\n--- expected\n{}\n--- got\n{}",
                String::from_utf8_lossy(&want),
                String::from_utf8_lossy(&got)
            ));
        }
    }
    let wanted = files_under(&case.join("out"));
    if wanted != produced {
        failures.push(format!("output files differ: expected {wanted:?}, got {produced:?}"));
    }
    for rel in wanted.iter().filter(|r| produced.contains(r)) {
        if std::fs::read(case.join("out").join(rel)).ok() != std::fs::read(dir.path().join(rel)).ok() {
            failures.push(format!("output file {} differs", rel.display()));
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("{} (PZL_GOLDEN_UPDATE=1 rewrites it)", failures.join("\n\n")))
    }
}

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let update = std::env::var_os("PZL_GOLDEN_UPDATE").is_some();
    let windows = std::env::var_os("PZL_GOLDEN_WINDOWS").is_some();
    let corpus = pzl_corpus::dir("");
    let trials = cases()
        .into_iter()
        .map(|case| {
            let name = case.strip_prefix(root().join("tests/golden")).unwrap().display().to_string();
            let needs_corpus = std::fs::read_to_string(case.join("cmd")).unwrap().contains("$CORPUS");
            let corpus = corpus.clone();
            // Without the corpus a case that names it is ignored: libtest lists it as such.
            // On Windows (PZL_GOLDEN_WINDOWS=1) a case marked `not-windows` is ignored too.
            let unix_only = windows && case.join("not-windows").is_file();
            let ignored = needs_corpus && corpus.is_none() || unix_only;
            libtest_mimic::Trial::test(name, move || Ok(check_case(&case, corpus.as_deref(), update)?))
                .with_kind("golden")
                .with_ignored_flag(ignored)
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
