//! The commands a kind offers beyond the shared verbs, as data (ripgrep's flag table, one level
//! up): each row has a name, other names, one line of help, its parameters and what it produces;
//! the facade lists the rows with the operation each runs, and every front end builds its own
//! spelling from them (subcommands and flags on the command line). Values come back as
//! [`Values`], keyed by the parameters' names.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What a parameter's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamType {
    /// On or off (off by default).
    Flag,
    /// A whole number between the two bounds.
    Integer(i64, i64),
    /// Text in the command's own words (a date, a four-letter code).
    Text,
    /// A file or folder (`-`: standard input or output).
    Path,
    /// One of these values, each with one line of help.
    Choice(&'static [(&'static str, &'static str)]),
}

/// One parameter of a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Param {
    /// The name, in lower-case words joined by `-` (`fork-format`).
    pub name: &'static str,
    /// What its value is.
    pub value: ParamType,
    /// Given by place, not by name.
    pub positional: bool,
    /// How many values it takes at least and at most (a flag or an option: 0 or 1).
    pub count: (usize, usize),
    /// A one-letter abbreviation, for front ends that have them.
    pub letter: Option<char>,
    /// What its value looks like in help (`FILE`); empty: the name in capitals.
    pub value_name: &'static str,
    /// The value when not given, if any.
    pub default: Option<&'static str>,
    /// Another parameter it needs.
    pub requires: Option<&'static str>,
    /// Parameters it cannot be given with.
    pub conflicts: &'static [&'static str],
    /// Other names it is known by, listed in help.
    pub aliases: &'static [&'static str],
    /// One sentence of help.
    pub help: &'static str,
}

impl Param {
    const fn new(name: &'static str, value: ParamType, help: &'static str) -> Param {
        Param {
            name,
            value,
            positional: false,
            count: (0, 1),
            letter: None,
            value_name: "",
            default: None,
            requires: None,
            conflicts: &[],
            aliases: &[],
            help,
        }
    }

    /// An input or output file given by place (one, required).
    pub const fn file(name: &'static str, help: &'static str) -> Param {
        Param { positional: true, count: (1, 1), ..Param::new(name, ParamType::Path, help) }
    }

    /// One or more files given by place.
    pub const fn files(name: &'static str, help: &'static str) -> Param {
        Param { positional: true, count: (1, usize::MAX), ..Param::new(name, ParamType::Path, help) }
    }

    /// A flag.
    pub const fn flag(name: &'static str, help: &'static str) -> Param {
        Param::new(name, ParamType::Flag, help)
    }

    /// An optional named value of type `value`, shown as `value_name`.
    pub const fn option(
        name: &'static str,
        value: ParamType,
        value_name: &'static str,
        help: &'static str,
    ) -> Param {
        Param { value_name, ..Param::new(name, value, help) }
    }

    /// The same parameter, its value shown as `value_name` in help.
    pub const fn shown_as(mut self, value_name: &'static str) -> Param {
        self.value_name = value_name;
        self
    }

    /// The same parameter, also called `aliases`.
    pub const fn aliased(mut self, aliases: &'static [&'static str]) -> Param {
        self.aliases = aliases;
        self
    }

    /// The same parameter, given by place.
    pub const fn positional(mut self) -> Param {
        self.positional = true;
        self
    }

    /// The same parameter, taking between `min` and `max` values.
    pub const fn counted(mut self, min: usize, max: usize) -> Param {
        self.count = (min, max);
        self
    }

    /// The same parameter, required.
    pub const fn required(mut self) -> Param {
        if self.count.0 == 0 {
            self.count.0 = 1;
        }
        self
    }

    /// The same parameter, abbreviated to `letter`.
    pub const fn letter(mut self, letter: char) -> Param {
        self.letter = Some(letter);
        self
    }

    /// The same parameter, `default` when not given.
    pub const fn default(mut self, default: &'static str) -> Param {
        self.default = Some(default);
        self
    }

    /// The same parameter, needing `other`.
    pub const fn requiring(mut self, other: &'static str) -> Param {
        self.requires = Some(other);
        self
    }

    /// The same parameter, not allowed with `others`.
    pub const fn conflicting(mut self, others: &'static [&'static str]) -> Param {
        self.conflicts = others;
        self
    }

    /// Whether it must be given.
    pub fn is_required(&self) -> bool {
        self.count.0 > 0 && self.default.is_none()
    }

    /// Whether it takes several values.
    pub fn is_many(&self) -> bool {
        self.count.1 > 1
    }
}

/// What a command produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Produces {
    /// A report (its text form, or JSON when asked).
    Report,
    /// Bytes for a file or standard output.
    Bytes,
    /// Files in a folder.
    Folder,
    /// A file changed in place.
    Edit,
    /// A step-by-step animation where the output is a terminal (a solve trace).
    Animation,
}

/// Another name a command is known by outside its kind (the name the seeds used).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Also {
    /// The name.
    pub name: &'static str,
    /// Listed with this help; hidden when `None`.
    pub help: Option<&'static str>,
}

/// One command, or a group of commands (with `subcommands` and no `run`); `Op` is the operation
/// its rows run (the facade's).
#[derive(Debug)]
pub struct Command<Op: 'static> {
    /// The name, in lower-case words joined by `-`.
    pub name: &'static str,
    /// The name it is also known by outside its group, if any.
    pub also: Option<Also>,
    /// One line of help.
    pub help: &'static str,
    /// Its parameters, in the order help lists them.
    pub params: &'static [Param],
    /// What it produces.
    pub produces: &'static [Produces],
    /// What it runs (`None` for a group).
    pub run: Option<Op>,
    /// The commands of a group.
    pub subcommands: &'static [Command<Op>],
}

