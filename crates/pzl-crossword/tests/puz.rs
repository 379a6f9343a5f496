//! Golden tests of the `.puz` layers over the real files of the shared corpus, and over files
//! built here with the API (malformed variants included).

use std::path::{Path, PathBuf};

use pzl_crossword::check::{self, FillStatus};
use pzl_crossword::lock::LockError;
use pzl_crossword::puzzle::{Puzzle, Timer};
use pzl_crossword::raw::{self, PuzFile};
use pzl_grid::Pos;

fn corpus() -> Option<PathBuf> {
    pzl_corpus::dir("puz")
}

fn valid_files(dir: &Path) -> Vec<PathBuf> {
    pzl_corpus::files(dir, ".puz").into_iter().filter(|p| !p.ends_with("puzpy/ONE_bad.puz")).collect()
}

fn load(dir: &Path, name: &str) -> (Vec<u8>, PuzFile) {
    let bytes = std::fs::read(dir.join(name)).unwrap();
    let file = raw::read(&bytes).unwrap_or_else(|e| panic!("{name}: {e}")).file;
    (bytes, file)
}

#[test]
fn every_valid_corpus_file_round_trips_byte_for_byte_and_checks_out() {
    let Some(dir) = corpus() else { return };
    let files = valid_files(&dir);
    assert!(files.len() >= 35, "expected the whole corpus, found {}", files.len());
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        let read = raw::read(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(read.file.to_bytes(), bytes, "{} does not round-trip", path.display());
        assert!(read.file.checksum_mismatches().is_empty(), "{}", path.display());
        let report = check::verify(&read);
        let expected_problems: &[&str] =
            if path.ends_with("unicode_with_state.puz") { &["wrong-letter"] } else { &[] };
        let names: Vec<&str> = report.problems.iter().map(|p| p.name.as_str()).collect();
        // unicode_with_state.puz saves a solver's state with two wrong entries (flagged
        // incorrect in its GEXT): the check reports them, as it must.
        assert!(
            names.iter().all(|n| expected_problems.contains(n))
                && names.is_empty() == expected_problems.is_empty(),
            "{}: {:?}",
            path.display(),
            report.problems
        );
    }
}

#[test]
fn decoding_and_encoding_again_keeps_every_decoded_field() {
    let Some(dir) = corpus() else { return };
    let mut exact = 0;
    let files = valid_files(&dir);
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let file = raw::read(&bytes).unwrap().file;
        let (puzzle, _) = Puzzle::from_raw(&file);
        let encoded = puzzle.to_raw().unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (again, _) = Puzzle::from_raw(&encoded);
        if encoded.version_bytes() == file.version_bytes() {
            assert_eq!(again, puzzle, "{}", path.display());
        }
        assert!(encoded.checksum_mismatches().is_empty());
        exact += usize::from(encoded.to_bytes() == bytes);
    }
    // Files written the usual way come back byte for byte from the decoded view too; the rest
    // differ only where the file itself is unusual (e.g. UTF-8 in a v1 file, odd RTBL spacing).
    assert!(exact * 10 >= files.len() * 8, "only {exact} of {} files re-encode exactly", files.len());
}

#[test]
fn header_checksums_match_the_vectors_of_the_notes() {
    let Some(dir) = corpus() else { return };
    for (name, preamble, global, cib, masked) in [
        ("puzpy/washpost.puz", 13, 0x08cd, 0xea02, "4bbbaa95ab26bd65"),
        ("puzpy/nyt_v1_4.puz", 0, 0xc6b3, 0xfe04, "4dc4587dbf3e8702"),
        ("puzpy/unicode.puz", 0, 0xf4e4, 0x6200, "49dd1148235b96a3"),
    ] {
        let (_, file) = load(&dir, name);
        let sums = file.computed_checksums();
        assert_eq!(file.preamble.len(), preamble, "{name}");
        assert_eq!((sums.global, sums.cib), (global, cib), "{name}");
        let hex: String = sums.masked.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex, masked, "{name}");
    }
}

