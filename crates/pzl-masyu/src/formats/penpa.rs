//! Penpa+ (penpa-edit) links for Masyu: `https://swaroopg92.github.io/penpa-edit/#m=edit&p=<data>`
//! (also `#m=solve`, the old `?m=…&p=…` form, other hosts serving penpa-edit, and the bare
//! `m=edit&p=…`). A file of this format is the link on one line.
//!
//! The `p` parameter is base64 of raw-deflate data (penpa-edit's `encrypt_data`). The inflated
//! text is a list of lines (penpa-edit's `maketext` / `load`):
//!
//! | line | holds |
//! |---|---|
//! | 0 | header: `square,W,H,size,theta,reflect x,reflect y,canvas w,canvas h,centre,centre,sudoku ×4,Title: …,Author: …,source,rules,edges,multi` |
//! | 1 | `[top,bottom,left,right]`: rows and columns of the W×H grid left blank (not part of the board) |
//! | 2 | the editor mode |
//! | 3, 4 | the problem layer `pu_q` and the answer layer `pu_a`, JSON objects |
//! | 5 | the board's cells, as point indices, delta-coded |
//! | 6 … | tab settings, answer-check settings, version, colours, genre tags, message |
//!
//! Before deflating, penpa-edit shortens the text with a fixed substitution table (`"symbol"` →
//! `zY`, `"line"` → `zL`, …, with `z` itself escaped as `zZ`); reading undoes it in reverse order.
//!
//! Points are numbered on a (W+4)×(H+4) frame (`nx0 = W+4`, a two-cell margin on each side), in
//! blocks of `N = nx0·ny0`: cell centres `0..N`, vertices, then the midpoints of the edges under
//! a cell (`2N + …`) and right of a cell (`3N + …`). The cell in row `r`, column `c` of the board
//! is centre `nx0·(2 + top + r) + 2 + left + c`.
//!
//! Masyu uses: pearls as `symbol` entries `[1, "circle_L", layer]` (white) and
//! `[2, "circle_L", layer]` (black) on cell centres (penpa-edit's own puzz.link importer writes
//! these); lines as `line` entries keyed `"a,b"` (two adjacent centres, the value is the line
//! style); crosses as `line` entries keyed by an edge midpoint with the value 98. pzl reads pearls
//! from both layers, lines and crosses from both layers, and writes pearls in the problem layer and
//! lines and crosses in the answer layer, as penpa-edit does when a player solves.
//!
//! Everything else Penpa+ can draw (numbers, shading, other symbols, borders, a title, a rotation)
//! has no place in the Masyu model: it is read with a warning.

use std::io::Read as _;

use base64::Engine as _;
use serde_json::Value;

use crate::error::{Location, ParseError, Parsed, Warning};
use crate::{Board, Cell, Dir, EdgeState, Pos};

/// The address pzl writes links to.
pub const HOST: &str = "https://swaroopg92.github.io/penpa-edit/";

/// The most inflated data a link may hold; a bigger one is refused, so a small hostile link cannot
/// ask for gigabytes (a 1000×1000 board full of pearls and lines needs about 60 MB).
pub const MAX_INFLATED: u64 = 128 << 20;

/// penpa-edit's substitution table (`COMPRESS_SUB` in `class_p.js`), applied in this order when
/// writing and in reverse when reading.
const SUBSTITUTIONS: [(&str, &str); 31] = [
    ("z", "zZ"),
    ("\"qa\"", "z9"),
    ("\"pu_q\"", "zQ"),
    ("\"pu_a\"", "zA"),
    ("\"grid\"", "zG"),
    ("\"edit_mode\"", "zM"),
    ("\"surface\"", "zS"),
    ("\"line\"", "zL"),
    ("\"lineE\"", "zE"),
    ("\"wall\"", "zW"),
    ("\"cage\"", "zC"),
    ("\"number\"", "zN"),
    ("\"symbol\"", "zY"),
    ("\"special\"", "zP"),
    ("\"board\"", "zB"),
    ("\"command_redo\"", "zR"),
    ("\"command_undo\"", "zU"),
    ("\"command_replay\"", "z8"),
    ("\"numberS\"", "z1"),
    ("\"freeline\"", "zF"),
    ("\"freelineE\"", "z2"),
    ("\"thermo\"", "zT"),
    ("\"arrows\"", "z3"),
    ("\"direction\"", "zD"),
    ("\"squareframe\"", "z0"),
    ("\"polygon\"", "z5"),
    ("\"deletelineE\"", "z4"),
    ("\"killercages\"", "z6"),
    ("\"nobulbthermo\"", "z7"),
    ("\"__a\"", "z_"),
    ("null", "zO"),
];

/// The value penpa-edit stores on an edge midpoint for a cross.
const CROSS: u64 = 98;

/// The line style pzl writes (penpa-edit's default answer line, green).
const LINE_STYLE: u64 = 3;

