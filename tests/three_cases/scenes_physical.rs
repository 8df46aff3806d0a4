//! The scenes of tools/three_cases/physical_*.mjs (MeshPhysical's extensions), built with
//! tsl-raster: four spheres in a 2×2 grid under the lights of tools/three_cases/_physical.mjs.

use super::scenes::Case;
use glam::Vec3;
use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::Texture;
use tsl::raster::*;

fn hex(h: u32) -> Color {
    Color::from_hex(h)
}

/// _physical.mjs's `physicalScene`: `materials(assets)` gives the four spheres' materials.
fn physical_scene(materials: impl FnOnce(&mut Assets) -> [Material; 4]) -> Case {
    let mut c = grid_case();
    let sphere = c
        .assets
        .geometries
        .add(SphereGeometry::new(0.75, 48, 24).build());
    for (material, (x, y)) in materials(&mut c.assets).into_iter().zip(PLACES) {
        let m = c.assets.materials.add(material);
        c.scene
            .add(Object::mesh(sphere, m).at(Vec3::new(x, y, 0.0)));
    }
    c.scene.add_light(Light::directional(
        Color::WHITE,
        2.0,
        Vec3::new(-1.0, 2.0, 2.0),
    ));
    c.scene
        .add_light(Light::point(hex(0xffeedd), 6.0, Vec3::new(1.5, 0.5, 2.0)));
    c.scene
        .add_light(Light::hemisphere(hex(0x8899bb), hex(0x332211), 0.8));
    c.scene.add_light(Light::ambient(hex(0x404040), 0.5));
    c
}

/// The centres of the 2×2 grid.
const PLACES: [(f32, f32); 4] = [(-0.95, 0.95), (0.95, 0.95), (-0.95, -0.95), (0.95, -0.95)];

/// The orthographic camera and dark background of the physical cases, no objects yet.
fn grid_case() -> Case {
    let mut c = Case {
        scene: Scene::new(),
        camera: Camera::orthographic(-2.0, 2.0, 2.0, -2.0, 0.1, 20.0).at(Vec3::new(0.0, 0.0, 5.0)),
        assets: Assets::new(),
    };
    c.scene.background = Some(hex(0x202020));
    c
}

/// _physical.mjs's `dataMap`: an 8×8 linear texture, repeating, texel (x, y) = f(x, y).
fn data_map(assets: &mut Assets, f: impl Fn(u32, u32) -> [u32; 4]) -> TextureId {
    let mut bytes = Vec::new();
    for y in 0..8 {
        for x in 0..8 {
            // JavaScript's Uint8Array keeps the low byte.
            bytes.extend(f(x, y).map(|v| (v % 256) as u8));
        }
    }
    let mut t = Texture::new(Image::from_rgba8(8, 8, bytes).unwrap(), ColorSpace::Linear);
    t.flip_y = false;
    t.wrap_s = Wrap::Repeat;
    t.wrap_t = Wrap::Repeat;
    assets.textures.add(t)
}

fn physical(color: u32, roughness: f32, metalness: f32) -> Material {
    Material::physical(hex(color), roughness, metalness)
}

/// tools/three_cases/physical_ior_specular.mjs.
pub fn physical_ior_specular() -> Case {
    physical_scene(|_| {
        [
            Material {
                ior: 1.0,
                ..physical(0x3366aa, 0.3, 0.0)
            },
            Material {
                ior: 2.333,
                ..physical(0x3366aa, 0.3, 0.0)
            },
            Material {
                ior: 1.8,
                specular_intensity: 0.4,
                specular_color: hex(0xff4400),
                ..physical(0x3366aa, 0.25, 0.0)
            },
            Material {
                ior: 1.6,
                specular_color: hex(0x44ff88),
                ..physical(0xccaa66, 0.35, 0.5)
            },
        ]
    })
}

/// tools/three_cases/physical_sheen.mjs.
pub fn physical_sheen() -> Case {
    let sheen = |color: u32, strength: f32, roughness: f32, base: Material| Material {
        sheen: strength,
        sheen_color: hex(color),
        sheen_roughness: roughness,
        ..base
    };
    physical_scene(|_| {
        [
            sheen(0xff66aa, 1.0, 0.3, physical(0x222244, 0.7, 0.0)),
            sheen(0xffffff, 0.8, 0.9, physical(0x553322, 0.6, 0.0)),
            sheen(0x66ff66, 1.0, 0.5, physical(0x886644, 0.5, 1.0)),
            sheen(
                0xffcc88,
                1.0,
                0.4,
                Material {
                    clearcoat: 1.0,
                    clearcoat_roughness: 0.1,
                    ..physical(0x202080, 0.5, 0.0)
                },
            ),
        ]
    })
}

