//! A command people can trust with their files (the reliability findings): outputs are written
//! without replacing devices, FIFOs or links, modes are kept, concurrent edits lose nothing, a full
//! disk or a killed process leaves no partial file, closed pipes and full terminals end quietly,
//! folders with loops or FIFOs cannot trap a walk, and text from files never drives the terminal.
//! Tests that need root, `mkfifo` or a mount skip with a printed reason when the machine says no.
//! Unix only (FIFOs, devices, modes, signals, shell pipes): on Windows the same promises are held
//! by `pzl::fs`'s unit tests and `scripts/windows-smoke`, run under Wine.
#![cfg(unix)]

use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod common;
use common::{pzl, s, stderr, stdout, write};

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/masyu")
}

fn hook() -> PathBuf {
    examples().join("hook.masyu")
}

fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".pzl-"))
        .collect()
}

#[test]
fn a_fifo_is_written_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    if !Command::new("mkfifo").arg(&fifo).status().is_ok_and(|st| st.success()) {
        println!("skipping: mkfifo is not available here");
        return;
    }
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let out = pzl(&["convert", s(&hook()), "--to", "sol", "-o", s(&fifo)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(reader.join().unwrap().starts_with(b"6 6\n"), "the reader got the output");
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "still a FIFO");
}

#[test]
fn a_device_is_written_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let node = dir.path().join("nulldev");
    let made = Command::new("mknod").arg(&node).args(["c", "1", "3"]).status().is_ok_and(|st| st.success());
    let target = if made {
        node
    } else {
        println!(
            "mknod is not allowed here (not root?): writing to /dev/null itself, which is never replaced"
        );
        PathBuf::from("/dev/null")
    };
    let out = pzl(&["solve", s(&hook()), "--trace", s(&target), "-o", s(&target)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::metadata(&target).unwrap().file_type().is_char_device());
}

#[test]
fn symlinks_are_written_through_and_hard_links_kept() {
    let dir = tempfile::tempdir().unwrap();
    let target = write(dir.path(), "target.sol", "old");
    let link = dir.path().join("link.sol");
    std::os::unix::fs::symlink("target.sol", &link).unwrap();
    assert!(pzl(&["convert", s(&hook()), "-o", s(&link)]).status.success());
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
    assert!(std::fs::read_to_string(&target).unwrap().starts_with("6 6\n"), "its target got the output");
    let one = write(dir.path(), "one.sol", "keep");
    let two = dir.path().join("two.sol");
    std::fs::hard_link(&one, &two).unwrap();
    assert!(pzl(&["convert", s(&hook()), "-o", s(&one)]).status.success());
    assert_eq!(std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap(), "both names see the change");
}

#[test]
fn modes_and_the_umask_are_respected() {
    let dir = tempfile::tempdir().unwrap();
    let old = write(dir.path(), "old.sol", "x");
    std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o640)).unwrap();
    assert!(pzl(&["convert", s(&hook()), "-o", s(&old)]).status.success());
    assert_eq!(std::fs::metadata(&old).unwrap().mode() & 0o777, 0o640, "an existing file keeps its mode");
    let new = dir.path().join("new.svg");
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "umask 027 && exec '{}' render '{}' -o '{}'",
            env!("CARGO_BIN_EXE_pzl"),
            s(&hook()),
            s(&new)
        ))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::metadata(&new).unwrap().mode() & 0o777, 0o640, "a new file gets 0666 & ~umask");
    assert!(leftovers(dir.path()).is_empty());
}

#[test]
fn a_read_only_file_is_refused_for_users_who_cannot_write_it() {
    let uid = std::fs::metadata("/proc/self").map(|m| m.uid()).unwrap_or(0);
    if uid == 0 {
        println!("skipping: running as root, who may write any file (as cp would)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let locked = write(dir.path(), "locked.sol", "keep");
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o444)).unwrap();
    let out = pzl(&["convert", s(&hook()), "-o", s(&locked)]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&locked).unwrap(), "keep");
}

#[test]
fn a_full_disk_leaves_the_old_file_and_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let Some(mount) = common::small_tmpfs(dir.path()) else {
        return;
    };
    let big = dir.path().join("big.masyu");
    let mut text = String::from("300 300\n");
    for _ in 0..300 {
        text.push_str(&".".repeat(299));
        text.push_str("W\n");
    }
    std::fs::write(&big, text).unwrap();
    let out_file = write(&mount, "picture.svg", "old");
    let out = pzl(&["render", s(&big), "-o", s(&out_file)]);
    let _ = Command::new("umount").arg(&mount).status();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("space"), "{}", stderr(&out));
}

