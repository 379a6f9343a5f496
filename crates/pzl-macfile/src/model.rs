//! The document of the `mac` kind: a [`MacFile`] is one Mac file as it was stored (a container, or
//! Rez text), with its forks and Finder info, and the edits the resource commands make to it.

use pzl_core::FormatTable as _;

use std::path::{Path, PathBuf};

use pzl_core::{Error, Fact, Info, Location, Parsed, Problem, Warning, Written};

use crate::container::{Container, ContainerKind, Forks, LOST_INFO};
use crate::finder::{FileInfo, format_date};
use crate::fork::{Resource, ResourceFork};
use crate::format::{Format, base_name};
use crate::listing::{self, ResourceList, Which};
use crate::{fourcc, rez};

/// How the file was stored (one per document: the size difference of the variants is no matter).
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    /// A container (raw fork, MacBinary, AppleSingle/AppleDouble, BinHex), kept whole.
    Container(Container),
    /// Rez text and the fork it compiles to.
    Rez {
        /// The text as read (written back as is while the fork is not edited).
        text: Vec<u8>,
        /// The compiled fork's bytes.
        rsrc: Vec<u8>,
        /// Whether the fork changed since the text was read.
        edited: bool,
    },
}

/// The data file an AppleDouble header file stands beside (`._x` → `x`): only its path and
/// length are kept, so describing the header never reads a data file of gigabytes; it is read
/// when a conversion needs the data fork's bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataFile {
    /// Where the data file is.
    pub path: PathBuf,
    /// Its length in bytes, from its metadata.
    pub len: u64,
}

/// One Mac file: how it was stored, and what a caller with a path added (the file name, for
/// AppleDouble header files without a name entry, and the data file beside them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MacFile {
    /// The container or Rez text.
    pub body: Body,
    /// The file's own name (without folders), when the caller knows it.
    pub file_name: Option<String>,
    /// The data fork's file beside an AppleDouble header, when attached.
    pub data_file: Option<DataFile>,
}

/// What [`MacFile::add_resource`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Added {
    /// The type.
    pub code: [u8; 4],
    /// The ID given, or the lowest free one from 128.
    pub id: i16,
    /// Whether a resource of that type and ID was replaced.
    pub replaced: bool,
    /// What the user should know (a replaced resource, a name stored as UTF-8).
    pub warnings: Vec<Warning>,
}

/// A fork that does not parse, inside a container: the offset is within the fork.
fn fork_error(kind: Option<ContainerKind>, e: crate::Error) -> Error {
    if kind == Some(ContainerKind::Raw) {
        return e.into();
    }
    Error::syntax(e.to_string()).at(Location::Part("resource fork".into()))
}

/// A write error: the document does not fit the format.
fn encode_error(e: crate::Error) -> Error {
    Error::encode(e.to_string())
}

/// The name a header file `._x` or `%x` stands for: `x`.
fn header_base(file: &str) -> Option<&str> {
    file.strip_prefix("._").or_else(|| file.strip_prefix('%')).filter(|b| !b.is_empty())
}

impl MacFile {
    /// Read `bytes` as `format`; warnings name oddities such as CRCs that do not match.
    pub fn read(bytes: &[u8], format: Format) -> Result<Parsed<MacFile>, Error> {
        let Some(kind) = format.container() else {
            return MacFile::from_rez(bytes).map(Parsed::clean);
        };
        let (container, warnings) = Container::read(bytes, kind)?;
        Ok(Parsed::with(MacFile::of(Body::Container(container)), warnings))
    }

    fn of(body: Body) -> MacFile {
        MacFile { body, file_name: None, data_file: None }
    }

    /// Compile Rez text (`pzl mac rez`); errors name the line.
    pub fn from_rez(text: &[u8]) -> Result<MacFile, Error> {
        let rsrc = rez::rez(text)?.write().map_err(encode_error)?;
        Ok(MacFile::of(Body::Rez { text: text.to_vec(), rsrc, edited: false }))
    }

