//! A puzzle: the frame (which squares exist and what they are labelled) and the pieces, read from
//! a small description file so new editions need no code. The classic and weekday editions ship
//! embedded ([`Puzzle::classic`], [`Puzzle::weekday`]).

use pzl_grid::Symmetry;

/// The classic edition's description (see the file for the syntax).
pub const CLASSIC_TEXT: &str = include_str!("../../data/classic.txt");
/// The weekday edition's description.
pub const WEEKDAY_TEXT: &str = include_str!("../../data/weekday.txt");

/// What a square of the frame shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Label {
    /// 1 = January … 12 = December.
    Month(u8),
    /// 1 … 31.
    Day(u8),
    /// 0 = Sunday … 6 = Saturday.
    Weekday(u8),
}

/// Month names as the frames and dates show them (1 = January is index 0).
pub const MONTH_NAMES: [&str; 12] =
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/// Weekday names, Sunday first (weekday 0).
pub const WEEKDAY_NAMES: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

impl Label {
    /// Read a label: a month or weekday name (three letters or more, any case) or a day number.
    pub fn parse(token: &str) -> Option<Label> {
        if let Ok(day) = token.parse::<u8>() {
            return (1..=31).contains(&day).then_some(Label::Day(day));
        }
        let lower = token.to_ascii_lowercase();
        let prefix = |names: &[&str]| {
            let head = lower.get(..3)?;
            names.iter().position(|n| n.eq_ignore_ascii_case(head))
        };
        if let Some(m) = prefix(&MONTH_NAMES) {
            return Some(Label::Month(m as u8 + 1));
        }
        prefix(&WEEKDAY_NAMES).map(|w| Label::Weekday(w as u8))
    }

    /// The kind of label, in the order uncovered squares come in a solution.
    pub fn kind(self) -> LabelKind {
        match self {
            Label::Month(_) => LabelKind::Month,
            Label::Day(_) => LabelKind::Day,
            Label::Weekday(_) => LabelKind::Weekday,
        }
    }
}

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Label::Month(m) => f.write_str(MONTH_NAMES.get(usize::from(m).wrapping_sub(1)).unwrap_or(&"?")),
            Label::Day(d) => write!(f, "{d}"),
            Label::Weekday(w) => f.write_str(WEEKDAY_NAMES.get(usize::from(w)).unwrap_or(&"?")),
        }
    }
}

/// The kinds of square a solution leaves uncovered, one of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LabelKind {
    /// A month square.
    Month,
    /// A day-of-month square.
    Day,
    /// A weekday square (weekday edition).
    Weekday,
}

/// The most pieces a puzzle may have (the solver keeps the pieces in use in a `u16`).
pub const MAX_PIECES: usize = 16;

/// Offsets `(drow, dcol)` from a piece's anchor; rows grow downward.
pub type Offset = (i32, i32);

/// One way a piece can lie: the APAD mirror bit and rotation, and its cells from the anchor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Orientation {
    /// Mirrored left–right before turning.
    pub mirror: bool,
    /// Quarter turns counter-clockwise (as seen on screen), applied after the mirror.
    pub rotation: u8,
    /// Cells relative to the anchor, sorted.
    pub cells: Vec<Offset>,
}

/// A piece: its name (one character, used in text boards) and its cells in the base orientation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// One character, used in text boards.
    pub name: char,
    /// The walk from the anchor, as written in the description.
    pub walk: String,
    /// Base cells relative to the anchor, sorted.
    pub cells: Vec<Offset>,
    /// The canonical orientations: for every distinct fixed shape, the first `(mirror, rotation)`
    /// in the order mirror 0 before 1, rotations ascending. This is the set the reference APAD
    /// encoder emits (so O, U and V never mirror, and O and Z only turn 0 or 1 times).
    pub orientations: Vec<Orientation>,
}

impl Piece {
    /// The cells of the piece mirrored (left–right) if `mirror`, then turned `rotation` quarter
    /// turns counter-clockwise, relative to the anchor.
    pub fn transformed(&self, mirror: bool, rotation: u8) -> Vec<Offset> {
        transform(&self.cells, mirror, rotation)
    }
}

/// Mirror then rotate counter-clockwise. `pzl_grid::Symmetry` turns clockwise, so a
/// counter-clockwise turn is three of its quarter turns.
fn transform(cells: &[Offset], mirror: bool, rotation: u8) -> Vec<Offset> {
    let symmetry = Symmetry { mirror, quarter_turns: (4 - rotation % 4) % 4 };
    let mut out: Vec<Offset> = cells
        .iter()
        .map(|&(r, c)| {
            let (r, c) = symmetry.apply_coords(i64::from(r), i64::from(c));
            (r as i32, c as i32)
        })
        .collect();
    out.sort_unstable();
    out
}