/// tools/three_cases/physical_iridescence.mjs.
pub fn physical_iridescence() -> Case {
    physical_scene(|assets| {
        let thickness = data_map(assets, |x, _| [0, x * 36, 0, 255]);
        [
            Material {
                iridescence: 1.0,
                ..physical(0x111111, 0.25, 0.0)
            },
            Material {
                iridescence: 1.0,
                iridescence_ior: 1.8,
                iridescence_thickness_range: [100.0, 800.0],
                ..physical(0x224466, 0.3, 0.0)
            },
            Material {
                iridescence: 0.8,
                iridescence_thickness_range: [100.0, 250.0],
                ..physical(0xcccccc, 0.3, 1.0)
            },
            Material {
                iridescence: 1.0,
                iridescence_thickness_range: [100.0, 600.0],
                iridescence_thickness_map: Some(thickness),
                ..physical(0x333333, 0.3, 0.0)
            },
        ]
    })
}

/// tools/three_cases/physical_anisotropy.mjs: four planes, each with a point light in front.
pub fn physical_anisotropy() -> Case {
    let mut c = grid_case();
    let polar = data_map(&mut c.assets, |x, y| {
        [128 + 15 * x, 200 - 10 * y, 120 + 16 * y, 255]
    });
    let materials = [
        Material {
            anisotropy: 0.8,
            ..physical(0xdddddd, 0.5, 1.0)
        },
        Material {
            anisotropy: 0.8,
            anisotropy_rotation: PI / 2.0,
            ..physical(0xdddddd, 0.5, 1.0)
        },
        Material {
            anisotropy: 0.5,
            anisotropy_rotation: PI / 4.0,
            ..physical(0x884422, 0.5, 0.0)
        },
        Material {
            anisotropy: 1.0,
            anisotropy_rotation: 0.3,
            anisotropy_map: Some(polar),
            ..physical(0xaaccee, 0.4, 0.8)
        },
    ];
    let plane = c
        .assets
        .geometries
        .add(PlaneGeometry::new(1.8, 1.8).build());
    for (i, (material, (x, y))) in materials.into_iter().zip(PLACES).enumerate() {
        let m = c.assets.materials.add(material);
        let turn = if i == 2 { 0.4 } else { 0.0 };
        c.scene.add(
            Object::mesh(plane, m)
                .at(Vec3::new(x, y, 0.0))
                .rotated(0.0, 0.0, turn),
        );
        c.scene.add_light(Light::point(
            hex(0xffeedd),
            1.5,
            Vec3::new(x + 0.2, y + 0.1, 0.7),
        ));
    }
    c.scene.add_light(Light::directional(
        Color::WHITE,
        1.0,
        Vec3::new(-1.0, 2.0, 2.0),
    ));
    c.scene.add_light(Light::ambient(hex(0x404040), 0.5));
    c
}

/// tools/three_cases/physical_maps.mjs.
pub fn physical_maps() -> Case {
    physical_scene(|assets| {
        let a = data_map(assets, |x, y| {
            [255 - 30 * x, 40 + 25 * y, 30 * (x + y) % 256, 60 + 24 * x]
        });
        let b = data_map(assets, |x, y| {
            [30 * y, 255 - 28 * x, 120 + 15 * x, 255 - 20 * y]
        });
        [
            Material {
                ior: 2.0,
                specular_intensity_map: Some(a),
                specular_color_map: Some(b),
                ..physical(0x3366aa, 0.3, 0.0)
            },
            Material {
                sheen: 1.0,
                sheen_color: Color::WHITE,
                sheen_roughness: 0.8,
                sheen_color_map: Some(a),
                sheen_roughness_map: Some(b),
                ..physical(0x222244, 0.7, 0.0)
            },
            Material {
                clearcoat: 1.0,
                clearcoat_roughness: 0.8,
                clearcoat_map: Some(a),
                clearcoat_roughness_map: Some(b),
                ..physical(0xaa2222, 0.6, 0.0)
            },
            Material {
                clearcoat: 0.7,
                clearcoat_roughness: 0.3,
                clearcoat_map: Some(b),
                clearcoat_roughness_map: Some(a),
                ..physical(0x226622, 0.4, 0.0)
            },
        ]
    })
}

