//! Random loops: a simply connected region grown at random on the grid of squares between cell
//! centres. Its boundary runs through cell centres and is always one simple loop, because the
//! region stays connected, never encloses a hole and never touches itself at a corner only.

use super::{Rng, Symmetry};
use crate::{Board, EdgeState};
use pzl_grid::{Dir, Pos};

/// Out of 1000: how likely a square that touches the region on 1, 2 or 3 sides is taken when it
/// comes up. Preferring squares that touch on one side grows corridors, which gives the loop
/// many turns and long straights, as hand-made loops have, instead of a round blob.
const TAKE_PER_MILLE: [u32; 4] = [0, 1000, 250, 60];

/// How much of the square grid the region may cover, in per mille: a full region makes a loop
/// through nearly every cell, hand-made loops leave some room (see the README).
const FILL_PER_MILLE: u32 = 640;

/// The squares between cell centres: `(width - 1) × (height - 1)`; square `(r, c)` has the cells
/// `(r, c)`, `(r, c + 1)`, `(r + 1, c)`, `(r + 1, c + 1)` at its corners.
struct Region {
    w: isize,
    h: isize,
    /// Row-major with a border one square wide that is never inside, so that the squares
    /// around any square of the grid (and the border's) read without a bounds check.
    inside: Vec<bool>,
    size: usize,
}

const RING: [(isize, isize); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];

impl Region {
    fn new(w: usize, h: usize) -> Region {
        Region { w: w as isize, h: h as isize, inside: vec![false; (w + 2) * (h + 2)], size: 0 }
    }

    /// Where square `(r, c)` is kept: any square of the grid or of the border around it.
    fn index(&self, r: isize, c: isize) -> usize {
        debug_assert!((-1..=self.h).contains(&r) && (-1..=self.w).contains(&c));
        ((r + 1) * (self.w + 2) + c + 1) as usize
    }

    /// Whether `(r, c)` (a square of the grid or of the border around it) is inside.
    fn get(&self, r: isize, c: isize) -> bool {
        self.inside[self.index(r, c)]
    }

    /// Put the square `(r, c)` of the grid inside or outside.
    fn set(&mut self, r: isize, c: isize, value: bool) {
        debug_assert!((0..self.h).contains(&r) && (0..self.w).contains(&c));
        let i = self.index(r, c);
        if self.inside[i] != value {
            self.inside[i] = value;
            if value {
                self.size += 1;
            } else {
                self.size -= 1;
            }
        }
    }

    /// Sides of `(r, c)` inside the region.
    fn sides(&self, r: isize, c: isize) -> usize {
        [(0, 1), (0, -1), (1, 0), (-1, 0)].iter().filter(|(dr, dc)| self.get(r + dr, c + dc)).count()
    }

    /// The region a loop bounds (line masks R=1, U=2, L=4, D=8 per cell, row-major): a square
    /// is inside when an odd number of lines cross the row of squares to its left.
    fn bounded_by(masks: &[u8], width: usize, height: usize) -> Region {
        let mut region = Region::new(width - 1, height - 1);
        for r in 0..height - 1 {
            let mut inside = false;
            for c in 0..width - 1 {
                // The line down from cell (r, c) is the left side of square (r, c).
                inside ^= masks[r * width + c] & 8 != 0;
                region.set(r as isize, c as isize, inside);
            }
        }
        region
    }

    /// Whether taking `(r, c)` out keeps the boundary one simple loop: the region squares around
    /// it form one run (so the region stays in one piece), and no corner is left with the region
    /// on two opposite sides only.
    fn can_remove(&self, r: isize, c: isize) -> bool {
        if !self.get(r, c) || self.size <= 1 {
            return false;
        }
        let ring: [bool; 8] = std::array::from_fn(|i| self.get(r + RING[i].0, c + RING[i].1));
        let runs = (0..8).filter(|&i| ring[i] && !ring[(i + 7) % 8]).count();
        runs == 1
            && (0..4).all(|k| {
                let d = 2 * k + 1;
                !(!ring[d] && ring[d - 1] && ring[(d + 1) % 8])
            })
    }

    /// Add or take out `(r, c)` when that keeps the boundary one simple loop.
    fn toggle(&mut self, r: isize, c: isize) -> bool {
        let inside = self.get(r, c);
        let ok = if inside { self.can_remove(r, c) } else { self.can_add(r, c) };
        if ok {
            self.set(r, c, !inside);
        }
        ok
    }