#[test]
fn concurrent_edits_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("many.rsrc");
    let data = write(dir.path(), "data", "x");
    let children: Vec<_> = (0..8)
        .map(|i| {
            Command::new(env!("CARGO_BIN_EXE_pzl"))
                .args(["rsrc", "add", s(&file), s(&data), "-t", "DATA", "-i", &(300 + i).to_string()])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let list = stdout(&pzl(&["rsrc", "list", s(&file)]));
    assert_eq!(list.matches("'DATA'").count(), 8, "{list}");
}

#[test]
fn an_interrupted_write_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.masyu");
    let mut text = String::from("1000 1000\n");
    for _ in 0..1000 {
        text.push_str(&".".repeat(999));
        text.push_str("W\n");
    }
    std::fs::write(&big, text).unwrap();
    let out = dir.path().join("out.svg");
    for delay in [20u64, 60, 150] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pzl"))
            .args(["render", s(&big), "-o", s(&out)])
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(delay));
        let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
        let _ = child.wait();
        assert!(leftovers(dir.path()).is_empty(), "after SIGTERM at {delay} ms: {:?}", leftovers(dir.path()));
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let big = tempfile::tempdir().unwrap();
    let file = big.path().join("wide.masyu");
    let mut text = String::from("400 400\n");
    for _ in 0..400 {
        text.push_str(&".".repeat(399));
        text.push_str("W\n");
    }
    std::fs::write(&file, text).unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "'{}' render '{}' 2>&1 | head -c 10 >/dev/null; echo \"${{PIPESTATUS:-}}\"",
            env!("CARGO_BIN_EXE_pzl"),
            s(&file)
        ))
        .output()
        .unwrap();
    assert!(!stdout(&out).contains("panicked"), "{}", stdout(&out));
    let direct = Command::new(env!("CARGO_BIN_EXE_pzl"))
        .args(["render", s(&file)])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut direct = direct;
    drop(direct.stdout.take()); // the reader goes away at once
    let result = direct.wait_with_output().unwrap();
    assert!(matches!(result.status.code(), Some(0) | None), "exit {:?}", result.status.code());
    assert!(
        String::from_utf8_lossy(&result.stderr).is_empty(),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
}

#[test]
fn a_full_standard_error_is_no_panic() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        println!("skipping: /dev/full is not available here");
        return;
    };
    let out = Command::new(env!("CARGO_BIN_EXE_pzl"))
        .args(["info", "missing.masyu"])
        .stderr(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "the error is lost, not a panic");
}

#[test]
fn folder_walks_survive_loops_and_fifos() {
    let dir = tempfile::tempdir().unwrap();
    let inner = dir.path().join("a");
    std::fs::create_dir(&inner).unwrap();
    std::fs::copy(hook(), inner.join("hook.masyu")).unwrap();
    std::os::unix::fs::symlink("..", inner.join("up")).unwrap();
    std::os::unix::fs::symlink("..", inner.join("up2")).unwrap();
    let _ = Command::new("mkfifo").arg(inner.join("pipe.masyu")).status();
    let out = pzl(&["solve", s(dir.path())]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("1 file: 1 ok, 0 with problems, 0 errors; 1 solved"), "{}", stdout(&out));
}

