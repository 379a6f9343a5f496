//! Every StuffIt file of the corpus lists the members `lsar` lists and extracts the forks, sizes
//! and SHA-256s that `unar` extracted (the manifest's facts); password-protected archives refuse
//! with a clear error, StuffIt X is refused, and a flipped byte is reported at its member.

use pzl_macarchive::Archive;
use serde_json::Value;
use sha2::{Digest, Sha256};

fn manifest() -> Option<(std::path::PathBuf, Vec<Value>)> {
    let dir = pzl_corpus::dir("macarchive")?;
    let text = std::fs::read_to_string(dir.join("manifest.json")).ok()?;
    let Value::Array(files) = serde_json::from_str(&text).ok()? else { return None };
    Some((dir, files))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn is_stuffit(file: &Value) -> bool {
    let magic = file["format_magic"].as_str().unwrap_or("");
    let inner = file["facts"]["binhex"]["inner_magic"].as_str().unwrap_or("");
    let path = file["path"].as_str().unwrap_or("");
    magic.starts_with("StuffIt") && !magic.contains("StuffIt X")
        || inner.starts_with("StuffIt")
        || path.contains(".sea.bin")
        || path.ends_with(".sit.bin")
}

#[test]
fn every_stuffit_file_extracts_what_unar_extracted() {
    let Some((dir, files)) = manifest() else { return };
    let mut checked_forks = 0;
    let mut archives = 0;
    for file in files.iter().filter(|f| is_stuffit(f)) {
        let path = file["path"].as_str().unwrap();
        let bytes = std::fs::read(dir.join(path)).unwrap();
        let archive = Archive::read(&bytes).unwrap_or_else(|e| panic!("{path}: {e}"));
        archives += 1;
        let lsar = file["facts"]["lsar"]["entries"].as_array().unwrap();
        // Every lsar entry is a member (lsar lists a file once per fork).
        for e in lsar {
            let name = e["name"].as_str().unwrap();
            let i = archive.find(name).unwrap_or_else(|| panic!("{path}: no member {name}"));
            let entry = &archive.entries[i];
            if e["dir"].as_bool() == Some(true) {
                assert!(entry.folder, "{path}: {name} is a folder");
                continue;
            }
            let fork = if e["fork"] == "rsrc" { &entry.rsrc } else { &entry.data };
            assert_eq!(u64::from(fork.len), e["size"].as_u64().unwrap(), "{path}: {name} size");
            assert_eq!(
                u64::from(fork.method.0),
                e["stuffit_method"].as_u64().unwrap(),
                "{path}: {name} method"
            );
            if let Some(t) = e["type"].as_str() {
                // lsar prints a type that is not text as a number.
                let shown = match t.strip_prefix("0x") {
                    Some(_) => format!("0x{}", hex(&entry.file_type)),
                    None => pzl_macfile::macroman::decode(&entry.file_type),
                };
                assert_eq!(shown, t, "{path}: {name} type");
            }
        }
        let unar = &file["facts"]["unar_extract"];
        if unar["rc"] != 0 {
            // Password-protected: every file member refuses, naming the member.
            let first = archive.entries.iter().position(|e| !e.folder).unwrap();
            let err = archive.forks(first).unwrap_err().to_string();
            assert!(err.contains("password"), "{path}: {err}");
            continue;
        }
        for (key, want) in unar["forks"].as_object().unwrap() {
            let (name, which) = key.rsplit_once(" [").unwrap();
            let i = archive.find(name).unwrap_or_else(|| panic!("{path}: no member {name}"));
            let forks = archive.forks(i).unwrap_or_else(|e| panic!("{path}: {e}"));
            let got = if which == "rsrc]" { &forks.rsrc } else { &forks.data };
            assert_eq!(got.len() as u64, want["size"].as_u64().unwrap(), "{path}: {key} size");
            if let Some(sha) = want["sha256"].as_str() {
                assert_eq!(hex(&Sha256::digest(got)), sha, "{path}: {key} sha256");
            }
            checked_forks += 1;
        }
    }
    assert!(archives >= 28, "{archives} StuffIt files");
    eprintln!("{archives} archives, {checked_forks} forks equal to unar's");
}

#[test]
fn stuffit_x_is_refused() {
    let Some((dir, _)) = manifest() else { return };
    let bytes = std::fs::read(dir.join("stuffit-test-files/testfile.stuffit7_dlx.mac9.sitx")).unwrap();
    let err = Archive::read(&bytes).unwrap_err().to_string();
    assert!(err.contains("StuffIt X"), "{err}");
}

#[test]
fn a_flipped_byte_is_reported_at_its_member() {
    let Some((dir, _)) = manifest() else { return };
    for name in [
        "stuffit-test-files/testfile.stuffit45_dlx.mac9.sit",
        "stuffit-test-files/testfile.stuffit7_dlx.mac9.sit",
    ] {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let archive = Archive::read(&bytes).unwrap();
        let i = archive.find("testfile.PICT").unwrap();
        let fork = archive.entries[i].data;
        let mut bad = bytes.clone();
        bad[fork.offset + fork.packed_len as usize / 2] ^= 0x10;
        let err = Archive::read(&bad).and_then(|a| a.forks(i)).unwrap_err().to_string();
        assert!(err.contains("'testfile.PICT', data fork"), "{name}: {err}");
    }
}

/// What pzl writes (classic StuffIt, method 0) reads back with the same forks and Finder info,
/// folders included; the seeds of the `stuffit` fuzz target are such archives.
#[test]
fn written_archives_read_back() {
    use pzl_macarchive::write::{Member, stuffit};
    use pzl_macfile::{FileInfo, Forks};
    let member = |folders: &[&str], name: &str, data: &[u8], rsrc: &[u8]| {
        let mut info = FileInfo {
            name: name.into(),
            created: Some(3_000_000_000),
            modified: Some(3_100_000_000),
            ..FileInfo::default()
        };
        info.set_type_creator(*b"TEXT", *b"ttxt");
        Member {
            folders: folders.iter().map(|s| s.to_string()).collect(),
            forks: Forks { info, data: data.to_vec(), rsrc: rsrc.to_vec() },
        }
    };
    let members = vec![
        member(&[], "Read Me", b"hello", b""),
        member(&["MacPoly \u{0192}", "Puzzles"], "6 x 6", b"", b"resource fork bytes"),
        member(&["MacPoly \u{0192}"], "MacPoly", b"data", b"rsrc"),
    ];
    let bytes = stuffit(&members).unwrap();
    let archive = Archive::read(&bytes).unwrap();
    let shown: Vec<String> = archive.entries.iter().map(|e| e.shown()).collect();
    assert_eq!(
        shown,
        [
            "Read Me",
            "MacPoly \u{0192}",
            "MacPoly \u{0192}/MacPoly",
            "MacPoly \u{0192}/Puzzles",
            "MacPoly \u{0192}/Puzzles/6 x 6"
        ]
    );
    for m in &members {
        let path: Vec<&str> =
            m.folders.iter().map(String::as_str).chain([m.forks.info.name.as_str()]).collect();
        let forks = archive.forks(archive.find(&path.join("/")).unwrap()).unwrap();
        assert_eq!(forks, m.forks);
    }
    if std::env::var_os("PZL_WRITE_SEEDS").is_some() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds/stuffit");
        std::fs::write(dir.join("written.sit"), &bytes).unwrap();
        std::fs::write(dir.join("one-file.sit"), stuffit(&members[..1]).unwrap()).unwrap();
    }
}

