//! three.js's `Vector3` operations the generators lean on, in f64 as its JavaScript computes
//! them, so that the f32 arrays round to the same values.

use glam::DVec3;

/// `v.normalize()`: times the reciprocal of the length; a zero vector stays zero.
pub(super) fn unit(v: DVec3) -> DVec3 {
    let length = v.length();
    if length == 0.0 {
        v
    } else {
        v * (1.0 / length)
    }
}

/// `v.applyMatrix4(new Matrix4().makeRotationAxis(axis, angle))`: `v` turned by `angle` about
/// the unit `axis`, with three's matrix terms in its order.
pub(super) fn rotate_about(v: DVec3, axis: DVec3, angle: f64) -> DVec3 {
    let (s, c) = angle.sin_cos();
    let t = 1.0 - c;
    let (x, y, z) = (axis.x, axis.y, axis.z);
    let (tx, ty) = (t * x, t * y);
    let rows = [
        [tx * x + c, tx * y - s * z, tx * z + s * y],
        [tx * y + s * z, ty * y + c, ty * z - s * x],
        [tx * z - s * y, ty * z + s * x, t * z * z + c],
    ];
    let row = |r: [f64; 3]| r[0] * v.x + r[1] * v.y + r[2] * v.z;
    DVec3::new(row(rows[0]), row(rows[1]), row(rows[2]))
}

/// The f64 array three pushes for a vector.
pub(super) fn arr(v: DVec3) -> [f64; 3] {
    v.to_array()
}

/// three's `computeVertexNormals` of a non-indexed geometry: each triangle's (c − b) × (a − b)
/// from the stored f32 positions, stored as f32, then normalized (`normalizeNormals`).
pub(super) fn flat_normals(positions: &[glam::Vec3]) -> Vec<glam::Vec3> {
    positions
        .chunks_exact(3)
        .flat_map(|t| {
            let [a, b, c] = [t[0], t[1], t[2]].map(|p| p.as_dvec3());
            let n = (c - b).cross(a - b).as_vec3().as_dvec3();
            [unit(n).as_vec3(); 3]
        })
        .collect()
}
