//! Finding I3: an AppleSingle file whose resource fork is an Apple IIgs (GS/OS) fork, as
//! CiderPress II writes for a GS/OS file with resources. No corpus file has one, so the test
//! builds it: the container is read (name, data fork, entries) with a warning, `check` finds no
//! damage, `info` says what the fork is, and the fork is kept byte for byte.

use pzl_macfile::applesingle::{self, AppleSingle, Kind};
use pzl_macfile::format::Format;
use pzl_macfile::{FileInfo, MacFile};

/// A small IIgs resource fork: version 0 (little-endian), the map's offset and size, the
/// 128 reserved bytes, then the map.
fn iigs_fork() -> Vec<u8> {
    let mut fork = Vec::new();
    fork.extend(0u32.to_le_bytes());
    fork.extend(140u32.to_le_bytes());
    fork.extend(64u32.to_le_bytes());
    fork.extend([0u8; 128]);
    fork.extend([1u8; 64]);
    fork
}

#[test]
fn an_applesingle_with_an_iigs_fork_is_read_with_a_warning() {
    let info = FileInfo { name: "GSFILE".into(), ..FileInfo::default() };
    let mut single = AppleSingle::new(Kind::Single, &info, b"hello data fork\n", &iigs_fork());
    // ProDOS file info as CiderPress II writes it: access, file type $B3 (a GS/OS application),
    // aux type $DB07.
    single
        .set_entry(applesingle::PRODOS_FILE_INFO, Some(vec![0x00, 0xC3, 0x00, 0xB3, 0x00, 0x00, 0xDB, 0x07]));
    let bytes = single.write().unwrap();
    let parsed = MacFile::read(&bytes, Format::AppleSingle).unwrap();
    assert_eq!(parsed.warnings.len(), 1, "{:?}", parsed.warnings);
    assert!(parsed.warnings[0].message.contains("Apple IIgs"), "{}", parsed.warnings[0]);
    let file = parsed.value;
    assert_eq!(file.data().unwrap(), b"hello data fork\n");
    assert_eq!(file.rsrc(), iigs_fork());
    assert!(file.problems().is_empty(), "{:?}", file.problems());
    let info = file.describe(&pzl_core::InfoRequest::FULL);
    let fact =
        |key: &str| info.facts.iter().find(|f| f.key == key).map(|f| f.text.clone()).unwrap_or_default();
    assert_eq!(fact("name"), "GSFILE");
    assert_eq!(fact("prodos_type"), "$B3, aux $DB07");
    assert_eq!(fact("resource_fork"), "204 bytes, an Apple IIgs (GS/OS) fork (kept, not listed)");
    // Written back unchanged.
    assert_eq!(file.write_as(Format::AppleSingle).unwrap().bytes, bytes);
    // Listing its resources is what pzl cannot do: a clear error naming the fork.
    let e = file.fork().unwrap_err();
    assert!(e.to_string().contains("Apple IIgs"), "{e}");
}