/// A machfs path (`Folder:File`, folders end with `:`) as a pzl member path.
fn machfs_path(p: &str) -> String {
    p.trim_end_matches(':').split(':').map(|n| n.replace('/', ":")).collect::<Vec<_>>().join("/")
}

/// Every HFS and MFS image lists the files machfs (or the survey's MFS walker) lists, with their
/// fork sizes, types and SHA-256s; DiskCopy checksums are checked and gzip is unwrapped.
#[test]
fn every_disk_image_lists_and_reads_what_the_manifest_gives() {
    use pzl_macarchive::volume::Volume;
    let Some((dir, files)) = manifest() else { return };
    let mut images = 0;
    let mut forks = 0;
    for file in &files {
        let path = file["path"].as_str().unwrap();
        let facts = &file["facts"];
        let (listed, mfs) = match (facts["hfs"]["entries"].as_array(), facts["mfs"]["files"].as_array()) {
            (Some(e), _) => (e, false),
            (None, Some(f)) => (f, true),
            _ => continue,
        };
        let bytes = std::fs::read(dir.join(path)).unwrap();
        let volume = Volume::read(&bytes).unwrap_or_else(|e| panic!("{path}: {e}"));
        images += 1;
        if let Some(n) = facts["hfs_crosscheck"]["entries_listed"].as_u64() {
            assert_eq!(volume.entries.len() as u64, n, "{path}: entries (hls -aR1)");
        }
        // Read the listed files' forks in one pass through a gzip image, not one pass each.
        let name_of = |e: &serde_json::Value| {
            if mfs {
                e["name"].as_str().unwrap().to_string()
            } else {
                machfs_path(e["path"].as_str().unwrap())
            }
        };
        volume.will_read(listed.iter().filter_map(|e| volume.find(&name_of(e))));
        for e in listed {
            let name = if mfs {
                e["name"].as_str().unwrap().to_string()
            } else {
                machfs_path(e["path"].as_str().unwrap())
            };
            let i = volume.find(&name).unwrap_or_else(|| panic!("{path}: no entry {name}"));
            if e["dir"].as_bool() == Some(true) {
                assert!(volume.entries[i].folder, "{path}: {name} is a folder");
                continue;
            }
            let got = volume.forks(i).unwrap_or_else(|err| panic!("{path}: {name}: {err}"));
            assert_eq!(got.data.len() as u64, e["data_fork"].as_u64().unwrap(), "{path}: {name} data");
            assert_eq!(got.rsrc.len() as u64, e["rsrc_fork"].as_u64().unwrap(), "{path}: {name} rsrc");
            for (key, fork) in [("data_sha256", &got.data), ("rsrc_sha256", &got.rsrc)] {
                if let Some(sha) = e[key].as_str() {
                    assert_eq!(hex(&Sha256::digest(fork)), sha, "{path}: {name} {key}");
                }
            }
            forks += 1;
        }
    }
    assert!(images >= 10, "{images} images");
    eprintln!("{images} images, {forks} files equal to the manifest's");
}

