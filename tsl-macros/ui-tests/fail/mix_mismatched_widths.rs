// mix of a vec3 and a vec4.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _c = mix(normal_world(), vec4(1.0, 1.0, 1.0, 1.0), 0.5);
}
