//! three.js's built-in matrices as values. The vertex shader's matrices are *forms* first (a
//! product of them applied to `vec4(p, 1.0)` names a point, `normalMatrix * normal` the view
//! normal), but a shader may also take a column of one, build a `mat3` of it, invert it or
//! multiply it by a matrix of its own (R-GLSL-24, docs/requirements.md). Then the form becomes
//! its columns, read from the program's header, where the renderer writes the draw's and the
//! camera's matrices: `modelMatrix` is `model_world_matrix()`, `viewMatrix`
//! `camera_view_matrix()`, `modelViewMatrix` `model_view_matrix()`, `projectionMatrix`
//! `camera_projection_matrix()`, and `normalMatrix` `mat3(viewMatrix)` times
//! `model_normal_matrix()`, the view normal the host computes for each vertex (three's
//! `getNormalMatrix(modelViewMatrix)` wherever the camera's world matrix has no scale, as
//! three's cameras have none).

use super::*;

impl ShaderLowering<'_, '_> {
    /// The header matrix of one of three.js's matrices, as its columns.
    fn header_matrix(&mut self, a: Attribute, ty: Ty) -> Result<Val, Diag> {
        let n = self.attribute(a)?;
        self.split_matrix(&Val::of(ty, n, 0))
    }

    /// A value of three.js's matrix forms as a matrix of columns (`None` for any other value).
    pub(super) fn three_matrix(&mut self, v: &Val) -> Result<Option<Val>, Diag> {
        use Factor::*;
        if let Some((_, m)) = self.three_values.iter().find(|(f, _)| *f == v.form) {
            return Ok(Some(m.clone()));
        }
        let m = match v.form {
            Form::Matrices(chain) => {
                let mut product: Option<Val> = None;
                // A product is of the header's matrices from the left; `V * M` is the header's own.
                let mut factors = chain.factors();
                while !factors.is_empty() {
                    let (a, rest) = match factors {
                        [V, M, rest @ ..] => (Attribute::ModelViewMatrix, rest),
                        [P, rest @ ..] => (Attribute::CameraProjectionMatrix, rest),
                        [V, rest @ ..] => (Attribute::CameraViewMatrix, rest),
                        [_, rest @ ..] => (Attribute::ModelWorldMatrix, rest),
                        [] => break,
                    };
                    factors = rest;
                    let f = self.header_matrix(a, Ty::Mat4)?;
                    product = Some(match product {
                        None => f,
                        Some(p) => self.matrix_binary(BinOp::Mul, &p, &f, Ty::Mat4)?,
                    });
                }
                // Invariant: a chain has one to three factors.
                product.expect("a product of matrices")
            }
            Form::NormalMatrix => {
                let view = self.header_matrix(Attribute::CameraViewMatrix, Ty::Mat4)?;
                let view3 = self.matrix_construct(Ty::Mat3, &[view])?;
                let normal = self.header_matrix(Attribute::ModelNormalMatrix, Ty::Mat3)?;
                self.matrix_binary(BinOp::Mul, &view3, &normal, Ty::Mat3)?
            }
            _ => return Ok(None),
        };
        self.three_values.push((v.form, m.clone()));
        Ok(Some(m))
    }

    /// A matrix value with its columns: three.js's forms become their values.
    pub(super) fn with_columns(&mut self, m: &Val) -> Result<Val, Diag> {
        if !m.ty.is_matrix() || !m.parts.is_empty() {
            return Ok(m.clone());
        }
        match self.three_matrix(m)? {
            Some(v) => Ok(v),
            None => self.split_matrix(m),
        }
    }

    /// A product with one of three.js's matrices outside the forms: GLSL's product of the values.
    pub(super) fn three_product(&mut self, a: &Val, b: &Val, ty: Ty) -> Result<Val, Diag> {
        let a = self.with_columns(a)?;
        let b = self.with_columns(b)?;
        self.matrix_binary(BinOp::Mul, &a, &b, ty)
    }
}
