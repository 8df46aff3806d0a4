// A chain takes what its free function takes: `cross` two vec3, `select` a float condition;
// rustc's message says so. A chain spelt as GLSL (`faceforward`) gets rustc's pointer to the
// one that exists (`face_forward`, TSL's `faceForward`).
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _c = uv().cross(normal_world());
    let _s = position_world().select(1.0, 0.0);
    let _f = normal_world().faceforward(position_world(), normal_world());
}