#[test]
fn text_from_files_cannot_drive_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let evil = write(
        dir.path(),
        "evil.txt",
        "<ACROSS PUZZLE>\n<TITLE>\n\tEvil \x1b[31mRED\x1b[0m \x1b]0;pwned\x07 title\n<AUTHOR>\n\tA\n<COPYRIGHT>\n\tC\n<SIZE>\n\t3x3\n<GRID>\n\tCAT\n\tARE\n\tDYE\n<ACROSS>\n\ta1\n\ta2\n\ta3\n<DOWN>\n\td1\n\td2\n\td3\n",
    );
    let out = pzl(&["info", "--details", s(&evil)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(!text.contains('\x1b') && !text.contains('\x07'), "{text}");
    assert!(text.contains("\\u{1b}[31mRED"), "{text}");
}

#[test]
fn binary_output_and_stdin_edits_behave() {
    // `rsrc add -` edits the fork read from standard input and writes the result to standard output.
    let dir = tempfile::tempdir().unwrap();
    let data = write(dir.path(), "data", "hello");
    let first = dir.path().join("first.rsrc");
    assert!(pzl(&["rsrc", "add", s(&first), s(&data), "-t", "STR "]).status.success());
    let out = Command::new(env!("CARGO_BIN_EXE_pzl"))
        .args(["rsrc", "add", "-", s(&data), "-t", "TEXT"])
        .stdin(std::fs::File::open(&first).unwrap())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let added = write(dir.path(), "added.rsrc", &out.stdout);
    let list = stdout(&pzl(&["rsrc", "list", s(&added)]));
    assert!(list.contains("'STR '") && list.contains("'TEXT'"), "{list}");
}

#[test]
fn shell_completions_and_the_manual_are_generated() {
    for shell in ["bash", "zsh", "fish"] {
        let out = pzl(&["completions", shell]);
        assert!(out.status.success() && stdout(&out).contains("pzl"), "{shell}");
    }
    let man = pzl(&["man"]);
    let page = stdout(&man);
    assert!(man.status.success() && page.contains(".TH pzl"));
    // Every verb has its section with its options, not only the top level (newcomer-2).
    for verb in ["PZL SOLVE", "PZL CONVERT", "PZL CHECK", "PZL RENDER", "PZL GENERATE MASYU"] {
        assert!(page.contains(&format!(".SH \"{verb}\"")), "{verb}");
    }
    assert!(page.contains("no\\-flip"), "a kind's setting is in the page");
}

/// C13: a file name that is not UTF-8 (`caf\xe9.masyu`) is read, converted to, solved into and
/// named in messages (as `Path::display` shows it), never refused by the argument parser.
#[test]
fn file_names_that_are_not_utf8_work() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let name = dir.path().join(OsStr::from_bytes(b"caf\xe9.masyu"));
    if std::fs::copy(hook(), &name).is_err() {
        println!("skipping: this file system refuses a file name that is not UTF-8");
        return;
    }
    let run = |args: &[&OsStr]| {
        Command::new(env!("CARGO_BIN_EXE_pzl")).args(args).stdin(Stdio::null()).output().unwrap()
    };
    let info = run(&[OsStr::new("info"), name.as_os_str()]);
    assert!(info.status.success(), "{}", stderr(&info));
    assert!(stdout(&info).contains("caf\u{fffd}.masyu"), "{}", stdout(&info));
    let check = run(&[OsStr::new("check"), dir.path().as_os_str()]);
    assert!(stdout(&check).contains("caf\u{fffd}.masyu: ok"), "a folder walk finds it: {}", stdout(&check));
    let out = dir.path().join(OsStr::from_bytes(b"caf\xe9.sol"));
    let solved = run(&[OsStr::new("solve"), name.as_os_str(), OsStr::new("-o"), out.as_os_str()]);
    assert!(solved.status.success(), "{}", stderr(&solved));
    assert!(std::fs::read(&out).unwrap().starts_with(b"6 6\n"));
    let missing = dir.path().join(OsStr::from_bytes(b"gon\xe9.masyu"));
    let failed = run(&[OsStr::new("info"), missing.as_os_str()]);
    assert_eq!(failed.status.code(), Some(2));
    assert!(stderr(&failed).contains("gon\u{fffd}.masyu"), "{}", stderr(&failed));
}

