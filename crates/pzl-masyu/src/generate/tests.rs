use super::*;
use crate::solver::{SolveOptions, solve};

fn request(w: usize, h: usize, difficulty: Difficulty) -> Request {
    Request::new(w, h, difficulty)
}

fn make(request: &Request, seed: u64, index: u64) -> Generated {
    match generate_one(request, seed, index, &Limits::default()) {
        Ok(made) => made,
        Err(stopped) => panic!("{request:?} seed {seed} index {index}: {stopped:?}"),
    }
}

/// The puzzle is unique by an independent solve, graded as asked, and its solution is valid.
fn assert_good(made: &Generated, request: &Request) {
    let result = solve(&made.puzzle, &SolveOptions::default());
    assert_eq!(result.unique, Some(true), "{request:?} index {}", made.index);
    assert_eq!(result.difficulty, Some(request.difficulty), "{request:?} index {}", made.index);
    assert_eq!(crate::solver::grade(&made.puzzle), Some(request.difficulty));
    assert!(crate::solver::is_valid_solution(&made.solution));
    assert_eq!(made.solution.puzzle(), made.puzzle);
    assert!(made.puzzle.is_blank());
    assert_eq!((made.puzzle.width(), made.puzzle.height()), (request.width, request.height));
}

#[test]
fn every_grade_is_made_unique_and_as_asked() {
    for difficulty in DIFFICULTIES {
        let request = request(10, 10, difficulty);
        for index in 0..3 {
            assert_good(&make(&request, 1, index), &request);
        }
    }
}

#[test]
fn non_square_grids_work() {
    for (w, h, difficulty) in
        [(12, 7, Difficulty::Medium), (6, 14, Difficulty::Easy), (18, 10, Difficulty::Hard)]
    {
        let request = request(w, h, difficulty);
        assert_good(&make(&request, 3, 0), &request);
    }
}

#[test]
fn expert_puzzles_of_larger_grids_are_hardened_medium_ones() {
    // 19×19 is the first square size made by hardening (`HARDEN_FROM_CELLS`), 20×18 a
    // non-square one.
    for (w, h) in [(19, 19), (20, 18)] {
        assert!(w * h >= HARDEN_FROM_CELLS);
        let request = request(w, h, Difficulty::Expert);
        assert_good(&make(&request, 2, 0), &request);
    }
    assert_every_pearl_needed(19, 4);
}

#[test]
fn minimal_expert_puzzles_of_the_search_path_need_every_pearl() {
    const { assert!(12 * 12 < HARDEN_FROM_CELLS) };
    assert_every_pearl_needed(12, 4);
}

/// A minimal `expert` puzzle of `side`×`side` (seed `seed`) loses uniqueness without any of its
/// pearls.
fn assert_every_pearl_needed(side: usize, seed: u64) {
    let mut minimal = request(side, side, Difficulty::Expert);
    minimal.minimal = true;
    let made = make(&minimal, seed, 0);
    assert_good(&made, &minimal);
    for i in 0..side * side {
        let pos = Pos::new(i / side, i % side);
        if made.puzzle.cell(pos).is_pearl() {
            let mut fewer = made.puzzle.clone();
            fewer.set_cell(pos, Cell::Empty);
            assert_eq!(
                solve(&fewer, &SolveOptions::default()).unique,
                Some(false),
                "{side}x{side}: pearl at {pos} is not needed"
            );
        }
    }
}

#[test]
fn the_same_seed_and_index_give_the_same_puzzle() {
    let request = request(10, 10, Difficulty::Hard);
    let a = make(&request, 42, 5);
    let b = make(&request, 42, 5);
    assert_eq!(a.puzzle, b.puzzle);
    assert_eq!(a.solution, b.solution);
    assert_ne!(make(&request, 42, 6).puzzle, a.puzzle);
    assert_ne!(make(&request, 43, 5).puzzle, a.puzzle);
}

#[test]
fn threads_change_nothing() {
    let request = request(8, 8, Difficulty::Medium);
    let one = generate(&request, 9, 6, 1, &Limits::default(), &|_| {}).unwrap();
    let three = generate(&request, 9, 6, 3, &Limits::default(), &|_| {}).unwrap();
    let boards = |v: &[Result<Generated, Stopped>]| -> Vec<Board> {
        v.iter().map(|m| m.as_ref().map(|m| m.puzzle.clone()).unwrap()).collect()
    };
    assert_eq!(boards(&one), boards(&three));
    for (i, made) in one.iter().enumerate() {
        assert_eq!(made.as_ref().unwrap().index, i as u64);
    }
}

