//! Classic Mac files on the command line: the container formats (`rsrc`, `macbinary`,
//! `applesingle`, `appledouble`, `binhex`, `rez`) for `pzl info/check/convert`, and the area's own
//! commands `pzl rsrc list|extract|add|remove`, `pzl derez`, `pzl rez` and `pzl ftor`; `pzl
//! solve/render/info` on a MacPoly puzzle resource (`SBPn`) hand its source to the poly area.

use std::ops::ControlFlow;
use std::path::Path;

use clap::{Args, Subcommand};
use pzl_macfile::container::{self, ContainerKind};
use pzl_macfile::finder::format_date;
use pzl_macfile::ftor::PuzzleResource;
use pzl_macfile::{Container, Forks, Resource, ResourceFork, fourcc, rez};

use crate::cli::{CheckArgs, ConvertArgs, InfoArgs, RenderArgs, ResourceArgs, SolveArgs};
use crate::error::{CliError, Status};
use crate::io::{self, Context, Input};
use crate::registry::{Area, FormatSpec, Handler};

fn is_kind(bytes: &[u8], kind: ContainerKind) -> bool {
    container::detect(bytes) == Some(kind)
}

/// Rez text: a `data 'TYPE'` statement (or pzl's fork comment) before anything else.
fn looks_like_rez(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]);
    let mut rest = text.trim_start();
    while let Some(after) = rest.strip_prefix("/*") {
        if after.starts_with(" pzl-fork ") {
            return true;
        }
        match after.find("*/") {
            Some(end) => rest = after[end + 2..].trim_start(),
            None => return false,
        }
    }
    rest.starts_with("data '")
}

pub static FORMATS: &[FormatSpec] = &[
    FormatSpec {
        name: "applesingle",
        area: Area::MacFile,
        description: "AppleSingle v1/v2 (both forks and Finder info in one file)",
        extensions: &["as"],
        detect: Some(|b| is_kind(b, ContainerKind::AppleSingle)),
        read: true,
        write: true,
    },
    FormatSpec {
        name: "appledouble",
        area: Area::MacFile,
        description: "AppleDouble v1/v2 header file (`._name`, `%name`): resource fork and Finder info",
        extensions: &["adf"],
        detect: Some(|b| is_kind(b, ContainerKind::AppleDouble)),
        read: true,
        write: true,
    },
    FormatSpec {
        name: "binhex",
        area: Area::MacFile,
        description: "BinHex 4.0 text encoding of a Mac file",
        extensions: &["hqx"],
        detect: Some(|b| is_kind(b, ContainerKind::BinHex)),
        read: true,
        write: true,
    },
    FormatSpec {
        name: "macbinary",
        area: Area::MacFile,
        description: "MacBinary I/II/III (written as III)",
        extensions: &["bin", "macbin"],
        detect: Some(|b| is_kind(b, ContainerKind::MacBinary)),
        read: true,
        write: true,
    },
    FormatSpec {
        name: "rsrc",
        area: Area::MacFile,
        description: "Macintosh resource fork, raw (MacPoly keeps puzzles as SBPn/SBSn resources)",
        extensions: &["rsrc"],
        detect: Some(|b| is_kind(b, ContainerKind::Raw)),
        read: true,
        write: true,
    },
    FormatSpec {
        name: "rez",
        area: Area::MacFile,
        description: "Rez source (`data` statements, as DeRez prints them)",
        extensions: &["r"],
        detect: Some(looks_like_rez),
        read: true,
        write: true,
    },
];

fn kind_of(format: &FormatSpec) -> Option<ContainerKind> {
    Some(match format.name {
        "applesingle" => ContainerKind::AppleSingle,
        "appledouble" => ContainerKind::AppleDouble,
        "binhex" => ContainerKind::BinHex,
        "macbinary" => ContainerKind::MacBinary,
        "rsrc" => ContainerKind::Raw,
        _ => return None,
    })
}

fn lib_error(name: &str, e: pzl_macfile::Error) -> CliError {
    CliError::input(name, e)
}

