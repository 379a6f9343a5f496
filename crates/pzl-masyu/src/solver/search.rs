//! Search on top of the engine: one-level hypotheses (probing: try each value of an edge, keep
//! what a failure forces and what both values agree on), then a complete depth-first search with
//! probing at every node, counting solutions up to a limit.

use super::engine::{BLACK, CROSS, Contradiction, EMPTY, Engine, LINE, SavePoint, Step, UNKNOWN, WHITE};
use super::trace::{Rule, TraceEvent};
use super::{
    Clock, Difficulty, SolveOptions, Statistics, board_of, engine_for, is_valid_solution, kind_of, state_of,
};
use crate::{Board, Cell, EdgeState};
use pzl_grid::Pos;

const NONE: u32 = u32::MAX;

/// Search nodes probe only the path ends until this many guesses were needed; after that every
/// unknown edge, which costs more per node but cuts the heavy tail of hard puzzles.
const FRONTIER_ONLY_DECISIONS: u64 = 8;

/// The same for [`Differ::Anywhere`]'s search, which looks for any loop but ours: it stops at
/// the first one, so probing every edge at each node pays less there than in a search that must
/// prove there is none. Measured on the generator (seed 3, one thread, cachegrind): 20×20
/// `medium`, 60 puzzles, 16.8 G with 8, 12.9 G with 32, 12.3 G with 64, 12.5 G with 128, 13.4 G
/// never probing every edge; 40×40 `medium`, 4 puzzles, 15.4 G with 8, 13.0 G with 64. At 20×20
/// `expert` (seed 5, 200 puzzles, two runs each) 8 took 32.9–37.9 s, 64 24.7–29.0 s.
const ANYWHERE_FRONTIER_ONLY_DECISIONS: u64 = 64;

/// The root of a solve probes around each deduction first once its probes have cost
/// `edges / FOCUS_AFTER_EDGES_PER` hypotheses (see [`Searcher::probe_all`]). Measured by
/// instructions on the slowest boards of the corpus and of the hard sets: from the start, the
/// tails fell as far but janko 758_30x25 took 32 % more and the 10×10 hard set 1.6 % more;
/// after 200 hypotheses the 10×10 boards kept their tails; a half left half the gain.
const FOCUS_AFTER_EDGES_PER: u64 = 4;

/// What a search run found.
pub(crate) struct Run {
    pub solutions: Vec<Board>,
    pub count: u64,
    pub timed_out: bool,
    pub stats: Statistics,
    pub difficulty: Difficulty,
    pub trace: Option<Vec<TraceEvent>>,
}

struct Searcher<'a> {
    engine: &'a mut Engine,
    board: &'a Board,
    clock: Clock,
    stats: Statistics,
    /// Per edge: the stamp of the probe that last recorded a value, and that value.
    seen_stamp: Vec<u32>,
    seen_state: Vec<u8>,
    stamp: u32,
    agreed: Vec<(u32, u8)>,
    /// Probes made needless by an earlier one (see [`Searcher::dominated`]): per edge, the edge
    /// whose probe covers its probe and the epoch at which that was seen; per edge, the epoch of
    /// its last probe that deduced nothing. The epoch moves on at every deduction and at the
    /// start of every round of probes (`probe_all`, `probe_frontier`), within which the state
    /// only grows.
    dominator: Vec<u32>,
    dominated_at: Vec<u32>,
    quiet_at: Vec<u32>,
    epoch: u32,
    round_start: u32,
    depth: u32,
    human: bool,
    max_decisions: Option<u64>,
    /// Probing candidates scratch list.
    candidates: Vec<u32>,
    /// Look-ahead score of each edge probed at the current node (both values consistent): the
    /// product of how much each value decides. The best-scoring edge is guessed first.
    best_edge: u32,
    best_score: u64,
    /// A known loop that guides the guesses (see [`Guide`]).
    guide: Option<Guide>,
    /// Search nodes probe nothing (see [`Searcher::other_breaking`]).
    unprobed: bool,
    /// [`Searcher::other_breaking`] runs its first pass only.
    quick_only: bool,
    /// Check each solution found with the independent validator before counting it. Off only
    /// in the searches for a loop other than a known one ([`Searcher::other_than`]): the
    /// generator never shows such a loop, only drops a candidate puzzle for it, and checking
    /// every one cost 8 % of the instructions of 10×10 `expert` generation.
    verify_found: bool,
    /// Search nodes probe only the path ends until this many guesses were made in all.
    probe_all_after: u64,
    /// Probe around each deduction first (see [`Searcher::probe_all`]): at the root of a solve.
    focus: bool,
    /// The edges to probe next, and per edge the stamp of the last time it was queued there.
    focus_list: Vec<u32>,
    focus_mark: Vec<u32>,
    focus_stamp: u32,
}