/// Where the `p` parameter's value starts and ends in `line`, if `line` is a Penpa+ link.
fn data_span(line: &str) -> Option<(usize, usize)> {
    let penpa = line.contains("penpa") || line.starts_with("m=");
    if !penpa {
        return None;
    }
    // The parameters follow the first `#` (new links) or `?` (old links); a bare `m=…&p=…` is
    // all parameters.
    let params_at = line.find('#').or_else(|| line.find('?')).map_or(0, |i| i + 1);
    let mut at = params_at;
    for param in line[params_at..].split('&') {
        if let Some(value) = param.strip_prefix("p=") {
            let start = at + 2;
            // penpa-edit takes `p=http…` as a link to import (puz.link and the like), not data.
            return (!value.is_empty() && !value.starts_with("http")).then_some((start, start + value.len()));
        }
        at += param.len() + 1;
    }
    None
}

/// Does `bytes` hold one line that is a Penpa+ link with its data in it, or a Windows Internet
/// shortcut (`.url`) to one?
pub fn looks_like(bytes: &[u8]) -> bool {
    if let Some(url) = super::shortcut_url(bytes) {
        return data_span(url).is_some();
    }
    let Ok(text) = std::str::from_utf8(&bytes[..bytes.len().min(1 << 20)]) else { return false };
    let text = text.trim();
    !text.contains('\n') && data_span(text).is_some()
}

/// The inflated Penpa+ text of a link's `p` value (base64 of raw deflate), with penpa-edit's
/// substitutions undone. `offset` is where the value starts in the input, for errors.
pub fn decode_data(value: &str, offset: usize) -> Result<String, ParseError> {
    // Links pasted through forms or mail arrive percent-encoded, or with `+` turned to a space.
    let mut cleaned = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(ch) = rest.chars().next() {
        let (out, used) = match rest.get(..3) {
            Some("%2B" | "%2b") => ('+', 3),
            Some("%2F" | "%2f") => ('/', 3),
            Some("%3D" | "%3d") => ('=', 3),
            _ if ch == ' ' => ('+', 1),
            _ => (ch, ch.len_utf8()),
        };
        cleaned.push(out);
        rest = &rest[used..];
    }
    let engine = base64::engine::GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        base64::engine::GeneralPurposeConfig::new()
            .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent)
            .with_decode_allow_trailing_bits(true),
    );
    let bytes = engine.decode(cleaned.trim_end_matches('=')).map_err(|e| {
        let at = match e {
            base64::DecodeError::InvalidByte(i, _) | base64::DecodeError::InvalidLastSymbol(i, _) => i,
            _ => value.len(),
        };
        ParseError::at_offset(offset + at.min(value.len()), format!("expected base64 Penpa+ data: {e}"))
    })?;
    let inflated = inflate(&bytes, MAX_INFLATED, offset)?;
    let text = String::from_utf8(inflated).map_err(|e| {
        ParseError::at_offset(offset, format!("expected UTF-8 text inside the Penpa+ data ({e})"))
    })?;
    unshorten(&text).ok_or_else(|| {
        ParseError::at_offset(
            offset,
            format!(
                "the Penpa+ data grows past {} MiB once its short forms are spelt out; pzl refuses it",
                MAX_INFLATED >> 20
            ),
        )
        .limited()
    })
}

/// Raw-inflate `bytes`, refusing more than `limit` bytes of output.
fn inflate(bytes: &[u8], limit: u64, offset: usize) -> Result<Vec<u8>, ParseError> {
    let mut inflated = Vec::new();
    let mut reader = flate2::read::DeflateDecoder::new(bytes).take(limit + 1);
    reader.read_to_end(&mut inflated).map_err(|e| {
        ParseError::at_offset(offset, format!("expected raw-deflate Penpa+ data, which this is not ({e})"))
    })?;
    if inflated.len() as u64 > limit {
        return Err(ParseError::at_offset(
            offset,
            format!("the Penpa+ data inflates to more than {} MiB; pzl refuses it", limit.div_ceil(1 << 20)),
        )
        .limited());
    }
    Ok(inflated)
}

/// Undo penpa-edit's substitutions (in reverse order, so `zZ` becomes `z` last).
/// `None` when the text would grow past [`MAX_INFLATED`] (each short form stands for up to 8
/// times its length: findings N5's `z8` link grew 128 MiB into a gigabyte).
fn unshorten(text: &str) -> Option<String> {
    let mut out = text.to_string();
    for (long, short) in SUBSTITUTIONS.iter().rev() {
        let count = out.matches(short).count();
        if count > 0 {
            let grown =
                out.len().saturating_add(count.saturating_mul(long.len().saturating_sub(short.len())));
            if grown as u64 > MAX_INFLATED {
                return None;
            }
            out = out.replace(short, long);
        }
    }
    Some(out)
}

