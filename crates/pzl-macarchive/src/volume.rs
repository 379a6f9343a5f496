//! Disk images, read only: HFS (catalog and extents-overflow B-trees), MFS (flat directory,
//! 12-bit block map), HFS+ (catalog B-tree, Unicode names; extents overflow followed), each bare,
//! in a DiskCopy 4.2 image (both checksums verified) or gzip-wrapped (`.img.gz`).
//!
//! The caller does the I/O: a volume is read through [`ReadAt`], positional reads of only what
//! is needed — the volume header, the extents-overflow and catalog B-tree nodes on the leaf chain
//! (or MFS's block map and directory), and a file's extents when its forks are asked for.
//! [`Volume::read`] takes the image's bytes (the browser and Python hand those over);
//! [`Volume::open`] takes a file (any `Read + Seek`) and lists a 300 MiB image reading a few
//! hundred KiB of it. gzip cannot seek: a `.img.gz` is inflated as a stream only as far as the
//! last byte needed, keeping only the ranges asked for (the B-tree files while listing, a
//! member's extents while reading it); an earlier range means inflating again from the start.
//!
//! Bounds: a fork is read only from the image's own blocks, so no fork is larger than the image;
//! a gzip-wrapped image inflates to at most [`MAX_IMAGE`] bytes; B-tree walks visit each node at
//! most once (a cyclic tree is an error, not a loop), so listing holds the leaf records of the
//! two B-trees, never more than their files (plus, for gzip, the compressed file and the two
//! B-tree files as the volume header sizes them, each at most [`MAX_GZIP_TREE`]); folders nest at most
//! [`crate::stuffit::MAX_DEPTH`] deep.

use std::collections::{HashMap, HashSet};
use std::io::{Read, Seek, SeekFrom};
use std::sync::{Arc, Mutex};

use pzl_macfile::{FileInfo, Forks, macroman};
use serde::Serialize;

use crate::{Error, Result};

/// The largest image accepted once un-gzipped (1 GiB).
pub const MAX_IMAGE: u64 = 1 << 30;

/// The file systems read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum VolumeFormat {
    /// Hierarchical File System (1985–).
    Hfs,
    /// HFS Plus (1998–).
    HfsPlus,
    /// Macintosh File System (1984–85).
    Mfs,
}

impl VolumeFormat {
    /// The name for people.
    pub fn name(self) -> &'static str {
        match self {
            VolumeFormat::Hfs => "HFS",
            VolumeFormat::HfsPlus => "HFS+",
            VolumeFormat::Mfs => "MFS",
        }
    }
}

/// What held the volume.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ImageWrapper {
    /// A bare volume (`.img`, `.dsk`, `.hfs`).
    Raw,
    /// DiskCopy 4.2 (`.image`).
    DiskCopy42,
    /// gzip (`.img.gz`).
    Gzip,
}

/// Where a volume's bytes come from: positional reads, the caller doing the I/O (as gimli's
/// `Reader` does). Implemented for bytes in memory (`Vec<u8>`), for any `Read + Seek`
/// ([`Seekable`]) and, inside this module, for a gzip stream.
pub trait ReadAt: Send + Sync {
    /// The image's length in bytes, or an upper bound where it is only known once read through
    /// (gzip: [`MAX_IMAGE`]).
    fn size(&self) -> u64;
    /// Fill `buf` with the bytes from offset `at`; an error when they run past the end.
    fn read_exact_at(&self, at: u64, buf: &mut [u8]) -> std::io::Result<()>;
    /// A hint that the ranges `(offset, length)` are read next. A source that cannot seek
    /// (gzip) reads them in one pass and keeps them; the others do nothing.
    fn will_read(&self, _ranges: &[(u64, u64)]) {}
    /// Whether reading at an earlier position is cheap (false for gzip, which inflates again
    /// from the start).
    fn seekable(&self) -> bool {
        true
    }
}

/// The largest B-tree file (extents or catalog) read from a gzip image, which keeps it whole
/// while listing (128 MiB: catalogs of real volumes are a few MiB).
pub const MAX_GZIP_TREE: u64 = 128 << 20;

impl ReadAt for Vec<u8> {
    fn size(&self) -> u64 {
        self.len() as u64
    }
    fn read_exact_at(&self, at: u64, buf: &mut [u8]) -> std::io::Result<()> {
        let from = usize::try_from(at).ok();
        let got = from.and_then(|f| self.get(f..f.checked_add(buf.len())?)).ok_or_else(past_end)?;
        buf.copy_from_slice(got);
        Ok(())
    }
}

fn past_end() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "past the end of the image")
}

/// A `Read + Seek` source (a file) read at positions: `base` is where the volume starts in it
/// (84 for DiskCopy 4.2), `size` the volume's length.
#[derive(Debug)]
pub struct Seekable<R> {
    inner: Mutex<R>,
    base: u64,
    size: u64,
}

impl<R: Read + Seek> Seekable<R> {
    /// The whole of `inner` as the image.
    pub fn new(mut inner: R) -> std::io::Result<Seekable<R>> {
        let size = inner.seek(SeekFrom::End(0))?;
        Ok(Seekable { inner: Mutex::new(inner), base: 0, size })
    }
    /// `size` bytes of `inner` from `base` as the image.
    pub fn part(inner: R, base: u64, size: u64) -> Seekable<R> {
        Seekable { inner: Mutex::new(inner), base, size }
    }
}

