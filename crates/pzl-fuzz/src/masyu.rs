//! Masyu: every format's reader and writer, the validator, the renderers, the solver and its
//! traces.

use pzl_masyu::formats::{self, Format};
use pzl_masyu::solver::trace::{read_jsonl, write_jsonl};
use pzl_masyu::solver::{Outcome, SolveOptions, count_solutions, is_valid_solution, solve};
use pzl_masyu::{Board, Cell, Pos};

/// What every Masyu format's target checks: the reader never panics, and whatever it accepts
/// writes, reads back without a warning, and writes again to the same bytes.
fn round_trip(data: &[u8], format: Format) {
    let _ = formats::detect(data);
    let Ok(parsed) = formats::read(data, format) else { return };
    let Ok(written) = formats::write(&parsed.value, format) else { return };
    let bytes = written.bytes;
    let again = formats::read(&bytes, format).expect("pzl reads what it writes");
    assert!(again.warnings.is_empty(), "{:?}", again.warnings);
    let bytes_again = formats::write(&again.value, format).expect("writes twice").bytes;
    assert_eq!(bytes, bytes_again);
}

/// The janko reader round-trips (see `round_trip`).
pub fn masyu_janko(data: &[u8]) {
    round_trip(data, Format::Janko);
}

/// The puzz.link URL reader round-trips.
pub fn masyu_pzprjs(data: &[u8]) {
    round_trip(data, Format::Pzprjs);
}

/// The Penpa+ link reader round-trips; the data inside a link (the inflated text) is read
/// directly too, as random bytes seldom survive base64 and inflation: whatever board it gives
/// writes as a link that reads back to the same board without a warning.
pub fn penpa_read(data: &[u8]) {
    round_trip(data, Format::Penpa);
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(parsed) = formats::penpa::read_data(text, 0) else { return };
    let url = formats::penpa::write_url(&parsed.value);
    let again = formats::penpa::read(&url).expect("pzl reads the link it writes");
    assert!(again.warnings.is_empty(), "{:?}", again.warnings);
    assert_eq!(again.value, parsed.value);
}

/// The pzprv3 file reader round-trips.
pub fn masyu_pzprv3(data: &[u8]) {
    round_trip(data, Format::Pzprv3);
}

/// The `.sol` reader round-trips.
pub fn masyu_sol(data: &[u8]) {
    round_trip(data, Format::Sol);
}

/// The Tatham (Pearl game ID) reader round-trips.
pub fn masyu_tatham(data: &[u8]) {
    round_trip(data, Format::Tatham);
}

/// The plain text grid reader round-trips.
pub fn masyu_text(data: &[u8]) {
    round_trip(data, Format::Text);
}

/// The TootSweet string reader round-trips.
pub fn masyu_tootsweet(data: &[u8]) {
    round_trip(data, Format::TootSweet);
}

/// The validator and the renderers on any board a pzprv3 file (pearls, lines, crosses) can
/// describe: they never panic.
pub fn masyu_check_render(data: &[u8]) {
    if let Ok(parsed) = formats::read(data, Format::Pzprv3) {
        let board = parsed.value;
        let _ = board.problems();
        let _ = board.state();
        let _ = pzl_masyu::render::text(&board);
        let _ = pzl_masyu::render::svg(&board);
    }
}

/// The solver on arbitrary small boards (the first two bytes give the size, one byte a cell):
/// it never panics, and every solution it reports is a valid loop.
pub fn masyu_solve(data: &[u8]) {
    let [w, h, cells @ ..] = data else { return };
    let (w, h) = (usize::from(w % 8) + 1, usize::from(h % 8) + 1);
    let mut board = Board::new(w, h);
    for (i, &k) in cells.iter().take(w * h).enumerate() {
        let cell = match k % 6 {
            0 => Cell::White,
            1 => Cell::Black,
            _ => Cell::Empty,
        };
        board.set_cell(Pos::new(i / w, i % w), cell);
    }
    let options =
        SolveOptions { timeout: Some(std::time::Duration::from_secs(2)), ..SolveOptions::default() };
    let result = solve(&board, &options);
    if let Some(solution) = &result.solution {
        assert!(is_valid_solution(solution));
    }
    if result.outcome == Outcome::NoSolution {
        assert_eq!(count_solutions(&board, 1, &options).count, 0);
    }
}

/// Solve traces (JSON Lines): any bytes are read without panicking; a trace that reads writes
/// back to text that reads to the same trace.
pub fn masyu_trace(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(trace) = read_jsonl(text) {
        let outcome = trace.outcome.clone().unwrap_or_default();
        let again = write_jsonl(&trace.puzzle, &trace.events, &outcome);
        let back = read_jsonl(&again).expect("a written trace reads back");
        assert_eq!(back.events, trace.events);
        assert_eq!(back.puzzle, trace.puzzle);
    }
}