/// C13 for the last two string arguments: `--puzzle FILE` (an A-Puzzle-A-Day description file)
/// and `render --board FILE` take names that are not UTF-8 too.
#[test]
fn puzzle_and_board_files_that_are_not_utf8_work() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let frame = dir.path().join(OsStr::from_bytes(b"caf\xe9.txt"));
    let classic = Path::new(env!("CARGO_MANIFEST_DIR")).join("../pzl-apad/data/classic.txt");
    if std::fs::copy(&classic, &frame).is_err() {
        println!("skipping: this file system refuses a file name that is not UTF-8");
        return;
    }
    let run = |args: &[&OsStr]| {
        Command::new(env!("CARGO_BIN_EXE_pzl")).args(args).stdin(Stdio::null()).output().unwrap()
    };
    let solved = run(&[
        OsStr::new("apad"),
        OsStr::new("solve"),
        OsStr::new("11-22"),
        OsStr::new("--count"),
        OsStr::new("--puzzle"),
        frame.as_os_str(),
    ]);
    assert!(solved.status.success(), "{}", stderr(&solved));
    assert!(stdout(&solved).contains("40 solutions"), "{}", stdout(&solved));
    let generated = dir.path().join("all.apad");
    let out = run(&[
        OsStr::new("apad"),
        OsStr::new("solve"),
        OsStr::new("11-22"),
        OsStr::new("--puzzle"),
        frame.as_os_str(),
        OsStr::new("-o"),
        generated.as_os_str(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = dir.path().join("all.txt");
    let decoded = run(&[
        OsStr::new("apad"),
        OsStr::new("decode"),
        generated.as_os_str(),
        OsStr::new("--puzzle"),
        frame.as_os_str(),
        OsStr::new("-o"),
        text.as_os_str(),
    ]);
    assert!(decoded.status.success(), "{}", stderr(&decoded));
    let again = dir.path().join("again.apad");
    let encoded = run(&[
        OsStr::new("apad"),
        OsStr::new("encode"),
        text.as_os_str(),
        OsStr::new("--puzzle"),
        frame.as_os_str(),
        OsStr::new("-o"),
        again.as_os_str(),
    ]);
    assert!(encoded.status.success(), "{}", stderr(&encoded));
    assert_eq!(std::fs::read(&again).unwrap(), std::fs::read(&generated).unwrap());
    // The generic `--puzzle` travels as the format's parameter text: a clear usage error.
    let info = run(&[OsStr::new("info"), generated.as_os_str(), OsStr::new("--puzzle"), frame.as_os_str()]);
    assert_eq!(info.status.code(), Some(2));
    assert!(stderr(&info).contains("UTF-8 name"), "{}", stderr(&info));

    let board = dir.path().join(OsStr::from_bytes(b"b\xe9.sol"));
    std::fs::copy(hook().with_extension("sol"), &board).unwrap();
    let drawn = run(&[OsStr::new("render"), hook().as_os_str(), OsStr::new("--board"), board.as_os_str()]);
    assert!(drawn.status.success(), "{}", stderr(&drawn));
    assert!(stdout(&drawn).contains('─'), "{}", stdout(&drawn));
    let missing = dir.path().join(OsStr::from_bytes(b"n\xe9.sol"));
    let failed = run(&[OsStr::new("render"), hook().as_os_str(), OsStr::new("--board"), missing.as_os_str()]);
    assert_eq!(failed.status.code(), Some(2));
    assert!(stderr(&failed).contains("n\u{fffd}.sol"), "{}", stderr(&failed));
}

/// F4: a polyomino count shows a spinner with the time spent on a terminal (run under
/// `script`, which gives it one), and nothing when standard error is not a terminal.
#[test]
fn a_long_count_shows_progress_on_a_terminal_only() {
    let dir = tempfile::tempdir().unwrap();
    let mut pack = String::from("pzl-pack 1\nflips yes\n\nboard\n");
    pack.push_str(&"########\n".repeat(8));
    for (i, drawing) in [
        ".##\n##.\n.#.",
        "#####",
        "####\n#...",
        "##..\n.###",
        "##\n##\n#.",
        "###\n.#.\n.#.",
        "#.#\n###",
        "#..\n#..\n###",
        "#..\n##.\n.##",
        ".#.\n###\n.#.",
        "####\n.#..",
        "##.\n.#.\n.##",
        "##\n##",
    ]
    .iter()
    .enumerate()
    {
        pack.push_str(&format!("\npiece p{i}\n{drawing}\n"));
    }
    let file = write(dir.path(), "big.pack", pack);
    let piped = pzl(&["solve", s(&file), "--count", "--timeout", "0.3"]);
    assert!(stdout(&piped).ends_with("+\n"), "{}", stderr(&piped));
    assert!(!stderr(&piped).contains("counting "), "no spinner off a terminal: {}", stderr(&piped));
    let typescript = dir.path().join("typescript");
    let command = format!("{} solve {} --count --timeout 0.6", env!("CARGO_BIN_EXE_pzl"), s(&file));
    let ran =
        Command::new("script").arg("-qec").arg(&command).arg(&typescript).stdout(Stdio::null()).status();
    if !ran.is_ok_and(|st| st.success()) {
        println!("skipping the terminal half: `script` is not available here");
        return;
    }
    let shown = String::from_utf8_lossy(&std::fs::read(&typescript).unwrap()).into_owned();
    assert!(shown.contains("counting") && shown.contains("(at most 0.6 s)"), "{shown}");
    assert!(shown.contains("timed out after 0.6 s while counting"), "{shown}");
}
