//! CLI tests for the Mac file area: info, check, convert, rsrc list/extract/add/remove, derez/rez
//! and ftor, on the corpus samples and on files the tests build themselves.

use std::path::Path;

mod common;
use common::{pzl, s as path, stdout};

const GRID: &str = "..................\n.a.a..SSSSSS..b.b.\n.aaaa.SSSSSS.bbbb.\n.aaa..SSSSSS..bbb.\n......SSSSSS......\n.c.c..SSSSSS..d.d.\n.cccc.SSSSSS.dddd.\n.ccc..........ddd.\n..................\n";

fn square_source(dir: &Path) -> std::path::PathBuf {
    let file = dir.join("square.txt");
    std::fs::write(&file, format!("6 x 6 Square\nCongratulations! Puzzle by David Levner.\n{GRID}")).unwrap();
    file
}

#[test]
fn ftor_builds_the_figure_6_resource_in_every_container() {
    let dir = tempfile::tempdir().unwrap();
    let src = square_source(dir.path());
    for out_name in ["puzzles.rsrc", "puzzles.bin", "._puzzles", "puzzles.hqx", "puzzles.as"] {
        let out = dir.path().join(out_name);
        let run = pzl(&["ftor", "SBP1", path(&out), path(&src)]);
        assert!(run.status.success(), "{out_name}: {}", String::from_utf8_lossy(&run.stderr));
        assert_eq!(stdout(&run), format!("{}: 'SBP1' 128 \"6 x 6 Square\"\n", path(&src)));
        let again = pzl(&["ftor", "SBP1", path(&out), path(&src)]);
        assert!(stdout(&again).contains("'SBP1' 129"), "{out_name}: IDs skip those in use");
        let data = pzl(&["rsrc", "extract", path(&out), "--name", "6 x 6 Square"]);
        assert!(data.status.success());
        let mut expected =
            format!("Congratulations! Puzzle by David Levner.\n{GRID}{GRID}000000000\n000000000\n999999999\n999999999\n")
                .replace('\n', "\r")
                .into_bytes();
        expected.push(0);
        assert_eq!(data.stdout, expected, "{out_name}");
        let info = stdout(&pzl(&["info", path(&out)]));
        assert!(info.contains("2 resources: 'SBP1' ×2"), "{out_name}: {info}");
    }
}

#[test]
fn rsrc_add_list_remove_edit_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("x.bin");
    let data = dir.path().join("data");
    std::fs::write(&data, b"hello").unwrap();
    let add = pzl(&[
        "rsrc",
        "add",
        path(&file),
        path(&data),
        "-t",
        "TEXT",
        "-i",
        "-5",
        "-n",
        "greeting",
        "--attributes",
        "0x20",
    ]);
    assert!(add.status.success(), "{}", String::from_utf8_lossy(&add.stderr));
    let list = stdout(&pzl(&["rsrc", "list", path(&file)]));
    assert!(
        list.contains("'TEXT'")
            && list.contains("-5")
            && list.contains("purgeable")
            && list.contains("greeting"),
        "{list}"
    );
    let json: serde_json::Value =
        serde_json::from_slice(&pzl(&["rsrc", "list", "--json", path(&file)]).stdout).unwrap();
    assert_eq!(json["schema"], 1);
    assert_eq!(json["resources"][0]["size"], 5);
    let check = pzl(&["check", path(&file)]);
    assert!(check.status.success(), "{}", stdout(&check));
    let rm = pzl(&["rsrc", "remove", path(&file), "-t", "TEXT", "-i", "-5"]);
    assert!(rm.status.success());
    assert!(stdout(&pzl(&["info", path(&file)])).contains("0 resources"));
    let missing = pzl(&["rsrc", "remove", path(&file), "-t", "TEXT", "-i", "1"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no such resource"));
}

#[test]
fn bad_input_exits_2_without_touching_files() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.rsrc");
    let mut fork = vec![0u8; 300];
    fork[2] = 1;
    fork[6] = 1;
    fork[15] = 0xFF; // map length past the end
    std::fs::write(&bad, &fork).unwrap();
    let out = pzl(&["rsrc", "list", path(&bad)]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.rsrc") && err.contains("offset"), "{err}");
    let target = dir.path().join("out.hqx");
    assert_eq!(pzl(&["convert", path(&bad), "--from", "rsrc", "-o", path(&target)]).status.code(), Some(2));
    assert!(!target.exists());
    assert_eq!(std::fs::read(&bad).unwrap(), fork);
    // A bad CRC is a warning when reading and a problem for `check`.
    let src = square_source(dir.path());
    let bin = dir.path().join("p.bin");
    assert!(pzl(&["ftor", "SBP1", path(&bin), path(&src)]).status.success());
    let mut bytes = std::fs::read(&bin).unwrap();
    bytes[124] ^= 0xFF;
    std::fs::write(&bin, &bytes).unwrap();
    let check = pzl(&["check", path(&bin)]);
    assert_eq!(check.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&check.stderr).contains("CRC"), "a warning");
    assert!(stdout(&check).contains("CRC does not match"), "a problem");
}

