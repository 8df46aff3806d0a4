// Only `*` takes a matrix.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _sum = camera_view_matrix() + vec4(1.0, 0.0, 0.0, 1.0);
}