/// A file that counts the bytes read from it.
struct Counting {
    inner: std::io::Cursor<Vec<u8>>,
    read: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl std::io::Read for Counting {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, std::sync::atomic::Ordering::Relaxed);
        Ok(n)
    }
}

impl std::io::Seek for Counting {
    fn seek(&mut self, to: std::io::SeekFrom) -> std::io::Result<u64> {
        self.inner.seek(to)
    }
}

/// Read at positions from a file (`Volume::open`), every image lists the same entries (with the
/// same extents) and reads the same forks as from its bytes (`Volume::read`); listing a bare
/// image reads only its header and B-tree nodes (a small part of it), and a fork read then
/// reads only that fork's bytes.
#[test]
fn images_read_at_positions_equal_images_read_whole() {
    use pzl_macarchive::volume::{ImageWrapper, Volume};
    use std::sync::atomic::Ordering;
    let Some((dir, files)) = manifest() else { return };
    let mut raw = 0;
    for file in &files {
        let path = file["path"].as_str().unwrap();
        let facts = &file["facts"];
        if facts["hfs"].is_null() && facts["mfs"].is_null() && facts["hfsplus"].is_null() {
            continue;
        }
        let bytes = std::fs::read(dir.join(path)).unwrap();
        let whole = Volume::read(&bytes).unwrap_or_else(|e| panic!("{path}: {e}"));
        let read = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let counting = Counting { inner: std::io::Cursor::new(bytes.clone()), read: read.clone() };
        let at = Volume::open(counting).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!((at.format, at.wrapper, &at.name), (whole.format, whole.wrapper, &whole.name), "{path}");
        assert_eq!(at.entries, whole.entries, "{path}");
        let listing = read.load(Ordering::Relaxed);
        if at.wrapper == ImageWrapper::Raw {
            raw += 1;
            assert!(
                listing * 4 < bytes.len() as u64,
                "{path}: {listing} of {} bytes read to list",
                bytes.len()
            );
            eprintln!("{path}: listed reading {listing} of {} bytes", bytes.len());
        }
        let files: Vec<usize> = (0..at.entries.len()).filter(|&i| !at.entries[i].folder).collect();
        at.will_read(files.iter().copied());
        whole.will_read(files.iter().copied());
        for &i in files.iter().step_by(7) {
            let before = read.load(Ordering::Relaxed);
            let (a, w) = (at.forks(i).unwrap(), whole.forks(i).unwrap());
            assert_eq!(
                (a.data, a.rsrc, a.info),
                (w.data, w.rsrc, w.info),
                "{path}: {}",
                at.entries[i].shown()
            );
            let e = &at.entries[i];
            if at.wrapper == ImageWrapper::Raw {
                assert_eq!(
                    read.load(Ordering::Relaxed) - before,
                    e.data_len + e.rsrc_len,
                    "{path}: {}",
                    e.shown()
                );
            }
        }
    }
    assert!(raw >= 5, "{raw} bare images");
}

