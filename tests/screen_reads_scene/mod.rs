//! The screen-read scene of `tests/screen_reads.rs` and `tests/gpu_screen_reads.rs`
//! (R-SCREEN-1), with its values worked out by hand.
//!
//! A 32 × 16 image, an orthographic camera framing x in [−2, 2] and y in [−1, 1] (8 pixels a
//! metre), the clear colour (0.2, 0.4, 0.6) linear. An opaque BASIC plane of colour (1, 0.5, 0)
//! linear covers the left half (x in [−2, 0], z = −1). In front (z = 0) a plane over the whole
//! view reads the screen behind it: `colorNode = viewport_texture(screen_uv() + (k/32, 0)).rgb
//! × 0.5`, BASIC. So a pixel of column c reads the opaque pass at column c + k: (0.5, 0.25, 0)
//! where that column is in the left half (c + k < 16), else (0.1, 0.2, 0.3); the front plane
//! itself is not in the pass.

use glam::Vec3;
use tsl::prelude::*;
use tsl::raster::*;

/// The scene.
pub struct ScreenCase {
    pub scene: Scene,
    pub camera: Camera,
    pub assets: Assets,
    pub settings: RenderSettings,
}

/// The shift of the front plane's read, in pixels.
pub const SHIFT: u32 = 3;

/// The scene with the front plane's material `front` (its program set by the caller through
/// [`screen_program`]).
pub fn screen_case(transparent: bool) -> ScreenCase {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    scene.background = Some(Color::linear(0.2, 0.4, 0.6));
    let half = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
    let opaque = assets
        .materials
        .add(Material::basic(Color::linear(1.0, 0.5, 0.0)));
    scene.add(Object::mesh(half, opaque).at(Vec3::new(-1.0, 0.0, -1.0)));
    let program = assets.programs.add(screen_program());
    let front = assets.materials.add(Material {
        transparent,
        ..Material::basic(Color::WHITE).with_nodes(program)
    });
    let whole = assets.geometries.add(PlaneGeometry::new(4.0, 2.0).build());
    scene.add(Object::mesh(whole, front));
    let camera = Camera::orthographic(-2.0, 2.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::new(0.0, 0.0, 5.0));
    ScreenCase {
        scene,
        camera,
        assets,
        settings: RenderSettings::new(32, 16),
    }
}

/// `viewport_texture(screen_uv() + (SHIFT/32, 0)).rgb × 0.5` as the colour node.
pub fn screen_program() -> NodeProgram {
    let scope = Scope::new();
    let at = screen_uv() + vec2(SHIFT as f32 / 32.0, 0.0);
    scope.color_node(viewport_texture(at).rgb() * 0.5).unwrap();
    scope.compile().unwrap()
}

/// The linear colour of column `c` by hand.
pub fn expected(c: u32) -> [f32; 3] {
    if c + SHIFT < 16 {
        [0.5, 0.25, 0.0]
    } else {
        [0.1, 0.2, 0.3]
    }
}

/// Hold `image` to the worked values within `bound` per channel.
pub fn check(image: &LinearImage, bound: f32, who: &str) {
    for y in 0..16 {
        for x in 0..32 {
            let got = image.pixel(x, y).unwrap();
            let want = expected(x);
            for k in 0..3 {
                assert!(
                    (got[k] - want[k]).abs() <= bound,
                    "{who}: pixel ({x}, {y}) is {got:?}, by hand {want:?}"
                );
            }
        }
    }
}

/// The scene with the front plane's program replaced: BASIC of colour (0, 0, 1) with
/// `BACKDROP_NODE = viewport_texture(screen_uv() + (SHIFT/32, 0)).rgb × 0.5` and
/// `BACKDROP_ALPHA_NODE = 0.25`. By hand a pixel is `mix((0, 0, 1), expected(c), 0.25)`
/// ([`expected_backdrop`]).
pub fn backdrop_case(material: Material) -> ScreenCase {
    let mut c = screen_case(false);
    let scope = Scope::new();
    let at = screen_uv() + vec2(SHIFT as f32 / 32.0, 0.0);
    scope
        .set(BACKDROP_NODE, viewport_texture(at).rgb() * 0.5)
        .unwrap();
    scope.set(BACKDROP_ALPHA_NODE, float(0.25)).unwrap();
    let program = c.assets.programs.add(scope.compile().unwrap());
    let front = c.scene.objects()[1].mesh.unwrap().material;
    *c.assets.materials.get_mut(front).unwrap() = material.with_nodes(program);
    c
}

/// The colour of column `c` of [`backdrop_case`] with a BASIC (0, 0, 1) material, by hand.
pub fn expected_backdrop(c: u32) -> [f32; 3] {
    let b = expected(c);
    [0.25 * b[0], 0.25 * b[1], 0.75 + 0.25 * b[2]]
}

/// Hold `image` to `want` per column within `bound`.
pub fn check_with(image: &LinearImage, want: fn(u32) -> [f32; 3], bound: f32, who: &str) {
    for y in 0..16 {
        for x in 0..32 {
            let got = image.pixel(x, y).unwrap();
            let want = want(x);
            for k in 0..3 {
                assert!(
                    (got[k] - want[k]).abs() <= bound,
                    "{who}: pixel ({x}, {y}) is {got:?}, by hand {want:?}"
                );
            }
        }
    }
}

/// The scene with the front plane a transmissive PHYSICAL material (R-SCREEN-3) of colour
/// `color` and `transmission`, ior 1 (so the ray goes straight on and the level is 0),
/// `specular_intensity` 0 (no reflected share), thickness 0 (the ray leaves where it enters),
/// no lights: a pixel is `transmission × color × the opaque pass read bicubically at its own
/// centre` ([`expected_transmission`]).
pub fn transmission_case(color: Color, transmission: f32) -> ScreenCase {
    let mut c = screen_case(false);
    let front = c.scene.objects()[1].mesh.unwrap().material;
    *c.assets.materials.get_mut(front).unwrap() = Material {
        transmission,
        ior: 1.0,
        specular_intensity: 0.0,
        ..Material::physical(color, 0.5, 0.0)
    };
    c
}

/// three's `textureBicubicLevel` at level 0 at the centre of column `c` of the opaque pass
/// (the orange plane on columns 0 to 15, the clear colour on 16 to 31, the same in every row),
/// by hand: at a texel's centre the cubic B-spline weighs the texels beside it 1/6, 4/6, 1/6
/// (the four bilinear taps of N8's filter add up to that), and the edges clamp.
pub fn bicubic_column(c: u32) -> [f32; 3] {
    let texel = |c: i64| {
        if c.clamp(0, 31) < 16 {
            [1.0, 0.5, 0.0]
        } else {
            [0.2, 0.4, 0.6]
        }
    };
    let (l, m, r) = (texel(c as i64 - 1), texel(c as i64), texel(c as i64 + 1));
    [0, 1, 2].map(|k| (l[k] + 4.0 * m[k] + r[k]) / 6.0)
}

/// Column `c` of [`transmission_case`] with a white material and transmission 1: the bicubic
/// read alone (the diffuse light it replaces is zero without lights).
pub fn expected_transmission(c: u32) -> [f32; 3] {
    bicubic_column(c)
}

/// Column `c` of [`transmission_case`] with colour (0, 0, 1) and transmission 0.5:
/// `mix(0, (0, 0, 1) × read, 0.5)`.
pub fn expected_half_transmission(c: u32) -> [f32; 3] {
    [0.0, 0.0, 0.5 * bicubic_column(c)[2]]
}
