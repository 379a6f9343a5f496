//! A general exact-cover engine: Knuth's Algorithm X with dancing links (the layout of his `dlx1`),
//! primary items (covered exactly once) and secondary items (covered at most once), the
//! minimum-remaining-values item choice, and an iterative search (no recursion, so deep problems
//! cannot overflow the stack). Any puzzle that reduces to exact cover can use it.
//!
//! [`parse_dlx`] reads Knuth's `dlx1` input format: `|` starts a comment line; the first other
//! line names the items (primary, then `|`, then secondary); each later line is one option.

use std::collections::HashMap;
use std::ops::ControlFlow;

/// Why an exact-cover problem cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[allow(missing_docs)] // The fields are the option and item numbers the message names.
pub enum ExactCoverError {
    /// An item number beyond the items.
    #[error("option {option}: item {item} does not exist (there are {items} items)")]
    NoSuchItem { option: usize, item: usize, items: usize },
    /// An item twice in one option.
    #[error("option {option}: item {item} appears twice")]
    RepeatedItem { option: usize, item: usize },
    /// An option without items.
    #[error("option {option} has no items")]
    EmptyOption { option: usize },
}

/// An exact-cover problem: items `0..primary` must each be covered exactly once, items
/// `primary..primary + secondary` at most once.
#[derive(Debug, Clone)]
pub struct ExactCover {
    primary: usize,
    secondary: usize,
    /// The options' items one after another (one allocation, not one per option): option `k`
    /// is `items[ends[k - 1]..ends[k]]`.
    items: Vec<usize>,
    ends: Vec<usize>,
}

/// Work done by a search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Solutions visited.
    pub solutions: u64,
    /// Search-tree nodes (options tried).
    pub nodes: u64,
    /// Link updates (Knuth's "updates": items removed while covering).
    pub updates: u64,
    /// The search was stopped by its `stop` test (see [`ExactCover::search_until`]) or its node
    /// budget ([`ExactCover::search_within`]).
    pub stopped: bool,
    /// The search was stopped because it tried as many options as its budget allows.
    pub out_of_nodes: bool,
}

impl ExactCover {
    /// A problem with `primary` items (covered exactly once) and `secondary` items (at most once),
    /// and no options yet.
    pub fn new(primary: usize, secondary: usize) -> ExactCover {
        ExactCover { primary, secondary, items: Vec::new(), ends: Vec::new() }
    }

    /// Make room for `options` more options of `items` items in all.
    pub fn reserve(&mut self, options: usize, items: usize) {
        self.ends.reserve(options);
        self.items.reserve(items);
    }

    /// The number of primary items.
    pub fn primary(&self) -> usize {
        self.primary
    }

    /// The number of secondary items.
    pub fn secondary(&self) -> usize {
        self.secondary
    }

    /// The options, each a list of item numbers.
    pub fn options(&self) -> impl ExactSizeIterator<Item = &[usize]> {
        (0..self.ends.len()).map(|k| &self.items[k.checked_sub(1).map_or(0, |p| self.ends[p])..self.ends[k]])
    }

    /// Add an option covering `items` (indices into primary then secondary items); returns its
    /// number.
    pub fn add_option(&mut self, items: &[usize]) -> Result<usize, ExactCoverError> {
        let option = self.ends.len();
        let total = self.primary + self.secondary;
        if items.is_empty() {
            return Err(ExactCoverError::EmptyOption { option });
        }
        for (k, &item) in items.iter().enumerate() {
            if item >= total {
                return Err(ExactCoverError::NoSuchItem { option, item, items: total });
            }
            if items[..k].contains(&item) {
                return Err(ExactCoverError::RepeatedItem { option, item });
            }
        }
        self.items.extend_from_slice(items);
        self.ends.push(self.items.len());
        Ok(option)
    }

    /// Visit every solution (the option numbers, in the order chosen) until `visit` breaks.
    pub fn search(&self, mut visit: impl FnMut(&[usize]) -> ControlFlow<()>) -> Stats {
        Links::new(self).run(&mut visit, &|| false, u64::MAX)
    }

