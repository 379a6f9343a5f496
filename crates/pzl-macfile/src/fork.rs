//! The Macintosh resource fork: a 16-byte header, a data area of length-prefixed records and a
//! map (types, reference lists, names).
//!
//! Reading honours every stored offset and checks each one against the fork's length. The fork
//! remembers where each piece was and every byte it did not interpret (reserved header fields,
//! application data, junk between structures), so writing an unedited fork gives back its exact
//! bytes. After an edit that changes the shape (adding, removing, resizing, renaming to another
//! length) the fork is written in the classic compact layout: header, data area at 0x100, map
//! right after it, keeping the reserved header bytes, the map's header copy, handle, reference
//! number, file attributes and every resource's attributes and stored handle.

use serde::{Deserialize, Serialize};

use crate::{Bytes, Error, Result};

/// One resource.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resource {
    /// The resource ID.
    pub id: i16,
    /// Mac Roman bytes of the name, if any.
    pub name: Option<Vec<u8>>,
    /// The attribute byte (0x40 sysheap, 0x20 purgeable, 0x10 locked, 0x08 protected, 0x04
    /// preload, 0x01 compressed).
    pub attributes: u8,
    /// The resource's data.
    pub data: Vec<u8>,
    /// The reserved handle field of the reference entry (junk in files; kept).
    pub handle: u32,
}

/// All resources of one type, in reference-list order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourceType {
    /// The type code.
    pub code: [u8; 4],
    /// The resources of this type.
    pub resources: Vec<Resource>,
}

/// A whole resource fork.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourceFork {
    /// The types, in type-list order.
    pub types: Vec<ResourceType>,
    /// Bytes 0x10..0x100 of the header: 112 system-reserved bytes, 128 bytes of application data.
    pub header_extra: Vec<u8>,
    /// The first 16 bytes of the map: a copy of the header (or zeros).
    pub map_header_copy: [u8; 16],
    /// The map's next-map handle (junk in files; kept).
    pub next_map_handle: u32,
    /// The map's file reference number (junk in files; kept).
    pub file_ref: u16,
    /// Resource-file attributes (0x80 read-only, 0x0100 printer driver MultiFinder-compatible, …).
    pub attributes: u16,
    layout: Option<Layout>,
}

/// Where everything was in the fork as read (serialisable so that Rez text can carry it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    /// The four header words: data offset, map offset, data length, map length.
    pub header: [u32; 4],
    /// Offset of the type list from the map.
    pub type_list_offset: u16,
    /// Offset of the name list from the map.
    pub name_list_offset: u16,
    /// The stored type count minus one.
    pub type_count_word: u16,
    /// Per type: offset of its reference list from the type list.
    pub reference_lists: Vec<u16>,
    /// Per type, per resource: data offset within the data area, name offset within the name list
    /// (0xFFFF none), data length, name length.
    pub resources: Vec<Vec<(u32, u16, u32, u8)>>,
    /// Bytes the reader did not interpret, by offset (hex in serialised form).
    pub junk: Vec<(u32, String)>,
    /// The fork's length.
    pub total_len: u32,
}

/// What a compressed resource's header says (System 7 `resCompressed`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Compression {
    /// 8 or 9.
    pub header_type: u16,
    /// The length once decompressed.
    pub decompressed_len: u32,
    /// The `dcmp` resource that decompresses it (0, 1 or 2).
    pub dcmp_id: i16,
}

impl Resource {
    /// A resource with no attributes and a zero handle.
    pub fn new(id: i16, name: Option<Vec<u8>>, data: Vec<u8>) -> Resource {
        Resource { id, name, attributes: 0, data, handle: 0 }
    }

