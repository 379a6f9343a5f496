//! The settings a kind takes (ripgrep's flag table): each kind lists its rows, the facade
//! gathers them, and every front end builds its own spelling from the table (`--no-flip` on the
//! command line, `no_flip=` in Python). The library names a setting in messages with
//! [`mention`]; a front end rewrites those mentions with [`spell`].

use std::collections::BTreeMap;

use serde::Serialize;

/// What a setting's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SettingType {
    /// On or off (off by default).
    Flag,
    /// A number.
    Number,
    /// Text in the kind's own words (`3/16`, `Nov 22`).
    Text,
    /// A file (read or written by the front end).
    Path,
}

/// A verb a setting applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verb {
    /// Verify a file.
    Check,
    /// Draw a file.
    Render,
    /// Solve a puzzle.
    Solve,
}

/// One setting of one kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Setting {
    /// The name, in lower-case words joined by `-` (`no-flip`).
    pub name: &'static str,
    /// The kind that owns it (`poly`).
    pub kind: &'static str,
    /// What its value is.
    #[serde(rename = "type")]
    pub value: SettingType,
    /// One sentence of help.
    pub help: &'static str,
    /// What its value looks like in help (`K/N`); empty for a flag.
    pub value_name: &'static str,
    /// The value when not given, if any.
    pub default: Option<&'static str>,
    /// Another setting it needs.
    pub requires: Option<&'static str>,
    /// The verbs it applies to.
    pub verbs: &'static [Verb],
}

impl Setting {
    /// A flag of `kind` for `verbs`.
    pub const fn flag(
        kind: &'static str,
        name: &'static str,
        verbs: &'static [Verb],
        help: &'static str,
    ) -> Setting {
        Setting {
            name,
            kind,
            value: SettingType::Flag,
            help,
            value_name: "",
            default: None,
            requires: None,
            verbs,
        }
    }

    /// A setting of `kind` with a value of type `value`, shown as `value_name`.
    pub const fn valued(
        kind: &'static str,
        name: &'static str,
        value: SettingType,
        value_name: &'static str,
        verbs: &'static [Verb],
        help: &'static str,
    ) -> Setting {
        Setting { name, kind, value, help, value_name, default: None, requires: None, verbs }
    }

    /// The same setting, needing `other`.
    pub const fn requiring(mut self, other: &'static str) -> Setting {
        self.requires = Some(other);
        self
    }

    /// Whether it applies to `verb`.
    pub fn applies_to(&self, verb: Verb) -> bool {
        self.verbs.contains(&verb)
    }
}

/// A setting's value as a front end gave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A flag given.
    On,
    /// A value in the setting's own words (a number, text or a file name; empty for a file the
    /// front end gives back instead of writing).
    Text(String),
}

/// The values given for settings, by name: what a [`SolveRequest`](crate::SolveRequest) or a
/// [`RenderRequest`](crate::RenderRequest) carries to the kind that owns them. The kind reads
/// its own by name; the facade has checked every name against the kinds' tables and every value
/// against its setting's type before a request is made.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Values {
    values: BTreeMap<String, Value>,
}

impl Values {
    /// `self` with `name` set to `value`.
    ///
    /// ```
    /// use pzl_core::settings::{Value, Values};
    ///
    /// let values = Values::default().with("no-flip", Value::On).with("paper", Value::Text("a4".into()));
    /// assert!(values.flag("no-flip") && !values.flag("paper") && values.given("paper"));
    /// assert_eq!(values.text("paper"), Some("a4"));
    /// ```
    #[must_use]
    pub fn with(mut self, name: &str, value: Value) -> Values {
        self.insert(name, value);
        self
    }

    /// Set `name` to `value`.
    pub fn insert(&mut self, name: &str, value: Value) {
        self.values.insert(name.to_string(), value);
    }

    /// Whether the flag `name` is on.
    pub fn flag(&self, name: &str) -> bool {
        self.values.get(name) == Some(&Value::On)
    }

    /// The value given for `name`, if any (`None` for a flag).
    pub fn text(&self, name: &str) -> Option<&str> {
        match self.values.get(name) {
            Some(Value::Text(text)) => Some(text),
            _ => None,
        }
    }

    /// Whether `name` was given at all (a flag on, or any value).
    pub fn given(&self, name: &str) -> bool {
        self.values.contains_key(name)
    }

    /// Every name given, with its value, in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.values.iter().map(|(name, value)| (name.as_str(), value))
    }

    /// Whether nothing was given.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// How the library names the setting `name` in a message, for a front end to [`spell`].
pub fn mention(name: &str) -> String {
    format!("setting `{name}`")
}

/// `text` with every [`mention`] of a setting spelled as the front end spells it.
///
/// ```
/// use pzl_core::settings::{mention, spell};
///
/// let message = format!("{} applies to polyomino puzzles", mention("no-flip"));
/// assert_eq!(spell(&message, |name| format!("--{name}")), "--no-flip applies to polyomino puzzles");
/// assert_eq!(spell(&message, |name| format!("{}=", name.replace('-', "_"))), "no_flip= applies to polyomino puzzles");
/// ```
pub fn spell(text: &str, spelling: impl Fn(&str) -> String) -> String {
    const OPEN: &str = "setting `";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(OPEN) {
        let after = &rest[start + OPEN.len()..];
        let Some(end) = after.find('`') else { break };
        let name = &after[..end];
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-') {
            out.push_str(&rest[..start + OPEN.len()]);
            rest = after;
            continue;
        }
        out.push_str(&rest[..start]);
        out.push_str(&spelling(name));
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentions_are_spelled_and_other_text_is_kept() {
        let text = format!("{} and {} clash; `pzl formats` lists them", mention("count"), mention("all"));
        assert_eq!(spell(&text, |n| format!("--{n}")), "--count and --all clash; `pzl formats` lists them");
        assert_eq!(spell("setting `Not A Name`", |n| n.to_string()), "setting `Not A Name`");
        assert_eq!(spell("setting `open", |n| n.to_string()), "setting `open");
    }

    #[test]
    fn a_setting_says_what_it_applies_to() {
        const S: Setting =
            Setting::flag("poly", "no-flip", &[Verb::Check, Verb::Solve], "no flips").requiring("x");
        assert!(S.applies_to(Verb::Solve) && !S.applies_to(Verb::Render));
        assert_eq!(S.requires, Some("x"));
        assert_eq!(serde_json::to_value(S).unwrap()["type"], "flag");
    }
}
