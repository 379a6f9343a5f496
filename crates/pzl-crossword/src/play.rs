//! Playing a crossword: the grid a player sees (no answers), the check of the player's fill
//! (rebus cells and locked solutions included) and revealing cells. The CLI, Python and the
//! browser all show these same serde shapes.

use serde::Serialize;

use crate::CrosswordDoc;
use crate::numbering::{BAR_BOTTOM, BAR_RIGHT, Direction, is_block};
use crate::puzzle::{CellStyle, Puzzle, SolutionState};

/// One cell as the player sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerCell {
    /// A block (no letter goes here; diagramless puzzles still say so, the page hides it).
    pub block: bool,
    /// The clue number printed in the cell, 0 for none.
    pub number: u16,
    /// The cell is circled.
    pub circled: bool,
    /// What the file's player state has in the cell (empty for none).
    pub entry: String,
    /// The sides with a bar (`top`, `right`, `bottom`, `left`): an entry ends there. Left out
    /// of the JSON when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bars: Vec<&'static str>,
    /// The shading, `#rrggbb`; left out when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shade: Option<String>,
    /// A void: outside the puzzle's shape, drawn as nothing. Left out when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub void: bool,
    /// The label the file prints in the cell when it is not the number (files that number
    /// their own way); left out when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The labels the file prints at the cell's corners and sides (a rows garden's `L1`, an
    /// acrostic's clue letter), as `{"place": "top-right", "text": "L1"}`; left out when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<CellMark>,
    /// The cell's letter (`entry`) is given: the solver starts with it and cannot change it
    /// (JPZ `type="clue"`, ipuz `value`, `.xd` `## Start`). Left out when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub given: bool,
}

/// A label at a corner or side of a cell ([`crate::puzzle::CellLabel::marks`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CellMark {
    /// Where: `top-left`, `top`, `top-right`, `left`, `center`, `right`, `bottom-left`,
    /// `bottom`, `bottom-right`.
    pub place: &'static str,
    /// The label.
    pub text: String,
}

/// One clue and the cells of its answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerClue {
    /// The clue number.
    pub number: u16,
    /// `across` or `down`; `other` for a clue of a list other than Across and Down (its
    /// `number` is 0, its `label` the file's).
    pub direction: &'static str,
    /// The title of the clue list it is in (`Across`, `Down`, or the file's own: `Rows`,
    /// `Southeast`…).
    pub list: String,
    /// The clue's number as the file labels it.
    pub label: String,
    /// The clue text (`None` when the file has fewer clues than slots).
    pub clue: Option<String>,
    /// The enumeration in brackets (`(3,4)`); left out when the file gives none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enumeration: Option<String>,
    /// The clue's inline markup (italic, bold…) as byte ranges of `clue`; left out when plain.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub markup: Vec<crate::markup::Span>,
    /// The cells of the answer as the file defines its words (bars end them), as indexes row
    /// by row.
    pub cells: Vec<usize>,
}

/// The crossword as a player sees it: grid, numbers, clues and text, never the answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerGrid {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The title.
    pub title: String,
    /// The author.
    pub author: String,
    /// The copyright line.
    pub copyright: String,
    /// The notes.
    pub notes: String,
    /// The solution is scrambled: cells cannot be checked one by one, only the whole fill.
    pub locked: bool,
    /// A diagramless puzzle (the page shows no blocks).
    pub diagramless: bool,
    /// Every cell, row by row.
    pub cells: Vec<PlayerCell>,
    /// Every clue in clue order (by number; in a barred grid across and down entries interleave),
    /// then the clues of the lists other than Across and Down in file order: a player lists them
    /// by their `list`.
    pub clues: Vec<PlayerClue>,
}

/// What a check of the player's fill found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EntryCheck {
    /// Cells whose letter is not the answer (letters typed on blocks too); always empty for a
    /// locked solution, which can only be checked whole.
    pub wrong: Vec<usize>,
    /// Letter cells left empty.
    pub empty: Vec<usize>,
    /// The whole fill is the solution.
    pub solved: bool,
    /// The solution is locked (scrambled).
    pub locked: bool,
}

