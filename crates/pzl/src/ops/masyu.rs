//! Masyu's solve traces (`pzl solve --trace`): read from a file, checked for being whole, and
//! replayed as text where no terminal animates them.

use std::path::Path;

use pzl_core::Error;

use crate::kinds::masyu::{self, Replayer, TraceFile};

/// The trace in the file (or `-`) `name`.
pub fn read_trace(name: &Path) -> Result<TraceFile, Error> {
    let input = crate::input::read(name)?;
    masyu::read_trace(&input.bytes).map_err(|e| e.in_file(&input.name))
}

/// The solve trace in the file `name` as an animation for a browser (`picture`: SVG or HTML).
pub fn animation(name: &Path, picture: pzl_core::Picture) -> Result<String, Error> {
    let trace = read_trace(name)?;
    masyu::animation(&trace, picture).map_err(|e| e.in_file(crate::input::shown(name)))
}

/// What is missing from a trace: it ends before its outcome (cut short), or it was cut at its
/// size limit when it was recorded.
pub fn trace_warnings(trace: &TraceFile) -> Vec<String> {
    let mut warnings = Vec::new();
    if trace.outcome.is_none() {
        warnings.push("the trace ends before its outcome (cut short?)".to_string());
    }
    if trace.truncated {
        let total = trace.events.len();
        warnings.push(format!(
            "the trace was cut at the size limit when it was recorded: {total} steps, not all"
        ));
    }
    warnings
}

/// Every step of a replay as one line of text, then the final board and the outcome.
pub fn replay_text(trace: &TraceFile) -> String {
    let mut player = Replayer::new(trace);
    let mut text = String::new();
    while let Some(event) = player.step() {
        text.push_str(&format!("{:>6} {}\n", player.position(), masyu::describe(&trace.puzzle, event)));
    }
    text.push_str(&masyu::board_text(&player.board));
    let outcome = trace.outcome.as_deref().unwrap_or("unknown");
    text.push_str(&format!("{} steps; outcome: {outcome}\n", trace.events.len()));
    text
}

/// The terminal colour of what a hypothesis drew (orange, as in the SVG and HTML animations),
/// and the reset after it.
const HYPOTHESIS: (&str, &str) = ("\x1b[38;5;208m", "\x1b[0m");

/// One frame of a replay on a terminal: the step (`what` was done) out of `total`, the depth of
/// hypotheses, the board and the keys; with `colour`, what a hypothesis drew (and has not been
/// undone) is orange, so guesses are not mistaken for deductions.
pub fn replay_frame(player: &Replayer, total: usize, what: &str, paused: bool, colour: bool) -> String {
    let keys = if paused {
        "paused: Enter resumes, s+Enter steps, e+Enter jumps to the end, q+Enter quits"
    } else {
        "Enter pauses, e+Enter jumps to the end, q+Enter quits"
    };
    let board = if colour {
        masyu::board_text_marked(&player.board, |n| player.is_tentative(n), HYPOTHESIS)
    } else {
        masyu::board_text(&player.board)
    };
    let (on, off) = if colour { HYPOTHESIS } else { ("", "") };
    let level = match player.depth() {
        0 => String::new(),
        d => format!("  {on}inside a hypothesis, level {d}{off}"),
    };
    format!("{}/{total}  {}{level}\n\n{board}\n{keys}", player.position(), pzl_core::text::printable(what))
}

/// Add the puzzles in `files` (any Masyu format) to TootSweet's database at `db` as new rows,
/// all or none; the database is created when missing. Every file is read before the database
/// is touched, so bad input changes nothing; each is named after its file. Gives what was stored.
#[cfg(feature = "database")]
pub fn db_import(
    db: &Path,
    files: &[std::path::PathBuf],
    warn: super::Warn<'_>,
) -> Result<Vec<pzl_masyu::store::Imported>, Error> {
    use crate::kinds::tootsweet as ts;
    let mut puzzles = Vec::with_capacity(files.len());
    for file in files {
        let doc = super::open(file, &crate::Open::default(), warn)?;
        let file = crate::input::shown(file);
        puzzles.push((ts::import_name(&file), ts::board(doc).map_err(|e| e.in_file(&file))?));
    }
    // A new database appears only complete, puzzles and all: a failed import leaves none.
    ts::Database::import_into(db, &puzzles).map_err(ts::error(&crate::input::shown(db)))
}

/// Store the lines of the board in `file` (any Masyu format) as the board of puzzle `id` in
/// TootSweet's database at `db`, with status 2 when they solve it. Gives what was stored.
#[cfg(feature = "database")]
pub fn db_set_board(
    db: &Path,
    id: i64,
    file: &Path,
    warn: super::Warn<'_>,
) -> Result<pzl_masyu::store::BoardSet, Error> {
    use crate::kinds::tootsweet as ts;
    let name = crate::input::shown(db);
    let doc = super::open(file, &crate::Open::default(), warn)?;
    let lines = ts::board(doc).map_err(|e| e.in_file(crate::input::shown(file)))?;
    let mut database = ts::Database::open_for_writing(db).map_err(ts::error(&name))?;
    database.set_board(id, &lines).map_err(ts::error(&name))
}
