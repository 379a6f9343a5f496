//! The validator: which Masyu rules a board breaks, and where. The rules and their order follow
//! pzprjs's answer check for `mashu` (its error codes are kept as [`Rule::code`]), so a report
//! reads the same as the puzz.link player's.

use crate::{Board, BoardState, Cell, EdgeState, Pos};
use pzl_grid::{Dir, Grid};

/// A rule of Masyu (or of loop puzzles in general) that a board can break.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// No line is drawn at all.
    NoLine,
    /// Three lines meet in a cell.
    Branch,
    /// Four lines meet in a cell: the loop crosses itself.
    Crossing,
    /// The loop turns on a white pearl.
    WhiteTurns,
    /// The loop goes straight through a black pearl.
    BlackStraight,
    /// A black pearl's leg turns in the very next cell (a leg shorter than two).
    BlackShortLeg,
    /// The loop goes straight through a white pearl and both cells beside it.
    WhiteNoTurnBeside,
    /// A pearl the loop does not pass through.
    PearlOffLoop,
    /// A line ends in a cell.
    DeadEnd,
    /// The lines form more than one piece.
    SeveralLoops,
}

impl Rule {
    /// Every rule, in the order the check reports them.
    pub const ALL: [Rule; 10] = [
        Rule::NoLine,
        Rule::Branch,
        Rule::Crossing,
        Rule::WhiteTurns,
        Rule::BlackStraight,
        Rule::BlackShortLeg,
        Rule::WhiteNoTurnBeside,
        Rule::PearlOffLoop,
        Rule::DeadEnd,
        Rule::SeveralLoops,
    ];

    /// The short name pzl prints (`branch`, `dead-end`, …).
    pub fn name(self) -> &'static str {
        match self {
            Rule::NoLine => "no-line",
            Rule::Branch => "branch",
            Rule::Crossing => "crossing",
            Rule::WhiteTurns => "white-turns",
            Rule::BlackStraight => "black-straight",
            Rule::BlackShortLeg => "black-short-leg",
            Rule::WhiteNoTurnBeside => "white-no-turn-beside",
            Rule::PearlOffLoop => "pearl-off-loop",
            Rule::DeadEnd => "dead-end",
            Rule::SeveralLoops => "several-loops",
        }
    }

    /// pzprjs's error code for the same rule.
    pub fn code(self) -> &'static str {
        match self {
            Rule::NoLine => "brNoLine",
            Rule::Branch => "lnBranch",
            Rule::Crossing => "lnCross",
            Rule::WhiteTurns => "mashuWCurve",
            Rule::BlackStraight => "mashuBStrig",
            Rule::BlackShortLeg => "mashuBCvNbr",
            Rule::WhiteNoTurnBeside => "mashuWStNbr",
            Rule::PearlOffLoop => "mashuOnLine",
            Rule::DeadEnd => "lnDeadEnd",
            Rule::SeveralLoops => "lnPlLoop",
        }
    }

    /// What the rule says, as a sentence fragment.
    pub fn description(self) -> &'static str {
        match self {
            Rule::NoLine => "no line is drawn",
            Rule::Branch => "the line branches (three lines meet)",
            Rule::Crossing => "the line crosses itself (four lines meet)",
            Rule::WhiteTurns => "the loop turns on a white pearl",
            Rule::BlackStraight => "the loop goes straight through a black pearl",
            Rule::BlackShortLeg => {
                "a black pearl's leg turns in the next cell (legs must be at least two long)"
            }
            Rule::WhiteNoTurnBeside => "the loop does not turn in either cell beside a white pearl",
            Rule::PearlOffLoop => "a pearl is not on the loop",
            Rule::DeadEnd => "the line ends (dead end)",
            Rule::SeveralLoops => "the lines form more than one loop or piece",
        }
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One broken rule and the cells that break it (for [`Rule::SeveralLoops`], the first cell of
/// each piece; for [`Rule::NoLine`], none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The rule broken.
    pub rule: Rule,
    /// Where (see above).
    pub cells: Vec<Pos>,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.rule.name(), self.rule.description())?;
        if !self.cells.is_empty() {
            let cells: Vec<String> = self.cells.iter().map(Pos::to_string).collect();
            let label = if self.rule == Rule::SeveralLoops { " — pieces at " } else { " at " };
            write!(f, "{label}{}", cells.join(", "))?;
        }
        Ok(())
    }
}

