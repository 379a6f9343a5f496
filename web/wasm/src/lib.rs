//! The pzl facade for the browser: a [`Puzzle`] opened from bytes or a shared text, and the verbs
//! the page needs, each answering JSON (or SVG/HTML text). No format or rule lives here: every
//! answer comes from the `pzl` crates.

use pzl::{Document, Open, Picture, RenderRequest, SolveRequest};
use pzl_crossword::numbering::is_block;
use pzl_masyu::EdgeState;
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

fn js(e: pzl::Error) -> JsError {
    let mut text = e.to_string();
    if let Some(hint) = &e.hint {
        text.push_str(&format!(" ({hint})"));
    }
    JsError::new(&text)
}

fn to_json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| json!({ "error": e.to_string() }).to_string())
}

/// A puzzle file opened in the page.
#[wasm_bindgen]
pub struct Puzzle {
    doc: Document,
    name: String,
    warnings: Vec<String>,
}

fn open_doc(bytes: &[u8], name: &str, from: &str) -> Result<Puzzle, JsError> {
    let open = if from.is_empty() { Open::default() } else { Open::from_name(from).map_err(js)? };
    let parsed = Document::read(bytes, name, None, &open).map_err(js)?;
    let mut doc = parsed.value;
    // A resource file holding one MacPoly puzzle opens that puzzle.
    if let Document::Mac(_) = &doc
        && let Ok(only) = doc.pick(&pzl::Pick::default())
    {
        doc = only;
    }
    let warnings = parsed.warnings.iter().map(|w| w.to_string()).collect();
    Ok(Puzzle { doc, name: name.to_string(), warnings })
}

/// Open the file `name` (its name helps detect the format); `from` names a format (`apad:weekday`)
/// or is empty to detect it.
#[wasm_bindgen]
pub fn open(bytes: &[u8], name: &str, from: &str) -> Result<Puzzle, JsError> {
    open_doc(bytes, name, from)
}

/// An archive or disk image dropped on the page (StuffIt, Compact Pro, HFS, HFS+, MFS,
/// DiskCopy 4.2, `.img.gz`, also in BinHex or MacBinary): `pzl info` as JSON, its `members` fact
/// listing every member; `null` when the file is not one.
#[wasm_bindgen]
pub fn container_info(bytes: &[u8], name: &str) -> Result<String, JsError> {
    match pzl::container::info(bytes, name, None) {
        Some(info) => Ok(to_json(&info.map_err(js)?)),
        None => Ok("null".into()),
    }
}

/// Open member `member` (`Folder/File`, as `container_info` lists it) of an archive or image.
#[wasm_bindgen]
pub fn open_member(bytes: &[u8], name: &str, member: &str) -> Result<Puzzle, JsError> {
    let parsed = pzl::container::open_member(bytes, name, member, &Open::default()).map_err(js)?;
    let mut doc = parsed.value;
    if let Document::Mac(_) = &doc
        && let Ok(only) = doc.pick(&pzl::Pick::default())
    {
        doc = only;
    }
    let warnings = parsed.warnings.iter().map(|w| w.to_string()).collect();
    Ok(Puzzle { doc, name: format!("{name}#{member}"), warnings })
}

/// Open a puzzle shared as text: a puzz.link URL, a Tatham id, a TootSweet string, a pzl-pack file…
#[wasm_bindgen]
pub fn open_text(text: &str) -> Result<Puzzle, JsError> {
    let trimmed = format!("{}\n", text.trim());
    open_doc(trimmed.as_bytes(), "link", "")
}

/// Every format pzl knows, as JSON.
#[wasm_bindgen]
pub fn formats() -> String {
    to_json(&pzl::FormatList::new())
}

fn edge_state(s: EdgeState) -> u8 {
    match s {
        EdgeState::Unknown => 0,
        EdgeState::Line => 1,
        EdgeState::Cross => 2,
    }
}

