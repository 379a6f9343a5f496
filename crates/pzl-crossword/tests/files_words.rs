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
            // Not a crossword pzl reads (acrostic kind, non-strict JSON): a clear error.
            Err(e) => {
                assert!(!e.to_string().is_empty(), "{name}");
                continue;
            }
        };
        let lists = entry["facts"]["clue_lists"].as_object().cloned().unwrap_or_default();
        let only_across_down = lists.keys().all(|k| k == "Across" || k == "Down");
        if !only_across_down {
            assert!(!parsed.warnings.is_empty(), "{name}: other clue lists warn");
            continue;
        }
        let p = parsed.value.puzzle();
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
