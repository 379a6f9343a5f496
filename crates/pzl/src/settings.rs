//! Every kind's settings, gathered (the facade's half of ripgrep's flag table), and the values a
//! front end collected for them. A front end builds its flags or keywords from [`all`], groups
//! them by kind, and hands the values back as [`Options`]; the facade turns them into a request.

pub use pzl_core::settings::{Setting, SettingType, Value, Values, Verb, mention, spell};
use pzl_core::{Error, Kind, RenderRequest, SolveRequest};

/// Each kind's name, title and settings, in the order of `pzl formats`.
fn kinds() -> [(&'static str, &'static str, &'static [Setting]); 5] {
    fn of<K: Kind>() -> (&'static str, &'static str, &'static [Setting]) {
        (K::NAME, K::TITLE, K::settings())
    }
    [
        of::<pzl_masyu::MasyuKind>(),
        of::<pzl_crossword::CrosswordKind>(),
        of::<pzl_poly::PolyKind>(),
        of::<pzl_apad::ApadKind>(),
        of::<pzl_macfile::MacKind>(),
    ]
}

/// Every kind's settings, kind by kind.
pub fn all() -> Vec<&'static Setting> {
    kinds().into_iter().flat_map(|(_, _, settings)| settings).collect()
}

/// The kind `kind`'s name in a heading (`Polyomino` for `poly`).
pub fn title(kind: &str) -> &'static str {
    kinds().into_iter().find(|(name, _, _)| *name == kind).map_or("Other", |(_, title, _)| title)
}

/// The settings that apply to `verb`, kind by kind.
pub fn for_verb(verb: Verb) -> Vec<&'static Setting> {
    all().into_iter().filter(|s| s.applies_to(verb)).collect()
}

/// The setting called `name`.
pub fn find(name: &str) -> Option<&'static Setting> {
    all().into_iter().find(|s| s.name == name)
}

/// The values given for settings, by name, each checked against the kinds' table: what a
/// request then carries ([`Values`]) to the kind that owns each.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    values: Values,
}

impl Options {
    /// Set `name` to `value`: refused when no kind has such a setting, or when a flag is given a
    /// value or a valued setting none.
    pub fn set(&mut self, name: &str, value: Value) -> Result<(), Error> {
        let setting = find(name).ok_or_else(|| Error::usage(format!("no kind has a {}", mention(name))))?;
        match (setting.value, &value) {
            (SettingType::Flag, Value::On) => {}
            (SettingType::Flag, Value::Text(_)) => {
                return Err(Error::usage(format!("{} is on or off: it takes no value", mention(name))));
            }
            (_, Value::On) => return Err(Error::usage(format!("{} needs a value", mention(name)))),
            (_, Value::Text(_)) => {}
        }
        self.values.insert(setting.name, value);
        Ok(())
    }

    /// Whether the flag `name` is on.
    pub fn flag(&self, name: &str) -> bool {
        self.values.flag(name)
    }

    /// The values, as a request carries them.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// The values of a JSON object keyed by the settings' names (`{"no-flip": true, "shard":
    /// "3/16"}`; `no_flip` spells `no-flip` too), as the bindings take them: a flag is `true`
    /// (`false` and `null` leave a setting out); a valued setting is a string or a number, or
    /// `true` for a file the front end gives back instead of writing (`trace`).
    ///
    /// ```
    /// let options = pzl::settings::Options::from_json(r#"{"no_flip": true, "shard": "0/2"}"#).unwrap();
    /// assert!(options.flag("no-flip") && options.text("shard") == Some("0/2"));
    /// assert!(pzl::settings::Options::from_json(r#"{"flip": true}"#).is_err());
    /// ```
    pub fn from_json(json: &str) -> Result<Options, Error> {
        let given: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(if json.trim().is_empty() { "{}" } else { json })
                .map_err(|e| Error::usage(format!("settings: {e}")))?;
        let mut options = Options::default();
        for (key, value) in given {
            let name = key.replace('_', "-");
            let value = match value {
                serde_json::Value::Bool(false) | serde_json::Value::Null => continue,
                serde_json::Value::Bool(true) => match find(&name).map(|s| s.value) {
                    Some(SettingType::Flag) | None => Value::On,
                    Some(_) => Value::Text(String::new()),
                },
                serde_json::Value::String(text) => Value::Text(text),
                other => Value::Text(other.to_string()),
            };
            options.set(&name, value)?;
        }
        Ok(options)
    }

    /// `request` carrying the settings that apply to drawing (`with-clues`, `paper`, `date`, …),
    /// for the kind that owns each to read.
    pub fn render_request(&self, mut request: RenderRequest) -> Result<RenderRequest, Error> {
        for (name, value) in self.for_verb(Verb::Render) {
            request.settings.insert(name, value.clone());
        }
        Ok(request)
    }

    /// The values given for settings that apply to `verb`.
    fn for_verb(&self, verb: Verb) -> impl Iterator<Item = (&str, &Value)> {
        self.values.iter().filter(move |(name, _)| find(name).is_some_and(|s| s.applies_to(verb)))
    }