#[wasm_bindgen]
impl Puzzle {
    /// `masyu`, `crossword`, `apad`, `poly`, `mac`.
    pub fn kind(&self) -> String {
        self.doc.kind().to_string()
    }

    /// The format's name.
    pub fn format(&self) -> String {
        self.doc.format().name().to_string()
    }

    /// The name it was opened as.
    pub fn name(&self) -> String {
        self.name.clone()
    }

    /// The reader's warnings, as a JSON list of strings.
    pub fn warnings(&self) -> String {
        to_json(&self.warnings)
    }

    /// `pzl info` as JSON.
    pub fn info(&self) -> Result<String, JsError> {
        Ok(to_json(&self.doc.info(&pzl::InfoRequest::FULL).map_err(js)?))
    }

    /// `pzl check` as JSON (for Masyu, of the lines drawn so far).
    pub fn check(&self) -> Result<String, JsError> {
        Ok(to_json(&self.doc.check().map_err(js)?))
    }

    /// Draw as `svg`, `html` (with clues: the print page) or `text`.
    pub fn render(&self, picture: &str, select: &str, with_clues: bool) -> Result<String, JsError> {
        let mut request = RenderRequest::new(Picture::from_name(picture).map_err(js)?);
        request.select = (!select.is_empty()).then(|| select.to_string());
        request.with_clues = with_clues;
        let bytes = self.doc.render(&request).map_err(js)?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// The document written as `format` (text formats; binary bytes are given lossily).
    pub fn write(&self, format: &str) -> Result<Vec<u8>, JsError> {
        let to = pzl::Format::from_name(format).map_err(js)?;
        Ok(self.doc.write(to).map_err(js)?.bytes)
    }

    /// Solve. `options` is JSON: `{"trace":bool,"all":bool,"distinct":bool,"limit":n,"timeout":s,
    /// "human":bool,"count":bool,"svg":bool}`. Answers `{report, solutions:[text], svgs:[svg],
    /// edges:[[0|1|2…]] (Masyu), trace (JSONL), micros}`.
    pub fn solve(&self, options: &str) -> Result<String, JsError> {
        let o: Value = serde_json::from_str(if options.is_empty() { "{}" } else { options })
            .map_err(|e| JsError::new(&e.to_string()))?;
        let flag = |k: &str| o.get(k).and_then(Value::as_bool).unwrap_or(false);
        let request = SolveRequest {
            trace: flag("trace"),
            all: flag("all"),
            distinct: flag("distinct"),
            human: flag("human"),
            count: flag("count"),
            limit: o.get("limit").and_then(Value::as_u64),
            timeout: o
                .get("timeout")
                .and_then(Value::as_f64)
                .and_then(|s| std::time::Duration::try_from_secs_f64(s).ok()),
            ..SolveRequest::default()
        };
        let solution = self.doc.solve(&request).map_err(js)?;
        let mut texts = Vec::new();
        let mut svgs = Vec::new();
        let mut edges = Vec::new();
        for doc in solution.solutions.iter().take(200) {
            texts.push(
                doc.write(doc.format())
                    .map(|w| String::from_utf8_lossy(&w.bytes).into_owned())
                    .unwrap_or_default(),
            );
            if flag("svg") {
                svgs.push(
                    doc.render(&RenderRequest::new(Picture::Svg))
                        .map(|b| String::from_utf8_lossy(&b).into_owned())
                        .unwrap_or_default(),
                );
            }
            if let Document::Masyu(d) = doc {
                edges.push(d.value.edge_states().iter().map(|&s| edge_state(s)).collect::<Vec<u8>>());
            }
        }
        Ok(json!({
            "report": solution.report,
            "solutions": texts,
            "svgs": svgs,
            "edges": edges,
            "trace": solution.trace,
        })
        .to_string())
    }

    // ---- Masyu ----

    /// The Masyu board: `{width, height, rows:["..B."…], edges:[0 unknown|1 line|2 cross…],
    /// ends:[[r1,c1,r2,c2]…]}` (edges in pzl's flat numbering).
    pub fn masyu(&self) -> Result<String, JsError> {
        let board = self.masyu_board()?;
        let index = board.edge_index();
        let rows: Vec<String> = (0..board.height())
            .map(|r| {
                (0..board.width())
                    .map(|c| match board.cell(pzl_masyu::Pos::new(r, c)) {
                        pzl_masyu::Cell::Empty => '.',
                        pzl_masyu::Cell::White => 'W',
                        pzl_masyu::Cell::Black => 'B',
                    })
                    .collect()
            })
            .collect();
        let ends: Vec<[usize; 4]> = (0..index.count())
            .map(|n| {
                let (a, b) = index.edge(n).cells();
                [a.row, a.col, b.row, b.col]
            })
            .collect();
        let edges: Vec<u8> = board.edge_states().iter().map(|&s| edge_state(s)).collect();
        Ok(json!({"width": board.width(), "height": board.height(), "rows": rows, "edges": edges, "ends": ends}).to_string())
    }

    /// Replace the Masyu board's lines and crosses (0 unknown, 1 line, 2 cross, per edge).
    pub fn set_masyu_edges(&mut self, edges: &[u8]) -> Result<(), JsError> {
        let Document::Masyu(d) = &mut self.doc else {
            return Err(JsError::new("not a Masyu puzzle"));
        };
        if edges.len() != d.value.edge_states().len() {
            return Err(JsError::new("wrong number of edges"));
        }
        for (n, &e) in edges.iter().enumerate() {
            let state = match e {
                1 => EdgeState::Line,
                2 => EdgeState::Cross,
                _ => EdgeState::Unknown,
            };
            d.value.set_edge_by_number(n, state);
        }
        Ok(())
    }

    /// The next deduction from the lines drawn so far, or the first wrong one, as JSON.
    pub fn masyu_hint(&self) -> Result<String, JsError> {
        let board = self.masyu_board()?;
        Ok(to_json(&pzl::kinds::masyu::hint(board, Some(std::time::Duration::from_secs(10)))))
    }

    /// Replay a JSONL trace (`solve` with `trace`): `{steps:[{text, changes:[[edge, new, old]…]}],
    /// outcome}`, each step's edge changes (state 0 unknown, 1 line, 2 cross) as pzl's `Replayer`
    /// applies the event (a rollback undoes many).
    pub fn masyu_replay(&self, trace: &str) -> Result<String, JsError> {
        use pzl::kinds::masyu::{Replayer, describe, read_jsonl};
        let file = read_jsonl(trace).map_err(js)?;
        let mut replayer = Replayer::new(&file);
        let mut before: Vec<u8> = replayer.board.edge_states().iter().map(|&s| edge_state(s)).collect();
        let mut steps = Vec::new();
        while let Some(event) = replayer.step() {
            let text = describe(&file.puzzle, event);
            let now: Vec<u8> = replayer.board.edge_states().iter().map(|&s| edge_state(s)).collect();
            let changes: Vec<[usize; 3]> = now
                .iter()
                .zip(&before)
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(n, (&a, &b))| [n, usize::from(a), usize::from(b)])
                .collect();
            before = now;
            steps.push(json!({"text": text, "changes": changes}));
        }
        Ok(json!({"steps": steps, "outcome": file.outcome}).to_string())
    }