impl<R: Read + Seek + Send> ReadAt for Seekable<R> {
    fn size(&self) -> u64 {
        self.size
    }
    fn read_exact_at(&self, at: u64, buf: &mut [u8]) -> std::io::Result<()> {
        if at.checked_add(buf.len() as u64).is_none_or(|end| end > self.size) {
            return Err(past_end());
        }
        let mut inner = self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        inner.seek(SeekFrom::Start(self.base + at))?;
        inner.read_exact(buf)
    }
}

/// A gzip-wrapped image: inflated as a stream, as far as a read needs; the ranges of the last
/// [`ReadAt::will_read`] are kept, everything else is passed over.
struct Gzip {
    compressed: Arc<[u8]>,
    state: Mutex<GzipState>,
}

struct GzipState {
    decoder: flate2::read::MultiGzDecoder<std::io::Cursor<Arc<[u8]>>>,
    /// How far the decoder has inflated.
    pos: u64,
    /// The ranges kept, sorted, not overlapping.
    kept: Vec<(u64, Vec<u8>)>,
}

impl Gzip {
    fn new(compressed: Vec<u8>) -> Gzip {
        let compressed: Arc<[u8]> = compressed.into();
        let decoder = flate2::read::MultiGzDecoder::new(std::io::Cursor::new(compressed.clone()));
        Gzip { compressed, state: Mutex::new(GzipState { decoder, pos: 0, kept: Vec::new() }) }
    }
}

impl GzipState {
    fn restart(&mut self, compressed: &Arc<[u8]>) {
        self.decoder = flate2::read::MultiGzDecoder::new(std::io::Cursor::new(compressed.clone()));
        self.pos = 0;
    }

    /// Inflate up to `at` (from the start again if the decoder is past it), then fill `buf`.
    fn read(&mut self, compressed: &Arc<[u8]>, at: u64, buf: &mut [u8]) -> std::io::Result<()> {
        if at.checked_add(buf.len() as u64).is_none_or(|end| end > MAX_IMAGE) {
            return Err(std::io::Error::other(format!(
                "gzip: the image would inflate past {MAX_IMAGE} bytes (refused)"
            )));
        }
        if at < self.pos {
            self.restart(compressed);
        }
        let mut scratch = [0u8; 1 << 14];
        while self.pos < at {
            let want = usize::try_from(at - self.pos).unwrap_or(usize::MAX).min(scratch.len());
            let n = self.decoder.read(&mut scratch[..want])?;
            if n == 0 {
                return Err(self.ended());
            }
            self.pos += n as u64;
        }
        let mut filled = 0;
        while filled < buf.len() {
            let n = self.decoder.read(&mut buf[filled..])?;
            if n == 0 {
                return Err(self.ended());
            }
            filled += n;
            self.pos += n as u64;
        }
        Ok(())
    }

    fn ended(&self) -> std::io::Error {
        std::io::Error::new(
            std::io::ErrorKind::UnexpectedEof,
            format!("gzip: the image ends at {} bytes", self.pos),
        )
    }
}

impl ReadAt for Gzip {
    fn size(&self) -> u64 {
        MAX_IMAGE
    }
    fn seekable(&self) -> bool {
        false
    }
    fn read_exact_at(&self, at: u64, buf: &mut [u8]) -> std::io::Result<()> {
        let mut state = self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let end = at.saturating_add(buf.len() as u64);
        if let Some((from, bytes)) =
            state.kept.iter().find(|(from, bytes)| *from <= at && end <= from + bytes.len() as u64)
        {
            let skip = (at - from) as usize;
            buf.copy_from_slice(&bytes[skip..skip + buf.len()]);
            return Ok(());
        }
        state.read(&self.compressed, at, buf)
    }
    fn will_read(&self, ranges: &[(u64, u64)]) {
        let mut state = self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let merged = merge(ranges);
        let held = |&(at, len): &(u64, u64)| {
            state.kept.iter().any(|(from, bytes)| *from <= at && at + len <= from + bytes.len() as u64)
        };
        if merged.iter().all(held) {
            return;
        }
        state.kept.clear();
        // A range that cannot be read (past the end, or past MAX_IMAGE) is not kept: reading it
        // then gives the error.
        for (at, len) in merged {
            let Ok(n) = usize::try_from(len) else { continue };
            let mut bytes = vec![0u8; n];
            if state.read(&self.compressed, at, &mut bytes).is_ok() {
                state.kept.push((at, bytes));
            } else {
                break;
            }
        }
    }
}

/// `ranges` sorted and merged where they overlap or touch; empty ones and ones past
/// [`MAX_IMAGE`] dropped.
fn merge(ranges: &[(u64, u64)]) -> Vec<(u64, u64)> {
    let mut sorted: Vec<(u64, u64)> =
        ranges.iter().copied().filter(|&(at, len)| len > 0 && at.saturating_add(len) <= MAX_IMAGE).collect();
    sorted.sort_unstable();
    let mut out: Vec<(u64, u64)> = Vec::new();
    for (at, len) in sorted {
        match out.last_mut() {
            Some((from, n)) if at <= *from + *n => *n = (*n).max(at + len - *from),
            _ => out.push((at, len)),
        }
    }
    out
}

/// The image a volume is read from.
#[derive(Clone)]
struct Image(Arc<dyn ReadAt>);

impl std::fmt::Debug for Image {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Image({} bytes)", self.0.size())
    }
}