/// tools/three_cases/sss_thickness.mjs: MeshSSSNodeMaterial (a PHYSICAL material whose graph
/// sets THICKNESS_COLOR_NODE), four spheres lit from the front and from behind.
pub fn sss_thickness() -> Case {
    let mut c = grid_case();
    let thickness = data_map(&mut c.assets, |x, _| [80 + 20 * x, 0, 0, 255]);
    // Each graph: the thickness colour and the numbers it sets (name, value).
    let graph = |color: &dyn Fn(&NodeGraph) -> NodeRef, numbers: &[(Output, f32)]| {
        let g = NodeGraph::new();
        g.set_output(THICKNESS_COLOR_NODE, color(&g)).unwrap();
        for &(output, value) in numbers {
            g.set_output(output, g.float(value)).unwrap();
        }
        g.compile().unwrap()
    };
    let programs = [
        graph(
            &|g| {
                let red = g.swizzle(g.texture(thickness, g.uv()), "r");
                g.mul(g.vec3(1.0, 0.4, 0.2), red)
            },
            &[(THICKNESS_SCALE_NODE, 16.0)],
        ),
        graph(&|g| g.color(hex(0x66ccff)), &[]),
        graph(
            &|g| g.vec3(0.9, 0.3, 0.3),
            &[
                (THICKNESS_DISTORTION_NODE, 0.4),
                (THICKNESS_AMBIENT_NODE, 0.3),
                (THICKNESS_ATTENUATION_NODE, 0.6),
                (THICKNESS_POWER_NODE, 4.0),
                (THICKNESS_SCALE_NODE, 6.0),
            ],
        ),
        graph(&|g| g.vec3(0.5, 1.0, 0.5), &[]),
    ]
    .map(|p| c.assets.programs.add(p));
    let materials = [
        physical(0xffc8b4, 0.5, 0.0),
        physical(0x8899aa, 0.4, 0.0),
        physical(0x664444, 0.6, 0.0),
        Material {
            clearcoat: 1.0,
            clearcoat_roughness: 0.2,
            sheen: 0.5,
            sheen_color: Color::WHITE,
            sheen_roughness: 0.5,
            ..physical(0x224422, 0.5, 0.0)
        },
    ];
    let sphere = c
        .assets
        .geometries
        .add(SphereGeometry::new(0.75, 48, 24).build());
    for ((material, program), (x, y)) in materials.into_iter().zip(programs).zip(PLACES) {
        let m = c.assets.materials.add(material.with_nodes(program));
        c.scene
            .add(Object::mesh(sphere, m).at(Vec3::new(x, y, 0.0)));
    }
    c.scene.add_light(Light::directional(
        Color::WHITE,
        1.0,
        Vec3::new(-1.0, 2.0, 2.0),
    ));
    c.scene
        .add_light(Light::point(hex(0xffeedd), 1.2, Vec3::new(0.3, 0.2, -1.5)));
    c.scene
        .add_light(Light::point(hex(0xddeeff), 0.8, Vec3::new(1.2, -1.3, -1.2)));
    c.scene
        .add_light(Light::hemisphere(hex(0x8899bb), hex(0x332211), 0.5));
    c
}

/// tools/three_cases/physical_clearcoat_normal.mjs: the clearcoat normal map is maps.mjs's
/// `normalBytes` (linear, repeating, with mipmaps).
pub fn physical_clearcoat_normal() -> Case {
    physical_scene(|assets| {
        let mut bytes = Vec::new();
        for y in 0..8 {
            for x in 0..8 {
                let nx = (x as f64 * 0.9).sin() * 0.5;
                let ny = (y as f64 * 1.3).cos() * 0.4;
                let nz = (1.0 - nx * nx - ny * ny).max(0.0).sqrt();
                let byte = |v: f64| ((v * 0.5 + 0.5) * 255.0).round() as u8;
                bytes.extend([byte(nx), byte(ny), byte(nz), 255]);
            }
        }
        let mut t = Texture::new(Image::from_rgba8(8, 8, bytes).unwrap(), ColorSpace::Linear);
        t.flip_y = false;
        t.wrap_s = Wrap::Repeat;
        t.wrap_t = Wrap::Repeat;
        let bumps = Some(assets.textures.add(t));
        let coat =
            |strength: f32, roughness: f32, map, scale: (f32, f32), base: Material| Material {
                clearcoat: strength,
                clearcoat_roughness: roughness,
                clearcoat_normal_map: map,
                clearcoat_normal_scale: glam::Vec2::new(scale.0, scale.1),
                ..base
            };
        [
            coat(1.0, 0.1, bumps, (1.0, 1.0), physical(0xaa2222, 0.6, 0.0)),
            coat(1.0, 0.2, bumps, (0.5, -0.5), physical(0x2244aa, 0.5, 0.0)),
            coat(0.8, 0.15, bumps, (2.0, 2.0), physical(0xccaa66, 0.4, 1.0)),
            coat(1.0, 0.05, None, (1.0, 1.0), physical(0x226622, 0.7, 0.0)),
        ]
    })
}
