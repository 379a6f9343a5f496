//! The A-Puzzle-A-Day area of the command line: the `apad` and `apad-text` formats in the
//! registry (`pzl info|check|render|convert`) and `pzl apad solve|generate|encode|decode`.

use std::io::IsTerminal;
use std::path::Path;

use clap::{Args, Subcommand, ValueEnum};
use pzl_apad::board::Answer;
use pzl_apad::codec::{self, DecodedBoard};
use pzl_apad::date::{self, ParsedDate};
use pzl_apad::solver::Solver;
use pzl_apad::{Board, Date, Puzzle, render, text};

use crate::cli::{CheckArgs, ConvertArgs, InfoArgs, RenderArgs};
use crate::error::{CliError, Status};
use crate::io::{self, Context, Input};
use crate::registry::{Area, FormatSpec, Handler};

pub static FORMATS: &[FormatSpec] = &[
    FormatSpec {
        name: "apad",
        area: Area::Apad,
        description: "A-Puzzle-A-Day boards (APAD: 9 bytes per classic board)",
        extensions: &["apad"],
        detect: None,
        read: true,
        write: true,
    },
    FormatSpec {
        name: "apad-text",
        area: Area::Apad,
        description: "A-Puzzle-A-Day boards as text, a letter per square (`pzl apad decode`)",
        extensions: &["apadtxt"],
        detect: Some(|bytes| bytes.starts_with(TEXT_MAGIC)),
        read: true,
        write: true,
    },
];

const TEXT_MAGIC: &[u8] = b"# pzl apad text";

#[derive(Debug, Subcommand)]
pub enum ApadCommand {
    /// Solve a date: draw every solution (or count them, or write them as APAD).
    Solve(SolveArgs),
    /// Write every solution of every date, sorted as the reference `solutions.apad`.
    Generate {
        /// Where to write (`-` for standard output).
        #[arg(short, long, value_name = "FILE")]
        output: String,
        #[command(flatten)]
        puzzle: PuzzleArg,
    },
    /// Turn the text form (a letter per square) back into an APAD file.
    Encode {
        /// The text file (`-` for standard input).
        input: String,
        /// Where to write (`-` for standard output).
        #[arg(short, long, value_name = "FILE", default_value = "-")]
        output: String,
        #[command(flatten)]
        puzzle: PuzzleArg,
    },
    /// Write an APAD file as text: one block per board, a letter per square (lossless).
    Decode {
        /// The APAD file (`-` for standard input).
        input: String,
        /// Where to write (`-` for standard output).
        #[arg(short, long, value_name = "FILE", default_value = "-")]
        output: String,
        #[command(flatten)]
        puzzle: PuzzleArg,
    },
}

