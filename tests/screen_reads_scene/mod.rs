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
/// `color` and `transmission`, roughness 0.2 and ior 1.5 (so the level is log2(32) · 0.2 · 1 =
/// 1 exactly: the 16 × 8 level, read bilinearly), `specular_intensity` 0 (no reflected share),
/// thickness 0 (the ray leaves where it enters), no lights: a pixel is `transmission × color ×
/// the opaque pass's level 1 read bicubically at the pixel` ([`expected_transmission`]).
pub fn transmission_case(color: Color, transmission: f32) -> ScreenCase {
    let mut c = screen_case(false);
    let front = c.scene.objects()[1].mesh.unwrap().material;
    *c.assets.materials.get_mut(front).unwrap() = Material {
        transmission,
        specular_intensity: 0.0,
        ..Material::physical(color, 0.2, 0.0)
    };
    c
}

/// The cubic B-spline's weights at fraction `a` (w0 to w3 of three's TextureBicubic.js, which
/// its four bilinear taps reproduce): (1 − a)³/6, (3a³ − 6a² + 4)/6, (−3a³ + 3a² + 3a + 1)/6,
/// a³/6.
fn b_spline(a: f32) -> [f32; 4] {
    [
        (1.0 - a).powi(3) / 6.0,
        (3.0 * a.powi(3) - 6.0 * a * a + 4.0) / 6.0,
        (-3.0 * a.powi(3) + 3.0 * a * a + 3.0 * a + 1.0) / 6.0,
        a.powi(3) / 6.0,
    ]
}

/// three's `textureBicubicLevel` at level 1 at the centre of column `c`, by hand. Level 1 of
/// the opaque pass is 16 × 8: texels 0 to 7 orange (1, 0.5, 0), 8 to 15 the clear colour
/// (0.2, 0.4, 0.6), the same in every row (each the mean of 2 × 2 equal texels). Column `c`'s
/// centre is at `(c + 0.5) / 2` in level 1's texels; three's `uv · size + 0.5` is then `c / 2 +
/// 0.75`, whose floor `i` and fraction `a` (0.75 for even `c`, 0.25 for odd) weigh texels `i − 2`
/// to `i + 1` (clamped to the edges) by the B-spline.
pub fn bicubic_column(c: u32) -> [f32; 3] {
    let texel = |j: i64| {
        if j.clamp(0, 15) < 8 {
            [1.0, 0.5, 0.0]
        } else {
            [0.2, 0.4, 0.6]
        }
    };
    let scaled = c as f32 / 2.0 + 0.75;
    let i = scaled.floor() as i64;
    let w = b_spline(scaled - scaled.floor());
    let mut out = [0.0; 3];
    for (k, w) in w.iter().enumerate() {
        let t = texel(i - 2 + k as i64);
        for ch in 0..3 {
            out[ch] += w * t[ch];
        }
    }
    out
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

/// A transmission case's colour and transmission, and its values by hand.
pub type TransmissionCheck = (Color, f32, fn(u32) -> [f32; 3]);

/// The two transmission cases: white at transmission 1, blue at 0.5.
pub fn transmission_checks() -> [TransmissionCheck; 2] {
    [
        (Color::WHITE, 1.0, expected_transmission),
        (
            Color::linear(0.0, 0.0, 1.0),
            0.5,
            expected_half_transmission,
        ),
    ]
}

/// The clearcoat's share of the light under it at normal incidence, by hand from three.js's
/// `F_Schlick(f0 0.04, f90 1, dotVH 1)` (`fresnel = exp2((−5.55473 · 1 − 6.98316) · 1)`): the
/// flat planes of the screen cases face the orthographic camera, so `dotNVcc` is 1.
fn clearcoat_fresnel_straight_on() -> f32 {
    let fresnel = (-5.55473f32 - 6.98316).exp2();
    0.04 * (1.0 - fresnel) + fresnel
}

/// A case, what it shows, and its 32 columns by hand.
pub type LayeredCase = (&'static str, ScreenCase, Vec<[f32; 3]>);

/// A backdrop and a transmission under a clearcoat and on a metal, as three.js r187 mixes them
/// (`LightsNode`: `totalDiffuse = mix(totalDiffuse, backdrop, alpha)` before the model's
/// `finish`, which lays the clearcoat over it: `outgoing · (1 − cc · Fcc) + cc · clearcoat
/// light`). Without lights every model light is zero, so: [`backdrop_case`] on a white metal
/// (metalness 1, no diffuse light) is 0.25 × the backdrop, and on a white dielectric with
/// clearcoat 1 that times 1 − Fcc; [`transmission_case`] (white, transmission 1) with clearcoat
/// 1 is the bicubic read times 1 − Fcc, and on a metal nothing (the transmission is tinted by
/// `diffuseContribution`, the colour times one less the metalness).
pub fn layered_cases() -> Vec<LayeredCase> {
    let k = 1.0 - clearcoat_fresnel_straight_on();
    let columns = |f: &dyn Fn(u32) -> [f32; 3], scale: f32| {
        (0..32).map(|c| f(c).map(|v| v * scale)).collect::<Vec<_>>()
    };
    let backdrop = |c: u32| expected(c).map(|v| 0.25 * v);
    let coat = |mut m: Material| {
        m.clearcoat = 1.0;
        m
    };
    let transmission = |clearcoat: f32, metalness: f32| {
        let mut c = transmission_case(Color::WHITE, 1.0);
        let front = c.scene.objects()[1].mesh.unwrap().material;
        let m = c.assets.materials.get_mut(front).unwrap();
        m.clearcoat = clearcoat;
        m.metalness = metalness;
        c
    };
    vec![
        (
            "backdrop on a metal",
            backdrop_case(Material::standard(Color::WHITE, 0.5, 1.0)),
            columns(&backdrop, 1.0),
        ),
        (
            "backdrop under a clearcoat",
            backdrop_case(coat(Material::physical(Color::WHITE, 0.5, 0.0))),
            columns(&backdrop, k),
        ),
        (
            "transmission under a clearcoat",
            transmission(1.0, 0.0),
            columns(&expected_transmission, k),
        ),
        (
            "transmission on a metal",
            transmission(0.0, 1.0),
            columns(&expected_transmission, 0.0),
        ),
    ]
}

/// Hold `image` to `want`, one colour per column, within `bound`.
pub fn check_columns(image: &LinearImage, want: &[[f32; 3]], bound: f32, who: &str) {
    for y in 0..16 {
        for (x, want) in want.iter().enumerate() {
            let got = image.pixel(x as u32, y).unwrap();
            for k in 0..3 {
                assert!(
                    (got[k] - want[k]).abs() <= bound,
                    "{who}: pixel ({x}, {y}) is {got:?}, by hand {want:?}"
                );
            }
        }
    }
}
