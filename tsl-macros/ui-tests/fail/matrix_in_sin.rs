// The math functions take floats and vectors.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _wave = sin(camera_view_matrix());
}