impl Image {
    /// That `len` bytes at `at` lie in the image.
    fn check(&self, at: u64, len: u64, what: &str) -> Result<()> {
        match at.checked_add(len) {
            Some(end) if end <= self.0.size() => Ok(()),
            _ => Err(Error::at(
                at,
                format!("{what}: {len} bytes needed but the image ends at {}", self.0.size()),
            )),
        }
    }
    /// The `len` bytes at `at`.
    fn read(&self, at: u64, len: usize, what: &str) -> Result<Vec<u8>> {
        self.check(at, len as u64, what)?;
        let mut buf = vec![0u8; len];
        self.0.read_exact_at(at, &mut buf).map_err(|e| Error::at(at, format!("{what}: {e}")))?;
        Ok(buf)
    }
    /// `len` bytes from offset `at` of a file laid out in `runs`, appended to `out`.
    fn read_runs(&self, runs: &Runs, mut at: u64, mut len: u64, what: &str, out: &mut Vec<u8>) -> Result<()> {
        for &(start, n) in runs {
            if len == 0 {
                break;
            }
            if at >= n {
                at -= n;
                continue;
            }
            let take = (n - at).min(len);
            let take_usize = usize::try_from(take)
                .map_err(|_| Error::Other(format!("{what}: {take} bytes is too long")))?;
            out.extend_from_slice(&self.read(start + at, take_usize, what)?);
            len -= take;
            at = 0;
        }
        if len > 0 {
            return Err(Error::Other(format!("{what}: {len} bytes past the end of its extents")));
        }
        Ok(())
    }
}

/// Overflow extents by (fork type, file ID): (first file block, extents), sorted.
type Overflow<B> = HashMap<(u8, u32), Vec<(B, Vec<(u32, u32)>)>>;

/// Runs of bytes of the image, (offset, length), in file order.
type Runs = Vec<(u64, u64)>;

/// The first `len` bytes of a file laid out in `runs`.
fn clip(runs: &Runs, len: u64) -> Runs {
    let mut out = Vec::new();
    let mut left = len;
    for &(at, n) in runs {
        if left == 0 {
            break;
        }
        out.push((at, n.min(left)));
        left -= n.min(left);
    }
    out
}

/// A file or folder of a volume.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VolumeEntry {
    /// The path from the volume's root (a `/` in a name is shown as `:`).
    pub path: Vec<String>,
    /// Whether it is a folder.
    pub folder: bool,
    /// Finder info (type, creator, flags …; 16 bytes FInfo then 16 FXInfo).
    #[serde(skip)]
    pub finder_info: [u8; 32],
    /// Creation date, seconds since 1904.
    pub created: u32,
    /// Modification date, seconds since 1904.
    pub modified: u32,
    /// The data fork's length.
    pub data_len: u64,
    /// The resource fork's length.
    pub rsrc_len: u64,
    #[serde(skip)]
    data: Runs,
    #[serde(skip)]
    rsrc: Runs,
}

impl VolumeEntry {
    /// The path, names joined with `/`.
    pub fn shown(&self) -> String {
        self.path.join("/")
    }
    /// The Finder type.
    pub fn file_type(&self) -> [u8; 4] {
        [self.finder_info[0], self.finder_info[1], self.finder_info[2], self.finder_info[3]]
    }
    /// The Finder creator.
    pub fn creator(&self) -> [u8; 4] {
        [self.finder_info[4], self.finder_info[5], self.finder_info[6], self.finder_info[7]]
    }
    /// Both forks' byte runs, each clipped to its fork's length.
    fn fork_runs(&self) -> Runs {
        let mut runs = clip(&self.data, self.data_len);
        runs.extend(clip(&self.rsrc, self.rsrc_len));
        runs
    }
}

/// A volume, read: its tree, and the image to read forks from.
#[derive(Debug, Clone)]
pub struct Volume {
    /// The file system.
    pub format: VolumeFormat,
    /// What held it.
    pub wrapper: ImageWrapper,
    /// The volume's name.
    pub name: String,
    /// Every file and folder, folders before what they hold, sorted by path.
    pub entries: Vec<VolumeEntry>,
    image: Image,
}

