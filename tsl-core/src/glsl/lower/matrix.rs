//! Matrices in the lowering. A matrix of the shader is its columns, one vector value each (the
//! graph holds no mat2 and no matrix variable), so that locals, assignments, masks, calls and
//! structs carry it as they carry a struct's fields. Each operation is GLSL's definition
//! written on the columns, in the order Mesa's lowering computes it (R-GLSL-20,
//! docs/requirements.md): a matrix times a vector is the sum of the columns times the vector's
//! components from the first, a vector times a matrix is its dot product with each column, a
//! product of matrices is the first times each column of the second; `determinant` and
//! `inverse` are cofactor expansions along the first column.

use super::*;

impl ShaderLowering<'_, '_> {
    /// A matrix value of these columns.
    pub(super) fn matrix(ty: Ty, columns: Vec<Val>) -> Val {
        Val {
            ty,
            parts: columns,
            ..Val::void()
        }
    }

    /// A matrix the graph holds as one node (a uniform; the camera's view matrix) as its
    /// columns: a mat2 uniform is a vec4 of its two columns (R-GLSL-20).
    pub(super) fn split_matrix(&mut self, m: &Val) -> Result<Val, Diag> {
        let n = m.ty.matrix_size().unwrap_or(4);
        let node = self.n(m)?;
        let mut columns = Vec::with_capacity(n);
        for i in 0..n {
            let c = if m.ty == Ty::Mat2 {
                let comps = [2 * i as u8, 2 * i as u8 + 1];
                self.swizzle_val(&Val::of(Ty::Vec4, node, m.reads), &comps)?
            } else {
                let c = self.node("column", Op::Column(i as u8), &[node])?;
                Val::of(Ty::vec(n), c, m.reads)
            };
            columns.push(c);
        }
        Ok(Self::matrix(m.ty, columns))
    }

    /// The columns of a matrix value.
    pub(super) fn columns(&mut self, m: &Val) -> Result<Vec<Val>, Diag> {
        Ok(self.with_columns(m)?.parts)
    }

    /// Element `row` of each column: `e[c][r]` is `m[c][r]`.
    fn elements(&mut self, m: &Val) -> Result<Vec<Vec<Val>>, Diag> {
        let columns = self.columns(m)?;
        let n = columns.len();
        columns
            .iter()
            .map(|c| (0..n).map(|r| self.swizzle_val(c, &[r as u8])).collect())
            .collect()
    }

    /// A matrix of its elements, `e[c][r]`.
    fn of_elements(&mut self, ty: Ty, e: &[Vec<Val>]) -> Result<Val, Diag> {
        let n = e.len();
        let mut columns = Vec::with_capacity(n);
        for c in e {
            columns.push(self.construct(Ty::vec(n), c)?);
        }
        Ok(Self::matrix(ty, columns))
    }

    fn scalar(&mut self, op: BinOp, a: &Val, b: &Val) -> Result<Val, Diag> {
        self.binary(op, a, b, Ty::Float)
    }

    /// `m * v`: the columns times v's components, summed from the first.
    fn times_vector(&mut self, columns: &[Val], v: &Val) -> Result<Val, Diag> {
        let ty = Ty::vec(columns.len());
        let mut sum: Option<Val> = None;
        for (i, c) in columns.iter().enumerate() {
            let vi = self.swizzle_val(v, &[i as u8])?;
            let term = self.binary(BinOp::Mul, c, &vi, ty)?;
            sum = Some(match sum {
                None => term,
                Some(s) => self.binary(BinOp::Add, &s, &term, ty)?,
            });
        }
        // Invariant: a matrix has 2 to 4 columns.
        Ok(sum.expect("a matrix has columns"))
    }

