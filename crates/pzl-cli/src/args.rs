//! The command line as clap sees it: raw strings, parsed once into typed values by
//! [`crate::high`]. Verbs that work across kinds share their options; a kind's own commands live
//! under the kind (`pzl masyu replay`, `pzl crossword lock`, …) and the names the seeds used stay
//! as aliases (`pzl tootsweet`, `pzl lock`, `pzl ftor`, …).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use pzl::settings::{Options, SettingType, Value, Verb};

#[derive(Debug, Parser)]
#[command(
    name = "pzl",
    version,
    about = "Open, verify, convert, render and solve classic puzzle files",
    long_about = "Open, verify, convert, render and solve classic puzzle files.\n\n\
                  FILE may be a path, a folder (its puzzle files), `-` for standard input, or (for \
                  puzz.link puzzles) a URL. The format is found from the content and the extension; \
                  --from/--to name it when neither tells (see `pzl formats`).\n\n\
                  Exit codes: 0 ok, 1 the check found problems / no solution, 2 bad input or usage."
)]
pub struct Cli {
    /// Print no warnings.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// Also print the notes about harmless oddities (bytes a reader kept exactly as they were);
    /// `check` always prints them.
    #[arg(short, long, global = true, conflicts_with = "quiet")]
    pub verbose: bool,
    /// Colour in terminal output: `auto` (on a terminal, unless NO_COLOR is set; CLICOLOR_FORCE=1
    /// forces it), `always`, `never`.
    #[arg(long, value_name = "WHEN", default_value = "auto", global = true)]
    pub color: ColorWhen,
    #[command(subcommand)]
    pub command: Command,
}

/// When to colour terminal output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    Auto,
    Always,
    Never,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List every format pzl knows and what it can do with each (detect, read, write).
    Formats(FormatsArgs),
    /// Describe files: format, size, contents, state.
    Info(InfoArgs),
    /// Verify files; exit 1 when a problem is found.
    Check(CheckArgs),
    /// Convert a file to another format of the same kind.
    Convert(ConvertArgs),
    /// Draw a file as terminal text or a picture (SVG, PDF, HTML).
    Render(RenderArgs),
    /// Solve puzzles; exit 1 when there is no solution.
    Solve(SolveArgs),
    /// Add up the shard results of a split count (`pzl solve --count --shard K/N -o FILE`);
    /// exit 1 naming missing, duplicated, unfinished or foreign shards.
    Merge(MergeArgs),
    /// Masyu: the next deduction a person could make from the player's lines and crosses, or
    /// the lines that are wrong (same as `pzl masyu hint`).
    Hint(HintArgs),
    /// Make new puzzles, each proven unique by the solver.
    #[command(subcommand)]
    Generate(GenerateCommand),
    /// Masyu: replay a solve trace, TootSweet databases.
    #[command(subcommand)]
    Masyu(MasyuCommand),
    /// Crosswords: lock and unlock Across Lite solutions.
    #[command(subcommand)]
    Crossword(CrosswordCommand),
    /// Classic Mac files: resources, Rez and DeRez.
    #[command(subcommand)]
    Mac(MacCommand),
    /// Polyominoes: MacPoly's ftor.
    #[command(subcommand)]
    Poly(PolyCommand),
    /// A-Puzzle-A-Day: solve a date, generate every solution, encode and decode APAD files.
    #[command(subcommand)]
    Apad(ApadCommand),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print pzl's manual page (roff) on standard output.
    Man,
    /// Same as `pzl masyu replay`.
    #[command(hide = true)]
    Replay(ReplayArgs),
    /// Same as `pzl masyu db`.
    #[command(subcommand, hide = true)]
    Tootsweet(DbCommand),
    /// Same as `pzl crossword lock`.
    #[command(hide = true)]
    Lock(LockArgs),
    /// Same as `pzl crossword unlock`.
    #[command(hide = true)]
    Unlock(UnlockArgs),
    /// Same as `pzl mac rsrc`.
    #[command(subcommand, hide = true)]
    Rsrc(RsrcCommand),
    /// Same as `pzl mac derez`.
    #[command(hide = true)]
    Derez(DerezArgs),
    /// Same as `pzl mac rez`.
    #[command(hide = true)]
    Rez(RezArgs),
    /// Same as `pzl poly ftor`.
    #[command(hide = true)]
    Ftor(FtorArgs),
}

