//! A minimal SVG writer shared by every renderer, so pictures of all puzzles look alike.
//!
//! It escapes text, formats numbers compactly and wraps the document; drawing decisions stay with
//! each puzzle's renderer.

use std::fmt::Write as _;

/// An SVG document under construction.
#[derive(Debug, Clone)]
pub struct Svg {
    width: f64,
    height: f64,
    body: String,
}

impl Svg {
    /// A document `width` × `height` user units (pixels at 100 %).
    pub fn new(width: f64, height: f64) -> Svg {
        Svg { width, height, body: String::new() }
    }

    /// Append one raw element. Attribute values must already be escaped ([`escape`]).
    pub fn push(&mut self, element: &str) {
        self.body.push_str("  ");
        self.body.push_str(element);
        self.body.push('\n');
    }

    /// A line from (x1, y1) to (x2, y2) with the given style attributes.
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, style: &str) {
        self.push(&format!(
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" {style}/>"#,
            num(x1),
            num(y1),
            num(x2),
            num(y2)
        ));
    }

    /// A rectangle at (x, y), w wide and h high, with the given style attributes.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, style: &str) {
        self.push(&format!(
            r#"<rect x="{}" y="{}" width="{}" height="{}" {style}/>"#,
            num(x),
            num(y),
            num(w),
            num(h)
        ));
    }

    /// A circle around (cx, cy) of radius r, with the given style attributes.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, style: &str) {
        self.push(&format!(r#"<circle cx="{}" cy="{}" r="{}" {style}/>"#, num(cx), num(cy), num(r)));
    }

    /// A polyline through `points`.
    pub fn polyline(&mut self, points: &[(f64, f64)], style: &str) {
        let mut p = String::new();
        for (i, (x, y)) in points.iter().enumerate() {
            if i > 0 {
                p.push(' ');
            }
            let _ = write!(p, "{},{}", num(*x), num(*y));
        }
        self.push(&format!(r#"<polyline points="{p}" {style}/>"#));
    }

    /// Text at `(x, y)`; `text` is escaped here.
    pub fn text(&mut self, x: f64, y: f64, text: &str, style: &str) {
        self.push(&format!(r#"<text x="{}" y="{}" {style}>{}</text>"#, num(x), num(y), escape(text)));
    }

    /// The finished document.
    pub fn finish(self) -> String {
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" \
             width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n{body}</svg>\n",
            w = num(self.width),
            h = num(self.height),
            body = self.body
        )
    }
}

/// Escape text for use in SVG content or attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' => {}
            c => out.push(c),
        }
    }
    out
}

/// A number written compactly: integers without a fraction, others with at most two decimals.
pub fn num(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        let s = format!("{x:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documents_are_well_formed() {
        let mut svg = Svg::new(20.0, 10.5);
        svg.line(0.0, 0.0, 20.0, 10.5, r#"stroke="black""#);
        svg.text(1.0, 2.0, "a<b & \"c\"", "");
        let out = svg.finish();
        assert!(out.starts_with("<?xml"));
        assert!(out.contains(r#"viewBox="0 0 20 10.5""#));
        assert!(out.contains("a&lt;b &amp; &quot;c&quot;"));
        assert!(out.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn numbers_are_compact() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-4.0), "-4");
    }
}