    /// A binary operator with a matrix on either side (but for three.js's matrix forms).
    pub(super) fn matrix_binary(
        &mut self,
        op: BinOp,
        a: &Val,
        b: &Val,
        ty: Ty,
    ) -> Result<Val, Diag> {
        match op {
            BinOp::Eq | BinOp::Ne => {
                let (ca, cb) = (self.columns(a)?, self.columns(b)?);
                let mut all = Val::konst(Ty::Bool, [1.0, 0.0, 0.0, 0.0]);
                for (x, y) in ca.iter().zip(&cb) {
                    let same = self.binary(BinOp::Eq, x, y, Ty::Bool)?;
                    all = self.and(&all, &same)?;
                }
                if op == BinOp::Ne {
                    return self.not(&all);
                }
                Ok(all)
            }
            BinOp::Mul if a.ty.is_matrix() && b.ty.is_vector() => {
                let ca = self.columns(a)?;
                self.times_vector(&ca, b)
            }
            BinOp::Mul if a.ty.is_vector() && b.ty.is_matrix() => {
                // Component j is the vector's dot product with column j.
                let cb = self.columns(b)?;
                let mut comps = Vec::with_capacity(cb.len());
                for c in &cb {
                    let (na, nc) = (self.n(a)?, self.n(c)?);
                    let d = self.math(Opcode::Dot, &[na, nc])?;
                    comps.push(Val::of(Ty::Float, d, a.reads | c.reads));
                }
                self.construct(ty, &comps)
            }
            BinOp::Mul if a.ty.is_matrix() && b.ty.is_matrix() => {
                let (ca, cb) = (self.columns(a)?, self.columns(b)?);
                let mut columns = Vec::with_capacity(cb.len());
                for c in &cb {
                    columns.push(self.times_vector(&ca, c)?);
                }
                Ok(Self::matrix(ty, columns))
            }
            // Component by component: with a float, or with a matrix of the same size.
            _ => {
                let col = Ty::vec(ty.matrix_size().unwrap_or(4));
                let side = |s: &mut Self, v: &Val| -> Result<Vec<Option<Val>>, Diag> {
                    Ok(if v.ty.is_matrix() {
                        s.columns(v)?.into_iter().map(Some).collect()
                    } else {
                        vec![None; 4]
                    })
                };
                let (ca, cb) = (side(self, a)?, side(self, b)?);
                let n = ty.matrix_size().unwrap_or(4);
                let mut columns = Vec::with_capacity(n);
                for i in 0..n {
                    let x = ca[i].clone().unwrap_or_else(|| a.clone());
                    let y = cb[i].clone().unwrap_or_else(|| b.clone());
                    columns.push(self.binary(op, &x, &y, col)?);
                }
                Ok(Self::matrix(ty, columns))
            }
        }
    }

    /// `-v` of a scalar or a vector.
    pub(super) fn negate(&mut self, v: &Val) -> Result<Val, Diag> {
        self.unary_math(UnOp::Neg, Opcode::Negate, v)
    }

    /// `-m`, column by column.
    pub(super) fn matrix_negate(&mut self, m: &Val) -> Result<Val, Diag> {
        let columns = self.columns(m)?;
        let mut out = Vec::with_capacity(columns.len());
        for c in &columns {
            out.push(self.negate(c)?);
        }
        Ok(Self::matrix(m.ty, out))
    }