impl PlayerGrid {
    /// The grid of `doc`.
    pub fn of(doc: &CrosswordDoc) -> PlayerGrid {
        let p = doc.puzzle();
        let numbers = p.cell_numbers();
        let w = p.width;
        let bar = |i: Option<usize>, flag: u8| {
            i.and_then(|i| p.bars.as_ref()?.get(i).copied()).is_some_and(|b| b & flag != 0)
        };
        let entries = p.clue_entries();
        let mut labels = p.cell_labels();
        let cells = (0..w * p.height)
            .map(|i| {
                let (r, c) = (i / w, i % w);
                let sides = [
                    ("top", bar(r.checked_sub(1).map(|r| r * w + c), BAR_BOTTOM)),
                    ("right", bar(Some(i), BAR_RIGHT) && c + 1 < w),
                    ("bottom", bar(Some(i), BAR_BOTTOM) && r + 1 < p.height),
                    ("left", bar(c.checked_sub(1).map(|c| r * w + c), BAR_RIGHT)),
                ];
                let look = p.style(i);
                let mut number = numbers.get(i).copied().unwrap_or(0);
                let mut label = labels.get_mut(i).and_then(Option::take);
                // The file's own label replaces the grid's number (none where it prints none).
                if let Some(own) = p.own_labels.as_ref().and_then(|o| o.get(i)) {
                    if own.number != number.to_string() {
                        number = 0;
                        label = Some(own.number.clone()).filter(|l| !l.is_empty());
                    } else {
                        label = None;
                    }
                }
                PlayerCell {
                    block: p.solution.get(i).is_none_or(|&b| is_block(b)),
                    number,
                    label,
                    marks: p
                        .marks_of(i)
                        .iter()
                        .map(|(corner, text)| CellMark { place: corner.name(), text: text.clone() })
                        .collect(),
                    circled: p.is_circled(i),
                    entry: p.cell_entry(i).replace(['-', '.'], ""),
                    bars: sides.iter().filter(|(_, on)| *on).map(|(s, _)| *s).collect(),
                    shade: look.fill().map(CellStyle::hex),
                    void: look.void,
                    given: p.is_given(i),
                }
            })
            .collect();
        let clues = entries
            .into_iter()
            .enumerate()
            .filter(|(k, _)| p.is_file_entry(*k))
            .map(|(_, c)| PlayerClue {
                number: c.slot.number,
                direction: match c.slot.direction {
                    Direction::Across => "across",
                    Direction::Down => "down",
                },
                list: match c.slot.direction {
                    Direction::Across => "Across",
                    Direction::Down => "Down",
                }
                .to_string(),
                label: c.label,
                enumeration: c.enumeration.map(|e| if e.starts_with('(') { e } else { format!("({e})") }),
                cells: c.cells,
                markup: c.markup,
                clue: c.clue,
            })
            .chain(p.other_lists.iter().flat_map(|list| {
                list.clues.iter().map(|c| PlayerClue {
                    number: 0,
                    direction: "other",
                    list: list.title.clone(),
                    label: c.label.clone(),
                    clue: Some(c.text.clone()),
                    enumeration: (!c.enumeration.is_empty()).then(|| {
                        if c.enumeration.starts_with('(') {
                            c.enumeration.clone()
                        } else {
                            format!("({})", c.enumeration)
                        }
                    }),
                    markup: c.markup.clone(),
                    cells: c.cells.clone(),
                })
            }))
            .collect();
        PlayerGrid {
            width: p.width,
            height: p.height,
            title: p.title.clone(),
            author: p.author.clone(),
            copyright: p.copyright.clone(),
            notes: p.notes.clone(),
            locked: matches!(p.state(), SolutionState::Locked),
            diagramless: p.puzzle_type & crate::raw::TYPE_DIAGRAMLESS != 0,
            cells,
            clues,
        }
    }
}

/// What a player does to a crossword.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Action {
    /// Unlock a scrambled solution with its four-digit key, or without one with the most
    /// plausible key (as `pzl crossword unlock` tries them).
    Unlock {
        /// The key; none: find it.
        #[serde(default)]
        key: Option<u16>,
    },
}

impl Action {
    /// `doc` with the action done.
    pub fn apply(&self, doc: &CrosswordDoc) -> Result<CrosswordDoc, pzl_core::Error> {
        match self {
            Action::Unlock { key } => Ok(crate::unlock(doc, *key)?.0),
        }
    }
}

/// Whether the player's `entry` (trimmed, upper case) fills cell `i`: the answer, or for a rebus
/// cell its first letter alone (as Across Lite accepts).
fn entry_matches(p: &Puzzle, i: usize, entry: &str) -> bool {
    let answer = p.cell_answer(i).to_uppercase();
    entry == answer
        || (answer.chars().count() > 1
            && entry.chars().count() == 1
            && entry.chars().next() == answer.chars().next())
}

fn normalised(entries: &[String], i: usize) -> String {
    entries.get(i).map(|s| s.trim().to_uppercase()).unwrap_or_default()
}

