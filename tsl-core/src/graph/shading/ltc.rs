//! three.js's `functions/BSDF/LTC.js`: the linearly transformed cosines of rectangular area
//! lights (Heitz et al. 2016), as far as they are pure: the LUT coordinate and the form factor
//! of a quad. (The LUT textures themselves are the lighting model's, issue 16.)

use crate::graph::{NodeGraph, NodeRef};
use crate::types::ValueType::{self, Float, Mat3, Vec3};

/// three's LUT side: 64 texels.
const LUT_SIZE: f32 = 64.0;

impl NodeGraph {
    /// three.js's `LTC_Uv({ N, V, roughness })`: where the LTC tables are read,
    /// `vec2(roughness, sqrt(1 - saturate(dot(N, V)))) * 63/64 + 0.5/64`. Layout: vec3, vec3,
    /// float; a vec2.
    pub fn ltc_uv(&self, n: NodeRef, v: NodeRef, roughness: NodeRef) -> NodeRef {
        let layout = [
            ("N", n, Vec3),
            ("V", v, Vec3),
            ("roughness", roughness, Float),
        ];
        if let Err(refused) = self.layout("ltc_uv", &layout) {
            return refused;
        }
        let dot_nv = self.saturate(self.dot(n, v));
        let uv = self.join(&[roughness, self.sqrt(self.one_minus(dot_nv))]);
        let scale = self.float((LUT_SIZE - 1.0) / LUT_SIZE);
        self.add(self.mul(uv, scale), self.float(0.5 / LUT_SIZE))
    }

    /// three's `LTC_EdgeVectorFormFactor({ v1, v2 })`: one edge's vector form factor, with its
    /// rational fit of `θ / sin θ`.
    fn ltc_edge_vector_form_factor(&self, v1: NodeRef, v2: NodeRef) -> NodeRef {
        let f = |x: f32| self.float(x);
        let x = self.dot(v1, v2);
        let y = self.abs(x);
        let a = self.add(
            self.mul(self.add(self.mul(y, f(0.0145206)), f(0.4965155)), y),
            f(0.8543985),
        );
        let b = self.add(self.mul(self.add(y, f(4.1616724)), y), f(3.417594));
        let v = self.div(a, b);
        let far = self.sub(
            self.mul(
                self.inverse_sqrt(self.max(self.one_minus(self.mul(x, x)), f(1e-7))),
                f(0.5),
            ),
            v,
        );
        let theta_sintheta = self.select(self.greater_than(x, f(0.0)), v, far);
        self.mul(self.cross(v1, v2), theta_sintheta)
    }

    /// The quad's form factor from the four corner directions (three's four
    /// `LTC_EdgeVectorFormFactor` sums, then `LTC_ClippedSphereFormFactor`), splatted to a vec3,
    /// or zero where `p` is behind the light (`dot(cross(p1 - p0, p3 - p0), p - p0) < 0`).
    /// `abs_sum` takes `abs` of the summed vector first (the volume form).
    fn ltc_quad(
        &self,
        p: NodeRef,
        corners: [NodeRef; 4],
        coords: [NodeRef; 4],
        abs_sum: bool,
    ) -> NodeRef {
        let [p0, p1, _, p3] = corners;
        let light_normal = self.cross(self.sub(p1, p0), self.sub(p3, p0));
        let facing =
            self.greater_than_equal(self.dot(light_normal, self.sub(p, p0)), self.float(0.0));
        let mut sum = self.vec3(0.0, 0.0, 0.0);
        for i in 0..4 {
            let edge = self.ltc_edge_vector_form_factor(coords[i], coords[(i + 1) % 4]);
            sum = self.add(sum, edge);
        }
        let f = if abs_sum { self.abs(sum) } else { sum };
        // LTC_ClippedSphereFormFactor: max((l² + f.z) / (l + 1), 0).
        let l = self.length(f);
        let form = self.div(
            self.add(self.mul(l, l), self.swizzle(f, "z")),
            self.add(l, self.float(1.0)),
        );
        let form = self.max(form, self.float(0.0));
        self.select(
            facing,
            self.join(&[form, form, form]),
            self.vec3(0.0, 0.0, 0.0),
        )
    }

    /// The layout check of the LTC evaluators: every named argument a vec3 but `mInv`, a mat3.
    fn ltc_layout(&self, function: &str, args: &[(&str, NodeRef)]) -> Result<(), NodeRef> {
        let typed: Vec<(&str, NodeRef, ValueType)> = args
            .iter()
            .map(|&(name, node)| (name, node, if name == "mInv" { Mat3 } else { Vec3 }))
            .collect();
        self.layout(function, &typed)
    }

    /// three.js's `LTC_Evaluate({ N, V, P, mInv, p0, p1, p2, p3 })`: the irradiance form factor
    /// (splatted to a vec3) at `p` of the quad `p0 p1 p2 p3`, seen through the LTC matrix `m_inv`
    /// in the frame of normal `n` and view `v`; zero behind the light. Layout: vec3 but `m_inv`,
    /// a mat3.
    #[allow(clippy::too_many_arguments)] // three's eight named inputs, in its order
    pub fn ltc_evaluate(
        &self,
        n: NodeRef,
        v: NodeRef,
        p: NodeRef,
        m_inv: NodeRef,
        p0: NodeRef,
        p1: NodeRef,
        p2: NodeRef,
        p3: NodeRef,
    ) -> NodeRef {
        let args = [
            ("N", n),
            ("V", v),
            ("P", p),
            ("mInv", m_inv),
            ("p0", p0),
            ("p1", p1),
            ("p2", p2),
            ("p3", p3),
        ];
        if let Err(refused) = self.ltc_layout("ltc_evaluate", &args) {
            return refused;
        }
        let t1 = self.normalize(self.sub(v, self.mul(n, self.dot(v, n))));
        let t2 = self.negate(self.cross(n, t1));
        // mat3(T1, T2, N).transpose(): its columns are the rows of the frame.
        let row =
            |k: &str| self.join(&[self.swizzle(t1, k), self.swizzle(t2, k), self.swizzle(n, k)]);
        let frame_t = self.matrix(&[row("x"), row("y"), row("z")]);
        let mat = self.mul(m_inv, frame_t);
        let corners = [p0, p1, p2, p3];
        let coords = corners.map(|c| self.normalize(self.mul(mat, self.sub(c, p))));
        self.ltc_quad(p, corners, coords, false)
    }

    /// three.js's `LTC_Evaluate_Volume({ P, p0, p1, p2, p3 })`: the quad's form factor at `p`
    /// with no LTC transform, of the summed vector's absolute value (a vec3; zero behind the
    /// light). Layout: vec3.
    pub fn ltc_evaluate_volume(
        &self,
        p: NodeRef,
        p0: NodeRef,
        p1: NodeRef,
        p2: NodeRef,
        p3: NodeRef,
    ) -> NodeRef {
        let args = [("P", p), ("p0", p0), ("p1", p1), ("p2", p2), ("p3", p3)];
        if let Err(refused) = self.ltc_layout("ltc_evaluate_volume", &args) {
            return refused;
        }
        let corners = [p0, p1, p2, p3];
        let coords = corners.map(|c| self.normalize(self.sub(c, p)));
        self.ltc_quad(p, corners, coords, true)
    }
}