/// The data file an AppleDouble header file stands beside: `._x`, `%x` → `x`; `x.rsrc` → `x`.
fn sibling_data_file(path: &Path) -> Option<std::path::PathBuf> {
    let file = path.file_name()?.to_str()?;
    let base = file
        .strip_prefix("._")
        .or_else(|| file.strip_prefix('%'))
        .or_else(|| file.strip_suffix(".rsrc"))
        .filter(|b| !b.is_empty())?;
    let sibling = path.with_file_name(base);
    sibling.is_file().then_some(sibling)
}

/// Open a Mac file of any container (or Rez text) as its forks.
struct Opened {
    container: Option<Container>,
    forks: Forks,
}

fn open(ctx: &Context, input: &Input, format: &FormatSpec) -> Result<Opened, CliError> {
    if format.name == "rez" {
        let fork = rez::rez(&input.bytes).map_err(|e| lib_error(&input.name, e))?;
        let rsrc = fork.write().map_err(|e| lib_error(&input.name, e))?;
        return Ok(Opened { container: None, forks: Forks { rsrc, ..Forks::default() } });
    }
    let kind =
        kind_of(format).ok_or_else(|| CliError::usage(format!("{} is not a Mac container", format.name)))?;
    let (container, warnings) = Container::read(&input.bytes, kind).map_err(|e| lib_error(&input.name, e))?;
    warnings.iter().for_each(|w| ctx.warn(&input.name, w));
    let mut forks = container.forks();
    if kind == ContainerKind::AppleDouble
        && forks.info.name.is_empty()
        && let Some(file) = input.path.as_deref().and_then(|p| p.file_name()).and_then(|f| f.to_str())
    {
        // macOS `._x` files carry no name entry: the name is the data file's.
        forks.info.name = file.strip_prefix("._").unwrap_or(file).to_string();
    }
    if kind == ContainerKind::AppleDouble
        && let Some(data_file) = input.path.as_deref().and_then(sibling_data_file)
    {
        forks.data =
            std::fs::read(&data_file).map_err(|e| CliError::io(&data_file.display().to_string(), e))?;
    }
    Ok(Opened { container: Some(container), forks })
}

fn read_fork(name: &str, rsrc: &[u8]) -> Result<ResourceFork, CliError> {
    if rsrc.is_empty() {
        return Ok(ResourceFork::new());
    }
    ResourceFork::read(rsrc).map_err(|e| CliError::input(name, format!("resource fork: {e}")))
}

fn flags_text(attributes: u8) -> String {
    const NAMES: [(u8, &str); 6] = [
        (0x40, "sysheap"),
        (0x20, "purgeable"),
        (0x10, "locked"),
        (0x08, "protected"),
        (0x04, "preload"),
        (0x01, "compressed"),
    ];
    let words: Vec<&str> = NAMES.iter().filter(|(b, _)| attributes & b != 0).map(|(_, n)| *n).collect();
    if words.is_empty() { "-".into() } else { words.join(",") }
}

fn resource_json(code: &[u8; 4], r: &Resource) -> serde_json::Value {
    serde_json::json!({
        "type": fourcc(code),
        "id": r.id,
        "name": r.name.as_deref().map(pzl_macfile::macroman::decode),
        "attributes": r.attributes,
        "size": r.data.len(),
        "compressed": r.compression(),
    })
}

/// A MacPoly puzzle resource chosen from a file.
struct PuzzleChoice {
    code: [u8; 4],
    id: i16,
    name: Vec<u8>,
    data: Vec<u8>,
}

impl PuzzleChoice {
    fn label(&self) -> String {
        format!("'{}' {} \"{}\"", fourcc(&self.code), self.id, pzl_macfile::macroman::decode(&self.name))
    }
}

fn is_puzzle_type(code: &[u8; 4]) -> bool {
    code.starts_with(b"SBP") && code[3].is_ascii_digit()
}

fn wants_resource(sel: &ResourceArgs) -> bool {
    sel.resource_type.is_some() || sel.id.is_some() || sel.name.is_some()
}

