//! The print-ready page: every clue is numbered and placed, text stays inside the page and off
//! the grid, nothing overlaps, long lists flow onto more pages, and the PDF has one page per
//! laid-out page; pdftotext gives every clue back, in any script the fonts cover. Also keeps the
//! README's picture (`docs/images/crossword-page.svg`) current.
#![cfg(feature = "pdf")]

use pzl_core::Paper;
use pzl_crossword::Puzzle;
use pzl_crossword::fonts::Fonts;
use pzl_crossword::numbering::Direction;
use pzl_crossword::page::{self, Anchor, Font, Layout, MARGIN, Mark, Page};
use pzl_grid::Pos;

/// A `size` × `size` puzzle with a symmetric block pattern, made-up letters and clues of
/// `clue_words` words each.
fn puzzle(size: usize, clue_words: usize) -> Puzzle {
    let mut p = Puzzle::new(size, size);
    let rows: Vec<String> = (0..size)
        .map(|r| {
            (0..size)
                .map(|c| {
                    let block = |r: usize, c: usize| (r * 7 + c * 3) % 11 == 4 && r % 2 == 1;
                    if block(r, c) || block(size - 1 - r, size - 1 - c) {
                        '.'
                    } else {
                        char::from(b'A' + ((r * size + c) % 26) as u8)
                    }
                })
                .collect()
        })
        .collect();
    p.set_solution_rows(&rows.iter().map(String::as_str).collect::<Vec<_>>());
    p.clues = (0..p.slots().len())
        .map(|i| (0..clue_words).map(|w| format!("word{}", (i * 7 + w) % 13)).collect::<Vec<_>>().join(" "))
        .collect();
    p.title = "Test puzzle".into();
    p.author = "A. Constructor".into();
    p.copyright = "© 2026 nobody".into();
    p.set_circled(Pos::new(0, 0), true);
    p.set_rebus(Pos::new(0, 1), "STAR");
    // A partial fill: a rebus entry, a pen letter and a pencilled one.
    let mut user_rebus = vec![String::new(); size * size];
    user_rebus[1] = "STAR".into();
    p.user_rebus = Some(user_rebus);
    p.fill[2] = b'Q';
    p.fill[3] = b'z';
    p
}

/// Left, top, right and bottom of a text mark, and its text.
type TextBox<'a> = (f64, f64, f64, f64, &'a str);

/// The box of a text mark (ascent 0.8 em, descent 0.2 em).
fn text_box<'a>(fonts: &Fonts, mark: &'a Mark) -> Option<TextBox<'a>> {
    let Mark::Text { x, y, size, font, anchor, text, .. } = mark else { return None };
    let width = fonts.width(text, *font, *size);
    let left = match anchor {
        Anchor::Start => *x,
        Anchor::Middle => x - width / 2.0,
        Anchor::End => x - width,
    };
    Some((left, y - size * 0.8, left + width, y + size * 0.2, text))
}

fn texts(layout: &Layout) -> Vec<(usize, TextBox<'_>)> {
    let fonts = &layout.fonts;
    layout
        .pages
        .iter()
        .enumerate()
        .flat_map(|(n, page)| page.marks.iter().filter_map(move |m| text_box(fonts, m).map(|b| (n, b))))
        .collect()
}

/// The bounding box of the grid's cells on the first page.
fn grid_box(page: &Page) -> (f64, f64, f64, f64) {
    page.marks.iter().fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |b, m| match m {
        Mark::Cell { x, y, size, .. } => (b.0.min(*x), b.1.min(*y), b.2.max(x + size), b.3.max(y + size)),
        _ => b,
    })
}

/// The clue numbers printed under each heading, in order.
fn numbers_under(pages: &[Page], heading: &str) -> Vec<u16> {
    let mut current = None;
    let mut out = Vec::new();
    for page in pages {
        for mark in &page.marks {
            if let Mark::Text { font: Font::Bold, anchor, text, .. } = mark {
                // Headings are in capitals (a bold run of a marked-up clue is not).
                let title = text.trim_end_matches(" (cont.)");
                if *anchor == Anchor::Start && !title.chars().any(char::is_lowercase) {
                    current = Some(title);
                } else if *anchor == Anchor::End && current == Some(heading) {
                    out.push(text.parse().unwrap());
                }
            }
        }
    }
    out
}

