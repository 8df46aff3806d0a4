//! The scene of the screen and object values' render tests (`tests/screen_render.rs` on the
//! CPU, `tests/gpu_screen.rs` on every GPU path): two unit planes sharing one program, at
//! x = -1 and x = +1, under an orthographic camera 4 × 2 world units wide on a 64 × 32 image,
//! so each world unit is 16 pixels. The values each pixel must have are worked out by hand here.

use tsl::prelude::*;
use tsl::raster::Texture;
use tsl::raster::*;

/// The image's size.
pub const WIDTH: u32 = 64;
/// The image's height.
pub const HEIGHT: u32 = 32;
/// The renderer's frame counter in the settings.
pub const FRAME_ID: u32 = 3;
/// The seconds since the previous frame in the settings.
pub const DELTA_TIME: f32 = 0.05;
/// The camera's near plane.
pub const NEAR: f32 = 0.5;

/// A scene, its camera, its assets and the settings.
pub struct ScreenCase {
    /// The two planes.
    pub scene: Scene,
    /// The orthographic camera at (0, 0, 5).
    pub camera: Camera,
    /// The program, its material and the geometry.
    pub assets: Assets,
    /// 64 × 32, frame 3, delta time 0.05.
    pub settings: RenderSettings,
}

/// The case with the program `build` makes (in a typed scope).
pub fn case(build: impl FnOnce(&Scope)) -> ScreenCase {
    let scope = Scope::new();
    build(&scope);
    let program = scope.compile().expect("the program compiles");
    let mut assets = Assets::new();
    let program = assets.programs.add(program);
    let plane = assets.geometries.add(PlaneGeometry::new(1.0, 1.0).build());
    let material = assets
        .materials
        .add(Material::basic(Color::WHITE).with_nodes(program));
    let mut scene = Scene::new();
    scene.add(Object::mesh(plane, material).at(Vec3::new(-1.0, 0.0, 0.0)));
    scene.add(Object::mesh(plane, material).at(Vec3::new(1.0, 0.0, 0.0)));
    let camera =
        Camera::orthographic(-2.0, 2.0, 1.0, -1.0, NEAR, 10.0).at(Vec3::new(0.0, 0.0, 5.0));
    let mut settings = RenderSettings::new(WIDTH, HEIGHT);
    settings.frame_id = FRAME_ID;
    settings.delta_time = DELTA_TIME;
    ScreenCase {
        scene,
        camera,
        assets,
        settings,
    }
}

/// The colour program: red is `model_position().x / 4 + 0.5` (0.25 on the left plane, 0.75 on
/// the right: a per-draw value), green `screen_uv().y` (the row's centre from the top over 32),
/// blue `camera_near() / 5 + frame_id() / 10 + delta_time()` (0.1 + 0.3 + 0.05).
pub fn colour_case() -> ScreenCase {
    case(|scope| {
        let red = model_position().x() * 0.25 + 0.5;
        let blue = camera_near() * 0.2 + frame_id() * 0.1 + delta_time();
        scope.color_node(vec3(red, screen_uv().y(), blue)).unwrap();
    })
}

/// The colour `colour_case` must give pixel (x, y) (rows from the top), or `None` off both
/// planes. The left plane covers columns 8 to 23, the right 40 to 55, both rows 8 to 23.
pub fn colour_at(x: u32, y: u32) -> Option<[f32; 3]> {
    let red = match x {
        8..=23 => 0.25,
        40..=55 => 0.75,
        _ => return None,
    };
    (8..=23)
        .contains(&y)
        .then_some([red, (y as f32 + 0.5) / 32.0, 0.45])
}

/// The position program: each plane moved up by half its model position's x (the left one down
/// half a unit, the right one up half a unit; `POSITION_NODE` is an offset of the local
/// position), white.
pub fn position_case() -> ScreenCase {
    case(|scope| {
        let lift = model_position().x() * 0.5;
        scope.position_node(vec3(0.0, lift, 0.0)).unwrap();
        scope.color_node(vec3(1.0, 1.0, 1.0)).unwrap();
    })
}