#[test]
fn a_flipped_byte_in_a_checksummed_region_names_its_checksum() {
    let Some(dir) = corpus() else { return };
    let (bytes, file) = load(&dir, "puzpy/nyt_rebus_with_notes_and_shape.puz");
    let cells = file.width() * file.height();
    let sol = raw::HEADER_LEN;
    let strings = sol + 2 * cells;
    let title_len = file.title.len();
    let sections_at = bytes.len() - file.sections.iter().map(|s| s.data.len() + 9).sum::<usize>();
    let notes_start = sections_at - file.notes.len() - 1;
    assert!(file.notes.len() > 5);
    let cases: Vec<(usize, &[&str])> = vec![
        (0x00, &["global"]),
        (0x0E, &["cib"]),
        (0x10, &["masked-cib"]),
        (0x11, &["masked-solution"]),
        (0x16, &["masked-fill"]),
        (0x17, &["masked-text"]),
        (0x30, &["cib", "global", "masked-cib"]),
        (0x32, &["cib", "global", "masked-cib"]),
        (sol + 7, &["global", "masked-solution"]),
        (sol + cells + 3, &["global", "masked-fill"]),
        (strings + title_len / 2, &["global", "masked-text"]),
        (notes_start + 5, &["global", "masked-text"]),
        (sections_at + 8 + 20, &["section-GRBS"]),
        (bytes.len() - 20, &["section-GEXT"]),
    ];
    for (at, expected) in cases {
        let mut damaged = bytes.clone();
        damaged[at] ^= 0x01;
        let read = raw::read(&damaged).unwrap();
        let report = check::verify(&read);
        let mut names: Vec<&str> =
            report.problems.iter().filter(|p| p.kind == "checksum").map(|p| p.name.as_str()).collect();
        names.sort_unstable();
        assert_eq!(names, expected, "byte 0x{at:x}");
    }
}

#[test]
fn the_rebus_file_is_rebuilt_byte_for_byte_from_its_decoded_content() {
    let Some(dir) = corpus() else { return };
    let (bytes, file) = load(&dir, "puzpy/nyt_rebus_with_notes_and_shape.puz");
    let (decoded, _) = Puzzle::from_raw(&file);
    let mut p = Puzzle::new(decoded.width, decoded.height);
    let rows: Vec<String> = decoded
        .solution
        .chunks(decoded.width)
        .map(|row| row.iter().map(|&b| char::from(b)).collect())
        .collect();
    p.set_solution_rows(&rows.iter().map(String::as_str).collect::<Vec<_>>());
    p.title = decoded.title.clone();
    p.author = decoded.author.clone();
    p.copyright = decoded.copyright.clone();
    p.notes = decoded.notes.clone();
    p.clues = decoded.clues.clone();
    p.puz.reserved_1c = decoded.puz.reserved_1c;
    p.puz.reserved_20 = decoded.puz.reserved_20;
    for i in 0..decoded.solution.len() {
        let pos = Pos::new(i / decoded.width, i % decoded.width);
        if let Some(answer) = decoded.rebus.as_ref().and_then(|r| r.answer(i)) {
            p.set_rebus(pos, answer);
        }
        if decoded.is_circled(i) {
            p.set_circled(pos, true);
        }
    }
    assert_eq!(p.to_raw().unwrap().to_bytes(), bytes);
}

#[test]
fn nyt_locked_unlocks_with_7844_and_relocks_to_the_same_bytes() {
    let Some(dir) = corpus() else { return };
    let (bytes, file) = load(&dir, "puzpy/nyt_locked.puz");
    let mut unlocked = file.clone();
    assert_eq!(unlocked.unlock(1234), Err(LockError::WrongKey(1234)));
    assert_eq!(unlocked, file, "a failed unlock changes nothing");
    unlocked.unlock(7844).unwrap();
    assert!(!unlocked.is_locked());
    assert!(unlocked.checksum_mismatches().is_empty());
    let entries = Puzzle::from_raw(&unlocked).0.clue_entries();
    assert!(entries.iter().any(|e| e.answer == "LAKEONTARIO"));
    let mut relocked = unlocked.clone();
    relocked.lock(7844).unwrap();
    assert_eq!(relocked.to_bytes(), bytes);
    let keys: Vec<u16> = file.unlock_candidates().unwrap().iter().map(|c| c.key).collect();
    assert_eq!(keys, vec![7844]);
}

#[test]
fn nyt_diagramless_brute_force_prefers_3285_over_7230() {
    let Some(dir) = corpus() else { return };
    let (bytes, file) = load(&dir, "puzpy/nyt_diagramless.puz");
    let candidates = file.unlock_candidates().unwrap();
    let keys: Vec<u16> = candidates.iter().map(|c| c.key).collect();
    assert_eq!(keys, vec![3285, 7230]);
    assert!(candidates[0].plausibility > candidates[1].plausibility);
    let mut unlocked = file.clone();
    unlocked.unlock(3285).unwrap();
    unlocked.lock(3285).unwrap();
    assert_eq!(unlocked.to_bytes(), bytes);
}

