//! Issue 13, Done-when bullet 3, for the rasterizer and the facade: what a user's scene,
//! geometry, materials, lights, cameras, textures and render sizes reach draws or is refused
//! (`RenderError`), and never panics. Each case runs under `catch_unwind`.

use glam::{Quat, Vec2, Vec3};
use std::panic::{catch_unwind, AssertUnwindSafe};
use tsl::prelude::*;
use tsl::raster::*;

const HOSTILE: [f32; 8] = [
    f32::NAN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::MAX,
    -f32::MAX,
    0.0,
    -0.0,
    1e-30,
];

fn camera() -> Camera {
    Camera::perspective(45.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 0.0, 3.0))
        .looking_at(Vec3::ZERO)
}

/// Render under `catch_unwind`; a panic fails the test and names the case.
fn no_panic(
    case: &str,
    settings: RenderSettings,
    scene: &Scene,
    camera: &Camera,
    assets: &Assets,
) -> Result<Image, RenderError> {
    match catch_unwind(AssertUnwindSafe(|| {
        Renderer::new(settings).render(scene, camera, assets)
    })) {
        Ok(result) => result,
        Err(_) => panic!("{case}: the renderer panicked"),
    }
}

/// A scene of one lit sphere with a textured material, and its assets.
fn lit_scene(material: Material, texture: Option<Texture>) -> (Scene, Assets) {
    let mut assets = Assets::new();
    let g = assets
        .geometries
        .add(SphereGeometry::new(1.0, 8, 6).build());
    let mut material = material;
    if let Some(texture) = texture {
        let t = assets.textures.add(texture);
        material.map = Some(t);
        material.normal_map = Some(t);
        material.ao_map = Some(t);
        material.emissive_map = Some(t);
    }
    let m = assets.materials.add(material);
    let mut scene = Scene::new();
    scene.add(Object::mesh(g, m));
    scene.add_light(Light::ambient(Color::WHITE, 0.5));
    scene.add_light(Light::directional(Color::WHITE, 1.0, Vec3::ONE));
    (scene, assets)
}

/// One triangle 2·10^6 units wide under an orthographic camera as wide, covering the frame.
fn wide_triangle() -> (Scene, Camera, Assets) {
    let mut assets = Assets::new();
    let positions = vec![
        Vec3::new(-1e6, -1.0, 0.0),
        Vec3::new(1e6, -1.0, 0.0),
        Vec3::new(0.0, 1e6, 0.0),
    ];
    let g = assets
        .geometries
        .add(Geometry::from_data(positions, None, None, vec![[0, 1, 2]]).unwrap());
    let m = assets.materials.add(Material::basic(Color::WHITE));
    let mut scene = Scene::new();
    scene.add(Object::mesh(g, m));
    let wide = Camera::orthographic(-1e6, 1e6, 1.0, -1.0, 0.1, 100.0).at(Vec3::new(0.0, 0.0, 3.0));
    (scene, wide, assets)
}

fn draws_wide(sizes: &[(u32, u32)]) {
    let (scene, wide, assets) = wide_triangle();
    for &(w, h) in sizes {
        let image = no_panic(
            &format!("{w}x{h}"),
            RenderSettings::new(w, h),
            &scene,
            &wide,
            &assets,
        )
        .unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
        assert_eq!((image.width(), image.height()), (w, h));
        assert_eq!(
            image.pixel(w / 2, h / 2),
            Some([255, 255, 255, 255]),
            "{w}x{h}: the middle pixel is drawn"
        );
    }
}

#[test]
fn a_triangle_across_wide_frames_draws() {
    // The edge functions are in 1/256 pixel (i64); a debug build checks every product for
    // overflow.
    draws_wide(&[(16385, 1), (1 << 16, 2), (2, 1 << 16)]);
    let (scene, wide, assets) = wide_triangle();
    for (w, h) in [(0, 1), (1, 0), (1 << 28, 2), (u32::MAX, u32::MAX)] {
        assert!(no_panic("huge", RenderSettings::new(w, h), &scene, &wide, &assets).is_err());
    }
}

