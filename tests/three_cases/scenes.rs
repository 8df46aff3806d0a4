//! The scenes of tools/three_cases/, built with tsl-raster: each function builds the scene of the
//! case file of the same name, which real three.js rendered to tests/fixtures/three/NAME.png.

use glam::{Vec2, Vec3};
use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::Texture;
use tsl::raster::*;

/// The fixtures' size.
pub const W: u32 = 64;
/// The fixtures' size.
pub const H: u32 = 64;

/// A scene of a case file, as tools/three_cases/ builds it.
pub struct Case {
    /// The objects, lights, background and fog.
    pub scene: Scene,
    /// The camera.
    pub camera: Camera,
    /// What the scene refers to.
    pub assets: Assets,
}

impl Case {
    pub fn new(camera: Camera) -> Case {
        Case {
            scene: Scene::new(),
            camera,
            assets: Assets::new(),
        }
    }

    fn mesh(&mut self, geometry: Geometry, material: Material) -> ObjectId {
        let g = self.assets.geometries.add(geometry);
        let m = self.assets.materials.add(material);
        self.scene.add(Object::mesh(g, m))
    }

    fn object(&mut self, id: ObjectId) -> &mut Object {
        self.scene.object_mut(id).unwrap()
    }
}

/// A colour from three.js's sRGB hex.
pub fn hex(h: u32) -> Color {
    Color::from_hex(h)
}

fn perspective(fov: f32, position: Vec3, target: Vec3) -> Camera {
    Camera::perspective(fov, 0.1, 100.0)
        .at(position)
        .looking_at(target)
}

/// The 8×8 texture of tools/three_cases/_common.mjs `checkerBytes`.
pub(super) fn checker_bytes(alpha_holes: bool) -> Vec<u8> {
    let mut out = Vec::new();
    for y in 0..8u32 {
        for x in 0..8u32 {
            let odd = (x + y) % 2 == 1;
            let r = if odd { 230 } else { 30 + 20 * x };
            let g = if odd { 140 + 10 * y } else { 60 };
            let b = if odd { 40 } else { 200 };
            let a = if alpha_holes && ((x >> 1) + (y >> 1)) % 2 != 0 {
                40
            } else {
                255
            };
            out.extend([r as u8, g as u8, b as u8, a]);
        }
    }
    out
}

/// `dataTexture` of _common.mjs: flipY off, linear magnification, trilinear or linear.
pub(super) fn data_texture(bytes: Vec<u8>, repeat: bool, mipmaps: bool) -> Texture {
    let image = Image::from_rgba8(8, 8, bytes).unwrap();
    let mut t = Texture::new(image, ColorSpace::Srgb);
    t.flip_y = false;
    t.min_filter = if mipmaps {
        Filter::LinearMipmapLinear
    } else {
        Filter::Linear
    };
    if repeat {
        t.wrap_s = Wrap::Repeat;
        t.wrap_t = Wrap::Repeat;
    }
    t
}

fn floor(case: &mut Case, size: f64, material: Material) -> ObjectId {
    let id = case.mesh(PlaneGeometry::new(size, size).build(), material);
    case.object(id).transform.set_euler(-PI / 2.0, 0.0, 0.0);
    id
}

/// tools/three_cases/unlit_color_node.mjs.
pub fn unlit_color_node() -> Case {
    let mut c = Case::new(Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::Z));
    let g = NodeGraph::new();
    let x = g.swizzle(g.uv(), "x");
    g.set_output(
        COLOR_NODE,
        g.mix(g.color(hex(0xff8040)), g.color(hex(0x2060ff)), x),
    )
    .unwrap();
    let p = c.assets.programs.add(g.compile().unwrap());
    c.mesh(
        PlaneGeometry::new(2.0, 2.0).build(),
        Material::basic(Color::WHITE).with_nodes(p),
    );
    c
}

/// tools/three_cases/textured_plane.mjs.
pub fn textured_plane() -> Case {
    let mut c = Case::new(
        Camera::perspective(50.0, 0.1, 50.0)
            .at(Vec3::new(0.0, 1.2, 3.0))
            .looking_at(Vec3::ZERO),
    );
    c.scene.background = Some(hex(0x101820));
    let mut t = data_texture(checker_bytes(false), true, true);
    t.repeat = Vec2::new(3.0, 2.0);
    t.offset = Vec2::new(0.1, 0.0);
    let map = c.assets.textures.add(t);
    floor(
        &mut c,
        4.0,
        Material {
            map: Some(map),
            ..Material::basic(Color::WHITE)
        },
    );
    c
}