/// How a known loop (its edge states) guides a search for another one.
enum Guide {
    /// Its value is tried last at each guess, and it is not counted when found (see
    /// [`Differ::Anywhere`]).
    Avoid(Vec<u8>),
    /// Its value is tried first at each guess (see [`Searcher::other_breaking`]).
    Follow(Vec<u8>),
}

struct Frame {
    save: SavePoint,
    edge: u32,
    /// The value tried first (LINE, or as the guide says).
    first: u8,
    second: bool,
}

pub(crate) fn run(board: &Board, limit: u64, options: &SolveOptions) -> Run {
    let mut engine = engine_for(board);
    let mut s = Searcher::new(&mut engine, board, options);
    let mut solutions = Vec::new();
    let mut count = 0u64;
    let mut timed_out = false;
    let mut difficulty = Difficulty::Easy;
    let root = s.root(options);
    if root.is_ok() {
        let local_only = s.engine.rule_uses[Rule::EarlyLoop as usize] == 0
            && s.engine.rule_uses[Rule::Parity as usize] == 0
            && s.engine.rule_uses[Rule::InsideOutside as usize] == 0;
        difficulty = if s.stats.probe_deductions > 0 {
            Difficulty::Hard
        } else if local_only {
            Difficulty::Easy
        } else {
            Difficulty::Medium
        };
        timed_out = s.dfs(limit, &mut solutions, &mut count);
        if s.stats.decisions > 0 && !solutions.is_empty() {
            difficulty = Difficulty::Expert;
        }
        if difficulty == Difficulty::Medium
            && !options.keep_edges
            && within(board, Difficulty::Easy) == Within::Solved
        {
            difficulty = Difficulty::Easy;
        }
    }
    s.stats.propagations = s.engine.propagations;
    s.stats.micros = s.clock.started.elapsed().as_micros() as u64;
    Run { solutions, count, timed_out, stats: s.stats, difficulty, trace: s.engine.trace.take() }
}

impl<'a> Searcher<'a> {
    fn new(engine: &'a mut Engine, board: &'a Board, options: &SolveOptions) -> Searcher<'a> {
        if options.trace {
            engine.trace = Some(Vec::new());
        }
        let edges = engine.edge_count();
        Searcher {
            engine,
            board,
            clock: Clock::new(options.timeout, options.cancel.clone()),
            stats: Statistics::default(),
            seen_stamp: vec![0; edges],
            seen_state: vec![UNKNOWN; edges],
            stamp: 0,
            agreed: Vec::new(),
            dominator: vec![NONE; edges],
            dominated_at: vec![0; edges],
            quiet_at: vec![0; edges],
            epoch: 1,
            round_start: 1,
            depth: 0,
            human: options.human,
            max_decisions: options.max_decisions,
            candidates: Vec::with_capacity(edges),
            best_edge: NONE,
            best_score: 0,
            guide: None,
            unprobed: false,
            quick_only: false,
            verify_found: true,
            probe_all_after: FRONTIER_ONLY_DECISIONS,
            focus: false,
            focus_list: Vec::new(),
            focus_mark: vec![0; edges],
            focus_stamp: 0,
        }
    }
}

/// What the rules up to a level make of a puzzle.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Within {
    /// They decide every edge, ending in one valid loop: the puzzle is unique and no harder
    /// than the rules run.
    Solved,
    /// They stop with edges undecided ([`IncrementalRules::stuck_cells`] says where, after an
    /// incremental run).
    Stuck,
    /// They meet a contradiction (or a closed loop that is not the solution), or time ran out.
    Failed,
}

/// Run the propagation rules of `level` on `board`'s puzzle (pearls only), from nothing:
/// `Easy` the local rules, any other level every propagation rule (the one-level hypotheses are
/// [`IncrementalRules::probe`]). No search, so it is cheap.
pub(crate) fn within(board: &Board, level: Difficulty) -> Within {
    let mut engine = engine_for(board);
    engine.local_only = level == Difficulty::Easy;
    engine.enqueue_all();
    if engine.propagate().is_err() {
        return Within::Failed;
    }
    if !engine.is_complete() {
        return Within::Stuck;
    }
    // Checked on the board: this is what the incremental rules are tested against.
    if is_valid_solution(&board_of(&engine, board)) { Within::Solved } else { Within::Failed }
}

/// What the incremental rules made of the puzzle once they stopped without a contradiction.
/// Every edge decided means the lines closed into one loop through every pearl (the engine
/// refuses a loop that leaves a line or a pearl out, and any line after it), unless there is no
/// line at all.
fn where_stopped(engine: &Engine) -> Within {
    if !engine.is_complete() {
        Within::Stuck
    } else if engine.closed {
        Within::Solved
    } else {
        Within::Failed
    }
}

