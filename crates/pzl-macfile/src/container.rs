//! One interface over every way a Mac file travels: a raw resource fork, MacBinary, AppleSingle,
//! AppleDouble and BinHex. Detection is by content; conversion goes through [`Forks`].

use pzl_core::{Location, Problem, Warning};
use serde::Serialize;

use crate::applesingle::{self, AppleSingle, Kind};
use crate::binhex::{self, BinHex};
use crate::finder::FileInfo;
use crate::macbinary::{self, MacBinary};
use crate::{Error, Result, fork};

/// The ways a Mac file travels outside an HFS disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ContainerKind {
    /// A bare resource fork (`.rsrc`).
    Raw,
    /// MacBinary I/II/III: header, data fork, resource fork.
    MacBinary,
    /// AppleSingle: both forks and the Finder info as entries of one file.
    AppleSingle,
    /// AppleDouble: the header file beside a data file (resource fork and Finder info).
    AppleDouble,
    /// BinHex 4.0 text.
    BinHex,
}

impl ContainerKind {
    /// The name for people, e.g. `MacBinary`, `raw resource fork`.
    pub fn name(self) -> &'static str {
        match self {
            ContainerKind::Raw => "raw resource fork",
            ContainerKind::MacBinary => "MacBinary",
            ContainerKind::AppleSingle => "AppleSingle",
            ContainerKind::AppleDouble => "AppleDouble",
            ContainerKind::BinHex => "BinHex 4.0",
        }
    }
    /// Whether the container itself carries a data fork (AppleDouble leaves it in the data file).
    pub fn holds_data_fork(self) -> bool {
        !matches!(self, ContainerKind::Raw | ContainerKind::AppleDouble)
    }
    /// Whether the container carries a name, type, creator and dates.
    pub fn holds_file_info(self) -> bool {
        self != ContainerKind::Raw
    }
}

/// A file's two forks and its metadata: what every container converts through.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Forks {
    /// Name, Finder info, dates.
    pub info: FileInfo,
    /// The data fork.
    pub data: Vec<u8>,
    /// The resource fork, as bytes.
    pub rsrc: Vec<u8>,
}

/// A container as read, kept whole so that an unedited one writes back byte for byte.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Container {
    /// A bare resource fork.
    Raw(Vec<u8>),
    /// A MacBinary file.
    MacBinary(MacBinary),
    /// An AppleSingle or AppleDouble file.
    AppleSingle(AppleSingle),
    /// A BinHex 4.0 file.
    BinHex(BinHex),
}

/// What a format without Finder info loses, in words.
pub const LOST_INFO: &str = "the name, type, creator, Finder flags and dates";

/// The container `bytes` is in, judged by content only.
pub fn detect(bytes: &[u8]) -> Option<ContainerKind> {
    if let Some((kind, _)) = applesingle::detect(bytes) {
        return Some(match kind {
            Kind::Single => ContainerKind::AppleSingle,
            Kind::Double => ContainerKind::AppleDouble,
        });
    }
    if binhex::detect(bytes) {
        return Some(ContainerKind::BinHex);
    }
    if macbinary::detect(bytes).is_some() {
        return Some(ContainerKind::MacBinary);
    }
    fork::looks_like_fork(bytes).then_some(ContainerKind::Raw)
}

impl Container {
    /// Read `bytes` as `kind`; the warnings are for oddities such as bad CRCs.
    pub fn read(bytes: &[u8], kind: ContainerKind) -> Result<(Container, Vec<Warning>)> {
        let (container, mut warnings) = Container::read_only(bytes, kind)?;
        // An Apple IIgs resource fork (CiderPress II writes them for GS/OS files): the rest of
        // the file is read; the fork is kept byte for byte but not listed (finding I3).
        let rsrc = container.rsrc();
        if kind != ContainerKind::Raw && fork::is_iigs_fork(rsrc) {
            warnings.push(Warning::new(format!(
                "the resource fork ({} bytes) is {}; the rest of the file is read",
                rsrc.len(),
                fork::IIGS_FORK
            )));
        }
        Ok((container, warnings))
    }

    fn read_only(bytes: &[u8], kind: ContainerKind) -> Result<(Container, Vec<Warning>)> {
        Ok(match kind {
            ContainerKind::Raw => {
                if !bytes.is_empty() {
                    fork::ResourceFork::read(bytes)?;
                }
                (Container::Raw(bytes.to_vec()), Vec::new())
            }
            ContainerKind::MacBinary => {
                let (mb, warnings) = MacBinary::read(bytes)?;
                (Container::MacBinary(mb), warnings)
            }
            ContainerKind::AppleSingle | ContainerKind::AppleDouble => {
                let file = AppleSingle::read(bytes)?;
                let wanted = if kind == ContainerKind::AppleSingle { Kind::Single } else { Kind::Double };
                let mut warnings = Vec::new();
                if file.kind != wanted {
                    warnings.push(Warning::at(
                        Location::Offset(0),
                        format!("read as {} but the magic number says {:?}", kind.name(), file.kind),
                    ));
                }
                (Container::AppleSingle(file), warnings)
            }
            ContainerKind::BinHex => {
                let (bh, warnings) = BinHex::read(bytes)?;
                (Container::BinHex(bh), warnings)
            }
        })
    }

    /// Detect and read.
    pub fn open(bytes: &[u8]) -> Result<(Container, Vec<Warning>)> {
        let kind = detect(bytes).ok_or_else(|| {
            Error::at(0, "not a Mac file: no BinHex header line, AppleSingle/AppleDouble magic, MacBinary header or resource fork header")
        })?;
        Container::read(bytes, kind)
    }

