//! The deformation cases of tools/three_cases/ (R-DEFORM-1 to R-DEFORM-3, docs/requirements.md):
//! morph targets, skinning and a displacement map, each with a position node on one mesh.

use super::scenes::{hex, Case};
use glam::{Mat4, Vec3, Vec4};
use tsl::prelude::*;
use tsl::raster::Texture;
use tsl::raster::*;

fn camera(position: Vec3, target: Vec3) -> Camera {
    Camera::perspective(45.0, 0.1, 100.0)
        .at(position)
        .looking_at(target)
}

/// The cases' lights: an ambient 0.5 and a directional 2.5 from (2, 3, 4).
fn lights(c: &mut Case) {
    c.scene.background = Some(hex(0x101418));
    c.scene.add_light(Light::ambient(Color::WHITE, 0.5));
    c.scene.add_light(Light::directional(
        Color::WHITE,
        2.5,
        Vec3::new(2.0, 3.0, 4.0),
    ));
}

/// A program whose position node adds `offset(position_local())` to the position.
fn position_node(c: &mut Case, offset: impl Fn(&NodeGraph, NodeRef) -> NodeRef) -> ProgramId {
    let g = NodeGraph::new();
    let moved = offset(&g, g.position_local());
    g.set_output(POSITION_NODE, moved).unwrap();
    c.assets.programs.add(g.compile().unwrap())
}

/// `value` as JavaScript stores it in a `Float32BufferAttribute`: computed in f64, rounded once.
fn f32_of(value: f64) -> f32 {
    value as f32
}

/// tools/three_cases/morph_targets.mjs.
pub fn morph_targets() -> Case {
    let mut c = Case::new(camera(Vec3::new(0.0, 0.8, 3.6), Vec3::ZERO));
    lights(&mut c);
    let box_ = BoxGeometry {
        width_segments: 6,
        height_segments: 6,
        depth_segments: 6,
        ..BoxGeometry::new(1.0, 1.0, 1.0)
    }
    .build();
    let (mut sphere, mut sphere_normals, mut tall) = (Vec::new(), Vec::new(), Vec::new());
    for p in box_.positions() {
        let (x, y, z) = (p.x as f64, p.y as f64, p.z as f64);
        let len = (x * x + y * y + z * z).sqrt();
        let at = |k: f64| {
            Vec3::new(
                f32_of(x / len * k),
                f32_of(y / len * k),
                f32_of(z / len * k),
            )
        };
        sphere.push(at(0.8));
        sphere_normals.push(at(1.0));
        tall.push(Vec3::new(p.x, f32_of(y * 1.5), p.z));
    }
    let normals = box_.normals().unwrap().to_vec();
    let box_ = box_
        .with_morph_targets(
            vec![sphere, tall],
            Some(vec![sphere_normals, normals]),
            false,
        )
        .unwrap();
    let g = c.assets.geometries.add(box_);
    let m = c
        .assets
        .materials
        .add(Material::standard(hex(0x4fa3e0), 0.45, 0.0));
    c.scene.add(
        Object::mesh(g, m)
            .with_morph_influences(vec![0.6, 0.3])
            .at(Vec3::new(-0.75, 0.0, 0.0))
            .rotated(0.3, 0.6, 0.0),
    );
    let ball = SphereGeometry::new(0.45, 24, 12).build();
    let bulge = ball
        .positions()
        .iter()
        .map(|p| {
            let x = p.x as f64;
            Vec3::new(0.0, f32_of(0.25 * x * x / 0.2025), 0.0)
        })
        .collect();
    let ball = ball.with_morph_targets(vec![bulge], None, true).unwrap();
    let shear = position_node(&mut c, |g, p| {
        let x = g.swizzle(p, "x");
        g.join(&[g.float(0.0), g.mul(x, g.float(0.3)), g.float(0.0)])
    });
    let g = c.assets.geometries.add(ball);
    let m = c
        .assets
        .materials
        .add(Material::standard(hex(0xe0904f), 0.6, 0.0).with_nodes(shear));
    c.scene.add(
        Object::mesh(g, m)
            .with_morph_influences(vec![0.8])
            .at(Vec3::new(0.8, -0.1, 0.0)),
    );
    c
}

