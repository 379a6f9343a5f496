//! The bitboard engine: first empty cell along the short side, per-(cell, window pattern, piece)
//! placement lists, pruning, and splitting over threads.

use super::*;

use std::hash::{Hash, Hasher};

use super::shared_memo::SharedMemo;

/// A set of cells, `W` words of 64.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> Bits<W> {
    const ZERO: Bits<W> = Bits([0; W]);

    fn set(&mut self, bit: usize) {
        if let Some(word) = self.0.get_mut(bit / 64) {
            *word |= 1 << (bit % 64);
        }
    }

    #[inline(always)]
    fn and(self, o: Self) -> Self {
        let mut r = self;
        for i in 0..W {
            r.0[i] &= o.0[i];
        }
        r
    }

    #[inline(always)]
    fn or(self, o: Self) -> Self {
        let mut r = self;
        for i in 0..W {
            r.0[i] |= o.0[i];
        }
        r
    }

    #[inline(always)]
    fn not(self) -> Self {
        let mut r = self;
        for i in 0..W {
            r.0[i] = !r.0[i];
        }
        r
    }

    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline(always)]
    fn disjoint(self, o: Self) -> bool {
        (0..W).all(|i| self.0[i] & o.0[i] == 0)
    }

    /// True when `bit` is set; bits past the end count as set.
    #[inline(always)]
    fn test(self, bit: usize) -> bool {
        self.0.get(bit / 64).is_none_or(|w| w >> (bit % 64) & 1 == 1)
    }

    /// True when `bit` is set; bits past the end count as clear.
    fn and_bit(self, bit: usize) -> bool {
        self.0.get(bit / 64).is_some_and(|w| w >> (bit % 64) & 1 == 1)
    }

    #[inline(always)]
    fn first_zero(self) -> usize {
        for i in 0..W {
            let inv = !self.0[i];
            if inv != 0 {
                return i * 64 + inv.trailing_zeros() as usize;
            }
        }
        W * 64
    }

    /// The 64 cells after `bit` (bit `k` of the answer is cell `bit + 1 + k`); cells past the
    /// end count as set, like [`Bits::test`].
    #[inline(always)]
    fn word_after(self, bit: usize) -> u64 {
        let start = bit + 1;
        let (word, shift) = (start / 64, start % 64);
        let low = self.0.get(word).map_or(u64::MAX, |&w| w >> shift);
        if shift == 0 {
            return low;
        }
        let high = self.0.get(word + 1).copied().unwrap_or(u64::MAX);
        low | high << (64 - shift)
    }

    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Every bit moved `k` places up (towards higher numbers), for `k` < 64 (one step or a
    /// stride: a board of at most 512 cells has a short side of at most 22). The amount is
    /// masked rather than tested, so a shift is one instruction, not a guarded pair.
    #[inline(always)]
    fn up(self, k: usize) -> Self {
        debug_assert!(k < 64);
        let bits = (k & 63) as u32;
        let mut r = self;
        r.0[0] = self.0[0] << bits;
        for i in 1..W {
            // `>> 1 >> (63 - bits)` is `>> (64 - bits)` without the undefined 64 when `bits` is 0.
            r.0[i] = self.0[i] << bits | self.0[i - 1] >> 1 >> (63 - bits);
        }
        r
    }

    /// Every bit moved `k` places down, for `k` < 64 (see [`Bits::up`]).
    #[inline(always)]
    fn down(self, k: usize) -> Self {
        debug_assert!(k < 64);
        let bits = (k & 63) as u32;
        let mut r = self;
        for i in 0..W - 1 {
            r.0[i] = self.0[i] >> bits | self.0[i + 1] << 1 << (63 - bits);
        }
        r.0[W - 1] = self.0[W - 1] >> bits;
        r
    }
}

#[derive(Clone, Copy)]
struct Entry<const W: usize> {
    mask: Bits<W>,
    /// The board cells next to the placement: a new dead region can only start there.
    halo: Bits<W>,
    id: u32,
    piece: u32,
    /// Dark minus light cells covered, under the checkerboard colouring.
    balance: i32,
    /// The piece's |dark − light| ([`Engine::piece_budget`]), here so a node needs no other look-up.
    budget: i32,
}

/// A node of the search.
#[derive(Clone, Copy)]
struct State<const W: usize> {
    /// Covered cells (cells off the board count as covered).
    board: Bits<W>,
    remaining: u64,
    /// How many pieces are left (the bits of `remaining`, kept so no node counts them: the
    /// default x86-64 target has no popcount instruction).
    left: u32,
    /// Dark minus light cells still empty.
    balance: i32,
    /// Sum of |dark − light| over the remaining pieces: the largest imbalance they can cover.
    budget: i32,
}

pub struct Engine<const W: usize> {
    pieces: usize,
    /// The cells after the first empty cell (as offsets) whose state picks the list of
    /// placements to try: [`Engine::lists`] holds, for each first empty cell and each pattern
    /// of covered cells in this window, the placements starting there that fit the pattern.
    window: Vec<usize>,
    /// How many bytes of the 64 cells after the first empty cell hold the window (0 when an
    /// offset is past 64: the pattern is then read a cell at a time).
    window_bytes: usize,
    /// The pattern read a byte at a time: byte `k` of [`Bits::word_after`] (the cells
    /// `8k + 1..=8k + 8` after the first empty one) reading `b` gives the pattern bits
    /// `window_table[k][b]`. Two or three look-ups take the place of a shift and a mask per run
    /// of the window's cells (6×10: 17.7 M of 261 M instructions went to reading the window).
    window_table: Box<[[u8; 256]; 8]>,
    /// Placements grouped per (cell, window pattern, piece): the group of `piece` at slot
    /// `s = (cell << window.len() | pattern) * (pieces + 1) + piece` is
    /// `lists[slots[s]..slots[s + 1]]`.
    /// Each item is a placement's mask and its id: the search looks at the masks in a row and
    /// fetches the placement only when its mask fits.
    lists: Vec<(Bits<W>, u32)>,
    slots: Vec<u32>,
    /// Per (cell, window pattern), the pieces whose group there is not empty. Most groups are
    /// empty, and the search skips those without looking at their slots.
    present: Vec<u64>,
    /// Every placement, by id.
    entries: Vec<Entry<W>>,
    start: State<W>,
    not_first_col: Bits<W>,
    not_last_col: Bits<W>,
    stride: usize,
    /// The pieces of one cell.
    monominoes: u64,
    /// The pieces of at most two cells.
    up_to_two: u64,
    /// The fewest cells a piece has.
    min_area: u32,
    /// Cells numbered, on the board or not.
    cells: usize,
    /// The masks of every piece's placements, piece after piece, each piece's by first cell:
    /// those of `piece` starting at `cell` or later are
    /// `piece_masks[first_at[piece * (cells + 1) + cell]..first_at[piece * (cells + 1) + cells]]`.
    piece_masks: Vec<Bits<W>>,
    first_at: Vec<u32>,
    /// Per piece, |dark − light| of any of its placements.
    piece_budget: Vec<i32>,
    /// Per placement, whether it settles what the solutions using it weigh ([`Plan::settles_weight`]),
    /// whether every solution's weight is settled from the start ([`Plan::uniform`]), and that
    /// weight. Below a settled node counts need no solutions, only how many there are, and
    /// remember subtrees met again ([`Engine::count_from`]).
    settles: Vec<bool>,
    uniform: bool,
    settled: Weight,
    /// The placements of the restricted piece that leave the weight unsettled
    /// ([`Plan::unsettled`]): below one of them, once no symmetry can fix a solution, every
    /// solution weighs the same and counting takes over ([`Engine::unfixable`]).
    unsettled: Unsettled,
    deadline: Stop,
    expired: AtomicBool,
}

