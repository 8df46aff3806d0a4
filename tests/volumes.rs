//! Volumes (R-VAL-22, R-VOL-1, R-VOL-2 in docs/requirements.md): `Texture3d`'s reads worked by
//! hand, a VOLUME material's ray march against an independent f64 transcription of three.js
//! r187's `VolumetricLightingModel` (both ray directions, OFFSET_NODE, SCATTERING_NODE at the
//! step's position, Beer's law), the lights a ray gathers, and the refusals.

use glam::{DVec3, Vec3};
use tsl::prelude::*;
use tsl::raster::*;

// ---- Texture3d, by hand.

/// A 2×2×2 float volume whose texel (x, y, z) holds x + 2y + 4z.
fn counting() -> Texture3d {
    let values: Vec<f32> = (0..8).map(|i| i as f32).collect();
    Texture3d::from_f32(2, 2, 2, &values).unwrap()
}

#[test]
fn nearest_reads_the_texel_the_coordinate_falls_in() {
    let v = counting();
    // u = 0.75 is in texel 1 of 2, v = 0.25 in 0, w = 0.75 in 1: 1 + 0 + 4 = 5.
    assert_eq!(
        v.sample(Vec3::new(0.75, 0.25, 0.75)),
        glam::Vec4::new(5.0, 0.0, 0.0, 1.0)
    );
    // Clamp to edge by default.
    assert_eq!(v.sample(Vec3::new(7.0, -3.0, 0.1)).x, 1.0);
}

#[test]
fn linear_weighs_the_eight_nearest_texels() {
    let mut v = counting();
    v.filter = VolumeFilter::Linear;
    // At the centre every texel weighs 1/8: (0 + 1 + ... + 7) / 8 = 3.5.
    assert_eq!(v.sample(Vec3::splat(0.5)).x, 3.5);
    // At u = 0.5, v = 0.25 (texel row 0's centre), w = 0.75 (slice 1's centre): (4 + 5) / 2.
    assert_eq!(v.sample(Vec3::new(0.5, 0.25, 0.75)).x, 4.5);
    // A quarter of the way from texel 0's centre to texel 1's along u: 0.25.
    assert_eq!(v.sample(Vec3::new(0.375, 0.25, 0.25)).x, 0.25);
}

#[test]
fn wraps_follow_opengl_on_each_axis() {
    let mut v = counting();
    v.wrap_s = Wrap::Repeat;
    v.wrap_r = Wrap::MirroredRepeat;
    // u = 1.25 repeats to 0.25 (texel 0); w = 1.25 mirrors to 0.75 (texel 1): 0 + 0 + 4.
    assert_eq!(v.sample(Vec3::new(1.25, 0.25, 1.25)).x, 4.0);
}

#[test]
fn bytes_are_data_not_colour() {
    let r8 = Texture3d::new(1, 1, 1, VolumeFormat::R8, &[51]).unwrap();
    assert_eq!(r8.sample(Vec3::ZERO), glam::Vec4::new(0.2, 0.0, 0.0, 1.0));
    let rgba = Texture3d::new(1, 1, 1, VolumeFormat::Rgba8, &[255, 0, 102, 51]).unwrap();
    assert_eq!(rgba.sample(Vec3::ZERO), glam::Vec4::new(1.0, 0.0, 0.4, 0.2));
}

#[test]
fn bad_volumes_are_refused() {
    assert!(matches!(
        Texture3d::new(0, 1, 1, VolumeFormat::R8, &[]),
        Err(VolumeError::Size { .. })
    ));
    assert!(matches!(
        Texture3d::new(2, 2, 2, VolumeFormat::R8, &[0; 7]),
        Err(VolumeError::DataLength {
            expected: 8,
            found: 7,
            ..
        })
    ));
    assert!(matches!(
        Texture3d::from_f32(1, 1, 2, &[0.0, f32::NAN]),
        Err(VolumeError::NotFinite { index: 1 })
    ));
    assert!(matches!(
        Texture3d::new(4096, 4096, 2, VolumeFormat::R8, &[]),
        Err(VolumeError::Size { .. })
    ));
}

// ---- The march.

const SIDE: u32 = 4;

