//! The command line as clap sees it: raw strings, parsed once into typed values by
//! [`crate::high`]. Verbs that work across kinds share their options; a kind's own commands live
//! under the kind (`pzl masyu replay`, `pzl crossword lock`, …) and the names the seeds used stay
//! as aliases (`pzl tootsweet`, `pzl lock`, `pzl ftor`, …).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use pzl::commands::{Param, ParamType};
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
    /// The kinds' own commands (`pzl masyu db list`), from the library's table.
    #[command(flatten)]
    Kinds(crate::table::Kinds<false>),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print pzl's manual page (roff) on standard output.
    Man,
    /// The names the seeds used (`pzl lock`), hidden.
    #[command(flatten)]
    Seeds(crate::table::Kinds<true>),
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
            // A kind's heading ("Polyomino options"): clap keeps headings as `&'static str`.
            let heading = format!("{} options", pzl::settings::title(setting.kind));
            let value = if setting.value == SettingType::Flag { ParamType::Flag } else { ParamType::Text };
            let mut param = Param::option(setting.name, value, setting.value_name, setting.help);
            (param.default, param.requires) = (setting.default, setting.requires);
            command =
                command.arg(crate::table::arg(param).help_heading(&*Box::leak(heading.into_boxed_str())));
        }
        command
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        Self::augment_args(command)
    }
}
