//! A-Puzzle-A-Day as a pzl kind: files of boards in the `apad` and `apad-text` formats, read for
//! the edition given as the format's parameter (`apad:weekday`). The work is in the modules this
//! names; solving a date is a command of its own ([`crate::solve`]), as a file of boards has
//! nothing to solve.

use pzl_core::settings::{Setting, SettingType, Verb};
use pzl_core::{CheckReport, Error, Info, InfoRequest, Kind, Parsed, RenderRequest, Written};

use crate::format::{self, Format};
use crate::model::puzzle::Puzzle;
use crate::model::set::BoardSet;

/// The kind's name.
pub const NAME: &str = "apad";

/// A-Puzzle-A-Day boards.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApadKind;

impl Kind for ApadKind {
    const NAME: &'static str = NAME;
    const TITLE: &'static str = "A-Puzzle-A-Day";
    type Doc = BoardSet;
    type Format = Format;
    /// The edition: `classic` (the default), `weekday`, or a description file.
    type Params = Puzzle;

    fn settings() -> &'static [Setting] {
        const SETTINGS: &[Setting] = &[Setting::valued(
            "apad",
            "date",
            SettingType::Text,
            "DATE",
            &[Verb::Render],
            "Draw only the boards that show this date (`11-22`, `Nov 22`).",
        )];
        SETTINGS
    }

    /// `classic`, `weekday` or the path of a description file (empty: classic).
    fn params(text: &str) -> Result<Puzzle, Error> {
        if text.is_empty() { Ok(Puzzle::classic()) } else { Puzzle::load(text) }
    }

    fn read(bytes: &[u8], format: Format, params: &Puzzle) -> Result<Parsed<BoardSet>, Error> {
        format::read(bytes, format, params)
    }

    fn write(doc: &BoardSet, format: Format) -> Result<Written, Error> {
        format::write(doc, format)
    }

    fn info(doc: &BoardSet, request: &InfoRequest) -> Info {
        doc.summary(request)
    }

    fn check(doc: &BoardSet) -> Result<CheckReport, Error> {
        Ok(crate::check::check(doc))
    }

    fn render(doc: &BoardSet, request: &RenderRequest) -> Result<Vec<u8>, Error> {
        crate::render::boards(doc, request)
    }

    fn render_warnings(doc: &BoardSet, request: &RenderRequest) -> Result<Vec<pzl_core::Warning>, Error> {
        crate::render::warnings(doc, request)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_is_the_kinds_own() {
        for setting in ApadKind::settings() {
            assert_eq!(setting.kind, ApadKind::NAME, "{}", setting.name);
            assert!(!setting.verbs.is_empty() && !setting.help.is_empty(), "{}", setting.name);
        }
    }
}
