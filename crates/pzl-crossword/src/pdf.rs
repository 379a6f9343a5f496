//! The print-ready pages of [`crate::page`] as a PDF, written with `pdf-writer` in the PDF's
//! built-in Helvetica faces (WinAnsi encoding: characters outside Windows-1252 print as `?`).

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};

use crate::page::{Anchor, Font, Mark, PAGE_HEIGHT, PAGE_WIDTH, Page, text_width};

/// The bytes of a PDF with one page per laid-out page.
pub fn pdf(pages: &[Page]) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let regular = Ref::new(3);
    let bold = Ref::new(4);
    let first_page = 5;
    let page_ids: Vec<Ref> = (0..pages.len()).map(|n| Ref::new(first_page + 2 * n as i32)).collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree).kids(page_ids.iter().copied()).count(page_ids.len() as i32);
    for (id, base) in [(regular, "Helvetica"), (bold, "Helvetica-Bold")] {
        pdf.type1_font(id).base_font(Name(base.as_bytes())).encoding_predefined(Name(b"WinAnsiEncoding"));
    }
    for (page, &id) in pages.iter().zip(&page_ids) {
        let content_id = Ref::new(id.get() + 1);
        let mut writer = pdf.page(id);
        writer.media_box(Rect::new(0.0, 0.0, PAGE_WIDTH as f32, PAGE_HEIGHT as f32));
        writer.parent(tree);
        writer.contents(content_id);
        let mut resources = writer.resources();
        let mut fonts = resources.fonts();
        fonts.pair(Name(b"F1"), regular);
        fonts.pair(Name(b"F2"), bold);
        fonts.finish();
        resources.finish();
        writer.finish();
        let content = draw(page);
        pdf.stream(content_id, &content);
    }
    pdf.finish()
}

/// `text` in Windows-1252 (the WinAnsi encoding of the standard fonts); what it cannot hold
/// becomes `?` rather than encoding_rs's numeric character references.
fn win_ansi(text: &str) -> Vec<u8> {
    let mut buf = [0u8; 4];
    text.chars()
        .flat_map(|ch| {
            let (bytes, _, unmappable) = encoding_rs::WINDOWS_1252.encode(ch.encode_utf8(&mut buf));
            if unmappable { vec![b'?'] } else { bytes.into_owned() }
        })
        .collect()
}

fn draw(page: &Page) -> Vec<u8> {
    // PDF measures up from the bottom.
    let flip = |y: f64| (PAGE_HEIGHT - y) as f32;
    let mut content = Content::new();
    content.set_line_width(0.75);
    for mark in &page.marks {
        match mark {
            Mark::Cell { x, y, size, filled } => {
                content.set_fill_gray(if *filled { 0.0 } else { 1.0 });
                content.set_stroke_gray(0.0);
                content.rect(*x as f32, flip(y + size), *size as f32, *size as f32);
                content.fill_nonzero_and_stroke();
            }
            Mark::Circle { cx, cy, r } => {
                // Four Bézier quarters; k places the control points of a quarter circle.
                let (cx, cy, r) = (*cx as f32, flip(*cy), *r as f32);
                let k = 0.552_284_8 * r;
                content.set_stroke_gray(0.5);
                content.move_to(cx + r, cy);
                content.cubic_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
                content.cubic_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
                content.cubic_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
                content.cubic_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
                content.close_path();
                content.stroke();
            }
            Mark::Text { x, y, size, font, anchor, gray, text } => {
                let width = text_width(text, *font, *size);
                let left = match anchor {
                    Anchor::Start => *x,
                    Anchor::Middle => x - width / 2.0,
                    Anchor::End => x - width,
                };
                let bytes = win_ansi(text);
                content.set_fill_gray(if *gray { 0.5 } else { 0.0 });
                content.begin_text();
                content.set_font(Name(if *font == Font::Bold { b"F2" } else { b"F1" }), *size as f32);
                content.next_line(left as f32, flip(*y));
                content.show(Str(&bytes));
                content.end_text();
            }
        }
    }
    content.finish().to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_outside_windows_1252_becomes_a_question_mark() {
        assert_eq!(win_ansi("Café – ☃"), b"Caf\xe9 \x96 ?");
    }
}
