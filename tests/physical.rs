//! PHONG's subsurface scattering (`Material::set_scattering`, three.js's
//! `SubsurfaceScatteringShader`) and MeshSSSNodeMaterial's thickness outputs, held to values
//! worked out by hand from their formula, and the refusals. (MeshPhysical's extensions are held to three.js's own renders in raster_three.rs
//! and gpu_three.rs, and the GPU to the CPU in gpu_parity.rs.)

use glam::Vec3;
use tsl::prelude::*;
use tsl::raster::*;

/// A 2×2 plane facing an orthographic camera, lit by one white directional light of intensity
/// 1 from `light`, no other light; the linear colour at the centre pixel.
fn centre(material: Material, light: Vec3, texture: Option<Texture>) -> [f32; 3] {
    centre_with(Assets::new(), material, light, texture)
}

/// [`centre`] with assets that already hold the material's program.
fn centre_with(
    mut assets: Assets,
    material: Material,
    light: Vec3,
    texture: Option<Texture>,
) -> [f32; 3] {
    let mut material = material;
    if let Some(t) = texture {
        let id = assets.textures.add(t);
        let mut s = material.scattering.expect("a scattering to map");
        s.map = Some(id);
        material.set_scattering(s).unwrap();
    }
    let g = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
    let m = assets.materials.add(material);
    let mut scene = Scene::new();
    scene.add(Object::mesh(g, m));
    scene.add_light(Light::directional(Color::WHITE, 1.0, light));
    let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::new(0.0, 0.0, 5.0));
    let image = Renderer::new(RenderSettings::new(8, 8))
        .render_linear(&scene, &camera, &assets)
        .unwrap();
    let [r, g, b, _] = image.pixel(4, 4).unwrap();
    [r, g, b]
}

fn scattering_phong(color: Color) -> Material {
    let mut m = Material::phong(Color::from_hex(0x808080));
    m.set_scattering(Scattering {
        color,
        ..Scattering::default()
    })
    .unwrap();
    m
}

fn close(got: [f32; 3], expected: [f32; 3]) {
    let worst = (0..3)
        .map(|k| (got[k] - expected[k]).abs())
        .fold(0.0, f32::max);
    assert!(worst < 1e-5, "{got:?} against {expected:?}");
}

#[test]
fn a_light_straight_behind_shows_through_the_surface() {
    // The light behind the plane: L = (0, 0, −1), N = V = (0, 0, 1). dot(N, L) = 0, so Phong
    // gives nothing; H = normalize(L + 0.1·N) = (0, 0, −1), dot(V, −H) = 1:
    // (1² · 10 + 0) · color · 0.1 · 1 = color.
    let color = [0.2, 0.1, 0.05];
    let got = centre(
        scattering_phong(Color::linear(color[0], color[1], color[2])),
        Vec3::new(0.0, 0.0, -5.0),
        None,
    );
    close(got, color);
}

#[test]
fn without_scattering_the_back_light_gives_nothing() {
    let got = centre(
        Material::phong(Color::from_hex(0x808080)),
        Vec3::new(0.0, 0.0, -5.0),
        None,
    );
    close(got, [0.0; 3]);
}

#[test]
fn the_thickness_map_red_channel_scales_the_colour() {
    // A uniform linear map of red 51/255 = 0.2: color · 0.2.
    let image = Image::from_rgba8(2, 2, [51, 255, 0, 255].repeat(4)).unwrap();
    let texture = Texture::new(image, ColorSpace::Linear);
    let got = centre(
        scattering_phong(Color::linear(1.0, 0.5, 0.25)),
        Vec3::new(0.0, 0.0, -5.0),
        Some(texture),
    );
    close(got, [0.2, 0.1, 0.05]);
}

#[test]
fn a_light_in_front_adds_the_ambient_share_to_phong() {
    // The light in front (L = V = N): the lobe is saturate(dot(V, −V)) = 0, so the scattering
    // adds ambient · color · attenuation = 0.5 · 1 · 0.1 = 0.05 to Phong's own light.
    let mut with = Material::phong(Color::from_hex(0x808080));
    with.set_scattering(Scattering {
        ambient: 0.5,
        ..Scattering::default()
    })
    .unwrap();
    let front = Vec3::new(0.0, 0.0, 5.0);
    let plain = centre(Material::phong(Color::from_hex(0x808080)), front, None);
    let got = centre(with, front, None);
    close(got, plain.map(|c| c + 0.05));
}

