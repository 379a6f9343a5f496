//! Classic Mac files: resource forks, MacBinary, AppleSingle, BinHex, Rez.

use pzl_macfile::{Container, ContainerKind, ResourceFork};

/// A container that reads writes back byte for byte.
fn container(data: &[u8], kind: ContainerKind) {
    if let Ok((container, _)) = Container::read(data, kind) {
        assert_eq!(container.write().expect("a container that reads writes"), data);
        let _ = container.problems();
    }
}

/// The AppleSingle reader: no panic; a file that reads writes back byte for byte.
pub fn applesingle(data: &[u8]) {
    container(data, ContainerKind::AppleSingle);
}

/// The BinHex reader: no panic; a file that reads writes back byte for byte.
pub fn binhex(data: &[u8]) {
    container(data, ContainerKind::BinHex);
}

/// The MacBinary reader: no panic; a file that reads writes back byte for byte.
pub fn macbinary(data: &[u8]) {
    container(data, ContainerKind::MacBinary);
}

/// The resource-fork reader: no panic; a fork that reads writes back byte for byte.
pub fn fork(data: &[u8]) {
    if let Ok(fork) = ResourceFork::read(data) {
        assert_eq!(fork.write().expect("a fork that reads writes"), data);
    }
}

/// The `dcmp` 0/1/2 decompressors: no panic; what decompresses has the length its header gives
/// (never more than `dcmp::MAX_DECOMPRESSED`).
pub fn dcmp(data: &[u8]) {
    if let Ok(out) = pzl_macfile::dcmp::decompress(data) {
        let header = pzl_macfile::dcmp::header(data).expect("a resource that decompresses has a header");
        assert_eq!(out.len() as u64, u64::from(header.decompressed_len));
        assert!(header.decompressed_len <= pzl_macfile::dcmp::MAX_DECOMPRESSED);
    }
}

/// The Rez compiler: no panic; what compiles derezzes and compiles to the same fork.
pub fn rez(data: &[u8]) {
    if let Ok(fork) = pzl_macfile::rez::rez(data)
        && let Ok(bytes) = fork.write()
    {
        let read = ResourceFork::read(&bytes).expect("a written fork reads back");
        let text = pzl_macfile::rez::derez(&read, &bytes);
        let again = pzl_macfile::rez::rez(text.as_bytes()).expect("DeRez output compiles");
        assert_eq!(again.write().expect("a compiled fork writes"), bytes);
    }
}

/// The StuffIt reader: no panic; every member either extracts with the sizes its header gives
/// or fails with an error.
pub fn stuffit(data: &[u8]) {
    if let Ok(archive) = pzl_macarchive::Archive::read(data) {
        for (i, entry) in archive.entries.iter().enumerate() {
            if let Ok(forks) = archive.forks(i) {
                assert!(!entry.folder);
                assert_eq!(forks.data.len(), entry.data.len as usize);
                assert_eq!(forks.rsrc.len(), entry.rsrc.len as usize);
            }
        }
    }
}

/// The disk-image reader (HFS, HFS+, MFS, DiskCopy 4.2, gzip), from bytes and read at
/// positions from a file: no panic; both ways give the same answer (the same entries and forks,
/// or both an error); every file either reads with the fork sizes its catalog gives or fails
/// with an error.
pub fn volume(data: &[u8]) {
    use pzl_macarchive::volume::Volume;
    let whole = Volume::read(data);
    let at = Volume::open(std::io::Cursor::new(data.to_vec()));
    match (&whole, &at) {
        (Ok(w), Ok(a)) => assert_eq!(w.entries, a.entries),
        (Err(w), Err(a)) => assert_eq!(w.to_string(), a.to_string()),
        (w, a) => panic!("from bytes {:?}, at positions {:?}", w.as_ref().err(), a.as_ref().err()),
    }
    if let (Ok(volume), Ok(at)) = (whole, at) {
        // One pass through a gzip image for every fork, as `pzl mac extract` reads them.
        volume.will_read_all();
        for (i, entry) in volume.entries.iter().enumerate() {
            let forks = volume.forks(i);
            if let Ok(forks) = &forks {
                assert_eq!(forks.data.len() as u64, entry.data_len);
                assert_eq!(forks.rsrc.len() as u64, entry.rsrc_len);
            }
            if i < 8 {
                let other = at.forks(i);
                assert_eq!(forks.map_err(|e| e.to_string()), other.map_err(|e| e.to_string()));
            }
        }
    }
}
