//! Which part of a document a render draws, and what is laid over it, from one argument that
//! may be either: a board file (a Masyu player's lines) or a board number (A-Puzzle-A-Day).

use std::path::Path;

use pzl_core::Error;

/// What a board argument and a date choose: a file to lay over the document, and the part to
/// draw (a board number or a date, in the kind's own words).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BoardChoice<'a> {
    /// A file to lay over the document.
    pub with: Option<&'a Path>,
    /// The part to draw.
    pub select: Option<String>,
}

/// Tell what `board` names: a number that names no existing file is a board number; anything
/// else (`-`, a pipe such as `<(…)`, a missing file) is a file, so a missing one is named as
/// such. A `date` selects boards too; a board number and a date together are refused.
pub fn board_or_file<'a>(board: Option<&'a Path>, date: Option<&str>) -> Result<BoardChoice<'a>, Error> {
    let number = |b: &Path| {
        !b.exists() && b.to_str().is_some_and(|t| !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit()))
    };
    let mut choice = match board {
        Some(b) if number(b) => BoardChoice { with: None, select: b.to_str().map(str::to_string) },
        Some(b) => BoardChoice { with: Some(b), select: None },
        None => BoardChoice::default(),
    };
    if let Some(date) = date {
        if choice.select.is_some() {
            return Err(Error::usage("a board number and a date choose boards two ways: give one"));
        }
        choice.select = Some(date.to_string());
    }
    Ok(choice)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_that_names_no_file_is_a_board_number() {
        let three = board_or_file(Some(Path::new("3")), None).unwrap();
        assert_eq!(three, BoardChoice { with: None, select: Some("3".into()) });
        let file = board_or_file(Some(Path::new("no-such-board.masyu")), None).unwrap();
        assert_eq!(file.with, Some(Path::new("no-such-board.masyu")));
        // A file whose name is a number is the file.
        let dir = tempfile::tempdir().unwrap();
        let named = dir.path().join("12");
        std::fs::write(&named, "x").unwrap();
        assert_eq!(board_or_file(Some(&named), None).unwrap().with, Some(named.as_path()));
        assert_eq!(board_or_file(Some(Path::new("-")), None).unwrap().with, Some(Path::new("-")));
    }

    #[test]
    fn a_date_selects_and_cannot_join_a_board_number() {
        let dated = board_or_file(None, Some("Nov 22")).unwrap();
        assert_eq!(dated.select.as_deref(), Some("Nov 22"));
        let e = board_or_file(Some(Path::new("2")), Some("Nov 22")).unwrap_err();
        assert!(e.message.contains("two ways"), "{e}");
    }
}
