//! The conformance suite every kind passes (ripgrep's `rgtest!`, gimli's `convert_self`): for one
//! sample file of each kind, through the facade only,
//! - detection names the sample's format, and reading it gives a document of the kind;
//! - writing it back as its own format gives the same bytes (every sample is a lossless file);
//! - writing it as every writable format of the kind reads back, is detected as a format of the
//!   kind, and writes the same bytes again where the format lost nothing;
//! - `info`, `check`, `render` and `solve` either work, with reports that print both as text and
//!   as JSON (stamped with the format), or, for the verbs the kind leaves out, return
//!   `ErrorKind::Unsupported` naming the kind.
//!
//! Each check is its own named trial (`cargo test -p pzl --test conformance -- poly/`), so every
//! kind appears in the output. A new kind adds one line to `samples()`.

use pzl::{Document, ErrorKind, Format, InfoRequest, Open, Picture, RenderRequest, SolveRequest};

/// One sample per kind: a name (with the extension detection sees), the bytes, the format's
/// parameters, and the verbs the kind supports (the others must say they are unsupported).
struct Sample {
    name: &'static str,
    bytes: Vec<u8>,
    params: &'static str,
    verbs: &'static [&'static str],
    /// Formats of the kind this sample cannot be written as, because they hold something else
    /// (a format of solutions only, for an unsolved puzzle): the refusal must be an error.
    refuses: &'static [&'static str],
}

const ALL_VERBS: [&str; 3] = ["check", "render", "solve"];

fn samples() -> Vec<Sample> {
    let ex = |p: &str| std::fs::read(format!("{}/../../examples/{p}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let golden = |p: &str| {
        std::fs::read(format!("{}/../pzl-cli/tests/golden/{p}", env!("CARGO_MANIFEST_DIR"))).unwrap()
    };
    vec![
        Sample {
            name: "hook.masyu",
            bytes: ex("masyu/hook.masyu"),
            params: "",
            verbs: &["check", "render", "solve"],
            refuses: &[],
        },
        Sample {
            name: "square-deal.ipuz",
            bytes: ex("crossword/square-deal.ipuz"),
            params: "",
            verbs: &["check", "render"],
            refuses: &[],
        },
        Sample {
            name: "pent-6x10.pack",
            bytes: ex("poly/pent-6x10.pack"),
            params: "",
            verbs: &["check", "render", "solve"],
            refuses: &["macpoly-solution"],
        },
        Sample {
            name: "pent-6x10.macpolysol",
            bytes: solved_pack(&ex("poly/pent-6x10.pack")),
            params: "",
            verbs: &["check", "render", "solve"],
            refuses: &["pzl-pack", "macpoly"],
        },
        Sample {
            name: "nov22-sun.apad",
            bytes: golden("apad/convert-weekday-edition/in/nov22-sun.apad"),
            params: "weekday",
            verbs: &["check", "render"],
            refuses: &[],
        },
        Sample {
            name: "t.r",
            bytes: golden("mac/rez-names-and-types-a-new-file/in/t.r"),
            params: "",
            verbs: &["check"],
            refuses: &[],
        },
        Sample { name: "Puzzles.data", bytes: tootsweet_db(), params: "", verbs: &["check"], refuses: &[] },
    ]
}

/// A TootSweet database holding one puzzle, made with the store's own writer.
fn tootsweet_db() -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("Puzzles.data");
    let ladybug = pzl_masyu::tootsweet::parse_file("4:4:AgAQAA\nww:gq\n").unwrap().value;
    pzl_masyu::store::Database::open_or_create(&path)
        .unwrap()
        .import(&[("Ladybug".into(), ladybug)])
        .unwrap();
    std::fs::read(&path).unwrap()
}

/// The first solution of a packing problem made a MacPoly puzzle, as a MacPoly solution file (a
/// `pzl-pack` problem's solution is written as solution text, which only `--with` reads).
fn solved_pack(problem: &[u8]) -> Vec<u8> {
    let pack = Document::parse(problem, Format::from_name("pzl-pack").unwrap(), "").unwrap().value;
    let macpoly = Format::from_name("macpoly").unwrap();
    let puzzle = Document::parse(&pack.write(macpoly).unwrap().bytes, macpoly, "").unwrap().value;
    let solution = puzzle.solve(&SolveRequest::default()).unwrap();
    let written = solution.solutions[0].write(Format::from_name("macpoly-solution").unwrap()).unwrap();
    assert!(written.lost.is_empty(), "{:?}", written.lost);
    written.bytes
}

type Check = Result<(), libtest_mimic::Failed>;

fn read(sample: &Sample) -> Result<Document, libtest_mimic::Failed> {
    let format = Format::detect(&sample.bytes, Some(sample.name))
        .ok_or_else(|| format!("{}: not detected", sample.name))?;
    let open = Open { from: Some(format), params: sample.params.to_string(), pick: None };
    Ok(Document::read(&sample.bytes, sample.name, None, &open).map_err(|e| e.to_string())?.value)
}