/// Apply penpa-edit's substitutions.
fn shorten(text: &str) -> String {
    let mut out = text.to_string();
    for (long, short) in SUBSTITUTIONS {
        if out.contains(long) {
            out = out.replace(long, short);
        }
    }
    out
}

/// The board's place in Penpa+'s point numbering.
struct Frame {
    width: usize,
    height: usize,
    /// Points per row of the frame (`W + 4`).
    nx0: usize,
    /// Points per block (`(W + 4)·(H + 4)`).
    block: usize,
    /// Blank columns on the left, rows on top.
    left: usize,
    top: usize,
}

impl Frame {
    /// The centre point of the board cell `pos`.
    fn centre(&self, pos: Pos) -> usize {
        self.nx0 * (2 + self.top + pos.row) + 2 + self.left + pos.col
    }

    /// The board cell whose centre is point `k`, if `k` is one.
    fn cell(&self, k: usize) -> Option<Pos> {
        if k >= self.block {
            return None;
        }
        let (x, y) = (k % self.nx0, k / self.nx0);
        let col = x.checked_sub(2 + self.left)?;
        let row = y.checked_sub(2 + self.top)?;
        (col < self.width && row < self.height).then_some(Pos::new(row, col))
    }

    /// The cell and direction of the edge whose midpoint is point `k`, if `k` is such a midpoint
    /// on the board.
    fn edge(&self, k: usize) -> Option<(Pos, Dir)> {
        let (kind, rest) = (k / self.block, k % self.block);
        let dir = match kind {
            2 => Dir::Down,
            3 => Dir::Right,
            _ => return None,
        };
        let pos = self.cell(rest)?;
        let inside = match dir {
            Dir::Down => pos.row + 1 < self.height,
            _ => pos.col + 1 < self.width,
        };
        inside.then_some((pos, dir))
    }

    /// The midpoint point of the edge leaving `pos` in `dir` (`Down` or `Right`).
    fn midpoint(&self, pos: Pos, dir: Dir) -> usize {
        let block = if dir == Dir::Down { 2 } else { 3 };
        block * self.block + self.centre(pos)
    }
}

/// Counts of what was read but has no place in the model, for one warning each.
#[derive(Default)]
struct Ignored {
    symbols: usize,
    outside: usize,
    other: Vec<String>,
}

/// Read a Penpa+ link (surrounding whitespace allowed; in a file of several lines, such as a
/// Windows `.url` shortcut, the first line holding a link). Errors about the link itself carry
/// the offset in the input; errors about the data inside name the data line.
pub fn read(text: &str) -> Result<Parsed<Board>, ParseError> {
    let line = text.lines().find(|l| data_span(l.trim()).is_some()).unwrap_or(text);
    let link = line.trim();
    let lead = link.as_ptr() as usize - text.as_ptr() as usize;
    let Some((start, end)) = data_span(link) else {
        return Err(ParseError::at_offset(
            lead,
            "expected a Penpa+ link such as `https://swaroopg92.github.io/penpa-edit/#m=edit&p=…`",
        ));
    };
    let data = decode_data(&link[start..end], lead + start)?;
    let mut parsed = read_data(&data, lead + start)?;
    if let Some(param) = link[end..].split('&').nth(1).filter(|p| !p.is_empty()) {
        let name = param.split('=').next().unwrap_or_default();
        let what = match name {
            "a" => "the answer check (`a=`) is not read; pzl checks the loop itself".to_string(),
            "r" => "the replay (`r=`) is not read".to_string(),
            other => format!("parameter `{other}` ignored"),
        };
        parsed.warnings.push(Warning::at(Location::Offset(lead + end), what));
    }
    Ok(parsed)
}

/// The longest data line 2 (the blank margins, four numbers) read.
pub const MAX_MARGINS_LINE: usize = 256;

/// The longest layer line (lines 4 and 5) read: 4 MiB, so the JSON tree stays near 200 MB.
pub const MAX_LAYER_LINE: usize = 4 << 20;

