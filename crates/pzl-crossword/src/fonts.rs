//! The fonts of the print-ready page: DejaVu Sans and DejaVu Sans Bold, shipped with pzl (Latin,
//! Greek, Cyrillic and many symbols; licence in `fonts/LICENSE-DejaVu.txt`), and, for the
//! characters they lack (CJK, emoji...), the first system font found with `fontdb` that has
//! them. The same glyphs measure the text for the layout and are embedded (subset) in the PDF, so
//! wrapping is exact. Characters that no font has are drawn as DejaVu's missing-glyph box and
//! reported by [`Fonts::missing`].
//!
//! There is no shaping: one character is one glyph, which suits Latin, Greek, Cyrillic, CJK and
//! single-code-point emoji, not scripts that join letters (Arabic, Indic).

use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

use ttf_parser::Face;

use crate::page::Font;

/// DejaVu Sans (Book), deflated by `build.rs`.
static REGULAR: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/DejaVuSans.ttf.deflate"));
/// DejaVu Sans Bold, deflated by `build.rs`.
static BOLD: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/DejaVuSans-Bold.ttf.deflate"));

/// The SVG `font-family` that matches the measurements: the shipped font first.
pub const SVG_FAMILY: &str = "'DejaVu Sans', Verdana, sans-serif";

/// The shipped font files, inflated once.
fn builtin_data(font: Font) -> &'static [u8] {
    static DATA: OnceLock<[Vec<u8>; 2]> = OnceLock::new();
    let data = DATA.get_or_init(|| {
        // `build.rs` deflated them: inflating cannot fail short of a build defect, which every
        // test would show.
        let inflate = |packed: &[u8]| {
            miniz_oxide::inflate::decompress_to_vec(packed).expect("the shipped fonts inflate")
        };
        [inflate(REGULAR), inflate(BOLD)]
    });
    &data[usize::from(font == Font::Bold)]
}

fn builtin(font: Font) -> &'static Face<'static> {
    static FACES: OnceLock<[Face<'static>; 2]> = OnceLock::new();
    let faces = FACES.get_or_init(|| {
        // The shipped fonts are known good; a failure here is a build defect, caught by tests.
        let parse = |font: Font| Face::parse(builtin_data(font), 0).expect("the shipped DejaVu fonts parse");
        [parse(Font::Regular), parse(Font::Bold)]
    });
    &faces[usize::from(font == Font::Bold)]
}

/// One font file (or one face of a collection) that the page uses.
#[derive(Debug, Clone)]
pub struct FontFace {
    /// The whole font file.
    data: FontData,
    /// The face's index in a collection (`.ttc`), else 0.
    pub index: u32,
    /// Its PostScript name (for the PDF's `BaseFont`).
    pub name: String,
    /// Outlines in CFF (embedded as `FontFile3`/OpenType) rather than TrueType `glyf`.
    pub cff: bool,
    /// Bold, for the PDF's font descriptor.
    pub bold: bool,
}

/// The bytes of a font file: shipped, or a copy of a system font (shared between clones).
#[derive(Clone)]
enum FontData {
    Shipped(&'static [u8]),
    /// Never made on WebAssembly, which has no system fonts.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    System(std::sync::Arc<Vec<u8>>),
}

impl std::fmt::Debug for FontData {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} bytes", self.bytes().len())
    }
}

impl FontData {
    fn bytes(&self) -> &[u8] {
        match self {
            FontData::Shipped(data) => data,
            FontData::System(data) => data,
        }
    }
}

impl FontFace {
    /// The whole font file.
    pub fn data(&self) -> &[u8] {
        self.data.bytes()
    }

    /// The parsed face.
    pub fn face(&self) -> Option<Face<'_>> {
        Face::parse(self.data(), self.index).ok()
    }
}

/// Where a character's glyph comes from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glyph {
    /// Index into [`Fonts::faces`].
    pub face: usize,
    /// The glyph's id in that face.
    pub id: u16,
    /// The advance width, in thousandths of an em.
    pub advance: f64,
}

/// The fonts that draw one page: the shipped faces and the system fallbacks its text needs.
#[derive(Debug, Clone)]
pub struct Fonts {
    faces: Vec<FontFace>,
    glyphs: HashMap<(char, Font), Glyph>,
    missing: BTreeSet<char>,
}

