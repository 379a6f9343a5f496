//! Documents inside documents: MacPoly puzzles kept as `SBPn` resources in a classic Mac file's
//! resource fork. The Mac crate knows nothing of MacPoly and the poly crate nothing of
//! containers; this module joins them (object's archive members go back into `File::parse` the
//! same way): pick a puzzle resource as a poly document, check every one of them with the MacPoly
//! reader, and write a solved arrangement back into the file.

use serde::Serialize;

use pzl_core::{CheckReport, Error, Kind, Location, Problem, RenderRequest, SolveRequest};
use pzl_macfile::MacKind;
use pzl_poly::PolyKind;
use pzl_poly::format::macpoly::resource::{self, PuzzleChoice, SaveOutcome, Selector};

use crate::{Doc, Document, Solution};

/// Which puzzle resource of a Mac file to take: by type and ID, or by name; nothing is needed
/// when the file holds exactly one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pick {
    /// The resource type, e.g. `SBP1`.
    pub resource_type: Option<String>,
    /// The resource ID.
    pub id: Option<i16>,
    /// The resource (puzzle) name, e.g. `6 x 6 Square`.
    pub name: Option<String>,
}

impl Pick {
    fn selector(&self) -> Result<Selector, Error> {
        let code = self.resource_type.as_deref().map(pzl_macfile::listing::parse_type).transpose()?;
        Ok(Selector { code, id: self.id, name: self.name.clone() })
    }
}

/// What `solve --save` did: the file's new bytes and a report of the saved arrangement.
#[derive(Debug, Clone)]
pub struct Saved {
    /// The whole file, rewritten with the arrangement saved (every other byte kept).
    pub bytes: Vec<u8>,
    /// What was saved where.
    pub report: SaveReport,
}

/// The arrangement `solve --save` wrote into a puzzle resource.
#[derive(Debug, Clone, Serialize)]
pub struct SaveReport {
    /// The puzzle resource, e.g. `'SBP1' 128 "6 x 6 Square"`.
    pub resource: String,
    /// Whether an arrangement was found and saved.
    pub saved: bool,
    /// Why nothing was saved.
    pub reason: Option<String>,
    /// The saved grid's rows.
    pub rows: Vec<String>,
}

impl SaveReport {
    /// Exit 0 when saved, else 1.
    pub fn status(&self) -> pzl_core::Status {
        if self.saved { pzl_core::Status::Ok } else { pzl_core::Status::Problems }
    }
}

impl std::fmt::Display for SaveReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let resource = pzl_core::text::printable(&self.resource);
        if !self.saved {
            let reason = self.reason.as_deref().map(|r| format!(": {r}")).unwrap_or_default();
            return writeln!(f, "{resource}: no solution{reason}; nothing saved");
        }
        writeln!(f, "saved the arrangement into {resource}")?;
        for row in &self.rows {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

fn puzzles(doc: &Doc<MacKind>) -> Vec<PuzzleChoice> {
    doc.value.fork().map(|fork| resource::puzzle_resources(&fork)).unwrap_or_default()
}

/// Whether the Mac file holds MacPoly puzzle resources.
pub(crate) fn holds_puzzles(doc: &Doc<MacKind>) -> bool {
    !puzzles(doc).is_empty()
}

fn choose(doc: &Doc<MacKind>, pick: Option<&Pick>) -> Result<PuzzleChoice, Error> {
    let fork = doc.value.fork()?;
    let selector = pick.map(Pick::selector).transpose()?.unwrap_or_default();
    resource::choose_puzzle(&fork, &selector)
}

/// An error the poly crate placed "in" a resource (`file` = its label) is an error in the Mac
/// file at that resource: the file is the container's, the place names the resource.
fn in_resource(mut e: Error, label: &str) -> Error {
    if e.file.as_deref() == Some(label) {
        e.file = None;
        let place = match e.at.take() {
            Some(at) => format!("{label}, {at}"),
            None => label.to_string(),
        };
        e.at = Some(Location::Part(place));
    }
    e
}

fn poly_document(choice: &PuzzleChoice) -> Result<Document, Error> {
    let doc = choice.doc().map_err(|e| in_resource(e, &choice.label()))?.value;
    Ok(Document::Poly(Doc { format: doc.format(), value: doc }))
}

/// The container's check, and every puzzle resource read and checked as MacPoly.
pub(crate) fn check(doc: &Doc<MacKind>) -> Result<CheckReport, Error> {
    let mut report = MacKind::check(&doc.value)?;
    for choice in puzzles(doc) {
        let at = Location::Part(choice.label());
        match choice.doc() {
            Ok(parsed) => {
                if let Ok(puzzle_report) = PolyKind::check(&parsed.value) {
                    report.problems.extend(puzzle_report.problems.into_iter().map(|mut p| {
                        p.at = Some(at.clone());
                        p
                    }));
                }
            }
            Err(e) => report.problems.push(Problem::new("macpoly", e.message).at(at)),
        }
    }
    report.ok = report.problems.is_empty();
    Ok(report)
}

/// Draw the Mac file's only puzzle resource.
pub(crate) fn render(doc: &Doc<MacKind>, request: &RenderRequest) -> Result<Vec<u8>, Error> {
    if !holds_puzzles(doc) {
        return MacKind::render(&doc.value, request);
    }
    poly_document(&choose(doc, None)?)?.render(request)
}

/// Solve the Mac file's only puzzle resource.
pub(crate) fn solve(doc: &Doc<MacKind>, request: &SolveRequest) -> Result<Solution, Error> {
    if !holds_puzzles(doc) {
        return Err(
            Error::unsupported("mac", "solve").hint("only MacPoly puzzle resources (SBPn) can be solved")
        );
    }
    poly_document(&choose(doc, None)?)?.solve(request)
}

impl Document {
    /// The puzzle resource `pick` names inside this Mac file, as a document of its own.
    pub fn pick(&self, pick: &Pick) -> Result<Document, Error> {
        match self {
            Document::Mac(doc) => poly_document(&choose(doc, Some(pick))?),
            other => Err(Error::usage(format!(
                "--type, --id and --name choose a puzzle resource inside a Mac file, not in a {} file",
                other.kind()
            ))),
        }
    }

    /// Solve a puzzle resource of this Mac file (the one `pick` names, or the only one) and save
    /// the arrangement into it, as MacPoly does.
    pub fn solve_and_save(&self, pick: Option<&Pick>, request: &SolveRequest) -> Result<Saved, Error> {
        let Document::Mac(doc) = self else {
            return Err(Error::usage(format!(
                "--save writes into a MacPoly puzzle resource of a Mac file, not into a {} file",
                self.kind()
            )));
        };
        let choice = choose(doc, pick)?;
        let mut report =
            SaveReport { resource: choice.label(), saved: false, reason: None, rows: Vec::new() };
        let saved = match resource::save_arrangement(&choice, request)
            .map_err(|e| in_resource(e, &choice.label()))?
        {
            SaveOutcome::NoSolution(reason) => {
                report.reason = reason;
                return Ok(Saved { bytes: doc.value.to_bytes()?, report });
            }
            SaveOutcome::Saved(saved) => saved,
        };
        let mut fork = doc.value.fork()?;
        if let Some(r) = fork.get_mut(&choice.code, choice.id) {
            r.data = saved.data;
            r.attributes &= !1; // saved decompressed: no longer a compressed resource
        }
        let mut file = doc.value.clone();
        file.set_fork(&fork)?;
        report.saved = true;
        report.rows = saved.rows.iter().map(|r| String::from_utf8_lossy(r).into_owned()).collect();
        Ok(Saved { bytes: file.to_bytes()?, report })
    }
}