/// Read the inflated, unshortened Penpa+ text. `offset` is where the data starts in the input:
/// every error and warning is placed there and names the data line.
pub fn read_data(data: &str, offset: usize) -> Result<Parsed<Board>, ParseError> {
    let err = |message: String| ParseError::at_offset(offset, message);
    let here = Location::Offset(offset);
    let mut warnings = Vec::new();
    let lines: Vec<&str> = data.split('\n').collect();
    let header = lines[0];
    if header.starts_with(|c: char| c.is_ascii_digit()) {
        return Err(err(
            "this is a first-version Penpa link, which pzl does not read; open it in Penpa+ and copy a new link"
                .into(),
        ));
    }
    let fields: Vec<&str> = header.split(',').collect();
    if fields[0] != "square" {
        return Err(err(format!(
            "expected a Penpa+ square grid (data line 1 starts with `square`), found {:?}; Masyu needs a square grid",
            fields[0]
        )));
    }
    let number = |i: usize, what: &str| -> Result<usize, ParseError> {
        let text = fields.get(i).copied().unwrap_or_default();
        super::side(text, here.clone(), what).map_err(|e| err(format!("Penpa+ data line 1: {}", e.message)))
    };
    let nx = number(1, "width")?;
    let ny = number(2, "height")?;
    if fields.get(4).is_some_and(|t| !matches!(*t, "0" | "")) {
        warnings.push(Warning::at(here.clone(), "the Penpa+ view is rotated; pzl reads the grid unrotated"));
    }
    if fields.get(5..7).is_some_and(|r| r != ["1", "1"]) {
        warnings
            .push(Warning::at(here.clone(), "the Penpa+ view is mirrored; pzl reads the grid unmirrored"));
    }
    for (i, label) in [(15, "Title: "), (16, "Author: ")] {
        let value = fields.get(i).map(|f| f.strip_prefix(label).unwrap_or(f).trim()).unwrap_or_default();
        if !value.is_empty() {
            let what = label.trim_end_matches([':', ' ']).to_lowercase();
            let value = value.replace("%2C", ",");
            warnings.push(Warning::at(
                here.clone(),
                format!("the {what} {value:?} has no place in pzl's model; ignored"),
            ));
        }
    }
    // A JSON tree takes tens of times its text: each line is measured before it is parsed
    // (findings N5: a 40 MB line 2 took 3 GB). Line 2 is four numbers; a layer of the largest
    // real boards, with its undo history, is well under a megabyte.
    let json = |i: usize, what: &str| -> Result<Option<Value>, ParseError> {
        let most = if i == 1 { MAX_MARGINS_LINE } else { MAX_LAYER_LINE };
        match lines.get(i).map(|l| l.trim()).filter(|l| !l.is_empty()) {
            None => Ok(None),
            Some(l) if l.len() > most => Err(err(format!(
                "Penpa+ data line {}: expected {what}, found a line of {} bytes (pzl reads at most {most})",
                i + 1,
                l.len()
            ))
            .limited()),
            Some(l) => serde_json::from_str(l)
                .map(Some)
                .map_err(|e| err(format!("Penpa+ data line {}: expected {what} as JSON ({e})", i + 1))),
        }
    };
    let space = match json(1, "the blank margins `[top,bottom,left,right]`")? {
        None => [0; 4],
        Some(Value::Array(items)) if items.len() == 4 && items.iter().all(|v| v.as_u64().is_some()) => {
            let n = |i: usize| items[i].as_u64().map_or(0, |v| v as usize);
            [n(0), n(1), n(2), n(3)]
        }
        Some(other) => {
            let found: String = other.to_string().chars().take(100).collect();
            return Err(err(format!(
                "Penpa+ data line 2: expected the blank margins as `[top,bottom,left,right]`, found {found}"
            )));
        }
    };
    let [top, bottom, left, right] = space;
    let (Some(width), Some(height)) = (nx.checked_sub(left + right), ny.checked_sub(top + bottom)) else {
        return Err(err(format!(
            "Penpa+ data line 2: blank margins {space:?} leave no board of the {nx}×{ny} grid"
        )));
    };
    if width == 0 || height == 0 {
        return Err(err(format!(
            "Penpa+ data line 2: blank margins {space:?} leave no board of the {nx}×{ny} grid"
        )));
    }
    if space != [0; 4] {
        warnings.push(Warning::at(
            here.clone(),
            format!("the blank margins {space:?} of the {nx}×{ny} Penpa+ grid are dropped; the board is {width}×{height}"),
        ));
    }
    let nx0 = nx + 4;
    let frame = Frame { width, height, nx0, block: nx0 * (ny + 4), left, top };
    let mut board = Board::new(width, height);
    let mut ignored = Ignored::default();
    for (i, layer) in [(3, "problem"), (4, "answer")] {
        let Some(value) = json(i, &format!("the {layer} layer"))? else {
            if i == 3 {
                return Err(err("Penpa+ data line 4: expected the problem layer, found nothing".into()));
            }
            continue;
        };
        let Value::Object(map) = value else {
            return Err(err(format!(
                "Penpa+ data line {}: expected the {layer} layer as a JSON object",
                i + 1
            )));
        };
        for (name, value) in &map {
            match name.as_str() {
                "symbol" => read_symbols(value, &frame, &mut board, &mut ignored, i == 4),
                "line" => read_lines(value, &frame, &mut board, &mut ignored),
                "command_redo" | "command_undo" | "command_replay" | "deletelineE" => {}
                other if is_empty(value) => {
                    let _ = other;
                }
                other => ignored.other.push(format!("{other} ({layer} layer)")),
            }
        }
    }
    if ignored.symbols > 0 {
        warnings.push(Warning::at(
            here.clone(),
            format!("{} Penpa+ symbols other than white and black circles ignored", ignored.symbols),
        ));
    }
    if ignored.outside > 0 {
        warnings.push(Warning::at(
            here.clone(),
            format!(
                "{} Penpa+ marks off the {width}×{height} board or between cells that do not touch ignored",
                ignored.outside
            ),
        ));
    }
    if !ignored.other.is_empty() {
        warnings.push(Warning::at(
            here.clone(),
            format!("Penpa+ drawings with no place in Masyu ignored: {}", ignored.other.join(", ")),
        ));
    }
    if let Some(Value::Array(tags)) = json(17, "the genre tags").ok().flatten() {
        let tags: Vec<&str> = tags.iter().filter_map(Value::as_str).collect();
        if !tags.is_empty() && !tags.iter().any(|t| t.eq_ignore_ascii_case("masyu")) {
            warnings.push(Warning::at(
                here.clone(),
                format!(
                    "the link is tagged {:?}, not Masyu; its circles are read as pearls",
                    tags.join(", ")
                ),
            ));
        }
    }
    Ok(Parsed { value: board, warnings })
}

