//! How a [`Texture3d`](super::Texture3d)'s slices are read: as one volume, as the layers of a 2D
//! array texture (three.js's `DataArrayTexture`) or as the six faces of a cube texture (three.js's
//! `CubeTexture`), R-CUBE-1 and R-CUBE-2 in docs/requirements.md.
//!
//! A layered read picks one slice and filters within it; the coordinate's third component is a
//! layer index (GLSL ES 3.00 §8.9: `clamp(floor(layer + 0.5), 0, depth - 1)`) or, for a cube,
//! the face a direction points at (OpenGL ES 3.0 §3.8.10, table 3.21).

use crate::geometry::face_coords;
use glam::Vec3;

/// How the slices of a 3D texture are read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum VolumeLayout {
    /// A volume (three.js's `Data3DTexture`): the coordinate is `uvw`, 0 to 1 on every axis,
    /// and a linear filter blends neighbouring slices.
    #[default]
    Volume,
    /// A 2D array texture (three.js's `DataArrayTexture`): the coordinate is `(u, v, layer)`
    /// with the layer a slice index, rounded to the nearest and clamped to the slices; the
    /// filter works within the layer.
    Layers,
    /// A cube texture (three.js's `CubeTexture`): six square slices, the faces +x, −x, +y, −y,
    /// +z, −z in three.js's order, read by a direction as WebGL does (the face of the
    /// direction's largest component, clamped to its edges: no filtering across faces).
    Cube,
}

/// The slice a layer coordinate names in a stack of `depth` slices (GLSL ES 3.00 §8.9:
/// `clamp(floor(layer + 0.5), 0, depth - 1)`); NaN reads slice 0.
pub(crate) fn layer_index(layer: f32, depth: usize) -> i64 {
    let l = (layer + 0.5).floor();
    if l.is_nan() {
        return 0;
    }
    l.clamp(0.0, depth as f32 - 1.0) as i64
}

/// For each face, how OpenGL ES 3.0's table 3.21 makes its `(sc, tc)` from [`face_coords`]'s
/// `(b, c)`: whether the two swap, then the signs of `sc` and `tc`. +x: `sc = −rz`, `tc = −ry`;
/// −x: `rz`, `−ry`; +y: `rx`, `rz`; −y: `rx`, `−rz`; +z: `rx`, `−ry`; −z: `−rx`, `−ry`.
/// `raster.wgsl`'s `cube_st` keeps the same table.
const GL_FACE: [(bool, f32, f32); 6] = [
    (true, -1.0, -1.0),
    (true, 1.0, -1.0),
    (false, 1.0, 1.0),
    (false, 1.0, -1.0),
    (false, 1.0, -1.0),
    (false, -1.0, -1.0),
];

