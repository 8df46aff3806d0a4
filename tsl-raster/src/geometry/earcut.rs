//! Ear-clipping triangulation of a polygon with holes, as three.js r187 does it: its
//! `ShapeUtils.triangulateShape` over its copy of mapbox's earcut (v3). The same decisions in the
//! same order, so the triangles come out as three's do; the ring of vertices is an arena of
//! nodes linked by index (earcut's doubly linked list, and its z-order list for large polygons).

/// One vertex in a ring: earcut's node.
struct Node {
    /// The vertex's index in the input.
    i: usize,
    x: f64,
    y: f64,
    prev: usize,
    next: usize,
    /// The z-order (Morton) code, 0 until indexed.
    z: i32,
    prev_z: Option<usize>,
    next_z: Option<usize>,
    /// A hole of one vertex, which `filter_points` keeps.
    steiner: bool,
}

/// The nodes and the triangles cut so far.
struct Earcut {
    nodes: Vec<Node>,
    triangles: Vec<usize>,
    /// The z-order grid's origin and scale; `inv_size` 0 when the polygon is small enough to
    /// search without it (80 coordinates or fewer, as earcut).
    min_x: f64,
    min_y: f64,
    inv_size: f64,
}

/// The triangles of `data` (x, y pairs; the outline first, then each hole from its entry in
/// `hole_indices`), three vertex indices each, as earcut's `earcut(data, holeIndices)`.
pub(super) fn earcut(data: &[f64], hole_indices: &[usize]) -> Vec<usize> {
    let outer_len = hole_indices.first().map_or(data.len(), |&h| h * 2);
    let mut e = Earcut {
        nodes: Vec::with_capacity(data.len()),
        triangles: Vec::new(),
        min_x: 0.0,
        min_y: 0.0,
        inv_size: 0.0,
    };
    let Some(mut outer) = e.linked_list(data, 0, outer_len, true) else {
        return e.triangles;
    };
    if e.nodes[outer].next == e.nodes[outer].prev {
        return e.triangles;
    }
    if !hole_indices.is_empty() {
        outer = e.eliminate_holes(data, hole_indices, outer);
    }
    if data.len() > 80 * 2 {
        let (mut min_x, mut min_y) = (data[0], data[1]);
        let (mut max_x, mut max_y) = (min_x, min_y);
        for p in data[2..outer_len].chunks_exact(2) {
            min_x = if p[0] < min_x { p[0] } else { min_x };
            min_y = if p[1] < min_y { p[1] } else { min_y };
            max_x = if p[0] > max_x { p[0] } else { max_x };
            max_y = if p[1] > max_y { p[1] } else { max_y };
        }
        let size = (max_x - min_x).max(max_y - min_y);
        e.min_x = min_x;
        e.min_y = min_y;
        e.inv_size = if size != 0.0 { 32767.0 / size } else { 0.0 };
    }
    e.earcut_linked(Some(outer), 0);
    e.triangles
}

/// The signed area (twice, negated) of the ring `data[start..end]`, as earcut's `signedArea`.
fn signed_area(data: &[f64], start: usize, end: usize) -> f64 {
    let mut sum = 0.0;
    let mut j = end - 2;
    let mut i = start;
    while i < end {
        sum += (data[j] - data[i]) * (data[i + 1] + data[j + 1]);
        j = i;
        i += 2;
    }
    sum
}

/// Whether p lies in the triangle abc (edges included), as earcut's `pointInTriangle`.
#[allow(clippy::too_many_arguments)]
fn point_in_triangle(
    ax: f64,
    ay: f64,
    bx: f64,
    by: f64,
    cx: f64,
    cy: f64,
    px: f64,
    py: f64,
) -> bool {
    (cx - px) * (ay - py) >= (ax - px) * (cy - py)
        && (ax - px) * (by - py) >= (bx - px) * (ay - py)
        && (bx - px) * (cy - py) >= (cx - px) * (by - py)
}

/// The same, false when p is a.
#[allow(clippy::too_many_arguments)]
fn point_in_triangle_except_first(
    ax: f64,
    ay: f64,
    bx: f64,
    by: f64,
    cx: f64,
    cy: f64,
    px: f64,
    py: f64,
) -> bool {
    !(ax == px && ay == py) && point_in_triangle(ax, ay, bx, by, cx, cy, px, py)
}