/// tools/three_cases/skinning.mjs: a skinned cylinder at `x` whose bones (children of the mesh)
/// turn by `turns` (bone 1's x and z, bone 2's x and z).
fn skinned(c: &mut Case, material: Material, x: f32, turns: [f32; 4]) {
    let cylinder = CylinderGeometry {
        radius_top: 0.22,
        radius_bottom: 0.22,
        height: 2.0,
        radial_segments: 16,
        height_segments: 12,
        ..CylinderGeometry::default()
    }
    .build();
    let (mut joints, mut weights) = (Vec::new(), Vec::new());
    for p in cylinder.positions() {
        let y = p.y as f64 + 1.0;
        let index = y.floor().min(2.0);
        let weight = y - index;
        let i = index as u16;
        joints.push([i, (i + 1).min(2), 0, 0]);
        weights.push(Vec4::new(f32_of(1.0 - weight), f32_of(weight), 0.0, 0.0));
    }
    let geometry = c
        .assets
        .geometries
        .add(cylinder.with_skin_weights(joints, weights).unwrap());
    let material = c.assets.materials.add(material);
    let mesh = c
        .scene
        .add(Object::mesh(geometry, material).at(Vec3::new(x, 0.0, 0.0)));
    let root = c
        .scene
        .add(Object::group().at(Vec3::new(0.0, -1.0, 0.0)).child_of(mesh));
    let middle = c.scene.add(
        Object::group()
            .at(Vec3::Y)
            .rotated(turns[0], 0.0, turns[1])
            .child_of(root),
    );
    let top = c.scene.add(
        Object::group()
            .at(Vec3::Y)
            .rotated(turns[2], 0.0, turns[3])
            .child_of(middle),
    );
    // three's `bind`: the bind matrix the mesh's world matrix, each bone's inverse its rest
    // world matrix (x, −1, 0), (x, 0, 0), (x, 1, 0) inverted.
    let rest = |y: f32| Mat4::from_translation(Vec3::new(x, y, 0.0)).inverse();
    let skin = Skin {
        bind_matrix: Mat4::from_translation(Vec3::new(x, 0.0, 0.0)),
        ..Skin::new(
            vec![root, middle, top],
            vec![rest(-1.0), rest(0.0), rest(1.0)],
        )
    };
    let object = c.scene.object_mut(mesh).unwrap();
    *object = object.clone().with_skin(skin);
}

/// tools/three_cases/skinning.mjs.
pub fn skinning() -> Case {
    let mut c = Case::new(camera(Vec3::new(0.0, 0.4, 5.0), Vec3::new(0.0, 0.3, 0.0)));
    lights(&mut c);
    skinned(
        &mut c,
        Material::standard(hex(0x6fc36f), 0.5, 0.0),
        -0.8,
        [0.0, 0.5, 0.0, 0.6],
    );
    let widen = position_node(&mut c, |g, p| {
        let x = g.swizzle(p, "x");
        g.join(&[g.mul(x, g.float(0.15)), g.float(0.0), g.float(0.0)])
    });
    skinned(
        &mut c,
        Material::standard(hex(0xd07fd0), 0.5, 0.0).with_nodes(widen),
        0.7,
        [0.4, -0.5, 0.3, -0.4],
    );
    c
}

/// The 16×16 bump of tools/three_cases/displacement_map.mjs: red = max(0, 255 − (2x − 15)² −
/// (2y − 15)²), linear, filtered linearly without mipmaps.
fn bump() -> Texture {
    let mut bytes = Vec::new();
    for y in 0..16i32 {
        for x in 0..16i32 {
            let h = (255 - (2 * x - 15).pow(2) - (2 * y - 15).pow(2)).max(0) as u8;
            bytes.extend([h, h, h, 255]);
        }
    }
    let mut t = Texture::new(
        Image::from_rgba8(16, 16, bytes).unwrap(),
        ColorSpace::Linear,
    );
    t.flip_y = false;
    t.min_filter = Filter::Linear;
    t
}

/// tools/three_cases/displacement_map.mjs.
pub fn displacement_map() -> Case {
    let mut c = Case::new(camera(Vec3::new(0.0, 2.2, 3.2), Vec3::new(0.0, 0.1, 0.0)));
    lights(&mut c);
    let map = c.assets.textures.add(bump());
    let ground = PlaneGeometry {
        width: 2.4,
        height: 2.4,
        width_segments: 40,
        height_segments: 40,
    }
    .build();
    let g = c.assets.geometries.add(ground);
    let m = c.assets.materials.add(Material {
        displacement_map: Some(map),
        displacement_scale: 0.7,
        displacement_bias: -0.1,
        ..Material::standard(hex(0x8fb0d0), 0.7, 0.0)
    });
    c.scene.add(
        Object::mesh(g, m)
            .rotated(-std::f32::consts::FRAC_PI_2, 0.0, 0.0)
            .at(Vec3::new(-0.3, 0.0, 0.0)),
    );
    let lift = position_node(&mut c, |g, _| g.vec3(0.0, 0.2, 0.0));
    let g = c
        .assets
        .geometries
        .add(SphereGeometry::new(0.35, 32, 16).build());
    let m = c.assets.materials.add(Material {
        displacement_map: Some(map),
        displacement_scale: 0.25,
        ..Material::standard(hex(0xe0a050), 0.4, 0.0).with_nodes(lift)
    });
    c.scene.add(Object::mesh(g, m).at(Vec3::new(0.9, 0.3, 0.6)));
    c
}
