//! Property tests: every puzzle the builder makes writes, reads and writes again to the same
//! bytes with every checksum right; reading damaged files never panics, and whatever is read
//! writes back unchanged; locking then unlocking gives the original file.

use proptest::prelude::*;
use pzl_crossword::format::jpz;
use pzl_crossword::puzzle::{Puzzle, Timer};
use pzl_crossword::raw;
use pzl_grid::Pos;

fn text() -> impl Strategy<Value = String> {
    prop_oneof!["[A-Za-z0-9 ,.!?'-]{0,20}", "[a-zé©’“”—]{0,8}", "[a-z⚔️ΑΒΓ漢字]{0,6}",]
}

prop_compose! {
    fn puzzle()(w in 1usize..9, h in 1usize..9)
        (cells in proptest::collection::vec(prop_oneof![4 => "[A-Z]", 1 => Just(".".to_string())], w * h),
         w in Just(w), h in Just(h),
         title in text(), author in text(), copyright in text(), notes in text(),
         clue_texts in proptest::collection::vec(text(), 0..40),
         rebus in proptest::collection::vec((0usize..64, "[A-Z]{2,5}"), 0..3),
         circles in proptest::collection::vec(0usize..64, 0..4),
         timer in proptest::option::of((0u32..100_000, any::<bool>())),
         version in prop_oneof![Just(*b"1.3\0"), Just(*b"1.2c"), Just(*b"1.4\0"), Just(*b"2.0\0")])
        -> Puzzle
    {
        let mut p = Puzzle::new(w, h);
        let rows: Vec<String> = cells.chunks(w).map(|r| r.concat()).collect();
        p.set_solution_rows(&rows.iter().map(String::as_str).collect::<Vec<_>>());
        p.title = title;
        p.author = author;
        p.copyright = copyright;
        p.notes = notes;
        p.puz.version = version;
        let slots = p.slots().len();
        p.clues = (0..slots).map(|i| clue_texts.get(i).cloned().unwrap_or_else(|| format!("clue {i}"))).collect();
        for (at, answer) in rebus {
            let i = at % (w * h);
            if p.solution[i] != b'.' {
                p.set_rebus(Pos::new(i / w, i % w), &answer);
            }
        }
        for at in circles {
            let i = at % (w * h);
            p.set_circled(Pos::new(i / w, i % w), true);
        }
        p.timer = timer.map(|(seconds, stopped)| Timer { seconds, stopped });
        p
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn built_puzzles_round_trip(p in puzzle()) {
        let file = p.to_raw().unwrap();
        let bytes = file.to_bytes();
        let read = raw::read(&bytes).unwrap();
        prop_assert!(read.checksum_mismatches.is_empty());
        prop_assert_eq!(read.file.to_bytes(), bytes.clone());
        let (decoded, _) = Puzzle::from_raw(&read.file);
        prop_assert_eq!(&decoded.title, &p.title);
        prop_assert_eq!(&decoded.clues, &p.clues);
        prop_assert_eq!(&decoded.notes, &p.notes);
        prop_assert_eq!(&decoded.rebus, &p.rebus);
        prop_assert_eq!(&decoded.markup, &p.markup);
        prop_assert_eq!(decoded.timer, p.timer);
        prop_assert_eq!(decoded.to_raw().unwrap().to_bytes(), bytes);
    }

    #[test]
    fn jpz_written_reads_back_and_writes_the_same_bytes(p in puzzle()) {
        let (xml, lost) = jpz::write_xml(&p);
        prop_assert!(lost.iter().all(|l| l.contains("timer") || l.contains("spaces")), "{:?}", lost);
        let read = jpz::read_xml(&xml).unwrap();
        // write(read(x)) == x for every JPZ pzl writes.
        prop_assert_eq!(&jpz::write_xml(&read.puzzle).0, &xml);
        let q = &read.puzzle;
        prop_assert_eq!(q.title.as_str(), p.title.trim());
        prop_assert_eq!(q.author.as_str(), p.author.trim());
        prop_assert_eq!(q.notes.as_str(), p.notes.trim());
        let trimmed: Vec<&str> = p.clues.iter().map(|c| c.trim()).collect();
        prop_assert_eq!(q.clues.iter().map(String::as_str).collect::<Vec<_>>(), trimmed);
        let answers = |z: &Puzzle| (0..z.solution.len()).map(|i| z.cell_answer(i)).collect::<Vec<_>>();
        prop_assert_eq!(answers(q), answers(&p));
        let circled = |z: &Puzzle| (0..z.solution.len()).filter(|&i| z.is_circled(i)).count();
        prop_assert_eq!(circled(q), circled(&p));
        // Zipped: the same puzzle.
        let (zipped, _) = jpz::write(&p).unwrap();
        prop_assert_eq!(&jpz::read(&zipped).unwrap().puzzle, q);
    }

    #[test]
    fn damaged_files_never_panic_and_read_back_exactly(
        p in puzzle(),
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
        cut in any::<prop::sample::Index>(),
        truncate in any::<bool>(),
    ) {
        let mut bytes = p.to_raw().unwrap().to_bytes();
        for (at, value) in flips {
            let i = at.index(bytes.len());
            bytes[i] = value;
        }
        if truncate {
            bytes.truncate(cut.index(bytes.len()));
        }
        if let Ok(read) = raw::read(&bytes) {
            prop_assert_eq!(read.file.to_bytes(), bytes);
            let _ = pzl_crossword::check::verify(&read);
        }
    }

    #[test]
    fn lock_then_unlock_gives_the_original(p in puzzle(), key in 0u16..10_000) {
        let original = p.to_raw().unwrap();
        let mut file = original.clone();
        if file.lock(key).is_ok() {
            prop_assert!(file.checksum_mismatches().is_empty());
            file.unlock(key).unwrap();
            let mut expected = original.clone();
            // Unlocking leaves 0 in the scrambled-checksum field, as the original had.
            expected.update_header_checksums();
            prop_assert_eq!(file.to_bytes(), expected.to_bytes());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Text holds trimmed, non-empty lines: within that, writing, reading and writing again is
    /// exact and keeps the grid, clues, metadata, rebus and circles.
    #[test]
    fn built_puzzles_round_trip_through_text(mut p in puzzle()) {
        use pzl_crossword::across_text::{self, TextLayout};
        for s in [&mut p.title, &mut p.author, &mut p.copyright] {
            *s = s.trim().to_string();
        }
        p.notes = p.notes.trim_end().to_string();
        for (i, c) in p.clues.iter_mut().enumerate() {
            *c = c.trim().to_string();
            if c.is_empty() {
                *c = format!("clue {i}");
            }
        }
        let layout = TextLayout::for_puzzle(&p);
        let text = across_text::write(&p, &layout);
        let read = across_text::read(&text).unwrap();
        prop_assert_eq!(across_text::write(&read.puzzle, &read.layout), text);
        prop_assert_eq!(&read.puzzle.clues, &p.clues);
        prop_assert_eq!(&read.puzzle.title, &p.title);
        prop_assert_eq!(&read.puzzle.notes, &p.notes);
        let answers = |x: &Puzzle| (0..x.solution.len()).map(|i| x.cell_answer(i)).collect::<Vec<_>>();
        prop_assert_eq!(answers(&read.puzzle), answers(&p));
        // Text circles a cell by writing its letter in lower case: only letters without a rebus.
        let circles = |x: &Puzzle| {
            (0..x.solution.len())
                .filter(|&i| x.is_circled(i) && x.solution[i].is_ascii_alphabetic() && x.cell_answer(i).len() == 1)
                .collect::<Vec<_>>()
        };
        prop_assert_eq!(circles(&read.puzzle), circles(&p));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// ipuz keeps the grid, clues, metadata, rebus and circles; writing what was read gives the
    /// same document.
    #[test]
    fn built_puzzles_round_trip_through_ipuz(p in puzzle()) {
        use pzl_crossword::ipuz;
        let (json, _) = ipuz::write(&p);
        let (read, _) = ipuz::read(&json).unwrap();
        prop_assert_eq!(ipuz::write(&read).0, json);
        prop_assert_eq!(&read.clues, &p.clues);
        prop_assert_eq!(&read.title, &p.title);
        prop_assert_eq!(&read.solution, &p.solution);
        let answers = |x: &Puzzle| (0..x.solution.len()).map(|i| x.cell_answer(i)).collect::<Vec<_>>();
        prop_assert_eq!(answers(&read), answers(&p));
        let circles = |x: &Puzzle| {
            (0..x.solution.len()).filter(|&i| x.is_circled(i) && x.solution[i] != b'.').collect::<Vec<_>>()
        };
        prop_assert_eq!(circles(&read), circles(&p));
    }
}

prop_compose! {
    /// A built puzzle with bars, shading, voids and enumerations on top.
    fn rich_puzzle()(p in puzzle(),
                     bars in proptest::collection::vec((0usize..64, 1u8..4), 0..6),
                     shades in proptest::collection::vec((0usize..64, any::<[u8; 3]>()), 0..5),
                     voids in proptest::collection::vec(0usize..64, 0..3),
                     enums in proptest::collection::vec((0usize..40, "[1-9](,[1-9]){0,2}"), 0..4))
        -> Puzzle
    {
        use pzl_crossword::puzzle::CellStyle;
        let mut p = p;
        let cells = p.width * p.height;
        for at in voids {
            p.set_style(at % cells, CellStyle { shade: None, void: true, ..CellStyle::default() });
        }
        for (at, rgb) in shades {
            let i = at % cells;
            if !p.style(i).void {
                p.set_style(i, CellStyle { shade: Some(rgb), void: false, ..CellStyle::default() });
            }
        }
        let mut b = vec![0u8; cells];
        for (at, flags) in bars {
            b[at % cells] |= flags;
        }
        p.bars = b.iter().any(|&f| f != 0).then_some(b);
        // Bars and voids change the entries: one clue per entry, as a reader makes them.
        let slots = p.slots().len();
        p.clues = (0..slots).map(|i| format!("clue {i}")).collect();
        if slots > 0 && !enums.is_empty() {
            let mut list = vec![String::new(); slots];
            for (k, e) in enums {
                list[k % slots] = e;
            }
            p.enumerations = Some(list);
        }
        p
    }
}

/// The solution, the shading of each cell, and each entry with its clue.
type Shared = (Vec<u8>, Vec<Option<[u8; 3]>>, Vec<(pzl_crossword::numbering::Slot, String)>);

/// What ipuz, JPZ and `.xd` all hold: the entries, clues, shading and bars-defined numbering.
fn shared(p: &Puzzle) -> Shared {
    let shades = (0..p.width * p.height).map(|i| p.style(i).shade).collect();
    let clues = p.clue_entries().into_iter().map(|e| (e.slot, e.clue.unwrap_or_default())).collect();
    (p.solution.iter().map(|&b| if b == b':' { b'.' } else { b }).collect(), shades, clues)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// ipuz → JPZ → ipuz keeps entries, clues, shading, voids and enumerations; JPZ → xd → JPZ
    /// and xd → ipuz → xd keep entries, clues, shading and voids (`.xd` names the enumerations
    /// it cannot spell as word breaks).
    #[test]
    fn rich_puzzles_round_trip_between_ipuz_jpz_and_xd(p in rich_puzzle()) {
        use pzl_crossword::{ipuz, xd};
        let styles = |x: &Puzzle| (0..x.width * x.height).map(|i| x.style(i)).collect::<Vec<_>>();
        let enums = |x: &Puzzle| x.clue_entries().into_iter().map(|e| e.enumeration).collect::<Vec<_>>();
        let (json, _) = ipuz::write(&p);
        let (from_ipuz, _) = ipuz::read(&json).unwrap();
        let (xml, _) = jpz::write_xml(&from_ipuz);
        let from_jpz = jpz::read_xml(&xml).unwrap().puzzle;
        let (json2, _) = ipuz::write(&from_jpz);
        let (back, _) = ipuz::read(&json2).unwrap();
        prop_assert_eq!(shared(&back), shared(&p));
        prop_assert_eq!(styles(&back), styles(&p));
        prop_assert_eq!(enums(&back), enums(&p));
        // JPZ → xd → JPZ.
        let (text, lost) = xd::write(&from_jpz);
        let (_, _, enumerations) = p.rich_counts();
        // `.xd` holds voids (`_`) and shading.
        prop_assert!(!lost.iter().any(|l| l.contains("void")), "{:?}", lost);
        let from_xd = xd::read(&text).unwrap().puzzle;
        prop_assert_eq!(styles(&from_xd), styles(&p));
        // Enumerations of several word lengths summing to the answer's go as word breaks
        // (`AB|CDE`) and come back; `lost` names the others.
        let kept = enums(&from_xd);
        let unkept = enums(&from_jpz).iter().zip(&kept).filter(|(want, got)| want.is_some() && want != got).count();
        prop_assert!(kept.iter().zip(enums(&from_jpz)).all(|(got, want)| got.is_none() || *got == want));
        prop_assert_eq!(unkept > 0, lost.iter().any(|l| l.contains("enumerations")));
        prop_assert!(enumerations > 0 || kept.iter().all(Option::is_none));
        prop_assert_eq!(shared(&from_xd), shared(&p));
        let (xml2, _) = jpz::write_xml(&from_xd);
        prop_assert_eq!(shared(&jpz::read_xml(&xml2).unwrap().puzzle), shared(&p));
        // xd → ipuz → xd.
        let (json3, _) = ipuz::write(&from_xd);
        let (via, _) = ipuz::read(&json3).unwrap();
        let (text2, _) = xd::write(&via);
        prop_assert_eq!(shared(&xd::read(&text2).unwrap().puzzle), shared(&p));
    }
}

prop_compose! {
    /// A rich puzzle with clue lists beyond Across and Down: distinct titles, one clue or more
    /// each, words of any cells in any order.
    fn listed_puzzle()(p in rich_puzzle(),
                       lists in proptest::collection::vec(
                           proptest::collection::vec(
                               ("[A-Z0-9-]{0,3}", "[A-Za-z0-9,.!?'-]{1,8}( [A-Za-z0-9,.!?'-]{1,8}){0,2}",
                                prop_oneof![Just(String::new()), "[1-9](,[1-9]){0,2}"],
                                proptest::collection::vec(0usize..64, 0..6)),
                               1..4),
                           0..3))
        -> Puzzle
    {
        use pzl_crossword::puzzle::{OtherClue, OtherList};
        const TITLES: [&str; 3] = ["Rows", "Southeast", "Zones:Bases"];
        let mut p = p;
        let cells = p.width * p.height;
        p.other_lists = lists
            .into_iter()
            .zip(TITLES)
            .map(|(clues, title)| OtherList {
                title: title.to_string(),
                clues: clues
                    .into_iter()
                    .map(|(label, text, enumeration, at)| OtherClue {
                        label,
                        text,
                        markup: Vec::new(),
                        enumeration,
                        // Distinct cells, in any order (a JPZ word holds at most the grid's cells).
                        cells: at.into_iter().map(|i| i % cells).fold(Vec::new(), |mut v, i| {
                            if !v.contains(&i) {
                                v.push(i);
                            }
                            v
                        }),
                    })
                    .collect(),
            })
            .collect();
        p
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// ipuz → JPZ → ipuz keeps every list beyond Across and Down (titles, labels, texts,
    /// enumerations, cells); `.xd` keeps their titles and texts and names the rest.
    #[test]
    fn other_clue_lists_round_trip_between_ipuz_and_jpz(p in listed_puzzle()) {
        use pzl_crossword::{ipuz, xd};
        let (json, _) = ipuz::write(&p);
        let (from_ipuz, _) = ipuz::read(&json).unwrap();
        prop_assert_eq!(&from_ipuz.other_lists, &p.other_lists);
        let (xml, lost) = jpz::write_xml(&from_ipuz);
        prop_assert!(!lost.iter().any(|l| l.contains("clue list")), "{:?}", lost);
        let from_jpz = jpz::read_xml(&xml).unwrap().puzzle;
        prop_assert_eq!(&from_jpz.other_lists, &p.other_lists);
        prop_assert_eq!(shared(&from_jpz), shared(&p));
        let (json2, _) = ipuz::write(&from_jpz);
        prop_assert_eq!(&ipuz::read(&json2).unwrap().0.other_lists, &p.other_lists);
        // `.xd` holds each list as a clue group: its title and the clues' texts, numeric labels;
        // `lost` names the cells and the labels it cannot hold.
        let (text, lost) = xd::write(&p);
        let from_xd = xd::read(&text).unwrap().puzzle;
        let texts = |x: &Puzzle| x.other_lists.iter()
            .map(|l| (l.title.clone(), l.clues.iter().map(|c| c.text.clone()).collect::<Vec<_>>()))
            .collect::<Vec<_>>();
        prop_assert_eq!(texts(&from_xd), texts(&p));
        let cells = p.other_lists.iter().flat_map(|l| &l.clues).any(|c| !c.cells.is_empty());
        prop_assert_eq!(cells, lost.iter().any(|l| l.starts_with("the cells of")), "{:?}", lost);
        let relabelled = p.other_lists.iter().flat_map(|l| &l.clues)
            .any(|c| c.label.is_empty() || !c.label.bytes().all(|b| b.is_ascii_digit()));
        prop_assert_eq!(relabelled, lost.iter().any(|l| l.starts_with("the labels of")), "{:?}", lost);
    }
}
