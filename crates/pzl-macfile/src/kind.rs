//! The `mac` kind of the pzl contract: containers of a resource fork and Rez text. Mac files can
//! be read, written in every format, described and checked; MacPoly puzzles inside them are
//! solved and drawn by the poly kind: the Mac file lists them as members (see [`Kind::members`]).

use pzl_core::settings::{Setting, Verb};
use pzl_core::{CheckReport, Error, Info, InfoRequest, Kind, Member, Parsed, Written};

use crate::format::Format;
use crate::model::MacFile;

/// The kind's name.
pub const NAME: &str = "mac";

/// Classic Mac files: AppleSingle, AppleDouble, BinHex, MacBinary, raw resource forks, Rez text.
#[derive(Debug, Clone, Copy, Default)]
pub struct MacKind;

impl Kind for MacKind {
    const NAME: &'static str = NAME;
    const TITLE: &'static str = "Classic Mac file";
    type Doc = MacFile;
    type Format = Format;
    type Params = ();

    fn settings() -> &'static [Setting] {
        const SETTINGS: &[Setting] = &[Setting::flag(
            "mac",
            "save",
            &[Verb::Solve],
            "Write the arrangement found into the puzzle resource.",
        )];
        SETTINGS
    }

    /// An AppleDouble header is named `._NAME`.
    fn format_by_name(file_name: &str) -> Option<Format> {
        Format::from_file_name(file_name)
    }

    /// An AppleDouble header's data fork, in the file beside it.
    fn attach(doc: &mut MacFile, path: &std::path::Path) -> Vec<pzl_core::Warning> {
        doc.attach_path(path)
    }

    /// The resources of the resource fork whose type `wanted` accepts (MacPoly's `SBPn`
    /// puzzles), decompressed, each named `'TYPE' ID "name"`.
    fn members(doc: &MacFile, wanted: &dyn Fn(&str) -> bool) -> Option<Result<Vec<Member>, Error>> {
        let members = doc.fork().map(|fork| {
            let wanted = fork.iter().map(|(code, r)| (crate::fourcc(code), r)).filter(|(t, _)| wanted(t));
            wanted
                .map(|(stored_as, r)| {
                    let name = crate::macroman::decode(r.name.as_deref().unwrap_or_default());
                    Member {
                        label: format!("'{stored_as}' {} \"{name}\"", r.id),
                        id: Some(i64::from(r.id)),
                        name,
                        bytes: r.contents().map_or_else(|_| r.data.clone(), std::borrow::Cow::into_owned),
                        stored_as,
                    }
                })
                .collect()
        });
        Some(members)
    }

    /// The resource's data replaced, stored uncompressed.
    fn with_member(doc: &MacFile, member: &Member, bytes: Vec<u8>) -> Result<MacFile, Error> {
        let code = crate::listing::parse_type(&member.stored_as)?;
        let id = member.id.and_then(|id| i16::try_from(id).ok());
        let mut fork = doc.fork()?;
        let resource = id
            .and_then(|id| fork.get_mut(&code, id))
            .ok_or_else(|| Error::usage(format!("the resource fork holds no resource {}", member.label)))?;
        resource.data = bytes;
        resource.attributes &= !1; // saved decompressed: no longer a compressed resource
        let mut file = doc.clone();
        file.set_fork(&fork)?;
        Ok(file)
    }

    /// Only the puzzles a resource fork holds can be solved.
    fn solve(_doc: &MacFile, _request: &pzl_core::SolveRequest) -> Result<pzl_core::Solved<MacFile>, Error> {
        Err(Error::unsupported(NAME, "solve").hint("only MacPoly puzzle resources (SBPn) can be solved"))
    }

    fn read(bytes: &[u8], format: Format, _params: &()) -> Result<Parsed<MacFile>, Error> {
        MacFile::read(bytes, format)
    }

    fn write(doc: &MacFile, format: Format) -> Result<Written, Error> {
        doc.write_as(format)
    }

    fn info(doc: &MacFile, request: &InfoRequest) -> Info {
        doc.describe(request)
    }

    fn check(doc: &MacFile) -> Result<CheckReport, Error> {
        Ok(crate::check::check(doc))
    }
}

#[cfg(test)]
mod tests {
    use crate::format;
    use pzl_core::FormatTable as _;
    use pzl_core::{ErrorKind, Picture, RenderRequest, SolveRequest};