#[derive(Debug, Clone, Args)]
pub struct PuzzleArg {
    /// The edition: `classic`, `weekday`, or a description file (see docs).
    #[arg(long, value_name = "NAME|FILE", default_value = "classic")]
    pub puzzle: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColourWhen {
    Auto,
    Always,
    Never,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The date: `11-22`, `2026-11-22`, `Nov 22` (default: today).
    #[arg(value_name = "DATE", num_args = 0..=3)]
    pub date: Vec<String>,
    #[command(flatten)]
    pub puzzle: PuzzleArg,
    /// Weekday edition: the weekday to leave uncovered (default: the date's weekday, in the
    /// year given or the current year).
    #[arg(long, value_name = "DAY")]
    pub weekday: Option<String>,
    /// Every date (and weekday) at once instead of one date.
    #[arg(long, conflicts_with_all = ["date", "weekday", "first"])]
    pub all: bool,
    /// Print only the number of solutions (per date with --all).
    #[arg(long)]
    pub count: bool,
    /// Stop at the first solution.
    #[arg(long)]
    pub first: bool,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
    /// Also write the solutions as an APAD file (sorted as the reference file).
    #[arg(short, long, value_name = "FILE.apad")]
    pub output: Option<String>,
    /// Also draw each solution as an SVG file in DIR (created when missing).
    #[arg(long, value_name = "DIR")]
    pub svg: Option<String>,
    /// Colour the boards: `auto` (on a terminal), `always`, `never`.
    #[arg(long, value_name = "WHEN", default_value = "auto")]
    pub color: ColourWhen,
}

pub fn run(ctx: &Context, command: ApadCommand) -> Result<Status, CliError> {
    match command {
        ApadCommand::Solve(args) => solve(ctx, &args),
        ApadCommand::Generate { output, puzzle } => {
            let puzzle = load_puzzle(&puzzle.puzzle)?;
            let bytes = codec::generate(&puzzle).map_err(|e| CliError::usage(e.to_string()))?;
            io::write_output(&output, &bytes)?;
            Ok(Status::Ok)
        }
        ApadCommand::Encode { input, output, puzzle } => {
            let puzzle = load_puzzle(&puzzle.puzzle)?;
            let input = ctx.read_input(&input)?;
            let bytes = text::to_apad(&puzzle, input.text()?).map_err(|e| CliError::input(&input.name, e))?;
            io::write_output(&output, &bytes)?;
            Ok(Status::Ok)
        }
        ApadCommand::Decode { input, output, puzzle } => {
            let puzzle = load_puzzle(&puzzle.puzzle)?;
            let input = ctx.read_input(&input)?;
            let text = text::from_apad(&puzzle, &input.bytes).map_err(|e| CliError::input(&input.name, e))?;
            io::write_output(&output, text.as_bytes())?;
            Ok(Status::Ok)
        }
    }
}

/// A shipped edition by name, or a description file.
pub fn load_puzzle(name: &str) -> Result<Puzzle, CliError> {
    if let Some(puzzle) = Puzzle::builtin(name) {
        return Ok(puzzle);
    }
    if !Path::new(name).exists() {
        return Err(CliError::usage(format!(
            "unknown puzzle `{name}`: expected `classic`, `weekday` or a description file"
        )));
    }
    let text = std::fs::read_to_string(name).map_err(|e| CliError::io(name, e))?;
    Puzzle::parse(&text).map_err(|e| CliError::input(name, e))
}

fn use_colour(when: ColourWhen) -> bool {
    match when {
        ColourWhen::Always => true,
        ColourWhen::Never => false,
        ColourWhen::Auto => std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    }
}

fn answer_text(answer: &Answer) -> String {
    match answer.weekday {
        Some(w) => format!("{} {}", date::weekday_name(w), answer.date),
        None => answer.date.to_string(),
    }
}

/// Solution counts per answer as a JSON object keyed `YYYY-MM-DD` (with the weekday's name after
/// it for the weekday edition).
fn counts_json(
    counts: &std::collections::BTreeMap<Answer, u64>,
) -> serde_json::Map<String, serde_json::Value> {
    counts
        .iter()
        .map(|(a, n)| {
            let key = match a.weekday {
                Some(w) => format!("{} {}", a.date.iso(), date::weekday_name(w)),
                None => a.date.iso(),
            };
            (key, serde_json::Value::from(*n))
        })
        .collect()
}

fn grid_json(puzzle: &Puzzle, board: &Board) -> serde_json::Value {
    let letters = render::letters(puzzle, board);
    serde_json::Value::from(letters.lines().map(str::to_string).collect::<Vec<_>>())
}

fn solve(ctx: &Context, args: &SolveArgs) -> Result<Status, CliError> {
    let puzzle = load_puzzle(&args.puzzle.puzzle)?;
    let solver = Solver::new(&puzzle);
    if args.all {
        return solve_all(ctx, &puzzle, &solver, args);
    }
    let parsed = if args.date.is_empty() {
        date::today()
    } else {
        date::parse(&args.date.join(" ")).map_err(|e| CliError::usage(e.to_string()))?
    };
    let has_weekdays = puzzle.hole_kinds.contains(&pzl_apad::puzzle::LabelKind::Weekday);
    let weekday = if !has_weekdays {
        if args.weekday.is_some() {
            ctx.warn(&puzzle.name, "this puzzle has no weekdays; --weekday ignored");
        }
        None
    } else {
        Some(match &args.weekday {
            Some(text) => date::parse_weekday(text)
                .ok_or_else(|| CliError::usage(format!("`{text}` is not a weekday (Sun … Sat)")))?,
            None => {
                let year = date::today().year.unwrap_or(2000);
                parsed.weekday_in(year).ok_or_else(|| {
                    CliError::usage(format!(
                        "{} is not a date in {}; give the weekday with --weekday",
                        parsed.date,
                        parsed.year.unwrap_or(year)
                    ))
                })?
            }
        })
    };
    let mut boards: Vec<Board> = Vec::new();
    let first = args.first;
    solver.solve_date(parsed.date, weekday, |found| {
        boards.push(solver.board(found));
        !first
    });
    let answer = Answer { date: parsed.date, weekday };
    let title = answer_text(&answer);
    write_files(&puzzle, &boards, args, &[answer])?;
    if args.json {
        let mut value = serde_json::json!({
            "puzzle": puzzle.name,
            "date": parsed.date.iso(),
            "weekday": weekday.map(date::weekday_name),
            "count": boards.len(),
        });
        if !args.count {
            value["solutions"] = boards.iter().map(|b| grid_json(&puzzle, b)).collect();
        }
        io::print_json(&value)?;
    } else if args.count {
        io::write_output("-", format!("{title}: {}\n", plural(boards.len())).as_bytes())?;
    } else {
        let colour = use_colour(args.color);
        let mut out = String::new();
        let total = boards.len();
        let counted = if first { String::new() } else { format!(" of {total}") };
        for (i, board) in boards.iter().enumerate() {
            out.push_str(&format!("{title}, solution {}{counted}\n", i + 1));
            out.push_str(&render::text(&puzzle, board, colour));
            out.push('\n');
        }
        if boards.is_empty() {
            out.push_str(&format!("{title}: no solution\n"));
        }
        io::write_output("-", out.as_bytes())?;
    }
    Ok(if boards.is_empty() { Status::Problems } else { Status::Ok })
}

fn plural(n: usize) -> String {
    if n == 1 { "1 solution".into() } else { format!("{n} solutions") }
}

fn solve_all(
    ctx: &Context,
    puzzle: &Puzzle,
    solver: &Solver<'_>,
    args: &SolveArgs,
) -> Result<Status, CliError> {
    let keep = !args.count || args.output.is_some() || args.svg.is_some();
    let mut counts: std::collections::BTreeMap<Answer, u64> = std::collections::BTreeMap::new();
    let mut boards: Vec<(Answer, Board)> = Vec::new();
    solver.solve_all(|found| {
        if let Some(answer) = solver.answer(found) {
            *counts.entry(answer).or_default() += 1;
            if keep {
                boards.push((answer, solver.board(found)));
            }
        }
        true
    });
    let total: u64 = counts.values().sum();
    if keep {
        boards.sort_by_cached_key(|(_, b)| b.sort_key());
        let only: Vec<Board> = boards.iter().map(|(_, b)| b.clone()).collect();
        let answers: Vec<Answer> = boards.iter().map(|(a, _)| *a).collect();
        write_files(puzzle, &only, args, &answers)?;
    }
    let missing = all_answers(puzzle).filter(|a| !counts.contains_key(a)).count();
    if missing > 0 {
        ctx.warn(&puzzle.name, format!("{missing} dates have no solution"));
    }
    if args.json {
        let per = counts_json(&counts);
        io::print_json(&serde_json::json!({
            "puzzle": puzzle.name,
            "count": total,
            "answers": counts.len(),
            "unsolvable": missing,
            "per_date": per,
        }))?;
    } else if args.count {
        let mut out = String::new();
        for (answer, n) in &counts {
            out.push_str(&format!("{}\t{n}\n", answer_text(answer)));
        }
        out.push_str(&format!("total\t{total}\n"));
        io::write_output("-", out.as_bytes())?;
    } else {
        let colour = use_colour(args.color);
        let mut out = String::new();
        for (i, (answer, board)) in boards.iter().enumerate() {
            out.push_str(&format!("{}, board {}\n", answer_text(answer), i + 1));
            out.push_str(&render::text(puzzle, board, colour));
            out.push('\n');
        }
        io::write_output("-", out.as_bytes())?;
    }
    Ok(if total == 0 { Status::Problems } else { Status::Ok })
}

/// Every real date (with every weekday on frames that have them).
fn all_answers(puzzle: &Puzzle) -> impl Iterator<Item = Answer> {
    let weekdays: Vec<Option<u8>> = if puzzle.hole_kinds.contains(&pzl_apad::puzzle::LabelKind::Weekday) {
        (0..7).map(Some).collect()
    } else {
        vec![None]
    };
    Date::all()
        .flat_map(move |date| weekdays.clone().into_iter().map(move |weekday| Answer { date, weekday }))
}

/// `-o FILE.apad` and `--svg DIR` of `pzl apad solve`.
fn write_files(
    puzzle: &Puzzle,
    boards: &[Board],
    args: &SolveArgs,
    answers: &[Answer],
) -> Result<(), CliError> {
    if let Some(path) = &args.output {
        let mut sorted: Vec<&Board> = boards.iter().collect();
        sorted.sort_by_cached_key(|b| b.sort_key());
        let owned: Vec<Board> = sorted.into_iter().cloned().collect();
        let bytes = codec::encode(puzzle, &owned).map_err(|e| CliError::usage(e.to_string()))?;
        io::write_output(path, &bytes)?;
    }
    if let Some(dir) = &args.svg {
        std::fs::create_dir_all(dir).map_err(|e| CliError::io(dir, e))?;
        let mut seen: std::collections::HashMap<Answer, usize> = std::collections::HashMap::new();
        for (i, board) in boards.iter().enumerate() {
            let answer = answers.get(i).or(answers.first());
            let stem = match answer {
                Some(a) => {
                    let n = seen.entry(*a).or_default();
                    *n += 1;
                    match a.weekday {
                        Some(w) => format!("{}-{}-{n}", a.date.iso(), date::weekday_name(w)),
                        None => format!("{}-{n}", a.date.iso()),
                    }
                }
                None => format!("board-{}", i + 1),
            };
            let path = Path::new(dir).join(format!("{stem}.svg"));
            io::write_output(&path.to_string_lossy(), render::svg(puzzle, board).as_bytes())?;
        }
    }
    Ok(())
}

/// The APAD bytes of an input in either APAD format.
fn apad_bytes(input: &Input, format: &FormatSpec, puzzle: &Puzzle) -> Result<Vec<u8>, CliError> {
    if format.name == "apad-text" {
        text::to_apad(puzzle, input.text()?).map_err(|e| CliError::input(&input.name, e))
    } else {
        Ok(input.bytes.clone())
    }
}

fn decode(
    ctx: &Context,
    input: &Input,
    format: &FormatSpec,
    puzzle: &Puzzle,
) -> Result<Vec<DecodedBoard>, CliError> {
    let bytes = apad_bytes(input, format, puzzle)?;
    let boards = codec::decode(puzzle, &bytes).map_err(|e| CliError::input(&input.name, e))?;
    for (i, board) in boards.iter().enumerate() {
        for problem in &board.problems {
            ctx.warn(&input.name, format!("board {}: {problem}", i + 1));
        }
    }
    Ok(boards)
}

pub struct ApadHandler;

impl Handler for ApadHandler {
    fn info(
        &self,
        ctx: &Context,
        input: &Input,
        format: &FormatSpec,
        args: &InfoArgs,
    ) -> Result<Status, CliError> {
        let puzzle = load_puzzle(args.puzzle.as_deref().unwrap_or("classic"))?;
        let boards = decode(ctx, input, format, &puzzle)?;
        let mut counts: std::collections::BTreeMap<Answer, u64> = std::collections::BTreeMap::new();
        let mut not_solutions = 0;
        for decoded in &boards {
            match decoded.board.answer(&puzzle) {
                Ok(answer) => *counts.entry(answer).or_default() += 1,
                Err(_) => not_solutions += 1,
            }
        }
        let fewest = counts.iter().min_by_key(|(_, n)| **n);
        let most = counts.iter().max_by_key(|(_, n)| **n);
        let label = |a: &Answer| answer_text(a);
        if args.json {
            let per = counts_json(&counts);
            io::print_json(&serde_json::json!({
                "file": input.name,
                "format": format.name,
                "puzzle": puzzle.name,
                "boards": boards.len(),
                "solutions": boards.len() - not_solutions,
                "not_solutions": not_solutions,
                "dates": counts.len(),
                "fewest": fewest.map(|(a, n)| serde_json::json!({"date": label(a), "solutions": n})),
                "most": most.map(|(a, n)| serde_json::json!({"date": label(a), "solutions": n})),
                "per_date": per,
            }))?;
            return Ok(Status::Ok);
        }
        let mut out =
            format!("{}: {} ({}, puzzle {})\n", input.name, format.name, format.description, puzzle.name);
        out.push_str(&format!("  boards:    {}\n", boards.len()));
        out.push_str(&format!(
            "  solutions: {} ({} boards are not solutions)\n",
            boards.len() - not_solutions,
            not_solutions
        ));
        out.push_str(&format!("  dates:     {}\n", counts.len()));
        if let (Some((fa, fnum)), Some((ma, mnum))) = (fewest, most) {
            out.push_str(&format!("  fewest:    {} ({})\n", label(fa), plural(*fnum as usize)));
            out.push_str(&format!("  most:      {} ({})\n", label(ma), plural(*mnum as usize)));
        }
        io::write_output("-", out.as_bytes())?;
        Ok(Status::Ok)
    }

