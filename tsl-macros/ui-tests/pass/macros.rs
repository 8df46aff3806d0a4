// Every construct tsl! rewrites compiles.
use tsl::prelude::*;

/// A TSL Fn with a Var parameter, an early return and a select.
#[tsl_fn]
pub fn shade(mut p: Vec3, t: Float) -> Vec3 {
    let k = if t > 0.5 { 1.0 } else { 0.0 };
    for i in (0..8).step_by(2) {
        if i > t * 8.0 {
            return p * k;
        } else if i == 2 {
            continue;
        }
        p += vec3(0.1, 0.0, 0.0);
    }
    p
}

/// A Fn taking every node type.
#[tsl_fn]
fn every(a: Float, b: Vec2, c: Vec3, d: Vec4, m: Mat3, n: Mat4, map: Texture) -> Vec4 {
    texture(map, b) * a + n * d + (m * c).extend(0.0)
}

/// A Fn whose signature names the prelude's aliases.
#[tsl_fn]
fn height(p: Vec3Node) -> FloatNode {
    p.y
}

fn main() {
    let scope = Scope::new();
    let _height: FloatNode = height(position_world());
    let color = tsl! {
        let p = position_world();
        let mut c = normal_world();
        if p.x < 0.0 && !(p.y > 1.0) || p.z != 0.0 {
            c = p.zyx;
        } else if p.y >= 2 {
            c *= 0.5;
            discard();
        } else {
            c -= vec3(0.1, 0.1, 0.1);
        }
        for i in (0..=3).rev() {
            if i <= 1 {
                break;
            }
            c.x; // a swizzle read, as a statement
            c /= 2.0;
            c %= 4.0;
        }
        shade(c, time()) + every(1.0, uv(), c, vec4(1, 2, 3, 4), Mat3::IDENTITY, camera_view_matrix(), texture_uniform("map", TextureId(2))).rgb
    };
    scope.color_node(color).unwrap();
    let _ = scope.compile();
}
