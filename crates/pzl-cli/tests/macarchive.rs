//! Archives and disk images as containers: `pzl mac stuff` writes a StuffIt archive, `pzl info`
//! lists its members, `FILE#MEMBER` reaches a MacPoly puzzle inside a `.sit.hqx` and inside an
//! HFS image (built with Debian's hfsutils when installed) in one command, and `pzl mac extract`
//! unpacks without losing a fork.

use std::path::Path;
use std::process::Command;

mod common;
#[cfg(unix)]
use common::peak;
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

    // `pzl check ARCHIVE` reads every member and checks every CRC; a flipped byte is a problem
    // (exit 1) naming the member and the place.
    let checked = pzl(&["check", path(&sit)]);
    assert!(checked.status.success(), "{}", stderr(&checked));
    assert!(stdout(&checked).contains("ok: 1 file: every fork reads"), "{}", stdout(&checked));
    let bare = dir.path().join("MacPoly.sit");
    assert!(pzl(&["mac", "stuff", path(&bin), "-o", path(&bare)]).status.success());
    let mut flipped = std::fs::read(&bare).unwrap();
    *flipped.last_mut().unwrap() ^= 1;
    std::fs::write(&bare, flipped).unwrap();
    let checked = pzl(&["check", path(&bare)]);
    assert_eq!(checked.status.code(), Some(1), "{}", stderr(&checked));
    assert!(stdout(&checked).contains("'puzzles': offset"), "{}", stdout(&checked));
    assert!(stdout(&checked).contains("resource fork: CRC"), "{}", stdout(&checked));

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
    // `pzl check` verifies a DiskCopy 4.2 image's checksums and reads every file of an image.
    for name in ["CiderPress2/Installer Disk 1.image", "BeHierarchic/manyExtents.img.gz"] {
        let run = pzl(&["check", path(&dir.join(name))]);
        assert!(run.status.success(), "{name}: {}", stderr(&run));
        assert!(
            stdout(&run).contains("every fork reads, every CRC and checksum holds"),
            "{name}: {}",
            stdout(&run)
        );
    }
    let sitx = pzl(&["info", path(&dir.join("stuffit-test-files/testfile.stuffit7_dlx.mac9.sitx"))]);
    assert_eq!(sitx.status.code(), Some(2));
    assert!(stderr(&sitx).contains("StuffIt X"), "{}", stderr(&sitx));
}

/// Far over pzl's own floor (a few MB in a debug build), far under the images below.
const SMALL_KB: u64 = 150_000;

/// The start of an HFS volume with `block` -byte allocation blocks from byte 2048: the extents
/// B-tree in block 0 (empty: its header node says no leaves), the catalog in blocks 1 to
/// `catalog_blocks`, its header node naming `first_leaf` and node 1 a leaf whose forward link
/// is `next` (1: a cycle); 512-byte nodes.
fn hostile_hfs(block: u32, catalog_blocks: u16, first_leaf: u32, next: u32) -> Vec<u8> {
    let mut img = vec![0u8; 2048 + block as usize + 1024];
    let mdb = 1024;
    img[mdb..mdb + 2].copy_from_slice(b"BD");
    img[mdb + 18..mdb + 20].copy_from_slice(&(1 + catalog_blocks).to_be_bytes());
    img[mdb + 20..mdb + 24].copy_from_slice(&block.to_be_bytes());
    img[mdb + 28..mdb + 30].copy_from_slice(&4u16.to_be_bytes()); // blocks start at sector 4
    img[mdb + 36] = 7;
    img[mdb + 37..mdb + 44].copy_from_slice(b"Hostile");
    img[mdb + 130..mdb + 134].copy_from_slice(&block.to_be_bytes());
    img[mdb + 134..mdb + 138].copy_from_slice(&[0, 0, 0, 1]); // extents: block 0, 1 block
    let catalog = u64::from(block) * u64::from(catalog_blocks);
    img[mdb + 146..mdb + 150].copy_from_slice(&u32::try_from(catalog).unwrap().to_be_bytes());
    img[mdb + 150..mdb + 154].copy_from_slice(&[0, 1, (catalog_blocks >> 8) as u8, catalog_blocks as u8]);
    let header_node = |img: &mut Vec<u8>, at: usize, first_leaf: u32| {
        img[at + 8] = 1; // a header node
        img[at + 14 + 10..at + 14 + 14].copy_from_slice(&first_leaf.to_be_bytes());
        img[at + 14 + 18..at + 14 + 20].copy_from_slice(&512u16.to_be_bytes());
        img[at + 14 + 22..at + 14 + 26].copy_from_slice(&u32::MAX.to_be_bytes()); // "total nodes"
    };
    header_node(&mut img, 2048, 0);
    let ct = 2048 + block as usize;
    header_node(&mut img, ct, first_leaf);
    img[ct + 512..ct + 516].copy_from_slice(&next.to_be_bytes());
    img[ct + 512 + 8] = 0xFF; // a leaf with no records
    img
}

