//! The resources of a fork as data (`pzl mac rsrc list`): a table for people, JSON for programs,
//! and the ways a command names one resource (type and ID, or name).

use pzl_core::Error;
use pzl_core::text::printable;
use serde::Serialize;

use crate::fork::{Compression, Resource, ResourceFork};
use crate::{fourcc, macroman};

/// The attribute byte's bits in words (`purgeable,locked`), `-` when none is set.
pub fn flags_text(attributes: u8) -> String {
    const NAMES: [(u8, &str); 6] = [
        (0x40, "sysheap"),
        (0x20, "purgeable"),
        (0x10, "locked"),
        (0x08, "protected"),
        (0x04, "preload"),
        (0x01, "compressed"),
    ];
    let words: Vec<&str> = NAMES.iter().filter(|(b, _)| attributes & b != 0).map(|(_, n)| *n).collect();
    if words.is_empty() { "-".into() } else { words.join(",") }
}

/// One resource as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResourceEntry {
    /// The type as shown ([`fourcc`]: printable characters, `\xHH` otherwise).
    #[serde(rename = "type")]
    pub code: String,
    /// The raw four bytes of the type.
    #[serde(skip)]
    pub code_bytes: [u8; 4],
    /// The ID.
    pub id: i16,
    /// The name decoded from Mac Roman, if any.
    pub name: Option<String>,
    /// The attribute byte.
    pub attributes: u8,
    /// The attributes in words ([`flags_text`]).
    pub flags: String,
    /// The data's length in bytes (as stored, compressed or not).
    pub size: usize,
    /// The System 7 compression header, when the resource is compressed.
    pub compressed: Option<Compression>,
}

impl ResourceEntry {
    /// The entry of resource `r` of type `code`.
    pub fn new(code: &[u8; 4], r: &Resource) -> ResourceEntry {
        ResourceEntry {
            code: fourcc(code),
            code_bytes: *code,
            id: r.id,
            name: r.name.as_deref().map(macroman::decode),
            attributes: r.attributes,
            flags: flags_text(r.attributes),
            size: r.data.len(),
            compressed: r.compression(),
        }
    }

    /// `'TYPE' id "name"`, the way messages name a resource.
    pub fn label(&self) -> String {
        format!("'{}' {} \"{}\"", self.code, self.id, self.name.as_deref().unwrap_or(""))
    }
}

/// Every resource of a fork, in fork order. Displays as the `pzl mac rsrc list` table and
/// serialises as a JSON array.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
#[serde(transparent)]
pub struct ResourceList(pub Vec<ResourceEntry>);

impl ResourceList {
    /// The listing of `fork`.
    pub fn of(fork: &ResourceFork) -> ResourceList {
        ResourceList(fork.iter().map(|(c, r)| ResourceEntry::new(c, r)).collect())
    }
}

impl std::fmt::Display for ResourceList {
    /// `TYPE ID SIZE ATTRIBUTES NAME`, one resource a line; names are escaped for terminals.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{:<8} {:>6} {:>8}  {:<22} NAME", "TYPE", "ID", "SIZE", "ATTRIBUTES")?;
        for e in &self.0 {
            let name = e.name.as_deref().unwrap_or("");
            writeln!(
                f,
                "{:<8} {:>6} {:>8}  {:<22} {}",
                format!("'{}'", e.code),
                e.id,
                e.size,
                e.flags,
                printable(name)
            )?;
        }
        Ok(())
    }
}

/// Which resource a command means: type and ID, or name (optionally of one type).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Which {
    /// The type (`--type`).
    pub code: Option<[u8; 4]>,
    /// The ID (`--id`).
    pub id: Option<i16>,
    /// The name (`--name`), as text.
    pub name: Option<String>,
}

/// Text as Mac Roman bytes, or its UTF-8 bytes when a character has no Mac Roman byte (the
/// second value says so).
pub fn name_bytes(name: &str) -> (Vec<u8>, bool) {
    match macroman::encode(name) {
        Some(bytes) => (bytes, true),
        None => (name.as_bytes().to_vec(), false),
    }
}

/// The resource `which` names in `fork`: by `--name` (optionally of one type) or by `--type` and
/// `--id`. Errors are usage errors: no way to tell which, or no such resource.
pub fn find<'a>(fork: &'a ResourceFork, which: &Which) -> Result<([u8; 4], &'a Resource), Error> {
    let found = match (&which.name, which.code, which.id) {
        (Some(name), code, None) => fork.by_name(code.as_ref(), &name_bytes(name).0).map(|(c, r)| (*c, r)),
        (None, Some(code), Some(id)) => fork.get(&code, id).map(|r| (code, r)),
        _ => return Err(Error::usage("name the resource with --type and --id, or with --name")),
    };
    found.ok_or_else(|| Error::usage("no such resource (see `pzl rsrc list`)"))
}

/// A byte given as `32`, `0x20` or `$20` (the `--attributes` option).
pub fn parse_byte(text: &str) -> Result<u8, Error> {
    let t = text.trim();
    let parsed = match t.strip_prefix("0x").or_else(|| t.strip_prefix('$')) {
        Some(h) => u8::from_str_radix(h, 16),
        None => t.parse(),
    };
    parsed.map_err(|_| Error::usage(format!("`{text}` is not a byte (0..255, 0xHH or $HH)")))
}

/// A resource type as typed by a user (`SBP1`, `STR`, `\x96tbl`), as a usage error when bad.
pub fn parse_type(text: &str) -> Result<[u8; 4], Error> {
    crate::parse_fourcc(text).map_err(|e| Error::usage(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pzl_core::ErrorKind;

    #[test]
    fn table_and_json() {
        let mut fork = ResourceFork::new();
        fork.insert(
            *b"TEXT",
            Resource { attributes: 0x30, ..Resource::new(-5, Some(b"hi\x1b".to_vec()), vec![1; 5]) },
        );
        let list = ResourceList::of(&fork);
        assert_eq!(
            list.to_string(),
            "TYPE         ID     SIZE  ATTRIBUTES             NAME\n'TEXT'       -5        5  purgeable,locked       hi\\u{1b}\n"
        );
        let json = serde_json::to_value(&list).unwrap();
        assert_eq!(json[0]["type"], "TEXT");
        assert_eq!(json[0]["size"], 5);
        assert_eq!(json[0]["attributes"], 0x30);
        assert_eq!(list.0[0].label(), "'TEXT' -5 \"hi\u{1b}\"");
    }

    #[test]
    fn finding_resources() {
        let mut fork = ResourceFork::new();
        fork.insert(*b"TEXT", Resource::new(1, Some(b"caf\x8E".to_vec()), vec![]));
        let by_name = Which { name: Some("café".into()), ..Which::default() };
        assert_eq!(find(&fork, &by_name).unwrap().1.id, 1);
        let by_id = Which { code: Some(*b"TEXT"), id: Some(1), name: None };
        assert!(find(&fork, &by_id).is_ok());
        let missing = Which { code: Some(*b"TEXT"), id: Some(2), name: None };
        assert!(find(&fork, &missing).unwrap_err().message.contains("no such resource"));
        let vague = Which { code: Some(*b"TEXT"), ..Which::default() };
        assert_eq!(find(&fork, &vague).unwrap_err().kind, ErrorKind::Usage);
        assert_eq!(parse_byte("0x20").unwrap(), 0x20);
        assert_eq!(parse_byte("$FF").unwrap(), 0xFF);
        assert!(parse_byte("256").is_err());
        assert_eq!(parse_type("STR").unwrap(), *b"STR ");
    }
}
