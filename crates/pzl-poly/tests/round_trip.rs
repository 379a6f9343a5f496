//! Property tests: MacPoly source files written from any grid read back to the same bytes and the
//! same puzzle, whatever the line ends; the shape normal form is invariant under the symmetries.

use proptest::prelude::*;
use pzl_grid::Symmetry;
use pzl_poly::macpoly::SourceFile;
use pzl_poly::shape::{Equivalence, Shape};

fn grid_row(width: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(prop_oneof![Just('.'), Just('S'), Just('a'), Just('B'), Just('c')], width)
        .prop_map(|cells| cells.into_iter().collect())
}

proptest! {
    #[test]
    fn source_files_round_trip(
        name in "[ -~]{0,30}",
        message in "[A-Za-z!,. ]{1,40}",
        end in prop_oneof![Just("\r"), Just("\n"), Just("\r\n")],
        rows in (1usize..12).prop_flat_map(|w| proptest::collection::vec(grid_row(w), 1..8)),
        final_end in any::<bool>(),
    ) {
        // A message with a space cannot be mistaken for a grid row.
        let message = format!("{message} x");
        let mut text = format!("{name}{end}{message}{end}{}", rows.join(end));
        if final_end {
            text.push_str(end);
        }
        if let Ok(parsed) = SourceFile::parse(text.as_bytes()) {
            prop_assert_eq!(parsed.value.to_bytes(), text.as_bytes());
            let again = SourceFile::parse(&parsed.value.to_bytes()).unwrap().value;
            prop_assert_eq!(&again, &parsed.value);
            prop_assert_eq!(again.puzzle().ok(), parsed.value.puzzle().ok());
        }
    }

    #[test]
    fn canonical_forms_ignore_symmetries(cells in proptest::collection::vec((0i32..5, 0i32..5), 1..10), k in 0usize..8) {
        let shape = Shape::new(cells).unwrap();
        let moved = shape.transformed(Symmetry::ALL[k]);
        prop_assert_eq!(moved.canonical(Equivalence::Free), shape.canonical(Equivalence::Free));
        prop_assert_eq!(moved.len(), shape.len());
        if k < 4 {
            prop_assert_eq!(moved.canonical(Equivalence::OneSided), shape.canonical(Equivalence::OneSided));
        }
    }
}