/// The widest frames the CPU renderer takes (2^24 pixels a side puts x at 2^32 subpixels,
/// whose products reach 2^64). Slow in debug: `cargo test --release -p tsl --test
/// panic_audit_raster -- --ignored` (with `CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS=true` to check the integer maths).
#[test]
#[ignore = "a 2^28-pixel frame (1 GiB): run in release"]
fn a_triangle_across_the_widest_frames_draws() {
    draws_wide(&[(1 << 24, 1), (1, 1 << 24), (1 << 24, 16)]);
}

#[test]
fn hostile_object_transforms_draw_or_are_refused() {
    for &v in &HOSTILE {
        for which in 0..4 {
            let (mut scene, assets) = lit_scene(Material::standard(Color::WHITE, 0.5, 0.5), None);
            let parent = scene.add(Object::group());
            let object = scene.object_mut(ObjectId(0)).unwrap();
            object.parent = Some(parent);
            let t = &mut scene.object_mut(parent).unwrap().transform;
            match which {
                0 => t.position = Vec3::splat(v),
                1 => t.scale = Vec3::splat(v),
                2 => t.rotation = Quat::from_xyzw(v, v, v, v),
                _ => t.set_euler(v, v, v),
            }
            let _ = no_panic(
                &format!("transform {which} at {v}"),
                RenderSettings::new(16, 16),
                &scene,
                &camera(),
                &assets,
            );
        }
    }
    // Parents that are not there, or that make a cycle.
    let (mut scene, assets) = lit_scene(Material::basic(Color::WHITE), None);
    scene.object_mut(ObjectId(0)).unwrap().parent = Some(ObjectId(u32::MAX));
    let _ = no_panic(
        "no parent",
        RenderSettings::new(8, 8),
        &scene,
        &camera(),
        &assets,
    );
    scene.object_mut(ObjectId(0)).unwrap().parent = Some(ObjectId(0));
    let _ = no_panic(
        "own parent",
        RenderSettings::new(8, 8),
        &scene,
        &camera(),
        &assets,
    );
}

#[test]
fn hostile_cameras_draw_or_are_refused() {
    let (scene, assets) = lit_scene(Material::phong(Color::WHITE), None);
    let mut cameras = vec![];
    for fov in [0.0, 180.0, 360.0, -45.0, f32::NAN, f32::INFINITY] {
        cameras.push(Camera::perspective(fov, 0.1, 100.0));
    }
    for (near, far) in [
        (1.0, 1.0),
        (0.0, 1.0),
        (-1.0, 1.0),
        (10.0, 1.0),
        (f32::NAN, 1.0),
        (0.1, f32::INFINITY),
        (f32::MIN_POSITIVE, f32::MAX),
    ] {
        cameras.push(Camera::perspective(45.0, near, far));
        cameras.push(Camera::orthographic(-1.0, 1.0, 1.0, -1.0, near, far));
    }
    cameras.push(Camera::orthographic(1.0, 1.0, 1.0, 1.0, 0.1, 10.0));
    for &v in &HOSTILE {
        cameras.push(Camera::orthographic(v, 1.0, v, -1.0, 0.1, 10.0));
        cameras.push(Camera {
            zoom: v,
            ..Camera::perspective(45.0, 0.1, 100.0)
        });
        cameras.push(Camera::perspective(45.0, 0.1, 100.0).at(Vec3::splat(v)));
        cameras.push(Camera {
            rotation: Quat::from_xyzw(v, 0.0, 0.0, v),
            ..Camera::perspective(45.0, 0.1, 100.0)
        });
        cameras.push(Camera {
            projection: Projection::Perspective {
                fov_y: 45.0,
                aspect: Some(v),
            },
            ..Camera::perspective(45.0, 0.1, 100.0)
        });
        let mut c = Camera::perspective(45.0, 0.1, 100.0);
        c.up = Vec3::splat(v);
        c.look_at(Vec3::splat(v));
        cameras.push(c);
    }
    for (i, mut c) in cameras.into_iter().enumerate() {
        if c.position == Vec3::ZERO {
            c = c.at(Vec3::new(0.0, 0.0, 3.0));
        }
        let _ = no_panic(
            &format!("camera {i}: {c:?}"),
            RenderSettings::new(8, 8),
            &scene,
            &c,
            &assets,
        );
    }
}