/// A subtree of the search, for splitting work over threads.
struct Task<const W: usize> {
    state: State<W>,
    prefix: Vec<u32>,
}

/// What one thread of the search keeps for itself.
struct Worker<const W: usize> {
    nodes: u64,
    /// Stop after this many nodes ...
    budget: u64,
    /// ... and say so here.
    over_budget: bool,
    /// Per piece, the cells of a placement that fitted the last time it was looked for (kept
    /// here, not as an index, so the check costs one load per piece).
    witness: Box<[Bits<W>; 64]>,
    /// Solutions under the nodes counted so far, by (board, remaining pieces): the subtree of a
    /// node depends on nothing else.
    memo: Memo<W>,
}

/// With at most this many pieces left, every node checks that each of them still fits
/// somewhere (cutting 6×10 from 16.8 M nodes to 2.1 M); with more, the check costs more than
/// it saves (35 hexominoes).
const REACH_CHECK_PIECES: u32 = 16;

/// The fewest subtrees a shard split aims for (whatever N): more pieces spread the cost more
/// evenly over the shards (6×10 over 7 shards: 603 subtrees gave a max/median node ratio of 2.0).
const SHARD_MIN_SUBTREES: usize = 4096;

/// Counts remember the nodes with this many pieces left ([`Engine::count_from`]): high enough
/// that a node met again saves a subtree worth a look-up, few enough that the table stays in
/// cache. (6×10, 11 interleaved runs: 77–90 ms against 92–116 ms without; remembering nodes
/// with 2–6 pieces left in a hash map halved the nodes but cost more in cache misses. Since the
/// table keeps what it held when it grows, 5–7 beat 5–6 by 4 % on 6×10 and tied on 8×8 with the
/// square; 4–7 made fewer nodes but cost 8×8 8 % more time.)
const MEMO_PIECES: std::ops::RangeInclusive<u32> = 5..=7;

/// The memory one thread's table of remembered nodes takes, at most.
const MEMO_BYTES: usize = 2 << 20;

/// The most cells in the window that sorts placements ([`Engine::window`]).
const MAX_WINDOW: usize = 6;

/// Nodes between two looks at the clock.
const CLOCK_EVERY: u64 = 1 << 16;

