//! Masyu as a pzl kind: the [`pzl_core::Kind`] contract over [`Board`], its seven formats, the
//! validator, the pictures and the solver. The work is in the modules this one names.

use pzl_core::settings::{Setting, SettingType, Verb, mention};
use pzl_core::{
    CheckReport, Error, Fact, Info, InfoRequest, Kind, Parsed, Picture, Problem, RenderRequest, SolveRequest,
    Solved, Warning, Written,
};

use crate::formats::{self, Format};
use crate::{Board, BoardState, EdgeState, render, solver};

/// Masyu: a loop through every pearl, straight through white ones and turning on black ones.
#[derive(Debug, Clone, Copy, Default)]
pub struct MasyuKind;

/// What an ok check means.
const VERDICT: &str = "the lines form a correct solution";
/// What an ok check of a puzzle with no line drawn means.
const UNSOLVED_VERDICT: &str = "the puzzle is sound (no line drawn yet)";

/// The name of a board state (`empty`, `partial`, `solved`), as `info` and `check` show it.
pub fn state_name(state: BoardState) -> &'static str {
    match state {
        BoardState::Empty => "empty",
        BoardState::Partial => "partial",
        BoardState::Solved => "solved",
    }
}

impl Kind for MasyuKind {
    const NAME: &'static str = "masyu";
    const TITLE: &'static str = "Masyu";
    type Doc = Board;
    type Format = Format;
    type Params = ();