#[derive(Debug, Args)]
pub struct FormatsArgs {
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// How the inputs are read: every verb that reads files has these.
#[derive(Debug, Args, Default)]
pub struct ReadArgs {
    /// Read the input as this format, with its parameters after a colon (`apad:weekday`).
    #[arg(long, value_name = "FORMAT")]
    pub from: Option<String>,
    /// A-Puzzle-A-Day: the edition (`classic`, `weekday` or a description file); same as the
    /// parameter of `--from apad:EDITION`.
    #[arg(long, value_name = "NAME|FILE")]
    pub puzzle: Option<PathBuf>,
    /// Mac resource files: the puzzle resource's type, e.g. `SBP1`.
    #[arg(long = "type", value_name = "TYPE")]
    pub resource_type: Option<String>,
    /// Mac resource files: the puzzle resource's ID (with --type).
    #[arg(long, value_name = "ID", allow_hyphen_values = true)]
    pub id: Option<i16>,
    /// Mac resource files: the puzzle resource's name, e.g. "6 x 6 Square".
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
}

#[derive(Debug, Args)]
pub struct InfoArgs {
    /// Files or folders to describe (`-` for standard input).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub read: ReadArgs,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
    /// Long listings too: every clue (crosswords), every resource (Mac files), every date (APAD).
    #[arg(long, alias = "clues")]
    pub details: bool,
    /// Several files at once on N threads (0 = one per core); reports stay in input order.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<String>,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files or folders to verify (`-` for standard input).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub read: ReadArgs,
    /// Check this file together with the input: a Masyu board's lines over the puzzle, a
    /// polyomino solution against the puzzle.
    #[arg(long = "with", visible_aliases = ["board", "solution"], value_name = "FILE")]
    pub with: Option<PathBuf>,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
    /// Several files at once on N threads (0 = one per core); reports stay in input order.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<String>,
    #[command(flatten)]
    pub settings: Settings<CHECK>,
}

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The file to convert (`-` for standard input); or several files and folders, converted
    /// into the folder `-o OUTDIR` with `--to` (folders are mirrored: relative paths kept,
    /// extensions changed to the target's).
    #[arg(value_name = "FILE", required = true)]
    pub inputs: Vec<PathBuf>,
    /// Where to write (`-` for standard output); the output folder for several inputs or a folder.
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: PathBuf,
    /// Whole collections: replace outputs that already exist (else each is skipped and reported).
    #[arg(long)]
    pub force: bool,
    /// Whole collections: convert N files at once (0 = one per core); output in input order.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<String>,
    /// Whole collections: machine-readable output (one report per file, then a summary).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub read: ReadArgs,
    /// Write this format (default: from the output's name).
    #[arg(long, value_name = "FORMAT")]
    pub to: Option<String>,
    /// Masyu: a board (lines) to lay over the puzzle before writing.
    #[arg(long = "with", visible_alias = "board", value_name = "FILE")]
    pub with: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The file to draw (`-` for standard input); not needed with --trace.
    #[arg(value_name = "FILE", required_unless_present = "trace")]
    pub input: Option<PathBuf>,
    /// Where to write; the extension picks the picture (`.svg`, `.pdf`, `.html`), `-` prints text.
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: PathBuf,
    #[command(flatten)]
    pub read: ReadArgs,
    /// Masyu: draw the lines of this board FILE over the puzzle. A-Puzzle-A-Day: the number of
    /// the board to draw (from 1).
    #[arg(long, visible_alias = "with", value_name = "FILE|N")]
    pub board: Option<PathBuf>,
    /// Picture kind when the output's extension does not say: `text`, `svg`, `pdf`, `html`.
    #[arg(long = "as", value_name = "KIND")]
    pub kind: Option<String>,
    /// Masyu: animate this solve trace (from `pzl solve --trace`) as `.svg` or `.html`.
    #[arg(long, value_name = "TRACE")]
    pub trace: Option<PathBuf>,
    #[command(flatten)]
    pub settings: Settings<RENDER>,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The puzzles to solve: files, folders (every puzzle file inside), `-` for standard input.
    #[arg(required = true, value_name = "FILE")]
    pub inputs: Vec<PathBuf>,
    /// Where to write the solution (`-` for standard output); one input only.
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: PathBuf,
    #[command(flatten)]
    pub read: ReadArgs,
    /// Write the solution in this format (default: the output's extension, else the input's).
    #[arg(long, value_name = "FORMAT")]
    pub to: Option<String>,
    /// Count solutions instead of printing one (`N+` when a limit or the timeout stopped it).
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
    pub timeout: Option<String>,
    /// Threads: several files at once, or one polyomino count split over N threads (0 = one per
    /// core; at most 256).
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<String>,
    #[command(flatten)]
    pub settings: Settings<SOLVE>,
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shard results (JSON files written by `pzl solve --count --shard K/N -o FILE`).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Machine-readable output: totals, missing, duplicated, unfinished and foreign shards.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Subcommand)]
pub enum GenerateCommand {
    /// Masyu puzzles of a chosen size and grade, each proven unique and graded by the solver.
    Masyu(GenerateMasyuArgs),
}

