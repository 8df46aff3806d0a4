// A #[tsl_fn] takes its layout's types.
use tsl::prelude::*;

#[tsl_fn]
fn tint(c: Vec3, amount: Float) -> Vec3 {
    c * amount
}

fn main() {
    let _scope = Scope::new();
    let _t = tint(uv(), 0.5);
}
