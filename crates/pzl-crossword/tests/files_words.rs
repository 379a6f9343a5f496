//! Issue 33: entries as the file defines them. A barred ipuz is numbered with its bars (an entry
//! ends at a bar), and a JPZ that numbers its own words is listed under the file's numbers.

use pzl_core::{InfoRequest, Kind};
use pzl_crossword::numbering::Direction;
use pzl_crossword::{CrosswordKind, Format};

fn corpus(name: &str) -> Option<Vec<u8>> {
    let Some(dir) = pzl_corpus::dir("crossword-more") else {
        eprintln!("skipped: the crossword-more corpus is absent");
        return None;
    };
    Some(std::fs::read(dir.join(name)).expect(name))
}

/// The manifest's clue counts of `name`: (across, down).
fn manifest_counts(name: &str) -> (usize, usize) {
    let dir = pzl_corpus::dir("crossword-more").expect("corpus");
    let text = std::fs::read_to_string(dir.join("manifest.json")).expect("manifest");
    let all: serde_json::Value = serde_json::from_str(&text).expect("manifest JSON");
    let entry = all.as_array().into_iter().flatten().find(|e| e["file"] == name).expect(name);
    let n = |k: &str| entry["facts"][k].as_u64().unwrap_or(0) as usize;
    (n("clues_across"), n("clues_down"))
}

#[test]
fn a_barred_ipuz_has_the_entries_its_bars_define() {
    let name = "forkyz/barred-test.ipuz";
    let Some(bytes) = corpus(name) else { return };
    let parsed = CrosswordKind::read(&bytes, Format::Ipuz, &()).expect(name);
    let p = parsed.value.puzzle();
    let slots = p.slots();
    let across = slots.iter().filter(|s| s.direction == Direction::Across).count();
    let down = slots.len() - across;
    assert_eq!((across, down), manifest_counts(name));
    assert_eq!((across, down), (17, 20));
    // Every clue of the file is on an entry (none dropped, none left without a clue).
    assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
    assert!(p.clues.iter().all(|c| !c.is_empty()));
    // The grid's numbers are the file's own cell numbers.
    let doc: serde_json::Value = serde_json::from_slice(&bytes).expect("JSON");
    let file_numbers: Vec<u16> = doc["puzzle"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row.as_array().cloned().unwrap_or_default())
        .map(|cell| cell["cell"].as_u64().or_else(|| cell.as_u64()).unwrap_or(0) as u16)
        .collect();
    assert_eq!(p.cell_numbers(), file_numbers);
    let report = CrosswordKind::check(&parsed.value).expect(name);
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    // ipuz writes the bars back; .puz cannot, and says so.
    let ipuz = CrosswordKind::write(&parsed.value, Format::Ipuz).expect("ipuz");
    let again = CrosswordKind::read(&ipuz.bytes, Format::Ipuz, &()).expect("ipuz reads").value;
    assert_eq!(again.puzzle().slots(), slots);
    let fresh = pzl_crossword::CrosswordDoc::from_puzzle(p.clone());
    let ipuz = CrosswordKind::write(&fresh, Format::Ipuz).expect("ipuz");
    let again = CrosswordKind::read(&ipuz.bytes, Format::Ipuz, &()).expect("ipuz reads").value;
    assert_eq!((again.puzzle().slots(), &again.puzzle().clues), (slots.clone(), &p.clues));
    let jpz = CrosswordKind::write(&fresh, Format::Jpz).expect("jpz");
    let again = CrosswordKind::read(&jpz.bytes, Format::Jpz, &()).expect("jpz reads").value;
    assert_eq!((again.puzzle().slots(), &again.puzzle().clues), (slots, &p.clues));
    let puz = CrosswordKind::write(&parsed.value, Format::Puz).expect("puz");
    assert!(puz.lost.iter().any(|l| l.contains("bars")), "{:?}", puz.lost);
}

#[test]
fn a_jpz_numbering_its_own_words_is_listed_by_its_numbers() {
    let name = "xd-crossword-tools/extracted/crossCompilerXMLToXD--tiny.jpz";
    let Some(bytes) = corpus(name) else { return };
    let doc = CrosswordKind::read(&bytes, Format::Jpz, &()).expect(name).value;
    let text = CrosswordKind::info(&doc, &InfoRequest::FULL).to_string();
    for line in ["1 across Feline", "5 across Conflict", "1 down   Female sheep", "3 down   Foot finger"] {
        assert!(text.contains(line), "{line:?} in\n{text}");
    }
    assert!(!text.contains("(no clue)"), "{text}");
    let entries = doc.puzzle().clue_entries();
    let labels: Vec<&str> = entries.iter().map(|e| e.label.as_str()).collect();
    assert_eq!(labels, ["1", "1", "3", "5"]);
    // JPZ written from the model keeps the file's own numbers and words.
    let fresh = pzl_crossword::CrosswordDoc::from_puzzle(doc.puzzle().clone());
    for to in [Format::Jpz, Format::JpzXml] {
        let out = CrosswordKind::write(&fresh, to).expect("jpz");
        let back = CrosswordKind::read(&out.bytes, to, &()).expect("reads back").value;
        let again: Vec<String> = back.puzzle().clue_entries().into_iter().map(|e| e.label).collect();
        assert_eq!(again, labels, "{to:?}");
        assert_eq!(back.puzzle().clues, doc.puzzle().clues);
        assert!(back.warnings().is_empty(), "{:?}", back.warnings());
    }
}

