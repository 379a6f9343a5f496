//! Documents inside documents (object's archive members): a container kind (a classic Mac file)
//! lists the members it holds that some kind reads ([`Kind::members`](pzl_core::Kind::members):
//! MacPoly puzzles kept as `SBPn` resources), and the kind that reads a member opens it
//! ([`Kind::read_member`](pzl_core::Kind::read_member)) knowing nothing of the container. Pick a
//! member as a document of its own, check every member with the container, draw or solve the
//! only member, and save a solution back into the container's file.

use serde::Serialize;

use pzl_core::{
    CheckReport, Error, Location, Member, Problem, RenderRequest, Rendered, SavedMember, SolveRequest,
};

use crate::registry::{self, Documents, Solution};
use crate::settings::mention;
use crate::{Document, Format};

/// Which member of a container to take: by type and ID, or by name; nothing is needed when the
/// file holds exactly one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pick {
    /// The type it is stored as (a resource type, e.g. `SBP1`).
    pub resource_type: Option<String>,
    /// Its ID.
    pub id: Option<i16>,
    /// Its name, e.g. `6 x 6 Square`.
    pub name: Option<String>,
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

/// An error the member's kind placed "in" the member (`file` = its label) is an error in the
/// container at that member: the file is the container's, the place names the member.
fn in_member(mut e: Error, label: &str) -> Error {
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

/// The one member `pick` names (any when `None`): none or several matching is a usage error
/// that lists the members.
fn choose<'a>(members: &'a [Member], pick: Option<&Pick>) -> Result<&'a Member, Error> {
    let pick = pick.cloned().unwrap_or_default();
    let stored_as = pick
        .resource_type
        .as_deref()
        .map(|t| pzl_macfile::listing::parse_type(t).map(|code| pzl_macfile::fourcc(&code)))
        .transpose()?;
    let mut matches = members.iter().filter(|m| {
        stored_as.as_ref().is_none_or(|t| *t == m.stored_as)
            && pick.id.is_none_or(|id| m.id == Some(i64::from(id)))
            && pick.name.as_ref().is_none_or(|n| *n == m.name)
    });
    let listing = || {
        let all: Vec<&str> = members.iter().map(|m| m.label.as_str()).collect();
        if all.is_empty() { "none".to_string() } else { all.join(", ") }
    };
    match (matches.next(), matches.next()) {
        (Some(only), None) => Ok(only),
        (None, _) => Err(Error::usage(format!(
            "no puzzle inside the file matches; the puzzles it holds: {}",
            listing()
        ))),
        (Some(_), Some(_)) => Err(Error::usage(format!(
            "several puzzles inside the file match; choose one with {} and {}, or {}: {}",
            mention("type"),
            mention("id"),
            mention("name"),
            listing()
        ))),
    }
}

/// The format some kind reads `member` in.
fn format_of(member: &Member) -> Result<Format, Error> {
    Document::member_format(&member.stored_as)
        .ok_or_else(|| Error::usage(format!("no kind reads {}", member.label)))
}

/// `member`, read as a document of its own.
fn open(member: &Member) -> Result<Document, Error> {
    let format = format_of(member)?;
    Ok(Document::read_member(member, format).map_err(|e| in_member(e, &member.label))?.value)
}

impl Document {
    /// The members this document (a container) holds that some kind reads, in its order
    /// (empty for a document that is no container, or whose members cannot be listed).
    pub fn members(&self) -> Vec<Member> {
        Documents::members(self).and_then(Result::ok).unwrap_or_default()
    }

    /// The member `pick` names inside this container, as a document of its own.
    pub fn pick(&self, pick: &Pick) -> Result<Document, Error> {
        let Some(members) = Documents::members(self) else {
            return Err(Error::usage(format!(
                "{}, {} and {} choose a puzzle inside a file that holds puzzles (a Mac file's \
                 resources), and a {} file holds none",
                mention("type"),
                mention("id"),
                mention("name"),
                self.kind()
            )));
        };
        open(choose(&members?, Some(pick))?)
    }

