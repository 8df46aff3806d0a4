// A #[tsl_fn] takes nodes. A refused #[tsl_fn] still stands for its callers: the user reads its
// errors once, and no "cannot find function" at each call.
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

fn main() {
    let _scope = Scope::new();
    let p = scale(position_world(), 2.0);
    let _q = p.zyx() + scale(p, 0.5) * settle(p);
}
