//! Which bytes a solution becomes when it is written to a named file: the rule every front end
//! shares (`pzl solve -o FILE`), so none of them decides formats itself.

use pzl_core::{Error, Picture, RenderRequest, Written};

use crate::{Document, Format};

impl Document {
    /// This solution written for a file called `output`, as `to` asks, else as the name implies:
    /// 1. `to`;
    /// 2. a format of the puzzle's kind that the name implies and that holds the whole solution;
    /// 3. a picture for `.svg`, `.pdf`, `.html`;
    /// 4. for a name without extension or a plain `.txt`: the solution's own format when it holds
    ///    the whole solution, else `shown` (the text a solve report shows for it) or its text
    ///    picture;
    /// 5. the format the name implies, `lost` saying what it drops.
    ///
    /// Anything else is refused, naming what works. Returns the format written, if any (`None`
    /// for a picture or the shown text).
    pub fn write_solution_for(
        &self,
        output: &str,
        to: Option<Format>,
        shown: Option<&str>,
    ) -> Result<(Written, Option<Format>), Error> {
        let holds_all = |f: Format| self.write_solution(f).is_ok_and(|w| w.lost.is_empty());
        let ext = extension(output);
        let claimed = self.format_for_output(output);
        let picture = ext.as_deref().and_then(Picture::from_extension);
        let unlost = |bytes| (Written { bytes, lost: Vec::new() }, None);
        let to = if let Some(to) = to {
            to
        } else if let Some(format) = claimed.filter(|f| holds_all(*f)) {
            format
        } else if let Some(picture) = picture.filter(|p| *p != Picture::Text) {
            return Ok(unlost(self.render(&RenderRequest::new(picture))?.bytes));
        } else if ext.is_none() || picture == Some(Picture::Text) {
            if !holds_all(self.format()) {
                return Ok(unlost(match shown {
                    Some(text) => text.as_bytes().to_vec(),
                    None => self.render(&RenderRequest::new(Picture::Text))?.bytes,
                }));
            }
            self.format()
        } else if let Some(format) = claimed {
            format
        } else {
            return Err(Error::usage(format!("cannot write a {} solution to `{output}`", self.kind())).hint(
                format!(
                    "name a format ({}), or a picture (.svg, .pdf, .html, .txt)",
                    self.writable_formats().join(", ")
                ),
            ));
        };
        Ok((self.write_solution(to)?, Some(to)))
    }
}

/// The lower-cased extension of a file name, without the dot (none for `.hidden`).
pub(crate) fn extension(name: &str) -> Option<String> {
    let file = name.rsplit(['/', '\\']).next()?;
    let (stem, ext) = file.rsplit_once('.')?;
    (!stem.is_empty() && !ext.is_empty()).then(|| ext.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solution() -> Document {
        let puzzle = "6 6\n.W...B\n.W....\n.W.BW.\n.W....\n...B..\n.W..W.\n";
        let doc = Document::read(puzzle.as_bytes(), "p.masyu", None, &crate::Open::default()).unwrap().value;
        let solved = doc.solve(&pzl_core::SolveRequest::default()).unwrap();
        solved.solutions.into_iter().next().expect("the puzzle has a solution")
    }

    #[test]
    fn the_name_picks_the_format_or_the_picture() {
        let s = solution();
        let (written, format) = s.write_solution_for("out.sol", None, None).unwrap();
        assert_eq!(format.map(Format::name), Some("sol"));
        assert!(written.lost.is_empty());
        let (svg, format) = s.write_solution_for("out.svg", None, None).unwrap();
        assert_eq!(format, None);
        assert!(String::from_utf8_lossy(&svg.bytes).contains("<svg"));
        let named = Format::all().find(|f| f.name() == "pzprv3").unwrap();
        let (_, format) = s.write_solution_for("-", Some(named), None).unwrap();
        assert_eq!(format, Some(named));
    }

    #[test]
    fn a_name_of_another_kind_is_refused_naming_what_works() {
        let e = solution().write_solution_for("out.puz", None, None).unwrap_err();
        assert!(e.message.contains("cannot write a masyu solution to `out.puz`"), "{e}");
        assert!(e.hint.as_deref().is_some_and(|h| h.contains("pzprv3") && !h.contains("--to")), "{e:?}");
    }
}
