//! The scenes of `tests/primitive_reads.rs` (CPU) and `tests/gpu_primitive_reads.rs` (GPU):
//! what a point or a line reads and casts (R-PRIM-5, R-PRIM-7, R-PRIM-8), with the values
//! worked out by hand.
//!
//! - **Screen reads**: a point and a line whose colour is `viewport_texture(screen_uv())` read
//!   opaque white, over a red mesh; with a mesh that reads the screen too, and without one (then
//!   the frame needs no transmission target).
//! - **Texture levels**: a 64×64 texture whose level `L` reads, at its first texel,
//!   `128 + Σ_{k ≥ L} A[k]` (of 255): the sum of checkers of squares 2^k texels wide, amplitude
//!   `A[k]`, each of which a level of 2^(k+1)-texel means averages away. Points 1, 4 and 16
//!   pixels wide read levels 6, 4 and 2 (the level whose texel is the texture's 64 texels over
//!   the point's width: log2(64 / w)); a line whose uv runs 4 texels a pixel reads level 0.
//! - **Shadows**: a point and a line over a floor, under a directional light: their depth in
//!   the map darkens the texels worked out below.

#![allow(dead_code)]

use glam::{UVec2, Vec2, Vec3};
use std::f32::consts::{FRAC_PI_2, PI, SQRT_2};
use tsl::prelude::*;
use tsl::raster::*;

/// A scene, its camera, assets and settings.
pub struct Case {
    pub scene: Scene,
    pub camera: Camera,
    pub assets: Assets,
    pub settings: RenderSettings,
}

/// A 64×64 camera over GL window pixels: pixel (column c, row r from the top) has its centre at
/// world (c + 0.5, 63.5 − r).
fn pixels_case() -> Case {
    let mut scene = Scene::new();
    scene.background = Some(Color::BLACK);
    Case {
        scene,
        camera: Camera::orthographic(0.0, 64.0, 64.0, 0.0, 0.1, 10.0).at(Vec3::Z),
        assets: Assets::new(),
        settings: RenderSettings::new(64, 64),
    }
}

fn add(
    c: &mut Case,
    object: fn(GeometryId, MaterialId) -> Object,
    positions: Vec<Vec3>,
    uvs: Option<Vec<Vec2>>,
    material: Material,
) {
    let g = Geometry::from_data(positions, None, uvs, Vec::new()).unwrap();
    let g = c.assets.geometries.add(g);
    let m = c.assets.materials.add(material);
    c.scene.add(object(g, m));
}

// ---- Screen reads.

/// The point's pixels: an 8-wide point at (20, 44) spans columns 16 to 23, rows 16 to 23.
pub const POINT_PIXELS: (u32, u32) = (16, 16);
/// The line's row: from x 32 to 56 at y 43.5, row 20, columns 32 to 55.
pub const LINE_ROW: u32 = 20;

/// A red BASIC square behind everything (z −1); a point 8 wide and a horizontal line whose
/// colour is `viewport_texture(screen_uv())`; with `mesh_reader`, a mesh reading the screen too
/// (a square at rows 40 to 47, columns 8 to 15, reading the screen × 0.5).
pub fn screen_case(mesh_reader: bool) -> Case {
    let mut c = pixels_case();
    let square = |x0: f32, y0: f32, side: f32, z: f32| {
        let p = [(0.0, 0.0), (side, 0.0), (side, side), (0.0, side)]
            .map(|(dx, dy)| Vec3::new(x0 + dx, y0 + dy, z))
            .to_vec();
        Geometry::from_data(p, None, None, vec![[0, 1, 2], [0, 2, 3]]).unwrap()
    };
    let back = c.assets.geometries.add(square(0.0, 0.0, 64.0, -1.0));
    let red = c
        .assets
        .materials
        .add(Material::basic(Color::linear(1.0, 0.0, 0.0)));
    c.scene.add(Object::mesh(back, red));
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.viewport_texture(g.screen_uv()))
        .unwrap();
    let reads = c.assets.programs.add(g.compile().unwrap());
    add(
        &mut c,
        Object::points,
        vec![Vec3::new(20.0, 44.0, 0.0)],
        None,
        Material {
            size: 8.0,
            ..Material::basic(Color::WHITE).with_nodes(reads)
        },
    );
    add(
        &mut c,
        Object::line_segments,
        vec![Vec3::new(32.0, 43.5, 0.0), Vec3::new(56.0, 43.5, 0.0)],
        None,
        Material::basic(Color::WHITE).with_nodes(reads),
    );
    if mesh_reader {
        let g = NodeGraph::new();
        let behind = g.viewport_texture(g.screen_uv());
        g.set_output(COLOR_NODE, g.mul(g.swizzle(behind, "rgb"), g.float(0.5)))
            .unwrap();
        let half = c.assets.programs.add(g.compile().unwrap());
        let quad = c.assets.geometries.add(square(8.0, 16.0, 8.0, 0.0));
        let m = c
            .assets
            .materials
            .add(Material::basic(Color::WHITE).with_nodes(half));
        c.scene.add(Object::mesh(quad, m));
    }
    c
}