    /// The only member, when the document holds members (what `render` and `solve` take).
    fn only_member(&self) -> Result<Option<Document>, Error> {
        let members = self.members();
        if members.is_empty() { Ok(None) } else { open(choose(&members, None)?).map(Some) }
    }

    /// Verify the document strictly: a container, and every member read and checked.
    pub fn check(&self) -> Result<CheckReport, Error> {
        let mut report = registry::check(self, &[])?;
        let members = self.members();
        if members.is_empty() {
            return Ok(report);
        }
        for member in &members {
            let at = Location::Part(member.label.clone());
            let format = format_of(member)?;
            match Document::read_member(member, format) {
                Ok(parsed) => {
                    if let Ok(checked) = registry::check(&parsed.value, &[]) {
                        report.problems.extend(checked.problems.into_iter().map(|mut p| {
                            p.at = Some(at.clone());
                            p
                        }));
                    }
                }
                Err(e) => report.problems.push(Problem::new(format.name(), e.message).at(at)),
            }
        }
        report.ok = report.problems.is_empty();
        Ok(report)
    }

    /// Draw the document (a container: its only member), with what the user should know about
    /// the drawing (only the first of several chosen boards fits one picture; a font lacks a
    /// glyph).
    pub fn render(&self, request: &RenderRequest) -> Result<Rendered, Error> {
        match self.only_member()? {
            Some(member) => member.render(request),
            None => Documents::draw(self, request),
        }
    }

    /// Solve the document (a container: its only member).
    pub fn solve(&self, request: &SolveRequest) -> Result<Solution, Error> {
        // A count split in shards is refused for a container, as for any kind without shards.
        match self.only_member()? {
            Some(member) if request.shard.is_none() => member.solve(request),
            _ => registry::solve(self, request),
        }
    }