    /// Whether adding `(r, c)` keeps the boundary one simple loop: the region squares around it
    /// form one run (so no hole is closed), and no corner of it would be touched by the region
    /// diagonally only (a cell with four lines).
    fn can_add(&self, r: isize, c: isize) -> bool {
        if self.get(r, c) {
            return false;
        }
        let ring: [bool; 8] = std::array::from_fn(|i| self.get(r + RING[i].0, c + RING[i].1));
        let runs = (0..8).filter(|&i| ring[i] && !ring[(i + 7) % 8]).count();
        if runs != 1 {
            return false;
        }
        // Diagonal squares (odd ring positions) in the region need a side square with them.
        (0..4).all(|k| {
            let d = 2 * k + 1;
            !(ring[d] && !ring[d - 1] && !ring[(d + 1) % 8])
        })
    }
}

/// The image of a square under the symmetry, if it differs.
fn mirror_square(symmetry: Symmetry, w: isize, h: isize, r: isize, c: isize) -> (isize, isize) {
    match symmetry {
        Symmetry::None => (r, c),
        Symmetry::Rotational => (h - 1 - r, w - 1 - c),
        Symmetry::Mirror => (r, w - 1 - c),
    }
}

/// A random loop on a `width` × `height` grid (both at least 2), as a solved board with no
/// pearls: lines on the loop, crosses elsewhere. With a symmetry the loop has it too.
pub(crate) fn random_loop(rng: &mut Rng, width: usize, height: usize, symmetry: Symmetry) -> Board {
    let (w, h) = (width - 1, height - 1);
    let mut region = Region::new(w, h);
    let (wi, hi) = (w as isize, h as isize);
    let mut frontier: Vec<(isize, isize)> = Vec::new();
    // The seed: the middle square(s), symmetric under every symmetry; without one, any square.
    let seeds: Vec<(isize, isize)> = match symmetry {
        Symmetry::None => vec![(rng.below(h) as isize, rng.below(w) as isize)],
        _ => {
            let rows = (hi - 1) / 2..=hi / 2;
            let cols = (wi - 1) / 2..=wi / 2;
            rows.flat_map(|r| cols.clone().map(move |c| (r, c))).collect()
        }
    };
    for &(r, c) in &seeds {
        region.set(r, c, true);
    }
    for &(r, c) in &seeds {
        push_sides(&mut frontier, r, c);
    }
    let limit = (w * h) as u64 * u64::from(FILL_PER_MILLE) / 1000;
    while !frontier.is_empty() && (region.size as u64) < limit {
        let k = rng.below(frontier.len());
        let (r, c) = frontier[k];
        if r < 0 || c < 0 || r >= hi || c >= wi || !region.can_add(r, c) {
            frontier.swap_remove(k);
            continue;
        }
        let take = TAKE_PER_MILLE[region.sides(r, c).min(3)];
        if rng.below(1000) as u32 >= take {
            continue;
        }
        region.set(r, c, true);
        let (mr, mc) = mirror_square(symmetry, wi, hi, r, c);
        if (mr, mc) != (r, c) {
            if !region.can_add(mr, mc) {
                region.set(r, c, false);
                frontier.swap_remove(k);
                continue;
            }
            region.set(mr, mc, true);
            push_sides(&mut frontier, mr, mc);
        }
        frontier.swap_remove(k);
        push_sides(&mut frontier, r, c);
    }
    boundary(&region, width, height)
}

/// Our loop `ours` changed a little at one of the cells `near`: one square between cell centres
/// with such a cell at a corner is added to or taken from the region `ours` bounds (with its
/// image under the symmetry), keeping the boundary one simple loop. The new loop's line masks,
/// or `None` when no such square can change.
pub(crate) fn nudge(
    rng: &mut Rng,
    ours: &[u8],
    near: &[usize],
    width: usize,
    height: usize,
    symmetry: Symmetry,
) -> Option<Vec<u8>> {
    let (w, h) = ((width - 1) as isize, (height - 1) as isize);
    let mut region = Region::bounded_by(ours, width, height);
    let mut tried = vec![false; (w * h) as usize];
    // The squares at those cells first, then one square farther out, up to three times.
    for reach in 0..3 {
        let mut squares: Vec<(isize, isize)> = Vec::new();
        for &i in near {
            let (row, col) = ((i / width) as isize, (i % width) as isize);
            for r in row - 1 - reach..=row + reach {
                for c in col - 1 - reach..=col + reach {
                    if r >= 0
                        && c >= 0
                        && r < h
                        && c < w
                        && !std::mem::replace(&mut tried[(r * w + c) as usize], true)
                    {
                        squares.push((r, c));
                    }
                }
            }
        }
        rng.shuffle(&mut squares);
        for (r, c) in squares {
            if !region.toggle(r, c) {
                continue;
            }
            let (mr, mc) = mirror_square(symmetry, w, h, r, c);
            if (mr, mc) != (r, c) && region.get(mr, mc) != region.get(r, c) && !region.toggle(mr, mc) {
                region.set(r, c, !region.get(r, c));
                continue;
            }
            let board = boundary(&region, width, height);
            return Some(super::masks(&board));
        }
    }
    None
}