/// A 2×2×2 VOLUME box at the origin seen by an orthographic camera at (0, 0, `camera_z`)
/// looking down −z over x, y in [−1, 1], on a 4×4 image; one point light; SCATTERING_NODE =
/// 1 + 0.5 · position_world().z, OFFSET_NODE = `offset`.
fn march_scene(camera_z: f32, offset: Option<f32>, steps: u32) -> (Scene, Camera, Assets) {
    march_scene_lit(camera_z, offset, steps, false)
}

/// The spot light of [`march_scene_lit`]: at (0.5, 1.5, 0) toward (0, −1, 0), angle 0.5,
/// penumbra 0.5, decay 2, no cutoff.
const SPOT: (f64, f64) = (0.5, 0.5);

/// [`march_scene`], lit by the point light or, with `spot`, by a spot light instead.
fn march_scene_lit(
    camera_z: f32,
    offset: Option<f32>,
    steps: u32,
    spot: bool,
) -> (Scene, Camera, Assets) {
    let mut assets = Assets::new();
    let g = NodeGraph::new();
    let z = g.swizzle(g.position_world(), "z");
    g.set_output(SCATTERING_NODE, g.add(g.float(1.0), g.mul(z, g.float(0.5))))
        .unwrap();
    if let Some(o) = offset {
        g.set_output(OFFSET_NODE, g.float(o)).unwrap();
    }
    let program = assets.programs.add(g.compile().unwrap());
    let geometry = assets
        .geometries
        .add(BoxGeometry::new(2.0, 2.0, 2.0).build());
    let material = assets.materials.add(Material::volume(steps, program));
    let mut scene = Scene::new();
    scene.add(Object::mesh(geometry, material));
    if spot {
        let mut light = Light::spot(
            Color::linear(1.0, 0.5, 0.25),
            40.0,
            Vec3::new(0.5, 1.5, 0.0),
            Vec3::new(0.0, -1.0, 0.0),
            SPOT.0 as f32,
        );
        if let Light::Spot { penumbra, .. } = &mut light {
            *penumbra = SPOT.1 as f32;
        }
        scene.add_light(light);
    } else {
        scene.add_light(Light::point(
            Color::linear(1.0, 0.5, 0.25),
            40.0,
            Vec3::new(0.5, 0.25, 0.0),
        ));
    }
    let camera =
        Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 20.0).at(Vec3::new(0.0, 0.0, camera_z));
    (scene, camera, assets)
}

/// three.js r187's ray (VolumetricLightingModel.start, direct, finish) for the fragment at
/// world position `p`, in f64: the outgoing ray light.
fn reference(camera: DVec3, p: DVec3, steps: u32, offset: f64, spot: bool) -> DVec3 {
    reference_gated(camera, p, steps, offset, spot, None)
}

/// [`reference`] with the scene-depth gate (R-VOL-5) of an opaque scene at world z `wall`
/// (`None`: no gate) seen by the orthographic camera looking down −z: a step gathers light
/// only at or before the wall's camera-axis distance, `camera.z − ray.z <= camera.z − wall`.
fn reference_gated(
    camera: DVec3,
    p: DVec3,
    steps: u32,
    offset: f64,
    spot: bool,
    wall: Option<f64>,
) -> DVec3 {
    let radius = 3f64.sqrt(); // the 2×2×2 box's bounding sphere
    let front_to_back = (camera - p).length() > radius * 2.0;
    let (start, end) = if front_to_back {
        (camera, p)
    } else {
        (p, camera)
    };
    let view = end - start;
    let step = view.length() / steps as f64;
    let dir = view.normalize();
    let mut travelled = offset * step;
    let mut transmittance = DVec3::ONE;
    let mut out = DVec3::ZERO;
    let light = if spot {
        DVec3::new(0.5, 1.5, 0.0)
    } else {
        DVec3::new(0.5, 0.25, 0.0)
    };
    let axis = (light - DVec3::new(0.0, -1.0, 0.0)).normalize();
    let color = DVec3::new(1.0, 0.5, 0.25) * 40.0;
    for _ in 0..steps {
        let ray = start + dir * travelled;
        let d = (light - ray).length();
        // getDistanceAttenuation with cutoff 0, decay 2.
        let mut density = color / d.powi(2).max(0.01);
        if wall.is_some_and(|w| camera.z - ray.z > camera.z - w) {
            density = DVec3::ZERO;
        }
        if spot {
            // SpotLightNode: smoothstep(cos(angle), cos(angle · (1 − penumbra)), dot(l, axis)).
            let (low, high) = (SPOT.0.cos(), (SPOT.0 * (1.0 - SPOT.1)).cos());
            let x = ((light - ray).normalize().dot(axis) - low) / (high - low);
            let t = x.clamp(0.0, 1.0);
            density *= t * t * (3.0 - 2.0 * t);
        }
        density *= 1.0 + 0.5 * ray.z;
        let step_light = density * 0.01;
        let falloff = (-density * 0.01 * step).exp();
        if front_to_back {
            out += step_light * transmittance * step;
        } else {
            out = out * falloff + step_light * step;
        }
        transmittance *= falloff;
        travelled += step;
    }
    out
}