    use super::*;

    #[test]
    fn every_setting_is_the_kinds_own() {
        for setting in MacKind::settings() {
            assert_eq!(setting.kind, MacKind::NAME, "{}", setting.name);
            assert!(!setting.verbs.is_empty() && !setting.help.is_empty(), "{}", setting.name);
        }
    }

    fn sample(format: Format, file_name: &str) -> Vec<u8> {
        let mut file = MacFile::new_for(format, file_name).unwrap();
        file.add_resource(*b"TEXT", Some(-5), Some("greeting"), Some(0x20), b"hello".to_vec()).unwrap();
        file.add_resource(*b"SBP1", None, None, None, vec![0x90; 40]).unwrap();
        file.to_bytes().unwrap()
    }

    #[test]
    fn a_damaged_fork_is_not_written_as_a_raw_fork_file() {
        // Found by the convert_any fuzz target: MacBinary carries any resource fork bytes, but a
        // raw `.rsrc` file of a fork that does not parse was written and could not be read back.
        let forks = crate::Forks { rsrc: b"not a resource fork, only bytes".to_vec(), ..Default::default() };
        let (container, _) = crate::Container::from_forks(crate::ContainerKind::MacBinary, &forks).unwrap();
        let bytes = container.write().unwrap();
        let doc = MacKind::read(&bytes, Format::MacBinary, &()).unwrap().value;
        let err = MacKind::write(&doc, Format::Rsrc).unwrap_err();
        assert!(err.to_string().contains("cannot be written as a raw resource fork"), "{err}");
        for to in [Format::AppleSingle, Format::AppleDouble, Format::BinHex, Format::MacBinary] {
            let out = MacKind::write(&doc, to).unwrap();
            MacKind::read(&out.bytes, to, &()).unwrap();
        }
    }

    #[test]
    fn every_format_round_trips_byte_for_byte() {
        for format in format::ALL {
            let bytes = sample(format, "puzzles");
            assert_eq!(Format::detect(&bytes), Some(format), "{format:?}");
            let read = MacKind::read(&bytes, format, &()).unwrap();
            assert!(read.warnings.is_empty(), "{format:?}: {:?}", read.warnings);
            let written = MacKind::write(&read.value, format).unwrap();
            assert_eq!(written, Written::exact(bytes.clone()), "{format:?}");
            // Every other format keeps the resources.
            for to in format::ALL {
                let converted = MacKind::write(&read.value, to).unwrap();
                let back = MacKind::read(&converted.bytes, to, &()).unwrap().value;
                assert_eq!(back.resources().unwrap(), read.value.resources().unwrap(), "{format:?} → {to:?}");
            }
        }
    }

    #[test]
    fn info_names_container_forks_and_resources() {
        let bytes = sample(Format::MacBinary, "dir/puzzles.bin");
        let file = MacKind::read(&bytes, Format::MacBinary, &()).unwrap().value;
        let info = MacKind::info(&file, &pzl_core::InfoRequest::FULL);
        let text = MacKind::info(&file, &pzl_core::InfoRequest::BRIEF).to_string();
        assert!(text.starts_with("MacBinary (macbinary)\n"), "{text}");
        assert!(text.contains("name:          puzzles\n"), "{text}");
        assert!(text.contains("'rsrc' / 'RSED'   Finder flags 0x0000"), "{text}");
        assert!(text.contains("data fork:     0 bytes"), "{text}");
        assert!(text.contains("2 resources: 'TEXT' ×1, 'SBP1' ×1"), "{text}");
        let json = serde_json::to_value(&info).unwrap();
        assert_eq!(json["facts"]["type"], "rsrc");
        assert_eq!(json["facts"]["creator"], "RSED");
        assert_eq!(json["facts"]["resources"][0]["id"], -5);
        assert!(info.to_string().contains("purgeable"), "the listing is a detail");
        // A raw fork shows only its resources.
        let raw = MacKind::read(&sample(Format::Rsrc, "x"), Format::Rsrc, &()).unwrap().value;
        let text = MacKind::info(&raw, &pzl_core::InfoRequest::BRIEF).to_string();
        assert_eq!(
            text,
            "raw resource fork (rsrc)\n  resource fork: 388 bytes, 2 resources: 'TEXT' ×1, 'SBP1' ×1\n"
        );
    }