#[derive(Debug, Args)]
pub struct GenerateMasyuArgs {
    /// The grid, WxH (width first; 5 to 100 each side), or N for NxN.
    #[arg(long, default_value = "10x10", value_name = "WxH")]
    pub size: String,
    /// The grade every puzzle must have: easy, medium, hard or expert.
    #[arg(long, default_value = "medium", value_name = "GRADE")]
    pub difficulty: String,
    /// How many puzzles.
    #[arg(long, short = 'n', default_value_t = 1, value_name = "N")]
    pub count: u64,
    /// The seed: the same seed and options give the same puzzles on every machine.
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// The pearls' symmetry: none, rotational (half turn) or mirror (left-right).
    #[arg(long, default_value = "none", value_name = "SYMMETRY")]
    pub symmetry: String,
    /// No pearl can be removed without losing uniqueness.
    #[arg(long)]
    pub minimal: bool,
    /// Threads (the output is the same for any number).
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<String>,
    /// Stop after this many seconds; the puzzles made so far are written (exit 1).
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<String>,
    /// The format of each puzzle (default: a puzz.link URL per line; `tootsweet-db` for a
    /// TootSweet `Puzzles.data`).
    #[arg(long, value_name = "FORMAT")]
    pub to: Option<String>,
    /// Where to write: a folder (one file per puzzle), a TootSweet `.data` database, or one
    /// file (with --count 1); standard output when absent.
    #[arg(long, short = 'o', value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Replace files that exist already in the output folder.
    #[arg(long)]
    pub force: bool,
    /// One JSON object per puzzle (grade, pearls, seed, solver statistics), then a summary.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The trace written by `pzl solve --trace`.
    #[arg(value_name = "TRACE")]
    pub trace: PathBuf,
    /// Milliseconds between steps.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    pub delay: u64,
    /// Start paused: Enter resumes, `s` + Enter steps, `q` + Enter quits.
    #[arg(long)]
    pub step: bool,
}

#[derive(Debug, Subcommand)]
pub enum MasyuCommand {
    /// Replay a solve trace (`pzl solve --trace`) as a terminal animation.
    Replay(ReplayArgs),
    /// The next deduction from a player's position, or the first line that is wrong.
    Hint(HintArgs),
    /// Work with TootSweet Masyu's `Puzzles.data` database.
    #[command(subcommand)]
    Db(DbCommand),
}

#[derive(Debug, Args)]
pub struct HintArgs {
    /// The puzzle (any Masyu format; it may hold the player's lines and crosses too).
    pub puzzle: PathBuf,
    /// The player's lines and crosses in a file of their own (any Masyu format).
    #[arg(long = "with", visible_alias = "board", value_name = "FILE")]
    pub with: Option<PathBuf>,
    /// Give up after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<String>,
    /// Write the board with the hint applied (to -o OUT, else standard output), in the
    /// board's format.
    #[arg(long)]
    pub apply: bool,
    /// Where --apply writes (it may be the board file itself).
    #[arg(long, short = 'o', value_name = "OUT", requires = "apply")]
    pub output: Option<PathBuf>,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Subcommand)]