#[test]
fn a_jpz_that_never_defines_some_entries_writes_back_without_them() {
    let name = "kotwords/jpz/gaps.jpz";
    let Some(bytes) = corpus(name) else { return };
    let doc = CrosswordKind::read(&bytes, Format::Jpz, &()).expect(name).value;
    let fresh = pzl_crossword::CrosswordDoc::from_puzzle(doc.puzzle().clone());
    let out = CrosswordKind::write(&fresh, Format::Jpz).expect("jpz");
    let back = CrosswordKind::read(&out.bytes, Format::Jpz, &()).expect("reads back").value;
    let clues = |d: &pzl_crossword::CrosswordDoc| {
        let info = CrosswordKind::info(d, &InfoRequest::FULL);
        info.facts.iter().find(|f| f.key == "clues").map(|f| f.text.clone()).expect("a clue list")
    };
    assert_eq!(clues(&back), clues(&doc));
}

#[test]
fn entries_a_jpz_never_defines_are_not_listed() {
    let name = "kotwords/jpz/gaps.jpz";
    let Some(bytes) = corpus(name) else { return };
    let doc = CrosswordKind::read(&bytes, Format::Jpz, &()).expect(name).value;
    let text = CrosswordKind::info(&doc, &InfoRequest::FULL).to_string();
    assert!(!text.contains("(no clue)") && !text.contains("across   ["), "{text}");
}

#[test]
fn every_corpus_ipuz_reads_with_its_manifest_clue_counts_or_says_why_not() {
    let Some(dir) = pzl_corpus::dir("crossword-more") else { return };
    let text = std::fs::read_to_string(dir.join("manifest.json")).expect("manifest");
    let all: serde_json::Value = serde_json::from_str(&text).expect("manifest JSON");
    let mut seen = 0;
    for entry in all.as_array().into_iter().flatten().filter(|e| e["format"] == "ipuz") {
        let name = entry["file"].as_str().unwrap_or_default();
        let bytes = std::fs::read(dir.join(name)).expect(name);
        seen += 1;
        let parsed = match CrosswordKind::read(&bytes, Format::Ipuz, &()) {
            Ok(parsed) => parsed,
            // Not a file pzl reads (non-strict JSON): a clear error.
            Err(e) => {
                assert!(!e.to_string().is_empty(), "{name}");
                continue;
            }
        };
        let lists = entry["facts"]["clue_lists"].as_object().cloned().unwrap_or_default();
        let only_across_down = lists.keys().all(|k| k == "Across" || k == "Down");
        let p = parsed.value.puzzle();
        // Lists other than Across and Down are kept, with their titles and clue counts.
        let others: Vec<(String, usize)> = lists
            .iter()
            .filter(|(k, _)| *k != "Across" && *k != "Down")
            .map(|(k, v)| (k.clone(), v.as_u64().unwrap_or(0) as usize))
            .collect();
        let kept: Vec<(String, usize)> =
            p.other_lists.iter().map(|l| (l.title.clone(), l.clues.len())).collect();
        assert_eq!(kept, others, "{name}: other clue lists");
        if !only_across_down {
            continue;
        }
        let placed = |d: Direction| {
            p.clue_entries()
                .iter()
                .filter(|e| e.slot.direction == d && e.clue.as_deref().is_some_and(|c| !c.is_empty()))
                .count()
        };
        let want = |k: &str| lists.get(k).and_then(serde_json::Value::as_u64).unwrap_or(0) as usize;
        assert_eq!(
            (placed(Direction::Across), placed(Direction::Down)),
            (want("Across"), want("Down")),
            "{name}: clues on entries"
        );
        assert!(parsed.warnings.is_empty(), "{name}: {:?}", parsed.warnings);
    }
    assert!(seen >= 5, "only {seen} ipuz files in the manifest");
}

/// Every JPZ file of the corpus `name`s and the manifest's facts about it.
fn jpz_files() -> Vec<(String, serde_json::Value)> {
    let Some(dir) = pzl_corpus::dir("crossword-more") else {
        eprintln!("skipped: the crossword-more corpus is absent");
        return Vec::new();
    };
    let text = std::fs::read_to_string(dir.join("manifest.json")).expect("manifest");
    let all: serde_json::Value = serde_json::from_str(&text).expect("manifest JSON");
    all.as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["facts"]["format"] == "jpz")
        .filter_map(|e| Some((e["file"].as_str()?.to_string(), e["facts"].clone())))
        .collect()
}

/// What ipuz and JPZ both hold of a puzzle: its entries, clues, circles, shading, voids and
/// enumerations.
fn held(p: &pzl_crossword::Puzzle) -> impl PartialEq + std::fmt::Debug {
    let styles: Vec<_> = (0..p.width * p.height).map(|i| (p.style(i), p.is_circled(i))).collect();
    // A puzzle without clues is written with empty ones: the same to a solver.
    let clues: Vec<_> =
        p.clue_entries().into_iter().map(|e| (e.slot, e.clue.unwrap_or_default(), e.enumeration)).collect();
    (p.solution.clone(), styles, clues, p.other_lists.clone())
}