/// The puzzle resource `sel` names: of its type (`SBP1`..`SBP9` when none is given), its ID and
/// its name; exactly one must match.
fn choose_puzzle(fork: &ResourceFork, sel: &ResourceArgs, file: &str) -> Result<PuzzleChoice, CliError> {
    let code = sel.resource_type.as_deref().map(parse_code).transpose()?;
    let name = sel
        .name
        .as_deref()
        .map(|n| pzl_macfile::macroman::encode(n).unwrap_or_else(|| n.as_bytes().to_vec()));
    let matches: Vec<PuzzleChoice> = fork
        .iter()
        .filter(|(c, r)| {
            code.as_ref().map_or(is_puzzle_type(c), |want| want == *c)
                && sel.id.is_none_or(|id| id == r.id)
                && name.as_ref().is_none_or(|n| r.name.as_deref() == Some(n.as_slice()))
        })
        .map(|(c, r)| PuzzleChoice {
            code: *c,
            id: r.id,
            name: r.name.clone().unwrap_or_default(),
            data: r.data.clone(),
        })
        .collect();
    let all: Vec<String> = fork
        .iter()
        .filter(|(c, _)| is_puzzle_type(c))
        .map(|(c, r)| {
            let name = r.name.as_deref().map(pzl_macfile::macroman::decode).unwrap_or_default();
            format!("'{}' {} \"{name}\"", fourcc(c), r.id)
        })
        .collect();
    let listing = if all.is_empty() { "none".to_string() } else { all.join(", ") };
    let mut matches = matches.into_iter();
    match (matches.next(), matches.next()) {
        (Some(only), None) => Ok(only),
        (None, _) => Err(CliError::input(
            file,
            format!("no MacPoly puzzle resource matches; the file's puzzle resources: {listing}"),
        )),
        (Some(_), Some(_)) => Err(CliError::input(
            file,
            format!("several puzzle resources match; choose one with --type and --id, or --name: {listing}"),
        )),
    }
}

/// The chosen resource as a MacPoly source file, named after the file and the resource.
fn puzzle_input(input: &Input, choice: &PuzzleChoice) -> Result<Input, CliError> {
    let label = format!("{} {}", input.name, choice.label());
    let bytes = pzl_macfile::ftor::source_from_resource(&choice.code, &choice.name, &choice.data)
        .map_err(|e| CliError::input(&label, e))?;
    Ok(Input { name: label, path: None, bytes })
}

fn chosen(
    ctx: &Context,
    input: &Input,
    format: &FormatSpec,
    sel: &ResourceArgs,
) -> Result<(Opened, PuzzleChoice), CliError> {
    let opened = open(ctx, input, format)?;
    let fork = read_fork(&input.name, &opened.forks.rsrc)?;
    let choice = choose_puzzle(&fork, sel, &input.name)?;
    Ok((opened, choice))
}

