//! Every puzzle and solution of the shared Masyu corpus, through every format and the validator:
//! the files read cleanly and write back byte for byte, every format keeps what it can hold,
//! the `tatham_id` and `pzpr_url` columns of `index.tsv` decode to the same puzzle and are exactly
//! what pzl writes, every `.sol` solves its puzzle, and damaged copies break the right rule.

use std::collections::HashMap;
use std::path::Path;

use pzl_masyu::check::check;
use pzl_masyu::formats::{self, Format, pzprjs, tatham};
use pzl_masyu::{Board, Cell, Dir, EdgeState, Pos, Rule};

fn through_every_format(board: &Board, id: &str) {
    for format in Format::ALL {
        let bytes = formats::write(board, format).unwrap_or_else(|e| panic!("{id}: {e}")).bytes;
        assert_eq!(formats::detect(&bytes), Some(format), "{id}: detect {format}");
        let back = formats::read(&bytes, format).unwrap_or_else(|e| panic!("{id} as {format}: {e}"));
        assert!(back.warnings.is_empty(), "{id} as {format}: {:?}", back.warnings);
        assert_eq!(back.value, format.kept(board), "{id} through {format}");
        let again = formats::write(&back.value, format).unwrap().bytes;
        assert_eq!(again, bytes, "{id}: {format} writes the same bytes twice");
    }
}

fn rules(board: &Board) -> Vec<Rule> {
    check(board).into_iter().map(|p| p.rule).collect()
}

fn cells_of(board: &Board, rule: Rule) -> Vec<Pos> {
    check(board).into_iter().filter(|p| p.rule == rule).flat_map(|p| p.cells).collect()
}

/// Damage a correct solution in several ways and make sure the validator names the right rule.
fn damaged_copies_fail(solved: &Board, id: &str) {
    let index = solved.edge_index();
    let line_edges: Vec<usize> =
        (0..solved.edge_states().len()).filter(|&n| solved.edge_by_number(n) == EdgeState::Line).collect();
    let degree = |b: &Board, p: Pos| b.line_mask(p).count_ones();

    // Remove one edge of the loop: both of its cells become dead ends.
    let first = line_edges[0];
    let mut cut = solved.clone();
    cut.set_edge_by_number(first, EdgeState::Unknown);
    let (a, b) = index.edge(first).cells();
    let ends = cells_of(&cut, Rule::DeadEnd);
    assert!(ends.contains(&a) && ends.contains(&b), "{id}: cut edge {a}–{b}: {:?}", check(&cut));

    // A stray segment from a cell on the loop to a cell off it: a branch at the first cell.
    let stray = (0..solved.edge_states().len()).find(|&n| {
        let (p, q) = index.edge(n).cells();
        solved.edge_by_number(n) != EdgeState::Line && degree(solved, p) == 2 && degree(solved, q) == 0
    });
    if let Some(n) = stray {
        let mut branched = solved.clone();
        branched.set_edge_by_number(n, EdgeState::Line);
        let (p, _) = index.edge(n).cells();
        assert!(cells_of(&branched, Rule::Branch).contains(&p), "{id}: stray at {p}: {:?}", check(&branched));
        assert!(rules(&branched).contains(&Rule::DeadEnd), "{id}");
    }

    // A second little loop in an empty 2x2 block: more than one loop, and nothing else.
    let block = solved.cells().positions().find(|p| {
        p.row + 1 < solved.height()
            && p.col + 1 < solved.width()
            && [(0, 0), (0, 1), (1, 0), (1, 1)]
                .iter()
                .all(|&(dr, dc)| degree(solved, Pos::new(p.row + dr, p.col + dc)) == 0)
    });
    if let Some(p) = block {
        let mut two = solved.clone();
        for (cell, dir) in [
            (p, Dir::Right),
            (p, Dir::Down),
            (Pos::new(p.row + 1, p.col + 1), Dir::Left),
            (Pos::new(p.row + 1, p.col + 1), Dir::Up),
        ] {
            assert!(two.set_edge_from(cell, dir, EdgeState::Line));
        }
        assert_eq!(rules(&two), [Rule::SeveralLoops], "{id}");
    }

    // Take the line off a pearl: the pearl is off the loop, its neighbours become dead ends.
    if let Some(pearl) = solved.cells().positions().find(|&p| solved.cell(p).is_pearl()) {
        let mut off = solved.clone();
        for dir in Dir::ALL {
            off.set_edge_from(pearl, dir, EdgeState::Cross);
        }
        assert_eq!(cells_of(&off, Rule::PearlOffLoop), [pearl], "{id}");
        assert!(rules(&off).contains(&Rule::DeadEnd), "{id}");
    }

    // Swap a pearl's colour: a white pearl is straight, so as black it is "black straight";
    // a black pearl turns, so as white it is "white turns".
    for (from, to, rule) in
        [(Cell::White, Cell::Black, Rule::BlackStraight), (Cell::Black, Cell::White, Rule::WhiteTurns)]
    {
        if let Some(p) = solved.cells().positions().find(|&p| solved.cell(p) == from) {
            let mut swapped = solved.clone();
            swapped.set_cell(p, to);
            assert_eq!(cells_of(&swapped, rule), [p], "{id}: {from:?} at {p} made {to:?}");
        }
    }
}

