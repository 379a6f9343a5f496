//! The real sample files: detection, listings from the notes, byte-for-byte round trips of every
//! container and fork, DeRez → Rez, and conversions between containers keeping forks and info.

use pzl_core::FormatTable as _;

use std::path::Path;

use pzl_macfile::container::detect;
use pzl_macfile::{Container, ContainerKind, ResourceFork, rez};

fn read(dir: &Path, name: &str) -> Vec<u8> {
    std::fs::read(dir.join(name)).unwrap()
}

const SAMPLES: &[(&str, Option<ContainerKind>)] = &[
    ("python-rsrcfork/empty.rsrc", Some(ContainerKind::Raw)),
    ("python-rsrcfork/testfile.rsrc", Some(ContainerKind::Raw)),
    ("python-rsrcfork/unicode.textClipping.rsrc", Some(ContainerKind::Raw)),
    ("macresources_test_elmo.rsrc", Some(ContainerKind::Raw)),
    ("binhex4-rs/INSIDE_S.decoded.rsrc", Some(ContainerKind::Raw)),
    ("binhex4-rs/INSIDE_S.HQX", Some(ContainerKind::BinHex)),
    ("binhex4-rs/b.hqx", Some(ContainerKind::BinHex)),
    ("ciderpress2/adf/._Release.Notes", Some(ContainerKind::AppleDouble)),
    ("ciderpress2/adf/._gshk.docs", Some(ContainerKind::AppleDouble)),
    ("ciderpress2/adf/pct_alt-ext1", Some(ContainerKind::AppleDouble)),
    ("ciderpress2/adf/alt-ext2.rsrc", Some(ContainerKind::AppleDouble)),
    ("ciderpress2/adf/._not_adf", None),
    ("ciderpress2/adf/alt-ext1", None),
    ("wezm-macbinary/Text_File_I.Bin", Some(ContainerKind::MacBinary)),
    ("wezm-macbinary/Text_File_II.bin", Some(ContainerKind::MacBinary)),
    ("wezm-macbinary/Text_File.bin", Some(ContainerKind::MacBinary)),
    ("wezm-macbinary/Date_Test.bin", Some(ContainerKind::MacBinary)),
    ("wezm-macbinary/No_resource_fork.txt.bin", Some(ContainerKind::MacBinary)),
];

#[test]
fn every_sample_is_detected_and_round_trips() {
    let Some(dir) = pzl_corpus::dir("macfile") else { return };
    for (name, kind) in SAMPLES {
        let bytes = read(&dir, name);
        assert_eq!(detect(&bytes), *kind, "{name}");
        let Some(kind) = kind else { continue };
        let (container, warnings) = Container::read(&bytes, *kind).unwrap();
        assert!(warnings.is_empty(), "{name}: {warnings:?}");
        assert!(container.problems().is_empty(), "{name}: {:?}", container.problems());
        assert_eq!(container.write().unwrap(), bytes, "{name}: container round trip");
        let rsrc = container.rsrc();
        if rsrc.is_empty() {
            continue;
        }
        let fork = ResourceFork::read(rsrc).unwrap();
        assert_eq!(fork.write().unwrap(), rsrc, "{name}: fork round trip");
        let text = rez::derez(&fork, rsrc);
        assert_eq!(rez::rez(text.as_bytes()).unwrap().write().unwrap(), rsrc, "{name}: derez → rez\n{text}");
        // Every container of every kind, and back, keeps the forks and the Finder info.
        for to in [ContainerKind::MacBinary, ContainerKind::AppleSingle, ContainerKind::BinHex] {
            let (converted, _) = Container::from_forks(to, &container.forks()).unwrap();
            let written = converted.write().unwrap();
            let (back, w) = Container::open(&written).unwrap();
            assert!(w.is_empty(), "{name} → {to:?}: {w:?}");
            assert_eq!(back.kind(), to);
            assert_eq!(back.rsrc(), rsrc, "{name} → {to:?}");
            assert_eq!(back.data(), container.data(), "{name} → {to:?}");
            let (a, b) = (container.info(), back.info());
            assert_eq!(
                (a.file_type(), a.creator(), a.finder_flags()),
                (b.file_type(), b.creator(), b.finder_flags())
            );
            if to != ContainerKind::BinHex {
                assert_eq!((a.created, a.modified), (b.created, b.modified), "{name} → {to:?}");
            }
        }
    }
}

