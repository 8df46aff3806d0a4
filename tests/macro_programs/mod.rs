//! The programs of `macros.rs` written with `tsl!{}` and `#[tsl_fn]`, one builder each, shared
//! with `native_validate.rs` (which emits each natively and validates it).

#![allow(dead_code)] // each binary uses part of it

use tsl::prelude::*;

/// R-EX-1's first graph: a colour and an output node.
pub fn first_graph() -> NodeProgram {
    let scope = Scope::new();
    let (color, output) = tsl! {
        let tint = uniform(Color::from_srgb8(255, 120, 40)).set_name("tint");
        let wave = sin(time() * 2);
        (mix(vertex_color().rgb, tint, wave * 0.5), lit().rgb * vec3(1, 0.9, 0.8))
    };
    scope.color_node(color).unwrap();
    scope.output_node(output).unwrap();
    scope.compile().unwrap()
}

/// R-EX-3's loop with a discard: opacity 2 + 3, and the mask.
pub fn control_flow() -> NodeProgram {
    let scope = Scope::new();
    let sum = tsl! {
        let mut sum = 0.0;
        for index in 0..4 {
            if index > 1 {
                sum += index;
            } else {
                discard();
            }
        }
        sum
    };
    scope.opacity_node(sum).unwrap();
    scope.compile().unwrap()
}

/// R-EX-4's stripes, inline.
pub fn stripes_inline() -> NodeProgram {
    let scope = Scope::new();
    scope
        .color_node(tsl! {
            let stripes = step(0.5, fract(uv() * 8));
            stripes.xyx
        })
        .unwrap();
    scope.compile().unwrap()
}

/// `first_square_over` (R-EX-5): the first index of 0..8 whose square is over `x`, or -1.
#[tsl_fn]
pub fn first_square_over(x: Float) -> Float {
    for i in 0..8 {
        if i * i > x {
            return i;
        }
    }
    -1.0
}

/// `first_square_over` of a uniform `x` as the opacity.
pub fn first_square_over_program() -> NodeProgram {
    let scope = Scope::new();
    let x = uniform(0.0).set_name("x");
    scope.opacity_node(first_square_over(x)).unwrap();
    scope.compile().unwrap()
}

/// `if` statements, `else if` chains and an `if` value.
pub fn if_statements() -> NodeProgram {
    let scope = Scope::new();
    let color = tsl! {
        let p = position_world();
        let mut c = vec3(0.0, 0.0, 0.0);
        if p.x < 0.0 {
            c = vec3(1.0, 0.0, 0.0);
        } else if p.x < 1.0 && p.y >= 0.0 {
            c = p.zyx;
            c *= 2.0;
        } else if !(p.z > 0.5) || p.y == 0.2 {
            c += 0.25;
        } else {
            c -= 0.5;
        }
        let shade = if p.y > 0.0 { 1.0 } else { 0.5 };
        c * shade
    };
    scope.color_node(color).unwrap();
    scope.compile().unwrap()
}

/// Loops over constant ranges of every form: inclusive, stepped, reversed, negative.
pub fn loops() -> NodeProgram {
    let scope = Scope::new();
    let (a, b, c, d) = tsl! {
        let mut a = 0.0;
        for i in 0..=4 {
            a += i;
        }
        let mut b = 0.0;
        for i in (0..10).step_by(3) {
            b = b * 10.0 + i;
        }
        let mut c = 0.0;
        for i in (1..4).rev() {
            c = c * 10.0 + i;
        }
        let mut d = 0.0;
        for _ in -2..1 {
            d += 1;
        }
        (a, b, c, d)
    };
    scope.color_node(vec3(a, b, c)).unwrap();
    scope.opacity_node(d).unwrap();
    scope.compile().unwrap()
}

/// `break` and `continue` in nested loops, against a uniform `limit`.
pub fn break_continue() -> NodeProgram {
    let scope = Scope::new();
    let limit = uniform(0.0).set_name("limit");
    let (sum, count) = tsl! {
        let mut sum = 0.0;
        let mut count = 0.0;
        for i in 0..7 {
            if i % 2 == 1 {
                continue;
            }
            if i > limit {
                break;
            }
            sum += i;
            for j in 0..3 {
                if j >= i {
                    break;
                }
                count += 1;
            }
        }
        (sum, count)
    };
    scope.color_node(vec3(sum, count, 0)).unwrap();
    scope.compile().unwrap()
}