    /// A new file in `format` to be saved as `file_name`, holding an empty resource fork: named
    /// after the file (without the container's extension or `._` prefix) and typed `rsrc`/`RSED`
    /// like ResEdit's resource files, so classic Mac tools open it.
    pub fn new_for(format: Format, file_name: &str) -> Result<MacFile, Error> {
        let rsrc = ResourceFork::new().write().map_err(encode_error)?;
        let file = base_name(file_name);
        let Some(kind) = format.container() else {
            let text = rez::derez(&ResourceFork::new(), &rsrc).into_bytes();
            return Ok(MacFile {
                file_name: Some(file.into()),
                ..MacFile::of(Body::Rez { text, rsrc, edited: false })
            });
        };
        let mut forks = Forks { rsrc, ..Forks::default() };
        if kind.holds_file_info() {
            let stem = match kind {
                ContainerKind::AppleDouble => header_base(file).unwrap_or(file),
                _ => file.rsplit_once('.').map_or(file, |(stem, _)| stem),
            };
            forks.info.name = stem.to_string();
            forks.info.set_type_creator(*b"rsrc", *b"RSED");
        }
        let (container, _) = Container::from_forks(kind, &forks).map_err(encode_error)?;
        Ok(MacFile { file_name: Some(file.into()), ..MacFile::of(Body::Container(container)) })
    }

    /// Remember the file's name (`._x` gives an AppleDouble header without a name entry the name
    /// `x`, as macOS means it).
    pub fn name_from_file(&mut self, file_name: &str) {
        self.file_name = Some(base_name(file_name).to_string());
    }