    /// A matrix's constructor: of one scalar (the diagonal), of one matrix (its top left
    /// corner, the identity's elsewhere), or of scalars and vectors filling it column by column.
    pub(super) fn matrix_construct(&mut self, ty: Ty, args: &[Val]) -> Result<Val, Diag> {
        let n = ty.matrix_size().unwrap_or(4);
        let zero = Val::konst(Ty::Float, [0.0; 4]);
        let one = Val::konst(Ty::Float, [1.0, 0.0, 0.0, 0.0]);
        if args.len() == 1 && args[0].ty.is_scalar() {
            let s = self.construct(Ty::Float, &args[..1])?;
            let e: Vec<Vec<Val>> = (0..n)
                .map(|c| {
                    (0..n)
                        .map(|r| if c == r { s.clone() } else { zero.clone() })
                        .collect()
                })
                .collect();
            return self.of_elements(ty, &e);
        }
        if args.len() == 1 && args[0].ty.is_matrix() {
            let from = self.columns(&args[0])?;
            let k = from.len();
            let mut columns = Vec::with_capacity(n);
            for c in 0..n {
                let source = from.get(c);
                let column = if let (Some(f), true) = (source, k >= n) {
                    let comps: Vec<u8> = (0..n as u8).collect();
                    self.swizzle_val(f, &comps)?
                } else {
                    // The identity's elements below the source's column, or its whole column.
                    let mut e = Vec::with_capacity(n);
                    for r in 0..n {
                        e.push(if let (Some(f), true) = (source, r < k) {
                            self.swizzle_val(f, &[r as u8])?
                        } else if r == c {
                            one.clone()
                        } else {
                            zero.clone()
                        });
                    }
                    self.construct(Ty::vec(n), &e)?
                };
                columns.push(column);
            }
            return Ok(Self::matrix(ty, columns));
        }
        // Scalars and vectors, in order, cut where a column ends.
        let mut columns = Vec::with_capacity(n);
        let mut pieces: Vec<Val> = Vec::new();
        let mut fill = 0;
        'args: for a in args {
            let w = a.ty.width().unwrap_or(1);
            let mut at = 0;
            while at < w {
                let take = (n - fill).min(w - at);
                let piece = if at == 0 && take == w {
                    a.clone()
                } else {
                    let comps: Vec<u8> = (at as u8..(at + take) as u8).collect();
                    self.swizzle_val(a, &comps)?
                };
                pieces.push(piece);
                fill += take;
                at += take;
                if fill == n {
                    let column = if pieces.len() == 1 && pieces[0].ty == Ty::vec(n) {
                        pieces.remove(0)
                    } else {
                        self.construct(Ty::vec(n), &pieces)?
                    };
                    columns.push(column);
                    pieces.clear();
                    fill = 0;
                    if columns.len() == n {
                        break 'args;
                    }
                }
            }
        }
        Ok(Self::matrix(ty, columns))
    }

    /// The determinant of a square matrix of elements `e[c][r]`: a cofactor expansion along the
    /// first column (for 2, `e00 e11 - e10 e01`).
    fn det(&mut self, e: &[Vec<Val>]) -> Result<Val, Diag> {
        let n = e.len();
        if n == 1 {
            return Ok(e[0][0].clone());
        }
        if n == 2 {
            let a = self.scalar(BinOp::Mul, &e[0][0], &e[1][1])?;
            let b = self.scalar(BinOp::Mul, &e[1][0], &e[0][1])?;
            return self.scalar(BinOp::Sub, &a, &b);
        }
        let mut sum: Option<Val> = None;
        for r in 0..n {
            let minor = self.det(&minor(e, 0, r))?;
            let term = self.scalar(BinOp::Mul, &e[0][r], &minor)?;
            sum = Some(match sum {
                None => term,
                Some(s) if r % 2 == 1 => self.scalar(BinOp::Sub, &s, &term)?,
                Some(s) => self.scalar(BinOp::Add, &s, &term)?,
            });
        }
        // Invariant: n is at least 3 here.
        Ok(sum.expect("a matrix has rows"))
    }

    /// transpose, determinant, inverse and matrixCompMult.
    pub(super) fn matrix_builtin(&mut self, b: Builtin, args: &[Val], ty: Ty) -> Result<Val, Diag> {
        match b {
            Builtin::MatrixCompMult => {
                let (ca, cb) = (self.columns(&args[0])?, self.columns(&args[1])?);
                let mut columns = Vec::with_capacity(ca.len());
                for (x, y) in ca.iter().zip(&cb) {
                    columns.push(self.binary(BinOp::Mul, x, y, x.ty)?);
                }
                Ok(Self::matrix(ty, columns))
            }
            Builtin::Transpose => {
                let e = self.elements(&args[0])?;
                let n = e.len();
                let t: Vec<Vec<Val>> = (0..n)
                    .map(|c| (0..n).map(|r| e[r][c].clone()).collect())
                    .collect();
                self.of_elements(ty, &t)
            }
            Builtin::Determinant => {
                let e = self.elements(&args[0])?;
                self.det(&e)
            }
            _ => {
                // The adjugate over the determinant: inverse[c][r] is the cofactor of m[r][c].
                let e = self.elements(&args[0])?;
                let n = e.len();
                let mut cof = vec![Vec::with_capacity(n); n];
                for (c, column) in cof.iter_mut().enumerate() {
                    for r in 0..n {
                        let m = self.det(&minor(&e, c, r))?;
                        column.push(if (c + r) % 2 == 1 {
                            self.negate(&m)?
                        } else {
                            m
                        });
                    }
                }
                // The determinant from the first column's cofactors, as `det` sums it.
                let mut det: Option<Val> = None;
                for r in 0..n {
                    let term = self.scalar(BinOp::Mul, &e[0][r], &cof[0][r])?;
                    det = Some(match det {
                        None => term,
                        Some(s) => self.scalar(BinOp::Add, &s, &term)?,
                    });
                }
                // Invariant: a matrix has rows.
                let det = det.expect("a matrix has rows");
                let adj: Vec<Vec<Val>> = (0..n)
                    .map(|c| (0..n).map(|r| cof[r][c].clone()).collect())
                    .collect();
                let adj = self.of_elements(ty, &adj)?;
                self.matrix_binary(BinOp::Div, &adj, &det, ty)
            }
        }
    }
}

/// The elements `e[c][r]` without column `col` and row `row`.
fn minor(e: &[Vec<Val>], col: usize, row: usize) -> Vec<Vec<Val>> {
    e.iter()
        .enumerate()
        .filter(|&(c, _)| c != col)
        .map(|(_, column)| {
            column
                .iter()
                .enumerate()
                .filter(|&(r, _)| r != row)
                .map(|(_, v)| v.clone())
                .collect()
        })
        .collect()
}
