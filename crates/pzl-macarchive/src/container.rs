//! Archives and disk images as one thing: a container of Mac files, listed, read member by member
//! and unpacked. Members are addressed by path from the root, names joined with `/` (a `/` inside
//! a Mac name is written `:`), e.g. `MacPoly ƒ/Puzzles`; pzl's commands name a member as
//! `FILE#MEMBER`.

use std::io::{Read, Seek, SeekFrom};

use pzl_core::{CheckReport, Fact, Info, Problem};
use pzl_macfile::{Container as MacContainer, ContainerKind, Forks, fourcc};
use serde::Serialize;

use crate::volume::{ImageWrapper, Volume};
use crate::{Archive, Error, Result, Wrapper};

/// The separator between a container file and a member path in a file name: `X.sit.hqx#A/B`.
pub const MEMBER_SEPARATOR: char = '#';

/// An archive or a disk image, read.
#[derive(Debug, Clone)]
pub enum Opened {
    /// A StuffIt archive and what it was wrapped in.
    Archive(Archive, Wrapper),
    /// A disk image.
    Volume(Volume),
}

/// One member, as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Member {
    /// The member path (`Folder/File`).
    pub path: String,
    /// Whether it is a folder.
    pub folder: bool,
    /// Finder type and creator (Mac Roman, `\xHH` for other bytes).
    pub file_type: String,
    /// The creator.
    pub creator: String,
    /// The data fork's length.
    pub data_len: u64,
    /// The resource fork's length.
    pub rsrc_len: u64,
    /// How the forks are stored (archives), e.g. `Arsenic (15)`.
    pub method: Option<String>,
}

/// Whether `bytes` is, by content, an archive or image this crate reads (also wrapped in BinHex
/// or MacBinary, or gzip).
pub fn detect(bytes: &[u8]) -> bool {
    crate::detect(bytes).is_some()
        || crate::stuffit::is_sitx(bytes)
        || crate::volume::detect(bytes).is_some()
        || crate::unwrap(bytes).is_some()
}

/// Read an archive or image; `None` when `bytes` is neither.
pub fn open(bytes: &[u8]) -> Option<Result<Opened>> {
    if crate::volume::detect(bytes).is_some() {
        return Some(Volume::read(bytes).map(Opened::Volume));
    }
    if crate::detect(bytes).is_some() || crate::stuffit::is_sitx(bytes) || crate::unwrap(bytes).is_some() {
        return Some(Archive::read_wrapped(bytes).map(|(a, w)| Opened::Archive(a, w)));
    }
    None
}

/// Whether `bytes` carry an archive's or disk image's signature at a fixed place: every test
/// [`open`] makes but BinHex's, whose header line may stand anywhere in the first 64 KiB. A few
/// comparisons and no allocation (but for a Compact Pro candidate, first byte 1, whose directory
/// is walked): a caller that knows a file for a puzzle by the puzzle format's own magic number
/// need not scan it for BinHex's header line (a BinHex file is text, which holds no such magic).
pub fn signed(bytes: &[u8]) -> bool {
    crate::volume::detect(bytes).is_some()
        || crate::detect(bytes).is_some()
        || crate::stuffit::is_sitx(bytes)
        || pzl_macfile::macbinary::detect(bytes).is_some()
}

/// Read a disk image from a file at positions — its volume header and catalog to list it, a
/// member's extents when that member is read — instead of reading the whole file; `Ok(None)`
/// when the file is not a disk image (read its bytes and call [`open`]).
pub fn open_image<R: Read + Seek + Send + 'static>(mut file: R) -> std::io::Result<Option<Result<Opened>>> {
    let len = file.seek(SeekFrom::End(0))?;
    file.seek(SeekFrom::Start(0))?;
    let mut head = Vec::new();
    (&mut file).take(crate::volume::HEAD as u64).read_to_end(&mut head)?;
    if crate::volume::detect_head(&head, len).is_none() {
        return Ok(None);
    }
    Ok(Some(Volume::open(file).map(Opened::Volume)))
}