/// Is `value` an empty object or array (a Penpa+ layer part with nothing drawn)?
fn is_empty(value: &Value) -> bool {
    match value {
        Value::Object(m) => m.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Null => true,
        _ => false,
    }
}

fn read_symbols(value: &Value, frame: &Frame, board: &mut Board, ignored: &mut Ignored, answer: bool) {
    let Value::Object(map) = value else {
        ignored.other.push("symbol".into());
        return;
    };
    for (key, entry) in map {
        let pearl = match entry.as_array().map(Vec::as_slice) {
            Some([n, Value::String(shape), ..]) if shape.starts_with("circle_") && !answer => {
                match n.as_u64() {
                    Some(1) => Some(Cell::White),
                    Some(2) => Some(Cell::Black),
                    _ => None,
                }
            }
            _ => None,
        };
        let Some(pearl) = pearl else {
            ignored.symbols += 1;
            continue;
        };
        match key.parse::<usize>().ok().and_then(|k| frame.cell(k)) {
            Some(pos) => board.set_cell(pos, pearl),
            None => ignored.outside += 1,
        }
    }
}

fn read_lines(value: &Value, frame: &Frame, board: &mut Board, ignored: &mut Ignored) {
    let Value::Object(map) = value else {
        ignored.other.push("line".into());
        return;
    };
    for (key, entry) in map {
        let style = entry.as_u64();
        let mut ends = key.split(',').map(|p| p.trim().parse::<usize>().ok());
        match (ends.next().flatten(), ends.next(), ends.next()) {
            (Some(k), None, None) => match (frame.edge(k), style) {
                (Some((pos, dir)), Some(CROSS)) => {
                    board.set_edge_from(pos, dir, EdgeState::Cross);
                }
                (None, _) => ignored.outside += 1,
                _ => ignored.symbols += 1,
            },
            (Some(a), Some(Some(b)), None) => {
                let (a, b) = (a.min(b), a.max(b));
                let dir = if b == a + 1 {
                    Some(Dir::Right)
                } else if b == a + frame.nx0 {
                    Some(Dir::Down)
                } else {
                    None
                };
                match (frame.cell(a), frame.cell(b), dir) {
                    (Some(pos), Some(_), Some(dir)) if style.is_some_and(|s| s != CROSS) => {
                        board.set_edge_from(pos, dir, EdgeState::Line);
                    }
                    _ => ignored.outside += 1,
                }
            }
            _ => ignored.outside += 1,
        }
    }
}

/// An empty Penpa+ layer (the keys penpa-edit writes, in its order) with `symbol` and `line`.
fn layer(symbol: serde_json::Map<String, Value>, line: serde_json::Map<String, Value>) -> Value {
    let history = || serde_json::json!({ "__a": [] });
    let mut map = serde_json::Map::new();
    map.insert("command_redo".into(), history());
    map.insert("command_undo".into(), history());
    map.insert("command_replay".into(), history());
    for key in ["surface", "number", "numberS"] {
        map.insert(key.into(), Value::Object(Default::default()));
    }
    map.insert("symbol".into(), Value::Object(symbol));
    for key in ["freeline", "freelineE"] {
        map.insert(key.into(), Value::Object(Default::default()));
    }
    for key in ["thermo", "arrows", "direction", "squareframe", "polygon"] {
        map.insert(key.into(), Value::Array(Vec::new()));
    }
    map.insert("line".into(), Value::Object(line));
    for key in ["lineE", "wall", "cage", "deletelineE"] {
        map.insert(key.into(), Value::Object(Default::default()));
    }
    for key in ["killercages", "nobulbthermo"] {
        map.insert(key.into(), Value::Array(Vec::new()));
    }
    Value::Object(map)
}