fn detect_and_read(sample: &Sample) -> Check {
    let doc = read(sample)?;
    let by_name = Format::claiming(sample.name);
    if !by_name.contains(&doc.format()) {
        return Err(format!("detected {} but the name claims {by_name:?}", doc.format()).into());
    }
    if doc.kind() != doc.format().kind() {
        return Err(format!("a {} document from a {} format", doc.kind(), doc.format().kind()).into());
    }
    Ok(())
}

fn writes_itself_back(sample: &Sample) -> Check {
    let doc = read(sample)?;
    if !doc.format().info().write {
        return Ok(());
    }
    let written = doc.write(doc.format())?;
    if !written.lost.is_empty() {
        return Err(format!("writing {} back loses {:?}", doc.format(), written.lost).into());
    }
    if written.bytes != sample.bytes {
        return Err(format!("writing {} back changes the bytes", doc.format()).into());
    }
    Ok(())
}

fn converts_to(sample: &Sample, to: Format) -> Check {
    let doc = read(sample)?;
    if sample.refuses.contains(&to.name()) {
        return match doc.write(to) {
            Err(e) if !e.message.is_empty() => Ok(()),
            _ => Err(format!("writing as {to} should be refused").into()),
        };
    }
    let written = doc.write(to).map_err(|e| format!("writing as {to}: {e}"))?;
    let name = format!("converted.{}", to.info().extensions.first().copied().unwrap_or("bin"));
    let detected =
        Format::detect(&written.bytes, Some(&name)).ok_or_else(|| format!("{name}: not detected"))?;
    if detected.kind() != to.kind() {
        return Err(format!("{to} output detected as {detected} ({})", detected.kind()).into());
    }
    let back =
        Document::parse(&written.bytes, to, sample.params).map_err(|e| format!("reading {to} back: {e}"))?;
    if written.lost.is_empty() {
        let again = back.value.write(to)?;
        if again.bytes != written.bytes {
            return Err(format!("{to} written, read and written again changes the bytes").into());
        }
    }
    Ok(())
}

/// Both printers: the text (`Display`) is not empty and the JSON carries the kind and format.
fn prints<R: std::fmt::Display + serde::Serialize>(what: &str, report: &R, doc: &Document) -> Check {
    if report.to_string().trim().is_empty() {
        return Err(format!("{what}: the text report is empty").into());
    }
    let json = serde_json::to_value(report)?;
    for (key, want) in [("kind", doc.kind()), ("format", doc.format().name())] {
        if json.get(key).and_then(|v| v.as_str()) != Some(want) {
            return Err(format!("{what}: JSON `{key}` is {:?}, not {want:?}", json.get(key)).into());
        }
    }
    Ok(())
}

fn verbs(sample: &Sample) -> Check {
    let doc = read(sample)?;
    prints("info", &doc.info(&InfoRequest::FULL)?, &doc)?;
    for verb in ALL_VERBS {
        let result = match verb {
            "check" => doc.check().map(|r| prints("check", &r, &doc)),
            "render" => doc.render(&RenderRequest::new(Picture::Text)).map(|_| Ok(())),
            _ => doc
                .solve(&SolveRequest {
                    timeout: Some(std::time::Duration::from_secs(60)),
                    ..SolveRequest::default()
                })
                .map(|s| prints("solve", &s.report, &doc)),
        };
        let supported = sample.verbs.contains(&verb);
        match result {
            Ok(printed) if supported => printed?,
            Ok(_) => return Err(format!("{verb} works but the sample says the kind leaves it out").into()),
            Err(e) if e.kind == ErrorKind::Unsupported => {
                if supported {
                    return Err(format!("{verb}: {e}").into());
                }
                if !e.message.contains(doc.kind()) {
                    return Err(format!("{verb}: the refusal does not name the kind: {e}").into());
                }
            }
            // A supported verb may refuse this particular document (a Mac file without a
            // puzzle), but with a clear error, not as "unsupported".
            Err(e) if supported => {
                if e.message.is_empty() {
                    return Err(format!("{verb}: an empty error").into());
                }
            }
            Err(e) => return Err(format!("{verb}: expected `unsupported`, got {e}").into()),
        }
    }
    Ok(())
}

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let mut trials = Vec::new();
    for sample in samples() {
        let sample = std::sync::Arc::new(sample);
        let kind = read(&sample).map(|d| d.kind()).unwrap_or("unreadable");
        let trial = |name: String, f: fn(&Sample) -> Check, sample: &std::sync::Arc<Sample>| {
            let sample = sample.clone();
            libtest_mimic::Trial::test(name, move || f(&sample))
        };
        trials.push(trial(format!("{kind}/{}/detect-read", sample.name), detect_and_read, &sample));
        trials.push(trial(format!("{kind}/{}/write-back", sample.name), writes_itself_back, &sample));
        trials.push(trial(format!("{kind}/{}/verbs", sample.name), verbs, &sample));
        for to in Format::all().filter(|f| f.kind() == kind && f.info().write) {
            let sample = sample.clone();
            trials.push(libtest_mimic::Trial::test(
                format!("{kind}/{}/convert-to/{to}", sample.name),
                move || converts_to(&sample, to),
            ));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