/// Pins the stream: a change here means every seed now gives other puzzles (a compatibility
/// break to note in the README).
#[test]
fn the_stream_is_portable() {
    let mut rng = Rng::new(1, 2);
    let drawn: Vec<usize> = (0..6).map(|_| rng.below(1000)).collect();
    let mut again = Rng::new(1, 2);
    assert_eq!(drawn, (0..6).map(|_| again.below(1000)).collect::<Vec<_>>());
    assert_ne!(drawn, (0..6).map(|_| Rng::new(1, 3).below(1000)).collect::<Vec<_>>());
}

#[test]
fn minimal_puzzles_lose_uniqueness_without_any_pearl() {
    for difficulty in [Difficulty::Hard] {
        let mut request = request(8, 8, difficulty);
        request.minimal = true;
        let made = make(&request, 5, 0);
        assert_good(&made, &request);
        for row in 0..8 {
            for col in 0..8 {
                let pos = Pos::new(row, col);
                if made.puzzle.cell(pos).is_pearl() {
                    let mut fewer = made.puzzle.clone();
                    fewer.set_cell(pos, Cell::Empty);
                    let result = solve(&fewer, &SolveOptions::default());
                    assert_eq!(result.unique, Some(false), "pearl at {pos} is not needed");
                }
            }
        }
    }
}

#[test]
fn symmetric_requests_give_symmetric_pearls() {
    for symmetry in [Symmetry::Rotational, Symmetry::Mirror] {
        let mut request = request(9, 8, Difficulty::Medium);
        request.symmetry = symmetry;
        let made = make(&request, 11, 0);
        assert_good(&made, &request);
        for row in 0..8 {
            for col in 0..9 {
                let pos = Pos::new(row, col);
                assert_eq!(
                    made.puzzle.cell(pos),
                    made.puzzle.cell(symmetry.image(pos, 9, 8)),
                    "{symmetry:?} {pos}"
                );
            }
        }
    }
}

#[test]
fn impossible_requests_are_refused() {
    assert!(request(5, 5, Difficulty::Expert).check().is_err());
    assert!(request(4, 10, Difficulty::Easy).check().is_err());
    assert!(request(10, 101, Difficulty::Easy).check().is_err());
    assert!(request(5, 5, Difficulty::Easy).check().is_ok());
    assert_eq!(parse_size("18x10").unwrap(), (18, 10));
    assert_eq!(parse_size("12").unwrap(), (12, 12));
    for bad in ["", "x", "10x", "axb", "3x10", "10x0", "-5x5", "1000x1000"] {
        assert!(parse_size(bad).is_err(), "{bad}");
    }
    assert!(parse_difficulty("tricky").is_err());
    assert_eq!(parse_difficulty("hard").unwrap(), Difficulty::Hard);
    assert!(Symmetry::parse("diagonal").is_err());
}

#[test]
fn a_passed_deadline_stops_at_once() {
    let limits = Limits { deadline: Some(Instant::now()), cancel: None };
    let request = request(30, 30, Difficulty::Hard);
    assert_eq!(generate_one(&request, 1, 0, &limits).err(), Some(Stopped::TimedOut));
}

/// Pearls are taken away the colour above its share first (40 % black), in both ways of making
/// a puzzle.
#[test]
fn pearls_are_taken_the_colour_above_its_share_first() {
    let (b, w, e) = (Cell::Black, Cell::White, Cell::Empty);
    let mut pearls = Pearls {
        width: 3,
        height: 2,
        allowed: vec![b, b, b, w, w, e],
        placed: vec![b, b, b, w, w, e],
        symmetry: Symmetry::None,
    };
    // 3 black of 5: black is above its share.
    let (mut blacks, mut whites) = (vec![0, 1, 2], vec![3, 4]);
    assert_eq!(pearls.colour_below_share(), Cell::White);
    assert_eq!(pearls.next_to_take(&mut blacks, &mut whites), Some(2));
    pearls.placed[2] = e;
    pearls.placed[1] = e;
    // 1 black of 3: white is above its share.
    assert_eq!(pearls.colour_below_share(), Cell::Black);
    assert_eq!(pearls.next_to_take(&mut blacks, &mut whites), Some(4));
    // With no white left to take, a black one is taken.
    whites.clear();
    assert_eq!(pearls.next_to_take(&mut blacks, &mut whites), Some(1));
}

