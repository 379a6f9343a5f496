//! Archives and disk images (StuffIt, HFS, HFS+, MFS, DiskCopy 4.2, `.img.gz`) as containers
//! of documents: `pzl info X.sit.hqx` lists the members, and `X.sit.hqx#Folder/File` names one
//! member (after the `#`: the member path from the root, names joined with `/`), which every
//! command then reads like a file of its own: a member with a resource fork as MacBinary (so a
//! MacPoly puzzle resource is one command away), else its data fork. The formats live in
//! `pzl-macarchive`; this module only joins them to [`Document`].

use std::path::Path;

use pzl_core::{CheckReport, Error, Info, Parsed};
use pzl_macarchive::container::{self, MEMBER_SEPARATOR};

use crate::Document;
use crate::document::Open;

pub use pzl_macarchive::container::{Member, Opened};
pub use pzl_macfile::ContainerKind;

/// The member part of `name` when `name` is `path` + `#` + a member path.
fn member_of<'a>(name: &'a str, path: Option<&Path>) -> Option<&'a str> {
    let file = path?.to_str()?;
    name.strip_prefix(file)?.strip_prefix(MEMBER_SEPARATOR).filter(|m| !m.is_empty())
}

fn opened(bytes: &[u8], name: &str) -> Option<Result<Opened, Error>> {
    container::open(bytes).map(|r| r.map_err(|e| Error::from(e).in_file(name)))
}

/// A member named in `name` (`FILE#MEMBER`, where `path` is FILE), read as a document.
pub(crate) fn read_member(
    bytes: &[u8],
    name: &str,
    path: Option<&Path>,
    open: &Open,
) -> Option<Result<Parsed<Document>, Error>> {
    let member = member_of(name, path)?;
    let archive = &name[..name.len() - member.len() - MEMBER_SEPARATOR.len_utf8()];
    Some(open_member(bytes, archive, member, open))
}

/// Member `member` (a path such as `Folder/File`) of the archive or disk image `bytes`, called
/// `name` in messages, read as a document (Python and the browser, which have no file paths).
pub fn open_member(bytes: &[u8], name: &str, member: &str, open: &Open) -> Result<Parsed<Document>, Error> {
    let opened = opened(bytes, name).ok_or_else(|| {
        Error::usage(format!("`{member}` names a member, but this is not an archive or disk image pzl reads"))
            .in_file(name)
    })??;
    let (file, member_name) = opened.member_file(member).map_err(|e| Error::from(e).in_file(name))?;
    let mut open = open.clone();
    if open.from.is_none() {
        open.from = crate::Format::detect(&file, Some(&member_name));
    }
    Document::read(&file, &format!("{name}{MEMBER_SEPARATOR}{member}"), None, &open)
}

/// A file read by [`read`]: an archive or disk image, or a document.
#[allow(clippy::large_enum_variant)]
pub enum Read {
    /// An archive or disk image ([`Opened::check`] verifies it, [`Opened::info`] lists it).
    Container(Opened),
    /// Anything else, read as [`Document::read`] reads it.
    Document(Parsed<Document>),
}

/// Read `bytes` (called `name`, from `path` when on disk) as an archive or disk image when they
/// are one, else as a document: what `pzl check` and `pzl info` do with each input. The format
/// is detected once, for both. A file that a puzzle format's strong content test claims (the
/// `.puz` magic, a JPZ root element, …) and that has no archive or disk-image signature at a
/// fixed place is plainly a puzzle: it is not scanned for a BinHex header line, nor opened.
/// (The signatures are still tested: the `.puz` test finds its magic anywhere, so a disk image
/// holding a `.puz` file passes it.) `open.from`, or a member named in `name`, reads a document
/// without those tests.
pub fn read(bytes: &[u8], name: &str, path: Option<&Path>, open: &Open) -> Result<Read, Error> {
    if open.from.is_some() || member_of(name, path).is_some() {
        return Document::read(bytes, name, path, open).map(Read::Document);
    }
    let detected = crate::Format::detect_how(bytes, Some(&Document::file_name(name, path)));
    let plainly_a_puzzle = matches!(detected, Some((f, true)) if f.as_kind::<pzl_macfile::MacKind>().is_none())
        && !container::signed(bytes);
    if !plainly_a_puzzle && let Some(opened) = opened(bytes, name) {
        return opened.map(Read::Container);
    }
    Document::read_detected(bytes, name, path, open, detected.map(|(f, _)| f)).map(Read::Document)
}

/// What `pzl info` says about an archive or disk image (`None`: not one, or a member is named).
pub fn info(bytes: &[u8], name: &str, path: Option<&Path>) -> Option<Result<Info, Error>> {
    if member_of(name, path).is_some() {
        return None;
    }
    opened(bytes, name).map(|r| r.map(|o| o.info()))
}

