//! ipuz (ipuz.org v2) crosswords, crossword and diagramless kinds: read into a [`Puzzle`] and
//! written from one, with serde_json. Errors name the JSON path.

use serde_json::{Value, json};

use crate::error::{ParseError, Warning};
use crate::numbering::{BAR_BOTTOM, BAR_RIGHT, Direction, is_block};
use crate::puzzle::{CellLabel, CellStyle, Corner, Puzzle, SolutionState, Variety};
use crate::raw::{STATE_NO_SOLUTION, TYPE_DIAGRAMLESS};

const KIND: &str = "http://ipuz.org/crossword#1";
const KIND_DIAGRAMLESS: &str = "http://ipuz.org/crossword/diagramless#1";
const KIND_ACROSTIC: &str = "http://ipuz.org/acrostic#1";

/// The shading of a cell ipuz marks `"highlight": true` (no colour of its own).
pub const HIGHLIGHT: [u8; 3] = [0xc0, 0xc0, 0xc0];

/// The metadata fields of ipuz (beyond title, author, copyright and notes) the model keeps.
pub const METADATA: [&str; 9] =
    ["date", "editor", "publisher", "publication", "difficulty", "intro", "explanation", "url", "origin"];

/// Whether `bytes` look like an ipuz crossword (JSON naming the ipuz version and a crossword kind).
pub fn looks_like_ipuz(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes);
    text.trim_start().starts_with('{')
        && text.contains("ipuz.org/v")
        && (text.contains("ipuz.org/crossword") || text.contains("ipuz.org/acrostic"))
}