fn check_layout(p: &Puzzle, layout: &Layout) {
    let pages = &layout.pages[..];
    let (page_width, page_height) = (layout.width, layout.height);
    // Every slot's number is listed once, under its heading, in order.
    for (direction, heading) in [(Direction::Across, "ACROSS"), (Direction::Down, "DOWN")] {
        let expected: Vec<u16> =
            p.slots().iter().filter(|s| s.direction == direction).map(|s| s.number).collect();
        assert_eq!(numbers_under(pages, heading), expected, "{heading}");
    }
    // Every clue is printed whole, its lines one after the other.
    let squeeze = |s: &str| s.split_whitespace().collect::<String>();
    let printed = squeeze(&texts(layout).iter().map(|(_, b)| b.4).collect::<Vec<_>>().join(" "));
    for clue in &p.clues {
        assert!(printed.contains(&squeeze(clue)), "{clue:?} is missing");
    }
    let boxes = texts(layout);
    let grid = grid_box(&pages[0]);
    for (n, (l, t, r, b, text)) in &boxes {
        assert!(*l >= MARGIN - 0.01 && *r <= page_width - MARGIN + 0.01, "{text:?} leaves the page sideways");
        assert!(
            *t >= MARGIN - 0.01 && *b <= page_height - MARGIN + 0.01,
            "{text:?} leaves the page vertically"
        );
        let inside_grid = *l >= grid.0 && *r <= grid.2 && *t >= grid.1 && *b <= grid.3;
        let touches_grid = *l < grid.2 && *r > grid.0 && *t < grid.3 && *b > grid.1;
        assert!(*n > 0 || inside_grid || !touches_grid, "{text:?} runs into the grid");
    }
    for (i, (n1, a)) in boxes.iter().enumerate() {
        for (n2, b) in &boxes[i + 1..] {
            let overlap =
                n1 == n2 && a.0 < b.2 - 0.01 && b.0 < a.2 - 0.01 && a.1 < b.3 - 0.01 && b.1 < a.3 - 0.01;
            assert!(!overlap, "{:?} overlaps {:?}", a.4, b.4);
        }
    }
}

/// The number of page objects in a PDF and its page tree's count.
fn pdf_pages(bytes: &[u8]) -> (usize, usize) {
    let text = String::from_utf8_lossy(bytes);
    let objects = text.matches("/Type /Page").count() - text.matches("/Type /Pages").count();
    let count = text.split("/Count ").nth(1).and_then(|s| s.split(|c: char| !c.is_ascii_digit()).next());
    (objects, count.and_then(|c| c.parse().ok()).unwrap_or(0))
}

/// Whether a list continued from an earlier column says so at the top of its column.
fn check_continued_headings(layout: &Layout) {
    for page in &layout.pages {
        let mut last_heading_y = f64::MIN;
        let mut column_left = f64::MIN;
        for mark in &page.marks {
            let Mark::Text { x, y, font: Font::Bold, anchor, .. } = mark else { continue };
            if *anchor == Anchor::Start {
                last_heading_y = *y;
                column_left = *x;
            } else if *anchor == Anchor::End && (*x > column_left + 60.0 || *y < last_heading_y - 0.01) {
                // A clue number (set right-aligned; a given letter in the grid is bold too, but
                // centred) in a new column (further right or back up the page): the column must
                // have started with a heading since.
                panic!("a clue at ({x}, {y}) starts a column without a heading");
            }
        }
    }
}

fn letter(p: &Puzzle) -> Layout {
    page::layout(p, Paper::Letter)
}

fn pdf(layout: &Layout) -> Vec<u8> {
    pzl_crossword::pdf::pdf(layout).unwrap()
}

#[test]
fn a_15x15_page_lists_every_clue_on_one_page() {
    let p = puzzle(15, 5);
    let layout = letter(&p);
    assert_eq!(layout.pages.len(), 1);
    check_layout(&p, &layout);
}

#[test]
fn a_21x21_page_fits_every_clue_without_overlap() {
    let p = puzzle(21, 4);
    let layout = letter(&p);
    check_layout(&p, &layout);
}

#[test]
fn a4_pages_are_a4_and_hold_everything() {
    let p = puzzle(21, 4);
    let layout = page::layout(&p, Paper::A4);
    assert_eq!((layout.width, layout.height), (595.0, 842.0));
    check_layout(&p, &layout);
    let text = String::from_utf8_lossy(&pdf(&layout)).into_owned();
    assert!(text.contains("/MediaBox [0 0 595 842]"), "{}", &text[..400.min(text.len())]);
}