#[test]
fn jpz_shading_voids_and_enumerations_are_read_as_the_manifest_counts_them() {
    let files = jpz_files();
    let dir = pzl_corpus::dir("crossword-more");
    let mut seen = (0, 0, 0);
    for (name, facts) in &files {
        let Some(dir) = dir.as_ref() else { return };
        let bytes = std::fs::read(dir.join(name)).expect(name);
        let Ok(parsed) = CrosswordKind::read(&bytes, Format::Jpz, &()) else { continue };
        let p = parsed.value.puzzle();
        let n = |v: &serde_json::Value| v.as_u64().unwrap_or(0) as usize;
        let cells = p.width * p.height;
        let shaded = (0..cells).filter(|&i| p.style(i).shade.is_some() && !p.style(i).void).count();
        let blocks_shaded = (0..cells)
            .filter(|&i| p.style(i).shade.is_some() && pzl_crossword::numbering::is_block(p.solution[i]));
        assert_eq!(shaded - blocks_shaded.count(), n(&facts["shaded_cells"]), "{name}: shaded cells");
        let voids = (0..cells).filter(|&i| p.style(i).void).count();
        assert_eq!(voids, n(&facts["cells"]["void"]), "{name}: voids");
        let (_, _, enums) = p.rich_counts();
        if enums > 0 {
            assert!(enums <= n(&facts["format_attrs"]), "{name}: {enums} enumerations");
        }
        seen.0 += usize::from(shaded > 0);
        seen.1 += usize::from(voids > 0);
        seen.2 += usize::from(enums > 0);
    }
    if !files.is_empty() {
        assert!(seen.0 >= 2 && seen.1 >= 1, "shaded and void files read: {seen:?}");
    }
}

#[test]
fn jpz_to_ipuz_to_jpz_keeps_entries_clues_styles_and_enumerations_on_every_corpus_file() {
    let files = jpz_files();
    let Some(dir) = pzl_corpus::dir("crossword-more") else { return };
    let mut count = 0;
    for (name, _) in &files {
        let bytes = std::fs::read(dir.join(name)).expect(name);
        let Ok(parsed) = CrosswordKind::read(&bytes, Format::Jpz, &()) else { continue };
        let p = parsed.value.puzzle().clone();
        let fresh = pzl_crossword::CrosswordDoc::from_puzzle(p.clone());
        let ipuz = CrosswordKind::write(&fresh, Format::Ipuz).expect(name);
        let via_ipuz = CrosswordKind::read(&ipuz.bytes, Format::Ipuz, &()).expect(name).value;
        assert_eq!(held(via_ipuz.puzzle()), held(&p), "{name}: JPZ → ipuz");
        let fresh = pzl_crossword::CrosswordDoc::from_puzzle(via_ipuz.into_puzzle());
        let jpz = CrosswordKind::write(&fresh, Format::Jpz).expect(name);
        assert!(
            !jpz.lost
                .iter()
                .any(|l| l.contains("shading") || l.contains("void") || l.contains("enumeration")),
            "{name}: {:?}",
            jpz.lost
        );
        let back = CrosswordKind::read(&jpz.bytes, Format::Jpz, &()).expect(name).value;
        assert_eq!(held(back.puzzle()), held(&p), "{name}: ipuz → JPZ");
        // ipuz → JPZ → ipuz too.
        let fresh = pzl_crossword::CrosswordDoc::from_puzzle(back.into_puzzle());
        let ipuz2 = CrosswordKind::write(&fresh, Format::Ipuz).expect(name);
        let again = CrosswordKind::read(&ipuz2.bytes, Format::Ipuz, &()).expect(name).value;
        assert_eq!(held(again.puzzle()), held(&p), "{name}: JPZ → ipuz again");
        // .puz cannot hold shading, voids or enumerations: `lost` names each.
        let (shaded, voids, enums) = p.rich_counts();
        if let Ok(puz) = CrosswordKind::write(&fresh, Format::Puz) {
            for (n, word) in [(shaded, "shading"), (voids, "void"), (enums, "enumerations")] {
                assert_eq!(n > 0, puz.lost.iter().any(|l| l.contains(word)), "{name}: {word} {:?}", puz.lost);
            }
        }
        count += 1;
    }
    if !files.is_empty() {
        assert!(count >= 20, "{count} JPZ files round-tripped");
    }
}

/// What `.xd` holds of a puzzle beside ipuz and JPZ: entries (bars end them), clues, circles and
/// shading (a void is written as the block it is in the solution).
/// Circles are left out when `circles` is false (`.xd` cannot circle a rebus cell, and says so).
fn held_by_xd(p: &pzl_crossword::Puzzle, circles: bool) -> impl PartialEq + std::fmt::Debug {
    let looks: Vec<_> = (0..p.width * p.height)
        .map(|i| (p.style(i).shade, p.style(i).void, circles && p.is_circled(i)))
        .collect();
    let clues: Vec<_> = p.clue_entries().into_iter().map(|e| (e.slot, e.clue.unwrap_or_default())).collect();
    (p.solution.clone(), looks, clues)
}

fn corpus_files(ext: &[&str]) -> Vec<(String, Vec<u8>)> {
    let Some(dir) = pzl_corpus::dir("crossword-more") else {
        eprintln!("skipped: the crossword-more corpus is absent");
        return Vec::new();
    };
    let mut out = Vec::new();
    for e in ext {
        for path in pzl_corpus::files(&dir, e) {
            let name = path.strip_prefix(&dir).unwrap_or(&path).display().to_string();
            out.push((name, std::fs::read(&path).expect("corpus file")));
        }
    }
    out
}

