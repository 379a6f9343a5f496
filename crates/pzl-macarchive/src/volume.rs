//! Disk images, read only: HFS (catalog and extents-overflow B-trees), MFS (flat directory,
//! 12-bit block map), HFS+ (catalog B-tree, Unicode names; extents overflow followed), each bare,
//! in a DiskCopy 4.2 image (both checksums verified) or gzip-wrapped (`.img.gz`).
//!
//! Bounds: a fork is read only from the image's own blocks, so no fork is larger than the image;
//! a gzip-wrapped image inflates to at most [`MAX_IMAGE`] bytes; B-tree walks visit each node at
//! most once (a cyclic tree is an error, not a loop); folders nest at most
//! [`crate::stuffit::MAX_DEPTH`] deep.

use std::collections::{HashMap, HashSet};

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

/// Overflow extents by (fork type, file ID): (first file block, extents), sorted.
type Overflow<B> = HashMap<(u8, u32), Vec<(B, Vec<(u32, u32)>)>>;

/// A run of bytes of the image.
type Runs = Vec<(usize, usize)>;

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
    image: Vec<u8>,
}

fn be16(b: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([b[at], b[at + 1]])
}
fn be32(b: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn slice<'a>(b: &'a [u8], at: usize, len: usize, what: &str) -> Result<&'a [u8]> {
    at.checked_add(len)
        .and_then(|end| b.get(at..end))
        .ok_or_else(|| Error::at(at, format!("{what}: {len} bytes needed but the image ends at {}", b.len())))
}

/// Whether `bytes` is a disk image pzl reads (by content).
pub fn detect(bytes: &[u8]) -> Option<(VolumeFormat, ImageWrapper)> {
    if bytes.starts_with(&[0x1F, 0x8B]) {
        // The format inside is only known once inflated; HFS is the usual one.
        return Some((VolumeFormat::Hfs, ImageWrapper::Gzip));
    }
    if let Some(f) = raw_format(bytes) {
        return Some((f, ImageWrapper::Raw));
    }
    if is_diskcopy42(bytes) {
        return raw_format(&bytes[84..]).map(|f| (f, ImageWrapper::DiskCopy42));
    }
    None
}

fn raw_format(b: &[u8]) -> Option<VolumeFormat> {
    match b.get(1024..1026)? {
        b"BD" => Some(VolumeFormat::Hfs),
        b"H+" | b"HX" => Some(VolumeFormat::HfsPlus),
        [0xD2, 0xD7] => Some(VolumeFormat::Mfs),
        _ => None,
    }
}

fn is_diskcopy42(b: &[u8]) -> bool {
    b.len() >= 84 + 1026 && b[0] <= 63 && be16(b, 0x52) == 0x0100 && {
        let data = be32(b, 0x40) as u64;
        let tags = be32(b, 0x44) as u64;
        84 + data + tags == b.len() as u64
    }
}

/// DiskCopy 4.2's checksum: add each big-endian word, rotate right by one.
fn dc42_checksum(bytes: &[u8]) -> u32 {
    bytes.chunks_exact(2).fold(0u32, |sum, w| sum.wrapping_add(u32::from(be16(w, 0))).rotate_right(1))
}