/// tools/three_cases/standard_directional.mjs.
pub fn standard_directional() -> Case {
    let mut c = Case::new(perspective(45.0, Vec3::new(0.0, 0.0, 3.2), Vec3::ZERO));
    c.mesh(
        SphereGeometry::new(1.0, 48, 24).build(),
        Material::standard(hex(0xff8040), 0.4, 0.1),
    );
    c.scene
        .add_light(Light::directional(Color::WHITE, 3.0, Vec3::ONE));
    c
}

/// tools/three_cases/point_decay.mjs.
pub fn point_decay() -> Case {
    let mut c = Case::new(
        Camera::perspective(50.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 1.6, 3.2))
            .looking_at(Vec3::new(0.0, 0.3, 0.0)),
    );
    floor(&mut c, 6.0, Material::standard(hex(0xcccccc), 0.7, 0.0));
    let ball = c.mesh(
        SphereGeometry::new(0.5, 32, 16).build(),
        Material::standard(hex(0x88cc44), 0.3, 0.5),
    );
    c.object(ball).transform.position = Vec3::new(0.0, 0.5, 0.0);
    c.scene
        .add_light(Light::point(hex(0xffeedd), 6.0, Vec3::new(0.6, 1.2, 0.8)));
    c.scene.add_light(Light::Point {
        color: hex(0x4080ff),
        intensity: 4.0,
        position: Vec3::new(-1.0, 0.5, -0.5),
        distance: 3.0,
        decay: 1.0,
        shadow: None,
    });
    c
}

/// tools/three_cases/spot_phong.mjs.
pub fn spot_phong() -> Case {
    let mut c = Case::new(perspective(50.0, Vec3::new(0.0, 2.0, 3.5), Vec3::ZERO));
    floor(
        &mut c,
        6.0,
        Material {
            shininess: 30.0,
            ..Material::phong(hex(0xdddddd))
        },
    );
    let bx = c.mesh(
        BoxGeometry::new(0.8, 0.8, 0.8).build(),
        Material {
            specular: hex(0x444444),
            shininess: 60.0,
            ..Material::phong(hex(0x3366cc))
        },
    );
    let o = c.object(bx);
    o.transform.position = Vec3::new(-0.3, 0.4, 0.0);
    o.transform.set_euler(0.0, 0.6, 0.0);
    c.scene.add_light(Light::Spot {
        color: Color::WHITE,
        intensity: 30.0,
        position: Vec3::new(0.5, 3.0, 1.0),
        target: Vec3::new(0.0, 0.0, -0.2),
        distance: 0.0,
        angle: PI / 7.0,
        penumbra: 0.4,
        decay: 2.0,
        shadow: None,
    });
    c
}

/// tools/three_cases/hemisphere_ambient.mjs.
pub fn hemisphere_ambient() -> Case {
    let mut c = Case::new(
        Camera::orthographic(-2.0, 2.0, 2.0, -2.0, 0.1, 20.0).at(Vec3::new(0.0, 0.0, 5.0)),
    );
    c.scene.background = Some(hex(0x202020));
    let sphere = || SphereGeometry::new(0.6, 32, 16).build();
    let a = c.mesh(sphere(), Material::lambert(Color::WHITE));
    c.object(a).transform.position = Vec3::new(-1.3, 0.7, 0.0);
    let b = c.mesh(sphere(), Material::standard(Color::WHITE, 0.8, 0.0));
    c.object(b).transform.position = Vec3::new(0.0, 0.7, 0.0);
    let p = c.mesh(
        sphere(),
        Material {
            clearcoat: 1.0,
            clearcoat_roughness: 0.1,
            ..Material::physical(hex(0xaa2222), 0.6, 0.0)
        },
    );
    c.object(p).transform.position = Vec3::new(1.3, 0.7, 0.0);
    let m = c.mesh(sphere(), Material::standard(hex(0xffcc66), 0.3, 1.0));
    c.object(m).transform.position = Vec3::new(0.0, -0.9, 0.0);
    c.scene
        .add_light(Light::hemisphere(hex(0x87ceeb), hex(0x8b5a2b), 1.5));
    c.scene.add_light(Light::ambient(hex(0x404040), 1.0));
    c.scene.add_light(Light::directional(
        Color::WHITE,
        1.5,
        Vec3::new(-1.0, 2.0, 2.0),
    ));
    c
}

