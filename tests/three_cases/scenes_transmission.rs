//! The transmission scenes of tools/three_cases/ (transmission_*.mjs), built with tsl-raster:
//! each function builds the scene of the case file of the same name (R-SCREEN-3).

use super::scenes::{checker_bytes, data_texture, Case};
use glam::{Vec2, Vec3};
use tsl::prelude::*;
use tsl::raster::*;

/// Add a mesh at `position`, turned by the Euler angles `turn` (three's XYZ order).
fn add(c: &mut Case, geometry: Geometry, material: Material, position: Vec3, turn: Vec3) {
    let g = c.assets.geometries.add(geometry);
    let m = c.assets.materials.add(material);
    let id = c.scene.add(Object::mesh(g, m));
    let o = c.scene.object_mut(id).unwrap();
    o.transform.position = position;
    o.transform.set_euler(turn.x, turn.y, turn.z);
}

/// The glass of the case: `color`, `roughness`, `transmission`, thickness 1, ior 1.5, an
/// orange attenuation colour at distance 1.2.
fn glass(color: u32, roughness: f32, transmission: f32) -> Material {
    Material {
        transmission,
        thickness: 1.0,
        ior: 1.5,
        attenuation_color: Color::from_hex(0xffaa55),
        attenuation_distance: 1.2,
        ..Material::physical(Color::from_hex(color), roughness, 0.0)
    }
}

/// The camera, background, checker plane, box (at `box_at`) and light the transmission cases
/// share.
fn stage(box_at: Vec3) -> Case {
    let mut c = Case {
        scene: Scene::new(),
        camera: Camera::perspective(45.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 0.0, 4.0))
            .looking_at(Vec3::ZERO),
        assets: Assets::new(),
    };
    c.scene.background = Some(Color::from_hex(0x203040));
    let mut checker = data_texture(checker_bytes(false), true, false);
    checker.mag_filter = Filter::Nearest;
    checker.min_filter = Filter::Nearest;
    checker.repeat = Vec2::new(4.0, 3.0);
    let map = c.assets.textures.add(checker);
    let back = Material {
        map: Some(map),
        ..Material::basic(Color::WHITE)
    };
    let plane = PlaneGeometry::new(3.2, 2.4).build();
    add(&mut c, plane, back, Vec3::new(0.0, 0.0, -1.0), Vec3::ZERO);
    add(
        &mut c,
        BoxGeometry::new(0.6, 0.6, 0.6).build(),
        Material::lambert(Color::from_hex(0x33cc55)),
        box_at,
        Vec3::new(0.4, 0.6, 0.0),
    );
    c.scene.add_light(Light::directional(
        Color::WHITE,
        2.0,
        Vec3::new(1.0, 2.0, 3.0),
    ));
    c
}

/// tools/three_cases/transmission_sphere.mjs.
pub fn transmission_sphere() -> Case {
    let mut c = stage(Vec3::new(-0.3, 0.3, -0.6));
    let sphere = || SphereGeometry::new(0.55, 32, 16).build();
    let left = glass(0xffffff, 0.2, 1.0);
    add(
        &mut c,
        sphere(),
        left,
        Vec3::new(-0.65, 0.0, 0.5),
        Vec3::ZERO,
    );
    let right = glass(0xaaccff, 0.6, 0.8);
    add(
        &mut c,
        sphere(),
        right,
        Vec3::new(0.65, -0.1, 0.5),
        Vec3::ZERO,
    );
    c
}

/// tools/three_cases/transmission_map.mjs.
pub fn transmission_map() -> Case {
    let mut c = stage(Vec3::new(0.4, -0.3, -0.6));
    // The checker as linear data (NoColorSpace), trilinear.
    let image = Image::from_rgba8(8, 8, checker_bytes(false)).unwrap();
    let mut data = Texture::new(image, ColorSpace::Linear);
    data.flip_y = false;
    let data = c.assets.textures.add(data);
    let sphere = Material {
        transmission: 1.0,
        thickness: 1.5,
        transmission_map: Some(data),
        thickness_map: Some(data),
        ..Material::physical(Color::from_hex(0xffeecc), 0.3, 0.0)
    };
    let geometry = SphereGeometry::new(0.6, 32, 16).build();
    add(
        &mut c,
        geometry,
        sphere,
        Vec3::new(-0.55, 0.1, 0.5),
        Vec3::ZERO,
    );
    let pane = Material {
        transmission: 0.9,
        ior: 1.3,
        transmission_map: Some(data),
        ..Material::physical(Color::WHITE, 0.35, 0.0)
    };
    let geometry = PlaneGeometry::new(0.9, 1.2).build();
    let turn = Vec3::new(0.0, -0.4, 0.0);
    add(&mut c, geometry, pane, Vec3::new(0.7, 0.0, 0.4), turn);
    c
}