fn render(scene: &Scene, camera: &Camera, assets: &Assets) -> LinearImage {
    Renderer::new(RenderSettings::new(SIDE, SIDE))
        .render_linear(scene, camera, assets)
        .unwrap()
}

/// Every pixel against the reference: the pixel (i, j) sees the box's back face z = −1 at
/// x = −1 + (i + ½) / 2, y = 1 − (j + ½) / 2.
fn check_march(camera_z: f32, offset: Option<f32>, steps: u32) {
    check_march_lit(camera_z, offset, steps, false);
}

fn check_march_lit(camera_z: f32, offset: Option<f32>, steps: u32, spot: bool) {
    let (scene, camera, assets) = march_scene_lit(camera_z, offset, steps, spot);
    let image = render(&scene, &camera, &assets);
    let mut brightest = 0.0f64;
    for j in 0..SIDE {
        for i in 0..SIDE {
            let p = DVec3::new(
                -1.0 + (i as f64 + 0.5) / 2.0,
                1.0 - (j as f64 + 0.5) / 2.0,
                -1.0,
            );
            let want = reference(
                DVec3::new(0.0, 0.0, camera_z as f64),
                p,
                steps,
                offset.unwrap_or(0.0) as f64,
                spot,
            );
            let got = image.pixel(i, j).unwrap();
            brightest = brightest.max(want.max_element());
            for k in 0..3 {
                // f32 against f64 over 20 steps of exp and pow: a relative 1e-4.
                let bound = 1e-4 * want[k].abs().max(1e-3);
                assert!(
                    (got[k] as f64 - want[k]).abs() <= bound,
                    "camera z {camera_z}, pixel ({i}, {j}) channel {k}: {} against {}",
                    got[k],
                    want[k]
                );
            }
            assert_eq!(got[3], 1.0, "the material's opacity is the alpha");
        }
    }
    assert!(brightest > 0.05, "the ray gathers light: {brightest}");
}

#[test]
fn a_far_camera_marches_from_the_camera_to_the_fragment() {
    // |camera − fragment| ≥ 11 > 2 · √3.
    check_march(10.0, None, 20);
}

#[test]
fn a_near_camera_marches_from_the_fragment_to_the_camera() {
    // |camera − fragment| ≤ 2.8 + ... < 2 · √3 ≈ 3.46 at every pixel (at most √(0.75² · 2 + 2.8²)).
    check_march(1.8, None, 20);
}

#[test]
fn the_offset_node_moves_the_first_step() {
    check_march(10.0, Some(0.5), 25);
    check_march(1.8, Some(0.25), 7);
}

#[test]
fn a_spot_light_lights_the_ray_through_its_cone() {
    check_march_lit(10.0, Some(0.5), 16, true);
    check_march_lit(1.8, None, 16, true);
}

#[test]
fn a_directional_light_adds_nothing_and_the_emissive_node_adds_to_the_ray() {
    let (mut scene, camera, mut assets) = march_scene(10.0, None, 10);
    scene.lights.clear();
    scene.add_light(Light::directional(Color::WHITE, 5.0, Vec3::ONE));
    let image = render(&scene, &camera, &assets);
    assert_eq!(image.pixel(1, 1).unwrap(), [0.0, 0.0, 0.0, 1.0]);

    let g = NodeGraph::new();
    g.set_output(SCATTERING_NODE, g.float(1.0)).unwrap();
    g.set_output(EMISSIVE_NODE, g.vec3(0.25, 0.5, 0.0)).unwrap();
    let program = assets.programs.add(g.compile().unwrap());
    *assets.materials.get_mut(MaterialId(0)).unwrap() = Material::volume(10, program);
    let image = render(&scene, &camera, &assets);
    assert_eq!(image.pixel(1, 1).unwrap(), [0.25, 0.5, 0.0, 1.0]);
}