#[test]
fn every_locked_corpus_file_unlocks_by_brute_force_and_relocks_exactly() {
    let Some(dir) = corpus() else { return };
    let mut locked = 0;
    for path in valid_files(&dir) {
        let bytes = std::fs::read(&path).unwrap();
        let file = raw::read(&bytes).unwrap().file;
        if !file.is_locked() {
            continue;
        }
        locked += 1;
        let best = file.unlock_candidates().unwrap()[0].key;
        let mut unlocked = file.clone();
        unlocked.unlock(best).unwrap();
        assert!(check::verify(&raw::ReadPuz::verified(unlocked.clone())).is_ok());
        unlocked.lock(best).unwrap();
        assert_eq!(unlocked.to_bytes(), bytes, "{}", path.display());
    }
    assert_eq!(locked, 4);
}

fn small_puzzle() -> Puzzle {
    let mut p = Puzzle::new(5, 5);
    p.set_solution_rows(&["HEART", "ALOHA", ".TEN.", "ASTER", "BEERS"]);
    p.title = "Built".into();
    p.author = "pzl".into();
    p.copyright = "© 2026".into();
    p.clues = (1..=p.slots().len()).map(|i| format!("Clue {i}")).collect();
    p
}

#[test]
fn locking_refuses_short_or_non_letter_solutions() {
    let mut tiny = Puzzle::new(3, 3);
    tiny.set_solution_rows(&["CAT", "..A", "..R"]);
    tiny.clues = vec!["a".into(), "b".into()];
    let mut raw = tiny.to_raw().unwrap();
    assert_eq!(raw.lock(1234), Err(LockError::TooFewLetters(5)));
    let mut p = small_puzzle();
    p.solution[3] = b'4';
    let mut raw = p.to_raw().unwrap();
    assert!(matches!(raw.lock(1234), Err(LockError::NotALetter { row: 1, col: 4, found: '4' })));
    let mut raw = small_puzzle().to_raw().unwrap();
    let plain = raw.to_bytes();
    raw.lock(1234).unwrap();
    assert_eq!(raw.lock(1234), Err(LockError::AlreadyLocked));
    raw.unlock(1234).unwrap();
    assert_eq!(raw.to_bytes(), plain);
}

#[test]
fn a_locked_fill_is_checked_through_the_scrambled_checksum() {
    let mut p = small_puzzle();
    p.fill = p.solution.clone();
    let mut raw = p.to_raw().unwrap();
    raw.lock(2345).unwrap();
    let report = check::verify(&raw::ReadPuz::verified(raw.clone()));
    assert_eq!(report.fill, FillStatus::Solved);
    raw.fill[0] = b'Z';
    raw.update_header_checksums();
    let report = check::verify(&raw::ReadPuz::verified(raw));
    assert_eq!(report.fill, FillStatus::Wrong);
    assert!(report.problems.iter().any(|pr| pr.name == "locked-fill-wrong"));
}

#[test]
fn oddities_are_read_with_a_warning_and_written_back() {
    let mut p = small_puzzle();
    p.timer = Some(Timer { seconds: 42, stopped: false });
    p.set_circled(Pos::new(0, 0), true);
    p.set_rebus(Pos::new(4, 4), "SS");
    let base = p.to_raw().unwrap().to_bytes();
    let cases: Vec<(Vec<u8>, &str)> = vec![
        ([b"preamble\n".as_slice(), &base].concat(), "preamble"),
        ([&base, b"twenty bytes of text".as_slice()].concat(), "postscript"),
        ([&base, b"GEXT\n".as_slice()].concat(), "truncated"),
        (
            {
                let mut b = base.clone();
                b[0x18..0x1C].copy_from_slice(b"\0\0\0\0");
                b
            },
            "unusual version",
        ),
        (
            {
                let mut b = base.clone();
                b[0x18..0x1C].copy_from_slice(b"2.0\x83");
                b
            },
            "unusual version",
        ),
        (
            {
                let mut b = base.clone();
                b[0x20..0x2C].copy_from_slice(b", Sun, Feb 0");
                b
            },
            "reserved",
        ),
    ];
    for (bytes, expected) in cases {
        let read = raw::read(&bytes).unwrap();
        assert_eq!(read.file.to_bytes(), bytes);
        assert!(
            read.warnings.iter().any(|w| w.message.contains(expected)),
            "{expected}: {:?}",
            read.warnings
        );
    }
}