impl<const W: usize> Engine<W> {
    pub fn new(plan: &Plan, deadline: Stop, ties: Ties) -> Engine<W> {
        let cells = plan.positions.len();
        let pieces = plan.placements.len();
        let stride = plan.stride.max(1);
        // The short side: at most 22 for the 512 cells of the widest engine, so every shift by it
        // is under 64 ([`Bits::up`]).
        debug_assert!(stride * stride <= W * 64 && stride < 64);
        let mut first_col = Bits::<W>::ZERO;
        let mut last_col = Bits::<W>::ZERO;
        for bit in 0..cells {
            if bit % stride == 0 {
                first_col.set(bit);
            }
            if bit % stride == stride - 1 {
                last_col.set(bit);
            }
        }
        let mut on_board = Bits::<W>::ZERO;
        let mut dark = Bits::<W>::ZERO;
        for (bit, (&on, pos)) in plan.on_board.iter().zip(&plan.positions).enumerate() {
            if on {
                on_board.set(bit);
                if (pos.row + pos.col) % 2 == 0 {
                    dark.set(bit);
                }
            }
        }
        let balance_of = |mask: Bits<W>| mask.and(dark).count() as i32 * 2 - mask.count() as i32;
        let mut engine = Engine {
            pieces,
            entries: Vec::new(),
            window: Vec::new(),
            window_bytes: 0,
            window_table: Box::new([[0; 256]; 8]),
            lists: Vec::new(),
            slots: Vec::new(),
            present: Vec::new(),
            start: State {
                board: on_board.not(),
                remaining: 0,
                left: 0,
                balance: balance_of(on_board),
                budget: 0,
            },
            not_first_col: first_col.not(),
            not_last_col: last_col.not(),
            stride,
            monominoes: 0,
            up_to_two: 0,
            min_area: u32::MAX,
            cells: 0,
            piece_masks: Vec::new(),
            first_at: Vec::new(),
            piece_budget: vec![0; pieces],
            settles: plan.settles_weight(),
            uniform: plan.uniform(),
            settled: plan.settled_weight(),
            unsettled: plan.unsettled(),
            deadline,
            expired: AtomicBool::new(false),
        };
        // Pieces are tried in order of their number of placements (the most constrained
        // first); internally a piece is known by its rank in that order.
        let mut order: Vec<usize> = (0..pieces).collect();
        match ties {
            Ties::InOrder => order.sort_by_key(|&p| plan.placements[p].len()),
            Ties::Reversed => order.sort_by_key(|&p| (plan.placements[p].len(), std::cmp::Reverse(p))),
        }
        let mut rank = vec![0u32; pieces];
        for (r, &p) in order.iter().enumerate() {
            rank[p] = r as u32;
        }
        // Every placement as an entry, by id, with the cell it starts at.
        let total: usize = plan.placements.iter().map(Vec::len).sum();
        let mut entries = Vec::with_capacity(total);
        let mut first_cell: Vec<u32> = Vec::with_capacity(total);
        for (piece, list) in plan.placements.iter().enumerate() {
            let piece = rank[piece];
            for cells_of in list {
                let mut mask = Bits::<W>::ZERO;
                for &c in cells_of {
                    mask.set(c as usize);
                }
                let halo = engine.neighbours(mask).and(on_board).and(mask.not());
                let balance = balance_of(mask);
                engine.piece_budget[piece as usize] = balance.abs();
                let id = entries.len() as u32;
                entries.push(Entry { mask, halo, id, piece, balance, budget: balance.abs() });
                first_cell.push(cells_of.first().map_or(0, |&c| u32::from(c)));
            }
            if let Some(first) = list.first() {
                engine.min_area = engine.min_area.min(first.len() as u32);
            }
            if list.first().is_some_and(|c| c.len() == 1) {
                engine.monominoes |= 1 << piece;
            }
            if list.first().is_some_and(|c| c.len() <= 2) {
                engine.up_to_two |= 1 << piece;
            }
        }
        // The entries grouped by (first cell, piece), each group in id order (a counting sort):
        // group `cell * pieces + piece` is `grouped[group_at[g]..group_at[g + 1]]`.
        let mut group_at = vec![0u32; cells * pieces + 1];
        for (entry, &cell) in entries.iter().zip(&first_cell) {
            group_at[cell as usize * pieces + entry.piece as usize + 1] += 1;
        }
        for g in 1..group_at.len() {
            group_at[g] += group_at[g - 1];
        }
        let mut grouped = vec![0u32; entries.len()];
        let mut next = group_at.clone();
        for (entry, &cell) in entries.iter().zip(&first_cell) {
            let slot = &mut next[cell as usize * pieces + entry.piece as usize];
            grouped[*slot as usize] = entry.id;
            *slot += 1;
        }
        // Per entry, which of the window candidates (offsets after its first cell) it covers.
        let candidates = Self::window_candidates(stride);
        let reach: Vec<u8> = entries
            .iter()
            .zip(&first_cell)
            .map(|(entry, &cell)| {
                candidates.iter().enumerate().fold(0u8, |m, (k, &offset)| {
                    m | u8::from(entry.mask.and_bit(cell as usize + offset)) << k
                })
            })
            .collect();
        let mut window = Self::window(&candidates, &reach, std::mem::size_of::<Entry<W>>());
        // Pattern bits in the order of the offsets, so that neighbouring cells of the window
        // are read together (see [`Engine::window_runs`]).
        window.sort_by_key(|&k| candidates[k]);
        // Per entry, the window squares it covers, as a pattern: it fits a pattern that has
        // none of them covered.
        let covers: Vec<usize> = reach
            .iter()
            .map(|&r| window.iter().enumerate().fold(0, |m, (bit, &k)| m | usize::from(r >> k & 1) << bit))
            .collect();
        engine.window = window.iter().map(|&k| candidates[k]).collect();
        if engine.window.iter().all(|&offset| (1..=64).contains(&offset)) {
            engine.window_bytes = engine.window.iter().map(|&offset| offset.div_ceil(8)).max().unwrap_or(0);
            for (bit, &offset) in engine.window.iter().enumerate() {
                // Offset `o` is bit `o - 1` of the word after the first empty cell.
                let (byte, shift) = ((offset - 1) / 8, (offset - 1) % 8);
                for (value, pattern) in engine.window_table[byte].iter_mut().enumerate() {
                    *pattern |= u8::from(value >> shift & 1 == 1) << bit;
                }
            }
        }
        // A slot per (cell, pattern, piece) and a set of pieces per (cell, pattern), reserved at
        // once (grown push by push they were copied a dozen times).
        let group_count = cells << window.len();
        engine.slots.reserve(group_count * (pieces + 1) + 1);
        engine.present.reserve(group_count);
        let mut below = engine.start.board;
        for cell in 0..cells {
            let groups = &group_at[cell * pieces..=(cell + 1) * pieces];
            for pattern in 0..1usize << window.len() {
                // What a node whose first empty cell is `cell` and whose window reads `pattern`
                // is known to have: every cell before `cell` covered, the window's cells covered
                // or empty as the pattern says.
                let (mut covered, mut free) = (below, Bits::<W>::ZERO);
                for (bit, &offset) in engine.window.iter().enumerate() {
                    if pattern >> bit & 1 == 1 {
                        covered.set(cell + offset);
                    } else if !engine.start.board.test(cell + offset) {
                        free.set(cell + offset);
                    }
                }
                engine.slots.push(engine.lists.len() as u32);
                let mut present = 0u64;
                for piece in 0..pieces {
                    let before = engine.lists.len();
                    for &id in &grouped[groups[piece] as usize..groups[piece + 1] as usize] {
                        let entry = &entries[id as usize];
                        if pattern & covers[id as usize] == 0 && !engine.walled_in(covered, free, entry) {
                            engine.lists.push((entry.mask, id));
                        }
                    }
                    if engine.lists.len() > before {
                        present |= 1 << piece;
                    }
                    engine.slots.push(engine.lists.len() as u32);
                }
                engine.present.push(present);
            }
            below.set(cell);
        }
        engine.cells = cells;
        for piece in 0..pieces {
            for cell in 0..cells {
                engine.first_at.push(engine.piece_masks.len() as u32);
                let group = cell * pieces + piece;
                let ids = &grouped[group_at[group] as usize..group_at[group + 1] as usize];
                engine.piece_masks.extend(ids.iter().map(|&id| entries[id as usize].mask));
            }
            engine.first_at.push(engine.piece_masks.len() as u32);
        }
        engine.entries = entries;
        engine.start.remaining = engine.all_pieces();
        engine.start.left = engine.start.remaining.count_ones();
        engine.start.budget = engine.piece_budget.iter().sum();
        engine
    }

    /// The cells (offsets after the first empty cell) that may make up the window, nearest
    /// first: along the scan, across it, and diagonally.
    fn window_candidates(stride: usize) -> Vec<usize> {
        let mut candidates = Vec::new();
        for offset in [1, stride, stride + 1, stride.saturating_sub(1), 2, 2 * stride, 3] {
            if offset != 0 && !candidates.contains(&offset) {
                candidates.push(offset);
            }
        }
        candidates
    }

    /// The window that sorts placements, as indices into the candidates: as many (up to six)
    /// as keep the lists within a size budget. `reach` holds, per placement, the candidates it
    /// covers (bit `k` for candidate `k`): a placement is listed once for each pattern of the
    /// window squares it leaves free.
    fn window(candidates: &[usize], reach: &[u8], entry_size: usize) -> Vec<usize> {
        // As many list items as 64 MiB of whole placements (an item, a mask and an id, is smaller).
        let max_table = (64 << 20) / entry_size;
        let mut window: Vec<usize> = Vec::new();
        let mut chosen = 0u8;
        for k in 0..candidates.len() {
            if window.len() == MAX_WINDOW {
                break;
            }
            let trial = chosen | 1 << k;
            let free = window.len() + 1;
            let size: usize =
                reach.iter().map(|&r| 1usize << (free - (r & trial).count_ones() as usize)).sum();
            if size > max_table {
                break;
            }
            window.push(k);
            chosen = trial;
        }
        window
    }

    fn worker(&self) -> Worker<W> {
        // A full mask fits nowhere, so each piece's first check looks for a real witness.
        let witness = Box::new([Bits([u64::MAX; W]); 64]);
        Worker { nodes: 0, budget: u64::MAX, over_budget: false, witness, memo: Memo::default() }
    }

    fn all_pieces(&self) -> u64 {
        if self.pieces == 64 { u64::MAX } else { (1u64 << self.pieces) - 1 }
    }

