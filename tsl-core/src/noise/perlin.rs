//! Gradient (Perlin) noise: `mx_perlin_noise_float` and `mx_perlin_noise_vec3`, with their
//! helpers `mx_floorfrac`, `mx_fade`, `mx_gradient_float`, `mx_bilerp` and `mx_trilerp`.

use super::hash::hash_int;

/// `mx_gradient_scale2d`'s factor.
const SCALE_2D: f32 = 0.6616;
/// `mx_gradient_scale3d`'s factor.
const SCALE_3D: f32 = 0.9820;

/// The square's corners in three.js's order, x fastest.
const CORNERS_2D: [[i32; 2]; 4] = [[0, 0], [1, 0], [0, 1], [1, 1]];

/// The cube's corners in three.js's order, x fastest: `v0 = (0,0,0)`, `v1 = (1,0,0)`, … `v7 = (1,1,1)`.
const CORNERS: [[i32; 3]; 8] = [
    [0, 0, 0],
    [1, 0, 0],
    [0, 1, 0],
    [1, 1, 0],
    [0, 0, 1],
    [1, 0, 1],
    [0, 1, 1],
    [1, 1, 1],
];

/// `mx_floor`: `int(floor(x))`, the one place a float becomes an int. Out of `i32` range GLSL
/// leaves it undefined; this saturates (and gives 0 for NaN), as Rust's `as` does.
pub fn mx_floor(x: f32) -> i32 {
    x.floor() as i32
}

/// `mx_floorfrac`: `(i, x - float(i))` with `i = int(floor(x))`. The fraction comes from the
/// converted integer, not from `fract`.
pub fn floorfrac(x: f32) -> (i32, f32) {
    let i = mx_floor(x);
    (i, x - i as f32)
}

/// `mx_fade`: `((t·t)·t) · (t·(t·6 − 15) + 10)`, each operation rounded to `f32` in that order.
pub fn fade(t: f32) -> f32 {
    t * t * t * (t * (t * 6.0 - 15.0) + 10.0)
}

/// `mx_negate_if`.
fn negate_if(v: f32, b: bool) -> f32 {
    if b {
        -v
    } else {
        v
    }
}

/// `mx_gradient_float` on a 2D offset: `h = hash & 7` picks the axes and the signs.
pub fn gradient_2d(hash: u32, x: f32, y: f32) -> f32 {
    let h = hash & 7;
    let (u, v) = if h < 4 { (x, y) } else { (y, x) };
    negate_if(u, h & 1 != 0) + negate_if(2.0 * v, h & 2 != 0)
}

/// `mx_gradient_float` on a 3D offset: `h = hash & 15` picks the axes and the signs.
pub fn gradient_3d(hash: u32, x: f32, y: f32, z: f32) -> f32 {
    let h = hash & 15;
    let u = if h < 8 { x } else { y };
    let v = if h < 4 {
        y
    } else if h == 12 || h == 14 {
        x
    } else {
        z
    };
    negate_if(u, h & 1 != 0) + negate_if(v, h & 2 != 0)
}

/// `mx_bilerp`: `(1 − t)·(v0·s1 + v1·s) + t·(v2·s1 + v3·s)` with `s1 = 1 − s`.
pub fn bilerp(v: [f32; 4], s: f32, t: f32) -> f32 {
    let s1 = 1.0 - s;
    (1.0 - t) * (v[0] * s1 + v[1] * s) + t * (v[2] * s1 + v[3] * s)
}

/// `mx_trilerp`: `r1·bilerp(v0…v3) + r·bilerp(v4…v7)` with `r1 = 1 − r`; the same operations
/// in the same order as three.js's expanded form.
pub fn trilerp(v: [f32; 8], s: f32, t: f32, r: f32) -> f32 {
    let lo = bilerp([v[0], v[1], v[2], v[3]], s, t);
    let hi = bilerp([v[4], v[5], v[6], v[7]], s, t);
    (1.0 - r) * lo + r * hi
}