/// tools/three_cases/fog_linear.mjs.
pub fn fog_linear() -> Case {
    let mut c = Case::new(
        Camera::perspective(60.0, 0.1, 100.0)
            .at(Vec3::new(0.6, 1.0, 2.0))
            .looking_at(Vec3::new(0.0, 0.0, -4.0)),
    );
    c.scene.background = Some(hex(0x8090a0));
    c.scene.fog = Some(Fog::Linear {
        color: hex(0x8090a0),
        near: 2.0,
        far: 9.0,
    });
    let g = c
        .assets
        .geometries
        .add(BoxGeometry::new(0.7, 0.7, 0.7).build());
    let m = c.assets.materials.add(Material::lambert(hex(0xcc6633)));
    for i in 0..6 {
        let x = if i % 2 == 0 { -0.6 } else { 0.6 };
        c.scene.add(
            Object::mesh(g, m)
                .at(Vec3::new(x, 0.0, -1.5 * i as f32))
                .rotated(0.0, 0.4 * i as f32, 0.0),
        );
    }
    c.scene.add_light(Light::ambient(Color::WHITE, 0.8));
    c.scene.add_light(Light::directional(
        Color::WHITE,
        2.0,
        Vec3::new(1.0, 3.0, 2.0),
    ));
    c
}

/// tools/three_cases/fog_exp2.mjs.
pub fn fog_exp2() -> Case {
    let mut c = Case::new(
        Camera::perspective(55.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 1.5, 3.0))
            .looking_at(Vec3::new(0.0, 0.0, -2.0)),
    );
    c.scene.background = Some(hex(0x405060));
    c.scene.fog = Some(Fog::Exp2 {
        color: hex(0x405060),
        density: 0.25,
    });
    floor(&mut c, 20.0, Material::standard(hex(0x99aa77), 0.9, 0.0));
    let t = c.mesh(
        TorusGeometry::new(0.8, 0.3, 16, 48).build(),
        Material::standard(hex(0xdd4466), 0.5, 0.0),
    );
    let o = c.object(t);
    o.transform.position = Vec3::new(0.0, 1.0, -2.5);
    o.transform.set_euler(0.3, 0.5, 0.0);
    c.scene.add_light(Light::ambient(Color::WHITE, 0.5));
    c.scene.add_light(Light::directional(
        Color::WHITE,
        2.5,
        Vec3::new(2.0, 4.0, 3.0),
    ));
    c
}

/// tools/three_cases/vertex_colors.mjs.
pub fn vertex_colors() -> Case {
    let mut c = Case::new(perspective(45.0, Vec3::new(0.0, 0.5, 4.0), Vec3::ZERO));
    let plane = PlaneGeometry {
        width: 3.0,
        height: 3.0,
        width_segments: 2,
        height_segments: 2,
    }
    .build();
    let colors = (0..plane.positions().len())
        .map(|i| {
            Vec3::new(
                (i % 3) as f32 / 2.0,
                (i % 4) as f32 / 3.0,
                1.0 - i as f32 / 8.0,
            )
        })
        .collect();
    let back = c.mesh(
        plane.with_colors(colors).unwrap(),
        Material {
            vertex_colors: true,
            ..Material::basic(Color::WHITE)
        },
    );
    c.object(back).transform.position = Vec3::new(0.0, 0.0, -1.0);
    let cylinder = CylinderGeometry {
        radius_top: 0.5,
        radius_bottom: 0.7,
        height: 1.5,
        radial_segments: 24,
        height_segments: 3,
        ..CylinderGeometry::default()
    }
    .build();
    let colors = cylinder
        .positions()
        .iter()
        .map(|p| Vec3::new(0.5 + p.y / 1.5, 0.3, 0.5 - p.y / 1.5))
        .collect();
    let can = c.mesh(
        cylinder.with_colors(colors).unwrap(),
        Material {
            vertex_colors: true,
            ..Material::standard(Color::WHITE, 0.5, 0.0)
        },
    );
    c.object(can).transform.set_euler(0.3, 0.0, 0.0);
    c.scene.add_light(Light::ambient(Color::WHITE, 1.0));
    c.scene.add_light(Light::directional(
        Color::WHITE,
        2.0,
        Vec3::new(2.0, 2.0, 3.0),
    ));
    c
}