/// The face and WebGL's face coordinates `(s, t)`, 0 to 1 with `t = 0` the face's first row,
/// that a direction reads (OpenGL ES 3.0 §3.8.10, table 3.21: `s = (sc / |ma| + 1) / 2`).
/// A zero direction reads the middle of face +x.
pub(crate) fn cube_face(d: Vec3) -> (usize, f32, f32) {
    let (face, b, c) = face_coords(d);
    let (swap, ss, st) = GL_FACE[face];
    let (sc, tc) = if swap { (c, b) } else { (b, c) };
    (face, 0.5 * (ss * sc + 1.0), 0.5 * (st * tc + 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_round_to_the_nearest_and_clamp() {
        assert_eq!(layer_index(0.49, 4), 0);
        assert_eq!(layer_index(0.5, 4), 1);
        assert_eq!(layer_index(2.7, 4), 3);
        assert_eq!(layer_index(9.0, 4), 3);
        assert_eq!(layer_index(-3.0, 4), 0);
        assert_eq!(layer_index(f32::NAN, 4), 0);
    }

    #[test]
    fn a_cube_reads_the_face_and_texel_a_direction_points_at() {
        use crate::texture::{Texture3d, VolumeFilter, VolumeFormat};
        // Six 2×2 R8 faces, texel (i, j) of face f holding 40·f + 10·(2j + i).
        let bytes: Vec<u8> = (0..6u8)
            .flat_map(|f| (0..4u8).map(move |k| 40 * f + 10 * k))
            .collect();
        let mut cube = Texture3d::cube(2, VolumeFormat::R8, &bytes).unwrap();
        let red = |c: &Texture3d, d: [f32; 3]| (c.sample(Vec3::from_array(d)).x * 255.0).round();
        // −y at (0.5, −2, −1): s = 0.625, t = 0.75 → texel (1, 1) of face 3: 120 + 30.
        assert_eq!(red(&cube, [0.5, -2.0, -1.0]), 150.0);
        // +x at (1, 0.5, −0.25): s = 0.625, t = 0.25 → texel (1, 0) of face 0: 10.
        assert_eq!(red(&cube, [1.0, 0.5, -0.25]), 10.0);
        // Linear at a face's centre: the mean of its four texels; past its edge, clamped.
        cube.filter = VolumeFilter::Linear;
        assert_eq!(red(&cube, [0.0, 0.0, -1.0]), 200.0 + 15.0);
        cube.wrap_s = crate::texture::Wrap::Repeat; // a cube's wraps do not apply
        assert_eq!(red(&cube, [0.999, 0.0, -1.0]), 200.0 + 10.0);
    }

    #[test]
    fn layers_read_one_layer_and_srgb_decodes() {
        use crate::texture::{Texture3d, VolumeFormat};
        // Three 1×1 layers of 0, 100 and 188.
        let mut layers = Texture3d::layers(
            1,
            1,
            3,
            VolumeFormat::Rgba8,
            &[0, 0, 0, 255, 100, 0, 0, 255, 188, 0, 0, 128],
        )
        .unwrap();
        let at = |t: &Texture3d, l: f32| t.sample(Vec3::new(0.5, 0.5, l));
        assert_eq!(at(&layers, 1.49).x, 100.0 / 255.0);
        assert_eq!(at(&layers, 7.0).x, 188.0 / 255.0);
        assert_eq!(at(&layers, -1.0).x, 0.0);
        layers.decode_srgb();
        // ((188/255 + 0.055) / 1.055)^2.4 = 0.50289, worked by hand; alpha stays 128/255.
        let v = at(&layers, 2.0);
        assert!((v.x - 0.50289).abs() < 1e-4, "{v}");
        assert_eq!(v.w, 128.0 / 255.0);
    }

    #[test]
    fn faces_follow_table_3_21() {
        // The centre of each face, then a point towards a corner worked from the table by hand:
        // +x at (1, 0.5, -0.25): sc = -rz = 0.25, tc = -ry = -0.5 → s = 0.625, t = 0.25.
        assert_eq!(cube_face(Vec3::new(1.0, 0.5, -0.25)), (0, 0.625, 0.25));
        // −x at (-1, 0.5, -0.25): sc = rz = -0.25 → s = 0.375; tc = -ry → t = 0.25.
        assert_eq!(cube_face(Vec3::new(-1.0, 0.5, -0.25)), (1, 0.375, 0.25));
        // +y at (0.5, 2, -1): sc = rx / 2 = 0.25, tc = rz / 2 = -0.5 → (0.625, 0.25).
        assert_eq!(cube_face(Vec3::new(0.5, 2.0, -1.0)), (2, 0.625, 0.25));
        // −y at (0.5, -2, -1): tc = -rz / 2 = 0.5 → t = 0.75.
        assert_eq!(cube_face(Vec3::new(0.5, -2.0, -1.0)), (3, 0.625, 0.75));
        // +z at (0.5, 0.25, 1): sc = rx, tc = -ry → (0.75, 0.375).
        assert_eq!(cube_face(Vec3::new(0.5, 0.25, 1.0)), (4, 0.75, 0.375));
        // −z at (0.5, 0.25, -1): sc = -rx → s = 0.25.
        assert_eq!(cube_face(Vec3::new(0.5, 0.25, -1.0)), (5, 0.25, 0.375));
        assert_eq!(cube_face(Vec3::new(0.0, 0.0, 0.0)), (0, 0.5, 0.5));
    }
}