/// The editor mode line: the problem layer edits symbols (circles), the answer layer draws lines
/// with crosses, as penpa-edit's puzz.link importer sets up Masyu.
const MODE: &str = r#"{"qa":"pu_a","grid":["2","2","1"],"pu_q":{"edit_mode":"symbol","surface":["",1],"line":["1",2],"lineE":["1",2],"wall":["",2],"cage":["1",10],"number":["1",1],"symbol":["circle_L",1],"special":["thermo",""],"board":["",""],"move":["1",""],"combi":["battleship",""],"sudoku":["1",1]},"pu_a":{"edit_mode":"combi","surface":["",1],"line":["1",3],"lineE":["1",3],"wall":["",3],"cage":["1",10],"number":["1",2],"symbol":["circle_L",1],"special":["thermo",""],"board":["",""],"move":["1",""],"combi":["linex",""],"sudoku":["1",9]}}"#;

/// The Penpa+ text (before shortening) of `board`.
pub fn write_data(board: &Board) -> String {
    let (w, h) = (board.width(), board.height());
    let frame = Frame { width: w, height: h, nx0: w + 4, block: (w + 4) * (h + 4), left: 0, top: 0 };
    let size = 38;
    // The point nearest the middle of the board, as penpa-edit's `search_center` picks it: a
    // centre, a vertex or an edge midpoint depending on the parity of the sides.
    let (x2, y2) = (w + 4, h + 4); // twice the middle, in cell units from the frame's corner
    let centre = match (x2 % 2, y2 % 2) {
        (1, 1) => (y2 / 2) * frame.nx0 + x2 / 2,
        (0, 0) => frame.block + (y2 / 2 - 1) * frame.nx0 + (x2 / 2 - 1),
        (1, 0) => 2 * frame.block + (y2 / 2 - 1) * frame.nx0 + x2 / 2,
        _ => 3 * frame.block + (y2 / 2) * frame.nx0 + (x2 / 2 - 1),
    };
    let mut symbols = serde_json::Map::new();
    let mut lines = serde_json::Map::new();
    for pos in board.cells().positions() {
        let k = frame.centre(pos);
        match board.cell(pos) {
            Cell::White => {
                symbols.insert(k.to_string(), serde_json::json!([1, "circle_L", 1]));
            }
            Cell::Black => {
                symbols.insert(k.to_string(), serde_json::json!([2, "circle_L", 1]));
            }
            Cell::Empty => {}
        }
        for dir in [Dir::Right, Dir::Down] {
            match board.edge_from(pos, dir) {
                Some(EdgeState::Line) => {
                    let step = if dir == Dir::Right { 1 } else { frame.nx0 };
                    lines.insert(format!("{},{}", k, k + step), Value::from(LINE_STYLE));
                }
                Some(EdgeState::Cross) => {
                    lines.insert(frame.midpoint(pos, dir).to_string(), Value::from(CROSS));
                }
                _ => {}
            }
        }
    }
    let mut centres = Vec::with_capacity(w * h);
    let mut last = 0;
    for pos in board.cells().positions() {
        let k = frame.centre(pos);
        centres.push(k - last);
        last = k;
    }
    let empty = layer(Default::default(), Default::default());
    let pu_q = layer(symbols, Default::default());
    let pu_a = layer(Default::default(), lines);
    let json = |v: &Value| serde_json::to_string(v).unwrap_or_default();
    let mut out = format!(
        "square,{w},{h},{size},0,1,1,{},{},{centre},{centre},0,0,0,0,Title: ,Author: ,,,OFF,false\n",
        (w + 1) * size,
        (h + 1) * size
    );
    for line in [
        "[0,0,0,0]".to_string(),
        MODE.to_string(),
        json(&pu_q),
        json(&pu_a),
        json(&Value::from(centres)),
        r#"["Surface","Composite"]"#.into(),
        "{}".into(),
        r#""x""#.into(),
        r#""x""#.into(),
        "[3,2,3]".into(),
        MODE.to_string(),
        r#""x""#.into(),
        "0".into(),
        json(&empty),
        json(&empty),
        "{}".into(),
        r#"["masyu"]"#.into(),
        String::new(),
    ] {
        out.push_str(&line);
        out.push('\n');
    }
    out.pop();
    out
}

