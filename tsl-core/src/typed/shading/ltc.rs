//! The pure parts of three.js's area-light LTC functions, typed.

use super::typed_shading_fns;
use crate::typed::node::{IntoNodeOf, Node};
use crate::typed::scope::current;
use crate::typed::types::{Float, Mat3, Vec2, Vec3};

typed_shading_fns! {
    /// three.js's `LTC_Uv({ N, V, roughness })`: where the LTC tables are read.
    ltc_uv(n: Vec3, v: Vec3, roughness: Float) -> Vec2;
    /// three.js's `LTC_Evaluate({ N, V, P, mInv, p0, p1, p2, p3 })`: the quad light's form
    /// factor at `p` through the LTC matrix `m_inv` (a vec3 of one value; zero behind the light).
    ltc_evaluate(n: Vec3, v: Vec3, p: Vec3, m_inv: Mat3, p0: Vec3, p1: Vec3, p2: Vec3, p3: Vec3) -> Vec3;
    /// three.js's `LTC_Evaluate_Volume({ P, p0, p1, p2, p3 })`: the quad's form factor at `p`
    /// with no LTC transform.
    ltc_evaluate_volume(p: Vec3, p0: Vec3, p1: Vec3, p2: Vec3, p3: Vec3) -> Vec3;
}