    fn masyu_board(&self) -> Result<&pzl_masyu::Board, JsError> {
        match &self.doc {
            Document::Masyu(d) => Ok(&d.value),
            _ => Err(JsError::new("not a Masyu puzzle")),
        }
    }

    // ---- Crosswords ----

    /// The crossword: `{width, height, title, author, copyright, notes, locked, cells:[{block,
    /// number, circled, entry}], clues:[{number, direction, clue, cells}]}`. Answers stay in Rust.
    pub fn crossword(&self) -> Result<String, JsError> {
        let p = self.crossword_puzzle()?;
        let numbers = p.cell_numbers();
        let cells: Vec<Value> = (0..p.width * p.height)
            .map(|i| {
                let block = p.solution.get(i).is_none_or(|&b| is_block(b));
                json!({"block": block, "number": numbers.get(i).copied().unwrap_or(0), "circled": p.is_circled(i),
                       "entry": p.cell_entry(i).replace(['-', '.'], "")})
            })
            .collect();
        let clues: Vec<Value> = p
            .clue_entries()
            .iter()
            .map(|c| {
                json!({"number": c.slot.number, "direction": format!("{:?}", c.slot.direction).to_lowercase(),
                       "clue": c.clue, "cells": c.slot.cells(p.width).collect::<Vec<usize>>()})
            })
            .collect();
        let locked = matches!(p.state(), pzl_crossword::puzzle::SolutionState::Locked);
        let diagramless = p.puzzle_type & pzl_crossword::raw::TYPE_DIAGRAMLESS != 0;
        Ok(json!({"width": p.width, "height": p.height, "title": p.title, "author": p.author,
                  "copyright": p.copyright, "notes": p.notes, "locked": locked, "diagramless": diagramless, "cells": cells, "clues": clues})
        .to_string())
    }