/// A raw image of nearly 1 GB (sparse on disk) whose catalog claims 960 MiB — with a cyclic
/// leaf chain, a first leaf past its end, or no leaves at all — is refused (or listed) reading
/// only the nodes it walks: pzl's memory stays small, not the size of the image or the catalog.
#[cfg(unix)]
#[test]
fn a_hostile_raw_image_is_refused_in_little_memory() {
    let dir = tempfile::tempdir().unwrap();
    let block = 16 << 20;
    for (name, first_leaf, next, expect) in [
        ("cycle.img", 1, 1, Err("comes back to node 1 (a cycle)")),
        ("far.img", 0x7FFF_FFFF, 0, Err("lies past the end")),
        ("empty.img", 0, 0, Ok("files:   0")),
    ] {
        let img = dir.path().join(name);
        std::fs::write(&img, hostile_hfs(block, 60, first_leaf, next)).unwrap();
        let file = std::fs::OpenOptions::new().write(true).open(&img).unwrap();
        file.set_len(2048 + 61 * u64::from(block)).unwrap();
        drop(file);
        let Some((out, kb)) = peak(&["info", path(&img)]) else { return };
        match expect {
            Err(message) => {
                assert_eq!(out.status.code(), Some(2), "{name}: {}", stderr(&out));
                assert!(stderr(&out).contains(message), "{name}: {}", stderr(&out));
            }
            Ok(listing) => {
                assert!(out.status.success(), "{name}: {}", stderr(&out));
                assert!(stdout(&out).contains(listing), "{name}: {}", stdout(&out));
            }
        }
        assert!(kb < SMALL_KB, "{name}: peak {kb} KB");
    }
}

/// The same cyclic catalog gzip-wrapped, the image inflating to 512 MiB (a few hundred KB of
/// gzip members of zeros): listing inflates only up to the catalog's end and keeps only the two
/// B-tree files (here 32.5 MiB, as the volume header sizes them), never the image; a catalog
/// claiming more than `MAX_GZIP_TREE` (128 MiB) is refused before anything is kept.
#[cfg(unix)]
#[test]
fn a_hostile_gzip_image_is_refused_in_little_memory() {
    use std::io::Write;
    let gzip = |bytes: &[u8]| {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        e.write_all(bytes).unwrap();
        e.finish().unwrap()
    };
    let zeros = gzip(&vec![0u8; 1 << 20]);
    let dir = tempfile::tempdir().unwrap();
    // A 32 MiB catalog with a cyclic chain; a 600 MiB catalog, more than a gzip image may keep.
    for (name, blocks, expect) in
        [("cycle.img.gz", 64, "comes back to node 1 (a cycle)"), ("big.img.gz", 1200, "more than the")]
    {
        let mut file = gzip(&hostile_hfs(512 << 10, blocks, 1, 1));
        for _ in 0..512 {
            file.extend_from_slice(&zeros);
        }
        let img = common::write(dir.path(), name, &file);
        let Some((out, kb)) = peak(&["info", path(&img)]) else { return };
        assert_eq!(out.status.code(), Some(2), "{name}: {}", stderr(&out));
        assert!(stderr(&out).contains(expect), "{name}: {}", stderr(&out));
        assert!(kb < SMALL_KB, "{name}: peak {kb} KB");
    }
}
