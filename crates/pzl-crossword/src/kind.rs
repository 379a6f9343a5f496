//! The crossword kind of pzl: [`CrosswordKind`] implements [`pzl_core::Kind`] over
//! [`CrosswordDoc`], and [`lock`], [`unlock`] and [`parse_key`] serve `pzl crossword lock|unlock`.
//!
//! Writing a document in the format it was read from loses nothing (`.puz` bytes, text layout,
//! ipuz JSON are kept); converting goes from the puzzle model straight to the target, and `lost`
//! names what the target cannot hold. Whatever is written reads back: a write that would not is
//! refused.

use pzl_core::settings::{Setting, SettingType, Verb, mention};
use pzl_core::{
    CheckReport, Error, ErrorKind, Fact, Info, InfoRequest, Kind, Parsed, Picture, Problem, RenderRequest,
    Rendered, Warning, Written,
};
use serde_json::json;

use crate::check::{self, FillStatus};
use crate::format::{Format, across_text, ipuz, jpz, xd};
use crate::lock::{Candidate, LockError};
use crate::model::{CrosswordDoc, Source};
use crate::numbering::{Direction, is_block};
use crate::puzzle::{EncodeError, Puzzle, SolutionState};
use crate::raw::{self, ReadPuz};
use crate::render;
#[cfg(feature = "pdf")]
use crate::{page, pdf};

/// The crossword kind: Across Lite `.puz` and text, and ipuz.
#[derive(Debug, Clone, Copy, Default)]
pub struct CrosswordKind;

impl From<EncodeError> for Error {
    fn from(e: EncodeError) -> Error {
        Error::encode(e.to_string())
    }
}

impl From<LockError> for Error {
    fn from(e: LockError) -> Error {
        let kind = match e {
            // The scrambled checksum matches no key: the file is not what it claims.
            LockError::NoKey => ErrorKind::Syntax,
            _ => ErrorKind::Usage,
        };
        Error::new(kind, e.to_string())
    }
}

fn utf8(bytes: &[u8]) -> Result<&str, Error> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf".as_slice()).unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|e| {
        Error::syntax("the file is not UTF-8 text").at(pzl_core::Location::Offset(e.valid_up_to()))
    })
}

/// The text of `puzzle` in `layout`, checked to read back.
fn write_text(puzzle: &Puzzle, layout: &across_text::TextLayout) -> Result<Vec<u8>, Error> {
    let text = across_text::write(puzzle, layout);
    across_text::read(&text).map_err(|e| {
        Error::encode(format!("Across Lite text cannot hold this puzzle ({e})"))
            .hint("convert it to puz or ipuz instead")
    })?;
    Ok(text.into_bytes())
}

/// The `.puz` bytes of `puzzle`, checked to read back.
fn write_puz(puzzle: &Puzzle) -> Result<Vec<u8>, Error> {
    let bytes = puzzle.to_raw()?.to_bytes();
    raw::read(&bytes)
        .map_err(|e| Error::encode(format!("the encoded .puz file does not read back ({e})")))?;
    Ok(bytes)
}

/// The sections a `.puz` file of `puzzle` holds (the file's own for a `.puz` document).
fn sections(doc: &CrosswordDoc) -> Vec<String> {
    if let Some(file) = doc.puz() {
        return file.sections.iter().map(|s| s.name()).collect();
    }
    let p = doc.puzzle();
    let mut out = Vec::new();
    if let Some(rebus) = &p.rebus {
        out.push("GRBS".to_string());
        if !rebus.table.is_empty() {
            out.push("RTBL".to_string());
        }
    }
    if p.timer.is_some() {
        out.push("LTIM".to_string());
    }
    if p.markup.is_some() {
        out.push("GEXT".to_string());
    }
    if p.user_rebus.is_some() {
        out.push("RUSR".to_string());
    }
    out.extend(p.puz.other_sections.iter().map(|s| s.name()));
    out
}