#[test]
fn sections_out_of_order_and_all_zero_grbs_are_kept() {
    let mut p = small_puzzle();
    p.set_circled(Pos::new(1, 1), true);
    p.rebus = Some(pzl_crossword::puzzle::Rebus { cells: vec![0; 25], table: vec![] });
    p.puz.section_order = vec![*b"GEXT", *b"GRBS"];
    let raw_file = p.to_raw().unwrap();
    let codes: Vec<String> = raw_file.sections.iter().map(|s| s.name()).collect();
    assert_eq!(codes, ["GEXT", "GRBS"]);
    let bytes = raw_file.to_bytes();
    let read = raw::read(&bytes).unwrap();
    assert_eq!(read.file.to_bytes(), bytes);
    let messages: Vec<&str> = read.warnings.iter().map(|w| w.message.as_str()).collect();
    assert!(messages.iter().any(|m| m.contains("out of the usual order")), "{messages:?}");
    assert!(messages.iter().any(|m| m.contains("all-zero GRBS")), "{messages:?}");
}

#[test]
fn clue_count_mismatches_are_reported_by_check() {
    let mut p = small_puzzle();
    p.clues.push("one too many".into());
    let read = raw::read(&p.to_raw().unwrap().to_bytes()).unwrap();
    let report = check::verify(&read);
    assert!(report.problems.iter().any(|pr| pr.name == "clue-count"));
    p.clues.truncate(3);
    let read = raw::read(&p.to_raw().unwrap().to_bytes()).unwrap();
    assert!(check::verify(&read).problems.iter().any(|pr| pr.name == "clue-count"));
}

#[test]
fn a_big_endian_clue_count_is_read_with_a_warning() {
    let p = small_puzzle();
    let mut bytes = p.to_raw().unwrap().to_bytes();
    let n = p.clues.len() as u16;
    bytes[0x2E..0x30].copy_from_slice(&n.to_be_bytes());
    let read = raw::read(&bytes).unwrap();
    assert_eq!(read.file.clues.len(), p.clues.len());
    assert_eq!(read.file.to_bytes(), bytes);
    assert!(read.warnings.iter().any(|w| w.message.contains("big-endian")));
}

#[test]
fn bad_input_is_a_clear_error() {
    let base = small_puzzle().to_raw().unwrap().to_bytes();
    let mut no_magic = base.clone();
    no_magic[5] = b'F';
    let mut zero_width = base.clone();
    zero_width[0x2C] = 0;
    let mut absurd = base.clone();
    absurd[0x2E..0x30].copy_from_slice(&[0xff, 0xfe]);
    let truncated = base[..base.len() - 30].to_vec();
    let mut second_magic = no_magic.clone();
    second_magic.extend_from_slice(b"xxACROSS&DOWN\0");
    for (bytes, expected) in [
        (no_magic, "expected the magic"),
        (zero_width, "no usable header"),
        (absurd, "announces 65279 clues"),
        (truncated, "NUL-terminated strings"),
        (second_magic, "no usable header"),
        (b"ACROSS&DOWN\0".to_vec(), "no usable header"),
    ] {
        let err = raw::read(&bytes).unwrap_err();
        assert!(err.to_string().contains(expected), "{err}");
    }
}

#[test]
fn not_a_crossword_is_refused() {
    let Some(dir) = corpus() else { return };
    let bytes = std::fs::read(dir.join("puzpy/ONE_bad.puz")).unwrap();
    assert!(!raw::looks_like_puz(&bytes));
    assert!(raw::read(&bytes).is_err());
}

#[test]
fn clue_numbering_follows_the_grid() {
    let Some(dir) = corpus() else { return };
    for path in valid_files(&dir) {
        let file = raw::read(&std::fs::read(&path).unwrap()).unwrap().file;
        let (puzzle, _) = Puzzle::from_raw(&file);
        assert_eq!(puzzle.slots().len(), file.clues.len(), "{}", path.display());
    }
    let (_, file) = load(&dir, "puzpy/washpost.puz");
    let entries = Puzzle::from_raw(&file).0.clue_entries();
    assert_eq!(entries[0].answer, "LAMB");
    assert_eq!(entries[0].slot.number, 1);
}