/// `pzl solve --save`: solve the chosen puzzle, write the arrangement into the resource's second
/// grid (pieces beside the shape cleared to `.`, the shape's squares lettered in upper case by the
/// piece covering them), set the time (whole seconds the search took) and operations (one move
/// per piece), lower the records when beaten, and rewrite the container with every other byte kept.
fn save_arrangement(
    ctx: &Context,
    input: &Input,
    opened: Opened,
    choice: &PuzzleChoice,
    args: &SolveArgs,
) -> Result<Status, CliError> {
    if args.count || args.all {
        return Err(CliError::usage("--save keeps one arrangement: leave out --count and --all"));
    }
    let Some(mut container) = opened.container else {
        return Err(CliError::usage("--save needs a resource file (not Rez text)"));
    };
    if input.path.is_none() {
        return Err(CliError::usage("--save rewrites the file: give a file, not standard input"));
    }
    let sub = puzzle_input(input, choice)?;
    let resource = PuzzleResource::parse(&choice.data).map_err(|e| CliError::input(&sub.name, e))?;
    let parsed =
        pzl_poly::macpoly::SourceFile::parse(&sub.bytes).map_err(|e| CliError::input(&sub.name, e))?;
    parsed.warnings.iter().for_each(|w| ctx.warn(&sub.name, w));
    let puzzle = parsed.value.puzzle().map_err(|e| CliError::input(&sub.name, e))?;
    let problem = puzzle.problem(!args.no_flip);
    let started = std::time::Instant::now();
    let mut found = None;
    problem.solutions(false, |s| {
        found = Some(s.clone());
        ControlFlow::Break(())
    });
    let Some(solution) = found else {
        let reason = problem.impossibility().map(|r| format!(": {r}")).unwrap_or_default();
        eprintln!("pzl: {}: no solution{reason}; nothing saved", sub.name);
        return Ok(Status::Problems);
    };
    let seconds = u32::try_from(started.elapsed().as_secs()).unwrap_or(u32::MAX);
    // The board is the shape cropped to its bounding box: find where it lies in the grid.
    let on_shape = |b: u8| b == b'S' || b.is_ascii_uppercase();
    let rows_with = |row: &Vec<u8>| row.iter().any(|&b| on_shape(b));
    let top = resource.grid.iter().position(rows_with).unwrap_or(0);
    let left = resource.grid.iter().filter_map(|r| r.iter().position(|&b| on_shape(b))).min().unwrap_or(0);
    let mut saved: Vec<Vec<u8>> = resource
        .grid
        .iter()
        .map(|r| r.iter().map(|&b| if b.is_ascii_lowercase() { b'.' } else { b }).collect())
        .collect();
    for placement in &solution.placements {
        let Some(piece) = puzzle.pieces.get(placement.piece) else { continue };
        for pos in &placement.cells {
            if let Some(cell) = saved.get_mut(pos.row + top).and_then(|r| r.get_mut(pos.col + left)) {
                *cell = piece.letter.to_ascii_uppercase() as u8;
            }
        }
    }
    let operations = u32::try_from(puzzle.pieces.len()).unwrap_or(u32::MAX);
    let [_, _, record_time, record_operations] = resource.numbers;
    let numbers = [seconds, operations, record_time.min(seconds), record_operations.min(operations)];
    let data =
        resource.with_saved(&choice.data, &saved, numbers).map_err(|e| CliError::input(&sub.name, e))?;
    let mut fork = read_fork(&input.name, &opened.forks.rsrc)?;
    if let Some(r) = fork.get_mut(&choice.code, choice.id) {
        r.data = data;
    }
    let rsrc = fork.write().map_err(|e| lib_error(&input.name, e))?;
    container.set_rsrc(rsrc).map_err(|e| lib_error(&input.name, e))?;
    let bytes = container.write().map_err(|e| lib_error(&input.name, e))?;
    io::write_output(&input.name, &bytes)?;
    let mut out = format!("{}: saved the arrangement into {}\n", input.name, choice.label());
    for row in &saved {
        out.push_str(&String::from_utf8_lossy(row));
        out.push('\n');
    }
    io::write_output("-", out.as_bytes()).map(|()| Status::Ok)
}

pub struct MacFileHandler;

