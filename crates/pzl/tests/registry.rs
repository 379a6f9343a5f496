//! A new kind is its crate plus one registry line: a demonstration kind (a one-line sum puzzle,
//! `sum: 3 + ? = 7`) implemented here as a kind crate would implement it, against `pzl-core`
//! only, then registered beside Masyu through the same `registry!` line the facade uses for its
//! own kinds. Detection, reading, writing back, `info`, `check`, `solve` and the refusals for a
//! format of another kind all come from that one line. (Not shipped: the kind lives in this test.)

use pzl_core::{
    CheckReport, Confidence, Error, Fact, FormatInfo, FormatTable, Info, InfoRequest, Kind, Outcome, Parsed,
    Problem, SolveReport, SolveRequest, Solved, Written,
};

// ---- the kind's crate: a format table, a document, the `Kind` contract ----

/// The kind's only format: `sum: A + B = C`, one of the three a `?`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SumFormat {
    Line,
}

static LINE: FormatInfo = FormatInfo {
    name: "sumline",
    kind: "sum",
    description: "A one-line sum with a missing number (demonstration)",
    extensions: &["sum"],
    detect: Some(|b| b.starts_with(b"sum: ")),
    confidence: Confidence::Strong,
    read: true,
    write: true,
};

impl FormatTable for SumFormat {
    const ALL: &'static [SumFormat] = &[SumFormat::Line];
    fn info(self) -> &'static FormatInfo {
        &LINE
    }
}

/// `a + b = c`, each known or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sum([Option<i64>; 3]);

pub struct SumKind;

impl Kind for SumKind {
    const NAME: &'static str = "sum";
    type Doc = Sum;
    type Format = SumFormat;
    type Params = ();

    fn read(bytes: &[u8], _format: SumFormat, _params: &()) -> Result<Parsed<Sum>, Error> {
        let bad = || Error::syntax("expected `sum: A + B = C`, one of them `?`");
        let text = std::str::from_utf8(bytes).map_err(|_| bad())?;
        let rest = text.trim_end().strip_prefix("sum: ").ok_or_else(bad)?;
        let (a, rest) = rest.split_once(" + ").ok_or_else(bad)?;
        let (b, c) = rest.split_once(" = ").ok_or_else(bad)?;
        let number = |t: &str| if t == "?" { Ok(None) } else { t.parse().map(Some).map_err(|_| bad()) };
        Ok(Parsed::clean(Sum([number(a)?, number(b)?, number(c)?])))
    }

    fn write(doc: &Sum, _format: SumFormat) -> Result<Written, Error> {
        let t = |n: Option<i64>| n.map_or("?".to_string(), |n| n.to_string());
        let [a, b, c] = doc.0;
        Ok(Written::exact(format!("sum: {} + {} = {}\n", t(a), t(b), t(c)).into_bytes()))
    }

    fn info(doc: &Sum, _request: &InfoRequest) -> Info {
        let missing = doc.0.iter().filter(|n| n.is_none()).count();
        Info::new(Self::NAME, "", "Sum puzzle").fact(Fact::new("missing", missing))
    }

    fn check(doc: &Sum) -> Result<CheckReport, Error> {
        let problems = match doc.0 {
            [Some(a), Some(b), Some(c)] if a + b != c => {
                vec![Problem::new("sum", format!("{a} + {b} is not {c}"))]
            }
            _ => Vec::new(),
        };
        Ok(CheckReport::new(Self::NAME, "", "the sum adds up", problems))
    }

    fn solve(doc: &Sum, _request: &SolveRequest) -> Result<Solved<Sum>, Error> {
        let solved = match doc.0 {
            [None, Some(b), Some(c)] => Sum([Some(c - b), Some(b), Some(c)]),
            [Some(a), None, Some(c)] => Sum([Some(a), Some(c - a), Some(c)]),
            [Some(a), Some(b), None] => Sum([Some(a), Some(b), Some(a + b)]),
            _ => return Err(Error::usage("a sum puzzle misses exactly one number")),
        };
        let report = SolveReport::new(Self::NAME, "", Outcome::Solved);
        Ok(Solved { report, solutions: vec![solved], trace: None })
    }
}

// ---- the one registry line (beside one of pzl's own kinds) ----

mod demo {
    pzl::registry! {
        Masyu => pzl_masyu::MasyuKind,
        Sum => super::SumKind,
    }
}

use demo::{Document, Format};

