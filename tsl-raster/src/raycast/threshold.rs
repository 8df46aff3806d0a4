//! The ray against points and line segments, which it meets when it passes within a threshold:
//! three.js r187's `Ray.distanceSqToPoint`, `closestPointToPoint` and `distanceSqToSegment`
//! (the ray–segment distance of Eberly's Geometric Tools), in f64 as three's numbers. The ray's
//! direction is a unit vector.

use glam::DVec3;

/// The point of the ray (`t ≥ 0`) nearest `point`, and the squared distance between them.
pub(super) fn nearest_to_point(origin: DVec3, direction: DVec3, point: DVec3) -> (DVec3, f64) {
    let t = (point - origin).dot(direction).max(0.0);
    let on_ray = origin + direction * t;
    (on_ray, on_ray.distance_squared(point))
}

/// The nearest points of the ray and the segment `start`–`end` (on the ray, on the segment), and
/// the squared distance between them, as three computes it.
pub(super) fn nearest_to_segment(
    origin: DVec3,
    direction: DVec3,
    start: DVec3,
    end: DVec3,
) -> (DVec3, DVec3, f64) {
    let centre = (start + end) * 0.5;
    let along = (end - start).normalize_or_zero();
    let diff = origin - centre;
    let extent = start.distance(end) * 0.5;
    let a01 = -direction.dot(along);
    let b0 = diff.dot(direction);
    let b1 = -diff.dot(along);
    let c = diff.length_squared();
    let det = (1.0 - a01 * a01).abs();
    // `s0` is the distance along the ray, `s1` along the segment from its centre; each region
    // of the (s0, s1) plane has its own nearest pair.
    let clamp_segment = |s: f64| s.clamp(-extent, extent);
    let at_end = |s1: f64| {
        let s0 = (-(a01 * s1 + b0)).max(0.0);
        (s0, s1, -s0 * s0 + s1 * (s1 + 2.0 * b1) + c)
    };
    let (s0, s1, distance_sq) = if det > 0.0 {
        let (s0, s1) = (a01 * b1 - b0, a01 * b0 - b1);
        let ext_det = extent * det;
        if s0 >= 0.0 {
            if s1 < -ext_det {
                at_end(-extent)
            } else if s1 > ext_det {
                at_end(extent)
            } else {
                // Both nearest points inside: the ray's and the segment's interiors.
                let (s0, s1) = (s0 / det, s1 / det);
                let d = s0 * (s0 + a01 * s1 + 2.0 * b0) + s1 * (a01 * s0 + s1 + 2.0 * b1) + c;
                (s0, s1, d)
            }
        } else if s1 <= -ext_det || s1 > ext_det {
            // The ray's origin against the segment, or one of its ends.
            let end_sign = if s1 <= -ext_det { -1.0 } else { 1.0 };
            let s0 = (-(end_sign * a01 * extent + b0)).max(0.0);
            let s1 = if s0 > 0.0 {
                end_sign * extent
            } else {
                clamp_segment(-b1)
            };
            (s0, s1, -s0 * s0 + s1 * (s1 + 2.0 * b1) + c)
        } else {
            let s1 = clamp_segment(-b1);
            (0.0, s1, s1 * (s1 + 2.0 * b1) + c)
        }
    } else {
        // Parallel: the segment's end nearer the ray's start.
        at_end(if a01 > 0.0 { -extent } else { extent })
    };
    (origin + direction * s0, centre + along * s1, distance_sq)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_points_by_hand() {
        // The ray along +x from the origin; a point above it and one behind it.
        let (on_ray, d) = nearest_to_point(DVec3::ZERO, DVec3::X, DVec3::new(2.0, 1.0, 0.0));
        assert_eq!((on_ray, d), (DVec3::new(2.0, 0.0, 0.0), 1.0));
        let (on_ray, d) = nearest_to_point(DVec3::ZERO, DVec3::X, DVec3::new(-2.0, 1.0, 0.0));
        assert_eq!((on_ray, d), (DVec3::ZERO, 5.0));
        // A segment across the ray, 1 above it at x = 3: the interior region.
        let (r, s, d) = nearest_to_segment(
            DVec3::ZERO,
            DVec3::X,
            DVec3::new(3.0, 1.0, -1.0),
            DVec3::new(3.0, 1.0, 1.0),
        );
        assert!((r - DVec3::new(3.0, 0.0, 0.0)).length() < 1e-12, "{r}");
        assert!((s - DVec3::new(3.0, 1.0, 0.0)).length() < 1e-12, "{s}");
        assert!((d - 1.0).abs() < 1e-12);
        // A segment behind the ray's origin: the origin to its nearer end.
        let (r, s, d) = nearest_to_segment(
            DVec3::ZERO,
            DVec3::X,
            DVec3::new(-1.0, 1.0, 0.0),
            DVec3::new(-3.0, 1.0, 0.0),
        );
        assert_eq!((r, s), (DVec3::ZERO, DVec3::new(-1.0, 1.0, 0.0)));
        assert!((d - 2.0).abs() < 1e-12);
        // Parallel, beside the ray: distance 1.
        let (_, _, d) = nearest_to_segment(
            DVec3::ZERO,
            DVec3::X,
            DVec3::new(1.0, 1.0, 0.0),
            DVec3::new(2.0, 1.0, 0.0),
        );
        assert!((d - 1.0).abs() < 1e-12);
    }
}