    fn check(
        &self,
        ctx: &Context,
        input: &Input,
        format: &FormatSpec,
        args: &CheckArgs,
    ) -> Result<Status, CliError> {
        let puzzle = load_puzzle(args.puzzle.as_deref().unwrap_or("classic"))?;
        let mut bytes = apad_bytes(input, format, &puzzle)?;
        let chunk = codec::chunk_len(&puzzle);
        let mut problems: Vec<String> = Vec::new();
        let tail = bytes.len() % chunk;
        if tail != 0 {
            problems.push(format!(
                "byte offset {}: a partial board of {tail} bytes at the end (boards are {chunk} bytes)",
                bytes.len() - tail
            ));
            bytes.truncate(bytes.len() - tail);
        }
        let boards = codec::decode(&puzzle, &bytes).map_err(|e| CliError::input(&input.name, e))?;
        let mut seen = std::collections::HashSet::new();
        let mut non_canonical = 0;
        for (i, (decoded, raw)) in boards.iter().zip(bytes.chunks_exact(chunk)).enumerate() {
            let at = format!("board {} (byte offset {})", i + 1, i * chunk);
            for problem in &decoded.problems {
                problems.push(format!("{at}: {problem}"));
            }
            if let Err(why) = decoded.board.answer(&puzzle) {
                problems.push(format!("{at}: {why}"));
            }
            if !seen.insert(decoded.board.clone()) {
                ctx.warn(&input.name, format!("{at}: the same board as an earlier one"));
            }
            if codec::encode_board(&puzzle, &decoded.board, i).ok().as_deref() != Some(raw) {
                non_canonical += 1;
            }
        }
        if non_canonical > 0 {
            ctx.warn(&input.name, format!("{non_canonical} boards are not in canonical encoding"));
        }
        let status = if problems.is_empty() { Status::Ok } else { Status::Problems };
        if args.json {
            io::print_json(&serde_json::json!({
                "file": input.name,
                "format": format.name,
                "boards": boards.len(),
                "ok": problems.is_empty(),
                "problems": problems,
            }))?;
        } else {
            let mut out = String::new();
            if problems.is_empty() {
                out.push_str(&format!("{}: ok ({} boards, each a solution)\n", input.name, boards.len()));
            } else {
                for p in &problems {
                    out.push_str(&format!("{}: {p}\n", input.name));
                }
                out.push_str(&format!("{}: {} problems\n", input.name, problems.len()));
            }
            io::write_output("-", out.as_bytes())?;
        }
        Ok(status)
    }