#[test]
fn xd_to_ipuz_to_xd_keeps_bars_shading_and_clues_on_every_corpus_file() {
    let mut count = 0;
    for (name, bytes) in corpus_files(&[".xd"]) {
        let Ok(parsed) = CrosswordKind::read(&bytes, Format::Xd, &()) else { continue };
        let p = parsed.value.puzzle().clone();
        let fresh = pzl_crossword::CrosswordDoc::from_puzzle(p.clone());
        let ipuz = CrosswordKind::write(&fresh, Format::Ipuz).expect(&name);
        let via = CrosswordKind::read(&ipuz.bytes, Format::Ipuz, &()).expect(&name).value;
        let circles = true;
        assert_eq!(held_by_xd(via.puzzle(), circles), held_by_xd(&p, circles), "{name}: xd → ipuz");
        let fresh = pzl_crossword::CrosswordDoc::from_puzzle(via.into_puzzle());
        let xd = CrosswordKind::write(&fresh, Format::Xd).expect(&name);
        assert!(
            !xd.lost.iter().any(|l| l.contains("bars") || l.contains("shading")),
            "{name}: {:?}",
            xd.lost
        );
        let back = CrosswordKind::read(&xd.bytes, Format::Xd, &()).expect(&name);
        assert_eq!(held_by_xd(back.value.puzzle(), true), held_by_xd(&p, circles), "{name}: ipuz → xd");
        count += 1;
    }
    let files = corpus_files(&[".xd"]);
    if !files.is_empty() {
        assert!(count >= 15, "{count} xd files round-tripped");
        // The barred and shaded kotwords files are among them, with what they hold.
        let shaded = files.iter().find(|(n, _)| n.ends_with("test-shaded.xd")).expect("test-shaded.xd");
        let p = CrosswordKind::read(&shaded.1, Format::Xd, &()).expect("reads").value.into_puzzle();
        assert_eq!(p.rich_counts().0, 2);
        let barred = files.iter().find(|(n, _)| n.ends_with("test-barred.xd")).expect("test-barred.xd");
        let p = CrosswordKind::read(&barred.1, Format::Xd, &()).expect("reads").value.into_puzzle();
        assert!(p.bars.is_some());
    }
}

#[test]
fn jpz_to_xd_to_jpz_keeps_bars_shading_voids_and_clues_and_names_enumerations() {
    let mut count = 0;
    for (name, bytes) in corpus_files(&[".jpz", ".xml"]) {
        let Ok(parsed) = CrosswordKind::read(&bytes, Format::Jpz, &()) else { continue };
        let p = parsed.value.puzzle().clone();
        let fresh = pzl_crossword::CrosswordDoc::from_puzzle(p.clone());
        let Ok(xd) = CrosswordKind::write(&fresh, Format::Xd) else { continue };
        let (_, _, enums) = p.rich_counts();
        // `.xd` holds voids as `_`.
        assert!(!xd.lost.iter().any(|l| l.contains("void")), "{name}: {:?}", xd.lost);
        assert_eq!(enums > 0, xd.lost.iter().any(|l| l.contains("enumerations")), "{name}: {:?}", xd.lost);
        let circles = !xd.lost.iter().any(|l| l.contains("circles"));
        let via = CrosswordKind::read(&xd.bytes, Format::Xd, &()).expect(&name).value;
        assert_eq!(held_by_xd(via.puzzle(), circles), held_by_xd(&p, circles), "{name}: JPZ → xd");
        let fresh = pzl_crossword::CrosswordDoc::from_puzzle(via.into_puzzle());
        let jpz = CrosswordKind::write(&fresh, Format::Jpz).expect(&name);
        let back = CrosswordKind::read(&jpz.bytes, Format::Jpz, &()).expect(&name).value;
        assert_eq!(held_by_xd(back.puzzle(), circles), held_by_xd(&p, circles), "{name}: xd → JPZ");
        count += 1;
    }
    if !corpus_files(&[".jpz"]).is_empty() {
        assert!(count >= 20, "{count} JPZ files round-tripped through xd");
    }
}

#[test]
fn info_gives_the_styles_and_each_clues_list_enumeration_and_cells() {
    let ipuz = r##"{"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": 3, "height": 2},
        "puzzle": [[{"cell": 1, "style": {"barred": "R", "color": "FFEE00"}}, 2, 3], [4, 0, null]],
        "solution": [["A", "B", "C"], ["D", "E", null]],
        "clues": {"Across": [{"number": 2, "clue": "Bee", "enumeration": "2"}, [4, "De"]],
                  "Down": [[1, "Ad"], [2, "Be"]]}}"##;
    let doc = CrosswordKind::read(ipuz.as_bytes(), Format::Ipuz, &()).expect("reads").value;
    let info = CrosswordKind::info(&doc, &InfoRequest::FULL);
    let fact = |key: &str| info.facts.iter().find(|f| f.key == key).expect(key).clone();
    let cells = fact("cells");
    assert_eq!((cells.value["shaded"].as_u64(), cells.value["voids"].as_u64()), (Some(1), Some(1)));
    assert_eq!(cells.value["barred"].as_u64(), Some(1));
    assert_eq!(cells.value["shades"][0], "#ffee00");
    assert!(cells.text.contains("1 shaded cell, 1 void, 1 barred cell"), "{}", cells.text);
    let clues = fact("clues");
    let two =
        clues.value.as_array().expect("a list").iter().find(|c| c["number"] == 2 && c["list"] == "Across");
    let two = two.expect("2 across");
    assert_eq!(two["enumeration"], "2");
    assert_eq!(two["cells"], serde_json::json!([[1, 2], [1, 3]]));
    assert!(clues.text.contains("Bee (2)"), "{}", clues.text);
}