/// The clue listing: number, direction, clue, answer (or `locked`), row and column; the Across
/// clues first, then the Down clues, as a printed puzzle lists them.
fn clue_listing(p: &Puzzle) -> Fact {
    let locked = p.state() == SolutionState::Locked;
    let no_solution = p.state() == SolutionState::None;
    // Entries the file never defines (a file numbering its own words) are left out.
    let mut entries: Vec<_> =
        p.clue_entries().into_iter().enumerate().filter(|(k, _)| p.is_file_entry(*k)).collect();
    // A stable sort keeps each direction in clue-number order.
    entries.sort_by_key(|(_, e)| e.slot.direction != Direction::Across);
    let value: Vec<serde_json::Value> = entries
        .iter()
        .map(|(k, e)| {
            let mut item = json!({
                "number": e.slot.number,
                "direction": e.slot.direction.name(),
                "clue": e.clue,
                "answer": if locked || no_solution { None } else { Some(&e.answer) },
                "row": e.slot.start.row + 1,
                "column": e.slot.start.col + 1,
            });
            if locked {
                item["locked"] = json!(true);
            }
            // The list it is in, its enumeration, and the cells of the word as the file
            // defines it (bars end words), each as [row, column] from 1.
            item["list"] = json!(match e.slot.direction {
                Direction::Across => "Across",
                Direction::Down => "Down",
            });
            if let Some(en) = &e.enumeration {
                item["enumeration"] = json!(en);
            }
            if !e.markup.is_empty() {
                item["markup"] = json!(e.markup);
            }
            // The clue's metadata lines (`.xd` `^Hint:`…) in order, and the clues it refers to.
            let meta = p.clue_meta_of(*k);
            if !meta.is_empty() {
                item["meta"] = meta.iter().map(|(k, v)| json!({"key": k, "value": v})).collect();
            }
            let references = p.references(*k);
            if !references.is_empty() {
                item["references"] = references
                    .iter()
                    .map(|r| match &r.list {
                        Some(list) => json!({"list": list, "label": r.label}),
                        None => json!({"direction": r.direction.name(), "label": r.label}),
                    })
                    .collect();
            }
            item["cells"] = e.cells.iter().map(|&i| json!([i / p.width + 1, i % p.width + 1])).collect();
            // The file's own number, when it labels the entry otherwise than the grid numbers it.
            if e.label != e.slot.number.to_string() {
                item["label"] = json!(e.label);
            }
            item
        })
        .collect();
    let mut value = value;
    let mut text: Vec<String> = entries
        .iter()
        .map(|(k, e)| {
            // A locked puzzle's solution is scrambled: its letters are no answers (issue 13).
            let answer = if locked {
                "locked".to_string()
            } else if no_solution {
                "no solution".to_string()
            } else {
                e.answer.clone()
            };
            let enumeration = e.enumeration.as_deref().map(|en| format!(" ({en})")).unwrap_or_default();
            // Each metadata line after the position, as `.xd` spells it (`^Refs: A5 A6`).
            let meta: String = p.clue_meta_of(*k).iter().map(|(k, v)| format!("  ^{k}: {v}")).collect();
            format!(
                "{:>4} {:<6} {}{enumeration}  [{answer}] at {}{meta}",
                e.label,
                e.slot.direction.name(),
                // Markup shown as the tags ipuz writes (`<i>…</i>`), plain to read.
                e.clue.as_deref().map_or("(no clue)".into(), |c| crate::markup::to_html(c, &e.markup)),
                e.slot.start
            )
        })
        .collect();
    // The lists other than Across and Down, after them, each clue on its own word's cells.
    for list in &p.other_lists {
        for clue in &list.clues {
            let answer = clue.answer(p);
            let mut item = json!({
                "number": null,
                "direction": null,
                "list": list.title,
                "label": clue.label,
                "clue": clue.text,
                "answer": if locked || no_solution || clue.cells.is_empty() { None } else { Some(&answer) },
                "cells": clue.cells.iter().map(|&i| json!([i / p.width + 1, i % p.width + 1])).collect::<Vec<_>>(),
            });
            if let Some(&first) = clue.cells.first() {
                item["row"] = json!(first / p.width + 1);
                item["column"] = json!(first % p.width + 1);
            }
            if !clue.enumeration.is_empty() {
                item["enumeration"] = json!(clue.enumeration);
            }
            if !clue.markup.is_empty() {
                item["markup"] = json!(clue.markup);
            }
            value.push(item);
            let answer = if locked {
                "locked".to_string()
            } else if no_solution {
                "no solution".to_string()
            } else {
                answer
            };
            let enumeration =
                if clue.enumeration.is_empty() { String::new() } else { format!(" ({})", clue.enumeration) };
            let at = clue
                .cells
                .first()
                .map(|&i| format!(" at {}", pzl_grid::Pos::new(i / p.width, i % p.width)))
                .unwrap_or_default();
            let shown = if clue.text.is_empty() {
                "(no clue)".to_string()
            } else {
                crate::markup::to_html(&clue.text, &clue.markup)
            };
            text.push(format!("{:>4} {:<6} {shown}{enumeration}  [{answer}]{at}", clue.label, list.title));
        }
    }
    Fact::with_text("clues", "clue list", value, text.join("\n"))
}