/// Another loop than `ours` made by adding or taking out one square of the region it bounds, a
/// square with a corner next to (or at) `cell`, or that square and one beside it: the first
/// such loop for which `fits` says yes. `fits` gets the new line masks and the cells whose
/// lines changed (the squares' corners). This is the cheapest way another loop can break a
/// pearl at `cell`, and finds most such loops without a search.
pub(crate) fn bump_near(
    ours: &[u8],
    width: usize,
    height: usize,
    cell: usize,
    fits: impl FnMut(&[u8], &[usize]) -> bool,
) -> Option<Vec<u8>> {
    let (w, h) = ((width - 1) as isize, (height - 1) as isize);
    let (row, col) = ((cell / width) as isize, (cell % width) as isize);
    let squares = ((row - 2).max(0)..=(row + 1).min(h - 1))
        .flat_map(|r| ((col - 2).max(0)..=(col + 1).min(w - 1)).map(move |c| (r, c)));
    bump(ours, width, height, squares, fits)
}

/// The same with any square first, in random order: another loop close to ours anywhere.
pub(crate) fn bump_anywhere(
    rng: &mut Rng,
    ours: &[u8],
    width: usize,
    height: usize,
    fits: impl FnMut(&[u8], &[usize]) -> bool,
) -> Option<Vec<u8>> {
    let (w, h) = ((width - 1) as isize, (height - 1) as isize);
    let mut squares: Vec<(isize, isize)> = (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).collect();
    rng.shuffle(&mut squares);
    bump(ours, width, height, squares.into_iter(), fits)
}

fn bump(
    ours: &[u8],
    width: usize,
    height: usize,
    squares: impl Iterator<Item = (isize, isize)>,
    mut fits: impl FnMut(&[u8], &[usize]) -> bool,
) -> Option<Vec<u8>> {
    let (w, h) = ((width - 1) as isize, (height - 1) as isize);
    let mut region = Region::bounded_by(ours, width, height);
    let mut next = ours.to_vec();
    let mut changed = Vec::with_capacity(8);
    for (r, c) in squares {
        if !region.toggle(r, c) {
            continue;
        }
        flip_square(&mut next, width, r, c, &mut changed);
        if fits(&next, &changed) {
            return Some(next);
        }
        for (r2, c2) in RING.iter().map(|(dr, dc)| (r + dr, c + dc)) {
            if r2 < 0 || c2 < 0 || r2 >= h || c2 >= w || !region.toggle(r2, c2) {
                continue;
            }
            flip_square(&mut next, width, r2, c2, &mut changed);
            if fits(&next, &changed) {
                return Some(next);
            }
            flip_square(&mut next, width, r2, c2, &mut changed);
            changed.truncate(4);
            region.toggle(r2, c2);
        }
        flip_square(&mut next, width, r, c, &mut changed);
        changed.clear();
        region.toggle(r, c);
    }
    None
}

/// Flip the four sides of square `(r, c)` in the line masks (R and D of its top-left corner, L
/// and D of its top-right one, R and U of its bottom-left one, L and U of its bottom-right
/// one), and push its corners to `changed`.
fn flip_square(masks: &mut [u8], width: usize, r: isize, c: isize, changed: &mut Vec<usize>) {
    let top_left = (r as usize) * width + c as usize;
    let corners = [top_left, top_left + 1, top_left + width, top_left + width + 1];
    for (corner, flip) in corners.into_iter().zip([1 | 8, 4 | 8, 1 | 2, 4 | 2]) {
        masks[corner] ^= flip;
    }
    changed.extend(corners);
}