impl Handler for MacFileHandler {
    fn info(
        &self,
        ctx: &Context,
        input: &Input,
        format: &FormatSpec,
        args: &InfoArgs,
    ) -> Result<Status, CliError> {
        if wants_resource(&args.resource) {
            let (_, choice) = chosen(ctx, input, format, &args.resource)?;
            let sub = puzzle_input(input, &choice)?;
            return crate::poly::PolyHandler.info(ctx, &sub, crate::registry::by_name("macpoly")?, args);
        }
        let opened = open(ctx, input, format)?;
        let info = &opened.forks.info;
        let fork = read_fork(&input.name, &opened.forks.rsrc)?;
        let container_name = opened.container.as_ref().map_or("Rez text", |c| c.kind().name());
        if args.json {
            let resources: Vec<_> = fork.iter().map(|(c, r)| resource_json(c, r)).collect();
            return io::print_json(&serde_json::json!({
                "file": input.name,
                "format": format.name,
                "container": container_name,
                "name": info.name,
                "type": fourcc(&info.file_type()),
                "creator": fourcc(&info.creator()),
                "finder_flags": info.finder_flags(),
                "created": info.created.map(format_date),
                "modified": info.modified.map(format_date),
                "data_fork": opened.forks.data.len(),
                "resource_fork": opened.forks.rsrc.len(),
                "file_attributes": fork.attributes,
                "resources": resources,
            }))
            .map(|()| Status::Ok);
        }
        let mut out = format!("{}: {container_name}\n", input.name);
        if opened.container.as_ref().is_some_and(|c| c.kind() != ContainerKind::Raw) {
            out.push_str(&format!("  name:          {}\n", info.name));
            out.push_str(&format!(
                "  type/creator:  '{}' / '{}'   Finder flags {:#06X}\n",
                fourcc(&info.file_type()),
                fourcc(&info.creator()),
                info.finder_flags()
            ));
            let date = |d: Option<u32>| d.map_or_else(|| "unknown".to_string(), format_date);
            out.push_str(&format!(
                "  created:       {}\n  modified:      {}\n",
                date(info.created),
                date(info.modified)
            ));
            out.push_str(&format!("  data fork:     {} bytes\n", opened.forks.data.len()));
        }
        out.push_str(&format!(
            "  resource fork: {} bytes, {} resources",
            opened.forks.rsrc.len(),
            fork.count()
        ));
        let types: Vec<String> =
            fork.types.iter().map(|t| format!("'{}' ×{}", fourcc(&t.code), t.resources.len())).collect();
        if !types.is_empty() {
            out.push_str(&format!(": {}", types.join(", ")));
        }
        out.push('\n');
        let compressed = fork.iter().filter(|(_, r)| r.attributes & 1 != 0).count();
        if compressed > 0 {
            out.push_str(&format!("  compressed:    {compressed} resources (System 7 dcmp; shown raw)\n"));
        }
        io::write_output("-", out.as_bytes()).map(|()| Status::Ok)
    }

    fn check(
        &self,
        ctx: &Context,
        input: &Input,
        format: &FormatSpec,
        args: &CheckArgs,
    ) -> Result<Status, CliError> {
        let opened = open(ctx, input, format)?;
        let mut problems = opened.container.as_ref().map(Container::problems).unwrap_or_default();
        if opened.container.is_none()
            && let Err(e) = ResourceFork::read(&opened.forks.rsrc)
        {
            problems.push(e.to_string());
        }
        io::print_check(&input.name, &problems, args.json, "ok")
    }

    fn solve(
        &self,
        ctx: &Context,
        input: &Input,
        format: &FormatSpec,
        args: &SolveArgs,
    ) -> Result<Status, CliError> {
        let (opened, choice) = chosen(ctx, input, format, &args.resource)?;
        if args.save {
            return save_arrangement(ctx, input, opened, &choice, args);
        }
        let sub = puzzle_input(input, &choice)?;
        crate::poly::PolyHandler.solve(ctx, &sub, crate::registry::by_name("macpoly")?, args)
    }

    fn render(
        &self,
        ctx: &Context,
        input: &Input,
        format: &FormatSpec,
        args: &RenderArgs,
    ) -> Result<Status, CliError> {
        let (_, choice) = chosen(ctx, input, format, &args.resource)?;
        let sub = puzzle_input(input, &choice)?;
        crate::poly::PolyHandler.render(ctx, &sub, crate::registry::by_name("macpoly")?, args)
    }

    fn convert(
        &self,
        ctx: &Context,
        input: &Input,
        from: &FormatSpec,
        to: &FormatSpec,
        _args: &ConvertArgs,
    ) -> Result<Vec<u8>, CliError> {
        let opened = open(ctx, input, from)?;
        if from.name == to.name
            && let Some(c) = &opened.container
        {
            return c.write().map_err(|e| lib_error(&input.name, e));
        }
        if to.name == "rez" {
            let fork = read_fork(&input.name, &opened.forks.rsrc)?;
            return Ok(rez::derez(&fork, &opened.forks.rsrc).into_bytes());
        }
        let kind = kind_of(to).ok_or_else(|| CliError::usage(format!("cannot write {}", to.name)))?;
        let (container, warnings) =
            Container::from_forks(kind, &opened.forks).map_err(|e| lib_error(&input.name, e))?;
        warnings.iter().for_each(|w| ctx.warn(&input.name, w));
        container.write().map_err(|e| lib_error(&input.name, e))
    }
}