fn be16(b: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([b[at], b[at + 1]])
}
fn be32(b: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// Whether `bytes` is a disk image pzl reads (by content).
pub fn detect(bytes: &[u8]) -> Option<(VolumeFormat, ImageWrapper)> {
    detect_head(bytes, bytes.len() as u64)
}

/// As [`detect`], from the first bytes of a file (at least 1110 of them, when the file has that
/// many) and the file's length: what to look at before reading the rest.
pub fn detect_head(head: &[u8], len: u64) -> Option<(VolumeFormat, ImageWrapper)> {
    if head.starts_with(&[0x1F, 0x8B]) {
        // The format inside is only known once inflated; HFS is the usual one.
        return Some((VolumeFormat::Hfs, ImageWrapper::Gzip));
    }
    if let Some(f) = raw_format(head) {
        return Some((f, ImageWrapper::Raw));
    }
    if is_diskcopy42(head, len) {
        return raw_format(&head[84..]).map(|f| (f, ImageWrapper::DiskCopy42));
    }
    None
}

/// How many bytes [`detect_head`] looks at.
pub const HEAD: usize = 84 + 1026;

fn raw_format(b: &[u8]) -> Option<VolumeFormat> {
    match b.get(1024..1026)? {
        b"BD" => Some(VolumeFormat::Hfs),
        b"H+" | b"HX" => Some(VolumeFormat::HfsPlus),
        [0xD2, 0xD7] => Some(VolumeFormat::Mfs),
        _ => None,
    }
}

/// A DiskCopy 4.2 header at the start of `head`, in a file of `len` bytes.
fn is_diskcopy42(head: &[u8], len: u64) -> bool {
    head.len() >= HEAD && head[0] <= 63 && be16(head, 0x52) == 0x0100 && {
        let data = u64::from(be32(head, 0x40));
        let tags = u64::from(be32(head, 0x44));
        84 + data + tags == len
    }
}

/// DiskCopy 4.2's checksum, carried on over `bytes` (an even number of them but at the end):
/// add each big-endian word, rotate right by one.
fn dc42_checksum(sum: u32, bytes: &[u8]) -> u32 {
    bytes.chunks_exact(2).fold(sum, |sum, w| sum.wrapping_add(u32::from(be16(w, 0))).rotate_right(1))
}

/// Compare DiskCopy 4.2's checksums (data, tags) with its header's.
fn dc42_verify(header: &[u8], data: u32, tags: u32) -> Result<()> {
    let (want_data, want_tags) = (be32(header, 0x48), be32(header, 0x4C));
    if data != want_data {
        return Err(Error::at(
            0x48,
            format!("DiskCopy 4.2: data checksum {data:08X} but the header says {want_data:08X}"),
        ));
    }
    if tags != want_tags {
        return Err(Error::at(
            0x4C,
            format!("DiskCopy 4.2: tag checksum {tags:08X} but the header says {want_tags:08X}"),
        ));
    }
    Ok(())
}

fn io_error(e: std::io::Error) -> Error {
    Error::Other(format!("reading the image: {e}"))
}

impl Volume {
    /// Read a disk image from its bytes: bare, DiskCopy 4.2 (both checksums verified) or
    /// gzip-wrapped (inflated only as far as what is read needs).
    pub fn read(bytes: &[u8]) -> Result<Volume> {
        if bytes.starts_with(&[0x1F, 0x8B]) {
            return Volume::from_image(Image(Arc::new(Gzip::new(bytes.to_vec()))), ImageWrapper::Gzip);
        }
        if raw_format(bytes).is_none() && is_diskcopy42(bytes, bytes.len() as u64) {
            let data_len = be32(bytes, 0x40) as usize;
            let data = &bytes[84..84 + data_len];
            let tags = &bytes[84 + data_len..];
            dc42_verify(bytes, dc42_checksum(0, data), tags.get(12..).map_or(0, |t| dc42_checksum(0, t)))?;
            return Volume::from_image(Image(Arc::new(data.to_vec())), ImageWrapper::DiskCopy42);
        }
        Volume::from_image(Image(Arc::new(bytes.to_vec())), ImageWrapper::Raw)
    }

    /// Read a disk image from a file (any `Read + Seek`), reading only what is needed: the
    /// volume header and the B-tree nodes on the catalog's leaf chain, then a file's extents
    /// when [`Volume::forks`] asks for them. A DiskCopy 4.2 image's checksums are verified by
    /// reading it through once (its data, 64 KiB at a time, not held). A gzip-wrapped image is
    /// read whole (the compressed bytes) and inflated as far as needed.
    pub fn open<R: Read + Seek + Send + 'static>(mut file: R) -> Result<Volume> {
        let len = file.seek(SeekFrom::End(0)).map_err(io_error)?;
        file.seek(SeekFrom::Start(0)).map_err(io_error)?;
        let mut head = vec![0u8; usize::try_from(len).unwrap_or(HEAD).min(HEAD)];
        file.read_exact(&mut head).map_err(io_error)?;
        if head.starts_with(&[0x1F, 0x8B]) {
            if len > MAX_IMAGE {
                return Err(Error::Other(format!(
                    "gzip: a {len}-byte file is more than the {MAX_IMAGE} accepted"
                )));
            }
            let mut compressed = head;
            file.read_to_end(&mut compressed).map_err(io_error)?;
            return Volume::from_image(Image(Arc::new(Gzip::new(compressed))), ImageWrapper::Gzip);
        }
        if raw_format(&head).is_none() && is_diskcopy42(&head, len) {
            let data_len = u64::from(be32(&head, 0x40));
            file.seek(SeekFrom::Start(84)).map_err(io_error)?;
            let mut chunk = vec![0u8; 1 << 16];
            let mut sums = [0u32; 2];
            let mut at = 0u64;
            // The data then the tags, in even-length chunks; the tags' first 12 bytes are not summed.
            for (which, part) in [data_len, len - 84 - data_len].into_iter().enumerate() {
                let mut left = part;
                let mut skip = if which == 1 { 12u64 } else { 0 };
                while left > 0 {
                    let n = usize::try_from(left).unwrap_or(chunk.len()).min(chunk.len());
                    file.read_exact(&mut chunk[..n]).map_err(io_error)?;
                    let from = usize::try_from(skip).unwrap_or(n).min(n);
                    sums[which] = dc42_checksum(sums[which], &chunk[from..n]);
                    skip -= from as u64;
                    left -= n as u64;
                    at += n as u64;
                }
            }
            debug_assert_eq!(at, len - 84);
            dc42_verify(&head, sums[0], sums[1])?;
            let image = Seekable::part(file, 84, data_len);
            return Volume::from_image(Image(Arc::new(image)), ImageWrapper::DiskCopy42);
        }
        let image = Seekable::part(file, 0, len);
        Volume::from_image(Image(Arc::new(image)), ImageWrapper::Raw)
    }

    /// Read a bare volume (no DiskCopy header, not gzip) through the caller's own [`ReadAt`].
    pub fn read_at(source: impl ReadAt + 'static) -> Result<Volume> {
        Volume::from_image(Image(Arc::new(source)), ImageWrapper::Raw)
    }

    fn from_image(image: Image, wrapper: ImageWrapper) -> Result<Volume> {
        let not_a_volume = || {
            Error::at(
                1024,
                "not a Mac volume (expected `BD` for HFS, `H+` for HFS+ or D2 D7 for MFS at offset 1024)",
            )
        };
        let signature = image.read(1024, 2, "the volume header").map_err(|_| not_a_volume())?;
        let mut probe = vec![0u8; 1024];
        probe.extend_from_slice(&signature);
        let format = raw_format(&probe).ok_or_else(not_a_volume)?;
        let (name, mut entries) = match format {
            VolumeFormat::Hfs => hfs(&image)?,
            VolumeFormat::HfsPlus => hfs_plus(&image)?,
            VolumeFormat::Mfs => mfs(&image)?,
        };
        entries.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(Volume { format, wrapper, name, entries, image })
    }

    /// The index of the entry at `path` (names joined with `/`).
    pub fn find(&self, path: &str) -> Option<usize> {
        let path = path.trim_matches('/');
        self.entries.iter().position(|e| e.shown() == path)
    }

    /// A hint that the forks of entries `indices` are read next: a gzip image is then inflated
    /// once, keeping those files' bytes, instead of once per file (from its start each time a
    /// file lies before the last one read). Nothing changes for other images.
    pub fn will_read(&self, indices: impl IntoIterator<Item = usize>) {
        let runs: Runs = indices
            .into_iter()
            .filter_map(|i| self.entries.get(i))
            .flat_map(VolumeEntry::fork_runs)
            .collect();
        self.image.0.will_read(&runs);
    }

    /// [`Volume::will_read`] of every entry (extracting everything).
    pub fn will_read_all(&self) {
        self.will_read(0..self.entries.len());
    }

    /// Read entry `index`'s forks and Finder info: only their extents are read.
    pub fn forks(&self, index: usize) -> Result<Forks> {
        let e = self.entries.get(index).ok_or_else(|| Error::Other(format!("no entry {index}")))?;
        if e.folder {
            return Err(Error::Other(format!("'{}' is a folder", e.shown())));
        }
        let read = |runs: &Runs, len: u64, which: &str| -> Result<Vec<u8>> {
            let held: u64 = runs.iter().map(|&(_, n)| n).sum();
            if held < len {
                return Err(Error::Other(format!(
                    "'{}', {which}: its extents hold {held} of its {len} bytes",
                    e.shown()
                )));
            }
            let mut out = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
            self.image.read_runs(runs, 0, len, &format!("'{}', {which}", e.shown()), &mut out)?;
            Ok(out)
        };
        self.image.0.will_read(&e.fork_runs());
        let mut info = FileInfo {
            name: e.path.last().cloned().unwrap_or_default().replace(':', "/"),
            finder_info: e.finder_info,
            created: Some(e.created),
            modified: Some(e.modified),
            ..FileInfo::default()
        };
        info.protected = false;
        Ok(Forks {
            info,
            data: read(&e.data, e.data_len, "data fork")?,
            rsrc: read(&e.rsrc, e.rsrc_len, "resource fork")?,
        })
    }
}