#[test]
fn text_encodings_follow_the_version() {
    let Some(dir) = corpus() else { return };
    let (_, file) = load(&dir, "puzpy/cs080904.puz");
    assert!(Puzzle::from_raw(&file).0.copyright.contains('©'));
    let (_, file) = load(&dir, "kotwords/test.puz");
    assert!(file.is_utf8());
    assert!(Puzzle::from_raw(&file).0.copyright.contains('©'));
    let (_, file) = load(&dir, "puzpy/unicode.puz");
    assert!(Puzzle::from_raw(&file).0.title.starts_with('⚔'));
}

#[test]
fn player_state_is_decoded() {
    let Some(dir) = corpus() else { return };
    let (_, file) = load(&dir, "ajhyndman-puz/unicode_with_state.puz");
    let (p, warnings) = Puzzle::from_raw(&file);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(p.timer, Some(Timer { seconds: 1965, stopped: true }));
    assert!(p.user_rebus.as_ref().unwrap().iter().any(|e| e == "ABC"));
    let (_, file) = load(&dir, "puzpy/nyt_rebus_with_notes_and_shape_solved.puz");
    let (p, _) = Puzzle::from_raw(&file);
    let report = check::verify(&raw::ReadPuz::verified(file));
    assert_eq!(report.fill, FillStatus::Solved);
    assert_eq!(p.user_rebus.unwrap().iter().filter(|e| *e == "STAR").count(), 3);
    let (_, file) = load(&dir, "puzpy/nyt_partlyfilled.puz");
    let report = check::verify(&raw::ReadPuz::verified(file));
    assert_eq!(report.fill, FillStatus::Partial);
    assert!(report.is_ok());
}

#[test]
fn clues_are_decoded_one_by_one_when_their_bytes_split_a_character() {
    let mut p = small_puzzle();
    p.puz.version = *b"2.0\0";
    let mut raw = p.to_raw().expect("encodes");
    assert!(raw.is_utf8());
    // C3 A9 is "é" across the two clues, and invalid UTF-8 in each alone.
    let mut clues: Vec<Vec<u8>> = raw.clues.iter().map(<[u8]>::to_vec).collect();
    clues[0] = vec![0xc3];
    clues[1] = vec![0xa9];
    raw.clues = clues.iter().collect();
    assert_eq!(raw.clues.get(1), Some(&[0xa9][..]));
    let (q, warnings) = Puzzle::from_raw(&raw);
    assert_eq!(q.clues[..3], ["\u{fffd}", "\u{fffd}", "Clue 3"]);
    let invalid = warnings.iter().filter(|w| w.to_string().contains("not valid UTF-8")).count();
    assert_eq!(invalid, 2, "{warnings:?}");
    // The raw layer writes the clues back as they were.
    let again = pzl_crossword::read(&raw.to_bytes()).expect("reads");
    assert_eq!(again.file.clues, raw.clues);
}

#[test]
fn a_puzzle_with_no_cells_reads_back_only_when_its_header_checksum_holds() {
    use pzl_core::Kind;
    use pzl_crossword::{CrosswordKind, Format};
    // puzpy saves an empty `Puzzle()` as a 0×0 file, and reads it back; so must pzl.puz.
    let mut empty = Puzzle::new(3, 3);
    empty.set_solution_rows(&["CAT", "..A", "..R"]);
    empty.clues = vec!["a".into(), "b".into()];
    let mut file = empty.to_raw().unwrap();
    file.header[raw::off::WIDTH] = 0;
    file.header[raw::off::HEIGHT] = 0;
    file.set_u16(raw::off::CLUE_COUNT, 0);
    file.solution.clear();
    file.fill.clear();
    file.clues = raw::ClueStrings::new();
    file.update_checksums();
    let bytes = file.to_bytes();
    let read = raw::read(&bytes).unwrap();
    assert_eq!((read.file.width(), read.file.height()), (0, 0));
    assert_eq!(read.file.to_bytes(), bytes);
    // Every verb on it answers without a panic.
    let doc = CrosswordKind::read(&bytes, Format::Puz, &()).unwrap().value;
    CrosswordKind::check(&doc).unwrap();
    let _ = CrosswordKind::info(&doc, &Default::default());
    for format in [Format::Puz, Format::AcrossText, Format::Ipuz, Format::Jpz, Format::Xd] {
        let _ = CrosswordKind::write(&doc, format);
    }
    assert_eq!(CrosswordKind::write(&doc, Format::Puz).unwrap().bytes, bytes);
    // The same header with a wrong CIB checksum is stray data, not a puzzle.
    let mut bad = bytes.clone();
    bad[raw::off::CIB] ^= 0xFF;
    assert!(raw::read(&bad).is_err());
}