fn index(dir: &Path) -> Vec<HashMap<String, String>> {
    let text = std::fs::read_to_string(dir.join("index.tsv")).expect("index.tsv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    lines
        .filter(|l| !l.is_empty())
        .map(|l| header.iter().zip(l.split('\t')).map(|(k, v)| (k.to_string(), v.to_string())).collect())
        .collect()
}

#[test]
fn every_corpus_puzzle_and_solution() {
    let Some(dir) = pzl_corpus::dir("masyu") else { return };
    let rows = index(&dir);
    assert!(rows.len() >= 1000, "the index lists {} puzzles", rows.len());
    let mut solutions = 0;
    for row in &rows {
        let id = &row["id"];
        let puzzle_bytes = std::fs::read(dir.join("puzzles").join(format!("{id}.txt"))).expect("puzzle file");
        assert_eq!(formats::detect(&puzzle_bytes), Some(Format::Text), "{id}");
        let parsed = formats::read(&puzzle_bytes, Format::Text).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(parsed.warnings.is_empty(), "{id}: {:?}", parsed.warnings);
        let puzzle = parsed.value;
        assert_eq!(
            (puzzle.width().to_string(), puzzle.height().to_string()),
            (row["w"].clone(), row["h"].clone()),
            "{id}"
        );
        let (whites, blacks) = puzzle.pearl_counts();
        assert_eq!(
            (whites.to_string(), blacks.to_string()),
            (row["whites"].clone(), row["blacks"].clone()),
            "{id}"
        );
        assert_eq!(
            formats::write(&puzzle, Format::Text).unwrap().bytes,
            puzzle_bytes,
            "{id}: text round trip"
        );

        let tatham_id = &row["tatham_id"];
        assert_eq!(tatham::read_id(tatham_id).unwrap_or_else(|e| panic!("{id}: {e}")).value, puzzle, "{id}");
        assert_eq!(&tatham::write_id(&puzzle), tatham_id, "{id}");
        let url = &row["pzpr_url"];
        let from_url = pzprjs::read(url).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(from_url.warnings.is_empty(), "{id}");
        assert_eq!(from_url.value, puzzle, "{id}");
        assert_eq!(&pzprjs::write_url(&puzzle), url, "{id}");

        through_every_format(&puzzle, id);

        let sol_path = dir.join("solutions").join(format!("{id}.sol"));
        let Ok(sol_bytes) = std::fs::read(&sol_path) else {
            assert_ne!(row["solution"], "ok", "{id}: the index promises a solution");
            continue;
        };
        solutions += 1;
        assert_eq!(formats::detect(&sol_bytes), Some(Format::Sol), "{id}");
        let lines = formats::read(&sol_bytes, Format::Sol).unwrap_or_else(|e| panic!("{id}.sol: {e}"));
        assert!(lines.warnings.is_empty(), "{id}.sol: {:?}", lines.warnings);
        assert_eq!(
            formats::write(&lines.value, Format::Sol).unwrap().bytes,
            sol_bytes,
            "{id}: sol round trip"
        );
        let solved = puzzle.with_edges_of(&lines.value).expect("same size");
        assert_eq!(check(&solved), [], "{id}: the corpus solution must pass");
        assert_eq!(solved.state(), pzl_masyu::BoardState::Solved);
        through_every_format(&solved, id);
        damaged_copies_fail(&solved, id);
    }
    assert!(solutions >= 1000, "only {solutions} solutions checked");
}