    /// The flags on that apply to `verb`, by name.
    pub fn flags_for(&self, verb: Verb) -> Vec<&str> {
        self.for_verb(verb).filter(|(_, value)| **value == Value::On).map(|(name, _)| name).collect()
    }

    /// The value given for `name`, if any.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.values.text(name)
    }

    /// `request` carrying the settings that apply to solving (`no-flip`, `human`, `trace` —
    /// asked for when given at all —, …) for the kind that owns each to read, with the ones every
    /// kind's request has as fields set from theirs: `all`, `distinct` and `shard` (`K/N`). The
    /// front end reads and writes the files (`trace`, `resume`) and saves (`save`).
    pub fn solve_request(&self, mut request: SolveRequest) -> Result<SolveRequest, Error> {
        request.all = self.flag("all");
        request.distinct = self.flag("distinct");
        request.shard = self.text("shard").map(parse_shard).transpose()?;
        for (name, value) in self.for_verb(Verb::Solve) {
            if !FIELDS.contains(&name) {
                request.settings.insert(name, value.clone());
            }
        }
        Ok(request)
    }
}

/// The settings a [`SolveRequest`] has fields for (they steer any search that lists or counts).
const FIELDS: [&str; 3] = ["all", "distinct", "shard"];

/// `K/N`: shard `K` (from 0) of `N`.
pub fn parse_shard(text: &str) -> Result<(u64, u64), Error> {
    let bad = || {
        Error::usage(format!("{} {text}: expected K/N, shard K (from 0) of N, e.g. 3/16", mention("shard")))
    };
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let k: u64 = k.trim().parse().map_err(|_| bad())?;
    let n: u64 = n.trim().parse().map_err(|_| bad())?;
    if n == 0 || k >= n {
        return Err(Error::usage(format!(
            "{} {text}: K must be between 0 and N-1 (N at least 1)",
            mention("shard")
        )));
    }
    Ok((k, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_one_setting_and_every_kind_is_a_kind() {
        let all = all();
        let mut names: Vec<&str> = all.iter().map(|s| s.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all.len(), "two kinds share a setting name");
        let kinds: Vec<&str> = crate::Format::all().map(|f| f.kind()).collect();
        assert!(all.iter().all(|s| kinds.contains(&s.kind)), "{all:?}");
        assert!(for_verb(Verb::Solve).iter().any(|s| s.name == "no-flip"));
        assert!(for_verb(Verb::Render).iter().all(|s| s.name != "no-flip"));
        assert_eq!(title("poly"), "Polyomino");
    }

    #[test]
    fn options_become_a_solve_request() {
        let mut options = Options::default();
        options.set("no-flip", Value::On).unwrap();
        options.set("shard", Value::Text("3/16".into())).unwrap();
        let request = options.solve_request(SolveRequest::default()).unwrap();
        assert!(request.settings.flag("no-flip") && !request.all && !request.settings.given("trace"));
        assert!(!request.settings.given("shard"), "a field of the request");
        assert_eq!(request.shard, Some((3, 16)));
        let e = options.set("flip", Value::On).unwrap_err();
        assert_eq!(e.message, "no kind has a setting `flip`");
        assert!(options.set("no-flip", Value::Text("x".into())).is_err());
        assert!(options.set("shard", Value::On).is_err());
    }

    #[test]
    fn a_json_object_of_settings_is_the_bindings_options() {
        let options =
            Options::from_json(r#"{"no_flip": true, "all": false, "trace": true, "shard": "1/4"}"#).unwrap();
        let request = options.solve_request(SolveRequest::default()).unwrap();
        assert!(request.settings.flag("no-flip") && request.settings.given("trace") && !request.all);
        assert_eq!(request.shard, Some((1, 4)));
        assert_eq!(Options::from_json("").unwrap(), Options::default());
        assert!(Options::from_json("[1]").unwrap_err().message.starts_with("settings: "));
        assert_eq!(
            Options::from_json(r#"{"flip": true}"#).unwrap_err().message,
            "no kind has a setting `flip`"
        );
        assert!(Options::from_json(r#"{"shard": true, "no-flip": "x"}"#).is_err());
    }

    #[test]
    fn render_settings_fill_the_render_request() {
        let options =
            Options::from_json(r#"{"with-clues": true, "date": "Nov 22", "no-flip": true}"#).unwrap();
        let request = options.render_request(RenderRequest::new(pzl_core::Picture::Svg)).unwrap();
        assert!(request.settings.flag("with-clues"));
        assert_eq!(request.settings.text("date"), Some("Nov 22"));
        assert!(!request.settings.given("no-flip"), "a setting of solving only");
        assert_eq!(request.select, None);
    }

    #[test]
    fn shards_are_k_of_n() {
        assert_eq!(parse_shard("0/1").unwrap(), (0, 1));
        for bad in ["3", "3/3", "x/4", "1/0", ""] {
            let e = parse_shard(bad).unwrap_err();
            assert!(e.message.starts_with("setting `shard`"), "{e}");
        }
    }
}
