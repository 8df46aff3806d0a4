// `p.z` in tsl! is the swizzle method, which a Vec2 lacks.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _z = tsl! {
        let p = uv();
        p.z * 2.0
    };
}
