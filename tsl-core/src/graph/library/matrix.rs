//! `transpose`, `determinant` and `inverse` of a mat3 or mat4 (GLSL's built-ins, which TSL
//! calls), as arithmetic on the matrix's elements: the graph's matrices are columns
//! ([`NodeGraph::column`], [`NodeGraph::matrix`]), and an element is a component of a column.

use super::{Expect, NodeRef};
use crate::graph::NodeGraph;

/// A matrix read as its elements: `e[column][row]`, `size` of each.
struct Elements {
    e: [[NodeRef; 4]; 4],
    size: usize,
}

impl NodeGraph {
    /// The elements of a checked matrix, or the refused ref to return.
    fn elements(&self, function: &str, m: NodeRef) -> Result<Elements, NodeRef> {
        let ty = self.library_args(function, &[("m", m, Expect::Matrix)])?[0];
        // Invariant: `Expect::Matrix` accepted it, so it has a size.
        let size = ty.matrix_size().unwrap_or(3);
        let mut e = [[m; 4]; 4];
        for (c, column) in e.iter_mut().enumerate().take(size) {
            let col = self.column(m, c);
            for (r, element) in column.iter_mut().enumerate().take(size) {
                *element = self.swizzle(col, ["x", "y", "z", "w"][r]);
            }
        }
        Ok(Elements { e, size })
    }

    /// A matrix from elements `e[column][row]`.
    fn matrix_of_elements(&self, e: &[[NodeRef; 4]; 4], size: usize) -> NodeRef {
        let columns: Vec<NodeRef> = e[..size].iter().map(|c| self.join(&c[..size])).collect();
        self.matrix(&columns)
    }

    /// `a * b - c * d`, the 2×2 minor every formula below is made of.
    fn minor(&self, a: NodeRef, b: NodeRef, c: NodeRef, d: NodeRef) -> NodeRef {
        self.sub(self.mul(a, b), self.mul(c, d))
    }

    /// TSL's `transpose(m)` of a mat3 or mat4: rows become columns.
    pub fn transpose(&self, m: NodeRef) -> NodeRef {
        let Elements { e, size } = match self.elements("transpose", m) {
            Ok(x) => x,
            Err(refused) => return refused,
        };
        let mut t = e;
        for (c, column) in t.iter_mut().enumerate().take(size) {
            for (r, element) in column.iter_mut().enumerate().take(size) {
                *element = e[r][c];
            }
        }
        self.matrix_of_elements(&t, size)
    }

    /// TSL's `determinant(m)` of a mat3 or mat4, a float: the cofactor expansion along the first
    /// column (mat3) or over the 2×2 minors of the first two and last two columns (mat4).
    pub fn determinant(&self, m: NodeRef) -> NodeRef {
        match self.elements("determinant", m) {
            Ok(el) if el.size == 3 => self.inverse3(&el.e).1,
            Ok(el) => self.inverse4(&el.e).1,
            Err(refused) => refused,
        }
    }

    /// TSL's `inverse(m)` of a mat3 or mat4: the adjugate over the determinant. A singular
    /// matrix gives infinities or NaN, as GLSL leaves it undefined.
    pub fn inverse(&self, m: NodeRef) -> NodeRef {
        match self.elements("inverse", m) {
            Ok(el) => {
                let (adjugate, det) = if el.size == 3 {
                    self.inverse3(&el.e)
                } else {
                    self.inverse4(&el.e)
                };
                let scale = self.div(self.float(1.0), det);
                let mut out = adjugate;
                for column in out.iter_mut().take(el.size) {
                    for element in column.iter_mut().take(el.size) {
                        *element = self.mul(*element, scale);
                    }
                }
                self.matrix_of_elements(&out, el.size)
            }
            Err(refused) => refused,
        }
    }

    /// The adjugate (`[column][row]`) and determinant of a mat3.
    fn inverse3(&self, a: &[[NodeRef; 4]; 4]) -> ([[NodeRef; 4]; 4], NodeRef) {
        let mut out = *a;
        // Cofactors of the first row of the adjugate, reused by the determinant.
        let b01 = self.minor(a[2][2], a[1][1], a[1][2], a[2][1]);
        let b11 = self.minor(a[1][2], a[2][0], a[2][2], a[1][0]);
        let b21 = self.minor(a[2][1], a[1][0], a[1][1], a[2][0]);
        let det = self.add(
            self.add(self.mul(a[0][0], b01), self.mul(a[0][1], b11)),
            self.mul(a[0][2], b21),
        );
        out[0][0] = b01;
        out[0][1] = self.minor(a[0][2], a[2][1], a[2][2], a[0][1]);
        out[0][2] = self.minor(a[1][2], a[0][1], a[0][2], a[1][1]);
        out[1][0] = b11;
        out[1][1] = self.minor(a[2][2], a[0][0], a[0][2], a[2][0]);
        out[1][2] = self.minor(a[0][2], a[1][0], a[1][2], a[0][0]);
        out[2][0] = b21;
        out[2][1] = self.minor(a[0][1], a[2][0], a[2][1], a[0][0]);
        out[2][2] = self.minor(a[1][1], a[0][0], a[0][1], a[1][0]);
        (out, det)
    }

