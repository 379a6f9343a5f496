//! Loads the shared corpus's benchmark problems (`poly/problems.json` + `pieces.json`) as packing
//! problems; shared by the corpus tests, the criterion benchmarks and the timing example.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::Path;

use pzl_poly::shape::Equivalence;
use pzl_poly::{Board, Piece, Problem, Shape};
use serde_json::Value;

pub struct Benchmark {
    pub id: String,
    pub problem: Problem,
    pub task: String,
    pub raw: Option<u64>,
    pub distinct: Option<u64>,
    pub group: usize,
}

pub fn load(dir: &Path) -> Vec<Benchmark> {
    let pieces: BTreeMap<String, BTreeMap<String, Vec<(i32, i32)>>> =
        serde_json::from_str(&std::fs::read_to_string(dir.join("pieces.json")).unwrap()).unwrap();
    let problems: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(dir.join("problems.json")).unwrap()).unwrap();
    problems
        .iter()
        .map(|p| {
            let rows: Vec<&str> =
                p["board"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
            let one_sided = p["one_sided"].as_bool().unwrap();
            let mut list = Vec::new();
            for set in p["piece_sets"].as_array().unwrap() {
                // "macpoly_fig3_nonomino x4 (a,b,c,d distinct labels)": four labelled copies.
                let mut words = set.as_str().unwrap().split_whitespace();
                let name = words.next().unwrap();
                let copies = words.next().and_then(|w| w.strip_prefix('x')).map_or(1, |n| n.parse().unwrap());
                for copy in 0..copies {
                    for (piece, cells) in &pieces[name] {
                        // pieces.json is (x, y); shapes are (row, col).
                        let shape = Shape::new(cells.iter().map(|&(x, y)| (y, x))).unwrap();
                        let label = if copies > 1 {
                            ((b'a' + copy as u8) as char).to_string()
                        } else {
                            piece.clone()
                        };
                        let mirror = shape.transformed(pzl_grid::Symmetry::ALL[4]);
                        if one_sided
                            && mirror.canonical(Equivalence::OneSided)
                                != shape.canonical(Equivalence::OneSided)
                        {
                            list.push(Piece { name: format!("{label}'"), shape: mirror });
                        }
                        list.push(Piece { name: label, shape });
                    }
                }
            }
            Benchmark {
                id: p["id"].as_str().unwrap().to_string(),
                problem: Problem {
                    board: Board::from_rows(&rows, |c| c == '#'),
                    pieces: list,
                    flips: !one_sided,
                },
                task: p["task"].as_str().unwrap().to_string(),
                raw: p["expected_raw"].as_u64(),
                distinct: p["expected_distinct"].as_u64(),
                group: p["board_symmetry_group_order"].as_u64().unwrap_or(1) as usize,
            }
        })
        .collect()
}