/// The corpus JPZ files with clue lists other than Across and Down, each list's title and count.
const OTHER_LISTS: [(&str, &[(&str, usize)]); 4] = [
    ("kotwords/jpz/test-diagonal.jpz", &[("Southeast", 1)]),
    ("kotwords/rows-garden/rows-garden-mini.jpz", &[("Rows", 7), ("Blooms", 15)]),
    ("kotwords/spiral/spiral-chunked.jpz", &[("Inward", 3), ("Outward", 3)]),
    ("kotwords/acrostic/acrostic.jpz", &[("Clues", 3)]),
];

#[test]
fn clue_lists_other_than_across_and_down_are_kept_with_their_words() {
    let Some(dir) = pzl_corpus::dir("crossword-more") else {
        eprintln!("skipped: the crossword-more corpus is absent");
        return;
    };
    let text = std::fs::read_to_string(dir.join("manifest.json")).expect("manifest");
    let all: serde_json::Value = serde_json::from_str(&text).expect("manifest JSON");
    for (name, want) in OTHER_LISTS {
        // The manifest agrees with the counts written here.
        let entry = all.as_array().into_iter().flatten().find(|e| e["file"] == name).expect(name);
        for (title, count) in want {
            let listed =
                entry["facts"]["clue_lists"].as_array().into_iter().flatten().find(|l| l["title"] == *title);
            assert_eq!(
                listed.and_then(|l| l["count"].as_u64()),
                Some(*count as u64),
                "{name}: manifest {title}"
            );
        }
        let bytes = std::fs::read(dir.join(name)).expect(name);
        let parsed = CrosswordKind::read(&bytes, Format::Jpz, &()).expect(name);
        assert!(
            !parsed.warnings.iter().any(|w| w.message.contains("dropped")),
            "{name}: {:?}",
            parsed.warnings
        );
        let p = parsed.value.puzzle();
        let kept: Vec<(&str, usize)> =
            p.other_lists.iter().map(|l| (l.title.as_str(), l.clues.len())).collect();
        assert_eq!(kept, want.to_vec(), "{name}");
        // Every clue is on a word of the grid's open cells; `check` verifies against them.
        for clue in p.other_lists.iter().flat_map(|l| &l.clues) {
            assert!(clue.cells.iter().all(|&i| !pzl_crossword::numbering::is_block(p.solution[i])), "{name}");
        }
        if name != "kotwords/acrostic/acrostic.jpz" {
            let report = CrosswordKind::check(&parsed.value).expect(name);
            assert!(report.problems.is_empty(), "{name}: {:?}", report.problems);
        }
        // ipuz → JPZ → ipuz keeps them, and so does JPZ → ipuz → JPZ.
        let fresh = pzl_crossword::CrosswordDoc::from_puzzle(p.clone());
        let ipuz = CrosswordKind::write(&fresh, Format::Ipuz).expect(name);
        assert!(!ipuz.lost.iter().any(|l| l.contains("clue list")), "{name}: {:?}", ipuz.lost);
        let via_ipuz = CrosswordKind::read(&ipuz.bytes, Format::Ipuz, &()).expect(name).value;
        assert_eq!(via_ipuz.puzzle().other_lists, p.other_lists, "{name}: JPZ → ipuz");
        let jpz = CrosswordKind::write(&via_ipuz, Format::Jpz).expect(name);
        let back = CrosswordKind::read(&jpz.bytes, Format::Jpz, &()).expect(name).value;
        assert_eq!(back.puzzle().other_lists, p.other_lists, "{name}: ipuz → JPZ");
        let ipuz2 =
            CrosswordKind::write(&pzl_crossword::CrosswordDoc::from_puzzle(back.into_puzzle()), Format::Ipuz)
                .expect(name);
        assert_eq!(ipuz2.bytes, ipuz.bytes, "{name}: ipuz → JPZ → ipuz gives the same ipuz");
        // `.xd` holds them as clue groups (`Cluegroup: S=Southeast`, `S1. … ~ ANSWER`), not
        // their cells: named.
        let xd = CrosswordKind::write(&fresh, Format::Xd).expect(name);
        let text = String::from_utf8_lossy(&xd.bytes);
        for (title, _) in want {
            assert!(text.contains(&format!("={title}")), "{name}: {text}");
        }
        assert!(xd.lost.iter().any(|l| l.starts_with("the cells of ")), "{name}: {:?}", xd.lost);
        let from_xd = CrosswordKind::read(&xd.bytes, Format::Xd, &()).expect(name).value;
        let sizes = |p: &pzl_crossword::Puzzle| {
            p.other_lists.iter().map(|l| (l.title.clone(), l.clues.len())).collect::<Vec<_>>()
        };
        assert_eq!(sizes(from_xd.puzzle()), sizes(p), "{name}: the lists through .xd");
        // Formats without such lists name them as lost.
        for to in [Format::Puz, Format::AcrossText] {
            // Across Lite text refuses a grid none of whose entries has a clue (a clear error).
            let out = match CrosswordKind::write(&fresh, to) {
                Ok(out) => out,
                Err(e) if to == Format::AcrossText && p.clues.is_empty() => {
                    assert!(e.to_string().contains("clues"), "{e}");
                    continue;
                }
                Err(e) => panic!("{name} as {to:?}: {e}"),
            };
            for (title, _) in want {
                assert!(
                    out.lost.iter().any(|l| l.contains("clue list") && l.contains(&format!("{title:?}"))),
                    "{name} as {to:?}: {:?}",
                    out.lost
                );
            }
        }
    }
}