/// The linear colour of pixel (`x`, `y`) by hand: white on the point and the line, half the
/// red behind on the screen-reading mesh, red elsewhere.
pub fn screen_expected(x: u32, y: u32, mesh_reader: bool) -> [f32; 3] {
    let (px, py) = POINT_PIXELS;
    if (px..px + 8).contains(&x) && (py..py + 8).contains(&y) {
        return [1.0; 3];
    }
    if y == LINE_ROW && (32..56).contains(&x) {
        return [1.0; 3];
    }
    if mesh_reader && (8..16).contains(&x) && (40..48).contains(&y) {
        return [0.5, 0.0, 0.0];
    }
    [1.0, 0.0, 0.0]
}

/// Hold `image` to [`screen_expected`] within `bound`.
pub fn check_screen(image: &LinearImage, mesh_reader: bool, bound: f32, who: &str) {
    for y in 0..64 {
        for x in 0..64 {
            let got = image.pixel(x, y).unwrap();
            let want = screen_expected(x, y, mesh_reader);
            for k in 0..3 {
                assert!(
                    (got[k] - want[k]).abs() <= bound,
                    "{who}: pixel ({x}, {y}) is {got:?}, by hand {want:?}"
                );
            }
        }
    }
}

// ---- Texture levels.

/// The checkers' amplitudes (of 255): `A[k]` for squares 2^k texels wide.
pub const AMPLITUDE: [u32; 6] = [2, 4, 6, 10, 14, 20];

/// The base texel (x, y) of the level texture, of 255.
pub fn base_texel(x: u32, y: u32) -> u32 {
    let mut v = 128i32;
    for (k, a) in AMPLITUDE.iter().enumerate() {
        let even = ((x >> k) + (y >> k)).is_multiple_of(2);
        v += if even { *a as i32 } else { -(*a as i32) };
    }
    v as u32
}

/// Level `level`'s texel (x, y): the mean of the 2^level-wide block of base texels (the mip
/// chain's 2×2 means, composed), in linear units.
pub fn level_texel(level: u32, x: u32, y: u32) -> f32 {
    let side = 1u32 << level;
    let mut sum = 0u32;
    for j in 0..side {
        for i in 0..side {
            sum += base_texel(x * side + i, y * side + j);
        }
    }
    sum as f32 / (side * side) as f32 / 255.0
}

/// The point widths and the level each reads (log2(64 / w)).
pub const POINT_LEVELS: [(f32, u32); 3] = [(1.0, 6), (4.0, 4), (16.0, 2)];

/// The line: from x 8 to 24 at y 7.5 (row 56, columns 8 to 23), its uv's u from 0 to 1 (4
/// texels a pixel, which would choose level 2), v at the first row's centre.
pub const LEVEL_LINE_ROW: u32 = 56;

