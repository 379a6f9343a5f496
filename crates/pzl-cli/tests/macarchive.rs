//! Archives and disk images as containers: `pzl mac stuff` writes a StuffIt archive, `pzl info`
//! lists its members, `FILE#MEMBER` reaches a MacPoly puzzle inside a `.sit.hqx` and inside an
//! HFS image (built with Debian's hfsutils when installed) in one command, and `pzl mac extract`
//! unpacks without losing a fork.

use std::path::Path;
use std::process::Command;

mod common;
use common::{pzl, s as path, stderr, stdout};

const GRID: &str = "..................\n.a.a..SSSSSS..b.b.\n.aaaa.SSSSSS.bbbb.\n.aaa..SSSSSS..bbb.\n......SSSSSS......\n.c.c..SSSSSS..d.d.\n.cccc.SSSSSS.dddd.\n.ccc..........ddd.\n..................\n";

/// MacPoly's figure-6 puzzle as an `SBP1` resource in `puzzles.bin` (MacBinary), by pzl ftor.
fn puzzle_file(dir: &Path) -> std::path::PathBuf {
    let src = dir.join("square.txt");
    std::fs::write(&src, format!("6 x 6 Square\nCongratulations! Puzzle by David Levner.\n{GRID}")).unwrap();
    let bin = dir.join("puzzles.bin");
    let run = pzl(&["ftor", "SBP1", path(&bin), path(&src)]);
    assert!(run.status.success(), "{}", stderr(&run));
    bin
}

#[test]
fn solve_reaches_a_macpoly_puzzle_inside_a_sit_hqx() {
    let dir = tempfile::tempdir().unwrap();
    let bin = puzzle_file(dir.path());
    let sit = dir.path().join("MacPoly.sit.hqx");
    let run = pzl(&["mac", "stuff", path(&bin), "-o", path(&sit)]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(
        std::fs::read_to_string(&sit).unwrap().starts_with("(This file must be converted with BinHex 4.0)")
    );

    let info = pzl(&["info", path(&sit)]);
    assert!(info.status.success(), "{}", stderr(&info));
    let listed = stdout(&info);
    assert!(listed.contains("StuffIt (classic) archive in BinHex 4.0"), "{listed}");
    assert!(listed.contains("puzzles  "), "{listed}");

    let member = format!("{}#{}", path(&sit), member_name(&listed));
    let direct = stdout(&pzl(&["solve", path(&bin)]));
    let solved = pzl(&["solve", &member]);
    assert!(solved.status.success(), "{}", stderr(&solved));
    assert_eq!(stdout(&solved), direct);
    for letter in ["A", "B", "C", "D"] {
        assert!(direct.contains(letter), "{direct}");
    }
    assert!(pzl(&["check", &member]).status.success());
    let svg = dir.path().join("p.svg");
    assert!(pzl(&["render", &member, "-o", path(&svg)]).status.success());
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));

    // A member that is not there: exit 2, naming the members.
    let missing = pzl(&["solve", &format!("{}#nope", path(&sit))]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("no member `nope`"), "{}", stderr(&missing));

    // Unpacked both ways, the forks are those of the file put in.
    for (format, name) in [("appledouble", "._"), ("macbinary", ".bin"), ("applesingle", ".as")] {
        let out = dir.path().join(format!("out-{format}"));
        let run = pzl(&["mac", "extract", path(&sit), "-o", path(&out), "--fork-format", format]);
        assert!(run.status.success(), "{format}: {}", stderr(&run));
        let files: Vec<String> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(files.iter().any(|f| f.contains(name)), "{format}: {files:?}");
        if format == "macbinary" {
            let file = out.join(&files[0]);
            let a = stdout(&pzl(&["mac", "rsrc", "list", path(&file)]));
            let b = stdout(&pzl(&["mac", "rsrc", "list", path(&bin)]));
            assert_eq!(a, b);
        }
    }
}

/// The member line of `pzl info`'s listing: the first path before two spaces.
fn member_name(listing: &str) -> String {
    let line = listing.lines().find(|l| l.contains("'SBPz'") || l.contains("rsrc ")).unwrap();
    let line = line.trim();
    line.strip_prefix("members:").unwrap_or(line).trim().split("  ").next().unwrap().to_string()
}

fn have(tool: &str) -> bool {
    Command::new(tool).arg("--version").output().is_ok()
}

#[test]
fn solve_reaches_a_macpoly_puzzle_inside_an_hfs_image() {
    if !have("hformat") {
        eprintln!("hfsutils not installed: skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let bin = puzzle_file(dir.path());
    let img = dir.path().join("disk.img");
    std::fs::write(&img, vec![0u8; 800 * 1024]).unwrap();
    let hfs = |args: &[&str]| {
        let out = Command::new(args[0]).args(&args[1..]).env("HOME", dir.path()).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    };
    hfs(&["hformat", "-l", "Puzzles", path(&img)]);
    hfs(&["hmkdir", ":MacPoly"]);
    hfs(&["hcopy", "-m", path(&bin), ":MacPoly:"]);
    hfs(&["humount"]);
    let info = stdout(&pzl(&["info", path(&img)]));
    assert!(info.contains("HFS volume \"Puzzles\""), "{info}");
    assert_eq!(member_name(&info), "MacPoly/puzzles");
    let member = format!("{}#MacPoly/puzzles", path(&img));
    let solved = pzl(&["solve", &member]);
    assert!(solved.status.success(), "{}", stderr(&solved));
    assert_eq!(stdout(&solved), stdout(&pzl(&["solve", path(&bin)])));
}

#[test]
fn the_corpus_archives_and_images_list() {
    let Some(dir) = pzl_corpus::dir("macarchive") else { return };
    for (name, expect) in [
        ("Murphy/infotron-11.hqx", "StuffIt (classic) archive in BinHex 4.0"),
        ("peeler/testfile.dropstuff_6_maximum.sit.hqx", "StuffIt 5 archive in BinHex 4.0"),
        ("CiderPress2/Installer Disk 1.image", "(DiskCopy 4.2 image)"),
        ("MfsReader/mfs400K.dsk", "MFS volume"),
        ("peeler/testfile.compact_pro_152.cpt", "Compact Pro archive"),
        ("BeHierarchic/manyExtents.img.gz", "HFS volume \"ManyExtents\" (gzip)"),
    ] {
        let run = pzl(&["info", path(&dir.join(name))]);
        assert!(run.status.success(), "{name}: {}", stderr(&run));
        assert!(stdout(&run).contains(expect), "{name}: {}", stdout(&run));
    }
    let sitx = pzl(&["info", path(&dir.join("stuffit-test-files/testfile.stuffit7_dlx.mac9.sitx"))]);
    assert_eq!(sitx.status.code(), Some(2));
    assert!(stderr(&sitx).contains("StuffIt X"), "{}", stderr(&sitx));
}