    fn render(
        &self,
        ctx: &Context,
        input: &Input,
        format: &FormatSpec,
        args: &RenderArgs,
    ) -> Result<Status, CliError> {
        let puzzle = load_puzzle(args.puzzle.as_deref().unwrap_or("classic"))?;
        let boards = decode(ctx, input, format, &puzzle)?;
        let mut chosen: Vec<(usize, &DecodedBoard)> = boards.iter().enumerate().collect();
        if let Some(n) = &args.board {
            let n: usize = n.parse().ok().filter(|n| (1..=boards.len()).contains(n)).ok_or_else(|| {
                CliError::usage(format!("--board {n}: expected a board number from 1 to {}", boards.len()))
            })?;
            chosen.retain(|(i, _)| *i + 1 == n);
        }
        if let Some(text) = &args.date {
            let wanted: ParsedDate = date::parse(text).map_err(|e| CliError::usage(e.to_string()))?;
            chosen.retain(|(_, d)| d.board.answer(&puzzle).is_ok_and(|a| a.date == wanted.date));
            if chosen.is_empty() {
                return Err(CliError::usage(format!("{}: no board shows {}", input.name, wanted.date)));
            }
        }
        let svg = match args.kind.as_deref() {
            Some("svg") => true,
            Some("text") => false,
            Some(other) => return Err(CliError::usage(format!("--as {other}: expected `text` or `svg`"))),
            None => io::extension_of(&args.output).as_deref() == Some("svg"),
        };
        if svg {
            let Some(&(i, decoded)) = chosen.first() else {
                return Err(CliError::input(&input.name, "no boards to draw"));
            };
            if chosen.len() > 1 {
                ctx.warn(
                    &input.name,
                    format!("drew board {} of {}; pick one with --board N", i + 1, chosen.len()),
                );
            }
            io::write_output(&args.output, render::svg(&puzzle, &decoded.board).as_bytes())?;
            return Ok(Status::Ok);
        }
        let colour = args.output == "-" && use_colour(ColourWhen::Auto);
        let mut out = String::new();
        for (i, decoded) in chosen {
            let shows = decoded.board.answer(&puzzle).map(|a| answer_text(&a)).unwrap_or_else(|why| why);
            out.push_str(&format!("board {}: {shows}\n", i + 1));
            out.push_str(&render::text(&puzzle, &decoded.board, colour));
            out.push('\n');
        }
        io::write_output(&args.output, out.as_bytes())?;
        Ok(Status::Ok)
    }

    fn convert(
        &self,
        _ctx: &Context,
        input: &Input,
        from: &FormatSpec,
        to: &FormatSpec,
        _args: &ConvertArgs,
    ) -> Result<Vec<u8>, CliError> {
        let puzzle = Puzzle::classic();
        let bytes = apad_bytes(input, from, &puzzle)?;
        if to.name == "apad-text" {
            text::from_apad(&puzzle, &bytes)
                .map(String::into_bytes)
                .map_err(|e| CliError::input(&input.name, e))
        } else {
            codec::decode(&puzzle, &bytes).map_err(|e| CliError::input(&input.name, e))?;
            Ok(bytes)
        }
    }
}