/// A shape moved so its smallest cell is at the origin: equal for the same fixed shape.
pub fn normalized(cells: &[Offset]) -> Vec<Offset> {
    let Some(&(r0, c0)) = cells.iter().min() else { return Vec::new() };
    let mut out: Vec<Offset> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    out.sort_unstable();
    out
}

/// A frame and its pieces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// The edition's name (`classic`, `weekday`, or the description's `name`).
    pub name: String,
    /// Columns of the frame.
    pub width: usize,
    /// Rows of the frame.
    pub height: usize,
    /// Row-major; `None` where the frame has no square.
    pub squares: Vec<Option<Label>>,
    /// The pieces, in the order APAD chunks list them.
    pub pieces: Vec<Piece>,
    /// The kinds of square a solution leaves uncovered, in index order (months come before days
    /// before weekdays on every shipped frame).
    pub hole_kinds: Vec<LabelKind>,
}

/// A description file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct PuzzleError {
    /// The line of the description, from 1.
    pub line: usize,
    /// What is wrong there.
    pub message: String,
}

impl From<PuzzleError> for pzl_core::Error {
    fn from(e: PuzzleError) -> pzl_core::Error {
        pzl_core::Error::syntax(e.message).at(pzl_core::Location::line(e.line))
    }
}

/// The classic edition: what `apad` means without parameters.
impl Default for Puzzle {
    fn default() -> Puzzle {
        Puzzle::classic()
    }
}

fn err(line: usize, message: impl Into<String>) -> PuzzleError {
    PuzzleError { line, message: message.into() }
}

impl Puzzle {
    /// The classic edition (12 months, 31 days, pieces L N O P U V Y Z).
    pub fn classic() -> Puzzle {
        Puzzle::parse(CLASSIC_TEXT).unwrap_or_else(|e| unreachable!("embedded classic.txt: {e}"))
    }

    /// The weekday edition (an 8×7 frame with weekdays, ten pieces).
    pub fn weekday() -> Puzzle {
        Puzzle::parse(WEEKDAY_TEXT).unwrap_or_else(|e| unreachable!("embedded weekday.txt: {e}"))
    }

    /// A shipped edition by name.
    pub fn builtin(name: &str) -> Option<Puzzle> {
        match name.to_ascii_lowercase().as_str() {
            "classic" => Some(Puzzle::classic()),
            "weekday" => Some(Puzzle::weekday()),
            _ => None,
        }
    }

    /// The edition a format parameter names: `classic`, `weekday` (any case), or the path of a
    /// description file (read here; errors name the file and line).
    pub fn load(name: &str) -> Result<Puzzle, pzl_core::Error> {
        Puzzle::load_path(std::path::Path::new(name))
    }

    /// [`Puzzle::load`] for a path that need not be UTF-8 (a built-in name is still recognised).
    pub fn load_path(path: &std::path::Path) -> Result<Puzzle, pzl_core::Error> {
        if let Some(puzzle) = path.to_str().and_then(Puzzle::builtin) {
            return Ok(puzzle);
        }
        let name = path.display().to_string();
        if name.is_empty() || !path.exists() {
            return Err(pzl_core::Error::usage(format!(
                "unknown puzzle `{name}`: expected `classic`, `weekday` or a description file"
            ))
            .hint("for example `apad:weekday` or `apad:./my-frame.txt`"));
        }
        let text =
            std::fs::read_to_string(path).map_err(|e| pzl_core::Error::io(e.to_string()).in_file(&name))?;
        Puzzle::parse(&text).map_err(|e| pzl_core::Error::from(e).in_file(&name))
    }