    /// What a program sees: the data decompressed when the resource is compressed (`dcmp` 0, 1
    /// or 2, see [`crate::dcmp`]), else the data as stored. [`Resource::data`] keeps the stored
    /// bytes, so writing the fork back is lossless.
    pub fn contents(&self) -> Result<std::borrow::Cow<'_, [u8]>> {
        if self.compression().is_some() {
            return crate::dcmp::decompress(&self.data).map(std::borrow::Cow::Owned);
        }
        Ok(std::borrow::Cow::Borrowed(&self.data))
    }

    /// The compression header when the resource is marked compressed and carries one.
    pub fn compression(&self) -> Option<Compression> {
        if self.attributes & 1 == 0 || self.data.len() < 16 || self.data[..4] != [0xA8, 0x9F, 0x65, 0x72] {
            return None;
        }
        let b = Bytes::big(&self.data);
        let header_type = b.u16(6, "").ok()? >> 8;
        let decompressed_len = b.u32(8, "").ok()?;
        let dcmp_id = match header_type {
            8 => b.u16(14, "").ok()? as i16,
            9 => b.u16(12, "").ok()? as i16,
            _ => return None,
        };
        Some(Compression { header_type, decompressed_len, dcmp_id })
    }
}

/// True when `bytes` is an Apple IIgs (GS/OS) resource fork: little-endian, version 0, then the
/// offset and length of its map, which lie inside the fork after the 140-byte header. pzl keeps
/// such a fork byte for byte in a container but cannot list it (finding I3).
pub fn is_iigs_fork(bytes: &[u8]) -> bool {
    let le = |at: usize| bytes.get(at..at + 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as u64);
    match (le(0), le(4), le(8)) {
        (Some(0), Some(map), Some(size)) => map >= 140 && size > 0 && map + size <= bytes.len() as u64,
        _ => false,
    }
}

/// What to say about an Apple IIgs resource fork that cannot be listed.
pub const IIGS_FORK: &str = "an Apple IIgs (GS/OS) resource fork, which pzl keeps as it is but cannot list";

/// True when `bytes` is plausibly a resource fork (for content detection).
pub fn looks_like_fork(bytes: &[u8]) -> bool {
    let b = Bytes::big(bytes);
    let (Ok(data_off), Ok(map_off), Ok(data_len), Ok(map_len)) =
        (b.u32(0, ""), b.u32(4, ""), b.u32(8, ""), b.u32(12, ""))
    else {
        return false;
    };
    data_off >= 16
        && map_off >= 16
        && map_len >= 30
        && u64::from(data_off) + u64::from(data_len) <= bytes.len() as u64
        && u64::from(map_off) + u64::from(map_len) <= bytes.len() as u64
        && b.u16(map_off as usize + 24, "").is_ok_and(|t| u32::from(t) < map_len)
        && b.u16(map_off as usize + 26, "").is_ok_and(|n| u32::from(n) <= map_len)
        && ResourceFork::read(bytes).is_ok()
}

struct Coverage(Vec<bool>);

impl Coverage {
    fn claim(&mut self, offset: usize, len: usize) {
        if let Some(s) = self.0.get_mut(offset..offset + len) {
            s.iter_mut().for_each(|c| *c = true);
        }
    }
    fn any(&self, offset: usize, len: usize) -> bool {
        self.0.get(offset..offset + len).is_some_and(|s| s.iter().any(|&c| c))
    }
}

impl ResourceFork {
    /// An empty fork (the classic 286-byte shape).
    pub fn new() -> ResourceFork {
        ResourceFork {
            types: Vec::new(),
            header_extra: vec![0; 240],
            map_header_copy: [0; 16],
            next_map_handle: 0,
            file_ref: 0,
            attributes: 0,
            layout: None,
        }
    }