#[test]
fn a_diagonal_clue_has_its_label_cells_and_answer_in_info_and_the_play_view() {
    let name = "kotwords/jpz/test-diagonal.jpz";
    let Some(bytes) = corpus(name) else { return };
    let doc = CrosswordKind::read(&bytes, Format::Jpz, &()).expect(name).value;
    let p = doc.puzzle();
    let clue = &p.other_lists[0].clues[0];
    assert_eq!((clue.label.as_str(), clue.text.as_str()), ("A", "Diagonal clue"));
    assert_eq!(clue.cells, vec![0, 6, 12, 18, 24]);
    assert_eq!(clue.answer(p), "AFXYZP@");
    // info: the counts name the list; the details list it after Across and Down.
    let info = CrosswordKind::info(&doc, &InfoRequest::FULL);
    let fact = |key: &str| info.facts.iter().find(|f| f.key == key).expect(key).clone();
    assert_eq!(fact("counts").value["lists"], serde_json::json!([{"title": "Southeast", "clues": 1}]));
    assert!(fact("counts").text.contains("other lists: Southeast 1"), "{}", fact("counts").text);
    let clues = fact("clues").value.as_array().cloned().unwrap_or_default();
    assert_eq!(clues.len(), 11);
    let last = &clues[10];
    assert_eq!((last["list"].as_str(), last["label"].as_str()), (Some("Southeast"), Some("A")));
    assert_eq!(last["cells"], serde_json::json!([[1, 1], [2, 2], [3, 3], [4, 4], [5, 5]]));
    assert_eq!(last["answer"], "AFXYZP@");
    let text = fact("clues").text;
    assert!(
        text.lines().last().unwrap_or_default().contains("A Southeast Diagonal clue  [AFXYZP@] at (r1, c1)"),
        "{text}"
    );
    // The play view carries it after the Across and Down clues, with no answer.
    let grid = pzl_crossword::play::PlayerGrid::of(&doc);
    let last = grid.clues.last().expect("clues");
    assert_eq!((last.list.as_str(), last.direction, last.label.as_str()), ("Southeast", "other", "A"));
    assert_eq!(last.cells, vec![0, 6, 12, 18, 24]);
    assert!(!serde_json::to_string(&grid).expect("JSON").contains("AFXYZP"));
}

#[test]
fn ipuz_clue_lists_read_their_cells_counted_from_zero_or_from_one() {
    let doc = |cells: &str| {
        format!(
            r#"{{"version":"http://ipuz.org/v2","kind":["http://ipuz.org/crossword#1"],
            "dimensions":{{"width":3,"height":2}},"puzzle":[[1,2,3],[4,0,0]],
            "solution":[["A","B","C"],["D","E","F"]],
            "clues":{{"Across":[[1,"Abc"],[4,"Def"]],"Down":[[1,"Ad"],[2,"Be"],[3,"Cf"]],
            "Diagonal":[{{"label":"X","clue":"<i>Spin</i>","enumeration":"1,2","cells":{cells}}}]}}}}"#
        )
    };
    for cells in ["[[0,0],[1,1],[2,1]]", "[[1,1],[2,2],[3,2]]"] {
        let text = doc(cells);
        let parsed = CrosswordKind::read(text.as_bytes(), Format::Ipuz, &()).expect(cells);
        assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
        let p = parsed.value.puzzle();
        let list = &p.other_lists[0];
        assert_eq!(list.title, "Diagonal");
        let clue = &list.clues[0];
        assert_eq!(
            (clue.label.as_str(), clue.text.as_str(), clue.enumeration.as_str()),
            ("X", "Spin", "1,2")
        );
        assert_eq!(clue.markup.len(), 1);
        assert_eq!(clue.cells, vec![0, 4, 5], "{cells}");
        assert_eq!(clue.answer(p), "AEF");
    }
    // A cell outside the grid is left out of the word, with a warning (never a panic).
    let text = doc("[[0,0],[7,9]]");
    let parsed = CrosswordKind::read(text.as_bytes(), Format::Ipuz, &()).expect("reads");
    assert_eq!(parsed.value.puzzle().other_lists[0].clues[0].cells, vec![0]);
    assert!(
        parsed.warnings.iter().any(|w| w.message.contains("outside the 3x2 grid")),
        "{:?}",
        parsed.warnings
    );
    // A word of more cells than the grid holds (cells repeated) is kept without them, with a
    // warning: what ipuz reads can always be written as a JPZ that reads back.
    let many = ["[0,0]"; 7].join(",");
    let text = doc(&format!("[{many}]"));
    let parsed = CrosswordKind::read(text.as_bytes(), Format::Ipuz, &()).expect("reads");
    assert!(parsed.value.puzzle().other_lists[0].clues[0].cells.is_empty());
    assert!(parsed.warnings.iter().any(|w| w.message.contains("more than the grid's words can hold")));
    let jpz = CrosswordKind::write(&parsed.value, Format::Jpz).expect("writes as JPZ");
    let again = CrosswordKind::read(&jpz.bytes, Format::Jpz, &()).expect("the JPZ reads back");
    assert_eq!(again.value.puzzle().other_lists[0].clues[0].text, "Spin");
}