#[test]
fn long_clue_lists_flow_onto_more_pages_and_into_the_pdf() {
    let p = puzzle(21, 30);
    let layout = letter(&p);
    let pages = &layout.pages;
    assert!(pages.len() >= 2, "{} pages", pages.len());
    check_layout(&p, &layout);
    check_continued_headings(&layout);
    // Every later page carries the title and its number.
    for (n, page) in pages.iter().enumerate().skip(1) {
        let heading: Vec<&str> = page
            .marks
            .iter()
            .take(2)
            .filter_map(|m| if let Mark::Text { text, .. } = m { Some(text.as_str()) } else { None })
            .collect();
        assert_eq!(heading, ["Test puzzle", format!("page {} of {}", n + 1, pages.len()).as_str()]);
    }
    let bytes = pdf(&layout);
    assert!(bytes.starts_with(b"%PDF-"));
    assert!(bytes.trim_ascii_end().ends_with(b"%%EOF"));
    let (objects, count) = pdf_pages(&bytes);
    assert_eq!((objects, count), (pages.len(), pages.len()));
}

#[test]
fn a_list_continued_in_a_new_column_is_headed_cont() {
    let p = puzzle(15, 12);
    let layout = letter(&p);
    check_layout(&p, &layout);
    check_continued_headings(&layout);
    let headings: Vec<&str> = layout
        .pages
        .iter()
        .flat_map(|page| &page.marks)
        .filter_map(|m| match m {
            Mark::Text { font: Font::Bold, anchor: Anchor::Start, text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert!(headings.contains(&"ACROSS (cont.)") || headings.contains(&"DOWN (cont.)"), "{headings:?}");
}

#[test]
fn the_clue_size_steps_down_before_a_page_is_added() {
    // Find a clue length whose lists need a second page at the largest size: the layout must
    // then use the largest size that needs the fewest pages.
    for words in 5..40 {
        let p = puzzle(15, words);
        let layout = letter(&p);
        let clue_size = layout.pages[0]
            .marks
            .iter()
            .find_map(|m| match m {
                Mark::Text { font: Font::Regular, anchor: Anchor::Start, size, text, .. }
                    if p.clues.iter().any(|c| c.starts_with(text.as_str())) && !text.is_empty() =>
                {
                    Some(*size)
                }
                _ => None,
            })
            .unwrap();
        if clue_size < 9.5 {
            // A smaller size was chosen: only because 9.5 would need more pages.
            assert!(layout.pages.len() == 1 || clue_size < 9.0, "{words} words: {clue_size}");
            return;
        }
    }
    panic!("no clue length made the text step down");
}

#[test]
fn clue_numbers_keep_off_cell_borders_and_circles_stay_inside_their_cell() {
    let p = puzzle(15, 3);
    let layout = letter(&p);
    let marks = &layout.pages[0].marks;
    let cells: Vec<(f64, f64, f64)> = marks
        .iter()
        .filter_map(|m| if let Mark::Cell { x, y, size, .. } = m { Some((*x, *y, *size)) } else { None })
        .collect();
    let mut numbers = 0;
    for (i, mark) in marks.iter().enumerate() {
        match mark {
            Mark::Circle { cx, cy, r } => {
                let &(x, y, size) =
                    cells.iter().find(|(x, y, s)| cx > x && *cx < x + s && cy > y && *cy < y + s).unwrap();
                assert!(
                    cx - r >= x + 0.5
                        && cx + r <= x + size - 0.5
                        && cy - r >= y + 0.5
                        && cy + r <= y + size - 0.5
                );
                // The number of a circled cell is drawn after the circle, on a white patch.
                assert!(matches!(marks.get(i + 1), Some(Mark::Patch { .. })));
                assert!(matches!(marks.get(i + 2), Some(Mark::Text { .. })));
            }
            Mark::Text { x: tx, y: ty, size: ts, text, anchor: Anchor::Start, .. }
                if text.parse::<u16>().is_ok() =>
            {
                let Some(&(x, y, size)) =
                    cells.iter().find(|(x, y, s)| tx > x && *tx < x + s && ty > y && *ty < y + s)
                else {
                    continue;
                };
                let width = layout.fonts.width(text, Font::Regular, *ts);
                let pad = size * 0.05;
                assert!(*tx >= x + pad && tx + width <= x + size - pad, "{text} touches a side");
                assert!(ty - ts * 0.73 >= y + pad, "{text} touches the top");
                numbers += 1;
            }
            _ => {}
        }
    }
    assert!(numbers > 20);
}

#[test]
fn a_small_grid_is_centred_and_enlarged() {
    let p = readme_puzzle();
    let layout = letter(&p);
    let (left, _, right, _) = grid_box(&layout.pages[0]);
    assert!(((left + right) / 2.0 - layout.width / 2.0).abs() < 0.01, "{left}..{right}");
    assert!(right - left >= 180.0, "{}", right - left);
}

#[test]
fn the_pdf_embeds_a_compressed_font_subset() {
    let p = puzzle(15, 3);
    let bytes = pdf(&letter(&p));
    let text = String::from_utf8_lossy(&bytes);
    assert!(
        text.contains("/BaseFont /PZLAAA+DejaVuSans") && text.contains("/BaseFont /PZLAAB+DejaVuSans-Bold")
    );
    assert!(text.contains("/FontFile2") && text.contains("/ToUnicode") && text.contains("/Identity-H"));
    assert!(!text.contains("Helvetica"));
    assert_eq!(pdf_pages(&bytes), (1, 1));
    // Every stream is compressed: no plain text operators show.
    assert_eq!(text.matches("endstream").count(), text.matches("/Filter /FlateDecode").count());
    assert!(!text.contains(" Tj") && !text.contains(" re\n"));
    // The subset is far smaller than the font: the whole page is a few tens of KB.
    assert!(bytes.len() < 60_000, "{} bytes", bytes.len());
}

#[test]
fn the_svg_draws_every_mark() {
    let p = puzzle(15, 3);
    let layout = letter(&p);
    let svg = page::svg(&layout);
    let marks: usize = layout.pages.iter().map(|pg| pg.marks.len()).sum();
    let drawn = svg.matches("<text").count()
        + svg.matches("<circle").count()
        + svg.matches("<rect").count()
        + svg.matches("<line").count();
    assert_eq!(drawn, marks + layout.pages.len(), "one background rect per page");
    assert!(svg.contains("STAR") && svg.contains("© 2026 nobody"));
}

#[test]
fn bars_shading_voids_labels_and_enumerations_are_drawn() {
    use pzl_crossword::puzzle::CellStyle;
    let mut p = Puzzle::new(3, 3);
    p.set_solution_rows(&["ABC", "DEF", "GHI"]);
    let mut bars = vec![0; 9];
    bars[3] = pzl_crossword::numbering::BAR_RIGHT;
    p.bars = Some(bars);
    p.set_style(4, CellStyle { shade: Some([0xc0, 0xc0, 0xff]), void: false, ..CellStyle::default() });
    p.set_style(8, CellStyle { shade: None, void: true, ..CellStyle::default() });
    p.clues = p.slots().iter().map(|s| format!("Clue {}", s.number)).collect();
    let mut enums = vec![String::new(); p.clues.len()];
    enums[0] = "3".into();
    p.enumerations = Some(enums);
    let layout = letter(&p);
    let marks = &layout.pages[0].marks;
    let cells: Vec<_> = marks
        .iter()
        .filter_map(|m| if let Mark::Cell { shade, .. } = m { Some(*shade) } else { None })
        .collect();
    assert_eq!(cells.len(), 8, "the void is not drawn");
    assert_eq!(cells.iter().filter(|s| s.is_some()).count(), 1);
    assert_eq!(marks.iter().filter(|m| matches!(m, Mark::Bar { .. })).count(), 1);
    let texts: Vec<&str> = marks
        .iter()
        .filter_map(|m| if let Mark::Text { text, .. } = m { Some(text.as_str()) } else { None })
        .collect();
    assert!(texts.contains(&"Clue 1 (3)"), "{texts:?}");
    let svg = page::svg(&layout);
    assert!(svg.contains("#c0c0ff") && svg.contains("<line"), "{svg}");
    let bytes = pdf(&layout);
    assert!(bytes.starts_with(b"%PDF"));
}

/// The text of a PDF by `pdftotext -layout`, or `None` (with the reason printed) when poppler is
/// not installed; in CI (`PZL_REQUIRE_CORPUS=1`) it must be.
fn pdftotext(bytes: &[u8], name: &str) -> Option<String> {
    let dir = std::env::temp_dir().join(format!("pzl-page-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("page.pdf");
    std::fs::write(&path, bytes).unwrap();
    let out = std::process::Command::new("pdftotext").arg("-enc").arg("UTF-8").arg(&path).arg("-").output();
    let _ = std::fs::remove_dir_all(&dir);
    match out {
        Ok(out) if out.status.success() => Some(String::from_utf8(out.stdout).unwrap()),
        Ok(out) => panic!("pdftotext failed: {}", String::from_utf8_lossy(&out.stderr)),
        Err(e) => {
            assert!(
                std::env::var_os("PZL_REQUIRE_CORPUS").is_none(),
                "PZL_REQUIRE_CORPUS is set but pdftotext (poppler-utils) cannot run: {e}"
            );
            eprintln!("skipping: pdftotext (poppler-utils) is not installed: {e}");
            None
        }
    }
}

/// Whether every word of every clue of `p` comes back from the PDF's text.
fn assert_clues_come_back(p: &Puzzle, text: &str) {
    let squeeze = |s: &str| s.split_whitespace().collect::<String>();
    let all = squeeze(text);
    for clue in &p.clues {
        for word in clue.split_whitespace() {
            assert!(all.contains(word), "{word:?} of {clue:?} is not in the PDF's text:\n{text}");
        }
    }
    assert!(all.contains(&squeeze(&p.title)), "the title {:?} is missing", p.title);
}

#[test]
fn pdftotext_gives_back_every_clue_and_the_running_heading() {
    let p = puzzle(21, 30);
    let layout = letter(&p);
    assert!(layout.pages.len() >= 2);
    let Some(text) = pdftotext(&pdf(&layout), "long") else { return };
    assert_clues_come_back(&p, &text);
    let pages: Vec<&str> = text.split('\u{c}').collect();
    assert!(
        pages[1].contains("Test puzzle") && pages[1].contains(&format!("page 2 of {}", layout.pages.len()))
    );
    assert!(text.contains("ACROSS") && text.contains("DOWN"));
}

/// A puzzle whose title and clues are in Greek, Cyrillic, Chinese, Japanese and emoji.
fn multilingual() -> Puzzle {
    let mut p = puzzle(5, 2);
    p.title = "Σταυρόλεξο · Кроссворд · 填字游戏".into();
    p.author = "Ελένη Παπαδοπούλου".into();
    let clues = [
        "Θεός του ουρανού",
        "Столица России",
        "中国的首都",
        "日本の山 🗻",
        "Ψυχή και σώμα",
        "Белые ночи",
        "東京タワー",
        "Smile 😀 please",
        "Ünïcödé ©",
        "Ωμέγα",
    ];
    p.clues = (0..p.clues.len()).map(|i| clues[i % clues.len()].to_string()).collect();
    p
}

#[test]
fn greek_cyrillic_and_cjk_clues_print_as_themselves() {
    let p = multilingual();
    let layout = letter(&p);
    check_layout(&p, &layout);
    let bytes = pdf(&layout);
    let Some(text) = pdftotext(&bytes, "unicode") else { return };
    let missing = layout.fonts.missing();
    // Greek and Cyrillic come from the shipped font: always.
    for word in ["Θεός", "ουρανού", "Столица", "России", "Ωμέγα", "Ünïcödé", "Σταυρόλεξο", "Кроссворд"]
    {
        assert!(text.contains(word), "{word} is not in:\n{text}");
    }
    // CJK and emoji need a system font: present in CI, reported as missing elsewhere.
    let needs_system = ["中国的首都", "東京タワー", "日本の山", "😀", "🗻"];
    for word in needs_system {
        if word.chars().any(|c| missing.contains(&c)) {
            eprintln!("no system font has {word}: the warning names it");
        } else {
            assert!(text.contains(word), "{word} is not in:\n{text}");
        }
    }
    if std::env::var_os("PZL_REQUIRE_CORPUS").is_some() {
        assert!(missing.is_empty(), "CI installs fonts for CJK and emoji, yet {missing:?} have none");
    }
}

#[test]
fn every_corpus_puzzle_lays_out_cleanly() {
    let Some(dir) = pzl_corpus::dir("puz") else { return };
    let mut count = 0;
    for path in pzl_corpus::files(&dir, ".puz") {
        let Ok(read) = pzl_crossword::raw::read(&std::fs::read(&path).unwrap()) else { continue };
        let (p, _) = Puzzle::from_raw(&read.file);
        if p.clues.len() != p.slots().len() {
            continue;
        }
        let layout = letter(&p);
        eprintln!("{}: {}x{}, {} pages", path.display(), p.width, p.height, layout.pages.len());
        check_layout(&p, &layout);
        check_continued_headings(&layout);
        assert!(pdf(&layout).starts_with(b"%PDF-"));
        count += 1;
    }
    assert!(count >= 10, "only {count} puzzles");
}

/// The puzzle shown in the README: a 5x5 double word square with a circled diagonal.
fn readme_puzzle() -> Puzzle {
    let mut p = Puzzle::new(5, 5);
    p.set_solution_rows(&["HEART", "EMBER", "ABUSE", "RESIN", "TREND"]);
    p.title = "Mini: Square Deal".into();
    p.author = "pzl".into();
    p.copyright = "Public domain".into();
    let across = [
        "Organ that beats about 100,000 times a day",
        "Glowing piece of wood in a dying fire",
        "Misuse, as power",
        "Sticky substance from pine trees, used by violinists on their bows",
        "Fashion of the moment",
    ];
    let down = [
        "Listen to",
        "Coal left after the campfire",
        "Treat badly",
        "Amber, originally",
        "What a trendsetter sets",
    ];
    // Clue order is by number, across before down.
    p.clues = vec![across[0].into(), down[0].into()];
    p.clues.extend(down[1..].iter().map(|s| s.to_string()));
    p.clues.extend(across[1..].iter().map(|s| s.to_string()));
    for i in 0..5 {
        p.set_circled(Pos::new(i, i), true);
    }
    p
}

/// The README's example puzzle, `examples/crossword/square-deal.ipuz` (written from
/// [`readme_puzzle`] when `PZL_UPDATE_DOCS` is set).
fn example() -> Puzzle {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/crossword/square-deal.ipuz");
    if std::env::var_os("PZL_UPDATE_DOCS").is_some() {
        std::fs::create_dir_all(std::path::Path::new(path).parent().unwrap()).unwrap();
        std::fs::write(path, pzl_crossword::format::ipuz::write(&readme_puzzle()).0).unwrap();
    }
    let (p, warnings) = pzl_crossword::format::ipuz::read(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    p
}

#[test]
fn the_readme_picture_is_current() {
    let p = example();
    assert_eq!(p.clues, readme_puzzle().clues);
    let layout = letter(&p);
    check_layout(&p, &layout);
    let svg = page::svg(&layout);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/images/crossword-page.svg");
    if std::env::var_os("PZL_UPDATE_DOCS").is_some() {
        std::fs::write(path, &svg).unwrap();
    }
    let stored = std::fs::read_to_string(path).unwrap();
    assert_eq!(stored, svg, "rerun with PZL_UPDATE_DOCS=1 to refresh the README picture");
}

#[test]
fn the_world_example_prints_every_clue_in_its_script() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/crossword/square-deal-world.ipuz");
    let (p, _) = pzl_crossword::format::ipuz::read(&std::fs::read_to_string(path).unwrap()).unwrap();
    let layout = letter(&p);
    check_layout(&p, &layout);
    let Some(text) = pdftotext(&pdf(&layout), "world") else { return };
    let missing = layout.fonts.missing();
    let squeezed: String = text.split_whitespace().collect();
    for clue in p.clues.iter().chain([&p.title]) {
        for word in clue.split_whitespace().filter(|w| !w.chars().any(|c| missing.contains(&c))) {
            assert!(squeezed.contains(word), "{word:?} of {clue:?} is not in:\n{text}");
        }
    }
}

#[test]
fn clue_lists_other_than_across_and_down_print_after_them() {
    use pzl_crossword::puzzle::{OtherClue, OtherList};
    let mut p = Puzzle::new(3, 3);
    p.set_solution_rows(&["ABC", "DEF", "GHI"]);
    p.clues = p.slots().iter().map(|s| format!("Clue {}", s.number)).collect();
    p.other_lists.push(OtherList {
        title: "Diagonal".into(),
        clues: vec![OtherClue {
            label: "A".into(),
            text: "Corner to corner".into(),
            enumeration: "3".into(),
            cells: vec![0, 4, 8],
            ..OtherClue::default()
        }],
    });
    let layout = letter(&p);
    check_layout(&p, &layout);
    let printed: Vec<&str> = texts(&layout).into_iter().map(|(_, b)| b.4).collect();
    let at = |t: &str| printed.iter().position(|x| *x == t).unwrap_or_else(|| panic!("{t:?} in {printed:?}"));
    assert!(at("DOWN") < at("DIAGONAL") && at("DIAGONAL") < at("A") && at("A") < at("Corner to corner (3)"));
    assert!(page::svg(&layout).contains("DIAGONAL"));
    // A puzzle clued only by its own lists prints no empty Across and Down headings.
    p.clues.clear();
    let layout = letter(&p);
    let printed: Vec<&str> = texts(&layout).into_iter().map(|(_, b)| b.4).collect();
    assert!(
        !printed.contains(&"ACROSS") && !printed.contains(&"DOWN") && printed.contains(&"DIAGONAL"),
        "{printed:?}"
    );
}

#[test]
fn clue_markup_prints_bold_slanted_underlined_struck_and_raised() {
    use pzl_crossword::markup::{Span, Style};
    let mut p = Puzzle::new(3, 3);
    p.set_solution_rows(&["ABC", "DEF", "GHI"]);
    p.clues = p.slots().iter().map(|s| format!("Clue {}", s.number)).collect();
    // "Felis catus is H2O or x2 gone"
    let text = "Felis catus is H2O or x2 gone";
    p.clues[0] = text.into();
    let at = |word: &str| text.find(word).unwrap();
    let span = |style, word: &str| Span { style, start: at(word), end: at(word) + word.len() };
    let mut markup = vec![Vec::new(); p.clues.len()];
    markup[0] = vec![
        span(Style::Italic, "Felis catus"),
        Span { style: Style::Bold, start: at(" is ") + 1, end: at(" is ") + 3 },
        Span { style: Style::Sub, start: at("H2O") + 1, end: at("H2O") + 2 },
        Span { style: Style::Sup, start: at("x2") + 1, end: at("x2") + 2 },
        span(Style::Underline, "or"),
        span(Style::Strike, "gone"),
    ];
    p.clue_markup = Some(markup);
    let mut enums = vec![String::new(); p.clues.len()];
    enums[0] = "5,5".into();
    p.enumerations = Some(enums);
    let layout = letter(&p);
    check_layout(&p, &layout);
    let marks = &layout.pages[0].marks;
    let run = |t: &str| {
        marks
            .iter()
            .find_map(|m| match m {
                Mark::Text { text, size, font, slant, y, .. } if text.trim() == t => {
                    Some((*size, *font, *slant, *y))
                }
                _ => None,
            })
            .unwrap_or_else(|| panic!("{t:?} is printed as a run"))
    };
    let (size, font, slant, base) = run("Felis catus");
    assert!(slant && font == Font::Regular, "italic is slanted");
    assert_eq!(run("is").1, Font::Bold);
    // The sub- and superscript 2s: smaller, one below the baseline and one above.
    let twos: Vec<f64> = marks
        .iter()
        .filter_map(|m| match m {
            Mark::Text { text, size: s, y, .. } if text == "2" && *s < size => Some(*y),
            _ => None,
        })
        .collect();
    assert_eq!(twos.len(), 2, "{twos:?}");
    assert!(twos[0] > base && twos[1] < base, "{twos:?} around {base}");
    assert!(
        run("(5,5)").0 == size
            || run("gone (5,5)").0 == size
            || marks.iter().any(|m| matches!(m, Mark::Text { text, .. } if text.contains("(5,5)")))
    );
    let rules = marks.iter().filter(|m| matches!(m, Mark::Rule { .. })).count();
    assert_eq!(rules, 2, "an underline and a strike-through");
    let svg = page::svg(&layout);
    assert!(svg.contains("skewX(-12)") && svg.contains(r#"font-weight="bold""#), "{svg}");
    let bytes = pdf(&layout);
    assert!(bytes.starts_with(b"%PDF"));
    if let Some(got) = pdftotext(&bytes, "markup") {
        for word in ["Felis", "catus", "gone", "(5,5)"] {
            assert!(got.contains(word), "{word} in {got}");
        }
    }
}
