//! The second trust round (issue 36): every link form puzz.link's menus write, nothing lost or
//! overwritten silently, honest output, memory and time bounded by the input. Each test names
//! the finding of `shared/findings/reliability-2.md` (N…) or `newcomer-2.md` it holds.

use std::path::{Path, PathBuf};

mod common;
#[cfg(unix)]
use common::peak;
use common::{pzl, s, stderr, stdout, write};

/// Levner's 6x6 square (MacPoly's figure 3): 48 packings, a count in well under a second.
const SQUARE: &str = "pzl-pack 1\ntitle 6 x 6 Square\nflips yes\n\nboard\n######\n######\n######\n\
    ######\n######\n######\n\npiece a x2\n#.#.\n####\n###.\n\npiece b x2\n.#.#\n####\n.###\n";

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/masyu")
}

/// pzprjs's test board for `mashu` (solved), in the one-line `/` form.
const SOLVED: &str = "pzprv3/mashu/6/6/. . 1 . . . /. 2 . . 1 . /. . . . . . /. . . 2 . . /. 1 . . . . /. . . . . . /1 1 1 0 1 /0 1 1 -1 0 /0 0 1 1 0 /0 1 -1 1 1 /1 1 0 0 0 /0 0 1 0 0 /1 0 0 1 1 1 /1 1 0 0 1 1 /1 1 1 -1 0 1 /1 -1 0 1 0 0 /0 0 1 1 0 0 /";

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b == b'.' { (b as char).to_string() } else { format!("%{b:02X}") }
        })
        .collect()
}