    /// True when `entry`, placed on any board that has the cells `covered` covered and the
    /// cells `free` empty, makes a child with no solution whatever the other cells hold: one
    /// that [`Engine::dead`] finds walled in (only for problems where that test does not depend
    /// on the pieces left: without monominoes for a single cell, without pieces of one or two
    /// cells for a pair), or one with an empty cell in a region smaller than every piece. Such a
    /// placement is left out of the lists, so the child is never made.
    fn walled_in(&self, covered: Bits<W>, free: Bits<W>, entry: &Entry<W>) -> bool {
        let covered = covered.or(entry.mask);
        let empty = free.and(entry.mask.not());
        // The cells that may be empty, and of those the ones with exactly one such neighbour.
        let maybe = covered.not();
        let (some, single) = self.empty_neighbours(maybe);
        let touched = entry.halo.and(empty);
        let isolated = touched.and(some.not());
        if self.monominoes == 0 && !isolated.is_zero() {
            return true;
        }
        let single = single.and(empty);
        if self.up_to_two == 0 && !touched.and(single).and(self.neighbours(single)).is_zero() {
            return true;
        }
        // An empty cell in a region of cells that may be empty smaller than every piece: no
        // placement can cover it (a test the search itself does not make: flooding costs more
        // than it saves there, but here it is paid once, when the lists are built).
        let mut unknown = empty;
        for word in 0..W {
            while unknown.0[word] != 0 {
                let mut region = Bits::<W>::ZERO;
                region.0[word] = 1 << unknown.0[word].trailing_zeros();
                // Each step that grows the region adds a cell, so a region still growing after
                // `min_area - 1` steps is large enough; one that stops sooner is whole, and
                // counted once (a count at every step cost more than the steps).
                let mut small = false;
                for _ in 1..self.min_area {
                    let grown = region.or(self.neighbours(region).and(maybe));
                    if grown == region {
                        small = region.count() < self.min_area;
                        break;
                    }
                    region = grown;
                }
                if small {
                    return true;
                }
                // The cells reached lie in the same region: none of them needs a flood of its own.
                unknown = unknown.and(region.not());
            }
        }
        false
    }

    #[inline(always)]
    fn neighbours(&self, set: Bits<W>) -> Bits<W> {
        set.up(1)
            .and(self.not_first_col)
            .or(set.down(1).and(self.not_last_col))
            .or(set.up(self.stride))
            .or(set.down(self.stride))
    }

    /// True when the empty cells of `state` cannot be covered by its remaining pieces: their
    /// checkerboard imbalance is too large, next to the piece just placed (`entry`) lies an
    /// empty cell with no empty neighbour (and no monomino is left) or two walled in together
    /// (and no piece of two cells or less is left), or a remaining piece
    /// fits nowhere (see [`REACH_CHECK_PIECES`]; `witness` remembers where each last fitted).
    ///
    /// Flooding the regions next to the placement to test their sizes was measured: it cuts
    /// nodes by a quarter but costs more than it saves (6×10: 0.89 s against 0.74 s; 8×8 minus
    /// corners 1.71 s against 1.55 s; pentominoes and square 22.7 s against 19.0 s), since the
    /// first-empty-cell order soon meets a dead pocket anyway.
    #[inline(always)]
    fn dead(&self, state: &State<W>, entry: &Entry<W>, witness: &mut [Bits<W>; 64]) -> bool {
        if state.balance.abs() > state.budget {
            return true;
        }
        if state.remaining == 0 {
            return false;
        }
        let empty = state.board.not();
        let touched = entry.halo.and(empty);
        let (some, single) = self.empty_neighbours(empty);
        // An empty cell next to the placement with no empty neighbour, when no monomino is left;
        // two empty cells with exactly one empty neighbour each, next to each other (a pair
        // walled in together), when no piece of two cells or less is left. Both are computed
        // and tested at once, as one set of cells: whether a child is walled in is a coin toss
        // for the branch predictor, and one toss costs less than two.
        let all_if = |none_left: bool| Bits([u64::from(none_left).wrapping_neg(); W]);
        let isolated = touched.and(some.not()).and(all_if(state.remaining & self.monominoes == 0));
        let pair = touched
            .and(single)
            .and(self.neighbours(single))
            .and(all_if(state.remaining & self.up_to_two == 0));
        if !isolated.or(pair).is_zero() {
            return true;
        }
        if state.left <= REACH_CHECK_PIECES {
            let cell = state.board.first_zero();
            let mut todo = state.remaining;
            while todo != 0 {
                let piece = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                if witness[piece & 63].disjoint(state.board) {
                    continue;
                }
                let base = piece * (self.cells + 1);
                let (from, to) =
                    (self.first_at[base + cell] as usize, self.first_at[base + self.cells] as usize);
                let masks = &self.piece_masks;
                // From the far end of the board: a placement found there stays free for many
                // levels, one found next to the filled front is soon covered (6×10: 1.13 M
                // look-ups of 7 masks each, against 1.44 M of 11 from the near end).
                match masks[from..to].iter().rev().find(|m| m.disjoint(state.board)) {
                    Some(&mask) => witness[piece & 63] = mask,
                    None => return true,
                }
            }
        }
        false
    }

    /// The cells with at least one empty neighbour, and the empty cells with exactly one.
    /// (Walled-in threes were tried too: 2 % fewer nodes on 6×10, more instructions.)
    #[inline(always)]
    fn empty_neighbours(&self, empty: Bits<W>) -> (Bits<W>, Bits<W>) {
        // Per direction, the cells whose neighbour that way is empty.
        let back = empty.up(1).and(self.not_first_col);
        let on = empty.down(1).and(self.not_last_col);
        let left = empty.up(self.stride);
        let right = empty.down(self.stride);
        let (along, across) = (back.or(on), left.or(right));
        let some = along.or(across);
        let two = back.and(on).or(left.and(right)).or(along.and(across));
        (some, empty.and(some).and(two.not()))
    }

