//! `texture_3d` and `volume_uniform` (R-VAL-22, docs/requirements.md): the node's type rules,
//! the `texture_3d` opcode through the compiler, the reference interpreter (which hands the
//! coordinate and the volume's id to the sampler), the validator, the disassembler and native
//! emission. The volume's filter is the renderer's (tsl-raster's tests/volumes.rs).

use tsl_core::*;
use tsl_core::{Lane, Register};

/// A sampler whose 3D read returns the coordinate and the volume's id, and whose 2D read
/// returns something else, so a test sees which read ran with what.
struct Echo;

impl TextureSampler for Echo {
    fn sample(&self, _: TextureId, _: &Lane, _: &Lane, out: &mut Register) {
        for lane in out.iter_mut() {
            lane.fill(-1.0);
        }
    }

    fn sample_3d(&self, texture: TextureId, uvw: [&Lane; 3], out: &mut Register) {
        for k in 0..3 {
            out[k] = *uvw[k];
        }
        out[3].fill(texture.0 as f32);
    }
}

fn at_world(p: glam::Vec3) -> Fragment {
    Fragment {
        position_world: p,
        ..Fragment::default()
    }
}

#[test]
fn the_sampler_reads_the_volume_at_the_node_coordinate() {
    let g = NodeGraph::new();
    let noise = g.volume_uniform("noise", TextureId(7));
    let at = g.fract(g.mul(g.position_world(), g.float(0.5)));
    g.set_output(OUTPUT_NODE, g.texture_3d(noise, at)).unwrap();
    let program = g.compile().unwrap();
    // fract((3, -1, 0.5) * 0.5) = (0.5, 0.5, 0.25), by hand.
    let got = program
        .evaluate_with(
            OUTPUT_NODE,
            &at_world(glam::Vec3::new(3.0, -1.0, 0.5)),
            &Echo,
        )
        .unwrap();
    assert_eq!(got, vec![0.5, 0.5, 0.25, 7.0]);
}

#[test]
fn set_texture_changes_the_volume_a_uniform_names() {
    let g = NodeGraph::new();
    let noise = g.volume_uniform("noise", TextureId(2));
    g.set_output(OUTPUT_NODE, g.texture_3d(noise, g.vec3(0.1, 0.2, 0.3)))
        .unwrap();
    let mut program = g.compile().unwrap();
    assert_eq!(program.textures(), vec![TextureId(2)]);
    program.set_texture("noise", TextureId(9)).unwrap();
    let got = program
        .evaluate_with(OUTPUT_NODE, &Fragment::default(), &Echo)
        .unwrap();
    assert_eq!(got[3], 9.0);
}

#[test]
fn a_volume_read_by_id_is_a_texture_slot() {
    let g = NodeGraph::new();
    g.set_output(OUTPUT_NODE, g.texture_3d(TextureId(4), g.position_local()))
        .unwrap();
    let program = g.compile().unwrap();
    assert_eq!(program.textures(), vec![TextureId(4)]);
}

#[test]
fn the_coordinate_must_be_a_vec3() {
    let g = NodeGraph::new();
    let map = g.volume_uniform("noise", TextureId(0));
    let node = g.texture_3d(map, g.uv());
    assert!(node.is_refused());
    let message = g.error().unwrap().to_string();
    assert!(message.contains("not a vec3"), "{message}");

    // And a 2D read keeps refusing a vec3.
    let g = NodeGraph::new();
    let node = g.texture(TextureId(0), g.position_local());
    assert!(node.is_refused());
    assert!(g.error().unwrap().to_string().contains("not a vec2"));
}

#[test]
fn the_map_must_be_a_texture_and_not_no_texture() {
    let g = NodeGraph::new();
    assert!(g
        .texture_3d(g.float(1.0), g.vec3(0.0, 0.0, 0.0))
        .is_refused());
    let g = NodeGraph::new();
    assert!(g.texture_3d(NO_TEXTURE, g.vec3(0.0, 0.0, 0.0)).is_refused());
}

#[test]
fn the_typed_front_builds_the_same_node() {
    use tsl_core::typed::*;
    let scope = Scope::new();
    let noise = volume_uniform("noise", TextureId(3));
    let read = texture_3d(noise, position_world());
    scope.output_node(read).unwrap();
    let program = scope.compile().unwrap();
    let got = program
        .evaluate_with(
            OUTPUT_NODE,
            &at_world(glam::Vec3::new(0.25, 0.5, 0.75)),
            &Echo,
        )
        .unwrap();
    assert_eq!(got, vec![0.25, 0.5, 0.75, 3.0]);
}

#[test]
fn the_disassembler_names_the_read() {
    let g = NodeGraph::new();
    let noise = g.volume_uniform("noise", TextureId(5));
    g.set_output(OUTPUT_NODE, g.texture_3d(noise, g.position_world()))
        .unwrap();
    let text = g.compile().unwrap().to_string();
    assert!(text.contains("= texture_3d(noise (#5), r"), "{text}");
}