impl Volume {
    /// Read a disk image: bare, DiskCopy 4.2 or gzip-wrapped.
    pub fn read(bytes: &[u8]) -> Result<Volume> {
        let (image, wrapper) = if bytes.starts_with(&[0x1F, 0x8B]) {
            (gunzip(bytes)?, ImageWrapper::Gzip)
        } else if raw_format(bytes).is_none() && is_diskcopy42(bytes) {
            let data_len = be32(bytes, 0x40) as usize;
            let tag_len = be32(bytes, 0x44) as usize;
            let data = &bytes[84..84 + data_len];
            let tags = &bytes[84 + data_len..84 + data_len + tag_len];
            let (want_data, want_tags) = (be32(bytes, 0x48), be32(bytes, 0x4C));
            let got = dc42_checksum(data);
            if got != want_data {
                return Err(Error::at(
                    0x48,
                    format!("DiskCopy 4.2: data checksum {got:08X} but the header says {want_data:08X}"),
                ));
            }
            let got = if tags.len() > 12 { dc42_checksum(&tags[12..]) } else { 0 };
            if got != want_tags {
                return Err(Error::at(
                    0x4C,
                    format!("DiskCopy 4.2: tag checksum {got:08X} but the header says {want_tags:08X}"),
                ));
            }
            (data.to_vec(), ImageWrapper::DiskCopy42)
        } else {
            (bytes.to_vec(), ImageWrapper::Raw)
        };
        let format = raw_format(&image).ok_or_else(|| {
            Error::at(
                1024,
                "not a Mac volume (expected `BD` for HFS, `H+` for HFS+ or D2 D7 for MFS at offset 1024)",
            )
        })?;
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

    /// Read entry `index`'s forks and Finder info.
    pub fn forks(&self, index: usize) -> Result<Forks> {
        let e = self.entries.get(index).ok_or_else(|| Error::Other(format!("no entry {index}")))?;
        if e.folder {
            return Err(Error::Other(format!("'{}' is a folder", e.shown())));
        }
        let read = |runs: &Runs, len: u64, which: &str| -> Result<Vec<u8>> {
            let held: usize = runs.iter().map(|&(_, n)| n).sum();
            let mut out = Vec::with_capacity(held.min(usize::try_from(len).unwrap_or(usize::MAX)));
            for &(at, n) in runs {
                out.extend_from_slice(slice(&self.image, at, n, &format!("'{}', {which}", e.shown()))?);
            }
            if (out.len() as u64) < len {
                return Err(Error::Other(format!(
                    "'{}', {which}: its extents hold {} of its {len} bytes",
                    e.shown(),
                    out.len()
                )));
            }
            out.truncate(len as usize);
            Ok(out)
        };
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

fn gunzip(bytes: &[u8]) -> Result<Vec<u8>> {
    use std::io::Read;
    let mut out = Vec::new();
    let decoder = flate2::read::MultiGzDecoder::new(bytes);
    decoder.take(MAX_IMAGE + 1).read_to_end(&mut out).map_err(|e| Error::Other(format!("gzip: {e}")))?;
    if out.len() as u64 > MAX_IMAGE {
        return Err(Error::Other(format!("gzip: the image inflates past {MAX_IMAGE} bytes (refused)")));
    }
    Ok(out)
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
    image: &'a [u8],
    block_size: usize,
    first_block: usize,
}

impl Hfs<'_> {
    fn runs(&self, extents: &[(u32, u32)], physical: u64) -> Result<Runs> {
        let mut runs = Vec::new();
        let mut total = 0u64;
        for &(start, count) in extents {
            if count == 0 || total >= physical {
                continue;
            }
            let at = self.first_block + start as usize * self.block_size;
            let len = count as usize * self.block_size;
            slice(self.image, at, len, "an extent")?;
            runs.push((at, len));
            total += len as u64;
        }
        Ok(runs)
    }
}

/// The leaf records of a B-tree held in `file` (runs of the image), each visited once.
fn btree_leaves(image: &[u8], file: &Runs, plus: bool) -> Result<Vec<Vec<u8>>> {
    let mut tree = Vec::new();
    for &(at, n) in file {
        tree.extend_from_slice(slice(image, at, n, "a B-tree")?);
    }
    let header = slice(&tree, 0, 14 + 106, "the B-tree header node")?;
    let node_size = usize::from(be16(header, 14 + 18));
    if !(512..=32768).contains(&node_size) || (!node_size.is_multiple_of(512) && !plus) {
        return Err(Error::Other(format!("a B-tree node size of {node_size}")));
    }
    let mut node = be32(header, 14 + 10);
    let mut seen = HashSet::new();
    let mut records = Vec::new();
    while node != 0 {
        if !seen.insert(node) {
            return Err(Error::Other(format!("the B-tree's leaf chain comes back to node {node} (a cycle)")));
        }
        let at = node as usize * node_size;
        let n = slice(&tree, at, node_size, &format!("B-tree node {node}"))?;
        if n[8] != 0xFF {
            return Err(Error::Other(format!("B-tree node {node} is kind {}, expected a leaf", n[8] as i8)));
        }
        let count = usize::from(be16(n, 10));
        if 14 + 2 * (count + 1) > node_size {
            return Err(Error::Other(format!("B-tree node {node} claims {count} records")));
        }
        for i in 0..count {
            let start = usize::from(be16(n, node_size - 2 * (i + 1)));
            let end = usize::from(be16(n, node_size - 2 * (i + 2)));
            if start < 14 || end <= start || end > node_size - 2 * (count + 1) {
                return Err(Error::Other(format!(
                    "B-tree node {node}: record {i} at {start}..{end} is outside the node"
                )));
            }
            records.push(n[start..end].to_vec());
        }
        node = be32(n, 0);
    }
    Ok(records)
}

fn hfs_extents(rec: &[u8], at: usize) -> Vec<(u32, u32)> {
    (0..3).map(|i| (u32::from(be16(rec, at + 4 * i)), u32::from(be16(rec, at + 4 * i + 2)))).collect()
}

fn hfs(image: &[u8]) -> Result<(String, Vec<VolumeEntry>)> {
    let mdb = slice(image, 1024, 162, "the Master Directory Block")?;
    let block_size = be32(mdb, 20) as usize;
    if block_size == 0 || !block_size.is_multiple_of(512) {
        return Err(Error::at(1024 + 20, format!("HFS: an allocation block size of {block_size}")));
    }
    let vol = Hfs { image, block_size, first_block: usize::from(be16(mdb, 28)) * 512 };
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

fn mfs(image: &[u8]) -> Result<(String, Vec<VolumeEntry>)> {
    let mdb = slice(image, 1024, 64, "the MFS volume information")?;
    let file_count = usize::from(be16(mdb, 12));
    let dir_start = usize::from(be16(mdb, 14)) * 512;
    let dir_len = usize::from(be16(mdb, 16)) * 512;
    let block_count = usize::from(be16(mdb, 18));
    let block_size = be32(mdb, 20) as usize;
    let first_block = usize::from(be16(mdb, 28)) * 512;
    let name = mac_name(&mdb[37..37 + usize::from(mdb[36].min(27))]);
    if block_size == 0 {
        return Err(Error::at(1024 + 20, "MFS: an allocation block size of 0"));
    }
    // The 12-bit block map follows the 64-byte volume information: entry n is block n + 2's next.
    let map = slice(image, 1024 + 64, (block_count * 3).div_ceil(2), "the MFS block map")?;
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
            let at = first_block + (block - 2) * block_size;
            slice(image, at, block_size, "an MFS block")?;
            runs.push((at, block_size));
            total += block_size as u64;
            steps += 1;
            if steps > block_count {
                return Err(Error::Other("MFS: a block chain that loops".into()));
            }
            block = next(block);
        }
        Ok(runs)
    };
    let dir = slice(image, dir_start, dir_len, "the MFS directory")?;
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

fn hfs_plus(image: &[u8]) -> Result<(String, Vec<VolumeEntry>)> {
    let vh = slice(image, 1024, 512, "the HFS+ volume header")?;
    let block_size = be32(vh, 40) as usize;
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
            let at = start as usize * block_size;
            let n = count as usize * block_size;
            slice(image, at, n, "an HFS+ extent")?;
            runs.push((at, n));
            total += n as u64;
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