    #[test]
    fn check_finds_bad_crcs_and_bad_forks() {
        let mut bytes = sample(Format::MacBinary, "p.bin");
        let file = MacKind::read(&bytes, Format::MacBinary, &()).unwrap().value;
        assert!(MacKind::check(&file).unwrap().ok);
        bytes[124] ^= 0xFF;
        let read = MacKind::read(&bytes, Format::MacBinary, &()).unwrap();
        assert_eq!(read.warnings[0].at, Some(pzl_core::Location::Offset(124)));
        let report = MacKind::check(&read.value).unwrap();
        assert!(!report.ok);
        assert!(report.to_string().contains("[crc] byte offset 124: MacBinary header CRC does not match"));
        // A fork that does not parse: a syntax error at its offset.
        let mut fork = vec![0u8; 300];
        fork[2] = 1;
        fork[6] = 1;
        fork[15] = 0xFF;
        let e = MacKind::read(&fork, Format::Rsrc, &()).unwrap_err();
        assert_eq!((e.kind, e.at), (ErrorKind::Syntax, Some(pzl_core::Location::Offset(12))));
        let e = MacKind::read(b"data 'STR ' (1) {\n $\"0G\" };", Format::Rez, &()).unwrap_err();
        assert_eq!(e.at, Some(pzl_core::Location::line(2)));
    }

    #[test]
    fn rez_round_trips_and_converts() {
        let text = b"data 'STR ' (128, \"hi\") {\n\t$\"0268 69\"\n};\n";
        let read = MacKind::read(text, Format::Rez, &()).unwrap().value;
        assert_eq!(MacKind::write(&read, Format::Rez).unwrap(), Written::exact(text.to_vec()));
        let bin = MacKind::write(&read, Format::MacBinary).unwrap();
        assert!(bin.lost.is_empty());
        let back = MacFile::read(&bin.bytes, Format::MacBinary).unwrap().value;
        assert_eq!(back.fork().unwrap().get(b"STR ", 128).unwrap().data, b"\x02hi");
        let derez = MacKind::write(&back, Format::Rez).unwrap();
        assert_eq!(derez.lost, ["the name, type, creator, Finder flags and dates"]);
        assert_eq!(MacKind::check(&read).unwrap().status(), pzl_core::Status::Ok);
    }

    #[test]
    fn lost_names_what_the_target_cannot_hold() {
        let mut file =
            MacFile::read(&sample(Format::AppleSingle, "a.as"), Format::AppleSingle).unwrap().value;
        let mut forks = file.forks().unwrap();
        forks.data = b"data fork".to_vec();
        let (c, _) = crate::Container::from_forks(crate::ContainerKind::AppleSingle, &forks).unwrap();
        file.body = crate::Body::Container(c);
        let raw = MacKind::write(&file, Format::Rsrc).unwrap();
        assert_eq!(raw.lost, ["the data fork (9 bytes)", "the name, type, creator, Finder flags and dates"]);
        assert_eq!(MacKind::write(&file, Format::AppleDouble).unwrap().lost, ["the data fork (9 bytes)"]);
        assert!(MacKind::write(&file, Format::MacBinary).unwrap().lost.is_empty());
    }

    /// `convert -o x.adf` and a new `x.adf` (`rez -o`, `rsrc add`, `ftor`) choose the same format
    /// from the same table: AppleDouble, not a raw fork.
    #[test]
    fn new_files_and_conversions_share_one_extension_table() {
        for (name, want) in
            [("x.adf", Format::AppleDouble), ("._x", Format::AppleDouble), ("x.hqx", Format::BinHex)]
        {
            let format = Format::for_new_file(name);
            assert_eq!(format, want, "{name}");
            let created = MacFile::new_for(format, name).unwrap().to_bytes().unwrap();
            assert_eq!(Format::detect(&created), Some(want), "{name}: a new file");
            let rez = MacFile::from_rez(b"data 'STR ' (1) { };").unwrap();
            let converted = MacKind::write(&rez, Format::from_file_name(name).unwrap()).unwrap();
            assert_eq!(Format::detect(&converted.bytes), Some(want), "{name}: a conversion");
        }
        let adf = MacFile::new_for(Format::AppleDouble, "dir/._notes").unwrap();
        assert_eq!(adf.file_info().name, "notes");
        assert_eq!(&adf.file_info().file_type(), b"rsrc");
    }