    /// Solve a member of this container (the one `pick` names, or the only one) and save the
    /// solution into it (an arrangement into a MacPoly puzzle resource, as MacPoly does).
    pub fn solve_and_save(&self, pick: Option<&Pick>, request: &SolveRequest) -> Result<Saved, Error> {
        let Some(members) = Documents::members(self) else {
            return Err(Error::usage(format!(
                "{} writes the solution into the puzzle inside the file it was read from (a Mac \
                 file's puzzle resource), and a {} file holds none",
                mention("save"),
                self.kind()
            )));
        };
        let members = members?;
        let member = choose(&members, pick)?;
        let format = format_of(member)?;
        let mut report =
            SaveReport { resource: member.label.clone(), saved: false, reason: None, rows: Vec::new() };
        let saved =
            Document::save_member(member, format, request).map_err(|e| in_member(e, &member.label))?;
        let (bytes, rows) = match saved {
            SavedMember::NoSolution(reason) => {
                report.reason = reason;
                return Ok(Saved { bytes: self.write(self.format())?.bytes, report });
            }
            SavedMember::Saved { bytes, rows } => (bytes, rows),
        };
        let file = Documents::with_member(self, member, bytes)?;
        report.saved = true;
        report.rows = rows;
        Ok(Saved { bytes: file.write(file.format())?.bytes, report })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pzl_core::ErrorKind;

    const FIG6: &str = "6 x 6 Square\rCongratulations! Puzzle by David Levner.\r\
        ..................\r.a.a..SSSSSS..b.b.\r.aaaa.SSSSSS.bbbb.\r.aaa..SSSSSS..bbb.\r\
        ......SSSSSS......\r.c.c..SSSSSS..d.d.\r.cccc.SSSSSS.dddd.\r.ccc..........ddd.\r\
        ..................\r";

    /// A raw resource fork holding FIG6 as each of `codes`.
    fn mac_file(codes: &[&str]) -> Document {
        let mut doc = crate::kinds::mac::new_file("puzzles.rsrc").unwrap();
        for code in codes {
            crate::kinds::poly::ftor(&mut doc, code, &[("fig6".into(), FIG6.as_bytes().to_vec())]).unwrap();
        }
        doc
    }

    #[test]
    fn a_mac_file_lists_its_puzzle_resources_as_members() {
        let doc = mac_file(&["SBP1"]);
        let members = doc.members();
        assert_eq!(members.len(), 1);
        assert_eq!(members[0].label, "'SBP1' 128 \"6 x 6 Square\"");
        assert_eq!((members[0].stored_as.as_str(), members[0].id), ("SBP1", Some(128)));
        // The only member needs no pick; it is drawn, solved and checked with the file.
        let picked = doc.pick(&Pick::default()).unwrap();
        assert_eq!((picked.kind(), picked.format().name()), ("poly", "macpoly"));
        let solved = doc.solve(&SolveRequest { count: true, ..SolveRequest::default() }).unwrap();
        assert_eq!(solved.report.count.map(|c| c.value), Some(48));
        assert!(doc.check().unwrap().ok);
        // A document that is no container has no members and refuses a pick.
        let masyu =
            Document::parse(b"4:4:AgAQAA\n", Format::from_name("tootsweet").unwrap(), "").unwrap().value;
        assert!(masyu.members().is_empty());
        let e = masyu.pick(&Pick::default()).err().unwrap();
        assert!(e.message.ends_with("and a masyu file holds none"), "{e}");
        assert_eq!(
            pzl_core::settings::spell(&e.message, |n| format!("--{n}")),
            "--type, --id and --name choose a puzzle inside a file that holds puzzles (a Mac file's \
             resources), and a masyu file holds none"
        );
    }

    #[test]
    fn none_or_several_matching_list_the_members() {
        let doc = mac_file(&["SBP1", "SBP2"]);
        let e = doc.pick(&Pick::default()).err().unwrap();
        assert_eq!(e.kind, ErrorKind::Usage);
        assert_eq!(
            pzl_core::settings::spell(&e.message, |n| format!("--{n}")),
            "several puzzles inside the file match; choose one with --type and --id, or --name: \
             'SBP1' 128 \"6 x 6 Square\", 'SBP2' 128 \"6 x 6 Square\""
        );
        let e = doc.pick(&Pick { id: Some(200), ..Pick::default() }).err().unwrap();
        assert!(e.message.starts_with("no puzzle inside the file matches; the puzzles it holds: 'SBP1'"));
        let two = Pick { resource_type: Some("SBP2".into()), ..Pick::default() };
        assert!(doc.pick(&two).is_ok());
        assert!(doc.pick(&Pick { name: Some("6 x 6 Square".into()), ..Pick::default() }).is_err());
        let e = mac_file(&[]).pick(&Pick::default()).err().unwrap();
        assert!(e.message.ends_with("the puzzles it holds: none"), "{e}");
        assert!(mac_file(&[]).solve(&SolveRequest::default()).is_err());
    }

    #[test]
    fn saving_replaces_the_member_and_keeps_the_rest_of_the_file() {
        let doc = mac_file(&["SBP1", "SBP2"]);
        let before = doc.write(doc.format()).unwrap().bytes;
        let pick = Pick { resource_type: Some("SBP2".into()), ..Pick::default() };
        let saved = doc.solve_and_save(Some(&pick), &SolveRequest::default()).unwrap();
        assert!(saved.report.saved && saved.report.rows.len() == 9, "{:?}", saved.report);
        assert_eq!(saved.report.resource, "'SBP2' 128 \"6 x 6 Square\"");
        assert_eq!(saved.bytes.len(), before.len());
        let after = Document::parse(&saved.bytes, doc.format(), "").unwrap().value;
        let [one, two] = after.members().try_into().unwrap();
        assert_eq!(one, doc.members()[0], "the other member is kept");
        assert_ne!(two.bytes, doc.members()[1].bytes);
        assert!(after.check().unwrap().ok);
        let e = after.pick(&pick).unwrap().solve_and_save(None, &SolveRequest::default()).unwrap_err();
        assert!(e.message.starts_with("setting `save` writes the solution into the puzzle inside"), "{e}");
    }
}