#[derive(Debug, Subcommand)]
pub enum RsrcCommand {
    /// List the resources of a Mac file (any container): type, ID, size, attributes, name.
    List {
        file: String,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Write one resource's data (raw bytes) to OUTPUT.
    Extract {
        file: String,
        #[command(flatten)]
        which: Which,
        /// Where to write (`-` for standard output).
        #[arg(short, long, default_value = "-")]
        output: String,
    },
    /// Add (or replace) a resource whose data is read from DATA (`-` for standard input).
    Add {
        file: String,
        data: String,
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
        #[arg(long, value_parser = parse_byte)]
        attributes: Option<u8>,
        /// Write the result here instead of changing FILE.
        #[arg(short, long)]
        output: Option<String>,
    },
    /// Remove a resource.
    Remove {
        file: String,
        #[command(flatten)]
        which: Which,
        /// Write the result here instead of changing FILE.
        #[arg(short, long)]
        output: Option<String>,
    },
}

/// Which resource: by type and ID, or by name (optionally of one type).
#[derive(Debug, Args)]
pub struct Which {
    /// The resource type (four characters).
    #[arg(short = 't', long = "type", value_name = "TYPE")]
    code: Option<String>,
    #[arg(short, long, allow_hyphen_values = true)]
    id: Option<i16>,
    /// The resource name.
    #[arg(short, long)]
    name: Option<String>,
}

fn parse_byte(text: &str) -> Result<u8, String> {
    let t = text.trim();
    let parsed = match t.strip_prefix("0x").or_else(|| t.strip_prefix('$')) {
        Some(h) => u8::from_str_radix(h, 16),
        None => t.parse(),
    };
    parsed.map_err(|_| format!("`{text}` is not a byte (0..255, 0xHH or $HH)"))
}

#[derive(Debug, Args)]
pub struct DerezArgs {
    /// A Mac file in any container.
    file: String,
    /// Where to write (`-` for standard output).
    #[arg(short, long, default_value = "-")]
    output: String,
}

#[derive(Debug, Args)]
pub struct RezArgs {
    /// Rez source (`data` statements).
    file: String,
    /// Where to write; the extension picks the container (`.rsrc`, `.bin`, `.as`, `._*`, `.hqx`).
    #[arg(short, long)]
    output: String,
    /// The container to write, when the extension does not say (see `pzl formats`).
    #[arg(long, value_name = "FORMAT")]
    to: Option<String>,
}

#[derive(Debug, Args)]
pub struct FtorArgs {
    /// Resource type of the new resources: `SBP1`..`SBP9` puzzles, `SBS1`..`SBS9` solutions.
    #[arg(value_name = "TYPE")]
    code: String,
    /// The resource file to add to (created when absent; the container follows the extension).
    #[arg(value_name = "OUTFILE")]
    output: String,
    /// Source files: the first line is the name, then the message and grid (see the docs).
    #[arg(value_name = "INFILE", required = true)]
    inputs: Vec<String>,
}

fn parse_code(text: &str) -> Result<[u8; 4], CliError> {
    pzl_macfile::parse_fourcc(text).map_err(|e| CliError::usage(e.to_string()))
}

/// The container a new file named `name` gets: from its extension or `._` prefix; raw otherwise.
fn kind_for_new_file(name: &str) -> ContainerKind {
    let file = name.rsplit(['/', '\\']).next().unwrap_or(name);
    if file.starts_with("._") {
        return ContainerKind::AppleDouble;
    }
    match io::extension_of(name).as_deref() {
        Some("bin" | "macbin") => ContainerKind::MacBinary,
        Some("hqx") => ContainerKind::BinHex,
        Some("as") => ContainerKind::AppleSingle,
        _ => ContainerKind::Raw,
    }
}

/// A Mac file opened for editing its resource fork.
struct Editable {
    container: Container,
    fork: ResourceFork,
}

fn open_editable(ctx: &Context, name: &str, create: bool) -> Result<Editable, CliError> {
    if create && !Path::new(name).exists() {
        let kind = kind_for_new_file(name);
        let file = name.rsplit(['/', '\\']).next().unwrap_or(name);
        let mut forks = Forks::default();
        if kind != ContainerKind::Raw {
            // A new resource file: named after the file (without container extension), and typed
            // like ResEdit's resource files so classic Mac tools open it.
            let stem = match kind {
                ContainerKind::AppleDouble => file.strip_prefix("._").unwrap_or(file),
                _ => file.rsplit_once('.').map_or(file, |(stem, _)| stem),
            };
            forks.info.name = stem.to_string();
            forks.info.set_type_creator(*b"rsrc", *b"RSED");
        }
        let (container, _) = Container::from_forks(kind, &forks).map_err(|e| lib_error(name, e))?;
        return Ok(Editable { container, fork: ResourceFork::new() });
    }
    let input = ctx.read_input(name)?;
    let (container, warnings) = Container::open(&input.bytes).map_err(|e| lib_error(name, e))?;
    warnings.iter().for_each(|w| ctx.warn(name, w));
    let fork = read_fork(name, container.rsrc())?;
    Ok(Editable { container, fork })
}

fn save(mut edit: Editable, name: &str) -> Result<(), CliError> {
    let rsrc = edit.fork.write().map_err(|e| lib_error(name, e))?;
    edit.container.set_rsrc(rsrc).map_err(|e| lib_error(name, e))?;
    let bytes = edit.container.write().map_err(|e| lib_error(name, e))?;
    io::write_output(name, &bytes)
}

fn find<'a>(fork: &'a ResourceFork, which: &Which, file: &str) -> Result<([u8; 4], &'a Resource), CliError> {
    let code = which.code.as_deref().map(parse_code).transpose()?;
    let found = match (&which.name, code, which.id) {
        (Some(name), code, None) => {
            let bytes = pzl_macfile::macroman::encode(name).unwrap_or_else(|| name.as_bytes().to_vec());
            fork.by_name(code.as_ref(), &bytes).map(|(c, r)| (*c, r))
        }
        (None, Some(code), Some(id)) => fork.get(&code, id).map(|r| (code, r)),
        _ => return Err(CliError::usage("name the resource with --type and --id, or with --name")),
    };
    found.ok_or_else(|| CliError::input(file, "no such resource (see `pzl rsrc list`)"))
}