    /// Compare the player's entries (JSON list of strings, one per cell) with the solution:
    /// `{wrong:[cell…], empty:[cell…], solved:bool}` for the cells listed in `cells` (JSON list;
    /// empty: all).
    pub fn crossword_check(&self, entries: &str, cells: &str) -> Result<String, JsError> {
        let p = self.crossword_puzzle()?;
        let entries: Vec<String> = serde_json::from_str(entries).map_err(|e| JsError::new(&e.to_string()))?;
        let which: Vec<usize> = if cells.is_empty() {
            Vec::new()
        } else {
            serde_json::from_str(cells).map_err(|e| JsError::new(&e.to_string()))?
        };
        let all: Vec<usize> =
            (0..p.width * p.height).filter(|&i| p.solution.get(i).is_some_and(|&b| !is_block(b))).collect();
        let which = if which.is_empty() { all.clone() } else { which };
        let mut wrong = Vec::new();
        let mut empty = Vec::new();
        for &i in &which {
            let entry = entries.get(i).map(|s| s.trim().to_uppercase()).unwrap_or_default();
            if entry.is_empty() {
                empty.push(i);
            } else if !self.entry_matches(p, i, &entry) {
                wrong.push(i);
            }
        }
        // Letters typed where the solution has a block (diagramless puzzles show no blocks).
        let letters_on_blocks: Vec<usize> = (0..p.width * p.height)
            .filter(|&i| p.solution.get(i).is_some_and(|&b| is_block(b)))
            .filter(|&i| entries.get(i).is_some_and(|e| !e.trim().is_empty() && e.trim() != "."))
            .collect();
        wrong.extend(letters_on_blocks.iter().filter(|i| cells.is_empty() || which.contains(i)));
        if matches!(p.state(), pzl_crossword::puzzle::SolutionState::Locked) {
            // A locked solution is scrambled: the whole fill is checked through the scrambled
            // checksum, as Across Lite does; single cells cannot be.
            let solved = self.locked_fill_matches(&entries).unwrap_or(false);
            return Ok(json!({"wrong": [], "empty": empty, "solved": solved, "locked": true}).to_string());
        }
        let solved = letters_on_blocks.is_empty()
            && all
                .iter()
                .all(|&i| entries.get(i).is_some_and(|e| self.entry_matches(p, i, &e.trim().to_uppercase())));
        Ok(json!({"wrong": wrong, "empty": empty, "solved": solved}).to_string())
    }

    /// The answers of the cells listed (JSON list), to reveal them: JSON list of strings.
    pub fn crossword_reveal(&self, cells: &str) -> Result<String, JsError> {
        let p = self.crossword_puzzle()?;
        let which: Vec<usize> = serde_json::from_str(cells).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(to_json(&which.iter().map(|&i| p.cell_answer(i)).collect::<Vec<String>>()))
    }