/// tools/three_cases/alpha_test.mjs.
pub fn alpha_test() -> Case {
    let mut c = Case::new(perspective(50.0, Vec3::new(0.0, 0.0, 3.0), Vec3::ZERO));
    c.scene.background = Some(hex(0x223344));
    let mut t = data_texture(checker_bytes(true), false, false);
    t.mag_filter = Filter::Nearest;
    t.min_filter = Filter::Nearest;
    let map = c.assets.textures.add(t);
    let card = c.mesh(
        PlaneGeometry::new(1.6, 1.6).build(),
        Material {
            map: Some(map),
            alpha_test: 0.5,
            side: Side::Double,
            ..Material::basic(Color::WHITE)
        },
    );
    c.object(card).transform.set_euler(0.0, 0.5, 0.0);
    let bx = c.mesh(
        BoxGeometry::new(1.0, 1.0, 1.0).build(),
        Material::standard(hex(0xeeeeee), 0.5, 0.0),
    );
    let o = c.object(bx);
    o.transform.position = Vec3::new(0.2, 0.0, -1.2);
    o.transform.set_euler(0.4, 0.7, 0.0);
    c.scene.add_light(Light::directional(
        Color::WHITE,
        3.0,
        Vec3::new(1.0, 2.0, 3.0),
    ));
    c
}

/// tools/three_cases/transparent.mjs.
pub fn transparent() -> Case {
    let mut c = Case::new(perspective(45.0, Vec3::new(0.0, 0.3, 4.0), Vec3::ZERO));
    c.scene.background = Some(hex(0x303030));
    let bx = c.mesh(
        BoxGeometry::new(1.2, 1.2, 1.2).build(),
        Material::lambert(hex(0x33aa55)),
    );
    let o = c.object(bx);
    o.transform.position = Vec3::new(0.4, 0.0, -1.5);
    o.transform.set_euler(0.3, 0.5, 0.0);
    let ball = c.mesh(
        SphereGeometry::new(0.8, 32, 16).build(),
        Material {
            transparent: true,
            opacity: 0.45,
            side: Side::Double,
            ..Material::standard(hex(0x4488ff), 0.35, 0.0)
        },
    );
    c.object(ball).transform.position = Vec3::new(-0.3, 0.0, 0.0);
    let pane = c.mesh(
        PlaneGeometry::new(1.2, 0.8).build(),
        Material {
            transparent: true,
            opacity: 0.6,
            ..Material::basic(hex(0xff5522))
        },
    );
    c.object(pane).transform.position = Vec3::new(0.5, -0.5, 0.8);
    c.scene.add_light(Light::ambient(Color::WHITE, 0.6));
    c.scene.add_light(Light::directional(
        Color::WHITE,
        2.5,
        Vec3::new(2.0, 3.0, 2.0),
    ));
    c
}

/// `normalBytes`, `aoBytes` and `emissiveBytes` of tools/three_cases/maps.mjs.
fn map_bytes(kind: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for y in 0..8u32 {
        for x in 0..8u32 {
            let (xf, yf) = (x as f64, y as f64);
            let px: [u32; 4] = match kind {
                "normal" => {
                    let nx = (xf * 0.9).sin() * 0.5;
                    let ny = (yf * 1.3).cos() * 0.4;
                    let nz = (1.0 - nx * nx - ny * ny).max(0.0).sqrt();
                    let b = |v: f64| ((v * 0.5 + 0.5) * 255.0).round() as u32;
                    [b(nx), b(ny), b(nz), 255]
                }
                "ao" => [255 - 25 * ((x + 2 * y) % 8), 0, 0, 255],
                _ => [x * 32, 255 - y * 32, (x * y) % 2 * 255, 255],
            };
            out.extend(px.map(|v| v as u8));
        }
    }
    out
}

