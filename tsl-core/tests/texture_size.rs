//! `texture_size` (R-VAL-16): a vec2 uniform named after what it measures, which a renderer
//! fills (tests/screen_render.rs checks the filling).

use tsl_core::typed::{texture_size, texture_uniform, Scope, Swizzles};
use tsl_core::{
    parse_texture_size_uniform, texture_size_uniform_name, Fragment, NodeGraph, TextureId,
    TextureRef, COLOR_NODE,
};

#[test]
fn the_uniform_is_named_after_the_texture_and_level() {
    assert_eq!(texture_size_uniform_name("#7", 0), "texture_size(#7, 0)");
    assert_eq!(
        parse_texture_size_uniform("texture_size(#7, 0)"),
        Some((TextureRef::Id(TextureId(7)), 0))
    );
    assert_eq!(
        parse_texture_size_uniform("texture_size(map, 2)"),
        Some((TextureRef::Uniform("map"), 2))
    );
    for other in [
        "tint",
        "texture_size(#x, 0)",
        "texture_size(#7, -1)",
        "texture_size(#7)",
    ] {
        assert_eq!(parse_texture_size_uniform(other), None, "{other}");
    }
}

#[test]
fn asking_twice_reads_one_uniform_and_the_caller_can_set_it() {
    let scope = Scope::new();
    let map = texture_uniform("map", TextureId(3));
    let a = texture_size(TextureId(7), 0);
    let b = texture_size(TextureId(7), 0);
    let c = texture_size(map, 1);
    scope.color_node((a + b).extend(c.x())).unwrap();
    let mut program = scope.compile().unwrap();
    let names: Vec<&str> = program.uniforms().iter().map(|u| u.name.as_str()).collect();
    assert_eq!(
        names,
        ["map", "texture_size(#7, 0)", "texture_size(map, 1)"]
    );
    // Outside a renderer it reads (0, 0) until set.
    assert_eq!(
        program.evaluate(COLOR_NODE, &Fragment::default()),
        Some(vec![0.0, 0.0, 0.0])
    );
    program
        .set_uniform("texture_size(#7, 0)", glam::Vec2::new(16.0, 8.0))
        .unwrap();
    program
        .set_uniform("texture_size(map, 1)", glam::Vec2::new(2.0, 2.0))
        .unwrap();
    assert_eq!(
        program.evaluate(COLOR_NODE, &Fragment::default()),
        Some(vec![32.0, 16.0, 2.0])
    );
}

#[test]
fn a_map_that_is_not_a_texture_is_refused() {
    let g = NodeGraph::new();
    let v = g.vec2(1.0, 2.0);
    let size = g.texture_size(v, 0);
    assert!(size.is_refused());
    let err = g.error().unwrap().to_string();
    assert!(err.contains("texture_size"), "{err}");
}