fn push_sides(frontier: &mut Vec<(isize, isize)>, r: isize, c: isize) {
    frontier.extend([(r, c + 1), (r, c - 1), (r + 1, c), (r - 1, c)]);
}

/// The region's boundary as lines on the cell grid; every other edge a cross.
fn boundary(region: &Region, width: usize, height: usize) -> Board {
    let mut board = Board::new(width, height);
    for row in 0..height {
        for col in 0..width {
            let (r, c) = (row as isize, col as isize);
            let pos = Pos::new(row, col);
            if col + 1 < width {
                let line = region.get(r - 1, c) != region.get(r, c);
                board.set_edge_from(pos, Dir::Right, if line { EdgeState::Line } else { EdgeState::Cross });
            }
            if row + 1 < height {
                let line = region.get(r, c - 1) != region.get(r, c);
                board.set_edge_from(pos, Dir::Down, if line { EdgeState::Line } else { EdgeState::Cross });
            }
        }
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_random_loop_is_one_simple_loop() {
        for symmetry in [Symmetry::None, Symmetry::Rotational, Symmetry::Mirror] {
            for seed in 0..40 {
                let mut rng = Rng::new(seed, 0);
                let (w, h) = (5 + (seed as usize % 9), 5 + (seed as usize % 7));
                let board = random_loop(&mut rng, w, h, symmetry);
                assert!(crate::solver::is_valid_solution(&board), "{symmetry:?} seed {seed} {w}x{h}");
                assert!(board.line_count() >= 4);
            }
        }
    }

    /// The line masks of a board with lines only (no pearls).
    fn board_of(masks: &[u8], width: usize, height: usize) -> Board {
        let mut board = Board::new(width, height);
        for (i, &mask) in masks.iter().enumerate() {
            let pos = Pos::new(i / width, i % width);
            for (dir, bit) in [(Dir::Right, 1), (Dir::Down, 8)] {
                if mask & bit != 0 {
                    board.set_edge_from(pos, dir, EdgeState::Line);
                }
            }
        }
        board
    }

    #[test]
    fn a_nudged_loop_is_one_simple_loop_changed_near_the_cells_asked() {
        for symmetry in [Symmetry::None, Symmetry::Rotational, Symmetry::Mirror] {
            let mut made = 0;
            for seed in 0..60 {
                let mut rng = Rng::new(seed, 1);
                let (w, h) = (5 + (seed as usize % 11), 5 + (seed as usize % 8));
                let ours = super::super::masks(&random_loop(&mut rng, w, h, symmetry));
                let near = [rng.below(w * h)];
                let Some(next) = nudge(&mut rng, &ours, &near, w, h, symmetry) else { continue };
                made += 1;
                let board = board_of(&next, w, h);
                assert!(crate::solver::is_valid_solution(&board), "{symmetry:?} seed {seed} {w}x{h}");
                assert_ne!(next, ours);
                // Only cells within reach of the cell asked changed (and their images).
                let (r0, c0) = ((near[0] / w) as isize, (near[0] % w) as isize);
                for i in (0..w * h).filter(|&i| next[i] != ours[i]) {
                    let (r, c) = ((i / w) as isize, (i % w) as isize);
                    let image = symmetry.image(Pos::new(r0 as usize, c0 as usize), w, h);
                    let close = |r1: isize, c1: isize| (r - r1).abs() <= 4 && (c - c1).abs() <= 4;
                    assert!(close(r0, c0) || close(image.row as isize, image.col as isize), "seed {seed}");
                }
                if symmetry != Symmetry::None {
                    for i in 0..w * h {
                        let image = symmetry.image(Pos::new(i / w, i % w), w, h);
                        let j = image.row * w + image.col;
                        assert_eq!(next[i].count_ones(), next[j].count_ones(), "{symmetry:?} seed {seed}");
                    }
                }
            }
            // A cell far from the loop has no square to change near it; most cells do.
            assert!(made >= 40, "{symmetry:?}: {made} of 60 nudged");
        }
    }

    #[test]
    fn the_region_a_loop_bounds_gives_the_loop_back() {
        for seed in 0..30 {
            let mut rng = Rng::new(seed, 2);
            let (w, h) = (5 + (seed as usize % 9), 6 + (seed as usize % 5));
            let ours = super::super::masks(&random_loop(&mut rng, w, h, Symmetry::None));
            let region = Region::bounded_by(&ours, w, h);
            assert_eq!(super::super::masks(&boundary(&region, w, h)), ours, "seed {seed}");
        }
    }
}