    /// Read a fork, checking every offset against its length.
    pub fn read(bytes: &[u8]) -> Result<ResourceFork> {
        let b = Bytes::big(bytes);
        if bytes.is_empty() {
            return Err(Error::at(0, "the resource fork is empty (a file without resources)"));
        }
        if bytes.len() > u32::MAX as usize {
            return Err(Error::at(0, "a resource fork is at most 4 GiB"));
        }
        let header = [b.u32(0, "header")?, b.u32(4, "header")?, b.u32(8, "header")?, b.u32(12, "header")?];
        let [data_off, map_off, data_len, map_len] = header;
        if data_off == 0 {
            if is_iigs_fork(bytes) {
                return Err(Error::at(0, format!("the resource fork is {IIGS_FORK}")));
            }
            return Err(Error::at(
                0,
                "data offset 0: not a Macintosh resource fork (an Apple IIgs fork is little-endian and starts with 0)",
            ));
        }
        if data_off < 16 || map_off < 16 {
            return Err(Error::at(
                0,
                format!("data offset {data_off} or map offset {map_off} lies inside the 16-byte header"),
            ));
        }
        let end = |off: u32, len: u32| u64::from(off) + u64::from(len);
        if end(data_off, data_len) > bytes.len() as u64 {
            return Err(Error::at(
                8,
                format!(
                    "data area {data_off}+{data_len} runs past the end of the fork ({} bytes)",
                    bytes.len()
                ),
            ));
        }
        if end(map_off, map_len) > bytes.len() as u64 {
            return Err(Error::at(
                12,
                format!("map {map_off}+{map_len} runs past the end of the fork ({} bytes)", bytes.len()),
            ));
        }
        if map_len < 30 {
            return Err(Error::at(12, format!("map length {map_len} is shorter than the 30-byte minimum")));
        }
        if data_len > 0 && map_off < data_off + data_len && data_off < map_off + map_len {
            return Err(Error::at(4, "the map overlaps the data area"));
        }
        let (data_off, map_off, map_len) = (data_off as usize, map_off as usize, map_len as usize);
        let map_end = map_off + map_len;
        let mut cover = Coverage(vec![false; bytes.len()]);
        cover.claim(0, 16);
        let map_header_copy = b.array::<16>(map_off, "map header copy")?;
        let next_map_handle = b.u32(map_off + 16, "map")?;
        let file_ref = b.u16(map_off + 20, "map")?;
        let attributes = b.u16(map_off + 22, "map")?;
        let type_list_offset = b.u16(map_off + 24, "map")?;
        let name_list_offset = b.u16(map_off + 26, "map")?;
        cover.claim(map_off, 28);
        let type_list = map_off + usize::from(type_list_offset);
        if type_list + 2 > map_end {
            return Err(Error::at(
                map_off + 24,
                format!("type list offset {type_list_offset} lies outside the map"),
            ));
        }
        let name_list = map_off + usize::from(name_list_offset);
        if name_list > map_end {
            return Err(Error::at(
                map_off + 26,
                format!("name list offset {name_list_offset} lies outside the map"),
            ));
        }
        let type_count_word = b.u16(type_list, "type count")?;
        let type_count = if type_count_word == 0xFFFF { 0 } else { usize::from(type_count_word) + 1 };
        if type_list + 2 + 8 * type_count > map_end {
            return Err(Error::at(type_list, format!("{type_count} types do not fit in the map")));
        }
        cover.claim(type_list, 2 + 8 * type_count);
        let mut types = Vec::with_capacity(type_count);
        let mut layout = Layout {
            header,
            type_list_offset,
            name_list_offset,
            type_count_word,
            reference_lists: Vec::new(),
            resources: Vec::new(),
            junk: Vec::new(),
            total_len: bytes.len() as u32,
        };
        let mut data_cover = Coverage(vec![false; bytes.len()]);
        for t in 0..type_count {
            let entry = type_list + 2 + 8 * t;
            let code = b.array::<4>(entry, "type")?;
            let count = usize::from(b.u16(entry + 4, "type")?) + 1;
            let ref_off = b.u16(entry + 6, "type")?;
            let refs = type_list + usize::from(ref_off);
            if refs + 12 * count > map_end {
                return Err(Error::at(
                    entry + 6,
                    format!(
                        "reference list of `{}` ({count} entries at {refs}) runs past the map end {map_end}",
                        crate::fourcc(&code)
                    ),
                ));
            }
            if cover.any(refs, 12 * count) {
                return Err(Error::at(
                    entry + 6,
                    format!(
                        "reference list of `{}` overlaps another part of the map (a loop in the map)",
                        crate::fourcc(&code)
                    ),
                ));
            }
            cover.claim(refs, 12 * count);
            layout.reference_lists.push(ref_off);
            let mut resources = Vec::with_capacity(count);
            let mut places = Vec::with_capacity(count);
            for r in 0..count {
                let at = refs + 12 * r;
                let id = b.u16(at, "reference")? as i16;
                let name_off = b.u16(at + 2, "reference")?;
                let attrs_and_offset = b.u32(at + 4, "reference")?;
                let handle = b.u32(at + 8, "reference")?;
                let rel = attrs_and_offset & 0x00FF_FFFF;
                let record = data_off + rel as usize;
                if u64::from(rel) + 4 > u64::from(header[2]) {
                    return Err(Error::at(
                        at + 5,
                        format!(
                            "data offset {rel} of `{}` {id} lies outside the data area ({} bytes)",
                            crate::fourcc(&code),
                            header[2]
                        ),
                    ));
                }
                let len = b.u32(record, "data length")? as usize;
                if rel as usize + 4 + len > header[2] as usize {
                    return Err(Error::at(
                        record,
                        format!(
                            "data of `{}` {id} ({len} bytes) runs past the data area",
                            crate::fourcc(&code)
                        ),
                    ));
                }
                if data_cover.any(record, 4 + len) {
                    return Err(Error::at(
                        record,
                        format!("data of `{}` {id} overlaps another resource's data", crate::fourcc(&code)),
                    ));
                }
                data_cover.claim(record, 4 + len);
                cover.claim(record, 4 + len);
                let data = bytes[record + 4..record + 4 + len].to_vec();
                let name = if name_off == 0xFFFF {
                    None
                } else {
                    let at_name = name_list + usize::from(name_off);
                    let name_len = if at_name < map_end { usize::from(bytes[at_name]) } else { usize::MAX };
                    if name_len == usize::MAX || at_name + 1 + name_len > map_end {
                        return Err(Error::at(
                            at + 2,
                            format!("name of `{}` {id} runs past the map end", crate::fourcc(&code)),
                        ));
                    }
                    cover.claim(at_name, 1 + name_len);
                    Some(bytes[at_name + 1..at_name + 1 + name_len].to_vec())
                };
                places.push((rel, name_off, len as u32, name.as_ref().map_or(0, |n| n.len() as u8)));
                resources.push(Resource {
                    id,
                    name,
                    attributes: (attrs_and_offset >> 24) as u8,
                    data,
                    handle,
                });
            }
            layout.resources.push(places);
            types.push(ResourceType { code, resources });
        }
        let mut i = 0;
        while i < bytes.len() {
            if cover.0[i] {
                i += 1;
                continue;
            }
            let start = i;
            while i < bytes.len() && !cover.0[i] {
                i += 1;
            }
            layout.junk.push((start as u32, hex(&bytes[start..i])));
        }
        let mut header_extra = vec![0u8; 240];
        for (dst, src) in header_extra.iter_mut().zip(bytes.iter().skip(16)) {
            *dst = *src;
        }
        Ok(ResourceFork {
            types,
            header_extra,
            map_header_copy,
            next_map_handle,
            file_ref,
            attributes,
            layout: Some(layout),
        })
    }