fn slice<'a>(b: &'a [u8], at: usize, len: usize, what: &str) -> Result<&'a [u8]> {
    at.checked_add(len)
        .and_then(|end| b.get(at..end))
        .ok_or_else(|| Error::at(at, format!("{what}: {len} bytes needed but only {} are there", b.len())))
}

fn mac_name(bytes: &[u8]) -> String {
    macroman::decode(bytes).replace('/', ":")
}

/// Folders' paths from (id → (parent, name)), refusing cycles and deep nesting.
fn path_of(id: u32, dirs: &HashMap<u32, (u32, String)>, root: u32) -> Result<Vec<String>> {
    let mut path = Vec::new();
    let mut at = id;
    while at != root {
        let Some((parent, name)) = dirs.get(&at) else { break };
        path.push(name.clone());
        if path.len() > crate::stuffit::MAX_DEPTH {
            return Err(Error::Other(format!(
                "folders nested deeper than {} (or a cycle)",
                crate::stuffit::MAX_DEPTH
            )));
        }
        at = *parent;
    }
    path.reverse();
    Ok(path)
}

// ---------------------------------------------------------------------------------------------
// HFS

struct Hfs<'a> {
    image: &'a Image,
    block_size: u64,
    first_block: u64,
}

impl Hfs<'_> {
    fn runs(&self, extents: &[(u32, u32)], physical: u64) -> Result<Runs> {
        let mut runs = Vec::new();
        let mut total = 0u64;
        for &(start, count) in extents {
            if count == 0 || total >= physical {
                continue;
            }
            let at = self.first_block + u64::from(start) * self.block_size;
            let len = u64::from(count) * self.block_size;
            self.image.check(at, len, "an extent")?;
            runs.push((at, len));
            total += len;
        }
        Ok(runs)
    }
}

