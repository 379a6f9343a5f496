//! What `render` can draw: terminal text or a picture file.

use serde::Serialize;

use crate::error::Error;

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
                .hint("use one of text, svg, pdf, html (`--as KIND`)")
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