#[test]
fn the_files_own_clue_numbers_survive_ipuz_and_xd_and_are_named_lost_in_puz() {
    let name = "xd-crossword-tools/extracted/crossCompilerXMLToXD--tiny.jpz";
    let Some(bytes) = corpus(name) else { return };
    let doc = CrosswordKind::read(&bytes, Format::Jpz, &()).expect(name).value;
    let labels = |d: &pzl_crossword::CrosswordDoc| -> Vec<String> {
        d.puzzle().clue_entries().into_iter().map(|e| e.label).collect()
    };
    let want = labels(&doc);
    assert_eq!(want, ["1", "1", "3", "5"]);
    let fresh = pzl_crossword::CrosswordDoc::from_puzzle(doc.puzzle().clone());
    // JPZ → ipuz → JPZ and JPZ → xd → JPZ keep them; neither names them lost.
    for via in [Format::Ipuz, Format::Xd] {
        let out = CrosswordKind::write(&fresh, via).expect("writes");
        assert!(!out.lost.iter().any(|l| l.contains("clue numbers")), "{via:?}: {:?}", out.lost);
        let mid = CrosswordKind::read(&out.bytes, via, &()).expect("reads back").value;
        assert_eq!(labels(&mid), want, "{via:?}");
        assert_eq!(mid.puzzle().clues, doc.puzzle().clues, "{via:?}");
        let jpz =
            CrosswordKind::write(&pzl_crossword::CrosswordDoc::from_puzzle(mid.into_puzzle()), Format::Jpz)
                .expect("jpz");
        let back = CrosswordKind::read(&jpz.bytes, Format::Jpz, &()).expect("reads back").value;
        assert_eq!(labels(&back), want, "{via:?} → JPZ");
        let text = CrosswordKind::info(&back, &InfoRequest::FULL).to_string();
        assert!(text.contains("5 across Conflict") && text.contains("3 down   Foot finger"), "{text}");
    }
    // The xd the peer expects for this JPZ reads with the same numbers.
    if let Some(xd) = corpus("xd-crossword-tools/extracted/crossCompilerXMLToXD--tiny-expected.xd") {
        let doc = CrosswordKind::read(&xd, Format::Xd, &()).expect("xd").value;
        assert_eq!(labels(&doc), want);
    }
    // .puz and Across Lite text cannot hold them: `lost` names them.
    for to in [Format::Puz, Format::AcrossText] {
        let out = CrosswordKind::write(&fresh, to).expect("writes");
        assert!(
            out.lost.iter().any(|l| l.contains("clue numbers as written (2 differ")),
            "{to:?}: {:?}",
            out.lost
        );
    }
}

#[test]
fn labels_xd_cannot_write_are_written_as_the_grids_numbers_and_named_lost() {
    let mut p = pzl_crossword::Puzzle::new(3, 3);
    p.set_solution_rows(&["CAT", "O.O", "WAR"]);
    p.clues = vec!["Feline".into(), "Female sheep".into(), "Foot finger".into(), "Conflict".into()];
    p.labels = Some(vec!["1".into(), "1".into(), "2".into(), "3/4".into()]);
    let doc = pzl_crossword::CrosswordDoc::from_puzzle(p.clone());
    let out = CrosswordKind::write(&doc, Format::Xd).expect("xd");
    assert!(out.lost.iter().any(|l| l.contains("clue numbers as written")), "{:?}", out.lost);
    let back = CrosswordKind::read(&out.bytes, Format::Xd, &()).expect("reads").value;
    assert_eq!(back.puzzle().clues, p.clues);
    // ipuz holds any label.
    let out = CrosswordKind::write(&doc, Format::Ipuz).expect("ipuz");
    let back = CrosswordKind::read(&out.bytes, Format::Ipuz, &()).expect("reads").value;
    assert_eq!(back.puzzle().labels, p.labels);
}

#[test]
fn a_word_the_file_defines_otherwise_than_its_entry_is_kept_and_travels() {
    let name = "kotwords/jpz/test-cell-ranges.jpz";
    let Some(bytes) = corpus(name) else { return };
    let doc = CrosswordKind::read(&bytes, Format::Jpz, &()).expect(name).value;
    let p = doc.puzzle();
    // 3 Down's word is x=2 y=1-3 then x=3 y=4-5: kept as the file defines it.
    let three = p.clue_entries().into_iter().find(|e| e.label == "3" && e.slot.direction == Direction::Down);
    let three = three.expect("3 down");
    assert_eq!(three.cells, vec![1, 6, 11, 17, 22]);
    assert_eq!(three.clue.as_deref(), Some("Third down clue"));
    assert_eq!(p.own_words(), 1);
    let report = CrosswordKind::check(&doc).expect(name);
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    // The play view walks the file's word.
    let grid = pzl_crossword::play::PlayerGrid::of(&doc);
    assert!(grid.clues.iter().any(|c| c.label == "3" && c.direction == "down" && c.cells == three.cells));
    // JPZ → ipuz → JPZ keeps it; .xd and .puz name it lost.
    let fresh = pzl_crossword::CrosswordDoc::from_puzzle(p.clone());
    let ipuz = CrosswordKind::write(&fresh, Format::Ipuz).expect("ipuz");
    let via = CrosswordKind::read(&ipuz.bytes, Format::Ipuz, &()).expect("ipuz reads").value;
    assert_eq!(via.puzzle().words, p.words);
    let jpz = CrosswordKind::write(&via, Format::Jpz).expect("jpz");
    let back = CrosswordKind::read(&jpz.bytes, Format::Jpz, &()).expect("jpz reads").value;
    assert_eq!(back.puzzle().words, p.words);
    assert_eq!(back.puzzle().clues, p.clues);
    for to in [Format::Xd, Format::Puz] {
        let out = CrosswordKind::write(&fresh, to).expect("writes");
        assert!(out.lost.iter().any(|l| l.contains("the words of 1 clue(s)")), "{to:?}: {:?}", out.lost);
    }
}