#[test]
fn scrambling_a_grid_keeps_blocks_in_place_and_undoes() {
    use pzl_crossword::lock::scramble_grid;
    // puzpy's own example (tests.py, test_scramble_functions).
    assert_eq!(scramble_grid(b"ABC..DEFG", 3, 3, 1234, false).unwrap(), b"MOP..KLOJ");
    assert_eq!(scramble_grid(b"MOP..KLOJ", 3, 3, 1234, true).unwrap(), b"ABC..DEFG");
    assert_eq!(scramble_grid(b"AEBFCDG", 1, 7, 1234, false).unwrap(), b"MLOOPKJ");
    let a = b"ABCD.EFGH.KHIJKLM.NOPW.XYZ";
    let s = scramble_grid(a, 13, 2, 9721, false).unwrap();
    assert_eq!(scramble_grid(&s, 13, 2, 9721, true).unwrap(), a);
    assert!(matches!(scramble_grid(b"AB4", 3, 1, 1234, false), Err(LockError::NotALetter { col: 3, .. })));
}

#[test]
fn text_is_written_in_the_version_the_caller_names() {
    use pzl_crossword::across_text::{TextLayout, read, write};
    let p = small_puzzle();
    let v1 = TextLayout::for_version(&p, "v1").unwrap();
    assert!(write(&p, &v1).starts_with("<ACROSS PUZZLE>\n"));
    for tag in ["v2", "V2"] {
        let text = write(&p, &TextLayout::for_version(&p, tag).unwrap());
        assert!(text.starts_with(&format!("<ACROSS PUZZLE {tag}>\n")), "{text}");
        assert_eq!(read(&text).unwrap().puzzle.solution, p.solution);
    }
    assert!(TextLayout::for_version(&p, "v3").is_none());
    // Circles need v2: asking for v1 raises the version.
    let mut circled = small_puzzle();
    circled.set_circled(Pos::new(0, 0), true);
    assert!(
        write(&circled, &TextLayout::for_version(&circled, "v1").unwrap()).starts_with("<ACROSS PUZZLE v2>")
    );
}

/// The check of a `.puz` document (which reuses the puzzle decoded when reading) says what
/// `check::verify` of the raw file says, notes of decoding included: over the corpus, the
/// regression files and built files whose strings decode with notes.
#[test]
fn the_kind_check_of_a_puz_document_is_the_raw_files_verify() {
    use pzl_core::Kind;
    use pzl_crossword::{CrosswordKind, Format};
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    if let Some(dir) = corpus() {
        for path in pzl_corpus::files(&dir, ".puz") {
            files.push((path.display().to_string(), std::fs::read(&path).unwrap()));
        }
    } else {
        eprintln!("the shared corpus is absent: built and regression files only");
    }
    let regress = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regress");
    for entry in std::fs::read_dir(&regress).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "puz") {
            files.push((path.display().to_string(), std::fs::read(&path).unwrap()));
        }
    }
    let mut p = Puzzle::new(3, 1);
    p.set_solution_rows(&["ABC"]);
    p.clues = vec!["Café".into()];
    p.title = "“Quoted”".into();
    let mut legacy = p.to_raw().unwrap();
    assert!(!legacy.is_utf8(), "a puzzle Windows-1252 holds is written as v1.3");
    files.push(("windows-1252".into(), legacy.to_bytes()));
    // UTF-8 bytes in a v1.3 file: decoded as Windows-1252, with a note.
    legacy.title = "naïve".as_bytes().to_vec();
    legacy.update_checksums();
    files.push(("utf-8 in v1.3".into(), legacy.to_bytes()));
    let mut noted = 0;
    for (name, bytes) in files {
        let Ok(read) = raw::read(&bytes) else { continue };
        let expected = check::verify(&read);
        noted += usize::from(!expected.notes.is_empty());
        let doc = CrosswordKind::read(&bytes, Format::Puz, &()).unwrap().value;
        let report = CrosswordKind::check(&doc).unwrap();
        let problems: Vec<String> =
            report.problems.iter().map(|p| format!("{} {}", p.rule, p.message)).collect();
        let wanted: Vec<String> =
            expected.problems.iter().map(|p| format!("{}/{} {}", p.kind, p.name, p.message)).collect();
        assert_eq!(problems, wanted, "{name}");
        assert_eq!(report.notes, expected.notes, "{name}");
        assert_eq!(report.ok, expected.is_ok(), "{name}");
    }
    assert!(noted >= 1, "some file has notes");
}