#[test]
fn hostile_lights_materials_fog_and_settings_draw_or_are_refused() {
    for &v in &HOSTILE {
        let colour = Color { r: v, g: v, b: v };
        let lights = [
            Light::ambient(colour, v),
            Light::hemisphere(colour, colour, v),
            Light::directional(colour, v, Vec3::splat(v)),
            Light::point(colour, v, Vec3::splat(v)),
            Light::spot(colour, v, Vec3::splat(v), Vec3::splat(v), v),
            Light::spot(Color::WHITE, 1.0, Vec3::ONE, Vec3::ONE, v),
        ];
        let materials = [
            Material::standard(colour, v, v),
            Material::physical(colour, v, v),
            Material {
                opacity: v,
                alpha_test: v,
                transparent: true,
                emissive: colour,
                emissive_intensity: v,
                ao_map_intensity: v,
                normal_scale: Vec2::splat(v),
                specular: colour,
                shininess: v,
                clearcoat: v,
                clearcoat_roughness: v,
                flat_shading: true,
                ..Material::physical(Color::WHITE, 0.5, 0.5)
            },
            Material {
                shininess: v,
                ..Material::phong(Color::WHITE)
            },
            Material::lambert(colour),
            Material::normals(),
            Material::depth(),
            Material {
                wireframe: true,
                ..Material::basic(colour)
            },
        ];
        let image = Image::from_rgba8(2, 1, vec![255, 0, 0, 255, 0, 0, 255, 0]).unwrap();
        for (i, material) in materials.into_iter().enumerate() {
            let mut texture = Texture::new(image.clone(), ColorSpace::Srgb);
            texture.offset = Vec2::splat(v);
            texture.repeat = Vec2::splat(v);
            texture.rotation = v;
            texture.center = Vec2::splat(v);
            let (mut scene, assets) = lit_scene(material, Some(texture));
            scene.lights.extend(lights);
            scene.fog = Some(if i % 2 == 0 {
                Fog::Linear {
                    color: colour,
                    near: v,
                    far: v,
                }
            } else {
                Fog::Exp2 {
                    color: colour,
                    density: v,
                }
            });
            scene.background = Some(colour);
            let mut settings = RenderSettings::new(8, 8);
            settings.time = v;
            settings.clear_alpha = v;
            settings.clear_color = colour;
            for tone in [
                ToneMapping::None,
                ToneMapping::Linear,
                ToneMapping::Reinhard,
                ToneMapping::Cineon,
                ToneMapping::AcesFilmic,
                ToneMapping::AgX,
                ToneMapping::Neutral,
            ] {
                settings.set_tone_mapping(tone, v);
                let _ = no_panic(
                    &format!("material {i} at {v}, {tone:?}"),
                    settings.clone(),
                    &scene,
                    &camera(),
                    &assets,
                );
            }
        }
    }
}

#[test]
fn textures_of_one_texel_a_side_sample_every_level() {
    for (w, h) in [(1, 1), (1, 257), (257, 1), (3, 1), (1, 3), (1, 1 << 12)] {
        let image = Image::new(w, h).unwrap();
        let mut texture = catch_unwind(|| Texture::new(image, ColorSpace::Linear))
            .unwrap_or_else(|_| panic!("Texture::new {w}x{h} panicked"));
        let filters = [
            Filter::Nearest,
            Filter::Linear,
            Filter::NearestMipmapNearest,
            Filter::LinearMipmapNearest,
            Filter::NearestMipmapLinear,
            Filter::LinearMipmapLinear,
        ];
        for (i, &v) in HOSTILE.iter().enumerate() {
            texture.min_filter = filters[i % filters.len()];
            texture.mag_filter = filters[(i + 1) % 2];
            texture.wrap_s = [Wrap::Repeat, Wrap::ClampToEdge, Wrap::MirroredRepeat][i % 3];
            texture.wrap_t = [Wrap::MirroredRepeat, Wrap::Repeat, Wrap::ClampToEdge][i % 3];
            let r = catch_unwind(AssertUnwindSafe(|| {
                texture.sample(Vec2::splat(v));
                texture.sample_grad(Vec2::splat(v), Vec2::splat(v), Vec2::new(v, 1.0));
                texture.sample_grad(Vec2::ZERO, Vec2::splat(1e30), Vec2::splat(1e30));
            }));
            assert!(r.is_ok(), "sampling {w}x{h} at {v} panicked");
        }
        let (scene, assets) = lit_scene(Material::standard(Color::WHITE, 0.5, 0.5), Some(texture));
        no_panic(
            &format!("{w}x{h} texture"),
            RenderSettings::new(16, 16),
            &scene,
            &camera(),
            &assets,
        )
        .unwrap();
    }
}