/// The `cells` fact: blocks, rebus cells and circles, and the shaded cells, voids and barred
/// cells of the formats that hold them (said in the text only when there are some).
/// Text output only (`text_only`): the per-cell `shades` and `labels`, which only JSON shows,
/// are not made.
fn cells_fact(p: &Puzzle, blocks: usize, rebus_cells: usize, circles: usize, text_only: bool) -> Fact {
    use serde_json::Value;
    use std::fmt::Write as _;
    let (shaded, voids, _) = p.rich_counts();
    let barred = p.bars.as_ref().map_or(0, |b| b.iter().filter(|&&f| f != 0).count());
    // The text written into one string (a `format!` per part was most of this fact's cost).
    let mut text = String::with_capacity(64);
    let labelled = p.own_labelled_cells();
    for (i, (n, one)) in [
        (blocks, "block"),
        (rebus_cells, "rebus cell"),
        (circles, "circle"),
        (shaded, "shaded cell"),
        (voids, "void"),
        (barred, "barred cell"),
        (labelled, "labelled cell"),
    ]
    .into_iter()
    .enumerate()
    {
        // The first three always, the others only when there are some.
        if i < 3 || n > 0 {
            if !text.is_empty() {
                text.push_str(", ");
            }
            let _ = write!(text, "{n} {one}{}", if n == 1 { "" } else { "s" });
        }
    }
    // The JSON made as values at once (`json!` of a vector serialised it into a copy).
    // The shading of each shaded cell, as `#rrggbb` (a palette colour as pzl draws it), row by
    // row (null for none); and each cell's ipuz palette number, when any cell has one.
    let shades: Value = match p.styles.as_ref().filter(|_| shaded > 0 && !text_only) {
        Some(s) => Value::Array(
            s.iter()
                .map(|c| c.fill().map_or(Value::Null, |h| Value::String(crate::puzzle::CellStyle::hex(h))))
                .collect(),
        ),
        None => Value::Null,
    };
    let palette: Option<Value> = p
        .styles
        .as_ref()
        .filter(|s| !text_only && s.iter().any(|c| c.palette.is_some()))
        .map(|s| Value::Array(s.iter().map(|c| c.palette.map_or(Value::Null, Value::from)).collect()));
    // The labels the file prints in each cell, when it prints its own (null for none).
    let labels: Value = match p.own_labels.as_ref().filter(|_| !text_only) {
        Some(own) => Value::Array(
            own.iter()
                .map(|l| {
                    if l.is_empty() {
                        return Value::Null;
                    }
                    let marks: serde_json::Map<String, Value> = l
                        .marks
                        .iter()
                        .map(|(c, t)| (c.name().to_string(), Value::String(t.clone())))
                        .collect();
                    let mut label = serde_json::Map::new();
                    label.insert("number".to_string(), Value::String(l.number.clone()));
                    label.insert("marks".to_string(), Value::Object(marks));
                    Value::Object(label)
                })
                .collect(),
        ),
        None => Value::Null,
    };
    let mut value = serde_json::Map::new();
    for (key, v) in [
        ("labelled", Value::from(labelled)),
        ("labels", labels),
        ("blocks", Value::from(blocks)),
        ("rebus_cells", Value::from(rebus_cells)),
        ("circles", Value::from(circles)),
        ("shaded", Value::from(shaded)),
        ("voids", Value::from(voids)),
        ("barred", Value::from(barred)),
        ("shades", shades),
    ] {
        value.insert(key.to_string(), v);
    }
    if let Some(palette) = palette {
        value.insert("palette".to_string(), palette);
    }
    Fact::with_json("cells", "cells", Value::Object(value), text)
}