/// The leaf records of a B-tree held in `file` (runs of the image), each node on the leaf chain
/// read once (a chain that comes back to a node is an error): only the header node and the
/// leaf nodes are read.
fn btree_leaves(image: &Image, file: &Runs, plus: bool) -> Result<Vec<Vec<u8>>> {
    let tree_len: u64 = file.iter().map(|&(_, n)| n).sum();
    if !image.0.seekable() && tree_len > MAX_GZIP_TREE {
        return Err(Error::Other(format!(
            "gzip: a {tree_len}-byte B-tree file is more than the {MAX_GZIP_TREE} bytes pzl keeps while \
             listing a gzip image (un-gzip it and read the bare image)"
        )));
    }
    image.0.will_read(file);
    let mut header = Vec::new();
    image.read_runs(file, 0, 14 + 106, "the B-tree header node", &mut header)?;
    let node_size = usize::from(be16(&header, 14 + 18));
    if !(512..=32768).contains(&node_size) || (!node_size.is_multiple_of(512) && !plus) {
        return Err(Error::Other(format!("a B-tree node size of {node_size}")));
    }
    let mut node = be32(&header, 14 + 10);
    let mut seen = HashSet::new();
    let mut records = Vec::new();
    let mut n = Vec::with_capacity(node_size);
    while node != 0 {
        if !seen.insert(node) {
            return Err(Error::Other(format!("the B-tree's leaf chain comes back to node {node} (a cycle)")));
        }
        let at = u64::from(node) * node_size as u64;
        if at + node_size as u64 > tree_len {
            return Err(Error::Other(format!(
                "B-tree node {node} lies past the end of its {tree_len}-byte file"
            )));
        }
        n.clear();
        image.read_runs(file, at, node_size as u64, &format!("B-tree node {node}"), &mut n)?;
        if n[8] != 0xFF {
            return Err(Error::Other(format!("B-tree node {node} is kind {}, expected a leaf", n[8] as i8)));
        }
        let count = usize::from(be16(&n, 10));
        if 14 + 2 * (count + 1) > node_size {
            return Err(Error::Other(format!("B-tree node {node} claims {count} records")));
        }
        for i in 0..count {
            let start = usize::from(be16(&n, node_size - 2 * (i + 1)));
            let end = usize::from(be16(&n, node_size - 2 * (i + 2)));
            if start < 14 || end <= start || end > node_size - 2 * (count + 1) {
                return Err(Error::Other(format!(
                    "B-tree node {node}: record {i} at {start}..{end} is outside the node"
                )));
            }
            records.push(n[start..end].to_vec());
        }
        node = be32(&n, 0);
    }
    Ok(records)
}

fn hfs_extents(rec: &[u8], at: usize) -> Vec<(u32, u32)> {
    (0..3).map(|i| (u32::from(be16(rec, at + 4 * i)), u32::from(be16(rec, at + 4 * i + 2)))).collect()
}

fn hfs(image: &Image) -> Result<(String, Vec<VolumeEntry>)> {
    let mdb = image.read(1024, 162, "the Master Directory Block")?;
    let mdb = mdb.as_slice();
    let block_size = u64::from(be32(mdb, 20));
    if block_size == 0 || !block_size.is_multiple_of(512) {
        return Err(Error::at(1024 + 20, format!("HFS: an allocation block size of {block_size}")));
    }
    let vol = Hfs { image, block_size, first_block: u64::from(be16(mdb, 28)) * 512 };
    let name = mac_name(&mdb[37..37 + usize::from(mdb[36].min(27))]);
    let xt_size = u64::from(be32(mdb, 130));
    let ct_size = u64::from(be32(mdb, 146));
    let xt = vol.runs(&hfs_extents(mdb, 134), xt_size)?;
    // Overflow extents by (fork type, file id) in start-block order.
    let mut overflow: Overflow<u16> = HashMap::new();
    for rec in btree_leaves(image, &xt, false)? {
        if rec.len() < 8 + 12 || rec[0] < 7 {
            continue;
        }
        let key = (rec[1], be32(&rec, 2));
        overflow.entry(key).or_default().push((be16(&rec, 6), hfs_extents(&rec, 8)));
    }
    overflow.values_mut().for_each(|v| v.sort_by_key(|(s, _)| *s));
    let all_extents = |first: Vec<(u32, u32)>, fork: u8, id: u32| {
        let mut ext = first;
        if let Some(more) = overflow.get(&(fork, id)) {
            more.iter().for_each(|(_, e)| ext.extend_from_slice(e));
        }
        ext
    };
    let ct = vol.runs(&all_extents(hfs_extents(mdb, 150), 0, 4), ct_size)?;
    let mut dirs: HashMap<u32, (u32, String)> = HashMap::new();
    let mut files = Vec::new();
    let mut folders = Vec::new();
    for rec in btree_leaves(image, &ct, false)? {
        let key_len = usize::from(*rec.first().unwrap_or(&0));
        if key_len < 6 || rec.len() < key_len + 2 {
            continue;
        }
        let parent = be32(&rec, 2);
        let name_len = usize::from(rec[6]).min(key_len.saturating_sub(6));
        let entry_name = mac_name(&rec[7..7 + name_len]);
        let data_at = (key_len + 2) & !1;
        let d = &rec[data_at..];
        match d.first() {
            Some(1) if d.len() >= 70 => {
                let id = be32(d, 6);
                dirs.insert(id, (parent, entry_name));
                let mut finder_info = [0u8; 32];
                finder_info[..16].copy_from_slice(&d[22..38]);
                finder_info[16..].copy_from_slice(&d[38..54]);
                folders.push((id, finder_info, be32(d, 10), be32(d, 14)));
            }
            Some(2) if d.len() >= 102 => files.push((parent, entry_name, d.to_vec())),
            _ => {}
        }
    }
    let root = 1;
    let mut entries = folder_entries(folders, &dirs)?;
    for (parent, entry_name, d) in files {
        let id = be32(&d, 20);
        let mut path = strip_root(path_of(parent, &dirs, root)?);
        path.push(entry_name);
        let mut finder_info = [0u8; 32];
        finder_info[..16].copy_from_slice(&d[4..20]);
        finder_info[16..].copy_from_slice(&d[56..72]);
        let data_len = u64::from(be32(&d, 26));
        let rsrc_len = u64::from(be32(&d, 36));
        let data =
            vol.runs(&all_extents(hfs_extents(&d, 74), 0, id), u64::from(be32(&d, 30)).max(data_len))?;
        let rsrc =
            vol.runs(&all_extents(hfs_extents(&d, 86), 0xFF, id), u64::from(be32(&d, 40)).max(rsrc_len))?;
        entries.push(VolumeEntry {
            path,
            folder: false,
            finder_info,
            created: be32(&d, 44),
            modified: be32(&d, 48),
            data_len,
            rsrc_len,
            data,
            rsrc,
        });
    }
    Ok((name, entries))
}

