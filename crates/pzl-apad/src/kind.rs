//! A-Puzzle-A-Day as a pzl kind: files of boards in the `apad` and `apad-text` formats, read for
//! the edition given as the format's parameter (`apad:weekday`), and dates to solve, named by a
//! puzzle id (`apad:weekday:2026-01-19`, an instance with no boards yet that `solve` answers).
//! The work is in the modules this names ([`crate::solve`] finds a date's solutions); a file of
//! boards has nothing to solve.

use pzl_core::settings::{Setting, SettingType, Verb, mention};
use pzl_core::{
    CheckReport, Error, Info, InfoRequest, Kind, Parsed, RenderRequest, SolveRequest, Solved, Written,
};

use crate::model::board::Answer;
use crate::model::date;
use crate::solve::{Limits, solve_date, weekday_for};

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

    const ID_FORM: Option<&'static str> = Some("[EDITION:]DATE");

    /// `[EDITION:]DATE`: the date (`2026-01-19`, `Jan 19`; empty: today) on the edition
    /// (`classic`, the default, `weekday` or a description file), leaving the date's own weekday
    /// uncovered on an edition with weekdays.
    fn instance(id: &str) -> Result<Parsed<(Format, BoardSet)>, Error> {
        let (edition, typed) = id.rsplit_once(':').unwrap_or(("", id));
        let hint = |e: Error| match e.hint {
            Some(_) => e,
            None => e.hint("an A-Puzzle-A-Day id is apad:[EDITION:]DATE, e.g. apad:weekday:2026-01-19"),
        };
        let puzzle = Puzzle::load(if edition.is_empty() { "classic" } else { edition }).map_err(hint)?;
        let parsed = if typed.trim().is_empty() {
            date::today()
        } else {
            date::parse(typed).map_err(|e| hint(e.into()))?
        };
        let weekday = weekday_for(&puzzle, parsed, None)?;
        let answer = Answer { date: parsed.date, weekday: weekday.value };
        Ok(Parsed::with((Format::Apad, BoardSet::asking(puzzle, answer)), weekday.warnings))
    }

    /// The solutions of the date an instance asks for: the first (every one with `all`, only
    /// their number with `count`), as one document of boards. A file of boards has nothing to
    /// solve.
    fn solve(doc: &BoardSet, request: &SolveRequest) -> Result<Solved<BoardSet>, Error> {
        let Some(answer) = doc.asks else {
            return Err(Error::unsupported(NAME, "solve").hint(
                "a file of boards has nothing to solve; name a date by its id, e.g. apad:weekday:2026-01-19",
            ));
        };
        if let Some((name, _)) = request.settings.iter().next() {
            return Err(Error::usage(format!("{} does not apply to A-Puzzle-A-Day dates", mention(name))));
        }
        if request.distinct || request.limit.is_some() || (request.count && request.all) {
            return Err(Error::usage(format!(
                "an A-Puzzle-A-Day date is solved whole: {}, {} and a limit do not apply",
                mention("distinct"),
                mention("all")
            ))
            .hint("count its solutions with --count, or list them with --all"));
        }
        let first = !request.all && !request.count;
        let found = solve_date(&doc.puzzle, answer, first, &Limits::from_request(request));
        if request.count {
            return Ok(Solved {
                report: found.count_report(&doc.puzzle),
                solutions: Vec::new(),
                trace: None,
            });
        }
        let report = found.report(&doc.puzzle);
        let solutions = match found.boards.is_empty() {
            true => Vec::new(),
            false => vec![BoardSet::from_boards(doc.puzzle.clone(), &found.boards)?],
        };
        Ok(Solved { report, solutions, trace: None })
    }

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
        if let Some(answer) = &doc.asks {
            return Err(Error::usage(format!(
                "an A-Puzzle-A-Day id names a date ({answer}), not boards to write"
            ))
            .hint("solve it, and write its solutions"));
        }
        format::write(doc, format)
    }

    fn info(doc: &BoardSet, request: &InfoRequest) -> Info {
        doc.summary(request)
    }

    fn check(doc: &BoardSet) -> Result<CheckReport, Error> {
        Ok(crate::check::check(doc))
    }

    fn render(doc: &BoardSet, request: &RenderRequest) -> Result<pzl_core::Rendered, Error> {
        let bytes = crate::render::boards(doc, request)?;
        Ok(pzl_core::Rendered { bytes, warnings: crate::render::warnings(doc, request)? })
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