#[test]
fn an_ipuz_clues_own_cells_are_its_word() {
    let ipuz = r#"{"version":"http://ipuz.org/v2","kind":["http://ipuz.org/crossword#1"],
        "dimensions":{"width":3,"height":2},"puzzle":[[1,2,3],[4,0,0]],
        "solution":[["A","B","C"],["D","E","F"]],
        "clues":{"Across":[{"number":1,"clue":"Bent","cells":[[0,0],[1,0],[1,1]]},[4,"Def"]],
                 "Down":[[1,"Ad"],[2,"Be"],[3,"Cf"]]}}"#;
    let parsed = CrosswordKind::read(ipuz.as_bytes(), Format::Ipuz, &()).expect("reads");
    let p = parsed.value.puzzle();
    let first = &p.clue_entries()[0];
    assert_eq!((first.cells.clone(), first.answer.as_str()), (vec![0, 1, 4], "ABE"));
    let out = CrosswordKind::write(&pzl_crossword::CrosswordDoc::from_puzzle(p.clone()), Format::Ipuz)
        .expect("ipuz");
    let back = CrosswordKind::read(&out.bytes, Format::Ipuz, &()).expect("reads").value;
    assert_eq!(back.puzzle().words, p.words);
    // A cell outside the grid: a warning, and the word is the entry's.
    let bad = ipuz.replace("[1,1]]", "[9,9]]");
    let parsed = CrosswordKind::read(bad.as_bytes(), Format::Ipuz, &()).expect("reads");
    assert!(parsed.value.puzzle().words.is_none());
    assert!(
        parsed.warnings.iter().any(|w| w.message.contains("outside the 3x2 grid")),
        "{:?}",
        parsed.warnings
    );
}

/// Found by the proptest `other_clue_lists_round_trip_between_ipuz_and_jpz`: a grid without
/// clues whose only list is another one (a row across a bar) came back from JPZ without its bar
/// — the row's word counted as a word the bar cut. JPZ now writes Across and Down (empty)
/// beside other lists, and only their words decide the bars.
#[test]
fn a_row_across_a_bar_in_another_list_keeps_the_bar_through_jpz() {
    use pzl_crossword::puzzle::{OtherClue, OtherList, Puzzle};
    use pzl_crossword::{jpz, numbering};
    let mut p = Puzzle::new(2, 2);
    p.set_solution_rows(&["AA", ".."]);
    let mut bars = vec![0; 4];
    bars[0] = numbering::BAR_RIGHT;
    p.bars = Some(bars);
    p.other_lists = vec![OtherList {
        title: "Rows".into(),
        clues: vec![OtherClue {
            label: "A".into(),
            text: "Two".into(),
            markup: Vec::new(),
            enumeration: String::new(),
            cells: vec![0, 1],
        }],
    }];
    assert!(p.slots().is_empty(), "the bar cuts the only run");
    let (xml, _) = jpz::write_xml(&p);
    let back = jpz::read_xml(&xml).expect("reads").puzzle;
    assert_eq!(back.bars, p.bars);
    assert!(back.slots().is_empty() && back.clues.is_empty());
    assert_eq!(back.other_lists, p.other_lists);
}

/// Found by fuzzing `jpz_read`: a list title holding a control character ("Ac\u{1}ross") was
/// judged on the raw text (not a direction: another list), then written without the character
/// as "Across" — read again, a different puzzle. The title is judged as it is kept.
#[test]
fn a_list_title_with_a_control_character_is_judged_as_it_is_kept() {
    use pzl_crossword::jpz;
    let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
<crossword-compiler xmlns=\"http://crossword.info/xml/crossword-compiler\">\
<rectangular-puzzle xmlns=\"http://crossword.info/xml/rectangular-puzzle\"><crossword>\
<grid width=\"2\" height=\"2\">\
<cell x=\"1\" y=\"1\" solution=\"A\" number=\"1\"/><cell x=\"2\" y=\"1\" solution=\"B\" number=\"2\"/>\
<cell x=\"1\" y=\"2\" solution=\"C\" number=\"3\"/><cell x=\"2\" y=\"2\" solution=\"D\"/></grid>\
<word id=\"1\"><cells x=\"1\" y=\"1\"/><cells x=\"2\" y=\"1\"/></word>\
<word id=\"2\"><cells x=\"1\" y=\"2\"/><cells x=\"2\" y=\"2\"/></word>\
<word id=\"3\"><cells x=\"1\" y=\"1\"/><cells x=\"1\" y=\"2\"/></word>\
<word id=\"4\"><cells x=\"2\" y=\"1\"/><cells x=\"2\" y=\"2\"/></word>\
<clues><title><b>Ac\u{1}ross</b></title><clue word=\"1\" number=\"1\">Ab</clue><clue word=\"2\" number=\"3\">Cd</clue></clues>\
<clues><title><b>Down</b></title><clue word=\"3\" number=\"1\">Ac</clue><clue word=\"4\" number=\"2\">Bd</clue></clues>\
</crossword></rectangular-puzzle></crossword-compiler>";
    let first = jpz::read_xml(xml).expect("reads, the character dropped").puzzle;
    assert_eq!(first.clues.len(), 4, "the list is Across, as it is written back");
    let (written, _) = jpz::write_xml(&first);
    let again = jpz::read_xml(&written).expect("the written JPZ reads").puzzle;
    assert_eq!(jpz::write_xml(&again).0, written, "written JPZ is a fixed point");
    assert_eq!((&again.clues, &again.other_lists), (&first.clues, &first.other_lists));
}