#[test]
fn hostile_geometry_is_refused_or_drawn() {
    let v3 = |v: f32| Vec3::splat(v);
    let cases: Vec<Result<Geometry, RenderError>> = vec![
        Geometry::from_data(vec![], None, None, vec![]),
        Geometry::from_data(vec![], None, None, vec![[0, 0, 0]]),
        Geometry::from_data(vec![Vec3::ZERO], None, None, vec![[0, 1, u32::MAX]]),
        Geometry::from_data(
            vec![Vec3::ZERO; 3],
            Some(vec![Vec3::ZERO; 2]),
            None,
            vec![[0, 1, 2]],
        ),
        Geometry::from_data(vec![Vec3::ZERO; 3], None, Some(vec![]), vec![[0, 1, 2]]),
        Geometry::from_data(vec![v3(f32::NAN); 3], None, None, vec![[0, 1, 2]]),
        Geometry::from_data(
            vec![
                v3(f32::MAX),
                v3(-f32::MAX),
                Vec3::new(f32::MAX, -f32::MAX, 0.0),
            ],
            Some(vec![Vec3::ZERO; 3]),
            Some(vec![Vec2::splat(f32::MAX); 3]),
            vec![[0, 1, 2], [2, 1, 0], [0, 0, 0]],
        ),
        Geometry::from_data(vec![Vec3::ZERO; 3], None, None, vec![[0, 1, 2]]),
        Geometry::from_triangles(vec![Vec3::ZERO; 4], None, None),
        Geometry::from_data(vec![Vec3::X, Vec3::Y, Vec3::Z], None, None, vec![[0, 1, 2]])
            .and_then(|g| g.with_colors(vec![v3(f32::MAX); 3])),
        Geometry::from_data(vec![Vec3::X, Vec3::Y, Vec3::Z], None, None, vec![[0, 1, 2]])
            .and_then(|g| g.with_colors(vec![])),
    ];
    for (i, geometry) in cases.into_iter().enumerate() {
        let Ok(geometry) = geometry else { continue };
        for material in [
            Material::standard(Color::WHITE, 0.5, 0.5),
            Material {
                vertex_colors: true,
                flat_shading: true,
                ..Material::phong(Color::WHITE)
            },
            Material {
                wireframe: true,
                ..Material::basic(Color::WHITE)
            },
        ] {
            let mut assets = Assets::new();
            let t = assets
                .textures
                .add(Texture::new(Image::new(4, 4).unwrap(), ColorSpace::Srgb));
            let g = assets.geometries.add(geometry.clone());
            let m = assets.materials.add(Material {
                normal_map: Some(t),
                map: Some(t),
                ..material
            });
            let mut scene = Scene::new();
            scene.add(Object::mesh(g, m));
            scene.add(Object::mesh(GeometryId(99), m));
            scene.add(Object::mesh(g, MaterialId(99)));
            scene.add_light(Light::point(Color::WHITE, 1.0, Vec3::ONE));
            let _ = no_panic(
                &format!("geometry {i}"),
                RenderSettings::new(16, 16),
                &scene,
                &camera(),
                &assets,
            );
        }
    }
}

/// `tsl disasm` into a pipe its reader has closed (`tsl disasm ... | head -1`): before, `print!`
/// panicked ("failed printing to stdout: Broken pipe", exit 101); now the write error is the
/// command's error (exit 1), with no panic.
#[test]
fn the_command_line_refuses_a_closed_stdout_without_a_panic() {
    use std::process::{Command, Stdio};
    // A program whose listing is well over a pipe's 64 KiB, so some write comes after the close.
    let dir = std::env::temp_dir().join(format!("tsl-closed-stdout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("long.glsl");
    let body: String = (0..900)
        .map(|i| format!("    c = sin(c * {i}.5 + iTime);\n"))
        .collect();
    std::fs::write(
        &file,
        format!("void mainImage(out vec4 o, in vec2 f) {{\n    float c = f.x;\n{body}    o = vec4(c);\n}}\n"),
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tsl"))
        .args(["disasm", "--shadertoy", file.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    std::fs::remove_dir_all(&dir).ok();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("stdout"), "{stderr}");
}