/// tools/three_cases/maps.mjs.
pub fn maps() -> Case {
    let mut c = Case::new(
        Camera::perspective(50.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 1.4, 2.6))
            .looking_at(Vec3::new(0.0, 0.2, 0.0)),
    );
    let texture = |bytes: Vec<u8>, space: ColorSpace| {
        let mut t = Texture::new(Image::from_rgba8(8, 8, bytes).unwrap(), space);
        t.flip_y = false;
        t.wrap_s = Wrap::Repeat;
        t.wrap_t = Wrap::Repeat;
        t
    };
    let normal = c
        .assets
        .textures
        .add(texture(map_bytes("normal"), ColorSpace::Linear));
    let ao = c
        .assets
        .textures
        .add(texture(map_bytes("ao"), ColorSpace::Linear));
    let emissive = c
        .assets
        .textures
        .add(texture(map_bytes("emissive"), ColorSpace::Srgb));
    let material = c.assets.materials.add(Material {
        normal_map: Some(normal),
        ao_map: Some(ao),
        ao_map_intensity: 0.8,
        emissive: hex(0x332211),
        emissive_map: Some(emissive),
        ..Material::standard(hex(0xbbbbbb), 0.55, 0.0)
    });
    let plane = c
        .assets
        .geometries
        .add(PlaneGeometry::new(3.0, 3.0).build());
    let sphere = c
        .assets
        .geometries
        .add(SphereGeometry::new(0.5, 32, 16).build());
    c.scene
        .add(Object::mesh(plane, material).rotated(-PI / 2.0, 0.0, 0.0));
    c.scene
        .add(Object::mesh(sphere, material).at(Vec3::new(0.2, 0.5, 0.0)));
    c.scene
        .add_light(Light::hemisphere(hex(0xddeeff), hex(0x332211), 1.2));
    c.scene.add_light(Light::directional(
        Color::WHITE,
        2.5,
        Vec3::new(-1.0, 2.0, 1.0),
    ));
    c
}

/// tools/three_cases/tone_aces.mjs.
pub fn tone_aces() -> Case {
    let mut c = Case::new(perspective(
        45.0,
        Vec3::new(0.0, 0.0, 4.0),
        Vec3::new(0.0, 0.0, 0.0),
    ));
    c.scene.background = Some(hex(0x102030));
    let ball = c.mesh(
        SphereGeometry::new(0.7, 32, 16).build(),
        Material::physical(hex(0xffaa33), 0.3, 0.0),
    );
    c.object(ball).transform.position = Vec3::new(-0.6, 0.2, 0.0);
    let ring = c.mesh(
        TorusGeometry::new(0.5, 0.18, 12, 32).build(),
        Material::standard(hex(0xcccccc), 0.25, 1.0),
    );
    let o = c.object(ring);
    o.transform.position = Vec3::new(0.8, -0.3, 0.0);
    o.transform.set_euler(0.8, 0.3, 0.0);
    c.scene.add_light(Light::ambient(Color::WHITE, 1.5));
    c.scene.add_light(Light::directional(
        Color::WHITE,
        8.0,
        Vec3::new(1.0, 1.5, 2.0),
    ));
    c
}

/// tools/three_cases/graph_nodes.mjs.
pub fn graph_nodes() -> Case {
    let mut c = Case::new(
        Camera::perspective(45.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 1.2, 3.5))
            .looking_at(Vec3::new(0.0, 0.4, 0.0)),
    );
    c.scene.background = Some(hex(0x0e1016));
    let g = NodeGraph::new();
    let tint = g.named_uniform("tint", Color::from_srgb8(255, 120, 40));
    let wave = g.sin(g.mul(g.time(), g.float(2.0)));
    g.set_output(
        COLOR_NODE,
        g.mix(
            g.swizzle(g.vertex_color(), "rgb"),
            tint,
            g.mul(wave, g.float(0.5)),
        ),
    )
    .unwrap();
    g.set_output(
        OUTPUT_NODE,
        g.mul(g.swizzle(g.lit(), "rgb"), g.vec3(1.0, 0.9, 0.8)),
    )
    .unwrap();
    let paint = c.assets.programs.add(g.compile().unwrap());
    let sphere = SphereGeometry::new(0.8, 32, 16).build();
    let colors = sphere
        .normals()
        .unwrap()
        .iter()
        .map(|n| *n * 0.5 + 0.5)
        .collect();
    let ball = c.mesh(
        sphere.with_colors(colors).unwrap(),
        Material::standard(Color::WHITE, 0.4, 0.0).with_nodes(paint),
    );
    c.object(ball).transform.position = Vec3::new(0.0, 0.8, 0.0);
    let g = NodeGraph::new();
    g.set_output(POSITION_NODE, g.mul(g.normal_local(), g.float(0.3)))
        .unwrap();
    let uv = g.uv();
    g.set_output(
        EMISSIVE_NODE,
        g.join(&[
            g.mul(g.swizzle(uv, "x"), g.float(0.2)),
            g.float(0.0),
            g.mul(g.swizzle(uv, "y"), g.float(0.15)),
        ]),
    )
    .unwrap();
    let lift = c.assets.programs.add(g.compile().unwrap());
    let floor_id = floor(
        &mut c,
        4.0,
        Material::standard(hex(0x808890), 0.8, 0.0).with_nodes(lift),
    );
    c.object(floor_id).transform.position = Vec3::new(0.0, -0.3, 0.0);
    c.scene.add_light(Light::ambient(Color::WHITE, 0.4));
    c.scene.add_light(Light::directional(
        Color::WHITE,
        2.5,
        Vec3::new(3.0, 5.0, 4.0),
    ));
    c
}