    /// Where everything was when read (`None` for a new or restructured fork).
    pub fn layout(&self) -> Option<&Layout> {
        self.layout.as_ref()
    }

    /// Give the fork a layout to write with (from Rez text). A layout that does not fit the
    /// resources is ignored at write time.
    pub fn set_layout(&mut self, layout: Option<Layout>) {
        self.layout = layout;
    }

    /// Every resource with its type, in map order.
    pub fn iter(&self) -> impl Iterator<Item = (&[u8; 4], &Resource)> {
        self.types.iter().flat_map(|t| t.resources.iter().map(move |r| (&t.code, r)))
    }

    /// How many resources the fork holds.
    pub fn count(&self) -> usize {
        self.types.iter().map(|t| t.resources.len()).sum()
    }

    /// Resource `code` `id`.
    pub fn get(&self, code: &[u8; 4], id: i16) -> Option<&Resource> {
        self.types.iter().find(|t| &t.code == code)?.resources.iter().find(|r| r.id == id)
    }

    /// Resource `code` `id`, to change.
    pub fn get_mut(&mut self, code: &[u8; 4], id: i16) -> Option<&mut Resource> {
        self.types.iter_mut().find(|t| &t.code == code)?.resources.iter_mut().find(|r| r.id == id)
    }

    /// The first resource named `name` (any type, or of type `code`).
    pub fn by_name(&self, code: Option<&[u8; 4]>, name: &[u8]) -> Option<(&[u8; 4], &Resource)> {
        self.iter().find(|(c, r)| code.is_none_or(|w| w == *c) && r.name.as_deref() == Some(name))
    }