/// The ipuz document of `puzzle`, and what it could not carry.
pub fn write(puzzle: &Puzzle) -> (String, Vec<String>) {
    let mut dropped = Vec::new();
    let w = puzzle.width;
    let numbers = puzzle.cell_numbers();
    let rows = |f: &dyn Fn(usize) -> Value| -> Value {
        (0..puzzle.height).map(|r| (0..w).map(|c| f(r * w + c)).collect::<Vec<_>>()).collect()
    };
    let blocked = |i: usize| puzzle.solution.get(i).is_some_and(|&b| is_block(b));
    // Diagramless files written with `:` blocks keep them: ipuz lets the block string be chosen,
    // and it must not be the answer of an open cell (a letter `#` would read back as a block).
    let answers: Vec<String> =
        (0..puzzle.solution.len()).filter(|&i| !blocked(i)).map(|i| puzzle.cell_answer(i)).collect();
    // Nor a cell's own label: a cell labelled `#` would read back as a block, the grid changed.
    let labelled_as = |b: &str| puzzle.own_labels.iter().flatten().any(|l| l.number == b);
    let block = if puzzle.solution.contains(&b':') {
        ":"
    } else {
        ["#", ".", "█"]
            .into_iter()
            .find(|b| !answers.iter().any(|a| a == b) && !labelled_as(b))
            .unwrap_or("#")
    };
    let cells = rows(&|i| {
        let look = puzzle.style(i);
        // A void (outside the puzzle's shape) is ipuz's omitted cell.
        if look.void {
            return Value::Null;
        }
        let mut style = serde_json::Map::new();
        if let Some(rgb) = look.shade {
            style.insert("color".into(), json!(CellStyle::hex(rgb).trim_start_matches('#')));
        } else if let Some(n) = look.palette {
            style.insert("color".into(), json!(n));
        }
        if blocked(i) {
            return if style.is_empty() { json!(block) } else { json!({"cell": block, "style": style}) };
        }
        // The file's own label (`1A`) where it keeps one, else the grid's number.
        let n = match puzzle.own_labels.as_ref().and_then(|o| o.get(i)) {
            Some(own) => match own.number.as_str() {
                // No label, or one that would read back as a block (named as lost below).
                "" => json!(0),
                l if l == block => json!(0),
                l => match l.parse::<u64>() {
                    Ok(v) if !l.starts_with('0') => json!(v),
                    _ => json!(l),
                },
            },
            None => json!(numbers.get(i).copied().unwrap_or(0)),
        };
        let marks = puzzle.marks_of(i);
        if !marks.is_empty() {
            let mark: serde_json::Map<String, Value> =
                marks.iter().map(|(corner, text)| (corner.ipuz().to_string(), json!(text))).collect();
            style.insert("mark".into(), Value::Object(mark));
        }
        if puzzle.is_circled(i) {
            style.insert("shapebg".into(), json!("circle"));
        }
        // A cell's right and bottom bars; a bar whose owner (the cell left of or above it) is a
        // block, which ipuz styles no bar on, is this cell's left or top bar.
        let bar_of = |at: Option<usize>| puzzle.bars.as_ref().and_then(|b| b.get(at?)).copied().unwrap_or(0);
        let (r, c) = (i / w, i % w);
        let left = c.checked_sub(1).map(|c| r * w + c).filter(|&j| blocked(j));
        let above = r.checked_sub(1).map(|r| r * w + c).filter(|&j| blocked(j));
        let sides = [
            (bar_of(left) & BAR_RIGHT != 0, "L"),
            (bar_of(above) & BAR_BOTTOM != 0, "T"),
            (bar_of(Some(i)) & BAR_RIGHT != 0, "R"),
            (bar_of(Some(i)) & BAR_BOTTOM != 0, "B"),
        ];
        let sides: String = sides.iter().filter(|(on, _)| *on).map(|(_, s)| *s).collect();
        if !sides.is_empty() {
            style.insert("barred".into(), json!(sides));
        }
        // A given letter is the cell's `value` (ipuz's pre-filled cell).
        let given = puzzle.is_given(i).then(|| puzzle.cell_entry(i));
        match (given, style.is_empty()) {
            (None, true) => json!(n),
            (None, false) => json!({"cell": n, "style": style}),
            (Some(value), true) => json!({"cell": n, "value": value}),
            (Some(value), false) => json!({"cell": n, "style": style, "value": value}),
        }
    });
    // A label ipuz would read as no label (`0`, the empty value) or as a block.
    let unlabelled = puzzle
        .own_labels
        .iter()
        .flatten()
        .zip(&puzzle.solution)
        .filter(|(l, b)| {
            !is_block(**b) && (l.number == "0" || l.number == block || l.number.trim() != l.number)
        })
        .count();
    if unlabelled > 0 {
        dropped.push(format!("the labels of {unlabelled} cell(s) (`0`, the block `{block}` or spaces)"));
    }
    let diagramless = puzzle.puzzle_type & TYPE_DIAGRAMLESS != 0;
    let mut doc = json!({
        "version": "http://ipuz.org/v2",
        "kind": [match (puzzle.variety, diagramless) {
            (Some(Variety::Acrostic), _) => KIND_ACROSTIC,
            (None, true) => KIND_DIAGRAMLESS,
            (None, false) => KIND,
        }],
        "dimensions": {"width": w, "height": puzzle.height},
        "title": puzzle.title,
        "author": puzzle.author,
        "copyright": puzzle.copyright,
        "notes": puzzle.notes,
        "block": block,
        "empty": "0",
        "puzzle": cells,
    });
    for (key, value) in &puzzle.metadata {
        if METADATA.contains(&key.as_str()) {
            doc[key.as_str()] = json!(value);
        }
    }
    dropped.extend(puzzle.metadata_lost(&METADATA));
    match puzzle.state() {
        SolutionState::Plain => {
            doc["solution"] = rows(&|i| if blocked(i) { json!(block) } else { json!(puzzle.cell_answer(i)) });
        }
        SolutionState::Locked => dropped.push("the solution (the puzzle is locked)".to_string()),
        SolutionState::None => {}
    }
    // The player's fill (given letters are the puzzle's `value`s, not the player's).
    if puzzle.fill.iter().enumerate().any(|(i, &b)| b != b'-' && !is_block(b) && !puzzle.is_given(i)) {
        doc["saved"] = rows(&|i| {
            if blocked(i) {
                json!(block)
            } else {
                let entry = puzzle.cell_entry(i);
                json!(if entry == "-" { String::new() } else { entry })
            }
        });
    }
    let mut across = Vec::new();
    let mut down = Vec::new();
    // A puzzle clued only by its own lists (an acrostic, a rows garden) has no Across or Down
    // entries to write: empty lists, so that it reads back so.
    let own_lists_only = puzzle.clues.is_empty() && !puzzle.other_lists.is_empty();
    let mut unnamed = 0;
    for (k, entry) in puzzle.clue_entries().into_iter().enumerate().filter(|_| !own_lists_only) {
        let meta = puzzle.clue_meta_of(k);
        let clue = crate::markup::to_html(entry.clue.as_deref().unwrap_or_default(), &entry.markup);
        // The file's own number (JPZ, `.xd`) as ipuz's display `label`.
        let label = (entry.label != entry.slot.number.to_string()).then_some(&entry.label);
        // A word the file defines otherwise than as the slot's run: its `cells`, from 0.
        let own = !entry.cells.iter().copied().eq(entry.slot.cells(w));
        let item = match (entry.enumeration, label, own || !meta.is_empty()) {
            (None, None, false) => json!([entry.slot.number, clue]),
            (enumeration, label, _) => {
                let mut item = json!({"number": entry.slot.number, "clue": clue});
                if let Some(e) = enumeration {
                    item["enumeration"] = json!(e);
                }
                if let Some(l) = label {
                    item["label"] = json!(l);
                }
                if own {
                    item["cells"] = entry.cells.iter().map(|&i| json!([i % w, i / w])).collect();
                }
                unnamed += write_clue_meta(&mut item, meta, &puzzle.references(k));
                item
            }
        };
        match entry.slot.direction {
            Direction::Across => across.push(item),
            Direction::Down => down.push(item),
        }
    }
    doc["clues"] = json!({"Across": across, "Down": down});
    dropped.extend(puzzle.clue_meta_lost(&["hint", crate::puzzle::REFS_KEY, SEE_KEY, CONTINUED_KEY]));
    if unnamed > 0 {
        dropped.push(format!("{unnamed} ^See/^Continued word(s) that name no Across or Down clue"));
    }
    for list in &puzzle.other_lists {
        if matches!(list.title.as_str(), "Across" | "Down") || doc["clues"].get(&list.title).is_some() {
            dropped.push(format!("the clue list {:?} (its title is taken)", list.title));
            continue;
        }
        let clues: Vec<Value> = list
            .clues
            .iter()
            .map(|clue| {
                let mut item = serde_json::Map::new();
                if !clue.label.is_empty() {
                    item.insert("number".into(), json!(clue.label));
                }
                item.insert("clue".into(), json!(crate::markup::to_html(&clue.text, &clue.markup)));
                if !clue.enumeration.is_empty() {
                    item.insert("enumeration".into(), json!(clue.enumeration));
                }
                if !clue.cells.is_empty() {
                    item.insert("cells".into(), clue.cells.iter().map(|&i| json!([i % w, i / w])).collect());
                }
                Value::Object(item)
            })
            .collect();
        doc["clues"][list.title.as_str()] = json!(clues);
    }
    if puzzle.timer.is_some() {
        dropped.push("the timer".to_string());
    }
    // Given letters are written as `value`s; the other flags have no place.
    if puzzle.markup.as_ref().is_some_and(|m| m.iter().any(|&f| f & 0x38 != 0)) {
        dropped.push("cell flags other than circles and givens (incorrect, pencil)".to_string());
    }
    if !puzzle.puz.other_sections.is_empty() {
        dropped.push(format!("{} unknown section(s)", puzzle.puz.other_sections.len()));
    }
    let text = serde_json::to_string_pretty(&doc).unwrap_or_default();
    (text + "\n", dropped)
}