/// Listings from the notes (§1.6).
#[test]
fn listings_match_the_notes() {
    let Some(dir) = pzl_corpus::dir("macfile") else { return };
    let fork = ResourceFork::read(&read(&dir, "python-rsrcfork/testfile.rsrc")).unwrap();
    assert_eq!(fork.attributes, 0x0180);
    let list: Vec<(i16, Option<&[u8]>, u8, usize)> = fork
        .iter()
        .map(|(c, r)| {
            assert_eq!(c, b"STR ");
            (r.id, r.name.as_deref(), r.attributes, r.data.len())
        })
        .collect();
    assert_eq!(
        list,
        vec![
            (128, None, 0, 39),
            (129, Some(&b"The Name"[..]), 0, 40),
            (130, None, 0x0C, 45),
            (131, Some(&b"The Name with Attributes"[..]), 0x40, 42)
        ]
    );
    let clip = ResourceFork::read(&read(&dir, "python-rsrcfork/unicode.textClipping.rsrc")).unwrap();
    let handles: Vec<(&[u8; 4], u32)> = clip.iter().map(|(c, r)| (c, r.handle)).collect();
    assert_eq!(
        handles,
        vec![(b"utxt", 0x05000000), (b"utf8", 0x06000000), (b"TEXT", 0x07000000), (b"drag", 0x08000000)]
    );
    let elmo = ResourceFork::read(&read(&dir, "macresources_test_elmo.rsrc")).unwrap();
    assert_eq!(elmo.get(b"elmo", 123).unwrap().name.as_deref(), Some(&b"lamename"[..]));
    let inside = ResourceFork::read(&read(&dir, "binhex4-rs/INSIDE_S.decoded.rsrc")).unwrap();
    assert_eq!(inside.get(b"INTL", 1).map(|r| (r.attributes, r.data.len())), Some((0x20, 332)));
    assert_eq!(ResourceFork::read(&read(&dir, "python-rsrcfork/empty.rsrc")).unwrap().count(), 0);
}

#[test]
fn macbinary_triplet_gives_the_same_forks() {
    let Some(dir) = pzl_corpus::dir("macfile") else { return };
    let forks: Vec<_> = ["Text_File_I.Bin", "Text_File_II.bin", "Text_File.bin"]
        .iter()
        .map(|n| Container::open(&read(&dir, &format!("wezm-macbinary/{n}"))).unwrap().0)
        .collect();
    for c in &forks {
        assert_eq!(c.info().name, "Text File");
        assert_eq!(&c.info().file_type(), b"TEXT");
        assert_eq!(&c.info().creator(), b"R*ch");
        assert_eq!((c.data().len(), c.rsrc().len()), (21, 1454));
        // The reserved header bytes differ (each encoder left its own junk); the resources do not.
        let types = |c: &Container| ResourceFork::read(c.rsrc()).unwrap().types;
        assert_eq!(types(c), types(&forks[0]));
        assert_eq!(c.data(), forks[0].data());
    }
    let types: Vec<[u8; 4]> =
        ResourceFork::read(forks[2].rsrc()).unwrap().types.iter().map(|t| t.code).collect();
    assert!(types.contains(b"MPSR") && types.contains(b"BBST"));
    let nrf = Container::open(&read(&dir, "wezm-macbinary/No_resource_fork.txt.bin")).unwrap().0;
    assert_eq!(nrf.info().name, "No resource fork.txt");
    assert_eq!(nrf.info().created, None);
}

