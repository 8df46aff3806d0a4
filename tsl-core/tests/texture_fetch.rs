//! `texture_fetch` (GLSL's `texelFetch`; docs/requirements.md, R-GLSL-25): the node's type rules,
//! the `texture_fetch` opcode through the compiler and the reference interpreter (which hands the
//! texel and the level to the sampler), the disassembler, and its native emission through the
//! `tsl_texture_fetch` hook and in a standalone module. Which texel a fetch reads is the
//! renderer's (tsl-raster's `Texture::fetch`), and GLSL's fetches are held to Mesa
//! (`glsl_oracle.rs`'s `texfetch/` cases).

use tsl_core::*;
use tsl_core::{Lane, Register};

/// A sampler whose fetch returns (x, y, level, id), and whose other reads return -1, so that a
/// test sees which read ran with what.
struct Echo;

impl TextureSampler for Echo {
    fn sample(&self, _: TextureId, _: &Lane, _: &Lane, out: &mut Register) {
        for lane in out.iter_mut() {
            lane.fill(-1.0);
        }
    }

    fn sample_fetch(
        &self,
        texture: TextureId,
        x: &Lane,
        y: &Lane,
        level: &Lane,
        out: &mut Register,
    ) {
        out[0] = *x;
        out[1] = *y;
        out[2] = *level;
        out[3].fill(texture.0 as f32);
    }
}

/// A program whose output node fetches texel floor(uv × 8) of level 2 of the texture uniform
/// `map` (texture 5).
fn fetching() -> NodeProgram {
    let g = NodeGraph::new();
    let map = g.texture_uniform("map", TextureId(5));
    let texel = g.floor(g.mul(g.uv(), g.float(8.0)));
    g.set_output(OUTPUT_NODE, g.texture_fetch(map, texel, g.float(2.0)))
        .unwrap();
    g.compile().unwrap()
}

#[test]
fn the_sampler_fetches_the_node_texel_and_level() {
    let program = fetching();
    let f = Fragment {
        uv: glam::Vec2::new(0.625, 0.25),
        ..Fragment::default()
    };
    // floor((0.625, 0.25) * 8) = (5, 2), by hand.
    assert_eq!(
        program.evaluate_with(OUTPUT_NODE, &f, &Echo).unwrap(),
        vec![5.0, 2.0, 2.0, 5.0]
    );
    assert!(
        program.to_string().contains("= texture_fetch(map (#5), r"),
        "{program}"
    );
}

#[test]
fn a_sampler_without_a_texel_grid_reads_white() {
    // The trait's default, as `WhiteSampler` reads every texture.
    let f = Fragment::default();
    assert_eq!(
        fetching()
            .evaluate_with(OUTPUT_NODE, &f, &WhiteSampler)
            .unwrap(),
        vec![1.0; 4]
    );
}

#[test]
fn the_type_rules() {
    let g = NodeGraph::new();
    let map = g.texture_uniform("map", TextureId(0));
    assert!(g.texture_fetch(map, g.uv(), g.vec2(1.0, 1.0)).is_refused());
    assert!(g
        .error()
        .unwrap()
        .to_string()
        .contains("mip level is a vec2, not a float"));
    let g = NodeGraph::new();
    let map = g.texture_uniform("map", TextureId(0));
    assert!(g
        .texture_fetch(map, g.vec3(0.0, 0.0, 0.0), g.float(0.0))
        .is_refused());
    let g = NodeGraph::new();
    assert!(g
        .texture_fetch(NO_TEXTURE, g.uv(), g.float(0.0))
        .is_refused());
}

#[cfg(feature = "naga")]
mod native {
    use super::fetching;
    use tsl_core::native::*;

    #[test]
    fn a_fetch_calls_the_hook_and_a_host_without_it_is_told_so() {
        let program = fetching();
        let mut module = parse_wgsl(&test_host_wgsl()).unwrap();
        let outputs = emit_into(&program, &mut module).unwrap();
        let stub = function_by_name(&module, "run_code").unwrap();
        fill_dispatch(&mut module, stub, &program, &outputs).unwrap();
        validate(&module).unwrap();
        let text = module_to_wgsl(&module).unwrap();
        assert!(text.contains("tsl_texture_fetch("), "{text}");
        let without = test_host_wgsl().replace("fn tsl_texture_fetch", "fn other_fetch");
        let mut module = parse_wgsl(&without).unwrap();
        let e = emit_into(&program, &mut module).unwrap_err().to_string();
        assert!(
            e.contains("fn tsl_texture_fetch(id: u32, texel: vec2<f32>, level: f32)"),
            "{e}"
        );
    }

    #[test]
    fn a_standalone_module_loads_the_texel() {
        let program = fetching();
        let module = program.to_module().unwrap();
        validate(&module).unwrap();
        let wgsl = program.to_wgsl().unwrap();
        assert!(wgsl.contains("textureLoad("), "{wgsl}");
        validate(&parse_wgsl(&wgsl).unwrap()).unwrap();
    }
}