impl Opened {
    /// What it is, e.g. `StuffIt 5 archive in BinHex 4.0`, `HFS volume "Untitled" (DiskCopy 4.2)`.
    pub fn describe(&self) -> String {
        match self {
            Opened::Archive(a, w) => {
                let inside = match w {
                    Wrapper::None => "",
                    Wrapper::BinHex => " in BinHex 4.0",
                    Wrapper::MacBinary => " in MacBinary",
                };
                format!("{} archive{inside}", a.format.name())
            }
            Opened::Volume(v) => {
                let inside = match v.wrapper {
                    ImageWrapper::Raw => "",
                    ImageWrapper::DiskCopy42 => " (DiskCopy 4.2 image)",
                    ImageWrapper::Gzip => " (gzip)",
                };
                format!("{} volume \"{}\"{inside}", v.format.name(), v.name)
            }
        }
    }

    /// The format's short name: `stuffit`, `stuffit5`, `hfs`, `hfs+`, `mfs`.
    pub fn format_name(&self) -> &'static str {
        match self {
            Opened::Archive(a, _) => match a.format {
                crate::ArchiveFormat::StuffItClassic => "stuffit",
                crate::ArchiveFormat::StuffIt5 => "stuffit5",
                crate::ArchiveFormat::CompactPro => "compactpro",
            },
            Opened::Volume(v) => match v.format {
                crate::volume::VolumeFormat::Hfs => "hfs",
                crate::volume::VolumeFormat::HfsPlus => "hfs+",
                crate::volume::VolumeFormat::Mfs => "mfs",
            },
        }
    }

    /// Every member, folders before what they hold.
    pub fn members(&self) -> Vec<Member> {
        match self {
            Opened::Archive(a, _) => a
                .entries
                .iter()
                .map(|e| Member {
                    path: e.shown(),
                    folder: e.folder,
                    file_type: fourcc(&e.file_type),
                    creator: fourcc(&e.creator),
                    data_len: u64::from(e.data.len),
                    rsrc_len: u64::from(e.rsrc.len),
                    method: (!e.folder).then(|| {
                        let (d, r) = (e.data.method.name(), e.rsrc.method.name());
                        if e.data.encrypted || e.rsrc.encrypted || a.encrypted {
                            format!("{d}, {r}, password-protected")
                        } else if e.rsrc.len == 0 || d == r {
                            d
                        } else {
                            format!("{d} / {r}")
                        }
                    }),
                })
                .collect(),
            Opened::Volume(v) => v
                .entries
                .iter()
                .map(|e| Member {
                    path: e.shown(),
                    folder: e.folder,
                    file_type: fourcc(&e.file_type()),
                    creator: fourcc(&e.creator()),
                    data_len: e.data_len,
                    rsrc_len: e.rsrc_len,
                    method: None,
                })
                .collect(),
        }
    }

    /// The index of the member at `path`.
    pub fn find(&self, path: &str) -> Option<usize> {
        match self {
            Opened::Archive(a, _) => a.find(path),
            Opened::Volume(v) => v.find(path),
        }
    }

    /// Member `index`'s forks and Finder info, every CRC checked.
    pub fn forks(&self, index: usize) -> Result<Forks> {
        match self {
            Opened::Archive(a, _) => a.forks(index),
            Opened::Volume(v) => v.forks(index),
        }
    }

    /// The member at `path` as a file pzl reads: MacBinary when it has a resource fork (both
    /// forks and the Finder info kept), else its data fork; and its name.
    pub fn member_file(&self, path: &str) -> Result<(Vec<u8>, String)> {
        let index = self.find(path).ok_or_else(|| {
            let members: Vec<String> =
                self.members().into_iter().filter(|m| !m.folder).map(|m| m.path).take(20).collect();
            Error::Other(format!(
                "no member `{path}` in this {} (members: {})",
                self.describe(),
                members.join(", ")
            ))
        })?;
        let forks = self.forks(index)?;
        let name = forks.info.name.clone();
        if forks.rsrc.is_empty() {
            return Ok((forks.data, name));
        }
        let (file, _) = MacContainer::from_forks(ContainerKind::MacBinary, &forks)?;
        Ok((file.write()?, format!("{name}.bin")))
    }

    /// What `pzl check` says: every member's forks read and every CRC and checksum verified
    /// (a DiskCopy 4.2 image's were verified when it was opened); each member that fails is a
    /// problem naming it and the place.
    pub fn check(&self) -> CheckReport {
        if let Opened::Volume(v) = self {
            // Every fork is read: a gzip image is inflated once, not once per file.
            v.will_read_all();
        }
        let members = self.members();
        let mut problems = Vec::new();
        let mut files = 0;
        for (index, m) in members.iter().enumerate().filter(|(_, m)| !m.folder) {
            files += 1;
            if let Err(e) = self.forks(index) {
                problems.push(Problem::new("member", format!("'{}': {e}", m.path)));
            }
        }
        CheckReport::new(
            "mac",
            self.format_name(),
            format!(
                "{files} file{}: every fork reads, every CRC and checksum holds",
                if files == 1 { "" } else { "s" }
            ),
            problems,
        )
        .fact(Fact::new("files", files))
    }

    /// What `pzl info` says: the format and every member.
    pub fn info(&self) -> Info {
        let members = self.members();
        let files = members.iter().filter(|m| !m.folder).count();
        let mut lines = Vec::new();
        for m in &members {
            if m.folder {
                lines.push(format!("{}/", m.path));
            } else {
                let method = m.method.as_deref().map(|x| format!("  {x}")).unwrap_or_default();
                lines.push(format!(
                    "{}  '{}'/'{}'  data {}  rsrc {}{method}",
                    m.path, m.file_type, m.creator, m.data_len, m.rsrc_len
                ));
            }
        }
        Info::new("mac", self.format_name(), self.describe())
            .fact(Fact::new("files", files))
            .fact(Fact::new("folders", members.len() - files))
            .fact(Fact::with_text("members", "members", &members, lines.join("\n")))
            .fact(Fact::hidden("address", "FILE#MEMBER/PATH"))
    }

    /// Every member unpacked: `(relative path, bytes)`, with `None` for a folder. Each file is
    /// written as `kind` asks: AppleDouble (the data fork as the file, `._name` beside it with
    /// the resource fork and Finder info), MacBinary (`name.bin`) or AppleSingle (`name.as`).
    /// Names that cannot be file names (`.`, `..`, NUL bytes) are changed; nothing is lost.
    #[allow(clippy::type_complexity)]
    pub fn extract(&self, kind: ContainerKind) -> Result<Vec<(String, Option<Vec<u8>>)>> {
        let mut out = Vec::new();
        if let Opened::Volume(v) = self {
            // Everything is read: a gzip image is inflated once, not once per file.
            v.will_read_all();
        }
        for (index, m) in self.members().iter().enumerate() {
            let parts: Vec<String> = m.path.split('/').map(safe_name).collect();
            let path = parts.join("/");
            if m.folder {
                out.push((path, None));
                continue;
            }
            let forks = self.forks(index)?;
            match kind {
                ContainerKind::AppleDouble => {
                    let (header, _) = MacContainer::from_forks(ContainerKind::AppleDouble, &forks)?;
                    let (dir, name) = match path.rsplit_once('/') {
                        Some((d, n)) => (format!("{d}/"), n.to_string()),
                        None => (String::new(), path.clone()),
                    };
                    out.push((path.clone(), Some(forks.data.clone())));
                    out.push((format!("{dir}._{name}"), Some(header.write()?)));
                }
                ContainerKind::MacBinary | ContainerKind::AppleSingle => {
                    let (file, _) = MacContainer::from_forks(kind, &forks)?;
                    let ext = if kind == ContainerKind::MacBinary { "bin" } else { "as" };
                    out.push((format!("{path}.{ext}"), Some(file.write()?)));
                }
                other => {
                    return Err(Error::Other(format!(
                        "extract writes AppleDouble, MacBinary or AppleSingle, not {}",
                        other.name()
                    )));
                }
            }
        }
        Ok(out)
    }
}

fn safe_name(name: &str) -> String {
    let name = name.replace('\0', "_");
    match name.as_str() {
        "" | "." | ".." => format!("_{name}"),
        _ => name,
    }
}