/// tools/three_cases/transmission_double.mjs: double-sided transmission, three's back-face pass.
pub fn transmission_double() -> Case {
    let mut c = stage(Vec3::new(-0.3, 0.3, -0.6));
    let sphere = Material {
        thickness: 0.6,
        side: Side::Double,
        ..glass(0xffffff, 0.25, 1.0)
    };
    let geometry = SphereGeometry::new(0.55, 32, 16).build();
    add(
        &mut c,
        geometry,
        sphere,
        Vec3::new(-0.6, 0.0, 0.5),
        Vec3::ZERO,
    );
    let pane = Material {
        transmission: 0.9,
        thickness: 0.3,
        ior: 1.4,
        side: Side::Double,
        ..Material::physical(Color::from_hex(0xccddff), 0.4, 0.0)
    };
    let geometry = PlaneGeometry::new(0.9, 1.2).build();
    let turn = Vec3::new(0.0, std::f32::consts::PI - 0.5, 0.0);
    add(&mut c, geometry, pane, Vec3::new(0.7, 0.0, 0.4), turn);
    c
}

/// tools/three_cases/transmission_dispersion.mjs: `dispersion`, one read per colour channel.
pub fn transmission_dispersion() -> Case {
    let mut c = stage(Vec3::new(-0.3, 0.3, -0.6));
    let sphere = || SphereGeometry::new(0.55, 32, 16).build();
    let left = Material {
        transmission: 1.0,
        thickness: 1.2,
        dispersion: 8.0,
        ..Material::physical(Color::WHITE, 0.3, 0.0)
    };
    add(
        &mut c,
        sphere(),
        left,
        Vec3::new(-0.65, 0.0, 0.5),
        Vec3::ZERO,
    );
    let right = Material {
        thickness: 0.8,
        ior: 1.7,
        dispersion: 3.0,
        ..glass(0xffffff, 0.5, 1.0)
    };
    add(
        &mut c,
        sphere(),
        right,
        Vec3::new(0.65, -0.1, 0.5),
        Vec3::ZERO,
    );
    c
}

/// tools/three_cases/transmission_layers.mjs: transmission under metalness (the material's and
/// METALNESS_NODE's), a clearcoat, sheen and thickness scattering.
pub fn transmission_layers() -> Case {
    let mut c = stage(Vec3::new(0.2, 0.1, -0.6));
    c.scene
        .add_light(Light::ambient(Color::from_hex(0x404040), 1.0));
    // The case's glass: thickness 0.8, ior 1.5, an orange attenuation at distance 1.5.
    let glass = |color: u32, roughness: f32, metalness: f32| Material {
        transmission: 1.0,
        thickness: 0.8,
        ior: 1.5,
        attenuation_color: Color::from_hex(0xffaa55),
        attenuation_distance: 1.5,
        ..Material::physical(Color::from_hex(color), roughness, metalness)
    };
    let program = |c: &mut Case, outputs: &dyn Fn(&NodeGraph) -> Vec<(Output, NodeRef)>| {
        let g = NodeGraph::new();
        for (output, node) in outputs(&g) {
            g.set_output(output, node).unwrap();
        }
        c.assets.programs.add(g.compile().unwrap())
    };
    let metal_node = program(&mut c, &|g| {
        vec![(METALNESS_NODE, g.mul(g.swizzle(g.uv(), "y"), g.float(0.8)))]
    });
    let sss = program(&mut c, &|g| {
        vec![
            (THICKNESS_COLOR_NODE, g.vec3(0.9, 0.4, 0.2)),
            (THICKNESS_AMBIENT_NODE, g.float(0.4)),
            (THICKNESS_ATTENUATION_NODE, g.float(0.5)),
        ]
    });
    let materials = [
        (glass(0xffffff, 0.25, 0.4), -0.8, 0.45),
        (
            Material {
                clearcoat: 0.8,
                clearcoat_roughness: 0.2,
                ..glass(0xccffdd, 0.5, 0.0)
            },
            0.0,
            0.45,
        ),
        (
            Material {
                sheen: 1.0,
                sheen_color: Color::from_hex(0xff88cc),
                sheen_roughness: 0.5,
                ..glass(0xffffff, 0.3, 0.0)
            },
            0.8,
            0.45,
        ),
        (
            glass(0xffddaa, 0.3, 0.0).with_nodes(metal_node),
            -0.45,
            -0.45,
        ),
        (
            Material {
                transmission: 0.9,
                ..glass(0xffeedd, 0.4, 0.0).with_nodes(sss)
            },
            0.45,
            -0.45,
        ),
    ];
    for (material, x, y) in materials {
        let sphere = SphereGeometry::new(0.38, 32, 16).build();
        add(&mut c, sphere, material, Vec3::new(x, y, 0.3), Vec3::ZERO);
    }
    c
}
