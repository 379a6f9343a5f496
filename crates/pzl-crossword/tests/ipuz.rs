//! `.puz` → ipuz → `.puz` over the corpus keeps grids, clues, metadata, rebus and circles.

use pzl_crossword::puzzle::SolutionState;
use pzl_crossword::{Puzzle, ipuz, raw};

#[test]
fn every_corpus_puzzle_survives_ipuz() {
    let Some(dir) = pzl_corpus::dir("puz") else { return };
    let mut count = 0;
    for path in pzl_corpus::files(&dir, ".puz") {
        let Ok(read) = raw::read(&std::fs::read(&path).unwrap()) else { continue };
        count += 1;
        let (p, _) = Puzzle::from_raw(&read.file);
        let (json, dropped) = ipuz::write(&p);
        assert!(ipuz::looks_like_ipuz(json.as_bytes()));
        let (q, _) = ipuz::read(&json).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = path.display();
        assert_eq!(
            (&q.title, &q.author, &q.copyright, &q.notes),
            (&p.title, &p.author, &p.copyright, &p.notes),
            "{name}"
        );
        assert_eq!(q.clues, p.clues, "{name}");
        // A pencil letter under a rebus entry comes back upper case (ipuz has no pencil marks).
        assert_eq!(q.fill.to_ascii_uppercase(), p.fill.to_ascii_uppercase(), "{name}");
        let circles = |x: &Puzzle| (0..x.solution.len()).filter(|&i| x.is_circled(i)).collect::<Vec<_>>();
        assert_eq!(circles(&q), circles(&p), "{name}");
        if p.state() == SolutionState::Locked {
            assert!(dropped.iter().any(|d| d.contains("locked")), "{name}");
            assert_eq!(q.state(), SolutionState::None);
        } else {
            assert_eq!(q.solution, p.solution, "{name}");
            let answers = |x: &Puzzle| (0..x.solution.len()).map(|i| x.cell_answer(i)).collect::<Vec<_>>();
            assert_eq!(answers(&q), answers(&p), "{name}");
        }
        let back = q.to_raw().unwrap();
        assert!(raw::read(&back.to_bytes()).unwrap().checksum_mismatches.is_empty());
    }
    assert!(count >= 35);
}