/// JavaScript's truth of a number: not 0 and not NaN.
fn truthy(v: f64) -> bool {
    v != 0.0 && !v.is_nan()
}

/// earcut's `sign`: 1, −1 or 0.
fn sign(n: f64) -> i32 {
    if n > 0.0 {
        1
    } else if n < 0.0 {
        -1
    } else {
        0
    }
}

/// The Morton code of a point on the 32767-wide grid (earcut's `zOrder`).
fn z_order(x: f64, y: f64, min_x: f64, min_y: f64, inv_size: f64) -> i32 {
    let spread = |v: i32| {
        let v = (v | (v << 8)) & 0x00FF00FF;
        let v = (v | (v << 4)) & 0x0F0F0F0F;
        let v = (v | (v << 2)) & 0x33333333;
        (v | (v << 1)) & 0x55555555
    };
    let x = ((x - min_x) * inv_size) as i32;
    let y = ((y - min_y) * inv_size) as i32;
    spread(x) | (spread(y) << 1)
}

impl Earcut {
    fn xy(&self, n: usize) -> (f64, f64) {
        (self.nodes[n].x, self.nodes[n].y)
    }

    fn next(&self, n: usize) -> usize {
        self.nodes[n].next
    }

    fn prev(&self, n: usize) -> usize {
        self.nodes[n].prev
    }

    /// Twice the signed area of the triangle pqr (earcut's `area`).
    fn area(&self, p: usize, q: usize, r: usize) -> f64 {
        let (p, q, r) = (&self.nodes[p], &self.nodes[q], &self.nodes[r]);
        (q.y - p.y) * (r.x - q.x) - (q.x - p.x) * (r.y - q.y)
    }

    fn equals(&self, a: usize, b: usize) -> bool {
        self.xy(a) == self.xy(b)
    }

    fn create_node(&mut self, i: usize, x: f64, y: f64) -> usize {
        let n = self.nodes.len();
        self.nodes.push(Node {
            i,
            x,
            y,
            prev: n,
            next: n,
            z: 0,
            prev_z: None,
            next_z: None,
            steiner: false,
        });
        n
    }

    fn insert_node(&mut self, i: usize, x: f64, y: f64, last: Option<usize>) -> usize {
        let p = self.create_node(i, x, y);
        if let Some(last) = last {
            let after = self.next(last);
            self.nodes[p].next = after;
            self.nodes[p].prev = last;
            self.nodes[after].prev = p;
            self.nodes[last].next = p;
        }
        p
    }

    fn remove_node(&mut self, p: usize) {
        let (prev, next) = (self.prev(p), self.next(p));
        self.nodes[next].prev = prev;
        self.nodes[prev].next = next;
        let (prev_z, next_z) = (self.nodes[p].prev_z, self.nodes[p].next_z);
        if let Some(pz) = prev_z {
            self.nodes[pz].next_z = next_z;
        }
        if let Some(nz) = next_z {
            self.nodes[nz].prev_z = prev_z;
        }
    }

    /// A ring of `data[start..end]` turning the way `clockwise` asks (earcut's `linkedList`).
    fn linked_list(
        &mut self,
        data: &[f64],
        start: usize,
        end: usize,
        clockwise: bool,
    ) -> Option<usize> {
        let mut last = None;
        if start >= end {
            return None;
        }
        if clockwise == (signed_area(data, start, end) > 0.0) {
            for i in (start..end).step_by(2) {
                last = Some(self.insert_node(i / 2, data[i], data[i + 1], last));
            }
        } else {
            for i in (start..end).step_by(2).rev() {
                last = Some(self.insert_node(i / 2, data[i], data[i + 1], last));
            }
        }
        if let Some(l) = last {
            if self.equals(l, self.next(l)) {
                self.remove_node(l);
                last = Some(self.next(l));
            }
        }
        last
    }

    /// Drops repeated and collinear points from `start` round to `end` (earcut's
    /// `filterPoints`).
    fn filter_points(&mut self, start: Option<usize>, end: Option<usize>) -> Option<usize> {
        let start = start?;
        let mut end = end.unwrap_or(start);
        let mut p = start;
        loop {
            let mut again = false;
            let (prev, next) = (self.prev(p), self.next(p));
            if !self.nodes[p].steiner && (self.equals(p, next) || self.area(prev, p, next) == 0.0) {
                self.remove_node(p);
                p = prev;
                end = prev;
                if p == self.next(p) {
                    break;
                }
                again = true;
            } else {
                p = next;
            }
            if !(again || p != end) {
                break;
            }
        }
        Some(end)
    }