/// Characters that take no room and need no glyph: joiners and variation selectors.
fn ignorable(ch: char) -> bool {
    matches!(ch, '\u{200B}'..='\u{200F}' | '\u{FE00}'..='\u{FE0F}' | '\u{2060}' | '\u{FEFF}')
        || ('\u{E0100}'..='\u{E01EF}').contains(&ch)
}

fn glyph_in(face: &Face<'_>, index: usize, ch: char) -> Option<Glyph> {
    let ch = if ch.is_whitespace() || ch.is_control() { ' ' } else { ch };
    let id = face.glyph_index(ch)?;
    let advance =
        f64::from(face.glyph_hor_advance(id).unwrap_or(0)) * 1000.0 / f64::from(face.units_per_em().max(1));
    Some(Glyph { face: index, id: id.0, advance })
}

impl Default for Fonts {
    fn default() -> Self {
        Fonts::new(std::iter::empty::<(&str, Font)>())
    }
}

impl Fonts {
    /// The fonts for `texts` (each with its face): the shipped ones, plus a system font for each
    /// character they do not have, found once here.
    pub fn new<'a>(texts: impl IntoIterator<Item = (&'a str, Font)>) -> Fonts {
        let shipped = |font: Font, bold: bool| FontFace {
            data: FontData::Shipped(builtin_data(font)),
            index: 0,
            name: if bold { "DejaVuSans-Bold" } else { "DejaVuSans" }.to_string(),
            cff: false,
            bold,
        };
        let mut fonts = Fonts {
            faces: vec![shipped(Font::Regular, false), shipped(Font::Bold, true)],
            glyphs: HashMap::new(),
            missing: BTreeSet::new(),
        };
        let mut wanted = BTreeSet::new();
        for (text, font) in texts {
            for ch in text.chars().filter(|&ch| !ignorable(ch)) {
                if fonts.glyphs.contains_key(&(ch, font)) {
                    continue;
                }
                match glyph_in(builtin(font), usize::from(font == Font::Bold), ch) {
                    Some(g) => {
                        fonts.glyphs.insert((ch, font), g);
                    }
                    None => {
                        wanted.insert(ch);
                    }
                }
            }
        }
        if !wanted.is_empty() {
            fonts.add_system_fallbacks(wanted);
        }
        fonts
    }

    /// WebAssembly has no system fonts: what the shipped ones lack is missing.
    #[cfg(target_arch = "wasm32")]
    fn add_system_fallbacks(&mut self, wanted: BTreeSet<char>) {
        self.missing = wanted;
    }

    /// Find system fonts for `wanted`, best-known families first; what none has is missing.
    #[cfg(not(target_arch = "wasm32"))]
    fn add_system_fallbacks(&mut self, mut wanted: BTreeSet<char>) {
        // The system's fonts are listed once per process.
        static SYSTEM: OnceLock<fontdb::Database> = OnceLock::new();
        let db = SYSTEM.get_or_init(|| {
            let mut db = fontdb::Database::new();
            db.load_system_fonts();
            db
        });
        // Families known to cover what DejaVu lacks, in order; then every other face.
        const PREFERRED: [&str; 8] = [
            "Noto Sans CJK",
            "Noto Sans",
            "Droid Sans Fallback",
            "WenQuanYi",
            "Noto Emoji",
            "Symbola",
            "DejaVu Sans",
            "FreeSans",
        ];
        let mut candidates: Vec<_> = db
            .faces()
            .map(|info| {
                let family = info.families.first().map(|(f, _)| f.as_str()).unwrap_or("");
                let rank = PREFERRED.iter().position(|p| family.starts_with(p)).unwrap_or(PREFERRED.len());
                let italic = info.style != fontdb::Style::Normal;
                let weight = (i32::from(info.weight.0) - 400).abs();
                let path = match &info.source {
                    fontdb::Source::File(p) | fontdb::Source::SharedFile(p, _) => p.display().to_string(),
                    fontdb::Source::Binary(_) => String::new(),
                };
                (rank, italic, weight, path, info.index, info.id)
            })
            .collect();
        candidates.sort();
        for (.., id) in candidates {
            if wanted.is_empty() {
                break;
            }
            let found = db.with_face_data(id, |data, index| {
                let face = Face::parse(data, index).ok()?;
                let tables = face.tables();
                // Only outline fonts can be embedded; colour bitmap fonts (CBDT, sbix) cannot.
                if tables.glyf.is_none() && tables.cff.is_none() {
                    return None;
                }
                let covered: Vec<char> =
                    wanted.iter().copied().filter(|&ch| face.glyph_index(ch).is_some()).collect();
                if covered.is_empty() {
                    return None;
                }
                let name = face
                    .names()
                    .into_iter()
                    .find(|n| n.name_id == ttf_parser::name_id::POST_SCRIPT_NAME)
                    .and_then(|n| n.to_string())
                    .unwrap_or_else(|| "Fallback".to_string());
                let glyphs: Vec<(char, Glyph)> = covered
                    .iter()
                    .filter_map(|&ch| glyph_in(&face, self.faces.len(), ch).map(|g| (ch, g)))
                    .collect();
                let entry = FontFace {
                    data: FontData::System(std::sync::Arc::new(data.to_vec())),
                    index,
                    name,
                    cff: tables.cff.is_some(),
                    bold: face.is_bold(),
                };
                Some((entry, glyphs))
            });
            if let Some(Some((entry, glyphs))) = found {
                self.faces.push(entry);
                for (ch, g) in glyphs {
                    wanted.remove(&ch);
                    self.glyphs.insert((ch, Font::Regular), g);
                    self.glyphs.insert((ch, Font::Bold), g);
                }
            }
        }
        self.missing = wanted;
    }

    /// Every face, by the index that [`Glyph::face`] uses: 0 is DejaVu Sans, 1 DejaVu Sans Bold,
    /// then the system fallbacks.
    pub fn faces(&self) -> &[FontFace] {
        &self.faces
    }

    /// The characters that no font had; they print as an empty box.
    pub fn missing(&self) -> &BTreeSet<char> {
        &self.missing
    }

    /// The glyph that draws `ch` in `font` (`None` for a joiner or variation selector).
    pub fn glyph(&self, ch: char, font: Font) -> Option<Glyph> {
        if ignorable(ch) {
            return None;
        }
        let index = usize::from(font == Font::Bold);
        self.glyphs.get(&(ch, font)).copied().or_else(|| {
            glyph_in(builtin(font), index, ch)
                .or_else(|| glyph_in(builtin(font), index, '\u{FFFD}').map(|g| Glyph { id: 0, ..g }))
        })
    }

    /// The width of `text` set in `font` at `size` points.
    pub fn width(&self, text: &str, font: Font, size: f64) -> f64 {
        let units: f64 = text.chars().filter_map(|ch| self.glyph(ch, font)).map(|g| g.advance).sum();
        units * size / 1000.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_fonts_cover_latin_greek_and_cyrillic() {
        let fonts = Fonts::new([("Café Ωμέγα Россия", Font::Regular), ("Ωμέγα Россия", Font::Bold)]);
        assert!(fonts.missing().is_empty(), "{:?}", fonts.missing());
        for ch in "Café Ωμέγα Россия".chars() {
            let g = fonts.glyph(ch, Font::Regular).unwrap();
            assert_eq!(g.face, 0, "{ch}");
            assert!(g.id > 0 && g.advance > 0.0, "{ch}");
        }
        assert_eq!(fonts.glyph('Ω', Font::Bold).unwrap().face, 1);
    }

    #[test]
    fn widths_follow_the_font() {
        let fonts = Fonts::default();
        // DejaVu Sans: "M" is 1767/2048 em; the bold "m" 2134/2048.
        assert!((fonts.width("M", Font::Regular, 1000.0) - 1767.0 * 1000.0 / 2048.0).abs() < 1e-6);
        assert!((fonts.width("m", Font::Bold, 1000.0) - 2134.0 * 1000.0 / 2048.0).abs() < 1e-6);
        assert!(fonts.width("il", Font::Regular, 10.0) < fonts.width("MW", Font::Regular, 10.0));
        // Variation selectors take no room.
        assert_eq!(fonts.width("\u{FE0F}", Font::Regular, 10.0), 0.0);
    }
}