/// A clue's `Hint` metadata as ipuz `hints`, its cross-references as `references`
/// (`{"direction": "Across", "number": 5}`, a number when the label is one), `See`/`Continued`
/// as `see`/`continued`; returns how many words of those two name no clue (ipuz has no place
/// for them: the caller names them as lost).
fn write_clue_meta(item: &mut Value, meta: &[(String, String)], refs: &[crate::puzzle::ClueRef]) -> usize {
    let hints: Vec<&str> =
        meta.iter().filter(|(k, _)| k.eq_ignore_ascii_case("hint")).map(|(_, v)| v.as_str()).collect();
    if !hints.is_empty() {
        item["hints"] = json!(hints);
    }
    let cross = |r: &crate::puzzle::ClueRef| {
        let number = r.label.parse::<u64>().map_or_else(|_| json!(r.label), |n| json!(n));
        let direction = match &r.list {
            Some(list) => list.as_str(),
            None if r.direction == Direction::Across => "Across",
            None => "Down",
        };
        json!({"direction": direction, "number": number})
    };
    if !refs.is_empty() {
        item["references"] = refs.iter().map(cross).collect();
    }
    // `see` names one clue, `continued` a list.
    let mut unnamed = 0;
    for (key, field) in [(SEE_KEY, "see"), (CONTINUED_KEY, "continued")] {
        let words = meta
            .iter()
            .filter(|(k, _)| k.eq_ignore_ascii_case(key))
            .flat_map(|(_, v)| v.split([' ', ',', '\t']).filter(|w| !w.is_empty()));
        let mut named = Vec::new();
        for word in words {
            match crate::puzzle::ClueRef::parse(word) {
                Some(r) => named.push(cross(&r)),
                None => unnamed += 1,
            }
        }
        match (field, named.len()) {
            (_, 0) => {}
            ("see", 1) => item[field] = named.into_iter().next().unwrap_or_default(),
            _ => item[field] = Value::Array(named),
        }
    }
    unnamed
}

/// An Across or Down clue as listed: number, text, enumeration, and its display label.
type ListedClue = (u64, String, String, Option<String>, Vec<(String, String)>);

/// A clue object's `hints` and `references` as clue metadata (`Hint`, `Refs`: `.xd`'s keys);
/// a reference to a clue of a list other than Across and Down is kept as `[Title]label` (see
/// [`crate::puzzle::ClueRef`]); one that names no list or label is left out and counted.
fn clue_meta(o: &serde_json::Map<String, Value>, other_refs: &mut usize) -> Vec<(String, String)> {
    let mut meta = Vec::new();
    match o.get("hints") {
        Some(Value::Array(hints)) => {
            meta.extend(hints.iter().filter_map(text_of).map(|h| ("Hint".to_string(), h)));
        }
        Some(hint) => meta.extend(text_of(hint).map(|h| ("Hint".to_string(), h))),
        None => {}
    }
    // `references`, `see` (a "See 5 Across" clue's main clue) and `continued` (the clues a
    // clue runs on into): each a list of clue names, `.xd`'s `^Refs`, `^See`, `^Continued`.
    for (field, key) in
        [("references", crate::puzzle::REFS_KEY), ("see", SEE_KEY), ("continued", CONTINUED_KEY)]
    {
        let refs = match o.get(field) {
            Some(Value::Array(refs)) => refs.iter().collect(),
            Some(one @ Value::Object(_)) => vec![one],
            _ => Vec::new(),
        };
        let mut tokens = Vec::new();
        for r in refs {
            let direction = r.get("direction").and_then(Value::as_str).unwrap_or_default().trim();
            let label = r.get("number").and_then(text_of).map(|n| n.trim().to_string()).unwrap_or_default();
            let token = match direction.to_ascii_lowercase().as_str() {
                "across" => format!("A{label}"),
                "down" => format!("D{label}"),
                _ => format!("[{direction}]{label}"),
            };
            match crate::puzzle::ClueRef::parse(&token) {
                Some(r) => tokens.push(r.xd()),
                None => *other_refs += 1,
            }
        }
        if !tokens.is_empty() {
            meta.push((key.to_string(), tokens.join(" ")));
        }
    }
    meta
}