/// Check the player's `entries` (one string per cell, row by row) against the solution, for the
/// cells listed in `cells` (empty: every cell). Letters typed on blocks are wrong (a diagramless
/// page shows no blocks); a locked solution is checked whole through its scrambled checksum.
pub fn check_entries(doc: &CrosswordDoc, entries: &[String], cells: &[usize]) -> EntryCheck {
    let p = doc.puzzle();
    let letter = |i: usize| p.solution.get(i).is_some_and(|&b| !is_block(b));
    let all: Vec<usize> = (0..p.width * p.height).filter(|&i| letter(i)).collect();
    let which: &[usize] = if cells.is_empty() { &all } else { cells };
    let mut wrong = Vec::new();
    let mut empty = Vec::new();
    for &i in which {
        let entry = normalised(entries, i);
        if entry.is_empty() {
            empty.push(i);
        } else if !entry_matches(p, i, &entry) {
            wrong.push(i);
        }
    }
    let on_blocks: Vec<usize> = (0..p.width * p.height)
        .filter(|&i| p.solution.get(i).is_some_and(|&b| is_block(b)))
        .filter(|&i| entries.get(i).is_some_and(|e| !e.trim().is_empty() && e.trim() != "."))
        .collect();
    if matches!(p.state(), SolutionState::Locked) {
        let solved = locked_fill_matches(doc, entries).unwrap_or(false);
        return EntryCheck { wrong: Vec::new(), empty, solved, locked: true };
    }
    wrong.extend(on_blocks.iter().filter(|i| cells.is_empty() || which.contains(i)));
    let solved = on_blocks.is_empty() && all.iter().all(|&i| entry_matches(p, i, &normalised(entries, i)));
    EntryCheck { wrong, empty, solved, locked: false }
}

/// Whether the player's complete fill matches a locked solution (`None`: not a `.puz` file).
fn locked_fill_matches(doc: &CrosswordDoc, entries: &[String]) -> Option<bool> {
    let mut puz = doc.puz()?.clone();
    let p = doc.puzzle();
    for (i, cell) in puz.fill.iter_mut().enumerate() {
        if p.solution.get(i).is_some_and(|&b| !is_block(b)) {
            *cell = normalised(entries, i).bytes().next().unwrap_or(b'-');
        }
    }
    puz.locked_fill_matches()
}

