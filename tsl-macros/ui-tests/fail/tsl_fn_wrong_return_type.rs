// The body answers the layout's type.
use tsl::prelude::*;

#[tsl_fn]
fn brightness(c: Vec3) -> Float {
    c * 0.5
}

fn main() {}