    /// Cuts ears off the ring at `ear` (earcut's `earcutLinked`), falling back through its
    /// passes: filter the points, cure local self-intersections, split the polygon.
    fn earcut_linked(&mut self, ear: Option<usize>, pass: u8) {
        let Some(mut ear) = ear else { return };
        if pass == 0 && self.inv_size != 0.0 {
            self.index_curve(ear);
        }
        let mut stop = ear;
        while self.prev(ear) != self.next(ear) {
            let (prev, next) = (self.prev(ear), self.next(ear));
            let is_ear = if self.inv_size != 0.0 {
                self.is_ear_hashed(ear)
            } else {
                self.is_ear(ear)
            };
            if is_ear {
                self.triangles
                    .extend([self.nodes[prev].i, self.nodes[ear].i, self.nodes[next].i]);
                self.remove_node(ear);
                ear = self.next(next);
                stop = ear;
                continue;
            }
            ear = next;
            if ear == stop {
                match pass {
                    0 => {
                        let filtered = self.filter_points(Some(ear), None);
                        self.earcut_linked(filtered, 1);
                    }
                    1 => {
                        let filtered = self.filter_points(Some(ear), None);
                        let cured = filtered.map(|f| self.cure_local_intersections(f));
                        self.earcut_linked(cured.flatten(), 2);
                    }
                    _ => self.split_earcut(ear),
                }
                break;
            }
        }
    }

    /// The corners of the ear at `ear`, its bounding box, and whether it turns the right way.
    fn ear_box(&self, ear: usize) -> Option<([f64; 6], [f64; 4])> {
        let (a, c) = (self.prev(ear), self.next(ear));
        if self.area(a, ear, c) >= 0.0 {
            return None;
        }
        let ((ax, ay), (bx, by), (cx, cy)) = (self.xy(a), self.xy(ear), self.xy(c));
        let bounds = [
            ax.min(bx).min(cx),
            ay.min(by).min(cy),
            ax.max(bx).max(cx),
            ay.max(by).max(cy),
        ];
        Some(([ax, ay, bx, by, cx, cy], bounds))
    }

    /// Whether node `p` lies in the ear and is a reflex corner (so the ear cannot be cut).
    fn blocks(&self, p: usize, corners: &[f64; 6], bounds: &[f64; 4]) -> bool {
        let (px, py) = self.xy(p);
        let [ax, ay, bx, by, cx, cy] = *corners;
        px >= bounds[0]
            && px <= bounds[2]
            && py >= bounds[1]
            && py <= bounds[3]
            && point_in_triangle_except_first(ax, ay, bx, by, cx, cy, px, py)
            && self.area(self.prev(p), p, self.next(p)) >= 0.0
    }

    fn is_ear(&self, ear: usize) -> bool {
        let Some((corners, bounds)) = self.ear_box(ear) else {
            return false;
        };
        let a = self.prev(ear);
        let mut p = self.next(self.next(ear));
        while p != a {
            if self.blocks(p, &corners, &bounds) {
                return false;
            }
            p = self.next(p);
        }
        true
    }

    fn is_ear_hashed(&self, ear: usize) -> bool {
        let Some((corners, bounds)) = self.ear_box(ear) else {
            return false;
        };
        let (a, c) = (self.prev(ear), self.next(ear));
        let (min_z, max_z) = (
            z_order(bounds[0], bounds[1], self.min_x, self.min_y, self.inv_size),
            z_order(bounds[2], bounds[3], self.min_x, self.min_y, self.inv_size),
        );
        let blocks = |n: usize| n != a && n != c && self.blocks(n, &corners, &bounds);
        let (mut p, mut n) = (self.nodes[ear].prev_z, self.nodes[ear].next_z);
        while let (Some(pp), Some(nn)) = (p, n) {
            if !(self.nodes[pp].z >= min_z && self.nodes[nn].z <= max_z) {
                break;
            }
            if blocks(pp) {
                return false;
            }
            p = self.nodes[pp].prev_z;
            if blocks(nn) {
                return false;
            }
            n = self.nodes[nn].next_z;
        }
        while let Some(pp) = p.filter(|&pp| self.nodes[pp].z >= min_z) {
            if blocks(pp) {
                return false;
            }
            p = self.nodes[pp].prev_z;
        }
        while let Some(nn) = n.filter(|&nn| self.nodes[nn].z <= max_z) {
            if blocks(nn) {
                return false;
            }
            n = self.nodes[nn].next_z;
        }
        true
    }