    /// Add or replace a resource; returns the one it replaced.
    pub fn insert(&mut self, code: [u8; 4], resource: Resource) -> Option<Resource> {
        match self.types.iter_mut().find(|t| t.code == code) {
            Some(t) => match t.resources.iter_mut().find(|r| r.id == resource.id) {
                Some(slot) => Some(std::mem::replace(slot, resource)),
                None => {
                    t.resources.push(resource);
                    None
                }
            },
            None => {
                self.types.push(ResourceType { code, resources: vec![resource] });
                None
            }
        }
    }

    /// Remove a resource (and its type when it was the last one).
    pub fn remove(&mut self, code: &[u8; 4], id: i16) -> Option<Resource> {
        let ti = self.types.iter().position(|t| &t.code == code)?;
        let ri = self.types[ti].resources.iter().position(|r| r.id == id)?;
        let removed = self.types[ti].resources.remove(ri);
        if self.types[ti].resources.is_empty() {
            self.types.remove(ti);
        }
        Some(removed)
    }

    /// The lowest free ID ≥ `from` for type `code`.
    pub fn free_id(&self, code: &[u8; 4], from: i16) -> Option<i16> {
        (from..=i16::MAX).find(|id| self.get(code, *id).is_none())
    }

    /// The fork's bytes: the layout it was read with when it still fits, else the compact layout.
    pub fn write(&self) -> Result<Vec<u8>> {
        if let Some(bytes) = self.layout.as_ref().and_then(|l| self.write_preserved(l)) {
            return Ok(bytes);
        }
        self.write_compact()
    }

    fn write_preserved(&self, layout: &Layout) -> Option<Vec<u8>> {
        if layout.resources.len() != self.types.len()
            || layout.reference_lists.len() != self.types.len()
            || self.header_extra.len() != 240
        {
            return None;
        }
        let mut out = vec![0u8; layout.total_len as usize];
        for (offset, text) in &layout.junk {
            let bytes = unhex(text)?;
            out.get_mut(*offset as usize..*offset as usize + bytes.len())?.copy_from_slice(&bytes);
        }
        let [data_off, map_off, _, _] = layout.header;
        for (i, v) in layout.header.iter().enumerate() {
            put(&mut out, 4 * i, &v.to_be_bytes())?;
        }
        // The header's reserved bytes are junk to the reader; the field wins when it was edited.
        if data_off >= 256 && map_off >= 256 {
            put(&mut out, 16, &self.header_extra)?;
        }
        let map = map_off as usize;
        put(&mut out, map, &self.map_header_copy)?;
        put(&mut out, map + 16, &self.next_map_handle.to_be_bytes())?;
        put(&mut out, map + 20, &self.file_ref.to_be_bytes())?;
        put(&mut out, map + 22, &self.attributes.to_be_bytes())?;
        put(&mut out, map + 24, &layout.type_list_offset.to_be_bytes())?;
        put(&mut out, map + 26, &layout.name_list_offset.to_be_bytes())?;
        let type_list = map + usize::from(layout.type_list_offset);
        let name_list = map + usize::from(layout.name_list_offset);
        put(&mut out, type_list, &layout.type_count_word.to_be_bytes())?;
        for (t, ty) in self.types.iter().enumerate() {
            let places = &layout.resources[t];
            if places.len() != ty.resources.len() || ty.resources.is_empty() {
                return None;
            }
            let entry = type_list + 2 + 8 * t;
            put(&mut out, entry, &ty.code)?;
            put(&mut out, entry + 4, &((ty.resources.len() - 1) as u16).to_be_bytes())?;
            put(&mut out, entry + 6, &layout.reference_lists[t].to_be_bytes())?;
            let refs = type_list + usize::from(layout.reference_lists[t]);
            for (r, (res, &(rel, name_off, len, name_len))) in ty.resources.iter().zip(places).enumerate() {
                if res.data.len() != len as usize
                    || res.name.as_ref().map_or(0, |n| n.len()) != usize::from(name_len)
                    || res.name.is_none() != (name_off == 0xFFFF)
                {
                    return None;
                }
                let at = refs + 12 * r;
                put(&mut out, at, &res.id.to_be_bytes())?;
                put(&mut out, at + 2, &name_off.to_be_bytes())?;
                put(&mut out, at + 4, &((u32::from(res.attributes) << 24) | rel).to_be_bytes())?;
                put(&mut out, at + 8, &res.handle.to_be_bytes())?;
                let record = data_off as usize + rel as usize;
                put(&mut out, record, &len.to_be_bytes())?;
                put(&mut out, record + 4, &res.data)?;
                if let Some(name) = &res.name {
                    let at_name = name_list + usize::from(name_off);
                    put(&mut out, at_name, &[name_len])?;
                    put(&mut out, at_name + 1, name)?;
                }
            }
        }
        // Shared names or a junk field that collides with an edit: trust only what reads back.
        let back = ResourceFork::read(&out).ok()?;
        (back.types == self.types
            && back.attributes == self.attributes
            && back.map_header_copy == self.map_header_copy)
            .then_some(out)
    }

