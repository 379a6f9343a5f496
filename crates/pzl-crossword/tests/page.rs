//! The print-ready page: every clue is numbered and placed, text stays inside the page and off
//! the grid, nothing overlaps, long lists flow onto more pages, and the PDF has one page per
//! laid-out page. Also keeps the README's picture (`docs/images/crossword-page.svg`) current.

use pzl_crossword::Puzzle;
use pzl_crossword::numbering::Direction;
use pzl_crossword::page::{self, Anchor, Font, MARGIN, Mark, PAGE_HEIGHT, PAGE_WIDTH, Page, text_width};
use pzl_crossword::pdf::pdf;
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
fn text_box(mark: &Mark) -> Option<TextBox<'_>> {
    let Mark::Text { x, y, size, font, anchor, text, .. } = mark else { return None };
    let width = text_width(text, *font, *size);
    let left = match anchor {
        Anchor::Start => *x,
        Anchor::Middle => x - width / 2.0,
        Anchor::End => x - width,
    };
    Some((left, y - size * 0.8, left + width, y + size * 0.2, text))
}

fn texts(pages: &[Page]) -> Vec<(usize, TextBox<'_>)> {
    pages
        .iter()
        .enumerate()
        .flat_map(|(n, page)| page.marks.iter().filter_map(move |m| text_box(m).map(|b| (n, b))))
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
                if *anchor == Anchor::Start {
                    current = Some(text.as_str());
                } else if current == Some(heading) {
                    out.push(text.parse().unwrap());
                }
            }
        }
    }
    out
}

fn check_layout(p: &Puzzle, pages: &[Page]) {
    // Every slot's number is listed once, under its heading, in order.
    for (direction, heading) in [(Direction::Across, "ACROSS"), (Direction::Down, "DOWN")] {
        let expected: Vec<u16> =
            p.slots().iter().filter(|s| s.direction == direction).map(|s| s.number).collect();
        assert_eq!(numbers_under(pages, heading), expected, "{heading}");
    }
    // Every clue is printed whole, its lines one after the other.
    let squeeze = |s: &str| s.split_whitespace().collect::<String>();
    let printed = squeeze(&texts(pages).iter().map(|(_, b)| b.4).collect::<Vec<_>>().join(" "));
    for clue in &p.clues {
        assert!(printed.contains(&squeeze(clue)), "{clue:?} is missing");
    }
    let boxes = texts(pages);
    let grid = grid_box(&pages[0]);
    for (n, (l, t, r, b, text)) in &boxes {
        assert!(*l >= MARGIN - 0.01 && *r <= PAGE_WIDTH - MARGIN + 0.01, "{text:?} leaves the page sideways");
        assert!(
            *t >= MARGIN - 0.01 && *b <= PAGE_HEIGHT - MARGIN + 0.01,
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

#[test]
fn a_15x15_page_lists_every_clue_on_one_page() {
    let p = puzzle(15, 5);
    let pages = page::layout(&p);
    assert_eq!(pages.len(), 1);
    check_layout(&p, &pages);
}

#[test]
fn a_21x21_page_fits_every_clue_without_overlap() {
    let p = puzzle(21, 4);
    let pages = page::layout(&p);
    check_layout(&p, &pages);
}

#[test]
fn long_clue_lists_flow_onto_more_pages_and_into_the_pdf() {
    let p = puzzle(21, 30);
    let pages = page::layout(&p);
    assert!(pages.len() >= 2, "{} pages", pages.len());
    check_layout(&p, &pages);
    let bytes = pdf(&pages);
    assert!(bytes.starts_with(b"%PDF-"));
    assert!(bytes.trim_ascii_end().ends_with(b"%%EOF"));
    let (objects, count) = pdf_pages(&bytes);
    assert_eq!((objects, count), (pages.len(), pages.len()));
}

#[test]
fn the_pdf_uses_the_standard_fonts_and_holds_the_title() {
    let p = puzzle(15, 3);
    let bytes = pdf(&page::layout(&p));
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("/BaseFont /Helvetica") && text.contains("/BaseFont /Helvetica-Bold"));
    assert_eq!(pdf_pages(&bytes), (1, 1));
    // Content streams are not compressed, so the shown strings are readable.
    assert!(text.contains("(Test puzzle) Tj"));
    assert!(text.contains("(ACROSS) Tj") && text.contains("(DOWN) Tj"));
}

#[test]
fn the_svg_draws_every_mark() {
    let p = puzzle(15, 3);
    let pages = page::layout(&p);
    let svg = page::svg(&pages);
    let marks: usize = pages.iter().map(|pg| pg.marks.len()).sum();
    let drawn = svg.matches("<text").count() + svg.matches("<circle").count() + svg.matches("<rect").count();
    assert_eq!(drawn, marks + pages.len(), "one background rect per page");
    assert!(svg.contains("STAR") && svg.contains("© 2026 nobody"));
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
        let pages = page::layout(&p);
        eprintln!("{}: {}x{}, {} pages", path.display(), p.width, p.height, pages.len());
        check_layout(&p, &pages);
        assert!(pdf(&pages).starts_with(b"%PDF-"));
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

#[test]
fn the_readme_picture_is_current() {
    let p = readme_puzzle();
    let pages = page::layout(&p);
    check_layout(&p, &pages);
    let svg = page::svg(&pages);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/images/crossword-page.svg");
    if std::env::var_os("PZL_UPDATE_DOCS").is_some() {
        std::fs::write(path, &svg).unwrap();
    }
    let stored = std::fs::read_to_string(path).unwrap();
    assert_eq!(stored, svg, "rerun with PZL_UPDATE_DOCS=1 to refresh the README picture");
}
