// A #[tsl_fn] takes nodes.
use tsl::prelude::*;

#[tsl_fn]
fn scale(p: Vec3, factor: f32) -> Vec3 {
    p * factor
}

fn main() {}