/// What `info` says about `doc`.
fn describe(doc: &CrosswordDoc, request: &InfoRequest) -> Info {
    let p = doc.puzzle();
    let what = match doc.format() {
        Some(Format::Ipuz) => "ipuz crossword",
        Some(Format::Xd) => "xd crossword",
        Some(Format::Jpz) => "JPZ crossword",
        _ => "Across Lite crossword",
    };
    let slots = p.slots();
    let across = slots.iter().filter(|s| s.direction == Direction::Across).count();
    let rebus_cells = p.rebus.as_ref().map_or(0, |r| r.cells.iter().filter(|&&v| v > 0).count());
    let circles = (0..p.solution.len()).filter(|&i| p.is_circled(i)).count();
    let blocks = p.solution.iter().filter(|&&b| is_block(b)).count();
    let diagramless = p.puzzle_type & raw::TYPE_DIAGRAMLESS != 0;
    let sections = sections(doc);
    let mut info = Info::new(CrosswordKind::NAME, doc.format_name(), what)
        .fact(Fact::new("title", &p.title))
        .fact(Fact::new("author", &p.author))
        .fact(Fact::new("copyright", &p.copyright))
        .fact(Fact::with_text(
            "width",
            "size",
            p.width,
            format!("{}x{}{}", p.width, p.height, if diagramless { " (diagramless)" } else { "" }),
        ))
        .fact(Fact::hidden("height", p.height))
        .fact(Fact::hidden("diagramless", diagramless));
    if let Some(file) = doc.puz() {
        let encoding = if file.is_utf8() { "utf-8" } else { "windows-1252" };
        info = info
            .fact(Fact::with_text(
                "version",
                "version",
                file.version_text(),
                format!("{} ({encoding})", file.version_text()),
            ))
            .fact(Fact::hidden("encoding", encoding));
    }
    let clue_count = p.clues.len();
    // Lists other than Across and Down: their titles and clue counts, after the slots.
    let others: Vec<String> =
        p.other_lists.iter().map(|l| format!("{} {}", l.title, l.clues.len())).collect();
    let others_text =
        if others.is_empty() { String::new() } else { format!("; other lists: {}", others.join(", ")) };
    let mut counts = json!({
        "clues": clue_count,
        "slots": slots.len(),
        "across": across,
        "down": slots.len() - across,
        "blocks": blocks,
        "rebus_cells": rebus_cells,
        "circles": circles,
    });
    if !p.other_lists.is_empty() {
        counts["lists"] =
            p.other_lists.iter().map(|l| json!({"title": l.title, "clues": l.clues.len()})).collect();
    }
    info = info
        .fact(Fact::with_text("solution_state", "solution", p.state().name(), p.state().name()))
        .fact(Fact::with_json(
            "counts",
            "clues",
            counts,
            format!(
                "{clue_count} ({across} across, {} down; {} numbered slots){others_text}",
                slots.len() - across,
                slots.len()
            ),
        ))
        .fact(cells_fact(p, blocks, rebus_cells, circles, request.text_only))
        .fact(Fact::with_text(
            "sections",
            "sections",
            &sections,
            if sections.is_empty() { "none".to_string() } else { sections.join(", ") },
        ));
    if let Some(t) = p.timer {
        info = info.fact(Fact::with_json(
            "timer",
            "timer",
            json!({"seconds": t.seconds, "stopped": t.stopped}),
            format!("{} s, {}", t.seconds, if t.stopped { "stopped" } else { "running" }),
        ));
    }
    if !p.metadata.is_empty() {
        // The file's other metadata: an object for programs, one `key: value` line each for people.
        let object: serde_json::Map<String, serde_json::Value> =
            p.metadata.iter().map(|(k, v)| (k.clone(), json!(v))).collect();
        let lines: Vec<String> = p.metadata.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        info = info.fact(Fact::with_json(
            "metadata",
            "metadata",
            serde_json::Value::Object(object),
            lines.join("\n"),
        ));
    }
    info = if p.notes.is_empty() {
        info.fact(Fact::hidden("notes", ""))
    } else {
        info.fact(Fact::with_text(
            "notes",
            "notes",
            &p.notes,
            format!("{} characters", p.notes.chars().count()),
        ))
    };
    if let Some(file) = doc.puz() {
        info = info
            .fact(Fact::hidden("preamble_bytes", file.preamble.len()))
            .fact(Fact::hidden("postscript_bytes", file.postscript.len()));
    }
    let warnings: Vec<String> = doc.warnings().iter().map(ToString::to_string).collect();
    info.fact(Fact::with_text("warnings", "warnings", &warnings, warnings.len().to_string()))
        .detail(request, || clue_listing(p))
}

/// The `.puz` view `check` verifies: the file as read, or the puzzle encoded.
/// Whether the `.xd` and JPZ writers read their output back, a test of the writer itself: in
/// debug builds (every test, the fuzzers), not in release, where it was a quarter of the work
/// of `pzl convert DIR --to xd` (issue 38: no read-back of what was just written). The
/// round-trip tests and fuzz targets hold the writers to what they read.
const READ_BACK: bool = cfg!(debug_assertions);

fn checked_file(doc: &CrosswordDoc) -> Result<ReadPuz, Error> {
    match doc.source() {
        Source::Puz(read) => Ok(read.clone()),
        _ => Ok(ReadPuz::verified(doc.puzzle().to_raw()?)),
    }
}