#[test]
fn a_rect_light_of_no_area_adds_nothing_and_one_of_area_adds_light() {
    let (mut scene, camera, assets) = march_scene(10.0, None, 10);
    scene.lights.clear();
    let rect = |width: f32| Light::RectArea {
        color: Color::WHITE,
        intensity: 5.0,
        width,
        height: 1.0,
        position: Vec3::new(0.0, 0.0, 0.5),
        target: Vec3::new(0.0, 0.0, -1.0),
    };
    scene.add_light(rect(0.0));
    let image = render(&scene, &camera, &assets);
    assert_eq!(image.pixel(1, 1).unwrap(), [0.0, 0.0, 0.0, 1.0]);
    scene.lights.clear();
    scene.add_light(rect(1.0));
    let image = render(&scene, &camera, &assets);
    let lit = image.pixel(1, 1).unwrap();
    assert!(
        lit[0] > 0.0 && lit[0] == lit[1] && lit[1] == lit[2],
        "{lit:?}"
    );
}

#[test]
fn a_volume_refuses_what_three_js_has_not() {
    let (scene, camera, mut assets) = march_scene(10.0, None, 10);
    let id = MaterialId(0);
    let refused = |assets: &Assets| {
        Renderer::new(RenderSettings::new(SIDE, SIDE))
            .render_linear(&scene, &camera, assets)
            .unwrap_err()
            .to_string()
    };
    let base = assets.materials.get(id).unwrap().clone();
    assets.materials.get_mut(id).unwrap().emissive = Color::WHITE;
    assert!(
        refused(&assets).contains("emissive"),
        "{}",
        refused(&assets)
    );
    *assets.materials.get_mut(id).unwrap() = Material {
        volume_steps: 0,
        ..base.clone()
    };
    assert!(refused(&assets).contains("1 to 256 steps, not 0"));
    *assets.materials.get_mut(id).unwrap() = Material {
        volume_steps: MAX_VOLUME_STEPS + 1,
        ..base.clone()
    };
    assert!(refused(&assets).contains("not 257"));
    *assets.materials.get_mut(id).unwrap() = Material {
        nodes: None,
        ..base
    };
    assert!(refused(&assets).contains("needs a node program"));
}

#[test]
fn a_program_reading_a_missing_volume_is_refused() {
    let mut assets = Assets::new();
    let g = NodeGraph::new();
    let map = g.volume_uniform("noise", TextureId(3));
    let read = g.texture_3d(map, g.position_local());
    g.set_output(COLOR_NODE, g.swizzle(read, "xyz")).unwrap();
    let program = assets.programs.add(g.compile().unwrap());
    // A 2D texture of the same id does not stand in for the volume.
    for _ in 0..4 {
        assets.textures.add(Texture::new(
            Image::from_rgba8(1, 1, vec![255; 4]).unwrap(),
            ColorSpace::Linear,
        ));
    }
    let geometry = assets
        .geometries
        .add(BoxGeometry::new(1.0, 1.0, 1.0).build());
    let material = assets
        .materials
        .add(Material::basic(Color::WHITE).with_nodes(program));
    let mut scene = Scene::new();
    scene.add(Object::mesh(geometry, material));
    let camera = Camera::perspective(50.0, 0.1, 10.0).at(Vec3::new(0.0, 0.0, 3.0));
    let e = Renderer::new(RenderSettings::new(SIDE, SIDE))
        .render_linear(&scene, &camera, &assets)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("reads volume 3 (uniform 'noise'), which is not in assets.volumes"),
        "{e}"
    );
}

