//! Round trips: any set of files pzl writes into a classic StuffIt archive reads back with the
//! same forks, Finder info and folders; and no byte string makes a reader panic.

use proptest::prelude::*;
use pzl_macarchive::Archive;
use pzl_macarchive::write::{Member, stuffit};
use pzl_macfile::{FileInfo, Forks};

fn name() -> impl Strategy<Value = String> {
    // Mac Roman letters, digits, spaces and a few accented characters; no '/' or ':'.
    proptest::string::string_regex("[A-Za-z0-9 éüƒπ™.-]{1,31}").unwrap()
}

fn member() -> impl Strategy<Value = Member> {
    (
        proptest::collection::vec(name(), 0..3),
        name(),
        proptest::collection::vec(any::<u8>(), 0..300),
        proptest::collection::vec(any::<u8>(), 0..300),
        any::<[u8; 4]>(),
        any::<u32>(),
    )
        .prop_map(|(folders, name, data, rsrc, code, date)| {
            let mut info =
                FileInfo { name, created: Some(date), modified: Some(date / 2), ..FileInfo::default() };
            info.set_type_creator(code, *b"pzl ");
            Member { folders, forks: Forks { info, data, rsrc } }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn written_archives_read_back(members in proptest::collection::vec(member(), 1..6)) {
        // Names must be unique within a folder, as on a Mac.
        let mut seen = std::collections::HashSet::new();
        let members: Vec<Member> = members
            .into_iter()
            .filter(|m| seen.insert((m.folders.clone(), m.forks.info.name.clone())))
            .filter(|m| !m.folders.iter().zip(std::iter::once(&m.forks.info.name)).any(|(f, n)| f == n))
            .collect();
        let bytes = stuffit(&members).unwrap();
        let archive = Archive::read(&bytes).unwrap();
        for m in &members {
            let path: Vec<&str> = m.folders.iter().map(String::as_str).chain([m.forks.info.name.as_str()]).collect();
            let Some(i) = archive.find(&path.join("/")) else { continue }; // a file named like a folder
            if archive.entries[i].folder { continue; }
            prop_assert_eq!(&archive.forks(i).unwrap(), &m.forks);
        }
    }

    #[test]
    fn readers_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        if let Ok(archive) = Archive::read(&bytes) {
            for i in 0..archive.entries.len() {
                let _ = archive.forks(i);
            }
        }
        let _ = pzl_macarchive::volume::Volume::read(&bytes);
        let _ = pzl_macfile::dcmp::decompress(&bytes);
    }

    #[test]
    fn damaged_archives_give_errors_not_panics(
        members in proptest::collection::vec(member(), 1..4),
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
    ) {
        let mut bytes = stuffit(&members).unwrap();
        for (at, v) in flips {
            let i = at.index(bytes.len());
            bytes[i] ^= v | 1;
        }
        if let Ok(archive) = Archive::read(&bytes) {
            for i in 0..archive.entries.len() {
                let _ = archive.forks(i);
            }
        }
    }
}