#[test]
fn corpus_converts_and_derezzes() {
    let Some(dir) = pzl_corpus::dir("macfile") else { return };
    let tmp = tempfile::tempdir().unwrap();
    for name in ["wezm-macbinary/Text_File_II.bin", "binhex4-rs/INSIDE_S.HQX", "ciderpress2/adf/._gshk.docs"]
    {
        let input = dir.join(name);
        let original = pzl(&["rsrc", "list", path(&input)]);
        assert!(original.status.success(), "{name}");
        for ext in ["as", "hqx", "bin", "rsrc"] {
            let out = tmp.path().join(format!("c.{ext}"));
            let run = pzl(&["convert", path(&input), "-o", path(&out)]);
            assert!(run.status.success(), "{name} → {ext}: {}", String::from_utf8_lossy(&run.stderr));
            assert_eq!(stdout(&pzl(&["rsrc", "list", path(&out)])), stdout(&original), "{name} → {ext}");
        }
        let r = tmp.path().join("f.r");
        assert!(pzl(&["derez", path(&input), "-o", path(&r)]).status.success());
        let fork = tmp.path().join("f.rsrc");
        assert!(pzl(&["rez", path(&r), "-o", path(&fork)]).status.success());
        let raw = tmp.path().join("c.rsrc");
        assert!(pzl(&["convert", path(&input), "-o", path(&raw)]).status.success());
        assert_eq!(std::fs::read(&fork).unwrap(), std::fs::read(&raw).unwrap(), "{name}: derez → rez");
    }
    let info = stdout(&pzl(&["info", "--json", path(&dir.join("wezm-macbinary/Text_File.bin"))]));
    let doc: serde_json::Value = serde_json::from_str(&info).unwrap();
    let json = &doc["facts"];
    assert_eq!(
        (json["name"].as_str(), json["type"].as_str(), json["creator"].as_str()),
        (Some("Text File"), Some("TEXT"), Some("R*ch"))
    );
    assert_eq!((json["data_fork"].as_u64(), json["resource_fork"].as_u64()), (Some(21), Some(1454)));
    let decoy = pzl(&["info", path(&dir.join("ciderpress2/adf/._not_adf"))]);
    assert_eq!(decoy.status.code(), Some(2));
    let forced = pzl(&["info", "--from", "appledouble", path(&dir.join("ciderpress2/adf/._not_adf"))]);
    assert_eq!(forced.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&forced.stderr).contains("not AppleSingle/AppleDouble"));
    let gshk = stdout(&pzl(&["info", path(&dir.join("ciderpress2/adf/._gshk.docs"))]));
    assert!(gshk.contains("name:          gshk.docs") && gshk.contains("'TEXT' / 'pdos'"), "{gshk}");
    // AppleDouble header files bring their data file along.
    let alt = stdout(&pzl(&["info", path(&dir.join("ciderpress2/adf/alt-ext2.rsrc"))]));
    assert!(alt.contains("data fork:     16 bytes"), "{alt}");
}