#[test]
fn texture_3d_reads_the_volume_in_a_render() {
    // An unlit box whose colour is its volume read at a constant coordinate: texel 5 of
    // `counting` (1 + 4) / 7 in red, by hand 5/7.
    let mut assets = Assets::new();
    let values: Vec<f32> = (0..8).map(|i| i as f32 / 7.0).collect();
    let volume = assets
        .volumes
        .add(Texture3d::from_f32(2, 2, 2, &values).unwrap());
    let g = NodeGraph::new();
    let map = g.volume_uniform("v", volume);
    let read = g.texture_3d(map, g.vec3(0.75, 0.25, 0.75));
    g.set_output(COLOR_NODE, g.swizzle(read, "xyz")).unwrap();
    let program = assets.programs.add(g.compile().unwrap());
    let geometry = assets
        .geometries
        .add(BoxGeometry::new(1.0, 1.0, 1.0).build());
    let material = assets
        .materials
        .add(Material::basic(Color::WHITE).with_nodes(program));
    let mut scene = Scene::new();
    scene.add(Object::mesh(geometry, material));
    let camera = Camera::perspective(50.0, 0.1, 10.0).at(Vec3::new(0.0, 0.0, 3.0));
    let image = render(&scene, &camera, &assets);
    let centre = image.pixel(2, 2).unwrap();
    assert_eq!(centre, [5.0 / 7.0, 0.0, 0.0, 1.0]);
}

/// Hold each pixel of `image` to the f64 reference ray gated by an opaque wall at world z 0.2
/// (within 1e-4 relative), for the camera at (0, 0, `camera_z`): the pixel (i, j) sees the box's
/// back face z = −1 at x = −1 + (i + ½) / 2, y = 1 − (j + ½) / 2. Gives each pixel's gated and
/// ungated reference.
fn hold_to_the_wall_s_gate(
    image: &LinearImage,
    camera_z: f32,
    offset: f64,
    steps: u32,
) -> Vec<(DVec3, DVec3)> {
    let cam = DVec3::new(0.0, 0.0, camera_z as f64);
    let mut references = Vec::new();
    for j in 0..SIDE {
        for i in 0..SIDE {
            let p = DVec3::new(
                -1.0 + (i as f64 + 0.5) / 2.0,
                1.0 - (j as f64 + 0.5) / 2.0,
                -1.0,
            );
            let want = reference_gated(cam, p, steps, offset, false, Some(0.2));
            let got = image.pixel(i, j).unwrap();
            for k in 0..3 {
                let bound = 1e-4 * want[k].abs().max(1e-3);
                assert!(
                    (got[k] as f64 - want[k]).abs() <= bound,
                    "camera z {camera_z}, pixel ({i}, {j}) channel {k}: {} against {}",
                    got[k],
                    want[k]
                );
            }
            references.push((want, reference(cam, p, steps, offset, false)));
        }
    }
    references
}

/// R-VOL-5: an opaque wall across the volume at world z 0.2, facing the camera, and the volume
/// with its scene-depth gate on: each pixel is the reference ray with the steps behind the wall
/// (farther along the camera's axis) gathering nothing, for a ray from the camera (camera at
/// z 10) and a ray to it (z 1.8). No step lies within 0.05 of the wall, so the f32 depth's
/// rounding decides nothing.
#[test]
fn the_scene_depth_gate_stops_the_ray_at_the_opaque_scene() {
    for (camera_z, offset) in [(10.0f32, None), (1.8, Some(0.25))] {
        let steps = 20;
        let (mut scene, camera, mut assets) = march_scene(camera_z, offset, steps);
        assets
            .materials
            .get_mut(MaterialId(0))
            .unwrap()
            .set_volume_scene_depth(true)
            .unwrap();
        let wall_g = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
        let wall_m = assets.materials.add(Material::basic(Color::WHITE));
        scene.add(Object::mesh(wall_g, wall_m).at(Vec3::new(0.0, 0.0, 0.2)));
        let image = render(&scene, &camera, &assets);
        let off = offset.unwrap_or(0.0) as f64;
        let (mut gated, mut lit) = (0, 0.0f64);
        for (want, open) in hold_to_the_wall_s_gate(&image, camera_z, off, steps) {
            gated += usize::from((want - open).abs().max_element() > 1e-3);
            lit = lit.max(want.max_element());
        }
        assert!(
            gated == (SIDE * SIDE) as usize,
            "the wall gates every pixel: {gated}"
        );
        assert!(
            lit > 0.01,
            "steps before the wall still gather light: {lit}"
        );
    }
}

/// R-VOL-5: with no opaque surface under it, a pixel reads the camera's far (20), beyond every
/// step: the gated ray is the ungated one.
#[test]
fn a_clear_pixel_gates_at_the_camera_s_far() {
    let (scene, camera, mut assets) = march_scene(10.0, None, 20);
    let open = render(&scene, &camera, &assets);
    assets
        .materials
        .get_mut(MaterialId(0))
        .unwrap()
        .set_volume_scene_depth(true)
        .unwrap();
    assert_eq!(render(&scene, &camera, &assets), open);
}