    fn write_compact(&self) -> Result<Vec<u8>> {
        let mut data = Vec::new();
        let mut names = Vec::new();
        let mut refs = Vec::new();
        let types: Vec<&ResourceType> = self.types.iter().filter(|t| !t.resources.is_empty()).collect();
        let mut type_list = Vec::new();
        let type_count_word = if types.is_empty() { 0xFFFF } else { (types.len() - 1) as u16 };
        type_list.extend_from_slice(&type_count_word.to_be_bytes());
        let refs_start = 2 + 8 * types.len();
        for ty in &types {
            if ty.resources.len() > 0x10000 {
                return Err(Error::Other("more than 65,536 resources of one type".into()));
            }
            let ref_off = u16::try_from(refs_start + refs.len())
                .map_err(|_| Error::Other("the resource map would exceed 64 KiB".into()))?;
            type_list.extend_from_slice(&ty.code);
            type_list.extend_from_slice(&((ty.resources.len() - 1) as u16).to_be_bytes());
            type_list.extend_from_slice(&ref_off.to_be_bytes());
            for res in &ty.resources {
                let rel = u32::try_from(data.len()).ok().filter(|&r| r <= 0x00FF_FFFF).ok_or_else(|| {
                    Error::Other("the data area would exceed 16 MiB (24-bit offsets)".into())
                })?;
                let len = u32::try_from(res.data.len())
                    .map_err(|_| Error::Other("a resource is larger than 4 GiB".into()))?;
                data.extend_from_slice(&len.to_be_bytes());
                data.extend_from_slice(&res.data);
                let name_off = match &res.name {
                    None => 0xFFFF,
                    Some(name) => {
                        let off = u16::try_from(names.len())
                            .ok()
                            .filter(|&o| o != 0xFFFF)
                            .ok_or_else(|| Error::Other("the name list would exceed 64 KiB".into()))?;
                        let n = u8::try_from(name.len()).map_err(|_| {
                            Error::Other(format!("resource {} has a name longer than 255 bytes", res.id))
                        })?;
                        names.push(n);
                        names.extend_from_slice(name);
                        off
                    }
                };
                refs.extend_from_slice(&res.id.to_be_bytes());
                refs.extend_from_slice(&name_off.to_be_bytes());
                refs.extend_from_slice(&((u32::from(res.attributes) << 24) | rel).to_be_bytes());
                refs.extend_from_slice(&res.handle.to_be_bytes());
            }
        }
        let name_list_offset = 28 + type_list.len() + refs.len();
        let map_len = name_list_offset + names.len();
        let name_list_offset = u16::try_from(name_list_offset)
            .map_err(|_| Error::Other("the resource map would exceed 64 KiB".into()))?;
        let data_len = u32::try_from(data.len()).map_err(|_| Error::Other("data area too large".into()))?;
        let map_off = 256 + data_len;
        let header = [256u32, map_off, data_len, map_len as u32];
        let mut out = Vec::with_capacity(256 + data.len() + map_len);
        for v in header {
            out.extend_from_slice(&v.to_be_bytes());
        }
        let mut extra = self.header_extra.clone();
        extra.resize(240, 0);
        out.extend_from_slice(&extra);
        out.extend_from_slice(&data);
        let old_header: Option<Vec<u8>> =
            self.layout.as_ref().map(|l| l.header.iter().flat_map(|v| v.to_be_bytes()).collect());
        // A real copy of the old header becomes a copy of the new one; zeros or junk stay as they were.
        if old_header.as_deref() == Some(&self.map_header_copy[..]) {
            out.extend_from_within(..16);
        } else {
            out.extend_from_slice(&self.map_header_copy);
        }
        out.extend_from_slice(&self.next_map_handle.to_be_bytes());
        out.extend_from_slice(&self.file_ref.to_be_bytes());
        out.extend_from_slice(&self.attributes.to_be_bytes());
        out.extend_from_slice(&28u16.to_be_bytes());
        out.extend_from_slice(&name_list_offset.to_be_bytes());
        out.extend_from_slice(&type_list);
        out.extend_from_slice(&refs);
        out.extend_from_slice(&names);
        Ok(out)
    }
}

