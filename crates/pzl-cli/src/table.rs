//! The kinds' own commands (`pzl masyu db list`, `pzl crossword lock`, …), built from the
//! library's table (`pzl::commands`): a clap subcommand per row, its flags from the row's
//! parameters; the values go back to the row's operation, and what it produced is written
//! through the one sink and printed through the one printer.

use std::path::PathBuf;
use std::sync::Mutex;

use clap::{Arg, ArgAction, ArgMatches, value_parser};
use pzl::commands::{Command, Env, Param, ParamType, Produces, Tick, Value, Values};
use pzl::{Error, Status};

use crate::io::{self, Ctx};

/// A row of the table as the command line chose it, with its values. `HIDDEN`: the seeds' names
/// (`pzl lock`), hidden from help; else the kinds' commands at the top level (`pzl merge`), the
/// names listed there (`pzl hint`) and the kinds' groups.
#[derive(Debug)]
pub struct Kinds<const HIDDEN: bool>(pub &'static Command, pub Values);

/// Help without its last full stop, as clap shows it.
fn help(text: &'static str) -> &'static str {
    text.strip_suffix('.').unwrap_or(text)
}

/// A name in capitals, for a value in help (`FORK_FORMAT`), made once per parameter.
fn capitals(name: &str) -> &'static str {
    Box::leak(name.to_uppercase().replace('-', "_").into_boxed_str())
}

/// The flag or argument `p`.
pub fn arg(p: Param) -> Arg {
    let mut arg = Arg::new(p.name).help(help(p.help));
    if !p.positional {
        arg = arg.long(p.name).visible_aliases(p.aliases);
    }
    if let Some(letter) = p.letter {
        arg = arg.short(letter);
    }
    arg = match p.value {
        ParamType::Flag => return arg.action(ArgAction::SetTrue).conflicts_with_all(p.conflicts),
        ParamType::Integer(min, max) => arg
            .value_parser(value_parser!(i64).range(min..=max))
            .allow_hyphen_values(min < 0 && !p.positional),
        ParamType::Text => arg,
        ParamType::Path => arg.value_parser(value_parser!(PathBuf)),
        ParamType::Choice(choices) => arg.value_parser(
            choices
                .iter()
                .map(|(name, text)| clap::builder::PossibleValue::new(name).help(help(text)))
                .collect::<Vec<_>>(),
        ),
    };
    arg = arg.value_name(if p.value_name.is_empty() { capitals(p.name) } else { p.value_name });
    if p.is_many() {
        let (min, max) = p.count;
        arg = arg.action(ArgAction::Append).num_args(min..=max);
    }
    if let Some(default) = p.default {
        arg = arg.default_value(default);
    }
    if let Some(other) = p.requires {
        arg = arg.requires(other);
    }
    arg.required(p.is_required()).conflicts_with_all(p.conflicts)
}

/// Whether the kinds' commands are built whole when the tree is made (for the manual page and
/// the completions, which walk all of it) rather than when the command line names one.
pub static WHOLE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The clap command of `row`, called `name`. Its arguments and subcommands are made only when
/// the command line names it (clap's `defer`): `pzl solve` builds none of the kinds' commands
/// (a tenth of its start-up).
fn command(row: &'static Command, name: &'static str, about: String) -> clap::Command {
    let command = clap::Command::new(name).about(about);
    if WHOLE.load(std::sync::atomic::Ordering::Relaxed) {
        return fill(command, row);
    }
    command.defer(|command| {
        let name = command.get_name();
        match top::<false>(name).or_else(|| top::<true>(name)) {
            Some(row) => fill(command, row),
            None => command,
        }
    })
}

/// `command` with `row`'s arguments and subcommands.
fn fill(mut command: clap::Command, row: &'static Command) -> clap::Command {
    for p in row.params {
        command = command.arg(arg(*p));
    }
    for sub in row.subcommands {
        command = command.subcommand(fill(clap::Command::new(sub.name).about(help(sub.help)), sub));
    }
    if !row.subcommands.is_empty() {
        command = command.subcommand_required(true).arg_required_else_help(true);
    }
    command
}

/// The row called `name` at the top level: a command or group there, or a row known there by
/// another name (`lock`).
fn top<const HIDDEN: bool>(name: &str) -> Option<&'static Command> {
    let mut also = pzl::commands::every().into_iter().map(|(_, row)| row);
    let found = also.find(|row| row.also.is_some_and(|a| a.name == name && a.help.is_none() == HIDDEN));
    found.or_else(|| pzl::commands::all().iter().find(|row| !HIDDEN && row.name == name))
}

