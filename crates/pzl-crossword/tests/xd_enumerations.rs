//! Issue 33: enumerations in `.xd`. `.xd` marks the word breaks of an answer with its split
//! character (`A4. Kind of mirror ~ REAR|VIEW`, puzzmo's converters; `Splitcharacter:` names
//! another): read as the enumeration `4,4`, written back so; an enumeration `.xd` cannot spell
//! (one word, `3-4`, `2 wds`) is named lost.

use pzl_crossword::format::{ipuz, xd};
use pzl_crossword::puzzle::Puzzle;

const XD: &str =
    "Title: Splits\n\n\nREARVIEW\nA.......\n\n\nA1. Kind of mirror ~ REAR|VIEW\n\nD1. Paddle ~ RA\n";

fn enumerations(p: &Puzzle) -> Vec<Option<String>> {
    p.clue_entries().into_iter().map(|e| e.enumeration).collect()
}

#[test]
fn split_answers_are_enumerations() {
    let read = xd::read(XD).unwrap();
    assert!(read.warnings.iter().all(|w| !w.to_string().contains("disagrees")), "{:?}", read.warnings);
    let p = read.puzzle;
    assert_eq!(enumerations(&p), vec![Some("4,4".to_string()), None]);
    assert_eq!(p.clues[0], "Kind of mirror");
    // Another split character named in the header.
    let other = XD
        .replace("Title: Splits\n", "Title: Splits\nSplitcharacter: _\n")
        .replace("REAR|VIEW", "RE_AR_VIEW");
    assert_eq!(enumerations(&xd::read(&other).unwrap().puzzle), vec![Some("2,2,4".to_string()), None]);
    // A split at an end is no enumeration.
    let end = XD.replace("REAR|VIEW", "REARVIEW|");
    assert_eq!(enumerations(&xd::read(&end).unwrap().puzzle), vec![None, None]);
}

#[test]
fn word_lengths_are_written_as_splits_and_the_rest_is_named() {
    let p = xd::read(XD).unwrap().puzzle;
    let (text, lost) = xd::write(&p);
    assert!(lost.is_empty(), "{lost:?}");
    assert!(text.contains("Splitcharacter: |\n"), "{text}");
    assert!(text.contains("A1. Kind of mirror ~ REAR|VIEW\n"), "{text}");
    assert_eq!(xd::read(&text).unwrap().puzzle, p);
    // Through ipuz and back: the same enumeration.
    let (json, _) = ipuz::write(&p);
    assert!(json.contains("\"enumeration\": \"4,4\""), "{json}");
    let (from_ipuz, _) = ipuz::read(&json).unwrap();
    assert_eq!(xd::write(&from_ipuz).0, text);
    // What `.xd` cannot spell is named, and the answer written whole.
    for (enumeration, why) in
        [("8", "one word"), ("4-4", "a hyphen"), ("4, 4", "a space"), ("3,4", "not the length")]
    {
        let mut q = p.clone();
        q.enumerations = Some(vec![enumeration.to_string(), String::new()]);
        let (text, lost) = xd::write(&q);
        assert!(text.contains("~ REARVIEW\n"), "{why}: {text}");
        assert!(!text.contains("Splitcharacter"), "{why}: {text}");
        assert_eq!(lost.len(), 1, "{why}: {lost:?}");
        assert!(lost[0].starts_with("the enumerations of 1 clue(s)"), "{why}: {lost:?}");
    }
    // A puzzle without enumerations is written as before (no header).
    let mut plain = p.clone();
    plain.enumerations = None;
    let (text, lost) = xd::write(&plain);
    assert!(lost.is_empty() && !text.contains("Splitcharacter") && text.contains("~ REARVIEW\n"), "{text}");
}

#[test]
fn corpus_answers_with_splits_read_as_enumerations() {
    let Some(dir) = pzl_corpus::dir("crossword-more") else {
        eprintln!("skipped: the crossword-more corpus is absent");
        return;
    };
    for name in [
        "xd-crossword-tools/puz/twitch-tv-with-pipes.xd",
        "xd-crossword-tools/extracted/website--pick-a-side.xd",
    ] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let p = xd::read(&text).unwrap().puzzle;
        // Every clue line whose answer holds a break has an enumeration of that many words.
        let split_lines = text
            .lines()
            .filter(|l| {
                l.contains(" ~ ")
                    && l.rsplit(" ~ ").next().is_some_and(|a| a.trim().trim_matches('|').contains('|'))
            })
            .count();
        let got: Vec<String> = enumerations(&p).into_iter().flatten().collect();
        assert!(split_lines > 0, "{name}");
        assert_eq!(got.len(), split_lines, "{name}: {got:?}");
        assert!(got.iter().all(|e| e.split(',').count() > 1), "{name}: {got:?}");
        // Written and read again: the same enumerations.
        let (written, _) = xd::write(&p);
        assert_eq!(enumerations(&xd::read(&written).unwrap().puzzle), enumerations(&p), "{name}");
    }
}