/// Whether `position_case` covers pixel (x, y): the left plane rows 16 to 31, the right rows 0
/// to 15.
pub fn covered_at(x: u32, y: u32) -> bool {
    match x {
        8..=23 => y >= 16,
        40..=55 => y <= 15,
        _ => false,
    }
}

/// Check a linear image of `colour_case` against [`colour_at`]; `bound` is the largest channel
/// difference allowed.
pub fn check_colours(image: &LinearImage, bound: f32, what: &str) {
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            let got = image.pixel(x, y).unwrap();
            match colour_at(x, y) {
                Some(want) => {
                    for k in 0..3 {
                        assert!(
                            (got[k] - want[k]).abs() <= bound,
                            "{what}: pixel ({x}, {y}) is {got:?}, want {want:?}"
                        );
                    }
                }
                None => assert_eq!(got[3], 0.0, "{what}: pixel ({x}, {y}) is covered"),
            }
        }
    }
}

/// Check a linear image of `position_case` against [`covered_at`].
pub fn check_coverage(image: &LinearImage, what: &str) {
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            let got = image.pixel(x, y).unwrap();
            let want = covered_at(x, y);
            assert_eq!(got[3] > 0.0, want, "{what}: pixel ({x}, {y}) is {got:?}");
        }
    }
}

/// A plane at x = -1 whose colour is (width of a 16 × 8 texture at level 0, its height at level
/// 1, width of the uniform `map`'s 4 × 4 texture at level 0) / 100: by hand (0.16, 0.04, 0.04)
/// at pixel (16, 16). The renderer fills the sizes (`texture_size`, R-VAL-16).
pub fn texture_size_case() -> ScreenCase {
    let mut c = colour_case();
    let texture = |w, h| Texture::new(Image::new(w, h).unwrap(), Default::default());
    let wide = c.assets.textures.add(texture(16, 8));
    let small = c.assets.textures.add(texture(4, 4));
    let scope = Scope::new();
    let map = texture_uniform("map", small);
    let colour = vec3(
        texture_size(wide, 0).x(),
        texture_size(wide, 1).y(),
        texture_size(map, 0).x(),
    ) / 100.0;
    scope.color_node(colour).unwrap();
    let program = c.assets.programs.add(scope.compile().unwrap());
    let paint = c
        .assets
        .materials
        .add(Material::basic(Color::WHITE).with_nodes(program));
    let plane = c
        .assets
        .geometries
        .add(PlaneGeometry::new(1.0, 1.0).build());
    c.scene = Scene::new();
    c.scene
        .add(Object::mesh(plane, paint).at(Vec3::new(-1.0, 0.0, 0.0)));
    c
}

/// What [`texture_size_case`] gives pixel (16, 16).
pub const TEXTURE_SIZE_COLOUR: [f32; 3] = [0.16, 0.04, 0.04];

/// The depth program (R-VAL-19): red `depth()`, green `linear_depth(None)` plus ten times
/// `frag_coord().z - depth()` (the rasterizer's own window depth less ours: zero where they
/// agree), blue `clip_space().z + 0.5`.
pub fn depth_case() -> ScreenCase {
    case(|scope| {
        let disagreement = (frag_coord().z() - depth()) * 10.0;
        let colour = vec3(
            depth(),
            linear_depth(None) + disagreement,
            clip_space().z() + 0.5,
        );
        scope.color_node(colour).unwrap();
    })
}