/// The answers of `cells` (a rebus cell gives its whole answer), to reveal them.
pub fn reveal(doc: &CrosswordDoc, cells: &[usize]) -> Vec<String> {
    cells.iter().map(|&i| doc.puzzle().cell_answer(i)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pzl_core::Kind;

    /// A 3x3 crossword: `CAT/A.O/BOX`, with a rebus `ON` in the middle of the bottom row.
    fn doc(rebus: bool) -> CrosswordDoc {
        let middle = if rebus { r#"{"cell": 0, "value": "ON"}"# } else { r#""O""# };
        let ipuz = format!(
            r##"{{"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
               "dimensions": {{"width": 3, "height": 3}},
               "puzzle": [[1, 2, 3], [4, "#", 0], [5, 0, 0]],
               "solution": [["C", "A", "T"], ["A", "#", "O"], ["B", {middle}, "X"]],
               "clues": {{"Across": [[1, "Pet"], [5, "Crate"]], "Down": [[1, "Taxi"], [3, "Bull"]]}}}}"##
        );
        let format = crate::Format::Ipuz;
        crate::CrosswordKind::read(ipuz.as_bytes(), format, &()).unwrap().value
    }

    fn fill(text: &str) -> Vec<String> {
        text.chars().map(|c| if c == '_' { String::new() } else { c.to_string() }).collect()
    }

    #[test]
    fn the_grid_shows_numbers_clues_and_blocks_but_no_answers() {
        let grid = PlayerGrid::of(&doc(false));
        assert_eq!((grid.width, grid.height, grid.locked, grid.diagramless), (3, 3, false, false));
        assert!(grid.cells[4].block);
        assert_eq!(grid.cells[0].number, 1);
        assert_eq!(
            grid.clues[0],
            PlayerClue {
                number: 1,
                direction: "across",
                list: "Across".into(),
                label: "1".into(),
                clue: Some("Pet".into()),
                enumeration: None,
                markup: Vec::new(),
                cells: vec![0, 1, 2]
            }
        );
        let json = serde_json::to_string(&grid).unwrap();
        assert!(!json.contains("BOX") && !json.contains("\"X\""), "{json}");
        // The optional fields are left out when the file has none of them.
        for absent in ["\"bars\"", "\"shade\"", "\"void\"", "\"enumeration\""] {
            assert!(!json.contains(absent), "{absent} in {json}");
        }
        assert_eq!(
            serde_json::to_value(&grid.cells[0]).unwrap(),
            serde_json::json!({"block": false, "number": 1, "circled": false, "entry": ""})
        );
    }

    #[test]
    fn the_view_carries_bars_shading_voids_labels_and_enumerations() {
        // A 3x3 grid: a bar after the first cell of the top row, a void in the bottom right
        // corner, a shaded cell, enumerations in the clues.
        let ipuz = r##"{"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
            "dimensions": {"width": 3, "height": 3},
            "puzzle": [[{"cell": 1, "style": {"barred": "R"}}, 2, 3],
                       [4, {"cell": 0, "style": {"color": "C0C0FF"}}, 0],
                       [5, 0, null]],
            "solution": [["A", "B", "C"], ["D", "E", "F"], ["G", "H", null]],
            "clues": {"Across": [{"number": 2, "clue": "Bee", "enumeration": "2"}, [4, "Def"], [5, "Gh"]],
                      "Down": [[1, "Adg"], [2, "Beh"], {"number": 3, "clue": "Cf", "enumeration": "1,1"}]}}"##;
        let doc = crate::CrosswordKind::read(ipuz.as_bytes(), crate::Format::Ipuz, &()).unwrap().value;
        let grid = PlayerGrid::of(&doc);
        let json = serde_json::to_value(&grid).unwrap();
        assert_eq!(json["cells"][0]["bars"], serde_json::json!(["right"]));
        assert_eq!(json["cells"][1]["bars"], serde_json::json!(["left"]));
        assert_eq!(json["cells"][4]["shade"], "#c0c0ff");
        assert_eq!(json["cells"][8]["void"], true);
        assert!(grid.cells[8].block);
        assert!(json["cells"][7].get("void").is_none() && json["cells"][7].get("bars").is_none());
        // The bar ends 1 across at one cell: the across entries are 2 (two cells), 4 and 5.
        let across: Vec<(String, Vec<usize>)> = grid
            .clues
            .iter()
            .filter(|c| c.list == "Across")
            .map(|c| (c.label.clone(), c.cells.clone()))
            .collect();
        assert_eq!(across, [("2".into(), vec![1, 2]), ("4".into(), vec![3, 4, 5]), ("5".into(), vec![6, 7])]);
        let two = grid.clues.iter().find(|c| c.label == "2" && c.list == "Across").unwrap();
        assert_eq!(two.enumeration.as_deref(), Some("(2)"));
        let three = serde_json::to_value(grid.clues.iter().find(|c| c.label == "3").unwrap()).unwrap();
        assert_eq!(three["enumeration"], "(1,1)");
        assert_eq!(three["list"], "Down");
    }

    #[test]
    fn the_check_names_wrong_and_empty_cells_and_letters_on_blocks() {
        let d = doc(false);
        let check = check_entries(&d, &fill("CAtA_O_OY"), &[]);
        assert_eq!(check.wrong, vec![8]);
        assert_eq!(check.empty, vec![6]);
        assert!(!check.solved);
        assert!(check_entries(&d, &fill("catA_obox"), &[]).solved);
        let on_block = check_entries(&d, &fill("CATAZOBOX"), &[]);
        assert_eq!((on_block.wrong.clone(), on_block.solved), (vec![4], false));
        // Only the cells asked about.
        assert_eq!(check_entries(&d, &fill("CAQA_OBOX"), &[0, 1]).wrong, Vec::<usize>::new());
    }

    #[test]
    fn a_rebus_cell_takes_its_answer_or_its_first_letter() {
        let d = doc(true);
        let mut entries = fill("CATA_OB_X");
        entries[7] = "on".into();
        assert!(check_entries(&d, &entries, &[]).solved);
        entries[7] = "O".into();
        assert!(check_entries(&d, &entries, &[]).solved);
        entries[7] = "OX".into();
        assert_eq!(check_entries(&d, &entries, &[]).wrong, vec![7]);
        assert_eq!(reveal(&d, &[7, 0]), vec!["ON".to_string(), "C".to_string()]);
    }

    #[test]
    fn a_locked_solution_is_checked_whole() {
        let ipuz = include_bytes!("../../../examples/crossword/square-deal.ipuz");
        let read = crate::CrosswordKind::read(ipuz, crate::Format::Ipuz, &()).unwrap().value;
        let puz = crate::CrosswordKind::write(&read, crate::Format::Puz).unwrap().bytes;
        let d = crate::CrosswordKind::read(&puz, crate::Format::Puz, &()).unwrap().value;
        let all: Vec<usize> = (0..d.puzzle().width * d.puzzle().height).collect();
        let mut entries: Vec<String> =
            reveal(&d, &all).into_iter().map(|a| a.replace(['.', ':'], "")).collect();
        let locked = crate::lock(&d, 1234).unwrap();
        assert!(PlayerGrid::of(&locked).locked);
        let right = check_entries(&locked, &entries, &[]);
        assert_eq!((right.locked, right.solved, right.wrong.len()), (true, true, 0));
        let first = all.iter().copied().find(|&i| !PlayerGrid::of(&d).cells[i].block).unwrap();
        entries[first] = if entries[first] == "Q" { "Z".into() } else { "Q".into() };
        let wrong = check_entries(&locked, &entries, &[]);
        assert_eq!((wrong.solved, wrong.wrong.len()), (false, 0));
    }
}
