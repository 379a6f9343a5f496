//! The one registry of formats: names, extensions, content detection, and which area's handler
//! does the work. Every verb finds its format here: the content first, then the extension; an
//! explicit `--from`/`--to` is taken as given (for input that carries no clue, such as stdin).

use crate::cli::{CheckArgs, ConvertArgs, FormatsArgs, InfoArgs, RenderArgs, SolveArgs};
use crate::error::{CliError, Status};
use crate::io::{self, Context, Input};

/// The part of pzl that owns a format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Area {
    Masyu,
    /// TootSweet's `Puzzles.data`: Masyu puzzles in a database, not a file format to convert.
    TootSweetDb,
    /// A-Puzzle-A-Day boards.
    Apad,
    /// Crosswords: Across Lite `.puz`.
    Crossword,
    /// Classic Mac files: resource forks and their containers (MacPoly's puzzles live there).
    MacFile,
    /// Polyomino packing: MacPoly puzzle and solution source files.
    Poly,
}

impl Area {
    pub fn name(self) -> &'static str {
        match self {
            Area::Masyu => "masyu",
            Area::TootSweetDb => "masyu-db",
            Area::Apad => "apad",
            Area::Crossword => "crossword",
            Area::MacFile => "macfile",
            Area::Poly => "poly",
        }
    }
}

/// One file format.
pub struct FormatSpec {
    /// The name used by `--from`/`--to`.
    pub name: &'static str,
    pub area: Area,
    pub description: &'static str,
    /// Extensions (lower case, no dot) that suggest this format, most usual first.
    pub extensions: &'static [&'static str],
    /// Recognises the format from the content; `None` when the content alone cannot tell.
    pub detect: Option<fn(&[u8]) -> bool>,
    pub read: bool,
    pub write: bool,
}

/// Every format, in detection order (the most specific content tests first).
pub fn formats() -> impl Iterator<Item = &'static FormatSpec> {
    crate::masyu::FORMATS
        .iter()
        .chain(crate::tootsweet::FORMATS)
        .chain(crate::apad::FORMATS)
        .chain(crate::crossword::FORMATS)
        .chain(crate::macfile::FORMATS)
        .chain(crate::poly::FORMATS)
}

/// What an area does for each verb. A verb an area does not offer says so (exit 2).
pub trait Handler {
    fn info(
        &self,
        _ctx: &Context,
        _input: &Input,
        format: &FormatSpec,
        _args: &InfoArgs,
    ) -> Result<Status, CliError> {
        Err(unsupported("info", format))
    }
    fn check(
        &self,
        _ctx: &Context,
        _input: &Input,
        format: &FormatSpec,
        _args: &CheckArgs,
    ) -> Result<Status, CliError> {
        Err(unsupported("check", format))
    }
    fn render(
        &self,
        _ctx: &Context,
        _input: &Input,
        format: &FormatSpec,
        _args: &RenderArgs,
    ) -> Result<Status, CliError> {
        Err(unsupported("render", format))
    }
    fn solve(
        &self,
        _ctx: &Context,
        _input: &Input,
        format: &FormatSpec,
        _args: &SolveArgs,
    ) -> Result<Status, CliError> {
        Err(unsupported("solve", format))
    }
    /// Read `input` as `from` and return the bytes of `to` (both of this area).
    fn convert(
        &self,
        _ctx: &Context,
        _input: &Input,
        from: &FormatSpec,
        _to: &FormatSpec,
        _args: &ConvertArgs,
    ) -> Result<Vec<u8>, CliError> {
        Err(unsupported("convert", from))
    }
}

fn unsupported(verb: &str, format: &FormatSpec) -> CliError {
    CliError::usage(format!("`pzl {verb}` does not apply to {} files ({})", format.name, format.description))
}

/// The handler of the area that owns `format`.
pub fn handler(format: &FormatSpec) -> &'static dyn Handler {
    match format.area {
        Area::Masyu => &crate::masyu::MasyuHandler,
        Area::TootSweetDb => &crate::tootsweet::DatabaseHandler,
        Area::Apad => &crate::apad::ApadHandler,
        Area::Crossword => &crate::crossword::CrosswordHandler,
        Area::MacFile => &crate::macfile::MacFileHandler,
        Area::Poly => &crate::poly::PolyHandler,
    }
}