#[test]
fn binhex_and_appledouble_facts() {
    let Some(dir) = pzl_corpus::dir("macfile") else { return };
    let hqx = Container::open(&read(&dir, "binhex4-rs/INSIDE_S.HQX")).unwrap().0;
    assert_eq!(hqx.info().name, "InsideSwitcher");
    assert_eq!((hqx.data().len(), hqx.rsrc().len()), (24_042, 730));
    assert_eq!(hqx.rsrc(), read(&dir, "binhex4-rs/INSIDE_S.decoded.rsrc"));
    let b = Container::open(&read(&dir, "binhex4-rs/b.hqx")).unwrap().0;
    assert_eq!((b.info().name.as_str(), b.data().len()), ("file.txt", 29));
    let notes = Container::open(&read(&dir, "ciderpress2/adf/._Release.Notes")).unwrap().0;
    assert_eq!(notes.kind(), ContainerKind::AppleDouble);
    assert_eq!((&notes.info().file_type(), &notes.info().creator()), (b"TEXT", b"pdos"));
    assert_eq!(notes.rsrc().len(), 286);
    let alt = Container::open(&read(&dir, "ciderpress2/adf/pct_alt-ext1")).unwrap().0;
    let info = alt.info();
    assert_eq!((info.name.as_str(), &info.file_type(), &info.creator()), ("alt-ext1", b"ABCD", b"EFGH"));
    assert!(info.created.is_some());
}

/// The same samples through the `mac` kind: detected, read and written back byte for byte; the
/// AppleDouble header files take their name and data fork length from the files beside them.
#[test]
fn samples_through_the_kind() {
    use pzl_core::Kind;
    use pzl_macfile::MacKind;
    use pzl_macfile::format::Format;
    let Some(dir) = pzl_corpus::dir("macfile") else { return };
    for (name, kind) in SAMPLES {
        let bytes = read(&dir, name);
        let Some(kind) = kind else {
            assert_ne!(Format::detect(&bytes).and_then(Format::container), Some(ContainerKind::AppleDouble));
            continue;
        };
        let format = Format::detect(&bytes).unwrap();
        assert_eq!(format, Format::of_container(*kind), "{name}");
        let file = MacKind::read(&bytes, format, &()).unwrap().value;
        assert_eq!(MacKind::write(&file, format).unwrap().bytes, bytes, "{name}");
        assert!(MacKind::check(&file).unwrap().ok, "{name}");
    }
    let path = dir.join("ciderpress2/adf/._gshk.docs");
    let mut gshk = MacKind::read(&std::fs::read(&path).unwrap(), Format::AppleDouble, &()).unwrap().value;
    gshk.attach_path(&path);
    let text = MacKind::info(&gshk, &pzl_core::InfoRequest::FULL).to_string();
    assert!(text.contains("gshk.docs") && text.contains("'TEXT' / 'pdos'"), "{text}");
    let path = dir.join("ciderpress2/adf/alt-ext2.rsrc");
    let mut alt = MacKind::read(&std::fs::read(&path).unwrap(), Format::AppleDouble, &()).unwrap().value;
    alt.attach_path(&path);
    assert_eq!(alt.data_len(), 16);
    let text = MacKind::info(&alt, &pzl_core::InfoRequest::FULL).to_string();
    assert!(text.contains("data fork:     16 bytes"), "{text}");
}

/// Every compressed resource of the python-rsrcfork pairs (System 7.5.5: dcmp 0, 1 and 2)
/// decompresses to the resource ResEdit wrote into the uncompressed twin, and the compressed fork
/// still writes back byte for byte.
#[test]
fn compressed_resources_decompress_to_their_twins() {
    let Some(dir) = pzl_corpus::dir("macarchive") else { return };
    let mut by_dcmp = [0usize; 3];
    for name in ["Finder Help.rsrc", "Install.rsrc", "System.rsrc"] {
        let packed = read(&dir, &format!("python-rsrcfork/compressed/{name}"));
        let plain = read(&dir, &format!("python-rsrcfork/uncompressed/{name}"));
        let packed_fork = ResourceFork::read(&packed).unwrap();
        let plain_fork = ResourceFork::read(&plain).unwrap();
        assert_eq!(packed_fork.write().unwrap(), packed, "{name} writes back");
        for (code, r) in packed_fork.iter() {
            let twin =
                plain_fork.get(code, r.id).unwrap_or_else(|| panic!("{name}: {code:?} {} has no twin", r.id));
            if let Some(c) = r.compression() {
                by_dcmp[c.dcmp_id as usize] += 1;
            }
            assert_eq!(r.contents().unwrap().as_ref(), twin.data.as_slice(), "{name}: {code:?} {}", r.id);
        }
    }
    assert_eq!(by_dcmp, [87, 31, 238]);
}
