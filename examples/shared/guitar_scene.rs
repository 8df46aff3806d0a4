//! R-EX-7's guitar lesson (the guitar of lesson 6), shared by `examples/guitar.rs` and
//! `tests/raster_guitar.rs`: a rosewood neck whose colour node is `mx_noise_float` grain on a
//! STANDARD material (roughness 0.75), and a string whose position node is a standing wave with
//! amplitude, phase and harmonic uniforms.

use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::*;

/// The string's length along x, from −1.6 to 1.6 (`LENGTH` in the lesson).
pub const LENGTH: f32 = 3.2;
/// How far in front of the neck the string runs.
pub const STRING_Z: f32 = 0.05;

/// The neck's grain (main.ts, lines 26-37): dark and light bands along the neck, bent by noise.
pub fn grain_program() -> Result<NodeProgram, GraphError> {
    let g = NodeGraph::new();
    let p = g.position_world();
    let (px, py) = (g.swizzle(p, "x"), g.swizzle(p, "y"));
    let bend_at = g.join(&[
        g.mul(px, g.float(0.8)),
        g.mul(py, g.float(6.0)),
        g.float(0.0),
    ]);
    let bend = g.mul(
        g.mx_noise_float(bend_at, g.float(1.0), g.float(0.0)),
        g.float(0.6),
    );
    let bands = g.add(
        g.mul(
            g.sin(g.add(g.mul(py, g.float(90.0)), g.mul(bend, g.float(12.0)))),
            g.float(0.5),
        ),
        g.float(0.5),
    );
    let wood = g.mix(
        g.color(Color::from_hex(0x2a160d)),
        g.color(Color::from_hex(0x5a3422)),
        g.smoothstep(g.float(0.2), g.float(0.9), bands),
    );
    g.set_output(COLOR_NODE, wood)?;
    g.compile()
}

/// The string (main.ts, lines 39-57): cream, moved by `amplitude · sin(u·π·harmonic) ·
/// sin(phase)` along y, u running from 0 to 1 along the string.
pub fn string_program(harmonic: f32) -> Result<NodeProgram, GraphError> {
    let g = NodeGraph::new();
    let amplitude = g.named_uniform("amplitude", 0.2f32);
    let phase = g.named_uniform("phase", 0.0f32);
    let harmonic = g.named_uniform("harmonic", harmonic);
    let x = g.swizzle(g.position_local(), "x");
    let u = g.add(g.div(x, g.float(LENGTH)), g.float(0.5));
    let shape = g.sin(g.mul(g.mul(u, g.float(PI)), harmonic));
    let offset = g.mul(g.mul(amplitude, shape), g.sin(phase));
    g.set_output(POSITION_NODE, g.join(&[g.float(0.0), offset, g.float(0.0)]))?;
    g.set_output(COLOR_NODE, g.color(Color::from_hex(0xf2efe6)))?;
    g.compile()
}

/// The string's lift at its middle (position_local x = 0) as the program computes it.
pub fn offset_at_middle(program: &NodeProgram) -> f32 {
    program
        .evaluate(POSITION_NODE, &Fragment::default())
        .map_or(f32::NAN, |v| v[1])
}

/// The scene: the neck (3.6 × 0.9) facing the camera and the string (a box 3.2 long, 64
/// segments) in front of it, `phase` set to a quarter period (sin(phase) = 1).
pub fn guitar_scene(harmonic: f32) -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    scene_with(grain_program()?, string_program(harmonic)?)
}

/// The lesson's scene around a neck program and a string program (however they were written),
/// the string at a quarter period.
pub fn scene_with(
    grain: NodeProgram,
    mut string: NodeProgram,
) -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let grain = assets.programs.add(grain);
    string.set_uniform("phase", PI / 2.0)?;
    let string = assets.programs.add(string);
    let neck_material = assets.materials.add(Material {
        roughness: 0.75,
        ..Material::new(MaterialKind::Standard, Color::WHITE).with_nodes(grain)
    });
    let string_material = assets.materials.add(shader_material(string));
    let neck = assets.geometries.add(PlaneGeometry::new(3.6, 0.9).build());
    let wire = assets.geometries.add(
        BoxGeometry {
            width: LENGTH as f64,
            height: 0.02,
            depth: 0.02,
            width_segments: 64,
            ..BoxGeometry::default()
        }
        .build(),
    );
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x15171c));
    scene.add(Object::mesh(neck, neck_material));
    scene.add(Object::mesh(wire, string_material).at(Vec3::new(0.0, 0.0, STRING_Z)));
    scene.add_light(Light::ambient(Color::WHITE, 0.8));
    scene.add_light(Light::directional(
        Color::WHITE,
        2.0,
        Vec3::new(1.0, 2.0, 3.0),
    ));
    let camera = Camera::perspective(30.0, 0.1, 20.0).at(Vec3::new(0.0, 0.0, 2.4));
    Ok((scene, camera, assets))
}

/// The pixel (column, row from the top) where a world point lands on a `width × height` image.
pub fn pixel_of(camera: &Camera, width: u32, height: u32, point: Vec3) -> (u32, u32) {
    let clip = camera.projection_matrix(width as f32 / height as f32)
        * camera.view_matrix()
        * point.extend(1.0);
    let ndc = clip.truncate() / clip.w;
    let x = (ndc.x + 1.0) * 0.5 * width as f32;
    let y = (1.0 - ndc.y) * 0.5 * height as f32;
    (x as u32, y as u32)
}