/// The HFS+ volume lists what 7-Zip lists, with its data fork sizes; `a_resourcefork` has a
/// resource fork.
#[test]
fn the_hfs_plus_volume_lists_what_7zip_lists() {
    use pzl_macarchive::volume::{Volume, VolumeFormat};
    let Some((dir, files)) = manifest() else { return };
    let file = files.iter().find(|f| f["path"] == "dfvfs/hfsplus.raw").unwrap();
    let volume = Volume::read(&std::fs::read(dir.join("dfvfs/hfsplus.raw")).unwrap()).unwrap();
    assert_eq!((volume.format, volume.name.as_str()), (VolumeFormat::HfsPlus, "hfsplus_test"));
    for e in file["facts"]["hfsplus"]["entries"].as_array().unwrap() {
        let path = e["path"].as_str().unwrap();
        let Some(path) = path.strip_prefix("hfsplus_test/") else { continue };
        if path.starts_with('[') {
            continue; // "\0\0\0\0HFS+ Private Data", which 7-Zip renames
        }
        // 7-Zip drops the carriage return that ends ".HFS+ Private Directory Data\r".
        let i = volume
            .find(path)
            .or_else(|| volume.find(&format!("{path}\r")))
            .unwrap_or_else(|| panic!("no entry {path}"));
        assert_eq!(volume.entries[i].folder, e["folder"] == "+", "{path}");
        if let Some(size) = e["size"].as_str() {
            assert_eq!(volume.forks(i).unwrap().data.len().to_string(), size, "{path}");
        }
    }
    let i = volume.find("a_directory/a_resourcefork").unwrap();
    assert!(!volume.forks(i).unwrap().rsrc.is_empty());
}