impl Kind for CrosswordKind {
    const NAME: &'static str = "crossword";
    const TITLE: &'static str = "Crossword";
    type Doc = CrosswordDoc;
    type Format = Format;
    type Params = ();

    fn settings() -> &'static [Setting] {
        const SETTINGS: &[Setting] = &[
            Setting::flag(
                "crossword",
                "with-clues",
                &[Verb::Render],
                "A print-ready page (grid, title, numbered clues) as `.svg` or `.pdf`.",
            ),
            Setting {
                default: Some("letter"),
                ..Setting::valued(
                    "crossword",
                    "paper",
                    SettingType::Text,
                    "PAPER",
                    &[Verb::Render],
                    "The paper of a print-ready page: `letter` (8.5 × 11 in) or `a4`.",
                )
            },
        ];
        SETTINGS
    }

    /// Read leniently. `.puz` warnings name byte offsets; checksum mismatches are among them
    /// with the same message as the `checksum/…` problems of [`CrosswordKind::check`], so a
    /// caller running `check` can leave those out.
    fn read(bytes: &[u8], format: Format, _params: &()) -> Result<Parsed<CrosswordDoc>, Error> {
        match format {
            Format::Puz => {
                let doc = CrosswordDoc::from_puz(raw::read(bytes)?);
                let warnings = doc.warnings().to_vec();
                Ok(Parsed::with(doc, warnings))
            }
            Format::AcrossText => {
                let read = across_text::read(utf8(bytes)?)?;
                let warnings = read.warnings.clone();
                Ok(Parsed::with(
                    CrosswordDoc::with_source(read.puzzle, Source::Text(read.layout), read.warnings),
                    warnings,
                ))
            }
            Format::Ipuz => {
                let text = utf8(bytes)?;
                let (puzzle, extras, warnings) = ipuz::read_with_warnings(text)?;
                let source = Source::Ipuz { text: text.to_string(), extras };
                Ok(Parsed::with(CrosswordDoc::with_source(puzzle, source, warnings.clone()), warnings))
            }
            Format::Xd => {
                let text = std::str::from_utf8(bytes).map_err(|e| {
                    Error::syntax("the file is not UTF-8 text")
                        .at(pzl_core::Location::Offset(e.valid_up_to()))
                })?;
                let read = xd::read(text)?;
                let warnings = read.warnings.clone();
                let source = Source::Xd { text: text.to_string(), extras: read.extras };
                Ok(Parsed::with(CrosswordDoc::with_source(read.puzzle, source, read.warnings), warnings))
            }
            Format::Jpz | Format::JpzXml => {
                let read = jpz::read(bytes)?;
                let warnings = read.warnings.clone();
                let source = Source::Jpz { bytes: bytes.to_vec(), extras: read.extras };
                Ok(Parsed::with(CrosswordDoc::with_source(read.puzzle, source, read.warnings), warnings))
            }
        }
    }

    fn write(doc: &CrosswordDoc, format: Format) -> Result<Written, Error> {
        // A `.puz` with no cells (puzpy writes one for an empty puzzle) goes back only to `.puz`:
        // every other format needs a grid of at least one cell.
        let empty = doc.puzzle().width == 0 || doc.puzzle().height == 0;
        if empty && !matches!((doc.source(), format), (Source::Puz(_), Format::Puz)) {
            return Err(Error::encode(format!(
                "a puzzle with no cells cannot be written as {}",
                format.info().name
            )));
        }
        // Only ipuz and JPZ hold bars: other formats get the grid without them, each clue on the
        // entry of the same cells, and `lost` names the bars and the clues left without one.
        let holds_bars = matches!(format, Format::Ipuz | Format::Jpz | Format::JpzXml | Format::Xd);
        // The bar-less copy is made only when bars are to go (not a copy of every puzzle written).
        let stripped = (!holds_bars && doc.puzzle().bars.is_some()).then(|| doc.puzzle().without_bars());
        let (p, cut) = match &stripped {
            Some((plain, cut)) => (plain, *cut),
            None => (doc.puzzle(), 0),
        };
        // What an ipuz or xd source holds that no other format can.
        let mut ipuz_extras = match doc.source() {
            Source::Ipuz { extras, .. } | Source::Xd { extras, .. } | Source::Jpz { extras, .. } => {
                extras.clone()
            }
            _ => Vec::new(),
        };
        let barred = doc.puzzle().bars.as_ref().map_or(0, |b| b.iter().filter(|&&f| f != 0).count());
        if barred > 0 && !holds_bars {
            ipuz_extras.push(format!("the bars of {barred} cell(s)"));
            if cut > 0 {
                ipuz_extras.push(format!("{cut} clue(s) of entries that end at a bar"));
            }
        }
        // Shading and bars: ipuz, JPZ and `.xd` hold them; voids and enumerations: ipuz and JPZ
        // (the `.xd` writer names its own losses).
        if !holds_bars {
            let (shaded, voids, enums) = doc.puzzle().rich_counts();
            if shaded > 0 {
                ipuz_extras.push(format!("the shading of {shaded} cell(s)"));
            }
            if voids > 0 {
                ipuz_extras
                    .push(format!("{voids} void cell(s) (outside the puzzle's shape), written as blocks"));
            }
            if enums > 0 {
                ipuz_extras.push(format!("the enumerations of {enums} clue(s)"));
            }
            ipuz_extras.extend(doc.puzzle().metadata_lost(&[]));
            ipuz_extras.extend(doc.puzzle().other_lists_lost());
            ipuz_extras.extend(doc.puzzle().own_labels_lost());
            ipuz_extras.extend(doc.puzzle().clue_meta_lost(&[]));
            if doc.puzzle().variety.is_some() {
                ipuz_extras.push("the acrostic kind (written as a crossword)".to_string());
            }
            ipuz_extras.extend(p.labels_lost());
            if p.own_words() > 0 {
                ipuz_extras.push(format!(
                    "the words of {} clue(s) as the file defines them (written as their entries)",
                    p.own_words()
                ));
            }
            let marked = doc.puzzle().marked_up_clues();
            if marked > 0 {
                ipuz_extras.push(format!("the markup (italic, bold…) of {marked} clue(s)"));
            }
        }
        match (doc.source(), format) {
            // The raw layer keeps every byte: .puz to .puz is exact.
            (Source::Puz(read), Format::Puz) => Ok(Written::exact(read.file.to_bytes())),
            // ipuz to ipuz gives back the document as read: styles and all.
            (Source::Ipuz { text, .. }, Format::Ipuz) => Ok(Written::exact(text.clone().into_bytes())),
            // A text file is written back in the layout it was read with.
            (Source::Text(layout), Format::AcrossText) => {
                let lost = across_text::dropped_by_text(p, layout);
                Ok(Written { bytes: write_text(p, layout)?, lost })
            }
            (_, Format::Puz) => Ok(Written { bytes: write_puz(p)?, lost: ipuz_extras }),
            (_, Format::AcrossText) => {
                let layout = across_text::TextLayout::for_puzzle(p);
                let mut lost = across_text::dropped_by_text(p, &layout);
                lost.extend(ipuz_extras);
                Ok(Written { bytes: write_text(p, &layout)?, lost })
            }
            (_, Format::Ipuz) => {
                let (json, mut lost) = ipuz::write(p);
                lost.extend(ipuz_extras);
                Ok(Written { bytes: json.into_bytes(), lost })
            }
            // xd to xd gives back the text as read.
            (Source::Xd { text, .. }, Format::Xd) => Ok(Written::exact(text.clone().into_bytes())),
            (_, Format::Xd) => {
                let (text, mut lost) = xd::write(p);
                if READ_BACK {
                    xd::read(&text)
                        .map_err(|e| Error::encode(format!("the written .xd does not read back ({e})")))?;
                }
                lost.extend(ipuz_extras);
                Ok(Written { bytes: text.into_bytes(), lost })
            }
            // JPZ to JPZ gives back the file as read (zipped or bare), bare XML as read to jpz-xml.
            (Source::Jpz { bytes, .. }, Format::Jpz) => Ok(Written::exact(bytes.clone())),
            (Source::Jpz { bytes, .. }, Format::JpzXml) if jpz::xml_bytes(bytes).is_ok() => {
                let xml = jpz::xml_bytes(bytes).map(|(xml, _)| xml.into_owned()).unwrap_or_default();
                Ok(Written::exact(xml))
            }
            (_, Format::JpzXml) => {
                let (xml, mut lost) = jpz::write_xml(p);
                if READ_BACK {
                    jpz::read_xml(&xml)
                        .map_err(|e| Error::encode(format!("the written JPZ does not read back ({e})")))?;
                }
                lost.extend(ipuz_extras);
                Ok(Written { bytes: xml.into_bytes(), lost })
            }
            (_, Format::Jpz) => {
                let (bytes, mut lost) =
                    jpz::write(p).map_err(|e| Error::encode(format!("the JPZ cannot be zipped ({e})")))?;
                if READ_BACK {
                    jpz::read(&bytes)
                        .map_err(|e| Error::encode(format!("the written JPZ does not read back ({e})")))?;
                }
                lost.extend(ipuz_extras);
                Ok(Written { bytes, lost })
            }
        }
    }

    fn info(doc: &CrosswordDoc, request: &InfoRequest) -> Info {
        describe(doc, request)
    }

    /// Verify strictly: checksums (of `.puz` files as read), structure, clue count, rebus and
    /// fill. Other formats are verified as the `.puz` file they encode to.
    fn check(doc: &CrosswordDoc) -> Result<CheckReport, Error> {
        let report = match doc.puz_decoded() {
            // The puzzle as read: not decoded again, the file not copied.
            Some((read, puzzle, decode_warnings)) => check::verify_decoded(read, puzzle, decode_warnings),
            // The entries as the file defines them (bars end entries), not as `.puz` would.
            None => check::verify_model(&checked_file(doc)?, doc.puzzle()),
        };
        let mut problems: Vec<Problem> = report
            .problems
            .iter()
            .map(|p| Problem::new(&format!("{}/{}", p.kind, p.name), p.message.clone()))
            .collect();
        // A clue the reader could not put on an entry of the grid: the puzzle as read is not
        // the puzzle the file holds.
        if !matches!(doc.source(), Source::Puz(_)) {
            for w in doc.warnings() {
                if w.message.contains("dropped") {
                    problems.push(Problem::new("clues/unplaced", w.to_string()));
                }
            }
        }
        let mut out = CheckReport::new(
            Self::NAME,
            doc.format_name(),
            format!("the puzzle verifies (fill {})", report.fill.name()),
            problems,
        )
        .fact(Fact::new("fill", report.fill.name()))
        .fact(Fact::with_text(
            "filled_cells",
            "filled cells",
            report.filled_cells,
            report.filled_cells.to_string(),
        ))
        .fact(Fact::with_text(
            "open_cells",
            "open cells",
            report.open_cells,
            report.open_cells.to_string(),
        ));
        out.notes = report.notes;
        Ok(out)
    }

    /// Text, SVG or PDF. The setting `with-clues` draws the print-ready page (SVG or PDF) on the
    /// setting `paper`; a PDF is always that page.
    fn render(doc: &CrosswordDoc, request: &RenderRequest) -> Result<Rendered, Error> {
        let bytes = draw(doc, request)?;
        Ok(Rendered { bytes, warnings: render_warnings(doc, request) })
    }
}

