//! Command-line arguments (clap). Verbs that work across formats take the same arguments for every
//! area; an area's own commands (`pzl tootsweet …`) live in the area's module.

use clap::{Args, Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "pzl",
    version,
    about = "Open, verify, convert, render and solve classic puzzle files",
    long_about = "Open, verify, convert, render and solve classic puzzle files.\n\n\
                  FILE may be a path, `-` for standard input, or (for puzz.link puzzles) a URL.\n\
                  The format is found from the content, then the extension; --from/--to name it \
                  when neither tells (see `pzl formats`).\n\n\
                  Exit codes: 0 ok, 1 the check found problems / no solution, 2 bad input or usage."
)]
pub struct Cli {
    /// Print no warnings.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List every format pzl knows and what it can do with each (detect, read, write).
    Formats(FormatsArgs),
    /// Describe files: format, size, contents, state.
    Info(InfoArgs),
    /// Verify files; exit 1 when a problem is found.
    Check(CheckArgs),
    /// Convert a file to another format.
    Convert(ConvertArgs),
    /// Draw a file as terminal text or a picture (SVG).
    Render(RenderArgs),
    /// Solve a puzzle; exit 1 when it has no solution.
    Solve(SolveArgs),
    /// Masyu: replay a solve trace (`pzl solve --trace`) as a terminal animation.
    Replay(ReplayArgs),
    /// Work with TootSweet Masyu's `Puzzles.data` database.
    #[command(subcommand)]
    Tootsweet(crate::tootsweet::TootsweetCommand),
    /// A-Puzzle-A-Day: solve a date, generate every solution, convert APAD files.
    #[command(subcommand)]
    Apad(crate::apad::ApadCommand),
    /// Lock (scramble) the solution of an Across Lite .puz crossword with a four-digit key.
    Lock(crate::crossword::LockArgs),
    /// Unlock a locked .puz crossword, with its key or by trying all 10,000 keys.
    Unlock(crate::crossword::UnlockArgs),
    /// List, extract, add or remove resources of a Mac file (raw fork, MacBinary, AppleSingle/Double, BinHex).
    #[command(subcommand)]
    Rsrc(crate::macfile::RsrcCommand),
    /// Print a Mac file's resource fork as Rez source (DeRez style).
    Derez(crate::macfile::DerezArgs),
    /// Compile Rez source (`data` statements) into a resource file.
    Rez(crate::macfile::RezArgs),
    /// MacPoly's ftor: add puzzle/solution source files to a resource file as TYPE resources.
    Ftor(crate::macfile::FtorArgs),
}