/// The propagation rules of a level (`Easy`: the local ones; above: all of them, never a
/// hypothesis) run on a puzzle whose pearls are added one at a time and taken back by undoing to
/// a save point. After an addition only the cells around the new pearl are looked at again,
/// where [`within`] starts from nothing: what the generator runs after each pearl it adds or
/// takes away. A pearl only narrows the loops that fit, so every deduction made before stays
/// true, and the fixpoint reached is the one [`within`] reaches from scratch.
pub(crate) struct IncrementalRules {
    engine: Engine,
    width: usize,
    height: usize,
}

impl IncrementalRules {
    /// No pearl yet; pearls may be added where `candidates` has one.
    pub fn new(width: usize, height: usize, candidates: &[Cell], level: Difficulty) -> IncrementalRules {
        let candidates: Vec<u8> = candidates.iter().map(|&c| kind_of(c)).collect();
        let mut engine = Engine::with_candidates(width, height, vec![EMPTY; width * height], &candidates);
        engine.local_only = level == Difficulty::Easy;
        engine.enqueue_all();
        IncrementalRules { engine, width, height }
    }

    /// Put `pearl` on cell `i` (row-major), one of the candidates. Takes effect at the next
    /// [`IncrementalRules::run`].
    pub fn add(&mut self, i: usize, pearl: Cell) {
        self.engine.add_pearl(i as u32, kind_of(pearl));
    }

    /// A point to come back to with [`IncrementalRules::undo_to`].
    pub fn save(&self) -> SavePoint {
        self.engine.save()
    }

    /// Take back every pearl added and every deduction made since `point`.
    pub fn undo_to(&mut self, point: SavePoint) {
        self.engine.undo_to(point);
    }

    /// Propagate what the pearls added imply, so that every state undone to later starts from
    /// there. False on a contradiction.
    pub fn propagate(&mut self) -> bool {
        self.engine.propagate().is_ok()
    }

    /// Run the rules to their fixpoint. After `Failed` (a contradiction) undo to a save point
    /// before going on.
    pub fn run(&mut self) -> Within {
        if self.engine.propagate().is_err() {
            return Within::Failed;
        }
        debug_assert!(!self.engine.closed || is_valid_solution(&board_of(&self.engine, &self.puzzle())));
        where_stopped(&self.engine)
    }