    /// Cuts a triangle where two edges a–p and p.next–b cross (earcut's
    /// `cureLocalIntersections`).
    fn cure_local_intersections(&mut self, start: usize) -> Option<usize> {
        let mut start = start;
        let mut p = start;
        loop {
            let a = self.prev(p);
            let b = self.next(self.next(p));
            if !self.equals(a, b)
                && self.intersects(a, p, self.next(p), b)
                && self.locally_inside(a, b)
                && self.locally_inside(b, a)
            {
                self.triangles
                    .extend([self.nodes[a].i, self.nodes[p].i, self.nodes[b].i]);
                self.remove_node(p);
                let pn = self.next(p);
                self.remove_node(pn);
                p = b;
                start = b;
            }
            p = self.next(p);
            if p == start {
                break;
            }
        }
        self.filter_points(Some(p), None)
    }

    /// Splits the polygon along a valid diagonal and cuts each half (earcut's `splitEarcut`).
    fn split_earcut(&mut self, start: usize) {
        let mut a = start;
        loop {
            let mut b = self.next(self.next(a));
            while b != self.prev(a) {
                if self.nodes[a].i != self.nodes[b].i && self.is_valid_diagonal(a, b) {
                    let c = self.split_polygon(a, b);
                    let a2 = self.filter_points(Some(a), Some(self.next(a)));
                    let c2 = self.filter_points(Some(c), Some(self.next(c)));
                    self.earcut_linked(a2, 0);
                    self.earcut_linked(c2, 0);
                    return;
                }
                b = self.next(b);
            }
            a = self.next(a);
            if a == start {
                break;
            }
        }
    }