/// A catalog's folders as entries (the root folder, id 2, is the volume itself and not listed):
/// the same for HFS and HFS+, whose catalogs differ only in their record layouts.
fn folder_entries(
    folders: Vec<(u32, [u8; 32], u32, u32)>,
    dirs: &HashMap<u32, (u32, String)>,
) -> Result<Vec<VolumeEntry>> {
    let mut entries = Vec::new();
    for (id, finder_info, created, modified) in folders {
        let Some((parent, name)) = dirs.get(&id).filter(|_| id != 2) else { continue };
        let mut path = strip_root(path_of(*parent, dirs, 1)?);
        path.push(name.clone());
        entries.push(VolumeEntry {
            path,
            folder: true,
            finder_info,
            created,
            modified,
            data_len: 0,
            rsrc_len: 0,
            data: Vec::new(),
            rsrc: Vec::new(),
        });
    }
    Ok(entries)
}

/// Paths from `path_of` start with the volume (the root folder, ID 2): drop it.
fn strip_root(mut path: Vec<String>) -> Vec<String> {
    if !path.is_empty() {
        path.remove(0);
    }
    path
}

// ---------------------------------------------------------------------------------------------
// MFS

fn mfs(image: &Image) -> Result<(String, Vec<VolumeEntry>)> {
    let mdb = image.read(1024, 64, "the MFS volume information")?;
    let mdb = mdb.as_slice();
    let file_count = usize::from(be16(mdb, 12));
    let dir_start = u64::from(be16(mdb, 14)) * 512;
    let dir_len = usize::from(be16(mdb, 16)) * 512;
    let block_count = usize::from(be16(mdb, 18));
    let block_size = u64::from(be32(mdb, 20));
    let first_block = u64::from(be16(mdb, 28)) * 512;
    let name = mac_name(&mdb[37..37 + usize::from(mdb[36].min(27))]);
    if block_size == 0 {
        return Err(Error::at(1024 + 20, "MFS: an allocation block size of 0"));
    }
    // The 12-bit block map follows the 64-byte volume information: entry n is block n + 2's next.
    let map = image.read(1024 + 64, (block_count * 3).div_ceil(2), "the MFS block map")?;
    let next = |block: usize| -> usize {
        let i = block - 2;
        let at = i * 3 / 2;
        if i.is_multiple_of(2) {
            usize::from(map[at]) << 4 | usize::from(map[at + 1]) >> 4
        } else {
            (usize::from(map[at]) & 0xF) << 8 | usize::from(map[at + 1])
        }
    };
    let chain = |start: usize, len: u64| -> Result<Runs> {
        let mut runs = Vec::new();
        let mut block = start;
        let mut total = 0u64;
        let mut steps = 0;
        while block >= 2 && block < block_count + 2 && total < len {
            let at = first_block + (block as u64 - 2) * block_size;
            image.check(at, block_size, "an MFS block")?;
            runs.push((at, block_size));
            total += block_size;
            steps += 1;
            if steps > block_count {
                return Err(Error::Other("MFS: a block chain that loops".into()));
            }
            block = next(block);
        }
        Ok(runs)
    };
    let dir = image.read(dir_start, dir_len, "the MFS directory")?;
    let mut entries = Vec::new();
    let mut pos = 0;
    while entries.len() < file_count && pos + 51 <= dir.len() {
        let flags = dir[pos];
        if flags & 0x80 == 0 {
            // The rest of this 512-byte block is empty.
            pos = (pos / 512 + 1) * 512;
            continue;
        }
        let e = &dir[pos..];
        let name_len = usize::from(e[50]);
        let entry_name = mac_name(slice(e, 51, name_len, "an MFS file name")?);
        let mut finder_info = [0u8; 32];
        finder_info[..16].copy_from_slice(&e[2..18]);
        let data_len = u64::from(be32(e, 24));
        let rsrc_len = u64::from(be32(e, 34));
        entries.push(VolumeEntry {
            path: vec![entry_name],
            folder: false,
            finder_info,
            created: be32(e, 42),
            modified: be32(e, 46),
            data_len,
            rsrc_len,
            data: chain(usize::from(be16(e, 22)), data_len)?,
            rsrc: chain(usize::from(be16(e, 32)), rsrc_len)?,
        });
        pos += (51 + name_len + 1) & !1;
    }
    Ok((name, entries))
}

