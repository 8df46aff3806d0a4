// vec3(x, y, z) takes floats; `uv().extend(z)` widens a vec2.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _v = vec3(uv(), 1.0, 0.0);
}