/// Points 1, 4 and 16 wide at (8.5, 55.5), (24, 56), (48, 48) (pixel (8, 8); columns 22 to 25,
/// rows 6 to 9; columns 40 to 55, rows 8 to 23), each with uv (0.5/64, 0.5/64): the first texel
/// at every level; and the line.
/// The colour is `texture(t, uv())` with nearest filters (`NearestMipmapNearest`), flip_y off.
pub fn level_case() -> Case {
    let mut c = pixels_case();
    let mut bytes = Vec::with_capacity(64 * 64 * 4);
    for y in 0..64 {
        for x in 0..64 {
            let v = base_texel(x, y) as u8;
            bytes.extend_from_slice(&[v, v, v, 255]);
        }
    }
    let mut t = Texture::new(
        Image::from_rgba8(64, 64, bytes).unwrap(),
        ColorSpace::Linear,
    );
    t.mag_filter = Filter::Nearest;
    t.min_filter = Filter::NearestMipmapNearest;
    t.flip_y = false;
    let t = c.assets.textures.add(t);
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.swizzle(g.texture(t, g.uv()), "rgb"))
        .unwrap();
    let program = c.assets.programs.add(g.compile().unwrap());
    let first = Vec2::splat(0.5 / 64.0);
    for ((width, _), at) in POINT_LEVELS.into_iter().zip([
        Vec2::new(8.5, 55.5),
        Vec2::new(24.0, 56.0),
        Vec2::new(48.0, 48.0),
    ]) {
        add(
            &mut c,
            Object::points,
            vec![at.extend(0.0)],
            Some(vec![first]),
            Material {
                size: width,
                ..Material::basic(Color::WHITE).with_nodes(program)
            },
        );
    }
    add(
        &mut c,
        Object::line_segments,
        vec![Vec3::new(8.0, 7.5, 0.0), Vec3::new(24.0, 7.5, 0.0)],
        Some(vec![Vec2::new(0.0, first.y), Vec2::new(1.0, first.y)]),
        Material::basic(Color::WHITE).with_nodes(program),
    );
    c
}

/// The pixels of the point of width `w` centred at (`cx`, `cy`) in pixels from the top left.
fn square_pixels(cx: f32, cy: f32, w: f32) -> impl Iterator<Item = (u32, u32)> {
    let (x0, y0) = ((cx - w / 2.0) as u32, (cy - w / 2.0) as u32);
    let n = w as u32;
    (0..n).flat_map(move |j| (0..n).map(move |i| (x0 + i, y0 + j)))
}

/// Hold `image` to the levels by hand: each point's pixels its level's first texel, the line's
/// pixel in column c the full-size texel under its uv (u = (c + 0.5 − 8) / 16, texel 4(c − 8)
/// + 2, row 0).
pub fn check_levels(image: &LinearImage, bound: f32, who: &str) {
    let check = |x: u32, y: u32, want: f32, what: &str| {
        let got = image.pixel(x, y).unwrap();
        for (k, g) in got.iter().take(3).enumerate() {
            assert!(
                (g - want).abs() <= bound,
                "{who}: {what}, pixel ({x}, {y}) channel {k} is {g}, by hand {want}"
            );
        }
    };
    // Centres in pixels from the top left: world (x, y) is (x, 64 − y).
    for ((w, level), (cx, cy)) in
        POINT_LEVELS
            .into_iter()
            .zip([(8.5, 8.5), (24.0, 8.0), (48.0, 16.0)])
    {
        let want = level_texel(level, 0, 0);
        for (x, y) in square_pixels(cx, cy, w) {
            check(x, y, want, &format!("the point {w} wide (level {level})"));
        }
    }
    for col in 8..24 {
        let want = level_texel(0, 4 * (col - 8) + 2, 0);
        check(col, LEVEL_LINE_ROW, want, "the line (level 0)");
    }
}

// ---- Shadows.

/// The image's side: 8 pixels a unit over x and z in [−2, 2]; pixel (c, r)'s centre is at
/// x = (c + 0.5)/8 − 2, z = (r + 0.5)/8 − 2.
pub const SHADOW_SIDE: u32 = 32;

