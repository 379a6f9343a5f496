//! `pzl::container::read`, what `pzl check` and `pzl info` do with each input: the format is
//! detected once; a file a puzzle format plainly claims skips the archive tests, but an archive
//! that holds such a file, byte for byte, is still an archive.

use pzl::container::{self, Read};
use pzl::{Document, Format, Open};

/// A `.puz` file made from the repository's example crossword.
fn puz() -> Vec<u8> {
    let path = format!("{}/../../examples/crossword/square-deal.ipuz", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(path).unwrap();
    let doc = Document::read(&bytes, "square-deal.ipuz", None, &Open::default()).unwrap().value;
    doc.write(Format::from_name("puz").unwrap()).unwrap().bytes
}

#[test]
fn a_puz_file_is_read_as_a_document() {
    let bytes = puz();
    let Ok(Read::Document(parsed)) = container::read(&bytes, "x.puz", None, &Open::default()) else {
        panic!("a .puz file is a document");
    };
    assert_eq!(parsed.value.format().name(), "puz");
    // The same without the name: the magic decides.
    let Ok(Read::Document(parsed)) = container::read(&bytes, "x", None, &Open::default()) else {
        panic!("a .puz file without its extension is a document");
    };
    assert_eq!(parsed.value.format().name(), "puz");
}

#[test]
fn an_archive_holding_a_puz_file_stays_an_archive() {
    let bytes = puz();
    let forks = container::forks_of(&bytes, "x.puz", None).unwrap();
    // Method 0: the `.puz` bytes, magic and all, stand in the archive as they are.
    let archive = container::stuff(vec![forks], "x.sit").unwrap();
    assert!(archive.windows(12).any(|w| w == b"ACROSS&DOWN\0"), "the .puz is stored whole");
    assert_eq!(
        Format::detect(&archive, Some("x.sit")).map(|f| f.name()),
        Some("puz"),
        "the .puz test finds it"
    );
    match container::read(&archive, "x.sit", None, &Open::default()) {
        Ok(Read::Container(opened)) => {
            assert_eq!(opened.format_name(), "stuffit");
            assert!(opened.check().problems.is_empty(), "{:?}", opened.check().problems);
        }
        Ok(Read::Document(parsed)) => panic!("read as a {} document", parsed.value.format().name()),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn a_detected_format_that_does_not_read_says_it_was_detected() {
    let e = match container::read(b"not a crossword", "x.puz", None, &Open::default()) {
        Err(e) => e,
        Ok(_) => panic!("garbage named .puz is an error"),
    };
    assert!(e.hint.as_deref().is_some_and(|h| h.contains("found by detection")), "{e:?}");
}
