//! Golden tests of the Across Lite text format over the corpus: every text file reads and
//! writes back exactly, and `.puz` → text → `.puz` keeps what text can hold.

use pzl_crossword::across_text::{self, TextLayout};
use pzl_crossword::{Puzzle, raw};

#[test]
fn every_corpus_text_file_reads_and_round_trips_exactly() {
    let Some(dir) = pzl_corpus::dir("puz") else { return };
    let files = pzl_corpus::files(&dir, ".txt");
    assert!(files.len() >= 8);
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let read = across_text::read(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(across_text::write(&read.puzzle, &read.layout), text, "{}", path.display());
    }
}

#[test]
fn the_diagramless_pair_has_the_same_grid_and_clues() {
    let Some(dir) = pzl_corpus::dir("puz") else { return };
    let text =
        across_text::read(&std::fs::read_to_string(dir.join("puzpy/diagramless.txt")).unwrap()).unwrap();
    let puz = raw::read(&std::fs::read(dir.join("puzpy/diagramless.puz")).unwrap()).unwrap().file;
    let (p, _) = Puzzle::from_raw(&puz);
    assert_eq!(text.puzzle.solution, p.solution);
    assert_eq!(text.puzzle.clues, p.clues);
    assert_eq!(text.puzzle.title, p.title);
    assert!(text.puzzle.puzzle_type & raw::TYPE_DIAGRAMLESS != 0);
}

#[test]
fn puz_to_text_to_puz_keeps_what_text_holds() {
    let Some(dir) = pzl_corpus::dir("puz") else { return };
    for path in pzl_corpus::files(&dir, ".puz") {
        let Ok(read) = raw::read(&std::fs::read(&path).unwrap()) else { continue };
        let (p, _) = Puzzle::from_raw(&read.file);
        let layout = TextLayout::for_puzzle(&p);
        let text = across_text::write(&p, &layout);
        let back = across_text::read(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()));
        let q = back.puzzle;
        let name = path.display();
        // Text lines lose leading and trailing spaces (reported by `dropped_by_text`).
        let meta = |x: &Puzzle| {
            [x.title.trim().to_string(), x.author.trim().to_string(), x.copyright.trim().to_string()]
        };
        assert_eq!(meta(&q), meta(&p), "{name}");
        assert_eq!(q.notes.replace('\r', ""), p.notes.replace('\r', ""), "{name}");
        assert_eq!(q.clues, p.clues, "{name}");
        assert_eq!(q.solution, p.solution, "{name}");
        let rebus = |x: &Puzzle| (0..x.solution.len()).map(|i| x.cell_answer(i)).collect::<Vec<_>>();
        assert_eq!(rebus(&q), rebus(&p), "{name}");
        let circles = |x: &Puzzle| (0..x.solution.len()).filter(|&i| x.is_circled(i)).collect::<Vec<_>>();
        assert_eq!(circles(&q), circles(&p), "{name}");
        assert!(q.to_raw().is_ok());
    }
}
