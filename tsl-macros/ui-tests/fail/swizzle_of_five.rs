// A swizzle has one to four components.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _v = tsl! {
        let p = vec4(1.0, 2.0, 3.0, 4.0);
        p.xyzwx
    };
}
