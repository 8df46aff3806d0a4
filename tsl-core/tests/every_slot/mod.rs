//! A colour that reads a uniform of every type (float, vec2, vec3, vec4, a colour named `tint`,
//! mat3, mat4), a texture uniform `map` (texture 3) and a constant texture (7): every kind of
//! slot a program's words hold, for the suites that check how slots are laid out or read.

use tsl_core::*;

/// The sum, built in `g`; the colour uniform is named `tint`.
pub fn every_slot_sum(g: &NodeGraph, tint: &str) -> NodeRef {
    let f = g.named_uniform("f", 1.5f32);
    let v2 = g.named_uniform("v2", glam::Vec2::new(1.0, 2.0));
    let v3 = g.named_uniform("v3", glam::Vec3::new(1.0, 2.0, 3.0));
    let v4 = g.named_uniform("v4", glam::Vec4::new(1.0, 2.0, 3.0, 4.0));
    let c = g.named_uniform(
        tint,
        Color {
            r: 0.5,
            g: 0.25,
            b: 1.0,
        },
    );
    let m3 = g.named_uniform("m3", glam::Mat3::IDENTITY);
    let m4 = g.named_uniform("m4", glam::Mat4::IDENTITY);
    let t = g.texture_uniform("map", TextureId(3));
    let sum = g.add(g.mul(m3, v3), c);
    let sum = g.add(sum, g.swizzle(g.mul(m4, v4), "xyz"));
    let sum = g.add(sum, g.join(&[v2, f]));
    let sum = g.add(sum, g.swizzle(g.texture(t, g.uv()), "xyz"));
    g.add(sum, g.swizzle(g.texture(TextureId(7), v2), "xyz"))
}