/// The offset from corner `d` of a cell: `f` or `f − 1`.
fn corner_offset(f: f32, d: i32) -> f32 {
    if d == 0 {
        f
    } else {
        f - 1.0
    }
}

/// 2D Perlin from the hashes of the four corners, one output channel per entry of `shifts`: the
/// shift selects the byte of the hash the gradient reads (0 for the float noise, 0/8/16 for the
/// channels of the vec3 noise); unused channels stay 0.
fn perlin_2d(p: [f32; 2], shifts: &[u32]) -> [f32; 3] {
    let (ix, fx) = floorfrac(p[0]);
    let (iy, fy) = floorfrac(p[1]);
    let (u, v) = (fade(fx), fade(fy));
    let hashes = CORNERS_2D.map(|[dx, dy]| hash_int([ix.wrapping_add(dx), iy.wrapping_add(dy)]));
    let mut out = [0.0; 3];
    for (o, &shift) in out.iter_mut().zip(shifts) {
        let mut g = [0.0; 4];
        for (k, [dx, dy]) in CORNERS_2D.iter().enumerate() {
            g[k] = gradient_2d(
                hashes[k] >> shift,
                corner_offset(fx, *dx),
                corner_offset(fy, *dy),
            );
        }
        *o = SCALE_2D * bilerp(g, u, v);
    }
    out
}

/// 3D Perlin from the hashes of the eight corners; `shifts` as in [`perlin_2d`].
fn perlin_3d(p: [f32; 3], shifts: &[u32]) -> [f32; 3] {
    let (ix, fx) = floorfrac(p[0]);
    let (iy, fy) = floorfrac(p[1]);
    let (iz, fz) = floorfrac(p[2]);
    let (u, v, w) = (fade(fx), fade(fy), fade(fz));
    let hashes = CORNERS.map(|[dx, dy, dz]| {
        hash_int([
            ix.wrapping_add(dx),
            iy.wrapping_add(dy),
            iz.wrapping_add(dz),
        ])
    });
    let mut out = [0.0; 3];
    for (o, &shift) in out.iter_mut().zip(shifts) {
        let mut g = [0.0; 8];
        for (k, [dx, dy, dz]) in CORNERS.iter().enumerate() {
            let (x, y, z) = (
                corner_offset(fx, *dx),
                corner_offset(fy, *dy),
                corner_offset(fz, *dz),
            );
            g[k] = gradient_3d(hashes[k] >> shift, x, y, z);
        }
        *o = SCALE_3D * trilerp(g, u, v, w);
    }
    out
}

/// Byte shifts of `mx_hash_vec3`: channel k reads bits `8k..8k+8` of the corner hash (the
/// gradient masks with 7 or 15 after the shift, so the `& 0xff` changes nothing).
const VEC3_SHIFTS: [u32; 3] = [0, 8, 16];

/// `mx_perlin_noise_float(vec2 p)`: 2D gradient noise, scaled by 0.6616.
///
/// ```
/// use tsl_core::noise::perlin_noise_float_2d;
/// assert_eq!(perlin_noise_float_2d([3.7, 1.2]).to_bits(), 0x3db4_b15e);
/// ```
pub fn perlin_noise_float_2d(p: [f32; 2]) -> f32 {
    perlin_2d(p, &[0])[0]
}

/// `mx_perlin_noise_float(vec3 p)`: 3D gradient noise, scaled by 0.9820.
pub fn perlin_noise_float_3d(p: [f32; 3]) -> f32 {
    perlin_3d(p, &[0])[0]
}

/// `mx_perlin_noise_vec3(vec2 p)`: three 2D gradient noises, one per byte of the corner hash.
pub fn perlin_noise_vec3_2d(p: [f32; 2]) -> [f32; 3] {
    perlin_2d(p, &VEC3_SHIFTS)
}

/// `mx_perlin_noise_vec3(vec3 p)`: three 3D gradient noises, one per byte of the corner hash.
pub fn perlin_noise_vec3_3d(p: [f32; 3]) -> [f32; 3] {
    perlin_3d(p, &VEC3_SHIFTS)
}