/// What [`depth_case`] gives every covered pixel. Both planes lie at z = 0, 5 in front of the
/// orthographic camera (near 0.5, far 10): `viewZToOrthographicDepth(-5, 0.5, 10)` = (-5 +
/// 0.5) / (0.5 - 10) = 9/19 for both depths; the orthographic projection's z row gives clip z
/// = (-2 / 9.5)·(-5) - 10.5 / 9.5 = -1/19, so blue 0.5 - 1/19.
pub const DEPTH_COLOUR: [f32; 3] = [9.0 / 19.0, 9.0 / 19.0, 0.5 - 1.0 / 19.0];
/// The material accessors' case (R-VAL-20): the two planes share one program but not their
/// materials: the left a STANDARD material of colour (0.2, 0.4, 0.6) (linear), roughness 0.3,
/// metalness 0.7, opacity 0.5, emissive (0.1, 0.2, 0.3) at intensity 2; the right a PHONG material
/// of colour (0.8, 0.1, 0.05), shininess 60, specular (0.25, 0.5, 0.75) and alpha test 0.125.
/// The colour node is unlit (BASIC-like: STANDARD and PHONG shade it, so the program sets
/// `output_node` to its colour): see [`material_colour_at`].
pub fn material_case() -> ScreenCase {
    let mut c = case(|scope| {
        let red = material_color().x() + material_roughness() * 0.1 + material_shininess() * 0.001;
        let green = material_color().y()
            + material_metalness() * 0.1
            + material_specular().y() * 0.1
            + material_alpha_test();
        let blue = material_color().z() * material_opacity() + material_emissive().z() * 0.1;
        scope.output_node(vec3(red, green, blue)).unwrap();
    });
    let program = c.assets.materials.iter().next().unwrap().1.nodes.unwrap();
    let mut left = Material::standard(Color::linear(0.2, 0.4, 0.6), 0.3, 0.7).with_nodes(program);
    left.opacity = 0.5;
    left.emissive = Color::linear(0.1, 0.2, 0.3);
    left.emissive_intensity = 2.0;
    let mut right = Material::phong(Color::linear(0.8, 0.1, 0.05)).with_nodes(program);
    right.shininess = 60.0;
    right.specular = Color::linear(0.25, 0.5, 0.75);
    right.alpha_test = 0.125;
    let left = c.assets.materials.add(left);
    let right = c.assets.materials.add(right);
    let plane = c.scene.objects()[0].mesh.unwrap().geometry;
    let mut scene = Scene::new();
    scene.add(Object::mesh(plane, left).at(Vec3::new(-1.0, 0.0, 0.0)));
    scene.add(Object::mesh(plane, right).at(Vec3::new(1.0, 0.0, 0.0)));
    c.scene = scene;
    c
}

/// The colour [`material_case`] must give at a pixel of the left plane (`left`) or the right,
/// by hand from the materials' values and three.js's defaults (a STANDARD material's shininess
/// 30, specular 0x111111 = 0.005605 linear, alpha test 0; a PHONG material's roughness 1,
/// metalness 0, opacity 1, emissive black).
pub fn material_colour_at(left: bool) -> [f32; 3] {
    if left {
        // 0.2 + 0.03 + 0.03; 0.4 + 0.07 + 0.0005605 + 0; 0.6 × 0.5 + 0.6 × 0.1.
        [0.26, 0.470_560_5, 0.36]
    } else {
        // 0.8 + 0.1 + 0.06; 0.1 + 0 + 0.05 + 0.125; 0.05 × 1 + 0.
        [0.96, 0.275, 0.05]
    }
}

/// Check a linear image of [`material_case`]: the left plane's pixels (columns 8 to 23) and the
/// right's (40 to 55), rows 8 to 23, within `bound`.
pub fn check_material_colours(image: &LinearImage, bound: f32, what: &str) {
    for y in 8..=23 {
        for (x, left) in [(8, true), (23, true), (40, false), (55, false)] {
            let got = image.pixel(x, y).unwrap();
            let want = material_colour_at(left);
            for k in 0..3 {
                assert!(
                    (got[k] - want[k]).abs() <= bound,
                    "{what}: pixel ({x}, {y}) is {got:?}, want {want:?}"
                );
            }
        }
    }
}

