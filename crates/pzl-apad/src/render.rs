//! Drawing boards: a letter per square (the text form's grid), labelled terminal text with
//! optional ANSI colours, and SVG through `pzl_grid::svg`; [`boards`] draws the boards of a file
//! that a [`RenderRequest`] chooses.

use pzl_grid::svg::Svg;

use pzl_core::{Error, Picture, RenderRequest, Warning};

use crate::board::{Board, Cell};
use crate::date;
use crate::model::set::BoardSet;
use crate::puzzle::Puzzle;

/// Background colours (xterm-256) per piece, then reused.
const TERMINAL_COLOURS: [u8; 12] = [203, 75, 221, 114, 177, 215, 80, 147, 181, 151, 223, 110];
/// SVG fills per piece, then reused.
const SVG_COLOURS: [&str; 12] = [
    "#e6194b", "#4363d8", "#ffe119", "#3cb44b", "#911eb4", "#f58231", "#42d4f4", "#f032e6", "#bfef45",
    "#469990", "#dcbeff", "#9a6324",
];

fn piece_char(puzzle: &Puzzle, p: u8) -> char {
    puzzle.pieces.get(usize::from(p)).map_or('?', |piece| piece.name)
}

/// One character per cell: the piece's name, `.` for an uncovered square, a space where the
/// frame has none; one line per row, trailing spaces removed.
pub fn letters(puzzle: &Puzzle, board: &Board) -> String {
    let mut out = String::new();
    for row in board.cells.chunks(puzzle.width.max(1)) {
        let line: String = row
            .iter()
            .map(|cell| match *cell {
                Cell::Empty => '.',
                Cell::Nonexistent => ' ',
                Cell::Piece(p) => piece_char(puzzle, p),
            })
            .collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Four columns per cell: pieces as their letter (on a coloured background with `colour`),
/// uncovered squares as their label.
pub fn text(puzzle: &Puzzle, board: &Board, colour: bool) -> String {
    let mut out = String::new();
    for (r, row) in board.cells.chunks(puzzle.width.max(1)).enumerate() {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            match *cell {
                Cell::Empty => {
                    let label = puzzle.squares.get(r * puzzle.width + c).copied().flatten();
                    let shown = label.map_or_else(|| ".".to_string(), |l| l.to_string());
                    if colour {
                        line.push_str(&format!("\x1b[1m{shown:>4}\x1b[0m"));
                    } else {
                        line.push_str(&format!("{shown:>4}"));
                    }
                }
                Cell::Nonexistent => line.push_str("    "),
                Cell::Piece(p) => {
                    let name = piece_char(puzzle, p);
                    if colour {
                        let bg = TERMINAL_COLOURS[usize::from(p) % TERMINAL_COLOURS.len()];
                        line.push_str(&format!("\x1b[30;48;5;{bg}m  {name} \x1b[0m"));
                    } else {
                        line.push_str(&format!("   {name}"));
                    }
                }
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// An SVG picture: pieces filled and outlined, uncovered squares labelled.
pub fn svg(puzzle: &Puzzle, board: &Board) -> String {
    svg_captioned(puzzle, board, None)
}

/// The board as an SVG picture with a caption line under it (the date, the edition, which
/// solution), so a folder of pictures says what each one shows.
pub fn svg_captioned(puzzle: &Puzzle, board: &Board, caption: Option<&str>) -> String {
    const CELL: f64 = 48.0;
    const MARGIN: f64 = 8.0;
    const CAPTION: f64 = 28.0;
    let (w, h) = (puzzle.width, puzzle.height);
    let extra = if caption.is_some() { CAPTION } else { 0.0 };
    let mut doc = Svg::new(w as f64 * CELL + 2.0 * MARGIN, h as f64 * CELL + 2.0 * MARGIN + extra);
    if let Some(caption) = caption {
        doc.text(
            MARGIN,
            h as f64 * CELL + 2.0 * MARGIN + 18.0,
            caption,
            r##"font-family="sans-serif" font-size="15" fill="#333333""##,
        );
    }
    let at = |i: usize| board.cells.get(i).copied().unwrap_or(Cell::Nonexistent);
    for r in 0..h {
        for c in 0..w {
            let (x, y) = (MARGIN + c as f64 * CELL, MARGIN + r as f64 * CELL);
            match at(r * w + c) {
                Cell::Nonexistent => {}
                Cell::Empty => {
                    doc.rect(x, y, CELL, CELL, r##"fill="#ffffff" stroke="#999999" stroke-width="1""##);
                    if let Some(label) = puzzle.squares.get(r * w + c).copied().flatten() {
                        doc.text(
                            x + CELL / 2.0,
                            y + CELL / 2.0 + 6.0,
                            &label.to_string(),
                            r#"font-family="sans-serif" font-size="16" font-weight="bold" text-anchor="middle""#,
                        );
                    }
                }
                Cell::Piece(p) => {
                    let fill = SVG_COLOURS[usize::from(p) % SVG_COLOURS.len()];
                    doc.rect(x, y, CELL, CELL, &format!(r#"fill="{fill}" stroke="{fill}" stroke-width="1""#));
                }
            }
        }
    }
    // Outlines wherever two different cells meet, so each piece reads as one shape.
    let style = r##"stroke="#222222" stroke-width="3" stroke-linecap="round""##;
    for r in 0..=h {
        for c in 0..w {
            let above = if r > 0 { at((r - 1) * w + c) } else { Cell::Nonexistent };
            let below = if r < h { at(r * w + c) } else { Cell::Nonexistent };
            if above != below || matches!(above, Cell::Empty) {
                let y = MARGIN + r as f64 * CELL;
                doc.line(MARGIN + c as f64 * CELL, y, MARGIN + (c + 1) as f64 * CELL, y, style);
            }
        }
    }
    for c in 0..=w {
        for r in 0..h {
            let left = if c > 0 { at(r * w + c - 1) } else { Cell::Nonexistent };
            let right = if c < w { at(r * w + c) } else { Cell::Nonexistent };
            if left != right || matches!(left, Cell::Empty) {
                let x = MARGIN + c as f64 * CELL;
                doc.line(x, MARGIN + r as f64 * CELL, x, MARGIN + (r + 1) as f64 * CELL, style);
            }
        }
    }
    doc.finish()
}

/// The boards `select` names, as indices from 0: every board when `None`, a board number from
/// 1 (`3`), or every board showing a date (`11-22`, `Nov 22`).
pub fn chosen(set: &BoardSet, select: Option<&str>) -> Result<Vec<usize>, Error> {
    let all = 0..set.boards.len();
    let Some(text) = select.map(str::trim) else { return Ok(all.collect()) };
    if !text.is_empty() && text.chars().all(|c| c.is_ascii_digit()) {
        let n: usize = text.parse().ok().filter(|n| (1..=set.boards.len()).contains(n)).ok_or_else(|| {
            Error::usage(format!("board {text}: expected a board number from 1 to {}", set.boards.len()))
        })?;
        return Ok(vec![n - 1]);
    }
    let wanted = date::parse(text).map_err(|e| {
        Error::from(e).hint("choose a board by its number (`3`) or by the date it shows (`Nov 22`)")
    })?;
    let found: Vec<usize> = all
        .filter(|&i| set.boards[i].board.answer(&set.puzzle).is_ok_and(|a| a.date == wanted.date))
        .collect();
    if found.is_empty() {
        return Err(Error::usage(format!("no board shows {}", wanted.date)));
    }
    Ok(found)
}

/// The boards `request` chooses, in the kind's own words: its selection (a board number) or the
/// setting `date`; both is refused.
fn selection(request: &RenderRequest) -> Result<Option<&str>, Error> {
    match (request.select.as_deref(), request.settings.text("date")) {
        (Some(_), Some(_)) => Err(Error::usage(format!(
            "a board number and {} choose boards two ways: give one",
            pzl_core::settings::mention("date")
        ))),
        (select, date) => Ok(select.or(date)),
    }
}

/// What drawing `request` leaves out: an SVG shows one board, so choosing several draws the
/// first (the caller shows these warnings; [`boards`] returns only the picture).
pub fn warnings(set: &BoardSet, request: &RenderRequest) -> Result<Vec<Warning>, Error> {
    let chosen = chosen(set, selection(request)?)?;
    Ok(match (request.picture, chosen.as_slice()) {
        (Picture::Svg, [first, ..]) if chosen.len() > 1 => vec![Warning::new(format!(
            "{} boards match; drew the first, board {} (pick another with --board N)",
            chosen.len(),
            first + 1
        ))],
        _ => Vec::new(),
    })
}

/// Draw the chosen boards of `set`: text (every chosen board under a `board N: …` line, coloured
/// when asked for) or SVG (the first chosen board).
pub fn boards(set: &BoardSet, request: &RenderRequest) -> Result<Vec<u8>, Error> {
    if request.settings.flag("with-clues") {
        return Err(Error::usage("A-Puzzle-A-Day boards have no clues to draw"));
    }
    let chosen = chosen(set, selection(request)?)?;
    match request.picture {
        Picture::Svg => {
            let Some(decoded) = chosen.first().and_then(|&i| set.boards.get(i)) else {
                return Err(Error::usage("no boards to draw"));
            };
            let shows = decoded.board.answer(&set.puzzle).map(|a| a.to_string()).unwrap_or_else(|why| why);
            let caption = format!("board {}: {shows} ({})", chosen[0] + 1, set.puzzle.name);
            Ok(svg_captioned(&set.puzzle, &decoded.board, Some(&caption)).into_bytes())
        }
        Picture::Text => {
            let mut out = String::new();
            for i in chosen {
                let decoded = &set.boards[i];
                let shows =
                    decoded.board.answer(&set.puzzle).map(|a| a.to_string()).unwrap_or_else(|why| why);
                out.push_str(&format!("board {}: {shows}\n", i + 1));
                out.push_str(&text(&set.puzzle, &decoded.board, request.colour));
                out.push('\n');
            }
            Ok(out.into_bytes())
        }
        other => Err(Error::usage(format!("A-Puzzle-A-Day boards are drawn as text or svg, not {other}"))
            .hint("use --as text or --as svg")),
    }
}