/// Issue 36 (N10, N11): a rebus answer longer than `MAX_REBUS_ANSWER_BYTES` is refused by the
/// `.puz` writer, never cut; one in a `.puz` file read is named and its cells keep their letter
/// (a 65 KB answer in every cell of a 255×255 grid made each entry 16 MB), while the file itself
/// still writes back byte for byte; more distinct answers than a `.puz` names are not stored,
/// and `set_rebus` says so.
#[test]
fn rebus_answers_past_the_bounds_are_refused_or_named_never_cut() {
    use pzl_crossword::puzzle::{MAX_REBUS_ANSWER_BYTES, MAX_REBUS_ANSWERS, Rebus};
    let mut p = Puzzle::new(3, 3);
    p.set_solution_rows(&["ABC", "DEF", "GHI"]);
    p.clues = (0..6).map(|i| format!("c{i}")).collect();
    let longest = format!("A{}", "Q".repeat(MAX_REBUS_ANSWER_BYTES - 1));
    assert!(p.set_rebus(Pos::new(0, 0), &longest));
    let mut raw = p.to_raw().unwrap();
    let (q, warnings) = Puzzle::from_raw(&raw);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(q.rebus.as_ref().and_then(|r| r.answer(0)), Some(longest.as_str()));

    // One byte more: refused by the writer, named by the reader.
    let long = format!("{longest}Q");
    assert!(!p.clone().set_rebus(Pos::new(1, 1), &long));
    let mut built = p.clone();
    built.rebus = Some(Rebus { cells: vec![1, 1, 0, 0, 0, 0, 0, 0, 0], table: vec![(0, long.clone())] });
    assert_eq!(built.to_raw().unwrap_err(), pzl_crossword::puzzle::EncodeError::RebusAnswerTooLong(256));
    let rtbl = raw.sections.iter_mut().find(|s| &s.code == b"RTBL").unwrap();
    *rtbl = raw::Section::new(*b"RTBL", format!(" 0:{long};").into_bytes());
    let grbs = raw.sections.iter_mut().find(|s| &s.code == b"GRBS").unwrap();
    *grbs = raw::Section::new(*b"GRBS", vec![1, 1, 0, 0, 0, 0, 0, 0, 0]);
    raw.update_checksums();
    let bytes = raw.to_bytes();
    let read = raw::read(&bytes).unwrap();
    let (q, warnings) = Puzzle::from_raw(&read.file);
    assert!(
        warnings.iter().any(|w| w.message.contains("1 rebus answer(s) longer than 255 bytes, in 2 cell(s)")),
        "{warnings:?}"
    );
    assert_eq!(q.rebus.as_ref().map(|r| r.table.len()), Some(0));
    assert_eq!(&q.solution[..2], b"AB");
    assert_eq!(read.file.to_bytes(), bytes, "the raw file is kept as read");

    // The table's bound: answers past MAX_REBUS_ANSWERS are not stored; the cell keeps its letter.
    let mut big = Puzzle::new(16, 16);
    let rows: Vec<String> = (0..16).map(|_| "A".repeat(16)).collect();
    big.set_solution_rows(&rows.iter().map(String::as_str).collect::<Vec<_>>());
    let stored =
        (0..256usize).filter(|&i| big.set_rebus(Pos::new(i / 16, i % 16), &format!("R{i:03}"))).count();
    assert_eq!(stored, MAX_REBUS_ANSWERS);
    let table = &big.rebus.as_ref().unwrap().table;
    let mut answers: Vec<&str> = table.iter().map(|(_, a)| a.as_str()).collect();
    answers.dedup();
    assert_eq!(answers.len(), MAX_REBUS_ANSWERS);
    assert_eq!(big.rebus.as_ref().unwrap().answer(255), None);
    assert_eq!(big.solution[255], b'R');
}