    fn settings() -> &'static [Setting] {
        const SETTINGS: &[Setting] = &[
            Setting::valued(
                "masyu",
                "trace",
                SettingType::Path,
                "FILE.jsonl",
                &[Verb::Solve],
                "Record every solving step in this JSON Lines file (replay with `pzl masyu replay`).",
            ),
            Setting::flag(
                "masyu",
                "human",
                &[Verb::Solve],
                "Reason like a person (one-level hypotheses on every edge before deeper guessing).",
            ),
        ];
        SETTINGS
    }

    /// A solution file (`.sol`) holds lines only: a folder walk does not open it as a puzzle.
    fn holds_puzzles(format: Format) -> bool {
        format.holds().pearls
    }

    fn read(bytes: &[u8], format: Format, _params: &()) -> Result<Parsed<Board>, Error> {
        Ok(formats::read(bytes, format)?)
    }

    /// The lines (and pearls when the format holds them): a `.sol` grid holds no pearls, and
    /// does not say so for a solution.
    fn write_solution(doc: &Board, format: Format) -> Result<Written, Error> {
        Self::write(&format.project(doc), format)
    }

    fn write(doc: &Board, format: Format) -> Result<Written, Error> {
        Ok(formats::write(doc, format)?)
    }

    /// Size, pearls, lines, crosses, how far the board is drawn and the puzzle's grade (a solve
    /// of at most [`solver::request::GRADE_TIMEOUT`]). The format is left empty: the caller,
    /// which read the file, knows it.
    /// pzprv3 holds pearls, lines and crosses: every board.
    fn full_format(_doc: &Board) -> Option<Format> {
        Some(Format::Pzprv3)
    }

    fn info(doc: &Board, _request: &InfoRequest) -> Info {
        let (whites, blacks) = doc.pearl_counts();
        let crosses = doc.edge_states().iter().filter(|&&e| e == EdgeState::Cross).count();
        let state = doc.state();
        let title = match state {
            BoardState::Empty => "Masyu puzzle",
            BoardState::Partial => "Masyu board, partly drawn",
            BoardState::Solved => "Masyu board, solved",
        };
        let difficulty = solver::grade(doc).map(|d| d.name());
        Info::new(Self::NAME, "", title)
            .fact(Fact::with_text("width", "size", doc.width(), format!("{}x{}", doc.width(), doc.height())))
            .fact(Fact::hidden("height", doc.height()))
            .fact(Fact::with_text(
                "pearls",
                "pearls",
                whites + blacks,
                format!("{} ({whites} white, {blacks} black)", whites + blacks),
            ))
            .fact(Fact::hidden("whites", whites))
            .fact(Fact::hidden("blacks", blacks))
            .fact(Fact::new("lines", doc.line_count()))
            .fact(Fact::new("crosses", crosses))
            .fact(Fact::new("state", state_name(state)))
            .fact(Fact::with_text(
                "difficulty",
                "grade",
                difficulty,
                difficulty.unwrap_or("- (no unique solution found)"),
            ))
    }

    const COMBINES: bool = true;

    /// The lines of `other` (any board of the same size) drawn over the pearls of `doc`.
    fn combine(doc: &Board, other: &Board) -> Result<Parsed<Board>, Error> {
        let combined = doc.with_edges_of(other).ok_or_else(|| {
            Error::usage(format!(
                "the board is {}x{} but the puzzle is {}x{}",
                other.width(),
                other.height(),
                doc.width(),
                doc.height()
            ))
            .hint("give the board drawn for this puzzle")
        })?;
        let mut warnings = Vec::new();
        if other.pearl_counts() != (0, 0) && other.cells() != doc.cells() {
            warnings.push(Warning::new("the board's pearls differ from the puzzle's; the puzzle's are used"));
        }
        Ok(Parsed::with(combined, warnings))
    }

    /// Every rule the lines break (pzprjs's rules and order), each with its cells.
    ///
    /// `check` says whether the file is sound, for every kind: a puzzle with no line drawn yet is
    /// not a problem (its state is `empty`; whether it has one solution is `pzl solve --count`'s
    /// question). Lines drawn, by the file or by `--with`, are an answer, checked by every rule.
    fn check(doc: &Board) -> Result<CheckReport, Error> {
        let found = doc.problems();
        if found.iter().all(|p| p.rule == crate::check::Rule::NoLine) && doc.state() == BoardState::Empty {
            let mut report = CheckReport::new(Self::NAME, "", UNSOLVED_VERDICT, Vec::new())
                .fact(Fact::new("state", state_name(doc.state())))
                .fact(Fact::hidden("codes", Vec::<&str>::new()));
            report.notes.push("no line is drawn: the puzzle is not solved yet".to_string());
            return Ok(report);
        }
        let problems = found
            .iter()
            .map(|p| {
                let full = p.to_string();
                // The rule's name is the problem's tag; the message is the rest of the sentence.
                let message = full.strip_prefix(&format!("{}: ", p.rule.name())).unwrap_or(&full).to_string();
                let mut problem = Problem::new(p.rule.name(), message);
                problem.cells = p.cells.iter().map(|c| [c.row + 1, c.col + 1]).collect();
                problem
            })
            .collect();
        // pzprjs's error codes, for programs that compare with the puzz.link player.
        let codes: Vec<&str> = found.iter().map(|p| p.rule.code()).collect();
        Ok(CheckReport::new(Self::NAME, "", VERDICT, problems)
            .fact(Fact::new("state", state_name(doc.state())))
            .fact(Fact::hidden("codes", codes)))
    }

    /// Unicode text or SVG; a Masyu board is one picture, so `select` and `with_clues` are refused.
    /// Colour does not apply: the text picture is the same either way.
    fn render(doc: &Board, request: &RenderRequest) -> Result<pzl_core::Rendered, Error> {
        if request.select.is_some() {
            return Err(Error::usage("a Masyu file holds one board: there is nothing to select"));
        }
        if request.settings.flag("with-clues") {
            return Err(Error::usage(format!(
                "Masyu puzzles have no clues to print ({} is for crosswords)",
                mention("with-clues")
            )));
        }
        match request.picture {
            Picture::Text => Ok(pzl_core::Rendered::new(render::text(doc).into_bytes())),
            Picture::Svg => Ok(pzl_core::Rendered::new(render::svg(doc).into_bytes())),
            other => Err(Error::usage(format!("Masyu boards are drawn as text or svg, not {other}"))
                .hint(format!("use {} text or {} svg", mention("as"), mention("as")))),
        }
    }

    /// Solve the puzzle (edges drawn on `doc` are ignored); the report shows the solution as
    /// `sol` (see [`Kind::solve_as`] to show it in the input's format).
    fn solve(doc: &Board, request: &SolveRequest) -> Result<Solved<Board>, Error> {
        solver::solve_request(doc, request, Format::Sol)
    }

    /// [`Kind::solve`], with the solution in the report written in `format` (the input's) when
    /// that format holds lines, else as `sol`.
    fn solve_as(doc: &Board, format: Format, request: &SolveRequest) -> Result<Solved<Board>, Error> {
        solver::solve_request(doc, request, format)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use pzl_core::{Confidence, Count, ErrorKind, Location, Outcome};

    use super::*;

    #[test]
    fn every_setting_is_the_kinds_own() {
        for setting in MasyuKind::settings() {
            assert_eq!(setting.kind, MasyuKind::NAME, "{}", setting.name);
            assert!(!setting.verbs.is_empty() && !setting.help.is_empty(), "{}", setting.name);
        }
    }

    /// The Wikipedia example (flar/masyu_app).
    const WIKIPEDIA: &str = "10 10\n..W.W.....\n....W...B.\n..B.B.W...\n...W..W...\nB....W...W\n\
                             ..W....W..\n..B...W...\nW...B....W\n......WW..\n..B......B\n";
    const WIKIPEDIA_SOL: &str = "10 10\n09555C955C\n96095635CA\n35CA955CAA\n00AAA956AA\n95636A096A\n\
                                 A955CA0A96\nAA9563563C\nAAA09555CA\n36A0A9556A\n0035635556\n";
    const PUZZLE: &str = "6 6\n..W...\n.B..W.\n......\n...B..\n.W....\n......\n";
    const LADYBUG_SOLVED: &str = "4:4:AgAQAA\nww:gq\n";

    fn read(text: &str, format: Format) -> Board {
        MasyuKind::read(text.as_bytes(), format, &()).unwrap().value
    }

    fn fact<'a>(facts: &'a [Fact], key: &str) -> &'a Fact {
        facts.iter().find(|f| f.key == key).unwrap_or_else(|| panic!("no fact {key}"))
    }

    #[test]
    fn the_format_table_is_in_detection_order_with_the_old_names() {
        let names: Vec<&str> = MasyuKind::formats().iter().map(|&f| MasyuKind::format_info(f).name).collect();
        assert_eq!(names, ["tootsweet", "pzprv3", "penpa", "pzprjs", "tatham", "janko", "masyu", "sol"]);
        for &format in MasyuKind::formats() {
            let info = MasyuKind::format_info(format);
            assert_eq!(info.kind, "masyu");
            assert_eq!(info.extensions, format.extensions());
            assert!(info.read && info.write && info.detect.is_some());
        }
        assert!(Format::Text.info().has_extension("MASYU"));
        let strong: Vec<Format> =
            Format::ALL.into_iter().filter(|f| f.info().confidence == Confidence::Strong).collect();
        assert_eq!(strong, [Format::Pzprv3, Format::Penpa, Format::Pzprjs, Format::Tatham, Format::Text]);
    }

    #[test]
    fn a_masyu_text_file_with_a_typo_is_still_masyu_text() {
        // /work/shared/findings/repro/masyu-typo-detected-as-macpoly.masyu
        let typo = b"4 4\n..X.\n....\n....\n....\n";
        assert!(Format::Text.info().detects(typo));
        assert_eq!(formats::detect(typo), Some(Format::Text));
        let e = MasyuKind::read(typo, Format::Text, &()).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Syntax);
        assert_eq!(e.at, Some(Location::line_column(2, 3)));
        assert_eq!(e.to_string(), "line 2, column 3: expected `.`, `W` or `B`, found 'X'");
        let bad = b"3 2\n...\n.X.\n";
        assert_eq!(formats::detect(bad), Some(Format::Text));
        let e = MasyuKind::read(bad, Format::Text, &()).unwrap_err().in_file("bad.masyu");
        assert_eq!(e.to_string(), "bad.masyu: line 3, column 2: expected `.`, `W` or `B`, found 'X'");
        // Solution grids and janko files are still told apart from text grids.
        assert_eq!(formats::detect(WIKIPEDIA_SOL.as_bytes()), Some(Format::Sol));
        assert_eq!(formats::detect(b"4 4\nBBBB\nBBBB\nBBBB\nBBBB\n"), Some(Format::Text));
        assert_eq!(formats::detect(b"2 3\n- w b\n- - -\n"), Some(Format::Janko));
        assert!(!Format::Text.info().detects(b"2 3\n- w b\n- - -\n"));
        assert!(!Format::Text.info().detects(b"4 4\n0000\n095C\n0A0A\n0356\n"));
    }

    #[test]
    fn every_format_reads_and_writes_back_byte_exact() {
        let samples: [(&str, Format); 7] = [
            (LADYBUG_SOLVED, Format::TootSweet),
            (PUZZLE, Format::Text),
            ("4 4\n0000\n095C\n0A0A\n0356\n", Format::Sol),
            ("https://puzz.link/p?mashu/6/6/1063000i3000\n", Format::Pzprjs),
            ("6x6:bWdBbWjBcWj\n", Format::Tatham),
            ("2 3\n- w b\n- - -\n", Format::Janko),
            ("pzprv3\nmashu\n1\n3\n1 . 2 \n1 -1 \n", Format::Pzprv3),
        ];
        for (text, format) in samples {
            let parsed = MasyuKind::read(text.as_bytes(), format, &()).unwrap();
            assert!(parsed.warnings.is_empty(), "{format}: {:?}", parsed.warnings);
            let written = MasyuKind::write(&parsed.value, format).unwrap();
            assert_eq!(String::from_utf8(written.bytes).unwrap(), text, "{format}");
            assert!(written.lost.is_empty(), "{format}: {:?}", written.lost);
        }
    }

    #[test]
    fn the_full_format_holds_every_board() {
        let board = read("pzprv3\nmashu\n1\n3\n1 . 2 \n1 -1 \n", Format::Pzprv3);
        let full = MasyuKind::full_format(&board).unwrap();
        assert!(MasyuKind::write(&board, full).unwrap().lost.is_empty());
    }

    #[test]
    fn write_names_what_the_format_cannot_hold() {
        let board = read("pzprv3\nmashu\n1\n3\n1 . 2 \n1 -1 \n", Format::Pzprv3);
        let written = MasyuKind::write(&board, Format::TootSweet).unwrap();
        assert_eq!(written.bytes, b"3:1:h\nB:\n");
        assert_eq!(written.lost, ["crosses"]);
        assert_eq!(MasyuKind::write(&board, Format::Sol).unwrap().lost, ["pearls", "crosses"]);
        // A dead end cannot be written as janko's solution form.
        let partial = read("4:4:AAAAAA\nBA:AA\n", Format::TootSweet);
        let e = MasyuKind::write(&partial, Format::Janko).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Encode);
        assert!(e.message.contains("janko"), "{e}");
    }

    #[test]
    fn reader_warnings_carry_their_place() {
        let parsed = MasyuKind::read("\u{feff}2 1\r\n.w\r\n".as_bytes(), Format::Text, &()).unwrap();
        let shown: Vec<String> = parsed.warnings.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "byte offset 0: byte-order mark ignored",
                "CR line ends read; pzl writes LF",
                "line 2, column 2: lower-case 'w' read as a pearl"
            ]
        );
        let e = MasyuKind::read(b"p?mashu/4/4/02z100", Format::Pzprjs, &()).unwrap_err();
        assert_eq!(e.at, Some(Location::Offset(14)));
    }

    #[test]
    fn info_gives_size_pearls_lines_state_and_grade() {
        let info = MasyuKind::info(&read("4:4:AgAQAA\n", Format::TootSweet), &pzl_core::InfoRequest::FULL);
        assert_eq!(info.kind, "masyu");
        let json = serde_json::to_value(&info).unwrap();
        assert_eq!((json["facts"]["width"].as_u64(), json["facts"]["height"].as_u64()), (Some(4), Some(4)));
        assert_eq!((json["facts"]["whites"].as_u64(), json["facts"]["blacks"].as_u64()), (Some(1), Some(1)));
        assert_eq!(json["facts"]["state"], "empty");
        assert_eq!(json["facts"]["lines"], 0);
        assert_eq!(fact(&info.facts, "pearls").text, "2 (1 white, 1 black)");
        assert_eq!(fact(&info.facts, "width").text, "4x4");
        let text = info.to_string();
        assert!(text.contains("  size:") && text.contains("4x4"), "{text}");
        let solved = MasyuKind::info(&read(LADYBUG_SOLVED, Format::TootSweet), &pzl_core::InfoRequest::FULL);
        assert_eq!(fact(&solved.facts, "state").value, "solved");
        assert_eq!(fact(&solved.facts, "lines").value, 8);
        let wiki = MasyuKind::info(&read(WIKIPEDIA, Format::Text), &pzl_core::InfoRequest::FULL);
        let grade = &fact(&wiki.facts, "difficulty").value;
        assert!(["easy", "medium", "hard", "expert"].contains(&grade.as_str().unwrap()), "{grade}");
        let ambiguous = MasyuKind::info(
            &read("4 4\n....\n.W..\n....\n....\n", Format::Text),
            &pzl_core::InfoRequest::FULL,
        );
        assert_eq!(fact(&ambiguous.facts, "difficulty").value, serde_json::Value::Null);
        assert_eq!(fact(&ambiguous.facts, "difficulty").text, "- (no unique solution found)");
    }

    #[test]
    fn check_accepts_a_loop_and_names_broken_rules_with_cells() {
        let report = MasyuKind::check(&read(LADYBUG_SOLVED, Format::TootSweet)).unwrap();
        assert!(report.ok);
        assert_eq!(report.to_string(), "ok: the lines form a correct solution\n  state: solved\n");
        let aphid = MasyuKind::check(&read("4:4:CCQQQA\nAA:IC\n", Format::TootSweet)).unwrap();
        assert!(!aphid.ok);
        let rules: Vec<&str> = aphid.problems.iter().map(|p| p.rule.as_str()).collect();
        assert!(rules.contains(&"dead-end") && rules.contains(&"pearl-off-loop"), "{rules:?}");

        // Cut the top-left corner out of the Wikipedia loop: two dead ends.
        let puzzle = read(WIKIPEDIA, Format::Text);
        let cut =
            WIKIPEDIA_SOL.replacen("09555C955C", "01555C955C", 1).replacen("96095635CA", "94095635CA", 1);
        let lines = read(&cut, Format::Sol);
        let board = MasyuKind::combine(&puzzle, &lines).unwrap();
        assert!(board.warnings.is_empty());
        let report = MasyuKind::check(&board.value).unwrap();
        let dead = report.problems.iter().find(|p| p.rule == "dead-end").unwrap();
        assert_eq!(dead.message, "the line ends (dead end) at (r1, c2), (r2, c2)");
        assert_eq!(dead.cells, [[1, 2], [2, 2]]);
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["facts"]["state"], "partial");
        assert_eq!(json["problems"][0]["rule"], "dead-end");
        assert_eq!(json["facts"]["codes"][0], "lnDeadEnd");

        // A puzzle with no line drawn is sound: not solved yet is not a problem.
        let bare = MasyuKind::check(&puzzle).unwrap();
        assert!(bare.ok, "{bare}");
        assert_eq!(
            bare.to_string(),
            "ok: the puzzle is sound (no line drawn yet)\n  note: no line is drawn: the puzzle is not solved yet\n  state: empty\n"
        );
        assert_eq!(serde_json::to_value(&bare).unwrap()["facts"]["state"], "empty");
    }

    #[test]
    fn combine_draws_the_other_boards_lines_over_the_puzzle() {
        let puzzle = read(WIKIPEDIA, Format::Text);
        let lines = read(WIKIPEDIA_SOL, Format::Sol);
        let combined = MasyuKind::combine(&puzzle, &lines).unwrap();
        assert!(combined.warnings.is_empty());
        assert!(MasyuKind::check(&combined.value).unwrap().ok);
        let other = read(PUZZLE, Format::Text);
        let e = MasyuKind::combine(&puzzle, &other).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Usage);
        assert_eq!(e.message, "the board is 6x6 but the puzzle is 10x10");
        let small = read(&PUZZLE.replacen("..W...", "..B...", 1), Format::Text);
        let combined = MasyuKind::combine(&other, &small).unwrap();
        assert_eq!(combined.value.cells(), other.cells(), "the puzzle's pearls are kept");
        assert_eq!(combined.warnings.len(), 1);
        assert!(combined.warnings[0].message.contains("pearls differ"));
    }

    #[test]
    fn render_draws_text_and_svg_only() {
        let board = read("https://puzz.link/p?mashu/4/4/020100", Format::Pzprjs);
        let text = MasyuKind::render(&board, &RenderRequest::new(Picture::Text)).unwrap().bytes;
        assert_eq!(String::from_utf8(text).unwrap(), "· · · ·\n· ● · ·\n· · · ○\n· · · ·\n");
        let svg =
            String::from_utf8(MasyuKind::render(&board, &RenderRequest::new(Picture::Svg)).unwrap().bytes)
                .unwrap();
        assert!(svg.starts_with("<?xml") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<circle").count(), 2);
        for picture in [Picture::Pdf, Picture::Html] {
            let e = MasyuKind::render(&board, &RenderRequest::new(picture)).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Usage);
            assert!(e.message.contains("text or svg"), "{e}");
        }
        let mut select = RenderRequest::new(Picture::Text);
        select.select = Some("2".into());
        assert_eq!(MasyuKind::render(&board, &select).unwrap_err().kind, ErrorKind::Usage);
    }

    #[test]
    fn solve_shows_the_solution_in_the_input_format_when_it_holds_lines() {
        let ladybug = read("4:4:AgAQAA\n", Format::TootSweet);
        let solved = MasyuKind::solve_as(&ladybug, Format::TootSweet, &SolveRequest::default()).unwrap();
        assert_eq!(solved.report.outcome, Outcome::Solved);
        assert_eq!(solved.report.solutions, [LADYBUG_SOLVED]);
        assert!(solved.report.warnings.is_empty());
        assert_eq!(solved.solutions.len(), 1);
        assert!(MasyuKind::check(&solved.solutions[0]).unwrap().ok);
        assert_eq!(solved.trace, None);
        let pzprv3 = MasyuKind::solve_as(&ladybug, Format::Pzprjs, &SolveRequest::default()).unwrap();
        assert_eq!(pzprv3.report.solutions, ["4 4\n0000\n095C\n0A0A\n0356\n"]);
        assert_eq!(Format::Pzprjs.solution_format(), Format::Sol);
        assert_eq!(Format::Janko.solution_format(), Format::Janko);
        let projected = Format::Sol.project(&solved.solutions[0]);
        assert_eq!(MasyuKind::write(&projected, Format::Sol).unwrap().lost, Vec::<String>::new());
    }

    #[test]
    fn solve_reports_uniqueness_grade_and_statistics() {
        let wiki = read(WIKIPEDIA, Format::Text);
        for human in [false, true] {
            let mut request = SolveRequest::default();
            if human {
                request.settings.insert("human", pzl_core::settings::Value::On);
            }
            let solved = MasyuKind::solve(&wiki, &request).unwrap();
            assert_eq!(solved.report.solutions, [WIKIPEDIA_SOL]);
            assert_eq!(solved.report.unique, Some(true));
            let json = serde_json::to_value(&solved.report).unwrap();
            assert_eq!(json["outcome"], "solved");
            assert!(json["facts"]["difficulty"].is_string());
            assert!(json["facts"]["statistics"]["propagations"].as_u64().unwrap() > 0);
            assert!(json["time_ms"].as_f64().unwrap() >= 0.0);
        }
        let count = SolveRequest { count: true, ..SolveRequest::default() };
        let counted = MasyuKind::solve(&wiki, &count).unwrap();
        assert_eq!(counted.report.outcome, Outcome::Counted);
        assert_eq!(counted.report.count, Some(Count { value: 1, exact: true }));
        assert_eq!(counted.report.to_string(), "1\n");
    }

    #[test]
    fn impossible_and_ambiguous_puzzles_say_so() {
        for text in ["4 4\nBB..\n....\n....\n....\n", "5 5\n.WWW.\n.....\n.....\n.....\n.....\n"] {
            let board = read(text, Format::Text);
            let solved = MasyuKind::solve(&board, &SolveRequest::default()).unwrap();
            assert_eq!(solved.report.outcome, Outcome::NoSolution);
            assert_eq!(
                solved.report.verdict(),
                "no solution: no single loop satisfies every pearl (proven by complete search)"
            );
            assert!(solved.solutions.is_empty() && solved.report.solutions.is_empty());
            let count = SolveRequest { count: true, ..SolveRequest::default() };
            let counted = MasyuKind::solve(&board, &count).unwrap();
            assert_eq!(counted.report.count, Some(Count { value: 0, exact: true }));
        }
        let one_white = read("4 4\n....\n.W..\n....\n....\n", Format::Text);
        let solved = MasyuKind::solve(&one_white, &SolveRequest::default()).unwrap();
        assert_eq!(solved.report.unique, Some(false));
        assert_eq!(
            solved.report.warnings[0].message,
            "the puzzle has more than one solution; this is one of them"
        );
        let count = SolveRequest { count: true, ..SolveRequest::default() };
        let counted = MasyuKind::solve(&one_white, &count).unwrap();
        assert_eq!(counted.report.to_string(), "2+\n");
        let limit = SolveRequest { count: true, limit: Some(1000), ..SolveRequest::default() };
        let counted = MasyuKind::solve(&one_white, &limit).unwrap().report.count.unwrap();
        assert!(counted.exact && counted.value > 2 && counted.value < 1000, "{counted}");
    }

    #[test]
    fn a_trace_is_recorded_when_asked_for() {
        let wiki = read(WIKIPEDIA, Format::Text);
        let request = SolveRequest::default().with("trace", pzl_core::settings::Value::Text(String::new()));
        let trace = MasyuKind::solve(&wiki, &request).unwrap().trace.unwrap();
        let first: serde_json::Value = serde_json::from_str(trace.lines().next().unwrap()).unwrap();
        assert_eq!(first["type"], "header");
        assert_eq!(first["width"], 10);
        assert!(trace.lines().any(|l| l.contains("\"rule\":\"black-leg\"")));
        assert!(trace.lines().last().unwrap().contains("\"outcome\":\"solved\""));
        let file = solver::trace::read_jsonl(&trace).unwrap();
        assert_eq!(file.puzzle, wiki);
    }

    #[test]
    fn requests_for_other_kinds_are_usage_errors() {
        let wiki = read(WIKIPEDIA, Format::Text);
        let requests = [
            SolveRequest { all: true, ..SolveRequest::default() },
            SolveRequest { distinct: true, ..SolveRequest::default() },
            SolveRequest::default().with("no-flip", pzl_core::settings::Value::On),
        ];
        for request in requests {
            let e = MasyuKind::solve(&wiki, &request).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Usage);
            assert!(e.message.contains("polyomino"), "{e}");
        }
        let limit_alone = SolveRequest { limit: Some(3), ..SolveRequest::default() };
        assert_eq!(MasyuKind::solve(&wiki, &limit_alone).unwrap_err().kind, ErrorKind::Usage);
        let jobs = SolveRequest { jobs: 4, ..SolveRequest::default() };
        assert!(MasyuKind::solve(&wiki, &jobs).is_ok(), "--jobs is the command line's, for batches");
    }

    #[test]
    fn a_cancelled_solve_stops_as_if_timed_out() {
        let open = Board::new(30, 30);
        let cancel = Arc::new(AtomicBool::new(true));
        let request = SolveRequest { cancel: Some(cancel), ..SolveRequest::default() };
        let solved = MasyuKind::solve(&open, &request).unwrap();
        assert_eq!(solved.report.outcome, Outcome::TimedOut);
        let request = SolveRequest { timeout: Some(std::time::Duration::ZERO), ..SolveRequest::default() };
        assert_eq!(MasyuKind::solve(&open, &request).unwrap().report.outcome, Outcome::TimedOut);
    }
}