impl Default for ResourceFork {
    fn default() -> Self {
        ResourceFork::new()
    }
}

fn put(out: &mut [u8], offset: usize, bytes: &[u8]) -> Option<()> {
    out.get_mut(offset..offset.checked_add(bytes.len())?)?.copy_from_slice(bytes);
    Some(())
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect()
}

pub(crate) fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_fork_is_the_classic_286_bytes() {
        let bytes = ResourceFork::new().write().unwrap();
        assert_eq!(bytes.len(), 286);
        assert_eq!(&bytes[..16], &[0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0x1E]);
        assert_eq!(&bytes[280..], &[0, 0x1C, 0, 0x1E, 0xFF, 0xFF]);
        let back = ResourceFork::read(&bytes).unwrap();
        assert_eq!(back.count(), 0);
        assert_eq!(back.write().unwrap(), bytes);
    }

    #[test]
    fn edits_rebuild_a_valid_map() {
        let mut fork = ResourceFork::new();
        fork.insert(*b"STR ", Resource::new(128, Some(b"hello".to_vec()), b"\x05world".to_vec()));
        fork.insert(*b"STR ", Resource::new(-1, None, vec![]));
        fork.insert(*b"elmo", Resource { attributes: 0x40, ..Resource::new(1, None, vec![1, 2, 3]) });
        let bytes = fork.write().unwrap();
        let mut back = ResourceFork::read(&bytes).unwrap();
        assert_eq!(back.types, fork.types);
        assert_eq!(back.write().unwrap(), bytes);
        back.remove(b"STR ", 128).unwrap();
        back.get_mut(b"elmo", 1).unwrap().data = vec![9; 10];
        let again = ResourceFork::read(&back.write().unwrap()).unwrap();
        assert_eq!(again.types, back.types);
        assert_eq!(again.free_id(b"STR ", -1), Some(0));
    }

    #[test]
    fn compressed_resources_are_recognised() {
        let mut data =
            vec![0xA8, 0x9F, 0x65, 0x72, 0, 0x12, 0x08, 0x01, 0, 0, 0x10, 0, 0x10, 0x20, 0, 1, 0, 0];
        data.extend_from_slice(&[1, 2, 3]);
        let mut res = Resource::new(128, None, data);
        assert_eq!(res.compression(), None, "only with the resCompressed attribute");
        res.attributes = 1;
        assert_eq!(
            res.compression(),
            Some(Compression { header_type: 8, decompressed_len: 4096, dcmp_id: 1 })
        );
    }

    #[test]
    fn bad_offsets_are_errors() {
        let mut bytes = ResourceFork::new().write().unwrap();
        bytes[7] = 0xFF;
        assert!(ResourceFork::read(&bytes).unwrap_err().to_string().contains("past the end"));
        let iigs = [0u8; 64];
        assert!(ResourceFork::read(&iigs).unwrap_err().to_string().contains("IIgs"));
    }
}