impl<const HIDDEN: bool> clap::Subcommand for Kinds<HIDDEN> {
    fn augment_subcommands(mut cli: clap::Command) -> clap::Command {
        let rows = pzl::commands::all().iter().filter(|_| !HIDDEN);
        for row in rows.clone().filter(|row| row.run.is_some()) {
            cli = cli.subcommand(command(row, row.name, help(row.help).to_string()));
        }
        for (path, row) in pzl::commands::every() {
            let Some(also) = row.also.filter(|a| a.help.is_none() == HIDDEN) else { continue };
            let about = match also.help {
                Some(text) => format!("{} (same as `pzl {path}`)", help(text)),
                None => format!("Same as `pzl {path}`"),
            };
            cli = cli.subcommand(command(row, also.name, about).hide(HIDDEN));
        }
        for row in rows.filter(|row| row.run.is_none()) {
            cli = cli.subcommand(command(row, row.name, help(row.help).to_string()));
        }
        cli
    }

    fn augment_subcommands_for_update(cli: clap::Command) -> clap::Command {
        Self::augment_subcommands(cli)
    }

    fn has_subcommand(name: &str) -> bool {
        top::<HIDDEN>(name).is_some()
    }
}

impl<const HIDDEN: bool> clap::FromArgMatches for Kinds<HIDDEN> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let missing = || clap::Error::new(clap::error::ErrorKind::MissingSubcommand);
        let (name, mut matches) = matches.subcommand().ok_or_else(missing)?;
        let mut row = top::<HIDDEN>(name).ok_or_else(missing)?;
        while !row.subcommands.is_empty() {
            let (name, sub) = matches.subcommand().ok_or_else(missing)?;
            row = row.subcommands.iter().find(|r| r.name == name).ok_or_else(missing)?;
            matches = sub;
        }
        Ok(Kinds(row, values(row, matches)))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

/// The values clap collected for `row`'s parameters.
fn values(row: &'static Command, matches: &ArgMatches) -> Values {
    let mut values = Values::default();
    for p in row.params {
        let value = match p.value {
            ParamType::Flag => matches.get_flag(p.name).then_some(Value::On),
            ParamType::Integer(..) => matches.get_one::<i64>(p.name).map(|n| Value::Integer(*n)),
            ParamType::Path => {
                matches.get_many::<PathBuf>(p.name).map(|v| Value::Paths(v.cloned().collect()))
            }
            ParamType::Text | ParamType::Choice(_) => {
                matches.get_many::<String>(p.name).map(|v| Value::Text(v.cloned().collect()))
            }
        };
        if let Some(value) = value {
            values.set(p.name, value);
        }
    }
    values
}

/// Run the row with its values: its operation, then what it wrote, printed and noted.
pub fn run(ctx: &Ctx, row: &'static Command, values: &Values) -> Result<Status, Error> {
    let Some(op) = row.run else { return Err(Error::usage(format!("{}: name a command", row.name))) };
    if row.produces.contains(&Produces::Animation) && crate::replay::on_terminal() {
        return crate::replay::play(ctx, values);
    }
    // In-place edits are the library's: cleaned up on Ctrl-C from the start (other writes
    // install the handler when they write, so a command that prints costs no thread).
    if row.produces.contains(&Produces::Edit) {
        io::protect_writes();
    }
    let bar = Mutex::new(None);
    let progress = |tick: Tick| progress(ctx, &bar, tick);
    let warn = |file: &str, warnings: &[pzl::Warning]| ctx.warnings(file, warnings);
    let done = op(values, &Env { warn: &warn, progress: &progress, colour: ctx.colour() });
    if let Ok(Some(bar)) = bar.into_inner() {
        bar.finish_and_clear();
    }
    let done = done?;
    for output in done.outputs {
        crate::out::write(output)?;
    }
    if let Some(report) = done.report {
        if values.flag("json") {
            io::stdout(report.json()?.as_bytes())?;
        } else {
            let colour = ctx.colour();
            io::stdout_text(report.text(colour).as_bytes(), colour)?;
        }
    }
    for (file, note) in done.notes {
        match file {
            Some(file) => ctx.note(format!("pzl: {}: {note}", pzl::text::printable(&file))),
            None => ctx.note(note),
        }
    }
    Ok(done.status)
}

/// One step of a long command on the progress bar (made at its first step).
fn progress(ctx: &Ctx, bar: &Mutex<Option<indicatif::ProgressBar>>, tick: Tick) {
    let Ok(mut bar) = bar.lock() else { return };
    match tick {
        Tick::Begin(total, what) => {
            bar.get_or_insert_with(|| ctx.progress(total, what));
        }
        Tick::Doing(what) => bar.iter().for_each(|bar| bar.set_message(what.clone())),
        Tick::Done => bar.iter().for_each(|bar| bar.inc(1)),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_table_makes_a_valid_command_line() {
        use clap::CommandFactory;
        crate::args::Cli::command().debug_assert();
    }
}