/// R-VOL-5: the gate is a VOLUME material's alone (tests of the GPU are in gpu_volumes.rs).
#[test]
fn the_scene_depth_gate_is_refused_on_another_kind() {
    let mut standard = Material::standard(Color::WHITE, 0.5, 0.0);
    assert_eq!(
        standard.set_volume_scene_depth(true),
        Err(MaterialRefusal::VolumeSceneDepthOnKind)
    );
    assert_eq!(standard.set_volume_scene_depth(false), Ok(()));
    // Set by hand, it is refused before drawing.
    let (mut scene, camera, mut assets) = march_scene(10.0, None, 4);
    standard.volume_scene_depth = true;
    let m = assets.materials.add(standard);
    let g = assets.geometries.add(PlaneGeometry::new(1.0, 1.0).build());
    scene.add(Object::mesh(g, m));
    let e = Renderer::new(RenderSettings::new(SIDE, SIDE))
        .render_linear(&scene, &camera, &assets)
        .unwrap_err();
    assert!(e.to_string().contains("volume_scene_depth"), "{e}");
}

/// R-VOL-4: a volume's RECEIVED_SHADOW_NODE is refused (three.js would run it at each step for
/// each light), not ignored.
#[test]
fn a_volume_refuses_a_received_shadow_node() {
    let (scene, camera, mut assets) = march_scene(10.0, None, 4);
    let g = NodeGraph::new();
    g.set_output(SCATTERING_NODE, g.float(1.0)).unwrap();
    g.set_output(RECEIVED_SHADOW_NODE, g.vec3(1.0, 0.0, 0.0))
        .unwrap();
    let program = assets.programs.add(g.compile().unwrap());
    *assets.materials.get_mut(MaterialId(0)).unwrap() = Material::volume(4, program);
    let e = Renderer::new(RenderSettings::new(SIDE, SIDE))
        .render_linear(&scene, &camera, &assets)
        .unwrap_err();
    assert!(e.to_string().contains("RECEIVED_SHADOW_NODE"), "{e}");
}

/// R-VOL-5: `capture_volume_depth` turns window depths into camera-axis distances (near 1, far
/// 9: perspective 0.75 and orthographic 0.25 are 3 m, a clear pixel the far) and refuses a
/// wrong-sized, nonfinite or unusable snapshot with the reason, keeping the one it had.
#[test]
fn capture_volume_depth_refuses_bad_snapshots() {
    let (scene, _, assets) = march_scene(10.0, None, 4);
    let perspective = Camera::perspective(60.0, 1.0, 9.0);
    let mut target = Renderer::new(RenderSettings::new(2, 1))
        .opaque_pass(&scene, &perspective, &assets)
        .unwrap();
    assert_eq!(target.volume_depth(), None);
    let depth = OpaqueDepth::new(2, 1, vec![0.75, 1.0]).unwrap();
    target
        .capture_volume_depth(&depth, perspective.to_screen(2, 1), 9.0)
        .unwrap();
    let d = target.volume_depth().unwrap();
    assert!((d[0] - 3.0).abs() < 1e-5 && d[1] == 9.0, "{d:?}");
    let orthographic = Camera::orthographic(-1.0, 1.0, 0.5, -0.5, 1.0, 9.0);
    let depth = OpaqueDepth::new(2, 1, vec![0.25, 0.25]).unwrap();
    target
        .capture_volume_depth(&depth, orthographic.to_screen(2, 1), 9.0)
        .unwrap();
    assert!((target.volume_depth().unwrap()[1] - 3.0).abs() < 1e-5);
    let kept = target.volume_depth().unwrap().to_vec();

    let to_screen = perspective.to_screen(2, 1);
    let refused = |target: &mut TransmissionTarget, depth: &OpaqueDepth, m, far, why: &str| {
        let e = target.capture_volume_depth(depth, m, far).unwrap_err();
        assert!(
            matches!(e, RenderError::Refused(Refusal::VolumeDepth(_))),
            "{e}"
        );
        assert!(e.to_string().contains(why), "{e} lacks {why}");
    };
    let wrong_size = OpaqueDepth::new(1, 2, vec![0.5, 0.5]).unwrap();
    refused(&mut target, &wrong_size, to_screen, 9.0, "1×2 opaque depth");
    let nan = OpaqueDepth::new(2, 1, vec![0.5, f32::NAN]).unwrap();
    refused(&mut target, &nan, to_screen, 9.0, "pixel (1, 0) is NaN");
    let ok = OpaqueDepth::new(2, 1, vec![0.5, 0.5]).unwrap();
    refused(
        &mut target,
        &ok,
        glam::Mat4::NAN,
        9.0,
        "to_screen is not finite",
    );
    refused(&mut target, &ok, to_screen, f32::INFINITY, "far is inf");
    refused(&mut target, &ok, to_screen, 0.0, "far is 0");
    // A matrix whose depth rows cannot be inverted (0 / 0).
    refused(
        &mut target,
        &ok,
        glam::Mat4::ZERO,
        9.0,
        "gives the distance",
    );
    assert_eq!(target.volume_depth().unwrap(), &kept[..]);
    assert!(matches!(
        OpaqueDepth::new(2, 2, vec![0.5; 3]),
        Err(RenderError::Refused(Refusal::VolumeDepth(_)))
    ));
}