/// A random loop of a small grid and the pearls it allows, as the generator makes them.
fn small_loop(seed: u64, width: usize, height: usize) -> (Vec<u8>, Pearls) {
    let mut rng = Rng::new(seed, 0);
    let masks = masks(&shape::random_loop(&mut rng, width, height, Symmetry::None));
    let allowed = allowed_pearls(&masks, width);
    let pearls = Pearls { width, height, placed: allowed.clone(), allowed, symmetry: Symmetry::None };
    (masks, pearls)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Pearls added one at a time (and taken back by undoing) leave the incremental rules where
    /// the rules run from nothing on the same pearls end.
    #[test]
    fn incremental_rules_end_where_rules_from_nothing_end(
        seed in 0u64..1_000_000, width in 5usize..10, height in 5usize..10, easy: bool,
    ) {
        let level = if easy { Difficulty::Easy } else { Difficulty::Medium };
        let (_, all) = small_loop(seed, width, height);
        let mut order: Vec<usize> = (0..all.allowed.len()).filter(|&i| all.allowed[i].is_pearl()).collect();
        Rng::new(seed, 1).shuffle(&mut order);
        let mut pearls = Pearls { placed: vec![Cell::Empty; width * height], ..all };
        let from_nothing = |pearls: &Pearls| within(&pearls.board(), level);
        let mut rules = pearls.incremental_rules(level, &[]);
        let half = order.len() / 2;
        let mut save = None;
        for (k, &i) in order.iter().enumerate() {
            if k == half {
                save = Some((rules.save(), pearls.placed.clone()));
            }
            pearls.place(i, &mut rules);
            proptest::prop_assert_eq!(rules.run(), from_nothing(&pearls), "after {} pearls", k + 1);
        }
        if let Some((point, placed)) = save {
            rules.undo_to(point);
            pearls.placed = placed;
            proptest::prop_assert_eq!(rules.run(), from_nothing(&pearls), "undone to {} pearls", half);
        }
    }

    /// Taking pearls away through `thin` decides exactly what trying them one at a time, each
    /// with the rules run from nothing, decides.
    #[test]
    fn thinning_decides_what_one_try_at_a_time_decides(
        seed in 0u64..1_000_000, width in 5usize..10, height in 5usize..10, stop_at in 0usize..30,
    ) {
        let request = Request::new(width, height, Difficulty::Medium);
        let limits = Limits::default();
        let (_, mut naive) = small_loop(seed, width, height);
        let mut thinned = Pearls { placed: naive.placed.clone(), allowed: naive.allowed.clone(), ..naive };
        let (mut blacks, mut whites) = naive.removal_lists(&mut Rng::new(seed, 2));
        let lists = (blacks.clone(), whites.clone());
        // One at a time, from nothing, stopping once `stop_at` pearls or fewer are left.
        let mut maker = Maker { request: &request, limits: &limits, solves: 0 };
        while naive.count() > stop_at {
            let Some(i) = naive.next_to_take(&mut blacks, &mut whites) else { break };
            naive.set(i, false);
            if !maker.solved_within(&naive, Difficulty::Medium).unwrap() {
                naive.set(i, true);
            }
        }
        let mut go_on = |_: &mut Maker, pearls: &Pearls| Ok(pearls.count() > stop_at);
        let mut taken = |maker: &mut Maker, _: &Pearls, _: usize, rules: &mut IncrementalRules| {
            Ok(if matches!(maker.run(rules)?, Within::Solved) { Taken::Yes } else { Taken::No })
        };
        thin::thin(&mut maker, &mut thinned, Difficulty::Medium, lists, &mut go_on, &mut taken).unwrap();
        proptest::prop_assert_eq!(thinned.placed, naive.placed);
    }
}

/// Another loop than ours is found exactly when the solver counts two, for a unique puzzle
/// with a pearl taken away, searched anywhere, near ours and breaking that pearl.
#[test]
fn another_loop_is_found_exactly_when_there_is_one() {
    use crate::solver::{Differ, Other, count_solutions, other_solution};
    let options = SolveOptions::default();
    let two = |board: &Board| count_solutions(board, 2, &options).count == 2;
    let (mut found, mut absent) = (0, 0);
    for seed in 0..200 {
        let (width, height) = (6 + seed as usize % 3, 5 + seed as usize % 4);
        let (masks, mut pearls) = small_loop(seed, width, height);
        let ours = loop_board(&masks, width, height);
        let mut rng = Rng::new(seed, 9);
        let mut taken = pearls.taken();
        rng.shuffle(&mut taken);
        if two(&pearls.board()) {
            continue;
        }
        // Pearls taken away one at a time from a unique puzzle, kept away while it stays so.
        for &i in &taken {
            pearls.set(i, false);
            let without = pearls.board();
            let unique = !two(&without);
            for differ in [Differ::Anywhere, Differ::Near, Differ::Breaking(&[i])] {
                match other_solution(&without, &ours, differ, &options) {
                    Other::None => {
                        assert!(unique, "seed {seed}, {differ:?}: another loop exists but none was found");
                        absent += 1;
                    }
                    Other::Found(other) => {
                        assert!(!unique, "seed {seed}, {differ:?}");
                        assert!(crate::solver::is_valid_solution(&other));
                        assert_ne!(other.edge_states(), ours.edge_states());
                        assert_eq!(other.puzzle(), without);
                        found += 1;
                    }
                    Other::TimedOut => panic!("seed {seed}: no budget was set"),
                }
            }
            if !unique {
                pearls.set(i, true);
            }
        }
    }
    assert!(found > 120 && absent > 120, "{found} found, {absent} absent");
}