    /// Read a description (see `data/classic.txt` for the syntax).
    pub fn parse(text: &str) -> Result<Puzzle, PuzzleError> {
        let mut name = String::from("custom");
        let mut rows: Vec<Vec<Option<Label>>> = Vec::new();
        let mut pieces: Vec<Piece> = Vec::new();
        let mut in_frame = false;
        let mut frame_seen = false;
        let mut last_line = 0;
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            last_line = line_no;
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            if in_frame {
                if line == "end" {
                    in_frame = false;
                    continue;
                }
                let row = line
                    .split_whitespace()
                    .map(|t| match t {
                        "." => Ok(None),
                        _ => Label::parse(t).map(Some).ok_or_else(|| {
                            err(line_no, format!("`{t}` is not a month, day, weekday or `.`"))
                        }),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                rows.push(row);
                continue;
            }
            let (keyword, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            let rest = rest.trim();
            match keyword {
                "name" => name = rest.to_string(),
                "frame" if frame_seen => return Err(err(line_no, "a second `frame`")),
                "frame" => {
                    in_frame = true;
                    frame_seen = true;
                }
                "piece" => pieces.push(parse_piece(line_no, rest, &pieces)?),
                _ => {
                    return Err(err(
                        line_no,
                        format!("expected `name`, `frame` or `piece`, found `{keyword}`"),
                    ));
                }
            }
        }
        if in_frame {
            return Err(err(last_line, "the frame has no `end`"));
        }
        let height = rows.len();
        let width = rows.iter().map(Vec::len).max().unwrap_or(0);
        if width == 0 || height == 0 {
            return Err(err(last_line, "no frame"));
        }
        if width * height > 64 {
            return Err(err(last_line, format!("a {width}×{height} frame has more than 64 cells")));
        }
        let mut squares = vec![None; width * height];
        for (r, row) in rows.iter().enumerate() {
            for (c, label) in row.iter().enumerate() {
                squares[r * width + c] = *label;
            }
        }
        let mut hole_kinds: Vec<LabelKind> = Vec::new();
        for kind in [LabelKind::Month, LabelKind::Day, LabelKind::Weekday] {
            let cells: Vec<usize> =
                (0..squares.len()).filter(|&i| squares[i].is_some_and(|l| l.kind() == kind)).collect();
            if cells.is_empty() {
                continue;
            }
            let mut seen = std::collections::HashSet::new();
            for &i in &cells {
                if let Some(label) = squares[i]
                    && !seen.insert(label)
                {
                    return Err(err(last_line, format!("the label {label} appears twice")));
                }
            }
            if let Some(&earlier) = hole_kinds.last() {
                let last_earlier =
                    (0..squares.len()).rev().find(|&i| squares[i].is_some_and(|l| l.kind() == earlier));
                if last_earlier.is_some_and(|e| cells.first().is_some_and(|&first| first < e)) {
                    return Err(err(
                        last_line,
                        "every month square must come before every day square, and days before weekdays",
                    ));
                }
            }
            hole_kinds.push(kind);
        }
        if !hole_kinds.contains(&LabelKind::Month) || !hole_kinds.contains(&LabelKind::Day) {
            return Err(err(last_line, "the frame needs month and day squares"));
        }
        if pieces.is_empty() || pieces.len() > MAX_PIECES {
            return Err(err(last_line, format!("expected 1 to {MAX_PIECES} pieces, found {}", pieces.len())));
        }
        let square_count = squares.iter().filter(|s| s.is_some()).count();
        let piece_cells: usize = pieces.iter().map(|p| p.cells.len()).sum();
        if piece_cells + hole_kinds.len() != square_count {
            return Err(err(
                last_line,
                format!(
                    "the pieces cover {piece_cells} squares but the frame has {square_count} \
                     ({} must stay uncovered)",
                    hole_kinds.len()
                ),
            ));
        }
        Ok(Puzzle { name, width, height, squares, pieces, hole_kinds })
    }

    /// Cell index (width·row + column) of `(row, col)`, if it is a square of the frame.
    pub fn square_at(&self, row: i32, col: i32) -> Option<usize> {
        let (r, c) = (usize::try_from(row).ok()?, usize::try_from(col).ok()?);
        if r >= self.height || c >= self.width {
            return None;
        }
        let index = r * self.width + c;
        self.squares[index].is_some().then_some(index)
    }

    /// The squares covered by `cells` (offsets) placed with the anchor on `anchor`, or `None` when
    /// the anchor is not a square or a cell leaves the frame.
    pub fn place(&self, cells: &[Offset], anchor: usize) -> Option<Vec<usize>> {
        if self.squares.get(anchor)?.is_none() {
            return None;
        }
        let (ar, ac) = ((anchor / self.width) as i32, (anchor % self.width) as i32);
        cells.iter().map(|&(dr, dc)| self.square_at(ar + dr, ac + dc)).collect()
    }

    /// The square labelled `label`.
    pub fn square_of(&self, label: Label) -> Option<usize> {
        self.squares.iter().position(|s| *s == Some(label))
    }

    /// Index of the piece called `name`.
    pub fn piece_index(&self, name: char) -> Option<usize> {
        self.pieces.iter().position(|p| p.name == name)
    }
}

fn parse_piece(line_no: usize, rest: &str, earlier: &[Piece]) -> Result<Piece, PuzzleError> {
    let mut parts = rest.split_whitespace();
    let (Some(name), Some(walk), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(err(line_no, "expected `piece NAME WALK`"));
    };
    let mut chars = name.chars();
    let (Some(letter), None) = (chars.next(), chars.next()) else {
        return Err(err(line_no, format!("a piece name is one character, not `{name}`")));
    };
    if !letter.is_ascii_alphanumeric() {
        return Err(err(line_no, format!("a piece name is a letter or digit, not `{letter}`")));
    }
    if earlier.iter().any(|p| p.name == letter) {
        return Err(err(line_no, format!("a second piece `{letter}`")));
    }
    let mut at: Offset = (0, 0);
    let mut cells = vec![at];
    for step in walk.chars() {
        at = match step.to_ascii_uppercase() {
            'U' => (at.0 - 1, at.1),
            'D' => (at.0 + 1, at.1),
            'L' => (at.0, at.1 - 1),
            'R' => (at.0, at.1 + 1),
            other => return Err(err(line_no, format!("walk step `{other}`: expected U, D, L or R"))),
        };
        if !cells.contains(&at) {
            cells.push(at);
        }
    }
    cells.sort_unstable();
    let mut orientations: Vec<Orientation> = Vec::new();
    for mirror in [false, true] {
        for rotation in 0..4 {
            let shape = transform(&cells, mirror, rotation);
            if !orientations.iter().any(|o| normalized(&o.cells) == normalized(&shape)) {
                orientations.push(Orientation { mirror, rotation, cells: shape });
            }
        }
    }
    Ok(Piece { name: letter, walk: walk.to_string(), cells, orientations })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_frame_matches_the_apad_index_map() {
        let p = Puzzle::classic();
        assert_eq!((p.width, p.height), (7, 7));
        assert_eq!(p.squares.iter().filter(|s| s.is_some()).count(), 43);
        assert_eq!(p.square_of(Label::Month(1)), Some(0));
        assert_eq!(p.square_of(Label::Month(7)), Some(7));
        assert_eq!(p.square_of(Label::Day(1)), Some(14));
        assert_eq!(p.square_of(Label::Day(31)), Some(44));
        assert!(p.squares[6].is_none() && p.squares[13].is_none() && p.squares[45].is_none());
        let names: String = p.pieces.iter().map(|p| p.name).collect();
        assert_eq!(names, "LNOPUVYZ");
    }

    #[test]
    fn canonical_orientations_follow_the_reference_restrictions() {
        let p = Puzzle::classic();
        let summary: Vec<(char, Vec<(bool, u8)>)> = p
            .pieces
            .iter()
            .map(|piece| (piece.name, piece.orientations.iter().map(|o| (o.mirror, o.rotation)).collect()))
            .collect();
        let all: Vec<(bool, u8)> = [false, true].iter().flat_map(|&m| (0..4).map(move |r| (m, r))).collect();
        let rot4: Vec<(bool, u8)> = (0..4).map(|r| (false, r)).collect();
        for (name, list) in summary {
            match name {
                'O' => assert_eq!(list, vec![(false, 0), (false, 1)]),
                'Z' => assert_eq!(list, vec![(false, 0), (false, 1), (true, 0), (true, 1)]),
                'U' | 'V' => assert_eq!(list, rot4),
                _ => assert_eq!(list, all, "{name}"),
            }
        }
    }

    #[test]
    fn transforms_match_the_notes() {
        let p = Puzzle::classic();
        let l = &p.pieces[0];
        assert_eq!(l.transformed(false, 1), vec![(-1, 3), (0, 0), (0, 1), (0, 2), (0, 3)]);
        assert_eq!(l.transformed(true, 0), vec![(0, 0), (1, 0), (2, 0), (3, -1), (3, 0)]);
        assert_eq!(l.transformed(true, 3), vec![(-1, -3), (0, -3), (0, -2), (0, -1), (0, 0)]);
        let y = &p.pieces[6];
        assert_eq!(y.cells, vec![(-3, 0), (-2, -1), (-2, 0), (-1, 0), (0, 0)]);
    }

    #[test]
    fn weekday_edition_reads() {
        let p = Puzzle::weekday();
        assert_eq!((p.width, p.height), (7, 8));
        assert_eq!(p.pieces.len(), 10);
        assert_eq!(p.hole_kinds, vec![LabelKind::Month, LabelKind::Day, LabelKind::Weekday]);
        assert_eq!(p.square_of(Label::Weekday(0)), Some(45));
        assert_eq!(p.square_of(Label::Weekday(6)), Some(55));
    }

    #[test]
    fn bad_descriptions_name_the_line() {
        let e = Puzzle::parse("frame\nJan Foo\nend\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(Puzzle::parse("piece L DDX\n").unwrap_err().message.contains("walk step"));
        assert!(Puzzle::parse("frame\nJan 1 2\nend\npiece A R\n").is_err());
        assert!(Puzzle::parse("frame\nJan 1 2 3\n").unwrap_err().message.contains("end"));
        assert!(Puzzle::parse("frame\nJan 1 2 3\nend\npiece A R\n").is_ok());
        assert!(Puzzle::parse("frame\n1 Jan 2 3\nend\npiece A R\n").unwrap_err().message.contains("before"));
    }
}