#[test]
fn scattering_is_for_phong_and_finite_values() {
    let mut standard = Material::standard(Color::WHITE, 0.5, 0.0);
    assert_eq!(
        standard.set_scattering(Scattering::default()),
        Err(ScatteringError::NotPhong(MaterialKind::Standard))
    );
    assert_eq!(standard.scattering, None);
    let mut phong = Material::phong(Color::WHITE);
    let bad = Scattering {
        power: f32::NAN,
        ..Scattering::default()
    };
    assert_eq!(
        phong.set_scattering(bad),
        Err(ScatteringError::NotFinite("power"))
    );
    assert_eq!(phong.scattering, None);
}

#[test]
fn the_physical_defaults_are_three_js_defaults() {
    // MeshPhysicalMaterial's constructor: ior 1.5, specularIntensity 1, specularColor white,
    // sheen 0, sheenRoughness 1, sheenColor black, iridescence 0, iridescenceIOR 1.3,
    // iridescenceThicknessRange [100, 400], anisotropy 0, anisotropyRotation 0, dispersion 0;
    // transmission 0, thickness 0, attenuationDistance Infinity, attenuationColor white.
    let m = Material::physical(Color::WHITE, 1.0, 0.0);
    assert_eq!(
        (m.ior, m.specular_intensity, m.specular_color),
        (1.5, 1.0, Color::WHITE)
    );
    assert_eq!(
        (m.sheen, m.sheen_roughness, m.sheen_color),
        (0.0, 1.0, Color::BLACK)
    );
    assert_eq!(
        (
            m.iridescence,
            m.iridescence_ior,
            m.iridescence_thickness_range
        ),
        (0.0, 1.3, [100.0, 400.0])
    );
    assert_eq!(
        (m.anisotropy, m.anisotropy_rotation, m.dispersion),
        (0.0, 0.0, 0.0)
    );
    assert_eq!(
        (m.transmission, m.thickness, m.attenuation_distance),
        (0.0, 0.0, f32::INFINITY)
    );
    assert_eq!(m.attenuation_color, Color::WHITE);
    assert!(!m.is_transmissive());
    // At the defaults the full model is not used: the standard batch model shades it.
    assert!(!m.uses_physical_extensions());
}

/// Assets holding a program that sets THICKNESS_COLOR_NODE to `color` and `numbers`, and a
/// material of `kind` (black) running it.
fn thickness_material(
    kind: MaterialKind,
    color: [f32; 3],
    numbers: &[(Output, f32)],
) -> (Assets, Material) {
    let mut assets = Assets::new();
    let g = NodeGraph::new();
    g.set_output(THICKNESS_COLOR_NODE, g.vec3(color[0], color[1], color[2]))
        .unwrap();
    for &(output, value) in numbers {
        g.set_output(output, g.float(value)).unwrap();
    }
    let program = assets.programs.add(g.compile().unwrap());
    let material = Material::new(kind, Color::BLACK).with_nodes(program);
    (assets, material)
}

#[test]
fn a_thickness_colour_lets_a_light_behind_through_a_physical_surface() {
    // A black PHYSICAL plane, the light straight behind: the physical model gives nothing
    // (dot(N, L) = 0) and three's defaults give (1² · 10 + 0) · color · 0.1 · 1 = color.
    let (assets, material) = thickness_material(MaterialKind::Physical, [0.2, 0.1, 0.05], &[]);
    let got = centre_with(assets, material, Vec3::new(0.0, 0.0, -5.0), None);
    close(got, [0.2, 0.1, 0.05]);
}

#[test]
fn the_five_thickness_outputs_replace_three_js_defaults() {
    // Scale 4, attenuation 0.5, ambient 0.25, the light behind: (1 · 4 + 0.25) · 0.1 · 0.5
    // = 0.2125 (power and distortion do not change a head-on lobe).
    let (assets, material) = thickness_material(
        MaterialKind::Physical,
        [0.1, 0.1, 0.1],
        &[
            (THICKNESS_SCALE_NODE, 4.0),
            (THICKNESS_ATTENUATION_NODE, 0.5),
            (THICKNESS_AMBIENT_NODE, 0.25),
            (THICKNESS_POWER_NODE, 3.0),
            (THICKNESS_DISTORTION_NODE, 0.3),
        ],
    );
    let got = centre_with(assets, material, Vec3::new(0.0, 0.0, -5.0), None);
    close(got, [0.2125; 3]);
}

#[test]
fn a_standard_material_ignores_the_thickness_outputs() {
    let (assets, material) = thickness_material(MaterialKind::Standard, [1.0, 1.0, 1.0], &[]);
    let got = centre_with(assets, material, Vec3::new(0.0, 0.0, -5.0), None);
    close(got, [0.0; 3]);
}