/// tools/three_cases/mask_opacity.mjs.
pub fn mask_opacity() -> Case {
    let mut c = Case::new(perspective(
        45.0,
        Vec3::new(0.0, 0.0, 4.0),
        Vec3::new(0.0, 0.0, 0.0),
    ));
    c.scene.background = Some(hex(0x203040));
    let g = NodeGraph::new();
    let stripes = g.fract(g.mul(g.swizzle(g.uv(), "x"), g.float(6.0)));
    g.set_output(MASK_NODE, g.step(g.float(0.4), stripes))
        .unwrap();
    let mask = c.assets.programs.add(g.compile().unwrap());
    let ball = c.mesh(
        SphereGeometry::new(0.8, 32, 16).build(),
        Material {
            side: Side::Double,
            ..Material::standard(hex(0xffcc88), 0.5, 0.0).with_nodes(mask)
        },
    );
    let o = c.object(ball);
    o.transform.position = Vec3::new(-0.7, 0.3, 0.0);
    o.transform.set_euler(0.0, 0.4, 0.0);
    let g = NodeGraph::new();
    g.set_output(OPACITY_NODE, g.swizzle(g.uv(), "y")).unwrap();
    let fade = c.assets.programs.add(g.compile().unwrap());
    let pane = c.mesh(
        PlaneGeometry::new(1.2, 1.6).build(),
        Material {
            transparent: true,
            ..Material::basic(hex(0x66ddff)).with_nodes(fade)
        },
    );
    c.object(pane).transform.position = Vec3::new(0.8, 0.1, 0.5);
    let g = NodeGraph::new();
    g.set_output(AO_NODE, g.float(0.3)).unwrap();
    let dim = c.assets.programs.add(g.compile().unwrap());
    let bx = c.mesh(
        BoxGeometry::new(0.6, 0.6, 0.6).build(),
        Material::lambert(Color::WHITE).with_nodes(dim),
    );
    let o = c.object(bx);
    o.transform.position = Vec3::new(0.2, -0.9, 0.0);
    o.transform.set_euler(0.5, 0.5, 0.0);
    c.scene.add_light(Light::ambient(Color::WHITE, 2.0));
    c.scene.add_light(Light::directional(
        Color::WHITE,
        2.0,
        Vec3::new(1.0, 1.0, 3.0),
    ));
    c
}

/// tools/three_cases/normal_material.mjs.
pub fn normal_material() -> Case {
    let mut c = Case::new(perspective(45.0, Vec3::new(0.0, 1.5, 3.5), Vec3::ZERO));
    let torus = c.mesh(
        TorusGeometry::new(0.6, 0.2, 12, 32).build(),
        Material::normals(),
    );
    let o = c.object(torus);
    o.transform.position = Vec3::new(-0.7, 0.3, 0.0);
    o.transform.set_euler(0.6, 0.2, 0.0);
    let can = c.mesh(
        CylinderGeometry {
            radius_top: 0.5,
            radius_bottom: 0.5,
            height: 1.0,
            radial_segments: 24,
            height_segments: 1,
            open_ended: true,
            ..CylinderGeometry::default()
        }
        .build(),
        Material {
            side: Side::Double,
            ..Material::normals()
        },
    );
    c.object(can).transform.position = Vec3::new(0.8, -0.1, 0.0);
    c
}

pub use super::scenes_physical::*;
pub use super::scenes_rectmask::{light_mask, rect_area};
pub use super::scenes_shadow::*;
