// A gradient noise takes a vec2 or a vec3 point.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _n = perlin_noise(vec4(1.0, 2.0, 3.0, 4.0));
}