    /// The adjugate (`[column][row]`) and determinant of a mat4, from the twelve 2×2 minors of
    /// columns 0–1 (`b[0..6]`) and 2–3 (`b[6..12]`).
    fn inverse4(&self, a: &[[NodeRef; 4]; 4]) -> ([[NodeRef; 4]; 4], NodeRef) {
        // The row pairs of a 2×2 minor, in the order b00..b05 (and b06..b11) use them.
        const PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
        let mut b = [a[0][0]; 12];
        for (k, &(i, j)) in PAIRS.iter().enumerate() {
            b[k] = self.minor(a[0][i], a[1][j], a[0][j], a[1][i]);
            b[k + 6] = self.minor(a[2][i], a[3][j], a[2][j], a[3][i]);
        }
        // det = b00 b11 - b01 b10 + b02 b09 + b03 b08 - b04 b07 + b05 b06
        let terms = [
            (0, 11, false),
            (1, 10, true),
            (2, 9, false),
            (3, 8, false),
            (4, 7, true),
            (5, 6, false),
        ];
        let mut det = self.mul(b[0], b[11]);
        for &(i, j, minus) in &terms[1..] {
            let t = self.mul(b[i], b[j]);
            det = if minus {
                self.sub(det, t)
            } else {
                self.add(det, t)
            };
        }
        // Each adjugate element is `±x·bi ∓ y·bj ± z·bk`: (column, row) of x, y, z, the minors,
        // and whether the first term is negative (the signs then alternate).
        type Term = (
            (usize, usize),
            (usize, usize),
            (usize, usize),
            [usize; 3],
            bool,
        );
        const ADJ: [Term; 16] = [
            ((1, 1), (1, 2), (1, 3), [11, 10, 9], false),
            ((0, 1), (0, 2), (0, 3), [11, 10, 9], true),
            ((3, 1), (3, 2), (3, 3), [5, 4, 3], false),
            ((2, 1), (2, 2), (2, 3), [5, 4, 3], true),
            ((1, 0), (1, 2), (1, 3), [11, 8, 7], true),
            ((0, 0), (0, 2), (0, 3), [11, 8, 7], false),
            ((3, 0), (3, 2), (3, 3), [5, 2, 1], true),
            ((2, 0), (2, 2), (2, 3), [5, 2, 1], false),
            ((1, 0), (1, 1), (1, 3), [10, 8, 6], false),
            ((0, 0), (0, 1), (0, 3), [10, 8, 6], true),
            ((3, 0), (3, 1), (3, 3), [4, 2, 0], false),
            ((2, 0), (2, 1), (2, 3), [4, 2, 0], true),
            ((1, 0), (1, 1), (1, 2), [9, 7, 6], true),
            ((0, 0), (0, 1), (0, 2), [9, 7, 6], false),
            ((3, 0), (3, 1), (3, 2), [3, 1, 0], true),
            ((2, 0), (2, 1), (2, 2), [3, 1, 0], false),
        ];
        let mut out = *a;
        for (k, &(x, y, z, [bi, bj, bk], negative)) in ADJ.iter().enumerate() {
            let tx = self.mul(a[x.0][x.1], b[bi]);
            let ty = self.mul(a[y.0][y.1], b[bj]);
            let tz = self.mul(a[z.0][z.1], b[bk]);
            out[k / 4][k % 4] = if negative {
                self.sub(self.sub(ty, tx), tz)
            } else {
                self.add(self.sub(tx, ty), tz)
            };
        }
        (out, det)
    }
}

impl NodeGraph {
    /// Check a normal-and-matrix pair: a vec3 and a mat4.
    fn normal_and_matrix(&self, function: &str, normal: NodeRef, matrix: NodeRef) -> bool {
        let args = [
            ("normal", normal, Expect::Is(crate::types::ValueType::Vec3)),
            (
                "viewMatrix",
                matrix,
                Expect::Is(crate::types::ValueType::Mat4),
            ),
        ];
        self.library_args(function, &args).is_ok()
    }

    /// TSL's `transformNormalByViewMatrix(normal, viewMatrix)`:
    /// `normalize((viewMatrix · vec4(normal, 0)).xyz)`, a world normal in view space.
    pub fn transform_normal_by_view_matrix(
        &self,
        normal: NodeRef,
        view_matrix: NodeRef,
    ) -> NodeRef {
        if !self.normal_and_matrix("transform_normal_by_view_matrix", normal, view_matrix) {
            return self.refused();
        }
        let direction = self.join(&[normal, self.float(0.0)]);
        self.normalize(self.swizzle(self.mul(view_matrix, direction), "xyz"))
    }

    /// TSL's `transformNormalByInverseViewMatrix(normal, viewMatrix)`:
    /// `normalize((vec4(normal, 0) · viewMatrix).xyz)` (the row vector times the matrix, which
    /// is the inverse's product for a rotation), a view normal in world space.
    pub fn transform_normal_by_inverse_view_matrix(
        &self,
        normal: NodeRef,
        view_matrix: NodeRef,
    ) -> NodeRef {
        let name = "transform_normal_by_inverse_view_matrix";
        if !self.normal_and_matrix(name, normal, view_matrix) {
            return self.refused();
        }
        let direction = self.join(&[normal, self.float(0.0)]);
        self.normalize(self.swizzle(self.mul(direction, view_matrix), "xyz"))
    }
}