/// The `p` value of `board`: the Penpa+ text shortened, raw-deflated and base64-coded.
pub fn encode_data(text: &str) -> String {
    use std::io::Write as _;
    let mut encoder = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing into a Vec cannot fail.
    let _ = encoder.write_all(shorten(text).as_bytes());
    let bytes = encoder.finish().unwrap_or_default();
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// The Penpa+ link of `board`: pearls in the problem layer, lines and crosses in the answer layer.
pub fn write_url(board: &Board) -> String {
    format!("{HOST}#m=edit&p={}", encode_data(&write_data(board)))
}

/// The link on one line (the file form of this format).
pub fn write(board: &Board) -> String {
    format!("{}\n", write_url(board))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A 10×10 Masyu link from noqx (github.com/T0nyX1ang/noqx, `solver/masyu.py`, the first
    /// example of `__metadata__`, commit 10a76e14eea5b17f16411d0d6275fad2d145d371), made by
    /// Penpa+ itself: 29 white pearls and one black, no lines.
    pub(crate) const NOQX: &str = "https://swaroopg92.github.io/penpa-edit/#m=edit&p=7VXBjtMwEL3nK1Zz9sETp23iW1m2XEKBbdGqiqJVtgQ1IiWladDiqv++40mkgJgTCLRIKPXr67NTvzeaxO2XrjiWCrX/mFjRN10RxjzCeMpDD9e6OtWlvVLz7rRrjkSUerNYqI9F3ZZBNqzKg7NLrJsr98pmEILigZAr986e3WvrNsqtaAoUkpYSQ1Ah0ZuR3vG8Z9e9iJr4cuBEN0S31XFbl/dpr7y1mVsr8Pu84Ls9hX3ztYT+Nv69bfYPlRceihOFaXfVYZhpuw/Np25Yi/lFuXlvNxXsmtGup71dzwS7PsVv262rz+Wj5DTJLxeq+C15vbeZt/1+pPFIV/ZMuGRExo09QzSjv0Ha53tvEMWSOkFRDUU1kdSpEdVIUmcTUZ2KqrhbrEVVTByLiRMxcSImRi2GQy2mQy3aQC36QBSLgShWA1EsB4ZiPdCIIdHIKY33Hf4kR3L4SA4vdx1KbUd9uuBuDRnX1MzKGcaXjJpxwpjymhvGO8Zrxohxymtm/nH45QfmD9nJTP/i/fGa/HtaHmSQ0qvqatkc90VNL6zVrjiUQIfCJYBH4JEZf8b8Pyf+/jnhq6+fW/M/Nzv0OMK+aL91kAdP";

    #[test]
    fn the_noqx_link_reads() {
        let parsed = read(NOQX).unwrap();
        assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
        let board = parsed.value;
        assert_eq!((board.width(), board.height()), (10, 10));
        assert_eq!(board.pearl_counts(), (29, 1));
        assert!(board.is_blank());
        // Point 137 of the 14-wide frame is row 9 − 2, column 11 − 2 (the only black pearl).
        assert_eq!(board.cell(Pos::new(7, 9)), Cell::Black);
        assert_eq!(board.cell(Pos::new(1, 3)), Cell::White); // point 47
        let again = read(&write_url(&board)).unwrap();
        assert!(again.warnings.is_empty(), "{:?}", again.warnings);
        assert_eq!(again.value, board);
    }

    /// What pzl writes for the noqx puzzle is, line for line, what Penpa+ wrote: the header,
    /// the margins, both layers and the centre list (only the editor's own settings differ).
    #[test]
    fn pzl_writes_the_noqx_link_as_penpa_did() {
        let theirs = decode_data(NOQX.split("p=").nth(1).unwrap(), 0).unwrap();
        let ours = write_data(&read(NOQX).unwrap().value);
        let (theirs, ours): (Vec<&str>, Vec<&str>) =
            (theirs.split('\n').collect(), ours.split('\n').collect());
        assert_eq!(ours.len(), theirs.len());
        for i in [0, 1, 3, 4, 5, 13, 14, 15, 17] {
            assert_eq!(ours[i], theirs[i], "data line {}", i + 1);
        }
    }

    #[test]
    fn lines_and_crosses_round_trip() {
        let mut board = read(NOQX).unwrap().value;
        board.set_edge_from(Pos::new(0, 0), Dir::Right, EdgeState::Line);
        board.set_edge_from(Pos::new(0, 0), Dir::Down, EdgeState::Line);
        board.set_edge_from(Pos::new(9, 9), Dir::Up, EdgeState::Cross);
        board.set_edge_from(Pos::new(9, 9), Dir::Left, EdgeState::Cross);
        let url = write_url(&board);
        assert!(looks_like(url.as_bytes()));
        let data = decode_data(url.split("p=").nth(1).unwrap(), 0).unwrap();
        // The keys are penpa-edit's: centres `30,31` and `30,44`; a cross on the midpoint under
        // (8, 9) is block 2 (2·196) + centre 10·14 + 11, one right of (9, 8) is 3·196 + 11·14 + 10.
        assert!(data.contains(r#""line":{"30,31":3,"30,44":3,"#), "{data}");
        assert!(data.contains(r#""543":98"#) && data.contains(r#""752":98"#), "{data}");
        assert_eq!(read(&url).unwrap().value, board);
    }

    #[test]
    fn odd_and_oblong_boards_round_trip() {
        for (w, h) in [(1, 1), (5, 3), (2, 7), (12, 9)] {
            let mut board = Board::new(w, h);
            board.set_cell(Pos::new(h - 1, w - 1), Cell::Black);
            board.set_cell(Pos::new(0, 0), Cell::White);
            let parsed = read(&write(&board)).unwrap();
            assert!(parsed.warnings.is_empty());
            assert_eq!(parsed.value, board);
        }
    }

    #[test]
    fn other_link_forms_read() {
        let p = NOQX.split("p=").nth(1).unwrap();
        for link in [
            format!("https://swaroopg92.github.io/penpa-edit/#m=solve&p={p}"),
            format!("https://swaroopg92.github.io/penpa-edit/?m=edit&p={p}"),
            format!("m=edit&p={}", p.replace('+', "%2B")),
            format!("[InternetShortcut]\r\nURL=https://swaroopg92.github.io/penpa-edit/#m=solve&p={p}\r\n"),
        ] {
            assert_eq!(read(&link).unwrap().value.pearl_counts(), (29, 1), "{link}");
        }
        // A shortcut is detected too (a `.url` file is otherwise taken for a puzz.link URL).
        let shortcut =
            format!("[InternetShortcut]\r\nURL=https://swaroopg92.github.io/penpa-edit/#m=solve&p={p}\r\n");
        assert!(looks_like(shortcut.as_bytes()));
        assert!(!looks_like(b"[InternetShortcut]\r\nURL=https://puzz.link/p?mashu/4/4/020100\r\n"));
        let answered = read(&format!("{NOQX}&a=abc")).unwrap();
        assert_eq!(answered.warnings.len(), 1);
        assert!(!looks_like(
            b"https://swaroopg92.github.io/penpa-edit/#m=edit&p=https://puzz.link/p?mashu/4/4/020100"
        ));
        assert!(!looks_like(b"https://puzz.link/p?mashu/4/4/020100"));
    }

    #[test]
    fn drawings_outside_masyu_are_warnings() {
        let board = read(NOQX).unwrap().value;
        let data = write_data(&board)
            .replacen(r#""number":{}"#, r#""number":{"30":["5",1,"1"]}"#, 1)
            .replacen(r#""symbol":{"#, r#""symbol":{"31":[3,"star",1],"9999":[1,"circle_L",1],"#, 1)
            .replacen("Title: ,", "Title: My%2C puzzle,", 1);
        let parsed = read(&format!("{HOST}#m=edit&p={}", encode_data(&data))).unwrap();
        let messages: Vec<&str> = parsed.warnings.iter().map(|w| w.message.as_str()).collect();
        assert_eq!(messages.len(), 4, "{messages:?}");
        assert!(messages[0].contains("\"My, puzzle\""));
        assert!(messages.iter().any(|m| m.contains("1 Penpa+ symbols other")));
        assert!(messages.iter().any(|m| m.contains("number (problem layer)")));
        assert_eq!(parsed.value, board);
    }

    #[test]
    fn bad_links_say_where_and_why() {
        let e = read("https://swaroopg92.github.io/penpa-edit/#m=edit&p=ab!cd").unwrap_err();
        assert_eq!(e.location, Location::Offset(52));
        assert!(e.message.contains("base64"));
        let e = read("https://swaroopg92.github.io/penpa-edit/#m=edit&p=aGVsbG8=").unwrap_err();
        assert!(e.message.contains("raw-deflate"), "{}", e.message);
        let hex = write_data(&Board::new(3, 3)).replacen("square", "hex", 1);
        let e = read(&format!("m=edit&p={}", encode_data(&hex))).unwrap_err();
        assert!(e.message.contains("square grid"), "{}", e.message);
        let huge = write_data(&Board::new(3, 3)).replacen("square,3,3", "square,3,99999", 1);
        assert!(read(&format!("m=edit&p={}", encode_data(&huge))).is_err());
        let broken = write_data(&Board::new(3, 3)).replacen(r#"{"command_redo""#, r#"{{"command_redo""#, 1);
        let e = read(&format!("m=edit&p={}", encode_data(&broken))).unwrap_err();
        assert!(e.message.contains("data line 4"), "{}", e.message);
        assert!(read("https://swaroopg92.github.io/penpa-edit/").is_err());
    }

    #[test]
    fn a_deflate_bomb_is_refused() {
        use std::io::Write as _;
        let mut e = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
        e.write_all(&[b' '; 3 << 20]).unwrap();
        let bytes = e.finish().unwrap();
        assert!(bytes.len() < 10_000);
        let e = inflate(&bytes, 2 << 20, 7).unwrap_err();
        assert!(e.message.contains("more than 2 MiB"), "{}", e.message);
        assert_eq!(e.location, Location::Offset(7));
        assert_eq!(inflate(&bytes, 4 << 20, 7).unwrap().len(), 3 << 20);
    }

    #[test]
    fn substitutions_round_trip_text_with_z() {
        let text = r#"{"symbol":{"zY":"zZ z"},"line":null}"#;
        assert_eq!(unshorten(&shorten(text)).unwrap(), text);
        assert_eq!(shorten(text), r#"{zY:{"zZY":"zZZ zZ"},zL:zO}"#);
    }
}
