//! The print-ready pages of [`crate::page`] as a PDF, written with `pdf-writer`: every font the
//! text uses is embedded as a subset (made with `subsetter`) in a CID-keyed Type 0 font with a
//! ToUnicode map, so any script the fonts cover prints as itself and text extraction gives the
//! clues back; content streams and fonts are Flate-compressed.

use std::collections::BTreeMap;

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str};
use pzl_core::Error;
use subsetter::GlyphRemapper;

use crate::fonts::{FontFace, Fonts};
use crate::page::{Anchor, Font, Layout, Mark};

/// Deflate `data` for a `FlateDecode` stream.
fn deflate(data: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(data, 6)
}

/// The glyphs one face draws: each used glyph's new id in the subset, and the text it stands for.
#[derive(Default)]
struct Used {
    remapper: GlyphRemapper,
    /// New glyph id → (advance in thousandths of an em, the character).
    glyphs: BTreeMap<u16, (f64, char)>,
}

/// A run of text in one face: the face and the new glyph ids, two bytes each.
struct Run {
    face: usize,
    bytes: Vec<u8>,
}

/// Split `text` into runs of one face each, noting every glyph in `used`.
fn runs(fonts: &Fonts, used: &mut [Used], text: &str, font: Font) -> Vec<Run> {
    let mut out: Vec<Run> = Vec::new();
    for ch in text.chars() {
        let Some(glyph) = fonts.glyph(ch, font) else { continue };
        let Some(slot) = used.get_mut(glyph.face) else { continue };
        let id = slot.remapper.remap(glyph.id);
        slot.glyphs.entry(id).or_insert((glyph.advance, ch));
        match out.last_mut() {
            Some(run) if run.face == glyph.face => run.bytes.extend(id.to_be_bytes()),
            _ => out.push(Run { face: glyph.face, bytes: id.to_be_bytes().to_vec() }),
        }
    }
    out
}

/// The bytes of a PDF with one page per laid-out page.
pub fn pdf(layout: &Layout) -> Result<Vec<u8>, Error> {
    let fonts = &layout.fonts;
    let mut used: Vec<Used> = fonts
        .faces()
        .iter()
        .map(|_| {
            let mut u = Used::default();
            // The missing-glyph box keeps id 0.
            u.remapper.remap(0);
            u
        })
        .collect();
    let contents: Vec<Vec<u8>> = layout.pages.iter().map(|page| draw(layout, page, &mut used)).collect();

    let mut pdf = Pdf::new();
    let mut next = 1;
    let mut alloc = || {
        let r = Ref::new(next);
        next += 1;
        r
    };
    let catalog = alloc();
    let tree = alloc();
    let page_ids: Vec<(Ref, Ref)> = layout.pages.iter().map(|_| (alloc(), alloc())).collect();
    // One Type 0 font per face that draws anything.
    let font_ids: Vec<Option<Ref>> =
        used.iter().map(|u| if u.glyphs.is_empty() { None } else { Some(alloc()) }).collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree).kids(page_ids.iter().map(|p| p.0)).count(page_ids.len() as i32);
    let (width, height) = (layout.width as f32, layout.height as f32);
    for (content, &(id, content_id)) in contents.iter().zip(&page_ids) {
        let mut writer = pdf.page(id);
        writer.media_box(Rect::new(0.0, 0.0, width, height));
        writer.parent(tree);
        writer.contents(content_id);
        let mut resources = writer.resources();
        let mut names = resources.fonts();
        for (n, font_id) in font_ids.iter().enumerate() {
            if let Some(font_id) = font_id {
                names.pair(Name(format!("F{n}").as_bytes()), *font_id);
            }
        }
        names.finish();
        resources.finish();
        writer.finish();
        pdf.stream(content_id, &deflate(content)).filter(Filter::FlateDecode);
    }
    for (n, (face, u)) in fonts.faces().iter().zip(&used).enumerate() {
        let Some(type0) = font_ids[n] else { continue };
        embed(&mut pdf, &mut alloc, type0, n, face, u)?;
    }
    Ok(pdf.finish())
}

/// A subset tag of six capitals, different for each face of a document.
fn tag(n: usize) -> String {
    let mut tag = String::from("PZLAA");
    tag.push(char::from(b'A' + (n % 26) as u8));
    tag
}