/// The clue metadata key of ipuz's `see` (`.xd` `^See: A5`).
pub const SEE_KEY: &str = "See";
/// The clue metadata key of ipuz's `continued` (`.xd` `^Continued: A5 D7`).
pub const CONTINUED_KEY: &str = "Continued";

/// An ipuz palette colour: a number (`2`), or a string of decimal digits that is no hex colour
/// (`"2"`; `"123"` is the colour `#112233`).
fn palette_of(colour: &Value) -> Option<u16> {
    match colour {
        Value::Number(n) => n.as_u64().and_then(|n| u16::try_from(n).ok()),
        Value::String(t) if CellStyle::parse_colour(t).is_none() => {
            let t = t.trim();
            (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())).then(|| t.parse().ok()).flatten()
        }
        _ => None,
    }
}

fn err(path: &str, message: impl Into<String>) -> ParseError {
    ParseError::at_path(path, message)
}

fn text_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Object(o) => o.get("value").and_then(text_of),
        _ => None,
    }
}

/// Read an ipuz crossword; the strings name what `.puz` cannot hold.
pub fn read(text: &str) -> Result<(Puzzle, Vec<String>), ParseError> {
    read_with_warnings(text).map(|(p, dropped, _)| (p, dropped))
}

/// Read an ipuz crossword: the puzzle, what `.puz` cannot hold, and the warnings (clues the grid
/// has no entry for, entries without a clue).
pub fn read_with_warnings(text: &str) -> Result<(Puzzle, Vec<String>, Vec<Warning>), ParseError> {
    let doc: Value = serde_json::from_str(text).map_err(|e| {
        // serde_json ends its message with the place, which the location already gives.
        let message = e.to_string();
        let place = format!(" at line {} column {}", e.line(), e.column());
        ParseError {
            location: crate::error::Location::line_column(e.line(), e.column()),
            message: message.strip_suffix(&place).unwrap_or(&message).to_string(),
        }
    })?;
    let mut dropped = Vec::new();
    let kinds: Vec<&str> = doc["kind"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    // An acrostic is read as a crossword whose grid is the quote and whose clues are another
    // list (`Clues`) with cells.
    let acrostic = kinds.iter().any(|k| k.contains("ipuz.org/acrostic"));
    if !acrostic && !kinds.iter().any(|k| k.contains("ipuz.org/crossword")) {
        return Err(err(
            "$.kind",
            "expected a crossword or acrostic kind (http://ipuz.org/crossword#1, http://ipuz.org/acrostic#1)",
        ));
    }
    let dim = |key: &str| {
        doc["dimensions"][key]
            .as_u64()
            .filter(|n| (1..=255).contains(n))
            .map(|n| n as usize)
            .ok_or_else(|| err(&format!("$.dimensions.{key}"), "expected a number from 1 to 255"))
    };
    let (w, h) = (dim("width")?, dim("height")?);
    let block = doc["block"].as_str().unwrap_or("#").to_string();
    let block_byte = if block == ":" { b':' } else { b'.' };
    let grid_rows = |key: &str| -> Result<Option<Vec<Vec<Value>>>, ParseError> {
        let Some(rows) = doc.get(key).filter(|v| !v.is_null()) else { return Ok(None) };
        let rows = rows.as_array().ok_or_else(|| err(&format!("$.{key}"), "expected an array of rows"))?;
        if rows.len() != h {
            return Err(err(&format!("$.{key}"), format!("expected {h} rows, found {}", rows.len())));
        }
        rows.iter()
            .enumerate()
            .map(|(r, row)| match row.as_array() {
                Some(cells) if cells.len() == w => Ok(cells.clone()),
                _ => Err(err(&format!("$.{key}[{r}]"), format!("expected a row of {w} cells"))),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    };
    let shape = grid_rows("puzzle")?.ok_or_else(|| err("$.puzzle", "missing"))?;
    let solution = grid_rows("solution")?;
    let saved = grid_rows("saved")?;
    let mut p = Puzzle::new(w, h);
    if acrostic {
        p.variety = Some(Variety::Acrostic);
    }
    p.title = doc["title"].as_str().unwrap_or_default().to_string();
    p.author = doc["author"].as_str().unwrap_or_default().to_string();
    p.copyright = doc["copyright"].as_str().unwrap_or_default().to_string();
    p.notes = doc["notes"].as_str().unwrap_or_default().to_string();
    for key in METADATA {
        if let Some(value) = doc[key].as_str().filter(|v| !v.is_empty()) {
            p.metadata.push((key.to_string(), value.to_string()));
        }
    }
    let is_block_value =
        |v: &Value| v.is_null() || text_of(v).or_else(|| text_of(&v["cell"])).is_some_and(|t| t == block);
    let mut styles: Vec<CellStyle> = Vec::new();
    let mut rebus_lost = 0usize;
    // What an empty cell holds (`"empty"`, `0` unless the file says otherwise).
    let empty = text_of(&doc["empty"]).unwrap_or_else(|| "0".to_string());
    // The labels the file prints in its cells: `cell` (a number or a label such as `1A`) and
    // the style's `mark` (`{"TR": "a"}`).
    let mut own_labels: Vec<CellLabel> = Vec::new();
    for r in 0..h {
        for c in 0..w {
            let i = r * w + c;
            let cell = &shape[r][c];
            let style = &cell["style"];
            let number = match cell.get("cell").unwrap_or(cell) {
                Value::Number(n) => n.to_string(),
                Value::String(t) => t.trim().to_string(),
                _ => String::new(),
            };
            let number =
                if number == block || number == empty || number == "0" { String::new() } else { number };
            let mut marks: Vec<(Corner, String)> = style["mark"]
                .as_object()
                .into_iter()
                .flatten()
                .filter_map(|(k, v)| Some((Corner::parse(k)?, text_of(v)?.trim().to_string())))
                .filter(|(_, t)| !t.is_empty())
                .collect();
            marks.sort_by_key(|(corner, _)| *corner);
            marks.dedup_by_key(|(corner, _)| *corner);
            if !number.is_empty() || !marks.is_empty() {
                own_labels.resize(w * h, CellLabel::default());
                own_labels[i] = CellLabel { number, marks };
            }
            // Shading: a hex colour, or a palette number (`2`, `"2"`: the application's colour).
            // `highlight` (a highlighted cell without a colour of its own) is a light grey, as
            // kotwords shows it.
            let colour = style["color"].as_str().filter(|c| !c.is_empty()).and_then(CellStyle::parse_colour);
            let palette = palette_of(&style["color"]).filter(|_| colour.is_none());
            let shade = colour.or_else(|| {
                (palette.is_none() && style["highlight"] == Value::Bool(true)).then_some(HIGHLIGHT)
            });
            let look = CellStyle { shade, void: cell.is_null(), palette };
            if !look.is_plain() {
                styles.resize(w * h, CellStyle::default());
                styles[i] = look;
            }
            // A diagramless puzzle hides its blocks from the solver: the solution has them.
            let solution_block = solution.as_ref().is_some_and(|s| is_block_value(&s[r][c]));
            if is_block_value(cell) || solution_block {
                p.solution[i] = block_byte;
                p.fill[i] = block_byte;
                let other =
                    style.as_object().is_some_and(|o| o.keys().any(|k| k != "color" && k != "highlight"))
                        || (!style["color"].is_null() && colour.is_none() && palette.is_none());
                if other {
                    dropped.push(format!("the style of cell $.puzzle[{r}][{c}]"));
                }
                continue;
            }
            if let Some(sides) = style["barred"].as_str() {
                // A bar on a cell's left or top edge is its neighbour's right or bottom bar;
                // left and top bars on the grid's edge change no entry.
                let mut set = |at: Option<usize>, flag: u8| {
                    if let Some(at) = at {
                        p.bars.get_or_insert_with(|| vec![0; w * h])[at] |= flag;
                    }
                };
                for side in sides.chars() {
                    match side.to_ascii_uppercase() {
                        'R' => set(Some(i), BAR_RIGHT),
                        'B' => set(Some(i), BAR_BOTTOM),
                        'L' => set(c.checked_sub(1).map(|c| r * w + c), BAR_RIGHT),
                        'T' => set(r.checked_sub(1).map(|r| r * w + c), BAR_BOTTOM),
                        _ => {}
                    }
                }
            }
            if style["shapebg"].as_str() == Some("circle") {
                p.set_circled(pzl_grid::Pos::new(r, c), true);
            }
            // A pre-filled cell's `value`: a given letter.
            if let Some(value) = cell.get("value").and_then(text_of).filter(|v| !v.trim().is_empty()) {
                p.set_given(i, value.trim());
            }
            let other = style.as_object().is_some_and(|o| {
                o.iter().any(|(k, v)| match k.as_str() {
                    "barred" | "mark" => false,
                    "highlight" => v != &Value::Bool(true) && v != &Value::Bool(false),
                    "shapebg" => v.as_str() != Some("circle"),
                    // An empty colour or black text is the default look.
                    "color" => v.as_str() != Some("") && colour.is_none() && palette.is_none(),
                    "colortext" => !matches!(v.as_str(), Some("" | "000000")),
                    _ => true,
                })
            });
            if other {
                dropped.push(format!("the style of cell $.puzzle[{r}][{c}]"));
            }
            if let Some(answer) = solution.as_ref().and_then(|s| text_of(&s[r][c])).filter(|a| !a.is_empty())
            {
                let upper = answer.to_uppercase();
                // Several letters, or one a `.puz` byte cannot hold (`É`, `Ñ`) or that is a block
                // byte (`.`: an acrostic's full stop): a rebus, as the xd and JPZ readers make it
                // (findings N12), never a silent `X` or a block.
                let blockish = upper.len() == 1 && is_block(upper.as_bytes()[0]);
                if (upper.chars().count() > 1 || !upper.is_ascii() || blockish)
                    && !p.set_rebus(pzl_grid::Pos::new(r, c), &upper)
                {
                    rebus_lost += 1;
                }
                p.solution[i] =
                    upper.bytes().next().filter(|b| b.is_ascii() && !is_block(*b)).unwrap_or(b'X');
            }
            if let Some(entry) =
                saved.as_ref().and_then(|s| text_of(&s[r][c])).filter(|e| !e.is_empty() && !p.is_given(i))
            {
                p.fill[i] = entry.bytes().next().filter(u8::is_ascii).unwrap_or(b'X');
                if entry.chars().count() > 1 || !entry.is_ascii() {
                    let cells = w * h;
                    p.user_rebus.get_or_insert_with(|| vec![String::new(); cells])[i] = entry;
                }
            }
        }
    }
    if !styles.is_empty() {
        p.styles = Some(styles);
    }
    if solution.is_none() {
        p.solution_state = STATE_NO_SOLUTION;
    }
    if rebus_lost > 0 {
        dropped.push(format!(
            "the answers of {rebus_lost} cell(s) past the {} distinct rebus answers a puzzle holds \
             or longer than its {} bytes (only their first letter is kept)",
            crate::puzzle::MAX_REBUS_ANSWERS,
            crate::puzzle::MAX_REBUS_ANSWER_BYTES
        ));
    }
    if kinds.iter().any(|k| k.contains("diagramless")) {
        p.puzzle_type |= TYPE_DIAGRAMLESS;
    }
    // Clues by number and direction, placed in the grid's slot order.
    let mut other_refs = 0;
    let mut clue_list = |key: &str| -> Result<Vec<ListedClue>, ParseError> {
        let list = doc["clues"][key].as_array().cloned().unwrap_or_default();
        list.iter()
            .enumerate()
            .map(|(n, item)| {
                let path = format!("$.clues.{key}[{n}]");
                let (number, clue, enumeration, label, meta) = match item {
                    Value::Array(pair) if pair.len() >= 2 => {
                        (pair[0].clone(), pair[1].clone(), Value::Null, Value::Null, Vec::new())
                    }
                    Value::Object(o) => (
                        o.get("number").cloned().unwrap_or_default(),
                        o.get("clue").cloned().unwrap_or_default(),
                        o.get("enumeration").cloned().unwrap_or_default(),
                        o.get("label").cloned().unwrap_or_default(),
                        clue_meta(o, &mut other_refs),
                    ),
                    _ => return Err(err(&path, "expected [number, clue] or {\"number\", \"clue\"}")),
                };
                let number = text_of(&number)
                    .and_then(|t| t.parse::<u64>().ok())
                    .ok_or_else(|| err(&path, "expected a clue number"))?;
                let label = text_of(&label).map(|l| l.trim().to_string()).filter(|l| !l.is_empty());
                Ok((
                    number,
                    text_of(&clue).unwrap_or_default(),
                    text_of(&enumeration).unwrap_or_default(),
                    label,
                    meta,
                ))
            })
            .collect()
    };
    let across = clue_list("Across")?;
    let down = clue_list("Down")?;
    if other_refs > 0 {
        dropped.push(format!("{other_refs} cross-reference(s) naming no clue list or no clue"));
    }
    let slots = p.slots();
    let nums =
        clue_numbers(&slots, &own_labels, &across, &down, kinds.iter().any(|k| k.contains("diagramless")), w);
    let mut warnings = Vec::new();
    let mut unclued = Vec::new();
    let mut enumerations = Vec::with_capacity(slots.len());
    let mut meta: Vec<Vec<(String, String)>> = Vec::with_capacity(slots.len());
    let mut markup = Vec::with_capacity(slots.len());
    // The clue numbers as the file labels them ("" for an entry without a clue).
    let mut labels = Vec::with_capacity(slots.len());
    p.clues = slots
        .iter()
        .zip(&nums)
        .map(|(s, &num)| {
            let list = if s.direction == Direction::Across { &across } else { &down };
            let found = list.iter().find(|(n, _, _, _, _)| Some(*n) == num);
            enumerations.push(found.map(|(_, _, e, _, _)| e.clone()).unwrap_or_default());
            meta.push(found.map(|(_, _, _, _, m)| m.clone()).unwrap_or_default());
            labels.push(match found {
                Some((_, _, _, Some(label), _)) => label.clone(),
                Some((n, ..)) => n.to_string(),
                None => String::new(),
            });
            match found {
                Some((_, c, _, _, _)) => {
                    // ipuz clues may hold HTML: its style tags become the clue's markup.
                    let (plain, spans) = crate::markup::from_html(c);
                    markup.push(spans);
                    plain
                }
                None => {
                    markup.push(Vec::new());
                    unclued.push(format!(
                        "{}{}",
                        s.number,
                        if s.direction == Direction::Across { 'A' } else { 'D' }
                    ));
                    String::new()
                }
            }
        })
        .collect();
    for (key, list, d) in [("Across", &across, Direction::Across), ("Down", &down, Direction::Down)] {
        for (n, _, _, _, _) in list.iter() {
            if !slots.iter().zip(&nums).any(|(s, &num)| s.direction == d && num == Some(*n)) {
                warnings.push(Warning::new(format!(
                    "clue {n} of the {key} list dropped: the grid has no {} entry numbered {n}",
                    d.name()
                )));
                dropped.push(format!("clue {n} {}", d.name()));
            }
        }
    }
    if enumerations.iter().any(|e| !e.is_empty()) {
        p.enumerations = Some(enumerations);
    }
    if labels.iter().zip(&slots).any(|(l, s)| !l.is_empty() && *l != s.number.to_string()) {
        p.labels = Some(labels);
    }
    if markup.iter().any(|m| !m.is_empty()) {
        p.clue_markup = Some(markup);
    }
    if meta.iter().any(|m| !m.is_empty()) {
        p.clue_meta = Some(meta);
    }
    let any_clue = !across.is_empty() || !down.is_empty();
    if any_clue && !unclued.is_empty() {
        let shown: Vec<&str> = unclued.iter().take(8).map(String::as_str).collect();
        warnings.push(Warning::new(format!(
            "{} grid entr{} without a clue: {}{}",
            unclued.len(),
            if unclued.len() == 1 { "y" } else { "ies" },
            shown.join(" "),
            if unclued.len() > 8 { " …" } else { "" }
        )));
    }
    // What a JPZ reader accepts bounds the cells the file's own words may hold: each word at
    // most the grid, all of them (beside the grid's own entries, two a cell) at most
    // `WORD_CELLS_PER_CELL - 2` a cell, so that whatever is read here can be written as JPZ and
    // read back (the writers do not read their output back in release builds).
    let mut budget = (super::jpz::WORD_CELLS_PER_CELL - 2) * w * h;
    p.words = own_words(&doc, &slots, &nums, w, h, &mut budget, &mut warnings);
    p.other_lists = other_lists(&doc, w, h, &mut budget, &mut warnings)?;
    // A puzzle clued only by its own lists (an acrostic's `Clues`) has no Across or Down
    // entries: its grid's runs are no clues.
    if !any_clue && !p.other_lists.is_empty() {
        p.clues.clear();
    }
    // A diagramless grid's numbers are the solver's blank grid's (they place no entry).
    if !own_labels.is_empty() && !kinds.iter().any(|k| k.contains("diagramless")) {
        p.keep_own_labels(own_labels);
    }
    Ok((p, dropped, warnings))
}

/// The number each slot's clue is listed under: the grid's number, or — in a grid whose cells
/// carry numbers of the file's own that place at least as many of the listed clues (Forkyz's
/// and kotwords' "unnumbered words": an entry the file leaves unnumbered shifts every later
/// number) — the number the solver sees in the slot's first cell (`None` where it has none).
fn clue_numbers(
    slots: &[crate::numbering::Slot],
    own_labels: &[CellLabel],
    across: &[ListedClue],
    down: &[ListedClue],
    diagramless: bool,
    w: usize,
) -> Vec<Option<u64>> {
    let grid: Vec<Option<u64>> = slots.iter().map(|s| Some(u64::from(s.number))).collect();
    if own_labels.is_empty() || diagramless {
        return grid;
    }
    let placed = |nums: &[Option<u64>]| {
        let mut n = 0;
        for (list, d) in [(across, Direction::Across), (down, Direction::Down)] {
            n += list
                .iter()
                .filter(|c| slots.iter().zip(nums).any(|(s, &num)| s.direction == d && num == Some(c.0)))
                .count();
        }
        n
    };
    let file: Vec<Option<u64>> = slots
        .iter()
        .map(|s| {
            own_labels
                .get(s.start.row * w + s.start.col)
                .and_then(|l| l.number.parse::<u64>().ok())
                .filter(|&n| n > 0)
        })
        .collect();
    if file == grid {
        return grid;
    }
    // A number the cells give two entries of one direction would put one clue on both: such
    // numbers are no numbering of the entries.
    let mut seen = std::collections::HashSet::new();
    if slots
        .iter()
        .zip(&file)
        .any(|(s, num)| num.is_some_and(|n| !seen.insert((s.direction == Direction::Across, n))))
    {
        return grid;
    }
    let on_file = placed(&file);
    if on_file > 0 && on_file >= placed(&grid) { file } else { grid }
}

/// A clue's `cells` as `(column, row)` pairs as written.
fn coords(item: &Value) -> Vec<(u64, u64)> {
    item["cells"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| Some((c[0].as_u64()?, c[1].as_u64()?)))
        .collect()
}

/// Where the file counts cells from: 0 (ipuz), or 1 when a cell of some clue sits on the far
/// edge and none on the near one (forkyz's zones).
fn cell_base(doc: &Value, w: usize, h: usize) -> u64 {
    let all = || {
        doc["clues"]
            .as_object()
            .into_iter()
            .flatten()
            .flat_map(|(_, l)| l.as_array().into_iter().flatten())
            .flat_map(coords)
    };
    u64::from(all().any(|(x, y)| x == w as u64 || y == h as u64) && all().all(|(x, y)| x > 0 && y > 0))
}

/// The `cells` an Across or Down clue gives when they are not its slot's run: one list per slot
/// (empty = the slot's own), `None` when every word is its slot.
fn own_words(
    doc: &Value,
    slots: &[crate::numbering::Slot],
    nums: &[Option<u64>],
    w: usize,
    h: usize,
    budget: &mut usize,
    warnings: &mut Vec<Warning>,
) -> Option<Vec<Vec<usize>>> {
    let base = cell_base(doc, w, h);
    let mut words = vec![Vec::new(); slots.len()];
    for (key, d) in [("Across", Direction::Across), ("Down", Direction::Down)] {
        for (n, item) in doc["clues"][key].as_array().into_iter().flatten().enumerate() {
            let given = coords(item);
            if given.is_empty() {
                continue;
            }
            let number = text_of(&item["number"]).and_then(|t| t.parse::<u64>().ok());
            let Some(k) = slots
                .iter()
                .zip(nums)
                .position(|(s, &num)| s.direction == d && number.is_some() && num == number)
            else {
                continue;
            };
            let cells: Option<Vec<usize>> = given
                .iter()
                .map(|&(x, y)| {
                    let (x, y) = (x.checked_sub(base)?, y.checked_sub(base)?);
                    (x < w as u64 && y < h as u64).then(|| y as usize * w + x as usize)
                })
                .collect();
            match cells {
                Some(cells) if cells.len() > w * h || cells.len() > *budget => warnings.push(Warning::new(format!(
                    "$.clues.{key}[{n}]: the word's {} cells are more than the grid's words can hold; the word is its entry's cells",
                    cells.len()
                ))),
                Some(cells) if !cells.iter().copied().eq(slots[k].cells(w)) => {
                    *budget -= cells.len();
                    words[k] = cells
                }
                Some(_) => {}
                None => warnings.push(Warning::new(format!(
                    "$.clues.{key}[{n}]: a cell is outside the {w}x{h} grid; the word is its entry's cells"
                ))),
            }
        }
    }
    words.iter().any(|c| !c.is_empty()).then_some(words)
}

/// The clue lists other than Across and Down (acrostic `Clues`, `Zones:…`, a diagonal), each
/// clue with its label, text, markup, enumeration and `cells`. ipuz writes cells as `[column,
/// row]`, from 0; a file counting from 1 (forkyz's zones) is known by a cell on the far edge.
fn other_lists(
    doc: &Value,
    w: usize,
    h: usize,
    budget: &mut usize,
    warnings: &mut Vec<Warning>,
) -> Result<Vec<crate::puzzle::OtherList>, ParseError> {
    let lists: Vec<(&String, &Value)> = doc["clues"]
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(k, _)| !matches!(k.as_str(), "Across" | "Down"))
        .collect();
    let base = cell_base(doc, w, h);
    let mut out = Vec::new();
    for (key, list) in lists {
        let items =
            list.as_array().ok_or_else(|| err(&format!("$.clues.{key}"), "expected an array of clues"))?;
        let mut clues = Vec::with_capacity(items.len());
        for (n, item) in items.iter().enumerate() {
            let (label, clue, enumeration) = match item {
                Value::Array(pair) if pair.len() >= 2 => (text_of(&pair[0]), &pair[1], None),
                Value::Object(o) => (
                    o.get("label").and_then(text_of).or_else(|| o.get("number").and_then(text_of)),
                    o.get("clue").unwrap_or(&Value::Null),
                    o.get("enumeration").and_then(text_of),
                ),
                Value::String(_) => (None, item, None),
                _ => {
                    return Err(err(
                        &format!("$.clues.{key}[{n}]"),
                        "expected a clue: [number, clue], {\"number\", \"clue\"} or a string",
                    ));
                }
            };
            let (text, markup) = crate::markup::from_html(&text_of(clue).unwrap_or_default());
            let mut cells = Vec::new();
            for (x, y) in coords(item) {
                match (x.checked_sub(base), y.checked_sub(base)) {
                    (Some(x), Some(y)) if x < w as u64 && y < h as u64 => {
                        cells.push(y as usize * w + x as usize)
                    }
                    _ => {
                        warnings.push(Warning::new(format!(
                            "$.clues.{key}[{n}]: the cell [{x}, {y}] is outside the {w}x{h} grid; left out of its word"
                        )));
                    }
                }
            }
            if cells.len() > w * h || cells.len() > *budget {
                warnings.push(Warning::new(format!(
                    "$.clues.{key}[{n}]: the word's {} cells are more than the grid's words can hold; the clue is kept without them",
                    cells.len()
                )));
                cells.clear();
            }
            *budget -= cells.len();
            clues.push(crate::puzzle::OtherClue {
                label: label.unwrap_or_default(),
                text,
                markup,
                enumeration: enumeration.unwrap_or_default(),
                cells,
            });
        }
        out.push(crate::puzzle::OtherList { title: key.clone(), clues });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pzl_grid::Pos;

    #[test]
    fn a_json_error_names_its_place_once() {
        let e = read("{\n  \"kind\": [1,\n  2: 3}").unwrap_err();
        let shown = e.to_string();
        assert!(shown.contains("line 3"), "{shown}");
        assert!(!shown.contains(" at line "), "the place is given twice: {shown}");
    }

    #[test]
    fn a_puzzle_survives_ipuz() {
        let mut p = Puzzle::new(3, 3);
        p.set_solution_rows(&["CAT", "..A", "..R"]);
        p.clues = vec!["Pet".into(), "Sticky stuff".into()];
        p.title = "Tiny ⚔".into();
        p.set_rebus(Pos::new(0, 0), "CAT");
        p.set_circled(Pos::new(2, 2), true);
        let (text, dropped) = write(&p);
        assert!(dropped.is_empty());
        let (q, warnings) = read(&text).unwrap();
        assert!(warnings.is_empty());
        assert_eq!((q.title.as_str(), &q.clues, &q.solution), (p.title.as_str(), &p.clues, &p.solution));
        assert_eq!(q.rebus.as_ref().unwrap().answer(0), Some("CAT"));
        assert!(q.is_circled(8));
    }

    #[test]
    fn malformed_ipuz_names_the_json_path() {
        let missing = r#"{"version":"http://ipuz.org/v2","kind":["http://ipuz.org/crossword#1"]}"#;
        assert!(read(missing).unwrap_err().to_string().contains("$.dimensions.width"));
        let rows = r#"{"kind":["http://ipuz.org/crossword#1"],"dimensions":{"width":2,"height":2},"puzzle":[[0,0],[0]]}"#;
        assert!(read(rows).unwrap_err().to_string().contains("$.puzzle[1]"));
        assert!(read("{").is_err());
    }
}