/// Files smaller than this are read whole even when they are disk images: reading 8 MiB takes
/// about a millisecond, and a folder of small files is then not opened twice
/// ([`crate::input::read_below`] hands larger ones back open).
pub const READ_AT_FROM: u64 = 8 << 20;

/// The large file `file` (at least [`READ_AT_FROM`] bytes) as a disk image, opened to be read at
/// positions; `None` for anything else (read it whole).
fn open_at(file: std::fs::File) -> Option<pzl_macarchive::Result<Opened>> {
    container::open_image(file).ok()?
}

/// What `pzl info` says about a large disk image on disk (`file`, open), read at positions — its
/// volume header and catalog, not the whole file (a 300 MiB image lists in milliseconds); `None`
/// when it is not one (read it whole and call [`info`]).
pub fn info_file(file: std::fs::File, name: &str) -> Option<Result<Info, Error>> {
    Some(open_at(file)?.map(|o| o.info()).map_err(|e| Error::from(e).in_file(name)))
}

/// What `pzl check` says about an archive or disk image: every member read, every CRC and
/// checksum verified (`None`: not one, or a member is named).
pub fn check(bytes: &[u8], name: &str, path: Option<&Path>) -> Option<Result<CheckReport, Error>> {
    if member_of(name, path).is_some() {
        return None;
    }
    opened(bytes, name).map(|r| r.map(|o| o.check()))
}

/// [`check`] of a large disk image on disk (`file`, open), read at positions (`None`: not one).
pub fn check_file(file: std::fs::File, name: &str) -> Option<Result<CheckReport, Error>> {
    Some(open_at(file)?.map(|o| o.check()).map_err(|e| Error::from(e).in_file(name)))
}

/// Read an archive or disk image (`pzl mac extract`).
pub fn open(bytes: &[u8], name: &str) -> Result<Opened, Error> {
    opened(bytes, name).unwrap_or_else(|| {
        Err(Error::syntax(
            "not an archive or disk image pzl reads (StuffIt, HFS, HFS+, MFS, DiskCopy 4.2, .img.gz)",
        )
        .in_file(name))
    })
}

/// Every member of `bytes` unpacked for `pzl mac extract`: `(relative path, bytes)`, `None` for
/// a folder; each file as `kind` (AppleDouble, MacBinary or AppleSingle) so no fork is lost.
#[allow(clippy::type_complexity)]
pub fn extract(
    bytes: &[u8],
    name: &str,
    kind: ContainerKind,
) -> Result<Vec<(String, Option<Vec<u8>>)>, Error> {
    open(bytes, name)?.extract(kind).map_err(|e| Error::from(e).in_file(name))
}

/// A file's forks and Finder info for [`stuff`]: a Mac file in any container as it is, any other
/// file as a data fork named after the file.
pub fn forks_of(bytes: &[u8], name: &str, path: Option<&Path>) -> Result<pzl_macfile::Forks, Error> {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name).to_string();
    if let Ok(parsed) = Document::read(bytes, name, path, &Open::default())
        && let Ok(doc) = parsed.value.into_kind::<pzl_macfile::MacKind>()
    {
        let mut forks = doc.value.forks()?;
        if forks.info.name.is_empty() {
            forks.info.name = base;
        }
        return Ok(forks);
    }
    let mut info = pzl_macfile::FileInfo { name: base, ..Default::default() };
    info.set_type_creator(*b"????", *b"????");
    Ok(pzl_macfile::Forks { info, data: bytes.to_vec(), rsrc: Vec::new() })
}

/// A classic StuffIt archive (method 0, which every StuffIt Expander reads) holding `files` at
/// its root, bare or wrapped as `output_name` asks: `.hqx` BinHex, `.bin` MacBinary.
pub fn stuff(files: Vec<pzl_macfile::Forks>, output_name: &str) -> Result<Vec<u8>, Error> {
    let members: Vec<pzl_macarchive::write::Member> =
        files.into_iter().map(|forks| pzl_macarchive::write::Member { folders: Vec::new(), forks }).collect();
    let archive =
        pzl_macarchive::write::stuffit(&members).map_err(|e| Error::from(e).in_file(output_name))?;
    let wrap = if output_name.ends_with(".hqx") {
        ContainerKind::BinHex
    } else if output_name.ends_with(".bin") {
        ContainerKind::MacBinary
    } else {
        return Ok(archive);
    };
    let base = output_name.rsplit(['/', '\\']).next().unwrap_or(output_name);
    let mut info = pzl_macfile::FileInfo {
        name: base.trim_end_matches(".hqx").trim_end_matches(".bin").to_string(),
        ..Default::default()
    };
    info.set_type_creator(*b"SIT!", *b"SIT!");
    let forks = pzl_macfile::Forks { info, data: archive, rsrc: Vec::new() };
    let (file, _) =
        pzl_macfile::Container::from_forks(wrap, &forks).map_err(|e| Error::from(e).in_file(output_name))?;
    file.write().map_err(|e| Error::from(e).in_file(output_name))
}