/// Write face `n` as a Type 0 font at `type0` with its CID font, descriptor, subset and
/// ToUnicode map.
fn embed(
    pdf: &mut Pdf,
    alloc: &mut impl FnMut() -> Ref,
    type0: Ref,
    n: usize,
    face: &FontFace,
    used: &Used,
) -> Result<(), Error> {
    let parsed =
        face.face().ok_or_else(|| Error::encode(format!("the font {} could not be read", face.name)))?;
    let subset = subsetter::subset(face.data(), face.index, &used.remapper)
        .map_err(|e| Error::encode(format!("cannot subset the font {}: {e}", face.name)))?;
    let (cid, descriptor, file, cmap) = (alloc(), alloc(), alloc(), alloc());
    let name =
        format!("{}+{}", tag(n), face.name.replace(|c: char| !c.is_ascii_alphanumeric() && c != '-', ""));
    let system_info = SystemInfo { registry: Str(b"Adobe"), ordering: Str(b"Identity"), supplement: 0 };

    pdf.type0_font(type0)
        .base_font(Name(name.as_bytes()))
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid)
        .to_unicode(cmap);

    let mut cid_font = pdf.cid_font(cid);
    cid_font
        .subtype(if face.cff { CidFontType::Type0 } else { CidFontType::Type2 })
        .base_font(Name(name.as_bytes()))
        .system_info(system_info)
        .font_descriptor(descriptor)
        .default_width(0.0);
    if !face.cff {
        cid_font.cid_to_gid_map_predefined(Name(b"Identity"));
    }
    let mut widths = cid_font.widths();
    for (&id, &(advance, _)) in &used.glyphs {
        widths.consecutive(id, [advance as f32]);
    }
    widths.finish();
    cid_font.finish();

    let em = f32::from(parsed.units_per_em().max(1));
    let scale = |v: i16| f32::from(v) * 1000.0 / em;
    let bbox = parsed.global_bounding_box();
    let mut flags = FontFlags::SYMBOLIC;
    if parsed.is_italic() {
        flags |= FontFlags::ITALIC;
    }
    if parsed.is_monospaced() {
        flags |= FontFlags::FIXED_PITCH;
    }
    let mut fd = pdf.font_descriptor(descriptor);
    fd.name(Name(name.as_bytes()))
        .flags(flags)
        .bbox(Rect::new(scale(bbox.x_min), scale(bbox.y_min), scale(bbox.x_max), scale(bbox.y_max)))
        .italic_angle(parsed.italic_angle())
        .ascent(scale(parsed.ascender()))
        .descent(scale(parsed.descender()))
        .cap_height(scale(parsed.capital_height().unwrap_or(parsed.ascender())))
        .stem_v(if face.bold { 140.0 } else { 80.0 });
    if face.cff {
        fd.font_file3(file);
    } else {
        fd.font_file2(file);
    }
    fd.finish();

    let packed = deflate(&subset);
    let mut stream = pdf.stream(file, &packed);
    stream.filter(Filter::FlateDecode);
    if face.cff {
        stream.pair(Name(b"Subtype"), Name(b"OpenType"));
    }
    stream.finish();

    let mut unicode = UnicodeCmap::new(Name(b"Custom"), system_info);
    for (&id, &(_, ch)) in &used.glyphs {
        if id != 0 {
            unicode.pair(id, ch);
        }
    }
    pdf.cmap(cmap, &deflate(&unicode.finish())).filter(Filter::FlateDecode);
    Ok(())
}

fn draw(layout: &Layout, page: &crate::page::Page, used: &mut [Used]) -> Vec<u8> {
    // PDF measures up from the bottom.
    let page_height = layout.height;
    let flip = |y: f64| (page_height - y) as f32;
    let mut content = Content::new();
    content.set_line_width(0.75);
    for mark in &page.marks {
        match mark {
            Mark::Cell { x, y, size, filled, shade } => {
                match shade {
                    Some([r, g, b]) => {
                        let c = |v: u8| f32::from(v) / 255.0;
                        content.set_fill_rgb(c(*r), c(*g), c(*b));
                    }
                    None => {
                        content.set_fill_gray(if *filled { 0.0 } else { 1.0 });
                    }
                }
                content.set_stroke_gray(0.0);
                content.rect(*x as f32, flip(y + size), *size as f32, *size as f32);
                content.fill_nonzero_and_stroke();
            }
            Mark::Bar { x1, y1, x2, y2 } => {
                content.set_stroke_gray(0.0);
                content.set_line_width(3.0);
                content.move_to(*x1 as f32, flip(*y1));
                content.line_to(*x2 as f32, flip(*y2));
                content.stroke();
                content.set_line_width(0.75);
            }
            Mark::Patch { x, y, width, height } => {
                content.set_fill_gray(1.0);
                content.rect(*x as f32, flip(y + height), *width as f32, *height as f32);
                content.fill_nonzero();
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
            Mark::Rule { x1, x2, y, weight } => {
                content.set_stroke_gray(0.0);
                content.set_line_width(*weight as f32);
                content.move_to(*x1 as f32, flip(*y));
                content.line_to(*x2 as f32, flip(*y));
                content.stroke();
                content.set_line_width(0.75);
            }
            Mark::Text { x, y, size, font, anchor, gray, slant, text } => {
                let width = layout.fonts.width(text, *font, *size);
                let left = match anchor {
                    Anchor::Start => *x,
                    Anchor::Middle => x - width / 2.0,
                    Anchor::End => x - width,
                };
                content.set_fill_gray(if *gray { 0.5 } else { 0.0 });
                content.begin_text();
                if *slant {
                    // No italic face is shipped: the glyphs are sheared 12° (tan 12° ≈ 0.2126).
                    content.set_text_matrix([1.0, 0.0, 0.2126, 1.0, left as f32, flip(*y)]);
                } else {
                    content.next_line(left as f32, flip(*y));
                }
                for run in runs(&layout.fonts, used, text, *font) {
                    content.set_font(Name(format!("F{}", run.face).as_bytes()), *size as f32);
                    content.show(Str(&run.bytes));
                }
                content.end_text();
            }
        }
    }
    content.finish().to_vec()
}