/// Issue 7's "done when": ftor the Figure 6 square into a resource file, then solve, count,
/// describe, render and save it straight from the resource, in a raw fork and in MacBinary.
#[test]
fn solve_render_info_and_save_a_puzzle_resource() {
    let dir = tempfile::tempdir().unwrap();
    let src = square_source(dir.path());
    for out_name in ["puzzles.rsrc", "puzzles.bin"] {
        let file = dir.path().join(out_name);
        let file = path(&file);
        assert!(pzl(&["ftor", "SBP1", file, path(&src)]).status.success());
        let solved = pzl(&["solve", file, "--name", "6 x 6 Square"]);
        assert!(solved.status.success(), "{out_name}: {}", String::from_utf8_lossy(&solved.stderr));
        let text = stdout(&solved);
        for letter in ["A", "B", "C", "D"] {
            assert!(text.contains(letter), "{out_name}: {text}");
        }
        // The only puzzle resource needs no selector; type and ID select it too.
        assert_eq!(stdout(&pzl(&["solve", file])), text);
        assert_eq!(stdout(&pzl(&["solve", file, "--type", "SBP1", "--id", "128"])), text);
        let count = pzl(&["solve", file, "--name", "6 x 6 Square", "--count"]);
        assert_eq!(stdout(&count), "48\n", "{out_name}");
        let info = stdout(&pzl(&["info", file, "--name", "6 x 6 Square"]));
        assert!(info.contains("name:    6 x 6 Square"), "{info}");
        assert!(info.contains("pieces:  4\n"), "{info}");
        assert!(info.contains("the areas match"), "{info}");
        let render = pzl(&["render", file, "--id", "128"]);
        assert!(render.status.success() && stdout(&render).starts_with("6 x 6 Square\n"));

        let before = std::fs::read(file).unwrap();
        let old_data = pzl(&["rsrc", "extract", file, "--name", "6 x 6 Square"]).stdout;
        let save = pzl(&["solve", file, "--name", "6 x 6 Square", "--save"]);
        assert!(save.status.success(), "{out_name}: {}", String::from_utf8_lossy(&save.stderr));
        assert!(stdout(&save).contains("saved the arrangement into 'SBP1' 128 \"6 x 6 Square\""));
        let after = std::fs::read(file).unwrap();
        let data = pzl(&["rsrc", "extract", file, "--name", "6 x 6 Square"]).stdout;
        assert_eq!(data.len(), old_data.len());
        // Only the second grid and the numbers changed, in the resource and in the file.
        let grid_end = 1 + 41 + 9 * 19;
        assert_eq!(data[..grid_end], old_data[..grid_end]);
        let text = String::from_utf8(data[grid_end..].to_vec()).unwrap();
        let lines: Vec<&str> = text.split('\r').collect();
        let saved = &lines[..9];
        assert_eq!(&lines[9..], ["000000000", "000000004", "000000000", "000000004", "\0"], "{out_name}");
        let joined = saved.concat();
        assert!(!joined.contains('S') && !joined.chars().any(|c| c.is_ascii_lowercase()), "{joined}");
        for letter in ['A', 'B', 'C', 'D'] {
            assert_eq!(joined.matches(letter).count(), 9, "{joined}");
        }
        let changed = before.iter().zip(&after).filter(|(a, b)| a != b).count();
        assert_eq!(after.len(), before.len());
        // 36 squares beside the shape cleared, 36 on it lettered, 1 + 9 + 9 digits.
        assert_eq!(changed, 36 + 36 + 19, "{out_name}");
        // The saved arrangement is a correct solution of the puzzle.
        let solution = dir.path().join("saved.macpolysol");
        std::fs::write(&solution, format!("6 x 6 Square Solution\n{}\n", saved.join("\n"))).unwrap();
        let check = pzl(&["check", path(&src), "--solution", path(&solution)]);
        assert!(stdout(&check).contains("the solution is correct"), "{}", stdout(&check));
        // The puzzle itself (the first grid) is unchanged: it still solves the same way.
        assert_eq!(stdout(&pzl(&["solve", file, "--name", "6 x 6 Square", "--count"])), "48\n");

        // Two puzzle resources: a selector is needed, and the error lists them.
        assert!(pzl(&["ftor", "SBP2", file, path(&src)]).status.success());
        let ambiguous = pzl(&["solve", file]);
        assert_eq!(ambiguous.status.code(), Some(2));
        let err = String::from_utf8_lossy(&ambiguous.stderr);
        assert!(err.contains("'SBP1' 128 \"6 x 6 Square\", 'SBP2' 128 \"6 x 6 Square\""), "{err}");
        assert_eq!(pzl(&["solve", file, "--name", "Nope"]).status.code(), Some(2));
        assert!(pzl(&["solve", file, "--type", "SBP2"]).status.success());
    }
}