/// [`CrosswordKind::render`]'s picture.
fn draw(doc: &CrosswordDoc, request: &RenderRequest) -> Result<Vec<u8>, Error> {
    if let Some(select) = &request.select {
        return Err(Error::usage(format!("a crossword has one grid: nothing to select with `{select}`")));
    }
    // A paper no page can have is refused whatever the picture.
    #[cfg_attr(not(feature = "pdf"), allow(unused_variables))]
    let paper = paper(request)?;
    let p = doc.puzzle();
    // Colour is a preference of terminal text; the crossword text grid has none to give.
    match (request.picture, request.settings.flag("with-clues")) {
        #[cfg(feature = "pdf")]
        (Picture::Pdf, _) => pdf::pdf(&page::layout(p, paper)),
        #[cfg(feature = "pdf")]
        (Picture::Svg, true) => Ok(page::svg(&page::layout(p, paper)).into_bytes()),
        #[cfg(not(feature = "pdf"))]
        (Picture::Pdf, _) | (Picture::Svg, true) => Err(Error::new(
            ErrorKind::Unsupported,
            "this build of pzl has no print-ready page (PDF, SVG with clues)",
        )
        .hint(
            "it was built without the `pdf` feature (the command-line pzl and the Python package have it)",
        )),
        (Picture::Svg, false) => Ok(render::svg(p).into_bytes()),
        (Picture::Text, false) => Ok(render::text(p).into_bytes()),
        (Picture::Text, true) => {
            Err(Error::usage(format!("{} draws a page: write it as svg or pdf", mention("with-clues")))
                .hint(format!("use {} svg or {} pdf", mention("as"), mention("as"))))
        }
        (other, _) => Err(Error::usage(format!("cannot draw crosswords as `{other}`; use text, svg or pdf"))),
    }
}