pub enum DbCommand {
    /// List the puzzles: id, name, size, status, solved date.
    List {
        /// The `Puzzles.data` file.
        db: PathBuf,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Write each puzzle, with its board, to DIR as `<id>-<name>.tootsweet`.
    Export {
        /// The `Puzzles.data` file.
        db: PathBuf,
        /// Folder to write into (created when missing).
        dir: PathBuf,
        /// Replace files that are already there.
        #[arg(long)]
        force: bool,
    },
    /// Add puzzles (any Masyu format) as new rows, all or none; the database is created when missing.
    Import {
        /// The `Puzzles.data` file.
        db: PathBuf,
        /// Puzzle files; the name is the file name without extension (and without the `<id>-`
        /// prefix `export` adds).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Store the lines of FILE as the board of puzzle ID, with status 2 when they solve it.
    SetBoard {
        /// The `Puzzles.data` file.
        db: PathBuf,
        /// The puzzle's id.
        id: i64,
        /// A board in any Masyu format (e.g. a two-line .tootsweet file or a .sol).
        file: PathBuf,
    },
    /// Solve every puzzle that is not solved yet and store its solution.
    Solve {
        /// The `Puzzles.data` file.
        db: PathBuf,
        /// Give up on a puzzle after this many seconds and go on with the next.
        #[arg(long, value_name = "SECONDS")]
        timeout: Option<String>,
    },
}

#[derive(Debug, Subcommand)]
pub enum CrosswordCommand {
    /// Lock (scramble) the solution of an Across Lite .puz crossword with a four-digit key.
    Lock(LockArgs),
    /// Unlock a locked .puz crossword, with its key or by trying all 10,000 keys.
    Unlock(UnlockArgs),
}

#[derive(Debug, Args)]
pub struct LockArgs {
    /// The `.puz` file to lock (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub input: PathBuf,
    /// The four-digit key (0000-9999; Across Lite itself never uses the digit 0).
    #[arg(long, value_name = "NNNN")]
    pub key: String,
    /// Where to write the locked file (`-` for standard output, not a terminal).
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: PathBuf,
}

#[derive(Debug, Args)]
pub struct UnlockArgs {
    /// The locked `.puz` file (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub input: PathBuf,
    /// The four-digit key; without it every key is tried and the most plausible one taken.
    #[arg(long, value_name = "NNNN")]
    pub key: Option<String>,
    /// Where to write the unlocked file (`-` for standard output, not a terminal).
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: PathBuf,
}

#[derive(Debug, Subcommand)]
pub enum MacCommand {
    /// List, extract, add or remove resources of a Mac file.
    #[command(subcommand)]
    Rsrc(RsrcCommand),
    /// Print a Mac file's resource fork as Rez source (DeRez style).
    Derez(DerezArgs),
    /// Compile Rez source (`data` statements) into a resource file.
    Rez(RezArgs),
    /// Unpack a StuffIt archive or an HFS/HFS+/MFS disk image (DiskCopy 4.2, `.img.gz` too)
    /// into a folder, every file with both forks and its Finder info.
    Extract(ExtractArgs),
    /// Put files (Mac files in any container, or plain files) into a new classic StuffIt
    /// archive that every StuffIt Expander opens: `.sit`, `.sit.hqx` (BinHex) or `.sit.bin`.
    Stuff(StuffArgs),
}

#[derive(Debug, Args)]
pub struct StuffArgs {
    /// The files to put in.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The archive to write; `.hqx` wraps it in BinHex, `.bin` in MacBinary.
    #[arg(short, long)]
    pub output: PathBuf,
}

#[derive(Debug, Args)]
pub struct ExtractArgs {
    /// The archive or disk image (`.sit`, `.sit.hqx`, `.sea.bin`, `.img`, `.dsk`, `.image`, `.img.gz`).
    pub file: PathBuf,
    /// The folder to unpack into (created; it must not exist yet).
    #[arg(short, long)]
    pub output: PathBuf,
    /// How each file keeps its resource fork and Finder info.
    #[arg(long, value_enum, default_value = "appledouble")]
    pub fork_format: ForkFormat,
}

/// How `pzl mac extract` writes a file's two forks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ForkFormat {
    /// The data fork as the file, `._NAME` beside it (what macOS writes on foreign disks).
    Appledouble,
    /// One `NAME.bin` per file.
    Macbinary,
    /// One `NAME.as` per file.
    Applesingle,
}

#[derive(Debug, Subcommand)]
pub enum RsrcCommand {
    /// List the resources of a Mac file (any container): type, ID, size, attributes, name.
    List {
        /// A Mac file in any container.
        file: PathBuf,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Write one resource's data (raw bytes) to OUTPUT.
    Extract {
        /// A Mac file in any container.
        file: PathBuf,
        #[command(flatten)]
        which: Which,
        /// Where to write (`-` for standard output, not a terminal).
        #[arg(short, long, default_value = "-")]
        output: PathBuf,
    },
    /// Add (or replace) a resource whose data is read from DATA (`-` for standard input).
    Add {
        /// The Mac file to change (created when missing; the container follows the name).
        file: PathBuf,
        /// The resource's data.
        data: PathBuf,
        /// The resource type (four characters, e.g. `SBP1`).
        #[arg(short = 't', long = "type", value_name = "TYPE")]
        code: String,
        /// The ID (default: the lowest free one from 128).
        #[arg(short, long, allow_hyphen_values = true)]
        id: Option<i16>,
        /// The resource name.
        #[arg(short, long)]
        name: Option<String>,
        /// The attribute byte, e.g. `0x20` (purgeable).
        #[arg(long)]
        attributes: Option<String>,
        /// Write the result here instead of changing FILE.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Remove a resource.
    Remove {
        /// The Mac file to change.
        file: PathBuf,
        #[command(flatten)]
        which: Which,
        /// Write the result here instead of changing FILE.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
}

/// Which resource: by type and ID, or by name (optionally of one type).
#[derive(Debug, Args)]
pub struct Which {
    /// The resource type (four characters).
    #[arg(short = 't', long = "type", value_name = "TYPE")]
    pub code: Option<String>,
    /// The resource ID.
    #[arg(short, long, allow_hyphen_values = true)]
    pub id: Option<i16>,
    /// The resource name.
    #[arg(short, long)]
    pub name: Option<String>,
}

#[derive(Debug, Args)]
pub struct DerezArgs {
    /// A Mac file in any container.
    pub file: PathBuf,
    /// Where to write (`-` for standard output).
    #[arg(short, long, default_value = "-")]
    pub output: PathBuf,
}

#[derive(Debug, Args)]
pub struct RezArgs {
    /// Rez source (`data` statements).
    pub file: PathBuf,
    /// Where to write; the name picks the container (`.rsrc`, `.bin`, `.as`, `._*`, `.adf`, `.hqx`).
    #[arg(short, long, default_value = "-")]
    pub output: PathBuf,
    /// The container to write, when the name does not say (see `pzl formats`).
    #[arg(long, value_name = "FORMAT")]
    pub to: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum PolyCommand {
    /// MacPoly's ftor: add puzzle/solution source files to a resource file as TYPE resources.
    Ftor(FtorArgs),
}

#[derive(Debug, Args)]
pub struct FtorArgs {
    /// Resource type of the new resources: `SBP1`..`SBP9` puzzles, `SBS1`..`SBS9` solutions.
    #[arg(value_name = "TYPE")]
    pub code: String,
    /// The resource file to add to (created when absent; the container follows the name).
    #[arg(value_name = "OUTFILE")]
    pub output: PathBuf,
    /// Source files: the first line is the name, then the message and grid.
    #[arg(value_name = "INFILE", required = true)]
    pub inputs: Vec<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum ApadCommand {
    /// Solve a date: draw every solution (or count them, or write them as APAD).
    Solve(ApadSolveArgs),
    /// Write every solution of every date, sorted as the reference `solutions.apad`.
    Generate {
        /// Where to write (`-` for standard output, not a terminal).
        #[arg(short, long, value_name = "FILE")]
        output: PathBuf,
        /// The edition: `classic`, `weekday`, or a description file.
        #[arg(long, value_name = "NAME|FILE", default_value = "classic")]
        puzzle: PathBuf,
    },
    /// Turn the text form (a letter per square) into an APAD file (as `convert --to apad`).
    Encode {
        /// The text file (`-` for standard input).
        input: PathBuf,
        /// Where to write (`-` for standard output, not a terminal).
        #[arg(short, long, value_name = "FILE", default_value = "-")]
        output: PathBuf,
        /// The edition: `classic`, `weekday`, or a description file.
        #[arg(long, value_name = "NAME|FILE", default_value = "classic")]
        puzzle: PathBuf,
    },
    /// Write an APAD file as text (as `convert --to apad-text`).
    Decode {
        /// The APAD file (`-` for standard input).
        input: PathBuf,
        /// Where to write (`-` for standard output).
        #[arg(short, long, value_name = "FILE", default_value = "-")]
        output: PathBuf,
        /// The edition: `classic`, `weekday`, or a description file.
        #[arg(long, value_name = "NAME|FILE", default_value = "classic")]
        puzzle: PathBuf,
    },
}

#[derive(Debug, Args)]
pub struct ApadSolveArgs {
    /// The date: `11-22`, `2026-11-22`, `Nov 22` (default: today).
    #[arg(value_name = "DATE", num_args = 0..=3)]
    pub date: Vec<String>,
    /// The edition: `classic`, `weekday`, or a description file.
    #[arg(long, value_name = "NAME|FILE", default_value = "classic")]
    pub puzzle: PathBuf,
    /// Weekday edition: the weekday to leave uncovered (default: the date's weekday).
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
    /// Give up after this many seconds (and say so).
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<String>,
    /// Also write the solutions as an APAD file (sorted as the reference file).
    #[arg(short, long, value_name = "FILE.apad")]
    pub output: Option<PathBuf>,
    /// Also draw each solution as an SVG file in DIR (created when missing).
    #[arg(long, value_name = "DIR")]
    pub svg: Option<PathBuf>,
}

/// The verb a [`Settings`] is for, as a number (a const generic).
pub const CHECK: u8 = 0;
/// See [`CHECK`].
pub const RENDER: u8 = 1;
/// See [`CHECK`].
pub const SOLVE: u8 = 2;

/// The kinds' settings for one verb: flags built from the library's table (`pzl::settings`),
/// each under its kind's heading in `--help`.
#[derive(Debug, Clone, Default)]
pub struct Settings<const VERB: u8>(pub Options);

impl<const VERB: u8> Settings<VERB> {
    fn verb() -> Verb {
        match VERB {
            CHECK => Verb::Check,
            RENDER => Verb::Render,
            _ => Verb::Solve,
        }
    }

    /// Whether the flag `name` is on.
    pub fn flag(&self, name: &str) -> bool {
        self.0.flag(name)
    }

    /// The file the setting `name` names, if given.
    pub fn path(&self, name: &str) -> Option<PathBuf> {
        self.0.text(name).map(PathBuf::from)
    }
}

impl<const VERB: u8> clap::FromArgMatches for Settings<VERB> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let mut settings = Settings::default();
        settings.update_from_arg_matches(matches)?;
        Ok(settings)
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        for setting in pzl::settings::for_verb(Self::verb()) {
            let value = match setting.value {
                SettingType::Flag => matches.get_flag(setting.name).then_some(Value::On),
                _ => matches.get_one::<String>(setting.name).map(|text| Value::Text(text.clone())),
            };
            if let Some(value) = value {
                self.0
                    .set(setting.name, value)
                    .map_err(|e| clap::Error::raw(clap::error::ErrorKind::ValueValidation, e))?;
            }
        }
        Ok(())
    }
}

impl<const VERB: u8> Args for Settings<VERB> {
    fn augment_args(mut command: clap::Command) -> clap::Command {
        for setting in pzl::settings::for_verb(Self::verb()) {
            let mut arg = clap::Arg::new(setting.name)
                .long(setting.name)
                .help(setting.help.trim_end_matches('.'))
                .help_heading(heading(setting.kind));
            arg = match setting.value {
                SettingType::Flag => arg.action(clap::ArgAction::SetTrue),
                _ => arg.value_name(setting.value_name).action(clap::ArgAction::Set),
            };
            if let Some(other) = setting.requires {
                arg = arg.requires(other);
            }
            if let Some(default) = setting.default {
                arg = arg.default_value(default);
            }
            command = command.arg(arg);
        }
        command
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        Self::augment_args(command)
    }
}

/// A kind's heading in `--help` ("Polyomino options"), made once per kind for the life of the
/// process (clap keeps headings as `&'static str`).
fn heading(kind: &str) -> &'static str {
    static HEADINGS: std::sync::OnceLock<Vec<(&'static str, &'static str)>> = std::sync::OnceLock::new();
    let headings = HEADINGS.get_or_init(|| {
        pzl::settings::all()
            .iter()
            .map(|s| s.kind)
            .fold(Vec::new(), |mut kinds, kind| {
                if !kinds.contains(&kind) {
                    kinds.push(kind);
                }
                kinds
            })
            .into_iter()
            .map(|kind| {
                (kind, &*Box::leak(format!("{} options", pzl::settings::title(kind)).into_boxed_str()))
            })
            .collect()
    });
    headings.iter().find(|(k, _)| *k == kind).map_or("Other options", |(_, heading)| heading)
}
