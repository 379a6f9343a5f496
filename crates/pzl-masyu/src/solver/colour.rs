//! Inside/outside colouring. The loop is a closed curve, so the corner points between cells are
//! each inside or outside it, every border point is outside, and an edge is a line exactly when
//! the two points on either side of it differ. A union-find with parity (union by size, no path
//! compression, so it can be undone) relates the points; whenever two classes merge, the unknown
//! edges between a point of the smaller class and the merged class are decided.

use super::engine::{Contradiction, UNKNOWN};

pub(crate) struct Colouring {
    parent: Vec<u32>,
    size: Vec<u32>,
    /// Parity to the parent: 1 when the point is on the other side of the loop from its parent.
    parity: Vec<u8>,
    /// Circular member lists of the classes (spliced on union).
    next: Vec<u32>,
    /// The two points each edge separates.
    pub edge_points: Vec<[u32; 2]>,
    /// The edges around each point, as ranges into `point_edge_list`.
    point_edge_range: Vec<(u32, u32)>,
    point_edge_list: Vec<u32>,
    /// The roots attached by each union, for undo.
    trail: Vec<u32>,
}

impl Colouring {
    /// Colouring for a `width` × `height` board with `edges` edges (flat `EdgeIndex` numbering).
    pub fn new(width: usize, height: usize, edges: usize) -> Colouring {
        let interior = width.saturating_sub(1) * height.saturating_sub(1);
        let out = interior as u32;
        let points = interior + 1;
        let point = |i: usize, j: usize| -> u32 {
            if i == 0 || j == 0 || i >= height || j >= width {
                out
            } else {
                ((i - 1) * (width - 1) + (j - 1)) as u32
            }
        };
        let mut edge_points = vec![[out, out]; edges];
        let h_count = height * width.saturating_sub(1);
        for r in 0..height {
            for c in 0..width.saturating_sub(1) {
                edge_points[r * (width - 1) + c] = [point(r, c + 1), point(r + 1, c + 1)];
            }
        }
        for r in 0..height.saturating_sub(1) {
            for c in 0..width {
                edge_points[h_count + r * width + c] = [point(r + 1, c), point(r + 1, c + 1)];
            }
        }
        let mut counts = vec![0u32; points];
        for [a, b] in &edge_points {
            counts[*a as usize] += 1;
            counts[*b as usize] += 1;
        }
        let mut point_edge_range = Vec::with_capacity(points);
        let mut start = 0u32;
        for &n in &counts {
            point_edge_range.push((start, start));
            start += n;
        }
        let mut point_edge_list = vec![0u32; start as usize];
        for (e, [a, b]) in edge_points.iter().enumerate() {
            for p in [a, b] {
                let range = &mut point_edge_range[*p as usize];
                point_edge_list[range.1 as usize] = e as u32;
                range.1 += 1;
            }
        }
        Colouring {
            parent: (0..points as u32).collect(),
            size: vec![1; points],
            parity: vec![0; points],
            next: (0..points as u32).collect(),
            edge_points,
            point_edge_range,
            point_edge_list,
            trail: Vec::with_capacity(points),
        }
    }

    fn find(&self, mut p: u32) -> (u32, u8) {
        let mut parity = 0;
        while self.parent[p as usize] != p {
            parity ^= self.parity[p as usize];
            p = self.parent[p as usize];
        }
        (p, parity)
    }

    /// How the two sides of edge `e` relate: `Some(true)` different (a line), `Some(false)` the
    /// same (a cross), `None` unknown.
    pub fn relation(&self, e: u32) -> Option<bool> {
        let [a, b] = self.edge_points[e as usize];
        let (ra, pa) = self.find(a);
        let (rb, pb) = self.find(b);
        (ra == rb).then_some(pa != pb)
    }

    /// Record that the sides of `e` differ (`line`) or not. Edges still unknown in `edges` (the
    /// engine's edge states) that may now be decided are pushed on `check`.
    pub fn union(
        &mut self,
        e: u32,
        line: bool,
        edges: &[u8],
        check: &mut Vec<u32>,
    ) -> Result<(), Contradiction> {
        let [a, b] = self.edge_points[e as usize];
        let (ra, pa) = self.find(a);
        let (rb, pb) = self.find(b);
        let diff = u8::from(line);
        if ra == rb {
            return if pa ^ pb == diff { Ok(()) } else { Err(Contradiction) };
        }
        let (small, large) =
            if self.size[ra as usize] < self.size[rb as usize] { (ra, rb) } else { (rb, ra) };
        self.parent[small as usize] = large;
        self.parity[small as usize] = pa ^ pb ^ diff;
        self.size[large as usize] += self.size[small as usize];
        self.next.swap(small as usize, large as usize);
        self.trail.push(small);
        // The smaller class's members now follow `large` in the merged cycle.
        let mut x = self.next[large as usize];
        for _ in 0..self.size[small as usize] {
            let (start, stop) = self.point_edge_range[x as usize];
            for &f in &self.point_edge_list[start as usize..stop as usize] {
                if edges[f as usize] == UNKNOWN {
                    check.push(f);
                }
            }
            x = self.next[x as usize];
        }
        Ok(())
    }

    pub fn trail_len(&self) -> usize {
        self.trail.len()
    }

    /// Undo every union after the first `len`.
    pub fn undo_to(&mut self, len: usize) {
        while self.trail.len() > len {
            let Some(small) = self.trail.pop() else { break };
            let large = self.parent[small as usize];
            self.size[large as usize] -= self.size[small as usize];
            self.parent[small as usize] = small;
            self.parity[small as usize] = 0;
            self.next.swap(small as usize, large as usize);
        }
    }
}