    fn out_of_time(&self) -> bool {
        if self.expired.load(Ordering::Relaxed) {
            return true;
        }
        if self.deadline.reached() {
            self.expired.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }

    /// Calls `child` for every live child of `state` (first empty cell, pieces in order),
    /// counting nodes and watching the clock.
    #[inline(always)]
    fn for_each_child(
        &self,
        state: &State<W>,
        worker: &mut Worker<W>,
        mut child: impl FnMut(u32, State<W>, &mut Worker<W>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let cell = state.board.first_zero();
        let mut pattern = 0;
        if self.window_bytes > 0 {
            // The 64 cells after `cell` in one word, read a byte at a time: as many bytes as the
            // window spans (two for a short side of up to 8, three up to 12). Reading three
            // always, used or not, was tried: more instructions and more mispredicts.
            let after = state.board.word_after(cell);
            for (byte, table) in self.window_table.iter().enumerate().take(self.window_bytes) {
                pattern |= table[(after >> (8 * byte)) as u8 as usize] as usize;
            }
        } else {
            for (bit, &offset) in self.window.iter().enumerate() {
                pattern |= (state.board.test(cell + offset) as usize) << bit;
            }
        }
        let group = cell << self.window.len() | pattern;
        let base = group * (self.pieces + 1);
        let (Some(slots), Some(&present)) =
            (self.slots.get(base..base + self.pieces + 1), self.present.get(group))
        else {
            return ControlFlow::Continue(());
        };
        let mut todo = state.remaining & present;
        while todo != 0 {
            let piece = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let (from, to) = (slots[piece] as usize, slots[piece + 1] as usize);
            let Some(list) = self.lists.get(from..to) else {
                continue;
            };
            for &(mask, index) in list {
                if !mask.disjoint(state.board) {
                    continue;
                }
                let entry = &self.entries[index as usize];
                let remaining = state.remaining & !(1u64 << entry.piece);
                let budget = state.budget - entry.budget;
                worker.nodes += 1;
                if worker.nodes.is_multiple_of(CLOCK_EVERY) {
                    if self.out_of_time() {
                        return ControlFlow::Break(());
                    }
                    if worker.nodes >= worker.budget {
                        worker.over_budget = true;
                        return ControlFlow::Break(());
                    }
                }
                let next = State {
                    board: state.board.or(entry.mask),
                    remaining,
                    left: state.left - 1,
                    balance: state.balance - entry.balance,
                    budget,
                };
                if self.dead(&next, entry, &mut worker.witness) {
                    continue;
                }
                child(entry.id, next, worker)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn search(
        &self,
        state: State<W>,
        stack: &mut Vec<u32>,
        worker: &mut Worker<W>,
        visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if state.remaining == 0 {
            return visit(stack);
        }
        self.for_each_child(&state, worker, |id, next, worker| {
            stack.push(id);
            let flow = self.search(next, stack, worker, visit);
            stack.pop();
            flow
        })
    }

    /// Adds to `found` the solutions under `state`, remembering the counts of nodes with
    /// [`MEMO_PIECES`] pieces left: a node met again (the same board and pieces left, reached by
    /// other placements) is not searched again. Only for counts whose solutions all weigh the
    /// same; breaks when the clock stops the search (nothing unfinished is remembered).
    /// `SHARED`: the worker's table of remembered counts is the one the threads of the count
    /// share ([`SharedMemo`]), not its own.
    fn count_from<const SHARED: bool>(
        &self,
        state: State<W>,
        worker: &mut Worker<W>,
        found: &mut u64,
    ) -> ControlFlow<()> {
        if state.remaining == 0 {
            *found += 1;
            return ControlFlow::Continue(());
        }
        let remember = MEMO_PIECES.contains(&state.left);
        let key = (state.board, state.remaining);
        if remember && let Some(n) = worker.memo.get::<SHARED>(&key) {
            *found += n;
            return ControlFlow::Continue(());
        }
        let before = *found;
        self.for_each_child(&state, worker, |_, next, worker| {
            self.count_from::<SHARED>(next, worker, found)
        })?;
        if remember {
            worker.memo.insert::<SHARED>(key, *found - before);
        }
        ControlFlow::Continue(())
    }

    /// [`Engine::weigh_subtree`] with the worker's table of remembered counts: the one the
    /// threads share when [`Engine::each_subtree`] gave it one, else its own.
    fn weigh_task(
        &self,
        task: &Task<W>,
        worker: &mut Worker<W>,
        weigh: &(dyn Fn(&[u32]) -> Weight + Sync),
    ) -> Weight {
        if worker.memo.shared.is_some() {
            self.weigh_subtree::<true>(task, worker, weigh)
        } else {
            self.weigh_subtree::<false>(task, worker, weigh)
        }
    }

    /// What the solutions under `task` weigh together (partial when the clock stopped it).
    fn weigh_subtree<const SHARED: bool>(
        &self,
        task: &Task<W>,
        worker: &mut Worker<W>,
        weigh: &(dyn Fn(&[u32]) -> Weight + Sync),
    ) -> Weight {
        let mut sum = Weight::default();
        if self.uniform || task.prefix.iter().any(|&id| self.settles[id as usize]) {
            let mut found = 0;
            let _ = self.count_from::<SHARED>(task.state, worker, &mut found);
            sum = self.settled.times(found);
        } else {
            let mut stack = task.prefix.clone();
            let _ = self.weigh_from::<SHARED>(task.state, &mut stack, worker, weigh, &mut sum);
        }
        sum
    }

    /// Adds to `sum` what the solutions under `state` weigh (`stack` holds the placements made
    /// so far): each by `weigh`, but once a placement settles the weight only their number is
    /// needed.
    fn weigh_from<const SHARED: bool>(
        &self,
        state: State<W>,
        stack: &mut Vec<u32>,
        worker: &mut Worker<W>,
        weigh: &(dyn Fn(&[u32]) -> Weight + Sync),
        sum: &mut Weight,
    ) -> ControlFlow<()> {
        if state.remaining == 0 {
            sum.add(weigh(stack));
            return ControlFlow::Continue(());
        }
        if let Some(weight) = self.unfixable(stack, &state) {
            let mut found = 0;
            self.count_from::<SHARED>(state, worker, &mut found)?;
            sum.add(weight.times(found));
            return ControlFlow::Continue(());
        }
        self.for_each_child(&state, worker, |id, next, worker| {
            if self.settles[id as usize] {
                let mut found = 0;
                self.count_from::<SHARED>(next, worker, &mut found)?;
                sum.add(self.settled.times(found));
                return ControlFlow::Continue(());
            }
            stack.push(id);
            let flow = self.weigh_from::<SHARED>(next, stack, worker, weigh, sum);
            stack.pop();
            flow
        })
    }

    /// What every solution under this node weighs, when that no longer depends on the rest of
    /// the solution: the restricted piece lies on a placement that a symmetry maps to itself, so
    /// a solution weighs more when that symmetry fixes it too, but some placement made so far
    /// rules that out, for each such symmetry. A solution fixed by a symmetry holds the image of
    /// each of its placements: that image must be made already, or its piece still be left and
    /// its cells still empty. Below such a node solutions are only counted, with the table of
    /// remembered counts (pentominoes and the square on 8×8: weighing each solution had the
    /// search under half of the restricted piece's placements done without that table).
    fn unfixable(&self, stack: &[u32], state: &State<W>) -> Option<Weight> {
        let unsettled = self.unsettled.placements.iter().find(|u| stack.contains(&u.id))?;
        let may_be_fixed = |&g: &usize| {
            let images = &self.unsettled.images[g];
            stack.iter().all(|&id| {
                let image = images.get(id as usize).copied().unwrap_or(NO_IMAGE);
                let Some(entry) = self.entries.get(image as usize) else { return true };
                stack.contains(&image)
                    || (state.remaining >> entry.piece & 1 == 1 && entry.mask.disjoint(state.board))
            })
        };
        if unsettled.symmetries.iter().any(may_be_fixed) {
            return None;
        }
        Some(unsettled.unfixed)
    }

    /// The search tree cut into at least `512 × jobs` subtrees where it has that many (a
    /// subtree that ends sooner is kept whole), in search order.
    fn tasks(&self, jobs: usize, worker: &mut Worker<W>) -> Vec<Task<W>> {
        self.tasks_at_least(512 * jobs, worker)
    }

    /// The search tree cut level by level (at most 8 levels) until there are at least `target`
    /// subtrees, in search order. Depends only on the problem and `target`.
    fn tasks_at_least(&self, target: usize, worker: &mut Worker<W>) -> Vec<Task<W>> {
        const MAX_DEPTH: usize = 8;
        let mut frontier = vec![Task { state: self.start, prefix: Vec::new() }];
        if self.start.balance.abs() > self.start.budget {
            return Vec::new();
        }
        for _ in 0..MAX_DEPTH {
            if frontier.len() >= target || frontier.iter().all(|t| t.state.remaining == 0) {
                break;
            }
            let mut next = Vec::new();
            for task in frontier {
                if task.state.remaining == 0 {
                    next.push(task);
                    continue;
                }
                let _ = self.for_each_child(&task.state, worker, |id, state, _| {
                    let mut prefix = task.prefix.clone();
                    prefix.push(id);
                    next.push(Task { state, prefix });
                    ControlFlow::Continue(())
                });
            }
            frontier = next;
        }
        frontier
    }

    fn stats(&self, nodes: u64, stopped: bool) -> SearchStats {
        let timed_out = self.expired.load(Ordering::Relaxed);
        SearchStats { nodes, stopped: stopped || timed_out, timed_out }
    }

    /// Visits every solution in search order; with `jobs` > 1 the subtrees are solved on
    /// `jobs` threads and their solutions replayed in order, so the visitor sees exactly what
    /// one thread would show.
    pub fn run(&self, jobs: usize, visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>) -> SearchStats {
        let mut worker = self.worker();
        if jobs <= 1 {
            if self.start.balance.abs() > self.start.budget {
                return self.stats(0, false);
            }
            let mut stack = Vec::with_capacity(self.pieces);
            let flow = self.search(self.start, &mut stack, &mut worker, visit);
            return self.stats(worker.nodes, flow.is_break());
        }
        let tasks = self.tasks(jobs, &mut worker);
        let solve = |task: &Task<W>| {
            let mut found: Vec<Vec<u32>> = Vec::new();
            let mut worker = self.worker();
            if self.out_of_time() {
                return (found, 0);
            }
            let mut stack = task.prefix.clone();
            let _ = self.search(task.state, &mut stack, &mut worker, &mut |s: &[u32]| {
                found.push(s.to_vec());
                ControlFlow::Continue(())
            });
            (found, worker.nodes)
        };
        let results: Vec<(Vec<Vec<u32>>, u64)> =
            in_pool(jobs, || tasks.par_iter().with_max_len(1).map(solve).collect());
        let nodes = worker.nodes + results.iter().map(|r| r.1).sum::<u64>();
        for (found, _) in results {
            for solution in found {
                if visit(&solution).is_break() {
                    return self.stats(nodes, true);
                }
            }
        }
        self.stats(nodes, false)
    }

    /// The first solution within `budget` nodes: `Ok(None)` when there is none (or the clock
    /// stopped the search), `Err(nodes)` when the budget ran out first.
    pub fn first(&self, budget: u64) -> Result<(Option<Vec<u32>>, SearchStats), u64> {
        let mut worker = self.worker();
        worker.budget = budget;
        let mut found = None;
        if self.start.balance.abs() <= self.start.budget {
            let mut stack = Vec::with_capacity(self.pieces);
            let _ = self.search(self.start, &mut stack, &mut worker, &mut |s: &[u32]| {
                found = Some(s.to_vec());
                ControlFlow::Break(())
            });
        }
        if found.is_none() && worker.over_budget && !self.out_of_time() {
            return Err(worker.nodes);
        }
        Ok((found, self.stats(worker.nodes, false)))
    }

    /// Sums `weigh` over every solution (on `jobs` threads; the sums do not depend on it).
    pub fn count(&self, jobs: usize, weigh: &(dyn Fn(&[u32]) -> Weight + Sync)) -> (Weight, SearchStats) {
        let mut worker = self.worker();
        let tasks = self.tasks(jobs, &mut worker);
        let (sum, stats) = self.count_tasks(jobs, &tasks, weigh);
        (sum, SearchStats { nodes: stats.nodes + worker.nodes, ..stats })
    }

    /// Shard `k` of `n`: the tree cut into at least `max(4096, 16 n)` subtrees (a cut that
    /// depends only on the problem and `n`); the subtrees whose index `i` (in search order) has
    /// `i mod n == k` are counted, on `jobs` threads. Also gives how many subtrees the cut made
    /// and how many fell to this shard.
    ///
    /// Subtrees in `skip` (indices of the whole cut, counted by an earlier run) are left out;
    /// when that run's cut made `cut` subtrees and this one makes another number, nothing is
    /// counted and the run says so (`cut_differs`): its indices mean other subtrees here;
    /// `progress` learns how many subtrees this run has and how many are done. Also gives the
    /// indices of the subtrees counted to the end (all of them unless the clock stopped the
    /// count: the others' partial counts are dropped, so the sum is exactly theirs).
    pub fn count_shard(
        &self,
        jobs: usize,
        (k, n): (u64, u64),
        weigh: &(dyn Fn(&[u32]) -> Weight + Sync),
        skip: &std::collections::BTreeSet<u64>,
        cut: Option<usize>,
        progress: Option<&Progress>,
    ) -> ShardRun {
        let mut worker = self.worker();
        let target = usize::try_from(n.saturating_mul(16)).unwrap_or(usize::MAX).max(SHARD_MIN_SUBTREES);
        let tasks = self.tasks_at_least(target, &mut worker);
        let subtrees = tasks.len();
        if cut.is_some_and(|c| c != subtrees) {
            return ShardRun { subtrees, cut_differs: true, ..ShardRun::default() };
        }
        let mine: Vec<(u64, Task<W>)> =
            tasks.into_iter().enumerate().map(|(i, t)| (i as u64, t)).filter(|(i, _)| i % n == k).collect();
        let in_shard = mine.len();
        let todo: Vec<(u64, Task<W>)> = mine.into_iter().filter(|(i, _)| !skip.contains(i)).collect();
        if let Some(progress) = progress {
            progress.total.store(todo.len(), Ordering::Relaxed);
        }
        let results = self.each_subtree(jobs, &todo, |worker, (index, task)| {
            if self.out_of_time() {
                return (*index, Weight::default(), 0, false);
            }
            let before = worker.nodes;
            let sum = self.weigh_task(task, worker, weigh);
            if let Some(progress) = progress {
                progress.done.fetch_add(1, Ordering::Relaxed);
            }
            (*index, sum, worker.nodes - before, !self.out_of_time())
        });
        let mut run = ShardRun { subtrees, in_shard, nodes: worker.nodes, ..ShardRun::default() };
        for (index, weight, nodes, finished) in results {
            run.nodes += nodes;
            if finished {
                run.sum.add(weight);
                run.done.push(index);
            }
        }
        run.timed_out = run.done.len() < todo.len();
        run
    }

    /// Sums `weigh` over every solution in `tasks` (on `jobs` threads).
    fn count_tasks(
        &self,
        jobs: usize,
        tasks: &[Task<W>],
        weigh: &(dyn Fn(&[u32]) -> Weight + Sync),
    ) -> (Weight, SearchStats) {
        let results = self.each_subtree(jobs, tasks, |worker, task| {
            if self.out_of_time() {
                return (Weight::default(), 0);
            }
            let before = worker.nodes;
            (self.weigh_task(task, worker, weigh), worker.nodes - before)
        });
        let mut sum = Weight::default();
        let mut nodes = 0;
        for (weight, n) in results {
            sum.add(weight);
            nodes += n;
        }
        (sum, self.stats(nodes, false))
    }

    /// `solve` over every subtree, in order, on `jobs` threads. Each thread keeps one worker for
    /// all the subtrees it takes, and with several threads the workers share one table of
    /// remembered counts ([`SharedMemo`]; `solve` then counts with `SHARED`), so what one
    /// thread's counts remember serves the other's subtrees too (the node counts of a count on
    /// several threads then depend on which thread met a node first; the counts themselves do
    /// not).
    fn each_subtree<T: Sync, R: Send>(
        &self,
        jobs: usize,
        subtrees: &[T],
        solve: impl Fn(&mut Worker<W>, &T) -> R + Sync,
    ) -> Vec<R> {
        if jobs <= 1 {
            let mut worker = self.worker();
            return subtrees.iter().map(|t| solve(&mut worker, t)).collect();
        }
        // The workers share one table of remembered counts, as large as one thread's at most: 64
        // slots a subtree, so a count cut into few subtrees (a small one) does not pay for
        // clearing megabytes.
        let slots =
            subtrees.len().saturating_mul(64).max(Memo::<W>::FIRST_SLOTS).min(Memo::<W>::most_slots());
        let memo = Arc::new(SharedMemo::new(slots));
        let workers: Vec<std::sync::Mutex<OwnLines<Worker<W>>>> = (0..jobs)
            .map(|_| {
                let mut worker = self.worker();
                worker.memo.shared = Some(Arc::clone(&memo));
                std::sync::Mutex::new(OwnLines(worker))
            })
            .collect();
        in_pool(jobs, || {
            subtrees
                .par_iter()
                .with_max_len(1)
                .map(|t| {
                    // Each pool thread has its own worker: the lock is never waited for.
                    let index = rayon::current_thread_index().unwrap_or(0) % jobs;
                    let mut worker = workers[index].lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    solve(&mut worker.0, t)
                })
                .collect()
        })
    }
}

/// A value alone on its cache lines. The workers of two threads side by side would share a
/// line, and each node counted by one would take it from the other's core (6×10 on two threads
/// spent 65 % more time than on one).
#[repr(align(128))]
struct OwnLines<T>(T);

/// Solution counts of nodes met before, by (board, remaining pieces): a table where a node's
/// slot is chosen by a hash and a newer node takes the place of an older one (a transposition
/// table). It starts small and grows fourfold (keeping what it held) while nodes keep
/// coming, up to [`MEMO_BYTES`], so a small count never pays for a big table.
#[derive(Default)]
struct Memo<const W: usize> {
    slots: Vec<(Bits<W>, u64, u64)>,
    /// Nodes stored since the table last grew.
    stored: usize,
    /// With several threads, the table they share ([`SharedMemo`]): then `slots` stays empty.
    shared: Option<Arc<SharedMemo<W>>>,
}

impl<const W: usize> Memo<W> {
    /// The size the table starts at.
    const FIRST_SLOTS: usize = 1 << 10;

    fn hash((board, remaining): &(Bits<W>, u64)) -> u64 {
        let mut hasher = rustc_hash::FxHasher::default();
        board.hash(&mut hasher);
        remaining.hash(&mut hasher);
        hasher.finish()
    }

    fn slot(&self, key: &(Bits<W>, u64)) -> usize {
        // The high bits of an Fx hash are the well-mixed ones.
        (Self::hash(key) >> 32) as usize & (self.slots.len() - 1)
    }

    /// The most slots a table has, one thread's or a shared one.
    fn most_slots() -> usize {
        (MEMO_BYTES / std::mem::size_of::<(Bits<W>, u64, u64)>()).next_power_of_two() / 2
    }

    /// Stores `count` for `key` in this thread's table, in the key's slot.
    fn put(&mut self, key: (Bits<W>, u64), count: u64) {
        let slot = self.slot(&key);
        self.slots[slot] = (key.0, key.1, count);
    }

    /// The count remembered for `key`, in the shared table if `SHARED`.
    #[inline(always)]
    fn get<const SHARED: bool>(&self, key: &(Bits<W>, u64)) -> Option<u64> {
        if SHARED {
            return self.shared.as_ref().and_then(|shared| shared.get(Self::hash(key), &key.0, key.1));
        }
        if self.slots.is_empty() {
            return None;
        }
        let (board, remaining, count) = self.slots[self.slot(key)];
        (board == key.0 && remaining == key.1).then_some(count)
    }

    /// Remember `count` for `key`, in the shared table if `SHARED`.
    #[inline(always)]
    fn insert<const SHARED: bool>(&mut self, key: (Bits<W>, u64), count: u64) {
        if SHARED {
            if let Some(shared) = &self.shared {
                shared.insert(Self::hash(&key), &key.0, key.1, count);
            }
            return;
        }
        let most = Self::most_slots();
        let size = if self.slots.is_empty() {
            Self::FIRST_SLOTS.min(most)
        } else if self.stored > self.slots.len() / 2 && self.slots.len() < most {
            (self.slots.len() * 4).min(most)
        } else {
            self.slots.len()
        };
        if size != self.slots.len() {
            // No node has no pieces left, so an empty slot never matches. What the smaller table
            // held moves over: forgetting it at each growth cost 6×10 5 % more nodes.
            let old = std::mem::replace(&mut self.slots, vec![(Bits::ZERO, 0, 0); size.max(1)]);
            for (board, remaining, count) in old.into_iter().filter(|slot| slot.1 != 0) {
                self.put((board, remaining), count);
            }
            self.stored = 0;
        }
        self.put(key, count);
        self.stored += 1;
    }
}

/// What one run over a shard's subtrees gave ([`Engine::count_shard`]).
#[derive(Default)]
pub(crate) struct ShardRun {
    /// The weights of the subtrees counted to the end.
    pub sum: Weight,
    /// Search nodes, the cut's included.
    pub nodes: u64,
    /// How many subtrees the cut made, and how many fell to the shard.
    pub subtrees: usize,
    pub in_shard: usize,
    /// The subtrees (indices of the whole cut) counted to the end by this run.
    pub done: Vec<u64>,
    /// Some subtree of this run was not counted to the end.
    pub timed_out: bool,
    /// The earlier run's cut made another number of subtrees: nothing was counted.
    pub cut_differs: bool,
}

/// Runs `work` on a pool of `jobs` threads (on this thread if no pool can be made).
///
/// The subtrees are handed out one at a time (`with_max_len(1)`): rayon's default splitting
/// gives each thread long runs of consecutive subtrees that cannot be stolen once started, and
/// early subtrees cost more than late ones, so one thread was left working alone for the last
/// half of the time (pentominoes on 8×8 without corners: 2 threads took 0.69 of one thread's
/// time, against 0.5 with subtrees handed out singly).
fn in_pool<T: Send>(jobs: usize, work: impl FnOnce() -> T + Send) -> T {
    match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hooks of an n × n square (the cells whose larger coordinate is k, for each k below n),
    /// and with `swap`, the two largest swapped for an L and a bar of their sizes. Each hook is
    /// symmetric about the diagonal, so the restricted piece's placement is, and the packing
    /// that nests the hooks in a corner is fixed by that reflection.
    fn hooks(n: usize, swap: bool) -> Problem {
        let board = Board::new(Grid::new(n, n, true));
        let mut shapes: Vec<Shape> =
            (0..n as i32).filter_map(|k| Shape::new((0..=k).flat_map(|i| [(i, k), (k, i)]))).collect();
        if swap && n >= 4 {
            let (a, b) = (2 * n as i32 - 3, 2 * n as i32 - 1);
            shapes[n - 2] =
                Shape::new((0..a).map(|i| (i.min(n as i32 - 1), (i - n as i32 + 1).max(0)))).expect("an L");
            shapes[n - 1] = Shape::new((0..b).map(|i| (i / n as i32, i % n as i32))).expect("a bar");
        }
        let pieces =
            shapes.into_iter().enumerate().map(|(k, shape)| Piece { name: format!("h{k}"), shape }).collect();
        Problem { board, pieces, flips: true }
    }

    /// One-sided tetrominoes on 4 × 4: the bar (the restricted piece: each placement it keeps
    /// lies on a mirror's axis), the square, and a pair of mirror images (an L and a J, or an S
    /// and a Z). A reflection maps a packing to one with the pair swapped, so a packing it fixes
    /// has the two mirrored about its axis: the check must wait for the second of the pair.
    fn mirrored(chiral: &[(i32, i32)]) -> Problem {
        let board = Board::new(Grid::new(4, 4, true));
        let shape = |cells: &[(i32, i32)]| Shape::new(cells.iter().copied()).expect("a shape");
        let piece = shape(chiral);
        let mirror = pzl_grid::Symmetry { mirror: true, quarter_turns: 0 };
        let shapes = [
            shape(&[(0, 0), (0, 1), (0, 2), (0, 3)]),
            shape(&[(0, 0), (0, 1), (1, 0), (1, 1)]),
            piece.transformed(mirror),
            piece,
        ];
        let pieces =
            shapes.into_iter().enumerate().map(|(k, shape)| Piece { name: format!("m{k}"), shape }).collect();
        Problem { board, pieces, flips: false }
    }

    /// The whole tree weighed as a count does (with no cut into subtrees: a small problem's
    /// search ends inside the cut), against every packing weighed one by one; and whether the
    /// problem has a placement of the restricted piece that a symmetry maps to itself and a
    /// packing that a symmetry fixes.
    fn weighed_both_ways(problem: &Problem) -> (Weight, Weight, bool) {
        let plan = Plan::new(problem, true);
        let engine = Engine::<1>::new(&plan, Stop::new(&SearchOptions::default()), Ties::InOrder);
        let weigh = |placements: &[u32]| plan.weight(placements);
        let root = Task { state: engine.start, prefix: Vec::new() };
        let counted = engine.weigh_task(&root, &mut engine.worker(), &weigh);
        let mut each = Weight::default();
        let _ = engine.run(1, &mut |placements| {
            each.add(plan.weight(placements));
            ControlFlow::Continue(())
        });
        (counted, each, !engine.unsettled.placements.is_empty() && each.distinct > each.raw)
    }

    /// Below the placement of the restricted piece that a symmetry maps to itself, the search
    /// only counts once the placements made rule out a packing that the symmetry fixes
    /// ([`Engine::unfixable`]): that must weigh packings as weighing each one does.
    #[test]
    fn counting_below_a_symmetric_placement_weighs_packings_rightly() {
        let mut symmetric = 0;
        let l = [(0, 0), (1, 0), (2, 0), (2, 1)];
        let s = [(0, 1), (0, 2), (1, 0), (1, 1)];
        let problems =
            (3..=7).flat_map(|n| [hooks(n, false), hooks(n, true)]).chain([mirrored(&l), mirrored(&s)]);
        for (k, problem) in problems.enumerate() {
            let (counted, each, fixed) = weighed_both_ways(&problem);
            assert_eq!(counted, each, "problem {k}");
            symmetric += usize::from(fixed);
        }
        // The hooks nested in a corner (3×3 to 7×7) and the L and J about the bar's axis.
        assert!(symmetric >= 6, "only {symmetric} problems have a packing that a symmetry fixes");
    }

    /// `up` and `down` against a bit-by-bit shift, across word boundaries, for every amount a
    /// board's stride can take (up to 22) and beyond.
    fn shifts_agree<const W: usize>() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..50 {
            let mut set = Bits::<W>([0; W]);
            for word in &mut set.0 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                *word = seed;
            }
            for k in 0..64 {
                let (mut up, mut down) = (Bits::<W>([0; W]), Bits::<W>([0; W]));
                for bit in 0..W * 64 {
                    if set.and_bit(bit) {
                        if bit + k < W * 64 {
                            up.set(bit + k);
                        }
                        if bit >= k {
                            down.set(bit - k);
                        }
                    }
                }
                assert_eq!(set.up(k), up, "up {k}");
                assert_eq!(set.down(k), down, "down {k}");
            }
        }
    }

    #[test]
    fn shifts_by_less_than_a_word() {
        shifts_agree::<1>();
        shifts_agree::<2>();
        shifts_agree::<4>();
        shifts_agree::<8>();
    }
}