/// The physical extensions' accessors (R-VAL-21): the two planes share one program; the left is
/// a PHYSICAL material with ior 2, specular intensity 0.5, specular colour (0.2, 0.4, 0.6), sheen
/// 0.5 of colour (0.4, 0.2, 0.8), sheen roughness 0.3, iridescence 0.25 of IOR 1.5 and thickness
/// range [100, 500], anisotropy 0.2 at rotation 0 and dispersion 0.1; the right a PHYSICAL
/// material with three.js's defaults. See [`physical_colour_at`].
pub fn physical_material_case() -> ScreenCase {
    let mut c = case(|scope| {
        let red = material_ior() * 0.1
            + material_specular_intensity() * 0.1
            + material_sheen().x()
            + material_iridescence_thickness() * 0.0001;
        let green = material_specular_color().y() * 0.5
            + material_sheen_roughness() * 0.1
            + material_iridescence() * 0.1
            + material_anisotropy().y();
        let blue = material_iridescence_ior() * 0.1
            + material_anisotropy().x()
            + material_dispersion()
            + material_sheen().z();
        scope.output_node(vec3(red, green, blue)).unwrap();
    });
    let program = c.assets.materials.iter().next().unwrap().1.nodes.unwrap();
    let left = Material {
        ior: 2.0,
        specular_intensity: 0.5,
        specular_color: Color::linear(0.2, 0.4, 0.6),
        sheen: 0.5,
        sheen_color: Color::linear(0.4, 0.2, 0.8),
        sheen_roughness: 0.3,
        iridescence: 0.25,
        iridescence_ior: 1.5,
        iridescence_thickness_range: [100.0, 500.0],
        anisotropy: 0.2,
        anisotropy_rotation: 0.0,
        dispersion: 0.1,
        ..Material::physical(Color::WHITE, 0.5, 0.0).with_nodes(program)
    };
    let right = Material::physical(Color::WHITE, 0.5, 0.0).with_nodes(program);
    let left = c.assets.materials.add(left);
    let right = c.assets.materials.add(right);
    let plane = c.scene.objects()[0].mesh.unwrap().geometry;
    let mut scene = Scene::new();
    scene.add(Object::mesh(plane, left).at(Vec3::new(-1.0, 0.0, 0.0)));
    scene.add(Object::mesh(plane, right).at(Vec3::new(1.0, 0.0, 0.0)));
    c.scene = scene;
    c
}

/// What [`physical_material_case`] gives a pixel of the left plane (`left`) or the right, by
/// hand: `materialSheen` is sheenColor · sheen, `materialIridescenceThickness` the range's
/// maximum, `materialAnisotropy` anisotropy · (cos, sin)(rotation); three.js's defaults are
/// ior 1.5, specular intensity 1 and colour white, sheen 0, sheen roughness 1, iridescence 0 of
/// IOR 1.3 and range [100, 400], anisotropy 0, dispersion 0.
pub fn physical_colour_at(left: bool) -> [f32; 3] {
    if left {
        // 0.2 + 0.05 + 0.2 + 0.05; 0.2 + 0.03 + 0.025 + 0; 0.15 + 0.2 + 0.1 + 0.4.
        [0.5, 0.255, 0.85]
    } else {
        // 0.15 + 0.1 + 0 + 0.04; 0.5 + 0.1 + 0 + 0; 0.13 + 0 + 0 + 0.
        [0.29, 0.6, 0.13]
    }
}

/// Check a linear image of [`physical_material_case`] as [`check_material_colours`] does.
pub fn check_physical_colours(image: &LinearImage, bound: f32, what: &str) {
    for y in 8..=23 {
        for (x, left) in [(8, true), (23, true), (40, false), (55, false)] {
            let got = image.pixel(x, y).unwrap();
            let want = physical_colour_at(left);
            for k in 0..3 {
                assert!(
                    (got[k] - want[k]).abs() <= bound,
                    "{what}: pixel ({x}, {y}) is {got:?}, want {want:?}"
                );
            }
        }
    }
}
