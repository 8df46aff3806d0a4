// A condition is a float: a comparison of vectors gives a vector.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _c = tsl! {
        let mut c = vec3(0.0, 0.0, 0.0);
        if position_world() > vec3(0.0, 0.0, 0.0) {
            c = vec3(1.0, 1.0, 1.0);
        }
        c
    };
}