pub fn run_rsrc(ctx: &Context, command: RsrcCommand) -> Result<Status, CliError> {
    match command {
        RsrcCommand::List { file, json } => {
            let edit = open_editable(ctx, &file, false)?;
            if json {
                let list: Vec<_> = edit.fork.iter().map(|(c, r)| resource_json(c, r)).collect();
                return io::print_json(&serde_json::Value::Array(list)).map(|()| Status::Ok);
            }
            let mut out =
                format!("{:<8} {:>6} {:>8}  {:<22} {}\n", "TYPE", "ID", "SIZE", "ATTRIBUTES", "NAME");
            for (code, r) in edit.fork.iter() {
                let name = r.name.as_deref().map(pzl_macfile::macroman::decode).unwrap_or_default();
                out.push_str(&format!(
                    "{:<8} {:>6} {:>8}  {:<22} {}\n",
                    format!("'{}'", fourcc(code)),
                    r.id,
                    r.data.len(),
                    flags_text(r.attributes),
                    name
                ));
            }
            io::write_output("-", out.as_bytes()).map(|()| Status::Ok)
        }
        RsrcCommand::Extract { file, which, output } => {
            let edit = open_editable(ctx, &file, false)?;
            let (_, r) = find(&edit.fork, &which, &file)?;
            if r.compression().is_some() {
                ctx.warn(&file, "the resource is compressed (System 7 dcmp); its data is written as stored");
            }
            io::write_output(&output, &r.data).map(|()| Status::Ok)
        }
        RsrcCommand::Add { file, data, code, id, name, attributes, output } => {
            let code = parse_code(&code)?;
            let data = ctx.read_input(&data)?.bytes;
            let mut edit = open_editable(ctx, &file, true)?;
            let id = match id {
                Some(id) => id,
                None => {
                    edit.fork.free_id(&code, 128).ok_or_else(|| CliError::usage("no free ID from 128 up"))?
                }
            };
            let name = name.map(|n| {
                pzl_macfile::macroman::encode(&n).unwrap_or_else(|| {
                    ctx.warn(&file, "the name has characters outside Mac Roman; stored as UTF-8 bytes");
                    n.into_bytes()
                })
            });
            if name.as_ref().is_some_and(|n| n.len() > 255) {
                return Err(CliError::usage("a resource name has at most 255 bytes"));
            }
            let mut res = Resource::new(id, name, data);
            res.attributes = attributes.unwrap_or(0);
            if let Some(old) = edit.fork.get(&code, id) {
                res.handle = old.handle;
                ctx.warn(&file, format!("replaced '{}' {id}", fourcc(&code)));
            }
            edit.fork.insert(code, res);
            save(edit, output.as_deref().unwrap_or(&file))?;
            Ok(Status::Ok)
        }
        RsrcCommand::Remove { file, which, output } => {
            let mut edit = open_editable(ctx, &file, false)?;
            let (code, id) = find(&edit.fork, &which, &file).map(|(c, r)| (c, r.id))?;
            edit.fork.remove(&code, id);
            save(edit, output.as_deref().unwrap_or(&file))?;
            Ok(Status::Ok)
        }
    }
}

