// A node is Copy; references have no meaning.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _v = tsl! {
        let p = position_world();
        let q = &p;
        length(*q)
    };
}