#[derive(Debug, Args)]
pub struct FormatsArgs {
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct InfoArgs {
    /// Files to describe (`-` for standard input).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Read the input as this format (see `pzl formats`).
    #[arg(long, value_name = "FORMAT")]
    pub from: Option<String>,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
    /// Crosswords: list every clue with its number, direction, answer and position.
    #[arg(long)]
    pub clues: bool,
    /// A-Puzzle-A-Day: the edition (`classic`, `weekday` or a description file).
    #[arg(long, value_name = "NAME|FILE")]
    pub puzzle: Option<String>,
    /// Mac resource files: which MacPoly puzzle resource (see `ResourceArgs`).
    #[command(flatten)]
    pub resource: ResourceArgs,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files to verify (`-` for standard input).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Read the input as this format (see `pzl formats`).
    #[arg(long, value_name = "FORMAT")]
    pub from: Option<String>,
    /// Masyu: check the lines of this board (any Masyu format) against the puzzle.
    #[arg(long, value_name = "FILE")]
    pub board: Option<String>,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
    /// A-Puzzle-A-Day: the edition (`classic`, `weekday` or a description file).
    #[arg(long, value_name = "NAME|FILE")]
    pub puzzle: Option<String>,
    /// Polyominoes: verify this MacPoly solution file against the puzzle.
    #[arg(long, value_name = "FILE")]
    pub solution: Option<String>,
    /// Polyominoes: with --solution, pieces may turn but not flip over.
    #[arg(long)]
    pub no_flip: bool,
}

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The file to convert (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub input: String,
    /// Where to write (`-` for standard output).
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: String,
    /// Read the input as this format.
    #[arg(long, value_name = "FORMAT")]
    pub from: Option<String>,
    /// Write this format (default: from the output's extension).
    #[arg(long, value_name = "FORMAT")]
    pub to: Option<String>,
    /// Masyu: a board (lines) to combine with the puzzle before writing.
    #[arg(long, value_name = "FILE")]
    pub board: Option<String>,
}

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The file to draw (`-` for standard input); not needed with --trace.
    #[arg(value_name = "FILE", required_unless_present = "trace")]
    pub input: Option<String>,
    /// Where to write; the extension picks the picture (`.svg`), `-` prints terminal text.
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: String,
    /// Read the input as this format.
    #[arg(long, value_name = "FORMAT")]
    pub from: Option<String>,
    /// Masyu: draw the lines of this board over the puzzle. A-Puzzle-A-Day: the number of the
    /// board to draw (from 1).
    #[arg(long, value_name = "FILE")]
    pub board: Option<String>,
    /// Picture kind when the output's extension does not say: `text` or `svg`.
    #[arg(long = "as", value_name = "KIND")]
    pub kind: Option<String>,
    /// A-Puzzle-A-Day: the edition (`classic`, `weekday` or a description file).
    #[arg(long, value_name = "NAME|FILE")]
    pub puzzle: Option<String>,
    /// A-Puzzle-A-Day: draw only the boards that show this date (`11-22`, `Nov 22`).
    #[arg(long, value_name = "DATE")]
    pub date: Option<String>,
    /// Masyu: animate this solve trace (from `pzl solve --trace`) as `.svg` or `.html`.
    #[arg(long, value_name = "TRACE")]
    pub trace: Option<String>,
    /// Crosswords: a print-ready page (grid, title, author, numbered Across/Down clues) as
    /// `.svg` or `.pdf`.
    #[arg(long)]
    pub with_clues: bool,
    /// Mac resource files: which MacPoly puzzle resource (see `ResourceArgs`).
    #[command(flatten)]
    pub resource: ResourceArgs,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The puzzles to solve (`-` for standard input).
    #[arg(required = true, value_name = "FILE")]
    pub inputs: Vec<String>,
    /// Where to write the solution (`-` for standard output).
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: String,
    /// Read the input as this format.
    #[arg(long, value_name = "FORMAT")]
    pub from: Option<String>,
    /// Write the solution in this format (default: the input's, or the output's extension).
    #[arg(long, value_name = "FORMAT")]
    pub to: Option<String>,
    /// Count solutions instead of printing one (`0`, `1`, or `N+` at the limit).
    #[arg(long)]
    pub count: bool,
    /// With --count: stop counting at this many solutions.
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
    /// Machine-readable output: status, solution, statistics.
    #[arg(long)]
    pub json: bool,
    /// Give up after this many seconds (and say so).
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Masyu: record every solving step in this JSON Lines file (replay with `pzl replay`).
    #[arg(long, value_name = "FILE.jsonl")]
    pub trace: Option<String>,
    /// Masyu: reason like a person (one-level hypotheses on every edge before deeper guessing).
    #[arg(long)]
    pub human: bool,
    /// Solve this many files at once (several files or a directory). Polyominoes: split one count
    /// over N threads (same result).
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,
    /// Polyominoes: print every solution, not just the first.
    #[arg(long)]
    pub all: bool,
    /// Polyominoes: count or list solutions up to the shape's symmetries.
    #[arg(long)]
    pub distinct: bool,
    /// Polyominoes: pieces may turn but not flip over.
    #[arg(long)]
    pub no_flip: bool,
    /// Mac resource files: which MacPoly puzzle resource (see `ResourceArgs`).
    #[command(flatten)]
    pub resource: ResourceArgs,
    /// Mac resource files: write the arrangement found into the puzzle resource (its second
    /// grid) and update its time, operations and records.
    #[arg(long)]
    pub save: bool,
}

/// Which MacPoly puzzle resource (`SBP1`..`SBP9`) of a Mac resource file to use: by type and ID,
/// or by name; not needed when the file holds exactly one.
#[derive(Debug, Args, Default)]
pub struct ResourceArgs {
    /// The resource type, e.g. `SBP1`.
    #[arg(long = "type", value_name = "TYPE")]
    pub resource_type: Option<String>,
    /// The resource ID (with --type).
    #[arg(long, value_name = "ID", allow_hyphen_values = true)]
    pub id: Option<i16>,
    /// The resource (puzzle) name, e.g. "6 x 6 Square".
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The trace written by `pzl solve --trace`.
    #[arg(value_name = "TRACE")]
    pub trace: String,
    /// Milliseconds between steps.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    pub delay: u64,
    /// Start paused: Enter resumes, `s` + Enter steps, `q` + Enter quits.
    #[arg(long)]
    pub step: bool,
}