/// The paper the setting `paper` names (letter when not given).
fn paper(request: &RenderRequest) -> Result<pzl_core::Paper, Error> {
    request.settings.text("paper").map_or(Ok(pzl_core::Paper::Letter), pzl_core::Paper::from_name)
}

/// Parse a lock key: one to four digits, `0000` to `9999`.
pub fn parse_key(text: &str) -> Result<u16, Error> {
    let valid = (1..=4).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit());
    text.parse::<u16>()
        .ok()
        .filter(|_| valid)
        .ok_or_else(|| Error::usage(format!("--key {text}: expected a four-digit key, 0000 to 9999")))
}

/// The `.puz` file of `doc`, or the error that only `.puz` files can be locked.
fn puz_of(doc: &CrosswordDoc, what: &str) -> Result<ReadPuz, Error> {
    match doc.source() {
        Source::Puz(read) => Ok(read.clone()),
        _ => Err(Error::usage(format!(
            "only .puz files can be {what}; this crossword was read as {}",
            doc.format_name()
        ))
        .hint("convert it to puz first")),
    }
}

/// The document of a `.puz` file just edited, as reading its bytes gives it.
fn relocked(read: ReadPuz) -> CrosswordDoc {
    let bytes = read.file.to_bytes();
    CrosswordDoc::from_puz(raw::read(&bytes).unwrap_or_else(|_| ReadPuz::verified(read.file)))
}