/// A white LAMBERT floor (4 × 4 at y 0) seen from above, lit white by a directional light from
/// (0, 5, 5) (N·L = 1/√2, intensity π√2) whose 16×16 map covers [−2, 2]² of its view: map
/// column 4(x + 2) and row 4(2 − y_l), y_l = (y − z)/√2 in the light's view. Over it a point
/// 2 wide at (0, 1, 1) (y_l 0: the map's texel corner (8, 8), so texels 7 and 8 both ways) and
/// a line from (−1, 1, z) to (1, 1, z), z = 1 + √2/8 (y_l −1/8: the middle of map row 8;
/// x_l −1 to 1: columns 4 to 11). Basic filtering: a floor pixel is black where its texel holds
/// them, else white.
pub fn shadow_case(point: bool, line: bool) -> Case {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    let floor = assets.geometries.add(PlaneGeometry::new(4.0, 4.0).build());
    let white = assets.materials.add(Material::lambert(Color::WHITE));
    scene.add(
        Object::mesh(floor, white)
            .rotated(-FRAC_PI_2, 0.0, 0.0)
            .shadows(false, true),
    );
    let paint = assets.materials.add(Material {
        size: 2.0,
        ..Material::basic(Color::linear(0.0, 0.0, 1.0))
    });
    let mut add = |object: fn(GeometryId, MaterialId) -> Object, p: Vec<Vec3>| {
        let g = assets
            .geometries
            .add(Geometry::from_data(p, None, None, Vec::new()).unwrap());
        scene.add(object(g, paint).shadows(true, false));
    };
    if point {
        add(Object::points, vec![Vec3::new(0.0, 1.0, 1.0)]);
    }
    if line {
        let z = 1.0 + 0.125 * SQRT_2;
        add(
            Object::line_segments,
            vec![Vec3::new(-1.0, 1.0, z), Vec3::new(1.0, 1.0, z)],
        );
    }
    let mut shadow = LightShadow::directional();
    shadow.map_size = UVec2::splat(16);
    shadow.camera = ShadowCamera::Orthographic {
        left: -2.0,
        right: 2.0,
        top: 2.0,
        bottom: -2.0,
        near: 0.5,
        far: 50.0,
    };
    scene.add_light(
        Light::directional(Color::WHITE, PI * SQRT_2, Vec3::new(0.0, 5.0, 5.0)).with_shadow(shadow),
    );
    let camera = Camera::orthographic(-2.0, 2.0, 2.0, -2.0, 0.1, 20.0)
        .at(Vec3::new(0.0, 10.0, 0.0))
        .looking_at(Vec3::ZERO);
    let mut settings = RenderSettings::new(SHADOW_SIDE, SHADOW_SIDE);
    settings.shadow_map_enabled = true;
    settings.shadow_map_type = ShadowMapType::Basic;
    Case {
        scene,
        camera,
        assets,
        settings,
    }
}

/// The floor pixels in shadow, by hand. The point's texels (columns and rows 7 and 8 of the
/// map: x in [−0.25, 0.25], y_l = −z/√2 in [−0.25, 0.25]) hold the floor's columns 14 to 17
/// and the rows whose z is within 0.25·√2 ≈ 0.354 of 0: 13 to 18. The line's texels (row 8:
/// y_l in [−0.25, 0], z in [0, 0.354]; columns 4 to 11: x in [−1, 1)) hold rows 16 to 18 and
/// columns 8 to 23.
pub fn shadowed(point: bool, line: bool, x: u32, y: u32) -> bool {
    (point && (14..18).contains(&x) && (13..19).contains(&y))
        || (line && (8..24).contains(&x) && (16..19).contains(&y))
}

/// Hold the floor in `image` (sRGB bytes) to [`shadowed`]: black there, white elsewhere (the
/// caster's own blue pixels, where the camera sees them, are skipped).
pub fn check_shadow(image: &Image, point: bool, line: bool, who: &str) {
    let mut dark = 0;
    for y in 0..SHADOW_SIDE {
        for x in 0..SHADOW_SIDE {
            let p = image.pixel(x, y).unwrap();
            if p[2] > 0 && p[0] == 0 {
                continue; // the caster itself
            }
            let want = if shadowed(point, line, x, y) { 0 } else { 255 };
            assert_eq!(p[0], want, "{who}: floor pixel ({x}, {y}) is {p:?}");
            dark += usize::from(want == 0);
        }
    }
    assert!(dark > 0, "{who}: no shadow");
}