#[test]
fn the_validator_refuses_a_volume_read_of_another_width() {
    let g = NodeGraph::new();
    g.set_output(OUTPUT_NODE, g.texture_3d(TextureId(1), g.position_world()))
        .unwrap();
    let program = g.compile().unwrap();
    let mut words = program.words().to_vec();
    let (start, count) = program.output_range(OUTPUT_NODE);
    let at = (start..start + count)
        .map(|i| format::HEADER_WORDS + format::INSTRUCTION_WORDS * i)
        .find(|&at| words[at] & 0xff == Opcode::Tex3 as u32)
        .expect("a texture_3d instruction");
    // The width is bits 16..23 of the first word (docs/bytecode.md): 3 instead of 4.
    words[at] = (words[at] & !(0x7f << 16)) | (3 << 16);
    let refused = NodeProgram::from_words(words, program.uniforms().to_vec(), Vec::new());
    assert!(refused.is_err());
}

#[cfg(feature = "naga")]
#[test]
fn native_emission_calls_the_volume_hook() {
    use tsl_core::native::*;
    let g = NodeGraph::new();
    g.set_output(OUTPUT_NODE, g.texture_3d(TextureId(1), g.position_world()))
        .unwrap();
    let program = g.compile().unwrap();
    let mut module = parse_wgsl(&test_host_wgsl()).unwrap();
    let outputs = emit_into(&program, &mut module).unwrap();
    let stub = function_by_name(&module, "run_code").unwrap();
    fill_dispatch(&mut module, stub, &program, &outputs).unwrap();
    validate(&module).unwrap();
    let wgsl = module_to_wgsl(&module).unwrap();
    assert!(wgsl.contains("tsl_texture_3d("), "{wgsl}");

    // A host without the hook refuses the program, not the module.
    let source = test_host_wgsl().replace("fn tsl_texture_3d(", "fn not_tsl_texture_3d(");
    let mut module = parse_wgsl(&source).unwrap();
    assert!(emit_into(&program, &mut module).is_err());
}

#[cfg(feature = "naga")]
#[test]
fn a_standalone_module_binds_a_volume_as_a_texture_3d() {
    // R-VOL-6: a volume slot is a `texture_3d<f32>` at binding 1 + 2k and its sampler at
    // 2 + 2k, read at level 0 (a volume has no mips); a 2D slot beside it stays a texture_2d.
    use tsl_core::native::TextureDimension;
    let g = NodeGraph::new();
    let picture = g.texture_uniform("picture", TextureId(4));
    let noise = g.volume_uniform("noise", TextureId(1));
    let grain = g.texture_3d(noise, g.position_world());
    let texel = g.texture(picture, g.uv());
    g.set_output(OUTPUT_NODE, g.mul(grain, texel)).unwrap();
    let program = g.compile().unwrap();
    let interface = program.native_interface();
    let dims: Vec<(Option<String>, u32, u32, TextureDimension)> = interface
        .textures
        .iter()
        .map(|t| (t.uniform.clone(), t.texture, t.sampler, t.dimension))
        .collect();
    assert_eq!(
        dims,
        vec![
            (Some("picture".into()), 1, 2, TextureDimension::D2),
            (Some("noise".into()), 3, 4, TextureDimension::D3),
        ]
    );
    // naga validates the module (to_module does); its text binds and reads the volume so.
    let wgsl = program.to_wgsl().unwrap();
    // (naga's writer adds an underscore to a name that ends in a digit.)
    assert!(
        wgsl.contains("@group(0) @binding(3) \nvar tsl_volume_1_: texture_3d<f32>;"),
        "{wgsl}"
    );
    assert!(
        wgsl.contains("textureSampleLevel(tsl_volume_1_, tsl_sampler_1_, uvw, 0f)"),
        "{wgsl}"
    );
    assert!(
        wgsl.contains("@group(0) @binding(1) \nvar tsl_texture_0_: texture_2d<f32>;"),
        "{wgsl}"
    );
    // The other back ends take it too.
    let glsl = program
        .to_glsl(tsl_core::native::GlslVersion::Es300)
        .unwrap();
    assert!(glsl.fragment.contains("sampler3D"), "{}", glsl.fragment);
    assert!(!program.to_spirv().unwrap().is_empty());
}

#[cfg(feature = "naga")]
#[test]
fn a_standalone_module_reads_a_volume_given_by_id() {
    // A volume named by a constant id, not a uniform, is a slot as well.
    let g = NodeGraph::new();
    g.set_output(OUTPUT_NODE, g.texture_3d(TextureId(1), g.position_world()))
        .unwrap();
    let wgsl = g.compile().unwrap().to_wgsl().unwrap();
    assert!(wgsl.contains("texture_3d<f32>"), "{wgsl}");
}

#[cfg(feature = "naga")]
#[test]
fn a_standalone_module_refuses_a_map_read_as_both_a_texture_and_a_volume() {
    let g = NodeGraph::new();
    let map = g.texture_uniform("map", TextureId(1));
    let flat = g.texture(map, g.uv());
    let deep = g.texture_3d(map, g.position_world());
    g.set_output(OUTPUT_NODE, g.add(flat, deep)).unwrap();
    let e = g.compile().unwrap().to_wgsl().unwrap_err();
    assert!(
        matches!(
            e,
            tsl_core::native::EmitError::NotStandalone {
                node: "texture_3d(...)",
                ..
            }
        ),
        "{e}"
    );
}