/// `doc` with its solution locked (scrambled) with `key` (0000-9999). Only `.puz` documents.
pub fn lock(doc: &CrosswordDoc, key: u16) -> Result<CrosswordDoc, Error> {
    let mut read = puz_of(doc, "locked")?;
    read.file.lock(key)?;
    Ok(relocked(read))
}

/// Every key the scrambled checksum of a locked `.puz` document admits, most plausible first.
pub fn unlock_candidates(doc: &CrosswordDoc) -> Result<Vec<Candidate>, Error> {
    Ok(puz_of(doc, "unlocked")?.file.unlock_candidates()?)
}

/// `doc` unlocked with `key`, or without a key by trying all 10,000 and taking the most
/// plausible one the checksum admits; also gives the key used. Only `.puz` documents.
pub fn unlock(doc: &CrosswordDoc, key: Option<u16>) -> Result<(CrosswordDoc, u16), Error> {
    let mut read = puz_of(doc, "unlocked")?;
    let key = match key {
        Some(key) => key,
        None => read.file.unlock_candidates()?.first().map(|c| c.key).ok_or(LockError::NoKey)?,
    };
    read.file.unlock(key)?;
    Ok((relocked(read), key))
}

/// Whether `warning` only repeats a problem of `report` (a checksum mismatch is both a read
/// warning and a check problem, with the same message): `check` callers leave those out.
pub fn repeats_problem(warning: &Warning, report: &CheckReport) -> bool {
    report.problems.iter().any(|p| p.message == warning.message)
}

impl std::fmt::Display for FillStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What the user should know about drawing `doc` with `request`: the characters of a print-ready
/// page that no font has (they print as an empty box).
fn render_warnings(doc: &CrosswordDoc, request: &RenderRequest) -> Vec<Warning> {
    let page = request.picture == Picture::Pdf
        || (request.picture == Picture::Svg && request.settings.flag("with-clues"));
    if !page {
        return Vec::new();
    }
    missing_glyphs(doc)
}

/// Without the print-ready page there are no fonts to miss.
#[cfg(not(feature = "pdf"))]
fn missing_glyphs(_doc: &CrosswordDoc) -> Vec<Warning> {
    Vec::new()
}

/// The warning that some characters of `doc`'s print-ready page have no font.
#[cfg(feature = "pdf")]
fn missing_glyphs(doc: &CrosswordDoc) -> Vec<Warning> {
    let fonts = page::fonts_for(doc.puzzle());
    let missing = fonts.missing();
    if missing.is_empty() {
        return Vec::new();
    }
    // The first few by name, the rest counted: a clue of 60,000 such characters is one short
    // line, not a megabyte of warning (finding N20l).
    const NAMED: usize = 10;
    let mut shown: Vec<String> =
        missing.iter().take(NAMED).map(|&ch| format!("{ch} (U+{:04X})", u32::from(ch))).collect();
    if missing.len() > NAMED {
        shown.push(format!("and {} more characters", missing.len() - NAMED));
    }
    vec![Warning::new(format!(
        "no font has {}: printed as an empty box; install a font that has them (e.g. fonts-noto-cjk, fonts-symbola)",
        shown.join(", ")
    ))]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_is_the_kinds_own() {
        for setting in CrosswordKind::settings() {
            assert_eq!(setting.kind, CrosswordKind::NAME, "{}", setting.name);
            assert!(!setting.verbs.is_empty() && !setting.help.is_empty(), "{}", setting.name);
        }
    }
}
