//! `texture_level`, `texture_grad` and `texture_bias` (TSL's `.level()`, `.grad()` and
//! `.bias()`; docs/requirements.md, R-VAL-16): the node's type rules, the `texture_level`
//! opcode through the compiler and the reference interpreter (which hands the coordinate and the
//! level to the sampler), the level a gradient and a bias compute (OpenGL ES 3.0 §3.8.10's
//! λ = log2 ρ, worked by hand below), the disassembler and the typed API. How a texture reads at
//! a level is the renderer's (tsl-raster's `Texture::sample_lod`), and GLSL's reads are held to
//! Mesa (`glsl_oracle.rs`'s `mip_*` cases).

use tsl_core::typed::prelude as t;
use tsl_core::*;
use tsl_core::{Lane, Register};

/// A sampler whose level read returns (u, v, level, id), and whose implicit read returns -1,
/// so that a test sees which read ran with what.
struct Echo;

impl TextureSampler for Echo {
    fn sample(&self, _: TextureId, _: &Lane, _: &Lane, out: &mut Register) {
        for lane in out.iter_mut() {
            lane.fill(-1.0);
        }
    }

    fn sample_level(
        &self,
        texture: TextureId,
        u: &Lane,
        v: &Lane,
        level: &Lane,
        out: &mut Register,
    ) {
        out[0] = *u;
        out[1] = *v;
        out[2] = *level;
        out[3].fill(texture.0 as f32);
    }
}

/// The fragment at uv, and its neighbours one pixel right and up at uv + `step` along each axis:
/// what a rasterizer hands a program with derivatives.
fn views_at(uv: glam::Vec2, step: glam::Vec2) -> [Fragment; VIEW_COUNT] {
    let at = |uv| Fragment {
        uv,
        ..Fragment::default()
    };
    let here = at(uv);
    let mut views = [here; VIEW_COUNT];
    views[View::Right as usize] = at(uv + glam::Vec2::new(step.x, 0.0));
    views[View::Up as usize] = at(uv + glam::Vec2::new(0.0, step.y));
    views
}

#[test]
fn the_sampler_reads_at_the_node_level() {
    let g = NodeGraph::new();
    let map = g.texture_uniform("map", TextureId(5));
    let level = g.mul(g.swizzle(g.uv(), "x"), g.float(4.0));
    g.set_output(OUTPUT_NODE, g.texture_level(map, g.uv(), level))
        .unwrap();
    let program = g.compile().unwrap();
    let f = Fragment {
        uv: glam::Vec2::new(0.625, 0.25),
        ..Fragment::default()
    };
    // Level 0.625 * 4 = 2.5, by hand.
    assert_eq!(
        program.evaluate_with(OUTPUT_NODE, &f, &Echo).unwrap(),
        vec![0.625, 0.25, 2.5, 5.0]
    );
    assert!(
        program.to_string().contains("= texture_level(map (#5), r"),
        "{program}"
    );
}

#[test]
fn a_gradient_chooses_log2_of_the_longer_footprint() {
    let g = NodeGraph::new();
    let map = g.texture_uniform("map", TextureId(1));
    // A 16×8 texture: ddx covers (0.25 * 16, 0) = 4 texels, ddy (0, 0.25 * 8) = 2 texels, so
    // ρ = 4 and λ = 2.
    let read = g.texture_grad(map, g.uv(), g.vec2(0.25, 0.0), g.vec2(0.0, 0.25));
    g.set_output(OUTPUT_NODE, read).unwrap();
    let mut program = g.compile().unwrap();
    program
        .set_uniform(
            texture_size_uniform_name("map", 0),
            glam::Vec2::new(16.0, 8.0),
        )
        .unwrap();
    let f = Fragment::default();
    let got = program.evaluate_with(OUTPUT_NODE, &f, &Echo).unwrap();
    assert_eq!(got[2], 2.0);
    // A slanted gradient's footprint is its length: ddx = (3/16, 1/2) on 16×8 is (3, 4)
    // texels, ρ = 5.
    let g = NodeGraph::new();
    let map = g.texture_uniform("map", TextureId(1));
    g.set_output(
        OUTPUT_NODE,
        g.texture_grad(map, g.uv(), g.vec2(0.1875, 0.5), g.vec2(0.0, 0.0)),
    )
    .unwrap();
    let mut program = g.compile().unwrap();
    program
        .set_uniform(
            texture_size_uniform_name("map", 0),
            glam::Vec2::new(16.0, 8.0),
        )
        .unwrap();
    let got = program.evaluate_with(OUTPUT_NODE, &f, &Echo).unwrap();
    assert!((got[2] - 5f32.log2()).abs() < 1e-6, "{got:?}");
}