    /// Unlock a locked crossword with its four-digit key; the puzzle is replaced by the unlocked one.
    pub fn crossword_unlock(&mut self, key: &str) -> Result<(), JsError> {
        let key = pzl::kinds::crossword::parse_key(key).map_err(js)?;
        self.doc = pzl::kinds::crossword::unlock(&self.doc, key).map_err(js)?;
        Ok(())
    }

    /// Whether the player's complete fill matches a locked solution (`None`: not a `.puz` file,
    /// or the fill is incomplete).
    fn locked_fill_matches(&self, entries: &[String]) -> Option<bool> {
        let Document::Crossword(d) = &self.doc else { return None };
        let mut puz = d.value.puz()?.clone();
        let p = d.value.puzzle();
        for (i, cell) in puz.fill.iter_mut().enumerate() {
            if p.solution.get(i).is_some_and(|&b| !is_block(b)) {
                let entry = entries.get(i).map(|s| s.trim().to_uppercase()).unwrap_or_default();
                *cell = entry.bytes().next().unwrap_or(b'-');
            }
        }
        puz.locked_fill_matches()
    }

    fn entry_matches(&self, p: &pzl_crossword::Puzzle, i: usize, entry: &str) -> bool {
        let answer = p.cell_answer(i).to_uppercase();
        entry == answer
            || (answer.chars().count() > 1
                && entry.chars().next() == answer.chars().next()
                && entry.len() == 1)
    }

    fn crossword_puzzle(&self) -> Result<&pzl_crossword::Puzzle, JsError> {
        match &self.doc {
            Document::Crossword(d) => Ok(d.value.puzzle()),
            _ => Err(JsError::new("not a crossword")),
        }
    }
}

/// A-Puzzle-A-Day: the solutions for `date` (`4-6`, `Apr 6`, …) on the edition `edition`
/// (`classic` or `weekday`), with `weekday` (`Mon`; empty: the date's weekday this year).
/// Answers `{width, height, labels:[text|null], count, complete, boards:[[piece|-1|-2…]]}`.
#[wasm_bindgen]
pub fn apad_solve(edition: &str, date: &str, weekday: &str, year: i32) -> Result<String, JsError> {
    use pzl::kinds::apad::{self, Limits, date as dates};
    let puzzle = apad::edition(edition).map_err(js)?;
    let mut parsed = dates::parse(date).map_err(|e| JsError::new(&e.to_string()))?;
    if parsed.year.is_none() {
        parsed.year = Some(year);
    }
    let weekday =
        apad::weekday_for(&puzzle, parsed, (!weekday.is_empty()).then_some(weekday)).map_err(js)?.value;
    let answer = apad::Answer { date: parsed.date, weekday };
    let solved = apad::solve_date(&puzzle, answer, false, &Limits::none());
    let labels: Vec<Option<String>> = puzzle
        .squares
        .iter()
        .map(|s| {
            s.map(|l| match l {
                pzl_apad::puzzle::Label::Month(m) => {
                    pzl_apad::puzzle::MONTH_NAMES[usize::from(m.clamp(1, 12)) - 1].to_string()
                }
                pzl_apad::puzzle::Label::Day(d) => d.to_string(),
                pzl_apad::puzzle::Label::Weekday(w) => {
                    pzl_apad::puzzle::WEEKDAY_NAMES[usize::from(w.min(6))].to_string()
                }
            })
        })
        .collect();
    let boards: Vec<Vec<i32>> = solved
        .boards
        .iter()
        .map(|b| {
            b.cells
                .iter()
                .map(|c| match c {
                    pzl_apad::board::Cell::Empty => -1,
                    pzl_apad::board::Cell::Nonexistent => -2,
                    pzl_apad::board::Cell::Piece(p) => i32::from(*p),
                })
                .collect()
        })
        .collect();
    Ok(json!({"width": puzzle.width, "height": puzzle.height, "labels": labels, "count": boards.len(),
              "complete": solved.complete, "key": answer.key(), "boards": boards, "ms": solved.time_ms as u64})
    .to_string())
}