#[test]
fn the_registered_kind_is_in_the_format_table_and_detected() {
    let names: Vec<&str> = Format::all().map(Format::name).collect();
    assert_eq!(names.last(), Some(&"sumline"), "{names:?}");
    assert!(names.contains(&"tootsweet"));
    let sum = Format::from_name("SUMLINE").unwrap();
    assert_eq!(sum, Format::Sum(SumFormat::Line));
    assert_eq!(sum.kind(), "sum");
    assert_eq!(Format::claiming("a/b.sum"), vec![sum]);
    assert_eq!(Format::detect(b"sum: 3 + ? = 7\n", None), Some(sum));
    assert_eq!(Format::detect(b"4:4:AgAQAA\n", Some("x.tootsweet")).map(Format::kind), Some("masyu"));
    assert!(Format::from_name("puz").is_err(), "only the registered kinds' formats");
}

#[test]
fn the_registered_kind_reads_writes_describes_checks_and_solves() {
    let sum = Format::from_name("sumline").unwrap();
    let doc = Document::parse(b"sum: 3 + ? = 7\n", sum, "").unwrap().value;
    assert_eq!(doc.kind(), "sum");
    assert_eq!(doc.write(sum).unwrap().bytes, b"sum: 3 + ? = 7\n");
    assert_eq!(doc.writable_formats(), ["sumline"]);
    let info = doc.info(&InfoRequest::BRIEF).unwrap();
    assert_eq!((info.kind.as_str(), info.format.as_str()), ("sum", "sumline"));

    let report = pzl::registry::check(&doc, &[]).unwrap();
    assert!(report.ok && report.format == "sumline", "{report:?}");

    let solution = pzl::registry::solve(&doc, &SolveRequest::default()).unwrap();
    assert_eq!(solution.report.outcome, Outcome::Solved);
    assert_eq!(solution.report.format, "sumline");
    let [solved] = solution.solutions.as_slice() else { panic!("one solution") };
    assert_eq!(solved.format(), sum);
    assert_eq!(solved.write_solution(sum).unwrap().bytes, b"sum: 3 + 4 = 7\n");

    let wrong = Document::parse(b"sum: 3 + 5 = 7\n", sum, "").unwrap().value;
    let report = pzl::registry::check(&wrong, &[]).unwrap();
    assert!(!report.ok && report.problems[0].message == "3 + 5 is not 7", "{report:?}");
}

#[test]
fn a_format_or_document_of_another_kind_is_refused_by_the_shared_rules() {
    let sum = Document::parse(b"sum: ? + 2 = 2\n", Format::from_name("sumline").unwrap(), "").unwrap().value;
    let tootsweet = Format::from_name("tootsweet").unwrap();
    let e = sum.write(tootsweet).unwrap_err();
    assert!(e.message.starts_with("cannot convert sumline (sum) to tootsweet (masyu)"), "{e}");
    assert_eq!(e.hint.as_deref(), Some("the sum formats: sumline"));

    let masyu = Document::parse(b"4:4:AgAQAA\n", tootsweet, "").unwrap().value;
    let e = sum.combine(&masyu).err().unwrap();
    assert_eq!(e.kind, pzl::ErrorKind::Unsupported, "{e}");
    let e = masyu.combine(&sum).err().unwrap();
    assert!(e.message.starts_with("cannot use a sum file (sumline) with a masyu file"), "{e}");
    let e = pzl::registry::check(&sum, &["no-flip"]).unwrap_err();
    assert_eq!(e.message, "setting `no-flip` applies to polyomino puzzles, not to sum files");
    let shard = SolveRequest { shard: Some((0, 2)), ..SolveRequest::default() };
    let e = pzl::registry::solve(&sum, &shard).err().unwrap();
    assert!(e.message.contains("a sum puzzle cannot be split"), "{e}");
    assert!(Document::parse(b"sum: x + 1 = 2\n", Format::from_name("sumline").unwrap(), "").is_err());
}

#[test]
fn the_registry_reaches_a_kinds_own_documents_without_naming_variants() {
    let sumline = Format::from_name("sumline").unwrap();
    let sum = Document::parse(b"sum: ? + 2 = 2\n", sumline, "").unwrap().value;
    assert_eq!(sumline.as_kind::<SumKind>(), Some(SumFormat::Line));
    assert_eq!(sumline.as_kind::<pzl_masyu::MasyuKind>(), None);
    assert_eq!(Format::of_kind::<SumKind>(SumFormat::Line), sumline);
    assert!(sum.as_kind::<SumKind>().is_some() && sum.as_kind::<pzl_masyu::MasyuKind>().is_none());
    let Err(sum) = sum.into_kind::<pzl_masyu::MasyuKind>() else { panic!("a sum is no Masyu board") };
    let Ok(held) = sum.into_kind::<SumKind>() else { panic!("a sum") };
    let again = Document::of_kind::<SumKind>(held.format, held.value);
    assert_eq!(again.write(sumline).unwrap().bytes, b"sum: ? + 2 = 2\n");
    // A kind without puzzle ids: its name is no id; the id forms list only kinds that have them.
    assert!(!Document::is_id("sum:1+1") && Document::id_forms().is_empty());
}