    /// The cells beside the edges still undecided (each once, ascending): where the rules
    /// stopped, after [`IncrementalRules::run`] said `Stuck`. Asked for only by the caller that
    /// needs them, since most runs that stop are only counted.
    pub fn stuck_cells(&self) -> Vec<u32> {
        let engine = &self.engine;
        let mut cells: Vec<u32> = (0..engine.edge_count())
            .filter(|&e| engine.edge[e] == UNKNOWN)
            .flat_map(|e| engine.edge_cells[e])
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// Run the one-level hypotheses on top of the propagation [`IncrementalRules::run`] reached
    /// (the `hard` rules): `Solved` when they decide every edge. Undo to a save point
    /// afterwards, as after `run`.
    pub fn probe(&mut self, options: &SolveOptions) -> Within {
        let puzzle = self.puzzle();
        let mut s = Searcher::new(&mut self.engine, &puzzle, options);
        if s.probe_all().is_err() || s.clock.expired() {
            return Within::Failed;
        }
        where_stopped(s.engine)
    }

    /// A loop other than `known` (one that fits) fitting the pearls added, searched on top of
    /// the propagation [`IncrementalRules::run`] reached, which must have met no contradiction
    /// (see [`other_solution`]). `quick`: the pass without probing only of
    /// [`Searcher::other_breaking`], `TimedOut` also when it leaves branches open. The state is
    /// as before afterwards.
    pub fn other_solution(
        &mut self,
        known: &Board,
        differ: Differ,
        quick: bool,
        options: &SolveOptions,
    ) -> Other {
        let puzzle = self.puzzle();
        let mut s = Searcher::new(&mut self.engine, &puzzle, options);
        s.quick_only = quick;
        s.other_than(known, differ)
    }

    /// The pearls added so far, as a puzzle.
    fn puzzle(&self) -> Board {
        let mut puzzle = Board::new(self.width, self.height);
        for (i, &kind) in self.engine.kind.iter().enumerate() {
            let cell = match kind {
                BLACK => Cell::Black,
                WHITE => Cell::White,
                _ => continue,
            };
            puzzle.set_cell(Pos::new(i / self.width, i % self.width), cell);
        }
        puzzle
    }
}

/// What [`other_solution`] found.
pub(crate) enum Other {
    /// A solution other than the one given.
    Found(Board),
    /// None: the one given is the only one.
    None,
    /// The time or the budget of guesses ran out first.
    TimedOut,
}

/// Where another solution must differ from a known one, and so how it is searched for.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Differ<'a> {
    /// Anywhere: a depth-first search that tries first, at each guess, the value the known
    /// solution does not have, and stops at the first loop that differs from it (which tends
    /// to differ much: the generator takes it as its loop when no pearl tells the two apart).
    Anywhere,
    /// At the pearls at these cells (row-major), which the known solution keeps: it was the only
    /// solution with them, so any other one breaks one of them. This is what taking a pearl
    /// away from a unique puzzle asks, and it leaves only a few edges to split on (see
    /// [`Searcher::other_breaking`]).
    Breaking(&'a [usize]),
    /// Anywhere, but looked for near the known solution: another loop lacks at least one of
    /// its lines (a loop with all of them is the same loop), so the search of `Breaking`
    /// splits on all of them still undecided, following the known one.
    Near,
}

/// A solution of `board`'s puzzle other than `known` (one of its solutions), differing from it
/// where `differ` says, searched as it says. Far cheaper than counting two solutions, which
/// probes every edge first and may find `known` first.
pub(crate) fn other_solution(board: &Board, known: &Board, differ: Differ, options: &SolveOptions) -> Other {
    let mut engine = engine_for(board);
    let mut s = Searcher::new(&mut engine, board, options);
    s.engine.enqueue_all();
    if s.engine.propagate().is_err() {
        // `known` fits, so this cannot happen; no solution is no other one.
        return Other::None;
    }
    s.other_than(known, differ)
}

/// The passes of [`Searcher::other_breaking`] over the branches still open: whether search nodes
/// probe nothing, and the most guesses per branch. Measured on the `expert` generator at 20×20
/// (10 puzzles, seed 3, instructions): a first pass without probing settles most branches in a
/// few guesses (at most 48 guesses: 6.94 G in all; 32: 8.15 G; 96: 7.15 G; a pass allowing one
/// guess against the known loop first: 7.87 G before nodes without probing skipped the
/// connectivity check).
const PASSES: [(bool, Option<u64>); 2] = [(true, Some(48)), (false, None)];

impl Searcher<'_> {
    /// A solution other than `known` from the engine's propagated state (no contradiction),
    /// differing from it where `differ` says. The engine is as before afterwards.
    fn other_than(&mut self, known: &Board, differ: Differ) -> Other {
        self.verify_found = false;
        let known: Vec<u8> = known.edge_states().iter().map(|&state| state_of(state)).collect();
        let cells = match differ {
            Differ::Anywhere => return self.other_anywhere(known),
            Differ::Breaking(cells) => cells,
            Differ::Near => {
                let lines: Vec<u32> = (0..known.len() as u32)
                    .filter(|&e| known[e as usize] == LINE && self.engine.edge[e as usize] == UNKNOWN)
                    .collect();
                return self.other_breaking(known, &lines);
            }
        };
        let mut keeping: Vec<u32> =
            cells.iter().flat_map(|&c| keeping_edges(self.engine, &known, c)).collect();
        keeping.sort_unstable();
        keeping.dedup();
        debug_assert!(!keeping.is_empty(), "`known` keeps no pearl at {cells:?}");
        self.other_breaking(known, &keeping)
    }

    /// [`Differ::Anywhere`]'s search.
    fn other_anywhere(&mut self, known: Vec<u8>) -> Other {
        let base = self.engine.save();
        self.guide = Some(Guide::Avoid(known));
        self.probe_all_after = ANYWHERE_FRONTIER_ONLY_DECISIONS;
        let other = self.first_solution();
        self.probe_all_after = FRONTIER_ONLY_DECISIONS;
        self.guide = None;
        self.engine.undo_to(base);
        other
    }

    /// The first solution the search finds from here (`TimedOut` when it stopped first). The
    /// engine is left where the search stopped.
    fn first_solution(&mut self) -> Other {
        let (mut solutions, mut count) = (Vec::new(), 0);
        let stopped = self.dfs(1, &mut solutions, &mut count);
        match solutions.pop() {
            Some(other) => Other::Found(other),
            None if stopped => Other::TimedOut,
            None => Other::None,
        }
    }

