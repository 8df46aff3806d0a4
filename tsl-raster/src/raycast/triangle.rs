//! The ray against one triangle, as three.js r187's `Ray.intersectTriangle` (the watertight test
//! of Woop, Benthin and Wald, JCGT 2013) and `Triangle.getBarycoord`, in f64 as three's numbers.

use glam::DVec3;

/// Which faces a triangle test drops: the material's side decides (`FrontSide` drops the back
/// faces; `BackSide` tests the corners in reverse order and drops what is then a back face;
/// `DoubleSide` drops none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Culling {
    /// Keep both faces.
    None,
    /// Drop the faces whose corners turn clockwise as seen along the ray.
    Back,
}

/// How far along the ray (in units of its direction) it meets the triangle `corners`, or `None`
/// where it misses, meets a culled face, runs in the triangle's plane, or meets it behind the
/// origin. The shear puts the ray on an axis so that an edge two triangles share tests the same
/// for both: a ray never slips between them.
pub(super) fn intersect_triangle(
    origin: DVec3,
    direction: DVec3,
    corners: [DVec3; 3],
    culling: Culling,
) -> Option<f64> {
    let d = direction.to_array();
    let size = direction.abs();
    // The axis the ray runs most along (x before y before z on a tie, as three picks); the other
    // two turned so that the winding seen along the ray is kept.
    let kz = if size.x >= size.y && size.x >= size.z {
        0
    } else if size.y >= size.z {
        1
    } else {
        2
    };
    let (mut kx, mut ky) = ((kz + 1) % 3, (kz + 2) % 3);
    if d[kz] < 0.0 {
        std::mem::swap(&mut kx, &mut ky);
    }
    // A zero direction has no axis and meets nothing.
    if d[kz] == 0.0 {
        return None;
    }
    let (sx, sy, sz) = (d[kx] / d[kz], d[ky] / d[kz], 1.0 / d[kz]);
    let relative = corners.map(|p| (p - origin).to_array());
    let [(ax, ay), (bx, by), (cx, cy)] = relative.map(|r| (r[kx] - sx * r[kz], r[ky] - sy * r[kz]));
    // Scaled barycentrics: the signed edge functions.
    let (u, v, w) = (cx * by - cy * bx, ax * cy - ay * cx, bx * ay - by * ax);
    let negative = u < 0.0 || v < 0.0 || w < 0.0;
    let missed = match culling {
        Culling::Back => negative,
        Culling::None => negative && (u > 0.0 || v > 0.0 || w > 0.0),
    };
    let det = u + v + w;
    if missed || det == 0.0 {
        return None;
    }
    let t_scaled = sz * (u * relative[0][kz] + v * relative[1][kz] + w * relative[2][kz]);
    let behind = if det > 0.0 {
        t_scaled < 0.0
    } else {
        t_scaled > 0.0
    };
    (!behind).then_some(t_scaled / det)
}

/// The barycentric weights of `point` on the triangle `a, b, c` (three's `getBarycoord`): the
/// weights of `a`, `b` and `c`; zero for a triangle without area, as three writes.
pub(super) fn barycoord(point: DVec3, [a, b, c]: [DVec3; 3]) -> DVec3 {
    let (v0, v1, v2) = (c - a, b - a, point - a);
    let (dot00, dot01, dot02) = (v0.dot(v0), v0.dot(v1), v0.dot(v2));
    let (dot11, dot12) = (v1.dot(v1), v1.dot(v2));
    let denom = dot00 * dot11 - dot01 * dot01;
    if denom == 0.0 {
        return DVec3::ZERO;
    }
    let u = (dot11 * dot02 - dot01 * dot12) / denom;
    let v = (dot00 * dot12 - dot01 * dot02) / denom;
    DVec3::new(1.0 - u - v, v, u)
}

/// The triangle's unit normal, the side its corners turn counter-clockwise about (three's
/// `Triangle.getNormal`); zero for a triangle without area.
pub(super) fn face_normal([a, b, c]: [DVec3; 3]) -> DVec3 {
    (c - b).cross(a - b).normalize_or_zero()
}

#[cfg(test)]
mod tests {
    use super::*;

    const UNIT: [DVec3; 3] = [
        DVec3::new(0.0, 0.0, 0.0),
        DVec3::new(1.0, 0.0, 0.0),
        DVec3::new(0.0, 1.0, 0.0),
    ];

    #[test]
    fn a_ray_down_z_meets_the_front_and_culls_the_back() {
        // The triangle turns counter-clockwise seen from +z: its front faces +z.
        let from_front = intersect_triangle(
            DVec3::new(0.25, 0.25, 2.0),
            DVec3::NEG_Z,
            UNIT,
            Culling::Back,
        );
        assert_eq!(from_front, Some(2.0));
        let from_back =
            |culling| intersect_triangle(DVec3::new(0.25, 0.25, -3.0), DVec3::Z, UNIT, culling);
        assert_eq!(from_back(Culling::Back), None);
        assert_eq!(from_back(Culling::None), Some(3.0));
        // Behind the origin, outside the triangle, in its plane, zero direction: no hit.
        let miss = |o: DVec3, d: DVec3| intersect_triangle(o, d, UNIT, Culling::None);
        assert_eq!(miss(DVec3::new(0.25, 0.25, 2.0), DVec3::Z), None);
        assert_eq!(miss(DVec3::new(0.75, 0.75, 2.0), DVec3::NEG_Z), None);
        assert_eq!(miss(DVec3::new(-1.0, 0.25, 0.0), DVec3::X), None);
        assert_eq!(miss(DVec3::new(0.25, 0.25, 2.0), DVec3::ZERO), None);
    }

    #[test]
    fn barycentrics_weigh_the_corners() {
        let w = barycoord(DVec3::new(0.25, 0.5, 0.0), UNIT);
        assert!((w - DVec3::new(0.25, 0.25, 0.5)).length() < 1e-15, "{w}");
        assert_eq!(face_normal(UNIT), DVec3::Z);
        assert_eq!(barycoord(DVec3::ZERO, [DVec3::ZERO; 3]), DVec3::ZERO);
    }
}