pub fn run_derez(ctx: &Context, args: DerezArgs) -> Result<Status, CliError> {
    let input = ctx.read_input(&args.file)?;
    let (container, warnings) = Container::open(&input.bytes).map_err(|e| lib_error(&input.name, e))?;
    warnings.iter().for_each(|w| ctx.warn(&input.name, w));
    let fork = read_fork(&input.name, container.rsrc())?;
    io::write_output(&args.output, rez::derez(&fork, container.rsrc()).as_bytes()).map(|()| Status::Ok)
}

pub fn run_rez(ctx: &Context, args: RezArgs) -> Result<Status, CliError> {
    let input = ctx.read_input(&args.file)?;
    let fork = rez::rez(&input.bytes).map_err(|e| lib_error(&input.name, e))?;
    let rsrc = fork.write().map_err(|e| lib_error(&input.name, e))?;
    let kind = match &args.to {
        Some(name) => kind_of(crate::registry::by_name(name)?)
            .ok_or_else(|| CliError::usage(format!("`{name}` is not a container pzl rez can write")))?,
        None => kind_for_new_file(&args.output),
    };
    let forks = Forks { rsrc, ..Forks::default() };
    let (container, _) = Container::from_forks(kind, &forks).map_err(|e| lib_error(&input.name, e))?;
    let bytes = container.write().map_err(|e| lib_error(&input.name, e))?;
    io::write_output(&args.output, &bytes).map(|()| Status::Ok)
}

pub fn run_ftor(ctx: &Context, args: FtorArgs) -> Result<Status, CliError> {
    let code = parse_code(&args.code)?;
    let mut edit = open_editable(ctx, &args.output, true)?;
    let mut report = String::new();
    for name in &args.inputs {
        let source = ctx.read_input(name)?.bytes;
        let ids = pzl_macfile::ftor::add_sources(&mut edit.fork, code, &[source])
            .map_err(|e| CliError::input(name, e))?;
        for id in ids {
            let res_name = edit.fork.get(&code, id).and_then(|r| r.name.as_deref()).unwrap_or_default();
            report.push_str(&format!(
                "{name}: '{}' {id} \"{}\"\n",
                fourcc(&code),
                pzl_macfile::macroman::decode(res_name)
            ));
        }
    }
    save(edit, &args.output)?;
    io::write_output("-", report.as_bytes()).map(|()| Status::Ok)
}