/// Plain Rust values inside `tsl!`: opacity 4.
pub fn plain_rust() -> NodeProgram {
    let scope = Scope::new();
    let octaves = 3;
    let value = tsl! {
        // A bool condition picks in Rust; a comparison of numbers is a bool.
        let scale = if octaves > 2 { 4.0 } else { 1.0 };
        let offsets = [0.5, 0.25];
        let rust_sum: f32 = offsets.iter().sum();
        let mut v = float(rust_sum) * scale;
        if octaves == 3 && true {
            v += 1;
        }
        v
    };
    scope.opacity_node(value).unwrap();
    scope.compile().unwrap()
}

/// A vec3 `Fn` with a `mut` parameter (a Var), an early return and a call of another `Fn`.
#[tsl_fn]
pub fn fold(mut p: Vec3, limit: Float) -> Vec3 {
    for _ in 0..3 {
        if length(p) > limit {
            return normalize(p) * limit;
        }
        p = p * 2.0 + offset(p.x);
    }
    p
}

/// Another `Fn`, called from `fold`.
#[tsl_fn]
pub fn offset(x: Float) -> Vec3 {
    let s = if x > 0.0 { 0.5 } else { -0.5 };
    vec3(s, 0.0, 0.25)
}

/// `fold` of a uniform `p` with limit 3 as the colour.
pub fn fold_program() -> NodeProgram {
    let scope = Scope::new();
    let p = uniform(glam::Vec3::ZERO).set_name("p");
    scope.color_node(fold(p, 3)).unwrap();
    scope.compile().unwrap()
}

/// Swizzle fields of every naming and literals, over a texture read.
pub fn swizzles() -> NodeProgram {
    let scope = Scope::new();
    let c = tsl! {
        let t = texture(TextureId(1), uv());
        let q = vec4(1, 2, 3, 4);
        t.rgb * q.w + q.stp - q.zyx.bgr + vec2(0.5, 0.25).xxy
    };
    scope.color_node(c).unwrap();
    scope.compile().unwrap()
}

/// Vars declared in a loop body, shadowing, and an `if` chain on a uniform `x`.
pub fn loop_vars() -> NodeProgram {
    let scope = Scope::new();
    let (acc, kept, chain) = tsl! {
        let mut acc = 0.0;
        for i in 0..3 {
            let mut t = i;
            t += 1;
            acc += t;
        }
        let mut kept = 1.0;
        {
            // A plain binding of the same name, inside a block, reads as Rust.
            let kept = 5.0;
            let _ = kept;
        }
        kept *= 3.0;
        let x = uniform(0.0).set_name("x");
        let chain = if x < 0.0 { -1.0 } else if x < 1.0 { 0.5 } else { 2.0 };
        (acc, kept, chain)
    };
    scope.color_node(vec3(acc, kept, chain)).unwrap();
    scope.compile().unwrap()
}

/// The README's example, as written there.
#[tsl_fn]
pub fn stripes(uv: Vec2, count: Float) -> Vec3 {
    let s = step(0.5, fract(uv * count));
    vec3(s.x, s.y, s.x)
}

/// `stripes(uv(), 1.0)` as the colour.
pub fn readme_stripes() -> NodeProgram {
    let scope = Scope::new();
    scope.color_node(stripes(uv(), 1.0)).unwrap();
    scope.compile().unwrap()
}

/// Every program above, by name.
pub fn programs() -> Vec<(&'static str, NodeProgram)> {
    vec![
        ("first graph", first_graph()),
        ("control flow", control_flow()),
        ("stripes inline", stripes_inline()),
        ("first_square_over", first_square_over_program()),
        ("if statements", if_statements()),
        ("loops", loops()),
        ("break and continue", break_continue()),
        ("plain rust", plain_rust()),
        ("fold", fold_program()),
        ("swizzles", swizzles()),
        ("loop vars", loop_vars()),
        ("readme stripes", readme_stripes()),
    ]
}