/// A 4 KiB MFS volume made here byte by byte: one file, "Read Me", with both forks. It reads
/// back, and is a seed of the `volume` fuzz target (`PZL_WRITE_SEEDS=1`), with a DiskCopy 4.2
/// copy of it whose checksums pzl computes the same way.
#[test]
fn a_tiny_mfs_volume_reads() {
    use pzl_macarchive::volume::{ImageWrapper, Volume, VolumeFormat};
    let mut img = vec![0u8; 4096];
    let put16 = |img: &mut Vec<u8>, at: usize, v: u16| img[at..at + 2].copy_from_slice(&v.to_be_bytes());
    let put32 = |img: &mut Vec<u8>, at: usize, v: u32| img[at..at + 4].copy_from_slice(&v.to_be_bytes());
    put16(&mut img, 1024, 0xD2D7);
    put16(&mut img, 1024 + 12, 1); // files
    put16(&mut img, 1024 + 14, 3); // directory at sector 3
    put16(&mut img, 1024 + 16, 1); // one sector long
    put16(&mut img, 1024 + 18, 4); // allocation blocks
    put32(&mut img, 1024 + 20, 512);
    put16(&mut img, 1024 + 28, 4); // first block at sector 4
    img[1024 + 36] = 4;
    img[1024 + 37..1024 + 41].copy_from_slice(b"Test");
    img[1024 + 64..1024 + 67].copy_from_slice(&[0x00, 0x10, 0x01]); // blocks 2 and 3 end their chains
    let e = 1536;
    img[e] = 0x80;
    img[e + 2..e + 10].copy_from_slice(b"TEXTttxt");
    put32(&mut img, e + 18, 1);
    put16(&mut img, e + 22, 2);
    put32(&mut img, e + 24, 5);
    put32(&mut img, e + 28, 512);
    put16(&mut img, e + 32, 3);
    put32(&mut img, e + 34, 3);
    put32(&mut img, e + 38, 512);
    img[e + 50] = 7;
    img[e + 51..e + 58].copy_from_slice(b"Read Me");
    img[2048..2053].copy_from_slice(b"hello");
    img[2560..2563].copy_from_slice(b"abc");
    let volume = Volume::read(&img).unwrap();
    assert_eq!((volume.format, volume.name.as_str()), (VolumeFormat::Mfs, "Test"));
    let forks = volume.forks(volume.find("Read Me").unwrap()).unwrap();
    assert_eq!((forks.data.as_slice(), forks.rsrc.as_slice()), (&b"hello"[..], &b"abc"[..]));
    assert_eq!(forks.info.file_type(), *b"TEXT");

    // The same volume in DiskCopy 4.2: checksums as the format defines them; a flipped byte is caught.
    let sum = |b: &[u8]| {
        b.chunks(2)
            .fold(0u32, |s, w| s.wrapping_add(u32::from(u16::from_be_bytes([w[0], w[1]]))).rotate_right(1))
    };
    let mut dc = vec![0u8; 84];
    dc[0] = 4;
    dc[1..5].copy_from_slice(b"Test");
    dc[0x40..0x44].copy_from_slice(&(img.len() as u32).to_be_bytes());
    dc[0x48..0x4C].copy_from_slice(&sum(&img).to_be_bytes());
    dc[0x52..0x54].copy_from_slice(&0x0100u16.to_be_bytes());
    dc.extend_from_slice(&img);
    let again = Volume::read(&dc).unwrap();
    assert_eq!(again.wrapper, ImageWrapper::DiskCopy42);
    let mut bad = dc.clone();
    bad[84 + 2050] ^= 1;
    assert!(Volume::read(&bad).unwrap_err().to_string().contains("data checksum"));
    // Read from a file, the checksums are verified as it is read through once.
    let from_file = Volume::open(std::io::Cursor::new(dc.clone())).unwrap();
    assert_eq!(from_file.entries, again.entries);
    let forks = from_file.forks(from_file.find("Read Me").unwrap()).unwrap();
    assert_eq!((forks.data.as_slice(), forks.rsrc.as_slice()), (&b"hello"[..], &b"abc"[..]));
    let err = Volume::open(std::io::Cursor::new(bad.clone())).unwrap_err().to_string();
    assert!(err.contains("data checksum"), "{err}");
    let mut bad_tags = dc.clone();
    bad_tags[0x4C] ^= 1;
    let err = Volume::open(std::io::Cursor::new(bad_tags)).unwrap_err().to_string();
    assert!(err.contains("tag checksum"), "{err}");
    // gzip-wrapped, from bytes and from a file: inflated as far as needed, the same volume.
    let gz = {
        use std::io::Write;
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        e.write_all(&img).unwrap();
        e.finish().unwrap()
    };
    for zipped in [Volume::read(&gz).unwrap(), Volume::open(std::io::Cursor::new(gz.clone())).unwrap()] {
        assert_eq!((zipped.wrapper, &zipped.entries), (ImageWrapper::Gzip, &volume.entries));
        let forks = zipped.forks(zipped.find("Read Me").unwrap()).unwrap();
        assert_eq!((forks.data.as_slice(), forks.rsrc.as_slice()), (&b"hello"[..], &b"abc"[..]));
    }
    if std::env::var_os("PZL_WRITE_SEEDS").is_some() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds/volume");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("mfs.dsk"), &img).unwrap();
        std::fs::write(dir.join("mfs.image"), &dc).unwrap();
        std::fs::write(dir.join("mfs.dsk.gz"), &gz).unwrap();
    }
}