/// The format called `name` (as in `--from`/`--to`).
pub fn by_name(name: &str) -> Result<&'static FormatSpec, CliError> {
    let wanted = name.to_ascii_lowercase();
    formats().find(|f| f.name == wanted).ok_or_else(|| {
        let names: Vec<&str> = formats().map(|f| f.name).collect();
        CliError::usage(format!("unknown format `{name}`; known formats: {}", names.join(", ")))
    })
}

/// The first format (of `area`, if given) that claims the extension `ext`.
pub fn by_extension(ext: &str, area: Option<Area>) -> Option<&'static FormatSpec> {
    formats().find(|f| area.is_none_or(|a| f.area == a) && f.extensions.contains(&ext))
}

/// Find the format of `input`: `--from` when given, else the content, else the extension.
pub fn detect(input: &Input, from: Option<&str>) -> Result<&'static FormatSpec, CliError> {
    if let Some(name) = from {
        return by_name(name);
    }
    if let Some(format) = formats().find(|f| f.detect.is_some_and(|detect| detect(&input.bytes))) {
        return Ok(format);
    }
    if let Some(format) = input.extension().and_then(|ext| by_extension(&ext, None)) {
        return Ok(format);
    }
    Err(CliError::input(
        &input.name,
        "cannot tell the format from the content or the extension; name it with --from (see `pzl formats`)",
    ))
}

/// Run `verb` on each input in turn; the result is the worst status. The first error stops.
pub fn each_input(
    ctx: &Context,
    names: &[String],
    from: Option<&str>,
    mut verb: impl FnMut(&Context, &Input, &'static FormatSpec) -> Result<Status, CliError>,
) -> Result<Status, CliError> {
    let mut status = Status::Ok;
    for name in names {
        let input = ctx.read_input(name)?;
        let format = detect(&input, from)?;
        status = status.and(verb(ctx, &input, format)?);
    }
    Ok(status)
}

/// `pzl convert`: read, pick the target format, write atomically.
pub fn convert(ctx: &Context, args: &ConvertArgs) -> Result<Status, CliError> {
    let input = ctx.read_input(&args.input)?;
    let from = detect(&input, args.from.as_deref())?;
    let to = match &args.to {
        Some(name) => by_name(name)?,
        None => io::extension_of(&args.output)
            .and_then(|ext| by_extension(&ext, Some(from.area)))
            .ok_or_else(|| {
                CliError::usage(format!(
                    "cannot tell which format to write to `{}`; name it with --to (see `pzl formats`)",
                    args.output
                ))
            })?,
    };
    if to.area != from.area {
        return Err(CliError::usage(format!(
            "cannot convert {} ({}) to {} ({}): they hold different kinds of puzzle",
            from.name,
            from.area.name(),
            to.name,
            to.area.name()
        )));
    }
    if !to.write {
        return Err(CliError::usage(format!("pzl can read {} but not write it", to.name)));
    }
    let bytes = handler(from).convert(ctx, &input, from, to, args)?;
    io::write_output(&args.output, &bytes)?;
    Ok(Status::Ok)
}

/// `pzl formats`: the registry as a table or JSON.
pub fn print_formats(args: &FormatsArgs) -> Result<Status, CliError> {
    if args.json {
        let list: Vec<serde_json::Value> = formats()
            .map(|f| {
                serde_json::json!({
                    "name": f.name,
                    "area": f.area,
                    "description": f.description,
                    "extensions": f.extensions,
                    "detect": f.detect.is_some(),
                    "read": f.read,
                    "write": f.write,
                })
            })
            .collect();
        return io::print_json(&serde_json::Value::Array(list)).map(|()| Status::Ok);
    }
    let mut out =
        format!("{:<18} {:<10} {:<7} {:<22} {}\n", "FORMAT", "AREA", "CAN", "EXTENSIONS", "DESCRIPTION");
    for f in formats() {
        let can = format!(
            "{}{}{}",
            if f.detect.is_some() { 'd' } else { '-' },
            if f.read { 'r' } else { '-' },
            if f.write { 'w' } else { '-' }
        );
        let exts: Vec<String> = f.extensions.iter().map(|e| format!(".{e}")).collect();
        out.push_str(&format!(
            "{:<18} {:<10} {:<7} {:<22} {}\n",
            f.name,
            f.area.name(),
            can,
            exts.join(" "),
            f.description
        ));
    }
    out.push_str("\nCAN: d = detected from the content, r = read, w = written.\n");
    io::write_output("-", out.as_bytes()).map(|()| Status::Ok)
}