    /// Which container this is.
    pub fn kind(&self) -> ContainerKind {
        match self {
            Container::Raw(_) => ContainerKind::Raw,
            Container::MacBinary(_) => ContainerKind::MacBinary,
            Container::AppleSingle(a) if a.kind == Kind::Double => ContainerKind::AppleDouble,
            Container::AppleSingle(_) => ContainerKind::AppleSingle,
            Container::BinHex(_) => ContainerKind::BinHex,
        }
    }

    /// The container's bytes (the original ones when nothing was edited).
    pub fn write(&self) -> Result<Vec<u8>> {
        match self {
            Container::Raw(bytes) => Ok(bytes.clone()),
            Container::MacBinary(mb) => Ok(mb.write()),
            Container::AppleSingle(a) => a.write(),
            Container::BinHex(bh) => bh.write(),
        }
    }

    /// Name, Finder info and dates (all empty for a raw fork).
    pub fn info(&self) -> FileInfo {
        match self {
            Container::Raw(_) => FileInfo::default(),
            Container::MacBinary(mb) => mb.info(),
            Container::AppleSingle(a) => a.info(),
            Container::BinHex(bh) => bh.info(),
        }
    }

    /// The data fork the container holds (empty for raw forks and AppleDouble).
    pub fn data(&self) -> &[u8] {
        match self {
            Container::Raw(_) => &[],
            Container::MacBinary(mb) => &mb.data,
            Container::AppleSingle(a) => a.entry(applesingle::DATA_FORK).unwrap_or(&[]),
            Container::BinHex(bh) => &bh.data,
        }
    }

    /// The resource fork's bytes.
    pub fn rsrc(&self) -> &[u8] {
        match self {
            Container::Raw(bytes) => bytes,
            Container::MacBinary(mb) => &mb.rsrc,
            Container::AppleSingle(a) => a.entry(applesingle::RESOURCE_FORK).unwrap_or(&[]),
            Container::BinHex(bh) => &bh.rsrc,
        }
    }

    /// Replace the resource fork, keeping everything else.
    pub fn set_rsrc(&mut self, rsrc: Vec<u8>) -> Result<()> {
        match self {
            Container::Raw(bytes) => *bytes = rsrc,
            Container::MacBinary(mb) => mb.set_rsrc(rsrc)?,
            Container::AppleSingle(a) => a.set_entry(applesingle::RESOURCE_FORK, Some(rsrc)),
            Container::BinHex(bh) => bh.rsrc = rsrc,
        }
        Ok(())
    }

    /// Both forks and the info, copied out.
    pub fn forks(&self) -> Forks {
        Forks { info: self.info(), data: self.data().to_vec(), rsrc: self.rsrc().to_vec() }
    }

    /// A new container of `kind` holding `forks`; the second value names, in words, each thing
    /// `kind` cannot hold (`the data fork (21 bytes)`, `the dates`), for [`pzl_core::Written::lost`].
    pub fn from_forks(kind: ContainerKind, forks: &Forks) -> Result<(Container, Vec<String>)> {
        let mut warnings = Vec::new();
        if !kind.holds_data_fork() && !forks.data.is_empty() {
            warnings.push(format!("the data fork ({} bytes)", forks.data.len()));
        }
        if !kind.holds_file_info() && forks.info != FileInfo::default() {
            warnings.push(LOST_INFO.into());
        }
        let container = match kind {
            ContainerKind::Raw => {
                // A raw fork file is nothing but the fork: one that does not parse would be a file
                // no reader (pzl's included) opens. The other containers carry it as it is.
                if !forks.rsrc.is_empty()
                    && let Err(e) = fork::ResourceFork::read(&forks.rsrc)
                {
                    return Err(Error::Other(format!(
                        "the resource fork does not parse ({e}), so it cannot be written as a raw resource fork"
                    )));
                }
                Container::Raw(forks.rsrc.clone())
            }
            ContainerKind::MacBinary => {
                let (mb, w) = MacBinary::new(&forks.info, &forks.data, &forks.rsrc)?;
                warnings.extend(w);
                Container::MacBinary(mb)
            }
            ContainerKind::AppleSingle | ContainerKind::AppleDouble => {
                let k = if kind == ContainerKind::AppleSingle { Kind::Single } else { Kind::Double };
                Container::AppleSingle(AppleSingle::new(k, &forks.info, &forks.data, &forks.rsrc))
            }
            ContainerKind::BinHex => {
                if forks.info.created.is_some() || forks.info.modified.is_some() {
                    warnings.push("the dates".into());
                }
                let (bh, w) = BinHex::new(&forks.info, &forks.data, &forks.rsrc);
                warnings.extend(w);
                Container::BinHex(bh)
            }
        };
        Ok((container, warnings))
    }

    /// Problems `pzl check` reports: bad CRCs, a resource fork that does not parse.
    pub fn problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        match self {
            Container::MacBinary(mb) if !mb.crc_ok() => {
                out.push(Problem::new("crc", "MacBinary header CRC does not match").at(Location::Offset(124)))
            }
            Container::BinHex(bh) if !bh.crcs_ok() => {
                out.push(Problem::new("crc", "a BinHex CRC does not match"))
            }
            _ => {}
        }
        let rsrc = self.rsrc();
        // An Apple IIgs fork is no damage: pzl only cannot list it (the reader warns).
        if !rsrc.is_empty()
            && !fork::is_iigs_fork(rsrc)
            && let Err(e) = fork::ResourceFork::read(rsrc)
        {
            out.push(fork_problem(e));
        }
        out
    }
}

/// A resource fork that does not parse, as a `check` problem naming the offset within the fork.
pub(crate) fn fork_problem(e: Error) -> Problem {
    Problem::new("resource-fork", e.to_string()).at(Location::Part("resource fork".into()))
}