/// Both Compact Pro archives extract the 27 files `unar` extracted (SHA-256), folders included,
/// each file's CRC-32 checked.
#[test]
fn compact_pro_archives_extract_what_unar_extracted() {
    let Some((dir, files)) = manifest() else { return };
    let mut forks = 0;
    for file in files.iter().filter(|f| f["path"].as_str().unwrap().ends_with(".cpt")) {
        let path = file["path"].as_str().unwrap();
        let archive =
            Archive::read(&std::fs::read(dir.join(path)).unwrap()).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(archive.format, pzl_macarchive::ArchiveFormat::CompactPro);
        for (key, want) in file["facts"]["unar_extract"]["forks"].as_object().unwrap() {
            let (name, which) = key.rsplit_once(" [").unwrap();
            let i = archive.find(name).unwrap_or_else(|| panic!("{path}: no member {name}"));
            let got = archive.forks(i).unwrap_or_else(|e| panic!("{path}: {e}"));
            let got = if which == "rsrc]" { &got.rsrc } else { &got.data };
            assert_eq!(hex(&Sha256::digest(got)), want["sha256"].as_str().unwrap(), "{path}: {key}");
            forks += 1;
        }
    }
    assert_eq!(forks, 54);
}

/// Every corpus archive and image round-trips its forks: each member's two forks and Finder
/// info, written by pzl as MacBinary, AppleSingle and AppleDouble (what `pzl mac extract`
/// writes) and into a classic StuffIt archive (what `pzl mac stuff` writes), read back the same.
/// Password-protected archives and StuffIt X, which do not extract, are left out; of the one
/// image with more than 1,000 entries, every 25th.
#[test]
fn every_corpus_file_round_trips_its_forks() {
    use pzl_macarchive::container::{self, Opened};
    use pzl_macarchive::write::{Member, stuffit};
    use pzl_macfile::{Container, ContainerKind};
    let Some((dir, files)) = manifest() else { return };
    let (mut containers, mut members) = (0, 0);
    for file in &files {
        let path = file["path"].as_str().unwrap();
        let bytes = std::fs::read(dir.join(path)).unwrap();
        let Some(Ok(opened)) = container::open(&bytes) else { continue };
        if let Opened::Archive(a, _) = &opened
            && (a.encrypted || a.entries.iter().any(|e| e.data.encrypted || e.rsrc.encrypted))
        {
            continue;
        }
        containers += 1;
        let listed = opened.members();
        // complex.img.gz's 2,082 files hold 240 MB of zeroed forks: every 25th of them is enough.
        let step = if listed.len() > 1000 { 25 } else { 1 };
        if let Opened::Volume(v) = &opened {
            v.will_read((0..listed.len()).step_by(step));
        }
        for (i, m) in listed.iter().enumerate() {
            if m.folder || i % step != 0 {
                continue;
            }
            let forks = opened.forks(i).unwrap_or_else(|e| panic!("{path}: {}: {e}", m.path));
            for kind in [ContainerKind::MacBinary, ContainerKind::AppleSingle, ContainerKind::AppleDouble] {
                let (written, _) = Container::from_forks(kind, &forks).unwrap();
                let (back, _) = Container::read(&written.write().unwrap(), kind).unwrap();
                let back = back.forks();
                let data = if kind == ContainerKind::AppleDouble { &forks.data } else { &back.data };
                assert_eq!((data, &back.rsrc), (&forks.data, &forks.rsrc), "{path}: {} as {kind:?}", m.path);
                assert_eq!(back.info.finder_info[..10], forks.info.finder_info[..10], "{path}: {}", m.path);
            }
            let sit = stuffit(&[Member { folders: Vec::new(), forks: forks.clone() }]).unwrap();
            let back = pzl_macarchive::Archive::read(&sit).unwrap().forks(0).unwrap();
            assert_eq!((back.data, back.rsrc), (forks.data, forks.rsrc), "{path}: {} in StuffIt", m.path);
            assert_eq!(
                (back.info.name, &back.info.finder_info[..10], back.info.created, back.info.modified),
                (forks.info.name, &forks.info.finder_info[..10], forks.info.created, forks.info.modified),
                "{path}: {} in StuffIt",
                m.path
            );
            members += 1;
        }
    }
    assert!(containers >= 40, "{containers} archives and images");
    eprintln!("{containers} archives and images, {members} files round-trip their forks");
}
