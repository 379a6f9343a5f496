//! The corpus's MacPoly file through the `poly` kind: it is detected as a MacPoly puzzle, writes
//! back byte for byte, warns that its name and message share line 1, and is proved impossible
//! (the printed Figure 3 has 42 shape squares for 36 piece squares).

use pzl_core::{Kind, Status};
use pzl_poly::{Format, PolyKind};

#[test]
fn figure_3_reads_writes_and_is_impossible() {
    let Some(dir) = pzl_corpus::dir("poly") else { return };
    let path = dir.join("macpoly/fig3-6x6-square.puz.txt");
    let Ok(bytes) = std::fs::read(&path) else {
        println!("skipped: {} is missing", path.display());
        return;
    };
    let format = PolyKind::formats().iter().copied().find(|f| f.info().detects(&bytes));
    assert_eq!(format, Some(Format::MacPoly));
    let parsed = PolyKind::read(&bytes, Format::MacPoly, &()).unwrap();
    assert!(parsed.warnings.iter().any(|w| w.message.contains("share line 1")), "{:?}", parsed.warnings);
    assert_eq!(PolyKind::write(&parsed.value, Format::MacPoly).unwrap().bytes, bytes);
    let info = PolyKind::info(&parsed.value, &pzl_core::InfoRequest::FULL).to_string();
    assert!(info.contains("MISMATCH: the pieces cover 36 squares but the shape has 42"), "{info}");
    let report = PolyKind::check(&parsed.value).unwrap();
    assert_eq!(report.status(), Status::Problems);
    let solved = PolyKind::solve(&parsed.value, &pzl_core::SolveRequest::default()).unwrap();
    assert!(solved.report.verdict().contains("the pieces cover 36 squares but the shape has 42"));
}
