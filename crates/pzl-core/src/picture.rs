//! What `render` can draw: terminal text or a picture file.

use serde::Serialize;

use crate::error::Error;
use crate::settings::mention;

/// A kind of drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Picture {
    /// Text for a terminal (with colour when asked for).
    Text,
    /// An SVG picture.
    Svg,
    /// A PDF page.
    Pdf,
    /// An HTML page.
    Html,
}

impl Picture {
    /// Every picture kind.
    pub const ALL: [Picture; 4] = [Picture::Text, Picture::Svg, Picture::Pdf, Picture::Html];

    /// The name used by `--as`.
    pub fn name(self) -> &'static str {
        match self {
            Picture::Text => "text",
            Picture::Svg => "svg",
            Picture::Pdf => "pdf",
            Picture::Html => "html",
        }
    }

    /// The picture kind called `name` (`text`, `txt`, `svg`, `pdf`, `html`, `htm`; any case).
    pub fn from_name(name: &str) -> Result<Picture, Error> {
        Picture::from_extension(name).ok_or_else(|| {
            Error::usage(format!("unknown picture kind `{name}`"))
                .hint(format!("use one of text, svg, pdf, html (`{} KIND`)", mention("as")))
        })
    }

    /// The picture kind a file extension implies, if any.
    pub fn from_extension(ext: &str) -> Option<Picture> {
        Some(match ext.to_ascii_lowercase().as_str() {
            "text" | "txt" => Picture::Text,
            "svg" => Picture::Svg,
            "pdf" => Picture::Pdf,
            "html" | "htm" => Picture::Html,
            _ => return None,
        })
    }

    /// Whether the drawing is binary (never to be printed on a terminal).
    pub fn is_binary(self) -> bool {
        self == Picture::Pdf
    }
}

impl std::fmt::Display for Picture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The paper a print-ready page is laid out for (the crossword setting `paper`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Paper {
    /// US Letter, 8.5 × 11 inches (612 × 792 points): the default.
    #[default]
    Letter,
    /// ISO A4, 210 × 297 mm (595 × 842 points).
    A4,
}

impl Paper {
    /// Every paper size.
    pub const ALL: [Paper; 2] = [Paper::Letter, Paper::A4];

    /// Its name (`letter`, `a4`).
    pub fn name(self) -> &'static str {
        match self {
            Paper::Letter => "letter",
            Paper::A4 => "a4",
        }
    }

    /// Width and height in points (1/72 inch).
    pub fn size(self) -> (f64, f64) {
        match self {
            Paper::Letter => (612.0, 792.0),
            Paper::A4 => (595.0, 842.0),
        }
    }

    /// The paper called `name` (`letter`, `a4`; any case).
    pub fn from_name(name: &str) -> Result<Paper, Error> {
        match name.to_ascii_lowercase().as_str() {
            "letter" | "us-letter" => Ok(Paper::Letter),
            "a4" => Ok(Paper::A4),
            _ => Err(Error::usage(format!("unknown paper `{name}`"))
                .hint(format!("use {} letter or a4", crate::settings::mention("paper")))),
        }
    }
}

impl std::fmt::Display for Paper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