// ---------------------------------------------------------------------------------------------
// HFS+

fn hfs_plus(image: &Image) -> Result<(String, Vec<VolumeEntry>)> {
    let vh = image.read(1024, 512, "the HFS+ volume header")?;
    let vh = vh.as_slice();
    let block_size = u64::from(be32(vh, 40));
    if block_size < 512 || !block_size.is_power_of_two() {
        return Err(Error::at(1024 + 40, format!("HFS+: a block size of {block_size}")));
    }
    let fork = |at: usize| -> (u64, Vec<(u32, u32)>) {
        let len = u64::from(be32(vh, at)) << 32 | u64::from(be32(vh, at + 4));
        (len, (0..8).map(|i| (be32(vh, at + 16 + 8 * i), be32(vh, at + 20 + 8 * i))).collect())
    };
    let runs = |extents: &[(u32, u32)], len: u64| -> Result<Runs> {
        let mut runs = Vec::new();
        let mut total = 0u64;
        for &(start, count) in extents {
            if count == 0 || total >= len {
                continue;
            }
            let at = u64::from(start) * block_size;
            let n = u64::from(count) * block_size;
            image.check(at, n, "an HFS+ extent")?;
            runs.push((at, n));
            total += n;
        }
        Ok(runs)
    };
    let (xt_len, xt_ext) = fork(0xC0);
    let (ct_len, ct_ext) = fork(0x110);
    let xt = runs(&xt_ext, xt_len)?;
    let mut overflow: Overflow<u32> = HashMap::new();
    if xt_len > 0 {
        for rec in btree_leaves(image, &xt, true)? {
            if rec.len() < 12 + 64 {
                continue;
            }
            let key = (rec[2], be32(&rec, 4));
            let ext = (0..8).map(|i| (be32(&rec, 12 + 8 * i), be32(&rec, 16 + 8 * i))).collect();
            overflow.entry(key).or_default().push((be32(&rec, 8), ext));
        }
    }
    overflow.values_mut().for_each(|v| v.sort_by_key(|(s, _)| *s));
    let all = |first: Vec<(u32, u32)>, kind: u8, id: u32| {
        let mut ext = first;
        if let Some(more) = overflow.get(&(kind, id)) {
            more.iter().for_each(|(_, e)| ext.extend_from_slice(e));
        }
        ext
    };
    let ct = runs(&all(ct_ext, 0, 4), ct_len)?;
    let mut dirs: HashMap<u32, (u32, String)> = HashMap::new();
    let mut folders = Vec::new();
    let mut files = Vec::new();
    for rec in btree_leaves(image, &ct, true)? {
        if rec.len() < 8 {
            continue;
        }
        let key_len = usize::from(be16(&rec, 0));
        let parent = be32(&rec, 2);
        let units = usize::from(be16(&rec, 6));
        let Some(name_bytes) = rec.get(8..8 + 2 * units) else { continue };
        let utf16: Vec<u16> = name_bytes.chunks_exact(2).map(|c| be16(c, 0)).collect();
        let entry_name = String::from_utf16_lossy(&utf16).replace('/', ":");
        let Some(d) = rec.get(2 + key_len..) else { continue };
        if d.len() < 2 {
            continue;
        }
        match be16(d, 0) {
            1 if d.len() >= 88 => {
                let id = be32(d, 8);
                dirs.insert(id, (parent, entry_name));
                let mut fi = [0u8; 32];
                fi.copy_from_slice(&d[48..80]);
                folders.push((id, fi, be32(d, 12), be32(d, 16)));
            }
            2 if d.len() >= 248 => files.push((parent, entry_name, d.to_vec())),
            _ => {}
        }
    }
    let mut entries = folder_entries(folders, &dirs)?;
    for (parent, entry_name, d) in files {
        let id = be32(&d, 8);
        let mut path = strip_root(path_of(parent, &dirs, 1)?);
        path.push(entry_name);
        let mut finder_info = [0u8; 32];
        finder_info.copy_from_slice(&d[48..80]);
        let fork_at = |at: usize| -> (u64, Vec<(u32, u32)>) {
            let len = u64::from(be32(&d, at)) << 32 | u64::from(be32(&d, at + 4));
            (len, (0..8).map(|i| (be32(&d, at + 16 + 8 * i), be32(&d, at + 20 + 8 * i))).collect())
        };
        let (data_len, data_ext) = fork_at(88);
        let (rsrc_len, rsrc_ext) = fork_at(168);
        entries.push(VolumeEntry {
            path,
            folder: false,
            finder_info,
            created: be32(&d, 12),
            modified: be32(&d, 16),
            data_len,
            rsrc_len,
            data: runs(&all(data_ext, 0, id), data_len)?,
            rsrc: runs(&all(rsrc_ext, 0xFF, id), rsrc_len)?,
        });
    }
    let name = dirs.get(&2).map(|(_, n)| n.clone()).unwrap_or_default();
    Ok((name, entries))
}