#[test]
fn a_zero_gradient_magnifies() {
    let g = NodeGraph::new();
    let zero = g.vec2(0.0, 0.0);
    g.set_output(
        OUTPUT_NODE,
        g.texture_grad(TextureId(0), g.uv(), zero, zero),
    )
    .unwrap();
    let mut program = g.compile().unwrap();
    program
        .set_uniform(
            texture_size_uniform_name("#0", 0),
            glam::Vec2::new(8.0, 8.0),
        )
        .unwrap();
    let got = program
        .evaluate_with(OUTPUT_NODE, &Fragment::default(), &Echo)
        .unwrap();
    // log2 of the smallest footprint: far below 0, finite.
    assert!(got[2].is_finite() && got[2] < -60.0, "{got:?}");
}

#[test]
fn a_bias_adds_to_the_surface_level() {
    let g = NodeGraph::new();
    let map = g.texture_uniform("map", TextureId(3));
    g.set_output(OUTPUT_NODE, g.texture_bias(map, g.uv(), g.float(1.5)))
        .unwrap();
    let mut program = g.compile().unwrap();
    program
        .set_uniform(
            texture_size_uniform_name("map", 0),
            glam::Vec2::new(64.0, 64.0),
        )
        .unwrap();
    // One pixel steps uv by 1/16: 4 texels of 64, λ = 2; plus the bias, 3.5.
    let views = views_at(glam::Vec2::new(0.5, 0.5), glam::Vec2::splat(1.0 / 16.0));
    let got = program.evaluate_views(OUTPUT_NODE, &views, &Echo).unwrap();
    assert_eq!(got, vec![0.5, 0.5, 3.5, 3.0]);
}

#[test]
fn the_type_rules() {
    let g = NodeGraph::new();
    let map = g.texture_uniform("map", TextureId(0));
    assert!(g.texture_level(map, g.uv(), g.vec2(1.0, 1.0)).is_refused());
    assert!(g
        .error()
        .unwrap()
        .to_string()
        .contains("mip level is a vec2, not a float"));
    let g = NodeGraph::new();
    let map = g.texture_uniform("map", TextureId(0));
    assert!(g
        .texture_level(map, g.vec3(0.0, 0.0, 0.0), g.float(1.0))
        .is_refused());
    let g = NodeGraph::new();
    assert!(g
        .texture_level(NO_TEXTURE, g.uv(), g.float(1.0))
        .is_refused());
}

#[test]
fn the_typed_reads_are_the_graph_reads() {
    let scope = t::Scope::new();
    let map = t::texture_uniform("map", TextureId(2));
    let level = t::texture_level(map, t::uv(), 1.25);
    let grad = t::texture_grad(map, t::uv(), t::vec2(0.5, 0.0), t::vec2(0.0, 0.5));
    let bias = t::texture_bias(map, t::uv(), -1.0);
    scope.output_node(level + grad + bias).unwrap();
    let program = scope.compile().unwrap();
    let text = program.to_string();
    assert_eq!(text.matches("texture_level(map (#2)").count(), 3, "{text}");
}