    /// The search of [`Differ::Breaking`] and [`Differ::Near`]: another solution lacks one of
    /// the `edges` still undecided (lines of `known`), so the search splits on the first it
    /// lacks (a cross there, the edges before it lines). In each branch it
    /// follows `known` (its value first at each guess), since another solution mostly goes
    /// round the same way, and first without probing, which settles most branches in a few
    /// guesses; only the branches that this does not settle are searched again with probing.
    fn other_breaking(&mut self, known: Vec<u8>, edges: &[u32]) -> Other {
        let base = self.engine.save();
        self.guide = Some(Guide::Follow(known));
        let budget = self.max_decisions;
        let mut open = vec![true; edges.len()];
        let mut found = Other::None;
        let passes = if self.quick_only { &PASSES[..1] } else { &PASSES[..] };
        'passes: for (pass, &(unprobed, guesses)) in passes.iter().enumerate() {
            let last = pass + 1 == passes.len();
            self.unprobed = unprobed;
            let mut any_open = false;
            for (k, &e) in edges.iter().enumerate() {
                if self.engine.edge[e as usize] != UNKNOWN {
                    // Decided, as `known` has it (it fits): no branch differs here.
                    open[k] = false;
                    continue;
                }
                if open[k] {
                    self.max_decisions = match (guesses, budget) {
                        (Some(g), Some(b)) => Some(b.min(self.stats.decisions + g)),
                        (Some(g), None) => Some(self.stats.decisions + g),
                        (None, b) => b,
                    };
                    self.probe_all_after = self.stats.decisions + FRONTIER_ONLY_DECISIONS;
                    match self.branch_without(e) {
                        Other::Found(other) => {
                            found = Other::Found(other);
                            break 'passes;
                        }
                        Other::TimedOut => {
                            let out_of_budget = budget.is_some_and(|b| self.stats.decisions >= b);
                            if (last && !self.quick_only) || out_of_budget || self.clock.expired() {
                                found = Other::TimedOut;
                                break 'passes;
                            }
                            any_open = true;
                        }
                        Other::None => open[k] = false,
                    }
                }
                // The branches after this one have `known`'s line here.
                if self.engine.set(e, LINE, Rule::Guess, NONE).and_then(|()| self.engine.propagate()).is_err()
                {
                    break;
                }
            }
            self.engine.undo_to(base);
            if !any_open {
                break;
            }
            if last {
                // Only the quick pass was asked for, and it left branches open.
                found = Other::TimedOut;
            }
        }
        self.engine.undo_to(base);
        self.guide = None;
        self.unprobed = false;
        self.probe_all_after = FRONTIER_ONLY_DECISIONS;
        self.max_decisions = budget;
        found
    }

    /// Search the branch with a cross on edge `e` for a solution (`TimedOut` when the search
    /// stopped, out of guesses or time, first). The engine is as before afterwards.
    fn branch_without(&mut self, e: u32) -> Other {
        let save = self.engine.save();
        let mut outcome = Other::None;
        if self.engine.set(e, CROSS, Rule::Guess, NONE).and_then(|()| self.engine.propagate()).is_ok()
            && self.engine.connected()
        {
            outcome = self.first_solution();
        }
        self.engine.undo_to(save);
        outcome
    }
}

/// The line edges of `known` (edge states, a solution) that keep a pearl at cell `c` kept: a
/// black pearl's two legs (two edges each); a white pearl's two edges and, at a neighbour where
/// `known` turns, the edge it turns by. Empty when `known` gives cell `c` no pearl.
fn keeping_edges(engine: &Engine, known: &[u8], c: usize) -> Vec<u32> {
    // The border edge (off the grid) is not in `known`: never a line.
    let line = |cell: usize, d: usize| known.get(engine.cell_edge[cell][d] as usize) == Some(&LINE);
    let dirs: Vec<usize> = (0..4).filter(|&d| line(c, d)).collect();
    let [a, b] = dirs[..] else { return Vec::new() };
    let mut edges = vec![engine.cell_edge[c][a], engine.cell_edge[c][b]];
    if (a + 2) % 4 != b {
        // A turn: a black pearl, its legs running on straight.
        for d in [a, b] {
            let n = engine.nbr[c][d] as usize;
            if line(n, d) {
                edges.push(engine.cell_edge[n][d]);
            }
        }
    } else {
        // Straight: a white pearl, and the first neighbour along it where the loop turns.
        for d in [a, b] {
            let n = engine.nbr[c][d] as usize;
            if let Some(turn) = [(d + 1) % 4, (d + 3) % 4].into_iter().find(|&t| line(n, t)) {
                edges.push(engine.cell_edge[n][turn]);
                break;
            }
        }
    }
    edges
}