/// R-VOL-5 (docs/requirements.md: the capture leaves out every volume, blended draw and
/// transmissive draw): a transmissive pane across the volume, drawn before it (render order), leaves no
/// depth in the capture, so the gated volume is the ungated one; the same pane made opaque
/// (transmission 0) gates it.
#[test]
fn a_transmissive_draw_is_not_in_the_captured_depth() {
    let with_pane = |transmission: f32, gate: bool| {
        let (mut scene, camera, mut assets) = march_scene(10.0, None, 20);
        let volume = assets.materials.get_mut(MaterialId(0)).unwrap();
        volume.set_volume_scene_depth(gate).unwrap();
        let pane_g = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
        let mut pane = Material::physical(Color::WHITE, 0.5, 0.0);
        pane.transmission = transmission;
        let pane_m = assets.materials.add(pane);
        scene.add(Object::mesh(pane_g, pane_m).at(Vec3::new(0.0, 0.0, 0.2)));
        if let Some(mesh) = scene.object_mut(ObjectId(0)).and_then(|o| o.mesh.as_mut()) {
            mesh.render_order = 1;
        }
        render(&scene, &camera, &assets)
    };
    assert_eq!(with_pane(1.0, true), with_pane(1.0, false));
    assert_ne!(with_pane(0.0, true), with_pane(0.0, false));
}

/// R-VOL-5, the CPU's low-level call: the gated volume alone (no wall in the scene) drawn with a
/// caller's snapshot of a wall at world z 0.2 is the f64 reference gated at that wall. The
/// orthographic camera at z 10 (near 0.1, far 20) sees the wall 9.8 away: window depth
/// (9.8 − 0.1) / (20 − 0.1) = 9.7 / 19.9. Without a snapshot the call is refused.
#[test]
fn a_low_level_cpu_call_reads_the_caller_s_snapshot() {
    let steps = 20;
    let (scene, camera, mut assets) = march_scene(10.0, None, steps);
    let volume = assets.materials.get_mut(MaterialId(0)).unwrap();
    volume.set_volume_scene_depth(true).unwrap();
    let renderer = Renderer::new(RenderSettings::new(SIDE, SIDE));
    let e = renderer
        .render_linear_with_target(&scene, &camera, &assets, None)
        .unwrap_err();
    assert!(
        matches!(
            e,
            RenderError::Refused(Refusal::NoVolumeDepth {
                object: 0,
                target: false
            })
        ),
        "{e}"
    );
    let empty = renderer.render_linear(&Scene::new(), &camera, &assets);
    let mut target = TransmissionTarget::new(&empty.unwrap());
    let e = renderer
        .render_linear_with_target(&scene, &camera, &assets, Some(&target))
        .unwrap_err();
    assert!(e.to_string().contains("capture_volume_depth"), "{e}");

    let wall = OpaqueDepth::new(SIDE, SIDE, vec![9.7 / 19.9; (SIDE * SIDE) as usize]).unwrap();
    target
        .capture_volume_depth(&wall, camera.to_screen(SIDE, SIDE), camera.far)
        .unwrap();
    let image = renderer
        .render_linear_with_target(&scene, &camera, &assets, Some(&target))
        .unwrap();
    hold_to_the_wall_s_gate(&image, 10.0, 0.0, steps);
}
