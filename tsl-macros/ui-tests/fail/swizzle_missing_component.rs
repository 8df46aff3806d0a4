// A Vec2 has no `z`: the method does not exist.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _z = uv().z();
}
