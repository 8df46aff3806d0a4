// A #[tsl_fn] takes and answers nodes. A refused #[tsl_fn] still stands for its callers: the user
// reads its errors once, and none at each call.
use tsl::prelude::*;

#[tsl_fn]
fn scale(p: Vec3, factor: f32) -> Vec3 {
    p * factor
}

#[tsl_fn]
fn settle(p: Vec3Node) -> FloatNode {
    while p.y > 0.0 {}
    p.x
}

#[tsl_fn]
fn brightness(c: Vec3) -> f32 {
    c.x
}

fn main() {
    let scope = Scope::new();
    let p = scale(position_world(), 2.0);
    let q = p.zyx() + scale(p, time()) * settle(p);
    scope.color_node(q * brightness(q).x()).unwrap();
}