    /// [`ExactCover::search`] that also ends when `stop` says so. `stop` is asked every few
    /// thousand nodes, so a clock or a cancel flag stops a search that finds no solution too.
    pub fn search_until(
        &self,
        stop: &dyn Fn() -> bool,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> Stats {
        Links::new(self).run(&mut visit, stop, u64::MAX)
    }

    /// [`ExactCover::search_until`] that also ends after trying `max_nodes` options (then
    /// [`Stats::out_of_nodes`] is set): a deterministic budget, for searches that take turns.
    pub fn search_within(
        &self,
        max_nodes: u64,
        stop: &dyn Fn() -> bool,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> Stats {
        Links::new(self).run(&mut visit, stop, max_nodes)
    }

    /// Count solutions, stopping at `limit` when given.
    pub fn count(&self, limit: Option<u64>) -> Stats {
        let mut found = 0;
        self.search(|_| {
            found += 1;
            if limit.is_some_and(|l| found >= l) { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        })
    }

    /// The first solution found, as option numbers sorted ascending.
    pub fn first(&self) -> Option<Vec<usize>> {
        let mut found = None;
        self.search(|options| {
            let mut sorted = options.to_vec();
            sorted.sort_unstable();
            found = Some(sorted);
            ControlFlow::Break(())
        });
        found
    }
}

/// One node of the dancing links: for an item header `top` is unused, for an option's node
/// the item it covers (from 1), for a spacer `-option - 1` (the first spacer: 0).
#[derive(Clone, Copy)]
struct Node {
    top: i32,
    up: u32,
    down: u32,
}

/// The dancing-links arrays of Knuth's dlx1, a node's three links side by side (one cache
/// line, not three). Node `i` for `1..=items` is the header of item `i` (item `i - 1` of the
/// problem); spacer nodes have `top <= 0`.
struct Links {
    /// Item list: `left`/`right` over `0..=items + 1`; 0 heads the primary items, `items + 1`
    /// the secondary ones (which are never chosen).
    left: Vec<u32>,
    right: Vec<u32>,
    nodes: Vec<Node>,
    /// Per item header, its options still available.
    len: Vec<u32>,
    /// Per node, its option's number (`u32::MAX` for headers and spacers).
    option_of: Vec<u32>,
    primary: usize,
    updates: u64,
}

impl Links {
    fn new(problem: &ExactCover) -> Links {
        let n = problem.primary + problem.secondary;
        let mut left = vec![0u32; n + 2];
        let mut right = vec![0u32; n + 2];
        // Primary items in a circle with 0.
        let p = problem.primary;
        for i in 0..=p {
            right[i] = if i == p { 0 } else { i as u32 + 1 };
            left[i] = if i == 0 { p as u32 } else { i as u32 - 1 };
        }
        // Secondary items in a circle with n + 1.
        let head = n + 1;
        let mut prev = head;
        for (i, link) in left.iter_mut().enumerate().take(n + 1).skip(p + 1) {
            right[prev] = i as u32;
            *link = prev as u32;
            prev = i;
        }
        right[prev] = head as u32;
        left[head] = prev as u32;

        let count = n + 1 + problem.items.len() + problem.ends.len() + 1;
        let mut nodes = Vec::with_capacity(count);
        let mut option_of = Vec::with_capacity(count);
        for i in 0..=n {
            nodes.push(Node { top: 0, up: i as u32, down: i as u32 });
            option_of.push(u32::MAX);
        }
        let mut len = vec![0u32; n + 1];
        // The first spacer.
        let mut last_spacer = nodes.len();
        nodes.push(Node { top: 0, up: 0, down: 0 });
        option_of.push(u32::MAX);
        for (k, option) in problem.options().enumerate() {
            let first = nodes.len() as u32;
            for &item in option {
                let header = item + 1;
                let x = nodes.len() as u32;
                len[header] += 1;
                let up = nodes[header].up;
                nodes.push(Node { top: header as i32, up, down: header as u32 });
                nodes[up as usize].down = x;
                nodes[header].up = x;
                option_of.push(k as u32);
            }
            nodes[last_spacer].down = nodes.len() as u32 - 1;
            last_spacer = nodes.len();
            nodes.push(Node { top: -(k as i32) - 1, up: first, down: 0 });
            option_of.push(u32::MAX);
        }
        Links { left, right, nodes, len, option_of, primary: p, updates: 0 }
    }

    fn hide(&mut self, p: usize) {
        let mut q = p + 1;
        while q != p {
            let Node { top: x, up: u, down: d } = self.nodes[q];
            if x <= 0 {
                q = u as usize;
            } else {
                self.nodes[u as usize].down = d;
                self.nodes[d as usize].up = u;
                self.len[x as usize] -= 1;
                self.updates += 1;
                q += 1;
            }
        }
    }

    fn unhide(&mut self, p: usize) {
        let mut q = p - 1;
        while q != p {
            let Node { top: x, up: u, down: d } = self.nodes[q];
            if x <= 0 {
                q = d as usize;
            } else {
                self.nodes[u as usize].down = q as u32;
                self.nodes[d as usize].up = q as u32;
                self.len[x as usize] += 1;
                q -= 1;
            }
        }
    }

    fn cover(&mut self, i: usize) {
        let mut p = self.nodes[i].down as usize;
        while p != i {
            self.hide(p);
            p = self.nodes[p].down as usize;
        }
        let (l, r) = (self.left[i], self.right[i]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
    }

    fn uncover(&mut self, i: usize) {
        let (l, r) = (self.left[i], self.right[i]);
        self.right[l as usize] = i as u32;
        self.left[r as usize] = i as u32;
        let mut p = self.nodes[i].up as usize;
        while p != i {
            self.unhide(p);
            p = self.nodes[p].up as usize;
        }
    }

    /// The primary item with the fewest remaining options (the first on ties).
    fn choose(&self) -> usize {
        let mut best = self.right[0] as usize;
        let mut best_len = u32::MAX;
        let mut i = best;
        while i != 0 {
            let l = self.len[i];
            if l < best_len {
                best = i;
                best_len = l;
                if l == 0 {
                    break;
                }
            }
            i = self.right[i] as usize;
        }
        best
    }

    /// Knuth's steps X2–X8, iteratively.
    fn run(
        &mut self,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
        stop: &dyn Fn() -> bool,
        max_nodes: u64,
    ) -> Stats {
        let mut stats = Stats::default();
        if self.primary == 0 {
            return stats;
        }
        let mut chosen: Vec<usize> = Vec::new();
        let mut options: Vec<usize> = Vec::new();
        // State machine over the steps; `x` is the node being tried at the current level.
        enum Step {
            Enter,
            Try(usize),
            Next(usize),
            Leave(usize),
        }
        let mut step = Step::Enter;
        loop {
            step = match step {
                Step::Enter => {
                    if self.right[0] == 0 {
                        stats.solutions += 1;
                        options.clear();
                        options.extend(chosen.iter().map(|&x| self.option_of[x] as usize));
                        if visit(&options).is_break() {
                            break;
                        }
                        match chosen.pop() {
                            Some(x) => Step::Next(x),
                            None => break,
                        }
                    } else {
                        let i = self.choose();
                        self.cover(i);
                        Step::Try(self.nodes[i].down as usize)
                    }
                }
                Step::Try(x) => {
                    let i = self.nodes[x].top;
                    if x as i64 == i64::from(i) || i <= 0 {
                        // Every option of this item has been tried.
                        Step::Leave(x)
                    } else {
                        if stats.nodes % 4096 == 0 && stop() {
                            stats.stopped = true;
                            break;
                        }
                        if stats.nodes >= max_nodes {
                            (stats.stopped, stats.out_of_nodes) = (true, true);
                            break;
                        }
                        stats.nodes += 1;
                        let mut p = x + 1;
                        while p != x {
                            let j = self.nodes[p].top;
                            if j <= 0 {
                                p = self.nodes[p].up as usize;
                            } else {
                                self.cover(j as usize);
                                p += 1;
                            }
                        }
                        chosen.push(x);
                        Step::Enter
                    }
                }
                Step::Next(x) => {
                    let mut p = x - 1;
                    while p != x {
                        let j = self.nodes[p].top;
                        if j <= 0 {
                            p = self.nodes[p].down as usize;
                        } else {
                            self.uncover(j as usize);
                            p -= 1;
                        }
                    }
                    Step::Try(self.nodes[x].down as usize)
                }
                Step::Leave(header) => {
                    self.uncover(header);
                    match chosen.pop() {
                        Some(x) => Step::Next(x),
                        None => break,
                    }
                }
            };
        }
        stats.updates = self.updates;
        stats
    }
}

/// A problem read from Knuth's `dlx1` text format, with the item names.
#[derive(Debug, Clone)]
pub struct DlxFile {
    /// The item names, primary first.
    pub items: Vec<String>,
    /// The problem.
    pub problem: ExactCover,
}

/// Why a `dlx` file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[allow(missing_docs)] // The fields are the line (from 1) and the names the message shows.
pub enum DlxError {
    /// No item line.
    #[error("the file has no item line")]
    NoItems,
    /// An item named twice.
    #[error("line {line}: item `{name}` is named twice")]
    DuplicateItem { line: usize, name: String },
    /// Two separators of primary and secondary items.
    #[error("line {line}: a second `|` in the item line")]
    SecondBar { line: usize },
    /// An option names an item the item line does not.
    #[error("line {line}: unknown item `{name}`")]
    UnknownItem { line: usize, name: String },
    /// An option the problem refuses.
    #[error("line {line}: {source}")]
    Option { line: usize, source: ExactCoverError },
}

/// Read Knuth's `dlx1` input format.
pub fn parse_dlx(text: &str) -> Result<DlxFile, DlxError> {
    let mut lines = text.lines().enumerate().filter(|(_, l)| {
        let t = l.trim_start();
        !t.is_empty() && !t.starts_with('|')
    });
    let (item_line, header) = lines.next().ok_or(DlxError::NoItems)?;
    let mut items = Vec::new();
    let mut primary = None;
    let mut index = HashMap::new();
    for word in header.split_whitespace() {
        if word == "|" {
            if primary.is_some() {
                return Err(DlxError::SecondBar { line: item_line + 1 });
            }
            primary = Some(items.len());
            continue;
        }
        if index.insert(word.to_string(), items.len()).is_some() {
            return Err(DlxError::DuplicateItem { line: item_line + 1, name: word.into() });
        }
        items.push(word.to_string());
    }
    if items.is_empty() {
        return Err(DlxError::NoItems);
    }
    let primary = primary.unwrap_or(items.len());
    let mut problem = ExactCover::new(primary, items.len() - primary);
    for (n, line) in lines {
        let mut option = Vec::new();
        for word in line.split_whitespace() {
            let &item = index
                .get(word)
                .ok_or_else(|| DlxError::UnknownItem { line: n + 1, name: word.to_string() })?;
            option.push(item);
        }
        problem.add_option(&option).map_err(|source| DlxError::Option { line: n + 1, source })?;
    }
    Ok(DlxFile { items, problem })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Knuth's example from "Dancing Links": one solution, options 0, 3, 4.
    const KNUTH: &str = "| Knuth's example\nA B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

    #[test]
    fn knuths_example_has_one_solution() {
        let dlx = parse_dlx(KNUTH).unwrap();
        assert_eq!(dlx.items.len(), 7);
        assert_eq!(dlx.problem.first(), Some(vec![0, 3, 4]));
        assert_eq!(dlx.problem.count(None).solutions, 1);
    }

    #[test]
    fn a_node_budget_stops_the_search_and_says_so() {
        let dlx = parse_dlx(KNUTH).unwrap();
        let mut found = 0;
        let short = dlx.problem.search_within(1, &|| false, |_| {
            found += 1;
            ControlFlow::Continue(())
        });
        assert_eq!((short.nodes, short.stopped, short.out_of_nodes, found), (1, true, true, 0));
        let long = dlx.problem.search_within(1_000, &|| false, |_| ControlFlow::Continue(()));
        assert_eq!((long.solutions, long.stopped, long.out_of_nodes), (1, false, false));
        assert_eq!(long, dlx.problem.search(|_| ControlFlow::Continue(())));
        let options: Vec<&[usize]> = dlx.problem.options().collect();
        assert_eq!(options.len(), 6);
        assert_eq!(options[0], &[2, 4, 5]);
    }

    #[test]
    fn secondary_items_are_covered_at_most_once() {
        // Items a b primary, x secondary. Options {a x}, {b x}, {a}, {b}.
        let dlx = parse_dlx("a b | x\na x\nb x\na\nb\n").unwrap();
        // {a x}+{b}, {a}+{b x}, {a}+{b}: three solutions; {a x}+{b x} collide on x.
        assert_eq!(dlx.problem.count(None).solutions, 3);
    }

    #[test]
    fn limits_stop_the_count() {
        let dlx = parse_dlx("a | x\na\na x\n").unwrap();
        assert_eq!(dlx.problem.count(None).solutions, 2);
        assert_eq!(dlx.problem.count(Some(1)).solutions, 1);
    }

    #[test]
    fn bad_files_say_where() {
        assert_eq!(parse_dlx("| only comments\n").unwrap_err(), DlxError::NoItems);
        assert!(matches!(parse_dlx("a b\na c\n"), Err(DlxError::UnknownItem { line: 2, .. })));
        assert!(matches!(parse_dlx("a a\n"), Err(DlxError::DuplicateItem { line: 1, .. })));
        assert!(matches!(parse_dlx("a\na a\n"), Err(DlxError::Option { line: 2, .. })));
        assert!(matches!(parse_dlx("a | b | c\n"), Err(DlxError::SecondBar { line: 1 })));
    }

    #[test]
    fn an_item_without_options_has_no_solution() {
        let dlx = parse_dlx("a b\na\n").unwrap();
        assert_eq!(dlx.problem.first(), None);
    }
}