/// Item 5: the edit link, the player/duplicate link, the `pearl` alias, a header with an empty
/// body and the `f` line all read; unknown-colour pearls are a named loss.
#[test]
fn interop_every_link_form_pzprjs_writes_reads() {
    let plain = pzl(&["solve", "https://puzz.link/p?mashu/6/6/1063000i3000"]);
    assert!(plain.status.success(), "{}", stderr(&plain));
    for url in [
        "https://puzz.link/p.html?mashu_edit/6/6/1063000i3000",
        "https://puzz.link/p.html?pearl/6/6/1063000i3000",
    ] {
        let out = pzl(&["solve", url]);
        assert!(out.status.success(), "{url}: {}", stderr(&out));
        assert_eq!(stdout(&out), stdout(&plain), "{url}");
    }
    let player = format!("https://puzz.link/p.html?type=player&{}", encode(SOLVED));
    let out = pzl(&["check", &player]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("ok"), "{}", stdout(&out));
    let out = pzl(&["info", &player]);
    assert!(stdout(&out).contains("pzprv3"), "{}", stdout(&out));

    let dir = tempfile::tempdir().unwrap();
    let pearl = write(dir.path(), "p.pzprv3", SOLVED.replace("/mashu/", "/pearl/").replace('/', "\n"));
    let out = pzl(&["check", s(&pearl)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let f = write(dir.path(), "f.pzprv3", SOLVED.replace("/6/6/", "/6/6/f/").replace('/', "\n"));
    let out = pzl(&["check", s(&f)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("`f`"), "{}", stderr(&out));
    let empty = write(dir.path(), "e.pzprv3", "pzprv3\nmashu\n6\n6\n");
    let out = pzl(&["info", s(&empty)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("empty 6×6 board"), "{}", stderr(&out));
    let unknown = write(dir.path(), "u.pzprv3", "pzprv3\nmashu\n1\n2\n- 1 \n0 \n");
    let out = pzl(&["convert", s(&unknown), "--to", "pzprjs", "-o", "-"]);
    assert!(stderr(&out).contains("unknown colour"), "{}", stderr(&out));
    let _ = examples();
}

fn hook() -> PathBuf {
    examples().join("hook.masyu")
}

fn ladybug() -> PathBuf {
    examples().join("ladybug.tootsweet")
}

/// A folder `col` holding `x.masyu` and `x.tootsweet`: both map to `x.pzpr`.
fn colliding(dir: &Path) -> PathBuf {
    let col = dir.join("col");
    std::fs::create_dir(&col).unwrap();
    std::fs::copy(hook(), col.join("x.masyu")).unwrap();
    std::fs::copy(ladybug(), col.join("x.tootsweet")).unwrap();
    col
}

/// N3: same stem, different extensions: each input gets its own output, named in a warning,
/// with or without --force and at any --jobs; the summary counts what was written.
#[test]
fn n3_same_stem_inputs_get_their_own_outputs() {
    for extra in [&["--force"][..], &["--jobs", "3"], &[]] {
        let dir = tempfile::tempdir().unwrap();
        let col = colliding(dir.path());
        let out = dir.path().join("out");
        let mut args = vec!["convert", s(&col), "-o", s(&out), "--to", "pzprv3"];
        args.extend_from_slice(extra);
        let run = pzl(&args);
        assert!(run.status.success(), "{extra:?}: {}", stderr(&run));
        assert!(stderr(&run).contains("2 inputs would share this output"), "{}", stderr(&run));
        assert!(stdout(&run).contains("2 files: 2 ok"), "{}", stdout(&run));
        let a = std::fs::read_to_string(out.join("x.masyu.pzpr")).unwrap();
        let b = std::fs::read_to_string(out.join("x.tootsweet.pzpr")).unwrap();
        assert!(a.contains("\n6\n6\n") && b.contains("\n4\n4\n"), "{a}\n{b}");
        assert!(!out.join("x.pzpr").exists());
    }
}

/// N3: two roots holding one relative path cannot be told apart by a name: refused before
/// anything is written, naming the pair.
#[test]
fn n3_two_roots_with_one_relative_path_are_refused_first() {
    let dir = tempfile::tempdir().unwrap();
    for (root, file) in [("a", hook()), ("b", ladybug())] {
        std::fs::create_dir(dir.path().join(root)).unwrap();
        std::fs::copy(file, dir.path().join(root).join("x.masyu")).unwrap();
    }
    let out = dir.path().join("out");
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    let run = pzl(&["convert", s(&a), s(&b), "-o", s(&out), "--to", "pzprv3", "--force"]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    let err = stderr(&run);
    assert!(
        err.contains("nothing was written") && err.contains("a/x.masyu") && err.contains("b/x.masyu"),
        "{err}"
    );
    assert!(!out.exists(), "nothing written");
}

/// N3 / N20b: OUTDIR equal to an input folder is refused; OUTDIR inside one is not walked, so a
/// second run does not nest; an output that is an input of the run is refused.
#[test]
fn n3_an_output_folder_in_or_equal_to_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let same = dir.path().join("same");
    std::fs::create_dir(&same).unwrap();
    std::fs::copy(hook(), same.join("x.masyu")).unwrap();
    std::fs::copy(ladybug(), same.join("y.tootsweet")).unwrap();
    let before = std::fs::read(same.join("x.masyu")).unwrap();
    let run = pzl(&["convert", s(&same), "-o", s(&same), "--to", "masyu", "--force"]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(stderr(&run).contains("is the input folder"), "{}", stderr(&run));
    assert_eq!(std::fs::read(same.join("x.masyu")).unwrap(), before, "the input is never changed");

    let inner = same.join("out");
    for _ in 0..3 {
        let run = pzl(&["convert", s(&same), "-o", s(&inner), "--to", "pzprv3"]);
        assert!(run.status.code() != Some(2), "{}", stderr(&run));
    }
    assert!(inner.join("x.pzpr").exists());
    assert!(!inner.join("out").exists(), "the output folder is not walked again");

    // Two inputs named on the command line, into their own folder: z.masyu would be replaced.
    let files = dir.path().join("files");
    std::fs::create_dir(&files).unwrap();
    std::fs::copy(ladybug(), files.join("y.tootsweet")).unwrap();
    std::fs::copy(hook(), files.join("z.masyu")).unwrap();
    let before = std::fs::read(files.join("z.masyu")).unwrap();
    let (t, m) = (files.join("y.tootsweet"), files.join("z.masyu"));
    let run = pzl(&["convert", s(&t), s(&m), "-o", s(&files), "--to", "masyu", "--force"]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(stderr(&run).contains("is an input of this run"), "{}", stderr(&run));
    assert_eq!(std::fs::read(files.join("z.masyu")).unwrap(), before);
}

/// N19: a closed report pipe does not stop a folder conversion.
#[test]
fn n19_a_closed_report_pipe_does_not_stop_a_conversion() {
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let col = dir.path().join("col");
    std::fs::create_dir(&col).unwrap();
    for i in 0..200 {
        std::fs::copy(hook(), col.join(format!("p{i:03}.masyu"))).unwrap();
    }
    let out = dir.path().join("out");
    let mut child = Command::new(env!("CARGO_BIN_EXE_pzl"))
        .args(["convert", s(&col), "-o", s(&out), "--to", "pzprv3"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader went away before the first line
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 200, "every file converted");
}

/// N14: names with escape sequences or line ends cannot drive the terminal or forge lines.
#[test]
fn n14_names_are_escaped_in_every_report() {
    let dir = tempfile::tempdir().unwrap();
    let col = dir.path().join("in");
    std::fs::create_dir(&col).unwrap();
    std::fs::copy(hook(), col.join("esc\x1b]0;pwned\x07x.masyu")).unwrap();
    std::fs::copy(hook(), col.join("x.masyu: ok\n3 files: 3 ok\nreal.masyu")).unwrap();
    let out = dir.path().join("out");
    for args in [
        vec!["-q", "convert", s(&col), "-o", s(&out), "--to", "pzprv3"],
        vec!["info", s(&col)],
        vec!["check", s(&col)],
        vec!["solve", s(&col)],
    ] {
        let run = pzl(&args);
        let all = format!("{}{}", stdout(&run), stderr(&run));
        assert!(!all.contains('\x1b') && !all.contains('\x07'), "{args:?}: {all:?}");
        assert!(!all.lines().any(|l| l.starts_with("3 files: 3 ok")), "{args:?}: {all}");
    }
}

/// Run `pzl` as user 65534 when this is root (a root walk reads every folder).
fn as_nobody(args: &[&str]) -> Option<std::process::Output> {
    use std::process::{Command, Stdio};
    let root = Command::new("id").arg("-u").output().ok().is_some_and(|o| stdout(&o).trim() == "0");
    let mut command = if root {
        if !Command::new("setpriv").arg("--version").output().is_ok_and(|o| o.status.success()) {
            return None;
        }
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", env!("CARGO_BIN_EXE_pzl")]);
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_pzl"))
    };
    Some(command.args(args).stdin(Stdio::null()).output().unwrap())
}

/// N16: an unreadable sub-folder is an error of the run (exit 2, a JSON line), not "all ok".
#[cfg(unix)]
#[test]
fn n16_an_unreadable_folder_fails_the_run() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let top = dir.path().join("in");
    let locked = top.join("locked");
    std::fs::create_dir_all(&locked).unwrap();
    std::fs::copy(hook(), top.join("a.masyu")).unwrap();
    std::fs::copy(hook(), locked.join("b.masyu")).unwrap();
    std::fs::set_permissions(&top, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(top.join("a.masyu"), std::fs::Permissions::from_mode(0o644)).unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    for args in [vec!["-q", "info", s(&top), "--json"], vec!["-q", "solve", s(&top)]] {
        let Some(run) = as_nobody(&args) else {
            println!("skipping: cannot run as another user here");
            return;
        };
        assert_eq!(run.status.code(), Some(2), "{args:?}: {}{}", stdout(&run), stderr(&run));
        if args.contains(&"--json") {
            let text = stdout(&run);
            let lines: Vec<&str> = text.lines().collect();
            assert!(lines.iter().any(|l| l.contains("\"error\"") && l.contains("locked")), "{lines:?}");
            assert!(lines.last().is_some_and(|l| l.contains("\"errors\":1")), "{lines:?}");
        }
    }
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// pzl's own memory floor in a debug build is a few MB; a bound well over it, far under the bombs.
const SMALL_KB: u64 = 150_000;

fn pent_6x10(dir: &Path) -> PathBuf {
    write(dir, "pent.pack", common::pack("pentominoes 6x10", 10, 6, &common::PENTOMINOES))
}

/// N6: a resume file whose ranges claim 4·10⁹ subtrees is refused at once in little memory.
#[cfg(unix)]
#[test]
fn n6_a_tampered_resume_file_is_refused_in_little_memory() {
    let dir = tempfile::tempdir().unwrap();
    let pack = pent_6x10(dir.path());
    let unfinished = dir.path().join("u.json");
    let out =
        pzl(&["solve", s(&pack), "--count", "--shard", "0/1", "--timeout", "0.001", "-o", s(&unfinished)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let mut json: serde_json::Value = serde_json::from_slice(&std::fs::read(&unfinished).unwrap()).unwrap();
    json["facts"]["subtrees_in_shard"] = serde_json::json!(u64::MAX);
    json["facts"]["done_subtrees"] = serde_json::json!([[0u64, 4_000_000_000u64]]);
    let tampered = write(dir.path(), "t.json", serde_json::to_vec(&json).unwrap());
    let Some((out, kb)) = peak(&["solve", s(&pack), "--count", "--shard", "0/1", "--resume", s(&tampered)])
    else {
        return;
    };
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("cannot resume"), "{}", stderr(&out));
    assert!(kb < SMALL_KB, "peak {kb} KB");
}

/// N7: `--shard 0/10000000` is refused before the cut, in little memory.
#[cfg(unix)]
#[test]
fn n7_a_huge_shard_count_is_refused_in_little_memory() {
    let dir = tempfile::tempdir().unwrap();
    let pack = pent_6x10(dir.path());
    let Some((out, kb)) = peak(&["solve", s(&pack), "--count", "--shard", "0/10000000", "-o", "-"]) else {
        return;
    };
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(kb < SMALL_KB, "peak {kb} KB");
}

/// N15: a shard result padded to 100 MB is refused before it is read; extra fields in a real
/// one are skipped, not built.
#[cfg(unix)]
#[test]
fn n15_a_fat_shard_file_is_refused_in_little_memory() {
    let dir = tempfile::tempdir().unwrap();
    let square = write(dir.path(), "square.pack", SQUARE);
    let shard = dir.path().join("s.json");
    let out = pzl(&["solve", s(&square), "--count", "--shard", "0/1", "-o", s(&shard)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut json: serde_json::Value = serde_json::from_slice(&std::fs::read(&shard).unwrap()).unwrap();
    json["pad"] = serde_json::json!(vec![0u8; 1000]);
    let padded = write(dir.path(), "padded.json", serde_json::to_vec(&json).unwrap());
    let out = pzl(&["merge", s(&padded)]);
    assert_eq!(stdout(&out), "48\n", "{}", stderr(&out));
    let mut fat = std::fs::read(&shard).unwrap();
    let end = fat.iter().rposition(|&b| b == b'}').unwrap();
    let pad: Vec<u8> = b",\"pad\":[".iter().copied().chain(b"0,".repeat(50_000_000)).chain(*b"0]}").collect();
    fat.splice(end.., pad);
    let fat = write(dir.path(), "fat.json", fat);
    let Some((out, kb)) = peak(&["merge", s(&fat)]) else { return };
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("not a shard result"), "{}", stderr(&out));
    assert!(kb < SMALL_KB, "peak {kb} KB");
}

/// N14: escape sequences in a shard file's hash do not reach the terminal.
#[test]
fn n14_merge_escapes_what_shard_files_hold() {
    let dir = tempfile::tempdir().unwrap();
    let square = write(dir.path(), "square.pack", SQUARE);
    let shard = dir.path().join("s.json");
    assert!(pzl(&["solve", s(&square), "--count", "--shard", "0/2", "-o", s(&shard)]).status.success());
    let mut json: serde_json::Value = serde_json::from_slice(&std::fs::read(&shard).unwrap()).unwrap();
    json["facts"]["problem_hash"] = serde_json::json!("\u{1b}]0;pwned\u{7}\u{1b}[2J\nforged line");
    let evil = write(dir.path(), "evil\u{1b}[31m.json", serde_json::to_vec(&json).unwrap());
    let out = pzl(&["merge", s(&shard), s(&evil)]);
    let all = format!("{}{}", stdout(&out), stderr(&out));
    assert!(!all.contains('\u{1b}') && !all.contains('\u{7}'), "{all:?}");
    assert!(!all.lines().any(|l| l.starts_with("forged line")), "{all}");
}

/// N2: a hard-linked output on a full disk keeps its old content under both names; with room,
/// both names see the new content and no temporary file is left.
#[test]
fn n2_a_hard_linked_output_is_never_cut_short() {
    use std::process::Command;
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.masyu");
    let mut text = String::from("300 300\n");
    for _ in 0..300 {
        text.push_str(&".".repeat(299));
        text.push_str("W\n");
    }
    std::fs::write(&big, text).unwrap();

    // With room: the change reaches both names.
    let roomy = write(dir.path(), "out.svg", "IMPORTANT OLD CONTENT\n");
    std::fs::hard_link(&roomy, dir.path().join("link.svg")).unwrap();
    let out = pzl(&["render", s(&big), "-o", s(&roomy)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::read_to_string(dir.path().join("link.svg")).unwrap().contains("<svg"));
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains(".pzl-"))
        .collect();
    assert!(left.is_empty(), "{left:?}");

    let Some(mount) = common::small_tmpfs(dir.path()) else {
        return;
    };
    let target = write(&mount, "out.svg", "IMPORTANT OLD CONTENT\n");
    std::fs::hard_link(&target, mount.join("link.svg")).unwrap();
    let out = pzl(&["render", s(&big), "-o", s(&target)]);
    let kept = std::fs::read_to_string(&target);
    let linked = std::fs::read_to_string(mount.join("link.svg"));
    let names: Vec<_> = std::fs::read_dir(&mount).unwrap().flatten().map(|e| e.file_name()).collect();
    let _ = Command::new("umount").arg(&mount).status();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(kept.unwrap(), "IMPORTANT OLD CONTENT\n");
    assert_eq!(linked.unwrap(), "IMPORTANT OLD CONTENT\n");
    assert_eq!(names.len(), 2, "no temporary file left: {names:?}");
}

/// N13: a WAL database whose `-wal` holds changes, in a folder the user cannot write (so no
/// `-shm` can be made): refused, never read stale.
#[cfg(unix)]
#[test]
fn n13_a_wal_that_cannot_be_read_is_refused_not_skipped() {
    use std::os::unix::fs::PermissionsExt;
    use std::process::Command;
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let made = Command::new("python3")
        .arg("-c")
        .arg(
            "import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute('CREATE TABLE properties ( \\n  key text primary key,\\n  value text default null)')
c.execute('CREATE TABLE puzzles ( \\n  id integer primary key autoincrement,\\n  puzzle text,\\n  name text default null, \\n  size integer default 0,\\n  volume integer default 0,\\n  board text default null,\\n  checkpoint text default null,\\n  status integer default 0,\\n  solution_date default null)')
c.execute(\"INSERT INTO puzzles (puzzle, name) VALUES ('4:4:CCQQQA', 'Aphid')\"); c.commit()
c.execute('pragma journal_mode=wal'); c.execute('pragma wal_autocheckpoint=0')
c.execute(\"INSERT INTO puzzles (puzzle, name) VALUES ('4:4:AgAQAA', 'NEW-IN-WAL')\"); c.commit()
import shutil, os; os.mkdir(sys.argv[2]); shutil.copy(sys.argv[1], sys.argv[2]); shutil.copy(sys.argv[1] + '-wal', sys.argv[2])",
        )
        .arg(dir.path().join("w.data"))
        .arg(dir.path().join("ro"))
        .status()
        .is_ok_and(|st| st.success());
    if !made {
        println!("skipping: python3 with sqlite3 is not available");
        return;
    }
    let ro = dir.path().join("ro");
    for entry in std::fs::read_dir(&ro).unwrap() {
        std::fs::set_permissions(entry.unwrap().path(), std::fs::Permissions::from_mode(0o644)).unwrap();
    }
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    let db = ro.join("w.data");
    let Some(out) = as_nobody(&["masyu", "db", "list", s(&db)]) else {
        println!("skipping: cannot run as another user here");
        return;
    };
    let shown = format!("{}{}", stdout(&out), stderr(&out));
    if out.status.success() {
        // SQLite could read the WAL after all (a writable folder): then the row is there.
        assert!(shown.contains("NEW-IN-WAL"), "{shown}");
    } else {
        assert_eq!(out.status.code(), Some(2), "{shown}");
        assert!(shown.contains("-wal"), "{shown}");
    }
}

/// A Penpa+ link (as `gen_penpa.py` of the findings makes them) whose data line 2 is `line2`
/// repeated `n` times inside `[…]`, written to `dir/name`; `None` without python3.
fn penpa_bomb(dir: &Path, name: &str, line2: &str, n: u64) -> Option<PathBuf> {
    let path = dir.join(name);
    let made = std::process::Command::new("python3")
        .arg("-c")
        .arg(
            "import sys, zlib, base64
n = int(sys.argv[3])
head = 'square,4,4,38,0,1,1,418,418,286,286,0,0,0,0,Title: ,Author: ,,,OFF,false'
layer = '{\"symbol\":{},\"line\":{}}'
text = '\\n'.join([head, '[' + (sys.argv[2] + ',') * (n - 1) + sys.argv[2] + ']', '{}', layer, layer])
c = zlib.compressobj(9, zlib.DEFLATED, -15)
raw = c.compress(text.encode()) + c.flush()
open(sys.argv[1], 'w').write('https://swaroopg92.github.io/penpa-edit/#m=edit&p=' + base64.b64encode(raw).decode())",
        )
        .arg(&path)
        .arg(line2)
        .arg(n.to_string())
        .status()
        .is_ok_and(|st| st.success());
    made.then_some(path)
}

/// N5: a 52 KB link whose line 2 inflates to 40 MB of JSON, and the `z8` link that grows 8 times
/// once spelt out: refused in little memory, with a short message.
#[cfg(unix)]
#[test]
fn n5_a_penpa_json_bomb_is_refused_in_little_memory() {
    let dir = tempfile::tempdir().unwrap();
    // 10 MB of line 2 took 693 MB before; 18 MB of `z8` grows to 144 MB spelt out.
    for (name, token, n) in [("dom.penpa", "0", 5_000_000u64), ("subst.penpa", "z8", 6_000_000)] {
        let Some(link) = penpa_bomb(dir.path(), name, token, n) else {
            println!("skipping: python3 is not available");
            return;
        };
        let Some((out, kb)) = peak(&["-q", "info", s(&link)]) else { return };
        assert_eq!(out.status.code(), Some(2), "{name}: {}", stderr(&out));
        assert!(out.stderr.len() < 2000, "{name}: a short message, not {} bytes", out.stderr.len());
        println!("{name}: peak {kb} KB");
        // The bound: the 128 MiB text and one copy while its short forms are spelt out.
        assert!(kb < 400_000, "{name}: peak {kb} KB");
    }
}

/// N9: a count of 10¹² is refused at once, in little memory, to standard output or a folder.
#[cfg(unix)]
#[test]
fn n9_a_huge_generate_count_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("g");
    std::fs::create_dir(&folder).unwrap();
    for args in [
        vec!["generate", "masyu", "--size", "10x10", "--count", "1000000000000", "--timeout", "1"],
        vec!["generate", "masyu", "--size", "10x10", "--count", "1000000000000", "-o", s(&folder)],
    ] {
        let started = std::time::Instant::now();
        let Some((out, kb)) = peak(&args) else { return };
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains("at most"), "{}", stderr(&out));
        assert!(started.elapsed().as_secs() < 10);
        assert!(kb < SMALL_KB, "peak {kb} KB");
    }
}

/// Newcomer 5 and N20i: `-n 3 -o p.txt` (a file name) and `-n 2 -o existing-file` say why not
/// before any work, and make nothing.
#[test]
fn generate_several_into_a_file_name_says_why_not() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.txt");
    let out = pzl(&["generate", "masyu", "--size", "6x6", "-n", "3", "-o", s(&p)]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("names one file"), "{}", stderr(&out));
    assert!(!p.exists());
    let existing = write(dir.path(), "existing.masyu", "keep");
    let out = pzl(&["generate", "masyu", "--size", "6x6", "-n", "2", "-o", s(&existing)]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("is a file"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&existing).unwrap(), "keep");
    // One puzzle to a file name still works; several into a folder too.
    let one = dir.path().join("one.masyu");
    assert!(pzl(&["generate", "masyu", "--size", "6x6", "-o", s(&one)]).status.success());
    let folder = dir.path().join("set");
    let out = pzl(&["generate", "masyu", "--size", "6x6", "-n", "2", "-o", s(&folder)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 2);
}

/// N11: 300 distinct one-character answers: the 46 past the table's 254 are named as lost on
/// reading and on writing `.puz`, and no cell is given another cell's answer.
#[test]
fn n11_rebus_answers_past_the_table_are_named_not_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    let mut grid = String::new();
    for r in 0..15u32 {
        for c in 0..20u32 {
            grid.push(char::from_u32(0x4E00 + r * 20 + c).unwrap());
        }
        grid.push('\n');
    }
    let xd = write(dir.path(), "r.xd", format!("Title: T\n\n\n{grid}\n\n"));
    let puz = dir.path().join("r.puz");
    let out = pzl(&["convert", s(&xd), "-o", s(&puz)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("46 cell(s)"), "{}", stderr(&out));
    let back = pzl(&["convert", s(&puz), "--to", "xd", "-o", "-"]);
    // xd has fewer one-character keys than 254: the rest is named as lost too.
    assert!(stderr(&back).contains("rebus answer(s) past the"), "{}", stderr(&back));
    let text = stdout(&back);
    // Every kept answer is its own cell's: no answer appears twice in the rebus table.
    let rebus = text.lines().find(|l| l.starts_with("Rebus:")).unwrap_or_default();
    let answers: Vec<&str> =
        rebus.split_whitespace().skip(1).filter_map(|e| e.split_once('=')).map(|(_, a)| a).collect();
    let mut unique = answers.clone();
    unique.sort_unstable();
    unique.dedup();
    assert!(answers.len() > 100, "{rebus}");
    assert_eq!(unique.len(), answers.len(), "{rebus}");
}

/// N12: an ipuz letter `.puz` cannot hold (`É`) is kept as a one-letter rebus, as the xd and
/// JPZ readers keep it, never a silent `X`.
#[test]
fn n12_a_non_ascii_ipuz_letter_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let ipuz = write(
        dir.path(),
        "e.ipuz",
        r#"{"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"], "dimensions": {"width": 3, "height": 3}, "title": "T", "author": "A", "puzzle": [[1, 2, 3], [4, 0, 0], [5, 0, 0]], "solution": [["C", "A", "T"], ["A", "R", "\u00c9"], ["T", "E", "N"]], "clues": {"Across": [[1, "c"], [4, "a"], [5, "t"]], "Down": [[1, "c"], [2, "a"], [3, "t"]]}}"#,
    );
    let out = pzl(&["convert", s(&ipuz), "--to", "xd", "-o", "-"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("A4. a ~ ARÉ"), "{}", stdout(&out));
    assert!(stdout(&out).contains("D3. t ~ TÉN"), "{}", stdout(&out));
}

/// Newcomer 6: `render --board FILE` reads the file, `-` and a pipe too; a missing one is named.
#[test]
fn render_board_reads_files_standard_input_and_names_a_missing_one() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let (puzzle, board) = (examples().join("hook.masyu"), examples().join("hook.sol"));
    let from_file = pzl(&["render", s(&puzzle), "--board", s(&board)]);
    assert!(from_file.status.success(), "{}", stderr(&from_file));
    let mut child = Command::new(env!("CARGO_BIN_EXE_pzl"))
        .args(["render", s(&puzzle), "--board", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&std::fs::read(&board).unwrap()).unwrap();
    let from_stdin = child.wait_with_output().unwrap();
    assert!(from_stdin.status.success(), "{}", stderr(&from_stdin));
    assert_eq!(from_stdin.stdout, from_file.stdout);
    let missing = pzl(&["render", s(&puzzle), "--board", "nosuch.sol"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).contains("nosuch.sol") && stderr(&missing).contains("No such file"),
        "{}",
        stderr(&missing)
    );
}

/// R7: `check` of a file that repeats reference boards 3 times prints a summary of the
/// repeats, not one line per repeated board.
#[test]
fn r7_check_summarises_repeated_boards() {
    let Some(dir) = pzl_corpus::dir("apad") else { return };
    let all = std::fs::read(dir.join("solutions.apad")).unwrap();
    // Its first 1,000 boards (9 bytes each), three times: 2,000 repeats.
    let one = &all[..9 * 1000];
    let tmp = tempfile::tempdir().unwrap();
    let big = write(tmp.path(), "big.apad", one.repeat(3));
    let out = pzl(&["check", s(&big)]);
    let text = stdout(&out);
    assert!(text.lines().count() < 60, "{} lines", text.lines().count());
    assert!(text.contains("more boards that repeat an earlier one"), "{text}");
}

/// Newcomer: `hint --apply` on a format without lines, to standard output, writes the board as
/// pzprv3 and says so; into such a file it is still refused, the file left alone.
#[test]
fn hint_apply_without_lines_writes_pzprv3_to_standard_output() {
    let out = pzl(&["hint", s(&hook()), "--apply"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("pzprv3\nmashu\n6\n6\n"), "{}", stdout(&out));
    assert!(stderr(&out).contains("as pzprv3"), "{}", stderr(&out));
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("h.masyu");
    std::fs::copy(hook(), &copy).unwrap();
    let out = pzl(&["hint", s(&copy), "--apply", "-o", s(&copy)]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(std::fs::read(&copy).unwrap(), std::fs::read(hook()).unwrap());
}

/// N18: `hint` without `--timeout` on an empty 1000×1000 board ends (the default limit) and
/// says why, instead of searching for ever.
#[test]
fn n18_hint_without_a_timeout_ends() {
    let dir = tempfile::tempdir().unwrap();
    let huge = write(
        dir.path(),
        "huge.masyu",
        format!("1000 1000\n{}", format!("{}\n", ".".repeat(1000)).repeat(1000)),
    );
    let started = std::time::Instant::now();
    let out = pzl(&["hint", s(&huge)]);
    assert!(started.elapsed().as_secs() < 90, "{:?}", started.elapsed());
    assert_eq!(out.status.code(), Some(1), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains("ran out of time"), "{}", stdout(&out));
}

/// The instructions `pzl ARGS` runs (valgrind's cachegrind, no cache simulation): `None`, saying
/// so, when valgrind is not installed. Instruction counts, unlike times, do not depend on the
/// machine's load.
fn instructions(args: &[&str]) -> Option<u64> {
    let out = std::process::Command::new("valgrind")
        .args(["--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"])
        .arg(env!("CARGO_BIN_EXE_pzl"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output();
    let Ok(out) = out else {
        println!("skipping the instruction count: valgrind is not installed");
        return None;
    };
    let report = String::from_utf8_lossy(&out.stderr);
    let line = report.lines().find(|l| l.contains("I   refs:") || l.contains("I refs:"));
    let count = line.and_then(|l| l.rsplit(':').next()).map(|n| n.trim().replace(',', ""));
    Some(count.and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("no instruction count: {report}")))
}

/// N10: `pzl -q info` of the file `make(k)` makes, at k = 1, 2 and 4, runs a number of
/// instructions linear in k: the second step adds less than 3 times what the first added (2 for
/// linear work, 4 for quadratic).
fn assert_linear(dir: &Path, name: &str, make: impl Fn(usize) -> String) {
    let mut counts = Vec::new();
    for k in [1, 2, 4] {
        let file = write(dir, &format!("{k}-{name}"), make(k));
        let Some(count) = instructions(&["-q", "info", s(&file)]) else { return };
        counts.push(count);
    }
    let (first, second) = (counts[1].saturating_sub(counts[0]), counts[2].saturating_sub(counts[1]));
    println!("{name}: {counts:?} instructions at 1×, 2×, 4× the input");
    assert!(
        second < 3 * first,
        "{name}: {counts:?} instructions at 1×, 2×, 4× the input: reading it is not linear"
    );
}

/// N10: the `.xd` and JPZ readers do work linear in the file for every shape the finding gives
/// (a long `Rebus:` line; a long rebus answer in every cell; a cell per distinct character;
/// Schrödinger cells; clues numbered off the grid, matched in order; JPZ clues whose words are no
/// entry, placed by number). Before, each was quadratic: 6 to 77 s on a 1 to 5 MB file.
#[cfg(unix)]
#[test]
fn n10_xd_and_jpz_reading_is_linear() {
    let dir = tempfile::tempdir().unwrap();
    let grid = |k: usize, row: &dyn Fn(usize) -> String| (0..16 * k).map(row).collect::<Vec<_>>().join("\n");
    // A 64-wide grid of `A` and a `Rebus:` line of 2,000 k entries.
    assert_linear(dir.path(), "rebus-scan.xd", |k| {
        let entries = vec!["B=XY"; 2_000 * k].join(" ");
        format!("Title: T\nRebus: {entries}\n\n\n{}\n", grid(k, &|_| "A".repeat(64)))
    });
    // Every cell names one rebus answer of 5,000 k letters (past the model's bound: each cell is
    // named as lost, once).
    assert_linear(dir.path(), "rebus-big.xd", |k| {
        format!("Title: T\nRebus: 1={}\n\n\n{}\n", "Q".repeat(5_000 * k), grid(k, &|_| "1".repeat(64)))
    });
    // A distinct non-ASCII character in every cell (past 254 of them, each named as lost).
    assert_linear(dir.path(), "unicode.xd", |k| {
        let rows =
            grid(k, &|r| (0..32).filter_map(|c| char::from_u32(0x4e00 + (r * 32 + c) as u32)).collect());
        format!("Title: T\n\n\n{rows}\n")
    });
    // Schrödinger cells everywhere, each across and down clue with its answer.
    let open_clues = |w: usize, h: usize| {
        let across: Vec<String> =
            (0..h).map(|r| format!("A{}. a ~ {}", if r == 0 { 1 } else { w + r }, "B".repeat(w))).collect();
        let down: Vec<String> = (1..=w).map(|c| format!("D{c}. d ~ {}", "C".repeat(h))).collect();
        format!("{}\n\n{}", across.join("\n"), down.join("\n"))
    };
    assert_linear(dir.path(), "schrodinger.xd", |k| {
        format!("Title: T\n\n\n{}\n\n\n{}\n", grid(k, &|_| "*".repeat(64)), open_clues(64, 16 * k))
    });
    // 2×2 islands whose clues are all numbered 60000: matched in order, one slot each.
    assert_linear(dir.path(), "islands.xd", |k| {
        let rows: Vec<String> = (0..30 * k)
            .map(|r| (0..63).map(|c| if r % 3 == 2 || c % 3 == 2 { '#' } else { 'A' }).collect())
            .collect();
        let rows = rows.join("\n");
        let islands = 21 * 10 * k;
        let across = vec!["A60000. a ~ "; 2 * islands].join("\n");
        let down = vec!["D60000. d ~ "; 2 * islands].join("\n");
        format!("Title: T\n\n\n{rows}\n\n\n{across}\n\n{down}\n")
    });
    // JPZ: 2×2 islands and 300 k clues whose word is a diagonal pair (no entry), each placed by
    // its number.
    assert_linear(dir.path(), "unplaced.xml", |k| {
        let mut cells = String::new();
        for y in 1..=16 * k {
            for x in 1..=63 {
                if x % 3 == 0 || y % 3 == 0 {
                    cells.push_str(&format!("<cell x=\"{x}\" y=\"{y}\" type=\"block\"/>"));
                } else {
                    cells.push_str(&format!("<cell x=\"{x}\" y=\"{y}\" solution=\"A\"/>"));
                }
            }
        }
        let clues = "<clue word=\"d\" number=\"99999\">c</clue>".repeat(300 * k);
        let rest = format!(
            "<word id=\"d\"><cells x=\"1\" y=\"1\"/><cells x=\"2\" y=\"2\"/></word>\
             <clues><title>Across</title>{clues}</clues>"
        );
        jpz(63, 16 * k, &cells, &rest)
    });
}

/// The head and tail of a bare JPZ (XML) file with a `w`×`h` grid holding `cells`, then `rest`.
fn jpz(w: usize, h: usize, cells: &str, rest: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<crossword-compiler xmlns=\"http://crossword.info/xml/crossword-compiler\"><rectangular-puzzle xmlns=\"http://crossword.info/xml/rectangular-puzzle\"><metadata><title>T</title></metadata><crossword><grid width=\"{w}\" height=\"{h}\"><grid-look numbering-scheme=\"normal\"/>{cells}</grid>{rest}</crossword></rectangular-puzzle></crossword-compiler>\n"
    )
}

/// N4: JPZ ranges copy a cell's text to every cell of the range, and a word's `<cells>` pieces add
/// up: both are bounded (16 MiB of copied text; a word's cells at most the grid's, all words' at
/// most 16 times the grid's), so a small file cannot take gigabytes.
#[cfg(unix)]
#[test]
fn n4_jpz_ranges_are_refused_in_little_memory() {
    let dir = tempfile::tempdir().unwrap();
    // One cell, a 1 MB solution, copied to 255 cells: 255 MB before (16 MB of solution: 4 GB).
    let clone =
        jpz(255, 255, &format!("<cell x=\"1-255\" y=\"1\" solution=\"{}\"/>", "A".repeat(1_000_000)), "");
    let clone = write(dir.path(), "clone.xml", clone);
    // One word of 400,000 pieces of 255 cells: 100 M cells before.
    let pieces = "<cells x=\"1-255\" y=\"1\"/>".repeat(400_000);
    let word = write(dir.path(), "word.xml", jpz(255, 255, "", &format!("<word id=\"w\">{pieces}</word>")));
    // 100,000 words of 255 cells each: 25 M cells before.
    let many: String =
        (0..100_000).map(|i| format!("<word id=\"{i}\" x=\"1-255\" y=\"{}\"/>", i % 255 + 1)).collect();
    let many = write(dir.path(), "many.xml", jpz(255, 255, "", &many));
    for (file, says) in
        [(&clone, "bytes of cell text"), (&word, "more cells than"), (&many, "more cells than")]
    {
        let Some((out, kb)) = peak(&["-q", "info", s(file)]) else { return };
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
        println!("{}: peak {kb} KB", file.display());
        assert!(kb < SMALL_KB, "{}: peak {kb} KB", file.display());
    }
    // A real range (a row of blocks, a word over a row) still reads.
    let fine = jpz(3, 1, "<cell x=\"1-3\" y=\"1\" type=\"block\"/>", "");
    let fine = write(dir.path(), "fine.xml", fine);
    let out = pzl(&["-q", "info", s(&fine)]);
    assert!(out.status.success(), "{}", stderr(&out));
}

/// R4 (leftover): `convert` of an AppleDouble header whose data file `x` beside it is too large
/// for the memory a conversion needs (three copies of the data fork) is a limit error, exit 2,
/// nothing written; it aborted (exit 134) with a 3 GiB sibling. The sibling is a sparse file.
#[cfg(unix)]
#[test]
fn r4_a_data_fork_too_large_for_memory_is_a_limit_error() {
    let dir = tempfile::tempdir().unwrap();
    // An AppleDouble header with one entry: the Finder info (type TEXT, creator ttxt).
    let mut header = vec![0, 5, 0x16, 0x07, 0, 2, 0, 0];
    header.extend([0; 16]);
    header.extend([0, 1, 0, 0, 0, 9, 0, 0, 0, 38, 0, 0, 0, 32]);
    header.extend(b"TEXTttxt");
    header.extend([0; 24]);
    let head = write(dir.path(), "._movie", header);
    let movie = std::fs::File::create(dir.path().join("movie")).unwrap();
    movie.set_len(3 << 30).unwrap();
    let out_file = dir.path().join("out.bin");
    let Some((out, kb)) = peak(&["convert", s(&head), "--to", "macbinary", "-o", s(&out_file)]) else {
        return;
    };
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("there is not memory for"), "{}", stderr(&out));
    assert!(!out_file.exists(), "nothing is written");
    assert!(kb < SMALL_KB, "peak {kb} KB");
}

/// R6 (leftover): a Masyu text grid followed by 25 MB of lines is refused at its first extra line
/// without a table of every line: 296 MB before, now about the file's size.
#[cfg(unix)]
#[test]
fn r6_lines_after_a_grid_are_not_all_held() {
    let dir = tempfile::tempdir().unwrap();
    let many = write(
        dir.path(),
        "many.masyu",
        format!("4 4\n....\n....\n....\n....\n{}", "....\n".repeat(5_000_000)),
    );
    let Some((out, kb)) = peak(&["info", s(&many)]) else { return };
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("line 6, column 1: expected only the 4 rows of the grid"),
        "{}",
        stderr(&out)
    );
    assert!(kb < 100_000, "peak {kb} KB for a 25 MB file");
}

/// A folder of puzzles among the files projects keep beside them: a Maven `pom.xml`, a
/// `README.txt`, a browser shortcut `notes.url`, and `hook.txt` (notes, beside `hook.masyu`).
/// It also holds puzzles under those extensions: a Masyu grid `grid.txt` and a shortcut
/// `link.url` to a puzz.link puzzle.
fn project_folder(dir: &Path) -> PathBuf {
    let d = dir.join("d");
    std::fs::create_dir(&d).unwrap();
    std::fs::copy(hook(), d.join("hook.masyu")).unwrap();
    write(&d, "pom.xml", "<?xml version=\"1.0\"?>\n<project><modelVersion>4.0.0</modelVersion></project>\n");
    write(&d, "README.txt", "Puzzles for the club.\nSee hook.masyu first.\n");
    write(&d, "hook.txt", "4 4 is the size; solved on Tuesday.\n");
    write(&d, "notes.url", "[InternetShortcut]\r\nURL=https://example.com/notes\r\n");
    write(&d, "grid.txt", "4 4\nW...\n....\n..B.\n....\n");
    write(&d, "link.url", "[InternetShortcut]\r\nURL=https://puzz.link/p?mashu/6/6/1063000i3000\r\n");
    d
}

/// N20c: a folder walk passes over files whose extension other programs use too (`.txt`,
/// `.xml`, `.url`) when no format recognises their content, and counts them as skipped; files
/// of those extensions that hold puzzles are read; a file named on its own is still an error.
#[test]
fn n20c_a_folder_walk_skips_files_that_are_no_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let d = project_folder(dir.path());
    let out = pzl(&["check", s(&d)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("7 files: 3 ok, 0 with problems, 0 errors, 4 skipped (not puzzle files)"),
        "{text}"
    );
    for puzzle in ["grid.txt", "hook.masyu", "link.url"] {
        assert!(text.contains(&format!("{puzzle}: ok")), "{puzzle}: {text}");
    }
    // `check` names what it passed over (as `-v` does for the other verbs).
    for other in ["pom.xml", "README.txt", "hook.txt", "notes.url"] {
        assert!(stderr(&out).contains(&format!("{other}: not a puzzle file")), "{other}: {}", stderr(&out));
        assert!(!text.contains(other), "{other}: {text}");
    }
    let out = pzl(&["info", s(&d), "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let skipped: Vec<&str> =
        lines.iter().filter(|l| l.get("skipped").is_some()).filter_map(|l| l["file"].as_str()).collect();
    assert_eq!(skipped.len(), 4, "{lines:?}");
    let summary = &lines.last().unwrap()["summary"];
    assert_eq!(
        (summary["files"].as_u64(), summary["ok"].as_u64(), summary["skipped"].as_u64()),
        (Some(7), Some(3), Some(4))
    );
    assert_eq!(summary["errors"].as_u64(), Some(0));
    // (`grid.txt` has no solution: a problem, exit 1, not an error.)
    let out = pzl(&["solve", s(&d)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stdout(&out).contains("4 skipped"), "{}", stdout(&out));

    // A conversion plans its output names without them: `hook.masyu` is `hook.pzpr`, not
    // `hook.masyu.pzpr` because of the notes `hook.txt`, and no README.pzpr is written.
    let out_dir = dir.path().join("out");
    let out = pzl(&["-q", "convert", s(&d), "-o", s(&out_dir), "--to", "pzprv3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut written: Vec<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(written, ["grid.pzpr", "hook.pzpr", "link.pzpr"]);

    // Named on its own, a file is read whatever it holds, and its reader says what is wrong.
    let out = pzl(&["check", s(&d.join("pom.xml"))]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("<project>"), "{}", stderr(&out));
    // A file of a puzzle's own extension is a puzzle file by its name: a broken one is an error.
    write(&d, "broken.puz", "not a crossword");
    let out = pzl(&["check", s(&d), "--json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).contains(r#""errors":1,"skipped":4"#), "{}", stdout(&out));
}

/// N20d: `convert FILE -o DIR` with an existing folder writes DIR/STEM.EXT (as `cp` would put
/// it there); without `--to` it says to name the format; nothing replaces the folder.
#[test]
fn n20d_convert_one_file_into_an_existing_folder() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("out");
    std::fs::create_dir(&out_dir).unwrap();
    let out = pzl(&["convert", s(&hook()), "-o", s(&out_dir), "--to", "pzprv3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let written = std::fs::read_to_string(out_dir.join("hook.pzpr")).unwrap();
    assert!(written.starts_with("pzprv3"), "{written}");
    // Again: the file in the folder is replaced, as `-o FILE` replaces a file.
    let out = pzl(&["convert", s(&hook()), "-o", s(&out_dir), "--to", "pzprv3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = pzl(&["convert", s(&hook()), "-o", s(&out_dir)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("is a folder: name the format to write into it with --to"),
        "{}",
        stderr(&out)
    );
    let out =
        pzl(&["convert", "https://puzz.link/p?mashu/6/6/1063000i3000", "-o", s(&out_dir), "--to", "masyu"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no file name to go by"), "{}", stderr(&out));
    assert!(out_dir.is_dir());
    assert_eq!(std::fs::read_dir(&out_dir).unwrap().count(), 1);
}

/// N20f: SIGTERM (and Ctrl-C's SIGINT) during a run that writes files removes the write in
/// progress and ends the process as the signal does: a shell sees 143 (130 for SIGINT), not
/// 130 for both. The run is held, after its first file is written, by a FIFO it opens next.
#[cfg(unix)]
#[test]
fn n20f_a_signal_ends_the_run_as_the_shell_expects() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("held.masyu");
    if !std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success()) {
        println!("skipping: mkfifo failed");
        return;
    }
    for (signal, name) in [(15, "TERM"), (2, "INT")] {
        let out_dir = dir.path().join(format!("out-{name}"));
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_pzl"))
            .args(["-q", "convert", s(&hook()), s(&fifo), "-o", s(&out_dir), "--to", "pzprv3"])
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let first = out_dir.join("hook.pzpr");
        let start = std::time::Instant::now();
        while !first.exists() && start.elapsed() < std::time::Duration::from_secs(60) {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert!(first.exists(), "the first file was not written");
        // The handler is installed before the first write; the run now waits on the FIFO.
        std::thread::sleep(std::time::Duration::from_millis(200));
        let kill =
            std::process::Command::new("kill").arg(format!("-{name}")).arg(child.id().to_string()).status();
        assert!(kill.unwrap().success());
        let status = child.wait().unwrap();
        assert_eq!(status.signal(), Some(signal), "SIG{name}: {status:?}");
        let left: Vec<_> = std::fs::read_dir(&out_dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left, ["hook.pzpr"], "SIG{name}");
    }
}

/// N20g: an import into a database that does not exist yet, failing on a full disk, leaves no
/// file (not a new empty database while saying "nothing was changed"); bad input files fail the
/// import before any database is made; with room the new database holds every puzzle.
#[test]
fn n20g_a_failed_import_leaves_no_new_database() {
    use std::process::Command;
    let dir = tempfile::tempdir().unwrap();
    let bad = write(dir.path(), "bad.masyu", "not a board\n");
    let db = dir.path().join("new.data");
    let out = pzl(&["masyu", "db", "import", s(&db), s(&hook()), s(&bad)]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(!db.exists());
    // 40 boards of 40×40 pearls: far more than a 64 KiB disk holds after the empty database.
    let mut boards = Vec::new();
    for i in 0..40usize {
        let mut text = String::from("40 40\n");
        for r in 0..40usize {
            let row: String =
                (0..40usize).map(|c| ['.', 'W', 'B', '.'][(i * 7 + r * 13 + c * c + r * c) % 4]).collect();
            text.push_str(&row);
            text.push('\n');
        }
        boards.push(write(dir.path(), &format!("p{i}.masyu"), text));
    }
    let mut args = vec!["masyu", "db", "import", s(&db)];
    args.extend(boards.iter().map(|b| s(b)));
    let out = pzl(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("as puzzle 40"), "{}", stderr(&out));

    let Some(mount) = common::small_tmpfs(dir.path()) else {
        return;
    };
    let small = mount.join("new.data");
    args[3] = s(&small);
    let out = pzl(&args);
    let names: Vec<_> = std::fs::read_dir(&mount).unwrap().flatten().map(|e| e.file_name()).collect();
    let _ = Command::new("umount").arg(&mount).status();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("disk is full"), "{}", stderr(&out));
    assert!(names.is_empty(), "no database and no temporary file left: {names:?}");
}

/// N20l: a clue of characters no font has gives one short warning that names the first ten and
/// counts the rest (60,000 of them were one line of 958 KB; 600 here keep a debug build quick).
#[test]
fn n20l_characters_no_font_has_are_named_briefly() {
    let dir = tempfile::tempdir().unwrap();
    let clue: String = (0xF0000u32..0xF0000 + 600).filter_map(char::from_u32).collect();
    let xd = write(
        dir.path(),
        "pua.xd",
        format!(
            "Title: T\nAuthor: A\n\n\nCAT\nARE\nTEN\n\n\nA1. {clue} ~ CAT\nA4. a ~ ARE\nA5. t ~ TEN\n\n\
             D1. c ~ CAT\nD2. a ~ ARE\nD3. t ~ TEN\n"
        ),
    );
    let out = pzl(&["render", s(&xd), "--with-clues", "-o", s(&dir.path().join("x.pdf"))]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.len() < 1000, "{} bytes: {}", err.len(), &err[..err.len().min(400)]);
    assert!(err.contains("U+F0000") && err.contains("U+F0009"), "{err}");
    assert!(!err.contains("U+F000A"), "{err}");
    let more = err
        .split("and ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse::<usize>().ok());
    assert!(more.is_some_and(|n| n > 500), "{err}");
    assert!(err.contains("more characters: printed as an empty box"), "{err}");
}

/// A `.puz` file whose RTBL holds one answer of `answer_len` bytes, named by every cell of an
/// `n`×`n` grid (built with the library at the longest answer it writes, then the section
/// replaced and the checksums redone, as a hostile file would be).
fn puz_with_long_rebus(n: usize, answer_len: usize) -> Vec<u8> {
    use pzl_crossword::puzzle::{MAX_REBUS_ANSWER_BYTES, Puzzle, Rebus};
    use pzl_crossword::raw::Section;
    let mut p = Puzzle::new(n, n);
    let row = "A".repeat(n);
    p.set_solution_rows(&vec![row.as_str(); n]);
    p.clues = (0..2 * n).map(|i| format!("c{i}")).collect();
    let longest = format!("A{}", "Q".repeat(MAX_REBUS_ANSWER_BYTES - 1));
    p.rebus = Some(Rebus { cells: vec![2; n * n], table: vec![(1, longest)] });
    let mut raw = p.to_raw().unwrap();
    let rtbl = raw.sections.iter_mut().find(|s| &s.code == b"RTBL").unwrap();
    *rtbl = Section::new(*b"RTBL", format!(" 1:A{};", "Q".repeat(answer_len - 1)).into_bytes());
    raw.update_checksums();
    raw.to_bytes()
}

/// Issue 36, item 4 (N10, N11 at `.puz`): a 262 KB `.puz` whose one 65 KB rebus answer fills a
/// 255×255 grid aborted `convert --to ipuz` past 6 GB (xd: 3 GB, JPZ: 240 s, then abort). The
/// answer is past the 255 bytes a rebus answer holds: named, the cells keep their letter, little
/// memory; the `.puz` itself still converts to `.puz` unchanged. An Across Lite text answer past
/// the bound is named too (it was dropped without a word); the writer never cuts one.
#[cfg(unix)]
#[test]
fn rebus_answers_past_255_bytes_are_named_in_little_memory() {
    let dir = tempfile::tempdir().unwrap();
    let bomb = write(dir.path(), "bomb.puz", puz_with_long_rebus(255, 65_000));
    for to in ["ipuz", "xd"] {
        let out_file = dir.path().join(format!("bomb.{to}"));
        let Some((out, kb)) = peak(&["convert", s(&bomb), "--to", to, "-o", s(&out_file)]) else { return };
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("1 rebus answer(s) longer than 255 bytes, in 65025 cell(s)"),
            "{}",
            stderr(&out)
        );
        println!("{to}: peak {kb} KB");
        assert!(kb < SMALL_KB, "{to}: peak {kb} KB");
    }
    let copy = dir.path().join("copy.puz");
    let out = pzl(&["-q", "convert", s(&bomb), "-o", s(&copy)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read(&copy).unwrap(), std::fs::read(&bomb).unwrap());

    let long = format!("A{}", "Q".repeat(299));
    let text = write(
        dir.path(),
        "t.txt",
        format!(
            "<ACROSS PUZZLE V2>\n<TITLE>\n\tT\n<AUTHOR>\n\t\n<COPYRIGHT>\n\t\n<SIZE>\n\t3x3\n<GRID>\n\t1BC\n\tDEF\n\tGHI\n\
             <REBUS>\n\t1:{long}:A\n<ACROSS>\n\ta\n\tb\n\tc\n<DOWN>\n\td\n\te\n\tf\n<NOTEPAD>\n"
        ),
    );
    let out = pzl(&["convert", s(&text), "-o", s(&dir.path().join("t.puz"))]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("1 cell(s) whose answers are longer than the 255 bytes"),
        "{}",
        stderr(&out)
    );
}

/// Newcomer, smaller things: converting a Masyu puzzle to `out.puz` says that `.puz` is a
/// crossword format (not "cannot tell which format"); a folder conversion without `--to` hints
/// at the formats of each kind, not `--to xd` alone.
#[test]
fn messages_name_the_kind_a_file_name_asks_for() {
    let dir = tempfile::tempdir().unwrap();
    let out = pzl(&["convert", s(&hook()), "-o", s(&dir.path().join("out.puz"))]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("names a crossword format (puz); a masyu puzzle cannot be written as one"),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("the masyu formats: "), "{}", stderr(&out));
    let out = pzl(&["convert", s(&examples()), "-o", s(&dir.path().join("out"))]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--to pzprv3 for Masyu"), "{}", stderr(&out));
}