    #[test]
    fn resource_commands_edit_and_find() {
        let mut file = MacFile::read(&sample(Format::BinHex, "b.hqx"), Format::BinHex).unwrap().value;
        let which = crate::listing::Which { name: Some("greeting".into()), ..Default::default() };
        let found = file.resource(&which).unwrap().value;
        assert_eq!((found.0, found.1.data.as_slice()), (*b"TEXT", &b"hello"[..]));
        let added = file.add_resource(*b"TEXT", Some(-5), None, None, b"bye".to_vec()).unwrap();
        assert!(added.replaced);
        assert_eq!(added.warnings[0].message, "replaced 'TEXT' -5");
        let e = file.add_resource(*b"TEXT", None, Some(&"x".repeat(256)), None, vec![]).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Usage);
        let (code, removed) = file
            .remove_resource(&crate::listing::Which { code: Some(*b"SBP1"), id: Some(128), name: None })
            .unwrap();
        assert_eq!((code, removed.data.len()), (*b"SBP1", 40));
        let bytes = file.to_bytes().unwrap();
        let back = MacFile::read(&bytes, Format::BinHex).unwrap().value;
        assert_eq!(back.resources().unwrap().0.len(), 1);
        assert!(back.derez().unwrap().starts_with("data 'TEXT' (-5) {"));
    }

    #[test]
    fn unsupported_requests_say_so() {
        let file = MacFile::from_rez(b"").unwrap();
        let e = MacKind::render(&file, &RenderRequest::new(Picture::Svg)).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported);
        let e = MacKind::solve(&file, &SolveRequest::default()).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported);
        assert_eq!(MacKind::combine(&file, &file).unwrap_err().kind, ErrorKind::Unsupported);
        assert_eq!(MacKind::params("x").unwrap_err().kind, ErrorKind::Usage);
    }

    #[test]
    fn appledouble_data_files_are_measured_not_read() {
        let dir = std::env::temp_dir().join(format!("pzl-macfile-kind-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let header = dir.join("._movie");
        std::fs::write(&header, sample(Format::AppleDouble, "._movie")).unwrap();
        // A sparse 5 GB data file: reading it would take 5 GB of memory.
        let movie = std::fs::File::create(dir.join("movie")).unwrap();
        movie.set_len(5 << 30).unwrap();
        let bytes = std::fs::read(&header).unwrap();
        let mut file = MacFile::read(&bytes, Format::AppleDouble).unwrap().value;
        assert!(file.attach_path(&header).is_empty());
        assert_eq!(file.data_len(), 5 << 30);
        let text = MacKind::info(&file, &pzl_core::InfoRequest::FULL).to_string();
        assert!(text.contains("data fork:     5368709120 bytes"), "{text}");
        assert!(MacKind::check(&file).unwrap().ok);
        // Formats without a data fork never read it; those with one refuse more than 4 GiB.
        let raw = MacKind::write(&file, Format::Rsrc).unwrap();
        assert_eq!(raw.lost[0], "the data fork (5368709120 bytes)");
        assert_eq!(MacKind::write(&file, Format::AppleDouble).unwrap().bytes, bytes);
        assert_eq!(MacKind::write(&file, Format::MacBinary).unwrap_err().kind, ErrorKind::Limit);
        // A small data file travels into the containers that hold one.
        movie.set_len(3).unwrap();
        let mut file = MacFile::read(&bytes, Format::AppleDouble).unwrap().value;
        file.attach_path(&header);
        let single = MacKind::write(&file, Format::AppleSingle).unwrap();
        let back = MacFile::read(&single.bytes, Format::AppleSingle).unwrap().value;
        assert_eq!(back.data().unwrap(), [0, 0, 0]);
        #[cfg(unix)]
        {
            let link = dir.join("._link");
            std::fs::write(&link, &bytes).unwrap();
            std::os::unix::fs::symlink(dir.join("movie"), dir.join("link")).unwrap();
            let mut file = MacFile::read(&bytes, Format::AppleDouble).unwrap().value;
            let warnings = file.attach_path(&link);
            assert!(warnings[0].message.contains("symbolic link"), "{warnings:?}");
            assert_eq!(file.data_len(), 0);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
