// A Var keeps its type.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _v = tsl! {
        let mut c = vec3(0.0, 0.0, 0.0);
        c = uv();
        c
    };
}