    /// For an AppleDouble header file at `header`, find its data file (`._x`, `%x` or `x.rsrc` →
    /// `x`) and attach its path and length, without reading it. A data file that is a symbolic
    /// link is not followed (a warning says so). Other formats have no data file: nothing happens.
    pub fn attach_data_file(&mut self, header: &Path) -> Vec<Warning> {
        if self.container_kind() != Some(ContainerKind::AppleDouble) {
            return Vec::new();
        }
        let Some(file) = header.file_name().and_then(|f| f.to_str()) else { return Vec::new() };
        let Some(base) = header_base(file).or_else(|| file.strip_suffix(".rsrc").filter(|b| !b.is_empty()))
        else {
            return Vec::new();
        };
        let path = header.with_file_name(base);
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => vec![Warning::new(format!(
                "the data file `{base}` is a symbolic link: not followed, the data fork is left out"
            ))],
            Ok(meta) if meta.is_file() => {
                self.data_file = Some(DataFile { path, len: meta.len() });
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// What a caller with the file's path does: [`MacFile::name_from_file`] and
    /// [`MacFile::attach_data_file`].
    pub fn attach_path(&mut self, path: &Path) -> Vec<Warning> {
        if let Some(name) = path.file_name().and_then(|f| f.to_str()) {
            self.name_from_file(name);
        }
        self.attach_data_file(path)
    }

    /// The container, `None` for Rez text.
    pub fn container(&self) -> Option<&Container> {
        match &self.body {
            Body::Container(c) => Some(c),
            Body::Rez { .. } => None,
        }
    }

    /// The container's kind, `None` for Rez text.
    pub fn container_kind(&self) -> Option<ContainerKind> {
        self.container().map(Container::kind)
    }

    /// The format the file is in (for an AppleSingle file read as AppleDouble: its magic's).
    pub fn format(&self) -> Format {
        self.container_kind().map_or(Format::Rez, Format::of_container)
    }

    /// `MacBinary`, `raw resource fork`, `Rez text`, …
    pub fn container_name(&self) -> &'static str {
        self.container_kind().map_or("Rez text", ContainerKind::name)
    }

    /// Name, type, creator, flags and dates; an AppleDouble header without a name entry takes the
    /// name from its file name.
    pub fn file_info(&self) -> FileInfo {
        let mut info = self.container().map(Container::info).unwrap_or_default();
        if self.container_kind() == Some(ContainerKind::AppleDouble)
            && info.name.is_empty()
            && let Some(file) = &self.file_name
        {
            info.name = header_base(file).unwrap_or(file).to_string();
        }
        info
    }

    /// The data fork's length: the container's, or the attached data file's (from its metadata).
    pub fn data_len(&self) -> u64 {
        match &self.data_file {
            Some(file) => file.len,
            None => self.container().map_or(0, |c| c.data().len() as u64),
        }
    }

    /// The data fork's bytes, reading the attached data file (at most 4 GiB: no container holds
    /// more).
    pub fn data(&self) -> Result<Vec<u8>, Error> {
        let Some(file) = &self.data_file else {
            return Ok(self.container().map(|c| c.data().to_vec()).unwrap_or_default());
        };
        let name = file.path.display().to_string();
        if file.len > u64::from(u32::MAX) {
            return Err(Error::limit(format!(
                "the data fork is {} bytes; Mac files hold at most 4 GiB",
                file.len
            ))
            .in_file(name));
        }
        // A conversion holds the data fork about three times (as read, in the container, in the
        // bytes written): that much memory is asked for first, so a data fork too large for this
        // machine is a limit error instead of an abort half-way (findings R4: a 3 GiB sibling
        // aborted `pzl convert ._movie`).
        let len = usize::try_from(file.len).unwrap_or(usize::MAX);
        let no_room = || {
            Error::limit(format!(
                "the data fork is {} bytes, and there is not memory for the three copies of it a \
                 conversion holds",
                file.len
            ))
            .in_file(name.clone())
        };
        let mut probe: Vec<u8> = Vec::new();
        probe.try_reserve_exact(len.checked_mul(3).ok_or_else(no_room)?).map_err(|_| no_room())?;
        drop(probe);
        let mut data = Vec::new();
        data.try_reserve_exact(len).map_err(|_| no_room())?;
        let read = std::fs::File::open(&file.path).and_then(|f| {
            use std::io::Read;
            f.take(file.len).read_to_end(&mut data)
        });
        read.map_err(|e| Error::from(e).in_file(name.clone()))?;
        Ok(data)
    }

    /// The resource fork's bytes (empty for a file without one).
    pub fn rsrc(&self) -> &[u8] {
        match &self.body {
            Body::Container(c) => c.rsrc(),
            Body::Rez { rsrc, .. } => rsrc,
        }
    }

    /// The resource fork, read (an empty one when the file has none).
    pub fn fork(&self) -> Result<ResourceFork, Error> {
        let rsrc = self.rsrc();
        if rsrc.is_empty() {
            return Ok(ResourceFork::new());
        }
        ResourceFork::read(rsrc).map_err(|e| fork_error(self.container_kind(), e))
    }

    /// Replace the resource fork, keeping every other byte of the container.
    pub fn set_fork(&mut self, fork: &ResourceFork) -> Result<(), Error> {
        let bytes = fork.write().map_err(encode_error)?;
        match &mut self.body {
            Body::Container(c) => c.set_rsrc(bytes).map_err(encode_error),
            Body::Rez { rsrc, edited, .. } => {
                *rsrc = bytes;
                *edited = true;
                Ok(())
            }
        }
    }

    /// Both forks and the info (reading the attached data file), what conversions go through.
    pub fn forks(&self) -> Result<Forks, Error> {
        Ok(Forks { info: self.file_info(), data: self.data()?, rsrc: self.rsrc().to_vec() })
    }

    /// The file in its own format: the bytes as read when nothing was edited.
    pub fn to_bytes(&self) -> Result<Vec<u8>, Error> {
        match &self.body {
            Body::Container(c) => c.write().map_err(encode_error),
            Body::Rez { text, edited: false, .. } => Ok(text.clone()),
            Body::Rez { .. } => self.derez().map(String::into_bytes),
        }
    }

    /// DeRez text of the resource fork (`pzl mac derez`).
    pub fn derez(&self) -> Result<String, Error> {
        Ok(rez::derez(&self.fork()?, self.rsrc()))
    }

    /// The file written as `format`: the same bytes in its own format, DeRez text, or another
    /// container; `lost` names what `format` cannot hold.
    pub fn write_as(&self, format: Format) -> Result<Written, Error> {
        if format == self.format() {
            return self.to_bytes().map(Written::exact);
        }
        let Some(kind) = format.container() else {
            let mut lost = Vec::new();
            if self.container_kind().is_some_and(ContainerKind::holds_file_info)
                && self.file_info() != FileInfo::default()
            {
                lost.push(LOST_INFO.to_string());
            }
            if self.data_len() > 0 {
                lost.push(format!("the data fork ({} bytes)", self.data_len()));
            }
            return Ok(Written { bytes: self.derez()?.into_bytes(), lost });
        };
        if !kind.holds_data_fork() && self.data_file.is_some() {
            // The data file stays where it is: never read it only to leave it out.
            let forks = Forks { info: self.file_info(), data: Vec::new(), rsrc: self.rsrc().to_vec() };
            let (container, mut lost) = Container::from_forks(kind, &forks).map_err(encode_error)?;
            lost.insert(0, format!("the data fork ({} bytes)", self.data_len()));
            return Ok(Written { bytes: container.write().map_err(encode_error)?, lost });
        }
        let (container, lost) = Container::from_forks(kind, &self.forks()?).map_err(encode_error)?;
        Ok(Written { bytes: container.write().map_err(encode_error)?, lost })
    }

    /// Every resource (`pzl mac rsrc list`).
    pub fn resources(&self) -> Result<ResourceList, Error> {
        Ok(ResourceList::of(&self.fork()?))
    }

    /// The resource `which` names, with its type (`pzl mac rsrc extract`); a warning when its data
    /// is compressed.
    pub fn resource(&self, which: &Which) -> Result<Parsed<([u8; 4], Resource)>, Error> {
        let fork = self.fork()?;
        let (code, r) = listing::find(&fork, which)?;
        let mut warnings = Vec::new();
        let mut r = r.clone();
        if let Some(c) = r.compression() {
            let place = format!("'{}' {}", fourcc(&code), r.id);
            r.data = r.contents().map_err(|e| in_resource(e, &place))?.into_owned();
            r.attributes &= !1;
            warnings.push(Warning::at(
                Location::Part(place),
                format!(
                    "the resource is compressed ('dcmp' {}); its data is written decompressed",
                    c.dcmp_id
                ),
            ));
        }
        Ok(Parsed::with((code, r), warnings))
    }

    /// Add (or replace) resource `code` `id` (the lowest free ID from 128 when `None`) with `name`
    /// (Mac Roman, or UTF-8 bytes with a warning) and `attributes` (0 when `None`).
    pub fn add_resource(
        &mut self,
        code: [u8; 4],
        id: Option<i16>,
        name: Option<&str>,
        attributes: Option<u8>,
        data: Vec<u8>,
    ) -> Result<Added, Error> {
        let mut fork = self.fork()?;
        let mut warnings = Vec::new();
        let id = match id {
            Some(id) => id,
            None => fork.free_id(&code, 128).ok_or_else(|| Error::usage("no free ID from 128 up"))?,
        };
        let name = name.map(|n| {
            let (bytes, mac_roman) = listing::name_bytes(n);
            if !mac_roman {
                warnings
                    .push(Warning::new("the name has characters outside Mac Roman; stored as UTF-8 bytes"));
            }
            bytes
        });
        if name.as_ref().is_some_and(|n| n.len() > 255) {
            return Err(Error::usage("a resource name has at most 255 bytes"));
        }
        let mut res = Resource::new(id, name, data);
        res.attributes = attributes.unwrap_or(0);
        let replaced = match fork.get(&code, id) {
            Some(old) => {
                res.handle = old.handle;
                warnings.push(Warning::new(format!("replaced '{}' {id}", fourcc(&code))));
                true
            }
            None => false,
        };
        fork.insert(code, res);
        self.set_fork(&fork)?;
        Ok(Added { code, id, replaced, warnings })
    }

    /// Remove the resource `which` names (`pzl mac rsrc remove`) and give it back.
    pub fn remove_resource(&mut self, which: &Which) -> Result<([u8; 4], Resource), Error> {
        let mut fork = self.fork()?;
        let (code, id) = listing::find(&fork, which).map(|(c, r)| (c, r.id))?;
        let removed =
            fork.remove(&code, id).ok_or_else(|| Error::usage("no such resource (see `pzl rsrc list`)"))?;
        self.set_fork(&fork)?;
        Ok((code, removed))
    }

    /// What `check` finds wrong: CRCs that do not match, a resource fork that does not parse.
    pub fn problems(&self) -> Vec<Problem> {
        match &self.body {
            Body::Container(c) => c.problems(),
            Body::Rez { rsrc, .. } => match ResourceFork::read(rsrc) {
                Ok(_) => Vec::new(),
                Err(e) => vec![crate::container::fork_problem(e)],
            },
        }
    }

    /// What `info` says: container, name, type/creator, dates, fork sizes, resources by type,
    /// compressed resources, and the resource listing as a detail.
    pub fn describe(&self, request: &pzl_core::InfoRequest) -> Info {
        let info = self.file_info();
        let mut report = Info::new(crate::kind::NAME, self.format().name(), self.container_name())
            .fact(Fact::hidden("container", self.container_name()));
        let shown = self.container_kind().is_some_and(ContainerKind::holds_file_info);
        let fact = |f: Fact| if shown { f } else { Fact { label: "".into(), text: String::new(), ..f } };
        let date = |d: Option<u32>| d.map_or_else(|| "unknown".to_string(), format_date);
        report = report
            .fact(fact(Fact::new("name", &info.name)))
            .fact(fact(Fact::with_text(
                "type",
                "type/creator",
                fourcc(&info.file_type()),
                format!(
                    "'{}' / '{}'   Finder flags {:#06X}",
                    fourcc(&info.file_type()),
                    fourcc(&info.creator()),
                    info.finder_flags()
                ),
            )))
            .fact(Fact::hidden("creator", fourcc(&info.creator())))
            .fact(Fact::hidden("finder_flags", info.finder_flags()))
            .fact(fact(Fact::with_text(
                "created",
                "created",
                info.created.map(format_date),
                date(info.created),
            )))
            .fact(fact(Fact::with_text(
                "modified",
                "modified",
                info.modified.map(format_date),
                date(info.modified),
            )))
            .fact(fact(Fact::with_text(
                "data_fork",
                "data fork",
                self.data_len(),
                format!("{} bytes", self.data_len()),
            )));
        // A ProDOS/GS-OS file's own type (AppleSingle entry 11: access, file type, aux type).
        if let Some(Container::AppleSingle(a)) = self.container()
            && let Some(&[_, _, t0, t1, a0, a1, a2, a3, ..]) = a.entry(crate::applesingle::PRODOS_FILE_INFO)
        {
            let (file_type, aux) = (u16::from_be_bytes([t0, t1]), u32::from_be_bytes([a0, a1, a2, a3]));
            report = report.fact(Fact::with_json(
                "prodos_type",
                "ProDOS type",
                serde_json::json!({ "file_type": file_type, "aux_type": aux }),
                format!("${file_type:02X}, aux ${aux:04X}"),
            ));
        }
        let rsrc_len = self.rsrc().len();
        match self.fork() {
            Ok(fork) => {
                let mut text =
                    format!("{rsrc_len} bytes, {}", pzl_core::text::count(fork.count() as u64, "resource"));
                let types: Vec<String> = fork
                    .types
                    .iter()
                    .map(|t| format!("'{}' ×{}", fourcc(&t.code), t.resources.len()))
                    .collect();
                if !types.is_empty() {
                    text.push_str(&format!(": {}", types.join(", ")));
                }
                report = report
                    .fact(Fact::with_text("resource_fork", "resource fork", rsrc_len, text))
                    .fact(Fact::hidden("file_attributes", fork.attributes));
                let compressed = fork.iter().filter(|(_, r)| r.attributes & 1 != 0).count();
                if compressed > 0 {
                    report = report.fact(Fact::with_text(
                        "compressed",
                        "compressed",
                        compressed,
                        format!("{compressed} resources (System 7 dcmp; shown raw)"),
                    ));
                }
                report = report.detail(request, || {
                    let list = ResourceList::of(&fork);
                    let text = list.to_string();
                    Fact::with_text("resources", "resources", &list, text)
                });
            }
            Err(e) => {
                let text = if crate::fork::is_iigs_fork(self.rsrc()) {
                    format!("{rsrc_len} bytes, an Apple IIgs (GS/OS) fork (kept, not listed)")
                } else {
                    format!("{rsrc_len} bytes, unreadable: {e}")
                };
                report = report.fact(Fact::with_text("resource_fork", "resource fork", rsrc_len, text));
            }
        }
        report
    }
}

/// A decompression error placed at the resource it is in.
fn in_resource(e: crate::Error, place: &str) -> Error {
    Error::syntax(e.to_string()).at(Location::Part(place.to_string()))
}
