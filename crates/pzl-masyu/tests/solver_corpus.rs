//! Every corpus puzzle is solved, its solution equals the stored `.sol`, and it is proven unique.
//! Slow in a debug build: CI runs it as `cargo test --release -p pzl-masyu --test solver_corpus`.

use std::path::Path;

use pzl_masyu::solver::{Outcome, SolveOptions, solve};
use pzl_masyu::{Board, Cell, Pos};

/// The corpus `.txt`: `W H`, then H rows of `.WB`.
fn read_puzzle(path: &Path) -> Board {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let mut size = lines.next().unwrap().split_whitespace().map(|n| n.parse::<usize>().unwrap());
    let (w, h) = (size.next().unwrap(), size.next().unwrap());
    let mut board = Board::new(w, h);
    for (r, line) in lines.take(h).enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let cell = match ch {
                'W' => Cell::White,
                'B' => Cell::Black,
                _ => Cell::Empty,
            };
            board.set_cell(Pos::new(r, c), cell);
        }
    }
    board
}

/// The corpus `.sol`: `W H`, then H rows of hex line masks.
fn read_masks(path: &Path) -> Vec<Vec<u8>> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.chars().map(|ch| ch.to_digit(16).unwrap() as u8).collect())
        .collect()
}

#[test]
fn every_corpus_puzzle_is_solved_uniquely() {
    let Some(dir) = pzl_corpus::dir("masyu") else { return };
    let puzzles = pzl_corpus::files(&dir.join("puzzles"), ".txt");
    assert!(puzzles.len() > 1000, "expected the whole corpus, found {}", puzzles.len());
    let only = std::env::var("PZL_SOLVER_ONLY").ok();
    let mut failures = Vec::new();
    let mut times = Vec::new();
    for path in &puzzles {
        let rel = path.strip_prefix(dir.join("puzzles")).unwrap();
        if only.as_deref().is_some_and(|o| !rel.to_string_lossy().contains(o)) {
            continue;
        }
        let board = read_puzzle(path);
        let sol = dir.join("solutions").join(rel).with_extension("sol");
        let expected = read_masks(&sol);
        let started = std::time::Instant::now();
        let result = solve(&board, &SolveOptions::default());
        times.push((started.elapsed(), rel.display().to_string(), result.stats));
        if result.outcome != Outcome::Solved || result.unique != Some(true) {
            failures.push(format!("{}: {:?} unique {:?}", rel.display(), result.outcome, result.unique));
            continue;
        }
        let solution = result.solution.unwrap();
        let masks: Vec<Vec<u8>> = (0..board.height())
            .map(|r| (0..board.width()).map(|c| solution.line_mask(Pos::new(r, c))).collect())
            .collect();
        if masks != expected {
            failures.push(format!("{}: solution differs from the .sol", rel.display()));
        }
    }
    times.sort_by_key(|t| std::cmp::Reverse(t.0));
    let total: std::time::Duration = times.iter().map(|t| t.0).sum();
    eprintln!("{} puzzles in {:.3} s; slowest:", times.len(), total.as_secs_f64());
    for (time, name, stats) in times.iter().take(10) {
        eprintln!("  {:>9.3} ms  {name}  {stats:?}", time.as_secs_f64() * 1e3);
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// The grade against the difficulty labels given outside pzl (`index.tsv`'s `label`: Simon
/// Tatham's generator settings easy/tricky). Prints the agreement table the README publishes and
/// holds the ladder to it: Tatham's tricky puzzles (which need his loop rule) are never `easy`,
/// and most of his easy ones are.
#[test]
fn grades_agree_with_the_labels_of_the_sources() {
    let Some(dir) = pzl_corpus::dir("masyu") else { return };
    let index = std::fs::read_to_string(dir.join("index.tsv")).unwrap();
    let mut header = index.lines().next().unwrap().split('\t');
    let col = |name: &str, header: &mut std::str::Split<'_, char>| header.position(|h| h == name).unwrap();
    let (id_col, label_col) = (col("id", &mut header.clone()), col("label", &mut header));
    let grades = ["easy", "medium", "hard", "expert"];
    let mut table: std::collections::BTreeMap<String, [u32; 4]> = Default::default();
    for row in index.lines().skip(1) {
        let fields: Vec<&str> = row.split('\t').collect();
        let label = fields[label_col];
        if label.is_empty() || label.starts_with("tootsweet") {
            continue;
        }
        let board = read_puzzle(&dir.join("puzzles").join(format!("{}.txt", fields[id_col])));
        let grade = pzl_masyu::solver::request::grade(&board).expect("graded");
        let at = grades.iter().position(|g| *g == grade.name()).unwrap();
        table.entry(format!("tatham {label}")).or_default()[at] += 1;
    }
    println!("| label | easy | medium | hard | expert |");
    for (label, counts) in &table {
        println!("| {label} | {} | {} | {} | {} |", counts[0], counts[1], counts[2], counts[3]);
    }
    let easy = table["tatham easy"];
    let tricky = table["tatham tricky"];
    assert_eq!(tricky[0], 0, "no tricky puzzle is easy: {tricky:?}");
    assert_eq!(easy[0], easy.iter().sum::<u32>(), "every one of Tatham's easy is easy: {easy:?}");
}

/// The hint ladder over the whole corpus: from an empty board, repeatedly taking every deduction
/// of the lowest level that decides anything ([`next_step`]) reaches the solution; every
/// deduction agrees with it; a local step uses local rules only, a global step starts with a
/// global rule (so the local rules had nothing left), a hypothesis step is a probe. Prints how
/// many steps each level took.
#[test]
fn hints_from_an_empty_board_reach_the_solution_easiest_level_first() {
    use pzl_masyu::EdgeState;
    use pzl_masyu::solver::{Level, Rule, TraceEvent, next_step};
    let Some(dir) = pzl_corpus::dir("masyu") else { return };
    let puzzles = pzl_corpus::files(&dir.join("puzzles"), ".txt");
    let mut steps_per_level = [0usize; 4];
    let mut puzzles_per_hardest = [0usize; 4];
    let mut failures = Vec::new();
    let started = std::time::Instant::now();
    for path in &puzzles {
        let rel = path.strip_prefix(dir.join("puzzles")).unwrap().display().to_string();
        let puzzle = read_puzzle(path);
        let result = solve(&puzzle, &SolveOptions::default());
        let (Some(solution), Some(true)) = (result.solution, result.unique) else { continue };
        let mut board = puzzle.clone();
        let edges = board.edge_index().count();
        let mut hardest = Level::Local;
        let failure = 'puzzle: {
            for _ in 0..=edges {
                let done = (0..edges).all(|e| {
                    solution.edge_by_number(e) != EdgeState::Line
                        || board.edge_by_number(e) == EdgeState::Line
                });
                if done {
                    break 'puzzle None;
                }
                let Some(step) = next_step(&board, &solution, None) else {
                    break 'puzzle Some("no step from an unsolved board".to_string());
                };
                steps_per_level[step.level as usize] += 1;
                hardest = hardest.max(step.level);
                let rules: Vec<Rule> = step
                    .events
                    .iter()
                    .filter_map(|e| match e {
                        TraceEvent::Set { rule, .. } => Some(*rule),
                        _ => None,
                    })
                    .collect();
                let right_levels = match step.level {
                    Level::Local => rules.iter().all(|&r| Level::of(r) == Level::Local),
                    Level::Global => rules.first().is_some_and(|&r| Level::of(r) == Level::Global),
                    Level::Hypothesis => rules == [Rule::Probe],
                    Level::Search => rules == [Rule::Guess],
                };
                if !right_levels || rules.is_empty() {
                    break 'puzzle Some(format!("a {:?} step with rules {rules:?}", step.level));
                }
                for event in &step.events {
                    let TraceEvent::Set { edge, line, rule, .. } = *event else { continue };
                    let (edge, state) =
                        (edge as usize, if line { EdgeState::Line } else { EdgeState::Cross });
                    if (solution.edge_by_number(edge) == EdgeState::Line) != line {
                        break 'puzzle Some(format!("{rule:?} decided edge {edge} against the solution"));
                    }
                    board.set_edge_by_number(edge, state);
                }
            }
            Some("more steps than edges".to_string())
        };
        if let Some(why) = failure {
            failures.push(format!("{rel}: {why}"));
        }
        puzzles_per_hardest[hardest as usize] += 1;
    }
    eprintln!(
        "hint ladder over {} puzzles in {:.1} s: steps per level {:?} (local, global, hypothesis, search); \
         puzzles by hardest level {:?}",
        puzzles_per_hardest.iter().sum::<usize>(),
        started.elapsed().as_secs_f64(),
        steps_per_level,
        puzzles_per_hardest
    );
    assert!(puzzles_per_hardest.iter().sum::<usize>() > 1000, "expected the whole corpus");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}