impl<Op> Command<Op> {
    /// A command running `run`.
    pub const fn new(
        name: &'static str,
        help: &'static str,
        params: &'static [Param],
        produces: &'static [Produces],
        run: Op,
    ) -> Command<Op> {
        Command { name, also: None, help, params, produces, run: Some(run), subcommands: &[] }
    }

    /// A group of commands.
    pub const fn group(
        name: &'static str,
        help: &'static str,
        subcommands: &'static [Command<Op>],
    ) -> Command<Op> {
        Command { name, also: None, help, params: &[], produces: &[], run: None, subcommands }
    }

    /// The same command, known as `name` outside its group too (listed with `help`, hidden
    /// without).
    pub const fn also(mut self, name: &'static str, help: Option<&'static str>) -> Command<Op> {
        self.also = Some(Also { name, help });
        self
    }

    /// The parameter called `name`.
    pub fn param(&self, name: &str) -> Option<&'static Param> {
        self.params.iter().find(|p| p.name == name)
    }

    /// What is wrong with this row and its subcommands, if anything: a group that runs or a
    /// command that does not, two parameters or commands of one name, a `requires` or
    /// `conflicts` naming no parameter, a default outside the choices.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let me = self.name;
        if self.run.is_some() != self.subcommands.is_empty() {
            problems.push(format!("{me}: a row either runs or groups commands"));
        }
        for (i, p) in self.params.iter().enumerate() {
            if self.params[..i]
                .iter()
                .any(|q| q.name == p.name || (q.letter.is_some() && q.letter == p.letter))
            {
                problems.push(format!("{me}: two parameters called {}", p.name));
            }
            let others = p.requires.iter().chain(p.conflicts);
            if let Some(other) = others.into_iter().find(|o| self.param(o).is_none()) {
                problems.push(format!("{me}: {} names {other}, which is no parameter", p.name));
            }
            if let (ParamType::Choice(choices), Some(d)) = (p.value, p.default)
                && !choices.iter().any(|(c, _)| *c == d)
            {
                problems.push(format!("{me}: {}'s default {d} is not a choice", p.name));
            }
        }
        for (i, c) in self.subcommands.iter().enumerate() {
            if self.subcommands[..i].iter().any(|d| d.name == c.name) {
                problems.push(format!("{me}: two commands called {}", c.name));
            }
            problems.extend(c.problems().into_iter().map(|p| format!("{me} {p}")));
        }
        problems
    }
}

/// A parameter's value as a front end collected it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A flag given.
    On,
    /// Text (a choice too).
    Text(Vec<String>),
    /// A whole number.
    Integer(i64),
    /// Files.
    Paths(Vec<PathBuf>),
}

/// The values given for a command's parameters, by name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Values(BTreeMap<&'static str, Value>);

impl Values {
    /// Set `name` to `value`.
    pub fn set(&mut self, name: &'static str, value: Value) {
        self.0.insert(name, value);
    }

    /// Whether the flag `name` is on.
    pub fn flag(&self, name: &str) -> bool {
        self.0.get(name) == Some(&Value::On)
    }

    /// Whether a value was given for `name`.
    pub fn contains(&self, name: &str) -> bool {
        self.0.contains_key(name)
    }

    /// The text given for `name`, if any (the first of several).
    pub fn text(&self, name: &str) -> Option<&str> {
        self.texts(name).first().map(String::as_str)
    }

    /// Every text given for `name`.
    pub fn texts(&self, name: &str) -> &[String] {
        match self.0.get(name) {
            Some(Value::Text(texts)) => texts,
            _ => &[],
        }
    }

    /// The number given for `name`, if any.
    pub fn integer(&self, name: &str) -> Option<i64> {
        match self.0.get(name) {
            Some(Value::Integer(n)) => Some(*n),
            _ => None,
        }
    }

    /// The file given for `name`, if any (the first of several).
    pub fn path(&self, name: &str) -> Option<&Path> {
        self.paths(name).first().map(PathBuf::as_path)
    }

    /// Every file given for `name`.
    pub fn paths(&self, name: &str) -> &[PathBuf] {
        match self.0.get(name) {
            Some(Value::Paths(paths)) => paths,
            _ => &[],
        }
    }

    /// The file given for `name`, which the front end requires.
    pub fn required_path(&self, name: &str) -> Result<&Path, crate::Error> {
        self.path(name).ok_or_else(|| crate::Error::usage(format!("{name}: a file is needed")))
    }

    /// The text given for `name`, which the front end requires (or defaults).
    pub fn required_text(&self, name: &str) -> Result<&str, crate::Error> {
        self.text(name).ok_or_else(|| crate::Error::usage(format!("{name}: a value is needed")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PARAMS: &[Param] = &[
        Param::file("input", "The file."),
        Param::option("key", ParamType::Text, "NNNN", "The key.").requiring("input"),
        Param::option("to", ParamType::Text, "FORMAT", "A format.").requiring("nothing"),
    ];
    const ROWS: &[Command<()>] = &[Command::new("seal", "Seal.", PARAMS, &[Produces::Bytes], ())];

    #[test]
    fn rows_name_what_is_wrong() {
        let group = Command::group("kind", "A kind.", ROWS);
        assert_eq!(group.problems(), ["kind seal: to names nothing, which is no parameter"]);
        assert!(PARAMS[0].is_required() && !PARAMS[1].is_required() && !PARAMS[0].is_many());
        let mut values = Values::default();
        values.set("input", Value::Paths(vec!["x.in".into()]));
        values.set("key", Value::Text(vec!["1234".into()]));
        assert_eq!(values.path("input"), Some(Path::new("x.in")));
        assert_eq!(values.text("key"), Some("1234"));
        assert!(!values.flag("key") && values.integer("key").is_none());
        assert!(values.required_text("to").is_err());
    }
}