/// The shape of the line in one cell.
fn is_straight(mask: u8) -> bool {
    mask == Dir::Right.bit() | Dir::Left.bit() || mask == Dir::Up.bit() | Dir::Down.bit()
}

fn is_curve(mask: u8) -> bool {
    mask.count_ones() == 2 && !is_straight(mask)
}

/// Every rule `board` breaks, in pzprjs's order; empty when the lines are a correct solution.
pub fn check(board: &Board) -> Vec<Problem> {
    if board.line_count() == 0 {
        return vec![Problem { rule: Rule::NoLine, cells: Vec::new() }];
    }
    let cells = board.cells();
    let masks = board.line_masks();
    let neighbours_along =
        |pos: Pos| Dir::from_mask(masks[pos]).filter_map(move |d| cells.neighbour(pos, d)).map(|n| masks[n]);
    // One pass over the cells, each rule's cells in row-major order; reported in the rules'
    // order.
    let mut broken: [Vec<Pos>; Rule::ALL.len()] = Default::default();
    for pos in cells.positions() {
        let mask = masks[pos];
        let degree = mask.count_ones();
        let cell = cells[pos];
        for (k, rule) in Rule::ALL.into_iter().enumerate() {
            let breaks = match rule {
                Rule::NoLine | Rule::SeveralLoops => false,
                Rule::Branch => degree == 3,
                Rule::Crossing => degree == 4,
                Rule::WhiteTurns => cell == Cell::White && is_curve(mask),
                Rule::BlackStraight => cell == Cell::Black && is_straight(mask),
                Rule::BlackShortLeg => {
                    cell == Cell::Black && is_curve(mask) && neighbours_along(pos).any(is_curve)
                }
                Rule::WhiteNoTurnBeside => {
                    cell == Cell::White
                        && is_straight(mask)
                        && neighbours_along(pos).filter(|&m| is_straight(m)).count() >= 2
                }
                Rule::PearlOffLoop => cell.is_pearl() && degree == 0,
                Rule::DeadEnd => degree == 1,
            };
            if breaks {
                broken[k].push(pos);
            }
        }
    }
    let mut found: Vec<Problem> = Rule::ALL
        .into_iter()
        .zip(broken)
        .filter(|(_, cells)| !cells.is_empty())
        .map(|(rule, cells)| Problem { rule, cells })
        .collect();
    let pieces = pieces(&masks);
    if pieces.len() > 1 {
        found.push(Problem { rule: Rule::SeveralLoops, cells: pieces });
    }
    found
}

/// The first cell (row-major) of each connected piece of line (`masks`: each cell's lines).
fn pieces(masks: &Grid<u8>) -> Vec<Pos> {
    let mut seen = vec![false; masks.len()];
    let mut firsts = Vec::new();
    let mut stack = Vec::new();
    for start in masks.positions() {
        if seen[masks.index(start)] || masks[start] == 0 {
            continue;
        }
        firsts.push(start);
        seen[masks.index(start)] = true;
        stack.push(start);
        while let Some(pos) = stack.pop() {
            for dir in Dir::from_mask(masks[pos]) {
                if let Some(next) = masks.neighbour(pos, dir)
                    && !seen[masks.index(next)]
                {
                    seen[masks.index(next)] = true;
                    stack.push(next);
                }
            }
        }
    }
    firsts
}

impl Board {
    /// Every rule this board breaks (see [`check`]).
    pub fn problems(&self) -> Vec<Problem> {
        check(self)
    }