    /// Links each hole into the outline through a bridge, leftmost hole first (earcut's
    /// `eliminateHoles`).
    fn eliminate_holes(&mut self, data: &[f64], hole_indices: &[usize], outer: usize) -> usize {
        let mut queue = Vec::with_capacity(hole_indices.len());
        for (h, &index) in hole_indices.iter().enumerate() {
            let start = index * 2;
            let end = hole_indices.get(h + 1).map_or(data.len(), |&next| next * 2);
            let Some(list) = self.linked_list(data, start, end, false) else {
                continue;
            };
            if list == self.next(list) {
                self.nodes[list].steiner = true;
            }
            queue.push(self.leftmost(list));
        }
        queue.sort_by(|&a, &b| {
            self.compare_xy_slope(a, b)
                .partial_cmp(&0.0)
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        let mut outer = outer;
        for hole in queue {
            outer = self.eliminate_hole(hole, outer);
        }
        outer
    }

    fn compare_xy_slope(&self, a: usize, b: usize) -> f64 {
        let ((ax, ay), (bx, by)) = (self.xy(a), self.xy(b));
        let mut result = ax - bx;
        if result == 0.0 {
            result = ay - by;
            if result == 0.0 {
                let ((anx, any), (bnx, bny)) = (self.xy(self.next(a)), self.xy(self.next(b)));
                let a_slope = (any - ay) / (anx - ax);
                let b_slope = (bny - by) / (bnx - bx);
                result = a_slope - b_slope;
            }
        }
        result
    }

    fn eliminate_hole(&mut self, hole: usize, outer: usize) -> usize {
        let Some(bridge) = self.find_hole_bridge(hole, outer) else {
            return outer;
        };
        let reverse = self.split_polygon(bridge, hole);
        self.filter_points(Some(reverse), Some(self.next(reverse)));
        self.filter_points(Some(bridge), Some(self.next(bridge)))
            .unwrap_or(bridge)
    }

    /// The outline's vertex that the hole's leftmost vertex can see (earcut's
    /// `findHoleBridge`).
    fn find_hole_bridge(&self, hole: usize, outer: usize) -> Option<usize> {
        let mut p = outer;
        let (hx, hy) = self.xy(hole);
        let mut qx = f64::NEG_INFINITY;
        let mut m = None;
        if self.equals(hole, p) {
            return Some(p);
        }
        loop {
            let next = self.next(p);
            let ((px, py), (nx, ny)) = (self.xy(p), self.xy(next));
            if self.equals(hole, next) {
                return Some(next);
            } else if hy <= py && hy >= ny && ny != py {
                let x = px + (hy - py) * (nx - px) / (ny - py);
                if x <= hx && x > qx {
                    qx = x;
                    let candidate = if px < nx { p } else { next };
                    m = Some(candidate);
                    if x == hx {
                        return m;
                    }
                }
            }
            p = next;
            if p == outer {
                break;
            }
        }
        let mut m = m?;
        let stop = m;
        let (mx, my) = self.xy(m);
        let mut tan_min = f64::INFINITY;
        p = m;
        loop {
            let (px, py) = self.xy(p);
            let (ax, cx) = if hy < my { (hx, qx) } else { (qx, hx) };
            if hx >= px && px >= mx && hx != px && point_in_triangle(ax, hy, mx, my, cx, hy, px, py)
            {
                let tan = (hy - py).abs() / (hx - px);
                let m_x = self.nodes[m].x;
                if self.locally_inside(p, hole)
                    && (tan < tan_min
                        || (tan == tan_min
                            && (px > m_x || (px == m_x && self.sector_contains_sector(m, p)))))
                {
                    m = p;
                    tan_min = tan;
                }
            }
            p = self.next(p);
            if p == stop {
                break;
            }
        }
        Some(m)
    }

    fn sector_contains_sector(&self, m: usize, p: usize) -> bool {
        self.area(self.prev(m), m, self.prev(p)) < 0.0
            && self.area(self.next(p), m, self.next(m)) < 0.0
    }

    /// Gives each node its z-order code and sorts the z list (earcut's `indexCurve`).
    fn index_curve(&mut self, start: usize) {
        let mut p = start;
        loop {
            if self.nodes[p].z == 0 {
                let (x, y) = self.xy(p);
                self.nodes[p].z = z_order(x, y, self.min_x, self.min_y, self.inv_size);
            }
            self.nodes[p].prev_z = Some(self.prev(p));
            self.nodes[p].next_z = Some(self.next(p));
            p = self.next(p);
            if p == start {
                break;
            }
        }
        if let Some(pz) = self.nodes[p].prev_z {
            self.nodes[pz].next_z = None;
        }
        self.nodes[p].prev_z = None;
        self.sort_linked(p);
    }

    /// Merge sort of the z list by z (earcut's `sortLinked`, Simon Tatham's).
    fn sort_linked(&mut self, list: usize) {
        let next_z = |e: &Earcut, n: Option<usize>| n.and_then(|n| e.nodes[n].next_z);
        let mut list = Some(list);
        let mut in_size = 1;
        loop {
            let mut p = list;
            list = None;
            let mut tail: Option<usize> = None;
            let mut merges = 0;
            while p.is_some() {
                merges += 1;
                let mut q = p;
                let mut p_size = 0;
                for _ in 0..in_size {
                    p_size += 1;
                    q = next_z(self, q);
                    if q.is_none() {
                        break;
                    }
                }
                let mut q_size = in_size;
                while p_size > 0 || (q_size > 0 && q.is_some()) {
                    let take_p = p_size != 0
                        && match (p, q) {
                            (Some(a), Some(b)) => q_size == 0 || self.nodes[a].z <= self.nodes[b].z,
                            _ => true,
                        };
                    let e = if take_p {
                        let e = p;
                        p = next_z(self, p);
                        p_size -= 1;
                        e
                    } else {
                        let e = q;
                        q = next_z(self, q);
                        q_size -= 1;
                        e
                    };
                    // p counts only nodes that exist, and q is taken only while it exists.
                    let Some(e) = e else { break };
                    match tail {
                        Some(t) => self.nodes[t].next_z = Some(e),
                        None => list = Some(e),
                    }
                    self.nodes[e].prev_z = tail;
                    tail = Some(e);
                }
                p = q;
            }
            if let Some(t) = tail {
                self.nodes[t].next_z = None;
            }
            in_size *= 2;
            if merges <= 1 {
                break;
            }
        }
    }

    fn leftmost(&self, start: usize) -> usize {
        let (mut p, mut leftmost) = (start, start);
        loop {
            let ((px, py), (lx, ly)) = (self.xy(p), self.xy(leftmost));
            if px < lx || (px == lx && py < ly) {
                leftmost = p;
            }
            p = self.next(p);
            if p == start {
                break;
            }
        }
        leftmost
    }

    fn is_valid_diagonal(&self, a: usize, b: usize) -> bool {
        let (an, ap, bp, bn) = (self.next(a), self.prev(a), self.prev(b), self.next(b));
        let bi = self.nodes[b].i;
        self.nodes[an].i != bi
            && self.nodes[ap].i != bi
            && !self.intersects_polygon(a, b)
            && ((self.locally_inside(a, b)
                && self.locally_inside(b, a)
                && self.middle_inside(a, b)
                && (truthy(self.area(ap, a, bp)) || truthy(self.area(a, bp, b))))
                || (self.equals(a, b) && self.area(ap, a, an) > 0.0 && self.area(bp, b, bn) > 0.0))
    }

    fn intersects(&self, p1: usize, q1: usize, p2: usize, q2: usize) -> bool {
        let o1 = sign(self.area(p1, q1, p2));
        let o2 = sign(self.area(p1, q1, q2));
        let o3 = sign(self.area(p2, q2, p1));
        let o4 = sign(self.area(p2, q2, q1));
        (o1 != o2 && o3 != o4)
            || (o1 == 0 && self.on_segment(p1, p2, q1))
            || (o2 == 0 && self.on_segment(p1, q2, q1))
            || (o3 == 0 && self.on_segment(p2, p1, q2))
            || (o4 == 0 && self.on_segment(p2, q1, q2))
    }

    fn on_segment(&self, p: usize, q: usize, r: usize) -> bool {
        let ((px, py), (qx, qy), (rx, ry)) = (self.xy(p), self.xy(q), self.xy(r));
        qx <= px.max(rx) && qx >= px.min(rx) && qy <= py.max(ry) && qy >= py.min(ry)
    }

    fn intersects_polygon(&self, a: usize, b: usize) -> bool {
        let (ai, bi) = (self.nodes[a].i, self.nodes[b].i);
        let mut p = a;
        loop {
            let next = self.next(p);
            let (pi, ni) = (self.nodes[p].i, self.nodes[next].i);
            if pi != ai && ni != ai && pi != bi && ni != bi && self.intersects(p, next, a, b) {
                return true;
            }
            p = next;
            if p == a {
                return false;
            }
        }
    }

    fn locally_inside(&self, a: usize, b: usize) -> bool {
        let (ap, an) = (self.prev(a), self.next(a));
        if self.area(ap, a, an) < 0.0 {
            self.area(a, b, an) >= 0.0 && self.area(a, ap, b) >= 0.0
        } else {
            self.area(a, b, ap) < 0.0 || self.area(a, an, b) < 0.0
        }
    }

    fn middle_inside(&self, a: usize, b: usize) -> bool {
        let ((ax, ay), (bx, by)) = (self.xy(a), self.xy(b));
        let (px, py) = ((ax + bx) / 2.0, (ay + by) / 2.0);
        let mut p = a;
        let mut inside = false;
        loop {
            let next = self.next(p);
            let ((x, y), (nx, ny)) = (self.xy(p), self.xy(next));
            if ((y > py) != (ny > py)) && ny != y && (px < (nx - x) * (py - y) / (ny - y) + x) {
                inside = !inside;
            }
            p = next;
            if p == a {
                return inside;
            }
        }
    }

    /// Joins a and b by two new nodes, splitting the ring in two (earcut's `splitPolygon`);
    /// returns the copy of b.
    fn split_polygon(&mut self, a: usize, b: usize) -> usize {
        let (ai, ax, ay) = (self.nodes[a].i, self.nodes[a].x, self.nodes[a].y);
        let (bi, bx, by) = (self.nodes[b].i, self.nodes[b].x, self.nodes[b].y);
        let a2 = self.create_node(ai, ax, ay);
        let b2 = self.create_node(bi, bx, by);
        let (an, bp) = (self.next(a), self.prev(b));
        self.nodes[a].next = b;
        self.nodes[b].prev = a;
        self.nodes[a2].next = an;
        self.nodes[an].prev = a2;
        self.nodes[b2].next = a2;
        self.nodes[a2].prev = b2;
        self.nodes[bp].next = b2;
        self.nodes[b2].prev = bp;
        b2
    }
}