impl Searcher<'_> {
    fn root(&mut self, options: &SolveOptions) -> Step {
        if options.keep_edges {
            for (n, &state) in self.board.edge_states().iter().enumerate() {
                if state != EdgeState::Unknown {
                    self.engine.set(n as u32, state_of(state), Rule::Given, NONE)?;
                }
            }
        }
        self.engine.enqueue_all();
        self.engine.propagate()?;
        self.focus = true;
        let result = self.probe_all();
        self.focus = false;
        result
    }

    fn event(&mut self, event: TraceEvent) {
        if let Some(trace) = self.engine.trace.as_mut() {
            super::trace::record(trace, event);
        }
    }

    /// Try `state` on edge `e`: `Ok(true)` when it propagates without contradiction (the changes
    /// are kept for inspection until the caller undoes to `save`).
    fn try_value(&mut self, e: u32, state: u8, rule: Rule) -> bool {
        self.event(TraceEvent::Hypothesis { depth: self.depth + 1, edge: e, line: state == LINE });
        let ok = self.engine.set(e, state, rule, NONE).and_then(|()| self.engine.propagate()).is_ok();
        if !ok {
            self.event(TraceEvent::Contradiction { depth: self.depth + 1 });
        }
        ok
    }

    fn rollback(&mut self, save: SavePoint) {
        self.engine.undo_to(save);
        let to = self.engine.trail_len() as u32;
        self.event(TraceEvent::Rollback { depth: self.depth + 1, to });
    }

    /// The probes to come start from a state that may have shrunk since the last ones (undone):
    /// what those saw says nothing now.
    fn new_round(&mut self) {
        self.epoch += 1;
        self.round_start = self.epoch;
    }

    /// Can the probe of `e` be skipped because it would deduce nothing? When an earlier probe
    /// of edge `f` found `e` a line in one of its branches and a cross in the other, what
    /// either value of `e` propagates to is part of what a value of `f` propagates to (the rules
    /// reach one fixpoint whatever their order, and more decided edges only add to it): a
    /// contradiction or an agreement from `e` would have been one from `f`. So while `f`'s
    /// last probe found nothing and nothing was deduced since, neither would `e`'s. The relation
    /// holds as long as the state only grows, that is within one round of probes. Each value of
    /// `e` also decides no more edges than the matching value of `f`, so its look-ahead score
    /// is no higher than `f`'s, scored before it: the edge guessed next is the same.
    ///
    /// A Masyu line runs through chains of such edges (the two edges of a white pearl, of an
    /// empty cell with two ways left, …): on the slowest corpus boards this skips 30–60 % of the
    /// probes, with the same deductions, guesses and solutions.
    fn dominated(&self, e: u32) -> bool {
        let ei = e as usize;
        let f = self.dominator[ei];
        self.dominated_at[ei] >= self.round_start && f != NONE && self.quiet_at[f as usize] == self.epoch
    }

    /// Probe one edge. `Ok(true)` when something was deduced. A probe that found nothing is not
    /// made again while nothing was deduced (the epoch is the same): it would find nothing
    /// again (the path ends' probes list an edge between two path ends twice).
    fn probe(&mut self, e: u32) -> Result<bool, Contradiction> {
        let deduced = self.probe_inner(e);
        if !matches!(deduced, Ok(false)) {
            self.epoch += 1;
        }
        deduced
    }

    fn probe_inner(&mut self, e: u32) -> Result<bool, Contradiction> {
        if self.engine.edge[e as usize] != UNKNOWN
            || self.dominated(e)
            || self.quiet_at[e as usize] == self.epoch
        {
            return Ok(false);
        }
        self.stats.hypotheses += 1;
        let save = self.engine.save();
        let line_ok = self.try_value(e, LINE, Rule::Probe);
        let line_gain = self.engine.trail_since(save).len() as u64;
        self.stamp = self.stamp.wrapping_add(1).max(1);
        if line_ok {
            for i in 0..self.engine.trail_since(save).len() {
                let x = self.engine.trail_since(save)[i] as usize;
                self.seen_stamp[x] = self.stamp;
                self.seen_state[x] = self.engine.edge[x];
            }
        }
        self.rollback(save);
        if !line_ok {
            self.stats.probe_deductions += 1;
            self.engine.set(e, CROSS, Rule::Probe, NONE)?;
            self.engine.propagate()?;
            return Ok(true);
        }
        self.stats.hypotheses += 1;
        let cross_ok = self.try_value(e, CROSS, Rule::Probe);
        if !cross_ok {
            self.rollback(save);
            self.stats.probe_deductions += 1;
            self.engine.set(e, LINE, Rule::Probe, NONE)?;
            self.engine.propagate()?;
            return Ok(true);
        }
        // Both values are possible: keep what they agree on.
        let score = (line_gain + 1) * (self.engine.trail_since(save).len() as u64 + 1);
        if score > self.best_score {
            self.best_score = score;
            self.best_edge = e;
        }
        self.agreed.clear();
        for &x in self.engine.trail_since(save) {
            let xi = x as usize;
            if x != e && self.seen_stamp[xi] == self.stamp {
                if self.seen_state[xi] == self.engine.edge[xi] {
                    self.agreed.push((x, self.engine.edge[xi]));
                } else {
                    // `x` takes one value when `e` is a line and the other when it is a cross.
                    self.dominator[xi] = e;
                    self.dominated_at[xi] = self.epoch;
                }
            }
        }
        self.rollback(save);
        if self.agreed.is_empty() {
            self.quiet_at[e as usize] = self.epoch;
            return Ok(false);
        }
        self.stats.probe_deductions += 1;
        for i in 0..self.agreed.len() {
            let (x, state) = self.agreed[i];
            self.engine.set(x, state, Rule::Probe, NONE)?;
        }
        self.engine.propagate()?;
        Ok(true)
    }

    /// Probe every unknown edge until no probe deduces anything: round and round the edges,
    /// stopping once a whole round has passed since the last deduction (not at the end of the
    /// round after it, which would probe up to one round more for the same fixpoint). The
    /// look-ahead scores are those of that last round.
    ///
    /// At the root of a solve ([`Searcher::focus`]), once the probes have cost a quarter as many
    /// hypotheses as there are edges, each deduction's neighbourhood (the unknown edges at the
    /// cells of every edge it decided) is probed before the round goes on: on the boards that
    /// need many probe deductions one deduction mostly makes the next one possible beside it.
    /// The fixpoint is the same (the round still ends with a whole round without a deduction);
    /// only the order of the probes, and so their number, changes. Before that many
    /// hypotheses, the rounds alone: a board the first round solves (most of them) would only
    /// pay for the extra probes.
    fn probe_all(&mut self) -> Step {
        let edges = self.engine.edge_count() as u32;
        self.new_round();
        self.best_score = 0;
        self.best_edge = NONE;
        let focus_after = self.stats.hypotheses + u64::from(edges) / FOCUS_AFTER_EDGES_PER;
        self.focus_list.clear();
        let mut next_focus = 0;
        let (mut e, mut quiet) = (0, 0);
        while quiet < edges {
            if self.clock_expired() {
                return Ok(());
            }
            let (x, focused) = if next_focus < self.focus_list.len() {
                next_focus += 1;
                (self.focus_list[next_focus - 1], true)
            } else {
                self.focus_list.clear();
                next_focus = 0;
                (e, false)
            };
            let before = self.engine.save();
            if self.probe(x)? {
                if self.engine.closed {
                    return Ok(());
                }
                quiet = 0;
                self.best_score = 0;
                self.best_edge = NONE;
                if self.focus && self.stats.hypotheses >= focus_after {
                    self.focus_around(before);
                }
            } else if !focused {
                quiet += 1;
            }
            if !focused {
                e = if e + 1 == edges { 0 } else { e + 1 };
            }
        }
        Ok(())
    }

    /// Queue for probing the unknown edges at the cells of the edges decided since `before`
    /// (each once).
    fn focus_around(&mut self, before: SavePoint) {
        self.focus_stamp = self.focus_stamp.wrapping_add(1).max(1);
        for i in 0..self.engine.trail_since(before).len() {
            let d = self.engine.trail_since(before)[i] as usize;
            for c in self.engine.edge_cells[d] {
                for k in 0..4 {
                    let f = self.engine.cell_edge[c as usize][k];
                    if self.engine.edge[f as usize] == UNKNOWN
                        && self.focus_mark[f as usize] != self.focus_stamp
                    {
                        self.focus_mark[f as usize] = self.focus_stamp;
                        self.focus_list.push(f);
                    }
                }
            }
        }
    }

    /// Probe the edges at path ends (the frontier) until nothing more follows.
    fn probe_frontier(&mut self) -> Step {
        self.new_round();
        loop {
            // The look-ahead scores start again: so must what the probes skipped saw.
            self.epoch += 1;
            self.best_score = 0;
            self.best_edge = NONE;
            self.candidates.clear();
            for c in 0..self.engine.cells() as u32 {
                if self.engine.deg[c as usize] == 1 {
                    for d in 0..4 {
                        let e = self.engine.cell_edge[c as usize][d];
                        if self.engine.edge[e as usize] == UNKNOWN {
                            self.candidates.push(e);
                        }
                    }
                }
            }
            let mut changed = false;
            for i in 0..self.candidates.len() {
                if self.clock_expired() {
                    return Ok(());
                }
                let e = self.candidates[i];
                if self.probe(e)? {
                    changed = true;
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    fn clock_expired(&mut self) -> bool {
        self.clock.expired()
    }

    /// The edge to guess: an unknown edge at the path end with the fewest ways on.
    fn choose(&self) -> Option<u32> {
        let eng = &self.engine;
        if self.best_edge != NONE && eng.edge[self.best_edge as usize] == UNKNOWN {
            return Some(self.best_edge);
        }
        let mut best = None;
        let mut best_score = u32::MAX;
        for c in 0..eng.cells() as u32 {
            let ci = c as usize;
            if eng.unk[ci] == 0 {
                continue;
            }
            let score = match eng.deg[ci] {
                1 => eng.unk[ci] as u32,
                0 if eng.kind[ci] != 0 => 8 + eng.unk[ci] as u32,
                _ => 16 + eng.unk[ci] as u32,
            };
            if score < best_score {
                best_score = score;
                best = Some(c);
                if score <= 2 {
                    break;
                }
            }
        }
        let c = best?;
        (0..4).map(|d| eng.cell_edge[c as usize][d]).find(|&e| eng.edge[e as usize] == UNKNOWN)
    }

    fn found(&mut self, solutions: &mut Vec<Board>, count: &mut u64) {
        if let Some(Guide::Avoid(avoid)) = &self.guide
            && avoid[..] == self.engine.edge[..avoid.len()]
        {
            return;
        }
        // Every edge decided with the lines closed, after a propagation without contradiction,
        // is a solution: the engine closes a loop only when it holds every line and touches
        // every pearl, refuses a cell with one or three lines, and each pearl's rules, run
        // after the last edge around it was set, refuse a pearl the loop breaks (the
        // brute-force tests check the solver against every loop). A solve still checks each
        // one on a board with the independent validator before it counts; the generator's
        // searches for another loop do not (see `verify_found`).
        let board = (self.verify_found || solutions.len() < 2).then(|| board_of(self.engine, self.board));
        if let Some(board) = &board {
            debug_assert!(is_valid_solution(board));
            if self.verify_found && !is_valid_solution(board) {
                // The engine never accepts an invalid loop; treat one as a dead end rather than
                // report it.
                return;
            }
        }
        *count += 1;
        self.event(TraceEvent::Solution { index: (*count - 1) as u32 });
        if solutions.len() < 2
            && let Some(board) = board
        {
            solutions.push(board);
        }
    }

    /// Depth-first search with probing at every node. Returns true when the time ran out.
    fn dfs(&mut self, limit: u64, solutions: &mut Vec<Board>, count: &mut u64) -> bool {
        let mut stack: Vec<Frame> = Vec::new();
        // `ok` says whether the current node is consistent.
        let mut ok = true;
        loop {
            if ok {
                if self.engine.is_complete() {
                    // Every edge decided: a solution when the lines closed into the loop (a board
                    // without pearls could otherwise end with no line at all).
                    if self.engine.closed {
                        self.found(solutions, count);
                        if *count >= limit {
                            return false;
                        }
                    }
                } else if let Some(e) = self.choose() {
                    // A decision costs far more than a clock read (it saves the whole state).
                    if self.clock_expired() || self.max_decisions.is_some_and(|m| self.stats.decisions >= m) {
                        return true;
                    }
                    self.stats.decisions += 1;
                    let save = self.engine.save();
                    let first = match &self.guide {
                        Some(Guide::Avoid(known)) if known[e as usize] == LINE => CROSS,
                        Some(Guide::Follow(known)) if known[e as usize] == CROSS => CROSS,
                        _ => LINE,
                    };
                    stack.push(Frame { save, edge: e, first, second: false });
                    self.depth = stack.len() as u32;
                    self.stats.max_depth = self.stats.max_depth.max(self.depth);
                    self.event(TraceEvent::Hypothesis { depth: self.depth, edge: e, line: first == LINE });
                    ok = self.descend(e, first);
                    continue;
                }
            }
            // Backtrack to the latest untried alternative.
            loop {
                let Some(frame) = stack.pop() else { return false };
                self.depth = stack.len() as u32;
                self.engine.undo_to(frame.save);
                let to = self.engine.trail_len() as u32;
                self.event(TraceEvent::Rollback { depth: self.depth + 1, to });
                if frame.second {
                    continue;
                }
                self.stats.backtracks += 1;
                let save = self.engine.save();
                let second = if frame.first == LINE { CROSS } else { LINE };
                stack.push(Frame { save, edge: frame.edge, first: frame.first, second: true });
                self.depth = stack.len() as u32;
                self.event(TraceEvent::Hypothesis {
                    depth: self.depth,
                    edge: frame.edge,
                    line: second == LINE,
                });
                ok = self.descend(frame.edge, second);
                break;
            }
        }
    }

    fn descend(&mut self, e: u32, state: u8) -> bool {
        let result = self.engine.set(e, state, Rule::Guess, NONE).and_then(|()| self.engine.propagate());
        let result = result.and_then(|()| {
            // A search that probes nothing skips the connectivity check as well: a flood fill per
            // node costs more there than the dead ends it cuts (6 % of the instructions of 20×20
            // `expert` generation, the same puzzles).
            if !self.unprobed && !self.engine.connected() {
                return Err(Contradiction);
            }
            if self.unprobed {
                Ok(())
            } else if self.human || self.stats.decisions > self.probe_all_after {
                self.probe_all()
            } else {
                self.probe_frontier()
            }
        });
        if result.is_err() {
            self.event(TraceEvent::Contradiction { depth: self.depth });
        }
        result.is_ok()
    }
}