    /// Empty (nothing drawn), partial, or solved (the lines form a correct loop).
    pub fn state(&self) -> BoardState {
        if self.edge_states().iter().all(|&e| e == EdgeState::Unknown) {
            BoardState::Empty
        } else if check(self).is_empty() {
            BoardState::Solved
        } else {
            BoardState::Partial
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{Format, read};

    fn board(puzzle: &str, solution: &str) -> Board {
        let p = read(puzzle.as_bytes(), Format::Text).unwrap().value;
        let s = read(solution.as_bytes(), Format::Sol).unwrap().value;
        p.with_edges_of(&s).unwrap()
    }

    fn rules(b: &Board) -> Vec<Rule> {
        check(b).into_iter().map(|p| p.rule).collect()
    }

    const PUZZLE: &str = "6 6\n..W...\n.B..W.\n......\n...B..\n.W....\n......\n";
    const SOLUTION: &str = "6 6\n955C9C\nA956AA\nAA956A\nA36956\n35CA00\n003600\n";

    #[test]
    fn the_pzprjs_solution_passes() {
        let b = board(PUZZLE, SOLUTION);
        assert!(check(&b).is_empty(), "{:?}", check(&b));
        assert_eq!(b.state(), BoardState::Solved);
        assert_eq!(b.puzzle().state(), BoardState::Empty);
        assert_eq!(rules(&b.puzzle()), [Rule::NoLine]);
    }

    #[test]
    fn line_masks_are_each_cells_line_mask() {
        for (puzzle, solution) in [(PUZZLE, SOLUTION), ("3 3\n...\n...\n...\n", "3 3\n080\n1F4\n020\n")] {
            let b = board(puzzle, solution);
            let masks = b.line_masks();
            assert!(b.cells().positions().all(|pos| masks[pos] == b.line_mask(pos)));
            assert!(masks.cells().iter().any(|&m| m != 0));
        }
    }

    #[test]
    fn each_rule_is_named_with_its_cells() {
        // Ladybug's 3x3 loop with pearls moved around.
        let loop_3x3 = "4 4\n0000\n095C\n0A0A\n0356\n";
        let b = board("4 4\n....\n.W..\n....\n....\n", loop_3x3);
        assert_eq!(check(&b), [Problem { rule: Rule::WhiteTurns, cells: vec![Pos::new(1, 1)] }]);
        let b = board("4 4\n....\n..B.\n....\n....\n", loop_3x3);
        assert_eq!(rules(&b), [Rule::BlackStraight]);
        let b = board("4 4\nB...\n....\n....\n....\n", loop_3x3);
        assert_eq!(rules(&b), [Rule::PearlOffLoop]);
        let b = board("4 4\n....\n.B..\n....\n....\n", "4 4\n0000\n09C0\n0360\n0000\n");
        assert_eq!(rules(&b), [Rule::BlackShortLeg]);
        let b = board("3 1\n.W.\n", "3 1\n155\n");
        assert_eq!(rules(&b), [Rule::DeadEnd]);
        let b = board("5 2\n..W..\n.....\n", "5 2\n9555C\n35556\n");
        assert_eq!(rules(&b), [Rule::WhiteNoTurnBeside]);
        let b = board("3 3\n...\n...\n...\n", "3 3\n080\n1F4\n020\n");
        assert_eq!(rules(&b), [Rule::Crossing, Rule::DeadEnd]);
        let b = board("3 2\n...\n...\n", "3 2\n9D4\n020\n");
        assert_eq!(rules(&b), [Rule::Branch, Rule::DeadEnd]);
        let b = board("4 2\n....\n....\n", "4 2\n9C9C\n3636\n");
        let problems = check(&b);
        assert_eq!(
            problems,
            [Problem { rule: Rule::SeveralLoops, cells: vec![Pos::new(0, 0), Pos::new(0, 2)] }]
        );
        assert_eq!(
            problems[0].to_string(),
            "several-loops: the lines form more than one loop or piece — pieces at (r1, c1), (r1, c3)"
        );
        assert_eq!(b.state(), BoardState::Partial);
    }
}
